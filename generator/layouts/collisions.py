"""Texts that print over each other (PK367) or crowd the edge of the box or disc drawn round them (PK368), found
in a laid-out page's scene whatever laid it out."""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterable
from functools import partial

from ..scene import Circle, Rect, Text
from ..typeset.text import text_bounds
from .problems import TextProblem, mm_text, quoted

Box = tuple[float, float, float, float]


OVERLAP_MM = 0.3
OVERLAP_SHARE = 0.4
"""Two texts print over each other when their ink boxes overlap, both ways, by more than OVERLAP_MM and more than
OVERLAP_SHARE of the shortest side (a line's height: the boxes hold the full ascent and descent, which few glyphs
fill)."""


OVERLAPS_TOLD = 3
NEAR_TEXTS = 64
"""A text is told to print over at most OVERLAPS_TOLD others, and is compared with at most NEAR_TEXTS texts whose
ink meets its own (the first in the sweep; no shipped kit's page files more than 4 in a text's cells): lines a
layout stacked on each other (2,000 rules on one card) cost a handful of findings and comparisons each, not their
two million pairs."""


def overlaps(inks: list[tuple[Box, Text, tuple]]) -> Iterable[TextProblem]:
    """PK367 for each text printed over another (`overlap_pairs`)."""
    return (problem for _i, _j, problem in overlap_pairs(inks))


def overlap_pairs(inks: list[tuple[Box, Text, tuple]]) -> Iterable[tuple[int, int, TextProblem]]:
    """(i, j, PK367) for each text i printed over an earlier text j.

    Each text is filed in the grid cells its ink covers and meets only the texts filed before it in those
    cells (near-linear in the page's texts, however they line up), in the order of a sweep across the page:
    by the left edge of the later text, then of the earlier one."""
    order = sorted((i for i in range(len(inks)) if not inks[i][1].overflow), key=lambda i: inks[i][0][0])
    grid: dict[tuple[int, int], list[int]] = {}  # each cell's texts by their place in `order`: sorted as filed
    for at, i in enumerate(order):  # a text past its box is told once, as too big for it (PK309): never met here
        cells = list(_cells(*inks[i][0]))
        told = 0
        for j in _first_near([grid[cell] for cell in cells if cell in grid], order, inks[i][0], inks):
            problem = _prints_over(inks[i], inks[j])
            if problem is not None:
                yield i, j, problem
                told += 1
                if told == OVERLAPS_TOLD:
                    break
        for cell in cells:
            grid.setdefault(cell, []).append(at)


def _first_near(
    filed: list[list[int]], order: list[int], box: Box, inks: list[tuple[Box, Text, tuple]]
) -> Iterable[int]:
    """The texts filed in these cells (each cell's list of places in `order`, ascending) whose ink meets `box`,
    each once, in sweep order: the first NEAR_TEXTS of them."""
    last, met = -1, 0
    for at in heapq.merge(*filed):
        if at == last:
            continue  # a text filed in several of the cells
        last = at
        j = order[at]
        if _meets(inks[j][0], box):
            yield j
            met += 1
            if met == NEAR_TEXTS:
                return


def _meets(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _prints_over(text: tuple[Box, Text, tuple], other: tuple[Box, Text, tuple]) -> TextProblem | None:
    """PK367 when `text` prints over `other`: their ink boxes overlap both ways by more than OVERLAP_MM and
    OVERLAP_SHARE of the shortest side (two runs of one line, each a style of it, do not)."""
    (x0, y0, x1, y1), item, path = text
    (a0, b0, a1, b1), twin, _other_path = other
    if abs(item.y - twin.y) < 0.05 and abs(item.size - twin.size) < 0.05:
        return None
    high = min(y1, b1) - max(y0, b0)
    wide = min(x1, a1) - max(x0, a0)
    least = max(OVERLAP_MM, OVERLAP_SHARE * min(x1 - x0, y1 - y0, a1 - a0, b1 - b0))
    if wide > least and high > least:  # the short side is a line's height, however the text is turned
        return TextProblem(
            "PK367",
            path,
            f"{quoted(item.text)} prints over {quoted(twin.text)} ({wide:.1f} × {high:.1f} mm)",
            "move one of them, or give its box more room",
        )
    return None


CLEAR_MM = 1.0
"""Room a text keeps inside the box or disc drawn around it, across (its glyph box already holds the ascent and
descent, so along the line's height it needs CLEAR_HIGH_MM)."""
CLEAR_HIGH_MM = 0.3
TOUCH_MM = 0.2
"""A text outside a shape may come this close into it (anti-aliasing, a stroke's half width) before it touches."""
MINIATURE = "miniature"
"""The name of a group that draws a board shrunk (an overview sheet): its texts keep the room they have at full
size, where they are checked, so neither crowding nor the text floor is told again in the miniature."""
BADGE_CHARS = 2
BADGE_MM = 0.5
"""A letter or number in a chip (S1, 10, E) needs only this much room at its ends: its glyphs' own side bearings
add the rest."""
CELL_MM = 5.0
"""The grid the shapes are filed in, so each text meets only the shapes near it."""
LARGE_CELLS = 16
"""A shape over more cells than this (a card's frame, a panel) is not filed in the grid but listed apart, and each
text meets those of them whose box comes within its reach: a page's frames then cost one test a text, not their
area or their edges in cells."""


NEAR_SHAPES = 256
"""A text with more shapes than this within CLEAR_MM of it (no shipped kit's page files more than 33 in the cells
round one) is not checked for crowding: a missed warning in a pile the other findings already name, never a false
one."""


def crowding(
    inks: list[tuple[Box, Text, tuple, int]], shapes: list[tuple[Box, Rect | Circle, int]]
) -> Iterable[TextProblem]:
    """PK368 for each text that crowds a box or disc (`crowded`)."""
    return (problem for _n, problem in crowded(inks, shapes))


def crowded(
    inks: list[tuple[Box, Text, tuple, int]], shapes: list[tuple[Box, Rect | Circle, int]]
) -> Iterable[tuple[int, TextProblem]]:
    """(n, PK368) for each text inks[n] that crowds the edge of a box or disc drawn around it, or runs into one beside it.

    Each small shape is filed in the grid cells it covers, and a text meets only the shapes in the cells around it
    and the large ones within its reach (linear in the page's texts and shapes, times its few large ones). `inks`
    and `shapes` carry their place in drawing order last, so a shape hidden under the text's own ground (a badge on a panel's edge)
    is no collision."""
    grid: dict[tuple[int, int], list[int]] = {}
    large: list[int] = []
    for n, ((x0, y0, x1, y1), _shape, _order) in enumerate(shapes):
        across, down = int(x1 // CELL_MM) - int(x0 // CELL_MM) + 1, int(y1 // CELL_MM) - int(y0 // CELL_MM) + 1
        if across * down > LARGE_CELLS:  # a card's frame, a panel: listed apart, met by its box
            large.append(n)
            continue
        for cell in _cells(x0, y0, x1, y1):
            grid.setdefault(cell, []).append(n)
    for at, ((t0, u0, t1, u1), item, path, order) in enumerate(inks):
        if item.overflow or MINIATURE in path:
            continue
        text = (t0, u0, t1, u1)
        reach = (t0 - CLEAR_MM, u0 - CLEAR_MM, t1 + CLEAR_MM, u1 + CLEAR_MM)
        near: set[int] = {n for n in large if _meets(shapes[n][0], reach)}
        for cell in _cells(*reach):
            near.update(grid.get(cell, ()))
        near = {n for n in near if _meets(shapes[n][0], reach)}  # a shape farther off neither crowds nor holds it
        if len(near) > NEAR_SHAPES:
            continue  # a pile of shapes (2,000 dots a layout stacked): its texts' PK309 and PK367 tell it
        below = [n for n in sorted(near) if shapes[n][2] < order]
        ground = max((shapes[n][2] for n in below if _holds(shapes[n], text)), default=-1)
        room = _room(item, text)
        for n in sorted(near):
            box, shape, drawn = shapes[n]
            if drawn < ground:
                continue  # under the box or disc the text sits on
            problem = _crowds(text, box, shape, room)
            if problem and not _continued(
                text, shape, room, partial(_colour_at, before=order, grid=grid, large=large, shapes=shapes)
            ):
                yield (
                    at,
                    TextProblem("PK368", path, f"{quoted(item.text)} {problem}", "move the text or give it more room"),
                )
                break


def _colour_at(
    x: float,
    y: float,
    before: int,
    grid: dict[tuple[int, int], list[int]],
    large: list[int],
    shapes: list[tuple[Box, Rect | Circle, int]],
) -> str:
    """The fill printed at (x, y) by the boxes drawn before `before` in drawing order ("" for bare paper)."""
    top, colour = -1, ""
    for n in (*grid.get((int(x // CELL_MM), int(y // CELL_MM)), ()), *large):
        box, shape, order = shapes[n]
        if order < before and order > top and isinstance(shape, Rect) and shape.style.fill and _inside((x, y), box):
            top, colour = order, shape.style.fill
    return colour


def _holds(shape: tuple[Box, Rect | Circle, int], text: Box) -> bool:
    """Whether a filled shape lies under all of the text (the text's ground)."""
    (x0, y0, x1, y1), item, _order = shape
    if not item.style.fill or item.style.opacity < 1:
        return False
    t0, u0, t1, u1 = text
    if isinstance(item, Circle):
        ox, oy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
        return _far_corner(text, ox, oy) <= r
    return x0 <= t0 and y0 <= u0 and t1 <= x1 and u1 <= y1


def _far_corner(text: Box, ox: float, oy: float) -> float:
    """How far from (ox, oy) a text's glyphs reach, corner to corner: the glyph box less the room above the
    capitals and below the baseline that digits and capitals leave empty (a number in a disc)."""
    t0, u0, t1, u1 = text
    em = u1 - u0
    top, bottom = u0 + 0.14 * em, u1 - 0.1 * em
    return math.hypot(max(abs(t0 - ox), abs(t1 - ox)), max(abs(top - oy), abs(bottom - oy)))


def _continued(
    text: Box, shape: Rect | Circle, room: tuple[float, float], under: Callable[[float, float], str]
) -> bool:
    """Whether the paper round the text, `room` out, shows the crowded box's colour all the way round (a band
    drawn as a rounded box and a square one): the text is inside what prints as one box. `under` is the colour
    printed at a point beneath the text."""
    if isinstance(shape, Circle) or not shape.style.fill:
        return False
    t0, u0, t1, u1 = text
    reach = (t0 - room[0], u0 - room[1], t1 + room[0], u1 + room[1])
    return all(under(x, y) == shape.style.fill for x, y in _ring(reach))


def _inside(point: tuple[float, float], box: Box) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def _ring(box: Box) -> list[tuple[float, float]]:
    """The corners and the middles of the sides of a box."""
    x0, y0, x1, y1 = box
    xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
    return [(x0, y0), (xm, y0), (x1, y0), (x1, ym), (x1, y1), (xm, y1), (x0, y1), (x0, ym)]


def _cells(x0: float, y0: float, x1: float, y1: float) -> Iterable[tuple[int, int]]:
    """The grid cells a box covers."""
    for i in range(int(x0 // CELL_MM), int(x1 // CELL_MM) + 1):
        for j in range(int(y0 // CELL_MM), int(y1 // CELL_MM) + 1):
            yield i, j


def _room(item: Text, ink: Box) -> tuple[float, float]:
    """The room (across the page, down it) a text keeps inside its box: CLEAR_MM at the line's ends (BADGE_MM
    for a letter or number in a chip) and CLEAR_HIGH_MM above and below it, turned with a line that runs up or
    down the page (told by its box: its own box turned a quarter)."""
    ends = BADGE_MM if len(item.text.strip()) <= BADGE_CHARS else CLEAR_MM
    x0, y0, x1, y1 = text_bounds(item)
    wide, high = x1 - x0, y1 - y0
    shape = (ink[2] - ink[0]) / max(ink[3] - ink[1], 1e-9)
    turned = abs(shape - high / max(wide, 1e-9)) < abs(shape - wide / max(high, 1e-9))
    return (CLEAR_HIGH_MM, ends) if turned else (ends, CLEAR_HIGH_MM)


def _crowds(text: Box, box: Box, shape: Rect | Circle, room: tuple[float, float] = (CLEAR_MM, CLEAR_HIGH_MM)) -> str:
    """What is wrong between a text's glyph box and one shape, or "" when they keep their distance (`room`)."""
    t0, u0, t1, u1 = text
    cx, cy = (t0 + t1) / 2, (u0 + u1) / 2
    x0, y0, x1, y1 = box
    inner = shape.style.width if shape.style.stroke else 0.0  # the box holds half the stroke outside, half in
    if isinstance(shape, Circle):
        r = (x1 - x0) / 2
        ox, oy = (x0 + x1) / 2, (y0 + y1) / 2
        if math.hypot(cx - ox, cy - oy) < r:  # inside the disc: its glyphs stay inside the stroke
            over = _far_corner(text, ox, oy) - (r - inner - CLEAR_HIGH_MM)
            return f"reaches the edge of its circle ({mm_text(over)} over)" if over > 1e-6 else ""
        nx, ny = min(max(ox, t0), t1), min(max(oy, u0), u1)
        into = r - math.hypot(nx - ox, ny - oy)
        return f"runs {mm_text(into)} into a circle beside it" if into > TOUCH_MM else ""
    if x0 < cx < x1 and y0 < cy < y1:  # inside the box: its edges keep their room
        sides = min(t0 - x0, x1 - t1) - inner, min(u0 - y0, y1 - u1) - inner
        for gap, keep in zip(sides, room, strict=True):
            if gap < keep - 1e-6:
                return f"comes within {mm_text(max(gap, 0))} of the edge of its box (keep {mm_text(keep)})"
        return ""
    wide = min(t1, x1) - max(t0, x0)
    tall = min(u1, y1) - max(u0, y0)
    return f"runs into a box beside it ({wide:.1f} × {tall:.1f} mm)" if wide > TOUCH_MM and tall > TOUCH_MM else ""
