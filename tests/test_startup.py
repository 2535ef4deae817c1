"""Start-up: every command imports only what it uses.

Each run is a fresh interpreter starting pnpkit as the `pnpkit` script does (generator/entry.py), which then
prints every module it loaded. A command that prints no page must not load the rendering and image libraries
(each costs tens to hundreds of milliseconds before the command does anything), and building the command
line must not import the extra commands' modules (generator/commands/): only the one the command line names.
"""

from __future__ import annotations

import ast

import pytest
from conftest import GENERIC, REPO, run_python

HEAVY = ("reportlab", "pikepdf", "pypdfium2", "PIL", "scipy", "numpy", "svglib")
"""Libraries only drawing, rasterising, cutting PDFs or laying out maps need."""
MODELS = ("pydantic", "yaml")
"""The validator's models and its YAML reader: only commands that read a kit (or its schema) need them."""
KIT = GENERIC / "moonlit-tricks"
COMMAND_MODULES = "pnpkit.generator.commands."


def loaded_by(*args: str) -> tuple[int, list[str]]:
    """The exit status of `pnpkit ARGS` and every module it loaded, in a fresh interpreter."""
    code = (
        "import sys\n"
        f"sys.argv = ['pnpkit', *{list(args)!r}]\n"
        "from pnpkit.generator.entry import main\n"
        "try:\n"
        "    status = main()\n"
        "except SystemExit as exc:\n"
        "    status = exc.code or 0\n"
        "print('MODULES', status, sorted(sys.modules))\n"
    )
    result = run_python(code)
    assert result.returncode == 0 and "MODULES " in result.stdout, result.stderr
    status, modules = result.stdout.rsplit("MODULES ", 1)[1].split(" ", 1)
    return int(status), ast.literal_eval(modules)


def of(packages: tuple[str, ...], modules: list[str]) -> list[str]:
    """The modules that belong to any of `packages` (top-level names)."""
    return sorted(m for m in modules if m.split(".")[0] in packages)


def test_version_loads_neither_rendering_libraries_nor_models_nor_commands():
    status, modules = loaded_by("--version")
    assert status == 0
    assert of(HEAVY, modules) == []
    assert of(MODELS, modules) == []
    assert [m for m in modules if m.startswith(COMMAND_MODULES)] == []
    assert "pnpkit.validator.findings" not in modules


def test_validate_without_layout_loads_no_rendering_library():
    """`validate --no-layout` reads the kit's data and never lays out a page."""
    status, modules = loaded_by("validate", str(KIT), "--no-layout")
    assert status == 0
    assert "pnpkit.validator.kit" in modules  # it did validate
    assert of(HEAVY, modules) == []
    assert "pnpkit.generator.build" not in modules
    assert [m for m in modules if m.startswith(COMMAND_MODULES)] == [COMMAND_MODULES + "validate"]


LIGHT = [
    (["--help"], None),
    (["watch", "--help"], "watch"),
    (["export", "png", "--help"], "export"),
    (["simulate", "--help"], "simulate"),
    (["score", "--help"], "score"),
    (["codes", "PK346"], "codes"),
]
"""Commands that read no kit, and the one module of generator/commands/ each may import."""


@pytest.mark.parametrize("args, command", LIGHT, ids=[" ".join(args) for args, _ in LIGHT])
def test_help_and_codes_load_no_models(args, command):
    """Help reads no kit, a core code is explained without every game's rule model, and of the extra
    commands' modules only the one named is imported."""
    status, modules = loaded_by(*args)
    assert status == 0
    assert of(HEAVY, modules) == []
    assert of(MODELS, modules) == []
    expected = [COMMAND_MODULES + command] if command else []
    assert [m for m in modules if m.startswith(COMMAND_MODULES)] == expected


def test_every_command_module_is_registered_once():
    """A module in generator/commands/ is a command only when COMMANDS names it (the parser reads nothing else),
    and each meets the contract: add_arguments(parser) and run(args)."""
    from pnpkit.generator.commands import COMMANDS, load

    files = {p.stem for p in (REPO / "generator" / "commands").glob("*.py") if p.stem != "__init__"}
    assert set(COMMANDS) == files
    for name in COMMANDS:
        module = load(name)
        assert callable(module.add_arguments) and callable(module.run), name
        assert module.__doc__, f"{name}: its docstring is its --help description"


def test_a_kit_with_nothing_to_look_up_loads_no_dictionary(tmp_path):
    """Card titles カード1, カード2… hold ー, a look-alike of 一: the check that asks whether 一 was meant reads the
    dictionary only when the twin could make a word the kit writes often (it never writes カ一 or 一ド), so a
    build of such a kit does not pay for loading SudachiPy."""
    kit = tmp_path / "cards"
    kit.mkdir()
    (kit / "kit.yaml").write_text(
        "id: cards\ngame: generic\ntitle: {ja: カード, en: Cards}\nplayers: {min: 2, max: 4}\n"
        "languages: [ja, en]\ndecks:\n  - id: deck\n    name: {ja: カード, en: Cards}\n    size: poker\n"
        "    template: plain\n    cards:\n"
        + "".join(f"      - title: {{ja: カード{n}, en: Card {n}}}\n" for n in range(1, 6)),
        encoding="utf-8",
    )
    status, modules = loaded_by("validate", str(kit), "--no-layout")
    assert status == 0
    assert "pnpkit.validator.proofread.terms" in modules  # the look-alike check did run
    assert of(("sudachipy", "spellchecker"), modules) == []
