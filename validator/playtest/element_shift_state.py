"""Element Shift's game state, and the actions legal in it: what a player may decide now. The engine's API is
element_shift.py; applying an action is element_shift_turns.py.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .element_shift_rules import (
    ATTACK,
    DEFEND,
    DESTROY,
    DESTROYED,
    EXPAND,
    FREE,
    FREE_TARGET,
    MORE,
    OVER,
    PASS,
    PICK,
    PICKING,
    PLACE,
    PLACING,
    STOP,
    SWAP,
    ComboRule,
    Rules,
)

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


def active_values(state: State, action: str) -> list[int]:
    """Values of the shift effects of this kind active this turn."""
    t = state.turn
    return [value for kind, value, first, last, _id in state.lasting if kind == action and first <= t <= last]


def expand_limit(state: State) -> int:
    limit = state.rules.expand_per_turn
    if not state.lasting:  # the common case, asked at every decision
        return limit
    for cells in active_values(state, "limit"):
        limit = min(limit, cells)
    return limit


def cell_cap(state: State, cells: int) -> int:
    for limit in active_values(state, "limit"):
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


def expansions(state: State, seat: int) -> list[tuple]:
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
        return [(PICK, c) for c in pick_cells(state)]
    seat = state.current
    if phase == MORE:
        return expansions(state, seat) + [(STOP,)]
    rules = state.rules
    actions = expansions(state, seat) if expand_limit(state) > 0 else []
    if not actions and state.held[seat] >= rules.tokens and any(state.hands[seat]) and _frontier(state, seat):
        state.stats["supply_blocked"] += 1  # an expansion that only the token supply stops
    if not state.banned:
        hand = state.hands[seat]
        fog = bool(state.lasting) and bool(active_values(state, "block-attacks"))
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


def pick_cells(state: State) -> list[int]:
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
