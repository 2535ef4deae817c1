"""Boards, maps, mats and tracks for every kit without Python (tests/fixtures/generic/every-board, the old Island Traders), and the physical fit
checks: card spaces against their deck's cards (PK414), tokens against the cells and nodes they stand on
(PK415) and against track spaces (PK416)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from conftest import KITS, cli, line_of, make_bad_kit, parse_findings
from pypdf import PdfReader

KIT = "every-board"  # the old Island Traders: a hex board, a node map, a mat, a track
A4_PT = (595.28, 841.89)


def findings(kit: Path) -> list:
    result = cli("validate", kit)
    return parse_findings(result.stdout + result.stderr)


def only(found: list, code: str) -> list:
    return [f for f in found if f.code == code]


def test_board_game_example_validates_with_no_finding():
    result = cli("validate", KITS[KIT])
    assert result.returncode == 0, result.stdout + result.stderr
    assert parse_findings(result.stdout) == []
    assert "0 warning" in result.stdout or "OK" in result.stdout


@pytest.fixture(scope="module")
def built(kits) -> Path:
    """Every Board built in both languages: the session's shared build (conftest.Kits), which asserts it succeeds."""
    return kits.builds(KIT)[0]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_board_game_builds_every_board_in_both_languages(built: Path, lang: str):
    names = {
        "island": {"ja": "西の港", "en": "West port"},
        "sea-roads": {"ja": "真珠島", "en": "Pearl isle"},
        "market": {"ja": "売り場", "en": "Market stalls"},
        "score": {"ja": "得点トラック", "en": "Score track"},
        "sheet-score-pad": {"ja": "得点表", "en": "Score pad"},
    }
    for slug, words in names.items():
        reader = PdfReader(built / lang / f"{slug}.pdf")
        assert len(reader.pages) == 1, slug  # each fits one sheet: nothing wasted
        page = reader.pages[0]
        assert (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)) == A4_PT, slug
        text = page.extract_text()
        flat = " ".join(text.split())  # a name may wrap inside its node or cell
        assert words[lang] in flat or words[lang] in flat.replace(" ", ""), (slug, text[:200])
        assert "100" in text, slug  # the scale bar's print-at-100 % note
    book = PdfReader(built / lang / "kit.pdf")
    contents = book.pages[1].extract_text()
    for name in ({"ja": "市場", "en": "Market"}[lang], {"ja": "航路図", "en": "Sea roads"}[lang]):
        assert name in contents


def test_market_mat_card_spaces_hold_poker_cards(built: Path):
    """Every dashed card space on the mat is at least a poker card plus its margin, and lies inside its zone."""
    from pnpkit.validator.components.mats import mat_geometry
    from pnpkit.validator.kit import load_kit

    kit = load_kit(KITS[KIT]).model
    placed, misfits = mat_geometry(kit.mats[0], ("mats", 0), {"goods": (63.0, 88.0)})
    assert misfits == []
    spaces = [space for zone in placed for space in zone.spaces]
    assert len(spaces) == 4
    for zone in placed:
        for space in zone.spaces:
            assert space.w >= 63.0 + 2.9 and space.h >= 88.0 + 2.9
            assert zone.box.x <= space.x and space.x + space.w <= zone.box.x + zone.box.w
            assert zone.box.y <= space.y and space.y + space.h <= zone.box.y + zone.box.h


def test_a_tarot_deck_does_not_fit_the_mat_spaces(tmp_path: Path):
    kit = make_bad_kit(tmp_path, [("kit.yaml", "    size: poker\n", "    size: tarot\n")], kit=KIT)
    found = only(findings(kit), "PK414")
    boards = kit / "boards.yaml"
    assert {(f.file, f.line, f.severity) for f in found} >= {
        (boards, line_of(boards, "            cards: {deck: goods, count: 2}"), "error")
    }
    assert all("70 × 120 mm cards" in f.text for f in found)


def test_a_mat_space_naming_no_deck_is_a_reference_to_nothing(tmp_path: Path):
    kit = make_bad_kit(
        tmp_path, [("boards.yaml", "cards: {deck: goods, count: 2}", "cards: {deck: good, count: 2}")], kit=KIT
    )
    found = only(findings(kit), "PK305")
    assert [f.line for f in found] == [line_of(kit / "boards.yaml", "            cards: {deck: good, count: 2}")]
    assert "no deck 'good'" in found[0].text


def test_tokens_larger_than_map_nodes_are_an_error_at_the_node_size(tmp_path: Path):
    kit = make_bad_kit(tmp_path, [("kit.yaml", "  diameter: 14mm\n", "  diameter: 17mm\n")], kit=KIT)
    found = only(findings(kit), "PK415")
    assert [(f.line, f.severity) for f in found] == [(line_of(kit / "boards.yaml", "    node_size: 18mm"), "error")]
    assert "17 mm across" in found[0].text and "18.0 mm" in found[0].text


def test_tokens_larger_than_fixed_hexes_are_an_error_at_the_hex_size(tmp_path: Path):
    kit = make_bad_kit(tmp_path, [("boards.yaml", "      hex_size: auto\n", "      hex_size: 15mm\n")], kit=KIT)
    found = only(findings(kit), "PK415")
    assert [f.line for f in found] == [line_of(kit / "boards.yaml", "      hex_size: 15mm")]


def test_tokens_larger_than_auto_hexes_are_found_at_layout(tmp_path: Path):
    """At `hex_size: auto` the hexes' size is known only when the board is laid out on the paper."""
    kit = make_bad_kit(
        tmp_path,
        [
            ("kit.yaml", "  diameter: 14mm\n", "  diameter: 27mm\n"),
            ("boards.yaml", "node_size: 18mm", "node_size: 30mm"),
            ("boards.yaml", "    space_depth: 20mm\n    holds: [players]\n", "    space_depth: 20mm\n"),
        ],
        kit=KIT,
    )
    found = only(findings(kit), "PK415")
    holds = line_of(kit / "boards.yaml", "    holds: [players]\n\nmaps:")
    assert holds in {f.line for f in found}, [f.text for f in found]
    assert any("hex_size: auto" in f.text for f in found)


def test_tokens_larger_than_track_spaces_are_an_error_at_the_space_depth(tmp_path: Path):
    kit = make_bad_kit(tmp_path, [("boards.yaml", "    space_depth: 20mm\n", "    space_depth: 12mm\n")], kit=KIT)
    found = only(findings(kit), "PK416")
    assert [(f.line, f.severity) for f in found] == [(line_of(kit / "boards.yaml", "    space_depth: 12mm"), "error")]


def test_a_track_shrunk_to_one_sheet_says_larger_spaces_will_not_help(tmp_path: Path):
    """200 spaces of 24 mm shrink to about half on one sheet: the hint offers what works (real size across sheets,
    fewer spaces, smaller tokens), not the larger spaces it already has; an unshrunk track keeps the usual hint."""
    rectangle = "    layout: rectangle\n    sides: [9, 5, 9, 5]\n    spaces: 32\n    space_depth: 20mm\n"
    kit = make_bad_kit(
        tmp_path, [("boards.yaml", rectangle, "    layout: spiral\n    spaces: 200\n    space_depth: 24mm\n")], kit=KIT
    )
    found = only(findings(kit), "PK416")
    assert [f.line for f in found] == [line_of(kit / "boards.yaml", "    space_depth: 24mm")]
    assert "shrunk to 54% to fit one sheet" in found[0].text and "sheet: a3-tiled" in found[0].text
    assert "make the spaces at least" not in found[0].text


def test_a_label_too_long_for_its_cell_is_a_text_finding(tmp_path: Path):
    long = "The western harbour of the island where every trader starts the game"
    kit = make_bad_kit(tmp_path, [("boards.yaml", "en: West port}", f"en: {long}}}")], kit=KIT)
    found = only(findings(kit), "PK309")
    assert [f.line for f in found] == [line_of(kit / "boards.yaml", "      - {at: [0, 2]")]


def test_references_on_a_board_name_what_exists(tmp_path: Path):
    kit = make_bad_kit(
        tmp_path,
        [
            ("boards.yaml", "      - {at: [2, 1], player: 1}", "      - {at: [9, 1], player: 1}"),
            ("boards.yaml", "      - {at: [0, 3], player: 4}", "      - {at: [0, 3], player: 5}"),
            ("boards.yaml", "key: {s: sea,", "key: {s: ocean,"),
            ("boards.yaml", "    holds: [players]\n\nmaps:", "    holds: [ships]\n\nmaps:"),
        ],
        kit=KIT,
    )
    found = only(findings(kit), "PK305")
    raw = " ".join(f.text for f in found)
    assert "no cell [9, 1]" in raw and "q = 1 to q = 5" in raw
    assert "no player 5" in raw and "no terrain 'ocean'" in raw and "no token kind 'ships'" in raw


def test_a_split_map_and_crossing_links_are_warnings(tmp_path: Path):
    kit = make_bad_kit(
        tmp_path,
        [
            ("boards.yaml", "      - [home, reef]\n", ""),
            (
                "boards.yaml",
                "      - [fog, spice]\n",
                "      - [fog, spice]\n      - [pearl, fog]\n      - [reef, spice]\n",
            ),
        ],
        kit=KIT,
    )
    found = findings(kit)
    assert {f.code: f.severity for f in found if f.code in ("PK417", "PK418")} == {
        "PK417": "warning",
        "PK418": "warning",
    }


def test_straight_and_spiral_tracks_print(tmp_path: Path):
    from pnpkit.validator.games.generic_boards import spiral_path

    cells = spiral_path(40)
    assert len({tuple(c) for c in cells}) == 40
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in itertools.pairwise(cells))
    for layout in ("straight", "spiral"):
        kit = make_bad_kit(
            tmp_path,
            [
                ("boards.yaml", "    layout: rectangle\n    sides: [9, 5, 9, 5]\n", f"    layout: {layout}\n"),
                ("boards.yaml", "    spaces: 32\n", "    spaces: 12\n" if layout == "straight" else "    spaces: 32\n"),
            ],
            name=layout,
            kit=KIT,
        )
        result = cli("build", kit, "-o", tmp_path / f"out-{layout}", "--lang", "en")
        assert result.returncode == 0, result.stdout + result.stderr
        reader = PdfReader(tmp_path / f"out-{layout}" / "every-board" / "en" / "score.pdf")
        text = reader.pages[0].extract_text()
        assert ("11" if layout == "straight" else "31") in text


def test_a_grid_board_prints_its_coordinates(tmp_path: Path):
    grid = "    grid: {columns: 8, rows: 8, cell: 22mm}\n"
    kit = make_bad_kit(
        tmp_path,
        [
            ("boards.yaml", "    hex:\n      hex_size: auto\n", grid + "    hex_unused:\n"),
        ],
        kit=KIT,
    )
    text = (kit / "boards.yaml").read_text(encoding="utf-8")
    start, end = text.index("    hex_unused:\n"), text.index("    terrains:")
    text = text[:start] + text[end:]
    text = text.replace("[0, 2], text", "[1, 1], text").replace("[4, 2], text", "[8, 8], text")
    for old, new in (("[2, 1], player: 1", "[1, 8], player: 1"), ("[4, 1], player: 2", "[8, 1], player: 2")):
        text = text.replace(old, new)
    text = text.replace("[3, 3], player: 3", "[4, 4], player: 3").replace("[0, 3], player: 4", "[5, 5], player: 4")
    (kit / "boards.yaml").write_text(text, encoding="utf-8")
    result = cli("build", kit, "-o", tmp_path / "out", "--lang", "en")
    assert result.returncode == 0, result.stdout + result.stderr
    page_text = PdfReader(tmp_path / "out" / "every-board" / "en" / "island.pdf").pages[0].extract_text()
    assert "West port" in page_text and "h" in page_text and "8" in page_text


def test_dice_battle_monsters_mat_card_spaces_hold_real_cards():
    """The mat's card spaces are a poker card (63 × 88 mm) or larger, and each lies inside its zone."""
    from pnpkit.generator.games import components
    from pnpkit.generator.layouts.context import LayoutContext
    from pnpkit.generator.scene import Rect, walk
    from pnpkit.generator.units import A4
    from pnpkit.validator.kit import load_kit

    kit = load_kit(KITS["dice-battle-monsters"]).model
    parts = components(kit, LayoutContext("en", A4, settings=kit.print))
    mats = [part for part in parts if any("mat" in page.label.lower() for page in part.pages)]
    spaces = [
        item
        for part in mats
        for page in part.pages
        for item, _matrix in walk(page.items)
        if isinstance(item, Rect) and item.role == "card-space"
    ]
    assert len(spaces) >= 5
    for space in spaces:
        assert space.w >= 63.0 and space.h >= 88.0, (space.w, space.h)


def test_wizards_field_slots_must_hold_the_element_cards(tmp_path: Path):
    """The track board's card field names its deck: larger cards than its slots are PK414 at the slot size."""
    kit = make_bad_kit(
        tmp_path, [("decks.yaml", "    size: poker\n", "    size: tarot\n")], kit="wizards-element-collection"
    )
    found = only(findings(kit), "PK414")
    assert [(f.line, f.severity) for f in found] == [(line_of(kit / "board.yaml", "  field: {rows: 3"), "error")]
    assert "70 × 120 mm" in found[0].text
