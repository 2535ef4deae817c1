"""Scene items as plain tuples of strings and numbers and back, so a card face can be kept on disk (`marshal`,
never pickle: reading a kept face builds only scene items) and named by a digest of all it draws."""

from __future__ import annotations

from typing import Any

from .scene import Circle, Group, Image, Item, Line, Path, Polygon, Rect, Style, Text

TYPES: dict[str, type] = {cls.__name__: cls for cls in (Style, Rect, Circle, Line, Polygon, Path, Text, Image, Group)}
NESTED = frozenset(("style", "clip"))
"""The fields that hold one more scene object (or None); Group.items holds a tuple of them."""


def spelled(item: object) -> Any:
    """`item` (a scene item, a Style, or None) as a tuple: its type's name, then each field in order."""
    if item is None:
        return None
    fields = []
    for name in item.__slots__:  # type: ignore[attr-defined]
        value = getattr(item, name)
        if name in NESTED:
            value = spelled(value)
        elif name == "items":
            value = tuple(spelled(inner) for inner in value)
        fields.append(value)
    return (type(item).__name__, *fields)


def built(plain: object) -> Any:
    """The scene object `spelled` gave `plain` for; ValueError when it is not one."""
    if plain is None:
        return None
    if not isinstance(plain, tuple) or not plain or plain[0] not in TYPES:
        raise ValueError("not a scene item")
    cls = TYPES[plain[0]]
    names = cls.__slots__  # type: ignore[attr-defined]
    if len(plain) != len(names) + 1:
        raise ValueError(f"a {plain[0]} with {len(plain) - 1} fields")
    item: Any = object.__new__(cls)
    for name, value in zip(names, plain[1:], strict=True):
        if name in NESTED:
            value = built(value)
        elif name == "items":
            value = tuple(built(inner) for inner in value)
        object.__setattr__(item, name, value)
    return item


def built_items(plain: tuple) -> tuple[Item, ...]:
    return tuple(built(inner) for inner in plain)
