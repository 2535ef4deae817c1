"""Token sheets: player tokens, markers and a numbered track; the shapes and sizes a piece may have."""

from __future__ import annotations

import math
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, WithJsonSchema, model_validator
from pydantic_core import PydanticCustomError

from ..types import POSITIVE_LENGTH_PATTERN, Colour, Count, Ident, Length, LocalText, StrictModel

MarkerIcon = Literal[
    "crater", "rubble", "mud-wall", "lava-barrier", "wind-shield", "sandstorm", "timer", "pawn", "flame"
]
"""The vector icons a marker token may show (generator/icons/markers.py draws them)."""


MAX_TRACK_SPACES = 200
"""The most spaces a printed track may have: a score track to 200 is already several strips."""
MAX_TOKENS = 1000
"""The most tokens one sheet may print (about 14 pages of 18 mm tokens)."""

PieceShape = Literal["disc", "square", "hexagon", "rectangle", "strip", "house", "city", "pawn", "cube"]
"""The outlines a piece may have: flat tokens (disc, square, hexagon, rectangle, strip) and the figures of board
games (a house, a city, a pawn, a cube seen from a corner)."""
STANDING_SHAPES = frozenset({"house", "city", "pawn"})
"""The figures that may print as fold-over standees."""
LONG_SHAPES = frozenset({"rectangle", "strip"})
"""The shapes whose size may be two lengths, [width, height]."""
ONE_SIZE_SHAPES = frozenset({"disc", "square", "hexagon", "cube"})
"""The shapes a single length sizes: two different lengths would distort them."""
PAWN_WIDTH = 0.7
"""A pawn's width as a share of its height, when one length sizes it."""
HEX_HEIGHT = math.sqrt(3) / 2
"""A flat-topped hexagon's height as a share of its width corner to corner."""


def _as_list(value: object) -> object:
    """One length is a list of one: a piece's size is one length or [width, height]."""
    return value if isinstance(value, list) else [value]


_LENGTH_SCHEMA = {"type": "string", "pattern": POSITIVE_LENGTH_PATTERN, "examples": ["14mm"]}
PieceSize = Annotated[
    list[Length],
    BeforeValidator(_as_list),
    Field(min_length=1, max_length=2),
    WithJsonSchema(
        {
            "anyOf": [
                _LENGTH_SCHEMA,
                {"type": "array", "items": _LENGTH_SCHEMA, "minItems": 1, "maxItems": 2, "examples": [["28mm", "6mm"]]},
            ],
            "description": "One length (a disc's diameter, a square's side, a figure's height) or [width, height] "
            "for a rectangle, a strip or a figure, e.g. '14mm' or [28mm, 6mm].",
        },
        mode="validation",
    ),
]


def piece_box(shape: str, size: float | list[float]) -> tuple[float, float]:
    """The width and height (mm) of the flat piece `size` gives: a hexagon is `size` corner to corner, a pawn
    `size` tall, a cube `size` tall seen from a corner; [width, height] is taken as written."""
    if isinstance(size, list):
        if len(size) == 2:
            return size[0], size[1]
        size = size[0]
    if shape == "hexagon":
        return size, round(size * HEX_HEIGHT, 4)
    if shape == "pawn":
        return round(size * PAWN_WIDTH, 4), size
    if shape == "cube":
        return round(size * HEX_HEIGHT, 4), size
    return size, size


def standee_base(height: float) -> float:
    """The depth of each of a standee's two base tabs, which fold out to either side so it stands."""
    return round(min(12.0, max(6.0, 0.3 * height)), 2)


class ShapedPiece(StrictModel):
    """What a kind of piece looks like: its outline, its size, and whether it stands."""

    shape: PieceShape = "disc"
    """disc, square, hexagon, rectangle or strip (flat), or house, city, pawn or cube (figures)."""
    size: PieceSize | None = None
    """One length (a disc's diameter, a square's side, a figure's height) or [width, height], e.g. 14mm or
    [28mm, 6mm]; the sheet's `diameter` when not given."""
    standee: bool | None = None
    """A house, city or pawn printed as a fold-over standee (cut, fold in the middle, fold the two base tabs
    out); a pawn stands unless `standee: false`, a house or a city lies flat unless `standee: true`."""

    @property
    def stands(self) -> bool:
        if self.shape not in STANDING_SHAPES:
            return False
        return self.shape == "pawn" if self.standee is None else self.standee

    def box(self, default: float) -> tuple[float, float]:
        """The piece's width and height (mm) flat on the sheet, or the face of a standee."""
        return piece_box(self.shape, default if self.size is None else self.size)

    def footprint(self, default: float) -> tuple[float, float]:
        """What the piece covers where it stands, (longer side, shorter side) in mm: a standee covers its width
        and its two base tabs."""
        width, height = self.box(default)
        if self.stands:
            height = 2 * standee_base(height)
        return max(width, height), min(width, height)


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

    def token_count(self) -> int:
        """How many tokens the sheet prints, bounded before any work is done."""
        return len(self.players) * getattr(self, "per_player", 1) + sum(marker.count for marker in self.markers)

    @model_validator(mode="after")
    def _bounded(self) -> TokenSheet:
        tokens = self.token_count()
        if tokens > MAX_TOKENS:
            raise PydanticCustomError(
                "pk362", f"the sheet holds {tokens:,} tokens; pnpkit prints at most {MAX_TOKENS:,} on one sheet"
            )
        return self

    def marker_components(self, at: tuple) -> dict[str, tuple[object, tuple]]:
        """The markers by id, with where each is written (`at` is where the sheet is), for the states they show."""
        return {marker.id: (marker, (*at, "markers", i)) for i, marker in enumerate(self.markers)}
