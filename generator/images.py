"""Images: their pixel size read from the file header without decoding, and how each backend draws them."""

from __future__ import annotations

import io
import struct
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import svgwrite
    import svgwrite.image
    from reportlab.pdfgen.canvas import Canvas

    from .scene import Image


def pixel_size(path: Path) -> tuple[int, int] | None:
    """(width, height) of a PNG or JPEG, or None when the file is neither."""
    data = path.read_bytes()[: 256 * 1024]
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        return (width, height) if width and height else None
    if data[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                return None
            marker = data[i + 1]
            length = struct.unpack(">H", data[i + 2 : i + 4])[0]
            if marker in (0xC0, 0xC1, 0xC2):
                height, width = struct.unpack(">HH", data[i + 5 : i + 9])
                return (width, height) if width and height else None
            i += 2 + length
    return None


def fit_ppi(size: tuple[int, int], box_w: float, box_h: float) -> tuple[float, float, float]:
    """Width and height (mm) of the image scaled to fit the box, and the resulting pixels per inch."""
    px_w, px_h = size
    scale = min(box_w / px_w, box_h / px_h)
    width, height = px_w * scale, px_h * scale
    return width, height, px_w / (width / 25.4)


def decode_problem(path: Path) -> str | None:
    """Why the image cannot be decoded, or None: a truncated file must fail here, not mid-build."""
    from PIL import Image as PILImage  # reportlab depends on Pillow

    try:
        with PILImage.open(path) as image:
            image.load()
    except (OSError, SyntaxError, ValueError) as exc:
        return str(exc) or type(exc).__name__
    return None


def draw_pdf(canvas: Canvas, item: Image) -> None:
    """Draw an image item on a reportlab canvas whose y axis runs down (the scene's)."""
    from reportlab.lib.utils import ImageReader

    canvas.translate(item.x, item.y + item.h)
    canvas.scale(1, -1)
    # from bytes, so the PDF names the image by its content, not by where the file lives
    with open(item.path, "rb") as handle:
        reader = ImageReader(io.BytesIO(handle.read()))
    canvas.drawImage(reader, 0, 0, item.w, item.h, mask="auto")


def svg_element(drawing: svgwrite.Drawing, item: Image) -> svgwrite.image.Image:
    """An SVG <image> for an image item."""
    return drawing.image(item.path, insert=(_n(item.x), _n(item.y)), size=(_n(item.w), _n(item.h)))


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
