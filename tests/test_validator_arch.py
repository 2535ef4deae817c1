"""Architecture: the validator stays free of rendering libraries, and every game it knows can be printed."""

from __future__ import annotations

import ast
import subprocess
import sys

from conftest import CONTENT, REPO

RENDERING = ("reportlab", "svgwrite")


def test_validator_never_imports_rendering_libraries():
    code = (
        "import sys, validator.kit\n"
        "from pathlib import Path\n"
        f"loaded = validator.kit.load_kit(Path({str(CONTENT)!r}))\n"
        "assert loaded.ok, [f.text() for f in loaded.report.findings]\n"
        "import validator.games, validator.checks, validator.findings, validator.source\n"
        f"bad = [m for m in sys.modules if m.split('.')[0] in {RENDERING!r}]\n"
        "assert not bad, bad\n"
        "assert 'generator' not in sys.modules\n"
        "print('clean')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "clean"


def test_validator_source_has_no_rendering_imports():
    """The same rule, read from the code: no module under validator/ names reportlab, svgwrite or generator."""
    for path in sorted((REPO / "validator").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in (*RENDERING, "generator"), (
                    f"{path.relative_to(REPO)}:{node.lineno} imports {name}"
                )


def test_every_game_has_a_layout():
    from pnpkit.generator.games import GAME_LAYOUTS
    from pnpkit.validator.games import GAMES

    assert GAMES, "no games registered"
    assert "element-shift" in GAMES
    missing = sorted(set(GAMES) - set(GAME_LAYOUTS))
    assert missing == [], f"games the validator accepts but the generator cannot print: {missing}"
    for name in GAMES:
        assert callable(GAME_LAYOUTS[name])


def test_every_finding_code_has_a_severity_and_title():
    import pnpkit.validator.games  # noqa: F401  (games register their own codes)
    from pnpkit.validator import codes
    from pnpkit.validator.findings import Severity

    assert codes.CODES
    for code, (severity, title) in codes.CODES.items():
        assert isinstance(severity, Severity)
        assert title.strip()
        assert code[:2].isalpha() and code[2:].isdigit() and len(code) == 5
