"""A build loads the layouts its kit uses: a deck-only generic kit never imports the board or sheet engines.

Each build runs in a fresh interpreter started as the `pnpkit` script starts (generator/entry.py), which then prints
every module it loaded; the kit is written in `tmp_path`, so another test's imports cannot hide a load.
"""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import run_python

BOARD_AND_SHEET_LAYOUTS = ("pnpkit.generator.games.generic_boards", "pnpkit.generator.layouts.sheets")
"""What a generic kit's boards, maps, mats, tracks and sheets are drawn by."""

KIT = """id: lazy
game: generic
title: {en: Lazy}
players: {min: 2, max: 4}
languages: [en]
decks:
  - id: deck
    name: {en: Cards}
    size: poker
    template: plain
    cards:
      - title: {en: One}
        body: {en: Draw a card.}
"""

SHEET = """sheets:
  - id: score
    name: {en: Score pad}
    layout:
      kind: column
      items:
        - {kind: field, size: 1, label: {en: Name}}
"""


def built_modules(kit: Path, out: Path) -> set[str]:
    """The modules `pnpkit build KIT --lang en --no-svg` loaded, after checking that it built."""
    code = (
        "import sys\n"
        f"sys.argv = ['pnpkit', 'build', {str(kit)!r}, '--lang', 'en', '--no-svg', '-o', {str(out)!r}]\n"
        "from pnpkit.generator.entry import main\n"
        "status = main()\n"
        "print('MODULES', status, sorted(sys.modules))\n"
    )
    result = run_python(code)
    assert result.returncode == 0 and "MODULES " in result.stdout, result.stderr
    status, modules = result.stdout.rsplit("MODULES ", 1)[1].split(" ", 1)
    assert status == "0", result.stderr
    assert (out / "lazy" / "en" / "cards-deck.pdf").stat().st_size > 0
    return set(ast.literal_eval(modules))


def test_a_deck_only_kit_builds_without_the_board_and_sheet_layouts(tmp_path):
    kit = tmp_path / "lazy"
    kit.mkdir()
    (kit / "kit.yaml").write_text(KIT, encoding="utf-8")
    loaded = built_modules(kit, tmp_path / "out")
    assert "pnpkit.generator.games.generic" in loaded  # the generic game did lay the deck out
    assert not loaded & set(BOARD_AND_SHEET_LAYOUTS)


def test_a_kit_with_a_sheet_loads_the_sheet_engine_and_prints_the_sheet(tmp_path):
    kit = tmp_path / "lazy"
    kit.mkdir()
    (kit / "kit.yaml").write_text(KIT + SHEET, encoding="utf-8")
    loaded = built_modules(kit, tmp_path / "out")
    assert "pnpkit.generator.layouts.sheets" in loaded
    assert (tmp_path / "out" / "lazy" / "en" / "sheet-score.pdf").stat().st_size > 0
