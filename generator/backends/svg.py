"""Draw a scene page as SVG with svgwrite; the same primitives as the PDF backend.

Text is drawn as glyph outlines by default (`TEXT_MODES`): an SVG that only names its fonts shows boxes or
nothing wherever they are not installed, and a file copied away from its fonts folder loses them. Each glyph
is defined once per file and placed with <use>, at the PDF's advances; an invisible <text> over each line
keeps the words for search, copying and screen readers. `text="live"` writes editable <text> in the fonts
(@font-face rules pointing at the copies beside the SVGs), as before.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import svgwrite

from .. import images
from ..scene import Circle, Group, Image, Line, Page, Path, Polygon, Rect, Style, Text
from ..typeset import fonts
from ..typeset.fonts import Face
from ..units import MM_PER_PT
from . import outlines

_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}

TEXT_MODES = ("outlines", "live")
"""How SVGs carry text: glyph outlines plus an invisible text layer (the default: they look like the PDF
anywhere), or live text in the kit's fonts (editable, but drawn only where the fonts are found)."""


def _n(value: float) -> str:
    """Short, stable number text: SVGs diff cleanly between builds."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def render(page: Page, title: str, font_dir: str | None = None, text: str = "outlines") -> str:
    """One page as SVG in the fonts in use (`fonts.using`), its text as outlines or live (`TEXT_MODES`);
    `font_dir` is where the font files lie, relative to the SVG, for live text."""
    if text not in TEXT_MODES:
        raise ValueError(f"SVG text must be one of {', '.join(TEXT_MODES)}, not {text!r}")
    drawing = svgwrite.Drawing(
        size=(f"{_n(page.width)}mm", f"{_n(page.height)}mm"),
        viewBox=f"0 0 {_n(page.width)} {_n(page.height)}",
        profile="full",
        debug=False,
    )
    drawing.set_desc(title=title)
    if text == "live":
        fontset = fonts.in_use()
        faces = " ".join(family.css(font_dir) for family in fontset.used_families())
        default = fontset.family().label
        drawing.defs.add(drawing.style(f"{faces} text {{ font-family: '{default}', sans-serif; }}"))
    drawing.add(drawing.rect((0, 0), (_n(page.width), _n(page.height)), fill="#ffffff"))  # paper, as in the PDF
    context = _Context(drawing, outlined=text == "outlines")
    for item in page.items:
        drawing.add(_element(context, item))
    document = drawing.tostring()
    if context.texts:
        document = _WRITTEN_MARK.sub(lambda found: context.texts[int(found.group(1))], document)
    return xml_safe(document)


NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""Characters XML 1.0 forbids anywhere in a document: the C0 controls but tab and the line ends, lone surrogate
halves, U+FFFE and U+FFFF."""


_CHAR_REFERENCE = re.compile(r"&#(?:([0-9]+)|x([0-9a-fA-F]+));")


def _allowed_reference(match: re.Match[str]) -> str:
    """A character reference kept when it names a character XML allows (the serialiser writes a lone surrogate
    half as one, `&#55296;`, which no parser accepts)."""
    decimal, hexadecimal = match.groups()
    code = int(decimal) if decimal else int(hexadecimal, 16)
    return match.group() if code <= 0x10FFFF and not NOT_XML.match(chr(code)) else ""


def xml_safe(document: str) -> str:
    r"""The SVG with every character XML forbids dropped, wherever it stands (text, titles, attributes, ids,
    the font CSS): the file always parses. The validator reports such characters before anything is drawn
    (PK307, validator.checks.check_characters); this only keeps one that slipped past from breaking the file.

    >>> xml_safe('<text>a\x00b\x1b\ufffe&#55296;&#233;</text>')
    '<text>ab&#233;</text>'
    """
    return _CHAR_REFERENCE.sub(_allowed_reference, NOT_XML.sub("", document))


class _Context:
    """One SVG's drawing, its id counter, the <symbol>s it has defined, by symbol, and the glyphs, by face."""

    def __init__(self, drawing: svgwrite.Drawing, outlined: bool = True):
        self.drawing = drawing
        self.outlined = outlined
        self.ids = iter(range(1_000_000))
        self.symbols: dict[str, str] = {}
        self.faces: dict[Face, tuple[int, Any]] = {}
        """Each face's number in this file and the <g> in <defs> holding its glyphs, in order of first use."""
        self.glyphs: dict[tuple[Face, int], str] = {}
        """The id of each glyph's <path>, "" for a blank glyph (a space): nothing to draw."""
        self.chars: dict[tuple[Face, str], tuple[str, float]] = {}
        self.texts: list[str] = []
        """The XML of the elements written as text (`_Written`), by number."""

    def written(self, xml: str) -> _Written:
        self.texts.append(xml)
        return _Written(len(self.texts) - 1)

    def char(self, face: Face, shapes: outlines.Outlines, char: str) -> tuple[str, float]:
        """What a character is drawn with: "#" and its glyph's id ("" when blank) and its advance (1000ths of an em)."""
        found = self.chars.get((face, char))
        if found is None:
            glyph, width = shapes.glyph(char)
            ref = self.glyph(face, shapes, glyph)
            found = self.chars[(face, char)] = (f"#{ref}" if ref else "", width)
        return found

    def glyph(self, face: Face, shapes: outlines.Outlines, glyph: int) -> str:
        """The id of a glyph's <path>, defined on first use ("" for a glyph with no outline)."""
        found = self.glyphs.get((face, glyph))
        if found is None:
            data = shapes.path(glyph)
            found = ""
            if data:
                number, holder = self.faces.get(face) or self._face(face)
                found = f"g{number}.{glyph}"
                holder.add(self.drawing.path(d=data, id=found))
            self.glyphs[(face, glyph)] = found
        return found

    def _face(self, face: Face) -> tuple[int, Any]:
        """A face's glyphs go in one <g> in <defs> that names it: a reader sees which font the shapes are from."""
        holder = self.drawing.g(**{"data-font": face.label})
        self.drawing.defs.add(holder)
        found = self.faces[face] = (len(self.faces), holder)
        return found

    def symbol(self, item: Group) -> str:
        """The id of the symbol's <symbol>, defined on first use."""
        found = self.symbols.get(item.symbol)
        if found is None:
            found = self.symbols[item.symbol] = f"s{len(self.symbols)}"
            symbol = self.drawing.symbol(id=found, overflow="visible")
            for child in item.items:
                symbol.add(_element(self, child))
            self.drawing.defs.add(symbol)
        return found


def _outlined(context: _Context, item: Text) -> _Written:
    """A line of text as the PDF draws it, in glyph outlines: the same face, glyphs, advances (no kerning),
    anchor, colour, stroke for simulated bold and shear for simulated italic; a character the face lacks from
    the shipped face that has it (`fonts.segments`), in a group of its own. The words ride along in an
    invisible <text> stretched over the same advance, for search, copying and screen readers."""
    drawn = fonts.in_use().drawn(item.font, item.bold, item.italic)
    face = drawn.face
    x = item.x
    if item.anchor != "start":
        width = face.width_mm(item.text, item.size)
        x -= width / 2 if item.anchor == "middle" else width
    colour = _attribute(item.colour)
    parts = fonts.segments(drawn, item.text)
    units = outlines.outlines(face).units_per_em
    if len(parts) == 1:  # the common case: the words share the glyphs' group
        glyphs, advance = _glyphs(context, drawn, item.text, colour, item.size, x, item.y)
        return context.written("".join(glyphs[:-1]) + _words(item.text, advance, units) + "</g>")
    out, pen = [], x
    for style, part in parts:
        glyphs, advance = _glyphs(context, style, part, colour, item.size, pen, item.y)
        out += glyphs
        pen += advance / 1000 * item.size * MM_PER_PT
    total = face.width_em(item.text) * 1000
    scale = item.size * MM_PER_PT / units
    matrix = f"{_s(scale)} 0 {_s(-drawn.slant * scale)} {_s(scale)} {_n(x)} {_n(item.y)}"
    out.append(f'<g transform="matrix({matrix})">{_words(item.text, total, units)}</g>')
    return context.written("".join(out))


def _glyphs(
    context: _Context, drawn: fonts.Drawn, text: str, colour: str, size: float, x: float, y: float
) -> tuple[list[str], float]:
    """A run of one face as a group of <use>s, closed by its last item, and its advance (1000ths of an em)."""
    face = drawn.face
    shapes = outlines.outlines(face)
    units = shapes.units_per_em
    scale = size * MM_PER_PT / units  # font units to millimetres
    attrs = f'fill="{colour}"'  # in name order, as svgwrite writes attributes
    if drawn.fake_bold:  # the PDF's text render mode 2: fill, then stroke at the same width (miter limit 10)
        attrs += f' stroke="{colour}" stroke-miterlimit="10" stroke-width="{_n(units * fonts.FAUX_BOLD_STROKE)}"'
    matrix = f"{_s(scale)} 0 {_s(-drawn.slant * scale)} {_s(scale)} {_n(x)} {_n(y)}"
    out = [f'<g {attrs} transform="matrix({matrix})">']
    advance = 0.0  # in 1000ths of an em, as reportlab adds them up
    for char in text:
        ref, width = context.char(face, shapes, char)
        if ref:
            at = _n(advance * units / 1000)
            out.append(f'<use x="{at}" xlink:href="{ref}" />' if at != "0" else f'<use xlink:href="{ref}" />')
        advance += width
    out.append("</g>")
    return out, advance


def _words(text: str, advance: float, units: int) -> str:
    """The invisible <text> that carries a line's words over its advance (1000ths of an em), in font units."""
    words = ' opacity="0"'
    if advance:
        words = f' lengthAdjust="spacingAndGlyphs"{words} textLength="{_n(advance * units / 1000)}"'
    return f'<text font-size="{units}"{words}>{_character_data(text)}</text>'


def _attribute(value: str) -> str:
    """An attribute value escaped as ElementTree escapes it."""
    return _character_data(value).replace('"', "&quot;").replace("\n", "&#10;").replace("\r", "&#13;")


def _character_data(value: str) -> str:
    """Text content escaped as ElementTree escapes it."""
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class _Written:
    """An element written as XML text by pnpkit, standing in the tree as a numbered comment that `render`
    replaces: a line of glyphs is dozens of <use>s, and making and serialising each as an element cost more
    than the rest of the page. Nothing else writes a comment, and every text ElementTree writes has its "<"
    escaped, so the marker cannot be forged."""

    def __init__(self, number: int):
        self.number = number

    def get_xml(self) -> ET.Element[Any]:
        return ET.Comment(f"{_WRITTEN} {self.number}")


_WRITTEN = "pnpkit-written"
_WRITTEN_MARK = re.compile(f"<!--{_WRITTEN} ([0-9]+)-->")


def _s(value: float) -> str:
    """A scale factor (a font unit is about 0.002 mm): nine decimals, never an exponent, the same text every time."""
    text = f"{value:.9f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _text(d: svgwrite.Drawing, item: Text):
    """A line of text in its family and style: real bold and italic faces by weight and style, simulated ones
    by a stroke (bold) and a shear (italic), as in the PDF."""
    fontset = fonts.in_use()
    drawn = fontset.drawn(item.font, item.bold, item.italic)
    attrs: dict = {
        "insert": (_n(item.x), _n(item.y)),
        "font_size": _n(item.size * MM_PER_PT),
        "fill": item.colour,
        "text_anchor": _ANCHOR[item.anchor],
    }
    family = fontset.family(item.font)
    if family.key != fontset.default:
        attrs["font_family"] = f"'{family.label}'"
    if item.bold and not drawn.fake_bold:
        attrs["font_weight"] = "bold"
    if item.italic and not drawn.slant:
        attrs["font_style"] = "italic"
    if drawn.fake_bold:
        attrs.update(stroke=item.colour, stroke_width=_n(item.size * MM_PER_PT * fonts.FAUX_BOLD_STROKE))
    if drawn.slant:
        attrs["insert"] = (0, 0)
        attrs["transform"] = f"matrix(1 0 {_n(-drawn.slant)} 1 {_n(item.x)} {_n(item.y)})"
    parts = fonts.segments(drawn, item.text)
    if len(parts) == 1:
        return d.text(item.text, **attrs)
    element = d.text("", **attrs)
    for style, part in parts:  # a character the face lacks, in the shipped family that has it (as installed)
        shipped = _shipped_family(style.face) if style.face is not drawn.face else None
        element.add(d.tspan(part, font_family=f"'{shipped.label}'") if shipped is not None else d.tspan(part))
    return element


def _shipped_family(face: Face) -> fonts.Family | None:
    return next((f for f in fonts.builtin_families().values() if face in (f.regular, f.bold)), None)


def _style(style: Style) -> dict:
    attrs = {"fill": style.fill or "none"}
    if style.stroke:
        attrs["stroke"] = style.stroke
        attrs["stroke_width"] = _n(style.width)
        if style.dash:
            attrs["stroke_dasharray"] = " ".join(_n(d) for d in style.dash)
    if style.opacity < 1:
        attrs["opacity"] = _n(style.opacity)
    return attrs


def _path_data(ops: tuple[tuple, ...]) -> str:
    return " ".join(op[0] + " ".join(_n(v) for v in op[1:]) for op in ops)


def _element(context: _Context, item):
    d = context.drawing
    if isinstance(item, Group):
        transform = f"translate({_n(item.dx)} {_n(item.dy)})"
        if item.rotate:
            transform += f" rotate({_n(item.rotate)})"
        if item.scale != 1:
            transform += f" scale({_n(item.scale)})"
        group = d.g(transform=transform)
        target = group
        if item.clip is not None:
            clip_id = f"clip{next(context.ids)}"
            clip = d.clipPath(id=clip_id)
            rounded = {"rx": _n(item.clip.radius)} if item.clip.radius else {}
            clip.add(d.rect((_n(item.clip.x), _n(item.clip.y)), (_n(item.clip.w), _n(item.clip.h)), **rounded))
            d.defs.add(clip)
            target = d.g(clip_path=f"url(#{clip_id})")
            group.add(target)
        if item.symbol:
            target.add(d.use(f"#{context.symbol(item)}"))
        else:
            for child in item.items:
                target.add(_element(context, child))
        return group
    if isinstance(item, Text):
        return _outlined(context, item) if context.outlined else _text(d, item)
    if isinstance(item, Image):
        return images.svg_element(d, item)
    attrs = _style(item.style)
    if isinstance(item, Rect):
        extra = {"rx": _n(item.radius)} if item.radius else {}
        return d.rect((_n(item.x), _n(item.y)), (_n(item.w), _n(item.h)), **extra, **attrs)
    if isinstance(item, Circle):
        return d.circle((_n(item.cx), _n(item.cy)), _n(item.r), **attrs)
    if isinstance(item, Line):
        return d.line((_n(item.x1), _n(item.y1)), (_n(item.x2), _n(item.y2)), **attrs)
    if isinstance(item, Polygon):
        return d.polygon([(_n(x), _n(y)) for x, y in item.points], **attrs)
    if isinstance(item, Path):
        return d.path(d=_path_data(item.ops), **attrs)
    raise TypeError(f"cannot draw {type(item).__name__}")
