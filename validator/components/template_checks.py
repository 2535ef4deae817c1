"""The card template checks: `extends` chains, region references, image regions, geometry, and each card's fill.

A rule model calls `check_templates` and `check_cards` with its own finding codes (`TemplateCodes`); the
templates themselves, and how `extends` resolves, are in templates.py.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..findings import Location
from ..images import ImageFill, check_resolution
from ..repeats import PLACES_NAMED, first_at, repeated
from ..types import LocalText
from .templates import (
    FILL_KINDS,
    FLOOR_JAPANESE_PT,
    FLOOR_LATIN_PT,
    IMAGE_FIELDS,
    IMAGE_SHAPES,
    EffectFill,
    Region,
    ResolvedTemplate,
    TemplateCard,
    TemplateSet,
    resolve_templates,
    use_one_of,
)

if TYPE_CHECKING:
    from ..checks import CheckContext
    from ..source import TableColumn


@dataclass(frozen=True)
class TemplateCodes:
    """The finding codes a game gives the template checks (the generic ones are fixed)."""

    cycle: str
    missing_region: str
    unfilled: str
    unknown_region: str
    geometry: str
    unknown_template: str = "PK305"
    duplicate: str = "PK304"
    wrong_value: str = "PK203"
    unknown_label: str = "PK305"


def check_templates(
    ctx: CheckContext, tset: TemplateSet, codes: TemplateCodes, base: tuple = ("card_templates",)
) -> dict[str, ResolvedTemplate]:
    """Extends chains, region references, colours from labels, geometry. Returns the resolved templates."""
    ctx.compared.add(base + ("templates",))
    for group in repeated((written.id, base + ("templates", i, "id")) for i, written in enumerate(tset.templates)):
        ctx.add(
            codes.duplicate,
            group.places[1],
            f"template id {group.key!r} is used {group.times} ({group.where(ctx.source)})",
            "give each template its own id",
        )
    resolved, problems = resolve_templates(tset, base + ("templates",))
    for problem in problems:
        message = problem.message + first_at(ctx.source, problem.first, problem.path)
        ctx.add(getattr(codes, problem.kind), problem.path, message, problem.hint, key=problem.key)
    reported: set[tuple] = set()
    for template in resolved.values():
        _check_references(ctx, tset, template, codes)
        _check_geometry(ctx, template, codes)
        _check_image_regions(ctx, template, codes, reported)
    _check_icon_images(ctx, tset, base)
    _check_min_sizes(ctx, tset, resolved, base)
    return resolved


TEXT_KINDS = ("text", "band", "number", "label", "effect")
"""Region kinds that print text: their `min_size` is what auto-fit may shrink it to."""


def _check_min_sizes(ctx: CheckContext, tset: TemplateSet, resolved: dict[str, ResolvedTemplate], base: tuple) -> None:
    """A `min_size` below the readable floor is never honoured: one warning (PK431) for the kit, at the first
    such line, naming every region it touches and the floor used instead, so the PK309s that follow make sense."""
    low: list[tuple[tuple, float, str]] = []  # (path of min_size, its value, "region 'x' of template 'y'")
    for t, template in enumerate(tset.templates):
        where = base + ("templates", t)
        for r, region in enumerate(template.regions):
            if region.kind in TEXT_KINDS and region.min_size < FLOOR_LATIN_PT:
                low.append(
                    (
                        where + ("regions", r, "min_size"),
                        region.min_size,
                        f"{region.name!r} ({region.min_size:g} pt) of template {template.id!r}",
                    )
                )
        own = resolved.get(template.id)
        for name, change in template.change.items():
            inherited = own.region(name) if own is not None else None
            if (
                change.min_size is not None
                and change.min_size < FLOOR_LATIN_PT
                and inherited is not None
                and inherited.kind in TEXT_KINDS
            ):
                low.append(
                    (
                        where + ("change", name, "min_size"),
                        change.min_size,
                        f"{name!r} ({change.min_size:g} pt) of template {template.id!r}",
                    )
                )
    if not low:
        return
    named = ", ".join(what for _path, _value, what in low[:PLACES_NAMED])
    more = f" and {len(low) - PLACES_NAMED} more" if len(low) > PLACES_NAMED else ""
    floor = f"{FLOOR_LATIN_PT:g} pt" + (
        f" ({FLOOR_JAPANESE_PT:g} pt for Japanese text)" if "ja" in ctx.languages else ""
    )
    ctx.add(
        "PK431",
        low[0][0],
        f"min_size is below the readable floor in region{'s' if len(low) > 1 else ''} {named}{more}: "
        f"text there shrinks to {floor} at the least, and text that does not fit at that size is PK309",
        f"write `min_size: {FLOOR_LATIN_PT:g}` or more; to fit more text, make the box larger or the text shorter",
    )


def _check_references(ctx: CheckContext, tset: TemplateSet, template: ResolvedTemplate, codes: TemplateCodes) -> None:
    labels = {r.name for r in template.regions if r.kind == "label"}
    own = template.paths
    for region in template.regions:
        path = own[region.name]
        if region.colour_from is not None and region.colour_from not in labels:
            ctx.add(
                codes.missing_region,
                path + ("colour_from",),
                f"template {template.id!r}: {region.name!r} takes its colour from {region.colour_from!r}, which is not a label region of this template",
                use_one_of(labels),
            )
        for c, choice in enumerate(region.choices):
            if choice not in tset.labels:
                ctx.add(
                    codes.unknown_label, path + ("choices", c), f"no label named {choice!r}", use_one_of(tset.labels)
                )
    frame_from = template.frame.colour_from
    if frame_from is not None and frame_from not in labels:
        origin = _frame_path(tset, template)
        ctx.add(
            codes.missing_region,
            origin + ("frame", "colour_from"),
            f"template {template.id!r}: the frame takes its colour from {frame_from!r}, which is not a label region of this template",
            use_one_of(labels),
        )


def _check_image_regions(ctx: CheckContext, template: ResolvedTemplate, codes: TemplateCodes, reported: set) -> None:
    """Image fields only on image regions, shapes a picture can be clipped to, and a fixed picture's resolution.

    A region inherited by several templates is checked once (`reported` holds the places already seen).
    """
    for region in template.regions:
        path = template.paths[region.name]
        if path + (region.name,) in reported:
            continue
        reported.add(path + (region.name,))
        if region.kind != "image":
            for name in IMAGE_FIELDS:
                if name in region.model_fields_set and getattr(region, name) is not None:
                    ctx.add(
                        codes.wrong_value,
                        path + (name,),
                        f"`{name}:` is for image regions; {region.name!r} is a {region.kind} region",
                        "remove it, or make the region `kind: image`",
                        key=True,
                    )
            continue
        if region.shape not in IMAGE_SHAPES:
            ctx.add(
                codes.wrong_value,
                path + ("shape",),
                f"an image region cannot be a {region.shape}",
                f"use one of {', '.join(IMAGE_SHAPES)}",
            )
        if region.image is not None:
            _x, _y, w, h = _box(region.box)
            check_resolution(
                ctx, region.image, w, h, region.fit, path + ("image",), f"region {region.name!r} of every card"
            )


ICON_CELL_HEIGHT = 0.88
"""How much of an em an icon picture may be tall: it sits on the baseline and reaches the ascent."""


def _check_icon_images(ctx: CheckContext, tset: TemplateSet, base: tuple) -> None:
    """An icon picture scales with the text: it must be sharp at the largest text size of any region."""
    pictures = [(name, icon.image) for name, icon in tset.icons.items() if icon.image is not None]
    if not pictures:
        return
    sizes = [r.size for t in tset.templates for r in t.regions if r.kind in ("text", "band", "effect")]
    sizes += [c.size for t in tset.templates for c in t.change.values() if c.size is not None]
    largest = max(sizes, default=8.0)
    em = largest * 25.4 / 72
    for name, image in pictures:
        check_resolution(
            ctx,
            image,
            em,
            em * ICON_CELL_HEIGHT,
            "contain",
            base + ("icons", name, "image"),
            f"icon {{{name}}} at {largest:g} pt",
        )


def _frame_path(tset: TemplateSet, template: ResolvedTemplate) -> tuple:
    """The template in the chain that set the frame, so the finding points at the line to fix."""
    by_id = {t.id: i for i, t in enumerate(tset.templates)}
    for template_id in template.chain:
        index = by_id[template_id]
        if tset.templates[index].frame is not None:
            return ("card_templates", "templates", index)
    return ("card_templates", "templates", by_id[template.id])


def region_boxes(region: Region) -> list[tuple[float, float, float, float]]:
    return [_box(spec) for spec in (region.box, region.header) if spec is not None]


def _box(spec: list[float]) -> tuple[float, float, float, float]:
    x, y, w, h = spec
    return x, y, w, h


def _check_geometry(ctx: CheckContext, template: ResolvedTemplate, codes: TemplateCodes) -> None:
    """Every box lies on the card; no two non-panel boxes overlap (panels sit behind, by design)."""
    placed: list[tuple[str, tuple[float, float, float, float]]] = []
    for region in template.regions:
        path = template.paths[region.name]
        for x, y, w, h in region_boxes(region):
            if x + w > template.width + 1e-6 or y + h > template.height + 1e-6:
                ctx.add(
                    codes.geometry,
                    path,
                    f"template {template.id!r}: region {region.name!r} runs off the {template.width:g} × {template.height:g} mm card",
                    "move or shrink its box",
                )
            if region.kind == "panel":
                continue
            overlapped: list[str] = []  # one finding per box, naming the first few it overlaps: never one per pair
            for other, (ox, oy, ow, oh) in placed:
                if other == region.name or other in overlapped:
                    continue
                if x < ox + ow - 1e-6 and ox < x + w - 1e-6 and y < oy + oh - 1e-6 and oy < y + h - 1e-6:
                    overlapped.append(other)
                    if len(overlapped) > PLACES_NAMED:
                        break
            if overlapped:
                named = ", ".join(map(repr, overlapped[:PLACES_NAMED]))
                more = " and more" if len(overlapped) > PLACES_NAMED else ""
                ctx.add(
                    codes.geometry,
                    path,
                    f"template {template.id!r}: region {region.name!r} overlaps {named}{more}",
                    "move one of the two boxes" if len(overlapped) == 1 else "move the boxes apart",
                )
            placed.append((region.name, (x, y, w, h)))


def check_cards(
    ctx: CheckContext,
    tset: TemplateSet,
    resolved: dict[str, ResolvedTemplate],
    cards: list[TemplateCard],
    default_template: dict[str, str],
    codes: TemplateCodes,
    base: tuple = ("cards",),
    covered: dict[int, set[str]] | None = None,
) -> dict[str, ResolvedTemplate]:
    """Each card fills every required region of its template, nothing else, with the right kind of value.

    `default_template` maps a card id to the template of the deck it is in; `covered`, for a card (by its
    place in `cards`), the regions a finding at a table's header already says it leaves unfilled.
    Returns card id → resolved template, for the rule model's own checks.
    A table column naming no region of its cards' templates is one finding at its header (`_misnamed_columns`),
    not one a row.
    """
    known = {t.id for t in tset.templates}
    used: dict[str, ResolvedTemplate] = {}
    chosen: list[ResolvedTemplate | None] = []
    for c, card in enumerate(cards):
        path = base + (c,)
        template_id = card.template or default_template.get(card.id)
        template = None
        if template_id is None:
            ctx.add(
                codes.unknown_template,
                path,
                f"card {card.id!r} has no template",
                "add `template:` or put the card in a deck that names one",
            )
        elif template_id not in known:
            where = path + ("template",) if card.template else path
            ctx.add(codes.unknown_template, where, f"no template named {template_id!r}", use_one_of(known))
        else:
            template = resolved.get(template_id)  # None: its own finding (cycle or bad parent) is already reported
        chosen.append(template)
    misnamed, meant = _misnamed_columns(ctx, cards, chosen, base)
    for c, regions in (covered or {}).items():
        meant.setdefault(c, set()).update(regions)
    for c, (card, template) in enumerate(zip(cards, chosen)):
        if template is None:
            continue
        path = base + (c,)
        used[card.id] = template
        for region in template.regions:
            fixed = region.kind == "image" and region.image is not None
            if (
                region.kind != "panel"
                and region.required
                and not fixed
                and region.name not in card.fill
                and region.name not in meant.get(c, ())
            ):
                ctx.add(
                    codes.unfilled,
                    path + ("fill",) if card.fill else path,
                    f"card {card.id!r} does not fill {region.name!r}, which template {template.id!r} requires",
                    f"add `{region.name}:` ({FILL_KINDS[region.kind]})",
                    key=bool(card.fill),
                )
        for name, value in card.fill.items():
            where = path + ("fill", name)
            filled = template.region(name)
            if filled is None or filled.kind == "panel":
                if misnamed and any(column.header in misnamed for column in ctx.columns_at(where)):
                    continue  # said once, at the column's header
                ctx.add(
                    codes.unknown_region,
                    where,
                    f"template {template.id!r} has no region {name!r} to fill",
                    use_one_of(_fillable(template)),
                    key=True,
                )
                continue
            _check_value(ctx, tset, filled, value, where, codes)
    return used


def _fillable(template: ResolvedTemplate) -> list[str]:
    return [r.name for r in template.regions if r.kind != "panel"]


def _misnamed_columns(
    ctx: CheckContext, cards: list[TemplateCard], chosen: list[ResolvedTemplate | None], base: tuple
) -> tuple[set[Location], dict[int, set[str]]]:
    """Table columns whose name is a region of none of their cards' templates: one PK543 at each header, with
    the region (or card field) it most likely means. Returns their headers, and for each card the required
    regions such a column was meant to fill (left unfilled because of it: said by the same finding)."""
    if not ctx.source.columns:
        return set(), {}
    seen: dict[Location, tuple[TableColumn, str]] = {}
    wrong: dict[Location, list[tuple[int, ResolvedTemplate]]] = {}
    right: set[Location] = set()
    for c, (card, template) in enumerate(zip(cards, chosen)):
        if template is None:
            continue
        for name in card.fill:
            for column in ctx.columns_at(base + (c, "fill", name)):
                seen.setdefault(column.header, (column, name))
                region = template.region(name)
                if region is None or region.kind == "panel":
                    wrong.setdefault(column.header, []).append((c, template))
                else:
                    right.add(column.header)
    meant: dict[int, set[str]] = {}
    for header in wrong.keys() - right:
        column, name = seen[header]
        templates = {template.id: template for _c, template in wrong[header]}
        regions = list(dict.fromkeys(r for template in templates.values() for r in _fillable(template)))
        close = difflib.get_close_matches(name, regions + list(column.fields), n=1, cutoff=0.6)
        whose = (
            "template " + ", ".join(map(repr, templates))
            if len(templates) == 1
            else "templates " + ", ".join(map(repr, templates))
        )
        if close:
            renamed = column.name.split(".")
            renamed[renamed.index(name)] = close[0]
            message = f"column {column.name!r} names no card field or region of {whose}: did you mean {close[0]!r}?"
            hint = f"rename the header to {'.'.join(renamed)!r}"
            for c, _template in wrong[header]:
                meant.setdefault(c, set()).add(close[0])
        else:
            message = f"column {column.name!r} names no card field or region of {whose}"
            hint = f"rename the header to one of {', '.join(regions)}, or delete the column"
        ctx.add_at("PK543", header, message, hint)
        ctx.misnamed.add(header)
    return wrong.keys() - right, meant


def _check_value(
    ctx: CheckContext, tset: TemplateSet, region: Region, value: Any, where: tuple, codes: TemplateCodes
) -> None:
    kind = region.kind
    expected = {
        "text": LocalText,
        "band": LocalText,
        "number": int,
        "effect": EffectFill,
        "label": str,
        "art": str,
        "image": ImageFill,
    }[kind]
    if not isinstance(value, expected):
        ctx.add(
            codes.wrong_value,
            where,
            f"region {region.name!r} is {'an' if kind[0] in 'aeiou' else 'a'} {kind} region and takes {FILL_KINDS[kind]}",
            "see the template for what each region holds",
        )
        return
    if kind == "label":
        if value not in tset.labels:
            ctx.add(codes.unknown_label, where, f"no label named {value!r}", use_one_of(tset.labels))
        elif region.choices and value not in region.choices:
            ctx.add(
                codes.wrong_value,
                where,
                f"region {region.name!r} accepts {', '.join(region.choices)}, not {value!r}",
                "use one of the region's choices",
            )
    if kind == "effect" and value.kind is not None and value.kind not in tset.labels:
        ctx.add(codes.unknown_label, where + ("kind",), f"no label named {value.kind!r}", use_one_of(tset.labels))
    if kind == "image":
        _x, _y, w, h = _box(region.box)
        check_resolution(ctx, value, w, h, region.fit, where, f"region {region.name!r}")


def inline_icon_names(tset: TemplateSet) -> tuple[str, ...]:
    """The `{name}`s card text may use to draw an icon."""
    return tuple(tset.icons)


__all__ = [
    "TemplateCodes",
    "check_cards",
    "check_templates",
    "inline_icon_names",
    "region_boxes",
]
