"""Edits from the studio's page written into the kit's files: a card's value, a card added, copied or deleted, a
template region's box; and undo.

Each request names what the page showed (a deck, a card, a column; a template's region) and the fingerprint of the
file the table was read from. The place is worked out from the kit as last loaded (its source positions), the
file's fingerprint must match both the one sent and the one taken when that kit was loaded (else 409: the file
changed on disk since), and the file is written whole and atomically by the writer of its kind (edits/). The
studio keeps each file's previous bytes: undo writes them back, under the same checks.
"""

from __future__ import annotations

import re
import tempfile
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnpkit.validator.findings import Location
from pnpkit.validator.tables import read_table

from .edits import csvcells, odscells, xlsxcells, yamlnodes
from .edits.files import EditRefused, Place, atomic_write, check_value, fingerprint, kind_of, read_bounded
from .edits.xlsxcells import sheet_name
from .locate import find_card, model_at, source_file
from .paths import inside
from .state import Snapshot, Studio, flatten

MAX_UNDO = 100
MAX_UNDO_BYTES = 64 * 1024 * 1024
"""What undo keeps: the last 100 writes, and no more than 64 MB of earlier file contents."""
IDENT = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


@dataclass(frozen=True)
class Undo:
    """A write the studio made: the file's bytes before it, and its fingerprint after it."""

    file: str
    before: bytes
    after: str
    what: str


class Editor:
    """The studio's writes to one kit, one at a time; `wrote()` is called after each (to rebuild at once)."""

    def __init__(self, studio: Studio, wrote: Callable[[], object] = lambda: None):
        self.studio = studio
        self.wrote = wrote
        self.undos: deque[Undo] = deque()
        self._lock = threading.Lock()

    # ------------------------------------------------------------ what the page sends

    def cell(self, request: dict) -> dict:
        """Set one card value: {deck, card, column, lang, old, value, fingerprint}."""
        deck, card, column, lang = (_text(request, key) for key in ("deck", "card", "column", "lang"))
        value = check_value(_text(request, "value")).strip()
        snapshot = self._loaded()
        place, shown = self._cell_place(snapshot, deck, card, column, lang)
        if "old" in request and _text(request, "old") != shown:
            raise EditRefused(f"{card}'s {column} is no longer {_text(request, 'old')!r}; the table is read again", 409)
        if value == shown:
            return {"ok": True, "changed": False, "message": "nothing to change"}

        def change(data: bytes) -> bytes:
            return _set_cell(data, place, value)

        what = f"{card}: {column} = {value!r}"
        return self._write(snapshot, place.file, _text(request, "fingerprint"), change, what, place, value)

    def row(self, request: dict) -> dict:
        """Add a card after one, copy one, or delete one: {deck, card, action, fingerprint}. A new card starts as a
        copy of the one it follows, under the id `new-card` (a card with nothing in it would not load, and the
        studio edits only a kit that loads); a copy is named after its card (`sunny-2`)."""
        deck, card, action = _text(request, "deck"), _text(request, "card"), _text(request, "action")
        if action not in ("add", "duplicate", "delete"):
            raise EditRefused("the action is add, duplicate or delete")
        snapshot = self._loaded()
        path = self._card_path(snapshot, deck, card)
        where = snapshot.loaded.source.values.get(path) if snapshot.loaded else None
        if where is None or not where.file:
            raise EditRefused(f"the card {card!r} is not written in a file the studio can edit")
        file, kind = self._file_of(where)
        new_id = self._new_id(snapshot, card, action)
        if kind == "yaml":

            def copy(data: bytes) -> bytes:
                return yamlnodes.duplicate_item(data, where.line, where.col, new_id)

            writers = {
                "add": copy,
                "duplicate": copy,
                "delete": lambda data: yamlnodes.delete_item(data, where.line, where.col, card),
            }
        else:
            id_where = snapshot.loaded.source.values.get((*path, "id"))  # type: ignore[union-attr]
            if id_where is None:
                raise EditRefused("the card's id is not written in its table")
            writers = _table_row_writers(kind, where, id_where.col, card, new_id)
        what = {
            "add": f"a new card {new_id!r}",
            "duplicate": f"{card} copied as {new_id!r}",
            "delete": f"{card} deleted",
        }
        result = self._write(snapshot, file, _text(request, "fingerprint"), writers[action], what[action])
        return {**result, "card": new_id if action != "delete" else card}

    def box(self, request: dict) -> dict:
        """Move or resize a template region: {template, region, box: [x, y, w, h] in mm, fingerprint}."""
        template, region = _text(request, "template"), _text(request, "region")
        box = request.get("box")
        if not isinstance(box, list) or len(box) != 4 or not all(_finite(v) for v in box):
            raise EditRefused("the box is four numbers: x, y, width and height in millimetres")
        if any(float(v) < 0 or float(v) > 1000 for v in box) or float(box[2]) < 0.5 or float(box[3]) < 0.5:
            raise EditRefused("a box's lengths lie from 0 to 1000 mm, its width and height at least 0.5 mm")
        snapshot = self._loaded()
        where = box_place(snapshot, template, region)
        if where is None:
            raise EditRefused(f"no box of the region {region!r} is written in the template {template!r}")
        file, _kind = self._file_of(where)
        numbers = (float(box[0]), float(box[1]), float(box[2]), float(box[3]))

        def change(data: bytes) -> bytes:
            return yamlnodes.set_box(data, where.line, where.col, numbers)

        what = f"{template}: {region} box"
        return self._write(snapshot, file, _text(request, "fingerprint"), change, what)

    def undo(self) -> dict:
        """Write back the file as it was before the studio's last write, if nothing changed it since."""
        with self._lock:
            if not self.undos:
                raise EditRefused("nothing to undo")
            last = self.undos[-1]
            path = self._path(last.file)
            data = read_bounded(path)
            if fingerprint(data) != last.after:
                self.undos.clear()
                raise EditRefused(f"{last.file} changed on disk since the studio wrote it; nothing was undone", 409)
            atomic_write(path, last.before)
            self.undos.pop()
        self.wrote()
        return {
            "ok": True,
            "changed": True,
            "message": f"undone: {last.what}",
            "file": last.file,
            "undo": len(self.undos),
        }

    # ------------------------------------------------------------ the write itself

    def _write(
        self,
        snapshot: Snapshot,
        file: str,
        sent: str,
        change: Callable[[bytes], bytes],
        what: str,
        place: Place | None = None,
        value: str = "",
    ) -> dict:
        with self._lock:
            path = self._path(file)
            data = read_bounded(path)
            now = fingerprint(data)
            if sent != now or snapshot.fingerprints.get(file) != now:
                if self.undos and self.undos[-1].file == file and self.undos[-1].after == now:
                    raise EditRefused(
                        f"the studio is still reading its last write of {file}; try again in a moment", 409
                    )
                raise EditRefused(
                    f"{file} changed on disk since the table was read; it is read again, try once more", 409
                )
            new = change(data)
            if place is not None and place.kind in ("csv", "xlsx", "ods"):
                _table_reads_back(data, new, path.suffix, place, value)
            atomic_write(path, new)
            self.undos.append(Undo(file, data, fingerprint(new), what))
            while len(self.undos) > MAX_UNDO or sum(len(u.before) for u in self.undos) > MAX_UNDO_BYTES:
                self.undos.popleft()
        self.wrote()
        return {"ok": True, "changed": True, "message": f"written: {what}", "file": file, "undo": len(self.undos)}

    def _loaded(self) -> Snapshot:
        snapshot = self.studio.snapshot
        if snapshot.loaded is None or snapshot.stale:
            raise EditRefused("the kit as saved does not load: fix its findings first, or undo the last write", 409)
        return snapshot

    def _path(self, file: str) -> Path:
        """The kit's file, through the same rules as the files the studio serves (paths.inside)."""
        path = inside(self.studio.root, file)
        if path is None:
            raise EditRefused(f"{file} is not a file of the kit the studio may write")
        return path

    def _file_of(self, where: Location) -> tuple[str, str]:
        try:
            file = source_file(where).resolve().relative_to(self.studio.root).as_posix()
        except ValueError:
            raise EditRefused("the value is written outside the kit folder") from None
        kind = kind_of(file)
        if not kind:
            raise EditRefused(f"{file}: the studio edits YAML, CSV, .xlsx and .ods files")
        return file, kind

    def _card_path(self, snapshot: Snapshot, deck: str, card: str) -> tuple:
        assert snapshot.loaded is not None
        path = find_card(snapshot.loaded.model, deck, card)
        if path is None:
            raise EditRefused(f"the kit has no card {card!r} in {deck!r} any more; the table is read again", 409)
        return path

    def _cell_place(self, snapshot: Snapshot, deck: str, card: str, column: str, lang: str) -> tuple[Place, str]:
        """Where the cell is written, and the value the table shows for it now."""
        assert snapshot.loaded is not None
        source = snapshot.loaded.source
        path = self._card_path(snapshot, deck, card)
        card_model = model_at(snapshot.loaded.model, path)
        shown = flatten(card_model, lang).get(column, "")
        parts = tuple(column.split("."))
        value_path = _value_path(snapshot, path, parts, lang)
        where = source.values.get(value_path)
        card_where = source.values.get(path)
        if card_where is None or not card_where.file:
            raise EditRefused(f"the card {card!r} is not written in a file the studio can edit")
        file, kind = self._file_of(where or card_where)
        if kind == "yaml":
            if where is not None:
                return Place(file, kind, where.line, where.col), shown
            keys = value_path[len(path) :]
            if not all(isinstance(key, str) for key in keys):
                raise EditRefused(f"{column} is a list: edit it in {file}")
            return Place(file, kind, card_where.line, card_where.col, keys=keys), shown
        if where is None:
            columns = source.columns_at(value_path)
            if not columns:
                raise EditRefused(f"{file} has no column for {column}: add it to the header row first")
            where = Location(file, card_where.line, columns[0].header.col, columns[0].header.cell)
        sheet = sheet_name(where.cell) if kind != "csv" else ""
        return Place(file, kind, where.line, where.col, sheet), shown

    def _new_id(self, snapshot: Snapshot, card: str, action: str) -> str:
        """A card id the kit does not use yet: `sunny-2` for a copy of sunny, `new-card` for a new one."""
        from .locate import id_paths

        assert snapshot.loaded is not None
        taken = set(id_paths(snapshot.loaded.model))
        base = "new-card" if action == "add" else re.sub(r"-\d+$", "", card)
        if not IDENT.match(base):
            base = "card"
        for n in range(2, 10_000):
            candidate = base if action == "add" and n == 2 else f"{base}-{n}"
            if candidate not in taken:
                return candidate
        raise EditRefused("no free card id was found")


def _text(request: dict, key: str) -> str:
    value = request.get(key, "")
    if not isinstance(value, str) or len(value) > 10_000:
        raise EditRefused(f"`{key}` is text")
    return value


def _finite(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and abs(float(value)) < 1e6


def _value_path(snapshot: Snapshot, card_path: tuple, parts: tuple[str, ...], lang: str) -> tuple:
    """The model path of a column's value: the column's parts, and the language when it is a text in each."""
    from pydantic import BaseModel

    assert snapshot.loaded is not None
    model = snapshot.loaded.model
    siblings = model_at(model, card_path[:-1])
    candidates = [model_at(model, card_path)]
    if isinstance(siblings, list):
        candidates += siblings
    for candidate in candidates:
        value = candidate.model_dump(mode="json", exclude_none=True) if isinstance(candidate, BaseModel) else candidate
        for part in parts:
            value = value.get(part) if isinstance(value, dict) else None
        if isinstance(value, dict) and lang in value:
            return (*card_path, *parts, lang)
        if value is not None:
            return (*card_path, *parts)
    return (*card_path, *parts)


def _set_cell(data: bytes, place: Place, value: str) -> bytes:
    if place.kind == "csv":
        return csvcells.set_field(data, place.line, place.col, value)
    if place.kind == "xlsx":
        return xlsxcells.set_cell(data, place.sheet, place.line, place.col, value)
    if place.kind == "ods":
        return odscells.set_cell(data, place.sheet, place.line, place.col, value)
    if place.keys:
        return yamlnodes.set_field(data, place.line, place.col, place.keys, value)
    return yamlnodes.set_scalar(data, place.line, place.col, value)


def _table_row_writers(kind: str, where: Location, id_col: int, card: str, new_id: str) -> dict:
    """A new card starts as a copy of the card it is added after (a card with nothing in it would not load)."""
    row = where.line
    if kind == "csv":

        def copy_record(data: bytes) -> bytes:
            return csvcells.duplicate_row(data, row, id_col, new_id)

        return {
            "add": copy_record,
            "duplicate": copy_record,
            "delete": lambda data: csvcells.delete_row(data, row, card, id_col),
        }
    sheet = sheet_name(where.cell)
    module = xlsxcells if kind == "xlsx" else odscells

    def copy_row(data: bytes) -> bytes:
        return module.duplicate_row(data, sheet, row, id_col, new_id)

    return {"add": copy_row, "duplicate": copy_row, "delete": lambda data: module.clear_row(data, sheet, row)}


def _cells(data: bytes, suffix: str, sheet: str) -> dict[tuple[int, int], str]:
    """Every cell of a table as pnpkit's own reader reads it (validator/tables.py), by (row, column)."""
    with tempfile.TemporaryDirectory(prefix="pnpkit-edit-") as folder:
        copy = Path(folder) / f"table{suffix}"
        copy.write_bytes(data)
        table, findings = read_table(copy, copy.name, sheet or None)
    if table is None:
        raise EditRefused(f"the edited table would not read: {findings[0].message if findings else 'unknown'}")
    cells = {(c.location.line, c.location.col): c.name for c in table.columns}
    for _where, row in table.rows:
        for cell in row:
            if cell is not None:
                cells[(cell.location.line, cell.location.col)] = str(cell.value)
    return cells


def _table_reads_back(before: bytes, after: bytes, suffix: str, place: Place, value: str) -> None:
    """The new table, read by pnpkit's reader, differs from the old in that one cell, which reads as `value`."""
    old, new = _cells(before, suffix, place.sheet), _cells(after, suffix, place.sheet)
    key = (place.line, place.col)
    if new.get(key, "") != value:
        raise EditRefused(f"{value!r} would read back as {new.get(key, '')!r}; not written")
    others = {k for k in old.keys() | new.keys() if k != key and old.get(k) != new.get(k)}
    if others:
        raise EditRefused("the edit would change other cells too; not written")


def box_place(snapshot: Snapshot, template: str, region: str) -> Location | None:
    """Where the `box:` a template's region uses is written: its own region's, a `change:` of it, else the nearest
    template it extends that writes it."""
    loaded = snapshot.loaded
    templates = getattr(getattr(loaded.model, "card_templates", None), "templates", None) if loaded else None
    if not templates:
        return None
    by_id = {t.id: (i, t) for i, t in enumerate(templates)}
    seen: set[str] = set()
    current: str | None = template
    while current is not None and current in by_id and current not in seen:
        seen.add(current)
        index, found = by_id[current]
        base = ("card_templates", "templates", index)
        candidates: list[tuple] = [(*base, "change", region, "box")]
        candidates += [(*base, "regions", i, "box") for i, r in enumerate(found.regions) if r.name == region]
        for path in candidates:
            where = loaded.source.values.get(path)  # type: ignore[union-attr]
            if where is not None:
                return where
        current = found.extends
    return None


def card_regions(studio: Studio, lang: str, deck: str, card: str) -> dict:
    """A card's picture and its template's regions, each with its box (mm, from the card's top-left corner) and
    the file its `box:` is written in: what the page needs to drag a region."""
    from pnpkit.validator.components.templates import resolve_templates

    snapshot = studio.snapshot
    edition = snapshot.editions.get(lang)
    loaded = snapshot.loaded
    if edition is None or loaded is None:
        raise EditRefused("the kit has not loaded yet", 409)
    placed = next(
        (
            p
            for cards in edition.cards.placed.values()
            for p in cards
            if p.deck == deck and p.card == card and p.side == "front"
        ),
        None,
    )
    path = find_card(loaded.model, deck, card)
    if placed is None or path is None:
        raise EditRefused(f"the kit has no card {card!r} in {deck!r} any more", 409)
    card_model = model_at(loaded.model, path)
    deck_model = model_at(loaded.model, path[:-2]) if len(path) >= 2 else None
    template = getattr(card_model, "template", None) or getattr(deck_model, "template", None)
    templates = getattr(loaded.model, "card_templates", None)
    resolved = resolve_templates(templates)[0].get(template) if templates is not None and template else None
    regions = []
    for region in resolved.regions if resolved is not None else ():
        where = box_place(snapshot, resolved.id, region.name)  # type: ignore[union-attr]
        file = studio.file_of(where) if where is not None else ""
        regions.append(
            {
                "name": region.name,
                "kind": region.kind,
                "box": [round(float(v), 3) for v in region.box],
                "file": file,
                "fingerprint": snapshot.fingerprints.get(file, ""),
            }
        )
    token = studio.renders.register(snapshot.stamp, lang, placed, edition.fontset, "card")
    return {
        "card": card,
        "deck": deck,
        "template": resolved.id if resolved is not None else "",
        "width": placed.width,
        "height": placed.height,
        "bleed": placed.bleed,
        "token": token,
        "regions": regions,
    }
