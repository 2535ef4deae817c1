"""Shogi + TCG's art: every spell, building and creature prints its own registered vector icon inside its art
window, an unknown icon name is a finding at its place, the island coasts are smooth curves that keep the
nodes on land, and a player piece fits on a node (SG022 when it does not).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import get_args

import pytest
from conftest import line_of, make_bad_kit
from test_shogi_tcg import map_pieces

from pnpkit.validator.kit import load_kit

pytest.importorskip("scipy", reason="the island art needs scipy (a dependency of pnpkit)")

KIT = "shogi-tcg"
LANGS = ("ja", "en")
ART_LISTS = ("spells", "buildings", "creatures")


@pytest.fixture(scope="module")
def loaded(kits):
    return kits.loaded(KIT)


@pytest.fixture(scope="module")
def layouts(kits):
    return kits.layouts(KIT)


def fronts(layouts, lang: str) -> dict[str, object]:
    """Card id → one printed front Group of that card."""
    from pnpkit.generator.scene import Group

    out = {}
    for page in layouts[lang]["cards"].pages:
        for item in page.items:
            if isinstance(item, Group) and item.role == "card-front":
                out.setdefault(item.name, item)
    return out


def icons_in(group) -> list:
    """(icon Group, matrix) pairs inside a card front, in card coordinates."""
    from pnpkit.generator.scene import Group, walk

    return [(g, m) for g, m in walk(group.items) if isinstance(g, Group) and g.role == "icon"]


# ---------------------------------------------------------------- icons


def test_the_model_offers_exactly_the_icons_the_generator_draws():
    from pnpkit.generator.icons.shogi import ICONS
    from pnpkit.validator.games.shogi_tcg import CardIcon

    assert set(get_args(CardIcon)) == set(ICONS)
    assert len(ICONS) == len(get_args(CardIcon))


def test_every_spell_building_and_creature_prints_its_own_registered_icon(layouts, loaded):
    from pnpkit.generator.icons.shogi import ICONS

    kit = loaded.kit
    for lang in LANGS:
        printed = fronts(layouts, lang)
        for name in ART_LISTS:
            cards = getattr(kit, name)
            seen = []
            for card in cards:
                assert card.icon is not None, card.id
                names = [g.name for g, _ in icons_in(printed[card.id]) if g.name in ICONS]
                assert names == [card.icon], (lang, card.id, names)
                seen.append(card.icon)
            assert len(set(seen)) == len(cards), f"two {name} share an icon: {seen}"
    used = [c.icon for name in ART_LISTS for c in getattr(kit, name)]
    assert len(set(used)) == len(used) == 24  # no spell looks like a building or a creature either


def test_each_icon_stays_inside_its_box_and_its_art_window(layouts, loaded):
    from pnpkit.generator.scene import Rect, bounds, walk

    printed = fronts(layouts, "en")
    for name in ART_LISTS:
        for card in getattr(loaded.kit, name):
            front = printed[card.id]
            window = next(i for i in front.items if isinstance(i, Rect) and i.y == 21 and i.x == 6)
            ((icon, matrix),) = [(g, m) for g, m in icons_in(front) if g.name == card.icon]
            box = [bounds(item, m) for item, m in walk((icon,), matrix) if bounds(item, m) is not None]
            x0, y0 = min(b[0] for b in box), min(b[1] for b in box)
            x1, y1 = max(b[2] for b in box), max(b[3] for b in box)
            reach = icon.scale * 1.06  # the unit box, and half a stroke over it at most
            assert icon.dx - reach <= x0 and x1 <= icon.dx + reach, card.id
            assert icon.dy - reach <= y0 and y1 <= icon.dy + reach, card.id
            assert window.x <= x0 and x1 <= window.x + window.w, card.id
            assert window.y <= y0 and y1 <= window.y + window.h, card.id


def test_icons_draw_in_the_cards_own_colours(layouts, loaded):
    """The icon is inked in the card's colour (deepened), its cut-outs in the art window's wash."""
    from pnpkit.generator.colour import blend, tint
    from pnpkit.generator.games.shogi_tcg import card_colour
    from pnpkit.generator.layouts.shogi_cards import art_colours
    from pnpkit.generator.scene import walk

    kit = loaded.kit
    printed = fronts(layouts, "en")
    for name in ART_LISTS:
        for card in getattr(kit, name):
            cid, band = card_colour(kit, card.cost)
            background, ink, _halo = art_colours(cid, band)
            assert background == tint(band, 0.2)
            ((icon, _m),) = [(g, m) for g, m in icons_in(printed[card.id]) if g.name == card.icon]
            colours = set()
            for item, _ in walk(icon.items):
                style = getattr(item, "style", None)
                if style is not None:
                    colours |= {style.fill, style.stroke} - {None}
            assert ink in colours, card.id
            assert colours <= {ink, background, blend(background, ink, 0.22)}, (card.id, colours)


def test_an_unknown_icon_is_a_finding_at_its_place(tmp_path):
    kit = make_bad_kit(tmp_path, [("spells.yaml", "icon: gale", "icon: galee")], kit=KIT)
    loaded = load_kit(kit)
    (error,) = [f for f in loaded.report.errors if f.code == "PK203"]
    assert Path(error.location.file).name == "spells.yaml"
    assert error.location.line == line_of(kit / "spells.yaml", "icon: galee")
    assert error.location.col == len("    icon: ") + 1
    assert "galee" in error.message


def test_a_card_without_an_icon_falls_back_to_the_plain_art(tmp_path):
    from pnpkit.generator.build import layout_kit
    from pnpkit.generator.scene import Group, walk

    kit = make_bad_kit(
        tmp_path,
        [("creatures.yaml", "    icon: salamander\n", ""), ("spells.yaml", "    icon: gale\n", "")],
        kit=KIT,
    )
    loaded = load_kit(kit)
    assert loaded.ok, [f.text() for f in loaded.report.errors]
    parts, _ = layout_kit(loaded, "en")
    cards = next(p for p in parts if p.slug == "cards")
    printed = {}
    for page in cards.pages:
        for item in page.items:
            if isinstance(item, Group) and item.role == "card-front":
                printed.setdefault(item.name, item)
    names = {
        cid: {g.name for g, _ in walk(printed[cid].items) if isinstance(g, Group)} for cid in ("salamander", "gale")
    }
    assert "koma" in names["salamander"] and "salamander" not in names["salamander"]
    assert "sparkle" in names["gale"] and "gale" not in names["gale"]


# ---------------------------------------------------------------- the map's smooth coasts


def _art(layouts):
    from pnpkit.generator.scene import Group, Path, walk

    (page,) = layouts["en"]["map"].pages
    found = {"island-art": [], "coastline": []}
    for item, matrix in walk(page.items):
        if isinstance(item, Path) and item.role in found:
            found[item.role].append((item, matrix))
    (background,) = [g for g, _ in walk(page.items) if isinstance(g, Group) and g.role == "island-background"]
    return found, background


def _loops(ops):
    """Each closed loop of a path as a list of cubic segments (start, c1, c2, end)."""
    loops, current, at = [], [], None
    for op in ops:
        if op[0] == "M":
            at = op[1:]
        elif op[0] == "C":
            current.append((at, op[1:3], op[3:5], op[5:7]))
            at = op[5:7]
        elif op[0] == "Z":
            loops.append(current)
            current = []
    return loops


def _sample(loop, n: int = 6):
    out = []
    for p0, p1, p2, p3 in loop:
        for k in range(n):
            t = k / n
            u = 1 - t
            out.append(
                tuple(u**3 * p0[i] + 3 * u * u * t * p1[i] + 3 * u * t * t * p2[i] + t**3 * p3[i] for i in range(2))
            )
    return out


def _winding(point, polygons) -> int:
    x, y = point
    total = 0
    for poly in polygons:
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
            if y1 <= y < y2 and (x2 - x1) * (y - y1) - (x - x1) * (y2 - y1) > 0:
                total += 1
            elif y2 <= y < y1 and (x2 - x1) * (y - y1) - (x - x1) * (y2 - y1) < 0:
                total -= 1
    return total


def test_coasts_and_bands_are_smooth_curves_with_no_corner(layouts):
    found, background = _art(layouts)
    assert background.clip is not None  # the curves are cut at the map's frame, not bent onto it
    paths = [p for p, _ in found["island-art"] + found["coastline"]]
    assert len(found["island-art"]) >= 4 and len(found["coastline"]) == 1
    corners = 0
    for path in paths:
        assert {op[0] for op in path.ops} == {"M", "C", "Z"}, "outlines are Bézier curves, not polygon edges"
        for loop in _loops(path.ops):
            for (_p0, _p1, c2, end), (_s, c1, _c, _e) in zip(loop, loop[1:] + loop[:1]):
                into = (end[0] - c2[0], end[1] - c2[1])
                out = (c1[0] - end[0], c1[1] - end[1])
                if math.hypot(*into) < 0.3 or math.hypot(*out) < 0.3:
                    continue  # too short for the 0.01 mm rounding to give a direction
                turn = math.degrees(
                    math.atan2(into[0] * out[1] - into[1] * out[0], into[0] * out[0] + into[1] * out[1])
                )
                corners += 1
                assert abs(turn) < 6.0, f"a corner of {turn:.1f}° at {end}"
    assert corners > 100


def test_every_node_stands_on_land_well_inside_the_coast(layouts, loaded):
    from pnpkit.generator.scene import apply

    found, _ = _art(layouts)
    ((coast, matrix),) = found["coastline"]
    polygons = [[apply(matrix, *p) for p in _sample(loop)] for loop in _loops(coast.ops)]
    page = layouts["en"]["map"].pages[0]
    nodes, links = map_pieces(page)
    windings = set()
    for node_id, (centre, radius, _texts) in nodes.items():
        windings.add(_winding(centre, polygons))
        nearest = min(math.dist(centre, p) for poly in polygons for p in poly)
        assert nearest > radius + 0.6, f"node {node_id} is {nearest:.1f} mm from the coast"  # disc and casing on land
    assert windings in ({1}, {-1}), "every node on land, and the fill rule cannot matter"
    on_land = 0
    for segments in links.values():
        for x1, y1, x2, y2 in segments:
            for k in range(1, 10):
                point = (x1 + (x2 - x1) * k / 10, y1 + (y2 - y1) * k / 10)
                on_land += _winding(point, polygons) != 0
    assert on_land >= 0.9 * 9 * len(links)  # the links run over land, save the odd strait


def test_outlines_turn_so_lakes_stay_open_under_either_fill_rule(loaded):
    """Every point is inside 0 or 1 land loops: the nonzero (SVG) and even-odd rules fill the same area."""
    from pnpkit.generator.layouts.context import LayoutContext
    from pnpkit.generator.layouts.graphmap import drawing, fit_scale, spec_of
    from pnpkit.generator.scene import Path, walk
    from pnpkit.generator.units import A4

    spec = spec_of(loaded.kit.map, "en")
    art = drawing(LayoutContext("en", A4), spec, fit_scale(spec, 196, 240))
    (coast,) = [p for p, _ in walk(art.items) if isinstance(p, Path) and p.role == "coastline"]
    polygons = [_sample(loop, 3) for loop in _loops(coast.ops)]
    values = {
        _winding((x + 0.5, y + 0.5), polygons)
        for x in range(0, int(art.width), 3)
        for y in range(0, int(art.height), 3)
    }
    assert values == {0, 1}


# ---------------------------------------------------------------- pieces on nodes


def test_a_player_piece_and_a_marker_fit_on_a_node_with_room(layouts, loaded):
    from pnpkit.generator.scene import Circle, Group, bounds, walk
    from pnpkit.validator.games.shogi_tcg import PIECE_ROOM

    node = loaded.kit.map.node_size
    for lang in LANGS:
        page = layouts[lang]["tokens"].pages[0]
        pieces = [(g, m) for g, m in walk(page.items) if isinstance(g, Group) and g.role == "player-piece"]
        assert len(pieces) == len(loaded.kit.tokens.players)
        for group, matrix in pieces:
            box = [bounds(i, m) for i, m in walk(group.items, matrix) if bounds(i, m) is not None]
            width = max(b[2] for b in box) - min(b[0] for b in box)
            height = max(b[3] for b in box) - min(b[1] for b in box)
            assert max(width, height) + PIECE_ROOM <= node + 0.1, (lang, width, height, node)
        markers = [g for g, _ in walk(page.items) if isinstance(g, Group) and g.role in ("marker", "life")]
        for marker in markers:
            outer = max(c.r for c in marker.items if isinstance(c, Circle))
            assert 2 * outer + PIECE_ROOM <= node + 1e-6


def test_a_piece_wider_than_a_node_allows_is_sg022(tmp_path):
    kit = make_bad_kit(tmp_path, [("tokens.yaml", "diameter: 13mm", "diameter: 18mm")], kit=KIT)
    changed = load_kit(kit)
    (warning,) = [f for f in changed.report.warnings if f.code == "SG022"]
    assert not changed.report.errors
    assert warning.location.line == line_of(kit / "tokens.yaml", "diameter: 18mm")
    assert "18 mm" in warning.message and "16 mm" in warning.message
    fixed = make_bad_kit(
        tmp_path,
        [("tokens.yaml", "diameter: 13mm", "diameter: 18mm"), ("map.yaml", "node_size: 16mm", "node_size: 20mm")],
        "fixed",
        kit=KIT,
    )
    assert not [f for f in load_kit(fixed).report.warnings if f.code == "SG022"]
