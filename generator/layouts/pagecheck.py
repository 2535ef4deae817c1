"""The page check's walk, card face by card face: what a face's texts meet is worked out once per face and kept
(`remembering`), so a rebuild, a watch or a second build measures only the faces that changed.

A page splits into *units*: each card face placed on it (a top-level group with a clip) and the rest. A face whose texts come within REACH_MM of nothing outside it, and whose clip comes within
REACH_MM of no other text, is *alone*: nothing outside it can change what its texts meet (a shape farther than
CLEAR_MM from a text neither crowds it nor colours the paper round it, and texts that do not touch do not print
over each other), so its problems are those it has on its own. What is not alone is walked together, as one
page. Problems come out in the order the whole page's walk gives them: each text's own (PK307, PK309) in drawing
order, then the overlaps (PK367) in the order a sweep across the page meets them, then the crowding (PK368).

A face's entry is keyed by the face as placed (its items, its place on the page), the printable area and the
edition's fonts, so a hit gives exactly what walking it would.
"""

from __future__ import annotations

import hashlib
import marshal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Protocol

from ..geometry import box_bounds, visible_named
from ..scene import Circle, Group, Item, Rect, Text, group_matrix
from ..scenecodec import spelled
from ..typeset import fonts
from .collisions import CLEAR_MM, crowded, overlap_pairs
from .problems import TextProblem, mm_text, quoted

Box = tuple[float, float, float, float]
Visible = tuple[Item, Box, tuple]

REACH_MM = 2 * CLEAR_MM
"""How near a text another unit's ink may come before the two are walked together (CLEAR_MM is the farthest any
check looks from a text; twice it, for rounding)."""
KIND = (Text, Rect, Circle)


class Memo(Protocol):
    """Where face entries are kept: in memory for a watch or the studio, on disk for builds (`facecache`)."""

    def get(self, key: str) -> tuple | None: ...

    def put(self, key: str, value: tuple) -> None: ...


_memo: ContextVar[Memo | None] = ContextVar("page_check_memo", default=None)


@contextmanager
def remembering(memo: Memo | None) -> Iterator[Memo | None]:
    """Page checks inside keep each face's problems in `memo` and take them from it (None: walk every page whole)."""
    token = _memo.set(memo)
    try:
        yield memo
    finally:
        _memo.reset(token)


def active() -> Memo | None:
    return _memo.get()


def text_problems(item: Text, ink: Box, path: tuple, area: Box) -> list[TextProblem]:
    """A text's own problems: glyphs its face lacks (PK307), ink past the printable `area` (PK309)."""
    found: list[TextProblem] = []
    face = fonts.in_use().drawn(item.font, item.bold, item.italic).face
    chars = face.undrawable(item.text)
    if chars:
        shown = " ".join(f"U+{ord(ch):04X} {ch}" for ch in chars)
        found.append(
            TextProblem(
                "PK307", path, f"{quoted(item.text)}: {face.label} cannot draw {shown}", fonts.missing_hint(chars)
            )
        )
    over = max(area[0] - ink[0], area[1] - ink[1], ink[2] - area[2], ink[3] - area[3])
    if over > 0.05:
        found.append(
            TextProblem(
                "PK309",
                path,
                f"{quoted(item.text)} runs {mm_text(over)} past the printable area (5 mm inside the paper's edge)",
                "shorten the text",
            )
        )
    return found


class Walked:
    """One unit's texts and shapes as the page check reads them, and what they meet among themselves."""

    def __init__(self, visible: list[Visible], area: Box):
        self.texts: list[tuple[Box, Text, tuple, int]] = []
        self.shapes: list[tuple[Box, Rect | Circle, int]] = []
        for order, (item, ink, path) in enumerate(visible):
            if isinstance(item, (Rect, Circle)):
                self.shapes.append((ink, item, order))
            elif isinstance(item, Text) and item.text.strip():
                self.texts.append((ink, item, path, order))
        self.own = [text_problems(item, ink, path, area) for ink, item, path, _order in self.texts]

    def overlaps(self) -> list[tuple[float, int, float, int, TextProblem]]:
        """(left edge of i, i, left edge of j, j, PK367): sorted, the order of a sweep across the page."""
        inks = [(ink, item, path) for ink, item, path, _order in self.texts]
        return [(inks[i][0][0], i, inks[j][0][0], j, problem) for i, j, problem in overlap_pairs(inks)]

    def crowding(self) -> list[tuple[int, TextProblem]]:
        return list(crowded(self.texts, self.shapes))


def whole_page(items: tuple[Item, ...], area: Box, shared: dict) -> list[TextProblem]:
    """The page walked whole: each text's own problems, then PK367, then PK368."""
    walked = Walked(visible_named(items, kind=KIND, shared=shared), area)
    return [
        *(problem for own in walked.own for problem in own),
        *(entry[-1] for entry in sorted(walked.overlaps(), key=_sweep)),
        *(problem for _n, problem in walked.crowding()),
    ]


def _sweep(entry: tuple) -> tuple:
    return entry[:-1]


def page_lines(items: tuple[Item, ...], area: Box, shared: dict) -> list[TextProblem]:
    """`whole_page`'s problems, with each face that is alone taken from the memo (or walked alone and kept)."""
    memo = active()
    if memo is None:
        return whole_page(items, area, shared)
    units = [_Unit(item, area, shared, memo) for item in items]
    faces = [unit for unit in units if unit.clip is not None]
    if not faces:
        return whole_page(items, area, shared)
    rest = [unit for unit in units if unit.clip is None]
    rest_inks = [ink for unit in rest for ink in unit.inks()]
    rest_reach = [_grown(ink) for unit in rest for ink in unit.text_inks()]
    reaches = [face.reach() for face in faces]
    for n, face in enumerate(faces):
        face.alone = _alone(n, faces, reaches, rest_inks, rest_reach)
    together = [unit for unit in units if not unit.alone]
    walked = Walked([entry for unit in together for entry in unit.visible()], area)
    own, overlaps, crowds = [], [], []
    texts = 0
    at = iter(walked.own)
    global_of: list[int] = []
    for unit in units:
        if unit.alone:
            entry = unit.entry()
            own += [problem for problems in entry[1] for problem in problems]
            overlaps += [(x, texts + i, y, texts + j, problem) for x, i, y, j, problem in entry[2]]
            crowds += [(texts + n, problem) for n, problem in entry[3]]
            texts += len(entry[1])
        else:
            count = len(unit.text_inks())
            for _ in range(count):
                own += next(at)
            global_of += range(texts, texts + count)
            texts += count
    overlaps += [(x, global_of[i], y, global_of[j], problem) for x, i, y, j, problem in walked.overlaps()]
    crowds += [(global_of[n], problem) for n, problem in walked.crowding()]
    return [*own, *(entry[-1] for entry in sorted(overlaps, key=_sweep)), *(p for _n, p in sorted(crowds, key=_first))]


def _first(entry: tuple) -> int:
    return entry[0]


class _Unit:
    """A top-level item of a page: a face (`clip` set, its page box) or part of the rest."""

    def __init__(self, item: Item, area: Box, shared: dict, memo: Memo):
        self.item, self.area, self.shared, self.memo = item, area, shared, memo
        self.clip: Box | None = None
        self.alone = False
        self._visible: list[Visible] | None = None
        self._entry: tuple | None = None
        if isinstance(item, Group) and item.clip is not None:  # all it draws is inside its clip's page box
            c = item.clip
            self.clip = box_bounds(group_matrix(item), c.x, c.y, c.x + c.w, c.y + c.h)

    def visible(self) -> list[Visible]:
        if self._visible is None:
            self._visible = visible_named((self.item,), kind=KIND, shared=self.shared)
        return self._visible

    def inks(self) -> list[Box]:
        return [ink for _item, ink, _path in self.visible()]

    def text_inks(self) -> list[Box]:
        return [ink for item, ink, _path in self.visible() if isinstance(item, Text) and item.text.strip()]

    def reach(self) -> Box | None:
        """Where this face's texts may meet another unit's ink: their boxes, REACH_MM larger (None: no text)."""
        return _tuple_box(self.entry()[0])

    def entry(self) -> tuple:
        """(reach, each text's own problems, overlaps, crowding) of the face alone, from the memo or walked."""
        if self._entry is None:
            key = _key("lines", self.item, self.area)
            found = self.memo.get(key)
            if found is None:
                walked = Walked(self.visible(), self.area)
                inks = [ink for ink, _item, _path, _order in walked.texts]
                reach = _grown(_union(inks)) if inks else ()
                found = (
                    reach,
                    tuple(tuple(_plain(p) for p in own) for own in walked.own),
                    tuple((x, i, y, j, _plain(p)) for x, i, y, j, p in walked.overlaps()),
                    tuple((n, _plain(p)) for n, p in walked.crowding()),
                )
                self.memo.put(key, found)
            reach, own, overlaps, crowds = found
            self._entry = (
                reach,
                [[TextProblem(*p) for p in problems] for problems in own],
                [(x, i, y, j, TextProblem(*p)) for x, i, y, j, p in overlaps],
                [(n, TextProblem(*p)) for n, p in crowds],
            )
        return self._entry


def _alone(n: int, faces: list[_Unit], reaches: list[Box | None], rest_inks: list[Box], rest_reach: list[Box]) -> bool:
    """Whether nothing outside face n comes near its texts, and its clip comes near no other text."""
    clip, reach = faces[n].clip, reaches[n]
    assert clip is not None
    for m, other in enumerate(faces):
        if m == n or other.clip is None:
            continue
        theirs = reaches[m]
        if (reach is not None and _meet(reach, other.clip)) or (theirs is not None and _meet(theirs, clip)):
            return False
    if reach is not None and any(_meet(reach, ink) for ink in rest_inks):
        return False
    return not any(_meet(clip, box) for box in rest_reach)


def _meet(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _union(boxes: list[Box]) -> Box:
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def _grown(box: Box) -> Box:
    return box[0] - REACH_MM, box[1] - REACH_MM, box[2] + REACH_MM, box[3] + REACH_MM


def _tuple_box(box: tuple) -> Box | None:
    return (box[0], box[1], box[2], box[3]) if box else None


def _plain(problem: TextProblem) -> tuple:
    return (problem.code, problem.path, problem.message, problem.hint)


def _key(kind: str, item: Item, area: Box | float) -> str:
    """A face's entry name: what it is (`kind`), the face as placed, and what its check depends on besides."""
    digest = hashlib.sha256(f"{kind}\0{area!r}\0{fonts_key(fonts.in_use())}\0".encode())
    digest.update(_digest(item))
    return digest.hexdigest()


_digests: dict[int, tuple[object, bytes]] = {}
"""id → (a placed face or a tuple of items, its digest): a face placed many times, or checked twice (its floor and
its texts), is digested once."""
_elements: dict[int, tuple[object, bytes]] = {}
"""id → (a drawn item, the digest of its spelling): a face's items are spelled once, or not at all when the face
cache has them spelled already (`known_digest`), however often they are placed and whatever bleed goes before them."""
MAX_DIGESTS = 300_000
"""Digests kept at most in each: more than the items of the faces two editions of a large kit place, so a face's
digests, noted when it was drawn or read, are still there when its page is checked; past it they start again."""


def _digest(item: Item | tuple[Item, ...]) -> bytes:
    """Every field of `item` (a face as placed, all it draws), as a digest: equal digests, equal drawings."""
    known = _digests.get(id(item))
    if known is not None and known[0] is item:
        return known[1]
    if isinstance(item, tuple):
        digest = hashlib.sha256(b"".join(_element(inner) for inner in item)).digest()
    elif isinstance(item, Group):
        own = (item.dx, item.dy, item.rotate, item.scale, spelled(item.clip), item.role, item.name, item.symbol)
        digest = hashlib.sha256(_digest(item.items) + marshal.dumps(own, 0)).digest()
    else:
        return _element(item)
    _keep(_digests, item, digest)
    return digest


def _element(item: Item) -> bytes:
    known = _elements.get(id(item))
    if known is not None and known[0] is item:
        return known[1]
    digest = spelled_digest(spelled(item))
    _keep(_elements, item, digest)
    return digest


def spelled_digest(plain: Any) -> bytes:
    """The digest of an item as `scenecodec.spelled` gives it. `marshal` format 0 spells a value the same whichever
    objects hold it (later formats note shared and interned strings, so an equal face read back from disk would
    spell differently)."""
    return hashlib.sha256(marshal.dumps(plain, 0)).digest()


def known_digest(items: tuple[Item, ...], plain: tuple) -> None:
    """Note that `items` (a face's, about to be placed) spell as `plain` (`scenecodec.spelled_items`), which the
    face cache has in hand when it draws or reads a face: its page checks then need not spell it again."""
    elements = [spelled_digest(inner) for inner in plain]
    for item, digest in zip(items, elements, strict=True):
        _keep(_elements, item, digest)
    _keep(_digests, items, hashlib.sha256(b"".join(elements)).digest())


def _keep(kept: dict[int, tuple[object, bytes]], item: object, digest: bytes) -> None:
    if len(kept) >= MAX_DIGESTS:
        kept.clear()
    kept[id(item)] = (item, digest)


_fonts_keys: dict[int, tuple[fonts.FontSet, str]] = {}


def fonts_key(fontset: fonts.FontSet) -> str:
    """The edition's fonts as text: each family's files, with their sizes and times (a changed font file is
    another key)."""
    known = _fonts_keys.get(id(fontset))
    if known is not None and known[0] is fontset:
        return known[1]
    parts = [fontset.default, fontset.lang]
    for key in sorted(fontset.families):
        for style, face in fontset.families[key].faces():
            try:
                stat = face.path.stat()
                parts.append(f"{key}:{style}:{face.path}:{stat.st_size}:{stat.st_mtime_ns}")
            except OSError:
                parts.append(f"{key}:{style}:{face.path}:?")
    text = "\n".join(parts)
    if len(_fonts_keys) > 64:
        _fonts_keys.clear()
    _fonts_keys[id(fontset)] = (fontset, text)
    return text


def small_units(
    items: tuple[Item, ...], walk: Callable[[tuple[Item, ...], list[TextProblem]], None]
) -> list[TextProblem]:
    """`walk(items, found)` (the text floor's walk of a page), each top-level face's part from the memo."""
    memo = active()
    found: list[TextProblem] = []
    if memo is None:
        walk(items, found)
        return found
    for item in items:
        if not (isinstance(item, Group) and item.clip is not None):
            walk((item,), found)
            continue
        key = _key("small", item, 0.0)
        kept = memo.get(key)
        if kept is None:
            mine: list[TextProblem] = []
            walk((item,), mine)
            kept = tuple(_plain(problem) for problem in mine)
            memo.put(key, kept)
        found += [TextProblem(*problem) for problem in kept]
    return found
