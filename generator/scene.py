"""The scene: frozen drawing primitives in millimetres, origin top-left, y down.

Layouts produce scenes and know nothing of PDF or SVG; backends translate
scenes and hold no layout logic. Tests read scenes to check geometry.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import KW_ONLY, dataclass, field

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Style:
    _: KW_ONLY
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.25
    dash: tuple[float, ...] | None = None
    opacity: float = 1.0


NO_STYLE = Style()


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    _: KW_ONLY
    style: Style = NO_STYLE
    radius: float = 0.0
    role: str = ""


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    _: KW_ONLY
    style: Style = NO_STYLE
    role: str = ""


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    _: KW_ONLY
    style: Style = NO_STYLE
    role: str = ""


@dataclass(frozen=True, slots=True)
class Polygon:
    points: tuple[Point, ...]
    _: KW_ONLY
    style: Style = NO_STYLE
    role: str = ""


@dataclass(frozen=True, slots=True)
class Path:
    """Commands: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)."""

    ops: tuple[tuple, ...]
    _: KW_ONLY
    style: Style = NO_STYLE
    role: str = ""


@dataclass(frozen=True, slots=True)
class Text:
    """One line of already-wrapped text; y is the baseline, size is in points."""

    x: float
    y: float
    text: str
    size: float
    _: KW_ONLY
    colour: str = "#000000"
    anchor: str = "start"  # start | middle | end
    bold: bool = False
    role: str = ""
    italic: bool = False
    font: str = ""
    """The font family (a key of the kit's fonts); "" is the kit's default family."""
    overflow: bool = False
    """The line runs past the box it was fitted to (PK309 told it): checks of its room do not tell it again."""


@dataclass(frozen=True, slots=True)
class Image:
    x: float
    y: float
    w: float
    h: float
    path: str
    _: KW_ONLY
    role: str = ""


@dataclass(frozen=True, slots=True)
class Group:
    """Children drawn translated by (dx, dy), then rotated (degrees) and scaled about the new origin."""

    items: tuple[Item, ...]
    _: KW_ONLY
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0
    scale: float = 1.0
    clip: Rect | None = None
    """Children outside this rectangle (group coordinates; its `radius` rounds the corners) are cut away."""
    role: str = ""
    name: str = ""
    symbol: str = ""
    """Groups with the same symbol draw the same items inside the same clip: the backends store
    them once (a PDF Form XObject, an SVG <symbol>) and place each with its own dx, dy, rotate, scale.
    Layouts set it for what repeats — a deck's back, a card drawn many times — so backends never
    have to compare geometry to find out."""


Item = Rect | Circle | Line | Polygon | Path | Text | Image | Group


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    items: tuple[Item, ...]
    label: str = ""
    trim: Box | None = None
    bleed: Box | None = None
    deck: str = ""
    """The id of the deck whose cards this page holds ("" for anything else): partial builds and the index read it."""
    deck_name: str = ""
    """That deck's printed name, for the kit book's contents."""


@dataclass(frozen=True)
class Bookmark:
    title: str
    page: int
    level: int = 0


@dataclass(frozen=True)
class Document:
    pages: tuple[Page, ...]
    title: str
    author: str = ""
    subject: str = ""
    keywords: tuple[str, ...] = ()
    bookmarks: tuple[Bookmark, ...] = field(default_factory=tuple)


Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def group_matrix(group: Group, outer: Matrix = IDENTITY) -> Matrix:
    """The affine map from a group's coordinates to the page: translate, rotate, scale."""
    rad = math.radians(group.rotate)
    cos, sin = math.cos(rad) * group.scale, math.sin(rad) * group.scale
    inner = (cos, sin, -sin, cos, group.dx, group.dy)
    return compose(outer, inner)


def compose(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def apply(m: Matrix, x: float, y: float) -> Point:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def walk(items: tuple[Item, ...], matrix: Matrix = IDENTITY) -> Iterator[tuple[Item, Matrix]]:
    """Every item with the matrix that places it on the page; groups come before their children."""
    for item in items:
        yield item, matrix
        if isinstance(item, Group):
            yield from walk(item.items, group_matrix(item, matrix))


def corner_points(item: Item) -> list[Point]:
    """Points whose hull contains an untransformed primitive (text and groups have none)."""
    if isinstance(item, (Rect, Image)):
        return [
            (item.x, item.y),
            (item.x + item.w, item.y),
            (item.x, item.y + item.h),
            (item.x + item.w, item.y + item.h),
        ]
    if isinstance(item, Circle):
        return [
            (item.cx - item.r, item.cy - item.r),
            (item.cx + item.r, item.cy + item.r),
            (item.cx - item.r, item.cy + item.r),
            (item.cx + item.r, item.cy - item.r),
        ]
    if isinstance(item, Line):
        return [(item.x1, item.y1), (item.x2, item.y2)]
    if isinstance(item, Polygon):
        return list(item.points)
    if isinstance(item, Path):
        return [(op[k], op[k + 1]) for op in item.ops for k in range(1, len(op) - 1, 2)]
    return []


def bounds(item: Item, matrix: Matrix = IDENTITY) -> tuple[float, float, float, float] | None:
    """Page-space extent (x0, y0, x1, y1) of a primitive, stroke width included."""
    points = [apply(matrix, x, y) for x, y in corner_points(item)]
    if not points:
        return None
    pad = 0.0
    style = getattr(item, "style", None)
    if style is not None and style.stroke:
        pad = style.width / 2 * math.hypot(matrix[0], matrix[1])
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad
