"""Where pnpkit keeps what it can compute again (parsed fonts, checked pages), and how an entry is written.

One place decides the directory, so every cache follows the same rules:

- `PNPKIT_CACHE_DIR`, when set, names it; set to the empty string, pnpkit keeps no cache at all;
- otherwise `$XDG_CACHE_HOME/pnpkit`, else `~/.cache/pnpkit`.

A cache is only ever a shortcut: an entry that cannot be read, is cut short or fails its check is ignored
and computed again, and a directory that cannot be made or written leaves pnpkit working without it.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path

ENV = "PNPKIT_CACHE_DIR"
"""The environment variable that names the cache directory ("" turns every cache off)."""
CHECKSUM_BYTES = 32
"""An entry starts with the SHA-256 of the rest (`write_entry`), so a torn or damaged file is never trusted."""


def cache_root() -> Path | None:
    """The cache directory (not created here), or None when caching is off or no home directory is known."""
    chosen = os.environ.get(ENV)
    if chosen is not None:
        return Path(chosen).expanduser() if chosen.strip() else None
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if xdg and Path(xdg).is_absolute():  # the XDG spec: a relative path is invalid and ignored
        return Path(xdg) / "pnpkit"
    try:
        return Path.home() / ".cache" / "pnpkit"
    except RuntimeError:  # no home directory to be found
        return None


def cache_subdir(name: str) -> Path | None:
    """`<cache root>/<name>`, made if missing; None when caching is off or the directory cannot be made."""
    root = cache_root()
    if root is None:
        return None
    folder = root / name
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK) else None


def write_entry(path: Path, payload: bytes) -> None:
    """Write `payload` under its checksum, atomically (a reader sees the old entry, or the whole new one);
    a failure to write only means the entry is computed again next time."""
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temp.write_bytes(hashlib.sha256(payload).digest() + payload)
        os.replace(temp, path)
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink()


def read_entry(path: Path, max_bytes: int) -> bytes | None:
    """The payload `write_entry` stored at `path`, or None when it is missing, larger than `max_bytes`,
    unreadable or fails its checksum."""
    try:
        if path.stat().st_size > max_bytes + CHECKSUM_BYTES:
            return None
        data = path.read_bytes()
    except OSError:
        return None
    checksum, payload = data[:CHECKSUM_BYTES], data[CHECKSUM_BYTES:]
    if len(checksum) != CHECKSUM_BYTES or hashlib.sha256(payload).digest() != checksum:
        return None
    return payload
