"""Element Shift: four elements fight for territory on a hex board.

The rule model holds the numbers the rulebook states (cards per element,
cells per territory, combos, shift events) and checks that they add up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from ..checks import check_decks, check_supply, check_unique_ids, check_unique_names, places_text, repeated
from ..components.cards import Deck, deck_designs
from ..components.hexboard import HexBoard, connected, is_centre
from ..components.kit import KitBase
from ..components.play import State
from ..components.rules import Duration
from ..components.tokens import TokenSheet
from ..findings import Severity
from ..names import check_lookalikes, item_names
from ..text_numbers import Change, NameIndex, check_text_numbers
from ..types import Colour, Count, Ident, LocalText, NonNegative, RuleText, StrictModel

if TYPE_CHECKING:
    from ..checks import CheckContext

CODES = {
    "ES001": (Severity.ERROR, "unknown element"),
    "ES002": (Severity.ERROR, "unknown territory type"),
    "ES003": (Severity.ERROR, "wrong number of cards for an element"),
    "ES004": (Severity.ERROR, "wrong number of cells for a territory type"),
    "ES005": (Severity.ERROR, "board cells are not connected"),
    "ES006": (Severity.ERROR, "blocked centre missing or not in the middle"),
    "ES007": (Severity.ERROR, "combo must name two distinct elements"),
    "ES008": (Severity.ERROR, "two combos of one kind share an element pair"),
    "ES009": (Severity.WARNING, "attack and defence combo share an element pair"),
    "ES011": (Severity.ERROR, "wrong number of combos or events"),
    "ES012": (Severity.ERROR, "duplicate board cell"),
    "ES014": (Severity.ERROR, "shift interval does not divide the game length"),
    "ES015": (Severity.ERROR, "deck template does not fit its source list"),
    "ES016": (Severity.ERROR, "cycle track disagrees with the parameters"),
}


class Parameters(StrictModel):
    draws_per_turn: Count
    """Cards a player draws each turn."""
    territories_to_win: Count
    """Territory cells a player needs to win."""
    max_cycles: Count
    """Cycles the game lasts at most."""
    shift_every: Count = Field(description="A shift event happens after every n-th cycle.")
    tokens_per_player: Count
    """Territory tokens each player has."""
    cards_per_element: Count
    """Cards of each element in the element deck."""
    cells_per_territory: Count
    """Cells of each territory type on the board."""
    attack_combos: Count
    """How many attack combos the game has."""
    defence_combos: Count
    """How many defence combos the game has."""
    shift_events: Count
    """How many shift events the game has."""
    expand_cells_per_turn: Count = 1
    """Cells a player may expand into each turn."""
    cards_per_combo: Count = 2
    """Element cards a combo is played with."""
    declare_shared_pairs: bool = Field(
        False, description="The rules tell players to declare attack or defence when a pair serves both."
    )


class Element(StrictModel):
    id: Ident
    """The element's id: terrains, combos and decks name it."""
    name: LocalText
    """The element's name, e.g. {ja: 火, en: Fire}."""
    colour: Colour
    """The element's colour on cards and board."""
    icon: Literal["flame", "drop", "swirl", "mountain"]
    """The element's icon: flame, drop, swirl or mountain."""


class Terrain(StrictModel):
    id: Ident
    """The terrain's id, as the board's cells name it."""
    name: LocalText
    """The terrain's name."""
    colour: Colour
    """The colour of its cells on the board."""
    element: Ident | None = Field(None, description="The element card that claims this terrain; none for neutral.")
    icon: Literal["flame", "drop", "swirl", "mountain", "star", "none"] = "none"
    """The icon printed in its cells."""
    blocked: bool = False
    """No one can claim its cells (the blocked centre)."""


class Penalty(StrictModel):
    """What a defence does to the player whose attack it stopped."""

    kind: Literal["no-combos", "draw-less"]
    """no-combos: the attacker may play no combos; draw-less: the attacker draws fewer cards."""
    cards: NonNegative = 0
    """For draw-less: how many fewer cards."""
    duration: Duration
    """How long the penalty lasts and whom it binds."""


class Effect(StrictModel):
    action: Literal[
        "nullify", "steal", "destroy", "shield", "swap", "reshuffle", "draw-more", "draw-less", "limit", "block-attacks"
    ]
    """What the effect does."""
    target: Literal["opponent-territory", "any-cell", "claimed-cells", "self", "all-players"]
    """What it acts on."""
    cells: NonNegative = 0
    """Cells it acts on."""
    cards: NonNegative = 0
    """Cards it draws, or draws fewer."""
    counter_nullify: NonNegative = 0
    """Cells of an attack it nullifies."""
    duration: Duration | None = None
    """How long a lasting effect lasts and whom it binds."""
    penalty: Penalty | None = None
    """For a defence: what it does to the player whose attack it stopped."""
    text: RuleText
    """The effect's text on the card; numbers come from `{placeholders}`."""
    shown_by: Ident | None = None
    """The component that shows what it leaves on the table (a crater, a waiting defence): by default the marker
    with its combo's or event's id (PK343)."""


class Combo(StrictModel):
    id: Ident
    """The combo's id."""
    kind: Literal["attack", "defence"]
    """attack or defence."""
    name: LocalText
    """The combo's name."""
    elements: list[Ident] = Field(min_length=2, max_length=2)
    """The two elements the combo is played with: [fire, water]."""
    effect: Effect
    """What the combo does."""
    examples: list[RuleText] = Field(
        default_factory=list, description="Worked examples; their numbers are checked against the effect."
    )


ShiftIcon = Literal["volcano", "fog", "upheaval", "storm", "rampage", "blessing", "depletion"]
"""The pictures a shift card can show (the generator draws one for each name)."""

ACTION_ICONS: dict[str, ShiftIcon] = {
    "destroy": "volcano",
    "block-attacks": "fog",
    "swap": "upheaval",
    "limit": "storm",
    "reshuffle": "rampage",
    "draw-more": "blessing",
    "draw-less": "depletion",
    "nullify": "storm",
    "steal": "upheaval",
    "shield": "fog",
}
"""The picture an event without an `icon` shows, from what its effect does."""


class ShiftEvent(StrictModel):
    id: Ident
    """The event's id."""
    name: LocalText
    """The event's name."""
    icon: ShiftIcon | None = Field(None, description="The card's picture; by default, one for the effect's action.")
    effect: Effect
    """What the event does."""
    examples: list[RuleText] = Field(default_factory=list)
    """Worked examples; their numbers are checked against the effect."""

    @property
    def picture(self) -> ShiftIcon:
        """The picture its card shows: its `icon`, or the one for its effect's action."""
        return self.icon or ACTION_ICONS[self.effect.action]


VALID_TARGETS = {
    "nullify": {"opponent-territory"},
    "steal": {"opponent-territory"},
    "destroy": {"any-cell", "opponent-territory"},
    "shield": {"self"},
    "swap": {"claimed-cells"},
    "reshuffle": {"all-players"},
    "draw-more": {"all-players", "self"},
    "draw-less": {"all-players"},
    "limit": {"all-players"},
    "block-attacks": {"all-players"},
}
"""What each kind of effect can act on; anything else is a finding."""

NEEDS_CELLS = {"nullify", "steal", "destroy", "swap", "limit"}
CHANGES_DRAWS = {"draw-more", "draw-less"}
"""Effects that change how many cards a player draws each turn (`parameters.draws_per_turn`) by `cards`."""

CardTemplate = Literal["element", "event", "combo"]
CardItem = Element | ShiftEvent | Combo
"""What one card of a deck shows."""

TEMPLATE_SOURCES: dict[CardTemplate, str] = {"element": "elements", "event": "events", "combo": "combos"}
"""Each card template draws its cards from one model list."""


class ElementShiftDeck(Deck):
    template: CardTemplate = Field(description="The card layout, which fixes the model list the cards come from.")


class ElementShiftKit(KitBase):
    game: Literal["element-shift"]
    """element-shift: this kit follows the Element Shift rule model."""
    parameters: Parameters
    """The numbers the rulebook states; rule text names them as `{placeholders}`."""
    elements: list[Element] = Field(min_length=1)
    """The elements."""
    terrains: list[Terrain] = Field(min_length=1)
    """The terrain types of the board's cells."""
    board: HexBoard
    """The hex board: its rows of terrain keys, or its cells."""
    combos: list[Combo] = Field(min_length=1)
    """The attack and defence combos."""
    events: list[ShiftEvent] = Field(min_length=1)
    """The shift events."""
    tokens: TokenSheet
    """The token sheet: player tokens, markers and the cycle track."""
    decks: list[ElementShiftDeck] = Field(default_factory=list)  # type: ignore[assignment]  # KitBase says list[Deck]
    """The decks: each template (element, event, combo) draws its cards from its model list."""

    def parameters_dict(self) -> dict[str, int | float]:
        return {k: v for k, v in self.parameters.model_dump().items() if not isinstance(v, bool)}

    def placeholder_values(self) -> dict[str, int | float]:
        values = super().placeholder_values() | self.parameters_dict()
        values["shift_cycles"] = self.parameters.max_cycles // self.parameters.shift_every
        values["total_element_cards"] = self.parameters.cards_per_element * len(self.elements)
        values["board_cells"] = len(self.board.placed_cells())
        return values

    # ------------------------------------------------------------ the table

    def derived_states(self) -> list[tuple[State, tuple]]:
        """What combos and events leave on the table: a destroyed cell (a crater that blocks its neighbours for a
        while), and a defence waiting for the next attack on its player."""
        found: list[tuple[State, tuple]] = []
        owners: list[tuple[str, int, Combo | ShiftEvent, int | None]] = [
            ("combos", i, c, None) for i, c in enumerate(self.combos)
        ]
        copies = self._copies()
        owners += [("events", i, e, copies[e.id] * e.effect.cells) for i, e in enumerate(self.events)]
        for field, i, owner, most in owners:
            effect = owner.effect
            if effect.action == "destroy":
                state = State(
                    id=owner.id,
                    name=owner.name,
                    on="cell",
                    most=most or None,
                    lasts=effect.duration,
                    shown_by=effect.shown_by,
                )
            elif effect.action == "shield":
                state = State(id=owner.id, name=owner.name, on="player", per="player", most=1, shown_by=effect.shown_by)
            else:
                continue
            found.append((state, (field, i, "effect")))
        return found

    def _copies(self) -> Counter[str]:
        """How many cards of each event the decks hold, counted in one pass over the event decks."""
        copies: Counter[str] = Counter()
        for deck in self.decks:
            if deck.template == "event":
                for design in deck_designs(deck, self.events):
                    copies[design.item.id] += design.count
        return copies

    def component_ids(self) -> dict[str, tuple[object, tuple]]:
        return super().component_ids() | self.tokens.marker_components(("tokens",))

    def model_lists(self) -> dict[str, set[str]]:
        return {
            "elements": {e.id for e in self.elements},
            "events": {e.id for e in self.events},
            "combos": {c.id for c in self.combos},
        }

    def deck_items(self, deck: ElementShiftDeck) -> Sequence[CardItem]:
        """The model list a deck's cards come from: the one its template draws (ES015 keeps `source` agreeing)."""
        return getattr(self, TEMPLATE_SOURCES[deck.template])

    def max_gain_per_turn(self) -> int:
        """Most cells one action can add to a player's territory."""
        gains = [self.parameters.expand_cells_per_turn]
        gains += [c.effect.cells for c in self.combos if c.effect.action == "steal"]
        return max(gains)

    def check(self, ctx: CheckContext) -> None:
        element_ids = check_unique_ids(ctx, self.elements, ("elements",), "element")
        terrain_ids = check_unique_ids(ctx, self.terrains, ("terrains",), "terrain")
        check_unique_ids(ctx, self.combos, ("combos",), "combo")
        check_unique_ids(ctx, self.events, ("events",), "event")
        check_unique_names(ctx, self.combos, ("combos",), "combo")
        check_unique_names(ctx, self.events, ("events",), "event")
        check_unique_names(ctx, self.elements, ("elements",), "element")
        check_lookalikes(ctx, item_names(self, ("elements", "terrains", "combos", "events")))
        self._check_effects(ctx)
        self._check_stated_numbers(ctx)
        hint = ""  # the element ids, sorted once however many terrains name none of them
        for t, terrain in enumerate(self.terrains):
            if terrain.element is not None and terrain.element not in element_ids:
                hint = hint or _one_of(element_ids)
                ctx.add("ES001", ("terrains", t, "element"), f"unknown element {terrain.element!r}", hint)
        check_decks(ctx, self, self.model_lists())
        for d, deck in enumerate(self.decks):
            wanted = TEMPLATE_SOURCES[deck.template]
            if (deck.source or wanted) != wanted:
                ctx.add(
                    "ES015",
                    ("decks", d, "source"),
                    f"template {deck.template!r} draws {wanted}, not {deck.source}",
                    f"set `source: {wanted}`",
                )
        self._check_cards(ctx, element_ids)
        self._check_board(ctx, terrain_ids)
        self._check_combos(ctx, element_ids)
        self._check_counts(ctx)

    def _check_cards(self, ctx: CheckContext, element_ids: set[str]) -> None:
        per_element: Counter = Counter()
        first_path: dict[str, tuple] = {}
        for d, deck in enumerate(self.decks):
            if deck.source != "elements":
                continue
            for c, card in enumerate(deck.cards):
                if card.ref in element_ids:
                    per_element[card.ref] += card.copies
                    first_path.setdefault(card.ref, ("decks", d, "cards", c, "count"))
        left_open = {card.ref for deck in self.decks for card in deck.cards if not card.count_known}
        want = self.parameters.cards_per_element
        for element in self.elements:
            have = per_element.get(element.id, 0)
            if have != want and element.id not in left_open:
                path = first_path.get(element.id, ("parameters", "cards_per_element"))
                ctx.add(
                    "ES003",
                    path,
                    f"{have} {element.id} cards, but cards_per_element is {want}",
                    "make the counts add up to the parameter",
                )

    def _check_board(self, ctx: CheckContext, terrain_ids: set[str]) -> None:
        board = self.board
        for r in board.row_parity_problems():
            ctx.add(
                "PK203",
                ("board", "rows", r),
                "this row has the same number parity as the row above, so hexes cannot interlock",
                "rows must alternate odd and even lengths",
            )
        cells = board.placed_cells()
        positions: dict[tuple[int, int], int] = {}
        counts: Counter = Counter()
        known = [(i, cell) for i, cell in enumerate(cells) if cell.terrain in terrain_ids]
        for group in repeated(((cell.q, cell.r), i) for i, cell in known):
            located = [ctx.locate(cells[i].path, col_offset=cells[i].offset) for i in group.places]
            cell = cells[group.places[1]]
            ctx.add(
                "ES012",
                cell.path,
                f"cell ({cell.q}, {cell.r}) is given {group.times} ({places_text(located, group.count)})",
                "remove one",
                col_offset=cell.offset,
            )
        hint = ""
        for i, cell in enumerate(cells):
            if cell.terrain not in terrain_ids:
                hint = hint or _one_of(terrain_ids | set(board.key))
                ctx.add("ES002", cell.path, f"unknown territory type {cell.terrain!r}", hint, col_offset=cell.offset)
                continue
            if (cell.q, cell.r) in positions:
                continue  # a cell given twice: reported above, once
            positions[(cell.q, cell.r)] = i
            counts[cell.terrain] += 1
        want = self.parameters.cells_per_territory
        for _t, terrain in enumerate(self.terrains):
            expected = 1 if terrain.blocked else want
            if counts[terrain.id] != expected:
                ctx.add(
                    "ES004",
                    ("board",),
                    f"{counts[terrain.id]} {terrain.id} cells, expected {expected}",
                    "the rulebook gives 8 cells to each territory type and 1 blocked centre"
                    if not terrain.blocked
                    else "the board needs exactly one blocked centre",
                )
        if positions and not connected(set(positions)):
            ctx.add(
                "ES005", ("board",), "the board falls apart into separate islands", "join every cell to its neighbours"
            )
        blocked_ids = {t.id for t in self.terrains if t.blocked}
        blocked = [pos for pos in positions if cells[positions[pos]].terrain in blocked_ids]
        if len(blocked) == 1 and not is_centre(blocked[0], set(positions)):
            cell = cells[positions[blocked[0]]]
            ctx.add(
                "ES006",
                cell.path,
                "the blocked cell is not in the middle of the board",
                "move it to the centre",
                col_offset=cell.offset,
            )

    def _check_stated_numbers(self, ctx: CheckContext) -> None:
        """Numbers written in effect texts and examples agree with the effect they describe, and
        a number given after a combo's or event's name agrees with that combo or event."""
        named: dict[str, tuple[str, int, str]] = {}
        effects: list[Combo | ShiftEvent] = [*self.combos, *self.events]
        for item in effects:
            if item.effect.action in NEEDS_CELLS:
                for _lang, name in item.name.given():
                    if name:
                        named[name] = ("cells", item.effect.cells, item.id)
        index = NameIndex(named)  # each text is searched for the names it holds, not for every name
        lists: tuple[tuple[str, Sequence[Combo | ShiftEvent]], ...] = (("combos", self.combos), ("events", self.events))
        for list_name, items in lists:
            for i, item in enumerate(items):
                effect = item.effect
                expected = {}
                changes = {}
                if effect.action in NEEDS_CELLS:
                    expected["cells"] = effect.cells
                if effect.action in CHANGES_DRAWS:
                    # "N cards" is the draw now, draws_per_turn ± cards; "normally N" the usual draw
                    delta = effect.cards if effect.action == "draw-more" else -effect.cards
                    changes["cards"] = Change(self.parameters.draws_per_turn, delta, "draws_per_turn")
                elif effect.cards:
                    expected["cards"] = effect.cards
                if effect.duration and effect.duration.unit in ("cycle", "turn"):
                    expected[effect.duration.unit + "s"] = effect.duration.count
                texts: list[tuple[tuple[str | int, ...], RuleText]] = [(("effect", "text"), effect.text)]
                texts += [(("examples", k), e) for k, e in enumerate(item.examples)]
                for sub, text in texts:
                    for lang, value in text.given():
                        if value:
                            path = (list_name, i) + sub + (lang,)
                            others = {n: named[n] for n in index.within(value) if named[n][2] != item.id}
                            check_text_numbers(ctx, path, value, expected, f"{item.id!r}", others, changes)
        for s, section in enumerate(self.rules.sections if self.rules else []):
            for field_name in ("steps", "bullets"):
                for k, text in enumerate(getattr(section, field_name)):
                    for lang, value in text.given():
                        if value:
                            held = {n: named[n] for n in index.within(value)}
                            where = ("rules", "sections", s, field_name, k, lang)
                            check_text_numbers(ctx, where, value, {}, "the rules", held)

    def _check_effects(self, ctx: CheckContext) -> None:
        """Every effect acts on something it can act on, and says how much."""
        owners = [("combos", i, c) for i, c in enumerate(self.combos)] + [
            ("events", i, e) for i, e in enumerate(self.events)
        ]
        for list_name, i, owner in owners:
            effect = owner.effect
            path = (list_name, i, "effect")
            if effect.target not in VALID_TARGETS[effect.action]:
                allowed = ", ".join(sorted(VALID_TARGETS[effect.action]))
                ctx.add(
                    "PK320",
                    path + ("target",),
                    f"a {effect.action} effect cannot target {effect.target}",
                    f"use {allowed}",
                )
            if effect.action in NEEDS_CELLS and effect.cells < 1:
                ctx.add("PK320", path, f"a {effect.action} effect must name how many cells (cells ≥ 1)", "add `cells:`")

    def _check_combos(self, ctx: CheckContext, element_ids: set[str]) -> None:
        by_pair: dict[frozenset, list[int]] = {}
        hint = ""
        for c, combo in enumerate(self.combos):
            for e, element in enumerate(combo.elements):
                if element not in element_ids:
                    hint = hint or _one_of(element_ids)
                    ctx.add("ES001", ("combos", c, "elements", e), f"unknown element {element!r}", hint)
            pair = frozenset(combo.elements)
            if len(pair) != 2:
                ctx.add(
                    "ES007",
                    ("combos", c, "elements"),
                    f"combo {combo.id!r} names {combo.elements[0]!r} twice",
                    "name two different elements",
                )
                continue
            by_pair.setdefault(pair, []).append(c)
        for pair, members in by_pair.items():
            if len(members) > 1:
                self._check_pair(ctx, pair, members)

    def _check_pair(self, ctx: CheckContext, pair: frozenset, members: list[int]) -> None:
        """Combos on one pair: of one kind, one ES008 at the second, counting them all; of both kinds, one ES009
        at the first of the kind that comes second. Never one per two combos: n copies are not n² findings."""
        kinds = repeated((self.combos[c].kind, ("combos", c, "elements")) for c in members)
        for group in kinds:
            first, combo = self.combos[group.places[0][1]], self.combos[group.places[1][1]]
            more = f" ({group.count:,} {combo.kind} combos: {group.where(ctx.source)})" if group.count > 2 else ""
            ctx.add(
                "ES008",
                group.places[1],
                f"{combo.kind} combos {first.id!r} and {combo.id!r} use the same pair{more}",
                "pairs are unordered; change one of them",
            )
        first = self.combos[members[0]]
        other = next((c for c in members if self.combos[c].kind != first.kind), None)
        if other is not None and not self.parameters.declare_shared_pairs:
            combo = self.combos[other]
            ctx.add(
                "ES009",
                ("combos", other, "elements"),
                f"{first.kind} {first.id!r} and {combo.kind} {combo.id!r} both use {' + '.join(sorted(pair))}",
                "set parameters.declare_shared_pairs and say in the rules that players declare which one they play",
            )

    def _check_counts(self, ctx: CheckContext) -> None:
        p = self.parameters
        attack = sum(c.kind == "attack" for c in self.combos)
        defence = len(self.combos) - attack
        for have, want, name in (
            (attack, p.attack_combos, "attack combos"),
            (defence, p.defence_combos, "defence combos"),
            (len(self.events), p.shift_events, "shift events"),
        ):
            if have != want:
                ctx.add(
                    "ES011",
                    ("parameters",),
                    f"{have} {name}, but the parameters say {want}",
                    "add or remove entries, or fix the parameter",
                )
        track = self.tokens.track
        if track is not None:
            if track.last - track.first + 1 != p.max_cycles:
                ctx.add(
                    "ES016",
                    ("tokens", "track", "last"),
                    f"the track has {track.last - track.first + 1} spaces, but the game lasts {p.max_cycles} cycles",
                    "make the track one space per cycle",
                )
            if track.highlight_every is not None and track.highlight_every != p.shift_every:
                ctx.add(
                    "ES016",
                    ("tokens", "track", "highlight_every"),
                    f"the track marks every {track.highlight_every}th cycle, but shifts come every {p.shift_every}",
                    "drop highlight_every; it defaults to shift_every",
                )
        if p.max_cycles % p.shift_every:
            ctx.add(
                "ES014",
                ("parameters", "shift_every"),
                f"{p.max_cycles} cycles is not a multiple of {p.shift_every}",
                "the last shift would fall mid-interval",
            )
        check_supply(
            ctx,
            ("parameters", "tokens_per_player"),
            p.tokens_per_player,
            p.territories_to_win,
            self.max_gain_per_turn(),
            "territory tokens per player",
        )


def _one_of(ids: set[str]) -> str:
    return f"use one of {', '.join(sorted(ids))}" if ids else ""


KIT_MODEL = ElementShiftKit
