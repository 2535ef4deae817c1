"""The one walk over a kit's model tree: every model, every text and every string, each with its path.

The checks, the proofreader, the kit's file references and the playtest's readings all read the tree through
`walk`, so they agree on what it holds and on the path to each thing. A 10,000-card kit has 400,000 values: the
walk reads them once, in one pass, into lists (`CheckContext.walk` keeps them for every check that needs them).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pydantic import BaseModel

from .types import LocalText


@cache
def field_names(cls: type[BaseModel]) -> tuple[str, ...]:
    """Field names per model class; pydantic's `model_fields` is a property and costs a call each time."""
    return tuple(cls.model_fields)


@dataclass
class Walk:
    """A model tree read once, in file order (a model before what it holds)."""

    texts: list[tuple[tuple, LocalText, tuple]] = field(default_factory=list)
    """(path, text, the models that enclose it) for every LocalText; none is looked for inside another."""
    strings: list[tuple[tuple, str, bool]] = field(default_factory=list)
    """(path, text, whether it is a key) for every string, keys of mappings included."""
    models: list[tuple[tuple, BaseModel]] = field(default_factory=list)
    """(path, model) for every pydantic model, the root too."""


_NOTHING_INSIDE = frozenset({int, float, bool, type(None)})
"""Values that hold no string: most fields of a card, skipped without a call."""


def walk(model: Any, path: tuple = (), owners: tuple = ()) -> Walk:
    """Every model, LocalText and string of a model tree in one pass; `path` and `owners` are where it stands."""
    found = Walk()
    _walk(model, path, owners, found.texts, found.strings, found.models)
    return found


def _walk(model: Any, path: tuple, owners: tuple, texts: list | None, strings: list, models: list) -> None:
    """`texts` is None inside a text: its strings count, but a text is never looked for inside another."""
    if isinstance(model, str):
        strings.append((path, model, False))
    elif isinstance(model, BaseModel):
        models.append((path, model))
        if texts is not None and isinstance(model, LocalText):
            texts.append((path, model, owners))
            texts = None
        owners += (model,)
        for name in field_names(type(model)):
            value = getattr(model, name)
            kind = type(value)
            if kind is str:
                strings.append((path + (name,), value, False))
            elif kind not in _NOTHING_INSIDE:
                _walk(value, path + (name,), owners, texts, strings, models)
        extra = model.__pydantic_extra__  # a text's languages beyond ja and en (no other model allows extras)
        if extra:
            strings.extend((path + (lang,), value, False) for lang, value in extra.items())
    elif isinstance(model, (list, tuple)):
        for i, item in enumerate(model):
            if type(item) not in _NOTHING_INSIDE:
                _walk(item, path + (i,), owners, texts, strings, models)
    elif isinstance(model, dict):
        for key, item in model.items():
            if isinstance(key, str):
                strings.append((path + (key,), key, True))
            if type(item) not in _NOTHING_INSIDE:
                _walk(item, path + (key,), owners, texts, strings, models)


def walk_texts(model: Any, path: tuple = (), owners: tuple = ()) -> Iterator[tuple[tuple, LocalText, tuple]]:
    """Every LocalText in a model tree, with its path and the models that enclose it."""
    return iter(walk(model, path, owners).texts)


def walk_strings(model: Any, path: tuple = ()) -> Iterator[tuple[tuple, str, bool]]:
    """Every string in a model tree, keys of mappings included: (path, text, whether it is a key)."""
    return iter(walk(model, path).strings)


def walk_models(model: Any, path: tuple = ()) -> Iterator[tuple[tuple, BaseModel]]:
    """Every pydantic model in a model tree, with its path, a model before those it holds."""
    return iter(walk(model, path).models)
