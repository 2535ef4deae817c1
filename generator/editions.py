"""Editions that fall back: the family an edition prints in when some of its texts are untranslated.

An untranslated text prints in the edition's fallback language (validator.types.LocalText.get, KitBase.reading_order).
A German edition of a Japanese kit would then set Japanese in Noto Sans, which has no Japanese: such an edition
prints in its fallback language's family instead, when that family draws the edition's own script too (BIZ
UDPGothic draws German; WenQuanYi Micro Hei draws Latin). A kit that names a family for the edition keeps it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnpkit.validator.components.kit import KitBase

    from .typeset.fonts import Family

SCRIPT_SAMPLES = {
    "Japanese": "あア漢",
    "Korean": "한글",
    "Simplified Chinese": "汉语",
    "Traditional Chinese": "漢語",
    "Latin": "Aaäßé",
    "Greek": "Ωαβ",
    "Cyrillic": "Жжя",
}
"""A few characters of each script fonts.script_of names: a family that has them can set that script."""


def edition_family(
    kit: KitBase,
    lang: str,
    default: str,
    families: Mapping[str, Family],
    script_of: Callable[[str], str],
    script_family: Callable[[str], str],
) -> str:
    """The family edition `lang` prints in: `default` (the kit's choice, else its script's), or its fallback
    language's family when the edition has untranslated texts in a script `default` cannot draw and the
    fallback's family draws both scripts. `script_of` and `script_family` are fonts.py's."""
    fallback = kit.fallback_of(lang)
    if fallback is None or kit.fonts.family_for(lang) is not None:
        return default
    other = kit.fonts.family_for(fallback) or script_family(fallback)
    if other == default or other not in families or default not in families:
        return default
    theirs, ours = SCRIPT_SAMPLES[script_of(fallback)], SCRIPT_SAMPLES[script_of(lang)]
    if not families[default].regular.missing(theirs) or families[other].regular.missing(ours):
        return default
    return other if kit.untranslated(lang) else default
