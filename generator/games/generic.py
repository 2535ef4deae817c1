"""`game: generic`: the rule summary only, until generic card templates land."""

from __future__ import annotations

from typing import Any

from ..layouts.common import LayoutContext
from ..layouts.rules import rule_pages
from .base import Component, errata_table, rule_sections, text

GAME = "generic"


def components(kit: Any, ctx: LayoutContext) -> list[Component]:
    out = []
    if kit.rules:
        title = text(kit.title, ctx.lang)
        sections = rule_sections(ctx, kit, {"errata": errata_table(kit, ctx.lang)})
        out.append(Component("rules", title, tuple(rule_pages(ctx, title, "", sections, title))))
    return out
