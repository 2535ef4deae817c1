"""Board and map claims against the board and the map (PK348): a board the text calls a regular hexagon whose cell
count no regular hexagon has (one of radius n has 3n(n+1)+1 cells: 7, 19, 37, 61…), a cell count the text states
that the board does not have, and hops between two nodes of a map that the links do not give.

Each fires only where the kit has the one board or map the words can mean, and the words are unambiguous.
"""

from __future__ import annotations

import re
import unicodedata
from collections import deque
from typing import TYPE_CHECKING

from ..checks import CheckContext
from ..components.graphmap import GraphMap
from ..components.hexboard import HexBoard
from .claims import sentences
from .facts import NUMBER_WORDS
from .prose import Texts

if TYPE_CHECKING:
    from ..components.kit import KitBase

_N = r"(\d{1,4}|" + "|".join(NUMBER_WORDS) + r")"
REGULAR_HEXAGON = {
    "ja": re.compile(r"正六角形"),
    "en": re.compile(
        r"\bregular hexagon|\bhexagon-shaped board|\bboard (?:is )?shaped like a (?:regular )?hexagon", re.I
    ),
}
"""Words that draw the whole board as a regular hexagon (a "hex grid" is only the cells' shape)."""
CELL_COUNT = {
    "ja": re.compile(
        r"(?:盤面|ボード|盤)(?:は|が)(?:全|計|合計)?\s*(\d{1,4})\s*(?:マス|ヘックス)|(?:全|計|合計)?\s*(\d{1,4})\s*(?:マス|ヘックス)の(?:盤面|ボード|盤)"
    ),
    "en": re.compile(
        rf"\b(?:board (?:has|of|with) {_N} (?:cells|hexes|spaces)|{_N}[- ](?:cell|hex|space) board)\b",
        re.I,
    ),
}
"""A count of the board's cells: 「盤面は全41マス」, 「41マスの盤面」, "a 41-cell board", "the board has 41 cells"."""
HOPS = {
    "ja": r"({names})から({names})まで(?:は)?\s*(\d{{1,2}})\s*(?:hop|ホップ)",
    "en": r"\b(?:the )?({names}) is "
    + _N.replace("{", "{{").replace("}", "}}")
    + r" hops? (?:away )?from (?:the )?({names})\b",
}
"""A stated distance between two nodes, `{names}` the map's node ids and labels: 「本島から真珠島まで2hop」, "Pearl isle
is 2 hops from Home isle"."""


REACHABLE = {
    "ja": re.compile(
        r"(\d{1,2})\s*(?:hop|ホップ|手|歩)(?:以内)?で(?:は|も)?(?:到達|移動|行け|届)(?:可能|できる|する|る)"
    ),
    "en": re.compile(rf"\breachable (?:in|within) {_N} (?:hops?|moves?|steps?)\b", re.I),
}
UNREACHABLE = {
    "ja": re.compile(
        r"(\d{1,2})\s*(?:hop|ホップ|手|歩)(?:以内)?で(?:は|も)?(?:到達|移動|行け|届)(?:不可|できない|不能|かない|けない)"
    ),
    "en": re.compile(rf"\b(?:not|never|un)[ -]?reachable (?:in|within) {_N} (?:hops?|moves?|steps?)\b", re.I),
}
"""「1hopで到達可能…逆に言えば2hopでは到達不可」: a node one hop away is within two hops as well."""
THEREFORE = {
    "ja": re.compile(r"逆に言えば|つまり|したがって|従って|よって|そのため"),
    "en": re.compile(r"(?:so|thus|therefore|hence|that is)\b", re.I),
}
"""Words that open a sentence drawn from the one before."""


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBER_WORDS[word.casefold()]


def _hexagonal(count: int) -> bool:
    n = 0
    while 3 * n * (n + 1) + 1 < count:
        n += 1
    return 3 * n * (n + 1) + 1 == count


def check_geometry(ctx: CheckContext, kit: KitBase, texts: Texts) -> None:
    boards = [(path, model) for path, model in ctx.walk(kit).models if isinstance(model, HexBoard)]
    maps = [(path, model) for path, model in ctx.walk(kit).models if isinstance(model, GraphMap)]
    if len(boards) == 1:
        _check_board(ctx, texts, *boards[0])
    if len(maps) == 1:
        _check_hops(ctx, texts, *maps[0])
    _check_reach_words(ctx, texts)


def _check_reach_words(ctx: CheckContext, texts: Texts) -> None:
    """A sentence that makes a node reachable in k hops and, itself or the next ("so", 「逆に言えば」), unreachable in
    more than k (PK359)."""
    for path, lang, value in texts.prose:
        if lang not in REACHABLE:
            continue
        words = unicodedata.normalize("NFKC", texts.words(path, value))
        if UNREACHABLE[lang].search(words) is None:
            continue
        said = sentences(words)
        for i, sentence in enumerate(said):
            never = UNREACHABLE[lang].search(sentence)
            if never is None:
                continue
            before = sentence[: never.start()]
            if i and THEREFORE[lang].match(sentence.strip()):
                before = said[i - 1] + before
            reach = [m for m in REACHABLE[lang].finditer(before) if _number(m.group(1)) < _number(never.group(1))]
            if reach:
                ctx.add(
                    "PK359",
                    path,
                    f"the text says {reach[0].group(0)!r} and {never.group(0)!r}: a node {_number(reach[0].group(1))} "
                    f"hop(s) away is within {_number(never.group(1))} as well, unless a move must use every hop",
                    "say 'exactly N hops', or that movement need not be used up, and drop the claim",
                )
                break


def _check_board(ctx: CheckContext, texts: Texts, where: tuple, board: HexBoard) -> None:
    count = len(board.placed_cells())
    for path, lang, value in texts.prose:
        if lang not in CELL_COUNT:
            continue
        words = unicodedata.normalize("NFKC", texts.words(path, value))
        shape = REGULAR_HEXAGON[lang].search(words)
        if shape and not _hexagonal(count):
            ctx.add(
                "PK348",
                path,
                f"the text draws the board as {shape.group(0)!r}, but the board at {ctx.locate(where).brief()} has "
                f"{count} cells, and a regular hexagon of radius n has 3n(n+1)+1 (7, 19, 37, 61, 91…)",
                "correct the board's cells or the words for its shape",
            )
            continue
        stated = CELL_COUNT[lang].search(words)
        if stated is None:
            continue
        said = next((g for g in stated.groups() if g), None)
        if said is not None and _number(said) != count:
            ctx.add(
                "PK348",
                path,
                f"the text says {stated.group(0)!r}, but the board at {ctx.locate(where).brief()} has {count} cells",
                "correct the count, or the board",
            )


def _check_hops(ctx: CheckContext, texts: Texts, where: tuple, graph: GraphMap) -> None:
    names: dict[str, str] = {}
    for node in graph.nodes:
        names[str(node.id).casefold()] = str(node.id)
        for _lang, label in node.label.given() if node.label else ():
            if label:
                names[unicodedata.normalize("NFKC", label).casefold()] = str(node.id)
    alternatives = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    patterns = {lang: re.compile(pattern.format(names=alternatives), re.I) for lang, pattern in HOPS.items()}
    links: dict[str, set[str]] = {}
    for a, b in graph.links:
        links.setdefault(str(a), set()).add(str(b))
        links.setdefault(str(b), set()).add(str(a))
    distances: dict[str, dict[str, int]] = {}
    for path, lang, value in texts.prose:
        if lang not in patterns:
            continue
        words = unicodedata.normalize("NFKC", texts.words(path, value))
        for match in patterns[lang].finditer(words):
            first, n, second = match.groups() if lang == "en" else (match.group(2), match.group(3), match.group(1))
            a, b = names[second.casefold()], names[first.casefold()]
            if a not in distances:
                distances[a] = _distances(links, a)
            real = distances[a].get(b)
            if real != _number(n):
                real_said = f"{real} hop(s)" if real is not None else "no path"
                ctx.add(
                    "PK348",
                    path,
                    f"the text says {match.group(0).strip()!r}, but the links of the map at "
                    f"{ctx.locate(where).brief()} give {real_said}",
                    "correct the distance, or the map's links",
                )
                break


def _distances(links: dict[str, set[str]], start: str) -> dict[str, int]:
    """Hops from `start` to every node it reaches, breadth first: linear in the links."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in links.get(here, ()):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen
