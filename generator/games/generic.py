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

from dataclasses import replace
from typing import Any, TypeVar, cast

from pydantic import BaseModel

from pnpkit.validator.components.cards import Design
from pnpkit.validator.components.sheets import CONTAINERS, Region, ScoringRegion
from pnpkit.validator.components.templates import Frame, ResolvedTemplate, TemplateCard
from pnpkit.validator.components.templates import Region as TemplateRegion
from pnpkit.validator.components.tokens import Track
from pnpkit.validator.games.generic import SHEET_CODE, GenericDeck, GenericKit, GenericSheet
from pnpkit.validator.games.generic_tokens import TOKEN_CODE, GenericTokenSheet, PieceKind, TokenKind
from pnpkit.validator.images import ImageFill
from pnpkit.validator.placeholders import fill
from pnpkit.validator.types import LocalText

from ..i18n import players_line
from ..layouts.backs import deck_back
from ..layouts.cards import CardFace, card_sheets
from ..layouts.context import MUTED, LayoutContext
from ..layouts.piece_shapes import PieceSpec
from ..layouts.pieces import PieceGroup, piece_pages
from ..layouts.rules import Section, Table, rule_pages
from ..layouts.templates import template_face
from ..layouts.tokens import TrackSpec, check_line
from ..scene import Item, Path, Rect, Style, Text
from ..typeset import fonts
from .base import Component, end_conditions_table, errata_table, rule_sections, text
from .decks import deck_faces
from .generic_words import tr


def components(kit: GenericKit, ctx: LayoutContext) -> list[Component]:
    lang = ctx.lang
    title = text(kit.title, lang)
    resolved = kit.resolved_templates()
    values = kit.placeholder_values()
    first_problem = len(ctx.problems)
    parts = [deck_component(kit, ctx, d, deck, resolved, values, title) for d, deck in enumerate(kit.decks)]
    parts += [sheet_component(kit, ctx, s, sheet, values, title) for s, sheet in enumerate(kit.sheets)]
    if kit.boards or kit.maps or kit.mats or kit.tracks:  # their layouts are loaded only for a kit that has one
        from .generic_boards import board_components

        parts += board_components(kit, ctx, title)
    if kit.tokens is not None:
        parts.append(token_component(ctx, kit.tokens, values, title))
    sections = rule_summary(kit, ctx, values)
    if sections:
        heading = f"{title} — {tr('rules', lang)}"
        pages = rule_pages(
            ctx,
            heading,
            players_line(kit.players, lang),
            sections,
            f"{title} v{kit.version}",
            icons=kit.templates.icons,
        )
        parts.append(
            Component(
                "rules",
                heading,
                tuple(pages),
                stock=tr("stock_paper", lang),
                checklist=((tr("rules", lang), 1),),
            )
        )
    ctx.problems[first_problem:] = [replace(p, path=kit.source_path(p.path)) for p in ctx.problems[first_problem:]]
    return parts


# ---------------------------------------------------------------- cards


def deck_component(
    kit: GenericKit,
    ctx: LayoutContext,
    d: int,
    deck: GenericDeck,
    resolved: dict[str, ResolvedTemplate],
    values: dict[str, Any],
    title: str,
) -> Component:
    w, h = kit.deck_size(d, resolved)
    templates: dict[str, ResolvedTemplate] = {}
    shared: dict = {}  # what the deck's cards draw alike, drawn once (`template_face`)

    def face_of(card: TemplateCard, where: tuple) -> CardFace:
        template_id = card.template or deck.template
        if template_id not in templates:
            templates[template_id] = kit.template_for(template_id, d, resolved)
        template = templates[template_id]
        return template_face(ctx, kit.templates, template, card, where, values, placeholder_art, card.id, shared)

    def draw(design: Design[TemplateCard]) -> CardFace:
        return face_of(design.item, ("decks", d, "cards", design.index))

    designs = kit.designs(d)
    faces = deck_faces(designs, draw, ctx, f"{deck.id} front")
    name = text(deck.name, ctx.lang, values)
    heading = f"{title} — {name}"
    back = deck_back(ctx, kit, d, w, h, untitled="kit", values=values)
    backs: list[CardFace] | None = None
    if any(deck.cards[design.index].back is not None for design in designs):
        drawn: dict[tuple[str | None, str], CardFace] = {}

        def draw_back(design: Design[TemplateCard]) -> CardFace:
            """A card's own back, or the deck's; equal backs are one face, so one symbol however many cards use it."""
            where = ("decks", d, "cards", design.index, "back")
            own = deck.cards[design.index].back
            if isinstance(own, ImageFill):
                key: tuple[str | None, str] = (None, repr(own))
                if key not in drawn:
                    drawn[key] = picture_back(ctx, kit, own, w, h, where, f"{design.item.id} (back)")
                return drawn[key]
            card = kit.filled_back(d, design.index)
            if card is None:
                return back
            key = (card.template, repr(sorted(card.fill.items())))
            if key not in drawn:
                drawn[key] = face_of(card, where)
            return drawn[key]

        backs = deck_faces(designs, draw_back)  # shared backs stay one face (one symbol): not cached
    pages = card_sheets(ctx, heading, faces, back, w, h, backs=backs, deck=deck.id)
    return Component(f"cards-{deck.id}", heading, tuple(pages), checklist=((name, len(faces)),))


def picture_back(
    ctx: LayoutContext, kit: GenericKit, picture: ImageFill, w: float, h: float, where: tuple, name: str
) -> CardFace:
    """A back that is a picture: it covers the card and runs on into the bleed, cropped around its focus."""
    b = ctx.settings.bleed
    region = TemplateRegion.model_construct(name="back", kind="image", box=[-b, -b, w + 2 * b, h + 2 * b], fit="cover")
    template = ResolvedTemplate("back-picture", w, h, Frame(), (region,), {"back": where}, ("back-picture",))
    card = TemplateCard.model_construct(id=name, template=template.id, fill={"back": picture})
    return template_face(ctx, kit.templates, template, card, where, art=placeholder_art, name=name)


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


def sheet_component(
    kit: GenericKit, ctx: LayoutContext, s: int, sheet: GenericSheet, values: dict[str, Any], title: str
) -> Component:
    lang = ctx.lang
    name = text(sheet.name, lang)
    count = kit.players.max if sheet.per_player else 1
    copies = text(sheet.copies, lang) or str(count)
    subtitle = text(sheet.copies, lang) or (tr("per_player", lang) if sheet.per_player else "")
    heading = f"{title} — {name}"
    room = ctx.paper.width - 2 * ctx.margin - fonts.width_mm(subtitle, 9.0) - 4.0
    check_line(ctx, heading, 15.0, room, ("sheets", s, "name", lang), "sheet title")
    from ..layouts.sheets import sheet_page  # the sheet engine is loaded only for a kit with a sheet

    layout, sourced = localised(with_values(sheet.layout, values), lang)
    page = sheet_page(ctx, heading, subtitle, layout, ("sheets", s, "layout"), sourced, code=SHEET_CODE)
    return Component(
        f"sheet-{sheet.id}",
        heading,
        (page,),
        copies=copies,
        stock=tr("stock_paper", lang),
        steps=(tr("sheet_steps", lang),) if sheet.per_player else (),
        checklist=((name, count),),
    )


Model = TypeVar("Model")


def with_values(model: Model, values: dict[str, Any]) -> Model:
    """`model` with the {placeholders} of every text in it filled (the sheet engine prints texts as they are)."""
    if isinstance(model, LocalText):
        update = {lang: fill(value, values) for lang, value in model.given() if "{" in value}
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
        return cast(Model, items) if any(new is not old for new, old in zip(items, model)) else model
    return model


def localised(layout: Region, lang: str) -> tuple[Region, dict[tuple[str, str], Any]]:
    """The layout with each inline scoring region handed to the sheet engine as a ready spec, so its
    total is labelled in the page's language (the engine's own inline scoring says 'Total')."""
    from ..layouts.sheets import ScoringSpec, inline_spec

    sourced: dict[tuple[str, str], Any] = {}

    def visit(node: Region) -> Region:
        if isinstance(node, CONTAINERS):
            items = [visit(item) for item in node.items]
            return (
                node.model_copy(update={"items": items}) if any(a is not b for a, b in zip(items, node.items)) else node
            )
        if isinstance(node, ScoringRegion) and node.source is None:
            key = f"inline-scoring-{len(sourced) + 1}"
            spec = inline_spec(node, lang)
            assert isinstance(spec, ScoringSpec)  # as every scoring region's is
            sourced[("scoring", key)] = replace(spec, total=tr("total", lang))
            return node.model_copy(update={"source": key, "categories": []})
        return node

    return visit(layout), sourced


# ---------------------------------------------------------------- tokens


def token_component(ctx: LayoutContext, sheet: GenericTokenSheet, values: dict[str, Any], title: str) -> Component:
    """The token sheet over as many pages as it needs: the player tokens, each player colour's pieces, the
    markers and the track, each kind in its own shape and size (generator.layouts.pieces packs them)."""
    lang = ctx.lang
    heading = f"{title} — {text(sheet.name, lang, values) or tr('tokens', lang)}"
    groups: list[PieceGroup] = []
    if sheet.per_player and sheet.players:
        players = [
            PieceSpec(
                text(p.name, lang, values),
                p.colour,
                sheet.per_player,
                width=sheet.diameter,
                height=sheet.diameter,
                where=("tokens", "players", i),
                size_where=("tokens", "diameter"),
            )
            for i, p in enumerate(sheet.players)
        ]
        groups.append((tr("player_tokens", lang), players))
    for player in sheet.players if sheet.pieces else ():
        colour = text(player.name, lang, values)
        kinds = [
            _piece_spec(sheet, ("tokens", "pieces", k), kind, piece_name(colour, kind, lang, values), player.colour)
            for k, kind in enumerate(sheet.pieces)
        ]
        groups.append((colour, kinds))
    markers = [
        _piece_spec(sheet, ("tokens", "markers", m), marker, text(marker.name, lang, values), marker.colour)
        for m, marker in enumerate(sheet.markers)
    ]
    if markers:
        groups.append((tr("markers", lang), markers))
    track = None if sheet.track is None else track_spec(sheet.track, lang, values)
    pages = piece_pages(
        ctx, heading, groups, track, continued=lambda name: tr("continued", lang, name=name), code=TOKEN_CODE
    )
    shaped = [kind for _at, kind in sheet.kinds()]
    steps: tuple[str, ...] = ()
    if any(kind.shape != "disc" for kind in shaped):  # round tokens alone keep the kit book's words for discs
        steps = (tr("steps_pieces", lang),)
    if any(kind.stands for kind in shaped):
        steps += (tr("steps_standees", lang),)
    return Component("tokens", heading, tuple(pages), steps=steps, checklist=tuple(token_counts(sheet, lang, values)))


def _piece_spec(
    sheet: GenericTokenSheet, where: tuple, kind: PieceKind | TokenKind, label: str, colour: str
) -> PieceSpec:
    """How the sheet prints a kind of piece in `colour`: its shape and size, its mark, a marker's icon."""
    width, height = kind.box(sheet.diameter)
    icon = getattr(kind, "icon", None) or ""
    return PieceSpec(
        label,
        colour,
        kind.per_player if isinstance(kind, PieceKind) else kind.count,
        kind.shape,
        width,
        height,
        kind.stands,
        "" if icon else kind.mark or "",
        icon,
        getattr(kind, "countdown", None) or 0,
        where=where,
        size_where=(*where, "size") if kind.size is not None else ("tokens", "diameter"),
    )


def piece_name(colour: str, piece: PieceKind, lang: str, values: dict[str, Any]) -> str:
    """A player colour's pieces as the designer named them: "Red settlements", 「赤の開拓地」."""
    return tr("player_piece", lang, player=colour, piece=text(piece.name, lang, values))


def track_spec(track: Track, lang: str, values: dict[str, Any]) -> TrackSpec:
    every = track.highlight_every
    marked = frozenset(n for n in range(track.first, track.last + 1) if every and n % every == 0)
    return TrackSpec(text(track.name, lang, values), track.first, track.last, marked, "", where=("tokens", "track"))


def token_counts(sheet: GenericTokenSheet, lang: str, values: dict[str, Any]) -> list[tuple[str, int]]:
    """Each kind of token, and the track, with how many the sheet prints: for the checklist and the rules alike."""
    counts: list[tuple[str, int]] = []
    if sheet.per_player:
        label = tr("player_tokens", lang)
        counts += [(f"{label}: {text(p.name, lang, values)}", sheet.per_player) for p in sheet.players]
    for player in sheet.players:
        colour = text(player.name, lang, values)
        counts += [(piece_name(colour, piece, lang, values), piece.per_player) for piece in sheet.pieces]
    counts += [(text(m.name, lang, values), m.count) for m in sheet.markers]
    if sheet.track is not None:
        counts.append((text(sheet.track.name, lang, values), 1))
    return counts


# ---------------------------------------------------------------- rules


def rule_summary(kit: GenericKit, ctx: LayoutContext, values: dict[str, Any]) -> list[Section]:
    """The kit's sections, then errata and end conditions that no section places."""
    lang = ctx.lang
    sections = rule_sections(ctx, kit, {"components": components_table(kit, lang, values)})
    placed = {section.generated for section in (kit.rules.sections if kit.rules else [])}
    if kit.end_conditions and "end-conditions" not in placed:
        sections.append(Section(tr("ending", lang), table=end_conditions_table(kit, lang), where=("end_conditions",)))
    if kit.errata and "errata" not in placed:
        sections.append(Section(tr("errata", lang), table=errata_table(kit, lang), where=("errata",)))
    return sections


def components_table(kit: GenericKit, lang: str, values: dict[str, Any]) -> Table:
    """What the kit holds: each deck with its card count, each sheet, each kind of token."""
    rows: list[tuple[str, str]] = [
        (text(deck.name, lang), tr("cards_n", lang, n=sum(card.copies for card in deck.cards))) for deck in kit.decks
    ]
    rows += [
        (text(sheet.name, lang), text(sheet.copies, lang) or (tr("per_player", lang) if sheet.per_player else "1"))
        for sheet in kit.sheets
    ]
    if kit.tokens is not None:
        rows += [(name, str(count)) for name, count in token_counts(kit.tokens, lang, values)]
    return Table((tr("component", lang), tr("count", lang)), tuple(rows), (0.7, 0.3))
