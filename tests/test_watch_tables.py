"""`pnpkit watch` of a deck kept in a spreadsheet: a changed cell lays out again only its row's cards and writes
only its deck's files (then index.json and kit.pdf), as a YAML edit does, even with the output inside the kit
(`pnpkit new` suggests `pnpkit watch . -o output`); a changed picture still redoes the faces that show it."""

from __future__ import annotations

import csv
import io
import re
import shutil
from pathlib import Path

import pytest
from conftest import KITS, cli
from pdftext import page_texts
from test_tables import write_xlsx

from pnpkit.validator.tables import column_letters


def _new_kit(tmp_path: Path) -> Path:
    kit = tmp_path / "kit"
    assert cli("new", kit).returncode == 0
    return kit


def _rows(kit: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO((kit / "cards.csv").read_text(encoding="utf-8-sig"))))


def _save(kit: Path, rows: list[list[str]], table: str) -> None:
    """The rows saved as the deck's table: cards.csv, or cards.xlsx as a spreadsheet program writes it."""
    if table == "cards.csv":
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows(rows)
        (kit / "cards.csv").write_text(out.getvalue(), encoding="utf-8")
        return
    cells = {
        f"{column_letters(c)}{r}": int(value) if value.isdigit() else value
        for r, row in enumerate(rows, start=1)
        for c, value in enumerate(row)
        if value
    }
    write_xlsx(kit / "cards.xlsx", {"Cards": cells})


def _as_table(kit: Path, table: str) -> list[list[str]]:
    rows = _rows(kit)
    if table == "cards.xlsx":
        (kit / "cards.csv").unlink()
        decks = kit / "decks.yaml"
        decks.write_text(decks.read_text(encoding="utf-8").replace("cards: cards.csv", "cards: cards.xlsx"), "utf-8")
        _save(kit, rows, table)
    return rows


def _watcher(kit: Path, out: Path):
    from pnpkit.generator.build import BuildOptions
    from pnpkit.generator.watch import Watcher

    return Watcher(kit, BuildOptions(out, ("en",), {}, svg=True))


@pytest.mark.parametrize("table", ["cards.csv", "cards.xlsx"])
def test_a_changed_cell_rewrites_only_its_deck(tmp_path, table):
    kit = _new_kit(tmp_path)
    rows = _as_table(kit, table)
    out = kit / "output"  # inside the kit, as `pnpkit new` suggests
    watcher = _watcher(kit, out)
    first = watcher.rebuild()
    assert first.ok, first.findings
    written = {p.name for p in first.written}
    assert {"cards-weather.pdf", "rules.pdf", "tokens.pdf", "kit.pdf"} <= written and "sheet-diary.pdf" in written
    assert watcher.rebuild().written == []  # its own output, rewritten, is no change to the kit
    drawn = watcher.cache.misses

    rows[2][rows[0].index("title.en")] = "Fog"  # one cell: the second card's English title
    _save(kit, rows, table)
    changed = watcher.rebuild()
    assert changed.ok, changed.findings
    names = [p.name for p in changed.written]
    assert names[0] == "cards-weather.pdf" and names[-2:] == ["index.json", "kit.pdf"]  # the deck's PDF first
    assert names[1:-2] and all(re.fullmatch(r"cards-weather-\d\d\.svg", name) for name in names[1:-2]), names
    assert watcher.cache.misses == drawn + 1  # that row's card laid out again; every other face from the cache
    assert any("Fog" in text for text in page_texts(out / "kit" / "en" / "cards-weather.pdf"))

    built = cli("build", kit, "-o", tmp_path / "built", "--lang", "en")  # what settles is what a build writes
    assert built.returncode == 0, built.stderr
    for name in ("cards-weather.pdf", "kit.pdf"):
        ours, theirs = out / "kit" / "en" / name, tmp_path / "built" / "kit" / "en" / name
        assert page_texts(ours) == page_texts(theirs)
    for name in ("index.json", *names[1:-2]):
        assert (out / "kit" / "en" / name).read_bytes() == (tmp_path / "built" / "kit" / "en" / name).read_bytes()


def test_a_changed_picture_still_redoes_the_faces_that_show_it(tmp_path):
    kit = tmp_path / "starlit-bazaar"
    shutil.copytree(KITS["starlit-bazaar"], kit)
    watcher = _watcher(kit, kit / "output")
    assert watcher.rebuild().ok
    assert watcher.rebuild().written == []
    drawn = watcher.cache.misses
    picture = kit / "art" / "star.svg"  # drawn by a card of goods.csv
    picture.write_text(picture.read_text(encoding="utf-8").replace("</svg>", "<circle r='1'/></svg>"), "utf-8")
    changed = watcher.rebuild()
    assert changed.ok and watcher.cache.misses > drawn
    assert "cards-goods.pdf" in [p.name for p in changed.written]


def test_hidden_folders_and_the_output_are_no_assets(tmp_path):
    from pnpkit.generator.watch import asset_files

    kit = _new_kit(tmp_path)
    for name in ("art/a.png", ".git/objects/x", "output/kit/en/kit.pdf", "fonts/f.ttf", "more.ods", "b.yml"):
        (kit / name).parent.mkdir(parents=True, exist_ok=True)
        (kit / name).write_bytes(b"x")
    found = [str(p.relative_to(kit)) for p in asset_files(kit, (kit / "output",))]
    assert found == ["README.md", "art/a.png", "fonts/f.ttf"]


def test_the_watch_keeps_the_proofreaders_dictionaries_between_saves(tmp_path):
    """Loading SudachiPy again for every save cost 0.1 s a rebuild; a one-off load still lets it go."""
    from pnpkit.validator.kit import load_kit
    from pnpkit.validator.proofread import words

    kit = _new_kit(tmp_path)
    assert _watcher(kit, tmp_path / "out").rebuild().ok
    assert words.japanese.cache_info().currsize > 0  # the readings, and the dictionary they came from, stay
    assert load_kit(kit).ok
    assert words.japanese.cache_info().currsize == 0


def test_the_book_can_wait_for_the_saves_to_pause(tmp_path):
    """`pnpkit watch` writes the changed deck at once and kit.pdf and index.json when the saves pause: a save
    that breaks the kit meanwhile leaves them to match the deck last written."""
    kit = _new_kit(tmp_path)
    rows = _rows(kit)
    out = tmp_path / "out"
    watcher = _watcher(kit, out)
    assert watcher.rebuild().ok
    lang_dir = out / "kit" / "en"
    book = (lang_dir / "kit.pdf").stat().st_ino

    rows[2][rows[0].index("title.en")] = "Fog"
    _save(kit, rows, "cards.csv")
    deck = watcher.rebuild(books=False)
    names = [p.name for p in deck.written]
    assert deck.ok and names[0] == "cards-weather.pdf" and "kit.pdf" not in names and "index.json" not in names
    assert watcher.books_due == {"en"} and (lang_dir / "kit.pdf").stat().st_ino == book

    good = (kit / "cards.csv").read_text(encoding="utf-8")
    (kit / "cards.csv").write_text(good + '"unclosed\n', encoding="utf-8")  # a save that breaks the table
    assert not watcher.rebuild(books=False).ok

    caught_up = watcher.write_books()
    assert [p.name for p in caught_up.written] == ["index.json", "kit.pdf"] and watcher.books_due == set()
    assert any("Fog" in text for text in page_texts(lang_dir / "kit.pdf"))
    assert watcher.write_books().written == []  # nothing left due
    assert caught_up.findings == watcher.findings and any(f.is_error for f in caught_up.findings)  # still broken


def test_a_changed_count_reaches_the_rules_that_quote_it(tmp_path):
    """{cards_weather} in the rules is the deck's card count: the rules are laid out again from the model."""
    kit = _new_kit(tmp_path)
    rows = _rows(kit)
    watcher = _watcher(kit, tmp_path / "out")
    assert watcher.rebuild().ok
    rows[1][rows[0].index("count")] = str(int(rows[1][rows[0].index("count")]) + 1)
    _save(kit, rows, "cards.csv")
    changed = watcher.rebuild()
    assert changed.ok and {"cards-weather.pdf", "rules.pdf"} <= {p.name for p in changed.written}
    assert "sheet-diary.pdf" not in {p.name for p in changed.written}


def test_the_output_may_be_the_kit_directory_itself(tmp_path):
    """`-o .`: the kit's output folder (./<kit id>) is no picture either."""
    kit = _new_kit(tmp_path)
    watcher = _watcher(kit, kit)
    assert watcher.rebuild().written
    assert watcher.rebuild().written == []
