"""`game: generic`: a kit made from YAML alone, for games pnpkit has no rule model for.

A generic kit prints every component it declares, and only components it can print:

- `card_templates:` (validator.components.templates, as Dice Battle Monsters uses them)
  and `decks:` whose cards fill a template's regions by name. A card's `title:` and
  `body:` are shorthand for filling the regions of those names; a deck without
  `template:` uses the built-in `plain` template (a title band and a body text,
  sized to the deck's cards), so the smallest deck is a list of titles;
- `sheets:`: player sheets made of regions (validator.components.sheets), every
  region written out inline, since a generic kit has no model to fill one from;
- `tokens:`: one token sheet of player tokens, per-player pieces of any shape and size, markers
  and a numbered track (validator.games.generic_tokens);
- `rules:`, `errata:` and `end_conditions:`: the rule summary; errata and end
  conditions that no section places are printed after the sections;
- `parameters:`: named numbers that rule and card text use as `{placeholders}`.

    decks:
      - id: tricks
        name: {ja: トリック, en: Tricks}
        template: suit-card
        back: {title: {ja: 月夜のトリック, en: Moonlit Tricks}}
        cards:
          - fill: {title: {ja: 三日月, en: Crescent}, rank: 1, suit: moon}
            count: 2

A deck's `cards:` may also name files that hold its cards, a table (`cards: cards.csv`,
`.xlsx`, `.ods`) or YAML, alone or several in a list mixed with cards written inline
(validator.cardfiles reads them before validation). `count: 0` switches a card off: it
is still checked but not printed (PK420, a warning). A card may have its own back:
a picture filling the card (`back: art/night.png`), or a second fill of a template
(`back: {template: level-back, fill: {level: 2}}`, the card's own template when none
is named), which is also how a double-faced card is written; cards with equal backs
share one drawing.

- `boards:`, `maps:`, `mats:` and `tracks:`: hex boards and square grids, node-and-link
  maps, play mats whose card spaces name their deck, and tracks (validator.games.generic_boards),
  each checked to hold what stands on it (PK414, PK415, PK416).

What a generic kit cannot print (a seed game's single `board:`, `map:` or `zones:`, cards
kept outside a deck) is a finding (PK406), never dropped without a word, and so is
anything that would need a rule model to fill it: a deck's or a sheet region's
`source:` (PK407). A card template no deck uses is a warning (PK410).
"""

from __future__ import annotations

import math
import re
from typing import Annotated, Any, Literal

from pydantic import Field, PrivateAttr, StringConstraints, model_validator

from ..checks import CheckContext, check_generated_sections, check_unique_ids, check_unique_names, repeated
from ..components.cards import Deck, Design
from ..components.kit import KitBase
from ..components.printing import card_fits
from ..components.sheets import Sheet, regions
from ..components.table import Need
from ..components.template_checks import TemplateCodes, check_cards, check_templates
from ..components.templates import (
    CardTemplate,
    FillValue,
    ResolvedTemplate,
    TemplateCard,
    TemplateSet,
    resolve_templates,
)
from ..findings import Severity
from ..images import ImageFill, check_resolution
from ..names import LOOKALIKES, check_lookalikes
from ..source import TableColumn
from ..types import Ident, LocalText, NonNegative, Open, RuleText, StrictModel, Unspecified
from .generic_boards import GenericBoard, GenericMap, GenericTrack, Mat, check_boards
from .generic_cards import BUILTIN_TEMPLATE, CardBackValue, CardSide, check_deck_backs, plain_template
from .generic_columns import check_columns
from .generic_tokens import GenericTokenSheet, check_tokens

E, W = Severity.ERROR, Severity.WARNING

CODES = {
    "PK401": (E, "card template extends itself"),
    "PK402": (E, "card template refers to a missing region"),
    "PK403": (E, "card does not fill a required region"),
    "PK404": (E, "card fills a region its template lacks"),
    "PK405": (W, "template region off the card or overlapping another"),
    "PK406": (E, "component the generic game cannot print"),
    "PK407": (E, "generic kits have no model lists to draw from"),
    "PK408": (E, "deck and template disagree on the card size"),
    "PK409": (E, "region filled twice on one card"),
    "PK410": (W, "card template used by no deck"),
    "PK411": (W, "art region printed as a labelled placeholder"),
    "PK412": (E, "sheet region too small for its cells or content"),
    "PK413": (E, "token sheet cannot be laid out"),
    "PK417": (W, "map falls apart into parts no link joins"),
    "PK418": (W, "two map links cross"),
    "PK420": (W, "card switched off with count 0"),
}

TEMPLATE_CODES = TemplateCodes(
    cycle="PK401", missing_region="PK402", unfilled="PK403", unknown_region="PK404", geometry="PK405"
)
SHEET_CODE = "PK412"

SHORTHAND = ("title", "body")
"""Card fields that fill the template region of the same name."""
GENERATED = ("errata", "end-conditions", "components")
"""The tables a rule-summary section may ask for with `generated:`."""

UNPRINTABLE: dict[str, tuple[str, str]] = {
    "board": ("a board written as `board:`, as a seed game writes it", "list it under `boards:` with an id and a name"),
    "map": ("a node-and-link map written as `map:`", "list it under `maps:` with an id and a name"),
    "zones": ("a play mat written as `zones:`", "write the mat under `mats:`, its zones in rows"),
    "cards": (
        "cards outside a deck",
        "write each card inside its deck: `decks: [{id, name, template, cards: [{fill: …}]}]`",
    ),
}
"""Top-level fields other games print that a generic kit cannot: each one is a PK406 finding."""

_LOOKALIKES = frozenset(LOOKALIKES)
_KANJI = re.compile("[\u4e00-\u9fff]")
_KATAKANA = re.compile("[\u30a0-\u30ff]")


def may_hold_lookalike(name: str) -> bool:
    """False when `check_lookalikes` cannot flag `name`: it holds no look-alike character, or
    does not mix kanji and katakana (a look-alike is flagged only among the other script).
    Titles of large decks skip the character-by-character check this way."""
    return not _LOOKALIKES.isdisjoint(name) and _KANJI.search(name) is not None and _KATAKANA.search(name) is not None


PlaceholderName = Annotated[str, StringConstraints(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$", max_length=40)]


# ---------------------------------------------------------------- the model


class GenericCard(StrictModel):
    """One card design: the value of each region of its template, by region name, and how many to print.

    `title:` and `body:` are shorthand for `fill: {title: …}` and `fill: {body: …}`.
    """

    id: Ident | None = Field(None, description="Names the card in messages and in the scene; optional.")
    template: Ident | None = Field(None, description="Defaults to the deck's template.")
    count: NonNegative | Open = Field(
        1,
        description="How many to print; 0 switches the card off (it is still checked); `unspecified` where the "
        "rulebook does not say (one is printed, and it is an open question).",
    )
    title: LocalText | None = None
    """The card's title: shorthand for filling the `title` region."""

    @property
    def copies(self) -> int:
        """How many copies print: `count`, or one while the rulebook leaves it open."""
        return 1 if isinstance(self.count, Unspecified) else self.count

    body: RuleText | None = None
    """The card's text: shorthand for filling the `body` region; numbers come from `{placeholders}`."""
    fill: dict[Ident, FillValue] = Field(
        default_factory=dict, description="Region name → value: text {ja, en}, a number, a label key or an effect."
    )
    back: CardBackValue | None = Field(
        None,
        description="The card's own back, in place of the deck's: a picture file filling the card (art/back.png), or a "
        "second fill of a template, {template, fill}, which is also how a double-faced card is written.",
    )


class GenericDeck(Deck):
    template: Ident = Field(
        BUILTIN_TEMPLATE, description="A template of `card_templates`, or 'plain' (a title and a body)."
    )
    cards: list[GenericCard] = Field(  # type: ignore[assignment]
        default_factory=list,
        description="The cards; or a file of cards (cards.csv, .xlsx, .ods, .yaml), or a list mixing cards and files.",
    )
    shuffled: bool = True
    """False for a deck that is never shuffled face down (aids, round cards): its cards may then have backs of
    their own; in a shuffled deck a card whose back differs can be picked out (PK432)."""


class GenericSheet(Sheet):
    per_player: bool = Field(
        False, description="The finished kit holds one per player (the kit book's checklist counts them)."
    )


EMPTY_TEMPLATES = TemplateSet.model_construct(labels={}, icons={}, templates=[])


class GenericKit(KitBase):
    game: Literal["generic"]
    """generic: a kit made from YAML alone, with no rule model of its own."""
    parameters: dict[PlaceholderName, int | float] = Field(
        default_factory=dict, description="Named numbers that text uses as {placeholders}."
    )
    card_templates: TemplateSet | None = None
    """The card templates, labels and inline icons the decks use."""
    decks: list[GenericDeck] = Field(default_factory=list)  # type: ignore[assignment]  # KitBase says list[Deck]
    """The card decks: each names its template and writes its cards, or names files that hold them."""
    sheets: list[GenericSheet] = Field(default_factory=list)
    """Player sheets: pages of regions filled in with a pencil."""
    tokens: GenericTokenSheet | None = None
    """One sheet of punch-out pieces: player tokens, per-player pieces, markers and a numbered track."""
    boards: list[GenericBoard] = Field(default_factory=list, max_length=20)
    """Hex boards and square grids, with terrains, labels and start cells."""
    maps: list[GenericMap] = Field(default_factory=list, max_length=20)
    """Node-and-link maps: nodes at map positions, the links between them, optional island art."""
    mats: list[Mat] = Field(default_factory=list, max_length=20)
    """Play mats: zones in rows, with card spaces sized from the deck whose cards go there."""
    tracks: list[GenericTrack] = Field(default_factory=list, max_length=20)
    """Tracks of spaces: around the edge, straight, spiral or along a path."""

    _unprintable: tuple[str, ...] = PrivateAttr(default=())

    @model_validator(mode="wrap")
    @classmethod
    def _set_aside_unprintable(cls, data: Any, handler: Any) -> GenericKit:
        """Components of other games are taken out before validation and reported by `check` (PK406)."""
        found: tuple[str, ...] = ()
        if isinstance(data, dict):
            found = tuple(key for key in UNPRINTABLE if key in data)
            if found:
                data = {key: value for key, value in data.items() if key not in UNPRINTABLE}
        kit = handler(data)
        kit._unprintable = found
        return kit

    # ------------------------------------------------------------ values

    def component_ids(self) -> dict[str, tuple[object, tuple]]:
        found = super().component_ids()
        found |= {sheet.id: (sheet, ("sheets", i)) for i, sheet in enumerate(self.sheets)}
        for field in ("boards", "maps", "mats", "tracks"):
            found |= {thing.id: (thing, (field, i)) for i, thing in enumerate(getattr(self, field))}
        return found | (self.tokens.marker_components(("tokens",)) if self.tokens else {})

    def implied_needs(self) -> list[Need]:
        """Sheets are filled in with a pencil, and mistakes rubbed out."""
        if not self.sheets:
            return []
        per: Literal["player", "shared"] = "player" if any(sheet.per_player for sheet in self.sheets) else "shared"
        return [Need(item="pencil", per=per), Need(item="eraser", per=per)]

    def placeholder_values(self) -> dict[str, Any]:
        """The players, the parameters, `{cards_<deck>}` for each deck's card count, and the inline icons."""
        values: dict[str, Any] = super().placeholder_values()
        for deck in self.decks:
            values[f"cards_{deck.id.replace('-', '_')}"] = sum(card.copies for card in deck.cards)
        values |= self.parameters
        # An inline icon `{moon}` stands for itself: the card layout draws it.
        values.update({name: "{" + name + "}" for name in self.templates.icons})
        return values

    @property
    def templates(self) -> TemplateSet:
        return self.card_templates or EMPTY_TEMPLATES

    def resolved_templates(self) -> dict[str, ResolvedTemplate]:
        """The kit's own templates with `extends` applied (broken ones left out: they are findings)."""
        return resolve_templates(self.card_templates)[0] if self.card_templates else {}

    def template_ids(self) -> set[str]:
        return {t.id for t in self.templates.templates}

    def has_builtin(self, template_id: str) -> bool:
        """True when `template_id` is the built-in `plain` (a kit's own template of that name wins)."""
        return template_id == BUILTIN_TEMPLATE and BUILTIN_TEMPLATE not in self.template_ids()

    def deck_size(self, d: int, resolved: dict[str, ResolvedTemplate]) -> tuple[float, float]:
        """The deck's card size: as written, or its template's when the deck gives none."""
        deck = self.decks[d]
        if "size" not in deck.model_fields_set and not self.has_builtin(deck.template):
            template = resolved.get(deck.template)
            if template is not None:
                return template.width, template.height
        return deck.size.width, deck.size.height

    def card_sizes(self) -> dict[str, tuple[float, float]]:
        """Each deck's card size by its id, as `deck_size` gives it: what a mat's or track's card spaces measure."""
        resolved = self.resolved_templates()
        return {deck.id: self.deck_size(d, resolved) for d, deck in enumerate(self.decks)}

    def template_for(self, template_id: str, d: int, resolved: dict[str, ResolvedTemplate]) -> ResolvedTemplate:
        """The template a card of deck `d` is drawn with (in a valid kit, every card's template resolves)."""
        if self.has_builtin(template_id):
            return plain_template(*self.deck_size(d, resolved), path=("decks", d, "template"))
        return resolved[template_id]

    def designs(self, d: int) -> list[Design[TemplateCard]]:
        """Deck `d`'s card entries as the printer sees them: each filled card with its count (cards switched
        off with `count: 0` are left out)."""
        return [
            Design(c, self.filled_card(d, c), card.copies) for c, card in enumerate(self.decks[d].cards) if card.copies
        ]

    def filled_card(self, d: int, c: int) -> TemplateCard:
        """Card `c` of deck `d` as its template sees it: shorthand merged into `fill`, the deck's template applied.

        Built unvalidated, as its parts already are; a card without an id is named by its
        place in the deck ('tricks #3') for messages and the scene.
        """
        deck = self.decks[d]
        card = deck.cards[c]
        return filled_side(card, card.id or f"{deck.id} #{c + 1}", card.template or deck.template)

    def filled_back(self, d: int, c: int) -> TemplateCard | None:
        """The own back of card `c` of deck `d` as its template sees it, or None when it has the deck's back."""
        deck = self.decks[d]
        card = deck.cards[c]
        if not isinstance(card.back, CardSide):
            return None
        template = card.back.template or card.template or deck.template
        return filled_side(card.back, f"{card.id or f'{deck.id} #{c + 1}'} (back)", template)

    def source_path(self, path: tuple) -> tuple:
        """Where a card value was written: `decks[0].cards[3].fill.title` is `decks[0].cards[3].title` when the
        card used the shorthand, and so on a card's own back (`decks[0].cards[3].back.fill.title`)."""
        if len(path) >= 6 and path[0] == "decks" and path[2] == "cards":
            at = 5 if path[4] == "back" else 4
            if len(path) > at + 1 and path[at] == "fill" and path[at + 1] in SHORTHAND:
                try:
                    card = self.decks[path[1]].cards[path[3]]
                except (IndexError, TypeError):
                    return path
                side = card.back if at == 5 else card
                name = path[at + 1]
                if (
                    isinstance(side, (CardSide, GenericCard))
                    and getattr(side, name) is not None
                    and name not in side.fill
                ):
                    return path[:at] + path[at + 1 :]
        return path

    # ------------------------------------------------------------ checks

    def check(self, ctx: CheckContext) -> None:
        for key in self._unprintable:
            what, hint = UNPRINTABLE[key]
            ctx.add("PK406", (key,), f"a generic kit cannot print {what}", hint, key=True)
        self._check_parameters(ctx)
        resolved = check_templates(ctx, self.card_templates, TEMPLATE_CODES) if self.card_templates else {}
        self._check_art(ctx)
        used = self._check_decks(ctx, resolved)
        check_deck_backs(ctx, self.decks)
        if all(
            deck.template in used for deck in self.decks if deck.cards
        ):  # else a misspelt template is reported, not its unused namesake
            self._check_unused_templates(ctx, resolved, used)
        self._check_sheets(ctx)
        self._check_tokens(ctx)
        check_boards(self, ctx)
        check_generated_sections(ctx, self, GENERATED)
        check_lookalikes(ctx, self._names())

    def _check_parameters(self, ctx: CheckContext) -> None:
        taken = set(KitBase.placeholder_values(self)) | {f"cards_{deck.id.replace('-', '_')}" for deck in self.decks}
        for name in self.parameters:
            if name in taken:
                ctx.add(
                    "PK304",
                    ("parameters", name),
                    f"{{{name}}} is already a placeholder of this kit (the players, or a deck's card count)",
                    "choose another name",
                    key=True,
                )
            if name in self.templates.icons:
                ctx.add(
                    "PK304",
                    ("parameters", name),
                    f"{{{name}}} is also an inline icon of the card templates",
                    "rename the parameter or the icon",
                    key=True,
                )

    def _check_art(self, ctx: CheckContext) -> None:
        for i, template in enumerate(self.templates.templates):
            for r, region in enumerate(template.regions):
                if region.kind == "art":
                    ctx.add(
                        "PK411",
                        ("card_templates", "templates", i, "regions", r),
                        f"template {template.id!r}: a generic kit prints art region {region.name!r} as a box labelled with each card's art key",
                        "fine for a prototype; for a picture use a `kind: image` region and give each card a PNG, JPEG or SVG file",
                    )

    def _check_decks(self, ctx: CheckContext, resolved: dict[str, ResolvedTemplate]) -> set[str]:
        """Decks have cards, name templates that exist and agree on their size; every card fills its template. Returns the template ids in use."""
        check_unique_ids(ctx, self.decks, ("decks",), "deck")
        known = self.template_ids()
        checking = (
            self.templates
            if BUILTIN_TEMPLATE in known
            else self.templates.model_copy(
                update={"templates": [*self.templates.templates, CardTemplate.model_construct(id=BUILTIN_TEMPLATE)]}
            )
        )
        card_ids: list[tuple[str, tuple]] = []  # card ids are unique across the decks: compared once, after
        used: set[str] = set()
        for d, deck in enumerate(self.decks):
            path = ("decks", d)
            ctx.compared.add(path + ("cards",))
            if deck.source is not None:
                ctx.add(
                    "PK407",
                    path + ("source",),
                    f"deck {deck.id!r} draws from {deck.source!r}, but a generic kit has no model lists",
                    "write the cards out under `cards:`, each with its `fill:`",
                )
            if not deck.cards:
                ctx.add(
                    "PK311", path, f"deck {deck.id!r} has no cards", "add `cards:`, each with a `title:` or a `fill:`"
                )
                continue
            if deck.template not in known and not self.has_builtin(deck.template):
                ctx.add(
                    "PK305",
                    path + ("template",),
                    f"no card template named {deck.template!r}",
                    f"use one of {', '.join(sorted(known | {BUILTIN_TEMPLATE}))}",
                )
                continue
            used.add(deck.template)
            size = self.deck_size(d, resolved)
            if not card_fits(*size, self.print.paper, self.print.bleed):
                where = path + ("size",) if "size" in deck.model_fields_set else path + ("template",)
                ctx.add(
                    "PK324",
                    where,
                    f"a {_mm(size)} card does not fit on {self.print.paper} paper inside the 5 mm margin",
                    "use a smaller card size or template",
                )
            own = resolved.get(deck.template)
            if own is not None and "size" in deck.model_fields_set and not _same_size(size, (own.width, own.height)):
                ctx.add(
                    "PK408",
                    path + ("size",),
                    f"deck {deck.id!r} is {_mm(size)}, but its template {own.id!r} draws {_mm((own.width, own.height))} cards",
                    "give the deck the template's size, or leave `size:` out",
                )
            deck_resolved = (
                resolved | {BUILTIN_TEMPLATE: plain_template(*size)} if BUILTIN_TEMPLATE not in known else resolved
            )
            plain_deck = deck.template == BUILTIN_TEMPLATE and BUILTIN_TEMPLATE not in known
            covered = check_columns(self, ctx, d, deck_resolved)
            views: list[TemplateCard] = []
            positions: list[int] = []
            titles: list[tuple[int, LocalText]] = []
            for c, card in enumerate(deck.cards):
                if (
                    card.id is not None
                    or card.template is not None
                    or card.fill
                    or card.title is None
                    or not plain_deck
                ):
                    view = self._check_card(
                        ctx, d, c, card, size, known, resolved, card_ids, used, covered.get(c, set())
                    )
                    views.append(view)
                    positions.append(c)
                    title = view.fill.get("title")
                else:  # a plain card with a title and perhaps a body, both typed by the schema: nothing more to check
                    title = card.title
                if isinstance(title, LocalText):
                    titles.append((c, title))
            check_cards(
                _Rerouted(ctx, self, d, positions),
                checking,
                deck_resolved,
                views,
                {},
                TEMPLATE_CODES,
                base=path + ("cards",),
                covered={v: covered[c] for v, c in enumerate(positions) if c in covered},
            )
            self._check_titles(ctx, d, titles)
            self._check_counts(ctx, d)
            self._check_backs(ctx, d, size, known, resolved, checking, deck_resolved, used)
        for group in repeated(card_ids):
            ctx.add(
                "PK304",
                group.places[1],
                f"card id {group.key!r} is used {group.times} ({group.where(ctx.source)})",
                "give each card its own id",
            )
        return used

    def _check_counts(self, ctx: CheckContext, d: int) -> None:
        """`count: 0` switches a card off, with a warning; a deck whose cards are all switched off prints nothing."""
        deck = self.decks[d]
        off = [c for c, card in enumerate(deck.cards) if card.copies == 0]
        for c in off:
            name = deck.cards[c].id or f"{deck.id} #{c + 1}"
            ctx.add(
                "PK420",
                ("decks", d, "cards", c, "count"),
                f"card {name!r} has count 0: it is switched off and not printed",
                "give it a count of 1 or more to print it, or remove the card",
            )
        if len(off) == len(deck.cards):
            ctx.add(
                "PK311",
                ("decks", d, "cards"),
                f"deck {deck.id!r} has no cards to print: every card has count 0",
                "give a card a count of 1 or more",
            )

    def _check_backs(
        self,
        ctx: CheckContext,
        d: int,
        size: tuple[float, float],
        known: set[str],
        resolved: dict[str, ResolvedTemplate],
        checking: TemplateSet,
        deck_resolved: dict[str, ResolvedTemplate],
        used: set[str],
    ) -> None:
        """A card's own back fills its template like a front does, and is the deck's size."""
        deck = self.decks[d]
        views: list[TemplateCard] = []
        positions: list[int] = []
        for c, card in enumerate(deck.cards):
            back = card.back
            if isinstance(back, ImageFill):  # a picture filling the card (and its bleed), cropped to cover it
                name = card.id or f"{deck.id} #{c + 1}"
                where = ("decks", d, "cards", c, "back")
                check_resolution(ctx, back, size[0], size[1], "cover", where, f"the back of card {name!r}")
                continue
            view = self.filled_back(d, c)
            if not isinstance(back, CardSide) or view is None:
                continue
            where = ("decks", d, "cards", c, "back")
            template_id = view.template or deck.template
            for name in SHORTHAND:
                if getattr(back, name) is not None and name in back.fill:
                    ctx.add(
                        "PK409",
                        where + ("fill", name),
                        f"the back of card {view.id.removesuffix(' (back)')!r} fills {name!r} twice: as `{name}:` and in `fill:`",
                        "keep one of the two",
                        key=True,
                    )
            if template_id not in known and not self.has_builtin(template_id):
                if back.template is not None:  # else the card's own template is unknown, and said so already
                    ctx.add(
                        "PK305",
                        where + ("template",),
                        f"no card template named {template_id!r}",
                        f"use one of {', '.join(sorted(known | {BUILTIN_TEMPLATE}))}",
                    )
                continue
            used.add(template_id)
            other = resolved.get(template_id)
            if other is not None and not _same_size(size, (other.width, other.height)):
                ctx.add(
                    "PK408",
                    where + ("template",) if back.template is not None else where,
                    f"template {other.id!r} draws {_mm((other.width, other.height))} cards, but deck {deck.id!r} is {_mm(size)}: a back is the size of its front",
                    "give the back a template of the deck's size",
                )
                continue
            views.append(view)
            positions.append(c)
        if views:
            check_cards(
                _Rerouted(ctx, self, d, positions, ("back",)),
                checking,
                deck_resolved,
                views,
                {},
                TEMPLATE_CODES,
                base=("decks", d, "cards"),
            )

    def _check_card(
        self,
        ctx: CheckContext,
        d: int,
        c: int,
        card: GenericCard,
        size: tuple[float, float],
        known: set[str],
        resolved: dict[str, ResolvedTemplate],
        card_ids: list[tuple[str, tuple]],
        used: set[str],
        covered: set[str],
    ) -> TemplateCard:
        where = ("decks", d, "cards", c)
        view = self.filled_card(d, c)
        if card.id is not None:
            card_ids.append((card.id, where + ("id",)))
        for name in SHORTHAND:
            if getattr(card, name) is not None and name in card.fill and name not in covered:
                ctx.add(
                    "PK409",
                    where + ("fill", name),
                    f"card {view.id!r} fills {name!r} twice: as `{name}:` and in `fill:`",
                    "keep one of the two",
                    key=True,
                )
        if card.template is not None and card.template in known:
            used.add(card.template)
            other = resolved.get(card.template)
            if other is not None and not _same_size(size, (other.width, other.height)):
                ctx.add(
                    "PK408",
                    where + ("template",),
                    f"template {other.id!r} draws {_mm((other.width, other.height))} cards, but deck {self.decks[d].id!r} is {_mm(size)}",
                    "use a template of the deck's size, or put the card in a deck of its own",
                )
        return view

    def _check_titles(self, ctx: CheckContext, d: int, titles: list[tuple[int, LocalText]]) -> None:
        """Look-alike characters in a card title are probably typos. (Titles may repeat: a generic
        deck often prints several designs under one name, told apart by their other regions.)"""
        for lang in ctx.languages:
            written = [(c, value) for c, title in titles if (value := title.text(lang))]
            if may_hold_lookalike("".join(value for _c, value in written)):  # none can when all of them together cannot
                check_lookalikes(
                    ctx, [(self._title_path(d, c, lang), value) for c, value in written if may_hold_lookalike(value)]
                )

    def _title_path(self, d: int, c: int, lang: str) -> tuple:
        return self.source_path(("decks", d, "cards", c, "fill", "title", lang))

    def _check_unused_templates(self, ctx: CheckContext, resolved: dict[str, ResolvedTemplate], used: set[str]) -> None:
        reached = set(used)
        for template_id in used:
            if template_id in resolved:
                reached.update(resolved[template_id].chain)
        for i, template in enumerate(self.templates.templates):
            if template.id not in reached and template.id in resolved:
                ctx.add(
                    "PK410",
                    ("card_templates", "templates", i, "id"),
                    f"no deck uses card template {template.id!r}, so it is not printed",
                    "name it in a deck's `template:` or a card's, or remove it",
                )

    def _check_sheets(self, ctx: CheckContext) -> None:
        check_unique_ids(ctx, self.sheets, ("sheets",), "sheet")
        check_unique_names(ctx, self.sheets, ("sheets",), "sheet")
        for s, sheet in enumerate(self.sheets):
            for region, path in regions(sheet.layout, ("sheets", s, "layout")):
                source = getattr(region, "source", None)
                if source is not None:
                    ctx.add(
                        "PK407",
                        path + ("source",),
                        f"this {region.kind} region is filled from {source!r}, but a generic kit has no model lists",
                        f"write the {region.kind} region's content out in the sheet",
                    )

    def _check_tokens(self, ctx: CheckContext) -> None:
        if self.tokens is not None:
            check_tokens(self.tokens, ctx)

    def _names(self) -> list[tuple[tuple, str]]:
        """Names that may hold look-alike characters (card titles are checked with their deck)."""
        named: list[tuple[tuple, Any]] = [(("decks", d), deck) for d, deck in enumerate(self.decks)]
        named += [(("sheets", s), sheet) for s, sheet in enumerate(self.sheets)]
        if self.tokens is not None:
            named += [(("tokens", "markers", m), marker) for m, marker in enumerate(self.tokens.markers)]
            named += [(("tokens", "pieces", p), piece) for p, piece in enumerate(self.tokens.pieces)]
        out = []
        for path, item in named:
            for lang, value in item.name.given():
                if value and may_hold_lookalike(value):
                    out.append((path + ("name", lang), value))
        return out


class _Rerouted(CheckContext):
    """A check context for `check_cards` on some of a deck's cards: a finding about the n-th card
    checked goes to that card's place in the deck, under the field the designer wrote
    (`title:` rather than `fill.title`). Its findings land in `ctx`'s list."""

    def __init__(self, ctx: CheckContext, kit: GenericKit, d: int, positions: list[int], side: tuple = ()):
        super().__init__(ctx.source, ctx.languages, ctx.findings)
        self.misnamed = ctx.misnamed  # one set for the kit, as the findings are one list
        self.kit = kit
        self.d = d
        self.positions = positions
        self.side = side  # ("back",) when the cards checked are the backs of the deck's cards

    def add(
        self, code: str, path: tuple, message: str, hint: str = "", *, key: bool = False, col_offset: int = 0
    ) -> None:
        super().add(code, self._written(path), message, hint, key=key, col_offset=col_offset)

    def columns_at(self, path: tuple) -> list[TableColumn]:
        return super().columns_at(self._written(path))

    def _written(self, path: tuple) -> tuple:
        if len(path) >= 4 and path[:3] == ("decks", self.d, "cards") and isinstance(path[3], int):
            path = path[:3] + (self.positions[path[3]],) + self.side + path[4:]
        return self.kit.source_path(path)


def filled_side(side: GenericCard | CardSide, card_id: str, template: str) -> TemplateCard:
    """A card or a card's back as its template sees it: `title:` and `body:` merged into `fill`."""
    fill = side.fill
    if side.title is not None or side.body is not None:
        fill = dict(fill)
        if side.title is not None:
            fill.setdefault("title", side.title)
        if side.body is not None:
            fill.setdefault("body", side.body)
    return TemplateCard.model_construct(id=card_id, template=template, fill=fill)


def _same_size(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return math.isclose(a[0], b[0], abs_tol=0.01) and math.isclose(a[1], b[1], abs_tol=0.01)


def _mm(size: tuple[float, float]) -> str:
    return f"{size[0]:g} × {size[1]:g} mm"


KIT_MODEL = GenericKit
