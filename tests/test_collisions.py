"""Text printed over other text is a finding (PK367, a warning at layout), whatever laid it out; runs of one
line in different styles are one line, not a collision."""

from __future__ import annotations

from pathlib import Path

from conftest import cli, make_bad_kit, parse_findings

TITLE = "{name: title, kind: text, box: [14.5mm, 4mm, 44.5mm, 8mm]"
FLAVOUR = "{name: flavour, kind: text, box: [5mm, 77mm, 53mm, 7mm]"


def found(kit: Path, code: str) -> list:
    result = cli("validate", kit)
    return [f for f in parse_findings(result.stdout + result.stderr) if f.code == code]


def test_a_text_region_moved_onto_another_prints_over_it(tmp_path: Path):
    kit = make_bad_kit(
        tmp_path,
        [("templates.yaml", FLAVOUR, "{name: flavour, kind: text, box: [14.5mm, 4mm, 44.5mm, 8mm]")],
        kit="moonlit-tricks",
    )
    hits = found(kit, "PK367")
    assert hits and all(f.severity == "warning" for f in hits)
    assert "prints over" in hits[0].text


def test_the_same_regions_apart_are_no_finding(tmp_path: Path):
    kit = make_bad_kit(tmp_path, [], kit="moonlit-tricks")
    assert found(kit, "PK367") == []
    text = (kit / "templates.yaml").read_text(encoding="utf-8")
    assert TITLE in text and FLAVOUR in text  # the sibling above moves exactly this region


def test_styled_runs_of_one_line_are_not_a_collision():
    from pnpkit.generator.layouts.context import page_text
    from pnpkit.generator.scene import Page, Text

    line = (Text(20, 50, "Bold ", 9, bold=True), Text(28.5, 50, "and plain", 9))
    over = (Text(20, 50, "first", 9), Text(21, 50.5, "second", 9.5))
    assert not [p for p in page_text([Page(210, 297, line)]) if p.code == "PK367"]
    assert [p.code for p in page_text([Page(210, 297, over)]) if p.code == "PK367"] == ["PK367"]
