"""Track boards: spaces round a rectangle (or along a path), a field of card slots, and arrows.

The geometry comes from `validator.components.tracks.track_geometry`, the
same function the validator checks, so what is drawn is what was checked.
A board either fits one A4 sheet (scaled down if it must be) or prints at
real size across A4 sheets that overlap by 10 mm; the seams are put where no
text lies, and an overview sheet shows how the sheets go together.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnpkit.validator.components.tracks import SpaceBox, TrackGeometry

from ..geometry import ink_bounds
from ..i18n import tr
from ..scene import Group, Item, Line, Page, Polygon, Rect, Style, Text, walk
from ..typeset import fonts
from ..typeset.text import TextBox, text_bounds
from .collisions import MINIATURE
from .context import INK, MUTED, LayoutContext, legible_miniature, page_title, scale_bar
from .tiling import HEADER, OVERLAP, assembly_diagram, spans, tile_pages


@dataclass(frozen=True)
class SpaceLook:
    """What one space shows: a big value, a small label, its colours."""

    value: str = ""
    label: str = ""
    fill: str = "#fbf7ec"
    ink: str = INK
    stroke: str = "#6b5a3a"
    where: tuple = ()
    size: float = 20.0  # the value's preferred size in points


@dataclass(frozen=True)
class BoardLook:
    background: str = "#f3ecda"
    field_fill: str = "#e8dcbc"
    slot_fill: str = "#f7f1e2"
    slot_stroke: str = "#8a7a55"
    arrow: str = "#7a5c12"
    outline: str = "#5b4a2c"


def arrow(x1: float, y1: float, x2: float, y2: float, colour: str, width: float = 0.9, head: float = 3.2) -> list[Item]:
    """A shaft and a filled head pointing at (x2, y2)."""
    length = math.hypot(x2 - x1, y2 - y1)
    if length < 1e-6:
        return []
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    bx, by = x2 - ux * head, y2 - uy * head
    half = head * 0.55
    return [
        Line(x1, y1, bx, by, style=Style(stroke=colour, width=width), role="arrow"),
        Polygon(
            ((x2, y2), (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)),
            style=Style(fill=colour),
            role="arrow",
        ),
    ]


VALUE_ENDS = 1.8
"""Room at each end of a space's value, from the space's edge: a word that fills its space ("Yellow" in a corner)
keeps 1 mm of paper inside the box's stroke."""


def _local_size(box: SpaceBox) -> tuple[float, float]:
    """Width and height of the space in its own, text-upright frame."""
    if box.side in ("left", "right"):
        return box.h, box.w
    if box.side == "corner":
        return box.w * 0.9, box.h * 0.62
    return box.w, box.h


def _unbroken(text: str, size: float, width: float) -> float:
    """The size at most `size` at which the text's longest word fits the width, so no word is split."""
    words = text.split() or [text]
    widest = max(fonts.width_mm(word, size) for word in words)
    return size if widest <= width or widest == 0 else max(size * width / widest, 1.0)


def space_items(ctx: LayoutContext, box: SpaceBox, look: SpaceLook, value_size: float | None = None) -> list[Item]:
    """The space's rounded box, then its value and label turned to face the nearest board edge."""
    items: list[Item] = [
        Rect(
            box.x + 0.6,
            box.y + 0.6,
            box.w - 1.2,
            box.h - 1.2,
            style=Style(fill=look.fill, stroke=look.stroke, width=0.5),
            radius=2.0,
            role="space",
        )
    ]
    lw, lh = _local_size(box)
    value_size = _unbroken(look.value, min(value_size or look.size, look.size), lw - 2 * VALUE_ENDS)
    inner: list[Item] = []
    label_h = min(5.0, lh * 0.28) if look.label else 0.0
    if look.value:
        box_h = lh - 3.0 - label_h
        inner += ctx.fitted(
            look.value,
            TextBox(
                -lw / 2 + VALUE_ENDS,
                -lh / 2 + 1.5,
                lw - 2 * VALUE_ENDS,
                box_h,
                align="middle",
                valign="middle",
                colour=look.ink,
                bold=True,
                role="space-value",
            ),
            value_size,
            min(9.0, value_size),
            where=look.where,
            label="track space",
        )
    if look.label:
        top = -lh / 2 + 1.5 + (lh - 3.0 - label_h if look.value else (lh - 3.0 - label_h) / 2)
        inner += ctx.fitted(
            look.label,
            TextBox(
                -lw / 2 + 1.5,
                top,
                lw - 3.0,
                label_h,
                align="middle",
                valign="middle",
                colour=look.ink,
                role="space-label",
            ),
            7.5,
            5.5,
            where=look.where,
            label="track space label",
        )
    cx, cy = box.centre
    items.append(Group(tuple(inner), dx=cx, dy=cy, rotate=box.angle, role="space-text", name=str(box.index)))
    return items


def track_art(
    ctx: LayoutContext,
    geometry: TrackGeometry,
    looks: list[SpaceLook],
    look: BoardLook = BoardLook(),
    slot_art: list[Item] | None = None,
) -> list[Item]:
    """The whole board in board millimetres, origin at its top-left corner."""
    w, h = geometry.width, geometry.height
    items: list[Item] = [
        Rect(0, 0, w, h, style=Style(fill=look.background, stroke=look.outline, width=0.6), radius=3.0, role="board")
    ]
    if geometry.slots:
        x0 = min(s.x for s in geometry.slots)
        y0 = min(s.y for s in geometry.slots)
        x1 = max(s.x + s.w for s in geometry.slots)
        y1 = max(s.y + s.h for s in geometry.slots)
        items.append(
            Rect(
                x0 - 2.5,
                y0 - 2.5,
                x1 - x0 + 5,
                y1 - y0 + 5,
                style=Style(fill=look.field_fill),
                radius=3.0,
                role="field",
            )
        )
        for slot in geometry.slots:
            items.append(
                Rect(
                    slot.x,
                    slot.y,
                    slot.w,
                    slot.h,
                    style=Style(fill=look.slot_fill, stroke=look.slot_stroke, width=0.4, dash=(2.0, 1.2)),
                    radius=3.0,
                    role="slot",
                )
            )
            if slot_art:
                cx, cy = slot.centre
                items.append(Group(tuple(slot_art), dx=cx, dy=cy, role="slot-art"))
    for box, space_look in zip(geometry.spaces, looks):
        items += space_items(ctx, box, space_look)
        if box.arrow is not None:
            items += arrow(*box.arrow, look.arrow)
    return items


# ---------------------------------------------------------------- sheets


def text_free_seams(items: list[Item], start: float, stop: float, axis: int, clearance: float) -> list[float]:
    """Whole millimetres in [start, stop] along `axis` (0 = x, 1 = y) whose neighbourhood holds no text."""
    spans_of_text = []
    for item, matrix in walk(tuple(items)):
        box = ink_bounds(item, matrix) if isinstance(item, Text) else None
        if box is not None:
            spans_of_text.append((box[axis], box[axis + 2]))
    out = []
    s = math.ceil(start)
    while s <= stop:
        if all(hi < s - clearance or lo > s + clearance for lo, hi in spans_of_text):
            out.append(float(s))
        s += 1
    return out


def _rotated(items: list[Item], width: float, height: float) -> tuple[tuple[Item, ...], float, float]:
    """The board turned a quarter anticlockwise: its top edge runs down the left of the drawing."""
    return (Group(tuple(items), dx=0.0, dy=width, rotate=-90, role="board-turned"),), height, width


Legend = list[tuple["SpaceLook | None", str]]
"""Samples for the overview: a space drawn with its look, or None for a collecting arrow, and what it means."""


def track_pages(
    ctx: LayoutContext,
    title: str,
    subtitle: str,
    geometry: TrackGeometry,
    art: list[Item],
    sheet: str,
    legend: Legend | None = None,
    look: BoardLook = BoardLook(),
) -> list[Page]:
    """One A4 sheet (`a4`), or an overview and real-size tiles (`a3-tiled`)."""
    if sheet == "a3-tiled":
        return _tiled(ctx, title, subtitle, geometry, art, legend or [], look)
    return [_single(ctx, title, subtitle, geometry, art)]


def _single(ctx: LayoutContext, title: str, subtitle: str, geometry: TrackGeometry, art: list[Item]) -> Page:
    margin = ctx.margin
    top = margin + 12.0
    room_w = ctx.paper.width - 2 * margin
    room_h = ctx.paper.height - top - margin - 14.0
    content, w, h = tuple(art), geometry.width, geometry.height
    if (w > room_w or h > room_h) and h < w:
        content, w, h = _rotated(art, w, h)
    scale = min(1.0, room_w / w, room_h / h)
    left = (ctx.paper.width - w * scale) / 2
    items: list[Item] = page_title(ctx, title, subtitle)
    items.append(Group(content, dx=left, dy=top, scale=scale, role="track-board"))
    items += scale_bar(margin, ctx.paper.height - margin - 6.0, ctx.lang)
    note = f"{w:.0f} × {h:.0f} mm" + ("" if scale == 1.0 else f" ({scale * 100:.0f} %)")
    items.append(Text(ctx.paper.width - margin, ctx.paper.height - margin - 1.0, note, 7, colour=INK, anchor="end"))
    return Page(ctx.paper.width, ctx.paper.height, tuple(items), title)


def tile_layout(ctx: LayoutContext, geometry: TrackGeometry) -> tuple[bool, int, int]:
    """Whether to turn the board, and the sheet grid (cols, rows) the tiles need."""
    room_w = ctx.paper.width - 2 * ctx.margin
    room_h = ctx.paper.height - 2 * ctx.margin - HEADER

    def grid(width: float, height: float) -> tuple[int, int]:
        return len(spans(width, room_w, [])), len(spans(height, room_h, []))

    upright = grid(geometry.width, geometry.height)
    turned = grid(geometry.height, geometry.width)
    if turned[0] * turned[1] < upright[0] * upright[1]:
        return (True, *turned)
    return (False, *upright)


def _tiled(
    ctx: LayoutContext,
    title: str,
    subtitle: str,
    geometry: TrackGeometry,
    art: list[Item],
    legend: Legend,
    look: BoardLook,
) -> list[Page]:
    turn, cols, rows = tile_layout(ctx, geometry)
    content, width, height = (tuple(art), geometry.width, geometry.height)
    if turn:
        content, width, height = _rotated(art, geometry.width, geometry.height)
    clearance = OVERLAP / 2 + 1.0
    # Every text-free line is a candidate; the tiler takes the last that fits each sheet.
    seams_x = text_free_seams(list(content), 0.0, width, 0, clearance) if cols > 1 else []
    seams_y = text_free_seams(list(content), 0.0, height, 1, clearance) if rows > 1 else []
    tiles = tile_pages(ctx, title, content, width, height, seams_x, seams_y)
    # The overview shows the board the way it lies on the table (its card slots upright), however the sheets print it.
    upright = (tuple(art), geometry.width, geometry.height)
    overview = _overview(ctx, title, subtitle, upright, cols, rows, len(tiles), legend, look, turned=turn)
    return [overview] + tiles


ASSEMBLY_H = 26.0
"""The height the overview keeps for how to put the board together (its steps and sheet diagram)."""


def _overview(
    ctx: LayoutContext,
    title: str,
    subtitle: str,
    board: tuple[tuple[Item, ...], float, float],
    cols: int,
    rows: int,
    count: int,
    legend: Legend,
    look: BoardLook,
    turned: bool = False,
) -> Page:
    """The assembled board shrunk onto one sheet, upright, what its parts mean, and how to put it together.

    When the sheets print the board `turned` (fewer sheets that way), the sheet diagram is turned back with it, so
    A1, B1… show where each sheet goes on the upright board, and the steps say to turn it once joined."""
    content, width, height = board
    margin = ctx.margin
    top = margin + 14.0
    room_w = ctx.paper.width - 2 * margin
    below = 7.0 + (9.0 + 12.0 * len(legend) if legend else 0.0) + 6.0 + ASSEMBLY_H + margin + 8.0
    preview_h = max(ctx.paper.height - top - below, ctx.paper.height * 0.4)
    scale = min(room_w / width, preview_h / height)
    left = (ctx.paper.width - width * scale) / 2
    items: list[Item] = page_title(ctx, title, subtitle)
    items.append(Group(legible_miniature(content, scale), dx=left, dy=top, scale=scale, role="preview", name=MINIATURE))
    y = top + height * scale + 7.0
    if legend:
        items.append(Text(margin, y + 3.0, tr("legend", ctx.lang), 10, colour=INK, bold=True))
        y += 6.0
        for sample, meaning in legend:
            items += _legend_sample(ctx, sample, margin, y, look)
            block = ctx.fitted(
                meaning,
                TextBox(margin + 22.0, y, room_w - 22.0, 10.0, align="start", valign="middle", colour=INK),
                8.5,
                6.5,
                label="board legend",
            )
            items += block
            y += 12.0
        y += 3.0
    items.append(Text(margin, y + 3.0, tr("assembly", ctx.lang), 10, colour=INK, bold=True))
    y += 6.0
    if turned:  # the sheets' grid turned a quarter clockwise, like the board it prints
        grid = assembly_diagram(0.0, 0.0, 30.0, 20.0, cols, rows, None)
        items.append(Group(tuple(grid), dx=ctx.paper.width - margin, dy=y, rotate=90, role="assembly-turned"))
    else:
        items += assembly_diagram(ctx.paper.width - margin - 30.0, y, 30.0, 20.0, cols, rows, None)
    steps = tr(
        "assembly_steps_turned" if turned else "assembly_steps",
        ctx.lang,
        count=count,
        cols=cols,
        rows=rows,
        overlap=int(OVERLAP),
        width=round(width),
        height=round(height),
    )
    text_w = room_w - 36.0
    for paragraph in steps.split("\n"):
        block = ctx.fitted(
            paragraph,
            TextBox(margin, y, text_w, 12.0, align="start", valign="top", colour=INK),
            8.5,
            6.5,
            label="board overview",
        )
        items += block
        if block:
            y = max(text_bounds(item)[3] for item in block) + 2.2
    items += scale_bar(margin, ctx.paper.height - margin - 6.0, ctx.lang)
    items.append(
        Text(
            ctx.paper.width - margin,
            ctx.paper.height - margin - 1.0,
            f"{round(width)} × {round(height)} mm",
            7,
            colour=MUTED,
            anchor="end",
        )
    )
    return Page(ctx.paper.width, ctx.paper.height, tuple(items), title)


def _legend_sample(ctx: LayoutContext, sample: SpaceLook | None, x: float, y: float, look: BoardLook) -> list[Item]:
    """A small space (or an arrow) at real proportions, left of its meaning."""
    if sample is None:
        return [Rect(x, y, 18.0, 10.0, style=Style(fill=look.field_fill), radius=1.5)] + arrow(
            x + 2.0, y + 5.0, x + 16.0, y + 5.0, look.arrow
        )
    box = SpaceBox(-1, "bottom", x, y, 18.0, 10.0)
    return space_items(ctx, box, sample, value_size=14.0)


__all__ = [
    "BoardLook",
    "SpaceLook",
    "arrow",
    "space_items",
    "text_free_seams",
    "tile_layout",
    "track_art",
    "track_pages",
]
