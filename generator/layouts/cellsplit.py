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

Point = tuple[float, float]
Box = tuple[float, float, float, float]

EPSILON = 1e-6


@dataclass(frozen=True)
class Piece:
    """One cell to place: its outline, and the box (x0, y0, x1, y1) it and what goes with it need on paper."""

    outline: tuple[Point, ...]
    box: Box

    @property
    def centre(self) -> Point:
        xs = [p[0] for p in self.outline]
        ys = [p[1] for p in self.outline]
        return sum(xs) / len(xs), sum(ys) / len(ys)

    @property
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


def _slices(pieces: list[Piece], indices: list[int], axis: int) -> list[list[int]]:
    """The pieces grouped by their centre's coordinate on `axis`, in order: a cut falls only between slices."""
    groups: dict[float, list[int]] = {}
    for i in indices:
        groups.setdefault(round(pieces[i].centre[axis], 4), []).append(i)
    return [groups[key] for key in sorted(groups)]


def _best_split(
    pieces: list[Piece], width: float, height: float, reserve: Reserve, across: bool
) -> tuple[Score, list[list[list[int]]]] | None:
    """Bands along the first axis (x, or y when `across`), each cut into sheets along the other: the best
    arrangement by `Score`, exactly, or None when a cell fits no sheet."""
    outer, inner = (1, 0) if across else (0, 1)
    outer_room, inner_room = (height, width) if across else (width, height)
    area = width * height
    slices = _slices(pieces, list(range(len(pieces))), outer)
    n = len(slices)
    best: list[tuple[Score, int, list[list[int]]] | None] = [None] * (n + 1)
    best[0] = ((0, -1.0), -1, [])
    for start in range(n):
        if best[start] is None:
            continue
        low, high = float("inf"), float("-inf")
        members: list[int] = []
        for end in range(start + 1, n + 1):
            members += slices[end - 1]
            low = min(low, *(pieces[i].box[outer] for i in slices[end - 1]))
            high = max(high, *(pieces[i].box[outer + 2] for i in slices[end - 1]))
            need = high - low + (reserve.mark if start else 0.0) + (reserve.flap if end < n else 0.0)
            if need > outer_room + EPSILON:
                break
            band = _best_band(pieces, members, inner, inner_room, area, reserve)
            if band is None:
                continue
            (count, least), sheets = band
            previous = best[start]
            assert previous is not None
            score = (previous[0][0] + count, max(previous[0][1], least))
            if best[end] is None or score < best[end][0]:  # type: ignore[index]
                best[end] = (score, start, sheets)
    if best[n] is None:
        return None
    final = best[n]
    assert final is not None
    bands: list[list[list[int]]] = []
    end = n
    while end > 0:
        step = best[end]
        assert step is not None
        bands.insert(0, step[2])
        end = step[1]
    return final[0], bands


def _best_band(
    pieces: list[Piece], members: list[int], axis: int, room: float, area: float, reserve: Reserve
) -> tuple[Score, list[list[int]]] | None:
    """One band cut into sheets along `axis`: fewest sheets, then the fullest emptiest sheet."""
    slices = _slices(pieces, members, axis)
    n = len(slices)
    best: list[tuple[Score, int] | None] = [None] * (n + 1)
    best[0] = ((0, -1.0), -1)
    for start in range(n):
        previous = best[start]
        if previous is None:
            continue
        low, high, filled = float("inf"), float("-inf"), 0.0
        for end in range(start + 1, n + 1):
            for i in slices[end - 1]:
                low, high = min(low, pieces[i].box[axis]), max(high, pieces[i].box[axis + 2])
                filled += pieces[i].area
            need = high - low + (reserve.mark if start else 0.0) + (reserve.flap if end < n else 0.0)
            if need > room + EPSILON:
                break
            score = (previous[0][0] + 1, max(previous[0][1], -filled / area))
            if best[end] is None or score < best[end][0]:  # type: ignore[index]
                best[end] = (score, start)
    final = best[n]
    if final is None:
        return None
    sheets: list[list[int]] = []
    end = n
    while end > 0:
        step = best[end]
        assert step is not None
        sheets.insert(0, [i for s in slices[step[1] : end] for i in s])
        end = step[1]
    return final[0], sheets


__all__ = ["Piece", "Reserve", "Sheet", "Split", "sheet_name", "split_cells"]
