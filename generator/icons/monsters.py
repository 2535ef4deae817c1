"""Dice Battle Monsters' own pictures: one vector drawing per card (`art`), the die faces and emblems its cards,
backs, mat and tokens carry. Kept out of the game's layout module, which only assembles them."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ..colour import WHITE
from ..layouts.templates import PIPS
from ..scene import Circle, Group, Item, Path, Polygon, Rect, Style
from . import icon
from .paths import ellipse


def _star(
    cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45, turn: float = -90
) -> tuple[tuple[float, float], ...]:
    out = []
    for i in range(points * 2):
        radius = r if i % 2 == 0 else r * inner
        a = math.radians(turn + i * 180 / points)
        out.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return tuple(out)


def _sparkles(
    x: float, y: float, w: float, h: float, colour: str, spots: tuple[tuple[float, float, float], ...]
) -> list[Item]:
    return [Polygon(_star(x + fx * w, y + fy * h, r, 4, 0.35), style=Style(fill=colour)) for fx, fy, r in spots]


def _u(items: Sequence[Item], cx: float, cy: float, s: float) -> Group:
    """Art drawn in a unit box (-1..1, y down) placed at (cx, cy), `s` mm per unit."""
    return Group(tuple(items), dx=cx, dy=cy, scale=s)


Emblem = Callable[[float, float, float, float, float, float, float], list[Item]]
"""(x, y, w, h of the art box, its centre cx, cy, and s mm per unit) → the picture's emblem."""
Painter = tuple[str, str, Emblem]
"""A picture: its backdrop colour, the colour of its horizon strip, and its emblem."""


def art(key: str, x: float, y: float, w: float, h: float) -> list[Item]:
    """The picture in a card's art box: a backdrop and a centred emblem."""
    painter = ART.get(key)
    if painter is None:
        return [Rect(x, y, w, h, style=Style(fill="#ece6da"))]
    backdrop, horizon, emblem = painter()
    items: list[Item] = [Rect(x, y, w, h, style=Style(fill=backdrop))]
    if horizon:
        items.append(Rect(x, y + h * 0.72, w, h * 0.28, style=Style(fill=horizon)))
    cx, cy, s = x + w / 2, y + h / 2, h * 0.42
    items += emblem(x, y, w, h, cx, cy, s)
    return items


def _art_flame() -> Painter:
    def draw(x: float, y: float, w: float, h: float, cx: float, cy: float, s: float) -> list[Item]:
        hat: list[Item] = [
            Polygon(((-0.95, 0.62), (0.0, -1.0), (0.38, 0.2), (0.95, 0.62)), style=Style(fill="#3a2a4a")),
            Path(ellipse(0.0, 0.66, 1.25, 0.22), style=Style(fill="#3a2a4a")),
            Rect(-0.62, 0.3, 1.24, 0.2, style=Style(fill="#d9462f")),
        ]
        return _sparkles(
            x, y, w, h, "#f4a13a", ((0.14, 0.3, 1.4), (0.86, 0.26, 1.2), (0.78, 0.7, 0.9), (0.22, 0.72, 1.0))
        ) + [
            _u(hat, cx - s * 0.75, cy + s * 0.05, s * 0.95),
            icon("flame", cx + s * 1.05, cy - s * 0.05, s * 0.82, "#e2572c", "#ffd27a"),
        ]

    return "#fbe4c9", "#f3cfa6", draw


def _art_snow() -> Painter:
    def draw(x: float, y: float, w: float, h: float, cx: float, cy: float, s: float) -> list[Item]:
        arms: list[tuple] = []
        for k in range(6):
            a = math.radians(k * 60 - 90)
            ex, ey = math.cos(a), math.sin(a)
            arms += [("M", 0.0, 0.0), ("L", ex, ey)]
            for f in (0.45, 0.72):
                bx, by = ex * f, ey * f
                for turn in (-50, 50):
                    b = a + math.radians(180 + turn)
                    arms += [("M", bx, by), ("L", bx + 0.28 * math.cos(b) * -1, by + 0.28 * math.sin(b) * -1)]
        flake: list[Item] = [
            Path(tuple(arms), style=Style(stroke=WHITE, width=0.22)),
            Path(tuple(arms), style=Style(stroke="#3f8fcf", width=0.1)),
            Polygon(_star(0, 0, 0.2, 6, 0.6), style=Style(fill="#3f8fcf")),
        ]
        return _sparkles(
            x, y, w, h, WHITE, ((0.15, 0.3, 1.3), (0.85, 0.35, 1.5), (0.3, 0.78, 0.9), (0.72, 0.8, 1.1))
        ) + [_u(flake, cx, cy, s * 1.05)]

    return "#d8ecfa", "#bcdcf3", draw


def _art_sword() -> Painter:
    def draw(x: float, y: float, w: float, h: float, cx: float, cy: float, s: float) -> list[Item]:
        shield: list[Item] = [
            Path(
                (
                    ("M", -0.85, -0.85),
                    ("L", 0.85, -0.85),
                    ("L", 0.85, 0.1),
                    ("C", 0.85, 0.6, 0.4, 0.9, 0.0, 1.05),
                    ("C", -0.4, 0.9, -0.85, 0.6, -0.85, 0.1),
                    ("Z",),
                ),
                style=Style(fill="#2f5d8a", stroke="#e9d7a4", width=0.1),
            ),
            Rect(-0.12, -0.7, 0.24, 1.5, style=Style(fill="#e9d7a4")),
            Rect(-0.65, -0.3, 1.3, 0.22, style=Style(fill="#e9d7a4")),
        ]
        sword: list[Item] = [
            Polygon(
                ((-0.09, -1.0), (0.09, -1.0), (0.09, 0.45), (0.0, 0.62), (-0.09, 0.45)),
                style=Style(fill="#dfe4ea", stroke="#6a7380", width=0.04),
            ),
            Rect(-0.42, 0.45, 0.84, 0.12, style=Style(fill="#8a5a2b")),
            Rect(-0.06, 0.57, 0.12, 0.32, style=Style(fill="#5a3a1b")),
            Circle(0, 0.95, 0.09, style=Style(fill="#c9a34a")),
        ]
        return [
            _u(shield, cx - s * 0.55, cy, s * 0.9),
            Group((_u(sword, 0, 0, s * 1.05),), dx=cx + s * 0.55, dy=cy + s * 0.05, rotate=180),
        ]

    return "#efe6d6", "#e0d3bb", draw


def _art_sun() -> Painter:
    def draw(x: float, y: float, w: float, h: float, cx: float, cy: float, s: float) -> list[Item]:
        rays: list[Item] = [
            Polygon(_star(0, 0, 1.0, 12, 0.62), style=Style(fill="#f2b630")),
            Circle(0, 0, 0.55, style=Style(fill="#ffe07a", stroke=WHITE, width=0.08)),
            Circle(0, 0, 0.33, style=Style(fill=WHITE, opacity=0.7)),
        ]
        torii: list[Item] = [
            Rect(-1.0, -0.62, 2.0, 0.16, style=Style(fill="#c23b22")),
            Rect(-0.8, -0.36, 1.6, 0.1, style=Style(fill="#c23b22")),
            Rect(-0.66, -0.5, 0.14, 1.5, style=Style(fill="#c23b22")),
            Rect(0.52, -0.5, 0.14, 1.5, style=Style(fill="#c23b22")),
        ]
        return [
            _u(rays, cx, cy - s * 0.05, s * 1.0),
            _u(torii, cx + s * 1.9, cy + s * 0.35, s * 0.6),
            _u(torii, cx - s * 1.9, cy + s * 0.35, s * 0.6),
        ]

    return "#fdf1c9", "#f5dd98", draw


def _art_crystal() -> Painter:
    def draw(x: float, y: float, w: float, h: float, cx: float, cy: float, s: float) -> list[Item]:
        ball: list[Item] = [
            Polygon(((-0.55, 1.0), (0.55, 1.0), (0.35, 0.7), (-0.35, 0.7)), style=Style(fill="#7a4e2a")),
            Circle(0, -0.05, 0.78, style=Style(fill="#9d7fd6", stroke=WHITE, width=0.06)),
            Path(ellipse(-0.25, -0.35, 0.22, 0.14), style=Style(fill=WHITE, opacity=0.75)),
            Polygon(_star(0.15, 0.05, 0.28, 4, 0.35), style=Style(fill="#f3e9ff")),
        ]
        return _sparkles(
            x,
            y,
            w,
            h,
            "#8a6cc6",
            ((0.18, 0.28, 1.4), (0.82, 0.3, 1.2), (0.28, 0.7, 0.9), (0.74, 0.72, 1.0), (0.1, 0.55, 0.7)),
        ) + [_u(ball, cx, cy, s * 1.05)]

    return "#ece3f8", "#dccdf0", draw


def _art_mask() -> Painter:
    def draw(x: float, y: float, w: float, h: float, cx: float, cy: float, s: float) -> list[Item]:
        horn = Style(fill="#f1e2b4", stroke="#9a7a4a", width=0.04)
        mask: list[Item] = [
            Polygon(((-0.62, -0.45), (-0.86, -1.18), (-0.22, -0.72)), style=horn),
            Polygon(((0.62, -0.45), (0.86, -1.18), (0.22, -0.72)), style=horn),
            Path(ellipse(0, 0.05, 0.82, 0.92), style=Style(fill="#c8322e", stroke="#7a1a18", width=0.06)),
            Polygon(((-0.55, -0.25), (-0.15, -0.12), (-0.5, -0.02)), style=Style(fill="#ffe27a")),
            Polygon(((0.55, -0.25), (0.15, -0.12), (0.5, -0.02)), style=Style(fill="#ffe27a")),
            Path(
                (
                    ("M", -0.45, 0.42),
                    ("C", -0.2, 0.62, 0.2, 0.62, 0.45, 0.42),
                    ("L", 0.3, 0.5),
                    ("L", 0.15, 0.38),
                    ("L", 0.0, 0.5),
                    ("L", -0.15, 0.38),
                    ("L", -0.3, 0.5),
                    ("Z",),
                ),
                style=Style(fill="#fff6e0"),
            ),
            Path((("M", -0.6, -0.42), ("L", -0.15, -0.3)), style=Style(stroke="#3a1010", width=0.08)),
            Path((("M", 0.6, -0.42), ("L", 0.15, -0.3)), style=Style(stroke="#3a1010", width=0.08)),
        ]
        arrows: list[Item] = [
            Path(
                (("M", -1.0, 0), ("L", 1.0, 0), ("M", 0.6, -0.35), ("L", 1.0, 0), ("L", 0.6, 0.35)),
                style=Style(stroke="#b98c8c", width=0.16),
            )
        ]
        return [
            _u(arrows, cx - s * 2.1, cy, s * 0.5),
            Group((_u(arrows, 0, 0, s * 0.5),), dx=cx + s * 2.1, dy=cy, rotate=180),
            _u(mask, cx, cy + s * 0.1, s * 0.95),
        ]

    return "#f7dede", "#eec6c6", draw


def _art_dagger() -> Painter:
    def draw(x: float, y: float, w: float, h: float, cx: float, cy: float, s: float) -> list[Item]:
        coins: list[Item] = [
            Circle(dx, dy, 0.34, style=Style(fill="#e8b73a", stroke="#a87b12", width=0.06))
            for dx, dy in ((-0.9, 0.55), (-0.45, 0.72), (-0.68, 0.3))
        ]
        bag: list[Item] = [
            Path(
                (
                    ("M", -0.5, -0.4),
                    ("C", -1.0, 0.2, -0.9, 0.9, 0.0, 0.9),
                    ("C", 0.9, 0.9, 1.0, 0.2, 0.5, -0.4),
                    ("L", 0.3, -0.62),
                    ("L", -0.3, -0.62),
                    ("Z",),
                ),
                style=Style(fill="#8a6a3c", stroke="#5a4020", width=0.06),
            ),
            Rect(-0.38, -0.58, 0.76, 0.12, style=Style(fill="#d9b25a")),
        ]
        dagger: list[Item] = [
            Polygon(
                ((-0.1, -1.0), (0.1, -1.0), (0.12, 0.3), (0.0, 0.55), (-0.12, 0.3)),
                style=Style(fill="#e4e8ec", stroke="#6a7380", width=0.04),
            ),
            Rect(-0.35, -1.08, 0.7, 0.12, style=Style(fill="#4d6a2c")),
            Rect(-0.07, -1.45, 0.14, 0.38, style=Style(fill="#3a2a1a")),
        ]
        return [
            _u(coins, cx - s * 0.9, cy + s * 0.2, s * 0.7),
            _u(bag, cx - s * 0.2, cy + s * 0.1, s * 0.85),
            Group((_u(dagger, 0, 0, s * 0.9),), dx=cx + s * 1.2, dy=cy + s * 0.1, rotate=200),
        ]

    return "#e4eddb", "#cfdcbf", draw


def _art_flower() -> Painter:
    def draw(x: float, y: float, w: float, h: float, cx: float, cy: float, s: float) -> list[Item]:
        petals: list[Item] = []
        for k in range(10):
            petals.append(
                Group(
                    (Path(ellipse(0, -0.55, 0.18, 0.42), style=Style(fill=WHITE, stroke="#c9d6b8", width=0.04)),),
                    rotate=k * 36,
                )
            )
        flower = petals + [Circle(0, 0, 0.28, style=Style(fill="#f2c230", stroke="#c7931a", width=0.05))]
        trees: list[Item] = []
        for fx, scale in ((0.1, 1.0), (0.22, 0.8), (0.8, 0.9), (0.92, 1.1)):
            tx, ty = x + fx * w, y + h * 0.78
            trees.append(
                Polygon(
                    ((tx - 3.2 * scale, ty), (tx, ty - 9.5 * scale), (tx + 3.2 * scale, ty)),
                    style=Style(fill="#5f8d4e"),
                )
            )
        return trees + [_u(flower, cx, cy - s * 0.05, s * 0.98)]

    return "#e4f1dc", "#c7e0b6", draw


def _art_slime() -> Painter:
    def draw(x: float, y: float, w: float, h: float, cx: float, cy: float, s: float) -> list[Item]:
        blob: list[Item] = [
            Path(
                (
                    ("M", -1.0, 0.8),
                    ("C", -1.05, 0.1, -0.6, -0.2, -0.35, -0.55),
                    ("C", -0.15, -0.85, 0.0, -1.05, 0.05, -1.0),
                    ("C", 0.2, -0.6, 0.95, -0.3, 1.0, 0.8),
                    ("Z",),
                ),
                style=Style(fill="#56b8a6", stroke="#2d7d6f", width=0.06),
            ),
            Path(ellipse(-0.45, -0.05, 0.16, 0.12), style=Style(fill=WHITE, opacity=0.8)),
            Circle(-0.28, 0.25, 0.12, style=Style(fill="#183d37")),
            Circle(0.3, 0.25, 0.12, style=Style(fill="#183d37")),
            Path(
                (("M", -0.18, 0.5), ("C", -0.05, 0.62, 0.1, 0.62, 0.2, 0.5)), style=Style(stroke="#183d37", width=0.07)
            ),
        ]
        drops: list[Item] = [Path(ellipse(0, 0, 0.3, 0.24), style=Style(fill="#56b8a6", opacity=0.7))]
        return [
            _u(drops, cx - s * 1.8, cy + s * 0.7, s * 0.6),
            _u(drops, cx + s * 1.9, cy + s * 0.75, s * 0.45),
            _u(blob, cx, cy + s * 0.05, s * 0.95),
        ]

    return "#dcf0ee", "#bfe2dc", draw


def _art_gargoyle() -> Painter:
    def draw(x: float, y: float, w: float, h: float, cx: float, cy: float, s: float) -> list[Item]:
        stone, dark = "#8d8f99", "#5c5e68"
        wing = (
            (0.2, -0.1),
            (1.0, -0.95),
            (1.05, -0.3),
            (1.3, -0.45),
            (1.15, 0.2),
            (1.35, 0.15),
            (0.9, 0.6),
            (0.3, 0.4),
        )
        body: list[Item] = [
            Polygon(wing, style=Style(fill=dark)),
            Polygon(tuple((-px, py) for px, py in wing), style=Style(fill=dark)),
            Path(ellipse(0, 0.35, 0.42, 0.55), style=Style(fill=stone)),
            Circle(0, -0.35, 0.36, style=Style(fill=stone)),
            Polygon(((-0.3, -0.55), (-0.38, -0.95), (-0.1, -0.65)), style=Style(fill=dark)),
            Polygon(((0.3, -0.55), (0.38, -0.95), (0.1, -0.65)), style=Style(fill=dark)),
            Circle(-0.13, -0.38, 0.06, style=Style(fill="#e8c547")),
            Circle(0.13, -0.38, 0.06, style=Style(fill="#e8c547")),
            Rect(-0.7, 0.85, 1.4, 0.2, style=Style(fill=dark)),
        ]
        return [_u(body, cx, cy, s * 0.98)]

    return "#e4e4ea", "#cfd0d9", draw


def _art_dragon() -> Painter:
    def draw(x: float, y: float, w: float, h: float, cx: float, cy: float, s: float) -> list[Item]:
        head: list[Item] = [
            Path(
                (
                    ("M", -1.0, 0.7),
                    ("C", -0.9, 0.0, -0.6, -0.55, 0.0, -0.6),
                    ("L", 0.55, -0.45),
                    ("L", 0.95, -0.15),
                    ("L", 0.55, 0.05),
                    ("L", 0.9, 0.25),
                    ("L", 0.35, 0.3),
                    ("C", 0.0, 0.35, -0.3, 0.6, -0.3, 0.9),
                    ("Z",),
                ),
                style=Style(fill="#3f7a3a", stroke="#234a20", width=0.05),
            ),
            Polygon(((-0.2, -0.58), (-0.45, -1.05), (0.05, -0.62)), style=Style(fill="#e9d7a4")),
            Polygon(((-0.55, -0.4), (-0.95, -0.8), (-0.45, -0.3)), style=Style(fill="#e9d7a4")),
            Circle(0.15, -0.3, 0.08, style=Style(fill="#ffd23a")),
        ]
        fire = Group(
            (icon("flame", 0, 0, 1.0, "#e2572c", "#ffd27a"),),
            dx=cx + s * 1.45,
            dy=cy + s * 0.1,
            rotate=90,
            scale=s * 0.75,
        )
        return [fire, _u(head, cx - s * 0.35, cy + s * 0.05, s * 0.98)]

    return "#f8e0d4", "#efc6b2", draw


def _art_cat() -> Painter:
    def draw(x: float, y: float, w: float, h: float, cx: float, cy: float, s: float) -> list[Item]:
        cat: list[Item] = [
            Path(
                (
                    ("M", -0.55, 1.0),
                    ("C", -0.7, 0.4, -0.55, 0.0, -0.3, -0.1),
                    ("L", -0.5, -0.35),
                    ("L", -0.55, -0.9),
                    ("L", -0.2, -0.6),
                    ("L", 0.2, -0.6),
                    ("L", 0.55, -0.9),
                    ("L", 0.5, -0.35),
                    ("L", 0.3, -0.1),
                    ("C", 0.55, 0.0, 0.7, 0.4, 0.55, 1.0),
                    ("Z",),
                ),
                style=Style(fill="#15161f"),
            ),
            Path((("M", 0.5, 0.9), ("C", 1.1, 0.9, 1.1, 0.3, 0.85, 0.2)), style=Style(stroke="#15161f", width=0.14)),
            Path(ellipse(-0.18, -0.3, 0.1, 0.07), style=Style(fill="#f5d547")),
            Path(ellipse(0.18, -0.3, 0.1, 0.07), style=Style(fill="#f5d547")),
        ]
        moon: list[Item] = [
            Circle(0, 0, 1.0, style=Style(fill="#f6e7a8")),
            Circle(0.45, -0.25, 0.85, style=Style(fill="#2c3050")),
        ]
        stars = _sparkles(
            x, y, w, h, "#f6e7a8", ((0.12, 0.25, 0.9), (0.22, 0.65, 0.7), (0.88, 0.7, 0.8), (0.7, 0.2, 0.6))
        )
        return stars + [_u(moon, cx + s * 1.7, cy - s * 0.35, s * 0.55), _u(cat, cx - s * 0.2, cy + s * 0.05, s * 0.95)]

    return "#2c3050", "#23263f", draw


def _art_candle() -> Painter:
    def draw(x: float, y: float, w: float, h: float, cx: float, cy: float, s: float) -> list[Item]:
        glow: list[Item] = [
            Circle(0, -0.55, r, style=Style(fill="#ffcf6a", opacity=op))
            for r, op in ((1.05, 0.12), (0.75, 0.18), (0.48, 0.25))
        ]
        candle: list[Item] = [
            Rect(-0.28, -0.15, 0.56, 1.0, style=Style(fill="#f3ead8", stroke="#c9b99a", width=0.04)),
            Path(
                (
                    ("M", -0.28, -0.1),
                    ("C", -0.1, 0.0, 0.0, 0.15, 0.05, 0.35),
                    ("L", 0.1, -0.05),
                    ("C", 0.18, -0.1, 0.25, -0.1, 0.28, -0.1),
                ),
                style=Style(fill="#e2d6bd"),
            ),
            Path(ellipse(0, 0.88, 0.72, 0.14), style=Style(fill="#b88a3a", stroke="#7a5a1a", width=0.04)),
            Rect(-0.02, -0.3, 0.04, 0.16, style=Style(fill="#3a2a1a")),
        ]
        flame = icon("flame", 0, -0.62, 0.34, "#ff9a2e", "#fff1b0")
        return [_u(glow + candle + [flame], cx, cy + s * 0.1, s * 0.98)]

    return "#2e2838", "#241f2d", draw


ART: dict[str, Callable[[], Painter]] = {
    "flame": _art_flame,
    "snow": _art_snow,
    "sword": _art_sword,
    "sun": _art_sun,
    "crystal": _art_crystal,
    "mask": _art_mask,
    "dagger": _art_dagger,
    "flower": _art_flower,
    "slime": _art_slime,
    "gargoyle": _art_gargoyle,
    "dragon": _art_dragon,
    "cat": _art_cat,
    "candle": _art_candle,
}


# ---------------------------------------------------------------- cards

GOLD = "#e9d7a4"
"""The trim of the card back and the colour of its second die."""


def die_face(
    cx: float, cy: float, side: float, pips: int, fill: str, ink: str, stroke: str | None = None
) -> list[Item]:
    """A die face showing `pips`, centred at (cx, cy)."""
    items: list[Item] = [
        Rect(
            cx - side / 2,
            cy - side / 2,
            side,
            side,
            style=Style(fill=fill, stroke=stroke, width=side * 0.04),
            radius=side * 0.18,
        )
    ]
    for px, py in PIPS[pips]:
        items.append(Circle(cx + px * side * 0.27, cy + py * side * 0.27, side * 0.085, style=Style(fill=ink)))
    return items


def dice_emblem(cx: float, cy: float, colour: str) -> list[Item]:
    """The game's mark on the card back: two tumbling dice in a gold-rimmed disc centred at (cx, cy)."""
    return [
        Circle(cx, cy, 17, style=Style(fill=colour, stroke=GOLD, width=0.5)),
        Group(tuple(die_face(0, 0, 13, 5, "#fffaf2", colour)), dx=cx - 5, dy=cy - 3, rotate=-12),
        Group(tuple(die_face(0, 0, 11, 3, GOLD, colour)), dx=cx + 6.5, dy=cy + 4.5, rotate=14),
    ]


def treasure_emblem(cx: float, cy: float, r: float, colour: str) -> list[Item]:
    """A treasure chest."""
    s = r
    return [
        Path(
            (
                ("M", cx - s, cy - 0.1 * s),
                ("L", cx - s, cy - 0.35 * s),
                ("C", cx - s, cy - 0.95 * s, cx + s, cy - 0.95 * s, cx + s, cy - 0.35 * s),
                ("L", cx + s, cy - 0.1 * s),
                ("Z",),
            ),
            style=Style(fill=colour),
        ),
        Rect(cx - s, cy - 0.02 * s, 2 * s, 0.75 * s, style=Style(fill=colour), radius=0.08 * s),
        Rect(cx - 0.18 * s, cy - 0.25 * s, 0.36 * s, 0.5 * s, style=Style(fill=WHITE), radius=0.06 * s),
    ]


def token_emblem(token_id: str, cx: float, cy: float, r: float, colour: str) -> list[Item]:
    if token_id == "treasure":
        return treasure_emblem(cx, cy, r, colour)
    if token_id == "faith":  # a die inside a circling arrow: roll again
        arc: list[tuple] = []
        for k in range(0, 301, 20):
            a = math.radians(-60 + k)
            arc.append(("M" if not arc else "L", cx + r * math.cos(a), cy + r * math.sin(a)))
        end = math.radians(240)
        tip = (cx + r * math.cos(end), cy + r * math.sin(end))
        head = (
            (tip[0] + r * 0.42, tip[1] - r * 0.05),
            (tip[0] - r * 0.1, tip[1] + r * 0.4),
            (tip[0] - r * 0.12, tip[1] - r * 0.38),
        )
        arrow: list[Item] = [
            Path(tuple(arc), style=Style(stroke=colour, width=r * 0.16)),
            Polygon(head, style=Style(fill=colour)),
        ]
        return arrow + die_face(cx, cy, r * 0.95, 5, colour, WHITE)
    if token_id == "blessing":  # a star
        return [Polygon(_star(cx, cy + r * 0.08, r * 1.25, 5, 0.56), style=Style(fill=colour))]
    if token_id == "first-player":  # a pennant
        return [
            Rect(cx - r * 0.55, cy - r * 0.95, r * 0.13, r * 1.9, style=Style(fill=colour)),
            Polygon(
                ((cx - r * 0.42, cy - r * 0.95), (cx + r * 0.85, cy - r * 0.55), (cx - r * 0.42, cy - r * 0.15)),
                style=Style(fill=colour),
            ),
        ]
    if token_id == "mark":
        return [Polygon(_star(cx, cy, r, 8, 0.72, -90 + 22.5), style=Style(fill=colour))]
    return [Circle(cx, cy, r * 0.6, style=Style(fill=colour))]
