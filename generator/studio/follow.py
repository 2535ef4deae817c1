"""The studio's watch: the kit followed in a thread of its own (`kitwatch.follow`, the walk `pnpkit watch` uses),
a rebuild after each change, and a watch that fails started again, the page saying so while it is down."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

from .. import kitwatch
from .state import Studio

TIMEOUT_MS = 500
"""How often the watch looks up from waiting (to see whether it is asked to stop)."""
RESTART_S = 1.0
"""The pause before a watch that failed starts again."""
STEP_MS = 30
"""How long the watch waits for more changes before it reports them: a save often touches a file twice."""


class StudioWatch:
    """Follows one studio's kit until `close`; `publish(revision)` tells the browser of each rebuild (it is called
    from the watch's thread)."""

    def __init__(self, studio: Studio, out_dir: Path | None, publish: Callable[[int], object]):
        self.studio = studio
        self.out_dir = out_dir
        self.publish = publish
        self.stop = threading.Event()
        self.restarts = 0
        """Times the watch failed and was started again (the tests count them)."""
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="pnpkit-studio-watch", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self.stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _leave_out(self) -> list[Path]:
        loaded = self.studio.snapshot.loaded
        return kitwatch.left_out(self.studio.root, self.out_dir, loaded.model.id if loaded is not None else "")

    def _run(self) -> None:
        kit = kitwatch.KitWatch(self.studio.root, self._leave_out, _warn)
        while not self.stop.is_set():
            try:
                for changes in kitwatch.follow(kit, timeout_ms=TIMEOUT_MS, stop_event=self.stop, step_ms=STEP_MS):
                    self.studio.watch_skipped = [f"{path}: {why}" for path, why in kit.skipped]
                    if self.studio.watch_problem:  # up again: the banner goes, and what was missed is read
                        self.studio.watch_problem = ""
                        changes = changes or {(0, str(self.studio.root))}
                    if changes:
                        self._rebuild()
            except Exception as exc:  # the watch itself failed: said on the page, and started again
                self.restarts += 1
                self.studio.watch_problem = f"the file watch stopped ({type(exc).__name__}: {exc}); starting it again"
                _warn(self.studio.watch_problem)
                with suppress(Exception):
                    self._rebuild()
                self.stop.wait(RESTART_S)

    def _rebuild(self) -> None:
        snapshot = self.studio.rebuild(self.studio.viewed)
        self.publish(snapshot.revision)  # the edition on screen first, then the others
        with suppress(Exception):  # a page that cannot be drawn says so when the browser asks for it
            self.studio.prepare()
        finished = self.studio.finish()
        if finished is not None:
            self.publish(finished.revision)


def _warn(line: str) -> None:
    print(f"pnpkit studio: warning: {line}", file=sys.stderr, flush=True)
