"""The PO file: written from a kit's entries, read back into what each entry asks.

One entry per place a text is written (msgctxt the text's context id), so Weblate, Poedit and Crowdin show each
card's field on its own, with its file and line, and a note for what the translation must keep.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnpkit.validator.placeholders import PLACEHOLDER

from .entries import TextEntry
from .keep import note

MAX_CATALOGUE_BYTES = 32 * 1024 * 1024
"""The largest PO file read: four times the texts the largest kit can hold (each table and file at most 8 MB)."""


class CatalogueError(Exception):
    """A PO file that cannot be read, with the one line that says why."""


@dataclass(frozen=True)
class Translation:
    """One entry of a PO file as apply reads it."""

    context: str
    source: str
    text: str
    fuzzy: bool


@dataclass(frozen=True)
class Catalogue:
    language: str
    """The PO header's `Language:` ("" when it has none)."""
    source_language: str
    """The header's `X-Source-Language:` ("" when it has none)."""
    translations: list[Translation]
    without_context: int
    """Entries with no msgctxt or with plural forms: not written by `pnpkit i18n extract`, left alone."""


def write_catalogue(kit_id: str, source: str, target: str, entries: list[TextEntry]) -> str:
    """The PO file's text: a header naming the kit and both languages, then one entry per text, in file order."""
    import polib

    po = polib.POFile(wrapwidth=78)
    po.header = (
        f"Translations of the kit {kit_id} from {source} into {target}.\n"
        "Translate each msgstr; keep {placeholders}, inline icons ({sun}) and markup (**bold**, <red>...</>).\n"
        f"Then write them into the kit: pnpkit i18n apply KIT {target}.po"
    )
    po.metadata = {
        "Project-Id-Version": kit_id,
        "Language": target,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "X-Source-Language": source,
        "X-Generator": "pnpkit i18n extract",
    }
    for entry in entries:
        file, line = entry.reference
        po.append(
            polib.POEntry(
                msgctxt=entry.context,
                msgid=entry.source,
                msgstr=entry.translation or "",
                occurrences=[(file, str(line) if line else "")] if file else [],
                comment=note(entry.source),
                flags=["python-brace-format"] if PLACEHOLDER.search(entry.source) else [],
            )
        )
    return str(po)


def read_catalogue(path: Path) -> Catalogue:
    """A PO file's entries; a file too large, not UTF-8 or not PO is a CatalogueError."""
    import polib

    try:
        size = path.stat().st_size
        if size > MAX_CATALOGUE_BYTES:
            raise CatalogueError(f"{path.name} is {size:,} bytes; a catalogue may be up to {MAX_CATALOGUE_BYTES:,}")
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise CatalogueError(f"{path} cannot be read: {exc.strerror or type(exc).__name__}") from None
    except UnicodeDecodeError as exc:
        raise CatalogueError(f"{path.name} is not UTF-8 (byte {exc.start + 1}); save it as UTF-8") from None
    try:
        po = polib.pofile(text)
    except (OSError, ValueError) as exc:
        raise CatalogueError(f"{path.name} does not read as a PO file: {str(exc).splitlines()[0]}") from None
    translations: list[Translation] = []
    without_context = 0
    for entry in po:
        if entry.obsolete:
            continue
        if entry.msgctxt is None or entry.msgid_plural:
            without_context += 1
            continue
        translations.append(Translation(entry.msgctxt, entry.msgid, entry.msgstr, "fuzzy" in entry.flags))
    return Catalogue(
        po.metadata.get("Language", ""), po.metadata.get("X-Source-Language", ""), translations, without_context
    )
