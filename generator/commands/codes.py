"""List every finding code with its severity and meaning; with a whole code, explain it: why it is a problem,
a bad example and the fix."""

from __future__ import annotations

import argparse
import re
import sys
import textwrap

WIDTH = 88
WHOLE_CODE = re.compile(r"[A-Z]+[0-9]{3}")
"""What a whole code looks like (PK333, ES001): one that is not in the catalogue is "no such code"."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "prefix", nargs="?", default="", help="only codes starting with this, e.g. PK or ES0; a whole code explains it"
    )


def run(args: argparse.Namespace) -> int:
    from pnpkit.validator import codes
    from pnpkit.validator.findings import visible

    wanted = args.prefix.strip().upper()
    if wanted not in codes.CODES:  # a prefix, or a game's own code (a game adds codes, never changes one)
        from pnpkit.validator.games import GAMES

        for tag in GAMES:
            GAMES[tag]  # importing a game registers its codes
    if wanted in codes.CODES:
        print(explanation(wanted))
        return 0
    if wanted in codes.RETIRED:
        print(f"{wanted}  retired  {codes.RETIRED[wanted]}")
        return 0
    found = [code for code in sorted(codes.CODES) if code.startswith(wanted)]
    if not found:  # a typo must not look like an empty catalogue: exit 2, as for any usage error
        what = "no such code" if WHOLE_CODE.fullmatch(wanted) else "no code starts with"
        print(f"pnpkit: error: {what} '{visible(args.prefix)}'; `pnpkit codes` lists them all", file=sys.stderr)
        return 2
    for code in found:
        severity, title = codes.CODES[code]
        print(f"{code}  {severity.value:<7}  {title}")
    return 0


def explanation(code: str) -> str:
    """The block `pnpkit codes CODE` prints: the code's line, why, a bad example, the fix, and whether
    an `ignore:` entry may silence it."""
    from pnpkit.validator import codes
    from pnpkit.validator.explanations import explain
    from pnpkit.validator.suppress import can_silence

    severity, title = codes.CODES[code]
    found = explain(code)
    out = [f"{code}  {severity.value}  {title}", "", *_wrap(found.why)]
    if found.bad:
        out += ["", "For example:", *("    " + line for line in found.bad.rstrip("\n").split("\n"))]
    out += ["", *_wrap("Fix: " + found.fix), ""]
    if code in ("PK330", "PK331"):
        out += _wrap("An `ignore:` entry cannot silence it: correct or remove the entry.")
    elif can_silence(code):
        out += _wrap(
            "Where it is right as written, silence it at that one place, with the reason, in the kit's "
            f"`ignore:` list: `- {{code: {code}, at: FILE:LINE, why: ...}}`."
        )
    else:
        out += _wrap("An `ignore:` entry cannot silence it: the kit cannot be read or printed as written.")
    return "\n".join(out)


def _wrap(text: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, break_on_hyphens=False, break_long_words=False)
