"""Pictogram lines: the glyphs an effect or a legend entry is written in, drawn side by side as large as fits."""

from __future__ import annotations

from dataclasses import dataclass

from ...icons.pencil import OPEN_PADLOCK, arrow, bracket, coin, die, padlock, star_mark
from ...scene import Circle, Group, Item, Path, Rect, Style
from ...typeset import fonts
from ...typeset.text import TextBox
from ..context import INK, MUTED, LayoutContext, TextProblem
from .base import HIGHLIGHT, SHADE, SHADE_INK, Area

GLYPH_H = 4.6
GLYPH_PT = 9.0


@dataclass(frozen=True)
class Glyph:
    """One piece of a pictogram line.

    kinds: badge (a label on a coloured tile), text, note (a short sentence),
    die, coin, crossed-coin, open-padlock, padlock, arrow, tick (a ticked box
    with a letter), bracket (a square bracket opening downwards), shade (a
    sample of the conditional shading), chain (a box with an arrow down: gates
    that open from the top), star, dot.
    """

    kind: str
    label: str = ""
    colour: str = INK


_WIDTHS = {
    "badge": 4.6,
    "die": 4.2,
    "coin": 4.2,
    "crossed-coin": 4.2,
    "open-padlock": 4.0,
    "padlock": 4.0,
    "arrow": 3.6,
    "tick": 4.6,
    "bracket": 5.0,
    "shade": 6.0,
    "chain": 4.0,
    "star": 4.0,
    "dot": 3.0,
}


def glyph_width(glyph: Glyph, size: float = GLYPH_PT) -> float:
    if glyph.kind == "text":
        return fonts.width_mm(glyph.label, size) + 0.2
    if glyph.kind == "badge" and len(glyph.label) > 1:
        return max(_WIDTHS["badge"], fonts.width_mm(glyph.label, size * 0.85) + 1.6)
    return _WIDTHS[glyph.kind]


def mark_icon(name: str, cx: float, cy: float, r: float) -> Group:
    """A mark printed in a cell (open-padlock, coin, star, dot): light enough to write over."""
    if name == "open-padlock":
        return padlock(cx, cy, r, OPEN_PADLOCK, True, role="mark")
    if name == "coin":
        group = coin(cx, cy, r)
        return Group(group.items, dx=cx, dy=cy, scale=r, role="mark", name="coin")
    if name == "star":
        group = star_mark(cx, cy, r, "#7b5ea7")
        return Group(group.items, dx=cx, dy=cy, scale=r, role="mark", name="star")
    return Group((Circle(0, 0, 0.45, style=Style(fill=MUTED)),), dx=cx, dy=cy, scale=r, role="mark", name="dot")


def draw_glyph(
    ctx: LayoutContext, glyph: Glyph, x: float, cy: float, scale: float, where: tuple, label: str
) -> list[Item]:
    """The glyph with its left edge at x, centred on cy."""
    w = glyph_width(glyph) * scale
    r = GLYPH_H / 2 * scale
    cx = x + w / 2
    if glyph.kind == "text":
        box = TextBox(x, cy - r, w + 0.3, 2 * r, align="start", valign="middle", colour=glyph.colour, bold=True)
        return [*ctx.fitted(glyph.label, box, GLYPH_PT * scale, GLYPH_PT * scale * 0.8, where=where, label=label)]
    if glyph.kind == "badge":
        items: list[Item] = [
            Rect(x + 0.1 * scale, cy - r, w - 0.2 * scale, 2 * r, style=Style(fill=glyph.colour), radius=0.8 * scale)
        ]
        box = TextBox(x, cy - r, w, 2 * r, align="middle", valign="middle", colour="#ffffff", bold=True)
        items += ctx.fitted(glyph.label, box, GLYPH_PT * 0.85 * scale, 5.0, where=where, label=label)
        return items
    if glyph.kind == "die":
        return [die(cx, cy, r * 0.9)]
    if glyph.kind in ("coin", "crossed-coin"):
        return [coin(cx, cy, r * 0.92, glyph.kind == "crossed-coin")]
    if glyph.kind in ("open-padlock", "padlock"):
        opened = glyph.kind == "open-padlock"
        return [padlock(cx, cy + 0.1 * r, r * 0.85, OPEN_PADLOCK if opened else INK, opened)]
    if glyph.kind == "arrow":
        return arrow(x + 0.3 * scale, cy, x + w - 0.3 * scale, cy, INK, 0.35 * scale, 1.2 * scale)
    if glyph.kind == "tick":
        side = 2 * r * 0.9
        items = [
            Rect(
                cx - side / 2, cy - side / 2, side, side, style=Style(fill="#ffffff", stroke=INK, width=0.3), radius=0.4
            )
        ]
        items += ctx.fitted(
            glyph.label,
            TextBox(
                cx - side / 2, cy - side / 2, side * 0.62, side, align="middle", valign="middle", colour=INK, bold=True
            ),
            8 * scale,
            5,
            where=where,
            label=label,
        )
        tick = (
            ("M", cx + side * 0.02, cy + side * 0.12),
            ("L", cx + side * 0.2, cy + side * 0.36),
            ("L", cx + side * 0.62, cy - side * 0.5),
        )
        items.append(Path(tick, style=Style(stroke=HIGHLIGHT, width=0.5 * scale)))
        return items
    if glyph.kind == "bracket":
        return [bracket(cx, cy, r * 1.05, glyph.colour)]
    if glyph.kind == "shade":
        return [Rect(x, cy - r * 0.8, w, 1.6 * r, style=Style(fill=SHADE, stroke=SHADE_INK, width=0.2), radius=0.6)]
    if glyph.kind == "chain":
        side = 2.2 * scale
        items = [Rect(cx - side / 2, cy - r, side, side, style=Style(fill="#ffffff", stroke=INK, width=0.25))]
        items += arrow(cx, cy - r + side + 0.2, cx, cy + r, INK, 0.3 * scale, 1.0 * scale)
        return items
    if glyph.kind == "star":
        return [star_mark(cx, cy, r * 0.9, glyph.colour)]
    return [Circle(cx, cy, r * 0.4, style=Style(fill=glyph.colour))]


def glyph_line(
    ctx: LayoutContext, glyphs: tuple[Glyph, ...], area: Area, where: tuple, label: str, align: str = "middle"
) -> list[Item]:
    """Glyphs side by side, as large as fits (up to 1.0), centred vertically in the area."""
    notes = [g for g in glyphs if g.kind == "note"]
    if notes:
        text = " ".join(g.label for g in notes)
        box = TextBox(
            area.x + 0.4,
            area.y,
            area.w - 0.8,
            area.h,
            align=align,
            valign="middle",
            colour=INK,
            bold=True,
            balance=True,
        )
        return [*ctx.fitted(text, box, NOTE_PT, NOTE_PT, where=where, label=label, leading=NOTE_LEADING)]
    gap = 0.5
    natural = sum(glyph_width(g) for g in glyphs) + gap * (len(glyphs) - 1)
    scale = min(1.0, (area.w - 0.8) / natural, area.h / GLYPH_H)
    if scale < 0.6:
        ctx.problems.append(
            TextProblem(
                "PK309",
                where,
                f"{label}: the pictogram needs {natural * 0.6:.1f} mm but has {area.w:.1f} mm",
                "shorten the effect or widen the region",
            )
        )
    width = natural * scale
    x = {"start": area.x + 0.4, "middle": area.x + (area.w - width) / 2, "end": area.right - 0.4 - width}[align]
    cy = area.y + area.h / 2
    items: list[Item] = []
    for glyph in glyphs:
        items += draw_glyph(ctx, glyph, x, cy, scale, where, label)
        x += (glyph_width(glyph) + gap) * scale
    return items


NOTE_PT, NOTE_LEADING = 7.0, 1.15
"""An effect written out in words (a note glyph)."""
