"""Element Shift's rules for one game: every number the engine plays by, read from the kit's rule model
(`prepare`), and the names of the phases, actions and picks. The engine's API is element_shift.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..games.element_shift import Combo, ElementShiftKit, ShiftEvent

# cell owners
FREE, DESTROYED = -1, -2
# phases
PLACING, ACTING, MORE, PICKING, OVER = range(5)
# actions: (kind, ...)
PLACE, EXPAND, ATTACK, DEFEND, PICK, STOP, PASS = range(7)
# what a pick does
NULLIFY, STEAL, DESTROY, SWAP = "nullify", "steal", "destroy", "swap"
FREE_TARGET = -1  # an attack on a free cell (destroy any cell)


@dataclass(frozen=True)
class Window:
    """How long a lasting effect lasts: `count` `unit`s (turn, cycle, event); whom it binds."""

    count: int
    unit: str
    scope: str


@dataclass(frozen=True)
class ComboRule:
    id: str
    attack: bool
    elements: tuple[int, ...]
    cost: int
    """Cards of each of its elements the combo spends: cards_per_combo over its elements."""
    action: str
    any_cell: bool
    cells: int
    counter: int
    duration: Window | None
    penalty: str | None
    penalty_cards: int
    penalty_turns: int


@dataclass(frozen=True)
class EventRule:
    id: str
    action: str
    cells: int
    cards: int
    duration: Window | None
    disputed: bool
    """An erratum names this event: its duration follows the `next-turn` reading."""


@dataclass(frozen=True)
class Rules:
    """Everything one game needs, read from the kit; picklable, so workers get it as it is."""

    players: int
    draws: int
    to_win: int
    max_cycles: int
    shift_every: int
    tokens: int
    expand_per_turn: int
    elements: tuple[str, ...]
    cell_element: tuple[int, ...]
    """Per playable cell: the element that claims it, or -1 for a neutral cell (any card claims it)."""
    neighbours: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    """Element cards per element, as the element deck lists them."""
    combos: tuple[ComboRule, ...]
    events: tuple[EventRule, ...]
    shift_deck: tuple[int, ...]
    """Event indices, one per shift card."""
    readings: tuple[tuple[str, str], ...]
    reshuffle: bool
    """deck-exhaustion=reshuffle"""
    replacement: bool
    """shift-copies=with-replacement"""
    next_turn_cycle: bool
    """next-turn=cycle"""
    tie_by_hand: bool
    """tie=hand-then-share"""
    skip_last_shift: bool = False
    """last-shift=skipped"""

    @property
    def total_cards(self) -> int:
        return sum(self.deck)


def _window(duration: Any) -> Window | None:
    return None if duration is None else Window(duration.count, duration.unit, duration.scope)


def prepare(kit: ElementShiftKit, players: int, choices: dict[str, str]) -> Rules:
    """The rules of a `players`-player game of `kit`, under the readings `choices`."""
    p = kit.parameters
    elements = tuple(e.id for e in kit.elements)
    index = {e: i for i, e in enumerate(elements)}
    terrains = {t.id: t for t in kit.terrains}
    cells = [c for c in kit.board.placed_cells() if not terrains[c.terrain].blocked]
    position = {(c.q, c.r): i for i, c in enumerate(cells)}
    from ..components.hexboard import AXIAL_NEIGHBOURS

    neighbours = tuple(
        tuple(position[(c.q + dq, c.r + dr)] for dq, dr in AXIAL_NEIGHBOURS if (c.q + dq, c.r + dr) in position)
        for c in cells
    )
    cell_element = tuple(index.get(terrains[c.terrain].element or "", -1) for c in cells)
    deck = [0] * len(elements)
    shift_deck: list[int] = []
    event_index = {e.id: i for i, e in enumerate(kit.events)}
    for d in kit.decks:
        if d.template == "element":
            for design in _designs(d, kit.elements):
                deck[index[design.item.id]] += design.count
        elif d.template == "event":
            for design in _designs(d, kit.events):
                shift_deck += [event_index[design.item.id]] * design.count
    errata = {e.id for e in kit.errata}
    return Rules(
        players=players,
        draws=p.draws_per_turn,
        to_win=p.territories_to_win,
        max_cycles=p.max_cycles,
        shift_every=p.shift_every,
        tokens=p.tokens_per_player,
        expand_per_turn=p.expand_cells_per_turn,
        elements=elements,
        cell_element=cell_element,
        neighbours=neighbours,
        deck=tuple(deck),
        combos=tuple(_combo(c, index, p.cards_per_combo) for c in kit.combos),
        events=tuple(_event(e, e.id in errata) for e in kit.events),
        shift_deck=tuple(shift_deck) or tuple(range(len(kit.events))),
        readings=tuple(choices.items()),
        reshuffle=choices["deck-exhaustion"] == "reshuffle",
        replacement=choices["shift-copies"] == "with-replacement",
        next_turn_cycle=choices["next-turn"] == "cycle",
        tie_by_hand=choices["tie"] == "hand-then-share",
        skip_last_shift=choices.get("last-shift") == "skipped",
    )


def _designs(deck: Any, items: Sequence[Any]) -> list[Any]:
    from ..components.cards import deck_designs

    return deck_designs(deck, items)


def _combo(combo: Combo, index: dict[str, int], cards: int) -> ComboRule:
    e = combo.effect
    penalty = e.penalty
    return ComboRule(
        id=combo.id,
        cost=max(1, cards // len(combo.elements)),
        attack=combo.kind == "attack",
        elements=tuple(sorted(index[x] for x in combo.elements)),
        action=e.action,
        any_cell=e.target == "any-cell",
        cells=e.cells,
        counter=e.counter_nullify,
        duration=_window(e.duration),
        penalty=penalty.kind if penalty else None,
        penalty_cards=penalty.cards if penalty else 0,
        penalty_turns=penalty.duration.count if penalty else 0,
    )


def _event(event: ShiftEvent, disputed: bool) -> EventRule:
    e = event.effect
    return EventRule(event.id, e.action, e.cells, e.cards, _window(e.duration), disputed)


def default_move_cap(rules: Rules) -> int:
    """Decisions one game may take: ten times what a full-length game can need."""
    per_turn = rules.expand_per_turn + 1 + max((c.cells + c.counter for c in rules.combos), default=0)
    per_cycle = rules.players * per_turn + max((e.cells for e in rules.events), default=0)
    return 10 * (rules.players + rules.max_cycles * per_cycle)
