"""JSON Schemas for editors: completion, hover docs and checks as a designer types, in VS Code or any editor
with a YAML language server.

A kit is written in several files, and each gets its own schema:

- `kit.schema.json` for `kit.yaml`: the whole kit of one game (`game:` chooses which). kit.yaml must hold
  `id` and `game`; the other fields a kit needs (`title`, `players`, `languages`, and the game's own)
  only when it includes no other file, since they may be written there;
- `part.schema.json` for every file `include:` names: the same top-level fields, none of them required,
  less the three only kit.yaml may hold (`id`, `game`, `include`), as the loader merges them
  (validator.kit). A file of a deck's cards (`cards: goods.yaml`) is neither: its schema is
  `part.schema.json#/$defs/CardFile`.

Everything comes from the rule models, generated in "validation" mode: a value is described as it is
written, not as what it becomes (`"63mm"` is text with a unit, not millimetres; a card size may be
`poker`), see `written_as` in validator.types. A field's description is its attribute docstring (read here,
when a schema is made, so that loading a kit never pays for it), else its `Field(description=...)`, else
its type's.

>>> kit = kit_schema("generic")
>>> sorted(kit["required"]), sorted(kit["else"]["required"])
(['game', 'id'], ['languages', 'players', 'title'])
>>> "required" in part_schema("generic"), "id" in part_schema("generic")["properties"]
(False, False)
"""

from __future__ import annotations

import ast
import inspect
import json
import sys
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue, models_json_schema
from pydantic_core import core_schema

from .cardfiles import CARD_FILE_SUFFIXES, card_model
from .components.cards import Deck
from .games import SPECS, kit_model
from .types import KIT_FILE_MARK

DRAFT = "https://json-schema.org/draft/2020-12/schema"
KIT_SCHEMA_FILE = "kit.schema.json"
PART_SCHEMA_FILE = "part.schema.json"
KIT_ONLY = ("id", "game", "include")
"""Top-level fields only kit.yaml may hold: the loader refuses them in an included file (PK110)."""
CARD_FILE = "CardFile"
"""The `$defs` entry of the part schema that describes a YAML file of a deck's cards."""
UNIT = "mm"
"""The unit a length's default is written in: the models keep lengths in millimetres."""


def kit_schema(game: str | None = None) -> dict[str, Any]:
    """The JSON Schema of `kit.yaml`: one game's, or (no game) any game's, chosen by its `game:`."""
    games = _games(game)
    defs, refs = _definitions(games)
    for tag in games:
        _kit_file_requires(defs[refs[tag].removeprefix("#/$defs/")])
    if game is not None:
        root = defs.pop(refs[game].removeprefix("#/$defs/"))
        root["title"] = f"pnpkit kit.yaml ({game})"
        return _document(root, defs)
    root = {
        "title": "pnpkit kit.yaml",
        "description": "A pnpkit kit: its `game:` chooses the rule model the rest of the file follows.",
        **_choose_by("game", {tag: refs[tag] for tag in games}, "The game this kit is for: its rule model."),
    }
    return _document(root, defs)


def part_schema(game: str | None = None) -> dict[str, Any]:
    """The JSON Schema of a component file that kit.yaml includes: one game's top-level fields, or any game's.

    Nothing is required (another file may hold it) and `id`, `game` and `include` belong to kit.yaml alone.
    `$defs/CardFile` describes a file of a deck's cards instead.
    """
    games = _games(game)
    defs, refs = _definitions(games)
    properties: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for tag in games:
        kit = defs.pop(refs[tag].removeprefix("#/$defs/"))
        for name, prop in kit["properties"].items():
            if name not in KIT_ONLY:
                properties.setdefault(name, []).append((tag, prop))
    which = f"a {game} kit" if game is not None else "a kit of any game"
    root = {
        "title": f"pnpkit component file ({game or 'any game'})",
        "description": f"A file that kit.yaml includes, in {which}: top-level fields of the kit, none of them"
        " required; `id`, `game` and `include` belong in kit.yaml.",
        "type": "object",
        "properties": {name: _one_of_games(forms) for name, forms in properties.items()},
        "additionalProperties": False,
    }
    cards = list(dict.fromkeys(refs[f"{tag} card"] for tag in games if f"{tag} card" in refs))
    defs[CARD_FILE] = _card_file(cards)
    return _document(root, defs)


def write_schemas(directory: Path, game: str | None = None) -> list[Path]:
    """Write `kit.schema.json` and `part.schema.json` (of one game, or any game) into `directory`; return their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in ((KIT_SCHEMA_FILE, kit_schema(game)), (PART_SCHEMA_FILE, part_schema(game))):
        path = directory / name
        path.write_text(dumps(schema), encoding="utf-8", newline="\n")
        written.append(path)
    return written


def dumps(schema: dict[str, Any]) -> str:
    """A schema as the bytes pnpkit writes: indented, UTF-8 as it is, with a final newline; the same every run."""
    return json.dumps(schema, ensure_ascii=False, indent=2) + "\n"


# ---------------------------------------------------------------- generating


def _games(game: str | None) -> tuple[str, ...]:
    if game is None:
        return tuple(SPECS)
    if game not in SPECS:
        raise ValueError(f"unknown game {game!r}; use one of {', '.join(sorted(SPECS))}")
    return (game,)


def _definitions(games: tuple[str, ...]) -> tuple[dict[str, Any], dict[str, str]]:
    """The `$defs` of every kit model of `games` and of their deck cards, and a `$ref` to each: `refs[tag]`
    is the kit's, `refs[f"{tag} card"]` the card's (games whose decks hold cards)."""
    keys: list[tuple[str, type[BaseModel]]] = []
    for tag in games:
        model = kit_model(tag)
        keys.append((tag, model))
        card = card_model(model)
        if card is not None:
            keys.append((f"{tag} card", card))
    models = list(dict.fromkeys(model for _key, model in keys))
    mapping, top = models_json_schema([(model, "validation") for model in models], schema_generator=EditorJsonSchema)
    refs = {key: mapping[(model, "validation")]["$ref"] for key, model in keys}
    return dict(sorted(top.get("$defs", {}).items())), refs


def _document(root: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    document = {"$schema": DRAFT, **root, "$defs": defs}
    _strip_markers(document)
    return document


def _choose_by(name: str, refs: dict[str, str], description: str) -> dict[str, Any]:
    """An object whose `name` field chooses the schema the rest of it follows: `refs` maps each value to one."""
    return {
        "type": "object",
        "properties": {name: {"enum": list(refs), "description": description}},
        "required": [name],
        "allOf": [
            {"if": {"properties": {name: {"const": value}}, "required": [name]}, "then": {"$ref": ref}}
            for value, ref in refs.items()
        ],
    }


def _kit_file_requires(kit: dict[str, Any]) -> None:
    """kit.yaml must hold `id` and `game` itself; the other fields a kit needs may come from the files it
    includes, so kit.yaml needs them only when it includes none."""
    needed = kit.get("required", [])
    kit["required"] = [name for name in needed if name in KIT_ONLY]
    others = [name for name in needed if name not in KIT_ONLY]
    if others:
        kit["if"] = {"properties": {"include": {"minItems": 1}}, "required": ["include"]}
        kit["else"] = {"required": others}


def _one_of_games(forms: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """One top-level field as the games that have it take it: one schema when they agree, else any of theirs."""
    distinct: dict[str, tuple[list[str], dict[str, Any]]] = {}
    for tag, prop in forms:
        distinct.setdefault(json.dumps(prop, sort_keys=True), ([], prop))[0].append(tag)
    if len(distinct) == 1:
        return forms[0][1]
    lines = [f"{', '.join(tags)}: {prop.get('description', '')}" for tags, prop in distinct.values()]
    return {"description": "\n\n".join(lines), "anyOf": [prop for _tags, prop in distinct.values()]}


def _card_file(cards: list[str]) -> dict[str, Any]:
    card: dict[str, Any] = {"$ref": cards[0]} if len(cards) == 1 else {"anyOf": [{"$ref": ref} for ref in cards]}
    listed = {"type": "array", "items": card}
    return {
        "title": "pnpkit card file",
        "description": "A YAML file of a deck's cards, named in the deck's `cards:` (not in `include:`): a list of"
        " cards, or `cards:` holding one.",
        "anyOf": [
            {**listed, "description": "The deck's cards, in order."},
            {
                "type": "object",
                "properties": {"cards": {**listed, "description": "The deck's cards, in order."}},
                "required": ["cards"],
                "additionalProperties": False,
            },
        ],
    }


def _cards_as_written(schema: dict[str, Any]) -> None:
    """A deck's `cards:` as it is written: the loader reads card files in before validation, so
    `cards:` may be one file (`cards.csv`, or `{file: cards.xlsx, sheet: …}`) or a list of cards and files
    (validator.cardfiles). Like the loader (`is_file_entry`), the schema tells a file from a card by its
    shape, with if/then, so a mistake in a card is reported against the card."""
    cards = schema.get("properties", {}).get("cards")
    if not isinstance(cards, dict) or cards.get("type") != "array":
        return
    suffixes = "|".join(
        "".join(f"[{ch}{ch.upper()}]" if ch.isalpha() else ch for ch in suffix.lstrip("."))
        for suffix in CARD_FILE_SUFFIXES
    )
    file_name = {
        "type": "string",
        "pattern": rf"\.(?:{suffixes})$",
        "description": "A file of cards in the kit: .csv, .xlsx, .ods or .yaml, e.g. 'cards.csv'.",
    }
    file_entry = {
        "type": "object",
        "description": "A file of cards: {file: cards.xlsx, sheet: Cards}; without `sheet:`, a workbook's first sheet.",
        "properties": {"file": file_name, "sheet": {"type": "string", "description": "A workbook's sheet."}},
        "required": ["file"],
        "additionalProperties": False,
    }
    card = cards.get("items", {})
    cards["items"] = {
        "if": {"type": "string"},
        "then": file_name,
        "else": {"if": {"type": "object", "required": ["file"]}, "then": file_entry, "else": card},
    }
    schema["properties"]["cards"] = {
        "description": cards.get("description", ""),
        "if": {"type": "string"},
        "then": file_name,
        "else": {"if": {"type": "object"}, "then": file_entry, "else": cards},
    }


def _strip_markers(node: Any) -> None:
    """Drop the loader's own marks (`kit_file: true` on KitFile) that mean nothing to an editor."""
    if isinstance(node, dict):
        for key, value in KIT_FILE_MARK.items():
            if node.get(key) == value and node.get("type") == "string":
                del node[key]
        for value in node.values():
            _strip_markers(value)
    elif isinstance(node, list):
        for value in node:
            _strip_markers(value)


class EditorJsonSchema(GenerateJsonSchema):
    """Pydantic's JSON Schema, made for editors: descriptions from attribute docstrings, no titles made up
    from field names, and defaults written as a designer writes them (a length's default as '3mm')."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False

    def default_schema(self, schema: core_schema.WithDefaultSchema) -> JsonSchemaValue:
        json_schema = super().default_schema(schema)
        default = json_schema.get("default")
        written_with_unit = json_schema.get("type") == "string" and UNIT in json_schema.get("pattern", "")
        if written_with_unit and isinstance(default, (int, float)) and not isinstance(default, bool):
            json_schema["default"] = f"{default:g}{UNIT}"  # a length the model keeps in mm, as a designer writes it
        return json_schema

    def tagged_union_schema(self, schema: core_schema.TaggedUnionSchema) -> JsonSchemaValue:
        json_schema = super().tagged_union_schema(schema)
        tag = json_schema.get("discriminator")
        if not isinstance(tag, dict) or not isinstance(tag.get("mapping"), dict):
            return json_schema
        # `kind:` chooses the model: say so with if/then, so a mistake is reported against that model, not as
        # "one of thirteen" (`discriminator` is OpenAPI's word; JSON Schema validators pass over it)
        name, mapping = tag["propertyName"], tag["mapping"]
        return _choose_by(name, mapping, f"Which kind this is: {', '.join(mapping)}.")

    def dict_schema(self, schema: core_schema.DictSchema) -> JsonSchemaValue:
        json_schema = super().dict_schema(schema)
        patterns = json_schema.get("patternProperties")
        if isinstance(patterns, dict) and len(patterns) == 1 and "additionalProperties" not in json_schema:
            # pydantic writes a key pattern as patternProperties, which lets any other key through
            (pattern, values), *_ = patterns.items()
            del json_schema["patternProperties"]
            json_schema["propertyNames"] = {**json_schema.get("propertyNames", {}), "pattern": pattern}
            json_schema["additionalProperties"] = values
        return json_schema

    def model_schema(self, schema: core_schema.ModelSchema) -> JsonSchemaValue:
        json_schema = super().model_schema(schema)
        own, inherited = attribute_docstrings(schema["cls"])
        for name, prop in json_schema.get("properties", {}).items():
            if name in own:
                prop["description"] = own[name]
            elif not prop.get("description") and name in inherited:
                prop["description"] = inherited[name]  # a field a subclass narrows means what it meant
        if issubclass(schema["cls"], Deck):
            _cards_as_written(json_schema)
        return json_schema


_DOCSTRINGS: dict[type, list[tuple[str, str | None]]] = {}
"""Each class's fields and the docstrings under them, read from its source once."""


def attribute_docstrings(cls: type) -> tuple[dict[str, str], dict[str, str]]:
    """The docstrings written under the fields of `cls`: those where each field is last defined (in `cls` or
    the base nearest it), and those of any base, for fields redefined without one.

    >>> from pnpkit.validator.components.kit import Players
    >>> attribute_docstrings(Players)[0]["min"]
    'The fewest players the game is for.'
    """
    own: dict[str, str | None] = {}
    inherited: dict[str, str] = {}
    for klass in cls.__mro__:  # nearest first
        if klass not in _DOCSTRINGS:
            _DOCSTRINGS[klass] = _class_docstrings(klass)
        for name, doc in _DOCSTRINGS[klass]:
            own.setdefault(name, doc)
            if doc is not None:
                inherited.setdefault(name, doc)
    return {name: doc for name, doc in own.items() if doc is not None}, inherited


_CLASSES: dict[str, dict[str, ast.ClassDef]] = {}
"""Each module's class definitions by qualified name, its source parsed once (`inspect.getsource` of a class
parses the whole module again for every class)."""


def _class_definition(klass: type) -> ast.ClassDef | None:
    if klass.__module__ not in _CLASSES:
        found: dict[str, ast.ClassDef] = {}
        try:
            tree = ast.parse(inspect.getsource(sys.modules[klass.__module__]))
        except (KeyError, OSError, TypeError, SyntaxError):
            tree = ast.Module(body=[], type_ignores=[])
        pending: list[tuple[str, list[ast.stmt]]] = [("", tree.body)]
        while pending:
            prefix, body = pending.pop()
            for node in body:
                if isinstance(node, ast.ClassDef):
                    found[prefix + node.name] = node
                    pending.append((f"{prefix}{node.name}.", node.body))
        _CLASSES[klass.__module__] = found
    return _CLASSES[klass.__module__].get(klass.__qualname__)


def _class_docstrings(klass: type) -> list[tuple[str, str | None]]:
    if klass is object or not klass.__module__.startswith(__name__.rsplit(".", 1)[0]):
        return []
    definition = _class_definition(klass)
    body = definition.body if definition is not None else []
    out: list[tuple[str, str | None]] = []
    for i, node in enumerate(body):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            after = body[i + 1] if i + 1 < len(body) else None
            doc = (
                _one_line(after.value.value)
                if isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
                else None
            )
            out.append((node.target.id, doc))
    return out


def _one_line(docstring: str) -> str:
    """A docstring as a description: its lines joined, its paragraphs kept apart."""
    return "\n\n".join(" ".join(paragraph.split()) for paragraph in inspect.cleandoc(docstring).split("\n\n"))
