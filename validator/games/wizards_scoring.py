"""Wizard's Element Collection's scoring as pure code: what a count of one kind scores, and each player's best
score with their wild cards, so `pnpkit score`, the playtest and the tests use the very rules the kit is checked by.

>>> kind_points("pairs", 30, -10, 4)   # the rulebook's own example
60
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .wizards_element_collection import Element


def kind_points(scoring: str, points: int, negative: int, count: int, most: bool = False) -> int:
    """What `count` cards of one kind score.

    >>> kind_points("pairs", 10, 0, 1)
    0
    >>> kind_points("pairs", 80, -40, 2)
    80
    >>> kind_points("each", 5, 0, 3)
    15
    >>> kind_points("majority", -10, 0, 3)
    -30
    """
    if count <= 0:
        return 0
    if scoring == "pairs":
        return points * count // 2 if count % 2 == 0 else negative
    if scoring == "each":
        return points * count
    if scoring == "majority":
        return 0 if most else points * count
    return 0


@dataclass(frozen=True)
class KindScore:
    card: str
    held: int  # real cards of this kind
    wilds: int  # wild cards counted as this kind
    points: int
    rule: str  # even | odd | each | majority | most | wild

    @property
    def count(self) -> int:
        return self.held + self.wilds


@dataclass(frozen=True)
class PlayerScore:
    player: str
    kinds: tuple[KindScore, ...]
    wild_uses: tuple[tuple[str, str | None], ...]  # (wild card id, counted as card id, or None: unused)
    total: int


class ScoringError(ValueError):
    pass


Assignment = tuple[tuple[str, str | None], ...]


def _assignments(hand: Mapping[str, int], elements: Mapping[str, Element], held_only: bool) -> list[Assignment]:
    """Every way to use a hand's wild cards; the unused choice first, then in card order."""
    per_wild: list[list[Assignment]] = []
    order = list(elements)
    for wild_id in order:
        wild = elements[wild_id]
        n = hand.get(wild_id, 0)
        if wild.scoring != "wild" or n <= 0:
            continue
        options: list[str | None] = [None]
        for card_id in order:
            card = elements[card_id]
            if card.scoring != "wild" and (hand.get(card_id, 0) > 0 or not held_only):
                options.append(card_id)
        if wild.wild_as is not None and wild.wild_as not in options:
            options.append(wild.wild_as)
        per_wild.append(
            [
                tuple((wild_id, choice) for choice in combo)
                for combo in itertools.combinations_with_replacement(options, n)
            ]
        )
    return [tuple(itertools.chain.from_iterable(parts)) for parts in itertools.product(*per_wild)] or [()]


def _counts(hand: Mapping[str, int], assignment: Assignment, elements: Mapping[str, Element]) -> Counter:
    counts: Counter = Counter({k: v for k, v in hand.items() if elements[k].scoring != "wild"})
    for _wild, as_id in assignment:
        if as_id is not None:
            counts[as_id] += 1
    return counts


def _player_score(
    player: str,
    hand: Mapping[str, int],
    assignment: Assignment,
    elements: Mapping[str, Element],
    rivals: Mapping[str, int],
) -> PlayerScore:
    counts = _counts(hand, assignment, elements)
    wild_counts = Counter(as_id for _w, as_id in assignment if as_id is not None)
    kinds = []
    for card_id, card in elements.items():
        held = hand.get(card_id, 0)
        if card.scoring == "wild":
            if held:
                kinds.append(KindScore(card_id, held, 0, 0, "wild"))
            continue
        n = counts.get(card_id, 0)
        if n == 0:
            continue
        most = card.scoring == "majority" and n >= rivals.get(card_id, 0)
        points = kind_points(card.scoring, card.points, card.negative, n, most)
        if card.scoring == "pairs":
            rule = "even" if n % 2 == 0 else "odd"
        elif card.scoring == "majority":
            rule = "most" if most else "majority"
        else:
            rule = card.scoring
        kinds.append(KindScore(card_id, held, wild_counts.get(card_id, 0), points, rule))
    return PlayerScore(player, tuple(kinds), assignment, sum(k.points for k in kinds))


def score_players(
    elements: Sequence[Element], hands: Mapping[str, Mapping[str, int]], *, wild_joins_held_only: bool = True
) -> list[PlayerScore]:
    """Each player's score with the best use of their wild cards.

    A wild card counts as one card of a kind the player holds (or of any kind,
    when `wild_joins_held_only` is off), as its `wild_as` card, or as nothing.
    Majority cards (邪) cost their points per card, except for the players who
    hold the most, counting wilds; so one player's choice can change another's
    score. Each player in turn takes their best choice given the others'
    current ones, until no one changes: the usual way a table settles it.
    """
    by_id = {e.id: e for e in elements}
    for player, hand in hands.items():
        for card_id, n in hand.items():
            if card_id not in by_id:
                raise ScoringError(f"{player}: no card {card_id!r}")
            if n < 0:
                raise ScoringError(f"{player}: {n} {card_id} cards")
    majority = [e.id for e in elements if e.scoring == "majority"]
    options = {p: _assignments(h, by_id, wild_joins_held_only) for p, h in hands.items()}
    choice: dict[str, Assignment] = {p: options[p][0] for p in hands}

    def rivals(player: str) -> dict[str, int]:
        return {
            m: max((_counts(hands[q], choice[q], by_id).get(m, 0) for q in hands if q != player), default=0)
            for m in majority
        }

    def majority_use(assignment: Assignment) -> int:
        return sum(1 for _w, as_id in assignment if as_id in majority)

    for _round in range(50):
        changed = False
        for player in hands:
            against = rivals(player)
            ranked = [
                (_player_score(player, hands[player], a, by_id, against).total, -majority_use(a), -i, a)
                for i, a in enumerate(options[player])
            ]
            best = max(ranked)[3]
            if best != choice[player]:
                choice[player] = best
                changed = True
        if not changed:
            break
    return [_player_score(p, hands[p], choice[p], by_id, rivals(p)) for p in hands]
