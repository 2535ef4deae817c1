"""Issue 39's small faults, each read back from what a buyer prints: the rule summary of Shogi + TCG starts with
the setup, and Unlock Tower's scoring table heads its tie-break column with what it holds."""

from __future__ import annotations

import pytest
from conftest import KITS, cli, line_of, make_bad_kit, parse_findings
from pdftext import page_text, page_texts


def _words(text: str) -> str:
    return " ".join(text.split())


def test_shogi_tcg_summary_starts_with_the_setup(kits):
    built = kits.builds("shogi-tcg")[0]
    english = _words(page_text(built / "en" / "rules.pdf", 0))
    assert english.index("Setup") < english.index("Winning") < english.index("Your turn")
    japanese = "".join(page_text(built / "ja" / "rules.pdf", 0).split())
    assert japanese.index("準備") < japanese.index("勝利条件")


def test_unlock_tower_scoring_table_heads_the_tie_break_column_by_what_it_holds(kits):
    built = kits.builds("unlock-tower")[0]
    english = _words(page_text(built / "en" / "rules.pdf", 0))
    assert "How to score VP Tie-break" in english
    japanese = "".join(page_text(built / "ja" / "rules.pdf", 0).split())
    assert "VP同点順" in japanese


def test_dice_battle_monsters_builds_on_letter_with_its_summary_over_two_pages(tmp_path):
    """Letter is 18 mm shorter than A4: the Japanese summary no longer fits one page at its floor, so its last
    sections (the errata) go on a second page, which backs the first, instead of an error."""
    done = cli("build", KITS["dice-battle-monsters"], "-o", tmp_path, "--paper", "letter", "--no-svg")
    assert done.returncode == 0, done.stdout + done.stderr
    pages = page_texts(tmp_path / "dice-battle-monsters" / "ja" / "rules.pdf")
    assert len(pages) == 2 and "正誤表" in pages[1] and "正誤表" not in pages[0]
    assert len(page_texts(tmp_path / "dice-battle-monsters" / "en" / "rules.pdf")) == 1, "English still fits one"
    a4 = cli("build", KITS["dice-battle-monsters"], "-o", tmp_path / "a4", "--no-svg", "--lang", "ja")
    assert a4.returncode == 0 and len(page_texts(tmp_path / "a4" / "dice-battle-monsters" / "ja" / "rules.pdf")) == 1


def _mana_fit(kits) -> tuple[float, float]:
    """The mana sheet's smallest space side and its mana markers' largest cut diameter (mm), from the scene."""
    from pnpkit.generator.scene import Circle, Group, Rect

    page = kits.layouts("wizards-element-collection")["en"]["mana-sheet"].pages[0]
    spaces = [i for i in page.items if isinstance(i, Rect) and i.role == "mana-space"]
    rings = [
        inner.r
        for item in page.items
        if isinstance(item, Group) and item.role == "marker"
        for inner in item.items
        if isinstance(inner, Circle) and inner.role == "piece-cut"
    ]
    assert spaces and rings
    return min(min(s.w, s.h) for s in spaces), 2 * max(rings)


def test_wizards_mana_markers_fit_the_spaces_they_sit_on(kits):
    space, marker = _mana_fit(kits)
    assert marker + 1.0 <= space, (marker, space)


def test_a_mana_sheet_too_dense_for_its_markers_is_pk415_at_its_columns(tmp_path):
    kit = make_bad_kit(tmp_path, [("board.yaml", "  columns: 8\n", "  columns: 3\n")], kit="wizards-element-collection")
    done = cli("build", kit, "-o", tmp_path / "out", "--lang", "en", "--no-svg")
    found = [f for f in parse_findings(done.stdout + done.stderr) if f.code == "PK415"]
    assert found and found[0].file.name == "board.yaml", done.stdout + done.stderr
    assert found[0].line == line_of(kit / "board.yaml", "  columns: 3")


@pytest.mark.parametrize("name", ["dice-battle-monsters", "element-shift", "wizards-element-collection", "shogi-tcg"])
def test_card_sheet_headers_keep_clear_of_the_cut_ticks(kits, name):
    """The sheet label and the print note over a card sheet end at least 1 mm above the cut guides under them,
    in every edition (the Japanese note's glyphs ran into them)."""
    from pnpkit.generator.geometry import visible_named
    from pnpkit.generator.scene import Line, Text
    from pnpkit.generator.typeset import fonts

    loaded = kits.loaded(name)
    for lang, parts in kits.layouts(name).items():
        with fonts.using(fonts.for_kit(loaded.model, loaded.root, lang)[0]):
            for part in parts.values():
                for n, page in enumerate(part.pages):
                    seen = list(visible_named(page.items))
                    heads = [box for item, box, _ in seen if isinstance(item, Text) and box[3] < 15]
                    ticks = [
                        box
                        for item, box, _ in seen
                        if isinstance(item, Line) and item.role in ("cut-guide", "crop-mark") and box[1] < 15
                    ]
                    for head in heads:
                        for tick in ticks:
                            if head[0] < tick[2] and tick[0] < head[2]:
                                assert tick[1] - head[3] >= 1.0, (lang, part.slug, n + 1, head, tick)


def test_dice_battle_monsters_ability_text_has_room_under_its_pill_row(kits):
    """Each effect's text starts at least 1.5 mm under the row of pills (class, timing, spell speed) above it."""
    templates = kits.loaded("dice-battle-monsters").model.card_templates.templates
    effects = [(t.id, r) for t in templates for r in t.regions if r.kind == "effect" and r.header]
    assert len(effects) >= 2
    for template, region in effects:
        pill_bottom = region.header[1] + region.header[3]
        assert region.box[1] - pill_bottom >= 1.5, (template, region.name, region.box, region.header)


def test_element_shift_actions_are_set_under_the_step_that_offers_them(kits):
    """`bullets_under: 2`: the four actions follow step 2, indented in line with its words, not after the steps."""
    from pnpkit.generator.scene import Group, Rect, Text

    page = kits.layouts("element-shift")["en"]["rules"].pages[0]
    turn = [i for i in page.items if isinstance(i, Group) and i.role in ("rule-step", "rule-bullet")]
    roles = [group.role for group in turn]
    second = [n for n, role in enumerate(roles) if role == "rule-step"][6]  # setup has 5 steps: the turn's second
    assert roles[second + 1 : second + 5] == ["rule-bullet"] * 4
    for group in turn[second + 1 : second + 5]:
        (square,) = [i for i in group.items if isinstance(i, Rect)]
        number = next(i for i in turn[second].items if isinstance(i, Text) and i.text == "2.")
        assert square.x >= number.x + 5.0, "indented past the step's number"


def test_bullets_under_a_step_the_section_lacks_is_an_error_at_its_section(tmp_path):
    kit = make_bad_kit(tmp_path, [("rules.yaml", "bullets_under: 2", "bullets_under: 3")])
    done = cli("validate", kit)
    found = [f for f in parse_findings(done.stdout + done.stderr) if "bullets_under: 3" in f.text]
    assert done.returncode == 1 and len(found) == 1 and found[0].severity == "error", done.stdout + done.stderr
    assert found[0].file.name == "rules.yaml" and found[0].line == line_of(kit / "rules.yaml", "id: turn")
