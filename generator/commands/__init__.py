"""Extra `pnpkit` subcommands, one module each.

A module here defines `NAME`, `HELP`, `add_arguments(parser)` and
`run(args) -> int` (an exit status); the CLI finds it by itself.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def discover() -> list[ModuleType]:
    modules = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        if all(hasattr(module, attr) for attr in ("NAME", "HELP", "add_arguments", "run")):
            modules.append(module)
    return modules
