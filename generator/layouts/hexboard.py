"""Hex boards, pointy- or flat-top: the largest hexes that fit the sheet, their places and number discs, a legend
and a scale bar."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from pnpkit.validator.components.hexboard import SQRT3, Orientation, hex_centre

from ..colour import INK, WHITE
from ..i18n import tr
from ..icons import icon
from ..scene import Circle, Group, Item, Page, Polygon, Rect, Style, Text
from ..typeset.text import TextBox
from .celltiles import cell_tile_pages, overview
from .collisions import MINIATURE
from .context import LayoutContext, legible_miniature, page_title, scale_bar
from .places import DiscLook, PlaceLook, disc_items, legend_places, legend_swatch, overhang, place_items
from .tiling import HEADER, OVERLAP, assembly_diagram, spans, tile_pages

LEGEND_COLUMNS = 3


@dataclass(frozen=True)
class TerrainStyle:
    id: str
    name: str
    colour: str
    icon: str
    icon_colour: str
    blocked: bool = False


@dataclass(frozen=True)
class BoardCell:
    q: int
    r: int
    terrain: str
    orientation: Orientation = "pointy"
    """How its hex stands (every cell of a board the same): each function that measures cells reads it here."""


@dataclass(frozen=True)
class CellMarks:
    """What a board prints in some cells beyond their terrain: names, and start cells ringed in a player's colour."""

    labels: dict[tuple[int, int], tuple[str, tuple]]
    """(q, r) → (the label, where it is written)."""
    starts: dict[tuple[int, int], str]
    """(q, r) → the player's colour."""
    places: tuple[PlaceLook, ...] = ()
    """Places on edges, corners and cells."""
    discs: dict[tuple[int, int], DiscLook] = field(default_factory=dict)
    """(q, r) → its number disc."""
    disc_colour: str = "#f4ecd8"


def hex_corners(
    cx: float, cy: float, across_flats: float, orientation: Orientation = "pointy"
) -> tuple[tuple[float, float], ...]:
    radius = across_flats / SQRT3
    first = -90 if orientation == "pointy" else -120
    return tuple(
        (cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
        for a in range(first, first + 360, 60)
    )


def cell_centre(cell: BoardCell, across_flats: float) -> tuple[float, float]:
    return hex_centre(cell.q, cell.r, across_flats, cell.orientation)


def board_extent(cells: list[BoardCell], across_flats: float) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of all hex corners for the given size."""
    points = [p for c in cells for p in hex_corners(*cell_centre(c, across_flats), across_flats, c.orientation)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def largest_size(cells: list[BoardCell], width: float, height: float) -> float:
    """Extents scale linearly with the hex size, so one measurement at size 1 gives the answer."""
    x0, y0, x1, y1 = board_extent(cells, 1.0)
    return math.floor(min(width / (x1 - x0), height / (y1 - y0)) * 2) / 2  # whole half-millimetres


def board_items(
    cells: list[BoardCell],
    styles: dict[str, TerrainStyle],
    size: float,
    left: float,
    top: float,
    marks: CellMarks | None = None,
    ctx: LayoutContext | None = None,
) -> tuple[list[Item], float, float]:
    """The hexes with their icons (and labels and start rings, given `marks` and the `ctx` that fits the labels);
    returns the items and the board's width and height."""
    x0, y0, x1, y1 = board_extent(cells, size)
    dx, dy = left - x0, top - y0
    items: list[Item] = []
    for cell in sorted(cells, key=lambda c: (c.r, c.q)):
        style = styles[cell.terrain]
        cx, cy = cell_centre(cell, size)
        corners = tuple((x + dx, y + dy) for x, y in hex_corners(cx, cy, size, cell.orientation))
        hexagon = Polygon(
            corners, style=Style(fill=style.colour, stroke=WHITE if style.blocked else INK, width=0.5), role="hex"
        )
        parts: list[Item] = [hexagon]
        if style.icon != "none":
            parts.append(icon(style.icon, cx + dx, cy + dy, size * 0.27, style.icon_colour))
        if marks is not None:
            parts += _cell_marks(ctx, marks, (cell.q, cell.r), cx + dx, cy + dy, size)
        items.append(Group(tuple(parts), role="cell", name=f"{cell.q},{cell.r}:{cell.terrain}"))
    if marks is not None and marks.places:
        kind = cells[0].orientation if cells else "pointy"
        items += place_items(ctx, kind, size, dx, dy, marks.places)
    return items, x1 - x0, y1 - y0


def _cell_marks(
    ctx: LayoutContext | None, marks: CellMarks, at: tuple[int, int], cx: float, cy: float, size: float
) -> list[Item]:
    """A start cell's ring in its player's colour; its number disc; a label across the cell's middle (below the
    disc when it has one), fitted (too long is PK309). Without `ctx` (a preview) the texts are left out."""
    items: list[Item] = []
    colour = marks.starts.get(at)
    if colour is not None:
        items.append(Circle(cx, cy, size * 0.36, style=Style(stroke=colour, width=1.2, dash=(1.6, 0.9)), role="start"))
    disc = marks.discs.get(at)
    if disc is not None:
        items += disc_items(ctx, disc, (cx, cy), size, marks.disc_colour)
    label = marks.labels.get(at)
    if label is not None and ctx is not None:
        text, where = label
        if disc is None:
            box = TextBox(cx - size * 0.42, cy - size * 0.2, size * 0.84, size * 0.4, align="middle", valign="middle")
        else:
            box = TextBox(cx - size * 0.3, cy + size * 0.23, size * 0.6, size * 0.17, align="middle", valign="middle")
        items += ctx.fitted(text, box, 8.0, 6.0, where=where, label="cell label")
    return items


def legend_entries(styles: list[TerrainStyle], marks: CellMarks | None) -> int:
    """How many entries the legend lists: the terrains, the start cells, the named places."""
    if marks is None:
        return len(styles)
    return len(styles) + (1 if marks.starts else 0) + len(legend_places(marks.places))


def one_sheet_size(ctx: LayoutContext, cells: list[BoardCell], terrains: int, marks: CellMarks | None = None) -> float:
    """The largest hexes (across flats) with which the board, its legend of `terrains` and its footer fit one sheet,
    with room around for places that reach past the rim (`marks`): the size `hex_size: auto` prints at."""
    legend_h = legend_height(terrains)
    footer_h = 14.0
    avail_w = ctx.paper.width - 2 * ctx.margin
    avail_h = ctx.paper.height - ctx.margin - 12.0 - ctx.margin - legend_h - footer_h
    size = largest_size(cells, avail_w, avail_h)
    if marks is None or not marks.places or not cells:
        return size
    on_board = {(c.q, c.r) for c in cells}
    reach = overhang(marks.places, cells[0].orientation, size, on_board)  # shrinks with the size: room to spare
    return largest_size(cells, avail_w - 2 * reach, avail_h - 2 * reach)


def board_pages(
    ctx: LayoutContext,
    title: str,
    subtitle: str,
    cells: list[BoardCell],
    styles: list[TerrainStyle],
    legend_title: str,
    size: float | None = None,
    marks: CellMarks | None = None,
) -> list[Page]:
    """The board on one sheet at the largest size that fits, or tiled when a fixed size is too big."""
    by_id = {s.id: s for s in styles}
    margin = ctx.margin
    top = margin + 12.0
    fits = one_sheet_size(ctx, cells, legend_entries(styles, marks), marks)
    hex_size = size or fits
    if hex_size > fits + 1e-9:
        return _tiled(ctx, title, subtitle, cells, styles, legend_title, hex_size, marks)
    on_board = {(c.q, c.r) for c in cells}
    reach = overhang(marks.places, cells[0].orientation, hex_size, on_board) if marks is not None and cells else 0.0
    x0, _y0, x1, _y1 = board_extent(cells, hex_size)
    left = (ctx.paper.width - (x1 - x0)) / 2
    board, _w, board_h = board_items(cells, by_id, hex_size, left, top + reach, marks, ctx)
    items: list[Item] = page_title(ctx, title, subtitle)
    items += board
    items += _legend(ctx, styles, cells, top + board_h + 2 * reach + 4.0, legend_title, marks)
    items += _footer(ctx, hex_size)
    return [Page(ctx.paper.width, ctx.paper.height, tuple(items), title)]


def _footer(ctx: LayoutContext, hex_size: float) -> list[Item]:
    margin = ctx.margin
    items = scale_bar(margin, ctx.paper.height - margin - 6.0, ctx.lang)
    size_note = f"{tr('hex_size', ctx.lang)}: {hex_size:g} mm"
    items.append(
        Text(ctx.paper.width - margin, ctx.paper.height - margin - 1.0, size_note, 7, colour=INK, anchor="end")
    )
    return items


def hex_seams(cells: list[BoardCell], size: float) -> tuple[list[float], list[float]]:
    """Lines in board coordinates where hex edges run: vertical edges, and the rows' side corners (flat hexes:
    horizontal edges, and the columns' side corners)."""
    x0, y0, _x1, _y1 = board_extent(cells, size)
    radius = size / SQRT3
    flat = bool(cells) and cells[0].orientation == "flat"
    half_x, half_y = (radius / 2, size / 2) if flat else (size / 2, radius / 2)
    xs: set[float] = set()
    ys: set[float] = set()
    for cell in cells:
        cx, cy = cell_centre(cell, size)
        xs.update((round(cx - half_x - x0, 3), round(cx + half_x - x0, 3)))
        ys.update((round(cy - half_y - y0, 3), round(cy + half_y - y0, 3)))
    return sorted(xs), sorted(ys)


def _tiled(
    ctx: LayoutContext,
    title: str,
    subtitle: str,
    cells: list[BoardCell],
    styles: list[TerrainStyle],
    legend_title: str,
    size: float,
    marks: CellMarks | None = None,
) -> list[Page]:
    """An overview sheet (the board in miniature, which sheet holds which cells, how to join them, the legend),
    then the sheets, split along the cells' edges (cut straight only when one hex is larger than a sheet)."""
    by_id = {s.id: s for s in styles}
    art, width, height = board_items(cells, by_id, size, 0.0, 0.0, marks, ctx)
    tiled = cell_tile_pages(ctx, title, art)
    if tiled is None:
        return _cut_straight(ctx, title, subtitle, cells, styles, legend_title, size, art, marks)
    items, y = overview(ctx, title, subtitle, art, (width, height), tiled)
    items += _legend(ctx, styles, cells, y + 2.0, legend_title, marks)
    items += _footer(ctx, size)
    return [Page(ctx.paper.width, ctx.paper.height, tuple(items), title), *tiled.pages]


def _cut_straight(
    ctx: LayoutContext,
    title: str,
    subtitle: str,
    cells: list[BoardCell],
    styles: list[TerrainStyle],
    legend_title: str,
    size: float,
    art: list[Item],
    marks: CellMarks | None,
) -> list[Page]:
    """Hexes larger than a sheet: overlapping tiles cut on the hexes' edge lines, after an overview."""
    x0, y0, x1, y1 = board_extent(cells, size)
    width, height = x1 - x0, y1 - y0
    seams_x, seams_y = hex_seams(cells, size)
    tiles = tile_pages(ctx, title, tuple(art), width, height, seams_x, seams_y)
    margin = ctx.margin
    cols = len(spans(width, ctx.paper.width - 2 * margin, seams_x))
    rows = len(spans(height, ctx.paper.height - 2 * margin - HEADER, seams_y))
    top = margin + 12.0
    scale = min((ctx.paper.width - 2 * margin - 50.0) / width, ctx.paper.height * 0.55 / height)
    items: list[Item] = page_title(ctx, title, subtitle)
    items.append(Group(legible_miniature(art, scale), dx=margin, dy=top, scale=scale, role="preview", name=MINIATURE))
    items += assembly_diagram(ctx.paper.width - margin - 40.0, top, 40.0, 40.0, cols, rows, None)
    y = top + height * scale + 6.0
    note = tr("assembly_steps", ctx.lang).format(
        count=len(tiles), cols=cols, rows=rows, overlap=int(OVERLAP), width=round(width), height=round(height)
    )
    for line_no, line in enumerate(note.split("\n")):
        items.append(Text(margin, y + line_no * 4.2, line, 8, colour=INK))
    items += _legend(ctx, styles, cells, y + 20.0, legend_title, marks)
    items += _footer(ctx, size)
    return [Page(ctx.paper.width, ctx.paper.height, tuple(items), title), *tiles]


def _legend(
    ctx: LayoutContext,
    styles: list[TerrainStyle],
    cells: list[BoardCell],
    y: float,
    title: str,
    marks: CellMarks | None,
) -> list[Item]:
    counts = {s.id: sum(c.terrain == s.id for c in cells) for s in styles}
    starts = len(marks.starts) if marks is not None else 0
    places = marks.places if marks is not None else ()
    return terrain_legend(ctx, styles, counts, y, title, starts=starts, places=places)


def terrain_legend(
    ctx: LayoutContext,
    styles: list[TerrainStyle],
    counts: dict[str, int],
    y: float,
    title: str,
    square: bool = False,
    starts: int = 0,
    places: tuple[PlaceLook, ...] = (),
) -> list[Item]:
    """The terrains in columns: a swatch (a hex, or a square for grids), the name and how many cells have it (a
    board of one terrain gives only its name: "Board × 64" tells a go player nothing); then,
    when the board has start cells, what their dashed ring means, so a buyer knows where to set up."""
    items: list[Item] = [Text(ctx.margin, y + 3.0, title, 9, colour=INK, bold=True)]
    columns = LEGEND_COLUMNS
    col_w = (ctx.paper.width - 2 * ctx.margin) / columns
    for i, style in enumerate(styles):
        row, col = divmod(i, columns)
        x = ctx.margin + col * col_w
        yy = y + 7.0 + row * 9.0
        look = Style(fill=style.colour, stroke=INK, width=0.3)
        swatch = (
            Rect(x + 1.0, yy + 0.5, 6.0, 6.0, style=look)
            if square
            else Polygon(hex_corners(x + 4.0, yy + 3.5, 7.0), style=look)
        )
        items.append(swatch)
        if style.icon != "none":
            items.append(icon(style.icon, x + 4.0, yy + 3.5, 2.0, style.icon_colour))
        label = f"{style.name}  × {counts.get(style.id, 0)}" if len(styles) > 1 else style.name  # one terrain: no sum
        items.append(Text(x + 10.0, yy + 5.0, label, 8.5, colour=INK))
    if starts:
        row, col = divmod(len(styles), columns)
        x = ctx.margin + col * col_w
        yy = y + 7.0 + row * 9.0
        items.append(Circle(x + 4.0, yy + 3.5, 2.9, style=Style(stroke=INK, width=0.8, dash=(1.2, 0.7)), role="start"))
        items.append(Text(x + 10.0, yy + 5.0, f"{tr('start_cell', ctx.lang)}  × {starts}", 8.5, colour=INK))
    for i, (place, count) in enumerate(legend_places(places), start=len(styles) + (1 if starts else 0)):
        row, col = divmod(i, columns)
        x = ctx.margin + col * col_w
        yy = y + 7.0 + row * 9.0
        items.append(legend_swatch(place, x + 0.5, yy))
        items.append(Text(x + 10.0, yy + 5.0, f"{place.name}  × {count}", 8.5, colour=INK))
    return items


def legend_height(terrains: int) -> float:
    return 10.0 + 9.0 * math.ceil(terrains / LEGEND_COLUMNS)
