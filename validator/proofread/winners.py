"""Two statements of who wins that measure different things (PK359): 「6つのタワーを最も開発したプレイヤーの勝ち」 in
the overview and 「勝利点（VP）が最も高いプレイヤーが勝利」 in the scoring rules (UT4). Which decides?

Read only where the kit has one end condition (a game with several ends has several winners by design), from rule
prose that names the game's winner and from that end condition's `winner:`. Points, score and VP are one measure.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

from ..checks import CheckContext
from .claims import TIE, sentences
from .prose import Texts

if TYPE_CHECKING:
    from ..components.kit import KitBase

_X_JA = r"([ァ-ヺー一-龯々A-Za-z0-9（）()]{1,16}?)"
MOST = {
    "ja": re.compile(
        _X_JA + r"(?:を|が|の)(?:最も|一番|もっとも)[^、。]{0,8}?(?:プレイヤー|人)(?:が|の)?(?:勝ち|勝利|勝者)"
    ),
    "en": re.compile(
        r"\b(?:the player|whoever|the one) (?:with|who has|holding) the (?:most|highest|greatest|largest|biggest) "
        r"([a-z][a-z ]{0,30}?) (?:wins|is the winner)\b",
        re.I,
    ),
}
"""A sentence that makes the player with the most of something the winner."""
WINNER = {
    "ja": re.compile(_X_JA + r"(?:が|の)(?:最も|一番|もっとも)(?:多い|高い|大きい)(?:プレイヤー|人)"),
    "en": re.compile(
        r"\b(?:the player|whoever) (?:with|who has|holding) the (?:most|highest|greatest|largest) ([a-z][a-z ]{0,30})",
        re.I,
    ),
}
"""An end condition's `winner:` of the same shape, with no word for winning."""
POINTS = frozenset({"点", "得点", "合計点", "勝利点", "vp", "point", "points", "victory points", "score", "total"})
"""Words that all name the score."""


def _measure(said: str) -> str:
    """What is counted, as compared: no parentheses, no leading count (「6つの」), a score under one name."""
    plain = re.sub(r"[（(][^）)]*[）)]", "", said).strip().casefold()
    plain = re.sub(r"^\d+\s*(?:つ|個|枚|本)?の?", "", plain).strip()
    return "points" if plain in POINTS else plain


def check_winners(ctx: CheckContext, kit: KitBase, texts: Texts) -> None:
    if len(kit.end_conditions) != 1:
        return
    first: dict[str, tuple[str, str, tuple]] = {}  # lang → (measure, as written, where)
    ordered = sorted(texts.prose, key=lambda entry: entry[0][:1] != ("end_conditions",))  # the model's first
    for path, lang, value in ordered:
        if lang not in MOST or path[:1] not in (("rules",), ("end_conditions",)):
            continue
        is_winner = path[:1] == ("end_conditions",) and path[2] == "winner"
        if path[:1] == ("end_conditions",) and not is_winner:
            continue
        words = unicodedata.normalize("NFKC", texts.words(path, value))
        for said in sentences(words):
            if TIE[lang].search(said):
                continue
            match = (WINNER if is_winner else MOST)[lang].search(said)
            if match is None:
                continue
            measure = _measure(match.group(1))
            if not measure:
                continue
            earlier = first.setdefault(lang, (measure, match.group(1), path))
            if earlier[0] != measure:
                ctx.add(
                    "PK359",
                    path,
                    f"the text makes the winner the player with the most {match.group(1).strip()!r}, but "
                    f"{ctx.locate(earlier[2]).brief()} says the most {earlier[1].strip()!r}: which decides?",
                    "state the winner once, by the measure the scoring counts",
                )
                return
