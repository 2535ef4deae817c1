"""Messages that help (issue 30): a mistake made once in a table's header, a template or a kit's sizes is one
finding where it was made, saying what it did and what to write instead, never one finding a card.

Every kit here is the generic example, Moonlit Tricks, with its star and comet cards moved into a table
(test_tables.split_kit), edited in tmp_path.
"""

from __future__ import annotations

import json

from conftest import cli, line_of, make_bad_kit
from test_tables import (
    HEADER,
    STARS_AND_COMETS,
    codes_at,
    findings,
    split_kit,
    star_sheet,
    workbook_kit,
    write_csv,
    write_xlsx,
)

MT = "moonlit-tricks"


def _messages(kit, code: str) -> list[dict]:
    return [item for item in findings(kit) if item["code"] == code]


# ---------------------------------------------------------------- 1. a misspelt header


def test_a_misspelt_header_is_one_finding_at_its_cell_with_a_guess(tmp_path):
    kit = split_kit(tmp_path)
    write_csv(kit, STARS_AND_COMETS, header=HEADER.replace(",suit,", ",suti,"))
    assert codes_at(kit) == [("PK543", "error", "tricks.csv:1:suti")]  # no PK404 and PK403 for each of 4 rows
    (item,) = findings(kit)
    assert "did you mean 'suit'?" in item["message"] and item["hint"] == "rename the header to 'suit'"


def test_a_misspelt_language_column_keeps_its_language_in_the_guess(tmp_path):
    kit = split_kit(tmp_path)
    write_csv(kit, STARS_AND_COMETS, header=HEADER.replace("pips.ja,pips.en", "pisp.ja,pisp.en"))
    assert codes_at(kit) == [("PK543", "error", "tricks.csv:1:pisp.en"), ("PK543", "error", "tricks.csv:1:pisp.ja")]
    hints = sorted(item["hint"] for item in findings(kit))
    assert hints == ["rename the header to 'pips.en'", "rename the header to 'pips.ja'"]


def test_a_misspelt_card_field_is_guessed_too(tmp_path):
    kit = split_kit(tmp_path)
    write_csv(kit, STARS_AND_COMETS, header=HEADER.replace(",count,", ",cuont,"))
    (item,) = _messages(kit, "PK543")  # (and PK338: every card is now one copy, too few to deal)
    assert (item["code"], item["location"]["cell"]) == ("PK543", "1:cuont")
    assert "did you mean 'count'?" in item["message"]


def test_a_misspelt_header_in_a_workbook_is_found_at_its_sheet_cell(tmp_path):
    kit = workbook_kit(tmp_path, "xlsx", "{file: tricks.xlsx, sheet: Cards}")
    cells = star_sheet(first_row=3)
    column = next(ref for ref, value in cells.items() if value == "suit")
    cells[column] = "siut"
    write_xlsx(kit / "tricks.xlsx", {"Cards": cells})
    (item,) = findings(kit)
    assert (item["code"], item["location"]["cell"]) == ("PK543", f"Cards!{column}")
    assert item["location"]["line"] == 3 and "did you mean 'suit'?" in item["message"]


def test_correct_headers_of_every_kind_are_never_flagged(tmp_path):
    """Card fields, `fill.` regions, languages and a region filled in only some rows."""
    kit = split_kit(tmp_path)
    header = HEADER.replace(",rank,", ",fill.rank,").replace("flavour.ja,flavour.en", "fill.flavour.ja,fill.flavour.en")
    write_csv(kit, STARS_AND_COMETS, header=header)
    assert findings(kit) == []


# ---------------------------------------------------------------- 2. min_size below the floor


def test_min_size_below_the_floor_is_one_warning_naming_the_regions(tmp_path):
    flavour = 'required: false, size: 6, min_size: 6, colour: "#75695a"'
    power = "required: false, size: 7.5, min_size: 6,"
    kit = make_bad_kit(
        tmp_path,
        [
            ("templates.yaml", flavour, flavour.replace("size: 6, min_size: 6", "size: 5, min_size: 4")),
            ("templates.yaml", power, power.replace("min_size: 6", "min_size: 5")),
        ],
        "floor",
        MT,
    )
    found = _messages(kit, "PK431")
    assert [(item["severity"], item["location"]["line"]) for item in found] == [
        ("warning", line_of(kit / "templates.yaml", "name: power"))
    ]
    message = found[0]["message"]
    assert "'power' (5 pt) of template 'suit-card', 'flavour' (4 pt) of template 'suit-card'" in message
    assert "6 pt (7 pt for Japanese text)" in message and "PK309" in message
    assert found[0]["hint"].startswith("write `min_size: 6` or more")


# ---------------------------------------------------------------- 3. text that cannot fit


def test_text_too_tall_for_its_box_says_so_and_what_to_change(tmp_path):
    long = "Trump. " * 40
    kit = split_kit(tmp_path)
    rows = list(STARS_AND_COMETS)
    rows[3] = rows[3].replace('"Trump. Beats every suit.', f'"{long}Beats every suit.')
    write_csv(kit, rows)
    (item,) = _messages(kit, "PK309")
    assert item["location"]["cell"] == "5:power.en"
    assert "mm too tall for its 50.6 × 21.6 mm box even at 6 pt (the readable floor)" in item["message"]
    assert "too wide" not in item["message"]
    assert item["hint"] == "make the `box:` of region 'power' taller, or shorten the card's text"  # min_size is 6


def test_a_word_too_wide_for_its_line_says_width(tmp_path):
    kit = split_kit(tmp_path)
    rows = list(STARS_AND_COMETS)
    rows[0] = rows[0].replace("Shooting Star", "Shootingstarofthenorthernautumnsky")
    write_csv(kit, rows)
    (item,) = _messages(kit, "PK309")
    assert "too wide (a word longer than the line)" in item["message"] and "too tall" not in item["message"]
    assert item["hint"].startswith("make the `box:` of region 'title' wider, lower the `min_size:` of region 'title'")
    assert item["hint"].endswith("or shorten the card's text")


def test_fixed_words_that_cannot_fit_are_told_once_at_their_place(tmp_path):
    """A label's name is the kit's, not the card's: one finding at the name, however many cards show it."""
    kit = make_bad_kit(
        tmp_path, [("templates.yaml", "en: Star}", "en: Star of the Northern Autumn Evening Sky}")], "label", MT
    )
    (item,) = _messages(kit, "PK309")
    assert item["location"]["line"] == line_of(kit / "templates.yaml", "Star of the Northern")
    assert "too tall" in item["message"] and "card" not in item["hint"]
    assert item["hint"] == "make the `box:` of region 'suit' taller, or shorten the name of label 'star'"


# ---------------------------------------------------------------- 4. names given twice say where the first is


def test_a_card_id_given_twice_names_the_first_place(tmp_path):
    kit = split_kit(tmp_path)
    rows = list(STARS_AND_COMETS)
    rows[3] = rows[3].replace("comet,3,", "star-1,3,")
    write_csv(kit, rows)
    (item,) = _messages(kit, "PK304")
    assert item["location"]["cell"] == "5:id" and "(first at tricks.csv:2:id)" in item["message"]


def test_a_region_given_twice_names_the_first_place(tmp_path):
    pips = "        - {name: pips, kind: text,"
    kit = make_bad_kit(
        tmp_path,
        [("templates.yaml", pips, "        - {name: pips, kind: text, box: [1mm, 1mm, 2mm, 2mm]}\n" + pips)],
        "region",
        MT,
    )
    first = line_of(kit / "templates.yaml", "box: [1mm, 1mm")
    found = _messages(kit, "PK304")
    assert [item["location"]["line"] for item in found] == [first + 1]
    assert f"(first at templates.yaml:{first}:" in found[0]["message"]


def test_a_column_set_twice_names_the_other_header(tmp_path):
    kit = split_kit(tmp_path)
    write_csv(kit, [row + ",1" for row in STARS_AND_COMETS], header=HEADER + ",fill.rank")
    (item,) = _messages(kit, "PK102")
    assert item["location"]["cell"] == "1:fill.rank" and "column 'rank' (at tricks.csv:1:rank)" in item["message"]


# ---------------------------------------------------------------- 5. a column whose name reads two ways


def test_a_count_column_beside_an_optional_count_region_is_one_warning(tmp_path):
    kit = split_kit(tmp_path)
    flavour = "        - {name: flavour,"
    templates = kit / "templates.yaml"
    region = "        - {name: count, kind: number, box: [50mm, 16mm, 8mm, 5mm], required: false}\n"
    templates.write_text(templates.read_text(encoding="utf-8").replace(flavour, region + flavour), encoding="utf-8")
    assert codes_at(kit) == [("PK430", "warning", "tricks.csv:1:count")]
    (item,) = findings(kit)
    assert "sets how many copies of each card print" in item["message"] and "`fill.count`" in item["hint"]

    write_csv(kit, [row + f",{n}" for n, row in enumerate(STARS_AND_COMETS, 1)], header=HEADER + ",fill.count")
    assert findings(kit) == []  # both written: the designer told them apart


def test_a_count_column_beside_a_required_count_region_is_one_error_not_one_a_card(tmp_path):
    kit = split_kit(tmp_path)
    flavour = "        - {name: flavour,"
    templates = kit / "templates.yaml"
    region = "        - {name: count, kind: number, box: [50mm, 16mm, 8mm, 5mm]}\n"
    templates.write_text(templates.read_text(encoding="utf-8").replace(flavour, region + flavour), encoding="utf-8")
    found = [place for code, _s, place in codes_at(kit) if code == "PK403" and place.startswith("tricks.csv")]
    assert found == ["tricks.csv:1:count", "tricks.csv:2:rank"]  # star-1 has no count cell: its own finding
    message = next(item for item in findings(kit) if item["location"].get("cell") == "1:count")["message"]
    assert "which is required, is left empty: the column likely means the region" in message


def test_a_region_written_both_as_shorthand_and_as_fill_is_one_finding(tmp_path):
    kit = split_kit(tmp_path)
    write_csv(kit, STARS_AND_COMETS, header=HEADER.replace("title.en", "fill.title.en"))
    twice = _messages(kit, "PK409")
    assert [item["location"]["cell"] for item in twice] == ["1:fill.title.en"]
    assert "'title.ja' (at tricks.csv:1:title.ja)" in twice[0]["message"]
    assert "`title.…` is shorthand for `fill.title.…`" in twice[0]["message"]


def test_the_findings_print_on_one_line_each(tmp_path):
    kit = split_kit(tmp_path)
    write_csv(kit, STARS_AND_COMETS, header=HEADER.replace(",suit,", ",suti,"))
    result = cli("validate", kit)
    lines = [line for line in (result.stdout + result.stderr).splitlines() if "PK543" in line]
    assert len(lines) == 1 and lines[0].split(": ", 1)[0].endswith("tricks.csv:1:suti"), lines
    assert json.loads(cli("validate", kit, "--format", "json").stdout)[0]["code"] == "PK543"


def test_nothing_more_is_said_about_the_cells_of_a_misspelt_column(tmp_path):
    """`pisp.en` misspelt alone: its header is the finding, and the cells below it say nothing more (their 'ja'
    text is missing only because of the header); `pips.ja` rightly lacks its English now."""
    kit = split_kit(tmp_path)
    write_csv(kit, STARS_AND_COMETS, header=HEADER.replace("pips.en", "pisp.en"))
    found = codes_at(kit)
    assert ("PK543", "error", "tricks.csv:1:pisp.en") in found
    assert not [place for _code, _s, place in found if place.endswith(":pisp.en") and place != "tricks.csv:1:pisp.en"]
    assert ("PK372", "warning", "tricks.csv:2:pips.ja") in found  # en: one warning, at the first gap


def test_a_misspelt_language_after_a_region_is_one_finding_at_its_header(tmp_path):
    kit = split_kit(tmp_path)
    write_csv(kit, STARS_AND_COMETS, header=HEADER.replace("power.en", "power.eng"))
    assert codes_at(kit) == [("PK543", "error", "tricks.csv:1:power.eng")]  # not PK201 for each row with a power
    assert "did you mean 'en'?" in findings(kit)[0]["message"]
