"""`pnpkit build --pdfx`: every PDF it writes, kit.pdf included, is PDF/X-4 as a print shop's preflight reads it:
PDF 1.6, an sRGB output intent with the shipped profile embedded, a TrimBox and a BleedBox on every page, and
GTS_PDFXVersion in the document information and the XMP metadata."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from conftest import KITS, cli

from pnpkit.generator.pdfx import icc_profile, to_pdfx

KIT = KITS["moonlit-tricks"]


def _build(out: Path, *extra: str) -> list[Path]:
    done = cli("build", KIT, "-o", out, "--lang", "en", "--no-svg", *extra)
    assert done.returncode == 0, done.stdout + done.stderr
    pdfs = sorted(out.glob("*/en/*.pdf"))
    assert any(path.name == "kit.pdf" for path in pdfs) and len(pdfs) > 2
    return pdfs


def _box(page: pikepdf.Page, name: str) -> list[float]:
    return [float(v) for v in page.obj[name]]


@pytest.mark.parametrize("bleed", [None, "3"])
def test_every_pdf_written_with_pdfx_is_pdf_x4_with_an_output_intent_and_page_boxes(tmp_path, bleed):
    extra = ("--pdfx", *(("--bleed", bleed) if bleed else ()))
    for path in _build(tmp_path, *extra):
        with pikepdf.open(path) as pdf:
            assert pdf.pdf_version == "1.6", path.name
            (intent,) = pdf.Root.OutputIntents
            assert intent.S == pikepdf.Name.GTS_PDFX and str(intent.OutputConditionIdentifier)
            profile = intent.DestOutputProfile
            assert profile.read_bytes() == icc_profile() and int(profile.N) == 3
            assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-4" and pdf.docinfo.Trapped == pikepdf.Name.False_
            assert str(pdf.docinfo.Title)
            xmp = pdf.Root.Metadata.read_bytes().decode("utf-8")
            assert "<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>" in xmp
            with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
                assert meta["pdfxid:GTS_PDFXVersion"] == "PDF/X-4"
            for n, page in enumerate(pdf.pages):
                media, trim, bleed_box = _box(page, "/MediaBox"), _box(page, "/TrimBox"), _box(page, "/BleedBox")
                if bleed:  # the shop's trim lies inside the bleed, inside the sheet
                    assert media[0] <= bleed_box[0] < trim[0] and trim[2] < bleed_box[2] <= media[2], (path.name, n)
                    assert media[1] <= bleed_box[1] < trim[1] and trim[3] < bleed_box[3] <= media[3], (path.name, n)
                else:
                    assert trim == media and bleed_box == trim, (path.name, n)


def test_without_pdfx_the_pdfs_carry_no_output_intent(tmp_path):
    for path in _build(tmp_path):
        with pikepdf.open(path) as pdf:
            assert "/OutputIntents" not in pdf.Root and "/GTS_PDFXVersion" not in pdf.docinfo, path.name


def test_the_same_pdf_made_pdfx_twice_is_the_same_bytes(tmp_path):
    (kit_pdf,) = [path for path in _build(tmp_path) if path.name == "kit.pdf"]
    data = kit_pdf.read_bytes()
    assert to_pdfx(data) == to_pdfx(data)


def test_the_profile_ships_with_its_licence():
    folder = Path(__import__("pnpkit.generator.pdfx", fromlist=["x"]).__file__).parent / "assets" / "icc"
    licence = (folder / "LICENSE-sRGB.txt").read_text(encoding="utf-8")
    assert "zlib" in licence and "icc-profiles-free" in licence
    assert icc_profile()[36:40] == b"acsp" and icc_profile()[16:20] == b"RGB "
