"""Glyph outlines read from a face's TrueType file, for SVGs that draw their text as shapes.

An SVG that names a font shows boxes (librsvg), nothing (Inkscape) or boxes once copied away from its fonts
folder (Chromium) on a machine without that font; a path needs no font. Each face's `glyf` table is read once
per process and each glyph turned into compact path data once, in font units with y down, so the SVG backend
defines a glyph once per file and places it with <use>. The glyph for a character and its advance come from
reportlab's own reading of the file, as the PDF draws it: the same glyph, the same advance, no kerning.

The glyf reader is a small one of pnpkit's own (like `fonts.read_metrics`): reading a Japanese face's outlines
through fontTools' pens cost a second a build, this a tenth of that. Every face pnpkit draws has TrueType
outlines (`fonts.truetype_problem` refuses others).
"""

from __future__ import annotations

import struct
import sys
from array import array
from collections.abc import Iterator
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..typeset.fonts import Face

_MAX_DEPTH = 8
"""Composite glyphs nest this deep at most: a font whose components loop draws nothing rather than recursing on."""

# composite glyph flags (the OpenType glyf table)
_WORDS, _XY_VALUES, _SCALE, _MORE, _XY_SCALE, _TWO_BY_TWO = 0x1, 0x2, 0x8, 0x20, 0x40, 0x80
_SCALED_OFFSET, _UNSCALED_OFFSET = 0x800, 0x1000

Points = tuple[list[float], list[float], list[bool], list[int]]
"""A glyph's points (x, y up, whether each is on the curve) and the index of each contour's last point."""


class Outlines:
    """One face: its units per em, the glyph and advance of each character, each glyph's path data."""

    def __init__(self, face: Face):
        drawn = face.ttfont.face  # reportlab's cmap and widths, the ones the PDF's text is set with
        self.char_to_glyph: dict[int, int] = drawn.charToGlyph
        self.widths: dict[int, float] = drawn.charWidths
        self.default_width: float = drawn.defaultWidth
        data = self._data = face.path.read_bytes()
        count = struct.unpack_from(">H", data, 4)[0]
        tables = {}
        for i in range(count):
            tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
            tables[tag] = offset
        head = tables[b"head"]
        self.units_per_em: int = struct.unpack_from(">H", data, head + 18)[0]
        long_offsets = struct.unpack_from(">h", data, head + 50)[0] == 1
        glyphs = struct.unpack_from(">H", data, tables[b"maxp"] + 4)[0]
        loca = array("I" if long_offsets else "H")
        if loca.itemsize != (4 if long_offsets else 2):  # "I" is 4 bytes wherever pnpkit runs; say so if not
            raise RuntimeError("array('I') is not 32 bits here")
        start = tables[b"loca"]
        loca.frombytes(data[start : start + loca.itemsize * (glyphs + 1)])
        if sys.byteorder == "little":  # the table is big-endian
            loca.byteswap()
        glyf = tables[b"glyf"]
        scale = 1 if long_offsets else 2
        self._spans = [(glyf + scale * a, glyf + scale * b) for a, b in pairwise(loca)]
        self._paths: dict[int, str] = {}

    def glyph(self, char: str) -> tuple[int, float]:
        """(glyph number, advance in 1000ths of an em) a character is drawn with, as reportlab sets it: a
        no-break space as a space, a character the face lacks as code 0 (the PDF's first subset slot)."""
        code = ord(char)
        if code == 0xA0:
            code = 0x20
        if code not in self.char_to_glyph:
            code = 0
        return self.char_to_glyph.get(code, 0), self.widths.get(code, self.default_width)

    def path(self, glyph: int) -> str:
        """The glyph's outline as SVG path data in font units, y down ("" for a blank glyph); made once.
        A glyph the file describes wrongly draws nothing, as a blank one."""
        found = self._paths.get(glyph)
        if found is None:
            try:
                found = path_data(self.points(glyph))
            except (struct.error, IndexError, ValueError):
                found = ""
            self._paths[glyph] = found
        return found

    def points(self, glyph: int, depth: int = 0) -> Points:
        """A glyph's points, a composite's from its components, each moved and scaled as the glyph says."""
        if glyph >= len(self._spans) or depth > _MAX_DEPTH:
            return [], [], [], []
        start, end = self._spans[glyph]
        if end <= start:
            return [], [], [], []
        data = self._data
        contours = struct.unpack_from(">h", data, start)[0]
        if contours >= 0:
            return _simple(data, start, contours)
        xs: list[float] = []
        ys: list[float] = []
        on: list[bool] = []
        ends: list[int] = []
        at = start + 10
        while True:
            flags, component = struct.unpack_from(">HH", data, at)
            at += 4
            if flags & _WORDS:
                arg1, arg2 = struct.unpack_from(">hh" if flags & _XY_VALUES else ">HH", data, at)
                at += 4
            else:
                arg1, arg2 = struct.unpack_from(">bb" if flags & _XY_VALUES else ">BB", data, at)
                at += 2
            xx, xy, yx, yy = 1.0, 0.0, 0.0, 1.0  # x' = xx*x + yx*y, y' = xy*x + yy*y
            if flags & _SCALE:
                xx = yy = struct.unpack_from(">h", data, at)[0] / 16384
                at += 2
            elif flags & _XY_SCALE:
                xx, yy = (v / 16384 for v in struct.unpack_from(">hh", data, at))
                at += 4
            elif flags & _TWO_BY_TWO:
                xx, xy, yx, yy = (v / 16384 for v in struct.unpack_from(">hhhh", data, at))
                at += 8
            cx, cy, con, cends = self.points(component, depth + 1)
            if (xx, xy, yx, yy) != (1.0, 0.0, 0.0, 1.0):
                cx, cy = [xx * x + yx * y for x, y in zip(cx, cy)], [xy * x + yy * y for x, y in zip(cx, cy)]
            if flags & _XY_VALUES:
                dx, dy = float(arg1), float(arg2)
                if flags & _SCALED_OFFSET and not flags & _UNSCALED_OFFSET:
                    dx, dy = xx * arg1 + yx * arg2, xy * arg1 + yy * arg2
            else:  # point matching: the component's point arg2 lands on the glyph's point arg1
                dx, dy = xs[arg1] - cx[arg2], ys[arg1] - cy[arg2]
            base = len(xs)
            xs += [x + dx for x in cx]
            ys += [y + dy for y in cy]
            on += con
            ends += [base + e for e in cends]
            if not flags & _MORE:
                return xs, ys, on, ends


def _simple(data: bytes, start: int, contours: int) -> Points:
    """A simple glyph's points, decoded from its flags and coordinate deltas."""
    ends = list(struct.unpack_from(f">{contours}H", data, start + 10))
    count = ends[-1] + 1 if ends else 0
    at = start + 10 + 2 * contours
    at += 2 + struct.unpack_from(">H", data, at)[0]  # skip the instructions
    flags: list[int] = []
    while len(flags) < count:
        flag = data[at]
        at += 1
        if flag & 8:  # repeated
            flags += [flag] * (data[at] + 1)
            at += 1
        else:
            flags.append(flag)
    del flags[count:]
    xs: list[float] = []
    value = 0
    for flag in flags:
        if flag & 2:  # a byte; bit 16 gives its sign
            value += data[at] if flag & 16 else -data[at]
            at += 1
        elif not flag & 16:  # a signed word; else the same as before
            value += struct.unpack_from(">h", data, at)[0]
            at += 2
        xs.append(value)
    ys: list[float] = []
    value = 0
    for flag in flags:
        if flag & 4:
            value += data[at] if flag & 32 else -data[at]
            at += 1
        elif not flag & 32:
            value += struct.unpack_from(">h", data, at)[0]
            at += 2
        ys.append(value)
    return xs, ys, [bool(flag & 1) for flag in flags], ends


@lru_cache(maxsize=32)
def outlines(face: Face) -> Outlines:
    """A face's outlines, read once per process (faces live as long as their family, so the key is stable)."""
    return Outlines(face)


def _num(value: float) -> str:
    """At most two decimals: TrueType points are integers, implied on-curve points halves, scaled components
    rarely finer."""
    if value.__class__ is int:  # most are: the points of a simple glyph
        return str(value)
    if value == int(value):
        return str(int(value))
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def contours(points: Points) -> Iterator[tuple]:
    """TrueType contours as absolute steps in font units, y flipped to point down: ("M", x, y), ("L", x, y),
    ("Q", cx, cy, x, y) with the on-curve points between two off-curve ones made explicit, and ("Z",). Points are
    rounded to 0.01 unit first, so every reader of the steps gets the same numbers."""
    xs, ys, on, ends = points
    first = 0
    for end in ends:
        contour = [(round(xs[i], 2), round(-ys[i], 2), on[i]) for i in range(first, end + 1)]
        first = end + 1
        if len(contour) < 2:
            continue
        if not contour[0][2]:  # start on the curve: the last point if it is on it, else the implied one
            if contour[-1][2]:
                contour.insert(0, contour.pop())
            else:
                x0, y0, _ = contour[0]
                x1, y1, _ = contour[-1]
                contour.insert(0, ((x0 + x1) / 2, (y0 + y1) / 2, True))
        yield ("M", contour[0][0], contour[0][1])
        ring = contour[1:] + [contour[0]]
        i = 0
        while i < len(ring):
            x, y, on_curve = ring[i]
            if on_curve:
                if i == len(ring) - 1:  # back at the start: the close draws that line
                    break
                yield ("L", x, y)
                i += 1
                continue
            nx, ny, next_on = ring[i + 1]
            if next_on:
                i += 2
            else:  # two off-curve points: the curve passes halfway between them
                nx, ny = (x + nx) / 2, (y + ny) / 2
                i += 1
            yield ("Q", x, y, nx, ny)
        yield ("Z",)


def path_data(points: Points) -> str:
    """SVG path data for TrueType contours (`contours`), in relative commands: small steps, repeated commands
    implied, h and v for level and upright lines. The same points give the same bytes.

    >>> path_data(([0, 100, 100, 0], [0, 0, 100, 100], [True] * 4, [3]))
    'm0 0h100v-100h-100z'
    >>> path_data(([0, 100, 100], [0, 0, 100], [True, False, True], [2]))
    'm0 0q100 0 100-100z'
    """
    out: list[str] = []
    last = ""  # the command in force: a repeated one is implied
    here = start = (0.0, 0.0)

    def put(command: str, numbers: list[float]) -> None:
        nonlocal last
        text = " ".join(map(_num, numbers)).replace(" -", "-")  # a minus sign separates numbers too
        if command != last:
            out.append(command + text)
        else:
            out.append(text if text[0] == "-" else " " + text)
        last = "l" if command == "m" else command  # numbers after a moveto are linetos

    for step in contours(points):
        kind = step[0]
        if kind == "M":
            start = (step[1], step[2])
            put("m", [start[0] - here[0], start[1] - here[1]])
            here = start
        elif kind == "L":
            dx, dy = step[1] - here[0], step[2] - here[1]
            if dy == 0:
                put("h", [dx])
            elif dx == 0:
                put("v", [dy])
            else:
                put("l", [dx, dy])
            here = (step[1], step[2])
        elif kind == "Q":
            put("q", [step[1] - here[0], step[2] - here[1], step[3] - here[0], step[4] - here[1]])
            here = (step[3], step[4])
        else:
            out.append("z")
            last = ""
            here = start
    return "".join(out)


def glyph_ops(outline: Outlines, text: str, size_mm: float) -> tuple[tuple[tuple, ...], float]:
    """A line of text as scene path commands (mm, from its start on the baseline, y down) and its advance (mm):
    a word drawn as a shape, for a symbol too small to be set as text yet plain to see as a picture."""
    scale = size_mm / outline.units_per_em
    ops: list[tuple] = []
    x = 0.0
    for char in text:
        glyph, advance = outline.glyph(char)
        try:
            points = outline.points(glyph)
        except (struct.error, IndexError, ValueError):
            points = ([], [], [], [])
        here = (0.0, 0.0)
        for step in contours(points):
            kind = step[0]
            if kind == "Q":  # a quadratic curve as the cubic the scene draws
                (cx, cy), (ex, ey) = (step[1], step[2]), (step[3], step[4])
                c1 = (here[0] + 2 / 3 * (cx - here[0]), here[1] + 2 / 3 * (cy - here[1]))
                c2 = (ex + 2 / 3 * (cx - ex), ey + 2 / 3 * (cy - ey))
                ops.append(("C", *_at(c1, scale, x), *_at(c2, scale, x), *_at((ex, ey), scale, x)))
                here = (ex, ey)
            elif kind == "Z":
                ops.append(("Z",))
            else:
                here = (step[1], step[2])
                ops.append((kind, *_at(here, scale, x)))
        x += advance / 1000 * size_mm
    return tuple(ops), x


def _at(point: tuple[float, float], scale: float, x: float) -> tuple[float, float]:
    return x + point[0] * scale, point[1] * scale
