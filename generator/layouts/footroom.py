"""The room a card's text keeps from the footer under it and the pills over it.

A card text keeps FOOT_ROOM of clear paper from any pill, badge or text over it in the same card, as it does from
its box's edges. A footer set as close to a paragraph as its own lines are reads as one more line of it (the review
saw Wizard's Void card text run into its footer): what is under a text keeps FOOT_ROOM beyond the text's own line
gap. A text too close is set again in a box cut to that room (smaller, then with its lines closed up to
TIGHTEST_LEADING); a text that cannot keep the room even so keeps its first setting, and is PK366.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from ..geometry import Box, visible_items
from ..scene import Item, Text
from ..typeset import fonts
from ..typeset.text import TextBox
from ..units import MM_PER_PT
from .problems import TextProblem

FOOT_ROOM = 1.0
"""Clear paper (mm) between a card's text and a footer or pill, beyond the text's own gap between lines."""
WITHIN = 0.1
"""How close (mm) past the room a text may come and still be clear: ink is measured by em boxes and the bounding
boxes of shapes (a diamond's tip, a pill's round end), which overstate it by more than this."""
TIGHTEST_LEADING = 1.2
"""The closest a card text's lines are set to keep clear of its footer, where setting it smaller is not enough."""


@dataclass(frozen=True)
class Room:
    """Where a text's ink may reach: from `top` to `bottom` (mm down the card)."""

    top: float
    bottom: float


def ink_boxes(items: Iterable[Item]) -> list[Box]:
    """The ink of every primitive the items draw, each its own box."""
    return [ink for _item, ink in visible_items(tuple(items))]


def room_between(box: TextBox, neighbours: Iterable[Box], footers: Iterable[Box] = ()) -> Room:
    """The room between the lowest neighbour over `box` and the highest under it, among those that share some of
    its width: a neighbour whose middle is above the box's top is over it, below the box's bottom under it
    (beside it or inside it, it is neither). `footers` (the ink of other texts) count only under it: a text under
    another is that text's footer, and the defect is told once, at the text over it."""
    top, bottom = float("-inf"), float("inf")
    for under_only, boxes in ((False, neighbours), (True, footers)):
        for x0, y0, x1, y1 in boxes:
            if min(x1, box.x + box.width) - max(x0, box.x) <= 0.1:
                continue
            middle = (y0 + y1) / 2
            if middle < box.y and not under_only:
                top = max(top, y1)
            elif middle > box.y + box.height:
                bottom = min(bottom, y0)
    return Room(top, bottom)


def line_gap(size: float, leading: float) -> float:
    """The paper between two lines of a text (mm): what a footer must stand off by more than."""
    return max(leading - 1.0, 0.0) * size * MM_PER_PT


def reach(lines: Sequence[Text]) -> tuple[float, float]:
    """From the top of the lines' ink (their ascenders) to its foot (their descenders), mm down the card."""
    top = min(line.y - line.size * MM_PER_PT * fonts.ASCENT for line in lines)
    return top, max(line.y + line.size * MM_PER_PT * fonts.DESCENT for line in lines)


def crowding(lines: Sequence[Text], room: Room, leading: float) -> float:
    """How far (mm) the lines' ink comes closer than FOOT_ROOM to what is over them, or than FOOT_ROOM and their
    line gap to what is under them (the neighbours round `room`)."""
    lines = [line for line in lines if line.text.strip()]
    if not lines:
        return 0.0
    need = FOOT_ROOM + line_gap(max(line.size for line in lines), leading)
    top, bottom = reach(lines)
    return max(room.top + FOOT_ROOM - top, bottom - (room.bottom - need), 0.0)


def cut_to(box: TextBox, room: Room, size: float, leading: float) -> TextBox:
    """`box` cut so that text set in it at `size` pt (or smaller) keeps clear of the neighbours round `room`."""
    need = FOOT_ROOM + line_gap(size, leading)
    top = max(box.y, room.top + FOOT_ROOM)
    bottom = min(box.y + box.height, room.bottom - need)
    return replace(box, y=top, height=max(bottom - top, 0.0))


Setter = Callable[[TextBox, float], tuple[list[Item], list[Text], bool]]
"""(box, leading) → the items a text sets there, its lines, and whether it fit without a finding."""


def kept_clear(
    problems: list[TextProblem],
    first: tuple[list[Item], list[Text]],
    box: TextBox,
    leading: float,
    size: float,
    neighbours: Iterable[Box],
    setter: Setter,
    *,
    where: tuple,
    label: str,
    footers: Iterable[Box] = (),
) -> list[Item] | None:
    """None when the text set as `first` (its items and lines, set in `box` at `leading`, `size` pt at most) keeps
    its room from the neighbours (pills, badges, shapes; `footers`, other texts, only under it); else the items set again in a box cut to that room (`setter`), set smaller as
    its box allows, then with its lines closed up to TIGHTEST_LEADING; when even that leaves a line past its box, `first` stands and
    PK366 is told at `where`. What the second setting finds (a phrase broken inside) is told unless told already."""
    items, lines = first
    room = room_between(box, neighbours, footers)
    close = crowding(lines, room, leading)
    if close <= WITHIN or any(line.overflow for line in lines):
        return None  # clear, or a text already told that it does not fit
    for tried in dict.fromkeys((leading, min(leading, TIGHTEST_LEADING))):
        told = len(problems)
        again, placed, fits = setter(cut_to(box, room, size, tried), tried)
        found = problems[told:]
        del problems[told:]
        if fits and crowding(placed, room, tried) <= WITHIN:
            problems.extend(problem for problem in found if problem not in problems)  # the first setting told its own
            return again
    problems.append(
        TextProblem(
            "PK366",
            where,
            f"{label}: the text comes {close:.1f} mm too close to a footer or pill of its card (it keeps "
            f"{FOOT_ROOM:g} mm from what is over it, and {FOOT_ROOM:g} mm more than its line gap from what is under it)",
            "shorten the text, or give its box more room from the footer",
        )
    )
    return items


__all__ = ["FOOT_ROOM", "Room", "crowding", "ink_boxes", "kept_clear", "line_gap", "reach", "room_between"]
