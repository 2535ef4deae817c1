"""Print settings: paper, bleed, duplex, marks and imposition, from `print:` in kit.yaml.

The command line may override each of them; the same model checks both, so an
impossible combination is refused wherever it comes from.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, model_validator

from ..types import StrictModel, written_as

_SIGNED = re.compile(r"^\s*([-+]?[0-9]+(?:\.[0-9]+)?)\s*mm\s*$")
SIGNED_MM_PATTERN = r"^\s*[-+]?[0-9]+(?:\.[0-9]+)?\s*mm\s*$"
"""What `_signed_mm` reads, for JSON Schema: millimetres, perhaps with a sign."""


def _signed_mm(value: Any) -> Any:
    """`"-0.5mm"` → -0.5. Offsets may be negative; they are always in millimetres."""
    if isinstance(value, str):
        match = _SIGNED.match(value)
        if not match:
            raise ValueError(f"{value!r} is not an offset; write millimetres such as '0.5mm' or '-1mm'")
        return float(match.group(1))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        raise ValueError(f"{value} has no unit; write e.g. '{value}mm'")
    return value


SignedMM = Annotated[
    float,
    BeforeValidator(_signed_mm),
    Field(ge=-10, le=10, description="Millimetres from -10mm to 10mm, e.g. '-0.5mm'."),
    written_as(SIGNED_MM_PATTERN, "0.5mm", "-1mm"),
]
BleedMM = Annotated[
    float,
    BeforeValidator(_signed_mm),
    Field(ge=0, le=10, description="Bleed around every card, in mm: from '0mm' to '10mm', e.g. '3mm'."),
    written_as(r"^\s*\+?[0-9]+(?:\.[0-9]+)?\s*mm\s*$", "3mm"),
]
GutterMM = Annotated[
    float,
    BeforeValidator(_signed_mm),
    Field(ge=0, le=10, description="Space between cards on home sheets, in mm: from '0mm' to '10mm', e.g. '2mm'."),
    written_as(r"^\s*\+?[0-9]+(?:\.[0-9]+)?\s*mm\s*$", "2mm"),
]
HOME_GUTTER = 2.0
"""The default gap between cards on home sheets: each card's colour fills its half (1 mm), so a cut up to
1 mm off shows only that card's colour, never its neighbour's; the most that keeps poker cards 9-up on A4
with cut guides beside the grid and the notes above and below it."""


PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PRINTABLE_INSET = 5.5
"""The hard 5 mm no-ink margin plus room for a cut guide."""


def card_fits(width: float, height: float, paper: str, bleed: float) -> bool:
    """Whether one card with its bleed fits inside the printable area, either way round."""
    paper_w, paper_h = PAPER_MM[paper]
    room_w, room_h = paper_w - 2 * PRINTABLE_INSET, paper_h - 2 * PRINTABLE_INSET
    w, h = width + 2 * bleed, height + 2 * bleed
    return (w <= room_w and h <= room_h) or (h <= room_w and w <= room_h)


class PrintSettings(StrictModel):
    paper: Literal["a4", "letter"] = "a4"
    """The paper size: a4 or letter."""
    bleed: BleedMM = 0.0
    """Bleed around every card for a print shop's cutting, e.g. '3mm'; '0mm' (none) at home."""
    gutter: GutterMM = HOME_GUTTER
    """Space between cards on home sheets (without bleed), e.g. '2mm': each card's own colour fills the half
    next to it, so a slightly missed cut shows that card's colour, not its neighbour's; '0mm' puts the cards
    edge to edge. With bleed every card has its own bleed instead, and the gutter is not used."""
    duplex: Literal["long", "short", "none"] | None = Field(None, description="Default: long for n-up sheets.")
    back_offset: list[SignedMM] = Field(default_factory=lambda: [0.0, 0.0], min_length=2, max_length=2)
    """[x, y] shift of the backs only, to correct a printer's duplex misalignment, e.g. ['0.5mm', '-1mm']."""
    layout: Literal["nup", "gutterfold"] = "nup"
    """nup: cards side by side, backs on the reverse; gutterfold: fronts and backs side by side, folded along the
    middle."""
    marks: Literal["crop", "guides", "none"] | None = Field(
        None, description="Default: guides at home, crop marks with bleed."
    )
    ink_saver: bool = False
    """Print light versions of large coloured areas, to save ink at home."""
    pdfx: bool = False
    """Write PDF/X-4 files for a print shop: an sRGB output intent, a TrimBox and BleedBox on every page, PDF 1.6."""

    @model_validator(mode="after")
    def _consistent(self) -> PrintSettings:
        if self.layout == "gutterfold":
            if self.duplex in ("long", "short"):
                raise ValueError(
                    "gutterfold prints fronts and backs side by side on one side of the paper; drop the duplex setting"
                )
            if self.bleed:
                raise ValueError("gutterfold is for home printing and has no bleed; use layout nup for a print shop")
            if any(self.back_offset):
                raise ValueError("gutterfold has no separately printed backs to offset; drop back_offset")
        if self.bleed and self.marks == "guides":
            raise ValueError(
                "cut guides are for home sheets; a print shop trims a run with bleed at crop marks: use crop marks"
            )
        if self.duplex == "none" and any(self.back_offset):
            raise ValueError("back_offset moves duplex backs, but duplex is none")
        return self

    @property
    def duplex_mode(self) -> str:
        if self.duplex is not None:
            return self.duplex
        return "none" if self.layout == "gutterfold" else "long"

    @property
    def card_bleed(self) -> float:
        """How far each card's colour runs past its trim: the print shop's bleed, or at home half the gutter."""
        return self.bleed if self.bleed else self.gutter / 2

    @property
    def marks_mode(self) -> str:
        if self.marks is not None:
            return self.marks
        return "crop" if self.bleed else "guides"
