"""Which files the studio may serve (those inside the kit folder or the output folder, nothing else) and how: a
kit's file is data to look at, never a page that acts on the studio's origin."""

from __future__ import annotations

import stat
from pathlib import Path, PurePosixPath, PureWindowsPath
from urllib.parse import unquote

from starlette.responses import FileResponse, PlainTextResponse, Response

from .guard import FILE_CSP

RASTER = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp"}
"""Pictures a browser shows and never runs: served as themselves."""
PLAIN = frozenset({".csv", ".tsv", ".txt", ".md", ".yaml", ".yml", ".json"})
"""The kit's text: shown as plain text, never as markup."""
NOT_FOUND = "not found"
"""The one answer for a file that is missing and for one that is refused: a page cannot tell them apart."""


def inside(folder: Path, asked: str) -> Path | None:
    """The regular file `asked` names under `folder`, or None when the request could lead anywhere else.

    Refused: an absolute path (`/etc/passwd`, `C:\\x`), any `..` part, a path that still holds an escape after
    the router decoded it once (`%2e%2e`), a NUL or a backslash, a symlink whose target lies outside the folder,
    and a file with more than one hard link (a hard link's other name may lie anywhere: nothing tells which is the
    kit's own).
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
        found = resolved.stat()
    except (OSError, RuntimeError):  # missing, or a symlink loop
        return None
    if not resolved.is_relative_to(base) or not stat.S_ISREG(found.st_mode) or found.st_nlink > 1:
        return None
    return resolved


def file_response(path: Path) -> Response:
    """A kit's or the output's file: a picture as itself, text as plain text, anything else (SVG, HTML, PDF, a
    spreadsheet) as a download; each in a sandbox, so markup in it can neither run nor read the studio."""
    headers = {"Content-Security-Policy": FILE_CSP, "Cache-Control": "no-store"}
    suffix = path.suffix.lower()
    if suffix in RASTER:
        return FileResponse(path, media_type=RASTER[suffix], headers=headers)
    if suffix in PLAIN:
        return FileResponse(path, media_type="text/plain; charset=utf-8", headers=headers)
    return FileResponse(path, media_type="application/octet-stream", headers=headers, filename=path.name)


def not_found() -> Response:
    return PlainTextResponse(NOT_FOUND, status_code=404, headers={"Cache-Control": "no-store"})
