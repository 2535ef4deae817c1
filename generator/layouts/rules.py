"""Rule summaries: headings, paragraphs, steps, bullets, tables and a game's own diagrams.

Two layouts share these blocks and one way of breaking them into columns, set as a good rulebook is:
a heading never ends a column (it keeps with its first block, a table's header with its first two
rows), a column that opens inside a section repeats its heading marked continued (and a table's header
row), the two columns of a page are balanced, and the body is as large as the room allows (up to 9 pt).
`rule_pages` flows the sections over as many A4 pages as they need at the smallest body; `summary_page`
sets a whole summary on one page: runs of text sections in two balanced columns, tables and diagrams
across the page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from pnpkit.validator.components.templates import InlineIcon
from pnpkit.validator.markup import plain

from ..colour import WHITE
from ..i18n import lookup_order
from ..scene import Group, Item, Line, Page, Rect, Style, Text
from ..typeset.linebreaks import has_wide
from ..typeset.text import TextBox, fit
from .context import FLOOR_JAPANESE, INK, LayoutContext, TextProblem, floor_pt, footer, page_title, readable
from .inline_icons import inline_text, marked
from .table_columns import CELL_ROOM, SHORT_LINE, column_widths, starved_cells

BODY = 9.0
"""The body a summary is set at when it has the room; the search for the largest size that fits starts here."""
FLOW_FLOOR = 7.25
"""The smallest body a multi-page summary is set at to save a page; below it, it takes another page."""
TABLE_FLOOR = 6.75
"""The smallest a table's text is set so that a long word fits a narrow cell (Japanese is raised to its floor)."""
MIN_BODY = 6.5
"""The smallest body a one-page summary shrinks to (7 pt, the Japanese floor, when the summary is Japanese,
since tables set half a point smaller would fall under it); below it the overflow is a finding."""
SHRINK_STEP = 0.25
TABLE_STEP = 0.5
"""How much smaller than the body a table's text is set."""
HEADING = 10.0
GAP = 2.0
COLUMN_GAP = 6.0
CONTINUED = {
    "ja": "（続き）",
    "en": " (cont.)",
    "de": " (Forts.)",
    "fr": " (suite)",
    "es": " (cont.)",
    "ko": " (계속)",
    "zh-Hans": "（续）",
}
"""Marks a heading repeated at the top of a column that continues its section."""


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
    bullets_under: int = 0
    """The step (from 1) the bullets are set under, indented, as its sub-items; 0: after the steps."""
    diagram: Diagram | None = None


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


def _top(ctx: LayoutContext) -> float:
    return ctx.margin + 13.0


def _bottom(ctx: LayoutContext) -> float:
    return ctx.paper.height - ctx.margin - 6.0


def _sizes(largest: float, least: float) -> list[float]:
    """Body sizes in quarter points, largest first."""
    return [largest - k * SHRINK_STEP for k in range(round((largest - least) / SHRINK_STEP) + 1)]


@dataclass(frozen=True)
class Block:
    """One piece of a summary that never breaks across columns, drawn from (0, 0)."""

    items: tuple[Item, ...]
    height: float
    role: str
    """What it is, for readers of the scene: rule-heading, rule-text, rule-step, rule-bullet, rule-diagram,
    rule-table-header or rule-table-row."""
    keep_with_next: bool = False
    """No column ends right after it: a heading, a table's header and first row, a table's last row but one."""
    space_before: float = 0.0
    """Space above it, dropped at the top of a column."""
    continued: Block | None = None
    """Its section's heading marked continued: what a column opening with this block repeats first."""
    header: Block | None = None
    """A table row's header row, repeated under that heading."""
    where: tuple = ()
    name: str = ""


def column_of(blocks: list[Block], start: int, end: int) -> list[Block]:
    """The blocks a column from blocks[start] to blocks[end] draws: a continued section's heading
    (and a continued table's header row) first."""
    first = blocks[start]
    opening = [block for block in (first.continued, first.header) if block is not None]
    return opening + blocks[start:end]


def column_height(column: list[Block]) -> float:
    return sum(block.height for block in column) + sum(block.space_before for block in column[1:])


class _Heights:
    """The height of any column of `blocks` in constant time, from running sums, exactly as `column_height` gives it.

    A running sum can differ from `column_height`'s own sum in the last bits, and a column's fate (fits, or the
    cut that balances a page) can turn on the last bits. So a running height is trusted only when it is
    further than `slack` (a bound on that rounding, from the number and size of the heights) from what it is
    compared with; closer, the column is measured as `column_height` measures it. Breaking stays linear in the
    blocks, and the pages are the very pages summing every candidate column gives."""

    def __init__(self, blocks: list[Block]):
        self.blocks = blocks
        heights, spaces = [0.0], [0.0]
        for block in blocks:
            heights.append(heights[-1] + block.height)
            spaces.append(spaces[-1] + block.space_before)
        self.heights, self.spaces = heights, spaces
        self.opening = [_opening(block) for block in blocks]
        largest = heights[-1] + spaces[-1] + max((h for h, _open in self.opening), default=0.0)
        self.slack = 8 * (len(blocks) + 8) * 2.0**-52 * (largest + 1.0)

    def about(self, start: int, end: int) -> float:
        """The height of the column blocks[start:end], to within `slack`."""
        opened, is_open = self.opening[start]
        spaces = self.spaces[end] - self.spaces[start if is_open else min(start + 1, end)]
        return opened + (self.heights[end] - self.heights[start]) + spaces

    def exact(self, start: int, end: int) -> float:
        return column_height(column_of(self.blocks, start, end))

    def fits(self, start: int, end: int, room: float) -> bool:
        """Whether the column blocks[start:end] fits `room` (with `_fill`'s tolerance), as `column_height` says."""
        about, limit = self.about(start, end), room + 1e-6
        if abs(about - limit) > self.slack:
            return about <= limit
        return self.exact(start, end) <= limit


def _opening(block: Block) -> tuple[float, bool]:
    """The height a column opening at `block` gives its repeated heading and header row, and whether it has any."""
    opening = [b for b in (block.continued, block.header) if b is not None]
    return (column_height(opening) if opening else 0.0), bool(opening)


def _fill(blocks: list[Block], start: int, room: float, heights: _Heights | None = None) -> int:
    """The end of the fullest column from blocks[start] that fits `room`.

    A keep that is taller than a column gives way (any break that fits); a single block taller than a
    column is placed alone and reported by the caller. A column only grows as it takes more blocks, so the
    search stops at the first end that does not fit."""
    heights = heights or _Heights(blocks)
    last_break = last_any = None
    for end in range(start + 1, len(blocks) + 1):
        if not heights.fits(start, end, room):
            break
        last_any = end
        if end == len(blocks) or not blocks[end - 1].keep_with_next:
            last_break = end
    return last_break or last_any or start + 1


def balance(
    blocks: list[Block], start: int, end: int, room: float, heights: _Heights | None = None
) -> list[tuple[int, int]]:
    """Blocks[start:end] in two columns, cut where the taller column is shortest, the left one the taller on a tie.

    A cut after a block that keeps with the next is taken only when no other cut fits the room. Every cut is
    weighed from running sums; the few that could be the best are then weighed exactly, as `column_height` sums."""
    heights = heights or _Heights(blocks)
    limit, slack = room + 1e-6, heights.slack

    def over(cut: int, taller: float) -> bool:
        if abs(taller - limit) > slack:
            return taller > limit
        return max(heights.exact(start, cut), heights.exact(cut, end) if cut < end else 0.0) > limit

    def cost(cut: int) -> tuple[bool, bool, float, float]:
        left = heights.exact(start, cut)
        right = heights.exact(cut, end) if cut < end else 0.0
        kept = cut < end and blocks[cut - 1].keep_with_next
        return max(left, right) > limit, kept, round(max(left, right), 6), right

    cuts = range(start + 1, end + 1)
    taller = {cut: max(heights.about(start, cut), heights.about(cut, end) if cut < end else 0.0) for cut in cuts}
    rank = {cut: (over(cut, taller[cut]), cut < end and blocks[cut - 1].keep_with_next) for cut in cuts}
    best = min(rank.values())
    ranked = [cut for cut in cuts if rank[cut] == best]
    # round(·, 6) joins heights within a millionth: a cut further than that (and the slack) above the least
    # taller column cannot be the best
    least = min(taller[cut] for cut in ranked)
    near = [cut for cut in ranked if taller[cut] <= least + 2e-6 + 2 * slack]
    cut = min(near, key=cost)
    return [(start, cut), (cut, end)] if cut < end else [(start, end)]


def paginate(blocks: list[Block], room: float, first: float | None = None) -> list[list[tuple[int, int]]]:
    """Pages of two columns: each page takes what two full columns hold, then balances it between them.
    With `first`, the first page has only that much room left (what is above is set already)."""
    heights = _Heights(blocks)
    pages: list[list[tuple[int, int]]] = []
    start = 0
    while start < len(blocks):
        here = room if pages or first is None else first
        end = _fill(blocks, start, here, heights)
        if end < len(blocks):
            end = _fill(blocks, end, here, heights)
        pages.append(balance(blocks, start, end, here, heights))
        start = end
    return pages


def _place(column: list[Block], x: float, y: float) -> tuple[list[Item], float]:
    """A column's blocks stacked from (x, y): their groups, labelled with their role, and the column's height."""
    items: list[Item] = []
    top = y
    for i, block in enumerate(column):
        top += block.space_before if i else 0.0
        items.append(Group(block.items, dx=x, dy=top, role=block.role, name=block.name))
        top += block.height
    return items, top - y


def _column_width(ctx: LayoutContext) -> float:
    return (ctx.paper.width - 2 * ctx.margin - COLUMN_GAP) / 2


def rule_pages(
    ctx: LayoutContext,
    title: str,
    subtitle: str,
    sections: list[Section],
    footer_left: str,
    *,
    icons: Mapping[str, InlineIcon] | None = None,
) -> list[Page]:
    """Flow the sections into two balanced columns on as few pages as they need at FLOW_FLOOR, at the largest
    body size (up to BODY) that needs no more pages.

    `icons` are the kit's inline icons: `{name}` in rule text draws them as on its cards.
    """
    icons = icons or {}
    room, width = _bottom(ctx) - _top(ctx), _column_width(ctx)

    def trial(body: float) -> tuple[int, int]:
        """Pages needed at `body`, and the words that do not fit their boxes there (a long word in a narrow cell)."""
        scratch = replace(ctx, problems=[])
        pages = len(_flowed(Setting(scratch, body, icons), sections, width, room)[0])
        return pages, len(scratch.problems)

    sizes = _sizes(BODY, FLOW_FLOOR)
    fewest, misses = trial(sizes[-1])
    body = next(size for size in sizes if size == sizes[-1] or _no_worse(trial(size), (fewest, misses)))
    laid, blocks = _flowed(Setting(ctx, body, icons), sections, width, room)
    for block in blocks:
        if block.height > room:
            ctx.problems.append(
                TextProblem(
                    "PK309",
                    block.where,
                    f"rule text is {block.height - room:.0f} mm longer than a column",
                    "split it into shorter steps or bullets",
                )
            )
    pages = []
    for n, placed in enumerate(laid, start=1):
        items = page_title(ctx, title, subtitle) + placed + footer(ctx, footer_left, f"{n}/{len(laid)}")
        pages.append(Page(ctx.paper.width, ctx.paper.height, tuple(items), title if n == 1 else f"{title} {n}"))
    return pages


def _flowed(
    setting: Setting, sections: list[Section], width: float, room: float
) -> tuple[list[list[Item]], list[Block]]:
    """The sections flowed in two balanced columns `width` wide, page after page `room` tall: each page's items, and
    every block (for the caller's check of a block taller than a column).

    When a table would starve in a column (`table_columns`), every table is set across the page, as on a one-page
    summary: the text between tables in balanced columns, a lone text section split between the two."""
    ctx = setting.ctx
    x, top = ctx.margin, _top(ctx)
    starving = any(section.table is not None and _starved(setting, section.table, width) for section in sections)
    spans = [starving and section.table is not None for section in sections]
    if not starving:
        blocks = _blocks(setting, sections, width)
        return [
            [
                item
                for c, (s, e) in enumerate(columns)
                for item in _place(column_of(blocks, s, e), x + c * (width + COLUMN_GAP), top)[0]
            ]
            for columns in paginate(blocks, room)
        ], blocks
    full = ctx.paper.width - 2 * ctx.margin
    pages: list[list[Item]] = [[]]
    every: list[Block] = []
    y = 0.0
    for run, spanning in _span_runs(sections, spans):
        # a lone section between tables across the page is balanced in two columns, not left in one
        blocks = _blocks(setting, run, full if spanning else width, whole=spanning or len(run) > 1)
        every += blocks
        if y > 0.0:
            if _opens(blocks, room - y - GAP):
                y += GAP
            else:
                pages.append([])
                y = 0.0
        laid = _stack(blocks, room, room - y) if spanning else paginate(blocks, room, room - y)
        for n, columns in enumerate(laid):
            if n:
                pages.append([])
                y = 0.0
            tallest = 0.0
            for c, (s, e) in enumerate(columns):
                got, height = _place(column_of(blocks, s, e), x + c * (width + COLUMN_GAP), top + y)
                pages[-1] += got
                tallest = max(tallest, height)
            y += tallest
    return pages, every


def _starved(setting: Setting, table: Table, width: float) -> bool:
    """Whether `table`, set at the summary's table size in a column `width` wide, starves a cell (`table_columns`)."""
    return not column_widths(table.columns, table.rows, table.widths, width, setting.body - TABLE_STEP).comfortable


def _span_runs(sections: list[Section], spans: list[bool]) -> list[tuple[list[Section], bool]]:
    """Consecutive sections set in columns together; each section set across the page alone."""
    runs: list[tuple[list[Section], bool]] = []
    for section, spanning in zip(sections, spans):
        if spanning or not runs or runs[-1][1]:
            runs.append(([section], spanning))
        else:
            runs[-1][0].append(section)
    return runs


def _opens(blocks: list[Block], room: float) -> bool:
    """Whether a column of `room` left on a page can open with `blocks`: a break that fits, after no heading."""
    heights = _Heights(blocks)
    end = _fill(blocks, 0, room, heights)
    return heights.fits(0, end, room) and (end == len(blocks) or not blocks[end - 1].keep_with_next)


def _stack(blocks: list[Block], room: float, first: float) -> list[list[tuple[int, int]]]:
    """Blocks in one column across the page, page after page: `first` mm on the first, `room` on the rest."""
    heights = _Heights(blocks)
    pages: list[list[tuple[int, int]]] = []
    start = 0
    while start < len(blocks):
        end = _fill(blocks, start, room if pages else first, heights)
        pages.append([(start, end)])
        start = end
    return pages


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
    """The whole summary on one page, at the largest body size (in quarter points, up to BODY) at which it fits.

    Below MIN_BODY it stops shrinking; what still overflows is a finding (PK309), never a clipped page.
    """
    icons = icons or {}
    bottom = _bottom(ctx)
    least = min_body(sections)

    def trial(body: float) -> tuple[float, int]:
        """Where the summary ends at `body`, and the words that do not fit their boxes there."""
        scratch = replace(ctx, problems=[])
        return _summary(Setting(scratch, body, icons), sections)[1], len(scratch.problems)

    misses = trial(least)[1]
    body = next((size for size in _sizes(BODY, least) if _no_worse(trial(size), (bottom, misses))), least)
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


def summary_pages(
    ctx: LayoutContext,
    title: str,
    subtitle: str,
    sections: list[Section],
    footer_left: str,
    footer_right: str,
    *,
    icons: Mapping[str, InlineIcon] | None = None,
) -> list[Page]:
    """`summary_page` where the whole summary fits one page at its least size; where it does not (a shorter
    paper), as many whole sections as fit on each page, in order, each page laid out as a summary page: the
    second prints on the back of the first."""
    icons = icons or {}

    def fits(part: list[Section]) -> bool:
        scratch = replace(ctx, problems=[])
        return _summary(Setting(scratch, min_body(part), icons), part)[1] <= _bottom(ctx) + 1e-6

    if fits(sections):
        return [summary_page(ctx, title, subtitle, sections, footer_left, footer_right, icons=icons)]
    marker = next(CONTINUED[tag] for tag in lookup_order(ctx.lang) if tag in CONTINUED)
    pages: list[Page] = []
    rest = list(sections)
    while rest:
        count = len(rest)
        while count > 1 and not fits(rest[:count]):
            count -= 1
        heading = title if not pages else f"{title}{marker}"
        pages.append(summary_page(ctx, heading, subtitle, rest[:count], footer_left, footer_right, icons=icons))
        rest = rest[count:]
    return pages


def _no_worse(trial: tuple[float, int], limit: tuple[float, int]) -> bool:
    """A trial (pages or length, words that miss their boxes) within both limits."""
    return trial[0] <= limit[0] + 1e-6 and trial[1] <= limit[1]


def min_body(sections: list[Section]) -> float:
    """MIN_BODY, or the Japanese floor for a Japanese summary (its headings are Japanese).

    A Japanese word in an English summary (a name quoted as written) is raised to 7 pt where it is set.
    """
    japanese = any(floor_pt(section.title) > MIN_BODY for section in sections)
    return FLOOR_JAPANESE if japanese else MIN_BODY


def _summary(setting: Setting, sections: list[Section]) -> tuple[list[Item], float]:
    """One layout pass of a one-page summary: its items, and where the last block ends (GAP included)."""
    ctx = setting.ctx
    x, width = ctx.margin, ctx.paper.width - 2 * ctx.margin
    y = _top(ctx)
    items: list[Item] = []
    for run in _runs(sections):
        if len(run) == 1:
            got, height = _place(_blocks(setting, run, width), x, y)
        else:
            got, height = _columns(setting, run, x, y)
        items += got
        y += height + GAP
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


def _columns(setting: Setting, run: list[Section], x: float, y: float) -> tuple[list[Item], float]:
    """Text sections in two balanced columns, in order: their items and the taller column's height."""
    width = _column_width(setting.ctx)
    blocks = _blocks(setting, run, width)
    items: list[Item] = []
    tallest = 0.0
    for c, (start, end) in enumerate(balance(blocks, 0, len(blocks), float("inf"))):
        got, height = _place(column_of(blocks, start, end), x + c * (width + COLUMN_GAP), y)
        items += got
        tallest = max(tallest, height)
    return items, tallest


def _heading(title: str, width: float, *, name: str = "") -> Block:
    return Block(
        (
            Rect(0, 0, width, 6.0, style=Style(fill="#2c2f45")),
            Text(2.0, 4.4, plain(title), HEADING, colour=WHITE, bold=True),
        ),
        8.0,
        "rule-heading",
        keep_with_next=True,
        space_before=GAP,
        name=name,
    )


def _blocks(setting: Setting, sections: list[Section], width: float, *, whole: bool = True) -> list[Block]:
    """Every section's blocks in reading order: its heading, then its content, a table's header before its rows.
    With `whole` False, a short section may be split like a long one (a lone section balanced in two columns)."""
    marker = next(CONTINUED[tag] for tag in lookup_order(setting.ctx.lang) if tag in CONTINUED)
    blocks: list[Block] = []
    for section in sections:
        continued = _heading(section.title + marker, width, name="continued")
        heading = _heading(section.title, width)
        content = [replace(block, continued=continued) for block in _section_blocks(setting, section, width)]
        blocks += [heading, *_kept(heading, content, whole)]
    return blocks


SHORT_SECTION = 80.0
"""A section at most this tall (mm, its heading included; a third of an A4 column) is never split between columns:
a reader takes it in at once. A longer one keeps its first two and its last two pieces together, so no heading is left at a column's
foot with a single line under it, and no column opens with a section's last line alone."""


def _kept(heading: Block, content: list[Block], short_whole: bool = True) -> list[Block]:
    """The section's content with the keeps that hold a short section whole (unless `short_whole` is False) and a
    long one's ends together."""
    if not content:
        return content
    whole = (
        short_whole and heading.height + sum(block.height + block.space_before for block in content) <= SHORT_SECTION
    )
    last = len(content) - 1
    return [
        replace(block, keep_with_next=True)
        if i < last and (whole or ((i == 0 or i == last - 1) and block.role not in TABLE_ROLES))
        else block
        for i, block in enumerate(content)
    ]


TABLE_ROLES = frozenset({"rule-table-header", "rule-table-row"})
"""A table keeps its own header with its first rows and its last two rows together (`_table_blocks`)."""


def _section_blocks(setting: Setting, section: Section, width: float) -> list[Block]:
    body = setting.body
    blocks: list[Block] = []
    if section.text:
        where = section.where + ("text",)
        items, h = _paragraph(setting, section.text, width, where)
        blocks.append(Block(tuple(items), h + 0.8, "rule-text", where=where))
    under = section.bullets_under if 0 < section.bullets_under <= len(section.steps) else 0

    def bullets(indent: float) -> list[Block]:
        """The bullets, `indent` mm in from the column's edge (under a step, in line with its words)."""
        made = []
        for j, bullet in enumerate(section.bullets):
            where = section.where + ("bullets", j)
            items, h = _paragraph(setting, bullet, width, where, indent=indent + 4.0)
            items.append(Rect(indent + 1.0, body * 0.125, 1.4, 1.4, style=Style(fill=INK)))
            made.append(Block(tuple(items), h + 0.4, "rule-bullet", where=where))
        return made

    for i, step in enumerate(section.steps):
        where = section.where + ("steps", i)
        items, h = _paragraph(setting, step, width, where, indent=5.0)
        items.append(Text(0.5, body * 0.3528 * 0.88, f"{i + 1}.", body, colour=INK, bold=True))
        blocks.append(Block(tuple(items), h + 0.4, "rule-step", where=where))
        if i + 1 == under:
            blocks += bullets(5.0)
    if not under:
        blocks += bullets(0.0)
    if section.table is not None:
        blocks += _table_blocks(setting, section.table, width, section.where, body - TABLE_STEP)
    if section.diagram is not None:
        items, h = section.diagram(setting, width)
        blocks.append(Block(tuple(items), h, "rule-diagram", where=section.where))
    return blocks


def quoted_cell(text: str) -> str:
    """A cell's words for a message: its first 24 characters."""
    words = plain(text).replace("\n", " ")
    return words if len(words) <= 24 else words[:24] + "…"


def _table_blocks(setting: Setting, table: Table, width: float, where: tuple, size: float) -> list[Block]:
    """The header row, then a block per row, at `size` or as much smaller (down to TABLE_FLOOR) as a long word
    needs to fit its cell. The header keeps with the first two rows and the last two rows
    keep together, so a split leaves at least two rows on each side; each row knows its header to repeat it."""
    widths = column_widths(table.columns, table.rows, table.widths, width, size).widths

    def row_block(cells: tuple[str, ...], header: bool) -> tuple[tuple[Item, ...], float]:
        blocks, height = [], 0.0
        x = 0.0
        for text, w in zip(cells, widths):
            items, h = _paragraph(setting, text, w - 2 * CELL_ROOM, where, size=size, colour=WHITE if header else INK)
            blocks.append((x, items))
            height = max(height, h)
            x += w
        height += 1.6
        out: list[Item] = [
            Rect(0, 0, width, height, style=Style(fill="#5a5e7a" if header else None, stroke="#9a9a9a", width=0.15))
        ]
        for x, items in blocks:
            out.append(Group(tuple(items), dx=x + CELL_ROOM, dy=0.8))
        x = 0.0
        for w in widths[:-1]:
            x += w
            out.append(Line(x, 0, x, height, style=Style(stroke="#9a9a9a", width=0.15)))
        return tuple(out), height

    def misses(at: float) -> int:
        """How many cells do not fit at `at` points (a word wider than its cell)."""
        scratch = replace(setting, ctx=replace(setting.ctx, problems=[]))
        for cells in (table.columns, *table.rows):
            for text, w in zip(cells, widths):
                scratch.paragraph(text, 0.0, 0.0, w - 2 * CELL_ROOM, where, size=at)
        return len(scratch.ctx.problems)

    if misses(size):  # rare: only then are smaller sizes tried
        sizes = _sizes(size, min(size, TABLE_FLOOR))
        least = misses(sizes[-1])
        size = next((at for at in sizes[1:] if misses(at) <= least), size)
    starved = starved_cells(table.columns, table.rows, widths, size, 2 * CELL_ROOM)
    if starved:
        text, lines = starved[0]
        more = f"; {len(starved) - 1} more cells" if len(starved) > 1 else ""
        setting.ctx.problems.append(
            TextProblem(
                "PK366",
                where,
                f"table cell 「{quoted_cell(text)}」 breaks into "
                + (f"lines of 1–{SHORT_LINE} characters" if has_wide(text) else "a word alone on a line")
                + f" (「{lines[0]}」{more})",
                "its column is too narrow for its phrases: shorten the cells, or give the table fewer columns",
            )
        )
    header = Block(*row_block(table.columns, True), "rule-table-header", keep_with_next=True, where=where)
    rows = []
    last = len(table.rows) - 1
    for i, row in enumerate(table.rows):
        items, h = row_block(row, False)
        keep = i == 0 or (i == last - 1 and last >= 2)
        rows.append(
            Block(
                items,
                h,
                "rule-table-row",
                keep_with_next=keep,
                header=header,
                where=where,
                name=f"row {i + 1}/{last + 1}",
            )
        )
    return [header, *rows]


__all__ = ["Diagram", "Section", "Setting", "Table", "rule_pages", "summary_page", "summary_pages"]
