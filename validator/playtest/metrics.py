"""Metrics every game shares, from the records of finished games.

A record is a dict with at least:
    winners  the seats that won (several when they share the win; none at a timeout)
    end      the end condition that ended the game, or "timeout"
    tie      None, or the tie rule that decided a tie at the top ("hand", "shared", ...)
    turns    player turns played
    cycles   cycles (rounds) completed

Seats count from the start player (seat 1 moves first). A shared win counts as a
share of a win: 1/k to each of k winners, so the seats' win rates add up to the completion.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Observation:
    """Something a game's own measures show about its rules, as a rate of games, for `validate --simulate`:
    `kind` is one of validator.playtest.findings.KINDS ("deck-dry", "supply", "after-end"); `path` the place
    in the kit model that states the rule concerned; `what` says what happens, without the rate."""

    kind: str
    rate: dict
    path: tuple
    what: str
    hint: str = ""


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate: sound at 0 % and 100 % and for small n."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(successes: float, n: int) -> dict:
    """A rate with its 95 % interval, rounded for stable output."""
    low, high = wilson(successes, n)
    return {"rate": _r(successes / n if n else 0.0), "low": _r(low), "high": _r(high), "count": _r(successes), "n": n}


def mean_interval(values: Sequence[float]) -> dict:
    """A mean with its normal-approximation 95 % interval."""
    n = len(values)
    if n == 0:
        return {"mean": 0.0, "low": 0.0, "high": 0.0, "n": 0}
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    return {"mean": _r(mean), "low": _r(mean - half), "high": _r(mean + half), "n": n}


def percentiles(values: Sequence[float], points: Sequence[int] = (5, 25, 50, 75, 95)) -> dict:
    """min, the nearest-rank percentiles, max and mean of a distribution."""
    if not values:
        return {}
    ordered = sorted(values)
    n = len(ordered)
    out: dict = {"min": ordered[0]}
    for p in points:
        out[f"p{p}"] = ordered[max(0, math.ceil(p / 100 * n) - 1)]
    out["max"] = ordered[-1]
    out["mean"] = _r(sum(ordered) / n)
    return out


def histogram(values: Sequence[int]) -> dict[str, int]:
    """Counts of each value, in value order (keys are strings, for JSON)."""
    return {str(k): v for k, v in sorted(Counter(values).items())}


def summarise(records: Sequence[dict], players: int) -> dict:
    """Completion, win rate per seat, balance, first-player advantage, ties, timeouts and length."""
    n = len(records)
    timeouts = sum(1 for r in records if r["end"] == "timeout")
    shares = [0.0] * players
    for record in records:
        winners = record["winners"]
        for seat in winners:
            shares[seat] += 1 / len(winners)
    seats = [rate(s, n) for s in shares]
    fair = 1 / players
    first = seats[0] if seats else rate(0, n)
    ties = [r for r in records if r["tie"]]
    ends = Counter(r["end"] for r in records)
    return {
        "games": n,
        "completion": rate(n - timeouts, n),
        "timeouts": rate(timeouts, n),
        "seat_win_rate": {str(i + 1): seat for i, seat in enumerate(seats)},
        "balance": {
            "gap": _r(max(s["rate"] for s in seats) - min(s["rate"] for s in seats)) if seats else 0.0,
            "best_seat": 1 + max(range(players), key=lambda i: (shares[i], -i)),
            "worst_seat": 1 + min(range(players), key=lambda i: (shares[i], i)),
            "fair_rate": _r(fair),
        },
        "first_player": {
            "win_rate": first,
            "advantage": _r(first["rate"] - fair),
            "advantage_low": _r(first["low"] - fair),
            "advantage_high": _r(first["high"] - fair),
        },
        "ties": {
            "at_top": rate(len(ties), n),
            "decided_by": dict(sorted(Counter(r["tie"] for r in ties).items())),
            "by_end": dict(sorted(Counter(r["end"] for r in ties).items())),
            "shared_wins": rate(sum(1 for r in records if len(r["winners"]) > 1), n),
        },
        "ends": dict(sorted(ends.items())),
        "length": {
            "turns": percentiles([r["turns"] for r in records]),
            "cycles": percentiles([r["cycles"] for r in records]),
            "mean_turns": mean_interval([r["turns"] for r in records]),
            "cycles_histogram": histogram([r["cycles"] for r in records]),
        },
    }


def rate_measures(summary: dict) -> dict[str, dict]:
    """The shared measures that carry an interval, by a dotted name: what a reading comparison compares."""
    out = {
        "completion": summary["completion"],
        "timeouts": summary["timeouts"],
        "first_player.win_rate": summary["first_player"]["win_rate"],
        "ties.at_top": summary["ties"]["at_top"],
        "ties.shared_wins": summary["ties"]["shared_wins"],
    }
    for seat, value in summary["seat_win_rate"].items():
        out[f"seat_win_rate.{seat}"] = value
    mean = summary["length"]["mean_turns"]
    out["length.mean_turns"] = {"rate": mean["mean"], "low": mean["low"], "high": mean["high"]}
    return out


def moved(base: dict[str, dict], other: dict[str, dict]) -> list[dict]:
    """Measures whose 95 % intervals under another reading do not overlap the kit's reading's."""
    out = []
    for name, value in other.items():
        ref = base.get(name)
        if ref is None:
            continue
        if value["low"] > ref["high"] or value["high"] < ref["low"]:
            out.append({"measure": name, "from": ref["rate"], "to": value["rate"]})
    return out


def _r(x: float) -> float:
    return round(float(x), 4)
