"""What Coin Race prints: everything a generic kit declares (its deck, its track, its rules)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpkit.generator.games import generic

if TYPE_CHECKING:
    from pnpkit.generator.games.base import Component
    from pnpkit.generator.layouts.context import LayoutContext

    from .model import CoinRaceKit

tr = generic.tr


def components(kit: CoinRaceKit, ctx: LayoutContext) -> list[Component]:
    return generic.components(kit, ctx)
