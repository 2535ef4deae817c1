"""Write a duplex calibration sheet: print it double-sided, hold it to the light, read the back offset."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

NAME = "calibrate"
HELP = "write a duplex calibration sheet to find your printer's back offset"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-o", "--output", type=Path, default=Path("calibration.pdf"), help="PDF to write (default: calibration.pdf)"
    )
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4")
    parser.add_argument(
        "--duplex", choices=("long", "short"), default="long", help="the flip your printer will use for the cards"
    )
    parser.add_argument("--lang", choices=("ja", "en"), default="en")


def run(args: argparse.Namespace) -> int:
    from pnpkit.validator.components.printing import PrintSettings

    from ..backends import pdf
    from ..layouts.calibration import calibration_pages
    from ..layouts.common import LayoutContext
    from ..scene import Bookmark, Document
    from ..units import PAPERS

    settings = PrintSettings(paper=args.paper, duplex=args.duplex)
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
    if target.is_dir():
        print(f"pnpkit: error: {target} is a directory; give a file name such as calibration.pdf", file=sys.stderr)
        return 2
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=".pnpkit-", suffix=".pdf", dir=target.parent)
        with os.fdopen(handle, "wb") as out:
            out.write(pdf.render(document))
        os.replace(temp, target)
    except OSError as exc:
        print(f"pnpkit: error: cannot write {target}: {exc.strerror}", file=sys.stderr)
        return 2
    print(
        f"wrote {target}: print both pages double-sided ({args.duplex} edge) at 100 %, then follow the steps on the sheet"
    )
    return 0
