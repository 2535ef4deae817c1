"""Places on a board beside its cells: spaces on edges and corners (a road, a town, a harbour), number discs on
cells, and the geometry both the checks and the drawing use.

Every place is named by a cell and a side, in the board's own coordinates ([q, r] on a hex board, [column, row]
from 1 on a grid): `[2, 0, SW]` is the south-west edge (or corner) of cell [2, 0]. The same edge written from
the cell across it is the same place, so each edge and corner has one key (`spot_key`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from ..types import Colour, Ident, LocalText, StrictModel
from .hexboard import SQRT3, Orientation, hex_centre

On = Literal["cells", "edges", "corners"]
Side = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
"""A side of a cell, as a compass point; which of them a cell has depends on the board (docs/boards.md)."""
BoardKind = Literal["pointy", "flat", "grid"]
"""A hex board's orientation, or a square grid."""

EDGE_SIDES: dict[BoardKind, tuple[str, ...]] = {
    "pointy": ("NE", "E", "SE", "SW", "W", "NW"),
    "flat": ("N", "NE", "SE", "S", "SW", "NW"),
    "grid": ("N", "E", "S", "W"),
}
CORNER_SIDES: dict[BoardKind, tuple[str, ...]] = {
    "pointy": ("N", "NE", "SE", "S", "SW", "NW"),
    "flat": ("NE", "E", "SE", "SW", "W", "NW"),
    "grid": ("NE", "SE", "SW", "NW"),
}
_STEP: dict[BoardKind, dict[str, tuple[int, int]]] = {
    "pointy": {"E": (1, 0), "W": (-1, 0), "NE": (1, -1), "NW": (0, -1), "SE": (0, 1), "SW": (-1, 1)},
    "flat": {"N": (0, -1), "S": (0, 1), "NE": (1, -1), "SE": (1, 0), "SW": (-1, 1), "NW": (-1, 0)},
    "grid": {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)},
}
"""The cell across each edge, as a step in the board's coordinates."""
_HEX_ANGLE: dict[tuple[str, On], dict[str, int]] = {  # degrees from the centre, y down
    ("pointy", "edges"): {"NE": -60, "E": 0, "SE": 60, "SW": 120, "W": 180, "NW": 240},
    ("pointy", "corners"): {"N": -90, "NE": -30, "SE": 30, "S": 90, "SW": 150, "NW": 210},
    ("flat", "edges"): {"N": -90, "NE": -30, "SE": 30, "S": 90, "SW": 150, "NW": 210},
    ("flat", "corners"): {"NE": -60, "E": 0, "SE": 60, "SW": 120, "W": 180, "NW": 240},
}
_GRID_OFFSET = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0), "NE": (1, -1), "SE": (1, 1), "SW": (-1, 1)}
_GRID_OFFSET["NW"] = (-1, -1)

EDGE_DEPTH = 0.8
"""A piece on an edge may be this much of the edge's length across it: it reaches into the cells on both sides."""
MAX_PLACES = 60
"""The most kinds of place one board may list (each may select hundreds of edges or corners)."""
MAX_SPOTS = 30000
"""The most edges, corners and cells one board's places may select (counted as every selecting place taking six a
cell): a 19 × 19 go board has 361 intersections, a large hex map a few thousand edges."""
MAX_AT = 400
"""The most single places one kind may list: a 19 × 19 go board has 361 intersections."""

Cell = tuple[int, int]
CellAt = Annotated[list[int], Field(min_length=2, max_length=2)]


def _cell_and_side(value: list[int | str]) -> list[int | str]:
    if not all(isinstance(v, int) for v in value[:2]) or (len(value) == 3 and not isinstance(value[2], str)):
        raise ValueError("write [q, r] for a cell, or [q, r, side] for an edge or corner, e.g. [2, 0, SW]")
    return value


PlaceAt = Annotated[
    list[int | str],
    Field(
        min_length=2,
        max_length=3,
        description="[q, r, side] on a hex board, [column, row, side] on a grid (a cell and one of its sides); "
        "[q, r] for a cell.",
    ),
    AfterValidator(_cell_and_side),
]


class Place(StrictModel):
    """A kind of place on the board's edges, corners or cells: where pieces stand, printed as a slot, a dot, a
    band along the edge, or nothing (a lined board's intersections)."""

    id: Ident
    """The place's id."""
    on: On
    """cells, edges or corners."""
    name: LocalText | None = None
    """What the place is, printed in the legend (e.g. {ja: 道, en: Road})."""
    at: list[PlaceAt] = Field(default_factory=list, max_length=MAX_AT)
    """Single places: [q, r, side] for an edge or corner (sides in docs/boards.md), [q, r] for a cell."""
    around: list[Ident] | Literal["all"] | None = None
    """Every edge or corner touching a cell of these terrains (or `all` cells)."""
    along: Annotated[list[CellAt], Field(min_length=2, max_length=2)] | None = None
    """Only the cells on the straight line from the first cell to the second (a row, a column, a hex line), e.g.
    one side of the board: `along: [[0, 0], [0, 10]]`."""
    rim: list[Side] | None = Field(None, max_length=8)
    """Only edges and corners on the board's outer rim, on these sides of its cells (e.g. [NW, SW]); with
    `around` (default all)."""
    holds: list[Ident] = Field(default_factory=list, max_length=20)
    """The pieces that stand there (`players` or marker ids): each is checked to fit the place."""
    label: LocalText | None = None
    """Text printed beside each of these places, on the side of the cell that names it (e.g. "2:1 Wool")."""
    colour: Colour | None = None
    """The slot's fill (or the dot's or band's colour)."""
    look: Literal["slot", "dot", "band", "wedge", "none"] = "slot"
    """slot: an outline the size of the piece; dot: a small filled dot (a go board's star points); band: a thick
    line along the whole edge (a player's side of the board); wedge: a triangle from the edge's two corners into
    the cell that names it, its label at the tip (a harbour); none: not drawn (a lined board's intersections)."""

    @model_validator(mode="after")
    def _selects(self) -> Place:
        if not self.at and self.around is None and self.rim is None and self.along is None:
            raise ValueError("give the places: `at` (single places), `around` (terrains), `along` or `rim` (sides)")
        if self.on == "cells" and (self.rim is not None or any(len(at) == 3 for at in self.at)):
            raise ValueError("a place `on: cells` is written `at: [[q, r]]` (no side) and has no `rim`")
        if self.look in ("band", "wedge") and self.on != "edges":
            raise ValueError(f"`look: {self.look}` runs along an edge: use it with `on: edges`")
        return self


class NumberDisc(StrictModel):
    at: CellAt
    """The cell: [q, r] on a hex board, [column, row] from 1 on a grid."""
    value: Annotated[int, Field(ge=-99, le=999)]
    """The number printed on the disc."""
    pips: Annotated[int, Field(ge=0, le=12)] | None = None
    """Dots under the number; by default the board's `pips` rule gives them."""


class Emphasis(StrictModel):
    values: list[int] = Field(min_length=1, max_length=20)
    """The numbers printed in the emphasis colour (e.g. the likeliest rolls, 6 and 8)."""
    colour: Colour = "#c0392b"
    """Their colour."""


class Numbers(StrictModel):
    """Number discs on cells: a round disc with the number, optional dots for how often it is rolled."""

    discs: list[NumberDisc] = Field(default_factory=list, max_length=500)
    """The discs, each on one cell."""
    emphasis: Emphasis | None = None
    """Chosen values printed in a colour."""
    pips: Literal["none", "2d6"] = "none"
    """Dots under each number: none, or 2d6 (the ways two dice roll it: 1 for 2 and 12, 5 for 6 and 8)."""
    colour: Colour = "#f4ecd8"
    """The discs' colour."""


def two_dice_ways(value: int) -> int:
    """How many of the 36 rolls of two dice give `value`.

    >>> [two_dice_ways(v) for v in (1, 2, 6, 7, 8, 12, 13)]
    [0, 1, 5, 6, 5, 1, 0]
    """
    return max(0, 6 - abs(7 - value)) if 2 <= value <= 12 else 0


# ---------------------------------------------------------------- geometry


def sides_of(kind: BoardKind, on: On) -> tuple[str, ...]:
    return EDGE_SIDES[kind] if on == "edges" else CORNER_SIDES[kind]


def neighbour(kind: BoardKind, cell: Cell, side: str) -> Cell:
    dq, dr = _STEP[kind][side]
    return cell[0] + dq, cell[1] + dr


def _corner_edges(kind: BoardKind, side: str) -> tuple[str, str]:
    """The two edges of a hex that meet at its corner `side` (N of a pointy hex: NW and NE)."""
    angle = _HEX_ANGLE[(kind, "corners")][side]
    edges = _HEX_ANGLE[(kind, "edges")]
    return tuple(s for s, a in edges.items() if (a - angle) % 360 in (30, 330))  # type: ignore[return-value]


def touching(kind: BoardKind, on: On, cell: Cell, side: str) -> tuple[Cell, ...]:
    """Every cell the edge or corner touches, the named one first (off-board cells included)."""
    if on == "cells":
        return (cell,)
    if on == "edges":
        return cell, neighbour(kind, cell, side)
    if kind == "grid":
        dx, dy = _GRID_OFFSET[side]
        return cell, (cell[0] + dx, cell[1]), (cell[0], cell[1] + dy), (cell[0] + dx, cell[1] + dy)
    first, second = _corner_edges(kind, side)
    return cell, neighbour(kind, cell, first), neighbour(kind, cell, second)


def spot_key(kind: BoardKind, on: On, cell: Cell, side: str) -> frozenset[Cell]:
    """One key per edge or corner, whichever of its cells names it: the cells it touches."""
    return frozenset(touching(kind, on, cell, side))


def cell_centre(kind: BoardKind, cell: Cell, size: float) -> tuple[float, float]:
    """A cell's centre: hex boards from `hex_centre`, grids from their top-left corner (column and row from 1)."""
    if kind == "grid":
        return (cell[0] - 0.5) * size, (cell[1] - 0.5) * size
    return hex_centre(cell[0], cell[1], size, _orientation(kind))


def _orientation(kind: BoardKind) -> Orientation:
    return "flat" if kind == "flat" else "pointy"


def spot_point(kind: BoardKind, on: On, cell: Cell, side: str, size: float) -> tuple[float, float]:
    """The centre of an edge or a corner, in the same frame as `cell_centre`."""
    cx, cy = cell_centre(kind, cell, size)
    if on == "cells":
        return cx, cy
    if kind == "grid":
        dx, dy = _GRID_OFFSET[side]
        return cx + dx * size / 2, cy + dy * size / 2
    angle = math.radians(_HEX_ANGLE[(kind, on)][side])
    distance = size / 2 if on == "edges" else size / SQRT3
    return cx + distance * math.cos(angle), cy + distance * math.sin(angle)


def edge_ends(kind: BoardKind, cell: Cell, side: str, size: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners an edge runs between."""
    cx, cy = cell_centre(kind, cell, size)
    if kind == "grid":
        dx, dy = _GRID_OFFSET[side]
        mx, my = cx + dx * size / 2, cy + dy * size / 2
        hx, hy = (size / 2) * abs(dy), (size / 2) * abs(dx)
        return (mx - hx, my - hy), (mx + hx, my + hy)
    angle = _HEX_ANGLE[(kind, "edges")][side]
    radius = size / SQRT3
    ends = [math.radians(angle + turn) for turn in (-30, 30)]
    (x1, y1), (x2, y2) = ((cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in ends)
    return (x1, y1), (x2, y2)


def place_room(kind: BoardKind, on: On, size: float) -> tuple[float, float]:
    """The room one place gives a piece, (length, depth) in mm: a cell its width; an edge its length (pieces on the
    edges that meet at a corner must not overlap) and 0.8 of that across; a corner the distance to the next corner
    (so pieces on neighbouring corners do not overlap)."""
    side = size if kind == "grid" else size / SQRT3
    if on == "cells":
        return size, size
    if on == "edges":
        return side, EDGE_DEPTH * side
    return side, side


# ---------------------------------------------------------------- selection


@dataclass(frozen=True)
class Spot:
    """One edge, corner or cell a place kind covers: the cell that names it, its side, and where it is written
    (None when `around` or `rim` chose it)."""

    key: frozenset[Cell]
    cell: Cell
    side: str
    path: tuple | None


@dataclass(frozen=True)
class SpotProblem:
    """A single place that names no cell or side of the board: the `at` entry's index and the message."""

    index: int
    message: str
    hint: str


def select_spots(
    place: Place, kind: BoardKind, cells: dict[Cell, str | None]
) -> tuple[list[Spot], list[SpotProblem], list[tuple[frozenset[Cell], int]]]:
    """The edges, corners or cells a place kind covers, each once; the `at` entries that name nothing; and the
    key of each `at` entry that names one, for the duplicate check."""
    spots: dict[frozenset[Cell], Spot] = {}
    problems: list[SpotProblem] = []
    written: list[tuple[frozenset[Cell], int]] = []
    sides = sides_of(kind, place.on)
    for i, at in enumerate(place.at):
        cell = (int(at[0]), int(at[1]))
        side = str(at[2]) if len(at) == 3 else ""
        if cell not in cells:
            problems.append(SpotProblem(i, f"the board has no cell {list(cell)}", ""))
            continue
        if place.on != "cells" and side not in sides:
            what = "edge" if place.on == "edges" else "corner"
            problems.append(SpotProblem(i, f"a cell has no {what} {at[2]!r}", f"{what}s: {', '.join(sides)}"))
            continue
        key = spot_key(kind, place.on, cell, side)
        written.append((key, i))
        spots.setdefault(key, Spot(key, cell, side, ("at", i)))
    if place.around is not None or place.rim is not None or place.along is not None:
        wanted = set(place.rim or sides)
        line = set(line_cells(kind, place.along)) if place.along is not None else None
        for cell, terrain in cells.items():
            if place.around not in (None, "all") and terrain not in (place.around or ()):
                continue
            if line is not None and cell not in line:
                continue
            for side in sides if place.on != "cells" else ("",):
                if side and side not in wanted:
                    continue
                if place.rim is not None and all(c in cells for c in touching(kind, place.on, cell, side)):
                    continue
                key = spot_key(kind, place.on, cell, side)
                spots.setdefault(key, Spot(key, cell, side, None))
    return list(spots.values()), problems, written


def line_cells(kind: BoardKind, ends: list[list[int]]) -> list[Cell]:
    """The cells on the straight line between two cells, both included; none when they are on no one line (a
    grid's row or column; a hex board's q, r or q + r)."""
    (q1, r1), (q2, r2) = (tuple(end) for end in ends)
    steps = max(abs(q2 - q1), abs(r2 - r1))
    straight = q1 == q2 or r1 == r2 or (kind != "grid" and q1 + r1 == q2 + r2)
    if not straight or steps > 2000:
        return []
    dq, dr = (q2 - q1) // max(steps, 1), (r2 - r1) // max(steps, 1)
    return [(q1 + i * dq, r1 + i * dr) for i in range(steps + 1)]


def bad_rim_sides(place: Place, kind: BoardKind) -> Iterable[tuple[int, str]]:
    """`rim` entries that are no side of a cell: (index, the side)."""
    sides = sides_of(kind, place.on)
    return [(i, side) for i, side in enumerate(place.rim or ()) if side not in sides]


__all__ = [
    "CORNER_SIDES",
    "EDGE_SIDES",
    "BoardKind",
    "Emphasis",
    "NumberDisc",
    "Numbers",
    "Place",
    "Spot",
    "cell_centre",
    "edge_ends",
    "place_room",
    "select_spots",
    "spot_key",
    "spot_point",
    "two_dice_ways",
]
