#!/usr/bin/env python3
"""`pnpkit serve`: seconds from saving a CSV cell to the changed page's new PNG in hand, as the studio's page
gets it (a `rebuild` event, the state, then the page picture).

    python3 bench/studio.py            # 10 saves on each kit
    python3 bench/studio.py --saves 3  # a smoke run

The studio runs as its own process (`pnpkit serve KIT --port 0`), like a designer's; this script is the
browser: it listens to /events, and after each save fetches /api/state and the PNG of the first page whose
token changed. Three kits: the one `pnpkit new` writes (16 cards from cards.csv, both languages), the same
kit with 200 card designs in its CSV, and with 250 designs and a picture on each (bench/tablekit.py, art=True). Target: at most 0.5 s on 2 cores (aim 0.2 s), median and worst printed.
A report, not a test: it exits 0 unless the studio fails to start or a save is never seen.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

PNPKIT = [str(Path(sys.executable).parent / "pnpkit")]
TARGET_S, AIM_S = 0.5, 0.2


def make_kit(folder: Path, designs: int) -> Path:
    subprocess.run([*PNPKIT, "new", str(folder)], check=True, capture_output=True)
    cards = folder / "cards.csv"
    rows = list(csv.reader(io.StringIO(cards.read_text(encoding="utf-8-sig"))))
    header, body = rows[0], rows[1:]
    out = [header]
    for n in range(designs):
        row = list(body[n % len(body)])
        row[0], row[1] = f"{row[0]}-{n}" if designs > len(body) else row[0], "1" if designs > len(body) else row[1]
        out.append(row)
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows(out)
    cards.write_text(text.getvalue(), encoding="utf-8")
    return folder


def art_kit(folder: Path) -> Path:
    """bench/tablekit.py's kit: 250 designs in cards.csv, each with a picture and its icons, both languages."""
    sys.path.insert(0, str(Path(__file__).parent))
    from tablekit import table_kit

    table_kit(PNPKIT, folder, designs=250, art=True)
    return folder


class Events(threading.Thread):
    """The studio's `rebuild` events, each revision noted with the time it arrived."""

    def __init__(self, url: str):
        super().__init__(daemon=True)
        self.url = url
        self.seen: list[tuple[int, float]] = []
        self.changed = threading.Condition()

    def run(self) -> None:
        with urllib.request.urlopen(f"{self.url}/events") as stream:
            for raw in stream:
                line = raw.decode("utf-8").strip()
                if line.startswith("data: "):
                    with self.changed:
                        self.seen.append((json.loads(line[6:])["revision"], time.perf_counter()))
                        self.changed.notify_all()

    def after(self, revision: int, timeout: float = 10.0) -> int:
        with self.changed:
            self.changed.wait_for(lambda: self.seen and self.seen[-1][0] > revision, timeout)
            return self.seen[-1][0] if self.seen else -1


def get_json(url: str) -> dict:
    with urllib.request.urlopen(url) as response:
        return json.loads(response.read())


def tokens(state: dict) -> list[str]:
    return [page["token"] for part in state["components"] for page in part["pages"]]


def cpu_seconds(pid: int) -> float:
    """The user and system CPU time a process has spent (Linux /proc; NaN elsewhere): a figure a busy machine
    does not inflate, as it does the wall times."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def latency(kit: Path, saves: int) -> list[tuple[float, float, float, float]]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    process = subprocess.Popen(
        [*PNPKIT, "serve", str(kit), "--port", "0", "--lang", "en"], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        if not line.startswith("pnpkit studio: http://"):
            raise SystemExit(f"pnpkit serve did not start: {line!r}")
        url = line.split()[2].split("?")[0].rstrip("/")
        events = Events(url)
        events.start()
        revision = events.after(-1)
        state = get_json(f"{url}/api/state?lang=en")
        for token in tokens(state)[:4]:  # the pages the designer has open, drawn once as on opening the studio
            urllib.request.urlopen(f"{url}/png/{token}.png").read()
        time.sleep(0.5)  # let the file watcher settle
        revision = events.seen[-1][0]
        cards = kit / "cards.csv"
        times = []
        for k in range(saves):
            before = tokens(state)
            text = cards.read_text(encoding="utf-8")
            header, first, rest = text.split("\n", 2)
            cells = next(csv.reader([first]))
            cells[7] = f"Edit {k}"  # title.en of the first design: page 1 changes
            row = io.StringIO()
            csv.writer(row, lineterminator="").writerow(cells)
            spent = cpu_seconds(process.pid)
            started = time.perf_counter()
            cards.write_text(f"{header}\n{row.getvalue()}\n{rest}", encoding="utf-8")
            revision = events.after(revision)
            heard = time.perf_counter()
            state = get_json(f"{url}/api/state?lang=en")
            read = time.perf_counter()
            changed = [token for token, old in zip(tokens(state), before) if token != old]
            if not changed:
                raise SystemExit(f"save {k}: no page changed")
            urllib.request.urlopen(f"{url}/png/{changed[0]}.png").read()
            done = time.perf_counter()
            times.append((heard - started, read - started, done - started, cpu_seconds(process.pid) - spent))
            time.sleep(0.5)  # the other edition is laid out after the one on screen: let it finish
            revision = events.seen[-1][0]
        return times
    finally:
        process.terminate()
        process.wait(timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--saves", type=int, default=10)
    parser.add_argument("--pnpkit", help="the pnpkit command to time (default: the one beside this Python)")
    args = parser.parse_args()
    if args.pnpkit:
        PNPKIT[:] = [args.pnpkit]
    print(
        f"pnpkit serve: save → changed page PNG in hand (os.cpu_count()={os.cpu_count()}, load {os.getloadavg()[0]:.2f})"
    )
    with tempfile.TemporaryDirectory() as work:
        kits = (("pnpkit new kit (5 designs, 16 cards)", 5), ("200 designs", 200), ("250 designs with art", -250))
        for label, designs in kits:
            kit = make_kit(Path(work) / f"kit-{designs}", designs) if designs > 0 else art_kit(Path(work) / "art")
            runs = latency(kit, args.saves)
            times = [run[2] for run in runs]
            median, worst = statistics.median(times), max(times)
            verdict = "PASS" if median <= TARGET_S else "MISS"
            heard, read = (statistics.median(run[n] for run in runs) for n in (0, 1))
            print(
                f"  {label:38} median {median:.3f} s  worst {worst:.3f} s  best {min(times):.3f} s  "
                f"target ≤ {TARGET_S} s (aim {AIM_S} s): {verdict}\n"
                f"  {'':38} of which: event {heard:.3f} s, state {read:.3f} s, page PNG {median:.3f} s (medians); "
                f"the studio's CPU {statistics.median(run[3] for run in runs):.3f} s"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
