"""The shared rule vocabulary checked against itself, and what a kit leaves open."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from ..checks import (
    CheckContext,
    check_choice,
    check_hand_limit,
    check_permutation,
    check_recipes,
    check_supply,
    check_unique_ids,
    check_unique_names,
)
from ..types import LocalText, Unspecified
from ..walk import walk_models

if TYPE_CHECKING:
    from ..components.kit import KitBase
    from ..components.play import Play, Supply


class Numbers:
    """The vocabulary's numbers, with `{parameter}` references looked up once; an unknown one is PK302."""

    def __init__(self, ctx: CheckContext, values: dict[str, Any]):
        self.ctx = ctx
        self.values = values
        self.reported: set[tuple] = set()

    def __call__(self, path: tuple, amount: int | str | Any) -> int | None:
        """The number `amount` stands for, or None (unknown, or `unspecified`). Checks that read one number each
        report an unknown parameter there once."""
        if isinstance(amount, (bool, Unspecified)) or amount is None:
            return None
        if isinstance(amount, int):
            return amount
        if isinstance(amount, str):
            name = amount.strip("{}")
            value = self.values.get(name)
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return int(value)
            if path not in self.reported:
                self.reported.add(path)
                numeric = sorted(k for k, v in self.values.items() if isinstance(v, (int, float)))
                self.ctx.add("PK302", path, f"unknown parameter {amount}", f"known: {', '.join(numeric[:12])}")
        return None


def check_play(ctx: CheckContext, kit: KitBase, numbers: Numbers) -> None:
    """Ids are unique; the tie-break is an order of the scoring categories; a player over the hand limit
    discards down to it; supplies hold what a win needs; recipes differ; effects name declared kinds and
    targets; choices offer a choice."""
    play = kit.play
    if play is None:
        return
    base = ("play",)
    for field in ("phases", "piles", "supplies", "recipes", "effects", "choices"):
        check_unique_ids(ctx, getattr(play, field), base + (field,), field.rstrip("s"))
    check_unique_names(ctx, play.phases, base + ("phases",), "phase")
    for p, phase in enumerate(play.phases):
        check_unique_ids(ctx, phase.steps, base + ("phases", p, "steps"), "step")
    _check_hand_limit(ctx, play, numbers)
    _check_supplies(ctx, kit, play, numbers)
    check_recipes(
        ctx,
        [
            (
                base + ("recipes", r, "inputs"),
                frozenset(recipe.inputs),
                recipe.category,
                recipe.name.get(ctx.languages[0]),
            )
            for r, recipe in enumerate(play.recipes)
        ],
    )
    scoring = play.scoring
    if scoring is not None and isinstance(scoring.tie_break, list) and scoring.tie_break:
        check_permutation(
            ctx, base + ("scoring", "tie_break"), scoring.tie_break, [c.id for c in scoring.categories], "the tie-break"
        )
    _check_effects(ctx, play)
    for c, choice in enumerate(play.choices):
        check_choice(ctx, base + ("choices", c, "options"), choice.options, f"choice {choice.id!r}")


def _check_hand_limit(ctx: CheckContext, play: Play, numbers: Numbers) -> None:
    limit = play.hand_limit
    if limit is None:
        return
    path = ("play", "hand_limit")
    most = numbers(path + ("limit",), limit.limit)
    to = numbers(path + ("discard_to",), limit.discard_to)
    if most is not None and to is not None:
        check_hand_limit(ctx, path + ("discard_to",), most, to)


def supply_wins(kit: KitBase, s: int, supply: Supply, numbers: Numbers) -> dict[int, int]:
    """The win of supply `s` at each player count the kit allows: one number for all, or one per count."""
    path = ("play", "supplies", s, "win")
    counts = range(kit.players.min, kit.players.max + 1)
    if isinstance(supply.win, dict):
        found = {n: numbers(path + (n,), supply.win[n]) for n in counts if n in supply.win}
        return {n: win for n, win in found.items() if win is not None}
    win = numbers(path, supply.win)
    return {} if win is None else dict.fromkeys(counts, win)


def _check_supplies(ctx: CheckContext, kit: KitBase, play: Play, numbers: Numbers) -> None:
    """A player one short of a win who gains the most one turn allows must still find tokens in the supply."""
    for s, supply in enumerate(play.supplies):
        path = ("play", "supplies", s)
        count = numbers(path + ("count",), supply.count)
        wins = supply_wins(kit, s, supply, numbers)
        gain = numbers(path + ("most_per_turn",), supply.most_per_turn) or 1
        cap = numbers(path + ("cap",), supply.cap)
        name = supply.name.get(ctx.languages[0])
        if isinstance(supply.win, dict):
            for n in range(kit.players.min, kit.players.max + 1):
                if n not in supply.win:
                    ctx.add(
                        "PK305",
                        path + ("win",),
                        f"the win of {name!r} gives no number for {n} players",
                        f"give one for every player count, {kit.players.min} to {kit.players.max}",
                    )
        if count is not None and wins:
            if supply.per == "player":
                win = max(wins.values())
                check_supply(ctx, path + ("count",), count, win, gain, f"{name} per player", 1)
            else:  # each player count against its own win: the most tokens it can need
                n, win = max(wins.items(), key=lambda item: (item[0] * (item[1] - 1), item[0]))
                what = f"{name} in all" + (f" (at {n} players, a win at {win})" if isinstance(supply.win, dict) else "")
                check_supply(ctx, path + ("count",), count, win, gain, what, n)
        hardest = max(wins.values()) if wins else None
        if cap is not None and hardest is not None and cap < hardest:
            ctx.add(
                "PK332",
                path + ("cap",),
                f"a player may hold at most {cap} {name}, but needs {hardest} to win",
                "raise the cap or lower the win threshold",
            )
        if cap is not None and count is not None and supply.per == "player" and cap >= count:
            ctx.add(
                "PK339",
                path + ("cap",),
                f"the cap of {cap} {name} never binds: a player has only {count}",
                "lower the cap below the supply, or remove it",
            )


def _check_effects(ctx: CheckContext, play: Play) -> None:
    kinds, targets = set(play.effect_kinds), set(play.targets)
    for e, effect in enumerate(play.effects):
        path = ("play", "effects", e)
        if effect.kind not in kinds:
            ctx.add(
                "PK305",
                path + ("kind",),
                f"effect {effect.id!r} is of kind {effect.kind!r}, which `effect_kinds` does not list",
                f"use one of {', '.join(play.effect_kinds)}",
            )
        if effect.target is None:
            if targets:
                ctx.add(
                    "PK320",
                    path,
                    f"effect {effect.id!r} names no target",
                    f"add `target:`, one of {', '.join(play.targets)}",
                )
        elif effect.target not in targets:
            ctx.add(
                "PK320",
                path + ("target",),
                f"effect {effect.id!r} targets {effect.target!r}, which `targets` does not list",
                f"use one of {', '.join(play.targets) or '(none declared: add `targets:`)'}",
            )


# ---------------------------------------------------------------- what the rulebook leaves open


def open_questions(kit: KitBase) -> list[tuple[tuple, BaseModel, str, str]]:
    """(path, owner, field, note) for every `unspecified` in the kit: the kit book lists them. `unspecified` is
    taken where the rule vocabulary (`play:`) and end conditions allow it, so only those are read."""
    found = []
    for path, model in (
        *walk_models(kit.play, ("play",)),
        *walk_models(kit.end_conditions, ("end_conditions",)),
        *_open_counts(kit),
        *_open_parameters(kit),
    ):
        if isinstance(model, Unspecified):
            owner = _owner(kit, path[:-1])
            found.append((path, owner, str(path[-1]), model.unspecified))
    return found


def _open_counts(kit: KitBase) -> Iterator[tuple[tuple, BaseModel]]:
    """A card's copies left `unspecified`: how many of a card the rulebook does not say."""
    for d, deck in enumerate(kit.decks):
        for c, card in enumerate(deck.cards):
            count = getattr(card, "count", None)
            if isinstance(count, Unspecified):
                yield ("decks", d, "cards", c, "count"), count


def _open_parameters(kit: KitBase) -> Iterator[tuple[tuple, BaseModel]]:
    """A rule model's parameter the rulebook leaves `unspecified` (a Shogi player piece's attack)."""
    parameters = getattr(kit, "parameters", None)
    if isinstance(parameters, BaseModel):
        for name in type(parameters).model_fields:
            value = getattr(parameters, name)
            if isinstance(value, Unspecified):
                yield ("parameters", name), value


def _owner(kit: KitBase, path: tuple) -> BaseModel:
    node: Any = kit
    owner: BaseModel = kit
    for part in path:
        node = node[part] if isinstance(node, (list, dict)) else getattr(node, part)
        if isinstance(node, BaseModel):
            owner = node
    return owner


def owner_label(owner: BaseModel, lang: str) -> str:
    """What an open question is about, in words: the owner's name, or its id."""
    name = getattr(owner, "name", None)
    if isinstance(name, LocalText):
        return name.get(lang)
    return str(getattr(owner, "id", "") or type(owner).__name__)


def check_open(ctx: CheckContext, kit: KitBase) -> None:
    """`unspecified` is a warning (PK340); in an as-written kit, a default that picks a reading is one too (PK341)."""
    for path, owner, field, note in open_questions(kit):
        label = owner_label(owner, ctx.languages[0])
        said = f": {note}" if note else ""
        ctx.add(
            "PK340",
            path,
            f"the rulebook leaves {field} of {label!r} unspecified{said}",
            "decide it and record the decision in `errata:`; until then it prints as an open question in the kit book"
            + ("" if note else " (add a note: `{unspecified: what is open}`)"),
        )
    if not kit.as_written:
        return
    for path, model in ctx.walk(kit).models:  # the kit's models, read once for every check
        fields = type(model).model_fields
        for name, info in fields.items():
            extra = info.json_schema_extra
            if isinstance(extra, dict) and extra.get("reading") and name not in model.model_fields_set:
                ctx.add(
                    "PK341",
                    path,
                    f"the rulebook does not say {name}, so pnpkit's default ({info.default!r}) would pick a reading",
                    f"write `{name}: unspecified` with a note, or the value the rulebook implies",
                    key=True,
                )
