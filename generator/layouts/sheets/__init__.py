"""Player sheets: regions placed by rows and columns, drawn for a pencil.

`arrange` (containers.py) turns a layout tree (validator.components.sheets)
into one area per leaf region: each child takes a fixed length or a share of
what is left. Each leaf is drawn from a spec, a plain record with its text
already in the page's language; a game builds specs for the regions it fills
from its model (`source:`), and `inline_spec` builds them for regions written
out in YAML. Each region kind has its module here, with its spec and its
drawing function; page.py puts them on the page.

Every drawing function is pure: spec and area in, scene items out. They
stay inside their area, fit their text with `ctx.fitted`, and record a
problem when a cell or box would be too small for a pencil (cells under
5 mm, checkboxes under 3.5 mm) instead of drawing it smaller.
"""

from __future__ import annotations

from .base import HIGHLIGHT, NUMBER_GUTTER, Area, ColumnHead, Pencil, checkbox, column_spans
from .checkboxes import CheckboxesSpec
from .containers import arrange, split
from .counter import CounterSpec
from .effects import CellSpec, EffectsSpec, LineSpec, RowHead
from .field import FieldSpec
from .flow import FlowSpec
from .glyphs import Glyph, mark_icon
from .grid import GridSpec
from .ladders import Ladder, LaddersSpec
from .legend import LegendSpec
from .pad import PadSpec
from .page import DRAW, SourcedSpecs, Spec, inline_spec, sheet_area, sheet_page
from .scoring import ScoreRowSpec, ScoringSpec
from .text import TextSpec

__all__ = [
    "DRAW",
    "HIGHLIGHT",
    "NUMBER_GUTTER",
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
    "Pencil",
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
