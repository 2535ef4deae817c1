"""Bad kits (tests/bad_cases.py), each a real kit with a few edits written into tmp_path: each gives exactly its
findings at their file:line:col, a build of it fails cleanly and writes nothing, and the command line reports
many at once, as text, JSON and SARIF."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bad_cases import CASES, CASES_BY_NAME, Case, Want, located, write
from conftest import CONTENT, REPO, Shown, cli, files_under, finish, parse_findings, start_cli

IDS = [case.name for case in CASES]


def _is(item: dict, want: Want, kit: Path, line: int, col: int | None) -> bool:
    """Whether a finding of `validate --format json` is the wanted one."""
    where = item["location"]
    return (
        (item["code"], item["severity"]) == (want.code, want.severity)
        and (REPO / where["file"]).resolve() == (kit / want.file).resolve()
        and where["line"] == line
        and col in (None, where["col"])
        and want.message in item["message"]
        and want.hint in item["hint"]
        and want.path in ("", item["path"])
    )


def _printed(shown: list[Shown], want: Want, kit: Path, line: int, col: int | None) -> bool:
    """Whether the wanted finding is among those printed in text format."""
    place = ((kit / want.file).resolve(), line, want.severity, want.code)
    return any((f.file, f.line, f.severity, f.code) == place and col in (None, f.col) for f in shown)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_bad_kit_gives_exactly_its_findings(case: Case, tmp_path):
    kit = write(case, tmp_path)
    result = cli("validate", kit, "--format", "json")
    assert result.returncode == (1 if case.fails else 0), result.stdout + result.stderr
    found = json.loads(result.stdout)
    left = list(found)
    for want, line, col in located(case, kit):
        hit = next((item for item in left if _is(item, want, kit, line, col)), None)
        assert hit is not None, (f"no {want} at {want.file}:{line}:{col or '*'}", found)
        left.remove(hit)
    assert [item for item in left if item["code"] not in case.also] == []
    assert all(item["location"]["col"] >= 1 for item in found)


@pytest.mark.parametrize("case", [case for case in CASES if case.fails], ids=[c.name for c in CASES if c.fails])
def test_build_of_a_bad_kit_fails_cleanly_and_writes_nothing(case: Case, tmp_path):
    kit = write(case, tmp_path)
    out = tmp_path / "out"
    result = cli("build", kit, "-o", out, "--lang", "all")
    assert result.returncode == 1, result.stdout + result.stderr
    assert re.search(r"^pnpkit: nothing was (built|written); fix the errors above$", result.stderr, re.M)
    shown = parse_findings(result.stderr)
    for want, line, col in located(case, kit):
        assert _printed(shown, want, kit, line, col), (want, line, col, result.stderr)
    for finding in shown:  # one line each: file:line:col: severity CODE path: message (hint)
        assert re.match(r"^\S+:\d+:\d+: (error|warning) [A-Z]+\d{3} ", finding.text)
    assert files_under(out) == []


def test_board_cell_count_names_both_territories(tmp_path):
    result = cli("validate", write("board-cells", tmp_path), "--format", "json")
    found = [item for item in json.loads(result.stdout) if item["code"] == "ES004"]
    assert sorted(item["message"].split(",")[0] for item in found) == ["7 fire cells", "9 water cells"]


# ---------------------------------------------------------------- every bad kit in one command


@pytest.fixture(scope="module")
def all_at_once(tmp_path_factory):
    """`pnpkit validate` and `pnpkit build` of every bad kit, each in one fresh interpreter, both running at once:
    ({case name: kit}, validate's result, build's result, build's output directory)."""
    root = tmp_path_factory.mktemp("bad")
    kits = {case.name: write(case, root) for case in CASES}
    out = root / "out"
    validate = start_cli("validate", *kits.values())
    build = start_cli("build", *kits.values(), "-o", out, "--lang", "all")
    return kits, finish(validate), finish(build), out


@pytest.mark.slow
def test_validate_of_every_bad_kit_at_once_reports_every_finding_sorted(all_at_once):
    kits, result, _build, _out = all_at_once
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    shown = parse_findings(result.stdout + result.stderr)
    for case in CASES:
        for want, line, col in located(case, kits[case.name]):
            assert _printed(shown, want, kits[case.name], line, col), (case.name, want, line, col)
    firsts = {f.text: f for f in reversed(shown)}  # a grouped line's first place: the order lines are printed in
    keys = [(str(f.file), f.line, f.col) for f in reversed(firsts.values())]
    assert keys == sorted(keys)


@pytest.mark.slow
def test_build_of_every_bad_kit_at_once_writes_nothing(all_at_once):
    _kits, _validate, result, out = all_at_once
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "pnpkit: nothing was built; fix the errors above" in result.stderr
    assert files_under(out) == []


# ---------------------------------------------------------------- JSON and SARIF


def test_validate_json_output(tmp_path):
    kit = write("unknown-field", tmp_path)
    result = cli("validate", kit, "--format", "json")
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert isinstance(data, list) and len(data) == 2
    for item in data:
        assert {"code", "severity", "location", "message", "path", "hint"} <= set(item)
        assert item["severity"] == "error"
        assert set(item["location"]) == {"file", "line", "col"}
        assert (REPO / item["location"]["file"]).resolve() == (kit / "decks.yaml").resolve()
    by_code = {item["code"]: item for item in data}
    ((_want, line, _col),) = located(CASES_BY_NAME["unknown-field"], kit)
    assert by_code["PK201"]["location"]["line"] == line
    assert "did you mean 'name'" in by_code["PK201"]["hint"]


def test_validate_json_output_of_a_clean_kit_is_an_empty_list():
    result = cli("validate", CONTENT, "--format", "json")
    assert result.returncode == 0
    assert json.loads(result.stdout) == []


def test_validate_sarif_output(tmp_path):
    kit = write("dangling-element", tmp_path)
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
    ((_want, line, col),) = located(CASES_BY_NAME["dangling-element"], kit)
    assert physical["region"] == {"startLine": line, "startColumn": col}


def test_multi_problem_kit_reports_everything_in_one_run_sorted(tmp_path):
    case = CASES_BY_NAME["multi"]
    kit = write(case, tmp_path)
    result = cli("validate", kit)
    assert result.returncode == 1
    got = [(f.file.name, f.line, f.code) for f in parse_findings(result.stderr)]
    assert got == sorted((want.file, line, want.code) for want, line, _col in located(case, kit)), result.stderr
    assert len({want.file for want in case.wants}) >= 3
