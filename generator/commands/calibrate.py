"""Write a duplex calibration sheet: print it double-sided, hold it to the light, read the back offset."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..commandline import language_tag


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-o", "--output", type=Path, default=Path("calibration.pdf"), help="PDF to write (default: calibration.pdf)"
    )
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4")
    parser.add_argument(
        "--duplex", choices=("long", "short"), default="long", help="the flip your printer will use for the cards"
    )
    parser.add_argument(
        "--lang",
        type=language_tag,
        default="en",
        metavar="TAG",
        help="the language of the sheet's words (any tag; English for a language pnpkit has no words in)",
    )


def run(args: argparse.Namespace) -> int:
    from pnpkit.validator.components.printing import PrintSettings
    from pnpkit.validator.findings import visible

    from ..backends import pdf
    from ..layouts.calibration import calibration_pages
    from ..layouts.context import LayoutContext
    from ..outdir import write_whole
    from ..scene import Bookmark, Document
    from ..typeset import fonts
    from ..units import PAPERS

    settings = PrintSettings(paper=args.paper, duplex=args.duplex)
    with fonts.using(fonts.for_language(args.lang)):  # the sheet's words in a face that draws their script
        ctx = LayoutContext(args.lang, PAPERS[args.paper], settings=settings)
        pages = calibration_pages(ctx, args.duplex)
    document = Document(
        tuple(pages),
        "pnpkit duplex calibration",
        "pnpkit",
        "Duplex calibration sheet",
        ("pnpkit", "calibration"),
        (Bookmark(pages[0].label, 0),),
    )
    target = args.output
    with fonts.using(fonts.for_language(args.lang)):
        data = pdf.render(document)
    try:
        write_whole(target, data)
    except OSError as exc:
        print(visible(f"pnpkit: error: cannot write {target}: {exc.strerror or exc}"), file=sys.stderr)
        return 2
    print(
        f"wrote {target}: print both pages double-sided ({args.duplex} edge) at 100 %, then follow the steps on the sheet"
    )
    return 0
