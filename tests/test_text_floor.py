"""The readable floor (issue 16): no printed text below 6 pt in Latin or 7 pt in Japanese (a text with any kana,
kanji or other full-width character counts as Japanese), on every kit's pages in both languages and other print
settings, on the kit book's own pages (cover, contents, calibration sheet, blank pages), and on the calibration
sheet `pnpkit calibrate` writes. Text that would need less is a
finding: PK309 where auto-fit would have to shrink it, PK326 where a layout draws it below the floor.

The walk here measures the scene on its own (a group's scale multiplies the size it draws), so it does not lean
on the page check it tests.
"""

from __future__ import annotations

import math

import pytest
from conftest import KITS, cli, make_bad_kit, parse_findings

from pnpkit.generator.scene import Group, Page, Text, walk

LATIN, JAPANESE = 6.0, 7.0


def floor(text: str) -> float:
    return JAPANESE if any(ord(ch) >= 0x3000 for ch in text) else LATIN


def too_small(pages) -> list[tuple[int, str, float]]:
    """(page number, text, size in pt) of every printed text below its floor."""
    out = []
    for number, page in enumerate(pages, start=1):
        for item, matrix in walk(page.items):
            if isinstance(item, Text) and item.text.strip():
                size = item.size * math.hypot(matrix[0], matrix[1])
                if size < floor(item.text) - 1e-6:
                    out.append((number, item.text, round(size, 2)))
    return out


# ---------------------------------------------------------------- every kit, as shipped


@pytest.mark.parametrize("name", sorted(KITS))
def test_no_text_below_the_floor_in_any_component(kits, name):
    for lang, parts in kits.layouts(name).items():
        for slug, part in parts.items():
            assert too_small(part.pages) == [], (name, lang, slug)


@pytest.mark.parametrize("name", sorted(KITS))
def test_no_text_below_the_floor_in_the_kit_book(kits, name):
    for lang, document in kits.book(name).items():
        cover, contents = document.pages[:2]
        assert too_small([cover, contents]) == [], (name, lang)
        assert too_small(document.pages) == [], (name, lang)


# ---------------------------------------------------------------- other print settings

SETTINGS = [
    ("element-shift", {"layout": "gutterfold"}),
    ("element-shift", {"bleed": 3.0}),
    ("dice-battle-monsters", {"layout": "gutterfold"}),
    ("dice-battle-monsters", {"bleed": 3.0}),
    ("wizards-element-collection", {"bleed": 3.0, "marks": "crop", "duplex": "short"}),
    ("moonlit-tricks", {"layout": "gutterfold"}),
    ("element-shift", {"paper": "letter"}),
]


@pytest.mark.parametrize(("name", "overrides"), SETTINGS, ids=lambda v: v if isinstance(v, str) else "-".join(v))
def test_no_text_below_the_floor_under_other_print_settings(kits, name, overrides):
    from pnpkit.generator.build import layout_book, layout_kit, print_settings

    loaded = kits.loaded(name)
    settings = print_settings(loaded.kit, overrides)
    for lang in loaded.kit.languages:
        parts, problems = layout_kit(loaded, lang, settings)
        assert [p.text() for p in problems] == []
        for part in parts:
            assert too_small(part.pages) == [], (name, lang, part.slug)
        document, problems = layout_book(loaded, lang, parts, settings)
        assert problems == []
        assert too_small(document.pages) == [], (name, lang)  # the book's own pages among them


# ---------------------------------------------------------------- the calibration sheet


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_calibration_sheet_text_is_above_the_floor_and_its_numbers_apart(lang, duplex):
    from pnpkit.generator.layouts.calibration import calibration_pages
    from pnpkit.generator.layouts.context import LayoutContext
    from pnpkit.generator.typeset.text import text_bounds
    from pnpkit.generator.units import A4

    pages = calibration_pages(LayoutContext(lang, A4), duplex)
    assert too_small(pages) == []
    numbers = [item for item, _m in walk(pages[0].items) if isinstance(item, Text) and item.role == "scale-number"]
    assert {item.text for item in numbers} == {"-4", "-2", "0", "+2", "+4"}
    assert len(numbers) == 5 * 2 * 5  # five spots, an x and a y scale each, -4 … +4 every 2 mm
    boxes = [text_bounds(item) for item in numbers]
    for a in range(len(boxes)):
        for b in range(a + 1, len(boxes)):
            (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = boxes[a], boxes[b]
            overlap = min(ax1, bx1) - max(ax0, bx0) > 0 and min(ay1, by1) - max(ay0, by0) > 0
            assert not overlap, (numbers[a].text, numbers[b].text)


def test_calibrate_command_writes_no_text_below_the_floor(tmp_path):
    """The PDF `pnpkit calibrate` writes, read back: every character's size is the text's."""
    pdfplumber = pytest.importorskip("pdfplumber")
    target = tmp_path / "calibration.pdf"
    result = cli("calibrate", "-o", target, "--lang", "ja")
    assert result.returncode == 0, result.stderr
    with pdfplumber.open(target) as pdf:
        small = [
            (ch["text"], round(ch["size"], 2))
            for page in pdf.pages
            for ch in page.chars
            if ch["text"].strip() and ch["upright"] and ch["size"] < floor(ch["text"]) - 0.05
        ]
    assert small == []


# ---------------------------------------------------------------- auto-fit never goes below the floor


@pytest.mark.parametrize(
    ("text", "least"),
    [
        ("Phase", LATIN),
        ("A very long caption that cannot fit", LATIN),
        ("フェイズ", JAPANESE),
        ("指定した目が的中", JAPANESE),
    ],
)
def test_fitted_never_sets_text_below_the_floor(text, least):
    """A box too small for the text at the floor: PK309 naming the box and the size, never smaller text."""
    from pnpkit.generator.layouts.context import LayoutContext
    from pnpkit.generator.typeset.text import TextBox
    from pnpkit.generator.units import A4

    ctx = LayoutContext("en", A4)
    lines = ctx.fitted(text, TextBox(0, 0, 5.0, 2.0), 5.0, 3.0, where=("regions", 0), label="caption")
    assert lines and all(line.size >= least for line in lines)
    assert [p.code for p in ctx.problems] == ["PK309"]
    problem = ctx.problems[0]
    assert problem.path == ("regions", 0)
    assert "5.0 × 2.0 mm box" in problem.message and f"even at {least:g} pt" in problem.message


def test_fitted_raises_a_size_under_the_floor_when_the_text_fits_there():
    from pnpkit.generator.layouts.context import LayoutContext
    from pnpkit.generator.typeset.text import TextBox
    from pnpkit.generator.units import A4

    ctx = LayoutContext("ja", A4)
    latin = ctx.fitted("Lv", TextBox(0, 0, 20, 5), 4.5, 3.5, label="caption")
    japanese = ctx.fitted("攻撃", TextBox(0, 0, 20, 5), 5.5, 5.5, label="badge")
    assert ctx.problems == []
    assert [line.size for line in latin] == [LATIN] and [line.size for line in japanese] == [JAPANESE]


def test_a_japanese_word_holds_the_whole_text_to_the_japanese_floor():
    from pnpkit.generator.layouts.context import floor_pt

    assert floor_pt("ATT") == LATIN and floor_pt("×2 ★ →") == LATIN
    assert floor_pt("Token 祝杯 (toast)") == JAPANESE and floor_pt("ペア") == JAPANESE


# ---------------------------------------------------------------- PK326: drawn below the floor


def test_the_page_check_finds_text_below_the_floor_with_its_place_and_size():
    from pnpkit.generator.layouts.context import small_text

    card = Group(
        (Text(0, 0, "per pair", 10.0), Text(0, 5, "小さい", 12.0)),  # drawn at half size: 5 pt and 6 pt
        scale=0.5,
        name="grass",
    )
    page = Page(
        210,
        297,
        (
            Text(0, 0, "Deck", 5.5),
            Text(0, 10, "山札", 6.5),
            Text(0, 20, "Fine", 6.0),
            Text(0, 30, "十分", 7.0),
            Text(0, 40, "   ", 2.0),
            card,
        ),
    )
    problems = small_text([page, page], ("cards",))
    assert {p.code for p in problems} == {"PK326"}
    found = {(p.path, p.message) for p in problems}
    assert found == {
        (("cards", "page 1"), "'Deck' prints at 5.50 pt, below the 6 pt floor for Latin text"),
        (("cards", "page 1"), "'山札' prints at 6.50 pt, below the 7 pt floor for Japanese text"),
        (("cards", "page 1", "grass"), "'per pair' prints at 5.00 pt, below the 6 pt floor for Latin text"),
        (("cards", "page 1", "grass"), "'小さい' prints at 6.00 pt, below the 7 pt floor for Japanese text"),
    }, "the second, identical page is not told again"


def test_a_kit_whose_layout_draws_text_below_the_floor_is_a_pk326_finding(tmp_path):
    """An icon's words (at most three characters) are drawn on a header tag sized to the tag: "WWW" on the
    Dice Battle Monsters S1 tag prints at 5.4 pt. The build lays the cards out, finds it, and writes nothing."""
    kit = make_bad_kit(
        tmp_path,
        [
            (
                "templates.yaml",
                'S1:   {shape: tag, text: S1, colour: "#c4860f"}',
                'S1:   {shape: tag, text: WWW, colour: "#c4860f"}',
            )
        ],
        kit="dice-battle-monsters",
    )
    result = cli("validate", kit)
    assert result.returncode == 1, result.stdout + result.stderr
    found = [f for f in parse_findings(result.stdout + result.stderr) if f.code == "PK326"]
    assert found, result.stdout + result.stderr
    assert all("'WWW' prints at " in f.text and "below the 6 pt floor for Latin text" in f.text for f in found)
    assert any("cards.page 1." in f.text and "unit_effect: 'WWW' prints at 5.43 pt" in f.text for f in found), (
        "the header tag on a card: the component, page, card and region, and the size"
    )
    assert any(f.text.split(" PK326 ")[1].startswith("rules.page 1:") for f in found), "the spell chips in the rules"
    built = cli("build", kit, "-o", tmp_path / "out", "--no-svg")
    assert built.returncode == 1 and "PK326" in built.stderr
    assert not (tmp_path / "out" / "dice-battle-monsters").exists()


def test_pk326_is_an_error_with_its_title():
    from pnpkit.validator import codes
    from pnpkit.validator.findings import Severity

    severity, title = codes.CODES["PK326"]
    assert severity == Severity.ERROR and "readable floor" in title
