"""Facts a rulebook states in prose (a hand limit, a discard target, the player count, the cards dealt, a win, the
game's length), read from the text and checked against each other and the model as if declared in `play:`.

A number in prose is a finding only where it contradicts something the kit states (PK346), and the finding names
both places. A number that agrees, or that nothing else states, is silent: prose may repeat the model.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..checks import CheckContext
from ..names import normalise_name
from .prose import Texts
from .vocabulary import Numbers, supply_wins

if TYPE_CHECKING:
    from ..components.kit import KitBase

_WORDS = [
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
]
NUMBER_WORDS = {word: n for n, word in enumerate(_WORDS, start=1)}
_N = r"(\d{1,4}|" + "|".join(_WORDS) + r")"
"""A number, in digits or (English) as a word up to sixteen."""

KINDS = {
    "hand-limit": "a hand limit of {n}",
    "discard-to": "discarding down to {n}",
    "players-min": "at least {n} players",
    "players-max": "at most {n} players",
    "deal": "{n} cards dealt to each player",
    "rounds": "a game of {n} rounds",
    "win": "a win at {n} {what}",
}
"""What each kind of fact says, for the message."""

PATTERNS: dict[str, list[tuple[str, re.Pattern[str]]]] = {
    "en": [
        ("hand-limit", re.compile(rf"\bhand limit (?:is |of )?{_N}\b", re.I)),
        (
            "hand-limit",
            re.compile(rf"\b(?:no more than|at most|up to) {_N} cards in (?:your|their|his|her|a) hand", re.I),
        ),
        ("discard-to", re.compile(rf"\bdiscards? (?:cards )?(?:down )?to {_N}\b", re.I)),
        ("players", re.compile(rf"\b{_N}\s*(?:-|–|—|to)\s*{_N} players\b", re.I)),
        ("deal", re.compile(rf"\bdeals? {_N} cards? (?:to|for) each player", re.I)),
        ("deal", re.compile(rf"\beach player (?:draws|takes|is dealt|gets) {_N} cards?\b", re.I)),
        ("rounds", re.compile(rf"\b(?:lasts?|play|after|game of) {_N} rounds\b", re.I)),
        (
            "win",
            re.compile(
                rf"\b(?:first to|who first) (?:collects?|gathers?|reach(?:es)?|holds?|has|gets?) {_N} ([a-z]+)",
                re.I,
            ),
        ),
    ],
    "ja": [
        ("hand-limit", re.compile(r"手札(?:の)?上限(?:枚数)?(?:は|を|が|：|:)?\s*(\d{1,4})\s*枚")),
        ("hand-limit", re.compile(r"手札は(\d{1,4})枚まで")),
        ("discard-to", re.compile(r"(\d{1,4})枚になるまで(?:手札を|カードを)?(?:選んで)?捨て")),
        ("players", re.compile(r"(\d{1,2})\s*[〜~～\-－–]\s*(\d{1,2})\s*人")),
        ("deal", re.compile(r"(\d{1,4})枚ずつ配")),
        ("rounds", re.compile(r"全\s*(\d{1,4})\s*(?:ラウンド|回戦)")),
        ("rounds", re.compile(r"(\d{1,4})\s*(?:ラウンド|回戦)(?:を?行う|で終了|が終わ)")),
        (
            "win",
            re.compile(
                r"([ァ-ヺー一-龯々]{1,10})を(\d{1,4})(?:個|枚|つ)(?:以上)?(?:集め|獲得し|獲得す|そろえ|揃え)[^。]{0,12}勝"
            ),
        ),
    ],
}


@dataclass(frozen=True)
class Fact:
    """One fact: its kind, its number, where it is stated, and what it counts (a win's supply)."""

    kind: str
    value: int
    path: tuple
    what: str = ""

    def said(self) -> str:
        return KINDS[self.kind].format(n=self.value, what=self.what)


def thing(name: str) -> str:
    """A supply's name as facts compare it: normalised, an English plural made singular ("Stars" → "star")."""
    norm = normalise_name(name)
    return norm[:-1] if norm.endswith("s") and norm.isascii() else norm


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBER_WORDS[word.casefold()]


def read_facts(path: tuple, lang: str, text: str) -> Iterator[Fact]:
    """The facts one text states, its `{placeholders}` already filled in."""
    normal = unicodedata.normalize("NFKC", text)
    if lang == "ja" and not any(c.isdigit() for c in normal):
        return
    for kind, pattern in PATTERNS.get(lang, ()):
        for match in pattern.finditer(normal):
            groups = match.groups()
            if kind == "players":
                low, high = _number(groups[0]), _number(groups[1])
                if low <= high:
                    yield Fact("players-min", low, path)
                    yield Fact("players-max", high, path)
            elif kind == "win":
                what, n = (groups[0], groups[1]) if lang == "ja" else (groups[1], groups[0])
                yield Fact("win", _number(n), path, what)
            else:
                yield Fact(kind, _number(groups[0]), path)


def model_facts(kit: KitBase, numbers: Numbers) -> list[Fact]:
    """What the model states of the same kinds."""
    found = [
        Fact("players-min", kit.players.min, ("players", "min")),
        Fact("players-max", kit.players.max, ("players", "max")),
    ]
    play = kit.play
    if play is None:
        return found
    limit = play.hand_limit
    if limit is not None:
        value = numbers(("play", "hand_limit", "limit"), limit.limit)
        if value is not None:
            found.append(Fact("hand-limit", value, ("play", "hand_limit", "limit")))
        target = numbers(("play", "hand_limit", "discard_to"), limit.discard_to)
        if target is not None:
            found.append(Fact("discard-to", target, ("play", "hand_limit", "discard_to")))
    dealt = [(p, pile) for p, pile in enumerate(play.piles) if pile.setup.per_player]
    if len(dealt) == 1 and not isinstance(dealt[0][1].setup.per_player, dict):  # by player count: no one fact
        p, pile = dealt[0]
        value = numbers(("play", "piles", p, "setup", "per_player"), pile.setup.per_player)
        if value:
            found.append(Fact("deal", value, ("play", "piles", p, "setup", "per_player")))
    if play.length is not None and play.length.unit == "round":
        value = numbers(("play", "length", "max"), play.length.max)
        if value is not None:
            found.append(Fact("rounds", value, ("play", "length", "max")))
    for s, supply in enumerate(play.supplies):
        wins = set(supply_wins(kit, s, supply, numbers).values())
        value = wins.pop() if len(wins) == 1 else None  # a win that depends on the player count is no one fact
        if value is not None:
            for _lang, name in supply.name.given():
                if name:
                    found.append(Fact("win", value, ("play", "supplies", s, "win"), thing(name)))
    return found


def check_prose_facts(ctx: CheckContext, kit: KitBase, texts: Texts, numbers: Numbers) -> None:
    """A fact the prose states against the same fact in the model, or stated with another number elsewhere in the
    prose; and a discard target below the hand limit (PK346)."""
    stated: list[Fact] = []
    seen: dict[tuple[str, str], list[tuple[str, int, str]]] = {}  # a deck repeats its texts: each read once
    for path, lang, value in texts.prose:
        words = texts.words(path, value)
        key = (lang, words)
        if key not in seen:
            seen[key] = [(f.kind, f.value, f.what) for f in read_facts((), lang, words)]
        stated += [Fact(kind, n, path, what) for kind, n, what in seen[key]]
    if not stated:
        return
    model = model_facts(kit, numbers)
    first: dict[tuple[str, str], Fact] = {}
    for fact in model:
        first.setdefault((fact.kind, thing(fact.what)), fact)
    reported: set[tuple] = set()
    for fact in stated:
        key = (fact.kind, thing(fact.what))
        earlier = first.setdefault(key, fact)
        if earlier.value != fact.value and (fact.path, earlier.path) not in reported:
            reported.add((fact.path, earlier.path))
            where = ctx.locate(earlier.path).brief()
            source = "the model says" if earlier in model else "the rules say"
            ctx.add(
                "PK346",
                fact.path,
                f"the text says {fact.said()}, but {source} {earlier.said()} at {where}",
                "make them one number: write it as a {placeholder} of the kit's parameters",
            )
    _check_wins_against_supplies(ctx, kit, [f for f in stated if f.kind == "win"], numbers)
    limits = [f for f in model + stated if f.kind == "hand-limit"]
    for fact in stated:
        if fact.kind == "discard-to" and limits and fact.value < limits[0].value:
            where = ctx.locate(limits[0].path).brief()
            ctx.add(
                "PK346",
                fact.path,
                f"the text has a player over the limit discard down to {fact.value}, below the hand limit of "
                f"{limits[0].value} at {where}: one with {limits[0].value} cards keeps them, one with "
                f"{limits[0].value + 1} drops to {fact.value}",
                "discard down to the hand limit itself, or make the limit and the target one number",
            )


def _check_wins_against_supplies(ctx: CheckContext, kit: KitBase, wins: list[Fact], numbers: Numbers) -> None:
    """A win the prose states at more of a supply than a player can ever hold can never happen (PK358)."""
    if not wins or kit.play is None:
        return
    supplies = {}
    for s, supply in enumerate(kit.play.supplies):
        count = numbers(("play", "supplies", s, "count"), supply.count)
        if count is not None:
            for _lang, name in supply.name.given():
                if name:
                    supplies[thing(name)] = (count, s)
    for fact in wins:
        found = supplies.get(thing(fact.what))
        if found is not None and fact.value > found[0]:
            count, s = found
            ctx.add(
                "PK358",
                fact.path,
                f"the text says {fact.said()}, but a player can hold at most {count} "
                f"(play.supplies at {ctx.locate(('play', 'supplies', s, 'count')).brief()}): it can never happen",
                "lower the win, or make more of the supply",
            )


def check_card_titles(ctx: CheckContext, kit: KitBase) -> None:
    """Two card designs of one deck printed under one title whose rules differ (PK364): a rule that names the card
    cannot say which. Designs that differ only in art or flavour (two jokers, a month's two chaff cards) are one
    card to the rules, and silent."""
    from ..repeats import repeated

    for d, deck in enumerate(kit.decks):
        for lang in ctx.languages:
            titled = []
            for c, card in enumerate(deck.cards):
                title = _card_title(card)
                value = getattr(title[0], lang, None) if title else None
                if title and value:
                    titled.append((normalise_name(value), c, ("decks", d, "cards", c) + title[1] + (lang,)))
            shared = {group.key for group in repeated((name, c) for name, c, _where in titled)}
            rules: dict[str, set[str]] = {}  # read only for the titles given twice: most decks have none
            for name, c, _where in titled:
                if name in shared:
                    rules.setdefault(name, set()).add(_rules_of(deck.cards[c], lang))
            for group in repeated((name, where) for name, _c, where in titled if len(rules.get(name, ())) > 1):
                ctx.add(
                    "PK364",
                    group.places[1],
                    f"two different cards of deck {deck.id!r} share the title {group.key!r} and differ in their "
                    f"rules ({group.times}; {group.where(ctx.source)})",
                    "give each design its own title, or make them one design with `count:` copies",
                )


def _rules_of(card: object, lang: str) -> str:
    """What a card says to the rules, in `lang`: every value but its id, count, title, back, pictures and flavour."""
    from pydantic import BaseModel

    from .prose import is_flavour

    data = card.model_dump(mode="json", exclude={"id", "count", "title", "back"}) if isinstance(card, BaseModel) else {}
    kept = {}
    values = {**(data.pop("fill", None) or {}), **data}
    for key, value in sorted(values.items()):
        if is_flavour((key,)) or key in ("picture", "image", "art") or value is None:
            continue
        if isinstance(value, dict) and lang in value:
            value = value[lang]
        if isinstance(value, dict) and ("file" in value or "image" in value):
            continue  # a picture with its focus
        kept[key] = value
    return repr(kept)


def _card_title(card: object) -> tuple[object, tuple] | None:
    """A card's title and where it is written: `title:`, or `fill: {title: …}`."""
    title = getattr(card, "title", None)
    if title is not None:
        return title, ("title",)
    fill_value = getattr(card, "fill", None)
    if isinstance(fill_value, dict) and hasattr(fill_value.get("title"), "get"):
        return fill_value["title"], ("fill", "title")
    return None


_PARTS = re.compile(r"\s*(?:[+＋×&]|・|\band\b|と)\s*")
"""What joins the inputs of a combination in a table cell: "Fire + Water", 「火と水」, 「火・水」."""


def check_table_rows(ctx: CheckContext, kit: KitBase) -> None:
    """A rule table that lists one row twice, or one combination twice in any order ("Fire + Water" and
    "Water + Fire"): two results for one pair (PK365)."""
    from ..repeats import repeated

    for i, section in enumerate(kit.rules.sections if kit.rules else []):
        table = section.table
        if table is None:
            continue
        for lang in ctx.languages:
            keys = []
            for r, row in enumerate(table.rows):
                cells = [normalise_name(getattr(cell, lang, None) or "") for cell in row]
                parts = [p for p in _PARTS.split(cells[0]) if p] if cells else []
                key = ("pair", frozenset(parts)) if len(parts) >= 2 else ("row", tuple(cells))
                keys.append((key, ("rules", "sections", i, "table", "rows", r, 0, lang)))
            for group in repeated(keys):
                kind, _value = group.key
                shown = getattr(table.rows[group.places[1][5]][0], lang, "")
                what = "the combination" if kind == "pair" else "the row"
                ctx.add(
                    "PK365",
                    group.places[1],
                    f"the table lists {what} {shown!r} {group.times} ({group.where(ctx.source)})",
                    "keep one row for it; for a combination, the order of its inputs does not matter",
                )
