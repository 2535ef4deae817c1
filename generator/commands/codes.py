"""List every finding code with its severity and meaning, so a code in a report can be looked up."""

from __future__ import annotations

import argparse

NAME = "codes"
HELP = "list every finding code, its severity and what it means"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("prefix", nargs="?", default="", help="only codes starting with this, e.g. PK or ES0")


def run(args: argparse.Namespace) -> int:
    from pnpkit.validator import codes
    from pnpkit.validator.games import GAMES

    for tag in GAMES:
        GAMES[tag]  # importing a game registers its codes
    for code in sorted(codes.CODES):
        if code.startswith(args.prefix.upper()):
            severity, title = codes.CODES[code]
            print(f"{code}  {severity.value:<7}  {title}")
    return 0
