"""Boards larger than the paper, split along their cells: each cell whole on one sheet, labels never cut, no
sheet nearly empty where another split fits, cross marks clear of text and meeting across each seam.

Pages are built through the layout functions (no kit build): a radius-3 hex island (19 land hexes in a sea
frame, 37 in all) at 40, 50 and 60 mm on A4 and Letter, and a square grid.
"""

from __future__ import annotations

import itertools
import math

import pytest

from pnpkit.generator.geometry import ink_bounds
from pnpkit.generator.layouts.cellsplit import Piece, Reserve, split_cells
from pnpkit.generator.layouts.celltiles import ARM, FLAP, cell_outline, cell_tile_pages, room_of
from pnpkit.generator.layouts.collisions import MINIATURE
from pnpkit.generator.layouts.context import LayoutContext, page_text
from pnpkit.generator.layouts.grids import GridSpec, grid_pages
from pnpkit.generator.layouts.hexboard import (
    BoardCell,
    CellMarks,
    TerrainStyle,
    board_extent,
    board_items,
    board_pages,
    hex_seams,
)
from pnpkit.generator.layouts.tiling import HEADER, assembled_size, spans
from pnpkit.generator.scene import Circle, Group, Page, Polygon, Style, Text, apply, group_matrix, walk
from pnpkit.generator.units import A4, HARD_MARGIN, LETTER, Paper
from pnpkit.validator.components.hexboard import SQRT3

STYLES = [
    TerrainStyle("sea", "Sea", "#bcd7e8", "none", "#000000"),
    TerrainStyle("land", "Land", "#9cc28a", "none", "#000000"),
]
NUMBERS = ("2", "3", "4", "5", "6", "8", "9", "10", "11", "12")


def island() -> list[BoardCell]:
    """37 hexes: 19 land in a ring of 18 sea."""
    cells = []
    for q, r in itertools.product(range(-3, 4), repeat=2):
        ring = max(abs(q), abs(r), abs(q + r))
        if ring <= 3:
            cells.append(BoardCell(q, r, "sea" if ring == 3 else "land"))
    return cells


def island_marks(cells: list[BoardCell]) -> CellMarks:
    """A number on every land hex (the kind a registration mark once hid) and a named harbour at sea."""
    land = [c for c in cells if c.terrain == "land"]
    labels = {(c.q, c.r): (NUMBERS[i % len(NUMBERS)], ()) for i, c in enumerate(land)}
    labels[(3, -3)] = ("Harbour", ())
    return CellMarks(labels, {(0, -2): "#c0392b"})


def island_pages(paper: Paper, size: float) -> tuple[LayoutContext, list[Page]]:
    ctx = LayoutContext("en", paper)
    cells = island()
    return ctx, board_pages(ctx, "Island", "", cells, STYLES, "Legend", size, island_marks(cells))


def grid_case(paper: Paper = A4) -> tuple[LayoutContext, list[Page]]:
    ctx = LayoutContext("en", paper)
    spec = GridSpec(13, 11, 25.0, tuple(tuple(None for _ in range(13)) for _ in range(11)), True)
    labels = {(c, r): (f"{c}·{r}", ()) for c in range(1, 14, 3) for r in range(1, 12, 2)}
    return ctx, grid_pages(ctx, "Grid", "", spec, {}, CellMarks(labels, {}), [], 0.0)


def flat_case() -> tuple[LayoutContext, list[Page]]:
    """Flat-topped hexes 45 mm across, drawn here as a board drawing draws them (a group per cell, its outline
    first, its label inside): the split reads outlines, so it needs no case of its own for them."""
    ctx = LayoutContext("en", A4)
    radius = 45.0 / SQRT3
    items: list[Group] = []
    for col, row in itertools.product(range(9), range(6)):
        cx = radius + col * 1.5 * radius
        cy = 22.5 + row * 45.0 + (22.5 if col % 2 else 0.0)
        corners = tuple(
            (cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
            for a in range(0, 360, 60)
        )
        label = Text(cx, cy + 1.2, f"{col}/{row}", 8, anchor="middle")
        items.append(
            Group(
                (Polygon(corners, style=Style(fill="#dde8c8", stroke="#000000", width=0.5)), label),
                role="cell",
                name=f"{col},{row}",
            )
        )
    tiled = cell_tile_pages(ctx, "Flat", list(items))
    assert tiled is not None
    return ctx, tiled.pages


def tile_groups(page: Page) -> list[tuple[Group, tuple]]:
    return [(item, m) for item, m in walk(page.items) if isinstance(item, Group) and item.role == "tile"]


def sheets(pages: list[Page]) -> list[Page]:
    return [page for page in pages if tile_groups(page)]


def cells_on(page: Page) -> list[tuple[Group, tuple]]:
    """Each cell group on a sheet with the matrix that places its contents on the page."""
    out = []
    for tile, matrix in tile_groups(page):
        inner = group_matrix(tile, matrix)
        out += [
            (cell, group_matrix(cell, inner)) for cell in tile.items if isinstance(cell, Group) and cell.role == "cell"
        ]
    return out


def page_polygon(cell: Group, matrix: tuple) -> list[tuple[float, float]]:
    outline = cell_outline(cell)
    assert outline is not None
    return [apply(matrix, x, y) for x, y in outline]


def inside_polygon(point: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    """Ray casting; a point on the outline counts as inside."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y):
            cross = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if abs(cross - x) < 1e-6:
                return True
            if cross > x:
                inside = not inside
    return inside


def area(polygon: list[tuple[float, float]]) -> float:
    return (
        abs(sum(polygon[i][0] * polygon[i - 1][1] - polygon[i - 1][0] * polygon[i][1] for i in range(len(polygon)))) / 2
    )


def landscape(page: Page) -> bool:
    return any(isinstance(item, Group) and item.role == "landscape-sheet" for item in page.items)


def used(ctx: LayoutContext, page: Page) -> float:
    """The area of a sheet's cells over its printable board area (inside the margins, under the header)."""
    width, height = room_of(ctx, landscape(page))
    return sum(area(page_polygon(cell, m)) for cell, m in cells_on(page)) / (width * height)


def straight_sheet_count(ctx: LayoutContext, cells: list[BoardCell], size: float) -> int:
    """How many sheets the straight cuts through hexes took before boards were split along their cells."""
    x0, y0, x1, y1 = board_extent(cells, size)
    seams_x, seams_y = hex_seams(cells, size)
    cols = spans(x1 - x0, ctx.paper.width - 2 * ctx.margin, seams_x)
    rows = spans(y1 - y0, ctx.paper.height - 2 * ctx.margin - HEADER, seams_y)
    return len(cols) * len(rows)


ISLAND_CASES = [(paper, size) for paper in (A4, LETTER) for size in (40.0, 50.0, 60.0)]


@pytest.mark.parametrize(("paper", "size"), ISLAND_CASES, ids=[f"{p.name}-{s:g}mm" for p, s in ISLAND_CASES])
def test_island_sheets_are_no_more_than_straight_cuts_and_none_is_nearly_empty(paper, size):
    ctx, pages = island_pages(paper, size)
    tiles = sheets(pages)
    assert 2 <= len(tiles) <= straight_sheet_count(ctx, island(), size)
    shares = [used(ctx, page) for page in tiles]
    assert min(shares) >= 0.25, shares
    assert all((page.width, page.height) == (paper.width, paper.height) for page in pages)
    assert not ctx.problems and [(p.code, p.message) for p in page_text(pages)] == []  # PK309, PK367, PK368 silent


@pytest.mark.parametrize("case", ["hex-a4-60", "hex-letter-50", "grid", "flat"])
def test_every_cell_is_whole_on_exactly_one_sheet_and_its_texts_inside_it(case):
    if case == "grid":
        _ctx, pages = grid_case()
        expected = {f"{chr(97 + c)}{r + 1}" for c in range(13) for r in range(11)}
    elif case == "flat":
        _ctx, pages = flat_case()
        expected = {f"{c},{r}" for c in range(9) for r in range(6)}
        assert len(pages) >= 2
    else:
        paper, size = (A4, 60.0) if case == "hex-a4-60" else (LETTER, 50.0)
        _ctx, pages = island_pages(paper, size)
        expected = {f"{c.q},{c.r}:{c.terrain}" for c in island()}
    seen: list[str] = []
    texts = 0
    for page in sheets(pages):
        for tile, _m in tile_groups(page):
            assert tile.clip is None  # nothing of a cell is cut away
        for cell, matrix in cells_on(page):
            seen.append(cell.name)
            polygon = page_polygon(cell, matrix)
            assert all(HARD_MARGIN <= x <= page.width - HARD_MARGIN for x, _y in polygon)
            assert all(HARD_MARGIN <= y <= page.height - HARD_MARGIN for _x, y in polygon)
            for item, m in walk(cell.items, matrix):
                if isinstance(item, Text):
                    texts += 1
                    x0, y0, x1, y1 = ink_bounds(item, m)
                    assert x0 >= HARD_MARGIN and x1 <= page.width - HARD_MARGIN
                    assert y0 >= HARD_MARGIN and y1 <= page.height - HARD_MARGIN
                    for corner in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
                        assert inside_polygon(corner, polygon), (cell.name, item.text)
    assert sorted(seen) == sorted(expected)  # each cell once: on exactly one sheet
    assert texts >= 10


def _brute_force(pieces: list[Piece], upright, turned, reserve: Reserve) -> tuple[int, float]:
    """Every two-level split by centre lines, both ways round and both orientations: (fewest sheets, the
    fullest emptiest sheet among those)."""

    def groups(indices, axis):
        keys = sorted({round(pieces[i].centre[axis], 4) for i in indices})
        slices = [[i for i in indices if round(pieces[i].centre[axis], 4) == k] for k in keys]
        for cuts in itertools.product((False, True), repeat=len(slices) - 1):
            parts, current = [], list(slices[0])
            for cut, piece in zip(cuts, slices[1:], strict=True):
                if cut:
                    parts.append(current)
                    current = []
                current += piece
            yield [*parts, current]

    def fits(parts, n, axis, room):
        low = min(pieces[i].box[axis] for i in parts[n])
        high = max(pieces[i].box[axis + 2] for i in parts[n])
        return high - low + reserve.mark * (n > 0) + reserve.flap * (n < len(parts) - 1) <= room + 1e-6

    best = None
    for width, height in (upright, turned):
        for outer, inner, outer_room, inner_room in ((0, 1, width, height), (1, 0, height, width)):
            for bands in groups(list(range(len(pieces))), outer):
                if not all(fits(bands, n, outer, outer_room) for n in range(len(bands))):
                    continue
                choices = []
                for band in bands:
                    options = [
                        s for s in groups(band, inner) if all(fits(s, n, inner, inner_room) for n in range(len(s)))
                    ]
                    choices.append(options)
                for pick in itertools.product(*choices):
                    cells = [sheet for split in pick for sheet in split]
                    least = min(sum(pieces[i].area for i in sheet) / (width * height) for sheet in cells)
                    score = (len(cells), -least)
                    best = score if best is None or score < best else best
    assert best is not None
    return best[0], -best[1]


def _hex_pieces(cells: list[tuple[int, int]], size: float) -> list[Piece]:
    radius = size / SQRT3
    out = []
    for q, r in cells:
        cx, cy = size * (q + r / 2), 1.5 * radius * r
        corners = tuple(
            (cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
            for a in range(-90, 270, 60)
        )
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        out.append(Piece(corners, (min(xs), min(ys), max(xs), max(ys))))
    return out


def _flat_pieces(columns: int, rows: int, size: float) -> list[Piece]:
    """Flat-topped hexes `size` across flats, odd columns half a hex down."""
    radius = size / SQRT3
    out = []
    for col, row in itertools.product(range(columns), range(rows)):
        cx, cy = radius + col * 1.5 * radius, size / 2 + row * size + (size / 2 if col % 2 else 0.0)
        corners = tuple(
            (cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
            for a in range(0, 360, 60)
        )
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        out.append(Piece(corners, (min(xs), min(ys), max(xs), max(ys))))
    return out


SMALL = [
    (
        "hexagon r2",
        _hex_pieces([(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2], 30.0),
        (100.0, 120.0),
    ),
    ("rhombus 4x4", _hex_pieces([(q, r) for q in range(4) for r in range(4)], 28.0), (90.0, 70.0)),
    ("strip 7", _hex_pieces([(q, 0) for q in range(7)], 25.0), (80.0, 60.0)),
    ("flat 5x3", _flat_pieces(5, 3, 30.0), (95.0, 75.0)),
]


@pytest.mark.parametrize(("name", "pieces", "room"), SMALL, ids=[s[0] for s in SMALL])
def test_the_split_is_the_best_of_every_split_by_centre_lines(name, pieces, room):
    """The dynamic programme finds what trying every split finds: the fewest sheets, then the fullest emptiest
    sheet, so a sheet under a quarter full means no split of this kind fills them all better."""
    turned = (room[1] + HEADER, room[0] - HEADER)
    reserve = Reserve(FLAP, ARM)
    split = split_cells(pieces, room, turned, reserve)
    assert split is not None
    count, least = _brute_force(pieces, room, turned, reserve)
    assert count >= 2 and len(split.sheets) == count
    assert split.least_used == pytest.approx(least)
    assert sorted(i for sheet in split.sheets for i in sheet.cells) == list(range(len(pieces)))


@pytest.mark.parametrize(
    ("paper", "size"),
    [*ISLAND_CASES, (A4, 0.0), (A4, -1.0)],
    ids=[*(f"{p.name}-{s:g}mm" for p, s in ISLAND_CASES), "grid", "flat"],
)
def test_registration_marks_never_cover_text_and_meet_across_each_seam(paper, size):
    _ctx, pages = grid_case(paper) if size == 0 else flat_case() if size < 0 else island_pages(paper, size)
    where: dict[tuple[float, float], int] = {}
    for page in sheets(pages):
        texts = [ink_bounds(item, m) for item, m in walk(page.items) if isinstance(item, Text) and item.text.strip()]
        (tile, matrix) = tile_groups(page)[0]
        to_page = group_matrix(tile, matrix)
        scale = math.hypot(to_page[0], to_page[1])
        assert scale == pytest.approx(1.0)  # every sheet prints the board at full size
        marks = [
            (item, m) for item, m in walk(page.items) if isinstance(item, Group) and item.role == "registration-mark"
        ]
        for mark, m in marks:
            parts = [ink_bounds(part, m) for part in mark.items]
            x0, y0 = min(p[0] for p in parts), min(p[1] for p in parts)
            x1, y1 = max(p[2] for p in parts), max(p[3] for p in parts)
            for t in texts:
                assert not (x0 < t[2] and t[0] < x1 and y0 < t[3] and t[1] < y1), "a cross mark covers a text"
            centre = apply(m, mark.items[0].cx, mark.items[0].cy)
            # back to board millimetres through the sheet's own placement
            a, b, c, d, e, f = to_page
            det = a * d - b * c
            px, py = centre[0] - e, centre[1] - f
            board = (round((d * px - c * py) / det, 1), round((-b * px + a * py) / det, 1))
            where[board] = where.get(board, 0) + 1
    assert where and all(count == 2 for count in where.values())  # each cross prints half on either sheet


@pytest.mark.parametrize(("paper", "size"), [(A4, 60.0), (LETTER, 40.0)])
def test_assembled_island_is_its_nominal_size(paper, size):
    _ctx, pages = island_pages(paper, size)
    x0, y0, x1, y1 = board_extent(island(), size)
    width, height = assembled_size(sheets(pages))
    assert abs(width - (x1 - x0)) <= 0.5 and abs(height - (y1 - y0)) <= 0.5
    assert abs(width - 7 * size) <= 0.5 and abs(height - (6 * 1.5 + 2) * size / SQRT3) <= 0.5


@pytest.mark.parametrize("case", ["hex", "grid"])
def test_overview_shows_every_label_in_miniature_and_no_page_findings(case):
    ctx, pages = grid_case() if case == "grid" else island_pages(A4, 50.0)
    overview = pages[0]
    miniature = [item for item, _m in walk(overview.items) if isinstance(item, Group) and item.name == MINIATURE]
    assert len(miniature) == 1
    shown = sorted(item.text for item, _m in walk(miniature[0].items) if isinstance(item, Text))
    printed = sorted(
        item.text
        for page in sheets(pages)
        for cell, m in cells_on(page)
        for item, _ in walk((cell,), m)
        if isinstance(item, Text)
    )
    assert printed and set(printed) <= set(shown)
    assert not ctx.problems
    assert [(p.code, p.message) for p in page_text(pages)] == []
    labels = [
        item.text
        for page in sheets(pages)
        for item, _m in walk(page.items)
        if getattr(item, "role", "") == "tile-label"
    ]
    assert len(labels) == len(sheets(pages)) and all(" of " in label for label in labels)
    for page in sheets(pages):
        roles = {getattr(item, "role", "") for item, _m in walk(page.items)}
        assert {"scale-bar", "print-note", "assembly-cell", "tile-note"} <= roles
    for page in pages:  # the sheet map is stored once as a symbol: its box holds the whole board
        for group, _m in walk(page.items):
            if isinstance(group, Group) and group.role == "sheet-map":
                clip = group.clip
                assert group.symbol and clip is not None
                for item in group.items:
                    x0, y0, x1, y1 = ink_bounds(item)
                    assert clip.x <= x0 and x1 <= clip.x + clip.w and clip.y <= y0 and y1 <= clip.y + clip.h


def test_a_hex_larger_than_a_sheet_is_cut_straight():
    ctx = LayoutContext("en", A4)
    cells = [BoardCell(0, 0, "land"), BoardCell(1, 0, "sea")]
    pages = board_pages(ctx, "Huge", "", cells, STYLES, "Legend", 260.0, CellMarks({}, {}))
    tiles = sheets(pages)
    assert len(tiles) >= 2 and all(tile.clip is not None for page in tiles for tile, _m in tile_groups(page))


def test_a_wide_board_turns_its_sheets_when_that_needs_fewer():
    """A strip of hexes 270 mm long fits one landscape sheet, where upright it needs two."""
    ctx = LayoutContext("en", A4)
    cells = [BoardCell(q, 0, "land") for q in range(9)]
    pages = board_pages(ctx, "Strip", "", cells, STYLES, "Legend", 30.0, CellMarks({}, {}))
    tiles = sheets(pages)
    assert len(tiles) == 1 and landscape(tiles[0])
    assert (tiles[0].width, tiles[0].height) == (A4.width, A4.height)
    for item, m in walk(tiles[0].items):
        ink = ink_bounds(item, m) if not isinstance(item, Group) else None
        if ink is not None:
            assert ink[0] >= HARD_MARGIN - 1e-6 and ink[2] <= A4.width - HARD_MARGIN + 1e-6
            assert ink[1] >= HARD_MARGIN - 1e-6 and ink[3] <= A4.height - HARD_MARGIN + 1e-6


def test_a_place_on_a_seam_prints_on_both_sheets_and_one_inside_a_sheet_once():
    """Edge places drawn outside the cells' groups (as a board may draw roads) go with the cells nearest them:
    a place on the edge between two sheets prints on both, each half where it lands."""
    ctx = LayoutContext("en", A4)
    size = 40.0
    art, _w, _h = board_items(island(), {s.id: s for s in STYLES}, size, 0.0, 0.0)
    cells = {group.name: cell_outline(group) or () for group in art if isinstance(group, Group)}
    places: list[Circle] = []
    expected: dict[int, set[str]] = {}
    names = sorted(cells)
    for a, b in itertools.combinations(names, 2):
        shared = set(_round(cells[a])) & set(_round(cells[b]))
        if len(shared) == 2:  # neighbours: a place on the middle of their edge
            (x1, y1), (x2, y2) = sorted(shared)
            expected[len(places)] = {a, b}
            places.append(Circle((x1 + x2) / 2, (y1 + y2) / 2, 2.0, style=Style(fill="#000000"), role="edge-place"))
    tiled = cell_tile_pages(ctx, "Roads", [*art, *places])
    assert tiled is not None
    on_sheets: dict[int, int] = {}
    holders: dict[str, int] = {}
    for n, page in enumerate(tiled.pages):
        for tile, _m in tile_groups(page):
            for item in tile.items:
                if isinstance(item, Group):
                    holders[item.name] = n
                elif isinstance(item, Circle):
                    index = places.index(item)
                    on_sheets[index] = on_sheets.get(index, 0) + 1
    seams = 0
    for index, pair in expected.items():
        sheets_of_pair = {holders[name] for name in pair}
        seams += len(sheets_of_pair) == 2
        assert on_sheets[index] == len(sheets_of_pair)
    assert seams >= 3


def _round(points):
    return [(round(x, 3), round(y, 3)) for x, y in points]


def test_the_same_board_splits_the_same_way_byte_for_byte():
    from pnpkit.generator.backends import pdf
    from pnpkit.generator.scene import Document

    first, second = island_pages(A4, 50.0)[1], island_pages(A4, 50.0)[1]
    assert first == second
    assert pdf.render(Document(tuple(first), "i")) == pdf.render(Document(tuple(second), "i"))


def test_a_long_title_is_shortened_on_the_sheets_and_makes_no_finding():
    ctx = LayoutContext("en", A4)
    cells = island()
    title = "The Very Long Name Of A Board That Somebody Gave It " * 5
    pages = board_pages(ctx, title, "", cells, STYLES, "Legend", 50.0, island_marks(cells))
    heads = [i.text for page in sheets(pages) for i, _m in walk(page.items) if isinstance(i, Text) and i.size == 11]
    assert heads and all(h.endswith("…") and len(h) < len(title) for h in heads)
    assert not [p for p in page_text(sheets(pages)) if p.code in {"PK309", "PK367", "PK368"}]


def test_a_miniature_is_exempt_from_the_text_floor_and_nothing_else_is():
    """The overview's board is its own drawing shrunk: its numbers are checked where they print full size."""
    from pnpkit.generator.layouts.context import small_text

    number = Text(10.0, 10.0, "6", 8.0)
    shrunk = Group((number,), scale=0.3, name=MINIATURE)
    other = Group((number,), scale=0.3, name="legend")
    assert small_text([Page(210.0, 297.0, (shrunk,))]) == []
    assert [p.code for p in small_text([Page(210.0, 297.0, (other,))])] == ["PK326"]


def test_a_board_with_edge_and_corner_places_still_splits_along_its_cells():
    """The places are drawn a layer at a time (all roads in one group): each slot must go with the cells nearest it,
    not the whole layer with one cell, or the split finds a 'cell' larger than a sheet and cuts straight through
    the hexes."""
    from pnpkit.generator.layouts.places import PlaceLook
    from pnpkit.validator.components.places import Place, select_spots

    cells = island()
    terrains: dict[tuple[int, int], str | None] = {(c.q, c.r): c.terrain for c in cells}
    looks = []
    for on in ("edges", "corners"):
        place = Place(id=f"p-{on}", on=on, around=["land"])
        spots, problems, _written = select_spots(place, "pointy", terrains)
        assert spots and not problems
        looks.append(PlaceLook(place.id, on, "slot", None, tuple(spots), piece=(12.0, 5.0)))
    marks = island_marks(cells)
    marks = CellMarks(marks.labels, marks.starts, places=tuple(looks))
    ctx = LayoutContext("en", A4)
    pages = board_pages(ctx, "Island", "", cells, STYLES, "Legend", 50.0, marks)
    tiles = sheets(pages)
    assert len(tiles) >= 2  # split along the cells: the straight cut makes no "tile" groups
    seen = sorted(cell.name for page in tiles for cell, _m in cells_on(page))
    assert seen == sorted(f"{c.q},{c.r}:{c.terrain}" for c in cells)
    assert min(used(ctx, page) for page in tiles) >= 0.25


def test_a_miniature_keeps_its_texts_at_the_floor_or_leaves_them_out():
    """No text prints below the floor, in a miniature either: one a little too small is enlarged, one that would need
    more than MINIATURE_GROWTH times its size is left out; the island's overview keeps every number, at 6 pt or more."""
    from pnpkit.generator.layouts.context import FLOOR_LATIN, MINIATURE_GROWTH, legible_miniature

    number = Text(10.0, 10.0, "6", 8.0)
    enlarged = legible_miniature([Group((number,), scale=0.5)], 0.9)
    assert [item.size for item, _m in walk(enlarged) if isinstance(item, Text)] == [pytest.approx(6.0 / 0.45)]
    too_far = FLOOR_LATIN / (number.size * MINIATURE_GROWTH) * 0.99
    assert [item for item, _m in walk(legible_miniature([number], too_far)) if isinstance(item, Text)] == []
    _ctx, pages = island_pages(A4, 50.0)
    miniature = next(g for g, _m in walk(pages[0].items) if isinstance(g, Group) and g.name == MINIATURE)
    sizes = [item.size * m[0] for item, m in walk((miniature,)) if isinstance(item, Text)]
    assert len(sizes) >= 19 and min(sizes) >= FLOOR_LATIN - 1e-6
