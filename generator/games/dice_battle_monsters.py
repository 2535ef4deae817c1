"""Dice Battle Monsters' printables: 26 dual-role cards, a two-sheet play mat, tokens and a one-page rule summary.

The cards are drawn from the kit's card templates (generator.layouts.templates)
and the rule summary by the shared one-page layout (generator.layouts.rules);
this module adds what is particular to the game: the art in each card's art
box, the dice on the card back, the play mat with every zone of the rulebook's
field, the token sheet (with fold-up dice) and the summary's round and
effect-order diagrams, drawn from the rule model.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from pnpkit.validator.components.cards import Design
from pnpkit.validator.components.templates import ResolvedTemplate, TemplateCard, resolve_templates
from pnpkit.validator.games.dice_battle_monsters import (
    SPELLS,
    DiceBattleKit,
    Phase,
    Resolution,
    TokenKind,
    Zone,
    resolution_order,
)

from .. import fonts
from ..colour import INK, WHITE, blend, tint
from ..i18n import SHARED, players_line
from ..icons.monsters import ART, GOLD, art, dice_emblem, die_face, token_emblem, treasure_emblem
from ..layouts.backs import deck_back
from ..layouts.cards import CardFace, card_sheets
from ..layouts.common import MUTED, LayoutContext, page_title, scale_bar
from ..layouts.rules import Diagram, Section, Setting, summary_page
from ..layouts.templates import GLYPH_MIDDLE, icon_items, inline_text, template_face
from ..scene import Circle, Group, Item, Line, Page, Path, Polygon, Rect, Style, Text
from ..text import TextBox
from ..units import MM_PER_PT
from .base import Component, rule_sections, text
from .decks import deck_checklist, deck_faces

tr = SHARED.extend(
    {
        "mat": {"ja": "プレイマット", "en": "Play mat"},
        "half": {"ja": "マット{half}（{side}）", "en": "Mat {half} ({side})"},
        "side_a": {"ja": "デッキと墓地の側", "en": "deck and graveyard side"},
        "side_b": {"ja": "財宝置き場の側", "en": "treasure supply side"},
        "join": {
            "ja": "AとBを上辺どうしで突き合わせて1枚のマットにする。各プレイヤーは自分の側の下辺に座る。",
            "en": "Lay A and B top edge to top edge to make one mat; each player sits at their sheet's bottom edge.",
        },
        "shared_zone": {"ja": "{name}（共有）", "en": "{name} (shared)"},
        "slot": {"ja": "枠{n}", "en": "Slot {n}"},
        "win": {"ja": "勝利", "en": "Win"},
        "token_cut": {
            "ja": "破線の円に沿って切り抜く。「信仰」「祝福」の裏は白のまま（白＝使用済み）。",
            "en": "Cut along the dashed circles. Leave the backs of Faith and Blessing blank: blank means used.",
        },
        "die_net": {"ja": "組み立て式サイコロ", "en": "Fold-up dice"},
        "die_note": {
            "ja": "実線で切り抜き、破線で山折りし、のりしろを貼る。各プレイヤーに1つ。",
            "en": "Cut on the solid lines, fold on the dashed ones, glue the tabs. One per player.",
        },
        "before": {"ja": "バトルの前（表にした直後）", "en": "Before the battle, on reveal"},
        "during": {"ja": "バトルの最中", "en": "During the battle"},
        "after": {"ja": "バトルの後", "en": "After the battle"},
        "resolution_rule": {
            "ja": "同じスペルナンバーの中では、レベルの高いカードから。同じレベルなら先攻のプレイヤーから。",
            "en": "Within one spell number, the higher level resolves first; on equal levels, the first player's card first.",
        },
        "level_note": {
            "ja": "（ユニットならユニットLv、魔法・付与なら非ユニットLvで比べる）",
            "en": "(a unit compares its unit level; magic and enchants their non-unit level)",
        },
        "example": {
            "ja": "ルールブックの例：先攻はメインゾーンにフレイズ、魔法陣にフローム、ストックゾーンに天邪鬼。後攻はメインゾーンに盗賊ゴブリンとデイジー。",
            "en": "The rulebook's example: first player has Flaze in the main zone, Frome in the magic circle and Amanojaku in the stock zone; second player has Goblin Thief and Daisy in the main zone.",
        },
        "first": {"ja": "先攻", "en": "1st"},
        "second": {"ja": "後攻", "en": "2nd"},
        "next_round": {"ja": "次のラウンド：先攻と後攻を入れ替える", "en": "Next round: swap first and second player"},
    }
)


def components(kit: DiceBattleKit, ctx: LayoutContext) -> list[Component]:
    lang = ctx.lang
    title = text(kit.title, lang)
    return [
        Component(
            "cards",
            f"{title} — {tr('cards', lang)}",
            tuple(card_pages(kit, ctx)),
            checklist=tuple(card_checklist(kit, lang)),
        ),
        Component(
            "mat",
            f"{title} — {tr('mat', lang)}",
            tuple(mat_pages(kit, ctx, title)),
            steps=(tr("steps_board", lang), tr("join", lang)),
            checklist=((f"{tr('mat', lang)} A + B", 1),),
        ),
        Component(
            "tokens",
            f"{title} — {tr('tokens', lang)}",
            (token_page(kit, ctx, title),),
            steps=(tr("steps_tokens", lang), tr("die_note", lang)),
            checklist=tuple(token_checklist(kit, lang)),
        ),
        Component("rules", f"{title} — {tr('rules', lang)}", (rules_page(kit, ctx, title),)),
    ]


def card_checklist(kit: DiceBattleKit, lang: str) -> list[tuple[str, int]]:
    """One line per design of the deck the cards are shuffled into, counted from the designs the sheets print."""
    return deck_checklist(kit.main_designs(), lambda design: text(design.item.value("title"), lang))


def token_checklist(kit: DiceBattleKit, lang: str) -> list[tuple[str, int]]:
    return [(text(token.name, lang), token.count) for token in kit.tokens] + [(tr("die_net", lang), kit.players.max)]


def card_back(ctx: LayoutContext, kit: DiceBattleKit, d: int) -> CardFace:
    """The deck's back: the shared back with the dice as its emblem and gold trim."""
    deck = kit.decks[d]
    w, h = deck.size.width, deck.size.height
    emblem = dice_emblem(w / 2, h / 2 - 12, deck.back.colour)
    return deck_back(ctx, kit, d, w, h, untitled="kit", emblem=emblem, trim=GOLD)


def card_pages(kit: DiceBattleKit, ctx: LayoutContext) -> list[Page]:
    resolved, _problems = resolve_templates(kit.card_templates)
    pages: list[Page] = []
    for d, deck in enumerate(kit.decks):
        faces = deck_faces(kit.designs(deck), _face_drawer(kit, ctx, resolved, deck.template), ctx, f"{deck.id} front")
        back = card_back(ctx, kit, d)
        pages += card_sheets(
            ctx,
            text(deck.name, ctx.lang),
            faces,
            back,
            deck.size.width,
            deck.size.height,
            where=("decks", d, "size"),
            deck=deck.id,
        )
    return pages


def _face_drawer(
    kit: DiceBattleKit, ctx: LayoutContext, resolved: dict[str, ResolvedTemplate], deck_template: str
) -> Callable[[Design[TemplateCard]], CardFace]:
    """Draws one design from its template (the deck's unless the card names its own), with this kit's art."""
    values = kit.placeholder_values()

    def draw(design: Design[TemplateCard]) -> CardFace:
        card = design.item
        template = resolved[card.template or deck_template]
        return template_face(ctx, kit.card_templates, template, card, ("cards", design.index), values, art, card.id)

    return draw


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
    if zone.slots > 1 and zone_id in CASCADED:  # real-size card spaces over the whole zone, under its faint art
        items += _cascade(ctx, x, y, w, h, colour, zone.slots)
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
        items += _bonus_mark(kit, token_id, x + w / 2, cy, r * 0.62, WHITE)
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
            ink = colour if k + 1 < win_at else WHITE
            if k + 1 == win_at:
                items.append(Circle(cx + r * 0.75, cy - r * 0.75, 3.6, style=Style(fill=colour)))
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


# ---------------------------------------------------------------- tokens


CUT = Style(stroke="#444444", width=0.2, dash=(1.2, 0.8))


def _bonus_mark(kit: DiceBattleKit, token_id: str, cx: float, cy: float, r: float, colour: str) -> list[Item]:
    """Blessing's star carries its bonus, e.g. +2, taken from the model."""
    if token_id != "blessing":
        return []
    label = f"+{kit.parameters.blessing_bonus}"
    size = r * 0.62 / MM_PER_PT
    return [
        Text(
            cx,
            cy + GLYPH_MIDDLE * size * MM_PER_PT,
            label,
            size,
            colour=colour,
            anchor="middle",
            bold=True,
            role="bonus",
        )
    ]


TOKEN_RADIUS = {"treasure": 12.5, "faith": 12.5, "blessing": 12.5, "first-player": 12.5, "mark": 7.5}
TOKEN_ROWS = (("treasure",), ("faith", "blessing", "first-player"), ("mark",))
"""Which token kinds share a row of the sheet; kinds not listed get a row each."""


def token_page(kit: DiceBattleKit, ctx: LayoutContext, title: str) -> Page:
    lang = ctx.lang
    m = ctx.margin
    values = kit.placeholder_values()
    items: list[Item] = page_title(ctx, f"{title} — {tr('tokens', lang)}", players_line(kit.players, lang))
    items += ctx.fitted(
        tr("token_cut", lang),
        TextBox(m, m + 10, ctx.paper.width - 2 * m, 4, align="start", valign="middle", colour=MUTED),
        7.5,
        6,
        where=("tokens",),
        label="token sheet note",
    )
    y = m + 17.0
    width = ctx.paper.width - 2 * m
    by_id = {tk.id: (i, tk) for i, tk in enumerate(kit.tokens)}
    listed = {tid for row in TOKEN_ROWS for tid in row}
    rows = [tuple(tid for tid in row if tid in by_id) for row in TOKEN_ROWS] + [
        (tk.id,) for tk in kit.tokens if tk.id not in listed
    ]
    for row in (r for r in rows if r):
        cell_w = (width - 6.0 * (len(row) - 1)) / len(row)
        row_h = 0.0
        for k, token_id in enumerate(row):
            index, token = by_id[token_id]
            x = m + k * (cell_w + 6.0)
            got, h = _token_group(ctx, kit, index, token, x, y, cell_w, values)
            items += got
            row_h = max(row_h, h)
        y += row_h + 4.0
    items += _die_nets(ctx, kit, m, y, width)
    items += scale_bar(m, ctx.paper.height - m - 6.0, lang)
    return Page(ctx.paper.width, ctx.paper.height, tuple(items), f"{title} — {tr('tokens', lang)}")


def _group_heading(
    ctx: LayoutContext, heading: str, note: str, x: float, y: float, width: float, where: tuple, label: str
) -> list[Item]:
    """A token group's heading, its note under it, and a hairline."""
    items: list[Item] = []
    items += ctx.fitted(
        heading,
        TextBox(x, y, width, 4.6, align="start", valign="middle", colour=INK, bold=True),
        9.5,
        7,
        where=where,
        label=label,
    )
    if note:
        items += ctx.fitted(
            note,
            TextBox(x, y + 4.8, width, 3.6, align="start", valign="middle", colour=MUTED),
            7,
            5.5,
            where=where,
            label=f"{label} note",
        )
    items.append(Line(x, y + 9.0, x + width, y + 9.0, style=Style(stroke="#cfc8b8", width=0.2)))
    return items


def _token_group(
    ctx: LayoutContext,
    kit: DiceBattleKit,
    index: int,
    token: TokenKind,
    x: float,
    y: float,
    width: float,
    values: dict[str, Any],
) -> tuple[list[Item], float]:
    lang = ctx.lang
    r = TOKEN_RADIUS.get(token.id, 9.0)
    name = text(token.name, lang)
    note = text(token.note, lang, values) if token.note is not None else ""
    items = _group_heading(
        ctx, f"{name} × {token.count}", note, x, y, width, ("tokens", index, "name", lang), f"token {token.id}"
    )
    top = y + 11.0
    pitch = 2 * r + 3.2
    per_row = max(1, int((width + 3.2) // pitch))
    for k in range(token.count):
        row, col = divmod(k, per_row)
        cx = x + r + 0.8 + col * pitch
        cy = top + r + 0.8 + row * pitch
        items += _token(ctx, kit, index, token, cx, cy, r, name)
    rows = math.ceil(token.count / per_row)
    return items, 11.0 + rows * pitch


def _token(
    ctx: LayoutContext, kit: DiceBattleKit, index: int, token: TokenKind, cx: float, cy: float, r: float, mark: str
) -> list[Item]:
    lang = ctx.lang
    light = blend(WHITE, token.colour, 0.85)
    items: list[Item] = [
        Circle(cx, cy, r + 0.7, style=CUT, role="cut"),
        Circle(cx, cy, r, style=Style(fill=token.colour, stroke=INK, width=0.2), role="token"),
        Circle(cx, cy, r * 0.86, style=Style(stroke=WHITE, width=0.35)),
    ]
    if r >= 9:
        items += token_emblem(token.id, cx, cy - r * 0.2, r * 0.4, light)
        items += _bonus_mark(kit, token.id, cx, cy - r * 0.2, r * 0.4, token.colour)
        items += ctx.fitted(
            mark,
            TextBox(
                cx - r * 0.75,
                cy + r * 0.26,
                r * 1.5,
                r * 0.46,
                align="middle",
                valign="middle",
                colour=WHITE,
                bold=True,
            ),
            8.0,
            5.0,
            where=("tokens", index, "name", lang),
            label=f"token {token.id}",
        )
    else:
        items += ctx.fitted(
            mark,
            TextBox(cx - r * 0.75, cy - r * 0.5, r * 1.5, r, align="middle", valign="middle", colour=WHITE, bold=True),
            9.0,
            5.0,
            where=("tokens", index, "name", lang),
            label=f"token {token.id}",
        )
    return items


def _die_nets(ctx: LayoutContext, kit: DiceBattleKit, x: float, y: float, width: float) -> list[Item]:
    """One cross-shaped cube net per player: faces 1–6 with opposite faces adding to 7, a glue tab on one side of every seam."""
    lang = ctx.lang
    items = _group_heading(
        ctx, f"{tr('die_net', lang)} × {kit.players.max}", tr("die_note", lang), x, y, width, ("players",), "die net"
    )
    side = 15.0
    top = y + 15.0
    faces = {(1, 0): 1, (0, 1): 3, (1, 1): 2, (2, 1): 4, (1, 2): 6, (1, 3): 5}
    tabs = (
        ((0, 1), "top"),
        ((0, 1), "bottom"),
        ((2, 1), "top"),
        ((2, 1), "bottom"),
        ((1, 3), "left"),
        ((1, 3), "right"),
        ((1, 3), "bottom"),
    )
    steps = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}
    cut = Style(stroke=INK, width=0.3)
    fold = Style(stroke=INK, width=0.25, dash=(1.2, 1.0))
    for k in range(kit.players.max):
        left = x + 6.0 + k * (3 * side + 30.0)
        for (c, r), edge in tabs:
            items += _tab(left + c * side, top + r * side, side, edge, cut)
        for (c, r), pips in faces.items():
            fx, fy = left + c * side, top + r * side
            items.append(Rect(fx, fy, side, side, style=Style(fill=WHITE), role="die-face"))
            items += die_face(fx + side / 2, fy + side / 2, side * 0.86, pips, WHITE, "#c23b22" if pips == 1 else INK)
        for c, r in faces:  # each edge once: a fold where a face or a tab continues, a cut elsewhere
            fx, fy = left + c * side, top + r * side
            ends = {
                "top": (fx, fy, fx + side, fy),
                "bottom": (fx, fy + side, fx + side, fy + side),
                "left": (fx, fy, fx, fy + side),
                "right": (fx + side, fy, fx + side, fy + side),
            }
            for edge, (dc, dr) in steps.items():
                neighbour = (c + dc, r + dr)
                if neighbour in faces and edge in ("top", "left"):
                    continue  # drawn from the other face
                inner = neighbour in faces or ((c, r), edge) in tabs
                items.append(Line(*ends[edge], style=fold if inner else cut, role="fold" if inner else "cut"))
    return items


def _tab(fx: float, fy: float, side: float, edge: str, cut: Style) -> list[Item]:
    """A glue tab on one edge of a face: shaded, cut along its three outer sides (the fourth is the fold)."""
    d, inset = 4.0, 3.0
    if edge == "top":
        pts = ((fx, fy), (fx + inset, fy - d), (fx + side - inset, fy - d), (fx + side, fy))
    elif edge == "bottom":
        pts = ((fx, fy + side), (fx + inset, fy + side + d), (fx + side - inset, fy + side + d), (fx + side, fy + side))
    elif edge == "left":
        pts = ((fx, fy), (fx - d, fy + inset), (fx - d, fy + side - inset), (fx, fy + side))
    else:
        pts = ((fx + side, fy), (fx + side + d, fy + inset), (fx + side + d, fy + side - inset), (fx + side, fy + side))
    outline = (("M", *pts[0]),) + tuple(("L", *p) for p in pts[1:])
    return [Polygon(pts, style=Style(fill="#eeeae2"), role="glue-tab"), Path(outline, style=cut, role="cut")]


# ---------------------------------------------------------------- the rule summary's diagrams

PHASE_COLOURS = ("#a5432c", "#65489a", "#23788a")
TIMINGS = ("before", "during", "after")
"""What S1, S2 and S3 mean, in spell order."""


def rules_page(kit: DiceBattleKit, ctx: LayoutContext, title: str) -> Page:
    """Everything on one page: the kit's sections, with the round and the order of effects drawn from the model."""
    lang = ctx.lang
    return summary_page(
        ctx,
        f"{title} — {tr('rules', lang)}",
        players_line(kit.players, lang),
        rule_summary_sections(kit, ctx),
        f"{title} v{kit.version}",
        text(kit.subtitle, lang),
        icons=kit.card_templates.icons,
    )


def rule_summary_sections(kit: DiceBattleKit, ctx: LayoutContext) -> list[Section]:
    """The kit's rule sections, with this game's drawing wherever a section asks for one of its diagrams."""
    return rule_sections(ctx, kit, {name: draw(kit) for name, draw in DIAGRAMS.items()})


def phase_flow(kit: DiceBattleKit) -> Diagram:
    """The round: a coloured box per phase with its steps, arrows between them, and the loop back to the first."""

    def draw(setting: Setting, width: float) -> tuple[list[Item], float]:
        lang = setting.ctx.lang
        values = kit.placeholder_values()
        phases = kit.phases
        arrow = 7.0
        box_w = (width - arrow * (len(phases) - 1)) / len(phases)
        small = setting.body - 0.5
        steps = [[text(step, lang, values) for step in phase.steps] for phase in phases]
        steps_h = max(sum(setting.height(step, box_w - 6.5, small) + 0.8 for step in texts) for texts in steps)
        box_h = 8.0 + steps_h + 1.5
        items: list[Item] = []
        for k, phase in enumerate(phases):
            x = k * (box_w + arrow)
            items += _phase_box(setting, phase, k, steps[k], x, box_w, box_h, small)
            if k < len(phases) - 1:
                items += _arrow(x + box_w + 1.0, box_h / 2, x + box_w + arrow - 1.0, box_h / 2, INK)
        items += _round_loop(setting, box_w / 2, (len(phases) - 1) * (box_w + arrow) + box_w / 2, box_h)
        return items, box_h + 7.0

    return draw


def _phase_box(
    setting: Setting, phase: Phase, k: int, steps: list[str], x: float, w: float, h: float, size: float
) -> list[Item]:
    """One phase: its number and name on a coloured band, then its steps, each after a small triangle."""
    lang = setting.ctx.lang
    colour = PHASE_COLOURS[k % len(PHASE_COLOURS)]
    where = ("phases", k)
    items: list[Item] = [
        Rect(x, 0, w, h, style=Style(fill=tint(colour, 0.08), stroke=colour, width=0.5), radius=2.0),
        Rect(x, 0, w, 7.0, style=Style(fill=colour), radius=2.0),
        Rect(x, 4.0, w, 3.0, style=Style(fill=colour)),
        Circle(x + 4.2, 3.5, 2.5, style=Style(fill=WHITE)),
        Text(x + 4.2, 4.55, str(k + 1), 8, colour=colour, anchor="middle", bold=True),
    ]
    items += setting.ctx.fitted(
        text(phase.name, lang),
        TextBox(x + 8, 0, w - 10, 7, align="start", valign="middle", colour=WHITE, bold=True),
        9.5,
        7,
        where=where + ("name", lang),
        label="phase name",
    )
    y = 8.5
    for i, step in enumerate(steps):
        got, height = setting.paragraph(step, x + 5.0, y, w - 6.5, where + ("steps", i, lang), size=size)
        items += got
        mid = y + size * MM_PER_PT * (fonts.ASCENT - GLYPH_MIDDLE)
        items.append(
            Polygon(
                ((x + 1.8, mid - 1.0), (x + 3.4, mid), (x + 1.8, mid + 1.0)), style=Style(fill=colour), role="step-mark"
            )
        )
        y += height + 0.8
    return items


def _round_loop(setting: Setting, first_x: float, last_x: float, box_h: float) -> list[Item]:
    """The line from under the last phase back to under the first, labelled: the next round swaps the players."""
    ly = box_h + 4.0
    label = tr("next_round", setting.ctx.lang)
    lw = fonts.width_mm(label, setting.body) + 4
    lx = (first_x + last_x) / 2 - lw / 2
    items: list[Item] = [
        Path(
            (("M", last_x, box_h), ("L", last_x, ly), ("L", first_x, ly), ("L", first_x, box_h + 1.6)),
            style=Style(stroke=INK, width=0.45),
        ),
        Polygon(
            ((first_x - 1.3, box_h + 2.0), (first_x + 1.3, box_h + 2.0), (first_x, box_h + 0.3)),
            style=Style(fill=INK),
        ),
        Rect(lx, ly - 2.2, lw, 4.4, style=Style(fill=WHITE)),
    ]
    items += setting.ctx.fitted(
        label,
        TextBox(lx, ly - 2.2, lw, 4.4, align="middle", valign="middle", colour=INK, bold=True),
        setting.body,
        6,
        where=("phases",),
        label="round loop",
    )
    return items


def effect_order(kit: DiceBattleKit) -> Diagram:
    """S1 → S2 → S3 as chevrons, the tie rules under them, and the rulebook's example resolved in order."""

    def draw(setting: Setting, width: float) -> tuple[list[Item], float]:
        lang = setting.ctx.lang
        items = _spell_chevrons(setting, width)
        y = 10.5
        rule, note = tr("resolution_rule", lang), tr("level_note", lang)
        rule_h = setting.height(rule, width - 4) + 0.5 + setting.height(note, width - 4) + 2.2
        items.append(Rect(0, y, width, rule_h, style=Style(fill="#f4efe4"), radius=1.5))
        got, height = setting.paragraph(rule, 2, y + 1.2, width - 4, ("rules",), bold=True)
        items += got
        got, _height = setting.paragraph(note, 2, y + 1.2 + height + 0.5, width - 4, ("rules",), colour=MUTED)
        items += got
        y += rule_h + 1.5
        if kit.example is not None:
            got, height = setting.paragraph(tr("example", lang), 0, y, width, ("example",))
            items += got
            y += height + 1.5
            items += _example_chips(setting, kit, resolution_order(kit, kit.example), y, width, EXAMPLE_CHIP_H)
            y += EXAMPLE_CHIP_H
        return items, y

    return draw


EXAMPLE_CHIP_H = 15.0


def _spell_chevrons(setting: Setting, width: float) -> list[Item]:
    """One chevron per spell number, in its icon's colour, saying when it resolves."""
    icons = setting.icons
    chev_h, point, gap = 9.0, 4.0, 2.0
    cw = (width - 2 * gap) / 3
    items: list[Item] = []
    for k, spell in enumerate(SPELLS):
        x = k * (cw + gap)
        colour = icons[spell].colour if spell in icons else INK
        notch = point if k else 0.0
        outline = [(x, 0.0), (x + cw - point, 0.0), (x + cw, chev_h / 2), (x + cw - point, chev_h), (x, chev_h)]
        if k:
            outline.append((x + point, chev_h / 2))
        items.append(Polygon(tuple(outline), style=Style(fill=tint(colour, 0.16), stroke=colour, width=0.4)))
        if spell in icons:
            items.append(icon_items(icons[spell], x + notch + 6.0, chev_h / 2, 6.6, role="spell"))
        items += setting.ctx.fitted(
            tr(TIMINGS[k], setting.ctx.lang),
            TextBox(x + notch + 11.0, 0, cw - 17.0, chev_h, align="start", valign="middle", colour=INK, bold=True),
            setting.body + 0.5,
            6,
            where=("card_templates", "icons"),
            label="spell timing",
        )
    return items


def _example_chips(
    setting: Setting, kit: DiceBattleKit, order: list[Resolution], y: float, width: float, h: float
) -> list[Item]:
    """The example's effects as cards in a row, in the order they resolve."""
    arrow = 4.5
    n = len(order)
    cw = (width - arrow * (n - 1)) / n
    items: list[Item] = []
    for k, entry in enumerate(order):
        x = k * (cw + arrow)
        items += _chip(setting, kit, entry, x, y, cw, h)
        if k < n - 1:
            items += _arrow(x + cw + 0.6, y + h / 2, x + cw + arrow - 0.6, y + h / 2, INK)
    return items


def _chip(
    setting: Setting, kit: DiceBattleKit, entry: Resolution, x: float, y: float, w: float, h: float
) -> list[Item]:
    """One resolving effect: its spell, whose it is, the class and level it compares, and the card's name."""
    ctx, lang = setting.ctx, setting.ctx.lang
    index, card = next((i, c) for i, c in enumerate(kit.cards) if c.id == entry.card_id)
    label = kit.card_templates.labels[card.value("unit_class" if entry.side == "unit" else "nonunit_class")]
    colour = label.colour
    items: list[Item] = [Rect(x, y, w, h, style=Style(fill=tint(colour, 0.1), stroke=colour, width=0.45), radius=1.5)]
    spell = setting.icons.get(entry.spell)
    if spell is not None:
        items.append(icon_items(spell, x + 4.2, y + 4.0, 6.0, role="spell"))
    who = tr("first" if entry.player == 0 else "second", lang)
    items += ctx.fitted(
        f"{who} · {label.name.get(lang)} Lv{entry.level}",
        TextBox(x + 8.0, y + 1.2, w - 9.0, 5.6, align="start", valign="middle", colour=colour, bold=True),
        7,
        5,
        where=("example",),
        label="example chip",
    )
    items += inline_text(
        ctx,
        text(card.value("title"), lang),
        TextBox(x + 1.5, y + 7.5, w - 3.0, h - 8.5, align="middle", valign="middle", colour=INK, bold=True),
        7.0,
        5.5,
        {},
        where=("cards", index, "fill", "title", lang),
        label="example card name",
        lines=1,
    )
    return items


def _arrow(x1: float, y1: float, x2: float, y2: float, colour: str) -> list[Item]:
    head = 1.6
    return [
        Line(x1, y1, x2 - head, y2, style=Style(stroke=colour, width=0.5)),
        Polygon(((x2, y2), (x2 - head * 1.4, y2 - head), (x2 - head * 1.4, y2 + head)), style=Style(fill=colour)),
    ]


DIAGRAMS: dict[str, Callable[[DiceBattleKit], Diagram]] = {"phase-flow": phase_flow, "resolution-order": effect_order}
"""The generated sections this game draws; `end-conditions` and `errata` are the shared tables (validator: GENERATED)."""


__all__ = ["ART", "DIAGRAMS", "components"]
