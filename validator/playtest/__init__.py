"""Playtests: games played by policies, thousands at a time, and what they show about the rules.

An engine plays one game from its kit's rule model. It plugs in with a module
here, named once in `ENGINES` under its `game:` tag, that defines:

- `READINGS`: the places the rulebook is silent or contradicts itself, each a
  `Reading` with its choices (see `readings.py`);
- `prepare(kit, players, choices) -> rules`: every number the game uses, read
  from the kit's model, plus the readings chosen (a picklable object);
- `new_game(rules, rng) -> state`, `legal_actions(state)`, `apply(state, action, rng)`,
  `is_terminal(state)`, `to_move(state)`, `clone(state)`;
- `heuristic(state, action) -> float`: the greedy policy's one-ply score;
- `check_state(state) -> list[str]`: broken invariants, for the tests;
- `record(state, timed_out) -> dict`: one finished game, with `winners`, `end`,
  `tie`, `turns`, `cycles` (metrics.summarise reads these) and the game's own measures;
- `summarise(records, rules) -> dict`: the game's own measures over many games;
- `default_move_cap(rules) -> int` and `MEASURES`: the rate measures the reading comparison looks at.

Engines are pure Python: no drawing, no reportlab. A kit loads only its own engine.
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType

ENGINES: dict[str, str] = {
    "element-shift": "element_shift",
    "wizards-element-collection": "wizards_element_collection",
}
"""Every game that can be played out: its `game:` tag and the module of its engine."""


@cache
def engine(tag: str) -> ModuleType:
    """The engine of one game, imported on first use. KeyError when the game has none."""
    return importlib.import_module(f"{__name__}.{ENGINES[tag]}")
