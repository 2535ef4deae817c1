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

This module is the engine's API (contract.Engine), with the greedy heuristic, the invariants, the records and
what they show (`observations`); the numbers read from the kit are in element_shift_rules.py, the state and its
legal actions in element_shift_state.py, applying an action and what follows in element_shift_turns.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import metrics
from .element_shift_rules import (
    ATTACK,
    DEFEND,
    DESTROYED,
    EXPAND,
    FREE,
    OVER,
    PICK,
    PLACE,
    SWAP,
    Rules,
    default_move_cap,
    prepare,
)
from .element_shift_state import State, cell_cap, clone, is_terminal, legal_actions, new_game, to_move
from .element_shift_turns import apply
from .readings import Reading

if TYPE_CHECKING:
    from ..games.element_shift import ElementShiftKit

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
        cells = min(cell_cap(state, combo.cells), held[victim])
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


__all__ = [
    "MEASURES",
    "READINGS",
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
    "observations",
    "prepare",
    "record",
    "summarise",
    "to_move",
]
