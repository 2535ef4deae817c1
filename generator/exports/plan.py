"""What an export is asked for, and the checks made before any pixel is drawn.

Every size is bounded up front: the resolution, each image's pixels and the
whole run's pixels. A request over a bound is a usage error naming the option
and what to do, raised before the first page is rasterised.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pnpkit.validator.components.printing import PrintSettings
from pnpkit.validator.findings import Finding

from ..games import Component
from .work import Batch, Edition

if TYPE_CHECKING:
    from PIL.Image import Image

    from .cards import Deck

KINDS = ("png", "pod", "tts")
DPI_MIN, DPI_MAX = 72, 1200
BLEED_MAX = 10.0
"""The largest bleed a kit may be laid out with (the print settings' own limit)."""
MAX_IMAGE_PIXELS = 40_000_000
"""One image: an A4 page at 600 dpi is 34.8 million pixels."""
MAX_RUN_PIXELS = 4_000_000_000
"""Everything one export rasterises, over all kits and languages: about 460 A4 pages at 300 dpi, a few minutes."""
TTS_MAX_SIDE = 4096
"""Tabletop Simulator loads no image larger than this on either side."""


class ExportUsageError(ValueError):
    """A request pnpkit will not carry out; the message is one line saying which option and what to do."""


class LayoutFailed(Exception):
    """Laying the kit out for the export met errors (text that does not fit, a glyph the font lacks)."""

    def __init__(self, findings: list[Finding]):
        super().__init__("layout errors")
        self.findings = findings


@dataclass(frozen=True)
class ExportOptions:
    kind: str
    out_dir: Path
    languages: tuple[str, ...] | None = None
    """None: every language the kit declares."""
    only: tuple[str, ...] = ()
    """Deck ids and component slugs to export; empty: everything."""
    dpi: int = 300
    bleed: float = 0.0
    service: str = ""
    base_url: str = ""
    jobs: int = 1

    @property
    def path(self) -> tuple[str, ...]:
        """The directory under DIR/<kit>/<lang>/ this export owns."""
        return (self.kind, self.service) if self.kind == "pod" else (self.kind,)


@dataclass(frozen=True)
class Selection:
    """What `--only` asked for: deck ids and component slugs (empty: everything)."""

    only: frozenset[str] = frozenset()

    def deck(self, deck: Deck) -> bool:
        return not self.only or deck.id in self.only or deck.component in self.only

    def component(self, part: Component) -> bool:
        return not self.only or part.slug in self.only


@dataclass
class KindPlan:
    """One edition's export of one kind: the batches workers run, then what the parent does with the results."""

    edition: Edition
    batches: list[Batch] = field(default_factory=list)
    finish: Callable[[list[Image | None]], None] | None = None
    """Called in the parent with every batch's results in order (images handed back, None for files written)."""
    pixels: int = 0
    """Pixels the parent makes itself (sheets), on top of the batches'."""
    notes: list[str] = field(default_factory=list)
    """One-line remarks for stderr (a deck fitted to a service size)."""

    @property
    def total_pixels(self) -> int:
        return self.pixels + sum(batch.pixels for batch in self.batches)


def settings(bleed: float, paper: str = "a4") -> PrintSettings:
    """Print settings for exports: every card with its back, upright, no ink saver, `bleed` mm around each card.

    The kit's own `print:` block sets only the paper: its duplex, layout, offsets and ink saver are for printing
    sheets at home, and an export wants every card's front and back drawn plainly.
    """
    return PrintSettings.model_validate({"paper": paper, "bleed": f"{bleed:.3f}mm", "duplex": "long", "layout": "nup"})


def layout(edition: Edition, bleed: float) -> list[Component]:
    """The edition's components laid out with `bleed`; LayoutFailed when that meets errors."""
    from ..build import layout_kit

    parts, findings = layout_kit(edition.loaded, edition.lang, settings(bleed, edition.loaded.model.print.paper))
    if any(f.is_error for f in findings):
        raise LayoutFailed(findings)
    return parts


def check_dpi(dpi: int) -> None:
    if not DPI_MIN <= dpi <= DPI_MAX:
        raise ExportUsageError(f"--dpi {dpi} is outside {DPI_MIN}–{DPI_MAX}; use e.g. --dpi 300")


def check_bleed(bleed: float) -> None:
    if not 0 <= bleed <= BLEED_MAX:
        raise ExportUsageError(f"--bleed {bleed:g} is outside 0–{BLEED_MAX:g} mm; print shops ask for 3")


def check_image(name: str, width: int, height: int, dpi: float) -> None:
    """One image over MAX_IMAGE_PIXELS is refused, naming the largest --dpi that fits."""
    if width * height > MAX_IMAGE_PIXELS:
        fits = int(dpi * math.sqrt(MAX_IMAGE_PIXELS / (width * height)))
        raise ExportUsageError(
            f"--dpi {dpi:g} makes {name} {width} × {height} px, over {MAX_IMAGE_PIXELS // 1_000_000} million pixels"
            f" per image; use --dpi {fits} or less, or --only to leave it out"
        )


def check_run(pixels: int, dpi: float | None) -> None:
    """The whole run over MAX_RUN_PIXELS is refused; `dpi` None: the resolution is not the user's to change."""
    if pixels > MAX_RUN_PIXELS:
        lower = f"--dpi {int(dpi * math.sqrt(MAX_RUN_PIXELS / pixels))} or less, or " if dpi else ""
        raise ExportUsageError(
            f"this export would rasterise {pixels / 1e9:.2f} billion pixels, over {MAX_RUN_PIXELS / 1e9:g} billion"
            f" per run; use {lower}fewer kits, languages or --only ids"
        )


def known_ids(parts: Sequence[Component], decks: Sequence[Deck]) -> set[str]:
    return {part.slug for part in parts} | {deck.id for deck in decks}


def deck_name(edition: Edition, deck_id: str) -> str:
    """The deck's name in the edition's language when the kit declares it, else its id."""
    for deck in getattr(edition.loaded.model, "decks", None) or ():
        if getattr(deck, "id", None) == deck_id:
            return deck.name.get(edition.lang) or deck_id
    return deck_id
