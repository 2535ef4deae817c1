"""Element icons as vector paths, drawn in a unit box (-1..1) and scaled into place."""

from __future__ import annotations

from ..scene import Group, Item, Path, Polygon, Style
from .paths import star


def drop_path() -> tuple[tuple, ...]:
    return (
        ("M", 0.0, -1.0),
        ("C", 0.3, -0.5, 0.72, -0.1, 0.72, 0.32),
        ("C", 0.72, 0.72, 0.4, 1.0, 0.0, 1.0),
        ("C", -0.4, 1.0, -0.72, 0.72, -0.72, 0.32),
        ("C", -0.72, -0.1, -0.3, -0.5, 0.0, -1.0),
        ("Z",),
    )


def flame_path() -> tuple[tuple, ...]:
    return (
        ("M", 0.05, -1.0),
        ("C", 0.3, -0.6, 0.8, -0.35, 0.74, 0.3),
        ("C", 0.7, 0.75, 0.38, 1.0, 0.0, 1.0),
        ("C", -0.4, 1.0, -0.74, 0.72, -0.74, 0.3),
        ("C", -0.74, -0.05, -0.5, -0.3, -0.38, -0.55),
        ("C", -0.25, -0.3, -0.2, -0.2, -0.1, -0.12),
        ("C", -0.15, -0.5, -0.05, -0.75, 0.05, -1.0),
        ("Z",),
    )


def flame_core_path() -> tuple[tuple, ...]:
    return (
        ("M", 0.0, -0.1),
        ("C", 0.15, 0.15, 0.4, 0.3, 0.38, 0.58),
        ("C", 0.36, 0.82, 0.2, 0.95, 0.0, 0.95),
        ("C", -0.2, 0.95, -0.38, 0.82, -0.38, 0.6),
        ("C", -0.38, 0.35, -0.12, 0.2, 0.0, -0.1),
        ("Z",),
    )


def mountain_points() -> tuple[tuple[float, float], ...]:
    return ((-1.0, 0.8), (-0.35, -0.45), (-0.05, 0.0), (0.35, -0.8), (1.0, 0.8))


def snowcap_points() -> tuple[tuple[float, float], ...]:
    return ((0.35, -0.8), (0.57, -0.38), (0.42, -0.45), (0.33, -0.33), (0.22, -0.45), (0.12, -0.38))


def swirl_path() -> tuple[tuple, ...]:
    """Three wind strokes ending in curls."""
    return (
        ("M", -0.95, -0.35),
        ("L", 0.35, -0.35),
        ("C", 0.75, -0.35, 0.8, -0.9, 0.42, -0.9),
        ("C", 0.2, -0.9, 0.12, -0.68, 0.22, -0.58),
        ("M", -0.95, 0.05),
        ("L", 0.6, 0.05),
        ("C", 1.0, 0.05, 1.0, 0.6, 0.65, 0.6),
        ("C", 0.42, 0.6, 0.36, 0.38, 0.48, 0.3),
        ("M", -0.7, 0.45),
        ("L", 0.05, 0.45),
        ("C", 0.35, 0.45, 0.38, 0.85, 0.12, 0.88),
    )


ICON_NAMES = ("flame", "drop", "swirl", "mountain", "star")


def icon(name: str, cx: float, cy: float, radius: float, colour: str, outline: str = "#ffffff") -> Group:
    """An icon centred at (cx, cy), `radius` mm from centre to edge of its box."""
    line = 0.12
    body: list[Item] = []
    if name == "drop":
        body = [
            Path(drop_path(), style=Style(fill=colour, stroke=outline, width=line)),
            Path(
                (("M", -0.38, 0.3), ("C", -0.38, 0.55, -0.22, 0.7, -0.05, 0.72)),
                style=Style(stroke=outline, width=line),
            ),
        ]
    elif name == "flame":
        body = [
            Path(flame_path(), style=Style(fill=colour, stroke=outline, width=line)),
            Path(flame_core_path(), style=Style(fill=outline, opacity=0.85)),
        ]
    elif name == "mountain":
        body = [
            Polygon(mountain_points(), style=Style(fill=colour, stroke=outline, width=line)),
            Polygon(snowcap_points(), style=Style(fill=outline)),
        ]
    elif name == "swirl":
        body = [
            Path(swirl_path(), style=Style(stroke=outline, width=0.34)),
            Path(swirl_path(), style=Style(stroke=colour, width=0.2)),
        ]
    elif name == "star":
        body = [Polygon(star(0.0, 0.08, 1.0, 0.42, 5), style=Style(fill=colour, stroke=outline, width=line))]
    return Group(tuple(body), dx=cx, dy=cy, scale=radius, role="icon", name=name)
