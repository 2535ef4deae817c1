"""Shogi + TCG's card frame: the parts its six templates share (the name band with its cost pips, the type
line, the art window with its icon on a halo, the stat boxes, the text boxes and the footer), each at the place every template puts it.

Kept apart from the game module (generator/games/shogi_tcg.py), which assembles the templates from them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpkit.validator.games.shogi_tcg import COLOURLESS

from ..colour import INK, WHITE, ink_on, luma, shade, tint
from ..icons.paths import ellipse
from ..icons.shogi import card_icon
from ..icons.shogi_symbols import GOLD, arrow, sword, symbol
from ..scene import Circle, Item, Path, Rect, Style, Text
from ..typeset.text import TextBox
from .card_parts import band as panel_band
from .context import MUTED, LayoutContext

if TYPE_CHECKING:
    from pnpkit.validator.games.shogi_tcg import ShogiTcgKit

Cost = dict[str, int]


def pips(
    ctx: LayoutContext, kit: ShogiTcgKit, cost: Cost, right: float, cy: float, radius: float = 2.5, where: tuple = ()
) -> tuple[list[Item], float]:
    """Cost pips ending at `right`: one numbered grey pip for colourless, then one symbol pip per coloured mana."""
    colours = {c.id: c for c in kit.colours}
    entries: list[tuple[str, int]] = []
    if cost.get(COLOURLESS):
        entries.append((COLOURLESS, cost[COLOURLESS]))
    for colour in kit.colours:
        entries += [(colour.id, 1)] * cost.get(colour.id, 0)
    step = 2 * radius + 0.5
    width = len(entries) * step - 0.5 if entries else 0.0
    x = right - width + radius
    items: list[Item] = []
    for cid, n in entries:
        if cid == COLOURLESS:
            fill = kit.colourless.colour
            items.append(Circle(x, cy, radius, style=Style(fill=fill, stroke=WHITE, width=0.3)))
            box = TextBox(
                x - radius,
                cy - radius * 0.8,
                2 * radius,
                radius * 1.6,
                align="middle",
                valign="middle",
                colour=WHITE,
                bold=True,
            )
            items += ctx.fitted(str(n), box, radius * 3.4, 5, where=where, label="cost")
        else:
            colour = colours[cid]
            items.append(
                Circle(
                    x,
                    cy,
                    radius,
                    style=Style(fill=colour.colour, stroke=ink_on(colour.colour), width=0.3),
                )
            )
            items.append(symbol(colour.symbol, x, cy, radius * 0.62, ink_on(colour.colour), colour.colour))
        x += step
    return items, width


def name_band(
    ctx: LayoutContext, kit: ShogiTcgKit, w: float, name: str, band: str, cost: Cost | None, where: tuple
) -> list[Item]:
    items: list[Item] = panel_band(w, 11.5, band)
    pip_width = 0.0
    if cost:
        pip_items, pip_width = pips(
            ctx, kit, cost, w - 5.5, 8.75, 2.5, where[:-2] + ("cost",) if len(where) > 2 else ()
        )
        items += pip_items
        pip_width += 1.5
    box = TextBox(
        6,
        4.0,
        w - 12 - pip_width,
        9.5,
        align="start",
        valign="middle",
        colour=ink_on(band),
        bold=True,
        role="card-name",
    )
    items += ctx.fitted(name, box, 11, 6.5, where=where, label="card name")
    return items


def type_line(ctx: LayoutContext, w: float, left: str, right: str, colour: str) -> list[Item]:
    items: list[Item] = []
    items += ctx.fitted(
        left,
        TextBox(6, 15.8, w / 2, 4.0, align="start", valign="middle", colour=colour, bold=True),
        7,
        5.5,
        label="type line",
    )
    if right:
        items += ctx.fitted(
            right,
            TextBox(w / 2, 15.8, w / 2 - 6, 4.0, align="end", valign="middle", colour=MUTED),
            7,
            5.5,
            label="type line",
        )
    return items


def art_window(w: float, top: float, height: float, fill: str, edge: str) -> Rect:
    return Rect(6, top, w - 12, height, style=Style(fill=fill, stroke=edge, width=0.3), radius=1.5)


def stat_boxes(
    ctx: LayoutContext, w: float, top: float, attack: int, movement: int, colour: str, labels: tuple[str, str]
) -> list[Item]:
    """The attack and move boxes side by side; `labels` are their words."""
    half = (w - 12 - 3) / 2
    items: list[Item] = []
    for k, (label, value, mark) in enumerate(((labels[0], attack, "sword"), (labels[1], movement, "arrow"))):
        x = 6 + k * (half + 3)
        items.append(
            Rect(x, top, half, 8.5, style=Style(fill=tint(colour, 0.12), stroke=colour, width=0.3), radius=1.2)
        )
        items.append(
            sword(x + 4.2, top + 4.25, 2.9, colour, 45.0)
            if mark == "sword"
            else arrow(x + 4.2, top + 4.25, 2.7, colour)
        )
        items += ctx.fitted(
            label,
            TextBox(x + 8, top + 0.5, half - 16, 7.5, align="start", valign="middle", colour=INK),
            6.5,
            4.5,
            label="stat label",
        )
        items += ctx.fitted(
            str(value),
            TextBox(x + half - 8, top + 0.3, 7, 8, align="end", valign="middle", colour=colour, bold=True),
            15,
            9,
            label="stat value",
        )
    return items


def body_text(
    ctx: LayoutContext,
    value: str,
    x: float,
    top: float,
    width: float,
    height: float,
    where: tuple,
    size: float = 8.0,
    colour: str = INK,
    valign: str = "top",
) -> list[Text]:
    return ctx.fitted(
        value,
        TextBox(x, top, width, height, align="start", valign=valign, colour=colour),
        size,
        5.5,
        where=where,
        label="card text",
    )


def footer(ctx: LayoutContext, w: float, h: float, left: str, colour: str = MUTED) -> list[Text]:
    return ctx.fitted(
        left,
        TextBox(6, h - 7.6, w - 12, 3.2, align="start", valign="middle", colour=colour),
        6.5,
        6,
        label="card footer",
    )


def art_colours(cid: str, band: str) -> tuple[str, str, str]:
    """(background, ink, halo) of a card's art window: a wash of the card's colour, the colour deepened
    for the icon (gold on white cards, whose colour is too pale to draw with) and a lighter disc behind it."""
    background = tint(band, 0.2)
    ink = GOLD if cid == "white" else band if luma(band) < 80 else shade(band, 0.18)
    return background, ink, tint(band, 0.38) if cid != "white" else tint(GOLD, 0.28)


def art_icon(
    name: str, w: float, top: float, height: float, cid: str, band: str, radius: float, grounded: bool = True
) -> list[Item]:
    """An icon on a halo in the art window; one that stands (a creature, a building) casts a soft shadow."""
    background, ink, halo = art_colours(cid, band)
    cx, cy = w / 2, top + height / 2
    items: list[Item] = [Circle(cx, cy, min(radius * 1.12, height / 2 - 0.8), style=Style(fill=halo))]
    if grounded:
        items.append(
            Path(ellipse(cx, cy + radius * 0.98, radius * 0.8, radius * 0.1), style=Style(fill=ink, opacity=0.18))
        )
    items.append(card_icon(name, cx, cy, radius, ink, background))
    return items
