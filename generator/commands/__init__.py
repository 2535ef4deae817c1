"""The `pnpkit` commands, one module each.

A command is named once, in `COMMANDS`, with the line `pnpkit --help` shows for it; its module (of the
same name) defines `add_arguments(parser)` and `run(args) -> int` (an exit status): the `Command`
contract. The parser lists every command from `COMMANDS` alone, and imports a command's module only
when the command line names it, so `pnpkit --version` loads none of them and `pnpkit validate` only its own.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:
    import argparse

COMMANDS: dict[str, str] = {
    "validate": "check kits and report every problem",
    "build": "validate, then write PDFs and SVGs",
    "watch": "build, then rebuild on every save",
    "calibrate": "write a duplex calibration sheet to find your printer's back offset",
    "codes": "list the finding codes, or explain one: `pnpkit codes PK3`, `pnpkit codes PK333`",
    "export": "write PNG images, print-on-demand files or Tabletop Simulator decks",
    "new": "start a new kit: a sample generic game to make your own",
    "schema": "print or write the JSON Schemas of kit.yaml and its component files, for editors",
    "score": "score a finished game: points by category, or Wizard's Element Collection's cards",
    "simulate": "play the kit's game many times and report balance, length, ties and rule problems",
    "serve": "open a live studio in the browser: pages, cards and findings, redrawn on every save",
    "i18n": "hand the kit's texts to translators as a PO file, and write their translations back",
}
"""Every command: its name (its module's name) and its one-line help, in the order `pnpkit --help` lists them."""


class Command(Protocol):
    """What a command's module defines; its docstring is the command's `--help` description."""

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """The command's arguments and options; a module-level import here is paid by the command's `--help`."""

    def run(self, args: argparse.Namespace) -> int:
        """Do the work and return the exit status; import what only the work needs inside it."""


if TYPE_CHECKING:  # the type checker holds every module to the contract
    from . import build, calibrate, codes, export, i18n, new, schema, score, serve, simulate, validate, watch

    _CHECKED: tuple[Command, ...] = (
        validate,
        build,
        watch,
        calibrate,
        codes,
        export,
        new,
        schema,
        score,
        simulate,
        serve,
        i18n,
    )


def load(name: str) -> Command:
    """The module of the command `name` (a key of `COMMANDS`), imported now."""
    if name not in COMMANDS:
        raise KeyError(name)
    return cast(Command, importlib.import_module(f"{__name__}.{name}"))
