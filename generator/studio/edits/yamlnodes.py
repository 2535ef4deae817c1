"""A YAML file's values edited in place: the new text spliced in where the old value's node stands.

The file is composed (PyYAML's pure-Python composer, whose marks count characters) only to find the node a
position names (`cards.yaml:7:12`, as pnpkit's loader reports it) and where it ends; the bytes around it are never
written again, so comments, key order, indentation, quoting, line endings and a BOM all stay. A new scalar keeps
the old one's style (plain, single or double quotes, a literal block) unless the value needs quotes to read back
as itself. Every edit is read back through pnpkit's own strict loader (validator/source.py) and refused unless the
value reads back identically.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise

import yaml

from pnpkit.validator.source import SourceError, load_text

from .files import EditRefused

BOM = "\ufeff"
YAML11_WORDS = frozenset(
    [
        "y",
        "Y",
        "yes",
        "Yes",
        "YES",
        "n",
        "N",
        "no",
        "No",
        "NO",
        "on",
        "On",
        "ON",
        "off",
        "Off",
        "OFF",
        "true",
        "True",
        "TRUE",
        "false",
        "False",
        "FALSE",
        "null",
        "Null",
        "NULL",
        "~",
    ]
)
"""Words YAML 1.1 readers (PyYAML, many editors) take for booleans or null: quoted, so every reader sees text."""
PLAIN_START = set("-?:,[]{}#&*!|>'\"%@` \t")
FLOW_CHARS = set(",[]{}")


@dataclass
class Doc:
    """A YAML file's text (its BOM apart) and its composed nodes, each with its parent."""

    text: str
    bom: bool
    eol: str
    root: yaml.Node | None
    parents: dict[int, yaml.Node]
    shared: set[int]
    """Nodes written once and used again through an alias (`*name`): changing one would change every use."""

    @classmethod
    def read(cls, data: bytes) -> Doc:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise EditRefused("the file is not UTF-8") from None
        bom = text.startswith(BOM)
        text = text[1:] if bom else text
        try:
            root = yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.YAMLError as exc:
            raise EditRefused(f"the file does not read as YAML now: {str(exc).splitlines()[0]}", 409) from None
        parents: dict[int, yaml.Node] = {}
        shared: set[int] = set()
        for node in _walk(root):
            for child in _children(node):
                if id(child) in parents:
                    shared.add(id(child))
                parents.setdefault(id(child), node)
        eol = "\r\n" if "\r\n" in text else "\n"
        return cls(text, bom, eol, root, parents, shared)

    def encoded(self, text: str) -> bytes:
        return ((BOM if self.bom else "") + text).encode("utf-8")

    def at(self, line: int, col: int, kind: type) -> yaml.Node:
        """The node of `kind` that starts at line and column (1-based, as pnpkit's findings count)."""
        for node in _walk(self.root):
            if (
                isinstance(node, kind)
                and isinstance(node, yaml.Node)
                and node.start_mark.line == line - 1
                and node.start_mark.column == col - 1
            ):
                return node
        raise EditRefused(f"nothing is written at line {line}, column {col} any more; the table is read again", 409)

    def parent(self, node: yaml.Node) -> yaml.Node | None:
        return self.parents.get(id(node))

    def unshared(self, node: yaml.Node) -> yaml.Node:
        """The node, refused when it or what holds it is used again through an alias."""
        current: yaml.Node | None = node
        while current is not None:
            if id(current) in self.shared:
                raise EditRefused("the value is used again through an alias (*name); edit the file itself")
            current = self.parent(current)
        return node

    def in_flow(self, node: yaml.Node) -> bool:
        parent = self.parent(node)
        while parent is not None:
            if getattr(parent, "flow_style", False):
                return True
            parent = self.parent(parent)
        return False

    def line_start(self, index: int) -> int:
        return self.text.rfind("\n", 0, index) + 1

    def line_end(self, index: int) -> int:
        """Where the line holding `index` ends (before its \\r\\n or \\n)."""
        at = self.text.find("\n", index)
        at = len(self.text) if at < 0 else at
        return at - 1 if at > 0 and self.text[at - 1] == "\r" else at


def _children(node: yaml.Node) -> Iterator[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            yield key
            yield value
    elif isinstance(node, yaml.SequenceNode):
        yield from node.value


def _walk(node: yaml.Node | None) -> Iterator[yaml.Node]:
    stack = [node] if node is not None else []
    seen: set[int] = set()
    while stack:
        current = stack.pop()
        if id(current) in seen:  # an alias: the node is walked once
            continue
        seen.add(id(current))
        yield current
        stack.extend(reversed(list(_children(current))))


# ---------------------------------------------------------------- scalars


def _reads_as(text: str, flow: bool) -> object:
    """What pnpkit's loader reads `text` as, written as a value (in a flow collection when `flow`); a sentinel
    when it does not read."""
    try:
        data = load_text(("{v: " + text + "}") if flow else ("v: " + text), "value").data
    except SourceError:
        return _UNREADABLE
    return data.get("v", _UNREADABLE) if isinstance(data, dict) and len(data) == 1 else _UNREADABLE


_UNREADABLE = object()


def _yaml11_reads_as_text(text: str) -> bool:
    try:
        return yaml.safe_load("v: " + text) == {"v": text}
    except yaml.YAMLError:
        return False


def plain_ok(value: str, flow: bool) -> bool:
    """The value written bare reads back as the same text through pnpkit's loader and a YAML 1.1 reader."""
    if not value or value != value.strip() or "\n" in value or value in YAML11_WORDS or value[0] in PLAIN_START:
        return False
    if ": " in value or " #" in value or value.endswith(":") or (flow and FLOW_CHARS & set(value)):
        return False
    return _reads_as(value, flow) == value and _yaml11_reads_as_text(value)


def single_quoted(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def double_quoted(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return '"' + escaped + '"'


def scalar_text(value: str, style: str | None, flow: bool) -> str:
    """`value` as a flow scalar in the old scalar's style where that can hold it: plain when it reads back as
    itself, single quotes for one line, double quotes for several."""
    if style == '"' or "\n" in value:
        return double_quoted(value)
    if style == "'":
        return single_quoted(value)
    return value if plain_ok(value, flow) else single_quoted(value)


def typed_text(value: str, flow: bool) -> str | None:
    """The text bare, when the old value was a number or true/false and the new one reads as one too (a count
    stays a number): None otherwise."""
    if not value or value != value.strip() or "\n" in value:
        return None
    read = _reads_as(value, flow)
    return value if isinstance(read, (int, float, bool)) and read is not _UNREADABLE else None


def _block_span(doc: Doc, node: yaml.ScalarNode) -> tuple[int, int, int]:
    """(start, end, indent) of a block scalar: from its `|` or `>` to the line ending of its last line of text."""
    text = doc.text
    at = text.find("\n", node.start_mark.index)
    if at < 0:
        return node.start_mark.index, len(text), 0
    header_end = doc.line_end(node.start_mark.index)
    indent, last, pos = 0, header_end, at + 1
    while pos < len(text):
        stop = text.find("\n", pos)
        stop = len(text) if stop < 0 else stop
        line = text[pos:stop].rstrip("\r")
        if line.strip():
            spaces = len(line) - len(line.lstrip(" "))
            if indent == 0:
                indent = spaces
            if spaces < indent or indent == 0:
                break
            last = pos + len(line)
        pos = stop + 1
    return node.start_mark.index, last, indent


def _block_text(value: str, indent: int, eol: str) -> str | None:
    """A literal block of `value` at `indent` spaces: None when a block cannot hold it as it is."""
    body = value.rstrip("\n")
    trailing = len(value) - len(body)
    if indent <= 0 or not body or body[0] == " " or "\t" in body.split("\n")[0][:1]:
        return None
    chomp = "-" if trailing == 0 else "" if trailing == 1 else "+"
    if chomp == "+":
        return None
    lines = [(" " * indent + line) if line else "" for line in body.split("\n")]
    return f"|{chomp}" + eol + eol.join(lines)


@dataclass(frozen=True)
class Splice:
    start: int
    end: int
    text: str

    def apply(self, text: str) -> str:
        return text[: self.start] + self.text + text[self.end :]


def scalar_splice(doc: Doc, node: yaml.ScalarNode, value: str, typed: bool) -> Splice:
    """Where the scalar's text stands, and the text `value` takes there."""
    flow = doc.in_flow(node)
    if node.style in ("|", ">"):
        start, end, indent = _block_span(doc, node)
        block = _block_text(value, indent, doc.eol) if "\n" in value else None
        if block is not None:
            return Splice(start, end, block)
        return Splice(start, end, scalar_text(value, '"', flow))
    new = typed_text(value, flow) if typed else None
    return Splice(node.start_mark.index, node.end_mark.index, new or scalar_text(value, node.style, flow))


def node_value(doc: Doc, node: yaml.ScalarNode) -> object:
    """What pnpkit's loader reads the scalar as."""
    raw = doc.text[node.start_mark.index : node.end_mark.index]
    if node.style in ("|", ">"):
        return node.value
    read = _reads_as(raw, doc.in_flow(node))
    return node.value if read is _UNREADABLE else read


def shown(value: object) -> str:
    """A value as the table shows it (state.flatten): text as itself, a number or true/false as Python writes it."""
    return "" if value is None else str(value)


def set_scalar(data: bytes, line: int, col: int, value: str, old: str | None = None) -> bytes:
    """The file with the scalar at line:col set to `value`; refused (409) when it no longer holds `old`.
    A number or true/false stays one when the new value reads as one."""
    doc = Doc.read(data)
    node = doc.unshared(doc.at(line, col, yaml.ScalarNode))
    before = node_value(doc, node)
    if old is not None and shown(before) != old:
        raise EditRefused(f"line {line} no longer holds {old!r}; the table is read again", 409)
    splice = scalar_splice(doc, node, value, typed=not isinstance(before, str) and before is not None)
    new = splice.apply(doc.text)
    _check_reads_back(new, line, col, value)
    return doc.encoded(new)


def _check_reads_back(text: str, line: int, col: int, value: str) -> None:
    """pnpkit's loader reads the value at line:col of the new text as `value` (or as the number it spells)."""
    try:
        source = load_text(text, "edited")
    except SourceError as exc:
        raise EditRefused(f"the edit would not read as YAML: {exc.finding.message}") from None
    for path, where in source.values.items():
        if (where.line, where.col) == (line, col):
            read = _value_at(source.data, path)
            if isinstance(read, str) and read == value:
                return
            if isinstance(read, (int, float, bool)) and not isinstance(read, str) and _reads_as(value, False) == read:
                return
            raise EditRefused(f"{value!r} would read back as {read!r}; not written")
    raise EditRefused("the edited value could not be found again; not written")


def _value_at(data: object, path: tuple) -> object:
    for part in path:
        data = data[part]  # type: ignore[index]
    return data


# ---------------------------------------------------------------- keys and list items


def _last_scalar(node: yaml.Node) -> yaml.Node | None:
    """The node whose end is the entry's end: its last scalar, or a flow collection on the way down."""
    while not isinstance(node, yaml.ScalarNode):
        children = list(_children(node))
        if not children:
            return None
        node = children[-1]
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.flow_style:
            return node
    return node


def _content_end(doc: Doc, node: yaml.Node) -> int:
    """Where the node's own text ends: past its closing bracket or its last scalar (a block scalar's last line),
    before any comment."""
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.flow_style:
        return node.end_mark.index
    last = _last_scalar(node)
    if last is None:
        return node.end_mark.index
    if isinstance(last, yaml.ScalarNode) and last.style in ("|", ">"):
        return _block_span(doc, last)[1]
    return last.end_mark.index


def set_field(data: bytes, line: int, col: int, keys: tuple[str, ...], value: str) -> bytes:
    """The mapping at line:col given `keys` (`title`, `en`) = value: the first key it lacks is added after its
    last entry, nested ones as a flow mapping (`title: {en: …}`); a key it has is set as `set_scalar` sets it."""
    doc = Doc.read(data)
    mapping = doc.unshared(doc.at(line, col, yaml.MappingNode))
    node: yaml.Node = mapping
    for depth, key in enumerate(keys):
        found = next((v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == key), None)
        if found is None:
            return doc.encoded(_add_key(doc, node, keys[depth:], value))
        if not isinstance(found, yaml.MappingNode) and depth < len(keys) - 1:
            raise EditRefused(f"`{key}` is not a mapping here; edit the file itself")
        node = found
    if not isinstance(node, yaml.ScalarNode):
        raise EditRefused("that value is not a single value; edit the file itself")
    where = node.start_mark
    return set_scalar(data, where.line + 1, where.column + 1, value)


def _add_key(doc: Doc, mapping: yaml.MappingNode, keys: tuple[str, ...], value: str) -> str:
    return key_splice(doc, mapping, keys, value).apply(doc.text)


def key_splice(doc: Doc, mapping: yaml.MappingNode, keys: tuple[str, ...], value: str) -> Splice:
    """The first of `keys` added to `mapping` after its last entry (nested ones as a flow mapping), as a splice."""
    flow = bool(mapping.flow_style) or doc.in_flow(mapping)
    inner = scalar_text(value, None, flow or len(keys) > 1)
    for key in reversed(keys[1:]):
        inner = "{" + f"{key}: {inner}" + "}"
    entry = f"{keys[0]}: {inner}"
    if not mapping.value:
        raise EditRefused("the entry is empty; write its first field in the file")
    if flow:
        at = _content_end(doc, mapping.value[-1][1])
        return Splice(at, at, ", " + entry)
    last = mapping.value[-1][1]
    if len(keys) == 1 and "\n" in value and isinstance(last, yaml.ScalarNode) and last.style == "|":
        block = _block_text(value, _block_span(doc, last)[2], doc.eol)  # as its sibling is written, when it can
        entry = f"{keys[0]}: {block}" if block is not None else entry
    first_key = mapping.value[0][0]
    at = doc.line_end(_content_end(doc, mapping))
    return Splice(at, at, doc.eol + " " * first_key.start_mark.column + entry)


def _item(doc: Doc, line: int, col: int) -> tuple[yaml.SequenceNode, int, yaml.Node]:
    """The list a card's entry (at line:col) is an item of, its index there, and the entry."""
    node = doc.unshared(doc.at(line, col, yaml.MappingNode))
    parent = doc.parent(node)
    if not isinstance(parent, yaml.SequenceNode):
        raise EditRefused("the card is not an item of a list here; edit the file itself")
    index = next(i for i, item in enumerate(parent.value) if item is node)
    return parent, index, node


def _item_lines(doc: Doc, sequence: yaml.SequenceNode, node: yaml.Node) -> tuple[int, int]:
    """(start, stop) of a block list item's whole lines, from its dash to the end of its last line of text."""
    start = doc.line_start(node.start_mark.index)
    lead = doc.text[start : node.start_mark.index]
    if lead.strip() != "-":
        raise EditRefused("the card's entry does not start its own line; edit the file itself")
    end = doc.line_end(_content_end(doc, node))
    stop = end + (2 if doc.text.startswith("\r\n", end) else 1 if end < len(doc.text) else 0)
    return start, stop


def _id_span(node: yaml.Node) -> yaml.ScalarNode:
    pairs = node.value if isinstance(node, yaml.MappingNode) else []
    found = next((v for k, v in pairs if isinstance(k, yaml.ScalarNode) and k.value == "id"), None)
    if not isinstance(found, yaml.ScalarNode):
        raise EditRefused("the card has no `id:` written in it")
    return found


def duplicate_item(data: bytes, line: int, col: int, new_id: str) -> bytes:
    """A copy of the card's entry right after it, under the id `new_id`."""
    doc = Doc.read(data)
    sequence, _index, node = _item(doc, line, col)
    id_node = _id_span(node)
    id_text = scalar_text(new_id, id_node.style, doc.in_flow(id_node))
    if sequence.flow_style:
        start, end = node.start_mark.index, _content_end(doc, node)
        copy = doc.text[start : id_node.start_mark.index] + id_text + doc.text[id_node.end_mark.index : end]
        return doc.encoded(doc.text[:end] + ", " + copy + doc.text[end:])
    start, stop = _item_lines(doc, sequence, node)
    copy = doc.text[start : id_node.start_mark.index] + id_text + doc.text[id_node.end_mark.index : stop]
    if not copy.endswith("\n"):
        copy = doc.eol + copy
        return doc.encoded(doc.text[:stop] + copy)
    return doc.encoded(doc.text[:stop] + copy + doc.text[stop:])


def delete_item(data: bytes, line: int, col: int, old_id: str) -> bytes:
    """The file without the card's entry; refused (409) unless the entry there is still the card `old_id`."""
    doc = Doc.read(data)
    sequence, index, node = _item(doc, line, col)
    if _id_span(node).value != old_id:
        raise EditRefused(f"the entry at line {line} is no longer the card {old_id!r}; the table is read again", 409)
    if len(sequence.value) == 1:
        raise EditRefused("the card is the list's only one; a list of cards cannot be left empty here")
    if sequence.flow_style:
        if index > 0:
            start, end = _content_end(doc, sequence.value[index - 1]), _content_end(doc, node)
        else:
            start, end = node.start_mark.index, sequence.value[1].start_mark.index
        return doc.encoded(doc.text[:start] + doc.text[end:])
    start, stop = _item_lines(doc, sequence, node)
    return doc.encoded(doc.text[:start] + doc.text[stop:])


# ---------------------------------------------------------------- a region's box

LENGTH = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*(mm|cm|in|pt)\s*$")
UNIT_MM = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}
UNCHANGED_MM = 0.01
DECIMALS = {"mm": 1, "cm": 2, "in": 4, "pt": 2}
"""Enough decimals to write a length rounded to 0.5 mm in each unit (to within 0.005 mm)."""


def length_text(mm: float, unit: str) -> str:
    """A length in millimetres, rounded to 0.5 mm, written in `unit`: 12.5mm, 1.25cm, 0.4921in, 35.43pt."""
    rounded = round(max(mm, 0.0) * 2) / 2
    text = f"{rounded / UNIT_MM[unit]:.{DECIMALS[unit]}f}".rstrip("0").rstrip(".")
    return f"{text or '0'}{unit}"


def set_box(data: bytes, line: int, col: int, box_mm: tuple[float, float, float, float]) -> bytes:
    """The `box:` list at line:col set to [x, y, width, height] (mm, rounded to 0.5 mm), each length written in
    the unit it was written in, in its quoting; a length that did not change is left as written."""
    doc = Doc.read(data)
    sequence = doc.unshared(doc.at(line, col, yaml.SequenceNode))
    items = sequence.value
    if len(items) != 4 or not all(isinstance(item, yaml.ScalarNode) for item in items):
        raise EditRefused("the box is not a list of four lengths here; edit the file itself")
    splices = []
    for item, mm in zip(items, box_mm):
        match = LENGTH.match(item.value)
        unit = match.group(2) if match else "mm"
        if match and abs(float(match.group(1)) * UNIT_MM[unit] - mm) < UNCHANGED_MM:
            continue  # a length the drag left alone stays as written
        new = length_text(mm, unit)
        splices.append(Splice(item.start_mark.index, item.end_mark.index, scalar_text(new, item.style, True)))
    text = doc.text
    for splice in reversed(splices):
        text = splice.apply(text)
    try:
        load_text(text, "edited")
    except SourceError as exc:
        raise EditRefused(f"the edit would not read as YAML: {exc.finding.message}") from None
    return doc.encoded(text)


def box_lengths(data: bytes, line: int, col: int) -> list[str]:
    """The four lengths of the `box:` at line:col, as written."""
    doc = Doc.read(data)
    return [item.value for item in doc.at(line, col, yaml.SequenceNode).value]


# ---------------------------------------------------------------- several values of one file at once


@dataclass(frozen=True)
class FieldEdit:
    """One value to set in a file: the scalar at line:col (`keys` empty), the mapping at line:col given `keys` (as
    `set_field` sets them), or, with `append`, the list at line:col given one more item."""

    line: int
    col: int
    value: str
    keys: tuple[str, ...] = ()
    append: bool = False
    shared: bool = False
    """The value may be used again through an alias (`*name`): every use of it takes the new value (refused when
    False, as the studio's single edits are)."""


def set_fields(data: bytes, edits: list[FieldEdit]) -> bytes:
    """The file with every edit made, each spliced where it stands in the file as read (one read for them all).
    The new file is read back whole through pnpkit's loader: the values set read as given, every other as before."""
    doc = Doc.read(data)
    splices: list[Splice] = []
    expected = load_text(doc.text, "edited").data
    for edit in edits:
        splice, paths, appended = _edit_splice(doc, edit)
        splices.append(splice)
        for path in paths:
            expected = _with_value(expected, path, edit.value, appended)
    splices.sort(key=lambda s: (s.start, s.end))
    for before, after in pairwise(splices):
        if after.start < before.end or (after.start == before.end and before.start == before.end == after.end):
            raise EditRefused("two of the edits meet at one place in the file; edit it in two steps")
    pieces, at = [], 0
    for splice in splices:  # in order, joined once: a file of many edits is copied once, not once an edit
        pieces += [doc.text[at : splice.start], splice.text]
        at = splice.end
    text = "".join([*pieces, doc.text[at:]])
    try:
        read = load_text(text, "edited").data
    except SourceError as exc:
        raise EditRefused(f"the edits would not read as YAML: {exc.finding.message}") from None
    if read != expected:
        raise EditRefused("the edits would not read back as written; nothing was written")
    return doc.encoded(text)


def _edit_splice(doc: Doc, edit: FieldEdit) -> tuple[Splice, list[tuple], bool]:
    """The splice an edit makes, the paths (in the file's data) of the value it sets (more than one when it is used
    again through an alias), and whether it appends."""

    def node_at(kind: type) -> yaml.Node:
        node = doc.at(edit.line, edit.col, kind)
        return node if edit.shared else doc.unshared(node)

    def paths(node: yaml.Node, more: tuple = ()) -> list[tuple]:
        found = _paths_of(doc, node) if edit.shared else [_node_path(doc, node)]
        return [path + more for path in found]

    if edit.append:
        sequence = node_at(yaml.SequenceNode)
        return _item_splice(doc, sequence, edit.value), paths(sequence), True
    if not edit.keys:
        node = node_at(yaml.ScalarNode)
        before = node_value(doc, node)
        typed = not isinstance(before, str) and before is not None
        return scalar_splice(doc, node, edit.value, typed), paths(node), False
    mapping = node_at(yaml.MappingNode)
    for depth, key in enumerate(edit.keys):
        found = next((v for k, v in mapping.value if isinstance(k, yaml.ScalarNode) and k.value == key), None)
        if found is None:
            splice = key_splice(doc, mapping, edit.keys[depth:], edit.value)
            return splice, paths(mapping, edit.keys[depth:]), False
        if not isinstance(found, yaml.MappingNode) and depth < len(edit.keys) - 1:
            raise EditRefused(f"`{key}` is not a mapping here; edit the file itself")
        mapping = found
    if not isinstance(mapping, yaml.ScalarNode):
        raise EditRefused("that value is not a single value; edit the file itself")
    return scalar_splice(doc, mapping, edit.value, False), paths(mapping), False


def _paths_of(doc: Doc, target: yaml.Node) -> list[tuple]:
    """Every path that leads to `target`, through aliases too (the file is one pnpkit's loader read, so what its
    aliases expand to is bounded)."""
    found: list[tuple] = []
    stack: list[tuple[yaml.Node, tuple]] = [(doc.root, ())] if doc.root is not None else []
    while stack:
        node, path = stack.pop()
        if node is target:
            found.append(path)
        elif isinstance(node, yaml.MappingNode):
            stack.extend((value, (*path, key.value)) for key, value in node.value)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((item, (*path, i)) for i, item in enumerate(node.value))
    return found


def _item_splice(doc: Doc, sequence: yaml.SequenceNode, value: str) -> Splice:
    """One more item after a list's last: `, de` in a flow list, a `- de` line under the last one in a block list."""
    if not sequence.value:
        raise EditRefused("the list is empty; write its first item in the file")
    flow = bool(sequence.flow_style) or doc.in_flow(sequence)
    item = scalar_text(value, None, flow)
    last = sequence.value[-1]
    if flow:
        at = _content_end(doc, last)
        return Splice(at, at, ", " + item)
    start = doc.line_start(last.start_mark.index)
    lead = doc.text[start : last.start_mark.index]
    if lead.strip() != "-":
        raise EditRefused("the list's last item does not start its own line; edit the file itself")
    at = doc.line_end(_content_end(doc, last))
    return Splice(at, at, doc.eol + lead + item)


def _node_path(doc: Doc, node: yaml.Node) -> tuple:
    """The keys and indices that lead from the file's top to `node`."""
    path: list = []
    current = node
    while (parent := doc.parent(current)) is not None:
        if isinstance(parent, yaml.SequenceNode):
            path.append(next(i for i, item in enumerate(parent.value) if item is current))
        else:
            path.append(next(k.value for k, v in parent.value if v is current))
        current = parent
    return tuple(reversed(path))


def _with_value(data: object, path: tuple, value: str, append: bool) -> object:
    """`data` (as pnpkit's loader reads the file) with `value` set at `path`, or appended to the list there."""
    if not path:
        return [*data, value] if append and isinstance(data, list) else value
    head, rest = path[0], path[1:]
    if isinstance(data, list) and isinstance(head, int) and head < len(data):
        return [*data[:head], _with_value(data[head], rest, value, append), *data[head + 1 :]]
    inner = data if isinstance(data, dict) else {}
    return {**inner, head: _with_value(inner.get(head), rest, value, append)}
