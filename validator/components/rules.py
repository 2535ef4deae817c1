"""Rule summaries and errata."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from ..types import Count, Ident, KitReading, LocalText, Open, RuleText, StrictModel


class Duration(StrictModel):
    """Every lasting effect says how long (a count of a unit, where an `event` unit means
    "until the next such event", or `until` a named trigger) and whom it binds. Missing parts are
    schema errors."""

    count: Count
    """How many of `unit` the effect lasts (with `unit: until`, leave it out)."""
    unit: Literal["turn", "cycle", "round", "event", "until"]
    """What the count counts: turns, cycles, rounds, or events (until the next such event); or `until`, which ends
    it at the trigger `until:` names."""
    scope: Literal["self", "opponent", "attacker", "all", "board"]
    """Whom the effect binds: self, opponent, attacker, all, or the board."""
    until: LocalText | None = None
    """With `unit: until`: the trigger that ends it, e.g. {ja: 次の「ドロー」フェイズ, en: your next Draw phase}."""

    @model_validator(mode="before")
    @classmethod
    def _until_counts_once(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("unit") == "until" and "count" not in data:
            return {**data, "count": 1}
        return data

    @model_validator(mode="after")
    def _until_names_its_trigger(self) -> Duration:
        if (self.unit == "until") != (self.until is not None):
            raise ValueError("`unit: until` and `until:` (the trigger) go together")
        return self


class Table(StrictModel):
    columns: list[LocalText] = Field(min_length=1)
    """The column headings."""
    rows: list[list[LocalText]] = Field(min_length=1)
    """The rows, one cell per column."""


class RuleSection(StrictModel):
    id: Ident | None = None
    """The section's id, unique in the summary: an erratum's `section:` names it."""
    title: LocalText
    """The section's heading."""
    text: RuleText | None = None
    """A paragraph; numbers come from `{placeholders}`."""
    steps: list[RuleText] = Field(default_factory=list)
    """Numbered steps, in order."""
    bullets: list[RuleText] = Field(default_factory=list)
    """Bullet points."""
    bullets_under: Count | None = None
    """The step (from 1) the bullets belong to, e.g. the actions that step offers: they are set under it, indented,
    as its sub-items, instead of after the last step."""
    table: Table | None = None
    """A table written out: its columns and rows."""
    generated: Ident | None = Field(None, description="A table the game builds from its model, e.g. 'combos'.")

    @model_validator(mode="after")
    def _one_table(self) -> RuleSection:
        if self.table is not None and self.generated is not None:
            raise ValueError("give either `table:` or `generated:`, not both")
        if self.bullets_under is not None and (not self.bullets or self.bullets_under > len(self.steps)):
            raise ValueError(
                f"bullets_under: {self.bullets_under} needs bullets and a step {self.bullets_under} to set them under"
                f" (the section has {len(self.steps)} step(s))"
            )
        return self


class RuleSummary(StrictModel):
    sections: list[RuleSection] = Field(min_length=1)
    """The sections of the rule summary, in order."""


class Erratum(StrictModel):
    """One place where the rulebook contradicts itself, and the reading this edition chose."""

    id: Ident
    """The erratum's id, unique in the kit."""
    topic: LocalText
    """What the contradiction is about."""
    as_written: LocalText
    """What the rulebook says, contradiction included."""
    resolution: LocalText
    """The reading this edition chose."""
    section: Ident | None = None
    """The id of the rule section that states this ruling in play: a player reads the rule there, not only in the
    errata. Leave it out for a correction of the kit's data alone (a card's name, a count) that the cards show."""
    ruling: RuleText | None = None
    """With `section:`, the words of the ruling as that section states them (its text, a step, a bullet, a table
    cell, or for `generated: end-conditions` the end conditions), placeholders and all; checked (PK344)."""
    readings: list[KitReading] = Field(default_factory=list, max_length=20)
    """The ways the contradiction can be played, with `default:` the one `resolution` chose: a playtest
    (`pnpkit simulate --reading`, `--all-readings`) can try the others."""

    @model_validator(mode="after")
    def _ruling_names_its_section(self) -> Erratum:
        if (self.section is None) != (self.ruling is None):
            raise ValueError("`section:` and `ruling:` go together: the section that states the ruling, in its words")
        return self


class EndCondition(StrictModel):
    """How the game ends and who wins; every ending must say how a tie is broken."""

    id: Ident
    """The end condition's id, unique in the kit."""
    when: RuleText
    """When the game ends this way."""
    winner: RuleText
    """Who wins when it does."""
    tie_break: RuleText | Open | None = Field(
        None,
        description="Who wins a tie, or that the tied players share the win; `unspecified` when the rulebook is silent.",
    )
