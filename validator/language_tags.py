"""Language tags (BCP 47, RFC 5646) as a kit writes them: `en`, `de`, `pt-BR`, `zh-Hans`, `sr-Latn-RS`.

A strict reading of the RFC's grammar, with no registry behind it: a tag is kept exactly as written (it
names the edition's output folder), so only its shape is checked here, and whether its script is one pnpkit
cannot set yet: written right to left, or a script whose letters join and reorder (Devanagari, Thai).
"""

from __future__ import annotations

import re
from typing import Any

_ALNUM = "[A-Za-z0-9]"
_LANGUAGE = r"(?:[A-Za-z]{2,3}(?:-[A-Za-z]{3}){0,3}|[A-Za-z]{4,8})"
_SCRIPT = r"[A-Za-z]{4}"
_REGION = r"(?:[A-Za-z]{2}|[0-9]{3})"
_VARIANT = rf"(?:{_ALNUM}{{5,8}}|[0-9]{_ALNUM}{{3}})"
_EXTENSION = rf"(?:[0-9A-WY-Za-wy-z](?:-{_ALNUM}{{2,8}})+)"
_PRIVATE = rf"(?:[xX](?:-{_ALNUM}{{1,8}})+)"
LANGUAGE_TAG_PATTERN = (
    rf"^(?:{_LANGUAGE}(?:-{_SCRIPT})?(?:-{_REGION})?(?:-{_VARIANT})*(?:-{_EXTENSION})*(?:-{_PRIVATE})?|{_PRIVATE})$"
)
"""A well-formed language tag (RFC 5646 `langtag` or a private-use tag), for checks and JSON Schema alike."""
_TAG = re.compile(LANGUAGE_TAG_PATTERN)
_SUBTAGS = re.compile(rf"^{_LANGUAGE}(?:-(?P<script>{_SCRIPT}))?(?![A-Za-z0-9])")

RIGHT_TO_LEFT_SCRIPTS = frozenset(
    [
        "adlm",
        "arab",
        "armi",
        "avst",
        "chrs",
        "elym",
        "hatr",
        "hebr",
        "hung",
        "khar",
        "lydi",
        "mand",
        "mani",
        "mend",
        "narb",
        "nbat",
        "nkoo",
        "orkh",
        "ougr",
        "palm",
        "phli",
        "phlp",
        "phnx",
        "prti",
        "rohg",
        "samr",
        "sarb",
        "sogd",
        "sogo",
        "syrc",
        "thaa",
        "yezi",
    ]
)
"""ISO 15924 scripts written right to left (Arabic, Hebrew, Thaana, Syriac, N'Ko, Adlam, …)."""
RIGHT_TO_LEFT_LANGUAGES = frozenset(
    ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ji", "ks", "pnb", "ps", "sd", "syr", "ug", "ur", "yi"]
)
"""Languages whose tag without a script means a right-to-left one (`ar`, `he`, `fa`, `ur`, `yi`, …)."""


def tag_problem(tag: str) -> str | None:
    """Why `tag` is not a language tag, with what to write instead; None when it is one."""
    if _TAG.match(tag):
        return None
    shown = tag if len(tag) <= 40 else tag[:39] + "…"
    fixed = tag.strip().replace("_", "-")
    if fixed != tag and _TAG.match(fixed):
        return f"{shown!r} is not a language tag; write {fixed!r} (subtags are joined by '-')"
    return f"{shown!r} is not a language tag; write one such as 'en', 'de', 'pt-BR' or 'zh-Hans'"


def right_to_left(tag: str) -> bool:
    """Whether a well-formed `tag` names a right-to-left script, by its script subtag or, without one,
    by its language's usual script (`ar`, `he`; `ku-Arab` is, `az-Latn` is not)."""
    match = _SUBTAGS.match(tag)
    if match is None:
        return False
    script = match["script"]
    if script is not None:
        return script.lower() in RIGHT_TO_LEFT_SCRIPTS
    return tag.split("-")[0].lower() in RIGHT_TO_LEFT_LANGUAGES


COMPLEX_SCRIPTS = {
    "beng": "Bengali",
    "deva": "Devanagari",
    "gujr": "Gujarati",
    "guru": "Gurmukhi",
    "khmr": "Khmer",
    "knda": "Kannada",
    "laoo": "Lao",
    "mlym": "Malayalam",
    "mymr": "Myanmar",
    "orya": "Odia",
    "sinh": "Sinhala",
    "taml": "Tamil",
    "telu": "Telugu",
    "thai": "Thai",
    "tibt": "Tibetan",
}
"""ISO 15924 scripts whose letters a shaping engine joins, stacks or reorders (Devanagari's conjuncts and
vowel signs before their consonant, Thai's stacked tone marks, words without spaces): pnpkit draws one glyph
per character, left to right, so it would print them broken."""
COMPLEX_SCRIPT_LANGUAGES = {
    "as": "beng",
    "bn": "beng",
    "bo": "tibt",
    "dz": "tibt",
    "gu": "gujr",
    "hi": "deva",
    "km": "khmr",
    "kn": "knda",
    "lo": "laoo",
    "mai": "deva",
    "ml": "mlym",
    "mr": "deva",
    "my": "mymr",
    "ne": "deva",
    "or": "orya",
    "pa": "guru",
    "sa": "deva",
    "si": "sinh",
    "ta": "taml",
    "te": "telu",
    "th": "thai",
}
"""Languages whose tag without a script means one of COMPLEX_SCRIPTS (`hi` Devanagari, `th` Thai, …)."""


def complex_script(tag: str) -> str | None:
    """The name of the script a well-formed `tag` writes in when pnpkit cannot shape it (`hi` → 'Devanagari',
    `th` → 'Thai', `pa-Arab` → None: that one is right to left), else None."""
    match = _SUBTAGS.match(tag)
    if match is None:
        return None
    script = (match["script"] or COMPLEX_SCRIPT_LANGUAGES.get(tag.split("-")[0].lower(), "")).lower()
    return COMPLEX_SCRIPTS.get(script)


LANGUAGE_NAMES = {
    "ca": "Catalan",
    "cs": "Czech",
    "da": "Danish",
    "de": "German",
    "el": "Greek",
    "en": "English",
    "es": "Spanish",
    "fi": "Finnish",
    "fr": "French",
    "hu": "Hungarian",
    "id": "Indonesian",
    "it": "Italian",
    "ja": "Japanese",
    "ko": "Korean",
    "nb": "Norwegian Bokmål",
    "nl": "Dutch",
    "no": "Norwegian",
    "pl": "Polish",
    "pt": "Portuguese",
    "ro": "Romanian",
    "ru": "Russian",
    "sv": "Swedish",
    "tr": "Turkish",
    "uk": "Ukrainian",
    "vi": "Vietnamese",
    "zh": "Chinese",
    "zh-hans": "Simplified Chinese",
    "zh-hant": "Traditional Chinese",
}
"""English names of the languages findings name most, by lower-case tag (`language_name` falls back to the tag)."""


def language_name(tag: str) -> str:
    """A tag as a message names it: 'German' for `de`, 'Simplified Chinese' for `zh-Hans`, 'de-CH' as written
    for a tag with a region (its name alone would hide the region), and the tag for a language not listed."""
    return LANGUAGE_NAMES.get(tag.lower(), tag)


def written_editions(declared: Any) -> list[str]:
    """The tags a kit's `languages:` lists, read from the data as written (before the model checks it): each
    item a tag, or a mapping of a tag to its options (`{de: {fallback: en}}`); anything else is left out."""
    if not isinstance(declared, list):
        return []
    items = [key for item in declared for key in (item if isinstance(item, dict) else (item,))]
    return [item for item in items if isinstance(item, str)]
