"""Measure, wrap and fit text: the one place that decides where lines break.

Both backends draw the lines this module makes, so PDF and SVG break alike.
Japanese follows kinsoku shori: no line starts with a closing mark or a small
kana, no line ends with an opening mark; and a paragraph of several lines never
ends on a lone character or two (「い。」): the last line takes characters from
the one above (`_no_widow`), so the count of lines, and so every fit, is unchanged.

Text may carry markup (`**bold**`, `*italic*`, `<red>colour</>`: see
pnpkit.validator.markup). Marked-up text is broken into lines exactly as plain
text is (the same atoms, so kinsoku holds across a change of style), each
character measured in the face its style prints with; a line then becomes
runs, one Text item per style. Text without markup takes the plain path.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass, field
from functools import partial
from itertools import accumulate

from pnpkit.validator.markup import Parsed, has_markup, parse

from ..scene import Text
from ..units import MM_PER_PT
from . import fonts
from .hyphenation import hyphenated, hyphenator
from .linebreaks import (
    CLOSING_PUNCTUATION,
    NO_LINE_START,
    SPACES,
    atoms,
    has_wide,
    inner_breaks,
    phrases,
    seams,
)
from .quotes import language_quotes

Measure = Callable[[str], float]
"""A text's advance width in ems, in one face."""

WIDOW = 2
"""A Japanese paragraph's last line with this many characters or fewer (closing marks not counted) is a widow."""


def wrap(
    text: str, size_pt: float, width: float, measure: Measure | None = None, *, by_phrase: bool = True
) -> list[str]:
    """Greedy line filling over phrases (`phrases`; with `by_phrase` False, over atoms), then no Japanese widow;
    explicit newlines are kept. A phrase wider than the line is broken inside, at its atoms.

    `measure` defaults to the regular face in use.
    """
    measure = measure or fonts.in_use().regular.width_em
    lines: list[str] = []
    mm_per_em = size_pt * MM_PER_PT
    for paragraph in text.split("\n"):
        greedy = wrap_paragraph(paragraph, size_pt, width, measure, by_phrase=by_phrase)
        if len(greedy) < 2 or not has_wide(paragraph) or not _is_widow(greedy[-1]):
            lines.extend(greedy)
            continue

        def width_of(start: int, end: int, text: str = paragraph) -> float:
            return measure(text[start:end]) * mm_per_em

        ranges = _no_widow(paragraph, _ranges(paragraph, greedy), width_of, width)
        fixed = [paragraph[a:b] for a, b in ranges] if ranges else greedy
        if _is_widow(fixed[-1]):
            widest = max((measure(a) for a in atoms(paragraph) if a not in SPACES), default=0.0) * mm_per_em
            fixed = _narrower(
                paragraph,
                fixed,
                partial(_wrap_at, paragraph, size_pt, measure, by_phrase),
                width,
                widest,
            )
        lines.extend(fixed)
    return lines


NARROWER = (0.97, 0.94, 0.91, 0.88, 0.85, 0.82)
"""Widths, as shares of the line, a paragraph is wrapped at to take a widow off its last line when moving the last
break back cannot (the line above is one phrase)."""


def _wrap_at(paragraph: str, size_pt: float, measure: Measure, by_phrase: bool, width: float) -> list[str]:
    return wrap_paragraph(paragraph, size_pt, width, measure, by_phrase=by_phrase)


def _narrower(
    paragraph: str, lines: list[str], wrap_at: Callable[[float], list[str]], width: float, widest: float
) -> list[str]:
    """`lines` with no widow, from wrapping the paragraph a little narrower, with as many lines and no phrase
    broken that the full width kept whole; `lines` when no such width exists. Never narrower than the `widest`
    atom (mm), which would be cut by characters."""
    broken = len(inner_breaks(paragraph, lines))
    for share in NARROWER:
        if width * share < widest:
            break
        tried = wrap_at(width * share)
        if len(tried) == len(lines) and not _is_widow(tried[-1]) and len(inner_breaks(paragraph, tried)) <= broken:
            return tried
    return lines


def _core(line: str) -> int:
    """The characters a line shows, closing marks at its end not counted."""
    line = "".join(line.split())
    while line and line[-1] in CLOSING_PUNCTUATION:
        line = line[:-1]
    return len(line)


def _is_widow(line: str) -> bool:
    return _core(line) <= WIDOW


def _ranges(paragraph: str, lines: list[str]) -> list[tuple[int, int]]:
    """Where each wrapped line sits in its paragraph (lines are its pieces in order, spaces between dropped)."""
    out, pos = [], 0
    for line in lines:
        start = paragraph.find(line, pos) if line else pos
        if start < 0:  # cannot happen for lines wrap made; keep the text as it is
            return []
        out.append((start, start + len(line)))
        pos = start + len(line)
    return out


def _no_widow(
    text: str, ranges: list[tuple[int, int]], width_of: Callable[[int, int], float], width: float
) -> list[tuple[int, int]]:
    """The paragraph's line `ranges` (positions in `text`) with a widow fixed: the last break moves back, phrase by
    phrase (so kinsoku holds and no phrase is broken), until the last line has more than WIDOW characters; the line above keeps more
    than WIDOW too, and the last line must fit `width`. When no such break exists the ranges are kept.
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
    each atom of that phrase's part too, which keeps kinsoku and breaks nothing more."""
    first = text.rfind("\n", 0, ps) + 1  # the paragraph the lines belong to: its phrases, not a piece's
    last = text.find("\n", pe)
    paragraph = text[first : len(text) if last < 0 else last]
    bounds, pos = set(), first
    for piece in phrases(paragraph):
        pos += len(piece)
        bounds.add(pos)
    ends = sorted(b for b in bounds if ps < b <= pe and text[b - 1] not in SPACES)
    if ls not in bounds and pe == ls:  # the line ends inside a phrase: its part here may move down atom by atom
        start = ends[-1] if ends and ends[-1] < pe else ps
        pos, fine = start, []
        for atom in atoms(text[start:pe]):
            pos += len(atom)
            if atom not in SPACES:
                fine.append(pos)
        ends = [b for b in ends if b <= start] + fine
    return ends


def wrap_paragraph(text: str, size_pt: float, width: float, measure: Measure, *, by_phrase: bool = True) -> list[str]:
    """Greedy filling of one paragraph. In a language `hyphenator` hyphenates, a word that does not fit the rest of
    a line is hyphenated to fill it, when a hyphenation point lets a part of it fit."""
    lines: list[str] = []
    current = ""
    cur_em = 0.0  # measure(current), trailing spaces included: sums of the same widths, so the same floats
    mm_per_em = size_pt * MM_PER_PT
    hyphenate = hyphenator(fonts.in_use().lang)
    for atom in _pieces(text, size_pt, width, measure, by_phrase):
        if atom in SPACES:  # a break chance; dropped at the start and end of a line
            if current:
                current += atom
                cur_em += measure(atom)
            continue
        atom_em = measure(atom)
        blank = not current.strip()
        if (cur_em + atom_em) * mm_per_em <= width or blank:
            if blank and atom_em * mm_per_em > width:
                pieces = _split_long(atom, size_pt, width, measure)
                lines.extend(pieces[:-1])
                current = pieces[-1]
                cur_em = measure(current)
            else:
                current += atom
                cur_em += atom_em
        else:
            split = hyphenate and hyphenated(atom, width / mm_per_em - cur_em, measure, hyphenate)
            if split:
                current += split[0]
                atom = split[1]
                atom_em = measure(atom)
            lines.append(current.rstrip())
            current = atom
            cur_em = atom_em
            if atom_em * mm_per_em > width:
                pieces = _split_long(atom, size_pt, width, measure)
                lines.extend(pieces[:-1])
                current = pieces[-1]
                cur_em = measure(current)
    if current.strip() or not lines:
        lines.append(current.rstrip())
    return lines


def _pieces(text: str, size_pt: float, width: float, measure: Measure, by_phrase: bool) -> list[str]:
    """The pieces a paragraph wraps over: its phrases, each phrase wider than the line given as its atoms instead
    (so it breaks inside, kinsoku still holding); or its atoms."""
    if not by_phrase:
        return list(atoms(text))
    out: list[str] = []
    limit = width / (size_pt * MM_PER_PT)
    for piece in phrases(text):
        if piece not in SPACES and len(piece) > 1 and measure(piece) > limit:
            for part in seams(piece):
                out.extend(atoms(part) if measure(part) > limit else (part,))
        else:
            out.append(piece)
    return out


def _split_long(atom: str, size_pt: float, width: float, measure: Measure) -> list[str]:
    """A word wider than the line is cut by characters (a last resort)."""
    pieces, current = [], ""
    for ch in atom:
        if current and measure(current + ch) * size_pt * MM_PER_PT > width:
            pieces.append(current)
            current = ch
        else:
            current += ch
    pieces.append(current)
    return pieces


# ---------------------------------------------------------------- marked-up text


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of one line in one style; `width_em` is its advance in the face that style prints with."""

    text: str
    bold: bool
    italic: bool
    colour: str | None
    width_em: float


class Styled:
    """Marked-up text ready to wrap: its plain characters, each one's advance in its own face, and its spans."""

    def __init__(self, parsed: Parsed, bold: bool, italic: bool, font: str):
        fontset = fonts.in_use()
        self.text = parsed.plain
        self.spans = parsed.spans
        self.styles: list[tuple[bool, bool]] = []
        widths: list[float] = []
        for span in parsed.spans:
            style = (bold or span.bold, italic or span.italic)
            self.styles.append(style)
            measure = fontset.drawn(font, *style).face.width_em
            widths.extend(map(measure, span.text))
        self.cum = list(accumulate(widths, initial=0.0))

    def em(self, start: int, end: int) -> float:
        return self.cum[end] - self.cum[start]

    def wrap(self, size_pt: float, width: float, *, by_phrase: bool = True) -> list[tuple[int, int]]:
        """Lines as (start, end) in the plain text: the plain path's algorithm over positions."""
        lines: list[tuple[int, int]] = []
        start = 0
        for paragraph in self.text.split("\n"):
            lines.extend(self._paragraph(paragraph, start, size_pt * MM_PER_PT, width, by_phrase))
            start += len(paragraph) + 1
        return lines

    def _pieces(self, paragraph: str, pos: int, mm_per_em: float, width: float, by_phrase: bool) -> list[str]:
        """As `_pieces` for plain text, each phrase measured run by run."""
        if not by_phrase:
            return list(atoms(paragraph))
        out: list[str] = []
        for piece in phrases(paragraph):
            if piece not in SPACES and len(piece) > 1 and self.em(pos, pos + len(piece)) * mm_per_em > width:
                at = pos
                for part in seams(piece):
                    over = self.em(at, at + len(part)) * mm_per_em > width
                    out.extend(atoms(part) if over else (part,))
                    at += len(part)
            else:
                out.append(piece)
            pos += len(piece)
        return out

    def _paragraph(
        self, paragraph: str, pos: int, mm_per_em: float, width: float, by_phrase: bool = True, widows: bool = True
    ) -> list[tuple[int, int]]:
        lines: list[tuple[int, int]] = []
        origin = cs = ce = pos  # the paragraph's start; the current line, as a range
        for atom in self._pieces(paragraph, pos, mm_per_em, width, by_phrase):
            a_start, pos = pos, pos + len(atom)
            if atom in SPACES:
                if ce > cs:
                    ce = pos
                continue
            atom_em = self.em(a_start, pos)
            blank = not self.text[cs:ce].strip()
            if (self.em(cs, ce) + atom_em) * mm_per_em <= width or blank:
                if blank and atom_em * mm_per_em > width:
                    pieces = self._split_long(a_start, pos, mm_per_em, width)
                    lines.extend(pieces[:-1])
                    cs, ce = pieces[-1]
                else:
                    cs, ce = (a_start if blank else cs), pos
            else:
                lines.append(self._rstrip(cs, ce))
                cs, ce = a_start, pos
                if atom_em * mm_per_em > width:
                    pieces = self._split_long(a_start, pos, mm_per_em, width)
                    lines.extend(pieces[:-1])
                    cs, ce = pieces[-1]
        if self.text[cs:ce].strip() or not lines:
            lines.append(self._rstrip(cs, ce))
        if widows and len(lines) > 1 and _is_widow(self.text[slice(*lines[-1])]) and has_wide(paragraph):
            lines = _no_widow(self.text, lines, lambda a, b: self.em(a, b) * mm_per_em, width)
            if _is_widow(self.text[slice(*lines[-1])]) and width > 1.0:
                broken = len(inner_breaks(paragraph, [self.text[a:b] for a, b in lines]))
                widest = self.longest_em() * mm_per_em
                for share in NARROWER:
                    if width * share < widest:
                        break
                    tried = self._paragraph(paragraph, origin, mm_per_em, width * share, by_phrase, widows=False)
                    texts = [self.text[a:b] for a, b in tried]
                    if (
                        len(tried) == len(lines)
                        and not _is_widow(texts[-1])
                        and len(inner_breaks(paragraph, texts)) <= broken
                    ):
                        return tried
        return lines

    def _rstrip(self, start: int, end: int) -> tuple[int, int]:
        while end > start and self.text[end - 1].isspace():
            end -= 1
        return start, end

    def _split_long(self, start: int, end: int, mm_per_em: float, width: float) -> list[tuple[int, int]]:
        pieces: list[tuple[int, int]] = []
        cs = start
        for k in range(start + 1, end):
            if self.em(cs, k + 1) * mm_per_em > width:
                pieces.append((cs, k))
                cs = k
        pieces.append((cs, end))
        return pieces

    def longest_em(self) -> float:
        """The widest atom, in ems: a word wider than the box makes the text shrink."""
        best, pos = 0.0, 0
        for atom in atoms(self.text.replace("\n", " ")):
            if atom not in SPACES:
                best = max(best, self.em(pos, pos + len(atom)))
            pos += len(atom)
        return best

    def runs(self, start: int, end: int) -> tuple[Run, ...]:
        """A line's pieces, one per span it crosses."""
        out: list[Run] = []
        s0 = 0
        for span, (bold, italic) in zip(self.spans, self.styles):
            s1 = s0 + len(span.text)
            a, b = max(start, s0), min(end, s1)
            if a < b:
                out.append(Run(self.text[a:b], bold, italic, span.colour, self.em(a, b)))
            s0 = s1
        return tuple(out)


_CURLY = {"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"}
_ANY_CURLY = re.compile("[\u201c\u201d\u2018\u2019]")


def latin_quotes(text: str) -> str:
    """Quotation marks as the edition's language prints them (`language_quotes`), and curly quotes next to Latin
    letters made straight where the font's curly quotes are full-width (a Japanese font's: they leave a gap in
    Latin text). Japanese and English editions, and text outside any edition, always straighten."""
    fontset = fonts.in_use()
    if fontset.lang:
        text = language_quotes(text, fontset.lang)
        if fontset.lang.split("-")[0].lower() not in ("ja", "en") and not _wide_quotes(fontset.regular):
            return text
    if not _ANY_CURLY.search(text):  # the common case, at C speed
        return text
    out = []
    for i, ch in enumerate(text):
        if ch in _CURLY:
            before = text[i - 1] if i else " "
            after = text[i + 1] if i + 1 < len(text) else " "
            if before.isascii() and after.isascii():
                ch = _CURLY[ch]
        out.append(ch)
    return "".join(out)


def _wide_quotes(face: fonts.Face) -> bool:
    return face.width_em("\u201c") >= 0.9


@dataclass(frozen=True)
class Fit:
    lines: tuple[str, ...]
    size: float
    line_height: float  # mm between baselines
    fits: bool
    overflow: float = 0.0  # mm of height (or width) missing at the minimum size
    runs: tuple[tuple[Run, ...], ...] | None = None
    """For marked-up text, each line's styled runs (`lines` holds their plain text); None for plain text."""
    over_width: float = 0.0
    """Of that, mm the widest line or word is wider than the box (0 when only the height is short)."""
    over_height: float = 0.0
    """Of that, mm the lines are taller than the box (0 when only a word is too wide)."""

    @property
    def height(self) -> float:
        return self.line_height * len(self.lines)

    @property
    def block(self) -> float:
        """From the top of the first line's capitals to the bottom of the last line's descenders (mm)."""
        return _block_height(len(self.lines), self.size, self.line_height)


def fit(
    text: str,
    width: float,
    height: float,
    size: float,
    min_size: float,
    leading: float = 1.3,
    *,
    bold: bool = False,
    italic: bool = False,
    font: str = "",
    balance: bool = False,
) -> Fit:
    """The largest size from `size` down to `min_size` (0.25 pt steps) at which the text fits the box.

    A word wider than the box makes the text shrink rather than break mid-word;
    if it is still too wide at the minimum size, the fit fails. `bold`, `italic`
    and `font` are the box's style; markup in the text styles parts of it. With
    `balance`, text that needs several lines has them as even as they can be
    (see `balanced`), so a short label never ends on one lone character.
    """
    text = latin_quotes(text)
    if has_markup(text):
        parsed = parse(text)
        if parsed.styled or parsed.plain != text:
            return _fit_styled(Styled(parsed, bold, italic, font), width, height, size, min_size, leading)
    measure = plain_face(bold, italic, font).width_em
    result = fit_plain(text, width, height, size, min_size, leading, measure)
    return balanced(text, result, width, measure) if balance else result


BREAK_AFTER = "、。，：；！？）」』"
"""Where a two-line Japanese label would rather break: after a comma, a full stop or a closing mark."""


def _split_at_mark(text: str, size: float, width: float, measure: Measure) -> tuple[str, str] | None:
    """Two lines broken after a mark in BREAK_AFTER, the most even such split that fits `width`; None when none fits."""
    mm_per_em = size * MM_PER_PT
    best: tuple[float, tuple[str, str]] | None = None
    for i, ch in enumerate(text[:-1]):
        if ch not in BREAK_AFTER or text[i + 1] in NO_LINE_START:
            continue
        first, second = text[: i + 1].rstrip(), text[i + 1 :].strip()
        widest = max(measure(first), measure(second)) * mm_per_em
        if widest <= width + 1e-6 and (best is None or widest < best[0]):
            best = (widest, (first, second))
    return best[1] if best else None


def balanced(text: str, result: Fit, width: float, measure: Measure) -> Fit:
    """`result` (plain text) with its lines as even as they can be: wrapped at the narrowest width that still
    gives the same number of lines, like CSS `text-wrap: balance`. One line, or a fit that failed, is kept."""
    if not result.fits or len(result.lines) < 2:
        return result
    count = len(result.lines)
    if count == 2 and "\n" not in text and not text.isascii():
        at_mark = _split_at_mark(text, result.size, width, measure)
        if at_mark is not None:
            return Fit(at_mark, result.size, result.line_height, True)
    wide = has_wide(text)
    allowed = len(inner_breaks(text, result.lines)) if wide else 0

    def even_enough(lines: list[str]) -> bool:
        """As many lines, and no phrase broken that the full width kept whole."""
        return len(lines) <= count and (not wide or len(inner_breaks(text, lines)) <= allowed)

    low, high = 0.0, width
    for _ in range(14):  # to about a thousandth of the width
        middle = (low + high) / 2
        if even_enough(wrap(text, result.size, middle, measure)):
            high = middle
        else:
            low = middle
    lines = wrap(text, result.size, high, measure)
    if len(lines) != count or not even_enough(lines):
        return result
    return Fit(tuple(lines), result.size, result.line_height, True)


def plain_face(bold: bool = False, italic: bool = False, font: str = "") -> fonts.Face:
    """The face text of one style prints in, in the fonts in use."""
    fontset = fonts.in_use()
    return fontset.drawn(font, bold, italic).face if bold or italic or font else fontset.regular


def fit_plain(
    text: str, width: float, height: float, size: float, min_size: float, leading: float, measure: Measure
) -> Fit:
    """`fit` for text without markup, its quotes already made Latin, measured by `measure`: the hot path."""
    line_height = size * leading * MM_PER_PT
    if (
        "\n" not in text
        and measure(text) * size * MM_PER_PT <= width + 1e-6
        and _block_height(1, size, line_height) <= height + 1e-6
    ):
        return Fit((text.strip(),), size, line_height, True)  # the common case: one line that fits as it is
    longest_em = max(map(measure, atoms(text.replace("\n", " "))), default=0.0)
    current = size
    while True:  # lines break between phrases (`phrases`): a phrase wider than its line is the only one broken
        lines = wrap(text, current, width, measure)
        line_height = current * leading * MM_PER_PT
        needed = _block_height(len(lines), current, line_height)
        widest = max((measure(line) * current * MM_PER_PT for line in lines), default=0.0)
        longest = longest_em * current * MM_PER_PT
        if needed <= height + 1e-6 and widest <= width + 1e-6 and longest <= width + 1e-6:
            return Fit(tuple(lines), current, line_height, True)
        if current - 0.25 < min_size - 1e-9:
            wide, tall = max(widest - width, longest - width, 0.0), max(needed - height, 0.0)
            return Fit(tuple(lines), current, line_height, False, max(wide, tall), over_width=wide, over_height=tall)
        current -= 0.25


def _fit_styled(styled: Styled, width: float, height: float, size: float, min_size: float, leading: float) -> Fit:
    """`fit` for marked-up text: the same search over sizes, on lines measured run by run."""
    longest_em = styled.longest_em()
    current = size
    while True:
        ranges = styled.wrap(current, width)
        line_height = current * leading * MM_PER_PT
        needed = _block_height(len(ranges), current, line_height)
        widest = max((styled.em(a, b) * current * MM_PER_PT for a, b in ranges), default=0.0)
        longest = longest_em * current * MM_PER_PT
        fits = needed <= height + 1e-6 and widest <= width + 1e-6 and longest <= width + 1e-6
        if fits or current - 0.25 < min_size - 1e-9:
            wide = 0.0 if fits else max(widest - width, longest - width, 0.0)
            tall = 0.0 if fits else max(needed - height, 0.0)
            lines = tuple(styled.text[a:b] for a, b in ranges)
            runs = tuple(styled.runs(a, b) for a, b in ranges)
            return Fit(lines, current, line_height, fits, max(wide, tall), runs, over_width=wide, over_height=tall)
        current -= 0.25


def _block_height(count: int, size: float, line_height: float) -> float:
    """From the top of the first line's capitals to the bottom of the last line's descenders."""
    em = size * MM_PER_PT
    return (count - 1) * line_height + em * (fonts.ASCENT + fonts.DESCENT)


@dataclass
class TextBox:
    """Lay fitted lines into a box: left, centre or right, top or middle."""

    x: float
    y: float
    width: float
    height: float
    _: KW_ONLY
    align: str = "start"
    valign: str = "top"
    colour: str = "#000000"
    bold: bool = False
    role: str = ""
    extra: dict = field(default_factory=dict)
    italic: bool = False
    font: str = ""
    """A font family key of the kit; "" is the edition's default family."""
    balance: bool = False
    """Lines as even as they can be (for short labels and captions): see `balanced`."""

    def place(self, result: Fit) -> list[Text]:
        em = result.size * MM_PER_PT
        block = _block_height(len(result.lines), result.size, result.line_height)
        top = self.y
        if self.valign == "middle":
            top = self.y + (self.height - block) / 2
        elif self.valign == "bottom":
            top = self.y + self.height - block
        x = {"start": self.x, "middle": self.x + self.width / 2, "end": self.x + self.width}[self.align]
        baseline = top + em * fonts.ASCENT
        out = []
        if result.runs is not None:
            for runs in result.runs:
                out += self._runs(runs, x, baseline, result.size)
                baseline += result.line_height
            return out
        for line in result.lines:
            out.append(
                Text(
                    x,
                    baseline,
                    line,
                    result.size,
                    colour=self.colour,
                    anchor=self.align,
                    bold=self.bold,
                    role=self.role,
                    italic=self.italic,
                    font=self.font,
                )
            )
            baseline += result.line_height
        return out

    def _runs(self, runs: tuple[Run, ...], x: float, baseline: float, size: float) -> list[Text]:
        """One line of styled runs: a single run keeps the box's alignment, several are laid left to right."""
        if len(runs) == 1:
            run = runs[0]
            return [self._text(run, x, baseline, size, self.align)]
        mm_per_em = size * MM_PER_PT
        whole = sum(run.width_em for run in runs) * mm_per_em
        x = {"start": x, "middle": x - whole / 2, "end": x - whole}[self.align]
        out = []
        for run in runs:
            out.append(self._text(run, x, baseline, size, "start"))
            x += run.width_em * mm_per_em
        return out

    def _text(self, run: Run, x: float, baseline: float, size: float, anchor: str) -> Text:
        colour = run.colour or self.colour
        return Text(
            x,
            baseline,
            run.text,
            size,
            colour=colour,
            anchor=anchor,
            bold=run.bold,
            role=self.role,
            italic=run.italic,
            font=self.font,
        )


def item_width(item: Text) -> float:
    """How wide a line of text prints, in the face its style prints with (mm)."""
    return fonts.width_mm(item.text, item.size, item.bold, item.italic, item.font)


def text_bounds(item: Text) -> tuple[float, float, float, float]:
    """The box a line of text covers, from its metrics; a slanted line leans out by its shear."""
    width = item_width(item)
    em = item.size * MM_PER_PT
    anchor = item.anchor
    x0 = item.x if anchor == "start" else item.x - width / 2 if anchor == "middle" else item.x - width
    x1 = x0 + width
    if item.italic:
        slant = fonts.in_use().drawn(item.font, item.bold, item.italic).slant
        x0, x1 = x0 - slant * em * fonts.DESCENT, x1 + slant * em * fonts.ASCENT
    return x0, item.y - em * fonts.ASCENT, x1, item.y + em * fonts.DESCENT
