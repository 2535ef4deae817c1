"""Pages and cards as PNGs, drawn the way they print: the scene through the PDF backend, rasterised by PDFium.

Each page or card gets a token from its content (the scene, the language and the kit's file fingerprint), so its
URL changes exactly when it looks different and the browser may keep it for ever. A render is kept by the same
key, so a rebuild that changed one card draws again only the pages that card is on.
"""

from __future__ import annotations

import io
import threading
from collections import OrderedDict
from dataclasses import dataclass

from ..cardmap import PlacedCard
from ..scene import Document, Page
from ..typeset import fonts
from ..typeset.fonts import FontSet

PAGE_SCALE = 2.0
"""PDF points to pixels for a page: an A4 page is 1190 px wide, sharp at the studio's zoom on a HiDPI screen."""
CARD_SCALE = 3.0
"""The same for a card of the gallery (a poker card is 536 px wide)."""
MAX_TOKENS = 4_000
MAX_RENDERS = 400
"""Renders kept (about 150 kB each): every page of a large kit and the gallery, and the pages before a change."""


@dataclass(frozen=True)
class Drawing:
    """What a token stands for: a page (or one card, upright) in a language, with its fonts."""

    lang: str
    page: Page
    fontset: FontSet
    scale: float


class Renders:
    """Tokens for the pages shown, and their PNGs, least recently used dropped first; thread-safe."""

    def __init__(self) -> None:
        self._tokens: OrderedDict[str, Drawing] = OrderedDict()
        self._pngs: OrderedDict[str, bytes] = OrderedDict()
        self._lock = threading.Lock()
        self._render_lock = threading.Lock()
        self.rendered = 0
        """PNGs drawn so far (tests and the bench count them)."""

    def register(self, stamp: str, lang: str, shown: Page | PlacedCard, fontset: FontSet, kind: str) -> str:
        """The token of a page (or a placed card, drawn upright on a page of its own)."""
        if isinstance(shown, PlacedCard):
            page = card_page(shown)
            scale = CARD_SCALE
        else:
            page, scale = shown, PAGE_SCALE
        token = f"{kind[0]}{hash((stamp, lang, page, scale)) & 0xFFFF_FFFF_FFFF_FFFF:016x}"
        with self._lock:
            if token in self._tokens:
                self._tokens.move_to_end(token)
            else:
                self._tokens[token] = Drawing(lang, page, fontset, scale)
                if len(self._tokens) > MAX_TOKENS:
                    self._tokens.popitem(last=False)
        return token

    def known(self, token: str) -> bool:
        return token in self._tokens

    def png(self, token: str) -> bytes | None:
        """The PNG of a token, drawn on first use; None for a token the studio never gave out (or long dropped)."""
        with self._lock:
            found = self._pngs.get(token)
            drawing = self._tokens.get(token)
            if found is not None:
                self._pngs.move_to_end(token)
                return found
        if drawing is None:
            return None
        with self._render_lock:  # reportlab's font registry and PDFium are not for two threads at once
            with self._lock:
                found = self._pngs.get(token)
            if found is None:
                found = draw_png(drawing.page, drawing.fontset, drawing.scale)
                self.rendered += 1
        with self._lock:
            self._pngs[token] = found
            if len(self._pngs) > MAX_RENDERS:
                self._pngs.popitem(last=False)
        return found


def card_page(placed: PlacedCard) -> Page:
    """One card upright on a page the size of its trim and bleed."""
    side = 2 * placed.bleed
    return Page(placed.width + side, placed.height + side, (placed.upright(),))


def draw_png(page: Page, fontset: FontSet, scale: float) -> bytes:
    """The page as the PDF backend writes it, rasterised by PDFium: what is shown is what prints."""
    import pypdfium2 as pdfium

    from ..backends import pdf

    with fonts.using(fontset):
        data = pdf.render(Document(pages=(page,), title="pnpkit studio"))
    document = pdfium.PdfDocument(data)
    try:
        bitmap = document[0].render(scale=scale, may_draw_forms=False)
        image = bitmap.to_pil()
    finally:
        document.close()
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1)  # a fast save: the page travels over the loopback, not the internet
    return out.getvalue()
