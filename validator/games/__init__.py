"""Rule models, one module per game, joined in a tagged union on `game:`.

A game plugs in with a module here that defines its kit model (a KitBase
subclass with `game: Literal["its-tag"]`) and, optionally, `CODES`: its own
finding codes. The module is then named once in `GAMES` and once in `AnyKit`,
so type checkers and the JSON Schema see every game.
"""

from __future__ import annotations

from types import ModuleType
from typing import Annotated

from pydantic import Field, TypeAdapter

from .. import codes
from ..components.kit import KitBase
from . import dice_battle_monsters, element_shift, generic, shogi_tcg, unlock_tower, wizards_element_collection
from .dice_battle_monsters import DiceBattleKit
from .element_shift import ElementShiftKit
from .generic import GenericKit
from .shogi_tcg import ShogiTcgKit
from .unlock_tower import UnlockTowerKit
from .wizards_element_collection import WizardsElementCollectionKit

MODULES: tuple[ModuleType, ...] = (
    dice_battle_monsters,
    element_shift,
    generic,
    shogi_tcg,
    unlock_tower,
    wizards_element_collection,
)

AnyKitModel = DiceBattleKit | ElementShiftKit | GenericKit | ShogiTcgKit | UnlockTowerKit | WizardsElementCollectionKit
"""A validated kit of any game: what the validator hands the generator."""

AnyKit = Annotated[AnyKitModel, Field(discriminator="game")]
KIT_ADAPTER: TypeAdapter[AnyKit] = TypeAdapter(AnyKit)


def _tag(model: type[KitBase]) -> str:
    return model.model_fields["game"].annotation.__args__[0]  # type: ignore[union-attr]


for _module in MODULES:
    codes.register(getattr(_module, "CODES", {}))

GAMES: dict[str, type[KitBase]] = {_tag(module.KIT_MODEL): module.KIT_MODEL for module in MODULES}
"""Each game's `game:` tag and its kit model."""
