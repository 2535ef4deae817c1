"""SVGs look like their PDF page anywhere: text is drawn as glyph outlines (no font needed, no fonts folder), with
the words kept in an invisible text layer for search, copying and screen readers; `--svg-text live` keeps
editable text in the fonts instead.

The render tests copy one Japanese SVG of every kit alone into an empty folder, draw it with librsvg
(rsvg-convert) and with headless Chromium, and compare each with the same page of the PDF drawn by poppler
(pdftoppm). A box for every
Japanese character (what linked fonts gave on a machine without them) fails both the busiest-patch and the
dark-pixel checks; `test_the_comparison_sees_box_glyphs` shows it on live text.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from conftest import KITS
from PIL import Image, ImageFilter

from pnpkit.generator.backends import svg
from pnpkit.generator.commands import build as build_command
from pnpkit.generator.scene import Group, Page, Text
from pnpkit.generator.typeset import fonts
from pnpkit.generator.units import MM_PER_PT

NS = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
DPI = 60
MEAN_LIMIT = 12.0
"""Mean grey difference (0-255) allowed over the page: librsvg and poppler smooth and hint glyph edges
differently (up to 9 on a dense rules page); boxes for glyphs give 15-21 there."""
PATCH = 16
PATCH_LIMIT = 70.0
"""The largest mean difference of any 16 x 16 pixel patch: at most 50 between the two renderers, 99 and up
where a line of Japanese is drawn as boxes."""
DARK_SHARE = 0.96
"""Of the PDF's dark pixels, the share with a dark SVG pixel at most one pixel away: 0.98 and up, at most 0.93
with boxes."""


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        package = {"rsvg-convert": "librsvg2-bin", "pdftoppm": "poppler-utils"}[name]
        pytest.skip(f"{name} is not installed (apt-get install {package}): SVGs cannot be drawn to compare")
    return found


def _grey(path: Path) -> Image.Image:
    """A rendered page on white paper, in grey."""
    image = Image.open(path).convert("RGBA")
    paper = Image.new("RGBA", image.size, (255, 255, 255, 255))
    return Image.alpha_composite(paper, image).convert("L")


def _draw_svg_alone(document: Path, tmp: Path, env: dict[str, str] | None = None) -> Image.Image:
    """`document` copied into an empty folder (no fonts beside it) and drawn by librsvg."""
    alone = tmp / "alone"
    alone.mkdir()
    copy = alone / document.name
    shutil.copyfile(document, copy)
    png = tmp / "svg.png"
    command = [_tool("rsvg-convert"), "-d", str(DPI), "-p", str(DPI), str(copy), "-o", str(png)]
    subprocess.run(command, check=True, env=env)
    return _grey(png)


def _without_system_fonts(tmp: Path) -> dict[str, str]:
    """An environment whose fontconfig knows one Latin font and nothing else (a fonts.conf naming a folder with
    Noto Sans in it), so what a drawing shows does not depend on the fonts this machine has installed: a system
    CJK font would otherwise stand in for the kit's missing one. One font, not none: librsvg panics on text when
    fontconfig offers no font at all (`assertion failed: h >= 0.0`)."""
    latin, cache = tmp / "latin-only", tmp / "fontconfig-cache"
    latin.mkdir()
    shutil.copy(fonts.NOTO_FILES[0], latin / fonts.NOTO_FILES[0].name)
    conf = tmp / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n'
        f"<fontconfig><dir>{latin}</dir><cachedir>{cache}</cachedir></fontconfig>\n",
        encoding="utf-8",
    )
    return {**os.environ, "FONTCONFIG_FILE": str(conf), "FONTCONFIG_PATH": str(tmp)}


def _draw_pdf_page(pdf: Path, page: int, tmp: Path) -> Image.Image:
    stem = tmp / "pdf"
    command = [_tool("pdftoppm"), "-png", "-r", str(DPI), "-f", str(page), "-l", str(page), "-singlefile"]
    subprocess.run([*command, str(pdf), str(stem)], check=True)
    return _grey(stem.with_suffix(".png"))


def differences(drawn: Image.Image, wanted: Image.Image) -> tuple[float, float, float]:
    """(mean grey difference, the worst patch's mean difference, the share of `wanted`'s dark pixels that have
    a dark pixel of `drawn` at most one pixel away)."""
    assert drawn.size == wanted.size
    a = np.asarray(drawn, dtype=float)
    b = np.asarray(wanted, dtype=float)
    diff = np.abs(a - b)
    rows, cols = diff.shape[0] // PATCH, diff.shape[1] // PATCH
    patches = diff[: rows * PATCH, : cols * PATCH].reshape(rows, PATCH, cols, PATCH).mean(axis=(1, 3))
    near = np.asarray(drawn.filter(ImageFilter.MinFilter(3))) < 128
    dark = b < 128
    return float(diff.mean()), float(patches.max()), float((dark & near).sum() / max(int(dark.sum()), 1))


def _page_of(document: Path) -> tuple[str, int]:
    """The component PDF and the page (from 1) an SVG is: `rules.svg` is rules.pdf's only page, `cards-03.svg`
    its third."""
    found = re.fullmatch(r"(.+?)(?:-(\d\d))?\.svg", document.name)
    assert found, document
    return f"{found.group(1)}.pdf", int(found.group(2) or 1)


def widest_script(built: Path) -> Path:
    """The edition whose script is furthest from Latin, where a missing font shows most: Japanese where the kit has
    it, else Chinese or Korean, else its first."""
    editions = sorted(p for p in built.iterdir() if p.is_dir() and p.name != "fonts")
    for prefix in ("ja", "zh", "ko"):
        found = [p for p in editions if p.name.split("-")[0] == prefix]
        if found:
            return found[0]
    return editions[0]


def _wordiest(lang_dir: Path) -> Path:
    """The first page of the rules (all Japanese text, where boxes show most), else the SVG with the most text."""
    for name in ("rules.svg", "rules-01.svg"):
        if (lang_dir / name).is_file():
            return lang_dir / name
    return max(sorted(lang_dir.glob("*.svg")), key=lambda p: p.read_text(encoding="utf-8").count("<text"))


@pytest.mark.parametrize("name", list(KITS))
def test_a_japanese_svg_alone_looks_like_its_pdf_page(kits, name, tmp_path):
    _tool("rsvg-convert")
    _tool("pdftoppm")
    built, _again = kits.builds(name)
    edition = widest_script(built)
    document = _wordiest(edition)
    pdf, page = _page_of(document)
    drawn = _draw_svg_alone(document, tmp_path)
    wanted = _draw_pdf_page(edition / pdf, page, tmp_path)
    mean, patch, dark = differences(drawn, wanted)
    where = f"{document.name} against {pdf} page {page}"
    assert mean < MEAN_LIMIT, (where, mean)
    assert patch < PATCH_LIMIT, (where, patch)
    assert dark > DARK_SHARE, (where, dark)


def _draw_svg_in_chromium(document: Path, tmp: Path, size: tuple[int, int]) -> Image.Image:
    """`document` copied alone into an empty folder and drawn by headless Chromium at DPI, `size` pixels."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("chromium is not installed (apt-get install chromium): SVGs cannot be drawn in a browser")
    alone = tmp / "browser"
    alone.mkdir()
    copy = alone / document.name
    shutil.copyfile(document, copy)
    png = tmp / "chromium.png"
    window = f"{round(size[0] * 96 / DPI)},{round(size[1] * 96 / DPI)}"  # CSS pixels, 96 to the inch
    command = [
        chromium,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        "--user-data-dir=" + str(tmp / "profile"),
    ]
    command += [
        f"--force-device-scale-factor={DPI / 96}",
        f"--window-size={window}",
        f"--screenshot={png}",
        copy.as_uri(),
    ]
    subprocess.run(command, check=True, capture_output=True, timeout=120)
    shot = _grey(png)
    return shot if shot.size == size else shot.resize(size)  # a pixel of rounding at the edge


@pytest.mark.parametrize("name", list(KITS))
def test_a_japanese_svg_alone_looks_like_its_pdf_page_in_chromium(kits, name, tmp_path):
    _tool("pdftoppm")
    built, _again = kits.builds(name)
    edition = widest_script(built)
    document = _wordiest(edition)
    pdf, page = _page_of(document)
    wanted = _draw_pdf_page(edition / pdf, page, tmp_path)
    drawn = _draw_svg_in_chromium(document, tmp_path, wanted.size)
    mean, patch, dark = differences(drawn, wanted)
    where = f"{document.name} in Chromium against {pdf} page {page}"
    assert mean < MEAN_LIMIT, (where, mean)
    assert patch < PATCH_LIMIT, (where, patch)
    assert dark > DARK_SHARE, (where, dark)


def test_the_comparison_sees_box_glyphs(kits, tmp_path):
    """The same rules page with live text where fontconfig knows only a Latin font (neither the kit's nor a system
    CJK font that would stand in for it): boxes, which the checks fail."""
    _tool("rsvg-convert")
    _tool("pdftoppm")
    name = "element-shift"
    loaded = kits.loaded(name)
    fontset = fonts.for_kit(loaded.model, loaded.root, "ja")[0]
    label = fontset.family().label
    bare = _without_system_fonts(tmp_path)
    if shutil.which("fc-list"):  # the pinned configuration sees Noto Sans alone: not the kit's font, no CJK font
        listed = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True, env=bare).stdout.split()
        assert listed == ["Noto", "Sans"], (label, listed)
    built, _again = kits.builds(name)
    part = kits.layouts(name)["ja"]["rules"]
    with fonts.using(fontset):
        live = svg.render(part.pages[0], part.title, "../fonts", text="live")
    document = tmp_path / "rules-01.svg"
    document.write_text(live, encoding="utf-8")
    drawn = _draw_svg_alone(document, tmp_path, env=bare)
    wanted = _draw_pdf_page(built / "ja" / "rules.pdf", 1, tmp_path)
    mean, patch, dark = differences(drawn, wanted)
    assert patch > PATCH_LIMIT and dark < DARK_SHARE, (mean, patch, dark)


# ---------------------------------------------------------------- the SVG itself, no renderer needed

WORDS = "ゲームの目的 Aa"


def _page() -> Page:
    """Plain, bold (stroked: IPAexGothic has no bold face), italic (slanted), centred and rotated text."""
    return Page(
        100,
        60,
        (
            Text(10, 10, WORDS, 12),
            Text(10, 20, "太字", 12, bold=True, colour="#d62728"),
            Text(50, 30, "斜体の文字", 10, italic=True, anchor="middle"),
            Group((Text(0, 0, "回転", 9, anchor="end"),), dx=80, dy=50, rotate=90),
        ),
    )


def _render(text: str = "outlines") -> ET.Element:
    with fonts.using(fonts.builtin("ipaexgothic")):
        return ET.fromstring(svg.render(_page(), "目的の頁", "../fonts", text=text).encode("utf-8"))


def _hidden(element: ET.Element, parents: dict[ET.Element, ET.Element]) -> bool:
    while element is not None:
        if element.get("opacity") == "0":
            return True
        element = parents.get(element)
    return False


def test_an_svg_needs_no_font_and_keeps_its_words_invisible():
    root = _render()
    document = ET.tostring(root, encoding="unicode")
    assert "@font-face" not in document and "font-family" not in document and "../fonts" not in document
    assert not list(root.iter(f"{NS}style"))
    parents = {child: parent for parent in root.iter() for child in parent}
    texts = list(root.iter(f"{NS}text"))
    assert [t.text for t in texts] == [WORDS, "太字", "斜体の文字", "回転"]  # the words, for search and copying
    assert all(_hidden(t, parents) for t in texts)  # nothing drawn in whatever font a viewer picks
    assert root.find(f"{NS}title").text == "目的の頁"
    # every visible character is a <use> of one glyph <path> defined once in <defs>, and nothing else draws text
    glyphs = {p.get("id"): p for p in root.find(f"{NS}defs").iter(f"{NS}path")}
    uses = [u.get(XLINK) for u in root.iter(f"{NS}use")]
    assert len(uses) == sum(not ch.isspace() for ch in WORDS + "太字斜体の文字回転")
    assert {u.lstrip("#") for u in uses} == set(glyphs)
    assert len(glyphs) == len(set(WORDS + "太字斜体の文字回転") - {" "})  # の twice, one glyph
    assert all(re.fullmatch(r"[mhvlqcz0-9 .\-]+", p.get("d")) for p in glyphs.values())


def test_glyphs_sit_where_the_pdf_puts_them():
    """The same advances as reportlab (the PDF's widths, no kerning), the same anchor, stroke and slant."""
    root = _render()
    face = fonts.builtin("ipaexgothic").regular
    units = 2048
    groups = [g for g in root.iter(f"{NS}g") if g.find(f"{NS}text") is not None]
    plain, bold, italic, turned = groups
    steps = [float(u.get("x", "0")) for u in plain.iter(f"{NS}use")]
    advances, x = [], 0.0
    for ch in WORDS:
        if not ch.isspace():
            advances.append(round(x * units / 1000, 3))
        x += face.width_em(ch) * 1000
    assert steps == pytest.approx(advances, abs=1e-3)
    scale = 12 * MM_PER_PT / units
    assert _matrix(plain) == pytest.approx([scale, 0, 0, scale, 10, 10], abs=1e-6)
    assert bold.get("stroke") == "#d62728" and bold.get("fill") == "#d62728"
    assert float(bold.get("stroke-width")) == pytest.approx(units * fonts.FAUX_BOLD_STROKE)
    a, _b, c, _d, e, _f = _matrix(italic)
    assert c / a == pytest.approx(-fonts.SLANT, abs=1e-5)  # the PDF's shear
    with fonts.using(fonts.builtin("ipaexgothic")):
        assert e == pytest.approx(50 - fonts.width_mm("斜体の文字", 10) / 2, abs=1e-3)  # centred as the PDF centres
        assert _matrix(turned)[4] == pytest.approx(-fonts.width_mm("回転", 9), abs=1e-3)


def _matrix(group: ET.Element) -> list[float]:
    found = re.fullmatch(r"matrix\(([^)]*)\)", group.get("transform", ""))
    assert found, group.attrib
    return [float(v) for v in found.group(1).split()]


def test_svg_output_is_the_same_every_time():
    with fonts.using(fonts.builtin("ipaexgothic")):
        first = svg.render(_page(), "頁", "../fonts")
        second = svg.render(_page(), "頁", "../fonts")
    assert first == second


def test_live_text_is_still_an_option():
    root = _render("live")
    document = ET.tostring(root, encoding="unicode")
    assert "@font-face" in document and "url('../fonts/ipaexg.ttf')" in document
    assert not list(root.iter(f"{NS}use"))
    texts = list(root.iter(f"{NS}text"))
    assert [t.text for t in texts] == [WORDS, "太字", "斜体の文字", "回転"]
    assert not any(t.get("opacity") for t in texts)
    with pytest.raises(ValueError, match="outlines, live"):
        svg.render(_page(), "頁", text="paths")


def test_the_build_option_offers_the_backend_modes():
    parser = argparse.ArgumentParser()
    build_command.add_arguments(parser)
    (option,) = [a for a in parser._actions if "--svg-text" in a.option_strings]
    assert tuple(option.choices) == svg.TEXT_MODES and option.default == svg.TEXT_MODES[0] == "outlines"
