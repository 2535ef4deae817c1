"""Dice Battle Monsters' token sheet: treasure, faith, blessing and marker tokens, and fold-up dice."""

from __future__ import annotations

import math
from typing import Any

from pnpkit.validator.games.dice_battle_monsters import DiceBattleKit, TokenKind

from ..colour import INK, WHITE, blend
from ..games.base import text
from ..i18n import players_line
from ..icons.monsters import die_face, token_emblem
from ..scene import Circle, Item, Line, Page, Path, Polygon, Rect, Style, Text
from ..typeset.text import TextBox
from ..units import MM_PER_PT
from .context import MUTED, LayoutContext, page_title, scale_bar
from .monsters_words import tr
from .templates import GLYPH_MIDDLE

# ---------------------------------------------------------------- tokens


CUT = Style(stroke="#444444", width=0.2, dash=(1.2, 0.8))


def bonus_mark(kit: DiceBattleKit, token_id: str, cx: float, cy: float, r: float, colour: str) -> list[Item]:
    """Blessing's star carries its bonus, e.g. +2, taken from the model."""
    if token_id != "blessing":
        return []
    label = f"+{kit.parameters.blessing_bonus}"
    size = r * 0.62 / MM_PER_PT
    return [
        Text(
            cx,
            cy + GLYPH_MIDDLE * size * MM_PER_PT,
            label,
            size,
            colour=colour,
            anchor="middle",
            bold=True,
            role="bonus",
        )
    ]


TOKEN_RADIUS = {"treasure": 12.5, "faith": 12.5, "blessing": 12.5, "first-player": 12.5, "mark": 7.5}
TOKEN_ROWS = (("treasure",), ("faith", "blessing", "first-player"), ("mark",))
"""Which token kinds share a row of the sheet; kinds not listed get a row each."""


def token_page(kit: DiceBattleKit, ctx: LayoutContext, title: str) -> Page:
    lang = ctx.lang
    m = ctx.margin
    values = kit.placeholder_values()
    items: list[Item] = page_title(ctx, f"{title} — {tr('tokens', lang)}", players_line(kit.players, lang))
    items += ctx.fitted(
        tr("token_cut", lang),
        TextBox(m, m + 10, ctx.paper.width - 2 * m, 4, align="start", valign="middle", colour=MUTED),
        7.5,
        6,
        where=("tokens",),
        label="token sheet note",
    )
    y = m + 17.0
    width = ctx.paper.width - 2 * m
    by_id = {tk.id: (i, tk) for i, tk in enumerate(kit.tokens)}
    listed = {tid for row in TOKEN_ROWS for tid in row}
    rows = [tuple(tid for tid in row if tid in by_id) for row in TOKEN_ROWS] + [
        (tk.id,) for tk in kit.tokens if tk.id not in listed
    ]
    for row in (r for r in rows if r):
        cell_w = (width - 6.0 * (len(row) - 1)) / len(row)
        row_h = 0.0
        for k, token_id in enumerate(row):
            index, token = by_id[token_id]
            x = m + k * (cell_w + 6.0)
            got, h = _token_group(ctx, kit, index, token, x, y, cell_w, values)
            items += got
            row_h = max(row_h, h)
        y += row_h + 4.0
    items += _die_nets(ctx, kit, m, y, width)
    items += scale_bar(m, ctx.paper.height - m - 6.0, lang)
    return Page(ctx.paper.width, ctx.paper.height, tuple(items), f"{title} — {tr('tokens', lang)}")


def _group_heading(
    ctx: LayoutContext, heading: str, note: str, x: float, y: float, width: float, where: tuple, label: str
) -> list[Item]:
    """A token group's heading, its note under it, and a hairline."""
    items: list[Item] = []
    items += ctx.fitted(
        heading,
        TextBox(x, y, width, 4.6, align="start", valign="middle", colour=INK, bold=True),
        9.5,
        7,
        where=where,
        label=label,
    )
    if note:
        items += ctx.fitted(
            note,
            TextBox(x, y + 4.8, width, 3.6, align="start", valign="middle", colour=MUTED),
            7,
            5.5,
            where=where,
            label=f"{label} note",
        )
    items.append(Line(x, y + 9.0, x + width, y + 9.0, style=Style(stroke="#cfc8b8", width=0.2)))
    return items


def _token_group(
    ctx: LayoutContext,
    kit: DiceBattleKit,
    index: int,
    token: TokenKind,
    x: float,
    y: float,
    width: float,
    values: dict[str, Any],
) -> tuple[list[Item], float]:
    lang = ctx.lang
    r = TOKEN_RADIUS.get(token.id, 9.0)
    name = text(token.name, lang)
    note = text(token.note, lang, values) if token.note is not None else ""
    items = _group_heading(
        ctx, f"{name} × {token.count}", note, x, y, width, ("tokens", index, "name", lang), f"token {token.id}"
    )
    top = y + 11.0
    pitch = 2 * r + 3.2
    per_row = max(1, int((width + 3.2) // pitch))
    for k in range(token.count):
        row, col = divmod(k, per_row)
        cx = x + r + 0.8 + col * pitch
        cy = top + r + 0.8 + row * pitch
        items += _token(ctx, kit, index, token, cx, cy, r, name)
    rows = math.ceil(token.count / per_row)
    return items, 11.0 + rows * pitch


def _token(
    ctx: LayoutContext, kit: DiceBattleKit, index: int, token: TokenKind, cx: float, cy: float, r: float, mark: str
) -> list[Item]:
    lang = ctx.lang
    light = blend(WHITE, token.colour, 0.85)
    items: list[Item] = [
        Circle(cx, cy, r + 0.7, style=CUT, role="cut"),
        Circle(cx, cy, r, style=Style(fill=token.colour, stroke=INK, width=0.2), role="token"),
        Circle(cx, cy, r * 0.86, style=Style(stroke=WHITE, width=0.35)),
    ]
    if r >= 9:
        items += token_emblem(token.id, cx, cy - r * 0.2, r * 0.4, light)
        items += bonus_mark(kit, token.id, cx, cy - r * 0.2, r * 0.4, token.colour)
        chord = 2 * math.sqrt(max((r * 0.86 - 0.6) ** 2 - (r * 0.66) ** 2, 0.0))  # the ring's width at the name's foot
        items += ctx.fitted(
            mark,
            TextBox(
                cx - chord / 2,
                cy + r * 0.24,
                chord,
                r * 0.42,
                align="middle",
                valign="middle",
                colour=WHITE,
                bold=True,
            ),
            8.0,
            5.0,
            where=("tokens", index, "name", lang),
            label=f"token {token.id}",
        )
    else:
        items += ctx.fitted(
            mark,
            TextBox(cx - r * 0.75, cy - r * 0.5, r * 1.5, r, align="middle", valign="middle", colour=WHITE, bold=True),
            9.0,
            5.0,
            where=("tokens", index, "name", lang),
            label=f"token {token.id}",
        )
    return items


def _die_nets(ctx: LayoutContext, kit: DiceBattleKit, x: float, y: float, width: float) -> list[Item]:
    """One cross-shaped cube net per player: faces 1–6 with opposite faces adding to 7, a glue tab on one side of every seam."""
    lang = ctx.lang
    items = _group_heading(
        ctx, f"{tr('die_net', lang)} × {kit.players.max}", tr("die_note", lang), x, y, width, ("players",), "die net"
    )
    side = 15.0
    top = y + 15.0
    faces = {(1, 0): 1, (0, 1): 3, (1, 1): 2, (2, 1): 4, (1, 2): 6, (1, 3): 5}
    tabs = (
        ((0, 1), "top"),
        ((0, 1), "bottom"),
        ((2, 1), "top"),
        ((2, 1), "bottom"),
        ((1, 3), "left"),
        ((1, 3), "right"),
        ((1, 3), "bottom"),
    )
    steps = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}
    cut = Style(stroke=INK, width=0.3)
    fold = Style(stroke=INK, width=0.25, dash=(1.2, 1.0))
    for k in range(kit.players.max):
        left = x + 6.0 + k * (3 * side + 30.0)
        for (c, r), edge in tabs:
            items += _tab(left + c * side, top + r * side, side, edge, cut)
        for (c, r), pips in faces.items():
            fx, fy = left + c * side, top + r * side
            items.append(Rect(fx, fy, side, side, style=Style(fill=WHITE), role="die-face"))
            items += die_face(fx + side / 2, fy + side / 2, side * 0.86, pips, WHITE, "#c23b22" if pips == 1 else INK)
        for c, r in faces:  # each edge once: a fold where a face or a tab continues, a cut elsewhere
            fx, fy = left + c * side, top + r * side
            ends = {
                "top": (fx, fy, fx + side, fy),
                "bottom": (fx, fy + side, fx + side, fy + side),
                "left": (fx, fy, fx, fy + side),
                "right": (fx + side, fy, fx + side, fy + side),
            }
            for edge, (dc, dr) in steps.items():
                neighbour = (c + dc, r + dr)
                if neighbour in faces and edge in ("top", "left"):
                    continue  # drawn from the other face
                inner = neighbour in faces or ((c, r), edge) in tabs
                items.append(Line(*ends[edge], style=fold if inner else cut, role="fold" if inner else "cut"))
    return items


def _tab(fx: float, fy: float, side: float, edge: str, cut: Style) -> list[Item]:
    """A glue tab on one edge of a face: shaded, cut along its three outer sides (the fourth is the fold)."""
    d, inset = 4.0, 3.0
    if edge == "top":
        pts = ((fx, fy), (fx + inset, fy - d), (fx + side - inset, fy - d), (fx + side, fy))
    elif edge == "bottom":
        pts = ((fx, fy + side), (fx + inset, fy + side + d), (fx + side - inset, fy + side + d), (fx + side, fy + side))
    elif edge == "left":
        pts = ((fx, fy), (fx - d, fy + inset), (fx - d, fy + side - inset), (fx, fy + side))
    else:
        pts = ((fx + side, fy), (fx + side + d, fy + inset), (fx + side + d, fy + side - inset), (fx + side, fy + side))
    outline = (("M", *pts[0]),) + tuple(("L", *p) for p in pts[1:])
    return [Polygon(pts, style=Style(fill="#eeeae2"), role="glue-tab"), Path(outline, style=cut, role="cut")]
