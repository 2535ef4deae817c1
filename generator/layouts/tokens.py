"""Token sheets: punch-out player tokens, markers and a numbered track.

`token_sheet` draws one page; `token_pages` shares the tokens out over as many
pages as they need. Both measure with the constants below, so a page that
`token_pages` fills is a page `token_sheet` prints without running over.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..colour import mark_ink
from ..i18n import tr
from ..scene import Circle, Group, Item, Page, Rect, Style, Text
from ..typeset import fonts
from ..units import MM_PER_PT
from .context import INK, MUTED, LayoutContext, TextProblem, page_title, readable, scale_bar
from .marks import GLYPH_MIDDLE, drawn_mark

if TYPE_CHECKING:
    from pnpkit.validator.components.tokens import Marker

TOKENS_TOP = 16.0
"""From the top margin to the first heading, below the page title."""
TOKEN_GAP = 3.0
"""Between neighbouring tokens, across and down."""
HEADING_H, LABEL_H = 4.0, 5.0
"""A group's heading line; a kind's label line above its tokens."""
AFTER_SPEC, AFTER_GROUP = 1.0, 3.0
TRACK_PER_ROW, TRACK_CELL, TRACK_GAP, TRACK_HEAD = 10, 18.0, 4.0, 3.0
"""Track spaces per row, their largest side, the gap under each row, the room under the track's name."""
FOOT = 14.0
"""Room the scale bar and its print note take at the foot of a page: the tokens end above it."""
HEADING_SIZE, LABEL_SIZE = 10, 8
RING = 0.78
"""The white ring inside a token, as a share of its radius: a mark must fit inside it."""
CUT = Style(stroke="#444444", width=0.2, dash=(1.2, 0.8))


@dataclass(frozen=True)
class TokenSpec:
    label: str
    colour: str
    count: int
    mark: str = ""  # a short text printed on the token
    where: tuple = ()
    """The kind in the kit, for findings: its `name` (in the page's language) and `mark` are checked under it."""
    icon: str = ""
    """A marker icon drawn on the token in place of the mark (generator/icons/markers.py)."""
    countdown: int = 0
    """Numbers countdown…1 round the token, for a state that lasts: it is turned so the count left is on top."""


def marker_spec(marker: Marker, label: str, mark: str = "", where: tuple = ()) -> TokenSpec:
    """The token a marker of the kit prints: its icon and countdown, else `mark` (each game picks its mark)."""
    return TokenSpec(
        label,
        marker.colour,
        marker.count,
        "" if marker.icon else mark,
        where,
        icon=marker.icon or "",
        countdown=marker.countdown or 0,
    )


@dataclass(frozen=True)
class TrackSpec:
    title: str
    first: int
    last: int
    highlight: frozenset[int]
    highlight_label: str
    where: tuple = ()
    """The track in the kit, for findings."""


TokenGroup = tuple[str, list[TokenSpec]]
"""A heading and the kinds of token under it."""


TOKEN_ROLES = frozenset({"token", "player-piece", "marker", "life", "standee"})
"""Roles of the Groups that are one cut-out piece each (exports find pieces by them); a `standee` holds its
upright face as a `standee-face` group, which is what the exports picture."""


def token(
    cx: float,
    cy: float,
    r: float,
    colour: str,
    mark: str,
    role: str,
    name: str = "",
    icon: str = "",
    countdown: int = 0,
) -> Group:
    """One round token: a white ring inside its edge, and a mark, an icon, or an icon with a countdown round it, in
    white or, on a light token, in the colour that contrasts with it (`mark_ink`)."""
    ink = mark_ink(colour)
    items: list[Item] = [
        Circle(cx, cy, r, style=Style(fill=colour, stroke=INK, width=0.25)),
        Circle(cx, cy, r * RING, style=Style(stroke="#ffffff", width=0.5)),
    ]
    if icon:
        from ..icons.markers import marker_icon

        items.append(marker_icon(icon, cx, cy, r * (0.36 if countdown else 0.55), ink, outline=colour))
    elif mark:
        size = mark_size(r, mark)
        face = fonts.mark_face(mark)
        if fonts.missing_glyphs(mark, bold=True) and face is not None:  # a symbol the edition's font lacks
            items.append(drawn_mark(mark, size, face, ink, cx, cy + r * 0.3 - GLYPH_MIDDLE * size * MM_PER_PT))
        else:
            items.append(Text(cx, cy + r * 0.3, mark, size, colour=ink, anchor="middle", bold=True))
    items += _countdown(cx, cy, r, countdown, ink)
    return Group(tuple(items), role=role, name=name)


COUNTDOWN_SIZE = 7.0
"""The countdown's digits: bold, at the floor's size for Latin and above it."""


def _countdown(cx: float, cy: float, r: float, count: int, ink: str) -> list[Item]:
    """The numbers count…1 spaced round the icon, each upright when the token is turned to bring it to the top."""
    items: list[Item] = []
    reach = r * 0.55
    for k in range(count):
        angle = 360.0 * k / count
        baseline = COUNTDOWN_SIZE * 0.36 * MM_PER_PT  # half a digit's height below its centre
        digit = Text(0.0, baseline, str(count - k), COUNTDOWN_SIZE, colour=ink, anchor="middle", bold=True)
        x = cx + reach * math.sin(math.radians(angle))
        y = cy - reach * math.cos(math.radians(angle))
        items.append(Group((digit,), dx=x, dy=y, rotate=angle, role="countdown"))
    return items


def mark_size(r: float, mark: str = "") -> float:
    """The size a token of radius `r` prints `mark` at (unfitted: `token_pages` checks it), never below the floor."""
    return readable(mark, r * 1.4)


def tokens_per_row(ctx: LayoutContext, diameter: float) -> int:
    return int((ctx.paper.width - 2 * ctx.margin + TOKEN_GAP) // (diameter + TOKEN_GAP))


def track_cell(ctx: LayoutContext) -> float:
    return min(TRACK_CELL, (ctx.paper.width - 2 * ctx.margin) / TRACK_PER_ROW)


def track_height(ctx: LayoutContext, track: TrackSpec) -> float:
    """From the track's name to below its last row of spaces."""
    rows = math.ceil((track.last - track.first + 1) / TRACK_PER_ROW)
    return TRACK_HEAD + rows * (track_cell(ctx) + TRACK_GAP)


def foot(ctx: LayoutContext) -> float:
    """Where the tokens must end on a page."""
    return ctx.paper.height - ctx.margin - FOOT


def token_sheet(
    ctx: LayoutContext,
    title: str,
    subtitle: str,
    groups: list[TokenGroup],
    diameter: float,
    track: TrackSpec | None,
) -> Page:
    """Rows of round tokens (cut along the dashed circle), then the track as one long strip."""
    margin = ctx.margin
    items: list[Item] = page_title(ctx, title, subtitle)
    y = margin + TOKENS_TOP
    per_row = tokens_per_row(ctx, diameter)
    if per_row < 1:
        ctx.problems.append(
            TextProblem(
                "PK309",
                ("tokens", "diameter"),
                f"{diameter:g} mm tokens do not fit across the sheet",
                "use a smaller diameter",
            )
        )
        return Page(ctx.paper.width, ctx.paper.height, tuple(items), title)
    r = diameter / 2
    pitch = diameter + TOKEN_GAP
    end = y  # how far down the page is inked
    for heading, specs in groups:
        items.append(Text(margin, y, heading, HEADING_SIZE, colour=INK, bold=True))
        y += HEADING_H
        for shelf in shelves(specs, per_row, label_columns(ctx, pitch)):
            column = 0
            for spec in shelf:
                x = margin + column * pitch
                items.append(Text(x, y + 3.0, spec_label(ctx, spec), LABEL_SIZE, colour=MUTED))
                for i in range(spec.count):
                    row, col = divmod(i, per_row)
                    cx = x + r + col * pitch
                    cy = y + LABEL_H + r + row * pitch
                    items.append(
                        token(
                            cx,
                            cy,
                            r,
                            spec.colour,
                            spec.mark,
                            "token",
                            spec.label,
                            icon=spec.icon,
                            countdown=spec.countdown,
                        )
                    )
                    items.append(Circle(cx, cy, r + 0.6, style=CUT, role="cut"))
                column += label_columns(ctx, pitch)(spec) + 1
            y += shelf_height(shelf, per_row, pitch)
            end = y - AFTER_SPEC - TOKEN_GAP
        y += AFTER_GROUP
    if track is not None:
        items += track_strip(ctx, track, y)
        y += track_height(ctx, track)
        end = y - TRACK_GAP
    if end > foot(ctx):
        ctx.problems.append(
            TextProblem(
                "PK309",
                ("tokens",),
                f"the tokens run {end - foot(ctx):.0f} mm past the bottom of the sheet",
                "use fewer or smaller tokens",
            )
        )
    items += scale_bar(margin, ctx.paper.height - margin - 6.0, ctx.lang)
    return Page(ctx.paper.width, ctx.paper.height, tuple(items), title)


def shelves(specs: list[TokenSpec], per_row: int, columns: Callable[[TokenSpec], int]) -> list[list[TokenSpec]]:
    """The kinds in rows: kinds of a few tokens share a row, side by side with a token's gap between them and each
    with its label, so a sheet of many small kinds is not mostly empty; a kind of a row or more has its own rows.
    `columns` is how many token columns a kind takes on a shared row: its tokens, or its label when that is wider."""
    out: list[list[TokenSpec]] = []
    used = per_row + 1  # columns taken on the current shelf (a full shelf to start)
    for spec in specs:
        wide = columns(spec)
        if wide < per_row and out and used + wide <= per_row and out[-1][0].count < per_row:
            out[-1].append(spec)
            used += wide + 1
        else:
            out.append([spec])
            used = wide + 1
    return out


def label_columns(ctx: LayoutContext, pitch: float) -> Callable[[TokenSpec], int]:
    """How many token columns a kind takes beside others: its tokens, or its label (and a little air) if wider."""

    def columns(spec: TokenSpec) -> int:
        label = fonts.width_mm(spec_label(ctx, spec), LABEL_SIZE) + 2.0
        return max(spec.count, math.ceil(label / pitch))

    return columns


def shelf_height(shelf: list[TokenSpec], per_row: int, pitch: float) -> float:
    """A shelf's label line, its rows of tokens and the space after it."""
    return LABEL_H + max(math.ceil(spec.count / per_row) for spec in shelf) * pitch + AFTER_SPEC


def token_pages(
    ctx: LayoutContext,
    title: str,
    groups: list[TokenGroup],
    diameter: float,
    track: TrackSpec | None,
    *,
    continued: Callable[[str], str],
    code: str,
) -> list[Page]:
    """The token sheet over as many pages as it needs, numbered "1/2" … when more than one.

    A kind that runs over a page goes on at the top of the next, its heading and label
    worded by `continued` ("Coins (continued)"); the track comes last, on a page of its
    own when it does not fit below the tokens. A track longer than a page is left out
    as a `code` finding. The names and marks the sheet prints unfitted are checked.
    """
    _check_texts(ctx, groups, diameter, track)
    pitch = diameter + TOKEN_GAP
    per_row = max(1, tokens_per_row(ctx, diameter))
    top, bottom = ctx.margin + TOKENS_TOP, foot(ctx)
    pages: list[list[TokenGroup]] = [[]]
    y = top
    for heading, specs in groups:
        if pages[-1] and y + HEADING_H + LABEL_H + pitch > bottom:
            pages.append([])
            y = top
        current: list[TokenSpec] = []
        pages[-1].append((heading, current))
        y += HEADING_H
        for shelf in shelves(specs, per_row, label_columns(ctx, pitch)):
            if len(shelf) > 1:  # kinds sharing one row move together
                if y + shelf_height(shelf, per_row, pitch) - AFTER_SPEC > bottom + 1e-6:
                    current = []
                    pages.append([(continued(heading), current)])
                    y = top + HEADING_H
                current.extend(shelf)
                y += shelf_height(shelf, per_row, pitch)
                continue
            spec = shelf[0]
            left, part = spec.count, 0
            while left:
                rows = int((bottom - y - LABEL_H + TOKEN_GAP) // pitch)
                if rows < 1:
                    current = []
                    pages.append([(continued(heading), current)])
                    y = top + HEADING_H
                    continue
                placed = min(left, rows * per_row)
                label = spec.label if part == 0 else continued(spec.label)
                current.append(replace(spec, label=label, count=placed))
                y += LABEL_H + math.ceil(placed / per_row) * pitch + AFTER_SPEC
                left -= placed
                part += 1
        y += AFTER_GROUP
    if track is not None:
        height = HEADING_H + track_height(ctx, track)
        if top + height > bottom:
            ctx.problems.append(
                TextProblem(
                    code,
                    track.where,
                    f"a track of {track.last - track.first + 1} spaces needs {height:.0f} mm, more than a page has ({bottom - top:.0f} mm)",
                    "shorten the track, or draw it as a sheet",
                )
            )
            track = None
        elif y + height > bottom and pages[-1]:
            pages.append([])
    return [
        token_sheet(
            ctx,
            title,
            f"{n + 1}/{len(pages)}" if len(pages) > 1 else "",
            page_groups,
            diameter,
            track if n == len(pages) - 1 else None,
        )
        for n, page_groups in enumerate(pages)
    ]


def spec_label(ctx: LayoutContext, spec: TokenSpec) -> str:
    """The line above a kind's tokens: its name and count, and how to read a countdown."""
    note = f" · {tr('countdown_note', ctx.lang)}" if spec.countdown else ""
    return f"{spec.label} × {spec.count}{note}"


def _check_texts(ctx: LayoutContext, groups: list[TokenGroup], diameter: float, track: TrackSpec | None) -> None:
    room = ctx.paper.width - 2 * ctx.margin
    for _heading, specs in groups:
        for spec in specs:
            label = spec_label(ctx, spec)
            check_line(ctx, label, LABEL_SIZE, room, spec.where + ("name", ctx.lang), "token name")
            if spec.mark:
                mark_room = diameter * RING
                check_line(
                    ctx,
                    spec.mark,
                    mark_size(diameter / 2, spec.mark),
                    mark_room,
                    spec.where + ("mark",),
                    "token mark",
                    mark=True,
                )
    if track is not None:
        check_line(ctx, track.title, HEADING_SIZE, room, track.where + ("name", ctx.lang), "track name")


def check_line(
    ctx: LayoutContext, value: str, size: float, room: float, where: tuple, label: str, *, mark: bool = False
) -> None:
    """A line printed unfitted at `size` pt: characters the font lacks, or a width over `room` mm, are findings.
    A `mark` (a token's symbol) a shipped face has is drawn from that face as a shape: no finding."""
    missing = fonts.undrawable_glyphs(value)
    if missing and mark and fonts.mark_face(value) is not None:
        missing = []
    if missing:
        shown = " ".join(f"U+{ord(ch):04X} {ch}" for ch in missing)
        ctx.problems.append(
            TextProblem("PK307", where, f"{label}: the font cannot draw {shown}", fonts.missing_hint(missing))
        )
    width = fonts.width_mm(value, size)
    if width > room + 1e-6:
        ctx.problems.append(
            TextProblem(
                "PK309",
                where,
                f"{label}: {value!r} is {width:.1f} mm wide at {size:g} pt, but has {room:.1f} mm",
                "shorten it",
            )
        )


def track_strip(ctx: LayoutContext, track: TrackSpec, y: float) -> list[Item]:
    margin = ctx.margin
    items: list[Item] = [Text(margin, y, track.title, HEADING_SIZE, colour=INK, bold=True)]
    spaces = list(range(track.first, track.last + 1))
    per_row = TRACK_PER_ROW
    cell = track_cell(ctx)
    y += TRACK_HEAD
    for i, number in enumerate(spaces):
        row, col = divmod(i, per_row)
        x = margin + col * cell
        yy = y + row * (cell + TRACK_GAP)
        marked = number in track.highlight
        items.append(
            Rect(
                x,
                yy,
                cell,
                cell,
                style=Style(fill="#f1e3ee" if marked else "#ffffff", stroke=INK, width=0.3),
                role="track-space",
            )
        )
        items.append(Text(x + cell / 2, yy + cell / 2 + 2.0, str(number), 13, colour=INK, anchor="middle", bold=marked))
        if marked:
            items.append(
                Text(
                    x + cell / 2,
                    yy + cell - 1.5,
                    track.highlight_label,
                    readable(track.highlight_label, 6),
                    colour="#5b2a4e",
                    anchor="middle",
                )
            )
    return items
