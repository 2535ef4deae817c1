"""Splitting a board over sheets along its cells' edges: every cell whole on exactly one sheet.

A straight cut through pointy-top hexes crosses cells (they have no straight vertical edge line), so the board
is not cut: its cells are shared out. The splitter knows nothing of hexes or squares: a cell is a polygon in
board millimetres and a box it needs on paper (its outline, plus anything drawn with it that sticks out), so
pointy and flat hexes and square grids split the same way.

Sheets are chosen in two levels (guillotine): the cells are cut into bands by their centres along one axis,
and each band into sheets along the other; both axes and both page orientations are tried. Among the
arrangements where every sheet fits its page, the one with the fewest sheets wins, then the one whose emptiest
sheet is fullest (so no sheet holds a sliver where another split fits), found exactly by dynamic programming
over the cells' centre lines.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from functools import cached_property

Point = tuple[float, float]
Box = tuple[float, float, float, float]

EPSILON = 1e-6


@dataclass(frozen=True)
class Piece:
    """One cell to place: its outline, and the box (x0, y0, x1, y1) it and what goes with it need on paper."""

    outline: tuple[Point, ...]
    box: Box

    @cached_property
    def centre(self) -> Point:
        xs = [p[0] for p in self.outline]
        ys = [p[1] for p in self.outline]
        return sum(xs) / len(xs), sum(ys) / len(ys)

    @cached_property
    def area(self) -> float:
        """The outline's area (shoelace)."""
        pts = self.outline
        twice = sum(pts[i][0] * pts[i - 1][1] - pts[i - 1][0] * pts[i][1] for i in range(len(pts)))
        return abs(twice) / 2


@dataclass(frozen=True)
class Sheet:
    """The cells one sheet prints, by their index in the pieces, and how much of its room they fill."""

    name: str
    cells: tuple[int, ...]
    used: float


@dataclass(frozen=True)
class Split:
    sheets: tuple[Sheet, ...]
    """In assembly order: each sheet lies over the glue flaps of those before it."""
    landscape: bool
    bands: tuple[int, ...]
    """How many sheets each band (column, or row when `across`) holds."""
    across: bool
    """Bands are rows (cut across first) rather than columns."""

    @property
    def grid(self) -> tuple[int, int] | None:
        """(columns, rows) when every band holds the same number of sheets, else None."""
        if len(set(self.bands)) != 1:
            return None
        return (self.bands[0], len(self.bands)) if self.across else (len(self.bands), self.bands[0])

    @property
    def least_used(self) -> float:
        return min(sheet.used for sheet in self.sheets)


@dataclass(frozen=True)
class Reserve:
    """Room a sheet keeps beyond its cells: `flap` on the sides where a later sheet joins it (the glue strip
    under that sheet), `mark` on the sides where an earlier one does (the half of a cross mark that sticks out)."""

    flap: float
    mark: float


Score = tuple[int, float]
"""(sheets, minus the emptiest sheet's share): smaller is better."""


def sheet_name(column: int, row: int) -> str:
    """Column letter and row number, as on a map: A1 is the top left sheet."""
    return f"{string.ascii_uppercase[column % 26]}{row + 1}"


def split_cells(
    pieces: list[Piece], upright: tuple[float, float], turned: tuple[float, float], reserve: Reserve
) -> Split | None:
    """The best split of the pieces onto sheets whose board area is `upright` (width, height) on a portrait
    sheet and `turned` on a landscape one, or None when some cell fits neither."""
    best: tuple[Score, Split] | None = None
    for landscape in (False, True):
        width, height = turned if landscape else upright
        for across in (False, True):
            found = _best_split(pieces, width, height, reserve, across)
            if found is None:
                continue
            score, bands = found
            if best is None or score < best[0]:
                best = (score, _named(pieces, bands, landscape, across, width * height))
    return best[1] if best is not None else None


def _named(pieces: list[Piece], bands: list[list[list[int]]], landscape: bool, across: bool, area: float) -> Split:
    sheets = []
    for b, band in enumerate(bands):
        for s, cells in enumerate(band):
            column, row = (s, b) if across else (b, s)
            used = sum(pieces[i].area for i in cells) / area
            sheets.append(Sheet(sheet_name(column, row), tuple(sorted(cells)), used))
    return Split(tuple(sheets), landscape, tuple(len(band) for band in bands), across)


def _key(value: float) -> float:
    """A centre coordinate as the splitter compares it: cells whose centres agree to 0.1 µm share a line."""
    return round(value, 4)


def _best_split(
    pieces: list[Piece], width: float, height: float, reserve: Reserve, across: bool
) -> tuple[Score, list[list[list[int]]]] | None:
    """Bands along the first axis (x, or y when `across`), each cut into sheets along the other: the best
    arrangement by `Score`, exactly, or None when a cell fits no sheet.

    Each band's cells are summed per line of centres as the band grows a line at a time, so a band costs its
    lines, not its cells: a 40 × 40 grid splits in well under a second."""
    outer, inner = (1, 0) if across else (0, 1)
    outer_room, inner_room = (height, width) if across else (width, height)
    area = width * height
    lines: dict[float, list[int]] = {}
    for i, piece in enumerate(pieces):
        lines.setdefault(_key(piece.centre[outer]), []).append(i)
    slices = [lines[key] for key in sorted(lines)]
    n = len(slices)
    best: list[tuple[Score, int, list[float], list[tuple[int, int]]] | None] = [None] * (n + 1)
    best[0] = ((0, -1.0), -1, [], [])
    for start in range(n):
        previous = best[start]
        if previous is None:
            continue
        low, high = float("inf"), float("-inf")
        sums: dict[float, list[float]] = {}  # the band's cells per line of centres across it: [low, high, area]
        for end in range(start + 1, n + 1):
            for i in slices[end - 1]:
                piece = pieces[i]
                low, high = min(low, piece.box[outer]), max(high, piece.box[outer + 2])
                line = sums.get(_key(piece.centre[inner]))
                if line is None:
                    sums[_key(piece.centre[inner])] = [piece.box[inner], piece.box[inner + 2], piece.area]
                else:
                    line[0], line[1] = min(line[0], piece.box[inner]), max(line[1], piece.box[inner + 2])
                    line[2] += piece.area
            need = high - low + (reserve.mark if start else 0.0) + (reserve.flap if end < n else 0.0)
            if need > outer_room + EPSILON:
                break
            keys = sorted(sums)
            band = _best_band([sums[k] for k in keys], inner_room, area, reserve)
            if band is None:
                continue
            (count, least), ranges = band
            score = (previous[0][0] + count, max(previous[0][1], least))
            if best[end] is None or score < best[end][0]:  # type: ignore[index]
                best[end] = (score, start, keys, ranges)
    final = best[n]
    if final is None:
        return None
    bands: list[list[list[int]]] = []
    end = n
    while end > 0:
        step = best[end]
        assert step is not None
        _score, start, keys, ranges = step
        members = [i for s in slices[start:end] for i in s]
        sheets = []
        for a, b in ranges:
            wanted = set(keys[a:b])
            sheets.append([i for i in members if _key(pieces[i].centre[inner]) in wanted])
        bands.insert(0, sheets)
        end = start
    return final[0], bands


def _best_band(
    lines: list[list[float]], room: float, area: float, reserve: Reserve
) -> tuple[Score, list[tuple[int, int]]] | None:
    """One band cut into sheets between its `lines` ([low, high, area] of the cells on each line of centres, in
    order): fewest sheets, then the fullest emptiest sheet; the sheets as ranges of lines.

    The hot loop of the split: a score here is one number, sheets × 2 minus the emptiest share (a share is at
    most 1, so fewer sheets always wins), and the lines are read into plain lists first."""
    n = len(lines)
    lows, highs, areas = [line[0] for line in lines], [line[1] for line in lines], [line[2] / area for line in lines]
    inf = float("inf")
    best, came = [inf] * (n + 1), [-1] * (n + 1)
    counts, emptiest = [0] * (n + 1), [-1.0] * (n + 1)
    best[0] = -1.0
    mark, flap, limit = reserve.mark, reserve.flap, room + EPSILON
    for start in range(n):
        if best[start] == inf:
            continue
        sheets, least = counts[start] + 1, emptiest[start]
        low, high, filled = inf, -inf, 0.0
        extra = mark if start else 0.0
        for end in range(start + 1, n + 1):
            low, high, filled = min(low, lows[end - 1]), max(high, highs[end - 1]), filled + areas[end - 1]
            if high - low + extra + (flap if end < n else 0.0) > limit:
                break
            share = least if least > -filled else -filled
            score = 2.0 * sheets + share
            if score < best[end]:
                best[end], came[end], counts[end], emptiest[end] = score, start, sheets, share
    if best[n] == inf:
        return None
    ranges: list[tuple[int, int]] = []
    end = n
    while end > 0:
        ranges.insert(0, (came[end], end))
        end = came[end]
    return (counts[n], emptiest[n]), ranges


__all__ = ["Piece", "Reserve", "Sheet", "Split", "sheet_name", "split_cells"]
