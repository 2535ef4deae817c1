"""Where every card landed: read back from the laid-out pages, so it cannot disagree with them.

The index a build writes (`index.json`) and every export (PNG, print-on-demand,
Tabletop Simulator) start from this one reading of the scene: card sheets put
each card in a top-level Group whose role is `card-front` or `card-back` and
whose name is the card's id. The group's clip is the card's trim grown by how far
its drawing runs past it: a print shop's bleed (the page then has a BleedBox),
or on home sheets half the gutter between cards, which no export includes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from .scene import Box, Group, Page

SIDES = {"card-front": "front", "card-back": "back"}


@dataclass(frozen=True)
class PlacedCard:
    """One printed card side: which card, where on which page, and the group that draws it."""

    card: str
    """The card's id (a design printed three times is three PlacedCards with the same id)."""
    deck: str
    """The deck's id, from the page (a game's pile of several decks is one deck here)."""
    side: str
    """"front" or "back"."""
    page: int
    """1-based page of the component."""
    slot: int
    """1-based position among this side's cards on that page, in reading order of the fronts."""
    trim: Box
    """The card's trim on the page, in mm, as placed (a card turned on the sheet is turned here too)."""
    width: float
    """The card's own width and height, upright, in mm."""
    height: float
    bleed: float
    """The print shop's bleed it was laid out with (0 on home sheets, whose gutter is not part of the card)."""
    group: Group

    def upright(self) -> Group:
        """The card drawn upright at the origin of its bleed box: (0, 0) is the bleed's top-left corner."""
        return replace(self.group, dx=self.bleed, dy=self.bleed, rotate=0.0)


@dataclass(frozen=True)
class DeckStart:
    deck: str
    name: str
    page: int


def deck_starts(pages: Sequence[Page], first: int = 1) -> list[DeckStart]:
    """Each deck on these pages with the page it starts on (numbering the pages from `first`), in page order."""
    starts: dict[str, DeckStart] = {}
    for number, page in enumerate(pages, start=first):
        if page.deck and page.deck not in starts:
            starts[page.deck] = DeckStart(page.deck, page.deck_name or page.deck, number)
    return list(starts.values())


def placed_cards(pages: Sequence[Page]) -> list[PlacedCard]:
    """Every card side on these pages, page by page, in the order the layout placed them."""
    return list(_walk(pages))


def _walk(pages: Sequence[Page]) -> Iterator[PlacedCard]:
    for number, page in enumerate(pages, start=1):
        slots = dict.fromkeys(SIDES.values(), 0)
        for item in page.items:
            if not isinstance(item, Group) or item.role not in SIDES or item.clip is None:
                continue
            side = SIDES[item.role]
            slots[side] += 1
            drawn = -item.clip.x  # how far the card's drawing runs past its trim
            width, height = item.clip.w - 2 * drawn, item.clip.h - 2 * drawn
            # a home sheet's gutter is no bleed: without a BleedBox the card is its trim
            bleed = drawn if page.bleed is not None else 0.0
            yield PlacedCard(
                item.name, page.deck, side, number, slots[side], _trim(item, width, height), width, height, bleed, item
            )


def _trim(group: Group, width: float, height: float) -> Box:
    if group.rotate == 90:  # drawn from (x + h, y), turned clockwise
        return Box(group.dx - height, group.dy, height, width)
    if group.rotate == -90:  # drawn from (x, y + w), turned anticlockwise
        return Box(group.dx, group.dy - width, height, width)
    return Box(group.dx, group.dy, width, height)
