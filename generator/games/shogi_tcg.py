"""Shogi + TCG's printables: the island map, six card templates in four piles, pieces and life, the rules.

Card templates (this kit's own design), each with its own frame colour:
creature (wood), spell (indigo), building (slate), relic (gold); mana and
colour cards take the colour of their mana. The band behind a card's name
shows the card's mana colour, and cost pips carry a symbol as well as a
colour, so the cards read in greyscale and for colour-blind players. Each
spell, building and creature shows the vector icon its `icon:` names
(generator/icons/shogi.py) on a halo in its art window; a card without one
falls back to the plain sparkle, tower or lettered shogi piece.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from pnpkit.validator.checks import local_numbers
from pnpkit.validator.games.shogi_tcg import (
    COLOURLESS,
    PILES,
    Building,
    CardItem,
    Creature,
    ManaColour,
    Pile,
    Relic,
    ShogiDeck,
    ShogiTcgKit,
    Spell,
    Template,
)

from ..colour import INK, WHITE, blend, ink_on, luma, shade, tint
from ..i18n import SHARED, players_line
from ..icons import icon
from ..icons.paths import ellipse
from ..icons.shogi import card_icon
from ..layouts.backs import deck_back
from ..layouts.cards import CardFace, card_sheets
from ..layouts.common import MUTED, LayoutContext, page_title, scale_bar
from ..layouts.graphmap import LegendEntry, map_pages, spec_of
from ..layouts.rules import rule_pages
from ..scene import Circle, Group, Item, Line, Page, Path, Polygon, Rect, Style, Text
from ..text import TextBox
from .base import Component, rule_sections, text
from .decks import deck_faces

PANEL = "#fffaf2"
TYPE_COLOURS = {"creature": "#6b4426", "spell": "#33407a", "building": "#4d5960", "relic": "#a47b1c"}
WOOD = "#e9cd94"
WOOD_EDGE = "#8a6236"
GOLD = "#c99a2e"
PLAYER_MARKS = ("●", "▲", "■", "◆", "★", "✚")
CUT = Style(stroke="#444444", width=0.2, dash=(1.2, 0.8))

Cost = dict[str, int]

tr = SHARED.extend(
    {
        "map": {"ja": "マップ", "en": "Map"},
        "pieces_and_life": {"ja": "駒とライフ", "en": "Pieces and life"},
        "pile_main": {"ja": "山札（呪文・建造物・遺物）", "en": "Deck (spells, buildings, relics)"},
        "pile_creature": {"ja": "クリーチャー山札", "en": "Creature deck"},
        "pile_mana": {"ja": "マナ山札", "en": "Mana deck"},
        "pile_colour": {"ja": "色カード", "en": "Colour cards"},
        "short_main": {"ja": "山札", "en": "Deck"},
        "creature": {"ja": "クリーチャー", "en": "Creature"},
        "spell": {"ja": "呪文", "en": "Spell"},
        "building": {"ja": "建造物", "en": "Building"},
        "relic": {"ja": "遺物", "en": "Relic"},
        "colour_card": {"ja": "プレイヤーの色", "en": "Player colour"},
        "attack_power": {"ja": "攻撃力", "en": "Attack"},
        "movement": {"ja": "移動力", "en": "Move"},
        "sustain": {"ja": "維持", "en": "Sustain"},
        "activate": {"ja": "起動", "en": "Activate"},
        "once": {"ja": "一度だけ", "en": "Once"},
        "sustain_note": {
            "ja": "次のあなたの手番まで効く。手番中一度、このコストで再び使える。",
            "en": "Lasts until your next turn. Once a turn, pay this to use it again.",
        },
        "activate_note": {
            "ja": "この手番の間だけ効く。手番中{n}回まで、このコストで再び使える。",
            "en": "Lasts this turn. Up to {n} times a turn, pay this to use it again.",
        },
        "activate_note_any": {
            "ja": "この手番の間だけ効く。このコストで何度でも再び使える。",
            "en": "Lasts this turn. Pay this to use it again, any number of times.",
        },
        "once_note": {"ja": "公開したときに一度だけ効く。", "en": "Works once, when revealed."},
        "building_note": {
            "ja": "自分から戦闘を起こせない（移動はできる）。効果は全ノードに及ぶ。",
            "en": "Never starts a battle (it can move). Its effect reaches every node.",
        },
        "colourless_note": {
            "ja": "無色：召喚したプレイヤーの色の特徴を得る。",
            "en": "Colourless: gains its summoner's colour trait.",
        },
        "pay_when_drawn": {"ja": "引いたときに支払う", "en": "Pay when drawn"},
        "relic_win": {
            "ja": "全{kinds}種のうち{n}種を手札にそろえると勝利",
            "en": "Hold {n} of the {kinds} kinds to win",
        },
        "mana_note": {"ja": "手番ごとに一度、{colour}のマナを一つ出す。", "en": "Gives one {colour} mana once a turn."},
        "mana_name": {"ja": "{colour}のマナ", "en": "{colour} mana"},
        "colour_note": {
            "ja": "単独で最も多い色マナがこの色のプレイヤーが得る特徴。プレイヤー駒と、その人が召喚した無色クリーチャーに効く。",
            "en": "The trait of a player whose single largest mana colour this is. It applies to their player piece and the colourless creatures they summon.",
        },
        "player_piece": {"ja": "プレイヤー駒", "en": "Player piece"},
        "player_glyph": {"ja": "王", "en": "K"},
        "piece_markers": {"ja": "駒マーカー", "en": "Piece markers"},
        "markers_note": {
            "ja": "クリーチャーや建造物を出したら、同じ番号の一方をマップに置き、もう一方をそのカードに載せる。",
            "en": "When you summon a creature or build a building, put one marker on the map and its twin on the card.",
        },
        "life": {"ja": "ライフカウンター", "en": "Life counters"},
        "life_note": {
            "ja": "ライフは{life}から始まり、上限はない。",
            "en": "Life starts at {life} and has no upper limit.",
        },
        "steps_pieces": {
            "ja": "点線に沿って切り抜く。プレイヤー駒は五角形、ほかは丸（丸型パンチが便利）。",
            "en": "Cut along the dotted lines: player pieces are five-sided, the rest round (a circle punch helps).",
        },
        "cut_dotted": {"ja": "点線に沿って切り離してください", "en": "Cut along the dotted lines"},
        "legend_node": {
            "ja": "ノード：番号はダイス{dice}個の目（十の位と一の位）",
            "en": "Node: its number is {dice} dice read as tens and units",
        },
        "legend_link": {"ja": "リンク：一本が{hop} hop", "en": "Link: one link is {hop} hop"},
        "legend_land": {
            "ja": "島と海は飾り（ボロノイ図、シード {seed}）",
            "en": "Land and sea are decoration (Voronoi, seed {seed})",
        },
        "map_note": {"ja": "マップは本キットのオリジナルデザイン", "en": "The map is this kit's own design"},
    }
)


def components(kit: ShogiTcgKit, ctx: LayoutContext) -> list[Component]:
    lang = ctx.lang
    title = text(kit.title, lang)
    return [
        Component(
            "map", f"{title} — {tr('map', lang)}", tuple(map_sheet(kit, ctx, title)), checklist=((tr("map", lang), 1),)
        ),
        Component(
            "cards",
            f"{title} — {tr('cards', lang)}",
            tuple(cards(kit, ctx, title)),
            checklist=tuple(card_checklist(kit, lang)),
        ),
        Component(
            "tokens",
            f"{title} — {tr('pieces_and_life', lang)}",
            (pieces(kit, ctx, title),),
            stock=tr("stock_board", lang),
            steps=(tr("steps_pieces", lang),),
            checklist=tuple(piece_checklist(kit, lang)),
        ),
        Component("rules", f"{title} — {tr('rules', lang)}", tuple(rules(kit, ctx, title))),
    ]


# ---------------------------------------------------------------- colours and small shapes


def _shape(items: list[Item], cx: float, cy: float, radius: float, name: str, rotate: float = 0.0) -> Group:
    return Group(tuple(items), dx=cx, dy=cy, rotate=rotate, scale=radius, role="icon", name=name)


def symbol(name: str, cx: float, cy: float, radius: float, colour: str, background: str) -> Group:
    """A mana symbol (flame, drop, leaf, moon, sun) in a unit box, drawn in `colour`."""
    if name in ("flame", "drop"):
        return icon(name, cx, cy, radius, colour, background)
    fill = Style(fill=colour)
    if name == "leaf":
        body = Path(
            (
                ("M", 0.0, -1.0),
                ("C", 0.8, -0.55, 0.72, 0.45, 0.0, 0.9),
                ("C", -0.72, 0.45, -0.8, -0.55, 0.0, -1.0),
                ("Z",),
            ),
            style=fill,
        )
        rib = Path((("M", 0.0, -0.6), ("L", 0.0, 1.0)), style=Style(stroke=background, width=0.13))
        return _shape([body, rib], cx, cy, radius, "leaf", 25.0)
    if name == "moon":
        crescent = Path(
            (
                ("M", 0.25, -0.95),
                ("C", -0.45, -0.9, -0.95, -0.35, -0.88, 0.2),
                ("C", -0.8, 0.75, -0.2, 1.05, 0.35, 0.92),
                ("C", 0.6, 0.86, 0.8, 0.72, 0.92, 0.55),
                ("C", 0.3, 0.72, -0.35, 0.35, -0.32, -0.2),
                ("C", -0.3, -0.6, -0.02, -0.88, 0.25, -0.95),
                ("Z",),
            ),
            style=fill,
        )
        return _shape([crescent], cx, cy, radius, "moon")
    if name == "sun":
        rays: list[Item] = [Circle(0.0, 0.0, 0.45, style=fill)]
        for k in range(8):
            a = math.radians(k * 45)
            tip = (0.98 * math.cos(a), 0.98 * math.sin(a))
            left = (0.6 * math.cos(a - 0.22), 0.6 * math.sin(a - 0.22))
            right = (0.6 * math.cos(a + 0.22), 0.6 * math.sin(a + 0.22))
            rays.append(Polygon((left, tip, right), style=fill))
        return _shape(rays, cx, cy, radius, "sun")
    raise ValueError(f"no symbol {name!r}")


def koma(
    cx: float,
    cy: float,
    radius: float,
    fill: str | None,
    edge: str,
    width: float = 0.06,
    dash: tuple[float, ...] | None = None,
) -> Group:
    """The five-sided shogi piece, pointing up."""
    points = ((0.0, -1.0), (0.62, -0.7), (0.8, 1.0), (-0.8, 1.0), (-0.62, -0.7))
    return _shape(
        [Polygon(points, style=Style(fill=fill, stroke=edge, width=width, dash=dash))], cx, cy, radius, "koma"
    )


def sword(cx: float, cy: float, radius: float, colour: str, rotate: float = 0.0) -> Group:
    fill = Style(fill=colour)
    return _shape(
        [
            Polygon(((0.0, -1.0), (0.14, -0.78), (0.14, 0.35), (-0.14, 0.35), (-0.14, -0.78)), style=fill),
            Rect(-0.45, 0.35, 0.9, 0.14, style=fill),
            Rect(-0.09, 0.49, 0.18, 0.36, style=fill),
            Circle(0.0, 0.9, 0.11, style=fill),
        ],
        cx,
        cy,
        radius,
        "sword",
        rotate,
    )


def arrow(cx: float, cy: float, radius: float, colour: str) -> Group:
    points = ((-0.95, -0.32), (0.15, -0.32), (0.15, -0.75), (0.95, 0.0), (0.15, 0.75), (0.15, 0.32), (-0.95, 0.32))
    return _shape([Polygon(points, style=Style(fill=colour))], cx, cy, radius, "arrow")


def sparkle(cx: float, cy: float, radius: float, colour: str) -> Group:
    star = (
        ("M", 0.0, -1.0),
        ("C", 0.1, -0.25, 0.25, -0.1, 1.0, 0.0),
        ("C", 0.25, 0.1, 0.1, 0.25, 0.0, 1.0),
        ("C", -0.1, 0.25, -0.25, 0.1, -1.0, 0.0),
        ("C", -0.25, -0.1, -0.1, -0.25, 0.0, -1.0),
        ("Z",),
    )
    small = tuple(
        (op[0], *[v * 0.36 + (0.62 if k % 2 == 0 else -0.62) for k, v in enumerate(op[1:])]) for op in star[:-1]
    ) + (("Z",),)
    return _shape(
        [Path(star, style=Style(fill=colour)), Path(small, style=Style(fill=colour, opacity=0.7))],
        cx,
        cy,
        radius,
        "sparkle",
    )


def tower(cx: float, cy: float, radius: float, colour: str, window: str) -> Group:
    outline = (
        (-0.58, 1.0),
        (-0.58, -0.5),
        (-0.76, -0.5),
        (-0.76, -0.95),
        (-0.46, -0.95),
        (-0.46, -0.75),
        (-0.15, -0.75),
        (-0.15, -0.95),
        (0.15, -0.95),
        (0.15, -0.75),
        (0.46, -0.75),
        (0.46, -0.95),
        (0.76, -0.95),
        (0.76, -0.5),
        (0.58, -0.5),
        (0.58, 1.0),
    )
    door = (("M", -0.2, 1.0), ("L", -0.2, 0.55), ("C", -0.2, 0.3, 0.2, 0.3, 0.2, 0.55), ("L", 0.2, 1.0), ("Z",))
    return _shape(
        [
            Polygon(outline, style=Style(fill=colour)),
            Path(door, style=Style(fill=window)),
            Rect(-0.12, -0.3, 0.24, 0.3, style=Style(fill=window), radius=0.08),
        ],
        cx,
        cy,
        radius,
        "tower",
    )


def relic_icon(name: str, cx: float, cy: float, radius: float, colour: str, detail: str) -> Group:
    fill = Style(fill=colour)
    if name == "crown":
        crown = Polygon(
            ((-0.9, 0.55), (-0.9, -0.45), (-0.45, 0.05), (0.0, -0.7), (0.45, 0.05), (0.9, -0.45), (0.9, 0.55)),
            style=fill,
        )
        items: list[Item] = [crown, Rect(-0.9, 0.62, 1.8, 0.26, style=fill, radius=0.05)]
        items += [Circle(x, y, 0.12, style=fill) for x, y in ((-0.9, -0.55), (0.0, -0.82), (0.9, -0.55))]
        items += [Circle(x, 0.75, 0.07, style=Style(fill=detail)) for x in (-0.45, 0.0, 0.45)]
    elif name == "chalice":
        cup = (
            ("M", -0.72, -0.88),
            ("L", 0.72, -0.88),
            ("C", 0.72, -0.12, 0.38, 0.15, 0.12, 0.2),
            ("L", 0.12, 0.6),
            ("L", 0.52, 0.74),
            ("L", 0.52, 0.92),
            ("L", -0.52, 0.92),
            ("L", -0.52, 0.74),
            ("L", -0.12, 0.6),
            ("L", -0.12, 0.2),
            ("C", -0.38, 0.15, -0.72, -0.12, -0.72, -0.88),
            ("Z",),
        )
        items = [
            Path(cup, style=fill),
            Path((("M", -0.5, -0.62), ("L", 0.5, -0.62)), style=Style(stroke=detail, width=0.08)),
        ]
    elif name == "sword":
        return sword(cx, cy, radius, colour, rotate=35.0)
    elif name == "mirror":
        items = [
            Circle(0.0, 0.0, 0.92, style=fill),
            Circle(0.0, 0.0, 0.7, style=Style(stroke=detail, width=0.07)),
            Circle(0.0, 0.0, 0.16, style=Style(fill=detail)),
        ]
        items += [Circle(0.0, 0.0, 0.45, style=Style(stroke=detail, width=0.04, opacity=0.7))]
    elif name == "magatama":
        body = (
            ("M", 0.62, -0.38),
            ("C", 0.62, 0.32, 0.22, 0.78, -0.5, 0.95),
            ("C", -0.12, 0.6, -0.48, 0.2, -0.48, -0.38),
            ("C", -0.48, -1.08, 0.62, -1.08, 0.62, -0.38),
            ("Z",),
        )
        items = [Path(body, style=fill), Circle(0.07, -0.4, 0.17, style=Style(fill=detail))]
    else:
        raise ValueError(f"no relic icon {name!r}")
    return _shape(items, cx, cy, radius, name)


def heart(cx: float, cy: float, radius: float, colour: str) -> Group:
    body = (
        ("M", 0.0, 0.9),
        ("C", -1.15, 0.1, -0.95, -0.95, 0.0, -0.42),
        ("C", 0.95, -0.95, 1.15, 0.1, 0.0, 0.9),
        ("Z",),
    )
    return _shape([Path(body, style=Style(fill=colour))], cx, cy, radius, "heart")


# ---------------------------------------------------------------- card pieces


def _colours(kit: ShogiTcgKit) -> dict[str, ManaColour]:
    return {c.id: c for c in kit.colours}


def card_colour(kit: ShogiTcgKit, cost: Cost) -> tuple[str, str]:
    """The card's mana colour (id, hex): the colour with the most pips; none means colourless."""
    colours = _colours(kit)
    best = max(((n, -i, cid) for i, (cid, n) in enumerate(cost.items()) if cid in colours), default=None)
    if best is None:
        return COLOURLESS, kit.colourless.colour
    return best[2], colours[best[2]].colour


def colour_name(kit: ShogiTcgKit, colour_id: str, lang: str) -> str:
    if colour_id == COLOURLESS:
        return text(kit.colourless.name, lang)
    return text(_colours(kit)[colour_id].name, lang)


def pips(
    ctx: LayoutContext, kit: ShogiTcgKit, cost: Cost, right: float, cy: float, radius: float = 2.5, where: tuple = ()
) -> tuple[list[Item], float]:
    """Cost pips ending at `right`: one numbered grey pip for colourless, then one symbol pip per coloured mana."""
    colours = _colours(kit)
    entries: list[tuple[str, int]] = []
    if cost.get(COLOURLESS):
        entries.append((COLOURLESS, cost[COLOURLESS]))
    for colour in kit.colours:
        entries += [(colour.id, 1)] * cost.get(colour.id, 0)
    step = 2 * radius + 0.5
    width = len(entries) * step - 0.5 if entries else 0.0
    x = right - width + radius
    items: list[Item] = []
    for cid, n in entries:
        if cid == COLOURLESS:
            fill = kit.colourless.colour
            items.append(Circle(x, cy, radius, style=Style(fill=fill, stroke=WHITE, width=0.3)))
            box = TextBox(
                x - radius,
                cy - radius * 0.8,
                2 * radius,
                radius * 1.6,
                align="middle",
                valign="middle",
                colour=WHITE,
                bold=True,
            )
            items += ctx.fitted(str(n), box, radius * 3.4, 5, where=where, label="cost")
        else:
            colour = colours[cid]
            items.append(
                Circle(
                    x,
                    cy,
                    radius,
                    style=Style(fill=colour.colour, stroke=ink_on(colour.colour), width=0.3),
                )
            )
            items.append(symbol(colour.symbol, x, cy, radius * 0.62, ink_on(colour.colour), colour.colour))
        x += step
    return items, width


def _frame(w: float, h: float, edge: str) -> list[Item]:
    return [Rect(0, 0, w, h, style=Style(fill=edge)), Rect(3, 3, w - 6, h - 6, style=Style(fill=PANEL), radius=2.5)]


def _band(
    ctx: LayoutContext, kit: ShogiTcgKit, w: float, name: str, band: str, cost: Cost | None, where: tuple
) -> list[Item]:
    items: list[Item] = [
        Rect(3, 3, w - 6, 11.5, style=Style(fill=band), radius=2.5),
        Rect(3, 8, w - 6, 6.5, style=Style(fill=band)),
    ]
    pip_width = 0.0
    if cost:
        pip_items, pip_width = pips(
            ctx, kit, cost, w - 5.5, 8.75, 2.5, where[:-2] + ("cost",) if len(where) > 2 else ()
        )
        items += pip_items
        pip_width += 1.5
    box = TextBox(
        6,
        4.0,
        w - 12 - pip_width,
        9.5,
        align="start",
        valign="middle",
        colour=ink_on(band),
        bold=True,
        role="card-name",
    )
    items += ctx.fitted(name, box, 11, 6.5, where=where, label="card name")
    return items


def _type_line(ctx: LayoutContext, w: float, left: str, right: str, colour: str) -> list[Item]:
    items: list[Item] = []
    items += ctx.fitted(
        left,
        TextBox(6, 15.8, w / 2, 4.0, align="start", valign="middle", colour=colour, bold=True),
        7,
        5.5,
        label="type line",
    )
    if right:
        items += ctx.fitted(
            right,
            TextBox(w / 2, 15.8, w / 2 - 6, 4.0, align="end", valign="middle", colour=MUTED),
            7,
            5.5,
            label="type line",
        )
    return items


def _art(w: float, top: float, height: float, fill: str, edge: str) -> Rect:
    return Rect(6, top, w - 12, height, style=Style(fill=fill, stroke=edge, width=0.3), radius=1.5)


def art_colours(cid: str, band: str) -> tuple[str, str, str]:
    """(background, ink, halo) of a card's art window: a wash of the card's colour, the colour deepened
    for the icon (gold on white cards, whose colour is too pale to draw with) and a lighter disc behind it."""
    background = tint(band, 0.2)
    ink = GOLD if cid == "white" else band if luma(band) < 80 else shade(band, 0.18)
    return background, ink, tint(band, 0.38) if cid != "white" else tint(GOLD, 0.28)


def _art_icon(
    name: str, w: float, top: float, height: float, cid: str, band: str, radius: float, grounded: bool = True
) -> list[Item]:
    """An icon on a halo in the art window; one that stands (a creature, a building) casts a soft shadow."""
    background, ink, halo = art_colours(cid, band)
    cx, cy = w / 2, top + height / 2
    items: list[Item] = [Circle(cx, cy, min(radius * 1.12, height / 2 - 0.8), style=Style(fill=halo))]
    if grounded:
        items.append(
            Path(ellipse(cx, cy + radius * 0.98, radius * 0.8, radius * 0.1), style=Style(fill=ink, opacity=0.18))
        )
    items.append(card_icon(name, cx, cy, radius, ink, background))
    return items


def _stats(ctx: LayoutContext, w: float, top: float, attack: int, movement: int, colour: str) -> list[Item]:
    half = (w - 12 - 3) / 2
    items: list[Item] = []
    for k, (label, value, mark) in enumerate(
        ((tr("attack_power", ctx.lang), attack, "sword"), (tr("movement", ctx.lang), movement, "arrow"))
    ):
        x = 6 + k * (half + 3)
        items.append(
            Rect(x, top, half, 8.5, style=Style(fill=tint(colour, 0.12), stroke=colour, width=0.3), radius=1.2)
        )
        items.append(
            sword(x + 4.2, top + 4.25, 2.9, colour, 45.0)
            if mark == "sword"
            else arrow(x + 4.2, top + 4.25, 2.7, colour)
        )
        items += ctx.fitted(
            label,
            TextBox(x + 8, top + 0.5, half - 16, 7.5, align="start", valign="middle", colour=INK),
            6.5,
            4.5,
            label="stat label",
        )
        items += ctx.fitted(
            str(value),
            TextBox(x + half - 8, top + 0.3, 7, 8, align="end", valign="middle", colour=colour, bold=True),
            15,
            9,
            label="stat value",
        )
    return items


def _body(
    ctx: LayoutContext,
    value: str,
    x: float,
    top: float,
    width: float,
    height: float,
    where: tuple,
    size: float = 8.0,
    colour: str = INK,
    valign: str = "top",
) -> list[Text]:
    return ctx.fitted(
        value,
        TextBox(x, top, width, height, align="start", valign=valign, colour=colour),
        size,
        5.5,
        where=where,
        label="card text",
    )


def _footer(ctx: LayoutContext, w: float, h: float, left: str, colour: str = MUTED) -> list[Text]:
    return ctx.fitted(
        left,
        TextBox(6, h - 7.6, w - 12, 3.2, align="start", valign="middle", colour=colour),
        6.5,
        6,
        label="card footer",
    )


def _values(kit: ShogiTcgKit, item: CardItem) -> dict[str, object]:
    return kit.placeholder_values() | local_numbers((item,))


def _glyph(name: str) -> str:
    """The mark on a piece: a kanji's first character, or two Latin letters so that
    Salamander (Sa), Scout (Sc) and Stone Golem (SG) stay apart."""
    if not name.isascii():
        return name[:1]
    words = name.split()
    return (words[0][0] + words[1][0]).upper() if len(words) > 1 else name[:2].capitalize()


# ---------------------------------------------------------------- card templates


def creature_face(kit: ShogiTcgKit, ctx: LayoutContext, item: Creature, index: int, w: float, h: float) -> CardFace:
    lang = ctx.lang
    frame = TYPE_COLOURS["creature"]
    cid, band = card_colour(kit, item.cost)
    name = text(item.name, lang)
    items = _frame(w, h, frame)
    items += _band(ctx, kit, w, name, band, item.cost, ("creatures", index, "name", lang))
    items += _type_line(ctx, w, tr("creature", lang), colour_name(kit, cid, lang), frame)
    items.append(_art(w, 21, 26, tint(band, 0.2), tint(band, 0.6)))
    if item.icon is not None:
        items += _art_icon(item.icon, w, 21, 26, cid, band, 10.5)
    else:
        items.append(koma(w / 2, 34.5, 11, WOOD, WOOD_EDGE))
        items += ctx.fitted(
            _glyph(name),
            TextBox(w / 2 - 7, 29, 14, 11, align="middle", valign="middle", colour=INK, bold=True),
            20,
            10,
            where=("creatures", index, "name", lang),
            label="piece glyph",
        )
    items += _stats(ctx, w, 49, item.attack, item.movement, frame)
    body_h = 19.0
    if cid == COLOURLESS:
        body_h = 13.0
        items += _body(ctx, tr("colourless_note", lang), 7, 73, w - 14, 6, (), size=6.5, colour=MUTED)
    if item.text is not None:
        items += _body(
            ctx,
            text(item.text, lang, _values(kit, item)),
            7,
            59.5,
            w - 14,
            body_h,
            ("creatures", index, "text", lang),
            valign="middle",
        )
    elif item.lore is not None:
        items += _body(
            ctx,
            text(item.lore, lang),
            7,
            59.5,
            w - 14,
            body_h,
            ("creatures", index, "lore", lang),
            size=7,
            colour=MUTED,
            valign="middle",
        )
    items += _footer(ctx, w, h, tr("pile_creature", lang))
    return CardFace(item.id, tuple(items), frame)


def spell_face(kit: ShogiTcgKit, ctx: LayoutContext, item: Spell, index: int, w: float, h: float) -> CardFace:
    lang = ctx.lang
    frame = TYPE_COLOURS["spell"]
    cid, band = card_colour(kit, item.cost)
    kind = item.ability.kind if item.ability else "once"
    items = _frame(w, h, frame)
    items += _band(ctx, kit, w, text(item.name, lang), band, item.cost, ("spells", index, "name", lang))
    items += _type_line(ctx, w, f"{tr('spell', lang)} — {tr(kind, lang)}", colour_name(kit, cid, lang), frame)
    items.append(_art(w, 21, 19, tint(band, 0.2), tint(band, 0.6)))
    if item.icon is not None:
        items += _art_icon(item.icon, w, 21, 19, cid, band, 8.0, grounded=False)
    else:
        items.append(sparkle(w / 2, 30.5, 8, blend(frame, band, 0.25) if cid != "white" else GOLD))
    items += _body(
        ctx,
        text(item.text, lang, _values(kit, item)),
        7,
        42,
        w - 14,
        20,
        ("spells", index, "text", lang),
        size=9,
        valign="middle",
    )
    items.append(Rect(6, 63, w - 12, 17, style=Style(fill=tint(frame, 0.1), stroke=frame, width=0.3), radius=1.2))
    tag = tr(kind, lang)
    items.append(Rect(8, 64.6, 15, 5, style=Style(fill=frame), radius=1))
    items += ctx.fitted(
        tag,
        TextBox(8.5, 64.9, 14, 4.4, align="middle", valign="middle", colour=WHITE, bold=True),
        7.5,
        5,
        label="ability tag",
    )
    if item.ability:
        pip_items, _ = pips(ctx, kit, item.ability.cost, w - 8, 67.1, 2.3, ("spells", index, "ability", "cost"))
        items += pip_items
        limit = kit.parameters.activations_per_turn
        note = (
            tr("sustain_note", lang)
            if kind == "sustain"
            else tr("activate_note", lang, n=limit)
            if limit
            else tr("activate_note_any", lang)
        )
    else:
        note = tr("once_note", lang)
    items += _body(ctx, note, 8, 70.6, w - 16, 8.6, (), size=6.5, colour=INK)
    items += _footer(ctx, w, h, tr("short_main", lang))
    return CardFace(item.id, tuple(items), frame)


def building_face(kit: ShogiTcgKit, ctx: LayoutContext, item: Building, index: int, w: float, h: float) -> CardFace:
    lang = ctx.lang
    frame = TYPE_COLOURS["building"]
    cid, band = card_colour(kit, item.cost)
    items = _frame(w, h, frame)
    items += _band(ctx, kit, w, text(item.name, lang), band, item.cost, ("buildings", index, "name", lang))
    items += _type_line(ctx, w, tr("building", lang), colour_name(kit, cid, lang), frame)
    items.append(_art(w, 21, 22, tint(band, 0.2), tint(band, 0.6)))
    if item.icon is not None:
        items += _art_icon(item.icon, w, 21, 22, cid, band, 8.6)
    else:
        items.append(tower(w / 2, 32, 9, frame, tint(band, 0.2)))
    items += _stats(ctx, w, 45, item.attack, item.movement, frame)
    items += _body(
        ctx,
        text(item.text, lang, _values(kit, item)),
        7,
        55,
        w - 14,
        15,
        ("buildings", index, "text", lang),
        size=8.5,
        valign="middle",
    )
    items.append(Line(8, 70.8, w - 8, 70.8, style=Style(stroke=tint(frame, 0.5), width=0.25)))
    items += _body(ctx, tr("building_note", lang), 7, 71.8, w - 14, 7.5, (), size=6.5, colour=MUTED)
    items += _footer(ctx, w, h, tr("short_main", lang))
    return CardFace(item.id, tuple(items), frame)


def relic_face(kit: ShogiTcgKit, ctx: LayoutContext, item: Relic, index: int, w: float, h: float) -> CardFace:
    lang = ctx.lang
    frame = TYPE_COLOURS["relic"]
    items = _frame(w, h, frame)
    items += _band(ctx, kit, w, text(item.name, lang), shade(frame, 0.15), None, ("relics", index, "name", lang))
    items += _type_line(ctx, w, tr("relic", lang), "", frame)
    items.append(_art(w, 21, 27, "#f7ecd0", GOLD))
    items.append(relic_icon(item.icon, w / 2, 34.5, 10.5, GOLD, "#fff6dc"))
    items.append(Rect(6, 50, w - 12, 8, style=Style(fill="#fbf3df", stroke=GOLD, width=0.3), radius=1.2))
    pip_items, pip_width = pips(ctx, kit, item.cost, w - 8, 54, 2.4, ("relics", index, "cost"))
    items += pip_items
    items += ctx.fitted(
        tr("pay_when_drawn", lang),
        TextBox(8, 50.5, w - 18 - pip_width, 7, align="start", valign="middle", colour=INK, bold=True),
        7.5,
        5.5,
        label="relic cost",
    )
    kinds = [r.icon for r in kit.relics]
    gap = (w - 12) / max(1, len(kinds))
    for k, other in enumerate(kinds):
        cx = 6 + gap * (k + 0.5)
        here = other == item.icon
        items.append(Circle(cx, 63.2, 3.4, style=Style(fill=GOLD if here else WHITE, stroke=GOLD, width=0.3)))
        items.append(relic_icon(other, cx, 63.2, 2.3, WHITE if here else tint(GOLD, 0.65), GOLD if here else WHITE))
    p = kit.parameters
    items += ctx.fitted(
        tr("relic_win", lang, n=p.relics_to_win, kinds=p.relic_kinds),
        TextBox(6, 67.6, w - 12, 4, align="middle", valign="middle", colour=frame, bold=True),
        7,
        5.5,
        label="relic goal",
    )
    if item.lore is not None:
        items += _body(
            ctx, text(item.lore, lang), 7, 72.5, w - 14, 7, ("relics", index, "lore", lang), size=6.5, colour=MUTED
        )
    items += _footer(ctx, w, h, tr("short_main", lang))
    return CardFace(item.id, tuple(items), frame)


def mana_face(kit: ShogiTcgKit, ctx: LayoutContext, item: ManaColour, index: int, w: float, h: float) -> CardFace:
    lang = ctx.lang
    ink = ink_on(item.colour)
    name = text(item.name, lang)
    items: list[Item] = [Rect(0, 0, w, h, style=Style(fill=item.colour))]
    items.append(Rect(4, 4, w - 8, h - 8, style=Style(stroke=ink, width=0.5, opacity=0.6), radius=3))
    disc = tint(item.colour, 0.15) if ink == WHITE else shade(item.colour, 0.06)
    items.append(Circle(w / 2, h * 0.4, 17, style=Style(fill=disc, stroke=ink, width=0.6)))
    items.append(symbol(item.symbol, w / 2, h * 0.4, 11, item.colour if ink == WHITE else INK, disc))
    for cx, cy, turn in ((10, 11, 0.0), (w - 10, h - 11, 180.0)):
        items.append(Group((symbol(item.symbol, 0, 0, 3.2, ink, item.colour),), dx=cx, dy=cy, rotate=turn))
    items += ctx.fitted(
        tr("mana_name", lang, colour=name),
        TextBox(8, h * 0.4 + 20, w - 16, 9, align="middle", valign="middle", colour=ink, bold=True),
        15,
        9,
        where=("colours", index, "name", lang),
        label="mana name",
    )
    items += ctx.fitted(
        tr("mana_note", lang, colour=name),
        TextBox(9, h * 0.4 + 30, w - 18, 8, align="middle", valign="top", colour=ink),
        7,
        5.5,
        label="mana note",
    )
    return CardFace(f"mana-{item.id}", tuple(items), item.colour)


def colour_face(kit: ShogiTcgKit, ctx: LayoutContext, item: ManaColour, index: int, w: float, h: float) -> CardFace:
    lang = ctx.lang
    ink = ink_on(item.colour)
    items: list[Item] = [
        Rect(0, 0, w, h, style=Style(fill=item.colour)),
        Rect(3, 3, w - 6, h - 6, style=Style(stroke=ink, width=0.4, opacity=0.6), radius=2.5),
    ]
    items += ctx.fitted(
        tr("colour_card", lang),
        TextBox(6, 5, w - 12, 6, align="middle", valign="middle", colour=ink, bold=True),
        9,
        6,
        label="colour card heading",
    )
    disc = tint(item.colour, 0.15) if ink == WHITE else shade(item.colour, 0.06)
    items.append(Circle(w / 2, 24, 10, style=Style(fill=disc, stroke=ink, width=0.5)))
    items.append(symbol(item.symbol, w / 2, 24, 6.5, item.colour if ink == WHITE else INK, disc))
    items += ctx.fitted(
        text(item.name, lang),
        TextBox(6, 35, w - 12, 10, align="middle", valign="middle", colour=ink, bold=True),
        18,
        10,
        where=("colours", index, "name", lang),
        label="colour name",
    )
    items.append(Rect(6, 47, w - 12, 20, style=Style(fill=PANEL), radius=1.5))
    items += ctx.fitted(
        text(item.trait, lang, _values(kit, item)),
        TextBox(8, 48, w - 16, 18, align="middle", valign="middle", colour=INK, bold=True),
        9.5,
        6,
        where=("colours", index, "trait", lang),
        label="colour trait",
    )
    items += ctx.fitted(
        tr("colour_note", lang),
        TextBox(7, 69, w - 14, 14, align="start", valign="top", colour=ink),
        6.5,
        5,
        label="colour note",
    )
    return CardFace(f"colour-{item.id}", tuple(items), item.colour)


FaceDrawer = Callable[..., CardFace]
"""(kit, ctx, item, index, w, h) → a front; the item's class is the one its template's list holds."""

FACES: dict[Template, FaceDrawer] = {
    "creature": creature_face,
    "spell": spell_face,
    "building": building_face,
    "relic": relic_face,
    "mana": mana_face,
    "colour": colour_face,
}
"""Each template's layout; which model list it draws from is the validator's `TEMPLATE_SOURCES`."""


def pile_emblem(kit: ShogiTcgKit, pile: Pile, colour: str, cx: float, cy: float) -> list[Item]:
    """The mark in the middle of a pile's back: a sparkle (spells and the rest), a piece, the mana or the colours."""
    items: list[Item] = [Circle(cx, cy, 13, style=Style(fill=colour, stroke=WHITE, width=0.6))]
    step = 360 / max(1, len(kit.colours))
    ring = [(c, math.radians(-90 + k * step)) for k, c in enumerate(kit.colours)]
    match pile:
        case "main":
            items.append(sparkle(cx, cy, 9, WHITE))
        case "creature":
            items.append(koma(cx, cy, 9.5, WHITE, WHITE))
        case "mana":
            for c, a in ring:
                px, py = cx + 6.5 * math.cos(a), cy + 6.5 * math.sin(a)
                items.append(Circle(px, py, 3.3, style=Style(fill=c.colour, stroke=WHITE, width=0.4)))
                items.append(symbol(c.symbol, px, py, 2.0, ink_on(c.colour), c.colour))
        case "colour":
            items.append(koma(cx, cy + 0.5, 5.5, WHITE, WHITE))
            items += [
                Circle(
                    cx + 9 * math.cos(a), cy + 9 * math.sin(a), 2.2, style=Style(fill=c.colour, stroke=WHITE, width=0.4)
                )
                for c, a in ring
            ]
    return items


def pile_back(kit: ShogiTcgKit, ctx: LayoutContext, pile: Pile, d: int, w: float, h: float) -> CardFace:
    """A pile's back, one for all its decks: the first deck's (`decks[d]`) back with the pile's emblem."""
    colour = kit.decks[d].back.colour
    emblem = pile_emblem(kit, pile, colour, w / 2, h / 2 - 7.5)
    return deck_back(ctx, kit, d, w, h, emblem=emblem, name=f"{pile}-back")


def deck_fronts(kit: ShogiTcgKit, ctx: LayoutContext, deck: ShogiDeck, w: float, h: float) -> list[CardFace]:
    """A deck's fronts in order, each design laid out once by its template's face."""
    draw = FACES[deck.template]
    return deck_faces(
        kit.designs(deck), lambda design: draw(kit, ctx, design.item, design.index, w, h), ctx, f"{deck.id} front"
    )


def cards(kit: ShogiTcgKit, ctx: LayoutContext, title: str) -> list[Page]:
    """One run of sheets per pile: every deck shuffled into it, then the pile's one back."""
    pages: list[Page] = []
    for pile in PILES:
        decks = kit.pile_decks(pile)
        if not decks:
            continue
        d, first = decks[0]
        w, h = first.size.width, first.size.height
        faces = [face for _, deck in decks for face in deck_fronts(kit, ctx, deck, w, h)]
        back = pile_back(kit, ctx, pile, d, w, h)
        pages += card_sheets(
            ctx, tr(f"pile_{pile}", ctx.lang), faces, back, w, h, where=("decks", d, "size"), deck=pile
        )
    return pages


def card_checklist(kit: ShogiTcgKit, lang: str) -> list[tuple[str, int]]:
    """One line per pile: the cards of its decks, counted from the designs the sheets print."""
    out = []
    for pile in PILES:
        count = sum(design.count for _, deck in kit.pile_decks(pile) for design in kit.designs(deck))
        if count:
            out.append((tr(f"pile_{pile}", lang), count))
    return out


# ---------------------------------------------------------------- map, pieces, rules


def map_sheet(kit: ShogiTcgKit, ctx: LayoutContext, title: str) -> list[Page]:
    lang = ctx.lang
    values = kit.placeholder_values()
    legend = [
        LegendEntry("node", tr("legend_node", lang, dice=values["dice"])),
        LegendEntry("link", tr("legend_link", lang, hop=values["hop"])),
    ]
    legend += [LegendEntry("ring", text(kind.name, lang), kind.colour) for kind in kit.map.kinds]
    if kit.map.background is not None and kit.map.background.style == "islands":
        legend.append(LegendEntry("land", tr("legend_land", lang, seed=kit.map.background.seed)))
    name = text(kit.map.name, lang) if kit.map.name else tr("map", lang)
    return map_pages(
        ctx, f"{title} — {name}", text(kit.subtitle, lang), spec_of(kit.map, lang), legend, tr("map_note", lang)
    )


def piece_checklist(kit: ShogiTcgKit, lang: str) -> list[tuple[str, int]]:
    players = kit.tokens.players
    out = [
        (tr("player_piece", lang), len(players)),
        (tr("piece_markers", lang), 2 * kit.parameters.markers_per_player * len(players)),
    ]
    out += [(text(m.name, lang), m.count) for m in kit.tokens.markers]
    return out


def _token(cx: float, cy: float, r: float, fill: str, items: Sequence[Item], role: str, name: str) -> list[Item]:
    return [
        Group(
            (
                Circle(cx, cy, r, style=Style(fill=fill, stroke=INK, width=0.25)),
                Circle(cx, cy, r * 0.8, style=Style(stroke=WHITE, width=0.4)),
                *items,
            ),
            role=role,
            name=name,
        ),
        Circle(cx, cy, r + 0.6, style=CUT, role="cut"),
    ]


def pieces(kit: ShogiTcgKit, ctx: LayoutContext, title: str) -> Page:
    """Player pieces (shogi-piece shaped), numbered piece markers in pairs, and life counters."""
    lang = ctx.lang
    margin = ctx.margin
    sheet = kit.tokens
    d = sheet.diameter
    r = d / 2
    gap = 2.0
    items: list[Item] = page_title(ctx, f"{title} — {tr('pieces_and_life', lang)}", text(kit.subtitle, lang))
    y = margin + 13.0
    items += ctx.fitted(
        tr("markers_note", lang),
        TextBox(margin, y, ctx.paper.width - 2 * margin, 8, align="start", valign="top", colour=INK),
        8,
        6.5,
        label="pieces note",
    )
    y += 9.0
    count = kit.parameters.markers_per_player
    for p, player in enumerate(sheet.players):
        mark = PLAYER_MARKS[p % len(PLAYER_MARKS)]
        name = text(player.name, lang)
        items += ctx.fitted(
            f"{mark} {name}",
            TextBox(margin, y, 60, 5, align="start", valign="middle", colour=player.colour, bold=True),
            10,
            7,
            where=("tokens", "players", p, "name", lang),
            label="player",
        )
        top = y + 6.0
        piece_r = d / 2  # as tall as a token is wide, so it stands on a node as a token does (SG022)
        px, py = margin + piece_r + 1.0, top + piece_r + 2.5
        items.append(Group((koma(px, py, piece_r, player.colour, INK, 0.03),), role="player-piece", name=name))
        items += ctx.fitted(
            tr("player_glyph", lang),
            TextBox(
                px - piece_r * 0.6,
                py - piece_r * 0.35,
                piece_r * 1.2,
                piece_r * 0.9,
                align="middle",
                valign="middle",
                colour=WHITE,
                bold=True,
            ),
            14,
            8,
            label="player piece",
        )
        cut = koma(
            px,
            py,
            piece_r + 0.9,
            None,
            "#444444",
            0.2 / (piece_r + 0.9),
            (1.2 / (piece_r + 0.9), 0.8 / (piece_r + 0.9)),
        )
        items.append(Group((cut,), role="cut"))
        items += ctx.fitted(
            tr("player_piece", lang),
            TextBox(margin, py + piece_r + 1.5, 2 * piece_r + 2, 3.5, align="middle", valign="middle", colour=MUTED),
            6,
            4.5,
            label="player piece",
        )
        left = margin + 2 * piece_r + 8.0
        for row in range(2):
            for n in range(1, count + 1):
                cx = left + (n - 1) * (d + gap) + r
                cy = top + row * (d + gap) + r
                label = ctx.fitted(
                    str(n),
                    TextBox(
                        cx - r * 0.7,
                        cy - r * 0.62,
                        r * 1.4,
                        r * 0.9,
                        align="middle",
                        valign="middle",
                        colour=WHITE,
                        bold=True,
                    ),
                    11,
                    7,
                    label="marker number",
                )
                label += ctx.fitted(
                    mark,
                    TextBox(cx - r * 0.5, cy + r * 0.25, r, r * 0.42, align="middle", valign="middle", colour=WHITE),
                    6,
                    4,
                    label="marker mark",
                )
                items += _token(cx, cy, r, player.colour, label, "marker", f"{p}-{n}")
        y = top + 2 * (d + gap) + 3.0
    for m, marker in enumerate(sheet.markers):
        heading = f"{text(marker.name, lang)} × {marker.count}"
        if marker.id == "life":
            heading = f"{tr('life', lang)} × {marker.count} — {tr('life_note', lang, life=kit.parameters.life)}"
        items += ctx.fitted(
            heading,
            TextBox(margin, y, ctx.paper.width - 2 * margin, 5, align="start", valign="middle", colour=INK, bold=True),
            10,
            7,
            where=("tokens", "markers", m, "name", lang),
            label="marker",
        )
        y += 6.5
        per_row = int((ctx.paper.width - 2 * margin + gap) // (d + gap))
        for k in range(marker.count):
            row, col = divmod(k, per_row)
            cx = margin + col * (d + gap) + r
            cy = y + row * (d + gap) + r
            inner = [heart(cx, cy, r * 0.55, WHITE)] if marker.id == "life" else []
            items += _token(
                cx, cy, r, marker.colour, inner, "life" if marker.id == "life" else "marker", f"{marker.id}-{k + 1}"
            )
        y += -(-marker.count // per_row) * (d + gap) + 3.0
    bottom = ctx.paper.height - margin
    items += scale_bar(margin, bottom - 6.0, lang)
    items += ctx.fitted(
        tr("cut_dotted", lang),
        TextBox(ctx.paper.width - margin - 70, bottom - 4, 70, 4, align="end", valign="middle", colour=MUTED),
        7,
        5.5,
        label="cut note",
    )
    return Page(ctx.paper.width, ctx.paper.height, tuple(items), f"{title} — {tr('pieces_and_life', lang)}")


def rules(kit: ShogiTcgKit, ctx: LayoutContext, title: str) -> list[Page]:
    lang = ctx.lang
    sections = rule_sections(ctx, kit, {})
    return rule_pages(
        ctx,
        f"{title} — {tr('rules', lang)}",
        players_line(kit.players, lang),
        sections,
        f"{title} v{kit.version} — {text(kit.subtitle, lang)}",
    )
