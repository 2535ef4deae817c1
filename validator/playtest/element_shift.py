"""Element Shift played out: setup, turns, combos and defences, shift events, draws and the end.

Every number comes from the kit's rule model (`ElementShiftKit`): the parameters
(draws, territories to win, cycles, shift interval, tokens, cells per expansion,
cards per combo), the combos' and events' effects and durations, the element
deck's counts, the shift deck and the board's cells and terrains. The engine
holds none of them; it holds the turn structure of the rulebook (shared/seeds/000):

    setup   each player, from the start player clockwise, places a token on any free cell
    turn    draw; take exactly one action (expand, attack combo, defence combo), or pass if none is legal
    cycle   after every player's turn: every shift_every-th cycle a shift card is drawn (the drawer moves
            clockwise each time) and applied at once; then a player with territories_to_win wins, and after
            max_cycles the player with most territories does

Choices a player makes inside an action (which cells a combo nullifies, steals or
destroys, where a volcano erupts, which two cells an upheaval swaps) are decisions
of their own, one cell at a time, so the policies choose them too.

Where the rulebook is silent or says two things the engine plays a named reading
(READINGS); the kit's errata pick the default.

Modelling choices the rulebook leaves open and no reading covers (kept simple, stated here):
- a neutral cell is claimed with the card the player holds most of (one action per cell, not per card);
- a defence works at once, until the next attack against its player (event shields) or for its
  duration (Mud Wall), as the rulebook's examples play it;
- an attack needs a target: an opponent holding a cell (or, for a destroy-any-cell combo, a free cell);
- Elemental Rampage deals the gathered cards round-robin from the drawer; cards beyond the deal are discarded;
- a player with no token left cannot claim a cell: an expansion is not legal, a steal only empties the cell.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import metrics
from .readings import Reading

if TYPE_CHECKING:
    from ..games.element_shift import Combo, ElementShiftKit, ShiftEvent

READINGS: dict[str, Reading] = {
    r.id: r
    for r in (
        Reading(
            "deck-exhaustion",
            "What happens when the element deck is empty? The rulebook has no discard pile, reshuffle or hand limit.",
            ("no-reshuffle", "reshuffle"),
            (
                "draws from an empty deck are lost; spent cards stay out of the game",
                "when a draw finds the deck empty, the spent cards are shuffled into a new deck",
            ),
        ),
        Reading(
            "shift-copies",
            "How many copies of each shift card? The rulebook only says a shift card is drawn.",
            ("as-deck", "with-replacement"),
            (
                "the kit's shift deck, shuffled once: each event as many times as the deck lists it",
                "every shift draws from all the events (the card goes back): an event can come twice",
            ),
        ),
        Reading(
            "next-turn",
            'Does "next turn" for everyone mean one player\'s turn or a whole cycle (Creeping Fog, Blessing, Depletion, Mud Wall)?',
            ("turn", "cycle"),
            (
                "the effect lasts for the next single player turn",
                "the effect lasts until every player has had their next turn",
            ),
            erratum="fog",
            corrected="cycle",
        ),
        Reading(
            "tie",
            "Who wins a tie on territories? The rulebook does not say.",
            ("share", "hand-then-share"),
            (
                "the tied players share the win",
                "the tied player with more cards in hand wins; if still tied, they share the win",
            ),
            erratum="tie",
            corrected="hand-then-share",
        ),
        Reading(
            "last-shift",
            "Is a shift card drawn after the last cycle? Shifts come after every n-th cycle, and the last cycle is one.",
            ("drawn", "skipped"),
            (
                "a shift card is drawn at the end of the last cycle, before the final check; what lasts never acts",
                "no shift card is drawn after the last cycle: the final check comes at once",
            ),
        ),
    )
}

MEASURES = ("deck.dry_before_end", "deck.draw_lost", "late_effects.shift_when_decided", "late_effects.changed_result")
"""This game's rate measures, compared across readings."""

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


# ---------------------------------------------------------------- state


class State:
    __slots__ = (
        "after_pick",
        "banned",
        "craters",
        "current",
        "cycle",
        "deck",
        "discard",
        "due",
        "end",
        "expanded",
        "hands",
        "held",
        "lasting",
        "mud",
        "owner",
        "penalties",
        "pending",
        "phase",
        "result",
        "rules",
        "shields",
        "shift_deck",
        "shifts",
        "stats",
        "tie",
        "to_move",
        "turn",
    )

    def __init__(self, rules: Rules):
        n = len(rules.cell_element)
        self.rules = rules
        self.owner = [FREE] * n
        self.held = [0] * rules.players
        self.hands = [[0] * len(rules.elements) for _ in range(rules.players)]
        self.deck: list[int] = []
        self.discard = [0] * len(rules.elements)
        self.shift_deck: list[int] = []
        self.cycle = 1
        self.turn = 0
        self.current = 0
        self.to_move = 0
        self.phase = PLACING
        self.pending: list | None = None  # [chooser, verb, victim, remaining, actor, first pick]
        self.after_pick = "turn"
        self.expanded = 0
        self.lasting: list[tuple[str, int, int, int, str]] = []  # (action, value, first turn, last turn, event id)
        self.craters: list[tuple[int, int]] = []  # (cell, last turn)
        self.mud = [0] * rules.players  # last turn a Mud Wall protects
        self.shields: list[list[int]] = [[] for _ in range(rules.players)]  # combo indices, until the next attack
        self.penalties: list[list[list]] = [[] for _ in range(rules.players)]  # [kind, cards, own turns left]
        self.banned = False  # the player to act may play no combos this turn
        self.shifts = 0
        self.result: list[int] = []
        self.end = ""
        self.tie: str | None = None
        self.due: tuple | None = None
        self.stats: dict[str, Any] = {
            "combos": Counter(),
            "blocked": Counter(),
            "events": Counter(),
            "dry_cycle": None,
            "empty_cycle": None,
            "short_draws": 0,
            "short_cycle": None,
            "reshuffles": 0,
            "max_tokens": 0,
            "supply_blocked": 0,
            "late": [],  # (cycle, event id, changed result)
            "unresolved": Counter(),
        }


def clone(state: State) -> State:
    """An independent copy: nothing mutable is shared."""
    new = State.__new__(State)
    for name in State.__slots__:
        setattr(new, name, getattr(state, name))
    new.owner = list(state.owner)
    new.held = list(state.held)
    new.hands = [list(h) for h in state.hands]
    new.deck = list(state.deck)
    new.discard = list(state.discard)
    new.shift_deck = list(state.shift_deck)
    new.pending = list(state.pending) if state.pending else None
    new.lasting = list(state.lasting)
    new.craters = list(state.craters)
    new.mud = list(state.mud)
    new.shields = [list(s) for s in state.shields]
    new.penalties = [[list(p) for p in ps] for ps in state.penalties]
    new.result = list(state.result)
    new.stats = {k: (v.copy() if isinstance(v, (Counter, list)) else v) for k, v in state.stats.items()}
    return new


def new_game(rules: Rules, rng: random.Random) -> State:
    state = State(rules)
    deck = [e for e, count in enumerate(rules.deck) for _ in range(count)]
    rng.shuffle(deck)
    state.deck = deck
    shift_deck = list(rules.shift_deck)
    rng.shuffle(shift_deck)
    state.shift_deck = shift_deck
    return state


def is_terminal(state: State) -> bool:
    return state.phase == OVER


def to_move(state: State) -> int:
    return state.to_move


# ---------------------------------------------------------------- legal actions


def _active(state: State, action: str) -> list[int]:
    """Values of the shift effects of this kind active this turn."""
    t = state.turn
    return [value for kind, value, first, last, _id in state.lasting if kind == action and first <= t <= last]


def _expand_limit(state: State) -> int:
    limit = state.rules.expand_per_turn
    if not state.lasting:  # the common case, asked at every decision
        return limit
    for cells in _active(state, "limit"):
        limit = min(limit, cells)
    return limit


def _cell_cap(state: State, cells: int) -> int:
    for limit in _active(state, "limit"):
        cells = min(cells, limit)
    return cells


def _frontier(state: State, seat: int) -> list[int]:
    """The free cells next to the seat's, in cell order (a hot path: one pass over the board, a set)."""
    neighbours, owner = state.rules.neighbours, state.owner
    seen: set[int] = set()
    for c, o in enumerate(owner):
        if o == seat:
            for n in neighbours[c]:
                if owner[n] == FREE:
                    seen.add(n)
    t = state.turn
    for cell, last in state.craters:
        if t <= last:
            seen.difference_update(neighbours[cell])
    return sorted(seen)


def _expansions(state: State, seat: int) -> list[tuple]:
    hand = state.hands[seat]
    frontier = _frontier(state, seat)
    if not frontier or not any(hand):
        return []
    if state.held[seat] >= state.rules.tokens:
        return []
    out = []
    most = max(range(len(hand)), key=lambda e: (hand[e], -e))
    cell_element = state.rules.cell_element
    for cell in frontier:
        element = cell_element[cell]
        if element < 0:
            out.append((EXPAND, most, cell))
        elif hand[element]:
            out.append((EXPAND, element, cell))
    return out


def legal_actions(state: State) -> list[tuple]:
    phase = state.phase
    if phase == PLACING:
        return [(PLACE, c) for c, o in enumerate(state.owner) if o == FREE]
    if phase == PICKING:
        return [(PICK, c) for c in _pick_cells(state)]
    seat = state.current
    if phase == MORE:
        return _expansions(state, seat) + [(STOP,)]
    rules = state.rules
    actions = _expansions(state, seat) if _expand_limit(state) > 0 else []
    if not actions and state.held[seat] >= rules.tokens and any(state.hands[seat]) and _frontier(state, seat):
        state.stats["supply_blocked"] += 1  # an expansion that only the token supply stops
    if not state.banned:
        hand = state.hands[seat]
        fog = bool(state.lasting) and bool(_active(state, "block-attacks"))
        has_free = FREE in state.owner
        for ci, combo in enumerate(rules.combos):
            cost = combo.cost  # can the seat pay? Inlined: this loop runs at every decision of every game
            for e in combo.elements:
                if hand[e] < cost:
                    break
            else:
                _combo_actions(actions, state, seat, ci, combo, fog, has_free)
    return actions or [(PASS,)]


def _combo_actions(
    actions: list[tuple], state: State, seat: int, ci: int, combo: ComboRule, fog: bool, has_free: bool
) -> None:
    """The actions of one combo the seat can pay for: a defence, or an attack on each rival holding land
    (and on a free cell when the combo may strike any), none under a fog that blocks attacks."""
    if not combo.attack:
        actions.append((DEFEND, ci))
        return
    if fog:
        return
    held = state.held
    for victim in range(state.rules.players):
        if victim != seat and held[victim]:
            actions.append((ATTACK, ci, victim))
    if combo.any_cell and has_free:
        actions.append((ATTACK, ci, FREE_TARGET))


def _pick_cells(state: State) -> list[int]:
    assert state.pending is not None
    _chooser, verb, victim, _remaining, _actor, first = state.pending
    owner = state.owner
    if verb == SWAP:
        if first is None:  # a cell that has a partner of another owner
            owners = {o for o in owner if o >= 0}
            return [c for c, o in enumerate(owner) if o >= 0 and len(owners) > 1]
        return [c for c, o in enumerate(owner) if o >= 0 and o != owner[first]]
    if verb == DESTROY and victim is None:  # an eruption: any cell not destroyed yet
        return [c for c, o in enumerate(owner) if o != DESTROYED]
    return [c for c, o in enumerate(owner) if o == victim]


# ---------------------------------------------------------------- applying actions


def apply(state: State, action: tuple, rng: random.Random) -> None:
    kind = action[0]
    seat = state.to_move
    if kind == PLACE:
        _claim(state, action[1], seat)
        if seat + 1 < state.rules.players:
            state.to_move = seat + 1
        else:
            _start_turn(state, 0, rng)
        return
    if kind == PICK:
        _pick(state, action[1], rng)
        return
    if kind == EXPAND:
        _, element, cell = action
        state.hands[seat][element] -= 1
        state.discard[element] += 1
        _claim(state, cell, seat)
        state.expanded += 1
        if state.expanded < _expand_limit(state) and _expansions(state, seat):
            state.phase = MORE
            return
    elif kind == ATTACK:
        _attack(state, seat, action[1], action[2])
        if state.phase == PICKING:
            return
    elif kind == DEFEND:
        _defend(state, seat, action[1])
    _end_turn(state, rng)


def _claim(state: State, cell: int, seat: int) -> None:
    state.owner[cell] = seat
    state.held[seat] += 1
    if state.held[seat] > state.stats["max_tokens"]:
        state.stats["max_tokens"] = state.held[seat]


def _release(state: State, cell: int, to: int = FREE) -> None:
    previous = state.owner[cell]
    if previous >= 0:
        state.held[previous] -= 1
    state.owner[cell] = to


def _pay(state: State, seat: int, combo: ComboRule) -> None:
    k = combo.cost
    hand = state.hands[seat]
    for e in combo.elements:
        hand[e] -= k
        state.discard[e] += k


def _attack(state: State, seat: int, ci: int, victim: int) -> None:
    rules = state.rules
    combo = rules.combos[ci]
    _pay(state, seat, combo)
    state.stats["combos"][combo.id] += 1
    if victim >= 0:
        if state.mud[victim] >= state.turn:
            state.stats["blocked"][combo.id] += 1
            return
        if state.shields[victim]:
            shield = rules.combos[state.shields[victim].pop(0)]
            state.stats["blocked"][combo.id] += 1
            if shield.penalty:
                state.penalties[seat].append([shield.penalty, shield.penalty_cards, shield.penalty_turns])
            if shield.counter and state.held[seat]:
                _begin_pick(state, victim, NULLIFY, seat, _cell_cap(state, shield.counter), victim, "turn")
            return
    verb = DESTROY if combo.action == "destroy" else combo.action
    _begin_pick(state, seat, verb, victim, _cell_cap(state, combo.cells), seat, "turn")


def _begin_pick(state: State, chooser: int, verb: str, victim: Any, count: int, actor: int, after: str) -> None:
    if count <= 0:
        return
    state.pending = [chooser, verb, FREE if victim == FREE_TARGET else victim, count, actor, None]
    if not _pick_cells(state):
        state.pending = None
        return
    state.phase = PICKING
    state.to_move = chooser
    state.after_pick = after


def _pick(state: State, cell: int, rng: random.Random) -> None:
    pending = state.pending
    assert pending is not None
    _chooser, verb, _victim, _remaining, actor, first = pending
    if verb == NULLIFY:
        _release(state, cell)
    elif verb == STEAL:
        _release(state, cell)
        if state.held[actor] < state.rules.tokens:
            _claim(state, cell, actor)
        else:
            state.stats["supply_blocked"] += 1
    elif verb == DESTROY:
        _release(state, cell, DESTROYED)
        if pending[5] is not None:  # an eruption's crater: (window's last turn)
            state.craters.append((cell, pending[5]))
    elif verb == SWAP:
        if first is None:
            pending[5] = cell  # the second cell of the pair is still to come; it has a partner
            return
        state.owner[first], state.owner[cell] = state.owner[cell], state.owner[first]
        pending[5] = None
    pending[3] -= 1
    if pending[3] > 0 and _pick_cells(state):
        return
    state.pending = None
    if state.after_pick == "shift":
        _finish_cycle(state, rng)
    else:
        state.to_move = state.current
        _end_turn(state, rng)


def _defend(state: State, seat: int, ci: int) -> None:
    combo = state.rules.combos[ci]
    _pay(state, seat, combo)
    state.stats["combos"][combo.id] += 1
    window = combo.duration
    if window is not None and window.unit == "event":
        state.shields[seat].append(ci)
    elif window is not None:
        state.mud[seat] = max(state.mud[seat], state.turn + _span(state, window, own=True))


def _span(state: State, window: Window, own: bool = False) -> int:
    """Turns a lasting effect covers from the turn after now. A 'turn' of everyone (or of its owner,
    for a defence) is a whole cycle under next-turn=cycle, one player's turn under next-turn=turn."""
    players = state.rules.players
    if window.unit in ("cycle", "round"):
        return window.count * players
    if state.rules.next_turn_cycle:
        return window.count * players - (1 if own else 0)
    return window.count


def _end_turn(state: State, rng: random.Random) -> None:
    state.phase = ACTING
    if state.current + 1 < state.rules.players:
        _start_turn(state, state.current + 1, rng)
        return
    _end_cycle(state, rng)


def _start_turn(state: State, seat: int, rng: random.Random) -> None:
    rules = state.rules
    state.current = state.to_move = seat
    state.phase = ACTING
    state.turn += 1
    state.expanded = 0
    draws = rules.draws
    if state.lasting:
        for cards in _active(state, "draw-more"):
            draws += cards
        for cards in _active(state, "draw-less"):
            draws -= cards
    banned = False
    kept = []
    for penalty in state.penalties[seat]:
        if penalty[0] == "draw-less":
            draws -= penalty[1]
        else:
            banned = True
        penalty[2] -= 1
        if penalty[2] > 0:
            kept.append(penalty)
    state.penalties[seat] = kept
    state.banned = banned
    _draw(state, seat, max(0, draws), rng)


def _draw(state: State, seat: int, n: int, rng: random.Random) -> None:
    deck, hand, stats = state.deck, state.hands[seat], state.stats
    for _ in range(n):
        if not deck:
            if stats["dry_cycle"] is None:
                stats["dry_cycle"] = state.cycle
            if state.rules.reshuffle and any(state.discard):
                deck.extend(e for e, count in enumerate(state.discard) for _ in range(count))
                state.discard = [0] * len(state.discard)
                rng.shuffle(deck)
                stats["reshuffles"] += 1
            else:
                stats["short_draws"] += 1
                if stats["short_cycle"] is None:
                    stats["short_cycle"] = state.cycle
                continue
        hand[deck.pop()] += 1
    if not deck and stats["empty_cycle"] is None:
        stats["empty_cycle"] = state.cycle


def _end_cycle(state: State, rng: random.Random) -> None:
    rules = state.rules
    state.due = None
    last = rules.skip_last_shift and state.cycle >= rules.max_cycles
    if state.cycle % rules.shift_every == 0 and not last:
        state.due = _decision(state)
        drawer = state.shifts % rules.players
        state.shifts += 1
        if rules.replacement or not state.shift_deck:
            event_index = rules.shift_deck[rng.randrange(len(rules.shift_deck))]
        else:
            event_index = state.shift_deck.pop()
        _shift(state, rules.events[event_index], drawer, rng)
        if state.phase == PICKING:
            return
    _finish_cycle(state, rng)


def _shift(state: State, event: EventRule, drawer: int, rng: random.Random) -> None:
    state.stats["events"][event.id] += 1
    state.stats["last_event"] = event.id
    now = state.turn
    last = now
    if event.duration is not None:
        window = event.duration
        if event.disputed and not state.rules.next_turn_cycle:
            window = Window(window.count, "turn", window.scope)
        last = now + _span(state, window)
        state.lasting.append((event.action, event.cells or event.cards, now + 1, last, event.id))
    action = event.action
    if action == "destroy":
        _begin_pick(state, drawer, DESTROY, None, event.cells, drawer, "shift")
        if state.pending is not None and event.duration is not None:
            state.pending[5] = last
    elif action == "swap":
        _begin_pick(state, drawer, SWAP, None, event.cells // 2, drawer, "shift")
    elif action == "reshuffle":
        gathered = [e for hand in state.hands for e, count in enumerate(hand) for _ in range(count)]
        rng.shuffle(gathered)
        state.hands = [[0] * len(state.rules.elements) for _ in state.hands]
        players = state.rules.players
        dealt = 0
        while gathered and dealt < event.cards * players:
            state.hands[(drawer + dealt) % players][gathered.pop()] += 1
            dealt += 1
        for e in gathered:
            state.discard[e] += 1


def _decision(state: State) -> tuple | None:
    """The result the end-of-cycle check gives now, or None when the game goes on."""
    rules = state.rules
    top = max(state.held)
    if top < rules.to_win and state.cycle < rules.max_cycles:
        return None
    end = "territories" if top >= rules.to_win else "last-cycle"
    leaders = [s for s in range(rules.players) if state.held[s] == top]
    if len(leaders) == 1:
        return (end, tuple(leaders), None)
    if rules.tie_by_hand:
        most = max(sum(state.hands[s]) for s in leaders)
        by_hand = [s for s in leaders if sum(state.hands[s]) == most]
        if len(by_hand) == 1:
            return (end, tuple(by_hand), "hand")
        return (end, tuple(by_hand), "shared")
    return (end, tuple(leaders), "shared")


def _finish_cycle(state: State, rng: random.Random) -> None:
    result = _decision(state)
    if state.due is not None:
        changed = result is None or result[1] != state.due[1]
        state.stats["late"].append((state.cycle, state.stats.get("last_event"), changed))
        state.due = None
    if result is not None:
        state.end, winners, state.tie = result
        state.result = list(winners)
        state.phase = OVER
        for _kind, _value, first, _last, event_id in state.lasting:
            if first > state.turn:
                state.stats["unresolved"][event_id] += 1
        return
    state.cycle += 1
    _start_turn(state, 0, rng)


# ---------------------------------------------------------------- greedy heuristic


def heuristic(state: State, action: tuple) -> float:
    """One ply, as a player would weigh it: claim a cell (one with room around it); hit the leader,
    stealing before nullifying; defend when leading; when choosing cells, take the leader's."""
    kind = action[0]
    seat = state.to_move
    rules, owner, held = state.rules, state.owner, state.held
    if kind == PLACE:
        around = rules.neighbours[action[1]]
        return sum(owner[n] == FREE for n in around) - 2 * sum(owner[n] >= 0 for n in around)
    if kind == EXPAND:
        return 1 + 0.1 * sum(owner[n] == FREE for n in rules.neighbours[action[2]])
    if kind == ATTACK:
        combo, victim = rules.combos[action[1]], action[2]
        if victim < 0:
            return 0.2
        if state.mud[victim] >= state.turn or state.shields[victim]:
            return -1.0
        cells = min(_cell_cap(state, combo.cells), held[victim])
        gain = {"steal": 2.0, "nullify": 1.0}.get(combo.action, 1.0) * cells
        return gain + held[victim] / rules.to_win
    if kind == DEFEND:
        leading = held[seat] >= max(held) and not state.shields[seat] and state.mud[seat] < state.turn
        return 1.5 if leading else 0.3
    if kind == PICK:
        assert state.pending is not None
        cell = action[1]
        o = owner[cell]
        if o == seat:
            return -1.0 if state.pending[1] != SWAP else 0.0
        if o < 0:
            return 0.0
        return 1 + held[o] / rules.to_win + 0.1 * sum(owner[n] == o for n in rules.neighbours[cell])
    return 0.0


# ---------------------------------------------------------------- invariants, records


def check_state(state: State) -> list[str]:
    """What is wrong with a state: token counts, cards conserved, cell owners."""
    rules = state.rules
    problems = []
    counts = Counter(o for o in state.owner if o >= 0)
    for seat in range(rules.players):
        if counts[seat] != state.held[seat]:
            problems.append(f"seat {seat + 1} holds {counts[seat]} cells but counts {state.held[seat]}")
        if not 0 <= state.held[seat] <= rules.tokens:
            problems.append(f"seat {seat + 1} has {state.held[seat]} tokens out, supply {rules.tokens}")
    if any(o < DESTROYED or o >= rules.players for o in state.owner):
        problems.append("a cell has an owner who is not a player")
    cards = [0] * len(rules.elements)
    for e in state.deck:
        cards[e] += 1
    for hand in state.hands:
        if any(c < 0 for c in hand):
            problems.append("a hand holds a negative count")
        for e, c in enumerate(hand):
            cards[e] += c
    for e, c in enumerate(state.discard):
        cards[e] += c
    if tuple(cards) != rules.deck:
        problems.append(f"cards not conserved: {cards} != {list(rules.deck)}")
    if state.phase == OVER and not state.result:
        problems.append("the game is over but nobody won")
    return problems


def record(state: State, timed_out: bool) -> dict:
    stats = state.stats
    late = stats["late"]
    return {
        "winners": [] if timed_out else list(state.result),
        "end": "timeout" if timed_out else state.end,
        "tie": None if timed_out else state.tie,
        "turns": state.turn,
        "cycles": state.cycle if state.phase == OVER else state.cycle - 1,
        "scores": list(state.held),
        "hands": [sum(h) for h in state.hands],
        "dry_cycle": stats["dry_cycle"],
        "empty_cycle": stats["empty_cycle"],
        "short_draws": stats["short_draws"],
        "short_cycle": stats["short_cycle"],
        "reshuffles": stats["reshuffles"],
        "max_tokens": stats["max_tokens"],
        "supply_blocked": stats["supply_blocked"],
        "combos": dict(stats["combos"]),
        "blocked": dict(stats["blocked"]),
        "events": dict(stats["events"]),
        "late": [list(x) for x in late],
        "unresolved": dict(stats["unresolved"]),
    }


def summarise(records: Sequence[dict], rules: Rules) -> dict:
    """Element Shift's own measures: the deck running dry, tokens against the supply, combos and events
    played, and shift effects that came when the game was already decided."""
    n = len(records)
    dry = [r["dry_cycle"] for r in records if r["dry_cycle"] is not None]
    short = [r["short_cycle"] for r in records if r["short_cycle"] is not None]
    empty = [r["empty_cycle"] for r in records if r["empty_cycle"] is not None]
    dry_before_end = sum(
        1 for r in records if r["dry_cycle"] is not None and (r["dry_cycle"] < r["cycles"] or r["end"] == "timeout")
    )
    combos: Counter = Counter()
    blocked: Counter = Counter()
    events: Counter = Counter()
    unresolved: Counter = Counter()
    for r in records:
        combos.update(r["combos"])
        blocked.update(r["blocked"])
        events.update(r["events"])
        unresolved.update(r["unresolved"])
    late_games = [r for r in records if r["late"]]
    changed = [r for r in records if any(x[2] for x in r["late"])]
    late_by_event: Counter = Counter(x[1] for r in records for x in r["late"] if x[2])
    at_last = sum(1 for r in records for x in r["late"] if x[0] == rules.max_cycles)
    most_tokens = max((r["max_tokens"] for r in records), default=0)
    per_game = max(1, n)
    return {
        "deck": {
            "cards": rules.total_cards,
            "draws_per_turn": rules.draws,
            "players": rules.players,
            "max_cycles": rules.max_cycles,
            "dry_before_end": metrics.rate(dry_before_end, n),
            "dry_cycle": metrics.percentiles(dry),
            "draw_lost": metrics.rate(len(short), n),
            "draw_lost_cycle": metrics.percentiles(short),
            "empty_cycle": metrics.percentiles(empty),
            "games_empty": len(empty),
            "short_draws_per_game": round(sum(r["short_draws"] for r in records) / per_game, 3),
            "reshuffles_per_game": round(sum(r["reshuffles"] for r in records) / per_game, 3),
        },
        "tokens": {
            "supply": rules.tokens,
            "most_needed": most_tokens,
            "needed": metrics.histogram([r["max_tokens"] for r in records]),
            "claims_refused_for_supply": sum(r["supply_blocked"] for r in records),
            "games_refused": metrics.rate(sum(1 for r in records if r["supply_blocked"]), n),
            "games_at_supply": metrics.rate(sum(1 for r in records if r["max_tokens"] >= rules.tokens), n),
        },
        "combos": {
            c.id: {
                "kind": "attack" if c.attack else "defence",
                "per_game": round(combos[c.id] / per_game, 3),
                "blocked": blocked[c.id],
            }
            for c in rules.combos
        },
        "events": {e.id: round(events[e.id] / per_game, 3) for e in rules.events},
        "late_effects": {
            "shift_when_decided": metrics.rate(len(late_games), n),
            "changed_result": metrics.rate(len(changed), n),
            "changed_by_event": dict(sorted(late_by_event.items())),
            "shifts_at_last_cycle": at_last,
            "never_took_effect": dict(sorted(unresolved.items())),
            "unplayed_after_last_cycle": metrics.rate(
                sum(1 for r in records if r["unresolved"] and r["cycles"] >= rules.max_cycles), n
            ),
        },
    }


def observations(game: dict, rules: Rules, kit: ElementShiftKit) -> list[metrics.Observation]:
    """What this game's own measures say about the rules, for `validate --simulate` (validator.playtest.findings):
    each at the place in the kit that states the rule concerned."""
    play = kit.play
    deck, tokens, late = game["deck"], game["tokens"], game["late_effects"]
    pile = ("play", "piles", 0) if play is not None and play.piles else ("parameters", "draws_per_turn")
    supply = ("play", "supplies", 0) if play is not None and play.supplies else ("parameters", "tokens_per_player")
    timed = [i for i, e in enumerate(play.effects) if e.timing is not None] if play is not None else []
    shift = ("play", "effects", timed[0], "timing") if timed else ("parameters", "shift_every")
    when = deck["draw_lost_cycle"]
    unplayed = ", ".join(f"{k} {v}" for k, v in late["never_took_effect"].items())
    return [
        metrics.Observation(
            "deck-dry",
            deck["draw_lost"],
            pile,
            f"the element deck ({deck['cards']} cards, {deck['draws_per_turn']} a turn) runs dry before the game "
            "can end: draws find no card"
            + (f" from cycle {when['p50']} of {deck['max_cycles']} (median)" if when else "")
            + f", {deck['short_draws_per_game']:.1f} draws lost a game",
            "say what happens when the deck runs out (shuffle the discards into a new deck), add cards or draw fewer",
        ),
        metrics.Observation(
            "supply",
            tokens["games_refused"],
            supply,
            f"a player needs more than the {tokens['supply']} tokens of the supply "
            f"({tokens['claims_refused_for_supply']} claims refused in all)",
            "give each player more tokens, or say what happens when they run out",
        ),
        metrics.Observation(
            "after-end",
            late["unplayed_after_last_cycle"],
            shift,
            f"a shift event drawn at the end of the last cycle lasts into turns that never come ({unplayed})",
            "say that no shift is drawn after the last cycle, or end the game before it",
        ),
    ]
