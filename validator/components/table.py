"""What players bring to the table that the kit does not print: dice, pencils, erasers.

The kit book's contents page prints it as a "you also need" line. A kit lists it under `also_need:`;
a rule model adds what its rules imply (dice its parameters roll, pencils for its sheets), so the line
follows the model rather than a hand-kept list.

    also_need:
      - {item: dice, count: 2}
      - {item: pencil, per: player}
      - {name: {ja: 砂時計（1分）, en: A one-minute sand timer}}
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ..types import LocalText, StrictModel

Item = Literal["dice", "pencil", "eraser", "scissors", "glue", "sleeves", "coin", "timer"]


class Need(StrictModel):
    """One thing to bring: a known item (printed in each language) or anything else by `name`."""

    item: Item | None = None
    """A known item: dice, pencil, eraser, scissors, glue, sleeves, coin or timer."""
    name: LocalText | None = None
    """Anything else, by name."""
    count: Annotated[int, Field(ge=1, le=99)] = 1
    """How many: in all, or per player when `per: player`."""
    per: Literal["player", "shared"] = "shared"
    """Whether each player needs `count`, or the table does."""
    sides: Annotated[int, Field(ge=2, le=100)] = 6
    """For dice: how many faces."""

    @model_validator(mode="after")
    def _item_or_name(self) -> Need:
        if (self.item is None) == (self.name is None):
            raise ValueError("give `item:` (dice, pencil, eraser, …) or `name:`, not both")
        return self

    def key(self) -> tuple[str, int]:
        """What makes two needs the same thing (a rule model's derived need gives way to the kit's own)."""
        return (self.item or "", self.sides if self.item == "dice" else 0)
