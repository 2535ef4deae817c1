"""`pnpkit new DIR`: a bilingual generic kit that validates clean and builds at once, in any language set;
refusals that leave the disk as it was; the same bytes every time; YAML that matches the editor schemas."""

from __future__ import annotations

import errno
import fnmatch
import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml
from conftest import REPO, cli, files_under, run_cli

SCAFFOLD = REPO / "generator" / "assets" / "scaffold"
LANGS = ("ja", "en")
PART_FILES = ("parameters.yaml", "templates.yaml", "decks.yaml", "sheets.yaml", "tokens.yaml", "rules.yaml")


def new(target: Path, *args: str) -> subprocess.CompletedProcess:
    return cli("new", target, *args)


def assert_clean(kit: Path) -> None:
    """`pnpkit validate KIT`: exit 0 and no finding at all, not even a warning."""
    result = cli("validate", kit)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == "1 kit(s) OK\n", result.stdout
    assert result.stderr == ""


def relative_files(root: Path) -> dict[str, bytes]:
    return {path.relative_to(root).as_posix(): path.read_bytes() for path in files_under(root)}


def without(data, lang: str):
    """`data` as loaded YAML with every `{ja: …, en: …}` text losing its `lang` entry."""
    if isinstance(data, dict):
        drop = set(LANGS) <= set(data)
        return {key: without(value, lang) for key, value in data.items() if not (drop and key == lang)}
    if isinstance(data, list):
        return [without(item, lang) for item in data]
    return data


def keys_in(data) -> set:
    if isinstance(data, dict):
        return set(data) | set().union(*(keys_in(value) for value in data.values()))
    if isinstance(data, list):
        return set().union(*(keys_in(item) for item in data))
    return set()


# ---------------------------------------------------------------- a kit that works at once


def test_new_kit_validates_clean_and_builds_every_language(tmp_path):
    kit = tmp_path / "weather-walk"
    made = new(kit)
    assert made.returncode == 0, made.stderr
    assert made.stderr == ""
    steps = [line.strip() for line in made.stdout.splitlines()[-3:]]
    assert steps[0] == f"cd {kit}"
    assert steps[1].startswith("pnpkit build . -o output")
    assert steps[2].startswith("pnpkit watch . -o output")

    loaded = yaml.safe_load((kit / "kit.yaml").read_text(encoding="utf-8"))
    assert loaded["id"] == "weather-walk"
    assert loaded["game"] == "generic"
    assert loaded["title"] == {"ja": "Weather Walk", "en": "Weather Walk"}
    assert loaded["languages"] == ["ja", "en"]
    assert loaded["include"] == list(PART_FILES)
    assert_clean(kit)

    out = tmp_path / "out"
    built = cli("build", kit, "-o", out)
    assert built.returncode == 0, built.stdout + built.stderr
    assert built.stderr == ""
    from pypdf import PdfReader

    for lang in LANGS:
        edition = out / "weather-walk" / lang
        assert len(PdfReader(edition / "kit.pdf").pages) > 0
        for component in ("cards-weather.pdf", "sheet-diary.pdf", "tokens.pdf", "rules.pdf"):
            assert (edition / component).is_file(), component


def test_the_sample_is_a_deck_from_a_spreadsheet_with_a_sheet_tokens_and_rules(tmp_path):
    kit = tmp_path / "kit"
    assert new(kit).returncode == 0
    data = {name: yaml.safe_load((kit / name).read_text(encoding="utf-8")) for name in PART_FILES}
    (template,) = data["templates.yaml"]["card_templates"]["templates"]
    kinds = {region["name"]: region["kind"] for region in template["regions"]}
    assert kinds["title"] == "text" and kinds["icon"] == "text" and kinds["text"] == "text"
    assert kinds["steps"] == "number"
    (deck,) = data["decks.yaml"]["decks"]
    assert deck["cards"] == "cards.csv"
    table = (kit / "cards.csv").read_text(encoding="utf-8-sig").splitlines()
    header = table[0].split(",")
    assert header[:2] == ["id", "count"] and "title.ja" in header and "title.en" in header
    assert len(table) >= 4
    assert data["sheets.yaml"]["sheets"][0]["layout"]["items"]
    assert data["tokens.yaml"]["tokens"]["track"]["last"] > data["tokens.yaml"]["tokens"]["track"]["first"]
    assert len(data["rules.yaml"]["rules"]["sections"]) >= 3
    assert all(condition["tie_break"] for condition in data["rules.yaml"]["end_conditions"])


@pytest.mark.parametrize("lang", LANGS)
def test_one_language_kits_validate_clean_and_hold_only_that_language(tmp_path, lang):
    kit = tmp_path / f"only-{lang}"
    made = new(kit, "--lang", lang)
    assert made.returncode == 0, made.stderr
    assert_clean(kit)
    other = next(x for x in LANGS if x != lang)
    assert yaml.safe_load((kit / "kit.yaml").read_text(encoding="utf-8"))["languages"] == [lang]
    for name in ("kit.yaml", *PART_FILES):
        assert other not in keys_in(yaml.safe_load((kit / name).read_text(encoding="utf-8"))), name
    header = (kit / "cards.csv").read_text(encoding="utf-8-sig").splitlines()[0].split(",")
    assert f"title.{lang}" in header
    assert not [column for column in header if column.endswith(f".{other}")]
    built = cli("build", kit, "-o", tmp_path / "out", "--no-svg")
    assert built.returncode == 0, built.stdout + built.stderr
    assert sorted(p.name for p in (tmp_path / "out" / f"only-{lang}").iterdir() if p.is_dir()) == [lang]


@pytest.mark.parametrize("lang", LANGS)
def test_one_language_kits_keep_everything_but_the_other_language(tmp_path, lang):
    both, one = tmp_path / "both" / "kit", tmp_path / "one" / "kit"
    assert new(both).returncode == 0
    assert new(one, "--lang", lang).returncode == 0
    other = next(x for x in LANGS if x != lang)
    for name in ("kit.yaml", *PART_FILES):
        full = yaml.safe_load((both / name).read_text(encoding="utf-8"))
        if name == "kit.yaml":
            full["languages"] = [lang]
        assert yaml.safe_load((one / name).read_text(encoding="utf-8")) == without(full, other), name
    comments = [line for line in (both / "kit.yaml").read_text(encoding="utf-8").splitlines() if "#" in line]
    kept = (one / "kit.yaml").read_text(encoding="utf-8")
    assert all(line.split("#", 1)[1] in kept for line in comments)  # the teaching comments stay


def test_languages_in_the_order_given(tmp_path):
    kit = tmp_path / "kit"
    assert new(kit, "--lang", "en,ja").returncode == 0
    assert yaml.safe_load((kit / "kit.yaml").read_text(encoding="utf-8"))["languages"] == ["en", "ja"]
    assert_clean(kit)
    readme = (kit / "README.md").read_text(encoding="utf-8")
    assert readme.index("## Your kit") < readme.index("## このキットについて")


# ---------------------------------------------------------------- refusals and failures


def test_refuses_a_directory_that_is_not_empty(tmp_path):
    kit = tmp_path / "mine"
    kit.mkdir()
    (kit / "notes.txt").write_text("keep me\n", encoding="utf-8")
    result = new(kit)
    assert result.returncode == 2
    assert result.stdout == ""
    assert (
        result.stderr
        == f"pnpkit: error: {str(kit)!r} is not empty; pnpkit new writes only into a new or empty directory\n"
    )
    assert relative_files(kit) == {"notes.txt": b"keep me\n"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine"]


def test_refuses_to_write_over_a_file(tmp_path):
    target = tmp_path / "kit.yaml"
    target.write_text("id: mine\n", encoding="utf-8")
    result = new(target)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and repr(str(target)) in result.stderr
    assert target.read_text(encoding="utf-8") == "id: mine\n"
    assert [p.name for p in tmp_path.iterdir()] == ["kit.yaml"]


def test_writes_into_an_empty_directory_and_makes_missing_parents(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert new(empty).returncode == 0
    assert (empty / "kit.yaml").is_file() and (empty / ".vscode" / "settings.json").is_file()
    assert not [p for p in empty.iterdir() if "pnpkit-new" in p.name]
    deep = tmp_path / "a" / "b" / "deep"
    assert new(deep).returncode == 0
    assert_clean(deep)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "empty"]


@pytest.mark.parametrize("game", ["element-shift", "wizards-element-collection", "chess"])
def test_other_games_are_refused(tmp_path, game):
    kit = tmp_path / "kit"
    result = new(kit, "--game", game)
    assert result.returncode == 2
    assert result.stderr.startswith(f"pnpkit: error: --game {game!r}: ")
    assert "content/" in result.stderr and "generic" in result.stderr
    assert result.stderr.count("\n") == 1
    assert not kit.exists()
    assert new(kit, "--game", "generic").returncode == 0


@pytest.mark.parametrize(
    ("lang", "why"),
    [
        ("ja,ja", "'ja' is given twice; name each language once"),
        ("en,EN", "'EN' is given twice; name each language once"),  # tags ignore case: one output folder
        ("ja,en,en", "'en' is given twice; name each language once"),
        ("", "'' is not a language tag"),
        ("ja,", "'' is not a language tag"),
        ("ja;en", "'ja;en' is not a language tag"),
        ("en,de_DE", "'de_DE' is not a language tag; write 'de-DE'"),
        ("en,ar", "'ar' is written right to left: right-to-left scripts are not supported yet"),
        ("en,fa-IR", "'fa-IR' is written right to left"),
    ],
)
def test_bad_languages_are_refused(tmp_path, lang, why):
    kit = tmp_path / "kit"
    result = new(kit, "--lang", lang)
    assert result.returncode == 2
    assert result.stderr.startswith(f"pnpkit: error: --lang {lang!r}: {why}"), result.stderr
    assert result.stderr.count("\n") == 1
    assert not kit.exists()


@pytest.mark.parametrize("where", ["new", "empty"])
def test_nothing_is_left_when_writing_fails(tmp_path, monkeypatch, where):
    from pnpkit.generator.commands import new as command

    def full_disk(directory: Path) -> None:
        (directory / "half.json").parent.mkdir(parents=True, exist_ok=True)
        (directory / "half.json").write_text("{", encoding="utf-8")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(command, "write_schemas", full_disk)
    kit = tmp_path / "parent" / "kit"
    if where == "empty":
        kit.mkdir(parents=True)
    result = new(kit)
    assert result.returncode == 2
    assert result.stderr == (
        f"pnpkit: error: cannot write {str(kit)!r}: No space left on device; nothing was written\n"
    )
    if where == "empty":
        assert kit.is_dir() and list(kit.iterdir()) == []
    else:
        assert list(tmp_path.iterdir()) == []  # the parent it made is gone too


# ---------------------------------------------------------------- the same bytes, names made safe


def test_two_scaffolds_of_one_name_are_byte_identical(tmp_path):
    """One in this process, one in a fresh interpreter with another hash seed."""
    first, second = tmp_path / "one" / "same-name", tmp_path / "two" / "same-name"
    assert new(first).returncode == 0
    seed = "4243" if os.environ.get("PYTHONHASHSEED") == "4242" else "4242"
    fresh = run_cli("new", second, env={"PYTHONHASHSEED": seed})
    assert fresh.returncode == 0, fresh.stderr
    files = relative_files(first)
    assert files == relative_files(second)
    assert {".pnpkit/kit.schema.json", ".pnpkit/part.schema.json", ".vscode/settings.json", "README.md"} <= set(files)


@pytest.mark.parametrize(
    ("name", "kit_id", "title"),
    [
        ("weather-walk", "weather-walk", "Weather Walk"),
        ("my_card_game2", "my-card-game2", "My Card Game2"),
        ("Starlit Bazaar", "starlit-bazaar", "Starlit Bazaar"),
        ("Café Ünïcode!", "cafe-unicode", "Café Ünïcode!"),
        ("星の市場", "my-kit", "星の市場"),
        ("ｆｕｌｌ ｗｉｄｔｈ", "full-width", "ｆｕｌｌ ｗｉｄｔｈ"),
        ("{players_max}*<red>\\", "players-max-red", "players_max red"),
        ("🎲🎲", "my-kit", "My Kit"),
    ],
)
def test_id_and_title_come_from_the_directory_name(name, kit_id, title):
    from pnpkit.generator.commands.new import kit_id_for, title_for

    assert kit_id_for(name) == kit_id
    assert title_for(name) == title


@pytest.mark.parametrize(
    ("name", "title"),
    [
        ('星の {市場} *"β"* 🎲', '星の 市場 "β"'),
        ("the-very-long-name-of-my-wonderful-card-game-with-more", "The Very Long Name Of My Wonderful"),
        ("とても長い名前のカードゲーム" * 3, "とても長い名前のカードゲームとても"),
    ],
)
def test_an_awkward_directory_name_still_gives_a_clean_kit(tmp_path, name, title):
    """Markup, placeholders and characters the font lacks are left out; a long title is cut where the sheet
    headings (`title — sheet name`, one line) still have room for it."""
    kit = tmp_path / name
    assert new(kit).returncode == 0
    assert_clean(kit)
    loaded = yaml.safe_load((kit / "kit.yaml").read_text(encoding="utf-8"))
    assert loaded["title"] == {"ja": title, "en": title}


# ---------------------------------------------------------------- editor support and the designer's README


def test_yaml_files_point_at_the_schemas_and_match_them(tmp_path):
    from jsonschema import Draft202012Validator

    kit = tmp_path / "kit"
    assert new(kit).returncode == 0
    schemas = {}
    for name in ("kit.schema.json", "part.schema.json"):
        schema = json.loads((kit / ".pnpkit" / name).read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(schema)
        schemas[name] = Draft202012Validator(schema)
    yaml_files = sorted(p.name for p in kit.glob("*.yaml"))
    assert yaml_files == sorted(("kit.yaml", *PART_FILES))
    for name in yaml_files:
        text = (kit / name).read_text(encoding="utf-8")
        schema = "kit.schema.json" if name == "kit.yaml" else "part.schema.json"
        assert text.splitlines()[0] == f"# yaml-language-server: $schema=.pnpkit/{schema}"
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in schemas[schema].iter_errors(yaml.safe_load(text))]
        assert errors == [], name
    # the schemas are strict: a misspelt field is caught as the designer types
    typo = yaml.safe_load((kit / "decks.yaml").read_text(encoding="utf-8"))
    typo["decks"][0]["tempalte"] = typo["decks"][0].pop("template")
    assert list(schemas["part.schema.json"].iter_errors(typo))

    settings = json.loads((kit / ".vscode" / "settings.json").read_text(encoding="utf-8"))
    mapping = settings["yaml.schemas"]
    assert mapping[".pnpkit/kit.schema.json"] in (["kit.yaml"], "kit.yaml")
    assert sorted(mapping[".pnpkit/part.schema.json"]) == sorted(PART_FILES)


def test_readme_says_how_to_build_and_what_each_file_is(tmp_path):
    kit = tmp_path / "my-game"
    assert new(kit, "--lang", "en").returncode == 0
    readme = (kit / "README.md").read_text(encoding="utf-8")
    assert readme.startswith("# My Game\n")
    for words in ("pnpkit build . -o output", "pnpkit watch . -o output", "pnpkit validate .", "output/my-game/en/"):
        assert words in readme
    for name in ("kit.yaml", "cards.csv", *PART_FILES, ".vscode/settings.json", "docs/designing-cards.md"):
        assert f"`{name}" in readme, name
    assert "このキット" not in readme
    japanese = tmp_path / "ja-only"
    assert new(japanese, "--lang", "ja").returncode == 0
    text = (japanese / "README.md").read_text(encoding="utf-8")
    assert "output/ja-only/ja/" in text and "## Your kit" not in text


def test_every_scaffold_file_ships_as_package_data():
    """pyproject's package-data globs pick up every file the command reads (dotfiles would not be)."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["pnpkit.generator.assets.scaffold"]
    names = sorted(p.name for p in SCAFFOLD.iterdir())
    assert names and not [n for n in names if n.startswith(".") or not any(fnmatch.fnmatch(n, g) for g in globs)]


def test_through_the_installed_script(tmp_path):
    script = shutil.which("pnpkit", path=str(Path(sys.executable).parent))
    assert script is not None
    kit = tmp_path / "scripted"
    result = subprocess.run([script, "new", str(kit), "--lang", "ja,en"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert (kit / "kit.yaml").is_file()
    again = subprocess.run([script, "new", str(kit)], capture_output=True, text=True, timeout=120)
    assert again.returncode == 2
    assert again.stderr.startswith("pnpkit: error: ") and again.stderr.count("\n") == 1
