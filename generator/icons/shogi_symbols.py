"""Shogi + TCG's drawings: the mana symbols, the shogi piece, the stat marks, the fallback art, the relics,
the life heart and each pile's back emblem.

Each sits in the unit box -1..1 and is scaled into place; the card icons named by `icon:` are in shogi.py,
which draws its sparkles, hearts and swords with the paths here.
Kept apart from the game module (generator/games/shogi_tcg.py) so that module holds only its assembly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..colour import WHITE, ink_on
from ..scene import Circle, Group, Item, Path, Polygon, Rect, Style
from .elements import icon
from .paths import Ops

GOLD = "#c99a2e"


def _shape(items: list[Item], cx: float, cy: float, radius: float, name: str, rotate: float = 0.0) -> Group:
    return Group(tuple(items), dx=cx, dy=cy, rotate=rotate, scale=radius, role="icon", name=name)


def symbol(name: str, cx: float, cy: float, radius: float, colour: str, background: str) -> Group:
    """A mana symbol (flame, drop, leaf, moon, sun) in a unit box, drawn in `colour`."""
    if name in ("flame", "drop"):
        return icon(name, cx, cy, radius, colour, background)
    fill = Style(fill=colour)
    if name == "leaf":
        body = Path(
            (
                ("M", 0.0, -1.0),
                ("C", 0.8, -0.55, 0.72, 0.45, 0.0, 0.9),
                ("C", -0.72, 0.45, -0.8, -0.55, 0.0, -1.0),
                ("Z",),
            ),
            style=fill,
        )
        rib = Path((("M", 0.0, -0.6), ("L", 0.0, 1.0)), style=Style(stroke=background, width=0.13))
        return _shape([body, rib], cx, cy, radius, "leaf", 25.0)
    if name == "moon":
        crescent = Path(
            (
                ("M", 0.25, -0.95),
                ("C", -0.45, -0.9, -0.95, -0.35, -0.88, 0.2),
                ("C", -0.8, 0.75, -0.2, 1.05, 0.35, 0.92),
                ("C", 0.6, 0.86, 0.8, 0.72, 0.92, 0.55),
                ("C", 0.3, 0.72, -0.35, 0.35, -0.32, -0.2),
                ("C", -0.3, -0.6, -0.02, -0.88, 0.25, -0.95),
                ("Z",),
            ),
            style=fill,
        )
        return _shape([crescent], cx, cy, radius, "moon")
    if name == "sun":
        rays: list[Item] = [Circle(0.0, 0.0, 0.45, style=fill)]
        for k in range(8):
            a = math.radians(k * 45)
            tip = (0.98 * math.cos(a), 0.98 * math.sin(a))
            left = (0.6 * math.cos(a - 0.22), 0.6 * math.sin(a - 0.22))
            right = (0.6 * math.cos(a + 0.22), 0.6 * math.sin(a + 0.22))
            rays.append(Polygon((left, tip, right), style=fill))
        return _shape(rays, cx, cy, radius, "sun")
    raise ValueError(f"no symbol {name!r}")


def koma(
    cx: float,
    cy: float,
    radius: float,
    fill: str | None,
    edge: str,
    width: float = 0.06,
    dash: tuple[float, ...] | None = None,
) -> Group:
    """The five-sided shogi piece, pointing up."""
    points = ((0.0, -1.0), (0.62, -0.7), (0.8, 1.0), (-0.8, 1.0), (-0.62, -0.7))
    return _shape(
        [Polygon(points, style=Style(fill=fill, stroke=edge, width=width, dash=dash))], cx, cy, radius, "koma"
    )


def sword_items(style: Style, guard_radius: float = 0.0) -> list[Item]:
    """A straight sword pointing up in the unit box: blade, guard (its corners rounded by `guard_radius`),
    grip and pommel; the stat mark here and the card icons' blazing swords and assassin (shogi.py) share it."""
    return [
        Polygon(((0.0, -1.0), (0.14, -0.78), (0.14, 0.35), (-0.14, 0.35), (-0.14, -0.78)), style=style),
        Rect(-0.45, 0.35, 0.9, 0.14, style=style, radius=guard_radius),
        Rect(-0.09, 0.49, 0.18, 0.36, style=style),
        Circle(0.0, 0.9, 0.11, style=style),
    ]


def sword(cx: float, cy: float, radius: float, colour: str, rotate: float = 0.0) -> Group:
    return _shape(sword_items(Style(fill=colour)), cx, cy, radius, "sword", rotate)


def arrow(cx: float, cy: float, radius: float, colour: str) -> Group:
    points = ((-0.95, -0.32), (0.15, -0.32), (0.15, -0.75), (0.95, 0.0), (0.15, 0.75), (0.15, 0.32), (-0.95, 0.32))
    return _shape([Polygon(points, style=Style(fill=colour))], cx, cy, radius, "arrow")


def sparkle_path() -> Ops:
    """A four-pointed star with curved sides, in the unit box."""
    return (
        ("M", 0.0, -1.0),
        ("C", 0.1, -0.25, 0.25, -0.1, 1.0, 0.0),
        ("C", 0.25, 0.1, 0.1, 0.25, 0.0, 1.0),
        ("C", -0.1, 0.25, -0.25, 0.1, -1.0, 0.0),
        ("C", -0.25, -0.1, -0.1, -0.25, 0.0, -1.0),
        ("Z",),
    )


def sparkle(cx: float, cy: float, radius: float, colour: str) -> Group:
    star = sparkle_path()
    small = tuple(
        (op[0], *[v * 0.36 + (0.62 if k % 2 == 0 else -0.62) for k, v in enumerate(op[1:])]) for op in star[:-1]
    ) + (("Z",),)
    return _shape(
        [Path(star, style=Style(fill=colour)), Path(small, style=Style(fill=colour, opacity=0.7))],
        cx,
        cy,
        radius,
        "sparkle",
    )


def tower(cx: float, cy: float, radius: float, colour: str, window: str) -> Group:
    outline = (
        (-0.58, 1.0),
        (-0.58, -0.5),
        (-0.76, -0.5),
        (-0.76, -0.95),
        (-0.46, -0.95),
        (-0.46, -0.75),
        (-0.15, -0.75),
        (-0.15, -0.95),
        (0.15, -0.95),
        (0.15, -0.75),
        (0.46, -0.75),
        (0.46, -0.95),
        (0.76, -0.95),
        (0.76, -0.5),
        (0.58, -0.5),
        (0.58, 1.0),
    )
    door = (("M", -0.2, 1.0), ("L", -0.2, 0.55), ("C", -0.2, 0.3, 0.2, 0.3, 0.2, 0.55), ("L", 0.2, 1.0), ("Z",))
    return _shape(
        [
            Polygon(outline, style=Style(fill=colour)),
            Path(door, style=Style(fill=window)),
            Rect(-0.12, -0.3, 0.24, 0.3, style=Style(fill=window), radius=0.08),
        ],
        cx,
        cy,
        radius,
        "tower",
    )


def relic_icon(name: str, cx: float, cy: float, radius: float, colour: str, detail: str) -> Group:
    fill = Style(fill=colour)
    if name == "crown":
        crown = Polygon(
            ((-0.9, 0.55), (-0.9, -0.45), (-0.45, 0.05), (0.0, -0.7), (0.45, 0.05), (0.9, -0.45), (0.9, 0.55)),
            style=fill,
        )
        items: list[Item] = [crown, Rect(-0.9, 0.62, 1.8, 0.26, style=fill, radius=0.05)]
        items += [Circle(x, y, 0.12, style=fill) for x, y in ((-0.9, -0.55), (0.0, -0.82), (0.9, -0.55))]
        items += [Circle(x, 0.75, 0.07, style=Style(fill=detail)) for x in (-0.45, 0.0, 0.45)]
    elif name == "chalice":
        cup = (
            ("M", -0.72, -0.88),
            ("L", 0.72, -0.88),
            ("C", 0.72, -0.12, 0.38, 0.15, 0.12, 0.2),
            ("L", 0.12, 0.6),
            ("L", 0.52, 0.74),
            ("L", 0.52, 0.92),
            ("L", -0.52, 0.92),
            ("L", -0.52, 0.74),
            ("L", -0.12, 0.6),
            ("L", -0.12, 0.2),
            ("C", -0.38, 0.15, -0.72, -0.12, -0.72, -0.88),
            ("Z",),
        )
        items = [
            Path(cup, style=fill),
            Path((("M", -0.5, -0.62), ("L", 0.5, -0.62)), style=Style(stroke=detail, width=0.08)),
        ]
    elif name == "sword":
        return sword(cx, cy, radius, colour, rotate=35.0)
    elif name == "mirror":
        items = [
            Circle(0.0, 0.0, 0.92, style=fill),
            Circle(0.0, 0.0, 0.7, style=Style(stroke=detail, width=0.07)),
            Circle(0.0, 0.0, 0.16, style=Style(fill=detail)),
        ]
        items += [Circle(0.0, 0.0, 0.45, style=Style(stroke=detail, width=0.04, opacity=0.7))]
    elif name == "magatama":
        body = (
            ("M", 0.62, -0.38),
            ("C", 0.62, 0.32, 0.22, 0.78, -0.5, 0.95),
            ("C", -0.12, 0.6, -0.48, 0.2, -0.48, -0.38),
            ("C", -0.48, -1.08, 0.62, -1.08, 0.62, -0.38),
            ("Z",),
        )
        items = [Path(body, style=fill), Circle(0.07, -0.4, 0.17, style=Style(fill=detail))]
    else:
        raise ValueError(f"no relic icon {name!r}")
    return _shape(items, cx, cy, radius, name)


def heart_path() -> Ops:
    """A heart in the unit box, point down."""
    return (
        ("M", 0.0, 0.9),
        ("C", -1.15, 0.1, -0.95, -0.95, 0.0, -0.42),
        ("C", 0.95, -0.95, 1.15, 0.1, 0.0, 0.9),
        ("Z",),
    )


def heart(cx: float, cy: float, radius: float, colour: str) -> Group:
    return _shape([Path(heart_path(), style=Style(fill=colour))], cx, cy, radius, "heart")


# ---------------------------------------------------------------- card pieces


def pile_emblem(pile: str, colours: Sequence[tuple[str, str]], colour: str, cx: float, cy: float) -> list[Item]:
    """The mark in the middle of a pile's back: a sparkle (spells and the rest), a piece, the mana or the colours;
    `colours` are the mana colours as (colour, symbol)."""
    items: list[Item] = [Circle(cx, cy, 13, style=Style(fill=colour, stroke=WHITE, width=0.6))]
    step = 360 / max(1, len(colours))
    ring = [(c, math.radians(-90 + k * step)) for k, c in enumerate(colours)]
    match pile:
        case "main":
            items.append(sparkle(cx, cy, 9, WHITE))
        case "creature":
            items.append(koma(cx, cy, 9.5, WHITE, WHITE))
        case "mana":
            for (fill, name), a in ring:
                px, py = cx + 6.5 * math.cos(a), cy + 6.5 * math.sin(a)
                items.append(Circle(px, py, 3.3, style=Style(fill=fill, stroke=WHITE, width=0.4)))
                items.append(symbol(name, px, py, 2.0, ink_on(fill), fill))
        case "colour":
            items.append(koma(cx, cy + 0.5, 5.5, WHITE, WHITE))
            items += [
                Circle(cx + 9 * math.cos(a), cy + 9 * math.sin(a), 2.2, style=Style(fill=fill, stroke=WHITE, width=0.4))
                for (fill, _name), a in ring
            ]
    return items
