"""Fit and place text: the largest size at which text fits its box, and the Text items that print it.

Lines break in `lines` (one engine for plain and marked-up text), so PDF and SVG break alike. Text may carry
markup (`**bold**`, `*italic*`, `<red>colour</>`: see pnpkit.validator.markup); a marked-up line becomes runs, one
Text item per style, each measured in the face its style prints with. Text without markup is one run and takes
the hot path: one face, measured once, one Text item a line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass, field

from pnpkit.validator.markup import has_markup, parse

from ..scene import Text
from ..units import MM_PER_PT
from . import fonts
from .linebreaks import NO_LINE_START, has_wide, inner_breaks
from .lines import Run, Styled
from .quotes import language_quotes, typographic_quotes


def latin_quotes(text: str) -> str:
    """Quotation marks as the edition's language prints them (`language_quotes`); and, where the edition's body
    face is a Chinese or Japanese one, whose ASCII " looks like a closing quote on both sides (”Shōbu”), straight
    quotes in Latin text made typographic (“Shōbu”, don’t: `typographic_quotes`). Curly quotes in Latin text print
    from the Latin face where the body face's own are full-width (`fonts.segments`)."""
    fontset = fonts.in_use()
    if fontset.lang:
        text = language_quotes(text, fontset.lang)
    if ('"' in text or "'" in text) and fontset.regular.cjk:
        text = typographic_quotes(text)
    return text


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
            styled = Styled(parsed, bold, italic, font)
            return _fitted(styled, width, height, size, min_size, leading, styled_runs=True)
    face = plain_face(bold, italic, font)
    result = fit_plain(text, width, height, size, min_size, leading, face)
    return balanced(text, result, width, face) if balance else result


BREAK_AFTER = "、。，：；！？）」』"
"""Where a two-line Japanese label would rather break: after a comma, a full stop or a closing mark."""


def _split_at_mark(text: str, size: float, width: float, measure: Callable[[str], float]) -> tuple[str, str] | None:
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


def balanced(text: str, result: Fit, width: float, face: fonts.Face) -> Fit:
    """`result` (plain text) with its lines as even as they can be: wrapped at the narrowest width that still
    gives the same number of lines, like CSS `text-wrap: balance`. One line, or a fit that failed, is kept."""
    if not result.fits or len(result.lines) < 2:
        return result
    count = len(result.lines)
    if count == 2 and "\n" not in text and not text.isascii():
        at_mark = _split_at_mark(text, result.size, width, face.width_em)
        if at_mark is not None:
            return Fit(at_mark, result.size, result.line_height, True)
    wide = has_wide(text)
    allowed = (len(inner_breaks(text, result.lines)), len(inner_breaks(text, result.lines, terms=True)))
    styled = Styled.plain(text, face)

    def wrapped(at: float) -> list[str]:
        return [styled.line_text(line) for line in styled.wrap(result.size, at)]

    def even_enough(lines: list[str]) -> bool:
        """As many lines, and no phrase broken that the full width kept whole."""
        if len(lines) > count:
            return False
        return not wide or (
            len(inner_breaks(text, lines)) <= allowed[0] and len(inner_breaks(text, lines, terms=True)) <= allowed[1]
        )

    low, high = 0.0, width
    for _ in range(14):  # to about a thousandth of the width
        middle = (low + high) / 2
        if even_enough(wrapped(middle)):
            high = middle
        else:
            low = middle
    lines = wrapped(high)
    if len(lines) != count or not even_enough(lines):
        return result
    return Fit(tuple(lines), result.size, result.line_height, True)


def plain_face(bold: bool = False, italic: bool = False, font: str = "") -> fonts.Face:
    """The face text of one style prints in, in the fonts in use."""
    fontset = fonts.in_use()
    return fontset.drawn(font, bold, italic).face if bold or italic or font else fontset.regular


def fit_plain(
    text: str, width: float, height: float, size: float, min_size: float, leading: float, face: fonts.Face
) -> Fit:
    """`fit` for text without markup, its quotes already made Latin, in `face`: the hot path."""
    line_height = size * leading * MM_PER_PT
    if (
        "\n" not in text
        and face.width_em(text) * size * MM_PER_PT <= width + 1e-6
        and _block_height(1, size, line_height) <= height + 1e-6
    ):
        return Fit((text.strip(),), size, line_height, True)  # the common case: one line that fits as it is
    return _fitted(Styled.plain(text, face), width, height, size, min_size, leading, styled_runs=False)


def _fitted(
    styled: Styled, width: float, height: float, size: float, min_size: float, leading: float, *, styled_runs: bool
) -> Fit:
    """The search over sizes, from `size` down in 0.25 pt steps, for the first at which the lines fit the box; at
    `min_size` the fit fails with what is missing. Lines break between phrases (`phrases`): a phrase wider than
    its line is the only one broken. With `styled_runs`, each line's runs come too."""
    longest_em = styled.longest_em()
    current = size
    while True:
        ranges = styled.wrap(current, width)
        line_height = current * leading * MM_PER_PT
        needed = _block_height(len(ranges), current, line_height)
        widest = max((styled.line_em(line) * current * MM_PER_PT for line in ranges), default=0.0)
        longest = longest_em * current * MM_PER_PT
        fits = needed <= height + 1e-6 and widest <= width + 1e-6 and longest <= width + 1e-6
        if fits or current - 0.25 < min_size - 1e-9:
            wide = 0.0 if fits else max(widest - width, longest - width, 0.0)
            tall = 0.0 if fits else max(needed - height, 0.0)
            lines = tuple(styled.line_text(line) for line in ranges)
            runs = tuple(styled.runs(line) for line in ranges) if styled_runs else None
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
