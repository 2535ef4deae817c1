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
from ..scene import Group, Item, Page, Rect, Style, Text
from ..typeset import fonts
from ..typeset.text import TextBox
from ..units import HARD_MARGIN
from .context import GAP, INK, MUTED, LayoutContext, page_title, print_note, readable, scale_bar

NOTE_PT = 6.5
"""The print note beside the bar: a little over the floor."""

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
    width = frame.paper.width
    m = ctx.margin
    area_w, area_h = mat_area(mat)
    left = (width - area_w) / 2
    top = m + 12.0
    items: list[Item] = page_title(frame, title, subtitle)
    for zone in placed:
        items += zone_items(ctx, zone, words(zone), left, top)
    items += measure(frame, left, top + area_h)
    if mat.orientation == "landscape":
        content: tuple[Item, ...] = (
            Group(tuple(items), dx=ctx.paper.width, dy=0.0, rotate=90, role="mat", name=mat.id),
        )
    else:
        content = (Group(tuple(items), role="mat", name=mat.id),)
    return Page(ctx.paper.width, ctx.paper.height, content, title)


BAR = 50.0
"""The scale bar's length (mm)."""
STACKED = 7.5
"""The height the print note over the bar needs below the zones: the note's line, the bar, clear paper round both."""
STRIP = 3.0
"""The height of the bar with the note after it on its line (`_bar_and_note`)."""
CLEAR = 1.0
"""Clear paper between the measure and a zone."""


def measure(ctx: LayoutContext, left: float, zones_bottom: float) -> list[Item]:
    """The scale bar and the print-at-100 % note, in the free paper the zones leave (`ctx.paper` as the mat
    is drawn): below the zones, the note over the bar or beside it; else up the side margin, read from the side
    (a landscape mat fills A4's height, a portrait one Letter's); else nothing. Never over a zone, never a
    finding."""
    height = ctx.paper.height
    below = height - HARD_MARGIN - zones_bottom
    if below >= STACKED:
        y = max(height - ctx.margin - 4.0, zones_bottom + 4.8)  # the foot of the page, where the zones leave it
        return scale_bar(ctx.margin, y, ctx.lang, BAR, compact=True)
    if below >= CLEAR + STRIP:
        return _bar_and_note(ctx, ctx.margin, zones_bottom + CLEAR, ctx.paper.width - 2 * ctx.margin)
    if left - HARD_MARGIN - CLEAR >= STRIP:  # up the left margin, from the zones' bottom edge
        strip = _bar_and_note(ctx, 0.0, 0.0, zones_bottom - ctx.margin - 12.0)
        return [Group(tuple(strip), dx=left - CLEAR - STRIP, dy=zones_bottom, rotate=-90, role="measure")]
    return []


def _bar_and_note(ctx: LayoutContext, x: float, y: float, room: float) -> list[Item]:
    """The compact bar at (x, y) with its length and the longest print note that fits after it, on one line."""
    items = scale_bar(x, y + 0.5, ctx.lang, BAR, note=False, compact=True)
    start = x + BAR + 2.0 + fonts.width_mm(f"{int(BAR)} mm", 6.5) + GAP
    note = print_note(ctx.lang, x + room - start, NOTE_PT)
    size = readable(note, NOTE_PT)
    if fonts.width_mm(note, size) <= x + room - start:
        items.append(Text(start, y + 2.4, note, size, colour=INK, role="print-note"))
    return items


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
