"""Rich-text markup in kit text: one parser for the validator and the generator.

    **bold**    *italic*    ***both***
    <red>a colour span</>    <#c0392b>any colour</#c0392b>
    \\*  \\<  \\\\            a literal *, < and \\

Bold and italic are switches: `**` turns bold on or off, a single `*` italic,
`***` both. Colour spans nest; `</>` (or `</name>`, which must match) ends the
innermost one. Colours are the names every colour field takes (black, white,
grey, red, blue, green, yellow) or `#rgb` / `#rrggbb`.

Why angle brackets for colour: `{…}` already belongs to placeholders and inline
icons, and `[…]` is common in card text ("[Once per turn]"). A `<` is markup
only when a letter, `#` or `/` follows it at once, so "x < 3" and "<3" stay
text. Every other `*` is markup: a lone one is unbalanced, never printed —
write `\\*` for a literal asterisk.

Text without `*`, `<` or a backslash takes a fast path: it is one plain span.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .types import parse_colour

MAX_DEPTH = 8
"""Colour spans nested deeper than this are a finding (a bound on what content can make the parser keep)."""

MAX_PROBLEMS = 10
"""At most this many findings per text: a text of a thousand stray tags is one mistake, told ten times."""

ESCAPABLE = "*<\\"
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9_-]*|#[0-9A-Za-z]*)?>")
_TAG_START = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ#/")


@dataclass(frozen=True, slots=True)
class Span:
    """A piece of text in one style; `colour` is None for the text's own colour."""

    text: str
    bold: bool = False
    italic: bool = False
    colour: str | None = None


@dataclass(frozen=True, slots=True)
class MarkupProblem:
    """A piece of markup that cannot be read: `kind` is "unbalanced" or "unknown", `offset` its place in the text."""

    kind: str
    offset: int
    message: str
    hint: str


@dataclass(frozen=True, slots=True)
class Parsed:
    spans: tuple[Span, ...]
    problems: tuple[MarkupProblem, ...] = ()

    @property
    def plain(self) -> str:
        """The text as printed, without its markup."""
        return "".join(span.text for span in self.spans)

    @property
    def styled(self) -> bool:
        """Whether any span differs from plain text."""
        return any(span.bold or span.italic or span.colour for span in self.spans)


def has_markup(text: str) -> bool:
    """Whether `text` may hold markup; False is certain, and the common case (three scans at C speed)."""
    return "*" in text or "<" in text or "\\" in text


def parse(text: str) -> Parsed:
    """`text` as styled spans, and whatever markup in it cannot be read.

    >>> [(s.text, s.bold, s.italic) for s in parse("Draw **two** cards, *then* discard").spans]
    [('Draw ', False, False), ('two', True, False), (' cards, ', False, False), ('then', False, True), (' discard', False, False)]
    >>> [(s.text, s.colour) for s in parse("a <red>hot</> card, 2 < 3").spans]
    [('a ', None), ('hot', '#d62728'), (' card, 2 < 3', None)]
    >>> parse(r"5 \\* 2").plain
    '5 * 2'
    >>> [(p.kind, p.offset) for p in parse("**Add a card").problems]
    [('unbalanced', 0)]
    """
    if not has_markup(text):
        return Parsed((Span(text),))
    return _parse(text)


def plain(text: str) -> str:
    """`text` without its markup: for places that print words as they are (bookmarks, file metadata)."""
    return text if not has_markup(text) else _parse(text).plain


@lru_cache(maxsize=8192)
def _parse(text: str) -> Parsed:
    return _Reader(text).read()


class _Reader:
    def __init__(self, text: str):
        self.text = text
        self.spans: list[Span] = []
        self.problems: list[MarkupProblem] = []
        self.buffer: list[str] = []
        self.bold_at: int | None = None
        self.italic_at: int | None = None
        self.colours: list[tuple[str, str | None, int]] = []  # (name as written, #rrggbb, offset of the tag)

    def read(self) -> Parsed:
        text, n, i = self.text, len(self.text), 0
        while i < n:
            ch = text[i]
            if ch == "\\" and i + 1 < n and text[i + 1] in ESCAPABLE:
                self.buffer.append(text[i + 1])
                i += 2
            elif ch == "*":
                j = i
                while j < n and text[j] == "*":
                    j += 1
                self.stars(i, j - i)
                i = j
            elif ch == "<" and i + 1 < n and text[i + 1] in _TAG_START:
                i = self.tag(i)
            else:
                self.buffer.append(ch)
                i += 1
        self.flush()
        if self.bold_at is not None:
            self.problem("unbalanced", self.bold_at, "`**` starts bold text that never ends", "close it with `**`")
        if self.italic_at is not None:
            self.problem("unbalanced", self.italic_at, "`*` starts italic text that never ends", "close it with `*`")
        for name, _colour, at in self.colours:
            self.problem("unbalanced", at, f"`<{name}>` starts a colour span that never ends", "close it with `</>`")
        self.problems.sort(key=lambda p: p.offset)
        return Parsed(tuple(self.spans) or (Span(""),), tuple(self.problems[:MAX_PROBLEMS]))

    def problem(self, kind: str, offset: int, what: str, hint: str) -> None:
        self.problems.append(MarkupProblem(kind, offset, f"{what}{self.near(offset)}", hint))

    def near(self, offset: int) -> str:
        """Where in the text, for texts whose column cannot be pointed at (several lines)."""
        before = self.text[max(0, offset - 12) : offset].replace("\n", " ")
        return f" (after {before!r})" if before.strip() else ""

    def flush(self) -> None:
        if self.buffer:
            colour = self.colours[-1][1] if self.colours else None
            span = Span("".join(self.buffer), self.bold_at is not None, self.italic_at is not None, colour)
            self.spans.append(span)
            self.buffer = []

    def stars(self, at: int, count: int) -> None:
        if count > 3:
            self.problem(
                "unknown", at, f"{count} asterisks in a row are not markup", "write `\\*` for each literal asterisk"
            )
            return
        self.flush()
        if count >= 2:
            self.bold_at = at if self.bold_at is None else None
        if count != 2:
            self.italic_at = at if self.italic_at is None else None

    def tag(self, at: int) -> int:
        match = _TAG.match(self.text, at)
        if match is None:
            self.problem(
                "unknown", at, "`<` starts a colour tag that does not end with `>`", "write `\\<` for a literal <"
            )
            self.buffer.append("<")
            return at + 1
        closing, name = match.group(1), match.group(2) or ""
        if closing:
            if not self.colours:
                self.problem(
                    "unbalanced", at, f"`{match.group(0)}` ends no colour span", "remove it, or open one first"
                )
                return match.end()
            self.flush()
            names = [opened.lower() for opened, _colour, _at in self.colours]
            if name and name.lower() != names[-1]:
                if name.lower() not in names:  # a typo in the closing tag: it ends the innermost span
                    opened = self.colours.pop()[0]
                    self.problem(
                        "unbalanced", at, f"`{match.group(0)}` ends `<{opened}>`", f"write `</{opened}>` or `</>`"
                    )
                    return match.end()
                while self.colours[-1][0].lower() != name.lower():  # spans left open inside the one it ends
                    opened, _colour, opened_at = self.colours.pop()
                    self.problem(
                        "unbalanced",
                        opened_at,
                        f"`<{opened}>` starts a colour span that never ends",
                        "close it with `</>`",
                    )
            self.colours.pop()
            return match.end()
        if len(self.colours) >= MAX_DEPTH:
            self.problem("unknown", at, f"colour spans nest deeper than {MAX_DEPTH}", "close some spans first")
            return match.end()
        try:
            colour = parse_colour(name) if name else None
        except ValueError:
            colour = None
        if colour is None:  # still a span, so its end tag is no second finding; its text keeps the outer colour
            self.problem(
                "unknown",
                at,
                f"`{match.group(0)}` is not a colour",
                "use `<#rrggbb>` or a colour name (black, white, grey, red, blue, green, yellow); `**` is bold",
            )
            colour = self.colours[-1][1] if self.colours else None
        self.flush()
        self.colours.append((name, colour, at))
        return match.end()


__all__ = ["MAX_DEPTH", "MarkupProblem", "Parsed", "Span", "has_markup", "parse", "plain"]
