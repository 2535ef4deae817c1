"""Scores by category for any kit that declares `play.scoring`: each player's points per category, the totals,
and the places, with ties broken by the kit's `tie_break` order (most important category first).

    >>> from pnpkit.validator.components.play import Scoring
    >>> scoring = Scoring.model_validate({"categories": [{"id": "gold", "name": {"en": "Gold"}},
    ...     {"id": "ports", "name": {"en": "Ports"}}], "tie_break": ["ports"]})
    >>> [(s.player, s.total, s.place) for s in rank(scoring, {"A": {"gold": 5, "ports": 1}, "B": {"gold": 4, "ports": 2},
    ...     "C": {"gold": 3, "ports": 3}})]
    [('A', 6, 3), ('B', 6, 2), ('C', 6, 1)]
"""

from __future__ import annotations

from dataclasses import dataclass

from .components.play import Scoring
from .types import Unspecified


@dataclass(frozen=True)
class Scored:
    """One player's result: points by category id, the total, and the place (1 is first; tied players share one)."""

    player: str
    points: dict[str, int]
    total: int
    place: int
    tied: bool
    """Shares its place with another player even after the tie-break."""


def tie_order(scoring: Scoring) -> list[str]:
    """The categories that break a tie of totals, most important first (none when the kit leaves it open)."""
    return [] if isinstance(scoring.tie_break, Unspecified) else list(scoring.tie_break)


def rank(scoring: Scoring, points: dict[str, dict[str, int]]) -> list[Scored]:
    """Every player's total and place, in the order given: higher totals first, then the tie-break categories."""
    order = tie_order(scoring)
    ids = [category.id for category in scoring.categories]

    def key(player: str) -> tuple[int, ...]:
        mine = points[player]
        return (sum(mine.get(c, 0) for c in ids), *(mine.get(c, 0) for c in order))

    keys = {player: key(player) for player in points}
    ranked = sorted(keys.values(), reverse=True)
    out = []
    for player, mine in points.items():
        place = 1 + ranked.index(keys[player])
        tied = sum(1 for other in keys.values() if other == keys[player]) > 1
        out.append(Scored(player, {c: mine.get(c, 0) for c in ids}, keys[player][0], place, tied))
    return out
