"""The work an export hands to worker processes: batches of pages to draw, rasterise and write.

A batch belongs to one edition (a kit in one language), because drawing needs
that edition's fonts. Its pages go into one PDF; each page becomes either an
image file in the staging directory or, when its output has no path, an image
handed back to the parent (Tabletop Simulator sheets are put together there).
A batch may instead write its pages as one PDF file (print-on-demand decks).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pnpkit.validator.kit import LoadedKit

from ..typeset import fonts
from .raster import Raster, jpeg_bytes, png_bytes, render, write

if TYPE_CHECKING:
    from PIL.Image import Image

BATCH_PIXELS = 24_000_000
"""Pages are drawn into one PDF until their bitmaps add up to this many pixels (about three A4 pages at 300 dpi)."""


@dataclass(frozen=True)
class Edition:
    """A kit in one language, and the staged directory its export of one kind writes into."""

    loaded: LoadedKit
    lang: str
    staged: Path


@dataclass(frozen=True)
class Output:
    paths: tuple[str, ...] = ()
    """Files to write the image to, relative to the edition's staged directory; none hands it back instead."""
    format: str = "png"
    """"png" or "jpeg"."""
    dpi: float = 0.0
    """Written into the file's header (0: none)."""


@dataclass(frozen=True)
class Batch:
    edition: Edition
    rasters: tuple[Raster, ...]
    outputs: tuple[Output, ...]
    pdf: str = ""
    """When set, the pages are written as one PDF at this relative path and nothing is rasterised."""
    title: str = "pnpkit export"

    @property
    def pixels(self) -> int:
        return 0 if self.pdf else sum(r.width * r.height for r in self.rasters)


def batches(edition: Edition, items: list[tuple[Raster, Output]]) -> list[Batch]:
    """Rasters cut into batches of about BATCH_PIXELS each, in order (so any --jobs gives the same files)."""
    out: list[Batch] = []
    current: list[tuple[Raster, Output]] = []
    size = 0
    for raster, output in items:
        if current and size + raster.width * raster.height > BATCH_PIXELS:
            out.append(_batch(edition, current))
            current, size = [], 0
        current.append((raster, output))
        size += raster.width * raster.height
    if current:
        out.append(_batch(edition, current))
    return out


def _batch(edition: Edition, items: list[tuple[Raster, Output]]) -> Batch:
    return Batch(edition, tuple(r for r, _ in items), tuple(o for _, o in items))


def run_batch(batch: Batch) -> list[Image | None]:
    """Draw, rasterise and write one batch (in a worker process); images without a path come back."""
    edition = batch.edition
    fontset = fonts.for_kit(edition.loaded.model, edition.loaded.root, edition.lang)[0]
    with fonts.using(fontset):
        if batch.pdf:
            from ..backends import pdf
            from ..scene import Document

            document = Document(tuple(r.page for r in batch.rasters), batch.title, "pnpkit", batch.title)
            write(edition.staged / batch.pdf, pdf.render(document))
            return []
        images = render(batch.rasters)
    kept: list[Image | None] = []
    for image, output in zip(images, batch.outputs):
        if not output.paths:
            kept.append(image)
            continue
        data = jpeg_bytes(image, output.dpi) if output.format == "jpeg" else png_bytes(image, output.dpi)
        for path in output.paths:
            write(edition.staged / path, data)
        kept.append(None)
    return kept
