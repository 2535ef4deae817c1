"""Each seed rulebook encoded exactly as written, contradictions included, and the findings
the validator must produce on it. The kits in content/ are the corrected editions.

Each fixture directory holds an EXPECTED file: one `severity CODE file:line` (or
`file:line: severity CODE`) a line, `#` comments allowed. Every error must be listed;
listed warnings must be present. A fixture that is also a bad-content case is linked here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CONTENT_KITS

from pnpkit.validator.kit import load_kit

FIXTURES = Path(__file__).parent / "fixtures" / "as-written"
KITS = sorted(p.parent.name for p in FIXTURES.glob("*/kit.yaml"))


def expected(kit: str) -> tuple[set, set]:
    errors, warnings = set(), set()
    for raw in (FIXTURES / kit / "EXPECTED").read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if parts[0] in ("error", "warning"):
            severity, code, where = parts  # error CODE file:line
        else:
            where, severity, code = parts  # file:line: error CODE (the bad-fixture format)
        file, number = where.rstrip(":").rsplit(":", 1)
        (errors if severity == "error" else warnings).add((code, file, int(number)))
    return errors, warnings


@pytest.mark.parametrize("kit", KITS)
def test_as_written_findings(kit):
    want_errors, want_warnings = expected(kit)
    assert want_errors or want_warnings, "an as-written fixture without expectations cannot fail"
    loaded = load_kit(FIXTURES / kit)
    errors = {(f.code, Path(f.location.file).name, f.location.line) for f in loaded.report.errors}
    warnings = {(f.code, Path(f.location.file).name, f.location.line) for f in loaded.report.warnings}
    assert errors == want_errors
    assert want_warnings <= warnings


@pytest.mark.parametrize("kit", KITS)
def test_corrected_edition_validates_clean(kit):
    """The shipped kit is the corrected edition: no errors, and its errata say what changed."""
    loaded = load_kit(CONTENT_KITS[kit])
    assert loaded.ok, [f.text() for f in loaded.report.errors]
    assert loaded.kit.errata, "corrections must be recorded in errata"


def test_as_written_fixtures_exist():
    assert "element-shift" in KITS
