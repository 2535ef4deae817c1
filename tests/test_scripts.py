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

from pnpkit.generator.i18n import SHARED, TEMPLATE, WORDS_DIR, catalogue, catalogue_languages, has_words, tr
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


def test_every_catalogue_has_every_key_with_the_placeholders_the_code_fills():
    import polib

    keys = {entry.msgctxt: entry.msgid for entry in polib.pofile(str(TEMPLATE))}
    languages = catalogue_languages()
    assert set(languages) >= {"en", "ja", "de", "fr", "es", "ko", "zh-Hans"}
    japanese = catalogue("ja")
    for lang in languages:
        words = catalogue(lang)
        assert set(words) == set(keys), (lang, sorted(set(keys) ^ set(words)))
        for key, english in keys.items():
            allowed = set(PLACEHOLDER.findall(english)) | set(PLACEHOLDER.findall(japanese[key]))
            assert set(PLACEHOLDER.findall(words[key])) <= allowed, (lang, key)
            assert words[key].count("|") == english.count("|"), (lang, key)  # the steps a page splits at |
            assert words[key].strip(), (lang, key)
    for path in WORDS_DIR.glob("*.po"):
        assert all(entry.msgid == keys[entry.msgctxt] for entry in polib.pofile(str(path))), path.name


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
