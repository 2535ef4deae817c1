"""Playtests: games played by policies, thousands at a time, and what they show about the rules.

An engine plays one game from its kit's rule model. It is a module that meets
`contract.Engine` and is named by its game's `GameSpec` (`engine=`), once, with the
rest of the game:

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
from collections.abc import Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING, cast

from ..games import SPECS

if TYPE_CHECKING:
    from . import element_shift, wizards_element_collection
    from .contract import Engine

    _checked: tuple[Engine, ...] = (element_shift, wizards_element_collection)  # mypy holds each to the contract


class _Engines(Mapping[str, str]):
    """The games that can be played out: `game:` tag → the module of its engine."""

    def __getitem__(self, tag: str) -> str:
        module = SPECS[tag].engine
        if module is None:
            raise KeyError(tag)
        return module

    def __iter__(self) -> Iterator[str]:
        return (tag for tag in SPECS if SPECS[tag].engine is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


ENGINES: Mapping[str, str] = _Engines()
"""Every game that can be played out: its `game:` tag and the module of its engine."""


@cache
def engine(tag: str) -> Engine:
    """The engine of one game, imported on first use. KeyError when the game has none."""
    return cast("Engine", importlib.import_module(ENGINES[tag]))
