"""Print production, checked from the scene the layouts produce and from the PDFs."""

from __future__ import annotations

import itertools
import math

import pikepdf
import pytest
from conftest import CONTENT, KIT_ID, cli, line_of, make_bad_kit, parse_findings, png
from pdftext import page_text

from pnpkit.generator.build import layout_kit, print_settings
from pnpkit.generator.geometry import ink_bounds
from pnpkit.generator.layouts.tiling import assembled_size
from pnpkit.generator.scene import Group, Line, apply, group_matrix, walk
from pnpkit.generator.units import HARD_MARGIN
from pnpkit.validator.kit import load_kit

KIT = CONTENT
PT = 72 / 25.4
TOL = 0.1


@pytest.fixture(scope="module")
def loaded(kits):
    result = kits.loaded(KIT_ID)
    assert result.ok, [f.text() for f in result.report.sorted()]
    return result


def _cards(loaded, **overrides):
    settings = print_settings(loaded.kit, overrides)
    parts, problems = layout_kit(loaded, "en", settings)
    assert not problems
    return next(p for p in parts if p.slug == "cards").pages, settings


def _trims(page, role):
    """Page-space trim rectangles (x0, y0, x1, y1) of every card group with `role`."""
    out = []
    for item, matrix in walk(page.items):
        if isinstance(item, Group) and item.role == role:
            m = group_matrix(item, matrix)
            clip = item.clip
            # the clip is the bleed box in card coordinates; the trim is it shrunk by the bleed
            b = -clip.x
            corners = [
                apply(m, x, y)
                for x, y in ((b - b, 0), (clip.w - 2 * b, 0), (0, clip.h - 2 * b), (clip.w - 2 * b, clip.h - 2 * b))
            ]
            xs, ys = [c[0] for c in corners], [c[1] for c in corners]
            out.append((item.name, (min(xs), min(ys), max(xs), max(ys))))
    return out


def _close(a, b, tol=TOL):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -0.8)])
def test_backs_mirror_fronts_plus_offset(loaded, duplex, offset):
    pages, _ = _cards(loaded, duplex=duplex, back_offset=list(offset))
    assert len(pages) % 2 == 0
    width = pages[0].width
    height = pages[0].height
    for front_page, back_page in zip(pages[::2], pages[1::2]):
        fronts = _trims(front_page, "card-front")
        backs = _trims(back_page, "card-back")
        assert len(fronts) == len(backs) > 0
        for (name, f), (back_name, b) in zip(fronts, backs):
            assert name == back_name
            if duplex == "long":
                expected = (width - f[2], f[1], width - f[0], f[3])
            else:
                expected = (f[0], height - f[3], f[2], height - f[1])
            expected = (
                expected[0] + offset[0],
                expected[1] + offset[1],
                expected[2] + offset[0],
                expected[3] + offset[1],
            )
            assert _close(b, expected), (name, b, expected)


def test_duplex_none_has_no_backs(loaded):
    pages, _ = _cards(loaded, duplex="none")
    assert all(not _trims(p, "card-back") for p in pages)


def _mark_lines(page):
    for item, matrix in walk(page.items):
        if isinstance(item, Line) and item.role in ("crop-mark", "cut-guide"):
            yield item, matrix


@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_crop_marks_stay_outside_trim_and_bleed_and_hard_margin(loaded, bleed):
    pages, _settings = _cards(loaded, bleed=bleed, marks="crop")
    for page in pages:
        role = "card-front" if _trims(page, "card-front") else "card-back"
        boxes = [(t[0] - bleed, t[1] - bleed, t[2] + bleed, t[3] + bleed) for _, t in _trims(page, role)]
        marks = list(_mark_lines(page))
        assert marks, "no crop marks"
        for line, matrix in marks:
            assert line.role == "crop-mark"
            length = math.hypot(line.x2 - line.x1, line.y2 - line.y1)
            assert 3.0 - 1e-6 <= length <= 10.0
            assert 0.25 <= line.style.width * PT <= 0.5
            (x1, y1), (x2, y2) = apply(matrix, line.x1, line.y1), apply(matrix, line.x2, line.y2)
            for x, y in ((x1, y1), (x2, y2)):
                assert HARD_MARGIN - 1e-6 <= x <= page.width - HARD_MARGIN + 1e-6
                assert HARD_MARGIN - 1e-6 <= y <= page.height - HARD_MARGIN + 1e-6
            for box in boxes:
                overlaps_x = min(x1, x2) < box[2] - 1e-6 and max(x1, x2) > box[0] + 1e-6
                overlaps_y = min(y1, y2) < box[3] - 1e-6 and max(y1, y2) > box[1] + 1e-6
                assert not (overlaps_x and overlaps_y), (line, box)


def test_home_sheets_get_guides_on_every_cards_edges(loaded):
    pages, _ = _cards(loaded)
    lines = [line for line, _m in _mark_lines(pages[0])]
    assert lines and all(line.role == "cut-guide" for line in lines)
    # 3 × 3 poker with a gutter: each card's own 6 column edges and 6 row edges, each with a guide on both sides
    assert len(lines) == 24
    # edge to edge (gutter 0mm) the cards share their cut lines: 4 and 4
    pages, _ = _cards(loaded, gutter="0mm")
    assert len(list(_mark_lines(pages[0]))) == 16


def test_bleed_pages_carry_trim_and_bleed_boxes(loaded):
    pages, _ = _cards(loaded, bleed=3.0)
    for page in pages:
        assert page.trim is not None and page.bleed is not None
        t, b = page.trim, page.bleed
        assert t.x - b.x >= 3.0 - 1e-6 and t.y - b.y >= 3.0 - 1e-6
        assert (b.x + b.w) - (t.x + t.w) >= 3.0 - 1e-6 and (b.y + b.h) - (t.y + t.h) >= 3.0 - 1e-6
        assert b.x >= 0 and b.y >= 0 and b.x + b.w <= page.width and b.y + b.h <= page.height


def test_gutterfold_reflects_fronts_about_the_fold(loaded):
    pages, _ = _cards(loaded, layout="gutterfold")
    fold = 105.0
    for page in pages:
        folds = [i for i, _m in walk(page.items) if isinstance(i, Line) and i.role == "fold-line"]
        assert len(folds) == 1 and folds[0].x1 == pytest.approx(fold) and folds[0].style.dash
        fronts, backs = _trims(page, "card-front"), _trims(page, "card-back")
        assert 0 < len(fronts) <= 4 and len(fronts) == len(backs)
        for (_n, f), (_m, b) in zip(fronts, backs):
            assert _close(b, (2 * fold - f[2], f[1], 2 * fold - f[0], f[3]))
            assert f[2] < fold < b[0]
    assert len(_trims(pages[0], "card-front")) == 4


def test_letter_paper_puts_poker_cards_eight_up_with_the_gutter(loaded):
    """Letter is 17.6 mm shorter than A4: three rows of 88 mm cards with 2 mm gutters leave no room for the cut
    guides above and below, so the cards lie on their side, 2 × 4; edge to edge (gutter 0mm) they stay 9-up."""
    pages, _ = _cards(loaded, paper="letter")
    assert pages[0].width == pytest.approx(215.9) and pages[0].height == pytest.approx(279.4)
    trims = [t for _n, t in _trims(pages[0], "card-front")]
    assert len(trims) == 8
    assert all(t[2] - t[0] == pytest.approx(88.0) and t[3] - t[1] == pytest.approx(63.0) for t in trims)
    pages, _ = _cards(loaded, paper="letter", gutter="0mm")
    assert len(_trims(pages[0], "card-front")) == 9


def test_invalid_combinations_are_refused(loaded):
    with pytest.raises(ValueError, match="gutterfold"):
        print_settings(loaded.kit, {"layout": "gutterfold", "duplex": "long"})
    with pytest.raises(ValueError, match="crop marks"):
        print_settings(loaded.kit, {"bleed": 3.0, "marks": "guides"})
    with pytest.raises(ValueError, match="duplex is none"):
        print_settings(loaded.kit, {"duplex": "none", "back_offset": [1.0, 0.0]})


def test_tiled_board_at_40mm(tmp_path):
    loaded = load_kit(make_bad_kit(tmp_path, [("board.yaml", "hex_size: auto", "hex_size: 40mm")]))
    assert loaded.ok
    parts, problems = layout_kit(loaded, "en")
    assert not problems
    pages = next(p for p in parts if p.slug == "board").pages
    tiles = [p for p in pages if any(isinstance(i, Group) and i.role == "tile" for i, _m in walk(p.items))]
    assert len(tiles) >= 2
    labels = [i.text for p in tiles for i, _m in walk(p.items) if getattr(i, "role", "") == "tile-label"]
    assert len(labels) == len(tiles) and all(" of " in label for label in labels)
    marks = [i for p in tiles for i, _m in walk(p.items) if isinstance(i, Group) and i.role == "registration-mark"]
    assert marks
    # nominal board: 6 hexes across flats wide, 9 rows of pointy hexes tall
    radius = 40 / math.sqrt(3)
    nominal = (6 * 40.0, 8 * 1.5 * radius + 2 * radius)
    width, height = assembled_size(tiles)
    assert abs(width - nominal[0]) <= 0.5 and abs(height - nominal[1]) <= 0.5
    for page in tiles:
        for item, matrix in walk(page.items):
            ink = ink_bounds(item, matrix) if not isinstance(item, Group) else None
            if ink is not None:  # every sheet's ink, its cells and flaps included, inside the printable area
                assert ink[0] >= HARD_MARGIN - 1e-6 and ink[2] <= page.width - HARD_MARGIN + 1e-6
                assert ink[1] >= HARD_MARGIN - 1e-6 and ink[3] <= page.height - HARD_MARGIN + 1e-6


def test_tile_overlaps_are_ten_millimetres(tmp_path):
    from pnpkit.generator.layouts.tiling import OVERLAP, spans

    pieces = spans(500.0, 196.0, [float(x) for x in range(0, 500, 20)])
    for (a0, a1), (b0, _b1) in itertools.pairwise(pieces):
        assert a1 - b0 == pytest.approx(OVERLAP, abs=0.5)
        assert a1 - a0 <= 196.0 + 1e-9
    assert pieces[0][0] == 0 and pieces[-1][1] == 500.0


def test_bleed_build_has_page_boxes_and_embedded_fonts(tmp_path):
    result = cli("build", KIT, "-o", tmp_path, "--bleed", "3", "--lang", "en", "--no-svg")
    assert result.returncode == 0, result.stderr
    for path in (tmp_path / "element-shift" / "en").glob("*.pdf"):
        with pikepdf.open(path) as pdf:
            for page in pdf.pages:
                trim = [float(v) for v in page.obj["/TrimBox"]]
                bleed = [float(v) for v in page.obj["/BleedBox"]]
                media = [float(v) for v in page.mediabox]
                margin = min(trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3]) / PT
                assert margin >= 3.0 - 0.05
                assert media[0] <= bleed[0] and media[2] >= bleed[2]
                for font in page.obj.Resources.get("/Font", {}).values():
                    descendant = font.get("/DescendantFonts")
                    descriptor = (descendant[0] if descendant else font).get("/FontDescriptor")
                    assert descriptor is not None and ("/FontFile2" in descriptor or "/FontFile3" in descriptor)


def test_gutterfold_and_letter_builds(tmp_path):
    result = cli("build", KIT, "-o", tmp_path / "g", "--layout", "gutterfold", "--lang", "en", "--no-svg")
    assert result.returncode == 0, result.stderr
    result = cli("build", KIT, "-o", tmp_path / "l", "--paper", "letter", "--lang", "en", "--no-svg")
    assert result.returncode == 0, result.stderr
    with pikepdf.open(tmp_path / "l" / "element-shift" / "en" / "cards.pdf") as pdf:
        assert len(pdf.pages) % 2 == 0
        for page in pdf.pages:
            assert [round(float(v), 2) for v in page.mediabox] == [0, 0, 612.0, 792.0]


def test_clashing_options_are_a_usage_error(tmp_path):
    result = cli("build", KIT, "-o", tmp_path, "--layout", "gutterfold", "--duplex", "long")
    assert result.returncode == 2
    assert "gutterfold" in result.stderr and "Traceback" not in result.stderr
    assert not any(tmp_path.rglob("*.pdf"))


def test_calibrate_writes_front_and_back(tmp_path):
    target = tmp_path / "cal.pdf"
    result = cli("calibrate", "-o", target)
    assert result.returncode == 0, result.stderr
    with pikepdf.open(target) as pdf:
        assert len(pdf.pages) == 2
        assert [round(float(v), 2) for v in pdf.pages[0].mediabox] == [0, 0, 595.28, 841.89]


def test_calibration_reference_lines_sit_behind_the_scale_zeros():
    from pnpkit.generator.layouts.calibration import calibration_pages
    from pnpkit.generator.layouts.context import LayoutContext
    from pnpkit.generator.units import A4

    front, back = calibration_pages(LayoutContext("en", A4), "long")
    zeros = sorted(
        round(i.x1, 3) for i, _m in walk(front.items) if isinstance(i, Line) and i.role == "scale" and i.y1 == i.y2
    )
    refs = sorted(
        round(front.width - i.x1, 3)
        for i, _m in walk(back.items)
        if isinstance(i, Line) and i.role == "reference" and i.x1 == i.x2
    )
    centres = sorted(round((z + 5.0), 3) for z in zeros)  # the x scale runs from zero − 5 to zero + 5
    assert refs == centres


def test_kit_book_opens_with_cover_and_contents(kits):
    from pypdf import PdfReader

    book = kits.builds(KIT_ID)[0] / "en" / "kit.pdf"
    reader = PdfReader(book)
    meta = reader.metadata
    assert meta.title == "Element Shift" and meta.author and meta.subject and "/Keywords" in meta
    contents = page_text(book, 1)
    for word in ("Contents", "Checklist", "Element cards", "Shift cards", "Player tokens", "160", "× 10", "× 9", "× 7"):
        assert word in contents, word
    titles = [o.title for o in reader.outline]
    assert titles[:2] == ["Contents", "Duplex calibration sheet"] and len(titles) == 6


def test_a_cover_image_below_300_ppi_is_a_warning(tmp_path):
    kit = make_bad_kit(tmp_path, [])
    (kit / "cover.png").write_bytes(png(60, 40))
    (kit / "kit.yaml").write_text((kit / "kit.yaml").read_text() + "cover_image: cover.png\n")
    result = cli("validate", kit)
    assert result.returncode == 0, result.stderr
    (shown,) = parse_findings(result.stdout)
    assert (shown.file.name, shown.line, shown.severity, shown.code) == (
        "kit.yaml",
        line_of(kit / "kit.yaml", "cover_image"),
        "warning",
        "PK322",
    )
    assert "print needs 300" in shown.text


def test_negative_back_offset_on_the_command_line(tmp_path):
    result = cli("build", KIT, "-o", tmp_path, "--lang", "en", "--no-svg", "--back-offset", "-0.5,0.3")
    assert result.returncode == 0, result.stderr


def test_letter_card_sheets_keep_every_note_out_of_the_hard_margin(loaded):
    from pnpkit.generator.typeset.text import text_bounds

    pages, _ = _cards(loaded, paper="letter")
    for page in pages:
        notes = [(i, m) for i, m in walk(page.items) if getattr(i, "role", "") in ("print-note", "scale-bar")]
        assert notes
        for item, matrix in walk(page.items):
            if isinstance(item, Group) and item.role in ("card-front", "card-back"):
                continue
            if hasattr(item, "text"):
                x0, y0, x1, y1 = text_bounds(item)
                corners = [apply(matrix, x, y) for x, y in ((x0, y0), (x1, y1))]
            else:
                continue
            for x, y in corners:
                assert HARD_MARGIN - 0.05 <= x <= page.width - HARD_MARGIN + 0.05, (item, x)
                assert HARD_MARGIN - 0.05 <= y <= page.height - HARD_MARGIN + 0.05, (item, y)
