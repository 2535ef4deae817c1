"""Where exports land, and how they get there: staged, then swapped into place whole.

An export of one kind for one kit and language is one directory,
`DIR/<kit>/<lang>/<kind>/` (print-on-demand files one level further down,
`pod/<service>/`, so two services do not replace each other). It is written
in a staging directory beside the output and swapped into place only when
every file is complete, as `pnpkit build` does; a directory pnpkit did not
make (no MARKER file) is never replaced, and files the user saved in one are
carried into its replacement (generator/outdir.py). Directories pnpkit creates
on the way (`<lang>/`, `pod/`) get a MARKER too, so a later build may replace them.
"""

from __future__ import annotations

from pathlib import Path

from .. import outdir
from ..outdir import MARKER, OutputError, Publication, check_usable, prepare_swap, write_error

KIND_NOTE = "made by pnpkit export; each export of this kind replaces the files listed below and keeps any other\n"
DIR_NOTE = "made by pnpkit for its exports; pnpkit may replace this directory\n"


def check_writable(out_dir: Path, kit_id: str, languages: tuple[str, ...], kind: tuple[str, ...]) -> None:
    """OutputError when any directory on the way is a file, or the target exists and pnpkit did not make it."""
    try:
        _check_writable(out_dir, kit_id, languages, kind)
    except OSError as exc:
        raise OutputError(f"cannot use {exc.filename or out_dir}: {exc.strerror or exc}") from None


def _check_writable(out_dir: Path, kit_id: str, languages: tuple[str, ...], kind: tuple[str, ...]) -> None:
    """Written to: OUTPUT (the staging directory), the deepest directory on the way that exists (to make
    the rest, or to swap the target in), and the target itself."""
    check_usable(out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise OutputError(f"{out_dir} exists and is not a directory; choose another output directory with -o")
    for lang in languages:
        path, deepest = out_dir / kit_id, out_dir
        for part in (lang, *kind):
            if path.exists() and not path.is_dir():
                raise OutputError(f"{path} exists and is not a directory; choose another output directory with -o")
            if path.is_dir():
                deepest = path
            path = path / part
        check_usable(deepest, path)
        if path.exists() and not (path.is_dir() and (path / MARKER).exists()):
            raise OutputError(f"{path} exists and was not made by pnpkit; choose another output directory with -o")


def make_staging(out_dir: Path) -> Path:
    """A locked staging directory in `out_dir`; those of exports and builds that were killed are swept."""
    return outdir.make_staging(out_dir, ".pnpkit-export-")


def kind_dir(staging: Path, kit_id: str, lang: str, kind: tuple[str, ...]) -> Path:
    """The staged directory of one kind for one kit and language, made with its MARKER."""
    path = staging.joinpath(kit_id, lang, *kind)
    try:
        path.mkdir(parents=True, exist_ok=True)
        (path / MARKER).write_text(KIND_NOTE)
    except OSError as exc:
        raise write_error(exc, staging.parent) from None
    return path


def publish(staging: Path, out_dir: Path, editions: list[tuple[str, str]], kind: tuple[str, ...]) -> list[Path]:
    """Swap the staged directory of each (kit, language) into DIR/<kit>/<lang>/<kind...>, all or none; the old
    ones go only after the swaps. What takes space is written in the staging directory first, so a full disk
    leaves the output as it was."""
    try:
        ready = []
        for kit_id, lang in editions:
            built, target = staging.joinpath(kit_id, lang, *kind), out_dir.joinpath(kit_id, lang, *kind)
            ready.append((kit_id, lang, built, target, prepare_swap(built, target)))
        with Publication() as publication:
            for kit_id, lang, built, target, _carried in ready:
                _make_parents(publication, out_dir / kit_id, (lang, *kind[:-1]))
                publication.swap(built, target, staging / f"old-{kit_id}-{lang}-{'-'.join(kind)}")
        return sorted(
            p
            for _kit, _lang, _built, target, carried in ready
            for p in target.rglob("*")
            if p.is_file() and p.name != MARKER and not _under(p, target, carried)
        )
    except OSError as exc:
        raise outdir.publish_error(exc, out_dir) from None


def _under(path: Path, folder: Path, carried: list[str]) -> bool:
    """`path` is one of the user's files carried over (or inside a folder of theirs)."""
    relative = path.relative_to(folder).as_posix()
    return any(relative == kept or relative.startswith(f"{kept}/") for kept in carried)


def _make_parents(publication: Publication, base: Path, parts: tuple[str, ...]) -> None:
    """`base` (DIR/<kit>), then each of `parts` below it with a MARKER; undone with the publication."""
    publication.make_dir(base)
    path = base
    for part in parts:
        path = path / part
        publication.make_dir(path, DIR_NOTE)
