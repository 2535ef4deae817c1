"""TrueType fonts parsed once, then kept on disk, so a build does not parse the same font file again.

reportlab parses a whole TrueType file before it can draw with it (30-60 ms for each CJK face, every run).
What the parse finds is stored in the cache directory (`generator/cachedir.py`) under the font's key:

- a shipped font (`generator/assets/fonts/`): pnpkit's version, the file's name, size and modification time,
  so the file is not even hashed;
- a kit's own font: the SHA-256 of its bytes, so an edited file is a new entry and never a stale one.

The key also names reportlab's version and this format's, so a newer parser never reads an older parse.
An entry holds no pickle: a small header of Python literals (read with `ast.literal_eval`) and arrays of
numbers, under a checksum; anything that does not read back whole and in shape is ignored and the font is
parsed again. Within one process a parse is also kept in memory (`_STATES`).
"""

from __future__ import annotations

import ast
import hashlib
import struct
import sys
from array import array
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnpkit.validator import __version__

from . import cachedir

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont

FORMAT = 1
"""This file layout; bumped when it changes, so older entries are never read."""
SUBDIR = "fonts"
SHIPPED_DIR = Path(__file__).parent / "assets" / "fonts"
MAX_ENTRY_BYTES = 64 * 1024 * 1024
"""An entry larger than this is not read (the largest shipped font's is about 1 MB)."""
MAX_ENTRIES = 64
"""Entries kept at most: writing one more removes the oldest (a designer trying many font files)."""
UNSTORED = ("_ttf_data", "_pdfScale", "filename")
"""Parts of reportlab's parse that are not stored: the file's bytes (read again), a scaling function (made
again from unitsPerEm) and the path (the one in hand)."""
INT_MAPS = ("charToGlyph",)
NUMBER_MAPS = ("charWidths",)
LIST_MAPS = ("glyphToChar",)
INT_LISTS = ("glyphPos",)
INT_PAIRS = ("hmetrics",)
"""The large parts of a parse, stored as arrays of numbers: code point → glyph, code point → advance,
glyph → code points, glyph offsets, (advance, left side bearing) per glyph."""
NAMES = "\0names"
"""Where a state keeps the parse's names (reportlab's TTFNameBytes) as (bytes, text) pairs: a state is plain data."""
ARRAY_PARTS = INT_MAPS + NUMBER_MAPS + LIST_MAPS + INT_LISTS + INT_PAIRS

_STATES: dict[tuple, dict[str, Any]] = {}
"""This process's parses, by the file's (path, size, modification time)."""


def ttfont(name: str, path: Path) -> TTFont:
    """reportlab's TTFont for `path`, registered under `name` by the caller; raises what reportlab's own
    parse raises for a file it cannot use."""
    from reportlab.pdfbase.ttfonts import TTFNameBytes, TTFont, TTFontFace

    data = path.read_bytes()
    state = _state(path, data)
    if state is None:
        font = TTFont(name, str(path))
        _remember(path, font.face)
        _own_maps(font)
        return font
    face = TTFontFace.__new__(TTFontFace)
    face.__dict__.update((key, value) for key, value in state.items() if key != NAMES)
    for key, (raw, text) in state[NAMES].items():
        face.__dict__[key] = value = bytes.__new__(TTFNameBytes, raw)
        value.ustr = text
    face.__dict__.update(_ttf_data=data, filename=str(path), _pdfScale=_scale(state["unitsPerEm"]))
    font = _font_of(name, face)
    _own_maps(font)
    return font


def _own_maps(font: TTFont) -> None:
    """Copies of the maps reportlab changes while it shapes text (with uharfbuzz installed, which pnpkit does not
    need), so the parse kept in this process never changes under another face of the same file."""
    if font.shapable:
        face = font.face
        face.charToGlyph = dict(face.charToGlyph)
        face.glyphToChar = {glyph: list(chars) for glyph, chars in face.glyphToChar.items()}


def forget() -> None:
    """Drop the parses kept in this process (the disk keeps its own): the next use reads them as a new
    process would."""
    _STATES.clear()


# ---------------------------------------------------------------- keys and entries


def _state(path: Path, data: bytes | None) -> dict[str, Any] | None:
    """The stored parse of `path` (its bytes `data`, read here when needed and None), or None."""
    try:
        stat = path.stat()
    except OSError:
        return None
    here = (str(path), stat.st_size, stat.st_mtime_ns)
    if here in _STATES:
        return _STATES[here]
    folder = cachedir.cache_subdir(SUBDIR)
    if folder is None:
        return None
    key = _key(path, stat, data)
    if key is None:
        return None
    payload = cachedir.read_entry(folder / key, MAX_ENTRY_BYTES)
    state = _decode(payload) if payload is not None else None
    if state is not None:
        _STATES[here] = state
    return state


def _key(path: Path, stat: Any, data: bytes | None) -> str | None:
    from reportlab import Version as reportlab_version

    if path.parent == SHIPPED_DIR:
        source = f"shipped:{__version__}:{path.name}:{stat.st_size}:{stat.st_mtime_ns}"
    else:
        try:
            source = "file:" + hashlib.sha256(path.read_bytes() if data is None else data).hexdigest()
        except OSError:
            return None
    mark = f"{FORMAT}:{reportlab_version}:{sys.byteorder}:{source}"
    return "ttf-" + hashlib.sha256(mark.encode("utf-8")).hexdigest()[:40]


def _remember(path: Path, face: Any) -> None:
    """Keep a fresh parse in this process and, when caching is on and the parse can be stored, on disk."""
    from reportlab.pdfbase.ttfonts import TTFNameBytes

    state: dict[str, Any] = {NAMES: {}}
    for name, value in vars(face).items():
        if type(value) is TTFNameBytes:
            state[NAMES][name] = (bytes(value), value.ustr)
        elif name not in UNSTORED:
            state[name] = value
    try:
        stat = path.stat()
    except OSError:
        return
    _STATES[(str(path), stat.st_size, stat.st_mtime_ns)] = state
    folder = cachedir.cache_subdir(SUBDIR)
    key = _key(path, stat, face._ttf_data) if folder is not None else None
    payload = _encode(state) if key is not None else None
    if folder is not None and key is not None and payload is not None:
        _make_room(folder)
        cachedir.write_entry(folder / key, payload)


def _make_room(folder: Path) -> None:
    """Remove the oldest entries so one more fits under MAX_ENTRIES."""
    try:
        entries = sorted(folder.glob("ttf-*"), key=lambda p: p.stat().st_mtime_ns)
        for old in entries[: max(0, len(entries) - MAX_ENTRIES + 1)]:
            old.unlink()
    except OSError:
        pass


def _scale(units_per_em: int):
    """reportlab's font-unit → 1/1000 em scaling, made exactly as its parser makes it."""
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor


def _font_of(name: str, face: Any) -> TTFont:
    """A TTFont around an already parsed face: what TTFont.__init__ sets after its own parse."""
    from fnmatch import fnmatch
    from weakref import WeakKeyDictionary

    from reportlab import rl_config
    from reportlab.pdfbase.ttfonts import TTEncoding, TTFont

    font = TTFont.__new__(TTFont)
    font.fontName = name
    font.face = face
    font.encoding = TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    font.shapable = not any(fnmatch(name, pattern) for pattern in rl_config.unShapedFontGlob)
    return font


# ---------------------------------------------------------------- the entry format


def _encode(state: dict[str, Any]) -> bytes | None:
    """A header of literals and the arrays after it; None when the parse holds something this format does
    not know (a newer reportlab), so it is simply not stored."""
    header: dict[str, Any] = {"literals": {}, "arrays": []}
    blobs: list[bytes] = []

    def put(values: array) -> None:
        header["arrays"].append((values.typecode, len(values)))
        blobs.append(values.tobytes())

    def put_numbers(values: list) -> None:
        """Ints, floats or (reportlab's hmtx keeps both) a mix: the values as floats, then which were ints."""
        kinds = {type(v) for v in values}
        if kinds <= {int}:
            put(array("q", values))
        elif kinds == {float}:
            put(array("d", values))
        elif kinds == {int, float} and all(abs(v) < 2**53 for v in values):
            put(array("d", values))
            put(array("b", (type(v) is int for v in values)))
        else:
            raise TypeError("not numbers")

    try:
        header["literals"] = {name: value for name, value in state.items() if name not in ARRAY_PARTS}
        for name in INT_MAPS + NUMBER_MAPS:
            put(array("q", state[name].keys()))
            put_numbers(list(state[name].values()))
        for name in LIST_MAPS:
            put(array("q", state[name].keys()))
            put(array("q", map(len, state[name].values())))
            put(array("q", (item for items in state[name].values() for item in items)))
        for name in INT_LISTS:
            put(array("q", state[name]))
        for name in INT_PAIRS:
            put_numbers([first for first, _ in state[name]])
            put_numbers([second for _, second in state[name]])
        text = repr(header).encode("utf-8")
        if _literal(text) != header:  # something that repr cannot carry as a literal
            return None
    except (TypeError, ValueError, OverflowError, AttributeError, KeyError, SyntaxError, MemoryError, RecursionError):
        return None
    return struct.pack("<I", len(text)) + text + b"".join(blobs)


def _literal(text: bytes) -> Any:
    return ast.literal_eval(text.decode("utf-8"))


def _decode(payload: bytes) -> dict[str, Any] | None:
    """The state `_encode` stored, or None when the payload is not one, in whole and in shape."""
    from_header = _header(payload)
    if from_header is None:
        return None
    header, offset = from_header
    arrays: list[array] = []
    try:
        for typecode, count in header["arrays"]:
            if typecode not in ("q", "d", "b") or not isinstance(count, int) or count < 0:
                return None
            values = array(typecode)
            end = offset + count * values.itemsize
            if end > len(payload):
                return None
            values.frombytes(payload[offset:end])
            arrays.append(values)
            offset = end
        if offset != len(payload):
            return None
        return _rebuild(header, arrays)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, StopIteration):
        return None


def _header(payload: bytes) -> tuple[dict[str, Any], int] | None:
    if len(payload) < 4:
        return None
    (size,) = struct.unpack_from("<I", payload)
    if size > len(payload) - 4:
        return None
    try:
        header = _literal(payload[4 : 4 + size])
    except (ValueError, SyntaxError, UnicodeDecodeError, MemoryError, RecursionError):
        return None
    if (
        not isinstance(header, dict)
        or set(header) != {"literals", "arrays"}
        or not isinstance(header["literals"], dict)
    ):
        return None
    return header, 4 + size


def _rebuild(header: dict[str, Any], arrays: list[array]) -> dict[str, Any] | None:
    """The parse's attributes: the literals (names among them), then the parts stored as arrays."""
    state: dict[str, Any] = dict(header["literals"])
    names = state.get(NAMES)
    if not isinstance(names, dict) or not all(
        isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], bytes) and isinstance(pair[1], str)
        for pair in names.values()
    ):
        return None
    queue = _numbers_of(arrays)
    for name in (*INT_MAPS, *NUMBER_MAPS):
        keys, values = _ints(next(queue)), next(queue)
        if len(keys) != len(values):
            return None
        state[name] = dict(zip(keys, values))
    for name in LIST_MAPS:
        keys, counts, items = _ints(next(queue)), _ints(next(queue)), _ints(next(queue)).tolist()
        if len(keys) != len(counts) or sum(counts) != len(items):
            return None
        if len(items) == len(keys):  # one code point per glyph, the usual case: no loop in Python
            state[name] = dict(zip(keys, [[item] for item in items]))
            continue
        grouped, at = {}, 0
        for key, count in zip(keys, counts):
            grouped[key] = items[at : at + count]
            at += count
        state[name] = grouped
    for name in INT_LISTS:
        state[name] = _ints(next(queue)).tolist()
    for name in INT_PAIRS:
        firsts, seconds = next(queue), next(queue)
        if len(firsts) != len(seconds):
            return None
        state[name] = list(zip(firsts, seconds))
    if next(queue, None) is not None or not isinstance(state.get("unitsPerEm"), int):
        return None
    return state


def _ints(values: Sequence[int | float]) -> array[int]:
    """Values stored as integers (code points, glyphs, counts, offsets); anything else is not an entry."""
    if not isinstance(values, array) or values.typecode != "q":
        raise ValueError("integers expected")
    return values


def _numbers_of(arrays: list[array]) -> Iterator[Sequence[int | float]]:
    """The stored sequences in order: an array of floats followed by one of flags is a mix of ints and floats."""
    at = 0
    while at < len(arrays):
        values = arrays[at]
        flags = arrays[at + 1] if at + 1 < len(arrays) and arrays[at + 1].typecode == "b" else None
        if values.typecode == "b":
            raise ValueError("flags without values")
        if flags is None:
            yield values
            at += 1
        else:
            if values.typecode != "d" or len(flags) != len(values):
                raise ValueError("flags that do not fit")
            yield [int(v) if flag else v for v, flag in zip(values, flags)]
            at += 2
