"""The shared rule vocabulary: how a game plays, in pieces any kit may declare under `play:`.

Every piece is optional, and each one turns on the checks that need it (validator.proofread):
phases name the phases rule text may mention, a pile and the game's length say whether the deck
runs dry, a supply and its win threshold whether the tokens run out, and so on. `game: generic`
kits and the seed games' rule models use the same pieces.

Where the rulebook says nothing, write `unspecified` (or `{unspecified: "what is open"}`) instead of
guessing: it is a warning (PK340) and a line in the kit book's open questions, never a silent reading.

    play:
      phases:
        - {id: draw, name: {ja: ドロー, en: Draw}}
        - {id: play, name: {ja: プレイ, en: Play}}
      length: {unit: round, max: "{rounds}"}
      piles:
        - {id: deck, name: {ja: 山札, en: Deck}, holds: tricks, setup: {per_player: "{hand_size}"},
           draws_per_turn: 1, after_use: discard, reshuffle: never}
      hand_limit: {limit: 6, checked: end-of-turn, discard_to: 6}
      supplies:
        - {id: stars, name: {ja: 星, en: Stars}, count: 8, per: player, win: 7, most_per_turn: 2}
      scoring:
        categories: [{id: points, name: {ja: 得点, en: Points}}, {id: bids, name: {ja: 宣言, en: Bids}}]
        tie_break: [points, bids]
      states:
        - {id: frozen, name: {ja: 凍結, en: Frozen}, on: card, most: 2, per: player,
           lasts: {count: 2, unit: round, scope: self}}     # shown by the marker `frozen`, counting 2 down
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints, model_validator

from ..types import Ident, LocalText, Open, RuleText, StrictModel
from .rules import Duration

MOST = 1_000_000
"""The largest number the vocabulary takes: enough for any game, small enough to count with."""

ParamRef = Annotated[
    str,
    StringConstraints(pattern=r"^\{[A-Za-z_][A-Za-z0-9_]*\}$", max_length=42),
    Field(description="A kit parameter written as a placeholder, e.g. '{hand_size}'."),
]
Amount = Annotated[int, Field(ge=0, le=MOST)] | ParamRef
"""A whole number, or a `{parameter}` of the kit so the number is written once."""
PositiveAmount = Annotated[int, Field(ge=1, le=MOST)] | ParamRef
SignedAmount = Annotated[int, Field(ge=-MOST, le=MOST)] | ParamRef
"""A number that may be negative (points lost), or a `{parameter}`."""


def reading(default: Any, description: str) -> Any:
    """A default that picks one reading of the rules: an as-written kit that leaves it out gets PK341."""
    return Field(default, description=description, json_schema_extra={"reading": True})


class Step(StrictModel):
    id: Ident
    """The step's id, unique in its phase."""
    name: LocalText
    """The step's name, as rule text writes it."""


class Phase(StrictModel):
    """One phase of a turn or round, in play order; rule text may only name phases listed here."""

    id: Ident
    """The phase's id, unique in the kit."""
    name: LocalText
    """The phase's name, as rule text writes it ("ドロー", "Draw"); "Draw phase" and "ドローフェイズ" match it."""
    steps: list[Step] = Field(default_factory=list, max_length=50)
    """The phase's steps, in order."""


class Length(StrictModel):
    """How long the longest game lasts."""

    unit: Literal["round", "turn", "cycle"]
    """What `max` counts: rounds or cycles (every player has a turn), or turns (all players' together)."""
    max: PositiveAmount | Open
    """The most rounds, turns or cycles a game can last."""


PlayerCount = Annotated[int, Field(ge=1, le=100)]


class Setup(StrictModel):
    per_player: Amount | dict[PlayerCount, Amount] = 0
    """Cards each player takes at setup; by player count where it depends on it: `{2: 10, 3: 9, 4: 8, 5: 7}`."""
    shared: Amount = 0
    """Cards laid out for everyone at setup (a market, a river)."""
    each_round: bool = False
    """Whether the deal is repeated at the start of every round, from what is left of the pile (Sushi Go!): unless
    the pile is `reshuffle: each-round`, every round's deal must come out of it."""


class Pile(StrictModel):
    """A draw pile: what it holds, what setup and each turn take from it, and where used cards go."""

    id: Ident
    """The pile's id, unique in the kit."""
    name: LocalText
    """The pile's name."""
    holds: Ident | PositiveAmount
    """The deck the pile is made of (its id), or how many cards it holds."""
    setup: Setup = Field(default_factory=Setup)
    """What setup deals from it."""
    draws_per_turn: Amount = 0
    """Cards a player draws from it on each of their turns."""
    after_use: Literal["discard", "removed", "deck"] | Open = reading(
        "discard", "Where a used card goes: a discard pile, out of the game, or back into this pile."
    )
    reshuffle: Literal["when-empty", "never", "each-round"] | Open = reading(
        "when-empty",
        "Whether the discards are shuffled into a new pile when it runs out; `each-round`: every card is gathered "
        "and dealt anew each round (a hand of Koi-Koi, a round of Love Letter).",
    )


class HandLimit(StrictModel):
    """The most cards a player may keep, when that is checked, and how far an over-full hand is cut."""

    limit: PositiveAmount
    """The most cards a player may keep."""
    checked: Literal["end-of-turn", "after-draw", "end-of-round", "always"] | Open = reading(
        "end-of-turn", "When the limit is checked."
    )
    discard_to: Amount | Open
    """How many cards a player over the limit keeps: the limit itself, unless the rules say otherwise."""


class Supply(StrictModel):
    """A limited supply (tokens, markers, treasures) and the most the rules can ever need of it."""

    id: Ident
    """The supply's id, unique in the kit."""
    name: LocalText
    """The supply's name."""
    count: PositiveAmount | Open
    """How many exist: per player or in all, as `per` says."""
    per: Literal["player", "shared"] = reading("player", "Whether each player has `count`, or all share them.")
    win: PositiveAmount | dict[PlayerCount, PositiveAmount] | None = None
    """How many a player needs to win, when holding them is a way to win; by player count where it depends on it:
    `{2: 7, 3: 5, 4: 4}`."""
    most_per_turn: PositiveAmount = 1
    """The most one player can gain between two win checks."""
    cap: PositiveAmount | None = None
    """The most one player may hold, when the rules set a cap."""


class Recipe(StrictModel):
    """A combination: an unordered set of inputs that makes something. Two of one category may not share inputs."""

    id: Ident
    """The recipe's id, unique in the kit."""
    name: LocalText
    """The recipe's name."""
    category: Ident = "recipe"
    """Its kind ('attack', 'defence'): equal inputs are an error within a kind and a warning across kinds."""
    inputs: list[Ident] = Field(min_length=1, max_length=20)
    """What it takes, in any order."""


class Category(StrictModel):
    id: Ident
    """The category's id."""
    name: LocalText
    """The category's name."""


class Scoring(StrictModel):
    """The scoring categories and the order in which they break ties."""

    categories: list[Category] = Field(min_length=1, max_length=50)
    """The categories points come from."""
    tie_break: list[Ident] | Open = Field(default_factory=list, description="Category ids, most important first.")
    formula: RuleText | Open | None = None
    """How a score is worked out, in words ("2 points a set, 1 a pair"), or `unspecified`."""


class Comparison(StrictModel):
    """Something the rules decide by comparing (a battle's strengths, scores, a race to a goal): it needs a rule for
    a tie, or `unspecified` (PK347 when it has neither)."""

    id: Ident
    """The comparison's id, unique in the kit."""
    name: LocalText
    """What is compared, as rule text names it ("戦闘", "Battle")."""
    kind: Literal["battle", "scoring", "race", "bid", "other"] = "other"
    """What the comparison decides."""
    tie: RuleText | Open | None = None
    """What happens on equal values: "both cards are destroyed", "the defender wins", or `unspecified`."""


class Limits(StrictModel):
    """What a player may do each turn, where the rules set a number; `unspecified` where they are silent."""

    moves_per_turn: PositiveAmount | Open | None = None
    """The most moves a player makes on a turn."""
    attacks_per_turn: PositiveAmount | Open | None = None
    """The most attacks a player makes on a turn."""
    plays_per_turn: PositiveAmount | Open | None = None
    """The most cards a player plays on a turn."""


class Timing(StrictModel):
    """When an effect fires: after every n-th round (or turn, or cycle), at its start or its end."""

    every: PositiveAmount
    """It fires every this many units."""
    unit: Literal["round", "turn", "cycle"]
    """What `every` counts."""
    at: Literal["start", "end"] = "end"
    """Whether it fires at the start or the end of that unit."""


class Change(StrictModel):
    """An effect changes a usual number: `{base: "{draws}", by: 1}` is "one card more than usual"."""

    base: Amount
    """The usual number, best as its `{parameter}`."""
    by: Annotated[int, Field(ge=-MOST, le=MOST)]
    """The change, signed."""


Unit = Literal["cards", "cells", "turns", "cycles", "points", "rounds"]


class Effect(StrictModel):
    """An effect of a card, event or space: its kind and target come from the kit's declared lists."""

    id: Ident
    """The effect's id, unique in the kit."""
    name: LocalText
    """The effect's name."""
    kind: Ident
    """One of `play.effect_kinds`."""
    target: Ident | None = None
    """One of `play.targets`: whom or what it acts on."""
    text: RuleText | None = None
    """What it does, as printed; numbers in it must agree with `amounts` and `changes`."""
    amounts: dict[Unit, SignedAmount] = Field(default_factory=dict)
    """The numbers it states, by unit: `{cards: 2}` means the text's "2 cards", `{points: -3}` its "-3 points"."""
    changes: dict[Unit, Change] = Field(default_factory=dict)
    """Usual numbers it changes, by unit: the text may give the usual number, the change, or the result."""
    duration: Duration | None = None
    """How long it lasts, when it lasts."""
    timing: Timing | None = None
    """When it fires, when it fires on a schedule."""
    shown_by: Ident | None = None
    """The component that shows it while it lasts (a marker's id, a deck, a sheet): a lasting effect needs one
    (PK343)."""


class State(StrictModel):
    """A state the rules create on the table (a destroyed cell, a defence waiting for the next attack, a second
    position on another board): players must be able to see it, so a component shows it (PK343)."""

    id: Ident
    """The state's id, unique in the kit; a marker with the same id shows it unless `shown_by` names another."""
    name: LocalText
    """The state's name, as rule text writes it."""
    on: Literal["cell", "space", "card", "player", "zone", "board"] = "cell"
    """What carries it: a board cell or track space, a card, a player, a zone of the play area, the whole board."""
    most: PositiveAmount | None = None
    """The most that can be in play at once (per player when `per: player`): its markers must be at least as many."""
    per: Literal["player", "shared"] = "shared"
    """Whether each player can have `most` of it, or all players together."""
    lasts: Duration | None = None
    """How long it lasts, when it ends by itself: a marker that shows a countdown of more than one must count it."""
    shown_by: Ident | None = None
    """The component that shows it: a marker's id, a deck, a sheet or a board."""


class Choice(StrictModel):
    """A choice the rules offer a player: it needs at least two options."""

    id: Ident
    """The choice's id, unique in the kit."""
    name: LocalText
    """What is chosen."""
    options: list[LocalText] = Field(max_length=50)
    """The options."""


class Play(StrictModel):
    """The shared rule vocabulary: every piece optional, each turning on its checks."""

    phases: list[Phase] = Field(default_factory=list, max_length=50)
    """The phases of a turn or round, in order."""
    length: Length | None = None
    """How long the longest game lasts."""
    piles: list[Pile] = Field(default_factory=list, max_length=50)
    """Draw piles."""
    hand_limit: HandLimit | None = None
    """The hand limit."""
    supplies: list[Supply] = Field(default_factory=list, max_length=100)
    """Limited supplies of tokens, markers or treasures."""
    recipes: list[Recipe] = Field(default_factory=list, max_length=500)
    """Combinations of inputs."""
    scoring: Scoring | None = None
    """Scoring categories and the tie-break order."""
    effect_kinds: list[Ident] = Field(default_factory=list, max_length=100)
    """The kinds an effect may have."""
    targets: list[Ident] = Field(default_factory=list, max_length=100)
    """What effects may target."""
    effects: list[Effect] = Field(default_factory=list, max_length=1000)
    """Effects of cards, events and spaces."""
    choices: list[Choice] = Field(default_factory=list, max_length=500)
    """Choices the rules offer a player."""
    states: list[State] = Field(default_factory=list, max_length=200)
    """States the rules create on the table, each with the component that shows it."""
    comparisons: list[Comparison] = Field(default_factory=list, max_length=100)
    """What the rules decide by comparing, each with its tie rule."""
    first_player: RuleText | Open | None = None
    """Who plays first ("the youngest player", "the dealer's left"), or `unspecified`."""
    limits: Limits | None = None
    """What a player may do each turn."""
    seat_tolerance: Annotated[int, Field(ge=1, le=100)] | None = None
    """The most points between the best and the worst seat's win rates the design accepts: `validate --simulate`
    warns (PK354) when played games put the gap beyond it, the intervals included. Default 10 points."""

    @model_validator(mode="after")
    def _known_kinds(self) -> Play:
        if self.effects and not self.effect_kinds:
            raise ValueError("effects need `effect_kinds:`, the list their `kind:` comes from")
        return self


class GlossaryEntry(StrictModel):
    """A preferred term and the variants that should not be printed: `{term: 魔力, variants: [魔カ, まりょく]}`."""

    term: Annotated[str, StringConstraints(min_length=1, max_length=60)]
    """The term to print."""
    variants: list[Annotated[str, StringConstraints(min_length=1, max_length=60)]] = Field(min_length=1, max_length=20)
    """Spellings that mean the term and are findings (PK335) wherever they appear."""
