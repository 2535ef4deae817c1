"""Hex boards: cells on axial coordinates, written as rows of terrain keys or as a cell list."""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from typing import Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from ..types import Ident, Length, StrictModel

SQRT3 = math.sqrt(3)
AXIAL_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
MAX_CELLS = 2000
"""The most cells a board may have: a radius-25 hexagon. Ten times the largest board a table game uses."""
MAX_BOARD_MM = 1500.0
"""The widest and tallest a board may print (about 6 × 6 A4 sheets, tiled): a larger one is a typo in hex_size."""


class HexCell(StrictModel):
    q: int
    """The cell's column, in axial coordinates."""
    r: int
    """The cell's row, in axial coordinates."""
    terrain: Ident
    """The terrain of the cell: one of the game's terrain ids."""


@dataclass(frozen=True)
class PlacedCell:
    """A cell with the YAML path it came from, so findings can point at it."""

    q: int
    r: int
    terrain: str
    path: tuple
    offset: int = 0  # column inside a row string, for row-written boards


Orientation = Literal["pointy", "flat"]
GAP = "."
"""In the rows of a flat-top board, a place with no cell (so a board of any outline can be drawn as rows)."""


class HexBoard(StrictModel):
    """Hex board, pointy-top (a corner at the top) or flat-top (an edge at the top).

    The `rows` helper reads like the board itself: each row lists terrain keys separated by spaces. Pointy rows
    are centred, so rows of alternating parity (3 4 5 4 3) make a hex-shaped board. Flat rows zig-zag: the 2nd,
    4th, … key of a row sits half a hex lower than its neighbours, and `.` leaves a gap (docs/boards.md).
    """

    orientation: Orientation = "pointy"
    """pointy: a corner at the top, rows straight across; flat: an edge at the top, columns straight down."""
    hex_size: Length | Literal["auto"] = Field(
        "auto", description="Distance across flats, or 'auto' for the largest that fits."
    )
    key: dict[str, Ident] = Field(default_factory=dict, description="Row letter → terrain id.")
    rows: list[str] = Field(default_factory=list)
    """The board row by row, each row its terrain letters separated by spaces (see `key`); rows are centred."""
    cells: list[HexCell] = Field(default_factory=list)
    """The cells one by one, in axial coordinates: instead of `rows`."""

    @model_validator(mode="after")
    def _one_shape(self) -> HexBoard:
        if bool(self.rows) == bool(self.cells):
            raise ValueError("give the board either `rows` (with `key`) or `cells`, not both or neither")
        cells = len(self.cells) + sum(len(row.split()) for row in self.rows)
        if cells > MAX_CELLS:
            raise PydanticCustomError("pk362", f"the board has {cells:,} cells; pnpkit prints at most {MAX_CELLS:,}")
        if isinstance(self.hex_size, float):
            width, height = self.printed_size(self.hex_size)
            if max(width, height) > MAX_BOARD_MM:
                raise PydanticCustomError(
                    "pk362",
                    f"with hex_size {self.hex_size:g} mm the board prints {width:,.0f} × {height:,.0f} mm; pnpkit "
                    f"prints boards of up to {MAX_BOARD_MM:,.0f} mm a side",
                )
        return self

    def printed_size(self, across_flats: float) -> tuple[float, float]:
        """The board's width and height on paper with hexes `across_flats` wide (outer corners included)."""
        centres = [hex_centre(cell.q, cell.r, across_flats, self.orientation) for cell in self.placed_cells()]
        if not centres:
            return 0.0, 0.0
        xs, ys = zip(*centres)
        across, corners = across_flats, 2 * across_flats / SQRT3
        if self.orientation == "flat":
            across, corners = corners, across
        return max(xs) - min(xs) + across, max(ys) - min(ys) + corners

    def placed_cells(self) -> list[PlacedCell]:
        if self.cells:
            return [PlacedCell(c.q, c.r, c.terrain, ("board", "cells", i)) for i, c in enumerate(self.cells)]
        if self.orientation == "flat":
            return self._flat_rows()
        widths = [len(row.split()) for row in self.rows]
        widest = max(widths, default=0)
        shift = (widest - widths[0]) % 2 if widths else 0
        placed = []
        for r, row in enumerate(self.rows):
            tokens = row.split()
            start = widest - len(tokens) + shift  # in half-hex widths
            column = 0
            for i, token in enumerate(tokens):
                column = row.index(token, column)
                half = start + 2 * i
                q = (half - r) // 2
                placed.append(PlacedCell(q, r, self.key.get(token, token), ("board", "rows", r), column))
                column += len(token)
        return placed

    def _flat_rows(self) -> list[PlacedCell]:
        """Flat-top rows: key i of row r is column q = i, pushed half a hex down when i is odd; `.` is no cell."""
        placed = []
        for row_no, row in enumerate(self.rows):
            column = 0
            for q, token in enumerate(row.split()):
                column = row.index(token, column)
                if token != GAP:
                    r = row_no - (q - (q & 1)) // 2
                    placed.append(PlacedCell(q, r, self.key.get(token, token), ("board", "rows", row_no), column))
                column += len(token)
        return placed

    def row_parity_problems(self) -> list[int]:
        """Rows whose cell count has the same parity as the row above: they cannot interlock (pointy rows only:
        flat rows zig-zag and interlock whatever their length)."""
        if self.orientation == "flat":
            return []
        widths = [len(row.split()) for row in self.rows]
        return [r for r in range(1, len(widths)) if widths[r] % 2 == widths[r - 1] % 2]


def hex_centre(q: int, r: int, across_flats: float = SQRT3, orientation: Orientation = "pointy") -> tuple[float, float]:
    """Axial coordinates to a plane position (y down), for hexes `across_flats` wide.

    The one conversion the board drawing (in millimetres), the places on edges and corners and the rule checks
    (in hexes whose corners lie 1 from their centre) use. A flat-top board is the pointy one mirrored in its
    diagonal, with q and r trading places: q runs right in zig-zag columns, r straight down.
    """
    radius = across_flats / SQRT3
    if orientation == "flat":
        return 1.5 * radius * q, across_flats * (r + q / 2)
    return across_flats * (q + r / 2), 1.5 * radius * r


def connected(cells: set[tuple[int, int]]) -> bool:
    """Every cell can be reached from every other through shared edges."""
    start = next(iter(cells))
    seen = {start}
    queue = deque([start])
    while queue:
        q, r = queue.popleft()
        for dq, dr in AXIAL_NEIGHBOURS:
            nxt = (q + dq, r + dr)
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return len(seen) == len(cells)


def is_centre(cell: tuple[int, int], cells: set[tuple[int, int]]) -> bool:
    """The cell lies within half a hex of the board's centroid."""
    xs, ys = zip(*(hex_centre(*c) for c in cells))
    cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
    x, y = hex_centre(*cell)
    return math.hypot(x - cx, y - cy) < 0.5
