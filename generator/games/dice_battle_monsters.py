"""Dice Battle Monsters' printables: 26 dual-role cards, a two-sheet play mat, tokens and a one-page rule summary.

The cards are drawn from the kit's card templates (generator.layouts.templates)
and the rule summary by the shared one-page layout (generator.layouts.rules);
this module adds what is particular to the game: the art in each card's art
box, the dice on the card back, the play mat with every zone of the rulebook's
field, the token sheet (with fold-up dice) and the summary's round and
effect-order diagrams, drawn from the rule model.
"""

from __future__ import annotations

from collections.abc import Callable

from pnpkit.validator.components.cards import Design
from pnpkit.validator.components.templates import ResolvedTemplate, TemplateCard, resolve_templates
from pnpkit.validator.games.dice_battle_monsters import (
    SPELLS,
    DiceBattleKit,
    Phase,
    Resolution,
    resolution_order,
)

from ..colour import INK, WHITE, tint
from ..i18n import players_line
from ..icons.monsters import ART, GOLD, art, dice_emblem
from ..layouts.backs import deck_back
from ..layouts.cards import CardFace, card_sheets
from ..layouts.context import MUTED, LayoutContext
from ..layouts.monsters_mat import mat_pages
from ..layouts.monsters_tokens import token_page
from ..layouts.monsters_words import tr
from ..layouts.rules import Diagram, Section, Setting, summary_pages
from ..layouts.templates import GLYPH_MIDDLE, icon_items, inline_text, template_face
from ..scene import Circle, Item, Line, Page, Path, Polygon, Rect, Style, Text
from ..typeset import fonts
from ..typeset.text import TextBox
from ..units import MM_PER_PT
from .base import Component, rule_sections, text
from .decks import deck_checklist, deck_faces


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
        Component("rules", f"{title} — {tr('rules', lang)}", tuple(rules_pages(kit, ctx, title))),
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


# ---------------------------------------------------------------- the rule summary's diagrams

PHASE_COLOURS = ("#a5432c", "#65489a", "#23788a")
TIMINGS = ("before", "during", "after")
"""What S1, S2 and S3 mean, in spell order."""


def rules_pages(kit: DiceBattleKit, ctx: LayoutContext, title: str) -> list[Page]:
    """Everything on one page where the paper allows (on a shorter one, over two): the kit's sections, with the
    round and the order of effects drawn from the model."""
    lang = ctx.lang
    return summary_pages(
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
