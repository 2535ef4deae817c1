"""Tiling: a drawing larger than the printable area, cut straight over sheets that overlap by 10 mm.

Each sheet shows its share of the drawing plus the overlap, registration marks
inside the overlap, a label such as "B2 of 3 × 2", a small assembly diagram,
and a scale bar. Seams are put on lines the caller prefers, so the join falls
where the art already has a boundary. Tracks and maps are cut so; boards made of
cells are split along the cells' edges instead (`celltiles`), and come here only
when one cell is larger than a sheet. Both kinds share the sheet's header.
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from ..i18n import tr
from ..scene import Circle, Group, Item, Line, Page, Polygon, Rect, Style, Text, corner_points, walk
from ..typeset import fonts
from .context import FLOOR_LATIN, INK, MUTED, LayoutContext, print_note, readable, scale_bar

OVERLAP = 10.0
HEADER = 22.0
MARK = Style(stroke="#000000", width=0.2)
OVERLAP_EDGE = Style(stroke="#666666", width=0.2, dash=(1.5, 1.0))


@dataclass(frozen=True)
class Tile:
    """The part of the drawing one sheet shows, in drawing coordinates."""

    col: int
    row: int
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0


def spans(length: float, room: float, preferred: list[float], overlap: float = OVERLAP) -> list[tuple[float, float]]:
    """Split 0..length into pieces no longer than `room` that overlap by `overlap`.

    The centre of each overlap is put on the last preferred seam that still
    fits, so seams follow the drawing's own boundaries where possible.
    """
    if length <= room:
        return [(0.0, length)]
    pieces = []
    start = 0.0
    while start + room < length:
        latest = start + room - overlap / 2
        choices = [s for s in preferred if start + overlap < s - overlap / 2 and s <= latest + 1e-9]
        seam = max(choices) if choices else latest
        pieces.append((start, seam + overlap / 2))
        start = seam - overlap / 2
    pieces.append((start, length))
    return pieces


def label_of(tile: Tile) -> str:
    """Column letter and row number, as on a map: A1 is the top left sheet."""
    return f"{string.ascii_uppercase[tile.col % 26]}{tile.row + 1}"


def tile_pages(
    ctx: LayoutContext,
    title: str,
    content: tuple[Item, ...],
    width: float,
    height: float,
    seams_x: list[float] | None = None,
    seams_y: list[float] | None = None,
) -> list[Page]:
    """One page per tile, in reading order (A1, B1, …, A2, …)."""
    margin = ctx.margin
    room_w = ctx.paper.width - 2 * margin
    room_h = ctx.paper.height - margin - (margin + HEADER)
    cols = spans(width, room_w, sorted(seams_x or []))
    rows = spans(height, room_h, sorted(seams_y or []))
    tiles = [Tile(c, r, x0, y0, x1, y1) for r, (y0, y1) in enumerate(rows) for c, (x0, x1) in enumerate(cols)]
    pages = []
    for tile in tiles:
        left, top = margin + (room_w - tile.width) / 2 if len(cols) == 1 else margin, margin + HEADER
        clip = Rect(tile.x0, tile.y0, tile.width, tile.height)
        art = Group(content, dx=left - tile.x0, dy=top - tile.y0, clip=clip, role="tile", name=label_of(tile))
        items: list[Item] = [art]
        items += _overlap_marks(tile, cols, rows, left, top)
        items += _header(ctx, title, tile, len(cols), len(rows))
        pages.append(Page(ctx.paper.width, ctx.paper.height, tuple(items), f"{title} {label_of(tile)}"))
    return pages


def _overlap_marks(tile: Tile, cols: list, rows: list, left: float, top: float) -> list[Item]:
    """Registration marks on the centre line of each overlap, and the overlap's edge."""
    items: list[Item] = []
    to_page_x = lambda x: left + x - tile.x0  # noqa: E731
    to_page_y = lambda y: top + y - tile.y0  # noqa: E731
    seams_x = [(cols[i][1] + cols[i + 1][0]) / 2 for i in range(len(cols) - 1)]
    seams_y = [(rows[i][1] + rows[i + 1][0]) / 2 for i in range(len(rows) - 1)]
    for seam in seams_x:
        if tile.x0 - 1e-6 <= seam <= tile.x1 + 1e-6:
            x = to_page_x(seam)
            for frac in (0.2, 0.5, 0.8):
                items += _registration(x, to_page_y(tile.y0 + tile.height * frac))
            edge = seam - OVERLAP / 2 if seam > tile.x0 + OVERLAP else seam + OVERLAP / 2
            items.append(
                Line(
                    to_page_x(edge),
                    to_page_y(tile.y0),
                    to_page_x(edge),
                    to_page_y(tile.y1),
                    style=OVERLAP_EDGE,
                    role="overlap-edge",
                )
            )
    for seam in seams_y:
        if tile.y0 - 1e-6 <= seam <= tile.y1 + 1e-6:
            y = to_page_y(seam)
            for frac in (0.2, 0.5, 0.8):
                items += _registration(to_page_x(tile.x0 + tile.width * frac), y)
            edge = seam - OVERLAP / 2 if seam > tile.y0 + OVERLAP else seam + OVERLAP / 2
            items.append(
                Line(
                    to_page_x(tile.x0),
                    to_page_y(edge),
                    to_page_x(tile.x1),
                    to_page_y(edge),
                    style=OVERLAP_EDGE,
                    role="overlap-edge",
                )
            )
    return items


def _registration(x: float, y: float) -> list[Item]:
    return [
        Group(
            (
                Circle(x, y, 2.0, style=Style(fill="#ffffff", stroke="#000000", width=0.2)),
                Line(x - 3.0, y, x + 3.0, y, style=MARK),
                Line(x, y - 3.0, x, y + 3.0, style=MARK),
            ),
            role="registration-mark",
        )
    ]


def _header(ctx: LayoutContext, title: str, tile: Tile, cols: int, rows: int) -> list[Item]:
    label = f"{tr('sheet', ctx.lang)} {label_of(tile)} {tr('of', ctx.lang)} {cols} × {rows}"
    diagram = assembly_diagram(ctx.paper.width - ctx.margin - 24.0, ctx.margin, 24.0, 18.0, cols, rows, tile)
    return sheet_header(ctx, ctx.paper.width, title, label, tr("tile_note", ctx.lang), diagram)


def sheet_header(
    ctx: LayoutContext, width: float, title: str, label: str, note: str, diagram: list[Item]
) -> list[Item]:
    """The band over a tiled sheet's art, `width` wide: the title, the sheet's label, how to join it (beside the
    label when it fits there, else on its own line under it; shrunk to the floor, or left out when even that is
    too wide: pnpkit's own words never make a finding), the scale bar with the print note, and `diagram` (the
    sheets, this one marked) in the top right corner."""
    margin = ctx.margin
    note_x = width / 2 - 20
    items: list[Item] = [
        Text(margin, margin + 5.0, _shortened(title, width - 2 * margin - 26.0), 11, colour=INK, bold=True),
        Text(margin, margin + 11.0, label, 10, colour=INK, bold=True, role="tile-label"),
    ]
    size = readable(note, 6.5)
    if fonts.width_mm(note, size) <= note_x - margin - 2.0:
        items.append(Text(margin, margin + 15.5, note, size, colour=MUTED, role="tile-note"))
    else:
        room = width - 2 * margin - 26.0  # clear of the diagram in the top right corner
        least = readable(note, FLOOR_LATIN)
        size = max(least, min(size, size * room / max(fonts.width_mm(note, size), 1e-9)))
        if fonts.width_mm(note, size) <= room:
            items.append(Text(margin, margin + 19.5, note, size, colour=MUTED, role="tile-note"))
    print_room = width - margin - 28.0 - note_x
    items += scale_bar(note_x, margin + 14.0, ctx.lang, 50.0, note=False, compact=True)
    printed = print_note(ctx.lang, print_room, 6)
    items.append(Text(note_x, margin + 11.0, printed, readable(printed, 6), colour=MUTED, role="print-note"))
    items += diagram
    return items


def _shortened(title: str, room: float) -> str:
    """The title, cut with an ellipsis to fit `room` mm at 11 pt bold: the overview sheet prints (and checks) it
    whole, so a sheet's header never makes a finding of its own."""
    if fonts.width_mm(title, 11, bold=True) <= room:
        return title
    low, high = 0, len(title)
    while low < high:  # the longest start that fits with its ellipsis, by halving
        mid = (low + high + 1) // 2
        if fonts.width_mm(title[:mid] + "…", 11, bold=True) <= room:
            low = mid
        else:
            high = mid - 1
    return title[:low].rstrip() + "…"


def assembly_diagram(x: float, y: float, w: float, h: float, cols: int, rows: int, here: Tile | None) -> list[Item]:
    """A small grid of all sheets with this one filled in."""
    cell = min(w / cols, h / rows)
    x += w - cell * cols
    items: list[Item] = []
    for r in range(rows):
        for c in range(cols):
            current = here is not None and (c, r) == (here.col, here.row)
            items.append(
                Rect(
                    x + c * cell,
                    y + r * cell,
                    cell,
                    cell,
                    style=Style(fill="#2c2f45" if current else "#ffffff", stroke=INK, width=0.25),
                    role="assembly-cell",
                )
            )
            name = f"{string.ascii_uppercase[c % 26]}{r + 1}"
            items.append(
                Text(
                    x + (c + 0.5) * cell,
                    y + (r + 0.5) * cell + 1.2,
                    name,
                    max(FLOOR_LATIN, min(7.0, cell * 1.2)),
                    colour="#ffffff" if current else INK,
                    anchor="middle",
                )
            )
    return items


def assembled_size(pages: list[Page]) -> tuple[float, float]:
    """Width and height of the drawing the sheets add up to, read back from the scene: each tile's clip (cut
    straight) or the outlines of the cells it holds (split along the cells), in drawing coordinates."""
    boxes: list[tuple[float, float, float, float]] = []
    for page in pages:
        for item, _matrix in walk(page.items):
            if not (isinstance(item, Group) and item.role == "tile"):
                continue
            if item.clip is not None:
                c = item.clip
                boxes.append((c.x, c.y, c.x + c.w, c.y + c.h))
                continue
            for cell in item.items:
                shape = next((i for i in getattr(cell, "items", ()) if isinstance(i, (Polygon, Rect))), None)
                if isinstance(cell, Group) and cell.role == "cell" and shape is not None:
                    points = corner_points(shape)
                    xs, ys = [p[0] for p in points], [p[1] for p in points]
                    boxes.append((min(xs), min(ys), max(xs), max(ys)))
    return max(b[2] for b in boxes) - min(b[0] for b in boxes), max(b[3] for b in boxes) - min(b[1] for b in boxes)


__all__ = ["Tile", "assembled_size", "assembly_diagram", "label_of", "sheet_header", "spans", "tile_pages"]
