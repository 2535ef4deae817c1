"""Any language prints: a font by its script, line breaking and quotation marks by its rules, the kit book's words
from its catalogue (English where it has none). Kits in languages other than ja and en validate only once the
validator takes any language tag, so these call the generator's functions directly, in an edition's font set."""

from __future__ import annotations

import contextlib
import re

import pytest
from conftest import make_bad_kit, parse_findings, run_cli
from pdftext import pdf_text
from pydantic import BaseModel

from pnpkit.generator.i18n import SHARED, WORDS_DIR, Catalogues, has_words, tr, words
from pnpkit.generator.typeset import fonts
from pnpkit.generator.typeset.hyphenation import hyphenator
from pnpkit.generator.typeset.linebreaks import NO_LINE_END, NO_LINE_START
from pnpkit.generator.typeset.lines import wrap
from pnpkit.generator.typeset.quotes import quote_marks, quoted
from pnpkit.generator.typeset.scripts import family_hint
from pnpkit.generator.typeset.text import latin_quotes
from pnpkit.validator.components.kit import Fonts


class _Kit(BaseModel):
    """Just what `fonts.for_kit` reads of a kit."""

    fonts: Fonts = Fonts()

    def fallback_of(self, lang: str) -> str | None:
        return None  # one edition: nothing to fall back to

    def reading_order(self, lang: str) -> tuple[str, ...]:
        return (lang,)


@pytest.mark.parametrize(
    ("lang", "family", "sample"),
    [
        ("de", "noto-sans", "Größe, Äpfel, Übung, Straße"),
        ("fr", "noto-sans", "Élément, façon, cœur, où"),
        ("pl", "noto-sans", "Zażółć gęślą jaźń"),
        ("el", "noto-sans", "Καλημέρα κόσμε"),
        ("ru", "noto-sans", "Съешь же ещё этих мягких французских булок"),
        ("ko", "wenquanyi-microhei", "다람쥐 헌 쳇바퀴에 타고파"),
        ("zh-Hans", "wenquanyi-microhei", "打出这张牌后，对手弃掉两张牌。"),
        ("zh-Hant", "wenquanyi-microhei", "打出這張牌後，對手棄掉兩張牌。"),
        ("zh-TW", "wenquanyi-microhei", "遊戲開始時，每位玩家抽五張牌。"),
        ("ja", "biz-udpgothic", "カードを1枚引く。"),
        ("en", "biz-udpgothic", "Draw a card."),
    ],
)
def test_a_language_prints_in_the_shipped_family_for_its_script(lang, family, sample):
    fontset, problems = fonts.for_kit(_Kit(), None, lang)  # type: ignore[arg-type]
    assert problems == [] and fontset.default == family and fontset.lang == lang
    with fonts.using(fontset):
        assert fonts.missing_glyphs(sample) == []
        assert fonts.missing_glyphs(sample, bold=True) == []


def test_the_kit_s_own_choice_wins_over_the_script():
    kit = _Kit(fonts=Fonts(default="ipaexgothic", languages={"ja": "biz-udpgothic"}))
    assert fonts.for_kit(kit, None, "ko")[0].default == "ipaexgothic"  # type: ignore[arg-type]
    assert fonts.for_kit(kit, None, "ja")[0].default == "biz-udpgothic"  # type: ignore[arg-type]


def _charset(encoding: str, rows: range, cells: range) -> set[str]:
    found = set()
    for high in rows:
        for low in cells:
            with contextlib.suppress(UnicodeDecodeError):
                found.add(bytes([high, low]).decode(encoding))
    return found


def test_the_cjk_family_covers_gb2312_level_1_big5_level_1_and_all_ks_x_1001_hangul():
    face = fonts.builtin_families()["wenquanyi-microhei"].regular
    gb2312_level_1 = _charset("gb2312", range(0xB0, 0xD8), range(0xA1, 0xFF))
    hangul = _charset("euc-kr", range(0xB0, 0xC9), range(0xA1, 0xFF))
    big5_level_1 = _charset("big5", range(0xA4, 0xC7), range(0x40, 0xFF))
    assert (len(gb2312_level_1), len(hangul)) == (3755, 2350)
    for chars in (gb2312_level_1, hangul, big5_level_1):
        assert face.missing("".join(sorted(chars))) == []


@pytest.mark.parametrize(
    ("lang", "sample", "names"),
    [
        ("de", "Lege diese Karte ab, um zwei Sonderaktionskarten zu ziehen.", (b"NotoSans-Regular", b"NotoSans-Bold")),
        ("ru", "Возьмите две карты.", (b"NotoSans-Regular", b"NotoSans-Bold")),
        ("ko", "이 카드를 내면 상대방은 카드를 두 장 버려야 합니다.", (b"WenQuanYiMicroHei",)),
        ("zh-Hans", "打出这张牌后，对手弃掉两张牌。", (b"WenQuanYiMicroHei",)),
    ],
)
def test_a_page_in_each_script_embeds_its_family_as_a_subset(lang, sample, names):
    from pnpkit.generator.backends.pdf import render
    from pnpkit.generator.scene import Document, Page, Text

    with fonts.using(fonts.for_language(lang)):
        lines = [Text(20, 20 + 6 * i, line, 10) for i, line in enumerate(wrap(sample, 10, 60))]
        data = render(Document((Page(210, 297, (*lines, Text(20, 80, "Bold", 10, bold=True)), "p"),), "t"))
    for name in names:
        assert re.search(rb"/BaseFont /[A-Z]{6}\+" + name + rb"\b", data), name
    assert b"/FontFile2" in data and len(data) < 100_000  # subset glyf outlines, not the whole font


def test_a_korean_paragraph_breaks_only_at_spaces():
    text = "이 카드를 내면 상대방은 다음 턴에 카드를 두 장 버려야 합니다. 그리고 당신은 카드를 한 장 뽑습니다."
    with fonts.using(fonts.for_language("ko")):
        for width in (20, 27, 35, 50):
            lines = wrap(text, 9, width)
            assert len(lines) > 1
            assert " ".join(lines) == text, lines  # every break replaced a space: no word was cut


def test_a_chinese_paragraph_breaks_between_characters_with_kinsoku():
    text = "打出这张牌后，对手在下一回合必须弃掉两张牌。然后你抽一张牌，并且获得一点能量（最多三点）。"
    with fonts.using(fonts.for_language("zh-Hans")):
        seen = set()
        for tenth in range(150, 400, 7):
            lines = wrap(text, 9, tenth / 10)
            assert "".join(lines) == text
            for line in lines[1:]:
                assert line[0] not in NO_LINE_START, lines
            for line in lines[:-1]:
                assert line[-1] not in NO_LINE_END, lines
            seen.add(len(lines))
        assert len(seen) > 2  # several widths, several breaks


def test_a_german_long_word_hyphenates_and_english_does_not():
    german = "Lege diese Karte ab, um zwei Sonderaktionskarten aus dem Nachziehstapel zu ziehen."
    with fonts.using(fonts.for_language("de")):
        lines = wrap(german, 9, 30)
    assert any(line.endswith("-") for line in lines), lines
    assert "".join(line[:-1] if line.endswith("-") else line + " " for line in lines).strip() == german
    english = "Discard this card to draw two extraordinarily-powerful counterinsurgencies from the deck."
    with fonts.using(fonts.for_language("en")):
        assert not any(line.endswith("-") and not line.endswith("extraordinarily-") for line in wrap(english, 9, 30))
    assert hyphenator("en") is None and hyphenator("") is None and hyphenator("ja") is None
    assert hyphenator("ko") is None and hyphenator("zh-Hans") is None and hyphenator("de-AT") is not None


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("de", "„Feuer“"),
        ("de-CH", "„Feuer“"),
        ("fr", "«\u00a0Feuer\u00a0»"),
        ("es", "«Feuer»"),
        ("ru", "«Feuer»"),
        ("ja", "「Feuer」"),
        ("zh-Hans", "“Feuer”"),
        ("zh-TW", "「Feuer」"),
        ("ko", "“Feuer”"),
        ("en", "“Feuer”"),
        ("pt-BR", "“Feuer”"),
        ("sw", "“Feuer”"),
    ],
)
def test_quotation_marks_per_language(lang, expected):
    assert quoted("Feuer", lang) == expected
    opening, closing = quote_marks(lang)
    if lang not in ("ja", "en"):
        with fonts.using(fonts.for_language(lang)):
            # around a CJK word: a CJK font's full-width curly quotes are straightened only between Latin letters
            assert latin_quotes('Sag "火" laut') == f"Sag {opening}火{closing} laut"


def test_latin_quotes_in_a_japanese_face_are_typographic():
    """Issue 39 item 4: a Japanese face's ASCII " looks like a closing quote on both sides, so Latin text in one
    gets “ ” ‘ ’ (curly quotes as written are kept); Japanese text keeps its own marks."""
    for lang in ("ja", "en", ""):
        with fonts.using(fonts.FontSet(fonts.builtin_families(), "ipaexgothic", lang=lang)):
            assert latin_quotes("say “hi” and 「火」") == "say “hi” and 「火」"
            assert latin_quotes('say "hi", don\'t') == "say “hi”, don’t"
            assert latin_quotes('「"火"」') == '「"火"」'
    with fonts.using(fonts.for_language("de")):
        assert latin_quotes("„Hallo“ “Welt”") == "„Hallo“ “Welt”"  # Noto Sans's quotes are proportional: kept


# ---------------------------------------------------------------- the kit book's words

PLACEHOLDER = re.compile(r"\{(\w+)\}")


CATALOGUE_LANGUAGES = {"en", "ja", "de", "fr", "es", "ko", "zh-Hans"}
SPACES = {"thousands_mark"}
"""Words that may be a space alone (French groups thousands with a no-break space); any other blank word is missing."""
DOMAINS = sorted(path.name for path in WORDS_DIR.iterdir() if path.is_dir() and (path / f"{path.name}.pot").is_file())


def test_every_word_pnpkit_prints_is_in_a_catalogue_domain():
    """The kit book, the playtest report and every shipped game keep their words in gettext domains, and no game
    module carries a {lang: words} table of its own."""
    import importlib

    from pnpkit.generator.layouts import playtest_words
    from pnpkit.validator.games import BUILTIN

    modules = sorted({spec.layouts for spec in BUILTIN.values()})
    modules += ["pnpkit.generator.games.wizards_words", "pnpkit.generator.games.generic_boards"]
    tables = {name: importlib.import_module(name).tr for name in modules}
    tables |= {"playtest": playtest_words.w, "es": playtest_words.ES, "wec": playtest_words.WEC, "shared": SHARED}
    used = set()
    for name, strings in tables.items():
        assert isinstance(strings.table, Catalogues) and strings.table.domain in DOMAINS, name
        used.add(strings.table.domain)
    assert used == set(DOMAINS)  # and no domain is left that nothing reads


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_catalogue_has_every_key_with_the_placeholders_the_code_fills(domain):
    import polib

    words_of = words(domain)
    keys = {entry.msgctxt: entry.msgid for entry in polib.pofile(str(words_of.template))}
    languages = words_of.languages()
    assert set(languages) >= CATALOGUE_LANGUAGES, (domain, languages)
    japanese = words_of.catalogue("ja")
    for lang in languages:
        found = words_of.catalogue(lang)  # an empty msgstr is left out, so it shows here as a missing key
        assert set(found) == set(keys), (domain, lang, sorted(set(keys) ^ set(found)))
        for key, english in keys.items():
            allowed = set(PLACEHOLDER.findall(english)) | set(PLACEHOLDER.findall(japanese[key]))
            assert set(PLACEHOLDER.findall(found[key])) <= allowed, (domain, lang, key)
            assert set(PLACEHOLDER.findall(english)) <= set(PLACEHOLDER.findall(found[key])) | {"n"}, (lang, key)
            assert found[key].count("|") == english.count("|"), (domain, lang, key)  # the steps a page splits at |
            assert found[key].strip() or (key in SPACES and found[key] in " \u00a0\u202f"), (domain, lang, key)
    for path in words_of.directory.glob("*.po"):
        entries = polib.pofile(str(path))
        assert all(entry.msgid == keys[entry.msgctxt] for entry in entries), path
        assert entries.metadata["Language"] == path.stem, path


def test_every_catalogue_ships_as_package_data():
    """pyproject's package-data globs pick up every domain's files, so an installed pnpkit has every word."""
    import tomllib

    from conftest import REPO

    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["pnpkit.generator.assets.words"]
    shipped = {path for glob in globs for path in WORDS_DIR.glob(glob)}  # a * never crosses a folder, as in setuptools
    files = set(WORDS_DIR.rglob("*.po*"))
    assert len(files) >= 7 * len(DOMAINS) and sorted(files - shipped) == []


def test_a_domain_is_read_on_first_use_never_at_import():
    """Importing every game's layouts reads no catalogue: startup stays quick."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from pnpkit.validator.games import BUILTIN\n"
        "import importlib\n"
        "for spec in BUILTIN.values(): importlib.import_module(spec.layouts)\n"
        "import pnpkit.generator.layouts.playtest\n"
        "print('polib' in sys.modules)\n"
    )
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "False\n"


def test_an_unknown_language_falls_back_to_its_base_then_english():
    assert tr("cards", "de-AT") == tr("cards", "de") == "Karten"
    assert tr("cards", "pt-BR") == tr("cards", "pt") == tr("cards", "en") == "Cards"
    assert tr("players_count", "zh-CN", min=2, max=4) == "2–4 人"
    assert tr("cards", "zh-TW") == "Cards"  # no Traditional Chinese catalogue: English, not Simplified
    assert not has_words("pt-BR") and has_words("de-AT") and has_words("en-GB") and has_words("zh")
    own = SHARED.extend({"my_word": {"ja": "言葉", "en": "Word"}})
    assert own("my_word", "ko") == "Word" and own("cards", "ko") == "카드"


# ---------------------------------------------------------------- what to use instead


def test_a_character_the_font_lacks_is_drawn_from_the_shipped_family_for_its_script(tmp_path):
    """Korean in an English edition (BIZ UDPGothic has no Hangul) prints from WenQuanYi Micro Hei, no finding."""
    kit = make_bad_kit(tmp_path, [("events.yaml", "en: Volcanic Eruption", "en: Volcanic Eruption 화산")])
    result = run_cli("build", kit, "-o", tmp_path / "out", "--lang", "en", "--no-svg")
    assert result.returncode == 0, result.stderr
    assert not [f for f in parse_findings(result.stderr) if f.code == "PK307"]
    assert any("Volcanic Eruption 화산" in pdf_text(pdf) for pdf in (tmp_path / "out").rglob("*.pdf"))
    assert family_hint("화").startswith("or print this text in a family that has them: pnpkit ships wenquanyi")


def test_a_font_pnpkit_cannot_embed_says_which_shipped_family_to_use():
    what, hint = fonts.truetype_problem(b"OTTO" + bytes(40)) or ("", "")
    assert "CFF" in what and "noto-sans (Latin, Greek, Cyrillic)" in hint and "wenquanyi-microhei" in hint
    assert "noto-sans" in (fonts.truetype_problem(b"ttcf" + bytes(40)) or ("", ""))[1]


def test_a_language_without_words_says_once_that_the_kit_book_is_in_english():
    from pnpkit.generator.i18n import needs_line

    assert needs_line([], "pt-BR").splitlines() == [
        tr("need_nothing", "en"),
        "The kit book's own words are in English: pnpkit has no word list for pt-BR yet.",
    ]
    assert needs_line([], "de") == "Sonst wird nichts gebraucht: alles ist in diesem Set"
    assert needs_line([], "ja") == tr("need_nothing", "ja")
