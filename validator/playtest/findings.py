"""What play shows, as findings: `pnpkit validate KIT --simulate N` plays N games and reports, as warnings at
the rule they concern, what the data alone cannot show (a deck that runs dry before the game can end, a supply
exceeded, frequent ties with no tie rule, games that do not end, unbalanced seats, effects after the end)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..findings import Finding
    from ..kit import LoadedKit


def play_findings(loaded: LoadedKit, games: int, jobs: int) -> list[Finding]:
    """Findings from `games` played games of the kit's game; none for a game with no engine."""
    return []
