"""The layout context every layout draws with: the paper and language, text fitted to its box but never below
the readable floor (6 pt Latin, 7 pt Japanese; less is a finding, PK309), and the page furniture every sheet
shares (its title, the scale bar and the print-at-100 % note)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from pnpkit.validator.components.printing import PrintSettings
from pnpkit.validator.components.templates import FLOOR_JAPANESE_PT, FLOOR_LATIN_PT
from pnpkit.validator.markup import has_markup, parse, plain

from ..i18n import tr
from ..scene import Group, Item, Line, Page, Rect, Style, Text
from ..typeset import fonts
from ..typeset.linebreaks import inner_breaks
from ..typeset.text import TextBox, balanced, fit, fit_plain, item_width, latin_quotes, plain_face
from ..units import HARD_MARGIN, Paper
from .collisions import MINIATURE
from .pagecheck import page_lines, small_units
from .problems import ANY_TEXT, Remedy, TextProblem, mm_text, overflow_text, quoted

INK = "#000000"
MUTED = "#666666"
HAIRLINE = 0.15

FLOOR_LATIN = FLOOR_LATIN_PT
FLOOR_JAPANESE = FLOOR_JAPANESE_PT
"""The readable floor in points: no printed text is smaller (ISSUE 16). A text with any kana, kanji or other
full-width character (U+3000 and above) is held to the Japanese floor, all of it."""


def is_japanese(text: str) -> bool:
    """Whether a text holds kana, kanji or other full-width CJK characters (anything from U+3000 up).

    >>> is_japanese("ATT"), is_japanese("攻撃 3"), is_japanese("×2 ★")
    (False, True, False)
    """
    return WIDE.search(text) is not None


WIDE = re.compile("[\u3000-\U0010ffff]")
"""Any character from U+3000 up: searched at C speed, as every printed text is asked this."""


def floor_pt(text: str) -> float:
    """The smallest size `text` may print at: 7 pt when it is Japanese, 6 pt otherwise."""
    return FLOOR_JAPANESE if is_japanese(text) else FLOOR_LATIN


@dataclass
class LayoutContext:
    lang: str
    paper: Paper
    problems: list[TextProblem] = field(default_factory=list)
    settings: PrintSettings = field(default_factory=PrintSettings)
    _told: set[TextProblem] = field(default_factory=set, init=False, repr=False)
    """Problems about words no card chooses (a heading, a label's name), told once rather than once a card."""

    @property
    def margin(self) -> float:
        return HARD_MARGIN + 2.0

    def fitted(
        self,
        text: str,
        box: TextBox,
        size: float,
        min_size: float,
        *,
        where: tuple = (),
        label: str = "",
        leading: float = 1.3,
        floor: float | None = None,
        remedy: Remedy = ANY_TEXT,
    ) -> list[Text]:
        """Fit `text` into the box, shrinking down to `min_size`; a miss is recorded, never clipped silently.

        Nothing is set below the readable floor for the text's script (`floor_pt`, or `floor` when the caller
        knows better, such as text whose inline icons stand in as full-width markers): `size` and `min_size`
        are raised to it, so text that would need less is PK309, never a silent shrink. `remedy` says what the
        designer may change, for the finding's hint; words the card does not choose are told once.
        Markup in the text (`**bold**`, `*italic*`, `<red>…</>`) styles it; each
        part is checked against the face it prints in (PK307 names that face).
        """
        floor = floor_pt(text) if floor is None else floor
        size = max(size, floor)
        min_size = min(max(min_size, floor), size)
        if not has_markup(text):  # the hot path: one face, measured once
            face = plain_face(box.bold, box.italic, box.font)
            chars = face.undrawable(text)
            if chars:
                text = self._cannot_draw(text, {face.label: chars}, where, label)
            text = latin_quotes(text)
            result = fit_plain(text, box.width, box.height, size, min_size, leading, face)
            if box.balance:
                result = balanced(text, result, box.width, face)
        else:
            missing = missing_glyphs(text, box)
            if missing:
                text = self._cannot_draw(text, missing, where, label)
            result = fit(
                text, box.width, box.height, size, min_size, leading, bold=box.bold, italic=box.italic, font=box.font
            )
        if not result.fits:
            at_floor = " (the readable floor)" if min_size <= floor + 1e-9 else ""
            problem = TextProblem(
                "PK309",
                where,
                f"{label}: text is {overflow_text(result.over_width, result.over_height)} for its "
                f"{box.width:.1f} × {box.height:.1f} mm box even at {min_size:g} pt{at_floor}",
                remedy.hint(result.over_width, result.over_height, min_size, floor),
            )
            if not remedy.fixed or problem not in self._told:
                if remedy.fixed:
                    self._told.add(problem)
                self.problems.append(problem)
        elif len(result.lines) > 1 and not text.isascii():
            broken = inner_breaks(plain(text) if has_markup(text) else text, result.lines)
            if broken:
                self.problems.append(
                    TextProblem(
                        "PK366",
                        where,
                        f"{label}: a line breaks inside 「{broken[0]}」"
                        + (f" and {len(broken) - 1} more" if len(broken) > 1 else "")
                        + f": the phrase is wider than its {box.width:.1f} mm line at {result.size:g} pt",
                        "widen the box, shorten the text, or allow a smaller size (min_size)",
                    )
                )
        placed = box.place(result)
        return placed if result.fits else [replace(line, overflow=True) for line in placed]

    def furniture(
        self, forms: Iterable[str], box: TextBox, size: float, min_size: float, *, leading: float = 1.3
    ) -> list[Text]:
        """pnpkit's own words (a sheet label, a print note, a title it chose to print on a back): the first of
        `forms` (longest first) that fits the box at `min_size` or above (never below the floor), or nothing.

        Furniture shrinks, shortens or leaves itself out: what it could not print is never a finding, as the
        designer could not fix it (a character its face lacks is the kit's, and told where the kit prints it)."""
        for text in forms:
            if not text.strip():
                continue
            first, told = len(self.problems), set(self._told)
            placed = self.fitted(text, box, size, min_size, leading=leading)
            del self.problems[first:]
            self._told = told
            if placed and not any(line.overflow for line in placed):
                return placed
        return []

    def tell(self, problem: TextProblem) -> None:
        """Record a problem about words every card or sheet shares once, however many of them print it."""
        if problem not in self._told:
            self._told.add(problem)
            self.problems.append(problem)

    def _cannot_draw(self, text: str, missing: dict[str, list[str]], where: tuple, label: str) -> str:
        """Record PK307 for each face and what it lacks; the text without those characters."""
        for face_name, chars in missing.items():
            shown = " ".join(f"U+{ord(ch):04X} {ch}" for ch in chars)
            self.problems.append(
                TextProblem("PK307", where, f"{label}: {face_name} cannot draw {shown}", fonts.missing_hint(chars))
            )
            for ch in chars:
                text = text.replace(ch, "")
        return text

    def one_line(
        self, line: Text, room: float, *, where: tuple = (), label: str = "", least: float | None = None
    ) -> Text:
        """A line set at a fixed place and size (a cover line, a title, a footer), held to the checks a fitted
        box gets: PK307 for characters its face lacks (dropped), PK309 when it is wider than `room` mm (it is
        then cut to the room with an ellipsis, so the page check does not report it again; nothing is
        written while an error stands). With `least`, a line too wide first shrinks, down to that size (never
        below the readable floor), as a long title on a cover should."""
        face = fonts.in_use().drawn(line.font, line.bold, line.italic).face
        chars = face.undrawable(line.text)
        if chars:
            line = replace(line, text=self._cannot_draw(line.text, {face.label: chars}, where, label))
        width = item_width(line)
        if width > room + 1e-6 and least is not None:
            line = shrunk(line, room, least)
            width = item_width(line)
        if width > room + 1e-6:
            self.problems.append(
                TextProblem(
                    "PK309",
                    where,
                    f"{label}: {quoted(line.text)} is {mm_text(width - room)} too wide for its {room:.1f} mm line "
                    f"at {line.size:g} pt",
                    "shorten the text",
                )
            )
            line = replace(line, text=_cut(line, room))
        return line


def readable(text: str, size: float) -> float:
    """`size`, or the floor for `text`'s script when that is larger: for text set at a fixed size."""
    return max(size, floor_pt(text))


def set_height(text: str, width: float, size: float, leading: float = 1.3, *, bold: bool = False) -> float:
    """How tall `text` sets when wrapped into `width` mm at `size` pt (or its floor, when that is larger):
    for a layout that makes room for a text before fitting it there."""
    size = readable(text, size)
    return fit(text, width, 1000.0, size, size, leading, bold=bold).block


def small_text(pages: Iterable[Page], where: tuple = ()) -> list[TextProblem]:
    """PK326 for every line of text on the pages that prints below the readable floor (`floor_pt`).

    Groups are walked with their scale (a card drawn at 0.5 halves its text). Each problem's path is
    `where`, the page's number (from 1) and the names of the groups down to the text, such as
    `cards.page 2.fireball`; its message quotes the text and the size it prints at. A text repeated
    in the same place on later pages (a card drawn on every sheet) is told once, on its first page.
    """
    problems: list[TextProblem] = []
    seen: set[tuple] = set()
    shared: dict = {}  # each symbol's small texts, found once for every page
    for number, page in enumerate(pages, start=1):
        _told(_page_small(page, shared), number, where, seen, problems)
    return problems


def _page_small(page: Page, shared: dict) -> list[TextProblem]:
    return small_units(page.items, lambda items, out: _small(items, 1.0, (), out, shared))


def _told(found: list[TextProblem], number: int, where: tuple, seen: set[tuple], problems: list[TextProblem]) -> None:
    """`found` on page `number` added to `problems` under `where`, each told once (a card drawn on every sheet)."""
    for problem in found:
        if (problem.path, problem.message) not in seen:
            seen.add((problem.path, problem.message))
            problems.append(replace(problem, path=(*where, f"page {number}", *problem.path)))


def text_floor(parts: Iterable) -> list[TextProblem]:
    """`page_text` over every component (anything with a `slug` and `pages`): the page check the build runs.

    Faces and widths are the edition's: run outside one (`fonts.OUTSIDE` in use), it checks the floor alone,
    which needs no font, rather than guess at glyphs and widths in a font the edition does not print in."""
    if fonts.in_use() is fonts.OUTSIDE:
        return [problem for part in parts for problem in small_text(part.pages, (part.slug,))]
    return [problem for part in parts for problem in page_text(part.pages, (part.slug,))]


def page_text(pages: Iterable[Page], where: tuple = ()) -> list[TextProblem]:
    """Every line of text on the pages, whatever laid it out, held to the same checks: below the readable
    floor (PK326, `small_text`), characters the face it prints in cannot draw (PK307), and ink outside the
    printable area, 5 mm inside the paper's edge (PK309). A fitted box or `LayoutContext.one_line` has
    reported and removed its own; this catches text any layout sets by hand. Paths as `small_text` gives
    them; a problem repeated in the same place on later pages is told once. Run it with the edition's fonts
    in use (`fonts.using`): faces and widths are theirs."""
    small: list[TextProblem] = []
    lines: list[TextProblem] = []
    small_seen: set[tuple] = set()
    lines_seen: set[tuple] = set()
    small_shared: dict = {}  # each symbol's small texts, found once for every page
    shared: dict = {}  # each symbol's texts, measured once for every page
    for number, page in enumerate(pages, start=1):  # both checks on a page in turn: its faces are spelled once
        _told(_page_small(page, small_shared), number, where, small_seen, small)
        area = (HARD_MARGIN, HARD_MARGIN, page.width - HARD_MARGIN, page.height - HARD_MARGIN)
        _told(page_lines(page.items, area, shared), number, where, lines_seen, lines)
    return small + lines


MINIATURE_GROWTH = 2.5
"""How much a miniature may enlarge a text to keep it at the readable floor; one that needs more is left out."""


def legible_miniature(items: Iterable[Item], scale: float) -> tuple[Item, ...]:
    """A drawing to be shown shrunk by `scale` (a board's overview), with every text at or above the readable floor:
    a text that would print below it is enlarged, up to MINIATURE_GROWTH times, or left out (a miniature shows
    where things are; the full-size sheets carry every word)."""
    shown: list[Item] = []
    for item in items:
        if isinstance(item, Group):
            inner = legible_miniature(item.items, scale * item.scale)
            shown.append(replace(item, items=inner, symbol="") if inner != item.items else item)
        elif isinstance(item, Text) and item.text.strip() and item.size * scale < FLOOR_JAPANESE - 1e-6:
            needed = floor_pt(item.text) / scale
            if item.size >= needed - 1e-6:
                shown.append(item)
            elif needed <= item.size * MINIATURE_GROWTH:
                shown.append(replace(item, size=needed))
        else:
            shown.append(item)
    return tuple(shown)


def _cut(line: Text, room: float) -> str:
    """The longest start of the line that fits `room` mm with an ellipsis after it."""
    text = line.text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits, by halving: a 2,000-character line is measured ~11 times
        mid = (low + high + 1) // 2
        if item_width(replace(line, text=text[:mid] + "…")) <= room:
            low = mid
        else:
            high = mid - 1
    return text[:low] + "…"


def _small(items: tuple[Item, ...], scale: float, path: tuple, out: list[TextProblem], shared: dict) -> None:
    for item in items:
        if isinstance(item, Group):
            if item.name == MINIATURE:
                continue  # a board shrunk for its overview: its texts are checked where they print full size
            inside = (*path, item.name) if item.name else path
            if item.symbol:  # the same items at the same scale: the same problems, found once
                key = (item.symbol, scale * item.scale)
                if key not in shared:
                    shared[key] = []
                    _small(item.items, scale * item.scale, (), shared[key], shared)
                out.extend(replace(problem, path=(*inside, *problem.path)) for problem in shared[key])
            else:
                _small(item.items, scale * item.scale, inside, out, shared)
        elif isinstance(item, Text) and item.size * scale < FLOOR_JAPANESE - 1e-6 and item.text.strip():
            size, floor = item.size * scale, floor_pt(item.text)  # the script is looked at only for small text
            if size < floor - 1e-6:
                script = "Japanese" if floor == FLOOR_JAPANESE else "Latin"
                out.append(
                    TextProblem(
                        "PK326",
                        path,
                        f"{item.text!r} prints at {size:.2f} pt, below the {floor:g} pt floor for {script} text",
                        "make the text larger, shorten it or give it more room",
                    )
                )


def missing_glyphs(text: str, box: TextBox) -> dict[str, list[str]]:
    """Characters of `text` that the face each part prints in cannot draw, by the face's name."""
    fontset = fonts.in_use()
    if not has_markup(text):
        face = (
            fontset.drawn(box.font, box.bold, box.italic).face
            if box.bold or box.italic or box.font
            else fontset.regular
        )
        chars = face.undrawable(text)
        return {face.label: chars} if chars else {}
    out: dict[str, list[str]] = {}
    for span in parse(text).spans:
        face = fontset.drawn(box.font, box.bold or span.bold, box.italic or span.italic).face
        for ch in face.undrawable(span.text):
            if ch not in out.setdefault(face.label, []):
                out[face.label].append(ch)
    return {label: sorted(chars) for label, chars in out.items() if chars}


def page_title(ctx: LayoutContext, title: str, subtitle: str = "", *, where: tuple = ()) -> list[Item]:
    """The heading at the top of a sheet, inside the printable area: the title on the left, the subtitle on the
    right, each held to `LayoutContext.one_line` (the title gets what the subtitle leaves, less a gap).

    The heading is pnpkit's furniture: a title too wide even at 10 pt first leaves the subtitle out, then drops
    the kit's name before its " — " (the component's own name stays); then the same again, shrinking down to the
    readable floor. Only a name too wide for the whole line even so is a finding (PK309), at `where`."""
    x = y = ctx.margin
    room = ctx.paper.width - 2 * ctx.margin
    title = plain(title)
    forms = [title, title.rsplit(" — ", 1)[1]] if " — " in title else [title]
    right = None
    if subtitle:
        right = ctx.one_line(
            Text(ctx.paper.width - ctx.margin, y + 5.5, plain(subtitle), 9, colour=MUTED, anchor="end"),
            room,
            where=where,
            label="page title",
        )
    beside = room - item_width(right) - GAP if right is not None else room
    tries = [(form, keep, least) for least in (10.0, 0.0) for form in forms for keep in (True, False)]
    for form, keep, least in tries:
        line = shrunk(Text(x, y + 5.5, form, 15, colour=INK, bold=True, role="title"), beside if keep else room, least)
        if item_width(line) <= (beside if keep else room) + 1e-6:
            break
    else:  # too wide even so: cut, and told
        keep, line = False, Text(x, y + 5.5, forms[-1], 15, colour=INK, bold=True, role="title")
    items: list[Item] = [ctx.one_line(line, room, where=where, label="page title", least=0.0)]
    if keep and right is not None:
        items.append(right)
    items.append(Line(x, y + 8.0, ctx.paper.width - ctx.margin, y + 8.0, style=Style(stroke=INK, width=0.3)))
    return items


def shrunk(line: Text, room: float, least: float) -> Text:
    """`line`, or, when it is wider than `room` mm, set smaller to fit, down to `least` and never below the
    readable floor (so it may still be too wide)."""
    width = item_width(line)
    if width <= room + 1e-6:
        return line
    size = max(least, floor_pt(line.text), math.floor(line.size * room / width * 4) / 4)
    return replace(line, size=size) if size < line.size else line


GAP = 4.0
"""The least space (mm) between two texts that share a line: a title and its subtitle, a footer's two ends."""


def print_notes(lang: str) -> list[str]:
    """Every form of the print note in `lang`, longest first: the whole sentence, then shorter forms for margins
    too narrow for it."""
    return [tr("print_note", lang), tr("print_note_short", lang), tr("print_note_shortest", lang)]


def print_note(lang: str, room: float, size: float) -> str:
    """The longest form of "print at 100 %" that fits on one line of `room` mm at `size` pt (or the floor).

    >>> print_note("en", 200.0, 7)
    "Print at 100 % (actual size), not 'fit to page'"
    >>> print_note("en", 30.0, 6)
    'Print at 100 %, not fit to page'
    """
    forms = print_notes(lang)
    for text in forms:
        if fonts.width_mm(text, max(size, floor_pt(text))) <= room:
            return text
    return forms[-1]


def scale_bar(
    x: float, y: float, lang: str, length: float = 50.0, *, note: bool = True, compact: bool = False
) -> list[Item]:
    """A bar in 10 mm steps: measure it after printing to confirm 100 %.

    The compact form (2.5 mm tall) drops the tick numbers for narrow margins.
    """
    items: list[Item] = []
    step = 10.0
    for i in range(int(length / step)):
        fill = INK if i % 2 == 0 else "#ffffff"
        items.append(Rect(x + i * step, y, step, 2.0, style=Style(fill=fill, stroke=INK, width=0.2), role="scale-bar"))
    if not compact:
        for i in range(int(length / step) + 1):
            items.append(Text(x + i * step, y + 5.0, str(int(i * step)), 6, colour=INK, anchor="middle"))
    items.append(Text(x + length + 2.0, y + 1.9, f"{int(length)} mm", 6.5, colour=INK))
    if note:
        items.append(Text(x, y - 1.5, tr("print_note", lang), 7, colour=INK, role="print-note"))
    return items


def footer(ctx: LayoutContext, left: str, right: str, *, where: tuple = ()) -> list[Item]:
    """The line at the foot of a page: `left` (the game and its version) gets what `right` (a page number)
    leaves, less a gap; both held to `LayoutContext.one_line`."""
    y = ctx.paper.height - ctx.margin
    room = ctx.paper.width - 2 * ctx.margin
    end = ctx.one_line(
        Text(ctx.paper.width - ctx.margin, y, plain(right), 7, colour=MUTED, anchor="end"),
        room,
        where=where,
        label="footer",
    )
    if right:
        room -= item_width(end) + GAP
    start = ctx.one_line(Text(ctx.margin, y, plain(left), 7, colour=MUTED), room, where=where, label="footer")
    return [start, end]
