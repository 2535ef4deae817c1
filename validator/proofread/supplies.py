"""Numbers the prose states against the end conditions, the supplies and a turn's limits (PK346): "the first to
reach 12 victory points" where the end condition says 10, "your 6 settlements" against a supply of 5 each, "play 2
development cards" against `limits.plays_per_turn: 1`.

Each reads prose, so each is a warning, and each fires only where the prose goes past what the kit states: fewer
settlements than the supply, or one card where two may be played, is ordinary rules writing.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..checks import CheckContext
from .claims import sentences
from .facts import NUMBER_WORDS, thing
from .prose import Texts
from .vocabulary import Numbers

if TYPE_CHECKING:
    from ..components.kit import KitBase

_N = r"(\d{1,4}|" + "|".join(NUMBER_WORDS) + r")"
POINTS = {
    "en": re.compile(
        rf"\b(?:reach(?:es|ing)?|first to(?: reach| score| get)?|gets? to|at least) {_N} (?:victory points|points|VP)\b",
        re.I,
    ),
    "ja": re.compile(
        r"(\d{1,4})\s*(?:勝利点|点|VP)(?:以上)?(?:に|を|へ)?(?:到達|達し|達する|先取|獲得した|集めた|になった)"
    ),
}
"""A score that ends the game: "reaches 10 victory points", 「10勝利点に到達」."""
GAME_END = {
    "en": re.compile(r"\b(?:wins the game|wins[.!]?\s*$|the winner|game ends|ends the game|first to)", re.I),
    "ja": re.compile(r"勝|終了|終わ"),
}
OWNED = {
    "en": re.compile(rf"\b(?:your|their|his|her|all|each player's|all of your) {_N} ([a-z]+)", re.I),
    "ja": re.compile(
        r"(?:自分の|手持ちの|各自の|すべての|全ての)([ァ-ヺー一-龯々]{1,8})(\d{1,4})\s*(?:個|つ|枚|本|軒|台|体)"
    ),
}
"""A player's pieces counted: "your 6 settlements", 「自分の開拓地6個」."""
PLAYS = {
    "en": re.compile(rf"\bplay (?:up to |at most )?{_N} (?:[a-z-]+ ){{0,2}}cards?\b", re.I),
    "ja": re.compile(r"(\d{1,2})\s*枚(?:まで|以内)?(?:を)?(?:プレイ|使用|出す|出せ|出して)"),
}
"""Cards played on a turn: "play 2 development cards", 「発展カードを2枚プレイ」."""
EXTRA = {
    "en": re.compile(r"\b(?:extra|additional|more|another|instead)\b", re.I),
    "ja": re.compile(r"追加|さらに|もう|余分|代わり"),
}
"""Words of an effect that lifts the usual limit: its number is no claim about the limit."""


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBER_WORDS[word.casefold()]


def check_prose_supplies(ctx: CheckContext, kit: KitBase, texts: Texts, numbers: Numbers) -> None:
    """Each number the prose states against the end condition's score, a supply's count and the plays a turn."""
    ends: dict[str, dict[int, tuple]] = {}
    for path, lang, value in texts.prose:
        if lang in POINTS and path[:1] == ("end_conditions",) and path[2] == "when":
            for match in _end_points(lang, unicodedata.normalize("NFKC", texts.words(path, value))):
                ends.setdefault(lang, {}).setdefault(_number(match.group(1)), path)
    supplies = _player_supplies(kit, numbers)
    plays = _plays_limit(kit, numbers)
    if not (ends or supplies or plays):
        return
    for path, lang, value in texts.prose:
        if lang not in POINTS or path[:1] == ("end_conditions",):
            continue
        words = unicodedata.normalize("NFKC", texts.words(path, value))
        _check_points(ctx, path, lang, words, ends.get(lang, {}))
        _check_owned(ctx, path, lang, words, supplies)
        if plays is not None and path[:1] == ("rules",):
            _check_plays(ctx, path, lang, words, plays)


def _end_points(lang: str, words: str) -> list[re.Match[str]]:
    """The scores an end condition names: 「10点」, "10 victory points"."""
    loose = r"(\d{1,4})\s*(?:勝利点|点|VP)" if lang == "ja" else rf"\b{_N} (?:victory points|points|VP)\b"
    return list(re.finditer(loose, words, re.I))


def _in_sentences(pattern: re.Pattern[str], words: str) -> Iterator[tuple[re.Match[str], str]]:
    """Each match of `pattern` with the sentence it stands in, the text split once (linear in the text)."""
    for said in sentences(words):
        for match in pattern.finditer(said):
            yield match, said


def _check_points(ctx: CheckContext, path: tuple, lang: str, words: str, ends: dict[int, tuple]) -> None:
    if not ends:
        return
    for match, said in _in_sentences(POINTS[lang], words):
        value = _number(match.group(1))
        if not GAME_END[lang].search(said):
            continue
        if value not in ends:
            stated, where = next(iter(ends.items()))
            ctx.add(
                "PK346",
                path,
                f"the text ends the game at {value} points ({match.group(0)!r}), but the end condition at "
                f"{ctx.locate(where).brief()} says {stated}",
                "make them one number: write it as a {placeholder} of the kit's parameters",
            )
            return


def _player_supplies(kit: KitBase, numbers: Numbers) -> dict[str, tuple[int, tuple]]:
    """Each supply a player has a count of, by its name as prose counts it: (count, where the count is)."""
    found: dict[str, tuple[int, tuple]] = {}
    for s, supply in enumerate(kit.play.supplies if kit.play else []):
        where = ("play", "supplies", s, "count")
        count = numbers(where, supply.count)
        if count is None or supply.per != "player":
            continue
        for _lang, name in supply.name.given():
            if name:
                found[thing(name)] = (count, where)
    return found


def _check_owned(ctx: CheckContext, path: tuple, lang: str, words: str, supplies: dict) -> None:
    if not supplies:
        return
    for match in OWNED[lang].finditer(words):
        n, name = (match.group(2), match.group(1)) if lang == "ja" else (match.group(1), match.group(2))
        found = supplies.get(thing(name))
        if found is not None and _number(n) > found[0]:
            count, where = found
            ctx.add(
                "PK346",
                path,
                f"the text counts {match.group(0)!r}, but each player has {count} (the supply at "
                f"{ctx.locate(where).brief()})",
                "make them one number: write it as a {placeholder}, or correct the supply's count",
            )
            return


def _plays_limit(kit: KitBase, numbers: Numbers) -> tuple[int, tuple] | None:
    limits = kit.play.limits if kit.play else None
    if limits is None:
        return None
    where = ("play", "limits", "plays_per_turn")
    value = numbers(where, limits.plays_per_turn)
    return (value, where) if value is not None else None


def _check_plays(ctx: CheckContext, path: tuple, lang: str, words: str, plays: tuple[int, tuple]) -> None:
    limit, where = plays
    for match, said in _in_sentences(PLAYS[lang], words):
        if _number(match.group(1)) > limit and not EXTRA[lang].search(said):
            ctx.add(
                "PK346",
                path,
                f"the text has a player {match.group(0)!r}, but a turn allows {limit} "
                f"(play.limits.plays_per_turn at {ctx.locate(where).brief()})",
                "make them one number, or say what lifts the limit",
            )
            return
