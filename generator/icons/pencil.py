"""Pictograms of the pencil-and-paper sheets: padlocks, coins, a die, arrows, a bracket and a star.

Kept with the other icons so each drawing exists once; the sheet engine (layouts/sheets/) places them
in pictogram lines, cells and checkbox chains.
"""

from __future__ import annotations

import math

from ..colour import INK
from ..scene import Circle, Group, Item, Line, Path, Polygon, Rect, Style
from .paths import star

GOLD = "#d9a520"
GOLD_DARK = "#9a6f08"
OPEN_PADLOCK = "#2f7d6d"


def padlock(cx: float, cy: float, r: float, colour: str, open_: bool, role: str = "icon") -> Group:
    body = Rect(-0.78, -0.05, 1.56, 1.05, style=Style(fill=colour), radius=0.18)
    if open_:
        shackle = Path(
            (("M", -0.48, -0.05), ("L", -0.48, -0.5), ("C", -0.48, -1.05, 0.48, -1.05, 0.48, -0.62)),
            style=Style(stroke=colour, width=0.26),
        )
    else:
        shackle = Path(
            (("M", -0.48, -0.05), ("L", -0.48, -0.45), ("C", -0.48, -1.0, 0.48, -1.0, 0.48, -0.45), ("L", 0.48, -0.05)),
            style=Style(stroke=colour, width=0.26),
        )
    hole = Circle(0, 0.42, 0.17, style=Style(fill="#ffffff"))
    return Group((shackle, body, hole), dx=cx, dy=cy, scale=r, role=role, name="open-padlock" if open_ else "padlock")


def coin(cx: float, cy: float, r: float, crossed: bool = False) -> Group:
    parts: list[Item] = [
        Circle(0, 0, 0.95, style=Style(fill=GOLD, stroke=GOLD_DARK, width=0.12)),
        Circle(0, 0, 0.62, style=Style(stroke="#fff4cc", width=0.12)),
    ]
    if crossed:
        parts.append(Line(-0.95, 0.95, 0.95, -0.95, style=Style(stroke=INK, width=0.22)))
    return Group(tuple(parts), dx=cx, dy=cy, scale=r, role="icon", name="crossed-coin" if crossed else "coin")


def die(cx: float, cy: float, r: float) -> Group:
    parts: list[Item] = [Rect(-0.9, -0.9, 1.8, 1.8, style=Style(fill="#ffffff", stroke=INK, width=0.14), radius=0.3)]
    for px, py in ((-0.45, -0.45), (0.0, 0.0), (0.45, 0.45)):
        parts.append(Circle(px, py, 0.17, style=Style(fill=INK)))
    return Group(tuple(parts), dx=cx, dy=cy, scale=r, role="icon", name="die")


def arrow(
    x0: float, y0: float, x1: float, y1: float, colour: str = INK, width: float = 0.35, head: float = 1.1
) -> list[Item]:
    """A straight arrow from (x0, y0) to (x1, y1) with a filled head."""
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    bx, by = x1 - ux * head, y1 - uy * head
    wing = head * 0.55
    return [
        Line(x0, y0, bx, by, style=Style(stroke=colour, width=width)),
        Polygon(
            ((x1, y1), (bx - uy * wing, by + ux * wing), (bx + uy * wing, by - ux * wing)), style=Style(fill=colour)
        ),
    ]


def bracket(cx: float, cy: float, r: float, colour: str = INK) -> Group:
    """A square bracket opening downwards (コ turned 90°): a symbol simple enough for players to copy by hand."""
    ops = (("M", -0.75, 0.6), ("L", -0.75, -0.45), ("L", 0.75, -0.45), ("L", 0.75, 0.6))
    return Group(
        (Path(ops, style=Style(stroke=colour, width=0.28)),), dx=cx, dy=cy, scale=r, role="icon", name="bracket"
    )


def star_mark(cx: float, cy: float, r: float, colour: str) -> Group:
    shape = Polygon(star(0.0, 0.06, 1.0, 0.45, 5), style=Style(fill=colour))
    return Group((shape,), dx=cx, dy=cy, scale=r, role="icon", name="star")
