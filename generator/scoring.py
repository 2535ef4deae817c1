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
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from pnpkit.validator.components.kit import KitBase
    from pnpkit.validator.components.play import Scoring
    from pnpkit.validator.score_sheet import Scored
    from pnpkit.validator.source import Source

STDIN = "<stdin>"
MAX_POINTS = 10**9
"""Larger is a typo: no game scores a billion."""
_ITEM = re.compile(r"[^\s,、，]+")


class InputError(Exception):
    """Bad input to `pnpkit score` (points, or Wizard's cards): carries the one-line `file:line:col: message`."""


def _key(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().casefold()


def name_index(things: Iterable[Any], key: Callable[[str], str]) -> dict[str, str]:
    """Every way to write one of `things` (scoring categories, cards): its id and its name in each language,
    normalised by `key`."""
    index: dict[str, str] = {}
    for thing in things:
        index[key(thing.id)] = thing.id
        for _lang, name in thing.name.given() if thing.name is not None else ():
            if name:
                index[key(name)] = thing.id
    return index


def category_index(scoring: Scoring) -> dict[str, str]:
    return name_index(scoring.categories, _key)


def read_mapping(path: Path, example: str) -> Source:
    """A YAML file of players → something, read as kit files are (bounded, strict, with positions); a file that
    cannot be read, or holds no mapping, is one line naming where and showing `example`."""
    from pnpkit.validator.source import load_file

    display = str(path)
    source, problems = load_file(path, display)
    if source is None:
        finding = problems[0]
        where = finding.location if finding.location.line else f"{display}:1:1"
        raise InputError(f"{where}: {finding.message}")
    if not isinstance(source.data, dict) or not source.data:
        raise InputError(f"{display}:1:1: write each player's {example}")
    return source


def _category(index: dict[str, str], name: object, where: str) -> str:
    found = index.get(_key(str(name))) if isinstance(name, (str, int)) else None
    if found is None:
        known = ", ".join(sorted(set(index.values())))
        raise InputError(f"{where}: unknown scoring category {str(name)!r} (categories: {known})")
    return found


def _points(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_POINTS:
        raise InputError(f"{where}: points are a whole number, e.g. 12 or -3 (got {value!r})")
    return value


def read_yaml_points(path: Path, kit: KitBase, scoring: Scoring) -> dict[str, dict[str, int]]:
    source = read_mapping(path, "points as `player: {category: points, …}`")
    data = source.data
    display = str(path)
    index = category_index(scoring)
    found: dict[str, dict[str, int]] = {}
    for player, given in data.items():
        if not isinstance(given, dict):
            raise InputError(f"{source.locate((player,))}: {player}'s points are a mapping of category: points")
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
            raise InputError(f"{STDIN}:{number}:1: write `name: {ids[0]}=12 …`, one player a line")
        if player in found:
            raise InputError(f"{STDIN}:{number}:1: {player} is already listed")
        mine: dict[str, int] = {}
        for n, match in enumerate(_ITEM.finditer(line, sep + 1)):
            at = f"{STDIN}:{number}:{match.start() + 1}"
            name, eq, value = match.group(0).partition("=")
            if not eq:
                if n >= len(ids):
                    raise InputError(f"{at}: more points than the kit's {len(ids)} categories")
                name, value = ids[n], match.group(0)
            category = _category(index, name, at)
            try:
                number_value = int(value)
            except ValueError:
                raise InputError(f"{at}: points are a whole number, e.g. 12 or -3 (got {value!r})") from None
            mine[category] = mine.get(category, 0) + _points(number_value, at)
        found[player] = mine
    if not found:
        raise InputError(f"{STDIN}:1:1: no players given; write `name: {ids[0]}=12 …`, one player a line")
    _check_players(kit, found, f"{STDIN}:1:1")
    return found


def _check_players(kit: KitBase, found: dict[str, dict[str, int]], where: str) -> None:
    if len(found) > kit.players.max:
        raise InputError(f"{where}: {len(found)} players, but the game is for {kit.players.min}–{kit.players.max}")


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
