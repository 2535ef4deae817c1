"""Element Shift's printables: the hex board, three decks, the token sheet and the rules."""

from __future__ import annotations

from typing import Any

from pnpkit.validator.checks import local_numbers

from ..i18n import t
from ..icons import icon
from ..layouts.backs import BackTitle, back_face
from ..layouts.cards import CardFace, card_sheets
from ..layouts.common import INK, LayoutContext
from ..layouts.hexboard import BoardCell, TerrainStyle, board_pages
from ..layouts.rules import Table, rule_pages
from ..layouts.tokens import TokenSpec, TrackSpec, token_sheet
from ..scene import Item, Rect, Style, Text
from ..text import TextBox
from .base import Component, errata_table, rule_sections, text

GAME = "element-shift"

ATTACK_COLOUR = "#b5382b"
DEFENCE_COLOUR = "#2d6aa8"
EVENT_COLOUR = "#5b2a4e"
PANEL = "#fffaf2"
PLAYER_MARKS = ("●", "▲", "■", "◆", "★", "✚")
NEUTRAL_ICON = "#8d8a80"


def components(kit: Any, ctx: LayoutContext) -> list[Component]:
    lang = ctx.lang
    title = text(kit.title, lang)
    return [
        Component(
            "board", f"{title} — {t('board', lang)}", tuple(board(kit, ctx, title)), checklist=((t("board", lang), 1),)
        ),
        Component(
            "cards",
            f"{title} — {t('cards', lang)}",
            tuple(cards(kit, ctx, title)),
            checklist=tuple(card_checklist(kit, lang)),
        ),
        Component(
            "tokens",
            f"{title} — {t('tokens', lang)}",
            (tokens(kit, ctx, title),),
            checklist=tuple(token_checklist(kit, lang)),
        ),
        Component("rules", f"{title} — {t('rules', lang)}", tuple(rules(kit, ctx, title))),
    ]


def card_checklist(kit: Any, lang: str) -> list[tuple[str, int]]:
    """Cards per deck (and per element), counted from the model."""
    out = []
    for deck in kit.decks:
        if deck.cards:
            names = {e.id: text(e.name, lang) for e in getattr(kit, deck.source or "elements")}
            for entry in deck.cards:
                out.append((f"{text(deck.name, lang)}: {names.get(entry.ref, entry.ref)}", entry.count))
        else:
            out.append((text(deck.name, lang), len(getattr(kit, deck.source or "events"))))
    return out


def token_checklist(kit: Any, lang: str) -> list[tuple[str, int]]:
    sheet = kit.tokens
    out = [
        (f"{t('player_tokens', lang)}: {text(p.name, lang)}", kit.parameters.tokens_per_player) for p in sheet.players
    ]
    out += [(text(m.name, lang), m.count) for m in sheet.markers]
    if sheet.track is not None:
        out.append((text(sheet.track.name, lang), 1))
    return out


def _elements(kit: Any) -> dict[str, Any]:
    return {e.id: e for e in kit.elements}


def board(kit: Any, ctx: LayoutContext, title: str) -> Any:
    elements = _elements(kit)
    styles = []
    for terrain in kit.terrains:
        element = elements.get(terrain.element)
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
        f"{title} — {t('board', ctx.lang)}",
        text(kit.subtitle, ctx.lang),
        cells,
        styles,
        t("legend", ctx.lang),
        size,
    )


# ---------------------------------------------------------------- cards


def _frame(w: float, h: float, colour: str) -> list[Item]:
    return [Rect(0, 0, w, h, style=Style(fill=colour)), Rect(3, 3, w - 6, h - 6, style=Style(fill=PANEL), radius=2.5)]


def _band(ctx: LayoutContext, w: float, colour: str, label: str, where: tuple) -> list[Item]:
    items: list[Item] = [
        Rect(3, 3, w - 6, 13, style=Style(fill=colour), radius=2.5),
        Rect(3, 9, w - 6, 7, style=Style(fill=colour)),
    ]
    items += ctx.fitted(
        label,
        TextBox(6, 4.5, w - 12, 10, align="middle", valign="middle", colour="#ffffff", bold=True),
        14,
        8,
        where=where,
        label="card title",
    )
    return items


def element_face(kit: Any, ctx: LayoutContext, element: Any, index: int, w: float, h: float) -> CardFace:
    lang = ctx.lang
    name = text(element.name, lang)
    items = _frame(w, h, element.colour)
    items += _band(ctx, w, element.colour, name, ("elements", index, "name", lang))
    items.append(icon(element.icon, 11, 9.5, 3.6, "#ffffff", element.colour))
    items.append(icon(element.icon, w - 11, 9.5, 3.6, "#ffffff", element.colour))
    items.append(icon(element.icon, w / 2, 35, 15, element.colour, "#ffffff"))
    elements = _elements(kit)
    y = 55.0
    items.append(Text(6, y, t("combos", lang), 6.5, colour=INK, bold=True))
    items.append(Rect(6, y + 1.0, w - 12, 0.25, style=Style(fill=INK)))
    y += 2.0
    related = [c for c in kit.combos if element.id in c.elements]
    row = min(5.6, (h - 6 - y) / max(1, len(related)))
    for combo in related:
        partner = next((e for e in combo.elements if e != element.id), element.id)
        colour = ATTACK_COLOUR if combo.kind == "attack" else DEFENCE_COLOUR
        kind = t("attack" if combo.kind == "attack" else "defence", lang)
        items.append(Rect(6, y + 0.6, 8.5, row - 1.2, style=Style(fill=colour), radius=0.8))
        items.append(
            Text(
                10.25,
                y + row / 2 + 0.9,
                kind if lang == "ja" else kind[:3].upper(),
                5.5,
                colour="#ffffff",
                anchor="middle",
                bold=True,
            )
        )
        items.append(icon(elements[partner].icon, 17.5, y + row / 2, 1.9, elements[partner].colour, "#ffffff"))
        items += ctx.fitted(
            text(combo.name, lang),
            TextBox(20.5, y + 0.3, w - 27, row - 0.6, align="start", valign="middle", colour=INK),
            7,
            5,
            where=("combos", kit.combos.index(combo), "name", lang),
            label=f"{element.id} card combo line",
        )
        y += row
    return CardFace(f"{element.id}", tuple(items), element.colour)


def _duration(duration: Any, lang: str) -> str:
    if duration is None:
        return t("instant", lang)
    unit = duration.unit if duration.count == 1 else duration.unit + "s"
    if duration.unit == "event":
        return "次の攻撃まで" if lang == "ja" else "Until the next attack"
    if lang == "ja":
        return f"{duration.count}{t(unit, lang)}"
    return f"{duration.count} {t(unit, lang)}"


def _effect_text(kit: Any, effect: Any, lang: str) -> str:
    return text(effect.text, lang, kit.placeholder_values() | local_numbers((effect,)))


def event_face(kit: Any, ctx: LayoutContext, event: Any, index: int, w: float, h: float) -> CardFace:
    lang = ctx.lang
    items = _frame(w, h, EVENT_COLOUR)
    items += _band(ctx, w, EVENT_COLOUR, t("shift_event", lang), ())
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


def _duration_badge(ctx: LayoutContext, w: float, h: float, duration: Any) -> list[Item]:
    label = f"{t('duration', ctx.lang)}: {_duration(duration, ctx.lang)}"
    return [
        Rect(8, h - 13, w - 16, 7, style=Style(fill="#efe6dc", stroke="#b9ab99", width=0.2), radius=1.5),
        Text(w / 2, h - 8.3, label, 7, colour=INK, anchor="middle"),
    ]


def combo_face(kit: Any, ctx: LayoutContext, combo: Any, index: int, w: float, h: float) -> CardFace:
    lang = ctx.lang
    colour = ATTACK_COLOUR if combo.kind == "attack" else DEFENCE_COLOUR
    items = _frame(w, h, colour)
    items += _band(ctx, w, colour, f"{t(combo.kind, lang)}{t('combo', lang) if lang == 'ja' else ' combo'}", ())
    items += ctx.fitted(
        text(combo.name, lang),
        TextBox(6, 18, w - 12, 10, align="middle", valign="middle", colour=colour, bold=True),
        13,
        8,
        where=("combos", index, "name", lang),
        label=f"combo {combo.id} name",
    )
    elements = _elements(kit)
    first, second = (elements.get(e) for e in combo.elements)
    for element, cx in ((first, w / 2 - 13), (second, w / 2 + 13)):
        if element is not None:
            items.append(icon(element.icon, cx, 38, 8, element.colour, "#ffffff"))
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


FACES = {"element": ("elements", element_face), "event": ("events", event_face), "combo": ("combos", combo_face)}


def cards(kit: Any, ctx: LayoutContext, title: str) -> list:
    pages = []
    for d, deck in enumerate(kit.decks):
        w, h = deck.size.width, deck.size.height
        list_name, face = FACES[deck.template]
        items = getattr(kit, deck.source or list_name)
        by_id = {item.id: (i, item) for i, item in enumerate(items)}
        faces: list[CardFace] = []
        if deck.cards:
            for entry in deck.cards:
                index, item = by_id[entry.ref]
                made = face(kit, ctx, item, index, w, h)
                faces.extend([made] * entry.count)
        else:
            faces = [face(kit, ctx, item, i, w, h) for i, item in enumerate(items)]
        back_title = text(deck.back.title, ctx.lang) or text(deck.name, ctx.lang)
        where = (
            ("decks", d, "back", "title", ctx.lang) if deck.back.title is not None else ("decks", d, "name", ctx.lang)
        )
        words = BackTitle(title=back_title, where=where, subtitle=title, subtitle_where=("title", ctx.lang))
        back = back_face(ctx, f"{deck.id}-back", w, h, colour=deck.back.colour, pattern=deck.back.pattern, words=words)
        pages += card_sheets(ctx, text(deck.name, ctx.lang), faces, back, w, h, where=("decks", d, "size"))
    return pages


# ---------------------------------------------------------------- tokens and rules


def tokens(kit: Any, ctx: LayoutContext, title: str) -> Any:
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
        track = TrackSpec(text(sheet.track.name, lang), sheet.track.first, sheet.track.last, marked, t("shift", lang))
    groups = [(t("player_tokens", lang), players), (t("markers", lang), markers)]
    return token_sheet(ctx, f"{title} — {t('tokens', lang)}", text(kit.subtitle, lang), groups, sheet.diameter, track)


def _combo_table(kit: Any, lang: str, kind: str) -> Table:
    elements = _elements(kit)
    rows = []
    for combo in kit.combos:
        if combo.kind != kind:
            continue
        pair = " + ".join(text(elements[e].name, lang) if e in elements else e for e in combo.elements)
        rows.append((text(combo.name, lang), pair, _effect_text(kit, combo.effect, lang)))
    return Table((t("name", lang), t("elements", lang), t("effect", lang)), tuple(rows), (0.27, 0.2, 0.53))


def _event_table(kit: Any, lang: str) -> Table:
    rows = tuple(
        (text(e.name, lang), _effect_text(kit, e.effect, lang), _duration(e.effect.duration, lang)) for e in kit.events
    )
    return Table((t("name", lang), t("effect", lang), t("duration", lang)), rows, (0.25, 0.55, 0.2))


def rules(kit: Any, ctx: LayoutContext, title: str) -> list:
    lang = ctx.lang
    generated = {
        "attack-combos": _combo_table(kit, lang, "attack"),
        "defence-combos": _combo_table(kit, lang, "defence"),
        "events": _event_table(kit, lang),
        "errata": errata_table(kit, lang),
    }
    sections = rule_sections(ctx, kit, generated)
    players = f"{t('players', lang)} {kit.players.min}–{kit.players.max}"
    return rule_pages(ctx, f"{title} — {t('rules', lang)}", players, sections, f"{title} v{kit.version}")
