"""Rule models, one module per game, joined in a tagged union on `game:`.

Every game is one `GameSpec` (validator.games.spec): its tag and the modules of its
rule model, layouts, playtest engine and report rows. The games pnpkit ships are in
`BUILTIN`; an installed package adds its own through an entry point in the
`pnpkit.games` group (examples/game-package shows one). A kit loads only its own
game's modules, so a command pays for one rule model, not for every game pnpkit knows.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field, TypeAdapter

from .. import codes
from ..components.kit import KitBase
from .spec import GameSpec

if TYPE_CHECKING:
    from .dice_battle_monsters import DiceBattleKit
    from .element_shift import ElementShiftKit
    from .generic import GenericKit
    from .shogi_tcg import ShogiTcgKit
    from .unlock_tower import UnlockTowerKit
    from .wizards_element_collection import WizardsElementCollectionKit

    AnyKitModel = (
        DiceBattleKit
        | ElementShiftKit
        | GenericKit
        | ShogiTcgKit
        | UnlockTowerKit
        | WizardsElementCollectionKit
        | KitBase
    )
    """A validated kit of any game (KitBase for a game from another package): what the validator hands the
    generator."""
else:
    AnyKitModel = KitBase

ENTRY_POINT_GROUP = "pnpkit.games"


def _builtin(tag: str, module: str, model: str, engine: bool = False, report: str | None = None) -> GameSpec:
    return GameSpec(
        tag=tag,
        model=f"pnpkit.validator.games.{module}:{model}",
        layouts=f"pnpkit.generator.games.{module}",
        engine=f"pnpkit.validator.playtest.{module}" if engine else None,
        report=report,
    )


BUILTIN: dict[str, GameSpec] = {
    spec.tag: spec
    for spec in (
        _builtin("dice-battle-monsters", "dice_battle_monsters", "DiceBattleKit"),
        _builtin(
            "element-shift",
            "element_shift",
            "ElementShiftKit",
            engine=True,
            report="pnpkit.generator.layouts.playtest_words:ELEMENT_SHIFT_REPORT",
        ),
        _builtin("generic", "generic", "GenericKit"),
        _builtin("shogi-tcg", "shogi_tcg", "ShogiTcgKit"),
        _builtin("unlock-tower", "unlock_tower", "UnlockTowerKit"),
        _builtin(
            "wizards-element-collection",
            "wizards_element_collection",
            "WizardsElementCollectionKit",
            engine=True,
            report="pnpkit.generator.layouts.playtest_words:WIZARDS_REPORT",
        ),
    )
}
"""The games pnpkit ships."""


@cache
def installed() -> dict[str, GameSpec]:
    """Games other installed packages add through `pnpkit.games` entry points (read once, on first need).

    An entry point that fails to load, or names a tag pnpkit ships, is skipped with a warning on stderr:
    one broken plug-in never stops the games that work."""
    import sys
    from importlib.metadata import entry_points

    found: dict[str, GameSpec] = {}
    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
        try:
            spec = point.load()
        except Exception as error:
            print(f"pnpkit: warning: game plug-in {point.value!r} does not load: {error}", file=sys.stderr)
            continue
        if not isinstance(spec, GameSpec) or spec.tag in BUILTIN or spec.tag in found:
            print(f"pnpkit: warning: game plug-in {point.value!r} is not a new GameSpec; skipped", file=sys.stderr)
            continue
        found[spec.tag] = spec
    return found


class _Specs(Mapping[str, GameSpec]):
    """Every game's spec by tag: the built-in ones, then installed plug-ins (looked up only when needed)."""

    def __getitem__(self, tag: str) -> GameSpec:
        spec = BUILTIN.get(tag)
        if spec is None:
            spec = installed()[tag]
        return spec

    def __contains__(self, tag: object) -> bool:
        return tag in BUILTIN or tag in installed()

    def __iter__(self) -> Iterator[str]:
        yield from BUILTIN
        yield from installed()

    def __len__(self) -> int:
        return len(BUILTIN) + len(installed())


SPECS: Mapping[str, GameSpec] = _Specs()
"""Every game pnpkit knows, by its `game:` tag."""


@cache
def kit_model(tag: str) -> type[KitBase]:
    """The rule model of one game, imported (and its finding codes registered) on first use."""
    spec = SPECS[tag]
    module = spec.model_module()
    codes.register(getattr(module, "CODES", {}))
    model: type[KitBase] = spec.load_model()
    return model


class _Games(Mapping[str, type[KitBase]]):
    """`GAMES[tag]` is the game's rule model; iterating gives the tags without importing any model."""

    def __getitem__(self, tag: str) -> type[KitBase]:
        if tag not in SPECS:
            raise KeyError(tag)
        return kit_model(tag)

    def __contains__(self, tag: object) -> bool:
        return tag in SPECS

    def __iter__(self) -> Iterator[str]:
        return iter(SPECS)

    def __len__(self) -> int:
        return len(SPECS)


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
