"""Where a translation goes: the YAML value or the table cell of the text's language, or, when the kit has none
yet, the key to add to the text's mapping (`{ja: 火, en: Fire}` → `de: Feuer`) or the cell of the column to add
beside the source language's (`title.en` → `title.de`)."""

from __future__ import annotations

from pnpkit.validator.findings import Location
from pnpkit.validator.kit import LoadedKit

from ..studio.edits.files import EditRefused, Place, kind_of
from ..studio.edits.xlsxcells import sheet_name
from .entries import kit_relative


def place_of(loaded: LoadedKit, path: tuple, source: str, lang: str) -> Place:
    """Where the text at `path` in `lang` is written or goes; EditRefused when the kit does not say."""
    values = loaded.source.values
    written = values.get(path + (lang,))
    source_at = values.get(path + (source,))
    anchor = written or source_at
    if anchor is None or not anchor.file:
        raise EditRefused("the kit does not say where the text is written")
    file = kit_relative(loaded.root, anchor)
    if file.startswith("../"):
        raise EditRefused(f"{file} lies outside the kit folder")
    kind = kind_of(file)
    if not kind:
        raise EditRefused(f"{file}: texts are written back into YAML, CSV, .xlsx and .ods files")
    sheet = sheet_name(anchor.cell) if kind in ("xlsx", "ods") else ""
    if kind == "yaml":
        if written is not None:
            return Place(file, kind, written.line, written.col)
        mapping = values.get(path)
        if mapping is None or mapping.file != anchor.file:
            raise EditRefused("the text's mapping is not written where its language is")
        return Place(file, kind, mapping.line, mapping.col, keys=(lang,))
    if written is not None:
        return Place(file, kind, written.line, written.col, sheet=sheet)
    assert source_at is not None
    columns = loaded.source.columns_at(path + (lang,))
    if columns:
        return Place(file, kind, source_at.line, columns[0].header.col, sheet=sheet)
    return _new_column(loaded, path, source, lang, file, kind, sheet, source_at)


def _new_column(
    loaded: LoadedKit, path: tuple, source: str, lang: str, file: str, kind: str, sheet: str, source_at: Location
) -> Place:
    """The cell of a column to add for `lang`, named as the source language's column with the tag changed."""
    beside = loaded.source.columns_at(path + (source,))
    if not beside:
        raise EditRefused(f"{file} has no column for the text's {source!r}")
    column = beside[0]
    parts = column.name.split(".")
    if parts[-1].lower() != source.lower():
        raise EditRefused(f"{file}: add a column for {lang!r} beside {column.name!r} first")
    header = ".".join([*parts[:-1], lang])
    return Place(
        file,
        kind,
        source_at.line,
        0,
        sheet=sheet,
        header=header,
        header_row=column.header.line,
        beside=column.header.col,
    )
