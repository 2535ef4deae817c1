"""Dictionary words, so the proofreader never recommends a typo: is a spelling a word, are two spellings one word.

Japanese is read by SudachiPy with its core dictionary (a memory-mapped file: loading takes under 0.1 s);
English by pyspellchecker's word list. Each is loaded the first time a check asks, so a kit with nothing
suspicious never pays for it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

MOST_BYTES = 40_000
"""SudachiPy reads at most 49,149 bytes at once; a term or a window round a character is far shorter."""
SENTENCE_PARTS = frozenset({"動詞", "助動詞", "形容詞"})
"""Parts of speech that make quoted words a sentence said, not a name: a verb, an auxiliary, an adjective."""
_LATIN_WORD = re.compile(r"^[A-Za-z][A-Za-z'-]*$")


@dataclass(frozen=True)
class Reading:
    """How SudachiPy reads a Japanese text."""

    cost: int
    """The cost of the best path through the text: lower is the more natural Japanese."""
    words: tuple[str, ...]
    """Each word's dictionary spelling (プレイヤー and プレーヤー are both プレーヤー)."""
    unknown: bool
    """Whether some part of the text is in no dictionary (エレメソト)."""
    spans: tuple[tuple[int, int], ...] = ()
    """Where each word begins and ends in the (normalised) text."""
    is_sentence: bool = False
    """Whether it has a verb, an auxiliary verb or a sentence-ending particle: 「問題は解決した」, 「行くよ」."""

    def word_at(self, text: str, i: int) -> str:
        """The word of `text` (as read) that holds its `i`-th character."""
        return next((text[a:b] for a, b in self.spans if a <= i < b), "")


@cache
def _tokenizer() -> Any:
    from sudachipy import Dictionary, SplitMode

    return Dictionary(dict="core").tokenizer(mode=SplitMode.C)


@lru_cache(maxsize=8192)
def japanese(text: str) -> Reading:
    """SudachiPy's reading of `text` (NFKC-normalised, cut to what it reads at once)."""
    text = unicodedata.normalize("NFKC", text).encode()[:MOST_BYTES].decode(errors="ignore")
    morphemes = _tokenizer().tokenize(text)
    return Reading(
        morphemes.get_internal_cost(),
        tuple(m.normalized_form() for m in morphemes),
        any(m.is_oov() for m in morphemes),
        tuple((m.begin(), m.end()) for m in morphemes),
        any(m.part_of_speech()[0] in SENTENCE_PARTS or m.part_of_speech()[1] == "終助詞" for m in morphemes),
    )


@cache
def _english() -> Any:
    from spellchecker import SpellChecker

    return SpellChecker(language="en", distance=1)


@lru_cache(maxsize=8192)
def is_word(term: str, lang: str) -> bool:
    """Whether every part of `term` is a dictionary word: 魔力マス and "hunted" are, 魔カマス's カマス is a fish and
    counts too, エレメソト and "sorcary" are not. Other languages: unknown, so False."""
    if lang == "ja":
        return not japanese(term).unknown
    if lang == "en":
        parts = term.casefold().split()
        return bool(parts) and all(_LATIN_WORD.match(p) and p in _english() for p in parts)
    return False


_held = 0
"""How many `held()` blocks are open: while any is, `release` keeps the dictionaries."""


@contextmanager
def held() -> Iterator[None]:
    """The dictionaries kept between proofreadings, for a process that validates again on every save (`pnpkit
    watch`, `pnpkit serve`): loading SudachiPy's again and reading every text again would cost each save about 0.1 s.
    They stay loaded after the block too, until the next proofreading outside one lets them go (`release`)."""
    global _held
    _held += 1
    try:
        yield
    finally:
        _held -= 1


def release() -> None:
    """Let the dictionaries go once the proofreader is done: SudachiPy maps a 200 MB file, which would otherwise
    count against a capped address space for the rest of the run (the layouts, scipy, the PDF writer).
    Not inside `held()`: the next proofreading in this process reuses them."""
    if _held:
        return
    if _tokenizer.cache_info().currsize or _english.cache_info().currsize:
        _tokenizer.cache_clear()
        _english.cache_clear()
        japanese.cache_clear()
        is_word.cache_clear()


def same_word(a: str, b: str, lang: str) -> bool:
    """Whether two spellings are one word written two ways (スタートプレーヤー, スタートプレイヤー)."""
    if lang == "ja":
        return japanese(a).words == japanese(b).words
    return a.casefold() == b.casefold()
