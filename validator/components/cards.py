"""Card decks: size, template, back and entries with a count."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import BeforeValidator, Field, WithJsonSchema

from ..types import Colour, Count, Ident, Length, LocalText, Open, RuleText, StrictModel, Unspecified

CARD_SIZES_MM: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.15, 88.9),
    "japanese-small": (59.0, 86.0),
    "mini-euro": (44.0, 68.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
}


class CardSize(StrictModel):
    width: Length
    """The card's width, e.g. '63mm'."""
    height: Length
    """The card's height, e.g. '88mm'."""


def _named_size(value: Any) -> Any:
    if isinstance(value, str):
        if value not in CARD_SIZES_MM:
            raise ValueError(f"unknown card size {value!r}; use one of {', '.join(CARD_SIZES_MM)} or {{width, height}}")
        width, height = CARD_SIZES_MM[value]
        return {"width": f"{width}mm", "height": f"{height}mm"}
    return value


CardSizeName = Annotated[
    str,
    WithJsonSchema(
        {"type": "string", "enum": list(CARD_SIZES_MM), "description": "A named card size."}, mode="validation"
    ),
]
CardSizeField = Annotated[
    CardSize,
    BeforeValidator(_named_size, json_schema_input_type=CardSizeName | CardSize),
    Field(
        description="A named size ("
        + ", ".join(f"{name} {w:g} × {h:g} mm" for name, (w, h) in CARD_SIZES_MM.items())
        + ") or {width, height}."
    ),
]


class CardBack(StrictModel):
    """One back for the whole deck, so a shuffled deck gives nothing away."""

    title: LocalText | None = None
    """Text printed on the back of every card of the deck, e.g. the game's name."""
    colour: Colour = "#3a3a48"
    """The back's colour."""
    pattern: Literal["plain", "hex", "diamonds"] = "hex"
    """The pattern printed on the back: plain, hex or diamonds."""


class CardEntry(StrictModel):
    """One card design; `ref` names an item of the deck's `source` list in the game model."""

    ref: Ident | None = None
    """The item of the deck's `source` list this card shows, by its id."""
    count: Count | Open = 1
    """How many copies to print; `unspecified` where the rulebook does not say (one is printed, and it is an open
    question)."""
    title: LocalText | None = None
    """The card's title, where the template has one."""
    body: RuleText | None = None
    """The card's rule text; numbers come from `{placeholders}`."""

    @property
    def copies(self) -> int:
        """How many copies print: `count`, or one while the rulebook leaves it open."""
        return 1 if isinstance(self.count, Unspecified) else self.count

    @property
    def count_known(self) -> bool:
        """Whether the rulebook says how many: a total over an open count cannot be checked."""
        return not isinstance(self.count, Unspecified)


class Deck(StrictModel):
    id: Ident
    """The deck's id, unique in the kit; other fields and messages name the deck by it."""
    name: LocalText
    """The deck's name, as the kit book and the card sheets print it."""
    size: CardSizeField = Field(default_factory=lambda: CardSize.model_validate({"width": "63mm", "height": "88mm"}))
    """The card size: a named size such as poker, or {width, height}. Poker (63 × 88 mm) when not given."""
    template: Ident = Field(description="The card layout to use, e.g. 'element', 'event', 'combo'.")
    back: CardBack = Field(default_factory=CardBack)
    """The back every card of the deck shares."""
    source: Ident | None = Field(None, description="A list in the game model that the cards are drawn from.")
    cards: list[CardEntry] = Field(default_factory=list)
    """The cards, each with how many copies to print; without it, one of each item of the `source` list. May also name
    files of cards (cards.csv, cards.yaml)."""


Item = TypeVar("Item")


@dataclass(frozen=True)
class Design(Generic[Item]):
    """One card design of a deck: the model item it shows, where that item sits in its list, and how many copies."""

    index: int
    item: Item
    count: int


def deck_designs(
    deck: Deck, items: Sequence[Item], copies: Callable[[Item], int] = lambda _item: 1
) -> list[Design[Item]]:
    """The designs of a deck in deck order: its `cards:` entries, or every item of its source list.

    The layouts draw from this and the checklists count from it, so the two can
    never disagree. Entries whose `ref` names nothing are left out (they are findings).
    """
    if not deck.cards:
        return [Design(i, item, copies(item)) for i, item in enumerate(items)]
    by_id = {getattr(item, "id", None): i for i, item in enumerate(items)}
    return [
        Design(by_id[entry.ref], items[by_id[entry.ref]], entry.copies) for entry in deck.cards if entry.ref in by_id
    ]
