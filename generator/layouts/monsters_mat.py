"""Dice Battle Monsters' play mat: two landscape halves, one per player, every zone of the rulebook's field with
its faint art and real-size card spaces (a 63 × 88 mm card fits each)."""

from __future__ import annotations

import math
from collections.abc import Callable

from pnpkit.validator.games.dice_battle_monsters import DiceBattleKit, Zone

from ..colour import INK, WHITE, tint
from ..games.base import text
from ..icons.monsters import die_face, token_emblem, treasure_emblem
from ..scene import Circle, Group, Item, Line, Page, Path, Polygon, Rect, Style, Text
from ..typeset.text import TextBox
from .context import MUTED, LayoutContext, scale_bar
from .monsters_tokens import bonus_mark
from .monsters_words import tr

# ---------------------------------------------------------------- the play mat: two landscape halves, one per player

ZONE_COLOURS = {
    "deck": "#4a5468",
    "graveyard": "#4a5468",
    "main": "#a5432c",
    "magic-circle": "#65489a",
    "faith-blessing": "#35649e",
    "stock": "#23788a",
    "treasure-supply": "#a87a10",
    "treasures-won": "#a87a10",
}
CARD_W, CARD_H = 63.0, 88.0
ROW_H = 91.0


MAT_ROWS = {
    "A": [("deck", 68.0), ("graveyard", 68.0), ("stock", 141.0)],
    "B": [("treasure-supply", 139.0), ("stock", 141.0)],
    "own": [("main", 88.0), ("magic-circle", 88.0), ("faith-blessing", 48.0), ("treasures-won", 50.0)],
}
"""Zone widths on A4 (mm): each row fills the 283 mm between the margins; other papers scale them."""
GAP = 3.0
HEADER_H = 9.0


def mat_pages(kit: DiceBattleKit, ctx: LayoutContext, title: str) -> list[Page]:
    """Sheet A holds the shared deck and graveyard, sheet B the treasure supply; each holds one player's own zones.

    Each sheet is drawn landscape (the player sits at its bottom edge, the other
    sheet meets its top edge) and turned onto the portrait page.
    """
    m = ctx.margin
    mat_w, mat_h = ctx.paper.height, ctx.paper.width
    row_h = min(ROW_H, (mat_h - 2 * m - HEADER_H - 2 * GAP) / 2)
    pages = []
    for half in ("A", "B"):
        items: list[Item] = []
        for row, y in ((MAT_ROWS[half], m), (MAT_ROWS["own"], m + row_h + GAP)):
            nominal = sum(width for _zone_id, width in row)
            scale = (mat_w - 2 * m - GAP * (len(row) - 1)) / nominal
            x = m
            for zone_id, width in row:
                items += zone_items(kit, ctx, zone_id, x, y, width * scale, row_h)
                x += width * scale + GAP
        items += _mat_header(kit, ctx, title, half, mat_w, mat_h)
        label = f"{title} — {tr('mat', ctx.lang)} {half}"
        pages.append(
            Page(
                ctx.paper.width,
                ctx.paper.height,
                (Group(tuple(items), dx=ctx.paper.width, dy=0.0, rotate=90, role="mat", name=half),),
                label,
            )
        )
    return pages


def _zone(kit: DiceBattleKit, zone_id: str) -> tuple[int, Zone]:
    return next((i, z) for i, z in enumerate(kit.zones) if z.id == zone_id)


def zone_items(
    kit: DiceBattleKit, ctx: LayoutContext, zone_id: str, x: float, y: float, w: float, h: float
) -> list[Item]:
    """One zone: a tinted box, its name and note at the top, and what goes there drawn in it."""
    index, zone = _zone(kit, zone_id)
    colour = ZONE_COLOURS[zone_id]
    lang = ctx.lang
    values = kit.placeholder_values()
    items: list[Item] = [
        Rect(x, y, w, h, style=Style(fill=tint(colour, 0.1), stroke=colour, width=0.6), radius=3.0, role="zone")
    ]
    if zone.slots > 1 and zone_id in CASCADED:  # real-size card spaces over the whole zone, under its words and art
        items += _cascade(ctx, x, y, w, h, colour, zone.slots)
    name = text(zone.name, lang)
    if zone.shared:
        name = tr("shared_zone", lang, name=name)
    items += ctx.fitted(
        name,
        TextBox(
            x + 3, y + 2.2, w - 6, 5.2, align="middle", valign="middle", colour=colour, bold=True, role="zone-name"
        ),
        10,
        7,
        where=("zones", index, "name", lang),
        label=f"zone {zone_id}",
    )
    if zone.note is not None:
        items += ctx.fitted(
            text(zone.note, lang, values),
            TextBox(x + 3, y + 7.6, w - 6, 6.2, align="middle", valign="top", colour=MUTED),
            6.5,
            5.5,
            where=("zones", index, "note", lang),
            label=f"zone {zone_id} note",
        )
    body_top = y + 15.0
    body_h = y + h - 2.0 - body_top
    items += ZONE_ART[zone_id](kit, ctx, x, body_top, w, body_h, colour)
    return items


def _deck_art(
    kit: DiceBattleKit, ctx: LayoutContext, x: float, y: float, w: float, h: float, colour: str
) -> list[Item]:
    bh = min(CARD_H, h) * 0.62
    bw = bh * CARD_W / CARD_H
    bx, by = x + (w - bw) / 2 - 1.5, y + (h - bh) / 2 - 1.5
    items: list[Item] = []
    for k in (3, 2, 1, 0):
        items.append(
            Rect(
                bx + k * 1.1,
                by + k * 1.1,
                bw,
                bh,
                style=Style(
                    fill=WHITE if k else tint(colour, 0.16),
                    stroke=tint(colour, 0.6),
                    width=0.35,
                ),
                radius=2.0,
            )
        )
    items += die_face(bx + bw / 2, by + bh / 2, 12, 5, WHITE, tint(colour, 0.55), tint(colour, 0.55))
    return items


def _graveyard_art(
    kit: DiceBattleKit, ctx: LayoutContext, x: float, y: float, w: float, h: float, colour: str
) -> list[Item]:
    stone = tint(colour, 0.3)
    cx, cy = x + w / 2, y + h / 2 + 2
    return [
        Path(
            (
                ("M", cx - 10, cy + 11),
                ("L", cx - 10, cy - 4),
                ("C", cx - 10, cy - 16, cx + 10, cy - 16, cx + 10, cy - 4),
                ("L", cx + 10, cy + 11),
                ("Z",),
            ),
            style=Style(fill=stone),
        ),
        Rect(cx - 14, cy + 11, 28, 3, style=Style(fill=stone), radius=1),
        Rect(cx - 1.1, cy - 9, 2.2, 12, style=Style(fill=WHITE)),
        Rect(cx - 5, cy - 5.5, 10, 2.2, style=Style(fill=WHITE)),
    ]


def _main_art(
    kit: DiceBattleKit, ctx: LayoutContext, x: float, y: float, w: float, h: float, colour: str
) -> list[Item]:
    cx, cy = x + w / 2, y + h / 2 + 2
    faint = tint(colour, 0.32)
    blade = ((-0.09, -1.0), (0.0, -1.12), (0.09, -1.0), (0.09, 0.42), (-0.09, 0.42))
    sword = (
        Polygon(blade, style=Style(fill=faint)),
        Rect(-0.36, 0.42, 0.72, 0.12, style=Style(fill=faint), radius=0.04),
        Rect(-0.06, 0.54, 0.12, 0.36, style=Style(fill=faint)),
        Circle(0, 0.96, 0.09, style=Style(fill=faint)),
    )
    return [
        Group(sword, dx=cx, dy=cy, rotate=38, scale=17, role="zone-icon"),
        Group(sword, dx=cx, dy=cy, rotate=-38, scale=17, role="zone-icon"),
    ]


def _magic_circle_art(
    kit: DiceBattleKit, ctx: LayoutContext, x: float, y: float, w: float, h: float, colour: str
) -> list[Item]:
    cx, cy = x + w / 2, y + h / 2
    r = min(w, h) / 2 - 1.5
    faint = tint(colour, 0.45)
    items: list[Item] = [
        Circle(cx, cy, r, style=Style(stroke=faint, width=0.6)),
        Circle(cx, cy, r * 0.86, style=Style(stroke=faint, width=0.3)),
    ]

    def tri(turn: float) -> tuple[tuple[float, float], ...]:
        return tuple(
            (
                cx + r * 0.86 * math.cos(math.radians(turn + k * 120)),
                cy + r * 0.86 * math.sin(math.radians(turn + k * 120)),
            )
            for k in range(3)
        )

    items += [
        Polygon(tri(-90), style=Style(stroke=faint, width=0.4)),
        Polygon(tri(90), style=Style(stroke=faint, width=0.4)),
        Circle(cx, cy, r * 0.3, style=Style(stroke=faint, width=0.3)),
    ]
    for k in range(12):
        a = math.radians(k * 30)
        items.append(Circle(cx + r * 0.93 * math.cos(a), cy + r * 0.93 * math.sin(a), 0.7, style=Style(fill=faint)))
    return items


def _token_spot(cx: float, cy: float, r: float, colour: str, label: str = "") -> list[Item]:
    items: list[Item] = [
        Circle(cx, cy, r, style=Style(fill=WHITE, stroke=colour, width=0.4, dash=(1.5, 1.0)), role="token-spot")
    ]
    if label:
        items.append(Text(cx, cy + 1.6, label, 9, colour=tint(colour, 0.55), anchor="middle", bold=True))
    return items


def _faith_art(
    kit: DiceBattleKit, ctx: LayoutContext, x: float, y: float, w: float, h: float, colour: str
) -> list[Item]:
    tokens = {tk.id: (i, tk) for i, tk in enumerate(kit.tokens)}
    items: list[Item] = []
    r = min(11.0, (w - 8) / 2)
    for k, token_id in enumerate(("faith", "blessing")):
        i, token = tokens[token_id]
        cy = y + 14 + k * (h / 2)
        items += _token_spot(x + w / 2, cy, r, token.colour)
        items += token_emblem(token_id, x + w / 2, cy, r * 0.62, tint(token.colour, 0.5))
        items += bonus_mark(kit, token_id, x + w / 2, cy, r * 0.62, WHITE)
        items += ctx.fitted(
            text(token.name, ctx.lang),
            TextBox(x + 2, cy + r + 1.2, w - 4, 4.5, align="middle", valign="middle", colour=token.colour, bold=True),
            8.5,
            6,
            where=("tokens", i, "name", ctx.lang),
            label=f"mat {token_id}",
        )
    return items


def _treasure_spots(
    x: float, y: float, w: float, h: float, colour: str, count: int, cols: int, win_at: int | None = None
) -> list[Item]:
    rows = math.ceil(count / cols)
    r = 10.5
    items: list[Item] = []
    pitch_x = (w - 8) / cols
    pitch_y = min(h / rows, 2 * r + 8)
    top = y + (h - rows * pitch_y) / 2
    for k in range(count):
        row, col = divmod(k, cols)
        cx = x + 4 + pitch_x * (col + 0.5)
        cy = top + pitch_y * (row + 0.5)
        items += _token_spot(cx, cy, r, colour)
        items += treasure_emblem(cx, cy, r * 0.6, tint(colour, 0.45))
        if win_at is not None:
            mark = str(k + 1)
            win = k + 1 == win_at
            ink = WHITE if win else colour
            badge = Style(fill=colour) if win else Style(fill=WHITE, stroke=colour, width=0.5)
            items.append(Circle(cx + r * 0.75, cy - r * 0.75, 3.6, style=badge, role="count-badge"))
            items.append(Text(cx + r * 0.75, cy - r * 0.75 + 1.2, mark, 8, colour=ink, anchor="middle", bold=True))
    return items


def _supply_art(
    kit: DiceBattleKit, ctx: LayoutContext, x: float, y: float, w: float, h: float, colour: str
) -> list[Item]:
    return _treasure_spots(x, y, w, h, colour, kit.parameters.treasures, 3)


def _won_art(kit: DiceBattleKit, ctx: LayoutContext, x: float, y: float, w: float, h: float, colour: str) -> list[Item]:
    need = kit.parameters.treasures_to_win
    items = _treasure_spots(x, y, w, h - 5, colour, need, 1, win_at=need)
    items += ctx.fitted(
        f"{need} = {tr('win', ctx.lang)}",
        TextBox(x + 2, y + h - 5, w - 4, 5, align="middle", valign="middle", colour=colour, bold=True),
        8,
        6,
        where=("parameters", "treasures_to_win"),
        label="mat win note",
    )
    return items


def _stock_art(
    kit: DiceBattleKit, ctx: LayoutContext, x: float, y: float, w: float, h: float, colour: str
) -> list[Item]:
    """Slots side by side with a dashed divider: the zone holds at most that many enchants."""
    index, zone = _zone(kit, "stock")
    pitch = w / zone.slots
    faint = tint(colour, 0.3)
    items: list[Item] = []
    for k in range(zone.slots):
        cx = x + pitch * (k + 0.5)
        if k:
            items.append(
                Line(
                    x + pitch * k,
                    y - 1.0,
                    x + pitch * k,
                    y + h,
                    style=Style(stroke=colour, width=0.4, dash=(2.0, 1.5)),
                    role="slot-divider",
                )
            )
        items.append(
            Text(cx, y + h / 2 + 6, str(k + 1), 34, colour=faint, anchor="middle", bold=True, role="slot-number")
        )
        items += ctx.fitted(
            tr("slot", ctx.lang, n=k + 1),
            TextBox(cx - 20, y + h - 7, 40, 5, align="middle", valign="middle", colour=colour, bold=True),
            8,
            6,
            where=("zones", index, "slots"),
            label="stock slot",
        )
    return items


CASCADED = frozenset({"main", "magic-circle"})
"""Zones whose cards lie overlapped, each showing its corner; the stock zone has side-by-side slots instead."""


def _cascade(ctx: LayoutContext, x: float, y: float, w: float, h: float, colour: str, count: int) -> list[Item]:
    """`count` card spaces overlapped left to right, each numbered in its visible corner: the zone holds several
    cards (the rulebook's example has two monsters in one main zone). Each is a real card's size; the zone's name
    and note sit inside the first space, covered once a card is played there."""
    card_w, card_h = CARD_W + 1.0, CARD_H + 1.0  # a real card with 0.5 mm to spare on every side
    step = min(16.0, (w - 4.0 - card_w) / (count - 1))
    left = x + (w - card_w - step * (count - 1)) / 2
    top = y + (h - card_h) / 2
    ink = tint(colour, 0.55)
    items: list[Item] = []
    for k in range(count):
        cx = left + k * step
        items.append(
            Rect(
                cx,
                top,
                card_w,
                card_h,
                style=Style(fill=tint(colour, 0.16), stroke=ink, width=0.4, dash=(2.0, 1.2)),
                radius=2.5,
                role="card-space",
            )
        )
        items.append(Text(cx + 3.2, top + 6.0, str(k + 1), 9, colour=ink, anchor="start", bold=True))
    return items


ZoneArt = Callable[[DiceBattleKit, LayoutContext, float, float, float, float, str], list[Item]]
"""(kit, context, the zone's body box, its colour) → what goes there, drawn faintly."""

ZONE_ART: dict[str, ZoneArt] = {
    "deck": _deck_art,
    "graveyard": _graveyard_art,
    "main": _main_art,
    "magic-circle": _magic_circle_art,
    "faith-blessing": _faith_art,
    "stock": _stock_art,
    "treasure-supply": _supply_art,
    "treasures-won": _won_art,
}


def _mat_header(
    kit: DiceBattleKit, ctx: LayoutContext, title: str, half: str, mat_w: float, mat_h: float
) -> list[Item]:
    """The strip along the player's edge: title, how the halves join, a small diagram, the scale bar."""
    m = ctx.margin
    lang = ctx.lang
    y = mat_h - m - HEADER_H
    side = tr("side_a" if half == "A" else "side_b", lang)
    heading = f"{title} — {tr('half', lang, half=half, side=side)}"
    items: list[Item] = []
    items += ctx.fitted(
        heading,
        TextBox(m, y, 118, 5, align="start", valign="middle", colour=INK, bold=True),
        10,
        7,
        where=("title",),
        label="mat heading",
    )
    items += ctx.fitted(
        tr("join", lang),
        TextBox(m, y + 5.2, 150, 3.8, align="start", valign="middle", colour=MUTED),
        6.5,
        5,
        where=("title",),
        label="mat join note",
    )
    items += _assembly(m + 153, y + 0.3, half)
    bar_x = mat_w - m - 61.0
    items += scale_bar(bar_x, y + 1.5, lang, 50.0, note=False, compact=True)
    items += ctx.fitted(
        tr("print_note", lang),
        TextBox(bar_x - 70, y + 5.2, 126, 3.8, align="end", valign="middle", colour=MUTED, role="print-note"),
        6,
        5,
        where=("title",),
        label="print note",
    )
    return items


def _assembly(x: float, y: float, half: str) -> list[Item]:
    """Two small sheets, top to top, with this one filled."""
    w, h = 14.0, 4.0
    items: list[Item] = []
    for k, name in enumerate(("B", "A")):
        here = name == half
        yy = y + k * h
        items.append(Rect(x, yy, w, h, style=Style(fill=INK if here else WHITE, stroke=INK, width=0.25)))
        items.append(
            Text(x + w / 2, yy + h / 2 + 1.1, name, 6, colour=WHITE if here else INK, anchor="middle", bold=True)
        )
    return items
