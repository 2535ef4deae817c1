"""Translations from a PO file written into the kit's YAML values and table cells, the rest of each file kept.

Each entry is matched to a text of the kit by its context id, and applied only when its source text is still the
kit's (else the whole apply is refused: the entry no longer says which text it translates), when it is neither
fuzzy nor empty, and when it keeps what its source holds (keep.py). Every file is changed in memory first, by the
studio's writers (generator/studio/edits/), each file checked unchanged since the kit was read; then written
whole and atomically, and the kit read again: unless it reads as before with exactly the new texts, every file is
put back as it was and nothing is applied.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnpkit.validator.kit import LoadedKit, load_kit
from pnpkit.validator.tables import read_table

from ..studio.edits import csvcells, odscells, xlsxcells, yamlnodes
from ..studio.edits.files import (
    EditRefused,
    Place,
    atomic_write,
    check_value,
    fingerprint,
    kit_fingerprints,
    read_bounded,
)
from .catalogue import Catalogue
from .entries import TextEntry, editions, kit_entries, kit_relative
from .keep import mismatch
from .places import place_of


class ApplyRefused(Exception):
    """Nothing was written, and the one line that says why."""


@dataclass
class Outcome:
    """What an apply did and left, for the command's report."""

    language: str
    source: str
    applied: list[str] = field(default_factory=list)
    unchanged: int = 0
    missing: list[str] = field(default_factory=list)
    fuzzy: list[str] = field(default_factory=list)
    mismatched: list[tuple[str, str]] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)
    """Contexts the kit no longer has (a card deleted or renamed since the extract)."""
    without_context: int = 0
    files: list[str] = field(default_factory=list)
    language_added: str = ""
    """The file whose `languages:` the language was added to ("" when the kit listed it)."""


@dataclass(frozen=True)
class _Write:
    entry: TextEntry
    value: str
    place: Place
    paths: tuple[tuple, ...]
    """The model paths of every text written at `place`: more than one where a YAML alias uses it again."""
    contexts: tuple[str, ...]
    """The catalogue's entries this write applies."""


def apply_catalogue(
    root: Path, catalogue: Catalogue, lang: str, source: str | None = None, dry_run: bool = False
) -> Outcome:
    """Write the catalogue's translations into the kit at `root` (nothing when `dry_run`); ApplyRefused when it
    cannot be done whole."""
    fingerprints = kit_fingerprints(root)  # before the load: a file changed while it loads will not match
    loaded = load_kit(root)
    if loaded.kit is None:
        first = next((f for f in loaded.report.findings if f.is_error), None)
        raise ApplyRefused(f"the kit does not load ({first.text() if first else 'no kit'}); run pnpkit validate")
    tags = editions(loaded)
    lang = next((tag for tag in tags if tag.lower() == lang.lower()), lang)  # tags ignore case: the kit's spelling
    source = source or catalogue.source_language or ("en" if "en" in tags else tags[0])
    if source not in tags:
        raise ApplyRefused(f"the catalogue translates from {source!r}, which the kit does not ship")
    if lang == source:
        raise ApplyRefused(f"the catalogue's language is its source language, {lang!r}")
    outcome = Outcome(lang, source, without_context=catalogue.without_context)
    writes = _writes(loaded, catalogue, outcome)
    if not writes:
        return outcome
    changed = _changed_files(loaded, writes, fingerprints, outcome)
    outcome.files = sorted(changed)
    outcome.applied = [context for write in writes for context in write.contexts]
    if not dry_run:
        _write_and_verify(root, loaded, changed, writes, lang)
    return outcome


def _writes(loaded: LoadedKit, catalogue: Catalogue, outcome: Outcome) -> list[_Write]:
    """The entries to apply, each with its value and place; the others counted in `outcome`."""
    entries = {entry.context: entry for entry in kit_entries(loaded, outcome.source, outcome.language)[0]}
    candidates: dict[str, tuple[TextEntry, str]] = {}
    stale: list[str] = []
    seen: set[str] = set()
    for translation in catalogue.translations:
        entry = entries.get(translation.context)
        if translation.context in seen:
            raise ApplyRefused(f"the catalogue holds {translation.context} twice; nothing was written")
        seen.add(translation.context)
        if entry is None:
            outcome.gone.append(translation.context)
        elif translation.source != entry.source:
            stale.append(translation.context)
        elif translation.fuzzy:
            outcome.fuzzy.append(translation.context)
        elif not translation.text.strip():
            outcome.missing.append(translation.context)
        elif why := _unusable(entry.source, translation.text):
            outcome.mismatched.append((translation.context, why))
        else:
            candidates[translation.context] = (entry, translation.text)
    if stale:
        said = "1 entry no longer matches" if len(stale) == 1 else f"{len(stale)} entries no longer match"
        raise ApplyRefused(
            f"{said} the kit's {outcome.source} text (first: {stale[0]}): the kit changed since the extract; extract "
            "again into NEW.po and merge the translations into it (msgmerge --previous OLD.po NEW.po -o OLD.po, or "
            "Poedit's Update from POT file), then apply; nothing was written"
        )
    return _grouped(loaded, candidates, entries, outcome)


def _grouped(
    loaded: LoadedKit, candidates: dict[str, tuple[TextEntry, str]], entries: dict[str, TextEntry], outcome: Outcome
) -> list[_Write]:
    """One write a place: texts a YAML alias writes once (`back: *main`) are written together, when their
    translations agree, and left out when they differ."""
    by_place: dict[Place, list[tuple[TextEntry, str]]] = defaultdict(list)
    for entry, text in candidates.values():
        try:
            place = place_of(loaded, entry.path, outcome.source, outcome.language)
        except EditRefused as exc:
            raise ApplyRefused(f"{entry.context}: {exc.message}; nothing was written") from None
        by_place[place].append((entry, text.strip() if place.kind != "yaml" else text))
    shared = _shared_places(loaded, entries, outcome, set(by_place)) if len(by_place) else {}
    writes: list[_Write] = []
    for place, group in by_place.items():
        values = {value for _entry, value in group}
        contexts = tuple(entry.context for entry, _value in group)
        if len(values) > 1:
            outcome.mismatched += [
                (context, "the text is written once in the file (a YAML alias) for texts translated differently")
                for context in contexts
            ]
            continue
        entry, value = group[0]
        if all(value == other.translation for other, _value in group):
            outcome.unchanged += len(group)
            continue
        paths = shared.get(place, (entry.path,))
        writes.append(_Write(entry, value, place, paths, contexts))
    return writes


def _shared_places(
    loaded: LoadedKit, entries: dict[str, TextEntry], outcome: Outcome, wanted: set[Place]
) -> dict[Place, tuple[tuple, ...]]:
    """The places of `wanted` that more than one text of the kit is written at, with those texts' paths."""
    paths: dict[Place, list[tuple]] = defaultdict(list)
    for entry in entries.values():
        try:
            place = place_of(loaded, entry.path, outcome.source, outcome.language)
        except EditRefused:
            continue
        if place in wanted:
            paths[place].append(entry.path)
    return {place: tuple(found) for place, found in paths.items() if len(found) > 1}


def _unusable(source: str, text: str) -> str:
    """Why a translation cannot be written ("" when it can): it drops or adds a placeholder or markup, holds a
    control character or is too long."""
    try:
        check_value(text)
    except EditRefused as exc:
        return exc.message
    why = mismatch(source, text)
    return f"the translation {why}" if why else ""


def _changed_files(
    loaded: LoadedKit, writes: list[_Write], fingerprints: dict[str, str], outcome: Outcome
) -> dict[str, tuple[bytes, bytes]]:
    """Each file to change: its bytes now and after the writes. A file changed since the kit was read is refused."""
    by_file: dict[str, list[_Write]] = defaultdict(list)
    for write in writes:
        by_file[write.place.file].append(write)
    languages = _language_edit(loaded, outcome)
    if languages is not None:
        by_file.setdefault(languages[0], [])
    changed: dict[str, tuple[bytes, bytes]] = {}
    for file, group in sorted(by_file.items()):
        path = loaded.root / file
        try:
            data = read_bounded(path)
        except EditRefused as exc:
            raise ApplyRefused(f"{exc.message}; nothing was written") from None
        if fingerprints.get(file) != fingerprint(data):
            raise ApplyRefused(f"{file} changed while the kit was read; apply again; nothing was written")
        extra = [languages[1]] if languages is not None and languages[0] == file else []
        try:
            changed[file] = (data, _changed(path, data, group, extra))
        except EditRefused as exc:
            raise ApplyRefused(f"{file}: {exc.message}; nothing was written") from None
    return changed


def _language_edit(loaded: LoadedKit, outcome: Outcome) -> tuple[str, yamlnodes.FieldEdit] | None:
    """The language added to the kit's `languages:` list when it is not there (a table's `title.de` column names
    a language the kit ships)."""
    if outcome.language in editions(loaded):
        return None
    where = loaded.source.values.get(("languages",))
    if where is None or not where.file:
        raise ApplyRefused(f"add {outcome.language!r} to the kit's `languages:` first; nothing was written")
    file = kit_relative(loaded.root, where)
    outcome.language_added = file
    return file, yamlnodes.FieldEdit(where.line, where.col, outcome.language, append=True)


def _changed(path: Path, data: bytes, writes: list[_Write], extra: list[yamlnodes.FieldEdit]) -> bytes:
    """The file's new bytes, every write made by the writer of its kind."""
    kind = writes[0].place.kind if writes else "yaml"
    if kind == "yaml":
        edits = [
            yamlnodes.FieldEdit(w.place.line, w.place.col, w.value, w.place.keys, shared=len(w.paths) > 1)
            for w in writes
        ]
        return yamlnodes.set_fields(data, edits + extra)
    by_sheet: dict[str, dict[tuple[int, int], str]] = defaultdict(dict)
    new_columns: dict[tuple[str, str], int] = {}
    for write in sorted(writes, key=lambda w: w.place.beside):  # new columns in the order of the source's
        place = write.place
        col = place.col
        if place.header:
            key = (place.sheet, place.header)
            if key not in new_columns:
                new_columns[key] = _free_column(path, place.sheet, new_columns)
                by_sheet[place.sheet][(place.header_row, new_columns[key])] = place.header
            col = new_columns[key]
        by_sheet[place.sheet][(place.line, col)] = write.value
    for sheet, cells in by_sheet.items():
        if kind == "csv":
            data = csvcells.set_fields(data, cells)
        elif kind == "xlsx":
            data = xlsxcells.set_cells(data, sheet, cells)
        else:
            data = odscells.replace_content(data, _ods_change(sheet, cells))
    return data


def _ods_change(sheet: str, cells: dict[tuple[int, int], str]) -> Any:
    def change(content: bytes) -> bytes:
        for (row, col), value in sorted(cells.items()):
            content = odscells.set_cell_content(content, sheet, row, col, value)
        return content

    return change


def _free_column(path: Path, sheet: str, taken: dict[tuple[str, str], int]) -> int:
    """The first column right of everything the sheet holds (and of the columns added already)."""
    table, findings = read_table(path, path.name, sheet or None)
    if table is None:
        raise EditRefused(findings[0].message if findings else "the table cannot be read")
    used = [column.location.col for column in table.columns]
    used += [cell.location.col for _where, row in table.rows for cell in row if cell is not None]
    used += [col for (other, _name), col in taken.items() if other == sheet]
    return max(used, default=0) + 1


def _write_and_verify(
    root: Path, loaded: LoadedKit, changed: dict[str, tuple[bytes, bytes]], writes: list[_Write], lang: str
) -> None:
    """Write every changed file, read the kit again and compare; put every file back when it differs."""
    written: list[str] = []
    try:
        for file, (_before, after) in changed.items():
            atomic_write(root / file, after)
            written.append(file)
        problem = _differs(loaded, load_kit(root), writes, lang)
    except BaseException:
        _put_back(root, changed, written)
        raise
    if problem:
        _put_back(root, changed, written)
        raise ApplyRefused(f"{problem}; every file was put back as it was")


def _put_back(root: Path, changed: dict[str, tuple[bytes, bytes]], written: list[str]) -> None:
    for file in written:
        atomic_write(root / file, changed[file][0])


def _differs(before: LoadedKit, after: LoadedKit, writes: list[_Write], lang: str) -> str:
    """Why the kit read again is not the kit as it was with the new texts ("" when it is)."""
    if after.kit is None:
        first = next((f for f in after.report.findings if f.is_error), None)
        return f"the kit would not load after the edits ({first.text() if first else 'unknown'})"
    if editions(after)[: len(editions(before))] != editions(before) or lang not in editions(after):
        return "the kit's languages would read differently"
    expected = before.model.model_dump(mode="json", exclude={"languages"})
    for write in writes:
        for path in write.paths:
            _set(expected, (*path, lang), write.value)
    now = after.model.model_dump(mode="json", exclude={"languages"})
    if now != expected:
        return f"the kit would read differently after the edits (at {_first_difference(expected, now)})"
    return ""


def _set(data: Any, path: tuple, value: str) -> None:
    for part in path[:-1]:
        data = data[part]
    data[path[-1]] = value


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}.{key}" if path else str(key))
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return path or "the top"
