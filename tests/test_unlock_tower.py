"""Unlock Tower: the tower sheet's scene has the geometry a pencil needs, the score pad and rule summary say
what the rules do, and the sheet engine works on its own. What every kit owes a printer is checked in
test_every_kit.py, and its bad kits (ut-*) in bad_cases.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import make_bad_kit, marker_location
from pdftext import page_text

KIT = "unlock-tower"
LANGS = ("ja", "en")
SLUGS = ("tower-sheet", "score-pad", "rules")


def page_items(page):
    """Every primitive of a page with the matrix that places it."""
    from pnpkit.generator.scene import Group, walk

    return [(item, m) for item, m in walk(page.items) if not isinstance(item, Group)]


def extent(item, matrix) -> tuple[float, float, float, float] | None:
    """Page-space box of any primitive, text included."""
    from pnpkit.generator.scene import Text, apply, bounds
    from pnpkit.generator.typeset.text import text_bounds

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
def loaded(kits):
    return kits.loaded(KIT)


@pytest.fixture(scope="module")
def layouts(kits):
    return kits.layouts(KIT)


@pytest.fixture(scope="module")
def built(kits) -> Path:
    return kits.builds(KIT)[0]


# ---------------------------------------------------------------- the kit


def test_tower_sheet_text_has_the_tower_numbers_and_every_floor(built):
    texts = {lang: page_text(built / lang / "tower-sheet.pdf", 0) for lang in LANGS}
    for lang in LANGS:
        tokens = set(re.findall(r"\d+", texts[lang]))
        assert {str(n) for n in range(1, 7)} <= tokens
        assert {str(n) for n in range(1, 21)} <= tokens
        assert "21" not in tokens
    assert "タワー" in texts["ja"]
    assert "Tower" in texts["en"]


def test_each_component_is_one_page_and_the_rule_summary_says_the_rules(built, layouts):
    for lang in LANGS:
        assert {slug: len(part.pages) for slug, part in layouts[lang].items()} == dict.fromkeys(SLUGS, 1), lang
    rules = " ".join(page_text(built / "en" / "rules.pdf", 0).split())
    for phrase in ("A round", "Choose", "Coin effects", "Errata", "Tie-break order", "A, B, C, D, E"):
        assert phrase in rules


def test_score_pad_has_rows_for_every_player_and_columns_a_to_e(layouts, loaded):
    page = layouts["en"]["score-pad"].pages[0]
    texts = [item.text for item, _ in page_items(page) if hasattr(item, "text")]
    for letter, factor in zip("ABCDE", (2, 2, 1, 1, 1)):
        assert f"{letter} ×{factor}" in texts  # the letter and its factor; the category's name under them
    assert "Total" in texts and "Player" in texts
    cells = [item for item, _ in page_items(page) if getattr(item, "role", "") == "cell"]
    games = 5
    columns = 1 + 5 + 1
    assert len(cells) == games * loaded.kit.players.max * columns
    assert min(c.h for c in cells) >= 5.0


# ---------------------------------------------------------------- the scene


def test_six_lanes_of_twenty_floors_bottom_up_and_pencil_sized(layouts):
    for lang in LANGS:
        page = layouts[lang]["tower-sheet"].pages[0]
        cells = {}
        for group, matrix in groups(page, "ladder-cell"):
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
    for group, _ in groups(page, "ladder-cell"):
        names = {child.name for child in group.items if getattr(child, "role", "") == "mark"}
        if names:
            marks[group.name] = names
    expected = {}
    for tower in loaded.kit.towers:
        for floor in tower.unlock:
            expected[f"{tower.number}/{floor}"] = {"open-padlock"}
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
    lanes = {g.name: g.items[0] for g, _ in groups(page, "ladder-cell")}
    for group, _ in groups(page, "effect-cell"):
        column, _row = group.name.split("/")
        frame, lane = group.items[0], lanes[f"{column}/1"]
        assert abs(frame.x - lane.x) < 1e-6 and abs(frame.w - lane.w) < 1e-6
        assert frame.h >= 10.0


def test_sheets_keep_to_the_printable_area(layouts):
    """The pencil sheets keep 7 mm clear, more than the 5 mm hard margin every page keeps."""
    for lang in LANGS:
        for slug in ("tower-sheet", "score-pad"):
            for page in layouts[lang][slug].pages:
                limit = 7.0 - 0.2
                for item, matrix in page_items(page):
                    box = extent(item, matrix)
                    if box is None:
                        continue
                    x0, y0, x1, y1 = box
                    assert x0 >= limit and y0 >= limit, (slug, lang, item)
                    assert x1 <= page.width - limit and y1 <= page.height - limit, (slug, lang, item)


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


def test_inline_regions_draw_inside_their_areas(tmp_path):
    """A sheet written out in YAML (no rule model): a grid with marks, a checkbox chain, a counter and text."""
    from pydantic import TypeAdapter

    from pnpkit.generator.layouts.context import LayoutContext
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
                        "kind": "ladders",
                        "size": 4,
                        "rungs": 12,
                        "ladders": [{"label": "A", "marks": {"coin": [3]}}, {"label": "B", "colour": "#3366aa"}],
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
    assert [region.kind for region, _, _ in placed] == ["field", "grid", "checkboxes", "ladders", "counter", "text"]
    assert abs(sum(area.h for _, _, area in placed) + 5 * 3.0 - sheet_area(ctx).h) < 1e-6
    boxes = [item for item, _ in page_items(page) if isinstance(item, Rect) and item.role == "checkbox"]
    assert len(boxes) == 5 and all(b.w >= 3.5 for b in boxes)
    chain = next(g for g, _ in groups(page, "region") if g.name == "checkboxes")
    assert sum(isinstance(i, Polygon) for i in chain.items) == 4, "four arrows join five boxes"
    assert len(groups(page, "grid-cell")) == 48
    assert len(groups(page, "ladder-cell")) == 24
    for item, matrix in page_items(page):
        box = extent(item, matrix)
        if box is not None:
            assert box[0] >= 6.8 and box[1] >= 6.8 and box[2] <= 203.2 and box[3] <= 290.2


def test_a_region_too_small_for_a_pencil_is_reported():
    from pydantic import TypeAdapter

    from pnpkit.generator.layouts.context import LayoutContext
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
        adapter.validate_python({"kind": "ladders", "source": "towers", "rungs": 3, "ladders": [{"label": "A"}]})


# ---------------------------------------------------------------- the rulebook as written


def test_the_rulebook_tie_break_as_written_is_refused(tmp_path):
    """The seed lists A, B, C, B, B: two repeats and two omissions, all on the one line."""
    from pnpkit.validator.kit import load_kit

    kit = make_bad_kit(tmp_path, [("scoring.yaml", "[A, B, C, D, E]", "[A, B, C, B, B]")], "as-written", KIT)
    errors = load_kit(kit).report.errors
    assert [f.code for f in errors] == ["PK314", "PK314", "PK314"]
    line, _col = marker_location(
        (kit / "scoring.yaml").read_text(encoding="utf-8"), "tie_break: [A, B, C, B, B]", None, ""
    )
    assert {f.location.line for f in errors} == {line}
    assert any("leaves out D, E" in f.message for f in errors)
