"""`pnpkit score` for any kit that declares scoring categories (`play.scoring`): read each player's points per
category, from a YAML file or typed one player a line, and print the totals and places.

    赤: {gold: 12, ports: 3}          # a YAML file: player → category → points
    赤: gold=12 ports=3               # typed: `category=points`, or the points alone in the categories' order
    青: 10 5

A category is written by its id or its name in any language the kit ships. Bad input is one line naming
`file:line:col`, as for kit files.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from pnpkit.validator.components.kit import KitBase
    from pnpkit.validator.components.play import Scoring
    from pnpkit.validator.score_sheet import Scored

STDIN = "<stdin>"
MAX_POINTS = 10**9
"""Larger is a typo: no game scores a billion."""
_ITEM = re.compile(r"[^\s,、，]+")


class PointsError(Exception):
    """Bad points: carries the one-line `file:line:col: message`."""


def _key(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().casefold()


def category_index(scoring: Scoring) -> dict[str, str]:
    """Every way to write a category: its id and its names, normalised."""
    index: dict[str, str] = {}
    for category in scoring.categories:
        index[_key(category.id)] = category.id
        for lang in ("ja", "en"):
            name = getattr(category.name, lang, None)
            if name:
                index[_key(name)] = category.id
    return index


def _category(index: dict[str, str], name: object, where: str) -> str:
    found = index.get(_key(str(name))) if isinstance(name, (str, int)) else None
    if found is None:
        known = ", ".join(sorted(set(index.values())))
        raise PointsError(f"{where}: unknown scoring category {str(name)!r} (categories: {known})")
    return found


def _points(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_POINTS:
        raise PointsError(f"{where}: points are a whole number, e.g. 12 or -3 (got {value!r})")
    return value


def read_yaml_points(path: Path, kit: KitBase, scoring: Scoring) -> dict[str, dict[str, int]]:
    from pnpkit.validator.source import load_file

    display = str(path)
    source, problems = load_file(path, display)
    if source is None:
        finding = problems[0]
        where = finding.location if finding.location.line else f"{display}:1:1"
        raise PointsError(f"{where}: {finding.message}")
    data = source.data
    if not isinstance(data, dict) or not data:
        raise PointsError(f"{display}:1:1: write each player's points as `player: {{category: points, …}}`")
    index = category_index(scoring)
    found: dict[str, dict[str, int]] = {}
    for player, given in data.items():
        if not isinstance(given, dict):
            raise PointsError(f"{source.locate((player,))}: {player}'s points are a mapping of category: points")
        mine: dict[str, int] = {}
        for name, value in given.items():
            category = _category(index, name, str(source.locate((player, name), key=True)))
            mine[category] = mine.get(category, 0) + _points(value, str(source.locate((player, name))))
        found[str(player)] = mine
    _check_players(kit, found, f"{display}:1:1")
    return found


def read_typed_points(stream: TextIO, kit: KitBase, scoring: Scoring) -> dict[str, dict[str, int]]:
    """One player a line: `name: category=points …`, or `name: points points …` in the categories' order."""
    index = category_index(scoring)
    ids = [category.id for category in scoring.categories]
    found: dict[str, dict[str, int]] = {}
    for number, raw in enumerate(stream, start=1):
        line = raw.rstrip("\n")
        if not line.strip():
            if found:
                break
            continue
        sep = next((i for i, ch in enumerate(line) if ch in ":："), -1)
        player = line[:sep].strip() if sep >= 0 else ""
        if not player:
            raise PointsError(f"{STDIN}:{number}:1: write `name: {ids[0]}=12 …`, one player a line")
        if player in found:
            raise PointsError(f"{STDIN}:{number}:1: {player} is already listed")
        mine: dict[str, int] = {}
        for n, match in enumerate(_ITEM.finditer(line, sep + 1)):
            at = f"{STDIN}:{number}:{match.start() + 1}"
            name, eq, value = match.group(0).partition("=")
            if not eq:
                if n >= len(ids):
                    raise PointsError(f"{at}: more points than the kit's {len(ids)} categories")
                name, value = ids[n], match.group(0)
            category = _category(index, name, at)
            try:
                number_value = int(value)
            except ValueError:
                raise PointsError(f"{at}: points are a whole number, e.g. 12 or -3 (got {value!r})") from None
            mine[category] = mine.get(category, 0) + _points(number_value, at)
        found[player] = mine
    if not found:
        raise PointsError(f"{STDIN}:1:1: no players given; write `name: {ids[0]}=12 …`, one player a line")
    _check_players(kit, found, f"{STDIN}:1:1")
    return found


def _check_players(kit: KitBase, found: dict[str, dict[str, int]], where: str) -> None:
    if len(found) > kit.players.max:
        raise PointsError(f"{where}: {len(found)} players, but the game is for {kit.players.min}–{kit.players.max}")


def render_points(scoring: Scoring, scored: list[Scored], lang: str) -> str:
    """A line per player: the total, then the points by category; then the places."""
    names = {category.id: category.name.get(lang) for category in scoring.categories}
    lines = []
    for result in scored:
        parts = ", ".join(f"{names[c]} {p}" for c, p in result.points.items())
        lines.append(f"{result.player}: {result.total} ({parts})")
    ranked = sorted(scored, key=lambda s: s.place)
    places = "  ".join(f"{s.place}. {s.player} {s.total}" + (" (=)" if s.tied else "") for s in ranked)
    lines += ["", places]
    return "\n".join(lines)


def points_json(scored: list[Scored]) -> list[dict]:
    return [
        {"player": s.player, "points": s.points, "total": s.total, "place": s.place, "tied": s.tied} for s in scored
    ]
