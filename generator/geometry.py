"""Where a page puts ink: the scene queries that margin, overlap and clipping checks share.

Layout tests and tools ask the scene, not pixels, so these answers must be exact:
text from the font's metrics, lines without their caps, clips applied.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from . import fonts
from .scene import IDENTITY, Group, Item, Line, Matrix, Text, apply, bounds, group_matrix
from .text import text_bounds
from .units import MM_PER_PT

Box = tuple[float, float, float, float]


def _bbox(points: list[tuple[float, float]]) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _corners(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    return [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]


def ink_bounds(item: Item, matrix: Matrix = IDENTITY) -> Box | None:
    """Page-space box of the ink an item puts down: text from its metrics (plus faux-bold stroke),
    lines with butt caps (the stroke widens them sideways, not past their ends), other shapes via
    scene.bounds. None for an item that draws nothing."""
    scale = math.hypot(matrix[0], matrix[1])
    if isinstance(item, Text):
        x0, y0, x1, y1 = text_bounds(item)
        if item.bold:
            pad = item.size * MM_PER_PT * fonts.FAUX_BOLD_STROKE / 2
            x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
        return _bbox([apply(matrix, x, y) for x, y in _corners(x0, y0, x1, y1)])
    if isinstance(item, Line):
        if not item.style.stroke:
            return None
        (ax, ay), (bx, by) = apply(matrix, item.x1, item.y1), apply(matrix, item.x2, item.y2)
        half = item.style.width / 2 * scale
        length = math.hypot(bx - ax, by - ay)
        if length == 0:
            return ax - half, ay - half, ax + half, ay + half
        nx, ny = -(by - ay) / length * half, (bx - ax) / length * half
        return _bbox([(ax + nx, ay + ny), (ax - nx, ay - ny), (bx + nx, by + ny), (bx - nx, by - ny)])
    style = getattr(item, "style", None)
    if style is not None and not style.fill and not style.stroke:
        return None
    return bounds(item, matrix)


def visible_items(
    items: tuple[Item, ...], matrix: Matrix = IDENTITY, clip: Box | None = None
) -> Iterator[tuple[Item, Box]]:
    """(item, page-space ink box) for every primitive, cut to the clip rectangles of enclosing groups."""
    for item, ink, _names in visible_named(items, matrix, clip):
        yield item, ink


def visible_named(
    items: tuple[Item, ...],
    matrix: Matrix = IDENTITY,
    clip: Box | None = None,
    names: tuple = (),
    kind: type | tuple[type, ...] = object,
) -> Iterator[tuple[Item, Box, tuple]]:
    """`visible_items`, with the names of the groups down to each primitive (for a finding's path); with `kind`,
    only primitives of that type are measured and yielded (the page check reads texts, not a card's art)."""
    for item in items:
        if isinstance(item, Group):
            inner = group_matrix(item, matrix)
            box = clip
            if item.clip is not None:
                c = item.clip
                cb = _bbox([apply(inner, x, y) for x, y in _corners(c.x, c.y, c.x + c.w, c.y + c.h)])
                box = (
                    cb
                    if box is None
                    else (max(box[0], cb[0]), max(box[1], cb[1]), min(box[2], cb[2]), min(box[3], cb[3]))
                )
            yield from visible_named(item.items, inner, box, (*names, item.name) if item.name else names, kind)
            continue
        if not isinstance(item, kind):
            continue
        ink = ink_bounds(item, matrix)
        if ink is None:
            continue
        if clip is not None:
            ink = (max(ink[0], clip[0]), max(ink[1], clip[1]), min(ink[2], clip[2]), min(ink[3], clip[3]))
            if ink[0] >= ink[2] or ink[1] >= ink[3]:
                continue
        yield item, ink, names
