"""Hyphenation for Latin-script (and Greek and Cyrillic) languages other than English, with pyphen (LibreOffice's
hyphenation patterns): a word that does not fit the rest of a line is hyphenated to fill it. English keeps breaking
at spaces only, so English kits print as they always have."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .linebreaks import break_style

HYPHEN_MIN_WORD = 6
"""A word shorter than this is never hyphenated."""


@lru_cache(maxsize=64)
def hyphenator(lang: str) -> Any:  # pyphen.Pyphen | None; pyphen loads only for a language that hyphenates
    """The hyphenation dictionary for `lang`, or None: English keeps breaking only at spaces (so English kits print
    as they always have), Japanese, Korean and Chinese never hyphenate, and a language pyphen has no patterns for
    does not either. Two letters at least stay on each side of a break (pyphen's default)."""
    base = lang.replace("_", "-").split("-")[0].lower()
    if not base or base in ("en", "ja") or break_style(lang):
        return None
    import pyphen

    found = pyphen.language_fallback(lang.replace("-", "_"))
    return pyphen.Pyphen(lang=found) if found else None


@lru_cache(maxsize=4096)
def hyphen_points(word: str, hyphenate: Any) -> tuple[int, ...]:
    """Where `word` may be hyphenated, as positions in it: none when it is too short, is not a word, or already has
    a hyphen. A comma or full stop after the word stays with its last part."""
    end = len(word)
    while end and not word[end - 1].isalpha():
        end -= 1
    core = word[:end]
    if len(core) < HYPHEN_MIN_WORD or not core.isalpha():
        return ()
    return tuple(hyphenate.positions(core))
