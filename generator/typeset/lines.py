"""The one line breaker: plain text is a single styled run, so breaking, hyphenation, kinsoku, phrase breaks and
Japanese widows have one implementation, whatever the text's markup.

A `Styled` text is its plain characters, each one's advance in the face it prints with (cumulated, so any range
is measured by one subtraction) and its spans. Lines are greedy over the pieces `linebreaks` gives (phrases, or
atoms), as ranges of the plain text (`LineRange`): a line may end inside a word a hyphenating language breaks
(`hyphenation`), and then prints a hyphen. Japanese follows kinsoku shori (no line starts with a closing mark or a
small kana, no line ends with an opening mark), and a paragraph of several lines never ends on a lone character
or two (「い。」): the last line takes characters from the one above (`_no_widow`), so the count of lines, and so
every fit, is unchanged.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any, NamedTuple

from pnpkit.validator.markup import Parsed, Span

from ..units import MM_PER_PT
from . import fonts
from .hyphenation import hyphen_points, hyphenator
from .linebreaks import (
    CLOSING_PUNCTUATION,
    SPACES,
    atoms,
    has_wide,
    inner_breaks,
    loose_phrases,
    phrases,
    seams,
    term_pieces,
    word_atoms,
)

WIDOW = 2
"""A Japanese paragraph's last line with this many characters or fewer (closing marks not counted) is a widow."""

NARROWER = (0.97, 0.94, 0.91, 0.88, 0.85, 0.82)
"""Widths, as shares of the line, a paragraph is wrapped at to take a widow off its last line when moving the last
break back cannot (the line above is one phrase)."""

HYPHEN = "-"

TOLERANCE = 1e-9
"""mm a line may be wider than its box and still fit: text exactly as wide as the box fits, whichever order its
width's factors were multiplied in."""


class LineRange(NamedTuple):
    """A line as a range of the plain text; `hyphen` when it ends inside a hyphenated word and prints a hyphen."""

    start: int
    end: int
    hyphen: bool = False


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of one line in one style; `width_em` is its advance in the face that style prints with."""

    text: str
    bold: bool
    italic: bool
    colour: str | None
    width_em: float


class Styled:
    """Text ready to break: its plain characters, each one's advance in its own face, and its spans."""

    def __init__(self, parsed: Parsed, bold: bool, italic: bool, font: str):
        fontset = fonts.in_use()
        styles = [(bold or span.bold, italic or span.italic) for span in parsed.spans]
        faces = [fontset.drawn(font, *style).face for style in styles]
        self._setup(parsed.plain, parsed.spans, styles, faces)

    @classmethod
    def plain(cls, text: str, face: fonts.Face) -> Styled:
        """Text without markup: one run, in `face`."""
        styled = cls.__new__(cls)
        styled._setup(text, (Span(text),), [(False, False)], [face])
        return styled

    def _setup(
        self, text: str, spans: tuple[Span, ...], styles: list[tuple[bool, bool]], faces: list[fonts.Face]
    ) -> None:
        self.text = text
        self.spans = spans
        self.styles = styles
        self.faces = faces
        self.starts = list(accumulate((len(span.text) for span in spans[:-1]), initial=0))
        self.cum = faces[0].advances(spans[0].text)
        """Advances in 1000ths of an em, summed from the start: exact, so a range measures as `width_em` does."""
        for span, face in zip(spans[1:], faces[1:]):
            self.cum[-1:] = face.advances(span.text, self.cum[-1])

    def em(self, start: int, end: int) -> float:
        return (self.cum[end] - self.cum[start]) / 1000.0

    def hyphen_em(self, end: int) -> float:
        """The advance of a hyphen after the character before `end`, in that character's face."""
        return self.faces[max(bisect_right(self.starts, end - 1) - 1, 0)].width_em(HYPHEN)

    def line_em(self, line: LineRange) -> float:
        """How wide a line prints, its hyphen included (ems)."""
        return self.em(line.start, line.end) + (self.hyphen_em(line.end) if line.hyphen else 0.0)

    def line_text(self, line: LineRange) -> str:
        return self.text[line.start : line.end] + (HYPHEN if line.hyphen else "")

    def wrap(self, size_pt: float, width: float, *, by_phrase: bool = True, widows: bool = True) -> list[LineRange]:
        """Greedy line filling over phrases (`phrases`; with `by_phrase` False, over atoms), then (with `widows`) no
        Japanese widow; explicit newlines are kept. A phrase wider than the line is broken inside, at its atoms; a word wider than
        the rest of the line is hyphenated to fill it, in a language `hyphenator` hyphenates."""
        width += TOLERANCE
        lines: list[LineRange] = []
        start = 0
        for paragraph in self.text.split("\n"):
            lines.extend(self._paragraph(paragraph, start, size_pt * MM_PER_PT, width, by_phrase, widows))
            start += len(paragraph) + 1
        return lines

    def _pieces(self, paragraph: str, pos: int, mm_per_em: float, width: float, by_phrase: bool) -> Sequence[str]:
        """The pieces a paragraph wraps over: its phrases, each phrase wider than the line given as its atoms instead
        (so it breaks inside, kinsoku still holding); or its atoms."""
        if not by_phrase or not has_wide(paragraph):  # phrases are atoms there, and an atom is never broken
            return atoms(paragraph)
        out: list[str] = []
        for piece in phrases(paragraph):
            if piece not in SPACES and len(piece) > 1 and self.em(pos, pos + len(piece)) * mm_per_em > width:
                at = pos  # at a defined term's edges first; a term wider than the line between its own phrases
                for part in self._term_parts(piece, at, mm_per_em, width):
                    if self.em(at, at + len(part)) * mm_per_em <= width:
                        out.append(part)
                    else:  # between words first (捨て札 whole); a word wider than the line at its atoms
                        word_at = at
                        for word in word_atoms(part):
                            wide = len(word) > 1 and self.em(word_at, word_at + len(word)) * mm_per_em > width
                            out.extend(atoms(word) if wide else (word,))
                            word_at += len(word)
                    at += len(part)
            else:
                out.append(piece)
            pos += len(piece)
        return out

    def _term_parts(self, piece: str, at: int, mm_per_em: float, width: float) -> list[str]:
        """A phrase wider than the line (at `at`) in parts: its defined terms whole where they fit the line, else
        their own phrases; each part cut at seams (`seams`)."""
        out: list[str] = []
        for part in term_pieces(piece):
            wide = self.em(at, at + len(part)) * mm_per_em > width
            out += [seam for phrase in (loose_phrases(part) if wide else (part,)) for seam in seams(phrase)]
            at += len(part)
        return out

    def _paragraph(
        self, paragraph: str, pos: int, mm_per_em: float, width: float, by_phrase: bool = True, widows: bool = True
    ) -> list[LineRange]:
        """Greedy filling of one paragraph starting at `pos`, then (with `widows`) no Japanese widow."""
        lines: list[LineRange] = []
        origin = cs = ce = pos  # the paragraph's start; the current line, as a range
        hyphenate = hyphenator(fonts.in_use().lang)
        text, cum, mm_per_unit = self.text, self.cum, mm_per_em / 1000.0
        last = origin + len(paragraph.rstrip())
        for atom in self._pieces(paragraph, pos, mm_per_em, width, by_phrase):
            a_start, pos = pos, pos + len(atom)
            if atom in SPACES:  # a break chance; dropped at the start and end of a line
                if ce > cs:
                    ce = pos
                continue
            blank = ce == cs or (text[cs].isspace() and text[cs:ce].isspace())
            # the line so far runs on to this atom (spaces between included), so one subtraction measures both
            if (cum[pos] - cum[cs]) * mm_per_unit <= width or blank:
                if blank and (cum[pos] - cum[a_start]) * mm_per_unit > width:
                    pieces = self._too_wide(a_start, a_start, pos, mm_per_em, width, hyphenate)
                    lines.extend(pieces[:-1])
                    cs, ce = pieces[-1][:2]
                else:
                    cs, ce = (a_start if blank else cs), pos
                continue
            cut = (  # the paragraph's last word is never hyphenated: its tail would take a line of its own anyway
                hyphenate
                and pos < last
                and self._hyphen_cut(a_start, a_start, pos, width / mm_per_em - self.em(cs, ce), hyphenate)
            )
            if cut:
                lines.append(LineRange(cs, cut, True))
            else:
                lines.append(self._rstrip(cs, ce))
            cs, ce = (cut or a_start), pos
            if self.em(cs, ce) * mm_per_em > width:
                pieces = self._too_wide(cs, a_start, pos, mm_per_em, width, hyphenate)
                lines.extend(pieces[:-1])
                cs, ce = pieces[-1][:2]
        if self.text[cs:ce].strip() or not lines:
            lines.append(self._rstrip(cs, ce))
        if widows and len(lines) > 1 and has_wide(paragraph) and _is_widow(self.text[slice(*lines[-1][:2])]):
            lines = self._no_widow(paragraph, origin, lines, mm_per_em, width, by_phrase)
        return lines

    def _no_widow(
        self, paragraph: str, origin: int, lines: list[LineRange], mm_per_em: float, width: float, by_phrase: bool
    ) -> list[LineRange]:
        """`lines` with the widow taken off the last line: its break moved back (`_no_widow`), else the paragraph
        wrapped a little narrower (`NARROWER`) with as many lines and no phrase broken that the full width kept
        whole, never narrower than its widest atom (which would be cut by characters)."""
        if any(line.hyphen for line in lines[-2:]):
            return lines
        fixed = _no_widow(self.text, [line[:2] for line in lines], lambda a, b: self.em(a, b) * mm_per_em, width)
        lines = [LineRange(a, b) for a, b in fixed]
        if not _is_widow(self.text[slice(*lines[-1][:2])]):
            return lines
        broken = len(inner_breaks(paragraph, [self.text[a:b] for a, b, _ in lines], terms=True))
        widest = self._widest_atom(paragraph, origin) * mm_per_em
        for share in NARROWER:
            if width * share < widest:
                break
            tried = self._paragraph(paragraph, origin, mm_per_em, width * share, by_phrase, widows=False)
            texts = [self.line_text(line) for line in tried]
            if (
                len(tried) == len(lines)
                and not _is_widow(texts[-1])
                and len(inner_breaks(paragraph, texts, terms=True)) <= broken
            ):
                return tried
        return lines

    def _too_wide(
        self, start: int, word: int, end: int, mm_per_em: float, width: float, hyphenate: Any
    ) -> list[LineRange]:
        """Lines for the part text[start:end] of the word starting at `word`, which is wider than the line:
        hyphenated line by line where the language hyphenates, else (and for what no hyphenation point splits)
        cut by characters, the last resort. The last range is the start of the next line."""
        out: list[LineRange] = []
        while hyphenate and self.em(start, end) * mm_per_em > width:
            cut = self._hyphen_cut(start, word, end, width / mm_per_em, hyphenate)
            if not cut:
                break
            out.append(LineRange(start, cut, True))
            start = cut
        return out + self._split_long(start, end, mm_per_em, width)

    def _hyphen_cut(self, start: int, word: int, end: int, room_em: float, hyphenate: Any) -> int:
        """Where the part text[start:end] of the word at `word` breaks so its first part and a hyphen fit `room_em`:
        the last such hyphenation point, or 0 when none fits."""
        if room_em <= 0:
            return 0
        for point in reversed(hyphen_points(self.text[word:end], hyphenate)):
            cut = word + point
            if cut <= start:
                break
            if self.em(start, cut) + self.hyphen_em(cut) <= room_em:
                return cut
        return 0

    def _rstrip(self, start: int, end: int) -> LineRange:
        while end > start and self.text[end - 1].isspace():
            end -= 1
        return LineRange(start, end)

    def _split_long(self, start: int, end: int, mm_per_em: float, width: float) -> list[LineRange]:
        """A word wider than the line is cut by characters (a last resort)."""
        pieces: list[LineRange] = []
        cs = start
        for k in range(start + 1, end):
            if self.em(cs, k + 1) * mm_per_em > width:
                pieces.append(LineRange(cs, k))
                cs = k
        pieces.append(LineRange(cs, end))
        return pieces

    def _widest_atom(self, paragraph: str, pos: int) -> float:
        best = 0.0
        for atom in atoms(paragraph):
            if atom not in SPACES:
                best = max(best, self.em(pos, pos + len(atom)))
            pos += len(atom)
        return best

    def longest_em(self) -> float:
        """The widest atom, in ems: a word wider than the box makes the text shrink, rather than be hyphenated or cut
        (a title "Wetterspaziergang" prints whole, a size smaller)."""
        pieces = atoms(self.text.replace("\n", " "))
        if len(self.faces) == 1:  # plain text: every atom in one face, at C speed
            return max(map(self.faces[0].width_em, pieces), default=0.0)
        best, pos = 0.0, 0
        for atom in pieces:
            if atom not in SPACES:
                best = max(best, self.em(pos, pos + len(atom)))
            pos += len(atom)
        return best

    def runs(self, line: LineRange) -> tuple[Run, ...]:
        """A line's pieces, one per span it crosses; a hyphen ends the last."""
        start, end, hyphen = line
        out: list[Run] = []
        for span, (bold, italic), s0 in zip(self.spans, self.styles, self.starts):
            s1 = s0 + len(span.text)
            a, b = max(start, s0), min(end, s1)
            if a < b:
                out.append(Run(self.text[a:b], bold, italic, span.colour, self.em(a, b)))
        if hyphen and out:
            last = out[-1]
            out[-1] = Run(last.text + HYPHEN, last.bold, last.italic, last.colour, last.width_em + self.hyphen_em(end))
        return tuple(out)


def wrap(
    text: str,
    size_pt: float,
    width: float,
    face: fonts.Face | None = None,
    *,
    by_phrase: bool = True,
    widows: bool = True,
) -> list[str]:
    """Plain text broken into lines (`Styled.wrap`), as the lines print. `face` defaults to the regular face in
    use."""
    styled = Styled.plain(text, face or fonts.in_use().regular)
    return [styled.line_text(line) for line in styled.wrap(size_pt, width, by_phrase=by_phrase, widows=widows)]


def _core(line: str) -> int:
    """The characters a line shows, closing marks at its end not counted."""
    line = "".join(line.split())
    while line and line[-1] in CLOSING_PUNCTUATION:
        line = line[:-1]
    return len(line)


def _is_widow(line: str) -> bool:
    return _core(line) <= WIDOW


def _no_widow(
    text: str, ranges: list[tuple[int, int]], width_of: Callable[[int, int], float], width: float
) -> list[tuple[int, int]]:
    """The paragraph's line `ranges` (positions in `text`) with a widow fixed: the last break moves back, phrase by
    phrase (so kinsoku holds and no phrase is broken), until the last line has more than WIDOW characters; the line
    above keeps more than WIDOW too, and the last line must fit `width`. When no such break exists the ranges are
    kept.
    """
    if len(ranges) < 2:
        return ranges
    (ps, pe), (ls, le) = ranges[-2], ranges[-1]
    boundaries = _break_chances(text, ps, pe, ls)
    for cut in reversed(boundaries[:-1]):  # the break after atom k: the last line starts at the next non-space
        start = cut
        while start < ls and text[start] in SPACES:
            start += 1
        end = cut
        while end > ps and text[end - 1] in SPACES:
            end -= 1
        if _core(text[ps:end]) <= WIDOW or width_of(start, le) > width + 1e-6:
            break
        if not _is_widow(text[start:le]):
            return ranges[:-2] + [(ps, end), (start, le)]
    return ranges


def _break_chances(text: str, ps: int, pe: int, ls: int) -> list[int]:
    """Where the line text[ps:pe] may end instead, its last break moving back: after each whole phrase, so the fix
    never breaks one. When the line already ends inside a phrase (one wider than the line, broken at `pe`), after
    each of that phrase's own phrases (a defined term's) or, when it has none, each atom of its part, which keeps
    kinsoku and breaks nothing more."""
    first = text.rfind("\n", 0, ps) + 1  # the paragraph the lines belong to: its phrases, not a piece's
    last = text.find("\n", pe)
    paragraph = text[first : len(text) if last < 0 else last]
    bounds, pos = set(), first
    for piece in phrases(paragraph):
        pos += len(piece)
        bounds.add(pos)
    ends = sorted(b for b in bounds if ps < b <= pe and text[b - 1] not in SPACES)
    if ls not in bounds and pe == ls:  # the line ends inside a phrase: its part here may move down, between the
        start = ends[-1] if ends and ends[-1] < pe else ps  # phrases of a defined term, else atom by atom
        pos, loose = first, set()
        for piece in loose_phrases(paragraph):
            pos += len(piece)
            loose.add(pos)
        fine = sorted(b for b in loose if start < b <= pe and text[b - 1] not in SPACES)
        if len(fine) < 2:
            pos, fine = start, []
            for atom in atoms(text[start:pe]):
                pos += len(atom)
                if atom not in SPACES:
                    fine.append(pos)
        ends = [b for b in ends if b <= start] + fine
    return ends
