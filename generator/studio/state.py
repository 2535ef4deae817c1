"""The studio's live state: the kit laid out in every language, in memory, rebuilt on each save.

A rebuild is `pnpkit watch`'s without the writing: load and validate the kit, lay out each edition with the face
cache (only changed cards are drawn again), and keep the pages and findings. A save that does not load (a YAML
syntax error, a bad value) keeps the last good pages, marked stale, beside its findings. Nothing is written to
disk: pages become PNGs (pages.py) only when the browser asks for them.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from dataclasses import dataclass, field, replace
from pathlib import Path

from pnpkit.validator.findings import Finding, Location, Report
from pnpkit.validator.kit import LoadedKit, load_kit

from .. import facecache
from ..build import SettingsError, layout_kit, print_settings
from ..facecache import asset_files
from ..games import Component
from ..typeset import fonts
from ..typeset.fonts import FontSet
from .edits.files import kit_fingerprints
from .locate import FindingMap, editor_link, model_at, source_file
from .pages import Renders

MAX_LOOKED_AT = 6
"""Pages drawn ahead after a save: those on screen (a deck's fronts and backs, and a sheet or two)."""


@dataclass
class Edition:
    """One language laid out: its components, where its cards are, and the fonts it is drawn with."""

    lang: str
    parts: list[Component]
    cards: FindingMap
    fontset: FontSet


@dataclass
class Snapshot:
    """What the studio shows after a rebuild."""

    revision: int = 0
    findings: list[Finding] = field(default_factory=list)
    editions: dict[str, Edition] = field(default_factory=dict)
    loaded: LoadedKit | None = None
    """The last kit that loaded: its model and source positions go with `editions`."""
    stale: bool = False
    """The kit as saved did not load; the pages are the last good ones."""
    problem: str = ""
    """A one-line problem that stopped the layout (print settings that cannot go together)."""
    seconds: float = 0.0
    stamp: str = ""
    """The fingerprint of the kit's pictures and fonts the pages were drawn with."""
    pending: tuple[str, ...] = ()
    """Editions not laid out again yet (`Studio.finish` does them): their pages are from before the save."""
    met_in: dict[tuple, set[str]] = field(default_factory=dict)
    """A layout finding (by `finding_key`) → the editions whose layout met it."""
    fingerprints: dict[str, str] = field(default_factory=dict)
    """The kit's YAML files and tables (by their path from the kit folder) as they were before `loaded` read them:
    an edit is made only to a file that still holds exactly that (editing.py)."""

    @property
    def errors(self) -> int:
        return sum(1 for finding in self.findings if finding.is_error)


class Studio:
    """One kit, rebuilt on demand (the app calls `rebuild` on each change); thread-safe."""

    def __init__(self, root: Path):
        self.root = root.resolve()
        self.cache = facecache.FaceCache()
        self.snapshot = Snapshot()
        self.renders = Renders()
        self._lock = threading.Lock()
        self._playtests: dict[tuple, dict] = {}
        self._states: dict[tuple[int, str], dict] = {}
        self._state_lock = threading.Lock()
        self.viewed = ""
        """The edition the browser asked for last: a rebuild lays it out first."""
        self._places: dict[str, tuple[str, str, int]] = {}
        """Page token → (language, component, page number), for the state last worked out."""
        self.looked_at: deque[tuple[str, str, int]] = deque(maxlen=MAX_LOOKED_AT)
        """The pages whose pictures the browser fetched last: after a save, their new pictures are drawn at once."""
        self.watch_problem = ""
        """Set while the file watch is down (follow.py): the page says that saves are not seen."""
        self.watch_skipped: list[str] = []
        """Folders the watch skipped (a link out of the kit, a folder it cannot read), each with why."""

    def rebuild(self, first: str = "") -> Snapshot:
        """Load the kit and lay out the edition `first` (the one on screen; every edition when it is not the kit's);
        the others keep their last pages until `finish` lays them out."""
        with self._lock:
            started = time.perf_counter()
            before = self.snapshot
            snapshot = Snapshot(
                before.revision + 1,
                editions=before.editions,
                loaded=before.loaded,
                stamp=before.stamp,
                fingerprints=before.fingerprints,
            )
            try:
                self._rebuild(snapshot, first)
            except SettingsError as exc:
                snapshot.problem = str(exc)
            except Exception as exc:  # a bug in a layout must not end the studio: say it, keep the last pages
                snapshot.problem = f"the layout stopped: {type(exc).__name__}: {exc}"
            if snapshot.problem:
                snapshot.editions, snapshot.loaded, snapshot.stale = before.editions, before.loaded, True
                snapshot.fingerprints = before.fingerprints
                snapshot.pending = ()
            snapshot.seconds = time.perf_counter() - started
            self.snapshot = snapshot
            return snapshot

    def finish(self) -> Snapshot | None:
        """Lay out the editions the last rebuild left for later; None when there were none."""
        with self._lock:
            before = self.snapshot
            if not before.pending or before.loaded is None:
                return None
            started = time.perf_counter()
            snapshot = replace(
                before,
                revision=before.revision + 1,
                editions=dict(before.editions),
                pending=(),
                met_in={key: set(langs) for key, langs in before.met_in.items()},
            )
            try:
                self._lay_out(snapshot, before.loaded, before.pending)
            except Exception as exc:  # as in `rebuild`: said, and the pages stay
                snapshot.problem = f"the layout stopped: {type(exc).__name__}: {exc}"
            snapshot.seconds = before.seconds + time.perf_counter() - started
            self.snapshot = snapshot
            return snapshot

    def _rebuild(self, snapshot: Snapshot, first: str) -> None:
        fingerprints = kit_fingerprints(self.root)  # before the load: a file changed while it loads will not match
        loaded = load_kit(self.root)
        snapshot.findings = [f for f in loaded.report.sorted() if f.suppressed is None]
        if not loaded.ok:
            snapshot.stale = True
            return
        snapshot.fingerprints = fingerprints
        kit = loaded.model
        stamp = facecache.files_stamp(self.root, asset_files(self.root))  # pictures and fonts: tables are in the model
        self.cache.scope = facecache.scope_of(kit, stamp)
        languages = tuple(kit.languages)
        now = (first,) if first in languages and len(languages) > 1 else languages
        snapshot.editions = {lang: e for lang, e in snapshot.editions.items() if lang in languages and lang not in now}
        snapshot.loaded, snapshot.stamp = loaded, stamp
        snapshot.pending = tuple(lang for lang in languages if lang not in now)
        self._lay_out(snapshot, loaded, now)

    def _lay_out(self, snapshot: Snapshot, loaded: LoadedKit, languages: tuple[str, ...]) -> None:
        kit = loaded.model
        settings = print_settings(kit, {})
        found = list(snapshot.findings)
        with facecache.using(self.cache):
            for lang in languages:
                parts, problems = layout_kit(loaded, lang, settings)
                found += problems
                for problem in problems:
                    snapshot.met_in.setdefault(finding_key(problem), set()).add(lang)
                fontset = fonts.for_kit(kit, loaded.root, lang)[0]
                snapshot.editions[lang] = Edition(lang, parts, FindingMap(loaded, parts), fontset)
        report = Report()
        report.extend(f for f in found if f.suppressed is None)
        snapshot.findings = report.sorted()  # one finding per problem, however many languages met it
        snapshot.editions = {lang: snapshot.editions[lang] for lang in kit.languages if lang in snapshot.editions}

    # ------------------------------------------------------------ what the page reads

    def page_token(self, snapshot: Snapshot, lang: str, page) -> str:
        edition = snapshot.editions[lang]
        return self.renders.register(snapshot.stamp, lang, page, edition.fontset, "page")

    def state(self, lang: str) -> dict:
        """Everything the page shows for one language: components and their pages, findings, the card gallery;
        worked out once per rebuild and language."""
        snapshot = self.snapshot
        key = (snapshot.revision, lang)
        with self._state_lock:  # the browser and `prepare` may ask at once: worked out once
            if key not in self._states:
                self._places = {}
                self._states = {key: self._state(snapshot, lang)}
            state = self._states[key]
        self.viewed = state["lang"]
        return {**state, "watch": {"problem": self.watch_problem, "skipped": list(self.watch_skipped)}}

    def png(self, token: str) -> bytes | None:
        """A page's or card's picture; a page's place is remembered for `prepare`."""
        place = self._places.get(token)
        if place is not None and place not in self.looked_at:
            self.looked_at.append(place)
        return self.renders.png(token)

    def prepare(self) -> None:
        """Right after a rebuild, while the browser hears of it and asks for the state: the new pictures of the pages
        it was looking at (a render asked for twice is drawn once)."""
        snapshot = self.snapshot
        for lang, slug, number in list(self.looked_at):
            edition = snapshot.editions.get(lang)
            part = next((part for part in edition.parts if part.slug == slug), None) if edition else None
            if part is not None and number <= len(part.pages):
                self.renders.png(self.page_token(snapshot, lang, part.pages[number - 1]))

    def _state(self, snapshot: Snapshot, lang: str) -> dict:
        kit = snapshot.loaded.model if snapshot.loaded is not None else None
        languages = list(kit.languages) if kit is not None else []
        lang = lang if lang in snapshot.editions else (languages[0] if languages else lang)
        edition = snapshot.editions.get(lang)
        return {
            "revision": snapshot.revision,
            "stale": snapshot.stale,
            "problem": snapshot.problem,
            "seconds": round(snapshot.seconds, 3),
            "lang": lang,
            "languages": languages,
            "kit": {"id": kit.id, "title": kit.title.get(lang) or kit.id} if kit is not None else None,
            "components": self._components(snapshot, edition) if edition else [],
            "cards": self._gallery(snapshot, edition) if edition else [],
            "findings": [self._finding(f, snapshot) for f in snapshot.findings],
            "errors": snapshot.errors,
        }

    def _components(self, snapshot: Snapshot, edition: Edition) -> list[dict]:
        out = []
        for part in edition.parts:
            placed = edition.cards.placed.get(part.slug, [])
            pages = []
            for number, page in enumerate(part.pages, start=1):
                cards = [
                    {"card": p.card, "deck": p.deck, "side": p.side, "trim": [p.trim.x, p.trim.y, p.trim.w, p.trim.h]}
                    for p in placed
                    if p.page == number
                ]
                token = self.page_token(snapshot, edition.lang, page)
                self._places[token] = (edition.lang, part.slug, number)
                pages.append({"token": token, "width": page.width, "height": page.height, "cards": cards})
            out.append({"slug": part.slug, "title": part.title, "pages": pages})
        return out

    def _gallery(self, snapshot: Snapshot, edition: Edition) -> list[dict]:
        """Each card design once, front side, in the order the sheets print them."""
        seen: set[tuple[str, str]] = set()
        out = []
        names = {page.deck: page.deck_name or page.deck for part in edition.parts for page in part.pages if page.deck}
        for slug, placed in edition.cards.placed.items():
            for card in placed:
                key = (card.deck, card.card)
                if card.side != "front" or key in seen:
                    continue
                seen.add(key)
                source = edition.cards.sources.get(key)
                token = self.renders.register(snapshot.stamp, edition.lang, card, edition.fontset, "card")
                out.append(
                    {
                        "id": card.card,
                        "deck": card.deck,
                        "deck_name": names.get(card.deck, card.deck),
                        "token": token,
                        "slug": slug,
                        "page": card.page,
                        "trim": [card.trim.x, card.trim.y, card.trim.w, card.trim.h],
                        "text": " ".join(texts_of(card.group)),
                        "where": self._where(source.location) if source else "",
                        "editor": editor_link(source.location) if source else "",
                    }
                )
        return out

    def _where(self, location: Location) -> str:
        """`cards.csv:5:text.en`: the place with its file named from the kit folder."""
        if not location.file:
            return ""
        try:
            name = source_file(location).relative_to(self.root).as_posix()
        except ValueError:
            name = location.file
        return str(replace(location, file=name))

    def _finding(self, finding: Finding, snapshot: Snapshot) -> dict:
        return {
            "code": finding.code,
            "langs": editions_of(finding, snapshot),
            "severity": finding.severity.value,
            "path": finding.path,
            "message": finding.message,
            "hint": finding.hint,
            "line": finding.text(),
            "where": self._where(finding.location),
            "editor": editor_link(finding.location),
            "targets": {
                lang: [target.as_dict() for target in edition.cards.targets(finding)]
                for lang, edition in snapshot.editions.items()
            },
        }

    def table(self, lang: str) -> list[dict]:
        """The card data per deck: one row a card design, one column a field (text in `lang`)."""
        snapshot = self.snapshot
        edition = snapshot.editions.get(lang)
        if edition is None or snapshot.loaded is None:
            return []
        decks: dict[str, dict] = {}
        for (deck, card), source in edition.cards.card_sources():
            entry = decks.setdefault(deck, {"deck": deck, "columns": [], "rows": []})
            try:
                card_model = model_at(snapshot.loaded.model, source.keys)
            except (IndexError, AttributeError):  # an edition not laid out again yet names a card since removed
                continue
            row = flatten(card_model, lang)
            row = {"id": card, **{k: v for k, v in row.items() if k != "id"}}
            for column in row:
                if column not in entry["columns"]:
                    entry["columns"].append(column)
            file = self.file_of(source.location)
            entry["rows"].append(
                {
                    "cells": row,
                    "where": self._where(source.location),
                    "card": card,
                    "file": file,
                    "fingerprint": snapshot.fingerprints.get(file, ""),
                }
            )
        return list(decks.values())

    def file_of(self, location: Location) -> str:
        """The file a place names, from the kit folder ('' for one outside it)."""
        try:
            return source_file(location).resolve().relative_to(self.root).as_posix() if location.file else ""
        except ValueError:
            return ""

    def playtest(self, lang: str, games: int) -> dict:
        """The playtest report page for the kit as it is now (`pnpkit simulate` at its defaults), when the kit's
        game has an engine; played once per kit state and language."""
        from pnpkit.validator.playtest.runner import PlaytestError, game_engine, playtest

        snapshot = self.snapshot
        loaded = snapshot.loaded
        if loaded is None or lang not in snapshot.editions:
            return {"available": False, "message": "the kit has not loaded yet"}
        try:
            game_engine(loaded.model.game)
        except PlaytestError as exc:
            return {"available": False, "message": str(exc)}
        key = (snapshot.revision, lang, games)
        if key not in self._playtests:
            with self._lock:
                report = playtest(loaded, games)
                settings = print_settings(loaded.model, {})
                with facecache.using(self.cache):
                    parts, _problems = layout_kit(loaded, lang, settings, report)
            page = parts[-1].pages[0]
            token = self.renders.register(snapshot.stamp, lang, page, snapshot.editions[lang].fontset, "page")
            self._playtests = {key: {"available": True, "games": games, "token": token, "width": page.width}}
        return self._playtests[key]


def finding_key(finding: Finding) -> tuple:
    """What makes two findings one (as `Report.sorted` has it)."""
    return (finding.code, finding.location, finding.path, finding.message)


def editions_of(finding: Finding, snapshot: Snapshot) -> list[str]:
    """The editions a finding is about, in the kit's order: those whose layout met it, else the language its
    place names (`cards.csv:5:text.en`, `decks[0].cards[3].title.ja`); none when it is about every edition."""
    languages = list(snapshot.loaded.model.languages) if snapshot.loaded is not None else []
    met = snapshot.met_in.get(finding_key(finding), set())
    if not met:
        for named in (finding.location.cell, finding.path):
            last = named.rsplit(".", 1)[-1] if "." in named else ""
            if last in languages:
                met = {last}
                break
    return [lang for lang in languages if lang in met and len(met) < len(languages)]


def texts_of(group) -> list[str]:
    """The words printed on a card, for the gallery's search."""
    out: list[str] = []
    for item in getattr(group, "items", ()):
        text = getattr(item, "text", None)
        if isinstance(text, str):
            out.append(text)
        elif hasattr(item, "items"):
            out += texts_of(item)
    return out


def flatten(value, lang: str, prefix: str = "") -> dict[str, str]:
    """A card's fields as columns: nested fields joined by dots, a text in every language shown in `lang`."""
    from pydantic import BaseModel

    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json", exclude_none=True)
    if isinstance(value, dict):
        if lang in value and all(isinstance(v, str) for v in value.values()):
            return {prefix: value[lang]} if prefix else {}
        out: dict[str, str] = {}
        for key, child in value.items():
            out |= flatten(child, lang, f"{prefix}.{key}" if prefix else str(key))
        return out
    if isinstance(value, list):
        return {prefix: ", ".join(str(v) for v in value)} if prefix else {}
    return {prefix: "" if value is None else str(value)} if prefix else {}
