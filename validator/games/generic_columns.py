"""Table columns whose name reads two ways in a generic deck: one finding at the header cell, not one a row.

A table's header names a card field when the card has a field of that name (`id`, `count`, `template`, `back`,
and `title`, `body`, which are shorthand for the regions of those names) and a template region otherwise
(validator.cardfiles). Two cases leave the designer with something else than what they wrote:

- `count` (or `id`, `template`, `back`) when the cards' template also has a region of that name: the column
  sets the card field, and the region is left empty. `fill.count` names the region (PK430, a warning; an error,
  PK403, when the region is required, as every card would then miss it);
- `body.en` next to `fill.body.en` (or `title.…` next to `fill.title.…`): both fill one region, so every card
  fills it twice (PK409, once at the second header rather than once a card).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..components.templates import ResolvedTemplate

if TYPE_CHECKING:
    from ..checks import CheckContext
    from ..source import TableColumn
    from .generic import GenericKit

AMBIGUOUS = "PK430"
SHORTHAND = ("title", "body")
FIELD_MEANING = {
    "id": "names each card",
    "count": "sets how many copies of each card print",
    "template": "names each card's template",
    "back": "gives each card its own back",
}
"""What a column named like a card field does instead of filling the region of that name."""


def check_columns(
    kit: GenericKit, ctx: CheckContext, d: int, resolved: dict[str, ResolvedTemplate]
) -> dict[int, set[str]]:
    """The header findings for deck `d`'s table columns. Returns, for each card (by its place in the deck), the
    regions a finding here already covers: the per-card checks leave them alone."""
    columns = ctx.source.columns.get(("decks", d, "cards"), [])
    covered: dict[int, set[str]] = {}
    if not columns:
        return covered
    for column in columns:
        if len(column.target) == 1 and column.target[0] in FIELD_MEANING:
            _field_or_region(kit, ctx, d, resolved, column, columns, covered)
    for region in SHORTHAND:
        _filled_twice(ctx, region, columns, covered)
    return covered


def _field_or_region(
    kit: GenericKit,
    ctx: CheckContext,
    d: int,
    resolved: dict[str, ResolvedTemplate],
    column: TableColumn,
    columns: list[TableColumn],
    covered: dict[int, set[str]],
) -> None:
    """A column named like a card field whose cards' template has a region of that name."""
    name = column.target[0]
    if any(other.target[:2] == ("fill", name) for other in columns):
        return  # both are written: the designer has told them apart
    deck = kit.decks[d]
    templates: dict[str, bool] = {}  # template id → whether it requires the region
    cards: list[int] = []
    for c in range(column.first, min(column.stop, len(deck.cards))):
        if ("decks", d, "cards", c, name) not in ctx.source.values:
            continue  # an empty cell
        card = deck.cards[c]
        template = resolved.get(card.template or deck.template)
        region = template.region(name) if template is not None else None
        if template is None or region is None or region.kind == "panel" or name in card.fill:
            continue
        templates[template.id] = templates.get(template.id, False) or (region.required and region.image is None)
        cards.append(c)
    if not templates:
        return
    whose = ", ".join(map(repr, templates))
    required = any(templates.values())
    if required:  # every card of the column would miss the region: the column was surely meant for it
        message = (
            f"column {column.name!r} {FIELD_MEANING[name]}, so region {name!r} of template {whose}, which is "
            "required, is left empty: the column likely means the region"
        )
        hint = f"name the column `fill.{name}` to fill the region; a `{name}` column beside it sets the card's {name}"
    else:
        message = (
            f"column {column.name!r} {FIELD_MEANING[name]}; it does not fill region {name!r} of template {whose}, "
            "which stays empty"
        )
        hint = (
            f"if the column is the region's, name it `fill.{name}` (a `{name}` column beside it sets the card's {name})"
        )
    ctx.add_at("PK403" if required else AMBIGUOUS, column.header, message, hint)
    if required:
        for c in cards:
            covered.setdefault(c, set()).add(name)


def _filled_twice(ctx: CheckContext, region: str, columns: list[TableColumn], covered: dict[int, set[str]]) -> None:
    """`body.en` and `fill.body.ja` in one table: both fill region 'body', so every card fills it twice."""
    short = [column for column in columns if column.target[:1] == (region,)]
    long = [column for column in columns if column.target[:2] == ("fill", region)]
    if not short or not long:
        return
    first, second = sorted((short[0], long[0]), key=lambda column: column.header)
    ctx.add_at(
        "PK409",
        second.header,
        f"columns {first.name!r} (at {first.header.brief()}) and {second.name!r} both fill region {region!r}: "
        f"`{region}.…` is shorthand for `fill.{region}.…`",
        f"write it one way: `{region}.ja`, `{region}.en` or `fill.{region}.ja`, `fill.{region}.en`",
    )
    for c in range(max(short[0].first, long[0].first), min(short[0].stop, long[0].stop)):
        covered.setdefault(c, set()).add(region)
