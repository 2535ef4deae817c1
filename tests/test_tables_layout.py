"""Tables a typesetter would sign (issue 39, item 3): one rule sets every rule-summary table's columns
(generator/layouts/table_columns.py). A column whose Japanese cells would break into lines of 1–4 characters is
widened from the columns that can spare the room; a table that cannot be fed so in a column is set across the page;
what even that cannot mend is PK366 at the table's section. Read from the laid-out rule pages and from the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CONTENT_KITS, cli, line_of, make_bad_kit, parse_findings

from pnpkit.generator.scene import Group, Rect, Text, bounds, walk
from pnpkit.generator.typeset.linebreaks import CLOSING_PUNCTUATION, has_wide

# ---------------------------------------------------------------- the rule


def test_a_starved_column_takes_room_from_one_that_can_spare_it():
    """The errata's topic column at its 18 % share breaks 「最後のサイクルのシフト」 into 「最後の」 lines; the rule
    widens it from the wide prose columns, and no cell is starved at the widths it gives."""
    from pnpkit.generator.layouts.table_columns import column_widths, starved_cells

    columns = ("項目", "原文", "この版の裁定")
    rows = (
        ("最後のサイクルのシフト", "シフトは5サイクルごとに起こるので、20サイクル目の終わりにも起こる。", "引かない。"),
        ("遺物のコストを払えない", "引いたときにコストを払うが、払えない場合がない。", "横向きにして戻す。"),
    )
    shares = (0.18, 0.41, 0.41)
    base = tuple(share * 95.0 for share in shares)
    assert starved_cells(columns, rows, base, 8.5, 2.4), "the shares starve the topic column"
    got = column_widths(columns, rows, shares, 95.0, 8.5)
    assert got.comfortable and got.widths[0] > base[0] + 3.0
    assert abs(sum(got.widths) - 95.0) < 1e-6
    assert starved_cells(columns, rows, got.widths, 8.5, 2.4) == []


def test_a_table_that_is_fed_keeps_its_shares():
    """A table no cell of which starves is set at its shares, to the last bit (every such kit prints as before)."""
    from pnpkit.generator.layouts.table_columns import column_widths

    columns = ("Name", "Effect")
    rows = (("Flood", "Each player discards a card."), ("Drought", "Skip your next draw."))
    got = column_widths(columns, rows, (0.3, 0.7), 95.0, 8.5)
    assert got.comfortable and got.widths == (0.3 * 95.0, 0.7 * 95.0)


# ---------------------------------------------------------------- the content kits


def _tables(page) -> list[tuple[float, list[list[list[Text]]]]]:
    """Each table row on the page: its width (mm) and its cells' lines (a cell is a group of texts in the row)."""
    found = []
    for item, _matrix in walk(page.items):
        if not (isinstance(item, Group) and item.role in ("rule-table-row", "rule-table-header")):
            continue
        frame = next(child for child in item.items if isinstance(child, Rect))
        box = bounds(frame)
        assert box is not None
        cells = [[t for t in child.items if isinstance(t, Text)] for child in item.items if isinstance(child, Group)]
        found.append((box[2] - box[0], cells))
    return found


def _starved(lines: list[Text]) -> list[str]:
    """A wrapped cell's lines, but its last, that starve: 4 Japanese characters or fewer, or one English word."""
    words = [line.text for line in sorted(lines, key=lambda t: t.y)]
    if len(words) < 2:
        return []
    if not has_wide("".join(words)):
        return [w for w in words[:-1] if len(w.split()) == 1]
    return [w for w in words[:-1] if sum(1 for ch in w if ch.strip() and ch not in CLOSING_PUNCTUATION) <= 4]


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("name", sorted(CONTENT_KITS))
def test_no_content_kit_sets_a_table_cell_in_starved_lines(kits, name, lang):
    """Every table row of every content kit's rule summary, as laid out: no wrapped cell has a line of 1–4
    Japanese characters, or an English word alone, before its last."""
    pages = kits.layouts(name)[lang]["rules"].pages
    rows = [row for page in pages for row in _tables(page)]
    assert rows, f"{name} has no table"
    for _width, cells in rows:
        for lines in cells:
            assert _starved(lines) == [], (name, [line.text for line in lines])


def test_element_shift_sets_its_japanese_tables_across_the_page_and_its_english_ones_in_columns(kits):
    """Its Japanese errata would starve in a column: every table of the summary goes across the page, as on a
    one-page summary. The English tables are fed in a column and stay there."""
    layouts = kits.layouts("element-shift")
    widths = {
        lang: {round(width) for page in layouts[lang]["rules"].pages for width, _ in _tables(page)}
        for lang in ("ja", "en")
    }
    page = layouts["ja"]["rules"].pages[0]
    across = page.width - 2 * 7.0  # the paper inside the two margins
    assert widths["ja"] == {round(across)}
    assert max(widths["en"]) < across / 2


# ---------------------------------------------------------------- the finding


NARROW = (
    "    - title: {ja: 一覧, en: Index}\n      table:\n        columns: [COLUMNS]\n        rows:\n          - [CELLS]\n"
)
CELL = "{ja: 最後のサイクルのシフト, en: The last cycle's shift}"
HEAD = "{ja: 項目, en: Item}"


def _narrow_table(count: int) -> str:
    return NARROW.replace("COLUMNS", ", ".join([HEAD] * count)).replace("CELLS", ", ".join([CELL] * count))


@pytest.mark.parametrize(("count", "told"), [(12, True), (2, False)])
def test_a_table_too_narrow_even_across_the_page_is_pk366_at_its_section(tmp_path: Path, count: int, told: bool):
    """Twelve columns across the page cannot all be fed: PK366, a warning, at the section's line, in each
    language (Japanese in lines of 1–4 characters, English a word to a line). The same cells in two columns are
    fed: silent."""
    kit = make_bad_kit(
        tmp_path,
        [
            (
                "rules.yaml",
                "    - title: {ja: 得点, en: Scoring}\n",
                _narrow_table(count) + "    - title: {ja: 得点, en: Scoring}\n",
            )
        ],
        kit="moonlit-tricks",
    )
    result = cli("validate", kit)
    found = [f for f in parse_findings(result.stdout + result.stderr) if f.code == "PK366"]
    if not told:
        assert found == [], result.stdout + result.stderr
        return
    assert found, result.stdout + result.stderr
    assert all(f.severity == "warning" for f in found)
    assert {(f.file, f.line) for f in found} == {
        (kit / "rules.yaml", line_of(kit / "rules.yaml", "- title: {ja: 一覧"))
    }
    assert any("最後のサイクルのシフト" in f.text and "1–4 characters" in f.text for f in found)
    assert any("The last cycle's" in f.text and "a word alone on a line" in f.text for f in found)
