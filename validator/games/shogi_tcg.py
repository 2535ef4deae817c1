"""Shogi + TCG: pieces fight over a map of numbered nodes while cards support them.

The rule model holds the numbers the rulebook states (life, hand limit, the
opening draft, relic kinds, the two-dice placement) and the sample card set,
and checks that they agree: every node can be rolled, every roll finds a node,
the map is one piece, every coloured cost has mana to pay it, and so on.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Literal, get_args

from pydantic import Field

from ..checks import check_decks, check_unique_ids, check_unique_names
from ..components.cards import Deck, Design, deck_designs
from ..components.graphmap import GraphCodes, GraphMap, check_graph
from ..components.kit import KitBase
from ..components.table import Need
from ..components.tokens import TokenSheet
from ..findings import Severity
from ..names import check_lookalikes, item_names
from ..types import Colour, Count, Ident, LocalText, NonNegative, Open, RuleText, StrictModel

if TYPE_CHECKING:
    from ..checks import CheckContext

E, W = Severity.ERROR, Severity.WARNING

CODES = {
    "SG001": (E, "node id cannot be rolled"),
    "SG002": (E, "a roll finds no node and no reroll rule covers it"),
    "SG003": (E, "map is not connected"),
    "SG004": (E, "link to a node that is not on the map"),
    "SG005": (E, "duplicate link"),
    "SG006": (E, "link joins a node to itself"),
    "SG007": (E, "wrong number of relic kinds"),
    "SG008": (E, "cost colour has no source in the mana deck"),
    "SG009": (E, "unknown colour in a cost"),
    "SG010": (E, "hand limit and discard target disagree"),
    "SG011": (E, "deck template does not fit its source list"),
    "SG012": (E, "cards shuffled together have different backs or sizes"),
    "SG013": (E, "wrong number of mana colours"),
    "SG014": (E, "opening draft does not add up"),
    "SG015": (E, "more relic kinds needed to win than exist"),
    "SG016": (W, "links cross on the map"),
    "SG017": (E, "colour cards do not show each colour once"),
    "SG018": (E, "a deck the rules need is missing"),
    "SG019": (W, "activated abilities have no limit per turn"),
    "SG020": (E, "main deck too small for the opening draft"),
    "SG021": (W, "a placement roll can name an occupied node and no rule covers it"),
    "SG022": (W, "a piece does not fit on a node with room to spare"),
}

PIECE_ROOM = 2.0
"""Millimetres a node must be wider than a piece (token diameter), so the node's rim shows round it."""

COLOURLESS = "colourless"
"""The cost key for mana of no colour (無色)."""

MAP_CODES = GraphCodes(
    missing_node="SG004", self_link="SG006", duplicate_link="SG005", disconnected="SG003", crossing="SG016"
)

Template = Literal["creature", "spell", "building", "relic", "mana", "colour"]
"""The six card layouts of this kit; the schema offers them for completion."""

Pile = Literal["main", "creature", "mana", "colour"]
"""The physical decks: 山札, クリーチャー山札, マナ山札, and the face-up colour cards."""

PILES: tuple[Pile, ...] = get_args(Pile)
"""Every pile the rules need, in the order the card sheets print them."""

TEMPLATE_SOURCES: dict[Template, str] = {
    "creature": "creatures",
    "spell": "spells",
    "building": "buildings",
    "relic": "relics",
    "mana": "colours",
    "colour": "colours",
}
"""Each card template draws its cards from one model list."""

TEMPLATE_PILES: dict[Template, Pile] = {
    "spell": "main",
    "building": "main",
    "relic": "main",
    "creature": "creature",
    "mana": "mana",
    "colour": "colour",
}
"""The pile each template's cards are shuffled into."""

Cost = dict[str, Count]

CardIcon = Literal[
    "flame-wall",
    "blazing-swords",
    "fog",
    "gale",
    "fountain",
    "sprout",
    "evil-eye",
    "radiant-shield",
    "fortress",
    "tent",
    "market-stall",
    "mage-tower",
    "salamander",
    "dragon",
    "sprite",
    "wave-trident",
    "treant",
    "stag",
    "assassin",
    "skull",
    "helm",
    "pegasus",
    "golem",
    "spyglass",
]
"""The card art a spell, building or creature can name (generator/icons/shogi.py draws each)."""


class Parameters(StrictModel):
    life: Count = Field(description="Starting life (ライフの初期値).")
    hand_limit: Count
    """The most cards a player may hold (手札の上限)."""
    discard_to: NonNegative = Field(description="Cards left after discarding for going over the hand limit.")
    draws_per_turn: Count
    """Cards a player draws at the start of a turn."""
    opening_hand: Count
    """Cards each player starts with."""
    draft_pack: Count = Field(description="Cards each player takes from the deck for each draft pick.")
    draft_picks: Count
    """Rounds of the opening draft."""
    mana_colours: Count
    """How many colours of mana there are."""
    relic_kinds: Count
    """How many kinds of relic there are."""
    relics_to_win: Count
    """Kinds of relic a player needs in hand to win."""
    reveal_extra: NonNegative = Field(description="Mana and creature cards revealed: players + this many.")
    player_attack: NonNegative | Open
    """The attack of a player piece; `unspecified` where the rulebook gives none (an open question)."""
    player_movement: NonNegative | Open
    """How far a player piece moves, in hops; `unspecified` where the rulebook gives none (an open question)."""
    activations_per_turn: Count | None = Field(
        None, description="How often one 起動 ability may be used in a turn; none means any number (as written)."
    )
    markers_per_player: Count = 8
    """Markers printed for each player."""
    colourless_paid_with: Literal["any", "colourless"] = Field(
        "any", description="'any': a 無色 pip takes mana of any colour; 'colourless': it needs colourless mana cards."
    )


class ManaColour(StrictModel):
    id: Ident
    """The colour's id, as costs name it."""
    name: LocalText
    """The colour's name, e.g. {ja: 赤, en: Red}."""
    colour: Colour
    """The colour printed on its cards."""
    symbol: Literal["flame", "drop", "leaf", "moon", "sun"]
    """The colour's symbol: flame, drop, leaf, moon or sun."""
    trait: RuleText = Field(description="What a player whose colour this is gains (the colour card).")
    amount: int | None = None
    """A number its text names as `{amount}`."""


class Colourless(StrictModel):
    name: LocalText
    """The name of colourless mana (無色)."""
    colour: Colour = "#8f8b80"
    """The colour colourless mana is printed in."""


class Placement(StrictModel):
    """Two dice read as tens and units name a node."""

    dice: Literal[2] = 2
    """How many dice are rolled: 2, read as tens and units."""
    faces: int = Field(6, ge=2, le=9)
    """Faces of each die."""
    order: Literal["free", "fixed"] = Field(
        description="'free': the roller decides which die is the tens digit (as written); 'fixed': the first die is."
    )
    reroll_when: list[Literal["missing", "occupied"]] = Field(
        default_factory=list, description="When a roll is void and rolled again."
    )


class Creature(StrictModel):
    id: Ident
    """The creature's id."""
    name: LocalText
    """The creature's name."""
    cost: Cost
    """Mana to summon it: colour id → pips, e.g. {red: 1, colourless: 1}."""
    attack: NonNegative
    """Its attack."""
    movement: NonNegative
    """How far it moves, in hops."""
    text: RuleText | None = Field(None, description="What the creature does, if anything.")
    lore: LocalText | None = Field(None, description="Flavour only; printed in grey.")
    amount: int | None = None
    """A number its text names as `{amount}`."""
    icon: CardIcon | None = Field(None, description="The card's art (see CardIcon); none draws the plain shogi piece.")


class Ability(StrictModel):
    kind: Literal["sustain", "activate"] = Field(
        description="'sustain' (維持): once a turn, lasts until your next turn; 'activate' (起動): this turn only."
    )
    cost: Cost
    """Mana to use the ability: colour id → pips."""


class Spell(StrictModel):
    id: Ident
    """The spell's id."""
    name: LocalText
    """The spell's name."""
    cost: Cost = Field(description="The cost to reveal the spell (公開のためのコスト).")
    ability: Ability | None = None
    """Its sustain or activate ability, if any."""
    text: RuleText
    """What the spell does."""
    amount: int | None = None
    """A number its text names as `{amount}`."""
    icon: CardIcon | None = Field(None, description="The card's art (see CardIcon); none draws the plain sparkle.")


class Building(StrictModel):
    id: Ident
    """The building's id."""
    name: LocalText
    """The building's name."""
    cost: Cost
    """Mana to build it: colour id → pips."""
    attack: NonNegative
    """Its attack."""
    movement: NonNegative
    """How far it moves, in hops."""
    text: RuleText
    """What the building does."""
    amount: int | None = None
    """A number its text names as `{amount}`."""
    icon: CardIcon | None = Field(None, description="The card's art (see CardIcon); none draws the plain tower.")


class Relic(StrictModel):
    id: Ident
    """The relic's id."""
    name: LocalText
    """The relic's name."""
    cost: Cost = Field(description="Paid when the relic is drawn.")
    icon: Literal["crown", "chalice", "sword", "mirror", "magatama"]
    """The relic's icon: crown, chalice, sword, mirror or magatama."""
    lore: LocalText | None = None
    """Flavour only; printed in grey."""


CardItem = Creature | Spell | Building | Relic | ManaColour
"""What a card shows: an item of the list its deck's template draws from."""


class ShogiDeck(Deck):
    template: Template = Field(
        description="The card layout; it fixes the model list the cards come from and the pile they join."
    )


class ShogiTcgKit(KitBase):
    game: Literal["shogi-tcg"]
    """shogi-tcg: this kit follows the Shogi + TCG rule model."""
    parameters: Parameters
    """The numbers the rulebook states; rule text names them as `{placeholders}`."""
    colours: list[ManaColour] = Field(min_length=1)
    """The colours of mana; each also has a colour card with its trait."""
    colourless: Colourless
    """Mana of no colour (無色)."""
    placement: Placement
    """How a dice roll names a node of the map."""
    map: GraphMap
    """The map: numbered nodes joined by links."""
    creatures: list[Creature] = Field(min_length=1)
    """The creature cards."""
    spells: list[Spell] = Field(default_factory=list)
    """The spell cards."""
    buildings: list[Building] = Field(default_factory=list)
    """The building cards."""
    relics: list[Relic] = Field(default_factory=list)
    """The relic cards."""
    tokens: TokenSheet
    """The token sheet: player pieces, markers and the life track."""
    decks: list[ShogiDeck] = Field(default_factory=list)  # type: ignore[assignment]  # narrows KitBase.decks
    """The decks: each template draws its cards from its model list and joins a pile."""

    # ------------------------------------------------------------ derived values

    def implied_needs(self) -> list[Need]:
        """A player's start node is rolled on the placement dice."""
        return [Need(item="dice", count=self.placement.dice, sides=self.placement.faces)]

    def component_ids(self) -> dict[str, tuple[object, tuple]]:
        return super().component_ids() | self.tokens.marker_components(("tokens",))

    def placeholder_values(self) -> dict[str, int | float]:
        values = super().placeholder_values()
        values |= {
            k: v for k, v in self.parameters.model_dump().items() if isinstance(v, int) and not isinstance(v, bool)
        }
        numbers = [n.id for n in self.map.nodes if isinstance(n.id, int)]
        values["nodes"] = len(self.map.nodes)
        if numbers:
            values["first_node"], values["last_node"] = min(numbers), max(numbers)
        values["faces"] = self.placement.faces
        values["dice"] = self.placement.dice
        values["last_pick"] = self.parameters.reveal_extra + 1
        values["hop"] = 1
        return values

    def model_lists(self) -> dict[str, set[str]]:
        return {
            "creatures": {c.id for c in self.creatures},
            "spells": {s.id for s in self.spells},
            "buildings": {b.id for b in self.buildings},
            "relics": {r.id for r in self.relics},
            "colours": {c.id for c in self.colours},
        }

    def costs(self) -> list[tuple[tuple, Cost]]:
        """Every cost in the kit with the path of its mapping."""
        found: list[tuple[tuple, Cost]] = []
        for name in ("creatures", "spells", "buildings", "relics"):
            for i, card in enumerate(getattr(self, name)):
                found.append(((name, i, "cost"), card.cost))
                ability = getattr(card, "ability", None)
                if ability is not None:
                    found.append(((name, i, "ability", "cost"), ability.cost))
        return found

    def designs(self, deck: ShogiDeck) -> list[Design[CardItem]]:
        """A deck's card designs, drawn from the list its template fixes (SG011 holds `source:` to it)."""
        items: list[CardItem] = getattr(self, TEMPLATE_SOURCES[deck.template])
        return deck_designs(deck, items)

    def pile_decks(self, pile: Pile) -> list[tuple[int, ShogiDeck]]:
        """The decks shuffled into one pile with their place in `decks`; the first one's back and size stand for the pile."""
        return [(d, deck) for d, deck in enumerate(self.decks) if TEMPLATE_PILES[deck.template] == pile]

    def copies(self, *templates: Template) -> Counter[str]:
        """Cards per model id in the decks of these templates, counted from the same designs the sheets print."""
        counts: Counter[str] = Counter()
        for deck in self.decks:
            if deck.template in templates:
                for design in self.designs(deck):
                    counts[design.item.id] += design.count
        return counts

    def unplaceable_rolls(self) -> list[tuple[int, int]]:
        """Dice results (low die first) that name no node on the map."""
        ids = {n.id for n in self.map.nodes}
        faces = range(1, self.placement.faces + 1)
        out = []
        for a in faces:
            for b in faces:
                if self.placement.order == "free" and b < a:
                    continue
                names = {10 * a + b, 10 * b + a} if self.placement.order == "free" else {10 * a + b}
                if not names & ids:
                    out.append((a, b))
        return out

    # ------------------------------------------------------------ checks

    def check(self, ctx: CheckContext) -> None:
        for name in ("colours", "creatures", "spells", "buildings", "relics"):
            items = getattr(self, name)
            check_unique_ids(ctx, items, (name,), name[:-1])
            check_unique_names(ctx, items, (name,), name[:-1])
        check_lookalikes(ctx, item_names(self, ("colours", "creatures", "spells", "buildings", "relics")))
        check_decks(ctx, self, self.model_lists())
        self._check_decks(ctx)
        self._check_numbers(ctx)
        self._check_costs(ctx)
        self._check_map(ctx)
        self._check_pieces(ctx)

    def _check_pieces(self, ctx: CheckContext) -> None:
        """A piece stands on a node: the token diameter (the player piece's height too) must leave room."""
        piece, node = self.tokens.diameter, self.map.node_size
        if piece + PIECE_ROOM > node:
            ctx.add(
                "SG022",
                ("tokens", "diameter"),
                f"pieces are {piece:g} mm across but a node is {node:g} mm: a piece needs a node at least "
                f"{PIECE_ROOM:g} mm wider, so the node's rim shows round the piece",
                f"set tokens.diameter to {node - PIECE_ROOM:g}mm or less, or map.node_size to {piece + PIECE_ROOM:g}mm or more",
            )

    def _check_decks(self, ctx: CheckContext) -> None:
        for d, deck in enumerate(self.decks):
            wanted = TEMPLATE_SOURCES[deck.template]
            if (deck.source or wanted) != wanted:
                ctx.add(
                    "SG011",
                    ("decks", d, "source"),
                    f"template {deck.template!r} draws {wanted}, not {deck.source}",
                    f"set `source: {wanted}`",
                )
        for pile in PILES:
            decks = self.pile_decks(pile)
            if not decks:
                templates = ", ".join(t for t, p in TEMPLATE_PILES.items() if p == pile)
                ctx.add(
                    "SG018",
                    ("decks",),
                    f"no deck for the {pile} pile",
                    f"add a deck with template {templates}",
                    key=True,
                )
                continue
            _, first = decks[0]
            for d, deck in decks[1:]:
                if first.back != deck.back:
                    ctx.add(
                        "SG012",
                        ("decks", d, "back"),
                        f"deck {deck.id!r} is shuffled into the {pile} deck with {first.id!r} but has another back",
                        f"give it the same back as {first.id!r} (a YAML anchor keeps them equal)",
                    )
                if first.size != deck.size:
                    ctx.add(
                        "SG012",
                        ("decks", d, "size"),
                        f"deck {deck.id!r} is shuffled into the {pile} deck with {first.id!r} but has another size",
                        f"use the size of {first.id!r}",
                    )
        self._check_colour_cards(ctx)

    def _check_colour_cards(self, ctx: CheckContext) -> None:
        decks = self.pile_decks("colour")
        if not decks:
            return
        colour_cards = self.copies("colour")
        for colour in self.colours:
            if colour_cards[colour.id] != 1:
                ctx.add(
                    "SG017",
                    ("decks", decks[0][0]),
                    f"{colour_cards[colour.id]} colour cards for {colour.id}",
                    "print one colour card per colour",
                )

    def _check_numbers(self, ctx: CheckContext) -> None:
        p = self.parameters
        if p.discard_to != p.hand_limit:
            ctx.add(
                "SG010",
                ("parameters", "discard_to"),
                f"players discard down to {p.discard_to} cards, but the hand limit is {p.hand_limit}",
                "the rulebook discards down to the limit itself; make them equal",
            )
        if len(self.relics) != p.relic_kinds:
            ctx.add(
                "SG007",
                ("relics",),
                f"{len(self.relics)} relic kinds, but the rules have {p.relic_kinds}",
                "the rulebook names exactly 5 kinds of relic",
                key=True,
            )
        if p.relics_to_win > p.relic_kinds:
            ctx.add(
                "SG015",
                ("parameters", "relics_to_win"),
                f"a player needs {p.relics_to_win} relic kinds to win, but there are only {p.relic_kinds}",
            )
        if len(self.colours) != p.mana_colours:
            ctx.add(
                "SG013",
                ("colours",),
                f"{len(self.colours)} mana colours, but the rules have {p.mana_colours}",
                "赤 青 緑 黒 白",
                key=True,
            )
        if p.opening_hand != p.draft_picks:
            ctx.add(
                "SG014",
                ("parameters", "opening_hand"),
                f"the draft gives {p.draft_picks} cards, but the opening hand is {p.opening_hand}",
                "each pick is one card of the opening hand",
            )
        if p.draft_picks > p.draft_pack:
            ctx.add(
                "SG014",
                ("parameters", "draft_picks"),
                f"{p.draft_picks} picks from packs of {p.draft_pack} cards",
                "a pack must hold at least one card per pick",
            )
        if p.opening_hand > p.hand_limit:
            ctx.add(
                "SG014",
                ("parameters", "opening_hand"),
                f"the opening hand ({p.opening_hand}) is over the hand limit ({p.hand_limit})",
            )
        main = sum(self.copies("spell", "building").values())
        need = self.players.max * p.draft_pack
        if main < need:
            ctx.add(
                "SG020",
                ("decks",),
                f"the draft deals {need} cards to {self.players.max} players, but the deck holds {main} spells and buildings",
                "add cards or lower draft_pack",
                key=True,
            )
        if p.activations_per_turn is None and any(s.ability and s.ability.kind == "activate" for s in self.spells):
            ctx.add(
                "SG019",
                ("parameters",),
                "起動 abilities may be used any number of times in a turn; the rulebook itself calls this too strong (要修正)",
                "set parameters.activations_per_turn",
                key=True,
            )

    def _check_costs(self, ctx: CheckContext) -> None:
        known = {c.id for c in self.colours}
        sources = {ref for ref, n in self.copies("mana").items() if n > 0}
        need_source = known | ({COLOURLESS} if self.parameters.colourless_paid_with == "colourless" else set())
        first_use: dict[str, tuple] = {}
        users: dict[str, list[str]] = {}
        for path, cost in self.costs():
            card_id = getattr(self, path[0])[path[1]].id
            for key in cost:
                if key != COLOURLESS and key not in known:
                    ctx.add(
                        "SG009",
                        path + (key,),
                        f"{card_id}: unknown colour {key!r} in a cost",
                        f"use one of {', '.join([*sorted(known), COLOURLESS])}",
                        key=True,
                    )
                    continue
                if key in need_source and key not in sources:
                    first_use.setdefault(key, path + (key,))
                    users.setdefault(key, [])
                    if card_id not in users[key]:
                        users[key].append(card_id)
        for key, path in first_use.items():
            who = ", ".join(users[key][:4]) + (f" and {len(users[key]) - 4} more" if len(users[key]) > 4 else "")
            hint = "add mana cards of this colour to the mana deck"
            if key == COLOURLESS:
                hint = "the mana deck holds coloured mana only; set parameters.colourless_paid_with: any"
            ctx.add("SG008", path, f"costs use {key} ({who}), but the mana deck has no {key} mana", hint, key=True)

    def _check_map(self, ctx: CheckContext) -> None:
        check_graph(ctx, self.map, ("map",), MAP_CODES)
        faces = self.placement.faces
        digits = "".join(str(d) for d in range(1, faces + 1))
        for i, node in enumerate(self.map.nodes):
            text = str(node.id)
            if not (isinstance(node.id, int) and len(text) == 2 and all(ch in digits for ch in text)):
                ctx.add(
                    "SG001",
                    ("map", "nodes", i, "id"),
                    f"node {node.id} cannot be rolled: two dice read as tens and units give 11–{faces}{faces} with digits 1–{faces}",
                    "renumber the node",
                )
        if "missing" not in self.placement.reroll_when:
            for a, b in self.unplaceable_rolls():
                if a != b and self.placement.order == "free":
                    message = f"a roll of {a} and {b} finds no node (neither {a}{b} nor {b}{a} is on the map)"
                else:
                    message = f"a roll of {a} and {b} finds no node ({a}{b} is not on the map)"
                ctx.add(
                    "SG002",
                    ("placement", "order"),
                    message,
                    "add a node for it, or add `missing` to placement.reroll_when",
                )
        if "occupied" not in self.placement.reroll_when and self.players.min >= 2:
            ctx.add(
                "SG021",
                ("placement", "reroll_when"),
                "two dice can name a node where a piece already stands (another player at setup, any piece when a defeated player is moved), and nothing says what happens then",
                "add `occupied` to placement.reroll_when, or say in the rules where the player goes",
            )


KIT_MODEL = ShogiTcgKit
