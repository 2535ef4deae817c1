"""Places on a board's edges, corners and cells (pointy hexes, flat hexes, square grids), number discs and loose
tiles: what the checks find at which line, and what the drawing puts where."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from conftest import KITS, cli, line_of, parse_findings

KIT = """id: places-test
game: generic
title: {en: Places}
author: pnpkit
version: "1.0"
players: {min: 2, max: 2}
languages: [en]
include: [boards.yaml]
tokens:
  diameter: DIAMETER
  players:
    - {name: {en: Red}, colour: "#c0392b"}
    - {name: {en: Blue}, colour: "#2e6da4"}
"""


def write_kit(tmp_path: Path, boards: str, diameter: str = "8mm", name: str = "kit") -> Path:
    kit = tmp_path / name
    kit.mkdir()
    (kit / "kit.yaml").write_text(KIT.replace("DIAMETER", diameter), encoding="utf-8")
    (kit / "boards.yaml").write_text(boards, encoding="utf-8")
    return kit


def findings(kit: Path, code: str) -> list:
    result = cli("validate", kit)
    assert "Traceback" not in result.stderr, result.stderr
    return [f for f in parse_findings(result.stdout + result.stderr) if f.code == code]


SHAPES = {
    "pointy": ("    hex: {{hex_size: {size}, rows: ['c c', 'c c c', 'c c']}}\n", "15mm", "30mm"),
    "flat": ("    hex: {{orientation: flat, hex_size: {size}, rows: ['c c c', 'c c c']}}\n", "15mm", "30mm"),
    "grid": ("    grid: {{columns: 3, rows: 2, cell: {size}}}\n", "9mm", "20mm"),
}


def board(board_id: str, shape: str, places: str, extra: str = "") -> str:
    return (
        f"  - id: {board_id}\n    name: {{en: {board_id}}}\n{shape}"
        "    terrains: [{id: c, name: {en: Land}, colour: '#dddddd'}]\n"
        f"{extra}    places:\n{places}"
    )


PIECES = (
    "      - {id: road, on: edges, around: all, holds: [players]}\n"
    "      - {id: town, on: corners, around: all, holds: [players]}\n"
)


@pytest.mark.parametrize("kind", sorted(SHAPES))
def test_a_piece_too_large_for_its_edges_and_corners_is_an_error_at_the_size(tmp_path: Path, kind: str):
    """8 mm pieces with 2 mm to spare: 15 mm hexes (edges 8.7 mm) and 9 mm squares are too small, on edges and on
    corners; the same places on 30 mm hexes and 20 mm squares stay silent."""
    shape, small, large = SHAPES[kind]
    text = (
        "boards:\n"
        + board("small", shape.format(size=small), PIECES)
        + board("large", shape.format(size=large), PIECES)
    )
    kit = write_kit(tmp_path, text)
    found = findings(kit, "PK415")
    size_word = "cell" if kind == "grid" else "hex_size"
    small_line = line_of(kit / "boards.yaml", f"{size_word}: {small}")
    assert [(f.line, f.severity) for f in found] == [(small_line, "error")] * 2, [f.text for f in found]
    assert {"edges of place 'road'" in f.text or "corners of place 'town'" in f.text for f in found} == {True}


def test_a_misfit_on_auto_hexes_is_found_at_layout_at_the_holds_entry(tmp_path: Path):
    """A row of fifteen hexes prints them about 12.5 mm across at `hex_size: auto`: corners 7 mm apart."""
    places = "      - id: town\n        on: corners\n        around: all\n        holds: [players]\n"
    shape = "    hex: {hex_size: auto, rows: ['" + " ".join("c" * 15) + "']}\n"
    kit = write_kit(tmp_path, "boards:\n" + board("long", shape, places))
    found = findings(kit, "PK415")
    assert [f.line for f in found] == [line_of(kit / "boards.yaml", "        holds: [players]")]
    assert "hex_size: auto" in found[0].text


def test_one_edge_or_corner_written_from_either_cell_is_one_place():
    from pnpkit.validator.components.places import Place, select_spots, spot_key

    assert spot_key("pointy", "edges", (0, 0), "E") == spot_key("pointy", "edges", (1, 0), "W")
    assert spot_key("pointy", "corners", (0, 0), "NE") == spot_key("pointy", "corners", (1, -1), "S")
    assert spot_key("pointy", "corners", (0, 0), "NE") == spot_key("pointy", "corners", (1, 0), "NW")
    assert spot_key("flat", "edges", (0, 0), "SE") == spot_key("flat", "edges", (1, 0), "NW")
    assert spot_key("flat", "corners", (0, 0), "E") == spot_key("flat", "corners", (1, 0), "NW")
    assert spot_key("flat", "corners", (0, 0), "E") == spot_key("flat", "corners", (1, -1), "SW")
    assert spot_key("grid", "corners", (1, 1), "SE") == spot_key("grid", "corners", (2, 2), "NW")
    assert spot_key("grid", "edges", (1, 1), "E") != spot_key("grid", "edges", (1, 1), "S")
    counts = {}
    for kind, cells in (
        ("pointy", {(0, 0): "c", (1, 0): "c"}),
        ("grid", {(c, r): "c" for c in (1, 2) for r in (1, 2)}),
    ):
        for on in ("edges", "corners"):
            spots, problems, _written = select_spots(Place(id="p", on=on, around="all"), kind, cells)
            assert problems == []
            counts[(kind, on)] = len(spots)
    # two hexes share one edge and two corners; four squares share four edges and five corners
    assert counts == {("pointy", "edges"): 11, ("pointy", "corners"): 10, ("grid", "edges"): 12, ("grid", "corners"): 9}


def test_a_place_written_twice_and_bad_sides_are_found_at_their_lines(tmp_path: Path):
    places = (
        "      - id: harbour\n        on: edges\n        at:\n"
        "          - [1, 0, E]\n          - [2, 0, W]\n          - [1, 0, N]\n          - [9, 9, E]\n"
        "      - id: tower\n        on: corners\n        at:\n          - [1, 0, E]\n"
    )
    grid_places = "      - id: gate\n        on: edges\n        at:\n          - [1, 1, NE]\n"
    text = (
        "boards:\n"
        + board("pointy", SHAPES["pointy"][0].format(size="30mm"), places)
        + board("grid", SHAPES["grid"][0].format(size="20mm"), grid_places)
    )
    kit = write_kit(tmp_path, text)
    boards = kit / "boards.yaml"
    twice = findings(kit, "PK304")
    assert [f.line for f in twice] == [line_of(boards, "          - [2, 0, W]")]
    first = line_of(boards, "          - [1, 0, E]\n          - [2, 0, W]")
    assert f"boards.yaml:{first}" in twice[0].text
    bad = {f.line: f.text for f in findings(kit, "PK305")}
    assert "NE, E, SE, SW, W, NW" in bad[line_of(boards, "          - [1, 0, N]")]
    assert "no cell [9, 9]" in bad[line_of(boards, "          - [9, 9, E]")]
    assert "N, NE, SE, S, SW, NW" in bad[line_of(boards, "      - id: tower") + 3]
    assert "N, E, S, W" in bad[line_of(boards, "          - [1, 1, NE]")]
    assert len(bad) == 4


def laid_out(kit: Path, slug: str):
    from pnpkit.generator.build import layout_kit
    from pnpkit.validator.kit import load_kit

    loaded = load_kit(kit)
    assert loaded.ok
    parts, problems = layout_kit(loaded, "en")
    assert [p for p in problems if p.is_error] == []
    return next(part for part in parts if part.slug == slug)


def walked(page):
    from pnpkit.generator.scene import apply, walk

    for item, matrix in walk(page.items):
        yield item, matrix, apply


def test_the_board_draws_one_slot_per_place_and_a_corner_slot_on_the_hex_corner(tmp_path: Path):
    from pnpkit.generator.scene import Circle, Group, Polygon

    places = PIECES + (
        "      - {id: star, on: corners, at: [[0, 0, W]], look: dot}\n"
        "      - {id: harbour, on: edges, at: [[0, 0, N]], look: wedge, label: {en: '3:1'}}\n"
    )
    text = "boards:\n" + board("b", SHAPES["flat"][0].format(size="30mm"), places)
    kit = write_kit(tmp_path, text)
    part = laid_out(kit, "b")
    roles: dict[str, int] = {}
    hexes: dict[str, tuple] = {}
    corner_slots = []
    for item, matrix, apply in walked(part.pages[0]):
        role = getattr(item, "role", "")
        kind = role.split(":")[0]
        roles[kind] = roles.get(kind, 0) + 1
        if isinstance(item, Group) and item.role == "cell":
            hexes[item.name.split(":")[0]] = next(
                tuple(apply(matrix, *p) for p in child.points) for child in item.items if isinstance(child, Polygon)
            )
        if isinstance(item, Circle) and role.startswith("slot:town@0,0NE"):
            corner_slots.append(apply(matrix, item.cx, item.cy))
        if isinstance(item, Polygon) and role.startswith("wedge:"):
            wedge = [apply(matrix, *p) for p in item.points]
    # six flat hexes, three columns of two: 36 sides, 9 of them shared, so 27 edges; 22 corners (Euler: V = E - F + 2
    # with 7 faces); each drawn once
    assert (roles["slot"], roles["dot"], roles["wedge"]) == (27 + 22, 1, 1)
    assert len(corner_slots) == 1
    x, y = corner_slots[0]
    assert any(math.dist((x, y), corner) < 1e-6 for corner in hexes["0,0"])
    top_right = max(hexes["0,0"], key=lambda p: (-round(p[1], 6), p[0]))  # NE corner of a flat hex: top, right
    assert math.dist((x, y), top_right) < 1e-6
    # the harbour's wedge runs from the N edge's two corners to a tip inside the hex, 45 % of the way to its centre
    centre = (sum(p[0] for p in hexes["0,0"]) / 6, sum(p[1] for p in hexes["0,0"]) / 6)
    top = sorted(hexes["0,0"], key=lambda p: p[1])[:2]
    assert all(any(math.dist(w, t) < 1e-6 for w in wedge) for t in top)
    assert math.dist(wedge[2], centre) == pytest.approx(15.0 - 0.45 * 15.0)


def test_number_discs_are_readable_on_a_50mm_hex_and_chosen_values_take_the_emphasis_colour(tmp_path: Path):
    from pnpkit.generator.scene import Circle, Text

    numbers = (
        "    numbers:\n      pips: 2d6\n      emphasis: {values: [6, 8], colour: '#c0392b'}\n"
        "      discs: [{at: [1, 0], value: 6}, {at: [2, 0], value: 3}]\n"
    )
    shape = "    hex: {hex_size: 50mm, rows: ['c c', 'c c c']}\n"
    kit = write_kit(tmp_path, "boards:\n" + board("b", shape, "      - {id: x, on: cells, at: [[0, 1]]}\n", numbers))
    part = laid_out(kit, "b")
    texts = {}
    pips = discs = 0
    for item, _matrix, _apply in walked(part.pages[0]):
        if isinstance(item, Text) and item.text in ("6", "3"):
            texts[item.text] = item
        if isinstance(item, Circle) and item.role == "pip":
            pips += 1
        if isinstance(item, Circle) and item.role == "number-disc":
            discs += 1
    assert discs == 2 and pips == 5 + 2
    assert texts["6"].size >= 10 and texts["3"].size >= 10
    assert texts["6"].colour == "#c0392b" and texts["3"].colour == "#000000"


def test_loose_tiles_print_each_terrains_count_and_no_board(tmp_path: Path):
    from pnpkit.generator.scene import Group

    text = (
        "boards:\n  - id: land\n    name: {en: Land}\n    tiles: loose\n"
        "    hex: {hex_size: 80mm, key: {a: field, b: hill}, rows: ['a b', 'b a b']}\n"
        "    terrains:\n      - {id: field, name: {en: Field}, colour: '#e8d87a', count: 5}\n"
        "      - {id: hill, name: {en: Hill}, colour: '#c98b5a'}\n"
        "    numbers: {pips: 2d6, discs: [{at: [1, 0], value: 5}, {at: [2, 0], value: 9}, {at: [0, 1], value: 11}]}\n"
    )
    kit = write_kit(tmp_path, text)
    from pnpkit.generator.build import layout_kit
    from pnpkit.validator.kit import load_kit

    parts, _problems = layout_kit(load_kit(kit), "en")
    slugs = [part.slug for part in parts]
    assert "land" not in slugs and "land-tiles" in slugs
    tiles = next(part for part in parts if part.slug == "land-tiles")
    per_page = [
        [item.name for item, _m, _a in walked(page) if isinstance(item, Group) and item.role == "loose-tile"]
        for page in tiles.pages
    ]
    per_page = [page for page in per_page if page]
    every = [name for page in per_page for name in page]
    assert sorted(every) == ["Field"] * 5 + ["Hill"] * 3  # 5 as counted, 3 as the board has
    assert len(per_page) == math.ceil(8 / len(per_page[0])) and len(per_page) > 1
    discs = [
        item.name for page in tiles.pages for item, _m, _a in walked(page) if getattr(item, "role", "") == "loose-disc"
    ]
    assert discs == ["5", "9", "11"]  # the number discs are loose too, after the tiles
    assert tiles.checklist == (("Land: tiles", 8), ("Number discs", 3))


def test_a_go_board_puts_its_star_points_on_the_line_crossings_inside_its_frame(tmp_path: Path):
    from pnpkit.generator.scene import Circle, Group, Rect

    text = (
        "boards:\n  - id: go\n    name: {en: Go}\n    grid: {columns: 4, rows: 4, cell: 15mm, coordinates: false, frame: 7mm}\n"
        "    terrains: [{id: wood, name: {en: Board}, colour: '#e3b96a'}]\n"
        "    places:\n      - {id: point, on: corners, around: all, look: none, holds: [players]}\n"
        "      - {id: star, on: corners, at: [[2, 2, SE]], look: dot}\n"
    )
    kit = write_kit(tmp_path, text, diameter="12mm")
    assert findings(kit, "PK415") == [] and findings(kit, "PK304") == []
    part = laid_out(kit, "go")
    frame = None
    cells = {}
    dots = []
    for item, matrix, apply in walked(part.pages[0]):
        if isinstance(item, Rect) and item.role == "frame":
            frame = apply(matrix, item.x, item.y)
        if isinstance(item, Group) and item.role == "cell":
            rect = next(child for child in item.items if isinstance(child, Rect))
            cells[item.name] = apply(matrix, rect.x, rect.y)
        if isinstance(item, Circle) and item.role.startswith("dot:"):
            dots.append(apply(matrix, item.cx, item.cy))
    assert frame is not None and math.dist(cells["a1"], (frame[0] + 7.0, frame[1] + 7.0)) < 1e-6
    # [2, 2, SE] is the intersection at the top-left corner of cell c3 (the cell [3, 3])
    assert len(dots) == 1 and math.dist(dots[0], cells["c3"]) < 1e-6


def test_places_that_could_select_too_much_are_refused_before_any_work(tmp_path: Path):
    """Six `around: all` places on a 1,000-hex board could select 36,000 edges and corners: one line, PK362."""
    rows = "    hex: {hex_size: auto, rows: [" + ", ".join(["'" + " ".join("c" * 40) + "'"] * 25) + "]}\n"
    places = "".join(f"      - {{id: p{i}, on: edges, around: all}}\n" for i in range(6))
    kit = write_kit(tmp_path, "boards:\n" + board("big", rows, places))
    result = cli("validate", kit)
    found = [f for f in parse_findings(result.stdout + result.stderr) if f.code == "PK362"]
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert len(found) == 1 and "36,000" in found[0].text


def test_island_traders_ports_touch_their_islands_and_ships_sail_on_one_board():
    """The example of edges and corners: one board, each port on a corner of the island whose good it sells, each
    home port on the home isle, and sea routes on every edge of the sea."""
    from pnpkit.validator.components.places import select_spots, touching
    from pnpkit.validator.kit import load_kit

    kit = load_kit(KITS["board-game"]).model
    assert [b.id for b in kit.boards] == ["island"] and kit.maps == []
    board = kit.boards[0]
    cells = {at: terrain for at, (terrain, _path) in board.cells().items()}
    for place in board.places:
        spots, problems, _written = select_spots(place, board.kind(), cells)
        assert problems == [] and spots, place.id
        island = place.id.removesuffix("-port") if place.id.endswith("-port") else "home"
        if place.on == "corners" and place.id != "anchorage":
            for spot in spots:
                assert island in {cells.get(c) for c in touching("pointy", "corners", spot.cell, spot.side)}, place.id
    routes = next(p for p in board.places if p.id == "route")
    assert len(select_spots(routes, "pointy", cells)[0]) == 106
    assert {m.id for m in kit.tokens.markers} == {"gold", "gold-5"}


@pytest.mark.parametrize("size", ["auto", "50mm"])
def test_slots_on_the_rim_keep_clear_of_the_paper_edge_and_the_title(tmp_path: Path, size: str):
    """A corner slot on the rim reaches past the hexes: the board leaves that room, so no ink comes within 5 mm of
    the paper's edge and no slot rises into the title."""
    from pnpkit.generator.scene import bounds
    from pnpkit.generator.units import HARD_MARGIN

    shape = f"    hex: {{hex_size: {size}, rows: ['c c', 'c c c', 'c c']}}\n"
    kit = write_kit(tmp_path, "boards:\n" + board("b", shape, PIECES), diameter="12mm")
    page = laid_out(kit, "b").pages[0]
    slots = [
        bounds(item, matrix) for item, matrix, _apply in walked(page) if getattr(item, "role", "").startswith("slot:")
    ]
    assert len(slots) == 30 + 24  # seven hexes: 42 sides, 12 of them shared; 24 corners
    title_rule = 5.0 + 2.0 + 12.0  # the sheet's margin and its title band
    for x0, y0, x1, y1 in slots:
        assert x0 >= HARD_MARGIN and x1 <= page.width - HARD_MARGIN
        assert y0 >= title_rule - 0.2 and y1 <= page.height - HARD_MARGIN  # 0.2: half the outline


@pytest.mark.parametrize(
    ("name", "boards"),
    [("go", {"go-9": (81, 5, 0), "go-13": (169, 5, 0)}), ("hex", {"hex-board": (0, 0, 88)})],
)
def test_go_and_hex_print_their_boards_with_points_stars_and_sides(name: str, boards: dict):
    """Go: 81 and 169 intersections (fit-checked, not drawn), five star points each; Hex: 121 flat hexes and 88 edge
    bands, 44 red and 44 blue."""
    from pnpkit.generator.build import layout_kit
    from pnpkit.generator.scene import Group
    from pnpkit.validator.components.places import select_spots
    from pnpkit.validator.kit import load_kit

    loaded = load_kit(KITS[name])
    kit = loaded.model
    parts, problems = layout_kit(loaded, "en")
    assert [p for p in problems if p.is_error] == []
    by_slug = {part.slug: part for part in parts}
    assert {"tokens", "rules", *boards} <= set(by_slug)
    for board in kit.boards:
        points, stars, bands = boards[board.id]
        cells = {at: terrain for at, (terrain, _path) in board.cells().items()}
        selected = {place.id: len(select_spots(place, board.kind(), cells)[0]) for place in board.places}
        assert selected.get("point", 0) == points
        roles = [getattr(item, "role", "") for item, _m, _a in walked(by_slug[board.id].pages[0])]
        assert sum(role.startswith("dot:") for role in roles) == stars
        assert sum(role.startswith("band:") for role in roles) == bands
        if name == "hex":
            assert (
                sum(
                    isinstance(item, Group) and item.role == "cell"
                    for item, _m, _a in walked(by_slug[board.id].pages[0])
                )
                == 121
            )
