"""Unlock Tower's printables: the tower sheet, the score pad and the one-page rule summary.

The sheets are laid out by the generic sheet engine (layouts/sheets/) from
the kit's `sheets:` layouts; this module turns the rule model into the specs
of the regions the layouts fill from it: the towers as ladders, the effect
table, the scoring boxes, the score pad, the round diagram and the legend.
"""

from __future__ import annotations

from pnpkit.validator.components.sheets import PadRegion, regions
from pnpkit.validator.games.unlock_tower import (
    BlockNamed,
    Bonus,
    Build,
    BuildAny,
    Coins,
    Condition,
    Gain,
    Roll,
    RowScore,
    Spend,
    Step,
    TowerAtLeast,
    TowerEffect,
    Unlock,
    UnlockTowerKit,
)
from pnpkit.validator.text_numbers import local_numbers

from ..i18n import players_line
from ..layouts.context import INK, LayoutContext, readable
from ..layouts.rules import Table, rule_pages
from ..layouts.sheets import (
    HIGHLIGHT,
    NUMBER_GUTTER,
    CellSpec,
    EffectsSpec,
    FlowSpec,
    Glyph,
    Ladder,
    LaddersSpec,
    LegendSpec,
    LineSpec,
    PadSpec,
    RowHead,
    ScoreRowSpec,
    ScoringSpec,
    SourcedSpecs,
    sheet_page,
)
from ..scene import Page
from ..typeset import fonts
from .base import Component, errata_table, rule_sections, text
from .unlock_tower_words import tr

SMALL_CODE = "UT015"

UNLOCK_MARK = "open-padlock"
"""The sheet engine's pictogram for an unlock mark (and the unlock step); a coin mark is its `coin`."""

LEGEND: tuple[tuple[tuple[Glyph, ...], str], ...] = (
    ((Glyph("bracket"),), "symbol_top"),
    ((Glyph(UNLOCK_MARK),), "symbol_unlock"),
    ((Glyph("coin"),), "symbol_coin"),
    ((Glyph("padlock"),), "symbol_lock"),
    ((Glyph("chain"),), "symbol_chain"),
    ((Glyph("shade"),), "symbol_shade"),
    ((Glyph("badge", "X", INK),), "symbol_any_tower"),
    ((Glyph("die"),), "symbol_die"),
    ((Glyph("crossed-coin"), Glyph("arrow")), "symbol_spend"),
    ((Glyph("tick", "E"),), "symbol_bonus"),
)
"""The key to the sheet's symbols, each with the words under `tr`; the red floors follow the first."""


def components(kit: UnlockTowerKit, ctx: LayoutContext) -> list[Component]:
    lang = ctx.lang
    title = text(kit.title, lang)
    sourced = sourced_specs(kit, lang)
    parts = []
    for i, sheet in enumerate(kit.sheets):
        name = text(sheet.name, lang)
        leaves = [region for region, _ in regions(sheet.layout, ())]
        per_player = any(r.kind == "ladders" for r in leaves)
        games = sum(r.games for r in leaves if isinstance(r, PadRegion))
        steps: tuple[str, ...] = ()
        subtitle = ""
        if per_player:
            subtitle, steps = tr("sheet_subtitle", lang), (tr("steps_sheet", lang),)
        elif games:
            subtitle, steps = tr("pad_subtitle", lang, games=games), (tr("steps_pad", lang, games=games),)
        page = sheet_page(
            ctx,
            f"{title} — {name}",
            subtitle,
            sheet.layout,
            ("sheets", i, "layout"),
            sourced,
            code=SMALL_CODE,
            footer_note=tr("sheet_credit", lang),
        )
        parts.append(
            Component(
                sheet.id,
                f"{title} — {name}",
                (page,),
                copies=text(sheet.copies, lang) or "1",
                stock=tr("stock_paper", lang),
                steps=steps,
                checklist=((name, kit.players.max if per_player else 1),),
            )
        )
    parts.append(
        Component(
            "rules",
            f"{title} — {tr('rules', lang)}",
            tuple(rules(kit, ctx, title)),
            stock=tr("stock_paper", lang),
            checklist=((tr("rules", lang), 1),),
        )
    )
    return parts


# ---------------------------------------------------------------- the sheet's regions


def ladders(kit: UnlockTowerKit) -> tuple[Ladder, ...]:
    """One ladder per tower, its rungs the floors, with the unlock and coin marks printed on them."""
    return tuple(
        Ladder(
            str(tower.number),
            tower.colour,
            tuple(sorted([(f, UNLOCK_MARK) for f in tower.unlock] + [(f, "coin") for f in tower.coin])),
        )
        for tower in kit.towers
    )


def sourced_specs(kit: UnlockTowerKit, lang: str) -> SourcedSpecs:
    """The specs of every region the sheets fill from the rule model, keyed by (kind, source).

    A value may be a function of the region, for specs that take numbers from it (the score pad's rows).
    """
    towers = ladders(kit)
    p = kit.parameters
    gutter = row_head_gutter(lang)
    return {
        ("ladders", "towers"): LaddersSpec(towers, p.floors, tr("tower", lang), "both", p.end_floor, gutter=gutter),
        ("effects", "towers"): effects_spec(kit, lang, towers, gutter),
        ("scoring", "scoring"): scoring_spec(kit, lang, towers),
        ("pad", "scoring"): lambda region: pad_spec(kit, lang, region),
        ("flow", "round"): FlowSpec(
            tuple((str(phase.phase), text(phase.name, lang)) for phase in kit.round),
            tr("loop", lang, towers=p.end_towers, floor=p.end_floor),
            tr("round_flow", lang),
        ),
        ("legend", "symbols"): legend_spec(kit, lang),
    }


def legend_spec(kit: UnlockTowerKit, lang: str) -> LegendSpec:
    entries = [(glyphs, tr(key, lang)) for glyphs, key in LEGEND]
    high_floors = (Glyph("text", f"{kit.parameters.end_floor}+", HIGHLIGHT),)
    entries.insert(1, (high_floors, tr("symbol_high_floors", lang)))
    return LegendSpec(tuple(entries), tr("symbols", lang))


def row_head_gutter(lang: str) -> float:
    """The left gutter of the ladders and the effect table: wide enough for the row caption ("Phase") at its size."""
    caption = tr("phase", lang)
    return max(NUMBER_GUTTER, fonts.width_mm(caption, readable(caption, 6)) + 1.0)


def effects_spec(
    kit: UnlockTowerKit, lang: str, towers: tuple[Ladder, ...], gutter: float = NUMBER_GUTTER
) -> EffectsSpec:
    """One row per phase that uses effects, one column per tower, lined up under the ladders."""
    phases = [p for p in kit.round if p.kind != "choose"]
    rows = tuple(
        RowHead(str(p.phase), tr("phase", lang), tr("everyone", lang) if p.kind == "free" else "") for p in phases
    )
    colours = {tower.number: tower.colour for tower in kit.towers}
    last = max(p.phase for p in kit.round)
    cells = []
    for phase in phases:
        row: list[CellSpec | None] = []
        for tower_index, tower in enumerate(kit.towers):
            found = [(e, effect) for e, effect in enumerate(tower.effects) if effect.phase == phase.phase]
            if found:
                e, effect = found[0]
                row.append(
                    effect_cell(effect, ("towers", tower_index, "effects", e), tower.number, colours, lang, last)
                )
            else:
                row.append(None)
        cells.append(tuple(row))
    return EffectsSpec(towers, rows, tuple(cells), gutter=gutter)


def effect_cell(
    effect: TowerEffect, where: tuple, column: int, colours: dict[int, str], lang: str, last: int
) -> CellSpec:
    """An effect's steps as pictogram lines; the effect's lock becomes the cell's gate."""
    lines = tuple(
        LineSpec(
            step_glyphs(step, column, colours, lang, effect.phase, last),
            condition_text(step.when, lang),
            where + ("steps", k),
        )
        for k, step in enumerate(effect.steps)
    )
    return CellSpec(lines, effect.lock, where)


def condition_text(condition: Condition | None, lang: str) -> str:
    if condition is None:
        return ""
    if isinstance(condition, TowerAtLeast):
        return tr("tower_at_least", lang, tower=condition.tower, floor=condition.floor)
    return tr(condition.kind.replace("-", "_"), lang)


def step_glyphs(
    step: Step | Gain, column: int, colours: dict[int, str], lang: str, phase: int, last: int
) -> tuple[Glyph, ...]:
    """A step as a pictogram: tower tiles, numbers, dice, coins, padlocks and arrows."""

    def tile(number: int | None) -> Glyph:
        if number is None:
            return Glyph("badge", "X", INK)
        return Glyph("badge", str(number), colours.get(number, INK))

    if isinstance(step, Build):
        return (tile(step.tower), Glyph("text", f"+{step.floors}"))
    if isinstance(step, BuildAny):
        amount = tr("range", lang, low=step.floors, high=step.up_to) if step.up_to else f"+{step.floors}"
        return (tile(None), Glyph("text", amount))
    if isinstance(step, Roll):
        return (tile(step.tower), Glyph("text", "+"), Glyph("die"))
    if isinstance(step, Unlock):
        return (Glyph(UNLOCK_MARK),)
    if isinstance(step, Coins):
        return (Glyph("text", f"+{step.coins}"), Glyph("coin"))
    if isinstance(step, Bonus):
        own = step.tower == column
        return (Glyph("tick", "E"),) if own else (Glyph("tick", "E"), tile(step.tower))
    if isinstance(step, BlockNamed):
        return (Glyph("note", tr("block_named", lang, first=phase, last=last)),)
    if isinstance(step, Spend):
        return (
            tuple(Glyph("crossed-coin") for _ in range(step.coins))
            + (Glyph("arrow"),)
            + step_glyphs(step.then, column, colours, lang, phase, last)
        )
    raise TypeError(f"no pictogram for {type(step).__name__}")


def scoring_spec(kit: UnlockTowerKit, lang: str, towers: tuple[Ladder, ...]) -> ScoringSpec:
    """Rows of a fixed number of boxes (A, B) and rows of one box per tower (C, D, E)."""
    rows = tuple(
        ScoreRowSpec(cat.id, text(cat.name, lang), f"×{cat.vp}", cat.boxes if isinstance(cat, RowScore) else None)
        for cat in kit.scoring
    )
    return ScoringSpec(rows, towers, tr("total_vp", lang), tr("vp", lang))


def pad_spec(kit: UnlockTowerKit, lang: str, region: PadRegion) -> PadSpec:
    columns = tuple((f"{cat.id} ×{cat.vp}", text(cat.name, lang)) for cat in kit.scoring)
    note = tr("tie_note", lang, order=kit.tie_order())
    return PadSpec(tr("player", lang), columns, tr("total", lang), region.rows, region.games, tr("game", lang), note)


# ---------------------------------------------------------------- rules


def round_table(kit: UnlockTowerKit, lang: str) -> Table:
    values = kit.placeholder_values()
    rows = tuple(
        (str(p.phase), text(p.name, lang), text(p.text, lang, values | local_numbers((p,)))) for p in kit.round
    )
    return Table((tr("phase", lang), tr("name", lang), tr("what", lang)), rows, (0.15, 0.19, 0.66))


SCORING_RULES = {"fastest": "fastest_rule", "highest": "highest_rule", "unlock-bonus": "bonus_rule"}
"""The words that explain each per-tower scoring category."""


def scoring_table(kit: UnlockTowerKit, lang: str) -> Table:
    rank = {letter: i + 1 for i, letter in enumerate(kit.tie_break)}
    rows = []
    for cat in kit.scoring:
        if isinstance(cat, RowScore):
            rule = tr("row_rule", lang, run=cat.run, boxes=cat.boxes)
        else:
            rule = tr(SCORING_RULES[cat.kind], lang, floor=kit.parameters.fastest_floor)
        rows.append((f"{cat.id} {text(cat.name, lang)}", rule, str(cat.vp), str(rank.get(cat.id, "–"))))
    return Table(
        (tr("category", lang), tr("condition", lang), tr("vp_short", lang), tr("tie", lang)),
        tuple(rows),
        (0.28, 0.48, 0.08, 0.16),  # the last head says what it holds: the rank in the tie-break order
    )


def rules(kit: UnlockTowerKit, ctx: LayoutContext, title: str) -> list[Page]:
    lang = ctx.lang
    generated = {
        "round": round_table(kit, lang),
        "scoring": scoring_table(kit, lang),
        "errata": errata_table(kit, lang),
    }
    sections = rule_sections(ctx, kit, generated)
    subtitle = players_line(kit.players, lang)
    return rule_pages(ctx, f"{title} — {tr('rules', lang)}", subtitle, sections, f"{title} v{kit.version}")


__all__ = ["components"]
