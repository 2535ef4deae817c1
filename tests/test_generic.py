"""`game: generic`: a kit made from YAML alone is checked, and every component it declares is printed.

tests/fixtures/generic/moonlit-tricks/ is the example: a 12-card trick-taking
prototype in Japanese and English with one card template, one deck with a back,
one player sheet, one token sheet and a rule summary. Its bad copies (the `mt-*`
cases of tests/bad_cases.py, each one edit with the findings it must give) are
made in tmp_path and checked by tests/test_bad_content.py.
"""

from __future__ import annotations

import importlib.util
import itertools
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from bad_cases import CASES, MT
from conftest import GENERIC, LANGS, REPO, Shown, cli, parse_findings
from pdftext import pdf_text

EXAMPLE = GENERIC / MT
PDFCHECK = REPO.parent / "shared" / "tools" / "pdfcheck.py"
OUTPUTS = ("cards-tricks.pdf", "sheet-player-sheet.pdf", "tokens.pdf", "rules.pdf", "kit.pdf")

TITLES = {
    "ja": ["朝焼け", "日だまり", "真昼", "三日月", "半月", "満月", "流れ星", "双子星", "一番星", "彗星"],
    "en": [
        "Daybreak",
        "Sunny Spot",
        "High Noon",
        "Crescent",
        "Half Moon",
        "Full Moon",
        "Shooting Star",
        "Twin Stars",
        "Evening Star",
        "Comet",
    ],
}


# ---------------------------------------------------------------- its bad copies (tests/bad_cases.py, `mt-*`)


def test_every_generic_code_has_a_bad_kit_or_a_test():
    from pnpkit.validator.games.generic import CODES

    covered = {want.code for case in CASES if case.kit == MT for want in case.wants}
    covered |= {"PK411"}  # test_art_regions_print_a_labelled_placeholder
    covered |= {"PK414", "PK415", "PK416", "PK417", "PK418"}  # tests/test_boards.py, on fixtures/generic/every-board
    assert set(CODES) <= covered, sorted(set(CODES) - covered)


# ---------------------------------------------------------------- the example kit: model and scene


@pytest.fixture(scope="module")
def loaded(kits):
    return kits.loaded(EXAMPLE.name)


@pytest.fixture(scope="module")
def layouts(kits):
    return kits.layouts(EXAMPLE.name)


def test_example_declares_one_of_each_component(loaded):
    kit = loaded.kit
    assert kit.game == "generic"
    assert (
        len(kit.card_templates.templates) == 1
        and len(kit.decks) == 1
        and len(kit.sheets) == 1
        and kit.tokens is not None
    )
    assert kit.decks[0].back.title is not None
    assert sum(card.count for card in kit.decks[0].cards) == 12
    assert kit.languages == ["ja", "en"]


def test_every_declared_component_is_printed(layouts):
    for lang in LANGS:
        assert list(layouts[lang]) == ["cards-tricks", "sheet-player-sheet", "tokens", "rules"]


def _groups(part, role):
    from pnpkit.generator.scene import Group

    return [item for page in part.pages for item in page.items if isinstance(item, Group) and item.role == role]


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_of_the_deck_is_drawn_9_up_with_its_back(layouts, loaded, lang):
    cards = layouts[lang]["cards-tricks"]
    fronts, backs = _groups(cards, "card-front"), _groups(cards, "card-back")
    assert len(fronts) == len(backs) == 12
    counts: dict[str, int] = {}
    for group in fronts:
        counts[group.name] = counts.get(group.name, 0) + 1
    assert counts == {card.id: card.count for card in loaded.kit.decks[0].cards}
    assert counts["comet"] == 3
    per_page = [sum(1 for i in page.items if getattr(i, "role", "") == "card-front") for page in cards.pages]
    assert per_page == [9, 0, 3, 0]  # fronts, backs, fronts, backs: duplex
    assert [sum(1 for i in page.items if getattr(i, "role", "") == "card-back") for page in cards.pages] == [0, 9, 0, 3]
    assert sorted(g.name for g in backs) == sorted(g.name for g in fronts)


@pytest.mark.parametrize("lang", LANGS)
def test_each_card_shows_its_title_rank_and_suit(layouts, lang):
    from pnpkit.generator.scene import Group, Text, walk

    fronts = _groups(layouts[lang]["cards-tricks"], "card-front")
    titles = []
    for face in fronts:
        texts = [(item.role, item.text) for item, _m in walk(face.items) if isinstance(item, Text)]
        title = [t for role, t in texts if role == "card-title"]
        assert len(title) == 1, texts
        titles.append(title[0])
        assert any(role == "card-rank" for role, _t in texts), texts
        regions = {
            item.name for item, _m in walk(face.items) if isinstance(item, Group) and item.role.startswith("region-")
        }
        assert {"rank", "title", "suit", "pips"} <= regions
    assert sorted(set(titles)) == sorted(TITLES[lang])
    icons = [
        item
        for face in fronts
        for item, _m in walk(face.items)
        if isinstance(item, Group) and item.role == "inline-icon"
    ]
    assert len(icons) == (1 + 2 + 3) * 3 + 3 + 1  # the pips of three suits, one on each Comet, {comet} in a text
    # {comet} in High Noon's text: a one-em disc's ◆ would print under the floor as text, so it is drawn as a
    # shape inside its disc, still a disc; never written out as a letter
    from pnpkit.generator.scene import Circle, Path

    small = [icon for icon in icons if any(isinstance(i, Path) and i.role == "icon-mark" for i in icon.items)]
    assert small and all(any(isinstance(i, Circle) for i in icon.items) for icon in small)
    assert not [
        item
        for face in fronts
        for item, _m in walk(face.items)
        if isinstance(item, Text) and item.text == "◆" and item.colour == "#2b2b33"
    ]


def test_the_back_carries_the_back_title_in_both_languages(layouts):
    from pnpkit.generator.scene import Text, walk

    for lang, words in (("ja", "月夜の"), ("en", "MOONLIT")):
        back = _groups(layouts[lang]["cards-tricks"], "card-back")[0]
        texts = [item.text for item, _m in walk(back.items) if isinstance(item, Text)]
        assert any(words in t for t in texts), texts


def test_the_kit_book_checklist_counts_from_the_model(layouts, loaded):
    for lang, names in (
        ("ja", ("トリックカード", "プレイヤーシート", "リード")),
        ("en", ("Trick cards", "Player sheet", "Lead")),
    ):
        checklist = [entry for part in layouts[lang].values() for entry in part.checklist]
        assert (names[0], 12) in checklist
        assert (names[1], loaded.kit.players.max) in checklist
        assert (names[2], 1) in checklist
        player_tokens = [count for name, count in checklist if ":" in name]
        assert player_tokens == [2, 2, 2]


@pytest.mark.parametrize("lang", LANGS)
def test_the_sheet_fills_placeholders_and_speaks_the_page_language(layouts, lang):
    from pnpkit.generator.scene import Text, walk

    page = layouts[lang]["sheet-player-sheet"].pages[0]
    texts = [item.text for item, _m in walk(page.items) if isinstance(item, Text)]
    assert not [t for t in texts if "{" in t], texts
    assert any(
        ("満月で勝ったトリックは2トリック" if lang == "ja" else "counts as 2 tricks") in t for t in texts
    )  # {full_moon_tricks}
    assert ("合計" if lang == "ja" else "Total") in texts  # the scoring region's total, in the page's language
    if lang == "ja":
        assert "Total" not in texts


@pytest.mark.parametrize("lang", LANGS)
def test_the_token_sheet_has_every_token(layouts, loaded, lang):
    from pnpkit.generator.scene import Group, Rect, walk

    tokens = layouts[lang]["tokens"]
    assert len(tokens.pages) == 1
    drawn = [
        item
        for page in tokens.pages
        for item, _m in walk(page.items)
        if isinstance(item, Group) and item.role == "token"
    ]
    sheet = loaded.kit.tokens
    assert len(drawn) == sheet.per_player * len(sheet.players) + sum(m.count for m in sheet.markers) == 7
    spaces = [
        item
        for page in tokens.pages
        for item, _m in walk(page.items)
        if isinstance(item, Rect) and item.role == "track-space"
    ]
    assert len(spaces) == sheet.track.last - sheet.track.first + 1 == 30


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_place_the_components_table_and_the_end_condition(layouts, lang):
    from pnpkit.generator.scene import Text, walk

    texts = [
        item.text for page in layouts[lang]["rules"].pages for item, _m in walk(page.items) if isinstance(item, Text)
    ]
    flat = "".join(texts)
    assert ("ゲームの終了" if lang == "ja" else "How the game ends") in texts  # appended: no section places it
    assert ("12枚" if lang == "ja" else "12 cards") in texts  # the components table, counted from the deck
    assert "{" not in flat


# ---------------------------------------------------------------- the example kit: the PDFs


@pytest.fixture(scope="module")
def built(kits) -> Path:
    return kits.builds(EXAMPLE.name)[0]


def _pdf(path: Path):
    from pypdf import PdfReader

    return PdfReader(str(path))


@pytest.mark.parametrize("lang", LANGS)
def test_page_counts(built, lang):
    pages = {
        "cards-tricks.pdf": 4,
        "sheet-player-sheet.pdf": 1,
        "tokens.pdf": 1,
        "rules.pdf": 1,
        # cover and contents, the calibration sheet, then the components: the player sheet and the tokens are
        # printed one-sided, each with a blank back, so that the book prints double-sided
        "kit.pdf": 2 + 2 + 4 + 2 + 2 + 1,
    }
    for name in OUTPUTS:
        assert len(_pdf(built / lang / name).pages) == pages[name], name


@pytest.mark.parametrize("lang", LANGS)
def test_card_titles_are_in_the_extracted_text(built, lang):
    for name in ("cards-tricks.pdf", "kit.pdf"):
        flat = re.sub(r"\s+", "", pdf_text(built / lang / name, sep=""))
        for title in TITLES[lang]:
            assert re.sub(r"\s+", "", title) in flat, (name, title)


def test_every_pdf_passes_the_print_checks(built):
    if not PDFCHECK.is_file() or shutil.which("qpdf") is None:
        pytest.skip("shared/tools/pdfcheck.py or qpdf is not available")
    pytest.importorskip("pikepdf")
    for lang in LANGS:
        for name in OUTPUTS:
            result = subprocess.run(
                [sys.executable, str(PDFCHECK), str(built / lang / name)], capture_output=True, text=True, timeout=120
            )
            assert result.returncode == 0, (lang, name, result.stdout)


# ---------------------------------------------------------------- small kits: what else a designer may write


def _kit(tmp_path: Path, body: str, name: str = "kit") -> Path:
    kit = tmp_path / name
    kit.mkdir()
    (kit / "kit.yaml").write_text(
        f"id: {name}\ngame: generic\ntitle: {{ja: テスト, en: Test}}\nplayers: {{min: 2, max: 4}}\nlanguages: [ja, en]\n"
        + body,
        encoding="utf-8",
    )
    return kit


def _findings(kit: Path) -> list[Shown]:
    result = cli("validate", kit)
    return parse_findings(result.stdout + result.stderr)


def _line_of(kit: Path, text: str) -> int:
    lines = (kit / "kit.yaml").read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if text in line)


PLAIN = """decks:
  - id: events
    name: {ja: イベント, en: Events}
    size: mini-euro
    cards:
      - title: {ja: 嵐, en: Storm}
        body: {ja: "全員が手札を{players_max}枚まで捨てる。", en: "Everyone discards down to {players_max} cards."}
        count: 3
      - title: {ja: 晴れ, en: Clear Skies}
"""


def test_a_deck_without_a_template_prints_plain_cards_of_its_size(tmp_path):
    from pnpkit.generator.build import layout_kit
    from pnpkit.validator.kit import load_kit

    loaded = load_kit(_kit(tmp_path, PLAIN))
    assert loaded.ok and loaded.report.findings == [], [f.text() for f in loaded.report.findings]
    parts, problems = layout_kit(loaded, "en")
    assert problems == []
    fronts = _groups(parts[0], "card-front")
    assert [g.name for g in fronts] == ["events #1"] * 3 + ["events #2"]
    # mini-euro, the deck's size: the trim, inside the clip that holds half the home gutter
    assert {(g.clip.w + 2 * g.clip.x, g.clip.h + 2 * g.clip.y) for g in fronts} == {(44.0, 68.0)}
    from pnpkit.generator.scene import Text, walk

    texts = [item.text for g in fronts for item, _m in walk(g.items) if isinstance(item, Text)]
    assert "Storm" in texts and "Clear Skies" in texts
    body = " ".join(
        item.text for item, _m in walk(fronts[0].items) if isinstance(item, Text) and item.role == "card-body"
    )
    assert body == "Everyone discards down to 4 cards."  # {players_max} filled


def test_text_problems_on_shorthand_point_at_what_the_designer_wrote(tmp_path):
    kit = _kit(
        tmp_path,
        PLAIN.replace(
            "{ja: 晴れ, en: Clear Skies}",
            "{ja: 晴れ, en: Clear Skies Over The Northern Mountains Of The Far Away Land}",
        ),
    )
    found = _findings(kit)
    assert [(f.line, f.code) for f in found] == [(_line_of(kit, "Clear Skies Over"), "PK309")], found
    assert "decks[0].cards[1].title.en" in found[0].text


def test_shorthand_into_a_template_without_that_region_is_a_finding(tmp_path):
    body = """card_templates:
  templates:
    - id: name-only
      regions:
        - {name: title, kind: text, box: [4mm, 4mm, 55mm, 10mm]}
decks:
  - id: d
    name: {ja: デッキ, en: Deck}
    template: name-only
    cards:
      - title: {ja: 一, en: One}
        body: {ja: 本文, en: Text}
"""
    kit = _kit(tmp_path, body)
    found = _findings(kit)
    assert [(f.line, f.col, f.code) for f in found] == [(_line_of(kit, "body: {ja: 本文"), 9, "PK404")], found


@pytest.mark.parametrize(
    "key, what", [("map", "node-and-link map"), ("cards", "cards outside a deck"), ("zones", "play mat")]
)
def test_components_the_generic_game_cannot_print_are_findings(tmp_path, key, what):
    kit = _kit(tmp_path, f"{key}: []\n" + PLAIN)
    found = _findings(kit)
    assert [(f.line, f.col, f.code) for f in found] == [(_line_of(kit, f"{key}: []"), 1, "PK406")], found
    assert what in found[0].text


def test_unknown_fields_are_still_unknown(tmp_path):
    kit = _kit(tmp_path, "dekcs: []\n")
    found = _findings(kit)
    assert [f.code for f in found] == ["PK201"]
    assert "decks" in found[0].text


def test_a_rule_section_cannot_ask_for_a_table_the_generic_game_lacks(tmp_path):
    body = "rules:\n  sections:\n    - title: {ja: 表, en: Table}\n      generated: combos\n"
    kit = _kit(tmp_path, body)
    found = _findings(kit)
    assert [(f.line, f.code) for f in found] == [(_line_of(kit, "generated: combos"), "PK305")], found


def test_art_regions_print_a_labelled_placeholder(tmp_path):
    from pnpkit.generator.build import layout_kit
    from pnpkit.generator.scene import Text, walk
    from pnpkit.validator.kit import load_kit

    body = """card_templates:
  templates:
    - id: pic
      regions:
        - {name: title, kind: text, box: [4mm, 4mm, 55mm, 10mm]}
        - {name: picture, kind: art, box: [4mm, 16mm, 55mm, 40mm]}
decks:
  - id: d
    name: {ja: デッキ, en: Deck}
    template: pic
    cards:
      - {title: {ja: 竜, en: Dragon}, fill: {picture: dragon}}
"""
    kit = _kit(tmp_path, body)
    found = _findings(kit)
    assert [(f.line, f.severity, f.code) for f in found] == [(_line_of(kit, "name: picture"), "warning", "PK411")], (
        found
    )
    loaded = load_kit(kit)
    parts, problems = layout_kit(loaded, "ja")
    assert problems == []
    keys = [
        item.text
        for g in _groups(parts[0], "card-front")
        for item, _m in walk(g.items)
        if isinstance(item, Text) and item.role == "art-key"
    ]
    assert keys == ["dragon"]


NINE = """decks:
  - id: weather
    name: {ja: 天気, en: Weather}
    cards:
      - {title: {ja: 嵐, en: Storm}, count: 3}
      - title: {ja: 晴れ, en: Clear}
      - title: {ja: 雨, en: Rain}
      - title: {ja: 雪, en: Snow}
      - title: {ja: 霧, en: Fog}
      - title: {ja: 風, en: Wind}
      - title: {ja: 雷, en: Thunder}
"""
"""One sheet of 9 cards with the default back, one design of them printed three times."""


def _forms_and_uses(page) -> tuple[list[str], list[str]]:
    """The names of a PDF page's Form XObjects, and the form each `Do` of its content draws, in order."""
    xobjects = page["/Resources"].get("/XObject")
    xobjects = xobjects.get_object() if xobjects is not None else {}
    forms = sorted(name for name, xobject in xobjects.items() if xobject.get_object()["/Subtype"] == "/Form")
    uses = [name.decode() for name in re.findall(rb"(/[^\s/]+)\s+Do\b", page.get_contents().get_data())]
    return forms, uses


def _symbols_and_uses(path: Path) -> tuple[list[str], list[str]]:
    """The ids of an SVG's <symbol>s, and what each <use> draws, in order (not the glyphs text is drawn in)."""
    svg, xlink = "{http://www.w3.org/2000/svg}", "{http://www.w3.org/1999/xlink}"
    root = ET.parse(path).getroot()
    symbols = [element.get("id") for element in root.iter(f"{svg}symbol")]
    fonts = [group for group in root.iter(f"{svg}g") if group.get("data-font")]
    glyphs = {glyph.get("id") for group in fonts for glyph in group.iter(f"{svg}path")}
    uses = [
        (element.get(f"{xlink}href") or element.get("href") or "").removeprefix("#")
        for element in root.iter(f"{svg}use")
    ]
    return symbols, [use for use in uses if use not in glyphs]


def test_repeated_art_is_stored_once_and_drawn_many_times(tmp_path):
    """Issue 20: a deck's back is one Form XObject (one SVG <symbol>) drawn nine times on its page, and a design
    printed three times is one form drawn three times among the fronts, not nine copies of the same drawing."""
    kit = _kit(tmp_path, NINE)
    result = cli("build", kit, "-o", tmp_path / "out", "--lang", "en")
    assert result.returncode == 0, result.stdout + result.stderr
    built = tmp_path / "out" / "kit" / "en"
    fronts, backs = _pdf(built / "cards-weather.pdf").pages
    forms, uses = _forms_and_uses(backs)
    assert len(forms) == 1 and uses == forms * 9, (forms, uses)
    forms, uses = _forms_and_uses(fronts)
    assert len(forms) == 1 and uses == forms * 3, (forms, uses)  # Storm; the six single cards are drawn in place
    fronts_svg, backs_svg = built / "cards-weather-01.svg", built / "cards-weather-02.svg"
    symbols, uses = _symbols_and_uses(backs_svg)
    assert len(symbols) == 1 and uses == symbols * 9, (symbols, uses)
    symbols, uses = _symbols_and_uses(fronts_svg)
    assert len(symbols) == 1 and uses == symbols * 3, (symbols, uses)


def test_a_token_sheet_longer_than_a_page_goes_on(tmp_path):
    from pnpkit.generator.build import layout_kit
    from pnpkit.generator.scene import Group, walk
    from pnpkit.validator.kit import load_kit

    body = """tokens:
  diameter: 20mm
  per_player: 12
  players:
    - {name: {ja: 赤, en: Red}, colour: red}
    - {name: {ja: 青, en: Blue}, colour: blue}
    - {name: {ja: 緑, en: Green}, colour: green}
    - {name: {ja: 黄, en: Yellow}, colour: yellow}
  markers:
    - {id: coin, name: {ja: コイン, en: Coin}, count: 40, colour: "#c8921a", mark: "+1"}
  track: {name: {ja: トラック, en: Track}, first: 1, last: 50, highlight_every: 10}
"""
    loaded = load_kit(_kit(tmp_path, body))
    assert loaded.ok and loaded.report.findings == []
    for lang in LANGS:
        parts, problems = layout_kit(loaded, lang)
        assert problems == []
        tokens = parts[0]
        assert len(tokens.pages) == 2
        drawn = [
            item
            for page in tokens.pages
            for item, _m in walk(page.items)
            if isinstance(item, Group) and item.role == "token"
        ]
        assert len(drawn) == 4 * 12 + 40
        assert tokens.checklist[-2:] == (
            ("コイン" if lang == "ja" else "Coin", 40),
            ("トラック" if lang == "ja" else "Track", 1),
        )


def test_a_track_too_long_for_a_page_is_a_finding(tmp_path):
    kit = _kit(tmp_path, "tokens:\n  track: {name: {ja: 道, en: Road}, first: 1, last: 200}\n")
    found = _findings(kit)
    assert {f.code for f in found} == {"PK413"}
    assert found[0].line == _line_of(kit, "track:")


def test_codes_are_registered_and_listed():
    result = cli("codes", "PK4")
    assert result.returncode == 0
    for n in range(1, 14):
        assert f"PK4{n:02d}" in result.stdout


def test_lookalike_prefilter_never_hides_a_suspect():
    """`may_hold_lookalike` is False only where `check_lookalikes` has nothing to say, on every short mix of scripts."""
    from pnpkit.validator.games.generic import may_hold_lookalike
    from pnpkit.validator.names import LOOKALIKES, lookalike_suspects

    alphabet = sorted(set(LOOKALIKES)) + ["ア", "ド", "魔", "法", "a", "1", "・", " "]
    for n in (1, 2, 3):
        for chars in itertools.product(alphabet, repeat=n):
            name = "".join(chars)
            if lookalike_suspects(name):
                assert may_hold_lookalike(name), name


def test_the_bench_kit_stays_valid_and_prints(tmp_path):
    """bench/bench.py validates a 10,000-card generic kit: the same kit, smaller, is valid and prints plain cards."""
    spec = importlib.util.spec_from_file_location("pnpkit_bench", REPO / "bench" / "bench.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    from pnpkit.generator.build import layout_kit
    from pnpkit.validator.kit import load_kit

    loaded = load_kit(bench.write_generic_kit(tmp_path / "bench", 60))
    assert loaded.ok and loaded.report.findings == [], [f.text() for f in loaded.report.findings][:5]
    parts, problems = layout_kit(loaded, "en")
    assert problems == [], [p.message for p in problems][:3]
    assert len(_groups(parts[0], "card-front")) == 60
