"""A token sheet of pieces of every size and shape, packed on shelves over as many pages as it needs.

Each group (the player tokens, one player colour's pieces, the markers) starts with its heading; its kinds are
taken tallest first, so pieces of a height share a shelf. A kind is a block: its label ("Red roads × 15") and
its pieces in rows under it. Blocks sit side by side on a shelf while the whole kind fits beside the others (a
later, lower kind that fits whole in what is left of the shelf's width and height moves up into it); a kind of
more goes on shelves of its own, and on the next page when the page is full, its heading and label marked as
continued. The track comes last (generator.layouts.tokens draws it). A block is as wide as its label, so no
label runs over a neighbour's pieces; the names and marks are checked before the pages are drawn, a mark
against the room its piece leaves for it.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..scene import Item, Page, Text
from ..typeset import fonts
from .context import INK, MUTED, LayoutContext, TextProblem, floor_pt, page_title, scale_bar
from .piece_shapes import STANDEE_INNER, PieceSpec, cell, mark_fit, piece
from .tokens import (
    AFTER_GROUP,
    HEADING_H,
    HEADING_SIZE,
    LABEL_H,
    LABEL_SIZE,
    TOKENS_TOP,
    TrackSpec,
    check_line,
    foot,
    track_height,
    track_strip,
)

PIECE_GAP = 2.0
"""Between neighbouring pieces' cut lines, across and down."""
KIND_GAP = 6.0
"""Between two kinds side by side on a shelf, so each kind reads as one block under its label."""
AFTER_SHELF = 2.5
PieceGroup = tuple[str, list[PieceSpec]]
"""A heading and the kinds of piece under it."""


def piece_pages(
    ctx: LayoutContext,
    title: str,
    groups: list[PieceGroup],
    track: TrackSpec | None,
    *,
    continued: Callable[[str], str],
    code: str,
) -> list[Page]:
    """The sheet's pages, numbered "1/2" … when more than one; a kind or a track no page can hold is a `code`
    finding at the line that sets its size, and is left out."""
    check_texts(ctx, groups, track)
    shelves = _Shelves(ctx, continued, code)
    for heading, specs in groups:
        shelves.group(heading, sorted(specs, key=lambda spec: -cell(spec)[1]))
    if track is not None:
        height = HEADING_H + track_height(ctx, track)
        if shelves.top + height > shelves.bottom:
            ctx.problems.append(
                TextProblem(
                    code,
                    track.where,
                    f"a track of {track.last - track.first + 1} spaces needs {height:.0f} mm, more than a page has "
                    f"({shelves.bottom - shelves.top:.0f} mm)",
                    "shorten the track, or draw it as a sheet",
                )
            )
        else:
            if shelves.y + height > shelves.bottom and shelves.pages[-1]:
                shelves.new_page()
            shelves.pages[-1] += track_strip(ctx, track, shelves.y)
    count = len(shelves.pages)
    return [
        Page(
            ctx.paper.width,
            ctx.paper.height,
            (
                *page_title(ctx, title, f"{n + 1}/{count}" if count > 1 else ""),
                *items,
                *scale_bar(ctx.margin, ctx.paper.height - ctx.margin - 6.0, ctx.lang),
            ),
            title,
        )
        for n, items in enumerate(shelves.pages)
    ]


class _Shelves:
    """The pages being filled: shelf by shelf, from the top of each page to the foot."""

    def __init__(self, ctx: LayoutContext, continued: Callable[[str], str], code: str):
        self.ctx, self.continued, self.code = ctx, continued, code
        self.left, self.right = ctx.margin, ctx.paper.width - ctx.margin
        self.top, self.bottom = ctx.margin + TOKENS_TOP, foot(ctx)
        self.pages: list[list[Item]] = [[]]
        self.y = self.top
        self.x = self.left
        self.shelf = 0.0  # the height of the shelf being filled
        self.heading = ""

    def new_page(self, heading: str = "") -> None:
        self.pages.append([])
        self.y, self.x, self.shelf = self.top, self.left, 0.0
        if heading:
            self.pages[-1].append(Text(self.left, self.y, self.continued(heading), HEADING_SIZE, colour=INK, bold=True))
            self.y += HEADING_H

    def close_shelf(self) -> None:
        if self.shelf:
            self.y += self.shelf + AFTER_SHELF
        self.x, self.shelf = self.left, 0.0

    def group(self, heading: str, specs: list[PieceSpec]) -> None:
        self.close_shelf()
        first = cell(specs[0])[1] if specs else 0.0  # the tallest: the group's first shelf
        if self.pages[-1] and self.y + HEADING_H + LABEL_H + first > self.bottom:
            self.new_page()
        self.heading = heading
        self.pages[-1].append(Text(self.left, self.y, heading, HEADING_SIZE, colour=INK, bold=True))
        self.y += HEADING_H
        waiting = list(specs)
        while waiting:
            self.kind(waiting.pop(0))
            while (fits := next((spec for spec in waiting if self._fits_beside(spec)), None)) is not None:
                waiting.remove(fits)  # a later, lower kind fills the room left on the shelf
                self.kind(fits)
        self.close_shelf()
        self.y += AFTER_GROUP + PIECE_GAP

    def kind(self, spec: PieceSpec) -> None:
        """A kind's pieces, in blocks on as many shelves and pages as they need."""
        width, height = cell(spec)
        pitch_x, pitch_y = width + PIECE_GAP, height + PIECE_GAP
        per_row = int((self.right - self.left + PIECE_GAP) // pitch_x)
        room = self.bottom - self.top - HEADING_H - LABEL_H
        if per_row < 1 or height > room:
            self._too_large(spec, width, height, room)
            return
        left, part = spec.count, 0
        while left:
            label = f"{spec.label if part == 0 else self.continued(spec.label)} × "
            beside, below = self._room_beside(pitch_x, pitch_y)
            label_w = fonts.width_mm(label + str(left), LABEL_SIZE) + 2.0
            if self.x > self.left and (beside * below < left or self.x + label_w > self.right):
                self.close_shelf()
                continue
            rows = int((self.bottom - self.y - LABEL_H + PIECE_GAP) // pitch_y)
            if rows < 1:
                self.new_page(self.heading)
                continue
            cols = min(left, beside)
            placed = min(left, rows * cols)
            used = math.ceil(placed / cols)
            self._block(spec, label + str(placed), placed, cols, pitch_x, pitch_y)
            self.x += max(cols * pitch_x - PIECE_GAP, fonts.width_mm(label + str(placed), LABEL_SIZE)) + KIND_GAP
            self.shelf = max(self.shelf, LABEL_H + used * pitch_y - PIECE_GAP)
            left -= placed
            part += 1
            if left:
                self.close_shelf()

    def _room_beside(self, pitch_x: float, pitch_y: float) -> tuple[int, int]:
        """The columns left on the shelf, and the rows of pieces its height holds (one on an empty shelf)."""
        columns = int((self.right - self.x + PIECE_GAP) // pitch_x)
        rows = int((self.shelf - LABEL_H + PIECE_GAP + 1e-6) // pitch_y)
        return columns, max(1, rows)

    def _fits_beside(self, spec: PieceSpec) -> bool:
        """Whether all of a kind fits in the room left on the shelf, no taller than the shelf already is."""
        if self.x == self.left:
            return False
        width, height = cell(spec)
        columns, rows = self._room_beside(width + PIECE_GAP, height + PIECE_GAP)
        label = fonts.width_mm(f"{spec.label} × {spec.count}", LABEL_SIZE) + 2.0
        return LABEL_H + height <= self.shelf + 1e-6 and columns * rows >= spec.count and self.x + label <= self.right

    def _block(self, spec: PieceSpec, label: str, count: int, cols: int, pitch_x: float, pitch_y: float) -> None:
        items = self.pages[-1]
        items.append(Text(self.x, self.y + 3.0, label, LABEL_SIZE, colour=MUTED))
        for i in range(count):
            row, col = divmod(i, cols)
            items += piece(spec, self.x + col * pitch_x, self.y + LABEL_H + row * pitch_y)

    def _too_large(self, spec: PieceSpec, width: float, height: float, room: float) -> None:
        self.ctx.problems.append(
            TextProblem(
                self.code,
                spec.size_where or spec.where,
                f"{spec.label}: a {width:.0f} × {height:.0f} mm piece does not fit the "
                f"{self.right - self.left:.0f} × {room:.0f} mm a page has for it",
                "make it smaller",
            )
        )


def check_texts(ctx: LayoutContext, groups: list[PieceGroup], track: TrackSpec | None) -> None:
    """Labels fit a line of the page; each mark fits the room its piece leaves for it at the text floor."""
    room = ctx.paper.width - 2 * ctx.margin
    seen: set[tuple] = set()
    for _heading, specs in groups:
        for spec in specs:
            check_line(ctx, f"{spec.label} × {spec.count}", LABEL_SIZE, room, spec.where + ("name", ctx.lang), "label")
            if not spec.mark or spec.where in seen:
                continue
            seen.add(spec.where)  # one finding for a kind every player colour prints
            check_line(ctx, spec.mark, floor_pt(spec.mark), math.inf, spec.where + ("mark",), "mark", mark=True)
            inner = 2 * STANDEE_INNER if spec.stands else 0.0
            width, height = spec.width - inner, spec.height - inner
            if not mark_fit(spec.mark, spec.shape, width, height)[1]:
                need = fonts.width_mm(spec.mark, floor_pt(spec.mark), bold=True)
                ctx.problems.append(
                    TextProblem(
                        "PK309",
                        spec.where + ("mark",),
                        f"mark {spec.mark!r} is {need:.1f} mm wide at {floor_pt(spec.mark):g} pt, the least a mark "
                        f"prints at: more than a {spec.width:g} × {spec.height:g} mm {spec.shape} has room for",
                        f"make the piece larger ({_line(spec.size_where)}) or the mark shorter",
                    )
                )
    if track is not None:
        check_line(ctx, track.title, HEADING_SIZE, room, track.where + ("name", ctx.lang), "track name")


def _line(path: tuple) -> str:
    return ": ".join(str(part) for part in path) if path else "tokens: diameter"
