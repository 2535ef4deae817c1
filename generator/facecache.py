"""Card faces kept between rebuilds, so `pnpkit watch` lays out again only the cards that changed.

A face is drawn from its card, and from everything around it: the kit's
templates, parameters, icons and fonts, the language, the print settings and
the files it draws. The cache key is the card itself plus a *scope* that
fingerprints all the rest (`scope_of`), so a changed template or picture
drops every face that could show it, and a changed card only its own.

A one-off build has no cache (`active()` is None) and draws every face, as before.
The page checks' problems are kept per face too (`FaceChecks`, read by `layouts.pagecheck`), so a changed card
is the only face measured again; a one-off build keeps those on disk instead (`diskcache`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from pnpkit.validator.tables import TABLE_SUFFIXES

from . import kitwatch
from .layouts import pagecheck
from .layouts.cards import CardFace
from .layouts.context import LayoutContext, TextProblem
from .outdir import MARKER
from .scenecodec import built_items, spelled

MAX_FACES = 50_000
"""Faces kept at most; past it the cache starts again (a kit that large is rare, and memory stays bounded)."""


MAX_CHECKED = 100_000
"""Page-check entries kept at most (two a face placed); past it the oldest go first."""


@dataclass
class FaceChecks:
    """Each face's page-check problems, by the face as placed (`layouts.pagecheck`), the oldest dropped first."""

    entries: dict[str, tuple] = field(default_factory=dict)
    added: int = 0
    """Entries worked out (a face measured), counted for the tests."""

    def get(self, key: str) -> tuple | None:
        return self.entries.get(key)

    def put(self, key: str, value: tuple) -> None:
        self.added += 1
        if len(self.entries) >= MAX_CHECKED:
            del self.entries[next(iter(self.entries))]
        self.entries[key] = value


@dataclass
class FaceCache:
    scope: str = ""
    """The fingerprint of everything but the cards, set before each edition is laid out."""
    faces: dict[tuple, tuple[CardFace, tuple[TextProblem, ...]]] = field(default_factory=dict)
    hits: int = 0
    misses: int = 0
    checked: dict[tuple, tuple[str, Any, tuple[TextProblem, ...]]] = field(default_factory=dict)
    """(language, settings, component slug) → the scope, the component and what the page check found in it."""
    checks: pagecheck.Memo = field(default_factory=FaceChecks)
    """What the page check found on each face as placed: a changed component checks again only its changed faces."""
    store: pagecheck.Memo | None = None
    """Where drawn faces are kept for the next process too (a build's pack on disk, `diskcache`); None: here only."""

    def face(self, ctx: LayoutContext, key: tuple, draw: Callable[[], CardFace]) -> CardFace:
        """The face under `key`, drawn once; the problems its drawing met are reported again on every reuse."""
        full = (self.scope, ctx.lang, repr(ctx.settings), *key)
        found = self.faces.get(full)
        if found is None and self.store is not None:
            found = self._stored(full)
        if found is not None:
            self.hits += 1
            ctx.problems.extend(found[1])
            return found[0]
        self.misses += 1
        before = len(ctx.problems)
        face = draw()
        if len(self.faces) >= MAX_FACES:
            self.faces.clear()
        self.faces[full] = (face, tuple(ctx.problems[before:]))
        if self.store is not None:
            problems = tuple((p.code, p.path, p.message, p.hint) for p in ctx.problems[before:])
            plain = spelled_items(face.items)
            pagecheck.known_digest(face.items, plain)
            self.store.put(_stored_name(full), (face.name, plain, face.background, problems))
        return face

    def _stored(self, full: tuple) -> tuple[CardFace, tuple[TextProblem, ...]] | None:
        """The face a build before this one drew under `full`, or None (none kept, or not a face)."""
        assert self.store is not None
        kept = self.store.get(_stored_name(full))
        if kept is None:
            return None
        try:
            name, items, background, problems = kept
            found = CardFace(name, built_items(items), background), tuple(TextProblem(*p) for p in problems)
        except (ValueError, TypeError):
            return None
        pagecheck.known_digest(found[0].items, items)
        self.faces[full] = found
        return found

    def page_check(self, ctx: LayoutContext, parts: Sequence[Any], check: Callable[[list], list[TextProblem]]) -> list:
        """`check(parts)` (the build's page check), part by part; a part equal to the one checked last time in
        this edition, under the same scope, gives the problems found then instead of being walked again."""
        problems: list[TextProblem] = []
        for part in parts:
            key = (ctx.lang, repr(ctx.settings), part.slug)
            found = self.checked.get(key)
            if found is None or found[0] != self.scope or found[1] != part:
                found = (self.scope, part, tuple(check([part])))
                self.checked[key] = found
            problems.extend(found[2])
        return problems


_active: ContextVar[FaceCache | None] = ContextVar("face_cache", default=None)


def active() -> FaceCache | None:
    return _active.get()


def _stored_name(full: tuple) -> str:
    return "face:" + hashlib.sha256(repr(full).encode("utf-8", "surrogatepass")).hexdigest()


def spelled_items(items: tuple) -> tuple:
    return tuple(spelled(item) for item in items)


@contextmanager
def using(cache: FaceCache) -> Iterator[FaceCache]:
    token = _active.set(cache)
    try:
        with pagecheck.remembering(cache.checks):
            yield cache
    finally:
        _active.reset(token)


def item_key(item: object) -> str:
    """A card's content, as text that changes whenever the card does."""
    if isinstance(item, BaseModel):
        return item.model_dump_json()
    return repr(item)


def scope_of(kit: BaseModel, files_stamp: str) -> str:
    """Everything a face may depend on except the cards of a generic kit's decks.

    A generic deck's cards are the designs themselves (their own key); other
    games draw cards from lists elsewhere in the model, so their whole model
    is in scope. `files_stamp` covers the kit's pictures, tables and fonts.
    """
    exclude = {"decks": {"__all__": {"cards"}}} if getattr(kit, "game", "") == "generic" else None
    digest = hashlib.sha256(kit.model_dump_json(exclude=exclude).encode("utf-8"))
    digest.update(files_stamp.encode("utf-8"))
    return digest.hexdigest()


def files_stamp(root: Path, files: list[Path]) -> str:
    """A fingerprint of files by name, size and modification time: it changes when any of them is saved."""
    digest = hashlib.sha256()
    for path in files:
        try:
            stat = path.stat()
        except OSError:
            continue
        digest.update(f"{path.relative_to(root)}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


MAX_ASSET_FILES = 5_000
"""Files looked at for changed pictures and fonts; a kit directory with more is fingerprinted by its first ones."""
MODEL_SUFFIXES = (".yaml", ".yml", *TABLE_SUFFIXES)
"""Files read into the kit model: a change to one reaches the faces through the cards, not the files stamp."""


def asset_files(root: Path, skip: tuple[Path, ...] = ()) -> list[Path]:
    """The kit's files that a face may draw without the kit model holding them: pictures, icons and fonts.

    Left out: YAML and tables (CSV, .xlsx, .ods), whose content the kit model already holds (a deck's
    table is read into its cards, and nothing else reads one), so a changed cell redoes only its own
    cards; hidden files and folders (`.git`, `.pnpkit`); and the folders in `skip`, the kit's output
    folder OUT/<kit id> (`pnpkit new` suggests `-o output` inside the kit; `-o .` puts it there too), which
    the watch itself rewrites and would otherwise take for a changed picture, redoing everything each save,
    and any folder pnpkit writes its files into (it holds its MARKER: a build does not know where a watch writes).
    The folders are those the watch follows (`kitwatch.walk`): a link out of the kit is not walked.
    """
    files: list[Path] = []
    for folder in kitwatch.walk(root, skip).folders:
        if any(part.startswith(".") for part in folder.relative_to(root).parts) or (folder / MARKER).exists():
            continue
        try:
            entries = sorted(folder.iterdir())
        except OSError:
            continue
        for path in entries:
            if len(files) >= MAX_ASSET_FILES:
                return sorted(files)
            if path.name.startswith(".") or path.name.lower().endswith(MODEL_SUFFIXES):
                continue
            try:
                if path.is_file():
                    files.append(path)
            except OSError:
                continue
    return sorted(files)
