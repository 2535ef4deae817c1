"""Pad regions: a score pad, a block of rows per game under the column heads."""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.validator.components.sheets import PENCIL_CELL_MM

from ...scene import Group, Item, Line, Rect, Style
from ...typeset import fonts
from ...typeset.text import TextBox
from ..context import INK, LayoutContext, readable
from .base import GRID, HEADING, Area, Pencil, title_bar


@dataclass(frozen=True)
class PadSpec:
    name_label: str
    columns: tuple[tuple[str, str], ...]  # (label, note under it)
    total: str
    rows: int
    games: int
    game_label: str = ""
    note: str = ""
    title: str = ""


PAD_NOTE_PT = 6.0
"""The note under a score column's label: the Latin floor (Japanese sets at 7 pt)."""
ROOM = 1.15
"""Room between a column head's words and its cell's edges (1 mm of clear paper inside the white rule)."""


def _pad_widths(spec: PadSpec, width: float) -> list[float]:
    """The name column, one per score column, the total: 3.2 : 1 : 1.4, but every score column at least as
    wide as its note needs, so a note never shrinks below the floor; the name and total columns give way."""
    weights = [3.2] + [1.0] * len(spec.columns) + [1.4]
    unit = width / sum(weights)
    needed = max(
        (fonts.width_mm(note, readable(note, PAD_NOTE_PT)) + 2 * ROOM + 0.1 for _label, note in spec.columns), default=0
    )
    column = max(unit, needed)
    rest = width - column * len(spec.columns)
    return [rest * 3.2 / 4.6] + [column] * len(spec.columns) + [rest * 1.4 / 4.6]


def draw_pad(ctx: LayoutContext, spec: PadSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    items, area = title_bar(ctx, area, spec.title, where)
    note_h = 8.0 if spec.note else 0.0
    gap = 4.0
    block_h = (area.h - note_h - gap * (spec.games - 1)) / spec.games
    label_h = 5.0 if spec.game_label else 0.0
    head_h = 9.0
    row_h = (block_h - label_h - head_h) / spec.rows
    pencil.need(where, "a score pad row", row_h, PENCIL_CELL_MM + 1.0)
    widths = _pad_widths(spec, area.w)
    for game in range(spec.games):
        y = area.y + game * (block_h + gap)
        if spec.game_label:
            items += ctx.fitted(
                f"{spec.game_label} {game + 1}",
                TextBox(area.x, y, 30.0, label_h - 0.8, align="start", valign="middle", colour=INK, bold=True),
                8,
                6,
                where=where,
                label="pad game label",
            )
            items.append(
                Line(
                    area.x + 30.0,
                    y + label_h - 1.2,
                    area.x + min(area.w, 90.0),
                    y + label_h - 1.2,
                    style=Style(stroke=GRID, width=0.25),
                )
            )
        y += label_h
        heads = [(spec.name_label, "")] + list(spec.columns) + [(spec.total, "")]
        x = area.x
        for i, ((label, note), w) in enumerate(zip(heads, widths)):
            items.append(
                Rect(
                    x,
                    y,
                    w,
                    head_h,
                    style=Style(fill=HEADING if i in (0, len(heads) - 1) else "#5a5e7a", stroke="#ffffff", width=0.3),
                )
            )
            if note:
                items += ctx.fitted(
                    label,
                    TextBox(
                        x + ROOM,
                        y + 0.4,
                        w - 2 * ROOM,
                        5.0,
                        align="middle",
                        valign="middle",
                        colour="#ffffff",
                        bold=True,
                    ),
                    11,
                    7,
                    where=where,
                    label="pad column",
                )
                items += ctx.fitted(
                    note,
                    TextBox(x + ROOM, y + 5.2, w - 2 * ROOM, 3.4, align="middle", valign="middle", colour="#ffffff"),
                    PAD_NOTE_PT,
                    PAD_NOTE_PT,
                    where=where,
                    label="pad column note",
                )
            else:
                items += ctx.fitted(
                    label,
                    TextBox(
                        x + ROOM, y, w - 2 * ROOM, head_h, align="middle", valign="middle", colour="#ffffff", bold=True
                    ),
                    9,
                    6,
                    where=where,
                    label="pad column",
                )
            x += w
        y += head_h
        for _r in range(spec.rows):
            x = area.x
            for i, w in enumerate(widths):
                fill = "#f6f4ef" if i == len(widths) - 1 else "#ffffff"
                items.append(Rect(x, y, w, row_h, style=Style(fill=fill, stroke=INK, width=0.3), role="cell"))
                x += w
            y += row_h
    if spec.note:
        items += ctx.fitted(
            spec.note,
            TextBox(area.x, area.bottom - note_h + 1.5, area.w, note_h - 1.5),
            8,
            6,
            where=where,
            label="pad note",
            leading=1.2,
        )
    return [Group(tuple(items), role="region", name="pad")]
