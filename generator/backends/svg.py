"""Draw a scene page as SVG with svgwrite; the same primitives as the PDF backend."""

from __future__ import annotations

import re

import svgwrite

from .. import fonts, images
from ..scene import Circle, Group, Image, Line, Page, Path, Polygon, Rect, Style, Text
from ..units import MM_PER_PT

_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}


def _n(value: float) -> str:
    """Short, stable number text: SVGs diff cleanly between builds."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def render(page: Page, title: str, font_dir: str | None = None) -> str:
    """One page as SVG in the fonts in use (`fonts.using`); `font_dir` is where their files lie, relative to the SVG."""
    drawing = svgwrite.Drawing(
        size=(f"{_n(page.width)}mm", f"{_n(page.height)}mm"),
        viewBox=f"0 0 {_n(page.width)} {_n(page.height)}",
        profile="full",
        debug=False,
    )
    drawing.set_desc(title=title)
    fontset = fonts.in_use()
    faces = " ".join(family.css(font_dir) for family in fontset.used_families())
    default = fontset.family().label
    drawing.defs.add(drawing.style(f"{faces} text {{ font-family: '{default}', sans-serif; }}"))
    drawing.add(drawing.rect((0, 0), (_n(page.width), _n(page.height)), fill="#ffffff"))  # paper, as in the PDF
    context = _Context(drawing)
    for item in page.items:
        drawing.add(_element(context, item))
    return xml_safe(drawing.tostring())


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
    """One SVG's drawing, its id counter and the <symbol>s it has defined, by symbol."""

    def __init__(self, drawing: svgwrite.Drawing):
        self.drawing = drawing
        self.ids = iter(range(1_000_000))
        self.symbols: dict[str, str] = {}

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
    return d.text(item.text, **attrs)


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
        return _text(d, item)
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
