"""Files a kit names: they stay inside the kit directory (PK107, PK108), and messages show them relative to the
working directory. One rule for kit.yaml, its includes, card files, pictures and fonts."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from . import codes
from .findings import Finding, Location


def display_path(path: Path) -> str:
    """Paths relative to the working directory read best in messages; outside it, absolute ones do."""
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path.absolute()) if relative.startswith("..") else relative


def safe_kit_path(root: Path, name: Any, where: Location, field_path: str) -> tuple[Path | None, Finding | None]:
    """A file named by the kit must stay inside the kit directory, symlinks included."""
    if not isinstance(name, str) or not name.strip():
        return None, codes.make("PK203", "a file name must be text", where, field_path)
    if "\0" in name:
        return None, codes.make(
            "PK203", f"{name!r} holds a NUL character, which no file name can", where, field_path, "remove it"
        )
    candidate = Path(name)
    if candidate.is_absolute() or ".." in candidate.parts:
        return None, codes.make(
            "PK108",
            f"{name!r} points outside the kit directory",
            where,
            field_path,
            "name a file inside the kit, without '..' or a leading '/'",
        )
    full = root / candidate
    try:
        resolved = full.resolve(strict=True)
    except (FileNotFoundError, RuntimeError, OSError):
        return None, codes.make(
            "PK107", f"file {name!r} does not exist", where, field_path, f"create it in {display_path(root)}"
        )
    if not resolved.is_relative_to(root.resolve()):  # kit.yaml itself too: load_kit checks it here
        return None, codes.make(
            "PK108",
            f"{name!r} leads outside the kit directory through a link",
            where,
            field_path,
            "copy the file into the kit",
        )
    if not resolved.is_file():
        return None, codes.make("PK107", f"{name!r} is not a file", where, field_path)
    return full, None
