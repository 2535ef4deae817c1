"""The folders of a kit that a watch follows, and the changes in them: one walk and one loop for `pnpkit watch` and
the studio.

The kit is walked folder by folder, and each folder is watched on its own (not recursively), so nothing outside
the kit is ever watched: a symbolic link out of the kit (to `/`, say) and a folder that cannot be read are skipped,
each with one warning, and the watch goes on. The folder holding the kit is watched too (only its own entries), so
a kit folder removed and made again is followed again. Output folders are left out by path containment, never by
comparing strings. A watch that meets a problem of the file system (a folder gone while it starts) walks the kit
again and goes on; the first changes it reports after that are a catch-up, as something may have been missed.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MAX_FOLDERS = 2_000
"""Folders watched at most; a kit with more is watched in its first ones, and says so."""
SKIPPED_NAMES = frozenset(
    {"__pycache__", ".git", ".hg", ".svn", ".tox", ".venv", ".idea", "node_modules", ".mypy_cache", ".pytest_cache"}
)
"""Folders never walked: version control and tool caches (watchfiles' own list)."""
RETRY_S = 0.5
"""The pause before a watch that met a file system problem walks the kit again."""

Changes = set[tuple[Any, str]]
"""watchfiles' changes: (Change, path)."""


@dataclass(frozen=True)
class Walk:
    """The kit's folders as found (each named from the root as given), and the ones skipped, with why."""

    folders: tuple[Path, ...]
    skipped: tuple[tuple[Path, str], ...] = ()


def within(path: Path, folder: Path) -> bool:
    """Whether `path` is `folder` or lies in it, both taken as absolute paths with their links followed."""
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):
        return False


def walk(root: Path, leave_out: Iterable[Path] = (), limit: int = MAX_FOLDERS) -> Walk:
    """The kit's folders, hidden tool folders and `leave_out` (output folders) left out; a link out of the kit and a
    folder that cannot be read are skipped and named in `skipped`."""
    try:
        base = root.resolve(strict=True)
    except (OSError, RuntimeError):
        return Walk(())
    out = [folder.resolve() for folder in leave_out]
    seen = {base}
    folders: list[Path] = []
    skipped: list[tuple[Path, str]] = []
    pending = [root]
    while pending:
        folder = pending.pop()
        if len(folders) >= limit:
            skipped.append((folder, f"more than {limit} folders in the kit: the rest are not watched"))
            break
        try:
            with os.scandir(folder) as entries:
                names = sorted(entry.name for entry in entries if _is_dir(entry))
        except OSError as exc:
            skipped.append((folder, f"cannot read it ({exc.strerror or exc}); changes in it are not seen"))
            continue
        folders.append(folder)
        for name in names:  # in order: of two names for one folder, the first is walked
            path = folder / name
            if name in SKIPPED_NAMES:
                continue
            try:
                real = path.resolve(strict=True)
            except (OSError, RuntimeError):
                skipped.append((path, "a symbolic link that leads nowhere"))
                continue
            if not real.is_relative_to(base):
                skipped.append((path, f"a symbolic link out of the kit (to {real}); changes there are not seen"))
            elif real not in seen and not any(real.is_relative_to(o) for o in out if o != base):
                seen.add(real)
                pending.append(path)
    return Walk(tuple(folders), tuple(skipped))


def _is_dir(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir()  # a link to a folder counts: `walk` decides where it leads
    except OSError:
        return False


def left_out(root: Path, out_dir: Path | None, kit_id: str = "") -> list[Path]:
    """The output folders a watch of `root` leaves out: the output folder when it lies inside the kit (not the kit
    itself nor a folder holding it), else the kit's own folder in it (OUT/<kit id>) when that one does."""
    if out_dir is None:
        return []
    found = []
    if within(out_dir, root) and not within(root, out_dir):
        found.append(out_dir)
    elif kit_id and within(out_dir / kit_id, root) and not within(root, out_dir / kit_id):
        found.append(out_dir / kit_id)
    return [folder.resolve() for folder in found]


@dataclass
class KitWatch:
    """One kit's watch: the walk, what it leaves out, and the warnings already given (each once)."""

    root: Path
    leave_out: Callable[[], list[Path]] = list
    """The output folders to leave out, asked before each walk (a kit's id may change)."""
    warn: Callable[[str], None] = lambda line: None
    warned: set[str] = field(default_factory=set)
    skipped: tuple[tuple[Path, str], ...] = ()
    """What the last walk skipped."""

    def walk(self) -> Walk:
        found = walk(self.root, self.leave_out())
        for path, why in found.skipped:
            line = f"skipped {path}: {why}"
            if line not in self.warned:
                self.warned.add(line)
                self.warn(line)
        self.skipped = found.skipped
        return found

    def relevant(self, changes: Changes, found: Walk) -> Changes:
        """The changes inside the kit (the folder above reports its other entries too), less the output's."""
        base = self.root.resolve()
        out = self.leave_out()
        kept = set()
        for change in changes:
            path = Path(change[1])
            try:
                real = path.parent.resolve() / path.name
            except (OSError, RuntimeError):
                continue
            if real.is_relative_to(base) and not any(real.is_relative_to(o) for o in out):
                kept.add(change)
        return kept

    def walk_again(self, changes: Changes, found: Walk) -> bool:
        """A folder came, went or was renamed in the kit, or the kit folder itself did: its folders changed."""
        base = self.root.resolve()
        folders = {folder.resolve() for folder in found.folders}
        for _change, name in changes:
            path = Path(name)
            try:
                real = path.parent.resolve() / path.name
            except (OSError, RuntimeError):
                return True
            if real in folders or real == base or path.is_dir():
                return True
        return not found.folders and self.root.is_dir()


def follow(
    kit: KitWatch,
    *,
    timeout_ms: int,
    stop_event=None,
    step_ms: int = 30,
    sleep: Callable[[float], None] = time.sleep,
) -> Iterator[Changes]:
    """The kit's changes batch by batch, an empty batch each `timeout_ms` without any, until `stop_event` is set.

    Never ends on a problem of the file system: the watch walks the kit again and goes on, and the next batch it
    gives is a catch-up (the kit folder named as changed) so the caller rebuilds from what is on disk now."""
    import watchfiles

    catch_up: Changes = set()
    while stop_event is None or not stop_event.is_set():
        found = kit.walk()
        paths = [str(folder) for folder in found.folders]
        above = kit.root.resolve().parent if kit.root.exists() else Path(os.path.abspath(kit.root)).parent
        if above.is_dir():
            paths.append(str(above))
        if not paths:  # nothing to watch yet: the kit and the folder holding it are gone
            sleep(RETRY_S)
            catch_up = {(watchfiles.Change.modified, str(kit.root))}
            yield set()
            continue
        try:
            for changes in watchfiles.watch(
                *paths,
                watch_filter=watchfiles.DefaultFilter(),
                recursive=False,
                step=step_ms,
                rust_timeout=timeout_ms,
                yield_on_timeout=True,
                stop_event=stop_event,
                ignore_permission_denied=True,
                raise_interrupt=True,
            ):
                mine = kit.relevant(changes, found) | catch_up
                if changes and not mine:  # only the folder above's other entries: no news, and no pause either
                    continue
                catch_up = set()
                yield mine
                if mine and kit.walk_again(mine, found):
                    catch_up = {(watchfiles.Change.modified, str(kit.root))}
                    break
            else:
                return
        except OSError:  # a folder went while the watch started, or the watch lost it: walk again
            catch_up = {(watchfiles.Change.modified, str(kit.root))}
            sleep(RETRY_S)
