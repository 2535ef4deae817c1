"""Resources over the longest game: what setup and every turn take, against what exists."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..checks import CheckContext
from ..types import Unspecified
from .vocabulary import Numbers, supply_wins

if TYPE_CHECKING:
    from ..components.kit import KitBase
    from ..components.play import Pile


def deck_cards(kit: KitBase, deck_id: str) -> int | None:
    """How many cards deck `deck_id` prints, or None when its cards come from a model list."""
    for deck in kit.decks:
        if deck.id == deck_id:
            return sum(card.copies for card in deck.cards) if deck.source is None else None
    return None


def check_flow(ctx: CheckContext, kit: KitBase, numbers: Numbers) -> None:
    play = kit.play
    if play is None:
        return
    turns = _turns_per_player(kit, numbers)
    for p, pile in enumerate(play.piles):
        _check_pile(ctx, kit, p, pile, turns, numbers)
    if len(play.piles) == 1:  # with one pile, what a hand can reach is known
        _check_hand_limit_binds(ctx, kit, play.piles[0], turns, numbers)
    _check_effect_timing(ctx, kit, numbers)
    _check_wins_reachable(ctx, kit, numbers)


def _check_wins_reachable(ctx: CheckContext, kit: KitBase, numbers: Numbers) -> None:
    """A win that needs more than a player can gain over the longest game never happens: the game always ends on
    its length first (PK358)."""
    play = kit.play
    length = play.length if play else None
    if play is None or length is None:
        return
    most = numbers(("play", "length", "max"), length.max)
    if most is None:
        return
    turns = -(-most // kit.players.min) if length.unit == "turn" else most  # a player's turns, at the fewest players
    for s, supply in enumerate(play.supplies):
        wins = supply_wins(kit, s, supply, numbers)
        win = min(wins.values()) if wins else None  # the easiest win: if even that cannot happen, none can
        per_turn = numbers(("play", "supplies", s, "most_per_turn"), supply.most_per_turn)
        if win is None or per_turn is None or win <= per_turn * turns:
            continue
        ctx.add(
            "PK358",
            ("play", "supplies", s, "win"),
            f"a win at {win} {supply.name.get(ctx.languages[0])} can never happen: a player has at most {turns} "
            f"turn(s) in the longest game ({most} {length.unit}s) and gains at most {per_turn} a turn, "
            f"{per_turn * turns} in all, so the game always ends on its length first",
            "lower the win, let players gain more a turn, or lengthen the game",
        )


def dealt_per_player(kit: KitBase, p: int, pile: Pile, numbers: Numbers) -> dict[int, int]:
    """The cards pile `p` deals each player at setup, by player count: one number for all, or one per count."""
    path = ("play", "piles", p, "setup", "per_player")
    counts = range(kit.players.min, kit.players.max + 1)
    given = pile.setup.per_player
    if isinstance(given, dict):
        return {n: numbers(path + (n,), given[n]) or 0 for n in counts if n in given}
    return dict.fromkeys(counts, numbers(path, given) or 0)


def _rounds_dealt(kit: KitBase, pile: Pile, numbers: Numbers) -> int:
    """How many times setup's deal comes out of the pile: once, or once a round when it is dealt again each round
    from what is left (not when the whole pile is gathered and shuffled each round)."""
    length = kit.play.length if kit.play else None
    if not pile.setup.each_round or pile.reshuffle == "each-round" or length is None or length.unit != "round":
        return 1
    return numbers(("play", "length", "max"), length.max) or 1


def _turns_per_player(kit: KitBase, numbers: Numbers) -> tuple[int, int] | None:
    """(turns each player has, turns in all) over the longest game at the most players, or None when open."""
    length = kit.play.length if kit.play else None
    if length is None:
        return None
    most = numbers(("play", "length", "max"), length.max)
    if most is None:
        return None
    players = kit.players.max
    if length.unit == "turn":
        return -(-most // players), most
    return most, most * players


def _check_pile(
    ctx: CheckContext, kit: KitBase, p: int, pile: Pile, turns: tuple[int, int] | None, numbers: Numbers
) -> None:
    path = ("play", "piles", p)
    if isinstance(pile.holds, str) and not pile.holds.startswith("{"):
        size = deck_cards(kit, pile.holds)
        if size is None and all(deck.id != pile.holds for deck in kit.decks):
            ctx.add(
                "PK305",
                path + ("holds",),
                f"no deck named {pile.holds!r}",
                f"use one of {', '.join(d.id for d in kit.decks) or '(no decks)'}, or give the number of cards",
            )
    else:
        size = numbers(path + ("holds",), pile.holds)
    hands = dealt_per_player(kit, p, pile, numbers)
    if isinstance(pile.setup.per_player, dict):
        for n in range(kit.players.min, kit.players.max + 1):
            if n not in pile.setup.per_player:
                ctx.add(
                    "PK305",
                    path + ("setup", "per_player"),
                    f"the deal of {pile.name.get(ctx.languages[0])!r} gives no number for {n} players",
                    f"give one for every player count, {kit.players.min} to {kit.players.max}",
                )
    shared = numbers(path + ("setup", "shared"), pile.setup.shared) or 0
    draws = numbers(path + ("draws_per_turn",), pile.draws_per_turn) or 0
    if size is None:
        return
    name = pile.name.get(ctx.languages[0])
    rounds = _rounds_dealt(kit, pile, numbers)
    for players in range(kit.players.min, kit.players.max + 1):
        per_player = hands.get(players, 0)
        dealt = (per_player * players + shared) * rounds
        if dealt > size:
            again = f", each of {rounds} rounds," if rounds > 1 else ""
            ctx.add(
                "PK338",
                path + ("setup",),
                f"setup for {players} players deals {per_player} × {players} + {shared}{again} = {dealt} cards "
                f"from {name!r}, which holds {size}",
                "deal fewer cards, add cards, or narrow the player count",
            )
            return
    if turns is None or not draws:
        return
    _own_turns, all_turns = turns
    players = kit.players.max
    needed = hands.get(players, 0) * players + shared + draws * all_turns
    recycles = (
        pile.after_use == "deck"
        or pile.reshuffle == "each-round"  # a fresh deal each round: setup must fit (PK338), not the whole game
        or (pile.after_use == "discard" and pile.reshuffle == "when-empty")
    )
    if needed > size and not recycles:
        unit = kit.play.length.unit if kit.play and kit.play.length else "round"
        why = "used cards leave the game" if pile.after_use == "removed" else "the discards are never reshuffled"
        if isinstance(pile.reshuffle, Unspecified) or isinstance(pile.after_use, Unspecified):
            why = "the rulebook does not say it is reshuffled"
        ctx.add(
            "PK337",
            path,
            f"{name!r} holds {size} cards, but setup and {draws} a turn over the longest game "
            f"({all_turns} turns: {players} players, the most {unit}s) take {needed}, and {why}",
            "add cards, draw fewer, shorten the game, or reshuffle the discards (`reshuffle: each-round` when every "
            "round is dealt anew)",
        )


def _check_hand_limit_binds(
    ctx: CheckContext, kit: KitBase, pile: Pile, turns: tuple[int, int] | None, numbers: Numbers
) -> None:
    """A hand limit above what setup and every draw of the longest game can put in one hand never binds (PK339)."""
    limit = kit.play.hand_limit if kit.play else None
    most = numbers(("play", "hand_limit", "limit"), limit.limit) if limit is not None else None
    path = ("play", "piles", 0)
    per_player = max(dealt_per_player(kit, 0, pile, numbers).values(), default=0)
    draws = numbers(path + ("draws_per_turn",), pile.draws_per_turn) or 0
    if most is None or (draws and turns is None):
        return
    own_turns = turns[0] if turns else 0
    reach = per_player + draws * own_turns
    if reach <= most:
        ctx.add(
            "PK339",
            ("play", "hand_limit", "limit"),
            f"the hand limit of {most} never binds: a hand holds at most {per_player} + {draws} × {own_turns} = "
            f"{reach} cards",
            "lower the limit, or remove it",
        )


def _check_effect_timing(ctx: CheckContext, kit: KitBase, numbers: Numbers) -> None:
    """An effect that fires at the end of the last round, or lasts past it, happens after the game is over."""
    play = kit.play
    if play is None or play.length is None:
        return
    most = numbers(("play", "length", "max"), play.length.max)
    if most is None:
        return
    unit = play.length.unit
    for e, effect in enumerate(play.effects):
        timing = effect.timing
        if timing is None or timing.unit != unit:
            continue
        every = numbers(("play", "effects", e, "timing", "every"), timing.every)
        if not every:
            continue
        last = most - most % every
        if last == most and timing.at == "end":
            ctx.add(
                "PK342",
                ("play", "effects", e, "timing"),
                f"effect {effect.id!r} fires every {every} {unit}s, so its last one comes at the end of {unit} {most}, "
                "as the game ends: nothing says whether it fires before the winner is decided",
                f"say whether it fires in the last {unit} (before the final count) or not, or end the game before it",
            )
