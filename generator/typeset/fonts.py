"""Font families, their faces and metrics: the fonts pnpkit ships and the ones a kit brings.

Four families ship in `generator/assets/fonts/`, all TrueType-outline fonts (reportlab subsets and embeds
glyf outlines only), so a build never depends on the machine's fonts. A language gets one by its script
(`script_family`) unless the kit names its own:

- Noto Sans (OFL 1.1), Regular and Bold: Latin with diacritics, Greek and Cyrillic (de, fr, es, el, ru…).
- WenQuanYi Micro Hei (Apache 2.0), one weight: Simplified and Traditional Chinese (all of GB 2312 and Big5
  level 1) and Korean (all 11,172 Hangul syllables), with Latin; one 4.6 MB file serves all three, where
  separate Chinese and Korean fonts would take three times the space.

- BIZ UDPGothic (SIL Open Font License 1.1), Regular and Bold: the default.
  Bold text uses the Bold face.
- IPAexGothic (IPA Font License), one weight: bold is simulated by stroking
  the outlines (`FAUX_BOLD_STROKE`). The seed kits pin it, so their pages stay
  as they were.

BIZ UDPGothic and IPAexGothic cover Japanese and Latin text; BIZ UDPGothic is what Japanese and English
print in when the kit names no family.

A kit may declare its own families (`fonts.families` in kit.yaml: regular,
bold, italic and bold-italic TrueType files inside the kit), pick a default
family, one per language, and one per template region. Neither shipped family
has an italic face: italic text in a family without one is its upright face
slanted by a text-matrix shear (`SLANT`), the usual fallback for CJK type; a
kit's own italic file wins. Every face a document uses is subset and
embedded by reportlab.

While an edition is laid out and drawn, its FontSet is *in use* (`using`):
`width_em`, `width_mm` and `missing_glyphs` then measure in that edition's
default family, so every layout measures in the font it prints with. A Text
item's `font` "" means that default. Outside any edition `OUTSIDE` is in use.
"""

from __future__ import annotations

import hashlib
import struct
import sys
import unicodedata
from array import array
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from pnpkit.validator.components.kit import BUILTIN_FONT_FAMILIES
from pnpkit.validator.types import reading_in

from .. import fontcache
from ..editions import edition_family
from ..units import MM_PER_PT
from .scripts import SHIPPED_HINT, family_hint, script_family, script_of

if TYPE_CHECKING:
    from pnpkit.validator.components.kit import FontFamily, KitBase

FONT_DIR = Path(__file__).parent.parent / "assets" / "fonts"
GOTHIC = "IPAexGothic"
GOTHIC_FILE = FONT_DIR / "ipaexg.ttf"
LICENCE_FILES = (FONT_DIR / "IPA_Font_License_Agreement_v1.0.txt", FONT_DIR / "Readme_ipaexg00401.txt")
BIZ_FILES = (FONT_DIR / "BIZUDPGothic-Regular.ttf", FONT_DIR / "BIZUDPGothic-Bold.ttf")
BIZ_LICENCE = FONT_DIR / "OFL-BIZUDGothic.txt"
NOTO_FILES = (FONT_DIR / "NotoSans-Regular.ttf", FONT_DIR / "NotoSans-Bold.ttf")
NOTO_LICENCE = FONT_DIR / "OFL-NotoSans.txt"
WQY_FILE = FONT_DIR / "WenQuanYiMicroHei.ttf"
WQY_LICENCE = FONT_DIR / "LICENSE-WenQuanYiMicroHei.txt"

FAUX_BOLD_STROKE = 0.035
"""Stroke width, as a fraction of the font size, that thickens glyphs for bold text in a family without a bold face."""
SLANT = 0.2
"""The shear (about 11°) that slants an upright face for italic text in a family without an italic face."""
MAX_FONT_BYTES = 64 * 1024 * 1024
"""A kit's font file larger than this is refused before it is read (the shipped ones are under 5 MB)."""
STYLES = ("regular", "bold", "italic", "bold_italic")


class FontError(Exception):
    """A font file pnpkit cannot use; the message says why."""


class Face:
    """One TrueType file, registered with reportlab under `name` the first time it is measured or drawn."""

    def __init__(self, name: str, path: Path, label: str, local: str | None = None, *, bold: bool = False):
        self.name = name
        self.path = path
        self.label = label
        """How messages name it: 'BIZ UDPGothic Bold'."""
        self.local = local
        """Its full name on systems that have it installed (SVGs try that first); None for a kit's own files."""
        self.bold = bold
        """Whether this is a family's bold face: a character it lacks is drawn from a shipped bold face."""
        self.width_em = lru_cache(maxsize=65536)(self._width_em)
        """Advance width of a text in ems (1000 units); cached, as fitting measures the same words at every size.
        A character the face lacks is measured in the face it is drawn from (`fallback`)."""
        self.fallback = lru_cache(maxsize=4096)(self._fallback)
        """The shipped face a character this face lacks is drawn from (`Fallback`), or None: the face has it, or no
        shipped face does."""

    def __repr__(self) -> str:
        return f"Face({self.name!r}, {self.path.name!r})"

    @cached_property
    def ttfont(self):
        """The reportlab TrueType font; raises FontError when the file cannot be used."""
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFError

        try:
            font = fontcache.ttfont(self.name, self.path)  # a parse kept on disk, or reportlab's own
        except (TTFError, OSError, struct.error, KeyError, IndexError, ValueError) as exc:
            raise FontError(str(exc) or type(exc).__name__) from None
        pdfmetrics.registerFont(font)
        return font

    @cached_property
    def _metrics(self) -> tuple[dict[int, float], float, frozenset[int]]:
        """Advances by code point, the default advance, the code points the face maps: read straight from the
        file (`read_metrics`, three times faster than reportlab's full parse, which only drawing needs), or
        taken from that parse when drawing has made it already (the two agree: test_rich_text checks it)."""
        if "ttfont" in self.__dict__:
            face = self.ttfont.face
            return dict(face.charWidths), face.defaultWidth, frozenset(face.charToGlyph)
        try:
            found = read_metrics(self.path.read_bytes())
        except (OSError, struct.error, KeyError, IndexError, ValueError):
            found = None
        if found is None:  # a cmap format read_metrics leaves to reportlab
            face = self.ttfont.face
            return dict(face.charWidths), face.defaultWidth, frozenset(face.charToGlyph)
        return found

    @cached_property
    def _widths(self) -> tuple[list[float], dict[int, float], float]:
        """Every Basic Multilingual Plane advance indexed by code point, all advances, the default advance. A
        character the face lacks is NaN in the table, so a sum over it is NaN and takes the slow path, which
        measures it in its fallback face (`_advance`): the common case stays one sum at C speed."""
        widths, default, _covered = self._metrics
        bmp = [_LACKED] * 0x10000
        for code, width in widths.items():  # the mapped code points only: a fifth of the plane for a CJK face
            if code < 0x10000:
                bmp[code] = width
        for code in _BMP_SPACES:  # a space the face lacks prints as nothing anyway: never drawn from another face
            if code not in widths:
                bmp[code] = default
        bmp[ord(ICON_MARKER)] = 1000.0  # an inline icon's one-em cell
        if self.wide_quotes:  # measured by their neighbours: a curly quote in Latin text is the Latin face's
            for code in map(ord, CURLY_QUOTES):
                bmp[code] = _LACKED
        return bmp, widths | {ord(ICON_MARKER): 1000.0}, default

    @cached_property
    def wide_quotes(self) -> bool:
        """Whether the face's curly quotes are wide for Latin text: full-width (IPAexGothic's, WenQuanYi's) or a
        half-width cell with the mark at one side (BIZ UDPGothic's ’ is half an em, Noto Sans' under a fifth), so
        "month’s" would read "month’ s". In Latin text they print from the Latin face (`latin_quote`, `segments`)."""
        widths = self._metrics[0]
        return max(widths.get(0x201C, 0.0), widths.get(0x2019, 0.0)) >= WIDE_QUOTE

    @cached_property
    def cjk(self) -> bool:
        """Whether the face is a Chinese or Japanese one, whose ASCII " looks like a closing quote."""
        return 0x3042 in self.covered or 0x4E00 in self.covered

    def _slow_advances(self, text: str) -> Iterator[float]:
        """Each character's advance in 1000ths of an em, in the face it is drawn from (`segments`)."""
        _bmp, widths, default = self._widths
        for i, char in enumerate(text):
            if self.wide_quotes and char in CURLY_QUOTES and latin_quote(text, i):
                yield latin_face(self.bold)._widths[1].get(ord(char), default)
                continue
            found = widths.get(ord(char))
            if found is None:
                fallback = self.fallback(char)
                found = fallback.face._widths[1].get(ord(char), default) if fallback is not None else default
            yield found

    def _width_em(self, text: str) -> float:
        bmp, _widths, _default = self._widths
        try:
            total = sum(map(bmp.__getitem__, map(ord, text)))
        except IndexError:  # a character beyond the BMP (an emoji): the slow path
            total = _LACKED
        if total != total:  # NaN: a character the face lacks, or a curly quote
            return sum(self._slow_advances(text)) / 1000.0
        return total / 1000.0

    def advances(self, text: str, start: float = 0.0) -> list[float]:
        """The characters' advances in 1000ths of an em summed from `start`, one more than the characters: the width
        of text[a:b] is (sums[b] - sums[a]) / 1000, to the last bit as `width_em` gives it (the advances are exact
        binary fractions), so a line breaker adds them up once."""
        bmp, _widths, _default = self._widths
        try:
            sums = list(accumulate(map(bmp.__getitem__, map(ord, text)), initial=start))
        except IndexError:  # a character beyond the BMP (an emoji): the slow path
            sums = [_LACKED]
        if sums[-1] != sums[-1]:  # NaN: a character the face lacks, or a curly quote
            return list(accumulate(self._slow_advances(text), initial=start))
        return sums

    def _fallback(self, char: str) -> Fallback | None:
        code = ord(char)
        if code in self.covered or char.isspace() or char == ICON_MARKER:
            return None
        for family in builtin_families().values():
            if self.bold and family.bold is not None:
                face, stroked = family.bold, False
            else:
                face, stroked = family.regular, self.bold
            if face is not self and code in face.covered:
                return Fallback(face, stroked)
        return None

    def undrawable(self, text: str) -> list[str]:
        """Characters neither this face nor any shipped face can draw (PK307): a character only this face lacks is
        drawn from a shipped face that has it (`fallback`)."""
        missing = self.missing(text)
        return [ch for ch in missing if self.fallback(ch) is None] if missing else missing

    def width_mm(self, text: str, size_pt: float) -> float:
        return self.width_em(text) * size_pt * MM_PER_PT

    @cached_property
    def covered(self) -> frozenset[int]:
        return self._metrics[2]

    @cached_property
    def _covered_chars(self) -> frozenset[str]:
        return frozenset(map(chr, self.covered))

    @cached_property
    def _draws_ascii(self) -> bool:
        return all(code in self.covered for code in range(0x20, 0x7F))

    def missing(self, text: str) -> list[str]:
        """Characters this face cannot draw; printing them would give tofu boxes."""
        if self._draws_ascii and text.isascii() and text.isprintable():  # the common case, at C speed
            return []
        return sorted(ch for ch in set(text) - self._covered_chars if not ch.isspace() and ch != ICON_MARKER)


class Fallback(NamedTuple):
    """A shipped face a character is drawn from when the line's own face lacks it; `stroked` when the line is bold
    and that family has no bold face, so the character is emboldened by stroking."""

    face: Face
    stroked: bool = False


_LACKED = float("nan")
_BMP_SPACES = (*range(0x09, 0x0E), *range(0x1C, 0x21), 0x85, 0xA0, 0x1680, *range(0x2000, 0x200B), 0x2028, 0x2029)
_BMP_SPACES += (0x202F, 0x205F, 0x3000)
"""Every code point of the Basic Multilingual Plane that str.isspace() calls a space."""


class Drawn(NamedTuple):
    """How a style is drawn: the face, whether bold is simulated by stroking, the italic shear (0: upright)."""

    face: Face
    fake_bold: bool = False
    slant: float = 0.0


@dataclass(frozen=True)
class Family:
    key: str
    label: str
    regular: Face
    bold: Face | None = None
    italic: Face | None = None
    bold_italic: Face | None = None
    licences: tuple[Path, ...] = ()
    """Licence texts copied beside the font files SVGs link to."""

    def drawn(self, bold: bool, italic: bool) -> Drawn:
        """The face for a style; what the family lacks is simulated (bold by stroking, italic by slanting)."""
        if bold and italic:
            if self.bold_italic is not None:
                return Drawn(self.bold_italic)
            if self.bold is not None:
                return Drawn(self.bold, slant=SLANT)
            if self.italic is not None:
                return Drawn(self.italic, fake_bold=True)
            return Drawn(self.regular, True, SLANT)
        if bold:
            return Drawn(self.bold) if self.bold is not None else Drawn(self.regular, fake_bold=True)
        if italic:
            return Drawn(self.italic) if self.italic is not None else Drawn(self.regular, slant=SLANT)
        return Drawn(self.regular)

    def faces(self) -> Iterator[tuple[str, Face]]:
        """(style, face) for each file the family has."""
        for style in STYLES:
            face = getattr(self, style)
            if face is not None:
                yield style, face

    @property
    def builtin(self) -> bool:
        return self.regular.path.parent == FONT_DIR

    def file_name(self, style: str, face: Face) -> str:
        """The name of a face's file beside the SVGs: a shipped file keeps its own, a kit's is named by family."""
        return face.path.name if self.builtin else f"{self.key}-{style.replace('_', '-')}.ttf"

    def files(self) -> list[tuple[Path, str]]:
        """(source, name beside the SVGs) of every face file and licence the family has."""
        out = [(face.path, self.file_name(style, face)) for style, face in self.faces()]
        out += [(path, path.name if self.builtin else f"{self.key}-{path.name}") for path in self.licences]
        return out

    def css(self, font_dir: str | None) -> str:
        """The @font-face rules that let an SVG viewer draw this family: installed fonts first, then the files."""
        rules = []
        for style, face in self.faces():
            sources = [f"local('{face.local}')"] if face.local else []
            if font_dir is not None:
                sources.append(f"url('{font_dir}/{self.file_name(style, face)}') format('truetype')")
            if not sources:
                continue
            descriptors = " font-weight: bold;" if "bold" in style else ""
            descriptors += " font-style: italic;" if "italic" in style else ""
            rules.append(f"@font-face {{ font-family: '{self.label}'; src: {', '.join(sources)};{descriptors} }}")
        return " ".join(rules)


@dataclass(frozen=True)
class FontSet:
    """The families one edition may print with; "" (or an unknown key) names the default."""

    families: Mapping[str, Family]
    default: str
    used: tuple[str, ...] = ()
    """The families the kit's text can print in (the default, per-language and per-region ones, its own),
    in order: the SVGs declare these and the build copies their files."""
    lang: str = ""
    """The edition's language (a BCP 47 tag): generator.typeset.text breaks lines and sets quotation marks by it;
    "" (outside any edition) breaks as Japanese and English text always has."""
    reading: tuple[str, ...] = ()
    """The languages the edition reads a text in, first given wins (KitBase.reading_order): an untranslated
    text prints in its fallback language while this set is in use."""
    terms: frozenset[str] = frozenset()
    """Words a Japanese line never breaks inside (`typeset.terms`): the kit's defined terms in this language."""
    _drawn: dict[tuple[str, bool, bool], Drawn] = field(default_factory=dict, compare=False, repr=False)

    def family(self, key: str = "") -> Family:
        return self.families.get(key or self.default) or self.families[self.default]

    @cached_property
    def regular(self) -> Face:
        """The default family's upright face: what plain text is measured and drawn in."""
        return self.families[self.default].regular

    def drawn(self, font: str = "", bold: bool = False, italic: bool = False) -> Drawn:
        found = self._drawn.get((font, bold, italic))
        if found is None:
            found = self._drawn[(font, bold, italic)] = self.family(font).drawn(bold, italic)
        return found

    def used_families(self) -> list[Family]:
        return [self.families[key] for key in self.used or (self.default,)]


# ---------------------------------------------------------------- the shipped families


@lru_cache(maxsize=1)
def builtin_families() -> dict[str, Family]:
    biz_regular, biz_bold = BIZ_FILES
    families = {
        "biz-udpgothic": Family(
            "biz-udpgothic",
            "BIZ UDPGothic",
            Face("BIZUDPGothic", biz_regular, "BIZ UDPGothic", "BIZ UDPGothic"),
            bold=Face("BIZUDPGothic-Bold", biz_bold, "BIZ UDPGothic Bold", "BIZ UDPGothic Bold", bold=True),
            licences=(BIZ_LICENCE,),
        ),
        "ipaexgothic": Family(
            "ipaexgothic",
            GOTHIC,
            Face(GOTHIC, GOTHIC_FILE, GOTHIC, GOTHIC),
            licences=LICENCE_FILES,
        ),
        "noto-sans": Family(
            "noto-sans",
            "Noto Sans",
            Face("NotoSans", NOTO_FILES[0], "Noto Sans", "Noto Sans Regular"),
            bold=Face("NotoSans-Bold", NOTO_FILES[1], "Noto Sans Bold", "Noto Sans Bold", bold=True),
            licences=(NOTO_LICENCE,),
        ),
        "wenquanyi-microhei": Family(
            "wenquanyi-microhei",
            "WenQuanYi Micro Hei",
            Face("WenQuanYiMicroHei", WQY_FILE, "WenQuanYi Micro Hei", "WenQuanYi Micro Hei"),
            licences=(WQY_LICENCE,),
        ),
    }
    assert tuple(families) == BUILTIN_FONT_FAMILIES
    return families


def builtin(default: str = BUILTIN_FONT_FAMILIES[0]) -> FontSet:
    """The shipped families, BIZ UDPGothic (the default of a kit that names no font) or another as the default."""
    return FontSet(builtin_families(), default, (default,))


def for_language(lang: str) -> FontSet:
    """The shipped families with `lang`'s script family as the default: what a kit that names no font prints
    `lang` with."""
    default = script_family(lang)
    return FontSet(builtin_families(), default, (default,), lang=lang)


OUTSIDE = builtin("ipaexgothic")
"""What is in use outside any edition (`pnpkit calibrate`, library calls, tests reading laid-out scenes):
IPAexGothic, pnpkit's font before kits had a choice, so code that measures a seed kit's scene later gets
the widths it was laid out with. An edition's own set is in use while it is laid out and drawn."""
_IN_USE: ContextVar[FontSet] = ContextVar("pnpkit_fonts", default=OUTSIDE)


def in_use() -> FontSet:
    return _IN_USE.get()


@contextmanager
def using(fontset: FontSet) -> Iterator[FontSet]:
    """Measure and draw with `fontset` inside the block."""
    token = _IN_USE.set(fontset)
    try:
        with reading_in(fontset.reading):
            yield fontset
    finally:
        _IN_USE.reset(token)


# ---------------------------------------------------------------- a kit's families


@dataclass(frozen=True)
class FontProblem:
    """A font the kit names that cannot be used; the build turns these into findings, like TextProblem."""

    code: str
    path: tuple
    message: str
    hint: str = ""


def for_kit(kit: KitBase, root: Path | None, lang: str) -> tuple[FontSet, list[FontProblem]]:
    """The families `kit` prints `lang` with, and what is wrong with the font files it brings.

    A family whose regular face cannot be used is left out (text falls back to
    the default family, so layout can go on and report everything else).
    """
    families = dict(builtin_families())
    problems: list[FontProblem] = []
    for key, declared in kit.fonts.families.items():
        family = _kit_family(key, declared, root, problems)
        if family is not None:
            families[key] = family
    default = kit.fonts.family_for(lang) or script_family(lang)
    if default not in families:
        default = script_family(lang)  # an unknown key is the validator's finding (PK523)
    default = edition_family(kit, lang, default, families, script_of, script_family)  # untranslated: another script
    used = [default, *(key for key in region_fonts(kit) if key in families), *kit.fonts.families]
    used = [key for key in dict.fromkeys(used) if key in families]
    from .terms import defined_terms  # the rule vocabulary's walk: only when a kit's edition is set

    terms = defined_terms(kit, lang) if script_of(lang) == "Japanese" else frozenset()
    return FontSet(families, default, tuple(used), lang=lang, reading=kit.reading_order(lang), terms=terms), problems


def kit_fonts(kit: KitBase, root: Path | None, languages: tuple[str, ...]) -> list[Family]:
    """Every family the kit's editions in `languages` print with, once each, in order."""
    out: dict[str, Family] = {}
    for lang in languages:
        fontset, _problems = for_kit(kit, root, lang)
        for family in fontset.used_families():
            out.setdefault(family.key, family)
    return list(out.values())


def region_fonts(kit: KitBase) -> list[str]:
    """The families card-template regions name (`font:`), in template order."""
    from pnpkit.validator.components.templates import TemplateSet

    keys: list[str] = []
    for name in type(kit).model_fields:
        templates = getattr(kit, name)
        if isinstance(templates, TemplateSet):
            for template in templates.templates:
                keys += [font for region in template.regions if (font := getattr(region, "font", None))]
    return keys


def _kit_family(key: str, declared: FontFamily, root: Path | None, problems: list[FontProblem]) -> Family | None:
    faces: dict[str, Face] = {}
    for style in STYLES:
        name = getattr(declared, style)
        if name is None:
            continue
        face, problem = kit_face(root, name, f"{key} {style.replace('_', ' ')}", bold="bold" in style)
        where = ("fonts", "families", key, style)
        if problem is not None:
            problems.append(FontProblem(problem[0], where, problem[1], problem[2]))
        elif face is not None:
            faces[style] = face
    licences: tuple[Path, ...] = ()
    if declared.licence is not None and root is not None:
        path, problem = _inside_kit(root, declared.licence)
        if problem is not None:
            where = ("fonts", "families", key, "licence")
            problems.append(FontProblem(problem[0], where, problem[1], problem[2]))
        elif path is not None:
            licences = (path,)
    if "regular" not in faces:
        return None
    return Family(
        key,
        key,
        faces["regular"],
        faces.get("bold"),
        faces.get("italic"),
        faces.get("bold_italic"),
        licences,
    )


_KIT_FACES: dict[tuple[str, int, int, str, bool], Face | tuple[str, str, str]] = {}
"""Kit font files by (resolved path, size, modification time, label): each is read and checked once per process."""


def kit_face(
    root: Path | None, name: str, label: str, *, bold: bool = False
) -> tuple[Face | None, tuple[str, str, str] | None]:
    """The face for a font file of the kit, or (code, message, hint) saying why it cannot be used."""
    if root is None:
        return None, None
    path, problem = _inside_kit(root, name)
    if problem is not None or path is None:
        return None, problem
    stat = path.stat()
    cache_key = (str(path.resolve()), stat.st_size, stat.st_mtime_ns, label, bold)
    found = _KIT_FACES.get(cache_key)
    if found is None:
        found = _KIT_FACES[cache_key] = _load_kit_face(path, stat.st_size, label, bold)
    if isinstance(found, Face):
        return found, None
    return None, found


def _load_kit_face(path: Path, size: int, label: str, bold: bool) -> Face | tuple[str, str, str]:
    if size > MAX_FONT_BYTES:
        return ("PK522", f"{path.name} is {size / 2**20:.0f} MB, over the {MAX_FONT_BYTES // 2**20} MB limit", "")
    data = path.read_bytes()
    why = truetype_problem(data)
    if why is not None:
        return ("PK522", f"{path.name} {why[0]}", why[1])
    face = Face(f"pnpkit-{hashlib.sha256(data).hexdigest()[:16]}", path, label, bold=bold)
    try:
        face.ttfont  # noqa: B018 — loading is the check
        face.covered  # noqa: B018
    except FontError as exc:
        return ("PK522", f"{path.name} cannot be embedded: {exc}", "use a TrueType font that allows embedding")
    return face


def _inside_kit(root: Path, name: str) -> tuple[Path | None, tuple[str, str, str] | None]:
    from pnpkit.validator.findings import Location
    from pnpkit.validator.kitpaths import safe_kit_path

    path, finding = safe_kit_path(root, name, Location(""), "")
    if finding is not None:
        return None, (finding.code, finding.message, finding.hint)
    return path, None


_REQUIRED_TABLES = (b"cmap", b"glyf", b"head", b"hhea", b"hmtx", b"loca", b"maxp")


def truetype_problem(data: bytes) -> tuple[str, str] | None:
    """Why `data` is not a TrueType-outline font pnpkit can subset and embed, as (what, hint), or None.

    >>> truetype_problem(b"OTTO" + bytes(8))[0]
    'has PostScript (CFF) outlines'
    >>> truetype_problem(b"\\x89PNG\\r\\n\\x1a\\n")[0]
    'is not a font file'
    """
    tag = data[:4]
    if tag == b"OTTO":
        return (
            "has PostScript (CFF) outlines",
            f"pnpkit embeds TrueType outlines: use the family's .ttf files, {SHIPPED_HINT}",
        )
    if tag == b"ttcf":
        return "is a font collection (.ttc)", f"extract the one face you need into a .ttf file, {SHIPPED_HINT}"
    if tag in (b"wOFF", b"wOF2"):
        return "is a web font (WOFF)", f"use the family's .ttf files, {SHIPPED_HINT}"
    if tag not in (b"\x00\x01\x00\x00", b"true") or len(data) < 12:
        return "is not a font file", "name a TrueType font (.ttf)"
    (count,) = struct.unpack(">H", data[4:6])
    if len(data) < 12 + 16 * count:
        return "is cut short", "copy the font file again"
    tables = {data[12 + 16 * i : 16 + 16 * i] for i in range(count)}
    missing = [t.decode("latin-1") for t in _REQUIRED_TABLES if t not in tables]
    if missing:
        return f"lacks the {', '.join(missing)} table(s) a TrueType font has", "name a complete TrueType font (.ttf)"
    return None


def read_metrics(data: bytes) -> tuple[dict[int, float], float, frozenset[int]] | None:
    """A TrueType font's advances (1000 units to the em) by code point, its default advance and the code points its
    cmap maps, exactly as reportlab's TTFontFile works them out (the same subtable choice, scaling and no-break
    space); None for a cmap format other than 4 or 12, which reportlab is left to read."""
    count = struct.unpack_from(">H", data, 4)[0]
    tables = {}
    for i in range(count):
        tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag] = offset
    head, hhea, maxp, cmap, hmtx = (tables[t] for t in (b"head", b"hhea", b"maxp", b"cmap", b"hmtx"))
    units = struct.unpack_from(">H", data, head + 18)[0]
    n_metrics = struct.unpack_from(">H", data, hhea + 34)[0]
    n_glyphs = struct.unpack_from(">H", data, maxp + 4)[0]
    version, subtables = struct.unpack_from(">HH", data, cmap)
    if subtables == 0 and version != 0:
        subtables = version
    chosen, enc = None, 0
    for k in range(subtables):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * k)
        if platform == 1 and encoding == 0 and enc != 1:
            enc, chosen = 2, offset
        elif platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
            enc, chosen = 1, offset
    if chosen is None:
        return None
    at = cmap + chosen
    fmt = struct.unpack_from(">H", data, at)[0]
    char_to_glyph: dict[int, int] = {}
    if fmt == 12:
        groups = struct.unpack_from(">I", data, at + 12)[0]
        for start, end, glyph in struct.iter_unpack(">III", data[at + 16 : at + 16 + 12 * groups]):
            char_to_glyph.update(zip(range(start, end + 1), range(glyph, glyph + end - start + 1)))
    elif fmt == 4:
        length = struct.unpack_from(">H", data, at + 2)[0]
        limit = at + length
        seg = struct.unpack_from(">H", data, at + 6)[0] // 2
        ends = struct.unpack_from(f">{seg}H", data, at + 14)
        starts = struct.unpack_from(f">{seg}H", data, at + 16 + 2 * seg)
        deltas = struct.unpack_from(f">{seg}h", data, at + 16 + 4 * seg)
        range_start = at + 16 + 6 * seg
        ranges = struct.unpack_from(f">{seg}H", data, range_start)
        for n in range(seg):
            for char in range(starts[n], ends[n] + 1):
                if ranges[n] == 0:
                    glyph = (char + deltas[n]) & 0xFFFF
                else:
                    offset = range_start + 2 * n + (char - starts[n]) * 2 + ranges[n]
                    if offset >= limit:
                        glyph = 0
                    else:
                        glyph = struct.unpack_from(">H", data, offset)[0]
                        if glyph:
                            glyph = (glyph + deltas[n]) & 0xFFFF
                char_to_glyph[char] = glyph
    else:
        return None
    advances = array("H", data[hmtx : hmtx + 4 * n_metrics])
    if sys.byteorder == "little":  # the table is big-endian
        advances.byteswap()
    advances = advances[0::2]
    # as reportlab scales: the units as they are at 1000 to the em, else times 1000 / units (one rounding)
    widths: list[float] = list(advances) if units == 1000 else [a * (1000 / units) for a in advances]
    last = widths[-1]
    char_widths: dict[int, float] = {}
    for char, glyph in char_to_glyph.items():
        if glyph < n_glyphs:
            char_widths[char] = widths[glyph] if glyph < n_metrics else last
    if 0x20 in char_to_glyph:
        char_to_glyph[0xA0] = char_to_glyph[0x20]
        char_widths[0xA0] = char_widths[0x20]
    elif 0xA0 in char_to_glyph:
        char_to_glyph[0x20] = char_to_glyph[0xA0]
        char_widths[0x20] = char_widths[0xA0]
    return char_widths, widths[0], frozenset(char_to_glyph)


# ---------------------------------------------------------------- measuring in the font in use


def width_em(text: str, bold: bool = False, italic: bool = False, font: str = "") -> float:
    """Advance width of `text` in ems (1000 units), in the family in use (its default unless `font` names one)."""
    fontset = _IN_USE.get()
    if bold or italic or font:
        return fontset.drawn(font, bold, italic).face.width_em(text)
    return fontset.regular.width_em(text)


def width_mm(text: str, size_pt: float, bold: bool = False, italic: bool = False, font: str = "") -> float:
    return width_em(text, bold, italic, font) * size_pt * MM_PER_PT


def covered() -> frozenset[int]:
    return _IN_USE.get().regular.covered


def missing_glyphs(text: str, bold: bool = False, italic: bool = False, font: str = "") -> list[str]:
    """Characters the font in use cannot draw; printing them would give tofu boxes."""
    return _IN_USE.get().drawn(font, bold, italic).face.missing(text)


def undrawable_glyphs(text: str, bold: bool = False, italic: bool = False, font: str = "") -> list[str]:
    """Characters neither the font in use nor any shipped face can draw (PK307): the rest print (`segments`)."""
    return _IN_USE.get().drawn(font, bold, italic).face.undrawable(text)


def mark_face(text: str, bold: bool = True) -> Face | None:
    """The face a mark on an icon or token (☀, ★) is drawn from: the edition's own when it has every character,
    else the first shipped family's that does (a German edition's Noto Sans has no ☀; BIZ UDPGothic has), else
    None. A mark is a picture, drawn as its outline, so the face need not be the edition's."""
    face = _IN_USE.get().drawn("", bold, False).face
    if not face.missing(text):
        return face
    for family in builtin_families().values():
        other = family.drawn(bold, False).face
        if not other.missing(text):
            return other
    return None


CURLY_QUOTES = "\u201c\u201d\u2018\u2019"
WIDE_QUOTE = 450.0
"""A curly quote this wide (1000ths of an em) leaves a gap in Latin text: Latin faces set ’ at 0.17–0.35 em."""


def latin_quote(text: str, i: int) -> bool:
    """Whether the curly quote at text[i] belongs to Latin text: an opening one before a narrow character, a closing
    one (or an apostrophe) after one. Kinsoku keeps a quote on the line of the character it binds to."""
    neighbour = text[i + 1 : i + 2] if text[i] in "\u201c\u2018" else text[i - 1 : i] if i else ""
    return bool(neighbour) and not neighbour.isspace() and unicodedata.east_asian_width(neighbour) not in "WF"


def latin_face(bold: bool) -> Face:
    """The face a Japanese face's poor Latin marks print from: Noto Sans, of the same weight."""
    family = builtin_families()["noto-sans"]
    return family.bold if bold and family.bold is not None else family.regular


def segments(drawn: Drawn, text: str) -> list[tuple[Drawn, str]]:
    """A line in runs by the face each character is drawn from: the line's own face where it has the character,
    else its `Face.fallback` (emboldened by stroking where that family has no bold face; the line's slant kept);
    where the face's curly quotes are full-width, a curly quote in Latin text from the Latin face
    (`latin_quote`). A character no face has stays in the line's own face (PK307 has told it)."""
    face = drawn.face
    if face._draws_ascii and text.isascii() and text.isprintable():  # the hot path, at C speed
        return [(drawn, text)]
    quotes = face.wide_quotes and any(q in text for q in CURLY_QUOTES)
    if not quotes and not face.missing(text):  # the common case: one face draws the whole line
        return [(drawn, text)]
    out: list[tuple[Drawn, str]] = []
    for i, ch in enumerate(text):
        if quotes and ch in CURLY_QUOTES and latin_quote(text, i):
            found: Fallback | None = Fallback(latin_face(face.bold))
        else:
            found = face.fallback(ch)
        style = drawn if found is None else Drawn(found.face, drawn.fake_bold or found.stroked, drawn.slant)
        if out and out[-1][0] == style:
            out[-1] = (style, out[-1][1] + ch)
        else:
            out.append((style, ch))
    return out


ICON_MARKER = "\ue000"
"""What an inline icon is while text is measured and wrapped: a private-use character one em wide in every face and
never drawn (the layout draws the icon in its place), so an icon needs no glyph from the kit's font."""

ASCENT = 0.88
DESCENT = 0.12
"""Ascent and descent in ems, for placing baselines in boxes: both shipped families have them (880 / 120 units)."""


def missing_hint(chars: list[str]) -> str:
    """The hint of a PK307 finding: what to do about characters the face cannot draw."""
    shipped = [family.regular for family in builtin_families().values()]
    if all(any(ord(ch) in face.covered for face in shipped) for ch in chars):
        return f"replace or remove these characters, {family_hint(chars)}"
    return "replace or remove these characters: no font pnpkit ships has them, so bring a TrueType font that does (fonts: families in kit.yaml)"
