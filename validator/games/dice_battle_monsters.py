"""Dice Battle Monsters: a two-player card battle where a die roll says what you may play.

Every card has two roles. Its unit side (level, class human / monster / token,
an effect with a spell number S1–S3) fights in the main zone; its non-unit side
(level, class magic / enchant, an effect) goes to the magic circle or the stock
zone instead. The rule model holds the numbers the rulebook states and checks
that the cards, the deck, the tokens and the rule text agree with them.

Cards are written as card-template entries (validator.components.templates):
the rules read the regions `unit_level`, `unit_class`, `unit_effect`,
`nonunit_level`, `nonunit_class` and `nonunit_effect` of each card.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from ..checks import (
    check_decks,
    check_generated_sections,
    check_hand_limit,
    check_unique_ids,
    check_unique_names,
    repeated,
)
from ..components.cards import Deck, Design, deck_designs
from ..components.kit import KitBase
from ..components.play import State
from ..components.template_checks import TemplateCodes, check_cards, check_templates
from ..components.templates import EffectFill, ResolvedTemplate, TemplateCard, TemplateSet
from ..findings import Severity
from ..names import check_lookalikes, normalise_name
from ..types import Colour, Count, Ident, LocalText, NonNegative, RuleText, StrictModel

if TYPE_CHECKING:
    from ..checks import CheckContext

CODES = {
    "DB001": (Severity.ERROR, "unit and non-unit classes do not pair"),
    "DB002": (Severity.ERROR, "spell number is not S1–S3"),
    "DB003": (Severity.ERROR, "deck arithmetic does not add up"),
    "DB006": (Severity.ERROR, "a name is used inconsistently"),
    "DB007": (Severity.ERROR, "unknown card class"),
    "DB008": (Severity.ERROR, "level below the minimum"),
    "DB009": (Severity.ERROR, "wrong number of designs of a kind"),
    "DB010": (Severity.ERROR, "card template extends itself"),
    "DB011": (Severity.ERROR, "card template refers to a missing region"),
    "DB012": (Severity.ERROR, "card does not fill a required region"),
    "DB013": (Severity.ERROR, "card fills a region its template lacks"),
    "DB014": (Severity.WARNING, "template region off the card or overlapping another"),
    "DB015": (Severity.ERROR, "token count disagrees with the rules"),
    "DB016": (Severity.ERROR, "treasure supply runs out before anyone can win"),
    "DB017": (Severity.ERROR, "effect kind is not optional or forced"),
    "DB018": (Severity.ERROR, "resolution example disagrees with the rules"),
    "DB019": (Severity.WARNING, "card can never be played"),
    "DB020": (Severity.ERROR, "zone missing or misconfigured"),
    "DB021": (Severity.ERROR, "template lacks a region the rules read"),
}

TEMPLATE_CODES = TemplateCodes(
    cycle="DB010", missing_region="DB011", unfilled="DB012", unknown_region="DB013", geometry="DB014"
)

UNIT_CLASSES = ("human", "monster", "token")
NONUNIT_CLASSES = ("magic", "enchant")
SPELLS = ("S1", "S2", "S3")
EFFECT_KINDS = ("optional", "forced")
ZONES = ("deck", "graveyard", "main", "magic-circle", "faith-blessing", "stock", "treasure-supply", "treasures-won")
TOKENS = ("treasure", "faith", "blessing", "mark")
ART_MOTIFS = (
    "flame",
    "snow",
    "sword",
    "sun",
    "crystal",
    "mask",
    "dagger",
    "flower",
    "slime",
    "gargoyle",
    "dragon",
    "cat",
    "candle",
)
"""The vector art the generator draws in a card's art box."""

GENERATED = ("phase-flow", "resolution-order", "end-conditions", "errata")
"""The rule-summary sections the generator draws from the model."""

UNIT_REGIONS = {"title": "text", "unit_level": "number", "unit_class": "label", "unit_effect": "effect"}
NONUNIT_REGIONS = {"nonunit_level": "number", "nonunit_class": "label", "nonunit_effect": "effect"}


SEVERAL = 2
"""The fewest cards a zone the rules fill "with as many as fit the roll" must show spaces for."""


class Parameters(StrictModel):
    die_faces: Count = 6
    """Faces of the die rolled in the ritual phase."""
    copies_per_design: Count
    """Copies printed of each card design."""
    set_aside: NonNegative = Field(
        description="Copies of the set-aside card taken out before shuffling, one to each player."
    )
    deck_size: Count
    """Cards in the deck once the set-aside copies are out."""
    opening_hand: Count = Field(description="Cards each player draws after taking the set-aside card.")
    treasures: Count
    """Treasure tokens in the supply."""
    treasures_to_win: Count
    """Treasures a player needs to win."""
    treasures_per_win: Count = 1
    """Treasures the winner of a battle takes."""
    faith_rerolls: Count = 1
    """Rerolls a player's Faith token gives."""
    blessing_bonus: Count
    """What a player's Blessing token adds to the roll."""
    stock_slots: Count
    """The most enchants the stock zone holds."""
    hand_limit: Count = Field(description="The most cards a player may keep after the battle.")
    discard_to: NonNegative = Field(description="The number a player over the limit discards down to.")
    draw_loser: NonNegative
    """Cards the loser of a battle draws in the healing phase."""
    draw_winner: NonNegative
    """Cards the winner of a battle draws in the healing phase."""
    draw_tie: NonNegative
    """Cards each player draws after a drawn battle."""
    min_unit_level: NonNegative = 0
    """The lowest level a unit side may have."""


class CardKind(StrictModel):
    """A kind of design: its unit class, the non-unit class it pairs with, and how many designs there are."""

    id: Ident
    """The kind's id."""
    name: LocalText
    """The kind's name, printed in the kit book."""
    unit: Ident
    """The class of the unit side: human, monster or token."""
    nonunit: Ident | None = None
    """The class of the non-unit side it pairs with: magic or enchant; none for tokens."""
    designs: Count
    """How many card designs are of this kind."""


class Phase(StrictModel):
    id: Ident
    """The phase's id."""
    name: LocalText
    """The phase's name, e.g. {ja: 儀式フェイズ, en: Ritual phase}."""
    short: LocalText
    """A short name for the phase flow diagram."""
    steps: list[RuleText] = Field(min_length=1)
    """What happens in the phase, step by step; numbers come from `{placeholders}`."""


class Zone(StrictModel):
    id: Ident
    """The zone's id."""
    name: LocalText
    """The zone's name, printed on the play mat."""
    note: LocalText | None = None
    """A note printed in the zone on the play mat."""
    shared: bool = False
    """Both players use it (one on the mat); otherwise each player has their own."""
    slots: Count = 1
    """Card spaces the zone shows on the mat."""


class TokenKind(StrictModel):
    id: Ident
    """The token's id."""
    name: LocalText
    """The token's name."""
    count: Count
    """How many to print."""
    colour: Colour
    """The token's colour."""
    note: LocalText | None = None
    """What the token is for, printed in the kit book."""


class ExampleSide(StrictModel):
    main: list[Ident] = Field(default_factory=list)
    """Card ids in the main zone."""
    magic_circle: list[Ident] = Field(default_factory=list)
    """Card ids in the magic circle."""
    stock: list[Ident] = Field(default_factory=list)
    """Card ids in the stock zone."""


class ResolutionExample(StrictModel):
    """The rulebook's worked example: who has what in play, and the order the effects resolve in."""

    first: ExampleSide
    """What the first player has in play."""
    second: ExampleSide
    """What the second player has in play."""
    expected: list[Ident] = Field(min_length=1, description="Card ids in the order their effects resolve.")


class DiceBattleKit(KitBase):
    game: Literal["dice-battle-monsters"]
    """dice-battle-monsters: this kit follows the Dice Battle Monsters rule model."""
    parameters: Parameters
    """The numbers the rulebook states; rule text names them as `{placeholders}`."""
    set_aside_card: Ident
    """The card design taken out before shuffling: each player starts with one."""
    kinds: list[CardKind] = Field(min_length=1)
    """The kinds of card design and how many designs each has."""
    phases: list[Phase] = Field(min_length=1)
    """The phases of a round, in order."""
    zones: list[Zone] = Field(min_length=1)
    """Every place on the field the play mat prints."""
    tokens: list[TokenKind] = Field(min_length=1)
    """The kinds of token and how many of each."""
    card_templates: TemplateSet
    """The card templates, labels and inline icons the cards use."""
    cards: list[TemplateCard] = Field(min_length=1)
    """The card designs: each fills its template's regions by name."""
    example: ResolutionExample | None = None
    """The rulebook's worked example of resolving effects; the validator recomputes its order."""

    # ------------------------------------------------------------ the table

    def derived_states(self) -> list[tuple[State, tuple]]:
        """Each player's main zone and magic circle hold several cards (units whose levels add up to the roll, and
        the magic that fits the same roll), the stock zone up to `stock_slots`; the rulebook's example is a floor."""
        sides = [self.example.first, self.example.second] if self.example else []
        most = {
            "main": max([SEVERAL, *(len(side.main) for side in sides)]),
            "magic-circle": max([SEVERAL, *(len(side.magic_circle) for side in sides)]),
            "stock": max([self.parameters.stock_slots, *(len(side.stock) for side in sides)]),
        }
        return [
            (State(id=zone.id, name=zone.name, on="zone", most=most[zone.id]), ("zones", i))
            for i, zone in enumerate(self.zones)
            if zone.id in most
        ]

    def component_ids(self) -> dict[str, tuple[object, tuple]]:
        return super().component_ids() | {zone.id: (zone, ("zones", i)) for i, zone in enumerate(self.zones)}

    # ------------------------------------------------------------ values

    def placeholder_values(self) -> dict[str, Any]:
        p = self.parameters
        values: dict[str, Any] = super().placeholder_values() | p.model_dump()
        values["designs"] = len(self.cards)
        values["total_cards"] = sum(design.count for design in self.main_designs())
        values["stock_slots"] = p.stock_slots
        values["die_max"] = p.die_faces + p.blessing_bonus
        # An inline icon `{S1}` is a placeholder that stands for itself; the card layout draws it.
        values.update({name: "{" + name + "}" for name in self.card_templates.icons})
        return values

    def card(self, card_id: str) -> TemplateCard | None:
        return next((c for c in self.cards if c.id == card_id), None)

    def main_deck_index(self) -> int | None:
        return next((d for d, deck in enumerate(self.decks) if deck.source == "cards"), None)

    def copies_of(self, item: object) -> int:
        return self.parameters.copies_per_design

    def designs(self, deck: Deck) -> list[Design[TemplateCard]]:
        """A deck's card designs in deck order; a deck that lists no cards holds every design, each copies_per_design times.

        The card sheets print these and the checklist and the deck arithmetic count them.
        """
        return deck_designs(deck, self.cards, copies=lambda _card: self.parameters.copies_per_design)

    def main_designs(self) -> list[Design[TemplateCard]]:
        """The designs of the deck the cards are shuffled into (the one drawn from `cards`)."""
        index = self.main_deck_index()
        return self.designs(self.decks[index]) if index is not None else []

    def default_templates(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for deck in self.decks:
            for entry in deck.cards:
                if entry.ref is not None:
                    out.setdefault(entry.ref, deck.template)
        return out

    # ------------------------------------------------------------ checks

    def check(self, ctx: CheckContext) -> None:
        card_ids = check_unique_ids(ctx, self.cards, ("cards",), "card")
        check_unique_ids(ctx, self.kinds, ("kinds",), "kind")
        check_unique_ids(ctx, self.phases, ("phases",), "phase")
        check_unique_ids(ctx, self.zones, ("zones",), "zone")
        check_unique_ids(ctx, self.tokens, ("tokens",), "token")
        check_unique_names(ctx, self.phases, ("phases",), "phase")
        check_unique_names(ctx, self.zones, ("zones",), "zone")
        check_unique_names(ctx, self.tokens, ("tokens",), "token")
        check_decks(ctx, self, {"cards": card_ids})
        resolved = check_templates(ctx, self.card_templates, TEMPLATE_CODES)
        known = {t.id for t in self.card_templates.templates}
        for d, deck in enumerate(self.decks):
            if deck.template not in known:
                ctx.add(
                    "PK305",
                    ("decks", d, "template"),
                    f"no card template named {deck.template!r}",
                    f"use one of {', '.join(sorted(known))}",
                )
        used = check_cards(ctx, self.card_templates, resolved, self.cards, self.default_templates(), TEMPLATE_CODES)
        self._check_names(ctx)
        check_lookalikes(ctx, self._names())
        self._check_kinds(ctx)
        self._check_cards(ctx, used)
        self._check_deck(ctx, card_ids)
        self._check_parameters(ctx)
        self._check_tokens(ctx)
        self._check_zones(ctx)
        check_generated_sections(ctx, self, GENERATED)
        if self.example is not None:
            self._check_example(ctx, card_ids)

    def _check_names(self, ctx: CheckContext) -> None:
        """Card titles read differently from each other, in every language."""
        for lang in ctx.languages:
            titles = []
            for c, card in enumerate(self.cards):
                title = card.value("title")
                if isinstance(title, LocalText) and title.get(lang):
                    titles.append((normalise_name(title.get(lang)), ("cards", c, "fill", "title", lang)))
            for group in repeated(titles):
                first, again = self.cards[group.places[0][1]], self.cards[group.places[1][1]]
                more = (
                    f" ({group.count:,} cards: {group.where(ctx.source)})"
                    if group.count > 2
                    else f" ({group.where(ctx.source)})"
                )
                ctx.add(
                    "PK313",
                    group.places[1],
                    f"card name {again.value('title').get(lang)!r} reads the same as card {first.id!r}{more}",
                    "rename one of them",
                )

    def _names(self) -> list[tuple[tuple, str]]:
        out: list[tuple[tuple, str]] = []
        for c, card in enumerate(self.cards):
            title = card.value("title")
            for lang, value in title.given() if isinstance(title, LocalText) else ():
                if value:
                    out.append((("cards", c, "fill", "title", lang), value))
        for list_name in ("tokens", "zones", "phases"):
            for i, item in enumerate(getattr(self, list_name)):
                for lang, value in item.name.given():
                    if value:
                        out.append(((list_name, i, "name", lang), value))
        return out

    def _check_kinds(self, ctx: CheckContext) -> None:
        paired = ((kind.unit, ("kinds", k, "unit")) for k, kind in enumerate(self.kinds) if kind.unit in UNIT_CLASSES)
        for group in repeated(paired):
            first = self.kinds[group.places[0][1]]
            more = f"; {group.where(ctx.source)}"
            ctx.add(
                "DB001",
                group.places[1],
                f"unit class {group.key!r} is paired {group.times} (also in kind {first.id!r}){more}",
                "each unit class pairs with one non-unit class",
            )
        for k, kind in enumerate(self.kinds):
            if kind.unit not in UNIT_CLASSES:
                ctx.add(
                    "DB007",
                    ("kinds", k, "unit"),
                    f"unknown unit class {kind.unit!r}",
                    f"units are {', '.join(UNIT_CLASSES)}",
                )
            if kind.nonunit is not None and kind.nonunit not in NONUNIT_CLASSES:
                ctx.add(
                    "DB007",
                    ("kinds", k, "nonunit"),
                    f"unknown non-unit class {kind.nonunit!r}",
                    f"non-units are {', '.join(NONUNIT_CLASSES)}",
                )
            if kind.unit == "token" and kind.nonunit is not None:
                ctx.add("DB001", ("kinds", k, "nonunit"), "a token has no non-unit side", "remove `nonunit:`")
        units = {kind.unit for kind in self.kinds}
        for unit in UNIT_CLASSES:
            if unit not in units:
                ctx.add(
                    "DB009",
                    ("kinds",),
                    f"no kind of design has the unit class {unit!r}",
                    "the rulebook has human, monster and token designs",
                )

    def _pairing(self) -> dict[str, CardKind]:
        return {k.unit: k for k in self.kinds}

    def card_kind(self, card: TemplateCard) -> CardKind | None:
        unit = card.value("unit_class")
        return self._pairing().get(unit) if isinstance(unit, str) else None

    def _check_cards(self, ctx: CheckContext, used: dict[str, ResolvedTemplate]) -> None:
        pairing = self._pairing()
        designs: Counter = Counter()
        p = self.parameters
        for c, card in enumerate(self.cards):
            path = ("cards", c, "fill")
            template = used.get(card.id)
            if template is not None:
                self._check_template_regions(ctx, card, c, template)
            art = card.value("art")
            if isinstance(art, str) and art not in ART_MOTIFS:
                ctx.add("PK305", path + ("art",), f"no art named {art!r}", f"use one of {', '.join(ART_MOTIFS)}")
            unit = card.value("unit_class")
            nonunit = card.value("nonunit_class")
            if isinstance(unit, str) and unit not in UNIT_CLASSES:
                ctx.add(
                    "DB007",
                    path + ("unit_class",),
                    f"unknown unit class {unit!r}",
                    f"units are {', '.join(UNIT_CLASSES)}",
                )
                continue
            if isinstance(nonunit, str) and nonunit not in NONUNIT_CLASSES:
                ctx.add(
                    "DB007",
                    path + ("nonunit_class",),
                    f"unknown non-unit class {nonunit!r}",
                    f"non-units are {', '.join(NONUNIT_CLASSES)}",
                )
                continue
            kind = pairing.get(unit) if isinstance(unit, str) else None
            if kind is not None:
                designs[kind.id] += 1
                if kind.nonunit is None and nonunit is not None:
                    ctx.add(
                        "DB001",
                        path + ("nonunit_class",),
                        f"a {unit} has no non-unit side, but card {card.id!r} is also {nonunit}",
                        "remove the non-unit side",
                    )
                elif kind.nonunit is not None and nonunit != kind.nonunit:
                    got = f"{nonunit}" if nonunit else "no non-unit side"
                    ctx.add(
                        "DB001",
                        path + (("nonunit_class",) if nonunit else ()),
                        f"a {unit} pairs with {kind.nonunit}, but card {card.id!r} has {got}",
                        f"make it {unit} / {kind.nonunit}, or change its unit class",
                    )
            for side in ("unit", "nonunit"):
                level = card.value(f"{side}_level")
                floor = p.min_unit_level if side == "unit" else 0
                if isinstance(level, int) and level < floor:
                    ctx.add(
                        "DB008",
                        path + (f"{side}_level",),
                        f"{'unit' if side == 'unit' else 'non-unit'} level {level} is below {floor}",
                        "levels never go below 0",
                    )
                if side == "unit" and isinstance(level, int) and level > p.die_faces + p.blessing_bonus:
                    ctx.add(
                        "DB019",
                        path + ("unit_level",),
                        f"level {level} needs a roll above {p.die_faces} + {p.blessing_bonus} (blessing)",
                        "no roll can ever play this unit",
                    )
                effect = card.value(f"{side}_effect")
                if isinstance(effect, EffectFill):
                    self._check_effect(ctx, effect, path + (f"{side}_effect",))
        for k, kind in enumerate(self.kinds):
            if designs[kind.id] != kind.designs:
                ctx.add(
                    "DB009",
                    ("kinds", k, "designs"),
                    f"{designs[kind.id]} {kind.id} designs among the cards, but the rules say {kind.designs}",
                    "add or remove card designs, or fix the count",
                )

    def _check_template_regions(
        self, ctx: CheckContext, card: TemplateCard, c: int, template: ResolvedTemplate
    ) -> None:
        wanted = dict(UNIT_REGIONS)
        if card.value("unit_class") != "token":
            wanted |= NONUNIT_REGIONS
        for name, kind in wanted.items():
            region = template.region(name)
            if region is None or region.kind != kind:
                where = ("cards", c, "template") if card.template else ("cards", c)
                problem = "has no" if region is None else f"has a {region.kind} region, not a {kind} region, as"
                ctx.add(
                    "DB021",
                    where,
                    f"template {template.id!r} {problem} {name!r}, which the rules read for card {card.id!r}",
                    f"add a {kind} region named {name!r} to the template",
                )

    def _check_effect(self, ctx: CheckContext, effect: EffectFill, path: tuple) -> None:
        if effect.tag not in SPELLS:
            shown = repr(effect.tag) if effect.tag else "no spell number"
            ctx.add(
                "DB002",
                path + (("tag",) if effect.tag else ()),
                f"{shown}: spell numbers are S1, S2 and S3",
                "S1 resolves before the battle, S2 during it, S3 after it",
            )
        if effect.kind not in EFFECT_KINDS:
            shown = repr(effect.kind) if effect.kind else "no kind"
            ctx.add(
                "DB017",
                path + (("kind",) if effect.kind else ()),
                f"{shown}: an effect is optional or forced",
                "use `kind: optional` or `kind: forced`",
            )

    def _check_deck(self, ctx: CheckContext, card_ids: set[str]) -> None:
        p = self.parameters
        index = self.main_deck_index()
        if index is None:
            ctx.add("DB003", ("decks",), "no deck draws from `cards`", "add a deck with `source: cards`")
            return
        deck = self.decks[index]
        designs = self.designs(deck)
        in_deck = {design.item.id for design in designs}
        for e, entry in enumerate(deck.cards):
            if entry.ref in card_ids and entry.count_known and entry.count != p.copies_per_design:
                ctx.add(
                    "DB003",
                    ("decks", index, "cards", e, "count"),
                    f"{entry.count} copies of {entry.ref!r}, but every design comes {p.copies_per_design} times",
                    "make the count match copies_per_design",
                )
        for c, card in enumerate(self.cards):
            if card.id not in in_deck:
                ctx.add(
                    "DB003",
                    ("cards", c, "id"),
                    f"card {card.id!r} is in no deck",
                    f"add `{{ref: {card.id}, count: {p.copies_per_design}}}` to deck {deck.id!r}",
                )
        total = sum(design.count for design in designs)
        if all(entry.count_known for entry in deck.cards) and total - p.set_aside != p.deck_size:
            ctx.add(
                "DB003",
                ("parameters", "deck_size"),
                f"{len(self.cards)} designs make {total} cards; {total} − {p.set_aside} set aside = {total - p.set_aside}, but deck_size is {p.deck_size}",
                "fix deck_size, set_aside or the card counts so they add up",
            )
        if self.set_aside_card not in card_ids:
            ctx.add(
                "PK305",
                ("set_aside_card",),
                f"no card named {self.set_aside_card!r}",
                "name the card taken out before shuffling",
            )
        else:
            have = sum(design.count for design in designs if design.item.id == self.set_aside_card)
            if p.set_aside != self.players.max:
                ctx.add(
                    "DB003",
                    ("parameters", "set_aside"),
                    f"{p.set_aside} set aside, but each of the {self.players.max} players takes one",
                    f"set set_aside to {self.players.max}",
                )
            if have < p.set_aside:
                ctx.add(
                    "DB003",
                    ("parameters", "set_aside"),
                    f"{p.set_aside} {self.set_aside_card!r} set aside, but the deck has only {have}",
                    "set aside no more copies than there are",
                )

    def _check_parameters(self, ctx: CheckContext) -> None:
        p = self.parameters
        check_hand_limit(ctx, ("parameters", "discard_to"), p.hand_limit, p.discard_to)
        if self.players.min != 2 or self.players.max != 2:
            ctx.add(
                "PK203",
                ("players",),
                "Dice Battle Monsters is a game for exactly 2 players",
                "set players to {min: 2, max: 2}",
            )

    def _check_tokens(self, ctx: CheckContext) -> None:
        p = self.parameters
        by_id = {t.id: (i, t) for i, t in enumerate(self.tokens)}
        for token_id in TOKENS:
            if token_id not in by_id:
                ctx.add("DB015", ("tokens",), f"no {token_id!r} token", f"the rules need {', '.join(TOKENS)}")
        if "treasure" in by_id:
            i, treasure = by_id["treasure"]
            if treasure.count != p.treasures:
                ctx.add(
                    "DB015",
                    ("tokens", i, "count"),
                    f"{treasure.count} treasure tokens, but the rules have {p.treasures} treasures",
                    "print one token per treasure",
                )
        for token_id in ("faith", "blessing"):
            if token_id in by_id:
                i, token = by_id[token_id]
                if token.count != self.players.max:
                    ctx.add(
                        "DB015",
                        ("tokens", i, "count"),
                        f"{token.count} {token_id} tokens, but each of the {self.players.max} players has one",
                        f"print {self.players.max}",
                    )
        most_without_winner = self.players.max * (p.treasures_to_win - 1) + 1
        if p.treasures < most_without_winner:
            ctx.add(
                "DB016",
                ("parameters", "treasures"),
                f"{p.treasures} treasures, but {self.players.max} players can hold {p.treasures_to_win - 1} each and still need one more",
                f"have at least {most_without_winner} treasures",
            )
        if p.treasures_to_win > p.treasures:
            ctx.add(
                "DB016",
                ("parameters", "treasures_to_win"),
                f"{p.treasures_to_win} treasures to win, but only {p.treasures} exist",
                "lower treasures_to_win",
            )

    def _check_zones(self, ctx: CheckContext) -> None:
        by_id = {z.id: (i, z) for i, z in enumerate(self.zones)}
        for z, zone in enumerate(self.zones):
            if zone.id not in ZONES:
                ctx.add(
                    "DB020",
                    ("zones", z, "id"),
                    f"the play mat has no place for zone {zone.id!r}",
                    f"zones are {', '.join(ZONES)}",
                )
        for zone_id in ZONES:
            if zone_id not in by_id:
                ctx.add(
                    "DB020",
                    ("zones",),
                    f"zone {zone_id!r} is missing",
                    "the rulebook's field has eight places; list each",
                )
        if "stock" in by_id:
            i, stock = by_id["stock"]
            if stock.slots != self.parameters.stock_slots:
                ctx.add(
                    "DB020",
                    ("zones", i, "slots"),
                    f"the stock zone shows {stock.slots} slots, but it holds at most {self.parameters.stock_slots} enchants",
                    "make slots match stock_slots",
                )
        tokens = {t.id: t for t in self.tokens}
        if "faith-blessing" in by_id and "faith" in tokens and "blessing" in tokens:
            i, zone = by_id["faith-blessing"]
            for lang in ctx.languages:
                label = zone.name.get(lang)
                for token_id in ("faith", "blessing"):
                    name = tokens[token_id].name.get(lang)
                    if name and name not in label:
                        ctx.add(
                            "DB006",
                            ("zones", i, "name", lang),
                            f"the zone for the {token_id} token is {label!r}, which does not name the token {name!r}",
                            f"write the token's name, {name!r}, as the token list does",
                        )

    # ------------------------------------------------------------ names in rule text

    def more_names(self, lang: str) -> list[str]:
        """Besides the kit's names: each part of a card title that names two spells ('火球・氷壁'), the card
        labels and the inline icons."""
        names: list[str] = []
        for card in self.cards:
            title = card.value("title")
            if isinstance(title, LocalText) and title.get(lang):
                names += [part.strip() for part in re.split(r"[・,]\s*", title.get(lang)) if part.strip()]
        names += [label.name.get(lang) for label in self.card_templates.labels.values()]
        return names + list(self.card_templates.icons)

    # ------------------------------------------------------------ the worked example

    def _check_example(self, ctx: CheckContext, card_ids: set[str]) -> None:
        example = self.example
        assert example is not None
        p = self.parameters
        ok = True
        by_id: dict[str, TemplateCard] = {}  # the first card of each id, as `card` finds it, without a search each
        for design in self.cards:
            by_id.setdefault(design.id, design)
        for side_name in ("first", "second"):
            side = getattr(example, side_name)
            for zone in ("main", "magic_circle", "stock"):
                for i, card_id in enumerate(getattr(side, zone)):
                    where = ("example", side_name, zone, i)
                    card = by_id.get(card_id)
                    if card is None:
                        ctx.add("PK305", where, f"no card named {card_id!r}", "name a card id")
                        ok = False
                        continue
                    want = {"main": None, "magic_circle": "magic", "stock": "enchant"}[zone]
                    if want is not None and card.value("nonunit_class") != want:
                        ctx.add(
                            "DB018",
                            where,
                            f"{card_id!r} is not a {want}, so it cannot be in the {zone.replace('_', ' ')}",
                            f"only {want} cards go there",
                        )
                        ok = False
            units = [by_id[c] for c in side.main if c in by_id]
            classes = {u.value("unit_class") for u in units}
            if len(units) > 1 and classes & {"human", "token"}:
                ctx.add(
                    "DB018",
                    ("example", side_name, "main"),
                    "a human or a token stands alone in the main zone",
                    "only monsters share the main zone",
                )
            if side.magic_circle and classes != {"human"}:
                ctx.add(
                    "DB018",
                    ("example", side_name, "magic_circle"),
                    "magic goes to the magic circle only when the unit is a human",
                    "put a human in the main zone",
                )
            cost = sum(_level(by_id.get(c), "unit") for c in side.main) + sum(
                _level(by_id.get(c), "nonunit") for c in side.magic_circle
            )
            if cost > p.die_faces + p.blessing_bonus:
                ctx.add(
                    "DB018",
                    ("example", side_name),
                    f"this needs a roll of {cost}, above {p.die_faces} + {p.blessing_bonus}",
                    "no roll can set this up",
                )
        if not ok:
            return
        order = [r.card_id for r in resolution_order(self, example)]
        if order != list(example.expected):
            ctx.add(
                "DB018",
                ("example", "expected"),
                f"the rules resolve the effects as {' → '.join(order)}, not {' → '.join(example.expected)}",
                "S1 before S2 before S3; within one, the higher level first; the first player on ties",
            )


@dataclass(frozen=True)
class Resolution:
    """One effect in the order it resolves."""

    card_id: str
    player: int  # 0 = first player, 1 = second
    zone: str
    side: str  # unit | nonunit
    spell: str
    level: int


def resolution_order(kit: DiceBattleKit, example: ResolutionExample) -> list[Resolution]:
    """S1 → S2 → S3; within a spell number the higher level first; the first player first on equal levels."""
    found: list[tuple[tuple, Resolution]] = []
    zones = ("main", "magic_circle", "stock")
    for player, side in enumerate((example.first, example.second)):
        for z, zone in enumerate(zones):
            for seq, card_id in enumerate(getattr(side, zone)):
                card = kit.card(card_id)
                if card is None:
                    continue
                face = "unit" if zone == "main" else "nonunit"
                effect = card.value(f"{face}_effect")
                if not isinstance(effect, EffectFill) or effect.tag not in SPELLS:
                    continue
                level = _level(card, face)
                entry = Resolution(card_id, player, zone, face, effect.tag, level)
                found.append(((SPELLS.index(effect.tag), -level, player, z, seq), entry))
    return [entry for _key, entry in sorted(found, key=lambda pair: pair[0])]


def _level(card: TemplateCard | None, side: str) -> int:
    value = card.value(f"{side}_level") if card is not None else None
    return value if isinstance(value, int) else 0


KIT_MODEL = DiceBattleKit
