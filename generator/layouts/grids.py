"""Square grids: cells of one size, lettered along the top and numbered down the side, tiled when too large."""

from __future__ import annotations

import string
from dataclasses import dataclass

from ..colour import INK, WHITE
from ..scene import Circle, Group, Item, Page, Rect, Style, Text
from ..typeset.text import TextBox
from .celltiles import cell_tile_pages, overview
from .collisions import MINIATURE
from .context import LayoutContext, legible_miniature, page_title, scale_bar
from .hexboard import CellMarks, TerrainStyle
from .places import disc_items, place_items
from .tiling import HEADER, assembly_diagram, spans, tile_pages

COORDINATE_ROOM = 6.0
"""The band outside the grid that holds its letters and numbers."""
PLAIN = TerrainStyle("", "", "#f4f1ea", "none", INK)


@dataclass(frozen=True)
class GridSpec:
    columns: int
    rows: int
    cell: float
    terrains: tuple[tuple[str | None, ...], ...]
    """Each row's terrain ids, left to right (None: plain)."""
    coordinates: bool
    frame: float = 0.0
    """A band this wide around the cells (its colour `frame_colour`), inside the coordinates."""
    frame_colour: str = PLAIN.colour

    def origin(self) -> float:
        """Where the first cell starts, from the grid's top-left: the coordinates' band and the frame."""
        return (COORDINATE_ROOM if self.coordinates else 0.0) + self.frame


def column_name(index: int) -> str:
    """a, b, … z, aa, ab, …: the letters over column `index` (from 0)."""
    letters = string.ascii_lowercase
    return letters[index] if index < 26 else letters[index // 26 - 1] + letters[index % 26]


def grid_items(
    ctx: LayoutContext, spec: GridSpec, styles: dict[str, TerrainStyle], marks: CellMarks
) -> tuple[list[Item], float, float]:
    """The grid from its top-left corner (its coordinates outside it); returns the items, width and height."""
    pad = spec.origin()
    size = spec.cell
    items: list[Item] = []
    if spec.frame:
        edge = pad - spec.frame
        w, h = spec.columns * size + 2 * spec.frame, spec.rows * size + 2 * spec.frame
        items.append(Rect(edge, edge, w, h, style=Style(fill=spec.frame_colour, stroke=INK, width=0.3), role="frame"))
    for row in range(spec.rows):
        for col in range(spec.columns):
            terrain = spec.terrains[row][col]
            style = styles.get(terrain, PLAIN) if terrain else PLAIN
            x, y = pad + col * size, pad + row * size
            stroke = WHITE if style.blocked else INK
            parts: list[Item] = [Rect(x, y, size, size, style=Style(fill=style.colour, stroke=stroke, width=0.4))]
            at = (col + 1, row + 1)
            if at in marks.starts:
                ring = Style(stroke=marks.starts[at], width=1.2, dash=(1.6, 0.9))
                parts.append(Circle(x + size / 2, y + size / 2, size * 0.38, style=ring, role="start"))
            disc = marks.discs.get(at)
            if disc is not None:
                parts += disc_items(ctx, disc, (x + size / 2, y + size / 2), size, marks.disc_colour)
            if at in marks.labels:
                label, where = marks.labels[at]
                top, tall = (y + size * 0.3, size * 0.4) if disc is None else (y + size * 0.78, size * 0.2)
                box = TextBox(x + 1.0, top, size - 2.0, tall, align="middle", valign="middle")
                parts += ctx.fitted(label, box, 8.0, 6.0, where=where, label="cell label")
            items.append(Group(tuple(parts), role="cell", name=f"{column_name(col)}{row + 1}"))
    items += place_items(ctx, "grid", size, pad, pad, marks.places)
    if spec.coordinates:
        for col in range(spec.columns):
            items.append(
                Text(pad + (col + 0.5) * size, pad - spec.frame - 1.8, column_name(col), 7, colour=INK, anchor="middle")
            )
        for row in range(spec.rows):
            y = pad + (row + 0.5) * size + 1.2
            items.append(Text(pad - spec.frame - 1.5, y, str(row + 1), 7, colour=INK, anchor="end"))
    return items, 2 * pad + spec.columns * size, 2 * pad + spec.rows * size


def grid_pages(
    ctx: LayoutContext,
    title: str,
    subtitle: str,
    spec: GridSpec,
    styles: dict[str, TerrainStyle],
    marks: CellMarks,
    legend: list[Item],
    legend_h: float,
) -> list[Page]:
    """The grid on one sheet when it fits at its size, else tiled across sheets after an overview sheet."""
    art, width, height = grid_items(ctx, spec, styles, marks)
    margin = ctx.margin
    top = margin + 12.0
    room_w = ctx.paper.width - 2 * margin
    room_h = ctx.paper.height - top - margin - legend_h - 12.0
    footer = scale_bar(margin, ctx.paper.height - margin - 6.0, ctx.lang)
    footer.append(
        Text(
            ctx.paper.width - margin,
            ctx.paper.height - margin - 1.0,
            f"{spec.cell:g} mm",
            7,
            colour=INK,
            anchor="end",
        )
    )
    if width <= room_w + 1e-6 and height <= room_h + 1e-6:
        left = (ctx.paper.width - width) / 2
        items: list[Item] = page_title(ctx, title, subtitle)
        items.append(Group(tuple(art), dx=left, dy=top, role="grid"))
        items += [Group(tuple(legend), dx=0.0, dy=top + height + 4.0)] if legend else []
        items += footer
        return [Page(ctx.paper.width, ctx.paper.height, tuple(items), title)]
    tiled = cell_tile_pages(ctx, title, art)
    if tiled is None:  # a cell larger than a sheet: cut straight on the grid lines, the only way
        return [
            _overview(ctx, title, subtitle, spec, art, (width, height), legend, footer),
            *_cut_straight(ctx, title, spec, art, (width, height)),
        ]
    items, y = overview(ctx, title, subtitle, art, (width, height), tiled)
    items += [Group(tuple(legend), dx=0.0, dy=y + 2.0)] if legend else []
    items += footer
    return [Page(ctx.paper.width, ctx.paper.height, tuple(items), title), *tiled.pages]


def _cut_straight(
    ctx: LayoutContext, title: str, spec: GridSpec, art: list[Item], size: tuple[float, float]
) -> list[Page]:
    seams_x = [spec.origin() + c * spec.cell for c in range(1, spec.columns)]
    seams_y = [spec.origin() + r * spec.cell for r in range(1, spec.rows)]
    return tile_pages(ctx, title, tuple(art), size[0], size[1], seams_x, seams_y)


def _overview(
    ctx: LayoutContext,
    title: str,
    subtitle: str,
    spec: GridSpec,
    art: list[Item],
    size: tuple[float, float],
    legend: list[Item],
    footer: list[Item],
) -> Page:
    """The straight-cut grid's first sheet: the grid in miniature, the sheets' grid and the legend."""
    margin = ctx.margin
    width, height = size
    room_w = ctx.paper.width - 2 * margin
    seams_x = [spec.origin() + c * spec.cell for c in range(1, spec.columns)]
    seams_y = [spec.origin() + r * spec.cell for r in range(1, spec.rows)]
    cols = len(spans(width, room_w, seams_x))
    rows = len(spans(height, ctx.paper.height - 2 * margin - HEADER, seams_y))
    scale = min((room_w - 50.0) / width, ctx.paper.height * 0.5 / height)
    top = margin + 12.0
    items = page_title(ctx, title, subtitle)
    items.append(
        Group(legible_miniature(art, scale), dx=margin, dy=top, scale=scale, role="grid-preview", name=MINIATURE)
    )
    items += assembly_diagram(ctx.paper.width - margin - 40.0, top, 40.0, 40.0, cols, rows, None)
    items += [Group(tuple(legend), dx=0.0, dy=top + height * scale + 6.0)] if legend else []
    items += footer
    return Page(ctx.paper.width, ctx.paper.height, tuple(items), title)
