"""Per-game assembly: which components a game prints, built from generic layouts."""

from __future__ import annotations

from typing import Callable

from . import element_shift, generic
from .base import Component

GAME_LAYOUTS: dict[str, Callable[..., list[Component]]] = {
    "element-shift": element_shift.components,
    "generic": generic.components,
}

__all__ = ["GAME_LAYOUTS", "Component"]
