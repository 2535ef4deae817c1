"""Pieces of every size and shape on a generic kit's token sheet (issue 38, item 2).

Each kind of piece has its own shape and size (`tokens: pieces:` for each player colour, `markers:` with `shape:`
and `size:`); the sheet packs them on shelves with no piece over another; a mark prints in a colour that keeps
3:1 contrast with its piece, at a size that grows with the piece, and is a finding at its line when the piece is
too small for it; boards measure each kind at its own footprint; the kit book names per-player pieces as the
designer wrote them; a kit in today's syntax keeps its meaning.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import cli, parse_findings
from pdftext import pdf_text

HEAD = (
    "id: {name}\ngame: generic\ntitle: {{ja: 開拓, en: Settlers}}\nplayers: {{min: 2, max: 4}}\nlanguages: [ja, en]\n"
)

THREE = """tokens:
  players:
    - {name: {ja: 赤, en: Red}, colour: "#c0392b"}
    - {name: {ja: 白, en: White}, colour: "#ffffff"}
  pieces:
    - {id: coin, name: {ja: 硬貨, en: coins}, per_player: 3, shape: disc, size: 12mm, mark: "1"}
    - {id: road, name: {ja: 道, en: roads}, per_player: 5, shape: strip, size: [30mm, 7mm]}
    - {id: settlement, name: {ja: 開拓地, en: settlements}, per_player: 5, shape: house, size: 14mm, mark: "V"}
  markers:
    - {id: robber, name: {ja: 盗賊, en: Robber}, shape: pawn, size: 20mm, colour: "#333333", mark: "R"}
"""


def _kit(tmp_path: Path, body: str, name: str = "kit") -> Path:
    kit = tmp_path / name
    kit.mkdir()
    (kit / "kit.yaml").write_text(HEAD.format(name=name) + body, encoding="utf-8")
    return kit


def _line_of(kit: Path, text: str) -> int:
    lines = (kit / "kit.yaml").read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if text in line)


def _layout(kit: Path, lang: str = "en"):
    from pnpkit.generator.build import layout_kit
    from pnpkit.validator.kit import load_kit

    loaded = load_kit(kit)
    assert loaded.ok and loaded.report.findings == [], loaded.report.findings
    return layout_kit(loaded, lang)


def _pieces(part) -> list[tuple[object, tuple]]:
    """Each piece on the sheet (a top-level group a token export takes) with the page it is on and its matrix."""
    from pnpkit.generator.layouts.tokens import TOKEN_ROLES
    from pnpkit.generator.scene import Group, group_matrix

    return [
        (item, (n, group_matrix(item)))
        for n, page in enumerate(part.pages)
        for item in page.items
        if isinstance(item, Group) and item.role in TOKEN_ROLES
    ]


def _extent(items, matrix) -> tuple[float, float, float, float]:
    from pnpkit.generator.scene import bounds, walk

    boxes = [b for item, m in walk(items, matrix) if (b := bounds(item, m)) is not None]
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def _outline(group, matrix) -> tuple[float, float]:
    """The width and height of a piece's filled outline (its first filled shape) on the page, stroke left out."""
    from pnpkit.generator.scene import Circle, Polygon, Rect, apply, corner_points, walk

    for item, m in walk(group.items, matrix):
        if isinstance(item, (Circle, Rect, Polygon)) and item.style.fill:
            points = [apply(m, x, y) for x, y in corner_points(item)]
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            return round(max(xs) - min(xs), 2), round(max(ys) - min(ys), 2)
    raise AssertionError("no outline")


def test_three_sizes_and_shapes_pack_without_overlap(tmp_path):
    """A 12 mm disc, a 30 × 7 mm strip, a 14 mm house and a 20 mm pawn standee: each printed at its size, no two
    pieces (nor a label and a piece) over each other, and no finding on the sheet."""
    from pnpkit.generator.scene import Text

    parts, problems = _layout(_kit(tmp_path, THREE))
    assert problems == []
    sheet = next(part for part in parts if part.slug == "tokens")
    pieces = _pieces(sheet)
    by_name: dict[str, list] = {}
    for group, (page, matrix) in pieces:
        by_name.setdefault(group.name, []).append((group, page, matrix))
    assert {name: len(found) for name, found in by_name.items()} == {
        "Red coins": 3,
        "White coins": 3,
        "Red roads": 5,
        "White roads": 5,
        "Red settlements": 5,
        "White settlements": 5,
        "Robber": 1,
    }
    sizes = {name: {_outline(g, m) for g, _p, m in found} for name, found in by_name.items()}
    assert sizes["Red coins"] == {(12.0, 12.0)}
    assert sizes["Red roads"] == {(30.0, 7.0)}
    assert sizes["Red settlements"] == {(14.0, 14.0)}
    robber, _page, matrix = by_name["Robber"][0]
    assert robber.role == "standee"
    assert _outline(robber, matrix) == (52.0, 14.0)  # lying on its side: two 20 mm faces, two 6 mm base tabs
    boxes = [(page, _extent(g.items, m)) for g, (page, m) in pieces]
    for i, (page, a) in enumerate(boxes):
        for other_page, b in boxes[i + 1 :]:
            if page == other_page:
                assert min(a[2], b[2]) <= max(a[0], b[0]) or min(a[3], b[3]) <= max(a[1], b[1]), (a, b)
    labels = [
        (n, item)
        for n, page in enumerate(sheet.pages)
        for item in page.items
        if isinstance(item, Text) and " × " in item.text
    ]
    assert len(labels) == 7
    from pnpkit.generator.typeset.text import text_bounds

    for n, label in labels:
        t = text_bounds(label)
        for page, b in boxes:
            if page == n:
                assert min(t[2], b[2]) <= max(t[0], b[0]) or min(t[3], b[3]) <= max(t[1], b[1]), (label.text, b)


def test_the_kit_book_names_each_colours_pieces(tmp_path):
    kit = _kit(tmp_path, THREE)
    out = tmp_path / "out"
    for lang in ("en", "ja"):
        result = cli("build", kit, "--lang", lang, "--no-svg", "-o", out)
        assert result.returncode == 0, result.stdout + result.stderr
    english = pdf_text(out / "kit" / "en" / "kit.pdf")
    for line in ("Red settlements × 5", "White roads × 5", "Red coins × 3", "Robber × 1"):
        assert line in english, english
    assert "Player tokens" not in english  # a sheet of `pieces:` prints no plain discs unless asked
    japanese = "".join(pdf_text(out / "kit" / "ja" / "kit.pdf").split())
    assert "赤の開拓地×5" in japanese and "白の道×5" in japanese


@pytest.mark.parametrize("colour", ["#ffffff", "#f2c500", "#000000", "#c0392b", "#777777"])
def test_marks_keep_contrast_on_any_colour(tmp_path, colour):
    """On white, yellow, black, red and mid-grey pieces of every shape, each mark's colour keeps 3:1 against the
    fill under it, measured from the scene."""
    from pnpkit.generator.colour import contrast_ratio
    from pnpkit.generator.scene import Circle, Polygon, Rect, Text, walk

    shapes = ["disc", "square", "hexagon", "house", "city", "cube"]
    markers = "\n".join(
        f'    - {{id: m{k}, name: {{ja: 印{k}, en: Mark {k}}}, shape: {shape}, size: 16mm, colour: "{colour}", '
        f'mark: "{k}"}}'
        for k, shape in enumerate(shapes)
    )
    body = f'tokens:\n  markers:\n{markers}\n    - {{id: pawn, name: {{ja: 駒, en: Pawn}}, shape: pawn, size: 24mm, colour: "{colour}", mark: "P"}}\n'
    parts, problems = _layout(_kit(tmp_path, body))
    assert problems == []
    sheet = next(part for part in parts if part.slug == "tokens")
    checked = 0
    for group, (_page, matrix) in _pieces(sheet):
        fill = ""
        for item, _m in walk(group.items, matrix):
            if isinstance(item, (Circle, Rect, Polygon)) and item.style.fill:
                fill = item.style.fill  # the last fill drawn before the mark is the one it sits on
            if isinstance(item, Text):
                assert fill == colour, (group.name, fill)
                assert contrast_ratio(item.colour, fill) >= 3.0, (group.name, item.colour, fill)
                checked += 1
    assert checked == len(shapes) + 2  # the pawn standee's two faces


def test_a_mark_grows_with_its_piece(tmp_path):
    from pnpkit.generator.scene import Text, walk

    body = """tokens:
  markers:
    - {id: small, name: {ja: 小, en: Small}, shape: square, size: 8mm, mark: "5"}
    - {id: large, name: {ja: 大, en: Large}, shape: square, size: 24mm, mark: "5"}
"""
    parts, problems = _layout(_kit(tmp_path, body))
    assert problems == []
    sizes = {
        group.name: next(item.size for item, _m in walk(group.items) if isinstance(item, Text))
        for group, _at in _pieces(next(part for part in parts if part.slug == "tokens"))
    }
    assert sizes["Large"] >= 1.5 * sizes["Small"] and sizes["Small"] >= 6.0


def test_a_mark_too_big_for_its_piece_is_a_finding_at_the_mark(tmp_path):
    body = """tokens:
  players:
    - {name: {ja: 赤, en: Red}, colour: "#c0392b"}
  pieces:
    - {id: road, name: {ja: 道, en: roads}, per_player: 4, shape: strip, size: [5mm, 3mm],
       mark: "+10"}
    - {id: town, name: {ja: 町, en: towns}, per_player: 4, shape: house, size: 14mm, mark: "T"}
"""
    kit = _kit(tmp_path, body)
    found = parse_findings((result := cli("validate", kit)).stdout + result.stderr)
    assert [(f.code, f.line) for f in found] == [("PK309", _line_of(kit, 'mark: "+10"'))], result.stdout
    assert "tokens: pieces: 0: size" in found[0].text


def test_a_piece_too_big_for_a_space_is_pk415_naming_it(tmp_path):
    body = (
        THREE
        + """boards:
  - id: arena
    name: {ja: 闘技場, en: Arena}
    grid: {columns: 4, rows: 4, cell: 15mm}
    holds: [settlement, coin]
"""
    )
    kit = _kit(tmp_path, body)
    result = cli("validate", kit)
    found = parse_findings(result.stdout + result.stderr)
    assert [f.code for f in found] == ["PK415"], result.stdout
    assert "'settlement'" in found[0].text and "tokens: pieces: 2: size" in found[0].text
    assert found[0].line == _line_of(kit, "cell: 15mm")
    fitting = kit.parent / "fits"
    fitting.mkdir()
    (fitting / "kit.yaml").write_text(
        (kit / "kit.yaml")
        .read_text(encoding="utf-8")
        .replace("id: kit", "id: fits")
        .replace("cell: 15mm", "cell: 17mm"),
        encoding="utf-8",
    )
    result = cli("validate", fitting)
    assert parse_findings(result.stdout + result.stderr) == [], result.stdout


def test_holders_give_each_kind_its_footprint(tmp_path):
    from pnpkit.validator.games.generic_boards import holders
    from pnpkit.validator.kit import load_kit

    loaded = load_kit(_kit(tmp_path, THREE))
    found = {holder.id: (holder.width, holder.height) for holder in holders(loaded.kit)}
    assert found == {  # no `players`: a sheet of pieces prints plain player tokens only when asked
        "coin": (12.0, 12.0),
        "road": (30.0, 7.0),
        "settlement": (14.0, 14.0),
        "robber": (14.0, 12.0),  # a standee: its width, and its two 6 mm base tabs folded out
    }
    asked = load_kit(
        _kit(tmp_path, THREE.replace("  pieces:", "  per_player: 2\n  diameter: 15mm\n  pieces:"), "asked")
    )
    assert next(h for h in holders(asked.kit) if h.id == "players")[1:3] == (15.0, 15.0)


@pytest.mark.parametrize(
    ("written", "wrong"),
    [
        ("size: [30mm, 7mm]", "size: 30mm"),  # a strip of one length
        ("shape: disc, size: 12mm", "shape: disc, size: [12mm, 9mm]"),  # a disc of two lengths
        ("shape: house, size: 14mm", "shape: hexagon, size: 14mm, standee: true"),  # a hexagon cannot stand
        ('mark: "R"}', 'mark: "R", countdown: 3}'),  # a countdown goes round a disc only
    ],
)
def test_a_size_or_standee_that_does_not_suit_its_shape_is_pk413(tmp_path, written, wrong):
    kit = _kit(tmp_path, THREE.replace(written, wrong))
    result = cli("validate", kit)
    found = parse_findings(result.stdout + result.stderr)
    assert [(f.code, f.line) for f in found] == [("PK413", _line_of(kit, wrong))], result.stdout


def test_too_many_pieces_are_refused_before_layout(tmp_path):
    body = THREE.replace("per_player: 5, shape: strip", "per_player: 600, shape: strip")
    result = cli("validate", _kit(tmp_path, body))
    assert result.returncode != 0
    assert "pnpkit prints at most 1,000" in result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_todays_syntax_keeps_its_meaning(tmp_path):
    """diameter + per_player + markers: the same component, the same counts, round tokens of that diameter, and
    the checklist's "Player tokens: Red" lines."""
    from pnpkit.generator.scene import Circle, walk

    body = """tokens:
  diameter: 16mm
  per_player: 2
  players:
    - {name: {ja: 赤, en: Red}, colour: "#c0392b"}
    - {name: {ja: 黄, en: Yellow}, colour: "#f2c500"}
  markers:
    - {id: lead, name: {ja: リード, en: Lead}, count: 1, colour: "#2b2b33", mark: "★"}
    - {id: sun, name: {ja: 太陽, en: Sun}, count: 3, colour: "#ffffff", mark: "S"}
  track: {name: {ja: 得点, en: Score}, first: 0, last: 19}
"""
    kit = _kit(tmp_path, body)
    parts, problems = _layout(kit)
    assert problems == []
    assert [part.slug for part in parts] == ["tokens"]
    result = cli("build", kit, "--lang", "en", "--no-svg", "-o", tmp_path / "out")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Player tokens: Red" in pdf_text(tmp_path / "out" / "kit" / "en" / "kit.pdf")
    sheet = parts[0]
    assert sheet.checklist == (
        ("Player tokens: Red", 2),
        ("Player tokens: Yellow", 2),
        ("Lead", 1),
        ("Sun", 3),
        ("Score", 1),
    )
    pieces = _pieces(sheet)
    assert [group.role for group, _at in pieces] == ["token"] * 8
    for group, (_page, matrix) in pieces:
        discs = [item for item, _m in walk(group.items, matrix) if isinstance(item, Circle) and item.style.fill]
        assert [disc.r for disc in discs] == [8.0]


def test_tabletop_simulator_gets_each_shape_and_standing_standees(tmp_path):
    """`export tts`: one Custom_Token per printed piece, named by its label; the hexagon's picture is transparent
    outside its corners and opaque inside; the pawn standee is pictured by its upright face and stands up."""
    from PIL import Image

    body = THREE.replace("shape: disc, size: 12mm", "shape: hexagon, size: 20mm")
    kit = _kit(tmp_path, body)
    out = tmp_path / "out"
    result = cli("export", "tts", kit, "--lang", "en", "-o", out)
    assert result.returncode == 0, result.stdout + result.stderr
    saved = json.loads((out / "kit" / "en" / "tts" / "kit.json").read_text(encoding="utf-8"))
    tokens = [o for o in saved["ObjectStates"] if o["Name"] == "Custom_Token"]
    named: dict[str, list[dict]] = {}
    for token in tokens:
        named.setdefault(token["Nickname"], []).append(token)
    assert {name: len(found) for name, found in named.items()} == {
        "Red coins": 3,
        "White coins": 3,
        "Red roads": 5,
        "White roads": 5,
        "Red settlements": 5,
        "White settlements": 5,
        "Robber": 1,
    }
    standing = {name for name, found in named.items() if found[0]["CustomImage"]["CustomToken"]["StandUp"]}
    assert standing == {"Robber"}
    robber = Image.open(_file(named["Robber"][0]))
    assert robber.height > robber.width * 1.3  # the upright face, 14 × 20 mm, not the 52 × 14 mm fold-over
    hexagon = Image.open(_file(named["Red coins"][0])).convert("RGBA")
    w, h = hexagon.size
    assert hexagon.getpixel((w // 8, h // 8))[3] == 0 and hexagon.getpixel((w // 2, h // 2))[3] == 255


def _file(token: dict) -> Path:
    from urllib.parse import unquote, urlsplit

    return Path(unquote(urlsplit(token["CustomImage"]["ImageURL"]).path))


def test_the_sheet_builds_the_same_bytes_and_keeps_the_paper_edge_blank(tmp_path):
    """Two builds in two interpreters give the same tokens.pdf; its pages, rasterised, have no ink in the outer
    4.5 mm (the hard margin is 5 mm)."""
    import subprocess

    from PIL import Image

    kit = _kit(tmp_path, THREE)
    outs = [tmp_path / "one", tmp_path / "two"]
    for out in outs:
        result = cli("build", kit, "--lang", "ja", "--no-svg", "-o", out)
        assert result.returncode == 0, result.stdout + result.stderr
    sheets = [(out / "kit" / "ja" / "tokens.pdf").read_bytes() for out in outs]
    assert sheets[0] == sheets[1]
    dpi = 50
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-gray", "-png", outs[0] / "kit" / "ja" / "tokens.pdf", tmp_path / "p"], check=True
    )
    band = int(4.5 / 25.4 * dpi)
    pages = sorted(tmp_path.glob("p-*.png"))
    assert pages
    for path in pages:
        image = Image.open(path).convert("L")
        w, h = image.size
        edge = [image.crop(box) for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h))]
        assert all(part.getextrema()[0] >= 250 for part in edge), path.name


def test_a_piece_too_big_for_auto_sized_hexes_names_its_size_line(tmp_path):
    """At `hex_size: auto` the hexes are measured as laid out: the settlement (14 mm) does not fit an 11.5 mm hex,
    and the hint names the line that sets the settlement's size."""
    row = " ".join(["s"] * 16)
    body = (
        THREE
        + f"""boards:
  - id: island
    name: {{ja: 島, en: Island}}
    hex: {{rows: ["{row}", "{row}", "{row}"], key: {{s: sea}}, hex_size: auto}}
    terrains:
      - {{id: sea, name: {{ja: 海, en: Sea}}, colour: "#bcd7e8"}}
    holds: [settlement]
"""
    )
    kit = _kit(tmp_path, body)
    result = cli("validate", kit)
    found = parse_findings(result.stdout + result.stderr)
    assert [(f.code, f.line) for f in found] == [("PK415", _line_of(kit, "holds: [settlement]"))], result.stdout
    assert "'settlement' pieces are 14 mm across" in found[0].text and "tokens: pieces: 2: size" in found[0].text


def test_a_state_the_rules_create_may_be_shown_by_a_piece(tmp_path):
    """`play: states:` shown by a per-player piece is shown (no PK343); by an id no piece or marker has, it is."""
    state = """play:
  states:
    - {id: town, name: {ja: 町, en: Town}, on: space, per: player, shown_by: settlement}
"""
    shown = _kit(tmp_path, THREE + state, "shown")
    result = cli("validate", shown)
    assert parse_findings(result.stdout + result.stderr) == [], result.stdout
    unshown = _kit(tmp_path, THREE + state.replace("shown_by: settlement", "shown_by: village"), "unshown")
    found = parse_findings((result := cli("validate", unshown)).stdout + result.stderr)
    assert [(f.code, f.line) for f in found] == [("PK343", _line_of(unshown, "shown_by: village"))]
