"""What a game's layout module is: one call that turns a validated kit into its printed parts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..layouts.context import LayoutContext
    from .base import Component


class GameLayout(Protocol):
    """A game's layouts: every printable part of a kit of that game, in the order the kit book shows them."""

    def components(self, kit: Any, ctx: LayoutContext) -> list[Component]: ...
