"""The `pnpkit` command line: version, help, exit statuses, and how findings are reported."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from bad_cases import write
from conftest import (
    CONTENT,
    GENERIC,
    REPO,
    cli,
    cli_with_jobs,
    files_under,
    finish,
    make_bad_kit,
    parse_findings,
    run_cli,
    start_cli,
)

PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def test_version_matches_the_package():
    result = run_cli("--version")  # a real interpreter: `python -m pnpkit.generator.cli` works
    assert result.returncode == 0
    assert result.stdout.strip() == f"pnpkit {PYPROJECT['project']['version']}"


def test_console_script_points_at_the_entry():
    """The script starts in a module that catches a stop before anything heavy is imported (generator/entry.py)."""
    assert PYPROJECT["project"]["scripts"]["pnpkit"] == "pnpkit.generator.entry:main"
    from pnpkit.generator import cli, entry

    assert callable(entry.main) and callable(cli.main)


def test_version_in_process():
    result = cli("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"pnpkit {PYPROJECT['project']['version']}"


def test_installed_console_script_runs():
    script = Path(sys.executable).parent / "pnpkit"
    if not script.exists():
        pytest.skip("pnpkit is not installed next to this interpreter (pip install -e . installs it)")
    result = subprocess.run([str(script), "--version"], capture_output=True, text=True, cwd=REPO, timeout=60)
    assert result.returncode == 0
    assert result.stdout.strip() == f"pnpkit {PYPROJECT['project']['version']}"


@pytest.mark.parametrize("command", [[], ["validate"], ["build"]], ids=["pnpkit", "validate", "build"])
def test_help_exits_zero(command):
    result = cli(*command, "--help")
    assert result.returncode == 0
    assert result.stdout.startswith("usage: pnpkit")
    assert result.stderr == ""


def test_help_lists_the_commands_and_exit_statuses():
    text = cli("--help").stdout
    assert "validate" in text and "build" in text
    assert "2 usage errors" in text


def test_no_command_is_a_usage_error():
    result = cli()
    assert result.returncode == 2


@pytest.mark.parametrize(
    "args",
    [
        ["validate", "--bogus", str(CONTENT)],
        ["build", str(CONTENT), "--frobnicate"],
        ["frobnicate"],
        ["validate", "does/not/exist"],
        ["build", "does/not/exist", "-o", "OUT"],
        ["validate", "pyproject.toml"],
        ["build", str(CONTENT), "--lang", "fr", "-o", "OUT"],
        ["validate", str(CONTENT), "--format", "xml"],
        ["validate"],
        ["validate", str(CONTENT), "--jobs", "0"],
        ["validate", str(CONTENT), "-j", "x"],
        ["build", str(CONTENT), "-o", "OUT", "--jobs", "x"],
        ["build", str(CONTENT), "-o", "OUT", "--jobs=0"],
    ],
    ids=[
        "unknown-option",
        "unknown-build-option",
        "unknown-command",
        "missing-path",
        "missing-build-path",
        "file-not-dir",
        "lang-fr",
        "bad-format",
        "no-path",
        "jobs-0",
        "jobs-x",
        "build-jobs-x",
        "build-jobs-0",
    ],
)
def test_usage_errors_exit_2(args, tmp_path):
    args = [a.replace("OUT", str(tmp_path / "out")) for a in args]
    result = cli(*args)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if "error" in line]
    assert len(errors) == 1 and errors[0].startswith("pnpkit: error: "), result.stderr  # one line names the problem
    assert result.stderr.splitlines()[-1] == errors[0]  # after the usage, if any
    assert result.stdout == ""
    assert files_under(tmp_path) == []


def test_lang_the_kit_does_not_ship_is_a_usage_error(tmp_path):
    kit = make_bad_kit(tmp_path, [("kit.yaml", "languages: [ja, en]", "languages: [ja]")])
    from pnpkit.validator.kit import load_kit

    if not load_kit(kit).ok:
        pytest.skip("a ja-only kit does not validate (missing-translation checks may require both)")
    out = tmp_path / "out"
    result = cli("build", kit, "--lang", "en", "-o", out)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert files_under(out) == []


def test_validate_clean_kit():
    result = cli("validate", CONTENT)
    assert result.returncode == 0, result.stderr
    assert "OK" in result.stdout
    assert parse_findings(result.stdout + result.stderr) == []


def test_validate_reports_content_errors_with_exit_1(tmp_path):
    result = cli("validate", write("dangling-element", tmp_path))
    assert result.returncode == 1
    assert "1 error(s)" in result.stderr


def test_findings_from_several_files_are_all_reported_sorted(tmp_path):
    result = cli("validate", write("multi", tmp_path))
    assert result.returncode == 1
    shown = parse_findings(result.stderr)
    assert len(shown) >= 5
    assert len({f.file for f in shown}) >= 4
    keys = [(str(f.file), f.line, f.col) for f in shown]
    assert keys == sorted(keys)


def test_validate_prints_the_same_whatever_jobs_is(tmp_path):
    """Validator findings and layout findings of several editions of several kits come back in one order."""
    names = ("multi", "mt-card-text-too-long", "mt-sheet-too-small", "ut-cells-too-small")
    kits = [write(name, tmp_path / "kits") for name in names]
    one, two = cli_with_jobs(tmp_path, "validate", *kits)
    assert one.returncode == 1
    assert {"PK309", "PK412", "UT015"} <= {f.code for f in parse_findings(one.stderr)}, one.stderr
    assert len(parse_findings(one.stderr)) >= 8
    assert (two.returncode, two.stdout, two.stderr) == (one.returncode, one.stdout, one.stderr)


def test_findings_are_deduplicated_across_paths(tmp_path):
    kit = write("multi", tmp_path)
    once = parse_findings(cli("validate", kit).stderr)
    twice = cli("validate", kit, kit)
    assert twice.returncode == 1
    assert [f.text for f in parse_findings(twice.stderr)] == [f.text for f in once]


def test_several_kits_are_reported_together_sorted_by_file(tmp_path):
    result = cli("validate", write("wrong-type", tmp_path), write("card-count", tmp_path), CONTENT)
    assert result.returncode == 1
    shown = parse_findings(result.stderr)
    assert {f.code for f in shown} == {"PK203", "ES003"}
    assert [str(f.file) for f in shown] == sorted(str(f.file) for f in shown)


def test_reading_errors_in_several_files_are_all_reported(tmp_path):
    """A file that cannot be read does not hide the problems of the next one."""
    kit = make_bad_kit(
        tmp_path,
        [
            (
                "combos.yaml",
                "    kind: attack\n    name: {ja: 蒸気爆発",
                "    kind: attack\n    kind: defence\n    name: {ja: 蒸気爆発",
            ),
            ("tokens.yaml", "  diameter: 16mm\n", "  diameter: 16mm\n\tplayers_extra: 1\n"),
            ("errata.yaml", "errata:\n", "extra: !!binary aGVsbG8=\nerrata:\n"),
        ],
    )
    result = cli("validate", kit)
    assert result.returncode == 1
    shown = parse_findings(result.stderr)
    assert [(f.file.name, f.line, f.code) for f in shown] == [
        ("combos.yaml", 5, "PK102"),
        ("errata.yaml", 2, "PK111"),
        ("tokens.yaml", 3, "PK101"),
    ], result.stderr


def test_text_findings_go_to_stderr_and_the_summary_counts_them(tmp_path):
    result = cli("validate", write("board-cells", tmp_path))
    assert result.stdout == ""
    assert result.stderr.strip().splitlines()[-1] == "2 error(s), 0 warning(s)"


def test_closed_stdout_gives_no_traceback(tmp_path):
    """`pnpkit validate ... --format sarif | head`: the reader leaving early is not a crash."""
    kit = write("multi", tmp_path)
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = finish(start_cli("validate", kit, "--format", "sarif", stdout=write_end), timeout=60)
    finally:
        os.close(write_end)
    assert "Traceback" not in result.stderr


def test_missing_kit_yaml_is_a_finding_not_a_crash(tmp_path):
    (tmp_path / "empty").mkdir()
    result = cli("validate", tmp_path / "empty")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "PK107" in result.stderr


@pytest.mark.parametrize("own_process", [False, True])
def test_the_collector_is_tuned_only_in_a_process_of_its_own(own_process):
    """`pnpkit` (the script) raises the young-collection threshold and freezes the loaded kit, since the
    process ends with the command; called from other code, it leaves the caller's collector alone."""
    code = (
        "import gc, sys\n"
        "from pnpkit.generator import cli\n"
        "before = gc.get_threshold(), gc.get_freeze_count()\n"
        f"status = cli.main(['validate', sys.argv[1]], own_process={own_process})\n"
        "print(status, gc.get_threshold() == before[0], gc.get_freeze_count() > before[1])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(GENERIC / "moonlit-tricks")], capture_output=True, text=True, check=True
    )
    status, kept, frozen = done.stdout.split()[-3:]
    assert status == "0"
    assert (kept, frozen) == (("False", "True") if own_process else ("True", "False"))
