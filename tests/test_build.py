"""The built Element Shift kit, checked as a printer would see it: pages, fonts, text, outlines, bytes."""

from __future__ import annotations

import filecmp
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pikepdf
import pypdf
import pytest
from conftest import BAD, COMPONENTS, CONTENT, KIT_ID, LANGS, cli, files_under, make_bad_kit

A4_PT = (595.276, 841.890)
SVG_NS = "{http://www.w3.org/2000/svg}"


def page_count(path: Path) -> int:
    return len(pypdf.PdfReader(path).pages)


def text_of(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in pypdf.PdfReader(path).pages)


def test_every_component_is_built_in_every_language(built_kit):
    for lang in LANGS:
        names = {p.name for p in (built_kit / lang).glob("*.pdf")}
        assert names == {f"{c}.pdf" for c in COMPONENTS} | {"kit.pdf"}
    assert (built_kit / "fonts" / "ipaexg.ttf").is_file()
    assert (built_kit / "fonts" / "IPA_Font_License_Agreement_v1.0.txt").is_file()


def test_every_page_is_exactly_a4(pdfs):
    for path in pdfs:
        reader = pypdf.PdfReader(path)
        assert len(reader.pages) >= 1
        for n, page in enumerate(reader.pages):
            box = page.mediabox
            assert float(box.left) == pytest.approx(0, abs=0.01) and float(box.bottom) == pytest.approx(0, abs=0.01)
            size = (float(box.width), float(box.height))
            assert size == pytest.approx(A4_PT, abs=0.01), f"{path.name} page {n + 1}: {size}"
            assert page.get("/Rotate", 0) == 0
            cropped = page.cropbox
            assert (float(cropped.width), float(cropped.height)) == pytest.approx(A4_PT, abs=0.01)


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


def test_every_font_is_embedded(pdfs):
    for path in pdfs:
        with pikepdf.open(path) as pdf:
            fonts = _fonts_in(pdf)
            assert fonts, f"{path.name}: no fonts"
            for font in fonts:
                subtype = str(font.get("/Subtype"))
                name = str(font.get("/BaseFont", ""))
                assert subtype != "/Type3", f"{path.name}: Type3 font {name}"
                assert "Helvetica" not in name, f"{path.name}: {name}"
                descriptor_owner = font["/DescendantFonts"][0] if subtype == "/Type0" else font
                assert "/FontDescriptor" in descriptor_owner, f"{path.name}: {name} has no descriptor (not embedded)"
                descriptor = descriptor_owner["/FontDescriptor"]
                assert "/FontFile2" in descriptor or "/FontFile3" in descriptor, f"{path.name}: {name} is not embedded"
                assert "IPAexGothic" in name


def test_no_standard_font_is_named_anywhere(pdfs):
    """reportlab's default Helvetica must not sneak in, not even unused in a resource dictionary."""
    for path in pdfs:
        with pikepdf.open(path) as pdf:
            for obj in pdf.objects:
                if isinstance(obj, pikepdf.Dictionary) and "/BaseFont" in obj:
                    assert "Helvetica" not in str(obj["/BaseFont"]) and "Times" not in str(obj["/BaseFont"])


def test_pdffonts_agrees(pdfs):
    if shutil.which("pdffonts") is None:
        pytest.skip("pdffonts (poppler-utils) not installed")
    for path in pdfs:
        lines = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout.splitlines()[
            2:
        ]
        assert lines, path.name
        for line in lines:
            fields = line.split()
            assert fields[-5] == "yes", f"{path.name}: not embedded: {line}"  # emb column
            assert "Type 3" not in line


def test_titles_are_set(built_kit, loaded_kit):
    kit = loaded_kit.kit
    for lang in LANGS:
        title = kit.title.get(lang)
        for path in (built_kit / lang).glob("*.pdf"):
            meta = pypdf.PdfReader(path).metadata
            assert meta is not None and meta.title, path
            assert meta.title.startswith(title), (path, meta.title)
        assert pypdf.PdfReader(built_kit / lang / "kit.pdf").metadata.title == title


def test_rules_text_is_extractable(built_kit):
    ja = text_of(built_kit / "ja" / "rules.pdf")
    assert "蒸気爆発" in ja and "ファイアストーム" in ja
    en = text_of(built_kit / "en" / "rules.pdf")
    assert "Steam Explosion" in en
    assert "蒸気爆発" not in en


def test_rules_fill_placeholders_from_the_model(built_kit, loaded_kit):
    params = loaded_kit.kit.parameters
    en = " ".join(text_of(built_kit / "en" / "rules.pdf").split())
    assert f"takes {params.tokens_per_player} tokens" in en
    assert "{" not in en and "}" not in en


def test_cards_carry_every_combo_name(built_kit, loaded_kit):
    for lang in LANGS:
        fronts = pypdf.PdfReader(built_kit / lang / "cards.pdf").pages[0::2]  # backs carry no names
        text = "".join(page.extract_text() or "" for page in fronts).replace("\n", "")
        for combo in loaded_kit.kit.combos:
            assert combo.name.get(lang) in text, (lang, combo.id)


def test_kit_pdf_has_one_bookmark_per_component(built_kit):
    """Each component's pages appear in kit.pdf in order, each with one bookmark at its first page."""
    for lang in LANGS:
        reader = pypdf.PdfReader(built_kit / lang / "kit.pdf")
        outline = reader.outline
        assert all(not isinstance(entry, list) for entry in outline)
        marks = [(entry.title, reader.get_destination_page_number(entry)) for entry in outline]
        parts = [pypdf.PdfReader(built_kit / lang / f"{c}.pdf") for c in COMPONENTS]
        titles = [part.metadata.title for part in parts]
        assert len(set(titles)) == len(COMPONENTS)
        for title in titles:
            assert [t for t, _ in marks].count(title) == 1, (title, marks)
        starts = [dict(marks)[title] for title in titles]
        assert starts == sorted(starts)
        for start, nxt, part in zip(starts, starts[1:] + [len(reader.pages)], parts):
            assert nxt - start == len(part.pages)
        assert len(marks) - len(COMPONENTS) <= starts[0], "extra bookmarks only for pages before the components"


def test_each_component_pdf_has_one_bookmark(built_kit):
    for lang in LANGS:
        for component in COMPONENTS:
            reader = pypdf.PdfReader(built_kit / lang / f"{component}.pdf")
            assert len(reader.outline) == 1
            assert reader.get_destination_page_number(reader.outline[0]) == 0


def test_card_sheets_are_fronts_then_backs(built_kit):
    for lang in LANGS:
        assert page_count(built_kit / lang / "cards.pdf") % 2 == 0


def test_card_count_matches_the_decks(built_kit, loaded_kit):
    """9 poker cards per sheet: 40 element + 7 event + 9 combo cards need 5 + 1 + 1 sheets, each with a back."""
    kit = loaded_kit.kit
    sheets = 0
    for deck in kit.decks:
        count = sum(c.count for c in deck.cards) if deck.cards else len(getattr(kit, deck.source))
        sheets += -(-count // 9)
    for lang in LANGS:
        assert page_count(built_kit / lang / "cards.pdf") == 2 * sheets


def test_one_svg_per_page(built_kit):
    for lang in LANGS:
        for component in COMPONENTS:
            pages = page_count(built_kit / lang / f"{component}.pdf")
            svgs = sorted((built_kit / lang).glob(f"{component}*.svg"))
            if pages == 1:
                assert [p.name for p in svgs] == [f"{component}.svg"]
            else:
                assert [p.name for p in svgs] == [f"{component}-{n:02d}.svg" for n in range(1, pages + 1)]


def test_svgs_parse_with_an_a4_svg_root(built_kit):
    svgs = sorted(built_kit.glob("*/*.svg"))
    assert svgs
    for path in svgs:
        root = ET.parse(path).getroot()
        assert root.tag == f"{SVG_NS}svg", path
        assert root.get("width") == "210mm" and root.get("height") == "297mm", path
        assert root.get("viewBox") == "0 0 210 297"
        texts = [t for t in root.iter(f"{SVG_NS}text")]
        assert texts, path


def test_svgs_point_at_the_shipped_font(built_kit):
    svg = (built_kit / "ja" / "board.svg").read_text(encoding="utf-8")
    assert "../fonts/ipaexg.ttf" in svg
    assert (built_kit / "ja" / "../fonts/ipaexg.ttf").resolve().is_file()


def test_second_build_is_byte_identical(two_builds):
    """Two builds in two interpreters (different hash seeds) give the same bytes, file for file."""
    first_dir, second_dir = two_builds
    first, second = files_under(first_dir), files_under(second_dir)
    assert [p.relative_to(first_dir) for p in first] == [p.relative_to(second_dir) for p in second]
    different = [p.relative_to(first_dir) for p, q in zip(first, second) if not filecmp.cmp(p, q, shallow=False)]
    assert different == []
    assert sum(p.suffix == ".pdf" for p in first) == len(LANGS) * (len(COMPONENTS) + 1)


def test_rebuild_replaces_own_output_and_keeps_other_files(built_kit, tmp_path):
    out = tmp_path / "output"
    shutil.copytree(built_kit, out / KIT_ID)
    readme = out / "README.md"
    readme.write_text("# output/\nthe user's notes\n")
    stale = out / KIT_ID / "ja" / "cards-99.svg"
    stale.write_text("<svg/>")
    result = cli("build", CONTENT, "-o", out, "--lang", "ja", "--no-svg")
    assert result.returncode == 0, result.stderr
    assert readme.read_text() == "# output/\nthe user's notes\n"
    assert not stale.exists()
    assert not list((out / KIT_ID / "ja").glob("*.svg"))
    assert (out / KIT_ID / "ja" / "kit.pdf").is_file()
    assert (out / KIT_ID / "en" / "kit.pdf").is_file()  # the other language is left alone
    assert sorted(p.name for p in out.iterdir()) == sorted(["README.md", KIT_ID])  # no staging directory left behind


def test_refuses_to_replace_a_directory_it_did_not_make(tmp_path):
    out = tmp_path / "out"
    mine = out / KIT_ID / "ja" / "my-notes.txt"
    mine.parent.mkdir(parents=True)
    mine.write_text("do not touch\n")
    result = cli("build", CONTENT, "-o", out)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert str(out / KIT_ID / "ja") in result.stderr
    assert mine.read_text() == "do not touch\n"
    assert files_under(out) == [mine]


def test_failed_build_leaves_the_previous_output_alone(built_kit, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(built_kit, out / KIT_ID)
    before = {p: p.read_bytes() for p in files_under(out)}
    result = cli("build", BAD / "card-count", "-o", out)
    assert result.returncode == 1
    assert {p: p.read_bytes() for p in files_under(out)} == before


def test_multi_kit_build_with_a_layout_error_writes_nothing(tmp_path):
    second = make_bad_kit(
        tmp_path,
        [
            ("kit.yaml", "id: element-shift", "id: second-kit"),
            ("combos.yaml", "name: {ja: 氷嵐, en: Ice Storm}", "name: {ja: 氷嵐, en: " + "Ice Storm " * 12 + "}"),
        ],
    )
    out = tmp_path / "out"
    result = cli("build", CONTENT, second, "-o", out, "--no-svg", "--lang", "en")
    assert result.returncode == 1
    assert "PK309" in result.stderr
    assert files_under(out) == []


def test_rendered_pages_leave_the_paper_edge_blank(built_kit, tmp_path):
    """Rasterise every page and look at the outer 4.5 mm: it must be paper-white."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) not installed")
    dpi = 50
    band = int(4.5 / 25.4 * dpi)
    for lang in LANGS:
        prefix = tmp_path / lang
        subprocess.run(
            ["pdftoppm", "-r", str(dpi), "-gray", str(built_kit / lang / "kit.pdf"), str(prefix)], check=True
        )
        pages = sorted(tmp_path.glob(f"{lang}-*.pgm"))
        assert len(pages) == page_count(built_kit / lang / "kit.pdf")
        for path in pages:
            width, height, pixels = _read_pgm(path)
            assert abs(width - 210 / 25.4 * dpi) <= 1.5 and abs(height - 297 / 25.4 * dpi) <= 1.5
            for y in range(height):
                row = pixels[y * width : (y + 1) * width]
                edge = row if y < band or y >= height - band else row[:band] + row[-band:]
                assert min(edge) >= 250, f"{lang} {path.name}: ink at row {y}"


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
