"""Draw a scene with reportlab: byte-identical output, every font embedded."""

from __future__ import annotations

import io
from functools import lru_cache

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .. import fonts
from ..scene import Circle, Document, Group, Image, Line, Page, Path, Polygon, Rect, Style, Text
from ..units import MM_PER_PT


@lru_cache(maxsize=256)
def _colour(value: str) -> HexColor:
    return HexColor(value)


def render(document: Document) -> bytes:
    fonts.ttfont()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1, initialFontName=fonts.GOTHIC, initialFontSize=10)
    canvas.setTitle(document.title)
    canvas.setAuthor(document.author)
    canvas.setSubject(document.subject)
    canvas.setKeywords(", ".join(document.keywords))
    canvas.setCreator("pnpkit")
    canvas.setProducer("pnpkit (reportlab)")
    marks = {b.page: b for b in document.bookmarks}
    for index, page in enumerate(document.pages):
        _page(canvas, page)
        for level, bookmark in enumerate(b for b in document.bookmarks if b.page == index):
            key = f"p{index}-{level}"
            canvas.bookmarkPage(key)
            canvas.addOutlineEntry(bookmark.title, key, level=bookmark.level, closed=False)
        canvas.showPage()
    del marks
    canvas.save()
    return buffer.getvalue()


def _page(canvas: Canvas, page: Page) -> None:
    width, height = page.width * mm, page.height * mm
    canvas.setPageSize((width, height))
    if page.trim is not None:
        t = page.trim
        canvas.setTrimBox((t.x * mm, height - (t.y + t.h) * mm, (t.x + t.w) * mm, height - t.y * mm))
    if page.bleed is not None:
        b = page.bleed
        canvas.setBleedBox((b.x * mm, height - (b.y + b.h) * mm, (b.x + b.w) * mm, height - b.y * mm))
    canvas.saveState()
    canvas.translate(0, height)
    canvas.scale(mm, -mm)
    for item in page.items:
        _draw(canvas, item)
    canvas.restoreState()


def _apply_style(canvas: Canvas, style: Style) -> tuple[int, int]:
    if style.fill:
        canvas.setFillColor(_colour(style.fill))
    if style.stroke:
        canvas.setStrokeColor(_colour(style.stroke))
        canvas.setLineWidth(style.width)
        canvas.setDash(list(style.dash) if style.dash else [])
    if style.opacity < 1:
        canvas.setFillAlpha(style.opacity)
        canvas.setStrokeAlpha(style.opacity)
    return (1 if style.fill else 0), (1 if style.stroke else 0)


def _path_of(canvas: Canvas, ops: tuple[tuple, ...]):
    path = canvas.beginPath()
    for op in ops:
        kind = op[0]
        if kind == "M":
            path.moveTo(op[1], op[2])
        elif kind == "L":
            path.lineTo(op[1], op[2])
        elif kind == "C":
            path.curveTo(*op[1:])
        elif kind == "Z":
            path.close()
    return path


def _draw(canvas: Canvas, item) -> None:
    if isinstance(item, Group):
        canvas.saveState()
        canvas.translate(item.dx, item.dy)
        if item.rotate:
            canvas.rotate(item.rotate)
        if item.scale != 1:
            canvas.scale(item.scale, item.scale)
        if item.clip is not None:
            c = item.clip
            clip = canvas.beginPath()
            clip.rect(c.x, c.y, c.w, c.h)
            canvas.clipPath(clip, stroke=0, fill=0)
        for child in item.items:
            _draw(canvas, child)
        canvas.restoreState()
        return
    if isinstance(item, Text):
        _text(canvas, item)
        return
    if isinstance(item, Image):
        canvas.saveState()
        canvas.translate(item.x, item.y + item.h)
        canvas.scale(1, -1)
        canvas.drawImage(item.path, 0, 0, item.w, item.h, mask="auto")
        canvas.restoreState()
        return
    style = item.style
    needs_state = style.opacity < 1 or bool(style.dash)
    if needs_state:
        canvas.saveState()
    fill, stroke = _apply_style(canvas, style)
    if isinstance(item, Rect):
        if item.radius:
            canvas.roundRect(item.x, item.y, item.w, item.h, item.radius, stroke=stroke, fill=fill)
        else:
            canvas.rect(item.x, item.y, item.w, item.h, stroke=stroke, fill=fill)
    elif isinstance(item, Circle):
        canvas.circle(item.cx, item.cy, item.r, stroke=stroke, fill=fill)
    elif isinstance(item, Line):
        if stroke:
            canvas.line(item.x1, item.y1, item.x2, item.y2)
    elif isinstance(item, Polygon):
        ops = (("M", *item.points[0]),) + tuple(("L", *p) for p in item.points[1:]) + (("Z",),)
        canvas.drawPath(_path_of(canvas, ops), stroke=stroke, fill=fill)
    elif isinstance(item, Path):
        canvas.drawPath(_path_of(canvas, item.ops), stroke=stroke, fill=fill)
    if needs_state:
        canvas.restoreState()


def _text(canvas: Canvas, item: Text) -> None:
    size = item.size * MM_PER_PT
    canvas.saveState()
    canvas.translate(item.x, item.y)
    canvas.scale(1, -1)
    canvas.setFillColor(_colour(item.colour))
    text = canvas.beginText()
    text.setFont(fonts.GOTHIC, size)
    if item.bold:
        canvas.setStrokeColor(_colour(item.colour))
        canvas.setLineWidth(size * fonts.FAUX_BOLD_STROKE)
        text.setTextRenderMode(2)
    width = fonts.width_mm(item.text, item.size)
    x = {"start": 0.0, "middle": -width / 2, "end": -width}[item.anchor]
    text.setTextOrigin(x, 0)
    text.textOut(item.text)
    canvas.drawText(text)
    canvas.restoreState()
