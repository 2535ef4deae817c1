"""Which card, page and rectangle a finding concerns, read from the laid-out pages and the kit's source positions.

A placed card (cardmap.placed_cards) names its card id and deck; the kit's model holds the card under some path
(`decks[0].cards[3]` in a generic kit, other lists in the seed games), and the source knows the file and line of
that path (a YAML entry, or a CSV/XLSX row). A finding names a path and a place: it concerns a card when its path
lies under the card's, or, failing that, when its line falls within the card's entry in the same file.
"""

from __future__ import annotations

import bisect
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from pydantic import BaseModel

from pnpkit.validator.findings import Finding, Location
from pnpkit.validator.kit import LoadedKit
from pnpkit.validator.source import format_path

from ..cardmap import PlacedCard, placed_cards
from ..games import Component

PAGE_PATH = re.compile(r"^(?P<slug>[^.\s]+)\.page (?P<page>\d+)(?:\.(?P<rest>.+))?$")
"""The path a page-level check gives its findings: the component, the page, then what on it."""
MAX_DEPTH = 8
"""How deep the model is searched for cards by id: cards sit a few lists down in every game."""


@dataclass(frozen=True)
class CardSource:
    """Where a card is written: its model path (as people write it) and its place in a file."""

    path: str
    location: Location
    keys: tuple = ()
    """The same path as the model's keys and indices, to read the card's data."""


@dataclass(frozen=True)
class Target:
    """A place a finding points at: a component's page and, for a card, its trim on that page (mm)."""

    slug: str
    page: int
    card: str = ""
    trim: tuple[float, float, float, float] | None = None

    def as_dict(self) -> dict:
        return {"slug": self.slug, "page": self.page, "card": self.card, "trim": self.trim}


def id_paths(model: BaseModel) -> dict[str, list[tuple]]:
    """Every object in the model that has a string `id`, by id: the paths it sits under."""
    found: dict[str, list[tuple]] = {}

    def walk(value: object, path: tuple, depth: int) -> None:
        if depth > MAX_DEPTH:
            return
        if isinstance(value, BaseModel):
            ident = getattr(value, "id", None)
            if isinstance(ident, str) and path:
                found.setdefault(ident, []).append(path)
            for name in type(value).model_fields:
                child = getattr(value, name, None)
                if isinstance(child, (BaseModel, list, tuple)):
                    walk(child, (*path, name), depth + 1)
        elif isinstance(value, (list, tuple)):
            for n, child in enumerate(value):
                if isinstance(child, (BaseModel, list, tuple)):
                    walk(child, (*path, n), depth + 1)

    walk(model, (), 0)
    return found


def model_at(model: BaseModel, path: tuple) -> object:
    value: object = model
    for part in path:
        value = value[part] if isinstance(part, int) else getattr(value, part)  # type: ignore[index]
    return value


def _card_path(model: BaseModel, paths: list[tuple], deck: str) -> tuple | None:
    """The path of a card among those its id is found at: under the deck it was placed from, else a card list."""

    def under_deck(path: tuple) -> bool:
        return any(getattr(model_at(model, path[:n]), "id", None) == deck for n in range(1, len(path)))

    for test in (under_deck, lambda path: "cards" in path, lambda path: True):
        chosen = next((path for path in paths if test(path)), None)
        if chosen is not None:
            return chosen
    return None


def find_card(model: BaseModel, deck: str, card: str) -> tuple | None:
    """The model path of the card `card` of the deck `deck` (as a placed card names them), or None."""
    paths = id_paths(model).get(card)
    return _card_path(model, paths, deck) if paths else None


class FindingMap:
    """Cards and components of one language, and the findings that concern them."""

    def __init__(self, loaded: LoadedKit, parts: Sequence[Component]):
        self.parts = list(parts)
        self.placed: dict[str, list[PlacedCard]] = {part.slug: placed_cards(part.pages) for part in self.parts}
        self.sources: dict[tuple[str, str], CardSource] = {}
        """(deck, card id) → where the card is written."""
        ids = id_paths(loaded.model)
        for placed in (card for cards in self.placed.values() for card in cards):
            key = (placed.deck, placed.card)
            if key in self.sources or placed.card not in ids:
                continue
            path = _card_path(loaded.model, ids[placed.card], placed.deck)
            if path is not None:
                self.sources[key] = CardSource(format_path(path), loaded.source.locate(path), path)
        self._by_line: dict[str, list[tuple[int, tuple[str, str]]]] = {}
        for key, source in self.sources.items():
            if source.location.line:
                self._by_line.setdefault(source.location.file, []).append((source.location.line, key))
        for entries in self._by_line.values():
            entries.sort()
        self._component_paths = _component_paths(loaded.model, self.parts)

    def card_of(self, finding: Finding) -> tuple[str, str] | None:
        """The (deck, card id) a finding concerns: by its path under a card's, else by its line in the card's entry."""
        for key, source in self.sources.items():
            if _under(finding.path, source.path):
                return key
        entries = self._by_line.get(finding.location.file)
        if not entries or not finding.location.line:
            return None
        at = bisect.bisect_right(entries, (finding.location.line, ("\uffff", "\uffff"))) - 1
        return entries[at][1] if at >= 0 else None

    def targets(self, finding: Finding) -> list[Target]:
        """Every place on the pages the finding concerns: each printing of its card, else its component's first page."""
        on_page = self._on_page(finding.path)
        if on_page:
            return on_page
        key = self.card_of(finding)
        if key is not None:
            found = [
                Target(slug, placed.page, placed.card, _box(placed))
                for slug, cards in self.placed.items()
                for placed in cards
                if (placed.deck, placed.card) == key and placed.side == "front"
            ]
            if found:
                return found
        for prefix, slug in self._component_paths:
            if _under(finding.path, prefix):
                return [Target(slug, 1)]
        return []

    def _on_page(self, path: str) -> list[Target]:
        """A page check names its page (`cards-weather.page 3.downpour.icon`): that page, and the card on it."""
        match = PAGE_PATH.match(path)
        if match is None or match["slug"] not in self.placed:
            return []
        slug, page = match["slug"], int(match["page"])
        rest = match["rest"] or ""
        cards = [placed for placed in self.placed[slug] if placed.page == page]
        named = [placed for placed in cards if rest == placed.card or rest.startswith(placed.card + ".")]
        if named:
            return [Target(slug, page, placed.card, _box(placed)) for placed in named]
        return [Target(slug, page)]

    def card_sources(self) -> Iterator[tuple[tuple[str, str], CardSource]]:
        yield from self.sources.items()


def _box(placed: PlacedCard) -> tuple[float, float, float, float]:
    trim = placed.trim
    return (round(trim.x, 2), round(trim.y, 2), round(trim.w, 2), round(trim.h, 2))


def _under(path: str, prefix: str) -> bool:
    """`decks[0].cards[2].text.en` lies under `decks[0].cards[2]`."""
    return bool(prefix) and (path == prefix or path.startswith((prefix + ".", prefix + "[")))


def _component_paths(model: BaseModel, parts: Sequence[Component]) -> list[tuple[str, str]]:
    """(model path, component slug) for each component named after a list entry (`sheets[0]` → sheet-diary) or a
    top-level field (`rules` → rules); the longest paths first."""
    slugs = {part.slug for part in parts}
    found: list[tuple[str, str]] = []
    for name in type(model).model_fields:
        value = getattr(model, name, None)
        if name in slugs:
            found.append((name, name))
        if not isinstance(value, list):
            continue
        for n, entry in enumerate(value):
            ident = getattr(entry, "id", None)
            for slug in (f"cards-{ident}", f"sheet-{ident}", f"{name}-{ident}", str(ident)):
                if slug in slugs:
                    found.append((f"{name}[{n}]", slug))
                    break
    return sorted(found, key=lambda pair: -len(pair[0]))


def source_file(location: Location) -> Path:
    """The file a location names, absolute (the validator names it as the kit was given: from the working folder)."""
    return Path(os.path.abspath(location.file))  # no symlink resolving: the editor opens the path as named


def editor_link(location: Location) -> str:
    """`vscode://file/ABS_PATH:LINE:COL`: the finding's place opened in the designer's editor."""
    if not location.file:
        return ""
    path = source_file(location)
    line = max(location.line, 1)
    col = max(location.col, 1)
    posix = path.as_posix()
    posix = posix if posix.startswith("/") else "/" + posix  # C:/kit/cards.csv → /C:/kit/cards.csv
    return f"vscode://file{quote(posix, safe='/:')}:{line}:{col}"
