"""What every layout shares: the layout context, fitted text boxes and page furniture."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from pnpkit.validator.components.printing import PrintSettings
from pnpkit.validator.markup import has_markup, parse, plain

from .. import fonts
from ..i18n import tr
from ..scene import Group, Item, Line, Page, Rect, Style, Text
from ..text import TextBox, balanced, fit, fit_plain, latin_quotes, plain_face
from ..units import HARD_MARGIN, Paper

INK = "#222222"
MUTED = "#666666"
HAIRLINE = 0.15

FLOOR_LATIN = 6.0
FLOOR_JAPANESE = 7.0
"""The readable floor in points: no printed text is smaller (ISSUE 16). A text with any kana, kanji or other
full-width character (U+3000 and above) is held to the Japanese floor, all of it."""


def is_japanese(text: str) -> bool:
    """Whether a text holds kana, kanji or other full-width CJK characters (anything from U+3000 up).

    >>> is_japanese("ATT"), is_japanese("攻撃 3"), is_japanese("×2 ★")
    (False, True, False)
    """
    return any(ord(ch) >= 0x3000 for ch in text)


def floor_pt(text: str) -> float:
    """The smallest size `text` may print at: 7 pt when it is Japanese, 6 pt otherwise."""
    return FLOOR_JAPANESE if is_japanese(text) else FLOOR_LATIN


@dataclass(frozen=True)
class TextProblem:
    """A text that cannot be printed as asked: the build turns these into findings."""

    code: str
    path: tuple
    message: str
    hint: str = ""


@dataclass
class LayoutContext:
    lang: str
    paper: Paper
    problems: list[TextProblem] = field(default_factory=list)
    settings: PrintSettings = field(default_factory=PrintSettings)

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
    ) -> list[Text]:
        """Fit `text` into the box, shrinking down to `min_size`; a miss is recorded, never clipped silently.

        Nothing is set below the readable floor for the text's script (`floor_pt`, or `floor` when the caller
        knows better, such as text whose inline icons stand in as full-width markers): `size` and `min_size`
        are raised to it, so text that would need less is PK309, never a silent shrink.
        Markup in the text (`**bold**`, `*italic*`, `<red>…</>`) styles it; each
        part is checked against the face it prints in (PK307 names that face).
        """
        floor = floor_pt(text) if floor is None else floor
        size = max(size, floor)
        min_size = min(max(min_size, floor), size)
        if not has_markup(text):  # the hot path: one face, measured once
            face = plain_face(box.bold, box.italic, box.font)
            chars = face.missing(text)
            if chars:
                text = self._cannot_draw(text, {face.label: chars}, where, label)
            text = latin_quotes(text)
            result = fit_plain(text, box.width, box.height, size, min_size, leading, face.width_em)
            if box.balance:
                result = balanced(text, result, box.width, face.width_em)
        else:
            missing = missing_glyphs(text, box)
            if missing:
                text = self._cannot_draw(text, missing, where, label)
            result = fit(
                text, box.width, box.height, size, min_size, leading, bold=box.bold, italic=box.italic, font=box.font
            )
        if not result.fits:
            self.problems.append(
                TextProblem(
                    "PK309",
                    where,
                    f"{label}: text is {_mm(result.overflow)} too big for its {box.width:.1f} × {box.height:.1f} mm box even at {min_size:g} pt",
                    "shorten the text",
                )
            )
        return box.place(result)

    def _cannot_draw(self, text: str, missing: dict[str, list[str]], where: tuple, label: str) -> str:
        """Record PK307 for each face and what it lacks; the text without those characters."""
        for face_name, chars in missing.items():
            shown = " ".join(f"U+{ord(ch):04X} {ch}" for ch in chars)
            self.problems.append(
                TextProblem(
                    "PK307", where, f"{label}: {face_name} cannot draw {shown}", "replace or remove these characters"
                )
            )
            for ch in chars:
                text = text.replace(ch, "")
        return text


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
    for number, page in enumerate(pages, start=1):
        found: list[TextProblem] = []
        _small(page.items, 1.0, (), found)
        for problem in found:
            if (problem.path, problem.message) not in seen:
                seen.add((problem.path, problem.message))
                problems.append(replace(problem, path=(*where, f"page {number}", *problem.path)))
    return problems


def text_floor(parts: Iterable) -> list[TextProblem]:
    """`small_text` over every component (anything with a `slug` and `pages`): the page check the build runs."""
    return [problem for part in parts for problem in small_text(part.pages, (part.slug,))]


def _small(items: tuple[Item, ...], scale: float, path: tuple, out: list[TextProblem]) -> None:
    for item in items:
        if isinstance(item, Group):
            _small(item.items, scale * item.scale, (*path, item.name) if item.name else path, out)
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
        chars = face.missing(text)
        return {face.label: chars} if chars else {}
    out: dict[str, list[str]] = {}
    for span in parse(text).spans:
        face = fontset.drawn(box.font, box.bold or span.bold, box.italic or span.italic).face
        for ch in face.missing(span.text):
            if ch not in out.setdefault(face.label, []):
                out[face.label].append(ch)
    return {label: sorted(chars) for label, chars in out.items() if chars}


def page_title(ctx: LayoutContext, title: str, subtitle: str = "") -> list[Item]:
    """The heading at the top of a sheet, inside the printable area."""
    x = ctx.margin
    y = ctx.margin
    items: list[Item] = [Text(x, y + 5.5, plain(title), 15, colour=INK, bold=True, role="title")]
    if subtitle:
        items.append(Text(ctx.paper.width - ctx.margin, y + 5.5, plain(subtitle), 9, colour=MUTED, anchor="end"))
    items.append(Line(x, y + 8.0, ctx.paper.width - ctx.margin, y + 8.0, style=Style(stroke=INK, width=0.3)))
    return items


SHORT_PRINT_NOTES = {
    "ja": ("100%（実寸）で印刷。縮小しないこと", "実寸（100%）で印刷"),
    "en": ("Print at 100 %, not fit to page", "Print at 100 %"),
}
"""Shorter forms of the print note, longest first, for margins too narrow for the whole sentence."""


def print_note(lang: str, room: float, size: float) -> str:
    """The longest form of "print at 100 %" that fits on one line of `room` mm at `size` pt (or the floor).

    >>> print_note("en", 200.0, 7)
    "Print at 100 % (actual size), not 'fit to page'"
    >>> print_note("en", 30.0, 6)
    'Print at 100 %, not fit to page'
    """
    forms = (tr("print_note", lang), *SHORT_PRINT_NOTES.get(lang, SHORT_PRINT_NOTES["en"]))
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


def footer(ctx: LayoutContext, left: str, right: str) -> list[Item]:
    y = ctx.paper.height - ctx.margin
    return [
        Text(ctx.margin, y, plain(left), 7, colour=MUTED),
        Text(ctx.paper.width - ctx.margin, y, plain(right), 7, colour=MUTED, anchor="end"),
    ]


def _mm(length: float) -> str:
    """A length for a message: one decimal, or two when one would round a real overflow to 0.0.

    >>> _mm(3.14159), _mm(0.04)
    ('3.1 mm', '0.04 mm')
    """
    return f"{length:.2f} mm" if length < 0.05 else f"{length:.1f} mm"
