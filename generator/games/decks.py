"""A deck as printed: each design drawn once and repeated by its count.

The faces and the kit book's checklist both come from the same designs
(`pnpkit.validator.components.cards.deck_designs`), so what is printed and
what the contents page promises cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from pnpkit.validator.components.cards import Design

from ..layouts.cards import CardFace

Item = TypeVar("Item")


def deck_faces(designs: Sequence[Design[Item]], draw: Callable[[Design[Item]], CardFace]) -> list[CardFace]:
    """Every card of the deck in order; a design is laid out once however many copies it has."""
    faces: list[CardFace] = []
    for design in designs:
        faces.extend([draw(design)] * design.count)
    return faces


def deck_checklist(designs: Sequence[Design[Item]], name: Callable[[Design[Item]], str]) -> list[tuple[str, int]]:
    """One checklist line per design, with its count."""
    return [(name(design), design.count) for design in designs]
