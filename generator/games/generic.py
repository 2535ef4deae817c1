"""`game: generic`: every component a generic kit declares, printed from its YAML alone.

- each deck: its cards drawn from their templates (generator.layouts.templates),
  9-up with cut guides and the deck's back for duplex (generator.layouts.cards);
- each player sheet: its regions laid out by the sheet engine (generator.layouts.sheets);
- the token sheet: player tokens, markers and the track, over as many pages as they need;
- the rule summary, with errata and end conditions after the sections when no
  section places them, and a `components` table on request.

Nothing here knows a game: the values come from the kit, the drawing from the
shared layouts. Text problems on a card point at the field the designer wrote
(`title:` or `fill: {title: …}`), like the validator's findings.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from pydantic import BaseModel

from pnpkit.validator.components.sheets import CONTAINERS
from pnpkit.validator.games.generic import SHEET_CODE, TOKEN_CODE
from pnpkit.validator.placeholders import fill
from pnpkit.validator.types import LocalText

from .. import fonts
from ..i18n import Strings, t
from ..layouts.backs import BackTitle, back_face
from ..layouts.cards import CardFace, card_sheets
from ..layouts.common import MUTED, LayoutContext, TextProblem
from ..layouts.rules import Section, Table, rule_pages
from ..layouts.sheets import inline_spec, sheet_page
from ..layouts.templates import template_face
from ..layouts.tokens import TokenSpec, TrackSpec, token_sheet
from ..scene import Item, Page, Path, Rect, Style, Text
from .base import Component, end_conditions_table, errata_table, rule_sections, text

GAME = "generic"

STRINGS: dict[str, dict[str, str]] = {
    "rules": {"ja": "ルール概要", "en": "Rule summary"},
    "errata": {"ja": "正誤表", "en": "Errata"},
    "ending": {"ja": "ゲームの終了", "en": "How the game ends"},
    "component": {"ja": "コンポーネント", "en": "Component"},
    "count": {"ja": "数", "en": "Count"},
    "cards_n": {"ja": "{n}枚", "en": "{n} cards"},
    "per_player": {"ja": "1人1枚", "en": "1 per player"},
    "sheet_steps": {
        "ja": "ゲームのたびに人数分を印刷（またはコピー）する。えんぴつで書き込む。",
        "en": "Print or copy one for each player for every game; fill it in with a pencil.",
    },
    "continued": {"ja": "{name}（続き）", "en": "{name} (continued)"},
    "players": {"ja": "{min}〜{max}人用", "en": "{min}–{max} players"},
    "players_n": {"ja": "{n}人用", "en": "{n} players"},
    "total": {"ja": "合計", "en": "Total"},
}
tr = Strings(STRINGS)

# generator.layouts.tokens draws one page of tokens; these are its measurements, so this module can
# share the tokens out over as many pages as they need.
TOKEN_GAP = 3.0
TOKENS_TOP = 16.0
HEADING_H, LABEL_H, AFTER_SPEC, AFTER_GROUP = 4.0, 5.0, 1.0, 3.0
TRACK_PER_ROW, TRACK_CELL, TRACK_GAP, TRACK_HEAD = 10, 18.0, 4.0, 3.0
BOTTOM_ROOM = 14.0
"""Room the scale bar and its print note take at the foot of a page."""


def components(kit: Any, ctx: LayoutContext) -> list[Component]:
    lang = ctx.lang
    title = text(kit.title, lang)
    resolved = kit.resolved_templates()
    values = kit.placeholder_values()
    first_problem = len(ctx.problems)
    parts = [deck_component(kit, ctx, d, resolved, values, title) for d in range(len(kit.decks))]
    parts += [sheet_component(kit, ctx, s, title) for s in range(len(kit.sheets))]
    if kit.tokens is not None:
        parts.append(token_component(kit, ctx, title))
    sections = rule_summary(kit, ctx)
    if sections:
        players = (
            tr("players", lang, min=kit.players.min, max=kit.players.max)
            if kit.players.min < kit.players.max
            else tr("players_n", lang, n=kit.players.max)
        )
        pages = rule_pages(ctx, f"{title} — {tr('rules', lang)}", players, sections, f"{title} v{kit.version}")
        parts.append(
            Component(
                "rules",
                f"{title} — {tr('rules', lang)}",
                tuple(pages),
                stock=t("stock_paper", lang),
                checklist=((tr("rules", lang), 1),),
            )
        )
    ctx.problems[first_problem:] = [replace(p, path=kit.source_path(p.path)) for p in ctx.problems[first_problem:]]
    return parts


# ---------------------------------------------------------------- cards


def deck_component(kit: Any, ctx: LayoutContext, d: int, resolved: dict, values: dict, title: str) -> Component:
    deck = kit.decks[d]
    lang = ctx.lang
    w, h = kit.deck_size(d, resolved)
    faces: list[CardFace] = []
    templates: dict[str, Any] = {}
    for c in range(len(deck.cards)):
        card = kit.filled_card(d, c)
        if card.template not in templates:
            templates[card.template] = kit.template_for(card.template, d, resolved)
        face = template_face(
            ctx,
            kit.templates,
            templates[card.template],
            card,
            ("decks", d, "cards", c),
            values,
            placeholder_art,
            card.id,
        )
        faces.extend([face] * deck.cards[c].count)
    name = text(deck.name, lang, values)
    pages = card_sheets(ctx, f"{title} — {name}", faces, deck_back(ctx, kit, d, w, h, values), w, h)
    return Component(f"cards-{deck.id}", f"{title} — {name}", tuple(pages), checklist=((name, len(faces)),))


def deck_back(ctx: LayoutContext, kit: Any, d: int, w: float, h: float, values: dict) -> CardFace:
    """The deck's back: its colour and pattern, the back title (or the kit's) in a centred band."""
    deck = kit.decks[d]
    back = deck.back
    lang = ctx.lang
    kit_title = text(kit.title, lang)
    heading = text(back.title, lang, values) or kit_title
    where = ("decks", d, "back", "title", lang) if back.title is not None else ("title", lang)
    differs = "".join(heading.split()).casefold() != "".join(kit_title.split()).casefold()
    subtitle = kit_title if back.title is not None and differs else ""
    words = BackTitle(title=heading, where=where, subtitle=subtitle, subtitle_where=("title", lang))
    return back_face(ctx, f"{deck.id}-back", w, h, colour=back.colour, pattern=back.pattern, words=words)


def placeholder_art(key: str, x: float, y: float, w: float, h: float) -> list[Item]:
    """What a generic kit prints in an art region: a hatched box labelled with the card's art key."""
    ops: list[tuple] = []
    k = -h
    while k < w:
        ops += [("M", x + k, y + h), ("L", x + k + h, y)]
        k += 4.0
    size = max(3.0, min(7.0, 7.0 * (w - 4.0) / max(fonts.width_mm(key, 7.0), 1e-6)))
    return [
        Rect(x, y, w, h, style=Style(fill="#ece6da")),
        Path(tuple(ops), style=Style(stroke="#d6cdbb", width=0.3)),
        Text(x + w / 2, y + h / 2 + size * 0.12, key, size, colour=MUTED, anchor="middle", role="art-key"),
    ]


# ---------------------------------------------------------------- sheets


def sheet_component(kit: Any, ctx: LayoutContext, s: int, title: str) -> Component:
    sheet = kit.sheets[s]
    lang = ctx.lang
    name = text(sheet.name, lang)
    count = kit.players.max if sheet.per_player else 1
    copies = text(sheet.copies, lang) or str(count)
    subtitle = text(sheet.copies, lang) or (tr("per_player", lang) if sheet.per_player else "")
    heading = f"{title} — {name}"
    _check_width(
        ctx,
        heading,
        15.0,
        ctx.paper.width - 2 * ctx.margin - fonts.width_mm(subtitle, 9.0) - 4.0,
        ("sheets", s, "name", lang),
        "sheet title",
    )
    layout, sourced = localised(with_values(sheet.layout, kit.placeholder_values()), lang)
    page = sheet_page(ctx, heading, subtitle, layout, ("sheets", s, "layout"), sourced, code=SHEET_CODE)
    return Component(
        f"sheet-{sheet.id}",
        heading,
        (page,),
        copies=copies,
        stock=t("stock_paper", lang),
        steps=(tr("sheet_steps", lang),) if sheet.per_player else (),
        checklist=((name, count),),
    )


def with_values(model: Any, values: dict[str, Any]) -> Any:
    """`model` with the {placeholders} of every text in it filled (the sheet engine prints texts as they are)."""
    if isinstance(model, LocalText):
        update = {
            lang: fill(value, values)
            for lang in ("ja", "en")
            if (value := getattr(model, lang)) is not None and "{" in value
        }
        return model.model_copy(update=update) if update else model
    if isinstance(model, BaseModel):
        update = {}
        for name in type(model).model_fields:
            value = getattr(model, name)
            new = with_values(value, values)
            if new is not value:
                update[name] = new
        return model.model_copy(update=update) if update else model
    if isinstance(model, list):
        items = [with_values(item, values) for item in model]
        return items if any(new is not old for new, old in zip(items, model)) else model
    return model


def localised(layout: Any, lang: str) -> tuple[Any, dict[tuple[str, str], Any]]:
    """The layout with each inline scoring region handed to the sheet engine as a ready spec, so its
    total is labelled in the page's language (the engine's own inline scoring says 'Total')."""
    sourced: dict[tuple[str, str], Any] = {}

    def visit(node: Any) -> Any:
        if isinstance(node, CONTAINERS):
            items = [visit(item) for item in node.items]
            return (
                node.model_copy(update={"items": items}) if any(a is not b for a, b in zip(items, node.items)) else node
            )
        if node.kind == "scoring" and node.source is None:
            key = f"inline-scoring-{len(sourced) + 1}"
            spec = inline_spec(node, lang)
            sourced[("scoring", key)] = replace(spec, total=tr("total", lang))
            return node.model_copy(update={"source": key, "categories": []})
        return node

    return visit(layout), sourced


# ---------------------------------------------------------------- tokens


def token_component(kit: Any, ctx: LayoutContext, title: str) -> Component:
    sheet = kit.tokens
    lang = ctx.lang
    values = kit.placeholder_values()
    heading = f"{title} — {text(sheet.name, lang, values) or t('tokens', lang)}"
    checklist = [(f"{t('player_tokens', lang)}: {text(p.name, lang, values)}", sheet.per_player) for p in sheet.players]
    checklist += [(text(m.name, lang, values), m.count) for m in sheet.markers]
    if sheet.track is not None:
        checklist.append((text(sheet.track.name, lang, values), 1))
    return Component("tokens", heading, tuple(token_pages(kit, ctx, heading)), checklist=tuple(checklist))


def token_pages(kit: Any, ctx: LayoutContext, heading: str) -> list[Page]:
    """The token sheet over as many pages as it needs; a kind that runs over a page goes on, marked as continued."""
    sheet = kit.tokens
    lang = ctx.lang
    room = ctx.paper.width - 2 * ctx.margin
    diameter = sheet.diameter
    pitch = diameter + TOKEN_GAP
    per_row = max(1, int((room + TOKEN_GAP) // pitch))
    top, bottom = ctx.margin + TOKENS_TOP, ctx.paper.height - ctx.margin - BOTTOM_ROOM
    values = kit.placeholder_values()
    groups: list[tuple[str, list[TokenSpec]]] = []
    if sheet.players:
        players = [TokenSpec(text(p.name, lang, values), p.colour, sheet.per_player) for p in sheet.players]
        for i, spec in enumerate(players):
            _check_width(
                ctx, f"{spec.label} × {spec.count}", 8.0, room, ("tokens", "players", i, "name", lang), "token name"
            )
        groups.append((t("player_tokens", lang), players))
    if sheet.markers:
        markers = [TokenSpec(text(m.name, lang, values), m.colour, m.count, m.mark or "") for m in sheet.markers]
        for i, spec in enumerate(markers):
            _check_width(
                ctx, f"{spec.label} × {spec.count}", 8.0, room, ("tokens", "markers", i, "name", lang), "token name"
            )
            if spec.mark:  # the token layout prints the mark at this size, unfitted
                _check_width(
                    ctx,
                    spec.mark,
                    max(5.0, diameter / 2 * 1.4),
                    diameter * 0.78,
                    ("tokens", "markers", i, "mark"),
                    "token mark",
                )
        groups.append((t("markers", lang), markers))

    pages: list[list[tuple[str, list[TokenSpec]]]] = [[]]
    y = top
    for group_heading, specs in groups:
        if pages[-1] and y + HEADING_H + LABEL_H + pitch > bottom:
            pages.append([])
            y = top
        current: list[TokenSpec] = []
        pages[-1].append((group_heading, current))
        y += HEADING_H
        for spec in specs:
            left, part = spec.count, 0
            while left:
                rows = int((bottom - y - LABEL_H + TOKEN_GAP) // pitch)
                if rows < 1:
                    current = []
                    pages.append([(tr("continued", lang, name=group_heading), current)])
                    y = top + HEADING_H
                    continue
                placed = min(left, rows * per_row)
                label = spec.label if part == 0 else tr("continued", lang, name=spec.label)
                current.append(TokenSpec(label, spec.colour, placed, spec.mark))
                y += LABEL_H + math.ceil(placed / per_row) * pitch + AFTER_SPEC
                left -= placed
                part += 1
        y += AFTER_GROUP
    track, own_page = _track(kit, ctx, y, top, bottom)
    if own_page and pages[-1]:
        pages.append([])
    out = []
    for n, page_groups in enumerate(pages):
        page_track = track if n == len(pages) - 1 else None
        subtitle = f"{n + 1}/{len(pages)}" if len(pages) > 1 else ""
        out.append(token_sheet(ctx, heading, subtitle, page_groups, diameter, page_track))
    return out


def _track(kit: Any, ctx: LayoutContext, y: float, top: float, bottom: float) -> tuple[TrackSpec | None, bool]:
    """The track, and whether it needs a page of its own (it does not fit below the tokens, which end at `y`)."""
    track = kit.tokens.track
    if track is None:
        return None, False
    lang = ctx.lang
    name = text(track.name, lang, kit.placeholder_values())
    every = track.highlight_every
    marked = frozenset(n for n in range(track.first, track.last + 1) if every and n % every == 0)
    spec = TrackSpec(name, track.first, track.last, marked, "")
    cell = min(TRACK_CELL, (ctx.paper.width - 2 * ctx.margin) / TRACK_PER_ROW)
    rows = math.ceil((track.last - track.first + 1) / TRACK_PER_ROW)
    height = HEADING_H + TRACK_HEAD + rows * (cell + TRACK_GAP)
    _check_width(ctx, name, 10.0, ctx.paper.width - 2 * ctx.margin, ("tokens", "track", "name", lang), "track name")
    if top + height > bottom:
        ctx.problems.append(
            TextProblem(
                TOKEN_CODE,
                ("tokens", "track"),
                f"a track of {track.last - track.first + 1} spaces needs {height:.0f} mm, more than a page has ({bottom - top:.0f} mm)",
                "shorten the track, or draw it as a sheet",
            )
        )
        return None, False
    return spec, y + height > bottom


def _check_width(ctx: LayoutContext, value: str, size: float, room: float, where: tuple, label: str) -> None:
    missing = fonts.missing_glyphs(value)
    if missing:
        shown = " ".join(f"U+{ord(ch):04X} {ch}" for ch in missing)
        ctx.problems.append(
            TextProblem("PK307", where, f"{label}: the font cannot draw {shown}", "replace or remove these characters")
        )
    width = fonts.width_mm(value, size)
    if width > room + 1e-6:
        ctx.problems.append(
            TextProblem(
                "PK309",
                where,
                f"{label}: {value!r} is {width:.1f} mm wide at {size:g} pt, but has {room:.1f} mm",
                "shorten it",
            )
        )


# ---------------------------------------------------------------- rules


def rule_summary(kit: Any, ctx: LayoutContext) -> list[Section]:
    """The kit's sections, then errata and end conditions that no section places."""
    lang = ctx.lang
    sections = rule_sections(ctx, kit, {"components": components_table(kit, lang)})
    placed = {section.generated for section in (kit.rules.sections if kit.rules else [])}
    if kit.end_conditions and "end-conditions" not in placed:
        sections.append(Section(tr("ending", lang), table=end_conditions_table(kit, lang), where=("end_conditions",)))
    if kit.errata and "errata" not in placed:
        sections.append(Section(tr("errata", lang), table=errata_table(kit, lang), where=("errata",)))
    return sections


def components_table(kit: Any, lang: str) -> Table:
    """What the kit holds: each deck with its card count, each sheet, each kind of token."""
    rows: list[tuple[str, str]] = [
        (text(deck.name, lang), tr("cards_n", lang, n=sum(card.count for card in deck.cards))) for deck in kit.decks
    ]
    rows += [
        (text(sheet.name, lang), text(sheet.copies, lang) or (tr("per_player", lang) if sheet.per_player else "1"))
        for sheet in kit.sheets
    ]
    if kit.tokens is not None:
        rows += [
            (f"{t('player_tokens', lang)}: {text(p.name, lang)}", str(kit.tokens.per_player))
            for p in kit.tokens.players
        ]
        rows += [(text(m.name, lang), str(m.count)) for m in kit.tokens.markers]
        if kit.tokens.track is not None:
            rows.append((text(kit.tokens.track.name, lang), "1"))
    return Table((tr("component", lang), tr("count", lang)), tuple(rows), (0.7, 0.3))
