"""A generic card's parts beyond its front: its own back (a picture or a second fill), the built-in `plain`
template a deck uses when it names none, and the check that a shuffled deck's cards share one back."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Annotated, Any

from pydantic import BaseModel, Discriminator, Field, GetJsonSchemaHandler, Tag
from pydantic.json_schema import JsonSchemaValue

from ..checks import CheckContext
from ..components.templates import FillValue, Frame, Region, ResolvedTemplate
from ..images import ImageFill, ImageValue
from ..types import Ident, LocalText, RuleText, StrictModel

BUILTIN_TEMPLATE = "plain"
"""The template a deck uses when it names none: a title band and a body text, sized to the deck's cards."""
ONE_LINE_MM = 2.6
"""The height a line of 6 pt text needs, leading included: the title band of a short plain card holds one."""


class CardSide(StrictModel):
    """The other side of a card, drawn from a template like a front: the card's own back, or the second
    face of a double-faced card. `title:` and `body:` are shorthand for filling those regions."""

    template: Ident | None = Field(None, description="Defaults to the card's own template.")
    title: LocalText | None = None
    """Shorthand for filling the `title` region."""
    body: RuleText | None = None
    """Shorthand for filling the `body` region; numbers come from `{placeholders}`."""
    fill: dict[Ident, FillValue] = Field(default_factory=dict, description="Region name → value, as on the front.")


def _back_tag(value: Any) -> str:
    if isinstance(value, (str, ImageFill)) or (isinstance(value, dict) and "file" in value):
        return "image"
    return "side"


class _BackByShape:
    """JSON Schema only: like `_back_tag`, text or `{file: …}` is a picture and any other mapping a second fill,
    told apart with if/then so an editor reports a mistake against the form that was meant."""

    def __get_pydantic_json_schema__(self, schema: Any, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        image, side = handler(schema)["oneOf"]  # the order of the union below
        return {
            "if": {"anyOf": [{"type": "string"}, {"type": "object", "required": ["file"]}]},
            "then": image,
            "else": side,
        }


CardBackValue = Annotated[
    Annotated[ImageValue, Tag("image")] | Annotated[CardSide, Tag("side")],
    Discriminator(
        _back_tag,
        custom_error_type="card_back",
        custom_error_message="a card's own back is a picture file (art/back.png) or a second fill {template, fill}",
    ),
    _BackByShape(),
]


# ---------------------------------------------------------------- the built-in template


def plain_template(width: float, height: float, path: tuple = ()) -> ResolvedTemplate:
    """A title band across the top and a body text below it, for cards of any size.

    >>> t = plain_template(63, 88)
    >>> t.names, t.region("title").box, t.region("body").required
    (('title_band', 'title', 'body'), [5.0, 4.0, 53.0, 8.0], False)
    """
    inset = min(2.5 if width >= 40 else 1.5, width / 4, height / 4)
    inner = height - 2 * inset
    band = min(11.0, height * 0.14)
    if band - 3 < ONE_LINE_MM:  # a short card: the band takes what a line of title needs, the body what is left
        band = min(inner, ONE_LINE_MM + 3)
    pad_x = min(2.5, (width - 2 * inset) / 4)
    pad_y = min(1.5, max(0.0, (band - ONE_LINE_MM) / 2))
    body_top = min(inset + band + 3, height - inset)

    def mm(*values: float) -> list[str]:
        return [f"{max(0.0, v):.3f}mm" for v in values]

    specs = (
        {"name": "title_band", "kind": "panel", "box": mm(inset, inset, width - 2 * inset, band), "fill": "#3a3a48"},
        {
            "name": "title",
            "kind": "text",
            "box": mm(inset + pad_x, inset + pad_y, width - 2 * inset - 2 * pad_x, band - 2 * pad_y),
            "size": 10.0,
            "min_size": 6.0,
            "lines": 1,
            "bold": True,
            "colour": "#ffffff",
            "align": "middle",
            "valign": "middle",
        },
        {
            "name": "body",
            "kind": "text",
            "box": mm(inset + pad_x, body_top, width - 2 * inset - 2 * pad_x, height - inset - 2.5 - body_top),
            "size": 8.5,
            "min_size": 6.0,
            "required": False,
        },
    )
    made = tuple(Region.model_validate(spec) for spec in specs)
    return ResolvedTemplate(
        BUILTIN_TEMPLATE, width, height, Frame(), made, {r.name: path for r in made}, (BUILTIN_TEMPLATE,)
    )


# ---------------------------------------------------------------- one back for a shuffled deck


def check_deck_backs(ctx: CheckContext, decks: Sequence[Any]) -> None:
    """PK432: in a shuffled deck, a card whose back differs from the deck's usual back can be picked out face down.

    The usual back is the one most printed copies show (the deck's own back on a tie). A deck marked
    `shuffled: false` (dealt face up, or kept apart) may mix backs, and so may a deck whose every card shares one
    own back. Cards switched off with `count: 0` do not print, so their backs do not count."""
    for d, deck in enumerate(decks):
        if not getattr(deck, "shuffled", True):
            continue
        printed = [(c, card) for c, card in enumerate(deck.cards) if card.copies]
        copies: Counter[str] = Counter()
        for _c, card in printed:
            copies[_back_key(card.back)] += card.copies
        if len(copies) < 2:
            continue
        usual = max(copies, key=lambda key: (copies[key], key == DECK_BACK))
        others = sum(copies.values()) - copies[usual]
        for c, card in printed:
            if _back_key(card.back) == usual:
                continue
            name = card.id or f"#{c + 1}"
            what = "has its own back" if card.back is not None else "has the deck's back"
            ctx.add(
                "PK432",
                ("decks", d, "cards", c) + (("back",) if card.back is not None else ()),
                f"card {name!r} of deck {deck.id!r} {what}, unlike {copies[usual]} of its {copies[usual] + others} "
                "cards: shuffled face down, it can be picked out",
                "give every card the deck's back (a second face belongs in a deck that is not shuffled), or write "
                "`shuffled: false` on a deck that is never shuffled",
                key=card.back is not None,  # at `back:` itself, however the back is written
            )


DECK_BACK = ""
"""The key of a card that shows its deck's back."""


def _back_key(back: Any) -> str:
    """Equal backs have equal keys: the deck's back, or what the card's own back is drawn from."""
    if back is None:
        return DECK_BACK
    return repr(back.model_dump(mode="json")) if isinstance(back, BaseModel) else repr(back)
