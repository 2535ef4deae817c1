"""The studio's writers (generator/studio/edits): one value changed in a YAML file, a CSV, an .xlsx or an .ods, and
every other line, byte, cell and style as it was; what they refuse; and the Editor's fingerprint check and undo."""

from __future__ import annotations

import difflib
import io
import json
import warnings
import zipfile
from pathlib import Path

import pytest
from studio_server import mixed_kit, new_kit
from test_tables import write_ods

from pnpkit.generator.studio.app import create_app
from pnpkit.generator.studio.edits import csvcells, odscells, xlsxcells, yamlnodes
from pnpkit.generator.studio.edits.files import EditRefused, fingerprint
from pnpkit.generator.studio.state import Studio
from pnpkit.validator.source import load_text
from pnpkit.validator.tables import read_table

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

TRICKY = [
    "no",
    "on",
    "010",
    "1e3",
    "null",
    "~",
    "新しい月の夜",
    "yes: no",
    "- dash",
    "a # b",
    "it's",
    '"q"',
    "[x]",
    "a, b",
]
"""Values a YAML reader would take for something else, or that need quotes; and Japanese text."""

CARDS_YAML = """\
# the cards (a comment that must stay)
cards:
  - id: a            # first
    title: {en: Hello, ja: こんにちは}
    text: 'quoted'
    plain: plain words
    count: 3
    note: |
      line one
      line two
  - {id: b, title: {en: B}}
"""


def changed_lines(before: str, after: str) -> list[str]:
    return [line for line in difflib.ndiff(before.splitlines(), after.splitlines()) if line[:1] in "+-"]


def at(text: str, *path) -> tuple[int, int]:
    where = load_text(text, "x.yaml").values[tuple(path)]
    return where.line, where.col


def read_back(text: str, *path):
    data = load_text(text, "x.yaml").data
    for part in path:
        data = data[part]
    return data


# ---------------------------------------------------------------- YAML


@pytest.mark.parametrize("value", TRICKY)
@pytest.mark.parametrize(
    "path", [("cards", 0, "title", "en"), ("cards", 0, "text"), ("cards", 0, "plain"), ("cards", 1, "title", "en")]
)
def test_a_yaml_value_reads_back_as_the_same_text_through_pnpkits_loader(value: str, path: tuple) -> None:
    new = yamlnodes.set_scalar(CARDS_YAML.encode(), *at(CARDS_YAML, *path), value).decode()
    assert read_back(new, *path) == value
    changed = changed_lines(CARDS_YAML, new)
    assert len(changed) == 2, changed  # one line out, one line in: the comments and every other line stay
    assert changed[0].startswith("- ") and changed[1].startswith("+ ")


def test_yaml_keeps_the_style_and_a_number_stays_a_number() -> None:
    source = CARDS_YAML.encode()
    assert "text: 'no'" in yamlnodes.set_scalar(source, *at(CARDS_YAML, "cards", 0, "text"), "no").decode()
    assert "text: 'New'" in yamlnodes.set_scalar(source, *at(CARDS_YAML, "cards", 0, "text"), "New").decode()
    plain = yamlnodes.set_scalar(source, *at(CARDS_YAML, "cards", 0, "plain"), "other words").decode()
    assert "plain: other words" in plain
    counted = yamlnodes.set_scalar(source, *at(CARDS_YAML, "cards", 0, "count"), "5").decode()
    assert read_back(counted, "cards", 0, "count") == 5 and "count: 5\n" in counted
    block = yamlnodes.set_scalar(source, *at(CARDS_YAML, "cards", 0, "note"), "first\nsecond\n").decode()
    assert "note: |\n      first\n      second\n  - {id: b" in block
    assert read_back(block, "cards", 0, "note") == "first\nsecond\n"


def test_yaml_crlf_and_bom_are_kept() -> None:
    source = ("\ufeff" + CARDS_YAML.replace("\n", "\r\n")).encode()
    text = source.decode("utf-8-sig").replace("\r\n", "\n")
    new = yamlnodes.set_scalar(source, *at(text, "cards", 0, "title", "en"), "Hi there")
    assert new.startswith(b"\xef\xbb\xbf") and new.count(b"\r\n") == source.count(b"\r\n")
    assert new.replace(b"Hi there", b"Hello") == source


def test_yaml_a_new_field_a_copy_and_a_deletion() -> None:
    source = CARDS_YAML.encode()
    added = yamlnodes.set_field(source, *at(CARDS_YAML, "cards", 0), ("fill", "rank"), "7").decode()
    assert read_back(added, "cards", 0, "fill") == {"rank": "7"}
    assert changed_lines(CARDS_YAML, added) == ["+     fill: {rank: '7'}"]
    flow = yamlnodes.set_field(source, *at(CARDS_YAML, "cards", 1), ("count",), "2").decode()
    assert "- {id: b, title: {en: B}, count: '2'}" in flow

    copied = yamlnodes.duplicate_item(source, *at(CARDS_YAML, "cards", 0), "a-2").decode()
    assert [card["id"] for card in read_back(copied, "cards")] == ["a", "a-2", "b"]
    assert read_back(copied, "cards", 1, "note") == "line one\nline two\n"
    assert "  - id: a-2            # first\n" in copied  # the copy keeps its comment and layout

    gone = yamlnodes.delete_item(source, *at(CARDS_YAML, "cards", 0), "a").decode()
    assert gone == "# the cards (a comment that must stay)\ncards:\n  - {id: b, title: {en: B}}\n"
    with pytest.raises(EditRefused) as refused:
        yamlnodes.delete_item(source, *at(CARDS_YAML, "cards", 0), "b")
    assert refused.value.status == 409


def test_a_value_used_again_through_an_alias_is_refused() -> None:
    text = "base: &base {en: Hello, ja: こんにちは}\ncards:\n  - {id: a, title: *base}\n"
    with pytest.raises(EditRefused, match="alias"):
        yamlnodes.set_scalar(text.encode(), *at(text, "base", "en"), "Hi")


def test_a_box_is_written_in_its_own_units_rounded_to_half_a_millimetre() -> None:
    text = 'regions:\n  - {name: t, box: [4mm, 1cm, 1in, "36pt"]}  # units of all kinds\n'
    where = at(text, "regions", 0, "box")
    new = yamlnodes.set_box(text.encode(), *where, (5.26, 12.4, 30.0, 12.7)).decode()
    assert (
        new == 'regions:\n  - {name: t, box: [5.5mm, 1.25cm, 1.1811in, "36pt"]}  # units of all kinds\n'
    )  # 36pt: as it was
    moved = yamlnodes.set_box(text.encode(), *where, (4.0, 10.0, 25.4, 20.2)).decode()
    assert moved == 'regions:\n  - {name: t, box: [4mm, 1cm, 1in, "56.69pt"]}  # units of all kinds\n'
    assert yamlnodes.length_text(12.7, "pt") == "35.43pt" and yamlnodes.length_text(12.74, "mm") == "12.5mm"


# ---------------------------------------------------------------- CSV


@pytest.mark.parametrize(
    ("encoding", "delimiter", "eol", "bom"),
    [
        ("utf-8", ",", "\n", False),
        ("utf-8", ";", "\r\n", True),
        ("cp932", ",", "\r\n", False),
        ("utf-8", "\t", "\n", True),
    ],
)
def test_a_csv_field_changes_and_the_dialect_stays(encoding: str, delimiter: str, eol: str, bom: bool) -> None:
    rows = [["id", "title.ja", "title.en", "count"], ["sun", "太陽", '"Big" sun', "3"], ["moon", "月", "", "2"]]
    quoted = lambda v: f'"{v.replace(chr(34), chr(34) * 2)}"' if delimiter in v or '"' in v else v  # noqa: E731
    text = eol.join(delimiter.join(quoted(v) for v in row) for row in rows) + eol
    source = (b"\xef\xbb\xbf" if bom else b"") + text.encode(encoding)
    new = csvcells.set_field(source, 3, 3, "Moon; at night", old="")
    assert new.startswith(b"\xef\xbb\xbf") == bom
    decoded = new.decode(encoding).lstrip("\ufeff")
    assert decoded.split(eol)[:2] == text.split(eol)[:2]  # the header and the first card, byte for byte
    assert csvcells.cell_value(new, 3, 3) == "Moon; at night" and csvcells.cell_value(new, 2, 3) == '"Big" sun'
    expected = '"Moon; at night"' if delimiter == ";" else "Moon; at night"
    assert decoded.split(eol)[2] == delimiter.join(["moon", "月", expected, "2"])
    again = csvcells.set_field(new, 2, 3, "Sun\nrising")
    assert csvcells.cell_value(again, 2, 3) == "Sun\nrising" and f'"Sun{eol}rising"'.encode(encoding) in again


def test_csv_rows_copied_and_deleted_and_a_stale_value_refused() -> None:
    source = b"id,title.en\r\nsun,Sun\r\nmoon,Moon"  # the last record has no line ending
    assert csvcells.duplicate_row(source, 3, 1, "moon-2") == b"id,title.en\r\nsun,Sun\r\nmoon,Moon\r\nmoon-2,Moon"
    assert csvcells.duplicate_row(source, 2, 1, "sun-2") == b"id,title.en\r\nsun,Sun\r\nsun-2,Sun\r\nmoon,Moon"
    assert csvcells.delete_row(source, 3, "moon", 1) == b"id,title.en\r\nsun,Sun"
    assert csvcells.delete_row(source, 2, "sun", 1) == b"id,title.en\r\nmoon,Moon"
    with pytest.raises(EditRefused) as refused:
        csvcells.set_field(source, 2, 2, "Star", old="Stars")
    assert refused.value.status == 409
    with pytest.raises(EditRefused, match="Shift-JIS"):
        csvcells.set_field("id,title\nsun,太陽\n".encode("cp932"), 2, 2, "☃ snow")


# ---------------------------------------------------------------- workbooks


def test_an_ods_cell_is_rewritten_in_place_and_every_other_member_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "cards.ods"
    write_ods(
        path, {"Notes": [["read me"]], "Cards": [["id", "title.en", "count"], ["sun", "Sun", 3], ["moon", None, 2]]}
    )
    source = path.read_bytes()
    new = odscells.set_cell(source, "Cards", 3, 2, "Moon  &  <stars>")
    with zipfile.ZipFile(io.BytesIO(source)) as old, zipfile.ZipFile(io.BytesIO(new)) as edited:
        assert old.namelist() == edited.namelist() and edited.namelist()[0] == "mimetype"
        assert edited.getinfo("mimetype").compress_type == zipfile.ZIP_STORED
        for name in old.namelist():
            if name != "content.xml":
                assert old.read(name) == edited.read(name)
        before, after = old.read("content.xml"), edited.read("content.xml")
    cell = b'<table:table-cell office:value-type="string"><text:p>Moon <text:s/>&amp; <text:s/>&lt;stars&gt;</text:p></table:table-cell>'
    assert after == before.replace(
        b'<table:table-row><table:table-cell office:value-type="string"><text:p>moon</text:p></table:table-cell><table:table-cell/>',
        b'<table:table-row><table:table-cell office:value-type="string"><text:p>moon</text:p></table:table-cell>'
        + cell,
    )
    path.write_bytes(new)
    table, findings = read_table(path, "cards.ods", "Cards")
    assert findings == [] and table is not None
    assert [[c.value if c else None for c in row] for _where, row in table.rows] == [
        ["sun", "Sun", 3],
        ["moon", "Moon  &  <stars>", 2],
    ]
    counted = odscells.set_cell(new, "Cards", 2, 3, "4")
    path.write_bytes(counted)
    assert read_table(path, "cards.ods", "Cards")[0].rows[0][1][2].value == 4  # a number stays a number
    copied = odscells.duplicate_row(new, "Cards", 2, 1, "sun-2")
    path.write_bytes(copied)
    assert [row[0].value for _w, row in read_table(path, "cards.ods", "Cards")[0].rows] == ["sun", "sun-2", "moon"]
    cleared = odscells.clear_row(new, "Cards", 2)
    path.write_bytes(cleared)
    assert [row[0].value for _w, row in read_table(path, "cards.ods", "Cards")[0].rows] == ["moon"]


def test_an_xlsx_cell_changes_with_its_style_and_a_workbook_with_pictures_is_refused(tmp_path: Path) -> None:
    from openpyxl import Workbook, load_workbook
    from openpyxl.styles import Font, PatternFill

    book = Workbook()
    sheet = book.active
    sheet.title = "Cards"
    sheet.append(["id", "title.en", "count"])
    sheet.append(["sun", "Sun", 3])
    sheet["B2"].font = Font(bold=True, color="FF0000")
    sheet["B2"].fill = PatternFill("solid", fgColor="FFF2CC")
    out = io.BytesIO()
    book.save(out)
    new = xlsxcells.set_cell(out.getvalue(), "Cards", 2, 2, "=SUM(1)")
    edited = load_workbook(io.BytesIO(new))["Cards"]
    assert edited["B2"].value == "=SUM(1)" and edited["B2"].data_type == "s"  # text, never a formula
    assert (
        edited["B2"].font.b
        and edited["B2"].font.color.rgb == "00FF0000"
        and edited["B2"].fill.fgColor.rgb == "00FFF2CC"
    )
    assert [[c.value for c in row] for row in edited.iter_rows(max_row=1)] == [["id", "title.en", "count"]]
    assert load_workbook(io.BytesIO(xlsxcells.set_cell(out.getvalue(), "Cards", 2, 3, "4")))["Cards"]["C2"].value == 4

    with zipfile.ZipFile(io.BytesIO(out.getvalue())) as plain, zipfile.ZipFile(tmp_path / "pictures.xlsx", "w") as z:
        for info in plain.infolist():
            z.writestr(info, plain.read(info.filename))
        z.writestr("xl/media/image1.png", b"\x89PNG")
        z.writestr("xl/vbaProject.bin", b"macro")
    sheet["D2"] = "=C2*2"
    out = io.BytesIO()
    book.save(out)
    with pytest.raises(EditRefused, match=r"formulas \(D2\)"):
        xlsxcells.set_cell(out.getvalue(), "Cards", 2, 2, "Sun")
    with pytest.raises(EditRefused, match="pictures, macros"):
        xlsxcells.set_cell((tmp_path / "pictures.xlsx").read_bytes(), "Cards", 2, 2, "Sun")


# ---------------------------------------------------------------- the Editor behind the routes


def client(kit: Path) -> tuple[TestClient, dict]:
    """The studio's app in process, and the headers its page sends with a write (the token is read from the page
    once the app runs, as the page reads it)."""
    studio = Studio(kit)
    studio.rebuild()
    test = TestClient(create_app(studio, None, watch=False), base_url="http://127.0.0.1")
    return test, {"Origin": "http://127.0.0.1", "Content-Type": "application/json", "X-Pnpkit-Token": ""}


def page_token(test: TestClient) -> str:
    import re

    found = re.search(r'<meta name="pnpkit-token" content="([A-Za-z0-9_-]+)">', test.get("/").text)
    assert found is not None
    return found.group(1)


def test_a_file_changed_on_disk_since_the_table_was_read_is_refused_and_undo_writes_the_old_bytes(
    tmp_path: Path,
) -> None:
    kit = new_kit(tmp_path)
    cards = kit / "cards.csv"
    test, headers = client(kit)
    with test:
        headers["X-Pnpkit-Token"] = page_token(test)
        row = test.get("/api/table", params={"lang": "en"}).json()[0]["rows"][0]
        assert (row["card"], row["file"], row["cells"]["title"]) == ("sunny", "cards.csv", "Sunny")
        assert row["fingerprint"] == fingerprint(cards.read_bytes())
        asked = {"deck": "weather", "card": "sunny", "column": "title", "lang": "en", "old": "Sunny", "value": "Bright"}
        original = cards.read_bytes()
        cards.write_bytes(original.replace(b"Cloudy", b"Overcast"))  # another program saves the file
        refused = test.post(
            "/api/edit/cell", headers=headers, content=json.dumps({**asked, "fingerprint": row["fingerprint"]})
        )
        assert refused.status_code == 409 and "changed on disk" in refused.json()["message"]
        assert cards.read_bytes() == original.replace(b"Cloudy", b"Overcast")
        cards.write_bytes(original)

        written = test.post(
            "/api/edit/cell", headers=headers, content=json.dumps({**asked, "fingerprint": row["fingerprint"]})
        )
        assert written.status_code == 200, written.text
        assert cards.read_bytes() == original.replace(b",Sunny,", b",Bright,", 1)
        state = test.get("/api/state", params={"lang": "en"}).json()  # rebuilt at once (no watch here)
        assert "Bright" in state["cards"][0]["text"] and state["undo"] == 1
        assert test.post("/api/edit/undo", headers=headers, content="{}").json()["undo"] == 0
        assert cards.read_bytes() == original
        assert test.post("/api/edit/undo", headers=headers, content="{}").status_code == 400  # nothing left


def test_rows_and_a_yaml_field_and_an_xlsx_cell_through_the_editor(tmp_path: Path) -> None:
    kit = mixed_kit(tmp_path)
    test, headers = client(kit)
    with test:
        headers["X-Pnpkit-Token"] = page_token(test)

        def rows(deck: str) -> list[dict]:
            table = test.get("/api/table", params={"lang": "en"}).json()
            return next(entry for entry in table if entry["deck"] == deck)["rows"]

        def post(kind: str, body: dict) -> dict:
            answer = test.post(f"/api/edit/{kind}", headers=headers, content=json.dumps(body))
            assert answer.status_code == 200, answer.text
            return answer.json()

        moon = rows("moons")[0]
        post(
            "cell",
            {
                "deck": "moons",
                "card": "new-moon",
                "column": "title",
                "lang": "en",
                "value": "no",
                "fingerprint": moon["fingerprint"],
            },
        )
        assert "title: {ja: 新月, en: 'no'}" in (kit / "moons.yaml").read_text(encoding="utf-8")
        assert rows("moons")[0]["cells"]["title"] == "no"
        moon = rows("moons")[1]
        post("row", {"deck": "moons", "card": "full-moon", "action": "duplicate", "fingerprint": moon["fingerprint"]})
        assert [row["card"] for row in rows("moons")] == ["new-moon", "full-moon", "full-moon-2"]
        star = rows("stars")[0]
        post(
            "cell",
            {
                "deck": "stars",
                "card": "star-sunny",
                "column": "count",
                "lang": "en",
                "value": "7",
                "fingerprint": star["fingerprint"],
            },
        )
        assert rows("stars")[0]["cells"]["count"] == "7"
        star = rows("stars")[1]
        post("row", {"deck": "stars", "card": "star-cloudy", "action": "delete", "fingerprint": star["fingerprint"]})
        assert [row["card"] for row in rows("stars")] == ["star-sunny"]
        assert test.get("/api/state", params={"lang": "en"}).json()["findings"] == []


def test_a_second_write_before_the_kit_is_read_again_waits_and_a_new_card_starts_as_a_copy(tmp_path: Path) -> None:
    from pnpkit.generator.studio.editing import Editor

    kit = new_kit(tmp_path)
    studio = Studio(kit)
    studio.rebuild()
    editor = Editor(studio)  # nothing reads the kit again after a write: as while the watch has not yet
    sent = fingerprint((kit / "cards.csv").read_bytes())
    asked = {"deck": "weather", "card": "cloudy", "action": "add", "fingerprint": sent}
    assert editor.row(asked)["card"] == "new-card"
    lines = (kit / "cards.csv").read_text(encoding="utf-8-sig").splitlines()
    assert lines[3] == lines[2].replace("cloudy,", "new-card,", 1)
    with pytest.raises(EditRefused, match=r"still reading its last write of cards\.csv") as refused:
        editor.row({**asked, "action": "duplicate"})
    assert refused.value.status == 409
    studio.rebuild()
    copied = editor.row({**asked, "action": "duplicate", "fingerprint": fingerprint((kit / "cards.csv").read_bytes())})
    assert copied["card"] == "cloudy-2"
    studio.rebuild()
    assert [card["id"] for card in studio.state("en")["cards"]][:4] == ["sunny", "cloudy", "cloudy-2", "new-card"]
    assert studio.snapshot.findings == []


def test_csv_records_are_read_as_pythons_csv_reader_reads_them() -> None:
    """The writer finds the fields the loader reads (csv.reader, strict), for any values and line endings (of
    comma files: a header with a semicolon and no comma is taken for a semicolon file)."""
    import csv

    from hypothesis import given, settings
    from hypothesis import strategies as st

    values = st.text(alphabet=st.sampled_from(list('ab ,"\r\n月')), max_size=6)

    @settings(max_examples=300, deadline=None)
    @given(st.lists(st.lists(values, min_size=1, max_size=4), min_size=1, max_size=5), st.sampled_from(["\n", "\r\n"]))
    def check(rows: list[list[str]], eol: str) -> None:
        out = io.StringIO(newline="")
        csv.writer(out, lineterminator=eol).writerows(rows)
        text = out.getvalue()
        expected = list(csv.reader(io.StringIO(text, newline=""), strict=True))
        assert [[field.value for field in record.fields] for record in csvcells.records(text, ",")] == expected
        for r, row in enumerate(expected, start=1):  # and a field set anywhere reads back, the others as they were
            if row:
                new = csvcells.set_field(text.encode(), r, 1, 'x, "y"').decode()
                again = list(csv.reader(io.StringIO(new, newline=""), strict=True))
                assert again[r - 1] == ['x, "y"', *row[1:]] and again[: r - 1] == expected[: r - 1]

    check()


def test_any_yaml_text_reads_back_as_typed() -> None:
    """Any text (stripped, as the studio sends it), in a block mapping, a flow mapping or a literal block."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    alphabet = st.sampled_from(list("ab0 1.-:#'\"\\,[]{}&*!|>%@`?~\n\t月é"))
    paths = [("cards", 0, "title", "en"), ("cards", 0, "text"), ("cards", 0, "plain"), ("cards", 0, "note")]

    @settings(max_examples=300, deadline=None)
    @given(st.text(alphabet=alphabet, max_size=12).map(str.strip), st.sampled_from(paths))
    def check(value: str, path: tuple) -> None:
        new = yamlnodes.set_scalar(CARDS_YAML.encode(), *at(CARDS_YAML, *path), value).decode()
        assert read_back(new, *path) == value
        assert len(changed_lines(CARDS_YAML, new)) >= 1 and new.startswith("# the cards (a comment that must stay)\n")

    check()


def test_an_ods_deck_edited_through_the_editor(tmp_path: Path) -> None:
    """The kit's deck as an .ods: a text cell, a number cell, a copy and a deletion, and the kit still clean."""
    import csv

    from pnpkit.generator.studio.editing import Editor

    kit = new_kit(tmp_path)
    records = list(csv.reader((kit / "cards.csv").read_text(encoding="utf-8-sig").splitlines()))
    write_ods(kit / "cards.ods", {"Cards": [[int(v) if v.isdigit() else (v or None) for v in r] for r in records]})
    (kit / "cards.csv").unlink()
    decks = kit / "decks.yaml"
    decks.write_text(
        decks.read_text(encoding="utf-8").replace("cards: cards.csv", "cards: cards.ods"), encoding="utf-8"
    )
    studio = Studio(kit)
    studio.rebuild()
    editor = Editor(studio, studio.rebuild)

    def sent() -> str:
        return studio.snapshot.fingerprints["cards.ods"]

    editor.cell(
        {
            "deck": "weather",
            "card": "sunny",
            "column": "title",
            "lang": "en",
            "value": "Sun & moon",
            "fingerprint": sent(),
        }
    )
    editor.cell(
        {"deck": "weather", "card": "sunny", "column": "count", "lang": "en", "value": "6", "fingerprint": sent()}
    )
    editor.row({"deck": "weather", "card": "cloudy", "action": "duplicate", "fingerprint": sent()})
    editor.row({"deck": "weather", "card": "drizzle", "action": "delete", "fingerprint": sent()})
    rows = studio.table("en")[0]["rows"]
    assert [(row["card"], row["cells"]["title"], row["cells"]["count"]) for row in rows] == [
        ("sunny", "Sun & moon", "6"),
        ("cloudy", "Cloudy", "5"),
        ("cloudy-2", "Cloudy", "5"),
        ("downpour", "Downpour", "2"),
        ("rainbow", "Rainbow", "2"),
    ]
    assert studio.snapshot.findings == [] and len(editor.undos) == 4


def test_a_file_with_a_hard_link_out_of_the_kit_is_not_written(tmp_path: Path) -> None:
    """The write goes through the rules the studio serves files by (paths.inside): a card file that is also a file
    outside the kit (a second hard link) is refused, and neither name changes."""
    import os

    kit = new_kit(tmp_path)
    outside = tmp_path / "private.csv"
    os.link(kit / "cards.csv", outside)
    original = outside.read_bytes()
    test, headers = client(kit)
    with test:
        headers["X-Pnpkit-Token"] = page_token(test)
        row = test.get("/api/table", params={"lang": "en"}).json()[0]["rows"][0]
        asked = {"deck": "weather", "card": "sunny", "column": "title", "lang": "en", "value": "Bright"}
        answer = test.post(
            "/api/edit/cell", headers=headers, content=json.dumps({**asked, "fingerprint": row["fingerprint"]})
        )
        assert answer.status_code == 400 and "not a file of the kit the studio may write" in answer.json()["message"]
    assert outside.read_bytes() == original and (kit / "cards.csv").read_bytes() == original
