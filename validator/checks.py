"""Checks beyond the schema, shared by every rule model.

A check never raises: it adds findings to the context, so one run reports all.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

from pydantic import BaseModel

from . import codes
from .findings import Finding
from .placeholders import literal_numbers, names_in
from .source import Source, format_path
from .types import LocalText, RuleText


@dataclass
class CheckContext:
    """Where checks put their findings; paths are turned into `file:line:col` here."""

    source: Source
    languages: tuple[str, ...]
    findings: list[Finding] = field(default_factory=list)

    def add(self, code: str, path: tuple, message: str, hint: str = "", *, key: bool = False, col_offset: int = 0) -> None:
        location = self.source.locate(path, key=key)
        if col_offset:
            location = type(location)(location.file, location.line, location.col + col_offset)
        self.findings.append(codes.make(code, message, location, format_path(path), hint))


def walk_texts(model: Any, path: tuple = (), owners: tuple = ()) -> Iterator[tuple[tuple, LocalText, tuple]]:
    """Every LocalText in a model tree, with its path and the models that enclose it."""
    if isinstance(model, LocalText):
        yield path, model, owners
    elif isinstance(model, BaseModel):
        for name in type(model).model_fields:
            yield from walk_texts(getattr(model, name), path + (name,), owners + (model,))
    elif isinstance(model, (list, tuple)):
        for i, item in enumerate(model):
            yield from walk_texts(item, path + (i,), owners)
    elif isinstance(model, dict):
        for key, item in model.items():
            yield from walk_texts(item, path + (key,), owners)


def local_numbers(owners: tuple) -> dict[str, Any]:
    """Numeric fields of the enclosing models, nearest last so it wins: `{cells}` in an effect."""
    values: dict[str, Any] = {}
    for owner in owners:
        for name in type(owner).model_fields:
            value = getattr(owner, name)
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                values[name] = value
            elif isinstance(value, BaseModel):
                for sub in type(value).model_fields:
                    inner = getattr(value, sub)
                    if isinstance(inner, (int, float)) and not isinstance(inner, bool):
                        values.setdefault(f"{name}_{sub}", inner)
    return values


def check_texts(ctx: CheckContext, kit: Any, parameters: dict[str, Any]) -> None:
    """Translations are complete, placeholders resolve, rule prose takes its numbers from the model."""
    for path, text, owners in walk_texts(kit):
        for lang in text.missing(ctx.languages):
            ctx.add("PK301", path, f"no {lang!r} text", f"add `{lang}:` next to the other languages")
        known = parameters | local_numbers(owners)
        for lang in ctx.languages:
            value = getattr(text, lang, None)
            if value is None:
                continue
            for name in names_in(value):
                if name not in known:
                    close = ", ".join(sorted(known)[:12])
                    ctx.add("PK302", path + (lang,), f"unknown placeholder {{{name}}}", f"known: {close}")
            if isinstance(text, RuleText):
                for number in literal_numbers(value):
                    ctx.add(
                        "PK303",
                        path + (lang,),
                        f"the number {number} is written into the text",
                        "use a {placeholder} for the model parameter so text and rules agree",
                    )


def normalise_name(name: str) -> str:
    """NFKC, case-folded, without spaces and middle dots: how players would read two names as one."""
    text = unicodedata.normalize("NFKC", name).casefold()
    for mark in (" ", "\u3000", "・", "･", "·", "-", "_"):
        text = text.replace(mark, "")
    return text


def check_unique_ids(ctx: CheckContext, items: Iterable[Any], path: tuple, what: str) -> set[str]:
    """Ids are unique within a list; returns the set of ids for reference checks."""
    seen: Counter = Counter()
    ids: set[str] = set()
    for i, item in enumerate(items):
        item_id = getattr(item, "id", None)
        if item_id is None:
            continue
        if item_id in ids:
            ctx.add("PK304", path + (i, "id"), f"{what} id {item_id!r} is used twice", "give each one its own id")
        ids.add(item_id)
        seen[item_id] += 1
    return ids


def check_unique_names(ctx: CheckContext, items: Iterable[Any], path: tuple, what: str) -> None:
    """Two items whose names normalise to the same text confuse players, in any language."""
    for lang in ctx.languages:
        first: dict[str, int] = {}
        for i, item in enumerate(items):
            name = item.name.get(lang) if getattr(item, "name", None) else ""
            if not name:
                continue
            norm = normalise_name(name)
            if norm in first:
                ctx.add(
                    "PK313",
                    path + (i, "name", lang),
                    f"{what} name {name!r} reads the same as item {first[norm]}",
                    "rename one of them",
                )
            else:
                first[norm] = i


def check_decks(ctx: CheckContext, kit: Any, lists: dict[str, set[str]]) -> None:
    """Decks have cards, and entries that point into a model list point at something."""
    deck_ids = check_unique_ids(ctx, kit.decks, ("decks",), "deck")
    del deck_ids
    for d, deck in enumerate(kit.decks):
        path = ("decks", d)
        if deck.source is not None and deck.source not in lists:
            ctx.add("PK305", path + ("source",), f"no model list named {deck.source!r}", f"use one of {', '.join(sorted(lists))}")
            continue
        if not deck.cards and deck.source is None:
            ctx.add("PK311", path, f"deck {deck.id!r} has no cards", "add `cards:` or a `source:` list")
        for c, card in enumerate(deck.cards):
            if card.ref is None:
                continue
            if deck.source is None:
                ctx.add("PK305", path + ("cards", c, "ref"), "`ref` needs the deck to name a `source:` list")
            elif card.ref not in lists[deck.source]:
                ctx.add(
                    "PK305",
                    path + ("cards", c, "ref"),
                    f"{card.ref!r} is not in {deck.source}",
                    f"use one of {', '.join(sorted(lists[deck.source]))}",
                )
