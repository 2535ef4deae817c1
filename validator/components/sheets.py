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
from pydantic_core import PydanticCustomError

from ..checks import check_unique_ids
from ..types import (
    LENGTH_PATTERN,
    POSITIVE_LENGTH_PATTERN,
    Colour,
    Count,
    Ident,
    LocalText,
    StrictModel,
    parse_length,
    written_as,
)

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
    """A share of the parent, relative to the siblings: 2 is twice 1."""
    mm: float | None = None
    """A fixed length in millimetres."""

    @model_validator(mode="after")
    def _one(self) -> Size:
        if (self.share is None) == (self.mm is None):
            raise ValueError("a size is either a share or a length")
        return self


Share = Annotated[float, Field(gt=0, description="A share of the parent, relative to the siblings: 2 is twice 1.")]
FixedSize = Annotated[str, written_as(POSITIVE_LENGTH_PATTERN, "9mm", description="A fixed length, e.g. '9mm'.")]

SizeField = Annotated[
    Size,
    BeforeValidator(parse_size, json_schema_input_type=Share | FixedSize | Size),
    Field(default_factory=lambda: Size(share=1.0), description="A share of the parent (2) or a fixed length ('9mm')."),
]
Gap = Annotated[
    float,
    BeforeValidator(parse_length),
    Field(ge=0, description="Space between the items, e.g. '3mm'."),
    written_as(LENGTH_PATTERN, "3mm"),
]
BoxLength = Annotated[
    float,
    BeforeValidator(parse_length),
    Field(ge=PENCIL_BOX_MM, description=f"A checkbox side, at least {PENCIL_BOX_MM:g}mm so a tick fits, e.g. '4mm'."),
    written_as(POSITIVE_LENGTH_PATTERN, "4mm"),
]
Letter = Annotated[
    str, StringConstraints(pattern=r"^[A-Z]$"), Field(description="One capital letter, as printed on the sheet.")
]


class RegionBase(StrictModel):
    size: SizeField
    """How much of its parent the region takes: a share (2, relative to its siblings) or a fixed length ('9mm'). 1 when
    not given."""
    title: LocalText | None = None
    """A heading printed above the region."""


class Sourced(RegionBase):
    """A region whose content may come from a list in the game's rule model."""

    source: Ident | None = None
    """A list in the game's rule model that fills this region, instead of writing its content here."""

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
    """The ladder's label, printed above it."""
    colour: Colour = "#555555"
    """The ladder's colour."""
    marks: dict[MarkIcon, list[int]] = Field(default_factory=dict)
    """Marks printed in cells, by icon: the rungs that carry it, e.g. {coin: [3, 8]}."""


class LaddersRegion(Sourced):
    kind: Literal["ladders"]
    """ladders: columns of rungs numbered from the bottom up."""
    rungs: Count | None = Field(None, description="Rungs per ladder; sourced ladders take it from the model.")
    ladders: list[SheetLadder] = Field(default_factory=list)
    """The ladders, written out: a label, a colour and marks each."""
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
    """The row of the marked cell, from 1 at the top."""
    col: Count
    """The column of the marked cell, from 1 at the left."""
    mark: MarkIcon
    """The icon printed in the cell."""


MAX_GRID_CELLS = 2500
"""The most cells one grid may print: 50 × 50, already 4 mm cells on a whole A4 page."""
MAX_PAD_ROWS = 200
"""The most rows (rows × games) one score pad may print."""


def _over(what: str, count: int, limit: int) -> PydanticCustomError:
    return PydanticCustomError("pk362", f"{what} {count:,}; pnpkit prints at most {limit:,}")


class GridRegion(RegionBase):
    kind: Literal["grid"]
    """grid: rows × columns of cells to fill in."""
    rows: Count
    """How many rows of cells."""
    cols: Count
    """How many columns of cells."""
    marks: list[GridMark] = Field(default_factory=list)
    """Icons printed in some cells: {row, col, mark} each."""
    numbered: bool = Field(False, description="Print row and column numbers beside the grid.")

    @model_validator(mode="after")
    def _bounded(self) -> GridRegion:
        if self.rows * self.cols > MAX_GRID_CELLS:
            raise _over(f"a grid of {self.rows} × {self.cols} cells is", self.rows * self.cols, MAX_GRID_CELLS)
        return self

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
    """The line's text."""
    condition: LocalText | None = Field(
        None, description="Printed on a shaded band: the line works only when this holds."
    )


class EffectCell(StrictModel):
    lines: list[EffectLine] = Field(default_factory=list)
    """The cell's lines of text, top to bottom."""
    gate: Gate = Field(
        "none", description="box: the cell works once its checkbox is ticked; chain: gates open from the top."
    )


class EffectsRegion(Sourced):
    kind: Literal["effects"]
    """effects: a table of effects, one column per ladder, with conditional lines and gates."""
    columns: list[LocalText] = Field(default_factory=list)
    """The column headings."""
    rows: list[LocalText] = Field(default_factory=list)
    """The row labels."""
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
    """checkboxes: a row of boxes to tick."""
    count: Count
    """How many boxes."""
    label: LocalText | None = None
    """Text printed before the boxes."""
    chain: bool = Field(False, description="Arrows join the boxes: tick them in order, from the first.")
    box: BoxLength = 4.0
    """The side of one box, at least 3.5mm so a tick fits, e.g. '4mm'."""


class CounterRegion(RegionBase):
    kind: Literal["counter"]
    """counter: circles to tick off."""
    count: Count
    """How many circles."""
    per_row: Count | None = None
    """Circles per row; all in one row when not given."""
    icon: Literal["circle", "coin"] = "circle"
    """circle, or coin: the shape of each one."""
    note: LocalText | None = None
    """Text printed beside the circles."""


class ScoreCategory(StrictModel):
    id: Letter
    """The category's letter, printed on its box: one capital letter."""
    name: LocalText
    """The category's name."""
    boxes: Count
    """How many boxes the category has."""
    vp: Count = 1
    """Victory points each box is worth."""


class ScoringRegion(Sourced):
    kind: Literal["scoring"]
    """scoring: lettered scoring boxes and a total."""
    categories: list[ScoreCategory] = Field(default_factory=list)
    """The scoring categories, written out."""

    def inline(self) -> bool:
        return bool(self.categories)


class PadColumn(StrictModel):
    label: str
    """The column's heading."""
    note: LocalText | None = None
    """A small note under the heading."""


class PadRegion(Sourced):
    kind: Literal["pad"]
    """pad: a score pad, a row per player and a column per category."""
    columns: list[PadColumn] = Field(default_factory=list)
    """The score categories, one column each."""
    rows: Count = Field(description="Rows per game: one per player.")
    games: Count = 1
    """How many games the pad has room for."""

    @model_validator(mode="after")
    def _bounded(self) -> PadRegion:
        if self.rows * self.games > MAX_PAD_ROWS:
            raise _over(f"{self.rows} rows for each of {self.games} games are", self.rows * self.games, MAX_PAD_ROWS)
        return self

    def inline(self) -> bool:
        return bool(self.columns)


class FlowStep(StrictModel):
    label: str
    """The step's short label, e.g. a number."""
    text: LocalText
    """What happens in the step."""


class FlowRegion(Sourced):
    kind: Literal["flow"]
    """flow: numbered steps joined by arrows, such as a round's phases."""
    steps: list[FlowStep] = Field(default_factory=list)
    """The steps, in order."""
    loop: LocalText | None = Field(None, description="Printed on the arrow back to the first step.")

    def inline(self) -> bool:
        return bool(self.steps)


class LegendEntry(StrictModel):
    icon: MarkIcon
    """The icon explained."""
    text: LocalText
    """What the icon means."""


class LegendRegion(Sourced):
    kind: Literal["legend"]
    """legend: icons with what each means."""
    entries: list[LegendEntry] = Field(default_factory=list)
    """The icons and their meanings."""

    def inline(self) -> bool:
        return bool(self.entries)


class TextRegion(RegionBase):
    kind: Literal["text"]
    """text: a paragraph."""
    text: LocalText
    """The text printed."""
    font_size: float = Field(8.0, ge=5.0, le=36.0, description="Preferred size in points; shrinks to fit.")
    align: Literal["start", "middle", "end"] = "start"
    """Horizontal alignment: start, middle or end."""


class FieldRegion(RegionBase):
    kind: Literal["field"]
    """field: a labelled line to write on."""
    label: LocalText
    """The label printed before the line, e.g. 'Player'."""


# ---------------------------------------------------------------- containers


class RowRegion(RegionBase):
    """Items side by side, left to right."""

    kind: Literal["row"]
    """row: regions side by side, left to right."""
    gap: Gap = 3.0
    """Space between the items, e.g. '3mm'."""
    items: list[Region] = Field(min_length=1)
    """The regions in the row, left to right."""


class ColumnRegion(RegionBase):
    """Items stacked, top to bottom."""

    kind: Literal["column"]
    """column: regions stacked, top to bottom."""
    gap: Gap = 3.0
    """Space between the items, e.g. '3mm'."""
    items: list[Region] = Field(min_length=1)
    """The regions in the column, top to bottom."""


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
    """The sheet's id, unique in the kit."""
    name: LocalText
    """The sheet's name, printed on it and in the kit book's checklist."""
    copies: LocalText | None = Field(None, description="How many to print, e.g. 'one per player per game'.")
    layout: Region
    """The sheet's layout: one region, usually a row or column of regions."""


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
