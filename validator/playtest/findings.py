"""What play shows, as findings: `pnpkit validate KIT --simulate N` plays N games and reports, as warnings at
the rule they concern, what the data alone cannot show (a deck that runs dry before the game can end, a supply
exceeded, frequent ties with no tie rule, games that do not end, unbalanced seats, effects after the end).

The games are played by the random policy from a fixed seed, at the kit's most players and at its fewest, under
the readings the kit plays (its `readings:` defaults). Each message gives the rate measured, its 95 % interval
and the number of games; a kind found at both player counts is reported once, where it is worse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import codes, suppress
from ..jobs import ordered_map
from ..repeats import first_at
from ..source import format_path
from ..types import Unspecified
from . import ENGINES, engine, readings, runner
from .metrics import Observation

if TYPE_CHECKING:
    from ..findings import Finding
    from ..kit import LoadedKit

SEED = 1
"""The seed of every `validate --simulate` run: the same kit gives the same findings."""
POLICY = "random"
RARE = 0.01
"""A deck running dry, a supply exceeded, a game that does not end, an effect after the end: reported when it
happens in at least 1 % of games."""
FREQUENT_TIES = 0.05
"""Ties at the top are frequent from 5 % of games on; with no tie rule they are reported."""
MOVE_CAP = 20_000
"""The most decisions one game may take here (or the engine's own cap, when smaller): a game that needs more does
not end in any practical sense, and bounds the time `validate --simulate` can take."""
SEAT_TOLERANCE = 10
"""Points between the best and worst seat's win rates a kit accepts unless `play.seat_tolerance` says otherwise."""

KINDS = {"deck-dry": "PK350", "supply": "PK351", "ties": "PK352", "timeouts": "PK353", "balance": "PK354"}
KINDS["after-end"] = "PK355"
"""Each kind of observation and its code."""


def play_findings(loaded: LoadedKit, games: int, jobs: int) -> list[Finding]:
    """Findings from `games` played games of the kit's game at its most and fewest players; a note (PK357) for a
    game with no engine. A kit whose errors leave it unplayable gives none: its errors say why."""
    kit: Any = loaded.kit
    if kit is None:
        return []
    locate = loaded.source.locate
    if kit.game not in ENGINES:
        return [
            codes.make(
                "PK357",
                f"--simulate: {kit.game!r} has no playtest engine, so no games were played "
                f"(games that have one: {', '.join(sorted(ENGINES))})",
                locate(("game",)),
                "game",
            )
        ]
    module = engine(kit.game)
    kit_readings = readings.for_kit(module.READINGS, kit)
    found = [
        codes.make(
            "PK356",
            problem.message + first_at(loaded.source, problem.first, problem.path),
            locate(problem.path),
            format_path(problem.path),
            problem.hint,
        )
        for problem in kit_readings.problems
    ]
    choices = kit_readings.resolve()
    worst: dict[tuple[str, tuple], tuple[float, Observation]] = {}
    for players in sorted({kit.players.max, kit.players.min}, reverse=True):
        try:
            rules = module.prepare(kit, players, choices)
        except (KeyError, ValueError, IndexError):
            if loaded.ok:
                raise
            return found  # the kit's errors make it unplayable; they are reported already
        cap = min(MOVE_CAP, module.default_move_cap(rules))
        result = runner.simulate(kit.game, rules, players, games, SEED, POLICY, cap, jobs, ordered_map)
        observed = list(getattr(module, "observations", _none)(result["game"], rules, kit))
        observed += _shared(result["metrics"], kit, cap)
        for seen in observed:
            severity = _severity(seen)
            if severity is None:
                continue
            key = (seen.kind, seen.path)
            if key not in worst or severity > worst[key][0]:
                worst[key] = (severity, _at(seen, players))
    for _, seen in worst.values():
        found.append(codes.make(KINDS[seen.kind], seen.what, locate(seen.path), format_path(seen.path), seen.hint))
    return suppress.silence(found, loaded.suppressions)


def _none(game: dict, rules: Any, kit: Any) -> list[Observation]:
    return []


def _at(seen: Observation, players: int) -> Observation:
    """The observation with its numbers: the rate, its interval and the games, and how they were played."""
    how = f"random play with {players} players"
    if seen.kind == "balance":
        what = f"{seen.what} ({seen.rate['n']} games, {how})"
    else:
        what = f"{seen.what}: in {seen.rate['count']:g} of {seen.rate['n']} games, {_rate(seen.rate)}, {how}"
    return Observation(seen.kind, seen.rate, seen.path, what, seen.hint)


def _rate(rate: dict) -> str:
    return f"{100 * rate['rate']:.1f} % (95 % interval {100 * rate['low']:.1f}–{100 * rate['high']:.1f} %)"


def _severity(seen: Observation) -> float | None:
    """How far past its threshold an observation is (larger is worse), or None when it is within it."""
    if seen.kind == "balance":
        return seen.rate["excess"] if seen.rate["excess"] > 0 else None
    threshold = FREQUENT_TIES if seen.kind == "ties" else RARE
    return seen.rate["rate"] if seen.rate["rate"] >= threshold and seen.rate["count"] > 0 else None


def _shared(summary: dict, kit: Any, cap: int) -> list[Observation]:
    """Observations every game shares: ties with no tie rule, timeouts, seat balance."""
    from .metrics import rate

    n = summary["games"]
    play = getattr(kit, "play", None)
    out = []
    conditions = list(getattr(kit, "end_conditions", []))
    open_ends = [
        (i, c) for i, c in enumerate(conditions) if c.tie_break is None or isinstance(c.tie_break, Unspecified)
    ]
    by_end = summary["ties"]["by_end"]
    matched = any(c.id in by_end for c in conditions)
    for i, condition in open_ends:
        count = by_end.get(condition.id, 0) if matched else summary["ties"]["at_top"]["count"]
        out.append(
            Observation(
                "ties",
                rate(count, n),
                ("end_conditions", i, "tie_break"),
                f"games ending by {condition.id!r} end in a tie at the top, and no tie rule decides who wins "
                f"(frequent from {100 * FREQUENT_TIES:.0f} %)",
                "give the end condition a tie_break (who wins, or that the tied players share the win)",
            )
        )
        if not matched:
            break
    length = ("play", "length") if play is not None and play.length is not None else ("end_conditions",)
    out.append(
        Observation(
            "timeouts",
            summary["timeouts"],
            length if conditions or length[0] == "play" else ("game",),
            f"games do not end within {cap} decisions",
            "give the game a last round or turn (an end condition that always comes)",
        )
    )
    out += _balance(summary, play)
    return out


def _balance(summary: dict, play: Any) -> list[Observation]:
    """The best and worst seats, when their gap is beyond the tolerance with both intervals."""
    seats = summary["seat_win_rate"]
    if len(seats) < 2:
        return []
    tolerance = (play.seat_tolerance if play is not None and play.seat_tolerance else None) or SEAT_TOLERANCE
    best, worst = seats[str(summary["balance"]["best_seat"])], seats[str(summary["balance"]["worst_seat"])]
    excess = best["low"] - worst["high"] - tolerance / 100
    path = ("play", "seat_tolerance") if play is not None and play.seat_tolerance else ("players",)
    b, w = summary["balance"]["best_seat"], summary["balance"]["worst_seat"]
    return [
        Observation(
            "balance",
            {**best, "excess": excess},
            path,
            f"seat {b} wins {_rate(best)}, seat {w} {_rate(worst)}: a gap of {100 * summary['balance']['gap']:.1f} "
            f"points, beyond the tolerance of {tolerance} even at the intervals' near ends",
            "even out the seats (a compensation for later seats, a different start), or state the tolerance "
            "in play.seat_tolerance",
        )
    ]
