"""One game, one contract: everything pnpkit needs to know about a game, registered once.

A `GameSpec` names the modules that make up a game by their dotted paths, so a
command imports only the game it works on, and only the parts it needs:

- `model`: the rule model, `"module:Class"`, a `KitBase` subclass whose `game:` is the tag;
  its module may define `CODES` (the game's own finding codes) and `EXPLANATIONS`
  (what `pnpkit codes CODE` says about them);
- `layouts`: the generator module whose `components(kit, ctx)` returns the printed
  parts (`pnpkit.generator.games.contract.GameLayout`);
- `engine`: the playtest engine module, when the game can be played out
  (`pnpkit.validator.playtest.contract.Engine`);
- `report`: `"module:NAME"` of the playtest page's rows, `(measures, names)`, when the
  engine's measures deserve more than the generic rows.

Built-in games are listed in `validator.games.BUILTIN`; another installed package adds a
game with an entry point in the `pnpkit.games` group whose value is a `GameSpec`:

    [project.entry-points."pnpkit.games"]
    tile-race = "tile_race:GAME"
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from typing import Any

TAG = re.compile(r"^[a-z][a-z0-9-]{0,39}$")
MODULE = re.compile(r"^[A-Za-z_][\w.]*$")


@dataclass(frozen=True)
class GameSpec:
    """A game: its `game:` tag and the modules of its rule model, layouts, engine and report rows."""

    tag: str
    model: str
    """`"package.module:KitClass"`: the rule model."""
    layouts: str
    """`"package.module"`: the generator module that lays the kit out."""
    engine: str | None = None
    """`"package.module"`: the playtest engine, or None when the game cannot be played out."""
    report: str | None = None
    """`"package.module:NAME"`: the playtest page's `(measures, names)`, or None for the generic rows."""
    title: str = ""
    """A short English name for listings (`pnpkit new --game`, `pnpkit schema`)."""

    def __post_init__(self) -> None:
        if not TAG.match(self.tag):
            raise ValueError(f"game tag {self.tag!r}: lower-case letters, digits and '-', starting with a letter")
        module, _, attr = self.model.partition(":")
        if not (MODULE.match(module) and attr.isidentifier()):
            raise ValueError(f"game {self.tag}: model {self.model!r} is not 'package.module:Class'")
        for name, value in (("layouts", self.layouts), ("engine", self.engine)):
            if value is not None and not MODULE.match(value):
                raise ValueError(f"game {self.tag}: {name} {value!r} is not a dotted module path")

    def model_module(self) -> Any:
        return importlib.import_module(self.model.partition(":")[0])

    def load_model(self) -> Any:
        """The rule model class (its module is imported on first use)."""
        return getattr(self.model_module(), self.model.partition(":")[2])


def load_attribute(path: str) -> Any:
    """`"package.module:NAME"` → the object."""
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)
