"""Rules that can never bind or never come. Effects whose cap never binds (PK339): a storm that limits a turn's expansion to 1 cell when a turn expands by
1 cell anyway (`expand_cells_per_turn: 1`), or an effect that limits the cards played to 2 under
`limits.plays_per_turn: 1`. The effect changes nothing, and the rulebook meant something else.

Only an effect's text is read (a rule section that restates the usual limit is no cap), and only a per-turn number
of the same unit that the kit states once: a parameter named `…_cells_per_turn` or `…_cards_per_turn`, or
`play.limits.plays_per_turn`. An end condition that waits for the deck to run out beside a rule that refills it
as it does (PK358).
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

from ..checks import CheckContext
from .facts import NUMBER_WORDS
from .prose import Texts
from .vocabulary import Numbers

if TYPE_CHECKING:
    from ..components.kit import KitBase

_N = r"(\d{1,3}|" + "|".join(NUMBER_WORDS) + r")"
CAP = {
    "ja": re.compile(r"(\d{1,3})\s*(マス|枚)(?:まで)?(?:に)?制限"),
    "en": re.compile(rf"\b(?:limited|capped|restricted) to (?:at most )?{_N} (cells?|cards?)\b", re.I),
}
"""An effect that caps a number a turn: 「1マスに制限」, "limited to 1 cell"."""
UNITS = {"マス": "cells", "枚": "cards", "cell": "cells", "cells": "cells", "card": "cards", "cards": "cards"}
EFFECT_PARTS = frozenset({"effect", "effects", "events", "event"})
"""Fields an effect's text is found under: a model's `effect:`, `play.effects`, a game's `events`."""


def check_dead_caps(ctx: CheckContext, kit: KitBase, texts: Texts, numbers: Numbers) -> None:
    usual = _per_turn(kit, numbers)
    if not usual:
        return
    for path, lang, value in texts.prose:
        if lang not in CAP or not EFFECT_PARTS & set(path) or "examples" in path:
            continue
        words = unicodedata.normalize("NFKC", texts.words(path, value))
        for match in CAP[lang].finditer(words):
            n = match.group(1)
            cap = int(n) if n.isdigit() else NUMBER_WORDS[n.casefold()]
            found = usual.get(UNITS[match.group(2).casefold()])
            if found is not None and found[0] <= cap:
                turn, where = found
                ctx.add(
                    "PK339",
                    path,
                    f"the effect caps it at {match.group(0).strip()!r}, but a turn allows {turn} anyway "
                    f"({where[-1]} at {ctx.locate(where).brief()}): the cap never binds",
                    "say what the effect really takes away (a cell less than usual, none at all), or drop it",
                )
                break


DECK_OUT_END = {
    "ja": re.compile(r"山札[^。]{0,30}?(?:補充できな|尽き|なくな|引けな)"),
    "en": re.compile(
        r"\b(?:deck|draw pile)\b[^.]{0,30}?\b(?:runs out|is empty|cannot|can no longer|can't)|"
        r"\b(?:can no longer|cannot|can't) be refilled",
        re.I,
    ),
}
"""An end that comes when the deck can no longer refill or runs out."""
DECK_OUT_REFILL = {
    "ja": re.compile(
        r"山札が(?:尽き|なくな)[^。]{0,6}?(?:たら|ると|れば|とき|時)[^。]{0,24}?(?:補充|から引|山札にする|新しい山札|混ぜ)"
    ),
    "en": re.compile(
        r"\bwhen the (?:deck|draw pile) (?:runs out|is empty)\b[^.]{0,40}?\b(?:refill|reshuffle|shuffle|draw from|"
        r"take from|new (?:deck|draw pile))",
        re.I,
    ),
}
"""A rule that refills the deck the moment it runs out: 「山札が尽きたら、予備から補充する」."""
SOURCE = {
    "ja": re.compile(r"(?:たら|ると|れば|とき|時)、?\s*([^。、\s]{1,8}?)(?:の(?:カード|札)?)?から"),
    "en": re.compile(r"\b(?:from|with|using) (?:the |your )?([a-z]+)", re.I),
}
"""What refills the deck ("the reserve", 「予備」): an end that names it waits for it too, and is silent."""
AGAIN = {
    "ja": re.compile(r"[2２二]度目|[2２二]回目|再び|もう一度|[2２二]度"),
    "en": re.compile(r"\b(?:second|third|again|twice)\b", re.I),
}
"""An end at the deck's second running out counts the refill in."""


def check_pre_empted_ends(ctx: CheckContext, texts: Texts) -> None:
    """An end condition that waits for the deck to run out, beside a rule that refills it then (PK358): which comes
    first, the refill or the end?"""
    refills: dict[str, tuple[tuple, str]] = {}
    ends: list[tuple[tuple, str, str, str]] = []
    for path, lang, value in texts.prose:
        if lang not in DECK_OUT_END:
            continue
        words = unicodedata.normalize("NFKC", texts.words(path, value))
        if path[:1] == ("end_conditions",) and path[2] == "when":
            end = DECK_OUT_END[lang].search(words)
            if end and not AGAIN[lang].search(words):
                ends.append((path, lang, end.group(0), words.casefold()))
        elif lang not in refills and DECK_OUT_REFILL[lang].search(words):
            named = SOURCE[lang].search(words)
            refills[lang] = (path, named.group(1).casefold() if named else "")
    for path, lang, said, whole in ends:
        refill, source = refills.get(lang, ((), ""))
        if refill and not (source and source in whole):
            ctx.add(
                "PK358",
                path,
                f"the game ends when {said!r}, but the rule at {ctx.locate(refill).brief()} refills the deck "
                "as it runs out: that end can only come once the refill is gone too, if ever",
                "say which comes first: end when the deck and what refills it are both spent, or when the deck "
                "first runs out",
            )


def _per_turn(kit: KitBase, numbers: Numbers) -> dict[str, tuple[int, tuple]]:
    """The usual number a turn, by unit, where the kit states exactly one: (the number, where it is stated)."""
    found: dict[str, list[tuple[int, tuple]]] = {}
    for name, value in kit.placeholder_values().items():
        match = re.search(r"_(cells|cards)_per_turn$", name)
        if match and isinstance(value, int) and not isinstance(value, bool):
            found.setdefault(match.group(1), []).append((value, ("parameters", name)))
    limits = kit.play.limits if kit.play else None
    if limits is not None:
        plays = numbers(("play", "limits", "plays_per_turn"), limits.plays_per_turn)
        if plays is not None:
            found.setdefault("cards", []).append((plays, ("play", "limits", "plays_per_turn")))
    return {unit: stated[0] for unit, stated in found.items() if len(stated) == 1}
