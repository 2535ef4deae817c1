"""Row and column regions: `arrange` turns a layout tree (validator.components.sheets) into one area per
leaf region, each child taking a fixed length or a share of what is left.
"""

from __future__ import annotations

from typing import Any

from pnpkit.validator.components.sheets import CONTAINERS, Size

from .base import Area


def split(total: float, sizes: list[Size], gap: float) -> list[float]:
    """Lengths for children: fixed ones first, shares divide the rest.

    >>> split(100, [Size(mm=10), Size(share=1), Size(share=3)], 2)
    [10.0, 21.5, 64.5]
    """
    fixed = sum(s.mm for s in sizes if s.mm is not None)
    shares = sum(s.share for s in sizes if s.share is not None)
    free = max(0.0, total - fixed - gap * (len(sizes) - 1))
    return [float(s.mm) if s.mm is not None else free * s.share / shares for s in sizes]  # type: ignore[operator]


def arrange(
    node: Any, area: Area, path: tuple, problems: list[tuple[tuple, str]] | None = None
) -> list[tuple[Any, tuple, Area]]:
    """Every leaf region with its YAML path and its area, in reading order."""
    if not isinstance(node, CONTAINERS):
        return [(node, path, area)]
    across = node.kind == "row"
    total = area.w if across else area.h
    sizes = [item.size for item in node.items]
    need = sum(s.mm for s in sizes if s.mm is not None) + node.gap * (len(sizes) - 1)
    if need > total + 1e-6 and problems is not None:
        problems.append((path, f"fixed sizes and gaps need {need:.1f} mm, but this {node.kind} has {total:.1f} mm"))
    out = []
    offset = 0.0
    for i, (item, length) in enumerate(zip(node.items, split(total, sizes, node.gap))):
        child = (
            Area(area.x + offset, area.y, length, area.h) if across else Area(area.x, area.y + offset, area.w, length)
        )
        out += arrange(item, child, path + ("items", i), problems)
        offset += length + node.gap
    return out
