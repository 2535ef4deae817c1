"""Readings: where a rulebook is silent or says two things, the choices an engine can play.

Each engine lists in `READINGS` the readings it can play: its vocabulary. The kit
decides which of them exist for it and which choice it plays: an erratum or an
`unspecified` value declares `readings:` (validator.types.KitReading), each with its
choices and a `default:`. `for_kit` joins the two: a declared reading the engine
knows can be fixed (`--reading`) and compared (`--all-readings`); one it does not
know is a finding (PK356); an engine reading the kit does not declare is played
at the engine's own default (the corrected choice when the kit's errata name the
reading's `erratum`, else the reading as written, the first choice).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..repeats import repeated
from ..types import KitReading
from ..walk import walk_models

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
        known = ", ".join(sorted(readings)) or "none (the kit declares no readings the engine plays)"
        raise ReadingError(f"no reading {rid!r}; the kit's readings: {known}")
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
    return _product(base, readings, [rid for rid in readings if rid not in (fixed or {})])


def _product(base: dict[str, str], readings: Mapping[str, Reading], free: list[str]) -> list[dict[str, str]]:
    """`base` with every combination of the `free` readings' choices, base's own first."""
    total = 1
    for rid in free:
        total *= len(readings[rid].choices)
    if total > ALL_READINGS_LIMIT:
        raise ReadingError(
            f"--all-readings would play {total} combinations (at most {ALL_READINGS_LIMIT}); fix some with --reading"
        )
    options = [[base[rid]] + [c for c in readings[rid].choices if c != base[rid]] for rid in free]
    return [base | dict(zip(free, combo, strict=True)) for combo in itertools.product(*options)]


# ---------------------------------------------------------------- the kit's readings


@dataclass(frozen=True)
class Declared:
    """A reading the kit declares, and where: the model path of its entry in `readings:`."""

    reading: KitReading
    path: tuple


def declared_readings(model: Any, path: tuple = ()) -> Iterator[Declared]:
    """Every `readings:` entry in a kit model (on errata and `unspecified` values), in file order."""
    for where, found in walk_models(model, path):
        if isinstance(found, KitReading):
            yield Declared(found, where)


@dataclass(frozen=True)
class Problem:
    """A declared reading the engine cannot play as written: the path it concerns and why (PK356)."""

    path: tuple
    message: str
    hint: str
    first: tuple = ()
    """For a reading declared twice, where it is first declared: the finding names that place."""


@dataclass(frozen=True)
class KitReadings:
    """The readings one kit plays with one engine."""

    vocabulary: Mapping[str, Reading]
    """The engine's readings: what it can play."""
    playable: Mapping[str, Reading]
    """The kit's readings the engine knows, each with the choices both know, in the kit's order."""
    defaults: Mapping[str, str]
    """Every engine reading's choice when none is fixed: the kit's `default:`, else the engine's own."""
    declared: Mapping[str, Declared] = field(default_factory=dict)
    problems: tuple[Problem, ...] = ()

    def parse(self, text: str) -> tuple[str, str]:
        return parse_reading(text, self.playable)

    def resolve(self, fixed: Mapping[str, str] | None = None) -> dict[str, str]:
        """Every engine reading's choice: the fixed ones as given, the rest the defaults; in the engine's order."""
        fixed = fixed or {}
        return {rid: fixed.get(rid, self.defaults[rid]) for rid in self.vocabulary}

    def combinations(self, fixed: Mapping[str, str] | None = None) -> list[dict[str, str]]:
        """Every combination of the kit's readings not fixed, the defaults first (at most ALL_READINGS_LIMIT)."""
        fixed = fixed or {}
        return _product(self.resolve(fixed), self.playable, [rid for rid in self.playable if rid not in fixed])


def for_kit(vocabulary: Mapping[str, Reading], kit: Any) -> KitReadings:
    """The readings a kit plays with an engine whose vocabulary is `vocabulary`, and what the engine cannot play."""
    errata = [e.id for e in getattr(kit, "errata", [])]
    playable: dict[str, Reading] = {}
    defaults = {rid: r.default(errata) for rid, r in vocabulary.items()}
    seen: dict[str, Declared] = {}
    problems: list[Problem] = []
    declared = list(declared_readings(kit))
    for group in repeated((found.reading.id, found.path + ("id",)) for found in declared):
        problems.append(
            Problem(
                group.places[1],
                f"reading {group.key!r} is declared {group.times}; the first is played",
                "declare each reading once, where the rule is",
                group.places[0],
            )
        )
    for found in declared:
        reading, path = found.reading, found.path
        if reading.id in seen:
            continue  # declared again: reported above, once
        seen[reading.id] = found
        known = vocabulary.get(reading.id)
        if known is None:
            problems.append(
                Problem(
                    path + ("id",),
                    f"the playtest engine has no reading {reading.id!r}; it plays {', '.join(vocabulary) or 'none'}",
                    "use one of its ids, or drop the reading",
                )
            )
            continue
        ids = [c.id for c in reading.choices]
        unknown = [c for c in ids if c not in known.choices]
        if unknown:
            problems.append(
                Problem(
                    path + ("choices",),
                    f"reading {reading.id!r}: the engine cannot play "
                    f"{', '.join(unknown)}; it plays {', '.join(known.choices)}",
                    "use the engine's choice ids",
                )
            )
        choices = tuple(c for c in ids if c in known.choices)
        if reading.default in known.choices:
            defaults[reading.id] = reading.default
        if choices:
            meaning = tuple(known.meaning[known.choices.index(c)] for c in choices)
            playable[reading.id] = Reading(reading.id, known.question, choices, meaning)
    return KitReadings(vocabulary, playable, defaults, seen, tuple(problems))
