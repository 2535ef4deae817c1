"""Flow regions: numbered steps joined by arrows, with a loop back to the first."""

from __future__ import annotations

from dataclasses import dataclass

from ...icons.pencil import arrow
from ...scene import Circle, Group, Item, Path, Style
from ...typeset.text import TextBox
from ..context import INK, MUTED, LayoutContext
from .base import HEADING, Area, Pencil, title_bar


@dataclass(frozen=True)
class FlowSpec:
    steps: tuple[tuple[str, str], ...]  # (label in the circle, text)
    loop: str = ""
    title: str = ""


def draw_flow(ctx: LayoutContext, spec: FlowSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    """Numbered steps top to bottom, joined by arrows, with a loop back to the first."""
    items, area = title_bar(ctx, area, spec.title, where)
    loop_h = 7.5 if spec.loop else 0.0
    n = len(spec.steps)
    pitch = (area.h - loop_h) / n
    r = min(2.6, pitch / 2 - 0.6)
    loop_x = area.x + 0.4
    right = area.right
    for i, (label, text) in enumerate(spec.steps):
        cy = area.y + (i + 0.5) * pitch
        cx = area.x + 3.0 + r
        items.append(Circle(cx, cy, r, style=Style(fill=HEADING)))
        items += ctx.fitted(
            label,
            TextBox(cx - r, cy - r, 2 * r, 2 * r, align="middle", valign="middle", colour="#ffffff", bold=True),
            9,
            6,
            where=where,
            label="flow step",
        )
        items += ctx.fitted(
            text,
            TextBox(
                cx + r + 1.5,
                cy - pitch / 2 + 0.3,
                right - cx - r - 1.5,
                pitch - 0.6,
                align="start",
                valign="middle",
                colour=INK,
            ),
            7.5,
            5,
            where=where,
            label="flow text",
            leading=1.15,
        )
        if i + 1 < n:
            items += arrow(cx, cy + r + 0.3, cx, cy + pitch - r - 0.3, MUTED, 0.3, 0.9)
    if spec.loop and n > 1:
        first = area.y + 0.5 * pitch
        last = area.y + (n - 0.5) * pitch
        bottom = last + pitch / 2 + 1.0
        left = area.x + 3.0
        ops = (("M", left - 0.3, last), ("L", loop_x, last), ("L", loop_x, first))
        items.append(Path(ops, style=Style(stroke=MUTED, width=0.3, dash=(0.8, 0.6))))
        items += arrow(loop_x, first, left - 0.2, first, MUTED, 0.3, 0.9)
        items += ctx.fitted(
            spec.loop,
            TextBox(area.x, bottom, area.w, area.bottom - bottom, balance=True),
            6.5,
            5,
            where=where,
            label="flow loop",
            leading=1.15,
        )
    return [Group(tuple(items), role="region", name="flow")]
