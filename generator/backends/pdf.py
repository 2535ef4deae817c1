"""Draw a scene with reportlab: byte-identical output, every font embedded.

The painter remembers the colours, line width and dash in force, so it sends
each only when it changes: reportlab formats every number in Python, and on a
1,000-card deck the repeated state was a third of the time.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary
from reportlab.pdfgen.canvas import Canvas

from pnpkit.validator.markup import plain

from .. import images
from ..scene import Circle, Document, Group, Image, Line, Page, Path, Polygon, Rect, Style, Text
from ..typeset import fonts
from ..units import MM_PER_PT


@lru_cache(maxsize=256)
def _colour(value: str) -> HexColor:
    return HexColor(value)


def _black(value: str) -> bool:
    """Pure black, which is set in DeviceGray (`0 g`, `0 G`): black text and line art print on the black plate
    alone, where `0 0 0 rg` leaves a print shop's conversion to make a four-colour black of it."""
    return value.lower() in ("#000000", "#000")


def excerpt(book: bytes, pages: Sequence[int], document: Document) -> bytes:
    """`document`'s pages copied out of an already rendered `book`: its pages `pages` (0-based, in order; the
    blank backs the book puts between a component's pages are left out).

    The kit book holds every component's pages; each component's own PDF is a
    copy of its pages, so every page is drawn once. `document` gives the
    metadata and bookmarks; its pages only say how many to take. qpdf (pikepdf)
    drops the other pages and writes only what the rest still uses, with a file
    ID from the content, so the bytes repeat: twice as fast as copying the pages
    into a new file, and ten times pypdf's speed.
    """
    import pikepdf  # loaded only when a kit book is cut into its components

    _check_pages(document)
    if len(pages) != len(document.pages):
        raise ValueError(f"{plain(document.title)!r}: {len(pages)} book pages for {len(document.pages)} pages")
    kept = set(pages)
    with pikepdf.open(io.BytesIO(book)) as pdf:
        for index in reversed(range(len(pdf.pages))):
            if index not in kept:
                del pdf.pages[index]
        for key in set(pdf.Root.keys()) - {"/Type", "/Pages"}:  # the book's outline points at pages now gone
            del pdf.Root[key]
        pdf.Root.PageMode = pikepdf.Name.UseOutlines
        pdf.docinfo = pdf.make_indirect(
            pikepdf.Dictionary(
                Title=plain(document.title),
                Author=plain(document.author),
                Subject=plain(document.subject),
                Keywords=", ".join(document.keywords),
                Creator="pnpkit",
                Producer="pnpkit (reportlab, pikepdf)",
            )
        )
        with pdf.open_outline() as outline:
            for bookmark in document.bookmarks:
                outline.root.append(pikepdf.OutlineItem(plain(bookmark.title), bookmark.page))
        buffer = io.BytesIO()
        pdf.save(buffer, deterministic_id=True)
        return buffer.getvalue()


STAMP = "/PnpkitStamp"
"""The name a stamped page gives the form that holds its stamp."""


def stamped(book: bytes, stamps: Sequence[Page | None]) -> bytes:
    """`book` with each page of `stamps` laid over its page of the same number (None: that page as it is).

    The kit book's page numbers go on this way, after its components' PDFs were cut from it, so a component's
    own PDF carries no number of a book it may be printed without."""
    import pikepdf

    drawn = [(index, page) for index, page in enumerate(stamps) if page is not None]
    if not drawn:
        return book
    over = render(Document(tuple(page for _, page in drawn), "stamps"))
    with pikepdf.open(io.BytesIO(book)) as pdf, pikepdf.open(io.BytesIO(over)) as layer:
        for (index, _page), stamp in zip(drawn, layer.pages):
            # by hand rather than `add_overlay`, which names the form at random: the bytes must repeat
            page = pdf.pages[index]
            page.add_resource(pdf.copy_foreign(stamp.as_form_xobject()), pikepdf.Name.XObject, pikepdf.Name(STAMP))
            page.contents_add(pdf.make_stream(b"q\n"), prepend=True)  # the page's own state ends before the stamp
            page.contents_add(pdf.make_stream(b"Q\nq " + STAMP.encode() + b" Do Q\n"))
        buffer = io.BytesIO()
        pdf.save(buffer, deterministic_id=True)
        return buffer.getvalue()


def _check_pages(document: Document) -> None:
    """A PDF has at least one page, and each bookmark points at one (readers refuse a file without pages).

    The build leaves out a component with no pages and reports it (PK327), so this only catches a caller's bug.
    """
    if not document.pages:
        raise ValueError(f"{plain(document.title)!r}: a PDF needs at least one page")
    for bookmark in document.bookmarks:
        if not 0 <= bookmark.page < len(document.pages):
            raise ValueError(f"{plain(document.title)!r}: bookmark {plain(bookmark.title)!r} points past the last page")


def render(document: Document) -> bytes:
    """The document as PDF bytes, in the fonts in use (`fonts.using`): each face it uses subset and embedded."""
    _check_pages(document)
    default = fonts.in_use().regular
    default.ttfont  # noqa: B018 — registered with reportlab before the canvas names it
    buffer = io.BytesIO()
    # bottomup=0: reportlab puts the origin top-left with y down, as in the scene, and flips
    # each text object itself, so upright glyphs cost no extra transform.
    canvas = Canvas(
        buffer, invariant=1, pageCompression=1, initialFontName=default.name, initialFontSize=10, bottomup=0
    )
    canvas.setTitle(plain(document.title))  # metadata and bookmarks carry the words, not the markup
    canvas.setAuthor(plain(document.author))
    canvas.setSubject(plain(document.subject))
    canvas.setKeywords(", ".join(document.keywords))
    canvas.setCreator("pnpkit")
    canvas.setProducer("pnpkit (reportlab)")
    symbols: dict[str, str] = {}
    for index, page in enumerate(document.pages):
        _Painter(canvas, symbols).page(page)
        for n, bookmark in enumerate(b for b in document.bookmarks if b.page == index):
            key = f"p{index}-{n}"
            canvas.bookmarkPage(key)
            canvas.addOutlineEntry(plain(bookmark.title), key, level=bookmark.level, closed=False)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


class _Painter:
    """Draws one page; keeps a stack of the graphics state mirrored from the PDF's q/Q."""

    def __init__(self, canvas: Canvas, symbols: dict[str, str], in_form: bool = False):
        self.canvas = canvas
        self.in_form = in_form
        """Inside a form, symbols are drawn in place: reportlab's forms cannot name other forms."""
        self.states: list[dict] = [{}]
        self.symbols = symbols
        """Form XObject names of the symbols this document has defined, by symbol."""

    # ---- graphics state, sent only when it changes

    def save(self) -> None:
        self.canvas.saveState()
        self.states.append(dict(self.states[-1]))

    def restore(self) -> None:
        self.canvas.restoreState()
        self.states.pop()

    def fill(self, colour: str) -> None:
        state = self.states[-1]
        if state.get("fill") != colour:
            if _black(colour):
                self.canvas.setFillGray(0)
            else:
                self.canvas.setFillColor(_colour(colour))
            state["fill"] = colour

    def stroke(self, colour: str, width: float, dash: tuple[float, ...] | None) -> None:
        state = self.states[-1]
        if state.get("stroke") != colour:
            if _black(colour):
                self.canvas.setStrokeGray(0)
            else:
                self.canvas.setStrokeColor(_colour(colour))
            state["stroke"] = colour
        if state.get("width") != width:
            self.canvas.setLineWidth(width)
            state["width"] = width
        if state.get("dash", ()) != (dash or ()):
            self.canvas.setDash(list(dash) if dash else [])
            state["dash"] = dash or ()

    # ---- drawing

    def page(self, page: Page) -> None:
        canvas = self.canvas
        width, height = page.width * mm, page.height * mm
        canvas.setPageSize((width, height))
        if page.trim is not None:
            t = page.trim
            canvas.setTrimBox((t.x * mm, height - (t.y + t.h) * mm, (t.x + t.w) * mm, height - t.y * mm))
        if page.bleed is not None:
            b = page.bleed
            canvas.setBleedBox((b.x * mm, height - (b.y + b.h) * mm, (b.x + b.w) * mm, height - b.y * mm))
        self.save()
        canvas.scale(mm, mm)  # millimetres; y already runs down
        self.draw_all(page.items)
        self.restore()

    def draw_all(self, items) -> None:
        """Draw in order; neighbouring lines of text in one style share one text object."""
        run: list[Text] = []
        for item in items:
            if isinstance(item, Text):
                if run and (item.size, item.colour, item.bold, item.italic, item.font) != (
                    run[0].size,
                    run[0].colour,
                    run[0].bold,
                    run[0].italic,
                    run[0].font,
                ):
                    self.text(run)
                    run = []
                run.append(item)
                continue
            if run:
                self.text(run)
                run = []
            if isinstance(item, Group):
                self.group(item)
            elif isinstance(item, Image):
                self.image(item)
            else:
                self.shape(item)
        if run:
            self.text(run)

    def group(self, item: Group) -> None:
        canvas = self.canvas
        self.save()
        canvas.translate(item.dx, item.dy)
        if item.rotate:
            canvas.rotate(item.rotate)
        if item.scale != 1:
            canvas.scale(item.scale, item.scale)
        if item.clip is not None:
            c = item.clip
            clip = canvas.beginPath()
            if c.radius:
                clip.roundRect(c.x, c.y, c.w, c.h, c.radius)
            else:
                clip.rect(c.x, c.y, c.w, c.h)
            canvas.clipPath(clip, stroke=0, fill=0)
        if item.symbol and not self.in_form:
            canvas.doForm(self.symbols.get(item.symbol) or self.define(item))
        else:
            self.draw_all(item.items)
        self.restore()

    def define(self, item: Group) -> str:
        """Record a symbol's items once as a Form XObject; every use of it is then one `Do`.

        The form is drawn in the group's own coordinates (mm, y down: the page's
        flip and scale are in force wherever it is used), so it must not carry the
        page preamble's flip, and it starts from an unknown graphics state.
        """
        canvas = self.canvas
        name = f"S{len(self.symbols)}"
        box = item.clip or Rect(-1000.0, -1000.0, 2000.0, 2000.0)
        preamble = canvas._preamble
        canvas.beginForm(name, box.x, box.y, box.x + box.w, box.y + box.h)
        canvas._preamble = ""
        _Painter(canvas, self.symbols, in_form=True).draw_all(item.items)
        # reportlab's forms list fonts but not the transparency states their shapes use: name both
        resources = PDFResourceDictionary()
        resources.basicFonts()
        resources.allProcs()
        resources.ExtGState = canvas._extgstate.getState() or {}
        if canvas._formsinuse:  # the pictures (image XObjects, SVG art forms) drawn inside this one
            resources.XObject = canvas._doc.xobjDict(canvas._formsinuse)
        canvas.endForm(Resources=resources)
        canvas._preamble = preamble
        self.symbols[item.symbol] = name
        return name

    def image(self, item: Image) -> None:
        self.save()
        images.draw_pdf(self.canvas, item)
        self.restore()

    def shape(self, item) -> None:
        canvas = self.canvas
        style: Style = item.style
        translucent = style.opacity < 1
        if translucent:
            self.save()
        if style.fill:
            self.fill(style.fill)
        if style.stroke:
            self.stroke(style.stroke, style.width, style.dash)
        if translucent:  # after the colours: reportlab's colour setters put an opaque colour's alpha (1) back
            canvas.setFillAlpha(style.opacity)
            canvas.setStrokeAlpha(style.opacity)
        fill, stroke = (1 if style.fill else 0), (1 if style.stroke else 0)
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
            canvas.drawPath(self.path(ops), stroke=stroke, fill=fill)
        elif isinstance(item, Path):
            canvas.drawPath(self.path(item.ops), stroke=stroke, fill=fill)
        if translucent:
            self.restore()

    def path(self, ops: tuple[tuple, ...]):
        path = self.canvas.beginPath()
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

    def text(self, lines: list[Text]) -> None:
        """Lines of one size, colour and style in a single text object.

        On a top-down canvas each line's origin matrix keeps glyphs upright; a
        slanted (simulated italic) line's matrix shears them instead. A family
        without a bold face is emboldened by stroking the outlines too. A
        character the face lacks is drawn from the shipped face that has it
        (`fonts.segments`): the text object switches font for that run.
        """
        first = lines[0]
        drawn = fonts.in_use().drawn(first.font, first.bold, first.italic)
        face = drawn.face
        face.ttfont  # noqa: B018 — registered with reportlab before the text names it
        size = first.size * MM_PER_PT
        runs = [fonts.segments(drawn, line.text) for line in lines]
        stroked = any(style.fake_bold for line in runs for style, _part in line)
        if stroked:
            self.save()
            self.stroke(first.colour, size * fonts.FAUX_BOLD_STROKE, None)
        self.fill(first.colour)
        text = None
        current = drawn
        for line, parts in zip(lines, runs):
            x = line.x
            if line.anchor != "start":
                width = face.width_mm(line.text, line.size)
                x -= width / 2 if line.anchor == "middle" else width
            if text is None:  # the text object starts at the first line: no origin written twice
                text = self.canvas.beginText(x, line.y)
                text.setFont(face.name, size)
                if drawn.fake_bold:
                    text.setTextRenderMode(2)
                if drawn.slant:
                    text.setTextTransform(1, 0, -drawn.slant, 1, x, line.y)
            elif drawn.slant:
                text.setTextTransform(1, 0, -drawn.slant, 1, x, line.y)
            else:
                text.setTextOrigin(x, line.y)
            if len(parts) == 1 and current is drawn:  # the common case: the line's own face draws it all
                text.textOut(line.text)
                continue
            for style, part in parts:
                if style.face is not current.face:
                    style.face.ttfont  # noqa: B018 — registered before the text names it
                    text.setFont(style.face.name, size)
                if style.fake_bold != current.fake_bold:
                    text.setTextRenderMode(2 if style.fake_bold else 0)
                current = style
                text.textOut(part)
        self.canvas.drawText(text)
        if stroked:
            self.restore()
