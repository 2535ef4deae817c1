"""A heading and its body that disagree on a sign, or a loss that never says its unit (PK370): "Curse −10: 10 points for each card", or a card worth
`points: -10` whose text says 「1枚・10点」. Is it a loss or a gain? Players read the heading, the rules the body.

「同種のカード全てまとめてマイナス」 with no 「一度」 or 「1枚につき」 leaves the unit open (WE8). A body that says the
loss in words (失う, マイナス, "lose", "minus") agrees with the heading, and is silent.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

from pydantic import BaseModel

from ..checks import CheckContext
from .claims import sentences
from .prose import Texts

if TYPE_CHECKING:
    from ..components.kit import KitBase

MINUS = "-−▲"
HEADED = re.compile(
    rf"^(?P<head>[^:：。.]{{0,30}}?)(?<![\w])[{MINUS}]\s*(?P<n>\d{{1,4}})(?!\d)[^:：。]{{0,12}}[:：](?P<body>.*)$", re.S
)
"""A text that opens with a heading holding a negative number, then a colon and its body: 「呪い −10：…」."""
LOSS = {
    "ja": re.compile(r"失|マイナス|減|引く|引き|払|ペナルティ|負|[-−▲]"),
    "en": re.compile(
        r"\b(?:lose|loses|lost|minus|subtract|subtracts|penalty|negative|deduct|deducts|pays?)\b|[-−▲]\s*\d", re.I
    ),
}
"""Words that say a number is taken away."""
LUMPED = {
    "ja": re.compile(r"まとめて[^。]{0,12}?(?:マイナス|負の?点)|(?:マイナス|負の?点)[^。]{0,12}?まとめて"),
    "en": re.compile(
        r"\b(?:together|as a whole|all at once)\b[^.]{0,30}?\b(?:negative|minus)\b|"
        r"\b(?:negative|minus)\b[^.]{0,30}?\b(?:together|as a whole|all at once)\b",
        re.I,
    ),
}
"""A loss for a group of cards at once: 「同種のカード全てまとめてマイナス」 (WE8)."""
HOW_OFTEN = {
    "ja": re.compile(r"一度|1度|1回|一回|だけ|枚につき|枚ごと|1枚あたり|それぞれ"),
    "en": re.compile(r"\b(?:once|per card|each card|for each|a card|every card|each)\b", re.I),
}
"""Words that say whether a lumped loss counts once or per card."""
SCORE_FIELDS = ("points", "score", "value", "vp")
"""Fields of a model that give what it scores."""


def _unsigned(n: int, words: str) -> re.Match[str] | None:
    """`n` written as a score with no sign before it: 「10点」, "10 points"."""
    return re.search(rf"(?<![{MINUS}\d.]){n}\s*(?:点|points?\b|VP\b)", words, re.I)


def check_signs(ctx: CheckContext, kit: KitBase, texts: Texts) -> None:
    """A negative heading over an unsigned body, in one text or between a model's score and its text."""
    read: dict[tuple[str, str], tuple[str, str] | None] = {}
    for path, lang, value in texts.prose:
        if lang not in LOSS:
            continue
        words = unicodedata.normalize("NFKC", texts.words(path, value))
        if (lang, words) not in read:
            read[lang, words] = _headed(lang, words) or _lumped(lang, words)
        said = read[lang, words]
        if said is not None:
            ctx.add("PK370", path, *said)
    _check_model_scores(ctx, kit, texts)


def _lumped(lang: str, words: str) -> tuple[str, str] | None:
    """A loss for a group that never says whether it counts once or for each card."""
    if lang not in LUMPED:
        return None
    for sentence in sentences(words):
        lumped = LUMPED[lang].search(sentence)
        if lumped and not HOW_OFTEN[lang].search(sentence):
            return (
                f"{lumped.group(0)!r}: is the negative counted once for the group, or for each card?",
                "say which: 「一度だけ」 / 'once', or 「1枚につき」 / 'for each card'",
            )
    return None


def _headed(lang: str, words: str) -> tuple[str, str] | None:
    match = HEADED.match(words)
    if match is None:
        return None
    n, body = int(match.group("n")), match.group("body")
    gain = _unsigned(n, body)
    if gain is None or LOSS[lang].search(body):
        return None
    heading = words[: match.start("body")].strip(" :：")
    return (
        f"the heading {heading!r} takes {n} away, but the body gives {gain.group(0)!r} with no sign",
        "give the body the heading's sign ('lose 10 points', 「10点を失う」), or correct the heading",
    )


def _field(model: BaseModel, name: str) -> object:
    """`getattr(model, name, None)`, without pydantic's slow way to a name the model lacks (most models have no
    score: a 10,000-card kit asks hundreds of thousands of times)."""
    cls = type(model)
    if name in cls.model_fields or hasattr(cls, name):
        return getattr(model, name, None)
    extra = model.__pydantic_extra__
    return extra.get(name) if extra else None


def _check_model_scores(ctx: CheckContext, kit: KitBase, texts: Texts) -> None:
    """A text inside a model that scores a negative number (`points: -10`) and says the number with no sign."""
    scores: dict[tuple, tuple[int, tuple]] = {}
    for path, model in ctx.walk(kit).models:
        for field in SCORE_FIELDS:
            value = _field(model, field) if isinstance(model, BaseModel) else None
            if isinstance(value, int) and not isinstance(value, bool) and value < 0:
                scores[path] = (value, path + (field,))
                break
    if not scores:
        return
    for path, lang, value in texts.prose:
        if lang not in LOSS:
            continue
        owner = next((path[:i] for i in range(len(path) - 1, 0, -1) if path[:i] in scores), None)
        if owner is None:
            continue
        score, where = scores[owner]
        words = unicodedata.normalize("NFKC", value)  # as written: a {points} placeholder prints the sign
        gain = _unsigned(-score, words)
        if gain is not None and not LOSS[lang].search(words):
            ctx.add(
                "PK370",
                path,
                f"the text gives {gain.group(0)!r} with no sign, but it scores {score} "
                f"({where[-1]} at {ctx.locate(where).brief()})",
                "give the text the sign ('lose 10 points', 「10点を失う」), or correct the score",
            )
