"""Element Shift's printables: the hex board, three decks, the token sheet and the rules."""

from __future__ import annotations

from pnpkit.validator.checks import local_numbers
from pnpkit.validator.components.cards import Design, deck_designs
from pnpkit.validator.components.rules import Duration
from pnpkit.validator.games.element_shift import (
    CardItem,
    Combo,
    Effect,
    Element,
    ElementShiftDeck,
    ElementShiftKit,
    ShiftEvent,
)

from ..colour import INK, WHITE
from ..i18n import SHARED, duration_text, players_line
from ..icons import icon
from ..layouts.backs import deck_back
from ..layouts.cards import CardFace, card_sheets
from ..layouts.common import LayoutContext, readable
from ..layouts.hexboard import BoardCell, TerrainStyle, board_pages
from ..layouts.rules import Table, rule_pages
from ..layouts.tokens import TokenSpec, TrackSpec, token_sheet
from ..scene import Item, Page, Rect, Style, Text
from ..text import TextBox
from .base import Component, rule_sections, text
from .decks import deck_checklist, deck_faces

COMBO_COLOURS = {"attack": "#b5382b", "defence": "#2d6aa8"}
EVENT_COLOUR = "#5b2a4e"
PANEL = "#fffaf2"
PLAYER_MARKS = ("●", "▲", "■", "◆", "★", "✚")
NEUTRAL_ICON = "#8d8a80"

tr = SHARED.extend(
    {
        "attack_badge": {"ja": "攻撃", "en": "ATT"},
        "defence_badge": {"ja": "防御", "en": "DEF"},
        "attack_combo": {"ja": "攻撃コンボ", "en": "Attack combo"},
        "defence_combo": {"ja": "防御コンボ", "en": "Defence combo"},
    }
)


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
            (tokens(kit, ctx, title),),
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


def _frame(w: float, h: float, colour: str) -> list[Item]:
    return [Rect(0, 0, w, h, style=Style(fill=colour)), Rect(3, 3, w - 6, h - 6, style=Style(fill=PANEL), radius=2.5)]


def _band(ctx: LayoutContext, w: float, colour: str, label: str, where: tuple) -> list[Item]:
    grow = 0.4  # past the panel's edge, so no sliver of the cream panel's rounded corner shows round the band
    items: list[Item] = [
        Rect(3 - grow, 3 - grow, w - 6 + 2 * grow, 13 + grow, style=Style(fill=colour), radius=2.5 + grow),
        Rect(3 - grow, 9, w - 6 + 2 * grow, 7, style=Style(fill=colour)),
    ]
    items += ctx.fitted(
        label,
        TextBox(6, 4.5, w - 12, 10, align="middle", valign="middle", colour=WHITE, bold=True),
        14,
        8,
        where=where,
        label="card title",
    )
    return items


def element_face(
    kit: ElementShiftKit, ctx: LayoutContext, element: Element, index: int, w: float, h: float
) -> CardFace:
    lang = ctx.lang
    name = text(element.name, lang)
    items = _frame(w, h, element.colour)
    items += _band(ctx, w, element.colour, name, ("elements", index, "name", lang))
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
    kind = tr(f"{combo.kind}_badge", ctx.lang)
    badge: list[Item] = [
        Rect(6, y + 0.6, 8.5, row - 1.2, style=Style(fill=COMBO_COLOURS[combo.kind]), radius=0.8),
        *ctx.fitted(
            kind,
            TextBox(6.3, y + 0.6, 7.9, row - 1.2, align="middle", valign="middle", colour=WHITE, bold=True),
            6.5,
            6.5,
            label=f"{element.id} card combo badge",
        ),
    ]
    return [
        *badge,
        icon(partner.icon, 17.5, y + row / 2, 1.9, partner.colour, WHITE),
        *ctx.fitted(
            text(combo.name, ctx.lang),
            TextBox(20.5, y + 0.3, w - 27, row - 0.6, align="start", valign="middle", colour=INK),
            7,
            5,
            where=("combos", c, "name", ctx.lang),
            label=f"{element.id} card combo line",
        ),
    ]


def _effect_text(kit: ElementShiftKit, effect: Effect, lang: str) -> str:
    return text(effect.text, lang, kit.placeholder_values() | local_numbers((effect,)))


def event_face(kit: ElementShiftKit, ctx: LayoutContext, event: ShiftEvent, index: int, w: float, h: float) -> CardFace:
    lang = ctx.lang
    items = _frame(w, h, EVENT_COLOUR)
    items += _band(ctx, w, EVENT_COLOUR, tr("shift_event", lang), ())
    items += ctx.fitted(
        text(event.name, lang),
        TextBox(6, 20, w - 12, 12, align="middle", valign="middle", colour=EVENT_COLOUR, bold=True),
        14,
        9,
        where=("events", index, "name", lang),
        label=f"event {event.id} name",
    )
    items.append(Rect(8, 34, w - 16, 0.3, style=Style(fill=EVENT_COLOUR)))
    items += ctx.fitted(
        _effect_text(kit, event.effect, lang),
        TextBox(7, 38, w - 14, 34, align="start", valign="top", colour=INK),
        10,
        6,
        where=("events", index, "effect", "text", lang),
        label=f"event {event.id} effect",
    )
    items += _duration_badge(ctx, w, h, event.effect.duration)
    return CardFace(event.id, tuple(items), EVENT_COLOUR)


def _duration_badge(ctx: LayoutContext, w: float, h: float, duration: Duration | None) -> list[Item]:
    label = f"{tr('duration', ctx.lang)}: {duration_text(duration, ctx.lang)}"
    return [
        Rect(8, h - 13, w - 16, 7, style=Style(fill="#efe6dc", stroke="#b9ab99", width=0.2), radius=1.5),
        Text(w / 2, h - 8.3, label, 7, colour=INK, anchor="middle"),
    ]


def combo_face(kit: ElementShiftKit, ctx: LayoutContext, combo: Combo, index: int, w: float, h: float) -> CardFace:
    lang = ctx.lang
    colour = COMBO_COLOURS[combo.kind]
    items = _frame(w, h, colour)
    items += _band(ctx, w, colour, tr(f"{combo.kind}_combo", lang), ())
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
    items += ctx.fitted(
        _effect_text(kit, combo.effect, lang),
        TextBox(7, 54, w - 14, 20, align="start", valign="top", colour=INK),
        8.5,
        6,
        where=("combos", index, "effect", "text", lang),
        label=f"combo {combo.id} effect",
    )
    items += _duration_badge(ctx, w, h, combo.effect.duration)
    return CardFace(combo.id, tuple(items), colour)


# ---------------------------------------------------------------- tokens and rules


def tokens(kit: ElementShiftKit, ctx: LayoutContext, title: str) -> Page:
    lang = ctx.lang
    sheet = kit.tokens
    players = [
        TokenSpec(text(p.name, lang), p.colour, kit.parameters.tokens_per_player, PLAYER_MARKS[i % len(PLAYER_MARKS)])
        for i, p in enumerate(sheet.players)
    ]
    markers = [TokenSpec(text(m.name, lang), m.colour, m.count, text(m.name, lang)[:1]) for m in sheet.markers]
    track = None
    if sheet.track is not None:
        every = sheet.track.highlight_every or kit.parameters.shift_every
        marked = frozenset(n for n in range(sheet.track.first, sheet.track.last + 1) if n % every == 0)
        track = TrackSpec(text(sheet.track.name, lang), sheet.track.first, sheet.track.last, marked, tr("shift", lang))
    groups = [(tr("player_tokens", lang), players), (tr("markers", lang), markers)]
    return token_sheet(ctx, f"{title} — {tr('tokens', lang)}", text(kit.subtitle, lang), groups, sheet.diameter, track)


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
