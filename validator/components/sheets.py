"""Player sheets: a page of regions a player fills in with a pencil.

A sheet is a tree of regions placed by rows and columns. Each region takes a
share of its parent (`size: 2`) or a fixed length (`size: 9mm`), so nobody
sets coordinates by hand. Leaf regions are the parts of a roll-and-write sheet:

- `ladders`: columns of rungs numbered from the bottom up, with marks printed in cells;
- `grid`: rows × columns of cells with marks;
- `effects`: a table of effects in columns (lined up under the ladders), with
  shaded conditional lines and gates: a cell that works only once its checkbox
  is ticked, optionally chained by arrows (ticked from the top);
- `checkboxes`: a row of boxes, optionally a chain with arrows;
- `counter`: circles to tick off;
- `scoring`: lettered scoring boxes and a total;
- `pad`: a score pad, one row per player and one column per category;
- `flow`: numbered steps joined by arrows (a round's phases);
- `legend`, `text`, `field` (a write-in line with a label).

A region either carries its content inline or names a `source`: a list the
game's rule model turns into that region (Unlock Tower fills its ladders
from its towers), so the sheet's layout lives in YAML and its content in the
rule model, checked there.

>>> Size.model_validate(parse_size("9mm"))
Size(share=None, mm=9.0)
>>> Size.model_validate(parse_size(2))
Size(share=2.0, mm=None)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BeforeValidator, Field, StringConstraints, model_validator

from ..checks import check_unique_ids
from ..types import Colour, Count, Ident, LocalText, StrictModel, parse_length

if TYPE_CHECKING:
    from ..checks import CheckContext

PENCIL_CELL_MM = 5.0
"""The smallest cell a pencil mark fits in."""
PENCIL_BOX_MM = 3.5
"""The smallest checkbox a tick fits in."""

MarkIcon = Literal["open-padlock", "coin", "star", "dot"]
Gate = Literal["none", "box", "chain"]
"""none: the cell always works; box: only once its checkbox is ticked (a padlock marks it);
chain: a box joined by an arrow to the gate above it, so the gates open from the top."""


def parse_size(value: Any) -> Any:
    """`2` (a share of the parent, relative to the siblings) or `"9mm"` (fixed)."""
    if isinstance(value, bool):
        raise ValueError("a size is a share such as 2, or a length such as '9mm'")
    if isinstance(value, (int, float)):
        if value <= 0:
            raise ValueError(f"a share must be more than 0, not {value}")
        return {"share": float(value)}
    if isinstance(value, str):
        return {"mm": parse_length(value)}
    return value


class Size(StrictModel):
    share: float | None = None
    mm: float | None = None

    @model_validator(mode="after")
    def _one(self) -> Size:
        if (self.share is None) == (self.mm is None):
            raise ValueError("a size is either a share or a length")
        return self


SizeField = Annotated[
    Size,
    BeforeValidator(parse_size),
    Field(default_factory=lambda: Size(share=1.0), description="A share of the parent (2) or a fixed length ('9mm')."),
]
Gap = Annotated[float, BeforeValidator(parse_length), Field(ge=0, description="Space between the items, e.g. '3mm'.")]
BoxLength = Annotated[
    float,
    BeforeValidator(parse_length),
    Field(ge=PENCIL_BOX_MM, description=f"A checkbox side, at least {PENCIL_BOX_MM} mm so a tick fits."),
]
Letter = Annotated[
    str, StringConstraints(pattern=r"^[A-Z]$"), Field(description="One capital letter, as printed on the sheet.")
]


class RegionBase(StrictModel):
    size: SizeField
    title: LocalText | None = None


class Sourced(RegionBase):
    """A region whose content may come from a list in the game's rule model."""

    source: Ident | None = Field(None, description="A list in the game model that fills this region.")

    def inline(self) -> bool:
        """True when the region carries its own content."""
        return False

    @model_validator(mode="after")
    def _source_or_inline(self) -> Sourced:
        if self.source is not None and self.inline():
            raise ValueError(f"give this {self.kind} region either `source:` or its own content, not both")  # type: ignore[attr-defined]
        if self.source is None and not self.inline():
            raise ValueError(f"this {self.kind} region needs `source:` or its own content")  # type: ignore[attr-defined]
        return self


# ---------------------------------------------------------------- leaves


class SheetLadder(StrictModel):
    """One inline ladder: a label, a colour and marks by rung (`{coin: [3, 8]}`)."""

    label: str
    colour: Colour = "#555555"
    marks: dict[MarkIcon, list[int]] = Field(default_factory=dict)


class LaddersRegion(Sourced):
    kind: Literal["ladders"]
    rungs: Count | None = Field(None, description="Rungs per ladder; sourced ladders take it from the model.")
    ladders: list[SheetLadder] = Field(default_factory=list)
    numbers: Literal["left", "right", "both"] = Field("both", description="Which sides print the rung numbers.")

    def inline(self) -> bool:
        return bool(self.ladders)

    @model_validator(mode="after")
    def _rungs(self) -> LaddersRegion:
        if self.ladders and self.rungs is None:
            raise ValueError("inline ladders need `rungs:`")
        for ladder in self.ladders:
            for mark, rungs in ladder.marks.items():
                bad = [r for r in rungs if not 1 <= r <= (self.rungs or 0)]
                if bad:
                    raise ValueError(f"ladder {ladder.label!r}: {mark} mark on rung {bad[0]}, outside 1–{self.rungs}")
        return self


class GridMark(StrictModel):
    row: Count
    col: Count
    mark: MarkIcon


class GridRegion(RegionBase):
    kind: Literal["grid"]
    rows: Count
    cols: Count
    marks: list[GridMark] = Field(default_factory=list)
    numbered: bool = Field(False, description="Print row and column numbers beside the grid.")

    @model_validator(mode="after")
    def _marks_inside(self) -> GridRegion:
        for mark in self.marks:
            if mark.row > self.rows or mark.col > self.cols:
                raise ValueError(
                    f"mark at row {mark.row}, column {mark.col} is outside the {self.rows} × {self.cols} grid"
                )
        return self


class EffectLine(StrictModel):
    text: LocalText
    condition: LocalText | None = Field(
        None, description="Printed on a shaded band: the line works only when this holds."
    )


class EffectCell(StrictModel):
    lines: list[EffectLine] = Field(default_factory=list)
    gate: Gate = Field(
        "none", description="box: the cell works once its checkbox is ticked; chain: gates open from the top."
    )


class EffectsRegion(Sourced):
    kind: Literal["effects"]
    columns: list[LocalText] = Field(default_factory=list)
    rows: list[LocalText] = Field(default_factory=list)
    cells: list[list[EffectCell]] = Field(default_factory=list, description="One list per row, one cell per column.")

    def inline(self) -> bool:
        return bool(self.cells)

    @model_validator(mode="after")
    def _shape(self) -> EffectsRegion:
        if self.cells:
            if len(self.cells) != len(self.rows):
                raise ValueError(f"{len(self.cells)} rows of cells for {len(self.rows)} row labels")
            for r, row in enumerate(self.cells):
                if len(row) != len(self.columns):
                    raise ValueError(f"row {r + 1} has {len(row)} cells for {len(self.columns)} columns")
        return self


class CheckboxesRegion(RegionBase):
    kind: Literal["checkboxes"]
    count: Count
    label: LocalText | None = None
    chain: bool = Field(False, description="Arrows join the boxes: tick them in order, from the first.")
    box: BoxLength = 4.0


class CounterRegion(RegionBase):
    kind: Literal["counter"]
    count: Count
    per_row: Count | None = None
    icon: Literal["circle", "coin"] = "circle"
    note: LocalText | None = None


class ScoreCategory(StrictModel):
    id: Letter
    name: LocalText
    boxes: Count
    vp: Count = 1


class ScoringRegion(Sourced):
    kind: Literal["scoring"]
    categories: list[ScoreCategory] = Field(default_factory=list)

    def inline(self) -> bool:
        return bool(self.categories)


class PadColumn(StrictModel):
    label: str
    note: LocalText | None = None


class PadRegion(Sourced):
    kind: Literal["pad"]
    columns: list[PadColumn] = Field(default_factory=list)
    rows: Count = Field(description="Rows per game: one per player.")
    games: Count = 1

    def inline(self) -> bool:
        return bool(self.columns)


class FlowStep(StrictModel):
    label: str
    text: LocalText


class FlowRegion(Sourced):
    kind: Literal["flow"]
    steps: list[FlowStep] = Field(default_factory=list)
    loop: LocalText | None = Field(None, description="Printed on the arrow back to the first step.")

    def inline(self) -> bool:
        return bool(self.steps)


class LegendEntry(StrictModel):
    icon: MarkIcon
    text: LocalText


class LegendRegion(Sourced):
    kind: Literal["legend"]
    entries: list[LegendEntry] = Field(default_factory=list)

    def inline(self) -> bool:
        return bool(self.entries)


class TextRegion(RegionBase):
    kind: Literal["text"]
    text: LocalText
    font_size: float = Field(8.0, ge=5.0, le=36.0, description="Preferred size in points; shrinks to fit.")
    align: Literal["start", "middle", "end"] = "start"


class FieldRegion(RegionBase):
    kind: Literal["field"]
    label: LocalText


# ---------------------------------------------------------------- containers


class RowRegion(RegionBase):
    """Items side by side, left to right."""

    kind: Literal["row"]
    gap: Gap = 3.0
    items: list[Region] = Field(min_length=1)


class ColumnRegion(RegionBase):
    """Items stacked, top to bottom."""

    kind: Literal["column"]
    gap: Gap = 3.0
    items: list[Region] = Field(min_length=1)


Region = Annotated[
    RowRegion
    | ColumnRegion
    | LaddersRegion
    | GridRegion
    | EffectsRegion
    | CheckboxesRegion
    | CounterRegion
    | ScoringRegion
    | PadRegion
    | FlowRegion
    | LegendRegion
    | TextRegion
    | FieldRegion,
    Field(discriminator="kind"),
]
RowRegion.model_rebuild()
ColumnRegion.model_rebuild()

CONTAINERS = (RowRegion, ColumnRegion)


class Sheet(StrictModel):
    """One printed sheet: its name, how many to print, and its layout."""

    id: Ident
    name: LocalText
    copies: LocalText | None = Field(None, description="How many to print, e.g. 'one per player per game'.")
    layout: Region


def regions(node: Any, path: tuple) -> Iterator[tuple[Any, tuple]]:
    """Every region of a layout tree with its YAML path, containers first."""
    yield node, path
    if isinstance(node, CONTAINERS):
        for i, item in enumerate(node.items):
            yield from regions(item, path + ("items", i))


def check_sheets(ctx: CheckContext, sheets: list[Sheet], sources: dict[str, set[str]]) -> None:
    """Ids are unique and every `source:` names a list the game can turn into that kind of region.

    `sources` maps a region kind to the source names the game provides for it.
    """
    check_unique_ids(ctx, sheets, ("sheets",), "sheet")
    for s, sheet in enumerate(sheets):
        for region, path in regions(sheet.layout, ("sheets", s, "layout")):
            source = getattr(region, "source", None)
            if source is None:
                continue
            known = sources.get(region.kind, set())
            if source not in known:
                hint = (
                    f"use one of {', '.join(sorted(known))}"
                    if known
                    else f"this game fills no {region.kind} region from its model; give the content inline"
                )
                ctx.add("PK305", path + ("source",), f"no {region.kind} source named {source!r}", hint)
