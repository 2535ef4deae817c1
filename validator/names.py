"""How players read names: two that normalise to one text, and look-alike characters that are probably typos.

Generic checks any rule model can call on its names; each takes plain values plus the YAML path to point at, so it
knows nothing about a particular game.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .checks import CheckContext


def normalise_name(name: str) -> str:
    """NFKC, case-folded, without spaces and middle dots: how players would read two names as one."""
    text = unicodedata.normalize("NFKC", name).casefold()
    for mark in (" ", "\u3000", "・", "･", "·", "-", "_"):
        text = text.replace(mark, "")
    return text


LOOKALIKES = {
    "力": "カ",
    "カ": "力",
    "口": "ロ",
    "ロ": "口",
    "工": "エ",
    "エ": "工",
    "二": "ニ",
    "ニ": "二",
    "一": "ー",
    "ー": "一",
    "卜": "ト",
    "ト": "卜",
}
"""Katakana and kanji that print almost alike; a name mixing them is usually a typo."""


def _is_katakana(ch: str) -> bool:
    return "\u30a0" <= ch <= "\u30ff" and ch != "・"


def _is_kanji(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff"


def lookalike_suspects(name: str) -> list[tuple[int, str, str]]:
    """(index, found, probably meant) for look-alike characters out of place in `name`.

    A kanji look-alike between katakana (エレメント written with 一) or a
    katakana look-alike between kanji (魔カ for 魔力) is flagged.
    """
    out = []
    for i, ch in enumerate(name):
        if ch not in LOOKALIKES:
            continue
        around = [c for c in (name[i - 1] if i else "", name[i + 1] if i + 1 < len(name) else "") if c]
        if _is_kanji(ch):
            # a neighbour that is itself a katakana look-alike proves nothing either way
            neighbours = [c for c in around if not (_is_katakana(c) and c in LOOKALIKES)]
            if neighbours and all(_is_katakana(c) for c in neighbours):
                out.append((i, ch, LOOKALIKES[ch]))
        else:
            neighbours = [c for c in around if not (_is_kanji(c) and c in LOOKALIKES)]
            if neighbours and all(_is_kanji(c) for c in neighbours):
                out.append((i, ch, LOOKALIKES[ch]))
    return out


def item_names(model: Any, lists: Iterable[str], languages: Iterable[str] | None = None) -> list[tuple[tuple, str]]:
    """(path, text) for the `name` of every item in the model's named lists, in the languages given (by default
    every language each name is written in)."""
    out = []
    for list_name in lists:
        for i, item in enumerate(getattr(model, list_name)):
            given = item.name.given() if languages is None else [(lang, item.name.text(lang)) for lang in languages]
            for lang, value in given:
                if value:
                    out.append(((list_name, i, "name", lang), value))
    return out


def check_lookalikes(ctx: CheckContext, names: Iterable[tuple[tuple, str]]) -> None:
    """Warn about look-alike characters that are probably typos (カ/力, ロ/口, エ/工, ニ/二, ー/一, ト/卜)."""
    for path, name in names:
        for index, found, meant in lookalike_suspects(name):
            ctx.add(
                "PK312",
                path,
                f"{name!r} has {found!r} (U+{ord(found):04X}) at position {index + 1}, which looks like {meant!r} (U+{ord(meant):04X})",
                f"did you mean {name[:index] + meant + name[index + 1 :]!r}?",
            )
