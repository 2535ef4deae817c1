"""One text engine: plain and marked-up text break alike, hyphenation included (issue 43 item 3)."""

from __future__ import annotations

import pyphen
import pytest

from pnpkit.generator.layouts.context import LayoutContext
from pnpkit.generator.typeset import fonts
from pnpkit.generator.typeset.lines import Styled, wrap
from pnpkit.generator.typeset.text import TextBox, fit
from pnpkit.validator.markup import parse

LONG = "Verwaltungsgerichtsbarkeitsentscheidung"
SENTENCE = f"Das **Amt** prüft die {LONG} sorgfältig."


def _syllable_breaks(word: str) -> set[int]:
    return set(pyphen.Pyphen(lang="de_DE").positions(word))


def _breaks_inside(lines: list[str], text: str, word: str) -> list[int]:
    """Where the lines of `text` cut `word`, as positions in the word (a printed hyphen not counted)."""
    start = text.index(word)
    cuts, pos = [], 0
    for line in lines[:-1]:
        hyphen = line.endswith("-") and not text.startswith(line, pos)
        pos += len(line) - hyphen
        if start < pos < start + len(word):
            cuts.append(pos - start)
        while pos < len(text) and text[pos] == " ":
            pos += 1
    return cuts


@pytest.mark.parametrize("width", [20.0, 26.0, 33.0, 41.0, 55.0])
def test_a_bold_word_never_makes_a_long_german_word_break_inside_a_syllable(width):
    """The review's case: a German line with one bold word cut "Verwaltungsgeric|htsbarkeitsentsch". Now the
    marked-up text is hyphenated exactly as the plain text, at pyphen's points, never by characters."""
    allowed = _syllable_breaks(LONG)
    with fonts.using(fonts.for_language("de")):
        styled = Styled(parse(SENTENCE), False, False, "")
        lines = [styled.line_text(line) for line in styled.wrap(9.0, width)]
        plain = wrap(parse(SENTENCE).plain, 9.0, width, fonts.in_use().regular)
    cuts = _breaks_inside(lines, parse(SENTENCE).plain, LONG)
    assert cuts, lines  # the word is wider than the rest of a line at every width tried, so it is hyphenated
    assert set(cuts) <= allowed, (lines, cuts, sorted(allowed))
    assert len(lines) == len(plain)  # the bold word is wider, yet at these widths it moves no break
    assert "".join(line[:-1] if line.endswith("-") else line + " " for line in lines).strip() == parse(SENTENCE).plain


def test_the_hyphen_prints_in_the_run_it_ends():
    """A hyphenated line's hyphen is part of its last run, measured in that run's face."""
    with fonts.using(fonts.for_language("de")):
        result = fit(f"**{LONG}** und mehr", 25.0, 40.0, 9.0, 9.0)
        assert result.runs is not None
        first = result.runs[0]
        assert first[-1].text.endswith("-") and first[-1].bold
        bold = fonts.in_use().drawn("", True, False).face
        assert first[-1].width_em == pytest.approx(bold.width_em(first[-1].text))
    assert result.lines[0] == first[-1].text


def test_a_word_wider_than_the_line_is_hyphenated_line_by_line_not_cut_by_characters():
    allowed = _syllable_breaks(LONG)
    with fonts.using(fonts.for_language("de")):
        lines = wrap(LONG, 9.0, 16.0)
    assert len(lines) >= 3 and all(line.endswith("-") for line in lines[:-1]), lines
    assert set(_breaks_inside(lines, LONG, LONG)) <= allowed, (lines, sorted(allowed))


def test_plain_and_styled_text_fit_the_same_box_the_same_way():
    """A fitted box of plain text and the same text with a colour span: the same size and lines."""
    text = "Lege diese Karte ab, um zwei Sonderaktionskarten aus dem Nachziehstapel zu ziehen."
    with fonts.using(fonts.for_language("de")):
        plain = fit(text, 30.0, 20.0, 9.0, 6.0)
        coloured = fit(text.replace("zwei", "<red>zwei</>"), 30.0, 20.0, 9.0, 6.0)
    assert plain.lines == coloured.lines and plain.size == coloured.size
    assert any(line.endswith("-") for line in plain.lines)


def test_a_fitted_german_box_draws_its_hyphen():
    ctx = LayoutContext.__new__(LayoutContext)
    ctx.problems, ctx._told = [], set()
    with fonts.using(fonts.for_language("de")):
        placed = ctx.fitted(SENTENCE, TextBox(0, 0, 76.0, 40.0), 9.0, 9.0)
    texts = [item.text for item in placed]
    assert any(text.endswith("-") for text in texts), texts
    assert not ctx.problems
