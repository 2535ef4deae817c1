"""Field regions: a label and a line to write on."""

from __future__ import annotations

from dataclasses import dataclass

from ...scene import Group, Item, Line, Style
from ...typeset import fonts
from ...typeset.text import TextBox
from ..context import INK, LayoutContext
from .base import Area, Pencil


@dataclass(frozen=True)
class FieldSpec:
    label: str
    title: str = ""


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
