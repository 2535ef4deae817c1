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
- `pnpkit watch` of W250 (one card changed in decks.yaml) and of the kit `pnpkit new` writes with 110 cards in
  cards.csv and in cards.xlsx (one cell changed; bench/tablekit.py): seconds to the deck PDF and to kit.pdf.
- saves: the CPU time `pnpkit watch` spends on one changed cell of a 250-design kit with art, both languages,
  in cards.csv and in cards.xlsx, until the deck PDF is replaced and until kit.pdf is (bench/tablekit.py).
- `pnpkit export png` of the five seed kits with `--jobs 1` and the default: CPU/wall and identical files.
- `pnpkit simulate content/element-shift` of 10,000 four-player games, `--jobs 1` and the default:
  wall time, games per second, CPU/wall, and whether the two JSON reports are identical.
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
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
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
VALIDATE_FLOOR_TARGET = 7.0  # validate of 10,000 cards within 7x the floor's W1 (issue 40)
SIMULATE_GAMES = 10_000
SIMULATE_TARGET_S, SIMULATE_AIM_S = 60.0, 10.0  # 10,000 four-player Element Shift games (issue 17)

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


DESIGNER_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
"""The environment the commands run in: a designer's Python keeps its compiled modules (`__pycache__`).
CI images often set PYTHONDONTWRITEBYTECODE, which makes every run compile pnpkit again (0.15 s).
`main` points PNPKIT_CACHE_DIR at a cache of the bench's own, warmed by the untimed first run as a designer's
is by their first build (parsed fonts), and never the user's."""


OWN_ENV: dict[str, dict[str, str]] = {}
"""Entries of a command's own in its environment, by the command's first word: the baseline's cache directory,
so two pnpkit installs do not overwrite each other's kept pages (a pack another pnpkit wrote is read as empty,
which would leave both cold)."""


def env_of(command: list[str]) -> dict[str, str]:
    return DESIGNER_ENV | OWN_ENV.get(command[0], {})


def run(command: list[str], cwd: Path = ROOT) -> Run:
    """One whole process: wall time, its user+system CPU time, its peak resident memory."""
    with tempfile.TemporaryFile() as errors:
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=errors, env=env_of(command))
        _pid, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            errors.seek(0)
            raise SystemExit(f"failed ({process.returncode}): {' '.join(command)}\n{errors.read().decode()[-2000:]}")
    peak_kib = usage.ru_maxrss if sys.platform != "darwin" else usage.ru_maxrss / 1024
    return Run(wall, usage.ru_utime + usage.ru_stime, peak_kib / 1024)


def run_tree(command: list[str], cwd: Path = ROOT, stdout: Path | None = None) -> Run:
    """Like `run`, but CPU time counts the worker processes too (they are grandchildren of this script);
    the standard output goes to `stdout` when given."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    with open(stdout or os.devnull, "wb") as out:
        done = subprocess.run(command, cwd=cwd, stdout=out, stderr=subprocess.PIPE, env=env_of(command))
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
    from pnpkit.generator.typeset.lines import wrap

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


def _seed_kits(content: Path) -> list[str]:
    return sorted(str(p) for p in content.iterdir() if (p / "kit.yaml").is_file())


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


def alternate(commands: dict[str, list[str]], runs: int, tail: list[str], out: Path | None) -> dict[str, Run]:
    """Each labelled pnpkit command run `runs` times, alternating, on the same arguments; the medians.

    With `out`, each run writes into a directory of its own below it (`-o`).
    """
    timed: dict[str, list[Run]] = {label: [] for label in commands}
    for k in range(runs):
        for label, command in commands.items():
            target = [] if out is None else ["-o", str(out / f"{label}-{k}")]
            timed[label].append(run([*command, *tail, *target]))
    return {label: median(found) for label, found in timed.items()}


WATCH_TARGET_S = 0.5  # one card changed in a 250-card kit: its PDF replaced within 0.5 s (aim 0.2 s)
WATCH_AIM_S = 0.2


def watch_latency(
    command: list[str], kit: Path, out: Path, edits: list[Callable[[], None]], deck: str = "cards-deck.pdf"
) -> tuple[list[float], list[float]]:
    """`pnpkit watch` as a designer runs it: seconds from each save in `edits` to the deck PDF being
    replaced (its inode changes), and to kit.pdf being replaced."""
    process = subprocess.Popen(
        [*command, "watch", str(kit), "-o", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env_of(command),
    )
    try:
        assert process.stdout is not None
        for line in process.stdout:  # the first build, then "watching ..."
            if line.startswith("watching"):
                break
        else:
            raise SystemExit("pnpkit watch stopped before it was watching")
        deck_pdf = next(out.glob(f"*/en/{deck}"))  # out/<kit id>/en/
        book = deck_pdf.with_name("kit.pdf")
        threading.Thread(target=process.stdout.read, daemon=True).start()  # its lines never fill the pipe
        time.sleep(0.5)  # let the file watcher settle
        to_pdf, to_book = [], []
        for save in edits:
            before = (deck_pdf.stat().st_ino, book.stat().st_ino)
            started = time.perf_counter()
            save()
            seen_pdf = seen_book = None
            while seen_book is None and time.perf_counter() - started < 10:
                now = time.perf_counter()
                if seen_pdf is None and deck_pdf.stat().st_ino != before[0]:
                    seen_pdf = now - started
                if book.stat().st_ino != before[1]:
                    seen_book = now - started
                time.sleep(0.002)
            to_pdf.append(seen_pdf if seen_pdf is not None else float("inf"))
            to_book.append(seen_book if seen_book is not None else float("inf"))
            time.sleep(0.3)
        return to_pdf, to_book
    finally:
        process.terminate()
        process.wait(timeout=10)


def yaml_edits(kit: Path, changes: int) -> list[Callable[[], None]]:
    """One card's English title changed per save in W250's decks.yaml."""
    decks = kit / "decks.yaml"

    def save(k: int) -> None:
        text = decks.read_text(encoding="utf-8")
        decks.write_text(text.replace(f"en: Card {k + 7}}}", f"en: Card {k + 7} (edited)}}"), encoding="utf-8")

    return [partial(save, k) for k in range(changes)]


def watch_tables(work: Path, commands: dict[str, list[str]], saves: int) -> None:
    """`pnpkit watch` of the kit `pnpkit new` writes, its deck 110 designs in cards.csv (and in cards.xlsx):
    one cell changed per save, timed to the deck PDF being replaced."""
    from tablekit import DESIGNS, edit_cell, table_kit

    print(
        f"\npnpkit watch, `pnpkit new`'s kit with {DESIGNS} cards in a table, one cell changed per save (median of {saves} saves)"
    )
    for label, command in commands.items():
        for workbook in (False, True):
            kit = work / f"table-{label}-{'xlsx' if workbook else 'csv'}"
            table = table_kit(command, kit, workbook)
            edits = [_later(edit_cell, table, k) for k in range(saves)]
            to_pdf, to_book = watch_latency(command, kit, kit / "output", edits, deck="cards-weather.pdf")
            pdf, book = statistics.median(to_pdf), statistics.median(to_book)
            print(
                f"  {label:<10} {table.name:<11} deck PDF replaced {pdf:5.2f} s after the save "
                f"({verdict(pdf < WATCH_TARGET_S)} < {WATCH_TARGET_S} s, aim {WATCH_AIM_S} s: "
                f"{verdict(pdf <= WATCH_AIM_S)}); kit.pdf {book:5.2f} s"
            )


def _later(make: Callable[[Path, int], Callable[[], None]], table: Path, k: int) -> Callable[[], None]:
    """The k-th save, its rows read when it is made (after the saves before it)."""
    return lambda: make(table, k)()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="medians of 1")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    parser.add_argument("--pnpkit", help="the pnpkit command to time (default: the one beside this Python)")
    parser.add_argument("--baseline", help="another pnpkit command (an older install) to time side by side")
    parser.add_argument(
        "--baseline-content", type=Path, help="the seed kits for the baseline (its own content/; default: ours)"
    )
    parser.add_argument(
        "--tasks",
        default="w1,big,seeds,validate,watch,tables,saves,startup,simulate,png",
        help="a subset of w1,big,seeds,validate,watch,tables,saves,startup,simulate,png",
    )
    args = parser.parse_args()
    tasks = set(args.tasks.split(","))
    if args.pnpkit:
        PNPKIT[:] = [args.pnpkit]
    commands = {"pnpkit": PNPKIT} | ({"baseline": [args.baseline]} if args.baseline else {})
    w1_runs, other_runs = (1, 1) if args.quick else (5, 3)
    work = Path(tempfile.mkdtemp(prefix="pnpkit-whole-"))
    DESIGNER_ENV["PNPKIT_CACHE_DIR"] = str(work / "cache")
    try:
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        print(
            f"pnpkit whole-process bench — Python {platform.python_version()}, {os.cpu_count()} CPUs, "
            f"reportlab accelerator: {accelerator()}, load {load}\n"
            "commands run as a designer's: compiled modules kept (PYTHONDONTWRITEBYTECODE unset), after one untimed run"
        )
        DESIGNER_ENV["PNPKIT_CACHE_DIR"] = str(work / "cache")  # builds keep faces there, not in the home cache
        if args.baseline:
            OWN_ENV[args.baseline] = {"PNPKIT_CACHE_DIR": str(work / "cache-baseline")}
        cards = write_kit(work / "w1", 1000)
        (work / "cards.json").write_text(json.dumps(cards), encoding="utf-8")
        write_kit(work / "w10k", 10_000)
        w1_args = ["build", str(work / "w1"), "--lang", "en", "--no-svg"]

        for label, command in commands.items():  # untimed: compiles the modules once, as any first run does
            run([*command, "build", str(work / "w1"), "--lang", "en", "--no-svg", "-o", str(work / f"warm-{label}")])
        w1: dict[str, Run] = {}
        if "w1" in tasks:
            timed: dict[str, list[Run]] = {label: [] for label in [*commands, "floor"]}
            for k in range(w1_runs):
                for label, command in commands.items():
                    timed[label].append(run([*command, *w1_args, "-o", str(work / f"w1-{label}-{k}")]))
                timed["floor"].append(run([*FLOOR, str(work / "cards.json"), str(work / f"floor-{k}.pdf")]))
            floor = median(timed["floor"])
            floor_pdf = (work / "floor-0.pdf").stat().st_size
            print(f"\nW1, 1,000 cards (median of {w1_runs}, runs alternating)")
            print(
                f"  {'reportlab floor':<18} {floor.wall:6.2f} s  cpu {floor.cpu:5.2f} s  {floor.peak_mib:5.0f} MiB  "
                f"PDF {floor_pdf / 1e3:7.0f} kB"
            )
            for label in commands:
                ours = median(timed[label])
                pdf = next((work / f"w1-{label}-0" / "w1" / "en").glob("cards*.pdf")).stat().st_size
                ratio, size = ours.wall / floor.wall, pdf / floor_pdf
                print(
                    f"  {label:<18} {ours.wall:6.2f} s  cpu {ours.cpu:5.2f} s ({ours.cpu / floor.cpu:4.2f} x)  "
                    f"{ours.peak_mib:5.0f} MiB  PDF {pdf / 1e3:7.0f} kB   "
                    f"{ratio:4.2f} x the floor ({verdict(ratio <= W1_RATIO_TARGET)} ≤ {W1_RATIO_TARGET}), "
                    f"{size:4.2f} x its bytes ({verdict(size <= W1_SIZE_TARGET)} ≤ {W1_SIZE_TARGET})"
                )
            w1 = {label: median(found) for label, found in timed.items()}

        if "big" in tasks:
            big = alternate(
                commands, other_runs, ["build", str(work / "w10k"), "--lang", "en", "--no-svg"], work / "big"
            )
            print(f"\n10,000 cards (median of {other_runs})")
            for label, found in big.items():
                factor = found.wall / w1[label].wall if label in w1 else float("nan")
                print(
                    f"  {label:<18} {found.wall:6.2f} s  {found.peak_mib:5.0f} MiB  {factor:4.1f} x its W1 time "
                    f"({verdict(factor <= BIG_TIME_FACTOR)} ≤ {BIG_TIME_FACTOR}), "
                    f"memory {verdict(found.peak_mib <= BIG_MEMORY_TARGET_MIB)} ≤ {BIG_MEMORY_TARGET_MIB} MiB"
                )

        if "seeds" in tasks:
            kits = _seed_kits(ROOT / "content")
            baseline_kits = _seed_kits(args.baseline_content or ROOT / "content")
            runs: dict[str, list[Run]] = {}
            for k in range(other_runs):
                for label, command in commands.items():
                    for jobs in ("1", "default") if label == "pnpkit" else ("default",):
                        extra = ["--jobs", "1"] if jobs == "1" else []
                        key = (
                            f"{label} --jobs {jobs}" if label == "pnpkit" else label
                        )  # an older install may lack --jobs
                        runs.setdefault(key, []).append(
                            run_tree(
                                [
                                    *command,
                                    "build",
                                    *(kits if label == "pnpkit" else baseline_kits),
                                    "-o",
                                    str(work / f"seed-{label}-{jobs}-{k}"),
                                    *extra,
                                ]
                            )
                        )
            seeds = {key: median(found) for key, found in runs.items()}
            identical = same_tree(work / "seed-pnpkit-1-0", work / "seed-pnpkit-default-0")
            print(f"\nFive seed kits, both languages, with SVGs (median of {other_runs}, runs alternating)")
            for key, found in seeds.items():
                ratio = found.cpu / found.wall
                print(f"  {key:<24} {found.wall:6.2f} s  CPU/wall {ratio:4.2f}")
            every = seeds["pnpkit --jobs default"]
            print(
                f"  every core keeps both busy: {verdict(every.cpu / every.wall >= CPU_WALL_TARGET)} (≥ {CPU_WALL_TARGET})"
            )
            print(f"  --jobs 1 and the default give identical files: {identical}  {verdict(identical)}")

        if "validate" in tasks:
            validate_against_floor(work, commands, other_runs)

        if "watch" in tasks:
            write_kit(work / "w250", 250)
            saves = 3 if args.quick else 7
            print(f"\npnpkit watch, a 250-card kit, one card changed per save (median of {saves} saves)")
            for label, command in commands.items():
                edits = yaml_edits(work / "w250", saves)
                to_pdf, to_book = watch_latency(command, work / "w250", work / f"watch-{label}", edits)
                pdf, book = statistics.median(to_pdf), statistics.median(to_book)
                print(
                    f"  {label:<18} deck PDF replaced {pdf:5.2f} s after the save "
                    f"({verdict(pdf < WATCH_TARGET_S)} < {WATCH_TARGET_S} s, aim {WATCH_AIM_S} s: "
                    f"{verdict(pdf <= WATCH_AIM_S)}); kit.pdf {book:5.2f} s"
                )

        if "tables" in tasks:
            watch_tables(work, commands, 3 if args.quick else 7)

        if "saves" in tasks:
            save_costs(work, commands, 3 if args.quick else 7)

        if "startup" in tasks:
            startup(work, commands, 5 if args.quick else 15)

        if "simulate" in tasks:
            simulate(work, other_runs)

        if "png" in tasks:
            export_png(work, 1 if args.quick else other_runs)

    finally:
        if args.keep:
            print(f"\nkept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


def validate_against_floor(work: Path, commands: dict[str, list[str]], runs: int) -> None:
    """`pnpkit validate` of the 10,000-card kit, alternating with the floor's W1 (the same run, so a busy machine
    slows both alike): its wall time and its ratio to the floor's."""
    timed: dict[str, list[Run]] = {label: [] for label in [*commands, "floor"]}
    for k in range(runs):
        for label, command in commands.items():
            timed[label].append(run([*command, "validate", str(work / "w10k")]))
        timed["floor"].append(run([*FLOOR, str(work / "cards.json"), str(work / f"floor-validate-{k}.pdf")]))
    floor = median(timed.pop("floor"))
    print(f"\npnpkit validate, 10,000 cards (median of {runs}, alternating with the floor's W1)")
    print(f"  {'reportlab floor, W1':<18} {floor.wall:6.2f} s  cpu {floor.cpu:5.2f} s")
    for label, found in timed.items():
        best = median(found)
        ratio = best.wall / floor.wall
        print(
            f"  {label:<18} {best.wall:6.2f} s  cpu {best.cpu:5.2f} s ({best.cpu / floor.cpu:5.1f} x)  "
            f"{best.peak_mib:5.0f} MiB  {ratio:5.1f} x the floor's W1 "
            f"({verdict(ratio <= VALIDATE_FLOOR_TARGET)} ≤ {VALIDATE_FLOOR_TARGET}); "
            f"{verdict(best.wall <= VALIDATE_TARGET_S)} ≤ {VALIDATE_TARGET_S} s"
        )


STARTUP_VERSION_TARGET = 2.0  # `pnpkit --version` within 2x `python -c "import reportlab"`
STARTUP_BUILD_TARGET = 0.5  # a one-card build within 0.5 s
STARTUP_BUILD_FLOOR_TARGET = 3.0  # ... and within 3x the floor drawing that one card (issue 40)


def startup(work: Path, commands: dict[str, list[str]], runs: int) -> None:
    """What every command pays before its work: `pnpkit --version` against Python importing reportlab, and a
    one-card build against the floor drawing that card (bench/floor.py), each a whole process, alternating."""
    cards = write_kit(work / "one", 1)
    (work / "one.json").write_text(json.dumps(cards), encoding="utf-8")
    timed: dict[str, list[Run]] = {"import reportlab": [], "floor, 1 card": []}
    for k in range(runs):
        timed["import reportlab"].append(run([sys.executable, "-c", "import reportlab.pdfgen.canvas"]))
        timed["floor, 1 card"].append(run([*FLOOR, str(work / "one.json"), str(work / f"floor-one-{k}.pdf")]))
        for label, command in commands.items():
            timed.setdefault(f"{label} --version", []).append(run([*command, "--version"]))
            one = ["build", str(work / "one"), "--lang", "en", "--no-svg", "-o", str(work / f"one-{label}-{k}")]
            timed.setdefault(f"{label} build, 1 card", []).append(run([*command, *one]))
    floor, floor_one = median(timed.pop("import reportlab")), median(timed.pop("floor, 1 card"))
    print(f"\nstart-up (median of {runs}, alternating)")
    for label, found in (("python -c import reportlab", floor), ("reportlab floor, 1 card", floor_one)):
        print(f"  {label:<28} {found.wall:6.3f} s  cpu {found.cpu:5.3f} s  {found.peak_mib:5.0f} MiB")
    for label, found in timed.items():
        best = median(found)
        if label.endswith("--version"):
            ratio = best.wall / floor.wall
            note = f"{ratio:4.2f} x import reportlab ({verdict(ratio <= STARTUP_VERSION_TARGET)} ≤ {STARTUP_VERSION_TARGET})"
        else:
            ratio = best.wall / floor_one.wall
            note = (
                f"{ratio:4.2f} x the floor's card ({verdict(ratio <= STARTUP_BUILD_FLOOR_TARGET)} ≤ "
                f"{STARTUP_BUILD_FLOOR_TARGET}), {verdict(best.wall <= STARTUP_BUILD_TARGET)} ≤ {STARTUP_BUILD_TARGET} s"
            )
        print(f"  {label:<28} {best.wall:6.3f} s  cpu {best.cpu:5.3f} s  {best.peak_mib:5.0f} MiB  {note}")


def export_png(work: Path, runs: int) -> None:
    """`pnpkit export png` of the five seed kits, both languages, on one process and on every core: wall time,
    CPU/wall, and whether the two give the same files."""
    kits = _seed_kits(ROOT / "content")
    timed: dict[str, list[Run]] = {"1": [], "default": []}
    for k in range(runs):
        for jobs in timed:
            extra = ["--jobs", "1"] if jobs == "1" else []
            timed[jobs].append(run_tree([*PNPKIT, "export", "png", *kits, "-o", str(work / f"png-{jobs}-{k}"), *extra]))
    files = sum(1 for p in (work / "png-1-0").rglob("*.png"))
    identical = same_tree(work / "png-1-0", work / "png-default-0")
    print(f"\npnpkit export png, the five seed kits, both languages, {files} images (median of {runs}, alternating)")
    for jobs, found in timed.items():
        best = median(found)
        print(f"  --jobs {jobs:<8} {best.wall:6.2f} s  CPU {best.cpu:6.2f} s  CPU/wall {best.cpu / best.wall:4.2f}")
    every = median(timed["default"])
    print(
        f"  every core keeps both busy: {verdict(every.cpu / every.wall >= CPU_WALL_TARGET)} (≥ {CPU_WALL_TARGET}); "
        f"--jobs 1 and the default give identical files: {identical}  {verdict(identical)}"
    )


def simulate(work: Path, runs: int) -> None:
    """10,000 four-player Element Shift games, one process against every core: games per second, same JSON."""
    args = [*PNPKIT, "simulate", str(ROOT / "content" / "element-shift"), "--games", str(SIMULATE_GAMES)]
    args += ["--players", "4", "--seed", "1", "--format", "json"]
    timed: dict[str, list[Run]] = {"1": [], "default": []}
    for k in range(runs):
        for jobs in timed:
            extra = ["--jobs", "1"] if jobs == "1" else []
            timed[jobs].append(run_tree([*args, *extra], stdout=work / f"simulate-{jobs}-{k}.json"))
    identical = filecmp.cmp(work / "simulate-1-0.json", work / "simulate-default-0.json", shallow=False)
    print(f"\npnpkit simulate, {SIMULATE_GAMES:,} four-player Element Shift games (median of {runs}, alternating)")
    for jobs, found in timed.items():
        best = median(found)
        print(
            f"  --jobs {jobs:<8} {best.wall:6.2f} s  {SIMULATE_GAMES / best.wall:7.0f} games/s  "
            f"CPU/wall {best.cpu / best.wall:4.2f}  {verdict(best.wall < SIMULATE_TARGET_S)} < {SIMULATE_TARGET_S:g} s, "
            f"aim {SIMULATE_AIM_S:g} s: {verdict(best.wall <= SIMULATE_AIM_S)}"
        )
    print(f"  --jobs 1 and the default give identical JSON: {identical}  {verdict(identical)}")


SAVE_CPU_TARGET_S = 0.3  # one changed cell → the deck PDF replaced, CPU seconds of the watch process (issue 40)
SAVE_DESIGNS = 250


def save_costs(work: Path, commands: dict[str, list[str]], saves: int) -> None:
    """`pnpkit watch` of a 250-design kit with art and icons, both languages, SVGs on: the CPU seconds the watch
    process spends on one changed cell (in cards.csv, then in cards.xlsx) until the deck PDF is replaced, and
    until kit.pdf is, with the wall time to the deck PDF; medians over `saves` saves. CPU time is read from
    /proc (Linux); elsewhere only wall times are printed."""
    from tablekit import read_rows, table_kit, write_rows

    print(
        f"\npnpkit watch, {SAVE_DESIGNS} designs with art and icons, both languages: CPU per one-cell save "
        f"(median of {saves} saves)"
    )
    for label, command in commands.items():
        for workbook in (False, True):
            kit = work / f"saves-{label}-{'xlsx' if workbook else 'csv'}"
            table = table_kit(command, kit, workbook, designs=SAVE_DESIGNS, art=True)
            costs = _save_costs(command, kit, table, saves, read_rows, write_rows)
            to_pdf, cpu_pdf, cpu_book = (statistics.median(cost[n] for cost in costs) for n in range(3))
            shown = f"{cpu_pdf:5.2f} CPU-s" if cpu_pdf == cpu_pdf else "  ? CPU-s"  # NaN without /proc
            print(
                f"  {label:<10} {table.name:<11} deck PDF replaced {to_pdf:5.2f} s after the save, {shown} "
                f"({verdict(cpu_pdf <= SAVE_CPU_TARGET_S)} ≤ {SAVE_CPU_TARGET_S}); with kit.pdf {cpu_book:5.2f} CPU-s"
            )


def _save_costs(
    command: list[str], kit: Path, table: Path, saves: int, read_rows: Callable, write_rows: Callable
) -> list[tuple[float, float, float]]:
    """(wall seconds to the deck PDF, CPU seconds to it, CPU seconds to kit.pdf) for each save: card 10·k's
    English title changed."""
    process = subprocess.Popen(
        [*command, "watch", str(kit), "-o", str(kit / "output")],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env_of(command),
    )
    stat = Path(f"/proc/{process.pid}/stat")
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

    def cpu() -> float:
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            return float("nan")
        return (int(fields[11]) + int(fields[12])) / tick

    try:
        assert process.stdout is not None
        for line in process.stdout:
            if line.startswith("watching"):
                break
        else:
            raise SystemExit("pnpkit watch stopped before it was watching")
        threading.Thread(target=process.stdout.read, daemon=True).start()
        deck = next(kit.glob("output/*/en/cards-weather.pdf"))
        book = deck.with_name("kit.pdf")
        time.sleep(1.0)  # let the file watcher settle
        costs = []
        for k in range(saves):
            rows = read_rows(table)
            rows[1 + 10 * k][rows[0].index("title.en")] = f"Edited {k}"
            before, spent = (deck.stat().st_ino, book.stat().st_ino), cpu()
            started = time.perf_counter()
            write_rows(table, rows)
            to_pdf, cpu_pdf = float("inf"), float("nan")
            while time.perf_counter() - started < 20:
                if to_pdf == float("inf") and deck.stat().st_ino != before[0]:
                    to_pdf, cpu_pdf = time.perf_counter() - started, cpu() - spent
                if book.stat().st_ino != before[1]:
                    break
                time.sleep(0.002)
            costs.append((to_pdf, cpu_pdf, cpu() - spent))
            time.sleep(0.5)
        return costs
    finally:
        process.terminate()
        process.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
