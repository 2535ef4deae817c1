"""Scripts: which a language writes in (`script_of`), the shipped family each prints in when the kit names none
(`script_family`), and what a message suggests for characters a face lacks (`family_hint`)."""

from __future__ import annotations

from pnpkit.validator.components.kit import BUILTIN_FONT_FAMILIES

SCRIPT_FAMILIES = {
    "Japanese": "biz-udpgothic",
    "Korean": "wenquanyi-microhei",
    "Simplified Chinese": "wenquanyi-microhei",
    "Traditional Chinese": "wenquanyi-microhei",
    "Latin": "noto-sans",
    "Greek": "noto-sans",
    "Cyrillic": "noto-sans",
}
"""The shipped family each script prints in when the kit names none."""
_CYRILLIC_LANGS = frozenset(
    ["ru", "uk", "be", "bg", "mk", "sr", "kk", "ky", "tg", "mn", "ba", "tt", "cv", "ce", "os", "ab"]
)
_TRADITIONAL_REGIONS = frozenset(("TW", "HK", "MO"))


def script_of(lang: str) -> str:
    """The script a BCP 47 tag writes in, as SCRIPT_FAMILIES names it: 'zh-TW' → 'Traditional Chinese'.

    >>> [script_of(tag) for tag in ("de", "ru", "el", "ko", "zh-Hans", "zh-Hant", "zh-TW", "sr-Latn", "ja")]
    ['Latin', 'Cyrillic', 'Greek', 'Korean', 'Simplified Chinese', 'Traditional Chinese', 'Traditional Chinese', 'Latin', 'Japanese']
    """
    parts = lang.replace("_", "-").split("-")
    base = parts[0].lower()
    subtags = {part.title() if len(part) == 4 else part.upper() for part in parts[1:]}
    if base == "ja":
        return "Japanese"
    if base == "ko":
        return "Korean"
    if base in ("zh", "yue", "cmn"):
        if "Hant" in subtags or (subtags & _TRADITIONAL_REGIONS and "Hans" not in subtags) or base == "yue":
            return "Traditional Chinese"
        return "Simplified Chinese"
    if "Cyrl" in subtags or (base in _CYRILLIC_LANGS and "Latn" not in subtags):
        return "Cyrillic"
    if base == "el" or "Grek" in subtags:
        return "Greek"
    return "Latin"


def script_family(lang: str) -> str:
    """The shipped family text in `lang` prints in when the kit names none. Japanese and English keep BIZ UDPGothic
    (what they printed in before pnpkit knew other scripts); "" (no language) too."""
    if not lang or lang.split("-")[0].lower() == "en":
        return BUILTIN_FONT_FAMILIES[0]
    return SCRIPT_FAMILIES[script_of(lang)]


_SCRIPT_RANGES = (
    ((0xAC00, 0xD7AF), "Korean"),
    ((0x1100, 0x11FF), "Korean"),
    ((0x3130, 0x318F), "Korean"),
    ((0x3040, 0x30FF), "Japanese"),
    ((0x3400, 0x9FFF), "Simplified Chinese"),
    ((0x0370, 0x03FF), "Greek"),
    ((0x0400, 0x052F), "Cyrillic"),
    ((0x00C0, 0x024F), "Latin"),
)


def family_hint(chars: list[str] | str) -> str:
    """What to print characters a face lacks with: the shipped family for their script, as the kit would name it.

    >>> family_hint("한")
    'or print this text in a family that has them: pnpkit ships wenquanyi-microhei for Korean (fonts: {default: wenquanyi-microhei}, or per language: fonts: {languages: {LANG: wenquanyi-microhei}})'
    """
    for ch in chars:
        for (low, high), script in _SCRIPT_RANGES:
            if low <= ord(ch) <= high:
                key = SCRIPT_FAMILIES[script]
                name = "Chinese and Japanese kanji" if script == "Simplified Chinese" else script
                return (
                    f"or print this text in a family that has them: pnpkit ships {key} for {name} "
                    f"(fonts: {{default: {key}}}, or per language: fonts: {{languages: {{LANG: {key}}}}})"
                )
    return "or bring a TrueType font that has them (fonts: families in kit.yaml)"


SHIPPED_HINT = "or a family pnpkit ships: noto-sans (Latin, Greek, Cyrillic), wenquanyi-microhei (Chinese, Korean), biz-udpgothic (Japanese)"
"""What a kit whose font file pnpkit cannot embed can print with instead."""
