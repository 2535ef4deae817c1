"""Where exports land, and how they get there: staged, then swapped into place whole.

An export of one kind for one kit and language is one directory,
`DIR/<kit>/<lang>/<kind>/` (print-on-demand files one level further down,
`pod/<service>/`, so two services do not replace each other). It is written
in a staging directory beside the output and swapped into place only when
every file is complete, as `pnpkit build` does; a directory pnpkit did not
make (no MARKER file) is never replaced. Directories pnpkit creates on the way
(`<lang>/`, `pod/`) get a MARKER too, so a later build may replace them.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from ..build import MARKER, OutputError

KIND_NOTE = "made by pnpkit export; this directory is replaced on every export of this kind\n"
DIR_NOTE = "made by pnpkit for its exports; pnpkit may replace this directory\n"


def check_writable(out_dir: Path, kit_id: str, languages: tuple[str, ...], kind: tuple[str, ...]) -> None:
    """OutputError when any directory on the way is a file, or the target exists and pnpkit did not make it."""
    if out_dir.exists() and not out_dir.is_dir():
        raise OutputError(f"{out_dir} exists and is not a directory; choose another output directory with -o")
    for lang in languages:
        path = out_dir / kit_id
        for part in (lang, *kind):
            if path.exists() and not path.is_dir():
                raise OutputError(f"{path} exists and is not a directory; choose another output directory with -o")
            path = path / part
        if path.exists() and not (path.is_dir() and (path / MARKER).exists()):
            raise OutputError(f"{path} exists and was not made by pnpkit; choose another output directory with -o")


def make_staging(out_dir: Path) -> Path:
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix=".pnpkit-export-", dir=out_dir))
    except OSError as exc:
        raise OutputError(f"cannot create output directory {out_dir}: {exc.strerror or exc}") from None


def kind_dir(staging: Path, kit_id: str, lang: str, kind: tuple[str, ...]) -> Path:
    """The staged directory of one kind for one kit and language, made with its MARKER."""
    path = staging.joinpath(kit_id, lang, *kind)
    path.mkdir(parents=True, exist_ok=True)
    (path / MARKER).write_text(KIND_NOTE)
    return path


def publish(staging: Path, out_dir: Path, kit_id: str, lang: str, kind: tuple[str, ...]) -> list[Path]:
    """Swap the staged directory into DIR/<kit>/<lang>/<kind...>; the old one goes only after the swap."""
    built = staging.joinpath(kit_id, lang, *kind)
    target = out_dir.joinpath(kit_id, lang, *kind)
    try:
        _make_parents(out_dir / kit_id, (lang, *kind[:-1]))
        old = None
        if target.exists():
            old = staging / f"old-{kit_id}-{lang}-{'-'.join(kind)}"
            os.replace(target, old)
        os.replace(built, target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except OSError as exc:
        raise OutputError(f"cannot write to {target}: {exc.strerror or exc}") from None
    return sorted(p for p in target.rglob("*") if p.is_file() and p.name != MARKER)


def _make_parents(base: Path, parts: tuple[str, ...]) -> None:
    base.mkdir(parents=True, exist_ok=True)
    path = base
    for part in parts:
        path = path / part
        if not path.exists():
            path.mkdir()
            (path / MARKER).write_text(DIR_NOTE)
