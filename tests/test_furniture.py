"""pnpkit's own print furniture never blocks a build (issue 38, item 4).

Sheet labels, print notes, scale bars, card-back titles pnpkit chose and the kit book's contents shrink, move or
leave themselves out on any card size and paper: a finding on pnpkit's own text is a pnpkit bug. No card size
gives a traceback (the built-in `plain` template is worked out for every deck), and a deck with no `size:` of its
own is measured by the mat check at its template's size. Every kit here is written in tmp_path.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdf
import pytest
from conftest import Shown, cli, line_of, parse_findings
from pdftext import opened, text_of_page

A4_PT = (595.28, 841.89)
LETTER_PT = (612.0, 792.0)
TITLE = "Island Traders of the Long Sea"
"""A kit title long enough to crowd every piece of furniture that carries it."""


def _write(tmp_path: Path, name: str, body: str, paper: str = "a4") -> Path:
    kit = tmp_path / name
    kit.mkdir()
    (kit / "kit.yaml").write_text(
        f"id: {name}\ngame: generic\ntitle: {{ja: 島の交易, en: {TITLE}}}\nplayers: {{min: 2, max: 4}}\n"
        f"languages: [ja, en]\nprint: {{paper: {paper}}}\n" + body,
        encoding="utf-8",
    )
    return kit


def _piece_kit(tmp_path: Path, width: float, height: float, paper: str, back: str = "", settings: str = "") -> Path:
    """One template the size of the card, a coloured panel inset half a millimetre, and a deck of 15 cards."""
    body = f"""card_templates:
  templates:
    - id: piece
      size: {{width: {width}mm, height: {height}mm}}
      frame: {{border: 0.5mm, radius: 0.5mm}}
      regions:
        - {{name: ground, kind: panel, box: [0.5mm, 0.5mm, {width - 1}mm, {height - 1}mm], fill: "#c0392b"}}
decks:
  - id: roads
    name: {{ja: 街道, en: Roads}}
    template: piece
{back}    cards:
      - {{id: road, count: 15}}
"""
    return _write(tmp_path, f"piece-{width:g}x{height:g}-{paper}", body, paper + settings)


def _findings(result) -> list[Shown]:
    return parse_findings(result.stdout + result.stderr)


SIZES = [(20, 20), (24, 24), (36, 36), (63, 88), (120, 170), (30, 7), (10, 60)]
BUILT = {((20, 20), "a4"), ((30, 7), "a4"), ((10, 60), "letter"), ((120, 170), "letter"), ((24, 24), "letter")}
"""The sizes also built (English, no SVG) and read back: the smallest square, the road piece, the strip, the
largest card and a token square on Letter. Every size is validated in both languages, which lays out every page
and runs every page check a build runs."""


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_any_card_size_gives_no_traceback_and_no_finding_on_pnpkits_own_text(tmp_path, size, paper):
    """The kit is correct, so every finding would be on pnpkit's own text: there must be none. Every size is
    validated (both languages: every page laid out and checked, the kit book included); the `BUILT` subset is also
    built in English without SVGs, and its sheets are the paper's size and still say how to print them (the label
    and print note took a form that fits) and carry the kit's long title on the backs where there is room."""
    kit = _piece_kit(tmp_path, *size, paper)
    result = cli("validate", kit)
    assert result.returncode == 0 and _findings(result) == [], result.stdout + result.stderr
    if (size, paper) not in BUILT:
        return
    out = tmp_path / "out"
    result = cli("build", kit, "-o", out, "--lang", "en", "--no-svg")
    assert result.returncode == 0 and _findings(result) == [], result.stdout + result.stderr
    sheets = out / kit.name / "en" / "cards-roads.pdf"
    reader = pypdf.PdfReader(sheets)
    expected = A4_PT if paper == "a4" else LETTER_PT
    assert {(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2)) for p in reader.pages} == {expected}
    with opened(sheets) as document:
        front = " ".join(text_of_page(document, 0).split())
        back = " ".join(text_of_page(document, 1).split())
    assert "Print at 100 %" in front, front
    assert re.search(r"\b1/\d+\b", front), front  # the sheet's label, in the longest form that fits
    # the backs print the kit's title on each card (beyond the sheet's label, which the fronts share), but a road
    # piece's back has no room for it
    assert (back.count("Traders") > front.count("Traders")) == (size != (30, 7)), back


@pytest.mark.parametrize(
    ("size", "paper", "settings"),
    [
        ((63, 88), "a4", ", bleed: 3mm, marks: crop"),  # marks run into the side margin: notes between them
        ((20, 20), "letter", ", bleed: 3mm, marks: crop"),
        ((30, 7), "a4", ", layout: gutterfold"),
        ((10, 60), "letter", ", duplex: short, marks: none"),
    ],
)
def test_other_print_settings_leave_the_notes_room_too(tmp_path, size, paper, settings):
    kit = _piece_kit(tmp_path, *size, paper, settings=settings)
    result = cli("validate", kit)
    assert result.returncode == 0 and _findings(result) == [], result.stdout + result.stderr


@pytest.mark.parametrize("size", [(30, 7), (10, 30), (0.5, 0.5), (63, 88), (120, 170), (300, 2)])
def test_the_plain_template_has_a_box_inside_the_card_for_every_size(size):
    from pnpkit.validator.games.generic_cards import plain_template

    width, height = size
    template = plain_template(width, height)
    for region in template.regions:
        x, y, w, h = region.box
        assert min(x, y, w, h) >= 0, (region.name, region.box)
        assert x + w <= width + 1e-9 and y + h <= height + 1e-9, (region.name, region.box)


def test_a_plain_deck_of_road_pieces_validates(tmp_path):
    """A deck without a template, 30 × 7 mm: the built-in template's title band holds a short title."""
    kit = _write(
        tmp_path,
        "plain-roads",
        "decks:\n  - id: roads\n    name: {ja: 街道, en: Roads}\n    size: {width: 30mm, height: 7mm}\n"
        "    cards:\n      - {title: {ja: 道, en: Road}, count: 15}\n",
    )
    result = cli("validate", kit)
    assert result.returncode == 0 and _findings(result) == [], result.stdout + result.stderr


# ---------------------------------------------------------------- card backs


def _backs_text(tmp_path: Path, kit: Path) -> str:
    out = tmp_path / "out"
    result = cli("build", kit, "-o", out, "--lang", "en", "--no-svg")
    assert result.returncode == 0, result.stdout + result.stderr
    with opened(out / kit.name / "en" / "cards-roads.pdf") as document:
        return " ".join(text_of_page(document, 1).split())


def test_a_back_title_too_long_for_a_road_piece_is_one_warning_at_its_line(tmp_path):
    back = "    back: {title: {ja: 島の交易の長い長い街道, en: The Long Roads of the Island Traders}}\n"
    kit = _piece_kit(tmp_path, 30, 7, "a4", back)
    result = cli("validate", kit)
    found = _findings(result)
    assert result.returncode == 0, result.stdout + result.stderr
    line = line_of(kit / "kit.yaml", "back: {title:")
    assert {(f.code, f.severity, f.line) for f in found} == {("PK369", "warning", line)}, found
    assert len(found) == 2  # once for each language, however many backs print it
    assert "The Long Roads" not in _backs_text(tmp_path, kit)


def test_a_back_title_that_fits_prints_with_no_finding(tmp_path):
    """The sibling: the same title on a poker card is on every back, with the kit's title under it."""
    back = "    back: {title: {ja: 島の交易の長い長い街道, en: The Long Roads of the Island Traders}}\n"
    kit = _piece_kit(tmp_path, 63, 88, "a4", back)
    result = cli("validate", kit)
    assert result.returncode == 0 and _findings(result) == [], result.stdout + result.stderr
    text = _backs_text(tmp_path, kit)
    assert "The Long Roads" in text and TITLE in text


def test_a_strip_carries_the_kit_title_along_its_back(tmp_path):
    """A 10 × 60 mm strip has no room for the title across it: the plate lies along the strip."""
    kit = _piece_kit(tmp_path, 10, 60, "a4")
    assert TITLE in _backs_text(tmp_path, kit)


# ---------------------------------------------------------------- the contents


def _long_kit(tmp_path: Path, decks: int, markers: int) -> Path:
    """`decks` one-card decks and a token sheet of `markers` kinds: a checklist of decks + markers lines."""
    body = ["decks:"]
    for d in range(1, decks + 1):
        body += [
            f"  - id: deck{d}",
            f"    name: {{ja: 山札{d}, en: Deck {d}}}",
            "    cards:",
            f"      - title: {{ja: 嵐{d}, en: Storm {d}}}",
        ]
    body += ["tokens:", "  name: {ja: 駒, en: Pieces}", "  diameter: 12mm", "  markers:"]
    for i in range(1, markers + 1):
        body.append(f'    - {{id: m{i}, name: {{ja: 印{i}, en: Marker {i}}}, count: 2, colour: "#2b2b33"}}')
    return _write(tmp_path, "long", "\n".join(body) + "\n")


def test_sixty_checklist_lines_flow_onto_a_second_contents_page(tmp_path):
    """10 decks and 50 kinds of marker: the contents take two pages, the second headed as continued, and every page
    number they cite is where kit.pdf's outline and index.json put that component (the second contents page moves
    every later page on, and the calibration sheet onto the front of a sheet of paper, after a named blank page)."""
    kit = _long_kit(tmp_path, 10, 50)
    out = tmp_path / "out"
    result = cli("build", kit, "-o", out, "--lang", "en", "--no-svg")
    assert result.returncode == 0 and _findings(result) == [], result.stdout + result.stderr
    lang_dir = out / "long" / "en"
    with opened(lang_dir / "kit.pdf") as document:
        texts = [" ".join(text_of_page(document, n).split()) for n in range(len(document))]
    first, second = texts[1], texts[2]
    assert first.startswith("Contents") and second.startswith("Contents (cont.)"), (first[:40], second[:40])
    listed = first + " " + second
    assert "Marker 1 " in listed and "Marker 50 " in listed and "Storm" not in listed
    assert re.search(r"Pages? 4\b[\d, and]* (?:is|are) intentionally blank", listed), listed
    assert texts[3] == "This page is intentionally blank 4"  # the note, and the page's number
    assert "Duplex calibration sheet 5–6" in first and "Duplex calibration sheet" in texts[4]
    index = json.loads((lang_dir / "index.json").read_text(encoding="utf-8"))
    reader = pypdf.PdfReader(lang_dir / "kit.pdf")
    outline = {entry.title: reader.get_destination_page_number(entry) + 1 for entry in reader.outline}
    assert outline["Contents"] == 2
    for component in index["components"]:
        start, last = component["kit_pdf_first_page"], component["kit_pdf_first_page"] + component["pages"] - 1
        cited = re.search(re.escape(component["title"]) + r" (\d+)(?:–(\d+))? ", listed)
        assert cited and (int(cited[1]), int(cited[2] or cited[1])) == (start, last), (component["title"], cited)
        assert outline[component["title"]] == start
    deck7 = next(c for c in index["components"] if c["id"] == "cards-deck7")
    assert "Deck 7 — Fronts 1/1" in texts[deck7["kit_pdf_first_page"] - 1]


def test_a_checklist_longer_than_a_page_goes_on_under_its_heading_marked_continued(tmp_path):
    """203 lines: the checklist runs over three contents pages, each line once, its heading repeated as continued;
    the calibration sheet then opens page 5, the front of the third sheet of paper, with no blank page."""
    kit = _long_kit(tmp_path, 3, 200)
    out = tmp_path / "out"
    result = cli("build", kit, "-o", out, "--lang", "en", "--no-svg")
    assert result.returncode == 0 and _findings(result) == [], result.stdout + result.stderr
    with opened(out / "long" / "en" / "kit.pdf") as document:
        texts = [" ".join(text_of_page(document, n).split()) for n in range(5)]
    assert texts[1].startswith("Contents Component")
    assert all(text.startswith("Contents (cont.) Checklist of components (cont.)") for text in texts[2:4])
    listed = " ".join(texts[1:4])
    assert [len(re.findall(rf"Marker {n} ×", listed)) for n in range(1, 201)] == [1] * 200
    assert "Duplex calibration sheet 5–6" in texts[1] and texts[4].startswith("Duplex calibration sheet")
    assert not any(text.startswith("This page is intentionally blank") for text in texts), "none before page 5"


def test_long_names_shrink_in_the_contents_rather_than_stop_the_build(tmp_path):
    """A deck name the checklist's 8.5 pt line cannot hold shrinks towards the floor; a component's row names the
    component alone when "kit — component" cannot fit its cell."""
    kit = _long_kit(tmp_path, 2, 2)
    text = (kit / "kit.yaml").read_text(encoding="utf-8")
    (kit / "kit.yaml").write_text(
        text.replace("en: Deck 1}", "en: Deck of Many Goods and Other Fine Wares of the Far Coast}"), encoding="utf-8"
    )
    result = cli("validate", kit)
    assert result.returncode == 0 and _findings(result) == [], result.stdout + result.stderr


def test_a_short_checklist_keeps_one_contents_page(tmp_path):
    kit = _long_kit(tmp_path, 1, 10)
    out = tmp_path / "out"
    result = cli("build", kit, "-o", out, "--lang", "en", "--no-svg")
    assert result.returncode == 0, result.stdout + result.stderr
    with opened(out / "long" / "en" / "kit.pdf") as document:
        assert "Duplex calibration sheet" in text_of_page(document, 2)
        assert "Contents" not in text_of_page(document, 2)


# ---------------------------------------------------------------- mats


SMALL_DECK = """card_templates:
  templates:
    - id: small
      size: mini-euro
      regions:
        - {{name: title, kind: text, box: [5mm, 5mm, 34mm, 8mm]}}
decks:
  - id: goods
    name: {{ja: 品物, en: Goods}}
    template: small
    cards:
      - {{id: silk, fill: {{title: {{ja: 絹, en: Silk}}}}, count: 3}}
"""
"""A deck with no `size:` of its own: its cards are its template's mini-euro (44 × 68 mm)."""

MAT = (
    SMALL_DECK
    + """mats:
  - id: market
    name: {{ja: 市場, en: Market}}
    orientation: {orientation}
    rows:
      - zones:
          - {{id: draw, name: {{ja: 山札, en: Draw pile}}, cards: {{deck: goods}}}}
          - {{id: stalls, name: {{ja: 売り場, en: Stalls}}, width: {share}, cards: {{deck: goods, count: {stalls}}}}}
      - height: 0.6
        zones:
          - {{id: gold, name: {{ja: 金貨, en: Gold}}, note: {{ja: 金貨を置く, en: Gold goes here}}}}
"""
)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("orientation", "share", "stalls"), [("landscape", 3, 3), ("portrait", 2, 2)])
def test_a_template_sized_deck_fits_its_mat_and_the_measure_keeps_off_the_zones(
    tmp_path, paper, orientation, share, stalls
):
    """The deck gives no size; its template is mini-euro, which the draw pile's space holds (a poker card would
    not). The scale bar and print note are on the mat and touch no zone and no other text (no PK368): under the
    zones where they leave room, else up the side margin (a landscape mat on A4, a portrait one on Letter)."""
    from pnpkit.generator.build import layout_kit
    from pnpkit.generator.geometry import visible_named
    from pnpkit.generator.scene import Rect, Text
    from pnpkit.generator.typeset import fonts
    from pnpkit.validator.kit import load_kit

    kit = _write(tmp_path, "mat", MAT.format(stalls=stalls, orientation=orientation, share=share), paper)
    result = cli("validate", kit)
    assert result.returncode == 0 and _findings(result) == [], result.stdout + result.stderr
    loaded = load_kit(kit)
    parts, problems = layout_kit(loaded, "en")
    assert problems == []
    (mat,) = [part for part in parts if part.slug == "market"]
    with fonts.using(fonts.for_kit(loaded.model, loaded.root, "en")[0]):
        shown = visible_named(mat.pages[0].items, kind=(Text, Rect))
    zones = [box for item, box, _ in shown if isinstance(item, Rect) and item.role == "zone"]
    measure = [
        box
        for item, box, _ in shown
        if (isinstance(item, Rect) and item.role == "scale-bar")
        or (isinstance(item, Text) and item.role == "print-note")
    ]
    assert len(zones) == 3 and len(measure) >= 6  # five bar segments and the note
    assert any(isinstance(item, Text) and item.role == "print-note" for item, _box, _path in shown)
    for box in measure:
        for zone in zones:
            apart = box[2] <= zone[0] or zone[2] <= box[0] or box[3] <= zone[1] or zone[3] <= box[1]
            assert apart, (box, zone)


def test_a_deck_too_big_for_its_zone_is_still_an_error_at_the_zone(tmp_path):
    """The sibling: four mini-euro spaces need 197 mm; the stalls have 194.8 mm."""
    kit = _write(tmp_path, "mat", MAT.format(stalls=4, orientation="landscape", share=3))
    result = cli("validate", kit)
    found = _findings(result)
    assert result.returncode == 1
    assert {(f.code, f.line) for f in found} == {("PK414", line_of(kit / "kit.yaml", "id: stalls"))}, found
    assert "44 × 68 mm cards" in found[0].text


TRACK = (
    SMALL_DECK
    + """tracks:
  - id: score
    name: {{ja: 得点, en: Score}}
    layout: rectangle
    sides: {sides}
    spaces: 28
    space_depth: 20mm
    field: {{rows: 1, columns: 2, slot: {slot}, deck: goods}}
"""
)


def test_a_track_field_measures_a_template_sized_deck_at_its_template_size(tmp_path):
    kit = _write(tmp_path, "track", TRACK.format(sides="[7, 5, 7, 5]", slot="mini-euro"))
    result = cli("validate", kit)
    assert result.returncode == 0 and _findings(result) == [], result.stdout + result.stderr


def test_a_track_field_too_small_for_the_template_size_is_still_an_error(tmp_path):
    """The sibling: slots of 40 × 60 mm cannot take the template's 44 × 68 mm cards."""
    kit = _write(tmp_path, "track", TRACK.format(sides="[7, 5, 7, 5]", slot="{width: 40mm, height: 60mm}"))
    found = _findings(cli("validate", kit))
    assert {(f.code, f.line) for f in found} == {("PK414", line_of(kit / "kit.yaml", "field:"))}, found
    assert "44 × 68 mm" in found[0].text


def test_a_track_whose_sides_miss_its_count_is_a_finding_not_a_traceback(tmp_path):
    kit = _write(tmp_path, "track", TRACK.format(sides="[9, 5, 9, 5]", slot="mini-euro"))
    found = _findings(cli("validate", kit))
    assert [f.line for f in found] == [line_of(kit / "kit.yaml", "spaces: 28")], found


def test_a_region_too_large_for_a_road_piece_is_a_finding_at_its_line(tmp_path):
    """The designer's own region on a 30 × 7 mm card runs off it: a finding at the region, never a traceback."""
    body = """card_templates:
  templates:
    - id: road
      size: {width: 30mm, height: 7mm}
      regions:
        - {name: title, kind: text, box: [2mm, 2mm, 26mm, 8mm]}
decks:
  - id: roads
    name: {ja: 街道, en: Roads}
    template: road
    cards:
      - {id: road, fill: {title: {ja: 道, en: Road}}, count: 15}
"""
    kit = _write(tmp_path, "road", body)
    found = _findings(cli("validate", kit))
    region, card = line_of(kit / "kit.yaml", "{name: title, kind: text"), line_of(kit / "kit.yaml", "- {id: road")
    assert any(f.code == "PK405" and f.line == region and "runs off the 30 × 7 mm card" in f.text for f in found)
    assert {f.line for f in found} <= {region, card}, found  # and the text crowding its box, at the card


# ---------------------------------------------------------------- sheet headings


@pytest.mark.parametrize(
    ("title", "subtitle", "shown", "kept"),
    [
        ("Market — Stalls", "2–4 players", "Market — Stalls", True),  # room for both, as ever
        ("Island Traders " * 8 + "— Stalls", "2–4 players", "Stalls", True),  # the kit's name goes first
        (("Stalls " * 31).strip(), "2–4 players", ("Stalls " * 31).strip(), False),  # at the floor, alone
    ],
)
def test_a_sheet_heading_makes_room_for_itself_without_a_finding(title, subtitle, shown, kept):
    from pnpkit.generator.layouts.context import LayoutContext, page_title
    from pnpkit.generator.scene import Text
    from pnpkit.generator.typeset.text import item_width
    from pnpkit.generator.units import A4

    ctx = LayoutContext("en", A4)
    texts = [item for item in page_title(ctx, title, subtitle, where=("title", "en")) if isinstance(item, Text)]
    assert ctx.problems == []
    assert texts[0].text == shown and texts[0].size >= 6
    assert (subtitle in [t.text for t in texts]) == kept
    assert all(item_width(t) <= A4.width - 2 * ctx.margin for t in texts)


def test_a_sheet_heading_too_wide_even_alone_at_the_floor_is_a_finding_at_its_place():
    from pnpkit.generator.layouts.context import LayoutContext, page_title
    from pnpkit.generator.units import A4

    ctx = LayoutContext("en", A4)
    page_title(ctx, "Stalls" * 80, "2–4 players", where=("title", "en"))
    assert [(p.code, p.path) for p in ctx.problems] == [("PK309", ("title", "en"))]
