"""A deck as printed: each design drawn once and repeated by its count.

The faces and the kit book's checklist both come from the same designs
(`pnpkit.validator.components.cards.deck_designs`), so what is printed and
what the contents page promises cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TypeVar

from pnpkit.validator.components.cards import Design

from .. import facecache
from ..layouts.cards import CardFace
from ..layouts.context import LayoutContext

Item = TypeVar("Item")


def deck_faces(
    designs: Sequence[Design[Item]],
    draw: Callable[[Design[Item]], CardFace],
    ctx: LayoutContext | None = None,
    side: str = "",
) -> list[CardFace]:
    """Every card of the deck in order; a design is laid out once however many copies it has.

    Under `pnpkit watch` (a face cache is active) a design whose card has not
    changed is not laid out again; `side` names the deck and side being drawn
    ("goods front"), and without it or `ctx` every face is drawn.
    """
    cache = facecache.active() if ctx is not None and side else None
    faces: list[CardFace] = []
    for design in designs:
        if cache is None or ctx is None:
            face = draw(design)
        else:
            face = cache.face(ctx, (side, design.index, facecache.item_key(design.item)), partial(draw, design))
        faces.extend([face] * design.count)
    return faces


def deck_checklist(designs: Sequence[Design[Item]], name: Callable[[Design[Item]], str]) -> list[tuple[str, int]]:
    """One checklist line per design, with its count."""
    return [(name(design), design.count) for design in designs]
