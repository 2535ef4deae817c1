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
