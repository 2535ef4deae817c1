"""What the commands share: the exit statuses, the usage error, the kit directories given, `--jobs`, a number of
games, the print settings, findings printed as text, JSON or SARIF, and what a run keeps in memory.
cli.py and the commands in commands/ import it; it imports neither, so it loads nothing heavy."""

from __future__ import annotations

import argparse
import gc
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from pnpkit.validator import __version__

if TYPE_CHECKING:
    from pnpkit.validator.findings import Finding, Report
    from pnpkit.validator.kit import LoadedKit

EXIT_OK, EXIT_CONTENT, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    pass


def _jobs(text: str) -> int:
    try:
        jobs = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= jobs <= 256:
        raise argparse.ArgumentTypeError(f"{jobs} is not between 1 and 256")
    return jobs


def add_jobs_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-j",
        "--jobs",
        type=_jobs,
        default=None,
        metavar="N",
        help="worker processes; the output is the same for any N (default: one per CPU; 1: no workers)",
    )


SIMULATE_MOST = 100_000
"""The most games `validate --simulate` and `build --playtest` play."""


def game_count(text: str) -> int:
    """`--simulate N`, `--playtest N`: a whole number of games, bounded before anything is played."""
    if not text.isdigit() or not 1 <= int(text) <= SIMULATE_MOST:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of games from 1 to {SIMULATE_MOST}")
    return int(text)


def language_tag(text: str) -> str:
    """`--lang TAG`: a language tag (BCP 47: `en`, `de`, `pt-BR`, `zh-Hans`) as the kit writes it; whether the
    kit ships that edition is checked against the kit, with the list of those it does."""
    from pnpkit.validator.language_tags import tag_problem

    problem = tag_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return text


def edition_choice(text: str) -> str:
    """`--lang TAG` or `--lang all` (every edition the kit declares)."""
    return text if text == "all" else language_tag(text)


def _back_offset(text: str) -> list[float]:
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not X,Y in millimetres, e.g. 0.5,-1") from None
    return [x, y]


def add_print_options(parser: argparse.ArgumentParser) -> None:
    """Print settings; each overrides the kit's `print:` block."""
    group = parser.add_argument_group("print settings (override the kit's print: block)")
    group.add_argument("--paper", choices=("a4", "letter"), help="paper size (default a4)")
    group.add_argument(
        "--bleed",
        type=float,
        metavar="MM",
        help="print-shop mode: bleed around every card, with TrimBox and BleedBox on every page",
    )
    group.add_argument(
        "--duplex",
        choices=("long", "short", "none"),
        help="how backs follow fronts: flip on the long or short edge, or no backs",
    )
    group.add_argument(
        "--back-offset",
        type=_back_offset,
        metavar="X,Y",
        help="shift the backs only, in mm (find it with `pnpkit calibrate`)",
    )
    group.add_argument(
        "--layout", choices=("nup", "gutterfold"), help="n-up sheets with duplex backs, or gutterfold (fold, glue, cut)"
    )
    group.add_argument("--marks", choices=("crop", "guides", "none"), help="crop marks, home cut guides, or nothing")
    group.add_argument("--ink-saver", action="store_true", default=None, help="pale fills to save ink")
    group.add_argument(
        "--pdfx", action="store_true", default=None, help="PDF/X-4 files for a print shop (sRGB output intent)"
    )


def print_overrides(args: argparse.Namespace) -> dict:
    """The print settings given on the command line (None: the kit's own), as BuildOptions takes them."""
    return {
        "paper": args.paper,
        "bleed": args.bleed,
        "duplex": args.duplex,
        "back_offset": args.back_offset,
        "layout": args.layout,
        "marks": args.marks,
        "ink_saver": args.ink_saver,
        "pdfx": args.pdfx,
    }


_own_process = False
"""True when the command is the whole process (`pnpkit ...`), not a call from other code (tests, a library)."""


def set_own_process(own: bool) -> None:
    """Whether the command now running is the whole process (cli.main says so for each command it runs)."""
    global _own_process
    _own_process = own


def keep_for_the_run() -> None:
    """What exists now (modules, the loaded kits) lives until the command ends: the collector stops
    walking it again at every full collection, and workers forked later share those pages untouched.
    Only in a process of its own: a caller's heap is the caller's business."""
    if _own_process:
        gc.freeze()


def kit_dirs(paths: list[Path]) -> list[Path]:
    """The kit directories given on the command line, each checked to be one (a usage error if not)."""
    for path in paths:
        if not path.exists():
            raise UsageError(f"{path} does not exist")
        if not path.is_dir():
            raise UsageError(f"{path} is not a directory; give the kit directory that holds kit.yaml")
    return paths


def add_translation_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--strict-translations",
        action="store_true",
        help="a release build: every text an edition lacks is an error (PK301), not printed in its fallback "
        "language with one warning per edition (PK372)",
    )


def load_kits(paths: list[Path], lang: str, strict_translations: bool = False) -> tuple[list[LoadedKit], Report]:
    """Kits about to write output, with their findings; when they have no errors, their ids must differ
    (each writes OUTPUT/<id>/) and each must have the edition `lang` asks for ("all": any)."""
    from pnpkit.validator.findings import Report
    from pnpkit.validator.kit import load_kit

    report = Report()
    kits = []
    for path in kit_dirs(paths):
        loaded = load_kit(path, strict_translations=strict_translations)
        report.extend(loaded.report.findings)
        kits.append(loaded)
    if report.has_errors:
        return kits, report
    ids = [loaded.model.id for loaded in kits]
    twice = sorted({kit_id for kit_id in ids if ids.count(kit_id) > 1})
    if twice:
        raise UsageError(f"two kits have the id {twice[0]!r}; they would write to the same output directory")
    for loaded in kits:
        if lang != "all" and lang not in loaded.model.languages:
            raise UsageError(f"{loaded.root} has no {lang!r} edition; it ships {', '.join(loaded.model.languages)}")
    return kits, report


def print_findings(findings: list[Finding], fmt: str) -> None:
    """Findings as text (on stderr when any is an error), JSON or SARIF, for every command that checks a kit."""
    from pnpkit.validator.findings import render_json, render_sarif, render_text

    if fmt == "json":
        print(render_json(findings))
    elif fmt == "sarif":
        print(render_sarif(findings, __version__))
    elif findings:
        print(render_text(findings), file=sys.stderr if any(f.is_error for f in findings) else sys.stdout)
