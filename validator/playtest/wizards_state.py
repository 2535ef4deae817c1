"""Wizard's Element Collection's game state, and the actions legal in it: what a player may decide now.
The engine's API is wizards_element_collection.py; applying an action is wizards_turns.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from .wizards_rules import (
    CALL,
    COLLECTING,
    CONFIRM,
    DECLINE,
    DONE,
    EARTH,
    GRAB,
    GRABBING,
    HAND,
    ICE,
    ICE_PUSH,
    KEEP,
    KEEPING,
    MOVE,
    NORMAL,
    OCCUPIED,
    OTHER_SPACE,
    OVER,
    OWN_SPACE,
    PASS,
    POST_ROLL,
    POWER_CHOOSE,
    POWER_UP,
    POWERING,
    PRE_ROLL,
    PUSH,
    REFLECT,
    REFLECTING,
    RETURN,
    RETURNING,
    ROLL,
    SELF,
    STEAL,
    STOP,
    SUMMONED,
    SUMMONING,
    TAKE,
    WARP,
    WIND,
    Rules,
)

# ---------------------------------------------------------------- state


class State:
    __slots__ = (
        "anchored",
        "arrived",
        "base",
        "current",
        "decided",
        "deck",
        "disabled",
        "end",
        "end_round",
        "field",
        "finished",
        "hands",
        "left",
        "look",
        "mana",
        "order",
        "pending",
        "phase",
        "pos",
        "queue",
        "queue_at",
        "reserve",
        "result",
        "returned",
        "round",
        "rules",
        "slots",
        "stamp",
        "start",
        "stats",
        "step",
        "summoned",
        "summons",
        "tent",
        "tie",
        "to_move",
        "totals",
    )

    def __init__(self, rules: Rules):
        n, k = rules.players, len(rules.kinds)
        self.rules = rules
        self.deck: list[int] = []
        self.reserve: list[int] = []
        self.field: list[int] = [-1] * rules.field_cards
        self.hands = [[0] * k for _ in range(n)]
        self.summoned = [[0] * k for _ in range(n)]
        self.pos = list(rules.home)
        self.arrived = [0] * n  # when each piece last reached its space: the order player spaces fill the slots
        self.stamp = 0
        self.finished = [False] * n
        self.anchored = [False] * n
        self.disabled = [0] * n  # the round a player is out of action
        self.mana = [0] * n
        self.decided = [False] * n
        self.slots: list[int] = [-1] * n  # action order: slot 1 first
        self.order = list(range(n))  # last turn's action order
        self.base = 0  # 魔力 before the current power-up
        self.round = 1
        self.phase = MOVE
        self.step = PRE_ROLL
        self.queue: list[int] = []
        self.queue_at = 0
        self.current = 0
        self.to_move = 0
        self.start = 0
        self.tent = 0
        self.left = 0  # cards still to take in this decision
        self.summons = 0
        self.pending: list = []  # [effect kind, actor, target]
        self.look: list[int] = []  # cards Dark looked at
        self.returned = [0] * k  # cards the summoner took back this turn: summoned again from next turn
        self.end_round = 0
        self.result: list[int] = []
        self.totals: list[int] = []
        self.end = ""
        self.tie: str | None = None
        self.stats: dict[str, Any] = {
            "summons": Counter(),
            "reflected": 0,
            "landings": Counter(),
            "power_ups": 0,
            "power_cards": 0,
            "collects": 0,
            "short": 0,
            "steals": 0,
            "reserve_round": None,
            "dry_round": None,
            "out_of_action": 0,
        }


def clone(state: State) -> State:
    """An independent copy: every list (and list of lists) and counter copied, nothing mutable shared."""
    new = State.__new__(State)
    for name in State.__slots__:
        value = getattr(state, name)
        if isinstance(value, list):
            value = [list(v) if isinstance(v, list) else v for v in value]
        elif isinstance(value, dict):
            value = {k: (v.copy() if isinstance(v, Counter) else v) for k, v in value.items()}
        setattr(new, name, value)
    return new


def is_terminal(state: State) -> bool:
    return state.phase == OVER


def to_move(state: State) -> int:
    return state.to_move


# ---------------------------------------------------------------- helpers


def _free(state: State, space: int, mana_only: bool) -> bool:
    if mana_only and state.rules.space_owner[space] != NORMAL:
        return False
    return space not in state.pos


def _free_mana_spaces(state: State) -> list[int]:
    return [s for s, o in enumerate(state.rules.space_owner) if o == NORMAL and s not in state.pos]


def nearest_free(state: State, space: int, direction: int) -> int:
    """The nearest space with no piece from `space` in `direction` (push-to reading); `space` if none."""
    n = len(state.rules.space_value)
    mana_only = state.rules.push_mana_only
    for d in range(1, n):
        s = (space + direction * d) % n
        if _free(state, s, mana_only):
            return s
    return space


def place_piece(state: State, seat: int, space: int) -> None:
    state.pos[seat] = space
    state.stamp += 1
    state.arrived[seat] = state.stamp


def summon_card(state: State, seat: int, kind: int) -> None:
    state.hands[seat][kind] -= 1
    state.summoned[seat][kind] += 1


def card_with(state: State, seat: int, effect: str, where: Sequence[bool]) -> int:
    """A kind in `seat`'s hand with `effect` that may be summoned where `where` allows, or -1."""
    rules, hand = state.rules, state.hands[seat]
    for k, e in enumerate(rules.effect):
        if e == effect and where[k] and hand[k]:
            return k
    return -1


def out_of_action(state: State, seat: int) -> bool:
    return state.disabled[seat] == state.round


# ---------------------------------------------------------------- legal actions


def legal_actions(state: State) -> list[tuple]:
    step, rules, seat = state.step, state.rules, state.to_move
    if step == PRE_ROLL:
        out: list[tuple] = [(ROLL,)]
        if card_with(state, seat, "anchor", rules.in_move) >= 0:
            out.append((ICE,))
        return out
    if step == POST_ROLL:
        out = [(CONFIRM,)]
        if card_with(state, seat, "reroll", rules.in_move) >= 0:
            out.append((WIND,))
        if card_with(state, seat, "step", rules.in_move) >= 0:
            out += [(EARTH, 1), (EARTH, -1)]
        if card_with(state, seat, "anchor", rules.in_move) >= 0:
            out.append((ICE,))
        return out
    if step == OCCUPIED:
        space = state.pos[state.current]
        movers = [state.current] + [
            s for s in range(rules.players) if s != state.current and finished_at(state, s, space)
        ]
        return _pushes(state, movers)
    if step == ICE_PUSH:
        return _pushes(state, [state.current])
    if step == OWN_SPACE:
        out = [(STEAL, v) for v in range(rules.players) if v != seat and any(state.hands[v])]
        if rules.own_warp:
            out += [(WARP, s) for s in _free_mana_spaces(state)]
        return out
    if step == OTHER_SPACE:
        out = [(WARP, s) for s in _free_mana_spaces(state)]
        out += [(GRAB, HAND, k) for k, c in enumerate(state.hands[state.current]) if c]
        return out
    if step in (POWER_CHOOSE, POWERING):
        out = [(DECLINE,)] if step == POWER_CHOOSE else []
        if step == POWERING and _valid_mana(state, seat, state.mana[seat]):
            out.append((DONE,))
        out += [(POWER_UP, k) for k in power_cards(state, seat)]
        return out
    if step == COLLECTING:
        seen: set[int] = set()
        out = []
        for slot in rules.space_line[state.pos[seat]]:
            card = state.field[slot]
            if card >= 0 and card not in seen:
                seen.add(card)
                out.append((TAKE, slot))
        return out
    if step == SUMMONING:
        return summon_actions(state, seat) + [(PASS,)]
    if step == REFLECTING:
        return [(REFLECT, 1), (REFLECT, 0)]
    if step == GRABBING:
        _effect, _actor, target = state.pending[:3]
        out = []
        if _effect == "steal-blind":
            if any(state.hands[target]):
                out.append((GRAB, HAND, -1))
        else:
            out += [(GRAB, HAND, k) for k, c in enumerate(state.hands[target]) if c]
        out += [(GRAB, SUMMONED, k) for k, c in enumerate(state.summoned[target]) if c]
        return out
    if step == KEEPING:
        return [(KEEP, k) for k in sorted(set(state.look))] + [(STOP,)]
    if step == RETURNING:
        return [(RETURN, k) for k in returnable(state, seat, state.pending[3])]
    raise AssertionError(f"no actions in step {step}")


def finished_at(state: State, seat: int, space: int) -> bool:
    return state.finished[seat] and state.pos[seat] == space


def _pushes(state: State, movers: list[int]) -> list[tuple]:
    out = []
    for seat in movers:
        seen = set()
        for direction in (1, -1):
            to = nearest_free(state, state.pos[seat], direction)
            if to not in seen:
                seen.add(to)
                out.append((PUSH, seat, direction))
    return out


def threshold(state: State, seat: int) -> int | None:
    """The 魔力 a power-up must pass: the lowest other undecided player above the player's 魔力 before it."""
    above = [
        state.mana[q]
        for q in range(state.rules.players)
        if q != seat and not state.decided[q] and state.mana[q] > state.base
    ]
    return min(above) if above else None


def _valid_mana(state: State, seat: int, value: int) -> bool:
    pass_at = threshold(state, seat)
    if pass_at is None or value <= pass_at or value not in state.rules.sheet:
        return False
    return all(state.mana[q] != value for q in range(state.rules.players) if q != seat)


def power_cards(state: State, seat: int) -> list[int]:
    """Kinds whose summoning still leaves a legal 魔力 within reach."""
    rules, hand = state.rules, state.hands[seat]
    now = state.mana[seat]
    out = []
    for k, c in enumerate(hand):
        if not c or not rules.in_power[k]:
            continue
        hand[k] -= 1
        reach = _reachable(rules, hand, now + rules.points[k])
        hand[k] += 1
        if any(_valid_mana(state, seat, v) for v in reach):
            out.append(k)
    return out


def _reachable(rules: Rules, hand: list[int], start: int) -> set[int]:
    """Every 魔力 from `start` that summoning some of `hand` can reach on the sheet."""
    if start > rules.sheet_last:
        return set()
    reach = {start}
    for k, c in enumerate(hand):
        if not c or not rules.in_power[k]:
            continue
        p = rules.points[k]
        grown = set(reach)
        for v in reach:
            for j in range(1, c + 1):
                if v + j * p > rules.sheet_last:
                    break
                grown.add(v + j * p)
        reach = grown
    return reach


def summon_actions(state: State, seat: int) -> list[tuple]:
    rules, hand = state.rules, state.hands[seat]
    out: list[tuple] = []
    for k, c in enumerate(hand):
        if c <= state.returned[k] or not rules.in_summon[k] or rules.reflect[k]:
            continue
        effect = rules.effect[k]
        if rules.call[k]:
            for t in range(rules.players):
                if t == seat:
                    continue
                if effect == "disable" or any(state.hands[t]) or any(state.summoned[t]):
                    out.append((CALL, k, t))
        elif (effect == "look-keep" and state.deck) or (effect == "return" and returnable(state, seat)):
            out.append((SELF, k))
    return out


def returnable(state: State, seat: int, summoning: int = -1) -> list[int]:
    """Summoned kinds a return may take back; `summoning`: the returning card itself, which cannot."""
    rules, summoned = state.rules, state.summoned[seat]
    out = []
    for k, c in enumerate(summoned):
        if k == summoning:
            c -= 1
        if c > 0 and k not in rules.unreturnable:
            out.append(k)
    return out
