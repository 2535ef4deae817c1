"""Golden bad kits (tests/fixtures/bad/): each defect gives its code at its file:line:col,
and a build of it fails cleanly and writes nothing."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bad_cases import CASES, CONTENT, MULTI, Case, apply_edit, expected_location, line_of
from conftest import BAD, REPO, cli, files_under, finish, parse_findings, start_cli

CASE_IDS = [case.name for case in CASES]


def kit_of(case: Case):
    return BAD / case.name


def findings_for(kit):
    from pnpkit.validator.kit import load_kit

    return load_kit(kit).report.sorted()


def test_every_case_has_its_fixture():
    """Other games keep their own bad kits here too; these are Element Shift's."""
    for name in CASE_IDS + ["multi"]:
        assert (BAD / name / "kit.yaml").is_file(), f"missing fixture {name}: run python tests/bad_cases.py"
        assert (BAD / name / "EXPECTED").is_file()


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_fixture_is_the_kit_with_one_defect(case, tmp_path):
    """Every YAML file of the kit is there, and undoing the one defect gives a clean kit."""
    from pnpkit.validator.kit import load_kit

    kit = kit_of(case)
    assert sorted(p.name for p in kit.glob("*.yaml")) == sorted(p.name for p in CONTENT.glob("*.yaml"))
    repaired = tmp_path / "repaired"
    repaired.mkdir()
    for path in kit.glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        if path.name == case.file:
            text = apply_edit(text, case.new, case.old, case.name)
        (repaired / path.name).write_text(text, encoding="utf-8")
    loaded = load_kit(repaired)
    assert loaded.ok, ["the fixture is stale? regenerate it with `python tests/bad_cases.py`"] + [
        f.text() for f in loaded.report.errors
    ]


def test_multi_fixture_is_the_kit_with_its_defects(tmp_path):
    from pnpkit.validator.kit import load_kit

    kit = BAD / "multi"
    repaired = tmp_path / "repaired"
    repaired.mkdir()
    texts = {path.name: path.read_text(encoding="utf-8") for path in kit.glob("*.yaml")}
    assert sorted(texts) == sorted(p.name for p in CONTENT.glob("*.yaml"))
    for defect in MULTI:
        texts[defect.file] = apply_edit(texts[defect.file], defect.new, defect.old, "multi")
    for name, text in texts.items():
        (repaired / name).write_text(text, encoding="utf-8")
    assert load_kit(repaired).ok


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_expected_file_matches_the_case(case):
    line, col = expected_location(case, kit_of(case))
    where = f"{case.file}:{line}:{col}" if col else f"{case.file}:{line}"
    assert (kit_of(case) / "EXPECTED").read_text(encoding="utf-8") == f"{where}: error {case.code}\n"


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_defect_gives_its_code_at_its_place(case):
    kit = kit_of(case)
    line, col = expected_location(case, kit)
    findings = findings_for(kit)
    errors = [f for f in findings if f.is_error]
    assert errors, "the defect was not found"
    assert {f.code for f in errors} <= {case.code, *case.also}, [f.text() for f in errors]
    ours = [f for f in errors if f.code == case.code]
    assert ours, [f.text() for f in errors]
    lines = {line} | {line_of(kit / case.file, marker) for marker in case.other_lines}
    for finding in ours:
        assert Path(finding.location.file).resolve() == (kit / case.file).resolve(), finding.text()
        assert finding.location.line in lines, finding.text()
        assert finding.location.col >= 1
    if col is not None:
        assert any((f.location.line, f.location.col) == (line, col) for f in ours), [f.text() for f in ours]
    assert any(case.message in f.message for f in ours), [f.text() for f in ours]
    if case.hint:
        assert any(case.hint in f.hint for f in ours), [f.text() for f in ours]


def test_board_cell_count_names_both_territories():
    findings = [f for f in findings_for(BAD / "board-cells") if f.code == "ES004"]
    assert sorted(f.message.split(",")[0] for f in findings) == ["7 fire cells", "9 water cells"]


def test_unknown_field_is_reported_where_the_typo_is():
    findings = {f.code: f for f in findings_for(BAD / "unknown-field")}
    assert findings["PK201"].path == "decks[1].nmae"


@pytest.fixture(scope="module")
def bad_builds(tmp_path_factory):
    """`python -m generator.cli build <case> -o OUT` for every case, all started at once; name -> (result, OUT)."""
    root = tmp_path_factory.mktemp("bad-builds")
    started = {
        case.name: (start_cli("build", kit_of(case), "-o", root / case.name / "out"), root / case.name / "out")
        for case in CASES
    }
    return {name: (finish(process), out) for name, (process, out) in started.items()}


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_build_of_a_bad_kit_fails_cleanly_and_writes_nothing(case, bad_builds):
    kit = kit_of(case)
    result, out = bad_builds[case.name]
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    line, col = expected_location(case, kit)
    shown = [f for f in parse_findings(result.stderr) if f.code == case.code]
    assert shown, result.stderr
    lines = {line} | {line_of(kit / case.file, marker) for marker in case.other_lines}
    assert any(f.file == (kit / case.file).resolve() and f.line in lines for f in shown), result.stderr
    if col is not None:
        where = f"{(kit / case.file).relative_to(REPO)}:{line}:{col}: error {case.code}"
        assert any(f.text.startswith(where) for f in shown), (where, result.stderr)
    for finding in shown:  # one line each: file:line:col: severity CODE path: message (hint)
        assert re.match(r"^\S+:\d+:\d+: error [A-Z]+\d{3} ", finding.text)
    assert files_under(out) == []


def test_validate_json_output(tmp_path):
    result = cli("validate", BAD / "unknown-field", "--format", "json")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    data = json.loads(result.stdout)
    assert isinstance(data, list) and len(data) == 2
    for item in data:
        assert {"code", "severity", "location", "message", "path", "hint"} <= set(item)
        assert item["severity"] == "error"
        assert set(item["location"]) == {"file", "line", "col"}
        assert (REPO / item["location"]["file"]).resolve() == (BAD / "unknown-field" / "decks.yaml").resolve()
    by_code = {item["code"]: item for item in data}
    assert by_code["PK201"]["location"]["line"] == line_of(BAD / "unknown-field" / "decks.yaml", "nmae:")
    assert "did you mean 'name'" in by_code["PK201"]["hint"]


def test_validate_json_output_of_a_clean_kit_is_an_empty_list():
    result = cli("validate", CONTENT, "--format", "json")
    assert result.returncode == 0
    assert json.loads(result.stdout) == []


def test_validate_sarif_output():
    kit = BAD / "dangling-element"
    result = cli("validate", kit, "--format", "sarif")
    assert result.returncode == 1
    sarif = json.loads(result.stdout)
    assert sarif["version"] == "2.1.0"
    assert "sarif" in sarif["$schema"] and "2.1.0" in sarif["$schema"]
    (run,) = sarif["runs"]
    assert run["tool"]["driver"]["name"] == "pnpkit"
    assert {rule["id"] for rule in run["tool"]["driver"]["rules"]} == {"ES001"}
    (res,) = run["results"]
    assert res["ruleId"] == "ES001" and res["level"] == "error"
    assert "lava" in res["message"]["text"]
    (loc,) = res["locations"]
    physical = loc["physicalLocation"]
    assert (REPO / physical["artifactLocation"]["uri"]).resolve() == (kit / "combos.yaml").resolve()
    line = line_of(kit / "combos.yaml", "elements: [fire, lava]")
    assert physical["region"] == {"startLine": line, "startColumn": line_of_col(kit / "combos.yaml", line, "lava")}


def line_of_col(path, line, text):
    return path.read_text(encoding="utf-8").split("\n")[line - 1].index(text) + 1


def test_multi_problem_kit_reports_everything_in_one_run_sorted():
    kit = BAD / "multi"
    result = cli("validate", kit)
    assert result.returncode == 1
    shown = parse_findings(result.stderr)
    got = [(f.file.name, f.line, f.code) for f in shown]
    want = sorted((d.file, line_of(kit / d.file, d.marker), d.code) for d in MULTI)
    assert got == want, result.stderr
    expected = [tuple(x.rsplit(": error ", 1)) for x in (kit / "EXPECTED").read_text().splitlines()]
    assert [(f"{name}:{line}", code) for name, line, code in got] == expected
    assert len({d.file for d in MULTI}) >= 3
