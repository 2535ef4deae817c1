"""Where a page puts ink: the scene queries that margin, overlap and clipping checks share.

Layout tests and tools ask the scene, not pixels, so these answers must be exact:
text from the font's metrics, lines without their caps, clips applied.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from .scene import IDENTITY, Group, Item, Line, Matrix, Text, apply, bounds, group_matrix
from .typeset import fonts
from .typeset.text import text_bounds
from .units import MM_PER_PT

Box = tuple[float, float, float, float]


def _bbox(points: list[tuple[float, float]]) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def box_bounds(matrix: Matrix, x0: float, y0: float, x1: float, y1: float) -> Box:
    """Page-space box of a rectangle: two corners when the map neither turns nor shears (most text), else four."""
    a, b, c, d, e, f = matrix
    if b == 0 and c == 0:
        left, right, top, bottom = a * x0 + e, a * x1 + e, d * y0 + f, d * y1 + f
        return min(left, right), min(top, bottom), max(left, right), max(top, bottom)
    return _bbox([apply(matrix, x, y) for x, y in _corners(x0, y0, x1, y1)])


def _corners(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    return [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]


def ink_bounds(item: Item, matrix: Matrix = IDENTITY) -> Box | None:
    """Page-space box of the ink an item puts down: text from its metrics (plus faux-bold stroke),
    lines with butt caps (the stroke widens them sideways, not past their ends), other shapes via
    scene.bounds. None for an item that draws nothing."""
    if isinstance(item, Text):
        x0, y0, x1, y1 = text_bounds(item)
        if item.bold:
            pad = item.size * MM_PER_PT * fonts.FAUX_BOLD_STROKE / 2
            x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
        return box_bounds(matrix, x0, y0, x1, y1)
    scale = math.hypot(matrix[0], matrix[1])
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


Visible = tuple[Item, Box, tuple]
"""A primitive, its page-space ink box, and the names of the groups down to it."""


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
    shared: dict[str, list[Visible]] | None = None,
) -> list[Visible]:
    """`visible_items`, with the names of the groups down to each primitive (for a finding's path); with `kind`,
    only primitives of that type are measured and listed (the page check reads texts, not a card's art).

    With `shared` (a dict the caller keeps across pages), a symbol group placed square to the page is
    measured once, in its own coordinates, and each placement only moves those boxes: a back on
    10,000 cards is one measurement."""
    out: list[Visible] = []
    _visible(items, matrix, clip, names, kind, shared, out)
    return out


def _visible(
    items: tuple[Item, ...],
    matrix: Matrix,
    clip: Box | None,
    names: tuple,
    kind: type | tuple[type, ...],
    shared: dict[str, list[Visible]] | None,
    out: list[Visible],
) -> None:
    for item in items:
        if isinstance(item, Group):
            inner = group_matrix(item, matrix)
            inside = (*names, item.name) if item.name else names
            if shared is not None and item.symbol and _square(inner):
                _place_symbol(item, inner, clip, inside, kind, shared, out)
                continue
            box = clip
            if item.clip is not None:
                c = item.clip
                cb = box_bounds(inner, c.x, c.y, c.x + c.w, c.y + c.h)
                box = cb if box is None else _meet(box, cb)
            _visible(item.items, inner, box, inside, kind, shared, out)
            continue
        if not isinstance(item, kind):
            continue
        ink = ink_bounds(item, matrix)
        if ink is None:
            continue
        if clip is not None:
            ink = _meet(ink, clip)
            if ink[0] >= ink[2] or ink[1] >= ink[3]:
                continue
        out.append((item, ink, names))


def _meet(a: Box, b: Box) -> Box:
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


_SQUARE = 1e-9


def _square(matrix: Matrix) -> bool:
    """Whether the map turns by a multiple of 90°: boxes then map to boxes exactly."""
    a, b, c, d = matrix[:4]
    return (abs(b) < _SQUARE and abs(c) < _SQUARE) or (abs(a) < _SQUARE and abs(d) < _SQUARE)


def _place_symbol(
    group: Group,
    inner: Matrix,
    clip: Box | None,
    names: tuple,
    kind: type | tuple[type, ...],
    shared: dict[str, list[Visible]],
    out: list[Visible],
) -> None:
    """`_visible` of one placement of a symbol group, from its boxes measured once in its own coordinates."""
    key = f"{group.symbol}\0{kind!r}"
    local = shared.get(key)
    if local is None:
        c = group.clip
        own = None if c is None else (c.x, c.y, c.x + c.w, c.y + c.h)
        local = shared[key] = visible_named(group.items, IDENTITY, own, (), kind, shared)
    for item, (x0, y0, x1, y1), inside in local:
        ink = box_bounds(inner, x0, y0, x1, y1)
        if clip is not None:
            ink = _meet(ink, clip)
            if ink[0] >= ink[2] or ink[1] >= ink[3]:
                continue
        out.append((item, ink, (*names, *inside) if inside else names))
