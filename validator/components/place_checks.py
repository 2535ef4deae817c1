"""The checks of a board's places and number discs: each names a cell and side the board has, none is written
twice, and every piece a place holds fits it (PK415 at the line that sets the size)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..repeats import repeated
from .mats import token_room
from .places import BoardKind, Numbers, Place, bad_rim_sides, line_cells, place_room, select_spots, sides_of

if TYPE_CHECKING:
    from ..checks import CheckContext


class PieceSize(NamedTuple):
    """A kind of piece by its footprint: `validator.games.generic_boards.Holder`, without importing the game."""

    id: str
    width: float
    height: float
    name: str


class Misfit(NamedTuple):
    """A piece too large for a kind of place: which place and `holds` entry, and what to say."""

    place: int
    hold: int
    message: str
    hint: str


def check_places(
    ctx: CheckContext,
    where: tuple,
    places: list[Place],
    kind: BoardKind,
    cells: dict[tuple[int, int], str | None],
    terrains: set[str],
) -> None:
    """References: cells, sides, terrains; one edge or corner written twice (two places with one id are PK304 by
    the kit's check of every list's ids)."""
    for p, place in enumerate(places):
        at = (*where, "places", p)
        _spots, problems, written = select_spots(place, kind, cells)
        for problem in problems:
            hint = problem.hint or cell_hint(kind, cells, place.at[problem.index])
            ctx.add("PK305", (*at, "at", problem.index), problem.message, hint)
        for i, side in bad_rim_sides(place, kind):
            ctx.add("PK305", (*at, "rim", i), f"a cell has no side {side!r}", ", ".join(sides_of(kind, place.on)))
        if place.along is not None and not line_cells(kind, place.along):
            ctx.add(
                "PK305",
                (*at, "along"),
                f"{place.along[0]} and {place.along[1]} are not on one straight line",
                "give two cells in one row or column" + ("" if kind == "grid" else ", or on one diagonal of hexes"),
            )
        if isinstance(place.around, list):
            for i, terrain in enumerate(place.around):
                if terrain not in terrains:
                    known = ", ".join(sorted(terrains)) or "none: add `terrains:`"
                    ctx.add("PK305", (*at, "around", i), f"no terrain {terrain!r}", f"terrains: {known}")
        what = {"edges": "edge", "corners": "corner", "cells": "cell"}[place.on]
        for twice in repeated((key, (*at, "at", i)) for key, i in written):
            ctx.add(
                "PK304",
                twice.places[1],
                f"place {place.id!r} names this {what} twice ({twice.where(ctx.source)}): the {what} between two "
                "cells is one place, written from either",
                "remove one",
            )


def check_numbers(
    ctx: CheckContext, where: tuple, numbers: Numbers, kind: BoardKind, cells: dict[tuple[int, int], str | None]
) -> None:
    for i, disc in enumerate(numbers.discs):
        if (disc.at[0], disc.at[1]) not in cells:
            hint = cell_hint(kind, cells, disc.at)
            ctx.add("PK305", (*where, "numbers", "discs", i, "at"), f"the board has no cell {disc.at}", hint)
    for group in repeated(
        ((disc.at[0], disc.at[1]), (*where, "numbers", "discs", i, "at")) for i, disc in enumerate(numbers.discs)
    ):
        ctx.add("PK304", group.places[1], f"two number discs on one cell ({group.where(ctx.source)})", "remove one")


def place_misfits(
    places: list[Place], kind: BoardKind, size: float, pieces: Sequence[PieceSize], clearance: float
) -> list[Misfit]:
    """Each piece a place `holds` that does not fit it at cells `size` mm across (unknown pieces are PK305
    elsewhere): longer than an edge, wider than the room at a corner."""
    by_id = {piece.id: piece for piece in pieces}
    found = []
    for p, place in enumerate(places):
        length, depth = place_room(kind, place.on, size)
        for h, piece_id in enumerate(place.holds):
            piece = by_id.get(piece_id)
            if piece is None:
                continue
            long_ok = token_room(length, piece.width, clearance)
            deep_ok = token_room(depth, piece.height, clearance)
            if long_ok and deep_ok:
                continue
            what = {"edges": "edges", "corners": "corners", "cells": "cells"}[place.on]
            shape = f"{piece.width:g} × {piece.height:g} mm" if piece.width != piece.height else f"{piece.width:g} mm"
            room = f"{length:.1f} mm long and {depth:.1f} mm deep" if place.on == "edges" else f"{length:.1f} mm"
            found.append(
                Misfit(
                    p,
                    h,
                    f"{piece.name} are {shape}; the {what} of place {place.id!r} give {room}: a piece needs "
                    f"{clearance:g} mm to spare, so players see which place it is on",
                    "make the board's cells larger (hex_size or cell), or the pieces smaller",
                )
            )
    return found


def check_place_fits(
    ctx: CheckContext,
    where: tuple,
    places: list[Place],
    kind: BoardKind,
    size: float | None,
    size_path: tuple | None,
    pieces: Sequence[PieceSize],
    clearance: float,
) -> None:
    """Unknown pieces are PK305 at their `holds` entry; a misfit is PK415 at the line that sets the cells' size
    (or the `holds` entry when the size is the default). `size` None: known only at layout."""
    known = {piece.id for piece in pieces}
    for p, place in enumerate(places):
        for h, piece_id in enumerate(place.holds):
            if piece_id not in known:
                names = ", ".join(sorted(known)) or "none: add `tokens:`"
                ctx.add("PK305", (*where, "places", p, "holds", h), f"no token kind {piece_id!r}", f"holds: {names}")
    if size is None:
        return
    for misfit in place_misfits(places, kind, size, pieces, clearance):
        path = size_path or (*where, "places", misfit.place, "holds", misfit.hold)
        ctx.add("PK415", path, misfit.message, misfit.hint)


def cell_hint(kind: BoardKind, cells: Mapping[tuple[int, int], object], at: Sequence[object]) -> str:
    """Which cells there are: a grid's columns and rows; the pointy row's run of q or the flat column's run of r
    (the row or column asked about)."""
    if kind == "grid":
        columns = max((c for c, _r in cells), default=0)
        rows = max((r for _c, r in cells), default=0)
        return f"give [column, row]: columns 1–{columns}, rows 1–{rows}"
    if not cells:
        return "the board has no cells"
    flat = kind == "flat"
    line, other = ("column q", "r") if flat else ("row r", "q")
    asked = at[0] if flat else at[1]
    run = sorted(c[1] if flat else c[0] for c in cells if (c[0] if flat else c[1]) == asked)
    if not run:
        lines = sorted({c[0] if flat else c[1] for c in cells})
        return f"give [q, r]: {line} = {lines[0]}–{lines[-1]}"
    way = "top to bottom" if flat else "left to right"
    return f"give [q, r]: {line} = {asked} runs from {other} = {run[0]} to {other} = {run[-1]} (axial, {way})"
