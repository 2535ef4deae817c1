"""Print-on-demand services: the card sizes each accepts, their bleed, and the files they take.

One table, read by `pnpkit export pod --service NAME` and by docs/exports.md.
Trims are the services' own (inches, as they publish them); pixel sizes
follow from trim + 2 × bleed at the service's dpi, rounded as every export
rounds: `round(mm / 25.4 × dpi)`.

Sources (checked when the table was written; services change their templates,
so check their upload page before a large order):

- The Game Crafter: PNG (or JPG) per card side, 300 dpi, 1/8 in bleed; poker
  is 825 × 1125 px (its poker template; Squib's default canvas is the same).
- MakePlayingCards: image per card side at 300 dpi with 36 px (0.12 in) bleed
  on each side; poker is 822 × 1122 px (trim 750 × 1050 px).
- DriveThruCards: one PDF per deck, one card per page at trim + 1/8 in bleed
  (poker: 2.75 × 3.75 in), each front followed by its back.
"""

from __future__ import annotations

from dataclasses import dataclass

INCH = 25.4
TOLERANCE = 0.03
"""A kit card within 3 % of a service size on both sides is fitted to it (see `Fit`); anything further is refused."""


@dataclass(frozen=True)
class CardSize:
    name: str
    width: float
    """Trim, portrait, in mm."""
    height: float
    bleed: float
    """On each side, in mm."""

    @property
    def label(self) -> str:
        return f"{self.name} {self.width:g} × {self.height:g} mm"


@dataclass(frozen=True)
class Service:
    key: str
    title: str
    file: str
    """"pdf": one PDF per deck; "png": one image per card side."""
    dpi: int
    sizes: tuple[CardSize, ...]
    order: str
    """How fronts and backs are arranged, in the service's words."""


def _inches(name: str, width: float, height: float, bleed: float) -> CardSize:
    return CardSize(name, round(width * INCH, 3), round(height * INCH, 3), round(bleed * INCH, 4))


_EIGHTH = 0.125
_MPC_BLEED = 36 / 300  # 36 px at 300 dpi on every side

SERVICES: dict[str, Service] = {
    "drivethrucards": Service(
        "drivethrucards",
        "DriveThruCards",
        "pdf",
        300,
        (
            _inches("poker", 2.5, 3.5, _EIGHTH),
            _inches("tarot", 2.75, 4.75, _EIGHTH),
        ),
        "one PDF per deck, one card per page at trim + bleed, each front followed by its back",
    ),
    "thegamecrafter": Service(
        "thegamecrafter",
        "The Game Crafter",
        "png",
        300,
        (
            _inches("poker", 2.5, 3.5, _EIGHTH),
            _inches("bridge", 2.25, 3.5, _EIGHTH),
            _inches("mini", 1.75, 2.5, _EIGHTH),
            _inches("tarot", 2.75, 4.75, _EIGHTH),
            _inches("square", 3.5, 3.5, _EIGHTH),
            _inches("jumbo", 3.5, 5.5, _EIGHTH),
        ),
        "one PNG per distinct front in fronts/, the shared back as back.png (or one per card in backs/), counts in cards.csv",
    ),
    "makeplayingcards": Service(
        "makeplayingcards",
        "MakePlayingCards",
        "png",
        300,
        (
            _inches("poker", 2.5, 3.5, _MPC_BLEED),
            _inches("bridge", 2.25, 3.5, _MPC_BLEED),
            _inches("mini", 1.75, 2.5, _MPC_BLEED),
            _inches("tarot", 2.75, 4.75, _MPC_BLEED),
        ),
        "one PNG per distinct front in fronts/, the shared back as back.png (or one per card in backs/), counts in cards.csv",
    ),
}


class PresetError(ValueError):
    """A deck's cards are a size the service does not print; the message names the sizes it offers."""


@dataclass(frozen=True)
class Fit:
    """How a kit card of `width` × `height` mm is placed on a service size.

    The rule: scale uniformly by `scale` = the larger of the two side ratios,
    so the card covers the service's trim; centre it; the card's background,
    laid out with enough bleed, fills the service's bleed. Whatever of the
    card's own edge falls outside the service trim is `overhang` mm on each
    side, across and down.
    """

    size: CardSize
    width: float
    height: float
    landscape: bool

    @property
    def trim(self) -> tuple[float, float]:
        """The service trim in the card's own orientation."""
        w, h = self.size.width, self.size.height
        return (h, w) if self.landscape else (w, h)

    @property
    def page(self) -> tuple[float, float]:
        w, h = self.trim
        return w + 2 * self.size.bleed, h + 2 * self.size.bleed

    @property
    def scale(self) -> float:
        w, h = self.trim
        return max(w / self.width, h / self.height)

    @property
    def overhang(self) -> tuple[float, float]:
        w, h = self.trim
        return (self.width * self.scale - w) / 2, (self.height * self.scale - h) / 2

    @property
    def exact(self) -> bool:
        w, h = self.trim
        return abs(w - self.width) < 0.01 and abs(h - self.height) < 0.01

    def bleed_needed(self) -> float:
        """The bleed the kit must be laid out with so the scaled card still covers the service's bleed."""
        ox, oy = self.overhang
        need = (self.size.bleed - min(ox, oy)) / self.scale
        return max(0.0, need)


def fit(service: Service, width: float, height: float) -> Fit:
    """The service size a `width` × `height` mm card is printed as; PresetError when it offers none close enough."""
    landscape = width > height
    short, long = sorted((width, height))
    best = None
    for size in service.sizes:
        a, b = sorted((size.width, size.height))
        off = max(abs(a - short) / a, abs(b - long) / b)
        if off <= TOLERANCE and (best is None or off < best[0]):
            best = (off, size)
    if best is None:
        offered = ", ".join(size.label for size in service.sizes)
        raise PresetError(
            f"{service.title} does not print {width:g} × {height:g} mm cards; it offers {offered}"
            f" (a card within {TOLERANCE:.0%} of one is fitted to it)"
        )
    return Fit(best[1], width, height, landscape)
