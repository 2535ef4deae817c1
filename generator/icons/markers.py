"""Marker icons for board tokens (craters, rubble, defences, timers, pawns), drawn in a unit box (-1..1).

Same idiom as the element icons: `colour` fills the silhouette, `outline` draws the details and the edge, so
an icon reads both in colour on a white token and in white on a coloured one. Shapes are bold and few: they
must read on a 12–16 mm token.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..scene import Circle, Group, Item, Path, Polygon, Rect, Style
from .elements import icon as element_icon
from .paths import Ops, ellipse


def shield() -> Ops:
    """A heater shield filling most of the box."""
    return (
        ("M", 0.0, -0.96),
        ("C", 0.32, -0.76, 0.6, -0.72, 0.86, -0.72),
        ("L", 0.86, -0.1),
        ("C", 0.86, 0.45, 0.45, 0.78, 0.0, 0.97),
        ("C", -0.45, 0.78, -0.86, 0.45, -0.86, -0.1),
        ("L", -0.86, -0.72),
        ("C", -0.6, -0.72, -0.32, -0.76, 0.0, -0.96),
        ("Z",),
    )


def _crater(colour: str, outline: str) -> list[Item]:
    """A low cone with its open mouth and a puff of smoke rising from it."""
    puff = Style(fill=colour)
    return [
        Circle(0.42, -0.76, 0.18, style=puff),
        Circle(0.16, -0.6, 0.24, style=puff),
        Circle(-0.1, -0.44, 0.19, style=puff),
        Polygon(
            ((-1.0, 0.84), (-0.46, -0.1), (0.46, -0.1), (1.0, 0.84)),
            style=Style(fill=colour, stroke=outline, width=0.1),
        ),
        Path(ellipse(0.0, -0.1, 0.44, 0.14), style=Style(fill=outline, stroke=colour, width=0.1)),
        Path(
            (("M", -0.18, 0.1), ("L", -0.3, 0.4), ("L", -0.16, 0.62), ("M", 0.2, 0.1), ("L", 0.34, 0.46)),
            style=Style(stroke=outline, width=0.1),
        ),
    ]


def _rubble(colour: str, outline: str) -> list[Item]:
    """A hex cell broken into three shards along zigzag cracks."""
    v = [(0.88 * math.cos(math.radians(-90 + 60 * i)), 0.88 * math.sin(math.radians(-90 + 60 * i))) for i in range(6)]
    centre, k0, k2, k4 = (0.05, 0.02), (-0.1, -0.42), (0.42, 0.12), (-0.34, 0.34)
    shards = (
        ((centre, k0, v[0], v[1], v[2], k2), (0.08, -0.05)),
        ((centre, k2, v[2], v[3], v[4], k4), (0.0, 0.09)),
        ((centre, k4, v[4], v[5], v[0], k0), (-0.08, -0.05)),
    )
    return [
        Polygon(tuple((x + dx, y + dy) for x, y in points), style=Style(fill=colour, stroke=outline, width=0.08))
        for points, (dx, dy) in shards
    ]


def _mud_wall(colour: str, outline: str) -> list[Item]:
    """A wall of bricks under a lumpy top of mud."""
    top: list[tuple] = [
        ("M", -0.9, 0.86),
        ("L", -0.9, -0.38),
        ("C", -0.78, -0.62, -0.52, -0.64, -0.42, -0.44),
        ("C", -0.32, -0.3, -0.16, -0.7, 0.04, -0.56),
        ("C", 0.2, -0.44, 0.3, -0.66, 0.5, -0.54),
        ("C", 0.68, -0.44, 0.8, -0.64, 0.9, -0.38),
    ]
    top += [("L", 0.9, 0.86), ("Z",)]
    joints = (
        ("M", -0.9, 0.04),
        ("L", 0.9, 0.04),
        ("M", -0.9, 0.45),
        ("L", 0.9, 0.45),
        ("M", -0.3, -0.38),
        ("L", -0.3, 0.04),
        ("M", 0.3, -0.38),
        ("L", 0.3, 0.04),
        ("M", 0.0, 0.04),
        ("L", 0.0, 0.45),
        ("M", -0.6, 0.04),
        ("L", -0.6, 0.45),
        ("M", 0.6, 0.04),
        ("L", 0.6, 0.45),
        ("M", -0.3, 0.45),
        ("L", -0.3, 0.86),
        ("M", 0.3, 0.45),
        ("L", 0.3, 0.86),
    )
    return [
        Path(tuple(top), style=Style(fill=colour, stroke=outline, width=0.1)),
        Path(joints, style=Style(stroke=outline, width=0.1)),
    ]


def _lava_barrier(colour: str, outline: str) -> list[Item]:
    return [
        Path(shield(), style=Style(fill=colour, stroke=outline, width=0.1)),
        element_icon("flame", 0.0, 0.04, 0.55, outline, colour),
    ]


def _wind_shield(colour: str, outline: str) -> list[Item]:
    return [
        Path(shield(), style=Style(fill=colour, stroke=outline, width=0.1)),
        element_icon("swirl", 0.02, -0.02, 0.56, outline, colour),
    ]


def _sandstorm(colour: str, outline: str) -> list[Item]:
    """A whirling funnel of sand with grains flying round it."""
    bars = ((-0.72, 0.86, 0.0), (-0.38, 0.7, 0.1), (-0.04, 0.52, 0.0), (0.3, 0.36, -0.1), (0.62, 0.2, 0.0))
    fill = Style(fill=colour, stroke=outline, width=0.06)
    items: list[Item] = [Rect(x - half, y - 0.12, 2 * half, 0.24, style=fill, radius=0.12) for y, half, x in bars]
    grains = ((-0.88, 0.2), (0.8, 0.08), (0.62, 0.5), (-0.6, 0.6), (0.86, -0.3), (-0.86, -0.2))
    items += [Circle(x, y, 0.08, style=Style(fill=colour)) for x, y in grains]
    return items


def _timer(colour: str, outline: str) -> list[Item]:
    """An hourglass: sand running from the upper bulb into a heap below."""
    glass = (
        ("M", -0.56, -0.76),
        ("L", 0.56, -0.76),
        ("C", 0.56, -0.3, 0.13, -0.15, 0.13, 0.0),
        ("C", 0.13, 0.15, 0.56, 0.3, 0.56, 0.76),
        ("L", -0.56, 0.76),
        ("C", -0.56, 0.3, -0.13, 0.15, -0.13, 0.0),
        ("C", -0.13, -0.15, -0.56, -0.3, -0.56, -0.76),
        ("Z",),
    )
    upper = (
        ("M", -0.4, -0.42),
        ("L", 0.4, -0.42),
        ("C", 0.3, -0.24, 0.1, -0.14, 0.0, -0.04),
        ("C", -0.1, -0.14, -0.3, -0.24, -0.4, -0.42),
        ("Z",),
    )
    heap = (
        ("M", -0.5, 0.74),
        ("C", -0.4, 0.44, -0.15, 0.34, 0.0, 0.32),
        ("C", 0.15, 0.34, 0.4, 0.44, 0.5, 0.74),
        ("Z",),
    )
    plate = Style(fill=colour, stroke=outline, width=0.06)
    return [
        Path(glass, style=Style(fill=outline, stroke=colour, width=0.12)),
        Path(upper, style=Style(fill=colour)),
        Path(heap, style=Style(fill=colour)),
        Path((("M", 0.0, -0.06), ("L", 0.0, 0.36)), style=Style(stroke=colour, width=0.07)),
        Rect(-0.74, -0.96, 1.48, 0.22, style=plate, radius=0.08),
        Rect(-0.74, 0.74, 1.48, 0.22, style=plate, radius=0.08),
    ]


def _pawn(colour: str, outline: str) -> list[Item]:
    """A standing pawn: head, collar, flared body and base."""
    body = (
        ("M", -0.2, -0.24),
        ("L", 0.2, -0.24),
        ("C", 0.24, 0.12, 0.44, 0.42, 0.58, 0.64),
        ("L", -0.58, 0.64),
        ("C", -0.44, 0.42, -0.24, 0.12, -0.2, -0.24),
        ("Z",),
    )
    edge = Style(fill=colour, stroke=outline, width=0.08)
    return [
        Path(body, style=edge),
        Rect(-0.72, 0.6, 1.44, 0.32, style=edge, radius=0.12),
        Rect(-0.36, -0.34, 0.72, 0.16, style=edge, radius=0.08),
        Circle(0.0, -0.6, 0.3, style=edge),
    ]


Drawing = Callable[[str, str], list[Item]]


def _flame(colour: str, outline: str) -> list[Item]:
    """A flame: the element icon's, for a state a fire card leaves (a player who cannot act)."""
    return list(element_icon("flame", 0.0, 0.0, 1.0, colour, outline).items)


DRAWINGS: dict[str, Drawing] = {
    "crater": _crater,
    "rubble": _rubble,
    "mud-wall": _mud_wall,
    "lava-barrier": _lava_barrier,
    "wind-shield": _wind_shield,
    "sandstorm": _sandstorm,
    "timer": _timer,
    "pawn": _pawn,
    "flame": _flame,
}
MARKER_ICONS = tuple(DRAWINGS)
"""Every marker icon's name."""


def marker_icon(name: str, cx: float, cy: float, radius: float, colour: str, outline: str = "#ffffff") -> Group:
    """The marker icon `name` centred at (cx, cy), `radius` mm from centre to the edge of its box.

    An unknown name is a KeyError: the names come from code, not from a kit's YAML."""
    return Group(tuple(DRAWINGS[name](colour, outline)), dx=cx, dy=cy, scale=radius, role="icon", name=name)


PLAYER_MARKS = ("●", "▲", "■", "◆", "★", "✚")
"""The mark printed on each player's tokens after their colour, so tokens read in greyscale too (in player order)."""
