"""The kit book's own pages: a cover, a contents page that says what to print and how, and the blank pages that
keep each card sheet's front and back on one sheet of paper when the whole book is printed double-sided."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from pnpkit.validator.images import header_size
from pnpkit.validator.markup import plain

from ..i18n import joined, lookup_order, tr
from ..images import decode_problem, fit_ppi
from ..scene import Group, Image, Item, Line, Page, Rect, Style, Text
from ..typeset.text import TextBox, item_width
from .context import GAP, INK, MUTED, LayoutContext, TextProblem, footer, page_text, set_height
from .rules import CONTINUED

ACCENT = "#2c2f45"


@dataclass(frozen=True)
class ContentsEntry:
    title: str
    first_page: int
    page_count: int
    copies: str
    stock: str
    steps: tuple[str, ...]
    decks: tuple[tuple[str, int], ...] = ()
    """Each deck in the component with the page it starts on; listed when there is more than one."""
    preview: Page | None = None
    """The component's first page, drawn small (without its words) where the contents page has room."""


COVER_IMAGE_BOX = (150.0, 95.0)
"""Where a cover image goes (mm); it is scaled to fit and must reach 300 ppi there."""


CoverLine = str | tuple[str, tuple]
"""A line under the cover's band: its text, or its text and the field it comes from (("version",)), so a line
that cannot print is reported at that field."""


def cover(
    ctx: LayoutContext,
    title: str,
    subtitle: str,
    lines: Sequence[CoverLine],
    image: Path | None = None,
    where: tuple = (),
) -> Page:
    """The kit book's first page. Every line on it is held to the checks fitted text gets
    (`LayoutContext.one_line`): the title and subtitle at `title` and `subtitle`, each line at its field."""
    w, h = ctx.paper.width, ctx.paper.height
    m = ctx.margin
    band = w - 2 * m - 2 * GAP  # inside the title band, clear of its rounded ends
    heading = Text(
        w / 2, m + h * 0.2, plain(title), 30, colour="#ffffff", anchor="middle", bold=True, role="cover-title"
    )
    items: list[Item] = [
        Rect(m, m, w - 2 * m, h * 0.42, style=Style(fill=ACCENT), radius=4),
        ctx.one_line(heading, band, where=("title", ctx.lang), label="cover title", least=16),
    ]
    if image is not None:
        size = header_size(image)
        broken = decode_problem(image) if size is not None else None
        if size is None or broken:
            reason = f" ({broken})" if broken else ""
            ctx.problems.append(
                TextProblem(
                    "PK321", where, f"{image.name} is not a readable PNG or JPEG image{reason}", "save it again as PNG"
                )
            )
        else:
            iw, ih, ppi = fit_ppi(size, *COVER_IMAGE_BOX)
            if ppi < 300 - 1e-6:
                ctx.problems.append(
                    TextProblem(
                        "PK322",
                        where,
                        f"{image.name} prints at {ppi:.0f} ppi on the cover; print needs 300",
                        f"use an image at least {round(size[0] * 300 / ppi)} px wide",
                    )
                )
            items.append(Image(w / 2 - iw / 2, h - m - 20 - ih, iw, ih, str(image), role="cover-image"))
    if subtitle:
        line = Text(w / 2, m + h * 0.2 + 13, plain(subtitle), 13, colour="#ffffff", anchor="middle")
        items.append(ctx.one_line(line, band, where=("subtitle", ctx.lang), label="cover subtitle", least=9))
    items.append(Text(w / 2, m + h * 0.42 - 8, tr("pnp_kit", ctx.lang), 10, colour="#c9cbe0", anchor="middle"))
    y = m + h * 0.42 + 18
    for entry in lines:
        text, field = entry if isinstance(entry, tuple) else (entry, ())
        items.append(
            ctx.one_line(Text(w / 2, y, text, 11, colour=INK, anchor="middle"), w - 2 * m, where=field, label="cover")
        )
        y += 8
    items.append(
        Text(w / 2, h - m - 4, tr("print_note", ctx.lang), 8, colour=MUTED, anchor="middle", role="print-note")
    )
    page = Page(w, h, tuple(items), title)
    ctx.problems += page_text([page], ("cover",))
    return page


def blank(ctx: LayoutContext) -> Page:
    """A page left empty so that the card sheet after it starts on the front of a sheet of paper; a small note in
    its middle says it is meant, so nobody thinks a page failed to print."""
    w, h = ctx.paper.width, ctx.paper.height
    note = Text(w / 2, h / 2, tr("blank_page", ctx.lang), 8, colour=MUTED, anchor="middle", role="blank-note")
    page = Page(w, h, (ctx.one_line(note, w - 2 * ctx.margin, label="blank page"),), tr("blank_page", ctx.lang))
    ctx.problems += page_text([page], ("blank",))
    return page


def contents(
    ctx: LayoutContext,
    title: str,
    entries: list[ContentsEntry],
    checklist: list[tuple[str, int]],
    needs: str = "",
    blanks: Sequence[int] = (),
    edge: str = "",
) -> list[Page]:
    """What to print (pages, copies, stock), how to make it, what the finished box holds, and what players bring
    that the kit does not print (`needs`, one line); `blanks` are the book's blank pages, named so a buyer printing
    only some pages knows they hold nothing; `edge` is the edge the whole book is turned on when it is printed
    double-sided, as the one line under the table says.

    The contents flow onto as many pages as they need: a component's row never splits, a page that continues the
    table or the checklist repeats its heading marked continued, and the parts' pictures take what the last page
    leaves. The caller numbers the book's pages with this count (`generator.build.book`)."""
    w = ctx.paper.width
    m = ctx.margin
    width = w - 2 * m
    flow = _Flow(ctx)
    heads = (tr("component", ctx.lang), tr("page", ctx.lang), tr("copies", ctx.lang), tr("stock", ctx.lang))

    def table_head(y: float) -> tuple[list[Item], float]:
        return [Text(m + x * width, y, head, 8, colour=MUTED, bold=True) for x, head in zip(COLUMNS, heads)], 2.5

    flow.heading(tr("contents", ctx.lang))
    flow.place(*table_head(flow.y))
    flow.repeat = table_head
    for entry in entries:
        flow.place(*_entry_rows(ctx, entry, m, flow.y, width))
    flow.repeat = None
    if edge:
        block = ctx.fitted(
            tr("duplex_book", ctx.lang, edge=edge),
            TextBox(m, flow.y, width, 9, align="start", valign="top", colour=INK, bold=True, role="duplex-book"),
            7.5,
            6,
            label="contents",
        )
        flow.place(block, 3.4 * max(1, len(block)) + 0.6)
    if blanks:
        key = "blank_pages" if len(blanks) == 1 else "blank_pages_many"
        words = tr(key, ctx.lang, pages=joined([str(n) for n in blanks], ctx.lang))
        block = ctx.fitted(
            words,
            TextBox(m, flow.y, width, 9, align="start", valign="top", colour=MUTED, role="blank-pages"),
            7.5,
            6,
            label="contents",
        )
        flow.place(block, 3.4 * max(1, len(block)) + 0.6)
    flow.skip(4)
    _checklist(ctx, flow, checklist, m, width)
    if needs:
        y = flow.y
        block = ctx.fitted(
            needs,
            TextBox(m, y + 1.5, width, 10, align="start", valign="top", colour=INK, bold=True, role="also-need"),
            9,
            7,
            label="contents needs",
        )
        rule = Line(m, y, w - m, y, style=Style(stroke="#bbbbbb", width=0.15))
        flow.place([rule, *block], 1.5 + 4.2 * max(1, len(block)) + 3)
    pictures = [entry for entry in entries if entry.preview is not None]
    flow.items += _glance(ctx, pictures, m, flow.y, width, flow.bottom)
    pages = flow.pages(title)
    ctx.problems += page_text(pages, ("contents",))
    return pages


COLUMNS = (0.0, 0.40, 0.53, 0.63)
"""Where the contents table's columns start, as shares of the page's width: component, page, copies, stock."""
CHECK_ROW = 5.2
"""The height of one line of the checklist (mm)."""


class _Flow:
    """The contents' pages as they fill, top to bottom: a block that would run into the footer starts the next
    page, under the page's heading marked continued (and the table's column heads while `repeat` is set)."""

    def __init__(self, ctx: LayoutContext) -> None:
        self.ctx = ctx
        self.done: list[list[Item]] = []
        self.items: list[Item] = []
        self.y = ctx.margin
        self.bottom = ctx.paper.height - ctx.margin - FOOT_ROOM
        self.title = ""
        self.repeat: Callable[[float], tuple[list[Item], float]] | None = None

    def heading(self, text: str) -> None:
        """The page's heading, with a rule under it: what a continued page repeats, marked continued."""
        self.title = text
        self._head(text)

    def _head(self, text: str) -> None:
        m, w = self.ctx.margin, self.ctx.paper.width
        self.items += [
            Text(m, self.y + 6, text, 16, colour=INK, bold=True),
            Line(m, self.y + 9, w - m, self.y + 9, style=Style(stroke=INK, width=0.3)),
        ]
        self.y += 16

    def skip(self, height: float) -> None:
        self.y += height

    def room(self) -> float:
        return self.bottom - self.y

    def place(self, block: Sequence[Item], height: float, *, keep: float = 0.0) -> None:
        """Put a block laid out at the current `y` on this page, or (with `keep` mm after it for what must follow)
        at the top of the next one when it would run past the foot and this page already holds something more
        than its heading."""
        if self.y + height + keep > self.bottom and self.y > self.ctx.margin + 16 + 8:
            top = self.y
            self.new_page()
            block = [_moved(item, self.y - top) for item in block]
        self.items += block
        self.y += height

    def new_page(self) -> None:
        self.done.append(self.items)
        self.items, self.y = [], self.ctx.margin
        self._head(self.title + next(CONTINUED[tag] for tag in lookup_order(self.ctx.lang) if tag in CONTINUED))
        if self.repeat is not None:
            head, height = self.repeat(self.y)
            self.items += head
            self.y += height

    def pages(self, title: str) -> list[Page]:
        """Every page, each with the footer; the page label is the contents' heading."""
        w, h = self.ctx.paper.width, self.ctx.paper.height
        return [
            Page(w, h, (*items, *footer(self.ctx, title, "", where=("title", self.ctx.lang))), self.title)
            for items in [*self.done, self.items]
        ]


def _moved(item: Item, dy: float) -> Item:
    """An item `dy` mm lower down the page."""
    if isinstance(item, (Text, Rect)):
        return replace(item, y=item.y + dy)
    if isinstance(item, Line):
        return replace(item, y1=item.y1 + dy, y2=item.y2 + dy)
    return Group((item,), dy=dy)


def _entry_rows(ctx: LayoutContext, entry: ContentsEntry, m: float, y: float, width: float) -> tuple[list[Item], float]:
    """A component's row of the contents table, with its decks' first pages and its steps under it, at `y`; and
    its height."""
    top = y
    items: list[Item] = [Line(m, y, m + width, y, style=Style(stroke="#bbbbbb", width=0.15))]
    pages = (
        f"{entry.first_page}"
        if entry.page_count == 1
        else f"{entry.first_page}–{entry.first_page + entry.page_count - 1}"
    )
    row_top = y + 1.5
    # "Kit — Component": the component's own name alone where the whole cannot fit (the kit's heads the book)
    name = plain(entry.title)
    forms = [name, name.rsplit(" — ", 1)[1]] if " — " in name else [name]
    box = TextBox(m, row_top, width * 0.38, 6, align="start", valign="top", colour=INK, bold=True)
    items += ctx.furniture(forms, box, 9, 7) or ctx.fitted(forms[-1], box, 9, 7, label="contents")
    items.append(Text(m + COLUMNS[1] * width, row_top + 3.2, pages, 9, colour=INK))
    items += ctx.fitted(
        entry.copies,
        TextBox(m + COLUMNS[2] * width, row_top, width * 0.09, 8, align="start", valign="top", colour=INK),
        9,
        6,
        label="contents copies",
    )
    items += ctx.fitted(
        entry.stock,
        TextBox(m + COLUMNS[3] * width, row_top, width * 0.37, 8, align="start", valign="top", colour=INK),
        8,
        6.5,
        label="contents",
    )
    y = row_top + 8.5
    if len(entry.decks) > 1:
        starts = "  ·  ".join(f"{name} {tr('page_short', ctx.lang)}{page}" for name, page in entry.decks)
        block = ctx.fitted(
            starts,
            TextBox(m + 4, y - 1.6, width - 4, 9, align="start", valign="top", colour=INK),
            7.5,
            6,
            label="contents",
        )
        items += block
        y += 3.4 * max(1, len(block)) + 0.6
    for n, step in enumerate(entry.steps, start=1):
        block = ctx.fitted(
            f"{n}. {step}",
            TextBox(m + 4, y, width - 4, 9, align="start", valign="top", colour=MUTED),
            7.5,
            6,
            label="contents",
        )
        items += block
        y += 3.4 * max(1, len(block)) + 0.6
    return items, y + 1.5 - top


def _checklist(ctx: LayoutContext, flow: _Flow, checklist: list[tuple[str, int]], m: float, width: float) -> None:
    """What the finished box holds, a tick box to a line in two columns; what a page cannot hold goes on over,
    under the checklist's heading marked continued."""
    heading = tr("checklist", ctx.lang)
    flow.place(*_checklist_head(ctx, heading, flow.y), keep=CHECK_ROW)
    marker = next(CONTINUED[tag] for tag in lookup_order(ctx.lang) if tag in CONTINUED)
    flow.repeat = lambda y: _checklist_head(ctx, heading + marker, y)
    rest = list(checklist)
    while rest:
        if flow.room() < CHECK_ROW + 3:
            flow.new_page()
            continue
        rows = int((flow.room() - 3) // CHECK_ROW)
        per_col = min(rows, -(-len(rest) // 2))
        here, rest = rest[: 2 * per_col], rest[2 * per_col :]
        block: list[Item] = []
        for i, (name, count) in enumerate(here):
            col, row = divmod(i, per_col)
            x = m + col * width / 2
            yy = flow.y + row * CHECK_ROW
            block.append(Rect(x, yy + 0.6, 3.5, 3.5, style=Style(stroke=INK, width=0.25), role="checkbox"))
            tally = Text(x + width / 2 - 8, yy + 3.6, f"× {count}", 8.5, colour=INK, anchor="end", bold=True)
            room = width / 2 - 14 - item_width(tally) - GAP
            line = Text(x + 6, yy + 3.6, name, 8.5, colour=INK)  # a long name shrinks, down to the floor
            block.append(ctx.one_line(line, room, label="contents checklist", least=0.0))
            block.append(tally)
        flow.items += block
        flow.y += per_col * CHECK_ROW + 3
        if rest:
            flow.new_page()
    flow.repeat = None


def _checklist_head(ctx: LayoutContext, text: str, y: float) -> tuple[list[Item], float]:
    """The checklist's heading and the rule under it, at baseline `y`; and the height they take."""
    m, w = ctx.margin, ctx.paper.width
    return [
        Text(m, y, text, 12, colour=INK, bold=True),
        Line(m, y + 3, w - m, y + 3, style=Style(stroke=INK, width=0.3)),
    ], 5.0


FOOT_ROOM = 8.0
"""The height the footer keeps at the foot of the contents page."""
GLANCE_LEAST = 35.0
"""The least height (mm) worth showing the parts' pictures in: less, and the contents page goes without them."""
GLANCE_GAP = 4.0
"""The gap between two pictures."""
CAPTION = 9.0
"""The room under each picture for its page number and name (two short lines)."""
GLANCE_MOST_COLUMNS = 5
"""More pictures to a row would be too small to tell apart: the contents page then goes without them."""


def _glance(
    ctx: LayoutContext, entries: list[ContentsEntry], x: float, y: float, width: float, bottom: float
) -> list[Item]:
    """The first page of each part, small and without its words, with its page number and title under it: what a
    buyer will print, at a glance, in the room the contents page has left (as large as that room allows)."""
    room = bottom - y - 8.0
    if not entries or room < GLANCE_LEAST:
        return []
    aspect = max(entry.preview.height / entry.preview.width for entry in entries if entry.preview is not None)
    for cols in range(2, GLANCE_MOST_COLUMNS + 1):
        thumb = (width - (cols - 1) * GLANCE_GAP) / cols
        rows = -(-len(entries) // cols)
        if rows * (thumb * aspect + CAPTION) <= room:
            break
    else:
        return []
    items: list[Item] = [Text(x, y + 5, tr("at_a_glance", ctx.lang), 12, colour=INK, bold=True)]
    y += 8.0
    for n, entry in enumerate(entries):
        page = entry.preview
        assert page is not None
        row, col = divmod(n, cols)
        scale = thumb / page.width
        left, top = x + col * (thumb + GLANCE_GAP), y + row * (thumb * aspect + CAPTION)
        clip = Rect(0, 0, page.width, page.height)
        items.append(Group(picture_of(page.items), dx=left, dy=top, scale=scale, clip=clip, role="glance"))
        items.append(Rect(left, top, thumb, page.height * scale, style=Style(stroke="#9a9a9a", width=0.2)))
        name = plain(entry.title).rsplit(" — ", 1)[-1]  # the part's own name: the kit's heads the page
        caption = f"{entry.first_page}  {name}"
        if set_height(caption, thumb, 7, 1.15) > CAPTION - 1.5:  # a long name: its page number says enough
            caption = f"{tr('page_short', ctx.lang)}{entry.first_page}"
        items += ctx.fitted(
            caption,
            TextBox(left, top + page.height * scale + 1.0, thumb, CAPTION - 1.5, align="start", valign="top"),
            7,
            6,
            label="contents picture",
            leading=1.15,
        )
    return items


def picture_of(items: tuple[Item, ...]) -> tuple[Item, ...]:
    """A page's drawing without its words: shrunk to a picture, its text could not be read, and would fall
    below the readable floor. A shared drawing (a card back on every slot) stays shared, under its own name."""
    kept: list[Item] = []
    for item in items:
        if isinstance(item, Group):
            inner = picture_of(item.items)
            if inner:
                kept.append(replace(item, items=inner, symbol=item.symbol and f"{item.symbol}-picture"))
        elif not isinstance(item, Text):
            kept.append(item)
    return tuple(kept)


__all__ = ["ContentsEntry", "blank", "contents", "cover", "picture_of"]
