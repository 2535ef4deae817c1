"""The playtest report: one A4 page that shows what `pnpkit simulate` found, drawn from its JSON report.

Win rate per seat as bars with 95 % Wilson error bars against the fair share, the outcomes beside them
(completion, timeouts, first-player advantage, balance, ties), a histogram of game length, the game's own
measures, and either the readings played or, when several were run, which metrics moved beyond their
intervals under each other reading. Vector primitives only; every label is fitted and held to the floor.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..i18n import SHARED
from ..scene import Item, Line, Page, Polygon, Rect, Style, Text
from ..text import TextBox
from ..units import PAPERS
from .context import INK, MUTED, LayoutContext, footer, page_title, readable

BAR = "#4f7cac"
BAR_LIGHT = "#dce6f0"
FAIR = "#c0392b"
MOVED = "#fbe3c8"
RULE = Style(stroke="#bbbbbb", width=0.15)
GRID = Style(stroke="#dddddd", width=0.15)
AXIS = Style(stroke=INK, width=0.25)
WHISKER = Style(stroke=INK, width=0.3)

HEADING, BODY, SMALL = 10.0, 8.0, 7.0
"""Point sizes: section headings, figures and labels, details (7 pt: the Japanese floor)."""
ROW = 8.0
"""One figure's row: its label and value, its detail beneath."""

WORDS: dict[str, dict[str, str]] = {
    "percent": {"ja": "{v}%", "en": "{v} %"},
    "seat_wins": {"ja": "{seat} 勝率", "en": "{seat} wins"},
    "figure_separator": {"ja": "、", "en": ", "},
    "clause_separator": {"ja": "、", "en": "; "},
    "title": {"ja": "テストプレイ報告", "en": "Playtest report"},
    "kit": {"ja": "キット", "en": "Kit"},
    "games": {"ja": "ゲーム数", "en": "Games"},
    "policy": {"ja": "方針", "en": "Policy"},
    "random": {"ja": "ランダム", "en": "random"},
    "greedy": {"ja": "貪欲（1手先読み）", "en": "greedy (one ply)"},
    "seed": {"ja": "シード", "en": "Seed"},
    "move_cap": {"ja": "手数上限", "en": "Move cap"},
    "shown": {"ja": "図表はキットの解釈で遊んだ結果", "en": "Charts: the games played with the kit's readings"},
    "win_rate": {"ja": "席ごとの勝率", "en": "Win rate per seat"},
    "win_note": {
        "ja": "席1が最初の手番。ひげは95%ウィルソン区間、破線は公平な取り分（1/人数）",
        "en": "Seat 1 moves first. Whiskers: 95 % Wilson intervals; dashed: the fair share (1/players)",
    },
    "seat": {"ja": "席{n}", "en": "Seat {n}"},
    "fair": {"ja": "公平 {v}", "en": "fair {v}"},
    "outcomes": {"ja": "結果とバランス", "en": "Outcomes and balance"},
    "completion": {"ja": "完了したゲーム", "en": "Games completed"},
    "timeouts": {"ja": "時間切れ", "en": "Timeouts"},
    "first_player": {"ja": "先手の有利", "en": "First-player advantage"},
    "balance": {"ja": "席の差", "en": "Balance (gap)"},
    "ties": {"ja": "首位の同点", "en": "Ties at the top"},
    "shared": {"ja": "勝利の分け合い", "en": "Shared wins"},
    "ends": {"ja": "終了条件", "en": "How games ended"},
    "points": {"ja": "{v}ポイント", "en": "{v} points"},
    "interval": {"ja": "95%区間 {lo} 〜 {hi}", "en": "95 %: {lo} to {hi}"},
    "fair_rate": {"ja": "公平な勝率 {v}", "en": "fair rate {v}"},
    "best_worst": {"ja": "最も高い席{best}、最も低い席{worst}", "en": "best seat {best}, worst seat {worst}"},
    "decided_by": {"ja": "決め手：{v}", "en": "decided by {v}"},
    "none": {"ja": "なし", "en": "none"},
    "length": {"ja": "ゲームの長さ", "en": "Game length"},
    "share": {"ja": "ゲームの割合", "en": "share of games"},
    "median": {"ja": "中央値 {v}", "en": "median {v}"},
    "median_cycles": {"ja": "サイクル数（中央値）", "en": "Cycles (median)"},
    "median_turns": {"ja": "ターン数（中央値）", "en": "Turns (median)"},
    "mean_turns": {"ja": "平均ターン数", "en": "Mean turns"},
    "range": {"ja": "5〜95パーセンタイル {lo}〜{hi}、最小{min}・最大{max}", "en": "p5–p95 {lo}–{hi}; {min} to {max}"},
    "game_measures": {"ja": "このゲーム固有の指標", "en": "The game's own measures"},
    "readings_played": {"ja": "遊んだ解釈", "en": "Readings played"},
    "reading": {"ja": "不明確なルール", "en": "Unclear rule"},
    "choice": {"ja": "採用した解釈", "en": "Reading played"},
    "not_declared": {
        "ja": "（キット未宣言：エンジンの既定）",
        "en": " (not declared by the kit: the engine's default)",
    },
    "compare_hint": {
        "ja": "--all-readings で解釈を切り替えたとき、どの指標が動くかを比べられます。",
        "en": "Run with --all-readings to see which metrics move when a reading changes.",
    },
    "comparison": {"ja": "解釈の比較", "en": "Reading comparison"},
    "comparison_note": {
        "ja": "色付きのセル：95%区間がキットの解釈の区間と重ならない指標（▲上昇・▼低下）",
        "en": "Shaded: the metric's 95 % interval does not overlap the kit's reading's (up or down arrow)",
    },
    "kit_readings": {"ja": "キットの解釈（上の図表）", "en": "The kit's readings (charts above)"},
    "nothing_moved": {
        "ja": "どの解釈でも、95%区間を超えて動いた指標はありません。",
        "en": "Under no other reading did a metric move beyond its 95 % interval.",
    },
    "more_rows": {"ja": "ほか{n}通り（JSON出力を参照）", "en": "{n} more combinations: see the JSON output"},
    "footer": {"ja": "pnpkit simulate · 95%区間はウィルソン法", "en": "pnpkit simulate · 95 % Wilson score intervals"},
}

MEASURES: dict[str, dict[str, str]] = {
    "completion": {"ja": "完了", "en": "Completed"},
    "timeouts": {"ja": "時間切れ", "en": "Timeouts"},
    "first_player.win_rate": {"ja": "先手の勝率", "en": "First player wins"},
    "ties.at_top": {"ja": "首位の同点", "en": "Ties at the top"},
    "ties.shared_wins": {"ja": "勝利の分け合い", "en": "Shared wins"},
    "length.mean_turns": {"ja": "平均ターン数", "en": "Mean turns"},
}
"""Names of the shared measures a comparison compares (seat win rates are named by `measure_label`)."""


@dataclass(frozen=True)
class Figure:
    """One row of figures: a label, its value and a muted detail line; `rate` draws a small interval bar."""

    label: str
    value: str
    detail: str = ""
    rate: dict | None = None


GameMeasures = Callable[[Any, dict, str], list[Figure]]


w = SHARED.extend(WORDS)
"""The report's words on top of the shared ones (`w("ties", lang)`)."""


def pct(value: float, lang: str) -> str:
    return w("percent", lang, v=f"{100 * value:.1f}")


def signed(value: float) -> str:
    """Percentage points with a real minus sign: `+2.5`, `−0.3`; nothing that rounds to zero carries a sign.

    >>> signed(0.025), signed(-0.003), signed(-0.0004)
    ('+2.5', '−0.3', '0.0')
    """
    text = f"{100 * value:+.1f}"
    return "0.0" if text in ("+0.0", "-0.0") else text.replace("-", "−")


def measure_label(name: str, lang: str, game_labels: dict[str, dict[str, str]]) -> str:
    """A comparison measure's printed name; an unknown one prints as its dotted name."""
    if name.startswith("seat_win_rate."):
        return w("seat_wins", lang, seat=w("seat", lang, n=name.rsplit(".", 1)[1]))
    names = MEASURES.get(name) or game_labels.get(name.removeprefix("game."))
    return names.get(lang, names["en"]) if names else name


# ---------------------------------------------------------------- the game's own measures


def _named(kit: Any, field: str, ident: str, lang: str) -> str:
    """The printed name of one of the kit's things (a combo, an event) by its id, else the id."""
    for thing in getattr(kit, field, None) or ():
        if getattr(thing, "id", None) == ident and getattr(thing, "name", None) is not None:
            return thing.name.get(lang)
    return ident


def _dist(d: dict, lang: str) -> str:
    if not d:
        return "–"
    return w("range", lang, lo=d["p5"], hi=d["p95"], min=d["min"], max=d["max"])


def _rate_figure(label: str, value: dict, lang: str, extra: str = "") -> Figure:
    detail = w("interval", lang, lo=f"{100 * value['low']:.1f}", hi=pct(value["high"], lang))
    return Figure(label, pct(value["rate"], lang), f"{detail}{extra}", value)


ES = {
    "deck.dry_before_end": {"ja": "山札が尽きた（終了前）", "en": "Deck found empty before the end"},
    "deck.draw_lost": {"ja": "引けない手番があった", "en": "A draw was lost"},
    "late_effects.shift_when_decided": {"ja": "決着後のシフト", "en": "Shift after the game was decided"},
    "late_effects.changed_result": {"ja": "シフトが結果を変えた", "en": "A shift changed the result"},
    "deck.empty_cycle": {"ja": "山札が尽きるサイクル", "en": "Deck runs out at cycle"},
    "deck": {"ja": "エレメント山札", "en": "Element deck"},
    "deck_value": {"ja": "{cards}枚", "en": "{cards} cards"},
    "deck_detail": {
        "ja": "1ターンに{draws}枚、{players}人、{cycles}サイクル",
        "en": "{draws} a turn, {players} players, {cycles} cycles",
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
        text = ES[key].get(lang, ES[key]["en"])
        return text.format(**values) if values else text

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
        Figure(
            say("deck.empty_cycle"),
            str(d["empty_cycle"].get("p50", "–")),
            _dist(d["empty_cycle"], lang),
        ),
        _rate_figure(
            say("deck.dry_before_end"), d["dry_before_end"], lang, say("reshuffles", v=d["reshuffles_per_game"])
        ),
        _rate_figure(say("deck.draw_lost"), d["draw_lost"], lang, say("lost", v=d["short_draws_per_game"])),
        Figure(
            say("tokens"),
            say("tokens_value", most=tok["most_needed"], supply=tok["supply"]),
            say("at_supply", v=pct(tok["games_at_supply"]["rate"], lang)),
        ),
        _rate_figure(say("late_effects.shift_when_decided"), late["shift_when_decided"], lang),
        _rate_figure(say("late_effects.changed_result"), late["changed_result"], lang),
        Figure(
            say("combos"),
            f"{sum(v['per_game'] for _k, v in combos):.1f}",
            sep.join(f"{_named(kit, 'combos', k, lang)} {v['per_game']:.1f}" for k, v in combos[:4]),
        ),
        Figure(
            say("events"),
            f"{sum(v for _k, v in events):.2f}",
            sep.join(f"{_named(kit, 'events', k, lang)} {v:.2f}" for k, v in events[:3]),
        ),
    ]


def generic_measures(kit: Any, g: dict, lang: str) -> list[Figure]:
    """Any engine's measures: its rates with their intervals and its plain numbers, by their dotted names."""
    out: list[Figure] = []

    def visit(prefix: str, value: Any) -> None:
        if isinstance(value, dict) and {"rate", "low", "high"} <= value.keys():
            out.append(_rate_figure(prefix, value, lang))
        elif isinstance(value, dict) and "p50" in value:  # a distribution: its median, its spread beneath
            out.append(Figure(prefix, str(value["p50"]), _dist(value, lang)))
        elif isinstance(value, dict):
            for key, inner in value.items():
                visit(f"{prefix}.{key}" if prefix else str(key), inner)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            out.append(Figure(prefix, f"{value:g}"))

    visit("", g)
    return out


ELEMENT_SHIFT_REPORT: tuple[GameMeasures, dict[str, dict[str, str]]] = (element_shift_measures, ES)
"""Element Shift's rows for the page and names of its comparison measures (its GameSpec's `report`)."""


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


# ---------------------------------------------------------------- drawing


def _text(
    ctx: LayoutContext, text: str, x: float, y: float, width: float, height: float, size: float, **box: Any
) -> list[Item]:
    """A fitted text; too long is a PK309 finding, never a silent shrink below the floor."""
    if not text:
        return []
    return list(ctx.fitted(text, TextBox(x, y, width, height, **box), size, SMALL, label="playtest report"))


def _heading(ctx: LayoutContext, text: str, x: float, y: float, width: float) -> list[Item]:
    return [
        *_text(ctx, text, x, y, width, 5.0, HEADING, bold=True, colour=INK),
        Line(x, y + 5.6, x + width, y + 5.6, style=RULE),
    ]


def _interval_bar(x: float, y: float, width: float, rate: dict) -> list[Item]:
    """A 0–100 % track with the rate's interval as a band and the rate as a tick."""
    low, high, value = rate["low"], rate["high"], rate["rate"]
    return [
        Rect(x, y, width, 1.6, style=Style(fill="#eeeeee")),
        Rect(
            x + width * low, y, max(0.3, width * (high - low)), 1.6, style=Style(fill=BAR_LIGHT, stroke=BAR, width=0.15)
        ),
        Line(x + width * value, y - 0.5, x + width * value, y + 2.1, style=Style(stroke=INK, width=0.4)),
    ]


def _figures(ctx: LayoutContext, figures: Sequence[Figure], x: float, y: float, width: float) -> list[Item]:
    """Rows of figures: label left, value right, the detail (and a rate's interval bar) beneath."""
    items: list[Item] = []
    value_w = 22.0
    for i, figure in enumerate(figures):
        top = y + i * ROW
        label_w = width - value_w - (19.0 if figure.rate is not None else 1.0)
        items += _text(ctx, figure.label, x, top, label_w, 3.6, BODY, colour=INK, bold=True)
        items += _text(ctx, figure.value, x + width - value_w, top, value_w, 3.6, BODY, colour=INK, align="end")
        if figure.rate is not None:
            items += _interval_bar(x + width - value_w - 17.0, top + 1.2, 16.0, figure.rate)
        items += _text(ctx, figure.detail, x, top + 3.8, width, 3.2, SMALL, colour=MUTED)
        items.append(Line(x, top + ROW - 0.6, x + width, top + ROW - 0.6, style=GRID))
    return items


def _nice_top(value: float) -> tuple[float, float]:
    """An axis top at or above `value` (a share, 0–1), and its tick step."""
    for step in (0.02, 0.05, 0.1, 0.2, 0.25):
        top = math.ceil(value / step - 1e-9) * step
        if top / step <= 6:
            return max(top, step), step
    return 1.0, 0.25


def _y_axis(
    ctx: LayoutContext, left: float, right: float, top: float, bottom: float, ymax: float, step: float
) -> list[Item]:
    items: list[Item] = []
    ticks = round(ymax / step)
    for k in range(ticks + 1):
        y = bottom - (bottom - top) * k / ticks
        items.append(Line(left, y, right, y, style=GRID if k else AXIS))
        label = w("percent", ctx.lang, v=round(100 * step * k))
        items.append(Text(left - 1.2, y + 1.0, label, readable(label, SMALL), colour=MUTED, anchor="end"))
    items.append(Line(left, top, left, bottom, style=AXIS))
    return items


def _seat_chart(
    ctx: LayoutContext, m: dict, players: int, x: float, y: float, width: float, height: float
) -> list[Item]:
    seats = m["seat_win_rate"]
    fair = m["balance"]["fair_rate"]
    left, right, top, bottom = x + 11.0, x + width, y + 5.0, y + height - 6.0
    ymax, step = _nice_top(max([fair * 1.25] + [s["high"] for s in seats.values()]))
    scale = (bottom - top) / ymax
    items = _y_axis(ctx, left, right, top, bottom, ymax, step)
    slot = (right - left) / max(1, len(seats))
    for i, (seat, value) in enumerate(seats.items()):
        cx = left + slot * (i + 0.5)
        bar_w = min(18.0, slot * 0.55)
        h = value["rate"] * scale
        items.append(Rect(cx - bar_w / 2, bottom - h, bar_w, h, style=Style(fill=BAR if seat != "1" else "#2f5d8a")))
        lo, hi = bottom - value["low"] * scale, bottom - value["high"] * scale
        cap = bar_w * 0.3
        items += [
            Line(cx, lo, cx, hi, style=WHISKER),
            Line(cx - cap, lo, cx + cap, lo, style=WHISKER),
            Line(cx - cap, hi, cx + cap, hi, style=WHISKER),
        ]
        label = pct(value["rate"], ctx.lang)
        items.append(Text(cx, hi - 1.2, label, readable(label, SMALL), colour=INK, anchor="middle"))
        items += _text(ctx, w("seat", ctx.lang, n=seat), cx - slot / 2, bottom + 1.2, slot, 3.6, BODY, align="middle")
    fy = bottom - fair * scale
    items.append(Line(left, fy, right, fy, style=Style(stroke=FAIR, width=0.4, dash=(1.6, 1.0))))
    legend = w("fair", ctx.lang, v=pct(fair, ctx.lang))  # a key above the plot, clear of the bars' labels
    items.append(
        Line(right - 36.0, y + 1.4, right - 30.0, y + 1.4, style=Style(stroke=FAIR, width=0.4, dash=(1.6, 1.0)))
    )
    items += _text(ctx, legend, right - 29.0, y - 0.4, 29.0, 3.4, SMALL, colour=FAIR)
    del players
    return items


def _outcomes(m: dict, lang: str) -> list[Figure]:
    fp, b, t = m["first_player"], m["balance"], m["ties"]
    decided = ", ".join(f"{k} {v}" for k, v in t["decided_by"].items()) or w("none", lang)
    ends = ", ".join(f"{k} {v}" for k, v in m["ends"].items())
    return [
        _rate_figure(w("completion", lang), m["completion"], lang),
        _rate_figure(w("timeouts", lang), m["timeouts"], lang),
        Figure(
            w("first_player", lang),
            w("points", lang, v=signed(fp["advantage"])),
            w("interval", lang, lo=signed(fp["advantage_low"]), hi=signed(fp["advantage_high"]))
            + w("clause_separator", lang)
            + w("fair_rate", lang, v=pct(b["fair_rate"], lang)),
        ),
        Figure(
            w("balance", lang),
            w("points", lang, v=f"{100 * b['gap']:.1f}"),
            w("best_worst", lang, best=b["best_seat"], worst=b["worst_seat"]),
        ),
        _rate_figure(
            w("ties", lang), t["at_top"], lang, w("clause_separator", lang) + w("decided_by", lang, v=decided)
        ),
        _rate_figure(w("shared", lang), t["shared_wins"], lang),
        Figure(w("ends", lang), "", ends),
    ]


def _histogram(ctx: LayoutContext, m: dict, x: float, y: float, width: float, height: float) -> list[Item]:
    counts = {int(k): v for k, v in m["length"]["cycles_histogram"].items()}
    games = max(1, m["games"])
    if not counts:
        return []
    low, high = min(counts), max(counts)
    left, right, top, bottom = x + 11.0, x + width, y + 3.0, y + height - 9.0
    ymax, step = _nice_top(max(counts.values()) / games)
    scale = (bottom - top) / ymax
    items = _y_axis(ctx, left, right, top, bottom, ymax, step)
    values = list(range(low, high + 1))
    slot = (right - left) / len(values)
    every = max(1, math.ceil(5.0 / slot))  # a label every 5 mm at least
    for i, value in enumerate(values):
        share = counts.get(value, 0) / games
        bx = left + slot * i
        if share:
            items.append(
                Rect(bx + slot * 0.1, bottom - share * scale, slot * 0.8, share * scale, style=Style(fill=BAR))
            )
        if (value - low) % every == 0 or value == high:
            items.append(Text(bx + slot / 2, bottom + 3.2, str(value), SMALL, colour=MUTED, anchor="middle"))
    median = m["length"]["cycles"].get("p50")
    if median is not None:
        mx = left + slot * (median - low + 0.5)
        items.append(Line(mx, top - 1.0, mx, bottom, style=Style(stroke=FAIR, width=0.35, dash=(1.2, 0.8))))
        label = w("median", ctx.lang, v=median)
        anchor = "end" if mx > (left + right) / 2 else "start"
        items.append(
            Text(
                mx + (-1.0 if anchor == "end" else 1.0),
                top - 0.8,  # above the plot, clear of the bars
                label,
                readable(label, SMALL),
                colour=FAIR,
                anchor=anchor,
            )
        )
    items += _text(
        ctx, w("cycles", ctx.lang), left, bottom + 4.6, right - left, 3.4, SMALL, colour=MUTED, align="middle"
    )
    return items


def _length_figures(m: dict, lang: str) -> list[Figure]:
    length = m["length"]
    mean = length["mean_turns"]
    return [
        Figure(w("median_cycles", lang), str(length["cycles"].get("p50", "–")), _dist(length["cycles"], lang)),
        Figure(w("median_turns", lang), str(length["turns"].get("p50", "–")), _dist(length["turns"], lang)),
        Figure(
            w("mean_turns", lang),
            f"{mean['mean']:.1f}",
            w("interval", lang, lo=f"{mean['low']:.1f}", hi=f"{mean['high']:.1f}"),
        ),
    ]


def _choice_name(report: dict, rid: str, choice: str, lang: str) -> str:
    names = report["readings"].get(rid, {}).get("names", {}).get(choice)
    return (names.get(lang) or names.get("en")) if names else f"{rid}={choice}"


def _readings_played(ctx: LayoutContext, report: dict, x: float, y: float, width: float, bottom: float) -> list[Item]:
    lang = ctx.lang
    items = _heading(ctx, w("readings_played", lang), x, y, width)
    top = y + 8.0
    first = width * 0.3
    items += _text(ctx, w("reading", lang), x, top, first, 3.6, SMALL, colour=MUTED, bold=True)
    items += _text(ctx, w("choice", lang), x + first, top, width - first, 3.6, SMALL, colour=MUTED, bold=True)
    top += 4.4
    played = report["runs"][0]["readings"]
    row = min(6.6, (bottom - top - 6.0) / max(1, len(played)))
    for rid, choice in played.items():
        declared = report["readings"].get(rid, {}).get("declared")
        name = _choice_name(report, rid, choice, lang) + ("" if declared else w("not_declared", lang))
        items += _text(ctx, rid, x, top, first - 2, row - 0.4, BODY, colour=INK)
        items += _text(ctx, name, x + first, top, width - first, row - 0.4, BODY, colour=INK)
        items.append(Line(x, top + row - 0.3, x + width, top + row - 0.3, style=GRID))
        top += row
    items += _text(ctx, w("compare_hint", lang), x, top + 1.0, width, 4.0, SMALL, colour=MUTED)
    return items


GAME_ROWS = 6
"""Rows of the game's own measures in each of its two columns; a game with more shows its first twelve."""
COMPARISON_COLUMNS = 8
COMPARISON_ROWS = 15


def _comparison(
    ctx: LayoutContext,
    report: dict,
    game_labels: dict,
    measures: Callable[[dict], dict[str, dict]],
    x: float,
    y: float,
    width: float,
    bottom: float,
) -> list[Item]:
    """A table: a row for the kit's readings, then one for each other combination. The left columns are the
    readings that vary (the choice played, bold where it is not the kit's); the right ones the metrics that moved."""
    lang = ctx.lang
    runs, comparison = report["runs"], report["comparison"]
    base = measures(runs[0])
    moved = {(i, m["measure"]): m for i, entry in enumerate(comparison, start=1) for m in entry["moved"]}
    columns = [name for name in base if any(name == n for _i, n in moved)][:COMPARISON_COLUMNS]
    varied = [rid for rid in runs[0]["readings"] if any(entry["readings"].get(rid) for entry in comparison)]
    items = _heading(ctx, w("comparison", lang), x, y, width)
    items += _text(ctx, w("comparison_note", lang), x, y + 7.0, width, 3.4, SMALL, colour=MUTED)
    top = y + 11.0
    if not columns:
        return items + _text(ctx, w("nothing_moved", lang), x, top + 1.0, width, 4.0, BODY, colour=INK)
    reading_w = min(22.0, width * 0.5 / max(1, len(varied)))
    label_w = reading_w * len(varied)
    col_w = (width - label_w) / len(columns)
    headers = [(rid, x + k * reading_w, reading_w) for k, rid in enumerate(varied)]
    headers += [
        (measure_label(name, lang, game_labels), x + label_w + k * col_w, col_w) for k, name in enumerate(columns)
    ]
    for text, left, cell in headers:
        items += _text(ctx, text, left + 0.5, top, cell - 1.0, 7.0, SMALL, bold=True, align="middle", valign="bottom")
    top += 7.6
    items.append(Line(x, top, x + width, top, style=AXIS))
    rows = [0, *range(1, len(comparison) + 1)][: COMPARISON_ROWS + 1]
    more = len(comparison) + 1 - len(rows)
    row_h = min(6.0, (bottom - top - (4.5 if more else 0.0)) / len(rows))
    for i in rows:
        if i == 0:
            items.append(Rect(x, top, width, row_h, style=Style(fill="#f2f2f2")))
        played = runs[i]["readings"]
        for k, rid in enumerate(varied):
            changed = played[rid] != runs[0]["readings"][rid]
            items += _text(
                ctx,
                played[rid],
                x + k * reading_w + 0.5,
                top,
                reading_w - 1.0,
                row_h,
                SMALL,
                colour=INK if changed or i == 0 else MUTED,
                bold=changed,
                align="middle",
                valign="middle",
            )
        values = measures(runs[i])
        for k, name in enumerate(columns):
            value = values.get(name)
            if value is None:
                continue
            cx = x + label_w + k * col_w
            hit = moved.get((i, name))
            if hit is not None:
                items += _moved_mark(cx, top, col_w, row_h, hit["to"] > hit["from"])
            shown = f"{value['rate']:.1f}" if name == "length.mean_turns" else pct(value["rate"], lang)
            items.append(
                Text(
                    cx + col_w / 2,
                    top + row_h / 2 + 1.1,
                    shown,
                    readable(shown, SMALL),
                    colour=INK,
                    anchor="middle",
                    bold=hit is not None,
                )
            )
        top += row_h
        items.append(Line(x, top, x + width, top, style=GRID))
    if more:
        items += _text(ctx, w("more_rows", lang, n=more), x, top + 0.8, width, 3.6, SMALL, colour=MUTED)
    return items


def _moved_mark(x: float, y: float, width: float, height: float, up: bool) -> list[Item]:
    """A shaded cell with a small triangle, pointing up or down, at its right end."""
    ax, ay = x + width - 3.0, y + height / 2
    d = 1.0 if up else -1.0
    triangle = ((ax - 1.1, ay + 0.8 * d), (ax + 1.1, ay + 0.8 * d), (ax, ay - 1.0 * d))
    return [
        Rect(x + 0.3, y + 0.3, width - 0.6, height - 0.6, style=Style(fill=MOVED)),
        Polygon(triangle, style=Style(fill=FAIR if up else BAR)),
    ]


# ---------------------------------------------------------------- the page


def report_page(ctx: LayoutContext, kit: Any, report: dict) -> Page:
    """The report's one page, in `ctx.lang`: the charts show the first run (the kit's readings)."""
    from pnpkit.validator.playtest import engine
    from pnpkit.validator.playtest.runner import measures as run_measures

    lang = ctx.lang
    paper = ctx.paper
    x0, x1 = ctx.margin, paper.width - ctx.margin
    width = x1 - x0
    run = report["runs"][0]
    m = run["metrics"]
    title = kit.title.get(lang)
    items: list[Item] = page_title(ctx, w("title", lang), title)

    policy = w(report["policy"], lang) if report["policy"] in w else report["policy"]
    fields = [
        (w("kit", lang), report["kit"]),
        (w("players", lang), str(report["players"])),
        (w("games", lang), f"{report['games']:,}"),
        (w("policy", lang), policy),
        (w("seed", lang), str(report["seed"])),
        (w("move_cap", lang), f"{report['move_cap']:,}"),
    ]
    col = width / (len(fields) + 1)  # the kit's id takes two columns
    for k, (label, value) in enumerate(fields):
        left, room = x0 + (k + (k > 0)) * col, col * (2 if k == 0 else 1) - 2
        items += _text(ctx, label, left, 18.0, room, 3.2, SMALL, colour=MUTED)
        items += _text(ctx, value, left, 21.4, room, 4.0, 9.0, colour=INK, bold=True)
    if len(report["runs"]) > 1:
        items += _text(ctx, w("shown", lang), x0, 26.2, width, 3.4, SMALL, colour=MUTED)

    chart_w = width * 0.56
    right_x = x0 + chart_w + 8.0
    right_w = x1 - right_x
    y = 31.0
    items += _heading(ctx, w("win_rate", lang), x0, y, chart_w)
    items += _text(ctx, w("win_note", lang), x0, y + 7.0, chart_w, 6.6, SMALL, colour=MUTED)
    items += _seat_chart(ctx, m, report["players"], x0, y + 13.5, chart_w, 52.0)
    items += _heading(ctx, w("outcomes", lang), right_x, y, right_w)
    items += _figures(ctx, _outcomes(m, lang), right_x, y + 7.5, right_w)

    y = 101.0
    items += _heading(ctx, w("length", lang), x0, y, width)
    items += _text(ctx, w("share", lang), x0, y + 7.0, chart_w, 3.2, SMALL, colour=MUTED)
    items += _histogram(ctx, m, x0, y + 10.0, chart_w, 38.0)
    items += _figures(ctx, _length_figures(m, lang), right_x, y + 8.0, right_w)

    y = 151.0
    rows, game_labels = report_rows(report["game"])
    figures = rows(kit, run["game"], lang)
    half = (width - 8.0) / 2
    per_column = min(math.ceil(len(figures) / 2), GAME_ROWS)
    items += _heading(ctx, w("game_measures", lang), x0, y, width)
    items += _figures(ctx, figures[:per_column], x0, y + 8.0, half)
    items += _figures(ctx, figures[per_column : 2 * per_column], x0 + half + 8.0, y + 8.0, half)

    y = y + 10.0 + per_column * ROW + 2.0
    bottom = paper.height - ctx.margin - 6.0
    if "comparison" in report:
        module = engine(report["game"])
        items += _comparison(ctx, report, game_labels, lambda r: run_measures(module, r), x0, y, width, bottom)
    else:
        items += _readings_played(ctx, report, x0, y, width, bottom)
    items += footer(ctx, w("footer", lang), f"{title} · {w('seed', lang)} {report['seed']}")
    return Page(paper.width, paper.height, tuple(items), label=w("title", lang))


def report_context(kit: Any, lang: str) -> LayoutContext:
    """The kit's paper and print settings, in `lang`."""
    return LayoutContext(lang, PAPERS[kit.print.paper], settings=kit.print)


def report_component(ctx: LayoutContext, kit: Any, report: dict) -> Any:
    """The report as a kit component (`playtest-report`), for the kit book: one A4 page, printed on plain paper."""
    from ..games.base import Component

    title = w("title", ctx.lang)
    return Component("playtest-report", title, (report_page(ctx, kit, report),), stock="", steps=())
