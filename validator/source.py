"""A strict YAML reader that remembers where every value came from.

PyYAML's own constructor forgets positions, turns `no` into False and
`2024-01-01` into a date, and keeps the last of two duplicate keys. We compose
the node graph with the C-backed loader when libyaml is present (about 8x
faster, marks included) and build plain Python data ourselves, so that each
value's `file:line:col` is kept and every surprise becomes a finding.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from . import codes
from .findings import Finding, Location

Path_ = tuple[Any, ...]

_STR, _INT, _FLOAT = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"
_BOOL, _NULL = "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"
_MAP, _SEQ = "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"

_BaseLoader = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader


class _StrictLoader(_BaseLoader):  # type: ignore[misc, valid-type]
    """Resolves only YAML 1.2 core scalars: no yes/no booleans, no dates.

    It also counts the nodes it resolves: the composer asks for every untagged scalar, mapping and list,
    so a file past `allowed` values stops being built as soon as it passes, at no cost per event."""

    allowed = sys.maxsize
    """The most nodes to compose."""
    resolved = 0

    def resolve(self, kind: type, value: Any, implicit: tuple[bool, bool]) -> str:
        """PyYAML's own resolution for our fixed core resolvers (no path resolvers), with the count."""
        self.resolved += 1
        if self.resolved > self.allowed:
            raise _TooManyValues
        if kind is yaml.ScalarNode:
            if implicit[0]:
                for tag, pattern in _RESOLVERS.get(value[:1], ()):
                    if pattern.match(value):
                        return tag
            return _STR
        return _SEQ if kind is yaml.SequenceNode else _MAP


class _TooManyValues(Exception):
    """The composer passed `_StrictLoader.allowed`: count_values finds where, for the finding."""


_CORE_RESOLVERS = [
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", list("~nN") + [""]),
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", list("-+0123456789")),
    (
        "tag:yaml.org,2002:float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        list("-+0123456789."),
    ),
]
_RESOLVERS: dict[str, list[tuple[str, re.Pattern]]] = {}
"""The core resolvers by the first character they can match ("" for the empty value)."""
for _tag, _pattern, _first in _CORE_RESOLVERS:
    for _char in _first:
        _RESOLVERS.setdefault(_char, []).append((_tag, re.compile(_pattern)))

_UNPRINTABLE = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""What YAML refuses to hold (the reader's own set): found first, so the finding is at its line and column."""


@dataclass(frozen=True)
class Limits:
    """Bounds that keep a hostile file from eating the machine."""

    max_bytes: int = 8 * 1024 * 1024
    max_depth: int = 64
    max_alias_nodes: int = 100_000
    max_digits: int = 15
    """Integers of more digits are refused as read: no count or size needs them, and Python cannot turn one of
    over 4,300 digits into a number at all (nor use one of 20 as an index)."""
    max_text: int = 20_000
    """The most characters one value may hold: ten pages of rule prose."""
    max_values: int = 250_000
    """The most values (scalars, mappings, lists) one file may hold: each costs about a kilobyte while it is read,
    so a file of tiny values within `max_bytes` could otherwise take gigabytes."""
    max_kit_values: int = 400_000
    """The most values all the files of one kit may hold together (kit.py hands each file what is left)."""

    def left_after(self, source: Source) -> Limits:
        """These limits for the next file of a kit, once `source` has taken its share of `max_kit_values`."""
        left = max(1, self.max_kit_values - len(source.values))
        return replace(self, max_kit_values=left, max_values=min(self.max_values, left))


class SourceError(Exception):
    """Raised inside the walker; carries the finding that stops reading."""

    def __init__(self, finding: Finding):
        super().__init__(finding.message)
        self.finding = finding


@dataclass(frozen=True)
class TableColumn:
    """A column of a table some of a deck's cards came from (validator.cardfiles): a finding about the whole
    column, such as a misspelt header, goes to its header cell once rather than to every row."""

    name: str
    """The header as written: `title.en`, `fill.rank`."""
    header: Location
    target: Path_
    """The field it fills below each card: ('title', 'en'), ('fill', 'rank')."""
    first: int
    stop: int
    """The deck's cards from this table: first to stop - 1."""
    fields: tuple[str, ...] = ()
    """The card fields a header may name besides regions (id, count, …): what a misspelt header may have meant."""


@dataclass
class Source:
    """Plain data from YAML plus the position of every value and key."""

    data: Any = None
    values: dict[Path_, Location] = field(default_factory=dict)
    keys: dict[Path_, Location] = field(default_factory=dict)
    quoted: set[Path_] = field(default_factory=set)
    """Values written in quotes: their text starts one column after the quote."""
    columns: dict[Path_, list[TableColumn]] = field(default_factory=dict)
    """The table columns of each list of cards read from tables, by the list's path (`decks[0].cards`)."""

    _by_field: dict[Path_, dict[Path_, list[TableColumn]]] = field(default_factory=dict, repr=False, compare=False)
    """`columns` indexed by each prefix of their targets, made when first asked (the cards are all read by then)."""

    def columns_at(self, path: Path_) -> list[TableColumn]:
        """The table columns a card value at `path` came from (two for `fill.power`: `power.ja`, `power.en`)."""
        for i, part in enumerate(path):
            if type(part) is int and path[:i] in self.columns:
                index = self._by_field.get(path[:i])
                if index is None:
                    index = self._by_field[path[:i]] = {}
                    for column in self.columns[path[:i]]:
                        for k in range(1, len(column.target) + 1):
                            index.setdefault(column.target[:k], []).append(column)
                found = index.get(tuple(path[i + 1 :]), [])
                return [column for column in found if column.first <= part < column.stop]
        return []

    def locate(self, path: Path_, *, key: bool = False) -> Location:
        """The nearest known position for `path`, walking up to its parent."""
        path = tuple(path)
        if key and path in self.keys:
            return self.keys[path]
        while path not in self.values and path:
            path = path[:-1]
        return self.values.get(path, Location(""))

    def merge(self, other: Source) -> None:
        """Take another file's positions; the root stays this file's."""
        root = self.values.get(())
        self.values.update(other.values)
        self.keys.update(other.keys)
        self.quoted.update(other.quoted)
        self.columns.update(other.columns)
        if root is not None:
            self.values[()] = root


def format_path(path: Path_) -> str:
    """`combos[2].elements` style, as people write it."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def decode(raw: bytes, display: str) -> str:
    """UTF-8 with or without a BOM; CRLF becomes LF. Bad bytes raise SourceError."""
    body = raw[3:] if raw.startswith(b"\xef\xbb\xbf") else raw
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = body.count(b"\n", 0, exc.start) + 1
        line_start = body.rfind(b"\n", 0, exc.start) + 1
        col = len(body[line_start : exc.start].decode("utf-8", errors="replace")) + 1  # characters, as editors count
        raise SourceError(
            codes.make(
                "PK106",
                f"byte 0x{body[exc.start]:02x} is not valid UTF-8",
                Location(display, line, col),
                hint="save the file as UTF-8",
            )
        ) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def load_file(path: Path, display: str, limits: Limits = Limits()) -> tuple[Source | None, list[Finding]]:
    """Read one YAML file strictly. Returns the source, or None and the findings."""
    try:
        size = path.stat().st_size
        if size > limits.max_bytes:
            raise SourceError(
                codes.make(
                    "PK103",
                    f"file is {size:,} bytes; the limit is {limits.max_bytes:,}",
                    Location(display, 1, 1),
                    hint="split it into smaller files",
                )
            )
        text = decode(path.read_bytes(), display)
        return load_text(text, display, limits), []
    except SourceError as exc:
        return None, [exc.finding]
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        return None, [
            codes.make(
                "PK107",
                f"cannot read the file: {reason}",
                Location(display),
                hint="check that it exists and is readable",
            )
        ]


def load_text(text: str, display: str, limits: Limits = Limits()) -> Source:
    """Parse YAML text; raises SourceError with the first syntax problem."""
    unprintable = _UNPRINTABLE.search(text)
    if unprintable:
        at = unprintable.start()
        line = text.count("\n", 0, at) + 1
        col = at - (text.rfind("\n", 0, at) + 1) + 1
        raise SourceError(
            codes.make(
                "PK101",
                f"control character U+{ord(unprintable.group(0)):04X} is not allowed in YAML",
                Location(display, line, col),
                hint="delete it: editors show it as a box, as ^@ or not at all",
            )
        )
    depth, line = (0, 1) if surely_shallow(text, limits.max_depth) else nesting_depth(text)
    if depth > limits.max_depth:
        raise SourceError(
            codes.make(
                "PK104",
                f"nesting is deeper than {limits.max_depth} levels",
                Location(display, line, 1),
                hint="flatten the structure",
            )
        )
    loader = _StrictLoader(text)
    if len(text) > limits.max_values:  # a value takes at least a character: shorter texts cannot hold too many
        if _UNCOUNTED.search(text):  # a tag or an alias: nodes the composer's count would miss
            count_values(text, display, limits.max_values)
        else:
            loader.allowed = limits.max_values
    try:
        node = loader.get_single_node()
    except _TooManyValues:
        count_values(text, display, limits.max_values)  # raises PK103 where the count passes the bound
        raise AssertionError("the composer and the event count disagree") from None
    except yaml.MarkedYAMLError as exc:
        raise SourceError(_syntax_finding(exc, display, text)) from None
    except yaml.YAMLError as exc:
        raise SourceError(codes.make("PK101", str(exc), Location(display, 1, 1))) from None
    except RecursionError:
        raise SourceError(
            codes.make(
                "PK104",
                "nesting is too deep to read",
                Location(display, 1, 1),
                hint=f"keep nesting under {limits.max_depth} levels",
            )
        ) from None
    finally:
        loader.dispose()
    source = Source()
    if node is None:
        source.data = None
        source.values[()] = Location(display, 1, 1)
        return source
    walker = _Walker(display, limits, source)
    source.data = walker.build(node, (), 0)
    return source


_UNCOUNTED = re.compile(r"(?:^|[\s\[{,])[!*]", re.M)
"""Where a tag (`!x`, whose node the composer does not resolve) or an alias might start."""

_VALUE_EVENTS = (yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent, yaml.AliasEvent)


def count_values(text: str, display: str, limit: int) -> None:
    """Raise PK103 at the value past `limit`, counted from the parser's events: constant memory, before the node
    graph (a kilobyte a value) is built. Syntax errors are left to the parse that follows."""
    loader = _StrictLoader(text)
    count = 0
    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, _VALUE_EVENTS):
                count += 1
                if count > limit:
                    mark = event.start_mark
                    raise SourceError(
                        codes.make(
                            "PK103",
                            f"the file holds more than {limit:,} values",
                            Location(display, mark.line + 1, mark.column + 1),
                            hint="look for a generated or pasted block; a kit's files hold at most "
                            f"{Limits.max_kit_values:,} values together",
                        )
                    )
    except yaml.YAMLError:
        pass
    finally:
        loader.dispose()


_SPECIAL = re.compile(r"[\[\]{}\"'#]")
_DASHES = re.compile(r"(?:- +)*")
_QUOTED = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\n]|\'\')*\'')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INDENT = re.compile(r"^ *", re.M)


def surely_shallow(text: str, limit: int) -> bool:
    """A quick bound, in C-speed regex passes: indentation levels plus flow-bracket depth.

    It can only overestimate, so when it says shallow the exact scan is not needed.
    """
    deepest_indent = max(map(len, _INDENT.findall(text)), default=0)
    depth = flow = 0
    for ch in _NOT_BRACKET.sub("", _QUOTED.sub("", text)):
        flow += 1 if ch in "[{" else -1
        depth = max(depth, flow)
    return deepest_indent + depth <= limit


def nesting_depth(text: str) -> tuple[int, int]:
    """A cheap upper bound on nesting, and the line where it is reached, read before parsing:
    deep flow brackets and deep indentation would otherwise overflow the C parser's stack."""
    deepest = flow = 0
    where = 1
    quote = ""
    indents: list[int] = []
    for number, line in enumerate(text.split("\n"), start=1):
        before = deepest
        stripped = line.lstrip(" ")
        if not quote and stripped and not stripped.startswith("#") and flow == 0:
            indent = len(line) - len(stripped)
            while indents and indents[-1] >= indent:
                indents.pop()
            indents.append(indent)
            dashes = len(_DASHES.match(stripped).group(0).split("-")) - 1  # type: ignore[union-attr]  # matches any text
            deepest = max(deepest, len(indents) + dashes)
        if not flow and not quote and "[" not in stripped and "{" not in stripped:
            specials: Iterable[str] = ()  # no flow brackets and no open quote: no character below changes any state
        else:
            specials = (m.group(0) for m in _SPECIAL.finditer(stripped))
        for ch in specials:
            if quote:
                if ch == quote:
                    quote = ""
            elif ch in "\"'" and flow:
                quote = ch
            elif ch == "#" and not flow:
                break
            elif ch in "[{":
                flow += 1
                deepest = max(deepest, len(indents) + flow)
            elif ch in "]}":
                flow = max(0, flow - 1)
        if deepest > before:
            where = number
    return deepest, where


def _syntax_finding(exc: yaml.MarkedYAMLError, display: str, text: str) -> Finding:
    mark = exc.problem_mark or exc.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    problem = exc.problem or "cannot parse"
    hint = "check the indentation and quoting near here"
    lines = text.split("\n")
    bad_char = lines[line - 1][col - 1 : col] if line <= len(lines) else ""
    if bad_char == "\t" or "'\\t'" in problem:
        problem = "a tab character is used for indentation"
        hint = "YAML indents with spaces; replace the tab with spaces"
    context = f" ({exc.context})" if exc.context else ""
    return codes.make("PK101", f"YAML syntax error: {problem}{context}", Location(display, line, col), hint=hint)


class _Walker:
    def __init__(self, display: str, limits: Limits, source: Source):
        self.display = display
        self.limits = limits
        self.source = source
        self.seen: set[int] = set()
        self.alias_nodes = 0

    def loc(self, node: yaml.Node) -> Location:
        mark = node.start_mark
        return Location(self.display, mark.line + 1, mark.column + 1)

    def build(self, node: yaml.Node, path: Path_, depth: int, via_alias: bool = False) -> Any:
        if depth > self.limits.max_depth:
            raise SourceError(
                codes.make(
                    "PK104",
                    f"nesting deeper than {self.limits.max_depth} levels",
                    self.loc(node),
                    format_path(path[:4]) + "...",
                    "flatten the structure",
                )
            )
        if id(node) in self.seen:
            via_alias = True
        self.seen.add(id(node))
        if via_alias:
            self.alias_nodes += 1
            if self.alias_nodes > self.limits.max_alias_nodes:
                raise SourceError(
                    codes.make(
                        "PK105",
                        f"aliases expand to more than {self.limits.max_alias_nodes:,} values",
                        self.loc(node),
                        format_path(path),
                        "use fewer nested aliases",
                    )
                )
        values = self.source.values
        if path not in values:
            values[path] = self.loc(node)
        kind = type(node)
        if kind is yaml.ScalarNode:
            return self.build_scalar(node, path)
        if kind is yaml.MappingNode:
            return self.build_mapping(node, path, depth, via_alias)
        if node.tag != _SEQ:
            raise SourceError(self.bad_tag(node, path))
        return [self.build(item, path + (i,), depth + 1, via_alias) for i, item in enumerate(node.value)]

    def build_mapping(self, node: yaml.MappingNode, path: Path_, depth: int, via_alias: bool) -> dict:
        if node.tag != _MAP:
            raise SourceError(self.bad_tag(node, path))
        result: dict[Any, Any] = {}
        first_seen: dict[Any, yaml.Node] = {}
        merges = []
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise SourceError(
                    codes.make("PK101", "a mapping key must be a plain value", self.loc(key_node), format_path(path))
                )
            key = self.build_scalar(key_node, path, is_key=True)
            if key == "<<" and not key_node.style:
                merges.append(value_node)  # after the explicit keys, so theirs are the positions kept
                continue
            if key in first_seen:
                first = self.loc(first_seen[key])
                raise SourceError(
                    codes.make(
                        "PK102",
                        f"duplicate key {key!r}; it is first defined at {first.brief()}",
                        self.loc(key_node),
                        format_path(path + (key,)),
                        "remove or rename one of the two",
                    )
                )
            first_seen[key] = key_node
            self.source.keys.setdefault(path + (key,), self.loc(key_node))
            result[key] = self.build(value_node, path + (key,), depth + 1, via_alias)
        for value_node in merges:
            self.merge_into(result, value_node, path, depth, via_alias)
        return result

    def merge_into(self, result: dict, value_node: yaml.Node, path: Path_, depth: int, via_alias: bool) -> None:
        """YAML merge keys (`<<: *base`): explicit keys win over merged ones."""
        sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
        for item in sources:
            merged = self.build(item, path, depth + 1, True)
            if not isinstance(merged, dict):
                raise SourceError(codes.make("PK101", "`<<` merges only mappings", self.loc(item), format_path(path)))
            for key, value in merged.items():
                result.setdefault(key, value)

    def build_scalar(self, node: yaml.ScalarNode, path: Path_, is_key: bool = False) -> Any:
        value, tag = node.value, node.tag
        if node.style in ("'", '"') and not is_key:
            self.source.quoted.add(path)
        if len(value) > self.limits.max_text:
            raise SourceError(
                codes.make(
                    "PK361",
                    f"this value is {len(value):,} characters long; the limit is {self.limits.max_text:,}",
                    self.loc(node),
                    format_path(path),
                    "shorten it, or split it over several values",
                )
            )
        if tag == _STR:
            return value
        if tag == _NULL:
            return None
        if tag == _BOOL:
            return value.lower() == "true"
        if tag == _INT:
            digits = len(value.lstrip("+-").removeprefix("0x").removeprefix("0o").lstrip("0"))
            if digits > self.limits.max_digits:
                raise SourceError(
                    codes.make(
                        "PK360",
                        f"a number of {digits:,} digits; pnpkit reads numbers of up to {self.limits.max_digits}",
                        self.loc(node),
                        format_path(path),
                        "check for a typo: no count or size in a kit needs so many digits",
                    )
                )
            if value.startswith("0o"):
                return int(value[2:], 8)
            return int(value, 0) if value.startswith("0x") else int(value)
        if tag == _FLOAT:
            lowered = value.lower()
            if lowered.endswith("inf"):
                return -math.inf if lowered.startswith("-") else math.inf
            if lowered.endswith("nan"):
                return math.nan
            return float(value)
        raise SourceError(self.bad_tag(node, path))

    def bad_tag(self, node: yaml.Node, path: Path_) -> Finding:
        return codes.make(
            "PK111",
            f"tag {node.tag!r} is not supported",
            self.loc(node),
            format_path(path),
            "write plain YAML values without tags",
        )
