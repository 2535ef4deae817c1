"""Translucent shapes print translucent: a card back's pattern (`pattern: diamonds` at opacity 0.3, `hex` at 0.35)
looks the same in the PDF as in the SVG, and its stroke alpha (CA) reaches the content stream, not only its fill
alpha (ca)."""

from __future__ import annotations

import io
import shutil
import subprocess

import pikepdf
import pytest
from PIL import Image, ImageStat

from pnpkit.generator.backends import pdf, svg
from pnpkit.generator.layouts.backs import pattern_items
from pnpkit.generator.scene import Document, Page, Path, Rect, Style
from pnpkit.generator.typeset import fonts

WIDTH, HEIGHT = 63.0, 88.0
PIXELS_PER_MM = 6


def _back(pattern: str, opaque: bool = False) -> Page:
    """A dark card back with its light pattern over it, as `card_back` draws it."""
    lines = pattern_items(pattern, WIDTH, HEIGHT, "#ffffff")
    if opaque:
        lines = [Path(i.ops, style=Style(stroke="#ffffff", width=i.style.width)) for i in lines if isinstance(i, Path)]
    return Page(WIDTH, HEIGHT, (Rect(0, 0, WIDTH, HEIGHT, style=Style(fill="#27304a")), *lines))


def _pdf_pixels(page: Page) -> Image.Image:
    import pypdfium2

    with fonts.using(fonts.builtin()):
        data = pdf.render(Document((page,), "t"))
    document = pypdfium2.PdfDocument(data)
    try:
        scale = PIXELS_PER_MM * 72 / 25.4
        return document[0].render(scale=scale).to_pil().convert("L")
    finally:
        document.close()


def _svg_pixels(page: Page, tmp_path) -> Image.Image:
    (tmp_path / "back.svg").write_text(svg.render(page, "t"), encoding="utf-8")
    width = round(WIDTH * PIXELS_PER_MM)
    subprocess.run(
        ["rsvg-convert", "-w", str(width), "-o", str(tmp_path / "back.png"), str(tmp_path / "back.svg")], check=True
    )
    with Image.open(tmp_path / "back.png") as image:
        flat = Image.new("RGB", image.size, "white")
        flat.paste(image, mask=image.convert("RGBA").split()[3])
        return flat.convert("L")


def _mean(image: Image.Image) -> float:
    return ImageStat.Stat(image).mean[0]


@pytest.mark.parametrize("pattern", ["diamonds", "hex"])
def test_a_translucent_back_pattern_prints_as_light_in_the_pdf_as_in_the_svg(pattern, tmp_path):
    if shutil.which("rsvg-convert") is None:
        pytest.skip("rsvg-convert (librsvg2-bin) is not installed")
    printed = _mean(_pdf_pixels(_back(pattern)))
    drawn = _mean(_svg_pixels(_back(pattern), tmp_path))
    opaque = _mean(_pdf_pixels(_back(pattern, opaque=True)))
    background = 0.299 * 0x27 + 0.587 * 0x30 + 0.114 * 0x4A
    assert opaque - background > 6, "the pattern is visible enough to tell translucent from opaque"
    assert abs(printed - drawn) < 0.25 * (opaque - background), (printed, drawn, opaque)
    assert printed < background + 0.6 * (opaque - background), "the PDF's lines are not printed at full strength"


def _alphas_at_paint(data: bytes) -> list[tuple[str, float, float]]:
    """Each painting operator of the first page with the fill (ca) and stroke (CA) alpha in force when it runs."""
    painted = []
    with pikepdf.open(io.BytesIO(data)) as document:
        page = document.pages[0]
        states = page.Resources.get("/ExtGState", {})
        fill, stroke, stack = 1.0, 1.0, []
        for operands, operator in pikepdf.parse_content_stream(page):
            op = str(operator)
            if op == "q":
                stack.append((fill, stroke))
            elif op == "Q":
                fill, stroke = stack.pop()
            elif op == "gs":
                state = states[operands[0]]
                fill = float(state.get("/ca", fill))
                stroke = float(state.get("/CA", stroke))
            elif op in ("S", "s", "f", "f*", "B", "B*", "b", "b*"):
                painted.append((op, fill, stroke))
    return painted


def test_both_alphas_are_in_force_when_a_translucent_shape_is_painted():
    page = Page(
        40.0,
        40.0,
        (
            Rect(5, 5, 30, 30, style=Style(fill="#cc3300", stroke="#224466", width=1.0, opacity=0.4)),
            *pattern_items("diamonds", 40.0, 40.0, "#ffffff"),
            Rect(10, 10, 5, 5, style=Style(fill="#00aa00")),
        ),
    )
    with fonts.using(fonts.builtin()):
        data = pdf.render(Document((page,), "t"))
    painted = _alphas_at_paint(data)
    assert [(fill, stroke) for _, fill, stroke in painted] == [(0.4, 0.4), (0.3, 0.3), (1.0, 1.0)]
