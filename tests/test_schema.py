"""`pnpkit schema`: the JSON Schemas editors check kit files with (validator/editor_schema.py).

Every YAML file of every kit in the repository validates against the schema an editor would give it
(kit.yaml against the kit schema, an included file against the part schema, a deck's card file against
`part.schema.json#/$defs/CardFile`), each of its own game and of any game. Edits the loader refuses,
the schemas refuse; edits it accepts, they accept.
"""

from __future__ import annotations

import json
import shutil
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from conftest import KITS, REPO, cli, finish, make_bad_kit, start_cli
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match

from pnpkit.validator.cardfiles import YAML_SUFFIXES, is_file_entry
from pnpkit.validator.editor_schema import (
    CARD_FILE,
    DRAFT,
    KIT_ONLY,
    KIT_SCHEMA_FILE,
    PART_SCHEMA_FILE,
    kit_schema,
    part_schema,
    write_schemas,
)
from pnpkit.validator.games import SPECS
from pnpkit.validator.kit import KIT_FILE, load_kit
from pnpkit.validator.source import load_file

ROOTS = ("content", "examples", "tests/fixtures")
"""Where kit files live: every YAML file below them is checked, or left out by `NOT_KIT_FILES`."""
NOT_KIT_FILES = {
    "tests/fixtures/wizards-element-collection/bad-hands.yaml",
    "tests/fixtures/wizards-element-collection/hands.yaml",
    "tests/fixtures/wizards-element-collection/scores.yaml",
    "tests/fixtures/wizards-element-collection/too-many.yaml",
}
"""Players' hands for `pnpkit score` and their expected scores: data about a game, not a kit's files. The rule that
leaves them out: they sit in a directory without a kit.yaml (checked below), so no kit includes or names them."""
GAMES = (None, *SPECS)
"""Each schema is made for any game (None) and for each game."""


# ---------------------------------------------------------------- schemas and the kit files they are for


@cache
def schema(kind: str, game: str | None) -> dict[str, Any]:
    return kit_schema(game) if kind == "kit" else part_schema(game)


@cache
def validator(kind: str, game: str | None) -> Draft202012Validator:
    """A validator for kit.yaml ("kit"), a component file ("part") or a deck's card file ("cards")."""
    if kind == "cards":
        part = schema("part", game)
        return Draft202012Validator({"$schema": DRAFT, "$ref": f"#/$defs/{CARD_FILE}", "$defs": part["$defs"]})
    return Draft202012Validator(schema(kind, game))


def errors(kind: str, game: str | None, data: Any) -> list[ValidationError]:
    return list(validator(kind, game).iter_errors(data))


def read(path: Path) -> Any:
    """A YAML file as the loader reads it (YAML 1.2 core schema: `no` is text, `2024-11-05` is text)."""
    source, problems = load_file(path, str(path))
    assert source is not None and not problems, [f.text() for f in problems]
    return source.data


def kit_files() -> list[tuple[str, str, str]]:
    """(file relative to the repository, its kind, its kit's game) for every file of every kit under ROOTS."""
    found = []
    for kit_yaml in sorted(p for root in ROOTS for p in (REPO / root).rglob(KIT_FILE)):
        if PLUG_IN in kit_yaml.parents:  # its game comes from a package test_game_package installs in its own venv
            continue
        kit = read(kit_yaml)
        game = kit["game"]
        found.append((kit_yaml, "kit", game))
        merged = dict(kit)
        for name in kit.get("include", []):
            part = kit_yaml.parent / name
            found.append((part, "part", game))
            merged |= read(part)
        for deck in merged.get("decks", []):
            entries = deck.get("cards")
            for entry in entries if isinstance(entries, list) else [entries]:
                name = entry if isinstance(entry, str) else entry.get("file") if is_file_entry(entry) else None
                if isinstance(name, str) and name.lower().endswith(YAML_SUFFIXES):
                    found.append((kit_yaml.parent / name, "cards", game))
    return [(str(path.relative_to(REPO)), kind, game) for path, kind, game in found]


PLUG_IN = REPO / "examples" / "game-package"
KIT_FILES = kit_files()


def test_every_yaml_file_is_checked_or_left_out_by_a_rule():
    """A YAML file in a kit directory is kit.yaml, a file it includes, or a deck's card file; the only others are in
    directories without a kit.yaml. A new file no kit reaches makes this fail rather than go unchecked."""
    every = {
        str(p.relative_to(REPO))
        for root in ROOTS
        for suffix in YAML_SUFFIXES
        for p in (REPO / root).rglob(f"*{suffix}")
    }
    checked = {file for file, _kind, _game in KIT_FILES}
    every = {file for file in every if PLUG_IN not in (REPO / file).parents}
    assert every - checked == NOT_KIT_FILES
    assert all(not (REPO / file).parent.joinpath(KIT_FILE).exists() for file in NOT_KIT_FILES)
    assert {kind for _file, kind, _game in KIT_FILES} == {"kit", "part", "cards"}
    assert (
        len([1 for _file, kind, _game in KIT_FILES if kind == "kit"]) == 23
    )  # content 5, the seven examples (game-package apart), the two generic fixtures, as-written 5, the corpus 4
    assert set(KITS) <= {Path(file).parent.name for file, kind, _game in KIT_FILES if kind == "kit"}


@pytest.mark.parametrize("file,kind,game", KIT_FILES, ids=[file for file, _kind, _game in KIT_FILES])
def test_every_kit_file_validates_against_its_schemas(file, kind, game):
    """Against its own game's schema and against the any-game schema an editor uses when it is not told the game."""
    data = read(REPO / file)
    for which in (game, None):
        problems = errors(kind, which, data)
        assert not problems, f"{file} against the {kind} schema of {which or 'any game'}: " + "; ".join(
            f"{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}" for e in problems[:5]
        )


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", ("kit", "part"))
def test_the_schemas_are_json_schema_2020_12(kind, game):
    made = schema(kind, game)
    assert made["$schema"] == DRAFT == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(made)
    if kind == "part":
        assert "required" not in made and made["additionalProperties"] is False
        assert not set(KIT_ONLY) & set(made["properties"])
        assert CARD_FILE in made["$defs"]


def _properties(node: Any, where: str = "") -> list[tuple[str, Any]]:
    """Every (place, schema) under a `properties` keyword in a schema, but for those in an `if`: a condition
    (`if: {properties: {kind: {const: row}}}`) names a field that is described where it is defined."""
    found = []
    if isinstance(node, dict):
        for name, prop in (node.get("properties") or {}).items():
            found.append((f"{where}.{name}", prop))
        for key, value in node.items():
            if key != "if":
                found += _properties(value, f"{where}/{key}" if key != "properties" else where)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _properties(value, f"{where}[{i}]")
    return found


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", ("kit", "part"))
def test_every_property_has_a_description(kind, game):
    """What an editor shows on hover: every field of every model says what it is for."""
    found = _properties(schema(kind, game))
    assert len(found) > (300 if game is None else 50)
    missing = sorted({place for place, prop in found if not (isinstance(prop, dict) and prop.get("description"))})
    assert missing == []


@pytest.mark.parametrize("game", GAMES)
def test_every_default_is_valid_where_it_stands(game):
    """An editor offers a default as a value to insert: a length's default must read '3mm', not 3.0."""
    made = schema("kit", game)
    checked = 0

    def visit(node: Any) -> None:
        nonlocal checked
        if isinstance(node, dict):
            if "default" in node and isinstance(node.get("type"), str):
                rest = {key: value for key, value in node.items() if key != "default"}
                check = Draft202012Validator({**rest, "$defs": made["$defs"]})
                assert check.is_valid(node["default"]), node
                checked += 1
            for key, value in node.items():
                if key != "default":
                    visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    visit(made)
    assert checked > 20


# ---------------------------------------------------------------- the schemas and the loader agree


def _kit_with(tmp_path: Path, file: str, old: str, new: str) -> Path:
    return make_bad_kit(tmp_path, [(file, old, new)], "edited", "moonlit-tricks")


AGREEMENT = [
    # (what, file, old, new, accepted by the loader and by the schemas)
    ("a length in mm", "tokens.yaml", "diameter: 16mm", "diameter: 4mm", True),
    ("a length in inches", "tokens.yaml", "diameter: 16mm", "diameter: ' 0.75 in '", True),
    ("a length in parsecs", "tokens.yaml", "diameter: 16mm", "diameter: 4 parsecs", False),
    ("a length without a unit", "tokens.yaml", "diameter: 16mm", "diameter: 16", False),
    ("a length of nothing", "tokens.yaml", "diameter: 16mm", "diameter: 0mm", False),
    (
        "a named card size",
        "decks.yaml",
        "    template: suit-card\n",
        "    template: suit-card\n    size: poker\n",
        True,
    ),
    (
        "a card size as width and height",
        "decks.yaml",
        "    template: suit-card\n",
        "    template: suit-card\n    size: {width: 2.5in, height: 3.5in}\n",
        True,
    ),
    (
        "an unknown card size",
        "decks.yaml",
        "    template: suit-card\n",
        "    template: suit-card\n    size: huge\n",
        False,
    ),
    ("a region's size as a share", "sheets.yaml", "          size: 9mm\n", "          size: 1.5\n", True),
    ("a region's size of no share", "sheets.yaml", "          size: 9mm\n", "          size: 0\n", False),
    ("a colour by name", "tokens.yaml", 'colour: "#c0392b"', "colour: Red", True),
    ("a colour of five digits", "tokens.yaml", 'colour: "#c0392b"', 'colour: "#c0392"', False),
    ("a typo in a card", "decks.yaml", "      - id: sun-2\n", "      - id: sun-2\n        cout: 2\n", False),
    ("a card from a table", "decks.yaml", "    cards:\n", "    cards:\n      - {file: more.csv}\n", True),
    ("a kit id in a component file", "tokens.yaml", "tokens:\n", "id: tokens\ntokens:\n", False),
    ("a typo in kit.yaml", "kit.yaml", "\ntitle:", "\ntitel:", False),
    ("a version that is a number", "kit.yaml", 'version: "0.3"', "version: 0.3", False),
]


@pytest.mark.parametrize("what,file,old,new,accepted", AGREEMENT, ids=[case[0] for case in AGREEMENT])
def test_the_schemas_accept_what_the_loader_accepts(tmp_path, what, file, old, new, accepted):
    """The loader's verdict (does the kit get past its model?) and the schemas' verdict on the edited file agree."""
    kit = _kit_with(tmp_path, file, old, new)
    (kit / "more.csv").write_text("id,title.ja,title.en\nextra,追加,Extra\n", encoding="utf-8")
    loaded = load_kit(kit)
    assert (loaded.kit is not None) is accepted, [f.text() for f in loaded.report.findings]
    kind = "kit" if file == "kit.yaml" else "part"
    data = read(kit / file)
    for game in ("generic", None):
        assert (not errors(kind, game, data)) is accepted, (what, game)


def _every_error(problems: list[ValidationError]) -> list[ValidationError]:
    out = []
    for problem in problems:
        out.append(problem)
        out += _every_error(list(problem.context or []))
    return out


@pytest.mark.parametrize(
    "file,kind,edit,word",
    [
        ("kit.yaml", "kit", lambda data: data.update(titel=data.pop("title")), "titel"),
        ("decks.yaml", "part", lambda data: data["decks"][0]["cards"][1].update(cout=2), "cout"),
        ("sheets.yaml", "part", lambda data: data["sheets"][0]["layout"].update(gapp="3mm"), "gapp"),
        ("templates.yaml", "part", lambda data: data["card_templates"]["templates"][0].update(regons=[]), "regons"),
    ],
)
def test_a_typo_is_named_by_the_schema_alone(file, kind, edit, word):
    """An editor shows what is wrong: with the game known, the best error names the misspelt field; with any game,
    the schema still refuses the file and one of its errors names it."""
    data = read(KITS["moonlit-tricks"] / file)
    assert not errors(kind, "generic", data)
    edit(data)
    best = best_match(validator(kind, "generic").iter_errors(data))
    assert best is not None and f"'{word}' was unexpected" in best.message
    anywhere = errors(kind, None, data)
    assert anywhere and any(f"'{word}' was unexpected" in e.message for e in _every_error(anywhere))


def test_a_component_file_needs_nothing_and_kit_yaml_only_its_own_fields():
    """kit.yaml must say its id and game; the rest may come from the files it includes, so it needs the other
    fields only when it includes none. A component file needs nothing."""
    for game in ("generic", None):
        assert not errors("part", game, {})
        assert not errors("part", game, {"title": {"en": "A title"}})
        assert errors("part", game, {"game": "generic"})
        kit = {"id": "tiny", "game": "generic", "include": ["rest.yaml"]}
        assert not errors("kit", game, kit)
        missing = {e.message for e in errors("kit", game, {**kit, "include": []})}
        assert {f"'{name}' is a required property" for name in ("title", "players", "languages")} <= missing
        assert errors("kit", game, {"game": "generic", "include": ["rest.yaml"]})  # no id


def test_a_card_file_is_cards():
    card_file = validator("cards", None)
    assert card_file.is_valid([{"id": "a", "title": {"en": "A"}}])
    assert card_file.is_valid({"cards": [{"title": {"en": "A"}, "count": 2}]})
    assert not card_file.is_valid({"cards": [{"titel": {"en": "A"}}]})
    assert not card_file.is_valid({"decks": []})


# ---------------------------------------------------------------- the command


def test_pnpkit_schema_prints_the_kit_schema_the_same_every_time():
    """Printed twice by fresh interpreters with different hash seeds: the same bytes, 2020-12, the any-game kit schema."""
    started = [start_cli("schema", env={"PYTHONHASHSEED": seed}) for seed in ("1", "2")]  # side by side
    first, second = (finish(process) for process in started)
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    assert first.stdout == second.stdout and first.stdout.endswith("}\n")
    printed = json.loads(first.stdout)
    assert printed["$schema"] == DRAFT
    assert printed == json.loads(json.dumps(kit_schema()))
    assert "63 × 88 mm" in first.stdout and "\\u00d7" not in first.stdout  # UTF-8 as it is, not \u escapes
    part = cli("schema", "--game", "generic", "--part")
    assert part.returncode == 0 and json.loads(part.stdout) == json.loads(json.dumps(part_schema("generic")))


def test_pnpkit_schema_writes_both_files(tmp_path):
    target = tmp_path / "new" / "schemas"
    result = cli("schema", "--game", "generic", "-o", target)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in target.iterdir()) == [KIT_SCHEMA_FILE, PART_SCHEMA_FILE]
    assert result.stdout.splitlines() == [f"wrote {target / KIT_SCHEMA_FILE}", f"wrote {target / PART_SCHEMA_FILE}"]
    kit = (target / KIT_SCHEMA_FILE).read_bytes()
    assert json.loads(kit) == json.loads(json.dumps(kit_schema("generic"))) and kit.endswith(b"}\n")
    assert json.loads((target / PART_SCHEMA_FILE).read_bytes())["title"].startswith("pnpkit component file")
    again = tmp_path / "again"
    assert write_schemas(again, "generic") == [again / KIT_SCHEMA_FILE, again / PART_SCHEMA_FILE]
    assert (again / KIT_SCHEMA_FILE).read_bytes() == kit
    assert (again / PART_SCHEMA_FILE).read_bytes() == (target / PART_SCHEMA_FILE).read_bytes()


def test_pnpkit_schema_refuses_an_unknown_game(tmp_path):
    result = cli("schema", "--game", "chess")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [f"pnpkit: error: unknown game 'chess'; use one of {', '.join(sorted(SPECS))}"]
    assert cli("schema", "--game", "chess", "-o", tmp_path / "out").returncode == 2
    assert not (tmp_path / "out").exists()
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        kit_schema("chess")


def test_the_written_schemas_check_a_new_kit_directory(tmp_path):
    """What `pnpkit new` will do: write the schemas beside a kit, and an editor checks its files with them."""
    kit = tmp_path / "kit"
    shutil.copytree(KITS["moonlit-tricks"], kit)
    written = write_schemas(kit / ".schemas")
    kit_check = Draft202012Validator(json.loads(written[0].read_text(encoding="utf-8")))
    part_check = Draft202012Validator(json.loads(written[1].read_text(encoding="utf-8")))
    assert kit_check.is_valid(read(kit / KIT_FILE))
    assert all(part_check.is_valid(read(kit / name)) for name in read(kit / KIT_FILE)["include"])
    assert not part_check.is_valid(read(kit / KIT_FILE))  # kit.yaml is not a component file
