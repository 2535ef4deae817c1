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
def serving(kit: Path, *args: str, cwd: Path | None = None, head_timeout: float | None = None):
    """`pnpkit serve KIT --port 0`: yields the studio's address once it listens; stopped by SIGINT (Ctrl-C).
    A studio beyond loopback prints a warning line with its token: the address carries both. `head_timeout`
    replaces the studio's deadline for a request head (connections.HEAD_TIMEOUT_S) in that process."""
    prelude = ""
    if head_timeout is not None:
        prelude = f"from pnpkit.generator.studio import connections\nconnections.HEAD_TIMEOUT_S = {head_timeout!r}"
    process = start_cli("serve", kit, "--port", "0", *args, cwd=cwd or kit.parent, prelude=prelude)
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


def mixed_kit(tmp_path: Path) -> Path:
    """The `pnpkit new` kit with two more decks of the same template: `stars` from a styled workbook (more.xlsx,
    written by openpyxl: a bold header, a filled id column, a number format on count) and `moons` from a YAML list
    with comments and quoted values (moons.yaml)."""
    import csv

    from openpyxl import Workbook
    from openpyxl.styles import Font, PatternFill

    kit = new_kit(tmp_path)
    records = list(csv.reader((kit / "cards.csv").read_text(encoding="utf-8-sig").splitlines()))
    header, rows = records[0], records[1:3]
    book = Workbook()
    sheet = book.active
    sheet.title = "Cards"
    sheet.append(header)
    for record in rows:
        sheet.append(
            [f"star-{value}" if c == 0 else int(value) if value.isdigit() else value for c, value in enumerate(record)]
        )
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for row in sheet.iter_rows(min_row=2, max_col=1):
        row[0].fill = PatternFill("solid", fgColor="FFF2CC")
    for row in sheet.iter_rows(min_row=2, min_col=2, max_col=2):
        row[0].number_format = "0"
    book.save(kit / "more.xlsx")
    (kit / "moons.yaml").write_text(MOONS, encoding="utf-8")
    decks = kit / "decks.yaml"
    decks.write_text(decks.read_text(encoding="utf-8") + MORE_DECKS, encoding="utf-8")
    return kit


MORE_DECKS = """\
  - id: stars
    name: {ja: 星カード, en: Star cards}
    template: weather-card
    back: {colour: "#24476b", pattern: diamonds}
    cards: {file: more.xlsx, sheet: Cards}
  - id: moons
    name: {ja: 月カード, en: Moon cards}
    template: weather-card
    back: {colour: "#24476b", pattern: diamonds}
    cards: moons.yaml
"""

MOONS = """\
# Moon cards, written by hand: the comments and the quotes stay as they are.
- id: new-moon            # the first
  count: 2
  title: {ja: 新月, en: 'New moon'}
  fill:
    steps: 1
    weather: cloudy
    icon: {ja: "{cloud}", en: "{cloud}"}
    text: {ja: 暗い夜。, en: "A dark night."}
- id: full-moon           # the second
  count: 1
  title: {ja: 満月, en: Full moon}
  fill:
    steps: 4
    weather: sunny
    icon: {ja: "{sun}", en: "{sun}"}
    text: {ja: 明るい夜。, en: A bright night.}
"""
