"""The generic game's own words (errata, pieces, player sheets, boards): its gettext domain `generic`
(generator/assets/words/generic/), on top of the kit book's shared words."""

from __future__ import annotations

from ..i18n import SHARED, words

tr = SHARED.extend(words("generic"))
"""Look every word of generic.py and generic_boards.py up through this."""
