"""Loose tiles: a board's cells printed as cut-out hexes or squares, packed in rows on sheets, for games whose board
is laid anew each time. Each tile's outline is its cut line; its terrain's name is printed small inside."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pnpkit.validator.components.hexboard import SQRT3, Orientation

from ..colour import INK, ink_on
from ..scene import Group, Item, Page, Polygon, Rect, Style
from ..typeset.text import TextBox
from .context import LayoutContext, page_title, scale_bar
from .hexboard import hex_corners
from .places import DiscLook, disc_items, disc_radius

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
    discs: tuple[tuple[DiscLook, str], ...] = (),
) -> list[Page]:
    """Every tile, `size` mm across flats (a hex, pointy or flat) or a side (`shape` None: a square), in rows; then
    the board's number discs (each with its fill) as round pieces to cut out, as large as they print on a cell."""
    margin = ctx.margin
    if shape is None:
        width = height = size
    elif shape == "pointy":
        width, height = size, 2 * size / SQRT3
    else:
        width, height = 2 * size / SQRT3, size
    area = (margin, margin + 14.0, ctx.paper.width - margin, ctx.paper.height - margin - 12.0)
    spots = _honeycomb(area, width, height, shape)
    every = [tile for tile in tiles for _ in range(tile.count)]
    pages = _sheets(ctx, title, subtitle, spots, [_drawn(ctx, tile, width, height, size, shape) for tile in every])
    if discs:
        across = 2 * disc_radius(size)
        round_spots = _honeycomb(area, across + GAP, across + GAP, None)
        pieces = [_disc_piece(ctx, disc, fill, size) for disc, fill in discs]
        pages += _sheets(ctx, title, subtitle, round_spots, pieces)
    return pages


Piece = Callable[[float, float], Item]
"""Draws one piece with its top-left corner at (x, y)."""


def _sheets(ctx: LayoutContext, title: str, subtitle: str, spots: list, pieces: list[Piece]) -> list[Page]:
    per_page = max(1, len(spots))
    pages = []
    for first in range(0, len(pieces), per_page):
        items: list[Item] = page_title(ctx, title, subtitle)
        items += [draw(x, y) for (x, y), draw in zip(spots, pieces[first : first + per_page])]
        items += scale_bar(ctx.margin, ctx.paper.height - ctx.margin - 6.0, ctx.lang)
        pages.append(Page(ctx.paper.width, ctx.paper.height, tuple(items), title))
    return pages


def _drawn(
    ctx: LayoutContext, tile: LooseTile, width: float, height: float, size: float, shape: Orientation | None
) -> Piece:
    return lambda x, y: _tile(ctx, tile, x, y, width, height, size, shape)


def _disc_piece(ctx: LayoutContext, disc: DiscLook, fill: str, size: float) -> Piece:
    radius = disc_radius(size)

    def draw(x: float, y: float) -> Item:
        centre = (x + GAP / 2 + radius, y + GAP / 2 + radius)
        return Group(tuple(disc_items(ctx, disc, centre, size, fill)), role="loose-disc", name=disc.value)

    return draw


def _honeycomb(
    area: tuple[float, float, float, float], width: float, height: float, shape: Orientation | None
) -> list[tuple[float, float]]:
    """The top-left corners of as many tiles as fit the area, centred in it: squares in rows, hexes interlocked
    (pointy in rows shifted by half a tile, flat in columns shifted by half), GAP apart across every cut."""
    x0, y0, x1, y1 = area
    if shape is None:
        step_x, step_y, shift_x, shift_y = width + GAP, height + GAP, 0.0, 0.0
    elif shape == "pointy":
        step_x, step_y = width + GAP, 0.75 * height + GAP * SQRT3 / 2
        shift_x, shift_y = step_x / 2, 0.0
    else:
        step_x, step_y = 0.75 * width + GAP * SQRT3 / 2, height + GAP
        shift_x, shift_y = 0.0, step_y / 2
    spots = []
    row = 0
    while y0 + row * step_y + height <= y1 + 1e-9:
        col = 0
        while True:
            x = x0 + col * step_x + (shift_x if row % 2 else 0.0)
            y = y0 + row * step_y + (shift_y if col % 2 else 0.0)
            if x + width > x1 + 1e-9:
                break
            if y + height <= y1 + 1e-9:
                spots.append((x, y))
            col += 1
        row += 1
    if not spots:
        return [(x0, y0)]  # a tile larger than the sheet still prints, one a page
    right = max(x for x, _y in spots) + width
    bottom = max(y for _x, y in spots) + height
    dx, dy = (x1 - right) / 2, (y1 - bottom) / 2
    return sorted(((x + dx, y + dy) for x, y in spots), key=lambda p: (round(p[1], 3), p[0]))


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
    ink = ink_on(tile.colour)
    cx, cy = x + width / 2, y + height / 2
    outline: Item = (
        Rect(x, y, width, height, style=look, role="tile")
        if shape is None
        else Polygon(hex_corners(cx, cy, size, shape), style=look, role="tile")
    )
    box = TextBox(
        cx - size * 0.35, cy + size * 0.18, size * 0.7, size * 0.16, align="middle", valign="middle", colour=ink
    )
    name = ctx.fitted(tile.name, box, 7.0, 6.0, where=tile.where, label="tile name") if tile.name else []
    return Group((outline, *name), role="loose-tile", name=tile.name)
