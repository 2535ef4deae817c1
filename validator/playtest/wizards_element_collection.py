"""Wizard's Element Collection played out: move, power-up, collect, summon, refill, and the score.

Every number comes from the kit's rule model (`WizardsElementCollectionKit`): the parameters (dice,
dice_sides, collect_take, steal_cards, summons_per_turn, final_turns, field and reserve cards), the
element deck's counts, the cards' points, phases, icons and effect numbers (Earth's steps, Grass's and
Light's cards, Dark's draw and keep, Water's cards and the cards its text forbids), the board's spaces,
values, player spaces and `collects` lines, the 魔力 sheet, and the phases' orders. The end-of-game
scores are the rule model's own (`score_players`, what `pnpkit score` prints). The engine holds the
turn structure of the rulebook (shared/seeds/002) and which effect each card id has (`EFFECTS`;
the kit's cards carry their numbers and text but no machine-readable effect, and a card whose id it
does not know only scores and powers up):

    move     in ascending order of last turn's 魔力 (first turn: seat order), roll and move clockwise;
             before the move is final, Move cards (Wind: roll again; Earth: steps forward or back per
             card; Ice: stay, and push out whoever lands there); then the space: own player space,
             another colour's player space, or a 魔力 space where a player has finished moving
    power    lowest 魔力 first: summon cards for their points (no effects), passing another player to a
             free value on the sheet, or decline and take the lowest free action-order slot
    collect  in action order, collect_take cards from the line the space's arrow points at
    summon   in action order, up to summons_per_turn Call or Self card; a Call may be stopped by Reflect;
             then the field is refilled from the deck, then the reserve; when it cannot be filled, the
             game ends after final_turns more turns

Decisions inside an action (which card to take, which way to warp, which cards to keep) are decisions
of their own, so the policies make them too, whoever's they are (the owner of a player space, the
target of a Call deciding to reflect).

Where the rulebook is unclear the engine plays a named reading (READINGS); the kit's errata pick the
default, and a kit that declares a reading in `readings:` can have it fixed or compared. Modelling choices the rulebook leaves open and no reading covers (kept simple, stated here):
- a summoned card stays the player's and scores (the rulebook scores 場札 too); stolen cards from a
  player space go to the hand, Grass's and Light's to the thief's summoned cards (Light does not say);
- a player space of a colour nobody plays does nothing, but it is still a player space: no collect;
- a piece that has not moved yet this turn shares its space; only finished pieces push (rule ③);
- an Ice player whose space is entered pushes the newcomer out (they choose which way);
- a warp or a push moves a piece without the effects of the space it reaches;
- a player put out of action by Flame neither moves, powers up, summons nor reflects;
- a Call names a player with a card to take (Flame: any other player); Water needs a card it may
  return, other than itself, and the card it returns waits for the next turn; Dark needs a deck;
  Earth, Wind and Ice are summoned one card at a time;
- power-ups stay on the 魔力 sheet (its last value is the most 魔力 there is);
- when a line holds fewer than collect_take cards, the player takes what is there.

This module is the engine's API (contract.Engine), with the greedy heuristic, the invariants and the records; the
numbers read from the kit are in wizards_rules.py, the state and its legal actions in wizards_state.py, applying
an action and the phases that follow in wizards_turns.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from . import metrics
from .readings import Reading
from .wizards_rules import (
    CALL,
    COLLECT,
    CONFIRM,
    DECLINE,
    DONE,
    EARTH,
    GRAB,
    ICE,
    ICE_PUSH,
    KEEP,
    NORMAL,
    OTHER_SPACE,
    OVER,
    OWN_SPACE,
    PASS,
    POWER,
    POWER_UP,
    PRE_ROLL,
    PUSH,
    REFLECT,
    RETURN,
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
    default_move_cap,
    prepare,
)
from .wizards_state import State, card_with, clone, finished_at, is_terminal, legal_actions, nearest_free, to_move
from .wizards_turns import apply, new_game

READINGS: dict[str, Reading] = {
    r.id: r
    for r in (
        Reading(
            "own-space",
            'What does your own player space do? The rulebook says "choose one" but lists only '
            '"take a card from the hand you hold".',
            ("steal-only", "steal-or-warp"),
            (
                "take steal_cards card unseen from another player's hand",
                "take steal_cards card unseen from another player's hand, or warp to any free 魔力 space",
            ),
            erratum="own-space",
            corrected="steal-or-warp",
        ),
        Reading(
            "push-to",
            "Where does a push (rule ③, Ice) send a piece? The rulebook says the nearest free space ahead or "
            "behind, where a player space warp says a free 魔力 space.",
            ("any-space", "mana-space"),
            (
                "the nearest space with no piece, ahead or behind; a player space reached so has no effect, "
                "but its player cannot power up or collect",
                "the nearest 魔力 space with no piece, ahead or behind",
            ),
        ),
        Reading(
            "flame-collect",
            "Does a player Flame put out of action collect? Flame stops moving, powering up and summoning; "
            "collecting is not named.",
            ("collects", "no-collect"),
            (
                "the player collects from the space they stand on",
                "the player collects nothing that turn",
            ),
        ),
    )
}

MEASURES = ("field.reserve_used", "scores.negative", "collect.short")
"""This game's rate measures, compared across readings."""

# ---------------------------------------------------------------- greedy heuristic


def _counts(state: State, seat: int) -> list[int]:
    return [h + u for h, u in zip(state.hands[seat], state.summoned[seat], strict=True)]


def _gain(rules: Rules, counts: list[int], k: int, delta: int = 1) -> float:
    """What `delta` more cards of kind `k` are worth to a player holding `counts`, by the kit's scoring."""
    from ..games.wizards_scoring import kind_points

    scoring = rules.scoring[k]
    n = counts[k]
    if scoring == "wild":  # completes the best odd kind
        best = 0.0
        for j, c in enumerate(counts):
            if c % 2 and rules.scoring[j] == "pairs":
                best = max(best, kind_points("pairs", rules.points[j], rules.negative[j], c + 1) - rules.negative[j])
        return best * delta
    before = kind_points(scoring, rules.points[k], rules.negative[k], n)
    return kind_points(scoring, rules.points[k], rules.negative[k], n + delta) - before


def _space_worth(state: State, seat: int, space: int) -> float:
    """How good ending a move on `space` looks: the best cards of its line, and a little for its 魔力."""
    rules = state.rules
    owner = rules.space_owner[space]
    if owner == seat:
        return 15.0
    if owner >= 0:
        return -20.0
    if owner == UNUSED:
        return -5.0
    counts = _counts(state, seat)
    gains = sorted(
        (_gain(rules, counts, state.field[slot]) for slot in rules.space_line[space] if state.field[slot] >= 0),
        reverse=True,
    )
    worth = sum(gains[: rules.collect_take]) + rules.space_value[space] / 20
    if any(finished_at(state, s, space) for s in range(rules.players) if s != seat):
        worth -= 10
    return worth


def _roll_worth(state: State, seat: int, start: int) -> float:
    n = len(state.rules.space_value)
    return sum(p * _space_worth(state, seat, (start + total) % n) for total, p in state.rules.rolls)


def _leader(state: State, seat: int) -> int:
    """The opponent with the most cards: the one worth hurting."""
    n = state.rules.players
    return max((s for s in range(n) if s != seat), key=lambda s: (sum(_counts(state, s)), -s))


def heuristic(state: State, action: tuple) -> float:
    """One ply, as a player would weigh it: land where the line is worth most, take the cards that make
    pairs, power up with cards that do nothing else, steal what helps most, hit the leader, reflect."""
    kind = action[0]
    seat = state.to_move
    rules = state.rules
    card_cost = 8.0
    if kind == ROLL:
        return _roll_worth(state, seat, state.start)
    if kind == CONFIRM:
        return _space_worth(state, seat, state.tent)
    if kind == WIND:
        return _roll_worth(state, seat, state.start) - card_cost
    if kind == EARTH:
        k = card_with(state, seat, "step", rules.in_move)
        to = (state.tent + action[1] * rules.steps[k]) % len(rules.space_value)
        return _space_worth(state, seat, to) - card_cost
    if kind == ICE:
        where = state.start if state.step == PRE_ROLL else state.tent
        return _space_worth(state, seat, where) + 2 - card_cost
    if kind == PUSH:
        mover, direction = action[1], action[2]
        to = nearest_free(state, state.pos[mover], direction)
        if mover == seat:
            return _space_worth(state, seat, to)
        if state.step == ICE_PUSH:
            return -_space_worth(state, mover, to)
        return _space_worth(state, seat, state.pos[seat]) + 5
    if kind == STEAL:
        return 10 + (5 if action[1] == _leader(state, seat) else 0)
    if kind == WARP:
        if seat == state.current:
            return _space_worth(state, seat, action[1])
        return -_space_worth(state, state.current, action[1])
    if kind == GRAB:
        _, _source, k = action
        victim = state.current if state.step == OTHER_SPACE else state.pending[2]
        if k < 0:
            return 10.0
        return _gain(rules, _counts(state, seat), k) - _gain(rules, _counts(state, victim), k, -1)
    if kind == DECLINE:
        return 0.0
    if kind == POWER_UP:
        k = action[1]
        idle = not (rules.in_move[k] or rules.in_summon[k])
        return 1.0 if idle else -0.5
    if kind == DONE:
        return 2.0
    if kind == TAKE:
        return _gain(rules, _counts(state, seat), state.field[action[1]])
    if kind == PASS:
        return 0.0
    if kind == CALL:
        k, target = action[1], action[2]
        bonus = 5 if target == _leader(state, seat) else 0
        if card_with(state, target, "reflect", rules.in_summon) >= 0 and rules.effect[k] != "steal-seen":
            bonus -= 10
        if rules.effect[k] == "disable":
            return (10 if state.disabled[target] <= state.round else -5) + bonus
        mine = _counts(state, seat)
        pile = [
            h + u if rules.effect[k] == "steal-seen" else u
            for h, u in zip(state.hands[target], state.summoned[target], strict=True)
        ]
        best = max((_gain(rules, mine, j) for j, c in enumerate(pile) if c), default=5.0)
        return best + bonus
    if kind == SELF:
        return 20.0 if rules.effect[action[1]] == "look-keep" else 1.0
    if kind == REFLECT:
        return 1.0 if action[1] else 0.0
    if kind == KEEP:
        return _gain(rules, _counts(state, seat), action[1])
    if kind == STOP:
        return 0.0
    if kind == RETURN:
        return 1.0 if rules.in_summon[action[1]] else 0.5
    return 0.0


# ---------------------------------------------------------------- invariants, records


def check_state(state: State) -> list[str]:
    """What is wrong with a state: cards conserved, counts, pieces, the action order."""
    rules = state.rules
    problems = []
    cards = [0] * len(rules.kinds)
    for k in state.deck + state.reserve + state.look + [c for c in state.field if c >= 0]:
        cards[k] += 1
    for pile in state.hands + state.summoned:
        if any(c < 0 for c in pile):
            problems.append("a hand or summoned pile holds a negative count")
        for k, c in enumerate(pile):
            cards[k] += c
    if tuple(cards) != rules.deck:
        problems.append(f"cards not conserved: {cards} != {list(rules.deck)}")
    if len(state.field) != rules.field_cards:
        problems.append(f"the field has {len(state.field)} slots, not {rules.field_cards}")
    if any(not 0 <= p < len(rules.space_value) for p in state.pos):
        problems.append("a piece is off the board")
    placed = [s for s in state.slots if s >= 0]
    if len(set(placed)) != len(placed):
        problems.append(f"a player holds two action-order slots: {state.slots}")
    if state.phase in (COLLECT, SUMMON) and sorted(state.order) != list(range(rules.players)):
        problems.append(f"the action order is not every player once: {state.order}")
    if state.phase == POWER:
        for s in range(rules.players):
            if state.mana[s] and state.mana[s] > rules.sheet_last:
                problems.append(f"seat {s + 1} has 魔力 {state.mana[s]} beyond the sheet")
    if state.phase == OVER and not state.result:
        problems.append("the game is over but nobody won")
    return problems


def record(state: State, timed_out: bool) -> dict:
    stats = state.stats
    rounds = state.round if state.phase == OVER else state.round - 1
    return {
        "winners": [] if timed_out else list(state.result),
        "end": "timeout" if timed_out else state.end,
        "tie": None if timed_out else state.tie,
        "turns": rounds * state.rules.players,
        "cycles": rounds,
        "scores": list(state.totals) if not timed_out else [],
        "cards": [sum(h) + sum(u) for h, u in zip(state.hands, state.summoned, strict=True)],
        "dry_round": stats["dry_round"],
        "reserve_round": stats["reserve_round"],
        "summons": dict(stats["summons"]),
        "reflected": stats["reflected"],
        "landings": dict(stats["landings"]),
        "power_ups": stats["power_ups"],
        "power_cards": stats["power_cards"],
        "collects": stats["collects"],
        "short": stats["short"],
        "steals": stats["steals"],
        "out_of_action": stats["out_of_action"],
    }


def summarise(records: Sequence[dict], rules: Rules) -> dict:
    """Wizard's Element Collection's own measures: when the field runs dry, the scores (how far apart,
    how often negative), the cards each player ends with, what was summoned, where moves ended."""
    n = len(records)
    per_game = max(1, n)
    done = [r for r in records if r["scores"]]
    scores_all = [s for r in done for s in r["scores"]]
    winning = [max(r["scores"]) for r in done]
    margins = [sorted(r["scores"])[-1] - sorted(r["scores"])[-2] for r in done if len(r["scores"]) > 1]
    summons: Counter = Counter()
    landings: Counter = Counter()
    for r in records:
        summons.update(r["summons"])
        landings.update(r["landings"])
    collects = sum(r["collects"] for r in records)
    return {
        "field": {
            "cards": rules.total_cards,
            "field": rules.field_cards,
            "reserve": rules.reserve_cards,
            "collect_take": rules.collect_take,
            "players": rules.players,
            "reserve_used": metrics.rate(sum(1 for r in records if r["reserve_round"] is not None), n),
            "reserve_round": metrics.percentiles([r["reserve_round"] for r in records if r["reserve_round"]]),
            "dry_round": metrics.percentiles([r["dry_round"] for r in records if r["dry_round"]]),
        },
        "scores": {
            "all": metrics.percentiles(scores_all),
            "winner": metrics.percentiles(winning),
            "margin": metrics.percentiles(margins),
            "negative": metrics.rate(sum(1 for s in scores_all if s < 0), len(scores_all)),
            "cards_held": metrics.percentiles([c for r in records for c in r["cards"]]),
        },
        "collect": {
            "per_game": round(collects / per_game, 3),
            "short": metrics.rate(sum(r["short"] for r in records), collects),
        },
        "summons_per_game": {k: round(summons[k] / per_game, 3) for k in rules.kinds if summons[k]},
        "reflected_per_game": round(sum(r["reflected"] for r in records) / per_game, 3),
        "power_ups_per_game": round(sum(r["power_ups"] for r in records) / per_game, 3),
        "power_cards_per_game": round(sum(r["power_cards"] for r in records) / per_game, 3),
        "steals_per_game": round(sum(r["steals"] for r in records) / per_game, 3),
        "out_of_action_per_game": round(sum(r["out_of_action"] for r in records) / per_game, 3),
        "landings_per_game": {k: round(v / per_game, 3) for k, v in sorted(landings.items())},
    }


__all__ = [
    "CALL",
    "DECLINE",
    "DONE",
    "EARTH",
    "ICE",
    "MEASURES",
    "NORMAL",
    "OWN_SPACE",
    "POWER_UP",
    "PUSH",
    "READINGS",
    "REFLECT",
    "RETURN",
    "ROLL",
    "SELF",
    "SUMMON",
    "SUMMONING",
    "TAKE",
    "UNUSED",
    "WARP",
    "WIND",
    "Rules",
    "State",
    "apply",
    "check_state",
    "clone",
    "default_move_cap",
    "heuristic",
    "is_terminal",
    "legal_actions",
    "new_game",
    "prepare",
    "record",
    "summarise",
    "to_move",
]
