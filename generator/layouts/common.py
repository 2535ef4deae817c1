"""What every layout shares: the layout context, fitted text boxes and page furniture."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnpkit.validator.components.printing import PrintSettings
from pnpkit.validator.markup import has_markup, parse, plain

from .. import fonts
from ..i18n import tr
from ..scene import Item, Line, Rect, Style, Text
from ..text import TextBox, fit, fit_plain, latin_quotes, plain_face
from ..units import HARD_MARGIN, Paper

INK = "#222222"
MUTED = "#666666"
HAIRLINE = 0.15


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
    ) -> list[Text]:
        """Fit `text` into the box, shrinking down to `min_size`; a miss is recorded, never clipped silently.

        Markup in the text (`**bold**`, `*italic*`, `<red>…</>`) styles it; each
        part is checked against the face it prints in (PK307 names that face).
        """
        if not has_markup(text):  # the hot path: one face, measured once
            face = plain_face(box.bold, box.italic, box.font)
            chars = face.missing(text)
            if chars:
                text = self._cannot_draw(text, {face.label: chars}, where, label)
            result = fit_plain(latin_quotes(text), box.width, box.height, size, min_size, leading, face.width_em)
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
                    f"{label}: text is {_mm(result.overflow)} too big for its {box.width:.1f} × {box.height:.1f} mm box even at {min_size} pt",
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
