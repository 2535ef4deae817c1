"""Boards, maps, mats and tracks a `game: generic` kit declares in YAML, and the checks that they physically work.

    boards:
      - id: island
        name: {ja: 島, en: Island}
        hex: {rows: ["s s", "s f s", "s s"], key: {s: sea, f: forest}, hex_size: 24mm}
        terrains:
          - {id: sea, name: {ja: 海, en: Sea}, colour: "#bcd7e8"}
          - {id: forest, name: {ja: 森, en: Forest}, colour: "#9cc28a"}
        labels: [{at: [0, 1], text: {ja: 港, en: Port}}]
        starts: [{at: [1, 0], player: 1}]
        holds: [players]
        places: [{id: road, on: edges, around: [forest], holds: [road]}]     # edges, corners: docs/boards.md
        numbers: {pips: 2d6, discs: [{at: [1, 1], value: 6}]}
      - id: arena
        grid: {columns: 8, rows: 8, cell: 22mm}
    maps: [{id: roads, name: …, node_size: 16mm, nodes: […], links: […], holds: [players]}]
    mats: [{id: market, name: …, rows: [{zones: [{id: river, name: …, cards: {deck: goods, count: 3}}]}]}]
    tracks: [{id: score, name: …, layout: spiral, spaces: 40, holds: [players]}]

A hex board is `validator.components.hexboard`, a map `graphmap`, a track `tracks` and a mat `mats`: the
shapes the seed games use, with an id and a name. `holds:` names what stands on the spaces: `players` (the
player tokens of `tokens:`) or a marker id. Physical fit is checked where the size is known before layout:

- PK414: card spaces that do not fit their zone with the deck's cards in them;
- PK415: a token larger than the map node, grid cell, fixed-size hex, edge or corner it stands on (with 2 mm to
  spare; places are `validator.components.place_checks`);
- PK416: a token larger than its track's spaces.

A hex board with `hex_size: auto` is checked when the board is laid out, at the size it prints.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Any, Literal, NamedTuple

from pydantic import Field, GetJsonSchemaHandler, model_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError

from ..components.graphmap import GraphCodes, GraphMap, check_graph
from ..components.hexboard import HexBoard
from ..components.mats import Mat, mat_geometry, misfit_message, token_room
from ..components.place_checks import PieceSize, cell_hint, check_numbers, check_place_fits, check_places
from ..components.places import MAX_PLACES, MAX_SPOTS, BoardKind, Numbers, Place
from ..components.tokens import MAX_TRACK_SPACES
from ..components.tracks import A4_ROOM, TrackBoard, TrackSpace, check_field_fits, check_track, track_geometry
from ..repeats import first_at, repeated
from ..types import Colour, Count, Ident, Length, LocalText, StrictModel
from .generic_tokens import size_line

if TYPE_CHECKING:
    from ..checks import CheckContext
    from .generic import GenericKit

MAP_CODES = GraphCodes(
    missing_node="PK305", self_link="PK305", duplicate_link="PK304", disconnected="PK417", crossing="PK418"
)
PLAYERS = "players"
"""`holds: [players]`: the player tokens stand there."""
CLEARANCE_MM = 2.0
"""A token needs this much less than its space, so players still see which space it is on."""
MAX_GRID = 40
"""The most columns or rows of a square grid: a go board is 19."""

Holds = Annotated[
    list[Ident],
    Field(
        default_factory=list,
        max_length=20,
        description="What stands on its spaces: `players` (the player tokens of `tokens:`) or marker ids; each is "
        "checked to fit.",
    ),
]


class Terrain(StrictModel):
    id: Ident
    """The terrain's id, as the board's cells name it."""
    name: LocalText
    """The terrain's name, printed in the legend."""
    colour: Colour = "#eeeadf"
    """The colour of its cells."""
    blocked: bool = False
    """No piece may enter its cells (drawn with a white outline)."""
    count: Annotated[int, Field(ge=0, le=200)] | None = None
    """With `tiles: loose` or `both`: how many loose tiles of this terrain to print (by default, as many as the
    board has cells of it)."""


class CellLabel(StrictModel):
    at: Annotated[list[int], Field(min_length=2, max_length=2)]
    """The cell: [q, r] on a hex board (axial coordinates), [column, row] from 1 on a grid."""
    text: LocalText
    """The label printed in the cell."""


class Start(StrictModel):
    at: Annotated[list[int], Field(min_length=2, max_length=2)]
    """The cell: [q, r] on a hex board, [column, row] from 1 on a grid."""
    player: Count
    """Whose start it is: the player's number (1 for the first colour of `tokens: players`)."""


class Grid(StrictModel):
    """A square grid: columns × rows of cells of one size, lettered and numbered along its edges."""

    columns: Annotated[int, Field(ge=1, le=MAX_GRID)]
    """Cells across."""
    rows: Annotated[int, Field(ge=1, le=MAX_GRID)]
    """Cells down."""
    cell: Length = 20.0
    """The side of one cell, e.g. '20mm'; a grid larger than the sheet is tiled across sheets."""
    key: dict[str, Ident] = Field(default_factory=dict, description="Letter → terrain id, for `cells`.")
    cells: list[str] = Field(default_factory=list)
    """The terrain of every cell, a row a line, letters separated by spaces (see `key`); all one terrain when
    not given (the first of `terrains`, or plain)."""
    coordinates: bool = True
    """Print a–h along the top and 1–8 down the side."""
    frame: Length | None = None
    """A band this wide around the cells, in the first terrain's colour: room for the pieces on the outer edges
    and corners (a go board's margin beyond its outer lines)."""

    @model_validator(mode="after")
    def _shape(self) -> Grid:
        if self.cells and (len(self.cells) != self.rows or any(len(row.split()) != self.columns for row in self.cells)):
            raise ValueError(f"`cells` needs {self.rows} rows of {self.columns} letters each")
        if max(self.columns, self.rows) * self.cell + 2 * (self.frame or 0.0) > 1500:
            raise ValueError("the grid would print over 1.5 m a side: check `cell`")
        return self

    def terrain_at(self, column: int, row: int) -> str | None:
        """The terrain of a cell (from 0), or None when the grid gives none."""
        if not self.cells:
            return None
        token = self.cells[row].split()[column]
        return self.key.get(token, token)


class GenericBoard(StrictModel):
    """A board: a hex board (`hex:`) or a square grid (`grid:`), with its terrains, labels and start cells."""

    id: Ident
    """The board's id; its file is named after it."""
    name: LocalText
    """The board's name, printed at its top."""
    hex: HexBoard | None = None
    """A hex board: `rows` with `key`, or `cells`; `hex_size` across flats or auto."""
    grid: Grid | None = None
    """A square grid."""
    terrains: list[Terrain] = Field(default_factory=list, max_length=30)
    """The kinds of cell, with their colours: printed in the legend."""
    labels: list[CellLabel] = Field(default_factory=list, max_length=500)
    """Names printed in cells."""
    starts: list[Start] = Field(default_factory=list, max_length=60)
    """Start cells, ringed in the player's colour."""
    holds: Holds
    places: list[Place] = Field(default_factory=list, max_length=MAX_PLACES)
    """Places on the board's edges, corners or cells: roads, towns, harbours, a lined board's intersections."""
    numbers: Numbers | None = None
    """Number discs on cells, with an emphasis colour and dice pips."""
    tiles: Literal["board", "loose", "both"] = "board"
    """board: print the board whole; loose: print its cells as cut-out tiles to lay anew each game (terrain
    `count` sets how many); both: the board and the tiles."""

    @model_validator(mode="after")
    def _one_kind(self) -> GenericBoard:
        if (self.hex is None) == (self.grid is None):
            raise ValueError("give the board either `hex:` or `grid:`")
        cells = self.grid.columns * self.grid.rows if self.grid is not None else self.hex_cell_count()
        most = sum(
            len(place.at) if place.around is None and place.rim is None and place.along is None else cells * 6
            for place in self.places
        )
        if most > MAX_SPOTS:
            raise PydanticCustomError(
                "pk362",
                f"the board's places may select up to {most:,} edges, corners and cells; pnpkit prints at most "
                f"{MAX_SPOTS:,} (use fewer `around`, `along` or `rim` places)",
            )
        return self

    def hex_cell_count(self) -> int:
        assert self.hex is not None
        return len(self.hex.cells) + sum(len(row.split()) for row in self.hex.rows)

    def cells(self) -> dict[tuple[int, int], tuple[str | None, tuple]]:
        """Every cell by its coordinates ([q, r], or [column, row] from 1), with its terrain and where it is written."""
        if self.hex is not None:
            return {
                (c.q, c.r): (c.terrain, ("hex", *c.path[1:])) for c in self.hex.placed_cells()
            }  # the model's paths start at `board`
        assert self.grid is not None
        return {
            (col + 1, row + 1): (
                self.grid_terrain(col, row),
                ("grid", "cells", row) if self.grid.cells else ("grid",),
            )
            for row in range(self.grid.rows)
            for col in range(self.grid.columns)
        }

    def grid_terrain(self, column: int, row: int) -> str | None:
        """A grid cell's terrain (from 0): as `cells` give it, else the first of `terrains`, else None (plain)."""
        assert self.grid is not None
        given = self.grid.terrain_at(column, row)
        return given if given is not None or not self.terrains else self.terrains[0].id

    def kind(self) -> BoardKind:
        """pointy or flat (a hex board's orientation), or grid."""
        return self.hex.orientation if self.hex is not None else "grid"

    def fixed_space(self) -> float | None:
        """The width a token has on one cell, in mm, when the size is written (not `auto`)."""
        if self.grid is not None:
            return self.grid.cell
        assert self.hex is not None
        return None if self.hex.hex_size == "auto" else self.hex.hex_size


class GenericMap(GraphMap):
    """A node-and-link map with an id: nodes at map positions, links between them, optional island art."""

    id: Ident
    """The map's id; its file is named after it."""
    name: LocalText  # required here; optional on a seed game's single map
    """The map's name, printed at its top."""
    holds: Holds


class CountOrSpaces:
    """JSON Schema only: `spaces:` is the list of spaces, or a count that `GenericTrack` turns into numbered spaces
    before validation, so an editor accepts both."""

    def __get_pydantic_json_schema__(self, schema: Any, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        count = {"type": "integer", "minimum": 2, "maximum": MAX_TRACK_SPACES, "description": "How many spaces."}
        return {"anyOf": [handler(schema), count]}


class GenericTrack(TrackBoard):
    """A track of spaces: around the edge of a rectangle (`layout: rectangle` with `sides`), in a straight line,
    in a square spiral, or along any `path`. `spaces: 30` numbers thirty spaces from `first`."""

    id: Ident
    """The track's id; its file is named after it."""
    name: LocalText
    """The track's name, printed at its top."""
    layout: Literal["rectangle", "path", "straight", "spiral"] = "rectangle"  # type: ignore[assignment]
    """rectangle: around the edge (`sides`); straight: one line; spiral: a square spiral inwards; path: along `path`."""
    first: int = 0
    """The number on the first space, when `spaces` is a count."""
    spaces: Annotated[list[TrackSpace], Field(min_length=2), CountOrSpaces()]
    """The spaces in order (or how many: `spaces: 30`, numbered from `first`)."""
    holds: Holds

    @model_validator(mode="before")
    @classmethod
    def _expand(cls, data: Any) -> Any:
        """A count of spaces becomes numbered spaces; a straight or spiral track gets its path."""
        if not isinstance(data, dict):
            return data
        data = dict(data)
        count = data.get("spaces")
        if isinstance(count, int) and not isinstance(count, bool):
            if not 2 <= count <= MAX_TRACK_SPACES:
                raise ValueError(f"`spaces: {count}`: a track has 2 to {MAX_TRACK_SPACES} spaces")
            first = data.get("first", 0)
            first = first if isinstance(first, int) else 0
            data["spaces"] = [{"value": first + i} for i in range(count)]
        spaces = data.get("spaces")
        n = len(spaces) if isinstance(spaces, list) else 0
        layout = data.get("layout")
        if layout in ("straight", "spiral") and "path" not in data and n >= 2:
            data["path"] = [[i, 0] for i in range(n)] if layout == "straight" else spiral_path(n)
            data.setdefault("closed", False)
        return data

    def space_depth_printed(self) -> float:
        """The side of a space as printed on one A4 or Letter sheet (`sheet: a4` shrinks a large track to fit)."""
        geometry = track_geometry(self)
        side = min((min(box.w, box.h) for box in geometry.spaces), default=self.space_depth)
        return side * self.sheet_scale()

    def sheet_scale(self) -> float:
        """How much `sheet: a4` shrinks the track to fit one A4 or Letter sheet (1: printed at its size)."""
        if self.sheet != "a4":
            return 1.0
        geometry = track_geometry(self)
        w, h = geometry.width, geometry.height
        if w <= 0 or h <= 0:  # no geometry: the track's own problems (a count that does not match) are findings
            return 1.0
        room_w, room_h = A4_ROOM[0], A4_ROOM[1] - 6  # Letter is 18 mm shorter than A4
        return max(min(1.0, room_w / w, room_h / h), min(1.0, room_w / h, room_h / w))


def spiral_path(n: int) -> list[list[int]]:
    """The first `n` cells of a square spiral, from its outer corner inwards: each next to the one before.

    >>> spiral_path(10)[:5], len(spiral_path(10))
    ([[0, 0], [1, 0], [2, 0], [3, 0], [3, 1]], 10)
    """
    side = 1
    while side * side < n:
        side += 1
    cells: list[list[int]] = []
    top, left, bottom, right = 0, 0, side - 1, side - 1
    while len(cells) < n and top <= bottom and left <= right:
        cells += [[x, top] for x in range(left, right + 1)]
        cells += [[right, y] for y in range(top + 1, bottom + 1)]
        if top < bottom:
            cells += [[x, bottom] for x in range(right - 1, left - 1, -1)]
        if left < right:
            cells += [[left, y] for y in range(bottom - 1, top, -1)]
        top, left, bottom, right = top + 1, left + 1, bottom - 1, right - 1
    return cells[:n]


# ---------------------------------------------------------------- checks


def check_boards(kit: GenericKit, ctx: CheckContext) -> None:
    """Every board, map, mat and track: what it names exists, and what goes on it fits."""
    for b, board in enumerate(kit.boards):
        _check_board(kit, ctx, b, board)
    for m, graph in enumerate(kit.maps):
        check_graph(ctx, graph, ("maps", m), MAP_CODES)
        size = ("maps", m, "node_size") if "node_size" in graph.model_fields_set else None
        _check_holds(
            kit, ctx, ("maps", m), graph.holds, graph.node_size, "PK415", f"the nodes of map {graph.id!r}", size
        )
    for t, track in enumerate(kit.tracks):
        sizes = kit.card_sizes()
        for problem in [*check_track(track), *check_field_fits(track, sizes)]:
            code = {"size": "PK405", "fit": "PK414"}.get(problem.kind, "PK305")
            where = ("tracks", t, *problem.path[1:])
            first = ("tracks", t, *problem.first[1:]) if problem.first else ()
            ctx.add(code, where, problem.message + first_at(ctx.source, first, where), problem.hint)
        size = ("tracks", t, "space_depth") if "space_depth" in track.model_fields_set else None
        what = f"the spaces of track {track.id!r}"
        remedy = None
        if (scale := track.sheet_scale()) < 1.0:  # larger spaces would only be shrunk again
            what += f", shrunk to {scale:.0%} to fit one sheet,"
            remedy = "print the track at its size across sheets (`sheet: a3-tiled`), give it fewer spaces, or make the "
            remedy += "tokens smaller ({size_line})"
        printed = track.space_depth_printed()
        _check_holds(kit, ctx, ("tracks", t), track.holds, printed, "PK416", what, size, remedy)
    _check_mats(kit, ctx)
    for group in repeated(
        (thing.id, (field, i, "id"))
        for field in ("boards", "maps", "mats", "tracks")
        for i, thing in enumerate(getattr(kit, field))
    ):
        ctx.add(
            "PK304",
            group.places[1],
            f"two boards, maps, mats or tracks are called {group.key!r} ({group.where(ctx.source)})",
            "rename one",
        )


def _check_board(kit: GenericKit, ctx: CheckContext, b: int, board: GenericBoard) -> None:
    where = ("boards", b)
    terrains = {t.id for t in board.terrains}
    cells = board.cells()
    reported: set[str] = set()
    for terrain, path in cells.values():
        if terrain is not None and terrain not in terrains and terrain not in reported:
            reported.add(terrain)
            known = ", ".join(sorted(terrains)) or "none: add `terrains:`"
            ctx.add("PK305", (*where, *path), f"no terrain {terrain!r}", f"terrains: {known}")
    for field in ("labels", "starts"):
        for i, entry in enumerate(getattr(board, field)):
            at = (entry.at[0], entry.at[1])
            if at not in cells:
                hint = cell_hint(board.kind(), cells, at)
                ctx.add("PK305", (*where, field, i, "at"), f"the board has no cell {list(at)}", hint)
    players = len(kit.tokens.players) if kit.tokens else 0
    for i, start in enumerate(board.starts):
        if start.player > players:
            ctx.add(
                "PK305",
                (*where, "starts", i, "player"),
                f"no player {start.player}: `tokens: players` lists {players}",
                "number players from 1, in the order of `tokens: players`",
            )
    room = board.fixed_space()
    size = (*where, "grid", "cell") if board.grid is not None else (*where, "hex", "hex_size")
    written = board.grid is None or "cell" in board.grid.model_fields_set
    what = f"the cells of board {board.id!r}"
    _check_holds(kit, ctx, where, board.holds, room, "PK415", what, size if written else None)
    terrain_of = {at: terrain for at, (terrain, _path) in cells.items()}
    check_places(ctx, where, board.places, board.kind(), terrain_of, terrains)
    pieces = [PieceSize(*holder) for holder in holders(kit)]
    check_place_fits(ctx, where, board.places, board.kind(), room, size if written else None, pieces, CLEARANCE_MM)
    if board.numbers is not None:
        check_numbers(ctx, where, board.numbers, board.kind(), terrain_of)


class Holder(NamedTuple):
    """A kind of piece that stands on a space, by the footprint it covers there."""

    id: str
    """`players` for the player tokens, else the piece or marker id that `holds:` names."""
    width: float
    """The footprint's longer side in mm (a round piece's diameter)."""
    height: float
    """The footprint's shorter side in mm (equal to `width` for a round or square piece)."""
    name: str
    """How a finding names it: "the player tokens", "marker 'robber'"."""


def holders(kit: GenericKit) -> Iterator[Holder]:
    """Each kind of piece that stands somewhere, with its footprint: the player tokens, the pieces every player
    colour gets, and the markers, each at its own shape and size."""
    sheet = kit.tokens
    if sheet is None:
        return
    size = sheet.diameter
    if sheet.per_player:  # a sheet of `pieces:` alone prints no plain player tokens
        yield Holder(PLAYERS, size, size, "the player tokens")
    for piece in sheet.pieces:
        yield Holder(piece.id, *piece.footprint(size), f"the {piece.id!r} pieces")
    for marker in sheet.markers:
        yield Holder(marker.id, *marker.footprint(size), f"marker {marker.id!r}")


def holder_size_line(kit: GenericKit, holder_id: str) -> str:
    """The line that sets a holder's size, as a hint names it: `tokens: pieces: 0: size`, or `tokens: diameter`."""
    sheet = kit.tokens
    if sheet is not None:
        for at, kind in sheet.kinds():
            if getattr(kind, "id", None) == holder_id:
                return size_line(sheet, at, kind)
    return "tokens: diameter"


def _check_holds(
    kit: GenericKit,
    ctx: CheckContext,
    where: tuple,
    holds: list[str],
    room: float | None,
    code: str,
    what: str,
    size_path: tuple | None = None,
    remedy: str | None = None,
) -> None:
    """Each token kind `holds` names exists and fits `room` with CLEARANCE_MM to spare (None: the room is known
    only at layout); a misfit is reported at the line that sets the space's size (or the `holds` entry when the
    size is the default). `remedy` replaces the hint where larger spaces would not help ({size_line} names the
    piece's size line)."""
    tokens = {holder.id: (holder.width, holder.name) for holder in holders(kit)}
    for i, token_id in enumerate(holds):
        found = tokens.get(token_id)
        if found is None:
            known = ", ".join(sorted(tokens)) or "none: add `tokens:`"
            ctx.add("PK305", (*where, "holds", i), f"no token kind {token_id!r}", f"holds: {known}")
            continue
        diameter, name = found
        if room is not None and not token_room(room, diameter, CLEARANCE_MM):
            ctx.add(
                code,
                size_path or (*where, "holds", i),
                f"{name} are {diameter:g} mm across; {what} are {room:.1f} mm: a token needs {CLEARANCE_MM:g} mm "
                "less, so players see which space it is on",
                (remedy or "make the spaces at least {room} mm, or the tokens smaller ({size_line})").format(
                    room=f"{diameter + CLEARANCE_MM:g}", size_line=holder_size_line(kit, token_id)
                ),
            )


def _check_mats(kit: GenericKit, ctx: CheckContext) -> None:
    sizes = kit.card_sizes()
    for m, mat in enumerate(kit.mats):
        for r, row in enumerate(mat.rows):
            for z, zone in enumerate(row.zones):
                if zone.cards is not None and zone.cards.deck not in sizes:
                    known = ", ".join(sorted(sizes)) or "none"
                    path = ("mats", m, "rows", r, "zones", z, "cards", "deck")
                    ctx.add("PK305", path, f"no deck {zone.cards.deck!r}", f"decks: {known}")
        placed, misfits = mat_geometry(mat, ("mats", m), sizes)
        zones = {p.path: p.zone for p in placed}
        for misfit in misfits:
            zone = zones[misfit.path[:-1]]
            assert zone.cards is not None
            message, hint = misfit_message(misfit, zone.cards.deck, zone.cards.count)
            ctx.add("PK414", misfit.path, message, hint)
        for group in repeated(
            (zone.id, ("mats", m, "rows", r, "zones", z, "id"))
            for r, row in enumerate(mat.rows)
            for z, zone in enumerate(row.zones)
        ):
            ctx.add(
                "PK304",
                group.places[1],
                f"two zones of mat {mat.id!r} are called {group.key!r} ({group.where(ctx.source)})",
                "rename one",
            )


__all__ = [
    "CellLabel",
    "GenericBoard",
    "GenericMap",
    "GenericTrack",
    "Grid",
    "Holder",
    "Mat",
    "Start",
    "Terrain",
    "check_boards",
    "spiral_path",
]
