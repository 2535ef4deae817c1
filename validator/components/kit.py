"""What every kit has, whatever the game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, ClassVar

from pydantic import Field, PrivateAttr, StringConstraints, model_validator

from ..types import Count, Edition, Ident, KitFile, LanguageTag, LocalText, StrictModel
from .cards import Deck
from .play import GlossaryEntry, Play, State
from .printing import PrintSettings
from .rules import EndCondition, Erratum, RuleSummary
from .table import Need

if TYPE_CHECKING:
    from ..checks import CheckContext


class Players(StrictModel):
    min: Count
    """The fewest players the game is for."""
    max: Count
    """The most players the game is for."""

    @model_validator(mode="after")
    def _ordered(self) -> Players:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is larger than max ({self.max})")
        return self


BUILTIN_FONT_FAMILIES = ("biz-udpgothic", "ipaexgothic", "noto-sans", "wenquanyi-microhei")
"""The families pnpkit ships (generator/assets/fonts/): BIZ UDPGothic (regular and bold) is the default for Japanese
and English, Noto Sans for the other Latin, Greek and Cyrillic languages, WenQuanYi Micro Hei for Chinese and
Korean (generator.typeset.fonts.script_family)."""

FontFile = Annotated[
    str,
    StringConstraints(min_length=1, max_length=255),
    Field(description="A TrueType font file (.ttf) inside the kit directory, e.g. 'fonts/Serif-Bold.ttf'."),
]
"""Checked when the kit is laid out: inside the kit, present, and a TrueType font pnpkit can embed."""


class FontFamily(StrictModel):
    """A font family the kit brings: TrueType files inside the kit directory.

    Text the family sets bold uses `bold` (simulated by stroking the outlines when
    there is none); italic text uses `italic`, or the regular face slanted.
    """

    regular: FontFile
    """The regular face: a .ttf file in the kit, e.g. 'fonts/Serif-Regular.ttf'."""
    bold: FontFile | None = None
    """The bold face; without it, bold text is the regular face stroked thicker."""
    italic: FontFile | None = None
    """The italic face; without it, italic text is the regular face slanted."""
    bold_italic: FontFile | None = None
    """The bold italic face; without it, bold italic is made from the faces given."""
    licence: FontFile | None = Field(None, description="The font's licence, copied beside the fonts SVGs link to.")


class Fonts(StrictModel):
    """Which font families the kit prints with."""

    families: dict[Ident, FontFamily] = Field(
        default_factory=dict, max_length=8, description="The kit's own families, by the key regions name them with."
    )
    default: Ident | None = Field(
        None, description="The family text uses unless told otherwise: a key of `families` or a built-in family."
    )
    languages: dict[LanguageTag, Ident] = Field(default_factory=dict, description="A default family per language.")

    def family_for(self, lang: str) -> str | None:
        """The family key the kit names for text in `lang` (per language, else its default); None when it names
        none, and the language's script decides (generator.typeset.fonts.script_family)."""
        return self.languages.get(lang) or self.default


class Ignore(StrictModel):
    """One finding silenced at one place, with the reason: `{code: PK333, id: hedge-fund, why: "a line of dialogue"}`.

    Name the place with `id`, `path`, `text` or `at` (FILE:LINE), or several (then all must match). `id`, a
    `path` with ids and `text` survive editing; `at` and a `path` with list positions move when cards do. A silenced finding is not
    printed and fails nothing, but `pnpkit validate` counts it, and JSON and SARIF output keep it, marked
    suppressed, with its reason. An entry that silences nothing is PK330; one without a reason, with a place
    pnpkit cannot read, or for a code that may not be silenced (the PK1xx reading and PK2xx schema errors, and
    the few others that mean the kit cannot be printed: `pnpkit codes CODE` says) is PK331.
    """

    code: str
    """The finding's code, e.g. PK333."""
    at: str | None = None
    """Where the finding is, relative to the kit directory: FILE:LINE or FILE:LINE:COL, e.g. 'rules.yaml:12'; in a
    table, FILE:ROW or the cell as findings name it, e.g. 'cards.csv:5:count'."""
    path: str | None = None
    """The finding's field path, as findings print it ('rules.sections[2].steps[0]'), or with ids in place of list
    positions ('decks.corp.cards.hedge-fund.flavour'), which stays right when cards are added, removed or sorted.
    It also silences the fields below it (both languages of a text)."""
    id: Annotated[str, StringConstraints(min_length=1, max_length=64)] | None = None
    """The id of the card, deck or other listed thing the finding is about, or is inside: 'hedge-fund'."""
    text: Annotated[str, StringConstraints(min_length=1, max_length=200)] | None = None
    """Words the finding's message quotes, e.g. '問題は解決した': the entry follows the text wherever it moves."""
    why: str | None = None
    """Required: why the finding is wrong here, or accepted. Kept with the silenced finding in JSON and SARIF."""


MAX_EDITIONS = 100
"""The most editions one kit may list: each is laid out whole."""

MAX_CARDS = 10_000
"""The most cards one kit may print, all decks together: about 1,100 sheets of poker cards."""


class KitBase(StrictModel):
    if TYPE_CHECKING:
        game: str  # every rule model sets its own `Literal` tag; declared here for the type checker only

    id: Ident
    """The kit's id: lower-case letters, digits, '-' and '_'. Output files are named after it. Only kit.yaml may hold
    it."""
    title: LocalText
    """The game's title, in each language the kit ships: {ja: ..., en: ...}."""
    subtitle: LocalText | None = None
    """A line under the title on the kit book's cover."""
    author: LocalText | str = Field(
        "pnpkit", description="Credits: plain text, or {ja: ..., en: ...} when they read differently."
    )
    version: str = "1.0"
    """The edition of the kit, printed in the kit book, e.g. '1.0' (write it in quotes)."""
    players: Players
    """How many can play: {min: 2, max: 4}."""
    languages: list[Edition] = Field(min_length=1, max_length=MAX_EDITIONS)
    """The editions the kit ships, by language tag, e.g. [ja, en, de]. A text an edition has no translation of
    prints in its fallback language: name it as [ja, en, {de: {fallback: en}}]; without one, 'en' where the kit
    ships it, else the kit's first language. `validate` counts what each edition lacks (PK372);
    `--strict-translations` makes every gap an error (PK301)."""
    include: list[str] = Field(default_factory=list)
    """Component files that hold more of the kit's top-level fields, relative to kit.yaml, e.g. [decks.yaml,
    rules.yaml]. Only kit.yaml may hold it."""
    decks: list[Deck] = Field(default_factory=list)
    """The card decks: each with its id, name, size, template and cards."""
    rules: RuleSummary | None = None
    """The rule summary printed in the kit book: its sections."""
    errata: list[Erratum] = Field(default_factory=list)
    """Places where the rulebook contradicts itself, and the reading this edition chose."""
    end_conditions: list[EndCondition] = Field(default_factory=list)
    """How the game ends and who wins; each needs a tie-break."""
    cover_image: KitFile | None = Field(
        None, description="A PNG or JPEG for the kit book's cover (300 ppi at its printed size)."
    )
    fonts: Fonts = Field(
        default_factory=Fonts,
        description="Font families: built-in biz-udpgothic (the default) and ipaexgothic, or the kit's own TrueType files.",
    )
    print: PrintSettings = Field(
        default_factory=PrintSettings, description="How the kit is printed; the command line can override it."
    )
    ignore: list[Ignore] = Field(default_factory=list)
    """Findings silenced at one place each, with the reason: [{code: PK333, id: hedge-fund, why: ...}]."""
    play: Play | None = None
    """How the game plays, in the shared rule vocabulary (phases, piles, hand limit, supplies, recipes, scoring,
    effects, choices, length): each piece turns on its checks. See validator/components/play.py."""
    glossary: list[GlossaryEntry] = Field(default_factory=list, max_length=500)
    """Preferred terms and the variants that should not be printed: [{term: 魔力, variants: [魔カ]}]."""
    also_need: list[Need] = Field(default_factory=list, max_length=20)
    """What players bring that the kit does not print (dice, pencils, erasers): the contents page's "you also need"
    line. The rule model adds what its rules imply."""
    as_written: bool = False
    """True for a kit that encodes a rulebook exactly as written: defaults that pick a reading are then findings
    (PK341), since the rulebook did not choose them."""

    _untranslated: dict[str, bool] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _unique_languages(self) -> KitBase:
        if len({lang.lower() for lang in self.languages}) != len(self.languages):  # tags ignore case
            raise ValueError("a language is listed twice")
        return self

    def fallback_of(self, lang: str) -> str | None:
        """The language an untranslated text of edition `lang` prints in: the one the edition names, else 'en'
        where the kit ships it, else the kit's first language; None for the language that falls back to nothing."""
        for edition in self.languages:
            if edition == lang and edition.fallback is not None:
                return edition.fallback
        default = "en" if "en" in self.languages else self.languages[0]
        return default if default != lang else None

    def reading_order(self, lang: str) -> tuple[str, ...]:
        """The languages a text of edition `lang` is read in, first given wins: the edition, its fallback, the
        fallback's own, and so on, then the kit's other languages in the order listed."""
        order = [lang]
        step = self.fallback_of(lang)
        while step is not None and step not in order:
            order.append(step)
            step = self.fallback_of(step)
        return tuple(order + [other for other in self.languages if other not in order])

    def untranslated(self, lang: str) -> bool:
        """Whether some text of the kit has no `lang` translation, and so prints in edition `lang`'s fallback
        language (read once per language)."""
        found = self._untranslated.get(lang)
        if found is None:
            from ..walk import walk

            found = self._untranslated[lang] = any(text.text(lang) is None for _p, text, _o in walk(self).texts)
        return found

    def credits(self, lang: str) -> str:
        return self.author if isinstance(self.author, str) else self.author.get(lang)

    def placeholder_values(self) -> dict[str, int | float]:
        """Numbers rule text may name as `{placeholders}`."""
        return {"players_min": self.players.min, "players_max": self.players.max}

    def table_needs(self) -> list[Need]:
        """`also_need:` and what the rules imply beyond it; a rule model extends `implied_needs`."""
        own = {need.key() for need in self.also_need if need.item}
        return [*self.also_need, *(need for need in self.implied_needs() if need.key() not in own)]

    def implied_needs(self) -> list[Need]:
        """What the rule model's own rules make players bring (dice its parameters roll, pencils for its sheets)."""
        return []

    def table_states(self) -> list[tuple[State, tuple]]:
        """Every state the rules create, with where it is written: `play.states` and lasting `play.effects`, and
        what a rule model derives from its own effects (`derived_states`)."""
        found: list[tuple[State, tuple]] = []
        if self.play is not None:
            found += [(state, ("play", "states", i)) for i, state in enumerate(self.play.states)]
            for i, effect in enumerate(self.play.effects):
                if effect.duration is not None and effect.duration.count > 0:
                    state = State(
                        id=effect.id, name=effect.name, on="board", lasts=effect.duration, shown_by=effect.shown_by
                    )
                    found.append((state, ("play", "effects", i)))
        return found + self.derived_states()

    def derived_states(self) -> list[tuple[State, tuple]]:
        """States a rule model's own effects create (a crater, a waiting defence), with where each is written."""
        return []

    SHOW_STATE_HINT: ClassVar[str] = (
        "add a marker {{id: {id}, …}} to tokens: markers, or name the component in shown_by"
    )
    """How a kit of this game adds a component that shows a state (PK343's hint)."""

    def component_ids(self) -> dict[str, tuple[object, tuple]]:
        """Components a state may be shown by, by id, with where each is written: the decks here; rule models add
        their markers, sheets and boards."""
        return {deck.id: (deck, ("decks", i)) for i, deck in enumerate(self.decks)}

    def more_names(self, lang: str) -> list[str]:
        """Names text may quote beyond the kit's `name:` and `title:` fields (a rule model adds its icons and
        the parts of a card's name)."""
        return []

    def card_copies(self) -> Iterator[tuple[tuple, int]]:
        """(where it is written, copies) of every card entry of every deck; a deck without `cards:` counts its
        source list's items."""
        for d, deck in enumerate(self.decks):
            if deck.cards:
                for c, entry in enumerate(deck.cards):
                    yield ("decks", d, "cards", c, "count"), getattr(entry, "copies", getattr(entry, "count", 1))
            elif deck.source:
                items = getattr(self, deck.source, None)
                if isinstance(items, list):
                    yield ("decks", d, "source"), sum(self.copies_of(item) for item in items)

    def copies_of(self, item: object) -> int:
        """Copies a deck without `cards:` prints of one item of its source list."""
        copies = getattr(item, "copies", 1)
        return copies if isinstance(copies, int) else 1

    def within_bounds(self, ctx: CheckContext) -> bool:
        """The kit's totals are within what pnpkit lays out (PK362), counted before any check or layout does the
        work; False when one is not."""
        total = 0
        for path, copies in self.card_copies():
            total += copies
            if total > MAX_CARDS:
                ctx.add(
                    "PK362",
                    path,
                    f"with this entry the decks hold {total:,} cards; pnpkit prints at most {MAX_CARDS:,} in one kit",
                    "check the counts for a typo; split a larger game into several kits",
                )
                return False
        return True

    def check(self, ctx: CheckContext) -> None:
        """Game-specific checks beyond the schema; rule models override this."""
