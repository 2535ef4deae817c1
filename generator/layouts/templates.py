"""Card templates drawn: a resolved template plus a card's values become a CardFace.

Each region kind has one small drawing function with the same shape
(context, region, box, value) → items. Every text goes through
`LayoutContext.fitted`, so a text that cannot fit its region even at the
region's `min_size` is a finding (PK309) at the card's line in the YAML.

Inline icons: `{S1}` or `{dice}` in any text draws the template set's icon of
that name as vector art, one em wide, at the size the text ends up at. The
icon is swapped for a one-em placeholder character before fitting, so wrap
and fit (and their Japanese line-breaking rules) treat it as one atom, and
the placeholder is replaced by the icon when the lines are placed. An icon
may be a picture file (PNG or SVG): it sits on the baseline, as tall as the
font's ascent at most. The characters a drawn icon shows are checked against
the font like any text (PK307, at the icon's `text:`).

Image regions place a picture file (validator/images.py checked it): `cover`
fills the box and crops around the focal point, `contain` shows all of it on
the region's fill, `stretch` fills the box exactly. The picture is clipped to
the region, corners rounded as the region's shape, with an optional frame.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from pnpkit.validator.components.templates import (
    EffectFill,
    ImageFill,
    InlineIcon,
    Region,
    ResolvedTemplate,
    TemplateCard,
    TemplateSet,
)
from pnpkit.validator.images import placed_size
from pnpkit.validator.placeholders import fill as fill_placeholders
from pnpkit.validator.types import LocalText

from .. import images
from ..colour import WHITE, blend, tint
from ..scene import Circle, Group, Image, Item, Path, Polygon, Rect, Style, Text
from ..typeset import fonts
from ..typeset.text import TextBox, item_width
from ..units import MM_PER_PT
from .cards import CardFace
from .context import INK, LayoutContext, TextProblem, floor_pt
from .marks import GLYPH_MIDDLE, drawn_mark
from .problems import ANY_TEXT, Remedy

ArtPainter = Callable[[str, float, float, float, float], list[Item]]
"""(art key, x, y, width, height) → items drawn inside that box."""

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
            size = _fit_size(icon.text, w * 0.9, h * 0.78)
            items.append(Text(0, _baseline(size), icon.text, size, colour=WHITE, anchor="middle", bold=True))
    elif icon.shape == "disc":
        items.append(Circle(0, 0, em * 0.44, style=Style(fill=icon.colour)))
        if icon.text:
            size = _fit_size(icon.text, em * 0.62, em * 0.6)
            own = not fonts.missing_glyphs(icon.text, bold=True)
            face = fonts.mark_face(icon.text)
            if face is not None and (not own or size < floor_pt(icon.text) - 1e-9):  # drawn as its shape
                items.append(drawn_mark(icon.text, size, face))
            else:
                items.append(Text(0, _baseline(size), icon.text, size, colour=WHITE, anchor="middle", bold=True))
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


def _fit_size(text: str, width: float, height: float) -> float:
    """The point size at which `text` is `height` mm tall (cap to descent) and no wider than `width`."""
    by_height = height / ((fonts.ASCENT + fonts.DESCENT) * MM_PER_PT)
    by_width = width / max(fonts.width_em(text) * MM_PER_PT, 1e-6)
    return min(by_height, by_width)


def _baseline(size: float) -> float:
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
        return _fit_size(text, em * 0.98 * 0.9, em * 0.8 * 0.78)
    return _fit_size(text, em * 0.62, em * 0.6)


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


# ---------------------------------------------------------------- the face


@dataclass
class FaceContext:
    """What every region drawing needs besides the region: the card, its colours and the place in the YAML."""

    ctx: LayoutContext
    tset: TemplateSet
    template: ResolvedTemplate
    card: TemplateCard
    where: tuple
    values: dict[str, Any]
    art: ArtPainter | None
    shared: dict = field(default_factory=dict)
    """What every card of the template draws alike, kept by the caller from card to card (`template_face`)."""

    @property
    def lang(self) -> str:
        return self.ctx.lang

    def once(self, key: tuple, make: Callable[..., Any], *args: Any) -> Any:
        """`make(*args)`, made for the first card that asks for `key` and the same objects for the rest."""
        found = self.shared.get(key)
        if found is None:
            found = self.shared[key] = make(*args)
        return found

    def label_colour(self, region_name: str | None) -> str | None:
        if region_name is None:
            return None
        key = self.card.value(region_name)
        label = self.tset.labels.get(key) if isinstance(key, str) else None
        return label.colour if label else None

    def text(self, value: LocalText) -> str:
        text = value.get(self.lang)
        return fill_placeholders(text, self.values) if "{" in text else text

    def path(self, region: Region, *more: Any) -> tuple:
        return self.where + ("fill", region.name) + more


def template_face(
    ctx: LayoutContext,
    tset: TemplateSet,
    template: ResolvedTemplate,
    card: TemplateCard,
    where: tuple,
    values: dict[str, Any] | None = None,
    art: ArtPainter | None = None,
    name: str = "",
    shared: dict | None = None,
) -> CardFace:
    """Draw `card` with `template`: the frame, then every region in template order.

    `where` is the card's YAML path (e.g. ("cards", 3)), so text problems point at its values.
    `shared`, a dict the caller keeps for the cards of one deck, holds what cards of the same template draw
    alike (the frame and each panel in each colour, each text region's box, a text a region shows on several
    cards): a deck draws them once.
    """
    alike = {} if shared is None else shared.setdefault(template.id, {})
    face = FaceContext(ctx, tset, template, card, where, values or {}, art, alike)
    edge = face.label_colour(template.frame.colour_from) or template.frame.colour
    items: list[Item] = list(face.once(("frame", edge), _frame, template, edge))
    for region in template.regions:
        value = card.value(region.name)
        if region.kind == "panel":  # a panel shows no value: the same on every card of its colour
            colour = _fill_colour(face, region)
            items.append(face.once(("panel", region.name, colour), _panel_region, face, region))
            continue
        if value is None and region.kind == "image":
            value = region.image  # the picture every card shows, unless the card names its own
        if value is None:
            continue
        items.append(_region(DRAWERS[region.kind](face, region, value), region))
    return CardFace(name or card.id, tuple(items), edge)


def _frame(template: ResolvedTemplate, edge: str) -> tuple[Item, ...]:
    """The card's edge colour and its face inside the border."""
    w, h, frame = template.width, template.height, template.frame
    return (
        Rect(0, 0, w, h, style=Style(fill=edge), role="card-edge"),
        Rect(
            frame.border,
            frame.border,
            w - 2 * frame.border,
            h - 2 * frame.border,
            style=Style(fill=frame.face),
            radius=frame.radius,
            role="card-face",
        ),
    )


def _region(items: list[Item], region: Region) -> Group:
    return Group(tuple(items), role=f"region-{region.kind}", name=region.name)


def _panel_region(face: FaceContext, region: Region) -> Group:
    return _region(draw_panel(face, region, None), region)


def _box(region: Region) -> tuple[float, float, float, float]:
    x, y, w, h = region.box
    return x, y, w, h


def _fill_colour(face: FaceContext, region: Region) -> str | None:
    colour = face.label_colour(region.colour_from) or region.fill
    if colour is None:
        return None
    if region.colour_from and region.tint < 1:
        return blend(colour, face.template.frame.face, region.tint)
    return colour


def _radius(face: FaceContext, region: Region, h: float) -> float:
    return {"rounded": min(face.template.frame.radius, h / 2), "pill": h / 2}.get(region.shape, 0.0)


def draw_panel(face: FaceContext, region: Region, _value: Any) -> list[Item]:
    colour = _fill_colour(face, region)
    if colour is None:
        return []
    x, y, w, h = _box(region)
    return [Rect(x, y, w, h, style=Style(fill=colour), radius=_radius(face, region, h), role="panel")]


def _backdrop(face: FaceContext, region: Region) -> tuple[list[Item], float]:
    """A filled box behind text, and the inset the text keeps from its edge."""
    colour = _fill_colour(face, region)
    if colour is None:
        return [], 0.0
    x, y, w, h = _box(region)
    return [Rect(x, y, w, h, style=Style(fill=colour), radius=_radius(face, region, h) or 1.0)], 1.2


def draw_text(face: FaceContext, region: Region, value: Any) -> list[Item]:
    x, y, w, h = _box(region)
    items, pad = _backdrop(face, region)
    box = face.once(("text box", region.name, pad), _text_box, region, x, y, w, h, pad)
    items += _region_text(face, region, face.text(value), box, face.path(region, face.lang), lines=region.lines)
    return items


def draw_number(face: FaceContext, region: Region, value: Any) -> list[Item]:
    x, y, w, h = _box(region)
    cx, cy = x + w / 2, y + h / 2
    fill = _fill_colour(face, region) or WHITE
    ring = face.label_colour(face.template.frame.colour_from) or INK
    items: list[Item] = []
    r = min(w, h) / 2
    if region.shape == "diamond":
        items.append(
            Polygon(((cx, y), (x + w, cy), (cx, y + h), (x, cy)), style=Style(fill=fill, stroke=WHITE, width=0.35))
        )
        inner = r * 0.95
    elif region.shape == "shield":
        items.append(Path(_shield(x, y, w, h), style=Style(fill=fill, stroke=WHITE, width=0.35)))
        inner = r * 1.1
    elif region.shape == "circle":
        items.append(Circle(cx, cy, r, style=Style(fill=fill, stroke=ring, width=0.45)))
        inner = r * 1.3
    else:
        items.append(Rect(x, y, w, h, style=Style(fill=fill, stroke=ring, width=0.35), radius=_radius(face, region, h)))
        inner = min(w, h) * 0.9
    colour = region.colour or INK
    top = cy - inner / 2
    if region.heading is not None:
        caption = face.text(region.heading)
        # the caption prints at the floor for its script at least: it takes the room that needs, the number the rest
        cap_size = floor_pt(caption)
        cap_h = max(inner * 0.28, cap_size * MM_PER_PT * (fonts.ASCENT + fonts.DESCENT) + 0.05)
        items += face.ctx.fitted(
            caption,
            TextBox(cx - inner / 2, top, inner, cap_h, align="middle", valign="middle", colour=colour),
            cap_size,
            cap_size,
            where=face.template.paths.get(region.name, face.path(region)) + ("heading", face.lang),
            label=f"template {face.template.id} {region.name} caption",
            remedy=Remedy(
                f"the `heading:` of region {region.name!r}", f"the `box:` of region {region.name!r}", fixed=True
            ),
        )
        top += cap_h * 0.7  # the number's box starts under the caption's letters, above its descenders
        inner_h = inner - cap_h * 0.7
    else:
        inner_h = inner
    items += face.ctx.fitted(
        str(value),
        TextBox(
            cx - inner / 2,
            top,
            inner,
            inner_h,
            align="middle",
            valign="middle",
            colour=colour,
            bold=True,
            role=f"card-{region.name}",
        ),
        region.size,
        region.min_size,
        where=face.path(region),
        label=f"card {face.card.id} {region.name}",
        remedy=card_remedy(region, "the card's number"),
    )
    return items


def card_remedy(region: Region, text: str) -> Remedy:
    """What a designer may change when a card's value does not fit `region`: its box, its `min_size`, its
    `lines:` cap, or the card's text."""
    where = f"region {region.name!r}"
    return Remedy(text, f"the `box:` of {where}", f"the `min_size:` of {where}", "`lines:`" if region.lines else "")


def _shield(x: float, y: float, w: float, h: float) -> tuple[tuple, ...]:
    return (
        ("M", x, y),
        ("L", x + w, y),
        ("L", x + w, y + h * 0.55),
        ("C", x + w, y + h * 0.8, x + w * 0.6, y + h * 0.95, x + w / 2, y + h),
        ("C", x + w * 0.4, y + h * 0.95, x, y + h * 0.8, x, y + h * 0.55),
        ("Z",),
    )


def pill(
    face: FaceContext,
    key: str,
    x: float,
    y: float,
    w: float,
    h: float,
    size: float | None = None,
    min_size: float = 4.5,
    box_of: str = "",
) -> list[Item]:
    """A label drawn as a pill filling (x, y, w, h); the text is `size` pt, or sized to the pill's height.
    `box_of` names the region whose box the pill fills, for the hint when the label's name does not fit."""
    label = face.tset.labels[key]
    text = label.name.get(face.lang)
    pad = h * 0.45
    items: list[Item] = [Rect(x, y, w, h, style=Style(fill=label.colour), radius=h / 2, role="label")]
    size = size or min(h / MM_PER_PT * 0.62, 8.0)
    items += face.ctx.fitted(
        text,
        TextBox(x + pad, y, w - 2 * pad, h, align="middle", valign="middle", colour=label.text_colour, bold=True),
        size,
        min(size, min_size),
        where=("card_templates", "labels", key, "name", face.lang),
        label=f"label {key}",
        remedy=Remedy(f"the name of label {key!r}", f"the `box:` of {box_of}" if box_of else "", fixed=True),
    )
    return items


def pill_width(face: FaceContext, key: str, h: float) -> float:
    label = face.tset.labels[key]
    size = min(h / MM_PER_PT * 0.62, 8.0)
    return fonts.width_mm(label.name.get(face.lang), size) + h * 0.9 + 0.4


def draw_label(face: FaceContext, region: Region, value: Any) -> list[Item]:
    if value not in face.tset.labels:
        return []
    x, y, w, h = _box(region)
    return pill(face, value, x, y, w, h, region.size, region.min_size, f"region {region.name!r}")


def draw_effect(face: FaceContext, region: Region, value: EffectFill) -> list[Item]:
    x, y, w, h = _box(region)
    items: list[Item] = []
    if region.header is not None:
        hx, hy, hw, hh = region.header
        items += _effect_header(face, region, value, hx, hy, hw, hh, right=True)
    else:
        hh = min(4.6, h * 0.3)
        items += _effect_header(face, region, value, x, y, w, hh, right=False)
        y, h = y + hh + 1.0, h - hh - 1.0
    back, pad = _backdrop(face, region)
    box = face.once(("text box", region.name, pad), _text_box, region, x, y, w, h, pad)
    items = back + items
    items += _region_text(face, region, face.text(value.text), box, face.path(region, "text", face.lang))
    return items


def _effect_header(
    face: FaceContext, region: Region, value: EffectFill, x: float, y: float, w: float, h: float, right: bool
) -> list[Item]:
    """The kind as a pill and the tag as its icon (or a dark pill), right- or left-aligned in the header box."""
    items: list[Item] = []
    tag = value.tag or ""
    icon = face.tset.icons.get(tag)
    tag_w = 0.0
    if tag:
        tag_w = h * 1.45 if icon is not None else max(h * 1.45, fonts.width_mm(tag, h / MM_PER_PT * 0.62) + h * 0.8)
    if icon is not None:
        check_icon_text(face.ctx, tag, icon)
    kind = value.kind if value.kind in face.tset.labels else None
    kind_w = 0.0
    if kind is not None:
        kind_w = min(pill_width(face, kind, h), w - tag_w - (1.0 if tag_w else 0.0))
    gap = 1.0 if tag_w and kind_w else 0.0
    start = x + w - (kind_w + gap + tag_w) if right else x
    if kind is not None and kind_w:
        items += pill(face, kind, start, y, kind_w, h)
    if tag_w:
        tx = start + kind_w + gap
        if icon is not None:
            items.append(_big_tag(icon, tx, y, tag_w, h))
        else:
            items.append(Rect(tx, y, tag_w, h, style=Style(fill=INK), radius=h / 2))
            items += face.ctx.fitted(
                tag,
                TextBox(tx, y, tag_w, h, align="middle", valign="middle", colour=WHITE, bold=True),
                h / MM_PER_PT * 0.62,
                4.5,
                where=face.path(region, "tag"),
                label=f"card {face.card.id} tag",
            )
    return items


def _big_tag(icon: InlineIcon, x: float, y: float, w: float, h: float) -> Group:
    """An icon as a header badge: the same art as inline, sized to the header."""
    if icon.shape == "tag":
        size = _fit_size(icon.text or "", w * 0.8, h * 0.72)
        items: list[Item] = [Rect(x, y, w, h, style=Style(fill=icon.colour), radius=h * 0.22)]
        if icon.text:
            items.append(
                Text(
                    x + w / 2,
                    y + h / 2 + _baseline(size),
                    icon.text,
                    size,
                    colour=WHITE,
                    anchor="middle",
                    bold=True,
                    role="spell",
                )
            )
        return Group(tuple(items), role="tag")
    return icon_items(icon, x + w / 2, y + h / 2, h * 1.15, role="tag")


def draw_band(face: FaceContext, region: Region, value: Any) -> list[Item]:
    """An exception band: a coloured strip with its heading as a tab, then the text."""
    x, y, w, h = _box(region)
    colour = _fill_colour(face, region) or "#efe6d4"
    ink = region.colour or INK
    items: list[Item] = [
        Rect(x, y, w, h, style=Style(fill=colour, stroke=blend(ink, colour, 0.35), width=0.25), radius=1.2)
    ]
    top = y + 1.2
    if region.heading is not None:
        heading = face.text(region.heading)
        tab_h = 4.2
        tab_w = fonts.width_mm(heading, 6.5) + 4.0
        items.append(Rect(x + 1.2, top, tab_w, tab_h, style=Style(fill=ink), radius=tab_h / 2))
        items += face.ctx.fitted(
            heading,
            TextBox(x + 1.2, top, tab_w, tab_h, align="middle", valign="middle", colour=colour, bold=True),
            6.5,
            5.0,
            where=face.template.paths.get(region.name, face.path(region)) + ("heading", face.lang),
            label=f"template {face.template.id} {region.name} heading",
            remedy=Remedy(f"the `heading:` of region {region.name!r}", fixed=True),
        )
        top += tab_h + 1.0
    box = TextBox(
        x + 1.8,
        top,
        w - 3.6,
        y + h - 1.0 - top,
        align=region.align,
        valign=region.valign,
        colour=ink,
        bold=region.bold,
        role=f"card-{region.name}",
        font=region.font or "",
        balance=region.align == "middle",
    )
    items += _region_text(face, region, face.text(value), box, face.path(region, face.lang))
    return items


def draw_art(face: FaceContext, region: Region, value: Any) -> list[Item]:
    x, y, w, h = _box(region)
    radius = _radius(face, region, h)
    inner: list[Item] = face.art(str(value), x, y, w, h) if face.art is not None else _placeholder_art(x, y, w, h)
    edge = face.label_colour(face.template.frame.colour_from) or INK
    return [
        Group(tuple(inner), clip=Rect(x, y, w, h), role="art", name=str(value)),
        Rect(x, y, w, h, style=Style(stroke=tint(edge, 0.7), width=0.4), radius=radius),
    ]


def draw_image(face: FaceContext, region: Region, value: ImageFill) -> list[Item]:
    """The picture fitted to the region, clipped to its shape, over the region's fill, with its frame on top."""
    if not isinstance(value, ImageFill):
        return []  # a value of another kind: the validator has reported it
    x, y, w, h = _box(region)
    radius = {"rounded": min(face.template.frame.radius, h / 2), "pill": h / 2, "circle": min(w, h) / 2}.get(
        region.shape, 0.0
    )
    inner: list[Item] = []
    backdrop = _fill_colour(face, region)
    if backdrop is not None:
        inner.append(Rect(x, y, w, h, style=Style(fill=backdrop)))
    info = value.image
    if info is not None and info.vector and images.svg_problem(info.path):
        face.ctx.problems.append(
            TextProblem(
                "PK502",
                face.path(region),
                f"card {face.card.id} {region.name}: {value.file!r} cannot be drawn ({images.svg_problem(info.path)})",
                "save it again as plain SVG, or as PNG",
            )
        )
        info = None
    if info is not None:
        iw, ih = placed_size(info, w, h, region.fit)
        fx, fy = value.focus or region.focus or (0.5, 0.5)
        inner.append(Image(x + _offset(w, iw, fx), y + _offset(h, ih, fy), iw, ih, info.path, role="card-image"))
    items: list[Item] = [Group(tuple(inner), clip=Rect(x, y, w, h, radius=radius), role="image", name=value.file)]
    if region.frame is not None:
        frame = region.frame
        items.append(Rect(x, y, w, h, style=Style(stroke=frame.colour, width=frame.width), radius=radius))
    return items


def _offset(box: float, size: float, focus: float) -> float:
    """Where a picture `size` long starts in a box `box` long: centred when it fits, else with
    the focal point as near the middle as the picture allows (its edges never show).

    >>> _offset(10, 20, 0.5), _offset(10, 20, 0.0), _offset(10, 20, 0.9), _offset(10, 6, 0.0)
    (-5.0, 0.0, -10.0, 2.0)
    """
    if size <= box + 1e-9:
        return (box - size) / 2
    return float(min(0.0, max(box - size, box / 2 - focus * size)))


def _placeholder_art(x: float, y: float, w: float, h: float) -> list[Item]:
    ops: list[tuple] = []
    step = 4.0
    k = -h
    while k < w:
        ops += [("M", x + k, y + h), ("L", x + k + h, y)]
        k += step
    return [Rect(x, y, w, h, style=Style(fill="#ece6da")), Path(tuple(ops), style=Style(stroke="#d6cdbb", width=0.3))]


DRAWERS: dict[str, Callable[[FaceContext, Region, Any], list[Item]]] = {
    "panel": draw_panel,
    "text": draw_text,
    "number": draw_number,
    "label": draw_label,
    "effect": draw_effect,
    "band": draw_band,
    "art": draw_art,
    "image": draw_image,
}


__all__ = ["ArtPainter", "FaceContext", "Marked", "icon_items", "inline_text", "marked", "template_face"]


def _text_box(region: Region, x: float, y: float, w: float, h: float, pad: float) -> TextBox:
    """The box a region's text is fitted into: inside its backdrop's padding, in the region's style.
    Centred text is balanced: its lines as even as they can be, never a lone word under a full line."""
    return TextBox(
        x + pad,
        y + pad * 0.6,
        w - 2 * pad,
        h - 1.2 * pad,
        align=region.align,
        valign=region.valign,
        colour=region.colour or INK,
        bold=region.bold,
        role=f"card-{region.name}",
        font=region.font or "",
        balance=region.align == "middle",
    )


def _region_text(
    face: FaceContext, region: Region, text: str, box: TextBox, where: tuple, lines: int | None = None
) -> list[Item]:
    """A region's text fitted into `box` at the region's sizes, with the card's inline icons.

    The same text in the same region prints as the same lines on every card: laid out once. (A region's
    box comes from its template alone, never from the card, so its place and size name it.) A text that
    had a problem is laid out again on each card, so each card reports it at its own place."""
    key = ("text", region.name, box.x, box.y, box.width, box.height, text)
    known = face.shared.get(key)
    if known is not None:
        return list(known)
    told = len(face.ctx.problems)
    items = inline_text(
        face.ctx,
        text,
        box,
        region.size,
        region.min_size,
        face.tset.icons,
        where=where,
        label=f"card {face.card.id} {region.name}",
        lines=lines,
        remedy=card_remedy(region, "the card's text"),
    )
    if len(face.ctx.problems) == told:
        face.shared[key] = tuple(items)
    return items
