"""Wizard's Element Collection's drawings: the element emblems, the four action badges (Move, Call, Self,
Reflect), the magic circle on the card backs, the rune in the board's card slots and the wizard's hat.

Each is drawn in a unit box (-1..1) and scaled into place, like the other icons here; the flame is the
element icons' (elements.py). Kept apart from the game module, which assembles the printables.
"""

from __future__ import annotations

import math

from ..colour import WHITE
from ..scene import Circle, Group, Item, Line, Path, Polygon, Rect, Style
from .elements import flame_core_path, flame_path, mountain_points, snowcap_points, swirl_path
from .paths import arc, star

PANEL = "#fffaf0"
"""The cards' cream panel: an emblem's cut-outs show it."""
GOLD = "#c9a24a"
GHOST = "#e4ddcf"
GHOST_INK = "#b9b0a0"
ICON_COLOURS = {"move": "#2f7a55", "call": "#b23a2f", "self": "#2f5fa8", "reflect": "#7a4fa0"}


def emblem(name: str, cx: float, cy: float, radius: float, colour: str, paper: str = PANEL) -> Group:
    """An element's emblem, centred at (cx, cy), `radius` mm from centre to the edge of its box."""
    fill = Style(fill=colour)
    light = Style(fill=paper, opacity=0.85)
    body: list[Item] = []
    if name == "heart":
        body = [
            Path(
                (
                    ("M", 0.0, 0.88),
                    ("C", -0.95, 0.2, -1.0, -0.5, -0.55, -0.78),
                    ("C", -0.25, -0.96, 0.0, -0.72, 0.0, -0.45),
                    ("C", 0.0, -0.72, 0.25, -0.96, 0.55, -0.78),
                    ("C", 1.0, -0.5, 0.95, 0.2, 0.0, 0.88),
                    ("Z",),
                ),
                style=fill,
            ),
            Path(
                (("M", -0.55, -0.45), ("C", -0.55, -0.6, -0.4, -0.68, -0.3, -0.64)),
                style=Style(stroke=paper, width=0.1, opacity=0.85),
            ),
        ]
    elif name == "wind":
        body = [Path(swirl_path(), style=Style(stroke=colour, width=0.17))]
    elif name == "earth":
        body = [
            Polygon(mountain_points(), style=fill),
            Polygon(snowcap_points(), style=light),
            Polygon(((-0.35, -0.45), (-0.2, -0.23), (-0.35, -0.29), (-0.48, -0.19)), style=light),  # the left peak's
        ]
    elif name == "grass":
        body = [
            Path((("M", 0.0, 0.95), ("C", 0.02, 0.5, -0.02, 0.2, 0.04, -0.15)), style=Style(stroke=colour, width=0.13)),
            Path(
                (
                    ("M", 0.02, 0.3),
                    ("C", -0.2, -0.25, -0.65, -0.38, -0.9, -0.28),
                    ("C", -0.78, 0.18, -0.38, 0.4, 0.02, 0.3),
                    ("Z",),
                ),
                style=fill,
            ),
            Path(
                (
                    ("M", 0.04, -0.05),
                    ("C", 0.18, -0.6, 0.6, -0.9, 0.92, -0.84),
                    ("C", 0.86, -0.32, 0.5, 0.04, 0.04, -0.05),
                    ("Z",),
                ),
                style=fill,
            ),
            Path(
                (("M", 0.12, -0.12), ("C", 0.35, -0.42, 0.55, -0.6, 0.78, -0.72)),
                style=Style(stroke=paper, width=0.06, opacity=0.85),
            ),
        ]
    elif name == "light":
        rays: list[Item] = []
        for i in range(12):
            a = math.radians(i * 30)
            b1, b2 = math.radians(i * 30 - 9), math.radians(i * 30 + 9)
            outer = 1.0 if i % 2 == 0 else 0.82
            rays.append(
                Polygon(
                    (
                        (0.6 * math.cos(b1), 0.6 * math.sin(b1)),
                        (outer * math.cos(a), outer * math.sin(a)),
                        (0.6 * math.cos(b2), 0.6 * math.sin(b2)),
                    ),
                    style=fill,
                )
            )
        body = rays + [Circle(0, 0, 0.5, style=fill), Circle(0, 0, 0.3, style=light)]
    elif name == "dark":
        body = [
            Circle(0.0, 0.05, 0.82, style=fill),
            Circle(0.36, -0.2, 0.68, style=Style(fill=paper)),
            Polygon(star(0.55, 0.38, 0.2, 0.08, 4), style=fill),
            Polygon(star(0.75, -0.62, 0.12, 0.05, 4), style=fill),
        ]
    elif name == "void":
        body = [
            Path(arc(0, 0, 0.78, 55, 355), style=Style(stroke=colour, width=0.2)),
            Circle(0.78 * math.cos(math.radians(55)), 0.78 * math.sin(math.radians(55)), 0.1, style=fill),
        ]
    elif name == "evil":
        body = [
            Polygon(((-0.62, -0.2), (-0.9, -0.98), (-0.3, -0.42)), style=fill),
            Polygon(((0.62, -0.2), (0.9, -0.98), (0.3, -0.42)), style=fill),
            Path(
                (
                    ("M", -0.98, 0.12),
                    ("C", -0.5, -0.48, 0.5, -0.48, 0.98, 0.12),
                    ("C", 0.5, 0.66, -0.5, 0.66, -0.98, 0.12),
                    ("Z",),
                ),
                style=fill,
            ),
            Path(
                (
                    ("M", -0.62, 0.12),
                    ("C", -0.3, -0.2, 0.3, -0.2, 0.62, 0.12),
                    ("C", 0.3, 0.42, -0.3, 0.42, -0.62, 0.12),
                    ("Z",),
                ),
                style=Style(fill=paper),
            ),
            Path(
                (
                    ("M", 0.0, -0.22),
                    ("C", 0.16, -0.02, 0.16, 0.26, 0.0, 0.46),
                    ("C", -0.16, 0.26, -0.16, -0.02, 0.0, -0.22),
                    ("Z",),
                ),
                style=fill,
            ),
        ]
    elif name == "water":
        body = [
            Path(
                (
                    ("M", 0.0, -1.0),
                    ("C", 0.3, -0.5, 0.74, -0.1, 0.74, 0.32),
                    ("C", 0.74, 0.74, 0.4, 1.0, 0.0, 1.0),
                    ("C", -0.4, 1.0, -0.74, 0.74, -0.74, 0.32),
                    ("C", -0.74, -0.1, -0.3, -0.5, 0.0, -1.0),
                    ("Z",),
                ),
                style=fill,
            ),
            Path(
                (("M", -0.4, 0.3), ("C", -0.4, 0.56, -0.24, 0.72, -0.05, 0.74)),
                style=Style(stroke=paper, width=0.12, opacity=0.85),
            ),
        ]
    elif name == "ice":
        ops: list[tuple] = []
        for i in range(6):
            a = math.radians(i * 60 - 90)
            ux, uy = math.cos(a), math.sin(a)
            ops += [("M", 0.0, 0.0), ("L", 0.95 * ux, 0.95 * uy)]
            for k, reach in ((0.5, 0.3), (0.75, 0.2)):
                bx, by = k * ux, k * uy
                for turn in (-1, 1):
                    b = a + turn * math.radians(45)
                    ops += [("M", bx, by), ("L", bx + reach * math.cos(b), by + reach * math.sin(b))]
        body = [Path(tuple(ops), style=Style(stroke=colour, width=0.12)), Circle(0, 0, 0.14, style=fill)]
    elif name == "flame":
        body = [Path(flame_path(), style=fill), Path(flame_core_path(), style=light)]
    elif name == "copper":
        body = [
            Circle(0, 0, 0.92, style=fill),
            Circle(0, 0, 0.74, style=Style(stroke=paper, width=0.07, opacity=0.85)),
            Rect(-0.24, -0.24, 0.48, 0.48, style=Style(fill=paper)),
            Rect(-0.36, -0.36, 0.72, 0.72, style=Style(stroke=paper, width=0.05, opacity=0.85)),
        ]
    return Group(tuple(body), dx=cx, dy=cy, scale=radius, role="emblem", name=name)


def action_icon(name: str, cx: float, cy: float, radius: float, active: bool = True) -> Group:
    """A round badge with the action's glyph: Move (an arrow), Call (a target), Self (a figure in a loop), Reflect (a shield)."""
    bg = ICON_COLOURS[name] if active else GHOST
    ink = WHITE if active else GHOST_INK
    body: list[Item] = [Circle(0, 0, 1.0, style=Style(fill=bg))]
    thin = Style(stroke=ink, width=0.13)
    if name == "move":
        body += [
            Line(-0.5, 0.0, 0.22, 0.0, style=Style(stroke=ink, width=0.2)),
            Polygon(((0.66, 0.0), (0.16, -0.38), (0.16, 0.38)), style=Style(fill=ink)),
            Line(-0.72, -0.34, -0.38, -0.34, style=thin),
            Line(-0.72, 0.34, -0.38, 0.34, style=thin),
        ]
    elif name == "call":
        body += [
            Circle(0, 0, 0.46, style=thin),
            Circle(0, 0, 0.12, style=Style(fill=ink)),
            Line(0, -0.76, 0, -0.26, style=thin),
            Line(0, 0.26, 0, 0.76, style=thin),
            Line(-0.76, 0, -0.26, 0, style=thin),
            Line(0.26, 0, 0.76, 0, style=thin),
        ]
    elif name == "self":
        body += [
            Circle(0, -0.2, 0.2, style=Style(fill=ink)),
            Path((("M", -0.34, 0.42), ("C", -0.34, 0.0, 0.34, 0.0, 0.34, 0.42), ("Z",)), style=Style(fill=ink)),
            Path(arc(0, 0.0, 0.68, 200, 480), style=Style(stroke=ink, width=0.1)),
        ]
        # the loop ends at 120° with an arrowhead
        ex, ey = 0.68 * math.cos(math.radians(120)), 0.68 * math.sin(math.radians(120))
        body.append(
            Polygon(((ex - 0.16, ey - 0.02), (ex + 0.12, ey - 0.2), (ex + 0.1, ey + 0.14)), style=Style(fill=ink))
        )
    elif name == "reflect":
        body += [
            Path(
                (
                    ("M", 0.0, -0.7),
                    ("L", 0.56, -0.46),
                    ("L", 0.5, 0.14),
                    ("C", 0.42, 0.46, 0.18, 0.64, 0.0, 0.74),
                    ("C", -0.18, 0.64, -0.42, 0.46, -0.5, 0.14),
                    ("L", -0.56, -0.46),
                    ("Z",),
                ),
                style=Style(fill=ink),
            ),
            Path((("M", -0.26, -0.3), ("L", 0.0, 0.12), ("L", 0.26, -0.3)), style=Style(stroke=bg, width=0.11)),
            Polygon(((0.36, -0.44), (0.16, -0.32), (0.34, -0.2)), style=Style(fill=bg)),
        ]
    return Group(tuple(body), dx=cx, dy=cy, scale=radius, role="action-icon", name=name if active else f"{name}-off")


def magic_circle(x: float, y: float, w: float, h: float, fill: str) -> list[Item]:
    """The back's ornament in the box: rings round a hexagram, twelve studs, a star at the centre and in each corner."""
    cx, cy = x + w / 2, y + h / 2
    r = min(w, h) / 2 - 1.0
    ring = r * 0.9
    thin = Style(stroke=GOLD, width=0.25)
    items: list[Item] = [
        Circle(cx, cy, r, style=Style(stroke=GOLD, width=0.5)),
        Circle(cx, cy, ring, style=thin),
        Circle(cx, cy, r * 0.56, style=thin),
        *hexagram(cx, cy, ring, Style(stroke=GOLD, width=0.4)),
    ]
    stud = (r + ring) / 2
    for k in range(12):
        a = math.radians(k * 30)
        items.append(Circle(cx + stud * math.cos(a), cy + stud * math.sin(a), 0.6, style=Style(fill=GOLD)))
    for sx in (x + 2.2, x + w - 2.2):
        for sy in (y + 2.2, y + h - 2.2):
            items.append(Polygon(star(sx, sy, 2.2, 0.8, 4), style=Style(fill=GOLD, opacity=0.8)))
    items.append(Circle(cx, cy, r * 0.48, style=Style(fill=fill, stroke=GOLD, width=0.4)))
    items.append(Polygon(star(cx, cy, r * 0.3, r * 0.11, 4), style=Style(fill=GOLD)))
    return items


def hexagram(cx: float, cy: float, r: float, style: Style) -> list[Item]:
    """Two triangles, point up and point down, in a circle of radius `r`."""
    return [
        Polygon(
            tuple(
                (
                    cx + r * math.cos(math.radians(rotation + k * 120)),
                    cy + r * math.sin(math.radians(rotation + k * 120)),
                )
                for k in range(3)
            ),
            style=style,
        )
        for rotation in (-90, 90)
    ]


def rune() -> list[Item]:
    """A faint rune in each card slot, so the field reads as a field when it is empty."""
    return [
        Circle(0, 0, 14, style=Style(stroke="#d8c99f", width=0.5)),
        Circle(0, 0, 11.5, style=Style(stroke="#d8c99f", width=0.25)),
        *hexagram(0, 0, 11.5, Style(stroke="#d8c99f", width=0.3)),
    ]


def hat(cx: float, cy: float, colour: str, ink: str, scale: float = 7.0) -> Group:
    body: list[Item] = [
        Polygon(((-0.2, -0.95), (0.55, 0.45), (-0.55, 0.45)), style=Style(fill=ink, opacity=0.9)),
        Path(
            (
                ("M", -0.95, 0.5),
                ("C", -0.5, 0.3, 0.5, 0.3, 0.95, 0.5),
                ("C", 0.5, 0.72, -0.5, 0.72, -0.95, 0.5),
                ("Z",),
            ),
            style=Style(fill=ink, opacity=0.9),
        ),
        Polygon(star(0.05, -0.05, 0.16, 0.07, 4), style=Style(fill=colour)),
    ]
    return Group(tuple(body), dx=cx, dy=cy, scale=scale, role="hat")
