"""Vector icons drawn in a unit box (-1..1) and scaled into place, one module per family."""

from __future__ import annotations

from .elements import ICON_NAMES, icon

__all__ = ["ICON_NAMES", "icon"]
