"""Scoring regions: a letter, a name and a value per category, with its boxes to tick, and a total."""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.validator.components.sheets import PENCIL_BOX_MM

from ...colour import tint
from ...scene import Group, Item, Rect, Style
from ...typeset.text import TextBox
from ..context import INK, LayoutContext
from .base import BOX, HEADING, HIGHLIGHT, Area, ColumnHead, Pencil, checkbox, title_bar


@dataclass(frozen=True)
class ScoreRowSpec:
    letter: str
    name: str
    vp: str  # printed beside the boxes, e.g. "×2"
    boxes: int | None  # None: one box per column
    colour: str = HEADING


@dataclass(frozen=True)
class ScoringSpec:
    rows: tuple[ScoreRowSpec, ...]
    columns: tuple[ColumnHead, ...] = ()  # the heads over per-column boxes
    total: str = "Total"
    title: str = ""


def draw_scoring(ctx: LayoutContext, spec: ScoringSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    items, area = title_bar(ctx, area, spec.title, where)
    per_column = [row for row in spec.rows if row.boxes is None]
    label_w = 6.0
    n = max(1, len(spec.columns))
    pitch = (area.w - label_w) / n
    box = min(BOX + 0.6, pitch - 1.0)
    pencil.need(where, "a scoring box", box, PENCIL_BOX_MM)
    line_h = 4.2
    row_h = line_h + box + 1.6
    header_h = 4.8 if per_column else 0.0
    total_h = 9.0
    needed = row_h * len(spec.rows) + header_h + total_h
    pencil.room(where, "the scoring region", area.h, needed)
    gap = max(0.0, (area.h - needed) / (len(spec.rows) + (2 if per_column else 1)))
    y = area.y
    header_drawn = False
    for row in spec.rows:
        if row.boxes is None and not header_drawn:
            header_drawn = True
            y += gap  # the heads stand apart from the rows above, over the rows they head
            for i, head in enumerate(spec.columns):
                x = area.x + label_w + i * pitch
                items.append(Rect(x + (pitch - 4.4) / 2, y, 4.4, 4.2, style=Style(fill=head.colour), radius=0.7))
                items += ctx.fitted(
                    head.label,
                    TextBox(x, y, pitch, 4.2, align="middle", valign="middle", colour="#ffffff", bold=True),
                    8,
                    6,
                    where=where,
                    label="scoring column",
                )
            y += header_h
        items.append(Rect(area.x, y, 4.8, 4.8, style=Style(fill=row.colour), radius=0.8))
        items += ctx.fitted(
            row.letter,
            TextBox(area.x, y, 4.8, 4.8, align="middle", valign="middle", colour="#ffffff", bold=True),
            10,
            7,
            where=where,
            label="scoring letter",
        )
        items += ctx.fitted(
            row.name,
            TextBox(area.x + 6.0, y, area.w - 6.0 - 9.0, line_h, align="start", valign="middle", colour=INK, bold=True),
            7,
            5,
            where=where,
            label="scoring name",
        )
        items += ctx.fitted(
            row.vp,
            TextBox(area.right - 9.0, y, 9.0, line_h, align="end", valign="middle", colour=HIGHLIGHT, bold=True),
            7,
            5,
            where=where,
            label="scoring vp",
        )
        by = y + line_h + 0.6
        if row.boxes is None:
            for i in range(n):  # each box tinted with its column's head, so the heads read down to it
                x = area.x + label_w + i * pitch + (pitch - box) / 2
                fill = tint(spec.columns[i].colour, 0.22) if i < len(spec.columns) else "#ffffff"
                items.append(checkbox(x, by, box, fill))
        else:
            pencil.room(
                where, f"the {row.boxes} boxes of {row.letter}", area.w - label_w, row.boxes * (box + 1.6) - 1.6
            )
            for i in range(row.boxes):
                x = area.x + label_w + i * (box + 1.6)
                items.append(checkbox(x, by, box))
        y += row_h + gap
    # the total
    y = max(y, area.bottom - total_h + 1.0)
    items += ctx.fitted(
        spec.total,
        TextBox(area.x, y, area.w - 20.0, total_h - 1.0, align="start", valign="middle", colour=INK, bold=True),
        9,
        6,
        where=where,
        label="scoring total",
    )
    items.append(
        Rect(
            area.right - 18.0,
            y,
            18.0,
            total_h - 1.0,
            style=Style(fill="#ffffff", stroke=INK, width=0.5),
            radius=0.8,
            role="cell",
        )
    )
    return [Group(tuple(items), role="region", name="scoring")]
