"""Kits in any language: BCP 47 tags in `languages:` and as the keys of every text, checked where they are
written (PK450); right-to-left editions refused at `languages:` (PK451); translations complete for every tag
(PK301); `--lang` takes any tag the kit ships; table columns such as `title.zh-Hans`; one output folder per tag
as written."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import NamedTuple

import pytest
import yaml
from conftest import cli, line_of, replace_once
from pdftext import page_texts

from pnpkit.generator.i18n import catalogue

LATIN = "en,de,fr,es,pt-BR"
ANY = "en,de,ko,zh-Hans"


@pytest.fixture(scope="module")
def latin(tmp_path_factory) -> Path:
    """`pnpkit new --lang en,de,fr,es,pt-BR`: languages the built-in fonts draw."""
    kit = tmp_path_factory.mktemp("latin") / "walk"
    made = cli("new", kit, "--lang", LATIN)
    assert made.returncode == 0, made.stderr
    return kit


@pytest.fixture(scope="module")
def any_script(tmp_path_factory) -> Path:
    kit = tmp_path_factory.mktemp("any") / "walk"
    made = cli("new", kit, "--lang", ANY)
    assert made.returncode == 0, made.stderr
    return kit


def edited(kit: Path, tmp_path: Path, edits: list[tuple[str, str, str]]) -> Path:
    """A copy of `kit` in tmp_path with (file, old, new) edits, each `old` found once."""
    target = tmp_path / kit.name
    shutil.copytree(kit, target)
    for name, old, new in edits:
        path = target / name
        path.write_text(replace_once(path.read_text(encoding="utf-8"), old, new, name), encoding="utf-8")
    return target


FINDING = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>[^:]+): (?P<severity>error|warning) (?P<code>PK\d{3}) ")


class Shown(NamedTuple):
    file: str  # the file's name
    line: int
    col: str  # a column number, or a table's column name
    severity: str
    code: str
    text: str


def findings(kit: Path) -> list[Shown]:
    """`pnpkit validate KIT`'s findings, table cells (`cards.csv:3:title.de`) included."""
    result = cli("validate", kit)
    found = []
    for line in (result.stdout + result.stderr).splitlines():
        match = FINDING.match(line)
        if match:
            name = Path(match["file"]).name
            found.append(Shown(name, int(match["line"]), match["col"], match["severity"], match["code"], line))
    return found


def notes_only(stdout: str) -> str:
    """`validate`'s output less its PK373 notes (the proofreader reads ja and en only) and their count."""
    kept = [line for line in stdout.splitlines(keepends=True) if " info PK373 " not in line]
    return "".join(line for line in kept if not line.startswith("0 error(s), 0 warning(s), "))


def at(found: list[Shown], code: str) -> list[tuple[str, int]]:
    return [(shown.file, shown.line) for shown in found if shown.code == code]


# ---------------------------------------------------------------- kits in any language


def test_a_latin_kit_validates_clean_and_builds_a_folder_per_tag(latin, tmp_path):
    data = yaml.safe_load((latin / "kit.yaml").read_text(encoding="utf-8"))
    assert data["languages"] == LATIN.split(",")
    assert list(data["subtitle"]) == LATIN.split(",")
    assert data["subtitle"]["de"] == "Beispielspiel: Wetterspaziergang"  # a real translation
    assert data["subtitle"]["pt-BR"] == data["subtitle"]["en"]  # no sample words in pt-BR: English stands in
    readme = (latin / "README.md").read_text(encoding="utf-8")
    assert "no sample text in pt-BR" in readme and "de, fr, es" in readme
    result = cli("validate", latin)
    assert (result.returncode, result.stderr, notes_only(result.stdout)) == (0, "", "1 kit(s) OK\n")
    out = tmp_path / "out"
    built = cli("build", latin, "-o", out, "--lang", "pt-BR", "--no-svg")
    assert built.returncode == 0, built.stderr
    assert sorted(p.name for p in (out / "walk").iterdir() if p.is_dir()) == ["pt-BR"]
    assert (out / "walk" / "pt-BR" / "kit.pdf").is_file()


def test_a_kit_in_four_languages_validates_clean(any_script):
    """Every text holds en, de, ko and zh-Hans, and tables have `title.zh-Hans` columns; each language prints in its
    script's shipped font (Noto Sans, WenQuanYi Micro Hei), and the sample's ☀ ☁ ☂ ★ marks, which those fonts lack,
    are drawn as shapes from one that has them: no finding at all."""
    data = yaml.safe_load((any_script / "rules.yaml").read_text(encoding="utf-8"))
    assert list(data["rules"]["sections"][2]["title"]) == ANY.split(",")
    header = (any_script / "cards.csv").read_text(encoding="utf-8-sig").splitlines()[0].split(",")
    assert {"title.ko", "title.zh-Hans", "text.zh-Hans"} <= set(header)
    assert findings(any_script) == []


def test_every_edition_of_the_kit_book_uses_its_own_words(any_script, tmp_path):
    """The contents page of each edition's kit.pdf is headed and laid out in that edition's words, and the
    edition's folder is named by its tag as written."""
    import pypdf

    result = cli("build", any_script, "-o", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    heads = {"en": "Contents", "de": "Inhalt", "ko": "차례", "zh-Hans": "目录"}
    checklists = {"en": "Checklist of components", "de": "Checkliste", "ko": "구성물 확인 목록", "zh-Hans": "组件清单"}
    kit_id = next(p.name for p in (tmp_path / "out").iterdir() if p.is_dir())
    for lang, head in heads.items():
        book = tmp_path / "out" / kit_id / lang / "kit.pdf"
        page = pypdf.PdfReader(book).pages[1].extract_text()
        assert head in page and checklists[lang] in page, (lang, page[:200])
        others = [word for other, word in heads.items() if other != lang]
        assert not any(word in page for word in others), (lang, page[:200])


# ---------------------------------------------------------------- what is checked, and where


def test_a_missing_translation_is_found_at_its_text(latin, tmp_path):
    kit = edited(latin, tmp_path, [("kit.yaml", '  de: "Beispielspiel: Wetterspaziergang"\n', "")])
    found = findings(kit)
    assert at(found, "PK372") == [("kit.yaml", line_of(kit / "kit.yaml", '  en: "Sample game: Weather Walk"'))]
    assert "de: 1 of " in next(shown.text for shown in found if shown.code == "PK372")


def test_a_missing_translation_in_a_table_is_found_at_its_cell(any_script, tmp_path):
    kit = edited(any_script, tmp_path, [("cards.csv", ",多云,", ",,")])
    (shown,) = [shown for shown in findings(kit) if shown.code == "PK372"]
    assert (shown.file, shown.line, shown.col) == ("cards.csv", 3, "title.zh-Hans")
    assert "zh-Hans: 1 of " in shown.text and "printed in English" in shown.text


def test_a_malformed_tag_is_found_at_its_key(latin, tmp_path):
    kit = edited(latin, tmp_path, [("kit.yaml", '  de: "Beispielspiel', '  de_DE: "Beispielspiel')])
    found = findings(kit)
    assert at(found, "PK450") == [("kit.yaml", line_of(kit / "kit.yaml", "  de_DE:"))]
    assert "write 'de-DE'" in next(shown.text for shown in found if shown.code == "PK450")


def test_a_malformed_tag_in_languages_is_found_there(latin, tmp_path):
    kit = edited(
        latin,
        tmp_path,
        [("kit.yaml", "languages: [en, de, fr, es, pt-BR]", "languages: [en, de, fr, es, pt-BR, de_AT]")],
    )
    assert at(findings(kit), "PK450") == [("kit.yaml", line_of(kit / "kit.yaml", "languages: ["))]


@pytest.mark.parametrize("tag", ["ar", "he", "fa", "ur", "yi", "az-Arab", "dv-MV"])
def test_a_right_to_left_edition_is_refused_at_languages(latin, tmp_path, tag):
    kit = edited(
        latin,
        tmp_path,
        [("kit.yaml", "languages: [en, de, fr, es, pt-BR]", f"languages: [en, de, fr, es, pt-BR, {tag}]")],
    )
    found = findings(kit)
    assert at(found, "PK451") == [("kit.yaml", line_of(kit / "kit.yaml", "languages: ["))]
    shown = next(shown for shown in found if shown.code == "PK451")
    assert "right-to-left scripts are not supported yet" in shown.text and shown.severity == "error"


def test_right_to_left_is_read_from_the_script():
    from pnpkit.validator.language_tags import right_to_left, tag_problem

    assert [
        right_to_left(tag) for tag in ("ar", "he-IL", "ku-Arab", "uz-Arab-AF", "sr-Latn", "az-Latn", "ar-Latn")
    ] == [
        True,
        True,
        True,
        True,
        False,
        False,
        False,
    ]
    assert not any(right_to_left(tag) for tag in ("en", "de", "zh-Hans", "zh-Hant", "ko", "ja", "pt-BR"))
    assert [tag_problem(tag) is None for tag in ("en", "pt-BR", "zh-Hans", "sr-Latn-RS", "es-419", "x-mine")] == [
        True
    ] * 6
    assert [tag_problem(tag) is None for tag in ("de_DE", "", "english!", "e", "en-", "zh-Hans-")] == [False] * 6


def test_a_text_in_a_language_the_kit_does_not_ship_is_kept_quietly(latin, tmp_path):
    """As a `ja:` text is in a kit that ships only en: it is not printed, and no finding."""
    kit = edited(latin, tmp_path, [("kit.yaml", '  pt-BR: "Sample game', '  ko: 예시\n  pt-BR: "Sample game')])
    result = cli("validate", kit)
    assert (result.returncode, notes_only(result.stdout)) == (0, "1 kit(s) OK\n")


def test_a_column_of_a_language_the_kit_does_not_ship_says_so(latin, tmp_path):
    kit = edited(latin, tmp_path, [("cards.csv", "title.pt-BR,", "title.it,")])
    (shown,) = [shown for shown in findings(kit) if shown.code == "PK543"]
    assert (shown.file, shown.line, shown.col) == ("cards.csv", 1, "title.it")
    assert "add 'it' to the kit's `languages:`" in shown.text


# ---------------------------------------------------------------- the commands


def test_lang_must_be_an_edition_the_kit_ships(latin, tmp_path):
    result = cli("build", latin, "--lang", "ko", "-o", tmp_path / "out")
    assert result.returncode == 2
    assert "has no 'ko' edition; it ships en, de, fr, es, pt-BR" in result.stderr
    assert not (tmp_path / "out").exists()
    malformed = cli("build", latin, "--lang", "pt_BR", "-o", tmp_path / "out")
    assert malformed.returncode == 2 and "write 'pt-BR'" in malformed.stderr
    exported = cli("export", "png", latin, "--lang", "ja", "-o", tmp_path / "png")
    assert exported.returncode == 2 and "it ships en, de, fr, es, pt-BR" in exported.stderr


@pytest.mark.parametrize(("lang", "words"), [("ko", "ko"), ("zh-TW", "en"), ("de-AT", "de")])
def test_calibrate_takes_any_tag(tmp_path, lang, words):
    """The sheet is in the language asked (its nearest catalogue, English for one pnpkit has no words in), set in
    a face that draws it: the title reads back from the PDF, so no character came out as a tofu box."""
    result = cli("calibrate", "--lang", lang, "-o", tmp_path / "sheet.pdf")
    assert result.returncode == 0, result.stderr
    title = catalogue(words)["calibration_title"]
    assert title in page_texts(tmp_path / "sheet.pdf")[0]


def test_the_editor_schema_takes_any_tag():
    schema = json.loads(cli("schema", "--game", "generic").stdout)
    text = schema["$defs"]["LocalText"]
    names = re.compile(text["propertyNames"]["pattern"])
    assert all(names.fullmatch(tag) for tag in ("ja", "en", "de", "pt-BR", "zh-Hans", "zh-Hant"))
    assert not names.fullmatch("de_DE")
    assert text["additionalProperties"]["type"] == "string"
    tag, _named = schema["properties"]["languages"]["items"]["oneOf"]  # `zh-Hans`, or `{de: {fallback: en}}`
    assert re.fullmatch(tag["pattern"], "zh-Hans")


def test_a_kit_in_any_languages_matches_its_editor_schemas(any_script):
    from jsonschema import Draft202012Validator

    schemas = {
        name: json.loads((any_script / ".pnpkit" / name).read_text(encoding="utf-8"))
        for name in ("kit.schema.json", "part.schema.json")
    }
    for path in sorted(any_script.glob("*.yaml")):
        schema = schemas["kit.schema.json" if path.name == "kit.yaml" else "part.schema.json"]
        errors = list(Draft202012Validator(schema).iter_errors(yaml.safe_load(path.read_text(encoding="utf-8"))))
        assert errors == [], (path.name, errors[:1])
