"""What every writer shares: the one refusal it raises, a file's fingerprint, and the atomic write."""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

MAX_EDIT_BYTES = 8 * 1024 * 1024
"""The largest file the studio rewrites: the size pnpkit reads a YAML file or a table up to."""
MAX_VALUE_CHARS = 5_000
"""The longest value a cell or field may be given: the longest cell a table may hold."""


WRITABLE_KINDS = {".yaml": "yaml", ".yml": "yaml", ".csv": "csv", ".xlsx": "xlsx", ".ods": "ods"}
"""The files a value is written back into, by suffix, and the writer that does it."""


def kind_of(file: str) -> str:
    """The writer for `file` ("yaml", "csv", "xlsx", "ods"), or "" for a file nothing writes into."""
    return WRITABLE_KINDS.get(Path(file).suffix.lower(), "")


@dataclass(frozen=True)
class Place:
    """Where a value is written: a YAML scalar (or the mapping a new key goes under), or a table's cell. The
    studio writes a card's value to one; `pnpkit i18n apply` a translation."""

    file: str
    """The file, from the kit folder (posix)."""
    kind: str
    """yaml, csv, xlsx or ods (`kind_of`)."""
    line: int
    """A YAML node's line, or a table's row."""
    col: int
    """A YAML node's column, or a table's column (0: the new column `header` names)."""
    sheet: str = ""
    """A workbook's sheet."""
    keys: tuple[str, ...] = ()
    """YAML: the keys to add under the mapping at line:col; empty when the value at line:col is replaced."""
    header: str = ""
    """A table's new column, by name, when the table has no column for it yet."""
    header_row: int = 0
    beside: int = 0
    """The column of the source language's text: new columns follow the order of theirs."""


class EditRefused(Exception):
    """A write that is not made, with the one line the page shows; `status` is the HTTP answer (409: the file
    changed since it was read)."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message = message
        self.status = status


def fingerprint(data: bytes) -> str:
    """A file's content as a short hash: the page sends it back with a write, which is refused if it differs."""
    return hashlib.sha256(data).hexdigest()[:32]


def read_bounded(path: Path) -> bytes:
    """The file's bytes, refused past MAX_EDIT_BYTES before it is read."""
    try:
        size = path.stat().st_size
        if size > MAX_EDIT_BYTES:
            raise EditRefused(f"{path.name} is {size:,} bytes; the studio edits files of up to {MAX_EDIT_BYTES:,}")
        return path.read_bytes()
    except OSError as exc:
        raise EditRefused(f"{path.name} cannot be read: {exc.strerror or type(exc).__name__}") from None


def atomic_write(path: Path, data: bytes) -> None:
    """Replace the file whole: written beside it under a hidden name, then renamed over it (a reader sees the old
    file or the new one, never half of one); its permission bits are kept."""
    try:
        mode = path.stat().st_mode & 0o7777
    except OSError:
        mode = 0o644
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".pnpkit-edit", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except OSError as exc:
        with _quiet():
            os.unlink(temporary)
        raise EditRefused(f"{path.name} cannot be written: {exc.strerror or type(exc).__name__}") from None
    except BaseException:
        with _quiet():
            os.unlink(temporary)
        raise


def _quiet():
    from contextlib import suppress

    return suppress(OSError)


def check_value(text: str) -> str:
    """A value as the page sent it, bounded; a NUL or other control character but tab and newline is refused."""
    if not isinstance(text, str):
        raise EditRefused("a value is text")
    if len(text) > MAX_VALUE_CHARS:
        raise EditRefused(f"the value is {len(text):,} characters; the limit is {MAX_VALUE_CHARS:,}")
    bad = next((c for c in text if (ord(c) < 32 and c not in "\t\n") or 0x7F <= ord(c) < 0xA0), None)
    if bad is not None:
        raise EditRefused(f"the value holds the control character U+{ord(bad):04X}")
    return text.replace("\r\n", "\n").replace("\r", "\n")


EDITABLE_SUFFIXES = frozenset({".yaml", ".yml", ".csv", ".xlsx", ".ods"})
MAX_FINGERPRINTS = 2_000


def kit_fingerprints(root: Path) -> dict[str, str]:
    """The fingerprint of each YAML file and table in the kit folder (hidden folders and links left out), by its
    path from the folder; at most MAX_FINGERPRINTS files, each within MAX_EDIT_BYTES."""
    found: dict[str, str] = {}
    for folder, folders, names in os.walk(root):
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        for name in sorted(names):
            path = Path(folder) / name
            if path.suffix.lower() not in EDITABLE_SUFFIXES or path.is_symlink():
                continue
            try:
                if path.stat().st_size > MAX_EDIT_BYTES:
                    continue
                found[path.relative_to(root).as_posix()] = fingerprint(path.read_bytes())
            except OSError:
                continue
            if len(found) >= MAX_FINGERPRINTS:
                return found
    return found
