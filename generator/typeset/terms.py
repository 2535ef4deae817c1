"""The kit's defined terms, which a Japanese line never breaks inside (card, zone, phase and token names, its
glossary): `fonts.for_kit` gives a Japanese edition its terms; `linebreaks.phrases` keeps each one whole, as it
keeps the compounds every card game writes (`linebreaks.COMPOUNDS`)."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

from pnpkit.validator.markup import has_markup, plain
from pnpkit.validator.proofread.prose import NAME_FIELDS
from pnpkit.validator.walk import walk_texts

if TYPE_CHECKING:
    from pnpkit.validator.components.kit import KitBase

TERM_LENGTH = (2, 12)
"""A defined term kept whole has this many characters, fewest and most: a longer name is a sentence more than a
word, and breaks between its phrases."""

_CACHE: dict[tuple[int, str], tuple[KitBase, frozenset[str]]] = {}


def defined_terms(kit: KitBase, lang: str) -> frozenset[str]:
    """The kit's names in `lang` that hold Japanese (a name field's text, the rule model's own names, glossary
    terms); read once per kit and language."""
    found = _CACHE.get((id(kit), lang))
    if found is not None and found[0] is kit:
        return found[1]
    more_names = getattr(kit, "more_names", None)  # a model with only some of a kit's fields has none of these
    names: set[str] = set(more_names(lang) if more_names else ())
    names |= {entry.term for entry in getattr(kit, "glossary", ())}
    for path, text, _owners in walk_texts(kit):
        if path and path[-1] in NAME_FIELDS:
            value = getattr(text, lang, None)
            if value:
                names.add(plain(value) if has_markup(value) else value)
    low, high = TERM_LENGTH
    terms = frozenset(name for name in names if low <= len(name) <= high and _japanese(name) and _one_word(name))
    if len(_CACHE) > 16:
        _CACHE.clear()
    _CACHE[(id(kit), lang)] = (kit, terms)
    return terms


def _japanese(name: str) -> bool:
    return not name.isascii() and any("\u3040" <= ch <= "\u30ff" or "\u3400" <= ch <= "\u9fff" for ch in name)


def _one_word(name: str) -> bool:
    """A name without spaces, line breaks or punctuation (「他のプレイヤーの手札から奪うか、…」 is a sentence)."""
    return not any(ch.isspace() or unicodedata.category(ch).startswith("P") for ch in name)
