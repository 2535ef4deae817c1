"""Marks drawn as shapes: a symbol on an icon or a token (☀, ★) as the outline of its glyphs.

A mark is a picture, not words to read: where it would print below the readable floor, or the edition's font
lacks it (a German edition's Noto Sans has no ☀), it is drawn from a shipped face that has it (`fonts.mark_face`)
as a filled path, which needs no font in the PDF or the SVG.
"""

from __future__ import annotations

from ..backends.outlines import glyph_ops, outlines
from ..colour import WHITE
from ..scene import Path, Style
from ..typeset import fonts
from ..units import MM_PER_PT

GLYPH_MIDDLE = (fonts.ASCENT - fonts.DESCENT) / 2
"""How far below a line's middle its baseline lies, in ems."""


def drawn_mark(text: str, size: float, face: fonts.Face, colour: str = WHITE, cx: float = 0.0, cy: float = 0.0) -> Path:
    """`text` at `size` pt in `face`, as one filled path centred on (cx, cy)."""
    ops, advance = glyph_ops(outlines(face), text, size * MM_PER_PT)
    dx, dy = cx - advance / 2, cy + GLYPH_MIDDLE * size * MM_PER_PT
    moved = tuple((op[0], *(v + (dx if k % 2 == 0 else dy) for k, v in enumerate(op[1:]))) for op in ops)
    return Path(moved, style=Style(fill=colour), role="icon-mark")
