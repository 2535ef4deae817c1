"""Shift event art: one vector picture per event, drawn in a unit box (-1..1) and scaled into place.

Each picture has a main colour (its silhouettes), an accent (lava, lightning, sun) and a ground (the panel
it sits on, also the colour of its edges and cut-outs): its `Palette`, which the card's art panel shares. Kits name the pictures in
`events[].icon` (the validator's `ShiftIcon` lists the same names).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from ..scene import Box, Circle, Group, Item, Line, Path, Polygon, Rect, Style
from .elements import icon as element_icon
from .paths import arc, arrowhead, star


@dataclass(frozen=True)
class Palette:
    """The colours a picture is drawn in on a card: the panel behind it, its silhouettes and its accent."""

    ground: str
    main: str
    accent: str


def _cloud(colour: str, outline: str, dy: float = 0.0) -> list[Item]:
    """A cloud of three puffs on a flat bottom, its top near y = -0.95 + dy."""
    fill = Style(fill=colour)
    return [
        Circle(-0.4, -0.38 + dy, 0.32, style=fill),
        Circle(0.06, -0.56 + dy, 0.4, style=fill),
        Circle(0.48, -0.34 + dy, 0.3, style=fill),
        Rect(-0.72, -0.38 + dy, 1.5, 0.34, style=fill, radius=0.17),
    ]


def _sun(cx: float, cy: float, r: float, colour: str) -> list[Item]:
    rays = [
        Line(
            cx + (r + 0.08) * math.cos(a),
            cy + (r + 0.08) * math.sin(a),
            cx + (r + 0.2) * math.cos(a),
            cy + (r + 0.2) * math.sin(a),
            style=Style(stroke=colour, width=0.08),
        )
        for a in (math.radians(45 * i + 22.5) for i in range(8))
    ]
    return [Circle(cx, cy, r, style=Style(fill=colour)), *rays]


def _volcano(colour: str, outline: str, accent: str) -> list[Item]:
    """A mountain blowing its top: a burst of fire, flying lava bombs and two lava flows."""
    burst = [(x, -0.6 + y * 0.85) for x, y in star(0.0, 0.0, 0.4, 0.2, 8)]  # squat: the blast spreads sideways
    bombs = ((-0.62, -0.78, 0.08), (0.58, -0.86, 0.07), (0.74, -0.52, 0.06), (-0.8, -0.46, 0.06))
    return [
        Polygon(tuple(burst), style=Style(fill=accent)),
        *(Circle(x, y, r, style=Style(fill=accent)) for x, y, r in bombs),
        Polygon(
            ((-0.98, 0.9), (-0.32, -0.3), (-0.16, -0.22), (0.0, -0.32), (0.16, -0.22), (0.32, -0.3), (0.98, 0.9)),
            style=Style(fill=colour, stroke=outline, width=0.08),
        ),
        Path(
            (
                ("M", -0.16, -0.24),
                ("C", -0.2, 0.0, -0.36, 0.15, -0.32, 0.48),
                ("L", -0.18, 0.48),
                ("C", -0.2, 0.2, -0.04, 0.02, 0.0, -0.28),
                ("Z",),
            ),
            style=Style(fill=accent),
        ),
        Path(
            (
                ("M", 0.06, -0.28),
                ("C", 0.14, 0.0, 0.3, 0.22, 0.24, 0.66),
                ("L", 0.38, 0.66),
                ("C", 0.42, 0.26, 0.24, 0.0, 0.16, -0.22),
                ("Z",),
            ),
            style=Style(fill=accent),
        ),
    ]


def _fog(colour: str, outline: str, accent: str) -> list[Item]:
    """A low cloud trailing banks of mist."""
    banks = ((-0.92, 0.12, 1.3), (-0.5, 0.42, 1.42), (-0.96, 0.72, 1.1), (0.3, 0.72, 0.6))
    return [
        *_cloud(colour, outline, 0.02),
        *(Rect(x, y, w, 0.18, style=Style(fill=accent), radius=0.09) for x, y, w in banks),
    ]


def _upheaval(colour: str, outline: str, accent: str) -> list[Item]:
    """The ground splits and one side heaves up; an arrow above swaps them."""
    left = ((-0.95, 0.15), (-0.12, 0.15), (0.0, 0.35), (-0.15, 0.55), (-0.02, 0.92), (-0.95, 0.92))
    right = ((0.0, -0.05), (0.95, -0.05), (0.95, 0.72), (0.1, 0.72), (-0.03, 0.35), (0.12, 0.15))
    slab = Style(fill=colour, stroke=outline, width=0.06)
    grass = Style(fill=accent)
    swap = Style(stroke=colour, width=0.13)
    start, end = 212.0, 328.0
    cx, cy, r = 0.0, 0.12, 0.78
    return [
        Polygon(left, style=slab),
        Polygon(right, style=slab),
        Polygon(((-0.95, 0.15), (-0.12, 0.15), (-0.06, 0.27), (-0.95, 0.27)), style=grass),
        Polygon(((0.0, -0.05), (0.95, -0.05), (0.95, 0.07), (0.06, 0.07)), style=grass),
        Path(arc(cx, cy, r, start + 8, end - 8), style=swap),
        Polygon(_arc_tip(cx, cy, r, end, 1), style=Style(fill=colour)),
        Polygon(_arc_tip(cx, cy, r, start, -1), style=Style(fill=colour)),
    ]


def _arc_tip(
    cx: float, cy: float, r: float, angle: float, turn: int, size: float = 0.3, tilt: float = 12.0
) -> tuple[tuple[float, float], ...]:
    """An arrowhead at `angle` on a circle, pointing along it (clockwise for turn 1, anticlockwise for -1);
    `tilt` degrees inward, so the head at the end of an arc follows the curve."""
    a = math.radians(angle)
    heading = angle + (90 - tilt) * turn
    return arrowhead(cx + r * math.cos(a), cy + r * math.sin(a), heading, size)


def _storm(colour: str, outline: str, accent: str) -> list[Item]:
    """A thundercloud with a lightning bolt and driving rain."""
    rain = ((-0.62, 0.14, -0.78, 0.46), (-0.5, 0.56, -0.66, 0.88), (0.56, 0.14, 0.4, 0.46), (0.74, 0.48, 0.58, 0.8))
    return [
        *_cloud(colour, outline, -0.02),
        *(Line(x1, y1, x2, y2, style=Style(stroke=colour, width=0.11)) for x1, y1, x2, y2 in rain),
        Polygon(
            ((0.06, -0.14), (-0.32, 0.46), (-0.06, 0.46), (-0.22, 0.98), (0.36, 0.24), (0.09, 0.24), (0.28, -0.14)),
            style=Style(fill=accent, stroke=outline, width=0.06),
        ),
    ]


def _rampage(colour: str, outline: str, accent: str) -> list[Item]:
    """The four elements whirled round a burst on a turning ring: every hand is dealt again."""
    ring = 0.68
    items: list[Item] = [Path(arc(0.0, 0.0, ring, 0, 360) + (("Z",),), style=Style(stroke=accent, width=0.07))]
    for i in range(4):
        items.append(Polygon(_arc_tip(0.0, 0.0, ring, -45 + 90 * i + 8, 1, 0.24, 4.0), style=Style(fill=accent)))
    for i, name in enumerate(("flame", "swirl", "drop", "mountain")):
        a = math.radians(-90 + 90 * i)
        items.append(element_icon(name, ring * math.cos(a), ring * math.sin(a), 0.28, colour, outline))
    items.append(Polygon(star(0.0, 0.0, 0.36, 0.16, 8), style=Style(fill=accent)))
    return items


def _blessing(colour: str, outline: str, accent: str) -> list[Item]:
    """A sprout rising from a mound of rich soil under the sun."""
    return [
        *_sun(-0.5, -0.52, 0.26, accent),
        Path((("M", -0.96, 0.94), ("C", -0.7, 0.42, 0.7, 0.42, 0.96, 0.94), ("Z",)), style=Style(fill=accent)),
        Path(
            (
                ("M", 0.0, 0.2),
                ("C", -0.25, -0.1, -0.6, -0.06, -0.74, 0.14),
                ("C", -0.5, 0.34, -0.2, 0.34, 0.0, 0.2),
                ("Z",),
            ),
            style=Style(fill=colour),
        ),
        Path(
            (
                ("M", 0.0, -0.02),
                ("C", 0.14, -0.42, 0.56, -0.56, 0.8, -0.42),
                ("C", 0.64, -0.06, 0.26, 0.06, 0.0, -0.02),
                ("Z",),
            ),
            style=Style(fill=colour),
        ),
        Path((("M", 0.0, 0.66), ("C", 0.02, 0.3, -0.02, 0.1, 0.0, -0.06)), style=Style(stroke=colour, width=0.12)),
    ]


def _depletion(colour: str, outline: str, accent: str) -> list[Item]:
    """A wilted plant on cracked, parched ground under a hard sun."""
    cracks = (
        ("M", -0.52, 0.4),
        ("L", -0.4, 0.58),
        ("L", -0.56, 0.74),
        ("L", -0.46, 0.92),
        ("M", 0.34, 0.4),
        ("L", 0.22, 0.56),
        ("L", 0.38, 0.72),
        ("M", 0.38, 0.72),
        ("L", 0.7, 0.8),
        ("M", -0.4, 0.58),
        ("L", -0.1, 0.66),
    )
    return [
        *_sun(0.52, -0.56, 0.26, accent),
        Rect(-0.96, 0.38, 1.92, 0.56, style=Style(fill=colour), radius=0.08),
        Path(cracks, style=Style(stroke=outline, width=0.07)),
        Path(
            (
                ("M", -0.12, 0.4),
                ("C", -0.14, 0.02, -0.1, -0.32, 0.1, -0.4),
                ("C", 0.26, -0.44, 0.34, -0.3, 0.32, -0.12),
            ),
            style=Style(stroke=colour, width=0.1),
        ),
        Path(
            (
                ("M", 0.32, -0.14),
                ("C", 0.48, -0.02, 0.5, 0.16, 0.38, 0.28),
                ("C", 0.24, 0.14, 0.24, -0.02, 0.32, -0.14),
                ("Z",),
            ),
            style=Style(fill=colour),
        ),
        Path(
            (
                ("M", -0.12, 0.1),
                ("C", -0.32, 0.02, -0.5, 0.1, -0.58, 0.28),
                ("C", -0.38, 0.32, -0.2, 0.26, -0.12, 0.1),
                ("Z",),
            ),
            style=Style(fill=colour),
        ),
    ]


Drawing = Callable[[str, str, str], list[Item]]
SHIFT_ICONS: dict[str, Drawing] = {
    "volcano": _volcano,
    "fog": _fog,
    "upheaval": _upheaval,
    "storm": _storm,
    "rampage": _rampage,
    "blessing": _blessing,
    "depletion": _depletion,
}
"""Every shift picture by name: the names `events[].icon` may take."""

PALETTES: dict[str, Palette] = {
    "volcano": Palette("#fbe2d5", "#5a2e24", "#e8581f"),
    "fog": Palette("#e4e9ef", "#7b8798", "#a7b3c2"),
    "upheaval": Palette("#f1e6d6", "#8a5a33", "#5f9a3c"),
    "storm": Palette("#dde4f0", "#46567a", "#f0bb22"),
    "rampage": Palette("#ece0f1", "#5e3a82", "#d5902a"),
    "blessing": Palette("#e6f1da", "#3f8a34", "#d9a21f"),
    "depletion": Palette("#f5e5cc", "#86643f", "#d7642a"),
}
"""Each picture's colours on a card."""


def palette(name: str) -> Palette:
    return PALETTES[name]


def shift_icon(name: str, cx: float, cy: float, radius: float, colours: Palette | None = None) -> Group:
    """The picture `name` centred at (cx, cy), `radius` mm from centre to the edge of its box, in its own
    palette unless `colours` is given (its ground is the colour edges and cut-outs are drawn in)."""
    colours = colours or PALETTES[name]
    body = SHIFT_ICONS[name](colours.main, colours.ground, colours.accent)
    return Group(tuple(body), dx=cx, dy=cy, scale=radius, role="icon", name=name)


def shift_panel(name: str, box: Box, cx: float) -> list[Item]:
    """A shift card's art panel: the picture's ground filling `box`, and the picture large on it, centred on `cx`
    and raised clear of the duration badge on the panel's lower edge."""
    colours = palette(name)
    return [
        Rect(box.x, box.y, box.w, box.h, style=Style(fill=colours.ground), radius=2.5, role="art"),
        shift_icon(name, cx, box.y + box.h / 2 - 1.0, box.h / 2 - 3.0),
    ]
