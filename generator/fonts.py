"""The fonts pnpkit ships and their metrics.

IPAexGothic (IPA Font License, shipped unmodified in `generator/assets/fonts/`) is a
TrueType-outline font, so reportlab can embed a subset of it in every PDF;
it covers Japanese and Latin text alike.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from .units import MM_PER_PT

FONT_DIR = Path(__file__).parent / "assets" / "fonts"
GOTHIC = "IPAexGothic"
GOTHIC_FILE = FONT_DIR / "ipaexg.ttf"
LICENCE_FILES = (FONT_DIR / "IPA_Font_License_Agreement_v1.0.txt", FONT_DIR / "Readme_ipaexg00401.txt")

FAUX_BOLD_STROKE = 0.035
"""Stroke width, as a fraction of the font size, that thickens glyphs for bold text (the font has no bold face)."""


@cache
def ttfont():
    """The reportlab TrueType font, registered once; used for metrics and PDF output."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    font = TTFont(GOTHIC, str(GOTHIC_FILE))
    pdfmetrics.registerFont(font)
    return font


@cache
def _char_widths() -> tuple[dict[int, float], float]:
    face = ttfont().face
    return dict(face.charWidths), face.defaultWidth


@cache
def _bmp_widths() -> list[float]:
    """Advance widths of every Basic Multilingual Plane character, indexed by code point."""
    widths, default = _char_widths()
    return [widths.get(code, default) for code in range(0x10000)]


@lru_cache(maxsize=65536)
def width_em(text: str) -> float:
    """Advance width of `text` in ems (1000 units)."""
    try:
        return sum(map(_bmp_widths().__getitem__, map(ord, text))) / 1000.0
    except IndexError:  # a character beyond the BMP (an emoji): the slow path
        widths, default = _char_widths()
        return sum(widths.get(ord(ch), default) for ch in text) / 1000.0


def width_mm(text: str, size_pt: float) -> float:
    return width_em(text) * size_pt * MM_PER_PT


@cache
def covered() -> frozenset[int]:
    return frozenset(ttfont().face.charToGlyph)


@cache
def _covered_chars() -> frozenset[str]:
    return frozenset(map(chr, covered()))


def missing_glyphs(text: str) -> list[str]:
    """Characters the font cannot draw; printing them would give tofu boxes."""
    if text.isascii() and text.isprintable():  # the font draws all of printable ASCII (a test holds it to that)
        return []
    return sorted(ch for ch in set(text) - _covered_chars() if not ch.isspace())


ASCENT = 0.88
DESCENT = 0.12
"""IPAexGothic's ascent and descent in ems, for placing baselines in boxes."""
