"""Progress on a terminal, silence when piped."""

from __future__ import annotations

import sys
import time


class Progress:
    """Call with a message; it overwrites one status line on stderr when stderr is a TTY."""

    def __init__(self, stream=None):
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty()
        self.start = time.monotonic()
        self.width = 0

    def __call__(self, message: str) -> None:
        if not self.enabled:
            return
        line = f"[{time.monotonic() - self.start:5.1f}s] {message}"
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()
        self.width = len(line)

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        if self.enabled and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
