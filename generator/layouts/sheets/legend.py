"""Legend regions: the key to a sheet's symbols, a pictogram beside its words."""

from __future__ import annotations

from dataclasses import dataclass

from ...scene import Group, Item
from ...typeset.text import TextBox
from ..context import INK, LayoutContext
from .base import Area, Pencil, title_bar
from .glyphs import GLYPH_H, Glyph, glyph_line


@dataclass(frozen=True)
class LegendSpec:
    entries: tuple[tuple[tuple[Glyph, ...], str], ...]
    title: str = ""


def draw_legend(ctx: LayoutContext, spec: LegendSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    items, area = title_bar(ctx, area, spec.title, where)
    n = len(spec.entries)
    pitch = area.h / n
    glyph_w = 8.6
    for i, (glyphs, text) in enumerate(spec.entries):
        y = area.y + i * pitch
        items += glyph_line(
            ctx, glyphs, Area(area.x, y + 0.3, glyph_w, min(pitch - 0.6, GLYPH_H + 0.4)), where, "legend symbol"
        )
        items += ctx.fitted(
            text,
            TextBox(
                area.x + glyph_w + 1.0,
                y,
                area.w - glyph_w - 1.0,
                pitch - 0.1,
                align="start",
                valign="middle",
                colour=INK,
                balance=True,
            ),
            6.5,
            5,
            where=where,
            label="legend text",
            leading=1.12,
        )
    return [Group(tuple(items), role="region", name="legend")]
