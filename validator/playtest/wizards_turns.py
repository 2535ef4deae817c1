"""Wizard's Element Collection's turn played out: a new game, an action applied, and the phases that follow it
(move, power-up, collect, summon, refill) up to the end and the score. The engine's API is
wizards_element_collection.py.
"""

from __future__ import annotations

import random

from .wizards_rules import (
    CALL,
    COLLECT,
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
    POWER,
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
    SUMMON,
    SUMMONING,
    TAKE,
    UNUSED,
    WARP,
    WIND,
    Rules,
)
from .wizards_state import (
    State,
    card_with,
    finished_at,
    legal_actions,
    nearest_free,
    out_of_action,
    place_piece,
    power_cards,
    returnable,
    summon_actions,
    summon_card,
)


def new_game(rules: Rules, rng: random.Random) -> State:
    state = State(rules)
    cards = [k for k, count in enumerate(rules.deck) for _ in range(count)]
    rng.shuffle(cards)
    state.reserve = cards[: rules.reserve_cards]
    state.field = cards[rules.reserve_cards : rules.reserve_cards + rules.field_cards]
    state.field += [-1] * (rules.field_cards - len(state.field))
    state.deck = cards[rules.reserve_cards + rules.field_cards :]
    _start_round(state, rng)
    return state


# ---------------------------------------------------------------- applying actions


def apply(state: State, action: tuple, rng: random.Random) -> None:
    kind = action[0]
    seat = state.to_move
    rules = state.rules
    if kind == ROLL:
        state.tent = _roll(state, state.start, rng)
        state.step = POST_ROLL
    elif kind == CONFIRM:
        _land(state, seat, state.tent, rng)
    elif kind == WIND:
        _summon_for(state, seat, "reroll")
        state.tent = _roll(state, state.start, rng)
    elif kind == EARTH:
        k = _summon_for(state, seat, "step")
        state.tent = (state.tent + action[1] * rules.steps[k]) % len(rules.space_value)
    elif kind == ICE:
        _summon_for(state, seat, "anchor")
        state.anchored[seat] = True
        if state.step == PRE_ROLL:
            _end_move(state, rng)  # stays where it stands: no space effect
        else:
            _land(state, seat, state.tent, rng)
    elif kind == PUSH:
        mover, direction = action[1], action[2]
        place_piece(state, mover, nearest_free(state, state.pos[mover], direction))
        state.stats["landings"]["pushed"] += 1
        _end_move(state, rng)
    elif kind == STEAL:
        victim = action[1]
        for _ in range(rules.steal_cards):
            _move_random(state, victim, state.hands[seat], rng)
        _end_move(state, rng)
    elif kind == WARP:
        place_piece(state, state.current, action[1])
        state.stats["landings"]["warped"] += 1
        _end_move(state, rng)
    elif kind == GRAB:
        _grab(state, seat, action, rng)
    elif kind == DECLINE:
        _decline(state, seat, rng)
    elif kind == POWER_UP:
        k = action[1]
        if state.step == POWER_CHOOSE:
            state.stats["power_ups"] += 1
        summon_card(state, seat, k)
        state.stats["power_cards"] += 1
        state.mana[seat] += rules.points[k]
        state.step = POWERING
    elif kind == DONE:
        _next_power(state, rng)
    elif kind == TAKE:
        slot = action[1]
        state.hands[seat][state.field[slot]] += 1
        state.field[slot] = -1
        state.left -= 1
        if state.left <= 0 or not legal_actions(state):
            _next_collect(state, rng)
    elif kind == PASS:
        _next_summon(state, rng)
    elif kind == CALL:
        _call(state, seat, action[1], action[2], rng)
    elif kind == SELF:
        _self(state, seat, action[1], rng)
    elif kind == REFLECT:
        _reflect(state, action[1] == 1, rng)
    elif kind == KEEP:
        state.look.remove(action[1])
        state.hands[seat][action[1]] += 1
        state.left -= 1
        if state.left <= 0 or not state.look:
            _end_look(state, rng)
    elif kind == STOP:
        _end_look(state, rng)
    elif kind == RETURN:
        state.summoned[seat][action[1]] -= 1
        state.hands[seat][action[1]] += 1
        state.returned[action[1]] += 1
        state.left -= 1
        if state.left <= 0 or not returnable(state, seat, state.pending[3]):
            _after_summon(state, rng)
    else:
        raise AssertionError(f"unknown action {action}")


def _summon_for(state: State, seat: int, effect: str) -> int:
    """Summon a Move card with `effect` from the hand; its kind."""
    k = card_with(state, seat, effect, state.rules.in_move)
    summon_card(state, seat, k)
    state.stats["summons"][state.rules.kinds[k]] += 1
    return k


def _roll(state: State, start: int, rng: random.Random) -> int:
    rules = state.rules
    total = sum(rng.randint(1, rules.dice_sides) for _ in range(rules.dice))
    return (start + total) % len(rules.space_value)


def _move_random(state: State, victim: int, into: list[int], rng: random.Random) -> None:
    hand = state.hands[victim]
    size = sum(hand)
    if not size:
        return
    pick = rng.randrange(size)
    for k, c in enumerate(hand):
        if pick < c:
            hand[k] -= 1
            into[k] += 1
            state.stats["steals"] += 1
            return
        pick -= c


# ---- the move phase


def _start_round(state: State, rng: random.Random) -> None:
    n = state.rules.players
    state.phase = MOVE
    state.finished = [out_of_action(state, s) for s in range(n)]
    state.anchored = [False] * n
    state.stats["out_of_action"] += sum(state.finished)
    if state.round == 1:
        state.queue = list(range(n))
    else:  # ascending 魔力 of last turn: the action order read from its end
        state.queue = list(state.order) if state.rules.move_desc else list(reversed(state.order))
    state.queue_at = -1
    _next_move(state, rng)


def _next_move(state: State, rng: random.Random) -> None:
    while True:
        state.queue_at += 1
        if state.queue_at >= len(state.queue):
            _start_power(state, rng)
            return
        seat = state.queue[state.queue_at]
        if not out_of_action(state, seat):
            break
    state.current = state.to_move = seat
    state.start = state.tent = state.pos[seat]
    state.step = PRE_ROLL


def _land(state: State, seat: int, space: int, rng: random.Random) -> None:
    """The move is final: the piece enters `space` and the space acts."""
    rules = state.rules
    place_piece(state, seat, space)
    owner = rules.space_owner[space]
    landings = state.stats["landings"]
    if owner == seat:
        landings["own-space"] += 1
        state.step = OWN_SPACE
    elif owner >= 0:
        landings["other-space"] += 1
        state.step = OTHER_SPACE
        state.to_move = owner
        state.left = rules.steal_cards
    elif owner == UNUSED:
        landings["unused-space"] += 1
        _end_move(state, rng)
        return
    else:
        there = [s for s in range(rules.players) if s != seat and finished_at(state, s, space)]
        if not there:
            _end_move(state, rng)
            return
        anchor = next((s for s in there if state.anchored[s]), -1)
        if anchor >= 0:
            landings["ice-pushed"] += 1
            state.step = ICE_PUSH
            state.to_move = anchor
        else:
            landings["occupied"] += 1
            state.step = OCCUPIED
    if not legal_actions(state):
        _end_move(state, rng)


def _end_move(state: State, rng: random.Random) -> None:
    state.finished[state.current] = True
    _next_move(state, rng)


def _grab(state: State, seat: int, action: tuple, rng: random.Random) -> None:
    _, source, k = action
    if state.step == OTHER_SPACE:  # the space's owner takes from the newcomer's hand
        state.hands[state.current][k] -= 1
        state.hands[seat][k] += 1
        state.stats["steals"] += 1
        state.left -= 1
        if state.left <= 0 or not any(state.hands[state.current]):
            _end_move(state, rng)
        return
    _effect, actor, target = state.pending[:3]
    into = state.summoned[actor]
    if source == HAND and k < 0:
        _move_random(state, target, into, rng)
    else:
        pile = state.hands[target] if source == HAND else state.summoned[target]
        pile[k] -= 1
        into[k] += 1
        state.stats["steals"] += 1
    state.left -= 1
    if state.left <= 0 or not legal_actions(state):
        _after_summon(state, rng)


# ---- the power-up phase


def _start_power(state: State, rng: random.Random) -> None:
    rules = state.rules
    n = rules.players
    state.phase = POWER
    state.slots = [-1] * n
    state.decided = [False] * n
    state.mana = [rules.space_value[state.pos[s]] for s in range(n)]
    on_player_space = [s for s in range(n) if rules.space_owner[state.pos[s]] != NORMAL]
    on_player_space.sort(key=lambda s: state.arrived[s])
    for s in on_player_space:
        _take_slot(state, s)
    _next_power(state, rng)


def _take_slot(state: State, seat: int) -> None:
    """The lowest free action-order slot."""
    slot = max(i for i, s in enumerate(state.slots) if s < 0)
    state.slots[slot] = seat
    state.decided[seat] = True


def _next_power(state: State, rng: random.Random) -> None:
    while True:
        waiting = [s for s in range(state.rules.players) if not state.decided[s]]
        if not waiting:
            state.order = list(state.slots)
            _start_collect(state, rng)
            return
        seat = min(waiting, key=lambda s: state.mana[s])
        state.base = state.mana[seat]
        if not out_of_action(state, seat) and power_cards(state, seat):
            state.current = state.to_move = seat
            state.step = POWER_CHOOSE
            return
        _take_slot(state, seat)


def _decline(state: State, seat: int, rng: random.Random) -> None:
    _take_slot(state, seat)
    _next_power(state, rng)


# ---- the collect phase


def _start_collect(state: State, rng: random.Random) -> None:
    state.phase = COLLECT
    state.queue = list(state.order) if state.rules.collect_desc else list(reversed(state.order))
    state.queue_at = -1
    _next_collect(state, rng)


def _next_collect(state: State, rng: random.Random) -> None:
    rules = state.rules
    while True:
        state.queue_at += 1
        if state.queue_at >= len(state.queue):
            _start_summon(state, rng)
            return
        seat = state.queue[state.queue_at]
        if rules.space_owner[state.pos[seat]] != NORMAL or (out_of_action(state, seat) and not rules.flame_collects):
            continue
        state.stats["collects"] += 1
        there = sum(1 for slot in rules.space_line[state.pos[seat]] if state.field[slot] >= 0)
        if there < rules.collect_take:
            state.stats["short"] += 1
        if there:
            break
    state.current = state.to_move = seat
    state.step = COLLECTING
    state.left = rules.collect_take


# ---- the summon phase


def _start_summon(state: State, rng: random.Random) -> None:
    state.phase = SUMMON
    state.queue = list(state.order) if state.rules.summon_desc else list(reversed(state.order))
    state.queue_at = -1
    _next_summon(state, rng)


def _next_summon(state: State, rng: random.Random) -> None:
    while True:
        state.queue_at += 1
        if state.queue_at >= len(state.queue):
            _end_round(state, rng)
            return
        seat = state.queue[state.queue_at]
        state.returned = [0] * len(state.rules.kinds)
        if not out_of_action(state, seat) and summon_actions(state, seat):
            break
    state.current = state.to_move = seat
    state.summons = 0
    state.step = SUMMONING


def _call(state: State, seat: int, k: int, target: int, rng: random.Random) -> None:
    rules = state.rules
    summon_card(state, seat, k)
    state.summons += 1
    state.stats["summons"][rules.kinds[k]] += 1
    state.pending = [rules.effect[k], seat, target, k]
    if not out_of_action(state, target) and card_with(state, target, "reflect", rules.in_summon) >= 0:
        state.step = REFLECTING
        state.to_move = target
        return
    _resolve(state, rng)


def _reflect(state: State, used: bool, rng: random.Random) -> None:
    if used:
        target = state.to_move
        k = card_with(state, target, "reflect", state.rules.in_summon)
        summon_card(state, target, k)
        state.stats["summons"][state.rules.kinds[k]] += 1
        state.stats["reflected"] += 1
        state.to_move = state.current
        _after_summon(state, rng)
        return
    state.to_move = state.current
    _resolve(state, rng)


def _resolve(state: State, rng: random.Random) -> None:
    effect, _actor, target, k = state.pending
    rules = state.rules
    if effect == "disable":
        state.disabled[target] = state.round + 1
        _after_summon(state, rng)
    elif effect in ("steal-blind", "steal-seen"):
        state.step = GRABBING
        state.left = rules.cards[k]
        if state.left <= 0 or not legal_actions(state):
            _after_summon(state, rng)
    else:
        _after_summon(state, rng)


def _self(state: State, seat: int, k: int, rng: random.Random) -> None:
    rules = state.rules
    summon_card(state, seat, k)
    state.summons += 1
    state.stats["summons"][rules.kinds[k]] += 1
    effect = rules.effect[k]
    state.pending = [effect, seat, seat, k]
    if effect == "look-keep":
        n = min(rules.draw[k], len(state.deck))
        state.look = [state.deck.pop() for _ in range(n)]
        state.left = rules.keep[k]
        state.step = KEEPING
        if state.left <= 0:
            _end_look(state, rng)
    elif effect == "return":
        state.left = rules.cards[k]
        state.step = RETURNING
        if state.left <= 0 or not returnable(state, seat, k):
            _after_summon(state, rng)
    else:
        _after_summon(state, rng)


def _end_look(state: State, rng: random.Random) -> None:
    state.deck.extend(state.look)
    state.look = []
    rng.shuffle(state.deck)
    _after_summon(state, rng)


def _after_summon(state: State, rng: random.Random) -> None:
    state.pending = []
    state.to_move = state.current
    if state.summons < state.rules.summons_per_turn and summon_actions(state, state.current):
        state.step = SUMMONING
        return
    _next_summon(state, rng)


# ---- refill and the end


def _end_round(state: State, rng: random.Random) -> None:
    field, stats = state.field, state.stats
    short = False
    for slot, card in enumerate(field):
        if card >= 0:
            continue
        if state.deck:
            field[slot] = state.deck.pop()
        elif state.reserve:
            if stats["reserve_round"] is None:
                stats["reserve_round"] = state.round
            field[slot] = state.reserve.pop()
        else:
            short = True
    if short and not state.end_round:
        stats["dry_round"] = state.round
        state.end_round = state.round + state.rules.final_turns
    if state.end_round and state.round >= state.end_round:
        _finish(state)
        return
    state.round += 1
    _start_round(state, rng)


def _finish(state: State) -> None:
    state.phase = OVER
    state.totals = scores(state)
    top = max(state.totals)
    state.result = [s for s, t in enumerate(state.totals) if t == top]
    state.end = "field-runs-dry"
    state.tie = "shared" if len(state.result) > 1 else None


def scores(state: State) -> list[int]:
    """Every player's score by the rule model's own scoring (`pnpkit score`): hand and summoned cards."""
    from ..games.wizards_scoring import score_players

    rules = state.rules
    hands = {
        str(s): {rules.kinds[k]: h + u for k, (h, u) in enumerate(zip(hand, summoned, strict=True)) if h + u}
        for s, (hand, summoned) in enumerate(zip(state.hands, state.summoned, strict=True))
    }
    return [player.total for player in score_players(rules.elements, hands, wild_joins_held_only=rules.wild_held_only)]
