"""Unlock Tower: the kit validates and builds, its PDFs are print-ready, the tower
sheet's scene has the geometry a pencil needs, and golden bad kits give their
findings at their lines.

The bad kits live in tests/fixtures/bad/ut-*/, each a copy of content/unlock-tower
with one defect and an EXPECTED file (`file:line:col: error CODE`). After changing
a case below (or the kit), regenerate them with

    python tests/test_unlock_tower.py
"""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import marker_location, replace_once

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

KIT = REPO / "content" / "unlock-tower"
BAD = REPO / "tests" / "fixtures" / "bad"
LANGS = ("ja", "en")
SLUGS = ("tower-sheet", "score-pad", "rules")
A4_PT = (595.276, 841.890)
HARD_MARGIN = 5.0


@dataclass(frozen=True)
class Case:
    name: str
    file: str
    old: str  # occurs once in the good kit's file
    new: str  # the defect
    code: str
    marker: str  # unique text on the line the finding must point at
    col_at: str | None = None  # where on that line the column must point


CASES = [
    Case("ut-floor-21", "towers.yaml", "coin: [5, 11, 17]", "coin: [5, 11, 21]", "UT001", "coin: [5, 11, 21]", "21]"),
    Case(
        "ut-tiebreak-repeat",
        "scoring.yaml",
        "tie_break: [A, B, C, D, E]",
        "tie_break: [A, B, C, B, E]",
        "UT005",
        "tie_break: [A, B, C, B, E]",
        "B, E]",
    ),
    Case(
        "ut-tower-7",
        "towers.yaml",
        "{kind: build, tower: 3, floors: 3}",
        "{kind: build, tower: 7, floors: 3}",
        "UT003",
        "{kind: build, tower: 7, floors: 3}",
        "7, floors",
    ),
    Case(
        "ut-locks-over-marks",
        "towers.yaml",
        "      - phase: 4\n        steps:\n          - {kind: spend, coins: 2, then: {kind: roll}}",
        "      - phase: 4\n        lock: box  # a twelfth lock box, for eleven unlock marks\n        steps:\n          - {kind: spend, coins: 2, then: {kind: roll}}",
        "UT002",
        "lock: box  # a twelfth",
        "box  #",
    ),
    Case(
        "ut-chain-without-lock",
        "towers.yaml",
        "      - phase: 3\n        lock: box\n        steps:\n          - {kind: bonus, tower: 3}",
        "      - phase: 3\n        lock: chain  # nothing above to chain to\n        steps:\n          - {kind: bonus, tower: 3}",
        "UT008",
        "lock: chain  # nothing",
        "chain",
    ),
    Case(
        "ut-free-phase-gift",
        "towers.yaml",
        "{kind: spend, coins: 1, then: {kind: build-any, floors: 1}}",
        "{kind: build-any, floors: 1}  # free, any number of times",
        "UT009",
        "floors: 1}  # free, any",
        "build-any",
    ),
    Case(
        "ut-phase-5",
        "towers.yaml",
        "      - phase: 4\n        steps:\n          - {kind: spend, coins: 1, then: {kind: unlock}}",
        "      - phase: 5\n        steps:\n          - {kind: spend, coins: 1, then: {kind: unlock}}",
        "UT004",
        "- phase: 5",
        "5",
    ),
    Case(
        "ut-two-marks",
        "towers.yaml",
        "    unlock: [2, 8]\n    coin: [5, 11, 17]",
        "    unlock: [2, 8]\n    coin: [5, 8, 17]",
        "UT010",
        "coin: [5, 8, 17]",
        "8, 17",
    ),
    Case("ut-end-unreachable", "model.yaml", "  end_towers: 3 ", "  end_towers: 7 ", "UT007", "end_towers: 7", "7"),
    Case(
        "ut-named-face-elsewhere",
        "towers.yaml",
        "{kind: coins, coins: 1, when: {kind: alone}}",
        "{kind: coins, coins: 1, when: {kind: named-face-chosen}}",
        "UT013",
        "{kind: coins, coins: 1, when: {kind: named-face-chosen}}",
        "{kind: named",
    ),
    Case(
        "ut-pad-rows", "sheets.yaml", "rows: 4, games: 5", "rows: 3, games: 5", "UT016", "rows: 3, games: 5", "3, games"
    ),
    Case(
        "ut-row-longer-than-towers",
        "scoring.yaml",
        "kind: row, run: 4, boxes: 2",
        "kind: row, run: 7, boxes: 2",
        "UT006",
        "run: 7, boxes: 2",
        "7, boxes",
    ),
    Case("ut-die-faces", "model.yaml", "  die_faces: 6\n", "  die_faces: 8\n", "UT011", "  towers: 6 ", "6 "),
    Case(
        "ut-bonus-unreachable",
        "towers.yaml",
        "        lock: box\n        steps:\n          - {kind: bonus, tower: 3}",
        "        lock: box\n        steps:\n          - {kind: bonus, tower: 2}  # tower 3's box is never ticked",
        "UT012",
        "  - number: 3",
        "3",
    ),
    Case(
        "ut-sheet-without-effects",
        "sheets.yaml",
        "{kind: effects, source: towers, size: 1}",
        "{kind: text, size: 1, text: {ja: 効果は別紙, en: Effects on another sheet}}",
        "UT014",
        "  - id: tower-sheet",
        "- id",
    ),
    Case(
        "ut-cells-too-small",
        "sheets.yaml",
        "{kind: lanes, source: towers, size: 172mm}",
        "{kind: lanes, source: towers, size: 100mm}",
        "UT015",
        "{kind: lanes, source: towers, size: 100mm}",
        "{kind: lanes",
    ),
]
REQUIRED = ("ut-floor-21", "ut-tiebreak-repeat", "ut-tower-7", "ut-locks-over-marks")


# ---------------------------------------------------------------- fixture files


def expected_location(case: Case, kit: Path) -> tuple[int, int | None]:
    """The 1-based line of the marker (it may span lines: its first line counts) and the column of `col_at`."""
    return marker_location((kit / case.file).read_text(encoding="utf-8"), case.marker, case.col_at, case.name)


def regenerate() -> None:
    for case in CASES:
        target = BAD / case.name
        if target.exists():
            shutil.rmtree(target)
        target.mkdir(parents=True)
        for source in sorted(KIT.glob("*.yaml")):
            shutil.copyfile(source, target / source.name)
        path = target / case.file
        path.write_text(replace_once(path.read_text(encoding="utf-8"), case.old, case.new, case.name), encoding="utf-8")
        line, col = expected_location(case, target)
        where = f"{case.file}:{line}:{col}" if col else f"{case.file}:{line}"
        (target / "EXPECTED").write_text(f"{where}: error {case.code}\n", encoding="utf-8")


# ---------------------------------------------------------------- helpers


def run_cli(*args: object, timeout: float = 120) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "pnpkit.generator.cli", *map(str, args)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
    )


def page_items(page):
    """Every primitive of a page with the matrix that places it."""
    from pnpkit.generator.scene import Group, walk

    return [(item, m) for item, m in walk(page.items) if not isinstance(item, Group)]


def extent(item, matrix) -> tuple[float, float, float, float] | None:
    """Page-space box of any primitive, text included."""
    from pnpkit.generator.scene import Text, apply, bounds
    from pnpkit.generator.text import text_bounds

    if isinstance(item, Text):
        if not item.text.strip():
            return None
        x0, y0, x1, y1 = text_bounds(item)
        points = [apply(matrix, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return min(xs), min(ys), max(xs), max(ys)
    return bounds(item, matrix)


def scale_of(matrix) -> float:
    return (matrix[0] ** 2 + matrix[1] ** 2) ** 0.5


def groups(page, role: str):
    from pnpkit.generator.scene import Group, walk

    return [(item, m) for item, m in walk(page.items) if isinstance(item, Group) and item.role == role]


# ---------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def loaded():
    from pnpkit.validator.kit import load_kit

    kit = load_kit(KIT)
    assert kit.ok, [f.text() for f in kit.report.findings]
    return kit


@pytest.fixture(scope="module")
def layouts(loaded):
    from pnpkit.generator.build import layout_kit

    out = {}
    for lang in LANGS:
        parts, problems = layout_kit(loaded, lang)
        assert not problems, [p.text() for p in problems]
        out[lang] = {part.slug: part for part in parts}
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("ut-build")
    result = run_cli("build", KIT, "-o", out, "--lang", "all")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return out / "unlock-tower"


# ---------------------------------------------------------------- the kit


def test_validate_exits_zero_with_no_findings():
    result = run_cli("validate", KIT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "1 kit(s) OK"
    assert result.stderr == ""


def test_build_writes_every_output(built):
    for lang in LANGS:
        names = {p.name for p in (built / lang).iterdir() if not p.name.startswith(".")}
        assert names == {f"{slug}.{ext}" for slug in SLUGS for ext in ("pdf", "svg")} | {"kit.pdf"}
        for svg in (built / lang).glob("*.svg"):
            text = svg.read_text(encoding="utf-8")
            assert text.startswith("<?xml") or "<svg" in text[:400]
    assert (built / "fonts" / "ipaexg.ttf").is_file()


def test_pdfs_are_exactly_a4_with_every_font_embedded(built):
    from pypdf import PdfReader

    pdfs = sorted(built.glob("*/*.pdf"))
    assert len(pdfs) == len(LANGS) * (len(SLUGS) + 1)
    for path in pdfs:
        reader = PdfReader(path)
        for page in reader.pages:
            box = page.mediabox
            assert abs(float(box.width) - A4_PT[0]) < 0.01 and abs(float(box.height) - A4_PT[1]) < 0.01, path
            fonts = page["/Resources"].get_object().get("/Font", {})
            assert fonts, f"{path.name}: a page without text"
            for ref in fonts.values():
                font = ref.get_object()
                descendants = font.get("/DescendantFonts")
                descriptor = (descendants[0].get_object() if descendants else font).get("/FontDescriptor")
                assert descriptor is not None, f"{path.name}: {font.get('/BaseFont')} has no descriptor"
                descriptor = descriptor.get_object()
                assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), (
                    f"{path.name}: {font.get('/BaseFont')} is not embedded"
                )


def test_tower_sheet_text_has_the_tower_numbers_and_every_floor(built):
    from pypdf import PdfReader

    for lang in LANGS:
        text = PdfReader(built / lang / "tower-sheet.pdf").pages[0].extract_text()
        tokens = set(re.findall(r"\d+", text))
        assert {str(n) for n in range(1, 7)} <= tokens
        assert {str(n) for n in range(1, 21)} <= tokens
        assert "21" not in tokens
    assert "タワー" in PdfReader(built / "ja" / "tower-sheet.pdf").pages[0].extract_text()
    assert "Tower" in PdfReader(built / "en" / "tower-sheet.pdf").pages[0].extract_text()


def test_kit_pdf_has_a_bookmark_per_component_and_a_one_page_rule_summary(built):
    from pypdf import PdfReader

    for lang in LANGS:
        reader = PdfReader(built / lang / "kit.pdf")
        titles = [item.title for item in reader.outline if not isinstance(item, list)]
        for slug in SLUGS:
            component = PdfReader(built / lang / f"{slug}.pdf")
            assert component.metadata.title in titles
            assert len(component.pages) == 1, f"{slug} ({lang}) should be one page"
    rules = " ".join(PdfReader(built / "en" / "rules.pdf").pages[0].extract_text().split())
    for phrase in ("A round", "Choose", "Coin effects", "Errata", "Tie-break order", "A, B, C, D, E"):
        assert phrase in rules


def test_score_pad_has_rows_for_every_player_and_columns_a_to_e(layouts, loaded):
    page = layouts["en"]["score-pad"].pages[0]
    texts = [item.text for item, _ in page_items(page) if hasattr(item, "text")]
    for letter in "ABCDE":
        assert letter in texts
    assert "Total" in texts and "Player" in texts
    cells = [item for item, _ in page_items(page) if getattr(item, "role", "") == "cell"]
    games = 5
    columns = 1 + 5 + 1
    assert len(cells) == games * loaded.kit.players.max * columns
    assert min(c.h for c in cells) >= 5.0


def test_two_builds_are_byte_identical(built, tmp_path, loaded):
    from pnpkit.generator.build import BuildOptions, build

    result = build(loaded, BuildOptions(out_dir=tmp_path))
    assert result.ok
    again = tmp_path / "unlock-tower"
    first = sorted(p.relative_to(built) for p in built.rglob("*") if p.is_file())
    second = sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    assert first == second
    for rel in first:
        assert (built / rel).read_bytes() == (again / rel).read_bytes(), rel


# ---------------------------------------------------------------- the scene


def test_six_lanes_of_twenty_floors_bottom_up_and_pencil_sized(layouts):
    for lang in LANGS:
        page = layouts[lang]["tower-sheet"].pages[0]
        cells = {}
        for group, matrix in groups(page, "floor-cell"):
            rect = group.items[0]
            cells[group.name] = (rect, matrix)
        assert set(cells) == {f"{lane}/{floor}" for lane in range(1, 7) for floor in range(1, 21)}
        for rect, matrix in cells.values():
            assert rect.w * scale_of(matrix) >= 5.0 and rect.h * scale_of(matrix) >= 5.0
        for lane in range(1, 7):
            ys = [cells[f"{lane}/{floor}"][0].y for floor in range(1, 21)]
            assert ys == sorted(ys, reverse=True), "floor 1 is at the bottom"
        xs = [cells[f"{lane}/1"][0].x for lane in range(1, 7)]
        assert xs == sorted(xs), "tower 1 is on the left"


def test_marks_are_printed_on_their_floors(layouts, loaded):
    page = layouts["ja"]["tower-sheet"].pages[0]
    marks = {}
    for group, _ in groups(page, "floor-cell"):
        names = {child.name for child in group.items if getattr(child, "role", "") == "mark"}
        if names:
            marks[group.name] = names
    expected = {}
    for tower in loaded.kit.towers:
        for floor in tower.unlock:
            expected[f"{tower.number}/{floor}"] = {"unlock"}
        for floor in tower.coin:
            expected[f"{tower.number}/{floor}"] = {"coin"}
    assert marks == expected


def test_every_checkbox_is_at_least_3_5_mm(layouts):
    from pnpkit.generator.scene import Rect

    count = 0
    for lang in LANGS:
        for part in layouts[lang].values():
            for page in part.pages:
                for item, matrix in page_items(page):
                    if isinstance(item, Rect) and item.role == "checkbox":
                        count += 1
                        assert min(item.w, item.h) * scale_of(matrix) >= 3.5, (part.slug, item)
    assert count > 0


def test_lock_boxes_and_chain_arrows_follow_the_model(layouts, loaded):
    from pnpkit.generator.scene import Rect

    page = layouts["en"]["tower-sheet"].pages[0]
    locks = 0
    for group, _matrix in groups(page, "effect-cell"):
        locks += sum(1 for child in group.items if isinstance(child, Rect) and child.role == "checkbox")
    assert locks == len(loaded.kit.lock_boxes())
    effects = next(g for g, _ in groups(page, "region") if g.name == "effects")
    arrow_heads = [i for i in effects.items if type(i).__name__ == "Polygon"]
    chains = sum(1 for tower in loaded.kit.towers for effect in tower.effects if effect.lock == "chain")
    assert len(arrow_heads) == chains


def test_effect_columns_line_up_with_the_lanes(layouts):
    page = layouts["en"]["tower-sheet"].pages[0]
    lanes = {g.name: g.items[0] for g, _ in groups(page, "floor-cell")}
    for group, _ in groups(page, "effect-cell"):
        column, _row = group.name.split("/")
        frame, lane = group.items[0], lanes[f"{column}/1"]
        assert abs(frame.x - lane.x) < 1e-6 and abs(frame.w - lane.w) < 1e-6
        assert frame.h >= 10.0


def test_nothing_in_the_hard_margin_and_sheets_keep_to_the_printable_area(layouts):
    for lang in LANGS:
        for part in layouts[lang].values():
            for page in part.pages:
                limit = HARD_MARGIN if part.slug == "rules" else 7.0 - 0.2
                for item, matrix in page_items(page):
                    box = extent(item, matrix)
                    if box is None:
                        continue
                    x0, y0, x1, y1 = box
                    assert x0 >= limit and y0 >= limit, (part.slug, lang, item)
                    assert x1 <= page.width - limit and y1 <= page.height - limit, (part.slug, lang, item)


def test_text_in_the_sheet_regions_does_not_overlap(layouts):
    """Lines of text on the sheets never cover each other (letters of one line may touch a box, not a word)."""
    from pnpkit.generator.scene import Text

    for lang in LANGS:
        for slug in ("tower-sheet", "score-pad"):
            page = layouts[lang][slug].pages[0]
            boxes = [extent(item, m) for item, m in page_items(page) if isinstance(item, Text) and item.text.strip()]
            boxes = [b for b in boxes if b is not None]
            for i, a in enumerate(boxes):
                for b in boxes[i + 1 :]:
                    overlap_w = min(a[2], b[2]) - max(a[0], b[0])
                    overlap_h = min(a[3], b[3]) - max(a[1], b[1])
                    assert overlap_w <= 0.3 or overlap_h <= 0.3, (slug, lang, a, b)


def test_rule_summary_is_one_page_without_a_heading_cut_from_its_section(layouts):
    from pnpkit.generator.scene import Group, Rect

    for lang in LANGS:
        pages = layouts[lang]["rules"].pages
        assert len(pages) == 1
        blocks = [item for item in pages[0].items if isinstance(item, Group)]
        for block, after in zip(blocks, blocks[1:] + [None]):
            first = block.items[0] if block.items else None
            if isinstance(first, Rect) and first.style.fill == "#2c2f45" and abs(first.h - 6.0) < 1e-6:
                assert after is not None and after.dx == block.dx, f"{lang}: a section heading ends its column"


# ---------------------------------------------------------------- the sheet engine on its own


def test_sheet_engine_doctests():
    import pnpkit.generator.layouts.sheets as engine
    import pnpkit.validator.components.sheets as model

    for module in (engine, model):
        failed, _ = doctest.testmod(module)
        assert failed == 0


def test_inline_regions_draw_inside_their_areas(tmp_path):
    """A sheet written out in YAML (no rule model): a grid with marks, a checkbox chain, a counter and text."""
    from pydantic import TypeAdapter

    from pnpkit.generator.layouts.common import LayoutContext
    from pnpkit.generator.layouts.sheets import arrange, sheet_area, sheet_page
    from pnpkit.generator.scene import Polygon, Rect
    from pnpkit.generator.units import A4
    from pnpkit.validator.components.sheets import Sheet

    sheet = TypeAdapter(Sheet).validate_python(
        {
            "id": "demo",
            "name": {"en": "Demo"},
            "layout": {
                "kind": "column",
                "items": [
                    {"kind": "field", "size": "8mm", "label": {"en": "Name"}},
                    {
                        "kind": "grid",
                        "size": 3,
                        "rows": 6,
                        "cols": 8,
                        "numbered": True,
                        "marks": [{"row": 2, "col": 3, "mark": "star"}],
                    },
                    {"kind": "checkboxes", "size": "10mm", "count": 5, "chain": True, "label": {"en": "Bonus"}},
                    {
                        "kind": "lanes",
                        "size": 4,
                        "floors": 12,
                        "lanes": [{"label": "A", "marks": {"coin": [3]}}, {"label": "B", "colour": "#3366aa"}],
                    },
                    {"kind": "counter", "size": 1, "count": 12, "per_row": 12},
                    {"kind": "text", "size": "12mm", "text": {"en": "Tick a box each round."}},
                ],
            },
        }
    )
    ctx = LayoutContext("en", A4)
    page = sheet_page(ctx, "Demo", "", sheet.layout, ("sheets", 0, "layout"), {}, code="UT015")
    assert ctx.problems == []
    placed = arrange(sheet.layout, sheet_area(ctx), ())
    assert [region.kind for region, _, _ in placed] == ["field", "grid", "checkboxes", "lanes", "counter", "text"]
    assert abs(sum(area.h for _, _, area in placed) + 5 * 3.0 - sheet_area(ctx).h) < 1e-6
    boxes = [item for item, _ in page_items(page) if isinstance(item, Rect) and item.role == "checkbox"]
    assert len(boxes) == 5 and all(b.w >= 3.5 for b in boxes)
    chain = next(g for g, _ in groups(page, "region") if g.name == "checkboxes")
    assert sum(isinstance(i, Polygon) for i in chain.items) == 4, "four arrows join five boxes"
    assert len(groups(page, "grid-cell")) == 48
    assert len(groups(page, "floor-cell")) == 24
    for item, matrix in page_items(page):
        box = extent(item, matrix)
        if box is not None:
            assert box[0] >= 6.8 and box[1] >= 6.8 and box[2] <= 203.2 and box[3] <= 290.2


def test_a_region_too_small_for_a_pencil_is_reported():
    from pydantic import TypeAdapter

    from pnpkit.generator.layouts.common import LayoutContext
    from pnpkit.generator.layouts.sheets import sheet_page
    from pnpkit.generator.units import A4
    from pnpkit.validator.components.sheets import Sheet

    sheet = TypeAdapter(Sheet).validate_python(
        {
            "id": "tiny",
            "name": {"en": "Tiny"},
            "layout": {
                "kind": "row",
                "items": [{"kind": "grid", "rows": 80, "cols": 10}, {"kind": "checkboxes", "size": "3mm", "count": 3}],
            },
        }
    )
    ctx = LayoutContext("en", A4)
    sheet_page(ctx, "Tiny", "", sheet.layout, ("sheets", 0, "layout"), {}, code="UT015")
    paths = sorted(p.path for p in ctx.problems)
    assert [p.code for p in ctx.problems] == ["UT015", "UT015"]
    assert paths == [("sheets", 0, "layout", "items", 0), ("sheets", 0, "layout", "items", 1)]


def test_sizes_are_shares_or_lengths():
    from pydantic import TypeAdapter, ValidationError

    from pnpkit.validator.components.sheets import Region

    adapter = TypeAdapter(Region)
    region = adapter.validate_python(
        {
            "kind": "row",
            "items": [
                {"kind": "field", "size": "9mm", "label": {"en": "x"}},
                {"kind": "field", "size": 2, "label": {"en": "y"}},
            ],
        }
    )
    assert region.items[0].size.mm == 9.0 and region.items[1].size.share == 2.0
    for bad in (0, -1, "9", True):
        with pytest.raises(ValidationError):
            adapter.validate_python({"kind": "field", "size": bad, "label": {"en": "x"}})
    with pytest.raises(ValidationError):
        adapter.validate_python({"kind": "checkboxes", "count": 2, "box": "3mm"})
    with pytest.raises(ValidationError):
        adapter.validate_python({"kind": "lanes", "source": "towers", "floors": 3, "lanes": [{"label": "A"}]})


# ---------------------------------------------------------------- the rulebook as written, and bad kits


def test_the_rulebook_tie_break_as_written_is_refused(tmp_path):
    """The seed lists A, B, C, B, B: two repeats and two omissions, all on the one line."""
    from pnpkit.validator.kit import load_kit

    kit = tmp_path / "as-written"
    shutil.copytree(KIT, kit)
    path = kit / "scoring.yaml"
    path.write_text(
        replace_once(path.read_text(encoding="utf-8"), "[A, B, C, D, E]", "[A, B, C, B, B]", "as-written"),
        encoding="utf-8",
    )
    errors = load_kit(kit).report.errors
    assert [f.code for f in errors] == ["UT005", "UT005", "UT005"]
    assert {f.location.line for f in errors} == {
        expected_location(Case("x", "scoring.yaml", "", "", "", "tie_break: [A, B, C, B, B]"), kit)[0]
    }
    assert any("leaves out D, E" in f.message for f in errors)


def test_every_case_has_its_fixture_and_expected_file():
    ours = sorted(p.name for p in BAD.iterdir() if p.is_dir() and p.name.startswith("ut-"))
    assert ours == sorted(case.name for case in CASES)
    for case in CASES:
        kit = BAD / case.name
        line, col = expected_location(case, kit)
        where = f"{case.file}:{line}:{col}" if col else f"{case.file}:{line}"
        assert (kit / "EXPECTED").read_text(encoding="utf-8") == f"{where}: error {case.code}\n"
        assert sorted(p.name for p in kit.glob("*.yaml")) == sorted(p.name for p in KIT.glob("*.yaml"))
        for source in KIT.glob("*.yaml"):
            if source.name != case.file:
                assert (kit / source.name).read_bytes() == source.read_bytes(), (
                    f"{case.name}/{source.name} is stale; regenerate"
                )


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_defect_gives_its_code_at_its_line(case, tmp_path):
    from pnpkit.generator.build import layout_kit
    from pnpkit.validator.kit import load_kit

    kit = BAD / case.name
    loaded = load_kit(kit)
    findings = list(loaded.report.errors)
    if loaded.ok:  # a layout problem: validate lays the pages out, so do the same here
        for lang in LANGS:
            findings += [f for f in layout_kit(loaded, lang)[1] if f.is_error]
    assert findings, "the defect was not found"
    assert {f.code for f in findings} == {case.code}, [f.text() for f in findings]
    line, col = expected_location(case, kit)
    hits = [f for f in findings if Path(f.location.file).name == case.file and f.location.line == line]
    assert hits, [f.text() for f in findings]
    if col:
        assert any(f.location.col == col for f in hits), [f.text() for f in hits]
    # undoing the defect gives a clean kit
    repaired = tmp_path / "repaired"
    shutil.copytree(kit, repaired)
    path = repaired / case.file
    path.write_text(replace_once(path.read_text(encoding="utf-8"), case.new, case.old, case.name), encoding="utf-8")
    assert load_kit(repaired).ok


def test_cli_validate_reports_each_defect_at_its_line():
    result = run_cli("validate", *[BAD / case.name for case in CASES])
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    output = result.stdout + result.stderr
    for case in CASES:
        expected = (BAD / case.name / "EXPECTED").read_text(encoding="utf-8").strip()
        where, code = expected.rsplit(": error ", 1)
        shown = os.path.relpath(BAD / case.name / where.split(":")[0], REPO)
        line = where.split(":")[1]
        assert re.search(rf"^{re.escape(shown)}:{line}:\d+: error {code}\b", output, re.M), (case.name, output)


@pytest.mark.parametrize("name", REQUIRED)
def test_cli_build_of_a_bad_kit_fails_cleanly_and_writes_nothing(name, tmp_path):
    out = tmp_path / "out"
    result = run_cli("build", BAD / name, "-o", out, "--lang", "all")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "nothing was" in result.stderr
    assert not out.exists() or not any(out.rglob("*"))


if __name__ == "__main__":
    regenerate()
    print(f"wrote {len(CASES)} kits under {BAD.relative_to(REPO)}")
