"""Pydantic errors rewritten for people and pointed at `file:line:col`."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ValidationError

from . import codes
from .findings import Finding
from .source import Source, format_path

MAX_LISTED = 200
"""Schema errors listed one by one; a file of 200,000 unknown keys gets these and a count of the rest."""
MAX_SUGGESTED = 50
"""Unknown fields that get a "did you mean": each costs a fuzzy match against every field name."""

CODED_ERRORS = {
    "pk362": "check for a typo; split a larger game into several kits",
    "pk450": "a language tag is a language code, then optional script and region: 'de', 'pt-BR', 'zh-Hans'",
    "pk451": "ship this kit in left-to-right languages only for now",
    "pk452": "ship this kit in scripts pnpkit sets (Latin, Greek, Cyrillic, Chinese, Japanese, Korean) for now",
}
"""Custom pydantic error types that carry their own pnpkit code (a total over its bound, a malformed language
tag, a right-to-left edition or one in a script pnpkit cannot shape), with the hint each finding gives."""


def findings_from(error: ValidationError, data: Any, source: Source) -> list[Finding]:
    out = []
    suggested = 0
    items = _without_spare_branches(error.errors(include_url=False))
    for item in items[:MAX_LISTED]:
        path, leftover = _real_path(data, item["loc"])
        kind = item["type"]
        if kind == "extra_forbidden":
            name = path[-1]
            close = []
            if suggested < MAX_SUGGESTED:
                suggested += 1
                import difflib  # only for a misspelt field

                close = difflib.get_close_matches(str(name), [n for n in _field_names() if n != name], n=1)
            hint = f"did you mean {close[0]!r}?" if close else "remove it, or check the spelling"
            out.append(
                codes.make("PK201", f"unknown field {name!r}", source.locate(path, key=True), format_path(path), hint)
            )
        elif kind == "missing":
            name = leftover[0] if leftover else (path[-1] if path else "?")
            parent = path if leftover else path[:-1]
            full = parent + (name,)
            out.append(
                codes.make(
                    "PK202", f"missing field {name!r}", source.locate(parent), format_path(full), f"add `{name}:` here"
                )
            )
        elif kind in CODED_ERRORS:
            where = source.locate(path, key=kind == "pk450")  # a misspelt tag is a text's key
            out.append(codes.make(kind.upper(), item["msg"], where, format_path(path), _hint_for(kind)))
        else:
            message = item["msg"].removeprefix("Value error, ").removeprefix("Assertion failed, ")
            value = item.get("input")
            shown = "" if isinstance(value, (dict, list)) else f" (got {_short(value)})"
            if kind == "less_than_equal" and isinstance(value, str):  # a length: say the limit in its unit
                message, shown = f"{value.strip()} is over the limit of {item['ctx']['le']:g} mm", ""
            out.append(
                codes.make("PK203", f"{message}{shown}", source.locate(path), format_path(path), _hint_for(kind))
            )
    if len(items) > MAX_LISTED:
        last = out[-1]
        out.append(
            codes.make(
                "PK363",
                f"{len(items) - MAX_LISTED:,} more errors like those above are not listed",
                last.location,
                hint="fix the errors listed, then validate again",
            )
        )
    return out


def _short(value: Any, limit: int = 60) -> str:
    """A value as a message quotes it: a pasted page or a 5,000-digit number is cut, not echoed whole."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 1]}… ({len(text):,} characters)"


def _without_spare_branches(items: list) -> list:
    """`hex_size: 4000mm` fails both branches of `Length | 'auto'`; "should be 'auto'" only hides the real problem,
    so a union's literal branch is dropped when another branch failed at the same place."""
    near_miss = {  # places where another branch took the value's type and failed only on its value
        item["loc"][:-1] for item in items if item["loc"] and not item["type"].endswith(("_type", "literal_error"))
    }
    failed_at = {item["loc"][:-1] for item in items if item["loc"] and not _is_open_branch(item)}
    return [
        item
        for item in items
        if not (
            item["type"] == "literal_error"
            and str(item["loc"][-1]).startswith("literal[")
            and item["loc"][:-1] in near_miss
        )
        and not (_is_open_branch(item) and item["loc"][:-1] in failed_at)
    ]


def _is_open_branch(item: dict) -> bool:
    """The `unspecified` branch of `X | Open`: "should be a dictionary or Unspecified" says nothing to a designer
    when the value was meant as an X, so it is dropped where the other branch failed too."""
    return bool(item["loc"]) and "Unspecified" in str(item["loc"][-1])


def _real_path(data: Any, loc: tuple) -> tuple[tuple, tuple]:
    """Keep the parts of a pydantic `loc` that exist in the data; union tags and
    validator names are dropped. Returns the path and the parts that were not found."""
    path: list[Any] = []
    cursor = data
    rest = list(loc)
    while rest:
        part = rest.pop(0)
        if (
            isinstance(cursor, dict)
            and rest
            and part in (cursor.get("kind"), cursor.get("game"))
            and (rest[0] in cursor or not isinstance(cursor.get(part), (dict, list)))
        ):
            continue  # a tagged union's tag, not a key, even when a field has the same name
        if (isinstance(cursor, dict) and part in cursor) or (
            isinstance(cursor, list) and isinstance(part, int) and 0 <= part < len(cursor)
        ):
            cursor = cursor[part]
            path.append(part)
        elif isinstance(cursor, dict) and isinstance(part, str) and not rest and ("[" not in part):
            return tuple(path), (part,)
    return tuple(path), ()


def _hint_for(kind: str) -> str:
    if kind.startswith(("int", "float")):
        return "write a number"
    if kind.startswith("string"):
        return "write text"
    if kind.startswith("bool"):
        return "write true or false"
    if kind in ("literal_error", "enum"):
        return "use one of the listed values"
    if kind in ("greater_than_equal", "greater_than"):
        return "use a larger number"
    if kind in ("less_than_equal", "less_than"):
        return "use a smaller number: a limit that keeps a typo from printing thousands of pages"
    if kind in CODED_ERRORS:
        return CODED_ERRORS[kind]
    if kind.startswith("list") or kind.startswith("too_"):
        return "check the list"
    if kind == "union_tag_invalid":
        return "see `pnpkit validate --help` for the games pnpkit knows"
    return ""


@lru_cache(maxsize=1)
def _field_names() -> list[str]:
    from .games import GAMES

    names: set[str] = set()
    stack: list[type[BaseModel]] = list(GAMES.values())
    seen: set[type[BaseModel]] = set()
    while stack:
        model = stack.pop()
        if model in seen:
            continue
        seen.add(model)
        for name, info in model.model_fields.items():
            names.add(name)
            for candidate in _models_in(info.annotation):
                stack.append(candidate)
    return sorted(names)


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    found: list[type[BaseModel]] = []
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        found.append(annotation)
    for arg in getattr(annotation, "__args__", ()) or ():
        found.extend(_models_in(arg))
    origin = getattr(annotation, "__origin__", None)
    if origin is not None and isinstance(origin, type) and issubclass(origin, BaseModel):
        found.append(origin)
    return found
