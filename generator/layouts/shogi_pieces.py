"""Shogi + TCG's punch-out pieces: the five-sided player piece with its dotted cut line, and round tokens
(numbered piece markers, life counters) inside a cut circle.

Kept apart from the game module (generator/games/shogi_tcg.py), which lays them out in rows on the sheet.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..colour import INK, WHITE
from ..icons.shogi_symbols import koma
from ..scene import Circle, Group, Item, Style
from ..typeset.text import TextBox
from .context import MUTED, LayoutContext

CUT = Style(stroke="#444444", width=0.2, dash=(1.2, 0.8))


def token_disc(cx: float, cy: float, r: float, fill: str, items: Sequence[Item], role: str, name: str) -> list[Item]:
    """A round token in `fill` with `items` on it, and its dotted cut circle."""
    return [
        Group(
            (
                Circle(cx, cy, r, style=Style(fill=fill, stroke=INK, width=0.25)),
                Circle(cx, cy, r * 0.8, style=Style(stroke=WHITE, width=0.4)),
                *items,
            ),
            role=role,
            name=name,
        ),
        Circle(cx, cy, r + 0.6, style=CUT, role="cut"),
    ]


def player_piece(
    ctx: LayoutContext, x: float, top: float, r: float, colour: str, name: str, glyph: str, caption: str
) -> list[Item]:
    """A player's five-sided piece `r` mm from centre to point, left edge near `x`, with its glyph, its cut
    line and a caption under it."""
    px, py = x + r + 1.0, top + r + 2.5
    items: list[Item] = [Group((koma(px, py, r, colour, INK, 0.03),), role="player-piece", name=name)]
    items += ctx.fitted(
        glyph,
        TextBox(
            px - r * 0.6, py - r * 0.35, r * 1.2, r * 0.9, align="middle", valign="middle", colour=WHITE, bold=True
        ),
        14,
        8,
        label="player piece",
    )
    cut = koma(px, py, r + 0.9, None, "#444444", 0.2 / (r + 0.9), (1.2 / (r + 0.9), 0.8 / (r + 0.9)))
    items.append(Group((cut,), role="cut"))
    items += ctx.fitted(
        caption,
        TextBox(x, py + r + 1.5, 2 * r + 2, 3.5, align="middle", valign="middle", colour=MUTED),
        6,
        4.5,
        label="player piece",
    )
    return items


def numbered_marker(
    ctx: LayoutContext, cx: float, cy: float, r: float, colour: str, number: int, mark: str, name: str
) -> list[Item]:
    """A piece marker: its number, and its player's mark under it."""
    box = TextBox(
        cx - r * 0.7, cy - r * 0.62, r * 1.4, r * 0.9, align="middle", valign="middle", colour=WHITE, bold=True
    )
    label = ctx.fitted(str(number), box, 11, 7, label="marker number")
    label += ctx.fitted(
        mark,
        TextBox(cx - r * 0.5, cy + r * 0.25, r, r * 0.42, align="middle", valign="middle", colour=WHITE),
        6,
        4,
        label="marker mark",
    )
    return token_disc(cx, cy, r, colour, label, "marker", name)
