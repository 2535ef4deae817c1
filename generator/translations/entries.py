"""Every text of a kit as a translator's entry: a stable context id, the source-language text, the translation the
kit has now, and where the source is written.

The texts are the validator's own (validator.walk: every LocalText of the model, card fields, table columns,
rules, sheets, tokens, boards, the kit's title), so a text the checks read is a text the translator sees. The
context id names each list item by its `id` where it has one (`decks[weather].cards[sunny].title`) and by its
place otherwise (`rules.sections[2].body`): a card moved in its table keeps its id.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from pnpkit.validator.findings import Location
from pnpkit.validator.kit import LoadedKit
from pnpkit.validator.source import format_path
from pnpkit.validator.walk import walk


@dataclass(frozen=True)
class TextEntry:
    """One text of the kit, as the catalogue holds it."""

    context: str
    """The stable id of the text (the PO entry's msgctxt)."""
    path: tuple
    """The text's path in the kit's model."""
    source: str
    """The text in the source language (the msgid)."""
    translation: str | None
    """The text in the target language now, None when the kit has none."""
    where: Location
    """Where the source text is written (a YAML value or a table cell)."""
    reference: tuple[str, int]
    """The file (from the kit folder, posix) and line of `where`: the PO reference comment."""


def editions(loaded: LoadedKit) -> tuple[str, ...]:
    """The kit's languages as tags, in the order `languages:` lists them."""
    return tuple(str(lang) for lang in loaded.model.languages)


def source_language(loaded: LoadedKit, chosen: str | None) -> str:
    """The language translators read: `chosen` when given, else `en` where the kit ships it, else its first."""
    tags = editions(loaded)
    if chosen is not None:
        return chosen
    return "en" if "en" in tags else tags[0]


def kit_entries(loaded: LoadedKit, source: str, target: str) -> tuple[list[TextEntry], list[str]]:
    """Every text of the kit that is written in `source` in one of its files, in file order; and the context ids of
    those that are not (a text without its source has nothing to translate from, and one the model supplies is
    written in no file a translation could go into)."""
    model = loaded.model
    entries: list[TextEntry] = []
    untranslatable: list[str] = []
    found = [(path, text) for path, text, _owners in walk(model).texts]
    contexts = context_ids(model, [path for path, _text in found])
    for (path, text), context in zip(found, contexts):
        value = text.text(source)
        where = loaded.source.values.get(path + (source,))
        if value is None or where is None or not where.file:  # nothing to translate, or no file to write it in
            untranslatable.append(context)
            continue
        entries.append(
            TextEntry(context, path, value, text.text(target), where, (kit_relative(loaded.root, where), where.line))
        )
    return entries, untranslatable


def kit_relative(root: Path, where: Location) -> str:
    """The file of `where` from the kit folder, with '/' between parts (the validator names it from the working
    folder)."""
    if not where.file:
        return ""
    return Path(os.path.relpath(os.path.abspath(where.file), os.path.abspath(root))).as_posix()


def context_ids(model: BaseModel, paths: list[tuple]) -> list[str]:
    """Each path's context id; two paths whose ids would be the same (ids given twice) are named by place."""
    named = [_named_path(model, path) for path in paths]
    seen: dict[str, int] = {}
    for name in named:
        seen[name] = seen.get(name, 0) + 1
    return [name if seen[name] == 1 else format_path(path) for name, path in zip(named, paths)]


def _named_path(model: Any, path: tuple) -> str:
    """`decks[weather].cards[sunny].title`: each list item by its id where it has one, else by its place."""
    out, node = "", model
    for part in path:
        if isinstance(part, int):
            item = node[part] if isinstance(node, (list, tuple)) and 0 <= part < len(node) else None
            ident = getattr(item, "id", None)
            if isinstance(ident, str) and ident:
                out += f"[id={ident}]" if ident.isdigit() else f"[{ident}]"
            else:
                out += f"[{part}]"
            node = item
            continue
        out += ("." if out else "") + str(part)
        if isinstance(node, BaseModel):
            node = getattr(node, part, None)
        else:
            node = node.get(part) if isinstance(node, dict) else None
    return out
