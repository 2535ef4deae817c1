"""Print the JSON Schema of kit files, so editors can complete and check YAML as you type.

Point your editor's YAML support at it, e.g. `# yaml-language-server: $schema=kit.schema.json`.
"""

from __future__ import annotations

import argparse
import json

NAME = "schema"
HELP = "print the JSON Schema of kit.yaml (all games) for editor completion"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", help="only this game's model (default: every game, as a tagged union on game:)")


def run(args: argparse.Namespace) -> int:
    import sys

    from pnpkit.validator.games import GAMES, kit_adapter

    if args.game is not None:
        if args.game not in GAMES:
            print(f"pnpkit: error: unknown game {args.game!r}; use one of {', '.join(sorted(GAMES))}", file=sys.stderr)
            return 2
        schema = GAMES[args.game].model_json_schema()
    else:
        schema = kit_adapter().json_schema()
    schema["title"] = "pnpkit kit"
    print(json.dumps(schema, ensure_ascii=False, indent=2))
    return 0
