"""Rule summaries: headings, steps, bullets and tables flowed into two columns per A4 page."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..scene import Group, Item, Line, Page, Rect, Style, Text
from ..text import TextBox
from .common import INK, LayoutContext, TextProblem, footer, page_title

BODY = 8.0
MIN_BODY = 6.5
HEADING = 10.0
GAP = 2.0


@dataclass(frozen=True)
class Table:
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...]  # fractions of the column width


@dataclass
class Section:
    title: str
    text: str = ""
    steps: list[str] = field(default_factory=list)
    bullets: list[str] = field(default_factory=list)
    table: Table | None = None
    where: tuple = ()


@dataclass
class _Flow:
    """Places blocks top to bottom in columns, starting a new column or page when one is full."""

    ctx: LayoutContext
    title: str
    subtitle: str
    columns: int = 2
    pages: list[list[Item]] = field(default_factory=list)
    column: int = 0
    y: float = 0.0

    def __post_init__(self) -> None:
        self.new_page()

    @property
    def top(self) -> float:
        return self.ctx.margin + 13.0

    @property
    def bottom(self) -> float:
        return self.ctx.paper.height - self.ctx.margin - 6.0

    @property
    def width(self) -> float:
        return (self.ctx.paper.width - 2 * self.ctx.margin - (self.columns - 1) * 6.0) / self.columns

    @property
    def x(self) -> float:
        return self.ctx.margin + self.column * (self.width + 6.0)

    def new_page(self) -> None:
        self.pages.append(page_title(self.ctx, self.title, self.subtitle))
        self.column = 0
        self.y = self.top

    def make_room(self, height: float) -> None:
        if self.y + height <= self.bottom or self.y == self.top:
            return
        if self.column + 1 < self.columns:
            self.column += 1
            self.y = self.top
        else:
            self.new_page()

    def add(self, items: list[Item], height: float) -> None:
        """`items` are drawn relative to (0, 0) of the block; they are shifted here."""
        self.make_room(height)
        self.pages[-1].append(Group(tuple(items), dx=self.x, dy=self.y))
        self.y += height


def _paragraph(
    ctx: LayoutContext,
    text: str,
    width: float,
    where: tuple,
    indent: float = 0.0,
    size: float = BODY,
    colour: str = INK,
) -> tuple[list[Item], float]:
    from ..text import fit

    result = fit(text, width - indent, 1000.0, size, size)
    box = TextBox(indent, 0.0, width - indent, result.height, colour=colour)
    items = ctx.fitted(text, box, size, size, where=where, label="rule text")
    return items, result.height + 0.6


@dataclass(frozen=True)
class _Block:
    items: tuple[Item, ...]
    height: float
    header: _Block | None = None  # a table row repeats its header at the top of a new column
    where: tuple = ()


BODY_SIZES = (BODY, 7.6, 7.2)
"""Sizes tried, largest first: a summary that spills a few lines onto another page is set smaller."""


def rule_pages(ctx: LayoutContext, title: str, subtitle: str, sections: list[Section], footer_left: str) -> list[Page]:
    """Flow the sections into columns at the largest body size that needs the fewest pages."""
    trials = []
    for body in BODY_SIZES:
        scratch = replace(ctx, problems=[])
        trials.append((len(_flow_pages(scratch, title, subtitle, sections, body).pages), -body))
        if trials[-1][0] == 1:
            break
    _pages, best = min(trials)
    flow = _flow_pages(ctx, title, subtitle, sections, -best)
    pages = []
    total = len(flow.pages)
    for n, items in enumerate(flow.pages, start=1):
        items = items + footer(ctx, footer_left, f"{n}/{total}")
        pages.append(Page(ctx.paper.width, ctx.paper.height, tuple(items), title if n == 1 else f"{title} {n}"))
    return pages


def _flow_pages(ctx: LayoutContext, title: str, subtitle: str, sections: list[Section], body: float) -> _Flow:
    """One layout pass; a heading always stays with its section's first block."""
    flow = _Flow(ctx, title, subtitle)
    width = flow.width
    for section in sections:
        heading = _Block(
            (
                Rect(0, 0, width, 6.0, style=Style(fill="#2c2f45")),
                Text(2.0, 4.4, section.title, HEADING, colour="#ffffff", bold=True),
            ),
            8.0,
        )
        blocks = _section_blocks(ctx, section, width, body)
        first = blocks[0].height + (blocks[0].header.height if blocks and blocks[0].header else 0.0) if blocks else 0.0
        flow.make_room(heading.height + first)
        flow.add(list(heading.items), heading.height)
        for index, block in enumerate(blocks):
            if block.height > flow.bottom - flow.top:
                ctx.problems.append(
                    TextProblem(
                        "PK309",
                        block.where,
                        f"rule text is {block.height - (flow.bottom - flow.top):.0f} mm longer than a column",
                        "split it into shorter steps or bullets",
                    )
                )
            starts_table = block.header is not None and (index == 0 or blocks[index - 1].header is not block.header)
            if block.header is not None and (starts_table or flow.y + block.height > flow.bottom):
                if flow.y + block.header.height + block.height > flow.bottom:
                    flow.make_room(block.header.height + block.height)
                flow.add(list(block.header.items), block.header.height)
            flow.add(list(block.items), block.height)
        flow.y += GAP
    return flow


def _section_blocks(ctx: LayoutContext, section: Section, width: float, body: float) -> list[_Block]:
    blocks: list[_Block] = []
    if section.text:
        items, h = _paragraph(ctx, section.text, width, section.where + ("text",), size=body)
        blocks.append(_Block(tuple(items), h + 0.8, where=section.where + ("text",)))
    for i, step in enumerate(section.steps, start=1):
        items, h = _paragraph(ctx, step, width, section.where + ("steps", i - 1), indent=5.0, size=body)
        items.append(Text(0.5, body * 0.3528 * 0.88, f"{i}.", body, colour=INK, bold=True))
        blocks.append(_Block(tuple(items), h + 0.4, where=section.where + ("steps", i - 1)))
    for j, bullet in enumerate(section.bullets):
        items, h = _paragraph(ctx, bullet, width, section.where + ("bullets", j), indent=4.0, size=body)
        items.append(Rect(1.0, body * 0.125, 1.4, 1.4, style=Style(fill=INK)))
        blocks.append(_Block(tuple(items), h + 0.4, where=section.where + ("bullets", j)))
    if section.table is not None:
        blocks += _table_blocks(ctx, section.table, width, section.where, body - 0.5)
    return blocks


def _table_blocks(ctx: LayoutContext, table: Table, width: float, where: tuple, size: float) -> list[_Block]:
    widths = [w * width for w in table.widths]

    def row_block(cells: tuple[str, ...], header: bool) -> tuple[list[Item], float]:
        blocks, height = [], 0.0
        x = 0.0
        for text, w in zip(cells, widths):
            items, h = _paragraph(ctx, text, w - 2.0, where, size=size, colour="#ffffff" if header else INK)
            blocks.append((x, items))
            height = max(height, h)
            x += w
        height += 1.6
        out: list[Item] = [
            Rect(0, 0, width, height, style=Style(fill="#5a5e7a" if header else None, stroke="#9a9a9a", width=0.15))
        ]
        for x, items in blocks:
            out.append(Group(tuple(items), dx=x + 1.0, dy=0.8))
        x = 0.0
        for w in widths[:-1]:
            x += w
            out.append(Line(x, 0, x, height, style=Style(stroke="#9a9a9a", width=0.15)))
        return out, height

    header_items, header_h = row_block(table.columns, True)
    header = _Block(tuple(header_items), header_h)
    rows = []
    for row in table.rows:
        items, h = row_block(row, False)
        rows.append(_Block(tuple(items), h, header))
    return rows


__all__ = ["Section", "Table", "rule_pages"]
