"""Findings: every problem the validator reports, with a stable code and a place.

A finding is data, never an exception, so one run can gather all of them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from enum import Enum
from pathlib import Path


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


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


@dataclass(frozen=True)
class Finding:
    code: str
    severity: Severity
    message: str
    location: Location
    path: str = ""
    hint: str = ""

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def sort_key(self) -> tuple:
        return (self.location, self.code, self.path, self.message)

    def text(self) -> str:
        where = f" {self.path}:" if self.path else ""
        hint = f" ({self.hint})" if self.hint else ""
        return f"{self.location}: {self.severity.value} {self.code}{where} {self.message}{hint}"

    def as_dict(self) -> dict:
        data = asdict(self)
        data["severity"] = self.severity.value
        if not self.location.cell:  # YAML places stay {file, line, col}
            del data["location"]["cell"]
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
        return [f for f in self.sorted() if not f.is_error]

    @property
    def has_errors(self) -> bool:
        return any(f.is_error for f in self.findings)


def render_text(findings: list[Finding]) -> str:
    lines = [f.text() for f in findings]
    errors = sum(f.is_error for f in findings)
    lines.append(f"{errors} error(s), {len(findings) - errors} warning(s)")
    return "\n".join(lines)


def render_json(findings: list[Finding]) -> str:
    return json.dumps([f.as_dict() for f in findings], ensure_ascii=False, indent=2)


def render_sarif(findings: list[Finding], version: str) -> str:
    """SARIF 2.1.0, so code-scanning tools can show findings inline."""
    rules = sorted({f.code for f in findings})
    results = []
    for f in findings:
        region = {"startLine": max(f.location.line, 1), "startColumn": max(f.location.col, 1)}
        results.append(
            {
                "ruleId": f.code,
                "level": "error" if f.is_error else "warning",
                "message": {"text": f"{f.path}: {f.message}" if f.path else f.message},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {"uri": Path(f.location.file).as_posix()},
                            "region": region,
                        }
                    }
                ],
            }
        )
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
    return json.dumps(sarif, ensure_ascii=False, indent=2)
