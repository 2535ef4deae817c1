"""Typos a proofreader catches in any text: look-alike characters, glossary variants, near-duplicate terms."""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

from ..checks import LOOKALIKES, CheckContext, lookalike_suspects, normalise_name
from .prose import Texts

if TYPE_CHECKING:
    from ..components.kit import KitBase

FREQUENT = 2
"""A term used at least this often is the kit's spelling; one used once that differs by a character is probably a typo."""
_JA_TERM = re.compile(r"[ァ-ヺー一-龯々]{4,}")
_EN_TERM = re.compile(r"\b[A-Za-z][a-z]{6,}\b")


def check_terms(ctx: CheckContext, kit: KitBase, texts: Texts) -> None:
    _check_lookalikes(ctx, texts)
    _check_glossary(ctx, kit, texts)
    _check_near_duplicates(ctx, texts)


def _check_lookalikes(ctx: CheckContext, texts: Texts) -> None:
    """A look-alike between characters of the other script (エレメント with 一), in prose (names are the rule
    model's to check); and, in any text, one that makes a pair the kit writes elsewhere with its twin
    (魔カ where the kit says 魔力)."""
    pairs: Counter[str] = Counter()
    for _path, lang, value in texts.prose + texts.names:
        if lang == "ja" and any(ch in LOOKALIKES for ch in value):
            pairs.update(
                value[i : i + 2] for i in range(len(value) - 1) if value[i] in LOOKALIKES or value[i + 1] in LOOKALIKES
            )
    for entries, neighbours in ((texts.prose, True), (texts.names, False)):
        for path, lang, value in entries:
            if lang != "ja" or not any(ch in LOOKALIKES for ch in value):
                continue
            flagged = {i for i, _found, _meant in lookalike_suspects(value)} if neighbours else set()
            for i, ch in enumerate(value):
                if ch not in LOOKALIKES:
                    continue
                meant = LOOKALIKES[ch]
                if i not in flagged and not _pair_says_twin(value, i, meant, pairs):
                    continue
                fixed = value[:i] + meant + value[i + 1 :]
                ctx.add(
                    "PK312",
                    path,
                    f"{_around(value, i)!r} has {ch!r} (U+{ord(ch):04X}), which looks like {meant!r} "
                    f"(U+{ord(meant):04X})",
                    f"did you mean {_around(fixed, i)!r}?",
                )


def _pair_says_twin(value: str, i: int, meant: str, pairs: Counter[str]) -> bool:
    """True when, on each side, the kit writes the twin with that neighbour more often than this character (魔カマス
    where the kit says 魔力マス), and at least one neighbour is of the other script."""
    sides = []
    if i:
        sides.append((value[i - 1 : i + 1], value[i - 1] + meant))
    if i + 1 < len(value):
        sides.append((value[i : i + 2], meant + value[i + 1]))
    return (
        bool(sides)
        and all(pairs[twin] >= 2 and pairs[twin] > pairs[pair] for pair, twin in sides)
        and not all(_same_script(pair) for pair, _twin in sides)
    )


def _same_script(pair: str) -> bool:
    """Whether two characters are both katakana or both kanji: a look-alike among its own script is no typo."""
    kana = ["\u30a0" <= c <= "\u30ff" for c in pair]
    return kana[0] == kana[1]


def _around(value: str, i: int, width: int = 6) -> str:
    return value[max(0, i - width) : i + width + 1]


def _check_glossary(ctx: CheckContext, kit: KitBase, texts: Texts) -> None:
    """A variant the glossary names is printed nowhere (PK335); the term itself may contain it."""
    if not kit.glossary:
        return
    for path, lang, value in texts.prose + texts.names:
        for entry in kit.glossary:
            masked = value.replace(entry.term, "\0" * len(entry.term))
            for variant in entry.variants:
                hit = _find(masked, variant, lang)
                if hit:
                    ctx.add(
                        "PK335",
                        path,
                        f"{variant!r} is written where the glossary's term is {entry.term!r}",
                        f"write {entry.term!r}",
                    )


def _find(text: str, word: str, lang: str) -> bool:
    if lang == "ja" or not word.isascii():
        return word in text
    return re.search(r"\b" + re.escape(word) + r"\b", text, re.IGNORECASE) is not None


def _check_near_duplicates(ctx: CheckContext, texts: Texts) -> None:
    """A term used once that is one character away from a term used often (スタートプレーヤー beside スタートプレイヤー)."""
    counts: dict[str, Counter[str]] = {}
    first: dict[tuple[str, str], tuple] = {}
    for path, lang, value in texts.prose + texts.names:
        pattern = _JA_TERM if lang == "ja" else _EN_TERM
        found = [m.group(0) for m in pattern.finditer(value)]
        if lang != "ja":
            found = [w.casefold() for w in found]
        counter = counts.setdefault(lang, Counter())
        counter.update(found)
        for term in found:
            first.setdefault((lang, term), path)
    for lang, counter in counts.items():
        known = texts.known.get(lang, {})
        index: dict[str, list[str]] = {}
        for term, n in counter.items():
            if n >= FREQUENT:
                for key in _deletions(term):
                    index.setdefault(key, []).append(term)
        for term, n in counter.items():
            if n != 1 or normalise_name(term) in known:
                continue
            matches = {other for key in _deletions(term) for other in index.get(key, ()) if other != term}
            matches = {m for m in matches if _one_apart(term, m, lang)}
            if matches:
                other = max(sorted(matches), key=lambda m: counter[m])
                ctx.add(
                    "PK336",
                    first[(lang, term)],
                    f"{term!r} is written once, and {other!r}, one character away, {counter[other]} times",
                    f"if they are the same thing, write {other!r}",
                )


def _deletions(term: str) -> set[str]:
    return {term} | {term[:i] + term[i + 1 :] for i in range(len(term))}


def _one_apart(a: str, b: str, lang: str) -> bool:
    """One character substituted, or added or dropped inside the word (English: substituted only, so plurals are
    not typos)."""
    if len(a) == len(b):
        diffs = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
        return len(diffs) == 1 and not any(c.isdigit() for c in diffs[0])
    if lang != "ja" or abs(len(a) - len(b)) != 1:
        return False
    short, long = (a, b) if len(a) < len(b) else (b, a)
    # a character more at either end makes another word (各プレイヤー, サイクル目), not a typo
    return any(long[:i] + long[i + 1 :] == short for i in range(1, len(long) - 1))
