"""The `pnpkit` command line: the parser and the dispatch to the command it names.

Each command is a module in commands/ (`add_arguments`, `run`); this module reads the command line, runs
the command, and turns what escapes it (a usage error, Ctrl-C, a closed pipe, a full disk) into one line
and an exit status: 0 clean (warnings allowed), 1 content errors, 2 usage errors.
"""

from __future__ import annotations

import argparse
import gc
import io
import sys
from collections.abc import Iterable
from typing import NoReturn

from pnpkit.validator import __version__

from .commandline import EXIT_CONTENT, EXIT_OK, EXIT_USAGE, UsageError, set_own_process
from .commands import COMMANDS, load

YOUNG_COLLECTION = 20_000
"""Allocations between young collections. A build makes millions of short-lived objects and few cycles;
at Python's default (700) the collector ran a thousand times a build and took a tenth of its time."""


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
    """The command the command line runs, if any: the first argument that is no option, since the
    options before a command (--help, --version) take no value."""
    name = next((arg for arg in argv if not arg.startswith("-")), None)
    return (name,) if name in COMMANDS else ()


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
    set_own_process(own_process)
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


if __name__ == "__main__":
    sys.exit(main())
