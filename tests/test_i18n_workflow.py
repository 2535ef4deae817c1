"""`pnpkit i18n extract` and `apply`: a translator's round trip through a PO file changes only the translated fields
of each file, the kit then validates with the new language, and what cannot be applied is reported, never written."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from conftest import REPO, cli, run_cli

from pnpkit.generator.studio.edits import csvcells, yamlnodes
from pnpkit.generator.studio.edits.files import EditRefused
from pnpkit.generator.translations.entries import context_ids
from pnpkit.validator.kit import load_kit
from pnpkit.validator.walk import walk

PREFIX = "DE: "


@pytest.fixture(scope="module")
def scaffold(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`pnpkit new`'s kit (ja and en, a CSV deck), written once; each test copies it."""
    kit = tmp_path_factory.mktemp("scaffold") / "kit"
    assert cli("new", kit).returncode == 0
    return kit


@pytest.fixture
def kit(scaffold: Path, tmp_path: Path) -> Path:
    import shutil

    return Path(shutil.copytree(scaffold, tmp_path / "kit"))


def files_of(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def extract(kit: Path, out: Path, *more: str) -> polib.POFile:
    result = cli("i18n", "extract", kit, "--lang", "de", "-o", out, *more)
    assert result.returncode == 0, result.stderr
    return polib.pofile(str(out))


def translated(po: polib.POFile, out: Path, change=lambda entry: PREFIX + entry.msgid) -> Path:
    for entry in po:
        entry.msgstr = change(entry)
    po.save(str(out))
    return out


QUOTED = r"""(?:'(?:[^']|'')*'|"(?:[^"\\]|\\.)*")"""
FLOW_ENTRY = re.compile(r", de: " + QUOTED)
"""A translation added to a flow mapping: `{ja: 火, en: Fire, de: 'DE: Fire'}`."""
BLOCK_ENTRY = re.compile(r"^ *de: " + QUOTED + "$")
"""A translation added under a block mapping's last key."""


def yaml_without_translations(text: str) -> list[str]:
    """A YAML file's lines less the `de:` entries the apply adds (and `de` in `languages:`)."""
    lines = [line for line in text.splitlines() if not BLOCK_ENTRY.match(line)]
    return [FLOW_ENTRY.sub("", line).replace("languages: [ja, en, de]", "languages: [ja, en]") for line in lines]


def csv_additions(old: str, new: str) -> list[str]:
    """What each record of a CSV file gained at its end (the file has no quoted line breaks); its start is kept."""
    old_lines, new_lines = old.splitlines(), new.splitlines()
    assert len(old_lines) == len(new_lines)
    for before, after in zip(old_lines, new_lines):
        assert after.startswith(before), (before, after)
    return [after[len(before) :] for before, after in zip(old_lines, new_lines)]


def test_round_trip_changes_only_the_translated_fields(kit: Path, tmp_path: Path):
    before = files_of(kit)
    po = extract(kit, tmp_path / "de.po")
    assert len(po) > 40
    assert po.metadata["Language"] == "de" and po.metadata["X-Source-Language"] == "en"
    sunny = next(e for e in po if e.msgctxt == "decks[weather].cards[sunny].title")
    assert sunny.msgid == "Sunny" and sunny.occurrences == [("cards.csv", "2")] and sunny.msgstr == ""
    marked = next(e for e in po if e.msgctxt == "decks[weather].cards[drizzle].fill.text")
    assert "**…** (bold)" in marked.comment
    icon = next(e for e in po if e.msgctxt == "decks[weather].cards[sunny].fill.icon")
    assert "keep {sun}" in icon.comment and icon.flags == ["python-brace-format"]  # Poedit and msgfmt -c check it
    assert sunny.flags == [] and sunny.comment == ""

    result = cli("i18n", "apply", kit, translated(po, tmp_path / "de-done.po"))
    assert result.returncode == 0, result.stderr
    assert f"wrote {len(po)} de text(s)" in result.stdout and "added to `languages:` in kit.yaml" in result.stdout

    after = files_of(kit)
    assert set(after) == set(before)
    changed = sorted(name for name in before if before[name] != after[name])
    assert changed == [
        "cards.csv",
        "decks.yaml",
        "kit.yaml",
        "rules.yaml",
        "sheets.yaml",
        "templates.yaml",
        "tokens.yaml",
    ]
    added = 0
    for name in changed:
        old, new = before[name].decode("utf-8-sig"), after[name].decode("utf-8-sig")
        assert after[name].startswith(b"\xef\xbb\xbf") == before[name].startswith(b"\xef\xbb\xbf")
        if name.endswith(".csv"):  # a column for each text, at the end of each record: the rest as it was
            gained = csv_additions(old, new)
            assert gained[0] == ",icon.de,title.de,text.de"
            assert all(line.count("," + PREFIX) == 3 for line in gained[1:]), gained
        else:  # every line as it was, but for the `de:` entries added to the texts' mappings
            assert yaml_without_translations(new) == old.splitlines(), name
        added += new.count(PREFIX) - old.count(PREFIX)
    assert added == len(po)
    assert "languages: [ja, en, de]" in after["kit.yaml"].decode()

    loaded = load_kit(kit)
    assert loaded.ok, [f.text() for f in loaded.report.findings if f.is_error]
    assert "de" in loaded.model.languages
    for _path, text, _owners in walk(loaded.model).texts:
        assert text.text("de") == PREFIX + text.text("en")
    assert cli("validate", kit, "--no-layout").returncode == 0


HOSTILE = [
    ' "quoted": # no comment, yes',
    "\n- a list? no\n\ttabbed, 'single'",
    " 100%, {{ not a placeholder? }} & 2 < 3",
    " ",
]


def test_translations_that_yaml_or_csv_would_misread_are_written_as_they_read_back(kit: Path, tmp_path: Path):
    """Quotes, colons, '#', 'yes', dashes, tabs, line breaks, commas, braces: each file writes them so that pnpkit
    reads back exactly the translation, in YAML flow and block mappings and in CSV cells alike."""
    po = extract(kit, tmp_path / "de.po")
    texts = {entry.msgctxt: f"{entry.msgid}{HOSTILE[n % len(HOSTILE)]}".strip() for n, entry in enumerate(po)}
    result = cli("i18n", "apply", kit, translated(po, tmp_path / "de-done.po", lambda e: texts[e.msgctxt]))
    assert result.returncode == 0, result.stdout + result.stderr
    loaded = load_kit(kit)
    assert loaded.kit is not None
    contexts = dict(
        zip(context_ids(loaded.model, [p for p, _t, _o in walk(loaded.model).texts]), walk(loaded.model).texts)
    )
    assert {context: contexts[context][1].text("de") for context in texts} == texts


def table_cells(path: Path) -> dict[tuple[int, int], object]:
    """Every cell of a table, header included, as pnpkit reads it: (row, column) → value."""
    from pnpkit.validator.tables import read_table

    table, findings = read_table(path, path.name)
    assert table is not None, findings
    cells: dict[tuple[int, int], object] = {(c.location.line, c.location.col): c.name for c in table.columns}
    for _where, row in table.rows:
        cells.update({(c.location.line, c.location.col): c.value for c in row if c is not None})
    return cells


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_a_workbook_deck_gets_its_new_columns_and_keeps_every_other_cell(kit: Path, tmp_path: Path, suffix: str):
    import csv

    from test_tables import write_ods

    with open(kit / "cards.csv", encoding="utf-8-sig", newline="") as handle:
        rows = [[int(cell) if cell.isdigit() else cell for cell in row] for row in csv.reader(handle)]
    table = kit / f"cards{suffix}"
    if suffix == ".ods":
        write_ods(table, {"Cards": rows})
    else:
        from openpyxl import Workbook

        book = Workbook()
        book.active.title = "Cards"
        for row in rows:
            book.active.append(row)
        book.save(table)
    (kit / "cards.csv").unlink()
    decks = kit / "decks.yaml"
    decks.write_text(decks.read_text(encoding="utf-8").replace("cards: cards.csv", f"cards: {table.name}"), "utf-8")
    assert load_kit(kit).ok
    before = table_cells(table)

    po = extract(kit, tmp_path / "de.po")
    rainbow = next(e for e in po if e.msgctxt == "decks[weather].cards[rainbow].title")
    assert rainbow.occurrences == [(table.name, "6")]
    result = cli("i18n", "apply", kit, translated(po, tmp_path / "de-done.po"))
    assert result.returncode == 0, result.stderr

    after = table_cells(table)
    width = max(col for _row, col in before)
    assert {k: v for k, v in after.items() if k[1] <= width} == before
    assert [after[(1, width + n)] for n in (1, 2, 3)] == ["icon.de", "title.de", "text.de"]
    assert after[(6, width + 2)] == "DE: Rainbow"
    assert len(after) == len(before) + 3 * 6
    loaded = load_kit(kit)
    assert loaded.ok, [f.text() for f in loaded.report.findings if f.is_error]


def test_fuzzy_untranslated_and_mismatched_entries_are_reported_and_left_out(kit: Path, tmp_path: Path):
    po = extract(kit, tmp_path / "de.po")

    def change(entry: polib.POEntry) -> str:
        if entry.msgctxt == "decks[weather].cards[sunny].title":
            entry.flags.append("fuzzy")
        if entry.msgctxt == "decks[weather].cards[cloudy].title":
            return ""
        if entry.msgctxt == "decks[weather].cards[sunny].fill.icon":
            return "Sonne"  # drops {sun}
        if entry.msgctxt == "decks[weather].cards[drizzle].fill.text":
            return "Alle anderen gehen **1 Feld zurück."  # an unbalanced **
        return PREFIX + entry.msgid

    result = cli("i18n", "apply", kit, translated(po, tmp_path / "de-done.po", change))
    assert result.returncode == 1, result.stdout + result.stderr
    assert "1 untranslated, left out: decks[weather].cards[cloudy].title" in result.stdout
    assert "1 fuzzy (to review), left out: decks[weather].cards[sunny].title" in result.stdout
    assert "decks[weather].cards[sunny].fill.icon: the translation lacks {sun}; left out" in result.stdout
    assert "decks[weather].cards[drizzle].fill.text: the translation lacks **; left out" in result.stdout
    assert f"wrote {len(po) - 4} de text(s)" in result.stdout
    rows = (kit / "cards.csv").read_text(encoding="utf-8-sig").splitlines()
    assert rows[1].endswith(",,,DE: *A day to walk for ever.*") or ",,DE: *A day" in rows[1]
    assert "Sonne" not in rows[1] and "Feld" not in rows[3]
    assert "DE: Cloudy" not in rows[2] and "DE: Sunny" not in rows[1]


def test_a_catalogue_whose_source_text_changed_since_the_extract_is_refused_whole(kit: Path, tmp_path: Path):
    po = extract(kit, tmp_path / "de.po")
    done = translated(po, tmp_path / "de-done.po")
    cards = kit / "cards.csv"
    cards.write_bytes(cards.read_bytes().replace(b",Cloudy,", b",Overcast,"))
    before = files_of(kit)
    result = cli("i18n", "apply", kit, done)
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "1 entry no longer matches the kit's en text (first: decks[weather].cards[cloudy].title)" in result.stderr
    assert files_of(kit) == before


def test_a_file_saved_while_apply_reads_the_kit_is_never_overwritten(kit: Path, tmp_path: Path, monkeypatch):
    from pnpkit.generator.translations import apply

    done = translated(extract(kit, tmp_path / "de.po"), tmp_path / "de-done.po")
    real = apply.load_kit

    def load_then_save(root: Path):  # the designer saves cards.csv while the kit is being read
        loaded = real(root)
        (kit / "cards.csv").write_bytes((kit / "cards.csv").read_bytes() + b"extra,1\n")
        return loaded

    monkeypatch.setattr(apply, "load_kit", load_then_save)
    saved = files_of(kit) | {"cards.csv": (kit / "cards.csv").read_bytes() + b"extra,1\n"}
    result = cli("i18n", "apply", kit, done)
    assert result.returncode == 1
    assert "cards.csv changed while the kit was read" in result.stderr and "nothing was written" in result.stderr
    assert files_of(kit) == saved


def test_a_kit_that_would_read_differently_is_put_back_as_it_was(kit: Path, tmp_path: Path, monkeypatch):
    from pnpkit.generator.translations import apply

    done = translated(extract(kit, tmp_path / "de.po"), tmp_path / "de-done.po")
    before = files_of(kit)
    monkeypatch.setattr(apply, "_differs", lambda *args: "the kit would read differently (at decks[0])")
    result = cli("i18n", "apply", kit, done)
    assert result.returncode == 1
    assert "every file was put back as it was" in result.stderr
    assert files_of(kit) == before
    assert not [p for p in kit.rglob("*") if p.name.endswith(".pnpkit-edit")]  # no temporary file left


def test_the_kits_own_translations_fill_msgstr_and_applying_them_changes_nothing(tmp_path: Path):
    import shutil

    kit = Path(shutil.copytree(REPO / "examples" / "weather-walk", tmp_path / "weather-walk"))
    po = extract(kit, tmp_path / "de.po")
    title = next(e for e in po if e.msgctxt == "title")
    assert (title.msgid, title.msgstr, title.occurrences) == ("Weather Walk", "Wetterspaziergang", [("kit.yaml", "9")])
    assert all(entry.msgstr for entry in po)
    before = files_of(kit)
    result = cli("i18n", "apply", kit, tmp_path / "de.po")
    assert result.returncode == 0, result.stderr
    assert "wrote 0 de text(s)" in result.stdout and f"{len(po)} already in the kit" in result.stdout
    assert files_of(kit) == before


def test_a_text_a_yaml_alias_uses_again_is_written_once_for_every_use(tmp_path: Path):
    import shutil

    kit = Path(
        shutil.copytree(REPO / "content" / "shogi-tcg", tmp_path / "shogi-tcg", ignore=shutil.ignore_patterns("output"))
    )
    out = tmp_path / "fr.po"
    assert cli("i18n", "extract", kit, "--lang", "fr", "-o", out).returncode == 0
    po = polib.pofile(str(out))
    uses = [e.msgctxt for e in po if e.msgid == "Deck" and e.msgctxt.endswith("back.title")]
    assert len(uses) == 3  # one anchor (`back: &main`), two aliases (`back: *main`)

    def disagreeing(entry: polib.POEntry) -> str:
        return "Pioche" if entry.msgctxt == uses[-1] else "FR: " + entry.msgid

    before = (kit / "decks.yaml").read_bytes()
    result = cli("i18n", "apply", kit, translated(po, tmp_path / "fr-1.po", disagreeing), "--dry-run")
    assert result.returncode == 1
    assert result.stdout.count("is written once in the file (a YAML alias)") == 3
    assert (kit / "decks.yaml").read_bytes() == before  # a dry run writes nothing

    result = cli("i18n", "apply", kit, translated(po, tmp_path / "fr-2.po", lambda e: "FR: " + e.msgid))
    assert result.returncode == 0, result.stderr
    decks = (kit / "decks.yaml").read_text(encoding="utf-8")
    assert decks.count("fr: 'FR: Deck'") == 1
    assert "back: &main {title: {ja: 山札, en: Deck, fr: 'FR: Deck'}" in decks
    loaded = load_kit(kit)
    assert loaded.ok, [f.text() for f in loaded.report.findings if f.is_error]
    titles = [deck.back.title.text("fr") for deck in loaded.model.decks if deck.back.title.text("en") == "Deck"]
    assert titles == ["FR: Deck"] * 3


def test_extract_never_overwrites_translations_the_kit_does_not_have(kit: Path, tmp_path: Path):
    out = tmp_path / "de.po"
    po = extract(kit, out)
    translated(po, out)
    kept = out.read_bytes()
    result = cli("i18n", "extract", kit, "--lang", "de", "-o", out)
    assert result.returncode == 1 and "apply it first" in result.stderr
    assert out.read_bytes() == kept
    assert cli("i18n", "extract", kit, "--lang", "de", "-o", out, "--force").returncode == 0
    assert all(entry.msgstr == "" for entry in polib.pofile(str(out)))
    first = out.read_bytes()
    assert cli("i18n", "extract", kit, "--lang", "de", "-o", out).returncode == 0  # nothing to lose: same bytes
    assert out.read_bytes() == first


def test_a_catalogue_on_standard_output_is_utf8_whatever_the_console(kit: Path):
    """Japanese source texts through an ASCII console: the PO file is data, its header says UTF-8."""
    result = run_cli("i18n", "extract", kit, "--lang", "de", "--from", "ja", env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0, result.stderr
    po = polib.pofile(result.stdout)
    assert po.metadata["X-Source-Language"] == "ja"
    assert next(e for e in po if e.msgctxt == "decks[weather].cards[sunny].title").msgid == "晴れ"


@pytest.mark.parametrize(
    ("args", "status", "said"),
    [
        (("extract", "{kit}", "--lang", "en"), 2, "is the language translated from"),
        (("extract", "{kit}", "--lang", "de", "--from", "fr"), 2, "has no 'fr' texts"),
        (("extract", "{tmp}/nowhere", "--lang", "de"), 2, "does not exist"),
        (("extract", "{kit}", "--lang", "de", "-o", "{tmp}"), 2, "is not a file"),
        (("apply", "{kit}", "{tmp}/de.po", "--lang", "fr"), 2, "translates into de"),
        (("apply", "{kit}", "{tmp}/bad.po"), 1, "does not read as a PO file"),
        (("apply", "{kit}", "{tmp}/nolang.po"), 2, "names no Language"),
        (("apply", "{kit}", "{tmp}/nowhere.po"), 2, "is not a file"),
    ],
)
def test_bad_input_is_one_line(kit: Path, tmp_path: Path, args: tuple, status: int, said: str):
    (tmp_path / "bad.po").write_text('msgctxt "title"\nmsgid "Kit" "b\nmsgstr ""\n', "utf-8")
    (tmp_path / "nolang.po").write_text('msgctxt "title"\nmsgid "Kit"\nmsgstr "Bausatz"\n', "utf-8")
    (tmp_path / "de.po").write_text('msgid ""\nmsgstr "Language: de\\n"\n', "utf-8")
    result = cli("i18n", *(arg.format(kit=kit, tmp=tmp_path) for arg in args))
    assert result.returncode == status, result.stderr
    assert said in result.stderr and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith("pnpkit: error:")


@pytest.mark.parametrize(
    ("source", "translation", "why"),
    [
        ("Draw {n} cards", "Ziehe {n} Karten", ""),
        ("Draw {n} cards", "{n} Karten ziehen", ""),  # moved, not lost
        ("Draw {n} cards", "Ziehe {m} Karten", "lacks {n}, adds {m}"),
        ("{rain}{rain}", "{rain}", "lacks {rain}"),
        ("Draw **2** cards", "Ziehe **2 Karten**", ""),
        ("Draw **2** cards", "Ziehe *2* Karten", "lacks ** **, adds * *"),
        ("a <red>hot</> card", "eine </>heiße<red> Karte", "has markup that cannot be read"),
        (r"5 \* 2", "5 mal 2", ""),  # an escaped * is text
    ],
)
def test_what_a_translation_must_keep(source: str, translation: str, why: str):
    from pnpkit.generator.translations.keep import mismatch

    assert mismatch(source, translation).startswith(why) and bool(mismatch(source, translation)) == bool(why)


# ---------------------------------------------------------------- the writers' batch helpers


def test_yaml_set_fields_adds_keys_and_items_and_keeps_every_other_byte():
    source = (
        "# a comment\n"
        "title:   # the name\n"
        "  ja: 火\n"
        "  en: Fire\n"
        "name: {ja: 水, en: Water}   # inline\n"
        "languages:\n"
        "  - ja\n"
        "  - en\n"
        "body: |\n"
        "  one\n"
    ).encode()
    edits = [
        yamlnodes.FieldEdit(3, 3, "Feuer", ("de",)),
        yamlnodes.FieldEdit(5, 7, "Wasser: nass", ("de",)),
        yamlnodes.FieldEdit(7, 3, "de", append=True),
        yamlnodes.FieldEdit(9, 7, "eins\nzwei\n"),
    ]
    assert yamlnodes.set_fields(source, edits).decode() == (
        "# a comment\n"
        "title:   # the name\n"
        "  ja: 火\n"
        "  en: Fire\n"
        "  de: Feuer\n"
        "name: {ja: 水, en: Water, de: 'Wasser: nass'}   # inline\n"
        "languages:\n"
        "  - ja\n"
        "  - en\n"
        "  - de\n"
        "body: |\n"
        "  eins\n"
        "  zwei\n"
    )
    with pytest.raises(EditRefused):  # a value used again through an alias is never changed
        yamlnodes.set_fields(b"a: &x {en: A}\nb: *x\n", [yamlnodes.FieldEdit(1, 7, "D", ("de",))])


def test_csv_set_fields_adds_a_column_keeping_quotes_bom_and_line_endings():
    source = '\ufeffid,title.en\r\nsunny,"Sunny, warm"\r\ncloudy,Cloudy\r\n'.encode()
    cells = {(1, 3): "title.de", (2, 3): "Sonnig, warm", (3, 3): 'Wolkig "grau"', (3, 2): "Grey"}
    assert (
        csvcells.set_fields(source, cells)
        == (
            '\ufeffid,title.en,title.de\r\nsunny,"Sunny, warm","Sonnig, warm"\r\ncloudy,Grey,"Wolkig ""grau"""\r\n'
        ).encode()
    )
