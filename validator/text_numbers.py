"""Numbers in rule prose: those a text's `{placeholders}` may name (the numeric fields of the models around it),
and those its words state ("3マス", "2 cards"), checked against the model.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from .walk import field_names

if TYPE_CHECKING:
    from .checks import CheckContext


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def owner_numbers(owner: BaseModel) -> tuple[dict[str, Any], dict[str, Any]]:
    """One model's numeric fields, and those of its sub-models as `{field_sub}`."""
    direct: dict[str, Any] = {}
    nested: dict[str, Any] = {}
    for name in field_names(type(owner)):
        value = getattr(owner, name)
        if _is_number(value):
            direct[name] = value
        elif isinstance(value, BaseModel):
            for sub in field_names(type(value)):
                inner = getattr(value, sub)
                if _is_number(inner):
                    nested.setdefault(f"{name}_{sub}", inner)
    return direct, nested


def local_numbers(owners: tuple, cache: dict[int, tuple[dict, dict]] | None = None) -> dict[str, Any]:
    """Numeric fields of the enclosing models, nearest last so it wins: `{cells}` in an effect.

    `cache` keeps each owner's numbers by identity, so the kit itself is read once, not once per text.
    """
    values: dict[str, Any] = {}
    for owner in owners:
        if cache is None:
            direct, nested = owner_numbers(owner)
        else:
            found = cache.get(id(owner))
            if found is None:
                found = cache[id(owner)] = owner_numbers(owner)
            direct, nested = found
        values.update(direct)
        for key, value in nested.items():
            values.setdefault(key, value)
    return values


UNIT_WORDS = {
    "cells": r"(?:マス|cells?|territor(?:y|ies))",
    "cards": r"(?:枚|cards?)",
    "cycles": r"(?:サイクル|cycles?)",
    "turns": r"(?:ターン|turns?)",
    "rounds": r"(?:ラウンド|rounds?)",
    "points": r"(?:点|points?)",
}
_NUMBER_UNIT = re.compile(r"([0-9０-９]+)\s*(" + "|".join(f"(?P<{k}>{v})" for k, v in UNIT_WORDS.items()) + ")")
_PLACEHOLDER_UNIT = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}\s*(?:" + "|".join(UNIT_WORDS.values()) + ")")


def stated_numbers(text: str) -> list[tuple[int, str, int]]:
    """(number, unit kind, position) for every "3マス", "2 cards", "1サイクル" written in text."""
    return [(number, kind, start) for number, kind, start, _end in _stated(unicodedata.normalize("NFKC", text))]


def _stated(normal: str) -> list[tuple[int, str, int, int]]:
    """(number, unit kind, start, end) in NFKC-normalised text; the span runs from the number to its unit's end."""
    found = []
    for match in _NUMBER_UNIT.finditer(normal):
        kind = next(k for k in UNIT_WORDS if match.group(k))
        found.append((int(match.group(1)), kind, match.start(), match.end()))
    return found


@dataclass(frozen=True)
class Change:
    """A number the text describes as a change to a usual one: an event that makes players draw one card more.

    `base` is the usual value (named `base_name` in messages), `delta` the change, signed.
    """

    base: int
    delta: int
    base_name: str

    @property
    def result(self) -> int:
        return self.base + self.delta


_BASE_BEFORE = re.compile(
    r"(?:通常|普段|本来|いつも|元々|もともと|\bnormal(?:ly)?\b|\busual(?:ly)?\b|\bregular(?:ly)?\b|\binstead of\b"
    r"|\brather than\b|\bstandard\b)",
    re.IGNORECASE,
)
"""Words before a number that make it the usual value: "normally 2 cards", "通常は2枚", "instead of 2 cards"."""
_BASE_AFTER = re.compile(r"^\s*(?:ではなく|でなく|の代わり|のところ|から)")
"""Words right after a number's unit that make it the usual value: "通常の3枚ではなく"."""
_DELTA_AFTER = re.compile(
    r"^\s*(?:多く|少なく|少ない|増え|増や|減ら|減る|減り|追加|余分|more\b|fewer\b|less\b|extra\b|additional\b)",
    re.IGNORECASE,
)
"""Words right after a number's unit that make it the change itself: "1枚多く", "2 cards more"."""
_SENTENCE_END = re.compile(r"[。．.!?！？;；\n]")


def _role(normal: str, start: int, end: int, previous_end: int) -> str:
    """Whether a stated number is the usual value ("base"), the change ("delta") or the value now ("result")."""
    if _DELTA_AFTER.match(normal[end:]) or (start and normal[start - 1] in "+-−"):
        return "delta"
    if _BASE_AFTER.match(normal[end:]):
        return "base"
    sentence = max([m.end() for m in _SENTENCE_END.finditer(normal, 0, start)], default=0)
    if _BASE_BEFORE.search(normal, max(sentence, previous_end), start):
        return "base"
    return "result"


class NameIndex:
    """Many names, to find which of them a text holds in one pass over the text (a tree of the names' characters),
    not one search of the text per name: 2,000 combos' texts checked against 4,000 names are 2,000 passes, not
    8 million searches. The text is read as `check_text_numbers` reads it (NFKC)."""

    _END = ""  # no character is the empty string, so it marks where a name ends

    def __init__(self, names: Iterable[str]):
        self.order: dict[str, int] = {}
        self.tree: dict[str, Any] = {}
        for name in names:
            if not name or name in self.order:
                continue
            self.order[name] = len(self.order)
            node = self.tree
            for ch in name:
                node = node.setdefault(ch, {})
            node[self._END] = name

    def within(self, text: str) -> list[str]:
        """The names that occur in `text` (as `str.find` finds them, overlaps and names inside names too), in the
        order they were given."""
        normal = unicodedata.normalize("NFKC", text)
        found: set[str] = set()
        tree, end, size = self.tree, self._END, len(normal)
        for i, ch in enumerate(normal):
            node = tree.get(ch)
            j = i + 1
            while node is not None:
                name = node.get(end)
                if name is not None:
                    found.add(name)
                if j == size:
                    break
                node = node.get(normal[j])
                j += 1
        return sorted(found, key=self.order.__getitem__)


def check_text_numbers(
    ctx: CheckContext,
    path: tuple,
    text: str,
    expected: dict[str, int],
    what: str,
    names: dict[str, tuple[str, int, str]] | None = None,
    changes: dict[str, Change] | None = None,
) -> None:
    """Numbers written in text must agree with the model.

    A number in the clause right after a named thing ("蒸気爆発（…3マス…）") must
    be that thing's number; `names` maps each name to (unit kind, value, id).
    Any other number next to a unit must equal `expected[unit]` of the thing
    the text describes. The clause runs to the next full stop or closing bracket.

    A unit in `changes` is one the thing changes (an event that makes everyone
    draw one card more): there a number may be the usual value, when the text
    says so ("normally 2 cards", "通常の2枚ではなく") and must then equal the
    base; the change itself ("1枚多く", "+1 card", "2 cards fewer") and must equal
    the change; or else the value now, which must equal base ± change.
    """
    normal = unicodedata.normalize("NFKC", text)
    claimed: list[tuple[int, int]] = []
    for name, (kind, value, ident) in (names or {}).items():
        start = normal.find(name)
        while start != -1:
            begin = start + len(name)
            while begin < len(normal) and normal[begin] in "」』\"'":
                begin += 1
            clause = re.split(r"[。.)）」\n]", normal[begin:], maxsplit=1)[0]
            claimed.append((begin, begin + len(clause)))
            for number, unit, _pos in stated_numbers(clause):
                if unit == kind and number != value:
                    ctx.add(
                        "PK323",
                        path,
                        f"the text gives {name} {number} {kind}, but {ident!r} has {value}",
                        "correct the text or the model",
                    )
            start = normal.find(name, start + 1)
    # a quantity written as a placeholder ("通常の{draws_per_turn}枚ではなく4枚") ends the words about the one before
    ends = [m.end() for m in _PLACEHOLDER_UNIT.finditer(normal)]
    for number, kind, pos, end in _stated(normal):
        ends.append(end)
        if any(a <= pos < b for a, b in claimed):
            continue
        change = (changes or {}).get(kind)
        if change is not None:
            after = max((e for e in ends if e <= pos), default=0)
            _check_change(ctx, path, number, kind, _role(normal, pos, end, after), change, what)
        elif kind in expected and not _agrees(normal, pos, number, expected[kind]):
            signed = -number if _negative(normal, pos) else number
            ctx.add(
                "PK323",
                path,
                f"the text says {signed} {kind}, but {what} has {expected[kind]}",
                "write the number as a {placeholder}, or fix the model",
            )


def _agrees(normal: str, pos: int, number: int, expected: int) -> bool:
    """A stated number agrees with the model's: "-3 points" with -3, and "3 points" (lost, as the words say) too."""
    if _negative(normal, pos):
        return -number == expected
    return number == abs(expected)


def _negative(normal: str, pos: int) -> bool:
    """Whether the number at `pos` has a minus sign ("-3点"), not a dash of a range ("1-2枚")."""
    return pos > 0 and normal[pos - 1] in "-−" and not (pos > 1 and normal[pos - 2].isdigit())


def _check_change(ctx: CheckContext, path: tuple, number: int, kind: str, role: str, change: Change, what: str) -> None:
    sign = "+" if change.delta >= 0 else "-"
    if role == "base" and number != change.base:
        ctx.add(
            "PK323",
            path,
            f"the text gives the usual {kind} as {number}, but {change.base_name} is {change.base}",
            "write the usual number as its {placeholder}, or fix the model",
        )
    elif role == "delta" and number != abs(change.delta):
        ctx.add(
            "PK323",
            path,
            f"the text changes {kind} by {number}, but {what} changes them by {abs(change.delta)}",
            "write the change as a {placeholder}, or fix the model",
        )
    elif role == "result" and number != change.result:
        ctx.add(
            "PK323",
            path,
            f"the text says {number} {kind}, but {what} makes it {change.base} {sign} {abs(change.delta)} = "
            f"{change.result}",
            "the number stated is the usual one changed by the effect; correct the text or the model",
        )
