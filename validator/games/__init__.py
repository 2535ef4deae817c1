"""Rule models, one module per game, joined in a tagged union on `game:`."""

from __future__ import annotations

from typing import Annotated, Union

from pydantic import Field, TypeAdapter

from .element_shift import ElementShiftKit
from .generic import GenericKit

GAMES = {
    "element-shift": ElementShiftKit,
    "generic": GenericKit,
}

AnyKit = Annotated[Union[tuple(GAMES.values())], Field(discriminator="game")]  # type: ignore[valid-type]
KIT_ADAPTER: TypeAdapter = TypeAdapter(AnyKit)
