"""Play a kit's game many times with simple policies and report what the games show: completion,
win rate per seat (95 % Wilson intervals), balance, first-player advantage, ties and the rule that
broke them, timeouts, game length, and the game's own measures (for Element Shift: when the element
deck runs dry, tokens needed against the supply, combos and events played, shift effects that came
after the game was decided).

Every number comes from the kit's rule model: change `draws_per_turn` and the games change with it.
Where the rulebook is silent or says two things, the engine plays a named reading. The kit declares
which readings it has and the one it plays (`readings:` on an erratum or an `unspecified` value);
readings the kit does not declare are played as the engine's default. Fix one of the kit's readings
with --reading ID=CHOICE; compare them all with --all-readings.

    pnpkit simulate content/element-shift --games 1000 --players 4
    pnpkit simulate content/element-shift --all-readings --games 500 --format json

The same seed gives the same report, whatever --jobs or --executor is: game i always plays from
seed "S:i". --executor dask:ADDRESS runs the games on a Dask cluster (dask:local starts one on this
machine; both need `pip install 'pnpkit[cluster]'`). --report FILE.pdf (or .svg) also writes a one-page
playtest report in the kit's language (--lang): win rate per seat with error bars, game length, the
game's own measures and the reading comparison.

    pnpkit simulate content/element-shift --games 10000 --report playtest.pdf --lang ja
Exit status: 0 played, 1 the kit has content errors, 2 usage errors (or a game with no engine).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..commandline import EXIT_CONTENT, EXIT_OK, UsageError, add_jobs_option, kit_dirs, language_tag, print_findings

MAX_GAMES = 100_000
MAX_MOVE_CAP = 1_000_000
MAX_SEED = 2**63 - 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("kit", type=Path, metavar="KIT", help="the kit directory")
    parser.add_argument("--games", type=str, default="1000", metavar="N", help=f"games to play, 1..{MAX_GAMES}")
    parser.add_argument("--players", type=str, default=None, metavar="P", help="players (default: the kit's most)")
    parser.add_argument("--seed", type=str, default="1", metavar="S", help="the seed of the first game (default 1)")
    parser.add_argument("--policy", choices=("random", "greedy"), default="random", help="how every seat plays")
    parser.add_argument(
        "--move-cap",
        type=str,
        default=None,
        metavar="M",
        help="decisions one game may take before it counts as a timeout (default: ten times a full game)",
    )
    parser.add_argument(
        "--reading",
        action="append",
        default=[],
        metavar="ID=CHOICE",
        help="play one reading of an unclear rule (repeatable); the rest keep the kit's defaults",
    )
    parser.add_argument(
        "--all-readings",
        action="store_true",
        help="play every combination of the readings not fixed and report which metrics move",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text", help="how to print (default: text)")
    add_jobs_option(parser)
    parser.add_argument(
        "--executor",
        default="local",
        metavar="WHERE",
        help="where the games run: local (default), dask:ADDRESS or dask:local (needs pnpkit[cluster])",
    )
    parser.add_argument(
        "--report",
        type=Path,
        default=None,
        metavar="FILE",
        help="also write a one-page playtest report, FILE.pdf or FILE.svg",
    )
    parser.add_argument(
        "--lang",
        type=language_tag,
        default=None,
        metavar="TAG",
        help="the report's language: one the kit ships (default: the kit's first)",
    )


def _whole(text: str | None, name: str, low: int, high: int) -> int:
    try:
        value = int(str(text))
    except ValueError:
        raise UsageError(f"{name} {text!r} is not a whole number") from None
    if not low <= value <= high:
        raise UsageError(f"{name} {value} is not between {low} and {high}")
    return value


def run(args: argparse.Namespace) -> int:
    from pnpkit.validator.findings import dump_json

    played = play(args)
    if isinstance(played, int):
        return played
    loaded, report = played
    if args.format == "json":
        print(dump_json(report))
    else:
        print(render(report))
    if args.report is not None:
        return _write_report(loaded, report, _report_lang(args, loaded.model), args.report)
    return EXIT_OK


def play(args: argparse.Namespace) -> tuple[Any, dict] | int:
    """Play the games the options ask for: the loaded kit and the report, or the exit status when the kit
    has errors (they are printed). Each option is refused before any game is played."""
    from pnpkit.validator import jobs
    from pnpkit.validator.kit import load_kit
    from pnpkit.validator.playtest import readings, runner

    games = _whole(args.games, "--games", 1, MAX_GAMES)
    seed = _whole(args.seed, "--seed", 0, MAX_SEED)
    (root,) = kit_dirs([args.kit])
    if not (root / "kit.yaml").is_file():
        raise UsageError(f"{root} has no kit.yaml; give the kit directory")
    loaded = load_kit(root)
    if not loaded.ok:
        print_findings(loaded.report.sorted(), "text")
        print("pnpkit: nothing was played; fix the errors above", file=sys.stderr)
        return EXIT_CONTENT
    kit: Any = loaded.model
    try:
        runner.game_engine(kit.game)
        players = _whole(
            args.players if args.players is not None else str(kit.players.max),
            "--players",
            kit.players.min,
            kit.players.max,
        )
        planned = runner.plan(loaded, players, args.reading, args.all_readings)
    except (runner.PlaytestError, readings.ReadingError) as exc:
        raise UsageError(str(exc)) from None
    move_cap = (
        _whole(args.move_cap, "--move-cap", 1, MAX_MOVE_CAP) if args.move_cap is not None else planned.default_move_cap
    )
    _report_lang(args, kit)  # a bad --report name is refused before any game is played
    try:
        with runner.executor(args.executor, args.jobs, jobs.ordered_map, jobs.default_jobs()) as (mapper, workers):
            report = runner.report(planned, games, seed, args.policy, move_cap, workers, mapper)
    except runner.ExecutorError as exc:
        raise UsageError(str(exc)) from None
    return loaded, report


def _report_lang(args: argparse.Namespace, kit: Any) -> str:
    """The report's language, checked with its file name before any game is played."""
    if args.report is not None:
        if args.report.suffix.lower() not in (".pdf", ".svg"):
            raise UsageError(f"--report {args.report}: give a file name ending in .pdf or .svg")
        if args.report.is_dir():
            raise UsageError(f"--report {args.report} is a directory; give a file name such as report.pdf")
    if args.lang is not None and args.lang not in kit.languages:
        raise UsageError(f"--lang {args.lang}: the kit ships {', '.join(kit.languages)}")
    return args.lang or kit.languages[0]


def _write_report(loaded: Any, report: dict, lang: str, target: Path) -> int:
    """The one-page playtest report in the kit's fonts, through the build's PDF or the SVG backend; written whole
    or not at all. A label that cannot fit prints as a warning (the page is still written)."""
    from pnpkit.validator.findings import visible

    from ..backends import svg
    from ..layouts.context import small_text
    from ..layouts.playtest import report_component, report_context
    from ..outdir import write_whole
    from ..render import component_pdf
    from ..typeset import fonts

    kit = loaded.model
    ctx = report_context(kit, lang)
    with fonts.using(fonts.for_kit(kit, loaded.root, lang)[0]):
        part = report_component(ctx, kit, report)
        if target.suffix.lower() == ".svg":
            data = svg.render(part.pages[0], part.title).encode("utf-8")
        else:
            data = component_pdf(kit, lang, part)
    for problem in [*ctx.problems, *small_text(part.pages, (part.slug,))]:
        print(visible(f"warning {problem.code} {target}: {problem.message}"), file=sys.stderr)
    try:
        write_whole(target, data)
    except OSError as exc:
        print(visible(f"pnpkit: error: cannot write {target}: {exc.strerror or exc}"), file=sys.stderr)
        return 2
    print(visible(f"wrote {target}"), file=sys.stderr)
    return EXIT_OK


# ---------------------------------------------------------------- text report


def _render_measures(measures: dict, depth: int = 1) -> list[str]:
    """Any engine's own measures, one per line: a rate with its interval, a distribution by its median and
    spread, a number as it is, and a group of them indented under its name."""
    lines: list[str] = []
    pad = "  " * depth
    width = max(1, 22 - len(pad))
    for key, value in measures.items():
        label = (key.replace("_", " ") + " ").ljust(width)
        if isinstance(value, dict) and {"rate", "low", "high"} <= value.keys():
            lines.append(f"{pad}{label}{_pct(value)}")
        elif isinstance(value, dict) and "p50" in value:
            lines.append(f"{pad}{label}{_dist(value)}")
        elif isinstance(value, dict) and value and all(isinstance(v, (int, float)) for v in value.values()):
            lines.append(f"{pad}{label}" + ", ".join(f"{k} {v:g}" for k, v in value.items()))
        elif isinstance(value, dict):
            lines.append(f"{pad}{label.rstrip()}")
            lines += _render_measures(value, depth + 1)
        else:
            shown = f"{value:g}" if isinstance(value, float) else str(value)
            lines.append(f"{pad}{label}{shown}")
    return lines


def _pct(value: dict) -> str:
    return f"{100 * value['rate']:5.1f} %  [{100 * value['low']:5.1f} – {100 * value['high']:5.1f}]"


def _dist(d: dict) -> str:
    if not d:
        return "–"
    return f"median {d['p50']}  (p5 {d['p5']}, p25 {d['p25']}, p75 {d['p75']}, p95 {d['p95']}; {d['min']}–{d['max']})"


def render(report: dict) -> str:
    lines = [
        f"{report['kit']}: {report['games']} games, {report['players']} players, policy {report['policy']}, "
        f"seed {report['seed']}, move cap {report['move_cap']}",
    ]
    for problem in report["reading_problems"]:
        lines.append(f"warning PK356 {problem}")
    undeclared = [rid for rid, r in report["readings"].items() if r["declared"] is None]
    if undeclared:
        lines.append(
            "not declared by the kit, played as the engine's default: "
            + ", ".join(f"{rid}={report['readings'][rid]['default']}" for rid in undeclared)
        )
    for run in report["runs"]:
        lines += [""] + _render_run(run, report)
    if "comparison" in report:
        lines += ["", "readings against the kit's (metrics whose 95 % intervals do not overlap):"]
        for entry in report["comparison"]:
            changed = ", ".join(f"{k}={v}" for k, v in entry["readings"].items())
            moved = "; ".join(f"{m['measure']} {m['from']:g} → {m['to']:g}" for m in entry["moved"]) or "nothing moves"
            lines.append(f"  {changed}: {moved}")
    return "\n".join(lines)


def _render_run(run: dict, report: dict) -> list[str]:
    m, g = run["metrics"], run["game"]
    defaults = {rid: r["default"] for rid, r in report["readings"].items()}
    readings = ", ".join(
        f"{rid}={choice}" + ("" if choice == defaults[rid] else " (not the kit's)")
        for rid, choice in run["readings"].items()
    )
    lines = [f"readings: {readings}"]
    lines.append(f"  completion          {_pct(m['completion'])}")
    lines.append(f"  timeouts            {_pct(m['timeouts'])}")
    for seat, value in m["seat_win_rate"].items():
        lines.append(f"  seat {seat} wins         {_pct(value)}")
    b = m["balance"]
    lines.append(
        f"  balance             gap {100 * b['gap']:.1f} points (best seat {b['best_seat']}, worst {b['worst_seat']})"
    )
    fp = m["first_player"]
    lines.append(
        f"  first player        {100 * fp['advantage']:+.1f} points against a fair {100 * b['fair_rate']:.1f} % "
        f"[{100 * fp['advantage_low']:+.1f} – {100 * fp['advantage_high']:+.1f}]"
    )
    t = m["ties"]
    decided = ", ".join(f"{k} {v}" for k, v in t["decided_by"].items()) or "none"
    lines.append(f"  ties at the top     {_pct(t['at_top'])}  decided by: {decided}")
    lines.append(f"  shared wins         {_pct(t['shared_wins'])}")
    lines.append(f"  ends                {', '.join(f'{k} {v}' for k, v in m['ends'].items())}")
    lines.append(f"  length, turns       {_dist(m['length']['turns'])}")
    lines.append(f"  length, cycles      {_dist(m['length']['cycles'])}")
    lines += _render_game(g)
    return lines


def _render_game(g: dict) -> list[str]:
    if "deck" not in g:
        return _render_measures(g)
    d, tok, late = g["deck"], g["tokens"], g["late_effects"]
    lines = [
        f"  deck                {d['cards']} cards, {d['draws_per_turn']} a turn, {d['players']} players, "
        f"{d['max_cycles']} cycles",
        f"    empty at cycle    {_dist(d['empty_cycle'])}",
        f"    found empty at    {_dist(d['dry_cycle'])}",
        f"    found empty       {_pct(d['dry_before_end'])}  before the end ({d['reshuffles_per_game']} reshuffles a game)",
        f"    a draw is lost    {_pct(d['draw_lost'])}  ({d['short_draws_per_game']} draws lost a game)",
        f"    first lost at     {_dist(d['draw_lost_cycle'])}",
        f"  tokens              most needed {tok['most_needed']} of {tok['supply']}; games at the supply "
        f"{_pct(tok['games_at_supply'])}; claims refused {tok['claims_refused_for_supply']}",
        "  combos a game       "
        + ", ".join(
            f"{k} {v['per_game']:g}" + (f" ({v['blocked']} blocked)" if v["blocked"] else "")
            for k, v in g["combos"].items()
        ),
        "  events a game       " + ", ".join(f"{k} {v:g}" for k, v in g["events"].items()),
        f"  shift when decided  {_pct(late['shift_when_decided'])}",
        f"  ... changed result  {_pct(late['changed_result'])}"
        + (
            f"  by {', '.join(f'{k} {v}' for k, v in late['changed_by_event'].items())}"
            if late["changed_by_event"]
            else ""
        ),
        f"  shifts at the last cycle {late['shifts_at_last_cycle']}; effects that never took effect: "
        + (", ".join(f"{k} {v}" for k, v in late["never_took_effect"].items()) or "none"),
    ]
    return lines
