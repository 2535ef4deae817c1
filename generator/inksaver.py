"""Ink saver: the same scene with pale fills, so a home printer spends less ink.

It is a pass over finished pages, so no layout has to know about it.
"""

from __future__ import annotations

from dataclasses import replace

from .scene import Group, Item, Page, Style, Text

KEEP = 0.25
"""How much of the original colour a fill keeps; the rest is white."""


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def pale(colour: str) -> str:
    r, g, b = (round(255 - (255 - c) * KEEP) for c in _rgb(colour))
    return f"#{r:02x}{g:02x}{b:02x}"


def _light(colour: str) -> bool:
    r, g, b = _rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b > 180


def _item(item: Item) -> Item:
    if isinstance(item, Group):
        return replace(item, items=tuple(_item(child) for child in item.items))
    if isinstance(item, Text):
        return replace(item, colour="#333333") if _light(item.colour) else item
    style = getattr(item, "style", None)
    if isinstance(style, Style) and style.fill:
        stroke = style.stroke
        if stroke and _light(stroke):
            stroke = "#9a9a9a"
        return replace(item, style=replace(style, fill=pale(style.fill), stroke=stroke))
    return item


def ink_saver(page: Page) -> Page:
    return replace(page, items=tuple(_item(item) for item in page.items))
