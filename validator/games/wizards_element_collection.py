"""Wizard's Element Collection: collect element cards from a 3 × 3 field, score pairs.

Players race round a track of 魔力 (mana) spaces around the field, power up
their mana by summoning cards, collect two of the three cards in the line
their space faces, and summon cards for their effects. At the end, each kind
of element scores by how many a player holds: an even count scores its
points once per pair, an odd count scores the card's negative value.

The rule model holds the cards, the four phases, the field arithmetic and the
track, and checks that they agree. The scoring is pure code here, so the
`pnpkit score` helper and the tests use the very rules the kit is checked by.

>>> kind_points("pairs", 30, -10, 4)   # the rulebook's own example
60
>>> kind_points("pairs", 30, -10, 3)   # an odd count scores the negative value once
-10
>>> kind_points("majority", -10, 0, 2, most=True)
0
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import Field

from ..checks import (
    check_decks,
    check_lookalikes,
    check_unique_ids,
    item_names,
    normalise_name,
    repeated,
    walk_texts,
)
from ..components.cards import Deck, Design, deck_designs
from ..components.kit import KitBase
from ..components.play import State
from ..components.rules import Duration
from ..components.table import Need
from ..components.tokens import Marker, PlayerPiece
from ..components.tracks import TrackBoard, check_track, track_geometry
from ..findings import Severity
from ..placeholders import fill
from ..types import Colour, Count, Ident, LocalText, NonNegative, RuleText, StrictModel

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
        self._check_names(ctx)
        check_lookalikes(ctx, item_names(self, ("elements", "phases"), ctx.languages))
        self._check_texts(ctx)
        self._check_phases(ctx)
        self._check_scoring(ctx, ids)
        self._check_counts(ctx)
        self._check_players(ctx)
        self._check_track(ctx)

    def _check_names(self, ctx: CheckContext) -> None:
        """Two cards of one name (WE001): once per name, at its second card, however many share it."""
        for lang in ctx.languages:
            names = ((card_key(e.name.get(lang)), ("elements", i, "name", lang)) for i, e in enumerate(self.elements))
            for group in repeated(names):
                first, again = group.places[0][1], group.places[1][1]
                other, element = self.elements[first], self.elements[again]
                worth = (
                    f"{other.points} and {element.points} points"
                    if other.points != element.points
                    else f"{element.points} points each"
                )
                more = f"; {group.count:,} cards: {group.where(ctx.source)}" if group.count > 2 else ""
                ctx.add(
                    "WE001",
                    group.places[1],
                    f"card name {element.name.get(lang)!r} is also card {first} ({other.id}); {worth}{more}",
                    "give each card its own name, and record the choice in `errata`",
                )

    def _texts(self) -> list[tuple[tuple, LocalText, tuple]]:
        """Texts that describe this edition: everything but the errata, which quote the rulebook as written."""
        return [
            (path, text, owners)
            for path, text, owners in walk_texts(self)
            if path[:1] not in (("errata",), ("title",), ("subtitle",))
        ]

    def _check_texts(self, ctx: CheckContext) -> None:
        values = self.placeholder_values()
        from ..checks import local_numbers

        for path, text, owners in self._texts():
            known = values | local_numbers(owners)
            for lang in ctx.languages:
                raw = text.get(lang) if getattr(text, lang, None) else None
                if raw is None:
                    continue
                filled = fill(raw, known)
                for ref in card_refs(filled, lang, self.elements):
                    if ref.card is None:
                        names = ", ".join(e.name.get(lang) for e in self.elements)
                        ctx.add(
                            "WE002",
                            path + (lang,),
                            f"refers to {ref.name or 'a card'} [{ref.value}], but no card has that name",
                            f"cards: {names}",
                        )
                    elif ref.card.points != ref.value and ref.card.scoring != "wild":
                        ctx.add(
                            "WE003",
                            path + (lang,),
                            f"refers to {ref.name} [{ref.value}], but {ref.name} is worth {ref.card.points}",
                            f"write [{ref.card.points}] or name the card meant",
                        )

    def _check_phases(self, ctx: CheckContext) -> None:
        phases = {p.id: p for p in self.phases}
        for p, phase in enumerate(self.phases):
            if phase.summon == "icons" and not phase.icons:
                ctx.add(
                    "WE005",
                    ("phases", p, "icons"),
                    f"phase {phase.id!r} summons by icon but lists no icons",
                    "list the icons, or set `summon: any` or `none`",
                )
            if phase.summon != "icons" and phase.icons:
                ctx.add(
                    "WE005",
                    ("phases", p, "icons"),
                    f"phase {phase.id!r} lists icons but `summon` is {phase.summon!r}",
                    "set `summon: icons`",
                )
        for i, element in enumerate(self.elements):
            where = ("elements", i)
            for k, phase_id in enumerate(element.phases):
                home = phases.get(phase_id)
                if home is None:
                    ctx.add(
                        "WE004", where + ("phases", k), f"unknown phase {phase_id!r}", f"use one of {', '.join(phases)}"
                    )
                    continue
                if home.summon == "none":
                    ctx.add(
                        "WE005",
                        where + ("phases", k),
                        f"nothing can be summoned in the {phase_id} phase",
                        "remove it from `phases`",
                    )
                elif home.summon == "any" and element.points <= 0:
                    ctx.add(
                        "WE005",
                        where + ("phases", k),
                        f"{element.id} has {element.points} points, so summoning it cannot raise 魔力 in the {phase_id} phase",
                        "remove the phase",
                    )
                elif home.summon == "icons" and not set(element.icons) & set(home.icons):
                    ctx.add(
                        "WE005",
                        where + ("phases", k),
                        f"{element.id} can be summoned in the {phase_id} phase but has none of its icons ({', '.join(home.icons)})",
                        "add the icon or remove the phase",
                    )
            for k, icon in enumerate(element.icons):
                homes = [p.id for p in self.phases if icon in p.icons]
                if homes and not set(homes) & set(element.phases):
                    ctx.add(
                        "WE005",
                        where + ("icons", k),
                        f"{element.id} has the {icon} icon but cannot be summoned in the {' or '.join(homes)} phase",
                        f"add {homes[0]} to `phases`, or remove the icon",
                    )
                if not homes:
                    ctx.add(
                        "WE005", where + ("icons", k), f"no phase uses the {icon} icon", "list it in a phase's `icons`"
                    )
            if len(set(element.icons)) != len(element.icons):
                ctx.add("WE005", where + ("icons",), f"{element.id} lists an icon twice")

    def _check_scoring(self, ctx: CheckContext, ids: set[str]) -> None:
        by_id: dict[str, Element] = {}  # the first card of each id, as `element` finds it, without a search each
        for element in self.elements:
            by_id.setdefault(element.id, element)
        for i, element in enumerate(self.elements):
            where = ("elements", i)
            s = element.scoring
            if s == "pairs" and (element.points <= 0 or element.negative > 0):
                ctx.add(
                    "WE010",
                    where + ("points",),
                    f"a pairs card needs positive points and a negative value of 0 or less (has {element.points} / {element.negative})",
                )
            elif s == "each" and (element.points <= 0 or element.negative != 0):
                ctx.add(
                    "WE010",
                    where + ("negative",),
                    f"an `each` card scores its points per card and never goes negative (has {element.points} / {element.negative})",
                    "set `negative: 0`",
                )
            elif s == "majority" and (element.points >= 0 or element.negative != 0):
                ctx.add(
                    "WE010",
                    where + ("points",),
                    f"a majority card costs points per card (a negative `points`) and has no odd value (has {element.points} / {element.negative})",
                )
            elif s == "wild" and (element.points != 0 or element.negative != 0):
                ctx.add(
                    "WE010",
                    where + ("points",),
                    "a wild card has no points of its own",
                    "set `points: 0` and `negative: 0`",
                )
            if element.wild_as is not None:
                if s != "wild":
                    ctx.add(
                        "WE010",
                        where + ("wild_as",),
                        f"only a wild card counts as another card; {element.id} scores {s}",
                        "remove `wild_as`",
                    )
                elif element.wild_as not in ids:
                    ctx.add(
                        "WE002",
                        where + ("wild_as",),
                        f"no card {element.wild_as!r}",
                        f"use one of {', '.join(sorted(ids))}",
                    )
                else:
                    target = by_id.get(element.wild_as)
                    if target is not None and target.scoring == "wild":
                        ctx.add("WE010", where + ("wild_as",), "a wild card cannot count as another wild card")

    def _check_counts(self, ctx: CheckContext) -> None:
        p = self.parameters
        total = sum(e.copies for e in self.elements)
        if total != p.total_cards:
            parts = " + ".join(str(e.copies) for e in self.elements)
            ctx.add(
                "WE006",
                ("parameters", "total_cards"),
                f"the cards add up to {total} ({parts}), but total_cards is {p.total_cards}",
                "fix a card's `copies` or the total",
            )
        for d, deck in enumerate(self.decks):
            if deck.source != "elements" or not deck.cards:
                continue
            per_card: Counter = Counter()
            first: dict[str, int] = {}
            for c, entry in enumerate(deck.cards):
                if entry.ref is not None:
                    per_card[entry.ref] += entry.count
                    first.setdefault(entry.ref, c)
            for element in self.elements:
                if per_card.get(element.id, 0) != element.copies:
                    path = (
                        ("decks", d, "cards", first[element.id], "count")
                        if element.id in first
                        else ("decks", d, "cards")
                    )
                    ctx.add(
                        "WE006",
                        path,
                        f"the deck has {per_card.get(element.id, 0)} {element.id} cards, but the card says {element.copies} copies",
                        "make them agree, or drop `cards:` and let the copies decide",
                    )
        field = self.board.field
        if field is not None:
            slots = field.rows * field.columns
            if p.field_cards != slots:
                ctx.add(
                    "WE007",
                    ("parameters", "field_cards"),
                    f"field_cards is {p.field_cards}, but the board's field has {field.rows} × {field.columns} = {slots} slots",
                    "make them agree",
                )
            lines = {field.rows, field.columns}
            if p.line_cards not in lines or len(lines) != 1:
                ctx.add(
                    "WE007",
                    ("parameters", "line_cards"),
                    f"line_cards is {p.line_cards}, but the field's lines hold {' or '.join(str(n) for n in sorted(lines))} cards",
                    "make the field square with lines of line_cards",
                )
        if p.collect_take > p.line_cards:
            ctx.add(
                "WE007",
                ("parameters", "collect_take"),
                f"a player takes {p.collect_take} cards from a line of {p.line_cards}",
                "take at most line_cards",
            )
        deck_cards = p.total_cards - p.field_cards - p.reserve_cards
        if deck_cards < 0:
            ctx.add(
                "WE007",
                ("parameters", "reserve_cards"),
                f"{p.field_cards} field cards and {p.reserve_cards} in reserve need {p.field_cards + p.reserve_cards} cards; there are {p.total_cards}",
                "lower the reserve",
            )
        if self.players.max * p.collect_take > p.field_cards:
            ctx.add(
                "WE007",
                ("players", "max"),
                f"{self.players.max} players taking {p.collect_take} cards each empty a field of {p.field_cards} within one turn",
                "fewer players, a larger field or a smaller collect_take",
            )

    def _check_players(self, ctx: CheckContext) -> None:
        board = self.board
        if self.players.max > len(board.players):
            ctx.add(
                "WE008",
                ("players", "max"),
                f"up to {self.players.max} players, but the board has colours for {len(board.players)}",
                "add player colours to `board.players`",
            )
        if self.order_sheet.slots != self.players.max:
            ctx.add(
                "WE008",
                ("order_sheet", "slots"),
                f"{self.order_sheet.slots} action-order slots for up to {self.players.max} players",
                "one slot per player",
            )
        spaces = Counter(s.player for s in board.spaces if s.kind == "player")
        for p, player in enumerate(board.players):
            if spaces[player.id] != 1:
                ctx.add(
                    "WE008",
                    ("board", "players", p),
                    f"player {player.id!r} has {spaces[player.id]} player spaces on the track",
                    "give each colour exactly one player space",
                )

    def _check_track(self, ctx: CheckContext) -> None:
        board = self.board
        geometry = track_geometry(board)
        ctx.compared.add(("board", "players"))  # check_track compares the players' ids
        for problem in check_track(board, geometry):
            code = "WE008" if problem.kind == "player" else "WE009"
            ctx.add(code, problem.path, problem.message, problem.hint)
        sheet = set(self.order_sheet.values())
        if self.order_sheet.first > self.order_sheet.last:
            ctx.add(
                "WE009",
                ("order_sheet", "last"),
                f"the sheet runs from {self.order_sheet.first} down to {self.order_sheet.last}",
                "make `last` larger than `first`",
            )
        seen: dict[int, int] = {}
        for index, space in enumerate(board.spaces):
            where = ("board", "spaces", index)
            if space.kind != "normal":
                if space.collects is not None:
                    ctx.add(
                        "WE009",
                        where + ("collects",),
                        "a player space collects nothing: players on it cannot collect",
                        "remove `collects`",
                    )
                continue
            if space.value is None:
                ctx.add("WE009", where, "a 魔力 space needs a `value`", "add `value:`")
                continue
            if space.collects is None:
                ctx.add("WE009", where, f"the 魔力 space {space.value} collects no line", "add `collects:`")
            if space.value in seen:
                ctx.add(
                    "WE009",
                    where + ("value",),
                    f"魔力 {space.value} is also space {seen[space.value]}: two players could tie for the action order",
                    "give every 魔力 space its own value",
                )
            seen.setdefault(space.value, index)
            if space.value not in sheet:
                ctx.add(
                    "WE009",
                    where + ("value",),
                    f"魔力 {space.value} has no space on the 魔力 sheet ({self.order_sheet.first}–{self.order_sheet.last} by {self.order_sheet.step})",
                    "widen the sheet or change the value",
                )


# ---------------------------------------------------------------- card references and phase names

_REF = re.compile(r"[\[［]\s*([-−]?\d+)\s*(?:点|pts?|points?)?\s*[\]］]")
_JA_SUFFIXES = ("のエレメント", "エレメント")
_EN_SUFFIXES = (" element", " elements")
_STEM_JA = re.compile(r"[\u30a0-\u30ff\u3400-\u9fff\uf900-\ufaffー々]+$")
_STEM_EN = re.compile(r"(?:[A-Z][\w'-]*)(?:\s+[A-Z][\w'-]*)*$")


def card_key(name: str) -> str:
    """A card name as players would read it: normalised, without "のエレメント" or "element".

    >>> card_key("心のエレメント") == card_key("心")
    True
    >>> card_key("Ice Element") == card_key("ice")
    True
    """
    key = normalise_name(name)
    for suffix in ("のエレメント", "エレメント", "element"):
        if key.endswith(suffix) and len(key) > len(suffix):
            key = key[: -len(suffix)]
    return key


@dataclass(frozen=True)
class CardRef:
    name: str
    value: int
    card: Element | None
    start: int


def card_refs(text: str, lang: str, elements: Sequence[Element]) -> list[CardRef]:
    """References written as a name followed by its value in brackets: 「闇のエレメント[100点]」, "Dark [100]"."""
    names = sorted(((card_key(e.name.get(lang)), e) for e in elements), key=lambda pair: -len(pair[0]))
    found = []
    for match in _REF.finditer(text):
        value = int(unicodedata.normalize("NFKC", match.group(1)).replace("−", "-"))
        before = text[: match.start()].rstrip()
        lowered = before.casefold()
        for suffix in _JA_SUFFIXES + _EN_SUFFIXES:
            if lowered.endswith(suffix):
                before = before[: -len(suffix)].rstrip()
                break
        key = normalise_name(before)
        card = next((e for k, e in names if k and key.endswith(k)), None)
        if card is not None:
            name = card.name.get(lang)
        else:
            stem = (_STEM_JA if lang == "ja" else _STEM_EN).search(before)
            name = stem.group(0) if stem else ""
        found.append(CardRef(name, value, card, match.start()))
    return found


# ---------------------------------------------------------------- scoring


def kind_points(scoring: str, points: int, negative: int, count: int, most: bool = False) -> int:
    """What `count` cards of one kind score.

    >>> kind_points("pairs", 10, 0, 1)
    0
    >>> kind_points("pairs", 80, -40, 2)
    80
    >>> kind_points("each", 5, 0, 3)
    15
    >>> kind_points("majority", -10, 0, 3)
    -30
    """
    if count <= 0:
        return 0
    if scoring == "pairs":
        return points * count // 2 if count % 2 == 0 else negative
    if scoring == "each":
        return points * count
    if scoring == "majority":
        return 0 if most else points * count
    return 0


@dataclass(frozen=True)
class KindScore:
    card: str
    held: int  # real cards of this kind
    wilds: int  # wild cards counted as this kind
    points: int
    rule: str  # even | odd | each | majority | most | wild

    @property
    def count(self) -> int:
        return self.held + self.wilds


@dataclass(frozen=True)
class PlayerScore:
    player: str
    kinds: tuple[KindScore, ...]
    wild_uses: tuple[tuple[str, str | None], ...]  # (wild card id, counted as card id, or None: unused)
    total: int


class ScoringError(ValueError):
    pass


Assignment = tuple[tuple[str, str | None], ...]


def _assignments(hand: Mapping[str, int], elements: Mapping[str, Element], held_only: bool) -> list[Assignment]:
    """Every way to use a hand's wild cards; the unused choice first, then in card order."""
    per_wild: list[list[Assignment]] = []
    order = list(elements)
    for wild_id in order:
        wild = elements[wild_id]
        n = hand.get(wild_id, 0)
        if wild.scoring != "wild" or n <= 0:
            continue
        options: list[str | None] = [None]
        for card_id in order:
            card = elements[card_id]
            if card.scoring != "wild" and (hand.get(card_id, 0) > 0 or not held_only):
                options.append(card_id)
        if wild.wild_as is not None and wild.wild_as not in options:
            options.append(wild.wild_as)
        per_wild.append(
            [
                tuple((wild_id, choice) for choice in combo)
                for combo in itertools.combinations_with_replacement(options, n)
            ]
        )
    return [tuple(itertools.chain.from_iterable(parts)) for parts in itertools.product(*per_wild)] or [()]


def _counts(hand: Mapping[str, int], assignment: Assignment, elements: Mapping[str, Element]) -> Counter:
    counts: Counter = Counter({k: v for k, v in hand.items() if elements[k].scoring != "wild"})
    for _wild, as_id in assignment:
        if as_id is not None:
            counts[as_id] += 1
    return counts


def _player_score(
    player: str,
    hand: Mapping[str, int],
    assignment: Assignment,
    elements: Mapping[str, Element],
    rivals: Mapping[str, int],
) -> PlayerScore:
    counts = _counts(hand, assignment, elements)
    wild_counts = Counter(as_id for _w, as_id in assignment if as_id is not None)
    kinds = []
    for card_id, card in elements.items():
        held = hand.get(card_id, 0)
        if card.scoring == "wild":
            if held:
                kinds.append(KindScore(card_id, held, 0, 0, "wild"))
            continue
        n = counts.get(card_id, 0)
        if n == 0:
            continue
        most = card.scoring == "majority" and n >= rivals.get(card_id, 0)
        points = kind_points(card.scoring, card.points, card.negative, n, most)
        if card.scoring == "pairs":
            rule = "even" if n % 2 == 0 else "odd"
        elif card.scoring == "majority":
            rule = "most" if most else "majority"
        else:
            rule = card.scoring
        kinds.append(KindScore(card_id, held, wild_counts.get(card_id, 0), points, rule))
    return PlayerScore(player, tuple(kinds), assignment, sum(k.points for k in kinds))


def score_players(
    elements: Sequence[Element], hands: Mapping[str, Mapping[str, int]], *, wild_joins_held_only: bool = True
) -> list[PlayerScore]:
    """Each player's score with the best use of their wild cards.

    A wild card counts as one card of a kind the player holds (or of any kind,
    when `wild_joins_held_only` is off), as its `wild_as` card, or as nothing.
    Majority cards (邪) cost their points per card, except for the players who
    hold the most, counting wilds; so one player's choice can change another's
    score. Each player in turn takes their best choice given the others'
    current ones, until no one changes: the usual way a table settles it.
    """
    by_id = {e.id: e for e in elements}
    for player, hand in hands.items():
        for card_id, n in hand.items():
            if card_id not in by_id:
                raise ScoringError(f"{player}: no card {card_id!r}")
            if n < 0:
                raise ScoringError(f"{player}: {n} {card_id} cards")
    majority = [e.id for e in elements if e.scoring == "majority"]
    options = {p: _assignments(h, by_id, wild_joins_held_only) for p, h in hands.items()}
    choice: dict[str, Assignment] = {p: options[p][0] for p in hands}

    def rivals(player: str) -> dict[str, int]:
        return {
            m: max((_counts(hands[q], choice[q], by_id).get(m, 0) for q in hands if q != player), default=0)
            for m in majority
        }

    def majority_use(assignment: Assignment) -> int:
        return sum(1 for _w, as_id in assignment if as_id in majority)

    for _round in range(50):
        changed = False
        for player in hands:
            against = rivals(player)
            ranked = [
                (_player_score(player, hands[player], a, by_id, against).total, -majority_use(a), -i, a)
                for i, a in enumerate(options[player])
            ]
            best = max(ranked)[3]
            if best != choice[player]:
                choice[player] = best
                changed = True
        if not changed:
            break
    return [_player_score(p, hands[p], choice[p], by_id, rivals(p)) for p in hands]


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
