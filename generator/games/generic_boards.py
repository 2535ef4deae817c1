"""A generic kit's boards, maps, mats and tracks, drawn by the shared layouts from its YAML alone.

Each is one component named after its id. Tokens that stand on a hex board printed at
`hex_size: auto` are checked here, at the size the board prints (PK415); every other fit
is known before layout and checked by the validator (validator.games.generic_boards).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pnpkit.validator.components.hexboard import Orientation
from pnpkit.validator.components.mats import mat_geometry, token_room
from pnpkit.validator.components.place_checks import PieceSize, place_misfits
from pnpkit.validator.components.places import select_spots, two_dice_ways
from pnpkit.validator.components.tracks import track_geometry
from pnpkit.validator.games.generic import GenericKit
from pnpkit.validator.games.generic_boards import (
    CLEARANCE_MM,
    GenericBoard,
    GenericMap,
    GenericTrack,
    holder_size_line,
    holders,
)

from ..i18n import players_line
from ..layouts.context import LayoutContext, TextProblem
from ..layouts.graphmap import LegendEntry, map_pages, spec_of
from ..layouts.grids import PLAIN, GridSpec, grid_pages
from ..layouts.hexboard import (
    BoardCell,
    CellMarks,
    TerrainStyle,
    board_pages,
    legend_entries,
    legend_height,
    one_sheet_size,
    terrain_legend,
)
from ..layouts.loose_tiles import LooseTile, tile_pages
from ..layouts.mats import ZoneWords, mat_page
from ..layouts.places import DiscLook, PlaceLook, overhang
from ..layouts.tracks import SpaceLook, track_art, track_pages
from .base import Component, text
from .generic_words import tr


def board_components(kit: GenericKit, ctx: LayoutContext, title: str) -> list[Component]:
    """Every board, map, mat and track the kit declares, in that order."""
    parts = [part for b, board in enumerate(kit.boards) for part in _board(kit, ctx, b, board, title)]
    parts += [_map(kit, ctx, m, graph, title) for m, graph in enumerate(kit.maps)]
    parts += [_mat(kit, ctx, m, title) for m in range(len(kit.mats))]
    parts += [_track(kit, ctx, t, track, title) for t, track in enumerate(kit.tracks)]
    return parts


def _component(
    kit: GenericKit, ctx: LayoutContext, slug: str, name: str, pages: list, per_player: bool = False
) -> Component:
    """A board-like component: printed on card at 100 %, one (or one per player) in the box."""
    lang = ctx.lang
    count = kit.players.max if per_player else 1
    return Component(
        slug,
        f"{text(kit.title, lang)} — {name}",
        tuple(pages),
        copies=str(count),
        stock=tr("stock_board", lang),
        steps=tuple(tr("steps_board", lang).split("\n")),
        checklist=((name, count),),
    )


def _marks(kit: GenericKit, board: GenericBoard, b: int, lang: str, values: dict[str, Any]) -> CellMarks:
    colours = [p.colour for p in kit.tokens.players] if kit.tokens else []
    labels = {
        (label.at[0], label.at[1]): (text(label.text, lang, values), ("boards", b, "labels", i, "text", lang))
        for i, label in enumerate(board.labels)
    }
    starts = {
        (start.at[0], start.at[1]): colours[start.player - 1] for start in board.starts if start.player <= len(colours)
    }
    sizes = {holder.id: (holder.width, holder.height) for holder in holders(kit)}
    terrain_of = {at: terrain for at, (terrain, _path) in board.cells().items()}
    looks = []
    for p, place in enumerate(board.places):
        spots, _problems, _written = select_spots(place, board.kind(), terrain_of)
        pieces = [sizes[piece] for piece in place.holds if piece in sizes]
        looks.append(
            PlaceLook(
                place.id,
                place.on,
                place.look,
                place.colour,
                tuple(spots),
                max(pieces) if pieces else None,
                text(place.name, lang, values) if place.name else "",
                text(place.label, lang, values) if place.label else "",
                ("boards", b, "places", p, "label", lang),
            )
        )
    discs: dict[tuple[int, int], DiscLook] = {}
    numbers = board.numbers
    if numbers is not None:
        emphasis = numbers.emphasis
        for i, disc in enumerate(numbers.discs):
            colour = emphasis.colour if emphasis is not None and disc.value in emphasis.values else "#000000"
            pips = disc.pips if disc.pips is not None else (two_dice_ways(disc.value) if numbers.pips == "2d6" else 0)
            where = ("boards", b, "numbers", "discs", i, "value")
            discs.setdefault(
                (disc.at[0], disc.at[1]), DiscLook((disc.at[0], disc.at[1]), str(disc.value), colour, pips, where)
            )
    disc_colour = numbers.colour if numbers is not None else "#f4ecd8"
    return CellMarks(labels, starts, tuple(looks), discs, disc_colour)


def _board(kit: GenericKit, ctx: LayoutContext, b: int, board: GenericBoard, title: str) -> list[Component]:
    """The board (unless it is only loose tiles), then its loose tiles (when it has them)."""
    lang = ctx.lang
    values = kit.placeholder_values()
    heading = f"{title} — {text(board.name, lang, values)}"
    subtitle = players_line(kit.players, lang)
    styles = [
        TerrainStyle(t.id, text(t.name, lang, values), t.colour, "none", "#555555", t.blocked) for t in board.terrains
    ]
    marks = _marks(kit, board, b, lang, values)
    if board.grid is not None:
        grid = board.grid
        terrains = tuple(tuple(board.grid_terrain(c, r) for c in range(grid.columns)) for r in range(grid.rows))
        counts: dict[str, int] = {}
        for row in terrains:
            for terrain in row:
                if terrain is not None:
                    counts[terrain] = counts.get(terrain, 0) + 1
        frame_colour = board.terrains[0].colour if board.terrains else PLAIN.colour
        on_board = set(board.cells())
        frame = max(grid.frame or 0.0, overhang(marks.places, "grid", grid.cell, on_board))  # room for rim slots
        spec = GridSpec(grid.columns, grid.rows, grid.cell, terrains, grid.coordinates, frame, frame_colour)
        entries = legend_entries(styles, marks)
        legend = (
            terrain_legend(
                ctx, styles, counts, 0.0, tr("legend", lang), square=True, starts=len(board.starts), places=marks.places
            )
            if entries
            else []
        )
        height = legend_height(entries) if entries else 0.0
        pages = grid_pages(ctx, heading, subtitle, spec, {s.id: s for s in styles}, marks, legend, height)
        whole = _component(kit, ctx, board.id, text(board.name, lang, values), pages)
        return _with_tiles(kit, ctx, b, board, whole, grid.cell, None, counts)
    assert board.hex is not None
    orientation = board.hex.orientation
    cells = [BoardCell(c.q, c.r, c.terrain, orientation) for c in board.hex.placed_cells()]
    size = None if board.hex.hex_size == "auto" else board.hex.hex_size
    auto = one_sheet_size(ctx, cells, legend_entries(styles, marks), marks)
    if size is None:
        _check_auto_hexes(kit, ctx, b, board, auto)
    pages = board_pages(ctx, heading, subtitle, cells, styles, tr("legend", lang), size, marks)
    whole = _component(kit, ctx, board.id, text(board.name, lang, values), pages)
    counts = {t.id: sum(c.terrain == t.id for c in cells) for t in board.terrains}
    return _with_tiles(kit, ctx, b, board, whole, size or auto, orientation, counts)


def _with_tiles(
    kit: GenericKit,
    ctx: LayoutContext,
    b: int,
    board: GenericBoard,
    whole: Component,
    size: float,
    shape: Orientation | None,
    counts: dict[str, int],
) -> list[Component]:
    """`tiles: board` the board alone; `loose` its tiles alone; `both` the two. Each terrain gives `count` tiles, or
    as many as the board has cells of it; tiles are as large as the board's cells."""
    if board.tiles == "board":
        return [whole]
    lang = ctx.lang
    values = kit.placeholder_values()
    tiles = [
        LooseTile(
            text(terrain.name, lang, values),
            terrain.colour,
            terrain.count if terrain.count is not None else counts.get(terrain.id, 0),
            ("boards", b, "terrains", t, "name", lang),
        )
        for t, terrain in enumerate(board.terrains)
    ]
    name = tr("loose_tiles", lang).format(name=text(board.name, lang, values))
    heading = f"{text(kit.title, lang, values)} — {name}"
    marks = _marks(kit, board, b, lang, values)
    discs = tuple((disc, marks.disc_colour) for disc in marks.discs.values()) if board.tiles == "loose" else ()
    pages = tile_pages(ctx, heading, players_line(kit.players, lang), tiles, size, shape, discs)
    loose = _component(kit, ctx, f"{board.id}-tiles", name, pages)
    checklist = [(name, sum(tile.count for tile in tiles))]
    if discs:
        checklist.append((tr("number_discs", lang), len(discs)))
    loose = replace(loose, checklist=tuple(checklist))
    return [loose] if board.tiles == "loose" else [whole, loose]


def _check_auto_hexes(kit: GenericKit, ctx: LayoutContext, b: int, board: GenericBoard, across: float) -> None:
    """PK415 for a board that prints at `hex_size: auto`: its tokens against the hexes it gets on this paper."""
    tokens = {holder.id: (holder.width, holder.name) for holder in holders(kit)}
    for i, token_id in enumerate(board.holds):
        if token_id in tokens and not token_room(across, tokens[token_id][0], CLEARANCE_MM):
            diameter, name = tokens[token_id]
            ctx.problems.append(
                TextProblem(
                    "PK415",
                    ("boards", b, "holds", i),
                    f"{name} are {diameter:g} mm across; at `hex_size: auto` board {board.id!r} prints hexes "
                    f"{across:.1f} mm across on {ctx.paper.name.upper()}: a token needs {CLEARANCE_MM:g} mm less",
                    f"give the board `hex_size: {diameter + CLEARANCE_MM:g}mm` (it is then tiled across sheets), or make "
                    f"the tokens smaller ({holder_size_line(kit, token_id)})",
                )
            )
    pieces = [PieceSize(*holder) for holder in holders(kit)]
    for misfit in place_misfits(board.places, board.kind(), across, pieces, CLEARANCE_MM):
        ctx.problems.append(
            TextProblem(
                "PK415",
                ("boards", b, "places", misfit.place, "holds", misfit.hold),
                f"{misfit.message} (at `hex_size: auto` the hexes print {across:.1f} mm across on "
                f"{ctx.paper.name.upper()})",
                "give the board a larger `hex_size` (it is then tiled across sheets), or make the pieces smaller",
            )
        )


def _map(kit: GenericKit, ctx: LayoutContext, m: int, graph: GenericMap, title: str) -> Component:
    lang = ctx.lang
    heading = f"{title} — {text(graph.name, lang)}"
    spec = spec_of(graph, lang, where=("maps", m))
    legend = [LegendEntry("ring", text(kind.name, lang), kind.colour) for kind in graph.kinds]
    pages = map_pages(ctx, heading, players_line(kit.players, lang), spec, legend, tr("map_note", lang))
    return _component(kit, ctx, graph.id, text(graph.name, lang), pages)


def _mat(kit: GenericKit, ctx: LayoutContext, m: int, title: str) -> Component:
    lang = ctx.lang
    mat = kit.mats[m]
    values = kit.placeholder_values()
    sizes = kit.card_sizes()
    names = {deck.id: text(deck.name, lang, values) for deck in kit.decks}
    placed, _misfits = mat_geometry(mat, ("mats", m), sizes)
    heading = f"{title} — {text(mat.name, lang, values)}"

    def words(zone: Any) -> ZoneWords:
        spaces = zone.zone.cards
        deck = names.get(spaces.deck, "") if spaces is not None else ""
        note = text(zone.zone.note, lang, values) if zone.zone.note else ""
        return ZoneWords(text(zone.zone.name, lang, values), note, deck)

    page = mat_page(ctx, heading, mat, placed, words, players_line(kit.players, lang))
    return _component(kit, ctx, mat.id, text(mat.name, lang, values), [page], mat.per_player)


def _track(kit: GenericKit, ctx: LayoutContext, t: int, track: GenericTrack, title: str) -> Component:
    lang = ctx.lang
    values = kit.placeholder_values()
    heading = f"{title} — {text(track.name, lang, values)}"
    geometry = track_geometry(track)
    looks = [
        SpaceLook(
            "" if space.value is None else str(space.value),
            text(space.label, lang, values),
            where=("tracks", t, "spaces", i),
            size=min(20.0, track.space_depth * 0.9),
        )
        for i, space in enumerate(track.spaces)
    ]
    art = track_art(ctx, geometry, looks)
    pages = track_pages(ctx, heading, players_line(kit.players, lang), geometry, art, track.sheet)
    return _component(kit, ctx, track.id, text(track.name, lang, values), pages)


__all__ = ["board_components"]
