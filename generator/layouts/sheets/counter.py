"""Counter regions: a run of circles to tick off, numbered every fifth."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnpkit.validator.components.sheets import PENCIL_CELL_MM

from ...colour import tint
from ...icons.pencil import GOLD, GOLD_DARK
from ...scene import Circle, Group, Item, Style
from ...typeset.text import TextBox
from ..context import INK, MUTED, LayoutContext
from .base import Area, Pencil, title_bar


@dataclass(frozen=True)
class CounterSpec:
    count: int
    per_row: int | None = None
    icon: str = "circle"
    note: str = ""
    title: str = ""


def draw_counter(ctx: LayoutContext, spec: CounterSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    items, area = title_bar(ctx, area, spec.title, where)
    note_h = 7.0 if spec.note else 0.0
    per_row = spec.per_row or max(1, int(area.w // 7.5))
    rows = math.ceil(spec.count / per_row)
    pitch = min(area.w / per_row, (area.h - note_h) / rows, 9.0)
    diameter = pitch * 0.8
    pencil.need(where, "a counter circle", diameter, PENCIL_CELL_MM)
    x0 = area.x + (area.w - pitch * per_row) / 2
    for i in range(spec.count):
        row, col = divmod(i, per_row)
        cx, cy = x0 + (col + 0.5) * pitch, area.y + (row + 0.5) * pitch
        if spec.icon == "coin":
            items.append(
                Circle(
                    cx,
                    cy,
                    diameter / 2,
                    style=Style(fill=tint(GOLD, 0.22), stroke=GOLD_DARK, width=0.3),
                    role="counter",
                )
            )
            if (i + 1) % 5:  # a numbered coin shows its number where the others show their inner ring
                items.append(Circle(cx, cy, diameter / 2 * 0.62, style=Style(stroke=tint(GOLD, 0.6), width=0.25)))
        else:
            items.append(
                Circle(cx, cy, diameter / 2, style=Style(fill="#ffffff", stroke=INK, width=0.3), role="counter")
            )
        if (i + 1) % 5 == 0:
            items += ctx.fitted(
                str(i + 1),
                TextBox(cx - pitch / 2, cy - 1.6, pitch, 3.2, align="middle", valign="middle", colour=MUTED),
                5.5,
                4.5,
                where=where,
                label="counter number",
            )
    if spec.note:
        y = area.y + rows * pitch + 0.8
        items += ctx.fitted(
            spec.note,
            TextBox(area.x, y, area.w, min(note_h, area.bottom - y), balance=True),
            6.5,
            5,
            where=where,
            label="counter note",
            leading=1.2,
        )
    return [Group(tuple(items), role="region", name="counter")]
