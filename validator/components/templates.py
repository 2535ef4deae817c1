"""Card templates as data: named regions on a card that card entries fill by name.

A template set holds a vocabulary of labels (class names, effect kinds, each
with a colour), inline icons (`{S1}`, `{dice}` in any text) and the templates.
A template is a list of regions (title, level badges, class labels, effect
boxes, an exception band, the art box, flavour text), each with a box on the
card, a font size and the smallest size auto-fit may shrink it to.

An image region (`kind: image`) shows a picture file from the kit, PNG, JPEG or
SVG (validator/images.py checks each file): `fit: cover` fills the box and crops
around `focus:`, `contain` shows all of it on the region's `fill:`, `stretch`
fills the box exactly; `shape:` rounds its corners and `frame:` draws a line
round it. A region's `image:` is a picture every card shows (a logo, a texture),
and an inline icon may be a picture file (`image:`) instead of a drawn `shape:`.

A template may `extends` another: it inherits the regions, may `change` some of
their fields, `remove` some and add its own. Cards fill regions by name:

    cards:
      - id: flaze
        template: dual
        fill:
          title: {ja: 炎の魔女見習い・フレイズ, en: "Flaze, Fire Witch"}
          unit_level: 3
          unit_effect: {kind: optional, tag: S3, text: {ja: ..., en: ...}}
          portrait: art/flaze.png        # or {file: art/flaze.png, focus: [0.5, 0.2]}

Nothing here knows any game. A rule model calls `check_templates` and
`check_cards` (template_checks.py) with its own finding codes (`TemplateCodes`)
and reads the values it gives meaning to with `TemplateCard.value`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import (
    BeforeValidator,
    Discriminator,
    Field,
    GetJsonSchemaHandler,
    StringConstraints,
    Tag,
    model_validator,
)
from pydantic.json_schema import JsonSchemaValue

from ..images import ImageFill, ImageValue, looks_like_path
from ..repeats import repeated
from ..types import (
    LENGTH_PATTERN,
    POSITIVE_LENGTH_PATTERN,
    Colour,
    Count,
    Ident,
    LocalText,
    StrictModel,
    parse_length,
    written_as,
)
from .cards import CARD_SIZES_MM, CardSizeField

Position = Annotated[
    float,
    BeforeValidator(parse_length),
    Field(ge=0, description="A length from the card's edge, e.g. '4mm'."),
    written_as(LENGTH_PATTERN, "4mm"),
]
BoxSpec = Annotated[
    list[Position],
    Field(
        min_length=4,
        max_length=4,
        description="[x, y, width, height] from the card's top-left corner, e.g. [4mm, 3mm, 55mm, 8mm].",
    ),
]
PointSize = Annotated[float, Field(gt=0, le=72, description="A font size in points.")]
IconName = Annotated[str, StringConstraints(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$", max_length=32)]
Fraction = Annotated[float, Field(ge=0, le=1)]

FLOOR_LATIN_PT = 6.0
FLOOR_JAPANESE_PT = 7.0
"""The readable floor: no printed text is smaller, whatever a region's `min_size` says (6 pt for Latin text,
7 pt for text with kana or kanji; generator.layouts.context holds every text to it)."""

RegionKind = Literal["text", "number", "label", "effect", "band", "art", "panel", "image"]
Shape = Literal["rect", "rounded", "pill", "circle", "diamond", "shield"]
ImageFit = Literal["cover", "contain", "stretch"]
IMAGE_SHAPES = ("rect", "rounded", "pill", "circle")
"""The shapes an image region clips its picture to: corners rounded as the region's."""
IMAGE_FIELDS = ("fit", "focus", "frame", "image")
"""Region fields only image regions take."""

FILL_KINDS: dict[str, str] = {
    "text": "text {ja, en}",
    "band": "text {ja, en}",
    "number": "a whole number",
    "label": "a label key",
    "art": "an art key",
    "effect": "an effect {kind, tag, text}",
    "image": "a PNG, JPEG or SVG file in the kit, e.g. art/moon.png",
}
"""What a card writes into each kind of region; panels are decoration and take no value."""


class Label(StrictModel):
    """A named value a label region shows as a coloured pill: a class, an effect kind."""

    name: LocalText
    """The label's text, printed on the pill."""
    colour: Colour
    """The pill's colour (and of regions that take their colour from it)."""
    text_colour: Colour = "#ffffff"
    """The colour of the label's text."""


class InlineIcon(StrictModel):
    """An icon that `{name}` in any card text draws, one em wide, scaled with the font: a drawn
    shape, or a picture file (`image: icons/coin.svg`) that sits on the baseline."""

    shape: Literal["tag", "die", "disc"] | None = Field(None, description="A drawn icon; give this or `image`.")
    image: ImageValue | None = Field(None, description="A PNG or SVG file in the kit drawn as the icon.")
    colour: Colour = "#000000"
    """The icon's colour."""
    text: str | None = Field(None, max_length=3, description="The characters on a tag or disc, e.g. 'S1'.")
    pips: int = Field(6, ge=1, le=6, description="The face a die icon shows.")

    @model_validator(mode="after")
    def _one_kind(self) -> InlineIcon:
        if (self.shape is None) == (self.image is None):
            raise ValueError("an icon is either a `shape:` (tag, die or disc) or an `image:` file, not both or neither")
        return self


class ImageFrame(StrictModel):
    """A line around an image region, following its corners."""

    colour: Colour = "#000000"
    """The line's colour."""
    width: Annotated[
        float,
        BeforeValidator(parse_length),
        Field(gt=0, le=5, description="The line's width, up to 5mm, e.g. '0.5mm'."),
        written_as(POSITIVE_LENGTH_PATTERN, "0.5mm"),
    ] = 0.5


class Region(StrictModel):
    """One named place on the card."""

    name: Ident
    """The region's name: cards fill the region by it."""
    kind: RegionKind
    """What the region holds: text, number, label, effect, band, art, panel (decoration) or image."""
    box: BoxSpec
    """Where the region sits: [x, y, width, height] from the card's top-left corner, e.g. [4mm, 3mm, 55mm, 8mm]."""
    required: bool = Field(True, description="Every card must fill it (panels never need a value).")
    size: PointSize = 8.0
    """The font size in points."""
    min_size: PointSize = Field(6.0, description="Auto-fit shrinks text down to this size, never below.")
    lines: Count | None = Field(None, description="At most this many lines; 1 keeps a name on one line.")
    align: Literal["start", "middle", "end"] = "start"
    """Horizontal alignment: start, middle or end."""
    valign: Literal["top", "middle", "bottom"] = "top"
    """Vertical alignment: top, middle or bottom."""
    bold: bool = False
    """Set the text in bold."""
    font: Ident | None = Field(None, description="The font family of its text: a key of the kit's `fonts`.")
    colour: Colour | None = Field(None, description="Text colour.")
    fill: Colour | None = Field(None, description="Background colour.")
    colour_from: Ident | None = Field(None, description="A label region whose label colour fills this region.")
    tint: Fraction = Field(1.0, description="How much of that colour: 1 is the full colour, 0.15 a light wash.")
    shape: Shape = "rect"
    """The region's outline: rect, rounded, pill, circle, diamond or shield."""
    heading: LocalText | None = Field(None, description="A small caption: 'Lv' on a badge, '異例' on a band.")
    header: BoxSpec | None = Field(None, description="For effects: where the kind and the tag go.")
    choices: list[Ident] = Field(default_factory=list, description="For labels: the keys this region accepts.")
    fit: ImageFit = Field(
        "cover",
        description="For images: cover fills the box and crops, contain shows all of it on the region's fill, stretch distorts.",
    )
    focus: list[Fraction] | None = Field(
        None,
        min_length=2,
        max_length=2,
        description="For images: [x, y] of the picture that cover keeps in view, as fractions; [0.5, 0.5] by default.",
    )
    frame: ImageFrame | None = Field(None, description="For images: a line around the picture.")
    image: ImageValue | None = Field(
        None, description="For images: a picture every card shows (a logo, a texture); a card's own value replaces it."
    )

    @model_validator(mode="after")
    def _sizes(self) -> Region:
        if self.min_size > self.size:
            raise ValueError(f"min_size ({self.min_size}) is larger than size ({self.size})")
        return self


class RegionChange(StrictModel):
    """Fields to change in an inherited region; the rest stay as the parent has them."""

    box: BoxSpec | None = None
    """A new [x, y, width, height] for the inherited region."""
    required: bool | None = None
    """Whether every card must fill the region."""
    size: PointSize | None = None
    """A new font size, in points."""
    min_size: PointSize | None = None
    """A new smallest size auto-fit may shrink the text to, in points."""
    lines: Count | None = None
    """A new most lines the text may take."""
    align: Literal["start", "middle", "end"] | None = None
    """A new horizontal alignment: start, middle or end."""
    valign: Literal["top", "middle", "bottom"] | None = None
    """A new vertical alignment: top, middle or bottom."""
    bold: bool | None = None
    """Whether the text is bold."""
    font: Ident | None = None
    """A new font family: a key of the kit's `fonts`."""
    colour: Colour | None = None
    """A new text colour."""
    fill: Colour | None = None
    """A new background colour."""
    colour_from: Ident | None = None
    """A label region whose label colour fills this region."""
    tint: Fraction | None = None
    """How much of that colour: 1 is the full colour, 0.15 a light wash."""
    shape: Shape | None = None
    """A new outline: rect, rounded, pill, circle, diamond or shield."""
    heading: LocalText | None = None
    """A new small caption."""
    header: BoxSpec | None = None
    """For effects: where the kind and the tag go."""
    choices: list[Ident] | None = None
    """For labels: the keys the region accepts."""
    fit: ImageFit | None = None
    """For images: cover, contain or stretch."""
    focus: list[Fraction] | None = Field(None, min_length=2, max_length=2)
    """For images: [x, y] of the picture that cover keeps in view, as fractions."""
    frame: ImageFrame | None = None
    """For images: a line around the picture."""
    image: ImageValue | None = None
    """For images: a picture every card shows."""


class Frame(StrictModel):
    """The coloured edge (it runs to the cut line) and the face inside it."""

    colour: Colour = "#3a3a48"
    """The colour of the card's edge."""
    colour_from: Ident | None = Field(None, description="A label region whose label colour is the edge colour.")
    face: Colour = "#fffaf2"
    """The colour of the face inside the edge."""
    border: Position = 3.0
    """How wide the edge is, e.g. '3mm'."""
    radius: Position = 2.5
    """The corner radius of the face, e.g. '2.5mm'."""


class CardTemplate(StrictModel):
    id: Ident
    """The template's id: decks and cards name it in `template:`."""
    extends: Ident | None = Field(None, description="A template whose regions this one starts from.")
    size: CardSizeField | None = Field(None, description="Inherited when not given; poker size at the root.")
    frame: Frame | None = None
    """The card's coloured edge and face; inherited when not given."""
    regions: list[Region] = Field(default_factory=list, description="New regions, or inherited ones redefined whole.")
    change: dict[Ident, RegionChange] = Field(
        default_factory=dict, description="Inherited region → the fields to change."
    )
    remove: list[Ident] = Field(default_factory=list, description="Inherited regions this template drops.")


class TemplateSet(StrictModel):
    labels: dict[Ident, Label] = Field(default_factory=dict)
    """Named labels (class names, effect kinds), each with a name and a colour: key → label."""
    icons: dict[IconName, InlineIcon] = Field(default_factory=dict)
    """Inline icons that `{name}` in any card text draws: name → icon."""
    templates: list[CardTemplate] = Field(min_length=1)
    """The card templates."""


class EffectFill(StrictModel):
    """What an effect region holds: a kind label (e.g. optional/forced), a tag (e.g. a spell number) and the text."""

    kind: Ident | None = None
    """The effect's kind: a key of the template set's `labels`, e.g. optional or forced."""
    tag: str | None = Field(None, max_length=8, description="A short code; the name of an inline icon draws the icon.")
    text: LocalText
    """The effect's text."""


def _fill_tag(value: Any) -> str | None:
    if isinstance(value, (EffectFill, LocalText, ImageFill)):
        return {EffectFill: "effect", LocalText: "text", ImageFill: "image"}.get(type(value), "text")
    if isinstance(value, dict):
        if "file" in value:
            return "image"
        return "effect" if {"kind", "tag", "text"} & set(value) else "text"
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return "number"
    if isinstance(value, str):
        return "image" if looks_like_path(value) else "key"
    return None


class _FillByShape:
    """JSON Schema only: the loader tells a region's value by its shape (`_fill_tag`), and so does the schema,
    with if/then rather than "one of five", so an editor reports a mistake against the form that was meant.
    Text with '/' or '.' is a picture file (`looks_like_path`), other text a key."""

    def __get_pydantic_json_schema__(self, schema: Any, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        effect, text, number, key, image = handler(schema)["oneOf"]  # the order of the union below
        path, picture = image["anyOf"]
        path = {**path, "pattern": r"[/.]", "description": "A picture file in the kit, e.g. 'art/moon.png'."}
        an_effect = {"anyOf": [{"required": ["kind"]}, {"required": ["tag"]}, {"required": ["text"]}]}
        return {
            "if": {"type": "integer"},
            "then": number,
            "else": {
                "if": {"type": "string"},
                "then": {"if": {"pattern": r"[/.]"}, "then": path, "else": key},
                "else": {
                    "if": {"type": "object", "required": ["file"]},
                    "then": picture,
                    "else": {"if": {"type": "object", **an_effect}, "then": effect, "else": text},
                },
            },
        }


FillValue = Annotated[
    Annotated[EffectFill, Tag("effect")]
    | Annotated[LocalText, Tag("text")]
    | Annotated[int, Tag("number")]
    | Annotated[Ident, Tag("key")]
    | Annotated[ImageValue, Tag("image")],
    Discriminator(
        _fill_tag,
        custom_error_type="fill_value",
        custom_error_message="a region takes text {ja, en}, an effect {kind, tag, text}, a whole number, a key or an image file",
    ),
    _FillByShape(),
]


class TemplateCard(StrictModel):
    """One card design: the template it uses and the value of each region, by region name."""

    id: Ident
    """The card's id, unique in the kit."""
    template: Ident | None = Field(None, description="Defaults to the template of the deck the card is in.")
    fill: dict[Ident, FillValue] = Field(default_factory=dict)
    """Region name → value: text {ja, en}, a number, a label key, an effect {kind, tag, text} or a picture file."""

    def value(self, region: str) -> Any:
        return self.fill.get(region)


# ---------------------------------------------------------------- resolving `extends`


@dataclass(frozen=True)
class ResolvedTemplate:
    """A template with everything it inherits applied; `paths` says where each region was last defined."""

    id: str
    width: float
    height: float
    frame: Frame
    regions: tuple[Region, ...]
    paths: dict[str, tuple] = field(default_factory=dict)
    chain: tuple[str, ...] = ()

    def region(self, name: str) -> Region | None:
        return self._by_name.get(name)

    @cached_property
    def _by_name(self) -> dict[str, Region]:
        """Each region by its name (the first of a name), so a card's every fill finds its region at once."""
        by_name: dict[str, Region] = {}
        for region in self.regions:
            by_name.setdefault(region.name, region)
        return by_name

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(r.name for r in self.regions)


@dataclass(frozen=True)
class Problem:
    """A template problem before it meets a game's codes: `kind` is a TemplateCodes field."""

    kind: str
    path: tuple
    message: str
    hint: str = ""
    key: bool = False
    first: tuple = ()
    """For a name given twice, where it is first given: the finding names that place."""


def resolve_templates(
    tset: TemplateSet, base: tuple = ("card_templates", "templates")
) -> tuple[dict[str, ResolvedTemplate], list[Problem]]:
    """Apply `extends` everywhere. Templates caught in a cycle or extending nothing are left out.

    >>> tset = TemplateSet.model_validate({"templates": [
    ...     {"id": "base", "regions": [
    ...         {"name": "title", "kind": "text", "box": ["3mm", "3mm", "57mm", "8mm"]},
    ...         {"name": "body", "kind": "text", "box": ["3mm", "14mm", "57mm", "40mm"]}]},
    ...     {"id": "short", "extends": "base", "remove": ["body"], "change": {"title": {"size": 12}}},
    ...     {"id": "loop", "extends": "loop"}]})
    >>> resolved, problems = resolve_templates(tset)
    >>> resolved["short"].names, resolved["short"].region("title").size, resolved["short"].chain
    (('title',), 12.0, ('short', 'base'))
    >>> [(p.kind, p.message) for p in problems]
    [('cycle', "template 'loop' extends itself: loop → loop")]
    """
    by_id = {t.id: (i, t) for i, t in enumerate(tset.templates)}
    resolved: dict[str, ResolvedTemplate] = {}
    problems: list[Problem] = []
    broken: set[str] = set()

    def visit(template_id: str, trail: tuple[str, ...]) -> ResolvedTemplate | None:
        if template_id in resolved:
            return resolved[template_id]
        if template_id in broken:
            return None
        index, template = by_id[template_id]
        path = base + (index,)
        parent: ResolvedTemplate | None = None
        if template.extends is not None:
            if template.extends in trail + (template_id,):
                loop = trail[trail.index(template.extends) :] if template.extends in trail else ()
                cycle = " → ".join(loop + (template_id, template.extends))
                for member in loop + (template_id,):
                    m_index, _ = by_id[member]
                    problems.append(
                        Problem(
                            "cycle",
                            base + (m_index, "extends"),
                            f"template {member!r} extends itself: {cycle}",
                            "break the cycle; a template cannot be its own ancestor",
                        )
                    )
                    broken.add(member)
                return None
            if template.extends not in by_id:
                problems.append(
                    Problem(
                        "unknown_template",
                        path + ("extends",),
                        f"no template named {template.extends!r}",
                        use_one_of(by_id),
                    )
                )
                broken.add(template_id)
                return None
            parent = visit(template.extends, trail + (template_id,))
            if parent is None:
                broken.add(template_id)
                return None
        made = _apply(template, path, parent, problems)
        resolved[template_id] = made
        return made

    for template in tset.templates:
        if template.id not in resolved and template.id not in broken:
            visit(template.id, ())
    return resolved, problems


def _apply(
    template: CardTemplate, path: tuple, parent: ResolvedTemplate | None, problems: list[Problem]
) -> ResolvedTemplate:
    regions: list[Region] = list(parent.regions) if parent else []
    paths: dict[str, tuple] = dict(parent.paths) if parent else {}
    inherited = {r.name for r in regions}
    removed: set[str] = set()
    known = ""  # the hint naming every region, written once however many names are missing
    for k, name in enumerate(template.remove):
        if name in removed:
            continue
        removed.add(name)
        if name not in inherited:
            known = known or use_one_of(inherited)
            problems.append(
                Problem(
                    "missing_region",
                    path + ("remove", k),
                    f"cannot remove {name!r}: {_whose(parent)} has no such region",
                    known,
                )
            )
    regions = [r for r in regions if r.name not in removed]
    at = {r.name: i for i, r in enumerate(regions)}  # where each region stands: found at once, not by a search
    known = ""
    for name, change in template.change.items():
        position = at.get(name)
        if position is None:
            known = known or use_one_of(at)
            problems.append(
                Problem(
                    "missing_region",
                    path + ("change", name),
                    f"cannot change {name!r}: {_whose(parent)} has no such region",
                    known,
                    key=True,
                )
            )
            continue
        regions[position] = regions[position].model_copy(update=change.model_dump(exclude_unset=True))
        paths[name] = path + ("change", name)
    for group in repeated((region.name, path + ("regions", i, "name")) for i, region in enumerate(template.regions)):
        problems.append(
            Problem(
                "duplicate",
                group.places[1],
                f"region {group.key!r} is defined {group.times} in this template",
                "give each region its own name",
                first=group.places[0],
            )
        )
    seen: set[str] = set()
    for i, region in enumerate(template.regions):
        if region.name in seen:
            continue  # a region given twice: reported above, once
        seen.add(region.name)
        position = at.get(region.name)
        if position is None:
            at[region.name] = len(regions)
            regions.append(region)
        else:
            regions[position] = region
        paths[region.name] = path + ("regions", i)
    if template.size is not None:
        width, height = template.size.width, template.size.height
    elif parent is not None:
        width, height = parent.width, parent.height
    else:
        width, height = CARD_SIZES_MM["poker"]
    frame = template.frame or (parent.frame if parent else Frame())
    chain = (template.id,) + (parent.chain if parent else ())
    return ResolvedTemplate(template.id, width, height, frame, tuple(regions), paths, chain)


def _whose(parent: ResolvedTemplate | None) -> str:
    return f"template {parent.id!r}" if parent else "a template without `extends`"


def use_one_of(names: Iterable[str]) -> str:
    """The hint naming every choice, sorted; empty when there is none."""
    names = sorted(names)
    return f"use one of {', '.join(names)}" if names else ""


__all__ = [
    "FLOOR_JAPANESE_PT",
    "FLOOR_LATIN_PT",
    "CardTemplate",
    "EffectFill",
    "FillValue",
    "Frame",
    "ImageFill",
    "ImageFrame",
    "InlineIcon",
    "Label",
    "Region",
    "RegionChange",
    "ResolvedTemplate",
    "TemplateCard",
    "TemplateSet",
    "resolve_templates",
    "use_one_of",
]
