"""A workbook's cells (.xlsx) edited through openpyxl, its styles kept; a workbook that holds parts openpyxl would
drop on saving (charts, pictures, macros, pivot tables, form controls, …) is refused, naming them."""

from __future__ import annotations

import io
import zipfile

from .files import EditRefused

DROPPED = (
    ("xl/charts/", "charts"),
    ("xl/drawings/", "drawings (pictures, shapes or charts)"),
    ("xl/media/", "pictures"),
    ("xl/vbaProject.bin", "macros"),
    ("xl/pivotTables/", "pivot tables"),
    ("xl/pivotCache/", "pivot tables"),
    ("xl/slicers/", "slicers"),
    ("xl/slicerCaches/", "slicers"),
    ("xl/timelines/", "timelines"),
    ("xl/activeX/", "form controls"),
    ("xl/ctrlProps/", "form controls"),
    ("xl/embeddings/", "embedded objects"),
    ("xl/threadedComments/", "threaded comments"),
    ("xl/persons/", "threaded comments"),
    ("xl/model/", "a data model"),
    ("customXml/", "custom XML parts"),
)
"""Parts of a workbook openpyxl does not write back as they were: a workbook holding one is not rewritten."""


def dropped_parts(data: bytes) -> list[str]:
    """What openpyxl would drop from this workbook, each named once."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = archive.namelist()
    except zipfile.BadZipFile:
        raise EditRefused("the workbook is not a readable .xlsx file") from None
    found: list[str] = []
    for prefix, what in DROPPED:
        if any(name.startswith(prefix) for name in names) and what not in found:
            found.append(what)
    return found


def sheet_name(cell_ref: str) -> str:
    """`Cards!C14` → Cards, `'My cards'!C14` → My cards (as validator.tables.sheet_reference writes it)."""
    name = cell_ref.rsplit("!", 1)[0]
    if name.startswith("'") and name.endswith("'"):
        name = name[1:-1].replace("''", "'")
    return name


def _open(data: bytes):
    dropped = dropped_parts(data)
    if dropped:
        raise EditRefused(
            f"the workbook holds {', '.join(dropped)}, which openpyxl would drop on saving: edit it in your"
            " spreadsheet program, or keep the cards in a workbook of their own"
        )
    from openpyxl import load_workbook

    try:
        return load_workbook(io.BytesIO(data), keep_links=True, rich_text=True)
    except Exception as exc:  # openpyxl raises many kinds for a workbook it cannot read
        raise EditRefused(f"openpyxl cannot read the workbook: {type(exc).__name__}: {exc}") from None


def _sheet(book, name: str):
    """The sheet to edit; refused when it holds a formula: openpyxl keeps the formula but not the value it last
    computed, which is what pnpkit reads, so the card would lose it."""
    if name not in book.sheetnames:
        raise EditRefused(f"the workbook has no sheet {name!r} any more; the table is read again", 409)
    sheet = book[name]
    formula = next((c.coordinate for row in sheet.iter_rows() for c in row if c.data_type == "f"), None)
    if formula is not None:
        raise EditRefused(
            f"sheet {name!r} holds formulas ({formula}), whose computed values openpyxl would not keep: edit it in"
            " your spreadsheet program"
        )
    return sheet


def _saved(book) -> bytes:
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _number(text: str) -> int | float | None:
    try:
        return int(text) if text.lstrip("+-").isdigit() else float(text) if text.strip() else None
    except ValueError:
        return None


def _put(cell, value: str, numeric: bool) -> None:
    """A number stays a number when the new text is one; text is text, a leading '=' never a formula."""
    number = _number(value) if numeric else None
    if number is not None and number == number and abs(number) != float("inf"):
        cell.value = number
        return
    cell.value = value if value else None
    if value.startswith("="):
        cell.data_type = "s"


def set_cell(data: bytes, sheet: str, row: int, col: int, value: str) -> bytes:
    """The workbook with the cell at row, col (1-based) of `sheet` set to `value`, its style kept."""
    book = _open(data)
    cell = _sheet(book, sheet).cell(row=row, column=col)
    numeric = isinstance(cell.value, (int, float)) and not isinstance(cell.value, bool)
    _put(cell, value, numeric)
    return _saved(book)


def _copy_row(sheet, source: int, target: int) -> None:
    for cell in sheet[source]:
        new = sheet.cell(row=target, column=cell.column)
        new.value = cell.value
        if cell.has_style:
            new._style = cell._style.__copy__()


def _next_free_row(sheet) -> int:
    return sheet.max_row + 1


def duplicate_row(data: bytes, sheet: str, row: int, id_col: int, new_id: str) -> bytes:
    """A copy of row `row` (values and styles) below the sheet's last row, under the id `new_id`: rows are never
    shifted, so formulas, merged cells and validations elsewhere stay where they point."""
    book = _open(data)
    found = _sheet(book, sheet)
    target = _next_free_row(found)
    _copy_row(found, row, target)
    found.cell(row=target, column=id_col).value = new_id
    return _saved(book)


def clear_row(data: bytes, sheet: str, row: int) -> bytes:
    """Row `row` emptied, its styles kept: an empty row is no card, and no row below moves."""
    book = _open(data)
    for cell in _sheet(book, sheet)[row]:
        if type(cell).__name__ != "MergedCell":
            cell.value = None
    return _saved(book)


def set_cells(data: bytes, sheet: str, cells: dict[tuple[int, int], str]) -> bytes:
    """The workbook with every cell at (row, column) of `sheet` set, as `set_cell` sets one, in one save."""
    book = _open(data)
    found = _sheet(book, sheet)
    for (row, col), value in sorted(cells.items()):
        cell = found.cell(row=row, column=col)
        _put(cell, value, isinstance(cell.value, (int, float)) and not isinstance(cell.value, bool))
    return _saved(book)
