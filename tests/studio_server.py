"""`pnpkit serve` started as its own process on a free port, for the studio's live tests, and kits to serve."""

from __future__ import annotations

import re
import signal
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

from conftest import cli, replace_once, start_cli

LONG_TEXT = "Take shelter: " + "draw two cards and then rest under the big old tree by the river " * 12
"""Too long for the downpour card's text box even at the smallest size: PK309 on that card's row."""


def new_kit(tmp_path: Path, name: str = "kit") -> Path:
    """The kit `pnpkit new` writes: a generic game whose deck is a CSV."""
    kit = tmp_path / name
    result = cli("new", kit)
    assert result.returncode == 0, result.stderr
    return kit


def edit(path: Path, old: str, new: str) -> None:
    """Saved the way an editor saves: the whole file replaced."""
    text = path.read_text(encoding="utf-8-sig")
    path.write_text(replace_once(text, old, new, path.name), encoding="utf-8")


class Address(str):
    """The studio's address (`http://127.0.0.1:PORT`), with the token and the warning it printed, if any."""

    token: str = ""
    warning: str = ""
    pid: int = 0
    stderr: str = ""
    """What the server wrote to stderr, read once it has stopped."""


def _beyond_loopback(args: tuple[str, ...]) -> bool:
    host = args[args.index("--host") + 1] if "--host" in args else "127.0.0.1"
    return host not in ("127.0.0.1", "localhost", "::1", "127.1")


@contextmanager
def serving(kit: Path, *args: str, cwd: Path | None = None):
    """`pnpkit serve KIT --port 0`: yields the studio's address once it listens; stopped by SIGINT (Ctrl-C).
    A studio beyond loopback prints a warning line with its token: the address carries both."""
    process = start_cli("serve", kit, "--port", "0", *args, cwd=cwd or kit.parent)
    address = Address()
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        if not line.startswith("pnpkit studio: http://"):
            process.kill()
            raise AssertionError(f"pnpkit serve did not start: {line!r} {process.communicate()[1]!r}")
        address = Address(line.split()[2].split("?")[0].rstrip("/"))
        address.pid = process.pid
        if _beyond_loopback(args):
            address.warning = process.stdout.readline()
            found = re.search(r"[?&]token=([A-Za-z0-9_-]+)", line + address.warning)
            address.token = found.group(1) if found else ""
        yield address
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if process.stderr is not None and not process.stderr.closed:
            address.stderr = process.stderr.read()
            process.stderr.close()


def wait_for(check, timeout: float = 15.0, every: float = 0.05):
    """The first true value `check()` gives within `timeout` seconds; AssertionError after."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not seen within {timeout} s: {check}")
        time.sleep(every)
