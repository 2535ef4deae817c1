"""Comparisons with no rule for a tie (PK347), in any wording and wherever a rule is written.

A declared comparison (`play.comparisons`) says what a tie does. A rule that decides by comparing ("the higher
total wins", 「多い方が勝ち」, 「攻撃力が最も大きい駒以外は破壊」) says, in the same rule, what equal values do: a rule
section, a phase's steps, a card, an event. A sentence about the game's winner is covered by the end condition's
`tie_break`; a battle or a trick decided inside the game is not, even when its words are "wins".
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

from ..checks import CheckContext
from ..markup import has_markup, plain
from ..types import LocalText
from .claims import COMPARE, DECIDE, GAME_WIN, TIE, sentences
from .prose import Texts

if TYPE_CHECKING:
    from ..components.kit import KitBase

BOUT = {
    "ja": re.compile(r"戦闘|バトル|対決|勝負|決闘|戦い|攻撃|防御"),
    "en": re.compile(r"\b(?:battles?|fights?|combat|duels?|showdowns?|contests?|attacks?|defen[cs]e)\b", re.I),
}
"""Words that name a contest inside the game: its "wins" is not the game's, so the game's tie-break does not cover it."""
THE_GAME = {
    "ja": re.compile(r"ゲーム|最終|勝利条件|終了"),
    "en": re.compile(r"\b(?:game|final|overall)\b", re.I),
}
"""Words that put a win at the game's end."""
THE_PLAYERS = {
    "ja": re.compile(r"プレイヤー|人|者|点|ゲーム|トリック|スート"),
    "en": re.compile(r"\b(?:players?|whoever|who|winner|points?|score|VP|game|tricks?|suits?)\b", re.I),
}
"""Words of a sentence about the game's winner (a player, a score) or a trick (whose cards are one of a kind): a
"wins" without them ("the higher power wins") decides a contest between values, which the game's tie-break does not
settle."""
NOT_RULES = frozenset({"play", "end_conditions"})
"""Top-level fields whose comparisons are declared with their tie rule (`tie:`, `tie_break:`)."""


def check_ties(ctx: CheckContext, kit: KitBase, texts: Texts) -> None:
    """A declared comparison says what a tie does (or `unspecified`); a rule that decides by comparing says in the
    same rule what equal values do (PK347)."""
    play = kit.play
    if play is not None:
        for c, comparison in enumerate(play.comparisons):
            if comparison.tie is None:
                ctx.add(
                    "PK347",
                    ("play", "comparisons", c),
                    f"{comparison.name.get(ctx.languages[0])!r} is decided by comparing, and nothing says what a tie does",
                    "add `tie:` with the rule for equal values, or `tie: unspecified` where the rulebook is silent",
                )
    rules: dict[tuple, list[tuple[tuple, str]]] = {}
    for path, lang, value in texts.prose:
        if path[0] in NOT_RULES or lang not in TIE:
            continue
        rules.setdefault(_rule_of(path[:-1]) + (lang,), []).append((path, _plain(texts.words(path, value))))
    tie_rules = [c for c in (play.comparisons if play else []) if c.tie is not None]
    game_ties = any(end.tie_break is not None for end in kit.end_conditions) or bool(
        play is not None and play.scoring is not None and play.scoring.tie_break
    )
    for key, entries in rules.items():
        lang = key[-1]
        if any(TIE[lang].search(words) for _path, words in entries):
            continue
        heading = _heading(kit, key[:-1], lang)
        for path, words in entries:
            said = next((s for s in sentences(words) if _decides(lang, s, heading, game_ties)), None)
            if said is None or any(c.name.get(lang) and c.name.get(lang) in said for c in tie_rules):
                continue
            ctx.add(
                "PK347",
                path,
                f"{said.strip()!r} decides by comparing, but the rule never says what equal values do",
                "say what a tie does in the same rule (both lose, the defender wins, compare again…), or declare it "
                "in play.comparisons with `tie:` (`unspecified` if the rulebook is silent)",
            )
            break


def _plain(value: str) -> str:
    return unicodedata.normalize("NFKC", plain(value) if has_markup(value) else value)


def _decides(lang: str, said: str, heading: str, game_ties: bool) -> bool:
    """The sentence compares and decides something a tie leaves open: a game win the end condition's tie-break
    covers is not open, unless the sentence is about a contest inside the game."""
    if not COMPARE[lang].search(said):
        return False
    contest = bool(BOUT[lang].search(said) or BOUT[lang].search(heading)) and not THE_GAME[lang].search(said)
    contest = contest or not (THE_PLAYERS[lang].search(said) or THE_PLAYERS[lang].search(heading))
    return any(
        not (game_ties and not contest and GAME_WIN[lang].fullmatch(decides.group(0)))
        for decides in DECIDE[lang].finditer(said)
    )


def _rule_of(path: tuple) -> tuple:
    """The rule a text belongs to: a rule section (its text, bullets, steps and table together), else the innermost
    listed thing that holds it (a phase, a card, an event), so a phase's steps are read together."""
    if path[:2] == ("rules", "sections"):
        return path[:3]
    for i in range(len(path) - 1, -1, -1):
        if isinstance(path[i], int) and i + 1 < len(path):
            return path[: i + 1]
    return path


def _heading(kit: KitBase, path: tuple, lang: str) -> str:
    """The rule's own title or name, in `lang` ("戦闘フェイズ"), or ""."""
    node: object = kit
    for part in path:
        try:
            node = node[part] if isinstance(node, (list, dict)) else getattr(node, part)
        except (AttributeError, IndexError, KeyError, TypeError):
            return ""
    for field in ("title", "name"):
        text = getattr(node, field, None)
        value = text.get(lang) if isinstance(text, LocalText) else None
        if isinstance(value, str):
            return value
    return ""
