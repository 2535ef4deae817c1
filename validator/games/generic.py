"""`game: generic`: components only, no rule model, for games pnpkit does not know yet."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ..checks import check_decks
from ..components.kit import KitBase

if TYPE_CHECKING:
    from ..checks import CheckContext


class GenericKit(KitBase):
    game: Literal["generic"]

    def check(self, ctx: "CheckContext") -> None:
        check_decks(ctx, self, {})


KIT_MODEL = GenericKit
