#!/usr/bin/env python3
"""pnpkit timed as a designer runs it: whole `pnpkit` processes, against a plain-reportlab floor.

    python3 bench/whole.py            # full run: medians of 5 (W1), 3 (the rest)
    python3 bench/whole.py --quick    # medians of 1: a smoke run

A report, not a test: it prints figures and PASS/MISS against the targets in
bench/README.md and exits 0 unless a command failed. Every figure is a whole
process started by this script (wall time, CPU time and peak memory from
`os.wait4`); runs of the commands being compared alternate, so a busy machine
slows both alike.

- W1: a `game: generic` kit of 1,000 poker cards (title and a three-line body,
  `template: plain`, the default back), `pnpkit build W1 --lang en --no-svg`,
  against bench/floor.py drawing the same cards with plain reportlab calls.
- 10,000 cards: the same kit ten times larger (time and peak memory).
- The five seed kits in both languages with `--jobs 1` and with the default
  (every core): wall time, CPU/wall, and whether the outputs are identical.
- `pnpkit validate` of the 10,000-card kit.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PNPKIT = [str(Path(sys.executable).parent / "pnpkit")]
"""The console script installed next to this interpreter: the command a designer types."""
FLOOR = [sys.executable, str(ROOT / "bench" / "floor.py")]

W1_RATIO_TARGET = 2.0  # pnpkit build within 2x the floor's wall time (aim 1.5x)
W1_SIZE_TARGET = 1.5  # cards PDF within 1.5x the floor's bytes
BIG_MEMORY_TARGET_MIB = 300
BIG_TIME_FACTOR = 12  # 10,000 cards within 12x the 1,000-card time
CPU_WALL_TARGET = 1.5  # five kits on 2 cores keep both busy
VALIDATE_TARGET_S = 3.0

WORDS = [
    "draw",
    "play",
    "move",
    "gain",
    "lose",
    "score",
    "card",
    "token",
    "hand",
    "deck",
    "turn",
    "round",
    "player",
    "tile",
    "board",
    "each",
    "other",
    "every",
    "until",
    "next",
    "when",
    "after",
    "before",
    "choose",
    "place",
    "discard",
    "reveal",
    "steal",
    "swap",
    "roll",
    "pass",
    "win",
    "ties",
]


@dataclass(frozen=True)
class Run:
    wall: float
    cpu: float
    peak_mib: float


def run(command: list[str], cwd: Path = ROOT) -> Run:
    """One whole process: wall time, its user+system CPU time, its peak resident memory."""
    with tempfile.TemporaryFile() as errors:
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=errors)
        _pid, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            errors.seek(0)
            raise SystemExit(f"failed ({process.returncode}): {' '.join(command)}\n{errors.read().decode()[-2000:]}")
    peak_kib = usage.ru_maxrss if sys.platform != "darwin" else usage.ru_maxrss / 1024
    return Run(wall, usage.ru_utime + usage.ru_stime, peak_kib / 1024)


def run_tree(command: list[str], cwd: Path = ROOT) -> Run:
    """Like `run`, but CPU time counts the worker processes too (they are grandchildren of this script)."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"failed ({done.returncode}): {' '.join(command)}\n{done.stderr.decode()[-2000:]}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Run(wall, cpu, after.ru_maxrss / 1024)


def median(runs: list[Run]) -> Run:
    return Run(
        statistics.median(r.wall for r in runs),
        statistics.median(r.cpu for r in runs),
        max(r.peak_mib for r in runs),
    )


def write_kit(directory: Path, n: int) -> list[dict]:
    """W1 with `n` cards; returns the cards with their bodies wrapped as pnpkit wraps them, for the floor."""
    from pnpkit.generator.text import wrap

    directory.mkdir(parents=True)
    (directory / "kit.yaml").write_text(
        "id: w1\ngame: generic\ntitle: {ja: W1, en: W1}\nplayers: {min: 2, max: 4}\n"
        "languages: [ja, en]\ninclude: [decks.yaml]\n",
        encoding="utf-8",
    )
    lines = [
        "decks:\n  - id: deck\n    name: {ja: カード, en: Cards}\n    size: poker\n    template: plain\n    cards:\n"
    ]
    cards = []
    for i in range(n):
        body = " ".join(WORDS[(i * 7 + k * 3) % len(WORDS)] for k in range(18)) + "."
        title = f"Card {i + 1}"
        lines.append(f"      - title: {{ja: カード{i + 1}, en: {title}}}\n        body: {{ja: 本文。, en: {body}}}\n")
        cards.append({"title": title, "lines": wrap(body, 9.0, 53.0)[:3]})
    (directory / "decks.yaml").write_text("".join(lines), encoding="utf-8")
    return cards


def accelerator() -> str:
    try:
        from reportlab.lib import rl_accel

        return "yes (_rl_accel)" if getattr(rl_accel.fp_str, "__module__", "") == "_rl_accel" else "no (pure Python)"
    except ImportError:
        return "no"


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def same_tree(a: Path, b: Path) -> bool:
    files_a = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    if files_a != files_b:
        return False
    return all(filecmp.cmp(a / f, b / f, shallow=False) for f in files_a)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="medians of 1")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    parser.add_argument("--pnpkit", help="the pnpkit command to time (default: the one beside this Python)")
    args = parser.parse_args()
    if args.pnpkit:
        PNPKIT[:] = [args.pnpkit]
    w1_runs, other_runs = (1, 1) if args.quick else (5, 3)
    work = Path(tempfile.mkdtemp(prefix="pnpkit-whole-"))
    try:
        print(
            f"pnpkit whole-process bench — Python {platform.python_version()}, {os.cpu_count()} CPUs, "
            f"reportlab accelerator: {accelerator()}, load {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
        )
        cards = write_kit(work / "w1", 1000)
        (work / "cards.json").write_text(json.dumps(cards), encoding="utf-8")
        write_kit(work / "w10k", 10_000)

        pnpkit_w1, floor_w1 = [], []
        for k in range(w1_runs):
            out = work / f"out-w1-{k}"
            pnpkit_w1.append(run([*PNPKIT, "build", str(work / "w1"), "--lang", "en", "--no-svg", "-o", str(out)]))
            floor_w1.append(run([*FLOOR, str(work / "cards.json"), str(work / f"floor-{k}.pdf")]))
        ours, floor = median(pnpkit_w1), median(floor_w1)
        ratio = ours.wall / floor.wall
        cards_pdf = (work / "out-w1-0" / "w1" / "en" / "cards-deck.pdf").stat().st_size
        floor_pdf = (work / "floor-0.pdf").stat().st_size
        print(f"\nW1, 1,000 cards (median of {w1_runs}, alternating)")
        print(f"  pnpkit build      {ours.wall:6.2f} s  {ours.peak_mib:5.0f} MiB  cards PDF {cards_pdf / 1e3:7.0f} kB")
        print(
            f"  reportlab floor   {floor.wall:6.2f} s  {floor.peak_mib:5.0f} MiB  PDF       {floor_pdf / 1e3:7.0f} kB"
        )
        print(
            f"  ratio             {ratio:6.2f} x  (target ≤ {W1_RATIO_TARGET} x)  {verdict(ratio <= W1_RATIO_TARGET)}"
        )
        size_ratio = cards_pdf / floor_pdf
        print(
            f"  PDF size ratio    {size_ratio:6.2f} x  (target ≤ {W1_SIZE_TARGET} x)  {verdict(size_ratio <= W1_SIZE_TARGET)}"
        )

        big = median(
            [
                run(
                    [*PNPKIT, "build", str(work / "w10k"), "--lang", "en", "--no-svg", "-o", str(work / f"out-big-{k}")]
                )
                for k in range(other_runs)
            ]
        )
        factor = big.wall / ours.wall
        print(f"\n10,000 cards (median of {other_runs})")
        print(f"  pnpkit build      {big.wall:6.2f} s  {big.peak_mib:5.0f} MiB   {factor:4.1f} x the 1,000-card time")
        print(
            f"  targets           ≤ {BIG_TIME_FACTOR} x: {verdict(factor <= BIG_TIME_FACTOR)}, ≤ {BIG_MEMORY_TARGET_MIB} MiB: {verdict(big.peak_mib <= BIG_MEMORY_TARGET_MIB)}"
        )

        kits = sorted(str(p) for p in (ROOT / "content").iterdir() if (p / "kit.yaml").is_file())
        serial, pooled = [], []
        for k in range(other_runs):
            serial.append(run_tree([*PNPKIT, "build", *kits, "-o", str(work / f"seed-1-{k}"), "--jobs", "1"]))
            pooled.append(run_tree([*PNPKIT, "build", *kits, "-o", str(work / f"seed-n-{k}")]))
        one, every = median(serial), median(pooled)
        identical = same_tree(work / "seed-1-0", work / "seed-n-0")
        print(f"\nFive seed kits, both languages (median of {other_runs}, alternating)")
        print(f"  --jobs 1          {one.wall:6.2f} s  CPU/wall {one.cpu / one.wall:4.2f}")
        print(
            f"  default (every core) {every.wall:3.2f} s  CPU/wall {every.cpu / every.wall:4.2f}  (target ≥ {CPU_WALL_TARGET}) {verdict(every.cpu / every.wall >= CPU_WALL_TARGET)}"
        )
        print(f"  outputs identical {identical}  {verdict(identical)}")

        check = median([run([*PNPKIT, "validate", str(work / "w10k")]) for _ in range(other_runs)])
        print(f"\npnpkit validate, 10,000 cards (median of {other_runs})")
        print(
            f"  {check.wall:6.2f} s  {check.peak_mib:5.0f} MiB  (target ≤ {VALIDATE_TARGET_S} s) {verdict(check.wall <= VALIDATE_TARGET_S)}"
        )
    finally:
        if args.keep:
            print(f"\nkept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
