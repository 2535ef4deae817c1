"""Per-game assembly: which components a game prints, built from the shared layouts.

A game plugs in with a module here whose `components(kit, ctx)` takes its own
kit model (from `pnpkit.validator.games`) and returns its components, plus one
`case` below. The match is checked by the type checker against `AnyKitModel`,
so a game with a rule model but no layout is caught before it runs.
"""

from __future__ import annotations

from typing import assert_never

from pnpkit.validator.games import AnyKitModel
from pnpkit.validator.games.dice_battle_monsters import DiceBattleKit
from pnpkit.validator.games.element_shift import ElementShiftKit
from pnpkit.validator.games.generic import GenericKit
from pnpkit.validator.games.shogi_tcg import ShogiTcgKit
from pnpkit.validator.games.unlock_tower import UnlockTowerKit
from pnpkit.validator.games.wizards_element_collection import WizardsElementCollectionKit

from ..layouts.common import LayoutContext
from . import dice_battle_monsters, element_shift, generic, shogi_tcg, unlock_tower, wizards_element_collection
from .base import Component


def components(kit: AnyKitModel, ctx: LayoutContext) -> list[Component]:
    """Every printable part of a kit, in the order the kit book shows them."""
    match kit:
        case DiceBattleKit():
            return dice_battle_monsters.components(kit, ctx)
        case ElementShiftKit():
            return element_shift.components(kit, ctx)
        case GenericKit():
            return generic.components(kit, ctx)
        case ShogiTcgKit():
            return shogi_tcg.components(kit, ctx)
        case UnlockTowerKit():
            return unlock_tower.components(kit, ctx)
        case WizardsElementCollectionKit():
            return wizards_element_collection.components(kit, ctx)
        case _:
            assert_never(kit)


__all__ = ["Component", "components"]
