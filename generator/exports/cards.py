"""Cards as the exports see them: distinct faces with their copies, and physical cards front with back.

A deck printed with ten copies of `fire` is one front face and one back face
used ten times. Faces are told apart by what they draw, not where: a card's
group with its position removed. Two different drawings under one card id
(a card template that varies with something other than the id) become two
faces, named `<id>` and `<id>.2` in the order the layout placed them; ids
never hold a dot, so the names cannot clash.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..cardmap import PlacedCard, placed_cards
from ..games import Component
from ..scene import Group

_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


def file_stem(text: str) -> str:
    """A file name part from an id: letters, digits, '-' and '_' only."""
    return _UNSAFE.sub("_", text).strip("_") or "card"


@dataclass
class Face:
    """One distinct drawing of one side of one card id, and how many printed cards show it."""

    deck: str
    card: str
    side: str
    name: str
    """The file stem: the card id, or `<id>.<n>` for the n-th different drawing under the same id."""
    placed: PlacedCard
    """The first copy the layout placed: its group draws the face."""
    copies: int = 0

    @property
    def size(self) -> tuple[float, float]:
        return self.placed.width, self.placed.height


@dataclass
class Deck:
    """One deck's cards: its distinct faces and every physical card as (front, back)."""

    id: str
    component: str
    fronts: list[Face] = field(default_factory=list)
    backs: list[Face] = field(default_factory=list)
    cards: list[tuple[Face, Face | None]] = field(default_factory=list)
    """One entry per printed card, in the order the layout placed the fronts."""

    @property
    def size(self) -> tuple[float, float]:
        return self.fronts[0].size

    @property
    def unique_backs(self) -> bool:
        """Whether the backs differ from card to card (a deck's shared back is one drawing under every id)."""
        return len(distinct(self.backs)) > 1


def look(face: Face) -> Group:
    """The face's group with where it was placed taken away: equal looks draw equal pictures."""
    return _look(face.placed.group)


def _look(group: Group) -> Group:
    return replace(group, dx=0.0, dy=0.0, rotate=0.0, name="")


def distinct(faces: Sequence[Face]) -> list[list[Face]]:
    """Faces grouped by what they draw (a shared back under every card id is one group), in order."""
    groups: dict[Group, list[Face]] = {}
    for face in faces:
        groups.setdefault(look(face), []).append(face)
    return list(groups.values())


def decks(parts: Sequence[Component]) -> list[Deck]:
    """Every deck on these components, in the order the layout placed their first cards."""
    found: dict[str, Deck] = {}
    faces: dict[tuple[str, str, str], list[tuple[Group, Face]]] = {}
    sides: dict[tuple[str, str, str], list[Face]] = {}
    printed: dict[str, list[Face]] = {}
    for part in parts:
        for placed in placed_cards(part.pages):
            deck_id = placed.deck or part.slug
            deck = found.setdefault(deck_id, Deck(deck_id, part.slug))
            key = (deck_id, placed.card, placed.side)
            known = faces.setdefault(key, [])
            look = _look(placed.group)
            face = next((f for g, f in known if g == look), None)
            if face is None:
                stem = file_stem(placed.card)
                name = stem if not known else f"{stem}.{len(known) + 1}"
                face = Face(deck_id, placed.card, placed.side, name, placed)
                known.append((look, face))
                (deck.fronts if placed.side == "front" else deck.backs).append(face)
            face.copies += 1
            sides.setdefault(key, []).append(face)
            if placed.side == "front":
                printed.setdefault(deck_id, []).append(face)
    for deck in found.values():
        deck.cards = _pair(deck.id, printed.get(deck.id, []), sides)
    return [deck for deck in found.values() if deck.fronts]


def _pair(
    deck: str, printed: list[Face], sides: dict[tuple[str, str, str], list[Face]]
) -> list[tuple[Face, Face | None]]:
    """Each printed front with the back printed for the same copy of the same card id (None: no back)."""
    used: dict[str, int] = {}
    cards: list[tuple[Face, Face | None]] = []
    for front in printed:
        n = used.get(front.card, 0)
        used[front.card] = n + 1
        backs = sides.get((deck, front.card, "back"), [])
        cards.append((front, backs[n] if n < len(backs) else (backs[0] if backs else None)))
    return cards
