"""Grid regions: rows and columns of cells, optionally numbered, some with a printed mark."""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.validator.components.sheets import PENCIL_CELL_MM

from ...scene import Group, Item, Rect, Style
from ...typeset.text import TextBox
from ..context import INK, MUTED, LayoutContext
from .base import GRID, Area, Pencil, title_bar
from .glyphs import mark_icon


@dataclass(frozen=True)
class GridSpec:
    rows: int
    cols: int
    marks: tuple[tuple[int, int, str], ...] = ()  # (row, col, mark), from 1
    numbered: bool = False
    title: str = ""


def draw_grid(ctx: LayoutContext, spec: GridSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    items, area = title_bar(ctx, area, spec.title, where)
    pad = 5.0 if spec.numbered else 0.0
    cell = min((area.w - pad) / spec.cols, (area.h - pad) / spec.rows)
    pencil.need(where, "a grid cell", cell, PENCIL_CELL_MM)
    x0 = area.x + pad + (area.w - pad - cell * spec.cols) / 2
    y0 = area.y + pad
    marks = {(r, c): m for r, c, m in spec.marks}
    for r in range(1, spec.rows + 1):
        for c in range(1, spec.cols + 1):
            x, y = x0 + (c - 1) * cell, y0 + (r - 1) * cell
            parts: list[Item] = [
                Rect(x, y, cell, cell, style=Style(fill="#ffffff", stroke=GRID, width=0.25), role="cell")
            ]
            if (r, c) in marks:
                parts.append(mark_icon(marks[(r, c)], x + cell / 2, y + cell / 2, cell * 0.28))
            items.append(Group(tuple(parts), role="grid-cell", name=f"{r}/{c}"))
    items.append(Rect(x0, y0, cell * spec.cols, cell * spec.rows, style=Style(stroke=INK, width=0.45)))
    if spec.numbered:
        for c in range(1, spec.cols + 1):
            items += ctx.fitted(
                str(c),
                TextBox(x0 + (c - 1) * cell, area.y, cell, pad - 0.5, align="middle", valign="bottom", colour=MUTED),
                7,
                5,
                where=where,
                label="grid number",
            )
        for r in range(1, spec.rows + 1):
            items += ctx.fitted(
                str(r),
                TextBox(x0 - pad, y0 + (r - 1) * cell, pad - 0.5, cell, align="end", valign="middle", colour=MUTED),
                7,
                5,
                where=where,
                label="grid number",
            )
    return [Group(tuple(items), role="region", name="grid")]
