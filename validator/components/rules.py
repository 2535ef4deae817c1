"""Rule summaries and errata."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ..types import Count, Ident, LocalText, RuleText, StrictModel


class Duration(StrictModel):
    """Every lasting effect says how long (a count of a unit, where an `event` unit means
    "until the next such event") and whom it binds. Missing parts are schema errors."""

    count: Count
    unit: Literal["turn", "cycle", "round", "event"]
    scope: Literal["self", "opponent", "attacker", "all", "board"]


class Table(StrictModel):
    columns: list[LocalText] = Field(min_length=1)
    rows: list[list[LocalText]] = Field(min_length=1)


class RuleSection(StrictModel):
    title: LocalText
    text: RuleText | None = None
    steps: list[RuleText] = Field(default_factory=list)
    bullets: list[RuleText] = Field(default_factory=list)
    table: Table | None = None
    generated: Ident | None = Field(None, description="A table the game builds from its model, e.g. 'combos'.")

    @model_validator(mode="after")
    def _one_table(self) -> RuleSection:
        if self.table is not None and self.generated is not None:
            raise ValueError("give either `table:` or `generated:`, not both")
        return self


class RuleSummary(StrictModel):
    sections: list[RuleSection] = Field(min_length=1)


class Erratum(StrictModel):
    """One place where the rulebook contradicts itself, and the reading this edition chose."""

    id: Ident
    topic: LocalText
    as_written: LocalText
    resolution: LocalText


class EndCondition(StrictModel):
    """How the game ends and who wins; every ending must say how a tie is broken."""

    id: Ident
    when: RuleText
    winner: RuleText
    tie_break: RuleText | None = Field(None, description="Who wins a tie, or that the tied players share the win.")
