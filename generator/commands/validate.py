"""Check kit directories against their rule models and report every finding with file:line:col."""

# The docstring above is the command's --help description; the work is imported in `run`, so `validate --help`
# and `validate --no-layout` load neither the layouts nor the games' drawing.

from __future__ import annotations

import argparse
from pathlib import Path

from ..commandline import (
    EXIT_CONTENT,
    EXIT_OK,
    add_jobs_option,
    add_translation_option,
    game_count,
    keep_for_the_run,
    kit_dirs,
    print_findings,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="kit directories (each holds a kit.yaml)")
    parser.add_argument(
        "--format", choices=("text", "json", "sarif"), default="text", help="how to print findings (default: text)"
    )
    parser.add_argument(
        "--no-layout", action="store_true", help="check the data only; skip laying out pages (text fit, missing glyphs)"
    )
    parser.add_argument(
        "--simulate",
        type=game_count,
        default=0,
        metavar="N",
        help="also play N games of a game that has an engine, and report what play shows (decks that run dry, "
        "frequent ties with no tie rule, games that do not end, unbalanced seats) as warnings at the rule",
    )
    add_translation_option(parser)
    add_jobs_option(parser)


def run(args: argparse.Namespace) -> int:
    from pnpkit.validator import jobs
    from pnpkit.validator.findings import Report, Severity
    from pnpkit.validator.kit import load_kit

    report = Report()
    for path in kit_dirs(args.paths):
        loaded = load_kit(path, strict_translations=args.strict_translations)
        keep_for_the_run()
        report.extend(loaded.report.findings)
        if loaded.ok and not args.no_layout:
            from ..build import layout_findings  # the layouts, fonts and games: only when pages are laid out

            report.extend(layout_findings(loaded, args.jobs or jobs.default_jobs()))
        if loaded.kit is not None and args.simulate:  # an as-written kit with errors still plays
            from pnpkit.validator.playtest.findings import play_findings

            report.extend(play_findings(loaded, args.simulate, args.jobs or jobs.default_jobs()))
    findings = report.sorted()
    print_findings(findings, args.format)
    if args.format == "text" and all(f.severity is Severity.INFO for f in findings):  # notes only: still OK
        print(f"{len(args.paths)} kit(s) OK")
    return EXIT_CONTENT if report.has_errors else EXIT_OK
