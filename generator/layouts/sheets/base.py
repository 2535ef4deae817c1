"""What every region of a player sheet shares: its area, the colours and sizes, the title bar, and the
pencil check that reports a cell or box too small to write in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...scene import Item, Rect, Style
from ...typeset.text import TextBox
from ..context import INK, LayoutContext, TextProblem

HEADING = "#2c2f45"
"""Region title bars: the colour of the rule summary's headings."""
GRID = "#8a8a8a"
SHADE = "#d5ebf6"
"""Conditional areas: the rulebook's light blue."""
SHADE_INK = "#1f6a8f"
GATE_FILL = "#eeece6"
"""The strip beside a gated cell, under its padlock and checkbox."""
HIGHLIGHT = "#b8322a"
BOX = 4.0
"""The side of a checkbox, in mm."""
TITLE_H = 5.5
MIN_REGION = 4.0
"""A region with less room than this in either direction is reported, not drawn."""
STROKE_ROOM = 0.35
"""Each region is drawn this far inside its area, so the strokes on its edges stay in it too."""


@dataclass(frozen=True)
class Area:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def below(self, height: float) -> Area:
        """What is left after taking `height` off the top."""
        return Area(self.x, self.y + height, self.w, max(0.0, self.h - height))


@dataclass(frozen=True)
class ColumnHead:
    """The tile over a column: ladders, the effect table under them and per-column score boxes share it."""

    label: str
    colour: str


@dataclass
class Pencil:
    """Where pencil-size problems go: the code the game reports them under."""

    ctx: LayoutContext
    code: str
    seen: set = field(default_factory=set)

    def need(self, path: tuple, what: str, have: float, need: float) -> bool:
        """True when `have` is enough for a pencil; otherwise records one problem per region and returns False."""
        return have + 1e-6 >= need or self._short(
            path, f"{what} would be {have:.1f} mm; a pencil needs at least {need:g} mm"
        )

    def room(self, path: tuple, what: str, have: float, need: float) -> bool:
        """True when the region is tall enough for its content; otherwise records a problem."""
        return have + 1e-6 >= need or self._short(path, f"{what} needs {need:.1f} mm but has {have:.1f} mm")

    def _short(self, path: tuple, message: str) -> bool:
        if path not in self.seen:
            self.seen.add(path)
            hint = "give this region a larger size, or shrink its neighbours"
            self.ctx.problems.append(TextProblem(self.code, path, message, hint))
        return False


def title_bar(ctx: LayoutContext, area: Area, title: str, where: tuple) -> tuple[list[Item], Area]:
    if not title:
        return [], area
    items: list[Item] = [Rect(area.x, area.y, area.w, TITLE_H, style=Style(fill=HEADING), radius=0.8)]
    items += ctx.fitted(
        title,
        TextBox(
            area.x + 1.8, area.y, area.w - 3.6, TITLE_H, align="start", valign="middle", colour="#ffffff", bold=True
        ),
        8.5,
        6.5,
        where=where,
        label="region title",
    )
    return items, area.below(TITLE_H + 1.5)


def column_spans(area: Area, count: int, gutter: float, left: float | None = None) -> list[tuple[float, float]]:
    """(x, width) of each column between the two number gutters (`left` wide on the left, when given);
    ladders and effect tables share it."""
    left = gutter if left is None else left
    width = (area.w - left - gutter) / count
    return [(area.x + left + i * width, width) for i in range(count)]


NUMBER_GUTTER = 8.0
"""Beside the columns: the rung numbers of ladders, the row heads of effect tables."""


def checkbox(x: float, y: float, side: float = BOX, fill: str = "#ffffff") -> Rect:
    """A pencil checkbox: role "checkbox", so tests and tools can find and measure it."""
    return Rect(x, y, side, side, style=Style(fill=fill, stroke=INK, width=0.3), radius=0.4, role="checkbox")
