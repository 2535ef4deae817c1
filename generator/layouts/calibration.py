"""The duplex calibration sheet: a front with graded scales, a back with reference lines.

Held to the light, each back line crosses its front scale at the number to
pass as `--back-offset`: how far to move the backs, right and down as one looks
at the back. The scales are labelled with that correction already, for the
chosen flip, so nobody has to work out signs. `pnpkit calibrate` writes it for a
designer; the kit book carries it for a buyer, whose steps speak of the printer's
own setting instead of a command.
"""

from __future__ import annotations

from ..i18n import tr
from ..scene import Group, Item, Line, Page, Rect, Style, Text
from ..typeset.text import TextBox
from ..units import MM_PER_PT
from .context import INK, LayoutContext, scale_bar

RANGE = 5.0  # mm either way
STEP = 0.5
BACK = "#d0021b"
TICKS = Style(stroke=INK, width=0.15)


def _spots(ctx: LayoutContext) -> list[tuple[float, float]]:
    w, h = ctx.paper.width, ctx.paper.height
    return [(w / 2, h / 2 + 25), (45.0, 80.0), (w - 45.0, 80.0), (45.0, h - 45.0), (w - 45.0, h - 45.0)]


LABEL_PT = 7.0
"""The scale numbers: above the readable floor, and staggered so neighbours never touch."""
ROLE = "scale-number"


def _label(value: float) -> str:
    return f"{value:+g}" if value else "0"


def _x_scale(cx: float, cy: float, sign: int) -> list[Item]:
    """Horizontal scale centred on (cx, cy); tick k mm right of centre is labelled sign × k.

    The numbers every 2 mm alternate above the ticks (0, ±4) and below the scale line (±2), so each
    row has 4 mm per number: room for a 7 pt label.
    """
    items: list[Item] = [Line(cx - RANGE, cy, cx + RANGE, cy, style=TICKS, role="scale")]
    steps = int(RANGE / STEP)
    for i in range(-steps, steps + 1):
        k = i * STEP
        long = i % 2 == 0
        items.append(Line(cx + k, cy - (3.0 if long else 1.8), cx + k, cy, style=TICKS))
        if long and i % 4 == 0:
            above = i % 8 == 0
            y = cy - 4.0 if above else cy + 3.2
            if not above:  # a short tick below the line leads the eye to the number
                items.append(Line(cx + k, cy, cx + k, cy + 0.8, style=TICKS))
            bold = i == 0
            items.append(Text(cx + k, y, _label(sign * k), LABEL_PT, colour=INK, anchor="middle", bold=bold, role=ROLE))
    return items


def _y_scale(cx: float, cy: float, sign: int) -> list[Item]:
    """Vertical scale centred on (cx, cy), ticks to the right; 0 and ±4 are labelled right of the ticks,
    ±2 left of the scale line, so each column has 4 mm per number."""
    items: list[Item] = [Line(cx, cy - RANGE, cx, cy + RANGE, style=TICKS, role="scale")]
    steps = int(RANGE / STEP)
    middle = 0.36 * LABEL_PT * MM_PER_PT  # from the baseline to the middle of a digit
    for i in range(-steps, steps + 1):
        k = i * STEP
        long = i % 2 == 0
        items.append(Line(cx, cy + k, cx + (3.0 if long else 1.8), cy + k, style=TICKS))
        if long and i % 4 == 0:
            value = _label(sign * k)
            if i % 8 == 0:
                items.append(Text(cx + 3.8, cy + k + middle, value, LABEL_PT, colour=INK, bold=i == 0, role=ROLE))
            else:
                items.append(Line(cx - 0.8, cy + k, cx, cy + k, style=TICKS))
                items.append(Text(cx - 1.3, cy + k + middle, value, LABEL_PT, colour=INK, anchor="end", role=ROLE))
    return items


def _grid(cx: float, cy: float, colour: str, width: float) -> list[Item]:
    """A 30 mm grid of 5 mm squares: on the light table the two grids should coincide."""
    style = Style(stroke=colour, width=width)
    items: list[Item] = []
    for i in range(7):
        d = -15.0 + i * 5.0
        items.append(Line(cx + d, cy - 15.0, cx + d, cy + 15.0, style=style))
        items.append(Line(cx - 15.0, cy + d, cx + 15.0, cy + d, style=style))
    return items


STEPS_BOTTOM = 64.0
"""The steps end above the top corners' scales (their numbers start at 68 mm)."""


def calibration_pages(ctx: LayoutContext, duplex: str, *, buyer: bool = False) -> list[Page]:
    """The front and the back. `buyer`: the kit book's sheet, whose steps say what to do with the readings
    without pnpkit (the printer's back-side adjustment, or the print shop), not which option to pass.

    The reference marks on the back move by the print settings' back offset, as the card backs do: a kit
    built with an offset is measured as its cards print, so the readings are what is left to correct."""
    w, h = ctx.paper.width, ctx.paper.height
    m = ctx.margin
    x_sign, y_sign = (1, -1) if duplex == "long" else (-1, 1)
    front: list[Item] = [
        Text(m, m + 6, tr("calibration_title", ctx.lang), 15, colour=INK, bold=True),
        Text(w - m, m + 6, tr("calibration_front", ctx.lang), 10, colour=INK, anchor="end"),
    ]
    steps = tr("calibration_steps_kit" if buyer else "calibration_steps", ctx.lang, edge=tr(duplex, ctx.lang))
    box = TextBox(m, m + 10, w - 2 * m, STEPS_BOTTOM - m - 10, colour=INK)
    front += ctx.fitted(steps.replace("|", "\n"), box, 8.5, 7, label="calibration steps")
    back: list[Item] = []
    for cx, cy in _spots(ctx):
        # x scale above the spot, y scale to its right; the back draws the reference lines behind them
        front += _x_scale(cx, cy - 8, x_sign) + _y_scale(cx + 8, cy, y_sign)
        front.append(Rect(cx - 1.0, cy - 1.0, 2.0, 2.0, style=Style(fill=INK)))
        bx, by = (w - cx, cy) if duplex == "long" else (cx, h - cy)
        bx_scale = w - cx if duplex == "long" else cx
        by_scale = cy if duplex == "long" else h - cy
        x_line_x = bx_scale  # behind the x scale's zero
        y_line_y = by_scale  # behind the y scale's zero
        x_scale_y = (cy - 8) if duplex == "long" else h - (cy - 8)
        y_scale_x = (w - (cx + 8)) if duplex == "long" else cx + 8
        back.append(
            Line(
                x_line_x,
                x_scale_y - 5.0,
                x_line_x,
                x_scale_y + 2.0,
                style=Style(stroke=BACK, width=0.25),
                role="reference",
            )
        )
        back.append(
            Line(
                y_scale_x - 2.0,
                y_line_y,
                y_scale_x + 5.0,
                y_line_y,
                style=Style(stroke=BACK, width=0.25),
                role="reference",
            )
        )
        back.append(Rect(bx - 1.0, by - 1.0, 2.0, 2.0, style=Style(fill=BACK)))
    centre = _spots(ctx)[0]
    front += _grid(centre[0], centre[1] + 30, INK, 0.15)
    back_centre = (w - centre[0], centre[1] + 30) if duplex == "long" else (centre[0], h - centre[1] - 30)
    back += _grid(back_centre[0], back_centre[1], BACK, 0.25)
    off_x, off_y = ctx.settings.back_offset
    if off_x or off_y:
        back = [Group(tuple(back), dx=off_x, dy=off_y)]
    back.append(Text(w - m, m + 6, tr("calibration_back", ctx.lang), 10, colour=BACK, anchor="end"))
    front += scale_bar(m, h - m - 6.0, ctx.lang)
    back += scale_bar(m, h - m - 6.0, ctx.lang)
    return [
        Page(w, h, tuple(front), tr("calibration_front", ctx.lang)),
        Page(w, h, tuple(back), tr("calibration_back", ctx.lang)),
    ]
