"""Wizard's Element Collection's own words: its printed pages and `pnpkit score` read the same gettext domain,
`wizards_element_collection` (generator/assets/words/wizards_element_collection/; its playtest report's
measures are its `report.*` words).

Kept apart from the layouts so the score command can use them without the
drawing code, and so a word the two share ("odd", "per card") is written once.
"""

from __future__ import annotations

from ..i18n import SHARED, words

tr = SHARED.extend(words("wizards_element_collection"))
"""The game's words on top of the shared ones; look every word up through this."""
