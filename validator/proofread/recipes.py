"""Recipe inputs against the resources the model lists (PK305): a recipe made of supplies (lumber, brick, grain)
that names `lumbr` names nothing, and the game cannot say what it costs.

An error, because the kit states both sides: its recipes use its supplies as resources, and one input names no
supply nor anything else the kit defines. A kit whose recipes name no supply at all is not checked: its inputs are
its own words.
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING

from ..checks import CheckContext

if TYPE_CHECKING:
    from ..components.kit import KitBase


def check_recipe_inputs(ctx: CheckContext, kit: KitBase) -> None:
    """Each input of a recipe names a supply, once the recipes use supplies as their resources."""
    play = kit.play
    if play is None or not play.recipes or not play.supplies:
        return
    resources = sorted(supply.id for supply in play.supplies)
    if not any(name in resources for recipe in play.recipes for name in recipe.inputs):
        return
    defined = {str(getattr(model, "id", "")) for _path, model in ctx.walk(kit).models} - {""}
    for r, recipe in enumerate(play.recipes):
        for i, name in enumerate(recipe.inputs):
            if name in defined:
                continue
            close = difflib.get_close_matches(name, resources, n=1, cutoff=0.6)
            guess = f"did you mean {close[0]!r}? " if close else ""
            ctx.add(
                "PK305",
                ("play", "recipes", r, "inputs", i),
                f"recipe {recipe.id!r} takes {name!r}, which is none of the resources the kit lists "
                f"(play.supplies: {', '.join(resources[:12])})",
                f"{guess}name a supply's id, or add the resource to play.supplies",
            )
