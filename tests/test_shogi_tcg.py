"""Shogi + TCG: the kit validates and builds, its PDFs are print-ready, the map scene
draws every node and link where they belong, the island art is fixed by its seed,
the rule model catches what the rulebook's numbers require, and golden bad kits
give their findings at their lines.

The bad kits live in tests/fixtures/bad/sg-*/, each a copy of content/shogi-tcg
with one defect and an EXPECTED file (`file:line:col: error CODE`). After changing
a case below (or the kit), regenerate them with

    python tests/test_shogi_tcg.py
"""

from __future__ import annotations

import doctest
import io
import itertools
import os
import re
import shutil
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from conftest import marker_location, replace_once

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

pytest.importorskip("scipy", reason="the island art needs scipy (a dependency of pnpkit)")

KIT = REPO / "content" / "shogi-tcg"
BAD = REPO / "tests" / "fixtures" / "bad"
LANGS = ("ja", "en")
SLUGS = ("map", "cards", "tokens", "rules")
A4_PT = (595.276, 841.890)
HARD_MARGIN = 5.0


@dataclass(frozen=True)
class Case:
    name: str
    file: str  # the kit file that holds the defect
    edits: tuple[tuple[str, str], ...]  # (good text, defect); each good text occurs once in `file`
    code: str
    marker: str  # unique text on the line the finding must point at
    col_at: str | None = None  # where on that line the column must point
    at_file: str = ""  # the file the finding points into, when not `file`

    @property
    def target(self) -> str:
        return self.at_file or self.file


CASES = [
    Case(
        "sg-node-17",
        "map.yaml",
        (
            (
                "    - {id: 16, x: 8, y: 13.5}\n",
                "    - {id: 16, x: 8, y: 13.5}\n    - {id: 17, x: 9.5, y: 12.5}  # two dice never read 7\n",
            ),
            ("    - [16, 24]\n", "    - [16, 17]\n    - [16, 24]\n"),
        ),
        "SG001",
        "{id: 17, x: 9.5",
        "17, x",
    ),
    Case(
        "sg-disconnected",
        "map.yaml",
        (
            (
                "    - {id: 44, x: 12, y: 11}\n",
                "    - {id: 44, x: 12, y: 11}\n    - {id: 45, x: 13, y: 17}  # no link reaches it\n",
            ),
        ),
        "SG003",
        "{id: 45, x: 13",
        "{id: 45",
    ),
    Case(
        "sg-missing-node",
        "map.yaml",
        (("    - [13, 54]\n", "    - [13, 53]  # there is no node 53\n"),),
        "SG004",
        "[13, 53]",
        "53]",
    ),
    Case(
        "sg-four-relics",
        "relics.yaml",
        (
            (
                "  - id: magatama\n    name: {ja: 翠黒の勾玉, en: Jade Magatama}\n    cost: {green: 1, black: 1}\n    icon: magatama\n"
                "    lore: {ja: 森と夜、二つの力を宿す。, en: It holds the power of forest and night.}\n",
                "  # the fifth relic, the magatama, is left out\n",
            ),
        ),
        "SG007",
        "relics:\n",
        "relics:",
    ),
    Case(
        "sg-no-mana-source",
        "decks.yaml",
        (("      - {ref: black, count: 7}\n", "      # no black mana cards\n"),),
        "SG008",
        "cost: {colourless: 1, black: 1}",
        "black: 1}",
        at_file="creatures.yaml",
    ),
]


# ---------------------------------------------------------------- fixture files


def expected_location(case: Case, kit: Path) -> tuple[int, int | None]:
    """The 1-based line of the marker and the column of `col_at` on it."""
    return marker_location((kit / case.target).read_text(encoding="utf-8"), case.marker, case.col_at, case.name)


def regenerate() -> None:
    for case in CASES:
        target = BAD / case.name
        if target.exists():
            shutil.rmtree(target)
        target.mkdir(parents=True)
        for source in sorted(KIT.glob("*.yaml")):
            shutil.copyfile(source, target / source.name)
        path = target / case.file
        text = path.read_text(encoding="utf-8")
        for old, new in case.edits:
            text = replace_once(text, old, new, case.name)
        path.write_text(text, encoding="utf-8")
        line, col = expected_location(case, target)
        where = f"{case.target}:{line}:{col}" if col else f"{case.target}:{line}"
        (target / "EXPECTED").write_text(f"{where}: error {case.code}\n", encoding="utf-8")


# ---------------------------------------------------------------- helpers


def run_cli(*args: object, env: dict | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    full = dict(os.environ)
    full["PYTHONPATH"] = str(REPO) + os.pathsep + full.get("PYTHONPATH", "")
    full.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "pnpkit.generator.cli", *map(str, args)],
        cwd=REPO,
        env=full,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
    )


def variant(tmp_path: Path, edits: dict[str, list[tuple[str, str]]]):
    """The kit with some edits, loaded."""
    from pnpkit.validator.kit import load_kit

    kit = tmp_path / "variant"
    shutil.copytree(KIT, kit)
    for name, changes in edits.items():
        path = kit / name
        text = path.read_text(encoding="utf-8")
        for old, new in changes:
            text = replace_once(text, old, new, name)
        path.write_text(text, encoding="utf-8")
    return load_kit(kit), kit


def line_of(kit: Path, name: str, marker: str) -> int:
    text = (kit / name).read_text(encoding="utf-8")
    assert text.count(marker) == 1, marker
    return text[: text.index(marker)].count("\n") + 1


def walk_page(page):
    from pnpkit.generator.scene import walk

    return list(walk(page.items))


def page_bounds(item, matrix):
    """Page-space extent of a primitive or a line of text."""
    from pnpkit.generator.scene import Text, apply, bounds
    from pnpkit.generator.text import text_bounds

    if isinstance(item, Text):
        x0, y0, x1, y1 = text_bounds(item)
        corners = [apply(matrix, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        return min(xs), min(ys), max(xs), max(ys)
    return bounds(item, matrix)


def walk_clipped(items, matrix=None, clip=None):
    """Every item with its page matrix and the page-space clip box (x0, y0, x1, y1) around it, if any."""
    from pnpkit.generator.scene import IDENTITY, Group, apply, group_matrix

    matrix = matrix or IDENTITY
    for item in items:
        yield item, matrix, clip
        if isinstance(item, Group):
            inner = group_matrix(item, matrix)
            box = clip
            if item.clip is not None:
                c = item.clip
                corners = [
                    apply(inner, x, y)
                    for x, y in ((c.x, c.y), (c.x + c.w, c.y), (c.x, c.y + c.h), (c.x + c.w, c.y + c.h))
                ]
                here = (
                    min(p[0] for p in corners),
                    min(p[1] for p in corners),
                    max(p[0] for p in corners),
                    max(p[1] for p in corners),
                )
                box = (
                    here
                    if clip is None
                    else (max(clip[0], here[0]), max(clip[1], here[1]), min(clip[2], here[2]), min(clip[3], here[3]))
                )
            yield from walk_clipped(item.items, inner, box)


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
def loaded():
    from pnpkit.validator.kit import load_kit

    result = load_kit(KIT)
    assert result.ok, [f.text() for f in result.report.findings]
    return result


@pytest.fixture(scope="module")
def layouts(loaded):
    from pnpkit.generator.build import layout_kit

    out = {}
    for lang in LANGS:
        parts, findings = layout_kit(loaded, lang)
        assert findings == [], [f.text() for f in findings]
        out[lang] = {part.slug: part for part in parts}
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    from pnpkit.generator.cli import main

    out = tmp_path_factory.mktemp("shogi-tcg")
    stdout, stderr = io.StringIO(), io.StringIO()
    with redirect_stdout(stdout), redirect_stderr(stderr):
        status = main(["build", str(KIT), "-o", str(out), "--lang", "all"])
    assert status == 0, stderr.getvalue()
    return out / "shogi-tcg"


# ---------------------------------------------------------------- the kit validates and builds


def test_validate_exits_zero_with_no_findings():
    result = run_cli("validate", KIT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "1 kit(s) OK"
    assert result.stderr == ""


def test_build_writes_every_output(built, layouts):
    for lang in LANGS:
        folder = built / lang
        for slug in SLUGS:
            assert (folder / f"{slug}.pdf").is_file()
            pages = len(layouts[lang][slug].pages)
            svgs = (
                [folder / f"{slug}.svg"]
                if pages == 1
                else [folder / f"{slug}-{n:02d}.svg" for n in range(1, pages + 1)]
            )
            assert all(p.is_file() for p in svgs), slug
        assert (folder / "kit.pdf").is_file()
    assert (built / "fonts" / "ipaexg.ttf").is_file()


def _fonts_embedded(reader) -> bool:
    for page in reader.pages:
        fonts = page["/Resources"].get_object().get("/Font", {})
        for ref in fonts.get_object().values():
            font = ref.get_object()
            descendants = font.get("/DescendantFonts")
            target = descendants.get_object()[0].get_object() if descendants else font
            descriptor = target.get("/FontDescriptor")
            if descriptor is None or not any(
                k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3")
            ):
                return False
    return True


def test_pdfs_are_exactly_a4_with_every_font_embedded_and_the_card_names(built, loaded):
    from pypdf import PdfReader

    kit = loaded.kit
    for lang in LANGS:
        for name in (*[f"{slug}.pdf" for slug in SLUGS], "kit.pdf"):
            reader = PdfReader(built / lang / name)
            for page in reader.pages:
                box = page.mediabox
                assert abs(float(box.width) - A4_PT[0]) < 0.01 and abs(float(box.height) - A4_PT[1]) < 0.01, (
                    lang,
                    name,
                )
            assert _fonts_embedded(reader), (lang, name)
        fronts = PdfReader(built / lang / "cards.pdf").pages[::2]  # backs carry no names
        extracted = "".join(page.extract_text() for page in fronts).replace(" ", "").replace("\n", "")
        for cards in (kit.creatures, kit.spells, kit.buildings, kit.relics, kit.colours):
            for card in cards:
                assert card.name.get(lang).replace(" ", "") in extracted, (lang, card.id)


def test_kit_pdf_has_every_component_and_a_one_page_rule_summary(built, layouts):
    from pypdf import PdfReader

    for lang in LANGS:
        parts = layouts[lang]
        assert len(parts["rules"].pages) == 1
        assert len(parts["map"].pages) == 1
        reader = PdfReader(built / lang / "kit.pdf")
        titles = [item.title for item in reader.outline if not isinstance(item, list)]
        for slug in SLUGS:
            assert parts[slug].title in titles
        assert len(reader.pages) >= sum(len(p.pages) for p in parts.values())


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


def test_no_ink_within_5_mm_of_the_paper_edge(layouts):
    from pnpkit.generator.scene import Group

    for lang in LANGS:
        for slug, part in layouts[lang].items():
            for page in part.pages:
                for item, matrix, clip in walk_clipped(page.items):
                    if isinstance(item, Group) or getattr(item, "role", "") in ("cut-guide", "crop-mark"):
                        continue  # cut guides run to the margin on purpose
                    box = page_bounds(item, matrix)
                    if box is None:
                        continue
                    if clip is not None:
                        box = (max(box[0], clip[0]), max(box[1], clip[1]), min(box[2], clip[2]), min(box[3], clip[3]))
                        if box[0] >= box[2] or box[1] >= box[3]:
                            continue
                    x0, y0, x1, y1 = box
                    assert x0 >= HARD_MARGIN - 1e-6 and y0 >= HARD_MARGIN - 1e-6, (lang, slug, page.label, item)
                    assert x1 <= page.width - HARD_MARGIN + 1e-6 and y1 <= page.height - HARD_MARGIN + 1e-6, (
                        lang,
                        slug,
                        page.label,
                        item,
                    )


def _map_ctx(lang: str = "ja"):
    from pnpkit.generator.layouts.common import LayoutContext
    from pnpkit.generator.units import A4

    return LayoutContext(lang, A4)


def test_same_seed_same_map_bit_for_bit_other_seed_other_map(built, loaded, tmp_path):
    """A second build in a fresh interpreter (another hash seed) gives the same files;
    another background seed gives another coastline over the same nodes and links."""
    out = tmp_path / "again"
    result = run_cli("build", KIT, "-o", out, "--lang", "ja", env={"PYTHONHASHSEED": "12345"})
    assert result.returncode == 0, result.stderr
    again = out / "shogi-tcg" / "ja"
    names = sorted(p.name for p in again.iterdir() if p.is_file())
    assert "map.pdf" in names and "map.svg" in names
    for name in names:
        assert (again / name).read_bytes() == (built / "ja" / name).read_bytes(), name

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


def test_graph_doctests_and_hop_distances(loaded):
    from pnpkit.validator.components import graphmap

    assert doctest.testmod(graphmap).failed == 0
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
    assert by_code["SG005"].location.line == line_of(kit, "map.yaml", "[54, 13]")
    assert by_code["SG006"].location.line == line_of(kit, "map.yaml", "[22, 22]")


def test_crossing_links_are_a_warning(tmp_path):
    changed, kit = variant(tmp_path, {"map.yaml": [("    - [13, 54]\n", "    - [13, 54]\n    - [54, 65]\n")]})
    assert changed.ok
    warnings = [f for f in changed.report.warnings if f.code == "SG016"]
    assert warnings and all(f.location.line == line_of(kit, "map.yaml", "[54, 65]") for f in warnings)


# ---------------------------------------------------------------- the rule model


def test_every_roll_finds_a_node_in_the_sample_map(loaded):
    assert loaded.kit.unplaceable_rolls() == []
    assert all(len(str(n.id)) == 2 and set(str(n.id)) <= set("123456") for n in loaded.kit.map.nodes)


def test_a_roll_without_a_node_needs_a_reroll_rule(tmp_path):
    edits = {"map.yaml": [("    - {id: 14, x: 1, y: 15.5}\n", ""), ("    - [14, 31]\n", "")]}
    changed, kit = variant(tmp_path, edits)
    errors = changed.report.errors
    assert [f.code for f in errors] == ["SG002"]
    assert "1 and 4" in errors[0].message and errors[0].location.line == line_of(kit, "model.yaml", "  order: free")
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
    assert error.code == "SG010" and error.location.line == line_of(kit, "model.yaml", "discard_to: 5")


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
    assert (error.location.line, error.location.col) == (line_of(kit, "spells.yaml", "{purple: 1}"), 12)


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


# ---------------------------------------------------------------- golden bad kits


def test_every_case_has_its_fixture_and_expected_file():
    ours = sorted(p.name for p in BAD.iterdir() if p.is_dir() and p.name.startswith("sg-"))
    assert ours == sorted(case.name for case in CASES)
    for case in CASES:
        kit = BAD / case.name
        line, col = expected_location(case, kit)
        where = f"{case.target}:{line}:{col}" if col else f"{case.target}:{line}"
        assert (kit / "EXPECTED").read_text(encoding="utf-8") == f"{where}: error {case.code}\n"
        assert sorted(p.name for p in kit.glob("*.yaml")) == sorted(p.name for p in KIT.glob("*.yaml"))
        for source in KIT.glob("*.yaml"):
            if source.name != case.file:
                assert (kit / source.name).read_bytes() == source.read_bytes(), (
                    f"{case.name}/{source.name} is stale; regenerate"
                )


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_defect_gives_its_code_at_its_line(case, tmp_path):
    from pnpkit.validator.kit import load_kit

    kit = BAD / case.name
    errors = list(load_kit(kit).report.errors)
    assert {f.code for f in errors} == {case.code}, [f.text() for f in errors]
    line, col = expected_location(case, kit)
    hits = [f for f in errors if Path(f.location.file).name == case.target and f.location.line == line]
    assert hits, [f.text() for f in errors]
    if col:
        assert any(f.location.col == col for f in hits), [f.text() for f in hits]
    repaired = tmp_path / "repaired"
    shutil.copytree(kit, repaired)
    path = repaired / case.file
    text = path.read_text(encoding="utf-8")
    for old, new in case.edits:
        text = replace_once(text, new, old, case.name)
    path.write_text(text, encoding="utf-8")
    assert load_kit(repaired).ok


def test_cli_validate_and_build_of_the_bad_kits_fail_cleanly_and_write_nothing(tmp_path):
    kits = [BAD / case.name for case in CASES]
    result = run_cli("validate", *kits)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    output = result.stdout + result.stderr
    for case in CASES:
        expected = (BAD / case.name / "EXPECTED").read_text(encoding="utf-8").strip()
        where, code = expected.rsplit(": error ", 1)
        shown = os.path.relpath(BAD / case.name / where.split(":")[0], REPO)
        line = where.split(":")[1]
        assert re.search(rf"^{re.escape(shown)}:{line}:\d+: error {code}\b", output, re.M), (case.name, output)
    out = tmp_path / "out"
    result = run_cli("build", *kits, "-o", out, "--lang", "all")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "nothing was" in result.stderr
    assert not out.exists() or not any(out.rglob("*"))


if __name__ == "__main__":
    regenerate()
    print(f"wrote {len(CASES)} kits under {BAD.relative_to(REPO)}")
