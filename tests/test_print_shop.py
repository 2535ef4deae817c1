"""Print-shop output: every kit at a 1/8 in bleed, its print-on-demand exports, and black printed as one ink.

Print shops ask for bleeds from 0 to 1/8 in (3.175 mm, The Game Crafter's and DriveThruCards'); `export pod` lays a
kit out with a little more than its service's bleed. Black text and line art are DeviceGray `0 g` / `0 G` in the
PDF: a print shop's separation then prints them on the black plate alone, where RGB black becomes four inks.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path

import pikepdf
import pytest
from conftest import CONTENT, KIT_ID, KITS, cli
from PIL import Image

from pnpkit.generator.backends.pdf import render
from pnpkit.generator.colour import INK
from pnpkit.generator.exports.cards import decks
from pnpkit.generator.exports.presets import SERVICES, PresetError, fit
from pnpkit.generator.layouts.cards import CardFace, card_sheets
from pnpkit.generator.layouts.context import INK as LAYOUT_INK
from pnpkit.generator.layouts.context import LayoutContext, page_text
from pnpkit.generator.scene import Document, Group, Line, Page, Rect, Style, Text
from pnpkit.generator.typeset import fonts
from pnpkit.generator.units import PAPERS
from pnpkit.validator.components.printing import PrintSettings

EIGHTH_INCH = "3.175"
PT_PER_MM = 72 / 25.4
BLACK_FILL = ("g", (0.0,))


# ---------------------------------------------------------------- the shared card sheet at 1/8 in


@pytest.mark.parametrize(
    ("lang", "title"), [("en", "Scoring reference cards"), ("ja", "得点早見カード")], ids=["en", "ja"]
)
def test_one_column_of_cards_leaves_the_sheet_label_the_printable_width(lang, title):
    """90 mm cards with 1/8 in bleed fit one column on A4 (two need 0.7 mm more than the paper has): the sheet
    label and print note still fit above the crop marks, inside the printable area, fronts and backs alike."""
    face = CardFace("card", (Rect(0, 0, 90, 90, style=Style(fill="#ffffff")),), "#2b2552")
    settings = PrintSettings.model_validate({"bleed": f"{EIGHTH_INCH}mm"})
    with fonts.using(fonts.builtin("ipaexgothic")):
        ctx = LayoutContext(lang, PAPERS["a4"], settings=settings)
        pages = card_sheets(ctx, title, [face] * 4, face, 90.0, 90.0, deck="reference")
        assert [p.text() for p in ctx.problems] == []
        assert [p.text() for p in page_text(pages)] == []
    fronts = [sum(isinstance(i, Group) and i.role == "card-front" for i in page.items) for page in pages[::2]]
    assert fronts == [2, 2], "the case this guards: one column of two cards a sheet"
    labels = [item for page in pages for item in page.items if isinstance(item, Text) and item.text.startswith(title)]
    assert len(labels) == len(pages), "every sheet names its deck in full"


# ---------------------------------------------------------------- every kit at 1/8 in


def _boxes(pdf_path: Path) -> list[tuple[list[float], list[float]]]:
    with pikepdf.open(pdf_path) as pdf:
        return [
            ([float(v) for v in page.obj.TrimBox], [float(v) for v in page.obj.BleedBox])
            for page in pdf.pages
            if "/TrimBox" in page.obj
        ]


def _assert_built_with_bleed(out: Path) -> None:
    pdfs = sorted(out.rglob("*.pdf"))
    assert pdfs
    for pdf in pdfs:
        for trim, bleed in _boxes(pdf):
            margins = (trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3])
            assert min(margins) == pytest.approx(float(EIGHTH_INCH) * PT_PER_MM, abs=0.05), (pdf.name, margins)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(KITS))
def test_every_kit_builds_at_an_eighth_inch_bleed(name, tmp_path):
    result = cli("build", KITS[name], "-o", tmp_path, "--lang", "all", "--bleed", EIGHTH_INCH, "--no-svg")
    assert result.returncode == 0, result.stdout + result.stderr
    _assert_built_with_bleed(tmp_path)


@pytest.mark.slow
def test_the_new_kit_scaffold_builds_at_an_eighth_inch_bleed(tmp_path):
    made = cli("new", tmp_path / "kit")
    assert made.returncode == 0, made.stdout + made.stderr
    result = cli("build", tmp_path / "kit", "-o", tmp_path / "out", "--lang", "all", "--bleed", EIGHTH_INCH)
    assert result.returncode == 0, result.stdout + result.stderr
    _assert_built_with_bleed(tmp_path / "out")


# ---------------------------------------------------------------- print on demand


def _deck_sizes(kits, name: str) -> dict[str, tuple[float, float]]:
    """Every deck of the kit (in any of its editions) and its card size."""
    return {deck.id: deck.size for parts in kits.layouts(name).values() for deck in decks(list(parts.values()))}


def _prints(service: str, size: tuple[float, float]) -> bool:
    try:
        fit(SERVICES[service], *size)
    except PresetError:
        return False
    return True


@pytest.mark.slow
@pytest.mark.parametrize("service", sorted(SERVICES))
@pytest.mark.parametrize("name", sorted(KITS))
def test_export_pod_succeeds_for_every_service_the_card_sizes_allow(kits, name, service, tmp_path):
    """The decks the service prints export (with --only when it prints some of them), at the service's size;
    a kit it prints none of is refused with a usage error, as is a kit without cards."""
    sizes = _deck_sizes(kits, name)
    printed = sorted(deck for deck, size in sizes.items() if _prints(service, size))
    args = ["export", "pod", KITS[name], "-o", tmp_path, "--service", service, "--lang", "all"]
    if not printed:
        result = cli(*args)
        assert result.returncode == 2, result.stdout + result.stderr
        assert ("does not print" if sizes else "nothing to export") in result.stderr
        return
    if printed != sorted(sizes):
        args += ["--only", ",".join(printed)]
    result = cli(*args)
    assert result.returncode == 0, result.stdout + result.stderr
    kit_id = kits.loaded(name).kit.id
    spec = SERVICES[service]
    for lang in kits.layouts(name):
        out = tmp_path / kit_id / lang / "pod" / service
        for deck in printed:
            placed = fit(spec, *sizes[deck])
            if spec.file == "pdf":
                boxes = _boxes(out / f"{deck}.pdf")
                assert boxes, deck
                for trim, bleed in boxes:
                    across = ((trim[2] - trim[0]) / PT_PER_MM, (bleed[2] - bleed[0]) / PT_PER_MM)
                    assert across == pytest.approx((placed.trim[0], placed.page[0]), abs=0.05), (deck, across)
            else:
                assert (out / deck / "cards.csv").is_file(), deck
                front = sorted((out / deck / "fronts").glob("*.png"))[0]
                with Image.open(front) as image:
                    assert image.size == tuple(round(mm / 25.4 * spec.dpi) for mm in placed.page), (deck, front)


# ---------------------------------------------------------------- black as one ink


def _stream(page: pikepdf.Page) -> bytes:
    """The page's content stream, decompressed (its parts joined when it has several)."""
    contents = page.obj.Contents
    parts = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
    return b"\n".join(part.read_bytes() for part in parts)


def _text_fills(page: pikepdf.Page) -> Counter:
    """How many text-showing operators the page's content stream runs under each fill colour (operator, operands)."""
    fill: tuple | None = None
    saved: list[tuple | None] = []
    shown: Counter = Counter()
    for operands, operator in pikepdf.parse_content_stream(page):
        op = str(operator)
        if op == "q":
            saved.append(fill)
        elif op == "Q":
            fill = saved.pop()
        elif op in ("g", "rg", "k"):
            fill = (op, tuple(float(v) for v in operands))
        elif op in ("Tj", "TJ", "'", '"'):
            shown[fill] += 1
    return shown


def test_ink_is_pure_black():
    assert INK == LAYOUT_INK == "#000000"


def test_the_pdf_backend_sets_pure_black_in_devicegray_and_other_colours_as_before():
    page = Page(
        100.0,
        100.0,
        (
            Text(10, 20, "black", 10, colour="#000000"),
            Line(10, 30, 90, 30, style=Style(stroke="#000000", width=0.3)),
            Rect(10, 40, 20, 20, style=Style(fill="#cc3300", stroke="#222222")),
        ),
    )
    with fonts.using(fonts.builtin()):
        data = render(Document((page,), "t"))
    with pikepdf.open(io.BytesIO(data)) as pdf:
        stream = _stream(pdf.pages[0])
    assert b"0 g" in stream and b"0 G" in stream
    assert b"0 0 0 rg" not in stream and b"0 0 0 RG" not in stream
    assert b".8 .2 0 rg" in stream, "a colour that is not black keeps its RGB"
    assert b".133333 .133333 .133333 RG" in stream, "a dark grey is not black: it stays as it was"


def test_the_body_text_of_a_rules_page_is_devicegray_black(tmp_path):
    result = cli("build", CONTENT, "-o", tmp_path, "--lang", "en", "--only", "rules", "--no-svg")
    assert result.returncode == 0, result.stdout + result.stderr
    with pikepdf.open(tmp_path / KIT_ID / "en" / "rules.pdf") as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            fills = _text_fills(page)
            assert fills.most_common(1)[0][0] == BLACK_FILL, (number, fills)
            greys = [f for f in fills if f and f[0] == "rg" and len(set(f[1])) == 1 and f[1][0] < 0.3]
            assert greys == [], f"page {number}: near-black text set in RGB: {greys}"
            assert re.search(rb"(^|\s)0 g\s", _stream(page)), f"page {number}: no 0 g in the content stream"
