"""Coin Race's rule model: a generic kit (decks, pawns, rules) plus the race's own numbers.

Its one rule check, CR001: a track shorter than a single roll ends the race on the first turn.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pnpkit.validator.checks import CheckContext
from pnpkit.validator.components.tokens import MAX_TRACK_SPACES
from pnpkit.validator.explanation import Explanation
from pnpkit.validator.findings import Severity
from pnpkit.validator.games.generic import GenericKit
from pnpkit.validator.types import Count, NonNegative, StrictModel

CODES = {"CR001": (Severity.ERROR, "the race ends before the second turn")}
EXPLANATIONS = {
    "CR001": Explanation(
        "A track no longer than the die's largest face lets the first player win on the first roll: nobody else "
        "gets a turn.",
        "race: {track: 6, die: 6}\n",
        "Make the track longer than a few rolls (track: 20), or the die smaller.",
    )
}


class Race(StrictModel):
    """The race's numbers: the printed track and the playtest engine both read them."""

    track: Annotated[int, Field(ge=1, le=MAX_TRACK_SPACES - 1)] = Field(
        description="Spaces from the start to the goal (the track prints spaces 0 to this)."
    )
    die: Count = Field(6, description="Faces of the die each player rolls on a turn.")
    gold_every: Count = Field(5, description="Every this many spaces is a gold space: land there, take a coin card.")
    goal_coins: NonNegative = Field(
        0,
        description="Coin cards the player who reaches the goal takes; above 0, the most coins wins, not the first home.",
    )


class CoinRaceKit(GenericKit):
    game: Literal["coin-race"]  # type: ignore[assignment]  # GenericKit says "generic"
    """coin-race: Coin Race, from the pnpkit-coin-race package."""
    race: Race
    """The track's length, the die and the gold spaces."""

    def placeholder_values(self) -> dict:
        race = self.race
        return super().placeholder_values() | {
            "track": race.track,
            "die": race.die,
            "gold_every": race.gold_every,
            "goal_coins": race.goal_coins,
        }

    def check(self, ctx: CheckContext) -> None:
        super().check(ctx)
        if self.race.track <= self.race.die:
            ctx.add(
                "CR001",
                ("race", "track"),
                f"the track has {self.race.track} spaces and one roll of the d{self.race.die} may cover them all",
                f"make the track longer than {self.race.die}",
            )
