"""Text printed over other text is a finding (PK367, a warning at layout), whatever laid it out; runs of one
line in different styles are one line, not a collision. Text that crowds the edge of the box or disc drawn round
it (less than 1 mm at the line's ends), or runs into a shape beside it, is PK368."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import cli, line_of, make_bad_kit, parse_findings

TITLE = "{name: title, kind: text, box: [14.5mm, 4mm, 44.5mm, 8mm]"
FLAVOUR = "{name: flavour, kind: text, box: [5mm, 77mm, 53mm, 7mm]"


def found(kit: Path, code: str) -> list:
    result = cli("validate", kit)
    return [f for f in parse_findings(result.stdout + result.stderr) if f.code == code]


@pytest.mark.parametrize(
    ("region", "moved", "code", "words"),
    [
        (FLAVOUR, "{name: flavour, kind: text, box: [14.5mm, 4mm, 44.5mm, 8mm]", "PK367", "prints over"),
        (TITLE, "{name: title, kind: text, box: [14.5mm, 8mm, 44.5mm, 8mm]", "PK368", "of the edge of its box"),
    ],
    ids=["flavour-onto-title", "title-onto-the-foot-of-its-band"],
)
def test_a_region_moved_into_another_is_a_warning_at_the_card(tmp_path: Path, region, moved, code, words):
    kit = make_bad_kit(tmp_path, [("templates.yaml", region, moved)], kit="moonlit-tricks")
    hits = found(kit, code)
    assert hits and all(f.severity == "warning" for f in hits)
    assert words in hits[0].text
    first = hits[0]  # told at the card it is on, at the field the text comes from
    assert (first.file.name, first.line) == (
        "decks.yaml",
        line_of(kit / "decks.yaml", "title: {ja: 朝焼け, en: Daybreak}"),
    )


def test_the_same_regions_apart_are_no_finding(tmp_path: Path):
    kit = make_bad_kit(tmp_path, [], kit="moonlit-tricks")
    assert found(kit, "PK367") == []
    assert found(kit, "PK368") == []
    text = (kit / "templates.yaml").read_text(encoding="utf-8")
    assert TITLE in text and FLAVOUR in text  # the sibling above moves exactly this region


def test_styled_runs_of_one_line_are_not_a_collision():
    from pnpkit.generator.layouts.context import page_text
    from pnpkit.generator.scene import Page, Text

    line = (Text(20, 50, "Bold ", 9, bold=True), Text(28.5, 50, "and plain", 9))
    over = (Text(20, 50, "first", 9), Text(21, 50.5, "second", 9.5))
    assert not [p for p in page_text([Page(210, 297, line)]) if p.code == "PK367"]
    assert [p.code for p in page_text([Page(210, 297, over)]) if p.code == "PK367"] == ["PK367"]


def crowding(*items) -> list[str]:
    from pnpkit.generator.layouts.context import page_text
    from pnpkit.generator.scene import Page

    return [p.message for p in page_text([Page(210, 297, tuple(items))]) if p.code == "PK368"]


def test_text_keeps_a_millimetre_inside_its_box_at_the_ends_of_the_line():
    from pnpkit.generator.scene import Rect, Style, Text
    from pnpkit.generator.typeset.text import text_bounds

    word = Text(50, 50, "Harvest", 9, anchor="middle")
    x0, y0, x1, y1 = text_bounds(word)
    fill = Style(fill="#e0e0e0")
    tight = Rect(x0 - 0.5, y0 - 1, x1 - x0 + 1.0, y1 - y0 + 2, style=fill)
    roomy = Rect(x0 - 1.2, y0 - 1, x1 - x0 + 2.4, y1 - y0 + 2, style=fill)
    assert crowding(tight, word) and "of the edge of its box" in crowding(tight, word)[0]
    assert crowding(roomy, word) == []
    turned = Text(0, 0, "Harvest", 9, anchor="middle")  # the same line run up the page: its ends are top and bottom
    from pnpkit.generator.scene import Group

    up = Group((turned,), dx=50, dy=50, rotate=-90)
    assert crowding(Rect(45, y0 - 40, 10, 80, style=fill), up) == []
    assert crowding(Rect(45, 50 - (x1 - x0) / 2 - 0.4, 10, x1 - x0 + 0.8, style=fill), up)


def test_a_badge_on_a_panels_edge_sits_on_its_own_ground():
    from pnpkit.generator.scene import Rect, Style, Text

    panel = Rect(20, 20, 60, 30, style=Style(fill="#f1e6d6"))
    pill = Rect(40, 46, 20, 8, style=Style(fill="#5b2a4e"), radius=4)
    label = Text(50, 51.5, "At once", 7.5, anchor="middle", colour="#ffffff")
    assert crowding(panel, pill, label) == []
    assert crowding(panel, label)  # without its pill the label runs into the panel's edge


def test_text_in_a_disc_stays_inside_its_stroke_and_clear_of_discs_beside_it():
    from pnpkit.generator.scene import Circle, Style, Text

    ring = Style(fill="#ffffff", stroke="#000000", width=0.6)
    word = Text(50, 53, "any kind", 7, anchor="middle")
    assert crowding(Circle(50, 50, 4.5, style=ring), word)
    assert crowding(Circle(50, 51, 9, style=ring), word) == []
    assert "into a circle beside it" in crowding(Circle(50, 56.5, 4, style=ring), word)[0]
