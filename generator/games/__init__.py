"""Per-game assembly: which components a game prints, built from generic layouts.

A game plugs in with a module here that defines `GAME` (its `game:` tag) and
`components(kit, ctx) -> list[Component]`.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable

from .base import Component


def _discover() -> dict[str, Callable[..., list[Component]]]:
    found = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "GAME") and hasattr(module, "components"):
            found[module.GAME] = module.components
    return found


GAME_LAYOUTS: dict[str, Callable[..., list[Component]]] = _discover()

__all__ = ["GAME_LAYOUTS", "Component"]
