"""The kit book's page numbers: a plain number near the top or foot of every page after the cover, where the
page has no ink, so the contents' page references can be found in the printed stack.

A page number is pnpkit's own furniture: where a page has no free place for it (a full-bleed board), it is left
off rather than drawn over the design or reported. It is never drawn on a card face or a cut guide: it keeps clear
of every mark the page already carries."""

from __future__ import annotations

from ..geometry import ink_bounds, visible_items
from ..scene import Page, Text
from ..units import HARD_MARGIN
from .context import MUTED

SIZE = 8.0
"""The page number's size (pt): read at a glance, smaller than any heading."""
BAND = 15.0
"""The number lies within this far of the top or bottom edge of the trimmed page (mm)."""
CLEAR = 2.0
"""The least room between the number and any other ink on the page (mm): clear of cut ticks and footers."""
STEP = 4.0
"""How far apart (mm) the places tried along the band are, outwards from the centre."""


def folio(page: Page, number: int) -> Text | None:
    """Page `number` as a Text at the first free place: the middle of the foot, then the middle of the head, then
    further out along each; None where the page has no free place in either band."""
    x0, y0, w, h = (
        (page.trim.x, page.trim.y, page.trim.w, page.trim.h) if page.trim else (0.0, 0.0, page.width, page.height)
    )
    inks = [box for _, box in visible_items(page.items)]
    left, right = x0 + HARD_MARGIN, x0 + w - HARD_MARGIN
    probe = Text(0.0, 0.0, str(number), SIZE, colour=MUTED, anchor="middle", role="page-number")
    bx0, by0, bx1, by1 = _box(probe)
    foot = [y0 + h - HARD_MARGIN - by1 - k for k in (0.0, 2.0, 4.0, 6.0)]  # baselines, lowest first
    head = [y0 + HARD_MARGIN - by0 + k for k in (0.0, 2.0, 4.0, 6.0)]
    baselines = [y for y in foot if y + by0 >= y0 + h - BAND] + [y for y in head if y + by1 <= y0 + BAND]
    offsets = [0.0] + [sign * STEP * n for n in range(1, int(w / 2 / STEP) + 1) for sign in (1, -1)]
    for dx in offsets:
        x = x0 + w / 2 + dx
        if x + bx0 < left or x + bx1 > right:
            continue
        for y in baselines:
            box = (x + bx0 - CLEAR, y + by0 - CLEAR, x + bx1 + CLEAR, y + by1 + CLEAR)
            if not any(_overlap(box, ink) for ink in inks):
                return Text(x, y, str(number), SIZE, colour=MUTED, anchor="middle", role="page-number")
    return None


def _box(text: Text) -> tuple[float, float, float, float]:
    box = ink_bounds(text)
    assert box is not None
    return box


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def numbered(pages: tuple[Page, ...]) -> list[Page | None]:
    """For each page of the book, a page of its size holding only its number (None for the cover, and for a page
    with no room for one): what `backends.pdf.stamped` lays over the book."""
    stamps: list[Page | None] = [None]
    for number, page in enumerate(pages[1:], start=2):
        text = folio(page, number)
        stamps.append(None if text is None else Page(page.width, page.height, (text,)))
    return stamps


__all__ = ["folio", "numbered"]
