"""One piece of a token sheet drawn in its own shape: a flat piece with its cut line, or a fold-over standee.

A piece is drawn in a box `width × height` (validator.components.tokens.piece_box): a disc is today's round
token (`token`); a square, rectangle or strip a box; a hexagon flat-topped, corner to corner across; a house,
city and pawn their silhouettes; a cube seen from a corner, its three faces shaded. A mark sits where the shape
has most room (`mark_room`), in a colour that contrasts with the fill under it (`colour.mark_ink`) and at a size
that scales with that room. A standee is the piece's face twice, the upper one upside down, between two base
tabs: cut round it, fold it in the middle and fold the tabs out to either side.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from pnpkit.validator.components.tokens import standee_base

from ..colour import WHITE, mark_ink, shade, tint
from ..scene import Circle, Group, Item, Line, Point, Polygon, Rect, Style, Text
from ..typeset import fonts
from ..units import MM_PER_PT
from .context import INK, floor_pt
from .marks import GLYPH_MIDDLE, drawn_mark
from .tokens import CUT, RING, token

CUT_GAP = 0.6
"""How far outside a flat piece its dashed cut line runs (as round tokens have it)."""
FOLD = Style(stroke=INK, width=0.25, dash=(1.2, 0.8))
STANDEE_INNER = 1.2
"""The figure's margin inside each panel of a standee."""
LINE_EM = 1.05
"""A mark's line box (ascent and descent, fonts.ASCENT + fonts.DESCENT) in ems, with a little air: the mark's size
is the room's height over this, so it grows with its piece and its box stays inside the room."""
MARK_MAX_PT = 30.0
CAP_MIDDLE = 0.36
"""How far below the middle of a digit or capital its baseline lies, in ems: a mark centred by eye."""
RING_STROKE, CLEAR_IN_CIRCLE = 0.5, 0.35
"""A round token's white ring's stroke, and the room a text keeps inside a circle's stroke (with a little air)."""
DISC_MARK_SHARE = 0.85
"""A mark on a disc reaches this share of the way to its ring: the ring stays a frame round it, not a border it
touches."""
GLYPH_REACH = 0.38
"""How far above and below its middle a centred mark's glyphs reach, in ems (the collision check's measure)."""


@dataclass(frozen=True)
class PieceSpec:
    """A kind of piece as the sheet prints it."""

    label: str
    colour: str
    count: int
    shape: str = "disc"
    width: float = 18.0
    height: float = 18.0
    """The flat piece's box, or a standee's face (mm)."""
    stands: bool = False
    mark: str = ""
    icon: str = ""
    countdown: int = 0
    where: tuple = ()
    """The kind in the kit: its `name` and `mark` are reported under it."""
    size_where: tuple = ()
    """The line that sets its size, for a hint that says what to enlarge."""


def cell(spec: PieceSpec) -> tuple[float, float]:
    """The room one piece takes on the sheet, cut line included."""
    if spec.stands:
        return 2 * spec.height + 2 * standee_base(spec.height), spec.width
    return spec.width + 2 * CUT_GAP, spec.height + 2 * CUT_GAP


def piece(spec: PieceSpec, x: float, y: float) -> list[Item]:
    """The piece whose cell's top-left corner is (x, y), and its cut line."""
    if spec.stands:
        return [standee(spec, x, y)]
    px, py = x + CUT_GAP, y + CUT_GAP
    if spec.shape == "disc":
        r = spec.width / 2
        cx, cy = px + r, py + r
        drawn = token(cx, cy, r, spec.colour, "", "token", spec.label, spec.icon, spec.countdown)
        if spec.mark and not spec.icon:  # sized to the ring, as marks on other shapes are to theirs
            size, fits = mark_fit(spec.mark, "disc", spec.width, spec.height)
            mark = mark_item(spec.mark, size, mark_ink(spec.colour), cx, cy, overflow=not fits)
            drawn = replace(drawn, items=(*drawn.items, mark))
        return [drawn, Circle(cx, cy, r + CUT_GAP, style=CUT, role="cut")]
    items = face(spec, px, py, spec.width, spec.height)
    return [Group(tuple(items), role="token", name=spec.label), cut_line(spec.shape, px, py, spec.width, spec.height)]


def face(spec: PieceSpec, x: float, y: float, w: float, h: float) -> list[Item]:
    """The shape filled in the piece's colour in the box (x, y, w, h), and its mark or icon."""
    edge = Style(fill=spec.colour, stroke=INK, width=0.25)
    items: list[Item]
    if spec.shape in ("square", "rectangle", "strip"):
        items = [Rect(x, y, w, h, style=edge, radius=min(1.0, h * 0.12))]
    elif spec.shape == "cube":
        items = _cube(spec.colour, x, y, w, h)
    elif spec.shape == "disc":
        items = [Circle(x + w / 2, y + h / 2, min(w, h) / 2, style=edge)]
    else:
        items = [Polygon(tuple(outline(spec.shape, x, y, w, h)), style=edge)]
    cx, cy, room_w, room_h = mark_room(spec.shape, x, y, w, h)
    ink = mark_ink(spec.colour)
    if spec.icon:
        from ..icons.markers import marker_icon

        items.append(marker_icon(spec.icon, cx, cy, min(room_w, room_h) * 0.5, ink, outline=spec.colour))
    elif spec.mark:
        size, fits = mark_fit(spec.mark, spec.shape, w, h)
        items.append(mark_item(spec.mark, size, ink, cx, cy, overflow=not fits))
    return items


def mark_item(mark: str, size: float, colour: str, cx: float, cy: float, *, overflow: bool = False) -> Item:
    """`mark` at `size` pt centred on (cx, cy): as text, or as a shape from a shipped face the edition's lacks.
    A mark too large for its piece is `overflow`: told once, as such (PK309), not again as crowding its edge."""
    baseline = cy + CAP_MIDDLE * size * MM_PER_PT
    face = fonts.mark_face(mark)
    if fonts.missing_glyphs(mark, bold=True) and face is not None:
        return drawn_mark(mark, size, face, colour, cx, baseline - GLYPH_MIDDLE * size * MM_PER_PT)
    return Text(
        cx, baseline, mark, size, colour=colour, anchor="middle", bold=True, role="piece-mark", overflow=overflow
    )


def mark_fit(mark: str, shape: str, w: float, h: float) -> tuple[float, bool]:
    """The size (pt) `mark` prints at on a `shape` of w × h mm, and whether it fits there: it grows with the room
    the shape leaves for it (`mark_room`), up to MARK_MAX_PT, and never drops below the text floor; a mark that
    would need to is too large for its piece. On a disc the room is the white ring, less its stroke and the
    room a text keeps inside a circle (generator.layouts.collisions)."""
    floor = floor_pt(mark)
    across = fonts.width_mm(mark, 1.0, bold=True) / MM_PER_PT  # the mark's width in ems
    if shape == "disc":
        reach = min(w, h) / 2 * RING - RING_STROKE - CLEAR_IN_CIRCLE
        em = DISC_MARK_SHARE * reach / math.hypot(across / 2, GLYPH_REACH)
    else:
        _cx, _cy, room_w, room_h = mark_room(shape, 0.0, 0.0, w, h)
        em = min(room_h / LINE_EM, room_w / max(across, 1e-6))
    size = min(MARK_MAX_PT, em / MM_PER_PT)
    return max(round(size, 2), floor), size >= floor - 1e-6


def mark_room(shape: str, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    """Where a mark goes on a shape in the box (x, y, w, h): its centre and the width and height it may fill."""
    if shape == "disc":
        r = min(w, h) / 2
        return x + w / 2, y + h / 2, r * 1.3, r * 1.1
    if shape in ("square", "rectangle", "strip"):  # a box's edge is a line the mark keeps clear of (PK368)
        return x + w / 2, y + h / 2, w - 2.2, min(h * 0.8, h - 0.8)
    if shape == "hexagon":
        return x + w / 2, y + h / 2, w * 0.6, h * 0.7
    if shape == "house":
        return x + w / 2, y + h * 0.72, w * 0.8, h * 0.45
    if shape == "city":
        return x + w / 2, y + h * 0.76, w * 0.85, h * 0.4
    if shape == "pawn":
        r = _pawn_head(w, h)
        return x + w / 2, y + h * 0.27, r * 1.3, r * 1.2
    # a cube: its top face
    return x + w / 2, y + h * 0.25, w * 0.55, h * 0.28


def outline(shape: str, x: float, y: float, w: float, h: float) -> list[Point]:
    """The outline of a hexagon, house, city, pawn or cube in the box (x, y, w, h), clockwise on the page."""
    if shape == "hexagon":
        unit = [(0.0, 0.5), (0.25, 0.0), (0.75, 0.0), (1.0, 0.5), (0.75, 1.0), (0.25, 1.0)]
    elif shape == "house":
        unit = [(0.0, 1.0), (0.0, 0.45), (0.5, 0.0), (1.0, 0.45), (1.0, 1.0)]
    elif shape == "city":
        unit = [(0.0, 1.0), (0.0, 0.36), (0.26, 0.0), (0.52, 0.36), (0.52, 0.52), (1.0, 0.52), (1.0, 1.0)]
    elif shape == "cube":
        unit = [(0.5, 0.0), (1.0, 0.25), (1.0, 0.75), (0.5, 1.0), (0.0, 0.75), (0.0, 0.25)]
    elif shape == "pawn":
        return _pawn(x, y, w, h)
    else:
        unit = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    return [(round(x + u * w, 4), round(y + v * h, 4)) for u, v in unit]


def _pawn_head(w: float, h: float) -> float:
    return min(0.19 * h, 0.32 * w)


def _pawn(x: float, y: float, w: float, h: float) -> list[Point]:
    """A pawn: a round head on a tapering body on a flat base."""
    cx, r = x + w / 2, _pawn_head(w, h)
    head_y = y + r + 0.02 * h
    neck = min(0.12 * w, r * 0.8)
    reach = math.degrees(math.asin(neck / r))
    start = -(180.0 - reach)
    points: list[Point] = []
    steps = 24
    for k in range(steps + 1):
        a = math.radians(start + (2 * (180.0 - reach)) * k / steps)
        points.append((cx + r * math.sin(a), head_y - r * math.cos(a)))
    body = [(0.3, 0.82), (0.45, 0.86), (0.45, 1.0)]
    points += [(cx + u * w, y + v * h) for u, v in body]
    points += [(cx - u * w, y + v * h) for u, v in reversed(body)]
    return [(round(px, 4), round(py, 4)) for px, py in points]


def _cube(colour: str, x: float, y: float, w: float, h: float) -> list[Item]:
    """A cube seen from a corner: the top face in the piece's colour, the two sides shaded."""
    top, right, bottom, left, middle = (
        (x + w / 2, y),
        (x + w, y + h / 4),
        (x + w / 2, y + h),
        (x, y + h / 4),
        (x + w / 2, y + h / 2),
    )
    line = Style(stroke=INK, width=0.25)
    return [
        Polygon(
            (left, middle, bottom, (x, y + 3 * h / 4)), style=Style(fill=shade(colour, 0.2), stroke=INK, width=0.25)
        ),
        Polygon(
            (middle, right, (x + w, y + 3 * h / 4), bottom),
            style=Style(fill=shade(colour, 0.4), stroke=INK, width=0.25),
        ),
        Polygon((top, right, middle, left), style=Style(fill=colour, stroke=INK, width=0.25)),
        Polygon(tuple(outline("cube", x, y, w, h)), style=line),
    ]


def cut_line(shape: str, x: float, y: float, w: float, h: float) -> Item:
    """The dashed line to cut along, CUT_GAP outside the piece."""
    if shape in ("square", "rectangle", "strip"):
        return Rect(x - CUT_GAP, y - CUT_GAP, w + 2 * CUT_GAP, h + 2 * CUT_GAP, style=CUT, role="cut")
    return Polygon(tuple(offset(outline(shape, x, y, w, h), CUT_GAP)), style=CUT, role="cut")


def offset(points: list[Point], by: float) -> list[Point]:
    """A closed outline, clockwise on the page, moved `by` mm outwards: each side moved out along its normal and
    each corner where the moved sides meet (a near-straight corner keeps its point moved along the normal)."""
    n = len(points)
    out: list[Point] = []
    for i in range(n):
        (ax, ay), (bx, by_), (cx, cy) = points[i - 1], points[i], points[(i + 1) % n]
        n1, n2 = _normal(ax, ay, bx, by_), _normal(bx, by_, cx, cy)
        mx, my = n1[0] + n2[0], n1[1] + n2[1]
        dot = n1[0] * n2[0] + n1[1] * n2[1]
        scale = by / max(1 + dot, 0.2)  # the corner's mitre: 1/cos² of half the turn, capped at sharp corners
        out.append((round(bx + mx * scale, 4), round(by_ + my * scale, 4)))
    return out


def _normal(ax: float, ay: float, bx: float, by: float) -> Point:
    """The outward unit normal of a side of a clockwise outline (y down the page)."""
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy) or 1.0
    return dy / length, -dx / length


def standee(spec: PieceSpec, x: float, y: float) -> Group:
    """A fold-over standee lying on its side in the cell at (x, y), its base to the right: base tab, the face upside
    down, the face, base tab; cut round it, fold on the dashed lines. The upright face is a `standee-face` group,
    the picture exports take."""
    w, h = spec.width, spec.height
    base = standee_base(h)
    ground = tint(spec.colour, 0.15)
    inner = STANDEE_INNER
    items: list[Item] = [
        Rect(0.0, 0.0, w, 2 * h + 2 * base, style=Style(fill=ground, stroke=INK, width=0.3), role="cut")
    ]
    for top, flip in ((base, True), (base + h, False)):
        panel = face(spec, inner, top + inner, w - 2 * inner, h - 2 * inner)
        panel.insert(0, Rect(0.0, top, w, h, style=Style(fill=WHITE)))
        if flip:
            items.append(Group(tuple(panel), dx=w, dy=2 * top + h, rotate=180))
        else:
            items.append(Group(tuple(panel), role="standee-face", name=spec.label))
    for fold_y in (base, base + h, base + 2 * h):
        items.append(Line(0.0, fold_y, w, fold_y, style=FOLD, role="fold"))
    return Group(tuple(items), dx=x, dy=y + w, rotate=-90, role="standee", name=spec.label)
