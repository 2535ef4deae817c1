"""Tables: a deck's card list read from a CSV file or a spreadsheet (.xlsx, .ods).

The first row that holds anything is the header; it names a field in each column
(validator.cardfiles says which). Every row below it is one card, and every cell
keeps its place, so a finding points at it the way people look for it:

    cards.csv:5:count          row 5 of the CSV, the column headed `count`
    cards.xlsx:Cards!C14       sheet Cards, cell C14 of the workbook

CSV files are UTF-8 (with or without the BOM Excel writes for "CSV UTF-8") or
Shift-JIS (cp932, what Japanese Excel writes for plain "CSV"). A file is read as
UTF-8 when it is valid UTF-8 and as cp932 when it is not; a file valid in both
whose UTF-8 reading would hold characters no card holds (control characters,
scripts other than Latin, Greek, Cyrillic, kana and kanji) is a finding rather
than a guess. Workbooks are read with python-calamine: a Rust reader of xlsx,
xls and ods, several times faster than openpyxl, read-only (pnpkit never writes
a workbook) and without dependencies of its own.

Sizes are bounded before the work: the file's bytes, a workbook's unpacked
bytes (a zip bomb is refused before it is opened), then rows, columns and the
length of a cell.
"""

from __future__ import annotations

import datetime
import io
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import codes
from .findings import Finding, Location

TABLE_SUFFIXES = (".csv", ".xlsx", ".ods")
WORKBOOK_SUFFIXES = (".xlsx", ".ods")
LANGUAGE_PARTS = ("ja", "en")
"""A column named `title.ja` holds one language of a text."""

UNREADABLE, TOO_LARGE, AMBIGUOUS, BAD_HEADER = "PK540", "PK541", "PK542", "PK543"


@dataclass(frozen=True)
class TableLimits:
    """Bounds that keep a hostile table from eating the machine."""

    max_bytes: int = 8 * 1024 * 1024
    max_unpacked_bytes: int = 64 * 1024 * 1024
    """A workbook is a zip archive: what it unpacks to, read from its directory before anything is unpacked."""
    max_rows: int = 10_000
    max_columns: int = 100
    max_cell_chars: int = 5_000


@dataclass(frozen=True)
class Cell:
    """One non-empty cell: its value (text, a whole or decimal number, true/false) and its place."""

    value: str | int | float | bool
    location: Location


@dataclass(frozen=True)
class Column:
    """A header cell: the column's name and where it is written."""

    name: str
    location: Location


@dataclass
class Table:
    """A table's header and data rows; `rows[r][c]` is the cell under `columns[c]`, or None when it is empty."""

    display: str
    columns: list[Column] = field(default_factory=list)
    rows: list[tuple[Location, list[Cell | None]]] = field(default_factory=list)
    """Each data row with the place of the row itself (its first cell); rows with nothing in them are left out."""
    encoding: str = ""
    """For a CSV, the encoding it was read in: 'utf-8' or 'cp932'."""


def column_letters(index: int) -> str:
    """0 → A, 25 → Z, 26 → AA, as spreadsheets name columns.

    >>> [column_letters(i) for i in (0, 2, 25, 26, 701, 702)]
    ['A', 'C', 'Z', 'AA', 'ZZ', 'AAA']
    """
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def sheet_reference(name: str) -> str:
    """How a formula names a sheet: quoted when the name holds anything but letters, digits and '_'.

    >>> sheet_reference("Cards"), sheet_reference("My cards"), sheet_reference("Joe's")
    ('Cards', "'My cards'", "'Joe''s'")
    """
    if re.fullmatch(r"\w+", name):
        return name
    return "'" + name.replace("'", "''") + "'"


def read_table(
    path: Path,
    display: str,
    sheet: str | None = None,
    limits: TableLimits = TableLimits(),
    sheet_where: Location | None = None,
) -> tuple[Table | None, list[Finding]]:
    """Read a CSV, .xlsx or .ods file. Returns the table, or None and the findings that stopped it.

    `sheet` names a workbook's sheet (written at `sheet_where`); without it the first sheet is read.
    Findings about single cells (a cell too long, a value under no header) come back with the table.
    """
    suffix = path.suffix.lower()
    try:
        size = path.stat().st_size
    except OSError as exc:
        return None, [
            codes.make("PK107", f"cannot read the file: {exc.strerror or type(exc).__name__}", Location(display))
        ]
    if size > limits.max_bytes:
        return None, [
            codes.make(
                "PK103",
                f"file is {size:,} bytes; the limit is {limits.max_bytes:,}",
                Location(display, 1, 1),
                hint="split the cards over several files",
            )
        ]
    try:
        if suffix == ".csv":
            return _read_csv(path.read_bytes(), display, limits)
        return _read_workbook(path, display, sheet, limits, sheet_where or Location(display, 1, 1))
    except _Stop as stop:
        return None, [stop.finding]
    except OSError as exc:
        return None, [
            codes.make("PK107", f"cannot read the file: {exc.strerror or type(exc).__name__}", Location(display))
        ]


class _Stop(Exception):
    """A problem that ends reading the table."""

    def __init__(self, finding: Finding):
        super().__init__(finding.message)
        self.finding = finding


# ---------------------------------------------------------------- CSV


_BOM = b"\xef\xbb\xbf"


def decode_csv(raw: bytes, display: str) -> tuple[str, str]:
    """The text of a CSV file and the encoding it was read in; raises _Stop when that cannot be told.

    >>> decode_csv("id,title.ja\\ncomet,彗星\\n".encode("cp932"), "c.csv")
    ('id,title.ja\\ncomet,彗星\\n', 'cp932')
    >>> decode_csv(b"\\xef\\xbb\\xbfid\\r\\n", "c.csv")
    ('id\\r\\n', 'utf-8')
    """
    if raw.startswith(_BOM):
        try:
            return raw[3:].decode("utf-8"), "utf-8"
        except UnicodeDecodeError as exc:
            raise _Stop(_bad_byte(raw, 3, exc.start + 3, display, "the file starts with a UTF-8 BOM but")) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        utf8_error = exc.start
    else:
        found = _UNEXPECTED.search(text)
        if found is not None:
            odd = found.group()
            try:
                raw.decode("cp932")
            except UnicodeDecodeError:
                return text, "utf-8"
            where = _position(raw, 0, len(text[: found.start()].encode("utf-8")), display)
            raise _Stop(
                codes.make(
                    AMBIGUOUS,
                    f"the file reads as UTF-8 (with {odd!r}, U+{ord(odd):04X}) and as Shift-JIS alike",
                    where,
                    hint="save it as UTF-8 with a BOM (Excel: 'CSV UTF-8'), so its encoding is not in doubt",
                )
            )
        return text, "utf-8"
    try:
        text = raw.decode("cp932")
    except UnicodeDecodeError:
        raise _Stop(_bad_byte(raw, 0, utf8_error, display, "")) from None
    if _UNEXPECTED.search(text):  # Python's cp932 maps unassigned bytes to controls and private use
        raise _Stop(_bad_byte(raw, 0, utf8_error, display, ""))
    return text, "cp932"


def _bad_byte(raw: bytes, start: int, at: int, display: str, prefix: str) -> Finding:
    what = (
        f"{prefix} byte 0x{raw[at]:02x} is not valid UTF-8"
        if prefix
        else f"byte 0x{raw[at]:02x} is neither UTF-8 nor Shift-JIS (cp932)"
    )
    return codes.make("PK106", what.strip(), _position(raw, start, at, display), hint="save the file as 'CSV UTF-8'")


def _position(raw: bytes, start: int, at: int, display: str) -> Location:
    """The line and column (in characters) of byte `at`, counting from byte `start`."""
    line = raw.count(b"\n", start, at) + 1
    line_start = max(raw.rfind(b"\n", start, at) + 1, start)
    col = len(raw[line_start:at].decode("utf-8", errors="replace")) + 1
    return Location(display, line, col)


_EXPECTED = (
    (0x00A0, 0x052F),  # Latin-1, Latin Extended, IPA, Greek, Cyrillic
    (0x1E00, 0x1FFF),  # Latin and Greek Extended
    (0x2000, 0x2BFF),  # punctuation, symbols, arrows, shapes
    (0x2E80, 0x9FFF),  # CJK radicals and symbols, kana, kanji
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFE30, 0xFE4F),  # CJK compatibility forms
    (0xFF00, 0xFFEF),  # full- and half-width forms
    (0x1F000, 0x1FAFF),  # emoji and game symbols
    (0x20000, 0x3FFFF),  # rare kanji
)


_UNEXPECTED = re.compile("[^\\x00-\\x7f" + "".join(f"{chr(low)}-{chr(high)}" for low, high in _EXPECTED) + "]")
"""A character that card text would hardly hold: a control past ASCII, or a script other than Latin, Greek,
Cyrillic and CJK (one regular expression: a character-by-character test costs 20 ms a 100-row table)."""


def _read_csv(raw: bytes, display: str, limits: TableLimits) -> tuple[Table, list[Finding]]:
    import csv  # a kit without a CSV card file does not load it

    text, encoding = decode_csv(raw, display)
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    table = Table(display, encoding=encoding)
    findings: list[Finding] = []
    names: list[str] = []
    labels: list[str] = []  # how a cell of each column is named: its header, or its letters when that is not unique
    row = 0
    try:
        for record in reader:
            row += 1
            if not names and not any(value.strip() for value in record):
                continue  # blank lines above the header
            _bound_row(row, len(record), display, limits)
            values = [_clean(value) for value in record]
            if not names:
                names = values
                labels = [
                    name if name and names.count(name) == 1 else column_letters(c) for c, name in enumerate(names)
                ]
                table.columns = [
                    Column(name, Location(display, row, c + 1, f"{row}:{labels[c]}")) for c, name in enumerate(names)
                ]
                _too_long_cells(table.columns, limits, findings)
                continue
            cells = [
                Cell(
                    value, Location(display, row, c + 1, f"{row}:{labels[c] if c < len(labels) else column_letters(c)}")
                )
                if value
                else None
                for c, value in enumerate(values)
            ]
            _add_row(table, cells, limits, findings)
    except csv.Error as exc:
        raise _Stop(
            codes.make(
                UNREADABLE,
                f"the CSV cannot be read at line {reader.line_num}: {exc}",
                Location(display, max(reader.line_num, 1), 1),
                hint="check the quotes: a quoted value ends with a quote, and a quote inside it is written twice",
            )
        ) from None
    return table, findings


def _clean(value: str) -> str:
    return value.replace("\r\n", "\n").replace("\r", "\n").strip()


def _bound_row(row: int, width: int, display: str, limits: TableLimits) -> None:
    if row > limits.max_rows + 1:  # the header and max_rows cards
        raise _Stop(
            codes.make(
                TOO_LARGE,
                f"the table has more than {limits.max_rows:,} rows",
                Location(display, row, 1, f"{row}:{column_letters(0)}"),
                hint="split the cards over several files",
            )
        )
    if width > limits.max_columns:
        raise _Stop(
            codes.make(
                TOO_LARGE,
                f"row {row} has {width} columns; the limit is {limits.max_columns}",
                Location(display, row, limits.max_columns + 1, f"{row}:{column_letters(limits.max_columns)}"),
                hint="a card needs one column per field",
            )
        )


def _too_long_cells(cells: list[Any], limits: TableLimits, findings: list[Finding]) -> None:
    for cell in cells:
        value = cell.name if isinstance(cell, Column) else cell.value if cell is not None else ""
        if isinstance(value, str) and len(value) > limits.max_cell_chars:
            findings.append(
                codes.make(
                    TOO_LARGE,
                    f"the cell holds {len(value):,} characters; the limit is {limits.max_cell_chars:,}",
                    cell.location,
                    hint="shorten it",
                )
            )


def _add_row(table: Table, cells: list[Cell | None], limits: TableLimits, findings: list[Finding]) -> None:
    """Keep a data row that holds anything; a value in a column without a header is a finding."""
    if not any(cells):
        return
    width = len(table.columns)
    for c, cell in enumerate(cells):
        if cell is not None and (c >= width or not table.columns[c].name):
            findings.append(
                codes.make(
                    BAD_HEADER,
                    f"column {column_letters(cell.location.col - 1)} has a value but no header",
                    cell.location,
                    hint="name the field in the header row, or delete the value",
                )
            )
    long = [
        cell
        for cell in cells
        if cell is not None and isinstance(cell.value, str) and len(cell.value) > limits.max_cell_chars
    ]
    _too_long_cells(long, limits, findings)
    kept = [
        None if cell is None or cell in long or not table.columns[c].name else cell
        for c, cell in enumerate(cells[:width])
    ]
    if any(kept):
        kept += [None] * (width - len(kept))
        first = next(cell for cell in kept if cell is not None)
        table.rows.append((first.location, kept))


# ---------------------------------------------------------------- workbooks


def _read_workbook(
    path: Path, display: str, sheet: str | None, limits: TableLimits, sheet_where: Location
) -> tuple[Table, list[Finding]]:
    _check_archive(path, display, limits)
    from python_calamine import (  # imported when a workbook is read
        CalamineError,
        CalamineWorkbook,
        SheetTypeEnum,
        SheetVisibleEnum,
    )

    try:
        book = CalamineWorkbook.from_path(str(path))
    except (CalamineError, ValueError, OSError) as exc:  # python-calamine's errors derive from these
        raise _Stop(_unreadable(display, exc)) from None
    try:
        names = list(book.sheet_names)
        if sheet is None:
            shown = [
                m.name
                for m in book.sheets_metadata
                if m.visible == SheetVisibleEnum.Visible and m.typ == SheetTypeEnum.WorkSheet
            ]
            if not shown:
                raise _Stop(codes.make(UNREADABLE, "the workbook has no visible sheet", Location(display, 1, 1)))
            sheet = shown[0]  # the first sheet a person sees when the workbook opens
        elif sheet not in names:
            raise _Stop(
                codes.make(
                    "PK305",
                    f"{display} has no sheet named {sheet!r}",
                    sheet_where,
                    hint=f"use one of {', '.join(map(repr, names))}",
                )
            )
        try:
            data = book.get_sheet_by_name(sheet)
            height, width = data.height, data.width
            if height > limits.max_rows + 1 or width > limits.max_columns:
                raise _Stop(
                    codes.make(
                        TOO_LARGE,
                        f"sheet {sheet!r} holds {height:,} rows and {width:,} columns; the limit is {limits.max_rows:,} cards of {limits.max_columns} columns",
                        Location(display, 1, 1, f"{sheet_reference(sheet)}!A1"),
                        hint="split the cards over several sheets or files",
                    )
                )
            start = data.start or (0, 0)
            rows = data.to_python(skip_empty_area=True)
        except (CalamineError, ValueError, OSError) as exc:
            raise _Stop(_unreadable(display, exc)) from None
    finally:
        book.close()
    return _sheet_table(display, sheet, start, rows, limits)


def _check_archive(path: Path, display: str, limits: TableLimits) -> None:
    """xlsx and ods files are zip archives: what they unpack to is bounded before they are opened."""
    import zipfile  # a kit without a workbook does not load it

    try:
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(member.file_size for member in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
        raise _Stop(_unreadable(display, exc)) from None
    if unpacked > limits.max_unpacked_bytes:
        raise _Stop(
            codes.make(
                TOO_LARGE,
                f"the workbook unpacks to {unpacked:,} bytes; the limit is {limits.max_unpacked_bytes:,}",
                Location(display, 1, 1),
                hint="split the cards over several files, or remove pictures from the workbook",
            )
        )


def _unreadable(display: str, exc: BaseException) -> Finding:
    reason = str(exc).strip() or type(exc).__name__
    return codes.make(
        UNREADABLE,
        f"the workbook cannot be read: {reason}",
        Location(display, 1, 1),
        hint="save it again from your spreadsheet program as .xlsx or .ods",
    )


def _sheet_table(
    display: str, sheet: str, start: tuple[int, int], rows: list[list[Any]], limits: TableLimits
) -> tuple[Table, list[Finding]]:
    table = Table(display)
    findings: list[Finding] = []
    ref = sheet_reference(sheet)
    top, left = start

    def where(r: int, c: int) -> Location:
        row, col = top + r + 1, left + c + 1
        return Location(display, row, col, f"{ref}!{column_letters(col - 1)}{row}")

    header_seen = False
    for r, record in enumerate(rows):
        values = [_cell_value(value) for value in record]
        if not header_seen:
            if not any(value != "" for value in values):
                continue
            header_seen = True
            table.columns = [Column(str(value), where(r, c)) for c, value in enumerate(values)]
            _too_long_cells(table.columns, limits, findings)
            width = max((c + 1 for c, column in enumerate(table.columns) if column.name), default=0)
            table.columns = table.columns[:width]
            continue
        cells = [Cell(value, where(r, c)) if value != "" else None for c, value in enumerate(values)]
        _add_row(table, cells, limits, findings)
    return table, findings


def _cell_value(value: Any) -> str | int | float | bool:
    """A workbook cell as text, a number or true/false; '' when empty. Whole numbers are ints; dates are ISO text."""
    if isinstance(value, bool):
        return value
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer() and abs(value) < 2**53:
            return int(value)
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, datetime.timedelta):
        return str(value)
    return _clean(str(value)) if value is not None else ""


__all__ = [
    "TABLE_SUFFIXES",
    "WORKBOOK_SUFFIXES",
    "Cell",
    "Column",
    "Table",
    "TableLimits",
    "column_letters",
    "decode_csv",
    "read_table",
    "sheet_reference",
]
