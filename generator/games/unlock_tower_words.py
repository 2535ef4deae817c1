"""Unlock Tower's own words, for its sheets, score pad and rules (generator/games/unlock_tower.py): its gettext
domain `unlock_tower` (generator/assets/words/unlock_tower/).

Kept apart from the game module so that module holds only its assembly: the specs of the sheet's regions.
"""

from __future__ import annotations

from ..i18n import SHARED, words

tr = SHARED.extend(words("unlock_tower"))
