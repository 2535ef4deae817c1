"""Inline icons in card and rule text: `{S1}` or `{dice}` in any text draws the template set's icon of
that name as vector art, one em wide, at the size the text ends up at. The
icon is swapped for a one-em placeholder character before fitting, so wrap
and fit (and their Japanese line-breaking rules) treat it as one atom, and
the placeholder is replaced by the icon when the lines are placed. An icon
may be a picture file (PNG or SVG): it sits on the baseline, as tall as the
font's ascent at most. The characters a drawn icon shows are checked against
the font like any text (PK307, at the icon's `text:`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from pnpkit.validator.components.templates import InlineIcon
from pnpkit.validator.images import placed_size

from ..colour import WHITE
from ..scene import Circle, Group, Image, Item, Rect, Style, Text
from ..typeset import fonts
from ..typeset.text import TextBox, item_width
from ..units import MM_PER_PT
from .context import LayoutContext, TextProblem, floor_pt
from .marks import GLYPH_MIDDLE, drawn_mark
from .problems import ANY_TEXT, Remedy

ICON_PATTERN = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
MARKERS = (fonts.ICON_MARKER,)
"""What stands in for icons while fitting: one em in every face, never drawn, so any font will do."""

# ---------------------------------------------------------------- inline icons


def icon_items(icon: InlineIcon, cx: float, cy: float, em: float, role: str = "inline-icon") -> Group:
    """An icon centred at (cx, cy) that fills a one-em cell of a text `em` mm tall.

    A picture icon sits on the baseline of that text (GLYPH_MIDDLE ems below the centre), one em wide at most.
    """
    items: list[Item] = []
    if icon.image is not None:
        info = icon.image.image
        if info is not None:
            iw, ih = placed_size(info, em, em * fonts.ASCENT, "contain")
            items.append(Image(-iw / 2, GLYPH_MIDDLE * em - ih, iw, ih, info.path, role="icon-image"))
    elif icon.shape == "tag":
        w, h = em * 0.98, em * 0.8
        items.append(Rect(-w / 2, -h / 2, w, h, style=Style(fill=icon.colour), radius=em * 0.16))
        if icon.text:
            size = fit_size(icon.text, w * 0.9, h * 0.78)
            items.append(Text(0, centred_baseline(size), icon.text, size, colour=WHITE, anchor="middle", bold=True))
    elif icon.shape == "disc":
        items.append(Circle(0, 0, em * 0.44, style=Style(fill=icon.colour)))
        if icon.text:
            size = fit_size(icon.text, em * 0.62, em * 0.6)
            own = not fonts.missing_glyphs(icon.text, bold=True)
            face = fonts.mark_face(icon.text)
            if face is not None and (not own or size < floor_pt(icon.text) - 1e-9):  # drawn as its shape
                items.append(drawn_mark(icon.text, size, face))
            else:
                items.append(Text(0, centred_baseline(size), icon.text, size, colour=WHITE, anchor="middle", bold=True))
    elif icon.shape == "die":
        side = em * 0.8
        items.append(
            Rect(
                -side / 2,
                -side / 2,
                side,
                side,
                style=Style(fill=WHITE, stroke=icon.colour, width=em * 0.07),
                radius=em * 0.14,
            )
        )
        for px, py in PIPS[icon.pips]:
            items.append(Circle(px * side * 0.27, py * side * 0.27, em * 0.075, style=Style(fill=icon.colour)))
    return Group(tuple(items), dx=cx, dy=cy, role=role)


PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def fit_size(text: str, width: float, height: float) -> float:
    """The point size at which `text` is `height` mm tall (cap to descent) and no wider than `width`."""
    by_height = height / ((fonts.ASCENT + fonts.DESCENT) * MM_PER_PT)
    by_width = width / max(fonts.width_em(text) * MM_PER_PT, 1e-6)
    return min(by_height, by_width)


def centred_baseline(size: float) -> float:
    """The baseline that centres a line of `size` pt on y = 0."""
    return GLYPH_MIDDLE * size * MM_PER_PT


@dataclass(frozen=True)
class Marked:
    """A text with its inline icons swapped for one marker character, as wrap and fit see it."""

    text: str
    marker: str
    names: tuple[str, ...]
    """The icons the markers stand for, in reading order."""


def chip_text_size(icon: InlineIcon, em: float) -> float:
    """The size a tag's or disc's text prints at inside its one-em chip, for text `em` mm tall."""
    text = icon.text or ""
    if icon.shape == "tag":
        return fit_size(text, em * 0.98 * 0.9, em * 0.8 * 0.78)
    return fit_size(text, em * 0.62, em * 0.6)


def spelled(icon: InlineIcon, size: float) -> bool:
    """Whether an icon with words on it (a tag or a disc) is written out as coloured text in text of `size` pt:
    its one-em chip would print them below the readable floor (a chip's words are about 0.6 em)."""
    if icon.image is not None or not icon.text or icon.shape != "tag":
        return False  # a disc too small for its mark draws the mark as a shape (`drawn_mark`)
    return chip_text_size(icon, size * MM_PER_PT) < floor_pt(icon.text) - 1e-9


def _spelled_markup(icon: InlineIcon) -> str:
    """The icon's words in its colour, as markup (its characters escaped)."""
    words = "".join("\\" + ch if ch in "*<\\" else ch for ch in icon.text or "")
    return f"<{icon.colour}>{words}</>"


def marked(text: str, icons: Mapping[str, InlineIcon], size: float | None = None) -> Marked:
    """`text` with each `{name}` of a known icon swapped for the first marker the text does not use.

    In text of `size` pt, an icon whose chip could not print its words at the floor is written out
    instead, in the icon's colour (`spelled`): wrap and fit then measure it as the text it is.

    >>> marked("Roll {dice}, then {S9}", {"dice": InlineIcon(shape="die")})
    Marked(text='Roll \\ue000, then {S9}', marker='\\ue000', names=('dice',))
    >>> marked("Resolve {S1}", {"S1": InlineIcon(shape="tag", text="S1", colour="#c4860f")}, 8).text
    'Resolve <#c4860f>S1</>'
    """
    if "{" not in text:
        return Marked(text, "", ())
    marker = next((m for m in MARKERS if m not in text), "")
    names: list[str] = []

    def swap(match: re.Match) -> str:
        icon = icons.get(match.group(1))
        if icon is not None and size is not None and spelled(icon, size):
            return _spelled_markup(icon)
        if icon is not None and marker:
            names.append(match.group(1))
            return marker
        return match.group(0)

    return Marked(ICON_PATTERN.sub(swap, text), marker, tuple(names))


def inline_text(
    ctx: LayoutContext,
    text: str,
    box: TextBox,
    size: float,
    min_size: float,
    icons: Mapping[str, InlineIcon],
    *,
    where: tuple,
    label: str,
    lines: int | None = None,
    leading: float = 1.3,
    remedy: Remedy = ANY_TEXT,
) -> list[Item]:
    """Fit `text` into `box` like `ctx.fitted`, drawing `{icon}`s inline as one-em atoms.

    `lines` caps the number of lines: the box is made too short for one more
    line even at `min_size`, so fitting shrinks the text instead of wrapping it.
    """
    marker, names = "", tuple[str, ...]()
    if "{" in text:  # most text has no icon: nothing to swap
        swapped = marked(text, icons, max(min_size, floor_pt(ICON_PATTERN.sub("", text))))
        text, marker, names = swapped.text, swapped.marker, swapped.names
        for name in dict.fromkeys(names):
            check_icon_text(ctx, name, icons[name])
    floor = floor_pt(text.replace(marker, "") if marker else text)  # a marker is no Japanese word
    if lines is not None:
        box = _line_capped(box, lines, max(min_size, floor), leading)
    placed = ctx.fitted(
        text, box, size, min_size, where=where, label=label, leading=leading, floor=floor, remedy=remedy
    )
    if not names:
        return list(placed)
    out: list[Item] = []
    queue = iter(names)
    for line in placed:
        if marker not in line.text:
            out.append(line)
            continue
        em = line.size * MM_PER_PT
        whole = item_width(line)  # in the face the line prints in (bold, italic, family)
        x = {"start": line.x, "middle": line.x - whole / 2, "end": line.x - whole}[line.anchor]
        parts = line.text.split(marker)
        for i, part in enumerate(parts):
            if part:
                piece = replace(line, x=x, text=part, anchor="start")  # keeps bold, italic and the family
                out.append(piece)
                x += item_width(piece)
            if i < len(parts) - 1:
                out.append(icon_items(icons[next(queue)], x + em / 2, line.y - GLYPH_MIDDLE * em, em))
                x += em
    return out


def check_icon_text(ctx: LayoutContext, name: str, icon: InlineIcon) -> None:
    """The characters on a drawn icon are text like any other: a glyph the font lacks is PK307, at the icon's `text:`."""
    if icon.text is None or icon.image is not None:
        return
    missing = fonts.undrawable_glyphs(icon.text)
    if missing and icon.shape == "disc" and fonts.mark_face(icon.text) is not None:
        return  # a disc's mark is drawn as a shape from a shipped face that has it
    if missing:
        shown = " ".join(f"U+{ord(ch):04X} {ch}" for ch in missing)
        problem = TextProblem(
            "PK307",
            ("card_templates", "icons", name, "text"),
            f"icon {{{name}}}: the font cannot draw {shown}",
            "replace or remove these characters, or draw the icon from a picture file (`image:`)",
        )
        if problem not in ctx.problems:
            ctx.problems.append(problem)


def _line_capped(box: TextBox, lines: int, min_size: float, leading: float) -> TextBox:
    em = min_size * MM_PER_PT
    most = lines * leading * em + em * (fonts.ASCENT + fonts.DESCENT) - 0.01
    if box.height <= most:
        return box
    top = box.y
    if box.valign == "middle":
        top = box.y + (box.height - most) / 2
    elif box.valign == "bottom":
        top = box.y + box.height - most
    return replace(box, y=top, height=most)  # keeps every field: italic and the font family too
