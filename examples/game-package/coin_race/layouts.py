"""What Coin Race prints: everything a generic kit declares (its deck, its pawns, its rules), and the race track.

The track is drawn from the race's own numbers (`race: {track, gold_every}`) by pnpkit's shared track layout, so
the board always agrees with the rules and the playtest engine: a spiral of spaces from Start (0) to the goal,
every gold space marked. The pawns are the kit's `tokens:` player colours, printed by the generic kit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpkit.generator.games import generic
from pnpkit.generator.games.base import Component, text
from pnpkit.generator.i18n import players_line
from pnpkit.generator.layouts.tracks import SpaceLook, track_art, track_pages
from pnpkit.validator.components.tracks import TrackBoard, track_geometry
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
    }
)

SPACE_MM = 28.0
"""A space's side: room for a 16 mm pawn with a finger's clearance; six across fill an A4 or Letter sheet."""
GOLD, GOLD_INK = "#f2cf5b", "#5a4300"
GOAL, GOAL_INK = "#2f6b3f", "#ffffff"


def components(kit: CoinRaceKit, ctx: LayoutContext) -> list[Component]:
    parts = generic.components(kit, ctx)
    track = race_track(kit, ctx)
    return [*parts[:-1], track, parts[-1]] if parts and parts[-1].slug == "rules" else [*parts, track]


def race_track(kit: CoinRaceKit, ctx: LayoutContext) -> Component:
    """The spaces 0…track along a square spiral, gold every `gold_every`, the goal in the middle."""
    lang, race = ctx.lang, kit.race
    spaces = race.track + 1
    board = TrackBoard.model_validate(
        {
            "layout": "path",
            "path": spiral_path(spaces),
            "closed": False,
            "space_depth": f"{SPACE_MM:g}mm",
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
    art = track_art(ctx, geometry, [look(n) for n in range(spaces)])
    name = tr("race_track", lang)
    heading = f"{text(kit.title, lang)} — {name}"
    pages = track_pages(ctx, heading, players_line(kit.players, lang), geometry, art, "a4")
    return Component(
        "race-track",
        heading,
        tuple(pages),
        stock=tr("stock_board", lang),
        steps=tuple(tr("steps_board", lang).split("\n")),
        checklist=((name, 1),),
    )
