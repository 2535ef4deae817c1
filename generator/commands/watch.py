"""Build a kit, then rebuild it whenever a file in it changes: only the components that changed are written
again, each file replaced whole. Findings show as they appear and go when fixed."""

# The docstring above is the command's --help description (argparse joins its lines); the rebuild loop is
# generator/watch.py, imported in `run`.

from __future__ import annotations

import argparse
from pathlib import Path

from ..commandline import (
    UsageError,
    add_print_options,
    add_translation_option,
    edition_choice,
    kit_dirs,
    print_overrides,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", type=Path, metavar="PATH", help="the kit directory")
    parser.add_argument("-o", "--output", type=Path, default=Path("output"), help="output directory (default: output)")
    parser.add_argument(
        "--lang",
        type=edition_choice,
        default="all",
        metavar="TAG",
        help="which edition: a language the kit ships, or all (default: all)",
    )
    parser.add_argument("--no-svg", action="store_true", help="write PDFs only")
    add_translation_option(parser)
    add_print_options(parser)


def run(args: argparse.Namespace) -> int:
    from ..build import BuildOptions, OutputError, SettingsError
    from ..watch import watch

    (root,) = kit_dirs([args.path])
    if not (root / "kit.yaml").is_file():
        raise UsageError(f"{root} has no kit.yaml; give the kit directory (`pnpkit new DIR` makes one)")
    languages = None if args.lang == "all" else (args.lang,)
    options = BuildOptions(
        args.output,
        languages,
        print_overrides(args),
        svg=not args.no_svg,
        strict_translations=args.strict_translations,
    )
    try:
        return watch(root, options)
    except (OutputError, SettingsError) as exc:
        raise UsageError(str(exc)) from None
