"""Ladders regions: one column of rungs per ladder (a tower, a track), numbered in the gutters."""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.validator.components.sheets import PENCIL_CELL_MM

from ...colour import tint
from ...scene import Group, Item, Line, Rect, Style
from ...typeset.text import TextBox
from ...units import PT_PER_MM
from ..context import INK, MUTED, LayoutContext
from .base import GRID, HIGHLIGHT, NUMBER_GUTTER, Area, ColumnHead, Pencil, column_spans, title_bar
from .glyphs import mark_icon


@dataclass(frozen=True)
class Ladder(ColumnHead):
    marks: tuple[tuple[int, str], ...] = ()  # (rung, mark icon)


@dataclass(frozen=True)
class LaddersSpec:
    ladders: tuple[Ladder, ...]
    rungs: int
    caption: str = ""  # beside the ladder labels, e.g. "Tower"
    numbers: str = "both"
    highlight_from: int | None = None  # rungs from here up are tinted; a line marks the threshold
    title: str = ""
    gutter: float = 8.0
    """The left number gutter (mm); an effect table under the ladders gives its row heads the same."""


LADDER_HEAD = 11.0


def draw_ladders(ctx: LayoutContext, spec: LaddersSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    items, area = title_bar(ctx, area, spec.title, where)
    columns = column_spans(area, len(spec.ladders), NUMBER_GUTTER, spec.gutter)
    rung_h = (area.h - LADDER_HEAD - 1.0) / spec.rungs
    ladder_w = columns[0][1]
    pencil.need(where, "a ladder cell", min(rung_h, ladder_w), PENCIL_CELL_MM)
    top = area.y + LADDER_HEAD
    bottom = top + rung_h * spec.rungs

    def rung_y(rung: int) -> float:
        return top + (spec.rungs - rung) * rung_h

    # the heads: a tile with the ladder's label, big enough to read at arm's length
    if spec.caption:
        items += ctx.fitted(
            spec.caption,
            TextBox(
                area.x,
                area.y,
                spec.gutter + 0.5,
                LADDER_HEAD - 1.5,
                align="start",
                valign="middle",
                colour=MUTED,
                bold=True,
            ),
            6.5,
            5,
            where=where,
            label="ladder caption",
        )
    for (x, w), ladder in zip(columns, spec.ladders):
        tile = Rect(x + 1.0, area.y + 0.5, w - 2.0, LADDER_HEAD - 2.0, style=Style(fill=ladder.colour), radius=1.5)
        items.append(tile)
        items += ctx.fitted(
            ladder.label,
            TextBox(
                x + 1.0,
                area.y + 0.5,
                w - 2.0,
                LADDER_HEAD - 2.0,
                align="middle",
                valign="middle",
                colour="#ffffff",
                bold=True,
            ),
            17,
            10,
            where=where,
            label="ladder label",
        )
    # the rungs, bottom up
    for index, ((x, w), ladder) in enumerate(zip(columns, spec.ladders), start=1):
        marks = dict(ladder.marks)
        low = tint(ladder.colour, 0.07)
        high = tint(ladder.colour, 0.16)
        for rung in range(1, spec.rungs + 1):
            y = rung_y(rung)
            fill = high if spec.highlight_from and rung >= spec.highlight_from else low
            cell: list[Item] = [Rect(x, y, w, rung_h, style=Style(fill=fill, stroke=GRID, width=0.2), role="cell")]
            if rung in marks:
                r = min(2.2, rung_h * 0.32)
                cell.append(mark_icon(marks[rung], x + w - r - 1.3, y + rung_h / 2, r))
            items.append(Group(tuple(cell), role="ladder-cell", name=f"{index}/{rung}"))
    # strong lines: ladder edges, every fifth rung, the highlight threshold
    for x, _w in columns:
        items.append(Line(x, top, x, bottom, style=Style(stroke=INK, width=0.45)))
    items.append(
        Line(columns[-1][0] + ladder_w, top, columns[-1][0] + ladder_w, bottom, style=Style(stroke=INK, width=0.45))
    )
    left, right = columns[0][0], columns[-1][0] + ladder_w
    for rung in range(5, spec.rungs, 5):
        y = rung_y(rung)
        items.append(Line(left, y, right, y, style=Style(stroke=INK, width=0.35)))
    items.append(Rect(left, top, right - left, bottom - top, style=Style(stroke=INK, width=0.5)))
    if spec.highlight_from and 1 < spec.highlight_from <= spec.rungs:
        y = rung_y(spec.highlight_from) + rung_h
        items.append(Line(left - 1.2, y, right + 1.2, y, style=Style(stroke=HIGHLIGHT, width=0.7)))
    # rung numbers in the gutters
    size = min(8.5, rung_h * PT_PER_MM * 0.62)
    sides = {"left": (area.x,), "right": (right,), "both": (area.x, right)}[spec.numbers]
    gutters = {area.x: spec.gutter, right: NUMBER_GUTTER}
    for rung in range(1, spec.rungs + 1):
        y = rung_y(rung)
        marked = bool(spec.highlight_from and rung >= spec.highlight_from)
        colour = HIGHLIGHT if marked else INK
        for gx in sides:
            box = TextBox(
                gx + 0.3,
                y,
                gutters[gx] - 0.6,
                rung_h,
                align="middle",
                valign="middle",
                colour=colour,
                bold=rung % 5 == 0 or marked,
            )
            items += ctx.fitted(str(rung), box, size, 5.0, where=where, label="rung number")
    return [Group(tuple(items), role="region", name="ladders")]
