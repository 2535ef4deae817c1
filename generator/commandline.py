"""What every command shares: the exit statuses, the usage error, the kit directories given, `--jobs`, and
findings printed as text, JSON or SARIF. cli.py and the commands in commands/ import it; it imports neither."""

from __future__ import annotations

import argparse
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


def kit_dirs(paths: list[Path]) -> list[Path]:
    """The kit directories given on the command line, each checked to be one (a usage error if not)."""
    for path in paths:
        if not path.exists():
            raise UsageError(f"{path} does not exist")
        if not path.is_dir():
            raise UsageError(f"{path} is not a directory; give the kit directory that holds kit.yaml")
    return paths


def load_kits(paths: list[Path], lang: str) -> tuple[list[LoadedKit], Report]:
    """Kits about to write output, with their findings; when they have no errors, their ids must differ
    (each writes OUTPUT/<id>/) and each must have the edition `lang` asks for ("all": any)."""
    from pnpkit.validator.findings import Report
    from pnpkit.validator.kit import load_kit

    report = Report()
    kits = []
    for path in kit_dirs(paths):
        loaded = load_kit(path)
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
