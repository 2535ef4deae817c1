"""Progress on a terminal, silence when piped: a status line with a bar, rewritten in place on stderr."""

from __future__ import annotations

import sys
import time

BAR = 24


class Progress:
    """Call with a message, or `step(done, total, what)`; quiet unless stderr is a terminal."""

    def __init__(self, stream=None, quiet: bool = False):
        self.stream = stream or sys.stderr
        self.enabled = not quiet and self.stream.isatty()
        self.start = time.monotonic()
        self.width = 0

    def __call__(self, message: str) -> None:
        if not self.enabled:
            return
        line = f"[{time.monotonic() - self.start:5.1f}s] {message}"
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()
        self.width = len(line)

    def step(self, done: int, total: int, what: str) -> None:
        """`[####----] 3/8 what`: how far a run of `total` like tasks has come."""
        filled = BAR * done // max(total, 1)
        self(f"[{'#' * filled}{'-' * (BAR - filled)}] {done}/{total} {what}")

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        if self.enabled and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
