"""Typos a proofreader catches in any text: look-alike characters, glossary variants, near-duplicate terms."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import cache
from typing import TYPE_CHECKING

from ..checks import CheckContext
from ..names import LOOKALIKES, lookalike_suspects, normalise_name
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


_LOOKALIKE_SET = frozenset(LOOKALIKES)
_LOOKALIKE = re.compile("[" + "".join(LOOKALIKES) + "]")
_PAIR = re.compile("(?=(.[{0}]|[{0}].))".format("".join(LOOKALIKES)), re.DOTALL)
"""Every two characters in a row of which one is a look-alike, overlapping: 魔カマス gives 魔カ and カマ."""


def _check_lookalikes(ctx: CheckContext, texts: Texts) -> None:
    """A look-alike between characters of the other script (エレメント with 一), in prose (names are the rule
    model's to check); and, in any text, one that makes a pair the kit writes elsewhere with its twin
    (魔カ where the kit says 魔力)."""
    suspects: list[tuple[tuple, str, bool]] = []  # (path, Japanese text holding a look-alike, whether prose)
    near: list[str] = []
    for entries, neighbours in ((texts.prose, True), (texts.names, False)):
        for path, lang, value in entries:
            if lang == "ja" and not _LOOKALIKE_SET.isdisjoint(value):
                suspects.append((path, value, neighbours))
                near += _PAIR.findall(value)
    pairs = Counter(near)
    kit_words = _KitWords(texts)
    says_twin: dict[tuple[str, str], bool] = {}  # by the character and its neighbours: a deck's titles share them
    for path, value, neighbours in suspects:
        flagged = {i for i, _found, _meant in lookalike_suspects(value)} if neighbours else set()
        for match in _LOOKALIKE.finditer(value):
            i, ch = match.start(), match.group()
            meant = LOOKALIKES[ch]
            if i not in flagged:
                key = (value[max(0, i - WINDOW) : i], value[i : i + WINDOW + 1])
                twin = says_twin.get(key)
                if twin is None:
                    twin = says_twin[key] = (
                        _pair_says_twin(value, i, meant, pairs) or _reads_as_twin(value, i, meant, kit_words)
                    ) and not _reads_better_as_is(value, i, meant)
                if not twin:
                    continue
            fixed = value[:i] + meant + value[i + 1 :]
            ctx.add(
                "PK312",
                path,
                f"{_around(value, i)!r} has {ch!r} (U+{ord(ch):04X}), which looks like {meant!r} (U+{ord(meant):04X})",
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


WINDOW = 4
"""Characters read on each side of a look-alike: enough for the word it sits in."""
_JAPANESE_RUN = re.compile(r"[ぁ-ゖァ-ヺー一-龯々〆]+")


class _KitWords:
    """How often the kit writes a word, counted over all its Japanese text when first asked."""

    def __init__(self, texts: Texts):
        self.texts = texts
        self.joined: str | None = None
        self.counts: dict[str, int] = {}

    def count(self, word: str) -> int:
        if self.joined is None:
            self.joined = "\n".join(v for _p, lang, v in self.texts.prose + self.texts.names if lang == "ja")
        if word not in self.counts:
            self.counts[word] = self.joined.count(word)
        return self.counts[word]


def _window(value: str, i: int, meant: str) -> tuple[str, str, int] | None:
    """The run of Japanese round character `i`, cut to WINDOW a side, as written and with the twin: (as written,
    fixed, where the character is in them); None outside Japanese, or where NFKC would move the characters."""
    run = next((m for m in _JAPANESE_RUN.finditer(value) if m.start() <= i < m.end()), None)
    if run is None:
        return None
    start, end = max(run.start(), i - WINDOW), min(run.end(), i + WINDOW + 1)
    window = value[start:end]
    at = i - start
    fixed = window[:at] + meant + window[at + 1 :]
    if unicodedata.normalize("NFKC", window) != window or unicodedata.normalize("NFKC", fixed) != fixed:
        return None
    return window, fixed, at


def _reads_better_as_is(value: str, i: int, meant: str) -> bool:
    """True when the dictionary reads the text as written at least as naturally as with the twin: 魔力マス stays,
    however often the kit writes 魔カマス. The majority never makes a typo the recommendation."""
    found = _window(value, i, meant)
    if found is None:
        return False
    window, fixed, at = found
    from .words import japanese

    as_is, twin = japanese(window), japanese(fixed)
    return len(as_is.word_at(window, at)) >= 2 and not as_is.unknown and as_is.cost <= twin.cost


def _reads_as_twin(value: str, i: int, meant: str, kit_words: _KitWords) -> bool:
    """True when the dictionary reads the twin into a word the kit writes often, and the character itself into one
    it does not: 魔カマス reads 魔 + カマス (a fish), 魔力マス reads 魔力 + マス, and the kit says 魔力 elsewhere."""
    found = _window(value, i, meant)
    if found is None:
        return False
    window, fixed, at = found
    pairs = ([fixed[at - 1 : at + 1]] if at else []) + ([fixed[at : at + 2]] if at + 1 < len(fixed) else [])
    if all(kit_words.count(pair) < FREQUENT for pair in pairs):
        return False  # the twin's word holds one of these pairs, so it cannot be frequent: no dictionary needed
    from .words import japanese  # loaded only for a look-alike the simple rules leave open

    twin_word = japanese(fixed).word_at(fixed, at)
    own_word = japanese(window).word_at(window, at)
    if len(twin_word) < 2 or twin_word == meant:
        return False
    return kit_words.count(twin_word) >= FREQUENT and kit_words.count(own_word) < kit_words.count(twin_word)


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
    return _whole_word(word).search(text) is not None


@cache
def _whole_word(word: str) -> re.Pattern[str]:
    """The pattern of an English glossary variant, built once for all the kit's texts."""
    return re.compile(r"\b" + re.escape(word) + r"\b", re.IGNORECASE)


def _check_near_duplicates(ctx: CheckContext, texts: Texts) -> None:
    """A term used once that is one character away from a term used often (スタートプレーヤー beside スタートプレイヤー)."""
    counts: dict[str, Counter[str]] = {}
    first: dict[tuple[str, str], tuple] = {}
    found_in: dict[tuple[str, str], list[str]] = {}  # a deck repeats its texts: each is searched once
    for path, lang, value in texts.prose + texts.names:
        counter = counts.get(lang)
        if counter is None:
            counter = counts[lang] = Counter()
        found = found_in.get((lang, value))
        if found is None:
            found = found_in[lang, value] = _terms(value, lang)
            for term in found:
                first.setdefault((lang, term), path)
        for term in found:
            counter[term] += 1
    for lang, counter in counts.items():
        known = texts.known.get(lang, {})
        index: dict[str, list[str]] = {}
        for term, n in counter.items():
            if n >= FREQUENT:
                for key in _deletions(term):
                    index.setdefault(key, []).append(term)
        for term, n in counter.items():
            if n != 1:
                continue
            matches = {other for key in _deletions(term) for other in index.get(key, ()) if other != term}
            matches = {m for m in matches if _one_apart(term, m, lang)}
            for other in sorted(matches, key=lambda m: (-counter[m], m)):
                verdict = _which_is_meant(term, other, lang, known)
                if verdict is None:
                    continue
                meant, suspect = verdict
                place = first[(lang, suspect)]
                ctx.add(
                    "PK336",
                    place,
                    f"{term!r} is written once, and {other!r}, one character away, {counter[other]} times",
                    f"write {meant!r} in both places"
                    if meant == other
                    else f"{suspect!r} looks like the typo: write {meant!r}",
                )
                break


def _which_is_meant(rare: str, often: str, lang: str, known: dict[str, str]) -> tuple[str, str] | None:
    """(the spelling to write, the suspect one) for two terms one character apart, or None when both are words.

    The suspect is never recommended: a spelling that names something the kit defines wins, then a dictionary
    word over a non-word, then, for one word spelled two ways (プレイヤー, プレーヤー), the kit's usual spelling.
    Two different real words (ラウンド数, ラウンド目; "hunted", "hunter") are no typo: None."""
    from . import words  # the dictionaries load only for a pair to judge

    if lang == "en" and words.is_word(rare, lang) and words.is_word(often, lang):
        return None  # "challenger" and "challenges": two words of one root, whichever the kit names
    for meant, suspect in ((often, rare), (rare, often)):
        if normalise_name(meant) in known and normalise_name(suspect) not in known:
            return meant, suspect
    if lang not in ("ja", "en"):
        return None
    rare_word, often_word = words.is_word(rare, lang), words.is_word(often, lang)
    if rare_word != often_word:
        return (rare, often) if rare_word else (often, rare)
    if rare_word and words.same_word(rare, often, lang):
        return often, rare
    if lang == "ja" and len(rare) == len(often):
        diff = [(a, b) for a, b in zip(rare, often, strict=True) if a != b]
        if len(diff) == 1 and LOOKALIKES.get(diff[0][0]) == diff[0][1]:  # 魔カマス / 魔力マス: a look-alike, not a word
            rare_cost, often_cost = words.japanese(rare).cost, words.japanese(often).cost
            return (rare, often) if rare_cost < often_cost else (often, rare)
    return None


def _terms(value: str, lang: str) -> list[str]:
    """The words of a text that may be terms, English ones case-folded."""
    if lang == "ja":
        return _JA_TERM.findall(value)
    return [w.casefold() for w in _EN_TERM.findall(value)]


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
