#!/usr/bin/env python3
"""pnpkit speed and memory figures: a report, not a test.

    python3 bench/bench.py              # full run, best of 3
    python3 bench/bench.py --quick      # smaller inputs, best of 1
    python3 bench/bench.py --repeat 5   # best of 5
    python3 bench/bench.py --profile deck   # also print a cProfile of one task

Every run of every task happens in a fresh Python subprocess, so the peak
resident memory of that process (VmHWM on Linux, ru_maxrss elsewhere) belongs
to that task alone.
The child imports what the task needs, records its resident size, then times
the task itself (imports are not timed; font registration, layout, rendering
and writing files are). See bench/README.md for what the tasks and targets mean.

The script exits 0 when a target is missed (it reports, it does not gate);
it exits 1 only when a task crashed.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

KIT_DIR = ROOT / "content" / "element-shift"
FONT_FILE = ROOT / "generator" / "assets" / "fonts" / "ipaexg.ttf"

FULL = {"deck_cards": 1000, "validate_cards": 10_000, "repeat": 3}
QUICK = {"deck_cards": 180, "validate_cards": 1000, "repeat": 1}

DECK_RATIO_TARGET = 1.5  # the pnpkit deck within 1.5x of the floor's wall time
VALIDATE_TARGET_S = 1.0  # validating 10,000 cards in under a second

CARD_W, CARD_H = 63.0, 88.0  # poker, mm
BODY_PT, BODY_W = 9.0, CARD_W - 10  # body text size and box width

TASKS = ("kit", "deck", "floor", "validate")
LABELS = {
    "kit": "element-shift kit",
    "deck": "{n:,}-card deck",
    "floor": "floor (reportlab)",
    "validate": "validate {n:,} cards",
}


# ---------------------------------------------------------------- synthetic data

EN_WORDS = [
    "move",
    "one",
    "token",
    "to",
    "an",
    "adjacent",
    "cell",
    "then",
    "draw",
    "a",
    "card",
    "from",
    "the",
    "deck",
    "and",
    "place",
    "it",
    "face",
    "up",
    "beside",
    "the",
    "board",
    "each",
    "player",
    "may",
    "shift",
    "an",
    "element",
    "when",
    "the",
    "fire",
    "meets",
    "water",
    "or",
    "wind",
    "crosses",
    "earth",
    "the",
    "round",
    "ends",
    "at",
    "once",
]
JA_CHUNKS = (
    "手番の",
    "プレイヤーは",
    "隣接する",
    "マスに",
    "トークンを",
    "一つ",
    "動かし、",
    "山札から",
    "カードを",
    "引いて",
    "表向きに",
    "置く。",
    "火と水が",
    "出会うと",
    "エレメントが",
    "入れ替わる。",
    "風は",
    "土を",
    "越えて",
    "進む。",
    "ラウンドは",
    "すぐに",
    "終わる。",
    "シフトして",
    "（任意）",
)


def _line_en(rng: random.Random, max_chars: int) -> str:
    words: list[str] = []
    while True:
        word = rng.choice(EN_WORDS)
        if len(" ".join(words + [word])) > max_chars:
            return " ".join(words)
        words.append(word)


def _line_ja(rng: random.Random, max_chars: int) -> str:
    out = ""
    while True:
        chunk = rng.choice(JA_CHUNKS)
        if len(out + chunk) > max_chars:
            return out
        out += chunk


def _load_cards(args: argparse.Namespace) -> list[dict]:
    return json.loads(Path(args.cards).read_text(encoding="utf-8"))


def deck_cards(n: int, lang: str) -> list[dict]:
    """n cards, each with a title, a number and a body that pnpkit wraps to exactly three lines.

    `lines` holds the same body pre-wrapped by pnpkit's own `generator.typeset.lines.wrap`
    at 9 pt into the 53 mm body width, so the floor draws the very same lines.
    Called once in the parent; the children read the result from cards.json.
    """
    from pnpkit.generator.typeset.lines import wrap

    rng = random.Random(20241105)
    cards = []
    for i in range(n):
        card_lang = lang if lang != "mixed" else ("ja" if i % 2 == 0 else "en")
        while True:
            if card_lang == "ja":
                title = f"{rng.choice(('火', '水', '風', '土'))}のカード {i + 1}"
                body = "".join(_line_ja(rng, 15) for _ in range(3))
            else:
                title = f"{rng.choice(('Fire', 'Water', 'Wind', 'Earth'))} card {i + 1}"
                body = " ".join(_line_en(rng, 34) for _ in range(3))
            lines = wrap(body, BODY_PT, BODY_W)
            if len(lines) == 3:
                break
        cards.append({"title": title, "number": f"{i + 1:04d}", "body": body, "lines": lines})
    return cards


def _no_repeats(rng: random.Random, choices: Sequence[str], n: int) -> list[str]:
    """n random choices, none the same as the one before: "and and" is a slip the proofreader rightly tells (PK371),
    and the bench kit must validate clean."""
    picked: list[str] = []
    while len(picked) < n:
        choice = rng.choice(choices)
        if not picked or choice != picked[-1]:
            picked.append(choice)
    return picked


def write_generic_kit(directory: Path, n: int) -> Path:
    """A `game: generic` kit with one deck of n card entries, each with ja/en title and body."""
    rng = random.Random(7)
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "kit.yaml").write_text(
        "id: bench-generic\n"
        "game: generic\n"
        "title: {ja: ベンチマーク, en: Benchmark}\n"
        "players: {min: 2, max: 4}\n"
        "languages: [ja, en]\n"
        "include:\n  - decks.yaml\n",
        encoding="utf-8",
    )
    out = [
        "decks:\n",
        "  - id: bench-deck\n",
        "    name: {ja: ベンチデッキ, en: Bench deck}\n",
        "    size: poker\n",
        "    template: plain\n",
        "    cards:\n",
    ]
    for i in range(n):
        ja_body = "".join(_no_repeats(rng, JA_CHUNKS, 6))
        en_body = " ".join(_no_repeats(rng, EN_WORDS, 10))
        out.append(
            f"      - title: {{ja: カード{i + 1}, en: Card {i + 1}}}\n"
            f"        body:\n"
            f"          ja: {ja_body}{{players_max}}人まで\n"
            f"          en: {en_body} for up to {{players_max}} players\n"
        )
    (directory / "decks.yaml").write_text("".join(out), encoding="utf-8")
    return directory


# ---------------------------------------------------------------- tasks (run in the child)


def _rss_kb() -> int:
    """This process's peak resident set so far, in KiB.

    On Linux, VmHWM from /proc: ru_maxrss there keeps the parent's high-water
    mark across fork + exec, so a child of a large parent would report the
    parent's size. Elsewhere ru_maxrss (bytes on macOS, KiB on the BSDs).
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak


def prepare_kit(args: argparse.Namespace):
    from pnpkit.generator.build import BuildOptions, build
    from pnpkit.validator.kit import load_kit

    out = Path(tempfile.mkdtemp(prefix="kit-", dir=args.workdir))

    def run() -> dict:
        loaded = load_kit(KIT_DIR)
        if not loaded.ok:
            raise RuntimeError(f"element-shift does not validate: {[str(f) for f in loaded.report.findings][:5]}")
        result = build(loaded, BuildOptions(out_dir=out))
        if not result.ok:
            raise RuntimeError(f"build failed: {[str(f) for f in result.findings][:5]}")
        pdfs = [f for f in result.files if f.suffix == ".pdf"]
        svgs = [f for f in result.files if f.suffix == ".svg"]
        size = sum(f.stat().st_size for f in result.files)
        return {"detail": f"{len(pdfs)} PDF + {len(svgs)} SVG, {size / 1e6:.1f} MB"}

    return run


def prepare_deck(args: argparse.Namespace):
    from pnpkit.generator.backends import pdf
    from pnpkit.generator.layouts.cards import CardFace, card_sheets
    from pnpkit.generator.layouts.context import INK, MUTED, LayoutContext
    from pnpkit.generator.scene import Document, Rect, Style, Text
    from pnpkit.generator.typeset.text import TextBox
    from pnpkit.generator.units import A4

    cards = _load_cards(args)
    target = Path(args.workdir) / "deck.pdf"

    def run() -> dict:
        ctx = LayoutContext("ja" if args.lang != "en" else "en", A4)
        w, h = CARD_W, CARD_H
        frame = Rect(0, 0, w, h, style=Style(stroke=INK, width=0.3))
        title_box = TextBox(5, 5, w - 10, 9, align="start", valign="middle", colour=INK)
        body_box = TextBox(5, 18, BODY_W, 30, align="start", valign="top", colour=INK)
        faces = []
        for i, card in enumerate(cards):
            items = [frame]
            items += ctx.fitted(card["title"], title_box, 12, 7, where=("cards", i, "title"), label="card title")
            items.append(Text(w - 5, h - 5, card["number"], 7, colour=MUTED, anchor="end"))
            items += ctx.fitted(card["body"], body_box, BODY_PT, 6, where=("cards", i, "body"), label="card body")
            faces.append(CardFace(card["number"], tuple(items)))
        back = CardFace(
            "back",
            (
                Rect(0, 0, w, h, style=Style(fill="#2c2f45")),
                Text(w / 2, h / 2, "pnpkit", 13, colour="#ffffff", anchor="middle"),
            ),
        )
        pages = card_sheets(ctx, "Bench deck", faces, back, w, h)
        data = pdf.render(Document(pages=tuple(pages), title="Bench deck", author="bench"))
        target.write_bytes(data)
        if ctx.problems:
            raise RuntimeError(f"{len(ctx.problems)} text problems, e.g. {ctx.problems[0]}")
        lines = sum(1 for f in faces for it in f.items if isinstance(it, Text) and 18 < it.y < 50)
        return {"detail": f"{len(pages)} pages, {len(data) / 1e6:.2f} MB, {lines / len(faces):.2f} body lines/card"}

    return run


def prepare_floor(args: argparse.Namespace):
    """The same cards drawn by bench/floor.py with nothing but reportlab canvas calls: the fastest pnpkit could hope to be."""
    import floor  # bench/floor.py, beside this script: one floor for the in-process and the whole-process figures

    target = Path(args.workdir) / "floor.pdf"

    def run() -> dict:
        floor.main(args.cards, str(target))
        return {"detail": f"{target.stat().st_size / 1e6:.2f} MB"}

    return run


def prepare_validate(args: argparse.Namespace):
    import yaml

    from pnpkit.validator import source
    from pnpkit.validator.kit import load_kit

    kit_dir = Path(args.kit_dir)
    c_loader = source._BaseLoader is getattr(yaml, "CSafeLoader", None)

    def run() -> dict:
        loaded = load_kit(kit_dir)
        if loaded.kit is None or not loaded.ok:
            raise RuntimeError(f"synthetic kit does not validate: {[str(f) for f in loaded.report.findings][:5]}")
        cards = sum(len(d.cards) for d in loaded.kit.decks)
        size = sum(p.stat().st_size for p in kit_dir.iterdir())
        return {
            "detail": f"{cards:,} entries, {size / 1e6:.1f} MB YAML, {len(loaded.report.findings)} findings",
            "libyaml": bool(getattr(yaml, "__with_libyaml__", False)),
            "c_loader": c_loader,
        }

    return run


PREPARE = {"kit": prepare_kit, "deck": prepare_deck, "floor": prepare_floor, "validate": prepare_validate}


def child(args: argparse.Namespace) -> None:
    """Run one task once and print one JSON line: timings, peak RSS, details."""
    started = time.perf_counter()
    run = PREPARE[args.child](args)
    setup_s = time.perf_counter() - started
    rss_before = _rss_kb()
    gc_time = [0.0, 0, 0.0]  # seconds in cyclic GC, full (gen 2) collections, start stamp

    def on_gc(phase: str, info: dict) -> None:
        if phase == "start":
            gc_time[2] = time.perf_counter()
        else:
            gc_time[0] += time.perf_counter() - gc_time[2]
            gc_time[1] += info["generation"] == 2

    gc.callbacks.append(on_gc)
    cpu0 = time.process_time()
    if args.tracemalloc:
        import tracemalloc

        tracemalloc.start()
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        t0 = time.perf_counter()
        profiler.enable()
        info = run()
        profiler.disable()
        wall = time.perf_counter() - t0
        stats = pstats.Stats(profiler, stream=sys.stderr)
        stats.sort_stats("cumulative").print_stats(args.profile_top)
        stats.sort_stats("tottime").print_stats(args.profile_top)
    else:
        t0 = time.perf_counter()
        info = run()
        wall = time.perf_counter() - t0
    cpu = time.process_time() - cpu0
    gc.callbacks.remove(on_gc)
    if args.tracemalloc:
        info["py_peak_kb"] = tracemalloc.get_traced_memory()[1] // 1024
        tracemalloc.stop()
    info.update(
        wall=wall,
        cpu=cpu,
        gc_s=gc_time[0],
        gc_full=gc_time[1],
        setup=setup_s,
        rss_before_kb=rss_before,
        rss_peak_kb=_rss_kb(),
    )
    print("BENCH-RESULT " + json.dumps(info), flush=True)


# ---------------------------------------------------------------- parent


def spawn(
    task: str, args: argparse.Namespace, workdir: Path, kit_dir: Path, *, profile: bool = False, trace: bool = False
) -> dict:
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--child",
        task,
        "--workdir",
        str(workdir),
        "--kit-dir",
        str(kit_dir),
        "--deck-cards",
        str(args.deck_cards),
        "--lang",
        args.lang,
        "--cards",
        str(workdir.parent / "cards.json"),
    ]
    if profile:
        command += ["--profile-top", str(args.profile_top), "--profile-child"]
    if trace:
        command.append("--tracemalloc")
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    if profile:
        sys.stdout.write(done.stderr)
    for line in done.stdout.splitlines():
        if line.startswith("BENCH-RESULT "):
            return json.loads(line[len("BENCH-RESULT ") :])
    tail = (done.stderr or done.stdout).strip().splitlines()[-15:]
    return {"error": "\n".join(tail) or f"exit status {done.returncode}"}


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def _git_state() -> str:
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return "not a git checkout"
    changed = len(dirty.splitlines())
    return f"git {head}" + (
        f" with {changed} modified file(s) (uncommitted work is measured too)" if changed else ", clean"
    )


def mib(kb: float) -> str:
    return f"{kb / 1024:,.0f} MiB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--quick",
        action="store_true",
        help=f"smaller inputs ({QUICK['deck_cards']} cards, validate {QUICK['validate_cards']:,}), best of 1",
    )
    parser.add_argument(
        "--repeat", type=int, help="runs per task; the best wall time is reported (default 3, 1 with --quick)"
    )
    parser.add_argument("--tasks", default=",".join(TASKS), help=f"comma-separated subset of {','.join(TASKS)}")
    parser.add_argument(
        "--lang",
        choices=("ja", "en", "mixed"),
        default="mixed",
        help="language of the synthetic deck's text (default: mixed, alternating ja/en cards)",
    )
    parser.add_argument("--deck-cards", type=int, help="cards in the synthetic deck (default 1000)")
    parser.add_argument("--validate-cards", type=int, help="card entries in the synthetic kit (default 10000)")
    parser.add_argument(
        "--profile",
        metavar="TASK",
        action="append",
        default=[],
        help="after the table, print a cProfile of TASK (repeatable; 'missed' = every task that missed its target)",
    )
    parser.add_argument("--profile-top", type=int, default=15, help="rows per cProfile listing (default 15)")
    parser.add_argument(
        "--tracemalloc",
        action="store_true",
        help="one extra run per task under tracemalloc, adding a Python-heap peak column",
    )
    parser.add_argument(
        "--keep", action="store_true", help="keep the temporary directory with the PDFs and the synthetic kit"
    )
    # child-side options
    parser.add_argument("--child", choices=TASKS, help=argparse.SUPPRESS)
    parser.add_argument("--workdir", help=argparse.SUPPRESS)
    parser.add_argument("--kit-dir", help=argparse.SUPPRESS)
    parser.add_argument("--cards", help=argparse.SUPPRESS)
    parser.add_argument("--make-cards", help=argparse.SUPPRESS)
    parser.add_argument("--profile-child", dest="profile_flag", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    preset = QUICK if args.quick else FULL
    args.deck_cards = args.deck_cards or preset["deck_cards"]
    args.validate_cards = args.validate_cards or preset["validate_cards"]
    args.repeat = max(1, args.repeat or preset["repeat"])

    if args.make_cards:
        cards = deck_cards(args.deck_cards, args.lang)
        Path(args.make_cards).write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")
        return 0
    if args.child:
        args.profile = args.profile_flag
        child(args)
        return 0

    tasks = [t.strip() for t in args.tasks.split(",") if t.strip()]
    unknown = set(tasks) - set(TASKS)
    if unknown:
        parser.error(f"unknown task(s): {', '.join(sorted(unknown))}")
    bad_profile = set(args.profile) - set(TASKS) - {"missed"}
    if bad_profile:
        parser.error(f"--profile takes one of {', '.join(TASKS)} or 'missed'")

    import pydantic
    import reportlab
    import yaml

    print("pnpkit bench")
    print(
        f"  python {platform.python_version()} ({platform.machine()}), reportlab {reportlab.Version}, pydantic {pydantic.VERSION}, PyYAML {yaml.__version__}"
    )
    from reportlab.lib import rl_accel

    accel = "C (rl_accel)" if not getattr(rl_accel.fp_str, "__code__", None) else "pure Python (rl_accel not installed)"
    print(f"  reportlab accelerator: {accel}; {os.cpu_count()} CPUs, load average {_load()} before")
    print(f"  source: {_git_state()}")
    print(
        f"  {'quick' if args.quick else 'full'} run: best of {args.repeat}, each run in a fresh subprocess; deck text: {args.lang}"
    )

    workdir = Path(tempfile.mkdtemp(prefix="pnpkit-bench-"))
    crashed = False
    results: dict[str, dict] = {}
    try:
        kit_dir = write_generic_kit(workdir / "generic-kit", args.validate_cards)
        if {"deck", "floor"} & set(tasks):
            # in a child of its own, so the parent stays small (it is the template every task is forked from)
            made = subprocess.run(
                [
                    sys.executable,
                    str(Path(__file__).resolve()),
                    "--make-cards",
                    str(workdir / "cards.json"),
                    "--deck-cards",
                    str(args.deck_cards),
                    "--lang",
                    args.lang,
                ],
                cwd=ROOT,
                capture_output=True,
                text=True,
            )
            if made.returncode:
                raise SystemExit(f"could not make the synthetic deck:\n{made.stderr}")
        # Round-robin over the tasks, so that a burst of load on the machine hits every task alike.
        runs: dict[str, list[dict]] = {task: [] for task in tasks}
        for r in range(args.repeat):
            for task in tasks:
                run_dir = workdir / f"{task}-{r}"
                run_dir.mkdir()
                runs[task].append(spawn(task, args, run_dir, kit_dir))
                print(".", end="", flush=True)
        print()
        for task in tasks:
            errors = [x["error"] for x in runs[task] if "error" in x]
            if errors:
                crashed = True
                results[task] = {"error": errors[0]}
                continue
            done = runs[task]
            best = min(done, key=lambda x: x["wall"])
            best = dict(
                best,
                rss_peak_kb=max(x["rss_peak_kb"] for x in done),
                rss_before_kb=max(x["rss_before_kb"] for x in done),
            )
            best["walls"] = [x["wall"] for x in done]
            if args.tracemalloc:
                trace_dir = workdir / f"{task}-trace"
                trace_dir.mkdir()
                best["py_peak_kb"] = spawn(task, args, trace_dir, kit_dir, trace=True).get("py_peak_kb")
            results[task] = best

        # ---------------------------------------------------------- table
        floor = results.get("floor") if "error" not in results.get("floor", {"error": 1}) else None
        header = f"{'task':<22} {'wall (best)':>11} {'× floor':>8} {'cpu':>7} {'in GC':>7} {'peak RSS':>9} {'× floor':>8} {'task RSS Δ':>10}"
        if args.tracemalloc:
            header += f" {'py heap':>9}"
        header += "  detail"
        print()
        print(header)
        print("-" * len(header))
        for task in tasks:
            label = LABELS[task].format(n=args.deck_cards if task == "deck" else args.validate_cards)
            res = results[task]
            if "error" in res:
                print(f"{label:<22} CRASHED")
                print("    " + res["error"].replace("\n", "\n    "))
                continue
            ratio_t = f"{res['wall'] / floor['wall']:.2f}×" if floor else "–"
            ratio_m = f"{res['rss_peak_kb'] / floor['rss_peak_kb']:.2f}×" if floor else "–"
            row = (
                f"{label:<22} {res['wall']:>10.3f}s {ratio_t:>8} {res['cpu']:>6.3f}s {res['gc_s']:>6.3f}s"
                f" {mib(res['rss_peak_kb']):>9} {ratio_m:>8}"
                f" {'+' + mib(res['rss_peak_kb'] - res['rss_before_kb']):>10}"
            )
            if args.tracemalloc:
                row += f" {mib(res['py_peak_kb']) if res.get('py_peak_kb') is not None else '–':>9}"
            print(row + "  " + res.get("detail", ""))
        print()
        print("  wall: the task alone (imports excluded, font loading included), best of the runs; cpu and in GC")
        print("  (time inside Python's cyclic garbage collector) are from that same best run;")
        print("  peak RSS: high-water resident set of that task's own process (VmHWM on Linux, else ru_maxrss);")
        print(
            "  task RSS Δ: that peak minus the peak reached by the imports and input set-up before the timer started."
        )
        if len(next(iter(results.values()), {}).get("walls", [])) > 1:
            spread = ", ".join(
                f"{t} " + "/".join(f"{w:.3f}" for w in results[t]["walls"]) for t in tasks if "walls" in results[t]
            )
            print(f"  all runs (s): {spread}")

        print(f"  load average after: {_load()} (on a busy machine, compare cpu rather than wall)")

        # ---------------------------------------------------------- targets
        print()
        print("targets")
        missed: list[str] = []
        deck, validate = results.get("deck"), results.get("validate")
        if deck and floor and "error" not in deck:
            ratio = deck["wall"] / floor["wall"]
            ok = ratio <= DECK_RATIO_TARGET
            if not ok:
                missed.append("deck")
            print(
                f"  [{'PASS' if ok else 'FAIL'}] {args.deck_cards:,}-card deck within {DECK_RATIO_TARGET}× of the reportlab floor: "
                f"{ratio:.2f}× ({deck['wall']:.3f}s vs {floor['wall']:.3f}s wall; cpu {deck['cpu'] / floor['cpu']:.2f}×)"
            )
        else:
            print(
                f"  [ -- ] deck within {DECK_RATIO_TARGET}× of the floor: not measured (needs the deck and floor tasks)"
            )
        if validate and "error" not in validate:
            limit = VALIDATE_TARGET_S * args.validate_cards / FULL["validate_cards"]
            scaled = (
                ""
                if args.validate_cards == FULL["validate_cards"]
                else f" (1 s scaled to {args.validate_cards:,} cards)"
            )
            ok = validate["wall"] < limit
            if not ok:
                missed.append("validate")
            print(
                f"  [{'PASS' if ok else 'FAIL'}] validate {args.validate_cards:,} cards under {limit:.2f} s{scaled}: {validate['wall']:.3f}s"
                f" wall (cpu {validate['cpu']:.3f}s, of which {validate['gc_s']:.3f}s in the cyclic GC, {validate['gc_full']} full collections)"
            )
            print(
                f"  PyYAML C loader: libyaml {'available' if validate['libyaml'] else 'NOT available'}, "
                f"validator.source {'uses CSafeLoader' if validate['c_loader'] else 'uses the pure-Python SafeLoader (slow)'}"
            )
        else:
            print("  [ -- ] validate 10,000 cards under 1 s: not measured")
        if args.quick:
            print("  (quick run: smaller inputs and one run each; use the full run for figures to quote)")
        if missed:
            print(f"  missed: {', '.join(missed)} — rerun with --profile missed for a cProfile breakdown")

        # ---------------------------------------------------------- profiles
        to_profile = [t for t in tasks if t in args.profile or ("missed" in args.profile and t in missed)]
        for task in to_profile:
            print()
            print(f"cProfile of {task} (one run, top {args.profile_top} by cumulative, then by own time)")
            prof_dir = workdir / f"{task}-profile"
            prof_dir.mkdir()
            spawn(task, args, prof_dir, kit_dir, profile=True)
    finally:
        if args.keep:
            print(f"\nkept {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    return 1 if crashed else 0


if __name__ == "__main__":
    sys.exit(main())
