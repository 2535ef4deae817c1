"""An OpenDocument spreadsheet's cell (.ods) edited in place: the cell's element in content.xml is rewritten where
it stands (its style kept), and every other member of the archive is written back byte for byte, in order.

Rows and cells are counted as spreadsheet programs count them, repeats included (`table:number-rows-repeated`,
`table:number-columns-repeated`); a cell inside a run of repeated cells is split out of the run. A card's row that
is itself repeated, or one that is not there, is refused: edit it in the spreadsheet program.
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass, field
from xml.parsers import expat

from .files import EditRefused

TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
MAX_REPEAT = 1_048_576
VALUE_ATTRIBUTES = re.compile(
    r"\s(?:office:(?:value|date-value|time-value|boolean-value|string-value|value-type|currency)"
    r'|calcext:value-type|table:formula|table:number-columns-repeated)="[^"]*"'
)


@dataclass
class Found:
    """Where the cell asked for stands in content.xml."""

    row_start: int = -1
    row_end: int = -1
    """The row's closing tag."""
    row_repeated: int = 1
    cell_start: int = -1
    cell_end: int = -1
    cell_repeated: int = 1
    cell_offset: int = 0
    """Which of a run of repeated cells it is."""
    cells_in_row: int = 0
    texts: list[str] = field(default_factory=list)


def _tag_end(content: bytes, start: int) -> int:
    """Just past the `>` of the tag that starts at `start` (quotes in attribute values skipped)."""
    quote = 0
    for at in range(start, len(content)):
        byte = content[at]
        if quote:
            if byte == quote:
                quote = 0
        elif byte in (0x22, 0x27):
            quote = byte
        elif byte == 0x3E:
            return at + 1
    raise EditRefused("content.xml ends inside a tag")


def find_cell(content: bytes, sheet: str, row: int, col: int) -> Found:
    """The byte places of the cell at row, col (1-based) of `sheet` and of its row."""
    found = Found()
    state = {"table": False, "row": 0, "col": 0, "in_row": False, "in_cell": False}
    stack: list[tuple[str, int]] = []
    parser = expat.ParserCreate(namespace_separator=" ")

    def start(name: str, attrs: dict) -> None:
        at = parser.CurrentByteIndex
        stack.append((name, at))
        if name == f"{TABLE} table":
            state["table"] = attrs.get(f"{TABLE} name") == sheet
            state["row"] = 0
        elif state["table"] and name == f"{TABLE} table-row":
            repeat = _repeat(attrs.get(f"{TABLE} number-rows-repeated", "1"))
            first = state["row"] + 1
            state["row"] += repeat
            state["in_row"] = first <= row <= state["row"]
            state["col"] = 0
            if state["in_row"]:
                found.row_start, found.row_repeated = at, repeat
        elif state["in_row"] and name in (f"{TABLE} table-cell", f"{TABLE} covered-table-cell") and len(stack) >= 2:
            if stack[-2][0] != f"{TABLE} table-row":
                return
            repeat = _repeat(attrs.get(f"{TABLE} number-columns-repeated", "1"))
            first = state["col"] + 1
            state["col"] += repeat
            found.cells_in_row = state["col"]
            if first <= col <= state["col"]:
                if name != f"{TABLE} table-cell":
                    raise EditRefused("the cell is covered by a merged cell; edit it in the spreadsheet program")
                found.cell_start, found.cell_repeated, found.cell_offset = at, repeat, col - first
                state["in_cell"] = True

    def end(name: str) -> None:
        _name, began = stack.pop()
        at = parser.CurrentByteIndex
        if name not in (f"{TABLE} table-cell", f"{TABLE} table-row", f"{TABLE} table"):
            return
        tag_end = _tag_end(content, began)
        empty = content[tag_end - 2 : tag_end] == b"/>"  # <x/>: its end is its start tag's
        if state["in_cell"] and name == f"{TABLE} table-cell" and began == found.cell_start:
            found.cell_end = _tag_end(content, began if empty else at)
            state["in_cell"] = False
        elif state["in_row"] and name == f"{TABLE} table-row" and began == found.row_start:
            found.row_end = -1 if empty else at
            state["in_row"] = False
        elif name == f"{TABLE} table":
            state["table"] = False

    def text(data: str) -> None:
        if state["in_cell"]:
            found.texts.append(data)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    try:
        parser.Parse(content, True)
    except expat.ExpatError as exc:
        raise EditRefused(f"content.xml cannot be read: {exc}") from None
    if found.row_start < 0:
        raise EditRefused(f"sheet {sheet!r} has no row {row} any more; the table is read again", 409)
    if found.row_repeated > 1:
        raise EditRefused("the card's row is a repeated row; edit it in the spreadsheet program")
    return found


def _repeat(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        count = 1
    if not 1 <= count <= MAX_REPEAT:
        raise EditRefused("content.xml repeats a row or cell more often than a sheet holds")
    return count


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def paragraph(line: str) -> str:
    """One line as a <text:p>: runs of spaces and tabs written as ODF writes them (they would collapse otherwise)."""
    out, spaces = [], 0

    def flush(at_start: bool) -> None:
        nonlocal spaces
        if spaces:
            literal = 0 if at_start else 1
            out.append(" " * literal)
            rest = spaces - literal
            if rest:
                out.append(f'<text:s text:c="{rest}"/>' if rest > 1 else "<text:s/>")
            spaces = 0

    for char in line:
        if char == " ":
            spaces += 1
            continue
        flush(not out)
        out.append("<text:tab/>" if char == "\t" else _escape(char))
    flush(not out)
    return "<text:p>" + "".join(out) + "</text:p>"


def _cell_xml(start_tag: str, value: str, numeric: bool, calcext: bool) -> str:
    """A cell holding `value`, with the attributes of `start_tag` that are not about its value (its style)."""
    attributes = VALUE_ATTRIBUTES.sub("", start_tag[len("<table:table-cell") :].rstrip("/>").rstrip())
    if not value:
        return "<table:table-cell" + attributes + "/>"
    kind = "string"
    extra = ""
    if numeric and re.fullmatch(r"[+-]?[0-9]+(?:\.[0-9]+)?", value):
        kind, extra = "float", f' office:value="{value}"'
    typed = f' office:value-type="{kind}"' + extra + (f' calcext:value-type="{kind}"' if calcext else "")
    body = "".join(paragraph(line) for line in value.split("\n"))
    return "<table:table-cell" + attributes + typed + ">" + body + "</table:table-cell>"


def _with_repeat(start_tag: str, count: int) -> str:
    """A run of `count` copies of an (empty) cell's start tag, closed."""
    bare = re.sub(r'\stable:number-columns-repeated="[^"]*"', "", start_tag).rstrip(">").rstrip("/").rstrip()
    repeat = f' table:number-columns-repeated="{count}"' if count > 1 else ""
    return bare + repeat + "/>" if start_tag.endswith("/>") else bare + repeat + ">"


def set_cell_content(content: bytes, sheet: str, row: int, col: int, value: str) -> bytes:
    """content.xml with the cell at row, col of `sheet` holding `value`; nothing else in it changed."""
    found = find_cell(content, sheet, row, col)
    calcext = b"xmlns:calcext" in content[:4096]
    if found.cell_start < 0:  # past the row's last cell: empty cells up to it, then the new one
        if found.row_end < 0:
            raise EditRefused("the card's row is empty here; edit it in the spreadsheet program")
        gap = col - 1 - found.cells_in_row
        filler = (
            (f'<table:table-cell table:number-columns-repeated="{gap}"/>' if gap > 1 else "<table:table-cell/>")
            if gap
            else ""
        )
        new = filler + _cell_xml("<table:table-cell>", value, False, calcext)
        return content[: found.row_end] + new.encode() + content[found.row_end :]
    start_tag = content[found.cell_start : _tag_end(content, found.cell_start)].decode("utf-8")
    numeric = 'office:value-type="float"' in start_tag
    old = content[found.cell_start : found.cell_end].decode("utf-8")
    new_cell = _cell_xml(start_tag, value, numeric, calcext)
    if found.cell_repeated > 1:  # split the run: the copies before, the new cell, the copies after
        before, after = found.cell_offset, found.cell_repeated - found.cell_offset - 1
        close = "" if start_tag.endswith("/>") else old[len(start_tag) :]
        run = lambda n: (_with_repeat(start_tag, n) + close) if n else ""  # noqa: E731
        new_cell = run(before) + new_cell + run(after)
    return content[: found.cell_start] + new_cell.encode() + content[found.cell_end :]


def cell_text(content: bytes, sheet: str, row: int, col: int) -> str:
    """The cell's text as content.xml holds it (paragraphs apart)."""
    return "".join(find_cell(content, sheet, row, col).texts)


def set_cell(data: bytes, sheet: str, row: int, col: int, value: str) -> bytes:
    """The .ods file with one cell changed: content.xml rewritten there, the other members as they were."""
    return replace_content(data, lambda content: set_cell_content(content, sheet, row, col, value))


def replace_content(data: bytes, change) -> bytes:
    try:
        source = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise EditRefused("the file is not a readable .ods archive") from None
    out = io.BytesIO()
    with source, zipfile.ZipFile(out, "w") as target:
        names = source.namelist()
        if "content.xml" not in names:
            raise EditRefused("the .ods file has no content.xml")
        for info in source.infolist():
            body = source.read(info.filename)
            if info.filename == "content.xml":
                body = change(body)
            target.writestr(info, body)
    return out.getvalue()


ROW_CLOSE = b"</table:table-row>"


def _row_span(content: bytes, sheet: str, row: int) -> tuple[int, int, Found]:
    found = find_cell(content, sheet, row, 1)
    if found.row_end < 0 or not content.startswith(ROW_CLOSE, found.row_end):
        raise EditRefused("the card's row is empty here; edit it in the spreadsheet program")
    return found.row_start, found.row_end + len(ROW_CLOSE), found


def duplicate_row(data: bytes, sheet: str, row: int, id_col: int, new_id: str) -> bytes:
    """A copy of row `row` right below it (rows below move down one), under the id `new_id`."""

    def change(content: bytes) -> bytes:
        start, stop, _found = _row_span(content, sheet, row)
        copied = content[:stop] + content[start:stop] + content[stop:]
        return set_cell_content(copied, sheet, row + 1, id_col, new_id)

    return replace_content(data, change)


def clear_row(data: bytes, sheet: str, row: int) -> bytes:
    """Row `row` emptied in place (an empty row is no card; no row below moves, so no reference elsewhere shifts)."""

    def change(content: bytes) -> bytes:
        start, stop, found = _row_span(content, sheet, row)
        start_tag = content[start : _tag_end(content, start)]
        empty = f'<table:table-cell table:number-columns-repeated="{max(found.cells_in_row, 1)}"/>'.encode()
        return content[:start] + start_tag + empty + ROW_CLOSE + content[stop:]

    return replace_content(data, change)
