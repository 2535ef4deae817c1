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
