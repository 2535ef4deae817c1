"""Card lists from spreadsheets and decks split across files (validator/tables.py, validator/cardfiles.py), `count: 0`,
and per-card backs and double-faced cards printed duplex (generator/layouts/cards.py).

Every kit here is the generic example, Moonlit Tricks, with its deck moved into files: findings must point at the
table cell (`tricks.csv:5:count`, `tricks.xlsx:Cards!C14`) with the codes a YAML deck gives, and a deck split across
a YAML file and a CSV must print exactly what the deck written inline prints.
"""

from __future__ import annotations

import json
import re
import textwrap
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

import pytest
from conftest import LANGS, REPO, cli, make_bad_kit
from pdftext import page_texts

from pnpkit.validator.findings import Location

MT = "moonlit-tricks"
HEADER = "id,count,title.ja,title.en,rank,suit,pips.ja,pips.en,power.ja,power.en,flavour.ja,flavour.en"
STARS_AND_COMETS = [
    "star-1,,流れ星,Shooting Star,1,star,{star},{star},,,,",
    "star-2,1,双子星,Twin Stars,2,star,{star}{star},{star}{star},,,どちらが先に光ったかは誰も知らない。,Nobody knows which one shone first.",
    'star-3,1,一番星,Evening Star,3,star,{star}{star}{star},{star}{star}{star},このカードで勝ったら、次のトリックを誰がリードするかをあなたが決める。,"If this card wins, you choose who leads the next trick.",,',
    'comet,3,彗星,Comet,4,comet,{comet},{comet},切り札。どのスートのカードにも勝つ。彗星が2枚以上出たら、あとに出た彗星が勝つ。,"Trump. Beats every suit. When several Comets are played, the last one wins.",,',
]
"""The example deck's last four designs, as a spreadsheet would save them."""
STAR = "      # ------------------------------------------------------------ star\n"


def split_kit(
    tmp_path: Path,
    name: str = "split",
    rows: list[str] | None = None,
    encoding: str = "utf-8-sig",
    unshuffled: bool = False,
) -> Path:
    """The example with its deck split: sun and moon cards in tricks-a.yaml, stars and comets in tricks.csv (with
    `unshuffled`, the deck says `shuffled: false`, for cards with backs of their own)."""
    kit = make_bad_kit(tmp_path, [UNSHUFFLED] if unshuffled else [], name, MT)
    decks = (kit / "decks.yaml").read_text(encoding="utf-8")
    head, cards = decks.split("    cards:\n", 1)
    sun_and_moon = cards.split(STAR)[0]
    (kit / "tricks-a.yaml").write_text("# the sun and moon cards\n" + textwrap.dedent(sun_and_moon), encoding="utf-8")
    (kit / "decks.yaml").write_text(head + "    cards: [tricks-a.yaml, tricks.csv]\n", encoding="utf-8")
    write_csv(kit, rows if rows is not None else STARS_AND_COMETS, encoding)
    return kit


def write_csv(kit: Path, rows: list[str], encoding: str = "utf-8-sig", header: str = HEADER) -> None:
    (kit / "tricks.csv").write_bytes("\r\n".join([header, *rows, ""]).encode(encoding))


def findings(kit: Path) -> list[dict]:
    result = cli("validate", kit, "--format", "json")
    assert "Traceback" not in result.stderr, result.stderr
    return json.loads(result.stdout)


def where(item: dict) -> str:
    """A JSON finding's place as the text format prints it, without the directory."""
    location = item["location"]
    file = Path(location["file"]).name
    return f"{file}:{location['cell']}" if "cell" in location else f"{file}:{location['line']}:{location['col']}"


def codes_at(kit: Path) -> list[tuple[str, str, str]]:
    return sorted((item["code"], item["severity"], where(item)) for item in findings(kit))


# ---------------------------------------------------------------- workbooks, written here (python-calamine only reads)


HIDDEN = ' state="hidden"'


def write_xlsx(path: Path, sheets: dict[str, dict[str, object]], hidden: tuple[str, ...] = ()) -> None:
    """A minimal .xlsx: {sheet name: {"C14": value}}, numbers as numbers and everything else as inline text;
    the sheets named in `hidden` are hidden, as a workbook's notes or lookups often are."""
    from pnpkit.validator.tables import column_letters

    def parts(ref: str) -> tuple[int, int]:
        letters = ref.rstrip("0123456789")
        col = 0
        for ch in letters:
            col = col * 26 + ord(ch) - 64
        return int(ref[len(letters) :]), col - 1

    ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        overrides = "".join(
            f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
            for i in range(1, len(sheets) + 1)
        )
        z.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            f"{overrides}</Types>",
        )
        z.writestr(
            "_rels/.rels",
            '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        )
        listed = "".join(
            f'<sheet name="{escape(name)}" sheetId="{i}"{HIDDEN if name in hidden else ""} r:id="rId{i}"/>'
            for i, name in enumerate(sheets, start=1)
        )
        z.writestr(
            "xl/workbook.xml",
            f'<?xml version="1.0"?><workbook {ns} xmlns:r="{rel}"><sheets>{listed}</sheets></workbook>',
        )
        links = "".join(
            f'<Relationship Id="rId{i}" Type="{rel}/worksheet" Target="worksheets/sheet{i}.xml"/>'
            for i in range(1, len(sheets) + 1)
        )
        z.writestr(
            "xl/_rels/workbook.xml.rels",
            f'<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{links}</Relationships>',
        )
        for i, cells in enumerate(sheets.values(), start=1):
            rows: dict[int, list[tuple[int, object]]] = {}
            for ref, value in cells.items():
                row, col = parts(ref)
                rows.setdefault(row, []).append((col, value))
            body = ""
            for row in sorted(rows):
                body += f'<row r="{row}">'
                for col, value in sorted(rows[row]):
                    ref = f"{column_letters(col)}{row}"
                    if isinstance(value, (int, float)):
                        body += f'<c r="{ref}"><v>{value}</v></c>'
                    else:
                        body += (
                            f'<c r="{ref}" t="inlineStr"><is><t xml:space="preserve">{escape(str(value))}</t></is></c>'
                        )
                body += "</row>"
            z.writestr(
                f"xl/worksheets/sheet{i}.xml",
                f'<?xml version="1.0"?><worksheet {ns}><sheetData>{body}</sheetData></worksheet>',
            )


def write_ods(path: Path, sheets: dict[str, list[list[object]]]) -> None:
    """A minimal .ods: {sheet name: rows of values}, None for an empty cell."""
    body = ""
    for name, rows in sheets.items():
        body += f'<table:table table:name="{escape(name)}">'
        for row in rows:
            body += "<table:table-row>"
            for value in row:
                if value is None:
                    body += "<table:table-cell/>"
                elif isinstance(value, (int, float)):
                    body += f'<table:table-cell office:value-type="float" office:value="{value}"><text:p>{value}</text:p></table:table-cell>'
                else:
                    body += f'<table:table-cell office:value-type="string"><text:p>{escape(str(value))}</text:p></table:table-cell>'
            body += "</table:table-row>"
        body += "</table:table>"
    office = "urn:oasis:names:tc:opendocument:xmlns"
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="{office}:office:1.0" '
        f'xmlns:table="{office}:table:1.0" xmlns:text="{office}:text:1.0" office:version="1.2">'
        f"<office:body><office:spreadsheet>{body}</office:spreadsheet></office:body></office:document-content>"
    )
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr(
            "META-INF/manifest.xml",
            f'<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="{office}:manifest:1.0" manifest:version="1.2">'
            '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
            '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>',
        )
        z.writestr("content.xml", content, zipfile.ZIP_DEFLATED)


def star_records(order: tuple[str, ...] = ()) -> list[list[str]]:
    """HEADER and STARS_AND_COMETS as records, the columns named in `order` first."""
    import csv

    records = list(csv.reader([HEADER, *STARS_AND_COMETS]))
    names = records[0]
    columns = [names.index(name) for name in order] + [c for c, name in enumerate(names) if name not in order]
    return [[record[c] for c in columns] for record in records]


def star_sheet(first_row: int = 1, order: tuple[str, ...] = ()) -> dict[str, object]:
    """STARS_AND_COMETS as workbook cells, the header on `first_row`; whole numbers are number cells."""
    from pnpkit.validator.tables import column_letters

    cells: dict[str, object] = {}
    for r, record in enumerate(star_records(order)):
        for c, value in enumerate(record):
            if value:
                cells[f"{column_letters(c)}{first_row + r}"] = int(value) if value.isdigit() else value
    return cells


# ---------------------------------------------------------------- a deck split across YAML and CSV


def _pdf_bytes(out: Path, lang: str) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted((out / MT / lang).glob("*.pdf"))}


@pytest.fixture(scope="module")
def inline_build(kits) -> Path:
    """The output directory of Moonlit Tricks as it is (its deck inline), built in both languages: the session's
    shared build (conftest.Kits), which test_every_kit checks builds cleanly."""
    return kits.builds(MT)[0].parent


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-8", "cp932"])
def test_a_deck_split_across_yaml_and_csv_prints_what_the_inline_deck_prints(tmp_path, inline_build, encoding):
    """UTF-8 with the BOM Excel writes, without it, and Shift-JIS as Japanese Excel saves a plain CSV: the same
    twelve cards in the same order, so every PDF (cards, rules, kit book with its checklist) is byte-identical."""
    kit = split_kit(tmp_path, rows=STARS_AND_COMETS, encoding=encoding)
    if encoding == "cp932":
        assert b"\xef\xbb\xbf" not in (kit / "tricks.csv").read_bytes()[:3]
        with pytest.raises(UnicodeDecodeError):
            (kit / "tricks.csv").read_bytes().decode("utf-8")
    assert findings(kit) == []
    out = tmp_path / "out"
    result = cli("build", kit, "-o", out, "--lang", "all")
    assert result.returncode == 0, result.stdout + result.stderr
    for lang in LANGS:
        built, inline = _pdf_bytes(out, lang), _pdf_bytes(inline_build, lang)
        assert sorted(built) == sorted(inline) and "cards-tricks.pdf" in built
        for name in built:
            assert built[name] == inline[name], (lang, name)


def test_the_split_deck_checklist_counts_every_card_once(tmp_path):
    from pnpkit.generator.build import layout_kit
    from pnpkit.validator.kit import load_kit

    kit = split_kit(tmp_path, rows=STARS_AND_COMETS, encoding="cp932")
    loaded = load_kit(kit)
    assert loaded.ok, [f.text() for f in loaded.report.findings]
    deck = loaded.kit.decks[0]
    assert [card.id for card in deck.cards] == [
        *(f"{suit}-{n}" for suit in ("sun", "moon") for n in (1, 2, 3)),
        "star-1",
        "star-2",
        "star-3",
        "comet",
    ]
    assert deck.cards[6].title.ja == "流れ星" and deck.cards[6].count == 1  # an empty count cell: the default
    assert deck.cards[9].fill["rank"] == 4 and deck.cards[9].count == 3
    for lang, name in (("ja", "トリックカード"), ("en", "Trick cards")):
        parts, problems = layout_kit(loaded, lang)
        assert problems == []
        checklist = [entry for part in parts for entry in part.checklist]
        assert (name, 12) in checklist
        cards = next(part for part in parts if part.slug == "cards-tricks")
        fronts = [i for page in cards.pages for i in page.items if getattr(i, "role", "") == "card-front"]
        assert len(fronts) == 12 and sum(1 for g in fronts if g.name == "comet") == 3


def test_inline_cards_between_files_keep_their_own_lines(tmp_path):
    """A card written inline after a file entry has moved in the deck (the file's cards come first), and its
    findings still point at its own YAML line."""
    kit = split_kit(tmp_path)
    decks = (kit / "decks.yaml").read_text(encoding="utf-8")
    decks = decks.replace(
        "    cards: [tricks-a.yaml, tricks.csv]\n",
        "    cards:\n      - tricks-a.yaml\n      - id: extra\n        fill: {title: {ja: 余り, en: Extra}, rank: 9, suit: mooon, pips: {ja: x, en: x}}\n      - tricks.csv\n",
    )
    (kit / "decks.yaml").write_text(decks, encoding="utf-8")
    found = findings(kit)
    assert [(item["code"], where(item), item["path"]) for item in found] == [
        (
            "PK305",
            f"decks.yaml:{_line(kit / 'decks.yaml', 'suit: mooon')}:{_col(kit / 'decks.yaml', 'mooon')}",
            "decks[0].cards[6].fill.suit",
        )
    ]


def _line(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if text in line)


def _col(path: Path, text: str) -> int:
    line = path.read_text(encoding="utf-8").splitlines()[_line(path, text) - 1]
    return line.index(text) + 1


def test_a_finding_in_a_yaml_card_file_points_into_that_file(tmp_path):
    kit = split_kit(tmp_path)
    cards = kit / "tricks-a.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("suit: moon", "suit: mooon", 1), encoding="utf-8")
    assert codes_at(kit) == [("PK305", "error", f"tricks-a.yaml:{_line(cards, 'mooon')}:{_col(cards, 'mooon')}")]


def test_a_yaml_card_file_may_hold_cards_under_a_key(tmp_path):
    kit = split_kit(tmp_path)
    cards = kit / "tricks-a.yaml"
    cards.write_text("cards:\n" + textwrap.indent(cards.read_text(encoding="utf-8"), "  "), encoding="utf-8")
    assert findings(kit) == []


# ---------------------------------------------------------------- findings in a CSV: the cell, with the YAML codes


def test_a_non_numeric_count_is_found_at_its_row_and_column(tmp_path):
    rows = list(STARS_AND_COMETS)
    rows[1] = rows[1].replace("star-2,1,", "star-2,two,")
    kit = split_kit(tmp_path, rows=rows)
    (item,) = findings(kit)
    assert (item["code"], item["severity"], item["path"]) == ("PK203", "error", "decks[0].cards[7].count")
    assert "'two'" in item["message"] and item["hint"] == "write a number"
    assert item["location"] == {"file": item["location"]["file"], "line": 3, "col": 2, "cell": "3:count"}
    assert (REPO / item["location"]["file"]).resolve() == (kit / "tricks.csv").resolve()
    text = cli("validate", kit)
    assert text.returncode == 1
    assert re.search(
        r"^\S*tricks\.csv:3:count: error PK203 decks\[0\]\.cards\[7\]\.count: .*'two'", text.stdout + text.stderr, re.M
    ), text.stdout + text.stderr
    sarif = json.loads(cli("validate", kit, "--format", "sarif").stdout)
    ((result,),) = [run["results"] for run in sarif["runs"]]
    physical = result["locations"][0]["physicalLocation"]
    assert physical["artifactLocation"]["uri"].endswith("tricks.csv")
    assert physical["region"] == {"startLine": 3, "startColumn": 2}  # row 3, the second column


def test_cell_findings_use_the_codes_a_yaml_deck_gives(tmp_path):
    rows = list(STARS_AND_COMETS)
    rows[0] = rows[0].replace(",star,", ",stra,")  # no such label: PK305, as in YAML
    rows[1] = rows[1].replace(",Twin Stars,", ",,")  # a missing translation points at the empty cell
    rows[2] = rows[2].replace("star-3,1,一番星", "star-3,1,")  # and so does a missing title.ja
    rows[3] = rows[3].replace("comet,3,", "star-1,3,")  # an id used twice
    kit = split_kit(tmp_path, rows=rows)
    assert codes_at(kit) == [
        ("PK304", "error", "tricks.csv:5:id"),
        ("PK305", "error", "tricks.csv:2:suit"),
        ("PK372", "warning", "tricks.csv:3:title.en"),  # en lacks one text, ja another: one warning each
        ("PK372", "warning", "tricks.csv:4:title.ja"),
    ]


def test_count_zero_switches_a_card_off_with_a_warning(tmp_path):
    from pnpkit.generator.build import layout_kit
    from pnpkit.validator.kit import load_kit

    rows = list(STARS_AND_COMETS)
    rows[3] = rows[3].replace("comet,3,", "comet,0,")
    kit = split_kit(tmp_path, rows=rows)
    # 9 cards deal 4 to each of 3 players no more (PK338): play it with two
    (kit / "kit.yaml").write_text(
        (kit / "kit.yaml").read_text(encoding="utf-8").replace("max: 3}", "max: 2}"), encoding="utf-8"
    )
    assert codes_at(kit) == [("PK420", "warning", "tricks.csv:5:count")]
    loaded = load_kit(kit)
    assert loaded.ok
    parts, problems = layout_kit(loaded, "en")
    assert problems == []
    assert ("Trick cards", 9) in [entry for part in parts for entry in part.checklist]
    cards = next(part for part in parts if part.slug == "cards-tricks")
    names = [i.name for page in cards.pages for i in page.items if getattr(i, "role", "") == "card-front"]
    assert len(names) == 9 and "comet" not in names
    result = cli("build", kit, "-o", tmp_path / "out", "--lang", "en")
    assert result.returncode == 0 and "PK420" in result.stdout + result.stderr


def test_a_deck_whose_cards_are_all_switched_off_prints_nothing(tmp_path):
    kit = tmp_path / "off"
    kit.mkdir()
    (kit / "kit.yaml").write_text(
        "id: off\ngame: generic\ntitle: {ja: テスト, en: Test}\nplayers: {min: 2, max: 4}\nlanguages: [ja, en]\n"
        "decks:\n  - id: events\n    name: {ja: イベント, en: Events}\n    cards:\n"
        "      - {title: {ja: 嵐, en: Storm}, count: 0}\n      - {title: {ja: 霧, en: Fog}, count: 0}\n",
        encoding="utf-8",
    )
    storm, fog = (kit / "kit.yaml").read_text(encoding="utf-8").splitlines()[9:11]
    assert codes_at(kit) == [
        ("PK311", "error", "kit.yaml:10:7"),  # the deck's list of cards
        ("PK420", "warning", f"kit.yaml:10:{storm.index('0}') + 1}"),
        ("PK420", "warning", f"kit.yaml:11:{fog.index('0}') + 1}"),
    ]


def test_a_csv_that_is_neither_utf8_nor_shift_jis_is_a_finding(tmp_path):
    kit = split_kit(tmp_path)
    (kit / "tricks.csv").write_bytes(HEADER.encode() + b"\nstar-1,1,\x82\xff,x\n")
    ((code, severity, place),) = codes_at(kit)
    assert (code, severity, place) == ("PK106", "error", "tricks.csv:2:10")


def test_a_csv_that_reads_two_ways_is_a_finding(tmp_path):
    """Two half-width katakana in Shift-JIS are also valid UTF-8 (a Hebrew letter): which was meant is not guessed."""
    kit = split_kit(tmp_path)
    (kit / "tricks.csv").write_bytes((HEADER + "\nstar-1,1,ﾗｩ,x\n").encode("cp932"))
    ((code, severity, place),) = codes_at(kit)
    assert (code, severity, place) == ("PK542", "error", "tricks.csv:2:10")


def test_broken_quoting_is_a_finding(tmp_path):
    kit = split_kit(tmp_path)
    write_csv(kit, [STARS_AND_COMETS[0], 'star-2,1,"双子星,Twin Stars'])
    assert [(code, place) for code, _s, place in codes_at(kit)] == [("PK540", "tricks.csv:3:1")]


def test_header_problems_point_at_the_header_cell(tmp_path):
    kit = split_kit(tmp_path)
    write_csv(
        kit,
        ["star-1,1,流れ星,Shooting Star,1,1,star,{star},{star},stray"],
        header="id,count,title.ja,title.fr,rank,fill.rank,suit,pips.ja,pips.en",
    )
    assert codes_at(kit) == [
        ("PK102", "error", "tricks.csv:1:fill.rank"),  # the same field as `rank`
        ("PK543", "error", "tricks.csv:1:title.fr"),  # no such language
        ("PK543", "error", "tricks.csv:2:J"),  # a value under no header
    ]


# ---------------------------------------------------------------- workbooks


def workbook_kit(tmp_path: Path, name: str, entry: str) -> Path:
    kit = split_kit(tmp_path, name)
    (kit / "tricks.csv").unlink()
    decks = kit / "decks.yaml"
    decks.write_text(decks.read_text(encoding="utf-8").replace("tricks.csv", entry), encoding="utf-8")
    return kit


def test_an_xlsx_deck_prints_and_a_bad_cell_is_found_by_sheet_and_cell(tmp_path, inline_build):
    """The header on row 10 of sheet Cards (a notes sheet comes first), `count` in column C: comet's count is C14."""
    kit = workbook_kit(tmp_path, "xlsx", "{file: tricks.xlsx, sheet: Cards}")
    cells = star_sheet(first_row=10, order=("id", "title.ja", "count"))
    assert cells["A14"] == "comet" and cells["C14"] == 3 and cells["C10"] == "count"
    write_xlsx(kit / "tricks.xlsx", {"Notes": {"A1": "read me"}, "Cards": cells})
    assert findings(kit) == []
    out = tmp_path / "out"
    assert cli("build", kit, "-o", out, "--lang", "en").returncode == 0
    assert _pdf_bytes(out, "en")["cards-tricks.pdf"] == _pdf_bytes(inline_build, "en")["cards-tricks.pdf"]

    cells["C14"] = "three"
    del cells["D12"]  # star-2's English title
    write_xlsx(kit / "tricks.xlsx", {"Notes": {"A1": "read me"}, "Cards": cells})
    (item,) = findings(kit)
    assert (item["code"], item["path"]) == ("PK203", "decks[0].cards[9].count")
    assert item["location"]["cell"] == "Cards!C14" and (item["location"]["line"], item["location"]["col"]) == (14, 3)
    result = cli("validate", kit)
    text = result.stdout + result.stderr
    assert re.search(r"tricks\.xlsx:Cards!C14: error PK203 decks\[0\]\.cards\[9\]\.count: .*'three'", text), text
    sarif = json.loads(cli("validate", kit, "--format", "sarif").stdout)
    region = sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": 14, "startColumn": 3}

    cells["C14"] = 3
    write_xlsx(kit / "tricks.xlsx", {"Notes": {"A1": "read me"}, "Cards": cells})
    assert codes_at(kit) == [("PK372", "warning", "tricks.xlsx:Cards!D12")]  # the empty cell of the missing text


def test_a_workbook_sheet_that_does_not_exist_is_found_at_the_sheet_name(tmp_path):
    kit = workbook_kit(tmp_path, "nosheet", "{file: tricks.xlsx, sheet: Crads}")
    write_xlsx(kit / "tricks.xlsx", {"Cards": star_sheet()})
    decks = kit / "decks.yaml"
    assert codes_at(kit) == [("PK305", "error", f"decks.yaml:{_line(decks, 'Crads')}:{_col(decks, 'Crads')}")]


def test_without_a_sheet_name_the_first_visible_sheet_is_read(tmp_path):
    kit = workbook_kit(tmp_path, "visible", "tricks.xlsx")
    lookups = {"A1": "Suit name", "A2": "sun"}
    write_xlsx(kit / "tricks.xlsx", {"Lookups": lookups, "Cards": star_sheet()}, hidden=("Lookups",))
    assert findings(kit) == []
    write_xlsx(kit / "tricks.xlsx", {"Lookups": lookups, "Cards": star_sheet()})
    assert codes_at(kit) == [("PK543", "error", "tricks.xlsx:Lookups!A1")]  # read when it is the first one shown


def test_an_ods_deck_reads_like_the_csv(tmp_path, inline_build):
    kit = workbook_kit(tmp_path, "ods", "tricks.ods")
    rows = [[int(v) if v.isdigit() else (v or None) for v in record] for record in star_records()]
    write_ods(kit / "tricks.ods", {"Cards": rows})
    assert findings(kit) == []
    out = tmp_path / "out"
    assert cli("build", kit, "-o", out, "--lang", "ja").returncode == 0
    assert _pdf_bytes(out, "ja")["cards-tricks.pdf"] == _pdf_bytes(inline_build, "ja")["cards-tricks.pdf"]


def test_a_damaged_workbook_is_a_finding(tmp_path):
    kit = workbook_kit(tmp_path, "damaged", "tricks.xlsx")
    write_xlsx(kit / "tricks.xlsx", {"Cards": star_sheet()})
    data = (kit / "tricks.xlsx").read_bytes()
    (kit / "tricks.xlsx").write_bytes(data[: len(data) // 2])
    assert codes_at(kit) == [("PK540", "error", "tricks.xlsx:1:1")]


# ---------------------------------------------------------------- sizes are bounded before the work


def test_limits_are_checked_before_reading(tmp_path):
    from pnpkit.validator.tables import TableLimits, read_table

    path = tmp_path / "t.csv"
    path.write_text("id,count\n" + "a,1\n" * 30, encoding="utf-8")
    table, problems = read_table(path, "t.csv", limits=TableLimits(max_rows=20))
    assert table is None and [(p.code, str(p.location)) for p in problems] == [("PK541", "t.csv:22:A")]
    path.write_text("id,count\n" + "a," + "x" * 50 + "\n", encoding="utf-8")
    table, problems = read_table(path, "t.csv", limits=TableLimits(max_cell_chars=40))
    assert table is not None and table.rows[0][1][1] is None
    assert [(p.code, str(p.location)) for p in problems] == [("PK541", "t.csv:2:count")]
    path.write_text(",".join(f"c{i}" for i in range(12)) + "\n", encoding="utf-8")
    assert read_table(path, "t.csv", limits=TableLimits(max_columns=10))[1][0].code == "PK541"
    path.write_bytes(b"x" * 200)
    assert read_table(path, "t.csv", limits=TableLimits(max_bytes=100))[1][0].code == "PK103"


def test_a_zip_bomb_is_refused_before_it_is_unpacked(tmp_path):
    from pnpkit.validator.tables import TableLimits, read_table

    path = tmp_path / "bomb.xlsx"
    write_xlsx(path, {"Cards": {"A1": "id", "A2": "x" * 200_000}})
    assert path.stat().st_size < 5_000
    table, problems = read_table(path, "bomb.xlsx", limits=TableLimits(max_unpacked_bytes=100_000))
    assert table is None and [p.code for p in problems] == ["PK541"]
    assert "unpacks to" in problems[0].message


def test_a_workbook_too_large_is_refused_from_its_dimensions(tmp_path):
    from pnpkit.validator.tables import TableLimits, read_table

    path = tmp_path / "tall.xlsx"
    write_xlsx(path, {"Cards": {"A1": "id", "A500": "far"}})
    table, problems = read_table(path, "tall.xlsx", limits=TableLimits(max_rows=100))
    assert table is None and [(p.code, str(p.location)) for p in problems] == [("PK541", "tall.xlsx:Cards!A1")]


# ---------------------------------------------------------------- what a deck or include: may name


@pytest.mark.parametrize(
    "entry, code",
    [
        ("missing.csv", "PK107"),
        ("../outside.csv", "PK108"),
        ("rules.txt", "PK544"),
        ("{file: tricks.csv, sheet: One}", "PK203"),
        ("{file: tricks.csv, sheat: One}", "PK201"),
    ],
)
def test_a_deck_entry_that_cannot_hold_cards_is_a_finding(tmp_path, entry, code):
    kit = split_kit(tmp_path)
    (kit / "rules.txt").write_text("not cards\n", encoding="utf-8")
    (tmp_path / "outside.csv").write_text(HEADER + "\n", encoding="utf-8")
    decks = kit / "decks.yaml"
    decks.write_text(decks.read_text(encoding="utf-8").replace("tricks.csv]", f"{entry}]"), encoding="utf-8")
    (found,) = codes_at(kit)
    assert found[:2] == (code, "error")
    assert found[2].startswith(f"decks.yaml:{_line(decks, 'tricks-a.yaml')}:"), found


def test_a_yaml_card_file_cannot_name_more_files(tmp_path):
    kit = split_kit(tmp_path)
    cards = kit / "tricks-a.yaml"
    cards.write_text(cards.read_text(encoding="utf-8") + "- tricks.csv\n", encoding="utf-8")
    assert codes_at(kit) == [("PK544", "error", f"tricks-a.yaml:{_line(cards, '- tricks.csv')}:3")]


def test_a_table_in_include_says_where_it_belongs(tmp_path):
    kit = split_kit(tmp_path)
    (kit / "kit.yaml").write_text(
        (kit / "kit.yaml").read_text(encoding="utf-8") + "  - tricks.csv\n  - tricks-a.yaml\n", encoding="utf-8"
    )
    found = findings(kit)
    assert [(item["code"], where(item)) for item in found] == [
        ("PK544", f"kit.yaml:{_line(kit / 'kit.yaml', '- tricks.csv')}:5"),
        ("PK109", f"tricks-a.yaml:{_line(kit / 'tricks-a.yaml', '- id: sun-1')}:1"),
    ]
    assert "cards: tricks.csv" in found[0]["hint"] and "cards: tricks-a.yaml" in found[1]["hint"]


# ---------------------------------------------------------------- locations


def test_locations_print_as_people_name_them():
    assert str(Location("cards.csv", 5, 2, "5:count")) == "cards.csv:5:count"
    assert str(Location("cards.xlsx", 14, 3, "Sheet!C14")) == "cards.xlsx:Sheet!C14"
    assert str(Location("decks.yaml", 3, 7)) == "decks.yaml:3:7"


def test_yaml_findings_keep_their_json_shape(tmp_path):
    kit = make_bad_kit(tmp_path, [("decks.yaml", "rank: 4", "rank: four")], "yamlshape", MT)
    (item,) = findings(kit)
    assert set(item["location"]) == {"file", "line", "col"}


def test_column_targets():
    from pnpkit.validator.cardfiles import column_target
    from pnpkit.validator.components.cards import CardEntry
    from pnpkit.validator.games.generic import GenericCard

    assert column_target("back.title.ja", GenericCard).path == ("back", "title", "ja")
    assert column_target("back.template", GenericCard).path == ("back", "template")
    assert column_target("fill.count", GenericCard).path == ("fill", "count")
    assert column_target("effect.text.en", GenericCard).path == ("fill", "effect", "text", "en")
    assert column_target("count", GenericCard).numbers and not column_target("id", GenericCard).numbers
    assert not column_target("title.ja", GenericCard).numbers and column_target("rank", GenericCard).numbers
    assert isinstance(column_target("Title", GenericCard), str)
    assert isinstance(column_target("count.ja", GenericCard), str)
    assert column_target("ref", CardEntry).path == ("ref",)  # other games' decks read tables too
    assert "no card field 'rank'" in column_target("rank", CardEntry)


# ---------------------------------------------------------------- per-card backs and double-faced cards

UNSHUFFLED = ("decks.yaml", "    template: suit-card\n", "    template: suit-card\n    shuffled: false\n")
"""The trick deck dealt, not shuffled face down: its cards may have backs of their own without PK432."""

SKY_BACK = """    - id: sky-back
      size: poker
      frame: {colour: "#1f2a44", face: "#26324f", border: 3mm, radius: 2.5mm}
      regions:
        - {name: title, kind: text, box: [5mm, 38mm, 53mm, 12mm], size: 14, min_size: 8, lines: 1, bold: true, colour: "#ffffff", align: middle, valign: middle}
"""
DAY_SKY = "        back: {template: sky-back, title: {ja: 昼の空, en: Day Sky}}\n"
NEW_MOON = (
    '        back: {fill: {title: {ja: 新月, en: New Moon}, rank: 0, suit: moon, pips: {ja: "{moon}", en: "{moon}"}}}\n'
)
BACK_EDITS = [
    (
        "templates.yaml",
        'colour: "#75695a", align: middle, valign: middle}\n',
        'colour: "#75695a", align: middle, valign: middle}\n' + SKY_BACK,
    ),
    *(("decks.yaml", f"      - id: sun-{n}\n", f"      - id: sun-{n}\n" + DAY_SKY) for n in (1, 2, 3)),
    ("decks.yaml", "      - id: moon-1\n", "      - id: moon-1\n" + NEW_MOON),
    UNSHUFFLED,
]
"""The three sun cards share a back of their own (another template); the crescent moon is double-faced (its back is
a second fill of its own template); every other card keeps the deck's back."""
BACK_WORDS = {"sun-1": "Day Sky", "sun-2": "Day Sky", "sun-3": "Day Sky", "moon-1": "New Moon"}


@pytest.fixture(scope="module")
def backs_kit(tmp_path_factory):
    from pnpkit.validator.kit import load_kit

    kit = make_bad_kit(tmp_path_factory.mktemp("backs"), BACK_EDITS, "backs", MT)
    loaded = load_kit(kit)
    assert loaded.ok and loaded.report.findings == [], [f.text() for f in loaded.report.findings]
    return kit, loaded


def _card_pages(loaded, **overrides):
    from pnpkit.generator.build import layout_kit, print_settings

    settings = print_settings(loaded.kit, overrides)
    parts, problems = layout_kit(loaded, "en", settings)
    assert problems == [], [p.message for p in problems]
    return next(p for p in parts if p.slug == "cards-tricks").pages


def _placed(page, role):
    """(name, trim rectangle on the page, the texts drawn in it, symbol) of every card group with `role`."""
    from pnpkit.generator.scene import Group, Text, apply, group_matrix, walk

    out = []
    for item, matrix in walk(page.items):
        if isinstance(item, Group) and item.role == role:
            m = group_matrix(item, matrix)
            b = -item.clip.x
            w, h = item.clip.w - 2 * b, item.clip.h - 2 * b
            corners = [apply(m, x, y) for x, y in ((0, 0), (w, 0), (0, h), (w, h))]
            xs, ys = [c[0] for c in corners], [c[1] for c in corners]
            texts = " ".join(i.text for i, _m in walk(item.items) if isinstance(i, Text))
            out.append((item.name, (min(xs), min(ys), max(xs), max(ys)), texts, item.symbol))
    return out


def _expected_back_words(name: str) -> str:
    return BACK_WORDS.get(name, "MOONLIT")


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -0.8)])
def test_each_card_own_back_lies_behind_its_front(backs_kit, duplex, offset):
    """From the scene, as tests/test_print.py checks mirrored backs: each back sits at its front's mirrored place plus
    the back offset, and it is that card's back (its own words), not the next card's."""
    _kit, loaded = backs_kit
    pages = _card_pages(loaded, duplex=duplex, back_offset=list(offset))
    assert len(pages) == 4
    width, height = pages[0].width, pages[0].height
    seen = set()
    for front_page, back_page in zip(pages[::2], pages[1::2]):
        fronts, backs = _placed(front_page, "card-front"), _placed(back_page, "card-back")
        assert len(fronts) == len(backs) > 0
        for name, f, _texts, _symbol in fronts:
            if duplex == "long":
                expected = (width - f[2], f[1], width - f[0], f[3])
            else:
                expected = (f[0], height - f[3], f[2], height - f[1])
            expected = tuple(v + offset[i % 2] for i, v in enumerate(expected))
            behind = [back for back in backs if all(abs(a - b) <= 0.1 for a, b in zip(back[1], expected))]
            assert len(behind) == 1, (name, expected)
            back_name, _rect, texts, _symbol = behind[0]
            assert back_name == name
            assert _expected_back_words(name) in texts, (name, texts)
            seen.add(name)
    assert {"sun-1", "sun-2", "sun-3", "moon-1", "moon-2", "comet"} <= seen


def test_a_back_many_cards_share_is_one_symbol(backs_kit):
    _kit, loaded = backs_kit
    backs = _placed(_card_pages(loaded)[1], "card-back")
    symbols = {name: symbol for name, _rect, _texts, symbol in backs}
    assert symbols["sun-1"] == symbols["sun-2"] == symbols["sun-3"] != ""  # one shared back of their own
    assert symbols["moon-2"] == symbols["star-1"] != symbols["sun-1"]  # the deck's back, shared too
    assert symbols["moon-1"] == ""  # a back drawn once is drawn in place


def test_gutterfold_puts_each_card_own_back_beside_it(backs_kit):
    _kit, loaded = backs_kit
    for page in _card_pages(loaded, layout="gutterfold"):
        fronts, backs = _placed(page, "card-front"), _placed(page, "card-back")
        assert [name for name, *_ in fronts] == [name for name, *_ in backs]
        for (name, f, _t, _s), (_name, b, texts, _symbol) in zip(fronts, backs):
            assert abs(f[1] - b[1]) <= 0.1 and abs(f[3] - b[3]) <= 0.1  # the same row, either side of the fold
            assert _expected_back_words(name) in texts


def test_per_card_backs_in_the_pdf(backs_kit, tmp_path):
    """Built: the back page's text holds each own back's words, the double-faced card's second face is drawn with its
    template (rank and title), and the shared backs are Form XObjects drawn as often as they are used."""
    from pypdf import PdfReader

    kit, _loaded = backs_kit
    out = tmp_path / "out"
    result = cli("build", kit, "-o", out, "--lang", "all")
    assert result.returncode == 0, result.stdout + result.stderr
    for lang, words in (("en", ("Day Sky", "New Moon", "MOONLIT")), ("ja", ("昼の空", "新月", "月夜の"))):
        reader = PdfReader(str(out / MT / lang / "cards-tricks.pdf"))
        assert len(reader.pages) == 4
        texts = page_texts(out / MT / lang / "cards-tricks.pdf")
        first_backs = re.sub(r"\s+", "", texts[1])
        for word in words:
            assert re.sub(r"\s+", "", word) in first_backs, (lang, word, first_backs)
        assert re.sub(r"\s+", "", words[1]) not in re.sub(r"\s+", "", texts[3])
        page = reader.pages[1]
        xobjects = page["/Resources"]["/XObject"].get_object()
        forms = {name for name, x in xobjects.items() if x.get_object()["/Subtype"] == "/Form"}
        uses = re.findall(rb"(/[^\s/]+)\s+Do\b", page.get_contents().get_data())
        counts = sorted(uses.count(name.encode()) for name in forms)
        assert counts == [3, 5], counts  # the sky back behind three suns, the deck's back behind five cards


@pytest.mark.parametrize(
    "card, back, code, at",
    [
        ("sun-1", "{template: moon-back}", "PK305", "moon-back"),
        ("sun-1", "{fill: {title: {ja: 裏, en: Back}, suit: sun, pips: {ja: x, en: x}}}", "PK403", "fill:"),
        (
            "sun-1",
            "{fill: {rank: 1, suit: sun, pips: {ja: x, en: x}, title: {ja: 裏, en: Back}, glow: 3}}",
            "PK404",
            "glow",
        ),
        ("sun-1", "{template: sky-back, title: {ja: 空}}", "PK372", "{ja: 空}"),
        (
            "sun-1",
            "{template: sky-back, title: {ja: 空, en: Sky}, fill: {title: {ja: 空, en: Sky}}}",
            "PK409",
            "title: {ja: 空, en: Sky}}",
        ),
    ],
)
def test_a_card_own_back_is_checked_like_a_front(tmp_path, card, back, code, at):
    edits = [UNSHUFFLED, BACK_EDITS[0]] if "sky-back" in back else [UNSHUFFLED]  # the template a back may name
    edits.append(("decks.yaml", f"      - id: {card}\n", f"      - id: {card}\n        back: {back}\n"))
    kit = make_bad_kit(tmp_path, edits, "badback", MT)
    decks = kit / "decks.yaml"
    found = codes_at(kit)
    line = _line(decks, f"back: {back}")
    assert [(c, s) for c, s, _w in found] == [(code, "warning" if code == "PK372" else "error")], found
    text = decks.read_text(encoding="utf-8").splitlines()[line - 1]
    assert found[0][2] == f"decks.yaml:{line}:{text.rindex(at) + 1}", (found, text)


def test_a_back_of_another_size_is_a_finding(tmp_path):
    edits = [
        (
            "templates.yaml",
            'colour: "#75695a", align: middle, valign: middle}\n',
            'colour: "#75695a", align: middle, valign: middle}\n' + SKY_BACK.replace("size: poker", "size: tarot"),
        ),
        ("decks.yaml", "      - id: sun-1\n", "      - id: sun-1\n" + DAY_SKY),
        UNSHUFFLED,
    ]
    kit = make_bad_kit(tmp_path, edits, "bigback", MT)
    decks = kit / "decks.yaml"
    assert codes_at(kit) == [("PK408", "error", f"decks.yaml:{_line(decks, 'sky-back')}:{_col(decks, 'sky-back')}")]


def test_a_card_own_back_may_come_from_a_table(tmp_path):
    """`back.…` columns fill the card's own back; equal backs from many rows are still one symbol."""
    from pnpkit.validator.kit import load_kit

    kit = split_kit(tmp_path, encoding="utf-8", unshuffled=True)
    templates = kit / "templates.yaml"
    templates.write_text(templates.read_text(encoding="utf-8") + SKY_BACK, encoding="utf-8")
    header = HEADER + ",back.template,back.title.ja,back.title.en"
    rows = [row + ",sky-back,夜空,Night Sky" if row.startswith("star") else row + ",,," for row in STARS_AND_COMETS]
    write_csv(kit, rows, header=header)
    loaded = load_kit(kit)
    assert loaded.ok and loaded.report.findings == [], [f.text() for f in loaded.report.findings]
    assert loaded.kit.decks[0].cards[6].back.title.en == "Night Sky"
    backs = _placed(_card_pages(loaded)[1], "card-back")
    stars = {name: (texts, symbol) for name, _r, texts, symbol in backs if name.startswith("star")}
    assert sorted(stars) == ["star-1", "star-2", "star-3"]
    assert all("Night Sky" in texts for texts, _s in stars.values())
    assert len({symbol for _t, symbol in stars.values()}) == 1
    rows[2] = rows[2].replace(",sky-back,夜空,", ",sky-back,,")
    write_csv(kit, rows, header=header)
    assert codes_at(kit) == [("PK372", "warning", "tricks.csv:4:back.title.ja")]


def test_a_card_back_may_be_a_picture(tmp_path):
    """`back: art/night.png` covers the card and its bleed; two cards naming the same picture share one drawing, and a
    picture too coarse for the card is found at the back's value, like any other picture."""
    from conftest import png

    from pnpkit.generator.scene import Group, Image, walk
    from pnpkit.validator.kit import load_kit

    edits = [
        ("decks.yaml", "      - id: sun-1\n", "      - id: sun-1\n        back: art/night.png\n"),
        ("decks.yaml", "      - id: sun-2\n", "      - id: sun-2\n        back: art/night.png\n"),
        (
            "decks.yaml",
            "      - id: moon-1\n",
            "      - id: moon-1\n        back: {file: art/coarse.png, focus: [0.2, 0.5]}\n",
        ),
        UNSHUFFLED,
    ]
    kit = make_bad_kit(tmp_path, edits, "picture", MT)
    (kit / "art").mkdir()
    (kit / "art" / "night.png").write_bytes(png(760, 1060))  # 63 × 88 mm at 306 ppi
    (kit / "art" / "coarse.png").write_bytes(png(100, 140))
    decks = kit / "decks.yaml"
    assert codes_at(kit) == [("PK501", "error", f"decks.yaml:{_line(decks, 'coarse.png')}:{_col(decks, 'art/coarse')}")]
    (kit / "art" / "coarse.png").write_bytes(png(760, 1060))
    loaded = load_kit(kit)
    assert loaded.ok and loaded.report.findings == [], [f.text() for f in loaded.report.findings]
    for bleed in (0.0, 3.0):
        page = _card_pages(loaded, bleed=bleed)[1]
        pictures = {}
        for group, _matrix in walk(page.items):
            if not (isinstance(group, Group) and group.role == "card-back"):
                continue
            images = [item for item, _m in walk(group.items) if isinstance(item, Image)]
            if group.name in ("sun-1", "sun-2", "moon-1"):
                (image,) = images
                assert image.w >= 63 + 2 * bleed - 0.01 and image.h >= 88 + 2 * bleed - 0.01  # cover: card and bleed
                assert image.x <= -bleed + 0.01 and image.y <= -bleed + 0.01
                pictures[group.name] = (Path(image.path).name, group.symbol)
            else:
                assert images == [], group.name
        assert pictures["sun-1"] == pictures["sun-2"] == ("night.png", pictures["sun-1"][1]) and pictures["sun-1"][1]
        assert pictures["moon-1"] == ("coarse.png", "")
    result = cli("build", kit, "-o", tmp_path / "out", "--lang", "en")
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_table_column_may_name_a_picture_back(tmp_path):
    from conftest import png

    kit = split_kit(tmp_path, unshuffled=True)
    (kit / "art").mkdir()
    (kit / "art" / "night.png").write_bytes(png(760, 1060))
    rows = [row + (",art/night.png" if row.startswith("comet") else ",") for row in STARS_AND_COMETS]
    write_csv(kit, rows, header=HEADER + ",back")
    assert findings(kit) == []
    write_csv(kit, [row.replace("art/night.png", "art/nope.png") for row in rows], header=HEADER + ",back")
    assert codes_at(kit) == [("PK107", "error", "tricks.csv:5:back")]


def test_the_json_schema_lets_editors_write_card_files():
    """`pnpkit schema` (for editor completion) accepts what the loader reads: `cards:` as a file name, or a list of
    cards, file names and `{file, sheet}` entries."""
    result = cli("schema")
    assert result.returncode == 0
    from jsonschema import Draft202012Validator

    printed = json.loads(result.stdout)
    cards = printed["$defs"]["GenericDeck"]["properties"]["cards"]
    takes = Draft202012Validator({**cards, "$defs": printed["$defs"]}).is_valid
    assert takes("cards.csv") and takes({"file": "more.xlsx", "sheet": "Trumps"})
    assert takes([{"title": {"en": "A"}}, "trumps-a.yaml", "trumps.csv", {"file": "more.xlsx", "sheet": "Trumps"}])
    assert not takes("cards.txt") and not takes([{"file": "more.xlsx", "shet": "Trumps"}])
    assert not takes([{"titel": {"en": "A"}}])
