"""What every kit has, whatever the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field, model_validator

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
