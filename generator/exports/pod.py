"""`pnpkit export pod --service NAME`: cards at a print-on-demand service's size, one per page or image.

Each selected deck's card size is matched to the service's sizes
(`presets.fit`): a deck the service does not print is a usage error naming
what it offers; a card a little off the service size (63 × 88 mm against
poker's 63.5 × 88.9 mm) is scaled uniformly to cover the service's trim,
centred, and laid out with enough bleed that its background fills the
service's bleed. Each deck fitted that way is reported once on stderr.

- PDF services (DriveThruCards): `<deck>.pdf`, every printed card (copies
  included) as a front page followed by its back page; every page is trim +
  bleed with a TrimBox and a BleedBox.
- Image services (The Game Crafter, MakePlayingCards): `<deck>/fronts/NN-<card>.png`
  for each distinct front, `<deck>/back.png` when the deck shares one back (else
  `<deck>/backs/NN-<card>.png` beside each front), and `<deck>/cards.csv` with
  how many of each to order.
"""

from __future__ import annotations

import math
from dataclasses import replace

from ..scene import Box, Group, Page
from .cards import Deck, Face, decks, file_stem
from .plan import BLEED_MAX, ExportOptions, ExportUsageError, KindPlan, Selection, check_image, deck_name, layout
from .presets import SERVICES, Fit, PresetError, fit
from .raster import Raster, pixels, write
from .work import Batch, Edition, Output, batches

SAFETY = 0.25
"""Extra bleed (mm) laid out beyond what covering the service's bleed needs, against rounding at the page edge."""


def plan(edition: Edition, parts0: list, options: ExportOptions, selection: Selection) -> KindPlan:
    service = SERVICES[options.service]
    chosen = [deck for deck in decks(parts0) if selection.deck(deck)]
    kit_id = edition.loaded.model.id
    result = KindPlan(edition)
    fits: dict[str, Fit] = {}
    for deck in chosen:
        width, height = deck.size
        try:
            fits[deck.id] = fit(service, width, height)
        except PresetError as exc:
            raise ExportUsageError(f"{kit_id} deck {deck.id}: {exc}") from None
        placed = fits[deck.id]
        if not placed.exact:
            result.notes.append(_fitted(kit_id, deck.id, service.title, placed))
    if not chosen:
        return result
    need = max(f.bleed_needed() for f in fits.values()) + SAFETY
    parts = layout(edition, min(BLEED_MAX, math.ceil(need * 100) / 100))
    laid = {deck.id: deck for deck in decks(parts)}
    items: list[tuple[Raster, Output]] = []
    sheets: list[tuple[str, str]] = []
    for deck in chosen:
        mine, placed = laid[deck.id], fits[deck.id]
        if service.file == "pdf":
            pages = [_page(face, placed) for card in mine.cards for face in (card[0], card[1])]
            rasters = tuple(Raster(page, 0, 0) for page in pages)
            result.batches.append(
                Batch(edition, rasters, (), pdf=f"{file_stem(deck.id)}.pdf", title=deck_name(edition, deck.id))
            )
            continue
        for raster, output in _images(mine, placed, service.dpi):
            check_image(output.paths[0], raster.width, raster.height, service.dpi)
            items.append((raster, output))
        sheets.append((file_stem(deck.id), _csv(mine)))
    result.batches.extend(batches(edition, items))
    if sheets:

        def finish(_images: list) -> None:
            for folder, text in sheets:
                write(edition.staged / f"{folder}/cards.csv", text.encode())

        result.finish = finish
    return result


def _fitted(kit_id: str, deck: str, service: str, placed: Fit) -> str:
    ox, oy = placed.overhang
    w, h = placed.trim
    return (
        f"{kit_id} {deck}: {placed.width:g} × {placed.height:g} mm cards scaled ×{placed.scale:.3f} to cover"
        f" {service} {placed.size.name} ({w:g} × {h:g} mm), centred; up to {max(ox, oy):.2f} mm of each edge is trimmed"
    )


def _page(face: Face | None, placed: Fit) -> Page:
    """One card side on its own page: trim + bleed, the card scaled to cover the trim, centred."""
    width, height = placed.page
    trim_w, trim_h = placed.trim
    bleed = placed.size.bleed
    trim, whole = Box(bleed, bleed, trim_w, trim_h), Box(0.0, 0.0, width, height)
    if face is None:  # a card the layout gave no back: a blank back, so fronts and backs still alternate
        return Page(width, height, (), "", trim=trim, bleed=whole)
    scale = placed.scale
    card = replace(face.placed.group, dx=0.0, dy=0.0, rotate=0.0)
    group = Group(
        (card,),
        dx=bleed + (trim_w - placed.width * scale) / 2,
        dy=bleed + (trim_h - placed.height * scale) / 2,
        scale=scale,
    )
    return Page(width, height, (group,), face.card, trim=trim, bleed=whole)


def _images(deck: Deck, placed: Fit, dpi: int) -> list[tuple[Raster, Output]]:
    width, height = (pixels(mm, dpi) for mm in placed.page)
    folder = file_stem(deck.id)
    digits = max(2, len(str(len(deck.fronts))))
    out = []
    shared = not deck.unique_backs
    for n, front in enumerate(deck.fronts, start=1):
        stem = f"{n:0{digits}d}-{front.name}"
        out.append((Raster(_page(front, placed), width, height), Output((f"{folder}/fronts/{stem}.png",), dpi=dpi)))
        back = _back_of(deck, front)
        if not shared:
            out.append((Raster(_page(back, placed), width, height), Output((f"{folder}/backs/{stem}.png",), dpi=dpi)))
    if shared and deck.backs:
        out.append((Raster(_page(deck.backs[0], placed), width, height), Output((f"{folder}/back.png",), dpi=dpi)))
    return out


def _back_of(deck: Deck, front: Face) -> Face | None:
    return next((back for card, back in deck.cards if card is front), None)


def _csv(deck: Deck) -> str:
    """How many of each front to order, with the back each takes."""
    digits = max(2, len(str(len(deck.fronts))))
    shared = not deck.unique_backs
    rows = ["front,back,count"]
    for n, front in enumerate(deck.fronts, start=1):
        stem = f"{n:0{digits}d}-{front.name}"
        back = "back.png" if shared else f"backs/{stem}.png"
        rows.append(f"fronts/{stem}.png,{back},{front.copies}")
    rows.append(f"total,,{sum(front.copies for front in deck.fronts)}")
    return "\n".join(rows) + "\n"
