"""A game from another package (examples/game-package): pip installs it into a fresh venv, and pnpkit finds it
through its `pnpkit.games` entry point, with its own rule check, code explanation and playtest engine."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from conftest import REPO, line_of, parse_findings
from pdftext import pdf_text
from pypdf import PdfReader
from test_examples import EXPECTED, listed

PACKAGE = REPO / "examples" / "game-package"


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv that sees pnpkit and its dependencies, pip and setuptools (a .pth file naming this
    interpreter's paths, as an install from a wheelhouse would give), with the example game package
    pip-installed into it, offline."""
    root = tmp_path_factory.mktemp("game-package")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", root / "venv"], check=True)
    python = root / "venv" / "bin" / "python"
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    ours = [p for p in sys.path if p and Path(p).is_dir() and Path(p).resolve() != Path.cwd().resolve()]
    ours.append(sysconfig.get_paths()["purelib"])
    # Processed first (.pth files are read in name order), so the editable install's hook below finds its module.
    Path(purelib, "00-pnpkit-under-test.pth").write_text("\n".join(dict.fromkeys(ours)) + "\n", encoding="utf-8")
    for hook in Path(sysconfig.get_paths()["purelib"]).glob("*.pth"):  # an editable pnpkit is found by its hook
        shutil.copy(hook, purelib)
    source = root / "src"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    installed = subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index", source],
        capture_output=True,
        text=True,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    return python


def pnpkit(python: Path, *args: str | os.PathLike, cwd: Path = REPO) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    command = [python, "-m", "pnpkit.generator.entry", *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd, env=env, timeout=300)


def test_the_installed_game_validates_builds_and_simulates(venv: Path, tmp_path: Path):
    kit = PACKAGE / "kits" / "coin-race"
    validated = pnpkit(venv, "validate", kit)
    assert validated.returncode == 0, validated.stdout + validated.stderr
    built = pnpkit(venv, "build", kit, "-o", tmp_path / "out", "--lang", "all")
    assert built.returncode == 0, built.stdout + built.stderr
    for lang in ("ja", "en"):
        assert (tmp_path / "out" / "coin-race" / lang / "kit.pdf").stat().st_size > 10_000
    # the kit book lists the race track and a pawn per player, and the track prints every space of the race
    assert listed(tmp_path / "out" / "coin-race" / "en") == EXPECTED["coin-race"]
    track = pdf_text(tmp_path / "out" / "coin-race" / "en" / "race-track.pdf", sep=" ").split()
    assert {str(n) for n in range(31)} <= set(track)
    assert track.count("Gold") == 5 and track.count("Start") == 1 and track.count("Goal") == 1
    assert [word for word in ("Red", "Blue", "Green", "Purple") if word in track] == ["Red", "Blue", "Green", "Purple"]
    ja = "".join(pdf_text(tmp_path / "out" / "coin-race" / "ja" / "race-track.pdf").split())
    assert "スタート" in ja and "ゴール" in ja and "コマ：赤" in ja
    played = pnpkit(venv, "simulate", kit, "--games", "200", "--format", "json")
    assert played.returncode == 0, played.stdout + played.stderr
    assert '"coins_per_game"' in played.stdout


def test_the_installed_game_s_own_check_and_explanation(venv: Path, tmp_path: Path):
    kit = tmp_path / "coin-race"
    shutil.copytree(PACKAGE / "kits" / "coin-race", kit)
    text = (kit / "kit.yaml").read_text(encoding="utf-8")
    assert text.count("  track: 30\n") == 1
    (kit / "kit.yaml").write_text(text.replace("  track: 30\n", "  track: 5\n"), encoding="utf-8")
    result = pnpkit(venv, "validate", kit)
    assert result.returncode == 1
    found = parse_findings(result.stdout + result.stderr)
    expected = [("CR001", line_of(kit / "kit.yaml", "  track: 5"))]
    assert [(f.code, f.line) for f in found] == expected, result.stdout + result.stderr
    explained = pnpkit(venv, "codes", "CR001")
    assert explained.returncode == 0 and "first player win" in explained.stdout, explained.stdout + explained.stderr


def test_fewer_pawns_than_players_is_the_game_s_cr002(venv: Path, tmp_path: Path):
    """Three pawns for four players: CR002 at `pawns:`; with `players: {max: 3}` the same kit is clean."""
    kit = tmp_path / "coin-race"
    shutil.copytree(PACKAGE / "kits" / "coin-race", kit)
    text = (kit / "kit.yaml").read_text(encoding="utf-8")
    purple = '    - {name: {ja: 紫, en: Purple}, colour: "#7d3c98"}\n'
    assert text.count(purple) == 1
    (kit / "kit.yaml").write_text(text.replace(purple, ""), encoding="utf-8")
    result = pnpkit(venv, "validate", kit)
    found = parse_findings(result.stdout + result.stderr)
    expected = [("CR002", line_of(kit / "kit.yaml", "  pawns:\n") + 1)]
    assert result.returncode == 1 and [(f.code, f.line) for f in found] == expected, result.stdout + result.stderr
    fewer = text.replace(purple, "").replace("players: {min: 2, max: 4}", "players: {min: 2, max: 3}")
    (kit / "kit.yaml").write_text(fewer.replace("{pawns} pawns (red, blue, green, purple)", "{pawns} pawns"), "utf-8")
    (kit / "kit.yaml").write_text(
        (kit / "kit.yaml").read_text("utf-8").replace("コマ{pawns}個（赤・青・緑・紫）", "コマ{pawns}個"), "utf-8"
    )
    again = pnpkit(venv, "validate", kit)
    assert again.returncode == 0, again.stdout + again.stderr


def test_the_longest_race_prints_on_one_sheet_and_a_longer_one_is_refused(venv: Path, tmp_path: Path):
    """168 spaces: smaller spaces and pawns, one track page, on Letter too, and no finding; 169: PK203 at `track:`."""
    kit = tmp_path / "coin-race"
    shutil.copytree(PACKAGE / "kits" / "coin-race", kit)
    text = (kit / "kit.yaml").read_text(encoding="utf-8")
    (kit / "kit.yaml").write_text(text.replace("  track: 30\n", "  track: 168\n"), encoding="utf-8")
    built = pnpkit(venv, "build", kit, "-o", tmp_path / "out", "--lang", "en", "--paper", "letter", "--no-svg")
    assert built.returncode == 0 and "warning" not in built.stdout + built.stderr, built.stdout + built.stderr
    track = tmp_path / "out" / "coin-race" / "en" / "race-track.pdf"
    assert len(PdfReader(track).pages) == 1
    words = pdf_text(track, sep=" ").split()
    assert "168" in words and "Goal" in words and "Pawn: Purple" in " ".join(words)
    (kit / "kit.yaml").write_text(text.replace("  track: 30\n", "  track: 169\n"), encoding="utf-8")
    refused = pnpkit(venv, "validate", kit)
    found = parse_findings(refused.stdout + refused.stderr)
    assert [(f.code, f.line) for f in found] == [("PK203", line_of(kit / "kit.yaml", "  track: 169"))]


def test_without_the_package_the_game_is_unknown():
    """The same kit in an environment without the package: PK204 names the games that are known."""
    result = pnpkit(Path(sys.executable), "validate", PACKAGE / "kits" / "coin-race")
    assert result.returncode == 1
    assert "PK204" in result.stdout + result.stderr and "unknown game 'coin-race'" in result.stdout + result.stderr
