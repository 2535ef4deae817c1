"""generator/typeset/text.py: line breaking (kinsoku shori for Japanese, spaces for English) and fitting."""

from __future__ import annotations

import pytest
from conftest import KIT_ID
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.generator.typeset import fonts
from pnpkit.generator.typeset.linebreaks import atoms
from pnpkit.generator.typeset.lines import wrap
from pnpkit.generator.typeset.text import TextBox, fit

NO_START = "、。，．」』）！？ー"
NO_END = "「『（"

LONG_JA = (
    "ファイアストーム（攻撃コンボ）：「火」と「風」のエレメントカードを捨てる。相手の領地を２マス奪取し、"
    "自分のトークンに置き換える！次のターン、全プレイヤーはエレメントカードを１枚多く引く？"
    "『シフト』は、サイクルの終わりに起きる。ルール上の例外（「霧の侵入」など）はカードの記述を優先する。"
    "スタートプレイヤーから時計回りに、好きな空きマスにトークンを置いて最初の領地とする。"
    "同じ組み合わせが攻撃と防御の両方にあたるときは、出すときにどちらかを宣言する。ーー"
)

EM = fonts.width_mm("あ", 1.0)  # mm per point of one full-width character


def check_lines(lines, text, size, width, *, joiner=""):
    # spaces (ASCII or ideographic) at a break are dropped, as typesetters do
    assert "".join(joiner.join(lines).split()) == "".join(text.split()), "wrapping lost or added text"
    for i, line in enumerate(lines):
        assert line == line.strip(), f"line {i} has outer spaces: {line!r}"
        if i > 0:
            assert line[:1] not in NO_START, f"line {i} starts with {line[0]!r}: {lines}"
        if i < len(lines) - 1:
            assert line[-1:] not in NO_END, f"line {i} ends with {line[-1]!r}: {lines}"
        if len(line) > 1:
            assert fonts.width_mm(line, size) <= width + 1e-9, (
                f"line {i} is {fonts.width_mm(line, size):.2f} mm > {width:.2f}: {line!r}"
            )


@pytest.mark.parametrize("size", [6.0, 7.5, 9.0, 12.0])
def test_japanese_kinsoku_at_many_widths(size):
    em = EM * size
    widths = [em * k / 4 for k in range(20, 400)]  # from 5 to 100 characters a line
    for width in widths:
        lines = wrap(LONG_JA, size, width)
        assert len(lines) >= 1
        check_lines(lines, LONG_JA, size, width)


def test_kit_texts_wrap_by_the_rules(kits):
    from pnpkit.validator.walk import walk_texts

    texts = [text.ja for _path, text, _owners in walk_texts(kits.loaded(KIT_ID).kit) if text.ja]
    assert len(texts) > 50
    for text in texts:
        for chars in (6, 9, 14, 23):
            for size in (6.5, 8.0):
                width = EM * size * chars
                check_lines(wrap(text, size, width), text, size, width)


def test_closing_marks_stay_with_the_text_before_them():
    size = 10.0
    text = "あいうえお。かきくけこ"
    width = fonts.width_mm("あいうえお", size) + 0.01  # room for five characters, not six
    lines = wrap(text, size, width)
    check_lines(lines, text, size, width)
    # the first phrase, "あいうえお。", is wider than the line: it breaks inside, and the mark pulls its character
    # down (nothing hangs past the edge); the second phrase stays whole
    assert lines == ["あいうえ", "お。", "かきくけこ"]


def test_opening_marks_stay_with_the_text_after_them():
    size = 10.0
    text = "あいうえ「かきくけこ」"
    width = fonts.width_mm("あいうえ「", size) + 0.01
    lines = wrap(text, size, width)
    assert not lines[0].endswith("「")
    check_lines(lines, text, size, width)


def test_long_vowel_mark_never_starts_a_line():
    size = 10.0
    for prefix in range(1, 8):
        text = "あ" * prefix + "カードとトークンとプレイヤー"
        for chars in range(3, 12):
            width = fonts.width_mm("あ" * chars, size) + 0.01
            check_lines(wrap(text, size, width), text, size, width)


JA_ALPHABET = (
    list("あいうえおかきくけこさしすせそ火水風土領地攻撃防御カードトークンー") + list(NO_START + NO_END) + list("abc12")
)


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(alphabet=JA_ALPHABET, min_size=1, max_size=60), size=st.floats(6.0, 12.0), extra=st.floats(0.0, 40.0)
)
def test_wrap_property(text, size, extra):
    """Whenever every unbreakable piece fits the line, no rule is ever broken."""
    widest = max(fonts.width_mm(atom, size) for atom in atoms(text) if atom != " ")
    width = widest + extra
    check_lines(wrap(text, size, width), text, size, width)


def test_single_wide_character_may_overflow_a_tiny_box():
    lines = wrap("火水風", 12.0, 1.0)
    assert lines == ["火", "水", "風"]


def test_english_wraps_at_spaces():
    size = 9.0
    text = "Stop the next attack against you and nullify one of the attacker's territories."
    for chars in range(12, 60, 3):
        width = fonts.width_mm("n" * chars, size)
        lines = wrap(text, size, width)
        assert " ".join(lines) == text
        for line in lines:
            assert fonts.width_mm(line, size) <= width + 1e-9
        words = text.split()
        assert sum(len(line.split()) for line in lines) == len(words)  # no word was cut


def test_english_lines_are_filled_greedily():
    size = 9.0
    text = "aa bb cc dd ee ff gg hh"
    width = fonts.width_mm("aa bb cc", size) + 0.01
    assert wrap(text, size, width) == ["aa bb cc", "dd ee ff", "gg hh"]


def test_a_word_longer_than_the_line_is_cut():
    size = 10.0
    width = 10.0
    lines = wrap("Supercalifragilisticexpialidocious", size, width)
    assert "".join(lines) == "Supercalifragilisticexpialidocious"
    assert len(lines) > 1
    assert all(fonts.width_mm(line, size) <= width + 1e-9 for line in lines)


def test_newlines_are_kept():
    assert wrap("one\ntwo three", 10.0, 200.0) == ["one", "two three"]


def _block(lines: int, size: float, leading: float = 1.3) -> float:
    em = size * 25.4 / 72
    return (lines - 1) * size * leading * 25.4 / 72 + em * (fonts.ASCENT + fonts.DESCENT)


def test_fit_keeps_the_size_when_text_fits():
    result = fit("Fire", 40.0, 10.0, 12.0, 6.0)
    assert result.fits and result.size == 12.0 and result.lines == ("Fire",) and result.overflow == 0


def test_fit_shrinks_to_the_largest_size_that_fits():
    text = "Stop the next attack against you and nullify one of the attacker's territories."
    width, height = 40.0, 12.0
    result = fit(text, width, height, 10.0, 6.0)
    assert result.fits
    assert 6.0 <= result.size < 10.0
    assert _block(len(result.lines), result.size) <= height + 1e-6
    assert all(fonts.width_mm(line, result.size) <= width + 1e-6 for line in result.lines)
    bigger = result.size + 0.25
    lines = wrap(text, bigger, width)
    assert _block(len(lines), bigger) > height + 1e-6, "a larger size would have fitted"


def test_fit_reports_overflow_at_the_minimum_size():
    text = "Stop the next attack against you and nullify one of the attacker's territories. " * 5
    width, height = 40.0, 12.0
    result = fit(text, width, height, 10.0, 6.0)
    assert result.fits is False
    assert result.size == 6.0
    assert result.overflow > 0
    needed = _block(len(result.lines), 6.0)
    assert result.overflow == pytest.approx(needed - height)


def test_fit_japanese_shrinks_and_places_inside_the_box():
    box = TextBox(2.0, 3.0, 30.0, 14.0)
    result = fit(LONG_JA[:60], box.width, box.height, 9.0, 5.0)
    assert result.fits and result.size < 9.0
    from pnpkit.generator.typeset.text import text_bounds

    for item in box.place(result):
        x0, y0, x1, y1 = text_bounds(item)
        assert x0 >= box.x - 1e-6 and x1 <= box.x + box.width + 1e-6
        assert y0 >= box.y - 1e-6 and y1 <= box.y + box.height + 1e-6


# ---------------------------------------------------------------- balanced lines (short labels and captions)


@pytest.mark.parametrize(
    ("text", "width", "lines"),
    [
        ("指定した目が的中", 19.6, ("指定した", "目が的中")),  # greedy: 指定した目が的 / 中
        (
            "上限なし。足りなければ余白に書き足す",
            35.0,
            ("上限なし。", "足りなければ余白に書き足す"),
        ),  # at the full stop
        ("タワー6が10階以上", 19.6, ("タワー6が", "10階以上")),
    ],
)
def test_balanced_lines_never_leave_a_lone_character(text, width, lines):
    plain = fit(text, width, 100, 7, 7, 1.15, bold=True)
    assert len(plain.lines) == len(lines)
    balanced = fit(text, width, 100, 7, 7, 1.15, bold=True, balance=True)
    assert balanced.fits and balanced.lines == lines and balanced.size == 7
    check_lines(list(balanced.lines), text, 7, width)


def test_balanced_english_keeps_its_line_count_and_evens_the_lines():
    text = "Arrowed locks: unlock the top one first"
    plain = fit(text, 34.4, 100, 6.5, 6.5, 1.12)
    balanced = fit(text, 34.4, 100, 6.5, 6.5, 1.12, balance=True)
    assert plain.lines[-1] == "one first" and len(balanced.lines) == len(plain.lines) == 2
    widths = [fonts.width_mm(line, 6.5) for line in balanced.lines]
    assert max(widths) - min(widths) < max(fonts.width_mm(line, 6.5) for line in plain.lines) - fonts.width_mm(
        plain.lines[-1], 6.5
    )
    check_lines(list(balanced.lines), text, 6.5, 34.4, joiner=" ")
