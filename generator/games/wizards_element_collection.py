"""Wizard's Element Collection's printables: element cards, the track board, the 魔力 sheet,
scoring reference cards and the one-page rule summary.

The card design, the board, the sheet and the icons are this kit's own
design. The element emblems and the four action icons (Move, Call, Self,
Reflect) are vector paths drawn in a unit box (-1..1) like generator/icons.py.
"""

from __future__ import annotations

import math

from pnpkit.validator.checks import local_numbers
from pnpkit.validator.components.cards import Design
from pnpkit.validator.components.tracks import TrackPlayer, TrackSpace, track_geometry
from pnpkit.validator.games.wizards_element_collection import (
    Element,
    ElementDeck,
    Phase,
    WizardsElementCollectionKit,
)

from ..colour import INK, WHITE, blend, ink_on, is_light, shade
from ..i18n import joined, players_line
from ..icons.elements import mountain_points, snowcap_points, swirl_path
from ..icons.paths import arc, star
from ..layouts.backs import deck_back
from ..layouts.cards import CardFace, card_sheets
from ..layouts.common import FLOOR_LATIN, MUTED, LayoutContext, TextProblem, floor_pt, page_title, readable, scale_bar
from ..layouts.rules import Table, rule_pages
from ..layouts.tokens import token
from ..layouts.tracks import BoardLook, Legend, SpaceLook, track_art, track_pages
from ..scene import Circle, Group, Item, Line, Page, Path, Polygon, Rect, Style, Text
from ..text import TextBox, fit
from ..units import MM_PER_PT
from .base import Component, rule_sections, text
from .decks import deck_checklist, deck_faces
from .wizards_words import tr

PANEL = "#fffaf0"
NIGHT = "#2b2552"
GOLD = "#c9a24a"
NEGATIVE = "#b3261e"
GHOST = "#e4ddcf"
GHOST_INK = "#b9b0a0"

ICON_COLOURS = {"move": "#2f7a55", "call": "#b23a2f", "self": "#2f5fa8", "reflect": "#7a4fa0"}
ICON_LABELS = {"move": "Move", "call": "Call", "self": "Self", "reflect": "Reflect"}
ICON_LABEL_PT = 6.5
"""The word under each action icon: above the 6 pt floor, and still one line in a quarter of the card."""


def line(
    ctx: LayoutContext,
    value: str,
    x: float,
    baseline: float,
    width: float,
    size: float,
    colour: str = INK,
    anchor: str = "start",
    bold: bool = False,
    where: tuple = (),
    label: str = "label",
    role: str = "",
) -> list[Text]:
    """One line of text at a baseline, shrunk (never wrapped, never below the floor) to fit `width`; a miss
    becomes a finding. A size under the floor for the text's script is raised to it."""
    size = readable(value, size)
    em = size * MM_PER_PT
    left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    box = TextBox(
        left, baseline - em * 0.88, width, em * 1.02, align=anchor, valign="middle", colour=colour, bold=bold, role=role
    )
    return ctx.fitted(value, box, size, max(size * 0.7, floor_pt(value)), where=where, label=label)


def components(kit: WizardsElementCollectionKit, ctx: LayoutContext) -> list[Component]:
    lang = ctx.lang
    title = text(kit.title, lang)
    return [
        Component(
            "board",
            f"{title} — {tr('board_title', lang)}",
            tuple(board(kit, ctx, title)),
            steps=tuple(tr("board_steps", lang).split("|")),
            stock=tr("stock_board", lang),
            checklist=((tr("board_title", lang), 1),),
        ),
        Component(
            "cards",
            f"{title} — {text(kit.decks[0].name, lang) if kit.decks else tr('cards', lang)}",
            tuple(cards(kit, ctx, title)),
            checklist=tuple(card_checklist(kit, lang)),
        ),
        Component(
            "mana-sheet",
            f"{title} — {tr('order_sheet', lang)}",
            (order_sheet(kit, ctx, title),),
            stock=tr("stock_board", lang),
            checklist=((tr("order_sheet", lang), 1), *piece_checklist(kit, lang)),
        ),
        Component(
            "reference",
            f"{title} — {tr('reference', lang)}",
            tuple(reference_cards(kit, ctx)),
            steps=(tr("reference_steps", lang),),
            stock=tr("stock_cards", lang),
            checklist=((tr("reference", lang), kit.players.max),),
        ),
        Component("rules", f"{title} — {tr('rules', lang)}", tuple(rules(kit, ctx, title))),
    ]


def piece_checklist(kit: WizardsElementCollectionKit, lang: str) -> list[tuple[str, int]]:
    """Every piece of the model in every player colour, and the markers."""
    pieces = [(text(piece.name, lang), piece.per_player * kit.players.max) for piece in kit.pieces]
    return pieces + [(text(marker.name, lang), marker.count) for marker in kit.markers]


def card_checklist(kit: WizardsElementCollectionKit, lang: str) -> list[tuple[str, int]]:
    """Every deck's card designs with their counts: the same designs the card sheets print."""
    return [
        entry
        for deck in kit.decks
        for entry in deck_checklist(kit.designs(deck), lambda design: text(design.item.name, lang))
    ]


def _values(kit: WizardsElementCollectionKit, *owners: object) -> dict[str, int | float]:
    """The numbers a card's text may name: the kit's, then the card's and its effect's own."""
    return kit.placeholder_values() | local_numbers(owners)


# ---------------------------------------------------------------- vector art


def emblem(name: str, cx: float, cy: float, radius: float, colour: str, paper: str = PANEL) -> Group:
    """An element's emblem, centred at (cx, cy), `radius` mm from centre to the edge of its box."""
    fill = Style(fill=colour)
    light = Style(fill=paper, opacity=0.85)
    body: list[Item] = []
    if name == "heart":
        body = [
            Path(
                (
                    ("M", 0.0, 0.88),
                    ("C", -0.95, 0.2, -1.0, -0.5, -0.55, -0.78),
                    ("C", -0.25, -0.96, 0.0, -0.72, 0.0, -0.45),
                    ("C", 0.0, -0.72, 0.25, -0.96, 0.55, -0.78),
                    ("C", 1.0, -0.5, 0.95, 0.2, 0.0, 0.88),
                    ("Z",),
                ),
                style=fill,
            ),
            Path(
                (("M", -0.55, -0.45), ("C", -0.55, -0.6, -0.4, -0.68, -0.3, -0.64)),
                style=Style(stroke=paper, width=0.1, opacity=0.85),
            ),
        ]
    elif name == "wind":
        body = [Path(swirl_path(), style=Style(stroke=colour, width=0.17))]
    elif name == "earth":
        body = [
            Polygon(mountain_points(), style=fill),
            Polygon(snowcap_points(), style=light),
            Polygon(((-0.35, -0.45), (-0.2, -0.23), (-0.35, -0.29), (-0.48, -0.19)), style=light),  # the left peak's
        ]
    elif name == "grass":
        body = [
            Path((("M", 0.0, 0.95), ("C", 0.02, 0.5, -0.02, 0.2, 0.04, -0.15)), style=Style(stroke=colour, width=0.13)),
            Path(
                (
                    ("M", 0.02, 0.3),
                    ("C", -0.2, -0.25, -0.65, -0.38, -0.9, -0.28),
                    ("C", -0.78, 0.18, -0.38, 0.4, 0.02, 0.3),
                    ("Z",),
                ),
                style=fill,
            ),
            Path(
                (
                    ("M", 0.04, -0.05),
                    ("C", 0.18, -0.6, 0.6, -0.9, 0.92, -0.84),
                    ("C", 0.86, -0.32, 0.5, 0.04, 0.04, -0.05),
                    ("Z",),
                ),
                style=fill,
            ),
            Path(
                (("M", 0.12, -0.12), ("C", 0.35, -0.42, 0.55, -0.6, 0.78, -0.72)),
                style=Style(stroke=paper, width=0.06, opacity=0.85),
            ),
        ]
    elif name == "light":
        rays: list[Item] = []
        for i in range(12):
            a = math.radians(i * 30)
            b1, b2 = math.radians(i * 30 - 9), math.radians(i * 30 + 9)
            outer = 1.0 if i % 2 == 0 else 0.82
            rays.append(
                Polygon(
                    (
                        (0.6 * math.cos(b1), 0.6 * math.sin(b1)),
                        (outer * math.cos(a), outer * math.sin(a)),
                        (0.6 * math.cos(b2), 0.6 * math.sin(b2)),
                    ),
                    style=fill,
                )
            )
        body = rays + [Circle(0, 0, 0.5, style=fill), Circle(0, 0, 0.3, style=light)]
    elif name == "dark":
        body = [
            Circle(0.0, 0.05, 0.82, style=fill),
            Circle(0.36, -0.2, 0.68, style=Style(fill=paper)),
            Polygon(star(0.55, 0.38, 0.2, 0.08, 4), style=fill),
            Polygon(star(0.75, -0.62, 0.12, 0.05, 4), style=fill),
        ]
    elif name == "void":
        body = [
            Path(arc(0, 0, 0.78, 55, 355), style=Style(stroke=colour, width=0.2)),
            Circle(0.78 * math.cos(math.radians(55)), 0.78 * math.sin(math.radians(55)), 0.1, style=fill),
        ]
    elif name == "evil":
        body = [
            Polygon(((-0.62, -0.2), (-0.9, -0.98), (-0.3, -0.42)), style=fill),
            Polygon(((0.62, -0.2), (0.9, -0.98), (0.3, -0.42)), style=fill),
            Path(
                (
                    ("M", -0.98, 0.12),
                    ("C", -0.5, -0.48, 0.5, -0.48, 0.98, 0.12),
                    ("C", 0.5, 0.66, -0.5, 0.66, -0.98, 0.12),
                    ("Z",),
                ),
                style=fill,
            ),
            Path(
                (
                    ("M", -0.62, 0.12),
                    ("C", -0.3, -0.2, 0.3, -0.2, 0.62, 0.12),
                    ("C", 0.3, 0.42, -0.3, 0.42, -0.62, 0.12),
                    ("Z",),
                ),
                style=Style(fill=paper),
            ),
            Path(
                (
                    ("M", 0.0, -0.22),
                    ("C", 0.16, -0.02, 0.16, 0.26, 0.0, 0.46),
                    ("C", -0.16, 0.26, -0.16, -0.02, 0.0, -0.22),
                    ("Z",),
                ),
                style=fill,
            ),
        ]
    elif name == "water":
        body = [
            Path(
                (
                    ("M", 0.0, -1.0),
                    ("C", 0.3, -0.5, 0.74, -0.1, 0.74, 0.32),
                    ("C", 0.74, 0.74, 0.4, 1.0, 0.0, 1.0),
                    ("C", -0.4, 1.0, -0.74, 0.74, -0.74, 0.32),
                    ("C", -0.74, -0.1, -0.3, -0.5, 0.0, -1.0),
                    ("Z",),
                ),
                style=fill,
            ),
            Path(
                (("M", -0.4, 0.3), ("C", -0.4, 0.56, -0.24, 0.72, -0.05, 0.74)),
                style=Style(stroke=paper, width=0.12, opacity=0.85),
            ),
        ]
    elif name == "ice":
        ops: list[tuple] = []
        for i in range(6):
            a = math.radians(i * 60 - 90)
            ux, uy = math.cos(a), math.sin(a)
            ops += [("M", 0.0, 0.0), ("L", 0.95 * ux, 0.95 * uy)]
            for k, reach in ((0.5, 0.3), (0.75, 0.2)):
                bx, by = k * ux, k * uy
                for turn in (-1, 1):
                    b = a + turn * math.radians(45)
                    ops += [("M", bx, by), ("L", bx + reach * math.cos(b), by + reach * math.sin(b))]
        body = [Path(tuple(ops), style=Style(stroke=colour, width=0.12)), Circle(0, 0, 0.14, style=fill)]
    elif name == "flame":
        body = [
            Path(
                (
                    ("M", 0.05, -1.0),
                    ("C", 0.3, -0.6, 0.8, -0.35, 0.74, 0.3),
                    ("C", 0.7, 0.75, 0.38, 1.0, 0.0, 1.0),
                    ("C", -0.4, 1.0, -0.74, 0.72, -0.74, 0.3),
                    ("C", -0.74, -0.05, -0.5, -0.3, -0.38, -0.55),
                    ("C", -0.25, -0.3, -0.2, -0.2, -0.1, -0.12),
                    ("C", -0.15, -0.5, -0.05, -0.75, 0.05, -1.0),
                    ("Z",),
                ),
                style=fill,
            ),
            Path(
                (
                    ("M", 0.0, -0.1),
                    ("C", 0.15, 0.15, 0.4, 0.3, 0.38, 0.58),
                    ("C", 0.36, 0.82, 0.2, 0.95, 0.0, 0.95),
                    ("C", -0.2, 0.95, -0.38, 0.82, -0.38, 0.6),
                    ("C", -0.38, 0.35, -0.12, 0.2, 0.0, -0.1),
                    ("Z",),
                ),
                style=light,
            ),
        ]
    elif name == "copper":
        body = [
            Circle(0, 0, 0.92, style=fill),
            Circle(0, 0, 0.74, style=Style(stroke=paper, width=0.07, opacity=0.85)),
            Rect(-0.24, -0.24, 0.48, 0.48, style=Style(fill=paper)),
            Rect(-0.36, -0.36, 0.72, 0.72, style=Style(stroke=paper, width=0.05, opacity=0.85)),
        ]
    return Group(tuple(body), dx=cx, dy=cy, scale=radius, role="emblem", name=name)


def action_icon(name: str, cx: float, cy: float, radius: float, active: bool = True) -> Group:
    """A round badge with the action's glyph: Move (an arrow), Call (a target), Self (a figure in a loop), Reflect (a shield)."""
    bg = ICON_COLOURS[name] if active else GHOST
    ink = WHITE if active else GHOST_INK
    body: list[Item] = [Circle(0, 0, 1.0, style=Style(fill=bg))]
    thin = Style(stroke=ink, width=0.13)
    if name == "move":
        body += [
            Line(-0.5, 0.0, 0.22, 0.0, style=Style(stroke=ink, width=0.2)),
            Polygon(((0.66, 0.0), (0.16, -0.38), (0.16, 0.38)), style=Style(fill=ink)),
            Line(-0.72, -0.34, -0.38, -0.34, style=thin),
            Line(-0.72, 0.34, -0.38, 0.34, style=thin),
        ]
    elif name == "call":
        body += [
            Circle(0, 0, 0.46, style=thin),
            Circle(0, 0, 0.12, style=Style(fill=ink)),
            Line(0, -0.76, 0, -0.26, style=thin),
            Line(0, 0.26, 0, 0.76, style=thin),
            Line(-0.76, 0, -0.26, 0, style=thin),
            Line(0.26, 0, 0.76, 0, style=thin),
        ]
    elif name == "self":
        body += [
            Circle(0, -0.2, 0.2, style=Style(fill=ink)),
            Path((("M", -0.34, 0.42), ("C", -0.34, 0.0, 0.34, 0.0, 0.34, 0.42), ("Z",)), style=Style(fill=ink)),
            Path(arc(0, 0.0, 0.68, 200, 480), style=Style(stroke=ink, width=0.1)),
        ]
        # the loop ends at 120° with an arrowhead
        ex, ey = 0.68 * math.cos(math.radians(120)), 0.68 * math.sin(math.radians(120))
        body.append(
            Polygon(((ex - 0.16, ey - 0.02), (ex + 0.12, ey - 0.2), (ex + 0.1, ey + 0.14)), style=Style(fill=ink))
        )
    elif name == "reflect":
        body += [
            Path(
                (
                    ("M", 0.0, -0.7),
                    ("L", 0.56, -0.46),
                    ("L", 0.5, 0.14),
                    ("C", 0.42, 0.46, 0.18, 0.64, 0.0, 0.74),
                    ("C", -0.18, 0.64, -0.42, 0.46, -0.5, 0.14),
                    ("L", -0.56, -0.46),
                    ("Z",),
                ),
                style=Style(fill=ink),
            ),
            Path((("M", -0.26, -0.3), ("L", 0.0, 0.12), ("L", 0.26, -0.3)), style=Style(stroke=bg, width=0.11)),
            Polygon(((0.36, -0.44), (0.16, -0.32), (0.34, -0.2)), style=Style(fill=bg)),
        ]
    return Group(tuple(body), dx=cx, dy=cy, scale=radius, role="action-icon", name=name if active else f"{name}-off")


# ---------------------------------------------------------------- element cards

UNIT_KEYS = {"pairs": "per_pair", "each": "per_card", "majority": "per_card", "wild": "any_kind"}
"""The words under a card's big value, by how the card scores."""


def _value_label(element: Element, lang: str) -> str:
    """The big number, or for a wild card the word that says it takes any value."""
    if element.scoring == "wild":
        return tr("wild_value", lang)
    return f"{element.points}"


def element_face(
    kit: WizardsElementCollectionKit, ctx: LayoutContext, element: Element, index: int, w: float, h: float
) -> CardFace:
    lang = ctx.lang
    colour = element.colour
    where = ("elements", index)
    name = text(element.name, lang)
    items: list[Item] = [
        Rect(0, 0, w, h, style=Style(fill=colour)),
        Rect(3, 21.5, w - 6, h - 24.5, style=Style(fill=PANEL), radius=2.5),
    ]
    # The big value: per pair, per card, or a wild card's ANY.
    items.append(
        Circle(13.0, 12.5, 8.2, style=Style(fill=WHITE, stroke=shade(colour, 0.25), width=0.6), role="value-badge")
    )
    big = _value_label(element, lang)
    items += ctx.fitted(
        big,
        TextBox(6.0, 7.0, 14.0, 7.5, align="middle", valign="middle", colour=INK, bold=True, role="card-value"),
        17 if len(big) < 3 else 14,
        8,
        where=where + ("points",),
        label=f"{element.id} value",
    )
    unit = tr(UNIT_KEYS[element.scoring], lang)
    items += ctx.fitted(
        unit,
        TextBox(6.5, 14.6, 13.0, 3.4, align="middle", valign="middle", colour=MUTED),
        6.0,
        6.0,
        where=where + ("scoring",),
        label=f"{element.id} value unit",
    )
    # The other number: an odd count's value, Heart's "never negative", Evil's "0 for the most", Void's Evil.
    items += _second_badge(kit, ctx, element, w, where)
    # Name under the header.
    items += ctx.fitted(
        tr("element_name", lang, name=name),
        TextBox(
            6.0,
            23.5,
            w - 12,
            7.0,
            align="middle",
            valign="middle",
            colour=shade(colour, 0.25),
            bold=True,
            role="card-name",
        ),
        11,
        7,
        where=where + ("name", lang),
        label=f"{element.id} name",
    )
    # Emblem.
    items.append(Circle(w / 2, 40.5, 11.5, style=Style(fill=blend(WHITE, colour, 0.86))))
    items.append(emblem(element.emblem, w / 2, 40.5, 8.8, colour))
    # The four action icons: the card's own in colour, the others faint.
    y = 56.8
    pitch = (w - 14) / 4
    for k, name_ in enumerate(("move", "call", "self", "reflect")):
        cx = 7 + pitch * (k + 0.5)
        active = name_ in element.icons
        items.append(action_icon(name_, cx, y, 3.0, active))
        items += line(
            ctx,
            ICON_LABELS[name_],
            cx,
            y + 5.6,
            pitch - 1.0,
            ICON_LABEL_PT,
            INK if active else GHOST_INK,
            "middle",
            active,
            label="icon label",
            role="icon-label" if active else "icon-label-off",
        )
    items.append(Line(7, 64.6, w - 7, 64.6, style=Style(stroke=blend(WHITE, colour, 0.55), width=0.3)))
    effect = text(element.effect.text, lang, _values(kit, element, element.effect))
    items += ctx.fitted(
        effect,
        TextBox(6.0, 66.0, w - 12, 13.6, align="start", valign="top", colour=INK, role="card-effect"),
        7.0,
        5.0,
        where=where + ("effect", "text", lang),
        label=f"{element.id} effect",
        leading=1.28,
    )
    items += ctx.fitted(
        _summon_line(kit, element, lang),
        TextBox(6.0, 80.2, w - 12, 3.6, align="middle", valign="middle", colour=MUTED, role="card-phases"),
        6.0,
        6.0,
        where=where + ("phases",),
        label=f"{element.id} phases",
    )
    return CardFace(element.id, tuple(items), colour)


def _second_badge(
    kit: WizardsElementCollectionKit, ctx: LayoutContext, element: Element, w: float, where: tuple
) -> list[Item]:
    lang = ctx.lang
    x, y, bw, bh = w - 22.0, 6.0, 16.5, 13.0
    items: list[Item] = [
        Rect(
            x,
            y,
            bw,
            bh,
            style=Style(fill=WHITE, stroke=shade(element.colour, 0.25), width=0.5),
            radius=2.0,
            role="negative-badge",
        )
    ]
    if element.scoring == "pairs":
        top, value, colour = tr("odd", lang), f"{element.negative}", NEGATIVE if element.negative < 0 else INK
    elif element.scoring == "each":
        top, value, colour = "", tr("no_minus", lang), INK
    elif element.scoring == "majority":
        top, value, colour = tr("if_most", lang), "0", INK
    else:
        target = kit.element(element.wild_as) if element.wild_as else None
        top = tr("or_as", lang)
        value = f"{text(target.name, lang)} {target.points}" if target else "—"
        colour = NEGATIVE
    if top:
        items += ctx.fitted(
            top,
            TextBox(x + 1, y + 1.0, bw - 2, 3.6, align="middle", valign="middle", colour=MUTED),
            6.0,
            6.0,
            where=where,
            label=f"{element.id} second value",
        )
        items += ctx.fitted(
            value,
            TextBox(
                x + 1,
                y + 4.4,
                bw - 2,
                7.8,
                align="middle",
                valign="middle",
                colour=colour,
                bold=True,
                role="card-negative",
            ),
            13,
            6,
            where=where + ("negative",),
            label=f"{element.id} negative value",
        )
    else:
        items += ctx.fitted(
            value,
            TextBox(
                x + 1,
                y + 1.2,
                bw - 2,
                bh - 2.4,
                align="middle",
                valign="middle",
                colour=colour,
                bold=True,
                role="card-negative",
            ),
            6.5,
            4.5,
            where=where + ("negative",),
            label=f"{element.id} negative value",
        )
    return items


def _summon_line(kit: WizardsElementCollectionKit, element: Element, lang: str) -> str:
    names = [text(p.name, lang) for p in kit.phases if p.id in element.phases]
    if not names:
        return tr("never_summoned", lang)
    return tr("summon_in", lang, phases=joined(names, lang))


def back_design(ctx: LayoutContext, kit: WizardsElementCollectionKit, d: int, w: float, h: float) -> CardFace:
    """The shared back with this game's magic circle above the title plate, in gold on the deck's colour."""
    # the top half: with an emblem, the shared back puts its title plate below h / 2 + 8 mm
    circle = magic_circle(6.0, 6.0, w - 12.0, h / 2, kit.decks[d].back.colour)
    return deck_back(ctx, kit, d, w, h, emblem=circle, trim=GOLD)


def magic_circle(x: float, y: float, w: float, h: float, fill: str) -> list[Item]:
    """The back's ornament in the box: rings round a hexagram, twelve studs, a star at the centre and in each corner."""
    cx, cy = x + w / 2, y + h / 2
    r = min(w, h) / 2 - 1.0
    ring = r * 0.9
    thin = Style(stroke=GOLD, width=0.25)
    items: list[Item] = [
        Circle(cx, cy, r, style=Style(stroke=GOLD, width=0.5)),
        Circle(cx, cy, ring, style=thin),
        Circle(cx, cy, r * 0.56, style=thin),
        *hexagram(cx, cy, ring, Style(stroke=GOLD, width=0.4)),
    ]
    stud = (r + ring) / 2
    for k in range(12):
        a = math.radians(k * 30)
        items.append(Circle(cx + stud * math.cos(a), cy + stud * math.sin(a), 0.6, style=Style(fill=GOLD)))
    for sx in (x + 2.2, x + w - 2.2):
        for sy in (y + 2.2, y + h - 2.2):
            items.append(Polygon(star(sx, sy, 2.2, 0.8, 4), style=Style(fill=GOLD, opacity=0.8)))
    items.append(Circle(cx, cy, r * 0.48, style=Style(fill=fill, stroke=GOLD, width=0.4)))
    items.append(Polygon(star(cx, cy, r * 0.3, r * 0.11, 4), style=Style(fill=GOLD)))
    return items


def hexagram(cx: float, cy: float, r: float, style: Style) -> list[Item]:
    """Two triangles, point up and point down, in a circle of radius `r`."""
    return [
        Polygon(
            tuple(
                (
                    cx + r * math.cos(math.radians(rotation + k * 120)),
                    cy + r * math.sin(math.radians(rotation + k * 120)),
                )
                for k in range(3)
            ),
            style=style,
        )
        for rotation in (-90, 90)
    ]


def cards(kit: WizardsElementCollectionKit, ctx: LayoutContext, title: str) -> list[Page]:
    return [page for d, deck in enumerate(kit.decks) for page in _deck_pages(kit, ctx, deck, d, title)]


def _deck_pages(
    kit: WizardsElementCollectionKit, ctx: LayoutContext, deck: ElementDeck, d: int, title: str
) -> list[Page]:
    """A deck's fronts, each design laid out once, and its back."""
    w, h = deck.size.width, deck.size.height

    def draw(design: Design[Element]) -> CardFace:
        return element_face(kit, ctx, design.item, design.index, w, h)

    faces = deck_faces(kit.designs(deck), draw, ctx, f"{deck.id} front")
    back = back_design(ctx, kit, d, w, h)
    return card_sheets(ctx, text(deck.name, ctx.lang), faces, back, w, h, where=("decks", d, "size"), deck=deck.id)


# ---------------------------------------------------------------- board


def board(kit: WizardsElementCollectionKit, ctx: LayoutContext, title: str) -> list[Page]:
    lang = ctx.lang
    geometry = track_geometry(kit.board)
    players = {p.id: p for p in kit.board.players}
    looks = [_space_look(space, index, players, lang) for index, space in enumerate(kit.board.spaces)]
    art = track_art(ctx, geometry, looks, BoardLook(), _slot_art())
    mana = next((look for look, space in zip(looks, kit.board.spaces) if space.kind == "normal"), SpaceLook("5"))
    player = next((look for look, space in zip(looks, kit.board.spaces) if space.kind == "player"), None)
    legend: Legend = [(mana, tr("legend_mana", lang))]
    if player is not None:
        legend.append((player, tr("legend_player", lang)))
    legend.append((None, tr("legend_arrow", lang, **kit.placeholder_values())))
    heading = f"{title} — {tr('board_title', lang)}"
    return track_pages(ctx, heading, players_line(kit.players, lang), geometry, art, kit.board.sheet, legend)


def _space_look(space: TrackSpace, index: int, players: dict[str, TrackPlayer], lang: str) -> SpaceLook:
    """A 魔力 space shows its value; a player space its player's name, in the player's colour."""
    where = ("board", "spaces", index)
    label = text(space.label, lang)
    if space.kind != "player":
        return SpaceLook("" if space.value is None else str(space.value), label, where=where)
    player = players.get(space.player or "")
    fill = player.colour if player else "#cccccc"
    outline = "#6b5a3a" if is_light(fill) else shade(fill, 0.35)
    return SpaceLook(text(player.name, lang) if player else "?", label, fill, ink_on(fill), outline, where, size=18.0)


def _slot_art() -> list[Item]:
    """A faint rune in each card slot, so the field reads as a field when it is empty."""
    return [
        Circle(0, 0, 14, style=Style(stroke="#d8c99f", width=0.5)),
        Circle(0, 0, 11.5, style=Style(stroke="#d8c99f", width=0.25)),
        *hexagram(0, 0, 11.5, Style(stroke="#d8c99f", width=0.3)),
    ]


# ---------------------------------------------------------------- the 魔力 sheet


def order_sheet(kit: WizardsElementCollectionKit, ctx: LayoutContext, title: str) -> Page:
    lang = ctx.lang
    sheet = kit.order_sheet
    margin = ctx.margin
    width = ctx.paper.width - 2 * margin
    items: list[Item] = page_title(ctx, f"{title} — {tr('order_sheet', lang)}", players_line(kit.players, lang))
    y = margin + 13.0
    items += ctx.fitted(
        tr("order_note", lang),
        TextBox(margin, y, width, 10.0, align="start", valign="top", colour=INK),
        8.5,
        7,
        where=("order_sheet",),
        label="mana sheet note",
    )
    y += 12.0
    values = sheet.values()
    on_board = {sp.value for sp in kit.board.spaces if sp.kind == "normal" and sp.value is not None}
    cols = sheet.columns
    rows = math.ceil(len(values) / cols)
    cell_w = width / cols
    cell_h = min(17.0, 130.0 / rows)
    items += line(ctx, tr("mana_heading", lang), margin, y + 3.5, width / 2, 10, INK, bold=True)
    items += line(ctx, tr("on_board", lang), margin + width, y + 3.5, width / 2, 7, MUTED, "end")
    y += 6.0
    for i, value in enumerate(values):
        row, col = divmod(i, cols)
        x = margin + col * cell_w
        yy = y + row * cell_h
        band = row % 2 == 0
        items.append(
            Rect(
                x + 0.6,
                yy + 0.6,
                cell_w - 1.2,
                cell_h - 1.2,
                style=Style(fill="#f6efdc" if band else "#efe4c6", stroke="#8a7a55", width=0.3),
                radius=1.5,
                role="mana-space",
            )
        )
        items.append(
            Text(
                x + cell_w / 2,
                yy + cell_h / 2 + 2.6,
                str(value),
                15,
                colour=NIGHT,
                anchor="middle",
                bold=True,
                role="mana-value",
            )
        )
        if value in on_board:
            items.append(Circle(x + 3.4, yy + 3.4, 1.1, style=Style(fill=GOLD)))
    y += rows * cell_h + 6.0
    # Action-order slots, 1 acts first in the collect and summon phases.
    items += line(ctx, tr("action_order", lang), margin, y + 3.5, width, 10, INK, bold=True)
    y += 6.0
    slot_w = width / sheet.slots
    for k in range(sheet.slots):
        x = margin + k * slot_w
        items.append(
            Rect(
                x + 1.0,
                y,
                slot_w - 2.0,
                28.0,
                style=Style(fill=WHITE, stroke=NIGHT, width=0.6),
                radius=2.5,
                role="order-slot",
            )
        )
        items.append(Circle(x + slot_w / 2, y + 11.0, 7.0, style=Style(fill=NIGHT)))
        items.append(Text(x + slot_w / 2, y + 14.2, str(k + 1), 18, colour=WHITE, anchor="middle", bold=True))
        items.append(Text(x + slot_w / 2, y + 24.0, tr("slot_label", lang, n=k + 1), 8, colour=INK, anchor="middle"))
    y += 34.0
    # Who goes first in each phase, from the phase model.
    items += line(ctx, tr("phases_title", lang), margin, y + 3.5, width, 10, INK, bold=True)
    y += 6.0
    phase_w = width / len(kit.phases)
    for k, phase in enumerate(kit.phases):
        x = margin + k * phase_w
        items.append(
            Rect(x + 1.0, y, phase_w - 2.0, 16.0, style=Style(fill="#f6efdc", stroke="#8a7a55", width=0.3), radius=2.0)
        )
        items += ctx.fitted(
            text(phase.name, lang),
            TextBox(x + 2.5, y + 1.5, phase_w - 5.0, 5.5, align="middle", valign="middle", colour=NIGHT, bold=True),
            10,
            7,
            where=("phases", k, "name", lang),
            label="phase name",
        )
        items += ctx.fitted(
            phase_order(phase, lang, arrow=True),
            TextBox(x + 2.5, y + 7.5, phase_w - 5.0, 7.5, align="middle", valign="middle", colour=INK),
            7.5,
            5.5,
            where=("phases", k, "order"),
            label="phase order",
        )
    y += 22.0
    items += _pieces(kit, ctx, y)
    items += scale_bar(margin, ctx.paper.height - margin - 6.0, lang)
    return Page(ctx.paper.width, ctx.paper.height, tuple(items), f"{title} — {tr('order_sheet', lang)}")


def phase_order(phase: Phase, lang: str, arrow: bool = False) -> str:
    """Who goes first in a phase, "lowest mana first (last turn)", after an ↑ or ↓ when `arrow`."""
    order = tr(phase.order, lang) + (tr("previous", lang) if phase.order_basis == "previous" else "")
    if not arrow:
        return order
    return ("↑ " if phase.order == "ascending" else "↓ ") + order


def _pieces(kit: WizardsElementCollectionKit, ctx: LayoutContext, y: float) -> list[Item]:
    """The model's pieces in every player colour, one row each: fold-over standees (cut on the solid lines,
    fold on the dashed one) and round discs (cut on the dashed circle)."""
    lang = ctx.lang
    margin = ctx.margin
    width = ctx.paper.width - 2 * margin
    items: list[Item] = [*line(ctx, tr("fold_pieces", lang), margin, y + 3.5, width, 10, INK, bold=True)]
    y += 7.0
    x = margin + 2.0
    players = kit.board.players[: kit.players.max]
    below = (x, y + 5.0 + 2 * STANDEE_HALF + 6.0)  # where the markers go: under the last row of discs, else under all
    for p, piece in enumerate(kit.pieces):
        draw = _standee if piece.shape == "standee" else _disc
        label = line(
            ctx, text(piece.name, lang), x, y + 3.0, 60.0, 8, INK, bold=True, where=("pieces", p, "name", lang)
        )
        items += label
        px = x
        for k, player in enumerate(players):
            for _ in range(piece.per_player):
                drawn, used = draw(ctx, px, y + 5.0, player.colour, text(player.name, lang), ("board", "players", k))
                items += drawn
                px += used + 5.0
        if piece.shape == "disc":
            below = (x, y + 5.0 + DISC_D + 6.0)
        x = px + 6.0
    return items + _markers(kit, ctx, *below)


def _markers(kit: WizardsElementCollectionKit, ctx: LayoutContext, x: float, y: float) -> list[Item]:
    """The markers for states cards leave on a player, as round tokens in a row from (x, y)."""
    items: list[Item] = []
    r = DISC_D / 2
    for m, marker in enumerate(kit.markers):
        name = text(marker.name, ctx.lang)
        items += line(ctx, f"{name} × {marker.count}", x, y + 3.0, 80.0, 8, INK, bold=True, where=("markers", m))
        for k in range(marker.count):
            cx, cy = x + r + k * (DISC_D + 5.0), y + 5.0 + r
            items.append(token(cx, cy, r, marker.colour, "", "token", name, icon=marker.icon or ""))
            items.append(Circle(cx, cy, r + 0.8, style=Style(stroke=INK, width=0.25, dash=(1.2, 0.8)), role="cut"))
        x += max(marker.count * (DISC_D + 5.0), 60.0) + 6.0
    return items


STANDEE_W, STANDEE_HALF = 18.0, 22.0
DISC_D = 16.0


def _standee(ctx: LayoutContext, x: float, y: float, colour: str, name: str, where: tuple) -> tuple[list[Item], float]:
    """A fold-over standee: the same panel on both halves, the upper one upside down, so it stands when folded."""
    w, half = STANDEE_W, STANDEE_HALF
    ink = ink_on(colour)
    items: list[Item] = [Rect(x, y, w, 2 * half, style=Style(stroke=INK, width=0.3), role="piece-cut")]
    for top, flip in ((y, True), (y + half, False)):
        label = line(ctx, name, x + w / 2, top + half - 3.0, w - 3.0, 7, ink, "middle", True, where=(*where, "name"))
        panel: list[Item] = [
            Rect(
                x + 0.8,
                top + 0.8,
                w - 1.6,
                half - 1.6,
                style=Style(fill=colour, stroke=shade(colour, 0.3), width=0.3),
                radius=1.2,
            ),
            _hat(x + w / 2, top + half / 2 - 1.0, colour, ink),
            *label,
        ]
        if flip:
            items.append(Group(tuple(panel), dx=2 * x + w, dy=2 * top + half, rotate=180))
        else:
            items += panel
    items.append(Line(x, y + half, x + w, y + half, style=Style(stroke=INK, width=0.25, dash=(1.2, 0.8)), role="fold"))
    return [Group(tuple(items), role="player-piece", name=name)], w


def _disc(ctx: LayoutContext, x: float, y: float, colour: str, name: str, where: tuple) -> tuple[list[Item], float]:
    """A round disc in the player's colour with the wizard's hat: it marks a place on the 魔力 sheet."""
    r = DISC_D / 2
    cx, cy = x + r, y + r
    ink = ink_on(colour)
    items: list[Item] = [
        Circle(cx, cy, r + 0.8, style=Style(stroke=INK, width=0.25, dash=(1.2, 0.8)), role="piece-cut"),
        Circle(cx, cy, r, style=Style(fill=colour, stroke=shade(colour, 0.3), width=0.3)),
        Circle(cx, cy, r * 0.8, style=Style(stroke=ink, width=0.4, opacity=0.6)),
        _hat(cx, cy - 0.4, colour, ink, scale=5.0),
    ]
    return [Group(tuple(items), role="marker", name=name)], DISC_D + 1.6


def _hat(cx: float, cy: float, colour: str, ink: str, scale: float = 7.0) -> Group:
    body: list[Item] = [
        Polygon(((-0.2, -0.95), (0.55, 0.45), (-0.55, 0.45)), style=Style(fill=ink, opacity=0.9)),
        Path(
            (
                ("M", -0.95, 0.5),
                ("C", -0.5, 0.3, 0.5, 0.3, 0.95, 0.5),
                ("C", 0.5, 0.72, -0.5, 0.72, -0.95, 0.5),
                ("Z",),
            ),
            style=Style(fill=ink, opacity=0.9),
        ),
        Polygon(star(0.05, -0.05, 0.16, 0.07, 4), style=Style(fill=colour)),
    ]
    return Group(tuple(body), dx=cx, dy=cy, scale=scale, role="hat")


# ---------------------------------------------------------------- reference cards

REF_W, REF_H = 90.0, 90.0
"""Small enough for gutterfold (the long side stays under half an A4 sheet) and four to a sheet n-up."""


def reference_cards(kit: WizardsElementCollectionKit, ctx: LayoutContext) -> list[Page]:
    """One card per player: scoring on the front, the turn on the back."""
    front = scoring_face(kit, ctx, REF_W, REF_H)
    back = turn_face(kit, ctx, REF_W, REF_H)
    return card_sheets(ctx, tr("reference", ctx.lang), [front] * kit.players.max, back, REF_W, REF_H, deck="reference")


def _ref_frame(ctx: LayoutContext, w: float, h: float, heading: str) -> list[Item]:
    return [
        Rect(0, 0, w, h, style=Style(fill=NIGHT)),
        Rect(3, 3, w - 6, h - 6, style=Style(fill=PANEL), radius=3),
        Rect(3, 3, w - 6, 9, style=Style(fill=NIGHT)),
        *line(ctx, heading, w / 2, 9.8, w - 12, 11, WHITE, "middle", True, label="reference heading"),
    ]


def scoring_face(kit: WizardsElementCollectionKit, ctx: LayoutContext, w: float, h: float) -> CardFace:
    """The scoring rules, then every card's pair and odd values in two columns."""
    lang = ctx.lang
    values = kit.placeholder_values()
    items = _ref_frame(ctx, w, h, tr("scoring", lang))
    rows = math.ceil(len(kit.elements) / 2)
    row_h = 4.6
    table_h = 4.6 + rows * row_h
    y = 14.5
    rules = [text(rule, lang, values) for rule in kit.reference.scoring]
    room = h - 5.0 - table_h - 1.5 - y
    floor = max((floor_pt(rule) for rule in rules), default=FLOOR_LATIN)
    size = _flow_size(rules, w - 14.0, room, max(7.5, floor), floor, 1.2)
    gap = (room - sum(fit(r, w - 14.0, 1000.0, size, size, 1.22).height for r in rules)) / len(rules)
    if gap < 0:
        ctx.problems.append(
            TextProblem(
                "PK309",
                ("reference", "scoring"),
                f"scoring rules: {-gap * len(rules):.1f} mm too long for the reference card even at {size:g} pt",
                "shorten the rules",
            )
        )
    for i, rule in enumerate(rules):
        height = fit(rule, w - 14.0, 1000.0, size, size, 1.22).height
        items.append(Circle(7.0, y + 1.3, 0.7, style=Style(fill=GOLD)))
        items += ctx.fitted(
            rule,
            TextBox(9.0, y, w - 14.0, height + 0.1, align="start", valign="top", colour=INK),
            size,
            size,
            where=("reference", "scoring", i, lang),
            label="scoring rule",
            leading=1.22,
        )
        y += height + gap
    y = h - 5.0 - table_h
    half = (w - 10.0) / 2
    for c in range(2):
        x0 = 5.0 + c * half
        items.append(Rect(x0 + 0.4, y, half - 0.8, 4.2, style=Style(fill=NIGHT), radius=0.8))
        for head, x, anchor in (
            (tr("card", lang), x0 + 2.0, "start"),
            (tr("pair", lang), x0 + half * 0.62, "middle"),
            (tr("odd_column", lang), x0 + half * 0.86, "middle"),
        ):
            items += line(ctx, head, x, y + 3.1, half * 0.3, 5.4, WHITE, anchor, True, label="reference table heading")
    for i, element in enumerate(kit.elements):
        c, r = divmod(i, rows)
        x0 = 5.0 + c * half
        yy = y + 4.6 + r * row_h
        if r % 2 == 0:
            items.append(Rect(x0 + 0.4, yy, half - 0.8, row_h, style=Style(fill="#f3ead3")))
        base = yy + row_h / 2 + 1.1
        items.append(emblem(element.emblem, x0 + 3.2, yy + row_h / 2, 1.7, element.colour))
        items += line(
            ctx,
            text(element.name, lang),
            x0 + 5.8,
            base,
            half * 0.36,
            6.5,
            INK,
            bold=True,
            where=("elements", i, "name", lang),
            label="reference card name",
        )
        pair, odd = _table_values(element, lang)
        items += line(
            ctx, pair, x0 + half * 0.62, base, half * 0.26, 6.5, INK, "middle", True, label="reference pair value"
        )
        items += line(
            ctx,
            odd,
            x0 + half * 0.86,
            base,
            half * 0.24,
            6.5,
            NEGATIVE if odd.startswith("-") else INK,
            "middle",
            label="reference odd value",
        )
    return CardFace("scoring", tuple(items), NIGHT)


def _flow_size(texts: list[str], width: float, room: float, size: float, min_size: float, gap: float) -> float:
    """The largest size (0.25 pt steps) at which the texts, one under another with `gap` between, fill no more than `room`."""
    while size > min_size and sum(fit(x, width, 1000.0, size, size, 1.22).height + gap for x in texts) > room:
        size -= 0.25
    return size


def _table_values(element: Element, lang: str) -> tuple[str, str]:
    """A card's row of the scoring table: what a pair (or each card) scores, and what an odd count does."""
    if element.scoring == "pairs":
        return str(element.points), str(element.negative)
    if element.scoring == "each":
        return tr("per_card_short", lang, points=element.points), "—"
    if element.scoring == "majority":
        return tr("per_card_short", lang, points=element.points), tr("most_zero", lang)
    return tr("wild_short", lang), "—"


def turn_face(kit: WizardsElementCollectionKit, ctx: LayoutContext, w: float, h: float) -> CardFace:
    """The four phases with who goes first, their icons and a reminder; then how the game ends."""
    lang = ctx.lang
    values = kit.placeholder_values()
    items = _ref_frame(ctx, w, h, tr("turn_heading", lang))
    y = 14.5
    end_h = 12.5 if kit.end_conditions else 0.0
    room = (h - 5.0 - y - end_h) / len(kit.phases)
    for k, phase in enumerate(kit.phases):
        items.append(Circle(8.2, y + 2.6, 2.8, style=Style(fill=NIGHT)))
        items.append(Text(8.2, y + 3.7, str(k + 1), 8, colour=WHITE, anchor="middle", bold=True))
        items += line(
            ctx,
            text(phase.name, lang),
            12.5,
            y + 4.0,
            26.0,
            9,
            NIGHT,
            bold=True,
            where=("phases", k, "name", lang),
            label="phase name",
        )
        icons = list(phase.icons)
        right = w - 6.0 - len(icons) * 5.6
        for j, icon_name in enumerate(icons):
            items.append(action_icon(icon_name, right + 2.8 + j * 5.6, y + 2.6, 2.3))
        items += line(
            ctx,
            phase_order(phase, lang, arrow=True),
            right - 1.0,
            y + 3.8,
            right - 1.0 - 38.0,
            6.2,
            MUTED,
            "end",
            where=("phases", k, "order"),
            label="phase order",
        )
        items += ctx.fitted(
            text(phase.reminder, lang, values),
            TextBox(12.5, y + 5.8, w - 18.5, room - 6.4, align="start", valign="top", colour=INK),
            6.5,
            5.2,
            where=("phases", k, "reminder", lang),
            label="phase reminder",
            leading=1.22,
        )
        y += room
    for k, end in enumerate(kit.end_conditions[:1]):
        items.append(Rect(6.0, y + 0.5, w - 12.0, end_h - 1.5, style=Style(fill="#efe4c6"), radius=2))
        items += line(ctx, tr("game_ends", lang), 8.5, y + 4.2, w - 17.0, 6.8, NIGHT, bold=True, label="end heading")
        items += ctx.fitted(
            text(end.when, lang, values),
            TextBox(8.5, y + 5.2, w - 17.0, end_h - 6.6, align="start", valign="top", colour=INK),
            6.2,
            5.0,
            where=("end_conditions", k, "when", lang),
            label="end condition",
            leading=1.2,
        )
    return CardFace("turn", tuple(items), NIGHT)


# ---------------------------------------------------------------- rules


def _phase_table(kit: WizardsElementCollectionKit, lang: str) -> Table:
    values = kit.placeholder_values()
    rows = tuple(
        (text(phase.name, lang), phase_order(phase, lang), text(phase.summary, lang, values)) for phase in kit.phases
    )
    headings = (tr("phase_column", lang), tr("order_column", lang), tr("what_happens", lang))
    return Table(headings, rows, (0.15, 0.2, 0.65))


def rules(kit: WizardsElementCollectionKit, ctx: LayoutContext, title: str) -> list[Page]:
    lang = ctx.lang
    sections = rule_sections(ctx, kit, {"phases": _phase_table(kit, lang)})
    heading = f"{title} — {tr('rules', lang)}"
    return rule_pages(ctx, heading, players_line(kit.players, lang), sections, f"{title} v{kit.version}")


__all__ = ["action_icon", "components", "element_face", "emblem"]
