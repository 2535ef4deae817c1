"""Shogi + TCG card art: one bold vector icon per spell, building and creature, named by the card's `icon:`.

Each drawing sits in the unit box -1..1 (y down) and uses two colours: `ink`, the card's art colour, for the
body, and `detail`, the art window's background, for cut-outs (windows, eyes, bricks), so every icon reads as
a two-tone silhouette in the card's own colour scheme and in greyscale. Line weights come from three
constants so all icons share them. `ICONS` is the registry (name → drawing); the validator's `CardIcon`
offers the same names, and tests hold the two equal.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..colour import blend
from ..scene import Circle, Group, Item, Line, Path, Polygon, Rect, Style
from .elements import drop_path, flame_core_path, flame_path
from .paths import Ops, ellipse
from .shogi_symbols import heart_path, sparkle_path, sword_items

HEAVY = 0.15
"""Bold strokes: limbs, antlers, water jets (unit-box units; at 10 mm radius, 1.5 mm)."""
MEDIUM = 0.1
"""Shafts and ropes."""
FINE = 0.06
"""Cut-out detail lines: bricks, feather ribs, rims."""

Drawing = Callable[[str, str], list[Item]]


# ---------------------------------------------------------------- helpers


def _fill(colour: str, opacity: float = 1.0) -> Style:
    return Style(fill=colour, opacity=opacity)


def _pen(colour: str, width: float, opacity: float = 1.0) -> Style:
    return Style(stroke=colour, width=width, opacity=opacity)


def _placed(ops: Ops, dx: float, dy: float, sx: float, sy: float) -> Ops:
    """Path ops moved and stretched: a unit-box shape put into part of the box."""
    out: list[tuple] = []
    for op in ops:
        coords = [v * (sx if k % 2 == 0 else sy) + (dx if k % 2 == 0 else dy) for k, v in enumerate(op[1:])]
        out.append((op[0], *coords))
    return tuple(out)


def _mirror(points: tuple[tuple[float, float], ...]) -> tuple[tuple[float, float], ...]:
    return tuple((-x, y) for x, y in points)


def _limb(points: tuple[tuple[float, float], ...], colour: str, width: float = HEAVY) -> list[Item]:
    """A bold polyline with round ends and joints (the backends draw butt caps)."""
    ops = (("M", *points[0]), *(("L", *p) for p in points[1:]))
    return [Path(ops, style=_pen(colour, width)), *(Circle(x, y, width / 2, style=_fill(colour)) for x, y in points)]


def _sparkle(cx: float, cy: float, r: float, colour: str) -> Path:
    """A four-pointed star with curved sides."""
    return Path(_placed(sparkle_path(), cx, cy, r, r), style=_fill(colour))


def _heart(cx: float, cy: float, r: float) -> Ops:
    return _placed(heart_path(), cx, cy, r, r)


def _sword(fill: str, edge: str | None = None) -> list[Item]:
    """A straight sword pointing up, in the unit box (nest it in a turned Group)."""
    return sword_items(Style(fill=fill, stroke=edge, width=FINE) if edge else _fill(fill), 0.04)


def _crenels(x0: float, x1: float, top: float, merlons: int, notch: float) -> list[tuple[float, float]]:
    """The top edge of a battlement from x0 to x1: `merlons` teeth `notch` high."""
    step = (x1 - x0) / (2 * merlons - 1)
    points: list[tuple[float, float]] = []
    for k in range(2 * merlons - 1):
        y = top if k % 2 == 0 else top + notch
        points += [(x0 + k * step, y), (x0 + (k + 1) * step, y)]
    return points


# ---------------------------------------------------------------- spells


def flame_wall(ink: str, detail: str) -> list[Item]:
    """A brick wall with flames rising from it (a node no one may enter)."""
    items: list[Item] = []
    for cx, cy, sx, sy in ((-0.56, -0.2, 0.3, 0.38), (0.56, -0.2, 0.3, 0.38), (0.0, -0.4, 0.42, 0.56)):
        items.append(Path(_placed(flame_path(), cx, cy, sx, sy), style=_fill(ink)))
        items.append(Path(_placed(flame_core_path(), cx, cy, sx, sy), style=_fill(detail)))
    items.append(Rect(-0.92, 0.14, 1.84, 0.82, style=_fill(ink), radius=0.06))
    bricks = _pen(detail, FINE)
    for y in (0.41, 0.68):
        items.append(Line(-0.92, y, 0.92, y, style=bricks))
    for (y0, y1), xs in (((0.14, 0.41), (-0.3, 0.3)), ((0.41, 0.68), (-0.6, 0.0, 0.6)), ((0.68, 0.96), (-0.3, 0.3))):
        items += [Line(x, y0, x, y1, style=bricks) for x in xs]
    return items


def blazing_swords(ink: str, detail: str) -> list[Item]:
    """Two crossed swords over a flame (attack up)."""
    items: list[Item] = [
        Path(_placed(flame_path(), 0.0, -0.05, 0.95, 0.95), style=_fill(ink, 0.45)),
    ]
    for turn in (-38.0, 38.0):
        items.append(Group(tuple(_sword(ink, detail)), dy=0.08, rotate=turn, scale=0.86))
    return items


def fog(ink: str, detail: str) -> list[Item]:
    """A low cloud over drifting bands of mist (movement down)."""
    cloud = _fill(ink)
    items: list[Item] = [
        Circle(-0.45, -0.32, 0.3, style=cloud),
        Circle(0.05, -0.5, 0.4, style=cloud),
        Circle(0.5, -0.28, 0.28, style=cloud),
        Rect(-0.75, -0.32, 1.5, 0.3, style=cloud, radius=0.15),
    ]
    for y, x0, x1 in ((0.22, -0.9, 0.6), (0.5, -0.55, 0.92), (0.78, -0.85, 0.45)):
        wave = (
            ("M", x0, y),
            ("C", x0 + 0.2, y - 0.12, x0 + 0.35, y - 0.12, x0 + 0.5, y),
            ("C", x0 + 0.65, y + 0.12, x0 + 0.8, y + 0.12, x0 + 1.0, y),
            ("L", x1, y),
        )
        items.append(Path(wave, style=_pen(ink, HEAVY)))
        items += [Circle(x, y, HEAVY / 2, style=cloud) for x in (x0, x1)]
    return items


def gale(ink: str, detail: str) -> list[Item]:
    """Gusts of wind curling back, and a leaf blown along (movement up)."""
    items: list[Item] = []
    for y, x0, x1, r in ((-0.45, -0.95, 0.35, 0.26), (0.05, -0.7, 0.55, 0.3), (0.52, -0.95, 0.15, 0.22)):
        gust = (
            ("M", x0, y),
            ("L", x1, y),
            ("C", x1 + 1.1 * r, y, x1 + 1.1 * r, y - 2 * r, x1 + 0.1 * r, y - 2 * r),
            ("C", x1 - 0.5 * r, y - 2 * r, x1 - 0.55 * r, y - 1.1 * r, x1 - 0.05 * r, y - 1.05 * r),
        )
        items.append(Path(gust, style=_pen(ink, HEAVY)))
        items.append(Circle(x0, y, HEAVY / 2, style=_fill(ink)))
    leaf = ellipse(0.68, 0.6, 0.26, 0.12, -30.0)
    items.append(Path(leaf, style=_fill(ink)))
    items.append(Line(0.48, 0.72, 0.86, 0.5, style=_pen(detail, FINE)))
    return items


def fountain(ink: str, detail: str) -> list[Item]:
    """A spring welling over a stone bowl, crowned with a heart (life)."""
    bowl = (
        ("M", -0.92, 0.12),
        ("L", 0.92, 0.12),
        ("C", 0.88, 0.42, 0.5, 0.58, 0.0, 0.58),
        ("C", -0.5, 0.58, -0.88, 0.42, -0.92, 0.12),
        ("Z",),
    )
    items: list[Item] = []
    for side in (-1, 1):
        arc = (("M", 0.0, -0.3), ("C", side * 0.5, -0.5, side * 0.82, -0.3, side * 0.84, 0.02))
        items.append(Path(arc, style=_pen(ink, MEDIUM)))
        items.append(Path(_placed(drop_path(), side * 0.62, -0.12, 0.08, 0.12), style=_fill(ink)))
    items += _limb(((0.0, 0.12), (0.0, -0.36)), ink)
    items += [
        Path(_heart(0.0, -0.66, 0.34), style=_fill(ink)),
        Path(bowl, style=_fill(ink)),
        Line(-0.7, 0.24, 0.7, 0.24, style=_pen(detail, FINE)),
        Polygon(((-0.14, 0.56), (0.14, 0.56), (0.2, 0.8), (-0.2, 0.8)), style=_fill(ink)),
        Rect(-0.52, 0.8, 1.04, 0.16, style=_fill(ink), radius=0.05),
    ]
    return items


def sprout(ink: str, detail: str) -> list[Item]:
    """A shoot with two leaves breaking out of the soil (growth)."""
    stem = (("M", 0.0, 0.7), ("C", 0.02, 0.3, -0.08, 0.05, 0.02, -0.42))
    left = (
        ("M", -0.02, -0.02),
        ("C", -0.3, -0.4, -0.62, -0.38, -0.88, -0.3),
        ("C", -0.62, 0.08, -0.3, 0.12, -0.02, -0.02),
    )
    right = (("M", 0.02, -0.36), ("C", 0.2, -0.78, 0.55, -0.92, 0.9, -0.9), ("C", 0.8, -0.5, 0.45, -0.26, 0.02, -0.36))
    items: list[Item] = [
        Path(stem, style=_pen(ink, HEAVY)),
        Path(left, style=_fill(ink)),
        Path(right, style=_fill(ink)),
        Path((("M", -0.1, -0.07), ("C", -0.35, -0.2, -0.55, -0.24, -0.72, -0.26)), style=_pen(detail, FINE)),
        Path((("M", 0.1, -0.4), ("C", 0.35, -0.6, 0.55, -0.75, 0.75, -0.82)), style=_pen(detail, FINE)),
        Path((("M", -0.9, 0.96), ("C", -0.65, 0.52, 0.65, 0.52, 0.9, 0.96), ("Z",)), style=_fill(ink)),
    ]
    items += [Circle(x, y, 0.05, style=_fill(detail)) for x, y in ((-0.4, 0.86), (0.1, 0.76), (0.5, 0.88))]
    return items


def evil_eye(ink: str, detail: str) -> list[Item]:
    """A staring eye ringed with thorns (a curse)."""
    eye = (
        ("M", -0.98, 0.0),
        ("C", -0.5, -0.62, 0.5, -0.62, 0.98, 0.0),
        ("C", 0.5, 0.62, -0.5, 0.62, -0.98, 0.0),
        ("Z",),
    )
    items: list[Item] = []
    for k in range(10):
        a = math.radians(-72 + k * 16) if k < 5 else math.radians(108 + (k - 5) * 16)
        tip = (0.98 * math.cos(a), 0.98 * math.sin(a))
        base = [(0.55 * math.cos(a + s), 0.55 * math.sin(a + s)) for s in (-0.13, 0.13)]
        items.append(Polygon((base[0], tip, base[1]), style=_fill(ink)))
    items += [
        Path(eye, style=_fill(ink)),
        Circle(0.0, 0.0, 0.34, style=_fill(detail)),
        Path(ellipse(0.0, 0.0, 0.09, 0.27), style=_fill(ink)),
        Circle(0.13, -0.12, 0.05, style=_fill(detail)),
    ]
    return items


def radiant_shield(ink: str, detail: str) -> list[Item]:
    """A shield shining with a star (protection)."""

    def shield(s: float) -> Ops:
        return _placed(
            (
                ("M", 0.0, -0.85),
                ("C", 0.3, -0.7, 0.55, -0.68, 0.72, -0.7),
                ("L", 0.72, -0.05),
                ("C", 0.72, 0.45, 0.35, 0.75, 0.0, 0.95),
                ("C", -0.35, 0.75, -0.72, 0.45, -0.72, -0.05),
                ("L", -0.72, -0.7),
                ("C", -0.55, -0.68, -0.3, -0.7, 0.0, -0.85),
                ("Z",),
            ),
            0.0,
            0.03 * (1 - s),
            s,
            s,
        )

    items: list[Item] = []
    for k in range(12):
        a = math.radians(k * 30 + 15)
        tip = (0.99 * math.cos(a), 0.99 * math.sin(a))
        base = [(0.5 * math.cos(a + s), 0.5 * math.sin(a + s)) for s in (-0.12, 0.12)]
        items.append(Polygon((base[0], tip, base[1]), style=_fill(ink, 0.5)))
    items += [
        Path(shield(0.92), style=_fill(ink)),
        Path(shield(0.74), style=_pen(detail, FINE)),
        _sparkle(0.0, 0.02, 0.42, detail),
    ]
    return items


# ---------------------------------------------------------------- buildings


def fortress(ink: str, detail: str) -> list[Item]:
    """Two towers and a wall round a gated arch."""
    outline = [(-0.95, 0.96)]
    outline += _crenels(-0.95, -0.5, -0.78, 2, 0.14)
    outline += [(-0.5, -0.2)]
    outline += _crenels(-0.5, 0.5, -0.3, 3, 0.12)[1:-1]
    outline += [(0.5, -0.2)]
    outline += _crenels(0.5, 0.95, -0.78, 2, 0.14)
    outline += [(0.95, 0.96)]
    gate = (
        ("M", -0.24, 0.96),
        ("L", -0.24, 0.45),
        ("C", -0.24, 0.12, 0.24, 0.12, 0.24, 0.45),
        ("L", 0.24, 0.96),
        ("Z",),
    )
    items: list[Item] = [
        Polygon(tuple(outline), style=_fill(ink)),
        Path(gate, style=_fill(detail)),
        *(Line(x, 0.3, x, 0.96, style=_pen(ink, FINE)) for x in (-0.12, 0.0, 0.12)),
        Line(-0.24, 0.62, 0.24, 0.62, style=_pen(ink, FINE)),
    ]
    for x in (-0.725, 0.725):
        items.append(Rect(x - 0.06, -0.42, 0.12, 0.3, style=_fill(detail), radius=0.06))
        items.append(Rect(x - 0.06, 0.15, 0.12, 0.3, style=_fill(detail), radius=0.06))
    return items


def tent(ink: str, detail: str) -> list[Item]:
    """A soldiers' tent with a pennant, spears standing either side."""
    items: list[Item] = []
    for x in (-0.84, 0.84):
        items += _limb(((x, 0.96), (x, -0.5)), ink, MEDIUM)
        items.append(Polygon(((x - 0.1, -0.5), (x, -0.9), (x + 0.1, -0.5)), style=_fill(ink)))
    items += [
        Line(0.0, -0.62, 0.0, -0.98, style=_pen(ink, MEDIUM)),
        Polygon(((0.0, -0.98), (0.4, -0.88), (0.0, -0.76)), style=_fill(ink)),
        Polygon(((-0.68, 0.96), (0.0, -0.66), (0.68, 0.96)), style=_fill(ink)),
        Polygon(((-0.26, 0.96), (0.0, 0.2), (0.26, 0.96)), style=_fill(detail)),
        Line(0.0, -0.66, -0.38, 0.96, style=_pen(detail, FINE)),
        Line(0.0, -0.66, 0.38, 0.96, style=_pen(detail, FINE)),
    ]
    return items


def market_stall(ink: str, detail: str) -> list[Item]:
    """A stall under a striped, scalloped awning, goods on the counter (more cards)."""
    items: list[Item] = [
        Polygon(((-0.98, -0.6), (-0.72, -0.92), (0.72, -0.92), (0.98, -0.6)), style=_fill(ink)),
        Rect(-0.86, -0.3, 0.12, 1.26, style=_fill(ink)),
        Rect(0.74, -0.3, 0.12, 1.26, style=_fill(ink)),
    ]
    stripes = 5
    step = 1.96 / stripes
    for k in range(stripes):
        x0 = -0.98 + k * step
        stripe = (
            ("M", x0, -0.6),
            ("L", x0 + step, -0.6),
            ("L", x0 + step, -0.32),
            ("C", x0 + step, -0.1, x0, -0.1, x0, -0.32),
            ("Z",),
        )
        items.append(Path(stripe, style=_fill(ink, 1.0 if k % 2 == 0 else 0.55)))
    items += [
        Circle(-0.4, 0.2, 0.17, style=_fill(ink)),
        Circle(-0.08, 0.22, 0.15, style=_fill(ink)),
        Path(
            (
                ("M", 0.2, 0.36),
                ("C", 0.15, 0.1, 0.3, -0.02, 0.38, 0.0),
                ("C", 0.46, -0.02, 0.61, 0.1, 0.56, 0.36),
                ("Z",),
            ),
            style=_fill(ink),
        ),
        Rect(-0.98, 0.36, 1.96, 0.6, style=_fill(ink), radius=0.05),
        Line(-0.8, 0.52, 0.8, 0.52, style=_pen(detail, FINE)),
    ]
    return items


def mage_tower(ink: str, detail: str) -> list[Item]:
    """A slender tower under a pointed roof, stars about it (cheaper spells)."""
    items: list[Item] = [
        Polygon(((-0.36, 0.96), (-0.28, -0.2), (0.28, -0.2), (0.36, 0.96)), style=_fill(ink)),
        Path(
            (
                ("M", -0.5, -0.16),
                ("L", 0.5, -0.16),
                ("C", 0.3, -0.4, 0.12, -0.62, 0.08, -0.98),
                ("C", -0.1, -0.7, -0.3, -0.4, -0.5, -0.16),
                ("Z",),
            ),
            style=_fill(ink),
        ),
        Line(-0.42, -0.2, 0.42, -0.2, style=_pen(detail, FINE)),
        Path(
            (
                ("M", -0.11, 0.35),
                ("L", -0.11, 0.12),
                ("C", -0.11, -0.04, 0.11, -0.04, 0.11, 0.12),
                ("L", 0.11, 0.35),
                ("Z",),
            ),
            style=_fill(detail),
        ),
        Path(
            (
                ("M", -0.14, 0.96),
                ("L", -0.14, 0.72),
                ("C", -0.14, 0.52, 0.14, 0.52, 0.14, 0.72),
                ("L", 0.14, 0.96),
                ("Z",),
            ),
            style=_fill(detail),
        ),
        _sparkle(0.6, -0.62, 0.3, ink),
        _sparkle(-0.62, -0.4, 0.18, ink),
        _sparkle(0.66, 0.2, 0.14, ink),
    ]
    return items


# ---------------------------------------------------------------- creatures


def salamander(ink: str, detail: str) -> list[Item]:
    """A lizard seen from above, tail curled, a flame on its tip."""
    items: list[Item] = []
    for side in (-1, 1):
        items += _limb(((0.0, -0.36), (side * 0.46, -0.46), (side * 0.56, -0.72)), ink, 0.13)
        items += _limb(((0.0, 0.14), (side * 0.46, 0.24), (side * 0.56, 0.5)), ink, 0.13)
    tail = (
        ("M", -0.17, 0.2),
        ("C", -0.2, 0.72, 0.3, 0.95, 0.66, 0.72),
        ("C", 0.82, 0.6, 0.76, 0.42, 0.62, 0.48),
        ("C", 0.38, 0.64, 0.12, 0.55, 0.15, 0.2),
        ("Z",),
    )
    items += [
        Path(tail, style=_fill(ink)),
        Path(ellipse(0.0, -0.1, 0.24, 0.46), style=_fill(ink)),
        Path(ellipse(0.0, -0.68, 0.2, 0.27), style=_fill(ink)),
        Path(_placed(flame_path(), 0.72, 0.3, 0.16, 0.2), style=_fill(ink)),
        Path(_placed(flame_core_path(), 0.72, 0.3, 0.16, 0.2), style=_fill(detail)),
    ]
    items += [Circle(x, -0.74, 0.05, style=_fill(detail)) for x in (-0.09, 0.09)]
    items += [Circle(0.0, y, r, style=_fill(detail)) for y, r in ((-0.3, 0.06), (-0.08, 0.07), (0.14, 0.06))]
    return items


def dragon(ink: str, detail: str) -> list[Item]:
    """A horned dragon, wings spread."""
    items: list[Item] = []
    for side in (-1, 1):
        wing = (
            ("M", side * 0.12, -0.12),
            ("L", side * 0.45, -0.55),
            ("L", side * 0.98, -0.8),
            ("L", side * 0.92, 0.06),
            ("C", side * 0.82, -0.08, side * 0.72, -0.04, side * 0.64, 0.12),
            ("C", side * 0.55, -0.0, side * 0.44, 0.02, side * 0.36, 0.2),
            ("C", side * 0.3, 0.12, side * 0.2, 0.14, side * 0.12, 0.3),
            ("Z",),
        )
        items.append(Path(wing, style=_fill(ink)))
        for end in ((0.92, 0.06), (0.64, 0.12), (0.36, 0.2)):
            items.append(Line(side * 0.2, -0.1, side * end[0], end[1] - 0.04, style=_pen(detail, FINE)))
        items.append(Polygon(((side * 0.06, -0.6), (side * 0.3, -0.95), (side * 0.16, -0.56)), style=_fill(ink)))
        items += _limb(((side * 0.12, 0.48), (side * 0.28, 0.68), (side * 0.22, 0.8)), ink, 0.11)
    tail = (
        ("M", -0.1, 0.5),
        ("C", -0.14, 0.92, 0.3, 1.0, 0.56, 0.82),
        ("L", 0.74, 0.9),
        ("L", 0.68, 0.68),
        ("L", 0.52, 0.72),
        ("C", 0.3, 0.86, 0.08, 0.8, 0.1, 0.5),
        ("Z",),
    )
    head = ((-0.17, -0.62), (0.17, -0.62), (0.13, -0.36), (0.0, -0.24), (-0.13, -0.36))
    items += [
        Path(tail, style=_fill(ink)),
        Path(ellipse(0.0, 0.14, 0.2, 0.42), style=_fill(ink)),
        Polygon(head, style=_fill(ink)),
        Polygon(((-0.12, -0.52), (-0.03, -0.46), (-0.11, -0.44)), style=_fill(detail)),
        Polygon(((0.12, -0.52), (0.03, -0.46), (0.11, -0.44)), style=_fill(detail)),
    ]
    items += [Line(-0.1, y, 0.1, y, style=_pen(detail, FINE)) for y in (0.0, 0.14, 0.28)]
    return items


def sprite(ink: str, detail: str) -> list[Item]:
    """A water sprite: four gauzy wings, a dress like a drop, drops about it."""
    items: list[Item] = []
    for side in (-1, 1):
        items.append(Path(ellipse(side * 0.45, -0.34, 0.42, 0.2, side * -32.0), style=_fill(ink, 0.5)))
        items.append(Path(ellipse(side * 0.4, 0.16, 0.32, 0.15, side * 28.0), style=_fill(ink, 0.5)))
        items.append(Path(_placed(drop_path(), side * 0.78, 0.68, 0.11, 0.15), style=_fill(ink)))
    items += [
        Path(_placed(drop_path(), 0.0, 0.18, 0.36, 0.58), style=_fill(ink)),
        Circle(0.0, -0.6, 0.19, style=_fill(ink)),
        Path((("M", -0.2, 0.5), ("C", -0.2, 0.62, -0.1, 0.7, 0.02, 0.72)), style=_pen(detail, FINE)),
        Path(_placed(drop_path(), 0.0, -0.92, 0.06, 0.08), style=_fill(ink)),
    ]
    return items


def wave_trident(ink: str, detail: str) -> list[Item]:
    """A breaking wave and a trident (a rider of the tide)."""
    wave = (
        ("M", -0.98, 0.96),
        ("L", -0.98, 0.32),
        ("C", -0.72, -0.25, -0.12, -0.55, 0.32, -0.42),
        ("C", 0.7, -0.3, 0.82, 0.12, 0.52, 0.26),
        ("C", 0.34, 0.34, 0.18, 0.2, 0.28, 0.04),
        ("C", 0.02, 0.04, -0.14, 0.32, -0.02, 0.56),
        ("C", 0.18, 0.82, 0.6, 0.76, 0.98, 0.6),
        ("L", 0.98, 0.96),
        ("Z",),
    )
    items: list[Item] = [
        Path(wave, style=_fill(ink)),
        Path((("M", -0.8, 0.3), ("C", -0.6, -0.1, -0.2, -0.32, 0.2, -0.28)), style=_pen(detail, FINE)),
        Path((("M", -0.5, 0.82), ("C", -0.35, 0.7, -0.2, 0.72, -0.05, 0.8)), style=_pen(detail, FINE)),
    ]
    shaft = Style(fill=ink, stroke=detail, width=FINE)
    items += [
        Rect(0.56, -0.62, 0.12, 1.56, style=shaft),
        Path(
            (
                ("M", 0.36, -0.98),
                ("L", 0.36, -0.6),
                ("C", 0.36, -0.48, 0.88, -0.48, 0.88, -0.6),
                ("L", 0.88, -0.98),
                ("L", 0.8, -0.72),
                ("L", 0.68, -0.62),
                ("L", 0.68, -1.0),
                ("L", 0.56, -1.0),
                ("L", 0.56, -0.62),
                ("L", 0.44, -0.72),
                ("Z",),
            ),
            style=shaft,
        ),
    ]
    return items


def treant(ink: str, detail: str) -> list[Item]:
    """A tree that keeps watch: a leafy crown with a stern face, root feet and branch arms."""
    trunk = (
        ("M", -0.22, -0.05),
        ("L", -0.25, 0.6),
        ("C", -0.3, 0.8, -0.5, 0.9, -0.68, 0.96),
        ("L", 0.68, 0.96),
        ("C", 0.5, 0.9, 0.3, 0.8, 0.25, 0.6),
        ("L", 0.22, -0.05),
        ("Z",),
    )
    items: list[Item] = [Path(trunk, style=_fill(ink))]
    for side in (-1, 1):
        items += _limb(((side * 0.2, 0.3), (side * 0.6, 0.44), (side * 0.8, 0.24)), ink, 0.12)
        items += _limb(((side * 0.6, 0.44), (side * 0.86, 0.56)), ink, 0.09)
    crown = _fill(ink)
    items += [
        Circle(-0.46, -0.36, 0.38, style=crown),
        Circle(0.46, -0.36, 0.38, style=crown),
        Circle(0.0, -0.6, 0.4, style=crown),
        Circle(0.0, -0.16, 0.4, style=crown),
    ]
    for side in (-1, 1):
        items.append(Polygon(((side * 0.08, -0.2), (side * 0.32, -0.28), (side * 0.28, -0.14)), style=_fill(detail)))
        items.append(
            Path(
                (("M", side * 0.62, -0.55), ("C", side * 0.72, -0.45, side * 0.72, -0.3, side * 0.66, -0.2)),
                style=_pen(detail, FINE),
            )
        )
    items.append(Path((("M", -0.14, 0.04), ("C", -0.05, -0.02, 0.05, -0.02, 0.14, 0.04)), style=_pen(detail, FINE)))
    items.append(Path((("M", -0.2, -0.72), ("C", -0.1, -0.82, 0.1, -0.82, 0.2, -0.72)), style=_pen(detail, FINE)))
    return items


def stag(ink: str, detail: str) -> list[Item]:
    """A stag's head with wide branching antlers."""
    items: list[Item] = []
    for side in (-1, 1):
        s = side
        items += _limb(((s * 0.12, -0.2), (s * 0.3, -0.46), (s * 0.56, -0.62), (s * 0.8, -0.92)), ink, 0.12)
        items += _limb(((s * 0.3, -0.46), (s * 0.24, -0.8)), ink, 0.11)
        items += _limb(((s * 0.56, -0.62), (s * 0.52, -0.96)), ink, 0.1)
        items += _limb(((s * 0.66, -0.74), (s * 0.96, -0.66)), ink, 0.1)
        ear = ellipse(s * 0.44, -0.08, 0.22, 0.09, s * 20.0)
        items.append(Path(ear, style=_fill(ink)))
    head = (
        ("M", 0.0, 0.95),
        ("C", -0.14, 0.95, -0.2, 0.82, -0.2, 0.62),
        ("L", -0.32, 0.0),
        ("C", -0.35, -0.16, -0.2, -0.26, 0.0, -0.26),
        ("C", 0.2, -0.26, 0.35, -0.16, 0.32, 0.0),
        ("L", 0.2, 0.62),
        ("C", 0.2, 0.82, 0.14, 0.95, 0.0, 0.95),
        ("Z",),
    )
    items += [
        Path(head, style=_fill(ink)),
        Path(ellipse(-0.16, 0.06, 0.06, 0.04, 20.0), style=_fill(detail)),
        Path(ellipse(0.16, 0.06, 0.06, 0.04, -20.0), style=_fill(detail)),
        Path(ellipse(0.0, 0.8, 0.1, 0.06), style=_fill(detail)),
        Path((("M", 0.0, 0.2), ("L", 0.0, 0.6)), style=_pen(detail, FINE, 0.6)),
    ]
    return items


def assassin(ink: str, detail: str) -> list[Item]:
    """A hooded figure whose eyes glint from the shadow, a dagger drawn."""
    cloak = (
        ("M", 0.0, -0.95),
        ("C", 0.36, -0.82, 0.6, -0.46, 0.62, 0.0),
        ("L", 0.78, 0.96),
        ("L", -0.78, 0.96),
        ("L", -0.62, 0.0),
        ("C", -0.6, -0.46, -0.36, -0.82, 0.0, -0.95),
        ("Z",),
    )
    face = (
        ("M", 0.0, -0.62),
        ("C", 0.28, -0.6, 0.36, -0.3, 0.3, -0.06),
        ("C", 0.2, 0.1, -0.2, 0.1, -0.3, -0.06),
        ("C", -0.36, -0.3, -0.28, -0.6, 0.0, -0.62),
        ("Z",),
    )
    items: list[Item] = [
        Path(cloak, style=_fill(ink)),
        Path(face, style=_fill(blend(detail, ink, 0.22))),
        Path((("M", -0.34, 0.2), ("C", -0.15, 0.35, 0.15, 0.35, 0.34, 0.2)), style=_pen(detail, FINE, 0.6)),
    ]
    for side in (-1, 1):
        items.append(Polygon(((side * 0.04, -0.3), (side * 0.22, -0.36), (side * 0.18, -0.24)), style=_fill(detail)))
    items.append(Group(tuple(_sword(detail, ink)), dx=0.42, dy=0.42, rotate=40.0, scale=0.52))
    return items


def skull(ink: str, detail: str) -> list[Item]:
    """A skull over crossed bones."""
    items: list[Item] = []
    for a, b in (((-0.82, -0.2), (0.82, 0.86)), ((0.82, -0.2), (-0.82, 0.86))):
        items += [Line(*a, *b, style=_pen(ink, HEAVY))]
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = math.hypot(dx, dy)
        px, py = -dy / n * 0.08, dx / n * 0.08
        for x, y in (a, b):
            items += [Circle(x + px, y + py, 0.1, style=_fill(ink)), Circle(x - px, y - py, 0.1, style=_fill(ink))]
    edge = Style(fill=ink, stroke=detail, width=FINE)
    items += [
        Rect(-0.3, -0.02, 0.6, 0.5, style=edge, radius=0.1),
        Circle(0.0, -0.34, 0.56, style=edge),
        Rect(-0.27, -0.05, 0.54, 0.2, style=_fill(ink)),
        Circle(-0.22, -0.3, 0.16, style=_fill(detail)),
        Circle(0.22, -0.3, 0.16, style=_fill(detail)),
        Polygon(((0.0, -0.14), (0.08, 0.02), (-0.08, 0.02)), style=_fill(detail)),
    ]
    items += [Line(x, 0.2, x, 0.44, style=_pen(detail, FINE)) for x in (-0.15, 0.0, 0.15)]
    return items


def helm(ink: str, detail: str) -> list[Item]:
    """A knight's great helm with a cross-shaped visor and a plume."""
    shell = (
        ("M", -0.56, 0.7),
        ("L", -0.56, -0.2),
        ("C", -0.56, -0.68, -0.3, -0.84, 0.0, -0.84),
        ("C", 0.3, -0.84, 0.56, -0.68, 0.56, -0.2),
        ("L", 0.56, 0.7),
        ("Z",),
    )
    plume = (
        ("M", -0.05, -0.8),
        ("C", 0.1, -1.02, 0.6, -1.02, 0.95, -0.7),
        ("C", 0.62, -0.82, 0.32, -0.8, 0.12, -0.66),
        ("Z",),
    )
    items: list[Item] = [
        Path(plume, style=_fill(ink, 0.6)),
        Polygon(((-0.62, 0.68), (0.62, 0.68), (0.9, 0.96), (-0.9, 0.96)), style=_fill(ink)),
        Path(shell, style=Style(fill=ink, stroke=detail, width=FINE)),
        Rect(-0.44, -0.24, 0.88, 0.13, style=_fill(detail), radius=0.04),
        Rect(-0.065, -0.24, 0.13, 0.62, style=_fill(detail), radius=0.04),
        Line(0.0, -0.84, 0.0, -0.3, style=_pen(detail, FINE, 0.6)),
    ]
    items += [Circle(x, y, 0.04, style=_fill(detail)) for x in (-0.3, -0.18, 0.18, 0.3) for y in (0.12, 0.28)]
    return items


def pegasus(ink: str, detail: str) -> list[Item]:
    """A horse's head and neck with a great feathered wing."""
    wing = (
        (0.22, 0.0),
        (0.5, -0.5),
        (0.96, -0.98),
        (0.98, -0.62),
        (0.86, -0.52),
        (0.96, -0.32),
        (0.8, -0.22),
        (0.88, -0.02),
        (0.62, 0.06),
    )
    head = (
        ("M", 0.3, 0.96),
        ("C", 0.42, 0.6, 0.46, 0.2, 0.36, -0.1),
        ("C", 0.28, -0.36, 0.16, -0.5, 0.06, -0.58),
        ("L", 0.08, -0.86),
        ("L", -0.1, -0.62),
        ("C", -0.35, -0.55, -0.6, -0.3, -0.78, -0.05),
        ("C", -0.86, 0.06, -0.82, 0.2, -0.7, 0.22),
        ("C", -0.56, 0.24, -0.42, 0.14, -0.3, 0.16),
        ("C", -0.2, 0.2, -0.22, 0.4, -0.34, 0.96),
        ("Z",),
    )
    items: list[Item] = [Polygon(wing, style=_fill(ink, 0.55))]
    items += [Line(0.3, -0.02, x, y, style=_pen(detail, FINE)) for x, y in ((0.86, -0.52), (0.8, -0.22))]
    items += [
        Path(head, style=Style(fill=ink, stroke=detail, width=FINE)),
        Circle(-0.3, -0.3, 0.06, style=_fill(detail)),
        Circle(-0.68, 0.06, 0.035, style=_fill(detail)),
        Path((("M", 0.12, -0.5), ("C", 0.28, -0.3, 0.36, 0.0, 0.34, 0.3)), style=_pen(detail, FINE)),
    ]
    return items


def golem(ink: str, detail: str) -> list[Item]:
    """A stone giant built of blocks, cracked, with glowing eyes."""
    block = _fill(ink)
    items: list[Item] = [
        Rect(-0.22, -0.96, 0.44, 0.38, style=block, radius=0.07),
        Polygon(((-0.56, -0.52), (0.56, -0.52), (0.44, 0.3), (-0.44, 0.3)), style=block),
        Rect(-0.94, -0.5, 0.32, 0.8, style=block, radius=0.08),
        Rect(0.62, -0.5, 0.32, 0.8, style=block, radius=0.08),
        Rect(-0.98, 0.32, 0.4, 0.34, style=block, radius=0.08),
        Rect(0.58, 0.32, 0.4, 0.34, style=block, radius=0.08),
        Rect(-0.4, 0.36, 0.32, 0.6, style=block, radius=0.06),
        Rect(0.08, 0.36, 0.32, 0.6, style=block, radius=0.06),
        Rect(-0.14, -0.82, 0.1, 0.07, style=_fill(detail)),
        Rect(0.04, -0.82, 0.1, 0.07, style=_fill(detail)),
        Path((("M", -0.2, -0.4), ("L", -0.05, -0.2), ("L", -0.18, 0.0), ("L", 0.02, 0.18)), style=_pen(detail, FINE)),
        Path((("M", 0.3, -0.38), ("L", 0.18, -0.22), ("L", 0.28, -0.08)), style=_pen(detail, FINE)),
        Line(-0.94, -0.1, -0.62, -0.1, style=_pen(detail, FINE)),
        Line(0.62, -0.1, 0.94, -0.1, style=_pen(detail, FINE)),
    ]
    return items


def spyglass(ink: str, detail: str) -> list[Item]:
    """A spyglass over a compass rose (the first to see)."""
    rose: list[Item] = []
    for k in range(8):
        a = math.radians(k * 45 - 90)
        r = 0.98 if k % 2 == 0 else 0.55
        tip = (r * math.cos(a), r * math.sin(a))
        sides = [(0.16 * math.cos(a + s), 0.16 * math.sin(a + s)) for s in (-math.pi / 2, math.pi / 2)]
        rose.append(Polygon((sides[0], tip, sides[1]), style=_fill(ink, 0.4)))
    rose.append(Circle(0.0, 0.0, 0.62, style=_pen(ink, FINE, 0.5)))
    glass = Style(fill=ink, stroke=detail, width=FINE)
    tube: list[Item] = [
        Rect(-0.94, -0.1, 0.52, 0.2, style=glass, radius=0.03),
        Rect(-0.46, -0.14, 0.56, 0.28, style=glass, radius=0.03),
        Rect(0.08, -0.19, 0.72, 0.38, style=glass, radius=0.03),
        Rect(0.76, -0.24, 0.16, 0.48, style=glass, radius=0.04),
        Line(0.3, -0.19, 0.3, 0.19, style=_pen(detail, FINE)),
    ]
    return [*rose, Group(tuple(tube), rotate=-32.0)]


# ---------------------------------------------------------------- registry

ICONS: dict[str, Drawing] = {
    "flame-wall": flame_wall,
    "blazing-swords": blazing_swords,
    "fog": fog,
    "gale": gale,
    "fountain": fountain,
    "sprout": sprout,
    "evil-eye": evil_eye,
    "radiant-shield": radiant_shield,
    "fortress": fortress,
    "tent": tent,
    "market-stall": market_stall,
    "mage-tower": mage_tower,
    "salamander": salamander,
    "dragon": dragon,
    "sprite": sprite,
    "wave-trident": wave_trident,
    "treant": treant,
    "stag": stag,
    "assassin": assassin,
    "skull": skull,
    "helm": helm,
    "pegasus": pegasus,
    "golem": golem,
    "spyglass": spyglass,
}
"""Every card icon by the name a card's `icon:` gives (validator/games/shogi_tcg.py `CardIcon`)."""


def card_icon(name: str, cx: float, cy: float, radius: float, ink: str, detail: str) -> Group:
    """The icon `name` centred at (cx, cy), `radius` mm from centre to the edge of its box."""
    return Group(tuple(ICONS[name](ink, detail)), dx=cx, dy=cy, scale=radius, role="icon", name=name)


__all__ = ["ICONS", "card_icon"]
