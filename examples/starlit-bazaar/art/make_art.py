#!/usr/bin/env python3
"""Draws the example kit's art: pictures (PNG, JPEG, SVG), icons (SVG, PNG) and a logo.

No SVG holds text: a PDF must embed every font it uses, and pictures bring none.

    python3 examples/starlit-bazaar/art/make_art.py

Everything is generated from fixed seeds, so running it again gives the same
files. The art is the project's own and is dedicated to the public domain
(CC0 1.0, see LICENSE), so designers may copy it into their own kits.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

HERE = Path(__file__).resolve().parent
W, H = 720, 520  # 61 × 44 mm at 300 ppi


def sky(seed: int, top: tuple[int, int, int], bottom: tuple[int, int, int]) -> Image.Image:
    """A night sky: a vertical gradient with seeded stars."""
    rng = random.Random(seed)
    image = Image.new("RGB", (W, H))
    draw = ImageDraw.Draw(image)
    for y in range(H):
        t = y / (H - 1)
        draw.line([(0, y), (W, y)], fill=tuple(round(a + (b - a) * t) for a, b in zip(top, bottom)))
    for _ in range(140):
        x, y, r = rng.randrange(W), rng.randrange(H * 2 // 3), rng.choice((1, 1, 1, 2, 2, 3))
        draw.ellipse([x - r, y - r, x + r, y + r], fill=(255, 250, 220))
    return image


def hills(image: Image.Image, seed: int, colour: tuple[int, int, int], base: float) -> None:
    rng = random.Random(seed)
    draw = ImageDraw.Draw(image)
    phase, amp = rng.uniform(0, math.tau), rng.uniform(25, 55)
    points = [(x, H * base + amp * math.sin(x / 90 + phase) + 18 * math.sin(x / 31)) for x in range(0, W + 8, 8)]
    draw.polygon([(0, H), *points, (W, H)], fill=colour)


def market(image: Image.Image, seed: int) -> None:
    """Little stalls with glowing lanterns along the hills."""
    rng = random.Random(seed)
    glow = Image.new("RGBA", image.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(glow)
    for k in range(5):
        x = 60 + k * 140 + rng.randrange(-20, 20)
        y = int(H * 0.74) + rng.randrange(-10, 10)
        draw.rectangle([x - 34, y - 40, x + 34, y + 10], fill=(72, 40, 60, 255))
        draw.polygon([(x - 44, y - 40), (x, y - 78), (x + 44, y - 40)], fill=(160, 52, 70, 255))
        draw.ellipse([x - 12, y - 30, x + 12, y - 6], fill=(255, 196, 90, 255))
    halo = glow.filter(ImageFilter.GaussianBlur(6))
    image.paste(halo, (0, 0), halo)
    image.paste(glow, (0, 0), glow)


def moon(image: Image.Image, x: int, y: int, r: int) -> None:
    """A crescent: a disc with an offset disc cut out of its mask, so the sky shows through."""
    mask = Image.new("L", image.size, 0)
    draw = ImageDraw.Draw(mask)
    draw.ellipse([x - r, y - r, x + r, y + r], fill=255)
    draw.ellipse([x - r + r // 2, y - r - r // 5, x + r + r // 2, y + r - r // 5], fill=0)
    image.paste((250, 240, 200), (0, 0), mask)


def pictures() -> None:
    night = sky(1, (14, 18, 48), (70, 54, 110))
    moon(night, 560, 110, 48)
    hills(night, 2, (34, 40, 70), 0.72)
    market(night, 3)
    night.save(HERE / "night-market.png", optimize=True)

    dawn = sky(4, (40, 60, 120), (240, 170, 120))
    hills(dawn, 5, (90, 70, 100), 0.66)
    hills(dawn, 6, (50, 40, 70), 0.8)
    dawn.save(HERE / "dawn-road.jpg", quality=88, subsampling=0)

    (HERE / "lantern.svg").write_text(
        """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 90" width="120mm" height="90mm">
  <rect width="120" height="90" fill="#1d2040"/>
  <circle cx="60" cy="48" r="30" fill="#ffcf6b" fill-opacity="0.25"/>
  <path d="M60 8 v10" stroke="#d9b26a" stroke-width="2"/>
  <path d="M44 22 h32 l6 8 h-44 z" fill="#a8344a"/>
  <path d="M40 30 h40 q6 18 0 36 h-40 q-6 -18 0 -36 z" fill="#f2a93b"/>
  <path d="M46 30 q-3 18 0 36 M60 30 v36 M74 30 q3 18 0 36" stroke="#a8344a" stroke-width="1.6" fill="none"/>
  <path d="M44 66 h32 l-6 8 h-20 z" fill="#a8344a"/>
  <path d="M60 74 v8" stroke="#d9b26a" stroke-width="2"/>
</svg>
""",
        encoding="utf-8",
    )


def card_back() -> None:
    """A portrait night sky for a card's own back: 69 × 94 mm (a poker card and its bleed) at 300 ppi."""
    global W, H
    saved, (W, H) = (W, H), (815, 1110)
    back = sky(7, (10, 12, 36), (52, 40, 96))
    moon(back, 560, 260, 90)
    hills(back, 8, (30, 34, 62), 0.84)
    back.save(HERE / "night-back.png", optimize=True)
    W, H = saved


def icons() -> None:
    (HERE / "coin.svg").write_text(
        """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">
  <circle cx="12" cy="12" r="11" fill="#d9a521" stroke="#8a6510" stroke-width="1.5"/>
  <circle cx="12" cy="12" r="7" fill="none" stroke="#fbe59a" stroke-width="1.5"/>
  <path d="M12 7.5 v9 M9.5 10 h5" stroke="#8a6510" stroke-width="1.8" stroke-linecap="round"/>
</svg>
""",
        encoding="utf-8",
    )
    (HERE / "star.svg").write_text(
        """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">
  <path d="M12 1.5 l3.1 6.6 7.2 .9 -5.3 5 1.4 7.1 -6.4 -3.6 -6.4 3.6 1.4 -7.1 -5.3 -5 7.2 -.9 z" fill="#f0c23b" stroke="#9a7412" stroke-width="1"/>
</svg>
""",
        encoding="utf-8",
    )
    gem = Image.new("RGBA", (96, 96), (0, 0, 0, 0))
    draw = ImageDraw.Draw(gem)
    draw.polygon([(48, 6), (88, 36), (48, 90), (8, 36)], fill=(70, 160, 200, 255), outline=(20, 70, 110, 255))
    draw.polygon([(48, 6), (64, 36), (32, 36)], fill=(160, 220, 240, 255))
    draw.line([(8, 36), (88, 36)], fill=(20, 70, 110, 255), width=3)
    gem.save(HERE / "gem.png", optimize=True)


def logo() -> None:
    (HERE / "logo.svg").write_text(
        """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 20" width="60" height="20">
  <path d="M10 2 l2.3 5 5.4 .6 -4 3.7 1.1 5.3 -4.8 -2.7 -4.8 2.7 1.1 -5.3 -4 -3.7 5.4 -.6 z" fill="#f0c23b"/>
  <path d="M24 6 h30 M24 10 h22 M24 14 h26" stroke="#f6efdc" stroke-width="2" stroke-linecap="round"/>
</svg>
""",
        encoding="utf-8",
    )


if __name__ == "__main__":
    pictures()
    card_back()
    icons()
    logo()
