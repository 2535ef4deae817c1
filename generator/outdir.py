"""The output directory: staging directories, their locks and sweep, and the files the user keeps there.

Builds and exports write into a staging directory beside their output and swap finished directories
into place. A staging directory holds a lock file, locked for as long as the process that made it
lives (and its workers, which inherit it): a build that was killed outright leaves its staging
directory unlocked, and the next build or export into the same directory removes it. A live one,
even another process's, is never touched.

Every directory pnpkit publishes carries MARKER, which lists the files pnpkit wrote there. Anything
else in it (a `print-notes.txt` the user saved beside the PDFs) is the user's: each build carries it
into the directory that replaces the old one, and refuses to overwrite it with a file of its own.
A file named as a component's file (`cards.pdf`, `cards-07.svg`, by the components of index.json) is
pnpkit's whatever the list says: a page that a shorter component lost goes with the rest.

Whatever stops a command (a full disk, an error, a stop request), the output is left as it was before it: every
file is written in the staging directory first, the directories are swapped in together or not at all
(`Publication`), and the staging directory goes. A full disk is `DiskFullError`, one line naming the output.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import tempfile
import time
from contextlib import ExitStack, suppress
from pathlib import Path
from typing import IO

from .stops import deferred

try:
    import fcntl
except ImportError:  # Windows: no advisory locks, so a staging directory with a lock file is never swept
    fcntl = None  # type: ignore[assignment]

MARKER = ".pnpkit-output"
"""Present in every directory pnpkit made, so it only ever replaces its own output; lists the files it wrote."""
LOCK = ".pnpkit-lock"
STAGING = re.compile(r"\.pnpkit-(?:export-)?[a-z0-9_]{8}")
"""The names of staging directories (tempfile.mkdtemp's eight characters after pnpkit's prefixes)."""
PARTIAL = ".pnpkit-partial"
"""The suffix of a file `watch` writes beside its target before renaming it over the target."""
UNLOCKED_GRACE = 3600.0
"""Seconds after which a staging directory with no lock file (an older pnpkit's) is taken as abandoned."""
PNPKIT_NAMES = frozenset({MARKER, "index.json", "kit.pdf"})

_held: dict[Path, IO[str]] = {}
"""This process's staging directories and their locked files."""


class OutputError(Exception):
    """The output directory cannot be used (a usage problem, not a content problem)."""


class DiskFullError(Exception):
    """The disk (or the user's quota) filled up while writing: neither a usage nor a content problem, so not an
    OutputError. The output was left as it was before the command."""


NO_SPACE = frozenset({errno.ENOSPC, errno.EDQUOT})


def write_error(
    exc: OSError, where: Path | str, left: str = "the output was left as it was"
) -> DiskFullError | OutputError:
    """The one-line error for an OSError met writing the output `where`: DiskFullError, saying what was `left`,
    when the disk is full."""
    if exc.errno in NO_SPACE:
        return DiskFullError(
            f"cannot write to {where}: the disk is full ({os.strerror(exc.errno or errno.ENOSPC)});"
            f" {left}; free some space and run again"
        )
    return OutputError(f"cannot write to {where}: {exc.strerror or exc}")


def publish_error(exc: OSError, out_dir: Path) -> DiskFullError | OutputError:
    """The one-line error for an OSError met moving finished files into `out_dir`: a full disk names the
    directory, anything else the file it happened to."""
    return write_error(exc, out_dir if exc.errno in NO_SPACE else (exc.filename or out_dir))


# ---------------------------------------------------------------- staging


def make_staging(out_dir: Path, prefix: str = ".pnpkit-") -> Path:
    """A new staging directory in `out_dir` (made if missing), locked by this process; abandoned ones are swept."""
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        if exc.errno in NO_SPACE:
            raise write_error(exc, out_dir) from None
        raise OutputError(f"cannot create output directory {out_dir}: {exc.strerror or exc}") from None
    sweep(out_dir)
    try:
        with deferred():  # made and locked together, or not at all
            staging = Path(tempfile.mkdtemp(prefix=prefix, dir=out_dir))
            try:
                _held[staging] = _lock(staging)
            except BaseException:
                _remove(staging)
                raise
    except OSError as exc:
        raise write_error(exc, out_dir) from None
    return staging


def _lock(staging: Path) -> IO[str]:
    """Lock a file, then give it its name: a lock file that exists is locked from its first instant."""
    partial = staging / f"{LOCK}{PARTIAL}"
    handle = partial.open("w", encoding="utf-8")
    try:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        handle.write(f"pnpkit process {os.getpid()} is writing here; removed when it ends\n")
        handle.flush()
        os.replace(partial, staging / LOCK)
    except BaseException:
        handle.close()
        raise
    return handle


def remove_staging(staging: Path) -> None:
    """Remove a staging directory (its lock file last, so a half-removed one still reads as locked)."""
    with deferred():
        if staging.is_dir():
            for entry in staging.iterdir():
                if entry.name != LOCK:
                    _remove(entry)
            (staging / LOCK).unlink(missing_ok=True)
            _remove(staging)
        handle = _held.pop(staging, None)
        if handle is not None:
            handle.close()


def sweep(out_dir: Path) -> list[Path]:
    """Remove the staging directories in `out_dir` that no live pnpkit process holds; returns them."""
    swept: list[Path] = []
    try:
        entries = sorted(out_dir.iterdir())
    except OSError:
        return swept
    for path in entries:
        if not STAGING.fullmatch(path.name) or path in _held or path.is_symlink() or not path.is_dir():
            continue
        try:
            _remove_if_abandoned(path)
        except OSError:
            continue  # another process's, or not ours to remove: left alone
        if not path.exists():
            swept.append(path)
    return swept


def _remove_if_abandoned(path: Path) -> None:
    """Remove a staging directory whose lock file no process holds: its lock file, or the lock file it was
    killed before naming (locked from its first instant as well)."""
    try:
        handle = _open_lock(path)
    except FileNotFoundError:
        if time.time() - path.stat().st_mtime > UNLOCKED_GRACE:
            _remove(path)
        return
    with handle:
        if fcntl is None:
            return
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return  # a live build's
        _remove(path)


def _open_lock(path: Path) -> IO[str]:
    try:
        return (path / LOCK).open("r", encoding="utf-8")
    except FileNotFoundError:
        return (path / f"{LOCK}{PARTIAL}").open("r", encoding="utf-8")


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


# ---------------------------------------------------------------- usable directories


def write_whole(target: Path, data: bytes) -> None:
    """One file written whole (`replace_whole`) under a fresh name beside it; its folder is made if missing.
    OSError for a target that cannot be written (a directory, no permission)."""
    if target.is_dir():
        raise IsADirectoryError(21, "is a directory; give a file name", str(target))
    target.parent.mkdir(parents=True, exist_ok=True)
    replace_whole(target, data)


def replace_whole(target: Path, data: bytes, partial: Path | None = None) -> None:
    """Write `data` beside `target` and rename it over it: pnpkit's one atomic write.

    A reader, a failure or a stop never sees half a file, and the partial file is gone whatever happens.
    `partial` names it (watch's `.NAME.pnpkit-partial`, which it sweeps after a kill); by default it is a fresh
    name, so two writers of one target never share one. OSError as raised.
    """
    temp: Path | None = None
    try:
        if partial is None:
            handle, name = tempfile.mkstemp(prefix=".pnpkit-", suffix=target.suffix, dir=target.parent)
            temp = Path(name)
            with os.fdopen(handle, "wb") as out:
                out.write(data)
        else:
            temp = partial
            partial.write_bytes(data)
        os.replace(temp, target)
        temp = None
    finally:
        if temp is not None:
            temp.unlink(missing_ok=True)


def check_output_link(out_dir: Path, kit_root: Path) -> None:
    """OutputError when the output path passes through a symbolic link that lies in the kit and leads out of it.

    A kit may ship an `output` link to anywhere (`/`, the user's home): `pnpkit build . -o output` must not write
    there. A link the user made outside the kit is theirs to follow; the folder itself, given with -o, is too.
    """
    kit = kit_root.resolve()
    path = Path(os.path.abspath(out_dir))  # `..` taken as written, links not followed
    for step in (*reversed(path.parents), path):
        if not step.is_symlink():
            continue
        try:
            target = step.resolve()
            place = step.parent.resolve() / step.name
        except (OSError, RuntimeError):
            raise OutputError(f"cannot use {out_dir}: {step} is a symbolic link that leads nowhere") from None
        if place.is_relative_to(kit) and not target.is_relative_to(kit):
            raise OutputError(
                f"{out_dir} leads out of the kit through the symbolic link {step} (to {target}); "
                "give the folder itself with -o, or choose another output directory"
            )


def check_usable(*paths: Path) -> None:
    """OutputError naming the first existing directory pnpkit cannot list, write and enter.

    Checked before anything is written, so a read-only output directory stops the build at once.
    """
    for path in paths:
        try:
            exists = path.is_dir()
        except OSError as exc:
            raise OutputError(f"cannot use {path}: {exc.strerror or exc}") from None
        if exists and not os.access(path, os.R_OK | os.W_OK | os.X_OK):
            raise OutputError(
                f"cannot write to {path}: permission denied; make it writable or choose another output directory with -o"
            )


# ---------------------------------------------------------------- the user's files


def write_marker(directory: Path, note: str, names: list[str] | None = None) -> None:
    """MARKER in `directory`: `note`, then the files pnpkit wrote there, one a line."""
    listed = "".join(f"{name}\n" for name in sorted(names or ()))
    (directory / MARKER).write_text(note + listed, encoding="utf-8")


def listed_names(directory: Path) -> set[str] | None:
    """The files MARKER says pnpkit wrote, or None for a marker without a list (an older pnpkit's)."""
    try:
        lines = (directory / MARKER).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return None
    return set(lines[1:]) if len(lines) > 1 else None


def index_names(directory: Path) -> set[str]:
    """The files an `index.json` says its components were written as."""
    names: set[str] = set()
    for slug, pages in _index_components(directory):
        names |= {f"{slug}.pdf", f"{slug}.svg", *(f"{slug}-{n:02d}.svg" for n in range(1, pages + 1))}
    return names


def _index_components(directory: Path) -> list[tuple[str, int]]:
    """(slug, pages) of each component in a directory's `index.json`."""
    from .index import read_index

    found = []
    for entry in (read_index(directory) or {}).get("components", []):
        pdf, pages = entry.get("file"), entry.get("pages")
        if isinstance(pdf, str) and pdf.endswith(".pdf") and isinstance(pages, int):
            found.append((pdf.removesuffix(".pdf"), pages))
    return found


def _component_file(name: str, slugs: set[str]) -> bool:
    """A component's file by its name: `cards.pdf`, `cards.svg`, `cards-07.svg` for a component pnpkit makes."""
    match = re.fullmatch(r"(.+?)(?:-\d\d)?\.svg|(.+)\.pdf", name)
    return match is not None and (match[1] or match[2]) in slugs


def users_entries(published: Path, built: Path) -> list[str]:
    """The paths (relative, with /) in a published directory that pnpkit did not write, to carry into `built`.

    Looks into the folders pnpkit wrote (an export's `cards/<deck>/`); a folder of the user's goes whole.
    OutputError when `built` has a file of the same path: the build would replace the user's file.
    A directory an older pnpkit made has no list; there the paths this build writes are taken as pnpkit's.
    """
    listed = listed_names(published)
    ours = PNPKIT_NAMES | index_names(published) | (listed or set())
    folders = {parent.as_posix() for path in ours for parent in Path(path).parents}  # folders pnpkit wrote into
    slugs = {slug for folder in (published, built) for slug, _pages in _index_components(folder)}
    new = {path.relative_to(built).as_posix() for path in built.rglob("*")}
    kept: list[str] = []

    def look(folder: Path, prefix: str) -> None:
        for entry in sorted(folder.iterdir()):
            path = prefix + entry.name
            if path in ours or entry.name.endswith(PARTIAL):
                continue
            if entry.is_dir() and not entry.is_symlink() and (path in folders or (listed is None and path in new)):
                look(entry, path + "/")
                continue
            if listed is None and path in new:
                continue
            if not prefix and entry.is_file() and _component_file(path, slugs):  # a page of a component
                continue
            if path in new:
                raise OutputError(
                    f"{entry} was not written by pnpkit, and this build writes a file of that name there;"
                    " move or rename your file"
                )
            kept.append(path)

    look(published, "")
    return kept


def carry(published: Path, built: Path, paths: list[str]) -> None:
    """Hard links (copies where links are impossible) of the user's entries, so they live on in `built`."""
    for path in paths:
        source, target = published / path, built / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            os.symlink(os.readlink(source), target)
        elif source.is_dir():
            shutil.copytree(source, target, symlinks=True, copy_function=link_or_copy)
        else:
            link_or_copy(source, target)


def link_or_copy(source: Path | str, target: Path | str) -> None:
    """A hard link where the file system allows (new files are written beside it, never through it)."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def prepare_swap(built: Path, target: Path) -> list[str]:
    """Make `built` ready to replace `target`: the user's entries are linked into it (their paths are returned) and
    MARKER lists every other file. Writes only inside `built`, so a full disk here leaves the output untouched."""
    note = (built / MARKER).read_text(encoding="utf-8").splitlines(keepends=True)[0]
    kept = users_entries(target, built) if target.is_dir() else []
    written = [path.relative_to(built).as_posix() for path in built.rglob("*") if not path.is_dir()]
    write_marker(built, note, [path for path in written if path != MARKER])
    carry(target, built, kept)
    return kept


class Publication:
    """Directories put in place together: every one, or none. On an error or a stop before the end, the swaps
    done so far are undone in reverse order and the directories made on the way removed, so the output is as it
    was. Used as `with Publication() as p: p.swap(...)`; stop requests wait until the block ends."""

    def __init__(self) -> None:
        self.undo: list[tuple[Path, Path, Path | None]] = []
        """(built, target, old or None when nothing was at the target), in the order they were swapped."""
        self.made: list[Path] = []

    def __enter__(self) -> Publication:
        self._stops = ExitStack()
        self._stops.enter_context(deferred())
        return self

    def __exit__(self, kind, value, traceback) -> None:
        try:
            if kind is not None:
                self.roll_back()
        finally:
            self._stops.close()

    def make_dir(self, path: Path, note: str | None = None) -> None:
        """`path` and any missing parent; each made one gets a MARKER saying `note` (none when None)."""
        missing = []
        while not path.exists():
            missing.append(path)
            path = path.parent
        for folder in reversed(missing):
            folder.mkdir()
            self.made.append(folder)
            if note is not None:
                write_marker(folder, note)

    def swap(self, built: Path, target: Path, old: Path) -> None:
        """`built` to `target`, the directory there (if any) to `old`."""
        had = target.exists()
        if had:
            os.replace(target, old)
        self.undo.append((built, target, old if had else None))
        os.replace(built, target)

    def roll_back(self) -> None:
        """Put every old directory back and take the new ones back into staging; remove the folders made."""
        for built, target, old in reversed(self.undo):
            with suppress(OSError):  # undoing does what it can
                if not built.exists() and target.exists():
                    os.replace(target, built)
                if old is not None and old.exists() and not target.exists():
                    os.replace(old, target)
        self.undo.clear()
        for folder in reversed(self.made):  # holding only their markers again; anything else keeps them
            with suppress(OSError):
                (folder / MARKER).unlink(missing_ok=True)
                folder.rmdir()
        self.made.clear()
