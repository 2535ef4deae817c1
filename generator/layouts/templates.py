"""Card templates drawn: a resolved template plus a card's values become a CardFace.

Each region kind has one small drawing function with the same shape
(context, region, box, value) → items. Every text goes through
`LayoutContext.fitted`, so a text that cannot fit its region even at the
region's `min_size` is a finding (PK309) at the card's line in the YAML.

Inline icons (`{S1}` in any text) are drawn by `inline_icons`.

Image regions place a picture file (validator/images.py checked it): `cover`
fills the box and crops around the focal point, `contain` shows all of it on
the region's fill, `stretch` fills the box exactly. The picture is clipped to
the region, corners rounded as the region's shape, with an optional frame.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
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
from ..geometry import Box
from ..scene import Circle, Group, Image, Item, Path, Polygon, Rect, Style, Text
from ..typeset import fonts
from ..typeset.text import TextBox
from ..units import MM_PER_PT
from .cards import CardFace
from .context import INK, LayoutContext, TextProblem, floor_pt
from .footroom import FOOT_ROOM, WITHIN, ink_boxes, kept_clear, line_gap, reach
from .inline_icons import (
    PIPS,
    Marked,
    centred_baseline,
    check_icon_text,
    fit_size,
    icon_items,
    inline_text,
    marked,
)
from .marks import GLYPH_MIDDLE
from .problems import Remedy

ArtPainter = Callable[[str, float, float, float, float], list[Item]]
"""(art key, x, y, width, height) → items drawn inside that box."""

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
    texts: dict[str, tuple[TextBox, float, tuple]] = field(default_factory=dict)
    """Each text region's box, leading and YAML path as its text was set on this card (`keep_text_clear`)."""
    heads: dict[str, tuple[tuple[float, float, float, float], list[Item]]] = field(default_factory=dict)
    """An effect's own header, by region: its box and its pills; its text keeps clear of them as of any pill."""
    limits: dict[str, tuple[TextBox, float]] = field(default_factory=dict)
    """A text region set again in a smaller box at a closer leading, to keep clear of its footer or pills."""

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
    drawn: list[tuple[Region, Any, int]] = []
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
        drawn.append((region, value, len(items)))
        items.append(_region(DRAWERS[region.kind](face, region, value), region))
    keep_text_clear(face, items, drawn)
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
        face.heads[region.name] = ((hx, hy, hw, hh), list(items))
    else:
        hh = min(4.6, h * 0.3)
        items += _effect_header(face, region, value, x, y, w, hh, right=False)
        face.heads[region.name] = ((x, y, w, hh), list(items))
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
        size = fit_size(icon.text or "", w * 0.8, h * 0.72)
        items: list[Item] = [Rect(x, y, w, h, style=Style(fill=icon.colour), radius=h * 0.22)]
        if icon.text:
            items.append(
                Text(
                    x + w / 2,
                    y + h / 2 + centred_baseline(size),
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


__all__ = [
    "GLYPH_MIDDLE",
    "PIPS",
    "ArtPainter",
    "FaceContext",
    "Marked",
    "icon_items",
    "inline_text",
    "marked",
    "template_face",
]


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
    had a problem is laid out again on each card, so each card reports it at its own place.
    A region set again to keep clear of its footer (`keep_text_clear`) takes the box and leading it is given."""
    leading = 1.3
    if region.name in face.limits:
        box, leading = face.limits[region.name]
    else:
        face.texts[region.name] = (box, leading, where)
    key = ("text", region.name, box.x, box.y, box.width, box.height, leading, text)
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
        leading=leading,
        remedy=card_remedy(region, "the card's text"),
    )
    if len(face.ctx.problems) == told:
        face.shared[key] = tuple(items)
    return items


TEXT_KINDS = frozenset({"text", "effect", "band"})
"""Regions that set a card's words in a box: they keep clear of the footers and pills round them."""
BESIDE_TEXT = frozenset({"panel", "art", "image"})
"""Regions text is set on or beside: never a footer or a pill."""


def keep_text_clear(face: FaceContext, items: list[Item], drawn: list[tuple[Region, Any, int]]) -> None:
    """Each text region's words kept clear of the footers and pills of the card (`footroom`): a region too close
    to one is set again in the room it leaves (its group in `items` replaced), or is PK366."""
    for region, value, at in drawn:
        if region.kind not in TEXT_KINDS or region.name not in face.texts:
            continue
        box, leading, where = face.texts[region.name]
        role = f"card-{region.name}"
        group = items[at]
        assert isinstance(group, Group)
        lines = [item for item in group.items if isinstance(item, Text) and item.role == role]
        if not lines or any(line.overflow for line in lines):
            continue  # nothing set, or a text already told it does not fit
        size = max(line.size for line in lines)
        top, bottom = reach(lines)
        top, bottom = top - FOOT_ROOM - WITHIN, bottom + FOOT_ROOM + line_gap(size, leading) + WITHIN
        room = (box.x, top, box.x + box.width, bottom)
        head = face.heads.get(region.name)
        neighbours: list[Box] = ink_boxes(head[1]) if head is not None and _near(room, head[0]) else []
        footers: list[Box] = []
        for other, _value, place in drawn:
            if other is region or other.kind in BESIDE_TEXT or not _near(room, _box(other)):
                continue
            (footers if other.kind in ("text", "effect") else neighbours).extend(ink_boxes((items[place],)))
        if not neighbours and not footers:
            continue

        def setter(cut: TextBox, tried: float, region: Region = region, value: Any = value) -> tuple:
            face.limits[region.name] = (cut, tried)
            try:
                again = DRAWERS[region.kind](face, region, value)
            finally:
                del face.limits[region.name]
            placed = [item for item in again if isinstance(item, Text) and item.role == f"card-{region.name}"]
            return again, placed, not any(line.overflow for line in placed)

        redone = kept_clear(
            face.ctx.problems,
            (list(group.items), lines),
            box,
            leading,
            size,
            neighbours,
            setter,
            where=where,
            label=f"card {face.card.id} {region.name}",
            footers=footers,
        )
        if redone is not None:
            items[at] = _region(redone, region)


def _near(room: Box, box: tuple[float, float, float, float]) -> bool:
    """Whether ink inside `box` (x, y, w, h: a region's ink stays inside its box) could come into `room`."""
    x, y, w, h = box
    return x < room[2] and x + w > room[0] and y < room[3] and y + h > room[1]
