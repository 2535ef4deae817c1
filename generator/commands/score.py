"""Score a finished game. Any kit that declares scoring categories (`play.scoring`) takes each player's points
per category and prints the totals and places, ties broken by its `tie_break` order (generator.scoring):

    pnpkit score examples/koi-koi points.yaml        # 赤: {points: 12, rounds-won: 3}

Wizard's Element Collection scores the cards each player holds instead: each kind of element, the best use
of the wild cards, and the Evil majority, worked out by the kit's own rule model.

Give each player's cards in a YAML file, a mapping from player to cards, the
cards as a list of names or as name: count:

    赤: [草, 草, 草, 草, 心, 心, 心, 無]
    青: {光: 2, 邪: 3}

or type them, one player a line, when no file is given:

    赤: 草×4 心×3 無
    青: 光 光 邪 邪 邪

Card names may be written in any language the kit ships, or as card ids.
Who holds the most Evil is judged among the players given, so list everyone.
Exit status: 0 scored, 1 bad input (one line, file:line:col), 2 usage errors.
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, TextIO

from ..commandline import language_tag
from ..scoring import InputError, name_index, read_mapping

if TYPE_CHECKING:
    from pnpkit.validator.components.kit import KitBase
    from pnpkit.validator.components.play import Scoring
    from pnpkit.validator.games.wizards_element_collection import (
        KindScore,
        PlayerScore,
        WizardsElementCollectionKit,
    )

GAME = "wizards-element-collection"
STDIN = "<stdin>"


def tr(key: str, lang: str) -> str:
    """The game's word for `key`, from the table its printed pages use.

    Imported on first use: the game's layouts are too heavy for `pnpkit score --help`.
    """
    from ..games.wizards_words import tr as words

    return words(key, lang)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter  # keep the examples above as written
    parser.add_argument(
        "kit", type=Path, metavar="KIT", help="the kit directory (examples/koi-koi, content/wizards-element-collection)"
    )
    parser.add_argument(
        "cards",
        type=Path,
        nargs="?",
        metavar="CARDS.yaml",
        help="each player's points by category (or, for Wizard's Element Collection, cards); without it, type them "
        "(one player a line)",
    )
    parser.add_argument(
        "--lang",
        type=language_tag,
        metavar="TAG",
        help="language of the card names printed: one the kit ships (default: the kit's first)",
    )
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="how to print the scores (default: text)"
    )


def run(args: argparse.Namespace) -> int:
    from pnpkit.validator.findings import render_text
    from pnpkit.validator.games.wizards_element_collection import WizardsElementCollectionKit
    from pnpkit.validator.kit import load_kit

    if not args.kit.is_dir():
        return _usage(f"{args.kit} is not a kit directory")
    loaded = load_kit(args.kit)
    if loaded.kit is None or loaded.report.has_errors:
        errors = loaded.report.errors
        if any(f.code == "PK204" for f in errors) or (loaded.kit is None and not errors):
            return _usage(f"{args.kit} is not a kit pnpkit can score (its game is unknown)")
        print(render_text(errors), file=sys.stderr)
        return 1
    kit = loaded.kit
    lang = args.lang or kit.languages[0]
    if lang not in kit.languages:
        return _usage(f"{args.kit} has no {lang!r} edition; it ships {', '.join(kit.languages)}")
    if not isinstance(kit, WizardsElementCollectionKit):
        scoring = kit.play.scoring if kit.play is not None else None
        if scoring is None:
            return _usage(
                f"{args.kit} declares no scoring categories; add `play: {{scoring: {{categories: [...]}}}}` to score it"
            )
        return score_points(args, kit, scoring, lang)
    try:
        if args.cards is not None:
            if not args.cards.is_file():
                return _usage(f"{args.cards} does not exist")
            hands = read_yaml_hands(args.cards, kit)
        else:
            if sys.stdin.isatty():
                print(tr("score_prompt", lang), file=sys.stderr)
            hands = read_typed_hands(sys.stdin, kit)
    except InputError as exc:
        print(exc, file=sys.stderr)
        return 1
    scores = kit.score({player: dict(hand.counts) for player, hand in hands.items()})
    if args.format == "json":
        import json

        print(json.dumps(as_json(scores), ensure_ascii=False, indent=2))
    else:
        print(render(kit, scores, lang))
    return 0


def score_points(args: argparse.Namespace, kit: KitBase, scoring: Scoring, lang: str) -> int:
    """Any kit with scoring categories: points per category in, totals and places out."""
    from pnpkit.validator.score_sheet import rank

    from ..scoring import points_json, read_typed_points, read_yaml_points, render_points

    try:
        if args.cards is not None:
            if not args.cards.is_file():
                return _usage(f"{args.cards} does not exist")
            points = read_yaml_points(args.cards, kit, scoring)
        else:
            if sys.stdin.isatty():
                ids = " ".join(f"{category.id}=…" for category in scoring.categories)
                print(f"name: {ids}   (one player a line; an empty line ends)", file=sys.stderr)
            points = read_typed_points(sys.stdin, kit, scoring)
    except InputError as exc:
        print(exc, file=sys.stderr)
        return 1
    scored = rank(scoring, points)
    if args.format == "json":
        import json

        print(json.dumps(points_json(scored), ensure_ascii=False, indent=2))
    else:
        print(render_points(scoring, scored, lang))
    return 0


def _usage(message: str) -> int:
    print(f"pnpkit: error: {message}", file=sys.stderr)
    return 2


# ---------------------------------------------------------------- reading cards


class Hand(NamedTuple):  # not a dataclass: `pnpkit score --help` need not load that module
    counts: Counter
    where: dict[str, str]  # card id → the place it was last named, for messages


def card_index(kit: WizardsElementCollectionKit) -> dict[str, str]:
    """Every way to write a card: its id and its names in each language, normalised."""
    from pnpkit.validator.games.wizards_element_collection import card_key

    return name_index(kit.elements, card_key)


def _resolve(kit: WizardsElementCollectionKit, index: dict[str, str], name: object, where: str) -> str:
    from pnpkit.validator.games.wizards_element_collection import card_key

    if not isinstance(name, str) or not name.strip():
        raise InputError(f"{where}: a card is written by its name, e.g. {kit.elements[0].name.get('ja')!r}")
    card = index.get(card_key(name))
    if card is None:
        known = ", ".join(e.name.get("ja") for e in kit.elements)
        raise InputError(f"{where}: unknown card {name!r} (cards: {known})")
    return card


def read_yaml_hands(path: Path, kit: WizardsElementCollectionKit) -> dict[str, Hand]:
    source = read_mapping(path, "cards as `player: [card, card, …]`")  # bounded and strict, as kit files are
    data = source.data
    display = str(path)
    index = card_index(kit)
    hands: dict[str, Hand] = {}
    for player, cards in data.items():
        key_at = str(source.locate((player,), key=True))
        name = str(player)
        hand = Hand(Counter(), {})
        if isinstance(cards, list):
            for i, card in enumerate(cards):
                at = str(source.locate((player, i)))
                card_id = _resolve(kit, index, card, at)
                hand.counts[card_id] += 1
                hand.where[card_id] = at
        elif isinstance(cards, dict):
            for card, count in cards.items():
                at = str(source.locate((player, card), key=True))
                card_id = _resolve(kit, index, card, at)
                if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                    raise InputError(
                        f"{source.locate((player, card))}: the count of {card} must be a whole number of 0 or more (got {count!r})"
                    )
                hand.counts[card_id] += count
                hand.where[card_id] = at
        elif cards is None:
            pass
        else:
            raise InputError(
                f"{source.locate((player,))}: {name}'s cards must be a list of names or a mapping of name: count"
            )
        hands[name] = hand
        hand.where.setdefault("", key_at)
    _check_hands(kit, hands, display)
    return hands


_TOKEN = re.compile(r"[^\s,、，]+")
MAX_COUNT_DIGITS = 6
_COUNT = re.compile(r"^(.+?)(?:[×xX*＊](\d+))$")


def read_typed_hands(stream: TextIO, kit: WizardsElementCollectionKit) -> dict[str, Hand]:
    """One player a line, `name: card card×2 …`; an empty line or the end of input finishes."""
    index = card_index(kit)
    hands: dict[str, Hand] = {}
    for number, raw in enumerate(stream, start=1):
        line = raw.rstrip("\n")
        if not line.strip():
            if hands:
                break
            continue
        sep = next((i for i, ch in enumerate(line) if ch in ":："), -1)
        if sep < 0:
            raise InputError(f"{STDIN}:{number}:1: write `name: cards`, e.g. `赤: 草×4 心 無`")
        player = line[:sep].strip()
        if not player:
            raise InputError(f"{STDIN}:{number}:1: the player has no name")
        if player in hands:
            raise InputError(f"{STDIN}:{number}:1: {player} is already listed")
        hand = Hand(Counter(), {"": f"{STDIN}:{number}:1"})
        for match in _TOKEN.finditer(line, sep + 1):
            token, col = match.group(0), match.start() + 1
            at = f"{STDIN}:{number}:{col}"
            counted = _COUNT.match(token)
            if counted and len(counted.group(2)) > MAX_COUNT_DIGITS:  # no box holds so many; and int() would refuse
                raise InputError(
                    f"{at}: {counted.group(1)} counted with {len(counted.group(2))} digits; no game has so many"
                )
            name, count = (counted.group(1), int(counted.group(2))) if counted else (token, 1)
            card_id = _resolve(kit, index, name, at)
            hand.counts[card_id] += count
            hand.where[card_id] = at
        hands[player] = hand
    if not hands:
        raise InputError(f"{STDIN}:1:1: no players given; write `name: cards`, one player a line")
    _check_hands(kit, hands, STDIN)
    return hands


def _check_hands(kit: WizardsElementCollectionKit, hands: dict[str, Hand], display: str) -> None:
    """No more players than the game takes, and no card held more often than the box has it."""
    if len(hands) > kit.players.max:
        last = list(hands.values())[-1]
        raise InputError(
            f"{last.where['']}: {len(hands)} players, but the game is for {kit.players.min}–{kit.players.max}"
        )
    held: Counter = Counter()
    elements = {element.id: element for element in kit.elements}
    for hand in hands.values():
        for card_id, n in hand.counts.items():
            held[card_id] += n
            element = elements[card_id]
            if held[card_id] > element.copies:
                raise InputError(
                    f"{hand.where[card_id]}: {held[card_id]} {element.name.get('en')} cards in all, but the game has {element.copies}"
                )


# ---------------------------------------------------------------- printing


def _name(kit: WizardsElementCollectionKit, card_id: str | None, lang: str) -> str:
    if card_id is None:
        return tr("unused", lang)
    element = kit.element(card_id)
    return element.name.get(lang) if element else card_id


def explain(kit: WizardsElementCollectionKit, kind: KindScore, lang: str) -> str:
    """How a kind's points came about, in a few symbols: `30 × 4/2`, `odd → -10`."""
    element = kit.element(kind.card)
    if element is None:
        return ""
    n = kind.count
    if kind.rule == "even":
        return f"{tr('even', lang)}: {element.points} × {n}/2"
    if kind.rule == "odd":
        return f"{tr('odd', lang)} → {element.negative}"
    if kind.rule == "each":
        return f"{tr('per_card', lang)}: {element.points} × {n}"
    if kind.rule == "majority":
        return f"{tr('not_most', lang)}: {element.points} × {n}"
    if kind.rule == "most":
        return tr("most_no_loss", lang)
    return ""


def _cells(text: str) -> int:
    """Terminal columns: wide (CJK) characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _cells(text))


def render(kit: WizardsElementCollectionKit, scores: list[PlayerScore], lang: str) -> str:
    lines = []
    unit = tr("points_suffix", lang)
    width = max((_cells(_name(kit, k.card, lang)) for sc in scores for k in sc.kinds), default=2)
    rule_width = max((_cells(explain(kit, k, lang)) for sc in scores for k in sc.kinds), default=10)
    for sc in scores:
        lines.append(f"{sc.player}: {sc.total}{unit}")
        for kind in sc.kinds:
            name = _pad(_name(kit, kind.card, lang), width)
            if kind.rule == "wild":
                uses = ", ".join(_name(kit, as_id, lang) for wild, as_id in sc.wild_uses if wild == kind.card)
                lines.append(f"  {name}  {_pad(f'×{kind.held}', 5)} → {uses}")
                continue
            count = f"×{kind.held}" + (f"+{kind.wilds}" if kind.wilds else "")
            points = f"{kind.points:+d}" if kind.points else "0"
            lines.append(f"  {name}  {_pad(count, 5)} {_pad(explain(kit, kind, lang), rule_width)}  {points:>5}")
        lines.append("")
    ranked = sorted(scores, key=lambda sc: -sc.total)
    places = []
    for sc in ranked:
        place = 1 + sum(1 for other in ranked if other.total > sc.total)
        places.append(f"{place}. {sc.player} {sc.total}{unit}")
    lines.append(f"{tr('ranking', lang)}: " + "  ".join(places))
    return "\n".join(lines)


def as_json(scores: list[PlayerScore]) -> list[dict]:
    return [
        {
            "player": sc.player,
            "total": sc.total,
            "kinds": [
                {"card": k.card, "held": k.held, "wilds": k.wilds, "rule": k.rule, "points": k.points} for k in sc.kinds
            ],
            "wilds": [{"card": wild, "as": as_id} for wild, as_id in sc.wild_uses],
        }
        for sc in scores
    ]
