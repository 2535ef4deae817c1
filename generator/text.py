"""Measure, wrap and fit text: the one place that decides where lines break.

Both backends draw the lines this module makes, so PDF and SVG break alike.
Japanese follows kinsoku shori: no line starts with a closing mark or a small
kana, no line ends with an opening mark.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import KW_ONLY, dataclass, field
from functools import cache, lru_cache

from . import fonts
from .scene import Text
from .units import MM_PER_PT

NO_LINE_START = set(
    "、。，．,.:;!?！？：；」』）］｝〕〉》】〙〗〟’”｠»ー－‐ゝゞ々ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ・…‥〜～%％)]}"
)
SPACES = (" ", "\u3000")
NO_LINE_END = set("「『（［｛〔〈《【〘〖〝‘“｟«([{")


@cache
def _is_wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


@lru_cache(maxsize=4096)
def atoms(text: str) -> tuple[str, ...]:
    """Split text into unbreakable pieces; spaces are their own atoms (break chances).

    Cached: fitting wraps the same text at several sizes.
    """
    return tuple(_atoms(text))


def _atoms(text: str) -> list[str]:
    out: list[str] = []
    glue_next = False
    for ch in text:
        if ch in SPACES:
            out.append(ch)
            glue_next = False
            continue
        joins_previous = (
            out
            and out[-1] not in SPACES
            and (
                ch in NO_LINE_START
                or glue_next
                or (not _is_wide(ch) and not _is_wide(out[-1][-1]) and out[-1][-1] not in NO_LINE_START)
            )
        )
        if joins_previous:
            out[-1] += ch
        else:
            out.append(ch)
        glue_next = ch in NO_LINE_END
    return out


def wrap(text: str, size_pt: float, width: float) -> list[str]:
    """Greedy line filling over atoms; explicit newlines are kept."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(_wrap_paragraph(paragraph, size_pt, width))
    return lines


def _wrap_paragraph(text: str, size_pt: float, width: float) -> list[str]:
    lines: list[str] = []
    current = ""
    cur_em = 0.0  # width_em(current), trailing spaces included: sums of the same widths, so the same floats
    mm_per_em = size_pt * MM_PER_PT
    for atom in atoms(text):
        if atom in SPACES:  # a break chance; dropped at the start and end of a line
            if current:
                current += atom
                cur_em += fonts.width_em(atom)
            continue
        atom_em = fonts.width_em(atom)
        blank = not current.strip()
        if (cur_em + atom_em) * mm_per_em <= width or blank:
            if blank and atom_em * mm_per_em > width:
                pieces = _split_long(atom, size_pt, width)
                lines.extend(pieces[:-1])
                current = pieces[-1]
                cur_em = fonts.width_em(current)
            else:
                current += atom
                cur_em += atom_em
        else:
            lines.append(current.rstrip())
            current = atom
            cur_em = atom_em
            if atom_em * mm_per_em > width:
                pieces = _split_long(atom, size_pt, width)
                lines.extend(pieces[:-1])
                current = pieces[-1]
                cur_em = fonts.width_em(current)
    if current.strip() or not lines:
        lines.append(current.rstrip())
    return lines


def _split_long(atom: str, size_pt: float, width: float) -> list[str]:
    """A word wider than the line is cut by characters (a last resort)."""
    pieces, current = [], ""
    for ch in atom:
        if current and fonts.width_mm(current + ch, size_pt) > width:
            pieces.append(current)
            current = ch
        else:
            current += ch
    pieces.append(current)
    return pieces


_CURLY = {"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"}
_ANY_CURLY = re.compile("[\u201c\u201d\u2018\u2019]")


def latin_quotes(text: str) -> str:
    """Curly quotes next to Latin letters become straight ones: the Japanese font's curly quotes
    are full-width and leave a gap in English text."""
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


@dataclass(frozen=True)
class Fit:
    lines: tuple[str, ...]
    size: float
    line_height: float  # mm between baselines
    fits: bool
    overflow: float = 0.0  # mm of height (or width) missing at the minimum size

    @property
    def height(self) -> float:
        return self.line_height * len(self.lines)


def fit(text: str, width: float, height: float, size: float, min_size: float, leading: float = 1.3) -> Fit:
    """The largest size from `size` down to `min_size` (0.25 pt steps) at which the text fits the box.

    A word wider than the box makes the text shrink rather than break mid-word;
    if it is still too wide at the minimum size, the fit fails.
    """
    text = latin_quotes(text)
    line_height = size * leading * MM_PER_PT
    if (
        "\n" not in text
        and fonts.width_mm(text, size) <= width + 1e-6
        and _block_height(1, size, line_height) <= height + 1e-6
    ):
        return Fit((text.strip(),), size, line_height, True)  # the common case: one line that fits as it is
    longest_em = max((fonts.width_em(atom) for atom in atoms(text.replace("\n", " "))), default=0.0)
    current = size
    while True:
        lines = wrap(text, current, width)
        line_height = current * leading * MM_PER_PT
        needed = _block_height(len(lines), current, line_height)
        widest = max((fonts.width_mm(line, current) for line in lines), default=0.0)
        longest = longest_em * current * MM_PER_PT
        if needed <= height + 1e-6 and widest <= width + 1e-6 and longest <= width + 1e-6:
            return Fit(tuple(lines), current, line_height, True)
        if current - 0.25 < min_size - 1e-9:
            overflow = max(needed - height, widest - width, longest - width, 0.0)
            return Fit(tuple(lines), current, line_height, False, overflow)
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
                )
            )
            baseline += result.line_height
        return out


def text_bounds(item: Text) -> tuple[float, float, float, float]:
    """The box a line of text covers, from its metrics."""
    width = fonts.width_mm(item.text, item.size)
    em = item.size * MM_PER_PT
    x0 = {"start": item.x, "middle": item.x - width / 2, "end": item.x - width}[item.anchor]
    return x0, item.y - em * fonts.ASCENT, x0 + width, item.y + em * fonts.DESCENT
