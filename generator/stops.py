"""Stop requests as clean stops: Ctrl-C (SIGINT), `kill` or a cancelled CI job (SIGTERM) and a closed terminal
(SIGHUP) raise `Stopped` in the main thread, so the code running unwinds. `deferred()` holds a stop back while
pnpkit swaps finished directories into place, so an output directory is never left half-published.

The state lives here, one module every part of pnpkit shares (entry.py installs the handlers, build.py and
outdir.py defer stops); this module imports nothing but the standard library.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
"""The requests to stop that pnpkit handles; SIGKILL cannot be handled (the next build sweeps what it left)."""


class Stopped(KeyboardInterrupt):
    """A stop request (a KeyboardInterrupt, so every `except KeyboardInterrupt` treats it the same)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


_received: int | None = None
"""The first stop signal this process received, for the exit status."""
_deferring = 0
_pending: int | None = None


def received() -> int | None:
    return _received


def _handle(signum: int, _frame: object) -> None:
    global _received, _pending
    if _received is None:
        _received = signum
    if _deferring:
        _pending = signum
        return
    raise Stopped(signum)


def _unraisable(args: sys.UnraisableHookArgs) -> None:
    """A stop that arrived in a callback Python cannot raise from (a weakref's, a finaliser's): send it again,
    so it stops the command at the next step instead of being printed and lost."""
    if isinstance(args.exc_value, Stopped):
        signal.raise_signal(args.exc_value.signum)
        return
    sys.__unraisablehook__(args)


def install() -> None:
    """Handle SIGINT, SIGTERM and SIGHUP in this (main) thread; a signal the parent set to be ignored
    (`nohup`, a background job) stays ignored."""
    sys.unraisablehook = _unraisable
    for signum in SIGNALS:
        if signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, _handle)
    if hasattr(signal, "pthread_sigmask"):  # a stop sent before pnpkit ran (blocked by the parent) arrives now
        signal.pthread_sigmask(signal.SIG_UNBLOCK, SIGNALS)


@contextmanager
def deferred(stop_after: bool = True) -> Iterator[None]:
    """Hold stop requests back for a short step that must finish once begun (a swap of directories).

    The stop takes effect when the step ends; with `stop_after=False` the command's last step (publishing)
    has done its work, so it ends normally and only the exit status tells of the stop (SIGTERM, SIGHUP).
    Only where `install()` ran, and only in the main thread.
    """
    global _deferring, _pending
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _deferring += 1
    try:
        yield
    finally:
        _deferring -= 1
        if not _deferring and _pending is not None:
            signum, _pending = _pending, None
            if stop_after:
                raise Stopped(signum)


def exit_status(status: int) -> int:
    """The status to exit with: 128 + the signal when a stop was requested by SIGTERM or SIGHUP.

    A Ctrl-C keeps the command's own status (130 for a build; 0 for `watch`, which Ctrl-C ends).
    """
    if _received is not None and _received != signal.SIGINT:
        return 128 + _received
    return status


def settle() -> None:
    """From here on a stop request is only noted: the process is ending anyway."""
    global _deferring
    _deferring += 1
