"""The text a reader's PDF viewer finds in a built PDF, read with PDFium (pypdfium2, already a runtime dependency):
some thirty times faster than pypdf's pure-Python `extract_text` on the kits' PDFs (issue 31: the suite's time).

Lines end in "\\n" (PDFium ends them in "\\r\\n"). PDFium's spacing and line breaks are its own, not pypdf's: a
test that looks for words across a line break normalises whitespace (or removes it) as it would for any
extractor. PDFium may also break a line inside Japanese text set on one baseline (the Wizards Element Collection
reference card: "手\\n札\\nと場札"), so a search for Japanese words longer than a name removes whitespace first.
Every document is closed before a function returns: PDFium holds the file open while it lives.

pypdf stays the reader for what is not text extraction (page count, boxes, outline, metadata, resources).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pypdfium2


@contextmanager
def opened(path: str | os.PathLike) -> Iterator[pypdfium2.PdfDocument]:
    """The PDF at `path`, open in PDFium for the block and closed after it, whatever happens."""
    document = pypdfium2.PdfDocument(Path(path))
    try:
        yield document
    finally:
        document.close()


def text_of_page(document: pypdfium2.PdfDocument, index: int) -> str:
    """The text of page `index` (0-based; negative counts from the end) of an open document, lines ending in "\\n"."""
    page = document[index + len(document) if index < 0 else index]
    try:
        textpage = page.get_textpage()
        try:
            text = textpage.get_text_range()
        finally:
            textpage.close()
    finally:
        page.close()
    return text.replace("\r\n", "\n").replace("\r", "\n")


def page_texts(path: str | os.PathLike, pages: slice = slice(None)) -> list[str]:
    """One string per page of the PDF at `path`, in page order; with `pages`, only the pages that slice of the
    page list picks are read (`slice(None, None, 2)`: the card fronts of a sheet file, fronts then backs)."""
    with opened(path) as document:
        return [text_of_page(document, index) for index in range(len(document))[pages]]


def page_text(path: str | os.PathLike, index: int) -> str:
    """The text of one page (0-based; negative counts from the end) of the PDF at `path`; only that page is read."""
    with opened(path) as document:
        return text_of_page(document, index)


def pdf_text(path: str | os.PathLike, sep: str = "\n") -> str:
    """The text of every page of the PDF at `path`, joined by `sep`."""
    return sep.join(page_texts(path))
