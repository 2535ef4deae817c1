"""Wizard's Element Collection's printables: element cards, the track board, the 魔力 sheet,
scoring reference cards and the one-page rule summary.

The card design, the board, the sheet and the icons are this kit's own design. The drawings
(emblems, action icons, the magic circle) are in generator/icons/wizards.py, the parts of the
cards and the sheet in generator/layouts/wizards_cards.py and wizards_sheet.py, the words in
wizards_words.py: this module assembles them from the kit's model.
"""

from __future__ import annotations

import math

from pnpkit.validator.components.cards import Design
from pnpkit.validator.components.tracks import TrackPlayer, TrackSpace, track_geometry
from pnpkit.validator.games.wizards_element_collection import Element, ElementDeck, Phase, WizardsElementCollectionKit
from pnpkit.validator.text_numbers import local_numbers

from ..colour import INK, WHITE, blend, ink_on, is_light, shade
from ..i18n import joined, players_line
from ..icons.wizards import GOLD, PANEL, emblem, magic_circle, rune
from ..layouts.backs import deck_back
from ..layouts.cards import CardFace, card_sheets
from ..layouts.context import MUTED, LayoutContext, TextProblem, page_title, scale_bar
from ..layouts.rules import Table, rule_pages
from ..layouts.tracks import BoardLook, Legend, SpaceLook, track_art, track_pages
from ..layouts.wizards_cards import (
    NEGATIVE,
    NIGHT,
    action_row,
    effect_over_footer,
    end_box,
    line,
    phase_row,
    ref_frame,
    rule_list,
    score_table,
    second_badge,
    value_circle,
)
from ..layouts.wizards_sheet import (
    CUT_RING,
    DISC_CLEAR,
    DISC_LEAST,
    disc_for,
    mana_grid,
    mana_space,
    order_slots,
    phase_boxes,
    pieces,
)
from ..scene import Circle, Item, Line, Page, Rect, Style
from ..typeset.text import TextBox
from .base import Component, rule_sections, text
from .decks import deck_checklist, deck_faces
from .wizards_words import tr


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
    unit = tr(UNIT_KEYS[element.scoring], lang)
    items += value_circle(ctx, colour, _value_label(element, lang), unit, where, element.id)
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
    items += action_row(ctx, element.icons, w)  # the card's own in colour, the others faint
    items.append(Line(7, 64.6, w - 7, 64.6, style=Style(stroke=blend(WHITE, colour, 0.55), width=0.3)))
    effect = text(element.effect.text, lang, _values(kit, element, element.effect))
    items += effect_over_footer(ctx, effect, _summon_line(kit, element, lang), w, where, element.id)
    return CardFace(element.id, tuple(items), colour)


def _second_badge(
    kit: WizardsElementCollectionKit, ctx: LayoutContext, element: Element, w: float, where: tuple
) -> list[Item]:
    """The header's second number: an odd count's value, Heart's "never negative", Evil's "0 for the most"
    or what a wild card may stand for."""
    lang = ctx.lang
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
    return second_badge(ctx, w, element.colour, top, value, colour, where, element.id)


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
    art = track_art(ctx, geometry, looks, BoardLook(), rune())
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
    items += line(ctx, tr("mana_heading", lang), margin, y + 3.5, width / 2, 10, INK, bold=True)
    items += line(ctx, tr("on_board", lang), margin + width, y + 3.5, width / 2, 7, MUTED, "end")
    y += 6.0
    on_board = {sp.value for sp in kit.board.spaces if sp.kind == "normal" and sp.value is not None}
    grid, height = mana_grid(sheet.values(), on_board, sheet.columns, margin, y, width)
    items += grid
    y += height + 6.0
    # Action-order slots, 1 acts first in the collect and summon phases.
    items += line(ctx, tr("action_order", lang), margin, y + 3.5, width, 10, INK, bold=True)
    y += 6.0
    items += order_slots([tr("slot_label", lang, n=k + 1) for k in range(sheet.slots)], margin, y, width)
    y += 34.0
    # Who goes first in each phase, from the phase model.
    items += line(ctx, tr("phases_title", lang), margin, y + 3.5, width, 10, INK, bold=True)
    y += 6.0
    phases = [(text(phase.name, lang), phase_order(phase, lang, arrow=True)) for phase in kit.phases]
    items += phase_boxes(ctx, phases, margin, y, width)
    y += 22.0
    items += _pieces(kit, ctx, y, _mana_disc(ctx, mana_space(len(sheet.values()), sheet.columns, width)))
    items += scale_bar(margin, ctx.paper.height - margin - 6.0, lang)
    return Page(ctx.paper.width, ctx.paper.height, tuple(items), f"{title} — {tr('order_sheet', lang)}")


def phase_order(phase: Phase, lang: str, arrow: bool = False) -> str:
    """Who goes first in a phase, "lowest mana first (last turn)", after an ↑ or ↓ when `arrow`."""
    order = tr(phase.order, lang) + (tr("previous", lang) if phase.order_basis == "previous" else "")
    if not arrow:
        return order
    return ("↑ " if phase.order == "ascending" else "↓ ") + order


def _mana_disc(ctx: LayoutContext, space: float) -> float:
    """The mana markers' diameter: as large as the mana spaces they sit on hold, cut ring included; PK415 where
    even the smallest disc worth punching out would not fit."""
    diameter = disc_for(space)
    if diameter < DISC_LEAST:
        ctx.problems.append(
            TextProblem(
                "PK415",
                ("order_sheet", "columns"),
                f"a mana marker needs a space of {DISC_LEAST + 2 * (CUT_RING + DISC_CLEAR):.1f} mm; the 魔力 sheet's "
                f"spaces are {space:.1f} mm",
                "use fewer columns, or fewer mana values (a larger step or a lower last value)",
            )
        )
        return DISC_LEAST
    return diameter


def _pieces(kit: WizardsElementCollectionKit, ctx: LayoutContext, y: float, disc_d: float) -> list[Item]:
    """The model's pieces in every player colour, then the markers."""
    lang = ctx.lang
    shapes = [(text(piece.name, lang), piece.shape, piece.per_player) for piece in kit.pieces]
    players = [(player.colour, text(player.name, lang)) for player in kit.board.players[: kit.players.max]]
    markers = [(text(m.name, lang), m.count, m.colour, m.icon or "") for m in kit.markers]
    return pieces(ctx, tr("fold_pieces", lang), shapes, players, markers, y, disc_d)


# ---------------------------------------------------------------- reference cards

REF_W, REF_H = 90.0, 90.0
"""Small enough for gutterfold (the long side stays under half an A4 sheet) and four to a sheet n-up."""


def reference_cards(kit: WizardsElementCollectionKit, ctx: LayoutContext) -> list[Page]:
    """One card per player: scoring on the front, the turn on the back."""
    front = scoring_face(kit, ctx, REF_W, REF_H)
    back = turn_face(kit, ctx, REF_W, REF_H)
    return card_sheets(ctx, tr("reference", ctx.lang), [front] * kit.players.max, back, REF_W, REF_H, deck="reference")


def scoring_face(kit: WizardsElementCollectionKit, ctx: LayoutContext, w: float, h: float) -> CardFace:
    """The scoring rules, then every card's pair and odd values in two columns."""
    lang = ctx.lang
    values = kit.placeholder_values()
    items = ref_frame(ctx, w, h, tr("scoring", lang))
    rows = math.ceil(len(kit.elements) / 2)
    row_h = 4.6
    table_h = 4.6 + rows * row_h
    y = 14.5
    rules = [text(rule, lang, values) for rule in kit.reference.scoring]
    items += rule_list(ctx, rules, w, y, h - 5.0 - table_h - 1.5 - y, ("reference", "scoring"))
    heads = (tr("card", lang), tr("pair", lang), tr("odd_column", lang))
    table = [(e.emblem, e.colour, text(e.name, lang), *_table_values(e, lang)) for e in kit.elements]
    items += score_table(ctx, heads, table, w, h - 5.0 - table_h, rows, row_h)
    return CardFace("scoring", tuple(items), NIGHT)


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
    items = ref_frame(ctx, w, h, tr("turn_heading", lang))
    y = 14.5
    end_h = 12.5 if kit.end_conditions else 0.0
    room = (h - 5.0 - y - end_h) / len(kit.phases)
    for k, phase in enumerate(kit.phases):
        words = (text(phase.name, lang), phase_order(phase, lang, arrow=True), text(phase.reminder, lang, values))
        items += phase_row(ctx, k, words, list(phase.icons), w, y, room)
        y += room
    for k, end in enumerate(kit.end_conditions[:1]):
        items += end_box(ctx, tr("game_ends", lang), text(end.when, lang, values), k, w, y, end_h)
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


__all__ = ["components", "element_face"]
