"""Element Shift's printables: the hex board, three decks, the token sheet and the rules."""

from __future__ import annotations

from pnpkit.validator.components.cards import Design, deck_designs
from pnpkit.validator.games.element_shift import (
    CardItem,
    Combo,
    Effect,
    Element,
    ElementShiftDeck,
    ElementShiftKit,
    ShiftEvent,
)
from pnpkit.validator.text_numbers import local_numbers

from ..colour import INK, WHITE
from ..i18n import SHARED, duration_text, players_line, words
from ..icons import icon
from ..icons.markers import PLAYER_MARKS
from ..icons.shifts import shift_panel
from ..layouts import card_parts as parts
from ..layouts.backs import deck_back
from ..layouts.cards import CardFace, card_sheets
from ..layouts.context import LayoutContext, readable
from ..layouts.hexboard import BoardCell, TerrainStyle, board_pages
from ..layouts.rules import Table, rule_pages
from ..layouts.tokens import TokenSpec, TrackSpec, marker_spec, token_pages
from ..scene import Box, Item, Page, Rect, Style, Text
from ..typeset.text import TextBox
from .base import Component, rule_sections, text
from .decks import deck_checklist, deck_faces

COMBO_COLOURS = {"attack": "#b5382b", "defence": "#2d6aa8"}
EVENT_COLOUR = "#5b2a4e"
NEUTRAL_ICON = "#8d8a80"

tr = SHARED.extend(words("element_shift"))


def components(kit: ElementShiftKit, ctx: LayoutContext) -> list[Component]:
    lang = ctx.lang
    title = text(kit.title, lang)
    return [
        Component(
            "board",
            f"{title} — {tr('board', lang)}",
            tuple(board(kit, ctx, title)),
            checklist=((tr("board", lang), 1),),
        ),
        card_component(kit, ctx, title),
        Component(
            "tokens",
            f"{title} — {tr('tokens', lang)}",
            tuple(tokens(kit, ctx, title)),
            checklist=tuple(token_checklist(kit, lang)),
        ),
        Component("rules", f"{title} — {tr('rules', lang)}", tuple(rules(kit, ctx, title))),
    ]


def token_checklist(kit: ElementShiftKit, lang: str) -> list[tuple[str, int]]:
    sheet = kit.tokens
    out = [
        (f"{tr('player_tokens', lang)}: {text(p.name, lang)}", kit.parameters.tokens_per_player) for p in sheet.players
    ]
    out += [(text(m.name, lang), m.count) for m in sheet.markers]
    if sheet.track is not None:
        out.append((text(sheet.track.name, lang), 1))
    return out


def _elements(kit: ElementShiftKit) -> dict[str, Element]:
    return {e.id: e for e in kit.elements}


def board(kit: ElementShiftKit, ctx: LayoutContext, title: str) -> list[Page]:
    elements = _elements(kit)
    styles = []
    for terrain in kit.terrains:
        element = elements.get(terrain.element) if terrain.element else None
        styles.append(
            TerrainStyle(
                terrain.id,
                text(terrain.name, ctx.lang),
                terrain.colour,
                terrain.icon,
                element.colour if element else NEUTRAL_ICON,
                terrain.blocked,
            )
        )
    cells = [BoardCell(c.q, c.r, c.terrain) for c in kit.board.placed_cells()]
    size = None if kit.board.hex_size == "auto" else kit.board.hex_size
    return board_pages(
        ctx,
        f"{title} — {tr('board', ctx.lang)}",
        text(kit.subtitle, ctx.lang),
        cells,
        styles,
        tr("legend", ctx.lang),
        size,
    )


# ---------------------------------------------------------------- cards


def card_component(kit: ElementShiftKit, ctx: LayoutContext, title: str) -> Component:
    """Every deck's sheets, and the checklist counted from the same designs the sheets print."""
    pages: list[Page] = []
    checklist: list[tuple[str, int]] = []
    for d, deck in enumerate(kit.decks):
        designs = deck_designs(deck, kit.deck_items(deck))
        pages += deck_sheets(kit, ctx, title, d, designs)
        checklist += _deck_checklist(deck, designs, ctx.lang)
    return Component("cards", f"{title} — {tr('cards', ctx.lang)}", tuple(pages), checklist=tuple(checklist))


def _deck_checklist(deck: ElementShiftDeck, designs: list[Design[CardItem]], lang: str) -> list[tuple[str, int]]:
    """A deck that lists its cards gets a line per design; a deck of one card per item, one line."""
    name = text(deck.name, lang)
    if not deck.cards:
        return [(name, sum(design.count for design in designs))]
    return deck_checklist(designs, lambda design: f"{name}: {text(design.item.name, lang)}")


def deck_sheets(
    kit: ElementShiftKit, ctx: LayoutContext, title: str, d: int, designs: list[Design[CardItem]]
) -> list[Page]:
    """The fronts of deck `d` with its one shared back, paged for printing."""
    deck = kit.decks[d]
    w, h = deck.size.width, deck.size.height
    faces = deck_faces(designs, lambda design: card_face(kit, ctx, design, w, h), ctx, f"{deck.id} front")
    back = deck_back(ctx, kit, d, w, h)
    return card_sheets(ctx, text(deck.name, ctx.lang), faces, back, w, h, where=("decks", d, "size"), deck=deck.id)


def card_face(kit: ElementShiftKit, ctx: LayoutContext, design: Design[CardItem], w: float, h: float) -> CardFace:
    """The face for a card's model item; the deck's template fixed which list, so the item's class says which face."""
    match design.item:
        case Element() as element:
            return element_face(kit, ctx, element, design.index, w, h)
        case ShiftEvent() as event:
            return event_face(kit, ctx, event, design.index, w, h)
        case Combo() as combo:
            return combo_face(kit, ctx, combo, design.index, w, h)


def element_face(
    kit: ElementShiftKit, ctx: LayoutContext, element: Element, index: int, w: float, h: float
) -> CardFace:
    lang = ctx.lang
    name = text(element.name, lang)
    items = parts.panel_frame(w, h, element.colour)
    items += parts.title_band(ctx, w, element.colour, name, ("elements", index, "name", lang))
    items.append(icon(element.icon, 11, 9.5, 3.6, WHITE, element.colour))
    items.append(icon(element.icon, w - 11, 9.5, 3.6, WHITE, element.colour))
    items.append(icon(element.icon, w / 2, 35, 15, element.colour, WHITE))
    y = 55.0
    heading = tr("combos", lang)
    items.append(Text(6, y, heading, readable(heading, 6.5), colour=INK, bold=True))
    items.append(Rect(6, y + 1.0, w - 12, 0.25, style=Style(fill=INK)))
    y += 2.0
    related = [(c, combo) for c, combo in enumerate(kit.combos) if element.id in combo.elements]
    row = min(5.6, (h - 6 - y) / max(1, len(related)))
    for c, combo in related:
        items += _combo_line(kit, ctx, element, c, combo, y, row, w)
        y += row
    return CardFace(f"{element.id}", tuple(items), element.colour)


def _combo_line(
    kit: ElementShiftKit, ctx: LayoutContext, element: Element, c: int, combo: Combo, y: float, row: float, w: float
) -> list[Item]:
    """One row of an element card's combo list: the kind badge, the partner element and the combo's name."""
    partner = _elements(kit)[next((e for e in combo.elements if e != element.id), element.id)]
    tag = (tr(f"{combo.kind}_badge", ctx.lang), COMBO_COLOURS[combo.kind])
    mark = icon(partner.icon, 17.5, y + row / 2, 1.9, partner.colour, WHITE)
    where = ("combos", c, "name", ctx.lang)
    return parts.tagged_row(ctx, y, row, w, tag, mark, text(combo.name, ctx.lang), where, f"{element.id} card combo")


def _effect_text(kit: ElementShiftKit, effect: Effect, lang: str) -> str:
    return text(effect.text, lang, kit.placeholder_values() | local_numbers((effect,)))


def event_face(kit: ElementShiftKit, ctx: LayoutContext, event: ShiftEvent, index: int, w: float, h: float) -> CardFace:
    """A shift card: its name, its picture large in an art panel, how long it lasts on a badge, then its effect."""
    lang = ctx.lang
    items = parts.panel_frame(w, h, EVENT_COLOUR)
    items += parts.title_band(ctx, w, EVENT_COLOUR, tr("shift_event", lang), ())
    items += ctx.fitted(
        text(event.name, lang),
        TextBox(6, 17.5, w - 12, 9.5, align="middle", valign="middle", colour=EVENT_COLOUR, bold=True, balance=True),
        13,
        9,
        where=("events", index, "name", lang),
        label=f"event {event.id} name",
    )
    art = Box(ART_INSET, ART_TOP, w - 2 * ART_INSET, ART_HEIGHT)
    items += shift_panel(event.picture, art, w / 2)
    items += parts.duration_badge(ctx, w / 2, art.y + art.h, event.effect.duration, EVENT_COLOUR)
    items += _marker_chip(
        kit, event.id, event.effect, art.x + art.w - parts.CHIP_RADIUS - 1.5, art.y + parts.CHIP_RADIUS + 1.5
    )
    top = art.y + art.h + parts.BADGE_HEIGHT / 2 + 2.0
    items += parts.effect_paragraph(
        ctx,
        _effect_text(kit, event.effect, lang),
        Box(art.x, top, art.w, h - 6 - top),
        ("events", index, "effect", "text", lang),
        f"event {event.id} effect",
    )
    return CardFace(event.id, tuple(items), EVENT_COLOUR)


ART_INSET, ART_TOP, ART_HEIGHT = 7.0, 28.0, 30.0
"""A shift card's art panel (mm): inset from the card's sides, its top and its height; the duration badge
sits on its lower edge."""


def combo_face(kit: ElementShiftKit, ctx: LayoutContext, combo: Combo, index: int, w: float, h: float) -> CardFace:
    lang = ctx.lang
    colour = COMBO_COLOURS[combo.kind]
    items = parts.panel_frame(w, h, colour)
    items += parts.title_band(ctx, w, colour, tr(f"{combo.kind}_combo", lang), ())
    items += ctx.fitted(
        text(combo.name, lang),
        TextBox(6, 18, w - 12, 10, align="middle", valign="middle", colour=colour, bold=True),
        13,
        8,
        where=("combos", index, "name", lang),
        label=f"combo {combo.id} name",
    )
    elements = _elements(kit)
    for element_id, cx in zip(combo.elements, (w / 2 - 13, w / 2 + 13)):
        element = elements.get(element_id)
        if element is not None:
            items.append(icon(element.icon, cx, 38, 8, element.colour, WHITE))
            items.append(Text(cx, 50, text(element.name, lang), 7.5, colour=INK, anchor="middle", bold=True))
    items.append(Text(w / 2, 40.5, "+", 16, colour=INK, anchor="middle", bold=True))
    items += parts.effect_paragraph(
        ctx,
        _effect_text(kit, combo.effect, lang),
        Box(7, 54, w - 14, h - 13.5 - 54),
        ("combos", index, "effect", "text", lang),
        f"combo {combo.id} effect",
    )
    items += parts.duration_badge(ctx, w / 2, h - 9.5, combo.effect.duration, colour)
    items += _marker_chip(kit, combo.id, combo.effect, w - 7.5, 9.5)  # in the band, clear of the badge
    return CardFace(combo.id, tuple(items), colour)


def _marker_chip(kit: ElementShiftKit, owner: str, effect: Effect, cx: float, cy: float) -> list[Item]:
    """The marker token the effect leaves on the table, drawn small on its card, so card and token match."""
    marker = next((m for m in kit.tokens.markers if m.id == (effect.shown_by or owner)), None)
    return [] if marker is None else [parts.marker_chip(cx, cy, marker.colour, marker.id, marker.icon or "")]


# ---------------------------------------------------------------- tokens and rules


def tokens(kit: ElementShiftKit, ctx: LayoutContext, title: str) -> list[Page]:
    """Player tokens, a marker for everything the rules leave on the board, and the cycle track."""
    lang = ctx.lang
    sheet = kit.tokens
    players = [
        TokenSpec(text(p.name, lang), p.colour, kit.parameters.tokens_per_player, PLAYER_MARKS[i % len(PLAYER_MARKS)])
        for i, p in enumerate(sheet.players)
    ]
    markers = [
        marker_spec(m, text(m.name, lang), text(m.name, lang)[:1], where=("tokens", "markers", i))
        for i, m in enumerate(sheet.markers)
    ]
    track = None
    if sheet.track is not None:
        every = sheet.track.highlight_every or kit.parameters.shift_every
        marked = frozenset(n for n in range(sheet.track.first, sheet.track.last + 1) if n % every == 0)
        track = TrackSpec(text(sheet.track.name, lang), sheet.track.first, sheet.track.last, marked, tr("shift", lang))
    groups = [(tr("player_tokens", lang), players), (tr("markers", lang), markers)]
    return token_pages(
        ctx,
        f"{title} — {tr('tokens', lang)}",
        groups,
        sheet.diameter,
        track,
        continued=lambda name: tr("continued", lang, name=name),
        code="PK309",
    )


def _combo_table(kit: ElementShiftKit, lang: str, kind: str) -> Table:
    elements = _elements(kit)
    rows = []
    for combo in kit.combos:
        if combo.kind != kind:
            continue
        pair = " + ".join(text(elements[e].name, lang) if e in elements else e for e in combo.elements)
        rows.append((text(combo.name, lang), pair, _effect_text(kit, combo.effect, lang)))
    return Table((tr("name", lang), tr("elements", lang), tr("effect", lang)), tuple(rows), (0.27, 0.2, 0.53))


def _event_table(kit: ElementShiftKit, lang: str) -> Table:
    rows = tuple(
        (text(e.name, lang), _effect_text(kit, e.effect, lang), duration_text(e.effect.duration, lang))
        for e in kit.events
    )
    return Table((tr("name", lang), tr("effect", lang), tr("duration", lang)), rows, (0.25, 0.55, 0.2))


def rules(kit: ElementShiftKit, ctx: LayoutContext, title: str) -> list[Page]:
    lang = ctx.lang
    generated = {
        "attack-combos": _combo_table(kit, lang, "attack"),
        "defence-combos": _combo_table(kit, lang, "defence"),
        "events": _event_table(kit, lang),
    }
    sections = rule_sections(ctx, kit, generated)
    return rule_pages(
        ctx, f"{title} — {tr('rules', lang)}", players_line(kit.players, lang), sections, f"{title} v{kit.version}"
    )
