"""kit.pdf printed whole and double-sided, as a buyer does: every card sheet's fronts fall on an odd page with
their backs on the next, so both sides print on one sheet of paper; the blank pages put in for that are named
on the contents page and say what they are; kits with duplex card sheets carry the calibration sheet, whose
steps need no tool; and no page tells the buyer to run a command.

Fronts and backs are found in the `index.json` built beside the PDFs (each card side's `kit_pdf_page`) and
checked against the book itself: its outline, its contents page, and the sheets' own labels.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdf
import pytest
from conftest import KITS
from pdftext import opened, text_of_page

from pnpkit.generator.i18n import joined, tr

every_kit = pytest.mark.parametrize("name", list(KITS))

COMMAND = re.compile(r"\bpnpkit[^\S\n]+[a-z]+|(?<![\w-])--[a-z][a-z-]+")
"""A command line in printed text: `pnpkit build …`, or an option such as `--back-offset`."""


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def _pages(book: Path) -> list[str]:
    """Every page's text, page 1 first."""
    with opened(book) as document:
        return [text_of_page(document, n) for n in range(len(document))]


def _sides(lang_dir: Path) -> tuple[set[int], set[int]]:
    """The kit.pdf pages (from 1) that hold card fronts and card backs, as index.json gives them."""
    index = json.loads((lang_dir / "index.json").read_text(encoding="utf-8"))
    places = [place for places in index["cards"].values() for place in places]
    fronts = {place["kit_pdf_page"] for place in places if place["side"] == "front"}
    backs = {place["kit_pdf_page"] for place in places if place["side"] == "back"}
    return fronts, backs


def _components(lang_dir: Path) -> list[Path]:
    """The component PDFs beside kit.pdf, in the order kit.pdf holds them (by their bookmarks)."""
    reader = pypdf.PdfReader(lang_dir / "kit.pdf")
    starts = {entry.title: reader.get_destination_page_number(entry) for entry in reader.outline}
    files = [path for path in lang_dir.glob("*.pdf") if path.name != "kit.pdf"]
    return sorted(files, key=lambda path: starts[pypdf.PdfReader(path).metadata.title])


def _blanks(texts: list[str], lang: str) -> list[int]:
    """The pages (from 1) whose only text is the blank-page note (and the page's number)."""
    note = tr("blank_page", lang)
    return [n for n, text in enumerate(texts, start=1) if _norm(text).strip() in (note, f"{note} {n}")]


@every_kit
def test_card_fronts_fall_on_odd_pages_with_their_backs_next(kits, name):
    """Each sheet of paper of the printed book holds a fronts page and the backs that belong behind it; the sheets'
    own labels ("Fronts 2/4", "Backs … 2/4") confirm index.json's pages are the book's."""
    built, _again = kits.builds(name)
    for lang in kits.loaded(name).kit.languages:
        fronts, backs = _sides(built / lang)
        texts = _pages(built / lang / "kit.pdf")
        for page in sorted(fronts):
            assert page % 2 == 1, (lang, "fronts on an even page", page)
            assert page + 1 in backs, (lang, "no backs behind the fronts on page", page)
            assert tr("fronts", lang) in texts[page - 1], (lang, page)
            assert re.search(r"\d+/\d+", texts[page]) and tr("fronts", lang) not in texts[page], (lang, page + 1)
        assert {page - 1 for page in backs} == fronts, lang


@every_kit
def test_index_and_contents_give_the_pages_the_book_has(kits, name):
    """index.json's first page of each component is where kit.pdf's outline puts it, and the contents page
    lists each component from that page to its last, the blank backs between its pages counted."""
    built, _again = kits.builds(name)
    for lang in kits.loaded(name).kit.languages:
        index = json.loads((built / lang / "index.json").read_text(encoding="utf-8"))
        reader = pypdf.PdfReader(built / lang / "kit.pdf")
        marks = {entry.title: reader.get_destination_page_number(entry) + 1 for entry in reader.outline}
        texts = _pages(built / lang / "kit.pdf")
        contents, blanks = _norm(texts[1]), set(_blanks(texts, lang))
        assert [entry["file"] for entry in index["components"]] == [f"{p.stem}.pdf" for p in _components(built / lang)]
        starts = sorted(entry["kit_pdf_first_page"] for entry in index["components"]) + [len(texts) + 1]
        for entry in index["components"]:
            first = entry["kit_pdf_first_page"]
            assert first == marks[entry["title"]], (lang, entry["id"])
            own = [n for n in range(first, starts[starts.index(first) + 1]) if n not in blanks]
            assert len(own) == entry["pages"], (lang, entry["id"], own)
            last = own[-1]
            assert (f"{first}–{last}" if last > first else f" {first} ") in contents, (lang, entry["id"], first)


@every_kit
def test_blank_pages_are_named_and_never_fill_a_sheet(kits, name):
    """A blank page says so, the contents page names it, and it backs a page or fronts a card component whose
    fronts would otherwise fall on an even page: no sheet of paper is left wholly blank (test_duplex_book checks
    that each one is needed: without it, two parts would share a sheet)."""
    built, _again = kits.builds(name)
    for lang in kits.loaded(name).kit.languages:
        index = json.loads((built / lang / "index.json").read_text(encoding="utf-8"))
        texts = _pages(built / lang / "kit.pdf")
        blanks = _blanks(texts, lang)
        contents = _norm(texts[1])
        if blanks:  # the note names them, in the edition's words (the first 30 characters: it may wrap)
            key = "blank_pages" if len(blanks) == 1 else "blank_pages_many"
            note = "".join(tr(key, lang, pages=joined([str(n) for n in blanks], lang)).split())
            assert note[:30] in "".join(contents.split()), (lang, note, contents)
        fronts, _backs = _sides(built / lang)
        starts = {entry["kit_pdf_first_page"] for entry in index["components"]}
        for page in blanks:
            mate = page + 1 if page % 2 == 1 else page - 1  # the other side of its sheet
            assert mate not in blanks, (lang, "a sheet left wholly blank", page)
            if page % 2 == 1:
                assert page + 1 in starts and page + 1 in fronts, (lang, "a blank front no card sheet needs", page)


def test_the_three_kits_whose_fronts_started_even_gain_a_blank_page(kits):
    """Element Shift, Wizard's Element Collection and Shogi + TCG put a card component after an odd number of
    pages: their books need blank pages, and have them."""
    for name in ("element-shift", "wizards-element-collection", "shogi-tcg"):
        built, _again = kits.builds(name)
        for lang in kits.loaded(name).kit.languages:
            assert _blanks(_pages(built / lang / "kit.pdf"), lang), (name, lang)


@every_kit
def test_kits_with_duplex_card_sheets_carry_the_calibration_sheet(kits, name):
    """After the contents page, before any card sheet: the sheet's front on page 3, its back on page 4, in the
    outline and on the contents page, its steps in words a buyer without pnpkit can follow."""
    built, _again = kits.builds(name)
    for lang in kits.loaded(name).kit.languages:
        fronts, backs = _sides(built / lang)
        reader = pypdf.PdfReader(built / lang / "kit.pdf")
        marks = {entry.title: reader.get_destination_page_number(entry) + 1 for entry in reader.outline}
        texts = _pages(built / lang / "kit.pdf")
        title = tr("calibration_title", lang)
        if not backs:
            assert title not in marks and title not in texts[1], lang
            continue
        assert marks[title] == 3 and min(fronts) > 4, (lang, marks)
        assert "3–4" in _norm(texts[1]) and title in texts[1], lang
        steps = re.sub(r"\s+", "", texts[2])
        assert re.sub(r"\s+", "", tr("calibration_front", lang)) in steps, lang
        for step in tr("calibration_steps_kit", lang, edge=tr("long", lang)).split("|"):
            assert re.sub(r"\s+", "", step)[:12] in steps, (lang, step)
        assert tr("calibration_back", lang) in texts[3], lang


@every_kit
def test_no_page_tells_the_buyer_to_run_a_command(kits, name):
    """The kit book is for people without pnpkit: no `pnpkit <command>` and no `--option` on any page."""
    built, _again = kits.builds(name)
    for lang in kits.loaded(name).kit.languages:
        for number, text in enumerate(_pages(built / lang / "kit.pdf"), start=1):
            assert not COMMAND.search(text), (lang, number, COMMAND.findall(text))


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("If backs are off, find the offset with pnpkit calibrate.", True),
        ("Run with --all-readings to see which metrics move.", True),
        ("Pass them as --back-offset X,Y", True),
        ("kit design by pnpkit", False),
        ("Element Shift — Fronts 1/3 · 160–220 gsm card", False),
    ],
)
def test_the_command_pattern_finds_commands_and_only_commands(text, command):
    assert bool(COMMAND.search(text)) is command
