"""Ink saver: the same scene with pale backgrounds, so a home printer spends less ink.

Large fills (card frames, board cells, panels) carry most of the ink, so only
they are paled; icons, pips and badges keep their colours and stay legible.
Light text that sat on a paled background turns dark so it can still be read.
It is a pass over finished pages, so no layout has to know about it.
"""

from __future__ import annotations

import math
from dataclasses import replace

from .colour import is_light, tint
from .scene import Circle, Group, Item, Page, Path, Polygon, Rect, Text, corner_points

KEEP = 0.25
"""How much of the original colour a paled fill keeps; the rest is white."""
LARGE = 400.0
"""Fills covering more than this many mm² count as backgrounds."""


def pale(colour: str) -> str:
    """What an ink-saver fill keeps of its colour."""
    return tint(colour, KEEP)


def _area(item: Item, scale: float) -> float:
    if isinstance(item, Rect):
        return item.w * item.h * scale * scale
    if isinstance(item, Circle):
        return math.pi * item.r * item.r * scale * scale
    points = corner_points(item)
    if not points:
        return 0.0
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (max(xs) - min(xs)) * (max(ys) - min(ys)) * scale * scale


def _items(items: tuple[Item, ...], scale: float, behind_pale: bool, paled: set[str]) -> tuple[Item, ...]:
    """`paled` holds the colours already paled here: a smaller piece of the same colour (the
    square half of a rounded band, a cell's outline) is paled with them, so shapes stay whole."""
    out: list[Item] = []
    paled = set(paled)
    for item in items:
        if isinstance(item, Group):
            out.append(replace(item, items=_items(item.items, scale * item.scale, behind_pale, paled)))
        elif isinstance(item, Text):
            out.append(replace(item, colour="#333333") if behind_pale and is_light(item.colour) else item)
        elif isinstance(item, (Rect, Circle, Polygon, Path)):
            style = item.style
            if style.fill and (style.fill in paled or _area(item, scale) > LARGE):
                paled.add(style.fill)
                behind_pale = True
                stroke = pale(style.stroke) if style.stroke in paled else style.stroke
                out.append(replace(item, style=replace(style, fill=pale(style.fill), stroke=stroke)))
            elif style.stroke and style.stroke in paled:
                out.append(replace(item, style=replace(style, stroke=pale(style.stroke))))
            else:
                out.append(item)
        else:
            out.append(item)
    return tuple(out)


def ink_saver(page: Page) -> Page:
    return replace(page, items=_items(page.items, 1.0, False, set()))
