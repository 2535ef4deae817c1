"""Hand a kit's texts to translators as a gettext catalogue (PO), and write their translations back.

  extract  every text of the kit with its context id, file and line, source language and what to keep
           (placeholders, icons, markup); the kit's texts in --lang fill msgstr
  apply    each translated entry written into the YAML value or table column it came from, the rest of every
           file kept byte for byte; fuzzy, untranslated and mismatched entries are reported and left out

Poedit, Weblate, Crowdin and every gettext tool read and write these files. See docs/translating.md.
Exit status: 0 done, 1 content errors (the kit does not load, the catalogue no longer matches the kit, an entry
drops a placeholder), 2 usage errors.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnpkit.validator.kit import LoadedKit

    from ..translations.apply import Outcome

SHOWN = 5
"""How many contexts a report line names before `…`."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ..commandline import language_tag

    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    actions = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=type(parser), required=True)
    extract = actions.add_parser(
        "extract", help="write the kit's texts as a PO file for translators", description=_EXTRACT_HELP
    )
    extract.add_argument("path", type=Path, metavar="KIT", help="the kit directory (it holds a kit.yaml)")
    extract.add_argument(
        "--lang", type=language_tag, required=True, metavar="TAG", help="the language to translate into"
    )
    extract.add_argument(
        "--from",
        dest="source",
        type=language_tag,
        metavar="TAG",
        help="the language to translate from (default: en where the kit ships it, else its first language)",
    )
    extract.add_argument("-o", "--output", type=Path, metavar="FILE", help="the PO file to write (default: stdout)")
    extract.add_argument(
        "--force", action="store_true", help="overwrite FILE even when it holds translations the kit does not have"
    )
    apply = actions.add_parser(
        "apply", help="write a PO file's translations into the kit's files", description=_APPLY_HELP
    )
    apply.add_argument("path", type=Path, metavar="KIT", help="the kit directory (it holds a kit.yaml)")
    apply.add_argument("catalogue", type=Path, metavar="FILE", help="the translated PO file")
    apply.add_argument(
        "--lang", type=language_tag, metavar="TAG", help="the language the file translates into (default: its header's)"
    )
    apply.add_argument(
        "--from",
        dest="source",
        type=language_tag,
        metavar="TAG",
        help="the language it translates from (default: its header's X-Source-Language)",
    )
    apply.add_argument("--dry-run", action="store_true", help="report what would be written; write nothing")


_EXTRACT_HELP = """Write every text of the kit as a PO file: one entry per place a text is written, msgctxt its
context id (decks[weather].cards[sunny].title), a reference to its file and line, a note naming the placeholders
and markup to keep, and the kit's own text in --lang as msgstr where it has one. An existing FILE is overwritten
only when that loses no translation the kit lacks (else --force)."""

_APPLY_HELP = """Write the translations of a PO file into the kit: each into the YAML value or the table cell its
text came from, a new `de:` key beside the others or a new `title.de` column (after the table's last) where the
kit has none yet, and the language into `languages:` when the kit does not list it. Fuzzy and untranslated entries, and
entries that drop or add a placeholder or markup, are reported and left out. The whole apply is refused, nothing
written, when an entry's source text is no longer the kit's."""


def run(args: argparse.Namespace) -> int:
    return run_extract(args) if args.action == "extract" else run_apply(args)


def _kit(path: Path) -> LoadedKit | None:
    """The kit, loaded (errors allowed: a kit waiting for its translations has some); None, with its findings
    printed, when it does not load at all."""
    from pnpkit.validator.kit import load_kit

    from ..commandline import kit_dirs, print_findings

    loaded = load_kit(kit_dirs([path])[0])
    if loaded.kit is None:
        print_findings(loaded.report.sorted(), "text")
        print("pnpkit: error: the kit does not load; nothing was extracted", file=sys.stderr)
        return None
    return loaded


def run_extract(args: argparse.Namespace) -> int:
    from pnpkit.validator.findings import visible

    from ..commandline import EXIT_CONTENT, EXIT_OK, UsageError
    from ..translations.catalogue import write_catalogue
    from ..translations.entries import editions, kit_entries, source_language

    loaded = _kit(args.path)
    if loaded is None:
        return EXIT_CONTENT
    tags = editions(loaded)
    source = source_language(loaded, args.source)
    if source not in tags:
        raise UsageError(f"{args.path} has no {source!r} texts to translate from; it ships {', '.join(tags)}")
    if args.lang == source:
        raise UsageError(f"--lang {args.lang} is the language translated from; name another, or choose --from")
    entries, untranslatable = kit_entries(loaded, source, args.lang)
    text = write_catalogue(loaded.model.id, source, args.lang, entries)
    translated = sum(1 for entry in entries if entry.translation is not None)
    summary = f"{len(entries)} texts from {source}, {translated} already in {args.lang}"
    if untranslatable:
        summary += (
            f"; {len(untranslatable)} left out, with no {source} text in the kit's files ({_first(untranslatable)})"
        )
    if args.output is None:  # UTF-8, as the header says, whatever the console's encoding
        sys.stdout.flush()
        out = getattr(sys.stdout, "buffer", None)
        if out is not None:
            out.write(text.encode("utf-8"))
        else:
            sys.stdout.write(text)
        print(visible(summary), file=sys.stderr)
        return EXIT_OK
    problem = None if args.force else _would_lose(args.output, entries)
    if problem:
        print(f"pnpkit: error: {visible(problem)}", file=sys.stderr)
        return EXIT_CONTENT
    _write(args.output, text.encode("utf-8"))
    print(visible(f"wrote {args.output}: {summary}"))
    return EXIT_OK


def _would_lose(output: Path, entries: list) -> str:
    """Why writing `output` over the file there would lose a translator's work ("" when it would not)."""
    from ..translations.catalogue import CatalogueError, read_catalogue

    if not output.exists():
        return ""
    if not output.is_file():
        from ..commandline import UsageError

        raise UsageError(f"{output} is not a file")
    try:
        old = read_catalogue(output)
    except CatalogueError as exc:
        return f"{exc}; --force overwrites it"
    kept = {entry.context: entry.translation for entry in entries}
    lost = [t.context for t in old.translations if t.text.strip() and not t.fuzzy and kept.get(t.context) != t.text]
    if not lost:
        return ""
    return (
        f"{output} holds {len(lost)} translation(s) the kit does not have ({_first(lost)}): apply it first "
        "(pnpkit i18n apply), or --force to overwrite it"
    )


def _write(output: Path, data: bytes) -> None:
    from ..commandline import UsageError
    from ..studio.edits.files import EditRefused, atomic_write

    if not output.parent.is_dir():
        raise UsageError(f"{output.parent} is not a directory")
    try:
        atomic_write(output, data)
    except EditRefused as exc:
        raise UsageError(f"cannot write into {output.parent}: {exc.message}") from None


def run_apply(args: argparse.Namespace) -> int:
    from pnpkit.validator.findings import visible
    from pnpkit.validator.language_tags import tag_problem

    from ..commandline import EXIT_CONTENT, EXIT_OK, UsageError, kit_dirs
    from ..translations.apply import ApplyRefused, apply_catalogue
    from ..translations.catalogue import CatalogueError, read_catalogue

    root = kit_dirs([args.path])[0]
    if not args.catalogue.is_file():
        raise UsageError(f"{args.catalogue} is not a file")
    try:
        catalogue = read_catalogue(args.catalogue)
    except CatalogueError as exc:
        print(f"pnpkit: error: {visible(str(exc))}", file=sys.stderr)
        return EXIT_CONTENT
    lang = (args.lang or catalogue.language).replace("_", "-")  # gettext writes de_DE, BCP 47 de-DE
    if not lang:
        raise UsageError(f"{args.catalogue} names no Language: in its header; give --lang")
    if tag_problem(lang) is not None:
        raise UsageError(f"{args.catalogue}: Language: {lang!r} is not a language tag; give --lang")
    if args.lang and catalogue.language and args.lang.lower() != catalogue.language.replace("_", "-").lower():
        raise UsageError(f"--lang {args.lang} but {args.catalogue} translates into {catalogue.language}")
    try:
        outcome = apply_catalogue(root, catalogue, lang, args.source, args.dry_run)
    except ApplyRefused as exc:
        print(f"pnpkit: error: {visible(str(exc))}", file=sys.stderr)
        return EXIT_CONTENT
    for line in _report(outcome, args.catalogue, root, args.dry_run):
        print(visible(line))
    return EXIT_CONTENT if outcome.mismatched else EXIT_OK


def _report(outcome: Outcome, catalogue: Path, root: Path, dry_run: bool) -> list[str]:
    """The apply's report: what was written, then each kind of entry left out, counted, with the first few."""
    verb = "would write" if dry_run else "wrote"
    files = f" into {', '.join(outcome.files)}" if outcome.files else ""
    lines = [f"{catalogue} → {root}: {verb} {len(outcome.applied)} {outcome.language} text(s){files}"]
    if outcome.language_added:
        lines[0] += f"; {outcome.language!r} added to `languages:` in {outcome.language_added}"
    if outcome.unchanged:
        lines.append(f"  {outcome.unchanged} already in the kit as translated")
    if outcome.missing:
        lines.append(f"  {len(outcome.missing)} untranslated, left out: {_first(outcome.missing)}")
    if outcome.fuzzy:
        lines.append(f"  {len(outcome.fuzzy)} fuzzy (to review), left out: {_first(outcome.fuzzy)}")
    for context, why in outcome.mismatched[:SHOWN]:
        lines.append(f"  {context}: {why}; left out")
    if len(outcome.mismatched) > SHOWN:
        lines.append(f"  … and {len(outcome.mismatched) - SHOWN} more whose placeholders or markup differ; left out")
    if outcome.gone:
        lines.append(f"  {len(outcome.gone)} no longer in the kit, left out: {_first(outcome.gone)}")
    if outcome.without_context:
        lines.append(f"  {outcome.without_context} without a context (not from pnpkit i18n extract), left out")
    return lines


def _first(contexts: list[str]) -> str:
    shown = ", ".join(contexts[:SHOWN])
    return shown + (", …" if len(contexts) > SHOWN else "")
