"""Rule models, one module per game, joined in a tagged union on `game:`.

A game plugs in with a module here that defines `KIT_MODEL` (a KitBase
subclass with `game: Literal["its-tag"]`) and, optionally, `CODES`: its own
finding codes. It is then named twice below: once in `GAME_MODULES`, once in
`AnyKitModel`. A kit loads only its own game's module, so a command pays for
one rule model, not for every game pnpkit knows.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field, TypeAdapter

from .. import codes
from ..components.kit import KitBase

if TYPE_CHECKING:
    from .dice_battle_monsters import DiceBattleKit
    from .element_shift import ElementShiftKit
    from .generic import GenericKit
    from .shogi_tcg import ShogiTcgKit
    from .unlock_tower import UnlockTowerKit
    from .wizards_element_collection import WizardsElementCollectionKit

    AnyKitModel = (
        DiceBattleKit | ElementShiftKit | GenericKit | ShogiTcgKit | UnlockTowerKit | WizardsElementCollectionKit
    )
    """A validated kit of any game: what the validator hands the generator."""
else:
    AnyKitModel = KitBase

GAME_MODULES: dict[str, str] = {
    "dice-battle-monsters": "dice_battle_monsters",
    "element-shift": "element_shift",
    "generic": "generic",
    "shogi-tcg": "shogi_tcg",
    "unlock-tower": "unlock_tower",
    "wizards-element-collection": "wizards_element_collection",
}
"""Every game pnpkit knows: its `game:` tag and the module of its rule model."""


@cache
def kit_model(tag: str) -> type[KitBase]:
    """The rule model of one game, imported (and its finding codes registered) on first use."""
    module = importlib.import_module(f"{__name__}.{GAME_MODULES[tag]}")
    codes.register(getattr(module, "CODES", {}))
    model: type[KitBase] = module.KIT_MODEL
    return model


class _Games(Mapping[str, type[KitBase]]):
    """`GAMES[tag]` is the game's rule model; iterating gives the tags without importing anything."""

    def __getitem__(self, tag: str) -> type[KitBase]:
        if tag not in GAME_MODULES:
            raise KeyError(tag)
        return kit_model(tag)

    def __iter__(self) -> Iterator[str]:
        return iter(GAME_MODULES)

    def __len__(self) -> int:
        return len(GAME_MODULES)


GAMES: Mapping[str, type[KitBase]] = _Games()


@cache
def kit_adapter() -> TypeAdapter[Any]:
    """Every game's model as one tagged union: for the JSON Schema, and for kits whose `game:` is not known."""
    models = tuple(GAMES.values())
    union: Any = Annotated[_union(models), Field(discriminator="game")]
    return TypeAdapter(union)


def _union(models: tuple[type[KitBase], ...]) -> Any:
    union: Any = models[0]
    for model in models[1:]:
        union = union | model
    return union
