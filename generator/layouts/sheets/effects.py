"""Effects regions: a table of pictogram cells under the ladders, one row per row head; a gated cell
has a padlock and a checkbox, and a chain of gates is joined by arrows.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.validator.components.sheets import PENCIL_BOX_MM, PENCIL_CELL_MM

from ...icons.pencil import arrow, padlock
from ...scene import Circle, Group, Item, Line, Rect, Style
from ...typeset.text import TextBox
from ..context import INK, MUTED, LayoutContext, set_height
from .base import (
    BOX,
    GATE_FILL,
    GRID,
    HEADING,
    HIGHLIGHT,
    NUMBER_GUTTER,
    SHADE,
    SHADE_INK,
    Area,
    ColumnHead,
    Pencil,
    checkbox,
    column_spans,
    title_bar,
)
from .glyphs import GLYPH_H, NOTE_LEADING, NOTE_PT, Glyph, glyph_line


@dataclass(frozen=True)
class LineSpec:
    glyphs: tuple[Glyph, ...]
    condition: str = ""  # a condition puts the line on a shaded band under this caption
    where: tuple = ()


@dataclass(frozen=True)
class CellSpec:
    lines: tuple[LineSpec, ...]
    gate: str = "none"  # none | box | chain (validator.components.sheets.Gate)
    where: tuple = ()


@dataclass(frozen=True)
class RowHead:
    label: str  # big, e.g. the phase number
    caption: str = ""  # small, above the label
    note: str = ""  # small, below the label


@dataclass(frozen=True)
class EffectsSpec:
    columns: tuple[ColumnHead, ...]
    rows: tuple[RowHead, ...]
    cells: tuple[tuple[CellSpec | None, ...], ...]  # [row][column]
    title: str = ""
    gutter: float = 8.0
    """The left gutter (mm) that holds the row heads: as wide as the ladders' above, so the columns line up."""


def draw_effects(ctx: LayoutContext, spec: EffectsSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    items, area = title_bar(ctx, area, spec.title, where)
    rows = len(spec.rows)
    if not rows or not spec.columns:
        return [Group(tuple(items), role="region", name="effects")]
    columns = column_spans(area, len(spec.columns), NUMBER_GUTTER, spec.gutter)
    row_h = area.h / rows
    pencil.need(where, "an effect cell", min(row_h, columns[0][1]), 2 * PENCIL_CELL_MM)
    for r, head in enumerate(spec.rows):
        y = area.y + r * row_h
        items += _row_head(ctx, head, Area(area.x, y, spec.gutter, row_h), where)
        for c, ((x, w), column) in enumerate(zip(columns, spec.columns)):
            cell = spec.cells[r][c]
            if cell is None:
                items.append(Rect(x, y, w, row_h, style=Style(fill="#f4f4f4", stroke=GRID, width=0.2)))
                continue
            items.append(_effect_cell(ctx, cell, Area(x, y, w, row_h), column.colour, f"{c + 1}/{r + 1}", pencil))
    # chain arrows: from a gate's box down to the gate box of the next row in the same column
    for c, (x, _w) in enumerate(columns):
        for r in range(1, rows):
            cell = spec.cells[r][c]
            above = spec.cells[r - 1][c]
            if cell is not None and cell.gate == "chain" and above is not None and above.gate != "none":
                cx = x + _GATE_STRIP / 2
                y0 = area.y + (r - 1) * row_h + _GATE_TOP + BOX + 0.4
                y1 = area.y + r * row_h + 0.5
                items += arrow(cx, y0, cx, y1, HIGHLIGHT, 0.45, 1.4)
    left, right = columns[0][0], columns[-1][0] + columns[-1][1]
    for x, _w in columns[1:]:
        items.append(Line(x, area.y, x, area.bottom, style=Style(stroke=INK, width=0.45)))
    items.append(Rect(left, area.y, right - left, area.h, style=Style(stroke=INK, width=0.5)))
    return [Group(tuple(items), role="region", name="effects")]


_GATE_STRIP = 5.6
_GATE_TOP = 4.2


def _row_head(ctx: LayoutContext, head: RowHead, area: Area, where: tuple) -> list[Item]:
    items: list[Item] = []
    cx, cy = area.x + area.w / 2 - 0.2, area.y + area.h / 2
    r = min(3.0, area.w / 2 - 0.6)
    if head.caption:
        items += ctx.fitted(
            head.caption,
            TextBox(area.x, cy - r - 4.2, area.w - 0.4, 3.6, align="middle", valign="bottom", colour=MUTED),
            6,
            6,
            where=where,
            label="row caption",
        )
    items.append(Circle(cx, cy, r, style=Style(fill=HEADING)))
    items += ctx.fitted(
        head.label,
        TextBox(cx - r, cy - r, 2 * r, 2 * r, align="middle", valign="middle", colour="#ffffff", bold=True),
        11,
        7,
        where=where,
        label="row label",
    )
    if head.note:
        items += ctx.fitted(
            head.note,
            TextBox(
                area.x,
                cy + r + 0.6,
                area.w - 0.4,
                area.bottom - cy - r - 0.8,
                align="middle",
                valign="top",
                colour=HIGHLIGHT,
                bold=True,
            ),
            6,
            6,
            where=where,
            label="row note",
            leading=1.1,
        )
    return items


def _effect_cell(ctx: LayoutContext, cell: CellSpec, area: Area, colour: str, name: str, pencil: Pencil) -> Group:
    items: list[Item] = [Rect(area.x, area.y, area.w, area.h, style=Style(fill="#ffffff", stroke=GRID, width=0.25))]
    content = Area(area.x + 0.6, area.y + 0.6, area.w - 1.2, area.h - 1.2)
    if cell.gate != "none":
        items.append(Rect(area.x, area.y, _GATE_STRIP, area.h, style=Style(fill=GATE_FILL)))
        items.append(padlock(area.x + _GATE_STRIP / 2, area.y + 2.2, 1.45, INK, False))
        pencil.need(cell.where, "a gate checkbox", BOX, PENCIL_BOX_MM)
        items.append(checkbox(area.x + (_GATE_STRIP - BOX) / 2, area.y + _GATE_TOP, BOX))
        content = Area(area.x + _GATE_STRIP + 0.4, area.y + 0.6, area.w - _GATE_STRIP - 1.0, area.h - 1.2)
    heights = [_line_height(line, content.w) for line in cell.lines]
    total = sum(heights)
    squeeze = min(1.0, content.h / total) if total else 1.0
    y = content.y + (content.h - total * squeeze) / 2
    for line, h in zip(cell.lines, heights):
        h *= squeeze
        band = Area(content.x, y, content.w, h)
        if line.condition:
            items.append(Rect(band.x, band.y + 0.2, band.w, band.h - 0.4, style=Style(fill=SHADE), radius=0.8))
            cap_h = _condition_height(line.condition, content.w) * squeeze
            items += ctx.fitted(
                line.condition,
                TextBox(
                    band.x + 0.5,
                    band.y + 0.4,
                    band.w - 1.0,
                    cap_h - 0.2,
                    align="middle",
                    valign="middle",
                    colour=SHADE_INK,
                    bold=True,
                    balance=True,
                ),
                CONDITION_PT,
                CONDITION_PT,
                where=line.where,
                label="condition",
                leading=CONDITION_LEADING,
            )
            band = Area(band.x, band.y + cap_h, band.w, h - cap_h)
        items += glyph_line(ctx, line.glyphs, Area(band.x, band.y + 0.3, band.w, band.h - 0.6), line.where, "effect")
        y += h
    return Group(tuple(items), role="effect-cell", name=name)


CONDITION_PT, CONDITION_LEADING = 6.0, 1.1
"""A condition over an effect line: the floor for Latin (Japanese sets at its own, 7 pt), on as many lines as it needs."""


def _condition_height(condition: str, width: float) -> float:
    """The shaded caption's height: one line, or as many as the condition needs at its size."""
    return max(3.4, set_height(condition, width - 1.0, CONDITION_PT, CONDITION_LEADING, bold=True) + 0.8)


def _line_height(line: LineSpec, width: float) -> float:
    """The height a cell's line asks for: its glyphs (two rows for a note, more if its words need them),
    and the condition's caption above them."""
    notes = [g.label for g in line.glyphs if g.kind == "note"]
    if notes:
        words = set_height(" ".join(notes), width - 1.6, NOTE_PT, NOTE_LEADING, bold=True) + 0.6
        glyphs = max(2.0 * GLYPH_H, words)
    else:
        glyphs = GLYPH_H
    return glyphs + 1.2 + (_condition_height(line.condition, width) if line.condition else 0.0)
