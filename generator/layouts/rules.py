"""Rule summaries: headings, paragraphs, steps, bullets, tables and a game's own diagrams.

Two layouts share these blocks. `rule_pages` flows the sections into two
columns over as many A4 pages as they need. `summary_page` sets a whole summary
on one page: runs of text sections side by side in two balanced columns,
tables and diagrams across the page, the body shrinking until everything fits.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from pnpkit.validator.components.templates import InlineIcon
from pnpkit.validator.markup import plain

from ..colour import WHITE
from ..scene import Group, Item, Line, Page, Rect, Style, Text
from ..text import TextBox, fit
from .common import FLOOR_JAPANESE, INK, LayoutContext, TextProblem, floor_pt, footer, page_title, readable
from .templates import inline_text, marked

BODY = 8.0
MIN_BODY = 6.5
"""The smallest body a one-page summary shrinks to (7 pt, the Japanese floor, when the summary is Japanese,
since tables set half a point smaller would fall under it); below it the overflow is a finding."""
SHRINK_STEP = 0.25
HEADING = 10.0
GAP = 2.0
COLUMN_GAP = 6.0


@dataclass(frozen=True)
class Table:
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...]  # fractions of the column width


@dataclass(frozen=True)
class Setting:
    """How a summary sets its words at one body size; a game's diagrams set their words through it too."""

    ctx: LayoutContext
    body: float = BODY
    icons: Mapping[str, InlineIcon] = field(default_factory=dict)
    """Inline icons `{name}` in the text draws, one em wide."""

    def height(self, text: str, width: float, size: float | None = None) -> float:
        """How tall `text` sets in `width`; an inline icon counts as the one em it is drawn as.
        Text is never set below the floor for its script: a size under it is raised, here as in `paragraph`."""
        size = readable(text, size or self.body)
        return fit(marked(text, self.icons, size).text, width, 1000.0, size, size).height

    def paragraph(
        self,
        text: str,
        x: float,
        y: float,
        width: float,
        where: tuple,
        *,
        size: float | None = None,
        colour: str = INK,
        bold: bool = False,
    ) -> tuple[list[Item], float]:
        """`text` set from (x, y) in a box exactly as tall as it needs: the lines, and that height."""
        size = readable(text, size or self.body)
        height = self.height(text, width, size)
        box = TextBox(x, y, width, height, colour=colour, bold=bold)
        return inline_text(self.ctx, text, box, size, size, self.icons, where=where, label="rule text"), height


Diagram = Callable[[Setting, float], tuple[list[Item], float]]
"""A game's own drawing in a summary: (setting, width) → items drawn from (0, 0), and their height."""


@dataclass
class Section:
    title: str
    text: str = ""
    steps: list[str] = field(default_factory=list)
    bullets: list[str] = field(default_factory=list)
    table: Table | None = None
    where: tuple = ()
    diagram: Diagram | None = None


def _top(ctx: LayoutContext) -> float:
    return ctx.margin + 13.0


def _bottom(ctx: LayoutContext) -> float:
    return ctx.paper.height - ctx.margin - 6.0


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
        return _top(self.ctx)

    @property
    def bottom(self) -> float:
        return _bottom(self.ctx)

    @property
    def width(self) -> float:
        return (self.ctx.paper.width - 2 * self.ctx.margin - (self.columns - 1) * COLUMN_GAP) / self.columns

    @property
    def x(self) -> float:
        return self.ctx.margin + self.column * (self.width + COLUMN_GAP)

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
    setting: Setting,
    text: str,
    width: float,
    where: tuple,
    indent: float = 0.0,
    size: float | None = None,
    colour: str = INK,
) -> tuple[list[Item], float]:
    items, height = setting.paragraph(text, indent, 0.0, width - indent, where, size=size, colour=colour)
    return items, height + 0.6


@dataclass(frozen=True)
class _Block:
    items: tuple[Item, ...]
    height: float
    header: _Block | None = None  # a table row repeats its header at the top of a new column
    where: tuple = ()


BODY_SIZES = (BODY, 7.6, 7.2)
"""Sizes tried, largest first: a summary that spills a few lines onto another page is set smaller."""


def rule_pages(
    ctx: LayoutContext,
    title: str,
    subtitle: str,
    sections: list[Section],
    footer_left: str,
    *,
    icons: Mapping[str, InlineIcon] | None = None,
) -> list[Page]:
    """Flow the sections into columns at the largest body size that needs the fewest pages.

    `icons` are the kit's inline icons: `{name}` in rule text draws them as on its cards.
    """
    icons = icons or {}
    trials = []
    for body in BODY_SIZES:
        scratch = replace(ctx, problems=[])
        trials.append((len(_flow_pages(scratch, title, subtitle, sections, body, icons).pages), -body))
        if trials[-1][0] == 1:
            break
    _pages, best = min(trials)
    flow = _flow_pages(ctx, title, subtitle, sections, -best, icons)
    pages = []
    total = len(flow.pages)
    for n, items in enumerate(flow.pages, start=1):
        items = items + footer(ctx, footer_left, f"{n}/{total}")
        pages.append(Page(ctx.paper.width, ctx.paper.height, tuple(items), title if n == 1 else f"{title} {n}"))
    return pages


def _flow_pages(
    ctx: LayoutContext,
    title: str,
    subtitle: str,
    sections: list[Section],
    body: float,
    icons: Mapping[str, InlineIcon],
) -> _Flow:
    """One layout pass; a heading always stays with its section's first block."""
    setting = Setting(ctx, body, icons)
    flow = _Flow(ctx, title, subtitle)
    width = flow.width
    for section in sections:
        heading = _heading(section, width)
        blocks = _section_blocks(setting, section, width)
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


def summary_page(
    ctx: LayoutContext,
    title: str,
    subtitle: str,
    sections: list[Section],
    footer_left: str,
    footer_right: str,
    *,
    icons: Mapping[str, InlineIcon] | None = None,
) -> Page:
    """The whole summary on one page, at the largest body size (in quarter points) at which it fits.

    Below MIN_BODY it stops shrinking; what still overflows is a finding (PK309), never a clipped page.
    """
    icons = icons or {}
    bottom = _bottom(ctx)
    least = min_body(sections)
    sizes = [BODY - k * SHRINK_STEP for k in range(round((BODY - least) / SHRINK_STEP) + 1)]
    body = next(
        (size for size in sizes if _summary(Setting(replace(ctx, problems=[]), size, icons), sections)[1] <= bottom),
        least,
    )
    items, end = _summary(Setting(ctx, body, icons), sections)
    if end > bottom:
        ctx.problems.append(
            TextProblem(
                "PK309",
                ("rules",),
                f"rule summary is {end - bottom:.1f} mm too long for one page even at {body} pt",
                "shorten the rule text or the errata",
            )
        )
    items = page_title(ctx, title, subtitle) + items + footer(ctx, footer_left, footer_right)
    return Page(ctx.paper.width, ctx.paper.height, tuple(items), title)


def min_body(sections: list[Section]) -> float:
    """MIN_BODY, or the Japanese floor for a Japanese summary (its headings are Japanese).

    A Japanese word in an English summary (a name quoted as written) is raised to 7 pt where it is set.
    """
    japanese = any(floor_pt(section.title) > MIN_BODY for section in sections)
    return FLOOR_JAPANESE if japanese else MIN_BODY


def _summary(setting: Setting, sections: list[Section]) -> tuple[list[Item], float]:
    """One layout pass of a one-page summary: its items, and where the last block ends."""
    ctx = setting.ctx
    x, width = ctx.margin, ctx.paper.width - 2 * ctx.margin
    y = _top(ctx)
    items: list[Item] = []
    for run in _runs(sections):
        if len(run) == 1:
            got, height = _placed(_stack(setting, run[0], width), x, y)
        else:
            got, height = _columns(setting, run, x, y, width)
        items += got
        y += height
    return items, y


def _spans(section: Section) -> bool:
    """Tables and diagrams need the page's width; text reads well in a column."""
    return section.table is not None or section.diagram is not None


def _runs(sections: list[Section]) -> list[list[Section]]:
    """Consecutive text sections together; a section that spans the page alone."""
    runs: list[list[Section]] = []
    for section in sections:
        if _spans(section) or not runs or _spans(runs[-1][0]):
            runs.append([section])
        else:
            runs[-1].append(section)
    return runs


def _columns(setting: Setting, run: list[Section], x: float, y: float, width: float) -> tuple[list[Item], float]:
    """Text sections in two columns, in order, cut where the taller column is shortest."""
    column = (width - COLUMN_GAP) / 2
    stacks = [_stack(setting, section, column) for section in run]
    heights = [sum(block.height for block in stack) + GAP for stack in stacks]
    cut = min(
        range(len(run) + 1),
        key=lambda k: (max(sum(heights[:k]), sum(heights[k:])), sum(heights[:k]) < sum(heights[k:])),
    )
    items: list[Item] = []
    for left, part in ((x, stacks[:cut]), (x + column + COLUMN_GAP, stacks[cut:])):
        top = y
        for stack in part:
            got, height = _placed(stack, left, top)
            items += got
            top += height
    return items, max(sum(heights[:cut]), sum(heights[cut:]))


def _stack(setting: Setting, section: Section, width: float) -> list[_Block]:
    """A section's blocks top to bottom: its heading, then its content, each table's header before its rows."""
    blocks = [_heading(section, width)]
    for block in _section_blocks(setting, section, width):
        if block.header is not None and blocks[-1].header is not block.header:
            blocks.append(block.header)
        blocks.append(block)
    return blocks


def _placed(blocks: list[_Block], x: float, y: float) -> tuple[list[Item], float]:
    """Blocks stacked from (x, y); the height includes the gap after them."""
    items: list[Item] = []
    top = y
    for block in blocks:
        items.append(Group(block.items, dx=x, dy=top))
        top += block.height
    return items, top - y + GAP


def _heading(section: Section, width: float) -> _Block:
    return _Block(
        (
            Rect(0, 0, width, 6.0, style=Style(fill="#2c2f45")),
            Text(2.0, 4.4, plain(section.title), HEADING, colour=WHITE, bold=True),
        ),
        8.0,
    )


def _section_blocks(setting: Setting, section: Section, width: float) -> list[_Block]:
    body = setting.body
    blocks: list[_Block] = []
    if section.text:
        items, h = _paragraph(setting, section.text, width, section.where + ("text",))
        blocks.append(_Block(tuple(items), h + 0.8, where=section.where + ("text",)))
    for i, step in enumerate(section.steps, start=1):
        items, h = _paragraph(setting, step, width, section.where + ("steps", i - 1), indent=5.0)
        items.append(Text(0.5, body * 0.3528 * 0.88, f"{i}.", body, colour=INK, bold=True))
        blocks.append(_Block(tuple(items), h + 0.4, where=section.where + ("steps", i - 1)))
    for j, bullet in enumerate(section.bullets):
        items, h = _paragraph(setting, bullet, width, section.where + ("bullets", j), indent=4.0)
        items.append(Rect(1.0, body * 0.125, 1.4, 1.4, style=Style(fill=INK)))
        blocks.append(_Block(tuple(items), h + 0.4, where=section.where + ("bullets", j)))
    if section.table is not None:
        blocks += _table_blocks(setting, section.table, width, section.where, body - 0.5)
    if section.diagram is not None:
        items, h = section.diagram(setting, width)
        blocks.append(_Block(tuple(items), h, where=section.where))
    return blocks


def _table_blocks(setting: Setting, table: Table, width: float, where: tuple, size: float) -> list[_Block]:
    widths = [w * width for w in table.widths]

    def row_block(cells: tuple[str, ...], header: bool) -> tuple[list[Item], float]:
        blocks, height = [], 0.0
        x = 0.0
        for text, w in zip(cells, widths):
            items, h = _paragraph(setting, text, w - 2.0, where, size=size, colour=WHITE if header else INK)
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


__all__ = ["Diagram", "Section", "Setting", "Table", "rule_pages", "summary_page"]
