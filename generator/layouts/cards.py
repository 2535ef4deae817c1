"""Card sheets: n-up imposition of faces, cut guides, and backs laid out for duplex."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..i18n import t
from ..scene import Group, Item, Line, Page, Path, Rect, Style, Text
from ..units import HARD_MARGIN, Paper
from .common import INK, MUTED, LayoutContext, scale_bar

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
    cols: int
    rows: int
    card_w: float
    card_h: float
    x0: float
    y0: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def slot(self, index: int, mirror_cols: bool = False, mirror_rows: bool = False) -> tuple[float, float]:
        row, col = divmod(index, self.cols)
        if mirror_cols:
            col = self.cols - 1 - col
        if mirror_rows:
            row = self.rows - 1 - row
        return self.x0 + col * self.card_w, self.y0 + row * self.card_h


def grid_for(paper: Paper, width: float, height: float, margin: float = HARD_MARGIN + 0.5) -> Grid:
    """As many cards as fit inside the hard margin, centred; cards turn sideways when more fit."""
    usable_w, usable_h = paper.width - 2 * margin, paper.height - 2 * margin
    upright = (math.floor(usable_w / width), math.floor(usable_h / height), width, height)
    turned = (math.floor(usable_w / height), math.floor(usable_h / width), height, width)
    cols, rows, w, h = max(upright, turned, key=lambda g: (g[0] * g[1], g is upright))
    if cols < 1 or rows < 1:
        raise ValueError(f"a {width} × {height} mm card does not fit on {paper.name}")
    return Grid(cols, rows, w, h, (paper.width - cols * w) / 2, (paper.height - rows * h) / 2)


def cut_guides(paper: Paper, grid: Grid) -> list[Item]:
    """Short lines on every cut edge, running from the grid out into the page margin."""
    items: list[Item] = []
    gap = 1.0
    top, bottom = grid.y0, grid.y0 + grid.rows * grid.card_h
    left, right = grid.x0, grid.x0 + grid.cols * grid.card_w
    for c in range(grid.cols + 1):
        x = left + c * grid.card_w
        items.append(Line(x, HARD_MARGIN, x, top - gap, GUIDE, role="cut-guide"))
        items.append(Line(x, bottom + gap, x, paper.height - HARD_MARGIN, GUIDE, role="cut-guide"))
    for r in range(grid.rows + 1):
        y = top + r * grid.card_h
        items.append(Line(HARD_MARGIN, y, left - gap, y, GUIDE, role="cut-guide"))
        items.append(Line(right + gap, y, paper.width - HARD_MARGIN, y, GUIDE, role="cut-guide"))
    return items


def card_sheets(
    ctx: LayoutContext,
    title: str,
    fronts: list[CardFace],
    back: CardFace,
    width: float,
    height: float,
) -> list[Page]:
    """Fronts and backs, page by page, with backs mirrored for long-edge duplex."""
    grid = grid_for(ctx.paper, width, height)
    turned = grid.card_w != width
    pages: list[Page] = []
    sheets = max(1, math.ceil(len(fronts) / grid.per_page))
    for sheet in range(sheets):
        chunk = fronts[sheet * grid.per_page : (sheet + 1) * grid.per_page]
        label = f"{title} — {t('fronts', ctx.lang)} {sheet + 1}/{sheets}"
        front_items: list[Item] = []
        back_items: list[Item] = []
        for index, face in enumerate(chunk):
            x, y = grid.slot(index)
            front_items.append(_placed(face, x, y, width, height, turned, "card-front"))
            bx, by = grid.slot(index, mirror_cols=True)
            back_items.append(_placed(back, bx, by, width, height, turned, "card-back", name=face.name))
        furniture = cut_guides(ctx.paper, grid)
        pages.append(Page(ctx.paper.width, ctx.paper.height, tuple(furniture + front_items + _margin_notes(ctx, grid, label)), label))
        back_label = f"{title} — {t('backs', ctx.lang)} {sheet + 1}/{sheets}"
        pages.append(Page(ctx.paper.width, ctx.paper.height, tuple(furniture + back_items + _margin_notes(ctx, grid, back_label)), back_label))
    return pages


def _placed(face: CardFace, x: float, y: float, w: float, h: float, turned: bool, role: str, name: str = "") -> Group:
    clip = Rect(0, 0, w, h)
    if turned:
        return Group(face.items, dx=x + h, dy=y, rotate=90, clip=clip, role=role, name=name or face.name)
    return Group(face.items, dx=x, dy=y, clip=clip, role=role, name=name or face.name)


def _margin_notes(ctx: LayoutContext, grid: Grid, label: str) -> list[Item]:
    """Sheet label at the top, scale bar at the bottom, both between the cut guides."""
    top_y = (HARD_MARGIN + grid.y0) / 2 + 1.2
    bottom = grid.y0 + grid.rows * grid.card_h
    items: list[Item] = [Text(grid.x0 + 2.0, top_y, label, 7, MUTED)]
    if grid.y0 - HARD_MARGIN >= 9.0:
        items += scale_bar(grid.x0 + 2.0, bottom + 3.5, ctx.lang, length=40.0 if grid.card_w < 75 else 50.0)[:-1]
        items.append(Text(grid.x0 + grid.cols * grid.card_w - 2.0, top_y, t("print_note", ctx.lang), 6, MUTED, "end", role="print-note"))
    return items


def hex_pattern(w: float, h: float, colour: str, size: float = 6.0) -> list[Item]:
    """A light honeycomb for card backs."""
    ops: list[tuple] = []
    dx = size * math.sqrt(3)
    row = 0
    y = -size
    while y < h + size:
        offset = (dx / 2) if row % 2 else 0.0
        x = -dx + offset
        while x < w + dx:
            corners = [(x + size * math.cos(math.radians(a)), y + size * math.sin(math.radians(a))) for a in range(30, 390, 60)]
            ops.append(("M", *corners[0]))
            ops.extend(("L", *p) for p in corners[1:])
            ops.append(("Z",))
            x += dx
        y += size * 1.5
        row += 1
    return [Path(tuple(ops), Style(stroke=colour, width=0.25, opacity=0.35))]


def diamond_pattern(w: float, h: float, colour: str, step: float = 8.0) -> list[Item]:
    ops: list[tuple] = []
    k = -h
    while k < w + h:
        ops += [("M", k, 0.0), ("L", k + h, h), ("M", k + h, 0.0), ("L", k, h)]
        k += step
    return [Path(tuple(ops), Style(stroke=colour, width=0.3, opacity=0.3))]


def back_face(name: str, title: str, kit_title: str, colour: str, pattern: str, w: float, h: float) -> CardFace:
    """A deck back: the same for every card, symmetric so upside-down cards give nothing away."""
    items: list[Item] = [Rect(0, 0, w, h, Style(fill=colour))]
    if pattern == "hex":
        items += hex_pattern(w, h, "#ffffff")
    elif pattern == "diamonds":
        items += diamond_pattern(w, h, "#ffffff")
    items.append(Rect(4, 4, w - 8, h - 8, Style(stroke="#ffffff", width=0.6), radius=3))
    items.append(Rect(w / 2 - 24, h / 2 - 9, 48, 18, Style(fill=colour, stroke="#ffffff", width=0.4), radius=2))
    items.append(Text(w / 2, h / 2 + 1.5, title, 13, "#ffffff", "middle", bold=True))
    items.append(Text(w / 2, h / 2 + 6.5, kit_title, 6.5, "#ffffff", "middle"))
    return CardFace(name, tuple(items), colour)


__all__ = ["CardFace", "Grid", "back_face", "card_sheets", "cut_guides", "grid_for", "INK"]
