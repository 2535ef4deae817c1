"""Facts a rulebook states in prose (a hand limit, a discard target, the player count, the cards dealt, a win, the
game's length), read from the text and checked against each other and the model as if declared in `play:`.

A number in prose is a finding only where it contradicts something the kit states (PK346), and the finding names
both places. A number that agrees, or that nothing else states, is silent: prose may repeat the model.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, replace
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
    """One fact: its kind, its number, where it is stated, what it counts (a win's supply), and what conditions it
    (`when`: the player counts it is said for, or a round or rank; None when nothing does)."""

    kind: str
    value: int
    path: tuple
    what: str = ""
    when: Condition | None = None

    def said(self) -> str:
        said = KINDS[self.kind].format(n=self.value, what=self.what)
        return said if self.when is None else f"{said} {self.when.said()}"


@dataclass(frozen=True)
class Condition:
    """What a number is said for: some player counts ("2〜3人なら", "with 4 or 5 players"), or one round, rank or
    table row. A value per player count, round or rank is a mapping, not a contradiction."""

    kind: str
    """'players', 'round', 'rank' or 'row'."""
    counts: frozenset[int] = frozenset()
    """The player counts, for 'players'."""
    name: tuple = ()
    """What names the round, rank or row."""

    def meets(self, other: Condition) -> bool:
        """Whether both can hold at once: overlapping player counts, or the same round, rank or row."""
        if self.kind == "players" and other.kind == "players":
            return bool(self.counts & other.counts)
        return self == other

    def said(self) -> str:
        if self.kind == "players":
            counts = sorted(self.counts)
            return f"with {counts[0]}–{counts[-1]} players" if len(counts) > 1 else f"with {counts[0]} players"
        return f"in {self.kind} {self.name[0]}" if self.kind != "row" else "in its table row"


MOST_PLAYERS = 20
""""3人以上" reads as 3 to this many."""
_RANGE = r"(?:\s*(?:[〜~～\-－–—]|または|か|・|と|to|or)\s*(\d{1,2}|" + "|".join(_WORDS) + r"))?"
CONDITIONS: dict[str, list[tuple[str, re.Pattern[str]]]] = {
    "ja": [
        (
            "players",
            re.compile(
                r"(\d{1,2})\s*人?" + _RANGE + r"\s*人\s*(以上|以下)?\s*(?:プレイ|戦|ゲーム)?\s*"
                r"(?:なら|の(?:場合|とき|時|際)|では|時|で(?:遊ぶ|プレイする)?(?:場合|とき|時|際|なら)|[:：]|のゲームでは)"
            ),
        ),
        ("round", re.compile(r"第\s*(\d{1,3})\s*(?:ラウンド|回戦|手番)|(\d{1,3})\s*(?:ラウンド|回戦|巡)目")),
        ("rank", re.compile(r"(\d{1,2})\s*位(?:なら|は|の|[:：])")),
    ],
    "en": [
        (
            "players",
            re.compile(
                rf"\b(?:with|in an?|for an?|at|if (?:there are|you have|playing with)|when playing with)\s+{_N}-?"
                + _RANGE
                + r"(\s*(?:or more|or fewer|or less|\+))?[- ]players?\b",
                re.I,
            ),
        ),
        ("players", re.compile(rf"^\s*{_N}-?" + _RANGE + r"(\s*(?:or more|or fewer|\+))?[- ]players?\s*[:(]", re.I)),
        (
            "players",
            re.compile(rf"\bfor\s+{_N}-?" + _RANGE + r"(\s*(?:or more|or fewer|\+))?[- ]players?(?=\s*,)", re.I),
        ),
        ("round", re.compile(rf"\b(?:in|on|during|for|of) (?:the )?(?:round|turn) {_N}\b", re.I)),
        (
            "round",
            re.compile(r"\b(?:in|on|during) the (first|second|third|fourth|fifth|final|last) (?:round|turn)\b", re.I),
        ),
        ("rank", re.compile(r"\b(\d{1,2})(?:st|nd|rd|th) place\b", re.I)),
    ],
}
"""Words that make the numbers after them (to the next condition, in one sentence) hold only for some player counts,
one round or one rank."""
_CLAUSE = re.compile(r"(?<=[。．！？!?；;、])|(?<=[.,]\s)")
_SENTENCE_END = re.compile(r"[。．！？!?]\s*$|[.]\s+$")


def _condition(lang: str, clause: str) -> tuple[Condition, tuple[int, int]] | None:
    """The first condition a clause states, and where."""
    for kind, pattern in CONDITIONS.get(lang, ()):
        match = pattern.search(clause)
        if match is None:
            continue
        numbers = [g for g in match.groups() if g and (g.isdigit() or g.casefold() in NUMBER_WORDS)]
        if not numbers:  # "the final round"
            return Condition(kind, name=(match.group(1).casefold(),)), match.span()
        values = [_number(n) for n in numbers]
        if kind != "players":
            return Condition(kind, name=(values[0],)), match.span()
        low, high = min(values), max(values)
        more = (match.group(len(match.groups())) or "") if lang == "en" else (match.group(3) or "")
        if "以上" in more or "more" in more or "+" in more:
            high = MOST_PLAYERS
        elif "以下" in more or "fewer" in more or "less" in more:
            low = 1
        return Condition(kind, frozenset(range(low, high + 1))), match.span()
    return None


def thing(name: str) -> str:
    """A supply's name as facts compare it: normalised, an English plural made singular ("Stars" → "star")."""
    norm = normalise_name(name)
    return norm[:-1] if norm.endswith("s") and norm.isascii() else norm


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBER_WORDS[word.casefold()]


def read_facts(path: tuple, lang: str, text: str, when: Condition | None = None) -> Iterator[Fact]:
    """The facts one text states, its `{placeholders}` already filled in. A clause that states a condition (a
    player count, a round, a rank) conditions its numbers and those of the clauses after it in the sentence; `when`
    conditions the whole text (a table row's cells)."""
    normal = unicodedata.normalize("NFKC", text)
    if lang == "ja" and not any(c.isdigit() for c in normal):
        return
    condition = when
    for clause in _CLAUSE.split(normal):
        found = _condition(lang, clause)
        skip = None
        if found is not None:
            condition, skip = found
        yield from _clause_facts(path, lang, clause, condition, skip)
        if _SENTENCE_END.search(clause):
            condition = when


def _clause_facts(
    path: tuple, lang: str, clause: str, when: Condition | None, condition_at: tuple[int, int] | None
) -> Iterator[Fact]:
    for kind, pattern in PATTERNS.get(lang, ()):
        for match in pattern.finditer(clause):
            groups = match.groups()
            if kind == "players":
                if when is not None or (condition_at and match.start() < condition_at[1]):
                    continue  # player counts a rule is given for, not the game's
                low, high = _number(groups[0]), _number(groups[1])
                if low <= high:
                    yield Fact("players-min", low, path)
                    yield Fact("players-max", high, path)
            elif kind == "win":
                what, n = (groups[0], groups[1]) if lang == "ja" else (groups[1], groups[0])
                yield Fact("win", _number(n), path, what, when)
            else:
                yield Fact(kind, _number(groups[0]), path, when=when)


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
    if len(dealt) == 1:
        p, pile = dealt[0]
        where = ("play", "piles", p, "setup", "per_player")
        per_player = pile.setup.per_player
        if isinstance(per_player, dict):  # by player count: a fact for each
            for n, amount in sorted(per_player.items()):
                value = numbers(where + (n,), amount)
                if value:
                    found.append(Fact("deal", value, where + (n,), when=Condition("players", frozenset({n}))))
        else:
            value = numbers(where, per_player)
            if value:
                found.append(Fact("deal", value, where))
    if play.length is not None and play.length.unit == "round":
        value = numbers(("play", "length", "max"), play.length.max)
        if value is not None:
            found.append(Fact("rounds", value, ("play", "length", "max")))
    for s, supply in enumerate(play.supplies):
        by_count = supply_wins(kit, s, supply, numbers)
        wins = set(by_count.values())
        names = [thing(name) for _lang, name in supply.name.given() if name]
        win_at = ("play", "supplies", s, "win")
        if len(wins) == 1:
            found += [Fact("win", next(iter(wins)), win_at, name) for name in names]
        else:  # a win that depends on the player count: a fact for each count
            for n, value in sorted(by_count.items()):
                when = Condition("players", frozenset({n}))
                found += [Fact("win", value, win_at + (n,), name, when) for name in names]
    return found


def check_prose_facts(ctx: CheckContext, kit: KitBase, texts: Texts, numbers: Numbers) -> None:
    """A fact the prose states against the same fact in the model, or stated with another number elsewhere in the
    prose; and a discard target below the hand limit (PK346)."""
    stated: list[Fact] = []
    seen: dict[tuple[str, str, Condition | None], list[Fact]] = {}  # a deck repeats its texts: each read once
    for path, lang, value in texts.prose:
        words = texts.words(path, value)
        key = (lang, words, _row_of(path))
        if key not in seen:
            seen[key] = list(read_facts((), lang, words, key[2]))
        stated += [replace(f, path=path) for f in seen[key]]
    if not stated:
        return
    model = model_facts(kit, numbers)
    known: dict[tuple[str, str], list[tuple[Fact, bool]]] = {}
    for fact in model:
        known.setdefault((fact.kind, thing(fact.what)), []).append((fact, True))
    reported: set[tuple] = set()
    for fact in stated:
        said_before = known.setdefault((fact.kind, thing(fact.what)), [])
        earlier = next((e for e, of_model in said_before if _same_case(e, of_model, fact)), None)
        if earlier is None or earlier.value == fact.value:
            if earlier is None:
                said_before.append((fact, False))
            continue
        if (fact.path, earlier.path) not in reported:
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
    limits = [f for f in model + stated if f.kind == "hand-limit" and f.when is None]
    for fact in stated:
        if fact.kind == "discard-to" and fact.when is None and limits and fact.value < limits[0].value:
            where = ctx.locate(limits[0].path).brief()
            ctx.add(
                "PK346",
                fact.path,
                f"the text has a player over the limit discard down to {fact.value}, below the hand limit of "
                f"{limits[0].value} at {where}: one with {limits[0].value} cards keeps them, one with "
                f"{limits[0].value + 1} drops to {fact.value}",
                "discard down to the hand limit itself, or make the limit and the target one number",
            )


def _row_of(path: tuple) -> Condition | None:
    """A table row's cells state values for the row's case (a player count, a round, a rank): a mapping, so each
    row is its own case."""
    if "table" in path and "rows" in path:
        at = path.index("rows")
        return Condition("row", name=path[: at + 2])
    return None


def _same_case(earlier: Fact, of_model: bool, fact: Fact) -> bool:
    """Whether two facts speak of the same case, so different numbers contradict: both unconditioned, or for
    player counts, a round or a rank that can hold at once. The model's one number holds for every player count; a
    rule's unconditioned number beside a conditioned one is a general rule and its exception."""
    if earlier.when is not None and fact.when is not None:
        return earlier.when.meets(fact.when)
    if earlier.when is None and fact.when is None:
        return True
    return (
        of_model
        and earlier.when is None
        and fact.when is not None
        and fact.when.kind == "players"
        and fact.kind in PER_COUNT_KINDS
    )


PER_COUNT_KINDS = frozenset({"deal", "win"})
"""Facts the model can state per player count (a pile's `per_player`, a supply's `win`): its one number then holds
for every count, and a rule's number for some counts must agree. Elsewhere the model cannot say it per count."""


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
