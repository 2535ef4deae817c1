"""Readings: where a rulebook is silent or says two things, the choices an engine can play.

Each engine lists its readings in `READINGS`. A reading's default is the one the
kit chose: the corrected reading when the kit's errata name the reading's
`erratum`, and the reading as written (the first choice) otherwise.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

ALL_READINGS_LIMIT = 16
"""`--all-readings` plays at most this many combinations."""


@dataclass(frozen=True)
class Reading:
    id: str
    question: str
    """What the rulebook leaves open."""
    choices: tuple[str, ...]
    """The readings, the one as written (or the literal one) first."""
    meaning: tuple[str, ...]
    """One line per choice: what the engine does."""
    erratum: str | None = None
    """The errata item that settles it in a corrected kit; None when the rulebook is silent and no erratum speaks."""
    corrected: str | None = None
    """The choice the erratum makes."""

    def default(self, errata_ids: Iterable[str]) -> str:
        if self.erratum is not None and self.corrected is not None and self.erratum in set(errata_ids):
            return self.corrected
        return self.choices[0]


class ReadingError(ValueError):
    """A `--reading` that names no reading or no choice of it: a usage error."""


def parse_reading(text: str, readings: Mapping[str, Reading]) -> tuple[str, str]:
    """`ID=CHOICE` → (id, choice), checked against the engine's readings."""
    rid, sep, choice = text.partition("=")
    rid, choice = rid.strip(), choice.strip()
    if not sep or not rid or not choice:
        raise ReadingError(f"--reading {text!r}: write ID=CHOICE, e.g. {_example(readings)}")
    if rid not in readings:
        raise ReadingError(f"no reading {rid!r}; readings: {', '.join(sorted(readings))}")
    if choice not in readings[rid].choices:
        raise ReadingError(f"reading {rid!r} has no choice {choice!r}; choose {' or '.join(readings[rid].choices)}")
    return rid, choice


def _example(readings: Mapping[str, Reading]) -> str:
    first = next(iter(readings.values()), None)
    return f"{first.id}={first.choices[-1]}" if first else "ID=CHOICE"


def resolve(
    readings: Mapping[str, Reading], errata_ids: Iterable[str], fixed: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Every reading's choice: the fixed ones as given, the rest the kit's default; in the engine's order."""
    ids = list(errata_ids)
    fixed = fixed or {}
    return {rid: fixed.get(rid, reading.default(ids)) for rid, reading in readings.items()}


def combinations(
    readings: Mapping[str, Reading], errata_ids: Iterable[str], fixed: Mapping[str, str] | None = None
) -> list[dict[str, str]]:
    """Every combination of the readings not fixed, the kit's defaults first. Raises ReadingError when
    there are more than ALL_READINGS_LIMIT."""
    base = resolve(readings, errata_ids, fixed)
    free = [rid for rid in readings if rid not in (fixed or {})]
    total = 1
    for rid in free:
        total *= len(readings[rid].choices)
    if total > ALL_READINGS_LIMIT:
        raise ReadingError(
            f"--all-readings would play {total} combinations (at most {ALL_READINGS_LIMIT}); fix some with --reading"
        )
    options = [
        [base[rid]] + [c for c in readings[rid].choices if c != base[rid]] if rid in free else [base[rid]]
        for rid in readings
    ]
    return [dict(zip(readings, combo, strict=True)) for combo in itertools.product(*options)]
