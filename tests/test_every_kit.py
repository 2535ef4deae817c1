"""What every kit owes a printer, checked on every kit in content/ and every generic example
(tests/fixtures/generic/): it validates with no findings at all, lays out and builds in every language it
declares, every page is A4 with no ink in the 5 mm hard margin, every font is embedded as a subset TrueType,
kit.pdf has one bookmark per component and each component PDF is a copy of its pages in kit.pdf, the SVGs are
A4 and drawn in the shipped font, and two builds (two interpreters, two hash seeds) are byte-identical. Each kit
is loaded, laid out and built once per session.
"""

from __future__ import annotations

import filecmp
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pikepdf
import pypdf
import pytest
from conftest import KITS, files_under
from pdftext import page_texts, pdf_text

from pnpkit.generator.backends.pdf import STAMP
from pnpkit.generator.geometry import visible_items
from pnpkit.generator.i18n import tr
from pnpkit.generator.typeset import fonts as font_files
from pnpkit.generator.units import HARD_MARGIN

NAMES = list(KITS)
A4_MM = (210.0, 297.0)
A4_PT = (595.276, 841.890)
SVG_NS = "{http://www.w3.org/2000/svg}"
EPS = 1e-6

every_kit = pytest.mark.parametrize("name", NAMES)


def built_files(folder: Path) -> set[str]:
    """The names pnpkit wrote in `folder` (not its hidden ownership marker)."""
    return {p.name for p in folder.iterdir() if not p.name.startswith(".")}


def pdfs(built: Path) -> list[Path]:
    return sorted(built.glob("*/*.pdf"))


# ---------------------------------------------------------------- validate and lay out


def test_the_kits_are_there():
    assert {"element-shift", "shogi-tcg", "wizards-element-collection", "unlock-tower"} < set(KITS)
    assert {"dice-battle-monsters", "moonlit-tricks"} < set(KITS)


@every_kit
def test_validates_with_no_findings_at_all(kits, name):
    """No errors and no warnings, and laying out every page (what `validate` also does) finds nothing. A note
    (PK373: the proofreader cannot read an edition's language) is neither."""
    loaded = kits.loaded(name)
    assert [f.text() for f in loaded.report.sorted() if f.code != "PK373"] == []
    assert set(kits.book(name)) == set(loaded.kit.languages)  # every edition laid out with no problem


@every_kit
def test_every_page_is_a4_with_no_ink_within_the_hard_margin(kits, name):
    """Cut guides run out to the hard margin so they show after cutting; nothing else comes that close."""
    assert HARD_MARGIN == 5.0
    checked = pages_seen = 0
    loaded = kits.loaded(name)
    for lang, book in kits.book(name).items():
        parts = kits.layouts(name)[lang]
        theirs = {id(page) for part in parts.values() for page in part.pages}
        # the book's own pages: cover, contents, calibration sheet, blank pages
        pages = [(f"kit.pdf page {n + 1}", page) for n, page in enumerate(book.pages) if id(page) not in theirs]
        pages += [(f"{slug} page {n + 1}", page) for slug, part in parts.items() for n, page in enumerate(part.pages)]
        # measured in the kit's own fonts, as the pages were laid out (a proportional face sets narrower)
        with font_files.using(font_files.for_kit(loaded.model, loaded.root, lang)[0]):
            for where, page in pages:
                pages_seen += 1
                assert (page.width, page.height) == A4_MM, (lang, where)
                for item, (x0, y0, x1, y1) in visible_items(page.items):
                    checked += 1
                    distance = min(x0, y0, page.width - x1, page.height - y1)
                    role = getattr(item, "role", "")
                    if role == "cut-guide":
                        assert distance >= HARD_MARGIN - EPS, (lang, where, item)
                    else:
                        label = getattr(item, "text", "") or type(item).__name__
                        assert distance >= HARD_MARGIN + EPS, (lang, where, label, role, distance)
    assert checked > 20 * pages_seen  # the walk really reached the pages' ink


# ---------------------------------------------------------------- the build


def _kit_font_files(kits, name: str) -> set[str]:
    """The font files and licences a kit's SVGs link to: IPAexGothic's for the seed kits, BIZ UDPGothic's by default."""
    loaded = kits.loaded(name)
    families = font_files.kit_fonts(loaded.model, loaded.root, tuple(loaded.model.languages))
    return {target for family in families for _source, target in family.files()}


@every_kit
def test_builds_every_component_in_every_language(kits, name):
    """One PDF per component and kit.pdf; one SVG per page (numbered when there are several); the font."""
    built, _again = kits.builds(name)
    layouts = kits.layouts(name)
    assert built_files(built) == set(layouts) | {"fonts"}
    assert _kit_font_files(kits, name) <= built_files(built / "fonts")
    for lang, parts in layouts.items():
        want = {"kit.pdf", "index.json"}
        for slug, part in parts.items():
            count = len(part.pages)
            want |= {f"{slug}.pdf"} | (
                {f"{slug}.svg"} if count == 1 else {f"{slug}-{n:02d}.svg" for n in range(1, count + 1)}
            )
            assert len(pypdf.PdfReader(built / lang / f"{slug}.pdf").pages) == count, (lang, slug)
        assert built_files(built / lang) == want, lang


@every_kit
def test_every_pdf_page_is_exactly_a4(kits, name):
    built, _again = kits.builds(name)
    for path in pdfs(built):
        reader = pypdf.PdfReader(path)
        assert len(reader.pages) >= 1
        for n, page in enumerate(reader.pages, start=1):
            box = page.mediabox
            assert (float(box.left), float(box.bottom)) == pytest.approx((0, 0), abs=0.01)
            assert (float(box.width), float(box.height)) == pytest.approx(A4_PT, abs=0.01), (path, n)
            assert page.get("/Rotate", 0) == 0
            assert (float(page.cropbox.width), float(page.cropbox.height)) == pytest.approx(A4_PT, abs=0.01)


def _fonts_in(pdf: pikepdf.Pdf) -> list[pikepdf.Dictionary]:
    """Every font dictionary: indirect objects, and direct ones in page resources and form XObjects."""
    found = [obj for obj in pdf.objects if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font"]

    def from_resources(resources, depth: int = 0) -> None:
        if not isinstance(resources, pikepdf.Dictionary) or depth > 8:
            return
        fonts = resources.get("/Font")
        if isinstance(fonts, pikepdf.Dictionary):
            found.extend(fonts.values())
        xobjects = resources.get("/XObject")
        if isinstance(xobjects, pikepdf.Dictionary):
            for xobject in xobjects.values():
                if xobject.get("/Subtype") == "/Form":
                    from_resources(xobject.get("/Resources"), depth + 1)

    for page in pdf.pages:
        from_resources(page.obj.get("/Resources"))
    return found


SHIPPED_FACE = (
    r"/[A-Z]{6}\+(IPAexGothic|BIZUDPGothic-Regular|BIZUDPGothic-Bold|NotoSans-Regular|NotoSans-Bold|WenQuanYiMicroHei)"
)


@every_kit
def test_every_font_is_an_embedded_truetype_subset(kits, name):
    """A shipped face (IPAexGothic, BIZ UDPGothic and its Bold; Noto Sans and WenQuanYi Micro Hei for other
    scripts), subset (`ABCDEF+` names) and embedded as
    TrueType outlines; every page has text;
    no standard font (reportlab's default Helvetica) is named anywhere, not even unused."""
    built, _again = kits.builds(name)
    for path in pdfs(built):
        with pikepdf.open(path) as pdf:
            fonts = _fonts_in(pdf)
            assert fonts, f"{path.name}: no fonts"
            for font in fonts:
                subtype, base = str(font.get("/Subtype")), str(font.get("/BaseFont", ""))
                assert subtype in ("/TrueType", "/Type0"), f"{path.name}: {subtype} font {base}"
                assert re.fullmatch(SHIPPED_FACE, base), f"{path.name}: {base} is not a subset of a shipped face"
                owner = font["/DescendantFonts"][0] if subtype == "/Type0" else font
                assert "/FontDescriptor" in owner, f"{path.name}: {base} has no descriptor (not embedded)"
                assert "/FontFile2" in owner["/FontDescriptor"], f"{path.name}: {base} is not embedded as TrueType"
            for n, page in enumerate(pdf.pages, start=1):
                assert page.obj.Resources.get("/Font"), f"{path.name} page {n}: no text"
            for obj in pdf.objects:
                if isinstance(obj, pikepdf.Dictionary) and "/BaseFont" in obj:
                    assert "Helvetica" not in str(obj["/BaseFont"]) and "Times" not in str(obj["/BaseFont"])


@every_kit
def test_pdffonts_agrees(kits, name):
    if shutil.which("pdffonts") is None:
        pytest.skip("pdffonts (poppler-utils) not installed")
    built, _again = kits.builds(name)
    for path in pdfs(built):
        run = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True)
        lines = run.stdout.splitlines()[2:]
        assert lines, path.name
        for line in lines:
            assert line.split()[-5] == "yes", f"{path.name}: not embedded: {line}"  # the emb column
            assert "Type 3" not in line


def drawn(page: pypdf.PageObject) -> tuple[bytes, tuple[tuple[str, bytes], ...]]:
    """What a PDF page draws: its content stream, and each Form XObject it names with the form's own stream;
    without the page number kit.pdf stamps over its own pages (`backends.pdf.stamped`: its page's stream between
    a `q` and the stamp's own stream)."""
    xobjects = page["/Resources"].get("/XObject")
    xobjects = xobjects.get_object() if xobjects is not None else {}
    forms = tuple(sorted((str(key), value.get_object().get_data()) for key, value in xobjects.items() if key != STAMP))
    contents = page["/Contents"].get_object()
    if isinstance(contents, pypdf.generic.ArrayObject) and STAMP in xobjects:
        streams = [part.get_object().get_data() for part in contents]
        assert len(streams) == 3 and streams[0] == b"q\n" and streams[2].endswith(f"{STAMP} Do Q\n".encode())
        return streams[1], forms
    return page.get_contents().get_data(), forms


@every_kit
def test_titles_and_one_bookmark_per_component(kits, name):
    """Each component PDF is titled and bookmarked once; kit.pdf holds the components in order, each with one
    bookmark at its first page (extra bookmarks only for the pages before them), and each component PDF's pages
    are kit.pdf's pages of that component: the same content streams, byte for byte (laid out and drawn once).
    Between two components only the book's blank pages may come (test_kit_book checks where they go)."""
    built, _again = kits.builds(name)
    kit = kits.loaded(name).kit
    for lang, parts in kits.layouts(name).items():
        book = pypdf.PdfReader(built / lang / "kit.pdf")
        book_pages = [drawn(page) for page in book.pages]
        assert book.metadata.title == kit.title.get(lang)
        outline = book.outline
        assert all(not isinstance(entry, list) for entry in outline)
        marks = [(entry.title, book.get_destination_page_number(entry)) for entry in outline]
        starts = []
        for slug, part in parts.items():
            reader = pypdf.PdfReader(built / lang / f"{slug}.pdf")
            assert reader.metadata.title == part.title and part.title.startswith(kit.title.get(lang)), (lang, slug)
            assert len(reader.outline) == 1 and reader.get_destination_page_number(reader.outline[0]) == 0
            assert [title for title, _ in marks].count(part.title) == 1, (part.title, marks)
            starts.append(dict(marks)[part.title])
        assert starts == sorted(starts)
        texts = page_texts(built / lang / "kit.pdf")
        note = tr("blank_page", lang)
        blank = [n for n, text in enumerate(texts) if " ".join(text.split()) in (note, f"{note} {n + 1}")]
        for start, following, part in zip(starts, starts[1:] + [len(book.pages)], parts.values()):
            own = [n for n in range(start, following) if n not in blank]  # blank backs may come between its pages
            assert len(own) == len(part.pages) and own[0] == start, (lang, part.slug, own)
            pages = [drawn(page) for page in pypdf.PdfReader(built / lang / f"{part.slug}.pdf").pages]
            assert pages == [book_pages[n] for n in own], (lang, part.slug)
        assert len(marks) - len(parts) <= starts[0], "extra bookmarks only for pages before the components"


@every_kit
def test_svgs_are_a4_and_drawn_in_the_shipped_font(kits, name):
    """Text is drawn as outlines of the kit's font (tests/test_svg_portable.py), so an SVG needs no font file;
    the build still ships the fonts, for `--svg-text live` and for anyone editing the art."""
    built, _again = kits.builds(name)
    loaded = kits.loaded(name)
    svgs = sorted(built.glob("*/*.svg"))
    assert svgs
    for path in svgs:
        family = font_files.for_kit(loaded.model, loaded.root, path.parent.name)[0].family()  # the edition's own
        root = ET.parse(path).getroot()
        assert root.tag == f"{SVG_NS}svg", path
        assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("210mm", "297mm", "0 0 210 297")
        assert list(root.iter(f"{SVG_NS}text")), path
        text = path.read_text(encoding="utf-8")
        assert f'data-font="{family.regular.label}"' in text and "@font-face" not in text, path
        font = family.file_name("regular", family.regular)  # ipaexg.ttf for the seed kits
        assert (path.parent / "../fonts" / font).resolve().is_file(), font


@every_kit
def test_two_builds_are_byte_identical(kits, name):
    """Built in this process and in a fresh interpreter with another hash seed: the same bytes, file for file."""
    first_dir, second_dir = kits.builds(name)
    first, second = files_under(first_dir), files_under(second_dir)
    assert [p.relative_to(first_dir) for p in first] == [p.relative_to(second_dir) for p in second]
    assert [p.relative_to(first_dir) for p, q in zip(first, second) if not filecmp.cmp(p, q, shallow=False)] == []
    assert any(p.suffix == ".pdf" for p in first)


@every_kit
def test_rendered_pages_leave_the_paper_edge_blank(kits, name, tmp_path):
    """Rasterise every page of kit.pdf and look at the outer 4.5 mm: it must be paper-white."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) not installed")
    built, _again = kits.builds(name)
    dpi = 50
    band = int(4.5 / 25.4 * dpi)
    langs = sorted(kits.layouts(name))
    runs = {  # both editions at once
        lang: subprocess.Popen(
            ["pdftoppm", "-r", str(dpi), "-gray", str(built / lang / "kit.pdf"), str(tmp_path / lang)]
        )
        for lang in langs
    }
    for lang, run in runs.items():
        assert run.wait(timeout=120) == 0
        pages = sorted(tmp_path.glob(f"{lang}-*.pgm"))
        assert len(pages) == len(pypdf.PdfReader(built / lang / "kit.pdf").pages)
        for path in pages:
            width, height, pixels = _read_pgm(path)
            assert abs(width - 210 / 25.4 * dpi) <= 1.5 and abs(height - 297 / 25.4 * dpi) <= 1.5
            assert min(pixels[: band * width]) >= 250 and min(pixels[(height - band) * width :]) >= 250, path.name
            for y in range(band, height - band):
                row = pixels[y * width : (y + 1) * width]
                assert min(row[:band]) >= 250 and min(row[-band:]) >= 250, f"{lang} {path.name}: ink at row {y}"


def _read_pgm(path: Path) -> tuple[int, int, bytes]:
    data = path.read_bytes()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos : pos + 1].isspace():
            pos += 1
        if data[pos : pos + 1] == b"#":
            pos = data.index(b"\n", pos)
            continue
        end = pos
        while not data[end : end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    assert fields[0] == b"P5" and int(fields[3]) == 255
    width, height = int(fields[1]), int(fields[2])
    return width, height, data[pos + 1 : pos + 1 + width * height]


@every_kit
def test_no_placeholder_or_icon_name_prints_literally(kits, name):
    """Every `{name}` in kit text becomes a number or an icon, on cards, sheets, rule pages and the kit book alike."""
    built, _again = kits.builds(name)
    kit = kits.loaded(name).kit
    for lang in kit.languages:
        text = pdf_text(built / lang / "kit.pdf", sep="")
        assert len(text) > 200, (lang, "the kit book has its words")
        assert not re.findall(r"\{[A-Za-z_][A-Za-z0-9_]*\}", text), (lang, re.findall(r".{0,30}\{\w+\}.{0,10}", text))
