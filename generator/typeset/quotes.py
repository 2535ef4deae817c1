"""Quotation marks by language: what `pnpkit` prints around quoted words, and straight quotes a writer typed made
the language's own („Feuer“ in German, « Feu » in French). generator.typeset.text applies them as it fits text."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from .scripts import script_of

QUOTES = {
    "en": ("\u201c", "\u201d"),
    "ja": ("\u300c", "\u300d"),
    "zh": ("\u201c", "\u201d"),
    "zh-Hant": ("\u300c", "\u300d"),
    "ko": ("\u201c", "\u201d"),
    "de": ("\u201e", "\u201c"),
    "cs": ("\u201e", "\u201c"),
    "pl": ("\u201e", "\u201d"),
    "nl": ("\u201c", "\u201d"),
    "fr": ("\u00ab\u00a0", "\u00a0\u00bb"),
    "es": ("\u00ab", "\u00bb"),
    "it": ("\u00ab", "\u00bb"),
    "pt": ("\u201c", "\u201d"),
    "ru": ("\u00ab", "\u00bb"),
    "uk": ("\u00ab", "\u00bb"),
    "el": ("\u00ab", "\u00bb"),
    "sv": ("\u201d", "\u201d"),
    "fi": ("\u201d", "\u201d"),
    "da": ("\u00bb", "\u00ab"),
}
"""Each language's quotation marks (opening, closing), by BCP 47 tag; a language not listed uses English ones.
French sets a no-break space inside its guillemets."""
_STRAIGHT_PAIR = re.compile(r'"([^"\n]+)"')


@lru_cache(maxsize=256)
def quote_marks(lang: str) -> tuple[str, str]:
    """The quotation marks `lang` prints: 'de-AT' → („, “), 'zh-TW' → (「, 」), 'pt-BR' → (“, ”)."""
    parts = lang.replace("_", "-").split("-")
    if parts[0].lower() == "zh" and script_of(lang) == "Traditional Chinese":
        return QUOTES["zh-Hant"]
    for n in range(len(parts), 0, -1):
        found = QUOTES.get("-".join(parts[:n]))
        if found:
            return found
    return QUOTES["en"]


def quoted(text: str, lang: str) -> str:
    """`text` in `lang`'s quotation marks: 'Feuer' → „Feuer“ in German, « Feu » in French, 「火」 in Japanese."""
    opening, closing = quote_marks(lang)
    return f"{opening}{text}{closing}"


def language_quotes(text: str, lang: str) -> str:
    """Straight double quotes around words become `lang`'s quotation marks ("Feuer" → „Feuer“ in German). Japanese
    and English text is left as written, as it always was."""
    base = lang.split("-")[0].lower()
    if base in ("", "ja", "en") or '"' not in text:
        return text
    opening, closing = quote_marks(lang)
    return _STRAIGHT_PAIR.sub(lambda m: f"{opening}{m.group(1)}{closing}", text)


_STRAIGHT = re.compile("[\"']")
_OPENS_AFTER = frozenset(" \t\n([{\u201c\u2018\u2014\u2013-/>")
"""A straight quote after one of these (or at the start) opens; after anything else it closes. `>` ends a colour
tag (<red>"…"), and `*` (bold or italic markup) is looked through."""


def typographic_quotes(text: str) -> str:
    """Straight quotes in Latin text made typographic: “ and ‘ where a quotation opens, ” and ’ where one closes
    (an apostrophe too: don’t). A quote whose word is Chinese or Japanese (wide) is left as written."""
    out = list(text)
    for match in _STRAIGHT.finditer(text):
        i = match.start()
        k = i
        while k and text[k - 1] == "*":
            k -= 1
        before = text[k - 1] if k else ""
        opening = not before or before in _OPENS_AFTER
        word = text[i + 1 : i + 2].lstrip("*") if opening else before
        if not word or word.isspace() or unicodedata.east_asian_width(word) in ("W", "F"):
            continue
        straight = text[i]
        out[i] = ("\u201c" if straight == '"' else "\u2018") if opening else ("\u201d" if straight == '"' else "\u2019")
    return "".join(out)
