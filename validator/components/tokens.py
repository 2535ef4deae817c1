"""Token sheets: player tokens, markers and a numbered track."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from ..types import Colour, Count, Ident, Length, LocalText, StrictModel

MarkerIcon = Literal[
    "crater", "rubble", "mud-wall", "lava-barrier", "wind-shield", "sandstorm", "timer", "pawn", "flame"
]
"""The vector icons a marker token may show (generator/icons/markers.py draws them)."""


MAX_TRACK_SPACES = 200
"""The most spaces a printed track may have: a score track to 200 is already several strips."""
MAX_TOKENS = 1000
"""The most round tokens one sheet may print (about 14 pages of 18 mm tokens)."""


class PlayerColour(StrictModel):
    name: LocalText
    """The colour's name, e.g. {ja: 赤, en: Red}."""
    colour: Colour
    """The colour of that player's tokens."""


class Marker(StrictModel):
    id: Ident
    """The marker's id, unique on the sheet."""
    name: LocalText
    """The marker's name, printed in the kit book's checklist."""
    count: Count = 1
    """How many to print."""
    colour: Colour = "#000000"
    """The token's colour."""
    icon: MarkerIcon | None = None
    """A drawn icon on the token, in place of the first letter of its name."""
    countdown: int | None = Field(None, ge=2, le=9)
    """For a state that lasts: the numbers countdown…1 round the rim; turn the token so the turns or cycles left
    point up."""


class PlayerPiece(StrictModel):
    """A piece each player colour gets, for one state the rules give every player (a position on the board, a
    place on a score or order sheet)."""

    id: Ident
    """The piece's id."""
    name: LocalText
    """The piece's name, printed in the kit book's checklist."""
    shows: Ident
    """The state it shows: one the rule model names (e.g. board-position, mana-order)."""
    shape: Literal["standee", "disc"] = "standee"
    """A fold-over standee, or a round disc to cut out."""
    per_player: Annotated[int, Field(ge=1, le=20)] = 1
    """How many each player gets."""


class Track(StrictModel):
    name: LocalText
    """The track's name."""
    first: int = 1
    """The number on the first space."""
    last: int
    """The number on the last space."""
    highlight_every: int | None = Field(None, ge=1, description="Mark every n-th space, e.g. shift cycles.")

    @model_validator(mode="after")
    def _bounded(self) -> Track:
        spaces = abs(self.last - self.first) + 1
        if spaces > MAX_TRACK_SPACES:
            raise PydanticCustomError(
                "pk362",
                f"a track from {self.first} to {self.last} has {spaces:,} spaces; pnpkit prints at most "
                f"{MAX_TRACK_SPACES}",
            )
        return self


class TokenSheet(StrictModel):
    diameter: Length = 18.0
    """The diameter of one round token, e.g. '18mm'."""
    players: list[PlayerColour] = Field(min_length=1)
    """One colour per player: each player's tokens are printed in it."""
    markers: list[Marker] = Field(default_factory=list)
    """Marker tokens: what they are, how many and their colour."""
    track: Track | None = None
    """A numbered track printed with the tokens (a score or cycle track)."""

    @model_validator(mode="after")
    def _bounded(self) -> TokenSheet:
        tokens = len(self.players) * getattr(self, "per_player", 1) + sum(marker.count for marker in self.markers)
        if tokens > MAX_TOKENS:
            raise PydanticCustomError(
                "pk362", f"the sheet holds {tokens:,} tokens; pnpkit prints at most {MAX_TOKENS:,} on one sheet"
            )
        return self

    def marker_components(self, at: tuple) -> dict[str, tuple[object, tuple]]:
        """The markers by id, with where each is written (`at` is where the sheet is), for the states they show."""
        return {marker.id: (marker, (*at, "markers", i)) for i, marker in enumerate(self.markers)}
