"""Parts of a card face that more than one game draws the same way: the coloured frame round a cream
panel, an effect paragraph set by its script's rules, and the badge that says how long an effect lasts.

Shogi + TCG and Element Shift frame their cards alike; keeping the parts here keeps them alike.
"""

from __future__ import annotations

from pnpkit.validator.components.rules import Duration

from ..colour import INK, WHITE
from ..i18n import duration_text, tr
from ..icons.markers import marker_icon
from ..scene import Box, Item, Rect, Style, Text
from ..typeset import fonts
from ..typeset.text import TextBox
from .context import LayoutContext, floor_pt, readable
from .tokens import token

PANEL = "#fffaf2"
"""The cream panel inside a card's coloured frame."""


def panel_frame(w: float, h: float, colour: str) -> list[Item]:
    """The card in `colour` with a cream panel 3 mm inside its edge."""
    return [Rect(0, 0, w, h, style=Style(fill=colour)), Rect(3, 3, w - 6, h - 6, style=Style(fill=PANEL), radius=2.5)]


def band(w: float, height: float, colour: str) -> list[Item]:
    """A band `height` mm tall across the top of the panel, rounded at the top like the panel and square below.
    It reaches BAND_GROW past the panel's edge, so no hairline of the cream panel shows round it where a
    renderer smooths the two edges that would otherwise meet."""
    grow = BAND_GROW
    return [
        Rect(3 - grow, 3 - grow, w - 6 + 2 * grow, height + grow, style=Style(fill=colour), radius=2.5 + grow),
        Rect(3 - grow, 3 + height / 2, w - 6 + 2 * grow, height / 2, style=Style(fill=colour)),
    ]


BAND_GROW = 0.4


def title_band(ctx: LayoutContext, w: float, colour: str, label: str, where: tuple) -> list[Item]:
    """The band across the top of the panel in `colour`, with the card's title on it in white."""
    items: list[Item] = band(w, 13, colour)
    items += ctx.fitted(
        label,
        TextBox(6, 4.5, w - 12, 10, align="middle", valign="middle", colour=WHITE, bold=True),
        14,
        8,
        where=where,
        label="card title",
    )
    return items


def tagged_row(
    ctx: LayoutContext,
    y: float,
    row: float,
    w: float,
    tag: tuple[str, str],
    mark: Item,
    words: str,
    where: tuple,
    label: str,
) -> list[Item]:
    """One row of a list on a card `w` wide, `row` tall from `y`: a word on a coloured tag (word, colour), a small
    icon `mark` (drawn by the caller at x 17.5) and a line of text."""
    word, colour = tag
    return [
        Rect(6, y + 0.6, 8.5, row - 1.2, style=Style(fill=colour), radius=0.8),
        *ctx.fitted(
            word,
            TextBox(6.3, y + 0.6, 7.9, row - 1.2, align="middle", valign="middle", colour=WHITE, bold=True),
            6.5,
            6.5,
            label=f"{label} badge",
        ),
        mark,
        *ctx.fitted(
            words,
            TextBox(20.5, y + 0.3, w - 27, row - 0.6, align="start", valign="middle", colour=INK),
            7,
            5,
            where=where,
            label=f"{label} line",
        ),
    ]


EFFECT_PT = 9.5
"""The size card effects are set at (shrunk to the floor when a text needs it)."""


def effect_paragraph(ctx: LayoutContext, effect: str, box: Box, where: tuple, label: str) -> list[Text]:
    """A card's effect text, centred in `box` with balanced lines in both scripts: Japanese breaks between
    phrases (BudouX, generator.typeset.linebreaks.phrases), so balancing never splits a word (「ター／ン」) and its lines stay
    as even as the English ones."""
    text_box = TextBox(
        box.x, box.y, box.w, box.h, align="middle", valign="middle", colour=INK, balance=True, role="effect"
    )
    return ctx.fitted(effect, text_box, EFFECT_PT, floor_pt(effect), where=where, label=label)


BADGE_HEIGHT = 6.0


def duration_badge(ctx: LayoutContext, cx: float, cy: float, duration: Duration | None, colour: str) -> list[Item]:
    """A pill centred at (cx, cy): an hourglass and how long the effect lasts, or "at once"."""
    lang = ctx.lang
    label = tr("instant", lang) if duration is None else f"{tr('duration', lang)}: {duration_text(duration, lang)}"
    size = readable(label, 7.5)
    glass = 0.0 if duration is None else 4.0
    width = fonts.width_mm(label, size, bold=True) + glass + 6.0
    x = cx - width / 2
    items: list[Item] = [
        Rect(
            x,
            cy - BADGE_HEIGHT / 2,
            width,
            BADGE_HEIGHT,
            style=Style(fill=colour, stroke=WHITE, width=0.4),
            radius=BADGE_HEIGHT / 2,
        )
    ]
    if duration is not None:
        items.append(marker_icon("timer", x + 3.0 + 1.4, cy, 1.7, WHITE, colour))
    box = TextBox(
        x + 3.0 + glass,
        cy - BADGE_HEIGHT / 2,
        width - 6.0 - glass,
        BADGE_HEIGHT,
        valign="middle",
        colour=WHITE,
        bold=True,
        role="duration",
    )
    items += ctx.fitted(label, box, size, size, label="duration badge")
    return items


CHIP_RADIUS = 4.2
"""A marker drawn on a card (mm): large enough to recognise the token, small beside the card's text."""


def marker_chip(cx: float, cy: float, colour: str, name: str, icon: str) -> Item:
    """A marker token drawn small on a card, so the card and the token it leaves on the table match."""
    return token(cx, cy, CHIP_RADIUS, colour, "", "marker-chip", name, icon=icon)
