"""A sheet page: every region of a layout drawn from its spec, inline (written out in the YAML) or
built by the game from its rule model (`source:`), under the title and above the scale bar.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnpkit.validator.components.sheets import (
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
    TextRegion,
)

from ...scene import Item, Page
from ...typeset.text import TextBox
from ..context import MUTED, LayoutContext, TextProblem, page_title, scale_bar
from .base import HEADING, MIN_REGION, STROKE_ROOM, Area, ColumnHead, Pencil
from .checkboxes import CheckboxesSpec, draw_checkboxes
from .containers import arrange
from .counter import CounterSpec, draw_counter
from .effects import CellSpec, EffectsSpec, LineSpec, RowHead, draw_effects
from .field import FieldSpec, draw_field
from .flow import FlowSpec, draw_flow
from .glyphs import Glyph
from .grid import GridSpec, draw_grid
from .ladders import Ladder, LaddersSpec, draw_ladders
from .legend import LegendSpec, draw_legend
from .pad import PadSpec, draw_pad
from .scoring import ScoreRowSpec, ScoringSpec, draw_scoring
from .text import TextSpec, draw_text

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
