"""Play a kit's game many times with simple policies and report what the games show: completion,
win rate per seat (95 % Wilson intervals), balance, first-player advantage, ties and the rule that
broke them, timeouts, game length, and the game's own measures (for Element Shift: when the element
deck runs dry, tokens needed against the supply, combos and events played, shift effects that came
after the game was decided).

Every number comes from the kit's rule model: change `draws_per_turn` and the games change with it.
Where the rulebook is silent or says two things, the engine plays a named reading; the kit's errata
choose the default. Fix one with --reading ID=CHOICE; compare them all with --all-readings.

    pnpkit simulate content/element-shift --games 1000 --players 4
    pnpkit simulate content/element-shift --all-readings --games 500 --format json

The same seed gives the same report, whatever --jobs is.
Exit status: 0 played, 1 the kit has content errors, 2 usage errors (or a game with no engine).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..cli import EXIT_CONTENT, EXIT_OK, UsageError, _kit_dirs, _print_findings, add_jobs_option

NAME = "simulate"
HELP = "play the kit's game many times and report balance, length, ties and rule problems"

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


def _whole(text: str | None, name: str, low: int, high: int) -> int:
    try:
        value = int(str(text))
    except ValueError:
        raise UsageError(f"{name} {text!r} is not a whole number") from None
    if not low <= value <= high:
        raise UsageError(f"{name} {value} is not between {low} and {high}")
    return value


def run(args: argparse.Namespace) -> int:
    from pnpkit.validator.kit import load_kit
    from pnpkit.validator.playtest import ENGINES, engine, readings, runner

    from ..jobs import default_jobs, ordered_map

    games = _whole(args.games, "--games", 1, MAX_GAMES)
    seed = _whole(args.seed, "--seed", 0, MAX_SEED)
    (root,) = _kit_dirs([args.kit])
    if not (root / "kit.yaml").is_file():
        raise UsageError(f"{root} has no kit.yaml; give the kit directory")
    loaded = load_kit(root)
    if not loaded.ok:
        _print_findings(loaded.report.sorted(), "text")
        print("pnpkit: nothing was played; fix the errors above", file=sys.stderr)
        return EXIT_CONTENT
    kit: Any = loaded.model
    if kit.game not in ENGINES:
        raise UsageError(f"{kit.game} has no playtest engine yet; games that have one: {', '.join(sorted(ENGINES))}")
    module = engine(kit.game)
    players = _whole(
        args.players if args.players is not None else str(kit.players.max),
        "--players",
        kit.players.min,
        kit.players.max,
    )
    errata = [e.id for e in kit.errata]
    try:
        fixed = dict(readings.parse_reading(text, module.READINGS) for text in args.reading)
        plans = readings.combinations(module.READINGS, errata, fixed) if args.all_readings else []
    except readings.ReadingError as exc:
        raise UsageError(str(exc)) from None
    if not plans:
        plans = [readings.resolve(module.READINGS, errata, fixed)]
    first_rules = module.prepare(kit, players, plans[0])
    cap_default = module.default_move_cap(first_rules)
    move_cap = _whole(args.move_cap, "--move-cap", 1, MAX_MOVE_CAP) if args.move_cap is not None else cap_default
    jobs = args.jobs or default_jobs()

    def mapper(fn: Any, tasks: Any, jobs: int) -> list:
        return ordered_map(fn, tasks, jobs)

    runs = []
    for choices in plans:
        rules = first_rules if choices == plans[0] else module.prepare(kit, players, choices)
        result = runner.simulate(kit.game, rules, players, games, seed, args.policy, move_cap, jobs, mapper)
        runs.append({"readings": choices, **result})
    report: dict[str, Any] = {
        "kit": kit.id,
        "game": kit.game,
        "players": players,
        "games": games,
        "seed": seed,
        "policy": args.policy,
        "move_cap": move_cap,
        "readings": {
            rid: {
                "question": r.question,
                "choices": {c: m for c, m in zip(r.choices, r.meaning, strict=True)},
                "default": r.default(errata),
                "erratum": r.erratum,
            }
            for rid, r in module.READINGS.items()
        },
        "runs": runs,
    }
    if len(runs) > 1:
        base = runner.measures(module, runs[0])
        report["comparison"] = [
            {
                "readings": {k: v for k, v in run["readings"].items() if v != runs[0]["readings"][k]},
                "moved": _moved(base, runner.measures(module, run)),
            }
            for run in runs[1:]
        ]
    if args.format == "json":
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        print(render(report))
    return EXIT_OK


def _moved(base: dict, other: dict) -> list[dict]:
    from pnpkit.validator.playtest.metrics import moved

    return moved(base, other)


# ---------------------------------------------------------------- text report


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
        return [f"  {k}: {json.dumps(v, ensure_ascii=False)}" for k, v in g.items()]
    d, tok, late = g["deck"], g["tokens"], g["late_effects"]
    lines = [
        f"  deck                {d['cards']} cards, {d['draws_per_turn']} a turn, {d['players']} players, "
        f"{d['max_cycles']} cycles",
        f"    empty at cycle    {_dist(d['empty_cycle'])}",
        f"    a draw fails at   {_dist(d['dry_cycle'])}",
        f"    dry before end    {_pct(d['dry_before_end'])}  ({d['short_draws_per_game']} draws lost, "
        f"{d['reshuffles_per_game']} reshuffles a game)",
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
