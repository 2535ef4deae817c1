"""Each seed rulebook encoded exactly as written, contradictions included, and the findings
the validator must produce on it. The kits in content/ are the corrected editions."""

from __future__ import annotations

from pathlib import Path

import pytest

from validator.kit import load_kit

FIXTURES = Path(__file__).parent / "fixtures" / "as-written"

# (code, file, line) for every error, and the warnings that must be among the findings.
EXPECTED: dict[str, dict[str, set[tuple[str, str, int]]]] = {
    "element-shift": {
        "errors": {
            ("ES010", "model.yaml", 7),  # 8 tokens, but 7 + Firestorm's 2 = 9 before the end-of-cycle check
            ("PK323", "combos.yaml", 96),  # Cold Wind Shield's example: Steam Explosion nullifies 3, not 2
            ("PK323", "events.yaml", 42),  # Storm Front's example: Steam Explosion "3マス"
            ("PK323", "events.yaml", 60),  # Earth's Blessing: "normally 3, now 4" against 2 + 1
            ("PK323", "events.yaml", 70),  # Depletion: "3 normally, only 2" against 2 − 1
            ("PK319", "rules.yaml", 53),  # no tie-break when several reach 8 territories
            ("PK319", "rules.yaml", 60),  # no tie-break after cycle 20
        },
        "warnings": {
            ("ES009", "combos.yaml", 61),  # Earth Split / Mud Wall: water + earth
            ("ES009", "combos.yaml", 84),  # Ice Storm / Cold Wind Shield: water + wind
            ("ES009", "combos.yaml", 100),  # Tectonic Shift / Sandstorm Guard: wind + earth
        },
    },
}


def _found(kit: str):
    loaded = load_kit(FIXTURES / kit)
    errors = {(f.code, Path(f.location.file).name, f.location.line) for f in loaded.report.errors}
    warnings = {(f.code, Path(f.location.file).name, f.location.line) for f in loaded.report.warnings}
    return errors, warnings


@pytest.mark.parametrize("kit", sorted(EXPECTED))
def test_as_written_findings(kit):
    errors, warnings = _found(kit)
    assert errors == EXPECTED[kit]["errors"]
    assert EXPECTED[kit]["warnings"] <= warnings


def test_every_seed_has_an_as_written_fixture():
    """The five seeds each get one; a fixture without expectations is a test that cannot fail."""
    present = {p.name for p in FIXTURES.iterdir() if (p / "kit.yaml").exists()}
    assert present == set(EXPECTED)
