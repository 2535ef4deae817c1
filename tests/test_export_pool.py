"""`pnpkit export png` on every core: the batches of a whole kit go to one pool, and the files are the bytes a
single process writes (the CLI test of `--jobs` in test_exports.py covers one deck, a batch or two)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CONTENT, files_under

from pnpkit.generator.exports import work
from pnpkit.generator.exports.plan import ExportOptions
from pnpkit.generator.exports.run import execute, prepare
from pnpkit.validator.kit import load_kit


def _export(out: Path, jobs: int) -> dict[str, bytes]:
    options = ExportOptions("png", out, ("en",), dpi=72)
    prepared = prepare([load_kit(CONTENT)], options)
    assert prepared.ok and len([b for plan in prepared.plans for b in plan.batches]) > 2 * jobs
    execute(prepared, jobs)
    return {str(p.relative_to(out)): p.read_bytes() for p in files_under(out)}


def test_a_whole_kit_drawn_on_two_processes_is_the_bytes_of_one(tmp_path, monkeypatch):
    monkeypatch.setattr(work, "BATCH_PIXELS", 2_000_000)  # many small batches: more than one round per worker
    serial = _export(tmp_path / "one", 1)
    parallel = _export(tmp_path / "two", 2)
    assert len(serial) > 40 and any(name.endswith(".png") for name in serial)
    assert serial.keys() == parallel.keys()
    assert [name for name in serial if serial[name] != parallel[name]] == []


@pytest.mark.parametrize("transparent", [False, True])
def test_a_rasterised_page_owns_its_pixels(transparent):
    """The image outlives PDFium's bitmap (the export writes it after the document is closed)."""
    from pnpkit.generator.backends import pdf
    from pnpkit.generator.exports.raster import rasterise
    from pnpkit.generator.scene import Document, Page, Rect, Style

    page = Page(20, 10, (Rect(0, 0, 10, 10, style=Style(fill="#ff0000")),))
    (image,) = rasterise(pdf.render(Document((page,), "t")), [(40, 20, transparent)])
    assert image.mode == ("RGBA" if transparent else "RGB")
    assert image.getpixel((5, 10))[:3] == (255, 0, 0) and image.getpixel((35, 10))[:3] == (255, 255, 255)
