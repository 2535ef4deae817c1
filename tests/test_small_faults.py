"""Issue 39's small faults, each read back from what a buyer prints: the rule summary of Shogi + TCG starts with
the setup, and Unlock Tower's scoring table heads its tie-break column with what it holds."""

from __future__ import annotations

from pdftext import page_text


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
