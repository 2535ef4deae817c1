"""Export kits as PNG images, print-on-demand files or Tabletop Simulator decks.

  png  every card side and every page as a PNG (--dpi, --bleed)
  pod  cards at a print-on-demand service's size and bleed (--service)
  tts  deck sheets, boards and tokens with a saved-object JSON for Tabletop Simulator (--base-url)

Files go to DIR/<kit>/<lang>/<kind>/ (pod: DIR/<kit>/<lang>/pod/<service>/), written
whole or not at all. The kit is validated first: nothing is written when it has errors.
See docs/exports.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def _dpi(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of dots per inch, e.g. 300") from None


def _mm(text: str) -> float:
    try:
        return float(text.removesuffix("mm"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a length in millimetres, e.g. 3") from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ..commandline import add_jobs_option, edition_choice
    from ..exports.presets import SERVICES

    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("kind", choices=("png", "pod", "tts"), metavar="KIND", help="png, pod or tts")
    parser.add_argument("paths", nargs="+", type=Path, metavar="KIT", help="kit directories (each holds a kit.yaml)")
    parser.add_argument(
        "-o", "--output", type=Path, default=Path("exports"), metavar="DIR", help="output directory (default: exports)"
    )
    parser.add_argument(
        "--lang",
        type=edition_choice,
        default="all",
        metavar="TAG",
        help="which edition: a language the kit ships, or all (default: all the kit declares)",
    )
    parser.add_argument(
        "--only", metavar="ID[,ID]", help="deck ids and component slugs to export (default: everything)"
    )
    parser.add_argument(
        "--dpi", type=_dpi, default=None, help="resolution of png and tts images (default 300; 72–1200)"
    )
    parser.add_argument(
        "--bleed", type=_mm, default=None, metavar="MM", help="png only: bleed around each card in mm (default 0)"
    )
    parser.add_argument(
        "--service", choices=sorted(SERVICES), help="pod only: the print-on-demand service whose sizes to use"
    )
    parser.add_argument(
        "--base-url",
        metavar="URL",
        help="tts only: where the images will be uploaded (default: file:/// paths of the written images)",
    )
    add_jobs_option(parser)


def run(args: argparse.Namespace) -> int:
    from pnpkit.validator import jobs

    from ..build import OutputError
    from ..commandline import EXIT_CONTENT, EXIT_OK, UsageError, load_kits, print_findings
    from ..exports.plan import ExportUsageError
    from ..exports.run import execute, prepare
    from ..progress import Progress

    try:
        options = _options(args)
    except ExportUsageError as exc:
        raise UsageError(str(exc)) from None
    kits, report = load_kits(args.paths, args.lang)
    if report.has_errors:
        print_findings(report.sorted(), "text")
        print("pnpkit: nothing was exported; fix the errors above", file=sys.stderr)
        return EXIT_CONTENT
    with Progress() as progress:
        try:
            prepared = prepare(kits, options, progress)
        except (ExportUsageError, OutputError) as exc:
            raise UsageError(str(exc)) from None
        report.extend(prepared.findings)
        if not prepared.ok:
            prepared.discard()
            print_findings(report.sorted(), "text")
            print("pnpkit: nothing was exported; fix the errors above", file=sys.stderr)
            return EXIT_CONTENT
        for note in prepared.notes:
            print(f"pnpkit: note: {note}", file=sys.stderr)
        try:
            written = execute(prepared, args.jobs or jobs.default_jobs(), progress)
        except OutputError as exc:
            raise UsageError(str(exc)) from None
    print_findings(report.sorted(), "text")
    print(f"wrote {len(written)} files to {args.output}")
    return EXIT_OK


def _options(args: argparse.Namespace):
    from ..exports.plan import ExportOptions, ExportUsageError, check_bleed, check_dpi

    kind = args.kind
    if kind != "png" and args.bleed is not None:
        raise ExportUsageError(
            f"--bleed is for png only; {'pod uses the service bleed' if kind == 'pod' else 'tts cards have none'}"
        )
    if kind == "pod":
        if not args.service:
            raise ExportUsageError("pod needs --service: drivethrucards, makeplayingcards or thegamecrafter")
        if args.dpi is not None:
            raise ExportUsageError("--dpi is for png and tts; pod uses the resolution the service asks for")
    elif args.service:
        raise ExportUsageError(f"--service is for pod only; drop it for {kind}")
    if args.base_url and kind != "tts":
        raise ExportUsageError(f"--base-url is for tts only; drop it for {kind}")
    if args.base_url and not args.base_url.startswith(("http://", "https://", "file:///")):
        raise ExportUsageError(f"--base-url {args.base_url!r} is no web address; give one starting with https://")
    dpi = 300 if args.dpi is None else args.dpi
    check_dpi(dpi)
    bleed = 0.0 if args.bleed is None else args.bleed
    check_bleed(bleed)
    only = tuple(dict.fromkeys(part.strip() for part in (args.only or "").split(",") if part.strip()))
    if args.only is not None and not only:
        raise ExportUsageError("--only needs at least one deck id or component slug, e.g. --only element-cards")
    return ExportOptions(
        kind=kind,
        out_dir=args.output,
        languages=None if args.lang == "all" else (args.lang,),
        only=only,
        dpi=dpi,
        bleed=bleed,
        service=args.service or "",
        base_url=args.base_url or "",
    )
