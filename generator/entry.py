"""The `pnpkit` console script: a stop request is a clean stop from the first line of pnpkit that runs.

Ctrl-C (SIGINT), `kill` or a cancelled CI job (SIGTERM) and a closed terminal (SIGHUP) all raise
`Stopped` in the main thread, so the code running unwinds: staging directories are removed, worker
processes are ended, and the command exits 128 + the signal's number with one line on stderr, never
a traceback. The handlers are installed before the rest of pnpkit is imported (imports take a
noticeable time), so a stop that arrives while Python loads modules is covered too.
The handlers and `deferred()`, which holds a stop back while pnpkit swaps finished directories into place,
are in stops.py; this module and that one import nothing else before the handlers are installed.
"""

from __future__ import annotations

import signal
import sys

from .stops import Stopped, deferred, exit_status, install, received, settle

__all__ = ["Stopped", "deferred", "exit_status", "install", "main", "received"]


def main() -> int:
    try:
        try:
            install()
            import datetime  # noqa: F401  — loaded now: a stop while a Rust extension imports it makes it panic aloud

            from .cli import main as cli_main

            status = cli_main(own_process=True)
            import gc

            gc.freeze()  # the process ends now: the collector need not walk what is left before it is all freed
        finally:
            settle()
    except KeyboardInterrupt as exc:  # before cli.main's own handling began (imports, argument parsing)
        signum = exc.signum if isinstance(exc, Stopped) else signal.SIGINT
        return _interrupted(signum)
    except SystemExit:
        raise
    except BaseException:
        first = received()
        if first is None:
            raise
        return _interrupted(first)  # a stop that a C extension's import turned into its own error
    return exit_status(status)


def _interrupted(signum: int) -> int:
    print("pnpkit: interrupted; nothing was written", file=sys.stderr)
    return 128 + signum


if __name__ == "__main__":  # `python -m pnpkit.generator.entry`
    sys.exit(main())
