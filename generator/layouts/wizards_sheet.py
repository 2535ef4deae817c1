"""Wizard's Element Collection's 魔力 sheet parts: the grid of mana values, the action-order slots, the phase
boxes, and the punch-out pieces (fold-over standees, discs and the markers for states cards leave).

Each takes plain values (words already in the page's language), so the game module
(generator/games/wizards_element_collection.py) keeps only the assembly: which words go where.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import partial

from ..colour import INK, WHITE, ink_on, shade
from ..icons.wizards import GOLD, hat
from ..scene import Circle, Group, Item, Line, Rect, Style, Text
from ..typeset.text import TextBox
from .context import LayoutContext
from .tokens import token
from .wizards_cards import NIGHT, line


def mana_grid(
    values: Sequence[int], on_board: set[int], cols: int, x0: float, y: float, width: float
) -> tuple[list[Item], float]:
    """The mana values in `cols` columns of banded cells, a gold dot on those the board also shows; and the
    grid's height."""
    items: list[Item] = []
    rows = math.ceil(len(values) / cols)
    cell_w, cell_h = mana_cell(len(values), cols, width)
    for i, value in enumerate(values):
        row, col = divmod(i, cols)
        x = x0 + col * cell_w
        yy = y + row * cell_h
        band = row % 2 == 0
        items.append(
            Rect(
                x + 0.6,
                yy + 0.6,
                cell_w - 1.2,
                cell_h - 1.2,
                style=Style(fill="#f6efdc" if band else "#efe4c6", stroke="#8a7a55", width=0.3),
                radius=1.5,
                role="mana-space",
            )
        )
        items.append(
            Text(
                x + cell_w / 2,
                yy + cell_h / 2 + 2.6,
                str(value),
                15,
                colour=NIGHT,
                anchor="middle",
                bold=True,
                role="mana-value",
            )
        )
        if value in on_board:
            items.append(Circle(x + 3.4, yy + 3.4, 1.1, style=Style(fill=GOLD)))
    return items, rows * cell_h


def mana_cell(count: int, cols: int, width: float) -> tuple[float, float]:
    """The width and height (mm) of one cell of the mana grid: `count` values in `cols` columns across `width`."""
    return width / cols, min(17.0, 130.0 / math.ceil(count / cols))


def mana_space(count: int, cols: int, width: float) -> float:
    """The side (mm) of the largest square inside one mana space as drawn (the cell less its 0.6 mm inset)."""
    return min(mana_cell(count, cols, width)) - 1.2


def disc_for(space: float) -> float:
    """The diameter of a disc that sits on a space `space` mm across with its cut ring inside it: DISC_D where
    that fits, smaller where the space is smaller."""
    return min(DISC_D, space - 2 * (CUT_RING + DISC_CLEAR))


def order_slots(labels: Sequence[str], x0: float, y: float, width: float) -> list[Item]:
    """A numbered slot per place in the action order, each with its word under the number."""
    items: list[Item] = []
    slot_w = width / len(labels)
    for k, label in enumerate(labels):
        x = x0 + k * slot_w
        items.append(
            Rect(
                x + 1.0,
                y,
                slot_w - 2.0,
                28.0,
                style=Style(fill=WHITE, stroke=NIGHT, width=0.6),
                radius=2.5,
                role="order-slot",
            )
        )
        items.append(Circle(x + slot_w / 2, y + 11.0, 7.0, style=Style(fill=NIGHT)))
        items.append(Text(x + slot_w / 2, y + 14.2, str(k + 1), 18, colour=WHITE, anchor="middle", bold=True))
        items.append(Text(x + slot_w / 2, y + 24.0, label, 8, colour=INK, anchor="middle"))
    return items


def phase_boxes(ctx: LayoutContext, phases: Sequence[tuple[str, str]], x0: float, y: float, width: float) -> list[Item]:
    """A box per phase side by side: its name, and who goes first in it; `phases` are (name, order)."""
    items: list[Item] = []
    phase_w = width / len(phases)
    for k, (name, order) in enumerate(phases):
        x = x0 + k * phase_w
        items.append(
            Rect(x + 1.0, y, phase_w - 2.0, 16.0, style=Style(fill="#f6efdc", stroke="#8a7a55", width=0.3), radius=2.0)
        )
        items += ctx.fitted(
            name,
            TextBox(x + 2.5, y + 1.5, phase_w - 5.0, 5.5, align="middle", valign="middle", colour=NIGHT, bold=True),
            10,
            7,
            where=("phases", k, "name", ctx.lang),
            label="phase name",
        )
        items += ctx.fitted(
            order,
            TextBox(x + 2.5, y + 7.5, phase_w - 5.0, 7.5, align="middle", valign="middle", colour=INK),
            7.5,
            5.5,
            where=("phases", k, "order"),
            label="phase order",
        )
    return items


def pieces(
    ctx: LayoutContext,
    heading: str,
    shapes: Sequence[tuple[str, str, int]],
    players: Sequence[tuple[str, str]],
    markers: Sequence[tuple[str, int, str, str]],
    y: float,
    disc_d: float = 0.0,
) -> list[Item]:
    """The pieces in every player colour, one row each: fold-over standees (cut on the solid lines, fold on
    the dashed one) and round discs (cut on the dashed circle); then the markers. `shapes` are (name, shape,
    per player), `players` (colour, name) and `markers` (name, count, colour, icon); `disc_d` is the discs'
    diameter (`disc_for` the spaces they sit on; DISC_D when 0)."""
    disc_d = disc_d or DISC_D
    margin = ctx.margin
    width = ctx.paper.width - 2 * margin
    items: list[Item] = [*line(ctx, heading, margin, y + 3.5, width, 10, INK, bold=True)]
    y += 7.0
    x = margin + 2.0
    below = (x, y + 5.0 + 2 * STANDEE_HALF + 6.0)  # where the markers go: under the last row of discs, else under all
    for p, (name, shape, per_player) in enumerate(shapes):
        draw = standee if shape == "standee" else partial(disc, diameter=disc_d)
        label = line(ctx, name, x, y + 3.0, 60.0, 8, INK, bold=True, where=("pieces", p, "name", ctx.lang))
        items += label
        px = x
        for k, (colour, player) in enumerate(players):
            for _ in range(per_player):
                drawn, used = draw(ctx, px, y + 5.0, colour, player, ("board", "players", k))
                items += drawn
                px += used + 5.0
        if shape == "disc":
            below = (x, y + 5.0 + disc_d + 6.0)
        x = px + 6.0
    return items + _markers(ctx, markers, *below)


def _markers(ctx: LayoutContext, markers: Sequence[tuple[str, int, str, str]], x: float, y: float) -> list[Item]:
    """The markers for states cards leave on a player, as round tokens in a row from (x, y)."""
    items: list[Item] = []
    r = DISC_D / 2
    for m, (name, count, colour, icon) in enumerate(markers):
        items += line(ctx, f"{name} × {count}", x, y + 3.0, 80.0, 8, INK, bold=True, where=("markers", m))
        for k in range(count):
            cx, cy = x + r + k * (DISC_D + 5.0), y + 5.0 + r
            items.append(token(cx, cy, r, colour, "", "token", name, icon=icon))
            items.append(Circle(cx, cy, r + 0.8, style=Style(stroke=INK, width=0.25, dash=(1.2, 0.8)), role="cut"))
        x += max(count * (DISC_D + 5.0), 60.0) + 6.0
    return items


STANDEE_W, STANDEE_HALF = 18.0, 22.0
DISC_D = 16.0
"""A disc's diameter where its space has room (mm)."""
DISC_LEAST = 10.0
"""The smallest disc worth punching out and picking up (mm): a space that cannot hold it is PK415."""
CUT_RING = 0.8
"""How far a disc's dashed cut line lies outside its edge (mm)."""
DISC_CLEAR = 0.5
"""The least room between a disc's cut line and the edge of the space it sits on (mm)."""


def standee(ctx: LayoutContext, x: float, y: float, colour: str, name: str, where: tuple) -> tuple[list[Item], float]:
    """A fold-over standee: the same panel on both halves, the upper one upside down, so it stands when folded."""
    w, half = STANDEE_W, STANDEE_HALF
    ink = ink_on(colour)
    items: list[Item] = [Rect(x, y, w, 2 * half, style=Style(stroke=INK, width=0.3), role="piece-cut")]
    for top, flip in ((y, True), (y + half, False)):
        label = line(ctx, name, x + w / 2, top + half - 3.0, w - 3.0, 7, ink, "middle", True, where=(*where, "name"))
        panel: list[Item] = [
            Rect(
                x + 0.8,
                top + 0.8,
                w - 1.6,
                half - 1.6,
                style=Style(fill=colour, stroke=shade(colour, 0.3), width=0.3),
                radius=1.2,
            ),
            hat(x + w / 2, top + half / 2 - 1.0, colour, ink),
            *label,
        ]
        if flip:
            items.append(Group(tuple(panel), dx=2 * x + w, dy=2 * top + half, rotate=180))
        else:
            items += panel
    items.append(Line(x, y + half, x + w, y + half, style=Style(stroke=INK, width=0.25, dash=(1.2, 0.8)), role="fold"))
    return [Group(tuple(items), role="player-piece", name=name)], w


def disc(
    ctx: LayoutContext, x: float, y: float, colour: str, name: str, where: tuple, diameter: float = DISC_D
) -> tuple[list[Item], float]:
    """A round disc in the player's colour with the wizard's hat: it marks a place on the 魔力 sheet."""
    r = diameter / 2
    cx, cy = x + r, y + r
    ink = ink_on(colour)
    items: list[Item] = [
        Circle(cx, cy, r + 0.8, style=Style(stroke=INK, width=0.25, dash=(1.2, 0.8)), role="piece-cut"),
        Circle(cx, cy, r, style=Style(fill=colour, stroke=shade(colour, 0.3), width=0.3)),
        Circle(cx, cy, r * 0.8, style=Style(stroke=ink, width=0.4, opacity=0.6)),
        hat(cx, cy - 0.4, colour, ink, scale=5.0 * diameter / DISC_D),
    ]
    return [Group(tuple(items), role="marker", name=name)], diameter + 2 * CUT_RING
