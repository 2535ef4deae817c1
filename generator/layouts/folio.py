"""The kit book's page numbers: a plain number near the top or foot of every page after the cover, where the
page has no ink, so the contents' page references can be found in the printed stack.

A page number is pnpkit's own furniture: where a page has no free place for it (a full-bleed board), it is left
off rather than drawn over the design or reported. It is never drawn on a card face or a cut guide: it keeps clear
of every mark the page already carries."""

from __future__ import annotations

from collections.abc import Iterator

from ..geometry import Box, box_bounds, ink_bounds
from ..scene import IDENTITY, Group, Item, Matrix, Page, Text, group_matrix
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
    """Page `number` as a Text at the first free place: along the foot from its middle outwards, then along the
    head; on a page turned sideways (a mat) whose head and foot are full, down either side from its middle. None
    where the page has no free place in any of them."""
    x0, y0, w, h = (
        (page.trim.x, page.trim.y, page.trim.w, page.trim.h) if page.trim else (0.0, 0.0, page.width, page.height)
    )
    probe = Text(0.0, 0.0, str(number), SIZE, colour=MUTED, anchor="middle", role="page-number")
    bx0, by0, bx1, by1 = _box(probe)
    inward = (0.0, 2.0, 4.0, 6.0)  # from the 5 mm margin towards the page's middle
    foot = [y for k in inward if (y := y0 + h - HARD_MARGIN - by1 - k) + by0 >= y0 + h - BAND]
    head = [y for k in inward if (y := y0 + HARD_MARGIN - by0 + k) + by1 <= y0 + BAND]
    left = [x for k in inward if (x := x0 + HARD_MARGIN - bx0 + k) + bx1 <= x0 + BAND]
    right = [x for k in inward if (x := x0 + w - HARD_MARGIN - bx1 - k) + bx0 >= x0 + w - BAND]
    across = [x0 + w / 2 + dx for dx in _outwards(w / 2 - HARD_MARGIN - max(-bx0, bx1))]
    down = [y0 + h / 2 + dy for dy in _outwards(h / 2 - BAND)]
    only_right = [x for x in right if x not in left]
    spans = ((across, foot), (across, head), (left, down), (only_right, down))  # foot, head, left side, right side
    # a band is the union of its places' boxes: as each box grows with its place, the extreme places bound it
    bands = [
        (min(xs) + bx0 - CLEAR, min(ys) + by0 - CLEAR, max(xs) + bx1 + CLEAR, max(ys) + by1 + CLEAR)
        if xs and ys
        else None
        for xs, ys in spans
    ]
    inks = _inks_near(page.items, IDENTITY, [band for band in bands if band is not None])
    there = [[ink for ink in inks if _overlap(band, ink)] if band is not None else [] for band in bands]
    for x, y, which in _places(across, foot, head, left, right, down):  # each meets only the ink of its own band
        box = (x + bx0 - CLEAR, y + by0 - CLEAR, x + bx1 + CLEAR, y + by1 + CLEAR)
        if not any(_overlap(box, ink) for ink in there[which]):
            return Text(x, y, str(number), SIZE, colour=MUTED, anchor="middle", role="page-number")
    return None


def _places(
    across: list[float], foot: list[float], head: list[float], left: list[float], right: list[float], down: list[float]
) -> Iterator[tuple[float, float, int]]:
    """Every place to try, in order, with its band (0 foot, 1 head, 2 left side, 3 right side), one at a time: the
    first free one usually ends the search."""
    for band, ys in ((0, foot), (1, head)):
        for x in across:
            for y in ys:
                yield x, y, band
    for y in down:
        for x in left + right:
            yield x, y, 2 if x in left else 3


def _inks_near(items: tuple[Item, ...], matrix: Matrix, bands: list[Box]) -> list[Box]:
    """The ink boxes of the page that may meet a band. A clipped group (a card face, its bleed included) counts as its
    whole clip box, without its hundreds of parts measured: a number never prints inside a card's bleed, and a
    1,000-card book is numbered in a blink."""
    inks: list[Box] = []
    for item in items:
        if isinstance(item, Group) and item.clip is None:
            inks += _inks_near(item.items, group_matrix(item, matrix), bands)
            continue
        if isinstance(item, Group):  # a clipped group puts its ink inside its clip: the clip stands for it
            inner, c = group_matrix(item, matrix), item.clip
            assert c is not None
            clip = box_bounds(inner, c.x, c.y, c.x + c.w, c.y + c.h)
            if any(_overlap(clip, band) for band in bands):
                inks.append(clip)
            continue
        ink = ink_bounds(item, matrix)  # a primitive outside any clip: its ink box as `visible_items` gives it
        if ink is not None:
            inks.append(ink)
    return inks


def _outwards(reach: float) -> list[float]:
    """Offsets from a band's middle, nearest first, `STEP` apart, no further than `reach` either way."""
    return [0.0] + [sign * STEP * n for n in range(1, int(max(reach, 0.0) / STEP) + 1) for sign in (1, -1)]


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
