"""What a build keeps on disk for the next one: each card face as drawn (`facecache`) and its page-check problems
(`layouts.pagecheck`), so a second build of the same kit lays out and measures only the faces that changed.

The cache lives in `pages/` of pnpkit's cache directory (`cachedir`: $PNPKIT_CACHE_DIR, else $XDG_CACHE_HOME/pnpkit, else
~/.cache/pnpkit), one *pack* file per kit folder, edition and print settings. A pack is written whole (beside its
name, then renamed over it) and holds only the entries its build used; at most MAX_PACKS are kept, the oldest
removed first. A pack is read only when its header names this format and this pnpkit (its version and the code of
the checks) and its payload matches its SHA-256: a damaged, stale or foreign file is ignored, never trusted. The
payload is `marshal` of plain tuples, strings and numbers (no pickle: nothing in it can run). `--no-cache` (or
PNPKIT_NO_CACHE=1) turns it off.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from pydantic import BaseModel

from pnpkit.validator import __version__

from . import cachedir, facecache
from .layouts import pagecheck

FORMAT = b"pnpkit page checks 1\n"
MAX_PACKS = 64
"""Packs kept at most (one per kit folder, edition and print settings); the least recently written go first."""
MAX_ENTRIES = 200_000
"""Entries a pack holds at most (two a face); a build that uses more keeps the first ones."""
MAX_PACK_BYTES = 256 * 1024 * 1024
"""A pack file larger than this is not read."""
PACKAGE = Path(__file__).resolve().parent.parent
"""pnpkit's code (generator and validator) and what it ships: a kept entry was worked out by them, and a pnpkit
whose code or fonts differ reads none of it."""


def directory() -> Path | None:
    """Where packs live (`pages/` in pnpkit's cache directory, `cachedir`); None when caching is off."""
    if os.environ.get("PNPKIT_NO_CACHE", "") not in ("", "0"):
        return None
    root = cachedir.cache_root()
    return None if root is None else root / "pages"


@cache
def stamp() -> bytes:
    """This pnpkit: its version, the Python that runs it (marshal's format is Python's), its code files and the
    fonts and icons it ships, each by name, size and time (any edit to them is another pnpkit)."""
    digest = hashlib.sha256(f"{__version__}\0{sys.version}\0".encode())
    for folder in ("generator", "validator"):
        for line in sorted(_shipped(PACKAGE / folder, folder)):
            digest.update(line.encode())
    return digest.hexdigest().encode() + b"\n"


def _shipped(folder: Path, name: str) -> Iterator[str]:
    """Each code file and asset under `folder`, as "path:size:time" (os.scandir: a build pays a few ms for it)."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            if entry.name != "__pycache__":
                yield from _shipped(Path(entry.path), f"{name}/{entry.name}")
        elif entry.name.endswith(".py") or "/assets" in name:
            try:
                info = entry.stat()
            except OSError:
                continue
            yield f"{name}/{entry.name}:{info.st_size}:{info.st_mtime_ns}\n"


class Pack:
    """One pack's entries: those read from disk, and what this build used and added."""

    def __init__(self, path: Path | None):
        self.path = path
        self.kept: dict[str, tuple] = _read(path) if path is not None else {}
        self.used: dict[str, tuple] = {}
        self.added = 0
        """Entries worked out in this build (a face checked): the tests count them."""

    def get(self, key: str) -> tuple | None:
        found = self.used.get(key)
        if found is None:
            found = self.kept.get(key)
            if found is not None and len(self.used) < MAX_ENTRIES:
                self.used[key] = found
        return found

    def put(self, key: str, value: tuple) -> None:
        self.added += 1
        if len(self.used) < MAX_ENTRIES:
            self.used[key] = value

    def save(self) -> None:
        """Written when this build added or dropped anything; a failure to write costs only the next build's time."""
        if self.path is None or (not self.added and len(self.used) == len(self.kept)):
            return
        payload = marshal.dumps(self.used)
        data = FORMAT + stamp() + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload
        partial = self.path.with_name(f".{self.path.name}.{os.getpid()}.partial")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            partial.write_bytes(data)
            partial.replace(self.path)
            _evict(self.path.parent)
        except OSError:
            partial.unlink(missing_ok=True)


def _read(path: Path) -> dict[str, tuple]:
    """The pack's entries, or none when it is missing, damaged or another pnpkit's."""
    try:
        if path.stat().st_size > MAX_PACK_BYTES:
            return {}
        data = path.read_bytes()
    except OSError:
        return {}
    head = FORMAT + stamp()
    if not data.startswith(head):
        return {}
    checksum, _, payload = data[len(head) :].partition(b"\n")
    if hashlib.sha256(payload).hexdigest().encode() != checksum:
        return {}
    try:
        entries = marshal.loads(payload)
    except (ValueError, EOFError, TypeError):
        return {}
    if not isinstance(entries, dict) or not all(
        isinstance(k, str) and isinstance(v, tuple) for k, v in entries.items()
    ):
        return {}
    return entries


def _evict(folder: Path) -> None:
    """The oldest packs removed, past MAX_PACKS."""
    packs = []
    for entry in folder.glob("*.pack"):
        try:
            packs.append((entry.stat().st_mtime_ns, entry.name, entry))
        except OSError:
            continue
    for _mtime, _name, entry in sorted(packs)[: max(0, len(packs) - MAX_PACKS)]:
        entry.unlink(missing_ok=True)


@contextmanager
def kept(root: Path | None, kit: BaseModel, lang: str, settings: object) -> Iterator[Pack | None]:
    """The faces drawn and checked inside are kept in this kit's pack for `lang` and `settings`, and taken from it
    (nothing when caching is off, or when a watch or the studio keeps them in memory)."""
    folder = directory()
    if folder is None or pagecheck.active() is not None or facecache.active() is not None:
        yield None
        return
    name = hashlib.sha256(f"{Path(root).resolve() if root else ''}\0{lang}\0{settings!r}".encode()).hexdigest()
    pack = Pack(folder / f"{name[:32]}.pack")
    files = facecache.files_stamp(root, facecache.asset_files(root)) if root is not None else ""
    cache = facecache.FaceCache(scope=facecache.scope_of(kit, files), checks=pack, store=pack)
    with facecache.using(cache):
        yield pack
    pack.save()
