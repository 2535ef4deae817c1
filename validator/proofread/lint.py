"""Slips a proofreader marks in any text (PK371): two items of one list under one number, a small kana that cannot
stand where it is, half-width katakana among full-width, a character written twice over, a name written without
its middle dot.

Each is a warning: every pattern here is one a correct text does not use, but the text is the designer's.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

from ..checks import CheckContext
from .prose import Texts

if TYPE_CHECKING:
    from ..components.kit import KitBase

NUMBERED = re.compile(r"^\s*(?:(\d{1,3})\s*(?:[.)）](?!\d)|、(?!\d))|[(（](\d{1,3})[)）]|([①-⑳]))")
"""A list item's own number at its start: "1.", "1、", "(1)", "①"."""
LISTS = frozenset({"sections", "steps", "bullets", "phases", "items", "rows"})
"""Lists whose items a reader counts: rule sections, steps, bullets, phases (a deck's cards are no numbered list)."""
_KANA = "ぁ-ゖァ-ヺー"
STRAY_SMALL = {
    "a small vowel or ya/yu/yo kana that starts a word": re.compile(
        rf"(?<![{_KANA}])[ぁぃぅぇぉゃゅょゎァィゥェォャュョヮ]"
    ),
    "a small ya/yu/yo kana after a kana it cannot follow": re.compile(
        r"(?<=[あいうえおかくけこさすせそたつとなぬねのはふへほまむめもやゆよらるれろわをんがぐげござずぜぞだづでどばぶべぼぱぷぺぽ"
        r"アイウエオカクケコサスセソタツトナヌネノハヘホマムメモヤユヨラルレロワヲンガグゲゴザズゼゾダヅドバブベボパプペポ])"
        r"[ゃゅょャュョ]"
    ),
}
"""Small kana where Japanese never writes one: ゃ/ゅ/ょ follow an i-row kana (き, し…; テ, デ, フ, ヴ in loanwords)."""
HALF_WIDTH = re.compile(r"[ｦ-ﾝﾞﾟ]+")
"""Half-width katakana: printed narrower than the katakana round it."""
DOUBLED = {
    "ja": re.compile(r"づず|ずづ|ぢじ|じぢ|をを"),
    "en": re.compile(r"\b(the|a|an|to|of|and|in|on|is|for|with)\s+\1\b", re.I),
}
"""A character or word written twice over: 「1つづず」 (ずつ), 「をを」, "the the"."""


def check_lint(ctx: CheckContext, kit: KitBase, texts: Texts) -> None:
    """Every text's slips, each reported at the text (PK371)."""
    _check_numbering(ctx, texts)
    joined = _names_without_dots(texts)
    read: dict[tuple[str, str], list[str]] = {}  # a deck repeats its texts: each is read once
    for path, lang, value in texts.prose:
        key = (lang, value)
        if key not in read:
            read[key] = _slips(lang, value, joined.get(lang, {}))
        for slip in read[key]:
            ctx.add(
                "PK371",
                path,
                slip,
                "correct the character; if it is meant, write it as the kit writes it elsewhere",
            )


def _slips(lang: str, value: str, joined: dict[str, str]) -> list[str]:
    found = []
    half = HALF_WIDTH.search(value)
    if half:
        full = unicodedata.normalize("NFKC", half.group(0))
        found.append(f"{half.group(0)!r} is half-width katakana among full-width text: write {full!r}")
    words = unicodedata.normalize("NFKC", value)
    for what, pattern in STRAY_SMALL.items():
        match = pattern.search(words)
        if match:
            around = words[max(0, match.start() - 3) : match.end() + 3]
            found.append(f"{around!r}: {what} ({match.group(0)!r})")
            break
    doubled = DOUBLED.get(lang)
    match = doubled.search(words) if doubled else None
    if match:
        around = words[max(0, match.start() - 3) : match.end() + 3].strip()
        found.append(f"{around!r} writes {match.group(0)!r}: one character or word twice over")
    if joined:
        for match in _JOINED_WORD.finditer(words):
            name = joined.get(match.group(0))
            if name is not None:
                found.append(f"{match.group(0)!r} is the name {name!r} without its middle dot")
                break
    return found


_JOINED_WORD = re.compile(r"[ァ-ヺー]{4,}")
"""A run of katakana long enough to be two words written together."""


def _names_without_dots(texts: Texts) -> dict[str, dict[str, str]]:
    """Per language: each katakana name written with a middle dot ("エレメント・シフト"), keyed by the name with the dot
    left out, unless that is itself a name of the kit."""
    found: dict[str, dict[str, str]] = {}
    for _path, lang, name in texts.names:
        normal = unicodedata.normalize("NFKC", name)
        if "・" not in normal:
            continue
        joined = normal.replace("・", "")
        if re.fullmatch(r"[ァ-ヺー]{4,}", joined) and joined not in texts.known.get(lang, {}).values():
            found.setdefault(lang, {})[joined] = normal
    return found


def _check_numbering(ctx: CheckContext, texts: Texts) -> None:
    """Two items of one list (two section titles, two steps) that start with the same number."""
    lists: dict[tuple, dict[str, tuple]] = {}
    for path, _lang, value in [*texts.names, *texts.prose]:
        at = next((i for i in range(len(path) - 1, -1, -1) if isinstance(path[i], int)), None)
        if at is None or at == 0 or path[at - 1] not in LISTS:
            continue
        match = NUMBERED.match(unicodedata.normalize("NFKC", value))
        if match is None:
            continue
        number = next(g for g in match.groups() if g)
        seen = lists.setdefault((path[:at], path[at + 1 :]), {})
        first = seen.setdefault(number, path)
        if first is not path:
            ctx.add(
                "PK371",
                path,
                f"{match.group(0).strip()!r} numbers a second item of one list: {ctx.locate(first).brief()} has it "
                "already",
                "renumber the list (or drop the numbers: pnpkit numbers steps itself)",
            )
