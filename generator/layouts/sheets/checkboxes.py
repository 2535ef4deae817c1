"""Checkboxes regions: a row of boxes, which a chain joins with arrows to be ticked from the first."""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.validator.components.sheets import PENCIL_BOX_MM

from ...icons.pencil import arrow
from ...scene import Group, Item
from ...typeset import fonts
from ...typeset.text import TextBox
from ..context import INK, LayoutContext
from .base import BOX, HIGHLIGHT, Area, Pencil, checkbox, title_bar


@dataclass(frozen=True)
class CheckboxesSpec:
    count: int
    label: str = ""
    chain: bool = False
    box: float = BOX
    title: str = ""


def draw_checkboxes(ctx: LayoutContext, spec: CheckboxesSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    """A row of boxes; a chain joins them with arrows, to be ticked from the first."""
    items, area = title_bar(ctx, area, spec.title, where)
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
            items += arrow(x + side + 0.4, y + side / 2, x + step - 0.4, y + side / 2, HIGHLIGHT, 0.35, 1.1)
    return [Group(tuple(items), role="region", name="checkboxes")]
