"""Token sheets: player tokens, markers and a numbered track."""

from __future__ import annotations

from pydantic import Field

from ..types import Colour, Count, Ident, Length, LocalText, StrictModel


class PlayerColour(StrictModel):
    name: LocalText
    colour: Colour


class Marker(StrictModel):
    id: Ident
    name: LocalText
    count: Count = 1
    colour: Colour = "#222222"


class Track(StrictModel):
    name: LocalText
    first: int = 1
    last: int
    highlight_every: int | None = Field(None, ge=1, description="Mark every n-th space, e.g. shift cycles.")


class TokenSheet(StrictModel):
    diameter: Length = 18.0
    players: list[PlayerColour] = Field(min_length=1)
    markers: list[Marker] = Field(default_factory=list)
    track: Track | None = None
