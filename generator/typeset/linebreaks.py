"""Where a line may break: kinsoku atoms (no closing mark starts a line, no opening mark ends one), the phrases
BudouX reads in Japanese text (a line breaks between them, never inside a word, a number with its counter, a
bracket, a katakana word, a compound card games write or one of the kit's defined terms), the seams inside a
phrase where a katakana word meets a number, and which breaks of wrapped lines fall inside a phrase.
generator.typeset.lines fills lines over these pieces.

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


_WORD_SEAM = re.compile("(?<=[\u30a0-\u30ff])(?=[0-9A-Za-z０-９])|(?<=[A-Za-z])(?=[\u30a0-\u30ff])")
"""Inside a phrase, where a katakana word meets a number or a Latin word (フェイズ|2〜4): a phrase wider than its line
breaks here first, which breaks no word. A number never leaves the counter after it (2マス)."""
DIGITS = frozenset("0123456789０１２３４５６７８９")
COMPOUNDS = tuple(
    [
        "捨て札",
        "捨て山",
        "山札",
        "手札",
        "場札",
        "持ち札",
        "持ち駒",
        "成り駒",
        "手番",
        "早見",
        "得点",
        "勝利点",
        "勝ち点",
        "一番上",
        "一番下",
    ]
)
"""Compounds of card and board games that BudouX may split (捨て|札, 得点早|見カード): kept whole in every kit, as
a kit's own defined terms are (`fonts.FontSet.terms`)."""


def is_counter(ch: str) -> bool:
    """Whether `ch` may be the counter after a number (2枚, 3回, 10点, 2つ, 1マス): kana or a kanji. A number and its
    counter are one atom and one phrase: 「毎ターン2 / 枚ずつ」 never happens."""
    return "\u3041" <= ch <= "\u30ff" or "\u3400" <= ch <= "\u9fff"


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
    fontset = fonts.in_use()
    return _phrases(text, break_style(fontset.lang), fontset.terms)


def term_pieces(text: str) -> tuple[str, ...]:
    """A phrase wider than its line cut where it may break and still keep the kit's defined terms whole: at its
    own phrases (`loose_phrases`) outside a term, and where a term starts or ends (「星読みの塔|を」)."""
    terms = fonts.in_use().terms
    if not terms:
        return (text,)
    cuts, pos = set(), 0
    for piece in loose_phrases(text)[:-1]:
        pos += len(piece)
        cuts.add(pos)
    for match in _words_pattern(terms).finditer(text):
        cuts -= set(range(match.start() + 1, match.end()))
        cuts |= {match.start(), match.end()}
    bounds = sorted(cut for cut in cuts if 0 < cut < len(text))
    return tuple(text[a:b] for a, b in pairwise([0, *bounds, len(text)]))


def loose_phrases(text: str) -> tuple[str, ...]:
    """`phrases` without the kit's defined terms: where a term wider than its line may break, between its own
    phrases (「島の交易の / 長い長い街道」), which breaks no word (`inner_breaks` does not count it)."""
    return _phrases(text, current_style())


@lru_cache(maxsize=4096)
def _phrases(text: str, style: str, terms: frozenset[str] = frozenset()) -> tuple[str, ...]:
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
    breaks -= _inside_words(text, terms)
    out: list[str] = []
    pos = 0
    for atom in pieces:
        if out and atom not in SPACES and out[-1] not in SPACES and pos not in breaks:
            out[-1] += atom
        else:
            out.append(atom)
        pos += len(atom)
    return tuple(out)


def word_atoms(text: str) -> tuple[str, ...]:
    """`atoms`, those inside one defined term or compound joined (捨|て|札 → 捨て札): what a phrase wider than its
    line breaks into, so it breaks between words first."""
    pieces = atoms(text)
    if not has_wide(text):
        return pieces
    inside = _inside_words(text, fonts.in_use().terms)
    out: list[str] = []
    pos = 0
    for atom in pieces:
        if out and pos in inside and atom not in SPACES and out[-1] not in SPACES:
            out[-1] += atom
        else:
            out.append(atom)
        pos += len(atom)
    return tuple(out)


def _inside_words(text: str, terms: frozenset[str]) -> set[int]:
    """Positions no phrase boundary may fall at: inside a defined term, a compound (`COMPOUNDS`) or a katakana word,
    and between a number and its counter."""
    inside = {match.end() for match in _NUMBER_COUNTER.finditer(text)}
    for pattern in (_KATAKANA_WORD, _words_pattern(terms)):
        for match in pattern.finditer(text):
            inside.update(range(match.start() + 1, match.end()))
    return inside


_NUMBER_COUNTER = re.compile("[0-9０-９](?=[\u3041-\u30ff\u3400-\u9fff])")
"""A number's last digit before its counter (`is_counter`): no break after it."""
_KATAKANA_WORD = re.compile("[ァ-ヺー]{2,}")
"""A katakana word (カード, シャッフル): whole, unless it is wider than the line."""


@lru_cache(maxsize=16)
def _words_pattern(terms: frozenset[str]) -> re.Pattern[str]:
    """One pattern for the compounds and `terms`, longest first, so a term inside a longer one does not end it."""
    words = sorted(set(COMPOUNDS) | terms, key=lambda word: (-len(word), word))
    return re.compile("|".join(map(re.escape, words)))


def inner_breaks(text: str, lines: tuple[str, ...] | list[str], *, terms: bool = False) -> list[str]:
    """The phrases of `text` that its wrapped `lines` break inside, as 'ファイアス|トーム': none when every break
    falls between phrases. Explicit newlines are the writer's own breaks. A defined term broken between its own
    phrases counts only with `terms` (when choosing between two wraps; for PK366 it broke no word)."""
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
        for piece in phrases(paragraph) if terms else loose_phrases(paragraph):
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
                or (out[-1][-1] in DIGITS and (ch in DIGITS or is_counter(ch)))
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
