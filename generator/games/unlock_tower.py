"""Unlock Tower's printables: the tower sheet, the score pad and the one-page rule summary.

The sheets are laid out by the generic sheet engine (layouts/sheets.py) from
the kit's `sheets:` layouts; this module turns the rule model into the specs
of the regions the layouts fill from it: the tower lanes, the effect table,
the scoring boxes, the score pad, the round diagram and the legend.
"""

from __future__ import annotations

from typing import Any

from pnpkit.validator.checks import local_numbers
from pnpkit.validator.components.sheets import regions
from pnpkit.validator.games.unlock_tower import (
    BlockNamed,
    Bonus,
    Build,
    BuildAny,
    Coins,
    Roll,
    RowScore,
    Spend,
    TowerAtLeast,
    Unlock,
)

from ..i18n import Strings, t
from ..layouts.common import INK, LayoutContext
from ..layouts.rules import Table, rule_pages
from ..layouts.sheets import (
    HIGHLIGHT,
    CellSpec,
    EffectsSpec,
    FlowSpec,
    Glyph,
    LaneSpec,
    LanesSpec,
    LegendSpec,
    LineSpec,
    PadSpec,
    RowHead,
    ScoreRowSpec,
    ScoringSpec,
    sheet_page,
)
from .base import Component, errata_table, rule_sections, text

GAME = "unlock-tower"
SMALL_CODE = "UT015"

STRINGS: dict[str, dict[str, str]] = {
    "rules": {"ja": "ルール概要", "en": "Rule summary"},
    "players": {"ja": "人数", "en": "Players"},
    "tower": {"ja": "タワー", "en": "Tower"},
    "phase": {"ja": "フェイズ", "en": "Phase"},
    "everyone": {"ja": "全員", "en": "all"},
    "coins": {"ja": "コイン", "en": "Coins"},
    "vp": {"ja": "勝利点（VP）", "en": "Victory points (VP)"},
    "total_vp": {"ja": "勝利点の合計", "en": "Total VP"},
    "total": {"ja": "合計", "en": "Total"},
    "player": {"ja": "プレイヤー", "en": "Player"},
    "game": {"ja": "ゲーム", "en": "Game"},
    "round": {"ja": "ラウンドの流れ", "en": "A round"},
    "legend": {"ja": "記号", "en": "Symbols"},
    "name": {"ja": "名前", "en": "Name"},
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
    "block_named": {"ja": "指定した目の人はフェイズ{first}〜{last}なし", "en": "Named face: no phases {first}–{last}"},
    "range": {"ja": "+{low}〜{high}", "en": "+{low}–{high}"},
    "tie_note": {
        "ja": "各欄にはチェックの数を書き、欄の下の倍率を掛けて合計します。同点なら {order} の順に、チェック数が単独1位の人が勝ちます。",
        "en": "Write the number of ticks in each column, multiply by the factor below the letter and add up. Ties: {order}, in that order; the player alone with the most ticks wins.",
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
    "high_floors": {
        "ja": "赤い階：最速ボーナス（C）と\n終了の判定に使う",
        "en": "Red floors: they count for the fastest bonus (C) and the end",
    },
    "sheet_subtitle": {"ja": "1人1枚・ゲームごとに印刷", "en": "One per player, every game"},
    "pad_subtitle": {"ja": "1枚で{games}ゲーム分", "en": "{games} games per page"},
}

LEGEND: tuple[tuple[tuple[Glyph, ...], dict[str, str]], ...] = (
    ((Glyph("top"),), {"ja": "タワートップ：建てた階に描く", "en": "Tower top: draw it on the floor you reach"}),
    (
        (Glyph("unlock"),),
        {
            "ja": "アンロック：着いたら / を引き、\nロックを1つ外す",
            "en": "Unlock mark: when reached, cross it out and tick one lock",
        },
    ),
    (
        (Glyph("coin"),),
        {
            "ja": "コイン：着いたら / を引き、\nコイン欄のコインを ○ で囲む",
            "en": "Coin mark: when reached, cross it out and circle a coin",
        },
    ),
    ((Glyph("lock"),), {"ja": "ロック：チェックが入るまで\n使えない", "en": "Lock: no use until its box is ticked"}),
    ((Glyph("chain"),), {"ja": "矢印つきのロックは\n上から順に外す", "en": "Arrowed locks: unlock the top one first"}),
    ((Glyph("shade"),), {"ja": "水色：条件を満たすときだけ\n使える", "en": "Blue: only when the condition holds"}),
    ((Glyph("badge", "X", INK),), {"ja": "X：好きなタワー1つ", "en": "X: any one tower"}),
    ((Glyph("die"),), {"ja": "ダイスを振り、\n出た目だけ建てる", "en": "Roll the die; build that many floors"}),
    (
        (Glyph("spent"), Glyph("arrow")),
        {"ja": "コインに / を引いて\n右の効果を使う", "en": "Cross out a coin to use the effect"},
    ),
    ((Glyph("tick", "E"),), {"ja": "アンロックボーナスの\nE にチェック", "en": "Tick the unlock bonus (E)"}),
)


s = Strings(STRINGS)


def components(kit: Any, ctx: LayoutContext) -> list[Component]:
    lang = ctx.lang
    title = text(kit.title, lang)
    sourced = sourced_specs(kit, lang)
    parts = []
    for i, sheet in enumerate(kit.sheets):
        name = text(sheet.name, lang)
        leaves = [region for region, _ in regions(sheet.layout, ())]
        per_player = any(r.kind == "lanes" for r in leaves)
        pads = [r for r in leaves if r.kind == "pad"]
        games = sum(r.games for r in pads)
        if per_player:
            subtitle, steps = s("sheet_subtitle", lang), (s("steps_sheet", lang),)
        elif pads:
            subtitle, steps = s("pad_subtitle", lang, games=games), (s("steps_pad", lang, games=games),)
        else:
            subtitle, steps = "", ()
        page = sheet_page(
            ctx,
            f"{title} — {name}",
            subtitle,
            sheet.layout,
            ("sheets", i, "layout"),
            sourced,
            code=SMALL_CODE,
            footer_note=s("sheet_credit", lang),
        )
        parts.append(
            Component(
                sheet.id,
                f"{title} — {name}",
                (page,),
                copies=text(sheet.copies, lang) or "1",
                stock=t("stock_paper", lang),
                steps=steps,
                checklist=((name, kit.players.max if per_player else 1),),
            )
        )
    pages = tuple(rules(kit, ctx, title))
    parts.append(
        Component(
            "rules",
            f"{title} — {s('rules', lang)}",
            pages,
            stock=t("stock_paper", lang),
            checklist=((s("rules", lang), 1),),
        )
    )
    return parts


# ---------------------------------------------------------------- the sheet's regions


def _lanes(kit: Any) -> tuple[LaneSpec, ...]:
    lanes = []
    for tower in kit.towers:
        marks = sorted([(f, "unlock") for f in tower.unlock] + [(f, "coin") for f in tower.coin])
        lanes.append(LaneSpec(str(tower.number), tower.colour, tuple(marks)))
    return tuple(lanes)


def sourced_specs(kit: Any, lang: str) -> dict[tuple[str, str], Any]:
    """The specs of every region the sheets fill from the rule model, keyed by (kind, source).

    A value may be a function of the region, for specs that take numbers from it (the score pad's rows).
    """
    lanes = _lanes(kit)
    p = kit.parameters
    return {
        ("lanes", "towers"): LanesSpec(lanes, p.floors, s("tower", lang), "both", p.end_floor),
        ("effects", "towers"): effects_spec(kit, lang, lanes),
        ("scoring", "scoring"): scoring_spec(kit, lang, lanes),
        ("pad", "scoring"): lambda region: pad_spec(kit, lang, region),
        ("flow", "round"): FlowSpec(
            tuple((str(phase.phase), text(phase.name, lang)) for phase in kit.round),
            s("loop", lang, towers=p.end_towers, floor=p.end_floor),
            s("round", lang),
        ),
        ("legend", "symbols"): legend_spec(kit, lang),
    }


def legend_spec(kit: Any, lang: str) -> LegendSpec:
    p = kit.parameters
    entries = [(glyphs, words.get(lang) or words["en"]) for glyphs, words in LEGEND]
    entries.insert(
        1,
        (
            (Glyph("text", f"{p.end_floor}+", HIGHLIGHT),),
            s("high_floors", lang, floor=p.end_floor, fastest=p.fastest_floor),
        ),
    )
    return LegendSpec(tuple(entries), s("legend", lang))


def effects_spec(kit: Any, lang: str, lanes: tuple[LaneSpec, ...]) -> EffectsSpec:
    phases = [p for p in kit.round if p.kind != "choose"]
    rows = tuple(
        RowHead(str(p.phase), s("phase", lang), s("everyone", lang) if p.kind == "free" else "") for p in phases
    )
    colours = {tower.number: tower.colour for tower in kit.towers}
    last = max(p.phase for p in kit.round)
    cells = []
    for phase in phases:
        row: list[CellSpec | None] = []
        for tower_index, tower in enumerate(kit.towers):
            found = [(e, effect) for e, effect in enumerate(tower.effects) if effect.phase == phase.phase]
            if not found:
                row.append(None)
                continue
            e, effect = found[0]
            where = ("towers", tower_index, "effects", e)
            lines = []
            for k, step in enumerate(effect.steps):
                glyphs = step_glyphs(step, tower.number, colours, lang, effect.phase, last)
                lines.append(LineSpec(glyphs, condition_text(step.when, lang), where + ("steps", k)))
            row.append(CellSpec(tuple(lines), effect.lock, where))
        cells.append(tuple(row))
    return EffectsSpec(lanes, rows, tuple(cells))


def condition_text(condition: Any, lang: str) -> str:
    if condition is None:
        return ""
    if isinstance(condition, TowerAtLeast):
        return s("tower_at_least", lang, tower=condition.tower, floor=condition.floor)
    return s(condition.kind.replace("-", "_"), lang)


def step_glyphs(step: Any, column: int, colours: dict[int, str], lang: str, phase: int, last: int) -> tuple[Glyph, ...]:
    """A step as a pictogram: tower tiles, numbers, dice, coins, locks and arrows."""

    def tile(number: int | None) -> Glyph:
        if number is None:
            return Glyph("badge", "X", INK)
        return Glyph("badge", str(number), colours.get(number, INK))

    if isinstance(step, Build):
        return (tile(step.tower), Glyph("text", f"+{step.floors}"))
    if isinstance(step, BuildAny):
        amount = s("range", lang, low=step.floors, high=step.up_to) if step.up_to else f"+{step.floors}"
        return (tile(None), Glyph("text", amount))
    if isinstance(step, Roll):
        return (tile(step.tower), Glyph("text", "+"), Glyph("die"))
    if isinstance(step, Unlock):
        return (Glyph("unlock"),)
    if isinstance(step, Coins):
        return (Glyph("text", f"+{step.coins}"), Glyph("coin"))
    if isinstance(step, Bonus):
        own = step.tower == column
        return (Glyph("tick", "E"),) if own else (Glyph("tick", "E"), tile(step.tower))
    if isinstance(step, BlockNamed):
        return (Glyph("note", s("block_named", lang, first=phase, last=last)),)
    if isinstance(step, Spend):
        return (
            tuple(Glyph("spent") for _ in range(step.coins))
            + (Glyph("arrow"),)
            + step_glyphs(step.then, column, colours, lang, phase, last)
        )
    raise TypeError(f"no pictogram for {type(step).__name__}")


def scoring_spec(kit: Any, lang: str, lanes: tuple[LaneSpec, ...]) -> ScoringSpec:
    rows = tuple(
        ScoreRowSpec(cat.id, text(cat.name, lang), f"×{cat.vp}", cat.boxes if isinstance(cat, RowScore) else None)
        for cat in kit.scoring
    )
    return ScoringSpec(rows, lanes, s("total_vp", lang), s("vp", lang))


def tie_order(kit: Any) -> str:
    return " → ".join(kit.tie_break)


def pad_spec(kit: Any, lang: str, region: Any) -> PadSpec:
    columns = tuple((cat.id, f"{text(cat.name, lang)} ×{cat.vp}") for cat in kit.scoring)
    note = s("tie_note", lang, order=tie_order(kit))
    return PadSpec(s("player", lang), columns, s("total", lang), region.rows, region.games, s("game", lang), note)


# ---------------------------------------------------------------- rules


def round_table(kit: Any, lang: str) -> Table:
    values = kit.placeholder_values()
    rows = tuple(
        (str(p.phase), text(p.name, lang), text(p.text, lang, values | local_numbers((p,)))) for p in kit.round
    )
    return Table((s("phase", lang), s("name", lang), s("what", lang)), rows, (0.15, 0.19, 0.66))


def scoring_table(kit: Any, lang: str) -> Table:
    p = kit.parameters
    rank = {letter: i + 1 for i, letter in enumerate(kit.tie_break)}
    rows = []
    for cat in kit.scoring:
        if isinstance(cat, RowScore):
            rule = s("row_rule", lang, run=cat.run, boxes=cat.boxes)
            vp = f"{cat.vp}"
        else:
            key = {"fastest": "fastest_rule", "highest": "highest_rule", "unlock-bonus": "bonus_rule"}[cat.kind]
            rule = s(key, lang, floor=p.fastest_floor)
            vp = f"{cat.vp}"
        rows.append((f"{cat.id} {text(cat.name, lang)}", rule, vp, str(rank.get(cat.id, "–"))))
    return Table(
        (s("category", lang), s("condition", lang), s("vp_short", lang), s("tie", lang)),
        tuple(rows),
        (0.3, 0.52, 0.08, 0.1),
    )


def rules(kit: Any, ctx: LayoutContext, title: str) -> list:
    lang = ctx.lang
    generated = {
        "round": round_table(kit, lang),
        "scoring": scoring_table(kit, lang),
        "errata": errata_table(kit, lang),
    }
    sections = rule_sections(ctx, kit, generated)
    players = f"{s('players', lang)} {kit.players.min}–{kit.players.max}"
    return rule_pages(ctx, f"{title} — {s('rules', lang)}", players, sections, f"{title} v{kit.version}")


__all__ = ["GAME", "components"]
