"""What a translation must keep of its source text: `{placeholders}` and inline icons (`{sun}`), and markup
(`**bold**`, `*italic*`, `<red>…</>`). A translation may move them, never drop, add or misspell one."""

from __future__ import annotations

import re
from collections import Counter

from pnpkit.validator.markup import parse
from pnpkit.validator.placeholders import PLACEHOLDER

_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9_-]*|#[0-9A-Za-z]*)?>")
_EMPHASIS = re.compile(r"(?<!\\)\*+")
_ESCAPED = re.compile(r"\\[\\*<]")


def kept(text: str) -> Counter[str]:
    """The placeholders, icons and markup marks of `text`, each as written, counted."""
    bare = _ESCAPED.sub("", text)  # `\*` and `\<` are text, not markup
    found: Counter[str] = Counter(match.group(0) for match in PLACEHOLDER.finditer(bare))
    found.update(match.group(0) for match in _TAG.finditer(bare))
    found.update(match.group(0) for match in _EMPHASIS.finditer(bare))
    return found


EMPHASIS = {"*": "italic", "**": "bold", "***": "bold italic"}


def note(text: str) -> str:
    """The translator's note for `text` ("" when it holds nothing to keep): what to keep, each once."""
    marks = list(dict.fromkeys(kept(text)))
    if not marks:
        return ""
    placeholders = [mark for mark in marks if mark.startswith("{")]
    markup = [f"{mark}…{mark} ({EMPHASIS.get(mark, 'emphasis')})" for mark in marks if mark.startswith("*")]
    markup += [f"{mark}…</> (colour)" for mark in marks if mark.startswith("<") and not mark.startswith("</")]
    parts = []
    if placeholders:
        parts.append(f"keep {' '.join(placeholders)} as written: a number or an icon is printed there")
    if markup:
        parts.append(f"keep the markup {', '.join(markup)} around the words it styles")
    return "; ".join(parts)


def mismatch(source: str, translation: str) -> str:
    """Why `translation` does not keep what `source` holds ("" when it does)."""
    want, have = kept(source), kept(translation)
    if want != have:
        missing = sorted((want - have).elements())
        extra = sorted((have - want).elements())
        said = [f"lacks {' '.join(missing)}"] if missing else []
        said += [f"adds {' '.join(extra)}"] if extra else []
        return ", ".join(said)
    problems = parse(translation).problems
    return f"has markup that cannot be read: {problems[0].message}" if problems else ""
