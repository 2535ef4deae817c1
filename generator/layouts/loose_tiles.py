"""Loose tiles: a board's cells printed as cut-out hexes or squares, packed in rows on sheets, for games whose board
is laid anew each time. Each tile's outline is its cut line; its terrain's name is printed small inside."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnpkit.validator.components.hexboard import SQRT3, Orientation

from ..colour import INK
from ..scene import Group, Item, Page, Polygon, Rect, Style
from ..text import TextBox
from .context import LayoutContext, page_title, scale_bar
from .hexboard import hex_corners

GAP = 2.0
"""Room between two tiles, so each cut is its own line."""
CUT = Style(stroke=INK, width=0.3)


@dataclass(frozen=True)
class LooseTile:
    """One kind of tile: the terrain's name, colour and how many to print."""

    name: str
    colour: str
    count: int
    where: tuple
    """Where the terrain's name is written, for a finding when it does not fit the tile."""


def tile_pages(
    ctx: LayoutContext,
    title: str,
    subtitle: str,
    tiles: list[LooseTile],
    size: float,
    shape: Orientation | None,
) -> list[Page]:
    """Every tile, `size` mm across flats (a hex, pointy or flat) or a side (`shape` None: a square), in rows."""
    margin = ctx.margin
    if shape is None:
        width = height = size
    elif shape == "pointy":
        width, height = size, 2 * size / SQRT3
    else:
        width, height = 2 * size / SQRT3, size
    top = margin + 14.0
    bottom = ctx.paper.height - margin - 12.0
    across = max(1, math.floor((ctx.paper.width - 2 * margin + GAP) / (width + GAP)))
    down = max(1, math.floor((bottom - top + GAP) / (height + GAP)))
    left = (ctx.paper.width - (across * (width + GAP) - GAP)) / 2
    every = [tile for tile in tiles for _ in range(tile.count)]
    per_page = across * down
    pages = []
    for first in range(0, len(every), per_page):
        items: list[Item] = page_title(ctx, title, subtitle)
        for i, tile in enumerate(every[first : first + per_page]):
            row, col = divmod(i, across)
            x, y = left + col * (width + GAP), top + row * (height + GAP)
            items.append(_tile(ctx, tile, x, y, width, height, size, shape))
        items += scale_bar(margin, ctx.paper.height - margin - 6.0, ctx.lang)
        pages.append(Page(ctx.paper.width, ctx.paper.height, tuple(items), title))
    return pages


def _tile(
    ctx: LayoutContext,
    tile: LooseTile,
    x: float,
    y: float,
    width: float,
    height: float,
    size: float,
    shape: Orientation | None,
) -> Group:
    look = Style(fill=tile.colour, stroke=CUT.stroke, width=CUT.width)
    cx, cy = x + width / 2, y + height / 2
    outline: Item = (
        Rect(x, y, width, height, style=look, role="tile")
        if shape is None
        else Polygon(hex_corners(cx, cy, size, shape), style=look, role="tile")
    )
    box = TextBox(cx - size * 0.35, cy + size * 0.18, size * 0.7, size * 0.16, align="middle", valign="middle")
    name = ctx.fitted(tile.name, box, 7.0, 6.0, where=tile.where, label="tile name") if tile.name else []
    return Group((outline, *name), role="loose-tile", name=tile.name)
