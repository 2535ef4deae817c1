"""Shared fixtures: paths, a CLI runner, the kit loaded, laid out and built once per session."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CONTENT = REPO / "content" / "element-shift"
BAD = REPO / "tests" / "fixtures" / "bad"
KIT_ID = "element-shift"
LANGS = ("ja", "en")
COMPONENTS = ("board", "cards", "tokens", "rules")

FINDING = re.compile(
    r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<severity>error|warning) (?P<code>[A-Z]+\d{3})\b(?P<rest>.*)$"
)


@dataclass(frozen=True)
class Shown:
    """One finding as the CLI printed it in text format."""

    file: Path  # resolved
    line: int
    col: int
    severity: str
    code: str
    text: str


def _env(extra: dict | None = None) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("PYTHONHASHSEED", None)
    env.update(extra or {})
    return env


def start_cli(*args: str | os.PathLike, cwd: Path = REPO, env: dict | None = None) -> subprocess.Popen:
    """`python -m generator.cli ARGS` in a fresh interpreter, started and not waited for."""
    return subprocess.Popen(
        [sys.executable, "-m", "pnpkit.generator.cli", *map(str, args)],
        cwd=cwd,
        env=_env(env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )


def finish(process: subprocess.Popen, timeout: float = 180) -> subprocess.CompletedProcess:
    stdout, stderr = process.communicate(timeout=timeout)
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def run_cli(
    *args: str | os.PathLike, cwd: Path = REPO, env: dict | None = None, timeout: float = 180
) -> subprocess.CompletedProcess:
    """`python -m generator.cli ARGS` in a fresh interpreter, as a user would run pnpkit."""
    return finish(start_cli(*args, cwd=cwd, env=env), timeout)


def cli(*args: str | os.PathLike, cwd: Path = REPO) -> subprocess.CompletedProcess:
    """`pnpkit ARGS` in this process (fast: no interpreter start-up, no re-import of the models).

    Output and exit status are what the command line gives; an exception escapes and fails the test.
    """
    from pnpkit.generator.cli import main

    out, err = io.StringIO(), io.StringIO()
    argv = [str(a) for a in args]
    old = os.getcwd()
    os.chdir(cwd)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        os.chdir(old)
    return subprocess.CompletedProcess(["pnpkit", *argv], code, out.getvalue(), err.getvalue())


def parse_findings(output: str, cwd: Path = REPO) -> list[Shown]:
    """Every `file:line:col: severity CODE ...` line, with the file resolved against `cwd`."""
    found = []
    for raw in output.splitlines():
        match = FINDING.match(raw)
        if match:
            found.append(
                Shown(
                    (cwd / match["file"]).resolve(),
                    int(match["line"]),
                    int(match["col"]),
                    match["severity"],
                    match["code"],
                    raw,
                )
            )
    return found


def files_under(path: Path) -> list[Path]:
    """Every file (hidden ones too) below `path`; nothing when it does not exist."""
    if not path.exists():
        return []
    return sorted(p for p in path.rglob("*") if p.is_file())


def make_bad_kit(tmp_path: Path, edits: list[tuple[str, str, str]], name: str = "kit") -> Path:
    """A copy of content/element-shift in tmp_path/name with (file, old, new) edits; each `old` must occur once."""
    kit = tmp_path / name
    shutil.copytree(CONTENT, kit)
    for file, old, new in edits:
        path = kit / file
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{file}: {old!r} occurs {text.count(old)} times"
        path.write_text(text.replace(old, new), encoding="utf-8")
    return kit


def replace_once(text: str, old: str, new: str, where: str) -> str:
    """A fixture edit that must match exactly once, so a changed kit makes the fixture fail loudly."""
    if text.count(old) != 1:
        raise ValueError(f"{where}: expected exactly one {old!r}, found {text.count(old)}")
    return text.replace(old, new)


def marker_location(text: str, marker: str, col_at: str | None, where: str) -> tuple[int, int | None]:
    """The 1-based line of `marker` (which must occur once; its first line counts) and the column of `col_at` on it."""
    at = text.find(marker)
    if at < 0 or text.find(marker, at + 1) >= 0:
        raise ValueError(f"{where}: marker {marker!r} must occur exactly once")
    line = text.count("\n", 0, at) + 1
    row = text.split("\n")[line - 1]
    col = row.find(col_at) + 1 if col_at else None
    if col_at and col == 0:
        raise ValueError(f"{where}: {col_at!r} is not on line {line}")
    return line, col


def layouts_by_slug(loaded) -> dict:
    """{lang: {slug: Component}} for a loaded kit, laid out in memory; any text problem fails the test."""
    from pnpkit.generator.build import layout_kit

    out = {}
    for lang in loaded.kit.languages:
        parts, problems = layout_kit(loaded, lang)
        assert problems == [], [p.text() for p in problems]
        out[lang] = {part.slug: part for part in parts}
    return out


def ink_in_hard_margin(page) -> list:
    """Items that put ink within 5 mm of the paper's edge (cut guides may reach it)."""
    from pnpkit.generator.geometry import visible_items

    eps = 1e-6
    return [
        item
        for item, (x0, y0, x1, y1) in visible_items(page.items)
        if getattr(item, "role", "") != "cut-guide"
        and not (x0 >= 5 - eps and y0 >= 5 - eps and x1 <= page.width - 5 + eps and y1 <= page.height - 5 + eps)
    ]


@pytest.fixture(scope="session")
def loaded_kit():
    from pnpkit.validator.kit import load_kit

    loaded = load_kit(CONTENT)
    assert loaded.ok, [f.text() for f in loaded.report.findings]
    return loaded


@pytest.fixture(scope="session")
def layouts(loaded_kit):
    """{lang: [Component, ...]} for the Element Shift kit, laid out in memory."""
    from pnpkit.generator.build import layout_kit

    out = {}
    for lang in LANGS:
        parts, problems = layout_kit(loaded_kit, lang)
        assert not problems, [p.text() for p in problems]
        out[lang] = parts
    return out


@pytest.fixture(scope="session")
def two_builds(tmp_path_factory) -> tuple[Path, Path]:
    """`pnpkit build content/element-shift --lang all`, twice at once in two interpreters with different
    hash seeds (for the byte-identity test); returns both OUT/element-shift directories."""
    root = tmp_path_factory.mktemp("build")
    runs = [
        start_cli("build", CONTENT, "-o", root / name, "--lang", "all", env={"PYTHONHASHSEED": seed})
        for name, seed in (("out", "0"), ("again", "4242"))
    ]
    for run in runs:
        result = finish(run)
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr
    return root / "out" / KIT_ID, root / "again" / KIT_ID


@pytest.fixture(scope="session")
def built_kit(two_builds) -> Path:
    return two_builds[0]


@pytest.fixture(scope="session")
def pdfs(built_kit) -> list[Path]:
    found = sorted(built_kit.glob("*/*.pdf"))
    assert len(found) == len(LANGS) * (len(COMPONENTS) + 1), found
    return found
