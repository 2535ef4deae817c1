"""The token sheet of a `game: generic` kit: player tokens, per-player pieces, markers and a numbered track.

    tokens:
      diameter: 16mm                  # the size of any piece that gives none
      players: [{name: {ja: 赤, en: Red}, colour: "#c0392b"}, …]
      per_player: 2                   # plain discs in each player colour (0 or left out: none with `pieces:`)
      pieces:                         # kinds of piece each player colour gets
        - {id: settlement, name: {ja: 開拓地, en: settlements}, per_player: 5, shape: house, size: 14mm}
        - {id: road, name: {ja: 道, en: roads}, per_player: 15, shape: strip, size: [28mm, 6mm]}
      markers:
        - {id: robber, name: {ja: 盗賊, en: Robber}, shape: pawn, size: 20mm, colour: "#333333"}

Each kind has its own shape and size (validator.components.tokens.ShapedPiece); a mark on it is printed in a
colour that contrasts with the piece and at a size that scales with it, and a mark too large for its piece is a
finding at the mark when the sheet is laid out. `holds:` on boards names `players`, a piece id or a marker id.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, model_validator

from ..checks import CheckContext, check_unique_ids, check_unique_names
from ..components.tokens import (
    LONG_SHAPES,
    ONE_SIZE_SHAPES,
    STANDING_SHAPES,
    Marker,
    PlayerColour,
    ShapedPiece,
    TokenSheet,
    standee_base,
)
from ..types import Count, Ident, Length, LocalText, NonNegative, StrictModel

TOKEN_CODE = "PK413"

NARROWEST_PAPER_MM = 210.0
SHORTEST_PAPER_MM = 279.4
PAGE_MARGIN_MM = 7.0
"""A4's width, Letter's height and the layouts' page margin: a piece larger than what is left cannot be printed."""
SHEET_FURNITURE_MM = 40.0
"""The page title, a kind's label and the scale bar at the foot: the height a piece cannot use."""

Mark = Annotated[
    str,
    Field(min_length=1, max_length=3, description="Up to three characters printed on each piece, e.g. '親' or '+1'."),
]


class TokenKind(ShapedPiece, Marker):  # the marker's fields first, in the schema too
    """A kind of marker: its name, how many, its colour, shape and size, and a short mark printed on it."""

    mark: Mark | None = None
    """Up to three characters printed on each piece, e.g. '親' or '+1', in a colour that contrasts with it."""


class NamedKind(StrictModel):
    """What a kind of piece is called and how many each player colour gets."""

    id: Ident
    """The piece's id, unique among the pieces and markers: `holds:` names it."""
    name: LocalText
    """What the pieces are called, as the checklist says it after the colour: 'Red settlements × 5'."""
    per_player: Count = 1
    """How many each player colour gets."""


class PieceKind(ShapedPiece, NamedKind):  # the name and count first, in the schema too
    """A kind of piece every player colour gets, e.g. settlements, cities and roads."""

    mark: Mark | None = None
    """Up to three characters printed on each piece, e.g. '親' or '+1', in a colour that contrasts with it."""


class GenericTokenSheet(TokenSheet):
    """Punch-out pieces: `per_player` discs and the `pieces:` in each player colour, the markers, the track."""

    name: LocalText | None = Field(None, description="The sheet's title; 'Tokens' when not given.")
    diameter: Length = 18.0
    """The diameter of a round player token, and the size of any piece or marker that gives no `size:`."""
    players: list[PlayerColour] = Field(default_factory=list)
    """One colour per player: `per_player` tokens and each of the `pieces:` are printed in it."""
    pieces: list[PieceKind] = Field(default_factory=list, max_length=50)
    """Kinds of piece each player colour gets, each with its own shape and size."""
    per_player: NonNegative = Field(
        1, description="Round tokens printed in each player colour: 1 when not given, 0 when the sheet has `pieces:`."
    )

    @model_validator(mode="before")
    @classmethod
    def _no_discs_beside_pieces(cls, data: Any) -> Any:
        """A sheet of `pieces:` prints plain round player tokens only when it asks for them."""
        if isinstance(data, dict) and data.get("pieces") and "per_player" not in data:
            return {**data, "per_player": 0}
        return data

    markers: list[TokenKind] = Field(default_factory=list)  # type: ignore[assignment]  # TokenSheet says list[Marker]
    """Marker tokens: what they are, how many, their colour, shape and size, and a short mark."""

    def token_count(self) -> int:
        per_colour = self.per_player + sum(piece.per_player for piece in self.pieces)
        return len(self.players) * per_colour + sum(marker.count for marker in self.markers)

    def marker_components(self, at: tuple) -> dict[str, tuple[object, tuple]]:
        """The markers and the pieces by id, with where each is written: a state the rules create may be shown
        by either (`shown_by: settlement`)."""
        pieces = {piece.id: (piece, (*at, "pieces", i)) for i, piece in enumerate(self.pieces)}
        return pieces | super().marker_components(at)

    def kinds(self) -> list[tuple[tuple, ShapedPiece]]:
        """Each kind of piece with where it is written: the pieces, then the markers."""
        found: list[tuple[tuple, ShapedPiece]] = [(("pieces", i), piece) for i, piece in enumerate(self.pieces)]
        return found + [(("markers", i), marker) for i, marker in enumerate(self.markers)]


def size_line(sheet: GenericTokenSheet, at: tuple, kind: ShapedPiece) -> str:
    """The line that sets a kind's size, as a hint names it: `tokens: pieces: 2: size`, or the sheet's diameter."""
    if kind.size is None:
        return "tokens: diameter"
    return "tokens: " + ": ".join(str(part) for part in at) + ": size"


def check_tokens(sheet: GenericTokenSheet, ctx: CheckContext) -> None:
    """The sheet has something to print; every kind is printable on any paper and named once."""
    if not sheet.players and not sheet.markers and sheet.track is None:
        ctx.add(
            TOKEN_CODE,
            ("tokens",),
            "the token sheet has no player tokens, markers or track",
            "add `players:`, `markers:` or `track:`, or remove `tokens:`",
        )
    if sheet.pieces and not sheet.players:
        ctx.add(
            TOKEN_CODE,
            ("tokens", "pieces"),
            "the pieces are printed in each player colour, but the sheet names no `players:`",
            "add `players:` with a colour for each player",
        )
    room = NARROWEST_PAPER_MM - 2 * PAGE_MARGIN_MM - 1.2
    if sheet.diameter > room:
        ctx.add(
            TOKEN_CODE,
            ("tokens", "diameter"),
            f"a {sheet.diameter:g} mm token is wider than the {room:g} mm a page can print",
            "use a smaller diameter, or draw it as a sheet",
        )
    for at, kind in sheet.kinds():
        _check_kind(ctx, sheet, ("tokens", *at), kind, room)
    check_unique_ids(ctx, sheet.pieces, ("tokens", "pieces"), "piece")
    check_unique_ids(ctx, sheet.markers, ("tokens", "markers"), "token")
    pieces = {piece.id for piece in sheet.pieces}
    for m, marker in enumerate(sheet.markers):
        if marker.id in pieces:
            ctx.add(
                "PK304",
                ("tokens", "markers", m, "id"),
                f"{marker.id!r} is the id of a piece and of a marker: `holds:` could mean either",
                "give the marker another id",
            )
    check_unique_names(ctx, sheet.pieces, ("tokens", "pieces"), "piece")
    check_unique_names(ctx, sheet.markers, ("tokens", "markers"), "token")
    check_unique_names(ctx, sheet.players, ("tokens", "players"), "player colour")
    track = sheet.track
    if track is not None and track.first > track.last:
        ctx.add(
            "PK203",
            ("tokens", "track", "last"),
            f"the track runs from {track.first} down to {track.last}",
            "give `last:` a number above `first:`",
        )


def _check_kind(ctx: CheckContext, sheet: GenericTokenSheet, where: tuple, kind: ShapedPiece, room: float) -> None:
    """A kind's size suits its shape and fits a page; `standee:` is only for the figures that stand."""
    at = (*where, "size") if kind.size is not None else (*where, "shape")
    if kind.shape == "strip" and (kind.size is None or len(kind.size) < 2):
        ctx.add(TOKEN_CODE, at, "a strip takes two lengths, [length, width]", "write e.g. `size: [28mm, 6mm]`")
    if kind.shape in ONE_SIZE_SHAPES and kind.size is not None and len(kind.size) == 2 and kind.size[0] != kind.size[1]:
        shapes = ", ".join(sorted(LONG_SHAPES))
        ctx.add(
            TOKEN_CODE,
            at,
            f"a {kind.shape} takes one length, not {kind.size[0]:g} × {kind.size[1]:g} mm",
            f"give one length, e.g. `size: {max(kind.size):g}mm`, or make it a {shapes}",
        )
    if getattr(kind, "countdown", None) and kind.shape != "disc":
        ctx.add(
            TOKEN_CODE,
            (*where, "countdown"),
            f"a countdown is printed round a disc, not on a {kind.shape}",
            "give the marker `shape: disc`, or remove `countdown:`",
        )
    if kind.standee and kind.shape not in STANDING_SHAPES:
        ctx.add(
            TOKEN_CODE,
            (*where, "standee"),
            f"a {kind.shape} cannot stand as a fold-over standee",
            f"standees are {', '.join(sorted(STANDING_SHAPES))}; remove `standee:`",
        )
    if kind.size is None and sheet.diameter > room:
        return  # told once, at the diameter
    width, height = kind.box(sheet.diameter)
    if kind.stands:
        height = 2 * height + 2 * standee_base(height)
    tall = SHORTEST_PAPER_MM - 2 * PAGE_MARGIN_MM - SHEET_FURNITURE_MM
    if width > room or height > tall:
        what = "standee" if kind.stands else kind.shape
        ctx.add(
            TOKEN_CODE,
            (*where, "size") if kind.size is not None else ("tokens", "diameter"),
            f"a {width:g} × {height:g} mm {what} is larger than the {room:g} × {tall:g} mm a page can print",
            "make it smaller",
        )
