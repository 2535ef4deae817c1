"""Print or write the JSON Schemas of kit files, so editors complete, explain and check YAML as you type.

`kit.schema.json` describes kit.yaml; `part.schema.json` describes the component files kit.yaml includes
(none of their fields is required, and `id`, `game` and `include` belong in kit.yaml). Both describe
values as you write them: lengths with units ('63mm'), named card sizes (poker). Without --game they
fit a kit of any game. See docs/editor.md for VS Code.
"""

from __future__ import annotations

import argparse
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", help="one game's schemas (default: any game; kit.yaml chooses by its game:)")
    parser.add_argument("game_name", nargs="?", metavar="GAME", help="the same as --game: `pnpkit schema generic`")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--part", action="store_true", help="print the schema of component files, not of kit.yaml")
    what.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="DIR",
        help="write kit.schema.json and part.schema.json into DIR (created if missing) instead of printing",
    )


def run(args: argparse.Namespace) -> int:
    import sys

    from pnpkit.validator.editor_schema import dumps, kit_schema, part_schema, write_schemas
    from pnpkit.validator.games import SPECS

    if args.game_name is not None:
        if args.game is not None and args.game != args.game_name:
            print(f"pnpkit: error: two games given, {args.game!r} and {args.game_name!r}; give one", file=sys.stderr)
            return 2
        args.game = args.game_name
    if args.game is not None and args.game not in SPECS:
        print(f"pnpkit: error: unknown game {args.game!r}; use one of {', '.join(sorted(SPECS))}", file=sys.stderr)
        return 2
    if args.output is not None:
        try:
            written = write_schemas(args.output, args.game)
        except OSError as exc:
            print(f"pnpkit: error: cannot write the schemas into {args.output}: {exc.strerror or exc}", file=sys.stderr)
            return 2
        for path in written:
            print(f"wrote {path}")
        return 0
    schema = part_schema(args.game) if args.part else kit_schema(args.game)
    sys.stdout.write(dumps(schema))
    return 0
