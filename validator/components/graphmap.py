"""Graph maps: numbered nodes joined by undirected links, distances counted in hops.

A point-to-point map is the data a designer draws on paper: where each node
sits, which nodes a link joins, and (for the generated island art) a seed.

    map:
      scale: auto                 # or the printed length of one map unit, e.g. '12mm'
      node_size: 16mm
      background: {seed: 1224}
      nodes:
        - {id: 11, x: 2, y: 1}
        - {id: 12, x: 5, y: 1.5, label: {ja: 港, en: Port}, kind: port}
      links:
        - [11, 12]

Node positions are in free map units; the layout scales them to the sheet.
The checks here are generic; a rule model passes its own finding codes in
`GraphCodes`, so each game reports map problems under its own prefix.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from ..repeats import repeated
from ..types import Colour, Ident, Length, LocalText, StrictModel

if TYPE_CHECKING:
    from ..checks import CheckContext

NodeId = Annotated[int, Field(ge=0)] | Ident
"""A node is named by a whole number (dice maps: 11–66) or a lower-case id."""


class MapNode(StrictModel):
    id: NodeId
    """The node's number (e.g. 11–66 for a dice map) or a lower-case id."""
    x: float = Field(description="Across, in map units (grows to the right).")
    y: float = Field(description="Down, in map units (grows towards the bottom of the sheet).")
    label: LocalText | None = Field(None, description="A name printed under the node.")
    kind: Ident | None = Field(None, description="One of the map's `kinds`; colours the node's ring.")


class NodeKind(StrictModel):
    id: Ident
    """The kind's id, as nodes name it in `kind:`."""
    name: LocalText
    """The kind's name, printed in the map's legend."""
    colour: Colour
    """The colour of the ring of nodes of this kind."""


Link = Annotated[list[NodeId], Field(min_length=2, max_length=2, description="The two nodes a link joins: [a, b].")]


MAX_NODES = 300
"""The most nodes a map may have: far past any board game's, and the island art weighs each against every point."""
MAX_MAP_MM = 1500.0
"""The widest and tallest a map may print at a fixed scale (tiled over sheets): a larger one is a typo in scale."""
MAX_ART_POINTS = 10_000
"""The most Voronoi points the island art may scatter (each is weighed against every node, then traced): eight
times a one-sheet map at the default 7 mm detail; a 1.5 m map takes a detail of 15 mm or more."""
ONE_SHEET_MM = (200.0, 290.0)
"""About the area a map drawn at `scale: auto` fills: one sheet."""


class Background(StrictModel):
    """Island art: a Voronoi diagram of the nodes plus jittered points, all drawn from `seed`."""

    style: Literal["islands", "plain"] = "islands"
    """islands: generated island art around the nodes; plain: none."""
    seed: int = Field(description="The same seed always gives the same map; change it for another coastline.")
    detail: Length = Field(
        7.0, ge=2.0, description="Typical size of one Voronoi cell on paper; 2 mm or more, else the art never ends."
    )
    land: float = Field(1.0, gt=0, le=3, description="How far land reaches around nodes and links (1 = default).")


class GraphMap(StrictModel):
    name: LocalText | None = None
    """The map's name, printed on its sheet."""
    scale: Length | Literal["auto"] = Field(
        "auto", description="Printed length of one map unit, or 'auto' to fill one sheet."
    )
    node_size: Length = Field(14.0, description="Diameter of a node circle on paper.")
    background: Background | None = None
    """The art behind the nodes and links."""
    kinds: list[NodeKind] = Field(default_factory=list)
    """Kinds of node (a port, a ruin), each with a name and a colour."""
    nodes: list[MapNode] = Field(min_length=1)
    """The nodes: an id and a position each."""
    links: list[Link] = Field(default_factory=list)
    """The links, each a pair of node ids: [a, b]."""

    @model_validator(mode="after")
    def _bounded(self) -> GraphMap:
        """The nodes, the printed size and the island art's points, counted before any is drawn."""
        if len(self.nodes) > MAX_NODES:
            raise PydanticCustomError(
                "pk362", f"the map has {len(self.nodes):,} nodes; pnpkit draws at most {MAX_NODES}"
            )
        width, height = ONE_SHEET_MM
        if isinstance(self.scale, float):
            xs, ys = [n.x for n in self.nodes], [n.y for n in self.nodes]
            width, height = (max(xs) - min(xs)) * self.scale, (max(ys) - min(ys)) * self.scale
            if max(width, height) > MAX_MAP_MM:
                raise PydanticCustomError(
                    "pk362",
                    f"at scale {self.scale:g} mm the map prints {width:,.0f} × {height:,.0f} mm; pnpkit prints maps of "
                    f"up to {MAX_MAP_MM:,.0f} mm a side",
                )
        if self.background is not None and self.background.style == "islands":
            detail = self.background.detail
            points = math.ceil(width / detail + 2) * math.ceil(height / detail + 2)
            if points > MAX_ART_POINTS:
                raise PydanticCustomError(
                    "pk362",
                    f"island art of {detail:g} mm detail over {width:,.0f} × {height:,.0f} mm scatters {points:,} points; "
                    f"pnpkit draws at most {MAX_ART_POINTS:,}",
                )
        return self

    def node(self, node_id: NodeId) -> MapNode | None:
        return next((n for n in self.nodes if n.id == node_id), None)

    def edges(self) -> list[tuple[NodeId, NodeId]]:
        """Links between existing, distinct nodes, each pair once, in file order."""
        ids = {n.id for n in self.nodes}
        seen: set[frozenset] = set()
        out = []
        for a, b in self.links:
            key = frozenset((a, b))
            if a == b or a not in ids or b not in ids or key in seen:
                continue
            seen.add(key)
            out.append((a, b))
        return out

    def neighbours(self) -> dict[NodeId, list[NodeId]]:
        """Adjacency lists in node order; each list in link order."""
        adjacent: dict[NodeId, list[NodeId]] = {n.id: [] for n in self.nodes}
        for a, b in self.edges():
            adjacent[a].append(b)
            adjacent[b].append(a)
        return adjacent


def hop_distances(graph: GraphMap, start: NodeId) -> dict[NodeId, int]:
    """Hops from `start` to every node it can reach (breadth-first).

    >>> g = GraphMap(nodes=[MapNode(id=i, x=i, y=0) for i in (1, 2, 3, 4)], links=[[1, 2], [2, 3]])
    >>> hop_distances(g, 1)
    {1: 0, 2: 1, 3: 2}
    """
    adjacent = graph.neighbours()
    if start not in adjacent:
        return {}
    distance = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in adjacent[here]:
            if there not in distance:
                distance[there] = distance[here] + 1
                queue.append(there)
    return distance


def hop_table(graph: GraphMap) -> dict[NodeId, dict[NodeId, int]]:
    """Hop distances between every pair of nodes; unreachable pairs are left out."""
    return {n.id: hop_distances(graph, n.id) for n in graph.nodes}


def within(graph: GraphMap, start: NodeId, hops: int) -> list[NodeId]:
    """Nodes at most `hops` away, `start` excluded, in node order.

    >>> g = GraphMap(nodes=[MapNode(id=i, x=i, y=0) for i in (1, 3, 4, 5)], links=[[3, 1], [3, 4], [3, 5], [4, 5]])
    >>> within(g, 3, 1)
    [1, 4, 5]
    """
    distance = hop_distances(graph, start)
    return [n.id for n in graph.nodes if n.id != start and distance.get(n.id, hops + 1) <= hops]


def parts(graph: GraphMap) -> list[list[NodeId]]:
    """Connected parts, largest first (ties: the one holding the earlier node)."""
    seen: set = set()
    found = []
    for node in graph.nodes:
        if node.id in seen:
            continue
        part = list(hop_distances(graph, node.id))
        seen.update(part)
        found.append(part)
    return sorted(found, key=lambda p: -len(p))


def diameter(graph: GraphMap) -> int:
    """The most hops between two connected nodes."""
    return max((d for row in hop_table(graph).values() for d in row.values()), default=0)


@dataclass(frozen=True)
class GraphCodes:
    """The finding codes a rule model reports map problems under."""

    missing_node: str
    self_link: str
    duplicate_link: str
    disconnected: str
    crossing: str | None = None
    duplicate_node: str = "PK304"
    unknown_kind: str = "PK305"


def check_graph(ctx: CheckContext, graph: GraphMap, path: tuple, codes: GraphCodes) -> None:
    """Every link joins two existing, different nodes once; every node can reach every other. A node or a link
    given more than once is one finding, at its first repeat."""
    ctx.compared.add(path + ("nodes",))
    ids: dict[NodeId, int] = {}
    for i, node in enumerate(graph.nodes):
        ids.setdefault(node.id, i)
    for group in repeated((node.id, path + ("nodes", i, "id")) for i, node in enumerate(graph.nodes)):
        ctx.add(
            codes.duplicate_node,
            group.places[1],
            f"node {group.key} is defined {group.times} (first as node {ids[group.key] + 1}: {group.where(ctx.source)})",
            "give each node its own id",
        )
    kinds = {k.id for k in graph.kinds}
    for i, node in enumerate(graph.nodes):
        if node.kind is not None and node.kind not in kinds:
            known = ", ".join(sorted(kinds)) or "none are defined"
            ctx.add(
                codes.unknown_kind,
                path + ("nodes", i, "kind"),
                f"unknown node kind {node.kind!r}",
                f"map kinds: {known}",
            )
    joined: list[tuple[frozenset, tuple]] = []
    for j, (a, b) in enumerate(graph.links):
        where = path + ("links", j)
        missing = [(k, end) for k, end in enumerate((a, b)) if end not in ids]
        for k, end in missing:
            ctx.add(
                codes.missing_node,
                where + (k,),
                f"link {a}–{b} leads to node {end}, which is not on the map",
                "add the node or fix the link",
            )
        if a == b:
            ctx.add(
                codes.self_link, where, f"link {a}–{b} joins node {a} to itself", "a link joins two different nodes"
            )
            continue
        if missing:
            continue
        joined.append((frozenset((a, b)), where))
    for link in repeated(joined):
        first, again = link.places[0][-1], link.places[1][-1]
        (a, b), (c, d) = graph.links[again], graph.links[first]
        more = f", {link.times} in all: {link.where(ctx.source)}" if link.count > 2 else ""
        ctx.add(
            codes.duplicate_link,
            link.places[1],
            f"link {a}–{b} repeats link {first + 1} ({c}–{d}){more}; links have no direction",
            "remove one of them",
        )
    groups = parts(graph)
    if len(groups) > 1:
        main = set(groups[0])
        for i, node in enumerate(graph.nodes):
            if node.id not in main and ids.get(node.id) == i:
                ctx.add(
                    codes.disconnected,
                    path + ("nodes", i),
                    f"node {node.id} cannot be reached from node {groups[0][0]}: the map falls into {len(groups)} parts",
                    "link it to the rest of the map",
                )
    if codes.crossing:
        _check_crossings(ctx, graph, path, codes.crossing)


def _check_crossings(ctx: CheckContext, graph: GraphMap, path: tuple, code: str) -> None:
    """Links that cross on paper look like junctions; players will read them as one. One finding per link that
    crosses links before it, naming the first and counting the rest: never one per two links.

    Every pair of links is weighed, but a map has at most MAX_NODES nodes, and more links than a drawing without
    crossings can hold (3 × nodes − 6, Euler) is said at once, without weighing them."""
    at = {n.id: (n.x, n.y) for n in graph.nodes}
    index = {frozenset(link): j for j, link in reversed(list(enumerate(graph.links)))}
    edges = graph.edges()
    planar = 3 * len(at) - 6
    if len(at) >= 3 and len(edges) > planar:
        ctx.add(
            code,
            path + ("links",),
            f"{len(edges):,} links join {len(at)} nodes: at most {planar:,} can be drawn without crossing",
            "remove links, or join the nodes through others",
        )
        return
    for k, (c, d) in enumerate(edges):
        crossed = [
            (a, b) for a, b in edges[:k] if len({a, b, c, d}) == 4 and segments_cross(at[a], at[b], at[c], at[d])
        ]
        if crossed:
            (a, b), more = crossed[0], len(crossed) - 1
            ctx.add(
                code,
                path + ("links", index[frozenset((c, d))]),
                f"link {c}–{d} crosses link {a}–{b} on the map" + (f" and {more:,} more before it" if more else ""),
                "move a node so the links do not cross",
            )


def segments_cross(
    p: tuple[float, float], q: tuple[float, float], r: tuple[float, float], s: tuple[float, float]
) -> bool:
    """True when segments pq and rs cross at a point inside both (touching ends do not count).

    >>> segments_cross((0, 0), (2, 2), (0, 2), (2, 0))
    True
    >>> segments_cross((0, 0), (1, 1), (2, 2), (3, 0))
    False
    """

    def side(a, b, c) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = side(p, q, r), side(p, q, s)
    d3, d4 = side(r, s, p), side(r, s, q)
    eps = 1e-9
    return ((d1 > eps and d2 < -eps) or (d1 < -eps and d2 > eps)) and (
        (d3 > eps and d4 < -eps) or (d3 < -eps and d4 > eps)
    )


def extent(graph: GraphMap) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the node centres in map units."""
    xs = [n.x for n in graph.nodes]
    ys = [n.y for n in graph.nodes]
    return min(xs), min(ys), max(xs), max(ys)


def shortest_link(graph: GraphMap) -> float:
    """Length of the shortest link in map units (the nearest pair of nodes when there are no links)."""
    at = {n.id: (n.x, n.y) for n in graph.nodes}
    lengths = [math.dist(at[a], at[b]) for a, b in graph.edges()]
    if not lengths:
        points = list(at.values())
        lengths = [math.dist(p, q) for i, p in enumerate(points) for q in points[i + 1 :]]
    positive = [x for x in lengths if x > 0]
    return min(positive, default=1.0)


__all__ = [
    "Background",
    "GraphCodes",
    "GraphMap",
    "Link",
    "MapNode",
    "NodeId",
    "NodeKind",
    "check_graph",
    "diameter",
    "extent",
    "hop_distances",
    "hop_table",
    "parts",
    "segments_cross",
    "shortest_link",
    "within",
]
