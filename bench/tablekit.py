"""The kit `pnpkit new` writes, its deck grown to 110 card designs in a spreadsheet, for the `watch` bench.

`pnpkit new` keeps its cards in cards.csv, so this is the deck every new designer edits first. The bench saves
one changed cell per edit (a card's English title) and times how soon `pnpkit watch` replaces the deck's PDF;
`table_kit(..., workbook=True)` holds the same rows in cards.xlsx instead.
"""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DESIGNS = 110
EDITED = "title.en"


def table_kit(command: list[str], directory: Path, workbook: bool = False, designs: int = DESIGNS) -> Path:
    """`pnpkit new directory`, its cards.csv grown to `designs` rows (one copy each); returns the table file."""
    subprocess.run([*command, "new", str(directory)], check=True, stdout=subprocess.DEVNULL)
    sample = directory / "cards.csv"
    header, *seeds = list(csv.reader(io.StringIO(sample.read_text(encoding="utf-8-sig"))))
    rows = [header]
    for i in range(designs):
        row = list(seeds[i % len(seeds)])
        row[header.index("id")] += f"-{i + 1}"
        row[header.index("count")] = "1"
        for name in ("title.ja", "title.en"):
            row[header.index(name)] += f" {i + 1}"
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
