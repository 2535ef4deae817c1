"""A CSV file's fields edited where they stand: the file's delimiter, quotes, line endings, BOM and encoding kept.

The file is read into records with the place of every field (the excel dialect pnpkit's loader reads, with the
delimiter the header uses), and only the field asked for is written again: quoted when it was quoted or when its
value needs quotes, with the file's own line ending inside a value of several lines. Rows are counted as the loader
counts them (validator/tables.py): one a record, a blank line too, so `cards.csv:5:title.en` is the fifth record.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .files import EditRefused

BOM = b"\xef\xbb\xbf"
DELIMITERS = (",", ";", "\t")


@dataclass(frozen=True)
class Field:
    start: int
    end: int
    value: str
    quoted: bool


@dataclass(frozen=True)
class Record:
    start: int
    end: int
    """Where its last field ends (before its line ending)."""
    stop: int
    """After its line ending."""
    fields: list[Field]


@dataclass
class CsvText:
    """A CSV file decoded, with how to write it back: its BOM, encoding, delimiter and line ending."""

    text: str
    bom: bool
    encoding: str
    delimiter: str
    eol: str

    @classmethod
    def read(cls, data: bytes) -> CsvText:
        bom = data.startswith(BOM)
        body = data[3:] if bom else data
        try:
            text, encoding = body.decode("utf-8"), "utf-8"
        except UnicodeDecodeError:
            if bom:
                raise EditRefused("the file starts with a UTF-8 BOM but is not UTF-8") from None
            try:
                text, encoding = body.decode("cp932"), "cp932"
            except UnicodeDecodeError:
                raise EditRefused("the file is neither UTF-8 nor Shift-JIS") from None
        return cls(text, bom, encoding, _delimiter(text), _line_ending(text))

    def encoded(self, text: str) -> bytes:
        try:
            body = text.encode(self.encoding)
        except UnicodeEncodeError as exc:
            raise EditRefused(
                f"{text[exc.start]!r} cannot be written in this file's encoding (Shift-JIS); save it as 'CSV UTF-8' first"
            ) from None
        return (BOM if self.bom else b"") + body

    def records(self) -> list[Record]:
        return records(self.text, self.delimiter)

    def field_text(self, value: str, quoted: bool) -> str:
        """A value as a field of this file: quoted when it was, or when a delimiter, quote, line end or edge space
        would otherwise change it."""
        value = value.replace("\n", self.eol)
        needs = any(c in value for c in (self.delimiter, '"', "\r", "\n")) or value != value.strip()
        return '"' + value.replace('"', '""') + '"' if quoted or needs else value


def _delimiter(text: str) -> str:
    """The delimiter the first line that holds anything uses most, outside quotes; a comma when it has none."""
    counts: Counter[str] = Counter()
    quoted = False
    for char in text:
        if char == '"':
            quoted = not quoted
        elif not quoted and char in "\r\n":
            if counts:
                break
        elif not quoted and char in DELIMITERS:
            counts[char] += 1
    return counts.most_common(1)[0][0] if counts else ","


def _line_ending(text: str) -> str:
    at = text.find("\n")
    if at > 0 and text[at - 1] == "\r":
        return "\r\n"
    if at < 0 and "\r" in text:
        return "\r"
    return "\n"


def records(text: str, delimiter: str) -> list[Record]:
    """Every record with the place of each field, as csv.reader(strict=True) reads them (a blank line is an empty
    record); a quote left open or a character after a closing quote is refused."""
    out: list[Record] = []
    i, n = 0, len(text)
    while i < n:
        start = i
        if text[i] in "\r\n":
            stop = i + 2 if text.startswith("\r\n", i) else i + 1
            out.append(Record(start, i, stop, []))
            i = stop
            continue
        fields: list[Field] = []
        while True:
            begin = i
            if i < n and text[i] == '"':
                parts, j = [], i + 1
                while True:
                    k = text.find('"', j)
                    if k < 0:
                        raise EditRefused(f"a quote opened in record {len(out) + 1} is never closed")
                    parts.append(text[j:k])
                    if text.startswith('""', k):
                        parts.append('"')
                        j = k + 2
                        continue
                    i = k + 1
                    break
                if i < n and text[i] not in (delimiter, "\r", "\n"):
                    raise EditRefused(f"record {len(out) + 1} has text after a closing quote")
                fields.append(Field(begin, i, "".join(parts), True))
            else:
                j = i
                while j < n and text[j] not in (delimiter, "\r", "\n"):
                    j += 1
                fields.append(Field(begin, j, text[i:j], False))
                i = j
            if i < n and text[i] == delimiter:
                i += 1
                continue
            break
        end = i
        stop = (i + 2 if text.startswith("\r\n", i) else i + 1) if i < n else i
        out.append(Record(start, end, stop, fields))
        i = stop
    return out


def clean(value: str) -> str:
    """A field as the loader reads it: line endings as \\n, edge spaces gone."""
    return value.replace("\r\n", "\n").replace("\r", "\n").strip()


def _record(found: list[Record], row: int) -> Record:
    if not 1 <= row <= len(found) or not found[row - 1].fields:
        raise EditRefused(f"the file has no record {row} any more; the table is read again")
    return found[row - 1]


def set_field(data: bytes, row: int, col: int, value: str, old: str | None = None) -> bytes:
    """The file with field `col` (1-based) of record `row` set to `value`; refused (409) when it no longer holds
    `old`. A record shorter than `col` is given the empty fields between."""
    csv = CsvText.read(data)
    record = _record(csv.records(), row)
    current = record.fields[col - 1] if col <= len(record.fields) else None
    if old is not None and clean(current.value if current else "") != old:
        raise EditRefused(f"record {row} no longer holds {old!r} there; the table is read again", 409)
    text = csv.text
    if current is not None:
        new = text[: current.start] + csv.field_text(value, current.quoted) + text[current.end :]
    else:
        padding = csv.delimiter * (col - len(record.fields))
        new = text[: record.end] + padding + csv.field_text(value, False) + text[record.end :]
    return csv.encoded(new)


def _with_field(csv: CsvText, record: Record, col: int, value: str) -> str:
    """The record's own text with one field changed."""
    text = csv.text[record.start : record.end]
    if col <= len(record.fields):
        field = record.fields[col - 1]
        start, end = field.start - record.start, field.end - record.start
        return text[:start] + csv.field_text(value, field.quoted) + text[end:]
    return text + csv.delimiter * (col - len(record.fields)) + csv.field_text(value, False)


def _insert_after(csv: CsvText, record: Record, line: str) -> str:
    text = csv.text
    if record.stop == record.end:  # the last record, with no line ending: the new one gets none either
        return text[: record.end] + csv.eol + line + text[record.end :]
    return text[: record.stop] + line + csv.eol + text[record.stop :]


def duplicate_row(data: bytes, row: int, id_col: int, new_id: str) -> bytes:
    """A copy of record `row` right below it, under the id `new_id`."""
    csv = CsvText.read(data)
    record = _record(csv.records(), row)
    return csv.encoded(_insert_after(csv, record, _with_field(csv, record, id_col, new_id)))


def delete_row(data: bytes, row: int, old_id: str, id_col: int) -> bytes:
    """The file without record `row`, refused (409) unless it is still the card `old_id`."""
    csv = CsvText.read(data)
    found = csv.records()
    record = _record(found, row)
    current = record.fields[id_col - 1].value if id_col <= len(record.fields) else ""
    if clean(current) != old_id:
        raise EditRefused(f"record {row} is no longer the card {old_id!r}; the table is read again", 409)
    text = csv.text
    if record.stop == record.end and row > 1:  # the last record: the line ending before it goes with it
        return csv.encoded(text[: found[row - 2].end] + text[record.stop :])
    return csv.encoded(text[: record.start] + text[record.stop :])


def cell_value(data: bytes, row: int, col: int) -> str:
    """The field as the loader reads it ('' for a missing one)."""
    csv = CsvText.read(data)
    found = csv.records()
    if not 1 <= row <= len(found) or col > len(found[row - 1].fields):
        return ""
    return clean(found[row - 1].fields[col - 1].value)


def set_fields(data: bytes, cells: dict[tuple[int, int], str]) -> bytes:
    """The file with every field at (record, column) (1-based) set, as `set_field` sets one, in one read: a
    record shorter than a column is given the empty fields between (a new column's header and its values)."""
    csv = CsvText.read(data)
    found = csv.records()
    by_row: dict[int, dict[int, str]] = {}
    for (row, col), value in cells.items():
        by_row.setdefault(row, {})[col] = value
    pieces, at = [], 0
    for row in sorted(by_row):  # each record rebuilt, the text between kept, all joined once
        record = _record(found, row)
        line = csv.text[record.start : record.end]
        edits = by_row[row]
        for col in sorted((c for c in edits if c <= len(record.fields)), reverse=True):
            field = record.fields[col - 1]
            start, end = field.start - record.start, field.end - record.start
            line = line[:start] + csv.field_text(edits[col], field.quoted) + line[end:]
        width = len(record.fields)
        for col in sorted(c for c in edits if c > len(record.fields)):
            line += csv.delimiter * (col - width) + csv.field_text(edits[col], False)
            width = col
        pieces += [csv.text[at : record.start], line]
        at = record.end
    return csv.encoded("".join([*pieces, csv.text[at:]]))
