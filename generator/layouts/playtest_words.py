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

from ..i18n import SHARED, Strings, words

PLAYTEST = words("playtest")
w = SHARED.extend(PLAYTEST)
"""The report's words (gettext domain `playtest`) on top of the shared ones (`w("ties", lang)`); the engines' tie
rules are its `tie.*` keys, the shared measures a comparison names its `measure.*` keys."""


def names_from_ids(lang: str) -> bool:
    """Whether a thing nobody named may print as its id made readable: only where the report's words are English."""
    return PLAYTEST.prints_english(lang)


def marked(text: str, lang: str) -> str:
    """A number Python wrote with "." in the page language's decimal mark: `20.4` → `20,4` in German."""
    mark = w("decimal_mark", lang)
    return text if mark == "." else text.replace(".", mark)


def decimal(value: float, lang: str, places: int = 1) -> str:
    """A number with `places` decimals, in the page language's decimal mark.

    >>> decimal(20.44, "en"), decimal(20.44, "de"), decimal(0.475, "fr", 2)
    ('20.4', '20,4', '0,47')
    """
    return marked(f"{value:.{places}f}", lang)


def grouped(value: int, lang: str) -> str:
    """A whole number with the page language's thousands mark.

    >>> grouped(3640, "en"), grouped(3640, "de"), grouped(3640, "fr")
    ('3,640', '3.640', '3\u00a0640')
    """
    return f"{value:,}".replace(",", w("thousands_mark", lang))


def pct(value: float, lang: str) -> str:
    return w("percent", lang, v=decimal(100 * value, lang))


def whole(value: float, lang: str) -> str:
    """A share in whole percent for a sentence; one decimal where a whole number would say 0 % or 100 % of a share
    that is neither.

    >>> whole(0.8485, "ja"), whole(0.004, "ja"), whole(0.9996, "ja"), whole(1.0, "ja"), whole(0.004, "de")
    ('85%', '0.4%', '99.9%', '100%', '0,4\u00a0%')
    """
    v = 100 * value
    r = math.floor(v + 0.5)
    if r == 0 and v > 0:
        text = f"{math.ceil(v * 10) / 10:.1f}"
    elif r == 100 and v < 100:
        text = f"{math.floor(v * 10) / 10:.1f}"
    else:
        text = str(r)
    return w("percent", lang, v=marked(text, lang))


def signed(value: float, lang: str) -> str:
    """Percentage points with a real minus sign: `+2.5`, `−0.3`; nothing that rounds to zero carries a sign.

    >>> signed(0.025, "en"), signed(-0.003, "en"), signed(-0.0004, "en"), signed(-0.003, "fr")
    ('+2.5', '−0.3', '0.0', '−0,3')
    """
    text = f"{100 * value:+.1f}"
    return marked("0.0" if text in ("+0.0", "-0.0") else text.replace("-", "−"), lang)


def number(value: float, lang: str) -> str:
    """A plain number with a real minus sign, in the page language's decimal mark."""
    return marked(f"{value:g}".replace("-", "−"), lang)


def humanised(name: str) -> str:
    """An English label from a dotted measure name: `field.reserve_round` → `Field: reserve round`."""
    parts = [p.replace("_", " ").replace("-", " ") for p in name.split(".") if p]
    if not parts:
        return name
    text = ": ".join(parts)
    return text[0].upper() + text[1:]


def measure_label(name: str, lang: str, game_labels: Strings, n: int = 0) -> str:
    """A comparison measure's printed name; one nobody named is `humanised` in English, a numbered generic word
    in other languages."""
    if name.startswith("seat_win_rate."):
        return w("seat_wins", lang, seat=w("seat", lang, n=name.rsplit(".", 1)[1]))
    if f"measure.{name}" in w:
        return w(f"measure.{name}", lang)
    own = f"report.{name.removeprefix('game.')}"
    if own in game_labels:
        return game_labels(own, lang)
    return humanised(name.removeprefix("game.")) if names_from_ids(lang) else w("measure", lang, n=n)


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
    return w(f"tie.{rule}" if f"tie.{rule}" in w else "tie.other", lang)


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
        lo=number(d["p5"], lang),
        hi=number(d["p95"], lang),
        min=number(d["min"], lang),
        max=number(d["max"], lang),
        unit=w(suffix, lang) if suffix else "",
    )


def interval(value: dict, lang: str) -> str:
    return w("interval", lang, lo=pct(value["low"], lang), hi=pct(value["high"], lang))


def rate_figure(label: str, value: dict, lang: str, extra: str = "") -> Figure:
    return Figure(label, pct(value["rate"], lang), f"{interval(value, lang)}{extra}", value)


ES = Strings(words("element_shift"))
"""Element Shift's words (its gettext domain): the comparison's rate measures and the page's rows are its `report.*`
keys."""


def element_shift_measures(kit: Any, g: dict, lang: str) -> list[Figure]:
    def say(key: str, **values: Any) -> str:
        return ES(f"report.{key}", lang, **values)

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
            say("deck.dry_before_end"),
            d["dry_before_end"],
            lang,
            say("reshuffles", v=marked(f"{d['reshuffles_per_game']}", lang)),
        ),
        rate_figure(
            say("deck.draw_lost"), d["draw_lost"], lang, say("lost", v=marked(f"{d['short_draws_per_game']}", lang))
        ),
        Figure(
            say("tokens"),
            say("tokens_value", most=tok["most_needed"], supply=tok["supply"]),
            say("at_supply", v=pct(tok["games_at_supply"]["rate"], lang)),
        ),
        rate_figure(say("late_effects.shift_when_decided"), late["shift_when_decided"], lang),
        rate_figure(say("late_effects.changed_result"), late["changed_result"], lang),
        Figure(
            say("combos"),
            decimal(sum(v["per_game"] for _k, v in combos), lang),
            sep.join(f"{named(kit, 'combos', k, lang)} {decimal(v['per_game'], lang)}" for k, v in combos[:4]),
        ),
        Figure(
            say("events"),
            decimal(sum(v for _k, v in events), lang, 2),
            sep.join(f"{named(kit, 'events', k, lang)} {decimal(v, lang, 2)}" for k, v in events[:3]),
        ),
    ]


WEC = Strings(words("wizards_element_collection"))
"""Wizard's Element Collection's words (its gettext domain): the comparison's rate measures and the page's rows are
its `report.*` keys."""


def wizards_measures(kit: Any, g: dict, lang: str) -> list[Figure]:
    def say(key: str, **values: Any) -> str:
        return WEC(f"report.{key}", lang, **values)

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
        rate_figure(
            say("field.reserve_used"), f["reserve_used"], lang, say("reserve_round", v=marked(f"{median}", lang))
        ),
        Figure(say("dry_round"), str(f["dry_round"].get("p50", "–")), spread(f["dry_round"], lang, "suffix_round")),
        Figure(say("winner"), number(s["winner"].get("p50", 0), lang), spread(s["winner"], lang, "suffix_points")),
        Figure(say("margin"), number(s["margin"].get("p50", 0), lang), spread(s["margin"], lang, "suffix_points")),
        Figure(say("all"), number(s["all"].get("p50", 0), lang), spread(s["all"], lang, "suffix_points", "of_players")),
        rate_figure(say("scores.negative"), s["negative"], lang),
        Figure(
            say("cards_held"),
            number(s["cards_held"].get("p50", 0), lang),
            spread(s["cards_held"], lang, "suffix_cards", "of_players"),
        ),
        rate_figure(say("collect.short"), c["short"], lang, say("collects", v=decimal(c["per_game"], lang))),
        Figure(
            say("summons"),
            decimal(sum(v for _k, v in summons), lang),
            sep.join(f"{named(kit, 'elements', k, lang)} {decimal(v, lang)}" for k, v in summons[:5]),
        ),
        Figure(
            say("power_ups"),
            decimal(g["power_ups_per_game"], lang),
            say("power_cards", v=decimal(g["power_cards_per_game"], lang)),
        ),
        Figure(
            say("steals"),
            decimal(g["steals_per_game"], lang),
            say(
                "steal_detail",
                out=decimal(g["out_of_action_per_game"], lang),
                reflected=decimal(g["reflected_per_game"], lang),
            ),
        ),
    ]


def generic_measures(kit: Any, g: dict, lang: str) -> list[Figure]:
    """Any engine's measures, for a game that names none: its rates with their intervals and its plain numbers,
    labelled `humanised` in English and by a numbered generic word in other languages."""
    out: list[Figure] = []

    def label(prefix: str) -> str:
        return humanised(prefix) if names_from_ids(lang) else w("measure", lang, n=len(out) + 1)

    def visit(prefix: str, value: Any) -> None:
        if isinstance(value, dict) and {"rate", "low", "high"} <= value.keys():
            out.append(rate_figure(label(prefix), value, lang))
        elif isinstance(value, dict) and "p50" in value:  # a distribution: its median, its spread beneath
            out.append(Figure(label(prefix), number(value["p50"], lang), spread(value, lang)))
        elif isinstance(value, dict):
            for key, inner in value.items():
                visit(f"{prefix}.{key}" if prefix else str(key), inner)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            out.append(Figure(label(prefix), number(value, lang)))

    visit("", g)
    return out


ELEMENT_SHIFT_REPORT: tuple[GameMeasures, Strings] = (element_shift_measures, ES)
"""Element Shift's rows for the page and names of its comparison measures (its GameSpec's `report`)."""

WIZARDS_REPORT: tuple[GameMeasures, Strings] = (wizards_measures, WEC)
"""Wizard's Element Collection's rows for the page and names of its comparison measures."""


def report_rows(game: str) -> tuple[GameMeasures, Strings]:
    """A game's rows for the page and names of its comparison measures: its GameSpec's `report`, else
    `generic_measures`."""
    from pnpkit.validator.games import SPECS
    from pnpkit.validator.games.spec import load_attribute

    spec = SPECS.get(game)
    if spec is None or spec.report is None:
        return generic_measures, Strings({})
    rows: tuple[GameMeasures, Strings] = load_attribute(spec.report)
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
