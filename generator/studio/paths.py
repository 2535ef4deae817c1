"""Which files the studio may serve: those inside the kit folder or the output folder, nothing else."""

from __future__ import annotations

from pathlib import Path, PurePosixPath, PureWindowsPath
from urllib.parse import unquote


def inside(folder: Path, asked: str) -> Path | None:
    """The file `asked` names under `folder`, or None when the request could lead anywhere else.

    Refused: an absolute path (`/etc/passwd`, `C:\\x`), any `..` part, a path that still holds an escape after
    the router decoded it once (`%2e%2e`), a NUL or a backslash, and a symlink whose target lies outside the folder.
    """
    if not asked or "\x00" in asked or "\\" in asked or "%" in asked:
        return None
    if unquote(asked) != asked:
        return None
    pure = PurePosixPath(asked)
    if pure.is_absolute() or PureWindowsPath(asked).drive or any(part in ("..", ".") for part in pure.parts):
        return None
    base = folder.resolve()
    try:
        resolved = (base / pure).resolve(strict=True)
    except (OSError, RuntimeError):  # missing, or a symlink loop
        return None
    if not resolved.is_relative_to(base):
        return None
    return resolved
