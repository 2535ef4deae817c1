"""Coin Race's rule model: a generic kit (decks, rules) plus the race's own numbers and pawns.

Its own checks: CR001, a track shorter than a single roll ends the race on the first turn; CR002, fewer pawns
than players.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pnpkit.validator.checks import CheckContext
from pnpkit.validator.components.tokens import PlayerColour
from pnpkit.validator.explanation import Explanation
from pnpkit.validator.findings import Severity
from pnpkit.validator.games.generic import GenericKit
from pnpkit.validator.types import Count, NonNegative, StrictModel

CODES = {
    "CR001": (Severity.ERROR, "the race ends before the second turn"),
    "CR002": (Severity.ERROR, "fewer pawns than players"),
}
EXPLANATIONS = {
    "CR001": Explanation(
        "A track no longer than the die's largest face lets the first player win on the first roll: nobody else "
        "gets a turn.",
        "race: {track: 6, die: 6}\n",
        "Make the track longer than a few rolls (track: 20), or the die smaller.",
    ),
    "CR002": Explanation(
        "The race prints one pawn in each colour of `race: {pawns}`, and the kit says more may play: the last "
        "players have no pawn to race with.",
        "players: {min: 2, max: 4}\nrace: {track: 30, pawns: [{name: {en: Red}, colour: '#c0392b'}]}\n",
        "Give one pawn colour for each player, up to `players: {max}`.",
    ),
}
MAX_TRACK = 168
"""The longest race: 169 spaces, 13 × 13 of 14 mm, still print on one A4 or Letter sheet at 100 %."""
MAX_PAWNS = 6
"""The most pawns a race prints: one a player, each with its own mark as well as its colour."""


class Race(StrictModel):
    """The race's numbers: the printed track and the playtest engine both read them."""

    track: Annotated[int, Field(ge=1, le=MAX_TRACK)] = Field(
        description="Spaces from the start to the goal (the track prints spaces 0 to this, on one sheet)."
    )
    die: Count = Field(6, description="Faces of the die each player rolls on a turn.")
    gold_every: Count = Field(5, description="Every this many spaces is a gold space: land there, take a coin card.")
    pawns: list[PlayerColour] = Field(
        default_factory=list,
        max_length=MAX_PAWNS,
        description="One pawn in each of these colours, printed under the track: one for each player.",
    )
    goal_coins: NonNegative = Field(
        0,
        description="Coin cards the player who reaches the goal takes; above 0, the most coins wins, not the first home.",
    )


class CoinRaceKit(GenericKit):
    game: Literal["coin-race"]  # type: ignore[assignment]  # GenericKit says "generic"
    """coin-race: Coin Race, from the pnpkit-coin-race package."""
    race: Race = Field(description="The track's length, the die, the gold spaces and the pawns.")

    def placeholder_values(self) -> dict:
        race = self.race
        return super().placeholder_values() | {
            "track": race.track,
            "die": race.die,
            "gold_every": race.gold_every,
            "goal_coins": race.goal_coins,
            "pawns": len(race.pawns),
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
        pawns = len(self.race.pawns)
        if 0 < pawns < self.players.max:
            ctx.add(
                "CR002",
                ("race", "pawns"),
                f"the race prints {pawns} pawn(s) and up to {self.players.max} may play",
                f"give {self.players.max} pawn colours, or lower `players: {{max}}`",
            )
