"""A board's places and number discs drawn over its cells: slots the shape of the piece that stands there (a long
slot along an edge for a road, a disc on a corner for a town), dots (a go board's star points), coloured bands
along edges (a player's side of a Hex board), and number discs with dice pips.

Positions come from `validator.components.places`, the same geometry the checks use; the board's drawing
(`board_items`, `grid_items`) calls `place_items` and `disc_items` so the sheet and its overview draw the same."""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass

from pnpkit.validator.components.places import BoardKind, On, Spot, cell_centre, edge_ends, spot_point

from ..colour import INK
from ..scene import Circle, Group, Item, Polygon, Rect, Style
from ..typeset.text import TextBox
from .context import LayoutContext

SLOT_SPARE = 1.5
"""A slot is this much larger than the piece it holds, so the piece covers its outline but not much more."""
SLOT_FILL = "#ffffff"
LABEL_PT = 7.5


@dataclass(frozen=True)
class PlaceLook:
    """One kind of place as it prints: where (its spots), how (look, colour), and the piece it is sized for."""

    id: str
    on: On
    look: str
    colour: str | None
    spots: tuple[Spot, ...]
    piece: tuple[float, float] | None = None
    """The footprint (long side, short side, mm) of the largest piece it holds; None: a default slot."""
    name: str = ""
    """Its name in the legend; empty: not in the legend."""
    label: str = ""
    where: tuple = ()
    """Where the label is written, for a finding when it does not fit."""


@dataclass(frozen=True)
class DiscLook:
    """A number disc on a cell."""

    cell: tuple[int, int]
    value: str
    colour: str
    """The number's colour (the emphasis colour for chosen values)."""
    pips: int
    where: tuple


def disc_radius(size: float) -> float:
    """A number disc's radius on cells `size` mm across: 21 % of the cell, never under 4.5 mm nor over 16 mm."""
    return min(16.0, max(4.5, 0.21 * size))


def disc_number_pt(size: float) -> float:
    """The number's size: 13 pt on a 50 mm hex, never under 8 pt nor over 20 pt."""
    return min(20.0, max(8.0, 0.26 * size))


def band_depth(side: float) -> float:
    """How far a band reaches into its cell: a fifth of the edge, at least 1.5 mm."""
    return max(1.5, 0.2 * side)


def _edge_length(kind: BoardKind, size: float) -> float:
    return size if kind == "grid" else size / math.sqrt(3)


def _towards(point: tuple[float, float], target: tuple[float, float], distance: float) -> tuple[float, float]:
    dx, dy = target[0] - point[0], target[1] - point[1]
    length = math.hypot(dx, dy) or 1.0
    return point[0] + dx / length * distance, point[1] + dy / length * distance


def _strip(a: tuple[float, float], b: tuple[float, float], length: float, depth: float) -> tuple:
    """A rectangle `length` × `depth` centred on segment a–b's midpoint, along it."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    ux, uy = b[0] - a[0], b[1] - a[1]
    norm = math.hypot(ux, uy) or 1.0
    ux, uy = ux / norm, uy / norm
    vx, vy = -uy, ux
    hl, hd = length / 2, depth / 2
    return tuple(
        (mx + sx * hl * ux + sy * hd * vx, my + sx * hl * uy + sy * hd * vy)
        for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
    )


def place_items(
    ctx: LayoutContext | None, kind: BoardKind, size: float, dx: float, dy: float, looks: tuple[PlaceLook, ...]
) -> list[Item]:
    """Every place of every kind, bands first (under the slots), then slots and dots, then their labels."""
    layers: tuple[list[Item], list[Item], list[Item]] = ([], [], [])
    for look in looks:
        if look.look == "none":
            continue
        for spot in look.spots:
            x, y = spot_point(kind, look.on, spot.cell, spot.side, size)
            centre = cell_centre(kind, spot.cell, size)
            layer = 0 if look.look == "band" else 1
            layers[layer].append(_one(kind, size, look, spot, (dx, dy), (centre[0] + dx, centre[1] + dy)))
            if look.label and ctx is not None:
                layers[2].extend(
                    _label(ctx, kind, look, (x + dx, y + dy), (centre[0] + dx, centre[1] + dy), size, spot)
                )
    return [Group(tuple(layer), role=role) for layer, role in zip(layers, ("bands", "places", "place-labels")) if layer]


def _one(
    kind: BoardKind,
    size: float,
    look: PlaceLook,
    spot: Spot,
    offset: tuple[float, float],
    centre: tuple[float, float],
) -> Item:
    """One place as it prints: a dot, a band inside the cell along the edge, or a slot the shape of its piece."""
    name = f"{look.id}@{spot.cell[0]},{spot.cell[1]}{spot.side}"
    x, y = spot_point(kind, look.on, spot.cell, spot.side, size)
    x, y = x + offset[0], y + offset[1]
    outline = Style(fill=look.colour or SLOT_FILL, stroke=INK, width=0.35)
    if look.look == "dot":
        return Circle(x, y, dot_radius(size), style=Style(fill=look.colour or INK), role=f"dot:{name}")
    length, depth = _slot_size(look, _edge_length(kind, size))
    if look.on == "edges":
        a, b = ((ex + offset[0], ey + offset[1]) for ex, ey in edge_ends(kind, spot.cell, spot.side, size))
        if look.look == "band":
            reach = band_depth(_edge_length(kind, size))
            inner_a, inner_b = _towards(a, centre, reach), _towards(b, centre, reach)
            return Polygon((a, b, inner_b, inner_a), style=Style(fill=look.colour or INK), role=f"band:{name}")
        if look.look == "wedge":
            tip = _towards((x, y), centre, wedge_reach(kind, size))
            return Polygon((a, b, tip), style=outline, role=f"wedge:{name}")
        if length != depth:  # a strip along the edge; a round piece gets a round slot
            return Polygon(_strip(a, b, length, depth), style=outline, role=f"slot:{name}")
    elif length != depth:
        return Rect(x - length / 2, y - depth / 2, length, depth, style=outline, radius=0.8, role=f"slot:{name}")
    return Circle(x, y, length / 2, style=outline, role=f"slot:{name}")


def wedge_reach(kind: BoardKind, size: float) -> float:
    """How far a wedge's tip reaches into its cell: 45 % of the way from the edge to the cell's centre."""
    return 0.45 * size / 2


def dot_radius(size: float) -> float:
    """A dot's radius on cells `size` mm across: a go board's star point."""
    return max(0.9, 0.045 * size)


def _slot_size(look: PlaceLook, side: float) -> tuple[float, float]:
    """A slot's (length, depth): its piece's footprint and SLOT_SPARE, or a default from the edge's length (a
    strip along an edge, a disc on a corner or cell)."""
    if look.piece is not None:
        return look.piece[0] + SLOT_SPARE, look.piece[1] + SLOT_SPARE
    return (0.55 * side, 0.16 * side) if look.on == "edges" else (0.4 * side, 0.4 * side)


def _slot_reach(look: PlaceLook, kind: BoardKind, size: float) -> float:
    """How far a place's drawing reaches from its point: across an edge half a slot's depth, else half its length."""
    side = _edge_length(kind, size)
    if look.look == "band":
        return band_depth(side)
    if look.look == "wedge":
        return wedge_reach(kind, size)
    if look.look == "none":
        return 0.0
    if look.look == "dot":
        return dot_radius(size)
    length, depth = _slot_size(look, side)
    return depth / 2 if look.on == "edges" else length / 2


def _label(
    ctx: LayoutContext,
    kind: BoardKind,
    look: PlaceLook,
    point: tuple[float, float],
    centre: tuple[float, float],
    size: float,
    spot: Spot,
) -> list[Item]:
    """The label inside the cell that names the place, just clear of its slot on the way to the cell's centre."""
    h = LABEL_PT * 0.3528 * 1.3
    w = min(0.8 * size, 1.0 + LABEL_PT * 0.3528 * sum(1.0 if ord(ch) >= 0x3000 else 0.62 for ch in look.label))
    reach = _slot_reach(look, kind, size)
    if look.on == "cells":
        x, y = point[0], point[1] + min(reach + h / 2 + 0.5, 0.3 * size)
    else:
        ux, uy = centre[0] - point[0], centre[1] - point[1]
        norm = math.hypot(ux, uy) or 1.0
        away = reach + abs(ux / norm) * w / 2 + abs(uy / norm) * h / 2 + 0.5
        x, y = _towards(point, centre, min(away, 0.5 * size))
    box = TextBox(x - w / 2, y - h / 2, w, h, align="middle", valign="middle")
    return list(ctx.fitted(look.label, box, LABEL_PT, 6.0, where=look.where, label="place label"))


def disc_items(
    ctx: LayoutContext | None, disc: DiscLook, centre: tuple[float, float], size: float, fill: str
) -> list[Item]:
    """A number disc on a cell: the number in its colour, and under it one dot per way to roll it."""
    radius = disc_radius(size)
    cx, cy = centre
    items: list[Item] = [Circle(cx, cy, radius, style=Style(fill=fill, stroke=INK, width=0.4), role="number-disc")]
    pt = disc_number_pt(size)
    line = pt * 0.3528 * 1.15
    number_y = cy - (radius * 0.18 if disc.pips else 0.0)
    if ctx is not None:
        box = TextBox(
            cx - radius * 0.9,
            number_y - line / 2,
            radius * 1.8,
            line,
            align="middle",
            valign="middle",
            colour=disc.colour,
            bold=True,
        )
        items += ctx.fitted(disc.value, box, pt, min(pt, 8.0), where=disc.where, label="number disc")
    if disc.pips:
        dot = max(0.35, radius * 0.065)
        gap = dot * 2.6
        y = cy + radius * 0.55
        first = cx - gap * (disc.pips - 1) / 2
        items += [Circle(first + i * gap, y, dot, style=Style(fill=disc.colour), role="pip") for i in range(disc.pips)]
    return items


def overhang(looks: tuple[PlaceLook, ...], kind: BoardKind, size: float, cells: Collection[tuple[int, int]]) -> float:
    """How far places on the rim reach beyond the cells' outline (a slot on a rim corner, half a slot across a rim
    edge), so the board leaves that much room to the page's margin and to its title and legend."""
    reach = 0.0
    for look in looks:
        if look.on == "cells" or look.look in ("band", "wedge"):
            continue  # a cell's slot stays in its cell; a band or a wedge runs inside it
        if all(cell in cells for spot in look.spots for cell in spot.key):
            continue  # none on the rim
        reach = max(reach, _slot_reach(look, kind, size))
    return reach


def legend_places(looks: tuple[PlaceLook, ...]) -> list[tuple[PlaceLook, int]]:
    """The named places for the legend, each with how many there are: kinds with the same name, look and colour
    (a player's two sides of the board) are one entry."""
    entries: dict[tuple, tuple[PlaceLook, int]] = {}
    for look in looks:
        if look.name:
            key = (look.name, look.on, look.look, look.colour)
            first, count = entries.get(key, (look, 0))
            entries[key] = (first, count + len(look.spots))
    return list(entries.values())


def legend_swatch(look: PlaceLook, x: float, y: float) -> Item:
    """The place's look in the legend, in a 7 mm square at (x, y)."""
    cx, cy = x + 3.5, y + 3.5
    fill = look.colour or SLOT_FILL
    if look.look == "dot":
        return Circle(cx, cy, 1.0, style=Style(fill=look.colour or INK))
    if look.look == "band":
        return Rect(x, cy - 1.0, 7.0, 2.0, style=Style(fill=look.colour or INK))
    if look.look == "wedge":
        return Polygon(((x, y + 1.0), (x + 7.0, y + 1.0), (cx, y + 6.5)), style=Style(fill=fill, stroke=INK, width=0.3))
    round_piece = look.piece is not None and look.piece[0] == look.piece[1]
    if look.on == "edges" and not round_piece:
        return Rect(x, cy - 1.2, 7.0, 2.4, style=Style(fill=fill, stroke=INK, width=0.3))
    return Circle(cx, cy, 2.6, style=Style(fill=fill, stroke=INK, width=0.3))


__all__ = [
    "DiscLook",
    "PlaceLook",
    "disc_items",
    "disc_number_pt",
    "disc_radius",
    "legend_places",
    "legend_swatch",
    "overhang",
    "place_items",
]
