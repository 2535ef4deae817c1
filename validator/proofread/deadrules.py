"""Effects whose cap never binds (PK339): a storm that limits a turn's expansion to 1 cell when a turn expands by
1 cell anyway (`expand_cells_per_turn: 1`), or an effect that limits the cards played to 2 under
`limits.plays_per_turn: 1`. The effect changes nothing, and the rulebook meant something else.

Only an effect's text is read (a rule section that restates the usual limit is no cap), and only a per-turn number
of the same unit that the kit states once: a parameter named `…_cells_per_turn` or `…_cards_per_turn`, or
`play.limits.plays_per_turn`.
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
