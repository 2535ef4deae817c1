"""Colour arithmetic on `#rrggbb` strings, in one place so every layout agrees.

Every blend rounds each channel to the nearest integer, so the same call gives
the same bytes on every machine.
"""

from __future__ import annotations

WHITE = "#ffffff"
BLACK = "#000000"
INK = BLACK
"""The text colour of every page, and of black line art: pure black, which the PDF sets as DeviceGray `0 g`
(one ink, the black plate, however a print shop separates it; a dark grey in RGB turns into four)."""

LIGHT_LUMA = 160
"""Above this Rec. 601 luma (0–255) a fill is light: dark ink reads on it, white does not."""


def rgb(colour: str) -> tuple[int, int, int]:
    """The channels of `#rrggbb`.

    >>> rgb("#ff8000")
    (255, 128, 0)
    """
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def blend(colour: str, base: str, amount: float) -> str:
    """`amount` of `colour` laid over `base`: 1 gives the colour itself, 0 the base.

    >>> blend("#ff0000", "#ffffff", 0.5), blend("#123456", "#ffffff", 1.0), blend("#123456", "#ffffff", 0.0)
    ('#ff8080', '#123456', '#ffffff')
    """
    return "#" + "".join(f"{round(b + (a - b) * amount):02x}" for a, b in zip(rgb(colour), rgb(base)))


def tint(colour: str, amount: float) -> str:
    """The colour at `amount` strength on white paper: 1 is the colour, 0.15 a light wash.

    >>> tint("#204080", 0.25)
    '#c7cfdf'
    """
    return blend(colour, WHITE, amount)


def shade(colour: str, amount: float) -> str:
    """The colour darkened by `amount`: 0 keeps it, 1 is black.

    >>> shade("#8040ff", 0.5)
    '#402080'
    """
    return blend(colour, BLACK, 1 - amount)


def luma(colour: str) -> float:
    """Perceived brightness, 0 (black) to 255 (white), by the Rec. 601 weights.

    >>> luma("#ffffff"), luma("#000000")
    (255.0, 0.0)
    """
    r, g, b = rgb(colour)
    return 0.299 * r + 0.587 * g + 0.114 * b


def is_light(colour: str) -> bool:
    """Whether dark ink (rather than white) reads on this fill.

    >>> is_light("#f2e8d0"), is_light("#2d6aa8")
    (True, False)
    """
    return luma(colour) > LIGHT_LUMA


def ink_on(colour: str, dark: str = INK, light: str = WHITE) -> str:
    """Text colour for a fill: `dark` on light fills, `light` on dark ones.

    >>> ink_on("#ffee88"), ink_on("#223344")
    ('#000000', '#ffffff')
    """
    return dark if is_light(colour) else light


MIN_CONTRAST = 3.0
"""The least contrast (WCAG 2) a mark keeps against the piece it is printed on: large bold text stays legible."""


def relative_luminance(colour: str) -> float:
    """WCAG 2's relative luminance: 0 for black, 1 for white, each channel linearised from sRGB.

    >>> relative_luminance("#ffffff"), relative_luminance("#000000")
    (1.0, 0.0)
    """

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two colours, 1 (the same) to 21 (black on white).

    >>> round(contrast_ratio("#000000", "#ffffff"), 1), contrast_ratio("#777777", "#777777")
    (21.0, 1.0)
    """
    high, low = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def mark_ink(fill: str, preferred: str = WHITE) -> str:
    """The colour of a mark on a piece of colour `fill`: `preferred` when it keeps MIN_CONTRAST against the fill,
    else black or white, whichever contrasts more (one of them always reaches 4.5:1).

    >>> mark_ink("#2b2b33"), mark_ink("#f2c500"), mark_ink("#ffffff")
    ('#ffffff', '#000000', '#000000')
    """
    if contrast_ratio(preferred, fill) >= MIN_CONTRAST:
        return preferred
    return BLACK if contrast_ratio(BLACK, fill) >= contrast_ratio(WHITE, fill) else WHITE
