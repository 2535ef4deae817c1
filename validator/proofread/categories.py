"""Prose that defines what a category of play does, against the text of each thing of that category (PK348):
the rules define an attack as "steal or nullify" (「攻撃(奪取または無効化)」), yet an attack's own text destroys a
cell (ES10's 地殻変動).

A definition is a rule sentence whose first category word (攻撃, "attack"), at its last use in the sentence, is
followed within a few words by two or more verbs of different kinds joined as a list: a closed list, so anything else is outside it. A member is
any named thing of the kit whose `kind:` is that category (an effect, a combo). A warning, only when the member's
own text uses a verb outside every definition of its category and none inside one.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

from ..checks import CheckContext
from ..types import LocalText
from .claims import KIND_WORDS, sentences
from .prose import Texts

if TYPE_CHECKING:
    from ..components.kit import KitBase

CATEGORY_WORDS: dict[str, dict[str, re.Pattern[str]]] = {
    "attack": {"ja": re.compile(r"攻撃"), "en": re.compile(r"\battacks?\b", re.I)},
    "defence": {"ja": re.compile(r"防御"), "en": re.compile(r"\bdefen[cs]es?\b", re.I)},
}
"""Category ids a `kind:` may hold, by the words prose calls them."""
CATEGORY_WORDS["defense"] = CATEGORY_WORDS["defence"]

ACTION_WORDS: dict[str, dict[str, re.Pattern[str]]] = {
    **KIND_WORDS,
    "steal": {"ja": re.compile(r"奪取|奪[うい]|奪っ"), "en": re.compile(r"\b(?:steal|steals|stole|stolen)\b", re.I)},
    "nullify": {"ja": re.compile(r"無効化|無効に"), "en": re.compile(r"\bnullif", re.I)},
}
"""Verbs that say what a thing does, by the kind of action they name."""
COSTS = frozenset({"draw", "discard"})
"""What a player pays to play a thing ("discard 2 cards to…"): never what a definition says it does."""

LISTED = {"ja": re.compile(r"または|もしくは|・|、|や|たり|か"), "en": re.compile(r"\bor\b|,", re.I)}
"""Words that join the verbs of a definition into a list."""
REACH = 50
"""How many characters after the category word a definition's first verb stands."""


def check_category_definitions(ctx: CheckContext, kit: KitBase, texts: Texts) -> None:
    members = {path: (category, name) for path, category, name in _members(ctx, kit)}
    if not members:
        return
    defined: dict[tuple[str, str], tuple[set[str], tuple]] = {}  # (category, lang) → (verbs, first definition)
    own_texts = []
    for path, lang, value in texts.prose:
        if lang not in LISTED:
            continue
        member = next((path[:i] for i in range(len(path) - 1, 0, -1) if path[:i] in members), None)
        words = unicodedata.normalize("NFKC", texts.words(path, value))
        if member is not None:
            if path[-2] == "text":
                own_texts.append((path, lang, words, member))
            continue
        for category, verbs in _definitions(lang, words):
            allowed, _where = defined.setdefault((category, lang), (set(), path))
            allowed |= verbs
    for path, lang, words, member in own_texts:
        category, names = members[member]
        name = names.get(lang) or next((n for _lang, n in names.given() if n), category)
        if (category, lang) not in defined:
            continue
        allowed, where = defined[category, lang]
        used = {k for k, by_lang in ACTION_WORDS.items() if lang in by_lang and by_lang[lang].search(words)}
        outside = sorted(used - allowed)
        if not outside or used & allowed:
            continue
        article = "an" if category[0] in "aeiou" else "a"
        ctx.add(
            "PK348",
            path,
            f"{name!r} is {article} {category}, and the rules define one as {' or '.join(sorted(allowed))} "
            f"({ctx.locate(where).brief()}), but its text says it does what a {outside[0]!r} effect does",
            f"correct the text, or say in the definition that {article} {category} may {outside[0]}",
        )


def _members(ctx: CheckContext, kit: KitBase) -> list[tuple[tuple, str, LocalText]]:
    """(path, category, name) of every named thing of the kit whose `kind:` is a category."""
    found = []
    for path, model in ctx.walk(kit).models:
        kind, name = getattr(model, "kind", None), getattr(model, "name", None)
        if isinstance(kind, str) and kind in CATEGORY_WORDS and isinstance(name, LocalText):
            found.append((path, kind, name))
    return found


def _definitions(lang: str, words: str) -> list[tuple[str, set[str]]]:
    """(category, verbs) for each sentence whose first category word is followed by a list of two or more kinds
    of verb."""
    found = []
    for said in sentences(words):
        first = min(
            (
                (match.start(), match.end(), category)
                for category, by_lang in CATEGORY_WORDS.items()
                if (match := by_lang[lang].search(said)) is not None
            ),
            default=None,
        )
        if first is None:
            continue
        last = max(m.end() for m in CATEGORY_WORDS[first[2]][lang].finditer(said))  # 「…を攻撃（奪取または無効化）」
        rest = said[last:]
        starts = [
            (match.start(), k)
            for k, by_lang in ACTION_WORDS.items()
            if k not in COSTS and lang in by_lang and (match := by_lang[lang].search(rest)) is not None
        ]
        verbs = {k for _start, k in starts}  # the whole list, to the sentence's end: a list cut short is not closed
        if len(verbs) >= 2 and min(starts)[0] < REACH and LISTED[lang].search(rest):
            found.append((first[2], verbs))
    return found
