"""The kit `pnpkit new` writes, its deck grown to 110 card designs in a spreadsheet, for the `watch` bench.

`pnpkit new` keeps its cards in cards.csv, so this is the deck every new designer edits first. The bench saves
one changed cell per edit (a card's English title) and times how soon `pnpkit watch` replaces the deck's PDF;
`table_kit(..., workbook=True)` holds the same rows in cards.xlsx instead.
"""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DESIGNS = 110
EDITED = "title.en"


def table_kit(
    command: list[str], directory: Path, workbook: bool = False, designs: int = DESIGNS, art: bool = False
) -> Path:
    """`pnpkit new directory`, its cards.csv grown to `designs` rows (one copy each); returns the table file.

    With `art`, each card also shows a picture named in its row (a PNG, a JPEG or an SVG, from
    examples/starlit-bazaar/art) in a `kind: image` region: the kit a designer has once art arrives."""
    subprocess.run([*command, "new", str(directory)], check=True, stdout=subprocess.DEVNULL)
    sample = directory / "cards.csv"
    header, *seeds = list(csv.reader(io.StringIO(sample.read_text(encoding="utf-8-sig"))))
    if art:
        _add_art(directory)
        header = [*header, "picture"]
    rows = [header]
    for i in range(designs):
        row = list(seeds[i % len(seeds)])
        row[header.index("id")] += f"-{i + 1}"
        row[header.index("count")] = "1"
        for name in ("title.ja", "title.en"):
            row[header.index(name)] += f" {i + 1}"
        if art:
            row.append(f"art/{PICTURES[i % len(PICTURES)]}")
        rows.append(row)
    if not workbook:
        write_rows(sample, rows)
        return sample
    sample.unlink()
    decks = directory / "decks.yaml"
    decks.write_text(decks.read_text(encoding="utf-8").replace("cards: cards.csv", "cards: cards.xlsx"), "utf-8")
    table = directory / "cards.xlsx"
    write_rows(table, rows)
    return table


PICTURES = ("night-market.png", "dawn-road.jpg", "lantern.svg", "night-back.png", "star.svg")
"""The pictures an `art` kit's cards show, in turn."""


def _add_art(directory: Path) -> None:
    """The pictures copied into the kit, and a picture region beside the card's big icon (made narrower)."""
    (directory / "art").mkdir()
    for name in PICTURES:
        shutil.copyfile(ROOT / "examples" / "starlit-bazaar" / "art" / name, directory / "art" / name)
    templates = directory / "templates.yaml"
    text = templates.read_text(encoding="utf-8")
    icon = next(line for line in text.splitlines() if "{name: icon," in line)
    picture = icon[: icon.index("{")] + "{name: picture, kind: image, box: [44mm, 29mm, 14mm, 14mm], fit: cover}"
    narrow = icon.replace("box: [5mm, 24mm, 53mm, 27mm]", "box: [5mm, 24mm, 37mm, 27mm]")
    templates.write_text(text.replace(icon, f"{narrow}\n{picture}"), encoding="utf-8")


def edit_cell(table: Path, k: int) -> Callable[[], None]:
    """Saving the table with card k's English title changed: one cell, as a spreadsheet program saves it."""
    rows = read_rows(table)
    rows[1 + k][rows[0].index(EDITED)] += " (edited)"
    return lambda: write_rows(table, rows)


def read_rows(table: Path) -> list[list[str]]:
    if table.suffix == ".csv":
        return list(csv.reader(io.StringIO(table.read_text(encoding="utf-8-sig"))))
    from python_calamine import CalamineWorkbook

    sheet = CalamineWorkbook.from_path(str(table)).get_sheet_by_index(0).to_python()
    return [[_text(value) for value in row] for row in sheet]


def write_rows(table: Path, rows: list[list[str]]) -> None:
    if table.suffix == ".csv":
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows(rows)
        table.write_text(out.getvalue(), encoding="utf-8")
        return
    sys.path.insert(0, str(ROOT / "tests"))  # the tests' minimal .xlsx writer (python-calamine only reads)
    from test_tables import write_xlsx

    from pnpkit.validator.tables import column_letters

    cells: dict[str, object] = {}
    for r, row in enumerate(rows, start=1):
        for c, value in enumerate(row):
            if value != "":
                cells[f"{column_letters(c)}{r}"] = int(value) if value.isdigit() else value
    partial = table.with_name(f".{table.name}.partial")  # saved whole, as a spreadsheet program does
    write_xlsx(partial, {"Cards": cells})
    partial.replace(table)


def _text(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value)
