"""Shogi + TCG's own words, for its printed pages (generator/games/shogi_tcg.py): its gettext domain
`shogi_tcg` (generator/assets/words/shogi_tcg/), read at the first word looked up.

Kept apart from the game module so that module holds only its assembly.
"""

from __future__ import annotations

from ..i18n import SHARED, words

tr = SHARED.extend(words("shogi_tcg"))
