"""kit.pdf printed double-sided from its first page to its last: each sheet of paper (pages 2k-1 and 2k) holds one
part, or one part and a blank page; and every page after the cover carries its number, read back with PDFium,
clear of card faces and of the 5 mm margin."""

from __future__ import annotations

import json
from pathlib import Path

import pikepdf
import pytest
from conftest import KITS
from pdftext import opened, text_of_page

from pnpkit.generator.i18n import tr

MM = 72 / 25.4
BAND = 15.0


def _editions(built: Path) -> list[Path]:
    return sorted(path.parent for path in built.glob("*/kit.pdf"))


def _owners(edition: Path) -> list[str]:
    """Who each page of kit.pdf belongs to: the part whose bookmark opens the run it is in, or "blank"."""
    index = json.loads((edition / "index.json").read_text(encoding="utf-8"))
    lang = index["lang"]
    with pikepdf.open(edition / "kit.pdf") as pdf:
        count = len(pdf.pages)
        with pdf.open_outline() as outline:
            starts = sorted((pdf.pages.index(pikepdf.Page(item.destination[0])), item.title) for item in outline.root)
    with opened(edition / "kit.pdf") as document:
        texts = [text_of_page(document, n) for n in range(count)]
    firsts = {entry["kit_pdf_first_page"] for entry in index["components"]}
    assert firsts <= {page + 1 for page, _ in starts}, "every component's first page is bookmarked"
    opening = dict(starts)
    owners, owner = [], starts[0][1]  # the cover and the contents are one part: the book's own
    for n in range(count):
        owner = opening.get(n, owner)
        is_blank = (
            tr("blank_page", lang) in texts[n] and len(texts[n].split()) <= len(tr("blank_page", lang).split()) + 1
        )
        owners.append("blank" if is_blank else owner)
    return owners


@pytest.mark.parametrize("name", sorted(KITS))
def test_every_sheet_of_the_kit_book_holds_one_part_or_a_part_and_a_blank(kits, name):
    for edition in _editions(kits.builds(name)[0]):
        owners = _owners(edition)
        sheets = [owners[n : n + 2] for n in range(0, len(owners), 2)]
        mixed = [
            (2 * k + 1, sheet)
            for k, sheet in enumerate(sheets)
            if len({who for who in sheet if who != "blank"}) > 1 or sheet == ["blank", "blank"]
        ]
        assert mixed == [], f"{edition}: sheets with two parts (first page, owners): {mixed}"
        index = json.loads((edition / "index.json").read_text(encoding="utf-8"))
        with_cards = {place["file"] for places in index["cards"].values() for place in places}
        one_sided = {
            entry["title"]
            for entry in index["components"]
            if entry["file"] not in with_cards and entry["id"] not in ("rules", "playtest-report")
        }
        backed = [(2 * k + 1, sheet) for k, sheet in enumerate(sheets) if set(sheet) & one_sided and len(sheet) == 2]
        assert all("blank" in sheet for _, sheet in backed), f"{edition}: a one-sided page with a back: {backed}"


def test_two_pages_of_a_mat_never_share_a_sheet_and_nothing_backs_the_tokens(kits):
    """Dice Battle Monsters: Mat A and Mat B lie side by side; the tokens are cut out."""
    built = kits.builds("dice-battle-monsters")[0]
    for edition in _editions(built):
        index = json.loads((edition / "index.json").read_text(encoding="utf-8"))
        first = {entry["id"]: entry["kit_pdf_first_page"] for entry in index["components"]}
        owners = _owners(edition)
        mat, tokens = first["mat"], first["tokens"]
        assert mat % 2 == 1 and tokens % 2 == 1, "each starts on the front of a sheet"
        assert owners[mat] == "blank", "Mat A has a blank back"  # page mat + 1, counted from 0
        assert owners[mat + 1] == owners[mat - 1] != "blank", "Mat B starts the next sheet"
        assert owners[mat + 2] == "blank" and owners[tokens] == "blank", "Mat B and the tokens have blank backs"


def test_the_contents_say_the_whole_book_prints_duplex(kits):
    edition = kits.builds("element-shift")[0] / "en"
    with opened(edition / "kit.pdf") as document:
        contents = " ".join(text_of_page(document, 1).split())
    assert "Print the whole book double-sided (long-edge flip)" in contents


def _numbers(path: Path) -> dict[int, tuple[float, float, float, float]]:
    """Page (from 1) → the box (mm from the top-left corner) of the text on it that is exactly its own number."""
    found: dict[int, tuple[float, float, float, float]] = {}
    with opened(path) as document:
        for n in range(len(document)):
            page = document[n]
            _width, height = page.get_size()
            textpage = page.get_textpage()
            for r in range(textpage.count_rects()):
                left, bottom, right, top = textpage.get_rect(r)
                if textpage.get_text_bounded(left, bottom, right, top).strip() == str(n + 1):
                    found[n + 1] = (left / MM, (height - top) / MM, right / MM, (height - bottom) / MM)
            textpage.close()
            page.close()
    return found


@pytest.mark.parametrize("name", ["dice-battle-monsters", "element-shift", "wizards-element-collection"])
def test_every_page_after_the_cover_carries_its_number_near_an_edge_clear_of_the_cards(kits, name):
    for edition in _editions(kits.builds(name)[0]):
        path = edition / "kit.pdf"
        numbers = _numbers(path)
        with pikepdf.open(path) as pdf:
            count = len(pdf.pages)
            sizes = [(float(p.mediabox[2]) / MM, float(p.mediabox[3]) / MM) for p in pdf.pages]
        assert 1 not in numbers, "the cover has no number"
        assert sorted(numbers) == list(range(2, count + 1))
        index = json.loads((edition / "index.json").read_text(encoding="utf-8"))
        faces: dict[int, list] = {}
        for places in index["cards"].values():
            for place in places:
                faces.setdefault(place["kit_pdf_page"], []).append(place["trim_mm"])
        sideways = 0
        for page, (x0, y0, x1, y1) in numbers.items():
            width, height = sizes[page - 1]
            assert x0 >= 5 and y0 >= 5 and x1 <= width - 5 and y1 <= height - 5, (edition, page)
            if y1 <= BAND or y0 >= height - BAND:
                pass
            else:
                assert x1 <= BAND or x0 >= width - BAND, (edition, page, "not near any edge")
                sideways += 1
            for fx, fy, fw, fh in faces.get(page, []):
                assert x1 <= fx or x0 >= fx + fw or y1 <= fy or y0 >= fy + fh, (edition, page, "on a card face")
        mats = sum(entry["pages"] for entry in index["components"] if entry["id"] == "mat")
        assert sideways <= mats, "only a mat turned sideways carries its number at a side"


def test_component_pdfs_carry_no_book_page_numbers(kits):
    """A component's own PDF is printed without the book: it has the pages it had, without the numbers."""
    edition = kits.builds("dice-battle-monsters")[0] / "en"
    book = _numbers(edition / "kit.pdf")
    index = json.loads((edition / "index.json").read_text(encoding="utf-8"))
    first = {entry["id"]: entry["kit_pdf_first_page"] for entry in index["components"]}
    assert first["rules"] in book
    with opened(edition / "rules.pdf") as document:
        words = text_of_page(document, 0).split()
    assert str(first["rules"]) not in words
