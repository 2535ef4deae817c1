"""Issue 39's small faults, each read back from what a buyer prints: the rule summary of Shogi + TCG starts with
the setup, and Unlock Tower's scoring table heads its tie-break column with what it holds."""

from __future__ import annotations

from conftest import KITS, cli
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
