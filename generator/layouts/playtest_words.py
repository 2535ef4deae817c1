"""The playtest report's words: its labels in each language, the kit's own names for what the page shows (end
conditions, readings' questions and choices, combos, events, elements), the games' own measures as rows, and the
verdict, a few plain sentences built from the numbers.

Nothing here prints an id: a thing the kit does not name falls back to a translated generic word.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pnpkit.validator.placeholders import fill

from ..i18n import SHARED

WORDS: dict[str, dict[str, str]] = {
    "percent": {"ja": "{v}%", "en": "{v}\u00a0%"},
    # a no-break space: a number never ends a line without its sign
    "seat_wins": {"ja": "{seat} 勝率", "en": "{seat} wins"},
    "figure_separator": {"ja": "、", "en": ", "},
    "title": {"ja": "テストプレイ報告", "en": "Playtest report"},
    "games": {"ja": "ゲーム数", "en": "Games"},
    "policy": {"ja": "プレイの仕方", "en": "How seats play"},
    "random": {"ja": "ランダム", "en": "random"},
    "greedy": {"ja": "貪欲（1手先読み）", "en": "greedy (one ply)"},
    "other_policy": {"ja": "その他", "en": "other"},
    "seed": {"ja": "シード", "en": "Seed"},
    "move_cap": {"ja": "1ゲームの手数上限", "en": "Move cap a game"},
    "shown": {"ja": "図表はキットの解釈で遊んだ結果", "en": "Charts: the games played with the kit's readings"},
    "verdict": {"ja": "まとめ", "en": "In short"},
    "win_rate": {"ja": "席ごとの勝率", "en": "Win rate per seat"},
    "win_note": {
        "ja": "席1が最初の手番。ひげは95%ウィルソン区間、破線は公平な取り分（1/人数）",
        "en": "Seat 1 moves first. Whiskers: 95\u00a0% Wilson intervals; dashed: the fair share (1/players)",
    },
    "seat": {"ja": "席{n}", "en": "Seat {n}"},
    "fair": {"ja": "公平 {v}", "en": "fair {v}"},
    "outcomes": {"ja": "結果とバランス", "en": "Outcomes and balance"},
    "completion": {"ja": "完了したゲーム", "en": "Games completed"},
    "timeouts": {"ja": "手数上限で打ち切り", "en": "Cut at the move cap"},
    "first_player": {"ja": "先手の有利", "en": "First-player advantage"},
    "balance": {"ja": "最も高い席と低い席の差", "en": "Gap, best to worst seat"},
    "ties": {"ja": "首位の同点", "en": "Ties at the top"},
    "tie_rules": {"ja": "同点の決着", "en": "How ties were settled"},
    "shared": {"ja": "勝利の分け合い", "en": "Shared wins"},
    "ends": {"ja": "ゲームの終わり方", "en": "How games ended"},
    "ties_in_end": {"ja": "うち{v}が首位の同点", "en": "{v} of them tied at the top"},
    "timeout_end": {"ja": "手数上限で打ち切り", "en": "Cut at the move cap"},
    "other_end": {"ja": "その他の終わり方", "en": "Another ending"},
    "points": {"ja": "{v}ポイント", "en": "{v} points"},
    "interval": {"ja": "95%区間 {lo}〜{hi}", "en": "95\u00a0% interval: {lo} to {hi}"},
    "first_detail": {
        "ja": "席1の勝率{rate}（公平{fair}）、95%区間{lo}〜{hi}",
        "en": "seat 1: {rate}, fair {fair}; 95\u00a0% interval {lo} to {hi} points",
    },
    "best_worst": {
        "ja": "最も高い席{best} {high}、最も低い席{worst} {low}",
        "en": "best: seat {best}, {high}; worst: seat {worst}, {low}",
    },
    "settled": {"ja": "{rule} {v}", "en": "{rule} {v}"},
    "settled_note": {"ja": "（全ゲームに対する割合）", "en": " (of all games)"},
    "none": {"ja": "なし", "en": "none"},
    "length": {"ja": "ゲームの長さ", "en": "Game length"},
    "share": {"ja": "ゲームの割合", "en": "Share of games"},
    "median": {"ja": "中央値 {v}", "en": "median {v}"},
    "middle_band": {"ja": "中央の90%のゲーム", "en": "middle 90\u00a0% of games"},
    "length_axis": {"ja": "1ゲームの{unit}数", "en": "{unit} a game"},
    "median_length": {"ja": "1ゲームの{unit}数（中央値）", "en": "{unit} a game (median)"},
    "median_turns": {"ja": "1ゲームのターン数（中央値）", "en": "Turns a game (median)"},
    "mean_turns": {"ja": "1ゲームの平均ターン数", "en": "Mean turns a game"},
    "spread": {
        "ja": "{of}の中央90%：{lo}〜{hi}{unit}（最小{min}・最大{max}）",
        "en": "middle 90\u00a0% of {of}: {lo} to {hi}{unit} (least {min}, most {max})",
    },
    "of_games": {"ja": "ゲーム", "en": "games"},
    "of_players": {"ja": "プレイヤー", "en": "players"},
    "names_from_ids": {"ja": "no", "en": "yes"},
    "list_last": {"ja": "、", "en": " and "},
    "two_sentences": {"ja": "{first}{second}", "en": "{first} {second}"},
    "unit_cycle": {"ja": "サイクル", "en": "cycles"},
    "unit_round": {"ja": "ラウンド", "en": "rounds"},
    "unit_cycle_title": {"ja": "サイクル", "en": "Cycles"},
    "unit_round_title": {"ja": "ラウンド", "en": "Rounds"},
    "suffix_cycle": {"ja": "サイクル", "en": " cycles"},
    "suffix_round": {"ja": "ラウンド", "en": " rounds"},
    "suffix_turn": {"ja": "ターン", "en": " turns"},
    "suffix_points": {"ja": "点", "en": " points"},
    "suffix_cards": {"ja": "枚", "en": " cards"},
    "game_measures": {"ja": "このゲーム固有の指標", "en": "The game's own measures"},
    "measure": {"ja": "指標{n}", "en": "Measure {n}"},
    "unnamed": {"ja": "名前のないもの", "en": "unnamed"},
    "readings_played": {"ja": "不明確なルールの遊び方", "en": "How the unclear rules were played"},
    "reading": {"ja": "ルールブックで不明確な点", "en": "What the rulebook leaves unclear"},
    "choice": {"ja": "このテストプレイでの遊び方", "en": "How these games played it"},
    "unclear_rule": {"ja": "不明確なルール{n}", "en": "Unclear rule {n}"},
    "other_choice": {"ja": "解釈{n}", "en": "Reading {n}"},
    "undeclared": {
        "ja": "キットが宣言していない不明確な点{n}件は、シミュレーターの既定の遊び方で遊んだ。",
        "en": "{n} more unclear points the kit does not declare were played at the simulator's default.",
    },
    "undeclared_one": {
        "ja": "キットが宣言していない不明確な点1件は、シミュレーターの既定の遊び方で遊んだ。",
        "en": "One more unclear point the kit does not declare was played at the simulator's default.",
    },
    "comparison": {"ja": "解釈の比較", "en": "Reading comparison"},
    "comparison_note": {
        "ja": "色付きのセル：95%区間がキットの解釈の区間と重ならない指標（▲上昇・▼低下）",
        "en": "Shaded: the metric's 95\u00a0% interval does not overlap the kit's reading's (up or down arrow)",
    },
    "legend_line": {"ja": "{n}　{question}：{choices}", "en": "{n}  {question}: {choices}"},
    "legend_choice": {"ja": "{letter} {name}", "en": "{letter} {name}"},
    "kit_choice": {"ja": "（キット）", "en": " (the kit's)"},
    "nothing_moved": {
        "ja": "どの解釈でも、95%区間を超えて動いた指標はありません。",
        "en": "Under no other reading did a metric move beyond its 95\u00a0% interval.",
    },
    "quiet_rows": {
        "ja": "ほか{n}通りの組み合わせでは、どの指標も95%区間を超えて動かなかった。",
        "en": "Under the other {n} combinations no metric moved beyond its 95\u00a0% interval.",
    },
    "more_rows": {"ja": "ほか{n}通りは省略。", "en": "{n} more not shown."},
    "footer": {"ja": "95%区間はウィルソン法で計算", "en": "95\u00a0% intervals: Wilson score"},
    # the verdict
    "v_timeouts": {
        "ja": "{v}のゲームは終わらず、手数上限で打ち切られた。",
        "en": "{v} of games never finish: they are cut at the move cap.",
    },
    "v_end_all": {
        "ja": "すべてのゲームが「{end}」という条件で終わる。",
        "en": "Every game ends because “{end}”.",
    },
    "v_end_one": {
        "ja": "{v}のゲームが「{end}」という条件で終わる。",
        "en": "{v} of games end because “{end}”.",
    },
    "v_end_two": {
        "ja": "{v}のゲームは「{end}」という条件で、{v2}は「{end2}」という条件で終わる。",
        "en": "{v} of games end because “{end}”; {v2} because “{end2}”.",
    },
    "v_end_rest": {"ja": "残り{v}はその他の条件で終わる。", "en": "The other {v} end otherwise."},
    "v_ties_none": {"ja": "首位が同点で終わったゲームはない。", "en": "No game ended tied at the top."},
    "v_ties_rare": {"ja": "首位の同点はまれ（{v}）で、", "en": "Ties at the top are rare ({v}), "},
    "v_ties_many": {"ja": "{v}のゲームは首位が同点で終わり、", "en": "{v} of games end tied at the top, "},
    "v_ties_shared": {"ja": "同点のプレイヤーが勝利を分け合う。", "en": "and the tied players share the win."},
    "v_ties_broken": {
        "ja": "タイブレークが勝者を決める：{parts}。",
        "en": "so the tie-break decides them: {parts}.",
    },
    "v_tie_rule": {"ja": "全ゲームの{v}は{rule}で決着", "en": "{rule} settles {v} of all games"},
    "v_tie_shared": {"ja": "{v}は勝利を分け合う", "en": "{v} end in a shared win"},
    "v_seats_fair": {
        "ja": "どの席も勝率は{lo}〜{hi}で、公平な{fair}との差は偶然の範囲内：特に有利な席はない。",
        "en": "No seat is clearly favoured: every seat wins {lo} to {hi} of games, within chance of the fair {fair}.",
    },
    "v_first_ahead": {
        "ja": "先手が有利：席1の勝率は{v}で、公平な{fair}を上回る。",
        "en": "Moving first is an advantage: seat 1 wins {v} of games against a fair {fair}.",
    },
    "v_first_behind": {
        "ja": "先手が不利：席1の勝率は{v}で、公平な{fair}を下回る。",
        "en": "Moving first is a disadvantage: seat 1 wins {v} of games against a fair {fair}.",
    },
    "v_seats_unfair": {
        "ja": "席による差がある：席{best}の勝率は{high}、席{worst}は{low}（公平なら{fair}）。",
        "en": "The seats are not balanced: seat {best} wins {high} of games and seat {worst} {low}, "
        "against a fair {fair}.",
    },
}

TIE_RULES: dict[str, dict[str, str]] = {
    "hand": {"ja": "手札の多さ", "en": "more cards in hand"},
    "shared": {"ja": "勝利の分け合い", "en": "shared"},
    "score": {"ja": "得点", "en": "the score"},
}
"""The engines' tie rules (a record's `tie`), in words; one not listed is `other_tie`."""

OTHER_TIE = {"ja": "ほかの決め方", "en": "another tie rule"}

MEASURES: dict[str, dict[str, str]] = {
    "completion": {"ja": "完了", "en": "Completed"},
    "timeouts": {"ja": "打ち切り", "en": "Cut at the cap"},
    "first_player.win_rate": {"ja": "先手の勝率", "en": "First player wins"},
    "ties.at_top": {"ja": "首位の同点", "en": "Ties at the top"},
    "ties.shared_wins": {"ja": "勝利の分け合い", "en": "Shared wins"},
    "length.mean_turns": {"ja": "平均ターン数", "en": "Mean turns"},
}
"""Names of the shared measures a comparison compares (seat win rates are named by `measure_label`)."""


w = SHARED.extend(WORDS)
"""The report's words on top of the shared ones (`w("ties", lang)`)."""


def said(table: dict[str, str], lang: str) -> str:
    return table.get(lang) or table["en"]


def pct(value: float, lang: str) -> str:
    return w("percent", lang, v=f"{100 * value:.1f}")


def whole(value: float, lang: str) -> str:
    """A share in whole percent for a sentence; one decimal where a whole number would say 0 % or 100 % of a share
    that is neither.

    >>> whole(0.8485, "ja"), whole(0.004, "ja"), whole(0.9996, "ja"), whole(1.0, "ja")
    ('85%', '0.4%', '99.9%', '100%')
    """
    v = 100 * value
    r = math.floor(v + 0.5)
    if r == 0 and v > 0:
        text = f"{math.ceil(v * 10) / 10:.1f}"
    elif r == 100 and v < 100:
        text = f"{math.floor(v * 10) / 10:.1f}"
    else:
        text = str(r)
    return w("percent", lang, v=text)


def signed(value: float) -> str:
    """Percentage points with a real minus sign: `+2.5`, `−0.3`; nothing that rounds to zero carries a sign.

    >>> signed(0.025), signed(-0.003), signed(-0.0004)
    ('+2.5', '−0.3', '0.0')
    """
    text = f"{100 * value:+.1f}"
    return "0.0" if text in ("+0.0", "-0.0") else text.replace("-", "−")


def number(value: float) -> str:
    """A plain number with a real minus sign."""
    return f"{value:g}".replace("-", "−")


def humanised(name: str) -> str:
    """An English label from a dotted measure name: `field.reserve_round` → `Field: reserve round`."""
    parts = [p.replace("_", " ").replace("-", " ") for p in name.split(".") if p]
    if not parts:
        return name
    text = ": ".join(parts)
    return text[0].upper() + text[1:]


def measure_label(name: str, lang: str, game_labels: dict[str, dict[str, str]], n: int = 0) -> str:
    """A comparison measure's printed name; one nobody named is `humanised` in English, a numbered generic word
    in other languages."""
    if name.startswith("seat_win_rate."):
        return w("seat_wins", lang, seat=w("seat", lang, n=name.rsplit(".", 1)[1]))
    names = MEASURES.get(name) or game_labels.get(name.removeprefix("game."))
    if names:
        return said(names, lang)
    return humanised(name.removeprefix("game.")) if w("names_from_ids", lang) == "yes" else w("measure", lang, n=n)


# ---------------------------------------------------------------- the kit's own names


def values_of(kit: Any) -> dict:
    placeholder_values = getattr(kit, "placeholder_values", None)
    return placeholder_values() if placeholder_values is not None else {}


def local(text: Any, lang: str, values: dict | None = None) -> str:
    """A kit's localised text, placeholders filled; "" for none."""
    if text is None or not hasattr(text, "get"):
        return ""
    return fill(text.get(lang) or "", values or {})


def first_sentence(text: str) -> str:
    """The first sentence, without its full stop: how an end condition names itself in a sentence."""
    text = text.strip()
    match = re.search(r"。|\.(\s|$)", text)
    return (text[: match.start()] if match else text).strip()


def end_name(kit: Any, end: str, lang: str) -> str:
    """An end condition by its kit's words (`when`, its first sentence); a cut at the move cap, or an ending the kit
    does not list, by a generic word."""
    if end == "timeout":
        return w("timeout_end", lang)
    for condition in getattr(kit, "end_conditions", None) or ():
        if condition.id == end:
            text = first_sentence(local(condition.when, lang, values_of(kit)))
            if text:
                return text
    return w("other_end", lang)


def tie_rule(rule: str, lang: str) -> str:
    """An engine's tie rule in words, as the middle of a sentence says it."""
    return said(TIE_RULES.get(rule, OTHER_TIE), lang)


def named(kit: Any, field: str, ident: str, lang: str) -> str:
    """The printed name of one of the kit's things (a combo, an event, an element) by its id, else a generic word."""
    for thing in getattr(kit, field, None) or ():
        if getattr(thing, "id", None) == ident and getattr(thing, "name", None) is not None:
            return thing.name.get(lang)
    return w("unnamed", lang)


def _at(model: Any, path: tuple) -> Any:
    for part in path:
        model = model[part] if isinstance(part, int) else getattr(model, part, None)
        if model is None:
            return None
    return model


def reading_questions(kit: Any, lang: str) -> dict[str, str]:
    """What each reading the kit declares asks, in the kit's words: the reading's `question`, else its erratum's
    `topic`; else a numbered generic word."""
    from pnpkit.validator.playtest.readings import declared_readings

    values = values_of(kit)
    out: dict[str, str] = {}
    for found in declared_readings(kit):
        reading = found.reading
        if reading.id in out:
            continue
        text = local(reading.question, lang, values)
        if not text:
            text = local(getattr(_at(kit, found.path[:-2]), "topic", None), lang, values)
        out[reading.id] = text or w("unclear_rule", lang, n=len(out) + 1)
    return out


def choice_name(report: dict, rid: str, choice: str, lang: str) -> str:
    """A reading's choice by the kit's name for it, else a numbered generic word."""
    reading = report["readings"].get(rid, {})
    names = reading.get("names", {}).get(choice)
    if names:
        return names.get(lang) or names["en"]
    order = list(reading.get("choices", {}))
    return w("other_choice", lang, n=order.index(choice) + 1 if choice in order else 1)


# ---------------------------------------------------------------- the game's own measures


@dataclass(frozen=True)
class Figure:
    """One row of figures: a label, its value and a muted detail line; `rate` draws a small interval bar."""

    label: str
    value: str
    detail: str = ""
    rate: dict | None = None


GameMeasures = Callable[[Any, dict, str], list[Figure]]


def spread(d: dict, lang: str, suffix: str = "", of: str = "of_games") -> str:
    """A distribution in words: its middle 90 % and its least and most, labelled."""
    if not d:
        return "–"
    return w(
        "spread",
        lang,
        of=w(of, lang),
        lo=number(d["p5"]),
        hi=number(d["p95"]),
        min=number(d["min"]),
        max=number(d["max"]),
        unit=w(suffix, lang) if suffix else "",
    )


def interval(value: dict, lang: str) -> str:
    return w("interval", lang, lo=pct(value["low"], lang), hi=pct(value["high"], lang))


def rate_figure(label: str, value: dict, lang: str, extra: str = "") -> Figure:
    return Figure(label, pct(value["rate"], lang), f"{interval(value, lang)}{extra}", value)


def _say(table: dict[str, dict[str, str]], key: str, lang: str, **values: Any) -> str:
    text = said(table[key], lang)
    return text.format(**values) if values else text


ES = {
    "deck.dry_before_end": {"ja": "山札が尽きた（終了前）", "en": "Deck found empty before the end"},
    "deck.draw_lost": {"ja": "引けない手番があった", "en": "A draw was lost"},
    "late_effects.shift_when_decided": {"ja": "決着後のシフト", "en": "Shift after the game was decided"},
    "late_effects.changed_result": {"ja": "シフトが結果を変えた", "en": "A shift changed the result"},
    "deck.empty_cycle": {"ja": "山札が尽きるサイクル", "en": "Deck runs out at cycle"},
    "deck": {"ja": "エレメント山札", "en": "Element deck"},
    "deck_value": {"ja": "{cards}枚", "en": "{cards} cards"},
    "deck_detail": {
        "ja": "1ターンに{draws}枚引く、{players}人、最大{cycles}サイクル",
        "en": "{draws} drawn a turn, {players} players, at most {cycles} cycles",
    },
    "reshuffles": {"ja": "、1ゲームの再シャッフル{v}回", "en": "; {v} reshuffles a game"},
    "lost": {"ja": "、1ゲームで{v}回引けない", "en": "; {v} draws lost a game"},
    "tokens": {"ja": "必要なトークン（最大）", "en": "Tokens needed (most)"},
    "tokens_value": {"ja": "{most} / {supply}", "en": "{most} of {supply}"},
    "at_supply": {"ja": "供給の上限に達したゲーム {v}", "en": "games at the supply {v}"},
    "combos": {"ja": "1ゲームのコンボ", "en": "Combos a game"},
    "events": {"ja": "1ゲームのシフトイベント", "en": "Shift events a game"},
}
"""Element Shift's measures: the comparison's rate measures by their dotted names, and the page's rows."""


def element_shift_measures(kit: Any, g: dict, lang: str) -> list[Figure]:
    def say(key: str, **values: Any) -> str:
        return _say(ES, key, lang, **values)

    d, tok, late = g["deck"], g["tokens"], g["late_effects"]
    combos = sorted(g["combos"].items(), key=lambda kv: (-kv[1]["per_game"], kv[0]))
    events = sorted(g["events"].items(), key=lambda kv: (-kv[1], kv[0]))
    sep = w("figure_separator", lang)
    return [
        Figure(
            say("deck"),
            say("deck_value", cards=d["cards"]),
            say("deck_detail", draws=d["draws_per_turn"], players=d["players"], cycles=d["max_cycles"]),
        ),
        Figure(say("deck.empty_cycle"), str(d["empty_cycle"].get("p50", "–")), spread(d["empty_cycle"], lang)),
        rate_figure(
            say("deck.dry_before_end"), d["dry_before_end"], lang, say("reshuffles", v=d["reshuffles_per_game"])
        ),
        rate_figure(say("deck.draw_lost"), d["draw_lost"], lang, say("lost", v=d["short_draws_per_game"])),
        Figure(
            say("tokens"),
            say("tokens_value", most=tok["most_needed"], supply=tok["supply"]),
            say("at_supply", v=pct(tok["games_at_supply"]["rate"], lang)),
        ),
        rate_figure(say("late_effects.shift_when_decided"), late["shift_when_decided"], lang),
        rate_figure(say("late_effects.changed_result"), late["changed_result"], lang),
        Figure(
            say("combos"),
            f"{sum(v['per_game'] for _k, v in combos):.1f}",
            sep.join(f"{named(kit, 'combos', k, lang)} {v['per_game']:.1f}" for k, v in combos[:4]),
        ),
        Figure(
            say("events"),
            f"{sum(v for _k, v in events):.2f}",
            sep.join(f"{named(kit, 'events', k, lang)} {v:.2f}" for k, v in events[:3]),
        ),
    ]


WEC = {
    "field.reserve_used": {"ja": "予備を使ったゲーム", "en": "Games that used the reserve"},
    "scores.negative": {"ja": "マイナス得点のプレイヤー", "en": "Players ending below zero"},
    "collect.short": {"ja": "取り切れないコレクト", "en": "Collects short of cards"},
    "cards": {"ja": "エレメントカード", "en": "Element cards"},
    "cards_value": {"ja": "{cards}枚", "en": "{cards} cards"},
    "cards_detail": {
        "ja": "場に{field}枚、予備{reserve}枚、コレクトで{take}枚ずつ、{players}人",
        "en": "{field} on the field, {reserve} in reserve, {take} a collect, {players} players",
    },
    "reserve_round": {
        "ja": "、予備を使い始めるラウンド（中央値）{v}",
        "en": "; reserve first used in round {v} (median)",
    },
    "dry_round": {"ja": "場札を補充できなくなるラウンド", "en": "Round the field runs dry"},
    "winner": {"ja": "勝者の得点（中央値）", "en": "Winner's score (median)"},
    "margin": {"ja": "1位と2位の差（中央値）", "en": "Lead over second (median)"},
    "all": {"ja": "全プレイヤーの得点（中央値）", "en": "Every player's score (median)"},
    "cards_held": {"ja": "最後に持つカード（中央値）", "en": "Cards held at the end (median)"},
    "collects": {"ja": "、1ゲームのコレクト{v}回", "en": "; {v} collects a game"},
    "summons": {"ja": "1ゲームの召喚", "en": "Summons a game"},
    "power_ups": {"ja": "1ゲームの強化", "en": "Power-ups a game"},
    "power_cards": {"ja": "強化に使ったカード{v}枚", "en": "{v} cards spent on them"},
    "steals": {"ja": "1ゲームの奪取", "en": "Cards taken from hands a game"},
    "steal_detail": {
        "ja": "行動不能{out}回、反射{reflected}回",
        "en": "{out} players put out of action, {reflected} calls reflected",
    },
}
"""Wizard's Element Collection's measures: the comparison's rate measures by their dotted names, and the page's
rows."""


def wizards_measures(kit: Any, g: dict, lang: str) -> list[Figure]:
    def say(key: str, **values: Any) -> str:
        return _say(WEC, key, lang, **values)

    f, s, c = g["field"], g["scores"], g["collect"]
    summons = sorted(g["summons_per_game"].items(), key=lambda kv: (-kv[1], kv[0]))
    sep = w("figure_separator", lang)
    median = f["reserve_round"].get("p50", "–")
    return [
        Figure(
            say("cards"),
            say("cards_value", cards=f["cards"]),
            say("cards_detail", field=f["field"], reserve=f["reserve"], take=f["collect_take"], players=f["players"]),
        ),
        rate_figure(say("field.reserve_used"), f["reserve_used"], lang, say("reserve_round", v=median)),
        Figure(say("dry_round"), str(f["dry_round"].get("p50", "–")), spread(f["dry_round"], lang, "suffix_round")),
        Figure(say("winner"), number(s["winner"].get("p50", 0)), spread(s["winner"], lang, "suffix_points")),
        Figure(say("margin"), number(s["margin"].get("p50", 0)), spread(s["margin"], lang, "suffix_points")),
        Figure(say("all"), number(s["all"].get("p50", 0)), spread(s["all"], lang, "suffix_points", "of_players")),
        rate_figure(say("scores.negative"), s["negative"], lang),
        Figure(
            say("cards_held"),
            number(s["cards_held"].get("p50", 0)),
            spread(s["cards_held"], lang, "suffix_cards", "of_players"),
        ),
        rate_figure(say("collect.short"), c["short"], lang, say("collects", v=f"{c['per_game']:.1f}")),
        Figure(
            say("summons"),
            f"{sum(v for _k, v in summons):.1f}",
            sep.join(f"{named(kit, 'elements', k, lang)} {v:.1f}" for k, v in summons[:5]),
        ),
        Figure(
            say("power_ups"), f"{g['power_ups_per_game']:.1f}", say("power_cards", v=f"{g['power_cards_per_game']:.1f}")
        ),
        Figure(
            say("steals"),
            f"{g['steals_per_game']:.1f}",
            say("steal_detail", out=f"{g['out_of_action_per_game']:.1f}", reflected=f"{g['reflected_per_game']:.1f}"),
        ),
    ]


def generic_measures(kit: Any, g: dict, lang: str) -> list[Figure]:
    """Any engine's measures, for a game that names none: its rates with their intervals and its plain numbers,
    labelled `humanised` in English and by a numbered generic word in other languages."""
    out: list[Figure] = []

    def label(prefix: str) -> str:
        return humanised(prefix) if w("names_from_ids", lang) == "yes" else w("measure", lang, n=len(out) + 1)

    def visit(prefix: str, value: Any) -> None:
        if isinstance(value, dict) and {"rate", "low", "high"} <= value.keys():
            out.append(rate_figure(label(prefix), value, lang))
        elif isinstance(value, dict) and "p50" in value:  # a distribution: its median, its spread beneath
            out.append(Figure(label(prefix), number(value["p50"]), spread(value, lang)))
        elif isinstance(value, dict):
            for key, inner in value.items():
                visit(f"{prefix}.{key}" if prefix else str(key), inner)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            out.append(Figure(label(prefix), number(value)))

    visit("", g)
    return out


ELEMENT_SHIFT_REPORT: tuple[GameMeasures, dict[str, dict[str, str]]] = (element_shift_measures, ES)
"""Element Shift's rows for the page and names of its comparison measures (its GameSpec's `report`)."""

WIZARDS_REPORT: tuple[GameMeasures, dict[str, dict[str, str]]] = (wizards_measures, WEC)
"""Wizard's Element Collection's rows for the page and names of its comparison measures."""


def report_rows(game: str) -> tuple[GameMeasures, dict[str, dict[str, str]]]:
    """A game's rows for the page and names of its comparison measures: its GameSpec's `report`, else
    `generic_measures`."""
    from pnpkit.validator.games import SPECS
    from pnpkit.validator.games.spec import load_attribute

    spec = SPECS.get(game)
    if spec is None or spec.report is None:
        return generic_measures, {}
    rows: tuple[GameMeasures, dict[str, dict[str, str]]] = load_attribute(spec.report)
    return rows


# ---------------------------------------------------------------- the verdict


def _timeouts(m: dict, lang: str) -> str:
    return w("v_timeouts", lang, v=whole(m["timeouts"]["rate"], lang))


def _ends(kit: Any, m: dict, lang: str) -> str:
    games = max(1, m["games"])
    ends = sorted(((k, v) for k, v in m["ends"].items() if k != "timeout" and v), key=lambda kv: (-kv[1], kv[0]))
    if not ends:
        return ""
    (first, count), rest = ends[0], ends[1:]
    if not rest and count == games:
        return w("v_end_all", lang, end=end_name(kit, first, lang))
    if not rest:
        return w("v_end_one", lang, v=whole(count / games, lang), end=end_name(kit, first, lang))
    sentence = w(
        "v_end_two",
        lang,
        v=whole(count / games, lang),
        end=end_name(kit, first, lang),
        v2=whole(rest[0][1] / games, lang),
        end2=end_name(kit, rest[0][0], lang),
    )
    others = sum(v for _k, v in rest[1:])
    if others:
        sentence = joined([sentence, w("v_end_rest", lang, v=whole(others / games, lang))], lang)
    return sentence


def _ties(m: dict, lang: str) -> str:
    t = m["ties"]
    games = max(1, m["games"])
    at_top = t["at_top"]["rate"]
    if not t["at_top"]["count"]:
        return w("v_ties_none", lang)
    opening = w("v_ties_rare" if at_top < 0.05 else "v_ties_many", lang, v=whole(at_top, lang))
    broken = sorted(((k, v) for k, v in t["decided_by"].items() if k != "shared"), key=lambda kv: (-kv[1], kv[0]))
    if not broken:
        return opening + w("v_ties_shared", lang)
    parts = [w("v_tie_rule", lang, rule=tie_rule(k, lang), v=whole(v / games, lang)) for k, v in broken]
    if t["shared_wins"]["count"]:
        parts.append(w("v_tie_shared", lang, v=whole(t["shared_wins"]["rate"], lang)))
    return opening + w("v_ties_broken", lang, parts=listed(parts, lang))


def listed(parts: list[str], lang: str) -> str:
    """`a、b、c` in Japanese; `a, b and c` in English."""
    if len(parts) < 2:
        return "".join(parts)
    return w("figure_separator", lang).join(parts[:-1]) + w("list_last", lang) + parts[-1]


def seats_clear(m: dict) -> bool:
    """Whether some seat's 95 % interval leaves out the fair share: an imbalance more than chance."""
    fair = m["balance"]["fair_rate"]
    return any(s["low"] > fair or s["high"] < fair for s in m["seat_win_rate"].values())


def _seats(m: dict, lang: str) -> str:
    seats, b, fp = m["seat_win_rate"], m["balance"], m["first_player"]
    fair = whole(b["fair_rate"], lang)
    if not seats_clear(m):
        rates = [s["rate"] for s in seats.values()]
        return w("v_seats_fair", lang, lo=whole(min(rates), lang), hi=whole(max(rates), lang), fair=fair)
    if fp["advantage_low"] > 0 or fp["advantage_high"] < 0:
        key = "v_first_ahead" if fp["advantage"] > 0 else "v_first_behind"
        return w(key, lang, v=whole(fp["win_rate"]["rate"], lang), fair=fair)
    return w(
        "v_seats_unfair",
        lang,
        best=b["best_seat"],
        worst=b["worst_seat"],
        high=whole(seats[str(b["best_seat"])]["rate"], lang),
        low=whole(seats[str(b["worst_seat"])]["rate"], lang),
        fair=fair,
    )


def joined(sentences: list[str], lang: str) -> str:
    """Sentences as one paragraph: a space between them in English, none in Japanese."""
    text = sentences[0] if sentences else ""
    for sentence in sentences[1:]:
        text = w("two_sentences", lang, first=text, second=sentence)
    return text


def verdict(kit: Any, m: dict, lang: str) -> list[str]:
    """Two to four sentences on what the numbers say, the weightiest first: games that never finish, seats out of
    balance beyond chance, how games end, ties at the top and how they are settled, the seats."""
    sentences: list[tuple[int, str]] = []
    if m["timeouts"]["count"]:
        sentences.append((0 if m["timeouts"]["rate"] >= 0.01 else 3, _timeouts(m, lang)))
    sentences.append((1 if seats_clear(m) else 4, _seats(m, lang)))
    ends = _ends(kit, m, lang)
    if ends:
        sentences.append((2, ends))
    sentences.append((2 if m["ties"]["at_top"]["rate"] >= 0.05 else 3, _ties(m, lang)))
    ordered = [text for _rank, text in sorted(sentences, key=lambda pair: pair[0])]
    return ordered[:4]
