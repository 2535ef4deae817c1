"""`ignore:` entries: a finding silenced at one place, with the reason.

```yaml
ignore:
  - {code: PK333, id: hedge-fund, why: "「問題は解決した」 is a line of dialogue"}
  - {code: PK333, text: 問題は解決した, why: "a line of dialogue, on whichever card it is"}
  - {code: PK309, path: "decks.corp.cards.hedge-fund.flavour", why: "checked in print"}
  - {code: PK309, at: rules.yaml:12, why: "checked in print; the descender may overhang"}
```

An entry names a code and a place, by what does not move when cards are added, removed or sorted: `id`
(an id the finding's path passes through, a card's or a deck's), `path` (a finding's field path, with ids
for list positions or as findings print it; it also covers the fields below it), `text` (words the
finding's message quotes); or by `at` (FILE:LINE or FILE:LINE:COL relative to the kit directory; a table
cell as findings print it), which moves when lines do. Several may be given: all must match. A finding that matches is silenced: it is kept, marked
`suppressed` with the entry's reason and place (`Finding.suppressed`), so it is counted and JSON and SARIF
output show it, but it is neither printed as text nor an error that fails anything.

- An entry without a reason, with a place pnpkit cannot read, for an unknown code or for a code that may
  never be silenced (`NEVER_SILENCED`) is PK331, at the entry's field; it silences nothing.
- An entry that silences nothing is PK330, at the entry.

Findings come at two times. `load_kit` silences what validation finds (`apply`, stage "load"), and
reports the entries left unused, except those for `LAYOUT_CODES`, which laying the kit out may still
meet. The generator silences each edition's layout findings (`silence`) and, when every edition is laid
out, asks for the layout entries still unused (`apply`, stage "layout", or `unused`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any, Literal

from . import codes
from .findings import Finding, Location, Suppression

if TYPE_CHECKING:
    from .components.kit import Ignore
    from .source import Source

NEVER_SILENCED_PREFIXES = ("PK1", "PK2")
"""Reading (PK1xx) and schema (PK2xx) errors: a kit with one of them did not load as written."""
NEVER_SILENCED = frozenset(
    {
        "PK304",  # two things share an id: which one a reference means is a guess
        "PK305",  # a reference to nothing
        "PK321",  # a picture pnpkit cannot read
        "PK324",  # a card larger than the paper
        "PK327",  # a component with nothing to print: silenced, the kit book would list a part that is not there
        "PK330",  # the suppression checks themselves
        "PK331",
        "PK401",  # a template that extends itself
        "PK402",  # a template change or removal naming no region
        "PK406",  # a component a generic kit cannot print
        "PK407",  # a `source:` list a generic kit does not have
        "PK413",  # a token sheet that cannot be laid out
        "PK502",  # a damaged or unreadable picture
        "PK503",  # a picture too large to decode
        "PK522",  # a font file pnpkit cannot use
        "PK523",  # a font family nobody declared
        "PK540",  # tables that cannot be read, and card files that cannot hold cards
        "PK541",
        "PK542",
        "PK543",
        "PK544",
        "DB010",  # a game's references to nothing: the generator could not draw the kit
        "ES001",
        "ES002",
    }
)
"""Codes no `ignore:` entry may silence, besides NEVER_SILENCED_PREFIXES: each means the kit is broken, not that
a judgement may be wrong here, and a silenced one would print a broken kit, or none at all. Every bad kit of
tests/bad_cases.py whose errors may all be silenced is laid out with them silenced (tests/test_control.py): the
game codes here are those that made the generator fail."""

LAYOUT_CODES = frozenset(
    {"PK307", "PK309", "PK322", "PK326", "PK366", "PK367", "PK368", "PK369", "PK412", "PK415", "UT015"}
)
"""Silenceable codes found when the kit is laid out (generator/layouts), not only when it loads: an entry for
one is unused only once layout has run."""

_AT = re.compile(r"^(?P<file>[^:]+):(?P<place>.+)$")
_LINE = re.compile(r"^(?P<line>[1-9][0-9]*)(?::(?P<col>[1-9][0-9]*))?$")


def can_silence(code: str) -> bool:
    """Whether an `ignore:` entry may silence `code`."""
    return not code.startswith(NEVER_SILENCED_PREFIXES) and code not in NEVER_SILENCED


@dataclass(frozen=True)
class Rule:
    """One usable `ignore:` entry."""

    code: str
    why: str
    where: Location
    """The entry's own place in the kit: its mapping's first character."""
    file: str | None = None
    """`at`'s file, relative to the kit directory, as a POSIX path."""
    line: int | None = None
    col: int | None = None
    cell: str | None = None
    """`at`'s place when it is no LINE[:COL]: a table cell as findings name it ('5:count', 'Cards!C14')."""
    path: str | None = None
    ident: str | None = None
    """An id the finding's path passes through, once list positions are read as ids."""
    text: str | None = None
    """Words the finding's message quotes."""

    @property
    def suppression(self) -> Suppression:
        return Suppression(self.why, self.where)

    def matches(self, finding: Finding, file: str | None, stable: str) -> bool:
        """Whether the rule silences `finding`, whose file relative to the kit directory is `file` and whose path
        with ids in place of list positions is `stable`."""
        if finding.code != self.code:
            return False
        if self.path is not None and not (_within(finding.path, self.path) or _within(stable, self.path)):
            return False
        if self.ident is not None and self.ident not in stable.split("."):
            return False
        if self.text is not None and self.text not in finding.message:
            return False
        if self.file is None:
            return True
        if file != self.file:
            return False
        where = finding.location
        if self.cell is not None:
            return where.cell == self.cell
        return self.line == where.line and self.col in (None, where.col)

    def describe(self) -> str:
        """The place the entry names, as it names it: 'at rules.yaml:12 and under rules.sections[2]'."""
        parts = []
        if self.file is not None:
            place = self.cell or ":".join(str(n) for n in (self.line, self.col) if n is not None)
            parts.append(f"at {self.file}:{place}")
        if self.path is not None:
            parts.append(f"under {self.path}")
        if self.ident is not None:
            parts.append(f"for id {self.ident!r}")
        if self.text is not None:
            parts.append(f"quoting {self.text!r}")
        return " and ".join(parts)


def _within(path: str, ancestor: str) -> bool:
    """`rules.sections[2].text.en` is within `rules.sections[2]`, not within `rules.sections[20]`."""
    return path == ancestor or (path.startswith(ancestor) and path[len(ancestor)] in ".[")


@dataclass(frozen=True)
class Suppressions:
    """A kit's usable `ignore:` entries, and those that silenced something when the kit loaded."""

    root: Path = Path(".")
    rules: tuple[Rule, ...] = ()
    used: frozenset[Location] = field(default_factory=frozenset)
    """The places of the entries that silenced a finding when the kit loaded."""
    ids: dict[str, str] = field(default_factory=dict)
    """A listed thing's path as findings print it ('decks[1].cards[11]') mapped to its path with ids
    ('decks.corp.cards.hedge-fund'), for each one that has an id: what `id:` and stable `path:` entries match."""

    def stable(self, path: str) -> str:
        """`path` with each list position that has an id written as the id: 'decks.corp.cards.hedge-fund.flavour'."""
        end = path.rfind("]")
        while end != -1:
            known = self.ids.get(path[: end + 1])
            if known is not None:
                return known + path[end + 1 :]
            end = path.rfind("]", 0, end)
        return path

    def __bool__(self) -> bool:
        return bool(self.rules)


def stable_ids(kit: Any) -> dict[str, str]:
    """Every listed thing with an id, by its path as findings print it, mapped to its path with ids."""
    from pydantic import BaseModel  # `pnpkit codes` asks only `can_silence`: no models then

    found: dict[str, str] = {}

    def visit(model: Any, printed: str, stable: str) -> None:
        if isinstance(model, BaseModel):
            for name in type(model).model_fields:
                value = getattr(model, name)
                if isinstance(value, (BaseModel, list, dict)):
                    visit(value, f"{printed}.{name}" if printed else name, f"{stable}.{name}" if stable else name)
        elif isinstance(model, list):
            for i, item in enumerate(model):
                ident = getattr(item, "id", None)
                item_printed = f"{printed}[{i}]"
                item_stable = f"{stable}.{ident}" if isinstance(ident, str) else f"{stable}[{i}]"
                if isinstance(ident, str):
                    found[item_printed] = item_stable
                if isinstance(item, (BaseModel, list, dict)):
                    visit(item, item_printed, item_stable)
        elif isinstance(model, dict):
            for key, value in model.items():
                if isinstance(value, (BaseModel, list, dict)):
                    visit(value, f"{printed}.{key}", f"{stable}.{key}")

    visit(kit, "", "")
    return found


def read(entries: Sequence[Ignore], source: Source, root: Path, kit: Any = None) -> tuple[Suppressions, list[Finding]]:
    """The usable entries of a kit's `ignore:` list, and a PK331 for each that is not."""
    from .source import format_path  # the YAML reader: `pnpkit codes` asks only `can_silence`

    rules: list[Rule] = []
    problems: list[Finding] = []
    for i, entry in enumerate(entries):
        if entry.code in codes.RETIRED:
            message = (
                f"this ignore: entry is for {entry.code}, which pnpkit no longer raises: {codes.RETIRED[entry.code]}"
            )
            problems.append(
                codes.make(
                    "PK330", message, source.locate(("ignore", i, "code")), f"ignore[{i}].code", "remove the entry"
                )
            )
            continue
        place = _parse_at(entry.at) if entry.at is not None else {}
        refused = _refusal(entry, place)
        if refused is not None:
            field_name, message, hint = refused
            where: tuple = ("ignore", i) + ((field_name,) if field_name else ())
            problems.append(codes.make("PK331", message, source.locate(where), format_path(where), hint))
            continue
        assert entry.why is not None and place is not None
        within = entry.path.strip() if entry.path is not None else None
        rules.append(
            Rule(
                entry.code,
                entry.why.strip(),
                source.locate(("ignore", i)),
                path=within,
                ident=entry.id.strip() if entry.id is not None else None,
                text=entry.text.strip() if entry.text is not None else None,
                **place,
            )
        )
    stable = any(r.ident is not None or (r.path is not None and "[" not in r.path) for r in rules)
    ids = stable_ids(kit) if stable and kit is not None else {}
    return Suppressions(root, tuple(rules), ids=ids), problems


def _refusal(entry: Ignore, place: dict | None) -> tuple[str | None, str, str] | None:
    """(field, message, hint) when the entry cannot be used, else None."""
    if entry.why is None or not entry.why.strip():
        return (
            "why" if entry.why is not None else None,
            f"the ignore: entry for {entry.code} gives no reason",
            "add `why:`, saying why the finding is wrong here or accepted",
        )
    if entry.code not in codes.CODES:
        close = [c for c in codes.CODES if c == entry.code.strip().upper()]
        return (
            "code",
            f"no finding code {entry.code!r}",
            f"did you mean {close[0]}?" if close else "`pnpkit codes` lists them",
        )
    if entry.code in ("PK330", "PK331"):
        return "code", f"{entry.code} cannot be silenced", "correct or remove the ignore: entry it is about"
    if not can_silence(entry.code):
        return (
            "code",
            f"{entry.code} ({codes.CODES[entry.code][1]}) cannot be silenced",
            f"it means the kit cannot be read or printed as written: fix it; `pnpkit codes {entry.code}` says how",
        )
    if entry.at is None and entry.path is None and entry.id is None and entry.text is None:
        return (
            None,
            f"the ignore: entry for {entry.code} names no place",
            "add `id:` (a card's id), `path:`, `text:` (words the finding quotes) or `at: FILE:LINE`",
        )
    if place is None:
        return (
            "at",
            f"{entry.at!r} is not a place in the kit",
            "write FILE:LINE or FILE:LINE:COL, the file relative to the kit directory, e.g. rules.yaml:12",
        )
    return None


def _parse_at(at: str) -> dict | None:
    match = _AT.match(at.strip())
    if match is None:
        return None
    file = PurePosixPath(match["file"].strip().replace("\\", "/"))
    if file.is_absolute() or ".." in file.parts or not file.parts:
        return None
    place = match["place"].strip()
    line = _LINE.match(place)
    if line is None:
        return {"file": file.as_posix(), "cell": place}
    return {"file": file.as_posix(), "line": int(line["line"]), "col": int(line["col"]) if line["col"] else None}


def silence(findings: Iterable[Finding], suppressions: Suppressions) -> list[Finding]:
    """The same findings, in order, those an entry matches marked silenced (`Finding.suppressed`)."""
    findings = list(findings)
    if not suppressions.rules:
        return findings
    files = _KitFiles(suppressions.root)
    named = {rule.code for rule in suppressions.rules}
    out = []
    for finding in findings:
        if finding.code in named and finding.suppressed is None and can_silence(finding.code):
            file, stable = files.relative(finding), suppressions.stable(finding.path)
            rule = next((r for r in suppressions.rules if r.matches(finding, file, stable)), None)
            if rule is not None:
                finding = replace(finding, suppressed=rule.suppression)
        out.append(finding)
    return out


def unused(suppressions: Suppressions, findings: Iterable[Finding], stage: Literal["load", "layout"]) -> list[Finding]:
    """A PK330 for each entry that silenced none of `findings` (nor anything when the kit loaded).

    At "load", entries for LAYOUT_CODES are left out: laying the kit out may still use them. At "layout",
    only those are considered; `findings` must then be every layout finding of the kit, all its editions.
    """
    silenced: dict[str, list[Finding]] = {}
    for finding in findings:
        if finding.suppressed is not None:
            silenced.setdefault(finding.code, []).append(finding)
    used = set(suppressions.used) | {
        f.suppressed.location for group in silenced.values() for f in group if f.suppressed
    }
    files = _KitFiles(suppressions.root)
    out = []
    for rule in suppressions.rules:
        if (rule.code in LAYOUT_CODES) != (stage == "layout") or rule.where in used:
            continue
        if any(rule.matches(f, files.relative(f), suppressions.stable(f.path)) for f in silenced.get(rule.code, ())):
            continue  # a second entry for a finding another entry silenced first: it is not stale
        out.append(
            codes.make(
                "PK330",
                f"this ignore: entry silences nothing: no {rule.code} {rule.describe()}; it was meant for: {rule.why}",
                rule.where,
                hint="remove the entry, or correct its place: `pnpkit validate` prints each finding's file:line:col and path",
            )
        )
    return out


def apply(
    findings: Iterable[Finding], suppressions: Suppressions, stage: Literal["load", "layout"] = "layout"
) -> tuple[list[Finding], list[Finding], list[Finding]]:
    """(kept, silenced, problems): the findings no entry matches; those an entry matches, marked silenced; and a
    PK330 for each entry left unused (see `unused` for the stages)."""
    marked = silence(findings, suppressions)
    kept = [f for f in marked if f.suppressed is None]
    silenced = [f for f in marked if f.suppressed is not None]
    return kept, silenced, unused(suppressions, silenced, stage)


class _KitFiles:
    """A finding's file relative to the kit directory; each file worked out once."""

    def __init__(self, root: Path):
        self.root = Path(os.path.realpath(root))
        self.known: dict[str, str | None] = {}

    def relative(self, finding: Finding) -> str | None:
        name = finding.location.file
        if name not in self.known:
            try:
                self.known[name] = Path(os.path.realpath(name)).relative_to(self.root).as_posix()
            except ValueError:
                self.known[name] = None
        return self.known[name]
