"""`{name}` placeholders in text: one parser for the validator and the generator."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_NUMBER = re.compile(r"[0-9]+")


def names_in(text: str) -> list[str]:
    return PLACEHOLDER.findall(text)


def fill(text: str, values: Mapping[str, object]) -> str:
    """Replace every known placeholder; unknown ones stay visible so nothing is silently dropped."""

    def swap(match: re.Match) -> str:
        value = values.get(match.group(1))
        if value is None:
            return match.group(0)
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return str(value)

    return PLACEHOLDER.sub(swap, text)


def literal_numbers(text: str) -> list[str]:
    """Numbers written into text directly (full-width digits too), outside placeholders."""
    stripped = PLACEHOLDER.sub(" ", unicodedata.normalize("NFKC", text))
    return _NUMBER.findall(stripped)


# ---------------------------------------------------------------- numbers that are claims
# A number in rule text is a claim about the game ("draw 3 cards") unless it is one of
# the kinds below, which say nothing the model could hold. Each pattern runs over the
# text after NFKC (full-width digits become ASCII), with `{placeholders}` blanked out.

_CIRCLED = re.compile("[\u2460-\u24ff\u2776-\u2793\u3251-\u325f\u32b1-\u32bf]")
"""①–⑳, ⑴, ⒈, ❶, ➀ …: list markers, never claims (NFKC would turn them into plain digits)."""

_ANY_DIGIT = re.compile("[0-9\uff10-\uff19]")
"""ASCII and full-width digits: text without any holds no number."""

_MONTHS = (  # capitalised, so "you may 2 …" is no date
    r"(?-i:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?"
    r"|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
)
_NOT_CLAIMS = re.compile(
    "|".join(
        (
            # dates: 2024-11-05, 2024/11/5, 5/11/2024, 2024年11月5日, 11月5日, 令和6年, Nov 5, 2024, 5 November 2024
            r"\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b",
            r"\b\d{1,2}/\d{1,2}/\d{2,4}\b",
            r"\d{1,4}年\s*\d{1,2}月(?:\s*\d{1,2}日)?",
            r"\d{1,2}月\s*\d{1,2}日",
            r"(?:明治|大正|昭和|平成|令和)\s*(?:\d{1,2}|元)年",
            r"\b" + _MONTHS + r"\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?\b",
            r"\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTHS + r"(?:,?\s+\d{4})?(?![a-z])",
            # years: 2024年, 1990s, © 2024, and a lone 19xx or 20xx that no unit or word follows
            r"(?<!\d)(?:1[5-9]|20)\d{2}\s*年(?:度|代)?",
            r"(?<!\d)\d{4}s\b",
            r"(?:©|\(c\)|copyright)\s*\d{4}(?:\s*[-–]\s*\d{4})?",
            r"(?<![\d.,])(?:19|20)\d{2}(?!\d|[.,]\d|\s*[a-z\u3040-\u30ff\u3400-\u9fff%])",
            # times of day: 12:30, 3 pm, 15時30分 (but 3時間, hours, is a length of time)
            r"\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?",
            r"\b\d{1,2}\s*[ap]\.?m\.?(?![a-z])",
            r"(?:午前|午後)?\d{1,2}時(?!間)(?:\d{1,2}分)?",
            # versions and editions: v1.2, ver. 2, version 1.2.3, 1.2.3
            r"\bv(?:er(?:sion)?)?\.?\s*\d+(?:\.\d+)*",
            r"\b\d+(?:\.\d+){2,}\b",
            # ordinals: 1st, 2nd player, 第1, 3番目, 2人目, 1位
            r"\b\d+(?:st|nd|rd|th)\b",
            r"第\s*\d+",
            r"\d+\s*(?:番|人|回|枚|つ|個|ターン|ラウンド|手|周|巡|サイクル|マス|段|列|行|日|週|巡目|ヶ月)?目",
            r"\d+位",
            # numbering: "1." or "1)" or "(1)" opening a line, the text or a sentence; Step 2, 手順2
            r"(?:^|(?<=\n)|(?<=[。．！？!?])|(?<=[.!?]\s))\s*[(（]?\d{1,2}\s*[.)．）、](?!\d)",
            r"(?:^|(?<=\n))\s*[(（]\d{1,2}[)）]",
            r"(?:\bsteps?|手順|ステップ)\s*\d+",
        )
    ),
    re.IGNORECASE,
)


def claimed_numbers(text: str) -> list[str]:
    """The numbers in `text` that are claims about the game, as written (full-width digits included).

    Not claims, and never returned: dates (2024-11-05, 2024年11月5日, Nov 5), years (2024年, © 2024),
    times of day (12:30, 15時), versions (v1.2, ver. 2, 1.2.3), ordinals (1st, 2nd player, 第1, 3番目,
    1位), list numbering (a line, sentence or text that opens with "1." "1)" "(1)" "①"; Step 2, 手順2),
    and numbers inside `{placeholders}`.

    >>> claimed_numbers("draw 3 cards")
    ['3']
    >>> claimed_numbers("1. Draw {cards} cards (v1.2, 2024-11-05); the 2nd player goes first.")
    []
    >>> claimed_numbers("① ２０２４年１１月５日版：カードを３枚引く。")
    ['３']
    """
    if not _ANY_DIGIT.search(text):
        return []
    blanked = _CIRCLED.sub(" ", PLACEHOLDER.sub(lambda m: " " * len(m.group(0)), text))
    normal = unicodedata.normalize("NFKC", blanked)
    if normal != blanked:  # NFKC one character at a time keeps every position: full-width digits become ASCII
        normal = "".join(n if len(n := unicodedata.normalize("NFKC", ch)) == 1 else ch for ch in blanked)
    covered = [False] * len(normal)
    for match in _NOT_CLAIMS.finditer(normal):
        for i in range(match.start(), match.end()):
            covered[i] = True
    return [text[m.start() : m.end()] for m in _NUMBER.finditer(normal) if not any(covered[m.start() : m.end()])]
