"""`index.json`: which file, page and position every card landed on, for finding a card and for tools.

One per output language directory. It is read back from the laid-out pages
(`cardmap.placed_cards`), so it says what was printed, not what was meant.
A partial build (`--only`) replaces the entries of the components it rebuilt
and keeps the others.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from .cardmap import deck_starts, placed_cards
from .games import Component

NAME = "index.json"


def component_entry(part: Component, kit_first_page: int | None) -> dict:
    """One component: its file, page count, where it starts in kit.pdf, and the page each deck starts on."""
    decks = [{"id": s.deck, "name": s.name, "first_page": s.page} for s in deck_starts(part.pages)]
    return {
        "id": part.slug,
        "title": part.title,
        "file": f"{part.slug}.pdf",
        "pages": len(part.pages),
        "kit_pdf_first_page": kit_first_page,
        "decks": decks,
    }


def card_entries(part: Component, kit_first_page: int | None) -> list[tuple[str, dict]]:
    """Every card side of a component: its id, and where it is (file, page, slot, trim in mm on that page)."""
    file = f"{part.slug}.pdf"
    return [
        (
            placed.card,
            {
                "file": file,
                "deck": placed.deck,
                "side": placed.side,
                "page": placed.page,
                "slot": placed.slot,
                "kit_pdf_page": None if kit_first_page is None else kit_first_page + placed.page - 1,
                "trim_mm": [round(v, 2) for v in (placed.trim.x, placed.trim.y, placed.trim.w, placed.trim.h)],
            },
        )
        for placed in placed_cards(part.pages)
    ]


def edition_index(
    kit_id: str, lang: str, parts: Sequence[Component], kit_first_pages: Sequence[int | None], previous: dict | None
) -> dict:
    """The index of one language directory; `previous` supplies what a partial build left alone."""
    entries = [component_entry(part, first) for part, first in zip(parts, kit_first_pages)]
    rebuilt = {entry["file"] for entry in entries}
    previous = previous or {}
    fresh = {entry["file"]: entry for entry in entries}
    components = [fresh.pop(entry.get("file"), entry) for entry in previous.get("components", [])]
    components += fresh.values()  # in the kit's order; a partial build keeps the order it found
    cards: dict[str, list[dict]] = {}
    for card, places in previous.get("cards", {}).items():
        for place in places:
            if place.get("file") not in rebuilt:
                cards.setdefault(card, []).append(place)
    for part, first in zip(parts, kit_first_pages):
        for card, place in card_entries(part, first):
            cards.setdefault(card, []).append(place)
    return {
        "kit": kit_id,
        "lang": lang,
        "components": components,
        "cards": {card: sorted(places, key=_place_order) for card, places in sorted(cards.items())},
    }


def _place_order(place: dict) -> tuple:
    return (place.get("file", ""), place.get("page", 0), place.get("slot", 0))


def read_index(directory: Path) -> dict | None:
    """The index a previous build left in `directory`, or None when there is none (or it is not ours)."""
    try:
        data = json.loads((directory / NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def dumps(index: dict) -> str:
    """Readable and diffable at any size: one line per component and per card placement."""

    def line(value: object) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    components = ",\n".join(f"  {line(entry)}" for entry in index["components"])
    cards = ",\n".join(
        f"  {line(card)}: [\n" + ",\n".join(f"   {line(place)}" for place in places) + "\n  ]"
        for card, places in index["cards"].items()
    )
    head = f'{{\n "kit": {line(index["kit"])},\n "lang": {line(index["lang"])},\n'
    return f'{head} "components": [\n{components}\n ],\n "cards": {{\n{cards}\n }}\n}}\n'
