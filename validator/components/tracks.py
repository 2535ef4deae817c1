"""Track boards: a loop or path of spaces, optionally around a field of card slots.

A space has a value, a kind (a normal space, or a player space in one player's
colour) and an optional label. Around a rectangle the spaces run clockwise
from the top-left corner; a space may *collect* one straight line of the
central field (`row-2`, `column-1`, `diagonal-1`), and the board shows that
with an arrow.

The geometry is computed here, in millimetres and without any drawing
library, so the validator can check that each collecting space really faces
its line and the generator can draw exactly what was checked.

>>> board = TrackBoard(sides=[1, 1, 1, 1], spaces=[TrackSpace(value=v) for v in range(8)])
>>> geometry = track_geometry(board)
>>> len(geometry.spaces), geometry.problems
(8, ())
>>> geometry.spaces[0].side, geometry.spaces[2].side
('corner', 'corner')
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from ..repeats import repeated
from ..types import Colour, Count, Ident, Length, LocalText, NonNegative, StrictModel
from .cards import CardSize, CardSizeField

LINE_PATTERN = r"^(?:(?:row|column)-[1-9]|diagonal-[12])$"
LineName = Annotated[
    str,
    StringConstraints(pattern=LINE_PATTERN),
    Field(
        description="A straight line of the field: 'row-1', 'column-3', 'diagonal-1' (top-left to bottom-right) or 'diagonal-2'."
    ),
]

SIDES = ("top", "right", "bottom", "left")
ARROW_ROOM = 9.0
"""Least distance between the ring and the field, so an arrow fits."""

A3_TILE_SHEETS = 2
"""An A3 board prints on two A4 sheets."""


class TrackSpace(StrictModel):
    value: int | None = Field(None, description="The number printed on the space.")
    kind: Literal["normal", "player"] = "normal"
    """normal, or player: a space in one player's colour."""
    player: Ident | None = Field(None, description="For a player space: the id of the player whose colour it has.")
    label: LocalText | None = None
    """Text printed on the space."""
    collects: LineName | None = None
    """A line of the central field this space collects; the board shows it with an arrow."""

    @model_validator(mode="after")
    def _player(self) -> TrackSpace:
        if self.kind == "player" and self.player is None:
            raise ValueError("a player space names its player: add `player:` with a player id")
        if self.kind == "normal" and self.player is not None:
            raise ValueError("only a player space belongs to a player; add `kind: player`")
        return self


class CardField(StrictModel):
    """The central field: rows × columns of card slots, each the size of a card."""

    rows: Count = 3
    """Rows of card slots."""
    columns: Count = 3
    """Columns of card slots."""
    slot: CardSizeField = Field(default_factory=lambda: CardSize.model_validate({"width": "63mm", "height": "88mm"}))
    """The size of one card slot: a named card size or {width, height}."""
    gap: Length = 4.0
    """Space between the slots, e.g. '4mm'."""
    deck: Ident | None = None
    """The deck whose cards go in the slots: a slot smaller than its cards is PK414."""


class TrackPlayer(StrictModel):
    id: Ident
    """The player's id, as player spaces name it."""
    name: LocalText
    """The player colour's name."""
    colour: Colour
    """The player's colour."""


class TrackBoard(StrictModel):
    """A loop (or open path) of spaces; around a rectangle, the field sits in the middle."""

    layout: Literal["rectangle", "path"] = "rectangle"
    """rectangle: spaces around the four sides (see `sides`); path: spaces along `path`."""
    sheet: Literal["a4", "a3-tiled"] = Field(
        "a4", description="One A4 sheet (scaled to fit), or real size across two A4 sheets."
    )
    sides: list[NonNegative] | None = Field(
        None,
        min_length=4,
        max_length=4,
        description="Spaces between the corners on the top, right, bottom and left sides.",
    )
    path: list[list[float]] | None = Field(
        None, description="Points of a path, in space widths; spaces are spread evenly along it."
    )
    closed: bool = True
    """The path joins its last space to its first, making a loop."""
    space_depth: Length = 22.0
    """How deep a space is, from the board's edge inwards, e.g. '22mm'."""
    field: CardField | None = None
    """The card slots in the middle of a rectangle track."""
    players: list[TrackPlayer] = Field(default_factory=list)
    """The players whose colours player spaces use."""
    spaces: list[TrackSpace] = Field(min_length=2)
    """The spaces, clockwise from the top-left corner (or along the path)."""

    @model_validator(mode="after")
    def _shape(self) -> TrackBoard:
        if self.layout == "rectangle":
            if self.sides is None:
                raise ValueError("a rectangle track needs `sides`: the spaces between the corners on each side")
            if self.path is not None:
                raise ValueError("`path` is for layout: path; a rectangle uses `sides`")
        else:
            if not self.path or len(self.path) < 2:
                raise ValueError("a path track needs `path`: at least two points")
            if any(len(p) != 2 for p in self.path):
                raise ValueError("each path point is [x, y]")
            if self.sides is not None:
                raise ValueError("`sides` is for layout: rectangle")
        return self

    def player_ids(self) -> set[str]:
        return {p.id for p in self.players}


# ---------------------------------------------------------------- geometry


@dataclass(frozen=True)
class Slot:
    row: int  # from 0
    col: int
    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


@dataclass(frozen=True)
class SpaceBox:
    """Where one space sits; `angle` turns its text to face the nearest board edge."""

    index: int
    side: str  # top | right | bottom | left | corner | path
    x: float
    y: float
    w: float
    h: float
    angle: float = 0.0
    line: tuple[tuple[int, int], ...] = ()
    arrow: tuple[float, float, float, float] | None = None

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


@dataclass(frozen=True)
class TrackProblem:
    kind: str  # count | facing | line | order | size | player | fit | reference
    path: tuple
    message: str
    hint: str = ""
    first: tuple = ()
    """For a player listed twice, where it is first listed: the finding names that place."""


@dataclass(frozen=True)
class TrackGeometry:
    width: float
    height: float
    spaces: tuple[SpaceBox, ...]
    slots: tuple[Slot, ...]
    problems: tuple[TrackProblem, ...]


def line_slots(line: str, rows: int, cols: int) -> tuple[tuple[int, int], ...] | None:
    """The (row, col) slots of a named line, first to last; None if the field has no such line.

    >>> line_slots("row-2", 3, 3)
    ((1, 0), (1, 1), (1, 2))
    >>> line_slots("diagonal-2", 3, 3)
    ((0, 2), (1, 1), (2, 0))
    >>> line_slots("column-4", 3, 3) is None
    True
    """
    kind, n = line_kind(line), line_number(line)
    if kind == "row":
        return tuple((n - 1, c) for c in range(cols)) if n <= rows else None
    if kind == "column":
        return tuple((r, n - 1) for r in range(rows)) if n <= cols else None
    if rows != cols:
        return None
    if n == 1:
        return tuple((i, i) for i in range(rows))
    return tuple((i, cols - 1 - i) for i in range(rows))


def line_kind(line: LineName) -> str:
    """`row`, `column` or `diagonal`.

    >>> line_kind("column-3")
    'column'
    """
    return line.partition("-")[0]


def line_number(line: LineName) -> int:
    """Which row, column or diagonal, from 1.

    >>> line_number("row-2")
    2
    """
    return int(line.partition("-")[2])


def field_size(field: CardField) -> tuple[float, float]:
    """The field's width and height: its slots and the gaps between them."""
    return (
        field.columns * field.slot.width + (field.columns - 1) * field.gap,
        field.rows * field.slot.height + (field.rows - 1) * field.gap,
    )


def field_slots(field: CardField, fx: float, fy: float) -> tuple[Slot, ...]:
    """Every slot of a field whose top-left corner is at (fx, fy), row by row."""
    px, py = field.slot.width + field.gap, field.slot.height + field.gap
    return tuple(
        Slot(r, c, fx + c * px, fy + r * py, field.slot.width, field.slot.height)
        for r in range(field.rows)
        for c in range(field.columns)
    )


def side_ranges(sides: list[int]) -> dict[str, list[int]]:
    """Space indices per side in the order of travel (clockwise from the top-left corner)."""
    top, right, bottom, left = sides
    out: dict[str, list[int]] = {"corner": []}
    i = 0
    for name, count in zip(SIDES, (top, right, bottom, left)):
        out["corner"].append(i)
        out[name] = list(range(i + 1, i + 1 + count))
        i += 1 + count
    return out


def expected_spaces(board: TrackBoard) -> int | None:
    return 4 + sum(board.sides) if board.layout == "rectangle" and board.sides is not None else None


def track_geometry(board: TrackBoard) -> TrackGeometry:
    """Around a rectangle, or along a path (a generic kit's straight and spiral tracks are paths)."""
    if board.layout == "rectangle":
        return _rectangle_geometry(board)
    return _path_geometry(board)


def _rectangle_geometry(board: TrackBoard) -> TrackGeometry:
    assert board.sides is not None
    problems: list[TrackProblem] = []
    d = board.space_depth
    want = expected_spaces(board)
    if want != len(board.spaces):
        problems.append(
            TrackProblem(
                "count",
                ("board", "spaces"),
                f"{len(board.spaces)} spaces, but 4 corners and sides {board.sides} make {want}",
                "add or remove spaces, or change `sides`",
            )
        )
        return TrackGeometry(0.0, 0.0, (), (), tuple(problems))
    ranges = side_ranges(board.sides)
    field = board.field
    rows, cols = (field.rows, field.columns) if field else (0, 0)
    sw, sh, gap = (field.slot.width, field.slot.height, field.gap) if field else (0.0, 0.0, 0.0)
    px, py = sw + gap, sh + gap
    fw, fh = field_size(field) if field else (0.0, 0.0)

    # Which line each space collects, and whether its place lets it face that line.
    lines: dict[int, tuple[tuple[int, int], ...]] = {}
    axis_of: dict[str, str] = {"top": "column", "bottom": "column", "left": "row", "right": "row"}
    for index, space in enumerate(board.spaces):
        if space.collects is None:
            continue
        where = ("board", "spaces", index, "collects")
        if field is None:
            problems.append(
                TrackProblem(
                    "line",
                    where,
                    f"space {index} collects {space.collects}, but the board has no field",
                    "add `field:` or remove `collects`",
                )
            )
            continue
        cells = line_slots(space.collects, rows, cols)
        if cells is None:
            problems.append(
                TrackProblem(
                    "line",
                    where,
                    f"the {rows} × {cols} field has no line {space.collects!r}",
                    "rows and columns count from 1; diagonals need a square field",
                )
            )
            continue
        side = next(name for name, members in ranges.items() if index in members)
        kind = line_kind(space.collects)
        if side == "corner":
            corner = ranges["corner"].index(index)  # 0 TL, 1 TR, 2 BR, 3 BL
            wanted = "diagonal-1" if corner in (0, 2) else "diagonal-2"
            if space.collects != wanted:
                problems.append(
                    TrackProblem(
                        "facing",
                        where,
                        f"corner space {index} faces {wanted}, not {space.collects}",
                        f"write `collects: {wanted}` or move the space",
                    )
                )
                continue
            if corner in (2, 3):
                cells = tuple(reversed(cells))
        elif kind != axis_of[side]:
            problems.append(
                TrackProblem(
                    "facing",
                    where,
                    f"space {index} on the {side} side faces the {axis_of[side]}s, not {space.collects}",
                    f"collect a {axis_of[side]} here, or move the space",
                )
            )
            continue
        elif (side in ("bottom",) and kind == "column") or side == "right":
            cells = tuple(reversed(cells))
        lines[index] = cells

    collects = {i: space.collects for i, space in enumerate(board.spaces) if space.collects is not None}

    # Room between the ring and the field: the arrows, and the spaces beyond the collecting ones.
    def needed_gap(side_names: tuple[str, str], pitch: float, count: int, length: float) -> float:
        need = ARROW_ROOM if field else 0.0
        for name in side_names:
            members = ranges[name]
            geometric = members if name in ("top", "right") else list(reversed(members))
            collectors = [
                k for k, i in enumerate(geometric) if i in lines and line_kind(collects[i]) in ("row", "column")
            ]
            if not collectors:
                need = max(need, (len(geometric) * d - length) / 2)
                continue
            first_line = line_number(collects[geometric[collectors[0]]])
            last_line = line_number(collects[geometric[collectors[-1]]])
            leading, trailing = collectors[0], len(geometric) - 1 - collectors[-1]
            need = max(need, leading * d + gap / 2 - (first_line - 1) * pitch)
            need = max(need, trailing * d + gap / 2 - (count - last_line) * pitch)
        return max(need, 0.0)

    gx = needed_gap(("top", "bottom"), px, cols, fw)
    gy = needed_gap(("left", "right"), py, rows, fh)
    width, height = 2 * d + 2 * gx + fw, 2 * d + 2 * gy + fh
    fx, fy = d + gx, d + gy
    slots = field_slots(field, fx, fy) if field else ()
    slot_at = {(s.row, s.col): s for s in slots}

    boxes: dict[int, SpaceBox] = {}
    corners = ranges["corner"]
    corner_boxes = (
        (0.0, 0.0, 135.0),
        (width - d, 0.0, -135.0),
        (width - d, height - d, -45.0),
        (0.0, height - d, 45.0),
    )
    for index, (x, y, angle) in zip(corners, corner_boxes):
        boxes[index] = SpaceBox(index, "corner", x, y, d, d, angle)
    for name in SIDES:
        members = ranges[name]
        horizontal = name in ("top", "bottom")
        geometric = members if name in ("top", "right") else list(reversed(members))
        length = width - 2 * d if horizontal else height - 2 * d
        pitch = px if horizontal else py
        field_start = gx if horizontal else gy
        spans = _side_spans(collects, geometric, lines, length, field_start, pitch, gap, problems, name)
        for index, (start, span) in zip(geometric, spans):
            if name == "top":
                box = SpaceBox(index, name, d + start, 0.0, span, d, 180.0)
            elif name == "bottom":
                box = SpaceBox(index, name, d + start, height - d, span, d, 0.0)
            elif name == "right":
                box = SpaceBox(index, name, width - d, d + start, d, span, -90.0)
            else:
                box = SpaceBox(index, name, 0.0, d + start, d, span, 90.0)
            boxes[index] = box

    placed = []
    for index in range(len(board.spaces)):
        box = boxes[index]
        line = lines.get(index, ())
        arrow = _arrow(box, slot_at[line[0]]) if line else None
        placed.append(SpaceBox(box.index, box.side, box.x, box.y, box.w, box.h, box.angle, line, arrow))
    problems += _size_problems(board, width, height)
    return TrackGeometry(width, height, tuple(placed), slots, tuple(problems))


def _side_spans(
    collects: dict[int, str],
    geometric: list[int],
    lines: dict[int, tuple[tuple[int, int], ...]],
    length: float,
    field_start: float,
    pitch: float,
    gap: float,
    problems: list[TrackProblem],
    side: str,
) -> list[tuple[float, float]]:
    """(start, span) along one side, in geometric order: collectors centred on their lines, the rest sharing what is left."""
    collectors = [k for k, i in enumerate(geometric) if i in lines]
    if not geometric:
        return []
    if not collectors:
        span = length / len(geometric)
        return [(k * span, span) for k in range(len(geometric))]
    numbers = [line_number(collects[geometric[k]]) for k in collectors]
    consecutive = collectors == list(range(collectors[0], collectors[-1] + 1)) and numbers == list(
        range(numbers[0], numbers[0] + len(numbers))
    )
    if not consecutive:
        index = geometric[collectors[0]]
        problems.append(
            TrackProblem(
                "order",
                ("board", "spaces", index, "collects"),
                f"the spaces collecting lines on the {side} side must be next to each other and in line order ({', '.join(str(n) for n in numbers)})",
                "put the other spaces at the ends of the side",
            )
        )
        span = length / len(geometric)
        return [(k * span, span) for k in range(len(geometric))]
    first_edge = field_start + (numbers[0] - 1) * pitch - gap / 2
    last_edge = field_start + numbers[-1] * pitch - gap / 2
    out: list[tuple[float, float]] = []
    leading, trailing = collectors[0], len(geometric) - 1 - collectors[-1]
    for k in range(leading):
        span = first_edge / leading
        out.append((k * span, span))
    for n in numbers:
        out.append((field_start + (n - 1) * pitch - gap / 2, pitch))
    for k in range(trailing):
        span = (length - last_edge) / trailing
        out.append((last_edge + k * span, span))
    return out


def _arrow(box: SpaceBox, slot: Slot) -> tuple[float, float, float, float]:
    """From the space's inner edge to just short of the first slot of its line."""
    sx, sy = slot.centre
    if box.side == "corner":
        cx = box.x + box.w if box.x < slot.x else box.x
        cy = box.y + box.h if box.y < slot.y else box.y
        dx, dy = sx - cx, sy - cy
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length
        # Stop at the slot's edge.
        tx = ((slot.x if ux > 0 else slot.x + slot.w) - cx) / ux if ux else math.inf
        ty = ((slot.y if uy > 0 else slot.y + slot.h) - cy) / uy if uy else math.inf
        reach = max(tx, ty) - 1.5
        return cx + ux * 1.0, cy + uy * 1.0, cx + ux * reach, cy + uy * reach
    if box.side == "top":
        return sx, box.y + box.h + 1.0, sx, slot.y - 1.5
    if box.side == "bottom":
        return sx, box.y - 1.0, sx, slot.y + slot.h + 1.5
    if box.side == "left":
        return box.x + box.w + 1.0, sy, slot.x - 1.5, sy
    return box.x - 1.0, sy, slot.x + slot.w + 1.5, sy


A4_ROOM = (210 - 2 * 7, 297 - 2 * 7 - 26)
"""What one A4 sheet can show at 100 %, beside its title and scale bar."""
A3_ROOM = (297 - 2 * 7 - 24, 420 - 2 * 7 - 24)
"""What two A4 sheets joined into an A3 can show at 100 %."""


def _fits(width: float, height: float, room: tuple[float, float]) -> bool:
    short, long = sorted((width, height))
    return short <= min(room) and long <= max(room)


def _size_problems(board: TrackBoard, width: float, height: float) -> list[TrackProblem]:
    if board.sheet == "a3-tiled" and not _fits(width, height, A3_ROOM):
        return [
            TrackProblem(
                "size",
                ("board", "sheet"),
                f"the board is {width:.0f} × {height:.0f} mm, larger than an A3 sheet can print",
                "use smaller spaces or cards, or `sheet: a4`",
            )
        ]
    if board.sheet == "a4" and board.field is not None and not _fits(width, height, A4_ROOM):
        return [
            TrackProblem(
                "size",
                ("board", "sheet"),
                f"the board is {width:.0f} × {height:.0f} mm; shrunk onto one A4 sheet, its card slots would be smaller than the cards",
                "use `sheet: a3-tiled` to print it at real size",
            )
        ]
    return []


def _path_geometry(board: TrackBoard) -> TrackGeometry:
    assert board.path is not None
    d = board.space_depth
    points = [(x * d, y * d) for x, y in board.path]
    if board.closed:
        points.append(points[0])
    segments = [(a, b, math.dist(a, b)) for a, b in itertools.pairwise(points)]
    total = sum(s[2] for s in segments)
    n = len(board.spaces)
    step = total / (n if board.closed else max(1, n - 1))
    centres = []
    for k in range(n):
        want = k * step
        for a, b, length in segments:
            if want <= length + 1e-9 or (a, b, length) == segments[-1]:
                t = 0.0 if length == 0 else min(want / length, 1.0)
                centres.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
                break
            want -= length
    xs, ys = [c[0] for c in centres], [c[1] for c in centres]
    x0, y0 = min(xs) - d / 2, min(ys) - d / 2
    width, height = max(xs) - min(xs) + d, max(ys) - min(ys) + d
    problems: list[TrackProblem] = []
    slots: tuple[Slot, ...] = ()
    field = board.field
    if field is not None:
        fw, fh = field_size(field)
        slots = field_slots(field, (width - fw) / 2, (height - fh) / 2)
    slot_at = {(s.row, s.col): s for s in slots}
    boxes = []
    for index, ((cx, cy), space) in enumerate(zip(centres, board.spaces)):
        box = SpaceBox(index, "path", cx - x0 - d / 2, cy - y0 - d / 2, d, d)
        line: tuple[tuple[int, int], ...] = ()
        arrow = None
        if space.collects is not None:
            found = line_slots(space.collects, field.rows, field.columns) if field else None
            if found is None:
                problems.append(
                    TrackProblem(
                        "line",
                        ("board", "spaces", index, "collects"),
                        f"the board has no line {space.collects!r}",
                        "check the field size",
                    )
                )
            else:
                near = min((found, tuple(reversed(found))), key=lambda ln: math.dist(box.centre, slot_at[ln[0]].centre))
                line = near
                arrow = _path_arrow(box, slot_at[near[0]])
        boxes.append(SpaceBox(box.index, box.side, box.x, box.y, box.w, box.h, 0.0, line, arrow))
    problems += _size_problems(board, width, height)
    return TrackGeometry(width, height, tuple(boxes), slots, tuple(problems))


def _path_arrow(box: SpaceBox, slot: Slot) -> tuple[float, float, float, float]:
    (ax, ay), (bx, by) = box.centre, slot.centre
    length = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    start = box.w / 2 + 1.0
    stop = length - min(slot.w / 2 / abs(ux) if ux else math.inf, slot.h / 2 / abs(uy) if uy else math.inf) - 1.5
    return ax + ux * start, ay + uy * start, ax + ux * stop, ay + uy * stop


def check_field_fits(board: TrackBoard, card_sizes: dict[str, tuple[float, float]]) -> list[TrackProblem]:
    """The field's slots hold the cards of the deck it names (`field: {deck: …}`), upright: a `fit` problem at
    the slot size when they do not; a deck not in `card_sizes` is a `player`-kind reference problem."""
    field = board.field
    if field is None or field.deck is None:
        return []
    card = card_sizes.get(field.deck)
    if card is None:
        known = ", ".join(sorted(card_sizes)) or "none"
        return [TrackProblem("reference", ("board", "field", "deck"), f"no deck {field.deck!r}", f"decks: {known}")]
    if card[0] <= field.slot.width + 1e-6 and card[1] <= field.slot.height + 1e-6:
        return []
    return [
        TrackProblem(
            "fit",
            ("board", "field", "slot"),
            f"the field's slots are {field.slot.width:g} × {field.slot.height:g} mm; the cards of deck {field.deck!r} "
            f"are {card[0]:g} × {card[1]:g} mm",
            "make the slots the deck's card size (slot: the same size name as the deck's `size:`)",
        )
    ]


def check_track(board: TrackBoard, geometry: TrackGeometry | None = None) -> list[TrackProblem]:
    """Everything wrong with a track that a game need not know about: count, lines, facing, players."""
    geometry = geometry or track_geometry(board)
    problems = list(geometry.problems)
    known = board.player_ids()
    for group in repeated((player.id, ("board", "players", p, "id")) for p, player in enumerate(board.players)):
        problems.append(
            TrackProblem(
                "player",
                group.places[1],
                f"player {group.key!r} is listed {group.times}, first as player {group.places[0][2] + 1}",
                "give each player one entry",
                group.places[0],
            )
        )
    for index, space in enumerate(board.spaces):
        if space.kind == "player" and space.player not in known:
            close = ", ".join(sorted(known)) or "none listed"
            problems.append(
                TrackProblem(
                    "player", ("board", "spaces", index, "player"), f"no player {space.player!r}", f"players: {close}"
                )
            )
    return problems


__all__ = [
    "CardField",
    "LineName",
    "Slot",
    "SpaceBox",
    "TrackBoard",
    "TrackGeometry",
    "TrackPlayer",
    "TrackProblem",
    "TrackSpace",
    "check_field_fits",
    "check_track",
    "line_slots",
    "side_ranges",
    "track_geometry",
]
