"""Rule summaries and errata."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ..types import Count, Ident, LocalText, RuleText, StrictModel


class Duration(StrictModel):
    """Every lasting effect says how long (a count of a unit, where an `event` unit means
    "until the next such event") and whom it binds. Missing parts are schema errors."""

    count: Count
    """How many of `unit` the effect lasts."""
    unit: Literal["turn", "cycle", "round", "event"]
    """What the count counts: turns, cycles, rounds, or events (until the next such event)."""
    scope: Literal["self", "opponent", "attacker", "all", "board"]
    """Whom the effect binds: self, opponent, attacker, all, or the board."""


class Table(StrictModel):
    columns: list[LocalText] = Field(min_length=1)
    """The column headings."""
    rows: list[list[LocalText]] = Field(min_length=1)
    """The rows, one cell per column."""


class RuleSection(StrictModel):
    title: LocalText
    """The section's heading."""
    text: RuleText | None = None
    """A paragraph; numbers come from `{placeholders}`."""
    steps: list[RuleText] = Field(default_factory=list)
    """Numbered steps, in order."""
    bullets: list[RuleText] = Field(default_factory=list)
    """Bullet points."""
    table: Table | None = None
    """A table written out: its columns and rows."""
    generated: Ident | None = Field(None, description="A table the game builds from its model, e.g. 'combos'.")

    @model_validator(mode="after")
    def _one_table(self) -> RuleSection:
        if self.table is not None and self.generated is not None:
            raise ValueError("give either `table:` or `generated:`, not both")
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


class EndCondition(StrictModel):
    """How the game ends and who wins; every ending must say how a tie is broken."""

    id: Ident
    """The end condition's id, unique in the kit."""
    when: RuleText
    """When the game ends this way."""
    winner: RuleText
    """Who wins when it does."""
    tie_break: RuleText | None = Field(None, description="Who wins a tie, or that the tied players share the win.")
