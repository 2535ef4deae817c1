"""Graph maps: numbered nodes and their links over generated island art.

The island or sea background is a Voronoi diagram (scipy.spatial.Voronoi, a
wrapper of Qhull) of the node centres plus jittered points; the cells of each
band (shallow sea, beach, lowland, upland, highland) are merged and their
outlines drawn as smooth B-spline curves, so the coast has no cell corners. Every random choice
comes from one `random.Random(seed)`, points are laid out in a fixed order and
coordinates are rounded, so the same seed gives the same map bit for bit, and
another seed gives another coastline. The art only decorates: nodes and links
are drawn on top, and nothing of the game depends on it.

A map that fits one A4 sheet is printed on one; a map whose fixed scale makes
it bigger is tiled over several sheets that overlap by 10 mm.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..colour import WHITE
from ..scene import Circle, Group, Item, Line, Page, Path, Point, Rect, Style, Text
from ..typeset.text import TextBox, text_bounds
from .context import INK, MUTED, LayoutContext, page_title, scale_bar
from .tiling import OVERLAP, tile_pages

if TYPE_CHECKING:
    from pnpkit.validator.components.graphmap import GraphMap

SEA_DEEP = "#b9d9ec"
SEA_SHALLOW = "#d3e8f4"
BEACH = "#f1e6c2"
LOWLAND = "#d6e6b4"
UPLAND = "#c0d79a"
HIGHLAND = "#abc887"
COAST = "#5d86a3"
PLAIN_SEA = "#dcecf5"
LINK_CASING = WHITE
LINK_INK = "#3a3430"
NODE_FILL = WHITE

FOOTER = 19.0
HEADER = 12.0


@dataclass(frozen=True)
class MapNodeSpec:
    id: str
    x: float
    y: float
    label: str = ""
    ring: str | None = None
    where: tuple = ()


@dataclass(frozen=True)
class MapSpec:
    """A graph map in plain data: positions in map units, sizes in millimetres."""

    nodes: tuple[MapNodeSpec, ...]
    links: tuple[tuple[str, str], ...]
    node_size: float = 14.0
    scale: float | None = None
    seed: int | None = None
    detail: float = 7.0
    land: float = 1.0
    where: tuple = ("map",)


@dataclass(frozen=True)
class Drawing:
    """The whole map at print size, origin top-left, with where each node landed."""

    items: tuple[Item, ...]
    width: float
    height: float
    scale: float
    centres: dict[str, Point] = field(default_factory=dict)


def spec_of(graph: GraphMap, lang: str, ring_colours: dict[str, str] | None = None, where: tuple = ("map",)) -> MapSpec:
    """A MapSpec from the validator's GraphMap model, written at `where` (a seed game's `map`, a generic kit's
    `maps[i]`)."""
    kinds = {k.id: k.colour for k in graph.kinds} | (ring_colours or {})
    nodes = tuple(
        MapNodeSpec(
            str(n.id),
            n.x,
            n.y,
            n.label.get(lang) if n.label else "",
            kinds.get(n.kind) if n.kind else None,
            (*where, "nodes", i),
        )
        for i, n in enumerate(graph.nodes)
    )
    links = tuple((str(a), str(b)) for a, b in graph.edges())
    background = graph.background
    seed = background.seed if background is not None and background.style == "islands" else None
    return MapSpec(
        nodes,
        links,
        graph.node_size,
        None if graph.scale == "auto" else graph.scale,
        seed,
        background.detail if background else 7.0,
        background.land if background else 1.0,
    )


# ---------------------------------------------------------------- geometry


def _padding(spec: MapSpec) -> float:
    """Sea between the outermost nodes and the map's edge."""
    return spec.node_size * 1.6


def fit_scale(spec: MapSpec, width: float, height: float) -> float:
    """Millimetres per map unit that fit the node spread (plus padding) into width × height."""
    xs = [n.x for n in spec.nodes]
    ys = [n.y for n in spec.nodes]
    pad = 2 * _padding(spec)
    spread_x, spread_y = max(xs) - min(xs), max(ys) - min(ys)
    candidates = []
    if spread_x > 0:
        candidates.append((width - pad) / spread_x)
    if spread_y > 0:
        candidates.append((height - pad) / spread_y)
    scale = min(candidates) if candidates else 1.0
    return math.floor(scale * 10) / 10


def natural_size(spec: MapSpec, scale: float) -> tuple[float, float]:
    """Width and height of the map at `scale`: the node spread plus a sea border."""
    xs = [n.x for n in spec.nodes]
    ys = [n.y for n in spec.nodes]
    pad = 2 * _padding(spec)
    return (max(xs) - min(xs)) * scale + pad, (max(ys) - min(ys)) * scale + pad


def drawing(ctx: LayoutContext, spec: MapSpec, scale: float, size: tuple[float, float] | None = None) -> Drawing:
    """The map at `scale` mm per unit; `size` makes the sea fill a given area, nodes centred."""
    xs = [n.x for n in spec.nodes]
    ys = [n.y for n in spec.nodes]
    pad = _padding(spec)
    natural_w, natural_h = natural_size(spec, scale)
    width, height = size if size else (natural_w, natural_h)
    left = (width - natural_w) / 2 + pad - min(xs) * scale
    top = (height - natural_h) / 2 + pad - min(ys) * scale
    centres = {n.id: (_r(left + n.x * scale), _r(top + n.y * scale)) for n in spec.nodes}
    items: list[Item] = []
    if spec.seed is not None:
        items += island_art(spec, centres, width, height)
    else:
        items.append(Rect(0, 0, width, height, style=Style(fill=PLAIN_SEA), role="sea"))
    items += _links(spec, centres)
    items += _nodes(ctx, spec, centres)
    items.append(Rect(0, 0, width, height, style=Style(stroke=INK, width=0.4), role="map-frame"))
    return Drawing(tuple(items), width, height, scale, centres)


def _r(value: float) -> float:
    return round(value, 2)


def _links(spec: MapSpec, centres: dict[str, Point]) -> list[Item]:
    items: list[Item] = []
    for a, b in spec.links:
        (x1, y1), (x2, y2) = centres[a], centres[b]
        items.append(
            Group(
                (
                    Line(x1, y1, x2, y2, style=Style(stroke=LINK_CASING, width=2.0)),
                    Line(x1, y1, x2, y2, style=Style(stroke=LINK_INK, width=0.8)),
                ),
                role="link",
                name=f"{a}-{b}",
            )
        )
    return items


def _nodes(ctx: LayoutContext, spec: MapSpec, centres: dict[str, Point]) -> list[Item]:
    items: list[Item] = []
    r = spec.node_size / 2
    size = min(16.0, r * 1.9)
    for node in spec.nodes:
        cx, cy = centres[node.id]
        parts: list[Item] = [Circle(cx, cy, r + 0.6, style=Style(fill=LINK_CASING))]
        parts.append(Circle(cx, cy, r, style=Style(fill=NODE_FILL, stroke=INK, width=0.5)))
        if node.ring:
            parts.append(Circle(cx, cy, r - 1.1, style=Style(stroke=node.ring, width=1.4)))
        box = TextBox(
            cx - r * 0.8,
            cy - r * 0.55,
            r * 1.6,
            r * 1.1,
            align="middle",
            valign="middle",
            colour=INK,
            bold=True,
            role="node-id",
        )
        if node.id.isdigit() or not node.label:  # a number (dice maps) is printed; a word id is only the YAML's name
            parts += ctx.fitted(node.id, box, size, 6, where=node.where + ("id",), label=f"node {node.id}")
            if node.label:
                parts += _label(ctx, node, cx, cy + r + 1.0)
        else:
            where = node.where + ("label", ctx.lang)
            parts += ctx.fitted(node.label, box, min(size, 9.0), 6, where=where, label=f"node {node.id} label")
        items.append(Group(tuple(parts), role="node", name=node.id))
    return items


def _label(ctx: LayoutContext, node: MapNodeSpec, cx: float, top: float) -> list[Item]:
    width = 24.0
    lines = ctx.fitted(
        node.label,
        TextBox(cx - width / 2, top + 0.6, width, 3.4, align="middle", valign="middle", colour=INK, role="node-label"),
        7,
        5,
        where=node.where + ("label", ctx.lang),
        label=f"node {node.id} label",
    )
    x0 = min(text_bounds(line)[0] for line in lines) - 1.2
    x1 = max(text_bounds(line)[2] for line in lines) + 1.2
    return [
        Rect(x0, top, x1 - x0, 4.6, style=Style(fill=WHITE, stroke=INK, width=0.2, opacity=0.92), radius=1.2),
        *lines,
    ]


# ---------------------------------------------------------------- island art


def island_art(spec: MapSpec, centres: dict[str, Point], width: float, height: float) -> list[Item]:
    """Sea and land cells of a Voronoi diagram, shaded by distance from the coast, and the coastline."""
    try:
        import numpy as np
        from scipy.spatial import Voronoi
    except ImportError as exc:  # pragma: no cover - scipy is a dependency
        raise ImportError("island backgrounds need scipy (pip install scipy)") from exc

    rng = random.Random(spec.seed)
    step = spec.detail
    nodes = [centres[n.id] for n in spec.nodes]
    sites = list(nodes)
    cols, rows = math.ceil(width / step) + 2, math.ceil(height / step) + 2
    for gy in range(-1, rows):
        for gx in range(-1, cols):
            x = (gx + 0.5 + rng.uniform(-0.42, 0.42)) * step
            y = (gy + 0.5 + rng.uniform(-0.42, 0.42)) * step
            if all((x - nx) ** 2 + (y - ny) ** 2 > (0.55 * step) ** 2 for nx, ny in nodes):
                sites.append((round(x, 3), round(y, 3)))
    real = len(sites)
    far = 10 * (width + height)
    sites += [(-far, -far), (far, -far), (far, far), (-far, far)]
    vor = Voronoi(np.array(sites))

    neighbours: list[list[int]] = [[] for _ in range(real)]
    for p, q in vor.ridge_points.tolist():
        if p < real and q < real:
            neighbours[p].append(q)
            neighbours[q].append(p)
    for adjacent in neighbours:
        adjacent.sort()

    land = _classify(rng, spec, sites[:real], nodes, centres, neighbours, width, height)
    land_depth = _depth(land, neighbours, True)
    sea_depth = _depth(land, neighbours, False)

    bands = (
        (SEA_SHALLOW, [land[i] or sea_depth[i] <= 1 for i in range(real)]),
        (BEACH, land),
        (LOWLAND, [land[i] and land_depth[i] >= 2 for i in range(real)]),
        (UPLAND, [land[i] and land_depth[i] >= 3 for i in range(real)]),
        (HIGHLAND, [land[i] and land_depth[i] >= 5 for i in range(real)]),
    )
    bound = (-step, -step, width + step, height + step)
    art: list[Item] = [Rect(0, 0, width, height, style=Style(fill=SEA_DEEP), role="sea")]
    coast: tuple[tuple, ...] = ()
    for colour, inside in bands:
        ops = smooth_outline(region_outlines(vor, inside, real, sites), bound)
        if colour == BEACH:
            coast = ops
        if ops:
            art.append(Path(ops, style=Style(fill=colour), role="island-art"))
    art.append(Path(coast, style=Style(stroke=COAST, width=0.35), role="coastline"))
    return [Group(tuple(art), clip=Rect(0, 0, width, height), role="island-background")]


# ---------------------------------------------------------------- smooth outlines


def region_outlines(vor, inside: Sequence[bool], real: int, sites: Sequence[Point]) -> list[list[Point]]:
    """The closed outlines of the union of the cells marked `inside`, each turned so the region lies on its
    left: outer coasts run one way and lakes the other, so any fill rule fills the land and leaves the lakes."""
    step: dict[int, list[int]] = {}
    for (p, q), (v, w) in zip(vor.ridge_points.tolist(), vor.ridge_vertices):
        p_in = p < real and inside[p]
        q_in = q < real and inside[q]
        if p_in == q_in or v < 0 or w < 0:
            continue
        own = p if p_in else q
        (ax, ay), (bx, by) = vor.vertices[v], vor.vertices[w]
        sx, sy = sites[own]
        if (bx - ax) * (sy - ay) - (by - ay) * (sx - ax) < 0:  # the cell must be on the left of v → w
            v, w = w, v
        step.setdefault(v, []).append(w)
    for targets in step.values():
        targets.sort()
    loops: list[list[Point]] = []
    for start in sorted(step):
        while step[start]:
            loop = [start]
            at = step[start].pop(0)
            while at != start and step.get(at):
                loop.append(at)
                at = step[at].pop(0)
            if len(loop) >= 3:
                loops.append([(float(vor.vertices[k][0]), float(vor.vertices[k][1])) for k in loop])
    return loops


def smooth_outline(loops: Sequence[Sequence[Point]], bound: tuple[float, float, float, float]) -> tuple[tuple, ...]:
    """Closed loops as one path of cubic Béziers: the uniform quadratic B-spline of each loop (the limit of
    Chaikin's corner cutting), so the coast passes through every edge's midpoint with no corner at all, and
    never strays more than a quarter of an edge from the Voronoi outline. Points beyond `bound` (cells reaching
    off the page) are pulled onto it first; the caller clips to the page."""
    x0, y0, x1, y1 = bound
    ops: list[tuple] = []
    for loop in loops:
        points = [(min(max(x, x0), x1), min(max(y, y0), y1)) for x, y in loop]
        n = len(points)
        mids = [
            ((points[i][0] + points[(i + 1) % n][0]) / 2, (points[i][1] + points[(i + 1) % n][1]) / 2) for i in range(n)
        ]
        ops.append(("M", _r(mids[0][0]), _r(mids[0][1])))
        for i in range(n):
            (ax, ay), (cx, cy), (bx, by) = mids[i], points[(i + 1) % n], mids[(i + 1) % n]
            ops.append(
                (
                    "C",
                    _r(ax + 2 * (cx - ax) / 3),
                    _r(ay + 2 * (cy - ay) / 3),
                    _r(bx + 2 * (cx - bx) / 3),
                    _r(by + 2 * (cy - by) / 3),
                    _r(bx),
                    _r(by),
                )
            )
        ops.append(("Z",))
    return tuple(ops)


def _noise(rng: random.Random, scale: float) -> Callable[[float, float], float]:
    """A smooth field in about -1..1: a few long waves in random directions."""
    waves = []
    for _ in range(5):
        angle = rng.uniform(0, 2 * math.pi)
        length = rng.uniform(2.0, 5.0) * scale
        waves.append(
            (
                math.cos(angle) * 2 * math.pi / length,
                math.sin(angle) * 2 * math.pi / length,
                rng.uniform(0, 2 * math.pi),
                rng.uniform(0.5, 1.0),
            )
        )
    total = sum(w[3] for w in waves)

    def field(x: float, y: float) -> float:
        return sum(a * math.sin(fx * x + fy * y + phase) for fx, fy, phase, a in waves) / total * 1.6

    return field


def _classify(
    rng: random.Random,
    spec: MapSpec,
    sites: list[Point],
    nodes: list[Point],
    centres: dict[str, Point],
    neighbours: list[list[int]],
    width: float,
    height: float,
) -> list[bool]:
    """Land where a site is near a node or along a link, give or take a smooth wobble; then smoothed, with a few
    islets; and always land right round a node, so no node disc hangs over water."""
    import numpy as np

    reach = spec.node_size * 1.0 * spec.land
    causeway = spec.node_size * 0.5 * spec.land
    field = _noise(rng, reach)
    lengths = sorted(math.dist(centres[a], centres[b]) for a, b in spec.links)
    usual = lengths[len(lengths) // 2] if lengths else 0.0
    segments = [(centres[a], centres[b]) for a, b in spec.links if math.dist(centres[a], centres[b]) <= 1.3 * usual]
    edge = spec.detail * 1.2
    count = len(nodes)
    points = np.array(sites[count:], dtype=float).reshape(-1, 2)
    jitter = np.array([rng.uniform(-0.25, 0.25) for _ in range(len(points))])
    wobble = np.array([field(x, y) for x, y in points.tolist()]) + jitter
    hub = np.array(nodes, dtype=float)
    near_node = np.sqrt(((points[:, None, :] - hub[None, :, :]) ** 2).sum(axis=2)).min(axis=1)
    near_link = np.full(len(points), np.inf)
    for a, b in segments:
        start, direction = np.array(a), np.array(b) - np.array(a)
        length = float(direction @ direction)
        u = np.zeros(len(points)) if length == 0 else np.clip(((points - start) @ direction) / length, 0.0, 1.0)
        near_link = np.minimum(near_link, np.hypot(*(points - start - u[:, None] * direction).T))
    inside = (
        (points[:, 0] >= edge)
        & (points[:, 1] >= edge)
        & (points[:, 0] <= width - edge)
        & (points[:, 1] <= height - edge)
    )
    raw = inside & ((near_node < reach * (1 + 0.4 * wobble)) | (near_link < causeway * (1 + 0.5 * wobble)))
    land = [True] * count + [bool(v) for v in raw]
    smoothed = list(land)
    for i in range(count, len(sites)):
        adjacent = neighbours[i]
        if not adjacent:
            continue
        share = sum(land[j] for j in adjacent) / len(adjacent)
        if share >= 0.67:
            smoothed[i] = True
        elif share <= 0.2:
            smoothed[i] = False
    sea_depth = _depth(smoothed, neighbours, False)
    for i in range(count, len(sites)):
        x, y = sites[i]
        far_inside = edge * 1.5 < x < width - edge * 1.5 and edge * 1.5 < y < height - edge * 1.5
        if rng.random() < 0.03 and far_inside and sea_depth[i] >= 3:
            smoothed[i] = True  # an islet far out at sea
    keep = spec.node_size / 2 + spec.detail
    for i in range(count, len(sites)):
        if near_node[i - count] < keep:
            smoothed[i] = True  # a node's disc stands on land, never half in a lake
    return smoothed


def _depth(land: list[bool], neighbours: list[list[int]], of_land: bool) -> list[int]:
    """Steps from each cell to the nearest cell of the other kind (breadth-first over the diagram)."""
    inf = 10**6
    depth = [inf] * len(land)
    frontier = [i for i in range(len(land)) if land[i] == of_land and any(land[j] != of_land for j in neighbours[i])]
    for i in frontier:
        depth[i] = 1
    while frontier:
        nxt = []
        for i in frontier:
            for j in neighbours[i]:
                if land[j] == of_land and depth[j] == inf:
                    depth[j] = depth[i] + 1
                    nxt.append(j)
        frontier = nxt
    return depth


# ---------------------------------------------------------------- pages


@dataclass(frozen=True)
class LegendEntry:
    kind: str  # "node", "link", "ring"
    text: str
    colour: str = INK


def map_pages(
    ctx: LayoutContext,
    title: str,
    subtitle: str,
    spec: MapSpec,
    legend: Sequence[LegendEntry] = (),
    note: str = "",
) -> list[Page]:
    """One A4 sheet when the map fits (or its scale is 'auto'), otherwise tiles that overlap by 10 mm."""
    margin = ctx.margin
    window_w = ctx.paper.width - 2 * margin
    window_h = ctx.paper.height - 2 * margin - HEADER - FOOTER
    scale = spec.scale or fit_scale(spec, window_w, window_h)
    natural_w, natural_h = natural_size(spec, scale)
    if natural_w <= window_w + 1e-6 and natural_h <= window_h + 1e-6:
        art = drawing(ctx, spec, scale, (window_w, window_h) if spec.scale is None else None)
        dx = margin + (window_w - art.width) / 2
        dy = margin + HEADER + (window_h - art.height) / 2
        items: list[Item] = page_title(ctx, title, subtitle)
        items.append(Group(art.items, dx=dx, dy=dy, role="map", name="map"))
        items += _footer(ctx, spec, legend, note)
        return [Page(ctx.paper.width, ctx.paper.height, tuple(items), title)]
    return _tiles(ctx, title, spec, drawing(ctx, spec, scale))


def _footer(ctx: LayoutContext, spec: MapSpec, legend: Sequence[LegendEntry], note: str) -> list[Item]:
    """Scale bar and print note on the left; the legend (and a note) in rows on the right."""
    margin = ctx.margin
    bottom = ctx.paper.height - margin
    items: list[Item] = scale_bar(margin, bottom - 6.0, ctx.lang)
    right_of_bar = max(
        text_bounds(i)[2] if isinstance(i, Text) else (i.x + i.w if isinstance(i, Rect) else 0.0) for i in items
    )
    x = right_of_bar + 6.0
    width = ctx.paper.width - margin - x
    rows = [*legend] + ([LegendEntry("note", note, MUTED)] if note else [])
    row_h = min(4.2, (FOOTER - 1.0) / max(1, len(rows)))
    y = bottom - len(rows) * row_h
    for i, entry in enumerate(rows):
        ey = y + i * row_h
        indent = 0.0
        if entry.kind != "note":
            items += _legend_mark(entry, x + 2.5, ey + row_h / 2)
            indent = 6.5
        items += ctx.fitted(
            entry.text,
            TextBox(
                x + indent,
                ey,
                width - indent,
                row_h,
                align="start",
                valign="middle",
                colour=entry.colour if entry.kind == "note" else INK,
            ),
            7,
            5,
            label="map legend",
        )
    return items


def _legend_mark(entry: LegendEntry, cx: float, cy: float) -> list[Item]:
    if entry.kind == "link":
        return [Line(cx - 2.5, cy, cx + 2.5, cy, style=Style(stroke=LINK_INK, width=0.8))]
    if entry.kind == "ring":
        return [
            Circle(cx, cy, 1.7, style=Style(fill=NODE_FILL, stroke=INK, width=0.3)),
            Circle(cx, cy, 1.1, style=Style(stroke=entry.colour, width=0.6)),
        ]
    if entry.kind == "land":
        return [Rect(cx - 2.5, cy - 1.6, 5.0, 3.2, style=Style(fill=LOWLAND, stroke=COAST, width=0.3))]
    return [Circle(cx, cy, 1.7, style=Style(fill=NODE_FILL, stroke=INK, width=0.3))]


# ---------------------------------------------------------------- tiles


def seam_candidates(length: float, centres: Sequence[float], clearance: float, reach: float = 40.0) -> list[float]:
    """Preferred seam positions (every millimetre): those whose overlap misses every node, and,
    where no such position lies within `reach` before it, the position itself, so sheets stay wide."""
    clear = [all(abs(x - c) > clearance for c in centres) for x in range(int(length) + 1)]
    out = []
    last_clear = -math.inf
    for x in range(1, int(length)):
        if clear[x]:
            last_clear = x
            out.append(float(x))
        elif x - last_clear >= reach:
            out.append(float(x))
    return out


def _tiles(ctx: LayoutContext, title: str, spec: MapSpec, art: Drawing) -> list[Page]:
    """Sheets of the shared tiling; seams go where every node (and its label) is whole on one sheet of the overlap."""
    half = max(spec.node_size / 2, 12.0 if any(n.label for n in spec.nodes) else 0.0)
    clearance = max(0.0, half - OVERLAP / 2) + 1.0
    xs = [c[0] for c in art.centres.values()]
    ys = [c[1] for c in art.centres.values()]
    return tile_pages(
        ctx,
        title,
        art.items,
        art.width,
        art.height,
        seam_candidates(art.width, xs, clearance),
        seam_candidates(art.height, ys, clearance),
    )


__all__ = [
    "Drawing",
    "LegendEntry",
    "MapNodeSpec",
    "MapSpec",
    "drawing",
    "fit_scale",
    "island_art",
    "map_pages",
    "region_outlines",
    "seam_candidates",
    "smooth_outline",
    "spec_of",
]
