"""Hex boards: cells on axial coordinates, written as rows of terrain keys or as a cell list."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field, model_validator

from ..types import Ident, Length, StrictModel

AXIAL_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


class HexCell(StrictModel):
    q: int
    r: int
    terrain: Ident


@dataclass(frozen=True)
class PlacedCell:
    """A cell with the YAML path it came from, so findings can point at it."""

    q: int
    r: int
    terrain: str
    path: tuple
    offset: int = 0  # column inside a row string, for row-written boards


class HexBoard(StrictModel):
    """Pointy-top hex board.

    The `rows` helper reads like the board itself: each row lists terrain keys
    separated by spaces, and rows are centred, so rows of alternating parity
    (3 4 5 4 3) make a hex-shaped board.
    """

    orientation: Literal["pointy"] = "pointy"
    hex_size: Length | Literal["auto"] = Field(
        "auto", description="Distance across flats, or 'auto' for the largest that fits."
    )
    key: dict[str, Ident] = Field(default_factory=dict, description="Row letter → terrain id.")
    rows: list[str] = Field(default_factory=list)
    cells: list[HexCell] = Field(default_factory=list)

    @model_validator(mode="after")
    def _one_shape(self) -> HexBoard:
        if bool(self.rows) == bool(self.cells):
            raise ValueError("give the board either `rows` (with `key`) or `cells`, not both or neither")
        return self

    def placed_cells(self) -> list[PlacedCell]:
        if self.cells:
            return [PlacedCell(c.q, c.r, c.terrain, ("board", "cells", i)) for i, c in enumerate(self.cells)]
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

    def row_parity_problems(self) -> list[int]:
        """Rows whose cell count has the same parity as the row above: they cannot interlock."""
        widths = [len(row.split()) for row in self.rows]
        return [r for r in range(1, len(widths)) if widths[r] % 2 == widths[r - 1] % 2]
