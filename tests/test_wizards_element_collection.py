"""Wizard's Element Collection: the kit validates and builds print-ready PDFs, the board's
scene has real-size card slots and arrows that point along their lines, the scoring
helper agrees with hand-worked examples, and golden bad kits give their findings at
their lines.

The bad kits live in tests/fixtures/bad/we-*/, each a copy of
content/wizards-element-collection with one defect (we-as-written: the rulebook's
own contradictions) and an EXPECTED file (`file:line: error CODE`). After changing a
case below (or the kit), regenerate them with

    python tests/test_wizards_element_collection.py
"""

from __future__ import annotations

import doctest
import io
import itertools
import json
import math
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import layouts_by_slug

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

KIT = REPO / "content" / "wizards-element-collection"
BAD = REPO / "tests" / "fixtures" / "bad"
EXAMPLES = REPO / "tests" / "fixtures" / "wizards-element-collection"
LANGS = ("ja", "en")
SLUGS = ("cards", "board", "mana-sheet", "reference", "rules")
A4_PT = (595.276, 841.890)
HARD_MARGIN = 5.0


@dataclass(frozen=True)
class Case:
    name: str
    file: str  # the kit file that gets the defect
    old: str  # occurs exactly once in the good kit's file
    new: str  # the defect
    code: str
    marker: str  # unique text on the line the finding must point at
    at_file: str = ""  # the file the finding points into, when not `file`
    edits: tuple[tuple[str, str, str], ...] = ()  # further (file, old, new) edits, for the as-written kit

    @property
    def finding_file(self) -> str:
        return self.at_file or self.file


CASES = [
    Case(
        "we-same-name",
        "cards.yaml",
        "name: {ja: 水, en: Water}",
        "name: {ja: 心のエレメント, en: Spirit}",
        "WE001",
        "心のエレメント, en: Spirit",
    ),
    Case(
        "we-missing-card",
        "cards.yaml",
        "相手の場札と、闇[{dark_points}点]・炎[{flame_points}点]は戻せない。",
        "相手の場札と、月のエレメント[{dark_points}点]・炎[{flame_points}点]は戻せない。",
        "WE002",
        "月のエレメント[{dark_points}点]",
    ),
    Case(
        "we-unknown-phase",
        "model.yaml",
        "強化しなければ、空いている一番下の行動順に確定する。",
        "全員が強化しないを選んだらコレクマスフェーズへ移る。",
        "WE004",
        "コレクマスフェーズへ移る",
    ),
    Case(
        "we-card-count",
        "cards.yaml",
        "    negative: -10\n    copies: 7",
        "    negative: -10\n    copies: 6",
        "WE006",
        "total_cards: 68",
        at_file="model.yaml",
    ),
    Case(
        "we-wrong-value",
        "cards.yaml",
        "闇[{dark_points}点]・炎[{flame_points}点]",
        "闇[{dark_points}点]・炎[{ice_points}点]",
        "WE003",
        "炎[{ice_points}点]",
    ),
    Case(
        "we-icon-phase",
        "cards.yaml",
        "    icons: [reflect]\n    phases: [summon, power]",
        "    icons: [reflect]\n    phases: [move, power]",
        "WE005",
        'phases: [move, power]\n    colour: "#b8622f"',
    ),
    Case(
        "we-field",
        "model.yaml",
        "  field_cards: 9 ",
        "  field_cards: 8 ",
        "WE007",
        "field_cards: 8",
    ),
    Case(
        "we-track-value",
        "board.yaml",
        "{value: 65, collects: column-2}",
        "{value: 15, collects: column-2}",
        "WE009",
        "{value: 15, collects: column-2}",
    ),
    Case(
        "we-facing",
        "board.yaml",
        "{value: 55, collects: row-2}",
        "{value: 55, collects: column-2}",
        "WE009",
        "{value: 55, collects: column-2}",
    ),
    Case(
        "we-player-spaces",
        "board.yaml",
        "{kind: player, player: blue}",
        "{kind: player, player: red}",
        "WE008",
        "- {id: blue,",
    ),
]

AS_WRITTEN = Case(
    "we-as-written",
    "cards.yaml",
    "name: {ja: 水, en: Water}",
    "name: {ja: 心, en: Heart}",
    "WE001",
    "  - id: water\n    name: {ja: 心, en: Heart}",
    edits=(
        ("cards.yaml", "name: {ja: 闇, en: Dark}", "name: {ja: 氷, en: Ice}"),
        ("cards.yaml", "相手の場札と、闇[{dark_points}点]", "相手の場札と、闇のエレメント[100点]"),
        (
            "model.yaml",
            "強化しなければ、空いている一番下の行動順に確定する。",
            "全員が強化しないを選んだらコレクマスフェーズへ移る。",
        ),
    ),
)
"""The kit encoded as the rulebook has it: two 心, two 氷, a 闇 that is no card, a phase that does not exist."""

AS_WRITTEN_FINDINGS = {
    ("WE001", "cards.yaml", "  - id: water"),  # 心 [40] after 心 [5]
    ("WE001", "cards.yaml", "  - id: ice"),  # 氷 [50] after 氷 [100]
    ("WE002", "cards.yaml", "闇のエレメント[100点]"),  # 闇 is no card
    ("WE002", "cards.yaml", "nor Dark [{dark_points}]"),  # nor is Dark, in English
    ("WE004", "model.yaml", "コレクマスフェーズ"),
}


# ---------------------------------------------------------------- fixture files


def _replace_once(text: str, old: str, new: str, where: str) -> str:
    if text.count(old) != 1:
        raise ValueError(f"{where}: expected exactly one {old!r}, found {text.count(old)}")
    return text.replace(old, new)


def line_of(kit: Path, file: str, marker: str) -> int:
    """The line the marker starts on; a marker may run on to the next line to be unique."""
    text = (kit / file).read_text(encoding="utf-8")
    at = text.find(marker)
    if at < 0 or text.find(marker, at + 1) >= 0:
        raise ValueError(f"marker {marker!r} must occur exactly once in {file}")
    return text.count("\n", 0, at) + 1


def write_case(case: Case, target: Path) -> None:
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for source in sorted(KIT.glob("*.yaml")):
        shutil.copyfile(source, target / source.name)
    for file, old, new in ((case.file, case.old, case.new),) + case.edits:
        path = target / file
        path.write_text(_replace_once(path.read_text(encoding="utf-8"), old, new, case.name), encoding="utf-8")


def regenerate() -> None:
    for case in CASES + [AS_WRITTEN]:
        target = BAD / case.name
        write_case(case, target)
        if case is AS_WRITTEN:
            lines = sorted(
                f"{file}:{_as_written_line(target, file, marker)}: error {code}"
                for code, file, marker in AS_WRITTEN_FINDINGS
            )
            (target / "EXPECTED").write_text("\n".join(lines) + "\n", encoding="utf-8")
        else:
            (target / "EXPECTED").write_text(
                f"{case.finding_file}:{line_of(target, case.finding_file, case.marker)}: error {case.code}\n",
                encoding="utf-8",
            )


def _as_written_line(kit: Path, file: str, marker: str) -> int:
    text = (kit / file).read_text(encoding="utf-8")
    at = text.find(marker)
    line = text.count("\n", 0, at) + 1
    return line + 1 if marker.startswith("  - id:") else line  # the name is on the line after the id


# ---------------------------------------------------------------- helpers


def run_cli(*args: object, stdin: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "pnpkit.generator.cli", *map(str, args)],
        cwd=REPO,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
    )


@dataclass
class Ran:
    returncode: int
    stdout: str
    stderr: str


def run_here(*args: object, stdin: str = "") -> Ran:
    """`pnpkit ARGS` in this interpreter (fast); stdin is a pipe, not a terminal."""
    from contextlib import redirect_stderr, redirect_stdout

    from pnpkit.generator.cli import main

    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main([str(a) for a in args])
            except SystemExit as exc:
                code = int(exc.code or 0)
    finally:
        sys.stdin = saved
    return Ran(code, out.getvalue(), err.getvalue())


def walk_page(page):
    from pnpkit.generator.scene import walk

    return list(walk(page.items))


def drawn_boxes(items, matrix=None, clip=None):
    """(item, page-space box) for every drawn primitive, cut down to the clip of any group around it."""
    from pnpkit.generator.scene import IDENTITY, Group, bounds, group_matrix

    matrix = matrix or IDENTITY
    for item in items:
        if isinstance(item, Group):
            inner = group_matrix(item, matrix)
            inner_clip = clip
            if item.clip is not None:
                box = bounds(item.clip, inner)
                inner_clip = (
                    box
                    if clip is None
                    else (max(box[0], clip[0]), max(box[1], clip[1]), min(box[2], clip[2]), min(box[3], clip[3]))
                )
            yield from drawn_boxes(item.items, inner, inner_clip)
            continue
        box = extent(item, matrix)
        if box is None:
            continue
        if clip is not None:
            box = (max(box[0], clip[0]), max(box[1], clip[1]), min(box[2], clip[2]), min(box[3], clip[3]))
            if box[0] > box[2] or box[1] > box[3]:
                continue
        yield item, box


def extent(item, matrix):
    """Page-space box of a drawn item, text included; None for groups."""
    from pnpkit.generator.scene import Group, Text, bounds
    from pnpkit.generator.text import text_bounds

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
def loaded():
    from pnpkit.validator.kit import load_kit

    result = load_kit(KIT)
    assert result.ok, [f.text() for f in result.report.errors]
    return result


@pytest.fixture(scope="module")
def layouts(loaded):
    return layouts_by_slug(loaded)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """Both editions, built once for the module (in this process: the CLI's own build runs below for bad kits)."""
    out = tmp_path_factory.mktemp("we-build")
    result = run_here("build", KIT, "-o", out, "--lang", "all")
    assert result.returncode == 0, result.stderr
    assert "wrote" in result.stdout
    return out / "wizards-element-collection"


# ---------------------------------------------------------------- validate and build


def test_validate_exits_zero_without_findings():
    result = run_cli("validate", KIT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "1 kit(s) OK"
    assert result.stderr == ""


def test_build_writes_every_output(built):
    for lang in LANGS:
        names = {p.name for p in (built / lang).iterdir()}
        for slug in SLUGS + ("kit",):
            assert f"{slug}.pdf" in names, (lang, slug)
        assert "mana-sheet.svg" in names and "rules.svg" in names
        assert {"board-01.svg", "board-02.svg", "board-03.svg"} <= names


def test_pdfs_are_a4_with_every_font_embedded(built):
    from pypdf import PdfReader

    for lang in LANGS:
        for slug in SLUGS + ("kit",):
            reader = PdfReader(built / lang / f"{slug}.pdf")
            for number, page in enumerate(reader.pages, start=1):
                box = page.mediabox
                assert abs(float(box.width) - A4_PT[0]) < 0.01 and abs(float(box.height) - A4_PT[1]) < 0.01, (
                    lang,
                    slug,
                    number,
                )
                fonts = page["/Resources"].get_object().get("/Font", {})
                for font in fonts.values():
                    font = font.get_object()
                    descendants = font.get("/DescendantFonts")
                    descriptor = (descendants[0].get_object() if descendants else font).get("/FontDescriptor")
                    assert descriptor is not None, (lang, slug, number, font.get("/BaseFont"))
                    descriptor = descriptor.get_object()
                    assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), (
                        lang,
                        slug,
                        font.get("/BaseFont"),
                    )


def test_card_names_are_in_the_extracted_text(built, loaded):
    from pypdf import PdfReader

    kit = loaded.kit
    cards = PdfReader(built / "ja" / "cards.pdf")
    fronts = "\n".join(page.extract_text() for page in cards.pages[::2])  # backs carry no names
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
        sheet = book.pages[first_card_page + len(cards.pages) - 2].extract_text()  # the last fronts sheet
        assert kit.elements[-1].name.get(lang) in sheet
        reference = PdfReader(built / lang / "reference.pdf").pages[0].extract_text()
        assert all(e.name.get(lang) in reference for e in kit.elements)


def test_page_counts_rules_on_one_page_and_a_bookmark_per_component(built, loaded):
    from pypdf import PdfReader

    cards = sum(e.copies for e in loaded.kit.elements)
    assert cards == 68
    for lang in LANGS:
        counts = {slug: len(PdfReader(built / lang / f"{slug}.pdf").pages) for slug in SLUGS}
        assert counts == {"cards": 2 * math.ceil(cards / 9), "board": 3, "mana-sheet": 1, "reference": 2, "rules": 1}, (
            lang
        )
        book = PdfReader(built / lang / "kit.pdf")
        titles = [entry.title for entry in book.outline if not isinstance(entry, list)]
        assert len(titles) >= len(SLUGS)


def test_two_builds_are_byte_identical(built, loaded, tmp_path):
    from pnpkit.generator.build import BuildOptions, build

    result = build(loaded, BuildOptions(out_dir=tmp_path, languages=("ja",), svg=False))
    assert result.ok
    for slug in SLUGS + ("kit",):
        again = (tmp_path / "wizards-element-collection" / "ja" / f"{slug}.pdf").read_bytes()
        assert again == (built / "ja" / f"{slug}.pdf").read_bytes(), slug


def test_every_print_layout_lays_out(loaded):
    """Gutterfold (cards on their side, half a sheet each), print-shop bleed and US Letter all work."""
    from pnpkit.generator.build import layout_kit
    from pnpkit.validator.components.printing import PrintSettings

    for settings in (PrintSettings(layout="gutterfold"), PrintSettings(bleed="3mm"), PrintSettings(paper="letter")):
        parts, problems = layout_kit(loaded, "en", settings)
        assert problems == [] and {p.slug for p in parts} == set(SLUGS)


# ---------------------------------------------------------------- scene geometry


def test_nothing_is_drawn_in_the_hard_margin(layouts):
    for lang in LANGS:
        for slug, part in layouts[lang].items():
            for number, page in enumerate(part.pages, start=1):
                for item, box in drawn_boxes(page.items):
                    if getattr(item, "role", "") in ("cut-guide", "crop-mark"):
                        continue
                    x0, y0, x1, y1 = box
                    assert x0 >= HARD_MARGIN - 1e-6 and y0 >= HARD_MARGIN - 1e-6, (lang, slug, number, item)
                    assert x1 <= page.width - HARD_MARGIN + 1e-6 and y1 <= page.height - HARD_MARGIN + 1e-6, (
                        lang,
                        slug,
                        number,
                        item,
                    )


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
    result = run_here("score", KIT, EXAMPLES / "hands.yaml", "--format", "json")
    assert result.returncode == 0, result.stderr
    totals = {p["player"]: p["total"] for p in json.loads(result.stdout)}
    assert totals == {"赤": 80, "青": 80, "白": -100}
    text = run_here("score", KIT, EXAMPLES / "hands.yaml", "--lang", "en")
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
    result = run_here("score", KIT, *files, stdin=stdin or "")
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    shown = lines[0].replace(str(EXAMPLES) + os.sep, "")
    assert shown.startswith(where), shown


def test_score_command_usage_errors_exit_2(tmp_path):
    assert run_here("score", tmp_path / "nowhere").returncode == 2
    assert run_here("score", REPO / "content" / "element-shift", stdin="a: 草\n").returncode == 2
    assert run_here("score", KIT, tmp_path / "missing.yaml").returncode == 2
    assert run_here("score").returncode == 2
    assert run_here("score", KIT, EXAMPLES / "hands.yaml", "--lang", "fr").returncode == 2


# ---------------------------------------------------------------- bad kits


def test_every_case_has_its_fixture_and_expected_file():
    ours = sorted(p.name for p in BAD.iterdir() if p.is_dir() and p.name.startswith("we-"))
    assert ours == sorted(c.name for c in CASES + [AS_WRITTEN])
    for case in CASES:
        kit = BAD / case.name
        assert sorted(p.name for p in kit.glob("*.yaml")) == sorted(p.name for p in KIT.glob("*.yaml"))
        expected = f"{case.finding_file}:{line_of(kit, case.finding_file, case.marker)}: error {case.code}\n"
        assert (kit / "EXPECTED").read_text(encoding="utf-8") == expected, (
            "stale fixture: run python tests/test_wizards_element_collection.py"
        )


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_defect_gives_its_code_at_its_line(case, tmp_path):
    """The fixture is the kit with one edit, and that edit gives its code at its line."""
    from pnpkit.validator.kit import load_kit

    kit = BAD / case.name
    fresh = tmp_path / case.name
    write_case(case, fresh)
    for path in kit.glob("*.yaml"):
        assert path.read_text(encoding="utf-8") == (fresh / path.name).read_text(encoding="utf-8"), (
            f"stale fixture {case.name}/{path.name}"
        )
    findings = load_kit(kit).report.sorted()
    line = line_of(kit, case.finding_file, case.marker)
    hits = [
        f
        for f in findings
        if f.code == case.code and Path(f.location.file).name == case.finding_file and f.location.line == line
    ]
    assert hits, [f.text() for f in findings]
    assert hits[0].is_error


def test_the_rulebook_as_written_gives_every_contradiction():
    from pnpkit.validator.kit import load_kit

    kit = BAD / AS_WRITTEN.name
    findings = [f for f in load_kit(kit).report.sorted() if f.is_error]
    got = sorted(f"{Path(f.location.file).name}:{f.location.line}: error {f.code}" for f in findings)
    expected = (kit / "EXPECTED").read_text(encoding="utf-8").split("\n")
    assert sorted(set(got)) == sorted(e for e in expected if e)
    messages = " ".join(f.message for f in findings)
    assert "'心' is also card 0" in messages and "'氷' is also card 5" in messages
    assert "闇 [100], but no card has that name" in messages and "コレクマス" in messages


def test_cli_validate_reports_each_defect_at_its_line():
    result = run_cli("validate", *[BAD / case.name for case in CASES])
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    for case in CASES:
        expected = (BAD / case.name / "EXPECTED").read_text(encoding="utf-8").strip()
        where, code = expected.split(": error ")
        shown = os.path.relpath(BAD / case.name / where.split(":")[0], REPO)
        line = where.split(":")[1]
        assert any(
            row.startswith(f"{shown}:{line}:") and f"error {code}" in row for row in result.stderr.splitlines()
        ), (case.name, expected)


@pytest.mark.parametrize("name", ["we-missing-card", "we-as-written"])
def test_cli_build_of_a_bad_kit_fails_cleanly_and_writes_nothing(name, tmp_path):
    out = tmp_path / "out"
    result = run_cli("build", BAD / name, "-o", out, "--lang", "all")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "nothing was built" in result.stderr
    assert not out.exists() or not any(out.rglob("*.pdf"))


# ---------------------------------------------------------------- the generic track component


def test_module_doctests():
    import pnpkit.validator.components.tracks as tracks
    import pnpkit.validator.games.wizards_element_collection as game

    for module in (tracks, game):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0 and result.attempted > 0, module.__name__


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
    from pnpkit.generator.layouts.common import LayoutContext
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


if __name__ == "__main__":
    regenerate()
    print(f"wrote {len(CASES) + 1} kits under {BAD.relative_to(REPO)}")
