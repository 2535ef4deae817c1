"""`pnpkit watch` writes a changed deck's PDF, and kit.pdf, from the ones it wrote before: only the changed sheet
is drawn again, and each file prints exactly what a whole rendering prints, page for page; it never grows past
MAX_GROWTH times a whole rendering (then it is drawn whole again)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pypdfium2 as pdfium
from conftest import cli
from pdftext import page_texts

from pnpkit.generator import pagepatch
from pnpkit.generator.backends import pdf
from pnpkit.generator.render import component_document
from pnpkit.generator.typeset import fonts

DECK = "cards-weather"


def _pictures(data: bytes) -> list[bytes]:
    document = pdfium.PdfDocument(data)
    return [document[n].render(scale=0.5).to_pil().tobytes() for n in range(len(document))]


def _grow(kit: Path, designs: int) -> None:
    """The deck's designs repeated to `designs` rows, nine copies each."""
    header, *seeds = list(csv.reader(io.StringIO((kit / "cards.csv").read_text(encoding="utf-8-sig"))))
    rows = [header]
    for n in range(designs):
        row = list(seeds[n % len(seeds)])
        row[header.index("id")] += f"-{n}"
        row[header.index("count")] = "9"
        rows.append(row)
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    (kit / "cards.csv").write_text(out.getvalue(), encoding="utf-8")


def _whole_book(watcher) -> bytes:
    """kit.pdf as the watch's last layout gives it, drawn whole and numbered."""
    from pnpkit.generator.build import layout_book
    from pnpkit.generator.layouts.folio import numbered

    loaded, editions, settings = watcher.last_good[:3]
    document, _problems = layout_book(loaded, "en", editions["en"], settings)
    with fonts.using(fonts.for_kit(loaded.model, loaded.root, "en")[0]):
        return pdf.stamped(pdf.render(document), numbered(document.pages))


def _edit(kit: Path, row: int, column: str, value: str) -> None:
    rows = list(csv.reader(io.StringIO((kit / "cards.csv").read_text(encoding="utf-8-sig"))))
    rows[row][rows[0].index(column)] = value
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    (kit / "cards.csv").write_text(out.getvalue(), encoding="utf-8")


def test_a_changed_card_redraws_only_its_sheet_and_the_pdf_prints_as_a_whole_rendering(tmp_path, monkeypatch):
    from pnpkit.generator.build import BuildOptions
    from pnpkit.generator.watch import Watcher

    kit = tmp_path / "kit"
    assert cli("new", kit).returncode == 0
    _grow(kit, 24)  # a sheet of nine a design: 24 fronts sheets, each one design's
    watcher = Watcher(kit, BuildOptions(tmp_path / "out", ("en",), {}, svg=False))
    assert watcher.rebuild().ok
    drawn: list[int] = []
    render = pdf.render
    monkeypatch.setattr(pdf, "render", lambda document: drawn.append(len(document.pages)) or render(document))
    sizes, patches = [], 0
    for n, row in enumerate((1, 4, 7, 10, 13, 16, 19, 22, 1)):
        _edit(kit, row, "title.en", f"Retitled {n}")
        drawn.clear()
        assert watcher.rebuild(books=False).ok
        path = tmp_path / "out" / "kit" / "en" / f"{DECK}.pdf"
        written = path.read_bytes()
        loaded, part = watcher.last_good[0], watcher.written["en"][DECK]
        with fonts.using(fonts.for_kit(loaded.model, loaded.root, "en")[0]):
            whole = render(component_document(loaded.model, "en", part))
        (tmp_path / "whole.pdf").write_bytes(whole)
        assert _pictures(written) == _pictures(whole), f"save {n}"
        assert page_texts(path) == page_texts(tmp_path / "whole.pdf")
        assert any(f"Retitled {n}" in text for text in page_texts(path))
        assert len(written) <= pagepatch.MAX_GROWTH * len(whole) + 1
        sizes.append(len(written))
        assert drawn in ([1], [len(part.pages)])  # its fronts sheet, or the deck whole once the file has grown
        patches += drawn == [1]
        if n in (1, 2):  # kit.pdf is patched the same way, then numbered
            assert watcher.write_books().ok
            assert _pictures((path.parent / "kit.pdf").read_bytes()) == _pictures(_whole_book(watcher))
    assert patches >= 3 and sizes[-1] < max(sizes)  # patched, then grown past the bound and drawn whole again


def test_pages_added_or_removed_are_not_patched():
    assert pagepatch.changed_pages((), ()) == []
    assert pagepatch.changed_pages((1, 2), (1, 3)) == [1]  # any equal-comparing pages: what changed
    assert pagepatch.changed_pages((1, 2), (1, 2, 3)) is None
