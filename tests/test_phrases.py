"""Japanese lines break between phrases (BudouX), never inside a word, a number with its unit or a bracket;
kinsoku still holds; a phrase wider than its line breaks inside and is a warning (PK366)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import KITS, cli, make_bad_kit, parse_findings

from pnpkit.generator.typeset import text as textmod
from pnpkit.generator.typeset.linebreaks import NO_LINE_START, atoms, inner_breaks, phrases
from pnpkit.generator.typeset.lines import wrap
from pnpkit.generator.typeset.text import balanced, plain_face

JA = (
    "カードを1枚多く引く。受け取ったファイアストームを交換する。"
    "闇[100点]を得る。手札と特徴を確かめてから、DとEがない場合は1枚捨てる。"
)


def test_phrases_keep_words_numbers_with_units_and_brackets_whole():
    pieces = phrases(JA)
    assert "".join(pieces) == JA
    for whole in ("1枚多く", "ファイアストームを", "[100点]を", "受け取った"):
        assert any(whole in piece for piece in pieces), (whole, pieces)
    assert phrases("plain English words") == atoms("plain English words")


def test_a_middle_dot_may_end_a_line():
    assert phrases("内容物・準備・魔力シート") == ("内容物・", "準備・", "魔力シート")


@pytest.mark.parametrize("width", [18.0, 25.0, 31.0, 40.0, 55.0, 80.0])
def test_wrapped_japanese_breaks_only_between_phrases_or_inside_over_wide_ones(width):
    face = plain_face()
    lines = wrap(JA, 9.0, width, face)
    assert "".join(lines) == JA
    for line in lines[1:]:
        assert line[0] not in NO_LINE_START  # kinsoku
    for broken in inner_breaks(JA, lines):
        phrase = broken.replace("|", "")
        assert face.width_em(phrase) * 9.0 * 0.3528 > width, broken  # only a phrase wider than the line breaks inside


def test_atoms_would_break_inside_words_where_phrases_do_not():
    face = plain_face()
    by_atoms = wrap(JA, 9.0, 31.0, face, by_phrase=False)
    assert inner_breaks(JA, by_atoms)  # the old way: 受|け取った and the like
    assert not inner_breaks(JA, wrap(JA, 9.0, 31.0, face))


def test_balancing_never_breaks_a_phrase_the_full_width_kept():
    face = plain_face()
    text = "指名した相手は次のターン、移動・強化・召喚ができない。"
    result = textmod.fit_plain(text, 49.0, 30.0, 9.5, 7.0, 1.3, face)
    assert result.fits and len(result.lines) > 1
    assert inner_breaks(text, balanced(text, result, 49.0, face).lines) == []


def test_inner_breaks_names_the_broken_phrase():
    assert inner_breaks("受け取ったカード", ["受け取", "ったカード"]) == ["受け取|った"]
    assert inner_breaks("受け取ったカード", ["受け取った", "カード"]) == []
    assert inner_breaks("一行目\n受け取った", ["一行目", "受け取った"]) == []


def spy_layout(monkeypatch) -> list[tuple[str, float, tuple[str, ...], float]]:
    """Record every plain text the layout context fits: (text, box width, final lines, size)."""
    from pnpkit.generator.layouts import context

    seen: list[tuple[str, float, tuple[str, ...], float]] = []
    real_fit_plain, real_balanced = context.fit_plain, context.balanced

    def fit_plain(text, width, height, size, min_size, leading, face):
        result = real_fit_plain(text, width, height, size, min_size, leading, face)
        seen.append((text, width, result.lines, result.size))
        return result

    def balanced_(text, result, width, face):
        out = real_balanced(text, result, width, face)
        if seen and seen[-1][0] == text:
            seen[-1] = (text, width, out.lines, out.size)
        return out

    monkeypatch.setattr(context, "fit_plain", fit_plain)
    monkeypatch.setattr(context, "balanced", balanced_)
    return seen


@pytest.mark.parametrize("name", sorted(KITS))
def test_no_kit_page_breaks_a_phrase_unless_it_is_wider_than_its_line(monkeypatch, name):
    from pnpkit.generator.build import layout_kit
    from pnpkit.validator.kit import load_kit

    loaded = load_kit(KITS[name])
    if "ja" not in loaded.model.languages:
        pytest.skip("no Japanese edition")
    seen = spy_layout(monkeypatch)
    layout_kit(loaded, "ja")
    face = plain_face()
    checked = 0
    for text, width, lines, size in seen:
        if len(lines) < 2 or text.isascii():
            continue
        checked += 1
        for broken in inner_breaks(text, lines):
            phrase = broken.replace("|", "")
            assert face.width_em(phrase) * size * 0.3528 > width - 0.5, (name, broken, text)
    assert checked > 0


def test_an_over_wide_phrase_is_a_warning_at_its_field(tmp_path: Path):
    kit = make_bad_kit(
        tmp_path,
        [
            (
                "cards.yaml",
                "ja: 得点計算のとき、手札にある好きな種類のエレメントに加えて数えるか、邪のエレメント[{evil_points}点]として数える。"
                "使わなければ得点なし。強化・召喚フェーズには召喚できない。",
                "ja: エレメントファイアストームクリスタルドラゴンカードを得る。",
            )
        ],
        kit="wizards-element-collection",
    )
    result = cli("validate", kit)
    found = [f for f in parse_findings(result.stdout + result.stderr) if f.code == "PK366"]
    assert found and all(f.severity == "warning" for f in found), result.stdout + result.stderr
    assert found[0].file == kit / "cards.yaml" and "ファイアストーム" in found[0].text


# ---------------------------------------------------------------- icons with any font


def test_an_inline_icon_needs_no_glyph_from_the_font():
    from pnpkit.generator.layouts.templates import marked
    from pnpkit.generator.typeset import fonts
    from pnpkit.validator.components.templates import InlineIcon

    face = fonts.in_use().regular
    assert face.missing(fonts.ICON_MARKER) == [] and face.width_em(fonts.ICON_MARKER) == 1.0
    swapped = marked("Roll {dice}", {"dice": InlineIcon(shape="die")})
    assert swapped.text == "Roll " + fonts.ICON_MARKER and swapped.marker == fonts.ICON_MARKER


def test_icons_in_text_set_in_a_latin_only_kit_font_are_no_finding(tmp_path: Path):
    """A kit font that has only ASCII: the icons in its text are drawn, never asked of the font (no PK307 for a
    placeholder pnpkit put there itself)."""
    from fontTools import subset

    from pnpkit.generator.typeset.fonts import FONT_DIR

    kit = make_bad_kit(
        tmp_path,
        [
            (
                "kit.yaml",
                "languages: [ja, en]\n",
                "languages: [ja, en]\nfonts:\n  languages: {en: latin}\n"
                "  families:\n    latin: {regular: fonts/latin.ttf}\n",
            )
        ],
        kit="moonlit-tricks",
    )
    (kit / "fonts").mkdir()
    options = subset.Options()
    font = subset.load_font(str(FONT_DIR / "BIZUDPGothic-Regular.ttf"), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=range(0x20, 0x7F))
    subsetter.subset(font)
    font.save(str(kit / "fonts" / "latin.ttf"))
    result = cli("validate", kit)
    out = result.stdout + result.stderr
    assert "U+E000" not in out and "U+3013" not in out, out
    assert "latin" in (kit / "kit.yaml").read_text(encoding="utf-8")


def test_an_over_wide_phrase_breaks_first_where_a_katakana_word_meets_a_number():
    face = plain_face()
    text = "指定した目の人はフェイズ2〜4なし"
    width = max(face.width_em("フェイズ"), face.width_em("2〜4なし")) * 7.0 * 0.3528 + 0.5
    lines = wrap(text, 7.0, width, face)
    assert "フェイズ" in lines and "2〜4なし" in lines
    assert inner_breaks(text, lines) == []  # a seam between two words is no break inside a word
