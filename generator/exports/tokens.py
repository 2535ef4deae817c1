"""Tokens read back from token sheets: each distinct token once, with how many the sheet prints.

Token sheets draw each piece as a Group whose role is one of TOKEN_ROLES, at
its place on the sheet, in its own shape (a disc, a hexagon, a house …): the
picture is transparent around it. A fold-over standee is pictured by its upright
face and marked as standing. Two tokens are the same when they draw the same thing
once moved to the origin; the label printed above a row ("Fire × 6") names them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..games import Component
from ..layouts.tokens import TOKEN_ROLES
from ..scene import (
    Circle,
    Group,
    Image,
    Item,
    Line,
    Path,
    Polygon,
    Rect,
    Text,
    bounds,
    group_matrix,
    walk,
)

PAD = 0.5
"""Transparent margin (mm) around each token image, so Tabletop Simulator traces its edge cleanly."""
_LABEL = re.compile(r"^(?P<label>.+?) × (?P<count>\d+)$")


@dataclass
class Token:
    label: str
    """The name printed above the token's row on the sheet, or its mark, or ""."""
    group: Group
    """The token moved so its extent starts PAD mm from (0, 0)."""
    width: float
    height: float
    """Its extent with PAD on every side, in mm."""
    copies: int
    component: str
    stands: bool = False
    """A standee: its face is pictured, and it stands up on the table."""


def tokens(parts: Sequence[Component]) -> list[Token]:
    """Every distinct token on these components' pages, in the order first printed."""
    found: dict[Group, Token] = {}
    for part in parts:
        for page in part.pages:
            label = ""
            for item in page.items:
                if isinstance(item, Text):
                    match = _LABEL.match(item.text)
                    if match:
                        label = match["label"]
                if not (isinstance(item, Group) and item.role in TOKEN_ROLES):
                    continue
                stands = item.role == "standee"
                if stands:
                    item = _face(item)
                extent = _extent(item)
                if extent is None:
                    continue
                x0, y0, x1, y1 = extent
                moved = shift(replace(item, name=""), PAD - x0, PAD - y0)  # copies differ only by name
                assert isinstance(moved, Group)
                token = found.get(moved)
                if token is None:
                    name = label or item.name or _mark(item)
                    token = Token(name, moved, x1 - x0 + 2 * PAD, y1 - y0 + 2 * PAD, 0, part.slug, stands)
                    found[moved] = token
                token.copies += 1
    return list(found.values())


def _face(standee: Group) -> Group:
    """A standee's upright face, in its own coordinates (the sheet lays the standee on its side)."""
    return next(
        (item for item, _m in walk(standee.items) if isinstance(item, Group) and item.role == "standee-face"),
        standee,
    )


def _extent(group: Group) -> tuple[float, float, float, float] | None:
    boxes = [b for item, matrix in walk(group.items, group_matrix(group)) if (b := bounds(item, matrix)) is not None]
    if not boxes:
        return None
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def _mark(group: Group) -> str:
    return next((item.text for item, _m in walk(group.items) if isinstance(item, Text) and item.text), "")


def _at(value: float, by: float) -> float:
    return round(value + by, 6)  # equal tokens at different places come out exactly equal


def shift(item: Item, dx: float, dy: float) -> Item:
    """The item moved by (dx, dy) in its parent's coordinates.

    A plain group (not turned, scaled or a symbol) passes its offset on to its children, so two equal
    drawings at different places come out as equal items.
    """
    if isinstance(item, Group):
        if item.rotate or item.scale != 1 or item.symbol:
            return replace(item, dx=_at(item.dx, dx), dy=_at(item.dy, dy))
        ox, oy = item.dx + dx, item.dy + dy
        clip = item.clip
        if clip is not None:
            clip = replace(clip, x=_at(clip.x, ox), y=_at(clip.y, oy))
        return replace(item, dx=0.0, dy=0.0, items=tuple(shift(child, ox, oy) for child in item.items), clip=clip)
    if isinstance(item, (Rect, Image)):
        return replace(item, x=_at(item.x, dx), y=_at(item.y, dy))
    if isinstance(item, Circle):
        return replace(item, cx=_at(item.cx, dx), cy=_at(item.cy, dy))
    if isinstance(item, Line):
        return replace(item, x1=_at(item.x1, dx), y1=_at(item.y1, dy), x2=_at(item.x2, dx), y2=_at(item.y2, dy))
    if isinstance(item, Polygon):
        return replace(item, points=tuple((_at(x, dx), _at(y, dy)) for x, y in item.points))
    if isinstance(item, Path):
        return replace(item, ops=tuple(_shift_op(op, dx, dy) for op in item.ops))
    return replace(item, x=_at(item.x, dx), y=_at(item.y, dy))  # Text


def _shift_op(op: tuple, dx: float, dy: float) -> tuple:
    head, *numbers = op
    return (head, *(_at(v, dx if i % 2 == 0 else dy) for i, v in enumerate(numbers)))
