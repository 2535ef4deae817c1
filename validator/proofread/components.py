"""Components against the rules: every state the rules create has a piece on the table to show it.

A crater that blocks its neighbours for two cycles, a defence waiting for the next attack, a second
position on another board: the rules create them, so the kit must print something that shows each one,
enough of it for every copy that can be in play at once, and a countdown where it ends by itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..components.tokens import Marker, PlayerPiece

if TYPE_CHECKING:
    from ..checks import CheckContext
    from ..components.kit import KitBase
    from ..components.play import State
    from .vocabulary import Numbers

COUNTED = frozenset({"turn", "cycle", "round"})
"""Units a marker counts down; an `event` or `until` state simply ends at its trigger."""


def check_components(ctx: CheckContext, kit: KitBase, numbers: Numbers) -> None:
    """PK343: a state the rules create with no component to show it, too few of it, or no countdown."""
    states = kit.table_states()
    if not states:
        return
    components = kit.component_ids()
    known = ", ".join(sorted(components)[:10]) or "none"  # written once, not sorted again for every state
    lang = ctx.languages[0] if ctx.languages else "en"
    for state, where in states:
        name = state.name.get(lang)
        shown = state.shown_by or state.id
        found = components.get(shown)
        if found is None:
            at = (*where, "shown_by") if state.shown_by else where
            ctx.add(
                "PK343",
                at,
                f"the rules create {name!r}, {_what(state)}, but no component shows it",
                kit.SHOW_STATE_HINT.format(id=shown) + f" (known: {known})",
            )
            continue
        component, component_at = found
        if isinstance(component, (Marker, PlayerPiece)):
            _check_pieces(ctx, kit, numbers, state, where, component, component_at, name)
        elif isinstance(getattr(component, "slots", None), int):  # a zone of the play area, with its card spaces
            _check_spaces(ctx, numbers, state, where, component, component_at, name)


def _check_spaces(
    ctx: CheckContext, numbers: Numbers, state: State, where: tuple, zone: object, zone_at: tuple, name: str
) -> None:
    """A zone that shows fewer card spaces than the cards the rules can put there."""
    most = numbers((*where, "most"), state.most) if state.most is not None else None
    slots: int = getattr(zone, "slots")  # noqa: B009  (checked to be an int by the caller)
    if most is not None and slots < most:
        ctx.add(
            "PK343",
            (*zone_at, "slots"),
            f"{name!r} shows {slots} card space(s), but the rules put up to {most} cards there",
            f"show slots: {most} (the cards overlap)",
        )


def _check_pieces(
    ctx: CheckContext,
    kit: KitBase,
    numbers: Numbers,
    state: State,
    where: tuple,
    piece: Marker | PlayerPiece,
    piece_at: tuple,
    name: str,
) -> None:
    """Enough of the pieces for every copy of the state in play at once, and a countdown where it ends by itself."""
    most = numbers((*where, "most"), state.most) if state.most is not None else None
    players = kit.players.max
    if most is not None:
        need = most * (players if state.per == "player" else 1)
        have, field = (
            (piece.count, "count") if isinstance(piece, Marker) else (piece.per_player * players, "per_player")
        )
        if have < need:
            each = f" ({most} for each of {players} players)" if state.per == "player" else ""
            fix = f"count: {need}" if isinstance(piece, Marker) else f"per_player: {most}"
            ctx.add(
                "PK343",
                (*piece_at, field),
                f"{have} {piece.id} piece(s), but up to {need} {name!r} can be in play at once{each}",
                f"print {fix}",
            )
    lasts = state.lasts
    if not isinstance(piece, Marker):
        return
    marker, marker_at = piece, piece_at
    if lasts is not None and lasts.unit in COUNTED and lasts.count > 1 and (marker.countdown or 0) < lasts.count:
        ctx.add(
            "PK343",
            marker_at,
            f"{name!r} lasts {lasts.count} {lasts.unit}s, but its marker {marker.id!r} cannot count them down",
            f"add countdown: {lasts.count} to the marker",
        )


MARKS = {
    "cell": "which marks a board cell",
    "space": "which marks a place on the board",
    "card": "which marks a card",
    "player": "which marks a player",
    "zone": "which fills a zone",
    "board": "which holds for the whole board",
}


def _what(state: State) -> str:
    """What the state marks, and for how long: "which marks a board cell for 2 cycles"."""
    lasts = state.lasts
    time = f" for {lasts.count} {lasts.unit}{'s' if lasts.count > 1 else ''}" if lasts and lasts.unit in COUNTED else ""
    return MARKS[state.on] + time
