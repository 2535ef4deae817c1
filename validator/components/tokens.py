"""Token sheets: player tokens, markers and a numbered track."""

from __future__ import annotations

from pydantic import Field

from ..types import Colour, Count, Ident, Length, LocalText, StrictModel


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
    colour: Colour = "#222222"
    """The token's colour."""


class Track(StrictModel):
    name: LocalText
    """The track's name."""
    first: int = 1
    """The number on the first space."""
    last: int
    """The number on the last space."""
    highlight_every: int | None = Field(None, ge=1, description="Mark every n-th space, e.g. shift cycles.")


class TokenSheet(StrictModel):
    diameter: Length = 18.0
    """The diameter of one round token, e.g. '18mm'."""
    players: list[PlayerColour] = Field(min_length=1)
    """One colour per player: each player's tokens are printed in it."""
    markers: list[Marker] = Field(default_factory=list)
    """Marker tokens: what they are, how many and their colour."""
    track: Track | None = None
    """A numbered track printed with the tokens (a score or cycle track)."""
