"""Where a line may break: kinsoku atoms (no closing mark starts a line, no opening mark ends one), the phrases
BudouX reads in Japanese text (a line breaks between them, never inside a word, a number with its unit or a
bracket), the seams inside a phrase where a katakana word meets a number, and which breaks of wrapped lines fall
inside a phrase. generator.typeset.text fills lines over these pieces.

The edition's language (`fonts.in_use().lang`) picks the rules (`break_style`): Korean breaks only between words,
at spaces, as Korean is typeset; Chinese between any two characters, kinsoku kept (no BudouX: its phrases are
Japanese ones); every other language as Japanese and English text always has."""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from itertools import pairwise
from typing import Any

from . import fonts

NO_LINE_START = set(
    "、。，．,.:;!?！？：；」』）］｝〕〉》】〙〗〟’”｠»ー－‐ゝゞ々ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ・…‥〜～%％)]}"
)
SPACES = (" ", "\u3000")
NO_LINE_END = set("「『（［｛〔〈《【〘〖〝‘“｟«([{")
CLOSING_PUNCTUATION = set("、。，．,.:;!?！？：；」』）］｝〕〉》】〙〗〟’”｠»…‥")


@cache
def _is_wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


_ASCII_NO_LINE_START = re.escape("".join(sorted(ch for ch in NO_LINE_START if ch.isascii())))
_ASCII_ATOMS = re.compile(f"[^ {_ASCII_NO_LINE_START}]+[{_ASCII_NO_LINE_START}]*|[{_ASCII_NO_LINE_START}]+| ")
"""The atoms of ASCII text, where nothing is wide: a break falls only at a space and after a closing mark
that a character other than a closing mark follows; "([{" glue to what follows them anyway."""


WORDS = "words"
CHARACTERS = "characters"


@lru_cache(maxsize=256)
def break_style(lang: str) -> str:
    """How lines in `lang` break: WORDS (Korean), CHARACTERS (Chinese), or "" (Japanese, and Latin-script and other
    languages: between wide characters, at spaces and after closing marks)."""
    base = lang.replace("_", "-").split("-")[0].lower()
    return WORDS if base == "ko" else CHARACTERS if base in ("zh", "yue", "cmn") else ""


def current_style() -> str:
    return break_style(fonts.in_use().lang)


def atoms(text: str, style: str | None = None) -> tuple[str, ...]:
    """Split text into unbreakable pieces; spaces are their own atoms (break chances). `style` defaults to the
    edition's (`current_style`).

    Cached: fitting wraps the same text at several sizes. ASCII text (most English
    card text) is split by one regular expression at C speed, to the same atoms.
    """
    return _atoms(text, current_style() if style is None else style)


@lru_cache(maxsize=4096)
def _atoms(text: str, style: str) -> tuple[str, ...]:
    if text.isascii():
        return tuple(_ASCII_ATOMS.findall(text))
    return tuple(split_atoms(text, style))


_WORD_SEAM = re.compile("(?<=[\u30a0-\u30ff])(?=[0-9A-Za-z０-９])|(?<=[0-9A-Za-z０-９])(?=[\u30a0-\u30ff])")
"""Inside a phrase, where a katakana word meets a number or a Latin word (フェイズ|2〜4): a phrase wider than its line
breaks here first, which breaks no word."""
_LIST_MARK = re.compile("・(?=[^・])")
"""A middle dot between listed words (内容物・準備・魔力シート) may end a line, as in Japanese typesetting; BudouX
keeps such a list as one phrase."""


@cache
def _phrase_parser() -> Any:
    """BudouX's Japanese model, loaded on the first Japanese text (a few milliseconds)."""
    import budoux

    return budoux.load_default_japanese_parser()


def phrases(text: str) -> tuple[str, ...]:
    """`atoms` joined into the phrases BudouX reads in Japanese text: a line breaks between phrases, never inside
    a word, a number with its unit or a bracket, and kinsoku still holds (a phrase boundary inside an atom is not a
    break). Text without wide characters, and Korean and Chinese text, has the same pieces as `atoms`."""
    return _phrases(text, current_style())


@lru_cache(maxsize=4096)
def _phrases(text: str, style: str) -> tuple[str, ...]:
    pieces = _atoms(text, style)
    if style or not has_wide(text):
        return pieces
    breaks: set[int] = set()
    for run in re.finditer(r"[^ \u3000]+", text):
        pos = run.start()
        for phrase in _phrase_parser().parse(run.group(0))[:-1]:
            pos += len(phrase)
            breaks.add(pos)
        breaks.update(m.end() for m in _LIST_MARK.finditer(text, run.start(), run.end()))
    out: list[str] = []
    pos = 0
    for atom in pieces:
        if out and atom not in SPACES and out[-1] not in SPACES and pos not in breaks:
            out[-1] += atom
        else:
            out.append(atom)
        pos += len(atom)
    return tuple(out)


def inner_breaks(text: str, lines: tuple[str, ...] | list[str]) -> list[str]:
    """The phrases of `text` that its wrapped `lines` break inside, as 'ファイアス|トーム': none when every break
    falls between phrases. Explicit newlines are the writer's own breaks."""
    found: list[str] = []
    pos = 0
    for paragraph_lines in _by_paragraph(text, list(lines)):
        paragraph, own = paragraph_lines
        ends, at = [], 0
        for line in own[:-1]:
            start = paragraph.find(line, at) if line else at
            if start < 0:
                return found
            at = start + len(line)
            ends.append(at)
        starts = [0]
        for piece in phrases(paragraph):
            starts.append(starts[-1] + len(piece))
        boundaries = set(starts) | {m.start() for m in _WORD_SEAM.finditer(paragraph)}
        for end in ends:
            if end not in boundaries:
                begin = max(b for b in starts if b < end)
                stop = min(b for b in starts if b > end)
                found.append(f"{paragraph[begin:end]}|{paragraph[end:stop]}")
        pos += len(paragraph) + 1
    return found


def _by_paragraph(text: str, lines: list[str]) -> list[tuple[str, list[str]]]:
    """Each paragraph of `text` with the lines wrapped from it (wrap keeps a paragraph's lines together, in order)."""
    out: list[tuple[str, list[str]]] = []
    for paragraph in text.split("\n"):
        own: list[str] = []
        rest = "".join(paragraph.split())
        while lines and rest:
            line = lines.pop(0)
            own.append(line)
            rest = rest[len("".join(line.split())) :]
        if not own and lines and not paragraph.strip():
            own.append(lines.pop(0))
        out.append((paragraph, own))
    return out


def split_atoms(text: str, style: str = "") -> list[str]:
    """The atoms of `text` (`atoms`, uncached). In the WORDS style no character is wide: a word is one atom."""
    out: list[str] = []
    glue_next = False
    is_wide = _never_wide if style == WORDS else _is_wide
    for ch in text:
        if ch in SPACES:
            out.append(ch)
            glue_next = False
            continue
        joins_previous = (
            out
            and out[-1] not in SPACES
            and (
                ch in NO_LINE_START
                or glue_next
                or (not is_wide(ch) and not is_wide(out[-1][-1]) and out[-1][-1] not in NO_LINE_START)
            )
        )
        if joins_previous:
            out[-1] += ch
        else:
            out.append(ch)
        glue_next = ch in NO_LINE_END
    return out


def _never_wide(ch: str) -> bool:
    return False


def seams(phrase: str) -> list[str]:
    """A phrase cut where a katakana word meets a number or a Latin word (`_WORD_SEAM`), kinsoku kept."""
    cuts = [m.start() for m in _WORD_SEAM.finditer(phrase) if phrase[m.start()] not in NO_LINE_START]
    bounds = [0, *cuts, len(phrase)]
    return [phrase[a:b] for a, b in pairwise(bounds) if a < b]


def has_wide(text: str) -> bool:
    return not text.isascii() and any(_is_wide(ch) for ch in text)
