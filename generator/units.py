"""Units and paper. The scene works in millimetres; only backends see points."""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.validator.types import MM_PER_PT

PT_PER_MM = 1 / MM_PER_PT

HARD_MARGIN = 5.0
"""No ink closer than this to the paper's edge: home printers cannot reach it."""


def pt_to_mm(value: float) -> float:
    return value * MM_PER_PT


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float

    @property
    def landscape(self) -> Paper:
        return Paper(self.name, self.height, self.width)


A4 = Paper("a4", 210.0, 297.0)
LETTER = Paper("letter", 215.9, 279.4)
PAPERS = {"a4": A4, "letter": LETTER}
