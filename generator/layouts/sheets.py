"""Player sheets: regions placed by rows and columns, drawn for a pencil.

`arrange` turns a layout tree (validator.components.sheets) into one area per
leaf region: each child takes a fixed length or a share of what is left.
Each leaf is drawn from a spec, a plain record with its text already in the
page's language; a game builds specs for the regions it fills from its model
(`source:`), and `inline_spec` builds them for regions written out in YAML.

Every drawing function is pure: spec and area in, scene items out. They
stay inside their area, fit their text with `ctx.fitted`, and record a
problem when a cell or box would be too small for a pencil (cells under
5 mm, checkboxes under 3.5 mm) instead of drawing it smaller.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pnpkit.validator.components.sheets import (
    CONTAINERS,
    PENCIL_BOX_MM,
    PENCIL_CELL_MM,
    CheckboxesRegion,
    CounterRegion,
    EffectLine,
    EffectsRegion,
    FieldRegion,
    FlowRegion,
    GridRegion,
    LaddersRegion,
    LegendRegion,
    PadRegion,
    ScoringRegion,
    Size,
    TextRegion,
)

from .. import fonts
from ..colour import tint
from ..icons.paths import star
from ..scene import Circle, Group, Item, Line, Page, Path, Polygon, Rect, Style
from ..text import TextBox
from ..units import PT_PER_MM
from .common import INK, MUTED, LayoutContext, TextProblem, page_title, readable, scale_bar, set_height

HEADING = "#2c2f45"
"""Region title bars: the colour of the rule summary's headings."""
GRID = "#8a8a8a"
SHADE = "#d5ebf6"
"""Conditional areas: the rulebook's light blue."""
SHADE_INK = "#1f6a8f"
GATE_FILL = "#eeece6"
"""The strip beside a gated cell, under its padlock and checkbox."""
GOLD = "#d9a520"
GOLD_DARK = "#9a6f08"
OPEN_PADLOCK = "#2f7d6d"
HIGHLIGHT = "#b8322a"
BOX = 4.0
"""The side of a checkbox, in mm."""
TITLE_H = 5.5
MIN_REGION = 4.0
"""A region with less room than this in either direction is reported, not drawn."""
STROKE_ROOM = 0.35
"""Each region is drawn this far inside its area, so the strokes on its edges stay in it too."""
GLYPH_H = 4.6
GLYPH_PT = 9.0


# ---------------------------------------------------------------- geometry


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


def split(total: float, sizes: list[Size], gap: float) -> list[float]:
    """Lengths for children: fixed ones first, shares divide the rest.

    >>> split(100, [Size(mm=10), Size(share=1), Size(share=3)], 2)
    [10.0, 21.5, 64.5]
    """
    fixed = sum(s.mm for s in sizes if s.mm is not None)
    shares = sum(s.share for s in sizes if s.share is not None)
    free = max(0.0, total - fixed - gap * (len(sizes) - 1))
    return [float(s.mm) if s.mm is not None else free * s.share / shares for s in sizes]  # type: ignore[operator]


def arrange(
    node: Any, area: Area, path: tuple, problems: list[tuple[tuple, str]] | None = None
) -> list[tuple[Any, tuple, Area]]:
    """Every leaf region with its YAML path and its area, in reading order."""
    if not isinstance(node, CONTAINERS):
        return [(node, path, area)]
    across = node.kind == "row"
    total = area.w if across else area.h
    sizes = [item.size for item in node.items]
    need = sum(s.mm for s in sizes if s.mm is not None) + node.gap * (len(sizes) - 1)
    if need > total + 1e-6 and problems is not None:
        problems.append((path, f"fixed sizes and gaps need {need:.1f} mm, but this {node.kind} has {total:.1f} mm"))
    out = []
    offset = 0.0
    for i, (item, length) in enumerate(zip(node.items, split(total, sizes, node.gap))):
        child = (
            Area(area.x + offset, area.y, length, area.h) if across else Area(area.x, area.y + offset, area.w, length)
        )
        out += arrange(item, child, path + ("items", i), problems)
        offset += length + node.gap
    return out


# ---------------------------------------------------------------- glyphs


@dataclass(frozen=True)
class Glyph:
    """One piece of a pictogram line.

    kinds: badge (a label on a coloured tile), text, note (a short sentence),
    die, coin, crossed-coin, open-padlock, padlock, arrow, tick (a ticked box
    with a letter), bracket (a square bracket opening downwards), shade (a
    sample of the conditional shading), chain (a box with an arrow down: gates
    that open from the top), star, dot.
    """

    kind: str
    label: str = ""
    colour: str = INK


_WIDTHS = {
    "badge": 4.6,
    "die": 4.2,
    "coin": 4.2,
    "crossed-coin": 4.2,
    "open-padlock": 4.0,
    "padlock": 4.0,
    "arrow": 3.6,
    "tick": 4.6,
    "bracket": 5.0,
    "shade": 6.0,
    "chain": 4.0,
    "star": 4.0,
    "dot": 3.0,
}


def glyph_width(glyph: Glyph, size: float = GLYPH_PT) -> float:
    if glyph.kind == "text":
        return fonts.width_mm(glyph.label, size) + 0.2
    if glyph.kind == "badge" and len(glyph.label) > 1:
        return max(_WIDTHS["badge"], fonts.width_mm(glyph.label, size * 0.85) + 1.6)
    return _WIDTHS[glyph.kind]


def _padlock(cx: float, cy: float, r: float, colour: str, open_: bool, role: str = "icon") -> Group:
    body = Rect(-0.78, -0.05, 1.56, 1.05, style=Style(fill=colour), radius=0.18)
    if open_:
        shackle = Path(
            (("M", -0.48, -0.05), ("L", -0.48, -0.5), ("C", -0.48, -1.05, 0.48, -1.05, 0.48, -0.62)),
            style=Style(stroke=colour, width=0.26),
        )
    else:
        shackle = Path(
            (("M", -0.48, -0.05), ("L", -0.48, -0.45), ("C", -0.48, -1.0, 0.48, -1.0, 0.48, -0.45), ("L", 0.48, -0.05)),
            style=Style(stroke=colour, width=0.26),
        )
    hole = Circle(0, 0.42, 0.17, style=Style(fill="#ffffff"))
    return Group((shackle, body, hole), dx=cx, dy=cy, scale=r, role=role, name="open-padlock" if open_ else "padlock")


def _coin(cx: float, cy: float, r: float, crossed: bool = False) -> Group:
    parts: list[Item] = [
        Circle(0, 0, 0.95, style=Style(fill=GOLD, stroke=GOLD_DARK, width=0.12)),
        Circle(0, 0, 0.62, style=Style(stroke="#fff4cc", width=0.12)),
    ]
    if crossed:
        parts.append(Line(-0.95, 0.95, 0.95, -0.95, style=Style(stroke=INK, width=0.22)))
    return Group(tuple(parts), dx=cx, dy=cy, scale=r, role="icon", name="crossed-coin" if crossed else "coin")


def _die(cx: float, cy: float, r: float) -> Group:
    parts: list[Item] = [Rect(-0.9, -0.9, 1.8, 1.8, style=Style(fill="#ffffff", stroke=INK, width=0.14), radius=0.3)]
    for px, py in ((-0.45, -0.45), (0.0, 0.0), (0.45, 0.45)):
        parts.append(Circle(px, py, 0.17, style=Style(fill=INK)))
    return Group(tuple(parts), dx=cx, dy=cy, scale=r, role="icon", name="die")


def _arrow(
    x0: float, y0: float, x1: float, y1: float, colour: str = INK, width: float = 0.35, head: float = 1.1
) -> list[Item]:
    """A straight arrow from (x0, y0) to (x1, y1) with a filled head."""
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    bx, by = x1 - ux * head, y1 - uy * head
    wing = head * 0.55
    return [
        Line(x0, y0, bx, by, style=Style(stroke=colour, width=width)),
        Polygon(
            ((x1, y1), (bx - uy * wing, by + ux * wing), (bx + uy * wing, by - ux * wing)), style=Style(fill=colour)
        ),
    ]


def _bracket(cx: float, cy: float, r: float, colour: str = INK) -> Group:
    """A square bracket opening downwards (コ turned 90°): a symbol simple enough for players to copy by hand."""
    ops = (("M", -0.75, 0.6), ("L", -0.75, -0.45), ("L", 0.75, -0.45), ("L", 0.75, 0.6))
    return Group(
        (Path(ops, style=Style(stroke=colour, width=0.28)),), dx=cx, dy=cy, scale=r, role="icon", name="bracket"
    )


def _star(cx: float, cy: float, r: float, colour: str) -> Group:
    shape = Polygon(star(0.0, 0.06, 1.0, 0.45, 5), style=Style(fill=colour))
    return Group((shape,), dx=cx, dy=cy, scale=r, role="icon", name="star")


def mark_icon(name: str, cx: float, cy: float, r: float) -> Group:
    """A mark printed in a cell (open-padlock, coin, star, dot): light enough to write over."""
    if name == "open-padlock":
        return _padlock(cx, cy, r, OPEN_PADLOCK, True, role="mark")
    if name == "coin":
        group = _coin(cx, cy, r)
        return Group(group.items, dx=cx, dy=cy, scale=r, role="mark", name="coin")
    if name == "star":
        group = _star(cx, cy, r, "#7b5ea7")
        return Group(group.items, dx=cx, dy=cy, scale=r, role="mark", name="star")
    return Group((Circle(0, 0, 0.45, style=Style(fill=MUTED)),), dx=cx, dy=cy, scale=r, role="mark", name="dot")


def checkbox(x: float, y: float, side: float = BOX, fill: str = "#ffffff") -> Rect:
    """A pencil checkbox: role "checkbox", so tests and tools can find and measure it."""
    return Rect(x, y, side, side, style=Style(fill=fill, stroke=INK, width=0.3), radius=0.4, role="checkbox")


def draw_glyph(
    ctx: LayoutContext, glyph: Glyph, x: float, cy: float, scale: float, where: tuple, label: str
) -> list[Item]:
    """The glyph with its left edge at x, centred on cy."""
    w = glyph_width(glyph) * scale
    r = GLYPH_H / 2 * scale
    cx = x + w / 2
    if glyph.kind == "text":
        box = TextBox(x, cy - r, w + 0.3, 2 * r, align="start", valign="middle", colour=glyph.colour, bold=True)
        return [*ctx.fitted(glyph.label, box, GLYPH_PT * scale, GLYPH_PT * scale * 0.8, where=where, label=label)]
    if glyph.kind == "badge":
        items: list[Item] = [
            Rect(x + 0.1 * scale, cy - r, w - 0.2 * scale, 2 * r, style=Style(fill=glyph.colour), radius=0.8 * scale)
        ]
        box = TextBox(x, cy - r, w, 2 * r, align="middle", valign="middle", colour="#ffffff", bold=True)
        items += ctx.fitted(glyph.label, box, GLYPH_PT * 0.85 * scale, 5.0, where=where, label=label)
        return items
    if glyph.kind == "die":
        return [_die(cx, cy, r * 0.9)]
    if glyph.kind in ("coin", "crossed-coin"):
        return [_coin(cx, cy, r * 0.92, glyph.kind == "crossed-coin")]
    if glyph.kind in ("open-padlock", "padlock"):
        opened = glyph.kind == "open-padlock"
        return [_padlock(cx, cy + 0.1 * r, r * 0.85, OPEN_PADLOCK if opened else INK, opened)]
    if glyph.kind == "arrow":
        return _arrow(x + 0.3 * scale, cy, x + w - 0.3 * scale, cy, INK, 0.35 * scale, 1.2 * scale)
    if glyph.kind == "tick":
        side = 2 * r * 0.9
        items = [
            Rect(
                cx - side / 2, cy - side / 2, side, side, style=Style(fill="#ffffff", stroke=INK, width=0.3), radius=0.4
            )
        ]
        items += ctx.fitted(
            glyph.label,
            TextBox(
                cx - side / 2, cy - side / 2, side * 0.62, side, align="middle", valign="middle", colour=INK, bold=True
            ),
            8 * scale,
            5,
            where=where,
            label=label,
        )
        tick = (
            ("M", cx + side * 0.02, cy + side * 0.12),
            ("L", cx + side * 0.2, cy + side * 0.36),
            ("L", cx + side * 0.62, cy - side * 0.5),
        )
        items.append(Path(tick, style=Style(stroke=HIGHLIGHT, width=0.5 * scale)))
        return items
    if glyph.kind == "bracket":
        return [_bracket(cx, cy, r * 1.05, glyph.colour)]
    if glyph.kind == "shade":
        return [Rect(x, cy - r * 0.8, w, 1.6 * r, style=Style(fill=SHADE, stroke=SHADE_INK, width=0.2), radius=0.6)]
    if glyph.kind == "chain":
        side = 2.2 * scale
        items = [Rect(cx - side / 2, cy - r, side, side, style=Style(fill="#ffffff", stroke=INK, width=0.25))]
        items += _arrow(cx, cy - r + side + 0.2, cx, cy + r, INK, 0.3 * scale, 1.0 * scale)
        return items
    if glyph.kind == "star":
        return [_star(cx, cy, r * 0.9, glyph.colour)]
    return [Circle(cx, cy, r * 0.4, style=Style(fill=glyph.colour))]


def glyph_line(
    ctx: LayoutContext, glyphs: tuple[Glyph, ...], area: Area, where: tuple, label: str, align: str = "middle"
) -> list[Item]:
    """Glyphs side by side, as large as fits (up to 1.0), centred vertically in the area."""
    notes = [g for g in glyphs if g.kind == "note"]
    if notes:
        text = " ".join(g.label for g in notes)
        box = TextBox(
            area.x + 0.4,
            area.y,
            area.w - 0.8,
            area.h,
            align=align,
            valign="middle",
            colour=INK,
            bold=True,
            balance=True,
        )
        return [*ctx.fitted(text, box, NOTE_PT, NOTE_PT, where=where, label=label, leading=NOTE_LEADING)]
    gap = 0.5
    natural = sum(glyph_width(g) for g in glyphs) + gap * (len(glyphs) - 1)
    scale = min(1.0, (area.w - 0.8) / natural, area.h / GLYPH_H)
    if scale < 0.6:
        ctx.problems.append(
            TextProblem(
                "PK309",
                where,
                f"{label}: the pictogram needs {natural * 0.6:.1f} mm but has {area.w:.1f} mm",
                "shorten the effect or widen the region",
            )
        )
    width = natural * scale
    x = {"start": area.x + 0.4, "middle": area.x + (area.w - width) / 2, "end": area.right - 0.4 - width}[align]
    cy = area.y + area.h / 2
    items: list[Item] = []
    for glyph in glyphs:
        items += draw_glyph(ctx, glyph, x, cy, scale, where, label)
        x += (glyph_width(glyph) + gap) * scale
    return items


# ---------------------------------------------------------------- specs


@dataclass(frozen=True)
class ColumnHead:
    """The tile over a column: ladders, the effect table under them and per-column score boxes share it."""

    label: str
    colour: str


@dataclass(frozen=True)
class Ladder(ColumnHead):
    marks: tuple[tuple[int, str], ...] = ()  # (rung, mark icon)


@dataclass(frozen=True)
class LaddersSpec:
    ladders: tuple[Ladder, ...]
    rungs: int
    caption: str = ""  # beside the ladder labels, e.g. "Tower"
    numbers: str = "both"
    highlight_from: int | None = None  # rungs from here up are tinted; a line marks the threshold
    title: str = ""
    gutter: float = 8.0
    """The left number gutter (mm); an effect table under the ladders gives its row heads the same."""


@dataclass(frozen=True)
class LineSpec:
    glyphs: tuple[Glyph, ...]
    condition: str = ""  # a condition puts the line on a shaded band under this caption
    where: tuple = ()


@dataclass(frozen=True)
class CellSpec:
    lines: tuple[LineSpec, ...]
    gate: str = "none"  # none | box | chain (validator.components.sheets.Gate)
    where: tuple = ()


@dataclass(frozen=True)
class RowHead:
    label: str  # big, e.g. the phase number
    caption: str = ""  # small, above the label
    note: str = ""  # small, below the label


@dataclass(frozen=True)
class EffectsSpec:
    columns: tuple[ColumnHead, ...]
    rows: tuple[RowHead, ...]
    cells: tuple[tuple[CellSpec | None, ...], ...]  # [row][column]
    title: str = ""
    gutter: float = 8.0
    """The left gutter (mm) that holds the row heads: as wide as the ladders' above, so the columns line up."""


@dataclass(frozen=True)
class CounterSpec:
    count: int
    per_row: int | None = None
    icon: str = "circle"
    note: str = ""
    title: str = ""


@dataclass(frozen=True)
class ScoreRowSpec:
    letter: str
    name: str
    vp: str  # printed beside the boxes, e.g. "×2"
    boxes: int | None  # None: one box per column
    colour: str = HEADING


@dataclass(frozen=True)
class ScoringSpec:
    rows: tuple[ScoreRowSpec, ...]
    columns: tuple[ColumnHead, ...] = ()  # the heads over per-column boxes
    total: str = "Total"
    title: str = ""


@dataclass(frozen=True)
class PadSpec:
    name_label: str
    columns: tuple[tuple[str, str], ...]  # (label, note under it)
    total: str
    rows: int
    games: int
    game_label: str = ""
    note: str = ""
    title: str = ""


@dataclass(frozen=True)
class FlowSpec:
    steps: tuple[tuple[str, str], ...]  # (label in the circle, text)
    loop: str = ""
    title: str = ""


@dataclass(frozen=True)
class LegendSpec:
    entries: tuple[tuple[tuple[Glyph, ...], str], ...]
    title: str = ""


@dataclass(frozen=True)
class TextSpec:
    text: str
    size: float = 8.0
    align: str = "start"
    title: str = ""


@dataclass(frozen=True)
class FieldSpec:
    label: str
    title: str = ""


@dataclass(frozen=True)
class GridSpec:
    rows: int
    cols: int
    marks: tuple[tuple[int, int, str], ...] = ()  # (row, col, mark), from 1
    numbered: bool = False
    title: str = ""


@dataclass(frozen=True)
class CheckboxesSpec:
    count: int
    label: str = ""
    chain: bool = False
    box: float = BOX
    title: str = ""


Spec = (
    LaddersSpec
    | EffectsSpec
    | CounterSpec
    | ScoringSpec
    | PadSpec
    | FlowSpec
    | LegendSpec
    | TextSpec
    | FieldSpec
    | GridSpec
    | CheckboxesSpec
)
SourcedSpecs = dict[tuple[str, str], Spec | Callable[[Any], Spec]]
"""The specs a game builds for its `source:` regions, keyed by (kind, source), or functions of the region."""


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


# ---------------------------------------------------------------- regions


def _title_bar(ctx: LayoutContext, area: Area, title: str, where: tuple) -> tuple[list[Item], Area]:
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
LADDER_HEAD = 11.0


def draw_ladders(ctx: LayoutContext, spec: LaddersSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    items, area = _title_bar(ctx, area, spec.title, where)
    columns = column_spans(area, len(spec.ladders), NUMBER_GUTTER, spec.gutter)
    rung_h = (area.h - LADDER_HEAD - 1.0) / spec.rungs
    ladder_w = columns[0][1]
    pencil.need(where, "a ladder cell", min(rung_h, ladder_w), PENCIL_CELL_MM)
    top = area.y + LADDER_HEAD
    bottom = top + rung_h * spec.rungs

    def rung_y(rung: int) -> float:
        return top + (spec.rungs - rung) * rung_h

    # the heads: a tile with the ladder's label, big enough to read at arm's length
    if spec.caption:
        items += ctx.fitted(
            spec.caption,
            TextBox(
                area.x,
                area.y,
                spec.gutter + 0.5,
                LADDER_HEAD - 1.5,
                align="start",
                valign="middle",
                colour=MUTED,
                bold=True,
            ),
            6.5,
            5,
            where=where,
            label="ladder caption",
        )
    for (x, w), ladder in zip(columns, spec.ladders):
        tile = Rect(x + 1.0, area.y + 0.5, w - 2.0, LADDER_HEAD - 2.0, style=Style(fill=ladder.colour), radius=1.5)
        items.append(tile)
        items += ctx.fitted(
            ladder.label,
            TextBox(
                x + 1.0,
                area.y + 0.5,
                w - 2.0,
                LADDER_HEAD - 2.0,
                align="middle",
                valign="middle",
                colour="#ffffff",
                bold=True,
            ),
            17,
            10,
            where=where,
            label="ladder label",
        )
    # the rungs, bottom up
    for index, ((x, w), ladder) in enumerate(zip(columns, spec.ladders), start=1):
        marks = dict(ladder.marks)
        low = tint(ladder.colour, 0.07)
        high = tint(ladder.colour, 0.16)
        for rung in range(1, spec.rungs + 1):
            y = rung_y(rung)
            fill = high if spec.highlight_from and rung >= spec.highlight_from else low
            cell: list[Item] = [Rect(x, y, w, rung_h, style=Style(fill=fill, stroke=GRID, width=0.2), role="cell")]
            if rung in marks:
                r = min(2.2, rung_h * 0.32)
                cell.append(mark_icon(marks[rung], x + w - r - 1.3, y + rung_h / 2, r))
            items.append(Group(tuple(cell), role="ladder-cell", name=f"{index}/{rung}"))
    # strong lines: ladder edges, every fifth rung, the highlight threshold
    for x, _w in columns:
        items.append(Line(x, top, x, bottom, style=Style(stroke=INK, width=0.45)))
    items.append(
        Line(columns[-1][0] + ladder_w, top, columns[-1][0] + ladder_w, bottom, style=Style(stroke=INK, width=0.45))
    )
    left, right = columns[0][0], columns[-1][0] + ladder_w
    for rung in range(5, spec.rungs, 5):
        y = rung_y(rung)
        items.append(Line(left, y, right, y, style=Style(stroke=INK, width=0.35)))
    items.append(Rect(left, top, right - left, bottom - top, style=Style(stroke=INK, width=0.5)))
    if spec.highlight_from and 1 < spec.highlight_from <= spec.rungs:
        y = rung_y(spec.highlight_from) + rung_h
        items.append(Line(left - 1.2, y, right + 1.2, y, style=Style(stroke=HIGHLIGHT, width=0.7)))
    # rung numbers in the gutters
    size = min(8.5, rung_h * PT_PER_MM * 0.62)
    sides = {"left": (area.x,), "right": (right,), "both": (area.x, right)}[spec.numbers]
    gutters = {area.x: spec.gutter, right: NUMBER_GUTTER}
    for rung in range(1, spec.rungs + 1):
        y = rung_y(rung)
        marked = bool(spec.highlight_from and rung >= spec.highlight_from)
        colour = HIGHLIGHT if marked else INK
        for gx in sides:
            box = TextBox(
                gx + 0.3,
                y,
                gutters[gx] - 0.6,
                rung_h,
                align="middle",
                valign="middle",
                colour=colour,
                bold=rung % 5 == 0 or marked,
            )
            items += ctx.fitted(str(rung), box, size, 5.0, where=where, label="rung number")
    return [Group(tuple(items), role="region", name="ladders")]


def draw_effects(ctx: LayoutContext, spec: EffectsSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    items, area = _title_bar(ctx, area, spec.title, where)
    rows = len(spec.rows)
    if not rows or not spec.columns:
        return [Group(tuple(items), role="region", name="effects")]
    columns = column_spans(area, len(spec.columns), NUMBER_GUTTER, spec.gutter)
    row_h = area.h / rows
    pencil.need(where, "an effect cell", min(row_h, columns[0][1]), 2 * PENCIL_CELL_MM)
    for r, head in enumerate(spec.rows):
        y = area.y + r * row_h
        items += _row_head(ctx, head, Area(area.x, y, spec.gutter, row_h), where)
        for c, ((x, w), column) in enumerate(zip(columns, spec.columns)):
            cell = spec.cells[r][c]
            if cell is None:
                items.append(Rect(x, y, w, row_h, style=Style(fill="#f4f4f4", stroke=GRID, width=0.2)))
                continue
            items.append(_effect_cell(ctx, cell, Area(x, y, w, row_h), column.colour, f"{c + 1}/{r + 1}", pencil))
    # chain arrows: from a gate's box down to the gate box of the next row in the same column
    for c, (x, _w) in enumerate(columns):
        for r in range(1, rows):
            cell = spec.cells[r][c]
            above = spec.cells[r - 1][c]
            if cell is not None and cell.gate == "chain" and above is not None and above.gate != "none":
                cx = x + _GATE_STRIP / 2
                y0 = area.y + (r - 1) * row_h + _GATE_TOP + BOX + 0.4
                y1 = area.y + r * row_h + 0.5
                items += _arrow(cx, y0, cx, y1, HIGHLIGHT, 0.45, 1.4)
    left, right = columns[0][0], columns[-1][0] + columns[-1][1]
    for x, _w in columns[1:]:
        items.append(Line(x, area.y, x, area.bottom, style=Style(stroke=INK, width=0.45)))
    items.append(Rect(left, area.y, right - left, area.h, style=Style(stroke=INK, width=0.5)))
    return [Group(tuple(items), role="region", name="effects")]


_GATE_STRIP = 5.6
_GATE_TOP = 4.2


def _row_head(ctx: LayoutContext, head: RowHead, area: Area, where: tuple) -> list[Item]:
    items: list[Item] = []
    cx, cy = area.x + area.w / 2 - 0.2, area.y + area.h / 2
    r = min(3.0, area.w / 2 - 0.6)
    if head.caption:
        items += ctx.fitted(
            head.caption,
            TextBox(area.x, cy - r - 4.2, area.w - 0.4, 3.6, align="middle", valign="bottom", colour=MUTED),
            6,
            6,
            where=where,
            label="row caption",
        )
    items.append(Circle(cx, cy, r, style=Style(fill=HEADING)))
    items += ctx.fitted(
        head.label,
        TextBox(cx - r, cy - r, 2 * r, 2 * r, align="middle", valign="middle", colour="#ffffff", bold=True),
        11,
        7,
        where=where,
        label="row label",
    )
    if head.note:
        items += ctx.fitted(
            head.note,
            TextBox(
                area.x,
                cy + r + 0.6,
                area.w - 0.4,
                area.bottom - cy - r - 0.8,
                align="middle",
                valign="top",
                colour=HIGHLIGHT,
                bold=True,
            ),
            6,
            6,
            where=where,
            label="row note",
            leading=1.1,
        )
    return items


def _effect_cell(ctx: LayoutContext, cell: CellSpec, area: Area, colour: str, name: str, pencil: Pencil) -> Group:
    items: list[Item] = [Rect(area.x, area.y, area.w, area.h, style=Style(fill="#ffffff", stroke=GRID, width=0.25))]
    content = Area(area.x + 0.6, area.y + 0.6, area.w - 1.2, area.h - 1.2)
    if cell.gate != "none":
        items.append(Rect(area.x, area.y, _GATE_STRIP, area.h, style=Style(fill=GATE_FILL)))
        items.append(_padlock(area.x + _GATE_STRIP / 2, area.y + 2.2, 1.45, INK, False))
        pencil.need(cell.where, "a gate checkbox", BOX, PENCIL_BOX_MM)
        items.append(checkbox(area.x + (_GATE_STRIP - BOX) / 2, area.y + _GATE_TOP, BOX))
        content = Area(area.x + _GATE_STRIP + 0.4, area.y + 0.6, area.w - _GATE_STRIP - 1.0, area.h - 1.2)
    heights = [_line_height(line, content.w) for line in cell.lines]
    total = sum(heights)
    squeeze = min(1.0, content.h / total) if total else 1.0
    y = content.y + (content.h - total * squeeze) / 2
    for line, h in zip(cell.lines, heights):
        h *= squeeze
        band = Area(content.x, y, content.w, h)
        if line.condition:
            items.append(Rect(band.x, band.y + 0.2, band.w, band.h - 0.4, style=Style(fill=SHADE), radius=0.8))
            cap_h = _condition_height(line.condition, content.w) * squeeze
            items += ctx.fitted(
                line.condition,
                TextBox(
                    band.x + 0.5,
                    band.y + 0.4,
                    band.w - 1.0,
                    cap_h - 0.2,
                    align="middle",
                    valign="middle",
                    colour=SHADE_INK,
                    bold=True,
                    balance=True,
                ),
                CONDITION_PT,
                CONDITION_PT,
                where=line.where,
                label="condition",
                leading=CONDITION_LEADING,
            )
            band = Area(band.x, band.y + cap_h, band.w, h - cap_h)
        items += glyph_line(ctx, line.glyphs, Area(band.x, band.y + 0.3, band.w, band.h - 0.6), line.where, "effect")
        y += h
    return Group(tuple(items), role="effect-cell", name=name)


CONDITION_PT, CONDITION_LEADING = 6.0, 1.1
"""A condition over an effect line: the floor for Latin (Japanese sets at its own, 7 pt), on as many lines as it needs."""
NOTE_PT, NOTE_LEADING = 7.0, 1.15
"""An effect written out in words (a note glyph)."""


def _condition_height(condition: str, width: float) -> float:
    """The shaded caption's height: one line, or as many as the condition needs at its size."""
    return max(3.4, set_height(condition, width - 1.0, CONDITION_PT, CONDITION_LEADING, bold=True) + 0.8)


def _line_height(line: LineSpec, width: float) -> float:
    """The height a cell's line asks for: its glyphs (two rows for a note, more if its words need them),
    and the condition's caption above them."""
    notes = [g.label for g in line.glyphs if g.kind == "note"]
    if notes:
        words = set_height(" ".join(notes), width - 1.6, NOTE_PT, NOTE_LEADING, bold=True) + 0.6
        glyphs = max(2.0 * GLYPH_H, words)
    else:
        glyphs = GLYPH_H
    return glyphs + 1.2 + (_condition_height(line.condition, width) if line.condition else 0.0)


def draw_counter(ctx: LayoutContext, spec: CounterSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    items, area = _title_bar(ctx, area, spec.title, where)
    note_h = 7.0 if spec.note else 0.0
    per_row = spec.per_row or max(1, int(area.w // 7.5))
    rows = math.ceil(spec.count / per_row)
    pitch = min(area.w / per_row, (area.h - note_h) / rows, 9.0)
    diameter = pitch * 0.8
    pencil.need(where, "a counter circle", diameter, PENCIL_CELL_MM)
    x0 = area.x + (area.w - pitch * per_row) / 2
    for i in range(spec.count):
        row, col = divmod(i, per_row)
        cx, cy = x0 + (col + 0.5) * pitch, area.y + (row + 0.5) * pitch
        if spec.icon == "coin":
            items.append(
                Circle(
                    cx,
                    cy,
                    diameter / 2,
                    style=Style(fill=tint(GOLD, 0.22), stroke=GOLD_DARK, width=0.3),
                    role="counter",
                )
            )
            items.append(Circle(cx, cy, diameter / 2 * 0.62, style=Style(stroke=tint(GOLD, 0.6), width=0.25)))
        else:
            items.append(
                Circle(cx, cy, diameter / 2, style=Style(fill="#ffffff", stroke=INK, width=0.3), role="counter")
            )
        if (i + 1) % 5 == 0:
            items += ctx.fitted(
                str(i + 1),
                TextBox(cx - pitch / 2, cy - 1.6, pitch, 3.2, align="middle", valign="middle", colour=MUTED),
                5.5,
                4.5,
                where=where,
                label="counter number",
            )
    if spec.note:
        y = area.y + rows * pitch + 0.8
        items += ctx.fitted(
            spec.note,
            TextBox(area.x, y, area.w, min(note_h, area.bottom - y), balance=True),
            6.5,
            5,
            where=where,
            label="counter note",
            leading=1.2,
        )
    return [Group(tuple(items), role="region", name="counter")]


def draw_scoring(ctx: LayoutContext, spec: ScoringSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    items, area = _title_bar(ctx, area, spec.title, where)
    per_column = [row for row in spec.rows if row.boxes is None]
    label_w = 6.0
    n = max(1, len(spec.columns))
    pitch = (area.w - label_w) / n
    box = min(BOX + 0.6, pitch - 1.0)
    pencil.need(where, "a scoring box", box, PENCIL_BOX_MM)
    line_h = 4.2
    row_h = line_h + box + 1.6
    header_h = 4.8 if per_column else 0.0
    total_h = 9.0
    needed = row_h * len(spec.rows) + header_h + total_h
    pencil.room(where, "the scoring region", area.h, needed)
    gap = max(0.0, (area.h - needed) / (len(spec.rows) + 1))
    y = area.y
    header_drawn = False
    for row in spec.rows:
        if row.boxes is None and not header_drawn:
            header_drawn = True
            for i, head in enumerate(spec.columns):
                x = area.x + label_w + i * pitch
                items.append(Rect(x + (pitch - 4.4) / 2, y, 4.4, 4.2, style=Style(fill=head.colour), radius=0.7))
                items += ctx.fitted(
                    head.label,
                    TextBox(x, y, pitch, 4.2, align="middle", valign="middle", colour="#ffffff", bold=True),
                    8,
                    6,
                    where=where,
                    label="scoring column",
                )
            y += header_h
        items.append(Rect(area.x, y, 4.8, 4.8, style=Style(fill=row.colour), radius=0.8))
        items += ctx.fitted(
            row.letter,
            TextBox(area.x, y, 4.8, 4.8, align="middle", valign="middle", colour="#ffffff", bold=True),
            10,
            7,
            where=where,
            label="scoring letter",
        )
        items += ctx.fitted(
            row.name,
            TextBox(area.x + 6.0, y, area.w - 6.0 - 9.0, line_h, align="start", valign="middle", colour=INK, bold=True),
            7,
            5,
            where=where,
            label="scoring name",
        )
        items += ctx.fitted(
            row.vp,
            TextBox(area.right - 9.0, y, 9.0, line_h, align="end", valign="middle", colour=HIGHLIGHT, bold=True),
            7,
            5,
            where=where,
            label="scoring vp",
        )
        by = y + line_h + 0.6
        if row.boxes is None:
            for i in range(n):
                x = area.x + label_w + i * pitch + (pitch - box) / 2
                items.append(checkbox(x, by, box))
        else:
            pencil.room(
                where, f"the {row.boxes} boxes of {row.letter}", area.w - label_w, row.boxes * (box + 1.6) - 1.6
            )
            for i in range(row.boxes):
                x = area.x + label_w + i * (box + 1.6)
                items.append(checkbox(x, by, box))
        y += row_h + gap
    # the total
    y = max(y, area.bottom - total_h + 1.0)
    items += ctx.fitted(
        spec.total,
        TextBox(area.x, y, area.w - 20.0, total_h - 1.0, align="start", valign="middle", colour=INK, bold=True),
        9,
        6,
        where=where,
        label="scoring total",
    )
    items.append(
        Rect(
            area.right - 18.0,
            y,
            18.0,
            total_h - 1.0,
            style=Style(fill="#ffffff", stroke=INK, width=0.5),
            radius=0.8,
            role="cell",
        )
    )
    return [Group(tuple(items), role="region", name="scoring")]


PAD_NOTE_PT = 6.0
"""The note under a score column's label: the Latin floor (Japanese sets at 7 pt)."""


def _pad_widths(spec: PadSpec, width: float) -> list[float]:
    """The name column, one per score column, the total: 3.2 : 1 : 1.4, but every score column at least as
    wide as its note needs, so a note never shrinks below the floor; the name and total columns give way."""
    weights = [3.2] + [1.0] * len(spec.columns) + [1.4]
    unit = width / sum(weights)
    needed = max((fonts.width_mm(note, readable(note, PAD_NOTE_PT)) + 1.6 for _label, note in spec.columns), default=0)
    column = max(unit, needed)
    rest = width - column * len(spec.columns)
    return [rest * 3.2 / 4.6] + [column] * len(spec.columns) + [rest * 1.4 / 4.6]


def draw_pad(ctx: LayoutContext, spec: PadSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    items, area = _title_bar(ctx, area, spec.title, where)
    note_h = 8.0 if spec.note else 0.0
    gap = 4.0
    block_h = (area.h - note_h - gap * (spec.games - 1)) / spec.games
    label_h = 5.0 if spec.game_label else 0.0
    head_h = 9.0
    row_h = (block_h - label_h - head_h) / spec.rows
    pencil.need(where, "a score pad row", row_h, PENCIL_CELL_MM + 1.0)
    widths = _pad_widths(spec, area.w)
    for game in range(spec.games):
        y = area.y + game * (block_h + gap)
        if spec.game_label:
            items += ctx.fitted(
                f"{spec.game_label} {game + 1}",
                TextBox(area.x, y, 30.0, label_h - 0.8, align="start", valign="middle", colour=INK, bold=True),
                8,
                6,
                where=where,
                label="pad game label",
            )
            items.append(
                Line(
                    area.x + 30.0,
                    y + label_h - 1.2,
                    area.x + min(area.w, 90.0),
                    y + label_h - 1.2,
                    style=Style(stroke=GRID, width=0.25),
                )
            )
        y += label_h
        heads = [(spec.name_label, "")] + list(spec.columns) + [(spec.total, "")]
        x = area.x
        for i, ((label, note), w) in enumerate(zip(heads, widths)):
            items.append(
                Rect(
                    x,
                    y,
                    w,
                    head_h,
                    style=Style(fill=HEADING if i in (0, len(heads) - 1) else "#5a5e7a", stroke="#ffffff", width=0.3),
                )
            )
            if note:
                items += ctx.fitted(
                    label,
                    TextBox(x, y + 0.4, w, 5.0, align="middle", valign="middle", colour="#ffffff", bold=True),
                    11,
                    7,
                    where=where,
                    label="pad column",
                )
                items += ctx.fitted(
                    note,
                    TextBox(x + 0.5, y + 5.2, w - 1.0, 3.4, align="middle", valign="middle", colour="#ffffff"),
                    PAD_NOTE_PT,
                    PAD_NOTE_PT,
                    where=where,
                    label="pad column note",
                )
            else:
                items += ctx.fitted(
                    label,
                    TextBox(x + 1.0, y, w - 2.0, head_h, align="middle", valign="middle", colour="#ffffff", bold=True),
                    9,
                    6,
                    where=where,
                    label="pad column",
                )
            x += w
        y += head_h
        for _r in range(spec.rows):
            x = area.x
            for i, w in enumerate(widths):
                fill = "#f6f4ef" if i == len(widths) - 1 else "#ffffff"
                items.append(Rect(x, y, w, row_h, style=Style(fill=fill, stroke=INK, width=0.3), role="cell"))
                x += w
            y += row_h
    if spec.note:
        items += ctx.fitted(
            spec.note,
            TextBox(area.x, area.bottom - note_h + 1.5, area.w, note_h - 1.5),
            8,
            6,
            where=where,
            label="pad note",
            leading=1.2,
        )
    return [Group(tuple(items), role="region", name="pad")]


def draw_flow(ctx: LayoutContext, spec: FlowSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    """Numbered steps top to bottom, joined by arrows, with a loop back to the first."""
    items, area = _title_bar(ctx, area, spec.title, where)
    loop_h = 7.5 if spec.loop else 0.0
    n = len(spec.steps)
    pitch = (area.h - loop_h) / n
    r = min(2.6, pitch / 2 - 0.6)
    loop_x = area.x + 0.4
    right = area.right
    for i, (label, text) in enumerate(spec.steps):
        cy = area.y + (i + 0.5) * pitch
        cx = area.x + 3.0 + r
        items.append(Circle(cx, cy, r, style=Style(fill=HEADING)))
        items += ctx.fitted(
            label,
            TextBox(cx - r, cy - r, 2 * r, 2 * r, align="middle", valign="middle", colour="#ffffff", bold=True),
            9,
            6,
            where=where,
            label="flow step",
        )
        items += ctx.fitted(
            text,
            TextBox(
                cx + r + 1.5,
                cy - pitch / 2 + 0.3,
                right - cx - r - 1.5,
                pitch - 0.6,
                align="start",
                valign="middle",
                colour=INK,
            ),
            7.5,
            5,
            where=where,
            label="flow text",
            leading=1.15,
        )
        if i + 1 < n:
            items += _arrow(cx, cy + r + 0.3, cx, cy + pitch - r - 0.3, MUTED, 0.3, 0.9)
    if spec.loop and n > 1:
        first = area.y + 0.5 * pitch
        last = area.y + (n - 0.5) * pitch
        bottom = last + pitch / 2 + 1.0
        left = area.x + 3.0
        ops = (("M", left - 0.3, last), ("L", loop_x, last), ("L", loop_x, first))
        items.append(Path(ops, style=Style(stroke=MUTED, width=0.3, dash=(0.8, 0.6))))
        items += _arrow(loop_x, first, left - 0.2, first, MUTED, 0.3, 0.9)
        items += ctx.fitted(
            spec.loop,
            TextBox(area.x, bottom, area.w, area.bottom - bottom, balance=True),
            6.5,
            5,
            where=where,
            label="flow loop",
            leading=1.15,
        )
    return [Group(tuple(items), role="region", name="flow")]


def draw_legend(ctx: LayoutContext, spec: LegendSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    items, area = _title_bar(ctx, area, spec.title, where)
    n = len(spec.entries)
    pitch = area.h / n
    glyph_w = 8.6
    for i, (glyphs, text) in enumerate(spec.entries):
        y = area.y + i * pitch
        items += glyph_line(
            ctx, glyphs, Area(area.x, y + 0.3, glyph_w, min(pitch - 0.6, GLYPH_H + 0.4)), where, "legend symbol"
        )
        items += ctx.fitted(
            text,
            TextBox(
                area.x + glyph_w + 1.0,
                y,
                area.w - glyph_w - 1.0,
                pitch - 0.1,
                align="start",
                valign="middle",
                colour=INK,
                balance=True,
            ),
            6.5,
            5,
            where=where,
            label="legend text",
            leading=1.12,
        )
    return [Group(tuple(items), role="region", name="legend")]


def draw_text(ctx: LayoutContext, spec: TextSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    items, area = _title_bar(ctx, area, spec.title, where)
    items += ctx.fitted(
        spec.text,
        TextBox(area.x, area.y, area.w, area.h, align=spec.align, valign="middle", colour=INK),
        spec.size,
        min(5.0, spec.size),
        where=where,
        label="sheet text",
        leading=1.2,
    )
    return [Group(tuple(items), role="region", name="text")]


def draw_field(ctx: LayoutContext, spec: FieldSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    label_w = min(area.w * 0.4, fonts.width_mm(spec.label, 9) + 2.0)
    items: list[Item] = []
    items += ctx.fitted(
        spec.label,
        TextBox(area.x, area.y, label_w, area.h, align="start", valign="bottom", colour=INK, bold=True),
        9,
        6,
        where=where,
        label="field label",
    )
    items.append(
        Line(area.x + label_w, area.bottom - 0.3, area.right, area.bottom - 0.3, style=Style(stroke=INK, width=0.3))
    )
    return [Group(tuple(items), role="region", name="field")]


def draw_grid(ctx: LayoutContext, spec: GridSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    items, area = _title_bar(ctx, area, spec.title, where)
    pad = 5.0 if spec.numbered else 0.0
    cell = min((area.w - pad) / spec.cols, (area.h - pad) / spec.rows)
    pencil.need(where, "a grid cell", cell, PENCIL_CELL_MM)
    x0 = area.x + pad + (area.w - pad - cell * spec.cols) / 2
    y0 = area.y + pad
    marks = {(r, c): m for r, c, m in spec.marks}
    for r in range(1, spec.rows + 1):
        for c in range(1, spec.cols + 1):
            x, y = x0 + (c - 1) * cell, y0 + (r - 1) * cell
            parts: list[Item] = [
                Rect(x, y, cell, cell, style=Style(fill="#ffffff", stroke=GRID, width=0.25), role="cell")
            ]
            if (r, c) in marks:
                parts.append(mark_icon(marks[(r, c)], x + cell / 2, y + cell / 2, cell * 0.28))
            items.append(Group(tuple(parts), role="grid-cell", name=f"{r}/{c}"))
    items.append(Rect(x0, y0, cell * spec.cols, cell * spec.rows, style=Style(stroke=INK, width=0.45)))
    if spec.numbered:
        for c in range(1, spec.cols + 1):
            items += ctx.fitted(
                str(c),
                TextBox(x0 + (c - 1) * cell, area.y, cell, pad - 0.5, align="middle", valign="bottom", colour=MUTED),
                7,
                5,
                where=where,
                label="grid number",
            )
        for r in range(1, spec.rows + 1):
            items += ctx.fitted(
                str(r),
                TextBox(x0 - pad, y0 + (r - 1) * cell, pad - 0.5, cell, align="end", valign="middle", colour=MUTED),
                7,
                5,
                where=where,
                label="grid number",
            )
    return [Group(tuple(items), role="region", name="grid")]


def draw_checkboxes(ctx: LayoutContext, spec: CheckboxesSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    """A row of boxes; a chain joins them with arrows, to be ticked from the first."""
    items, area = _title_bar(ctx, area, spec.title, where)
    label_w = min(area.w * 0.45, fonts.width_mm(spec.label, 8) + 2.0) if spec.label else 0.0
    if spec.label:
        items += ctx.fitted(
            spec.label,
            TextBox(area.x, area.y, label_w, area.h, align="start", valign="middle", colour=INK, bold=True),
            8,
            5.5,
            where=where,
            label="checkbox label",
        )
    step = spec.box + (3.6 if spec.chain else 1.6)
    side = min(spec.box, (area.w - label_w) / spec.count - (step - spec.box), area.h)
    pencil.need(where, "a checkbox", side, PENCIL_BOX_MM)
    step = side + (step - spec.box)
    y = area.y + (area.h - side) / 2
    for i in range(spec.count):
        x = area.x + label_w + i * step
        items.append(checkbox(x, y, side))
        if spec.chain and i + 1 < spec.count:
            items += _arrow(x + side + 0.4, y + side / 2, x + step - 0.4, y + side / 2, HIGHLIGHT, 0.35, 1.1)
    return [Group(tuple(items), role="region", name="checkboxes")]


DRAW: dict[type, Callable[..., list[Item]]] = {
    LaddersSpec: draw_ladders,
    EffectsSpec: draw_effects,
    CounterSpec: draw_counter,
    ScoringSpec: draw_scoring,
    PadSpec: draw_pad,
    FlowSpec: draw_flow,
    LegendSpec: draw_legend,
    TextSpec: draw_text,
    FieldSpec: draw_field,
    GridSpec: draw_grid,
    CheckboxesSpec: draw_checkboxes,
}


# ---------------------------------------------------------------- inline regions and pages


def inline_spec(region: Any, lang: str) -> Spec:
    """The spec of a region whose content is written out in the YAML."""
    title = region.title.get(lang) if region.title else ""
    match region:
        case LaddersRegion():
            return _inline_ladders(region, title)
        case EffectsRegion():
            return _inline_effects(region, lang, title)
        case GridRegion():
            marks = tuple((m.row, m.col, m.mark) for m in region.marks)
            return GridSpec(region.rows, region.cols, marks, region.numbered, title)
        case CheckboxesRegion():
            label = region.label.get(lang) if region.label else ""
            return CheckboxesSpec(region.count, label, region.chain, region.box, title)
        case CounterRegion():
            note = region.note.get(lang) if region.note else ""
            return CounterSpec(region.count, region.per_row, region.icon, note, title)
        case ScoringRegion():
            rows = tuple(ScoreRowSpec(c.id, c.name.get(lang), f"×{c.vp}", c.boxes) for c in region.categories)
            return ScoringSpec(rows, title=title)
        case PadRegion():
            columns = tuple((c.label, c.note.get(lang) if c.note else "") for c in region.columns)
            return PadSpec("", columns, "", region.rows, region.games, title=title)
        case FlowRegion():
            steps = tuple((s.label, s.text.get(lang)) for s in region.steps)
            return FlowSpec(steps, region.loop.get(lang) if region.loop else "", title)
        case LegendRegion():
            return LegendSpec(tuple(((Glyph(e.icon),), e.text.get(lang)) for e in region.entries), title)
        case TextRegion():
            return TextSpec(region.text.get(lang), region.font_size, region.align, title)
        case FieldRegion():
            return FieldSpec(region.label.get(lang), title)
    raise ValueError(f"no inline drawing for {region.kind!r} regions")


def _inline_ladders(region: LaddersRegion, title: str) -> LaddersSpec:
    ladders = tuple(
        Ladder(
            ladder.label, ladder.colour, tuple(sorted((rung, m) for m, rungs in ladder.marks.items() for rung in rungs))
        )
        for ladder in region.ladders
    )
    assert region.rungs is not None, "the validator requires rungs for inline ladders"
    return LaddersSpec(ladders, region.rungs, numbers=region.numbers, title=title)


def _inline_effects(region: EffectsRegion, lang: str, title: str) -> EffectsSpec:
    def line(effect: EffectLine) -> LineSpec:
        return LineSpec((Glyph("note", effect.text.get(lang)),), effect.condition.get(lang) if effect.condition else "")

    columns = tuple(ColumnHead(c.get(lang), HEADING) for c in region.columns)
    rows = tuple(RowHead(r.get(lang)) for r in region.rows)
    cells = tuple(tuple(CellSpec(tuple(map(line, cell.lines)), cell.gate) for cell in row) for row in region.cells)
    return EffectsSpec(columns, rows, cells, title)


def sheet_area(ctx: LayoutContext) -> Area:
    """The part of the page regions may use: below the title, above the scale bar."""
    top = ctx.margin + 11.0
    bottom = ctx.paper.height - ctx.margin - 12.0
    return Area(ctx.margin, top, ctx.paper.width - 2 * ctx.margin, bottom - top)


def sheet_page(
    ctx: LayoutContext,
    title: str,
    subtitle: str,
    layout: Any,
    where: tuple,
    sourced: SourcedSpecs,
    *,
    code: str,
    footer_note: str = "",
) -> Page:
    """One A4 sheet: the title, every region of `layout` in its area, the scale bar.

    `sourced` holds the specs the game built for its `source:` regions, keyed by
    (kind, source), or functions from the region to its spec; `code` is the
    finding code for cells too small for a pencil or regions too small for their content.
    """
    pencil = Pencil(ctx, code)
    items: list[Item] = page_title(ctx, title, subtitle)
    overflows: list[tuple[tuple, str]] = []
    for region, path, outer in arrange(layout, sheet_area(ctx), where, overflows):
        area = Area(
            outer.x + STROKE_ROOM,
            outer.y + STROKE_ROOM,
            max(0.0, outer.w - 2 * STROKE_ROOM),
            max(0.0, outer.h - 2 * STROKE_ROOM),
        )
        if min(area.w, area.h) < MIN_REGION:
            pencil.room(path, f"this {region.kind} region", min(area.w, area.h), MIN_REGION)
            continue
        source = getattr(region, "source", None)
        if source is None:
            spec = inline_spec(region, ctx.lang)
        else:
            found = sourced[(region.kind, source)]
            spec = found(region) if callable(found) else found
        items += DRAW[type(spec)](ctx, spec, area, path, pencil)
    for path, message in overflows:
        ctx.problems.append(
            TextProblem(code, path, message, "use shares (size: 1) instead of fixed lengths, or smaller ones")
        )
    bar_y = ctx.paper.height - ctx.margin - 6.0
    items += scale_bar(ctx.margin + 1.0, bar_y, ctx.lang)  # its "0" is centred on the bar's start
    if footer_note:
        items += ctx.fitted(
            footer_note,
            TextBox(
                ctx.margin + 80.0,
                bar_y - 1.0,
                ctx.paper.width - 2 * ctx.margin - 80.0,
                7.0,
                align="end",
                valign="bottom",
                colour=MUTED,
            ),
            7,
            5.5,
            where=where,
            label="sheet footer",
        )
    return Page(ctx.paper.width, ctx.paper.height, tuple(items), title)


__all__ = [
    "Area",
    "CellSpec",
    "CheckboxesSpec",
    "ColumnHead",
    "CounterSpec",
    "EffectsSpec",
    "FieldSpec",
    "FlowSpec",
    "Glyph",
    "GridSpec",
    "Ladder",
    "LaddersSpec",
    "LegendSpec",
    "LineSpec",
    "PadSpec",
    "RowHead",
    "ScoreRowSpec",
    "ScoringSpec",
    "SourcedSpecs",
    "Spec",
    "TextSpec",
    "arrange",
    "checkbox",
    "column_spans",
    "inline_spec",
    "mark_icon",
    "sheet_area",
    "sheet_page",
    "split",
]
