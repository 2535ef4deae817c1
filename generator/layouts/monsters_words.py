"""Dice Battle Monsters' own words: the mat, tokens and rule diagrams print them in each language, from the
gettext domain `dice_battle_monsters` (generator/assets/words/dice_battle_monsters/)."""

from __future__ import annotations

from ..i18n import SHARED, words

tr = SHARED.extend(words("dice_battle_monsters"))
