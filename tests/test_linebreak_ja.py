"""Japanese a typesetter would sign (issue 39 item 3, the breaking rules): a number stays with its counter, and
compounds and the kit's defined terms are never split. The strings are the review's, from the content kits."""

from __future__ import annotations

import dataclasses

import pytest
from conftest import CONTENT_KITS

from pnpkit.generator.typeset import fonts
from pnpkit.generator.typeset.linebreaks import atoms, phrases
from pnpkit.generator.typeset.lines import wrap
from pnpkit.validator.kit import load_kit

REVIEW = {
    "毎ターン2枚ずつ引く。": ["2枚"],
    "エレメントカードを2枚引く。3回まで使え、勝てば10点を得る。": ["2枚", "3回", "10点"],
    "心・無・邪の例外は得点早見カードを参照。": ["得点", "早見", "カード"],
    "使ったカードは捨て札にする。山札が尽きたら、捨て札をシャッフルする。": ["捨て札", "山札"],
}


def _split(lines: list[str], word: str) -> bool:
    """Whether a line break falls inside `word` (lines joined back, spaces aside)."""
    pos = 0
    ends = []
    for line in lines[:-1]:
        pos += len(line)
        ends.append(pos)
    text = "".join(lines)
    start = text.find(word)
    while start >= 0:
        if any(start < end < start + len(word) for end in ends):
            return True
        start = text.find(word, start + 1)
    return False


@pytest.mark.parametrize("text", sorted(REVIEW))
def test_no_width_splits_a_number_from_its_counter_or_a_compound(text):
    """At every width from 4 to 40 characters, wherever the line breaks, it is never inside 2枚, 3回, 10点, 捨て札,
    山札, 得点, 早見 or カード: a number and its counter are one atom, a compound or katakana word one piece."""
    with fonts.using(fonts.for_language("ja")):
        em = fonts.width_mm("あ", 9.0)
        for chars in range(4, 41):
            lines = wrap(text, 9.0, em * chars + 0.01)
            for word in REVIEW[text]:
                assert not _split(lines, word), (chars, word, lines)


def test_the_review_s_breaks_are_gone_from_the_phrases():
    with fonts.using(fonts.for_language("ja")):
        assert "毎ターン2枚ずつ" in phrases("毎ターン2枚ずつ引く。")  # BudouX reads 「毎ターン2 / 枚ずつ」
        assert any("得点早見カード" in p for p in phrases("得点早見カードを参照。"))  # 「得点早 / 見カード」
        assert any("捨て札" in p for p in phrases("捨て札に置く。"))  # 「捨て / 札」
        assert "2枚" in atoms("2枚引く") and "10点" in atoms("10点を得る") and "１０マ" in atoms("１０マス")


def test_a_number_keeps_its_counter_even_inside_a_phrase_wider_than_the_line():
    """A phrase wider than the line breaks at its atoms: 2枚 is one of them."""
    with fonts.using(fonts.for_language("ja")):
        em = fonts.width_mm("あ", 9.0)
        lines = wrap("毎ターン2枚ずつ", 9.0, em * 4.5)
    assert not _split(lines, "2枚"), lines
    assert lines[0] == "毎ターン", lines  # the katakana word and the number part where they meet


def test_the_kit_s_defined_terms_are_never_split(tmp_path):
    """A card name BudouX reads as two phrases (「星読みの / 塔」) prints whole when the kit defines it; without the
    definition it may break there (the rule does something)."""
    text = "場に星読みの塔を建てる。"
    ja = fonts.for_language("ja")
    with fonts.using(ja):
        assert "星読みの塔を" not in phrases(text)
        em = fonts.width_mm("あ", 9.0)
        free = [wrap(text, 9.0, em * chars + 0.01) for chars in range(5, 12)]
    assert any(_split(lines, "星読みの塔") for lines in free)
    with fonts.using(dataclasses.replace(ja, terms=frozenset({"星読みの塔"}))):
        assert "星読みの塔を" in phrases(text)
        for chars in range(6, 12):  # wherever the term fits a line (it is 5.1 ems)
            lines = wrap(text, 9.0, em * chars + 0.01)
            assert not _split(lines, "星読みの塔"), lines


def test_an_edition_s_terms_are_the_kit_s_japanese_names():
    loaded = load_kit(CONTENT_KITS["wizards-element-collection"])
    ja = fonts.for_kit(loaded.model, loaded.root, "ja")[0]
    en = fonts.for_kit(loaded.model, loaded.root, "en")[0]
    assert ja.terms and not en.terms
    assert all(not term.isascii() and 2 <= len(term) <= 16 for term in ja.terms)
    assert "捨て札" not in ja.terms  # the compounds every kit keeps are the line breaker's, not the kit's
