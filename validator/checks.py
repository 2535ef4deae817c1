"""Checks beyond the schema, shared by every rule model: the context they report to, the kit's texts and
characters, ids and names given twice, decks, orders, recipes and the other numbers the rules state twice.

A check never raises: it adds findings to the context, so one run reports all. The look-alike names are in
names.py, the numbers prose states in text_numbers.py, the walk over the model tree in walk.py.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

if TYPE_CHECKING:
    from .components.kit import KitBase

from . import codes
from .findings import Finding, Location
from .language_tags import language_name
from .markup import has_markup, parse
from .names import normalise_name
from .placeholders import names_in
from .repeats import PLACES_NAMED, place_from, places_text, repeated, times
from .source import Source, TableColumn, format_path
from .text_numbers import local_numbers
from .walk import Walk, field_names, walk


@dataclass
class CheckContext:
    """Where checks put their findings; paths are turned into `file:line:col` here."""

    source: Source
    languages: tuple[str, ...]
    findings: list[Finding] = field(default_factory=list)
    compared: set[tuple] = field(default_factory=set)
    """Lists whose ids a check has compared (`check_unique_ids`): `check_every_id` leaves them to it."""
    misnamed: set[Location] = field(default_factory=set)
    """Header cells of table columns that name nothing of their cards (PK543): `told_at_headers` drops what
    other checks said about each of their cells, such as a translation missing because its column is misspelt."""
    strict_translations: bool = False
    """Every text an edition lacks is an error (PK301), for a release build; otherwise it prints in the edition's
    fallback language and each edition's gaps are one warning (PK372)."""
    _walked: tuple[Any, Walk] | None = field(default=None, init=False, repr=False, compare=False)

    def walk(self, kit: Any) -> Walk:
        """The kit's texts and strings, read once for every check that needs them: checks never change the model."""
        if self._walked is None or self._walked[0] is not kit:
            self._walked = (kit, walk(kit))
        return self._walked[1]

    def add(
        self, code: str, path: tuple, message: str, hint: str = "", *, key: bool = False, col_offset: int = 0
    ) -> None:
        location = self.locate(path, key=key, col_offset=col_offset)
        self.findings.append(codes.make(code, message, location, format_path(path), hint))

    def add_at(self, code: str, location: Location, message: str, hint: str = "", path: tuple = ()) -> None:
        """A finding at a place no model path leads to, such as a table's header cell."""
        self.findings.append(codes.make(code, message, location, format_path(path), hint))

    def columns_at(self, path: tuple) -> list[TableColumn]:
        """The table columns the card value at `path` came from (none when it was written in YAML)."""
        return self.source.columns_at(path) if self.source.columns else []

    def locate(self, path: tuple, *, key: bool = False, col_offset: int = 0) -> Location:
        """Where `path` is written; `col_offset` characters into its text when given."""
        location = self.source.locate(path, key=key)
        if col_offset:  # a position inside a scalar's text; a quote before it shifts it one column
            col_offset += 1 if tuple(path) in self.source.quoted else 0
            location = type(location)(location.file, location.line, location.col + col_offset)
        return location


def told_at_headers(ctx: CheckContext) -> None:
    """Drop the findings in a column whose header is already a finding (`CheckContext.misnamed`): said once."""
    if not ctx.misnamed:
        return
    columns = {(header.file, header.col): header.line for header in ctx.misnamed}
    ctx.findings[:] = [
        finding
        for finding in ctx.findings
        if not finding.location.cell
        or finding.code == "PK543"
        or columns.get((finding.location.file, finding.location.col), finding.location.line) >= finding.location.line
    ]


def check_texts(ctx: CheckContext, kit: KitBase, parameters: dict[str, Any]) -> None:
    """Translations are complete, placeholders resolve, rule prose takes its numbers from the model,
    markup is balanced and font families exist."""
    known_by_owners: dict[tuple[int, ...], dict[str, Any]] = {}  # texts of one effect share their numbers
    numbers_by_owner: dict[int, tuple[dict, dict]] = {}
    names_of: dict[str, list[str]] = {}  # a deck repeats its texts: each is read once
    close_of: dict[int, str] = {}  # the placeholders a hint names, sorted once per set of them (kept alive above)
    untranslated: dict[str, list[tuple]] = {lang: [] for lang in ctx.languages}
    texts = ctx.walk(kit).texts
    for path, text, owners in texts:
        values = [(lang, text.text(lang)) for lang in ctx.languages]
        for lang, value in values:
            if value is None:
                if ctx.strict_translations:
                    ctx.add("PK301", path, f"no {lang!r} text", f"add `{lang}:` next to the other languages")
                else:
                    untranslated[lang].append(path)
        known: dict[str, Any] | None = None
        for lang, value in values:
            if value is None:
                continue
            if has_markup(value):
                check_markup(ctx, path + (lang,), value)
            names = names_of.get(value)
            if names is None:
                names = names_of[value] = names_in(value)
            if names and known is None:
                key = tuple(map(id, owners))
                known = known_by_owners.get(key)
                if known is None:
                    known = known_by_owners[key] = parameters | local_numbers(owners, numbers_by_owner)
            for name in names:
                if known is not None and name not in known and _left_open(kit, name):
                    ctx.add(
                        "PK302",
                        path + (lang,),
                        f"{{{name}}} is `unspecified`, so the text has no number to print",
                        "decide the number (and record it in `errata:`), or write the text without it",
                    )
                elif known is not None and name not in known:
                    close = close_of.get(id(known))
                    if close is None:
                        close = close_of[id(known)] = ", ".join(sorted(known)[:12])
                    ctx.add("PK302", path + (lang,), f"unknown placeholder {{{name}}}", f"known: {close}")

    check_untranslated(ctx, kit, untranslated, len(texts))
    check_fonts(ctx, kit)
    check_characters(ctx, kit)


def check_untranslated(ctx: CheckContext, kit: KitBase, untranslated: dict[str, list[tuple]], total: int) -> None:
    """PK372, once per edition: how many of the kit's texts it lacks, which print in its fallback language, with
    the first few places. One warning, not one error per text: adding a language starts with every text
    untranslated, and the edition builds (`--strict-translations` makes each an error, PK301)."""
    check_fallbacks(ctx, kit)
    for lang, paths in untranslated.items():
        if not paths:
            continue
        fallback = kit.fallback_of(lang)
        printed = language_name(fallback) if fallback is not None else "another language"
        here = ctx.locate(paths[0])
        later = [place_from(ctx.locate(path), here) for path in paths[1 : 1 + PLACES_NAMED]]
        more = len(paths) - 1 - len(later)
        also = f" (also at {', '.join(later)}{f' and {more:,} more' if more else ''})" if later else ""
        ctx.add(
            "PK372",
            paths[0],
            f"{lang}: {len(paths):,} of {total:,} texts untranslated, printed in {printed}{also}",
            f"add `{lang}:` to each text (or a `{lang}` column to a table) to translate it; build with "
            "--strict-translations to make every gap an error",
        )


def check_fallbacks(ctx: CheckContext, kit: KitBase) -> None:
    """A fallback an edition names is another of the kit's languages (PK305): a text prints in it."""
    for i, edition in enumerate(kit.languages):
        fallback = edition.fallback
        if fallback is None:
            continue
        where = ("languages", i, str(edition), "fallback")
        if fallback == edition:
            ctx.add("PK305", where, f"{edition!r} falls back to itself", "name another of the kit's languages")
        elif fallback not in kit.languages:
            ctx.add(
                "PK305",
                where,
                f"{edition!r} falls back to {fallback!r}, which the kit does not ship",
                f"use one of {', '.join(lang for lang in kit.languages if lang != edition)}, or add "
                f"{fallback!r} to `languages:`",
            )


def _left_open(kit: KitBase, name: str) -> bool:
    """Whether `{name}` is a rule model's parameter the rulebook leaves `unspecified`."""
    from .types import Unspecified

    return isinstance(getattr(getattr(kit, "parameters", None), name, None), Unspecified)


BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Marks that reorder the text around them (U+202E, right-to-left override): what prints would not read as
typed, and a viewer may show it differently again."""


def unprintable(ch: str) -> str:
    """Why `ch` cannot be printed as text at all ("" when it can): a control character (ESC, NUL; a new line
    and a tab are text), a bidi control, a line separator, a lone surrogate or a noncharacter. No font draws
    these; some would also make the SVGs unreadable as XML, or reorder what is printed around them."""
    if ch in "\n\t":
        return ""
    category = unicodedata.category(ch)
    if category == "Cc":
        return "a control character"
    if ch in BIDI_CONTROLS:
        return "a bidi control that reorders the text around it"
    if category in ("Zl", "Zp"):
        return "a line separator"
    if category == "Cs":
        return "half of a surrogate pair, not a character"
    if 0xFDD0 <= ord(ch) <= 0xFDEF or ord(ch) & 0xFFFE == 0xFFFE:
        return "a noncharacter"
    return ""


def check_characters(ctx: CheckContext, kit: KitBase) -> None:
    """PK307 before anything is drawn, at the character, for every string of the kit that holds characters
    no printing can show (`unprintable`): the message names them as U+ code points, never raw."""
    for path, text, is_key in ctx.walk(kit).strings:
        if text.isprintable():  # the common case, at C speed
            continue
        bad = [(i, ch, unprintable(ch)) for i, ch in enumerate(text) if not ch.isprintable()]
        bad = [found for found in bad if found[2]]
        if not bad:
            continue
        first, _ch, why = bad[0]
        named = ", ".join(dict.fromkeys(f"U+{ord(ch):04X}" for _i, ch, _why in bad))
        others = {reason for _i, _ch, reason in bad} - {why}
        also = f" (and {', '.join(sorted(others))})" if others else ""
        ctx.add(
            "PK307",
            path,
            f"{'key' if is_key else 'text'} holds {named}: {why}{also}, which no font can draw",
            "delete it, or retype the text if it was pasted",
            key=is_key,
            col_offset=first if _points_inside(ctx, path, text, is_key) else 0,
        )


def _points_inside(ctx: CheckContext, path: tuple, text: str, is_key: bool) -> bool:
    """Whether a column inside the text is the character's own: a plain, one-line scalar of a YAML file (a
    quoted one may hold escapes such as \\x1b, which take more columns than the character they stand for)."""
    if is_key or "\n" in text or tuple(path) in ctx.source.quoted:
        return False
    return ctx.source.locate(path).file.lower().endswith((".yaml", ".yml"))


MARKUP_CODES = {"unbalanced": "PK520", "unknown": "PK521"}


def check_markup(ctx: CheckContext, path: tuple, value: str) -> None:
    """Bold, italic and colour spans that do not close, and markup pnpkit does not know, at their column."""
    problems = parse(value).problems
    if not problems:
        return
    where = ctx.source.locate(path)
    # a column inside the text is known only on one line of a YAML file (a spreadsheet cell has its own place)
    inside = "\n" not in value and where.file.lower().endswith((".yaml", ".yml"))
    for problem in problems:
        ctx.add(
            MARKUP_CODES[problem.kind], path, problem.message, problem.hint, col_offset=problem.offset if inside else 0
        )


def check_fonts(ctx: CheckContext, kit: KitBase) -> None:
    """Every family the kit names (its default, per language, per template region) is built in or declared.

    The files themselves are read when the kit is laid out (`pnpkit validate` does that too).
    """
    from .components.kit import BUILTIN_FONT_FAMILIES
    from .components.templates import TemplateSet

    known = set(BUILTIN_FONT_FAMILIES) | set(kit.fonts.families)
    hint = f"use one of {', '.join(sorted(known))}, or declare it under `fonts.families`"
    named: list[tuple[tuple, str | None]] = [(("fonts", "default"), kit.fonts.default)]
    named += [(("fonts", "languages", lang), key) for lang, key in kit.fonts.languages.items()]
    for field_name in field_names(type(kit)):
        templates = getattr(kit, field_name)
        if isinstance(templates, TemplateSet):
            for t, template in enumerate(templates.templates):
                for r, region in enumerate(template.regions):
                    base = (field_name, "templates", t, "regions", r, "font")
                    named.append((base, getattr(region, "font", None)))
                for name, change in template.change.items():
                    named.append(((field_name, "templates", t, "change", name, "font"), change.font))
    for path, key in named:
        if key is not None and key not in known:
            ctx.add("PK523", path, f"no font family named {key!r}", hint)


def check_unique_ids(ctx: CheckContext, items: Iterable[Any], path: tuple, what: str) -> set[str]:
    """Ids are unique within a list (PK304, once per id given twice or more); returns the set of ids for
    reference checks."""
    ctx.compared.add(tuple(path))
    ids = [
        (item_id, path + (i, "id"))
        for i, item in enumerate(items)
        if (item_id := getattr(item, "id", None)) is not None
    ]
    for group in repeated(ids):
        ctx.add(
            "PK304",
            group.places[1],
            f"{what} id {group.key!r} is used {group.times} ({group.where(ctx.source)})",
            "give each one its own id",
        )
    return {item_id for item_id, _path in ids}


def check_every_id(ctx: CheckContext, kit: Any) -> None:
    """PK304 for every other list whose items have an `id` (errata, their readings, rule vocabulary, score
    categories, anything): ids name things, so two alike make a reference a guess. The ids come from the walk
    the text checks made, so this costs one pass over the kit's strings."""
    lists: dict[tuple, list[tuple[str, tuple]]] = {}
    for path, value, is_key in ctx.walk(kit).strings:
        if path and path[-1] == "id" and not is_key and len(path) >= 3 and type(path[-2]) is int:
            lists.setdefault(path[:-2], []).append((value, path))
    for base, ids in lists.items():
        if base in ctx.compared or not _holds_models(kit, base):
            continue
        for group in repeated(ids):
            ctx.add(
                "PK304",
                group.places[1],
                f"id {group.key!r} is used {group.times} in {format_path(base)} ({group.where(ctx.source)})",
                "give each one its own id",
            )


def _holds_models(kit: Any, path: tuple) -> bool:
    """Whether `path` leads to a list of models with an `id` field (not a mapping a designer fills freely)."""
    node = kit
    for part in path:
        if isinstance(node, BaseModel) and isinstance(part, str):
            node = getattr(node, part, None)
        elif isinstance(node, (list, tuple)) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            return False
    return (
        isinstance(node, list) and bool(node) and isinstance(node[0], BaseModel) and "id" in field_names(type(node[0]))
    )


def check_unique_names(ctx: CheckContext, items: Iterable[Any], path: tuple, what: str) -> None:
    """Two items whose names normalise to the same text confuse players, in any language (PK313, once per
    name however often it is given)."""
    items = list(items)
    for lang in ctx.languages:
        names = []
        for i, item in enumerate(items):
            name = item.name.get(lang) if getattr(item, "name", None) else ""
            if name:
                names.append((normalise_name(name), path + (i, "name", lang)))
        for group in repeated(names):
            first, again = group.places[0][len(path)], group.places[1][len(path)]
            name = items[again].name.get(lang)
            ctx.add(
                "PK313",
                group.places[1],
                f"{what} name {name!r} reads the same as item {first}"
                + (
                    f" ({group.count:,} items: {group.where(ctx.source)})"
                    if group.count > 2
                    else f" ({group.where(ctx.source)})"
                ),
                "rename one of them",
            )


def check_decks(ctx: CheckContext, kit: KitBase, lists: dict[str, set[str]]) -> None:
    """Decks have cards, and entries that point into a model list point at something."""
    from .components.printing import card_fits

    check_unique_ids(ctx, kit.decks, ("decks",), "deck")
    for d, deck in enumerate(kit.decks):
        path = ("decks", d)
        if not card_fits(deck.size.width, deck.size.height, kit.print.paper, kit.print.bleed):
            ctx.add(
                "PK324",
                path + ("size",),
                f"a {deck.size.width:g} × {deck.size.height:g} mm card does not fit on {kit.print.paper} paper inside the 5 mm margin",
                "use a smaller card or tile it yourself as a board",
            )
        if deck.source is not None and deck.source not in lists:
            ctx.add(
                "PK305",
                path + ("source",),
                f"no model list named {deck.source!r}",
                f"use one of {', '.join(sorted(lists))}",
            )
            continue
        if not deck.cards and deck.source is None:
            ctx.add("PK311", path, f"deck {deck.id!r} has no cards", "add `cards:` or a `source:` list")
        hint = ""  # the list's ids, sorted once for the deck however many cards name none of them
        for c, card in enumerate(deck.cards):
            if card.ref is None:
                if deck.source is not None:
                    ctx.add(
                        "PK202",
                        path + ("cards", c),
                        f"missing field 'ref': cards of this deck come from {deck.source}",
                        "add `ref:` naming one of them",
                    )
                continue
            if deck.source is None:
                ctx.add("PK305", path + ("cards", c, "ref"), "`ref` needs the deck to name a `source:` list")
            elif card.ref not in lists[deck.source]:
                hint = hint or f"use one of {', '.join(sorted(lists[deck.source]))}"
                ctx.add("PK305", path + ("cards", c, "ref"), f"{card.ref!r} is not in {deck.source}", hint)


def check_recipes(
    ctx: CheckContext,
    recipes: Iterable[tuple[tuple, frozenset, str, str]],
    shared_code: str = "PK318",
    same_code: str = "PK317",
) -> None:
    """Recipes (sets of inputs) are unordered and unique: within a category an equal set is an error,
    across categories a warning (the player must say which one they mean).

    Each category's recipes on one set of inputs are one error, at the second; the first recipe of each further
    category on those inputs is warned against the recipes of other categories before it, at most PLACES_NAMED
    of them: n copies of a recipe are never n² findings."""
    by_inputs: dict[frozenset, list[tuple[tuple, str, str]]] = {}
    for path, inputs, category, name in recipes:
        by_inputs.setdefault(inputs, []).append((path, category, name))
    for inputs, group in by_inputs.items():
        if len(group) < 2:
            continue
        shown = " + ".join(sorted(inputs))
        by_category: dict[str, list[int]] = {}
        for k, (_path, category, _name) in enumerate(group):
            by_category.setdefault(category, []).append(k)
        for members in by_category.values():
            if len(members) > 1:
                (_p, _c, first), (path, _category, name) = group[members[0]], group[members[1]]
                located = [ctx.source.locate(group[k][0]) for k in members[: PLACES_NAMED + 2]]
                more = f"; {len(members):,} recipes: {places_text(located, len(members))}" if len(members) > 2 else ""
                ctx.add(
                    same_code,
                    path,
                    f"{name!r} uses the same inputs as {first!r} ({shown}){more}",
                    "inputs are compared as unordered sets; change one",
                )
            path, category, name = group[members[0]]
            earlier = [group[k] for k in range(members[0]) if group[k][1] != category]
            for _other_path, other_category, other_name in earlier[:PLACES_NAMED]:
                ctx.add(
                    shared_code,
                    path,
                    f"{category} {name!r} and {other_category} {other_name!r} use the same inputs ({shown})",
                    "say in the rules how a player declares which one they play",
                )


def check_permutation(ctx: CheckContext, path: tuple, items: list[str], known: Iterable[str], what: str) -> None:
    """An ordered list must hold every known entry exactly once (tie-breakers, phase orders).

    Each place of an order is its own mistake, so a repeat is reported where it stands; but at most
    PLACES_NAMED times for one entry, and an unknown entry once, so a long list costs one pass."""
    known = list(known)
    allowed, listed = set(known), ", ".join(known)
    counts = Counter(items)
    reported: Counter[str] = Counter()
    for i, item in enumerate(items):
        reported[item] += 1
        if item not in allowed:
            if reported[item] == 1:
                often = f" ({times(counts[item])})" if counts[item] > 1 else ""
                ctx.add(
                    "PK314",
                    path + (i,),
                    f"{what} lists {item!r}{often}, which is not one of {listed}",
                    "use only the known entries",
                )
        elif 1 < reported[item] <= PLACES_NAMED + 1:
            ctx.add(
                "PK314", path + (i,), f"{what} lists {item!r} {times(counts[item])}", "each entry appears exactly once"
            )
    missing = [k for k in known if k not in counts]
    if missing:
        ctx.add("PK314", path, f"{what} leaves out {', '.join(missing)}", "add the missing entries in order")


def check_equal(ctx: CheckContext, path: tuple, value: float, expected: float, message: str, hint: str = "") -> bool:
    """Two numbers the rules state separately must agree (a threshold, a total, a deck after setup)."""
    if value != expected:
        ctx.add("PK315", path, f"{message}: {value:g} ≠ {expected:g}", hint)
        return False
    return True


def check_hand_limit(ctx: CheckContext, path: tuple, limit: int, discard_to: int) -> None:
    """A player over the hand limit discards down to the limit itself (PK315): "more than 6, discard down to 5"
    punishes one card over twice as hard as it should."""
    if discard_to != limit:
        ctx.add(
            "PK315",
            path,
            f"a player over the limit of {limit} discards down to {discard_to}, so one with {limit} cards keeps "
            f"{limit} while one with {limit + 1} drops to {discard_to}: {discard_to} ≠ {limit}",
            "discard down to the hand limit itself, or make the limit and the target one number",
        )


def check_supply(ctx: CheckContext, path: tuple, have: int, win: int, gain: int, what: str, players: int = 1) -> None:
    """A supply holds what the rules can need (PK332): a player one short of a win who gains the most one turn
    allows (and, for a shared supply, every other player one short as well) must still find one to take."""
    need = players * (win - 1) + gain
    if have < need:
        others = f"{players} players each on {win - 1}, one of them gaining {gain}" if players > 1 else ""
        why = others or f"a player on {win - 1} who gains {gain} in one turn"
        ctx.add(
            "PK332",
            path,
            f"{have} {what}, but {why} holds {need} before the win is checked",
            f"make at least {need}, or check the win as soon as it is reached",
        )


def check_choice(ctx: CheckContext, path: tuple, options: list, what: str) -> None:
    """A choice with fewer than two options is not a choice."""
    if len(options) < 2:
        ctx.add(
            "PK316",
            path,
            f"{what} offers {len(options)} option(s)",
            "give at least two options, or make it a fixed effect",
        )


def check_rule_tables(ctx: CheckContext, kit: KitBase) -> None:
    """Every row of a rule table has one cell per column: a cell too many would be dropped."""
    for i, section in enumerate(kit.rules.sections if kit.rules else []):
        if section.table is None:
            continue
        columns = len(section.table.columns)
        for r, row in enumerate(section.table.rows):
            if len(row) != columns:
                ctx.add(
                    "PK325",
                    ("rules", "sections", i, "table", "rows", r),
                    f"this row has {len(row)} cells for {columns} columns",
                    "give every row one cell per column",
                )


CREDIT_PARTS = re.compile(r"[·・|/\n]|\u3000|\s{2,}")
"""What separates the credits' parts: "Rules: A · kit: B", 「ルール：A　キット：B」."""


def _bare(text: str) -> str:
    """A name with its case, spaces, quotes and punctuation dropped, for comparing a credit with the title."""
    return "".join(ch for ch in unicodedata.normalize("NFKC", text).casefold() if ch.isalnum())


def check_credits(ctx: CheckContext, kit: KitBase) -> None:
    """PK345: a credit whose name is the game's title ("Rules: WIZARD'S ELEMENT COLLECTION") credits nobody."""
    titles = {_bare(kit.title.get(lang)) for lang in ctx.languages} - {""}
    for lang in ctx.languages:
        credits = kit.credits(lang)
        for part in CREDIT_PARTS.split(credits):
            role, sep, name = part.replace("：", ":").partition(":")
            name = name if sep else role
            if _bare(name) in titles:
                where = ("author",) if isinstance(kit.author, str) else ("author", lang)
                ctx.add(
                    "PK345",
                    where,
                    f"the credit {part.strip()!r} names the game, not the person who designed it",
                    "name the designer; if the rulebook does not, say so (e.g. 'the designer of …, not named in the "
                    "rulebook')",
                )
                break


def check_end_conditions(ctx: CheckContext, kit: KitBase) -> None:
    """Every way the game can end names a tie-break."""
    check_unique_ids(ctx, kit.end_conditions, ("end_conditions",), "end condition")
    for i, end in enumerate(kit.end_conditions):
        if end.tie_break is None:
            ctx.add(
                "PK319",
                ("end_conditions", i),
                f"end condition {end.id!r} does not say how ties are broken",
                "add `tie_break:`",
            )


def check_generated_sections(ctx: CheckContext, kit: KitBase, known: Sequence[str]) -> None:
    """A rule section that asks for a `generated:` table or drawing names one its game can make (every game can
    make `open-questions`, the list of what the kit leaves `unspecified`)."""
    known = (*known, "open-questions")
    for i, section in enumerate(kit.rules.sections if kit.rules else []):
        if section.generated is not None and section.generated not in known:
            ctx.add(
                "PK305",
                ("rules", "sections", i, "generated"),
                f"the rule summary cannot draw {section.generated!r}",
                f"use one of {', '.join(known)}, or write a `table:`",
            )
