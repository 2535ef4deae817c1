"""Prose claims about what an effect does, against its declared kind and duration (PK348): an effect of kind
`freeze` whose own text says it destroys, and a strategy note that says a named effect restricts the opponent's
next turn when the effect lasts no time at all (ES9's 「泥の壁」…「相手の次の行動に制約を与える」). What the
rules define a category (an attack) to do, against its members' texts, is `categories`.

Warnings, each only where the words are unambiguous and the model states the other side.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

from ..checks import CheckContext
from ..types import LocalText
from .categories import check_category_definitions
from .claims import KIND_WORDS, sentences
from .prose import Texts

if TYPE_CHECKING:
    from ..components.kit import KitBase
    from ..components.play import Effect

RESTRICTS_NEXT = {
    "ja": re.compile(
        r"次の(?:行動|ターン|手番)(?:に|を|へ)?(?:制約|制限|妨害|封じ|縛)|次の(?:行動|ターン|手番)が(?:制限|封じ)"
    ),
    "en": re.compile(
        r"\b(?:restricts?|limits?|hinders?|hampers?|blocks?|constrains?)\b[^.]{0,30}?\bnext (?:turn|action|move|play)\b",
        re.I,
    ),
}
"""Words that make an effect reach into the next turn."""


def check_model_claims(ctx: CheckContext, kit: KitBase, texts: Texts) -> None:
    play = kit.play
    if play is not None:
        _check_own_kind(ctx, play.effects, set(play.effect_kinds))
    _check_lasting_claims(ctx, kit, texts, play.effects if play is not None else [])
    check_category_definitions(ctx, kit, texts)


def _check_own_kind(ctx: CheckContext, effects: list[Effect], declared: set[str]) -> None:
    """An effect whose own text uses another declared kind's verb and none of its own."""
    for e, effect in enumerate(effects):
        if effect.text is None or effect.kind not in KIND_WORDS:
            continue
        for lang in ctx.languages:
            value = getattr(effect.text, lang, None)
            if not value or lang not in KIND_WORDS[effect.kind]:
                continue
            words = unicodedata.normalize("NFKC", value)
            if KIND_WORDS[effect.kind][lang].search(words):
                continue
            other = next(
                (k for k in sorted(declared - {effect.kind}) if k in KIND_WORDS and KIND_WORDS[k][lang].search(words)),
                None,
            )
            if other is not None:
                ctx.add(
                    "PK348",
                    ("play", "effects", e, "text", lang),
                    f"effect {effect.id!r} is a {effect.kind}, but its text says what a {other} effect does",
                    "correct the text or the effect's `kind:`",
                )


SELF_ONLY = frozenset({"self", "owner"})
OPPONENT = {
    "ja": re.compile(r"相手|対戦者|他のプレイヤー"),
    "en": re.compile(r"\b(?:opponents?|other players?|attacker)\b", re.I),
}


def _check_lasting_claims(ctx: CheckContext, kit: KitBase, texts: Texts, effects: list[Effect]) -> None:
    """Prose that names an effect and says it restricts the (opponent's) next turn, where the effect has no
    duration, or acts only on its owner."""
    cannot: dict[str, dict[str, tuple[str, bool]]] = {}  # lang → name → (why not, only against an opponent)
    for effect in effects:
        if effect.duration is None:
            for lang, name in effect.name.given():
                if name and len(name) > 1:
                    why = f"effect {effect.id!r} has no duration: nothing of it lasts into the next turn"
                    cannot.setdefault(lang, {})[unicodedata.normalize("NFKC", name)] = (why, False)
    for name_of, lang, why in _self_only(ctx, kit):
        cannot.setdefault(lang, {}).setdefault(name_of, (why, True))
    finders = {
        lang: re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)))
        for lang, names in cannot.items()
    }
    for path, lang, value in texts.prose:
        if path[:2] == ("play", "effects") or lang not in RESTRICTS_NEXT or lang not in finders:
            continue
        words = unicodedata.normalize("NFKC", value)
        if not RESTRICTS_NEXT[lang].search(words):
            continue
        for said in sentences(words):
            claim = RESTRICTS_NEXT[lang].search(said)
            if claim is None:
                continue
            against = bool(OPPONENT[lang].search(said))
            named = next((m for m in finders[lang].finditer(said) if against or not cannot[lang][m.group(0)][1]), None)
            if named is not None:
                ctx.add(
                    "PK348",
                    path,
                    f"the text says {named.group(0)!r} {claim.group(0)!r}, but {cannot[lang][named.group(0)][0]}",
                    "correct the text, or the effect's duration or target",
                )
                break


def _self_only(ctx: CheckContext, kit: KitBase) -> list[tuple[str, str, str]]:
    """(name, language, why) for each named thing of the kit (a combo, a card) whose every `target:` and `scope:`
    is its owner: it cannot restrict an opponent."""
    walked = ctx.walk(kit)
    named: dict[tuple, LocalText] = {}
    for path, model in walked.models:
        name = getattr(model, "name", None)
        if isinstance(name, LocalText):
            named[path] = name
    aims: dict[tuple, list[tuple[tuple, str]]] = {}
    for path, value, is_key in walked.strings:
        if is_key or not path or path[-1] not in ("target", "scope"):
            continue
        owner = next((path[:i] for i in range(len(path) - 1, -1, -1) if path[:i] in named), None)
        if owner is not None:
            aims.setdefault(owner, []).append((path, value))
    found = []
    for owner, targets in aims.items():
        if all(value in SELF_ONLY for _path, value in targets):
            where = ctx.locate(targets[0][0]).brief()
            why = f"it acts only on its owner ({targets[0][0][-1]}: {targets[0][1]} at {where})"
            for lang, name in named[owner].given():
                if name and len(name) > 1:
                    found.append((unicodedata.normalize("NFKC", name), lang, why))
    return found
