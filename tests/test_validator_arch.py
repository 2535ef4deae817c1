"""Architecture: pnpkit imports only as `pnpkit.*`, the validator stays free of rendering libraries and of the
generator, and every game it knows can be printed."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from conftest import CONTENT, KITS, REPO, run_python

RENDERING = ("reportlab", "svgwrite")
TOP_LEVEL = ("validator", "generator")  # the folders' names; installed, they are pnpkit.validator and pnpkit.generator
PACKAGES = {"validator": "pnpkit.validator", "generator": "pnpkit.generator"}  # folder -> installed package


def _stray(modules) -> list[str]:
    return sorted(m for m in modules if any(m == name or m.startswith(name + ".") for name in TOP_LEVEL))


def test_no_top_level_validator_or_generator_module_is_ever_imported(tmp_path):
    """A fresh interpreter in the repo root, where a stray `import validator` would succeed, runs the CLI:
    `validate` of every kit at once (which lays out every page of every game: all clean), a `build`, and `codes`."""
    code = (
        "import sys\n"
        "from pnpkit.generator.cli import main\n"
        f"assert main(['validate', *{[str(kit) for kit in KITS.values()]!r}]) == 0\n"
        f"assert main(['build', {str(KITS['unlock-tower'])!r}, '-o', {str(tmp_path / 'out')!r}]) == 0\n"
        "assert main(['codes']) == 0\n"
        "print('MODULES', sorted(sys.modules))\n"
    )
    result = run_python(code)
    assert result.returncode == 0, result.stderr
    said = [line for line in result.stdout.splitlines(keepends=True) if not line.endswith(" note(s)\n")]
    said = [line for line in said if " info PK373 " not in line]  # notes: the proofreader reads ja and en only
    assert "".join(said).startswith(f"{len(KITS)} kit(s) OK\n"), result.stdout[:2000]
    modules = result.stdout.rsplit("MODULES ", 1)[1].strip()
    loaded = ast.literal_eval(modules)
    assert "pnpkit.validator.kit" in loaded and "pnpkit.generator.build" in loaded
    assert _stray(loaded) == []
    assert _stray(["validator", "generator.cli", "validators", "pnpkit.validator"]) == ["generator.cli", "validator"]


def test_validator_never_imports_rendering_libraries():
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "import pnpkit.validator.kit\n"
        f"loaded = pnpkit.validator.kit.load_kit(Path({str(CONTENT)!r}))\n"
        "assert loaded.ok, [f.text() for f in loaded.report.findings]\n"
        "import pnpkit.validator.games, pnpkit.validator.checks, pnpkit.validator.findings, pnpkit.validator.source\n"
        f"bad = [m for m in sys.modules if m.split('.')[0] in {RENDERING!r}]\n"
        "assert not bad, bad\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('generator', 'validator')]\n"
        "bad += [m for m in sys.modules if m == 'pnpkit.generator' or m.startswith('pnpkit.generator.')]\n"
        "assert not bad, bad\n"
        "print('clean')\n"
    )
    result = run_python(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "clean"


def imported_names(path: Path, folder: Path) -> list[tuple[int, str]]:
    """(line, absolute module name) for every import in `path`, a module under `folder` (REPO/validator or
    REPO/generator), relative imports resolved against the installed package; `from X import y` gives X and X.y."""
    package = [*PACKAGES[folder.name].split("."), *path.relative_to(folder).parent.parts]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)] if node.level - 1 < len(package) else []
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found += [(node.lineno, module)] + [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return found


def _forbidden_in_validator(name: str) -> bool:
    root = name.split(".")[0]
    generator = name == "pnpkit.generator" or name.startswith("pnpkit.generator.")
    return root in (*RENDERING, *TOP_LEVEL) or generator


@pytest.mark.parametrize(
    "file, source, bad",
    [
        ("kit.py", "from ..generator import build", True),
        ("kit.py", "from .. import generator", True),
        ("games/x.py", "from ...generator.scene import Text", True),
        ("games/x.py", "from ..checks import CheckContext", False),
        ("kit.py", "import pnpkit.generator.cli", True),
        ("kit.py", "from pnpkit import generator", True),
        ("kit.py", "from generator import cli", True),
        ("kit.py", "import reportlab.pdfgen", True),
        ("kit.py", "from .source import load_file", False),
        ("kit.py", "from pnpkit.validator.codes import CODES", False),
    ],
)
def test_the_import_scan_resolves_what_it_must_refuse(tmp_path, file, source, bad):
    folder = tmp_path / "validator"
    path = folder / file
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source + "\n", encoding="utf-8")
    assert any(_forbidden_in_validator(name) for _line, name in imported_names(path, folder)) == bad


def test_validator_source_has_no_rendering_or_generator_imports():
    """The same rule, read from the code: no module under validator/ imports reportlab, svgwrite or the generator
    (as `pnpkit.generator`, as a top-level `generator`, or by relative imports that climb out of validator/)."""
    folder = REPO / "validator"
    modules = sorted(folder.rglob("*.py"))
    assert len(modules) > 10
    for path in modules:
        for line, name in imported_names(path, folder):
            assert not _forbidden_in_validator(name), f"{path.relative_to(REPO)}:{line} imports {name}"


def test_no_module_imports_the_top_level_folder_names():
    """Installed, the folders are pnpkit.validator and pnpkit.generator: `import validator` would be a bug."""
    for folder in (REPO / "validator", REPO / "generator"):
        for path in sorted(folder.rglob("*.py")):
            for line, name in imported_names(path, folder):
                assert name.split(".")[0] not in TOP_LEVEL, f"{path.relative_to(REPO)}:{line} imports {name}"


def test_every_game_has_a_kit_that_prints(kits):
    """Each game the validator knows has a kit here; test_every_kit lays each out and builds it."""
    from pnpkit.validator.games import GAMES

    assert GAMES, "no games registered"
    assert "element-shift" in GAMES
    printed = {kits.loaded(name).kit.game for name in KITS}
    assert printed == set(GAMES), f"games with no kit to print: {sorted(set(GAMES) - printed)}"
    for name in KITS:
        assert kits.layouts(name), name


def test_every_finding_code_has_a_severity_and_title():
    import pnpkit.validator.games  # noqa: F401  (games register their own codes)
    from pnpkit.validator import codes
    from pnpkit.validator.findings import Severity

    assert codes.CODES
    for code, (severity, title) in codes.CODES.items():
        assert isinstance(severity, Severity)
        assert title.strip()
        assert code[:2].isalpha() and code[2:].isdigit() and len(code) == 5
