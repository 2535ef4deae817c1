#!/usr/bin/env python3
"""The floor: W1's cards drawn with nothing but reportlab canvas calls, as a whole process.

    python3 bench/floor.py CARDS.json OUT.pdf

CARDS.json holds each card's title and its body already wrapped into lines
(by bench/whole.py, with pnpkit's own wrapping), so this script imports
nothing of pnpkit: it is as fast as pnpkit could hope to be with reportlab.
Fronts 9-up with cut guides, a sheet label and a scale bar; backs mirrored
for long-edge duplex, each a coloured card with a title.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT_FILE = Path(__file__).resolve().parent.parent / "generator" / "assets" / "fonts" / "ipaexg.ttf"
FONT = "IPAexGothic"
CARD_W, CARD_H = 63.0 * mm, 88.0 * mm
PAGE_W, PAGE_H = 210.0 * mm, 297.0 * mm
COLS = ROWS = 3
INK, MUTED, BACK, WHITE = HexColor("#222222"), HexColor("#666666"), HexColor("#3a3a48"), HexColor("#ffffff")


def furniture(c: Canvas, x0: float, top: float, label: str) -> None:
    """Cut guides on every shared edge, the sheet label and the 50 mm scale bar."""
    margin = 5 * mm
    c.setStrokeColor(HexColor("#555555"))
    c.setLineWidth(0.15 * mm)
    for col in range(COLS + 1):
        x = x0 + col * CARD_W
        c.line(x, PAGE_H - margin, x, PAGE_H - top + mm)
        c.line(x, top - mm, x, margin)
    for row in range(ROWS + 1):
        y = PAGE_H - top - row * CARD_H
        c.line(margin, y, x0 - mm, y)
        c.line(x0 + COLS * CARD_W + mm, y, PAGE_W - margin, y)
    c.setFillColor(MUTED)
    c.setFont(FONT, 7)
    c.drawString(x0 + 2 * mm, PAGE_H - (margin + top) / 2 - 1.2 * mm, label)
    c.setStrokeColor(INK)
    c.setLineWidth(0.2 * mm)
    bar_y = top - 5.5 * mm
    for k in range(5):
        c.setFillColor(INK if k % 2 == 0 else WHITE)
        c.rect(x0 + 2 * mm + k * 10 * mm, bar_y, 10 * mm, 2 * mm, stroke=1, fill=1)
    c.setFillColor(INK)
    c.setFont(FONT, 6)
    for k in range(6):
        c.drawCentredString(x0 + 2 * mm + k * 10 * mm, bar_y - 3 * mm, str(k * 10))
    c.drawString(x0 + 55 * mm, bar_y, "50 mm")
    c.drawRightString(x0 + COLS * CARD_W - 2 * mm, PAGE_H - (margin + top) / 2 - 1.2 * mm, "Print at 100 %")


def main(cards_file: str, out_file: str) -> None:
    cards = json.loads(Path(cards_file).read_text(encoding="utf-8"))
    pdfmetrics.registerFont(TTFont(FONT, str(FONT_FILE)))
    x0 = (PAGE_W - COLS * CARD_W) / 2
    top = (PAGE_H - ROWS * CARD_H) / 2
    c = Canvas(out_file, pagesize=(PAGE_W, PAGE_H), invariant=1, pageCompression=1)
    per_page = COLS * ROWS
    sheets = -(-len(cards) // per_page)
    for sheet in range(sheets):
        chunk = cards[sheet * per_page : (sheet + 1) * per_page]
        furniture(c, x0, top, f"Cards — fronts {sheet + 1}/{sheets}")
        for index, card in enumerate(chunk):
            row, col = divmod(index, COLS)
            left, upper = x0 + col * CARD_W, PAGE_H - top - row * CARD_H
            c.setStrokeColor(INK)
            c.setLineWidth(0.3 * mm)
            c.rect(left, upper - CARD_H, CARD_W, CARD_H, stroke=1, fill=0)
            c.setFillColor(INK)
            c.setFont(FONT, 12)
            c.drawString(left + 5 * mm, upper - 11 * mm, card["title"])
            c.setFont(FONT, 9)
            for k, line in enumerate(card["lines"]):
                c.drawString(left + 5 * mm, upper - (21 + k * 4.1) * mm, line)
        c.showPage()
        furniture(c, x0, top, f"Cards — backs {sheet + 1}/{sheets}")
        for index in range(len(chunk)):
            row, col = divmod(index, COLS)
            col = COLS - 1 - col  # mirrored for the long-edge flip
            left, upper = x0 + col * CARD_W, PAGE_H - top - row * CARD_H
            c.setFillColor(BACK)
            c.rect(left, upper - CARD_H, CARD_W, CARD_H, stroke=0, fill=1)
            c.setFillColor(WHITE)
            c.setFont(FONT, 13)
            c.drawCentredString(left + CARD_W / 2, upper - CARD_H / 2, "Cards")
        c.showPage()
    c.save()


if __name__ == "__main__":
    main(*sys.argv[1:3])
