"""Play mats: zones in rows, each with its name, a note and card spaces the size of its deck's cards.

The geometry is `validator.components.mats.mat_geometry`, the same the validator checked
(PK414), so every card space printed here holds a real card. A landscape mat is drawn
across the sheet and turned onto the portrait page, like every other page of the kit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from pnpkit.validator.components.mats import NAME_BAND_MM, Mat, PlacedZone, mat_area

from ..colour import tint
from ..scene import Group, Item, Page, Rect, Style
from ..text import TextBox
from .context import MUTED, LayoutContext, page_title, scale_bar

CARD_SPACE = Style(stroke="#555555", width=0.35, dash=(2.0, 1.2))


@dataclass(frozen=True)
class ZoneWords:
    """What a zone prints: its name and note, and the label inside its card spaces, in the edition's language."""

    name: str
    note: str
    space: str


def mat_page(
    ctx: LayoutContext,
    title: str,
    mat: Mat,
    placed: list[PlacedZone],
    words: Callable[[PlacedZone], ZoneWords],
    subtitle: str = "",
) -> Page:
    """One mat on one sheet: its title, its zones and card spaces, and a scale bar to check 100 %."""
    frame = replace(ctx, paper=ctx.paper.landscape) if mat.orientation == "landscape" else ctx  # shares its problems
    width, height = frame.paper.width, frame.paper.height
    m = ctx.margin
    area_w, _area_h = mat_area(mat)
    left = (width - area_w) / 2
    top = m + 12.0
    items: list[Item] = page_title(frame, title, subtitle)
    for zone in placed:
        items += zone_items(ctx, zone, words(zone), left, top)
    items += scale_bar(m, height - m - 4.0, ctx.lang, compact=True)
    if mat.orientation == "landscape":
        content: tuple[Item, ...] = (
            Group(tuple(items), dx=ctx.paper.width, dy=0.0, rotate=90, role="mat", name=mat.id),
        )
    else:
        content = (Group(tuple(items), role="mat", name=mat.id),)
    return Page(ctx.paper.width, ctx.paper.height, content, title)


def zone_items(ctx: LayoutContext, placed: PlacedZone, words: ZoneWords, left: float, top: float) -> list[Item]:
    """A tinted box, its name across the top, its card spaces (dashed, the deck's name faint inside), its note."""
    zone, box = placed.zone, placed.box
    x, y = left + box.x, top + box.y
    colour = zone.colour
    items: list[Item] = [
        Rect(x, y, box.w, box.h, style=Style(fill=tint(colour, 0.1), stroke=colour, width=0.6), radius=3.0, role="zone")
    ]
    name_box = TextBox(
        x + 3, y + 1.5, box.w - 6, NAME_BAND_MM - 2.5, align="middle", valign="middle", colour=colour, bold=True
    )
    items += ctx.fitted(words.name, name_box, 10, 7, where=(*placed.path, "name", ctx.lang), label=f"zone {zone.id}")
    for space in placed.spaces:
        sx, sy = left + space.x, top + space.y
        items.append(Rect(sx, sy, space.w, space.h, style=CARD_SPACE, radius=2.5, role="card-space"))
        label = TextBox(sx + 2, sy + space.h / 2 - 3, space.w - 4, 6, align="middle", valign="middle", colour=MUTED)
        items += ctx.fitted(words.space, label, 7, 6, where=(*placed.path, "cards", "deck"), label="card space")
    if words.note:
        below = max(space.y + space.h for space in placed.spaces) if placed.spaces else box.y + NAME_BAND_MM
        room = box.y + box.h - below - 2.5  # clear of the card spaces above and the zone's edge below
        valign = "middle" if placed.spaces else "top"  # under card spaces, centred in the room they leave
        note_box = TextBox(
            x + 3, top + below + 1.5, box.w - 6, max(room, 0.0), align="middle", valign=valign, colour=MUTED
        )
        items += ctx.fitted(
            words.note, note_box, 8, 6, where=(*placed.path, "note", ctx.lang), label=f"zone {zone.id} note"
        )
    return items
