"""Values given more than once, counted in one pass.

A value given n times is one finding, at its first repeat, that counts them and says where the first is: never
one per repeat, nor one per pair (5,000 copies of a combo would make 12.5 million).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from .findings import Location
from .source import Source

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")

PLACES_NAMED = 5
"""Repeats of one value a finding names beyond the first two; the rest are counted."""


@dataclass
class Repeated(Generic[K, T]):
    """One value given more than once: where it stands (the first PLACES_NAMED + 2 places) and how often."""

    key: K
    places: list[T]
    count: int

    @property
    def times(self) -> str:
        return times(self.count)

    def where(self, source: Source, *, key: bool = False) -> str:
        """Where the first stands, and the repeats after the one reported (`places` are paths in `source`)."""
        located = [source.locate(path, key=key) for path in self.places]  # type: ignore[arg-type]
        return places_text(located, self.count)


def repeated(items: Iterable[tuple[K, T]]) -> list[Repeated[K, T]]:
    """The keys given more than once, in the order first given, each with its first places and its count:
    one pass, memory bounded by the number of different keys."""
    groups: dict[K, Repeated[K, T]] = {}
    for item_key, place in items:
        group = groups.get(item_key)
        if group is None:
            groups[item_key] = Repeated(item_key, [place], 1)
        else:
            group.count += 1
            if len(group.places) < PLACES_NAMED + 2:
                group.places.append(place)
    return [group for group in groups.values() if group.count > 1]


def first_at(source: Source, first: tuple, here: tuple) -> str:
    """` (first at cards.yaml:3:7)` for a finding at `here` about something `first` already gave; "" without a
    first place. For problems found before their game's codes and context (templates, tracks, readings)."""
    return f" (first at {place_from(source.locate(first), source.locate(here))})" if first else ""


def times(count: int) -> str:
    return "twice" if count == 2 else f"{count:,} times"


def places_text(located: Sequence[Location], count: int) -> str:
    """`first at cards.yaml:3:7`, for a finding reported at located[1]; given more than twice, the later places
    too: `first at cards.yaml:3:7; also at cards.yaml:25:7, cards.yaml:36:7 and 4,994 more`."""
    here = located[1]
    text = f"first at {place_from(located[0], here)}"
    later = located[2 : 2 + PLACES_NAMED]
    if later:
        more = count - 2 - len(later)
        text += f"; also at {', '.join(place_from(place, here) for place in later)}" + (
            f" and {more:,} more" if more else ""
        )
    return text


def place_from(place: Location, here: Location) -> str:
    """A place a reader can jump to: `file:line:col`, with the file's name alone when it is the finding's own."""
    return place.brief() if place.file == here.file else str(place)
