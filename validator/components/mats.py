"""Play mats: rows of named zones, and card spaces that name the deck whose cards go there.

    mats:
      - id: market
        name: {ja: 市場, en: Market}
        rows:
          - zones:
              - {id: draw, name: {ja: 山札, en: Draw pile}, cards: {deck: goods}}
              - {id: river, name: {ja: 川, en: River}, width: 3, cards: {deck: goods, count: 3}}

A zone's card spaces are its deck's cards plus `margin` on every side, in a row under
the zone's name. The geometry is worked out here, in millimetres and without any
drawing library, so the validator checks that real cards fit (PK414) and the generator
draws exactly what was checked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from ..types import Colour, Ident, Length, LocalText, StrictModel

MAT_AREA_MM = {"landscape": (265.4, 184.0), "portrait": (196.0, 253.4)}
"""What a mat may fill on A4 and on US Letter alike: the smaller paper less the 7 mm margins and the title."""
ZONE_GAP_MM = 3.0
"""Space between zones and between rows."""
NAME_BAND_MM = 8.0
"""The band at the top of a zone that holds its name."""
MAX_SPACES = 12
"""The most card spaces one zone shows: more is a typo (a row of twelve poker cards is 80 cm long)."""

Share = Annotated[float, Field(gt=0, le=100, description="A share of the row (or mat), relative to its siblings.")]


class CardSpaces(StrictModel):
    """Card spaces in a zone, each the size of its deck's cards plus `margin` on every side."""

    deck: Ident
    """The deck whose cards go there: the spaces take its card size."""
    count: Annotated[int, Field(ge=1, le=MAX_SPACES)] = 1
    """How many spaces, side by side."""
    margin: Length = 1.5
    """Room around each card, so a card a little off still sits inside its outline, e.g. '1.5mm'."""
    gap: Length = 3.0
    """Space between two spaces, e.g. '3mm'."""


class MatZone(StrictModel):
    id: Ident
    """The zone's id."""
    name: LocalText
    """The zone's name, printed at its top."""
    note: LocalText | None = None
    """A short note printed in the zone: what goes there."""
    colour: Colour = "#4a5468"
    """The zone's colour: its outline, name and a light tint."""
    width: Share = 1.0
    """The zone's share of its row's width."""
    cards: CardSpaces | None = None
    """Card spaces sized from a deck: `{deck: market, count: 3}`."""


class MatRow(StrictModel):
    height: Share = 1.0
    """The row's share of the mat's height."""
    zones: list[MatZone] = Field(min_length=1, max_length=8)
    """The zones, left to right."""


class Mat(StrictModel):
    """A play mat: one sheet of zones in rows; card spaces name the deck whose cards go there."""

    id: Ident
    """The mat's id; its file is named after it."""
    name: LocalText
    """The mat's name, printed at its top."""
    orientation: Literal["landscape", "portrait"] = "landscape"
    """How the sheet is turned: landscape (wide) or portrait (tall)."""
    per_player: bool = False
    """The finished kit holds one per player (the kit book's checklist counts them)."""
    rows: list[MatRow] = Field(min_length=1, max_length=8)
    """The rows of zones, top to bottom."""


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class PlacedZone:
    """A zone where it prints, with its card spaces, and where it is written."""

    zone: MatZone
    box: Box
    spaces: tuple[Box, ...]
    path: tuple


@dataclass(frozen=True)
class SpaceMisfit:
    """Card spaces that do not fit their zone: what they need and what the zone has."""

    path: tuple
    need: tuple[float, float]
    room: tuple[float, float]
    card: tuple[float, float]


def mat_area(mat: Mat) -> tuple[float, float]:
    return MAT_AREA_MM[mat.orientation]


def space_size(cards: CardSpaces, card: tuple[float, float]) -> tuple[float, float]:
    """One card space: the card and its margin on every side."""
    return card[0] + 2 * cards.margin, card[1] + 2 * cards.margin


def mat_geometry(
    mat: Mat, path: tuple, card_sizes: dict[str, tuple[float, float]]
) -> tuple[list[PlacedZone], list[SpaceMisfit]]:
    """Every zone's box on the mat (from its top-left corner), its card spaces, and the zones whose card spaces
    do not fit. `card_sizes` is each deck's card size; a zone naming a deck not in it gets no spaces."""
    width, height = mat_area(mat)
    rows_h = height - ZONE_GAP_MM * (len(mat.rows) - 1)
    total_h = sum(row.height for row in mat.rows)
    placed: list[PlacedZone] = []
    misfits: list[SpaceMisfit] = []
    y = 0.0
    for r, row in enumerate(mat.rows):
        row_h = rows_h * row.height / total_h
        zones_w = width - ZONE_GAP_MM * (len(row.zones) - 1)
        total_w = sum(zone.width for zone in row.zones)
        x = 0.0
        for z, zone in enumerate(row.zones):
            zone_w = zones_w * zone.width / total_w
            box = Box(x, y, zone_w, row_h)
            where = (*path, "rows", r, "zones", z)
            spaces: tuple[Box, ...] = ()
            card = card_sizes.get(zone.cards.deck) if zone.cards is not None else None
            if zone.cards is not None and card is not None:
                space_w, space_h = space_size(zone.cards, card)
                need = (zone.cards.count * space_w + (zone.cards.count - 1) * zone.cards.gap, space_h)
                room = (zone_w - 2.0, row_h - NAME_BAND_MM - 1.0)
                if need[0] > room[0] + 1e-6 or need[1] > room[1] + 1e-6:
                    misfits.append(SpaceMisfit((*where, "cards"), need, room, card))
                else:
                    left = x + (zone_w - need[0]) / 2
                    top = y + NAME_BAND_MM + (room[1] - need[1]) / 2
                    step = space_w + zone.cards.gap
                    spaces = tuple(Box(left + i * step, top, space_w, space_h) for i in range(zone.cards.count))
            placed.append(PlacedZone(zone, box, spaces, where))
            x += zone_w + ZONE_GAP_MM
        y += row_h + ZONE_GAP_MM
    return placed, misfits


def misfit_message(misfit: SpaceMisfit, deck: str, count: int) -> tuple[str, str]:
    """PK414's message and hint for card spaces that do not fit their zone."""
    card_w, card_h = misfit.card
    spaces = "a card space" if count == 1 else f"{count} card spaces"
    need = "needs" if count == 1 else "need"
    return (
        f"{spaces} for deck {deck!r} ({card_w:g} × {card_h:g} mm cards) {need} {misfit.need[0]:.1f} × "
        f"{misfit.need[1]:.1f} mm; the zone has {misfit.room[0]:.1f} × {misfit.room[1]:.1f} mm under its name",
        "give the zone a larger share (width:, or its row's height:), fewer spaces, a smaller margin, or turn the "
        "mat (orientation:)",
    )


def token_room(space: float, token: float, clearance: float = 2.0) -> bool:
    """A round token or piece of diameter `token` sits in a space `space` wide with `clearance` to spare, so
    players still see which space it is on."""
    return token + clearance <= space + 1e-6
