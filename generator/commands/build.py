"""Validate kits, then write every component as PDF (and SVG) into OUTPUT/<kit>/<lang>/. Nothing is written when
the content has errors."""

# The docstring above is the command's --help description; the build itself (generator/build.py, with the
# layouts and the rendering libraries) is imported in `run`.

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..commandline import (
    EXIT_CONTENT,
    EXIT_OK,
    UsageError,
    add_jobs_option,
    add_print_options,
    add_translation_option,
    edition_choice,
    game_count,
    keep_for_the_run,
    load_kits,
    print_findings,
    print_overrides,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="kit directories")
    parser.add_argument("-o", "--output", type=Path, default=Path("output"), help="output directory (default: output)")
    parser.add_argument(
        "--lang",
        type=edition_choice,
        default="all",
        metavar="TAG",
        help="which edition to build: a language the kit ships, or all (default: all the kit declares)",
    )
    parser.add_argument("--no-svg", action="store_true", help="write PDFs only")
    parser.add_argument(
        "--svg-text",
        choices=("outlines", "live"),  # backends.svg.TEXT_MODES, not imported: --help stays quick
        default="outlines",
        help="how SVGs carry text: outlines look like the PDF on any machine, with the words kept invisible for"
        " search; live is editable text that needs the fonts (default: outlines)",
    )
    parser.add_argument(
        "--playtest",
        type=game_count,
        default=0,
        metavar="N",
        help="play N games (pnpkit simulate at the kit's defaults) and end the kit book with the playtest report page",
    )
    parser.add_argument(
        "--only",
        type=_ids,
        default=(),
        metavar="ID[,ID]",
        help="build just these components (a deck, sheet or component id, e.g. cards-goods or goods) and keep the"
        " rest of the output as it is; kit.pdf is not rebuilt",
    )
    add_translation_option(parser)
    add_jobs_option(parser)
    add_print_options(parser)
    parser.add_argument("--format", choices=("text", "json"), default="text", help="how to print findings")
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="check every card face again, and keep nothing for the next build (the page checks' cache lives in"
        " $PNPKIT_CACHE_DIR, else ~/.cache/pnpkit)",
    )


def _ids(text: str) -> tuple[str, ...]:
    ids = tuple(dict.fromkeys(part.strip() for part in text.split(",") if part.strip()))
    if not ids:
        raise argparse.ArgumentTypeError("give one or more component or deck ids, separated by commas")
    return ids


def run(args: argparse.Namespace) -> int:
    """The build; with `--no-cache`, PNPKIT_NO_CACHE is set while it runs (generator.diskcache reads it, here and
    in every worker process), then as it was."""
    import os

    if not args.no_cache:
        return _build(args)
    before = os.environ.get("PNPKIT_NO_CACHE")
    os.environ["PNPKIT_NO_CACHE"] = "1"
    try:
        return _build(args)
    finally:
        if before is None:
            del os.environ["PNPKIT_NO_CACHE"]
        else:
            os.environ["PNPKIT_NO_CACHE"] = before


def _build(args: argparse.Namespace) -> int:
    import shutil

    from pnpkit.validator import jobs
    from pnpkit.validator.findings import visible

    from ..build import BuildOptions, KitRun, OutputError, SettingsError, build_all, plan
    from ..progress import Progress

    loaded_kits, report = load_kits(args.paths, args.lang, args.strict_translations)
    keep_for_the_run()
    if report.has_errors:
        print_findings(report.sorted(), args.format)
        print("pnpkit: nothing was built; fix the errors above", file=sys.stderr)
        return EXIT_CONTENT
    runs: list[KitRun] = []
    try:
        for loaded in loaded_kits:
            languages = tuple(loaded.model.languages) if args.lang == "all" else (args.lang,)
            options = BuildOptions(
                out_dir=args.output,
                languages=languages,
                overrides=print_overrides(args),
                svg=not args.no_svg,
                svg_text=args.svg_text,
                only=args.only,
                playtest=args.playtest,
            )
            runs.append(plan(loaded, options))
        with Progress() as progress:
            result = build_all(runs, args.jobs or jobs.default_jobs(), progress)
    except SettingsError as exc:
        raise UsageError(str(exc)) from None
    except OutputError as exc:
        raise UsageError(str(exc)) from None
    finally:
        for run in runs:  # build_all removes them too; this covers a plan that failed half-way
            shutil.rmtree(run.staging, ignore_errors=True)
    report.extend(result.findings)
    written = len(result.files)
    print_findings(report.sorted(), args.format)
    if report.has_errors:
        print("pnpkit: nothing was written; fix the errors above", file=sys.stderr)
        return EXIT_CONTENT
    if args.format == "text":
        print(f"wrote {written} files to {visible(str(args.output))}")
        if args.only:
            print("kit.pdf was left as it was; a build without --only brings it up to date")
    return EXIT_OK
