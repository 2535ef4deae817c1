"""Pictures a kit places on its cards: PNG, JPEG and SVG files inside the kit, checked before anything is drawn.

A card fills an image region with the file's path (`picture: art/moon.png`), or
with `{file: art/moon.png, focus: [0.5, 0.3]}` to say which point of the picture
`fit: cover` keeps in view. Templates place fixed images the same way, and
inline icons may be files too. Every such value is an `ImageFill`.

`check_images` runs once per kit (from `kit.check_kit_files`). For each file it
checks, in this order, so that nothing large is decoded before it is bounded:

- the path stays in the kit and the file exists (PK108, PK107);
- the file is at most `MAX_FILE_BYTES` and is a PNG, JPEG or SVG by its content (PK503, PK321);
- a PNG's or JPEG's pixel count, read from its header, is at most `MAX_PIXELS` (PK503):
  a decompression bomb is refused before a single pixel is decoded;
- the whole file decodes (PK502: truncated or damaged);
- its colours print as they show on screen: no CMYK, no colour profile other than
  sRGB, no EXIF rotation that viewers apply and printers would not (PK504);
- an SVG is plain vector art: no text (its font could not be embedded), no linked or
  embedded pictures, filters, masks or patterns, no XML entities (PK505).

A file that passes is stamped on its `ImageFill` (`ImageFill.image`), so the
template checks can work out the resolution each use prints at (`check_resolution`:
PK322 under 300 ppi, PK501 under 150) and the generator knows where the file is.
The validator reads images with Pillow and the standard XML parser; it never imports reportlab.
"""

from __future__ import annotations

import math
import re
import struct
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, get_args

from pydantic import BaseModel, BeforeValidator, Field, PrivateAttr, StringConstraints

from .findings import Finding, Location
from .types import StrictModel

if TYPE_CHECKING:
    from xml.etree import ElementTree

    from .checks import CheckContext

MAX_FILE_BYTES = 50 * 1024 * 1024
"""No picture file is read past this size."""
MAX_PIXELS = 40_000_000
"""The most pixels a PNG or JPEG may have: an A4 page at 600 ppi is 35 million."""
MAX_SVG_BYTES = 5 * 1024 * 1024
MAX_SVG_ELEMENTS = 100_000
SHARP_PPI = 300.0
"""Below this a picture prints visibly soft: a warning (PK322)."""
COARSE_PPI = 150.0
"""Below this it prints blurred or blocky: an error (PK501)."""

Fraction = Annotated[float, Field(ge=0, le=1)]
Fit = Literal["cover", "contain", "stretch"]

FORMATS = ("PNG", "JPEG", "SVG")


@dataclass(frozen=True)
class ImageInfo:
    """A picture file that passed every check: where it is, what it is, and its size.

    `width` and `height` are pixels for PNG and JPEG; for SVG they give only the aspect ratio.
    """

    path: str
    kind: Literal["png", "jpeg", "svg"]
    width: float
    height: float

    @property
    def vector(self) -> bool:
        return self.kind == "svg"


def _from_path(value: Any) -> Any:
    return {"file": value} if isinstance(value, str) else value


class ImageFill(StrictModel):
    """A picture from a file in the kit (PNG, JPEG or SVG), e.g. `art/moon.png`, or
    `{file: art/moon.png, focus: [0.5, 0.3]}`: the point of the picture that `fit: cover` keeps in view."""

    file: Annotated[str, StringConstraints(min_length=1, max_length=255)] = Field(
        description="A PNG, JPEG or SVG file inside the kit directory, e.g. 'art/moon.png'."
    )
    focus: list[Fraction] | None = Field(
        None,
        min_length=2,
        max_length=2,
        description="[x, y] as fractions of the picture: [0, 0] its top-left, [0.5, 0.5] its middle (the default).",
    )

    _image: ImageInfo | None = PrivateAttr(default=None)

    @property
    def image(self) -> ImageInfo | None:
        """The checked file, once `check_images` has passed it; None before, or when it has problems."""
        return self._image


ImageValue = Annotated[ImageFill, BeforeValidator(_from_path, json_schema_input_type=str | ImageFill)]
"""An ImageFill that may also be written as its path alone."""


def looks_like_path(value: str) -> bool:
    """A card value that names a file rather than a key: ids never hold '/' or '.'."""
    return "/" in value or "." in value


# ---------------------------------------------------------------- finding every picture in a kit


def find_images(model: Any, path: tuple = ()) -> list[tuple[tuple, ImageFill]]:
    """Every ImageFill in a model tree, with its path; only fields that can hold one are visited."""
    found: list[tuple[tuple, ImageFill]] = []
    _collect(model, path, found)
    return found


def _collect(model: Any, path: tuple, found: list[tuple[tuple, ImageFill]]) -> None:
    if isinstance(model, ImageFill):
        found.append((path, model))
    elif isinstance(model, BaseModel):
        for name in _image_fields(type(model)):
            value = getattr(model, name)
            if value is None or (isinstance(value, (list, tuple, dict)) and not value):
                continue  # most cards have no picture: no call for their empty `fill:` and unset `back:`
            _collect(value, path + (name,), found)
    elif isinstance(model, (list, tuple, dict)):
        for key, item in model.items() if isinstance(model, dict) else enumerate(model):
            if not isinstance(item, _LEAVES) and (not isinstance(item, BaseModel) or _image_fields(type(item))):
                _collect(item, path + (key,), found)
            elif isinstance(item, ImageFill):
                found.append((path + (key,), item))


_LEAVES = (str, int, float, bool, type(None))


@cache
def _image_fields(cls: type[BaseModel]) -> tuple[str, ...]:
    return tuple(name for name, info in cls.model_fields.items() if _mentions(info.annotation, {cls}))


def _mentions(annotation: Any, seen: set) -> bool:
    """Whether a field's type can hold an ImageFill (through unions, containers and sub-models)."""
    if annotation is ImageFill:
        return True
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if annotation in seen:
            return False
        return any(_mentions(info.annotation, seen | {annotation}) for info in annotation.model_fields.values())
    return any(_mentions(arg, seen) for arg in get_args(annotation) if not isinstance(arg, (str, int, float)))


# ---------------------------------------------------------------- checking the files


@dataclass(frozen=True)
class FileProblem:
    code: str
    message: str
    hint: str = ""


SafePath = Callable[[Path, Any, Location, str], tuple[Path | None, Finding | None]]
"""kitpaths.safe_kit_path: the kit's rule for files it names (PK107, PK108), handed in by kit.py."""


def check_images(ctx: CheckContext, kit: BaseModel, root: Path, safe_kit_path: SafePath) -> None:
    """Check every picture the kit names, once per file, and stamp those that pass on their ImageFill."""
    from .source import format_path  # the YAML reader: the generator's image drawing needs none of it

    inspected: dict[Path, tuple[ImageInfo | None, list[FileProblem]]] = {}
    for path, fill in find_images(kit):
        where = value_path(ctx, path)
        full, problem = safe_kit_path(root, fill.file, ctx.source.locate(where), format_path(where))
        if problem is not None:
            ctx.findings.append(problem)
            continue
        assert full is not None
        resolved = full.resolve()
        if resolved not in inspected:
            inspected[resolved] = inspect(resolved)
        info, problems = inspected[resolved]
        for found in problems:
            ctx.add(found.code, where, f"{fill.file!r} {found.message}", found.hint)
        fill._image = info


def value_path(ctx: CheckContext, path: tuple) -> tuple:
    """Where an image's file name is written: the value itself, or `file:` inside it."""
    return path + ("file",) if path + ("file",) in ctx.source.values else path


def inspect(path: Path) -> tuple[ImageInfo | None, list[FileProblem]]:
    """Everything that keeps a picture file from printing as it shows; (info, []) when nothing does."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            return None, [
                FileProblem(
                    "PK503",
                    f"is {size / 1048576:.0f} MB; pictures are read up to {MAX_FILE_BYTES // 1048576} MB",
                    "save it smaller: 600 ppi at its printed size is plenty",
                )
            ]
        with path.open("rb") as handle:
            head = handle.read(512)
    except OSError as exc:
        return None, [FileProblem("PK502", f"cannot be read: {exc.strerror or exc}")]
    kind = sniff(head)
    if kind is None:
        named = _named_format(head)
        return None, [
            FileProblem(
                "PK321",
                f"is {named or 'not a picture pnpkit can place'}; image regions take PNG, JPEG or SVG",
                "save it as PNG, JPEG or SVG",
            )
        ]
    try:
        return _inspect_svg(path) if kind == "svg" else _inspect_raster(path, kind)
    except OSError as exc:
        return None, [FileProblem("PK502", f"cannot be read: {exc.strerror or exc}")]


def sniff(head: bytes) -> Literal["png", "jpeg", "svg"] | None:
    """The picture format by the file's first bytes, whatever its name says."""
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    text = head.lstrip(b"\xef\xbb\xbf").lstrip()
    if text.startswith(b"<") and b"<svg" in head:
        return "svg"
    if text.startswith((b"<?xml", b"<!--", b"<!DOCTYPE svg")):
        return "svg"  # an SVG whose root comes after a long prologue; parsing tells
    return None


def _named_format(head: bytes) -> str:
    for magic, name in (
        (b"GIF8", "a GIF image"),
        (b"RIFF", "a WebP image"),
        (b"BM", "a BMP image"),
        (b"II*\x00", "a TIFF image"),
        (b"MM\x00*", "a TIFF image"),
        (b"%PDF", "a PDF file"),
        (b"\x00\x00\x00\x0cjP", "a JPEG 2000 image"),
    ):
        if head.startswith(magic):
            return name
    if head[4:12] in (b"ftypheic", b"ftypavif", b"ftypmif1", b"ftypheix"):
        return "a HEIC/AVIF image"
    return ""


def _inspect_raster(path: Path, kind: Literal["png", "jpeg"]) -> tuple[ImageInfo | None, list[FileProblem]]:
    from PIL import Image as PILImage

    label = kind.upper()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PILImage.DecompressionBombWarning)
            image = PILImage.open(path)  # reads the header only
    except PILImage.DecompressionBombError:
        image = None
    except Exception as exc:  # Pillow raises many kinds on a damaged header; each is a finding, never a crash
        return None, [FileProblem("PK502", f"is not a readable {label} file ({_reason(exc)})", "save it again")]
    size = header_size(path) if image is None else image.size
    try:
        if size is None:
            return None, [FileProblem("PK502", f"is not a readable {label} file (no size in its header)")]
        width, height = size
        too_large = pixels_problem(size)
        if too_large is not None:
            return None, [too_large]
        assert image is not None
        problems = _colour_problems(image, label)
        try:
            if kind == "jpeg":
                image.draft(image.mode, (max(1, width // 8), max(1, height // 8)))  # every byte read, 1/64 the pixels
            image.load()
        except Exception as exc:  # likewise for damaged pixel data
            return None, [
                FileProblem(
                    "PK502",
                    f"cannot be decoded ({_reason(exc)}): the file is damaged or cut short",
                    "save or copy it again",
                )
            ]
        if problems:
            return None, problems
        return ImageInfo(str(path), kind, float(width), float(height)), []
    finally:
        if image is not None:
            image.close()


def pixels_problem(size: tuple[int, int] | None) -> FileProblem | None:
    """PK503 for a picture of more than MAX_PIXELS pixels: the one bound every raster path checks (card art, icons,
    the cover) before a pixel is decoded, so a small file that unpacks to gigabytes is a finding, not a crash."""
    if size is None or size[0] * size[1] <= MAX_PIXELS:
        return None
    width, height = size
    return FileProblem(
        "PK503",
        f"is {width} × {height} px ({width * height / 1e6:.0f} megapixels); pnpkit decodes at most "
        f"{MAX_PIXELS / 1e6:.0f} megapixels",
        "scale it down: 600 ppi at its printed size is plenty",
    )


def header_pixels_problem(path: Path) -> FileProblem | None:
    """`pixels_problem` of a PNG or JPEG file, from its header alone (None when the header gives no size)."""
    try:
        return pixels_problem(header_size(path))
    except OSError:
        return None  # unreadable: the caller's own read reports it


def _reason(exc: BaseException) -> str:
    return str(exc) or type(exc).__name__


def header_size(path: Path) -> tuple[int, int] | None:
    """(width, height) of a PNG or JPEG from its header alone, or None when it has none."""
    with path.open("rb") as handle:
        data = handle.read(256 * 1024)
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        return (width, height) if width and height else None
    if data[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                return None
            marker = data[i + 1]
            if marker == 0xFF:
                i += 1
                continue
            length = struct.unpack(">H", data[i + 2 : i + 4])[0]
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
                height, width = struct.unpack(">HH", data[i + 5 : i + 9])
                return (width, height) if width and height else None
            i += 2 + length
    return None


EXIF_ORIENTATION = 0x0112


def _colour_problems(image: Any, label: str) -> list[FileProblem]:
    """CMYK, a colour profile other than sRGB, an EXIF rotation: PDF viewers and printers would not apply them."""
    problems: list[FileProblem] = []
    if image.mode == "CMYK":
        problems.append(
            FileProblem(
                "PK504",
                f"is a CMYK {label}: its colours print unpredictably (often inverted) on home printers and in browsers",
                "convert it to RGB (sRGB) before placing it",
            )
        )
    profile = image.info.get("icc_profile")
    if profile and image.mode != "CMYK":
        name = icc_problem(profile)
        if name is not None:
            problems.append(
                FileProblem(
                    "PK504",
                    f"carries the colour profile {name!r}; pnpkit prints its colours as sRGB, so they would shift",
                    "convert it to sRGB before placing it",
                )
            )
    try:
        orientation = image.getexif().get(EXIF_ORIENTATION, 1)
    except Exception:  # a damaged EXIF block: decoding will say more
        orientation = 1
    if orientation not in (None, 0, 1):
        problems.append(
            FileProblem(
                "PK504",
                f"is stored rotated or mirrored (EXIF orientation {orientation}); viewers turn it upright, print would not",
                "rotate it in an image editor and save it without the orientation tag",
            )
        )
    return problems


SRGB_COLORANTS = {
    b"rXYZ": (0.4361, 0.2225, 0.0139),
    b"gXYZ": (0.3851, 0.7169, 0.0971),
    b"bXYZ": (0.1431, 0.0606, 0.7141),
}
"""sRGB's primaries adapted to D50, as every sRGB ICC profile records them."""


def icc_problem(profile: bytes) -> str | None:
    """None for an sRGB (or grey) profile; otherwise the profile's name, for the message.

    >>> icc_problem(test_profile("sRGB IEC61966-2.1", SRGB_COLORANTS)) is None
    True
    >>> icc_problem(test_profile("Adobe RGB (1998)", {b"rXYZ": (0.6097, 0.3111, 0.0195)}))
    'Adobe RGB (1998)'
    """
    if len(profile) < 132:
        return "a damaged profile"
    space = profile[16:20]
    if space == b"GRAY":
        return None
    tags = _icc_tags(profile)
    name = _icc_description(profile, tags.get(b"desc")) or "an unnamed profile"
    if space != b"RGB ":
        return f"{name} ({space.decode('latin-1').strip()})"
    if "srgb" in name.lower().replace(" ", "") or "61966-2" in name:
        return None
    colorants = {sig: _icc_xyz(profile, tags.get(sig)) for sig in SRGB_COLORANTS}
    if all(
        found is not None and all(abs(a - b) < 0.003 for a, b in zip(found, want))
        for (sig, want), found in zip(SRGB_COLORANTS.items(), colorants.values())
    ):
        return None
    return name


def _icc_tags(profile: bytes) -> dict[bytes, tuple[int, int]]:
    count = struct.unpack(">I", profile[128:132])[0]
    tags: dict[bytes, tuple[int, int]] = {}
    for k in range(min(count, 200)):
        at = 132 + 12 * k
        if at + 12 > len(profile):
            break
        sig, offset, size = struct.unpack(">4sII", profile[at : at + 12])
        if offset + size <= len(profile):
            tags[sig] = (offset, size)
    return tags


def _icc_description(profile: bytes, where: tuple[int, int] | None) -> str:
    if where is None:
        return ""
    offset, size = where
    data = profile[offset : offset + size]
    try:
        if data[:4] == b"desc":
            length = struct.unpack(">I", data[8:12])[0]
            return data[12 : 12 + length].split(b"\0")[0].decode("latin-1").strip()
        if data[:4] == b"mluc":
            count, record = struct.unpack(">II", data[8:16])
            if count and record >= 12:
                length, start = struct.unpack(">II", data[20:28])
                return data[start : start + length].decode("utf-16-be", "replace").strip("\0 ")
    except (struct.error, UnicodeDecodeError):
        return ""
    return ""


def _icc_xyz(profile: bytes, where: tuple[int, int] | None) -> tuple[float, float, float] | None:
    if where is None:
        return None
    offset, size = where
    data = profile[offset : offset + size]
    if data[:4] != b"XYZ " or len(data) < 20:
        return None
    x, y, z = struct.unpack(">iii", data[8:20])
    return x / 65536, y / 65536, z / 65536


def test_profile(name: str, colorants: dict[bytes, tuple[float, float, float]]) -> bytes:
    """A minimal RGB ICC profile with a description and colorants, for tests."""
    tags: list[tuple[bytes, bytes]] = [
        (b"desc", b"desc\0\0\0\0" + struct.pack(">I", len(name) + 1) + name.encode() + b"\0")
    ]
    for sig, xyz in colorants.items():
        tags.append((sig, b"XYZ \0\0\0\0" + struct.pack(">iii", *(round(v * 65536) for v in xyz))))
    offset = 132 + 12 * len(tags)
    table, body = b"", b""
    for sig, data in tags:
        table += struct.pack(">4sII", sig, offset + len(body), len(data))
        body += data + b"\0" * (-len(data) % 4)
    header = bytearray(128)
    header[12:16], header[16:20], header[20:24], header[36:40] = b"mntr", b"RGB ", b"XYZ ", b"acsp"
    struct.pack_into(">I", header, 0, 132 + len(table) + len(body))
    return bytes(header) + struct.pack(">I", len(tags)) + table + body


# ---------------------------------------------------------------- SVG

SVG_NS = "{http://www.w3.org/2000/svg}"
REFUSED_ELEMENTS: dict[str, tuple[str, str]] = {
    "text": ("text, whose font could not be embedded in the PDF", "convert the text to outlines (paths)"),
    "image": ("a picture inside the drawing", "place that picture as an image of its own"),
    "foreignObject": ("foreign content, which does not print", "remove it"),
    "filter": ("a filter effect, which does not print as vectors", "remove it, or flatten the effect into shapes"),
    "mask": ("a mask, which does not print as vectors", "use a clip path, or flatten it into shapes"),
    "pattern": ("a pattern fill, which does not print as vectors", "expand the pattern into shapes"),
    "script": ("a script", "remove it"),
}
"""Elements svglib cannot draw as vector art (or that must not run): (what the message says, the hint)."""
_UNITS_PX = {"": 1.0, "px": 1.0, "pt": 4 / 3, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}
_LENGTH = re.compile(r"^\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*([a-z]*)\s*$")


def _inspect_svg(path: Path) -> tuple[ImageInfo | None, list[FileProblem]]:
    from xml.etree import ElementTree  # a kit without SVG art does not load the XML parser

    if path.stat().st_size > MAX_SVG_BYTES:
        return None, [
            FileProblem(
                "PK503",
                f"is larger than {MAX_SVG_BYTES // 1048576} MB of SVG",
                "simplify the drawing, or place it as a PNG",
            )
        ]
    data = path.read_bytes()
    if re.search(rb"<!ENTITY", data, re.I):
        return None, [
            FileProblem(
                "PK505",
                "declares XML entities, which pnpkit refuses (they can expand without bound)",
                "save it as plain SVG",
            )
        ]
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as exc:
        return None, [FileProblem("PK502", f"is not well-formed SVG ({exc})", "save it again from the drawing program")]
    if _local(root.tag) != "svg" or root.tag not in (SVG_NS + "svg", "svg"):
        return None, [FileProblem("PK502", "is XML but not an SVG drawing (its root is not <svg>)")]
    problems: list[FileProblem] = []
    seen: set[str] = set()
    count = 0
    for element in root.iter():
        count += 1
        if count > MAX_SVG_ELEMENTS:
            return None, [
                FileProblem(
                    "PK503", f"has more than {MAX_SVG_ELEMENTS} elements", "simplify the drawing, or place it as a PNG"
                )
            ]
        if not isinstance(element.tag, str):
            continue
        name = _local(element.tag)
        in_svg = element.tag.startswith(SVG_NS) or not element.tag.startswith("{")
        if in_svg and name in ("tspan", "textPath"):
            name = "text"
        if in_svg and name in REFUSED_ELEMENTS and name not in seen:
            seen.add(name)
            what, hint = REFUSED_ELEMENTS[name]
            problems.append(FileProblem("PK505", f"holds <{name}>: {what}", hint))
        if in_svg and "opacity" not in seen and _opacity(element) < 1:
            seen.add("opacity")
            problems.append(
                FileProblem(
                    "PK505",
                    f"sets opacity on <{name}>, which svglib does not draw: it would print solid",
                    "use fill-opacity and stroke-opacity instead",
                )
            )
        for attribute, value in element.attrib.items():
            if _local(attribute) == "href" and not value.startswith("#") and "href" not in seen:
                seen.add("href")
                problems.append(
                    FileProblem(
                        "PK505",
                        f"links to {value[:40]!r}; SVG art must be self-contained",
                        "copy the linked part into the drawing, or place the picture as an image of its own",
                    )
                )
    size = svg_size(root)
    if size is None:
        problems.append(
            FileProblem(
                "PK502", "has no size: give its <svg> a viewBox (or a width and a height)", 'add viewBox="0 0 W H"'
            )
        )
    if problems:
        return None, problems
    assert size is not None
    return ImageInfo(str(path), "svg", size[0], size[1]), []


def _opacity(element: ElementTree.Element) -> float:
    """An element's `opacity` (attribute or style); 1 when it sets none or one that cannot be read."""
    value = element.get("opacity")
    style = element.get("style")
    if style and "opacity" in style:
        for declaration in style.split(";"):
            key, _, text = declaration.partition(":")
            if key.strip() == "opacity":
                value = text
    try:
        return float(value.strip().rstrip("%")) / (100 if value.strip().endswith("%") else 1) if value else 1.0
    except ValueError:
        return 1.0


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def svg_size(root: ElementTree.Element) -> tuple[float, float] | None:
    """The drawing's width and height as a renderer sizes it: width/height, else the viewBox.

    >>> from xml.etree import ElementTree
    >>> [round(v, 2) for v in svg_size(ElementTree.fromstring('<svg viewBox="0 0 40 20" width="4cm"/>'))]
    [151.18, 75.59]
    """
    box = None
    view = root.get("viewBox")
    if view:
        parts = re.split(r"[\s,]+", view.strip())
        try:
            numbers = [float(p) for p in parts]
        except ValueError:
            numbers = []
        if len(numbers) == 4 and numbers[2] > 0 and numbers[3] > 0 and all(map(math.isfinite, numbers)):
            box = (numbers[2], numbers[3])
    width, height = _svg_length(root.get("width")), _svg_length(root.get("height"))
    if width and height:
        return width, height
    if box is None:
        return None
    if width:
        return width, width * box[1] / box[0]
    if height:
        return height * box[0] / box[1], height
    return box


def _svg_length(value: str | None) -> float | None:
    if not value:
        return None
    match = _LENGTH.match(value)
    if not match or match.group(2) not in _UNITS_PX:
        return None  # percentages and ems size to the viewBox
    number = float(match.group(1)) * _UNITS_PX[match.group(2)]
    return number if number > 0 and math.isfinite(number) else None


# ---------------------------------------------------------------- resolution


def placed_size(info: ImageInfo, box_w: float, box_h: float, fit: Fit) -> tuple[float, float]:
    """The picture's printed width and height (mm) when fitted into a box: cover spills over it, contain sits inside.

    >>> placed_size(ImageInfo("", "png", 200, 100), 50, 50, "cover"), placed_size(ImageInfo("", "png", 200, 100), 50, 50, "contain")
    ((100.0, 50.0), (50.0, 25.0))
    """
    if fit == "stretch":
        return box_w, box_h
    pick = max if fit == "cover" else min
    scale = pick(box_w / info.width, box_h / info.height)
    return info.width * scale, info.height * scale


def print_ppi(info: ImageInfo, box_w: float, box_h: float, fit: Fit) -> float | None:
    """Pixels per inch at print size (the coarser axis when stretched); None for vector art."""
    if info.vector:
        return None
    width, height = placed_size(info, box_w, box_h, fit)
    return min(info.width / (width / 25.4), info.height / (height / 25.4))


def check_resolution(
    ctx: CheckContext, fill: ImageFill, box_w: float, box_h: float, fit: Fit, path: tuple, what: str
) -> None:
    """PK501 under 150 ppi, PK322 under 300, at the place the file is named."""
    info = fill.image
    if info is None:
        return
    ppi = print_ppi(info, box_w, box_h, fit)
    if ppi is None or ppi >= SHARP_PPI - 1e-6:
        return
    factor = SHARP_PPI / ppi
    hint = f"use a picture of at least {math.ceil(info.width * factor - 1e-6)} × {math.ceil(info.height * factor - 1e-6)} px"
    where = value_path(ctx, path)
    size = f"{box_w:.3g} × {box_h:.3g} mm"
    if ppi < COARSE_PPI - 1e-6:
        ctx.add(
            "PK501",
            where,
            f"{fill.file!r} prints at {ppi:.0f} ppi in {what} ({size}): too coarse to print; 300 is sharp",
            hint,
        )
    else:
        ctx.add("PK322", where, f"{fill.file!r} prints at {ppi:.0f} ppi in {what} ({size}); print needs 300", hint)


__all__ = [
    "COARSE_PPI",
    "MAX_PIXELS",
    "SHARP_PPI",
    "Fit",
    "ImageFill",
    "ImageInfo",
    "ImageValue",
    "check_images",
    "check_resolution",
    "find_images",
    "header_pixels_problem",
    "header_size",
    "inspect",
    "looks_like_path",
    "pixels_problem",
    "placed_size",
    "print_ppi",
    "sniff",
    "svg_size",
]
