"""Sheets of a board split along its cells: each cell drawn whole on one sheet, grey glue flaps, cross marks.

How a buyer joins them, to ±0.5 mm: each sheet is cut along the outer edges of its cells (a zig-zag for hexes,
which locks both directions), keeping the grey flaps; sheets are laid in order, each over the flaps of those
before it, so the cross marks on the seam meet (half of each cross is on either sheet).

What goes with a cell: everything drawn in its group (its label, number disc, start ring) stays whole on its
sheet. An item drawn outside the cells' groups (a grid's letters, an edge or corner place) goes with the cells
nearest its centre: one on a seam between two sheets is drawn on both, so each half prints where it lands (the
over sheet's half outside its cells is cut away, the under sheet's half inside its cells shows).
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..geometry import ink_bounds
from ..i18n import tr
from ..scene import IDENTITY, Circle, Group, Item, Line, Page, Polygon, Rect, Style, Text, walk
from ..typeset.text import TextBox, text_bounds
from .cellsplit import Box, Piece, Point, Reserve, Split, split_cells
from .collisions import MINIATURE
from .context import INK, MUTED, LayoutContext, legible_miniature, page_title, readable, set_height
from .tiling import HEADER, sheet_header

FLAP = 8.0
"""How far a glue flap reaches past a sheet's cells, under the next sheet."""
ARM = 2.5
"""Half the length of a cross mark's arms."""
CLEAR = 0.5
"""Room a cross mark keeps from any text or disc."""
STROKE = 0.5
"""Room for the outline's stroke beyond a cell's corners."""
FLAP_STYLE = Style(fill="#e3e3e3")
MARK = Style(stroke="#000000", width=0.2)
HERE = "#2c2f45"
OTHERS = ("#f3f1ea", "#d9e2ec")


@dataclass(frozen=True)
class DrawnCell:
    """A cell as drawn: its group (everything that belongs to it) and its outline, in board millimetres."""

    item: Item
    outline: tuple[Point, ...]


@dataclass(frozen=True)
class CellTiles:
    """The sheets' pages and how the board was split, for the overview."""

    pages: list[Page]
    split: Split
    pieces: list[Piece]


def cell_outline(group: Item) -> tuple[Point, ...] | None:
    """A cell group's outline: its first polygon, or its first box, in the group's coordinates (None without)."""
    if not isinstance(group, Group):
        return None
    for item in group.items:
        if isinstance(item, Polygon):
            return item.points
        if isinstance(item, Rect):
            return (
                (item.x, item.y),
                (item.x + item.w, item.y),
                (item.x + item.w, item.y + item.h),
                (item.x, item.y + item.h),
            )
    return None


def cells_of(items: list[Item]) -> tuple[list[DrawnCell], list[Item]]:
    """The board drawing's cells (groups with role "cell" and an outline) with their outlines, and the other
    items (drawn with the cells nearest them)."""
    cells: list[DrawnCell] = []
    loose: list[Item] = []
    for item in _layers_opened(items):
        outline = cell_outline(item) if isinstance(item, Group) and item.role == "cell" else None
        if outline:
            cells.append(DrawnCell(item, outline))
        else:
            loose.append(item)
    return cells, loose


def _layers_opened(items: list[Item]) -> list[Item]:
    """The drawing with its plain layers opened: a group that is not a cell and neither moves, turns, scales nor
    clips what it holds (the board's places, drawn a layer at a time) gives its items one by one, in order, so each
    goes with the cells nearest it instead of the whole layer going with one cell."""
    opened: list[Item] = []
    for item in items:
        if (
            isinstance(item, Group)
            and item.role != "cell"
            and not item.symbol
            and item.clip is None
            and (item.dx, item.dy, item.rotate, item.scale) == (0.0, 0.0, 0.0, 1.0)
        ):
            opened += _layers_opened(list(item.items))
        else:
            opened.append(item)
    return opened


def room_of(ctx: LayoutContext, landscape: bool = False) -> tuple[float, float]:
    """The board area of a sheet: inside the margins, under the header."""
    width, height = (ctx.paper.height, ctx.paper.width) if landscape else (ctx.paper.width, ctx.paper.height)
    return width - 2 * ctx.margin, height - 2 * ctx.margin - HEADER


def cell_tile_pages(ctx: LayoutContext, title: str, items: list[Item]) -> CellTiles | None:
    """One page per sheet in assembly order, or None when a cell is larger than a sheet (cut straight then)."""
    cells, loose = cells_of(items)
    if not cells:
        return None
    attached = _attach(cells, loose)
    pieces = [_piece(cell, [loose[n] for n in attached.get(i, [])]) for i, cell in enumerate(cells)]
    split = split_cells(pieces, room_of(ctx), room_of(ctx, landscape=True), Reserve(FLAP, ARM))
    if split is None:
        return None
    owner = {cell: s for s, sheet in enumerate(split.sheets) for cell in sheet.cells}
    seams = _seams(cells, owner)
    boundary = _boundary_vertices(cells)
    frames = [_frame(pieces, split, s) for s in range(len(split.sheets))]
    flaps = {s: _flaps(cells, split, s, seams) for s in range(len(split.sheets))}
    obstacles = [_obstacles(item) for item in [*(cell.item for cell in cells), *loose]]
    for _polygons, texts in flaps.values():
        obstacles.append([t for t in (_text_box(t) for t in texts) if t])
    marks = _marks(cells, owner, seams, boundary, frames, obstacles)
    small_map = sheet_map(pieces, split, 24.0, 18.0)
    pages = []
    for s, sheet in enumerate(split.sheets):
        mine = [cells[i].item for i in sheet.cells]
        mine += [loose[n] for n in sorted({n for i in sheet.cells for n in attached.get(i, [])})]
        sheet_marks = [point for point, pair in marks if s in pair]
        pages.append(_page(ctx, title, split, small_map, s, mine, flaps[s], sheet_marks, frames[s]))
    return CellTiles(pages, split, pieces)


def _ink(item: Item) -> Box | None:
    """The box an item (a group with all it holds) puts ink in, in the drawing's coordinates."""
    boxes = [ink for part, matrix in walk((item,)) if (ink := ink_bounds(part, matrix)) is not None]
    if not boxes:
        return None
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def _piece(cell: DrawnCell, extra: list[Item]) -> Piece:
    xs, ys = [p[0] for p in cell.outline], [p[1] for p in cell.outline]
    box = (min(xs) - STROKE / 2, min(ys) - STROKE / 2, max(xs) + STROKE / 2, max(ys) + STROKE / 2)
    for item in extra:
        ink = _ink(item)
        if ink is not None:
            box = (min(box[0], ink[0]), min(box[1], ink[1]), max(box[2], ink[2]), max(box[3], ink[3]))
    return Piece(cell.outline, box)


def _attach(cells: list[DrawnCell], loose: list[Item]) -> dict[int, list[int]]:
    """Each loose item to the cells nearest its centre (all of them when it is as near two or three: a seam)."""
    centres = [Piece(cell.outline, (0, 0, 0, 0)).centre for cell in cells]
    out: dict[int, list[int]] = {}
    for n, item in enumerate(loose):
        ink = _ink(item)
        if ink is None:
            continue
        x, y = (ink[0] + ink[2]) / 2, (ink[1] + ink[3]) / 2
        distances = [math.hypot(cx - x, cy - y) for cx, cy in centres]
        nearest = min(distances)
        for i, d in enumerate(distances):
            if d <= nearest + 0.01:
                out.setdefault(i, []).append(n)
    return out


def _edge_key(a: Point, b: Point) -> tuple[tuple[float, float], tuple[float, float]]:
    pa, pb = (round(a[0], 3), round(a[1], 3)), (round(b[0], 3), round(b[1], 3))
    return (pa, pb) if pa <= pb else (pb, pa)


def _edges(cells: Sequence[DrawnCell | Piece]) -> dict[tuple, list[int]]:
    """Every cell edge, keyed by its rounded ends, with the cells that share it."""
    edges: dict[tuple, list[int]] = {}
    for i, cell in enumerate(cells):
        pts = cell.outline
        for k in range(len(pts)):
            edges.setdefault(_edge_key(pts[k - 1], pts[k]), []).append(i)
    return edges


def _seams(cells: list[DrawnCell], owner: dict[int, int]) -> list[tuple[int, int, tuple]]:
    """(cell on the earlier sheet, cell on the later sheet, edge) for each edge two sheets share."""
    out = []
    for key, sharing in sorted(_edges(cells).items()):
        if len(sharing) == 2 and owner[sharing[0]] != owner[sharing[1]]:
            a, b = sorted(sharing, key=lambda i: owner[i])
            out.append((a, b, key))
    return out


def _boundary_vertices(cells: list[DrawnCell]) -> set[tuple[float, float]]:
    """The corners on the board's outer edge (an edge with one cell): a cross there would hang off the board."""
    return {end for key, sharing in _edges(cells).items() if len(sharing) == 1 for end in key}


def _frame(pieces: list[Piece], split: Split, s: int) -> Box:
    """The box a sheet may print in, in board millimetres: its cells' boxes, a flap's width on the sides a later
    sheet joins and a cross's arm on the sides an earlier one joins (the room the split kept for them)."""
    sheet = split.sheets[s]
    boxes = [pieces[i].box for i in sheet.cells]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    band, index, _count = _position(split, s)
    first_band, last_band = band == 0, band == len(split.bands) - 1
    first_in, last_in = index == 0, index == split.bands[band] - 1
    outer = (ARM * (not first_band), FLAP * (not last_band))
    inner = (ARM * (not first_in), FLAP * (not last_in))
    across, down = (inner, outer) if split.across else (outer, inner)
    return x0 - across[0], y0 - down[0], x1 + across[1], y1 + down[1]


def _position(split: Split, s: int) -> tuple[int, int, int]:
    """(band, index in the band, sheets in the band) of sheet `s`."""
    for band, count in enumerate(split.bands):
        if s < count:
            return band, s, count
        s -= count
    raise IndexError(s)


def _flaps(cells: list[DrawnCell], split: Split, s: int, seams: list[tuple[int, int, tuple]]) -> tuple[list, list]:
    """The grey strip past each edge this sheet shares with a later sheet, and that sheet's name on it."""
    owner = {cell: n for n, sheet in enumerate(split.sheets) for cell in sheet.cells}
    polygons: list[Item] = []
    normals: dict[tuple[float, float], list[Point]] = {}
    by_neighbour: dict[int, list[tuple[Point, Point, Point]]] = {}
    for a, b, (p, q) in seams:
        if owner[a] != s:
            continue
        cx, cy = Piece(cells[a].outline, (0, 0, 0, 0)).centre
        length = math.hypot(q[0] - p[0], q[1] - p[1])
        nx, ny = (q[1] - p[1]) / length, -(q[0] - p[0]) / length
        if nx * ((p[0] + q[0]) / 2 - cx) + ny * ((p[1] + q[1]) / 2 - cy) < 0:
            nx, ny = -nx, -ny
        quad = (p, q, (q[0] + FLAP * nx, q[1] + FLAP * ny), (p[0] + FLAP * nx, p[1] + FLAP * ny))
        polygons.append(Polygon(quad, style=FLAP_STYLE, role="glue-flap"))
        for end in (p, q):
            normals.setdefault(end, []).append((nx, ny))
        by_neighbour.setdefault(owner[b], []).append((p, q, (nx, ny)))
    for v, ns in sorted(normals.items()):
        if len(ns) == 2:  # where the seam turns: close the gap between the two strips
            (ax, ay), (bx, by) = ns
            wedge = (v, (v[0] + FLAP * ax, v[1] + FLAP * ay), (v[0] + FLAP * bx, v[1] + FLAP * by))
            polygons.append(Polygon(wedge, style=FLAP_STYLE, role="glue-flap"))
    texts: list[Item] = []
    for neighbour, edges in sorted(by_neighbour.items()):
        p, q, (nx, ny) = sorted(edges)[len(edges) // 2]
        x, y = (p[0] + q[0]) / 2 + nx * FLAP / 2, (p[1] + q[1]) / 2 + ny * FLAP / 2
        name = split.sheets[neighbour].name
        texts.append(Text(x, y + 0.8, name, readable(name, 6.5), colour=MUTED, anchor="middle", role="flap-label"))
    return polygons, texts


def _text_box(item: Item) -> Box | None:
    return text_bounds(item) if isinstance(item, Text) else None


def _obstacles(group: Item) -> list[Box]:
    """What a cross mark must keep clear of in a cell: its texts and discs."""
    out = []
    for item, matrix in walk((group,), IDENTITY):
        if isinstance(item, (Text, Circle)):
            ink = ink_bounds(item, matrix)
            if ink is not None:
                out.append(ink)
    return out


def _marks(
    cells: list[DrawnCell],
    owner: dict[int, int],
    seams: list[tuple[int, int, tuple]],
    boundary: set[tuple[float, float]],
    frames: list[Box],
    obstacles: list[list[Box]],
) -> list[tuple[Point, tuple[int, int]]]:
    """Cross marks on the corners of each seam between two sheets (three where the seam has room), each clear of
    every text and disc and inside both sheets' frames; (point, the two sheets)."""
    corners: dict[tuple[int, int], set[tuple[float, float]]] = {}
    for a, b, key in seams:
        corners.setdefault((owner[a], owner[b]), set()).update(key)
    meeting: dict[tuple[float, float], set[int]] = {}  # where three sheets meet, a cross would be on one only
    for i, cell in enumerate(cells):
        for p in cell.outline:
            meeting.setdefault((round(p[0], 3), round(p[1], 3)), set()).add(owner[i])
    blocked = [box for boxes in obstacles for box in boxes]
    out: list[tuple[Point, tuple[int, int]]] = []
    for pair, points in sorted(corners.items()):
        inner = sorted(p for p in points if p not in boundary and len(meeting[p]) == 2)
        if not inner:
            continue
        xs, ys = [p[0] for p in inner], [p[1] for p in inner]
        along = 1 if max(ys) - min(ys) >= max(xs) - min(xs) else 0
        inner.sort(key=lambda p: (p[along], p[1 - along]))
        chosen: list[Point] = []
        for fraction in (0.5, 0.15, 0.85):
            target = round(fraction * (len(inner) - 1))
            for k in sorted(range(len(inner)), key=lambda k: (abs(k - target), k)):
                p = inner[k]
                if any(math.hypot(p[0] - c[0], p[1] - c[1]) < 6 * ARM for c in chosen):
                    continue
                if _clear(p, blocked) and all(_inside(p, frames[s]) for s in pair):
                    chosen.append(p)
                    break
        out += [(p, pair) for p in chosen]
    return out


def _clear(p: Point, blocked: list[Box]) -> bool:
    reach = ARM + CLEAR
    return not any(
        b[0] < p[0] + reach and p[0] - reach < b[2] and b[1] < p[1] + reach and p[1] - reach < b[3] for b in blocked
    )


def _inside(p: Point, frame: Box) -> bool:
    return frame[0] <= p[0] - ARM and p[0] + ARM <= frame[2] and frame[1] <= p[1] - ARM and p[1] + ARM <= frame[3]


def registration_mark(x: float, y: float) -> Item:
    """A cross in a ring, centred on a corner of the seam: half of it prints on either sheet."""
    return Group(
        (
            Circle(x, y, 1.4, style=Style(stroke="#000000", width=0.2)),
            Line(x - ARM, y, x + ARM, y, style=MARK),
            Line(x, y - ARM, x, y + ARM, style=MARK),
        ),
        role="registration-mark",
    )


def _page(
    ctx: LayoutContext,
    title: str,
    split: Split,
    small_map: SheetMap,
    s: int,
    mine: list[Item],
    flaps: tuple[list, list],
    marks: list[Point],
    frame: Box,
) -> Page:
    """One sheet, drawn upright in its frame (landscape sheets turned onto the paper as mats are)."""
    sheet = split.sheets[s]
    width = ctx.paper.height if split.landscape else ctx.paper.width
    room_w, room_h = room_of(ctx, split.landscape)
    fx0, fy0, fx1, fy1 = frame
    dx = ctx.margin + (room_w - (fx1 - fx0)) / 2 - fx0
    dy = ctx.margin + HEADER + (room_h - (fy1 - fy0)) / 2 - fy0
    clip = Rect(fx0, fy0, fx1 - fx0, fy1 - fy0)
    polygons, texts = flaps
    items: list[Item] = []
    if polygons:
        items.append(Group((*polygons, *texts), dx=dx, dy=dy, clip=clip, role="glue-flaps"))
    items.append(Group(tuple(mine), dx=dx, dy=dy, role="tile", name=sheet.name))
    items += [registration_mark(x + dx, y + dy) for x, y in marks]
    grid = split.grid
    of = f"{grid[0]} × {grid[1]}" if grid else str(len(split.sheets))
    label = f"{tr('sheet', ctx.lang)} {sheet.name} {tr('of', ctx.lang)} {of}"
    diagram = small_map.placed(split, width - ctx.margin, ctx.margin, here=s)
    items += sheet_header(ctx, width, title, label, tr("cell_tile_note", ctx.lang), diagram)
    if split.landscape:
        items = [Group(tuple(items), dx=ctx.paper.width, dy=0.0, rotate=90, role="landscape-sheet")]
    return Page(ctx.paper.width, ctx.paper.height, tuple(items), f"{title} {sheet.name}")


def sheet_map(pieces: list[Piece], split: Split, w: float, h: float) -> SheetMap:
    """The board's cells shrunk into `w` × `h` mm, shaded by sheet, with the seams drawn: drawn once and placed
    on every sheet as one symbol (a board of 2,000 cells on 40 sheets is stored once, not 40 times)."""
    xs = [p[0] for piece in pieces for p in piece.outline]
    ys = [p[1] for piece in pieces for p in piece.outline]
    bx0, by0 = min(xs), min(ys)
    scale = min(w / (max(xs) - bx0), h / (max(ys) - by0))
    base: list[Item] = []
    dark: list[tuple[Item, ...]] = []
    for s, sheet in enumerate(split.sheets):
        outlines = [tuple((px - bx0, py - by0) for px, py in pieces[i].outline) for i in sheet.cells]
        look = Style(fill=OTHERS[(s + _position(split, s)[0]) % 2], stroke="#9a9a9a", width=0.1 / scale)
        base += [Polygon(points, style=look, role="assembly-cell") for points in outlines]
        here = Style(fill=HERE, stroke="#ffffff", width=0.1 / scale)
        dark.append(tuple(Polygon(points, style=here, role="assembly-cell") for points in outlines))
    owner = {i: s for s, sheet in enumerate(split.sheets) for i in sheet.cells}
    for (p, q), sharing in sorted(_edges(pieces).items()):
        if len(sharing) == 2 and owner[sharing[0]] != owner[sharing[1]]:
            seam = Style(stroke=INK, width=0.35 / scale)
            base.append(Line(p[0] - bx0, p[1] - by0, q[0] - bx0, q[1] - by0, style=seam, role="assembly-seam"))
    names = []
    for sheet in split.sheets:
        cx = sum(pieces[i].centre[0] for i in sheet.cells) / len(sheet.cells) - bx0
        cy = sum(pieces[i].centre[1] for i in sheet.cells) / len(sheet.cells) - by0
        names.append((cx, cy))
    symbol = "sheet-map:" + hashlib.sha1(repr(base).encode()).hexdigest()[:16]
    return SheetMap(
        tuple(base), tuple(dark), tuple(names), scale, ((max(xs) - bx0) * scale, (max(ys) - by0) * scale), symbol
    )


@dataclass(frozen=True)
class SheetMap:
    """Which sheet holds which cells, in miniature (board millimetres, placed at `scale`)."""

    base: tuple[Item, ...]
    dark: tuple[tuple[Item, ...], ...]
    """Each sheet's cells filled dark, drawn over the base on that sheet's own page."""
    centres: tuple[Point, ...]
    scale: float
    size: tuple[float, float]
    symbol: str

    def placed(self, split: Split, right: float, top: float, here: int | None = None) -> list[Item]:
        """The map with its top right corner at (right, top): this sheet filled dark, or every sheet's name."""
        dx, dy = right - self.size[0], top
        pad = 1.0 / self.scale  # the box a symbol is stored in: the whole board, whatever its size
        box = Rect(-pad, -pad, self.size[0] / self.scale + 2 * pad, self.size[1] / self.scale + 2 * pad)
        items: list[Item] = [
            Group(self.base, dx=dx, dy=dy, scale=self.scale, clip=box, role="sheet-map", symbol=self.symbol)
        ]
        if here is not None:
            items.append(Group(self.dark[here], dx=dx, dy=dy, scale=self.scale, role="sheet-map-here"))
            return items
        names = [
            Text(
                dx + cx * self.scale,
                dy + cy * self.scale + 1.0,
                sheet.name,
                7.0,
                colour=INK,
                bold=True,
                anchor="middle",
            )
            for sheet, (cx, cy) in zip(split.sheets, self.centres, strict=True)
        ]
        boxes = [text_bounds(name) for name in names]
        crowded = any(
            a[0] < b[2] + 0.5 and b[0] < a[2] + 0.5 and a[1] < b[3] and b[1] < a[3]
            for a, b in itertools.combinations(boxes, 2)
        )
        return items if crowded else [*items, *names]  # names too close to read apart: the steps list the order


def overview(
    ctx: LayoutContext, title: str, subtitle: str, art: list[Item], size: tuple[float, float], tiled: CellTiles
) -> tuple[list[Item], float]:
    """The top of a tiled board's first sheet: the whole board in miniature (its own drawing, shrunk, so every
    label, number and place shows), the map of which sheet holds which cells, and how to join them; returns
    the items and the height they reach down to."""
    margin = ctx.margin
    top = margin + 12.0
    room_w = ctx.paper.width - 2 * margin
    map_w = 40.0
    width, height = size
    scale = min((room_w - map_w - 6.0) / width, ctx.paper.height * 0.5 / height)
    items: list[Item] = page_title(ctx, title, subtitle)
    items.append(Group(legible_miniature(art, scale), dx=margin, dy=top, scale=scale, role="preview", name=MINIATURE))
    map_h = min(map_w * height / width, ctx.paper.height * 0.5)
    items += sheet_map(tiled.pieces, tiled.split, map_w, map_h).placed(tiled.split, ctx.paper.width - margin, top)
    y = top + max(height * scale, map_h) + 5.0
    steps = tr(
        "cell_assembly_steps",
        ctx.lang,
        count=len(tiled.split.sheets),
        width=round(width),
        height=round(height),
        order=", ".join(sheet.name for sheet in tiled.split.sheets),
    )
    for paragraph in steps.split("\n"):
        high = set_height(paragraph, room_w, 8.5)
        box = TextBox(margin, y, room_w, high, align="start", valign="top", colour=INK)
        items += ctx.fitted(paragraph, box, 8.5, 8.5, label="board overview")
        y += high + 1.0
    return items, y


__all__ = [
    "FLAP",
    "CellTiles",
    "DrawnCell",
    "cell_outline",
    "cell_tile_pages",
    "cells_of",
    "overview",
    "registration_mark",
    "room_of",
    "sheet_map",
]
