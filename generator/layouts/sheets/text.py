"""Text regions: a paragraph set to fit its area."""

from __future__ import annotations

from dataclasses import dataclass

from ...scene import Group, Item
from ...typeset.text import TextBox
from ..context import INK, LayoutContext
from .base import Area, Pencil, title_bar


@dataclass(frozen=True)
class TextSpec:
    text: str
    size: float = 8.0
    align: str = "start"
    title: str = ""


def draw_text(ctx: LayoutContext, spec: TextSpec, area: Area, where: tuple, pencil: Pencil) -> list[Item]:
    items, area = title_bar(ctx, area, spec.title, where)
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
