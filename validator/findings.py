"""Findings: every problem the validator reports, with a stable code and a place.

A finding is data, never an exception, so one run can gather all of them.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, replace
from enum import Enum
from pathlib import Path


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"
    """A note on what pnpkit did not check (a language the proofreader cannot read), never a fault of the kit:
    counted apart from warnings, it fails nothing."""


@dataclass(frozen=True, order=True)
class Location:
    """A place in a source file; line and column count from 1.

    A cell of a table (validator.tables) also has a `cell`, the way people name it:
    `5:count` in a CSV (row 5, the column headed `count`), `Cards!C14` in a workbook.
    Its `line` and `col` are then the row and the column's number, for SARIF.
    """

    file: str
    line: int = 0
    col: int = 0
    cell: str = ""

    def __str__(self) -> str:
        if self.cell:
            return f"{self.file}:{self.cell}"
        if self.line:
            return f"{self.file}:{self.line}:{self.col}"
        return self.file

    def brief(self) -> str:
        """`rules.yaml:12:9`: the place with its file's name only, for a message that names a second place."""
        from pathlib import PurePath

        return str(replace(self, file=PurePath(self.file).name))


@dataclass(frozen=True)
class Suppression:
    """Why a finding is silenced, and the `ignore:` entry that silences it (validator.suppress)."""

    justification: str
    location: Location


@dataclass(frozen=True)
class Finding:
    code: str
    severity: Severity
    message: str
    location: Location
    path: str = ""
    hint: str = ""
    suppressed: Suppression | None = None
    """Set when an `ignore:` entry silences the finding: it is then counted, but neither printed nor failing."""

    @property
    def is_error(self) -> bool:
        """An error that counts: a silenced one fails nothing."""
        return self.severity is Severity.ERROR and self.suppressed is None

    def sort_key(self) -> tuple:
        return (self.location, self.code, self.path, self.message)

    def text(self) -> str:
        """The finding on one line, every user string in it made visible (`visible`): nothing in a key, a
        text or a file name can start a second line, move the cursor or reorder what the terminal shows."""
        where = f" {self.path}:" if self.path else ""
        hint = f" ({self.hint})" if self.hint else ""
        return visible(f"{self.location}: {self.severity.value} {self.code}{where} {self.message}{hint}")

    def as_dict(self) -> dict:
        data = asdict(self)
        data["severity"] = self.severity.value
        if not self.location.cell:  # YAML places stay {file, line, col}
            del data["location"]["cell"]
        del data["suppressed"]
        if self.suppressed is not None:  # as SARIF says it: {kind, justification, location}
            entry = _place(self.suppressed.location)
            data["suppressed"] = {"kind": "inSource", "justification": self.suppressed.justification, "location": entry}
        return data


HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode categories a terminal acts on or shows as nothing: controls (newline, ESC, the C1 block, NUL),
formats (the bidi overrides such as U+202E, zero-width characters), surrogates, private-use and unassigned
code points, and the line and paragraph separators."""

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def is_hidden(ch: str) -> bool:
    """Whether printing `ch` raw could hide, move or forge what a reader sees."""
    return unicodedata.category(ch) in HIDDEN_CATEGORIES


def _escape(ch: str) -> str:
    """`ch` as Python writes it in a string literal: \\n, \\x1b, \\u202e, \\U000f0000."""
    code = ord(ch)
    if ch in _NAMED:
        return _NAMED[ch]
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def visible(text: str) -> str:
    """`text` safe to print on a terminal, on one line: every hidden character (`is_hidden`) written as its
    Python escape, the rest as it is (kana, kanji, emoji and ideographic spaces stay readable).

    >>> visible("bad\\nkit.yaml:1:1: error"), visible("\\x1b]0;title\\x07"), visible("a\\u202eb 魔力")
    ('bad\\\\nkit.yaml:1:1: error', '\\\\x1b]0;title\\\\x07', 'a\\\\u202eb 魔力')
    """
    if text.isprintable():  # the common case, at C speed
        return text
    return "".join(_escape(ch) if is_hidden(ch) else ch for ch in text)


def _json_escape(ch: str) -> str:
    """`ch` as a JSON \\u escape; beyond the BMP, a surrogate pair, as JSON writes it."""
    code = ord(ch)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def dump_json(data: object) -> str:
    """JSON with readable text (kana and kanji as they are) but every hidden character (`is_hidden`) as a
    \\u escape: a parser reads back the exact string, a terminal shows nothing raw."""
    text = json.dumps(data, ensure_ascii=False, indent=2)
    if all(line.isprintable() for line in text.split("\n")):  # the common case, at C speed
        return text
    return "".join(_json_escape(ch) if ch != "\n" and is_hidden(ch) else ch for ch in text)


def _place(location: Location) -> dict:
    data = asdict(location)
    if not location.cell:
        del data["cell"]
    return data


@dataclass
class Report:
    """All findings of one run, kept sorted and free of duplicates."""

    findings: list[Finding] = field(default_factory=list)

    def extend(self, more: Iterable[Finding]) -> None:
        self.findings.extend(more)

    def sorted(self) -> list[Finding]:
        unique = {(f.code, f.location, f.path, f.message): f for f in self.findings}
        return sorted(unique.values(), key=Finding.sort_key)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.sorted() if f.is_error]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.sorted() if not f.is_error and f.suppressed is None]

    @property
    def silenced(self) -> list[Finding]:
        """Findings an `ignore:` entry silences: counted, never printed, failing nothing."""
        return [f for f in self.sorted() if f.suppressed is not None]

    @property
    def has_errors(self) -> bool:
        return any(f.is_error for f in self.findings)


def render_text(findings: list[Finding]) -> str:
    """One line per finding, then the count; findings an `ignore:` entry silences are only counted."""
    shown = [f for f in findings if f.suppressed is None]
    lines = grouped_lines(shown)
    errors = sum(f.is_error for f in shown)
    notes = sum(f.severity is Severity.INFO for f in shown)
    lines.append(
        f"{errors} error(s), {len(shown) - errors - notes} warning(s)" + (f", {notes} note(s)" if notes else "")
    )
    silenced = len(findings) - len(shown)
    if silenced:
        lines.append(f"{silenced} finding(s) silenced by ignore: entries (--format json lists them)")
    return "\n".join(lines)


PLACES_SHOWN = 5
"""The further places a grouped line names; the rest are counted."""


def grouped_lines(findings: list[Finding]) -> list[str]:
    """One line per finding, but identical findings (one code, message and hint at several places, as a deck's
    repeated text gives) on one line at the first place, with the count and the next few places. Each line is
    made visible (Finding.text): nothing in it can start a second line."""
    groups: dict[tuple, list[Finding]] = {}
    for finding in findings:
        groups.setdefault((finding.code, finding.severity, finding.message, finding.hint), []).append(finding)
    lines = []
    for group in groups.values():
        first, more = group[0], group[1:]
        if not more:
            lines.append(first.text())
            continue
        places = ", ".join(str(f.location) for f in more[:PLACES_SHOWN])
        rest = len(more) - PLACES_SHOWN
        tail = f" and {rest} more" if rest > 0 else ""
        lines.append(first.text() + visible(f" [{len(group)} times; also at {places}{tail}]"))
    return lines


def render_json(findings: list[Finding]) -> str:
    """A list of findings; a silenced one carries `suppressed: {kind, justification, location}` (its entry's place)."""
    return dump_json([f.as_dict() for f in findings])


SARIF_LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def render_sarif(findings: list[Finding], version: str) -> str:
    """SARIF 2.1.0, so code-scanning tools can show findings inline."""
    rules = sorted({f.code for f in findings})
    results = []
    for f in findings:
        result: dict[str, object] = {
            "ruleId": f.code,
            "level": SARIF_LEVELS[f.severity],
            "message": {"text": f"{f.path}: {f.message}" if f.path else f.message},
            "locations": [{"physicalLocation": _physical(f.location)}],
        }
        if f.suppressed is not None:  # kept, as SARIF wants, with the ignore: entry that silences it
            result["suppressions"] = [
                {
                    "kind": "inSource",
                    "justification": f.suppressed.justification,
                    "location": {"physicalLocation": _physical(f.suppressed.location)},
                }
            ]
        results.append(result)
    sarif = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "pnpkit",
                        "version": version,
                        "rules": [{"id": code} for code in rules],
                    }
                },
                "results": results,
            }
        ],
    }
    return dump_json(sarif)


def _physical(location: Location) -> dict:
    region = {"startLine": max(location.line, 1), "startColumn": max(location.col, 1)}
    return {"artifactLocation": {"uri": Path(location.file).as_posix()}, "region": region}
