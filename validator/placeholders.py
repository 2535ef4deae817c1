"""`{name}` placeholders in text: one parser for the validator and the generator."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_NUMBER = re.compile(r"[0-9]+")


def names_in(text: str) -> list[str]:
    return PLACEHOLDER.findall(text)


def fill(text: str, values: Mapping[str, object]) -> str:
    """Replace every known placeholder; unknown ones stay visible so nothing is silently dropped."""

    def swap(match: re.Match) -> str:
        value = values.get(match.group(1))
        if value is None:
            return match.group(0)
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return str(value)

    return PLACEHOLDER.sub(swap, text)


def literal_numbers(text: str) -> list[str]:
    """Numbers written into text directly (full-width digits too), outside placeholders."""
    stripped = PLACEHOLDER.sub(" ", unicodedata.normalize("NFKC", text))
    return _NUMBER.findall(stripped)
