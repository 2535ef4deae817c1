"""Policies: who chooses among the legal actions.

- random: uniform over the legal actions;
- greedy: the action the engine's one-ply heuristic scores best (what a player
  who looks one move ahead would do), ties broken at random.

Both draw only from the game's own seeded `random.Random`, so a seed fixes every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

Policy = Callable[[ModuleType, Any, Sequence[Any], random.Random], Any]


def random_policy(engine: ModuleType, state: Any, actions: Sequence[Any], rng: random.Random) -> Any:
    return actions[rng.randrange(len(actions))] if len(actions) > 1 else actions[0]


def greedy_policy(engine: ModuleType, state: Any, actions: Sequence[Any], rng: random.Random) -> Any:
    if len(actions) == 1:
        return actions[0]
    heuristic = engine.heuristic
    best: list[Any] = []
    top = float("-inf")
    for action in actions:
        score = heuristic(state, action)
        if score > top:
            top, best = score, [action]
        elif score == top:
            best.append(action)
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}
"""Every policy by the name `--policy` takes."""
