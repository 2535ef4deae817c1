"""Rule summaries set like a good rulebook (issue 16): read from the laid-out scene of every kit's rules pages.

generator/layouts/rules.py labels each block it places with a role (rule-heading, rule-text, rule-step,
rule-bullet, rule-diagram, rule-table-header, rule-table-row; a table row is named "row i/n", a heading
repeated at the top of a continuing column "continued"). These tests measure the blocks as drawn (their
rectangles and lines of text), so a layout that strands a heading, leaves a column half empty or sets the body
small where there is room fails here. The errata tests check PK344: a ruling the errata state must also stand
in the rule section it names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import CONTENT_KITS, EDITIONS, KITS, LANGS, line_of, make_bad_kit

from pnpkit.generator.layouts.rules import SHORT_SECTION
from pnpkit.generator.scene import Group, Text, apply, bounds, walk
from pnpkit.generator.typeset.text import text_bounds

FLOWED = [name for name in KITS if name != "dice-battle-monsters"]
"""Kits whose summary flows in two columns (Dice Battle Monsters sets one page of runs and diagrams)."""
ROOMY = ["shogi-tcg", "wizards-element-collection", "unlock-tower", "starlit-bazaar", "moonlit-tricks"]
"""Kits whose summary has room on its page: their body grows to 8.5 pt or more."""
CONTINUED = {"ja": "（続き）", "en": "(cont.)", "de": "(Forts.)", "ko": "(계속)", "zh-Hans": "（续）"}
BALANCE = 0.15


@dataclass(frozen=True)
class Placed:
    role: str
    name: str
    top: float
    bottom: float
    texts: tuple[Text, ...]

    @property
    def keeps_with_next(self) -> bool:
        """The layout's keep rules, as a printer states them: a heading and a table's header keep with what
        follows, a table's first row with its second, its last row but one with its last."""
        if self.role in ("rule-heading", "rule-table-header"):
            return True
        row = re.fullmatch(r"row (\d+)/(\d+)", self.name)
        return bool(row) and (int(row[1]) == 1 or int(row[1]) == int(row[2]) - 1)


def bands(page) -> list[tuple[bool, list[list[Placed]]]]:
    """The page's bands top to bottom (tables set across the page are a band, the text between such tables
    another): whether it is across the page, and its columns left to right, each its blocks top to bottom."""
    found: list[tuple[Placed, float, float]] = []
    for item, matrix in walk(page.items):
        if not (isinstance(item, Group) and item.role.startswith("rule-")):
            continue
        ys, texts, wide = [], [], 0.0
        for child, m in walk(item.items, (1, 0, 0, 1, matrix[4] + item.dx, matrix[5] + item.dy)):
            if isinstance(child, Text):
                x0, y0, x1, y1 = text_bounds(child)
                ys += [apply(m, x0, y0)[1], apply(m, x1, y1)[1]]
                texts.append(child)
            elif not isinstance(child, Group) and (box := bounds(child, m)) is not None:
                ys += [box[1], box[3]]
                wide = max(wide, box[2] - box[0])
        x = round(matrix[4] + item.dx, 1)
        found.append((Placed(item.role, item.name, min(ys), max(ys), tuple(texts)), x, wide))
    # a section is across the page when its heading is: the blocks under a heading share its band
    placed: list[tuple[Placed, float, bool]] = []
    across = False
    for block, x, wide in sorted(found, key=lambda found: (found[1], found[0].top)):
        if block.role == "rule-heading":
            across = wide > page_width(page) / 2
        placed.append((block, x, across))
    out: list[tuple[bool, dict[float, list[Placed]]]] = []
    for block, x, across in sorted(placed, key=lambda placed: placed[0].top):
        if not out or out[-1][0] != across:
            out.append((across, {}))
        out[-1][1].setdefault(x, []).append(block)
    return [(across, [sorted(band[x], key=lambda b: b.top) for x in sorted(band)]) for across, band in out]


def page_width(page) -> float:
    return getattr(page, "width", 210.0)


def columns(page) -> list[list[Placed]]:
    """The page's columns, band after band, left to right."""
    return [column for _across, band in bands(page) for column in band]


def rule_pages(kits, name: str, lang: str):
    return kits.layouts(name)[lang]["rules"].pages


def body_size(pages) -> float:
    """The size most of the rule text (paragraphs, steps, bullets) is set at."""
    sizes: dict[float, int] = {}
    for page in pages:
        for column in columns(page):
            for block in column:
                if block.role in ("rule-text", "rule-step", "rule-bullet"):
                    for text in block.texts:
                        sizes[text.size] = sizes.get(text.size, 0) + len(text.text)
    return max(sizes, key=lambda size: sizes[size])


def heading_text(block: Placed) -> str:
    return "".join(text.text for text in block.texts)


# ---------------------------------------------------------------- headings, keeps and continued tables


def check_keeps(pages, lang: str) -> None:
    """No heading or table header ends a column; a column that opens inside a section repeats its heading marked
    continued, and a table's header row before its rows; a table opens with its header and first two rows."""
    for p, page in enumerate(pages, start=1):
        for c, column in enumerate(columns(page), start=1):
            where = f"page {p} column {c}"
            assert column[-1].role not in ("rule-heading", "rule-table-header"), f"{where} ends with a heading"
            assert not column[-1].keeps_with_next or (column[-1].role == "rule-table-row" and _last_row(column[-1])), (
                f"{where} ends with {column[-1].name or column[-1].role}, which keeps with the next block"
            )
            assert column[0].role == "rule-heading", f"{where} opens without a heading"
            for i, block in enumerate(column):
                if block.role == "rule-heading" and block.name == "continued":
                    assert i == 0, f"{where}: a continued heading below the top"
                    assert heading_text(block).endswith(CONTINUED[lang]), heading_text(block)
                if block.role == "rule-table-row":
                    before = column[i - 1].role
                    assert before in ("rule-table-header", "rule-table-row"), f"{where}: {block.name} has no header"
                if block.role == "rule-table-row" and block.name.startswith("row 1/"):
                    rows = int(block.name.split("/")[1])
                    following = [b.name for b in column[i : i + min(rows, 2)]]
                    assert following == [f"row {k}/{rows}" for k in range(1, min(rows, 2) + 1)], (
                        f"{where}: a table opens with {following}"
                    )
            if column[0].name == "continued" and len(column) > 1 and column[1].role == "rule-table-header":
                assert column[2].role == "rule-table-row" and not column[2].name.startswith("row 1/")


def _last_row(block: Placed) -> bool:
    row = re.fullmatch(r"row (\d+)/(\d+)", block.name)
    return bool(row) and row[1] == row[2]


@pytest.mark.parametrize(("name", "lang"), EDITIONS)
def test_no_heading_at_a_column_foot_and_continued_sections_say_so(kits, name, lang):
    check_keeps(rule_pages(kits, name, lang), lang)


def test_the_keep_check_can_fail():
    """A heading at a column's foot, and a table row continued without its header: the check says so."""

    def page(*blocks):
        class Page:
            items = tuple(
                Group((Text(0, 4, text, 9),), dx=7, dy=20 + 10 * k, role=role, name=name)
                for k, (role, name, text) in enumerate(blocks)
            )

        return Page()

    with pytest.raises(AssertionError, match="ends with a heading"):
        check_keeps([page(("rule-heading", "", "Setup"), ("rule-text", "", "x"), ("rule-heading", "", "Play"))], "en")
    with pytest.raises(AssertionError, match="has no header"):
        check_keeps([page(("rule-heading", "continued", "Errata (cont.)"), ("rule-table-row", "row 3/6", "x"))], "en")


LONG_TABLE = "\n".join(
    f'          - [{{ja: 札{n}, en: Card {n}}}, {{ja: 説明{n}。長い説明の行が続く。, en: "Note {n}: a line that runs on."}}]'
    for n in range(1, 151)
)


@pytest.mark.parametrize("lang", LANGS)
def test_a_table_longer_than_a_column_repeats_its_heading_and_header(kits, tmp_path, lang):
    """A table of 150 rows on the generic example: it splits, and every column it continues in opens with the
    section heading marked continued and the header row."""
    from pnpkit.generator.build import layout_kit
    from pnpkit.validator.kit import load_kit

    table = (
        "    - title: {ja: 一覧, en: Index}\n      table:\n        columns: [{ja: 札, en: Card}, {ja: 説明, en: Note}]\n"
        f"        rows:\n{LONG_TABLE}\n"
    )
    kit = make_bad_kit(
        tmp_path,
        [("rules.yaml", "    - title: {ja: 得点, en: Scoring}\n", table + "    - title: {ja: 得点, en: Scoring}\n")],
        kit="moonlit-tricks",
    )
    loaded = load_kit(kit)
    assert loaded.ok, [f.text() for f in loaded.report.findings]
    parts, problems = layout_kit(loaded, lang)
    assert problems == []
    pages = next(part for part in parts if part.slug == "rules").pages
    check_keeps(pages, lang)
    opened = [col for page in pages for col in columns(page) if col[0].name == "continued"]
    assert len(pages) >= 2 and len(opened) >= 3, "150 rows fill more than two columns"
    for column in opened:
        assert heading_text(column[0]) == {"ja": "一覧（続き）", "en": "Index (cont.)"}[lang]
        assert column[1].role == "rule-table-header"
    check_balance(pages)


# ---------------------------------------------------------------- balanced columns


def units(column: list[Placed]) -> list[tuple[float, float]]:
    """The column's keep-together runs of blocks, as (top, bottom): a short section (SHORT_SECTION, its heading
    included) is one run, as the layout keeps it whole; in a longer one, the runs the keep rules make."""
    out: list[tuple[float, float]] = []
    sections: list[list[Placed]] = []
    for block in column:
        if block.role == "rule-heading" or not sections:
            sections.append([])
        sections[-1].append(block)
    for section in sections:
        if section[-1].bottom - section[0].top <= SHORT_SECTION:
            out.append((section[0].top, section[-1].bottom))
            continue
        start = None
        for block in section:
            start = block.top if start is None else start
            if not block.keeps_with_next:
                out.append((start, block.bottom))
                start = None
        if start is not None:
            out.append((start, section[-1].bottom))
    return out


def check_balance(pages) -> None:
    """On every page the two columns end within 15 % of the taller one's height, unless the difference is less
    than the run of blocks at the cut on the taller side: moving that run across would make the other column the
    taller by more, so no cut is better. (This is how a short summary of a few large blocks may end unevenly.)"""
    for p, page in enumerate(pages, start=1):
        for across, cols in bands(page):
            if not across:
                _check_band(p, cols)


def _check_band(p: int, cols: list[list[Placed]]) -> None:
    """One band's two columns end within BALANCE of each other, or as near as the run at the cut allows."""
    assert 1 <= len(cols) <= 2
    top = min(block.top for col in cols for block in col)
    heights = [col[-1].bottom - top for col in cols] + [0.0] * (2 - len(cols))
    left, right = heights
    if abs(left - right) <= BALANCE * max(heights):
        return
    right_column = cols[1][1:] if len(cols) > 1 and cols[1][0].name == "continued" else cols[-1]
    run = units(cols[0])[-1] if left > right else units(right_column)[0]
    assert abs(left - right) < run[1] - run[0] + 2.0, (
        f"page {p}: columns {left:.0f} and {right:.0f} mm; the run at the cut is {run[1] - run[0]:.0f} mm"
    )


@pytest.mark.parametrize(("name", "lang"), [(name, lang) for name, lang in EDITIONS if name in FLOWED])
def test_columns_are_balanced(kits, name, lang):
    check_balance(rule_pages(kits, name, lang))


def test_the_balance_check_can_fail():
    """All of a page in one column is not balanced: the check says so."""

    class Page:
        items = (Group((Text(0, 5, "x", 9),), dx=7, dy=20, role="rule-text"),) + tuple(
            Group((Text(0, 5, "x", 9),), dx=7, dy=20 + 10 * k, role="rule-text") for k in range(1, 20)
        )

    with pytest.raises(AssertionError, match="columns"):
        check_balance([Page()])


# ---------------------------------------------------------------- body size


@pytest.mark.parametrize(("name", "lang"), EDITIONS)
def test_body_is_readable_and_grows_where_there_is_room(kits, name, lang):
    body = body_size(rule_pages(kits, name, lang))
    assert body <= 9.0
    assert body >= (7.0 if lang.split("-")[0] in ("ja", "ko", "zh") else 6.0)  # CJK text has the higher floor
    if name in ROOMY:
        assert body >= 8.25, f"{name} ({lang}) has room but sets its body at {body} pt"  # phrase breaks cost a little


# ---------------------------------------------------------------- PK344: errata rulings stand in their sections


@pytest.mark.parametrize("name", list(CONTENT_KITS))
def test_every_seed_kits_errata_rulings_stand_in_their_sections(kits, name):
    loaded = kits.loaded(name)
    assert [f.text() for f in loaded.report.findings if f.code in ("PK344", "PK305")] == []
    assert any(erratum.section for erratum in loaded.kit.errata), f"{name} links no erratum to its section"


RELIC_BULLET = (
    "        - ja: 負けたプレイヤーは、遺物を一枚横向きにして山札（一番上以外）に戻せば、ダイスの代わりに好きな空きノードを選べる。\n"
    "          en: Instead of rolling, the defeated player may put a relic back sideways (anywhere in the deck but the top) "
    "to pick any empty node.\n"
)


DEFEAT_MOVE = "    section: battle\n    ruling:\n      ja: 遺物を一枚"
"""The link of Shogi + TCG's erratum `defeat-move` to its section."""


def test_a_ruling_removed_from_its_section_is_pk344_at_the_errata_line(tmp_path):
    """Shogi + TCG's relic return after a lost battle, taken out of the Battle section: stated only in the errata."""
    from pnpkit.validator.kit import load_kit

    kit = make_bad_kit(tmp_path, [("rules.yaml", RELIC_BULLET, "")], kit="shogi-tcg")
    found = [f for f in load_kit(kit).report.findings if f.code == "PK344"]
    errata = kit / "errata.yaml"
    want = {
        (line_of(errata, "      ja: 遺物を一枚横向きにして山札（一番上以外）に戻せば"), "ja"),
        (line_of(errata, "      en: put a relic back sideways"), "en"),
    }
    assert {(f.location.line, f.path.rsplit(".", 1)[1]) for f in found} == want, [f.text() for f in found]
    assert all(Path(f.location.file).name == "errata.yaml" and f.severity == "warning" for f in found)
    assert all("'defeat-move'" in f.message and "only in the errata" in f.message for f in found)
    assert {f.location.col for f in found} == {11}


def test_an_erratum_naming_no_section_is_pk305(tmp_path):
    from pnpkit.validator.kit import load_kit

    kit = make_bad_kit(
        tmp_path, [("errata.yaml", DEFEAT_MOVE, DEFEAT_MOVE.replace("battle", "combat"))], kit="shogi-tcg"
    )
    found = [f for f in load_kit(kit).report.findings if f.code in ("PK305", "PK344")]
    assert [(f.code, f.location.line) for f in found] == [("PK305", line_of(kit / "errata.yaml", "section: combat"))]
    assert "battle" in found[0].hint


def test_a_ruling_without_its_section_is_a_schema_error(tmp_path):
    from pnpkit.validator.kit import load_kit

    kit = make_bad_kit(
        tmp_path, [("errata.yaml", DEFEAT_MOVE, DEFEAT_MOVE.replace("    section: battle\n", ""))], kit="shogi-tcg"
    )
    loaded = load_kit(kit)
    assert not loaded.ok
    assert any("go together" in f.message for f in loaded.report.errors), [f.text() for f in loaded.report.errors]
