"""Prose claims about what an effect does, against its declared kind and duration (PK348): an effect of kind
`freeze` whose own text says it destroys, and a strategy note that says a named effect restricts the opponent's
next turn when the effect lasts no time at all (ES9's 「泥の壁」…「相手の次の行動に制約を与える」).

Warnings, each only where the words are unambiguous and the model states the other side.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

from ..checks import CheckContext
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
    if play is None or not play.effects:
        return
    _check_own_kind(ctx, play.effects, set(play.effect_kinds))
    _check_lasting_claims(ctx, texts, play.effects)


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


def _check_lasting_claims(ctx: CheckContext, texts: Texts, effects: list[Effect]) -> None:
    """Prose that names an effect and says it restricts the next turn, where the effect has no duration."""
    momentary: dict[str, dict[str, Effect]] = {}
    for effect in effects:
        if effect.duration is None:
            for lang, name in effect.name.given():
                if name and len(name) > 1:
                    momentary.setdefault(lang, {})[unicodedata.normalize("NFKC", name)] = effect
    finders = {
        lang: re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)))
        for lang, names in momentary.items()
    }
    for path, lang, value in texts.prose:
        if path[:2] == ("play", "effects") or lang not in RESTRICTS_NEXT or lang not in finders:
            continue
        words = unicodedata.normalize("NFKC", value)
        if not RESTRICTS_NEXT[lang].search(words):
            continue
        for said in sentences(words):
            claim = RESTRICTS_NEXT[lang].search(said)
            named = finders[lang].search(said) if claim else None
            if claim and named:
                effect = momentary[lang][named.group(0)]
                ctx.add(
                    "PK348",
                    path,
                    f"the text says {named.group(0)!r} {claim.group(0)!r}, but effect {effect.id!r} has no duration: "
                    "nothing of it lasts into the next turn",
                    "correct the text, or give the effect the `duration:` it has",
                )
                break
