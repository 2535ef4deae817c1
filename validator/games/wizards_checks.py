"""Wizard's Element Collection's own checks of its rule model, and the card references its texts make.

The model (wizards_element_collection.py) calls `check_elements` from its `check`; `card_key` and `card_refs`
read card names and "闇のエレメント[100点]" references as players read them, for the checks, the playtest and
`pnpkit score`.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..components.tracks import check_field_fits, check_track, track_geometry
from ..names import check_lookalikes, item_names, normalise_name
from ..placeholders import fill
from ..repeats import first_at, repeated
from ..text_numbers import local_numbers
from ..types import LocalText

if TYPE_CHECKING:
    from ..checks import CheckContext
    from .wizards_element_collection import Element, WizardsElementCollectionKit


def check_elements(kit: WizardsElementCollectionKit, ctx: CheckContext, ids: set[str]) -> None:
    """The cards' names, look-alikes, references in text, phases and scoring; the counts, the players and the track.
    `ids`: the cards' ids."""
    _check_names(kit, ctx)
    check_lookalikes(ctx, item_names(kit, ("elements", "phases"), ctx.languages))
    _check_texts(kit, ctx)
    _check_phases(kit, ctx)
    _check_scoring(kit, ctx, ids)
    _check_counts(kit, ctx)
    _check_players(kit, ctx)
    _check_track(kit, ctx)


def _check_names(kit: WizardsElementCollectionKit, ctx: CheckContext) -> None:
    """Two cards of one name (WE001): once per name, at its second card, however many share it."""
    for lang in ctx.languages:
        names = ((card_key(e.name.get(lang)), ("elements", i, "name", lang)) for i, e in enumerate(kit.elements))
        for group in repeated(names):
            first, again = group.places[0][1], group.places[1][1]
            other, element = kit.elements[first], kit.elements[again]
            worth = (
                f"{other.points} and {element.points} points"
                if other.points != element.points
                else f"{element.points} points each"
            )
            more = (
                f"; {group.count:,} cards: {group.where(ctx.source)}"
                if group.count > 2
                else f"; {group.where(ctx.source)}"
            )
            ctx.add(
                "WE001",
                group.places[1],
                f"card name {element.name.get(lang)!r} is also card {first} ({other.id}); {worth}{more}",
                "give each card its own name, and record the choice in `errata`",
            )


def _texts(kit: WizardsElementCollectionKit, ctx: CheckContext) -> list[tuple[tuple, LocalText, tuple]]:
    """Texts that describe this edition: everything but the errata, which quote the rulebook as written."""
    return [
        (path, text, owners)
        for path, text, owners in ctx.walk(kit).texts
        if path[:1] not in (("errata",), ("title",), ("subtitle",))
    ]


def _check_texts(kit: WizardsElementCollectionKit, ctx: CheckContext) -> None:
    values = kit.placeholder_values()
    for path, text, owners in _texts(kit, ctx):
        known = values | local_numbers(owners)
        for lang in ctx.languages:
            raw = text.get(lang) if getattr(text, lang, None) else None
            if raw is None:
                continue
            filled = fill(raw, known)
            for ref in card_refs(filled, lang, kit.elements):
                if ref.card is None:
                    names = ", ".join(e.name.get(lang) for e in kit.elements)
                    ctx.add(
                        "WE002",
                        path + (lang,),
                        f"refers to {ref.name or 'a card'} [{ref.value}], but no card has that name",
                        f"cards: {names}",
                    )
                elif ref.card.points != ref.value and ref.card.scoring != "wild":
                    ctx.add(
                        "WE003",
                        path + (lang,),
                        f"refers to {ref.name} [{ref.value}], but {ref.name} is worth {ref.card.points}",
                        f"write [{ref.card.points}] or name the card meant",
                    )


def _check_phases(kit: WizardsElementCollectionKit, ctx: CheckContext) -> None:
    phases = {p.id: p for p in kit.phases}
    for p, phase in enumerate(kit.phases):
        if phase.summon == "icons" and not phase.icons:
            ctx.add(
                "WE005",
                ("phases", p, "icons"),
                f"phase {phase.id!r} summons by icon but lists no icons",
                "list the icons, or set `summon: any` or `none`",
            )
        if phase.summon != "icons" and phase.icons:
            ctx.add(
                "WE005",
                ("phases", p, "icons"),
                f"phase {phase.id!r} lists icons but `summon` is {phase.summon!r}",
                "set `summon: icons`",
            )
    for i, element in enumerate(kit.elements):
        where = ("elements", i)
        for k, phase_id in enumerate(element.phases):
            home = phases.get(phase_id)
            if home is None:
                ctx.add(
                    "WE004", where + ("phases", k), f"unknown phase {phase_id!r}", f"use one of {', '.join(phases)}"
                )
                continue
            if home.summon == "none":
                ctx.add(
                    "WE005",
                    where + ("phases", k),
                    f"nothing can be summoned in the {phase_id} phase",
                    "remove it from `phases`",
                )
            elif home.summon == "any" and element.points <= 0:
                ctx.add(
                    "WE005",
                    where + ("phases", k),
                    f"{element.id} has {element.points} points, so summoning it cannot raise 魔力 in the {phase_id} phase",
                    "remove the phase",
                )
            elif home.summon == "icons" and not set(element.icons) & set(home.icons):
                ctx.add(
                    "WE005",
                    where + ("phases", k),
                    f"{element.id} can be summoned in the {phase_id} phase but has none of its icons ({', '.join(home.icons)})",
                    "add the icon or remove the phase",
                )
        for k, icon in enumerate(element.icons):
            homes = [p.id for p in kit.phases if icon in p.icons]
            if homes and not set(homes) & set(element.phases):
                ctx.add(
                    "WE005",
                    where + ("icons", k),
                    f"{element.id} has the {icon} icon but cannot be summoned in the {' or '.join(homes)} phase",
                    f"add {homes[0]} to `phases`, or remove the icon",
                )
            if not homes:
                ctx.add("WE005", where + ("icons", k), f"no phase uses the {icon} icon", "list it in a phase's `icons`")
        if len(set(element.icons)) != len(element.icons):
            ctx.add("WE005", where + ("icons",), f"{element.id} lists an icon twice")


def _check_scoring(kit: WizardsElementCollectionKit, ctx: CheckContext, ids: set[str]) -> None:
    by_id: dict[str, Element] = {}  # the first card of each id, as `element` finds it, without a search each
    for element in kit.elements:
        by_id.setdefault(element.id, element)
    for i, element in enumerate(kit.elements):
        where = ("elements", i)
        s = element.scoring
        if s == "pairs" and (element.points <= 0 or element.negative > 0):
            ctx.add(
                "WE010",
                where + ("points",),
                f"a pairs card needs positive points and a negative value of 0 or less (has {element.points} / {element.negative})",
            )
        elif s == "each" and (element.points <= 0 or element.negative != 0):
            ctx.add(
                "WE010",
                where + ("negative",),
                f"an `each` card scores its points per card and never goes negative (has {element.points} / {element.negative})",
                "set `negative: 0`",
            )
        elif s == "majority" and (element.points >= 0 or element.negative != 0):
            ctx.add(
                "WE010",
                where + ("points",),
                f"a majority card costs points per card (a negative `points`) and has no odd value (has {element.points} / {element.negative})",
            )
        elif s == "wild" and (element.points != 0 or element.negative != 0):
            ctx.add(
                "WE010",
                where + ("points",),
                "a wild card has no points of its own",
                "set `points: 0` and `negative: 0`",
            )
        if element.wild_as is not None:
            if s != "wild":
                ctx.add(
                    "WE010",
                    where + ("wild_as",),
                    f"only a wild card counts as another card; {element.id} scores {s}",
                    "remove `wild_as`",
                )
            elif element.wild_as not in ids:
                ctx.add(
                    "WE002",
                    where + ("wild_as",),
                    f"no card {element.wild_as!r}",
                    f"use one of {', '.join(sorted(ids))}",
                )
            else:
                target = by_id.get(element.wild_as)
                if target is not None and target.scoring == "wild":
                    ctx.add("WE010", where + ("wild_as",), "a wild card cannot count as another wild card")


def _check_counts(kit: WizardsElementCollectionKit, ctx: CheckContext) -> None:
    p = kit.parameters
    total = sum(e.copies for e in kit.elements)
    if total != p.total_cards:
        parts = " + ".join(str(e.copies) for e in kit.elements)
        ctx.add(
            "WE006",
            ("parameters", "total_cards"),
            f"the cards add up to {total} ({parts}), but total_cards is {p.total_cards}",
            "fix a card's `copies` or the total",
        )
    for d, deck in enumerate(kit.decks):
        if deck.source != "elements" or not deck.cards:
            continue
        per_card: Counter = Counter()
        first: dict[str, int] = {}
        for c, entry in enumerate(deck.cards):
            if entry.ref is not None:
                per_card[entry.ref] += entry.copies
                first.setdefault(entry.ref, c)
        left_open = {entry.ref for entry in deck.cards if not entry.count_known}  # `unspecified`: no total to check
        for element in kit.elements:
            if element.id not in left_open and per_card.get(element.id, 0) != element.copies:
                path = (
                    ("decks", d, "cards", first[element.id], "count") if element.id in first else ("decks", d, "cards")
                )
                ctx.add(
                    "WE006",
                    path,
                    f"the deck has {per_card.get(element.id, 0)} {element.id} cards, but the card says {element.copies} copies",
                    "make them agree, or drop `cards:` and let the copies decide",
                )
    field = kit.board.field
    if field is not None:
        slots = field.rows * field.columns
        if p.field_cards != slots:
            ctx.add(
                "WE007",
                ("parameters", "field_cards"),
                f"field_cards is {p.field_cards}, but the board's field has {field.rows} × {field.columns} = {slots} slots",
                "make them agree",
            )
        lines = {field.rows, field.columns}
        if p.line_cards not in lines or len(lines) != 1:
            ctx.add(
                "WE007",
                ("parameters", "line_cards"),
                f"line_cards is {p.line_cards}, but the field's lines hold {' or '.join(str(n) for n in sorted(lines))} cards",
                "make the field square with lines of line_cards",
            )
    if p.collect_take > p.line_cards:
        ctx.add(
            "WE007",
            ("parameters", "collect_take"),
            f"a player takes {p.collect_take} cards from a line of {p.line_cards}",
            "take at most line_cards",
        )
    deck_cards = p.total_cards - p.field_cards - p.reserve_cards
    if deck_cards < 0:
        ctx.add(
            "WE007",
            ("parameters", "reserve_cards"),
            f"{p.field_cards} field cards and {p.reserve_cards} in reserve need {p.field_cards + p.reserve_cards} cards; there are {p.total_cards}",
            "lower the reserve",
        )
    if kit.players.max * p.collect_take > p.field_cards:
        ctx.add(
            "WE007",
            ("players", "max"),
            f"{kit.players.max} players taking {p.collect_take} cards each empty a field of {p.field_cards} within one turn",
            "fewer players, a larger field or a smaller collect_take",
        )


def _check_players(kit: WizardsElementCollectionKit, ctx: CheckContext) -> None:
    board = kit.board
    if kit.players.max > len(board.players):
        ctx.add(
            "WE008",
            ("players", "max"),
            f"up to {kit.players.max} players, but the board has colours for {len(board.players)}",
            "add player colours to `board.players`",
        )
    if kit.order_sheet.slots != kit.players.max:
        ctx.add(
            "WE008",
            ("order_sheet", "slots"),
            f"{kit.order_sheet.slots} action-order slots for up to {kit.players.max} players",
            "one slot per player",
        )
    spaces = Counter(s.player for s in board.spaces if s.kind == "player")
    for p, player in enumerate(board.players):
        if spaces[player.id] != 1:
            ctx.add(
                "WE008",
                ("board", "players", p),
                f"player {player.id!r} has {spaces[player.id]} player spaces on the track",
                "give each colour exactly one player space",
            )


def _check_track(kit: WizardsElementCollectionKit, ctx: CheckContext) -> None:
    board = kit.board
    geometry = track_geometry(board)
    ctx.compared.add(("board", "players"))  # check_track compares the players' ids
    for problem in check_track(board, geometry):
        code = "WE008" if problem.kind == "player" else "WE009"
        ctx.add(code, problem.path, problem.message + first_at(ctx.source, problem.first, problem.path), problem.hint)
    sizes = {deck.id: (deck.size.width, deck.size.height) for deck in kit.decks}
    # with no deck at all, the missing cards are PK327 at layout, whose hint names the left-out file
    for problem in check_field_fits(board, sizes) if sizes else ():
        ctx.add("PK414" if problem.kind == "fit" else "PK305", problem.path, problem.message, problem.hint)
    sheet = set(kit.order_sheet.values())
    if kit.order_sheet.first > kit.order_sheet.last:
        ctx.add(
            "WE009",
            ("order_sheet", "last"),
            f"the sheet runs from {kit.order_sheet.first} down to {kit.order_sheet.last}",
            "make `last` larger than `first`",
        )
    seen: dict[int, int] = {}
    for index, space in enumerate(board.spaces):
        where = ("board", "spaces", index)
        if space.kind != "normal":
            if space.collects is not None:
                ctx.add(
                    "WE009",
                    where + ("collects",),
                    "a player space collects nothing: players on it cannot collect",
                    "remove `collects`",
                )
            continue
        if space.value is None:
            ctx.add("WE009", where, "a 魔力 space needs a `value`", "add `value:`")
            continue
        if space.collects is None:
            ctx.add("WE009", where, f"the 魔力 space {space.value} collects no line", "add `collects:`")
        if space.value in seen:
            ctx.add(
                "WE009",
                where + ("value",),
                f"魔力 {space.value} is also space {seen[space.value]}: two players could tie for the action order",
                "give every 魔力 space its own value",
            )
        seen.setdefault(space.value, index)
        if space.value not in sheet:
            ctx.add(
                "WE009",
                where + ("value",),
                f"魔力 {space.value} has no space on the 魔力 sheet ({kit.order_sheet.first}–{kit.order_sheet.last} by {kit.order_sheet.step})",
                "widen the sheet or change the value",
            )


# ---------------------------------------------------------------- card references and phase names

_REF = re.compile(r"[\[［]\s*([-−]?\d+)\s*(?:点|pts?|points?)?\s*[\]］]")
_JA_SUFFIXES = ("のエレメント", "エレメント")
_EN_SUFFIXES = (" element", " elements")
_STEM_JA = re.compile(r"[\u30a0-\u30ff\u3400-\u9fff\uf900-\ufaffー々]+$")
_STEM_EN = re.compile(r"(?:[A-Z][\w'-]*)(?:\s+[A-Z][\w'-]*)*$")


def card_key(name: str) -> str:
    """A card name as players would read it: normalised, without "のエレメント" or "element".

    >>> card_key("心のエレメント") == card_key("心")
    True
    >>> card_key("Ice Element") == card_key("ice")
    True
    """
    key = normalise_name(name)
    for suffix in ("のエレメント", "エレメント", "element"):
        if key.endswith(suffix) and len(key) > len(suffix):
            key = key[: -len(suffix)]
    return key


@dataclass(frozen=True)
class CardRef:
    name: str
    value: int
    card: Element | None
    start: int


def card_refs(text: str, lang: str, elements: Sequence[Element]) -> list[CardRef]:
    """References written as a name followed by its value in brackets: 「闇のエレメント[100点]」, "Dark [100]"."""
    names = sorted(((card_key(e.name.get(lang)), e) for e in elements), key=lambda pair: -len(pair[0]))
    found = []
    for match in _REF.finditer(text):
        value = int(unicodedata.normalize("NFKC", match.group(1)).replace("−", "-"))
        before = text[: match.start()].rstrip()
        lowered = before.casefold()
        for suffix in _JA_SUFFIXES + _EN_SUFFIXES:
            if lowered.endswith(suffix):
                before = before[: -len(suffix)].rstrip()
                break
        key = normalise_name(before)
        card = next((e for k, e in names if k and key.endswith(k)), None)
        if card is not None:
            name = card.name.get(lang)
        else:
            stem = (_STEM_JA if lang == "ja" else _STEM_EN).search(before)
            name = stem.group(0) if stem else ""
        found.append(CardRef(name, value, card, match.start()))
    return found
