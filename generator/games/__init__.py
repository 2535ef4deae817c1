"""Per-game assembly: which components a game prints, built from the shared layouts.

A game plugs in with a module here whose `components(kit, ctx)` takes its own
kit model (from `pnpkit.validator.games`) and returns its components; the
module bears the same name as the game's rule model in `pnpkit.validator.games`.
A build imports only its own game's module.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

from pnpkit.validator.games import GAME_MODULES

from .base import Component

if TYPE_CHECKING:
    from pnpkit.validator.games import AnyKitModel

    from ..layouts.common import LayoutContext

LAYOUTS = GAME_MODULES
"""Each game's layout module has the name of its rule model's module: one map for both."""


def layout_module(tag: str) -> ModuleType:
    """The module that lays out one game, imported on first use."""
    return importlib.import_module(f"{__name__}.{LAYOUTS[tag]}")


def components(kit: AnyKitModel, ctx: LayoutContext) -> list[Component]:
    """Every printable part of a kit, in the order the kit book shows them."""
    parts: list[Component] = layout_module(kit.game).components(kit, ctx)
    return parts


__all__ = ["LAYOUTS", "Component", "components", "layout_module"]
