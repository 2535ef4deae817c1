"""`pnpkit export png`: every card side and every page as a PNG image.

Cards: `cards/<deck>/<card>.png` and `<card>.back.png`, one per card id and
side (copies collapse; a second drawing under one id is `<card>.2.png`),
each exactly the card's trim, or trim + bleed with `--bleed`: the kit is then
laid out with that bleed, so backgrounds run into it. Pages:
`pages/<component>-NN.png`, each page of each component as it prints.
"""

from __future__ import annotations

from .cards import decks, distinct, file_stem
from .plan import ExportOptions, KindPlan, Selection, check_image, layout
from .raster import Raster, card_page, pixels
from .work import Edition, Output, batches


def plan(edition: Edition, parts0: list, options: ExportOptions, selection: Selection) -> KindPlan:
    parts = layout(edition, options.bleed) if options.bleed else parts0
    dpi = options.dpi
    items: list[tuple[Raster, Output]] = []
    for deck in decks(parts):
        if not selection.deck(deck):
            continue
        folder = f"cards/{file_stem(deck.id)}"
        for same in distinct(deck.fronts + deck.backs):
            first = same[0].placed
            raster = Raster(
                card_page(first),
                pixels(first.width + 2 * first.bleed, dpi),
                pixels(first.height + 2 * first.bleed, dpi),
            )
            names = tuple(f"{folder}/{face.name}{'.back' if face.side == 'back' else ''}.png" for face in same)
            check_image(names[0], raster.width, raster.height, dpi)
            items.append((raster, Output(names, "png", dpi)))
    for part in parts:
        if not selection.component(part):
            continue
        for n, page in enumerate(part.pages, start=1):
            name = f"pages/{file_stem(part.slug)}-{n:02d}.png"
            raster = Raster(page, pixels(page.width, dpi), pixels(page.height, dpi))
            check_image(name, raster.width, raster.height, dpi)
            items.append((raster, Output((name,), "png", dpi)))
    return KindPlan(edition, batches(edition, items))
