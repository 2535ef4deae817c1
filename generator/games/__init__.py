"""Per-game assembly: which components a game prints, built from the shared layouts.

A game's layout module is named by its `GameSpec` (`layouts=`, validator.games.spec)
and meets `contract.GameLayout`: `components(kit, ctx)` takes the game's own kit model
and returns its components. A build imports only its own game's module.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, cast

from pnpkit.validator.games import SPECS

from .base import Component
from .contract import GameLayout

if TYPE_CHECKING:
    from pnpkit.validator.games import AnyKitModel

    from ..layouts.context import LayoutContext
    from . import dice_battle_monsters, element_shift, generic, shogi_tcg, unlock_tower, wizards_element_collection

    _checked: tuple[GameLayout, ...] = (
        dice_battle_monsters,
        element_shift,
        generic,
        shogi_tcg,
        unlock_tower,
        wizards_element_collection,
    )  # mypy holds each built-in game to the contract


def layout_module(tag: str) -> GameLayout:
    """The module that lays out one game, imported on first use."""
    return cast("GameLayout", importlib.import_module(SPECS[tag].layouts))


def components(kit: AnyKitModel, ctx: LayoutContext) -> list[Component]:
    """Every printable part of a kit, in the order the kit book shows them."""
    return layout_module(kit.game).components(kit, ctx)


__all__ = ["Component", "GameLayout", "components", "layout_module"]
