"""A deck's cards from files: a table (CSV, .xlsx, .ods) or a YAML list, alone or mixed with cards written inline.

    decks:
      - id: tricks
        cards: cards.csv                  # every card from one table
      - id: trumps
        cards:                            # or from several files, in order, with cards written here
          - trumps-a.yaml                 # a YAML file: a list of cards (or `cards:` holding one)
          - trumps.csv
          - {file: more.xlsx, sheet: Trumps}   # a workbook's sheet; without `sheet:` its first sheet
          - {id: joker, title: {ja: ジョーカー, en: Joker}}

The loader reads them before validation (validator.kit), so a card from a file is
validated like one written inline, with the same finding codes, and each finding
points at the file the value came from: `trumps-a.yaml:3:5`, `cards.csv:5:count`,
`more.xlsx:Trumps!C14`.

A table's header row names the fields, one per column:

- a card's own fields by name: `id`, `count`, `template`; `title.ja`, `title.en`
  and `body.ja`, `body.en` for its texts, one language a column;
- any other name fills the template region of that name: `rank`, `suit`,
  `power.ja`, `power.en` (`fill.rank` says the same; it names a region that
  shares a name with a card field, such as `fill.count`);
- `back.…` the same for the card's own back: `back.template`, `back.title.ja`, `back.rank`.

A cell that is a whole number (`3`, or a number cell of a workbook) is a number;
every other cell is text. Empty cells are left out, as if the field were not
written, and so are empty rows.
"""

from __future__ import annotations

import difflib
import re
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from . import codes
from .findings import Finding, Location
from .kitpaths import display_path, safe_kit_path
from .language_tags import tag_problem, written_editions
from .source import Limits, Source, TableColumn, format_path, load_file
from .tables import LANGUAGE_PARTS, TABLE_SUFFIXES, WORKBOOK_SUFFIXES, Column, Table, TableLimits, read_table
from .types import Unspecified

YAML_SUFFIXES = (".yaml", ".yml")
CARD_FILE_SUFFIXES = YAML_SUFFIXES + TABLE_SUFFIXES
NOT_CARDS = "PK544"
FILE_ENTRY_KEYS = ("file", "sheet")
_NAME_PART = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_WHOLE = re.compile(r"^[+-]?[0-9]{1,15}$")  # longer: no count, and past Python's int limit


@dataclass(frozen=True)
class CardFileLimits:
    """How many card files a kit may name, and how many cards they may hold together."""

    max_files: int = 200
    max_cards: int = 12_000  # a kit prints at most 10,000 (components.kit.MAX_CARDS); rows with count 0 are read too


def is_file_entry(entry: Any) -> bool:
    """A `cards:` entry that names a file rather than writing a card: `cards.csv` or `{file: cards.xlsx, sheet: …}`."""
    return isinstance(entry, str) or (isinstance(entry, dict) and "file" in entry)


def card_model(kit_model: type[BaseModel]) -> type[BaseModel] | None:
    """The model of one card of a deck of `kit_model` (GenericCard, CardEntry, …), read from its annotations."""
    decks = kit_model.model_fields.get("decks")
    deck = _item_model(decks.annotation) if decks is not None else None
    cards = deck.model_fields.get("cards") if deck is not None else None
    return _item_model(cards.annotation) if cards is not None else None


def _item_model(annotation: Any) -> type[BaseModel] | None:
    """X of list[X]."""
    args = typing.get_args(annotation)
    return _one_model(args[0]) if typing.get_origin(annotation) is list and args else None


def _one_model(annotation: Any) -> type[BaseModel] | None:
    """The one model a field holds (through Optional, unions and Annotated), or None: a dict, a number, text."""
    found = _models(annotation)
    return found[0] if len(found) == 1 else None


def _models(annotation: Any) -> list[type[BaseModel]]:
    """Every model a field may hold, through Optional, unions and Annotated (not inside lists or dicts)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _models(typing.get_args(annotation)[0])
    if origin is typing.Union or origin is types.UnionType:
        return [m for arg in typing.get_args(annotation) for m in _models(arg)]
    return []


def _base_types(annotation: Any) -> set[type]:
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _base_types(typing.get_args(annotation)[0])
    if origin is typing.Union or origin is types.UnionType:
        return set().union(*map(_base_types, typing.get_args(annotation)))
    return {annotation} if isinstance(annotation, type) else {object}


# ---------------------------------------------------------------- the header


@dataclass(frozen=True)
class Target:
    """Where a column's values go in a card: the field path, and whether a whole-number cell becomes a number."""

    path: tuple[str, ...]
    numbers: bool


def column_target(
    name: str, model: type[BaseModel] | None, languages: tuple[str, ...] = LANGUAGE_PARTS
) -> Target | str:
    """The field path a column fills, or why it fills none.

    >>> from pnpkit.validator.games.generic import GenericCard
    >>> [column_target(n, GenericCard).path for n in ("count", "title.ja", "rank", "power.en", "back.rank")]
    [('count',), ('title', 'ja'), ('fill', 'rank'), ('fill', 'power', 'en'), ('back', 'fill', 'rank')]
    >>> column_target("title.fr", GenericCard)
    "'title' takes ja, en, not 'fr': add 'fr' to the kit's `languages:` to ship it"
    """
    parts = name.split(".")
    bad = next(  # a language tag after the field's name may have capitals (`title.zh-Hans`)
        (part for k, part in enumerate(parts) if not _NAME_PART.match(part) and not (k and tag_problem(part) is None)),
        None,
    )
    if bad is not None:
        return f"{bad!r} is not a field name: write lower-case letters, digits, '-' and '_', with '.' between parts"
    path: list[str] = []
    models: list[type[BaseModel]] | None = [model] if model is not None else None  # None: inside `fill`, any name
    numbers = True
    for k, part in enumerate(parts):
        if models is None:
            path.append(part)
            numbers = part not in languages
            continue
        if part in languages and any(m.model_config.get("extra") == "allow" for m in models):  # a text's language
            path.append(part)
            if k + 1 < len(parts):
                return f"{'.'.join(parts[: k + 1])!r} takes one value, not {'.'.join(parts[k + 1 :])!r}"
            return Target(tuple(path), False)
        owner = next((m for m in models if part in m.model_fields), None)
        if owner is not None:
            path.append(part)
            annotation = owner.model_fields[part].annotation
            kinds = _base_types(annotation)
            found = [m for m in _models(annotation) if m is not Unspecified]  # `unspecified` is a value, not fields
            models = found or None
            numbers = not found and (int in kinds or str not in kinds)
            if not found and k + 1 < len(parts) and not (dict in kinds or object in kinds):
                return f"{'.'.join(parts[: k + 1])!r} takes one value, not {'.'.join(parts[k + 1 :])!r}"
            continue
        if any("fill" in m.model_fields for m in models):
            path += ["fill", part]
            models, numbers = None, True
            continue
        where = ".".join(parts[:k])
        texts = any(m.model_config.get("extra") == "allow" for m in models)
        known = ", ".join(
            dict.fromkeys([*(f for m in models for f in m.model_fields if f != "fill"), *(languages if texts else ())])
        )
        close = difflib.get_close_matches(part, known.split(", "), n=1, cutoff=0.6)
        guess = f"did you mean {close[0]!r}? " if close else ""
        if texts and tag_problem(part) is None:
            return f"{where!r} takes {known}, not {part!r}: add {part!r} to the kit's `languages:` to ship it"
        return (
            f"{where!r} takes {known}, not {part!r}" if where else f"no card field {part!r}: {guess}use one of {known}"
        )
    problem = _fill_part_problem(path, languages)
    return problem or Target(tuple(path), numbers)


FILL_PARTS = ("kind", "tag", "file")
"""What may follow a region's name in a column besides a language: an effect's kind or tag, a picture's file
(and `text.ja`, `text.en` for an effect's text)."""


def _fill_part_problem(path: list[str], languages: tuple[str, ...] = LANGUAGE_PARTS) -> str:
    """Why the parts after a region's name cannot be written (`power.eng`), or "" when they can.

    >>> _fill_part_problem(["fill", "power", "eng"])
    "region 'power' takes ja, en, kind, tag, file, text.ja, text.en, not 'eng': did you mean 'en'?"
    >>> _fill_part_problem(["fill", "power", "text", "en"]), _fill_part_problem(["back", "fill", "rank"])
    ('', '')
    """
    if "fill" not in path:
        return ""
    at = path.index("fill") + 2
    region, more = path[at - 1 : at], path[at:]
    written = ".".join(more)
    known = [*languages, *FILL_PARTS, *(f"text.{lang}" for lang in languages)]
    if not more or written in known:
        return ""
    close = difflib.get_close_matches(written, known, n=1, cutoff=0.5)
    guess = f": did you mean {close[0]!r}?" if close else ""
    if not close and len(more) == 1 and tag_problem(written) is None:
        guess = f": add {written!r} to the kit's `languages:` to ship it"
    return f"region {region[0]!r} takes {', '.join(known)}, not {written!r}{guess}"


def _header_targets(
    table: Table, model: type[BaseModel] | None, languages: tuple[str, ...], findings: list[Finding]
) -> list[Target | None]:
    """Each column's target; columns that name nothing or clash with another are findings and left out."""
    targets: list[Target | None] = []
    taken: dict[tuple[str, ...], Column] = {}
    for column in table.columns:
        if not column.name:
            targets.append(None)
            continue
        target = column_target(column.name, model, languages)
        if isinstance(target, str):
            findings.append(
                codes.make(
                    "PK543",
                    f"column {column.name!r} names no field: {target}",
                    column.location,
                    hint="name a card field (id, count, title.ja, …) or a region of the card's template",
                )
            )
            targets.append(None)
            continue
        clash = next(
            (
                other
                for path, other in taken.items()
                if path[: len(target.path)] == target.path or target.path[: len(path)] == path
            ),
            None,
        )
        if clash is not None:
            findings.append(
                codes.make(
                    "PK102",
                    f"column {column.name!r} sets {format_path(target.path)}, as column {clash.name!r} "
                    f"(at {clash.location.brief()}) does",
                    column.location,
                    hint="keep one of the two columns",
                )
            )
            targets.append(None)
            continue
        taken[target.path] = column
        targets.append(target)
    return targets


def _cell_value(value: Any, numbers: bool) -> Any:
    """Text that is a whole number becomes a number where a number may go; a number becomes text where only text may."""
    if isinstance(value, str):
        return int(value) if numbers and _WHOLE.match(value) else value
    if isinstance(value, (int, float)) and not isinstance(value, bool) and not numbers:
        return str(value)
    return value


# ---------------------------------------------------------------- the cards


@dataclass
class _Cards:
    """Cards read from one file: the data, and each value's place keyed by its path below the card (from 0)."""

    cards: list[Any]
    values: dict[tuple, Location]
    keys: dict[tuple, Location]
    quoted: set[tuple]
    columns: list[tuple[str, Location, tuple[str, ...]]] = field(default_factory=list)
    """A table's columns that fill a field: (header, its place, the field's path below each card)."""


def table_cards(
    table: Table, model: type[BaseModel] | None, languages: tuple[str, ...] = LANGUAGE_PARTS
) -> tuple[_Cards, list[Finding]]:
    """One card per data row, each value placed at its cell; `languages` are the column suffixes that name a
    language of a text (`title.de`): ja, en and the kit's own."""
    findings: list[Finding] = []
    targets = _header_targets(table, model, languages, findings)
    out = _Cards([], {}, {}, set())
    out.columns = [
        (column.name, column.location, target.path)
        for column, target in zip(table.columns, targets)
        if target is not None
    ]
    language_groups = {t.path[:-1] for t in targets if t is not None and t.path[-1] in languages}
    for row_location, cells in table.rows:
        n = len(out.cards)
        card: dict[str, Any] = {}
        id_location: Location | None = None
        empty_in_group: dict[tuple, Location] = {}
        for cell, target in zip(cells, targets):
            if target is None:
                continue
            if cell is None:
                if target.path[:-1] in language_groups:
                    empty_in_group.setdefault(target.path[:-1], _empty_cell(table, row_location, target, targets))
                continue
            node = card
            for depth, part in enumerate(target.path[:-1]):
                node = node.setdefault(part, {})
                out.values.setdefault((n,) + target.path[: depth + 1], cell.location)
            node[target.path[-1]] = _cell_value(cell.value, target.numbers)
            out.values[(n,) + target.path] = out.keys[(n,) + target.path] = cell.location
            if target.path == ("id",):
                id_location = cell.location
        if not card:
            continue
        for group, location in empty_in_group.items():  # a missing translation points at its empty cell
            if (n,) + group in out.values:
                out.values[(n,) + group] = location
        out.values[(n,)] = id_location or row_location
        out.cards.append(card)
    return out, findings


def _empty_cell(table: Table, row_location: Location, target: Target, targets: list[Target | None]) -> Location:
    """The place of an empty cell: its row, in the column of `target`."""
    c = targets.index(target)
    header = table.columns[c].location
    row = row_location.line
    if header.cell.startswith(f"{header.line}:"):  # a CSV: `row:name`
        return Location(header.file, row, header.col, f"{row}:{header.cell.split(':', 1)[1]}")
    sheet, _, ref = header.cell.rpartition("!")
    letters = ref.rstrip("0123456789")
    return Location(header.file, row, header.col, f"{sheet}!{letters}{row}")


def yaml_cards(part: Source) -> tuple[_Cards | None, str]:
    """The cards of a YAML card file: a list at the top, or under `cards:`. None and a reason when it holds neither."""
    data = part.data
    prefix: tuple = ()
    if isinstance(data, dict) and set(data) == {"cards"}:
        data, prefix = data["cards"], ("cards",)
    if not isinstance(data, list):
        return None, "a card file holds a list of cards (or `cards:` with one)"
    out = _Cards(list(data), {}, {}, set())
    k = len(prefix)
    for positions, into in ((part.values, out.values), (part.keys, out.keys)):
        for path, location in positions.items():
            if len(path) > k and path[:k] == prefix:
                into[path[k:]] = location
    out.quoted = {path[k:] for path in part.quoted if len(path) > k and path[:k] == prefix}
    return out, ""


# ---------------------------------------------------------------- decks


def table_languages(declared: Any) -> tuple[str, ...]:
    """The languages a table column may name: ja and en (as always), then the kit's own well-formed tags."""
    tags = [lang for lang in written_editions(declared) if tag_problem(lang) is None]
    return tuple(dict.fromkeys([*LANGUAGE_PARTS, *tags]))


def expand_card_files(
    root: Path,
    data: dict[str, Any],
    source: Source,
    model: type[BaseModel] | None,
    limits: Limits = Limits(),
    table_limits: TableLimits | None = None,
    file_limits: CardFileLimits | None = None,
) -> list[Finding]:
    """Replace every card file a deck names with the cards it holds, and record where each of their values is.

    `model` is the kit's game model (its decks' card model says which table columns are card fields).
    """
    decks = data.get("decks")
    if not isinstance(decks, list) or not any(
        isinstance(deck, dict)
        and (
            is_file_entry(deck.get("cards"))
            or (isinstance(deck.get("cards"), list) and any(map(is_file_entry, deck["cards"])))
        )
        for deck in decks
    ):
        return []
    card = card_model(model) if model is not None else None
    reader = _Reader(root, source, card, limits, table_limits or TableLimits(), file_limits or CardFileLimits())
    reader.languages = table_languages(data.get("languages"))
    new_decks = list(decks)
    for d, deck in enumerate(decks):
        if not isinstance(deck, dict):
            continue
        entries = deck.get("cards")
        if is_file_entry(entries):
            new_decks[d] = {**deck, "cards": reader.deck_cards(d, [entries], single=True)}
        elif isinstance(entries, list) and any(map(is_file_entry, entries)):
            new_decks[d] = {**deck, "cards": reader.deck_cards(d, entries, single=False)}
    data["decks"] = new_decks
    reader.move_positions()
    return reader.findings


class _Reader:
    def __init__(
        self,
        root: Path,
        source: Source,
        model: type[BaseModel] | None,
        limits: Limits,
        table_limits: TableLimits,
        file_limits: CardFileLimits,
    ):
        self.root = root
        self.source = source
        self.model = model
        self.limits = limits
        self.table_limits = table_limits
        self.file_limits = file_limits
        self.findings: list[Finding] = []
        self.files = 0
        self.cards = 0
        self.renumbered: dict[int, dict[int, int]] = {}  # deck → written index of an inline card → its index now
        self.placed = _Cards([], {}, {}, set())  # positions of cards read from files, by full path
        self.columns: dict[tuple, list[TableColumn]] = {}  # the table columns of each deck's cards
        self.languages: tuple[str, ...] = LANGUAGE_PARTS  # the column suffixes that name a language

    def deck_cards(self, d: int, entries: list[Any], single: bool) -> list[Any]:
        base = ("decks", d, "cards")
        cards: list[Any] = []
        moves = self.renumbered.setdefault(d, {})
        for i, entry in enumerate(entries):
            where = base if single else base + (i,)
            if not is_file_entry(entry):
                moves[i] = len(cards)
                cards.append(entry)
                continue
            read = self.read_entry(entry, where)
            if read is None:
                continue
            offset = len(cards)
            cards.extend(read.cards)
            for mine, theirs in ((read.values, self.placed.values), (read.keys, self.placed.keys)):
                for path, location in mine.items():
                    theirs[base + (path[0] + offset,) + path[1:]] = location
            self.placed.quoted.update(base + (path[0] + offset,) + path[1:] for path in read.quoted)
            fields = tuple(name for name in self.model.model_fields if name != "fill") if self.model else ()
            self.columns.setdefault(base, []).extend(
                TableColumn(name, header, target, offset, offset + len(read.cards), fields)
                for name, header, target in read.columns
            )
        return cards

    def read_entry(self, entry: Any, where: tuple) -> _Cards | None:

        name, sheet = entry, None
        at = self.source.locate(where)
        if isinstance(entry, dict):
            for key in entry:
                if key not in FILE_ENTRY_KEYS:
                    self.add(
                        "PK201",
                        f"unknown field {key!r} in a card file entry",
                        self.source.locate(where + (key,), key=True),
                        where + (key,),
                        "a card file entry holds `file:` and, for a workbook, `sheet:`",
                    )
                    return None
            name, sheet = entry["file"], entry.get("sheet")
            where = where + ("file",)
            at = self.source.locate(where)
        self.files += 1
        if self.files > self.file_limits.max_files:
            self.add(
                "PK541",
                f"the decks name more than {self.file_limits.max_files} card files",
                at,
                where,
                "join some of them",
            )
            return None
        path, problem = safe_kit_path(self.root, name, at, format_path(where))
        if problem is not None:
            self.findings.append(problem)
            return None
        assert path is not None and isinstance(name, str)
        suffix = path.suffix.lower()
        if suffix not in CARD_FILE_SUFFIXES:
            self.add(
                NOT_CARDS,
                f"{name!r} cannot hold cards",
                at,
                where,
                f"name a {', '.join(CARD_FILE_SUFFIXES)} file",
            )
            return None
        sheet_where = where[:-1] + ("sheet",)
        if sheet is not None and (suffix not in WORKBOOK_SUFFIXES or not isinstance(sheet, str)):
            self.add(
                "PK203",
                "`sheet:` names a sheet of a .xlsx or .ods workbook"
                if isinstance(sheet, str)
                else "a sheet name is text",
                self.source.locate(sheet_where),
                sheet_where,
                "leave `sheet:` out" if suffix not in WORKBOOK_SUFFIXES else "write the sheet's name",
            )
            return None
        display = display_path(path)
        if suffix in YAML_SUFFIXES:
            read = self.read_yaml(path, display)
        else:
            table, problems = read_table(
                path, display, sheet, self.table_limits, self.source.locate(sheet_where) if sheet else None
            )
            self.findings += problems
            if table is None:
                return None
            read, problems = table_cards(table, self.model, self.languages)
            self.findings += problems
        if read is None:
            return None
        self.cards += len(read.cards)
        if self.cards > self.file_limits.max_cards:
            self.add(
                "PK541",
                f"the card files hold more than {self.file_limits.max_cards:,} cards together",
                at,
                where,
                "print fewer cards, or split the kit",
            )
            return None
        return read

    def read_yaml(self, path: Path, display: str) -> _Cards | None:
        part, problems = load_file(path, display, self.limits)
        self.findings += problems
        if part is None:
            return None
        self.limits = self.limits.left_after(part)  # the kit's files share one budget of values
        read, reason = yaml_cards(part)
        if read is None:
            self.findings.append(codes.make("PK109", reason, part.locate(())))
            return None
        for i, item in enumerate(read.cards):
            if is_file_entry(item):
                self.findings.append(
                    codes.make(
                        NOT_CARDS,
                        "a card file lists cards, not other files",
                        read.values.get((i,), part.locate(())),
                        hint="name every file in the deck's `cards:`",
                    )
                )
                return None
        return read

    def add(self, code: str, message: str, location: Location, path: tuple, hint: str) -> None:
        self.findings.append(codes.make(code, message, location, format_path(path), hint))

    def move_positions(self) -> None:
        """Inline cards of a deck that also names files have moved: their positions move with them.
        A file entry's own positions go (its cards have theirs), and the cards from files get theirs."""
        moves = self.renumbered
        if moves:
            for positions in (self.source.values, self.source.keys):
                moved: dict[tuple, Location] = {}
                for path, location in positions.items():
                    target = _moved(path, moves)
                    if target is not None:
                        moved[target] = location
                positions.clear()
                positions.update(moved)
            self.source.quoted = {target for path in self.source.quoted if (target := _moved(path, moves)) is not None}
        self.source.values.update(self.placed.values)
        self.source.keys.update(self.placed.keys)
        self.source.quoted.update(self.placed.quoted)
        self.source.columns.update(self.columns)


def _moved(path: tuple, moves: dict[int, dict[int, int]]) -> tuple | None:
    """Where a position is now: the same path, the path of the inline card at its new place, or None
    when it was a file entry's (those cards have positions of their own)."""
    if (
        len(path) < 4
        or path[0] != "decks"
        or path[2] != "cards"
        or path[1] not in moves
        or not isinstance(path[3], int)
    ):
        return path
    index = moves[path[1]].get(path[3])
    return None if index is None else ("decks", path[1], "cards", index) + path[4:]


__all__ = [
    "CARD_FILE_SUFFIXES",
    "CardFileLimits",
    "card_model",
    "column_target",
    "expand_card_files",
    "is_file_entry",
    "table_cards",
]
