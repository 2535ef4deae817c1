"""The playtest report: one A4 page that shows what `pnpkit simulate` found, drawn from its JSON report.

At the top, the verdict: a few plain sentences built from the numbers (playtest_words.verdict). Then the win rate
per seat as bars with 95 % Wilson error bars against the fair share, the outcomes beside them (timeouts,
first-player advantage, balance, ties and how they were settled), a histogram of game length with its middle 90 %
and median, how games ended by the kit's own end conditions, the game's own measures, and either how the unclear
rules were played or, when several readings were run, which metrics moved beyond their intervals under each.

Every word is in the page's language and every name the kit's own (playtest_words); the charts grow into the room
the sections below leave. Vector primitives only; every label is fitted and held to the floor (PK309).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from ..i18n import Strings
from ..scene import Item, Line, Page, Polygon, Rect, Style, Text
from ..typeset.text import TextBox
from ..units import PAPERS
from .context import INK, MUTED, LayoutContext, footer, page_title, readable, set_height
from .playtest_words import (
    ELEMENT_SHIFT_REPORT,
    WIZARDS_REPORT,
    Figure,
    choice_name,
    decimal,
    end_name,
    grouped,
    joined,
    measure_label,
    pct,
    rate_figure,
    reading_questions,
    report_rows,
    signed,
    spread,
    tie_rule,
    verdict,
    w,
)

__all__ = [
    "ELEMENT_SHIFT_REPORT",
    "WIZARDS_REPORT",
    "report_component",
    "report_context",
    "report_page",
]

BAR = "#4f7cac"
BAR_FIRST = "#2f5d8a"
BAR_LIGHT = "#dce6f0"
BAND = "#eef2f7"
FAIR = "#c0392b"
MOVED = "#fbe3c8"
VERDICT_FILL = "#f1f5fa"
TRACK = "#eeeeee"
RULE = Style(stroke="#bbbbbb", width=0.15)
GRID = Style(stroke="#dddddd", width=0.15)
AXIS = Style(stroke=INK, width=0.25)
WHISKER = Style(stroke=INK, width=0.3)
DASH = (1.6, 1.0)

HEADING, BODY, SMALL, VERDICT = 10.0, 8.0, 7.0, 9.5
"""Point sizes: section headings, figures and labels, details (7 pt: the Japanese floor), the verdict."""
ROW = 8.0
"""One figure's row: its label and value, its detail beneath."""
END_ROW = 11.0
"""One end condition's row: its words (up to two lines) and its share, a bar beneath."""
READING_ROW = 7.0
"""One reading's row: up to two lines at 7 pt."""
GAP = 4.0
"""Between sections, at the least."""
SEAT_CHART, HISTOGRAM = (40.0, 72.0), (36.0, 70.0)
"""Each chart's least and most height: the room the sections below leave goes to the charts first."""
GAME_ROWS = 6
"""Rows of the game's own measures in each of its two columns; a game with more shows its first twelve."""
COMPARISON_COLUMNS = 8
COMPARISON_ROWS = 16
COMPARISON_ROW = 4.6


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
        Rect(x, y, width, 1.6, style=Style(fill=TRACK)),
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


def _seat_chart(ctx: LayoutContext, m: dict, x: float, y: float, width: float, height: float) -> list[Item]:
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
        items.append(Rect(cx - bar_w / 2, bottom - h, bar_w, h, style=Style(fill=BAR if seat != "1" else BAR_FIRST)))
        lo, hi = bottom - value["low"] * scale, bottom - value["high"] * scale
        cap = bar_w * 0.3
        items += [
            Line(cx, lo, cx, hi, style=WHISKER),
            Line(cx - cap, lo, cx + cap, lo, style=WHISKER),
            Line(cx - cap, hi, cx + cap, hi, style=WHISKER),
        ]
        label = pct(value["rate"], ctx.lang)
        items.append(Text(cx, hi - 1.8, label, readable(label, BODY), colour=INK, anchor="middle", bold=True))
        items += _text(ctx, w("seat", ctx.lang, n=seat), cx - slot / 2, bottom + 1.2, slot, 3.6, BODY, align="middle")
    fy = bottom - fair * scale
    items.append(Line(left, fy, right, fy, style=Style(stroke=FAIR, width=0.4, dash=DASH)))
    legend = w("fair", ctx.lang, v=pct(fair, ctx.lang))  # a key above the plot, clear of the bars' labels
    items.append(Line(right - 36.0, y + 1.4, right - 30.0, y + 1.4, style=Style(stroke=FAIR, width=0.4, dash=DASH)))
    items += _text(ctx, legend, right - 29.0, y - 0.4, 29.0, 3.4, SMALL, colour=FAIR)
    return items


def _outcomes(m: dict, lang: str) -> list[Figure]:
    fp, b, t = m["first_player"], m["balance"], m["ties"]
    seats = m["seat_win_rate"]
    games = max(1, m["games"])
    decided = sorted(t["decided_by"].items(), key=lambda kv: (-kv[1], kv[0]))
    settled = w("figure_separator", lang).join(
        w("settled", lang, rule=tie_rule(k, lang), v=pct(v / games, lang)) for k, v in decided
    )
    return [
        rate_figure(w("timeouts", lang), m["timeouts"], lang),
        Figure(
            w("first_player", lang),
            w("points", lang, v=signed(fp["advantage"], lang)),
            w(
                "first_detail",
                lang,
                rate=pct(fp["win_rate"]["rate"], lang),
                fair=pct(b["fair_rate"], lang),
                lo=signed(fp["advantage_low"], lang),
                hi=signed(fp["advantage_high"], lang),
            ),
        ),
        Figure(
            w("balance", lang),
            w("points", lang, v=decimal(100 * b["gap"], lang)),
            w(
                "best_worst",
                lang,
                best=b["best_seat"],
                worst=b["worst_seat"],
                high=pct(seats[str(b["best_seat"])]["rate"], lang),
                low=pct(seats[str(b["worst_seat"])]["rate"], lang),
            ),
        ),
        rate_figure(w("ties", lang), t["at_top"], lang),
        Figure(
            w("tie_rules", lang),
            "",
            settled + w("settled_note", lang) if settled else w("none", lang),
        ),
    ]


GAME_UNITS = {"wizards-element-collection": "round"}
"""What a game's rulebook calls a turn of every player, where its kit does not say (`play.length.unit`)."""


def _unit(kit: Any) -> str:
    """What the game counts its length in: the kit's `play.length.unit`, else its rulebook's word, else cycles."""
    play = getattr(kit, "play", None)
    length = getattr(play, "length", None)
    unit = getattr(length, "unit", None)
    if unit in ("cycle", "round"):
        return str(unit)
    return GAME_UNITS.get(getattr(kit, "game", ""), "cycle")


def _histogram(ctx: LayoutContext, m: dict, unit: str, x: float, y: float, width: float, height: float) -> list[Item]:
    """Game length as a share of games per length, the middle 90 % of games shaded and the median dashed; a key
    above, the axis titled below."""
    lang = ctx.lang
    counts = {int(k): v for k, v in m["length"]["cycles_histogram"].items()}
    games = max(1, m["games"])
    if not counts:
        return []
    cycles = m["length"]["cycles"]
    low, high = min(counts), max(counts)
    left, right, top, bottom = x + 11.0, x + width, y + 6.0, y + height - 8.0
    ymax, step = _nice_top(max(counts.values()) / games)
    scale = (bottom - top) / ymax
    values = list(range(low, high + 1))
    slot = (right - left) / len(values)
    items: list[Item] = []
    if "p5" in cycles:  # the middle 90 % of games, behind the bars
        bx = left + slot * (cycles["p5"] - low)
        items.append(Rect(bx, top, slot * (cycles["p95"] - cycles["p5"] + 1), bottom - top, style=Style(fill=BAND)))
    items += _y_axis(ctx, left, right, top, bottom, ymax, step)
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
    median = cycles.get("p50")
    if median is not None:
        mx = left + slot * (median - low + 0.5)
        items.append(Line(mx, top, mx, bottom, style=Style(stroke=FAIR, width=0.35, dash=DASH)))
    # the key: the axis's name on the left, the band and the median on the right
    items += _text(ctx, w("share", lang), x, y, width * 0.4, 3.4, SMALL, colour=MUTED)
    key_x = x + width * 0.42
    items.append(Rect(key_x, y + 0.6, 4.0, 2.4, style=Style(fill=BAND, stroke="#b8c4d4", width=0.15)))
    items += _text(ctx, w("middle_band", lang), key_x + 5.0, y, width * 0.3, 3.4, SMALL, colour=INK)
    if median is not None:
        dash_x = x + width * 0.76
        items.append(Line(dash_x, y + 1.8, dash_x + 5.0, y + 1.8, style=Style(stroke=FAIR, width=0.35, dash=DASH)))
        label = w("median", lang, v=median)
        items += _text(ctx, label, dash_x + 6.0, y, width * 0.24 - 6.0, 3.4, SMALL, colour=FAIR)
    axis = w("length_axis", lang, unit=w(f"unit_{unit}_title", lang))
    items += _text(ctx, axis, left, bottom + 4.4, right - left, 3.4, SMALL, colour=MUTED, align="middle")
    return items


def _length_figures(m: dict, unit: str, lang: str) -> list[Figure]:
    length = m["length"]
    mean = length["mean_turns"]
    title = w(f"unit_{unit}_title", lang)
    return [
        Figure(
            w("median_length", lang, unit=title),
            str(length["cycles"].get("p50", "–")),
            spread(length["cycles"], lang, f"suffix_{unit}"),
        ),
        Figure(
            w("median_turns", lang), str(length["turns"].get("p50", "–")), spread(length["turns"], lang, "suffix_turn")
        ),
        Figure(
            w("mean_turns", lang),
            decimal(mean["mean"], lang),
            w("interval", lang, lo=decimal(mean["low"], lang), hi=decimal(mean["high"], lang)),
        ),
    ]


def _ends(ctx: LayoutContext, kit: Any, m: dict, x: float, y: float, width: float) -> list[Item]:
    """How games ended: each of the kit's end conditions in its own words, its share of games as a bar, and how
    many of those ended tied at the top."""
    lang = ctx.lang
    games = max(1, m["games"])
    ties = m["ties"]["by_end"]
    items = _heading(ctx, w("ends", lang), x, y, width)
    top = y + 7.5
    value_w = 16.0
    ends = sorted(m["ends"].items(), key=lambda kv: (-kv[1], kv[0]))
    for end, count in ends:
        share = count / games
        items += _text(
            ctx, end_name(kit, end, lang), x, top, width - value_w - 1.0, 6.6, BODY, colour=INK, valign="middle"
        )
        items += _text(
            ctx, pct(share, lang), x + width - value_w, top, value_w, 6.6, BODY, colour=INK, bold=True,
            align="end", valign="middle",
        )  # fmt: skip
        bar_y = top + 7.4
        bar_w = width * 0.45
        items.append(Rect(x, bar_y, bar_w, 1.8, style=Style(fill=TRACK)))
        items.append(Rect(x, bar_y, max(0.3, bar_w * share), 1.8, style=Style(fill=BAR)))
        tied = ties.get(end, 0)
        if tied:
            detail = w("ties_in_end", lang, v=pct(tied / count, lang))
            items += _text(ctx, detail, x + bar_w + 2.0, bar_y - 0.8, width - bar_w - 2.0, 3.4, SMALL, colour=MUTED)
        top += END_ROW
    return items


def _ends_height(m: dict) -> float:
    return 7.5 + END_ROW * len(m["ends"])


def _verdict(ctx: LayoutContext, kit: Any, m: dict, x: float, y: float, width: float) -> tuple[list[Item], float]:
    """The verdict in a tinted box, and the box's height."""
    lang = ctx.lang
    text = joined(verdict(kit, m, lang), lang)
    inner = width - 8.0
    height = set_height(text, inner, VERDICT) + 1.0
    box_h = 7.0 + height + 2.5
    items: list[Item] = [Rect(x, y, width, box_h, style=Style(fill=VERDICT_FILL, stroke="#c9d6e6", width=0.2))]
    items += _text(ctx, w("verdict", lang), x + 4.0, y + 1.8, inner, 4.6, HEADING, bold=True, colour=BAR_FIRST)
    items += _text(ctx, text, x + 4.0, y + 7.0, inner, height, VERDICT, colour=INK)
    return items, box_h


# ---------------------------------------------------------------- readings


def _declared(report: dict) -> tuple[list[str], list[str]]:
    """The readings played, the kit's declared ones and the others, in the engine's order."""
    played = report["runs"][0]["readings"]
    declared = [rid for rid in played if report["readings"].get(rid, {}).get("declared")]
    return declared, [rid for rid in played if rid not in declared]


def _readings_height(report: dict) -> float:
    declared, others = _declared(report)
    return 8.0 + 4.6 + READING_ROW * len(declared) + (5.0 if others else 0.0)


def _readings_played(ctx: LayoutContext, kit: Any, report: dict, x: float, y: float, width: float) -> list[Item]:
    """What the rulebook leaves unclear, in the kit's words, and how these games played it."""
    lang = ctx.lang
    questions = reading_questions(kit, lang)
    declared, others = _declared(report)
    played = report["runs"][0]["readings"]
    items = _heading(ctx, w("readings_played", lang), x, y, width)
    top = y + 8.0
    first = width * 0.42
    items += _text(ctx, w("reading", lang), x, top, first - 2.0, 3.6, SMALL, colour=MUTED, bold=True)
    items += _text(ctx, w("choice", lang), x + first, top, width - first, 3.6, SMALL, colour=MUTED, bold=True)
    top += 4.6
    for n, rid in enumerate(declared, start=1):
        question = questions.get(rid) or w("unclear_rule", lang, n=n)
        name = choice_name(report, rid, played[rid], lang)
        box = {"colour": INK, "valign": "middle"}
        items += _text(ctx, question, x, top, first - 2.0, READING_ROW - 0.4, BODY, **box)
        items += _text(ctx, name, x + first, top, width - first, READING_ROW - 0.4, BODY, **box)
        items.append(Line(x, top + READING_ROW - 0.2, x + width, top + READING_ROW - 0.2, style=GRID))
        top += READING_ROW
    if others:
        note = w("undeclared", lang, n=len(others)) if len(others) > 1 else w("undeclared_one", lang)
        items += _text(ctx, note, x, top + 1.0, width, 3.6, SMALL, colour=MUTED)
    return items


def _comparison_plan(report: dict, measures: Callable[[dict], dict[str, dict]]) -> tuple[list[str], list[str]]:
    """The readings that vary across the runs and the measures that moved under any, in order."""
    runs, comparison = report["runs"], report["comparison"]
    base = measures(runs[0])
    moved = {m["measure"] for entry in comparison for m in entry["moved"]}
    columns = [name for name in base if name in moved][:COMPARISON_COLUMNS]
    varied = [rid for rid in runs[0]["readings"] if any(entry["readings"].get(rid) for entry in comparison)]
    return varied, columns


def _shown_runs(report: dict) -> tuple[list[int], int]:
    """The runs the comparison table lists, the kit's first and then each under which a metric moved, and how many
    others moved nothing."""
    moving = [i for i, entry in enumerate(report["comparison"], start=1) if entry["moved"]]
    return [0, *moving], len(report["comparison"]) - len(moving)


def _comparison_height(report: dict, measures: Callable[[dict], dict[str, dict]]) -> float:
    varied, columns = _comparison_plan(report, measures)
    head = 7.5 + 4.0 * len(varied)
    if not columns:
        return head + 6.0
    shown, _quiet = _shown_runs(report)
    return head + 5.0 + 7.6 + min(len(shown), COMPARISON_ROWS + 1) * COMPARISON_ROW + 4.6


def _choices(report: dict, rid: str) -> list[str]:
    return list(report["readings"].get(rid, {}).get("choices", {}))


def _letter(report: dict, rid: str, choice: str, lang: str) -> str:
    order = _choices(report, rid)
    marks = w("choice_marks", lang)
    return marks[order.index(choice)] if choice in order else "–"


def _comparison(
    ctx: LayoutContext,
    kit: Any,
    report: dict,
    game_labels: Strings,
    measures: Callable[[dict], dict[str, dict]],
    x: float,
    y: float,
    width: float,
    bottom: float,
) -> list[Item]:
    """A key, then a table: a row for the kit's readings, then one for each other combination. The left columns are
    the readings that vary, by number, each cell the choice's letter from the key (bold where it is not the kit's);
    the right ones the metrics that moved."""
    lang = ctx.lang
    runs, comparison = report["runs"], report["comparison"]
    questions = reading_questions(kit, lang)
    varied, columns = _comparison_plan(report, measures)
    moved = {(i, m["measure"]): m for i, entry in enumerate(comparison, start=1) for m in entry["moved"]}
    items = _heading(ctx, w("comparison", lang), x, y, width)
    top = y + 7.5
    for n, rid in enumerate(varied, start=1):
        kit_choice = runs[0]["readings"][rid]
        choices = w("figure_separator", lang).join(
            w("legend_choice", lang, letter=_letter(report, rid, c, lang), name=choice_name(report, rid, c, lang))
            + (w("kit_choice", lang) if c == kit_choice else "")
            for c in _choices(report, rid)
        )
        question = questions.get(rid) or w("unclear_rule", lang, n=n)
        line = w("legend_line", lang, n=n, question=question, choices=choices)
        items += _text(ctx, line, x, top, width, 3.8, SMALL, colour=INK)
        top += 4.0
    if not columns:
        return items + _text(ctx, w("nothing_moved", lang), x, top + 1.0, width, 4.0, BODY, colour=INK)
    items += _text(ctx, w("comparison_note", lang), x, top, width, 3.6, SMALL, colour=MUTED)
    top += 5.0
    reading_w = min(12.0, width * 0.3 / max(1, len(varied)))
    label_w = reading_w * len(varied)
    col_w = (width - label_w) / len(columns)
    headers = [(str(k + 1), x + k * reading_w, reading_w) for k in range(len(varied))]
    headers += [
        (measure_label(name, lang, game_labels, k + 1), x + label_w + k * col_w, col_w)
        for k, name in enumerate(columns)
    ]
    for text, left, cell in headers:
        items += _text(ctx, text, left + 0.5, top, cell - 1.0, 7.0, SMALL, bold=True, align="middle", valign="bottom")
    top += 7.6
    items.append(Line(x, top, x + width, top, style=AXIS))
    listed, quiet = _shown_runs(report)
    room = max(1, int((bottom - top - 4.6) / COMPARISON_ROW))
    rows = listed[: min(COMPARISON_ROWS + 1, room)]
    more = len(listed) - len(rows)
    row_h = COMPARISON_ROW
    for i in rows:
        if i == 0:
            items.append(Rect(x, top, width, row_h, style=Style(fill="#f2f2f2")))
        played = runs[i]["readings"]
        for k, rid in enumerate(varied):
            changed = played[rid] != runs[0]["readings"][rid]
            items += _text(
                ctx,
                _letter(report, rid, played[rid], lang),
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
            shown = decimal(value["rate"], lang) if name == "length.mean_turns" else pct(value["rate"], lang)
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
    notes = [w("quiet_rows", lang, n=quiet)] if quiet else []
    notes += [w("more_rows", lang, n=more)] if more else []
    if notes:
        items += _text(ctx, joined(notes, lang), x, top + 0.6, width, 3.6, SMALL, colour=MUTED)
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


def _settings(ctx: LayoutContext, report: dict, x0: float, width: float) -> list[Item]:
    lang = ctx.lang
    policy = report["policy"]
    fields = [
        (w("players", lang), str(report["players"])),
        (w("games", lang), grouped(report["games"], lang)),
        (w("policy", lang), w(policy, lang) if policy in ("random", "greedy") else w("other_policy", lang)),
        (w("seed", lang), str(report["seed"])),
        (w("move_cap", lang), grouped(report["move_cap"], lang)),
    ]
    col = width / len(fields)
    items: list[Item] = []
    for k, (label, value) in enumerate(fields):
        left, room = x0 + k * col, col - 2.0
        items += _text(ctx, label, left, 18.0, room, 3.2, SMALL, colour=MUTED)
        items += _text(ctx, value, left, 21.4, room, 4.0, 9.0, colour=INK, bold=True)
    return items


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
    items += _settings(ctx, report, x0, width)
    y = 28.0
    if len(report["runs"]) > 1:
        items += _text(ctx, w("shown", lang), x0, 26.4, width, 3.4, SMALL, colour=MUTED)
        y = 30.5
    drawn, box_h = _verdict(ctx, kit, m, x0, y, width)
    items += drawn
    y += box_h + GAP

    # what the sections below the charts need, and the room left for the charts
    rows, game_labels = report_rows(report["game"])
    figures = rows(kit, run["game"], lang)
    comparing = "comparison" in report

    def measures(r: dict) -> dict[str, dict]:
        return run_measures(engine(report["game"]), r)

    lower_h = _comparison_height(report, measures) if comparing else _readings_height(report)
    bottom = paper.height - ctx.margin - 6.0
    unit = _unit(kit)
    outcomes = _outcomes(m, lang)
    length_figures = _length_figures(m, unit, lang)
    right_need = 7.5 + len(length_figures) * ROW + 2.0 + _ends_height(m)
    seats_min = max(13.5 + SEAT_CHART[0], 7.5 + len(outcomes) * ROW)
    length_min = max(8.0 + HISTOGRAM[0], right_need)
    room = bottom - y - seats_min - length_min - lower_h - 3 * GAP - 8.0  # the game's measures: what is left
    per_column = max(0, min(math.ceil(len(figures) / 2), GAME_ROWS, int(room / ROW)))
    measures_h = 8.0 + per_column * ROW if per_column else 0.0
    gaps = (3 if per_column else 2) * GAP
    spare = bottom - y - seats_min - length_min - measures_h - lower_h - gaps
    seat_h = SEAT_CHART[0] + min(max(0.0, spare / 2), SEAT_CHART[1] - SEAT_CHART[0])
    hist_h = HISTOGRAM[0] + min(max(0.0, spare - (seat_h - SEAT_CHART[0])), HISTOGRAM[1] - HISTOGRAM[0])
    seats_h = max(13.5 + seat_h, 7.5 + len(outcomes) * ROW)
    length_h = max(8.0 + hist_h, right_need)
    left_over = max(0.0, bottom - y - seats_h - length_h - measures_h - lower_h - gaps)
    gap = GAP + (min(left_over / 3, 6.0) if not comparing else 0.0)

    chart_w = width * 0.56
    right_x = x0 + chart_w + 8.0
    right_w = x1 - right_x
    items += _heading(ctx, w("win_rate", lang), x0, y, chart_w)
    items += _text(ctx, w("win_note", lang), x0, y + 7.0, chart_w, 6.6, SMALL, colour=MUTED)
    items += _seat_chart(ctx, m, x0, y + 13.5, chart_w, seats_h - 13.5)
    items += _heading(ctx, w("outcomes", lang), right_x, y, right_w)
    items += _figures(ctx, outcomes, right_x, y + 7.5, right_w)
    y += seats_h + gap

    items += _heading(ctx, w("length", lang), x0, y, width)
    items += _histogram(ctx, m, unit, x0, y + 7.5, chart_w, length_h - 7.5)
    items += _figures(ctx, length_figures, right_x, y + 7.5, right_w)
    items += _ends(ctx, kit, m, right_x, y + 7.5 + len(length_figures) * ROW + 2.0, right_w)
    y += length_h + gap

    if per_column:
        half = (width - 8.0) / 2
        items += _heading(ctx, w("game_measures", lang), x0, y, width)
        items += _figures(ctx, figures[:per_column], x0, y + 8.0, half)
        items += _figures(ctx, figures[per_column : 2 * per_column], x0 + half + 8.0, y + 8.0, half)
        y += measures_h + gap

    if comparing:
        items += _comparison(ctx, kit, report, game_labels, measures, x0, y, width, bottom)
    else:
        items += _readings_played(ctx, kit, report, x0, y, width)
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
