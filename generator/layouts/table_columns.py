"""How wide a table's columns are: one rule for every table a rule summary sets (errata, end conditions, scoring,
a game's own), in a column or across the page.

Each column starts at its share of the width. A column too narrow for its longest phrase, or so narrow that a
cell would starve (`short_lines`: a Japanese cell in lines of SHORT_LINE characters or fewer, where a phrase
pushed whole to the next line leaves a stub, as the review saw in errata cells; an English cell a word to a line),
takes the room it needs from the columns that can spare it. A table that cannot be fed so at a column's width is
set across the page (rules.py), and one that cannot be fed even there is PK366 at its section (`starved_cells`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pnpkit.validator.markup import plain

from ..typeset import fonts
from ..typeset.linebreaks import CLOSING_PUNCTUATION, SPACES, has_wide, phrases
from ..typeset.text import fit
from .context import readable

CELL_ROOM = 1.2
"""Room between a table cell's words and its rules: 1 mm of clear paper inside a hairline."""
SHORT_LINE = 4
"""A line of a Japanese cell (but its paragraph's last) with this many characters or fewer reads as starved."""
STEP = 0.5
"""The steps (mm) in which a starved column is widened until no cell of it is starved."""
STRIDE = 2.0
"""The strides (mm) a starved column is first widened in, before it is narrowed back in STEP mm."""


@dataclass(frozen=True)
class Columns:
    widths: tuple[float, ...]
    """Each column's width in mm."""
    comfortable: bool
    """Whether every cell sets without a starved line at these widths (`starved`)."""


Wrap = Callable[[str, float, float], tuple[str, ...]]
"""(text, width mm, size pt) → the lines the text wraps into."""


def wrapped(text: str, width: float, size: float) -> tuple[str, ...]:
    """The lines `text` wraps into at `width` mm and `size` pt (raised to its floor), as a table cell sets it."""
    size = readable(text, size)
    return fit(text, width, 1000.0, size, size).lines


def _characters(line: str) -> int:
    return sum(1 for ch in line if ch not in SPACES and ch not in CLOSING_PUNCTUATION)


def short_lines(text: str, width: float, size: float, wrap: Wrap = wrapped) -> list[str]:
    """The starved lines `text` wraps into at `width` mm, each paragraph's last line aside (a paragraph may end
    short): in Japanese, lines of SHORT_LINE characters or fewer; in Latin text, a word alone on its line."""
    found: list[str] = []
    for paragraph in plain(text).split("\n"):
        lines = wrap(paragraph, width, size)
        if has_wide(paragraph):
            found += [line for line in lines[:-1] if _characters(line) <= SHORT_LINE]
        else:
            found += [line for line in lines[:-1] if len(line.split()) == 1]
    return found


def starved(text: str, width: float, size: float, wrap: Wrap = wrapped) -> bool:
    return bool(short_lines(text, width, size, wrap))


def _phrase_need(cells: Sequence[str], size: float, padding: float) -> float:
    """The width (mm) the longest phrase of the column's cells needs, with the cell's padding."""
    return max(
        (
            fonts.width_mm(piece, readable(piece, size)) + padding
            for cell in cells
            for piece in phrases(plain(cell))
            if piece not in SPACES
        ),
        default=0.0,
    )


def _comfortable_width(cells: tuple[str, ...], size: float, least: float, most: float, padding: float) -> float:
    """The least width from `least` (in STEP mm, up to `most`) at which no cell of the column is starved:
    never more than the width that sets each on one line."""
    worded = [cell for cell in cells if cell.strip()]
    if not worded:
        return least
    one_line = max(fonts.width_mm(line, readable(line, size)) for cell in worded for line in plain(cell).split("\n"))
    most = min(most, one_line + padding)

    def fed(width: float) -> bool:
        return not any(starved(cell, width - padding, size) for cell in worded)

    width = least
    while width < most and not fed(width):  # in strides first, then back in steps within the last stride
        width += STRIDE
    start = max(least, width - STRIDE + STEP)
    width = next((w for w in _steps(start, min(width, most)) if fed(w)), width)
    return max(least, min(width, most))


def _steps(start: float, stop: float) -> list[float]:
    """From `start` to `stop` in STEP mm, `stop` included."""
    count = max(int((stop - start) / STEP + 1e-9), 0)
    return [start + k * STEP for k in range(count)] + [stop]


def _rebalanced(base: list[float], want: list[float], width: float) -> list[float] | None:
    """`base`, with each column narrower than it wants widened to it, the room taken from the columns wider than
    they want in proportion to what they can spare; None when they cannot spare it."""
    if all(b >= w for b, w in zip(base, want)):
        return base
    if sum(want) > width:
        return None
    short = sum(w - b for b, w in zip(base, want) if w > b)
    spare = [max(b - w, 0.0) for b, w in zip(base, want)]
    total_spare = sum(spare)
    if total_spare < short:
        return None
    return [max(b, w) if w > b else b - short * sp / total_spare for b, w, sp in zip(base, want, spare)]


KNOWN: dict[tuple, tuple[fonts.FontSet, Columns]] = {}
"""Widths already found, by the fonts they were measured in (kept with them, so their identity is never another's)
and the table: a summary weighs every body size, and each weighs its tables again."""
KNOWN_MOST = 256


def column_widths(
    columns: tuple[str, ...],
    rows: tuple[tuple[str, ...], ...],
    shares: tuple[float, ...],
    width: float,
    size: float,
    padding: float = 2 * CELL_ROOM,
) -> Columns:
    """The table's columns in mm at `width`: each its share, widened where its longest phrase would not fit (so a
    Japanese phrase is not broken inside a narrow cell) or where a cell would be starved, the room taken
    from columns that can spare it. When the starved columns cannot all be fed, the phrases are fitted alone; when
    they cannot all fit either, the shares stand and the table shrinks its text instead."""
    fontset = fonts.in_use()
    key = (id(fontset), columns, rows, shares, width, size, padding)
    found = KNOWN.get(key)
    if found is not None and found[0] is fontset:
        return found[1]
    if len(KNOWN) >= KNOWN_MOST:
        KNOWN.clear()
    got = _column_widths(columns, rows, shares, width, size, padding)
    KNOWN[key] = (fontset, got)
    return got


def _column_widths(
    columns: tuple[str, ...],
    rows: tuple[tuple[str, ...], ...],
    shares: tuple[float, ...],
    width: float,
    size: float,
    padding: float,
) -> Columns:
    base = [share * width for share in shares]
    cells = [tuple(row[j] for row in (columns, *rows)) for j in range(len(base))]
    need = [_phrase_need(column, size, padding) for column in cells]
    fed = [
        b >= n and not any(starved(cell, b - padding, size) for cell in column)
        for b, n, column in zip(base, need, cells)
    ]
    if all(fed):
        return Columns(tuple(base), True)
    want = []
    for b, n, column, full in zip(base, need, cells, fed):
        comfortable = _comfortable_width(column, size, n, width, padding)
        want.append(min(comfortable, b) if full else comfortable)
    got = _rebalanced(base, want, width)
    if got is not None:
        return Columns(tuple(got), True)
    got = _rebalanced(base, need, width)
    return Columns(tuple(got if got is not None else base), False)


def starved_cells(
    columns: tuple[str, ...], rows: tuple[tuple[str, ...], ...], widths: Sequence[float], size: float, padding: float
) -> list[tuple[str, list[str]]]:
    """Each cell that breaks into starved lines at these widths, with those lines."""
    found = []
    for cells in (columns, *rows):
        for text, w in zip(cells, widths):
            lines = short_lines(text, w - padding, size)
            if lines:
                found.append((text, lines))
    return found


__all__ = ["CELL_ROOM", "SHORT_LINE", "Columns", "column_widths", "short_lines", "starved", "starved_cells"]
