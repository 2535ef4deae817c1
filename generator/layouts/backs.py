"""Card backs: one design a deck, so a shuffled deck gives nothing away.

Every back is a field of colour, an optional pattern, a game's own emblem if
it has one, and a title plate whose text is fitted like any other, never a
clipped line. On a small card the plate grows to fill it and the kit's title
under it is left out; a title that cannot fit even so is left off the back:
silently when pnpkit chose it, with one warning when the designer wrote it.

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
from ..scene import Group, Item, Path, Rect, Style, Text
from ..typeset.text import TextBox
from .cards import CardFace
from .context import LayoutContext, floor_pt
from .problems import TextProblem, quoted

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
    chosen: bool = False
    """The designer wrote the title for the back (`back: {title: …}`). Other words are pnpkit's choice of
    furniture: on a card too small for them they leave themselves out, never a finding."""


PLATE_INSET = 1.0
"""The least space between a plate that fills a small card and the card's edge (mm)."""


@dataclass(frozen=True)
class _Plate:
    """Where a back's title plate sits, in a card of `width` × `height` (turned: laid along a tall card)."""

    x: float
    y: float
    width: float
    height: float
    turned: bool = False
    outlined: bool = True
    """A plate near the card's edges has no outline: it would show a duplex misregistration as a frame does."""

    def title_box(self, trim: str, *, subtitled: bool) -> TextBox:
        height = self.height * 0.7 - 1.5 if subtitled else self.height - 3
        return TextBox(
            self.x + 2,
            self.y + 1.5,
            self.width - 4,
            max(0.0, height),
            align="middle",
            valign="middle",
            colour=trim,
            bold=True,
            role="back-title",
        )

    def subtitle_box(self, trim: str) -> TextBox:
        height = max(0.0, self.height * 0.3 - 1.5)
        return TextBox(
            self.x + 2, self.y + self.height * 0.7, self.width - 4, height, align="middle", valign="middle", colour=trim
        )


def _plates(w: float, h: float, emblem: bool) -> list[_Plate]:
    """Where a title plate may sit, the usual place first: in the middle (below an emblem); then, on a card
    too small for it and without an emblem, filling the card; then laid along a tall card."""
    margin = min(PLATE_MARGIN, w * 0.14)  # a small card keeps a usable plate
    band_w, band_h = w - 2 * margin, min(28.0, h * 0.32)
    y = (h - band_h) / 2 if not emblem else min(h - PLATE_MARGIN - band_h, h / 2 + 8.0)
    plates = [_Plate((w - band_w) / 2, y, band_w, band_h)]
    inset = min(PLATE_INSET, w / 8, h / 8)
    if not emblem:  # a plate over the whole card would hide the game's emblem
        plates.append(_Plate(inset, inset, w - 2 * inset, h - 2 * inset, outlined=False))
        if h > w:
            plates.append(_Plate(inset, inset, h - 2 * inset, w - 2 * inset, turned=True, outlined=False))
    return [plate for plate in plates if plate.width > 4 and plate.height > 3]


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
    the middle and the plate sits below it. On a card too small for that the plate
    fills the card, or lies along a tall one, and the kit's title below it is left out;
    a title that still cannot fit at the readable floor is left off the back (`_plate`).
    """
    items: list[Item] = [Rect(0, 0, w, h, style=Style(fill=colour))]
    items += pattern_items(pattern, w, h, trim)
    items += emblem
    items += _plate(ctx, w, h, words, colour, trim, emblem=bool(emblem))
    return CardFace(name, tuple(items), colour)


def _plate(
    ctx: LayoutContext, w: float, h: float, words: BackTitle, colour: str, trim: str, *, emblem: bool
) -> list[Item]:
    """The first plate, title and kit title that fit; else the first plate with the title alone; else nothing.

    A title pnpkit chose (the deck's name or the kit's) that fits nowhere is left out silently; the designer's
    own `back: {title}` is left out with one warning at its line (PK369): a road piece's back needs no title."""
    for plate in _plates(w, h, emblem):
        for subtitled in (True, False) if words.subtitle else (False,):
            title_box = plate.title_box(trim, subtitled=subtitled)
            if not ctx.furniture([words.title], title_box, 13, 6):
                continue
            subtitle: list[Text] = []
            if subtitled:
                subtitle = ctx.furniture([words.subtitle], plate.subtitle_box(trim), 6.5, 4.5)
                if not subtitle:
                    continue
            title = (
                ctx.fitted(words.title, title_box, 13, 6, where=words.where, label="card back title")
                if words.chosen
                else ctx.furniture([words.title], title_box, 13, 6)
            )
            edge = Style(fill=colour, stroke=trim, width=0.4) if plate.outlined else Style(fill=colour)
            outline = Rect(plate.x, plate.y, plate.width, plate.height, style=edge, radius=2.0)
            drawn: tuple[Item, ...] = (outline, *title, *subtitle)
            return [Group(drawn, dx=0.0, dy=h, rotate=-90)] if plate.turned else list(drawn)
    if words.chosen and words.title.strip():
        ctx.tell(
            TextProblem(
                "PK369",
                words.where,
                f"card back title: {quoted(words.title)} cannot fit on the back of a {w:g} × {h:g} mm card even at "
                f"{floor_pt(words.title):g} pt, so the back is printed without it",
                "shorten the back's title, or leave `title:` out of the deck's `back:` on cards this small",
            )
        )
    return []


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
    words = BackTitle(
        title=heading,
        where=where,
        subtitle="" if repeats else kit_title,
        chosen=back.title is not None,
    )
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
