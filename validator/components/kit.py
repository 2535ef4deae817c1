"""What every kit has, whatever the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import Field, StringConstraints, model_validator

from ..types import Count, Ident, KitFile, Lang, LocalText, StrictModel
from .cards import Deck
from .printing import PrintSettings
from .rules import EndCondition, Erratum, RuleSummary

if TYPE_CHECKING:
    from ..checks import CheckContext


class Players(StrictModel):
    min: Count
    max: Count

    @model_validator(mode="after")
    def _ordered(self) -> Players:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is larger than max ({self.max})")
        return self


BUILTIN_FONT_FAMILIES = ("biz-udpgothic", "ipaexgothic")
"""The families pnpkit ships (generator/assets/fonts/): BIZ UDPGothic (regular and bold) is the default."""

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
    bold: FontFile | None = None
    italic: FontFile | None = None
    bold_italic: FontFile | None = None
    licence: FontFile | None = Field(None, description="The font's licence, copied beside the fonts SVGs link to.")


class Fonts(StrictModel):
    """Which font families the kit prints with."""

    families: dict[Ident, FontFamily] = Field(
        default_factory=dict, max_length=8, description="The kit's own families, by the key regions name them with."
    )
    default: Ident | None = Field(
        None, description="The family text uses unless told otherwise: a key of `families` or a built-in family."
    )
    languages: dict[Lang, Ident] = Field(default_factory=dict, description="A default family per language.")

    def family_for(self, lang: str) -> str:
        """The family key text in `lang` uses unless a region names another."""
        return self.languages.get(lang) or self.default or BUILTIN_FONT_FAMILIES[0]  # type: ignore[call-overload]


class KitBase(StrictModel):
    id: Ident
    title: LocalText
    subtitle: LocalText | None = None
    author: LocalText | str = Field(
        "pnpkit", description="Credits: plain text, or {ja: ..., en: ...} when they read differently."
    )
    version: str = "1.0"
    players: Players
    languages: list[Lang] = Field(min_length=1)
    include: list[str] = Field(default_factory=list, description="Component files, relative to kit.yaml.")
    decks: list[Deck] = Field(default_factory=list)
    rules: RuleSummary | None = None
    errata: list[Erratum] = Field(default_factory=list)
    end_conditions: list[EndCondition] = Field(default_factory=list)
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

    @model_validator(mode="after")
    def _unique_languages(self) -> KitBase:
        if len(set(self.languages)) != len(self.languages):
            raise ValueError("a language is listed twice")
        return self

    def credits(self, lang: str) -> str:
        return self.author if isinstance(self.author, str) else self.author.get(lang)

    def placeholder_values(self) -> dict[str, int | float]:
        """Numbers rule text may name as `{placeholders}`."""
        return {"players_min": self.players.min, "players_max": self.players.max}

    def check(self, ctx: CheckContext) -> None:
        """Game-specific checks beyond the schema; rule models override this."""
