"""Unlock Tower's printables: the tower sheet, the score pad and the one-page rule summary.

The sheets are laid out by the generic sheet engine (layouts/sheets.py) from
the kit's `sheets:` layouts; this module turns the rule model into the specs
of the regions the layouts fill from it: the towers as ladders, the effect
table, the scoring boxes, the score pad, the round diagram and the legend.
"""

from __future__ import annotations

from pnpkit.validator.checks import local_numbers
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

from .. import fonts
from ..i18n import SHARED, players_line
from ..layouts.common import INK, LayoutContext, readable
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
from .base import Component, errata_table, rule_sections, text

SMALL_CODE = "UT015"

tr = SHARED.extend(
    {
        "tower": {"ja": "タワー", "en": "Tower"},
        "phase": {"ja": "フェイズ", "en": "Phase"},
        "everyone": {"ja": "全員", "en": "all"},
        "vp": {"ja": "勝利点（VP）", "en": "Victory points (VP)"},
        "total_vp": {"ja": "勝利点の合計", "en": "Total VP"},
        "total": {"ja": "合計", "en": "Total"},
        "player": {"ja": "プレイヤー", "en": "Player"},
        "game": {"ja": "ゲーム", "en": "Game"},
        "round_flow": {"ja": "ラウンドの流れ", "en": "A round"},
        "symbols": {"ja": "記号", "en": "Symbols"},
        "what": {"ja": "内容", "en": "What happens"},
        "category": {"ja": "実績", "en": "Category"},
        "condition": {"ja": "条件", "en": "How to score"},
        "vp_short": {"ja": "VP", "en": "VP"},
        "tie": {"ja": "同点", "en": "Tie"},
        "sheet_credit": {
            "ja": "シートのデザイン：pnpkit（ルールにもとづく独自設計）",
            "en": "Sheet layout: pnpkit's own design, after the rulebook",
        },
        "loop": {
            "ja": "{towers}つのタワーが{floor}階以上になった人が出たら、そのラウンドで終了",
            "en": "When a player has {towers} towers at floor {floor}+, the game ends after that round",
        },
        "named_face_chosen": {"ja": "指定した目が的中", "en": "Named face chosen"},
        "alone": {"ja": "この目は自分だけ", "en": "No one else on it"},
        "tower_at_least": {"ja": "タワー{tower}が{floor}階以上", "en": "Tower {tower} at {floor}+"},
        "block_named": {
            "ja": "指定した目の人はフェイズ{first}〜{last}なし",
            "en": "Named face: no phases {first}–{last}",
        },
        "range": {"ja": "+{low}〜{high}", "en": "+{low}–{high}"},
        "tie_note": {
            "ja": "各欄にはチェックの数を書き、記号の横の倍率を掛けて合計します。同点なら {order} の順に、チェック数が単独1位の人が勝ちます。",
            "en": "Write the number of ticks in each column, multiply by the factor beside the letter and add up. Ties: {order}, in that order; the player alone with the most ticks wins.",
        },
        "row_rule": {
            "ja": "同じ階で、となり合う{run}つのタワーにタワートップ（最大{boxes}か所）",
            "en": "Tower tops on one floor in {run} adjacent towers (up to {boxes})",
        },
        "fastest_rule": {
            "ja": "各タワーで、最初に{floor}階以上に到達した人（同じフェイズなら全員）",
            "en": "Each tower: first to reach floor {floor}+ (all who do so in the same phase)",
        },
        "highest_rule": {
            "ja": "ゲーム終了時、各タワーで最も高い人（同じ高さなら全員）",
            "en": "Each tower at the end: the tallest (ties all tick)",
        },
        "bonus_rule": {
            "ja": "各タワーのアンロックボーナス効果を使ったとき",
            "en": "Each tower: when you use its unlock-bonus effect",
        },
        "steps_sheet": {
            "ja": "ゲームのたびに人数分を印刷（またはコピー）する。えんぴつと消しゴムで書き込む。",
            "en": "Print or copy one for each player for every game; fill it in with a pencil.",
        },
        "steps_pad": {
            "ja": "1枚で{games}ゲーム分。終了時に各自のシートからチェックの数を写す。",
            "en": "One page holds {games} games; at the end, copy each player's ticks from their sheet.",
        },
        "sheet_subtitle": {"ja": "1人1枚・ゲームごとに印刷", "en": "One per player, every game"},
        "pad_subtitle": {"ja": "1枚で{games}ゲーム分", "en": "{games} games per page"},
        "symbol_top": {"ja": "タワートップ：\n建てた階に描く", "en": "Tower top: draw it on the floor you reach"},
        "symbol_high_floors": {
            "ja": "赤い階：最速ボーナス（C）と\n終了の判定に使う",
            "en": "Red floors: they count for the fastest bonus (C) and the end",
        },
        "symbol_unlock": {
            "ja": "アンロック：着いたら / を\n引き、ロックを1つ外す",
            "en": "Unlock mark: when reached, cross it out and tick one lock",
        },
        "symbol_coin": {
            "ja": "コイン：着いたら / を引き、\nコイン欄のコインを ○ で囲む",
            "en": "Coin mark: when reached, cross it out and circle a coin",
        },
        "symbol_lock": {"ja": "ロック：チェックが入るまで\n使えない", "en": "Lock: no use until its box is ticked"},
        "symbol_chain": {"ja": "矢印つきのロックは\n上から順に外す", "en": "Arrowed locks: unlock the top one first"},
        "symbol_shade": {"ja": "水色：条件を満たすときだけ\n使える", "en": "Blue: only when the condition holds"},
        "symbol_any_tower": {"ja": "X：好きなタワー1つ", "en": "X: any one tower"},
        "symbol_die": {"ja": "ダイスを振り、\n出た目だけ建てる", "en": "Roll the die; build that many floors"},
        "symbol_spend": {"ja": "コインに / を引いて\n右の効果を使う", "en": "Cross out a coin to use the effect"},
        "symbol_bonus": {"ja": "アンロックボーナスの\nE にチェック", "en": "Tick the unlock bonus (E)"},
    }
)

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
        (0.3, 0.52, 0.08, 0.1),
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
