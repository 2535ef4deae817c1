"""What a layout reports about a text it cannot print as asked, and how its messages quote texts and lengths."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TextProblem:
    """A text that cannot be printed as asked: the build turns these into findings."""

    code: str
    path: tuple
    message: str
    hint: str = ""


QUOTE_MOST = 40
"""The most characters of a text a message quotes."""


def quoted(text: str) -> str:
    """A text for a message: quoted, and cut after `QUOTE_MOST` characters with how long it is.

    >>> quoted("Moonlit Tricks"), quoted("9" * 2000)
    ("'Moonlit Tricks'", "'9999999999999999999999999999999999999999…' (2000 characters)")
    """
    if len(text) <= QUOTE_MOST:
        return repr(text)
    return f"{text[:QUOTE_MOST]!r}"[:-1] + f"…' ({len(text)} characters)"


def mm_text(length: float) -> str:
    """A length for a message: one decimal, or two when one would round a real overflow to 0.0.

    >>> mm_text(3.14159), mm_text(0.04)
    ('3.1 mm', '0.04 mm')
    """
    return f"{length:.2f} mm" if length < 0.05 else f"{length:.1f} mm"


@dataclass(frozen=True)
class Remedy:
    """What a designer can change when a text does not fit (PK309): the finding's hint names these. A field left
    empty is something the layout sets, which the hint does not offer."""

    text: str = "the text"
    """What to shorten: "the card's text", or words the card does not choose ("the `heading:` of region 'lv'")."""
    box: str = ""
    """The box to enlarge, as the kit writes it: "the `box:` of region 'body'"."""
    size: str = ""
    """The smallest size to lower: "its `min_size:`"."""
    lines: str = ""
    """A cap on the lines to raise: "its `lines:`"."""
    fixed: bool = False
    """The words are the kit's, not the card's (a heading, a label's name): the finding is told once."""

    def hint(self, over_width: float, over_height: float, min_size: float, floor: float) -> str:
        """`make the `box:` of region 'body' taller, lower its `min_size:` (8 pt; the floor is 6 pt), or shorten
        the card's text`: each change that would help, in the order a designer would try them."""
        wide, tall = _directions(over_width, over_height)
        ways: list[str] = []
        if self.box:
            ways.append(f"make {self.box} {'larger' if wide and tall else 'wider' if wide else 'taller'}")
        if self.lines and tall:
            ways.append(f"allow more lines ({self.lines})")
        if self.size and min_size > floor + 1e-9:
            ways.append(f"lower {self.size} (now {min_size:g} pt; the floor is {floor:g} pt)")
        ways.append(f"shorten {self.text}")
        return ways[0] if len(ways) == 1 else ", ".join(ways[:-1]) + f", or {ways[-1]}"


ANY_TEXT = Remedy()
"""A text the layout sets: the hint says only to shorten it."""


def _directions(over_width: float, over_height: float) -> tuple[bool, bool]:
    """Whether a text that does not fit is too wide, too tall or both (what shows at 0.1 mm; the larger when
    neither does)."""
    wide, tall = over_width >= 0.05, over_height >= 0.05
    if not wide and not tall:
        wide, tall = over_width > over_height, over_width <= over_height
    return wide, tall


def overflow_text(over_width: float, over_height: float) -> str:
    """`1.7 mm too tall`, `0.4 mm too wide (a word longer than the line)`, or both."""
    wide, tall = _directions(over_width, over_height)
    parts = [f"{mm_text(over_height)} too tall"] if tall else []
    if wide:
        parts.append(f"{mm_text(over_width)} too wide" + ("" if tall else " (a word longer than the line)"))
    return " and ".join(parts)
