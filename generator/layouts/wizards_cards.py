"""Wizard's Element Collection's card parts: its one-line text at a baseline, the value circle and the second
badge in an element card's header, the row of action icons, and the reference cards' frame, rule list,
scoring table, phase rows and end box.

Each takes plain values (words already in the page's language), so the game module
(generator/games/wizards_element_collection.py) keeps only the assembly: which words go where.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..colour import INK, WHITE, shade
from ..icons.wizards import GHOST_INK, GOLD, PANEL, action_icon, emblem
from ..scene import Circle, Item, Rect, Style, Text
from ..typeset.text import TextBox, fit
from ..units import MM_PER_PT
from .context import FLOOR_LATIN, MUTED, LayoutContext, TextProblem, floor_pt, readable
from .footroom import ink_boxes, kept_clear

NIGHT = "#2b2552"
"""The reference cards' and the 魔力 sheet's dark ink."""
NEGATIVE = "#b3261e"
ICON_LABELS = {"move": "Move", "call": "Call", "self": "Self", "reflect": "Reflect"}
ICON_LABEL_PT = 6.5
"""The word under each action icon: above the 6 pt floor, and still one line in a quarter of the card."""


def line(
    ctx: LayoutContext,
    value: str,
    x: float,
    baseline: float,
    width: float,
    size: float,
    colour: str = INK,
    anchor: str = "start",
    bold: bool = False,
    where: tuple = (),
    label: str = "label",
    role: str = "",
) -> list[Text]:
    """One line of text at a baseline, shrunk (never wrapped, never below the floor) to fit `width`; a miss
    becomes a finding. A size under the floor for the text's script is raised to it."""
    size = readable(value, size)
    em = size * MM_PER_PT
    left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    box = TextBox(
        left, baseline - em * 0.88, width, em * 1.02, align=anchor, valign="middle", colour=colour, bold=bold, role=role
    )
    return ctx.fitted(value, box, size, max(size * 0.7, floor_pt(value)), where=where, label=label)


EFFECT_LEADING = 1.28


def effect_over_footer(ctx: LayoutContext, effect: str, footer: str, w: float, where: tuple, name: str) -> list[Item]:
    """An element card's effect under its action row, and the line at the foot of the panel that says when it is
    summoned: the effect keeps clear of that line (`footroom`), as of a footer."""
    box = TextBox(6.0, 65.3, w - 12, 15.5, align="start", valign="top", colour=INK, role="card-effect")
    label, at = f"{name} effect", where + ("effect", "text", ctx.lang)

    def setter(cut: TextBox, leading: float) -> tuple[list[Item], list[Text], bool]:
        placed = ctx.fitted(effect, cut, 7.0, 5.0, where=at, label=label, leading=leading)
        return list(placed), placed, not any(line.overflow for line in placed)

    first = ctx.fitted(effect, box, 7.0, 5.0, where=at, label=label, leading=EFFECT_LEADING)
    foot = ctx.fitted(
        footer,
        TextBox(6.0, 81.1, w - 12, 3.4, align="middle", valign="middle", colour=MUTED, role="card-phases"),
        6.0,
        6.0,
        where=where + ("phases",),
        label=f"{name} phases",
    )
    size = max((line.size for line in first), default=7.0)
    kept = kept_clear(
        ctx.problems,
        (list(first), first),
        box,
        EFFECT_LEADING,
        size,
        [],
        setter,
        where=at,
        label=label,
        footers=ink_boxes(foot),
    )
    return [*(first if kept is None else kept), *foot]


def value_circle(ctx: LayoutContext, colour: str, big: str, unit: str, where: tuple, name: str) -> list[Item]:
    """The big value in the header's circle (per pair, per card, or a wild card's ANY) with its unit under it."""
    items: list[Item] = [
        Circle(13.0, 12.5, 8.2, style=Style(fill=WHITE, stroke=shade(colour, 0.25), width=0.6), role="value-badge")
    ]
    items += ctx.fitted(
        big,
        TextBox(6.0, 6.6, 14.0, 7.2, align="middle", valign="middle", colour=INK, bold=True, role="card-value"),
        16 if len(big) < 3 else 14,
        8,
        where=where + ("points",),
        label=f"{name} value",
    )
    items += ctx.fitted(
        unit,
        TextBox(6.5, 13.8, 13.0, 3.0, align="middle", valign="middle", colour=MUTED),
        6.0,
        6.0,
        where=where + ("scoring",),
        label=f"{name} value unit",
    )
    return items


def second_badge(
    ctx: LayoutContext, w: float, edge: str, top: str, value: str, colour: str, where: tuple, name: str
) -> list[Item]:
    """The header's second number, top right: `value` under a small `top` caption, or alone when there is none."""
    x, y, bw, bh = w - 22.0, 6.0, 16.5, 13.0
    items: list[Item] = [
        Rect(
            x,
            y,
            bw,
            bh,
            style=Style(fill=WHITE, stroke=shade(edge, 0.25), width=0.5),
            radius=2.0,
            role="negative-badge",
        )
    ]
    if top:
        items += ctx.fitted(
            top,
            TextBox(x + 1, y + 1.0, bw - 2, 3.6, align="middle", valign="middle", colour=MUTED),
            6.0,
            6.0,
            where=where,
            label=f"{name} second value",
        )
        items += ctx.fitted(
            value,
            TextBox(
                x + 1,
                y + 4.4,
                bw - 2,
                7.8,
                align="middle",
                valign="middle",
                colour=colour,
                bold=True,
                role="card-negative",
            ),
            13,
            6,
            where=where + ("negative",),
            label=f"{name} negative value",
        )
    else:
        items += ctx.fitted(
            value,
            TextBox(
                x + 1,
                y + 1.2,
                bw - 2,
                bh - 2.4,
                align="middle",
                valign="middle",
                colour=colour,
                bold=True,
                role="card-negative",
            ),
            6.5,
            4.5,
            where=where + ("negative",),
            label=f"{name} negative value",
        )
    return items


def action_row(ctx: LayoutContext, active: Collection[str], w: float) -> list[Item]:
    """The four action icons under the emblem, each with its word: the card's own (`active`) in colour,
    the others faint."""
    items: list[Item] = []
    y = 56.8
    pitch = (w - 14) / 4
    for k, name_ in enumerate(("move", "call", "self", "reflect")):
        cx = 7 + pitch * (k + 0.5)
        on = name_ in active
        items.append(action_icon(name_, cx, y, 3.0, on))
        items += line(
            ctx,
            ICON_LABELS[name_],
            cx,
            y + 5.6,
            pitch - 1.0,
            ICON_LABEL_PT,
            INK if on else GHOST_INK,
            "middle",
            on,
            label="icon label",
            role="icon-label" if on else "icon-label-off",
        )
    return items


def ref_frame(ctx: LayoutContext, w: float, h: float, heading: str) -> list[Item]:
    """A reference card's dark frame round a cream panel, with `heading` in its top band."""
    return [
        Rect(0, 0, w, h, style=Style(fill=NIGHT)),
        Rect(3, 3, w - 6, h - 6, style=Style(fill=PANEL), radius=3),
        Rect(3, 3, w - 6, 9, style=Style(fill=NIGHT)),
        *line(ctx, heading, w / 2, 9.8, w - 12, 11, WHITE, "middle", True, label="reference heading"),
    ]


def _flow_size(texts: list[str], width: float, room: float, size: float, min_size: float, gap: float) -> float:
    """The largest size (0.25 pt steps) at which the texts, one under another with `gap` between, fill no more than `room`."""
    while size > min_size and sum(fit(x, width, 1000.0, size, size, 1.22).height + gap for x in texts) > room:
        size -= 0.25
    return size


def rule_list(ctx: LayoutContext, rules: list[str], w: float, y: float, room: float, where: tuple) -> list[Item]:
    """Rules one under another from `y`, each after a gold dot, set as large as lets them fill `room`
    (never under the floor); rules too long even at the floor are a finding."""
    items: list[Item] = []
    floor = max((floor_pt(rule) for rule in rules), default=FLOOR_LATIN)
    size = _flow_size(rules, w - 14.0, room, max(7.5, floor), floor, 1.2)
    gap = (room - sum(fit(r, w - 14.0, 1000.0, size, size, 1.22).height for r in rules)) / len(rules)
    if gap < 0:
        ctx.problems.append(
            TextProblem(
                "PK309",
                where,
                f"scoring rules: {-gap * len(rules):.1f} mm too long for the reference card even at {size:g} pt",
                "shorten the rules",
            )
        )
    for i, rule in enumerate(rules):
        height = fit(rule, w - 14.0, 1000.0, size, size, 1.22).height
        items.append(Circle(7.0, y + 1.3, 0.7, style=Style(fill=GOLD)))
        items += ctx.fitted(
            rule,
            TextBox(9.0, y, w - 14.0, height + 0.1, align="start", valign="top", colour=INK),
            size,
            size,
            where=where + (i, ctx.lang),
            label="scoring rule",
            leading=1.22,
        )
        y += height + gap
    return items


def score_table(
    ctx: LayoutContext,
    heads: tuple[str, str, str],
    rows: Sequence[tuple[str, str, str, str, str]],
    w: float,
    y: float,
    per_column: int,
    row_h: float,
) -> list[Item]:
    """Two columns of a card's emblem and name, what a pair scores and what an odd count does, each under a
    dark heading; `rows` are (emblem, colour, name, pair, odd), `per_column` to a column."""
    items: list[Item] = []
    half = (w - 10.0) / 2
    for c in range(2):
        x0 = 5.0 + c * half
        items.append(Rect(x0 + 0.4, y, half - 0.8, 4.2, style=Style(fill=NIGHT), radius=0.8))
        for head, x, anchor in (
            (heads[0], x0 + 2.0, "start"),
            (heads[1], x0 + half * 0.62, "middle"),
            (heads[2], x0 + half * 0.86, "middle"),
        ):
            items += line(ctx, head, x, y + 3.1, half * 0.3, 5.4, WHITE, anchor, True, label="reference table heading")
    for i, (mark, colour, name, pair, odd) in enumerate(rows):
        c, r = divmod(i, per_column)
        x0 = 5.0 + c * half
        yy = y + 4.6 + r * row_h
        if r % 2 == 0:
            items.append(Rect(x0 + 0.4, yy, half - 0.8, row_h, style=Style(fill="#f3ead3")))
        base = yy + row_h / 2 + 1.1
        items.append(emblem(mark, x0 + 3.2, yy + row_h / 2, 1.7, colour))
        items += line(
            ctx,
            name,
            x0 + 5.8,
            base,
            half * 0.36,
            6.5,
            INK,
            bold=True,
            where=("elements", i, "name", ctx.lang),
            label="reference card name",
        )
        items += line(
            ctx, pair, x0 + half * 0.62, base, half * 0.26, 6.5, INK, "middle", True, label="reference pair value"
        )
        items += line(
            ctx,
            odd,
            x0 + half * 0.86,
            base,
            half * 0.24,
            6.5,
            NEGATIVE if odd.startswith("-") else INK,
            "middle",
            label="reference odd value",
        )
    return items


def phase_row(
    ctx: LayoutContext,
    k: int,
    words: tuple[str, str, str],
    icons: Sequence[str],
    w: float,
    y: float,
    room: float,
) -> list[Item]:
    """Phase `k` on the turn card, `room` tall from `y`: its number and name, its action icons and who goes
    first on the right, its reminder under them; `words` are (name, order, reminder)."""
    name, order, reminder = words
    items: list[Item] = [
        Circle(8.2, y + 2.6, 2.8, style=Style(fill=NIGHT)),
        Text(8.2, y + 3.7, str(k + 1), 8, colour=WHITE, anchor="middle", bold=True),
    ]
    items += line(
        ctx, name, 12.5, y + 4.0, 26.0, 9, NIGHT, bold=True, where=("phases", k, "name", ctx.lang), label="phase name"
    )
    right = w - 6.0 - len(icons) * 5.6
    for j, icon_name in enumerate(icons):
        items.append(action_icon(icon_name, right + 2.8 + j * 5.6, y + 2.6, 2.3))
    items += line(
        ctx,
        order,
        right - 1.0,
        y + 3.8,
        right - 1.0 - 38.0,
        6.2,
        MUTED,
        "end",
        where=("phases", k, "order"),
        label="phase order",
    )
    items += ctx.fitted(
        reminder,
        TextBox(12.5, y + 5.8, w - 18.5, room - 6.4, align="start", valign="top", colour=INK),
        6.5,
        5.2,
        where=("phases", k, "reminder", ctx.lang),
        label="phase reminder",
        leading=1.22,
    )
    return items


def end_box(ctx: LayoutContext, heading: str, when: str, k: int, w: float, y: float, end_h: float) -> list[Item]:
    """How the game ends, on a shaded box `end_h` tall at the foot of the turn card."""
    items: list[Item] = [Rect(6.0, y + 0.5, w - 12.0, end_h - 1.5, style=Style(fill="#efe4c6"), radius=2)]
    items += line(ctx, heading, 8.5, y + 4.2, w - 17.0, 6.8, NIGHT, bold=True, label="end heading")
    items += ctx.fitted(
        when,
        TextBox(8.5, y + 5.2, w - 17.0, end_h - 6.6, align="start", valign="top", colour=INK),
        6.2,
        5.0,
        where=("end_conditions", k, "when", ctx.lang),
        label="end condition",
        leading=1.2,
    )
    return items
