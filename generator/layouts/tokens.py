"""Token sheets: punch-out player tokens, markers and a numbered track."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..scene import Circle, Group, Item, Page, Rect, Style, Text
from .common import INK, MUTED, LayoutContext, TextProblem, page_title, scale_bar

TRACK_PER_ROW = 10
CUT = Style(stroke="#444444", width=0.2, dash=(1.2, 0.8))


@dataclass(frozen=True)
class TokenSpec:
    label: str
    colour: str
    count: int
    mark: str = ""  # a short text printed on the token


@dataclass(frozen=True)
class TrackSpec:
    title: str
    first: int
    last: int
    highlight: frozenset[int]
    highlight_label: str


def token(cx: float, cy: float, r: float, colour: str, mark: str, role: str) -> Group:
    items: list[Item] = [
        Circle(cx, cy, r, style=Style(fill=colour, stroke=INK, width=0.25)),
        Circle(cx, cy, r * 0.78, style=Style(stroke="#ffffff", width=0.5)),
    ]
    if mark:
        items.append(Text(cx, cy + r * 0.3, mark, max(5.0, r * 1.4), colour="#ffffff", anchor="middle", bold=True))
    return Group(tuple(items), role=role)


def token_sheet(
    ctx: LayoutContext,
    title: str,
    subtitle: str,
    groups: list[tuple[str, list[TokenSpec]]],
    diameter: float,
    track: TrackSpec | None,
) -> Page:
    """Rows of round tokens (cut along the dashed circle), then the track as one long strip."""
    margin = ctx.margin
    items: list[Item] = page_title(ctx, title, subtitle)
    y = margin + 16.0
    gap = 3.0
    per_row = int((ctx.paper.width - 2 * margin + gap) // (diameter + gap))
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
    for heading, specs in groups:
        items.append(Text(margin, y, heading, 10, colour=INK, bold=True))
        y += 4.0
        for spec in specs:
            items.append(Text(margin, y + 3.0, f"{spec.label} × {spec.count}", 8, colour=MUTED))
            y += 5.0
            for i in range(spec.count):
                row, col = divmod(i, per_row)
                cx = margin + r + col * (diameter + gap)
                cy = y + r + row * (diameter + gap)
                items.append(token(cx, cy, r, spec.colour, spec.mark, role="token"))
                items.append(Circle(cx, cy, r + 0.6, style=CUT, role="cut"))
            rows = math.ceil(spec.count / per_row)
            y += rows * (diameter + gap) + 1.0
        y += 3.0
    if track is not None:
        items += _track(ctx, track, y)
        rows = math.ceil((track.last - track.first + 1) / TRACK_PER_ROW)
        y += 3.0 + rows * (min(18.0, (ctx.paper.width - 2 * margin) / TRACK_PER_ROW) + 4.0)
    if y > ctx.paper.height - margin - 10.0:
        ctx.problems.append(
            TextProblem(
                "PK309",
                ("tokens",),
                f"the tokens run {y - (ctx.paper.height - margin - 10.0):.0f} mm past the bottom of the sheet",
                "use fewer or smaller tokens",
            )
        )
    items += scale_bar(margin, ctx.paper.height - margin - 6.0, ctx.lang)
    return Page(ctx.paper.width, ctx.paper.height, tuple(items), title)


def _track(ctx: LayoutContext, track: TrackSpec, y: float) -> list[Item]:
    margin = ctx.margin
    items: list[Item] = [Text(margin, y, track.title, 10, colour=INK, bold=True)]
    spaces = list(range(track.first, track.last + 1))
    per_row = TRACK_PER_ROW
    cell = min(18.0, (ctx.paper.width - 2 * margin) / per_row)
    y += 3.0
    for i, number in enumerate(spaces):
        row, col = divmod(i, per_row)
        x = margin + col * cell
        yy = y + row * (cell + 4.0)
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
                Text(x + cell / 2, yy + cell - 1.5, track.highlight_label, 6, colour="#5b2a4e", anchor="middle")
            )
    return items
