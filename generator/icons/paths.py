"""Path geometry the icons share: arcs, ellipses and arrowheads as scene path operations, in any unit box."""

from __future__ import annotations

import math

Ops = tuple[tuple, ...]
KAPPA = 0.5523
"""Control-point distance of a cubic Bézier quarter circle, as a fraction of the radius."""


def arc(cx: float, cy: float, r: float, start: float, end: float, *, move: bool = True) -> Ops:
    """A circular arc from angle `start` to `end` (degrees; y points down, so angles turn clockwise) as Béziers."""
    segments = max(1, math.ceil(abs(end - start) / 90))
    step = math.radians((end - start) / segments)
    k = 4 / 3 * math.tan(step / 4)
    a = math.radians(start)
    x, y = cx + r * math.cos(a), cy + r * math.sin(a)
    ops: list[tuple] = [("M", x, y)] if move else [("L", x, y)]
    for _ in range(segments):
        b = a + step
        bx, by = cx + r * math.cos(b), cy + r * math.sin(b)
        ops.append(
            (
                "C",
                x - k * r * math.sin(a),
                y + k * r * math.cos(a),
                bx + k * r * math.sin(b),
                by - k * r * math.cos(b),
                bx,
                by,
            )
        )
        a, x, y = b, bx, by
    return tuple(ops)


def ellipse(cx: float, cy: float, rx: float, ry: float, angle: float = 0.0) -> Ops:
    """A closed ellipse of four Bézier quarters, turned `angle` degrees about its centre."""
    k = KAPPA
    a = math.radians(angle)
    ca, sa = math.cos(a), math.sin(a)

    def at(x: float, y: float) -> tuple[float, float]:
        return cx + x * ca - y * sa, cy + x * sa + y * ca

    quarter = (
        ((rx, k * ry), (k * rx, ry), (0.0, ry)),
        ((-k * rx, ry), (-rx, k * ry), (-rx, 0.0)),
        ((-rx, -k * ry), (-k * rx, -ry), (0.0, -ry)),
        ((k * rx, -ry), (rx, -k * ry), (rx, 0.0)),
    )
    ops: list[tuple] = [("M", *at(rx, 0.0))]
    for c1, c2, end in quarter:
        ops.append(("C", *at(*c1), *at(*c2), *at(*end)))
    ops.append(("Z",))
    return tuple(ops)


def arrowhead(x: float, y: float, angle: float, size: float) -> tuple[tuple[float, float], ...]:
    """A triangle with its tip at (x, y), pointing along `angle` (degrees)."""
    a = math.radians(angle)
    back_x, back_y = x - size * math.cos(a), y - size * math.sin(a)
    side_x, side_y = -math.sin(a) * size * 0.6, math.cos(a) * size * 0.6
    return ((x, y), (back_x + side_x, back_y + side_y), (back_x - side_x, back_y - side_y))


def star(cx: float, cy: float, outer: float, inner: float, points: int) -> tuple[tuple[float, float], ...]:
    """A star of `points` tips, the first straight up, its notches `inner` from the centre."""
    corners = []
    for i in range(2 * points):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(-90 + i * 180 / points)
        corners.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return tuple(corners)
