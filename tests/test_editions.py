"""Editions that fall back (issue 43): a text an edition lacks prints in its fallback language, in that language's
font, with one PK372 warning per edition; `--strict-translations` keeps PK301; scripts pnpkit cannot shape are
refused once per edition (PK451, PK452)."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from conftest import cli, line_of, replace_once
from pdftext import pdf_text

CARDS = 100
TRANSLATED = 5


@pytest.fixture(scope="module")
def bilingual(tmp_path_factory) -> Path:
    """`pnpkit new` (ja and en), its deck grown to 100 card designs in cards.csv."""
    kit = tmp_path_factory.mktemp("bilingual") / "walk"
    made = cli("new", kit)
    assert made.returncode == 0, made.stderr
    return kit


def with_german(kit: Path, tmp_path: Path, languages: str, translated: int = TRANSLATED) -> Path:
    """A copy of `kit` shipping `languages`, whose cards.csv holds 100 designs with `title.de`, `text.de` and
    `icon.de` columns, the first `translated` rows filled and the rest left empty."""
    target = tmp_path / kit.name
    target.mkdir()
    for path in kit.iterdir():
        if path.is_file():
            (target / path.name).write_bytes(path.read_bytes())
    kit_yaml = target / "kit.yaml"
    text = kit_yaml.read_text(encoding="utf-8")
    kit_yaml.write_text(replace_once(text, "languages: [ja, en]", f"languages: {languages}", "kit.yaml"), "utf-8")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = ["id", "count", "steps", "weather", "icon.ja", "icon.en", "icon.de"]
    writer.writerow(header + ["title.ja", "title.en", "title.de", "text.ja", "text.en", "text.de"])
    for n in range(1, CARDS + 1):
        german = n <= translated
        writer.writerow(
            [f"walk-{n}", 1, n % 5, "sunny", "{sun}", "{sun}", "{sun}" if german else ""]
            + [f"散歩{n}", f"Stroll {n}", f"Spaziergang {n}" if german else ""]
            + [f"{n}歩進む。", f"Walk {n} steps.", f"Gehe {n} Schritte." if german else ""]
        )
    (target / "cards.csv").write_text(out.getvalue(), encoding="utf-8")
    return target


FINDING = re.compile(r"^(?P<file>\S+?):(?P<line>\d+):(?P<col>[^:]+): (?P<severity>error|warning) (?P<code>PK\d{3}) ")


def findings(kit: Path, *flags: str) -> list[tuple[str, str, int, str, str]]:
    """(code, file name, line, severity, line as printed) of each finding `pnpkit validate` prints."""
    result = cli("validate", kit, *flags)
    found = []
    for line in (result.stdout + result.stderr).splitlines():
        match = FINDING.match(line)
        if match:
            found.append((match["code"], Path(match["file"]).name, int(match["line"]), match["severity"], line))
    return found


def test_a_german_edition_of_a_hundred_card_deck_prints_english_where_untranslated(bilingual, tmp_path):
    """The must-show case: de falls back to en; 0 errors, one summary warning, the untranslated cards in English."""
    kit = with_german(bilingual, tmp_path, "[ja, en, {de: {fallback: en}}]")
    found = findings(kit)
    assert [(code, severity) for code, _f, _l, severity, _t in found] == [("PK372", "warning")]
    (_code, name, line, _severity, shown) = found[0]
    assert (name, line) == ("kit.yaml", line_of(kit / "kit.yaml", '  ja: "Walk"'))  # the title: the first text
    counted = re.search(r"de: ([\d,]+) of ([\d,]+) texts untranslated, printed in English", shown)
    assert counted is not None, shown
    untranslated, total = (int(n.replace(",", "")) for n in counted.groups())
    assert untranslated == total - 3 * TRANSLATED  # every text but the five cards' title, text and icon
    assert total > 3 * CARDS and "more)" in shown and "cards.csv:" in shown

    built = cli("build", kit, "-o", tmp_path / "out", "--lang", "de", "--no-svg")
    assert built.returncode == 0, built.stderr
    printed = re.sub(r"\s+", " ", pdf_text(tmp_path / "out" / "walk" / "de" / "cards-weather.pdf"))
    assert "Spaziergang 3" in printed and "Gehe 3 Schritte." in printed  # translated: German
    assert "Stroll 42" in printed and "Walk 42 steps." in printed  # untranslated: the fallback's English
    assert "Spaziergang 42" not in printed and "散歩" not in printed and "歩進む" not in printed


def test_an_edition_without_a_named_fallback_falls_back_to_english(bilingual, tmp_path):
    kit = with_german(bilingual, tmp_path, "[ja, en, de]")
    (only,) = findings(kit)
    assert only[0] == "PK372" and "printed in English" in only[4]


def test_strict_translations_makes_every_gap_an_error(bilingual, tmp_path):
    kit = with_german(bilingual, tmp_path, "[ja, en, de]")
    result = cli("validate", kit, "--strict-translations")
    assert result.returncode == 1
    assert "PK372" not in result.stdout + result.stderr
    assert re.search(r"cards\.csv:7:icon\.de: error PK301 .*no 'de' text", result.stderr), result.stderr
    built = cli("build", kit, "-o", tmp_path / "out", "--lang", "de", "--strict-translations")
    assert built.returncode == 1 and "nothing was built" in built.stderr
    assert not (tmp_path / "out" / "walk").exists()


def test_the_reading_order_follows_named_fallbacks_then_the_kit_order():
    from pnpkit.validator.games import kit_model

    def order(languages: list, lang: str) -> tuple[str, ...]:
        title = {str(next(iter(item)) if isinstance(item, dict) else item): "T" for item in languages}
        kit = kit_model("generic").model_validate(
            {"id": "k", "game": "generic", "title": title, "players": {"min": 2, "max": 2}, "languages": languages}
        )
        return kit.reading_order(lang)

    assert order(["ja", "en", "de"], "de") == ("de", "en", "ja")
    assert order(["ja", "en", "de"], "en") == ("en", "ja", "de")  # en itself falls back to the first language
    assert order(["ko", "ja", "de"], "de") == ("de", "ko", "ja")  # no en: the kit's first language
    assert order(["ja", "en", {"fr": {"fallback": "en"}}, {"de": {"fallback": "fr"}}], "de") == ("de", "fr", "en", "ja")
    assert order(["en", {"de": None}], "de") == ("de", "en")


def test_an_empty_item_of_languages_names_no_edition():
    from pydantic import TypeAdapter, ValidationError

    from pnpkit.validator.types import Edition

    with pytest.raises(ValidationError, match="names one edition, not 0"):
        TypeAdapter(list[Edition]).validate_python(["ja", {}])


def test_a_text_reads_its_edition_then_its_fallbacks():
    from pnpkit.validator.types import LocalText, reading_in

    text = LocalText.model_validate({"ja": "火", "en": "Fire", "fr": "Feu"})
    with reading_in(("de", "fr", "en")):
        assert text.get("de") == "Feu"
        assert text.get("en") == "Fire"
    assert text.get("de") == "Fire"  # outside an edition: English first, as the default fallback


def test_japanese_fallback_prints_in_a_japanese_font_not_the_german_one(bilingual, tmp_path):
    """A German edition of a Japanese kit: Noto Sans (German's family) has no Japanese, so the edition prints in
    BIZ UDPGothic, which draws both: the untranslated cards' Japanese is drawn, and no PK307."""
    kit = with_german(bilingual, tmp_path, "[ja, {de: {fallback: ja}}]")
    assert [code for code, *_rest in findings(kit)] == ["PK372"]
    built = cli("build", kit, "-o", tmp_path / "out", "--lang", "de", "--no-svg")
    assert built.returncode == 0, built.stderr
    pdf = tmp_path / "out" / "walk" / "de" / "cards-weather.pdf"
    printed = re.sub(r"\s+", "", pdf_text(pdf))
    assert "散歩42" in printed and "Spaziergang3" in printed
    import pypdf

    fonts = {
        str(font["/BaseFont"])
        for page in pypdf.PdfReader(pdf).pages
        for font in page["/Resources"]["/Font"].values()
        if "/BaseFont" in font.get_object()
    }
    assert any("BIZUDPGothic" in name for name in fonts) and not any("NotoSans" in name for name in fonts), fonts


def test_a_fully_translated_edition_keeps_its_own_font(tmp_path):
    """The family changes only when the edition has untranslated text in a script its own cannot draw."""
    from pnpkit.generator.typeset import fonts
    from pnpkit.validator.kit import load_kit

    kit = tmp_path / "walk"
    assert cli("new", kit, "--lang", "ja,de").returncode == 0
    path = kit / "kit.yaml"
    assert fonts.for_kit(load_kit(kit).model, kit, "de")[0].default == "noto-sans"  # every text in German
    text = replace_once(path.read_text("utf-8"), '  de: "Beispielspiel: Wetterspaziergang"\n', "", "kit.yaml")
    path.write_text(text, "utf-8")
    assert fonts.for_kit(load_kit(kit).model, kit, "de")[0].default == "biz-udpgothic"  # the subtitle in Japanese


@pytest.mark.parametrize(
    ("edit", "code", "needle"),
    [
        ("{de: {fallback: it}}", "PK305", "falls back to 'it', which the kit does not ship"),
        ("{de: {fallback: de}}", "PK305", "falls back to itself"),
        ("{de: {fallbak: en}}", "PK201", "unknown field 'fallbak'"),
        ("{de: {fallback: en}, fr: {fallback: en}}", "PK203", "names one edition, not 2; write each as its own item"),
    ],
)
def test_a_fallback_mistake_is_found_where_it_is_written(bilingual, tmp_path, edit, code, needle):
    kit = with_german(bilingual, tmp_path, f"[ja, en, {edit}]")
    found = [item for item in findings(kit) if item[0] == code]
    assert len(found) == 1, found
    assert found[0][1:3] == ("kit.yaml", line_of(kit / "kit.yaml", "languages: [")) and needle in found[0][4]


# ---------------------------------------------------------------- scripts pnpkit cannot set yet


def test_the_proofreader_says_once_per_edition_what_it_cannot_read(tmp_path):
    kit = tmp_path / "walk"
    assert cli("new", kit, "--lang", "en,de,ja,fr").returncode == 0
    result = cli("validate", kit)
    assert result.returncode == 0 and result.stdout.endswith("0 error(s), 0 warning(s), 2 note(s)\n1 kit(s) OK\n")
    notes = [line for line in result.stdout.splitlines() if " info PK373 " in line]
    line = line_of(kit / "kit.yaml", "languages: [")
    places = [re.match(r"(.+):(\d+):(\d+): info", note).groups() for note in notes]  # type: ignore[union-attr]
    assert [(name, int(n)) for name, n, _col in places] == [(f"{kit}/kit.yaml", line)] * 2
    assert places[0][2] != places[1][2]  # each at its own item of `languages:`
    assert "de: the proofreader reads Japanese and English, not German" in notes[0] and "PK346" in notes[0]
    assert notes[1].count("fr: the proofreader reads") == 1
    sarif = cli("validate", kit, "--format", "sarif").stdout
    assert sarif.count('"level": "note"') == 2


@pytest.mark.parametrize(
    ("tag", "code", "script"),
    [
        ("hi", "PK452", "Devanagari"),
        ("mr", "PK452", "Devanagari"),
        ("sa-Deva", "PK452", "Devanagari"),
        ("th", "PK452", "Thai"),
        ("th-TH", "PK452", "Thai"),
        ("bn", "PK452", "Bengali"),
        ("ta", "PK452", "Tamil"),
        ("ar", "PK451", "right to left"),
        ("he", "PK451", "right to left"),
        ("pa-Arab", "PK451", "right to left"),
    ],
)
def test_a_script_pnpkit_cannot_set_is_one_finding_at_its_edition(bilingual, tmp_path, tag, code, script):
    kit = with_german(bilingual, tmp_path, f"[ja, en, de, {tag}]")
    found = findings(kit)
    assert [item[:4] for item in found if item[3] == "error"] == [
        (code, "kit.yaml", line_of(kit / "kit.yaml", "languages: ["), "error")
    ]
    assert script in found[0][4] and "(ship this kit in" in found[0][4]


def test_scripts_that_need_shaping_are_read_from_the_tag():
    from pnpkit.validator.language_tags import complex_script

    assert [complex_script(tag) for tag in ("hi", "hi-IN", "ne", "th", "km", "my", "si", "pa", "pa-Arab")] == [
        "Devanagari",
        "Devanagari",
        "Devanagari",
        "Thai",
        "Khmer",
        "Myanmar",
        "Sinhala",
        "Gurmukhi",
        None,
    ]
    assert not any(complex_script(tag) for tag in ("en", "de", "ja", "ko", "zh-Hans", "sr-Latn", "hi-Latn"))


def test_the_editor_schema_takes_both_forms_of_an_edition():
    from jsonschema import Draft202012Validator

    from pnpkit.validator.editor_schema import kit_schema

    schema = kit_schema("generic")
    languages = Draft202012Validator({**schema, **schema["properties"]["languages"]})
    assert languages.is_valid(["ja", "en", {"de": {"fallback": "en"}}, {"fr": None}])
    assert not languages.is_valid(["ja", {"de": {"fallbak": "en"}}])
    assert not languages.is_valid(["ja", {"de": {}, "fr": {}}])
    assert not languages.is_valid(["ja", {"de_DE": {}}])
    options = schema["$defs"]["EditionOptions"]["properties"]["fallback"]
    assert options["description"].startswith("The language a text prints in when this edition has no translation")


def test_watch_takes_strict_translations_too(bilingual, tmp_path):
    from pnpkit.generator.build import BuildOptions
    from pnpkit.generator.watch import Watcher

    kit = with_german(bilingual, tmp_path, "[ja, en, de]")
    lenient = Watcher(kit, BuildOptions(tmp_path / "a", ("de",), svg=False)).rebuild()
    assert [f.code for f in lenient.findings] == ["PK372", "PK373"] and lenient.written  # a warning, a note
    strict = Watcher(kit, BuildOptions(tmp_path / "b", ("de",), svg=False, strict_translations=True)).rebuild()
    assert {f.code for f in strict.findings} == {"PK301", "PK373"} and not strict.written
    assert len(strict.findings) > CARDS  # one at each gap


@pytest.mark.parametrize("blank", ['""', "", "' '"])
def test_a_blank_left_for_a_translator_is_untranslated(bilingual, tmp_path, blank):
    kit = with_german(bilingual, tmp_path, "[ja, en, de]", translated=CARDS)
    path = kit / "kit.yaml"
    path.write_text(replace_once(path.read_text("utf-8"), '  en: "Walk"\n', f'  en: "Walk"\n  de: {blank}\n', "x"))
    found = findings(kit)
    assert [code for code, *_rest in found] == ["PK372"]
    assert found[0][2] == line_of(path, '  ja: "Walk"')  # the title, among the first texts untranslated
    path.write_text(replace_once(path.read_text("utf-8"), '  ja: "Walk"\n  en: "Walk"\n', "  ja: ''\n  en:\n", "x"))
    assert "PK203" in [code for code, *_rest in findings(kit)]  # blank in every language: still a mistake


@pytest.mark.parametrize(("tag", "says"), [("hi", "Devanagari, which pnpkit cannot shape yet"), ("th", "Thai")])
def test_new_refuses_a_script_pnpkit_cannot_shape(tmp_path, tag, says):
    result = cli("new", tmp_path / "kit", "--lang", f"en,{tag}")
    assert result.returncode == 2 and says in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and not (tmp_path / "kit").exists()
