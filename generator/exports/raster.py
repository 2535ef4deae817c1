"""Pixels from scene pages: pnpkit's own PDF backend draws them, PDFium (pypdfium2) rasterises them.

Everything pip installs, nothing from the system: reportlab writes the PDF in
memory, PDFium renders each page into a bitmap of exactly the size asked for,
Pillow writes the file. Many pages go into one PDF, so fonts and repeated
symbols are set up once per batch rather than once per image.

Sizes follow one rule: a length of `mm` at `dpi` is `round(mm / 25.4 * dpi)`
pixels, so a 63 × 88 mm poker card at 300 dpi is 744 × 1039 px. PDFium draws
the whole page into that bitmap (its own `render()` rounds up instead).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..scene import Document, Group, Page

if TYPE_CHECKING:
    from PIL.Image import Image

    from ..cardmap import PlacedCard

MM_PER_INCH = 25.4


def pixels(mm: float, dpi: float) -> int:
    """A length in millimetres as whole pixels at `dpi` (at least one)."""
    return max(1, round(mm / MM_PER_INCH * dpi))


@dataclass(frozen=True)
class Raster:
    """One page to rasterise into a bitmap of `width` × `height` pixels."""

    page: Page
    width: int
    height: int
    transparent: bool = False
    """Keep the page's background transparent (RGBA) instead of white (RGB)."""


def card_page(card: PlacedCard) -> Page:
    """A page exactly the card's bleed box, holding the card drawn upright at its origin."""
    return Page(card.width + 2 * card.bleed, card.height + 2 * card.bleed, (card.upright(),), card.card)


def group_page(group: Group, width: float, height: float, label: str = "") -> Page:
    """A page of `width` × `height` mm holding one group as it is (the caller has placed it)."""
    return Page(width, height, (group,), label)


def render(rasters: Sequence[Raster]) -> list[Image]:
    """Every raster's page drawn into one PDF, then each page rasterised to its bitmap size.

    Call inside `fonts.using(...)` for the edition the pages belong to.
    """
    if not rasters:
        return []
    from ..backends import pdf

    document = Document(tuple(r.page for r in rasters), "pnpkit export")
    return rasterise(pdf.render(document), [(r.width, r.height, r.transparent) for r in rasters])


def rasterise(data: bytes, sizes: Sequence[tuple[int, int, bool]]) -> list[Image]:
    """Page i of the PDF `data` drawn to fill a bitmap of sizes[i] = (width, height, transparent)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    document = pdfium.PdfDocument(data)
    images = []
    try:
        for index, (width, height, transparent) in enumerate(sizes):
            page = document[index]
            kind = pdfium_c.FPDFBitmap_BGRA if transparent else pdfium_c.FPDFBitmap_BGR
            bitmap = pdfium.PdfBitmap.new_native(width, height, kind)
            try:
                bitmap.fill_rect((255, 255, 255, 0 if transparent else 255), 0, 0, width, height)
                pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, 0)
                image = bitmap.to_pil()  # BGR(A) bytes become an RGB(A) image of its own, no longer the bitmap's
                images.append(image if image.mode != bitmap.mode else image.copy())
            finally:
                bitmap.close()
                page.close()
    finally:
        document.close()
    return images


def png_bytes(image: Image, dpi: float | None = None) -> bytes:
    """The image as PNG: no timestamps or text chunks, so equal pixels give equal bytes."""
    buffer = io.BytesIO()
    options: dict = {"compress_level": 3}
    if dpi:
        options["dpi"] = (dpi, dpi)
    image.save(buffer, "PNG", **options)
    return buffer.getvalue()


def jpeg_bytes(image: Image, dpi: float | None = None, quality: int = 90) -> bytes:
    """The image as baseline JPEG with full-resolution colour (4:4:4), so small text stays crisp."""
    buffer = io.BytesIO()
    options: dict = {"quality": quality, "subsampling": 0, "optimize": False, "progressive": False}
    if dpi:
        options["dpi"] = (dpi, dpi)
    image.convert("RGB").save(buffer, "JPEG", **options)
    return buffer.getvalue()


def write(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path
