"""Rule models, one module per game, joined in a tagged union on `game:`.

A game plugs in by adding a module here that defines `KIT_MODEL` (a KitBase
subclass with `game: Literal["its-tag"]`) and, optionally, `CODES`: its own
finding codes. Nothing else needs to change.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Annotated, Union

from pydantic import Field, TypeAdapter

from .. import codes


def _discover() -> dict[str, type]:
    games: dict[str, type] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        model = getattr(module, "KIT_MODEL", None)
        if model is None:
            continue
        codes.register(getattr(module, "CODES", {}))
        tag = model.model_fields["game"].annotation.__args__[0]
        games[tag] = model
    return games


GAMES: dict[str, type] = _discover()

AnyKit = Annotated[Union[tuple(GAMES.values())], Field(discriminator="game")]  # type: ignore[valid-type]
KIT_ADAPTER: TypeAdapter = TypeAdapter(AnyKit)
