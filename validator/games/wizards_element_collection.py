"""Wizard's Element Collection: collect element cards from a 3 × 3 field, score pairs.

Players race round a track of 魔力 (mana) spaces around the field, power up
their mana by summoning cards, collect two of the three cards in the line
their space faces, and summon cards for their effects. At the end, each kind
of element scores by how many a player holds: an even count scores its
points once per pair, an odd count scores the card's negative value.

The rule model holds the cards, the four phases, the field arithmetic and the
track; wizards_checks.py checks that they agree. The scoring is pure code
(wizards_scoring.py), so the `pnpkit score` helper and the tests use the very
rules the kit is checked by.

>>> kind_points("pairs", 30, -10, 4)   # the rulebook's own example
60
>>> kind_points("pairs", 30, -10, 3)   # an odd count scores the negative value once
-10
>>> kind_points("majority", -10, 0, 2, most=True)
0
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import Field

from ..checks import check_decks, check_unique_ids
from ..components.cards import Deck, Design, deck_designs
from ..components.kit import KitBase
from ..components.play import State
from ..components.rules import Duration
from ..components.table import Need
from ..components.tokens import Marker, PlayerPiece
from ..components.tracks import TrackBoard
from ..findings import Severity
from ..types import Colour, Count, Ident, LocalText, NonNegative, RuleText, StrictModel
from .wizards_checks import card_key, card_refs, check_elements
from .wizards_scoring import KindScore, PlayerScore, ScoringError, kind_points, score_players

if TYPE_CHECKING:
    from ..checks import CheckContext

E, W = Severity.ERROR, Severity.WARNING
CODES = {
    "WE001": (E, "two cards share a name"),
    "WE002": (E, "reference to a card that does not exist"),
    "WE003": (E, "card reference with the wrong value"),
    "WE004": (E, "unknown phase"),
    "WE005": (E, "icons disagree with the phases a card can be summoned in"),
    "WE006": (E, "card count does not add up"),
    "WE007": (E, "field and reserve arithmetic does not add up"),
    "WE008": (E, "player count disagrees with the board or the order sheet"),
    "WE009": (E, "track problem"),
    "WE010": (E, "scoring rule does not fit the card"),
    "WE011": (E, "deck template does not fit its source list"),
}

Icon = Literal["move", "call", "self", "reflect"]
ICONS: tuple[str, ...] = ("move", "call", "self", "reflect")
Emblem = Literal["heart", "wind", "earth", "grass", "light", "dark", "void", "evil", "water", "ice", "flame", "copper"]
Scoring = Literal["pairs", "each", "wild", "majority"]


class Parameters(StrictModel):
    total_cards: Count = Field(description="Element cards in the box; the copies of every card add up to this.")
    field_cards: Count = Field(description="Cards face up in the field: one per slot.")
    reserve_cards: NonNegative = Field(description="Cards set aside at the start, used when the deck runs out.")
    line_cards: Count = Field(description="Cards in one line of the field, the ones a space collects from.")
    collect_take: Count = Field(description="Cards a player takes from their line in the collect phase.")
    dice: Count = 2
    """How many dice are rolled."""
    dice_sides: Count = 6
    """Faces of each die."""
    final_turns: NonNegative = Field(1, description="Turns still played after the field could not be refilled.")
    steal_cards: Count = Field(1, description="Cards taken from a hand on a player space.")
    summons_per_turn: Count = Field(1, description="Cards a player may summon on their turn in the summon phase.")
    wild_joins_held_only: bool = Field(
        True, description="A wild card counts only as a kind the player holds a real card of."
    )


class Phase(StrictModel):
    id: Ident
    """The phase's id, as cards name it in `phases:`."""
    name: LocalText
    """The phase's name."""
    order: Literal["ascending", "descending"] = Field(description="Who acts first: the lowest or the highest 魔力.")
    order_basis: Literal["previous", "current"] = Field(
        "current", description="The 魔力 of the previous turn, or of this one."
    )
    summon: Literal["none", "any", "icons"] = Field(
        description="Which cards may be summoned: none, any card with points, or cards with one of `icons`."
    )
    icons: list[Icon] = Field(default_factory=list)
    """The icons a card needs to be summoned in this phase (with `summon: icons`)."""
    effects: bool = Field(True, description="Whether a card summoned in this phase does what its text says.")
    summary: RuleText
    """What happens in the phase; numbers come from `{placeholders}`."""
    reminder: RuleText = Field(description="One or two lines for the reference card.")


class Effect(StrictModel):
    """A card's text; numbers in it come from the card (`{points}`) or from the fields here."""

    text: RuleText
    """The card's text; numbers come from `{points}` or from the fields here."""
    draw: NonNegative | None = None
    """Cards drawn, for `{draw}` in the text."""
    keep: NonNegative | None = None
    """Cards kept, for `{keep}` in the text."""
    steps: NonNegative | None = None
    """Spaces moved, for `{steps}` in the text."""
    turns: NonNegative | None = None
    """Turns it lasts, for `{turns}` in the text."""
    cards: NonNegative | None = None
    """Cards it acts on, for `{cards}` in the text."""
    times: NonNegative | None = None
    """How many times, for `{times}` in the text."""
    lasts: Duration | None = None
    """How long what it does to a player lasts, when it outlasts the summon (a named player frozen next turn): the
    state it leaves needs a marker (PK343)."""


class Element(StrictModel):
    id: Ident
    """The card's id."""
    name: LocalText
    """The card's name."""
    points: int = Field(description="Per pair for `pairs`, per card for `each` and `majority`; 0 for a wild card.")
    negative: int = Field(0, description="What an odd count scores (once, for all the cards of the kind).")
    copies: Count
    """Copies of the card in the box."""
    scoring: Scoring = "pairs"
    """How the kind scores: pairs, each, wild or majority."""
    wild_as: Ident | None = Field(
        None, description="For a wild card: a card it may also count as, even one the player does not hold."
    )
    icons: list[Icon] = Field(default_factory=list)
    """The card's icons: move, call, self, reflect."""
    phases: list[Ident] = Field(default_factory=list, description="The phases in which the card can be summoned.")
    colour: Colour
    """The card's colour."""
    emblem: Emblem
    """The emblem printed on the card."""
    effect: Effect
    """What the card does when summoned."""


class OrderSheet(StrictModel):
    """The 魔力 sheet: a space for every mana value, and the action-order slots."""

    first: int
    """The lowest 魔力 value on the sheet."""
    last: int
    """The highest 魔力 value on the sheet."""
    step: Count
    """The step between two values."""
    columns: Count = 8
    """Spaces per row."""
    slots: Count = Field(description="Action-order slots, 1 (acts first) to the last.")

    def values(self) -> list[int]:
        return list(range(self.first, self.last + 1, self.step))


class ExampleHand(StrictModel):
    card: Ident
    """The card the example holds."""
    count: Count
    """How many of it the example holds."""


class Reference(StrictModel):
    """Texts for the scoring reference card; the example's numbers are worked out by `kind_points`."""

    scoring: list[RuleText] = Field(min_length=1)
    """The scoring rules, one line each."""
    example: ExampleHand | None = None
    """A worked scoring example: a card and how many are held."""


def _effect_of(name: LocalText) -> LocalText:
    """What a card leaves on a player, named after the card: 「炎の効果」, "Flame's effect"."""
    return LocalText(ja=f"{name.get('ja')}の効果", en=f"{name.get('en')}'s effect")


BOARD_POSITION = LocalText(ja="盤面上の位置", en="Position on the board")
MANA_ORDER = LocalText(ja="魔力シート上の位置（行動順）", en="Place on the mana sheet (turn order)")

TEMPLATE_SOURCES: dict[str, str] = {"element": "elements"}
"""The model list each card template draws from: the one place the generator learns it."""


class ElementDeck(Deck):
    """A deck of element cards; the game has one card layout, so the schema offers it."""

    template: Literal["element"] = Field(description="The card layout: 'element', drawn from `elements`.")


class WizardsElementCollectionKit(KitBase):
    game: Literal["wizards-element-collection"]
    """wizards-element-collection: this kit follows the Wizard's Element Collection rule model."""
    parameters: Parameters
    """The numbers the rulebook states; rule text names them as `{placeholders}`."""
    phases: list[Phase] = Field(min_length=1)
    """The phases of a turn, in order."""
    elements: list[Element] = Field(min_length=1)
    """The element cards."""
    decks: list[ElementDeck] = Field(default_factory=list)  # type: ignore[assignment]
    """The decks: the element deck draws its cards from `elements`."""
    board: TrackBoard
    """The track board: the 魔力 spaces around the field of cards."""
    order_sheet: OrderSheet
    """The 魔力 sheet and the action-order slots."""
    reference: Reference
    """The scoring reference card."""
    markers: list[Marker] = Field(default_factory=list, max_length=20)
    """Markers for the states cards leave on a player (a marker's id is the card's): printed with the pieces."""
    pieces: list[PlayerPiece] = Field(default_factory=list, max_length=10)
    """The pieces each player colour gets, each showing one state: the rules need a position on the board and a
    place on the 魔力 sheet at the same time (PK343)."""

    # ------------------------------------------------------------ the table

    def derived_states(self) -> list[tuple[State, tuple]]:
        """Every player stands on the board and sits on the 魔力 sheet at once (the collect phase and the next move
        read the board position while the sheet holds the order), and a card whose effect `lasts` leaves a state
        on the player it names (a Flame: that player cannot act next turn)."""
        lasting = [
            (
                State(
                    id=card.id,
                    name=_effect_of(card.name),
                    on="player",
                    most=self.players.max - 1,
                    lasts=card.effect.lasts,
                ),
                ("elements", i, "effect", "lasts"),
            )
            for i, card in enumerate(self.elements)
            if card.effect.lasts is not None
        ]
        return [
            (State(id="board-position", name=BOARD_POSITION, on="space", per="player", most=1), ("board", "players")),
            (State(id="mana-order", name=MANA_ORDER, on="player", per="player", most=1), ("order_sheet",)),
            *lasting,
        ]

    SHOW_STATE_HINT: ClassVar[str] = "add a piece {{id: …, shows: {id}, name: …, shape: disc}} to pieces:"

    def component_ids(self) -> dict[str, tuple[object, tuple]]:
        found = super().component_ids()
        found |= {marker.id: (marker, ("markers", i)) for i, marker in enumerate(self.markers)}
        return found | {piece.shows: (piece, ("pieces", i)) for i, piece in enumerate(self.pieces)}

    def implied_needs(self) -> list[Need]:
        """The move phase rolls the dice the parameters name."""
        return [Need(item="dice", count=self.parameters.dice, sides=self.parameters.dice_sides)]

    # ------------------------------------------------------------ values

    def placeholder_values(self) -> dict[str, int | float]:
        p = self.parameters
        values: dict[str, int | float] = super().placeholder_values()
        values |= {k: v for k, v in p.model_dump().items() if not isinstance(v, bool)}
        values["deck_cards"] = p.total_cards - p.field_cards - p.reserve_cards
        values["field_rows"] = self.board.field.rows if self.board.field else 0
        values["field_columns"] = self.board.field.columns if self.board.field else 0
        values["magic_first"] = self.order_sheet.first
        values["magic_last"] = self.order_sheet.last
        values["order_slots"] = self.order_sheet.slots
        values["card_kinds"] = len(self.elements)
        example = self.reference.example
        card = self.element(example.card) if example else None
        if example is not None and card is not None:
            odd = example.count - 1 if example.count % 2 == 0 else example.count
            values["example_count"] = example.count
            values["example_points"] = kind_points(card.scoring, card.points, card.negative, example.count)
            values["example_odd"] = odd
            values["example_odd_points"] = kind_points(card.scoring, card.points, card.negative, odd)
        for element in self.elements:
            values[f"{element.id}_points"] = element.points
            values[f"{element.id}_negative"] = element.negative
            values[f"{element.id}_copies"] = element.copies
        return values

    def element(self, card_id: str) -> Element | None:
        return next((e for e in self.elements if e.id == card_id), None)

    def designs(self, deck: ElementDeck) -> list[Design[Element]]:
        """A deck's cards in deck order: its `cards:`, or every element as many times as its `copies`."""
        return deck_designs(deck, self.elements, copies=lambda element: element.copies)

    def score(self, hands: Mapping[str, Mapping[str, int]]) -> list[PlayerScore]:
        """Every player's best score; see `score_players`."""
        return score_players(self.elements, hands, wild_joins_held_only=self.parameters.wild_joins_held_only)

    # ------------------------------------------------------------ checks

    def check(self, ctx: CheckContext) -> None:
        ids = check_unique_ids(ctx, self.elements, ("elements",), "card")
        check_unique_ids(ctx, self.phases, ("phases",), "phase")
        check_decks(ctx, self, {"elements": ids})
        for d, deck in enumerate(self.decks):
            wanted = TEMPLATE_SOURCES[deck.template]
            if (deck.source or wanted) != wanted:
                ctx.add(
                    "WE011",
                    ("decks", d, "source"),
                    f"template {deck.template!r} draws {wanted}, not {deck.source}",
                    f"set `source: {wanted}`",
                )
        example = self.reference.example
        if example is not None and example.card not in ids:
            ctx.add(
                "WE002",
                ("reference", "example", "card"),
                f"no card {example.card!r}",
                f"use one of {', '.join(sorted(ids))}",
            )
        check_elements(self, ctx, ids)


KIT_MODEL = WizardsElementCollectionKit

__all__ = [
    "CODES",
    "KIT_MODEL",
    "Element",
    "ElementDeck",
    "KindScore",
    "Phase",
    "PlayerScore",
    "ScoringError",
    "WizardsElementCollectionKit",
    "card_key",
    "card_refs",
    "kind_points",
    "score_players",
]
