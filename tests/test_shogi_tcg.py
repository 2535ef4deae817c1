"""Shogi + TCG: the map scene draws every node and link where they belong, the island art is fixed by its
seed, and the rule model catches what the rulebook's numbers require. What every kit owes a printer is
checked in test_every_kit.py, and its bad kits (sg-*) in bad_cases.py.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import line_of, make_bad_kit
from pdftext import page_texts

from pnpkit.generator.typeset.text import latin_quotes
from pnpkit.validator.kit import load_kit

pytest.importorskip("scipy", reason="the island art needs scipy (a dependency of pnpkit)")

KIT = "shogi-tcg"
LANGS = ("ja", "en")
SLUGS = ("map", "cards", "tokens", "rules")


def variant(tmp_path: Path, edits: dict[str, list[tuple[str, str]]]):
    """The kit with some edits, loaded."""
    kit = make_bad_kit(tmp_path, [(file, old, new) for file, changes in edits.items() for old, new in changes], kit=KIT)
    return load_kit(kit), kit


def walk_page(page):
    from pnpkit.generator.scene import walk

    return list(walk(page.items))


def page_bounds(item, matrix):
    """Page-space extent of a primitive or a line of text."""
    from pnpkit.generator.scene import Text, apply, bounds
    from pnpkit.generator.typeset.text import text_bounds

    if isinstance(item, Text):
        x0, y0, x1, y1 = text_bounds(item)
        corners = [apply(matrix, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        return min(xs), min(ys), max(xs), max(ys)
    return bounds(item, matrix)


def map_pieces(page):
    """{node id: (centre, radius, id texts)} and {link name: [(x1, y1, x2, y2), ...]} in page millimetres."""
    from pnpkit.generator.scene import Circle, Group, Line, Text, apply, walk

    nodes, links = {}, {}
    for item, matrix in walk(page.items):
        if isinstance(item, Group) and item.role == "node":
            inner = [(child, m) for child, m in walk(item.items, matrix)]
            circles = [(c, m) for c, m in inner if isinstance(c, Circle) and c.style.stroke]
            circle, m = circles[0]
            centre = apply(m, circle.cx, circle.cy)
            scale = (m[0] ** 2 + m[1] ** 2) ** 0.5
            texts = [(t.text, page_bounds(t, tm)) for t, tm in inner if isinstance(t, Text) and t.role == "node-id"]
            nodes[item.name] = (centre, circle.r * scale, texts)
        elif isinstance(item, Group) and item.role == "link":
            links[item.name] = [
                (*apply(m, c.x1, c.y1), *apply(m, c.x2, c.y2))
                for c, m in walk(item.items, matrix)
                if isinstance(c, Line)
            ]
    return nodes, links


# ---------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def loaded(kits):
    return kits.loaded(KIT)


@pytest.fixture(scope="module")
def layouts(kits):
    return kits.layouts(KIT)


@pytest.fixture(scope="module")
def built(kits) -> Path:
    return kits.builds(KIT)[0]


# ---------------------------------------------------------------- the printed kit


def test_card_names_are_in_the_extracted_text(built, loaded):
    kit = loaded.kit
    for lang in LANGS:
        fronts = page_texts(built / lang / "cards.pdf", slice(None, None, 2))  # backs carry no names
        extracted = "".join(fronts).replace(" ", "").replace("\n", "")
        for cards in (kit.creatures, kit.spells, kit.buildings, kit.relics, kit.colours):
            for card in cards:
                assert latin_quotes(card.name.get(lang)).replace(" ", "") in extracted, (lang, card.id)  # Founder’s


def test_map_and_rule_summary_are_one_page_each(layouts):
    for lang in LANGS:
        assert tuple(layouts[lang]) == SLUGS
        assert len(layouts[lang]["rules"].pages) == 1
        assert len(layouts[lang]["map"].pages) == 1


def test_card_sheets_hold_each_pile_with_its_own_back(layouts, loaded):
    from pnpkit.generator.scene import Group

    kit = loaded.kit
    want = {"main": 0, "creature": 0, "mana": 0, "colour": 0}
    for deck in kit.decks:
        pile = {"spell": "main", "building": "main", "relic": "main"}.get(deck.template, deck.template)
        want[pile] += sum(e.count for e in deck.cards) if deck.cards else len(getattr(kit, deck.source))
    assert want == {"main": 36, "creature": 27, "mana": 35, "colour": 5}
    for lang in LANGS:
        pages = layouts[lang]["cards"].pages
        fronts = [i for p in pages for i in p.items if isinstance(i, Group) and i.role == "card-front"]
        backs = {i.items for p in pages for i in p.items if isinstance(i, Group) and i.role == "card-back"}
        assert len(fronts) == sum(want.values())
        assert len(backs) == 4  # main, creature, mana and colour backs
        assert len(pages) % 2 == 0


# ---------------------------------------------------------------- the map scene


def test_every_node_id_is_drawn_inside_its_node_and_every_link_joins_its_two_nodes(layouts, loaded):
    graph = loaded.kit.map
    ids = {str(n.id) for n in graph.nodes}
    edges = graph.edges()
    assert len(ids) == 28 and len(edges) == 42
    for lang in LANGS:
        (page,) = layouts[lang]["map"].pages
        nodes, links = map_pieces(page)
        assert set(nodes) == ids
        for node_id, (centre, radius, texts) in nodes.items():
            assert [t for t, _ in texts] == [node_id]
            x0, y0, x1, y1 = texts[0][1]
            corners = ((x0, y0), (x1, y0), (x0, y1), (x1, y1))
            assert all((x - centre[0]) ** 2 + (y - centre[1]) ** 2 < radius**2 for x, y in corners), node_id
            assert radius * 2 == pytest.approx(graph.node_size)
        assert set(links) == {f"{a}-{b}" for a, b in edges}
        for a, b in edges:
            for x1, y1, x2, y2 in links[f"{a}-{b}"]:
                assert (x1, y1) == pytest.approx(nodes[str(a)][0], abs=0.01)
                assert (x2, y2) == pytest.approx(nodes[str(b)][0], abs=0.01)


def test_map_sheet_is_a4_with_a_scale_bar_and_keeps_out_of_the_hard_margin(layouts):
    from pnpkit.generator.scene import Group, Rect

    for lang in LANGS:
        (page,) = layouts[lang]["map"].pages
        assert (page.width, page.height) == (210.0, 297.0)
        assert any(isinstance(i, Rect) and i.role == "scale-bar" for i, _ in walk_page(page))
        frames = [g for g in page.items if isinstance(g, Group) and g.role == "map"]
        assert len(frames) == 1


def _map_ctx(lang: str = "ja"):
    from pnpkit.generator.layouts.context import LayoutContext
    from pnpkit.generator.units import A4

    return LayoutContext(lang, A4)


def test_same_seed_same_map_bit_for_bit_other_seed_other_map(loaded):
    """The same seed gives the same map (test_every_kit checks whole builds in two interpreters);
    another background seed gives another coastline over the same nodes and links."""
    from pnpkit.generator.backends import pdf
    from pnpkit.generator.layouts.graphmap import map_pages, spec_of
    from pnpkit.generator.scene import Document
    from pnpkit.generator.scene import Path as ScenePath

    spec = spec_of(loaded.kit.map, "ja")
    first = map_pages(_map_ctx(), "map", "", spec)
    same = map_pages(_map_ctx(), "map", "", spec)
    other = map_pages(_map_ctx(), "map", "", replace(spec, seed=spec.seed + 1))
    assert first == same
    assert pdf.render(Document(tuple(first), "m")) == pdf.render(Document(tuple(same), "m"))
    assert pdf.render(Document(tuple(first), "m")) != pdf.render(Document(tuple(other), "m"))

    def art(pages):
        return [i for i, _ in walk_page(pages[0]) if isinstance(i, ScenePath) and i.role == "island-art"]

    assert art(first) != art(other)
    assert map_pieces(first[0]) == map_pieces(other[0])  # the game is the same, only the art changes


def test_the_seed_comes_from_the_yaml(tmp_path):
    from pnpkit.generator.build import layout_kit

    changed, _kit = variant(tmp_path, {"map.yaml": [("seed: 20161224", "seed: 7")]})
    assert changed.ok
    base, _ = variant(tmp_path / "b", {})
    pages = [layout_kit(k, "en")[0][0].pages[0] for k in (changed, base)]
    assert pages[0] != pages[1]


def test_a_map_too_big_for_one_sheet_is_tiled_with_overlaps(loaded):
    from pnpkit.generator.layouts.graphmap import MapSpec, drawing, map_pages, natural_size, spec_of
    from pnpkit.generator.layouts.tiling import OVERLAP
    from pnpkit.generator.scene import Group

    base = spec_of(loaded.kit.map, "en")
    spec = MapSpec(base.nodes, base.links, base.node_size, 24.0, base.seed, base.detail, base.land)
    width, height = natural_size(spec, 24.0)
    pages = map_pages(_map_ctx("en"), "map", "", spec)
    assert len(pages) > 1
    tiles = []
    for page in pages:
        assert (page.width, page.height) == (210.0, 297.0)
        (tile,) = [g for g in page.items if isinstance(g, Group) and g.role == "tile"]
        tiles.append(tile.clip)
        assert tile.clip.x + tile.dx >= 7.0 - 1e-6 and tile.clip.x + tile.clip.w + tile.dx <= 203.0 + 1e-6
    xs = sorted({(c.x, c.x + c.w) for c in tiles})
    ys = sorted({(c.y, c.y + c.h) for c in tiles})
    assert xs[0][0] == 0 and xs[-1][1] == pytest.approx(width) and ys[0][0] == 0 and ys[-1][1] == pytest.approx(height)
    for (_a0, a1), (b0, _b1) in itertools.pairwise(xs):
        assert a1 - b0 == pytest.approx(OVERLAP)
    for (_a0, a1), (b0, _b1) in itertools.pairwise(ys):
        assert a1 - b0 == pytest.approx(OVERLAP)
    art = drawing(_map_ctx("en"), spec, 24.0)
    r = spec.node_size / 2
    for node, (cx, cy) in art.centres.items():  # every node is whole on some sheet
        assert any(c.x <= cx - r and cx + r <= c.x + c.w and c.y <= cy - r and cy + r <= c.y + c.h for c in tiles), node


# ---------------------------------------------------------------- the graph component


def test_hop_distances(loaded):  # the module's doctests run in test_code.py
    from pnpkit.validator.components import graphmap

    graph = loaded.kit.map
    hops = graphmap.hop_distances(graph, 54)
    assert hops[54] == 0 and hops[13] == 1 and hops[36] == 1 and hops[65] == 2
    assert set(hops) == {n.id for n in graph.nodes}
    assert graphmap.within(graph, 22, 1) == [62]
    table = graphmap.hop_table(graph)
    assert all(table[a][b] == table[b][a] for a in table for b in table[a])
    assert graphmap.diameter(graph) == max(max(row.values()) for row in table.values())
    assert len(graphmap.parts(graph)) == 1


def test_duplicate_and_self_links_are_reported_at_their_lines(tmp_path):
    changed, kit = variant(
        tmp_path, {"map.yaml": [("    - [13, 54]\n", "    - [13, 54]\n    - [54, 13]\n    - [22, 22]\n")]}
    )
    errors = changed.report.errors
    assert {f.code for f in errors} == {"SG005", "SG006"}
    by_code = {f.code: f for f in errors}
    assert by_code["SG005"].location.line == line_of(kit / "map.yaml", "[54, 13]")
    assert by_code["SG006"].location.line == line_of(kit / "map.yaml", "[22, 22]")


def test_crossing_links_are_a_warning(tmp_path):
    changed, kit = variant(tmp_path, {"map.yaml": [("    - [13, 54]\n", "    - [13, 54]\n    - [54, 65]\n")]})
    assert changed.ok
    warnings = [f for f in changed.report.warnings if f.code == "SG016"]
    assert warnings and all(f.location.line == line_of(kit / "map.yaml", "[54, 65]") for f in warnings)


# ---------------------------------------------------------------- the rule model


def test_every_roll_finds_a_node_in_the_sample_map(loaded):
    assert loaded.kit.unplaceable_rolls() == []
    assert all(len(str(n.id)) == 2 and set(str(n.id)) <= set("123456") for n in loaded.kit.map.nodes)


def test_a_roll_without_a_node_needs_a_reroll_rule(tmp_path):
    edits = {"map.yaml": [("    - {id: 14, x: 1, y: 15.5}\n", ""), ("    - [14, 31]\n", "")]}
    changed, kit = variant(tmp_path, edits)
    errors = changed.report.errors
    assert [f.code for f in errors] == ["SG002"]
    assert "1 and 4" in errors[0].message and errors[0].location.line == line_of(kit / "model.yaml", "  order: free")
    allowed, _ = variant(
        tmp_path / "b", {**edits, "model.yaml": [("reroll_when: [occupied]", "reroll_when: [occupied, missing]")]}
    )
    assert allowed.ok
    fixed, _ = variant(tmp_path / "c", {"model.yaml": [("  order: free", "  order: fixed")]})
    assert {f.code for f in fixed.report.errors} == {"SG002"}
    assert len(fixed.report.errors) == 36 - 28


def test_hand_limit_and_discard_target_must_agree(tmp_path):
    changed, kit = variant(tmp_path, {"model.yaml": [("  discard_to: 6 ", "  discard_to: 5 ")]})
    (error,) = changed.report.errors
    assert error.code == "SG010" and error.location.line == line_of(kit / "model.yaml", "discard_to: 5")


def test_costs_use_only_known_colours(tmp_path):
    changed, kit = variant(
        tmp_path,
        {
            "spells.yaml": [
                (
                    "    cost: {red: 1}\n    ability: {kind: activate",
                    "    cost: {purple: 1}\n    ability: {kind: activate",
                )
            ]
        },
    )
    (error,) = changed.report.errors
    assert error.code == "SG009" and "purple" in error.message
    assert (error.location.line, error.location.col) == (line_of(kit / "spells.yaml", "{purple: 1}"), 12)


def test_shuffled_decks_share_their_back(tmp_path):
    changed, _kit = variant(
        tmp_path,
        {
            "decks.yaml": [
                (
                    "    source: buildings\n    back: *main\n",
                    '    source: buildings\n    back: {title: {ja: 建造物, en: Buildings}, colour: "#4d5960"}\n',
                )
            ]
        },
    )
    (error,) = changed.report.errors
    assert error.code == "SG012"


def test_the_rulebook_as_written_is_refused_where_it_contradicts_itself(tmp_path):
    """Colourless costs with a mana deck of coloured mana only, and activate without a limit."""
    changed, _kit = variant(
        tmp_path,
        {
            "model.yaml": [
                ("  colourless_paid_with: any ", "  colourless_paid_with: colourless "),
                ("  activations_per_turn: 2 ", "  # activations_per_turn: any number "),
            ]
        },
    )
    errors = changed.report.errors
    assert [f.code for f in errors if f.code.startswith("SG")] == ["SG008"]
    assert "colourless" in next(f for f in errors if f.code == "SG008").message
    assert {f.code for f in errors} == {"SG008", "PK302"}  # the rule text names a limit that no longer exists
    assert [f.code for f in changed.report.warnings] == ["SG019"]
