"""Pictures on cards: image regions, fixed template images and picture icons, checked and printed.

Every kit here is written into tmp_path by `picture_kit`: a small generic kit
whose cards fill an image region, with PNG, JPEG and SVG files made by the
test (Pillow, or SVG text). The PDFs are read back with pypdf: a picture used
on many cards is one image XObject, SVG art is vector (no image XObject at
all). Bad pictures give their finding at the file:line:col of the value that
names them. The text-only bad cases (a missing file, a path out of the kit, an
icon glyph the font lacks) are the `img-*` cases of tests/bad_cases.py.
"""

from __future__ import annotations

import importlib.util
import io
import json
import re
import shutil
import struct
import subprocess
import sys
import tracemalloc
import zlib
from pathlib import Path

import pytest
from conftest import REPO, cli, line_of
from PIL import Image as PILImage
from PIL import ImageDraw
from pypdf import PdfReader

PDFCHECK = REPO.parent / "shared" / "tools" / "pdfcheck.py"

KIT_YAML = """\
id: picture-test
game: generic
title: {ja: 絵のテスト, en: Picture test}
author: pnpkit tests
version: "1"
players: {min: 2, max: 4}
languages: [ja, en]
include: [templates.yaml, decks.yaml]
"""

TEMPLATES_YAML = """\
card_templates:
  icons:
    coin: {image: art/coin.svg}
    gem: {image: art/gem.png}
    star: {shape: disc, text: "★", colour: "#7a4fa8"}
  templates:
    - id: pic
      size: poker
      regions:
        - {name: title, kind: text, box: [5mm, 4mm, 53mm, 7mm], size: 10, min_size: 7, lines: 1, align: middle}
        - {name: picture, kind: image, box: [5mm, 12mm, 53mm, 34mm], shape: rounded, fill: "#ddd6c6", frame: {colour: "#444444", width: 0.4mm}}
        - {name: body, kind: text, box: [5mm, 48mm, 53mm, 20mm], size: 8, min_size: 6, required: false}
        - {name: logo, kind: image, box: [21.5mm, 71mm, 20mm, 8mm], fit: contain, image: art/logo.png}
    - id: pic-contain
      extends: pic
      change: {picture: {fit: contain, shape: rect}}
    - id: pic-stretch
      extends: pic
      change: {picture: {fit: stretch, shape: circle}}
"""


def png_bytes(width: int, height: int, mode: str = "RGB", **save) -> bytes:
    """A real picture: a gradient with a disc, so a wrong crop or flip shows."""
    image = PILImage.new(mode, (width, height), "#203060" if mode != "L" else 90)
    draw = ImageDraw.Draw(image)
    draw.ellipse([width * 0.6, height * 0.1, width * 0.85, height * 0.45], fill="#f5eebb" if mode != "L" else 230)
    out = io.BytesIO()
    image.save(out, "PNG", **save)
    return out.getvalue()


def jpeg_bytes(width: int, height: int, mode: str = "RGB", **save) -> bytes:
    image = PILImage.new(mode, (width, height), "#c87840" if mode == "RGB" else (0, 80, 160, 0))
    ImageDraw.Draw(image).ellipse(
        [width * 0.25, height * 0.3, width * 0.75, height * 0.7], fill="#ffdd00" if mode == "RGB" else (0, 0, 255, 0)
    )
    out = io.BytesIO()
    image.save(out, "JPEG", quality=85, **save)
    return out.getvalue()


COMET_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" width="200" height="100">
<rect width="200" height="100" fill="#1b1d3a"/>
<path d="M20 80 L150 30 L160 45 Z" fill="#ffd86b" fill-opacity="0.8" style="opacity:1"/>
<circle cx="160" cy="38" r="14" fill="#fff4c0" stroke="#ffb000" stroke-width="3"/>
</svg>
"""
COIN_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4.5" fill="#d4a017"/>'
    '<rect x="4" y="2.5" width="2" height="5" fill="#7a5c00"/></svg>'
)


def base_files() -> dict[str, bytes]:
    return {
        "art/night.png": png_bytes(900, 600),
        "art/sun.jpg": jpeg_bytes(900, 1300),
        "art/comet.svg": COMET_SVG.encode(),
        "art/coin.svg": COIN_SVG.encode(),
        "art/gem.png": png_bytes(200, 200, "RGBA"),
        "art/logo.png": png_bytes(400, 160, "RGBA"),
    }


def card(card_id: str, picture: str, template: str = "", body: str = "", count: int = 1) -> str:
    """One card of the deck, on one line, so a finding's line is the card's line."""
    parts = [f"title: {{ja: {card_id}, en: {card_id}}}", f"picture: {picture}"]
    if body:
        parts.append(f"body: {{ja: '{body}', en: '{body}'}}")
    extra = f", template: {template}" if template else ""
    return f"      - {{id: {card_id}, count: {count}{extra}, fill: {{{', '.join(parts)}}}}}\n"


def picture_kit(tmp_path: Path, cards: str, files: dict[str, bytes] | None = None, name: str = "kit") -> Path:
    kit = tmp_path / name
    (kit / "art").mkdir(parents=True)
    (kit / "kit.yaml").write_text(KIT_YAML, encoding="utf-8")
    (kit / "templates.yaml").write_text(TEMPLATES_YAML, encoding="utf-8")
    decks = "decks:\n  - id: pics\n    name: {ja: 絵札, en: Pictures}\n    template: pic\n    cards:\n" + cards
    (kit / "decks.yaml").write_text(decks, encoding="utf-8")
    for path, data in (base_files() | (files or {})).items():
        (kit / path).parent.mkdir(parents=True, exist_ok=True)
        (kit / path).write_bytes(data)
    return kit


def findings(kit: Path) -> list[dict]:
    """`pnpkit validate`'s findings, less PK410: a test's deck need not use every template of the fixture."""
    result = cli("validate", kit, "--format", "json")
    return [f for f in json.loads(result.stdout) if f["code"] != "PK410"]


def at(found: list[dict], code: str) -> list[tuple[str, int, int, str]]:
    """(file name, line, column, message) of each finding with this code."""
    return [
        (Path(f["location"]["file"]).name, f["location"]["line"], f["location"]["col"], f["message"])
        for f in found
        if f["code"] == code
    ]


def col_of(kit: Path, file: str, marker: str, value: str) -> tuple[int, int]:
    """The line of `marker` and the column where `value` starts on it."""
    line = line_of(kit / file, marker)
    row = (kit / file).read_text(encoding="utf-8").split("\n")[line - 1]
    return line, row.find(value) + 1


# ---------------------------------------------------------------- reading the PDFs


def xobjects(pdf: Path) -> tuple[dict[int, tuple[int, int, str]], dict[int, bytes]]:
    """Every image XObject (object number → width, height, filter) and Form XObject (→ its content)
    reachable from the pages' resources, through forms inside forms."""
    reader = PdfReader(pdf)
    images: dict[int, tuple[int, int, str]] = {}
    forms: dict[int, bytes] = {}

    def visit(resources) -> None:
        if resources is None or "/XObject" not in resources:
            return
        for ref in resources["/XObject"].values():
            obj = ref.get_object()
            number = ref.idnum
            if obj["/Subtype"] == "/Image":
                filters = obj.get("/Filter")
                images[number] = (int(obj["/Width"]), int(obj["/Height"]), str(filters))
            elif number not in forms:
                forms[number] = obj.get_data()
                visit(obj.get("/Resources"))

    for page in reader.pages:
        visit(page.get("/Resources"))
    return images, forms


def build(kit: Path, out: Path, *more: str) -> Path:
    result = cli("build", kit, "-o", out, "--lang", "all", *more)
    assert result.returncode == 0, result.stdout + result.stderr
    return out / "picture-test"


# ---------------------------------------------------------------- printing


def test_a_picture_on_many_cards_is_one_xobject(tmp_path):
    cards = "".join(card(f"night-{n}", "art/night.png") for n in range(5))  # five designs, one picture
    cards += card("night-twice", "art/night.png", count=3)  # one design drawn three times: a symbol
    cards += card("sun", "art/sun.jpg") + card("sun-2", "art/sun.jpg", "pic-contain")
    out = build(picture_kit(tmp_path, cards), tmp_path / "out")
    for lang in ("ja", "en"):
        for name in ("cards-pics.pdf", "kit.pdf"):
            images, _forms = xobjects(out / lang / name)
            # night.png on 8 cards, sun.jpg on 2, the template's logo on all 10: one image XObject each
            assert sorted((w, h) for w, h, _f in images.values()) == [(400, 160), (900, 600), (900, 1300)], images
            (jpeg,) = [f for w, h, f in images.values() if (w, h) == (900, 1300)]
            assert "DCTDecode" in jpeg  # the JPEG is passed through as it is, not re-encoded
    assert len(PdfReader(out / "en" / "cards-pics.pdf").pages) == 4  # the ten cards take two sheets, with backs


def test_svg_art_stays_vector(tmp_path):
    cards = card("comet", "art/comet.svg") + card("comet-2", "art/comet.svg", "pic-contain", count=2)
    cards += card("comet-3", "{file: art/comet.svg, focus: [0.9, 0.5]}", "pic-stretch")
    kit = picture_kit(tmp_path, cards, {"art/logo.svg": COIN_SVG.encode()})  # the logo too: the PDF holds no raster
    (kit / "templates.yaml").write_text(TEMPLATES_YAML.replace("art/logo.png", "art/logo.svg"), encoding="utf-8")
    out = build(kit, tmp_path / "out")
    images, forms = xobjects(out / "en" / "cards-pics.pdf")
    assert images == {}, images  # no image XObject for SVG art
    art = [data for data in forms.values() if b" c" in data or b" l" in data]  # path operators: vector drawing
    comet = [data for data in art if b"1 .847059 .419608 rg" in data]  # #ffd86b, the comet's tail
    assert len(comet) == 1, "the SVG art is one form, however many cards place it"
    for svg in sorted((out / "en").glob("cards-pics-*.svg")):
        text = svg.read_text(encoding="utf-8")
        assert str(kit) not in text and "art/comet.svg" not in text  # embedded, never linked
        assert text.count("data:image/svg+xml;base64,") == len(set(re.findall(r'id="img\d+"', text)))


def test_fit_modes_place_the_picture(tmp_path):
    from pnpkit.generator.build import layout_kit
    from pnpkit.generator.scene import Group, Image, walk
    from pnpkit.validator.kit import load_kit

    cards = card("cover", "{file: art/night.png, focus: [0.5, 1]}") + card("contain", "art/night.png", "pic-contain")
    cards += card("stretch", "art/sun.jpg", "pic-stretch")
    loaded = load_kit(picture_kit(tmp_path, cards))
    assert loaded.ok, loaded.report.findings
    parts, problems = layout_kit(loaded, "en")
    assert problems == []
    faces = {}
    for page in parts[0].pages:
        for item, _m in walk(page.items):
            if isinstance(item, Group) and item.role == "card-front":
                faces.setdefault(item.name, item)
    placed = {}
    for name, face in faces.items():
        for item, _m in walk(face.items):
            if isinstance(item, Group) and item.role == "image" and item.name != "art/logo.png":
                (image,) = [i for i in item.items if isinstance(i, Image)]
                placed[name] = (item.clip, image)
    x, y, w, h = 5.0, 12.0, 53.0, 34.0
    clip, image = placed["cover"]  # 900 × 600 at 53 mm wide is taller than the box: it spills above and below
    assert (clip.x, clip.y, clip.w, clip.h, clip.radius) == (x, y, w, h, 2.5)  # `shape: rounded`: the frame's radius
    assert (image.x, image.w, image.h) == pytest.approx((x, w, w * 600 / 900))
    assert image.y + image.h == pytest.approx(y + h)  # focus [0.5, 1]: the bottom edge of the picture shows
    clip, image = placed["contain"]  # all of it inside the box, centred: 34 mm tall, 51 mm wide
    assert (image.x, image.y, image.w, image.h) == pytest.approx((x + 1, y, 51, h)) and clip.radius == 0
    clip, image = placed["stretch"]  # exactly the box, clipped to a circle's corners
    assert (image.x, image.y, image.w, image.h) == (x, y, w, h) and clip.radius == pytest.approx(h / 2)


def test_picture_icons_scale_with_the_text_and_sit_on_the_baseline(tmp_path):
    from pnpkit.generator.build import layout_kit
    from pnpkit.generator.scene import Image, Text, apply, walk
    from pnpkit.validator.kit import load_kit

    kit = picture_kit(tmp_path, card("icons", "art/night.png", body="Pay {coin} and {gem} {star}"))
    loaded = load_kit(kit)
    assert loaded.ok
    parts, problems = layout_kit(loaded, "en")
    assert problems == []
    found = [(item, m) for page in parts[0].pages[:1] for item, m in walk(page.items)]
    icons = [(item, m) for item, m in found if isinstance(item, Image) and item.role == "icon-image"]
    texts = [(item, m) for item, m in found if isinstance(item, Text) and item.text.startswith("Pay")]
    assert len(icons) == 2 and texts
    text, tm = texts[0]
    baseline = apply(tm, text.x, text.y)[1]
    em = text.size * 25.4 / 72
    for icon, m in icons:
        assert apply(m, icon.x, icon.y + icon.h)[1] == pytest.approx(baseline, abs=0.01)  # its foot on the baseline
        assert icon.h <= em * 0.88 + 1e-6 and icon.w <= em + 1e-6  # no taller than the font's ascent


def test_a_card_sheet_of_every_kind_renders(tmp_path):
    """PNG, JPEG and SVG in cover, contain and stretch, and picture icons inline: what test_images shows when looked at."""
    cards = "".join(
        card(f"{kind}-{fit}", path, "" if fit == "cover" else f"pic-{fit}", body="{coin} {gem} {star}")
        for kind, path in (("png", "art/night.png"), ("jpeg", "art/sun.jpg"), ("svg", "art/comet.svg"))
        for fit in ("cover", "contain", "stretch")
    )
    out = build(picture_kit(tmp_path, cards), tmp_path / "out")
    images, _forms = xobjects(out / "en" / "cards-pics.pdf")
    assert sorted((w, h) for w, h, _f in images.values()) == [(200, 200), (400, 160), (900, 600), (900, 1300)]
    svg = (out / "en" / "cards-pics-01.svg").read_text(encoding="utf-8")
    assert svg.count('xlink:href="#img') >= 9 * 3  # nine pictures, nine logos, the icons (not the text's glyphs)
    if PDFCHECK.is_file() and shutil.which("qpdf") and importlib.util.find_spec("pikepdf"):
        for name in ("cards-pics.pdf", "kit.pdf"):  # fonts embedded (no font comes in with the SVG art), qpdf clean
            result = subprocess.run(
                [sys.executable, str(PDFCHECK), str(out / "ja" / name)], capture_output=True, text=True, timeout=120
            )
            assert result.returncode == 0, result.stdout


# ---------------------------------------------------------------- bad pictures, each at the value that names it


def rotated_exif() -> bytes:
    exif = PILImage.Exif()
    exif[0x0112] = 6  # "turn 90° to show": phones write it rather than turning the pixels
    return exif.tobytes()


def truncated_png() -> bytes:
    data = png_bytes(600, 400)
    return data[: len(data) // 2]


def bomb_png(width: int = 10_000, height: int = 10_000) -> bytes:
    """A PNG whose header claims width × height pixels, in a few hundred bytes: decoding it would need 300 MB."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    idat = zlib.compress(b"\x00" * (width * 3 + 1) * 4)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", idat)
        + chunk(b"IEND", b"")
    )


BAD_PICTURES = {
    # name: (the file's bytes, the code, text the message holds)
    "truncated.png": (truncated_png(), "PK502", "truncated"),
    "bomb.png": (bomb_png(), "PK503", "10000 × 10000 px (100 megapixels)"),
    "coarse.png": (png_bytes(150, 96), "PK501", "prints at 72 ppi"),  # 53 mm at 72 ppi is 150 px
    "soft.png": (png_bytes(420, 270), "PK322", "prints at 201 ppi"),
    "cmyk.jpg": (jpeg_bytes(800, 600, "CMYK"), "PK504", "CMYK"),
    "rotated.jpg": (jpeg_bytes(800, 600, exif=rotated_exif()), "PK504", "EXIF orientation 6"),
    "anim.gif": (b"GIF89a" + b"\x00" * 40, "PK321", "a GIF image"),
    "text.svg": (
        b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text x="1" y="5">Hi</text></svg>',
        "PK505",
        "<text>",
    ),
    "linked.svg": (
        b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">'
        b'<use xlink:href="/etc/passwd#x"/></svg>',
        "PK505",
        "links to",
    ),
    "entity.svg": (
        b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
        b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><desc>&b;</desc></svg>',
        "PK505",
        "entities",
    ),
    "faded.svg": (
        b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g style="fill:red;opacity:0.5"><rect width="5" height="5"/></g></svg>',
        "PK505",
        "opacity",
    ),
    "broken.svg": (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect', "PK502", "not well-formed"),
    "sizeless.svg": (b'<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5"/></svg>', "PK502", "no size"),
}


def adobe_rgb_png() -> bytes:
    from pnpkit.validator.images import test_profile

    return png_bytes(800, 600, icc_profile=test_profile("Adobe RGB (1998)", {b"rXYZ": (0.6097, 0.3111, 0.0195)}))


@pytest.mark.parametrize("name", sorted(BAD_PICTURES))
def test_a_bad_picture_is_found_at_the_value_that_names_it(tmp_path, name):
    data, code, words = BAD_PICTURES[name]
    kit = picture_kit(tmp_path, card("good", "art/night.png") + card("bad", f"art/{name}"), {f"art/{name}": data})
    found = findings(kit)
    line, col = col_of(kit, "decks.yaml", "{id: bad,", f"art/{name}")
    severity = "warning" if code == "PK322" else "error"
    assert [(f["code"], f["severity"]) for f in found] == [(code, severity)], found
    assert at(found, code) == [("decks.yaml", line, col, at(found, code)[0][3])]
    assert words in found[0]["message"] and f"art/{name}" in found[0]["message"]


def test_a_profile_other_than_srgb_is_found(tmp_path):
    from pnpkit.validator.images import SRGB_COLORANTS, test_profile

    files = {
        "art/adobe.png": adobe_rgb_png(),
        "art/srgb.png": png_bytes(800, 600, icc_profile=test_profile("sRGB IEC61966-2.1", SRGB_COLORANTS)),
    }
    kit = picture_kit(tmp_path, card("adobe", "art/adobe.png") + card("srgb", "art/srgb.png"), files)
    found = findings(kit)
    line, col = col_of(kit, "decks.yaml", "{id: adobe,", "art/adobe.png")
    assert [(f["code"], f["location"]["line"], f["location"]["col"]) for f in found] == [("PK504", line, col)]
    assert "'Adobe RGB (1998)'" in found[0]["message"]


def test_a_decompression_bomb_is_refused_from_its_header(tmp_path):
    """100 megapixels claimed in a few hundred bytes: refused before decoding, at once and without the memory."""
    from pnpkit.validator.kit import load_kit

    kit = picture_kit(tmp_path, card("bomb", "art/bomb.png"), {"art/bomb.png": bomb_png()})
    assert (kit / "art" / "bomb.png").stat().st_size < 2_000
    load_kit(kit)  # models and Pillow loaded: what follows measures the picture alone
    tracemalloc.start()
    loaded = load_kit(kit)
    _now, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert [f.code for f in loaded.report.findings if f.code != "PK410"] == ["PK503"]
    assert peak < 30 * 1024 * 1024, peak  # decoding would take 300 MB


def test_the_icon_picture_and_the_fixed_logo_are_checked_where_they_are_named(tmp_path):
    files = {"art/gem.png": png_bytes(12, 12, "RGBA"), "art/logo.png": truncated_png()}
    kit = picture_kit(tmp_path, card("one", "art/night.png"), files)
    found = findings(kit)
    gem = col_of(kit, "templates.yaml", "gem: {image:", "art/gem.png")
    logo = col_of(kit, "templates.yaml", "name: logo", "art/logo.png")
    assert sorted((f["code"], f["location"]["line"], f["location"]["col"]) for f in found) == sorted(
        [("PK501", *gem), ("PK502", *logo)]
    ), found
    assert "icon {gem} at 10 pt" in at(found, "PK501")[0][3]


def test_image_fields_belong_to_image_regions(tmp_path):
    kit = picture_kit(tmp_path, card("one", "art/night.png", body="hi"))
    templates = TEMPLATES_YAML.replace(
        "{name: body, kind: text, box: [5mm, 48mm, 53mm, 20mm],",
        "{name: body, kind: text, fit: cover, box: [5mm, 48mm, 53mm, 20mm],",
    ).replace("change: {picture: {fit: stretch, shape: circle}}", "change: {picture: {fit: stretch, shape: diamond}}")
    (kit / "templates.yaml").write_text(templates, encoding="utf-8")
    decks = (
        (kit / "decks.yaml").read_text(encoding="utf-8").replace("body: {ja: 'hi', en: 'hi'}", "body: art/night.png")
    )
    (kit / "decks.yaml").write_text(decks, encoding="utf-8")
    found = findings(kit)
    got = sorted((Path(f["location"]["file"]).name, f["location"]["line"], f["code"]) for f in found)
    assert got == sorted(
        [
            ("templates.yaml", line_of(kit / "templates.yaml", "fit: cover"), "PK203"),
            ("templates.yaml", line_of(kit / "templates.yaml", "shape: diamond"), "PK203"),
            ("decks.yaml", line_of(kit / "decks.yaml", "body: art/night.png"), "PK203"),
        ]
    ), found
    assert any("text region and takes text" in f["message"] for f in found)


def test_the_example_and_seed_kits_name_no_pictures():
    """Images are opt-in: no kit in content/ and not the generic example uses one (their outputs stay as they were)."""
    from pnpkit.validator.images import find_images
    from pnpkit.validator.kit import load_kit

    for kit in sorted((REPO / "content").iterdir()) + [REPO / "tests" / "fixtures" / "generic" / "moonlit-tricks"]:
        if (kit / "kit.yaml").is_file():
            assert list(find_images(load_kit(kit).model)) == [], kit
