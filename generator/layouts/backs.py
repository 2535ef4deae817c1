"""Card backs: one design a deck, so a shuffled deck gives nothing away.

Every back is a field of colour, an optional pattern, a game's own emblem if
it has one, and a title plate whose text is fitted like any other: a title
that cannot fit is a finding, never a clipped line.

No line runs along the trim: a frame a few millimetres inside the edge shows
every fraction of a millimetre a duplex printer misregisters (one side thinner
than the other), so the colour and the pattern simply run off the card, and
the plate keeps PLATE_MARGIN clear of its sides.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pnpkit.validator.placeholders import fill

from ..colour import WHITE
from ..scene import Item, Path, Rect, Style
from ..text import TextBox
from .cards import CardFace
from .context import LayoutContext

if TYPE_CHECKING:
    from pnpkit.validator.components.kit import KitBase

Pattern = Literal["plain", "hex", "diamonds"]
PLATE_MARGIN = 8.0
"""The least space between the title plate's outline and the card's side edges (mm)."""


def hex_pattern(w: float, h: float, colour: str, size: float = 6.0) -> list[Item]:
    """A light honeycomb."""
    ops: list[tuple] = []
    dx = size * math.sqrt(3)
    row = 0
    y = -size
    while y < h + size:
        offset = (dx / 2) if row % 2 else 0.0
        x = -dx + offset
        while x < w + dx:
            corners = [
                (x + size * math.cos(math.radians(a)), y + size * math.sin(math.radians(a))) for a in range(30, 390, 60)
            ]
            ops.append(("M", *corners[0]))
            ops.extend(("L", *p) for p in corners[1:])
            ops.append(("Z",))
            x += dx
        y += size * 1.5
        row += 1
    return [Path(tuple(ops), style=Style(stroke=colour, width=0.25, opacity=0.35))]


def diamond_pattern(w: float, h: float, colour: str, step: float = 8.0) -> list[Item]:
    """A diagonal lattice."""
    ops: list[tuple] = []
    k = -h
    while k < w + h:
        ops += [("M", k, 0.0), ("L", k + h, h), ("M", k + h, 0.0), ("L", k, h)]
        k += step
    return [Path(tuple(ops), style=Style(stroke=colour, width=0.3, opacity=0.3))]


def pattern_items(pattern: str, w: float, h: float, colour: str = WHITE) -> list[Item]:
    """The one place a back's `pattern:` is turned into lines."""
    if pattern == "hex":
        return hex_pattern(w, h, colour)
    if pattern == "diamonds":
        return diamond_pattern(w, h, colour)
    return []


@dataclass(frozen=True, kw_only=True)
class BackTitle:
    """The words on a back: the deck's title and, smaller below it, the kit's."""

    title: str
    where: tuple = ()
    subtitle: str = ""
    subtitle_where: tuple = ()


def back_face(
    ctx: LayoutContext,
    name: str,
    w: float,
    h: float,
    *,
    colour: str,
    pattern: str,
    words: BackTitle,
    emblem: Sequence[Item] = (),
    trim: str = WHITE,
) -> CardFace:
    """A deck's back: colour, pattern, the game's emblem (if any), and a fitted title plate.

    Without an emblem the plate sits in the middle; with one, the emblem takes
    the middle and the plate sits below it.
    """
    items: list[Item] = [Rect(0, 0, w, h, style=Style(fill=colour))]
    items += pattern_items(pattern, w, h, trim)
    items += emblem
    margin = min(PLATE_MARGIN, w * 0.14)  # a small card keeps a usable plate
    band_w, band_h = w - 2 * margin, min(28.0, h * 0.32)
    bx = (w - band_w) / 2
    by = (h - band_h) / 2 if not emblem else min(h - PLATE_MARGIN - band_h, h / 2 + 8.0)
    items.append(Rect(bx, by, band_w, band_h, style=Style(fill=colour, stroke=trim, width=0.4), radius=2.0))
    title_h = band_h * 0.7 - 1.5 if words.subtitle else band_h - 3
    title_box = TextBox(
        bx + 2,
        by + 1.5,
        band_w - 4,
        title_h,
        align="middle",
        valign="middle",
        colour=trim,
        bold=True,
        role="back-title",
    )
    items += ctx.fitted(words.title, title_box, 13, 6, where=words.where, label="card back title")
    if words.subtitle:
        subtitle_box = TextBox(
            bx + 2, by + band_h * 0.7, band_w - 4, band_h * 0.3 - 1.5, align="middle", valign="middle", colour=trim
        )
        items += ctx.fitted(
            words.subtitle, subtitle_box, 6.5, 4.5, where=words.subtitle_where, label="card back kit title"
        )
    return CardFace(name, tuple(items), colour)


def deck_back(
    ctx: LayoutContext,
    kit: KitBase,
    d: int,
    w: float,
    h: float,
    *,
    untitled: Literal["deck", "kit"] = "deck",
    emblem: Sequence[Item] = (),
    trim: str = WHITE,
    name: str = "",
    values: Mapping[str, Any] | None = None,
) -> CardFace:
    """Deck `d`'s back from its `back:` block: the same rule for every game.

    The heading is the back's own title or, without one, the deck's name (or,
    with `untitled="kit"`, the kit's title); the kit's title sits below it
    unless the heading already says the same words.
    """
    deck = kit.decks[d]
    back, lang = deck.back, ctx.lang
    kit_title = kit.title.get(lang)
    where: tuple[str | int, ...]
    if back.title is not None:
        heading, where = fill(back.title.get(lang), values or {}), ("decks", d, "back", "title", lang)
    elif untitled == "deck":
        heading, where = fill(deck.name.get(lang), values or {}), ("decks", d, "name", lang)
    else:
        heading, where = kit_title, ("title", lang)
    repeats = "".join(heading.split()).casefold() == "".join(kit_title.split()).casefold()
    words = BackTitle(title=heading, where=where, subtitle="" if repeats else kit_title, subtitle_where=("title", lang))
    return back_face(
        ctx,
        name or f"{deck.id}-back",
        w,
        h,
        colour=back.colour,
        pattern=back.pattern,
        words=words,
        emblem=emblem,
        trim=trim,
    )
