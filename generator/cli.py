"""The `pnpkit` command: validate and build kits.

Exit status: 0 clean (warnings allowed), 1 content errors, 2 usage errors.
"""

from __future__ import annotations

import argparse
import gc
import io
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from pnpkit.validator import __version__

from .commandline import (
    EXIT_CONTENT,
    EXIT_OK,
    EXIT_USAGE,
    UsageError,
    add_jobs_option,
    kit_dirs,
    load_kits,
    print_findings,
)
from .commands import COMMANDS

if TYPE_CHECKING:
    pass

YOUNG_COLLECTION = 20_000
"""Allocations between young collections. A build makes millions of short-lived objects and few cycles;
at Python's default (700) the collector ran a thousand times a build and took a tenth of its time."""


_own_process = False
"""True when this command is the whole process (`pnpkit ...`), not a call from other code (tests, a library)."""


def keep_for_the_run() -> None:
    """What exists now (modules, the loaded kits) lives until the command ends: the collector stops
    walking it again at every full collection, and workers forked later share those pages untouched.
    Only in a process of its own: a caller's heap is the caller's business."""
    if _own_process:
        gc.freeze()


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # usage, then one line naming the problem; exit 2
        from pnpkit.validator.findings import visible

        self.print_usage(sys.stderr)
        print(f"pnpkit: error: {visible(message)}", file=sys.stderr)  # it can quote an argument as typed
        raise SystemExit(EXIT_USAGE)


def make_parser(loaded: Iterable[str] = COMMANDS) -> argparse.ArgumentParser:
    """The `pnpkit` parser. Every command is listed, but only the commands in `loaded` (names from
    commands.COMMANDS) have their modules imported for their arguments: `main` loads the one it runs."""
    parser = _Parser(
        prog="pnpkit",
        description="Check tabletop game kits written in YAML and build print-ready A4 PDFs and SVGs.",
        epilog="Exit status: 0 clean (warnings allowed), 1 content errors, 2 usage errors.",
    )
    parser.add_argument("--version", action="version", version=f"pnpkit {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    validate = commands.add_parser(
        "validate",
        help="check kits and report every problem",
        description="Check kit directories against their rule models and report every finding with file:line:col.",
    )
    validate.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="kit directories (each holds a kit.yaml)")
    validate.add_argument(
        "--format", choices=("text", "json", "sarif"), default="text", help="how to print findings (default: text)"
    )
    validate.add_argument(
        "--no-layout", action="store_true", help="check the data only; skip laying out pages (text fit, missing glyphs)"
    )
    validate.add_argument(
        "--simulate",
        type=_games,
        default=0,
        metavar="N",
        help="also play N games of a game that has an engine, and report what play shows (decks that run dry, "
        "frequent ties with no tie rule, games that do not end, unbalanced seats) as warnings at the rule",
    )
    add_jobs_option(validate)

    build = commands.add_parser(
        "build",
        help="validate, then write PDFs and SVGs",
        description="Validate kits, then write every component as PDF (and SVG) into OUTPUT/<kit>/<lang>/. Nothing is written when the content has errors.",
    )
    build.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="kit directories")
    build.add_argument("-o", "--output", type=Path, default=Path("output"), help="output directory (default: output)")
    build.add_argument(
        "--lang",
        choices=("ja", "en", "all"),
        default="all",
        help="which edition to build (default: all the kit declares)",
    )
    build.add_argument("--no-svg", action="store_true", help="write PDFs only")
    build.add_argument(
        "--playtest",
        type=_games,
        default=0,
        metavar="N",
        help="play N games (pnpkit simulate at the kit's defaults) and end the kit book with the playtest report page",
    )
    add_only_option(build)
    add_jobs_option(build)
    add_print_options(build)
    build.add_argument("--format", choices=("text", "json"), default="text", help="how to print findings")

    watch = commands.add_parser(
        "watch",
        help="build, then rebuild on every save",
        description="Build a kit, then rebuild it whenever a file in it changes: only the components that changed"
        " are written again, each file replaced whole. Findings show as they appear and go when fixed.",
    )
    watch.add_argument("path", type=Path, metavar="PATH", help="the kit directory")
    watch.add_argument("-o", "--output", type=Path, default=Path("output"), help="output directory (default: output)")
    watch.add_argument("--lang", choices=("ja", "en", "all"), default="all", help="which edition (default: all)")
    watch.add_argument("--no-svg", action="store_true", help="write PDFs only")
    add_print_options(watch)

    from .commands import load

    for name, line in COMMANDS.items():
        if name not in loaded:
            commands.add_parser(name, help=line)  # for `pnpkit --help`; never parses
            continue
        module = load(name)
        sub = commands.add_parser(name, help=line, description=module.__doc__)
        module.add_arguments(sub)
        sub.set_defaults(run=module.run)
    return parser


def _named_command(argv: list[str]) -> tuple[str, ...]:
    """The extra command the command line runs, if any: the first argument that is no option, since the
    options before a command (--help, --version) take no value."""
    name = next((arg for arg in argv if not arg.startswith("-")), None)
    return (name,) if name in COMMANDS else ()


SIMULATE_MOST = 100_000
"""The most games `validate --simulate` plays."""


def _games(text: str) -> int:
    """`--simulate N`: a whole number of games, bounded before anything is played."""
    if not text.isdigit() or not 1 <= int(text) <= SIMULATE_MOST:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of games from 1 to {SIMULATE_MOST}")
    return int(text)


def _ids(text: str) -> tuple[str, ...]:
    ids = tuple(dict.fromkeys(part.strip() for part in text.split(",") if part.strip()))
    if not ids:
        raise argparse.ArgumentTypeError("give one or more component or deck ids, separated by commas")
    return ids


def add_only_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--only",
        type=_ids,
        default=(),
        metavar="ID[,ID]",
        help="build just these components (a deck, sheet or component id, e.g. cards-goods or goods) and keep the"
        " rest of the output as it is; kit.pdf is not rebuilt",
    )


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


def print_overrides(args: argparse.Namespace) -> dict:
    return {
        "paper": args.paper,
        "bleed": args.bleed,
        "duplex": args.duplex,
        "back_offset": args.back_offset,
        "layout": args.layout,
        "marks": args.marks,
        "ink_saver": args.ink_saver,
    }


def _join_negative_values(argv: list[str]) -> list[str]:
    """`--back-offset -0.5,0.3`: argparse would take the value for an option; glue it on."""
    out: list[str] = []
    for arg in argv:
        if out and out[-1] in ("--back-offset", "--bleed") and arg[:1] == "-" and arg[1:2].isdigit():
            out[-1] = f"{out[-1]}={arg}"
        else:
            out.append(arg)
    return out


DATA_FORMATS = ("json", "sarif")


def _prepare_output(args: argparse.Namespace | None = None) -> None:
    """Output never fails on the console's encoding (cp932 on Japanese Windows, ASCII in a bare pipe).

    Text goes out in the console's encoding, a character it lacks replaced by '?'; JSON and SARIF are data
    whose format says UTF-8, so they go out as UTF-8 bytes whatever the console is.
    """
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors="replace")
    if args is None:
        return
    data = getattr(args, "format", "text") in DATA_FORMATS or (
        args.command == "schema" and getattr(args, "output", None) is None
    )
    stdout = sys.stdout
    if data and isinstance(stdout, io.TextIOWrapper) and (stdout.encoding or "").lower().replace("-", "") != "utf8":
        stdout.reconfigure(encoding="utf-8", errors="strict")


def main(argv: list[str] | None = None, *, own_process: bool = False) -> int:
    """The command; `own_process` (the `pnpkit` script) lets it tune the collector for a run that then ends."""
    global _own_process
    _own_process = own_process
    if own_process:
        gc.set_threshold(YOUNG_COLLECTION, *gc.get_threshold()[1:])
    _prepare_output()
    argv = _join_negative_values(sys.argv[1:] if argv is None else list(argv))
    parser = make_parser(_named_command(argv))
    args = parser.parse_args(argv)
    _prepare_output(args)
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    try:
        if args.command == "validate":
            return _validate(args)
        if args.command == "build":
            return _build(args)
        if args.command == "watch":
            return _watch(args)
        return args.run(args)
    except UsageError as exc:  # it names paths and ids as the user gave them
        from pnpkit.validator.findings import visible

        print(f"pnpkit: error: {visible(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("pnpkit: interrupted; nothing was written", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `pnpkit schema | head`: the reader left; that is not an error
        sys.stderr.close()
        return EXIT_OK
    except _disk_full() as exc:  # looked up only when an error gets this far: the module is not loaded otherwise
        line = _full_disk_line(exc)
        if line is None:
            raise
        from pnpkit.validator.findings import visible

        print(f"pnpkit: error: {visible(line)}", file=sys.stderr)
        return EXIT_CONTENT


def _disk_full() -> tuple[type[Exception], ...]:
    """The errors a full disk raises: the output's own (generator/outdir.py), and any other write's OSError."""
    from .outdir import DiskFullError

    return (DiskFullError, OSError)


def _full_disk_line(exc: Exception) -> str | None:
    """The one line for a full disk; None for any other OSError, which is no disk-full problem."""
    from .outdir import NO_SPACE, write_error

    if not isinstance(exc, OSError):
        return str(exc)
    return str(write_error(exc, exc.filename or "a file")) if exc.errno in NO_SPACE else None


def _validate(args: argparse.Namespace) -> int:
    from pnpkit.validator.findings import Report
    from pnpkit.validator.kit import load_kit

    from .jobs import default_jobs

    report = Report()
    for path in kit_dirs(args.paths):
        loaded = load_kit(path)
        keep_for_the_run()
        report.extend(loaded.report.findings)
        if loaded.ok and not args.no_layout:
            from .build import layout_findings  # the layouts, fonts and games: only when pages are laid out

            report.extend(layout_findings(loaded, args.jobs or default_jobs()))
        if loaded.kit is not None and args.simulate:  # an as-written kit with errors still plays
            from pnpkit.validator.playtest.findings import play_findings

            report.extend(play_findings(loaded, args.simulate, args.jobs or default_jobs()))
    findings = report.sorted()
    print_findings(findings, args.format)
    if args.format == "text" and not findings:
        print(f"{len(args.paths)} kit(s) OK")
    return EXIT_CONTENT if report.has_errors else EXIT_OK


def _build(args: argparse.Namespace) -> int:
    import shutil

    from pnpkit.validator.findings import visible

    from .build import BuildOptions, KitRun, OutputError, SettingsError, build_all, plan
    from .jobs import default_jobs
    from .progress import Progress

    loaded_kits, report = load_kits(args.paths, args.lang)
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
                only=args.only,
                playtest=args.playtest,
            )
            runs.append(plan(loaded, options))
        with Progress() as progress:
            result = build_all(runs, args.jobs or default_jobs(), progress)
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


def _watch(args: argparse.Namespace) -> int:
    from .build import BuildOptions, OutputError, SettingsError
    from .watch import watch

    (root,) = kit_dirs([args.path])
    if not (root / "kit.yaml").is_file():
        raise UsageError(f"{root} has no kit.yaml; give the kit directory (`pnpkit new DIR` makes one)")
    languages = None if args.lang == "all" else (args.lang,)
    options = BuildOptions(args.output, languages, print_overrides(args), svg=not args.no_svg)
    try:
        return watch(root, options)
    except (OutputError, SettingsError) as exc:
        raise UsageError(str(exc)) from None


if __name__ == "__main__":
    sys.exit(main())
