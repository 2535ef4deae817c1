"""What Coin Race prints: everything a generic kit declares (its coin cards, its rules), and the race itself.

The race track is drawn from the race's own numbers (`race: {track, gold_every}`) by pnpkit's shared track layout,
so the board always agrees with the rules and the playtest engine: a spiral of spaces from Start (0) to the goal,
every gold space marked. Below it, one pawn in each colour of `race: {pawns}`, drawn by the shared token layout;
when the board leaves no room, the pawns take a page of their own.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from pnpkit.generator.games import generic
from pnpkit.generator.games.base import Component, text
from pnpkit.generator.i18n import players_line
from pnpkit.generator.icons.markers import PLAYER_MARKS
from pnpkit.generator.layouts.context import INK, page_title
from pnpkit.generator.layouts.tokens import CUT, token
from pnpkit.generator.layouts.tracks import SpaceLook, track_art, track_pages
from pnpkit.generator.scene import Circle, Group, Item, Page, Text
from pnpkit.validator.components.tracks import TrackBoard, TrackGeometry, track_geometry
from pnpkit.validator.games.generic_boards import spiral_path

if TYPE_CHECKING:
    from pnpkit.generator.layouts.context import LayoutContext

    from .model import CoinRaceKit

tr = generic.tr.extend(
    {
        "race_track": {"ja": "レースのコース", "en": "Race track"},
        "race_start": {"ja": "スタート", "en": "Start"},
        "race_gold": {"ja": "金", "en": "Gold"},
        "race_goal": {"ja": "ゴール", "en": "Goal"},
        "race_pawns": {"ja": "コマ（点線の円に沿って切り抜く）", "en": "Pawns (cut out along the dashed circles)"},
        "race_pawn": {"ja": "コマ：{name}", "en": "Pawn: {name}"},
    }
)

SPACE_MM = 28.0
"""A space's side: room for a pawn with a finger's clearance; six across fill an A4 or Letter sheet. A longer race
gets smaller spaces (14 mm for the longest), and its pawns stay 2 mm narrower than a space."""
PAWN_MM = 16.0
PAWN_ROW = 12.5 + PAWN_MM
"""The pawns' heading, their names and the pawns themselves, in their cut circles."""
GOLD, GOLD_INK = "#f2cf5b", "#5a4300"
GOAL, GOAL_INK = "#2f6b3f", "#ffffff"
FOOT = 14.0
"""Room the scale bar and its print note keep at the foot of the page."""


def components(kit: CoinRaceKit, ctx: LayoutContext) -> list[Component]:
    parts = generic.components(kit, ctx)
    race = race_component(kit, ctx)
    return [*parts[:-1], race, parts[-1]] if parts and parts[-1].slug == "rules" else [*parts, race]


def race_component(kit: CoinRaceKit, ctx: LayoutContext) -> Component:
    """The track, and the pawns below it (or on a page of their own)."""
    lang = ctx.lang
    name = tr("race_track", lang)
    heading = f"{text(kit.title, lang)} — {name}"
    side = space_side(ctx, kit.race.track + 1)
    geometry, art = race_track(kit, ctx, side)
    pages = track_pages(ctx, heading, players_line(kit.players, lang), geometry, art, "a4")
    pawns = [(tr("race_pawn", lang, name=text(p.name, lang)), p.colour) for p in kit.race.pawns]
    if pawns:
        pages = with_pawns(ctx, pages, heading, pawns, geometry, min(PAWN_MM, side - 2.0))
    return Component(
        "race-track",
        heading,
        tuple(pages),
        stock=tr("stock_board", lang),
        steps=tuple(tr("steps_board", lang).split("\n")) + ((tr("steps_tokens", lang),) if pawns else ()),
        checklist=((name, 1), *((label, 1) for label, _colour in pawns)),
    )


def space_side(ctx: LayoutContext, spaces: int) -> float:
    """The side of a space: SPACE_MM, or less for a long race, so the whole spiral prints at 100 % on one sheet."""
    across = math.ceil(math.sqrt(spaces))
    room = min(ctx.paper.width - 2 * ctx.margin, ctx.paper.height - 2 * ctx.margin - 12.0 - FOOT)
    return min(SPACE_MM, math.floor(room / across * 10) / 10)


def race_track(kit: CoinRaceKit, ctx: LayoutContext, side: float) -> tuple[TrackGeometry, list[Item]]:
    """The spaces 0…track along a square spiral, gold every `gold_every`, the goal in the middle."""
    lang, race = ctx.lang, kit.race
    spaces = race.track + 1
    board = TrackBoard.model_validate(
        {
            "layout": "path",
            "path": spiral_path(spaces),
            "closed": False,
            "space_depth": f"{side:g}mm",
            "spaces": [{"value": n} for n in range(spaces)],
        }
    )

    def look(n: int) -> SpaceLook:
        where = ("race", "track")
        if n == 0:
            return SpaceLook("0", tr("race_start", lang), where=where)
        if n == race.track:
            return SpaceLook(str(n), tr("race_goal", lang), fill=GOAL, ink=GOAL_INK, where=where)
        if n % race.gold_every == 0:
            return SpaceLook(str(n), tr("race_gold", lang), fill=GOLD, ink=GOLD_INK, where=("race", "gold_every"))
        return SpaceLook(str(n), where=where)

    geometry = track_geometry(board)
    return geometry, track_art(ctx, geometry, [look(n) for n in range(spaces)])


def with_pawns(
    ctx: LayoutContext,
    pages: list[Page],
    heading: str,
    pawns: list[tuple[str, str]],
    geometry: TrackGeometry,
    diameter: float,
) -> list[Page]:
    """The pawns in a row under the board on its last page, or on a page of their own where the board fills it."""
    page = pages[-1]
    boards = [item for item in page.items if isinstance(item, Group) and item.role == "track-board"]
    bottom = max((board.dy + board_height(board, geometry) for board in boards), default=ctx.paper.height)
    needed = 6.0 + PAWN_ROW  # a gap, then the heading, the names and the pawns
    if bottom + needed > ctx.paper.height - ctx.margin - FOOT:
        first = Page(page.width, page.height, tuple(page_title(ctx, heading)), heading)
        row = pawn_row(ctx, ctx.margin + 14.0, pawns, diameter)
        return [*pages, replace(first, items=first.items + tuple(row))]
    return [*pages[:-1], replace(page, items=page.items + tuple(pawn_row(ctx, bottom + 6.0, pawns, diameter)))]


def board_height(group: Group, geometry: TrackGeometry) -> float:
    """How tall the board prints: the track layout may turn it a quarter and scale it to fit."""
    turned = any(isinstance(item, Group) and item.role == "board-turned" for item in group.items)
    return (geometry.width if turned else geometry.height) * group.scale


def pawn_row(ctx: LayoutContext, y: float, pawns: list[tuple[str, str]], diameter: float) -> list[Item]:
    """A heading, then each pawn under its name, a player mark on it so colours need not be told apart."""
    lang, margin = ctx.lang, ctx.margin
    items: list[Item] = [Text(margin, y + 3.5, tr("race_pawns", lang), 10, colour=INK, bold=True)]
    pitch = (ctx.paper.width - 2 * margin) / max(len(pawns), 4)
    r = diameter / 2
    for i, (label, colour) in enumerate(pawns):
        cx, cy = margin + pitch * (i + 0.5), y + PAWN_ROW - PAWN_MM + r - 0.6
        where = ("race", "pawns", i, "name", lang)
        items.append(ctx.one_line(Text(cx, y + 8.5, label, 8, colour=INK, anchor="middle"), pitch - 2.0, where=where))
        items.append(token(cx, cy, r, colour, PLAYER_MARKS[i % len(PLAYER_MARKS)], "player-piece", label))
        items.append(Circle(cx, cy, r + 0.6, style=CUT, role="cut"))
    return items
