"""Shogi + TCG's printables: the island map, six card templates in four piles, pieces and life, the rules.

Card templates (this kit's own design), each with its own frame colour:
creature (wood), spell (indigo), building (slate), relic (gold); mana and
colour cards take the colour of their mana. The band behind a card's name
shows the card's mana colour, and cost pips carry a symbol as well as a
colour, so the cards read in greyscale and for colour-blind players. Each
spell, building and creature shows the vector icon its `icon:` names
(generator/icons/shogi.py) on a halo in its art window; a card without one
falls back to the plain sparkle, tower or lettered shogi piece.

The drawings are in generator/icons/shogi_symbols.py, the card frame's and the
pieces' parts in generator/layouts/shogi_cards.py and shogi_pieces.py, the words
in shogi_words.py: this module assembles them into the components.
"""

from __future__ import annotations

from collections.abc import Callable

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
from pnpkit.validator.text_numbers import local_numbers

from ..colour import INK, WHITE, blend, ink_on, shade, tint
from ..i18n import players_line
from ..icons.markers import PLAYER_MARKS
from ..icons.shogi_symbols import GOLD, heart, koma, pile_emblem, relic_icon, sparkle, symbol, tower
from ..layouts.backs import deck_back
from ..layouts.card_parts import PANEL, panel_frame
from ..layouts.cards import CardFace, card_sheets
from ..layouts.context import MUTED, LayoutContext, page_title, scale_bar
from ..layouts.graphmap import LegendEntry, map_pages, spec_of
from ..layouts.rules import rule_pages
from ..layouts.shogi_cards import Cost, art_icon, art_window, body_text, footer, name_band, pips, stat_boxes, type_line
from ..layouts.shogi_pieces import numbered_marker, player_piece, token_disc
from ..scene import Circle, Group, Item, Line, Page, Rect, Style
from ..typeset.text import TextBox
from .base import Component, rule_sections, text
from .decks import deck_faces
from .shogi_words import tr

TYPE_COLOURS = {"creature": "#6b4426", "spell": "#33407a", "building": "#4d5960", "relic": "#a47b1c"}
WOOD = "#e9cd94"
WOOD_EDGE = "#8a6236"


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


def _stat_labels(lang: str) -> tuple[str, str]:
    return tr("attack_power", lang), tr("movement", lang)


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
    items = panel_frame(w, h, frame)
    items += name_band(ctx, kit, w, name, band, item.cost, ("creatures", index, "name", lang))
    items += type_line(ctx, w, tr("creature", lang), colour_name(kit, cid, lang), frame)
    items.append(art_window(w, 21, 26, tint(band, 0.2), tint(band, 0.6)))
    if item.icon is not None:
        items += art_icon(item.icon, w, 21, 26, cid, band, 10.5)
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
    items += stat_boxes(ctx, w, 49, item.attack, item.movement, frame, _stat_labels(lang))
    body_h = 18.0  # ends 2.9 mm above the footer
    if cid == COLOURLESS:
        body_h = 13.0
        items += body_text(ctx, tr("colourless_note", lang), 7, 72.6, w - 14, 5.8, (), size=6.5, colour=MUTED)
    if item.text is not None:
        items += body_text(
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
        items += body_text(
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
    items += footer(ctx, w, h, tr("pile_creature", lang))
    return CardFace(item.id, tuple(items), frame)


def spell_face(kit: ShogiTcgKit, ctx: LayoutContext, item: Spell, index: int, w: float, h: float) -> CardFace:
    lang = ctx.lang
    frame = TYPE_COLOURS["spell"]
    cid, band = card_colour(kit, item.cost)
    kind = item.ability.kind if item.ability else "once"
    items = panel_frame(w, h, frame)
    items += name_band(ctx, kit, w, text(item.name, lang), band, item.cost, ("spells", index, "name", lang))
    items += type_line(ctx, w, f"{tr('spell', lang)} — {tr(kind, lang)}", colour_name(kit, cid, lang), frame)
    items.append(art_window(w, 21, 19, tint(band, 0.2), tint(band, 0.6)))
    if item.icon is not None:
        items += art_icon(item.icon, w, 21, 19, cid, band, 8.0, grounded=False)
    else:
        items.append(sparkle(w / 2, 30.5, 8, blend(frame, band, 0.25) if cid != "white" else GOLD))
    items += body_text(
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
    items += body_text(ctx, note, 8, 70.6, w - 16, 8.6, (), size=6.5, colour=INK)
    items += footer(ctx, w, h, tr("short_main", lang))
    return CardFace(item.id, tuple(items), frame)


def building_face(kit: ShogiTcgKit, ctx: LayoutContext, item: Building, index: int, w: float, h: float) -> CardFace:
    lang = ctx.lang
    frame = TYPE_COLOURS["building"]
    cid, band = card_colour(kit, item.cost)
    items = panel_frame(w, h, frame)
    items += name_band(ctx, kit, w, text(item.name, lang), band, item.cost, ("buildings", index, "name", lang))
    items += type_line(ctx, w, tr("building", lang), colour_name(kit, cid, lang), frame)
    items.append(art_window(w, 21, 22, tint(band, 0.2), tint(band, 0.6)))
    if item.icon is not None:
        items += art_icon(item.icon, w, 21, 22, cid, band, 8.6)
    else:
        items.append(tower(w / 2, 32, 9, frame, tint(band, 0.2)))
    items += stat_boxes(ctx, w, 45, item.attack, item.movement, frame, _stat_labels(lang))
    items += body_text(
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
    items += body_text(ctx, tr("building_note", lang), 7, 71.8, w - 14, 7.5, (), size=6.5, colour=MUTED)
    items += footer(ctx, w, h, tr("short_main", lang))
    return CardFace(item.id, tuple(items), frame)


def relic_face(kit: ShogiTcgKit, ctx: LayoutContext, item: Relic, index: int, w: float, h: float) -> CardFace:
    lang = ctx.lang
    frame = TYPE_COLOURS["relic"]
    items = panel_frame(w, h, frame)
    items += name_band(ctx, kit, w, text(item.name, lang), shade(frame, 0.15), None, ("relics", index, "name", lang))
    items += type_line(ctx, w, tr("relic", lang), "", frame)
    items.append(art_window(w, 21, 27, "#f7ecd0", GOLD))
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
        items += body_text(
            ctx, text(item.lore, lang), 7, 72.5, w - 14, 7, ("relics", index, "lore", lang), size=6.5, colour=MUTED
        )
    items += footer(ctx, w, h, tr("short_main", lang))
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


def pile_back(kit: ShogiTcgKit, ctx: LayoutContext, pile: Pile, d: int, w: float, h: float) -> CardFace:
    """A pile's back, one for all its decks: the first deck's (`decks[d]`) back with the pile's emblem."""
    colour = kit.decks[d].back.colour
    emblem = pile_emblem(pile, [(c.colour, c.symbol) for c in kit.colours], colour, w / 2, h / 2 - 7.5)
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
        glyph, caption = tr("player_glyph", lang), tr("player_piece", lang)
        items += player_piece(ctx, margin, top, piece_r, player.colour, name, glyph, caption)
        left = margin + 2 * piece_r + 8.0
        for row in range(2):
            for n in range(1, count + 1):
                cx = left + (n - 1) * (d + gap) + r
                cy = top + row * (d + gap) + r
                items += numbered_marker(ctx, cx, cy, r, player.colour, n, mark, f"{p}-{n}")
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
            items += token_disc(
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
