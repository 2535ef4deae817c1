"""Where each part's pages go in kit.pdf: the book is printed double-sided from its first page to its last, so
each part starts on the front of a sheet of paper, a card sheet's fronts and backs share one, and every page
printed one-sided gets a blank back (`book_plan`); and, read back from a laid-out book, the pages each part
landed on (`kit_pdf_firsts`, `kit_pdf_pages`)."""

from __future__ import annotations

from .cardmap import SIDES
from .games import Component
from .scene import Document, Group, Page


def book_plan(parts: list[Component], first: int) -> tuple[list[list[int]], list[int]]:
    """The page of the book each page of each component goes on, the first on page `first` or after, and the
    blank pages put in between, so that the book prints double-sided with one part to a sheet of paper.

    Every part starts on a front (an odd page). A card sheet's front/back pairs fall on one sheet, its first front
    on an odd page (a blank before it where that needs one); a card component keeps its pages together (the index
    counts its cards' pages from its first). A rule summary's pages back each other. Any other page is printed
    one-sided, on a sheet of its own: what is cut out must have nothing behind it, and two pages of one board or
    mat lie side by side."""
    runs: list[list[int]] = []
    blanks: list[int] = []
    page = first

    def blank_until(odd: bool) -> None:
        nonlocal page
        if (page % 2 == 1) != odd:
            blanks.append(page)
            page += 1

    for part in parts:
        opening = pairs(part)
        blank_until(odd=True)
        if opening and opening[0] % 2 == 1:  # a lone page before the first pair: it goes on a back, a blank before
            blanks.append(page)
            page += 1
        run: list[int] = []
        for _ in part.pages:
            if run and not has_cards(part) and not _is_document(part):
                blank_until(odd=True)  # the page before has a blank back
            run.append(page)
            page += 1
        runs.append(run)
    return runs, blanks


DOCUMENTS = ("rules", "playtest-report")
"""The components read rather than cut out, whose pages may back each other (a rule summary's page 2)."""


def _is_document(part: Component) -> bool:
    return part.slug in DOCUMENTS


def pairs(part: Component) -> list[int]:
    """The pages (from 0) of a component that open a front/back pair: the page before each page of card backs,
    which must be printed on the reverse of the same sheet."""
    return [n for n in range(len(part.pages) - 1) if _sides(part.pages[n + 1]) == {"back"}]


def _sides(page: Page) -> set[str]:
    """Which card sides a page holds: a card sheet puts each card in a top-level Group named by its side."""
    return {SIDES[i.role] for i in page.items if isinstance(i, Group) and i.role in SIDES}


def has_cards(part: Component) -> bool:
    return any(isinstance(i, Group) and i.role == "card-front" for page in part.pages for i in page.items)


def kit_pdf_firsts(book_document: Document, parts: list[Component]) -> list[int]:
    """The page of kit.pdf (from 1) each component starts on: `book` bookmarks each component's first page, after
    the bookmarks of its own pages, so the blank pages it puts in are counted as they were laid out."""
    marks = book_document.bookmarks
    return [mark.page + 1 for mark in marks[len(marks) - len(parts) :]]


def kit_pdf_pages(book_document: Document, parts: list[Component]) -> list[list[int]]:
    """The pages of kit.pdf (from 0) each component's pages are on, in order: from its first, past the blank
    backs `book` put between them."""
    runs = []
    for part, first in zip(parts, kit_pdf_firsts(book_document, parts)):
        index, run = first - 1, []
        for page in part.pages:
            while not (book_document.pages[index] is page or book_document.pages[index] == page):
                index += 1
            run.append(index)
            index += 1
        runs.append(run)
    return runs


__all__ = ["DOCUMENTS", "book_plan", "has_cards", "kit_pdf_firsts", "kit_pdf_pages", "pairs"]
