"""What a playtest engine is: the functions the runner, the policies and the findings call.

An engine is a module; mypy checks each built-in engine module against `Engine`
(validator.playtest.__init__), and a game from another package is held to it the same way.
Engines are pure Python: no drawing, no reportlab.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol


class Engine(Protocol):
    """One game played from its kit's rule model, a decision at a time."""

    @property
    def READINGS(self) -> Mapping[str, Any]:
        """The places the rulebook is silent or contradicts itself, each a `Reading` with its choices."""
        ...

    @property
    def MEASURES(self) -> Sequence[str]:
        """The rate measures (dotted names into `summarise`'s result) the reading comparison looks at."""
        ...

    def prepare(self, kit: Any, players: int, choices: dict[str, str]) -> Any:
        """Every number the game uses, read from the kit's model, plus the readings chosen (picklable)."""
        ...

    def new_game(self, rules: Any, rng: random.Random) -> Any: ...

    def legal_actions(self, state: Any) -> list[Any]: ...

    def apply(self, state: Any, action: Any, rng: random.Random) -> None: ...

    def is_terminal(self, state: Any) -> bool: ...

    def to_move(self, state: Any) -> int: ...

    def clone(self, state: Any) -> Any: ...

    def heuristic(self, state: Any, action: Any) -> float:
        """The greedy policy's one-ply score of an action."""
        ...

    def check_state(self, state: Any) -> list[str]:
        """Broken invariants, for the tests."""
        ...

    def record(self, state: Any, timed_out: bool) -> dict:
        """One finished game: `winners`, `end`, `tie`, `turns`, `cycles` and the game's own measures."""
        ...

    def summarise(self, records: list[dict], rules: Any) -> dict:
        """The game's own measures over many games."""
        ...

    def default_move_cap(self, rules: Any) -> int: ...
