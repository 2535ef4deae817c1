"""Card sheets: n-up imposition of faces, cut guides, and backs laid out for duplex."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from ..i18n import tr
from ..scene import Box, Group, Item, Line, Page, Rect, Style, Text
from ..typeset import fonts
from ..typeset.text import TextBox
from ..units import HARD_MARGIN, MM_PER_PT, Paper
from .context import INK, MUTED, LayoutContext, TextProblem, floor_pt, print_note, print_notes, readable, scale_bar

GUIDE = Style(stroke="#555555", width=0.15)


@dataclass(frozen=True)
class CardFace:
    """One side of one card, drawn in card coordinates (0..width, 0..height)."""

    name: str
    items: tuple[Item, ...]
    background: str | None = None
    """The colour that runs to the card edge; in print-shop mode it fills the bleed too."""


@dataclass(frozen=True)
class Grid:
    """Card slots on a sheet. `card_w`/`card_h` are as placed (swapped when turned)."""

    cols: int
    rows: int
    card_w: float
    card_h: float
    x0: float  # outer edge of the first slot's bleed
    y0: float
    bleed: float = 0.0
    """How far each card's colour runs past its trim (half the space between two cards)."""
    turned: bool = False
    home: bool = False
    """The bleed is half a home gutter: each card's drawing runs into it as into a print shop's bleed, so a cut
    that misses by up to the bleed shows that card's colour, never its neighbour's; but the page carries no
    TrimBox or BleedBox, and what is read back from it (cardmap) is each card at its trim."""

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def pitch_w(self) -> float:
        return self.card_w + 2 * self.bleed

    @property
    def pitch_h(self) -> float:
        return self.card_h + 2 * self.bleed

    @property
    def width(self) -> float:
        return self.cols * self.pitch_w

    @property
    def height(self) -> float:
        return self.rows * self.pitch_h

    def slot(self, index: int, mirror_cols: bool = False, mirror_rows: bool = False) -> tuple[float, float]:
        """Top-left corner of the trim of slot `index` (row-major)."""
        row, col = divmod(index, self.cols)
        if mirror_cols:
            col = self.cols - 1 - col
        if mirror_rows:
            row = self.rows - 1 - row
        return self.x0 + col * self.pitch_w + self.bleed, self.y0 + row * self.pitch_h + self.bleed

    def trim_edges(self) -> tuple[list[float], list[float]]:
        """Every distinct x and y where a trim edge runs: each card's own (edges cards share, once)."""
        xs = sorted(
            {
                round(self.x0 + c * self.pitch_w + self.bleed + k * self.card_w, 4)
                for c in range(self.cols)
                for k in (0, 1)
            }
        )
        ys = sorted(
            {
                round(self.y0 + r * self.pitch_h + self.bleed + k * self.card_h, 4)
                for r in range(self.rows)
                for k in (0, 1)
            }
        )
        return xs, ys


MARK_GAP = 1.0
"""Space between the outermost bleed and a crop mark."""
GUIDE_GAP = 0.5
"""Space between the outermost card colour and a home cut guide: a grey hairline needs less than a crop mark."""
MIN_MARK = 3.0
MAX_MARK = 6.0
MARK_STYLE = Style(stroke="#000000", width=0.3 * MM_PER_PT)  # 0.3 pt


def sheet_margin(marks: str) -> float:
    """How far from the paper edge the card grid must stay so its marks fit outside it."""
    return HARD_MARGIN + (MARK_GAP + MIN_MARK if marks == "crop" else 0.5)


def mark_gap(marks: str) -> float:
    return MARK_GAP if marks == "crop" else GUIDE_GAP


def grid_for(
    paper: Paper,
    width: float,
    height: float,
    margin: float = HARD_MARGIN + 0.5,
    bleed: float = 0.0,
    home: bool = False,
) -> Grid:
    """As many cards as fit inside the margin, centred; cards turn sideways when more fit."""
    usable_w, usable_h = paper.width - 2 * margin, paper.height - 2 * margin
    pw, ph = width + 2 * bleed, height + 2 * bleed
    upright = (math.floor(usable_w / pw + 1e-9), math.floor(usable_h / ph + 1e-9), width, height, False)
    turned = (math.floor(usable_w / ph + 1e-9), math.floor(usable_h / pw + 1e-9), height, width, True)
    cols, rows, w, h, is_turned = max(upright, turned, key=lambda g: (g[0] * g[1], not g[4]))
    if cols < 1 or rows < 1:
        raise ValueError(f"a {width:g} × {height:g} mm card does not fit on {paper.name}")
    grid_w, grid_h = cols * (w + 2 * bleed), rows * (h + 2 * bleed)
    return Grid(cols, rows, w, h, (paper.width - grid_w) / 2, (paper.height - grid_h) / 2, bleed, is_turned, home)


TEXT_BAND = 3.8
"""Room a 7 pt sheet label needs between the hard margin and the marks."""
BAR_BAND = 8.5
"""Room the scale bar with its numbers needs; 3 mm fits the compact bar."""
MIN_GUIDE = 2.0
BAR_LABEL = 9.0
"""Room the scale bar's length ("50 mm") takes after it."""
NOTE_PT = 6.0
"""The print note in the sheet margin: the floor for Latin text (Japanese prints at its own floor, 7 pt)."""


@dataclass(frozen=True)
class Bands:
    """How long the marks are on each side of the grid, and what the space beyond them holds.

    Marks stay short enough to leave a clear band for the sheet label at the top and the
    scale bar at the bottom, so no line ever runs through text.
    """

    top: float
    bottom: float
    side: float
    label_band: bool  # the label and print note sit above the marks
    bar_band: str  # "full" or "compact" below the marks, or "side": everything runs up the side bands


def bands_for(paper: Paper, grid: Grid, marks: str) -> Bands:
    shortest = MIN_MARK if marks == "crop" else MIN_GUIDE
    gap = mark_gap(marks)
    room_top = grid.y0 - HARD_MARGIN - gap
    room_bottom = paper.height - HARD_MARGIN - (grid.y0 + grid.height) - gap
    room_side = grid.x0 - HARD_MARGIN - gap
    label_band = room_top - TEXT_BAND >= shortest
    top = min(MAX_MARK, room_top - TEXT_BAND) if label_band else min(MAX_MARK, room_top)
    if room_bottom - BAR_BAND >= shortest:
        return Bands(top, min(MAX_MARK, room_bottom - BAR_BAND), min(MAX_MARK, room_side), label_band, "full")
    if label_band and room_bottom - 3.0 >= shortest:
        return Bands(top, min(MAX_MARK, room_bottom - 3.0), min(MAX_MARK, room_side), label_band, "compact")
    # Too tight above and below (US Letter 9-up): the notes turn and run up the side margins.
    side = min(MAX_MARK, max(shortest, room_side - TEXT_BAND))
    return Bands(min(MAX_MARK, room_top), min(MAX_MARK, room_bottom), side, False, "side")


def _mark_lines(
    paper: Paper, grid: Grid, bands: Bands, style: Style, role: str, dx: float, dy: float, gap: float
) -> list[Line]:
    """A line on each trim edge, out from the grid by `gap`, as long as the bands allow."""
    items: list[Line] = []
    xs, ys = grid.trim_edges()
    top, bottom = grid.y0 + dy - gap, grid.y0 + grid.height + dy + gap
    left, right = grid.x0 + dx - gap, grid.x0 + grid.width + dx + gap
    # a back offset may push the grid towards an edge: never into the hard margin
    clamp_y = lambda y: min(max(y, HARD_MARGIN), paper.height - HARD_MARGIN)  # noqa: E731
    clamp_x = lambda x: min(max(x, HARD_MARGIN), paper.width - HARD_MARGIN)  # noqa: E731
    for x in xs:
        x += dx
        items.append(Line(x, clamp_y(top - bands.top), x, top, style=style, role=role))
        items.append(Line(x, bottom, x, clamp_y(bottom + bands.bottom), style=style, role=role))
    for y in ys:
        y += dy
        items.append(Line(clamp_x(left - bands.side), y, left, y, style=style, role=role))
        items.append(Line(right, y, clamp_x(right + bands.side), y, style=style, role=role))
    return items


def cut_guides(paper: Paper, grid: Grid, dx: float = 0.0, dy: float = 0.0) -> list[Item]:
    """Home sheets: short lines on each card's own trim edges, running out into the page margin."""
    lines = _mark_lines(paper, grid, bands_for(paper, grid, "guides"), GUIDE, "cut-guide", dx, dy, GUIDE_GAP)
    return [line for line in lines if _length(line) > 0.5]


def crop_marks(paper: Paper, grid: Grid, dx: float = 0.0, dy: float = 0.0) -> list[Item]:
    """Print-shop marks: short lines on each trim edge, outside the grid's bleed, never in the hard margin."""
    lines = _mark_lines(paper, grid, bands_for(paper, grid, "crop"), MARK_STYLE, "crop-mark", dx, dy, MARK_GAP)
    return [line for line in lines if _length(line) >= MIN_MARK - 1e-6]


def _length(line: Line) -> float:
    return math.hypot(line.x2 - line.x1, line.y2 - line.y1)


def _marks(ctx: LayoutContext, grid: Grid, dx: float = 0.0, dy: float = 0.0) -> list[Item]:
    mode = ctx.settings.marks_mode
    if mode == "crop":
        return crop_marks(ctx.paper, grid, dx, dy)
    if mode == "guides":
        return cut_guides(ctx.paper, grid, dx, dy)
    return []


def _boxes(grid: Grid, dx: float = 0.0, dy: float = 0.0) -> tuple[Box | None, Box | None]:
    """Print-shop pages carry a TrimBox around the trims and a BleedBox around the bleed."""
    if not grid.bleed or grid.home:
        return None, None
    b = grid.bleed
    trim = Box(grid.x0 + b + dx, grid.y0 + b + dy, grid.width - 2 * b, grid.height - 2 * b)
    bleed = Box(grid.x0 + dx, grid.y0 + dy, grid.width, grid.height)
    return trim, bleed


def card_sheets(
    ctx: LayoutContext,
    title: str,
    fronts: list[CardFace],
    back: CardFace,
    width: float,
    height: float,
    where: tuple = (),
    backs: Sequence[CardFace] | None = None,
    deck: str = "",
) -> list[Page]:
    """Fronts and backs, page by page, laid out as the print settings ask; every page names `deck`.

    n-up: each fronts page is followed by its backs page, mirrored for the
    duplex flip (columns for the long edge, rows for the short) and shifted by
    the back offset. Gutterfold: fronts and backs share a page either side of
    a fold line.

    Every card has `back`, or, with `backs` (one per front, in the same order),
    its own: a card's back is printed behind that card, whatever the flip. A
    face that backs many cards is still drawn once, as one symbol.
    """
    settings = ctx.settings
    if backs is None:
        backs = [back] * len(fronts)
    elif len(backs) != len(fronts):
        raise ValueError(f"{len(fronts)} fronts but {len(backs)} backs")
    symbols = _symbols(fronts, backs, deck)
    try:
        if settings.layout == "gutterfold":
            folded = _gutterfold_sheets(ctx, title, fronts, backs, width, height, symbols)
            return [replace(page, deck=deck, deck_name=title) for page in folded]
        grid = roomy_grid(
            ctx,
            grid_for(
                ctx.paper,
                width,
                height,
                sheet_margin(settings.marks_mode),
                settings.card_bleed,
                home=not settings.bleed,
            ),
        )
    except ValueError as exc:  # a card too large for these print settings is the content's problem
        ctx.problems.append(
            TextProblem("PK324", where, f"{title}: {exc}", "use a smaller card, or other paper or layout settings")
        )
        return []
    duplex = settings.duplex_mode
    off_x, off_y = settings.back_offset
    pages: list[Page] = []
    front_marks = _marks(ctx, grid)  # the same on every sheet: worked out once
    bled: dict[int, tuple[Item, ...]] = {}
    back_marks = _marks(ctx, grid, off_x, off_y)
    margin_notes = _margin_notes(ctx, grid)
    sheets = max(1, math.ceil(len(fronts) / grid.per_page))
    for sheet in range(sheets):
        first = sheet * grid.per_page
        chunk = fronts[first : first + grid.per_page]
        label = f"{title} — {tr('fronts', ctx.lang)} {sheet + 1}/{sheets}"
        front_items: list[Item] = []
        back_items: list[Item] = []
        for index, face in enumerate(chunk):
            x, y = grid.slot(index)
            front_items.append(_placed(face, x, y, width, height, grid, "card-front", symbols, bled=bled))
            bx, by = grid.slot(index, mirror_cols=duplex == "long", mirror_rows=duplex == "short")
            back_items.append(
                _placed(
                    backs[first + index],
                    bx + off_x,
                    by + off_y,
                    width,
                    height,
                    grid,
                    "card-back",
                    symbols,
                    name=face.name,
                    bled=bled,
                )
            )
        trim, bleed = _boxes(grid)
        notes = margin_notes(label)
        pages.append(
            Page(
                ctx.paper.width,
                ctx.paper.height,
                tuple(front_marks + front_items + notes),
                label,
                trim,
                bleed,
                deck,
                title,
            )
        )
        if duplex == "none":
            continue
        back_key = "backs" if duplex == "long" else "backs_short"
        back_label = f"{title} — {tr(back_key, ctx.lang)} {sheet + 1}/{sheets}"
        trim, bleed = _boxes(grid, off_x, off_y)
        back_notes = margin_notes(back_label)
        pages.append(
            Page(
                ctx.paper.width,
                ctx.paper.height,
                tuple(back_marks + back_items + back_notes),
                back_label,
                trim,
                bleed,
                deck,
                title,
            )
        )
    return pages


_symbol_numbers = itertools.count()


def _symbols(fronts: Sequence[CardFace], backs: Sequence[CardFace], deck: str) -> dict[int, str]:
    """A symbol for every face drawn more than once on these sheets, so backends store it once.

    A design's copies are the same CardFace object, as is a deck's back (and a
    back many cards share); a face drawn once gets no symbol (a form of its own
    would only add bytes). Symbols are named by deck and order, so laying out
    the same deck twice gives equal pages (watch compares them to find what changed).
    """
    uses = Counter(id(face) for face in fronts)
    uses.update(id(face) for face in backs)
    prefix = f"deck:{deck}" if deck else f"sheets:{next(_symbol_numbers)}"
    repeated = (face_id for face_id, count in uses.items() if count > 1)
    return {face_id: f"{prefix}:{n}" for n, face_id in enumerate(repeated)}


def _placed(
    face: CardFace,
    x: float,
    y: float,
    w: float,
    h: float,
    grid: Grid,
    role: str,
    symbols: dict[int, str],
    name: str = "",
    rotate: float | None = None,
    bled: dict[int, tuple[Item, ...]] | None = None,
) -> Group:
    """A face at trim position (x, y); its background runs into the bleed and the art is clipped there.

    `bled` keeps each face's items with its bleed once, by face, for every copy the sheets place (the faces
    outlive the call that passes it, so their ids stay theirs)."""
    b = grid.bleed
    items: tuple[Item, ...] = face.items
    if face.background and b:
        known = bled.get(id(face)) if bled is not None else None
        if known is None:
            known = (Rect(-b, -b, w + 2 * b, h + 2 * b, style=Style(fill=face.background)),) + items
            if bled is not None:
                bled[id(face)] = known
        items = known
    clip = _bleed_clip(w, h, b)
    angle = (90.0 if grid.turned else 0.0) if rotate is None else rotate
    symbol = symbols.get(id(face), "")
    if angle == 90.0:
        return Group(items, dx=x + h, dy=y, rotate=90, clip=clip, role=role, name=name or face.name, symbol=symbol)
    if angle == -90.0:
        return Group(items, dx=x, dy=y + w, rotate=-90, clip=clip, role=role, name=name or face.name, symbol=symbol)
    return Group(items, dx=x, dy=y, clip=clip, role=role, name=name or face.name, symbol=symbol)


SheetNotes = Callable[[str], list[Item]]
"""A sheet's margin notes, given its label."""


@lru_cache(maxsize=64, typed=True)
def _bleed_clip(w: float, h: float, b: float) -> Rect:
    """A card and its bleed, in its own coordinates: one clip for every card of the size."""
    return Rect(-b, -b, w + 2 * b, h + 2 * b)


def roomy_grid(ctx: LayoutContext, grid: Grid) -> Grid:
    """`grid`, or when its margins leave the sheet's notes no room (small cards filling the page to its hard
    margin, marks too close together for the print note between them), the same grid a row or a column
    smaller, centred: a sheet always says how to print it. The grid that keeps the most cards wins."""
    if _notes_fit(ctx, grid):
        return grid
    smaller = []
    if grid.rows > 1:
        rows = grid.rows - 1
        smaller.append(replace(grid, rows=rows, y0=(ctx.paper.height - rows * grid.pitch_h) / 2))
    if grid.cols > 1:
        cols = grid.cols - 1
        smaller.append(replace(grid, cols=cols, x0=(ctx.paper.width - cols * grid.pitch_w) / 2))
    roomy = [option for option in smaller if _notes_fit(ctx, option)]
    return max(roomy, key=lambda option: (option.per_page, option.rows)) if roomy else grid


def _notes_marks(ctx: LayoutContext) -> str:
    """The marks the notes keep clear of: the settings', or the guides' room when no mark is printed."""
    return ctx.settings.marks_mode if ctx.settings.marks_mode != "none" else "guides"


def _side_room(ctx: LayoutContext, grid: Grid) -> float:
    return grid.x0 - HARD_MARGIN - mark_gap(_notes_marks(ctx))


def _marks_cross_side(ctx: LayoutContext, grid: Grid) -> bool:
    """Whether the marks on the trim edges run into the side band the notes would take."""
    shortest = MIN_MARK if _notes_marks(ctx) == "crop" else MIN_GUIDE
    return ctx.settings.marks_mode != "none" and _side_room(ctx, grid) - TEXT_BAND < shortest


def _notes_fit(ctx: LayoutContext, grid: Grid) -> bool:
    """Whether the sheet label, the print note and the scale bar find room clear of the grid and its marks:
    above and below it, or up the side margins (between two marks, when marks run into them, each stretch
    long enough for the shortest print note)."""
    if bands_for(ctx.paper, grid, _notes_marks(ctx)).bar_band != "side":
        return True
    if _side_room(ctx, grid) < TEXT_BAND:
        return False
    if not _marks_cross_side(ctx, grid):
        return True
    (l0, l1), (n0, n1) = _side_stretches(ctx, grid)
    shortest_note = print_notes(ctx.lang)[-1]
    need = fonts.width_mm(shortest_note, max(NOTE_PT, floor_pt(shortest_note))) + 1.6
    return min(l1 - l0, n1 - n0) >= need


def _margin_notes(ctx: LayoutContext, grid: Grid) -> SheetNotes:
    """Sheet label and print note at the top, scale bar at the bottom, clear of every mark.

    Only the label changes from sheet to sheet: the rest is laid out once for all of them. Both are pnpkit's
    furniture: each takes the longest form that fits (`sheet_labels`, `print_notes`), or leaves itself out."""
    marks = _notes_marks(ctx)
    bands = bands_for(ctx.paper, grid, marks)
    gap = mark_gap(marks)
    left = grid.x0 + grid.bleed
    right = grid.x0 + grid.width - grid.bleed
    bottom = grid.y0 + grid.height + gap
    length = 50.0 if grid.width >= 120 else 40.0
    if bands.bar_band == "side":
        return _side_notes(ctx, grid, length)
    if bands.label_band:
        # Above the marks nothing else prints: the label and note run across the page inside the layouts' margin,
        # not just over the grid (one column of 90 mm cards, as a print shop's 1/8 in bleed gives on A4, would
        # leave them too little), and the note takes what it needs.
        start, end = ctx.margin, ctx.paper.width - ctx.margin
        span = end - start
        note_text = print_note(ctx.lang, span * 0.6, NOTE_PT)
        note_w = min(span * 0.6, fonts.width_mm(note_text, max(NOTE_PT, floor_pt(note_text))) + 1.0)
        # set at the top of their band: the room under them keeps them clear of the marks' ends
        band = TextBox(
            start,
            HARD_MARGIN + 0.2,
            span - note_w - 4.0,
            TEXT_BAND - 0.4,
            align="start",
            valign="top",
            colour=MUTED,
        )
        note = TextBox(
            end - note_w,
            HARD_MARGIN + 0.2,
            note_w,
            TEXT_BAND - 0.4,
            align="end",
            valign="top",
            colour=MUTED,
            role="print-note",
        )
    else:  # between the marks of the first and last columns
        column = grid.card_w - 4.0
        top = grid.y0 - gap - bands.top
        band = TextBox(left + 2.0, top, column, bands.top, align="start", valign="middle", colour=MUTED)
        note = TextBox(
            right - 2.0 - column, top, column, bands.top, align="end", valign="middle", colour=MUTED, role="print-note"
        )
        note_text = print_note(ctx.lang, column, NOTE_PT)
    forms = print_notes(ctx.lang)
    note_items = ctx.furniture(forms[forms.index(note_text) :] if note_text in forms else forms, note, NOTE_PT, NOTE_PT)
    if bands.bar_band == "full":
        bar = scale_bar(left, bottom + bands.bottom + 1.0, ctx.lang, length, note=False)
    else:
        bar = scale_bar(left, bottom + bands.bottom + 0.5, ctx.lang, length, note=False, compact=True)

    def notes(label: str) -> list[Item]:
        return [*ctx.furniture(sheet_labels(label), band, 7, 6), *note_items, *bar]

    return notes


def sheet_labels(label: str) -> list[str]:
    """A sheet's label and its shorter forms, longest first: without the deck's name, then the number alone.

    >>> sheet_labels("Roads — Fronts 1/2")
    ['Roads — Fronts 1/2', 'Fronts 1/2', '1/2']
    """
    forms = [label]
    if " — " in label:
        forms.append(label.rsplit(" — ", 1)[1])
    if " " in forms[-1]:
        forms.append(forms[-1].rsplit(" ", 1)[1])
    return forms


def _side_notes(ctx: LayoutContext, grid: Grid, length: float) -> SheetNotes:
    """Label and print note up the left margin, the scale bar up the right one, read from the side.

    Where the marks on the trim edges run into that margin, the label sits between the first two of them and
    the note between the last two, each in the longest form that fits there (or left out: `roomy_grid` makes
    room for them on every sheet it can).
    """
    top, bottom = grid.y0 + grid.bleed, grid.y0 + grid.height - grid.bleed
    run = bottom - top
    (l0, l1), (n0, n1) = _side_stretches(ctx, grid)
    label_room = max(0.0, l1 - l0 - 1.6)
    label_box = TextBox(l0 + 0.8, 0.0, label_room, TEXT_BAND - 0.4, align="start", valign="middle", colour=MUTED)
    note_room = max(0.0, n1 - n0 - 1.6)
    note_items = ctx.furniture(
        print_notes(ctx.lang),
        TextBox(
            n0 + 0.8, 0.0, note_room, TEXT_BAND - 0.4, align="end", valign="middle", colour=MUTED, role="print-note"
        ),
        NOTE_PT,
        NOTE_PT,
    )
    # the bar runs up from the grid's bottom, or, where marks run into the margin, between the first two of them;
    # as long as the stretch allows in whole centimetres, down to 2 cm, or left out
    start, room = (l0 + 0.8, l1 - l0 - 1.6) if _marks_cross_side(ctx, grid) else (0.0, run)
    bar_length = next((bar for bar in (length, 40.0, 30.0, 20.0) if bar + BAR_LABEL <= room), 0.0)
    right_band = Group(
        tuple(scale_bar(start, 0.4, ctx.lang, bar_length, note=False, compact=True) if bar_length else ()),
        dx=ctx.paper.width - HARD_MARGIN - TEXT_BAND + 0.2,
        dy=bottom,
        rotate=-90,
        role="side-notes",
    )

    def notes(label: str) -> list[Item]:
        left_band = [*ctx.furniture(sheet_labels(label), label_box, 7, 6), *note_items]
        # rotate −90: the text's x runs up the page from the grid's bottom edge
        return [Group(tuple(left_band), dx=HARD_MARGIN + 0.2, dy=bottom, rotate=-90, role="side-notes"), right_band]

    return notes


def _side_stretches(ctx: LayoutContext, grid: Grid) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where the label and the note go up the left margin, as distances up from the grid's bottom trim: between
    the first two marks and the last two where marks run into the margin, else the lower and upper parts."""
    bottom = grid.y0 + grid.height - grid.bleed
    run = grid.height - 2 * grid.bleed
    gaps = _gaps(grid, run, bottom) if _marks_cross_side(ctx, grid) else [(0.0, run)]
    (l0, l1), (n0, n1) = gaps[0], gaps[-1]
    if len(gaps) == 1:  # one stretch: the label takes the lower part, the note the upper
        l1, n0 = run * 0.55, run * 0.57
    return (l0, l1), (n0, n1)


def _gaps(grid: Grid, run: float, bottom: float) -> list[tuple[float, float]]:
    """The stretches of the side margin between marks, as distances up from the grid's bottom trim."""
    marks = sorted(bottom - y for y in grid.trim_edges()[1])
    gaps = [(a, b) for a, b in itertools.pairwise(marks) if b - a > 1.0]
    return gaps or [(0.0, run)]


FOLD_GAP = 3.0
"""Space between the fold line and the cards on either side: cut away after gluing."""
FOLD_STEPS_TOP = 22.5
"""Where the cards start at the least, so the sheet label and the three steps above them keep 3 mm lines."""
FULL_BAR_BELOW = 17.5
"""Room below the cards for their guides and the scale bar with its numbers; less takes the compact bar."""
COMPACT_BAR_BELOW = 14.0


def _gutterfold_top(paper: Paper, height: float) -> float:
    """The cards centred, but low enough for the steps above them (the scale bar below then turns compact)."""
    centred = (paper.height - height) / 2
    return min(max(centred, FOLD_STEPS_TOP), paper.height - COMPACT_BAR_BELOW - height)


def _gutterfold_sheets(
    ctx: LayoutContext,
    title: str,
    fronts: list[CardFace],
    backs: Sequence[CardFace],
    width: float,
    height: float,
    symbols: dict[int, str],
) -> list[Page]:
    """Fronts left of the fold, each card's back right of it; fold, glue, then cut."""
    paper = ctx.paper
    fold = paper.width / 2
    long, short = max(width, height), min(width, height)
    turned = height > width  # portrait cards lie on their side so the top faces the fold
    b = ctx.settings.card_bleed  # gutterfold is home printing: half the gutter
    per_page = int((paper.height - 2 * (HARD_MARGIN + 12.0)) // (short + 2 * b))
    if fold - FOLD_GAP - long - b < HARD_MARGIN + 0.5 or per_page < 1:
        raise ValueError(f"a {width:g} × {height:g} mm card is too large for gutterfold on {paper.name}")
    y0 = _gutterfold_top(paper, per_page * (short + 2 * b))
    # the trims sit FOLD_GAP either side of the fold, mirror images of each other
    grid_front = Grid(1, per_page, long, short, fold - FOLD_GAP - long - b, y0, b, turned, home=True)
    grid_back = Grid(1, per_page, long, short, fold + FOLD_GAP - b, y0, b, turned, home=True)
    pages = []
    sheets = max(1, math.ceil(len(fronts) / per_page))
    for sheet in range(sheets):
        first = sheet * per_page
        chunk = fronts[first : first + per_page]
        items: list[Item] = cut_guides_gutterfold(paper, grid_front, grid_back)
        for index, face in enumerate(chunk):
            fx, fy = grid_front.slot(index)
            bx, by = grid_back.slot(index)
            items.append(
                _placed(face, fx, fy, width, height, grid_front, "card-front", symbols, rotate=90.0 if turned else 0.0)
            )
            items.append(
                _placed(
                    backs[first + index],
                    bx,
                    by,
                    width,
                    height,
                    grid_back,
                    "card-back",
                    symbols,
                    name=face.name,
                    rotate=-90.0 if turned else 0.0,
                )
            )
        items.append(
            Line(
                fold,
                HARD_MARGIN + 1.0,
                fold,
                paper.height - HARD_MARGIN - 1.0,
                style=Style(stroke="#777777", width=0.3, dash=(2.0, 1.5)),
                role="fold-line",
            )
        )
        label = f"{title} — {tr('gutterfold', ctx.lang)} {sheet + 1}/{sheets}"
        items += _gutterfold_notes(ctx, label, y0, y0 + grid_front.height)
        pages.append(Page(paper.width, paper.height, tuple(items), label))
    return pages


def cut_guides_gutterfold(paper: Paper, front: Grid, back: Grid) -> list[Item]:
    """Guides for the outer edges and each card's row edges on both halves (not across the fold)."""
    items: list[Item] = []
    top, bottom = front.y0, front.y0 + front.height
    for x in (front.x0 + front.bleed, back.x0 + back.width - back.bleed):  # short: the notes stay clear
        items.append(Line(x, top - MARK_GAP - 4.0, x, top - MARK_GAP, style=GUIDE, role="cut-guide"))
        items.append(Line(x, bottom + MARK_GAP, x, bottom + MARK_GAP + 4.0, style=GUIDE, role="cut-guide"))
    for y in front.trim_edges()[1]:
        items.append(Line(HARD_MARGIN, y, front.x0 - MARK_GAP, y, style=GUIDE, role="cut-guide"))
        items.append(
            Line(back.x0 + back.width + MARK_GAP, y, paper.width - HARD_MARGIN, y, style=GUIDE, role="cut-guide")
        )
    return items


def _gutterfold_notes(ctx: LayoutContext, label: str, top: float, bottom: float) -> list[Item]:
    """Label and steps above the cards, scale bar and print note below, clear of the guides."""
    paper = ctx.paper
    x = HARD_MARGIN + 2.0
    band_bottom = top - MARK_GAP - 4.5
    items: list[Item] = []
    steps = [tr("gutterfold_fold", ctx.lang), tr("gutterfold_glue", ctx.lang), tr("gutterfold_cut", ctx.lang)]
    lines = [label] + [f"{n}. {step}" for n, step in enumerate(steps, start=1)]
    row = (band_bottom - HARD_MARGIN) / len(lines)
    for n, line in enumerate(lines):
        box = TextBox(
            x,
            HARD_MARGIN + n * row,
            paper.width / 2 - x - 3.0,
            row,
            align="start",
            valign="middle",
            colour=INK,
            bold=n == 0,
        )
        if n == 0:  # the sheet's label: pnpkit's furniture, in the longest form that fits
            items += ctx.furniture(sheet_labels(line), box, 7.5, 6)
        else:
            items += ctx.fitted(line, box, 6.5, 4.5, label="gutterfold note")
    items += ctx.fitted(
        tr("fold_here", ctx.lang),
        TextBox(paper.width / 2 + 1.5, band_bottom - row, 30.0, row, align="start", valign="middle", colour=MUTED),
        6.5,
        4.5,
        label="fold label",
    )
    compact = paper.height - bottom < FULL_BAR_BELOW
    bar_y = bottom + MARK_GAP + (4.5 if compact else 5.0)
    items += scale_bar(x, bar_y, ctx.lang, 50.0, note=False, compact=compact)
    items.append(
        Text(
            paper.width - HARD_MARGIN - 2.0,
            bar_y + 2.0,
            tr("print_note", ctx.lang),
            readable(tr("print_note", ctx.lang), 6),
            colour=MUTED,
            anchor="end",
            role="print-note",
        )
    )
    return items


__all__ = ["CardFace", "Grid", "card_sheets", "cut_guides", "grid_for"]
