"""Coin Race played out: roll, move, take a coin on a gold space; the race ends when a pawn reaches the goal.

Its winner is that player; or, when the goal pays `goal_coins` to each pawn that reaches it, the round is
finished and the player with the most coins wins (the pawn farther along on a tie).

A playtest engine (pnpkit.validator.playtest.contract.Engine): pure Python, its state a small
object the runner clones and records.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

READINGS: dict[str, Any] = {}
MEASURES: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rules:
    players: int
    track: int
    die: int
    gold_every: int
    goal_coins: int


@dataclass
class State:
    rules: Rules
    positions: list[int]
    coins: list[int]
    turn: int = 0
    winner: int | None = None
    rolls: list[int] = field(default_factory=list)
    home: list[int] = field(default_factory=list)
    """The seats whose pawns reached the goal, in the order they did."""


def prepare(kit: Any, players: int, choices: dict[str, str]) -> Rules:
    race = kit.race
    return Rules(players, race.track, race.die, race.gold_every, race.goal_coins)


def default_move_cap(rules: Rules) -> int:
    return 50 * rules.track * rules.players


def new_game(rules: Rules, rng: random.Random) -> State:
    return State(rules, [0] * rules.players, [0] * rules.players)


def clone(state: State) -> State:
    return State(
        state.rules,
        list(state.positions),
        list(state.coins),
        state.turn,
        state.winner,
        list(state.rolls),
        list(state.home),
    )


def is_terminal(state: State) -> bool:
    """The first pawn home ends the race at once; with a paying goal the round is finished first, so every seat has
    had as many turns."""
    if state.winner is None:
        return False
    return not state.rules.goal_coins or state.turn % state.rules.players == 0


def to_move(state: State) -> int:
    return state.turn % state.rules.players


def legal_actions(state: State) -> list[str]:
    return ["roll"]


def apply(state: State, action: str, rng: random.Random) -> None:
    seat = to_move(state)
    state.turn += 1
    if state.positions[seat] >= state.rules.track:  # home already: the pawn waits for the round's end
        return
    roll = rng.randint(1, state.rules.die)
    state.rolls.append(roll)
    where = min(state.rules.track, state.positions[seat] + roll)
    state.positions[seat] = where
    if where >= state.rules.track:
        state.winner = seat if state.winner is None else state.winner
        state.home.append(seat)
        state.coins[seat] += state.rules.goal_coins
    elif where % state.rules.gold_every == 0:
        state.coins[seat] += 1


def winners(state: State) -> list[int]:
    """The first home; or with a paying goal the most coins, then the farthest along, then the first home (pawns
    still level on the track share the win)."""
    if state.winner is None:
        return []
    if not state.rules.goal_coins:
        return [state.winner]

    def standing(seat: int) -> tuple[int, int, int]:
        arrived = state.home.index(seat) if seat in state.home else len(state.home)
        return state.coins[seat], state.positions[seat], -arrived

    best = max(standing(seat) for seat in range(state.rules.players))
    return [seat for seat in range(state.rules.players) if standing(seat) == best]


def heuristic(state: State, action: str) -> float:
    return 0.0


def check_state(state: State) -> list[str]:
    return [f"seat {i} is past the goal" for i, p in enumerate(state.positions) if p > state.rules.track]


def record(state: State, timed_out: bool) -> dict:
    players = state.rules.players
    return {
        "winners": [] if timed_out else winners(state),
        "end": "timeout" if timed_out else "goal",
        "tie": None,
        "turns": state.turn,
        "cycles": -(-state.turn // players),
        "coins": sum(state.coins),
    }


def summarise(records: Sequence[dict], rules: Rules) -> dict:
    n = max(1, len(records))
    return {"coins_per_game": round(sum(r["coins"] for r in records) / n, 3)}
