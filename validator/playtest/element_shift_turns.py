"""Element Shift's turns played out: an action applied, and what follows it (picks, the next turn, draws, the end
of a cycle, shift events) up to the end of the game. The engine's API is element_shift.py.
"""

from __future__ import annotations

import random
from typing import Any

from .element_shift_rules import (
    ACTING,
    ATTACK,
    DEFEND,
    DESTROY,
    DESTROYED,
    EXPAND,
    FREE,
    FREE_TARGET,
    MORE,
    NULLIFY,
    OVER,
    PICK,
    PICKING,
    PLACE,
    STEAL,
    SWAP,
    ComboRule,
    EventRule,
    Window,
)
from .element_shift_state import State, active_values, cell_cap, expand_limit, expansions, pick_cells

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
        if state.expanded < expand_limit(state) and expansions(state, seat):
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
                _begin_pick(state, victim, NULLIFY, seat, cell_cap(state, shield.counter), victim, "turn")
            return
    verb = DESTROY if combo.action == "destroy" else combo.action
    _begin_pick(state, seat, verb, victim, cell_cap(state, combo.cells), seat, "turn")


def _begin_pick(state: State, chooser: int, verb: str, victim: Any, count: int, actor: int, after: str) -> None:
    if count <= 0:
        return
    state.pending = [chooser, verb, FREE if victim == FREE_TARGET else victim, count, actor, None]
    if not pick_cells(state):
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
    if pending[3] > 0 and pick_cells(state):
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
        for cards in active_values(state, "draw-more"):
            draws += cards
        for cards in active_values(state, "draw-less"):
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
