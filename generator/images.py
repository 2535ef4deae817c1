"""Images: reading picture files, and how each backend draws them.

`draw_pdf` and `svg_element` are the backends' only image hooks. Both take a
scene `Image` whose file was checked by the validator (validator/images.py).

- PNG and JPEG go into the PDF as image XObjects named by their content, so a
  picture used on many cards is stored once per PDF however often it is drawn
  (JPEGs pass through as they are, without re-encoding).
- SVG art stays vector: svglib turns it into PDF drawing operators, recorded
  once per PDF as a Form XObject and placed like any symbol. No image XObject is
  made for it.
- In SVG output every picture is embedded (a data: URI, never a link to the
  kit's files) once per SVG document in its <defs>, and placed with <use>.
"""

from __future__ import annotations

import base64
import hashlib
import io
import weakref
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnpkit.validator.images import header_pixels_problem, pixels_problem, sniff

if TYPE_CHECKING:
    import svgwrite
    import svgwrite.container
    from reportlab.graphics.shapes import Drawing
    from reportlab.pdfgen.canvas import Canvas

    from .scene import Image


def fit_ppi(size: tuple[int, int], box_w: float, box_h: float) -> tuple[float, float, float]:
    """Width and height (mm) of the image scaled to fit the box, and the resulting pixels per inch."""
    px_w, px_h = size
    scale = min(box_w / px_w, box_h / px_h)
    width, height = px_w * scale, px_h * scale
    return width, height, px_w / (width / 25.4)


def decode_problem(path: Path) -> str | None:
    """Why the image cannot be decoded, or None: a truncated file must fail here, not mid-build."""
    import warnings

    from PIL import Image as PILImage  # reportlab depends on Pillow

    too_large = header_pixels_problem(path)
    if too_large is not None:
        return too_large.message
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PILImage.DecompressionBombWarning)
            with PILImage.open(path) as image:  # the header only: its size is bounded before any pixel is decoded
                too_large = pixels_problem(image.size)
                if too_large is not None:
                    return too_large.message
                image.load()
    except (OSError, SyntaxError, ValueError, PILImage.DecompressionBombError) as exc:
        return str(exc) or type(exc).__name__
    return None


# ---------------------------------------------------------------- reading


@lru_cache(maxsize=16)
def _read(path: str, stamp: tuple[int, int]) -> tuple[bytes, str]:
    data = Path(path).read_bytes()
    return data, hashlib.md5(data, usedforsecurity=False).hexdigest()


def file_data(path: str) -> tuple[bytes, str]:
    """A picture file's bytes and their digest, read once while the file stays the same."""
    stat = Path(path).stat()
    return _read(path, (stat.st_mtime_ns, stat.st_size))


@lru_cache(maxsize=32)
def _svg_drawing(digest: str, path: str) -> Drawing | None:
    import logging

    from svglib.svglib import svg2rlg

    logging.getLogger("svglib").setLevel(logging.ERROR)  # what it skips, the validator has refused already
    try:
        drawing = svg2rlg(path, external_reference_root=str(Path(path).parent))
    except Exception:  # svglib raises many kinds; the layout reports any as a finding
        return None
    if drawing is None or not drawing.width or not drawing.height:
        return None
    return drawing


def svg_drawing(path: str) -> Drawing | None:
    """SVG art as a reportlab Drawing (vector), or None when svglib cannot read it."""
    return _svg_drawing(file_data(path)[1], path)


def svg_problem(path: str) -> str | None:
    """Why SVG art cannot be drawn in the PDF, or None."""
    return None if svg_drawing(path) is not None else "svglib cannot read it as vector art"


# ---------------------------------------------------------------- PDF


def draw_pdf(canvas: Canvas, item: Image) -> None:
    """Draw an image item on a reportlab canvas whose y axis runs down (the scene's)."""
    data, digest = file_data(item.path)
    if sniff(data[:512]) == "svg":
        _draw_svg(canvas, item, digest)
        return
    name = _raster_xobject(canvas, data, digest)
    canvas.saveState()
    canvas.translate(item.x, item.y + item.h)
    canvas.scale(item.w, -item.h)
    canvas._code.append(f"/{canvas._doc.getXObjectName(name)} Do")
    canvas.restoreState()
    canvas._formsinuse.append(name)  # named in the resources of the page or form being drawn


def _raster_xobject(canvas: Canvas, data: bytes, digest: str) -> str:
    """The image XObject for these bytes, made on first use: one per PDF, named by content."""
    from reportlab import rl_config
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfbase.pdfdoc import PDFImageXObject, PDFObjectReference

    name = f"Im{digest}"
    doc = canvas._doc
    reg = doc.getXObjectName(name)
    if doc.idToObject.get(reg) is None:
        was = rl_config.useA85
        rl_config.useA85 = 0  # binary streams: ASCII85 would add a quarter to every picture's bytes
        try:
            image = PDFImageXObject(name, ImageReader(io.BytesIO(data)), mask="auto")
        finally:
            rl_config.useA85 = was
        image.name = name
        doc.Reference(image, reg)
        doc.addForm(name, image)
        smask = getattr(image, "_smask", None)
        if smask is not None:  # the alpha channel: a soft mask of its own, shared the same way
            mask_reg = doc.getXObjectName(smask.name)
            if doc.idToObject.get(mask_reg) is None:
                image.smask = doc.Reference(smask, mask_reg)
            else:
                image.smask = PDFObjectReference(mask_reg)
            del image._smask
    canvas._currentPageHasImages = 1
    return name


def _draw_svg(canvas: Canvas, item: Image, digest: str) -> None:
    drawing = svg_drawing(item.path)
    if drawing is None:
        return  # the layout has reported it
    name = f"Svg{digest}"
    if not canvas.hasForm(name):
        _define_svg_form(canvas, name, drawing)
    canvas.saveState()
    canvas.translate(item.x, item.y + item.h)
    canvas.scale(item.w / drawing.width, -item.h / drawing.height)
    canvas.doForm(name)
    canvas.restoreState()


def _define_svg_form(canvas: Canvas, name: str, drawing: Drawing) -> None:
    """Record SVG art once as a Form XObject in its own coordinates (points, y up), as svglib draws it.

    It may be defined while another form (a card drawn many times) is being recorded:
    reportlab keeps the outer form's operators aside meanwhile.
    """
    from reportlab.graphics import renderPDF
    from reportlab.pdfbase.pdfdoc import PDFResourceDictionary

    drawing.initialFontName = canvas._fontname  # no stray default font named in the PDF: the art has no text
    preamble = canvas._preamble
    canvas.beginForm(name, 0, 0, drawing.width, drawing.height)
    canvas._preamble = ""  # a form starts from the placing operators, not the page's flip
    renderPDF.draw(drawing, canvas, 0, 0, showBoundary=False)
    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    resources.ExtGState = canvas._extgstate.getState() or {}
    if canvas._formsinuse:
        resources.XObject = canvas._doc.xobjDict(canvas._formsinuse)
    canvas.endForm(Resources=resources)
    canvas._preamble = preamble


# ---------------------------------------------------------------- SVG

_embedded: weakref.WeakKeyDictionary[Any, dict[str, str]] = weakref.WeakKeyDictionary()
"""Per SVG document: the id of the <image> in its <defs> for each picture, by content."""


def svg_element(drawing: svgwrite.Drawing, item: Image) -> Any:
    """A <use> placing the picture, embedded once per document in its <defs>."""
    data, digest = file_data(item.path)
    ids = _embedded.setdefault(drawing, {})
    found = ids.get(digest)
    if found is None:
        found = ids[digest] = f"img{len(ids)}"
        mime = {"svg": "image/svg+xml", "png": "image/png", "jpeg": "image/jpeg"}.get(sniff(data[:512]) or "", "")
        href = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
        image = drawing.image(href, insert=(0, 0), size=(1, 1), id=found)
        image.stretch()  # the layout has already given the box the picture's shape (or chose to stretch it)
        drawing.defs.add(image)
    return drawing.use(
        f"#{found}", transform=f"translate({_n(item.x)} {_n(item.y)}) scale({_n(item.w, 5)} {_n(item.h, 5)})"
    )


def _n(value: float, places: int = 3) -> str:
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
