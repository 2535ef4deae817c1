"""Wizard's Element Collection: the board's scene has real-size card slots and arrows that point along their
lines, the scoring helper agrees with hand-worked examples, and the track component works on its own.
What every kit owes a printer is checked in test_every_kit.py, and its bad kits (we-*) in bad_cases.py.
"""

from __future__ import annotations

import itertools
import json
import math
import os
from pathlib import Path

import pytest
from conftest import REPO, cli, run_cli
from pdftext import page_text, page_texts

KIT_NAME = "wizards-element-collection"
KIT = REPO / "content" / KIT_NAME
EXAMPLES = REPO / "tests" / "fixtures" / KIT_NAME
LANGS = ("ja", "en")
SLUGS = ("cards", "board", "mana-sheet", "reference", "rules")


def walk_page(page):
    from pnpkit.generator.scene import walk

    return list(walk(page.items))


def extent(item, matrix):
    """Page-space box of a drawn item, text included; None for groups."""
    from pnpkit.generator.scene import Group, Text, bounds
    from pnpkit.generator.typeset.text import text_bounds

    if isinstance(item, Text):
        x0, y0, x1, y1 = text_bounds(item)
        a, b, c, d, e, f = matrix
        pts = [(a * x + c * y + e, b * x + d * y + f) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
        return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)
    if isinstance(item, Group):
        return None
    return bounds(item, matrix)


def scale_of(matrix) -> float:
    return math.hypot(matrix[0], matrix[1])


# ---------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def loaded(kits):
    return kits.loaded(KIT_NAME)


@pytest.fixture(scope="module")
def layouts(kits):
    return kits.layouts(KIT_NAME)


@pytest.fixture(scope="module")
def built(kits) -> Path:
    return kits.builds(KIT_NAME)[0]


# ---------------------------------------------------------------- the printed kit


def test_card_names_are_in_the_extracted_text(built, loaded):
    from pypdf import PdfReader

    kit = loaded.kit
    fronts = "\n".join(page_texts(built / "ja" / "cards.pdf", slice(None, None, 2)))  # backs carry no names
    for element in kit.elements:
        assert f"{element.name.ja}のエレメント" in fronts, element.id
    for lang in LANGS:
        cards = PdfReader(built / lang / "cards.pdf")
        book = PdfReader(built / lang / "kit.pdf")
        marks = {
            entry.title: book.get_destination_page_number(entry)
            for entry in book.outline
            if not isinstance(entry, list)
        }
        first_card_page = next(
            page for title, page in marks.items() if title.endswith(loaded.kit.decks[0].name.get(lang))
        )
        sheet = page_text(built / lang / "kit.pdf", first_card_page + len(cards.pages) - 2)  # the last fronts sheet
        assert kit.elements[-1].name.get(lang) in sheet
        reference = page_text(built / lang / "reference.pdf", 0)
        assert all(e.name.get(lang) in reference for e in kit.elements)


def test_page_counts_and_rules_on_one_page(layouts, loaded):
    cards = sum(e.copies for e in loaded.kit.elements)
    assert cards == 68
    for lang in LANGS:
        counts = {slug: len(part.pages) for slug, part in layouts[lang].items()}
        assert counts == {"cards": 2 * math.ceil(cards / 9), "board": 3, "mana-sheet": 1, "reference": 2, "rules": 1}


def test_every_print_layout_lays_out(loaded):
    """Gutterfold (cards on their side, half a sheet each), print-shop bleed and US Letter all work."""
    from pnpkit.generator.build import layout_kit
    from pnpkit.validator.components.printing import PrintSettings

    for settings in (PrintSettings(layout="gutterfold"), PrintSettings(bleed="3mm"), PrintSettings(paper="letter")):
        parts, problems = layout_kit(loaded, "en", settings)
        assert problems == [] and {p.slug for p in parts} == set(SLUGS)


# ---------------------------------------------------------------- scene geometry


def _tile_groups(part):
    from pnpkit.generator.scene import Group

    return [item for page in part.pages for item in page.items if isinstance(item, Group) and item.role == "tile"]


def test_board_prints_real_size_card_slots_on_two_a4_tiles(layouts, loaded):
    """The field's 3 × 3 slots are poker cards at 100 %, and the two tiles cover the whole board."""
    from pnpkit.generator.layouts.tiling import assembled_size
    from pnpkit.generator.scene import Rect
    from pnpkit.validator.components.tracks import track_geometry

    geometry = track_geometry(loaded.kit.board)
    part = layouts["ja"]["board"]
    tiles = _tile_groups(part)
    assert len(tiles) == 2
    w, h = assembled_size(list(part.pages[1:]))
    assert {round(w), round(h)} == {round(geometry.width), round(geometry.height)}
    for page in part.pages[1:]:
        slots = [(item, m) for item, m in walk_page(page) if isinstance(item, Rect) and item.role == "slot"]
        assert slots
        for slot, matrix in slots:
            assert abs(scale_of(matrix) - 1.0) < 1e-9
            x0, y0, x1, y1 = extent(slot, matrix)
            assert sorted((round(x1 - x0 - 0.4, 2), round(y1 - y0 - 0.4, 2))) == [63.0, 88.0]


def test_board_seams_do_not_cut_text(layouts):
    """Each tile's edges (where one sheet is trimmed over the other) cross no text."""
    from pnpkit.generator.scene import Text

    part = layouts["ja"]["board"]
    for page in part.pages[1:]:
        tile = next(item for item in page.items if getattr(item, "role", "") == "tile")
        clip = tile.clip
        texts = []
        for item, matrix in walk_page(page):
            if isinstance(item, Text) and item.role in ("space-value", "space-label"):
                texts.append(extent(item, matrix))
        assert texts
        left, right = tile.dx + clip.x, tile.dx + clip.x + clip.w
        for x0, _y0, x1, _y1 in texts:
            for edge in (left, right):
                assert not (x0 < edge < x1), (edge, x0, x1)


def test_every_mana_space_has_an_arrow_along_its_line(loaded):
    """Each arrow starts at its space and points at the first slot of the line it collects."""
    from pnpkit.validator.components.tracks import line_slots, track_geometry

    kit = loaded.kit
    geometry = track_geometry(kit.board)
    slots = {(s.row, s.col): s for s in geometry.slots}
    assert geometry.problems == ()
    for box, space in zip(geometry.spaces, kit.board.spaces):
        if space.kind == "player":
            assert box.arrow is None
            continue
        x1, y1, x2, y2 = box.arrow
        assert box.x - 1.5 <= x1 <= box.x + box.w + 1.5 and box.y - 1.5 <= y1 <= box.y + box.h + 1.5
        first = slots[box.line[0]]
        assert set(box.line) == set(line_slots(space.collects, 3, 3))
        # the arrow's tip lies just outside the first slot, and heading on reaches the slot
        tip_gap = math.dist(
            (x2, y2), (min(max(x2, first.x), first.x + first.w), min(max(y2, first.y), first.y + first.h))
        )
        assert 0.5 < tip_gap < 2.5
        length = math.hypot(x2 - x1, y2 - y1)
        ahead = (x2 + (x2 - x1) / length * 3.0, y2 + (y2 - y1) / length * 3.0)
        assert first.x <= ahead[0] <= first.x + first.w and first.y <= ahead[1] <= first.y + first.h
        if box.side in ("left", "right"):
            assert abs(y1 - first.centre[1]) < 1e-6  # a row arrow runs along its row
        if box.side in ("top", "bottom"):
            assert abs(x1 - first.centre[0]) < 1e-6


def test_track_has_twenty_spaces_and_one_player_space_per_colour(loaded):
    kit = loaded.kit
    spaces = kit.board.spaces
    assert len(spaces) == 4 + sum(kit.board.sides) == 20
    assert sorted(s.player for s in spaces if s.kind == "player") == sorted(p.id for p in kit.board.players)
    values = [s.value for s in spaces if s.kind == "normal"]
    assert len(values) == len(set(values)) == 16


def test_card_faces_show_value_negative_and_all_four_icons(layouts, loaded):
    """Every front has the big value, the odd value (or its stand-in), and the four icons, the card's own in colour."""
    from pnpkit.generator.scene import Group, Text

    kit = loaded.kit
    part = layouts["en"]["cards"]
    seen = {}
    for page in part.pages[::2]:
        for face in page.items:
            if isinstance(face, Group) and face.role == "card-front":
                seen.setdefault(face.name, face)
    assert set(seen) == {e.id for e in kit.elements}
    for element in kit.elements:
        face = seen[element.id]
        texts = {item.role: item.text for item, _m in [(i, None) for i in _flatten(face)] if isinstance(item, Text)}
        assert texts["card-value"] == ("ANY" if element.scoring == "wild" else str(element.points))
        if element.scoring == "pairs":
            assert texts["card-negative"] == str(element.negative)
        icons = [g.name for g in _flatten(face) if isinstance(g, Group) and g.role == "action-icon"]
        assert sorted(n for n in icons if not n.endswith("-off")) == sorted(element.icons)
        assert len(icons) == 4


def _flatten(group):
    from pnpkit.generator.scene import Group

    for item in group.items:
        yield item
        if isinstance(item, Group):
            yield from _flatten(item)


def test_card_text_stays_on_the_card(layouts):
    """Every line of text on a front lies inside the card's 3 mm safe zone."""
    from pnpkit.generator.scene import Group, Text, walk

    for lang in LANGS:
        part = layouts[lang]["cards"]
        page = part.pages[0]
        for face in page.items:
            if not (isinstance(face, Group) and face.role == "card-front"):
                continue
            for item, matrix in walk(face.items):
                if isinstance(item, Text):
                    x0, y0, x1, y1 = extent(item, matrix)
                    assert x0 >= 3.0 and x1 <= 60.0 and y0 >= 3.0 and y1 <= 85.0, (lang, face.name, item.text)


def test_mana_sheet_has_every_value_and_the_order_slots(layouts, loaded):
    from pnpkit.generator.scene import Rect, Text

    kit = loaded.kit
    page = layouts["ja"]["mana-sheet"].pages[0]
    values = [item.text for item, _m in walk_page(page) if isinstance(item, Text) and item.role == "mana-value"]
    assert values == [str(v) for v in kit.order_sheet.values()]
    assert {s.value for s in kit.board.spaces if s.value is not None} <= set(kit.order_sheet.values())
    slots = [item for item, _m in walk_page(page) if isinstance(item, Rect) and item.role == "order-slot"]
    assert len(slots) == kit.players.max == kit.order_sheet.slots


# ---------------------------------------------------------------- scoring


def _examples() -> list[dict]:
    import yaml

    return yaml.safe_load((EXAMPLES / "scores.yaml").read_text(encoding="utf-8"))


def _hands(kit, example) -> dict[str, dict[str, int]]:
    from pnpkit.generator.commands.score import card_index
    from pnpkit.validator.games.wizards_element_collection import card_key

    index = card_index(kit)
    hands = {}
    for player, cards in example["hands"].items():
        counts: dict[str, int] = {}
        items = cards.items() if isinstance(cards, dict) else ((c, 1) for c in cards)
        for name, n in items:
            card = index[card_key(name)]
            counts[card] = counts.get(card, 0) + n
        hands[str(player)] = counts
    return hands


EXAMPLE_NAMES = [e["name"] for e in _examples()]


def test_there_are_enough_hand_worked_examples():
    examples = _examples()
    assert len(examples) >= 8
    assert examples[0]["name"] == "rulebook-four-grass" and examples[0]["totals"] == {"A": 60}


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_scoring_matches_the_hand_worked_example(name, loaded):
    kit = loaded.kit
    example = next(e for e in _examples() if e["name"] == name)
    scores = {s.player: s for s in kit.score(_hands(kit, example))}
    assert {p: s.total for p, s in scores.items()} == {str(k): v for k, v in example["totals"].items()}, example["why"]
    for player, uses in (example.get("wilds") or {}).items():
        assert sorted(map(str, (as_id for _w, as_id in scores[str(player)].wild_uses))) == sorted(map(str, uses)), (
            example["why"]
        )


def test_kind_points_follow_the_rules():
    from pnpkit.validator.games.wizards_element_collection import kind_points

    assert [kind_points("pairs", 30, -10, n) for n in range(7)] == [0, -10, 30, -10, 60, -10, 90]
    assert [kind_points("each", 5, 0, n) for n in range(4)] == [0, 5, 10, 15]
    assert kind_points("majority", -10, 0, 4) == -40 and kind_points("majority", -10, 0, 4, most=True) == 0


def test_score_command_reads_a_yaml_file(loaded):
    result = cli("score", KIT, EXAMPLES / "hands.yaml", "--format", "json")
    assert result.returncode == 0, result.stderr
    totals = {p["player"]: p["total"] for p in json.loads(result.stdout)}
    assert totals == {"赤": 80, "青": 80, "白": -100}
    text = cli("score", KIT, EXAMPLES / "hands.yaml", "--lang", "en")
    assert text.returncode == 0
    assert "even: 30 × 4/2" in text.stdout and "Ranking: 1. 赤 80 pts  1. 青 80 pts  3. 白 -100 pts" in text.stdout


def test_score_command_reads_typed_lines_from_stdin():
    """The real command, in its own process, fed from a pipe."""
    result = run_cli("score", KIT, stdin="赤: 草×4 光 無\nBlue: Light Evil*2\n\n")
    assert result.returncode == 0, result.stderr
    assert "赤: 140点" in result.stdout  # Grass 60 + Light pair (with Void) 80
    assert "Blue: -40点" in result.stdout  # Light odd -40; two Evil against none: the most, 0


@pytest.mark.parametrize(
    "args, stdin, where",
    [
        (("bad-hands.yaml",), None, "bad-hands.yaml:3:14: unknown card '雷'"),
        (("too-many.yaml",), None, "too-many.yaml:3:5: 3 Dark cards in all, but the game has 1"),
        ((), "赤: 草 草\n青 光\n", "<stdin>:2:1: write `name: cards`"),
        ((), "赤: 草 foo×2\n", "<stdin>:1:6: unknown card 'foo'"),
    ],
)
def test_score_command_bad_input_is_one_line_and_exit_1(args, stdin, where):
    files = [EXAMPLES / a for a in args]
    result = cli("score", KIT, *files, stdin=stdin or "")
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    shown = lines[0].replace(str(EXAMPLES) + os.sep, "")
    assert shown.startswith(where), shown


def test_score_command_usage_errors_exit_2(tmp_path):
    assert cli("score", tmp_path / "nowhere").returncode == 2
    assert cli("score", REPO / "content" / "element-shift", stdin="a: 草\n").returncode == 2
    assert cli("score", KIT, tmp_path / "missing.yaml").returncode == 2
    assert cli("score").returncode == 2
    assert cli("score", KIT, EXAMPLES / "hands.yaml", "--lang", "fr").returncode == 2


# ---------------------------------------------------------------- the generic track component


def test_a_space_facing_the_wrong_way_is_a_track_problem():
    from pnpkit.validator.components.tracks import TrackBoard, TrackSpace, check_track

    spaces = [TrackSpace(value=v) for v in range(16)]
    spaces[1] = TrackSpace(value=1, collects="row-1")  # the top side faces columns
    spaces[13] = TrackSpace(value=13, collects="row-4")  # the field has three rows
    board = TrackBoard(sides=[3, 3, 3, 3], sheet="a3-tiled", field={"rows": 3, "columns": 3}, spaces=spaces)
    kinds = sorted((p.kind, p.path[2]) for p in check_track(board))
    assert kinds == [("facing", 1), ("line", 13)]


def test_a_field_too_big_for_one_a4_sheet_asks_for_tiles():
    from pnpkit.validator.components.tracks import TrackBoard, TrackSpace, check_track

    spaces = [TrackSpace(value=v) for v in range(20)]
    board = TrackBoard(sides=[3, 5, 3, 5], field={"rows": 3, "columns": 3}, space_depth="20mm", spaces=spaces)
    assert [p.kind for p in check_track(board)] == ["size"]
    assert check_track(board.model_copy(update={"sheet": "a3-tiled"})) == []


def test_a_path_track_fits_one_a4_sheet():
    from pnpkit.generator.layouts.context import LayoutContext
    from pnpkit.generator.layouts.tracks import SpaceLook, track_art, track_pages
    from pnpkit.generator.units import A4
    from pnpkit.validator.components.tracks import TrackBoard, TrackSpace, track_geometry

    board = TrackBoard(
        layout="path",
        path=[[0, 0], [8, 0], [8, 5], [0, 5]],
        space_depth="18mm",
        spaces=[TrackSpace(value=v) for v in range(1, 27)],
    )
    geometry = track_geometry(board)
    assert geometry.problems == ()
    centres = [b.centre for b in geometry.spaces]
    gaps = {
        round(math.dist(a, b), 6)
        for a, b in itertools.pairwise(centres)
        if abs(a[0] - b[0]) < 1e-6 or abs(a[1] - b[1]) < 1e-6
    }
    assert len(gaps) == 1  # evenly spread along the straight stretches
    ctx = LayoutContext("en", A4)
    art = track_art(ctx, geometry, [SpaceLook(str(v)) for v in range(1, 27)])
    pages = track_pages(ctx, "Score track", "", geometry, art, "a4")
    assert len(pages) == 1 and ctx.problems == []
