"""Wizard's Element Collection played out: move, power-up, collect, summon, refill, and the score.

Every number comes from the kit's rule model (`WizardsElementCollectionKit`): the parameters (dice,
dice_sides, collect_take, steal_cards, summons_per_turn, final_turns, field and reserve cards), the
element deck's counts, the cards' points, phases, icons and effect numbers (Earth's steps, Grass's and
Light's cards, Dark's draw and keep, Water's cards and the cards its text forbids), the board's spaces,
values, player spaces and `collects` lines, the 魔力 sheet, and the phases' orders. The end-of-game
scores are the rule model's own (`score_players`, what `pnpkit score` prints). The engine holds the
turn structure of the rulebook (shared/seeds/002) and which effect each card id has (`EFFECTS`;
the kit's cards carry their numbers and text but no machine-readable effect, and a card whose id it
does not know only scores and powers up):

    move     in ascending order of last turn's 魔力 (first turn: seat order), roll and move clockwise;
             before the move is final, Move cards (Wind: roll again; Earth: steps forward or back per
             card; Ice: stay, and push out whoever lands there); then the space: own player space,
             another colour's player space, or a 魔力 space where a player has finished moving
    power    lowest 魔力 first: summon cards for their points (no effects), passing another player to a
             free value on the sheet, or decline and take the lowest free action-order slot
    collect  in action order, collect_take cards from the line the space's arrow points at
    summon   in action order, up to summons_per_turn Call or Self card; a Call may be stopped by Reflect;
             then the field is refilled from the deck, then the reserve; when it cannot be filled, the
             game ends after final_turns more turns

Decisions inside an action (which card to take, which way to warp, which cards to keep) are decisions
of their own, so the policies make them too, whoever's they are (the owner of a player space, the
target of a Call deciding to reflect).

Where the rulebook is unclear the engine plays a named reading (READINGS); the kit's errata pick the
default, and a kit that declares a reading in `readings:` can have it fixed or compared. Modelling choices the rulebook leaves open and no reading covers (kept simple, stated here):
- a summoned card stays the player's and scores (the rulebook scores 場札 too); stolen cards from a
  player space go to the hand, Grass's and Light's to the thief's summoned cards (Light does not say);
- a player space of a colour nobody plays does nothing, but it is still a player space: no collect;
- a piece that has not moved yet this turn shares its space; only finished pieces push (rule ③);
- an Ice player whose space is entered pushes the newcomer out (they choose which way);
- a warp or a push moves a piece without the effects of the space it reaches;
- a player put out of action by Flame neither moves, powers up, summons nor reflects;
- a Call names a player with a card to take (Flame: any other player); Water needs a card it may
  return, other than itself, and the card it returns waits for the next turn; Dark needs a deck;
  Earth, Wind and Ice are summoned one card at a time;
- power-ups stay on the 魔力 sheet (its last value is the most 魔力 there is);
- when a line holds fewer than collect_take cards, the player takes what is there.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import metrics
from .readings import Reading

if TYPE_CHECKING:
    from ..games.wizards_element_collection import Element, WizardsElementCollectionKit

READINGS: dict[str, Reading] = {
    r.id: r
    for r in (
        Reading(
            "own-space",
            'What does your own player space do? The rulebook says "choose one" but lists only '
            '"take a card from the hand you hold".',
            ("steal-only", "steal-or-warp"),
            (
                "take steal_cards card unseen from another player's hand",
                "take steal_cards card unseen from another player's hand, or warp to any free 魔力 space",
            ),
            erratum="own-space",
            corrected="steal-or-warp",
        ),
        Reading(
            "push-to",
            "Where does a push (rule ③, Ice) send a piece? The rulebook says the nearest free space ahead or "
            "behind, where a player space warp says a free 魔力 space.",
            ("any-space", "mana-space"),
            (
                "the nearest space with no piece, ahead or behind; a player space reached so has no effect, "
                "but its player cannot power up or collect",
                "the nearest 魔力 space with no piece, ahead or behind",
            ),
        ),
        Reading(
            "flame-collect",
            "Does a player Flame put out of action collect? Flame stops moving, powering up and summoning; "
            "collecting is not named.",
            ("collects", "no-collect"),
            (
                "the player collects from the space they stand on",
                "the player collects nothing that turn",
            ),
        ),
    )
}

MEASURES = ("field.reserve_used", "scores.negative", "collect.short")
"""This game's rate measures, compared across readings."""

EFFECTS: dict[str, str] = {
    "wind": "reroll",
    "earth": "step",
    "ice": "anchor",
    "grass": "steal-blind",
    "light": "steal-seen",
    "dark": "look-keep",
    "water": "return",
    "flame": "disable",
    "copper": "reflect",
}
"""What each card does, from the rulebook; the card's numbers and phases come from the kit."""

# phases of a turn
MOVE, POWER, COLLECT, SUMMON, OVER = range(5)
# steps inside a phase: what the player to move decides now
PRE_ROLL, POST_ROLL, OCCUPIED, ICE_PUSH, OWN_SPACE, OTHER_SPACE, POWER_CHOOSE = range(7)
POWERING, COLLECTING, SUMMONING, REFLECTING, GRABBING, KEEPING, RETURNING = range(7, 14)
# actions: (kind, ...)
ROLL, CONFIRM, WIND, EARTH, ICE, PUSH, STEAL, WARP, GRAB, DECLINE = range(10)
POWER_UP, DONE, TAKE, PASS, CALL, SELF, REFLECT, KEEP, STOP, RETURN = range(10, 20)
HAND, SUMMONED = 0, 1  # where a grab takes from
NORMAL, UNUSED = -1, -2  # a 魔力 space; a player space of a colour nobody plays


@dataclass(frozen=True)
class Rules:
    """Everything one game needs, read from the kit; picklable, so workers get it as it is."""

    players: int
    dice: int
    dice_sides: int
    collect_take: int
    steal_cards: int
    summons_per_turn: int
    final_turns: int
    field_cards: int
    reserve_cards: int
    kinds: tuple[str, ...]
    deck: tuple[int, ...]
    """Cards per kind, as the element deck lists them."""
    points: tuple[int, ...]
    negative: tuple[int, ...]
    scoring: tuple[str, ...]
    space_value: tuple[int, ...]
    """Per board space, clockwise: its 魔力, or 0 for a player space."""
    space_owner: tuple[int, ...]
    """Per board space: the seat whose player space it is, NORMAL for a 魔力 space, UNUSED for a colour nobody plays."""
    space_line: tuple[tuple[int, ...], ...]
    """Per board space: the field slots (row-major) of the line it collects."""
    home: tuple[int, ...]
    """Per seat: the space its piece starts on."""
    sheet: frozenset[int]
    sheet_last: int
    rolls: tuple[tuple[int, float], ...]
    """Each sum of the dice and its chance."""
    move_desc: bool
    collect_desc: bool
    summon_desc: bool
    effect: tuple[str, ...]
    """Per kind: its EFFECTS entry, or '' for none."""
    in_move: tuple[bool, ...]
    in_power: tuple[bool, ...]
    in_summon: tuple[bool, ...]
    call: tuple[bool, ...]
    """Per kind: its icons name a Call (it targets another player)."""
    reflect: tuple[bool, ...]
    steps: tuple[int, ...]
    cards: tuple[int, ...]
    draw: tuple[int, ...]
    keep: tuple[int, ...]
    unreturnable: frozenset[int]
    """Kinds a Water-like return may not take back, as the card's text names them."""
    elements: tuple[Element, ...]
    wild_held_only: bool
    readings: tuple[tuple[str, str], ...]
    own_warp: bool
    """own-space=steal-or-warp"""
    push_mana_only: bool
    """push-to=mana-space"""
    flame_collects: bool
    """flame-collect=collects"""

    @property
    def total_cards(self) -> int:
        return sum(self.deck)


def prepare(kit: WizardsElementCollectionKit, players: int, choices: dict[str, str]) -> Rules:
    """The rules of a `players`-player game of `kit`, under the readings `choices`."""
    from ..components.tracks import line_slots
    from ..games.wizards_element_collection import card_refs
    from ..placeholders import fill

    p = kit.parameters
    elements = tuple(kit.elements)
    index = {e.id: i for i, e in enumerate(elements)}
    deck = [0] * len(elements)
    for d in kit.decks:
        for design in kit.designs(d):
            deck[index[design.item.id]] += design.count
    if not kit.decks:
        deck = [e.copies for e in elements]
    board = kit.board
    field = board.field
    rows, cols = (field.rows, field.columns) if field else (1, p.field_cards)
    seat_of = {player.id: s for s, player in enumerate(board.players[:players])}
    values: list[int] = []
    owners: list[int] = []
    lines: list[tuple[int, ...]] = []
    for space in board.spaces:
        if space.kind == "player":
            values.append(0)
            owners.append(seat_of.get(space.player or "", UNUSED))
            lines.append(())
            continue
        values.append(space.value or 0)
        owners.append(NORMAL)
        slots = line_slots(space.collects, rows, cols) if space.collects else None
        lines.append(tuple(r * cols + c for r, c in slots or ()))
    home = tuple(owners.index(s) for s in range(players))
    phases = {ph.id: ph for ph in kit.phases}
    values_text = kit.placeholder_values()
    unreturnable: set[int] = set()
    for e in elements:
        if EFFECTS.get(e.id) == "return":
            for lang in kit.languages:  # the cards its text names, in any edition
                text = fill(e.effect.text.get(lang), values_text | {"points": e.points})
                unreturnable |= {index[r.card.id] for r in card_refs(text, lang, elements) if r.card is not None}
    phase_of = {ph: {e.id for e in elements if ph in e.phases} for ph in phases}
    return Rules(
        players=players,
        dice=p.dice,
        dice_sides=p.dice_sides,
        collect_take=p.collect_take,
        steal_cards=p.steal_cards,
        summons_per_turn=p.summons_per_turn,
        final_turns=p.final_turns,
        field_cards=rows * cols,
        reserve_cards=p.reserve_cards,
        kinds=tuple(e.id for e in elements),
        deck=tuple(deck),
        points=tuple(e.points for e in elements),
        negative=tuple(e.negative for e in elements),
        scoring=tuple(e.scoring for e in elements),
        space_value=tuple(values),
        space_owner=tuple(owners),
        space_line=tuple(lines),
        home=home,
        sheet=frozenset(kit.order_sheet.values()),
        sheet_last=kit.order_sheet.last,
        rolls=_rolls(p.dice, p.dice_sides),
        move_desc=_desc(phases, "move", False),
        collect_desc=_desc(phases, "collect", True),
        summon_desc=_desc(phases, "summon", True),
        effect=tuple(EFFECTS.get(e.id, "") for e in elements),
        in_move=tuple(e.id in phase_of.get("move", ()) and "move" in e.icons for e in elements),
        in_power=tuple(e.id in phase_of.get("power", ()) and e.points > 0 for e in elements),
        in_summon=tuple(e.id in phase_of.get("summon", ()) for e in elements),
        call=tuple("call" in e.icons for e in elements),
        reflect=tuple("reflect" in e.icons for e in elements),
        steps=tuple(e.effect.steps or 0 for e in elements),
        cards=tuple(e.effect.cards or 0 for e in elements),
        draw=tuple(e.effect.draw or 0 for e in elements),
        keep=tuple(e.effect.keep or 0 for e in elements),
        unreturnable=frozenset(unreturnable),
        elements=elements,
        wild_held_only=p.wild_joins_held_only,
        readings=tuple(choices.items()),
        own_warp=choices["own-space"] == "steal-or-warp",
        push_mana_only=choices["push-to"] == "mana-space",
        flame_collects=choices["flame-collect"] == "collects",
    )


def _desc(phases: dict, phase: str, default: bool) -> bool:
    found = phases.get(phase)
    return default if found is None else found.order == "descending"


def _rolls(dice: int, sides: int) -> tuple[tuple[int, float], ...]:
    ways = Counter({0: 1})
    for _ in range(dice):
        nxt: Counter = Counter()
        for total, n in ways.items():
            for face in range(1, sides + 1):
                nxt[total + face] += n
        ways = nxt
    whole = sides**dice
    return tuple((total, n / whole) for total, n in sorted(ways.items()))


def default_move_cap(rules: Rules) -> int:
    """Decisions one game may take: ten times what a long game needs (every card collected one a turn)."""
    rounds = rules.total_cards + rules.final_turns + 1
    per_player = 8 + rules.collect_take + rules.steal_cards + rules.summons_per_turn * (2 + max(rules.keep + (1,)))
    return 10 * rounds * rules.players * per_player


# ---------------------------------------------------------------- state


class State:
    __slots__ = (
        "anchored",
        "arrived",
        "base",
        "current",
        "decided",
        "deck",
        "disabled",
        "end",
        "end_round",
        "field",
        "finished",
        "hands",
        "left",
        "look",
        "mana",
        "order",
        "pending",
        "phase",
        "pos",
        "queue",
        "queue_at",
        "reserve",
        "result",
        "returned",
        "round",
        "rules",
        "slots",
        "stamp",
        "start",
        "stats",
        "step",
        "summoned",
        "summons",
        "tent",
        "tie",
        "to_move",
        "totals",
    )

    def __init__(self, rules: Rules):
        n, k = rules.players, len(rules.kinds)
        self.rules = rules
        self.deck: list[int] = []
        self.reserve: list[int] = []
        self.field: list[int] = [-1] * rules.field_cards
        self.hands = [[0] * k for _ in range(n)]
        self.summoned = [[0] * k for _ in range(n)]
        self.pos = list(rules.home)
        self.arrived = [0] * n  # when each piece last reached its space: the order player spaces fill the slots
        self.stamp = 0
        self.finished = [False] * n
        self.anchored = [False] * n
        self.disabled = [0] * n  # the round a player is out of action
        self.mana = [0] * n
        self.decided = [False] * n
        self.slots: list[int] = [-1] * n  # action order: slot 1 first
        self.order = list(range(n))  # last turn's action order
        self.base = 0  # 魔力 before the current power-up
        self.round = 1
        self.phase = MOVE
        self.step = PRE_ROLL
        self.queue: list[int] = []
        self.queue_at = 0
        self.current = 0
        self.to_move = 0
        self.start = 0
        self.tent = 0
        self.left = 0  # cards still to take in this decision
        self.summons = 0
        self.pending: list = []  # [effect kind, actor, target]
        self.look: list[int] = []  # cards Dark looked at
        self.returned = [0] * k  # cards the summoner took back this turn: summoned again from next turn
        self.end_round = 0
        self.result: list[int] = []
        self.totals: list[int] = []
        self.end = ""
        self.tie: str | None = None
        self.stats: dict[str, Any] = {
            "summons": Counter(),
            "reflected": 0,
            "landings": Counter(),
            "power_ups": 0,
            "power_cards": 0,
            "collects": 0,
            "short": 0,
            "steals": 0,
            "reserve_round": None,
            "dry_round": None,
            "out_of_action": 0,
        }


def clone(state: State) -> State:
    """An independent copy: every list (and list of lists) and counter copied, nothing mutable shared."""
    new = State.__new__(State)
    for name in State.__slots__:
        value = getattr(state, name)
        if isinstance(value, list):
            value = [list(v) if isinstance(v, list) else v for v in value]
        elif isinstance(value, dict):
            value = {k: (v.copy() if isinstance(v, Counter) else v) for k, v in value.items()}
        setattr(new, name, value)
    return new


def new_game(rules: Rules, rng: random.Random) -> State:
    state = State(rules)
    cards = [k for k, count in enumerate(rules.deck) for _ in range(count)]
    rng.shuffle(cards)
    state.reserve = cards[: rules.reserve_cards]
    state.field = cards[rules.reserve_cards : rules.reserve_cards + rules.field_cards]
    state.field += [-1] * (rules.field_cards - len(state.field))
    state.deck = cards[rules.reserve_cards + rules.field_cards :]
    _start_round(state, rng)
    return state


def is_terminal(state: State) -> bool:
    return state.phase == OVER


def to_move(state: State) -> int:
    return state.to_move


# ---------------------------------------------------------------- helpers


def _free(state: State, space: int, mana_only: bool) -> bool:
    if mana_only and state.rules.space_owner[space] != NORMAL:
        return False
    return space not in state.pos


def _free_mana_spaces(state: State) -> list[int]:
    return [s for s, o in enumerate(state.rules.space_owner) if o == NORMAL and s not in state.pos]


def _nearest(state: State, space: int, direction: int) -> int:
    """The nearest space with no piece from `space` in `direction` (push-to reading); `space` if none."""
    n = len(state.rules.space_value)
    mana_only = state.rules.push_mana_only
    for d in range(1, n):
        s = (space + direction * d) % n
        if _free(state, s, mana_only):
            return s
    return space


def _place(state: State, seat: int, space: int) -> None:
    state.pos[seat] = space
    state.stamp += 1
    state.arrived[seat] = state.stamp


def _summon(state: State, seat: int, kind: int) -> None:
    state.hands[seat][kind] -= 1
    state.summoned[seat][kind] += 1


def _has(state: State, seat: int, effect: str, where: Sequence[bool]) -> int:
    """A kind in `seat`'s hand with `effect` that may be summoned where `where` allows, or -1."""
    rules, hand = state.rules, state.hands[seat]
    for k, e in enumerate(rules.effect):
        if e == effect and where[k] and hand[k]:
            return k
    return -1


def _out(state: State, seat: int) -> bool:
    return state.disabled[seat] == state.round


# ---------------------------------------------------------------- legal actions


def legal_actions(state: State) -> list[tuple]:
    step, rules, seat = state.step, state.rules, state.to_move
    if step == PRE_ROLL:
        out: list[tuple] = [(ROLL,)]
        if _has(state, seat, "anchor", rules.in_move) >= 0:
            out.append((ICE,))
        return out
    if step == POST_ROLL:
        out = [(CONFIRM,)]
        if _has(state, seat, "reroll", rules.in_move) >= 0:
            out.append((WIND,))
        if _has(state, seat, "step", rules.in_move) >= 0:
            out += [(EARTH, 1), (EARTH, -1)]
        if _has(state, seat, "anchor", rules.in_move) >= 0:
            out.append((ICE,))
        return out
    if step == OCCUPIED:
        space = state.pos[state.current]
        movers = [state.current] + [
            s for s in range(rules.players) if s != state.current and _finished_at(state, s, space)
        ]
        return _pushes(state, movers)
    if step == ICE_PUSH:
        return _pushes(state, [state.current])
    if step == OWN_SPACE:
        out = [(STEAL, v) for v in range(rules.players) if v != seat and any(state.hands[v])]
        if rules.own_warp:
            out += [(WARP, s) for s in _free_mana_spaces(state)]
        return out
    if step == OTHER_SPACE:
        out = [(WARP, s) for s in _free_mana_spaces(state)]
        out += [(GRAB, HAND, k) for k, c in enumerate(state.hands[state.current]) if c]
        return out
    if step in (POWER_CHOOSE, POWERING):
        out = [(DECLINE,)] if step == POWER_CHOOSE else []
        if step == POWERING and _valid_mana(state, seat, state.mana[seat]):
            out.append((DONE,))
        out += [(POWER_UP, k) for k in _power_cards(state, seat)]
        return out
    if step == COLLECTING:
        seen: set[int] = set()
        out = []
        for slot in rules.space_line[state.pos[seat]]:
            card = state.field[slot]
            if card >= 0 and card not in seen:
                seen.add(card)
                out.append((TAKE, slot))
        return out
    if step == SUMMONING:
        return _summons(state, seat) + [(PASS,)]
    if step == REFLECTING:
        return [(REFLECT, 1), (REFLECT, 0)]
    if step == GRABBING:
        _effect, _actor, target = state.pending[:3]
        out = []
        if _effect == "steal-blind":
            if any(state.hands[target]):
                out.append((GRAB, HAND, -1))
        else:
            out += [(GRAB, HAND, k) for k, c in enumerate(state.hands[target]) if c]
        out += [(GRAB, SUMMONED, k) for k, c in enumerate(state.summoned[target]) if c]
        return out
    if step == KEEPING:
        return [(KEEP, k) for k in sorted(set(state.look))] + [(STOP,)]
    if step == RETURNING:
        return [(RETURN, k) for k in _returnable(state, seat, state.pending[3])]
    raise AssertionError(f"no actions in step {step}")


def _finished_at(state: State, seat: int, space: int) -> bool:
    return state.finished[seat] and state.pos[seat] == space


def _pushes(state: State, movers: list[int]) -> list[tuple]:
    out = []
    for seat in movers:
        seen = set()
        for direction in (1, -1):
            to = _nearest(state, state.pos[seat], direction)
            if to not in seen:
                seen.add(to)
                out.append((PUSH, seat, direction))
    return out


def _threshold(state: State, seat: int) -> int | None:
    """The 魔力 a power-up must pass: the lowest other undecided player above the player's 魔力 before it."""
    above = [
        state.mana[q]
        for q in range(state.rules.players)
        if q != seat and not state.decided[q] and state.mana[q] > state.base
    ]
    return min(above) if above else None


def _valid_mana(state: State, seat: int, value: int) -> bool:
    pass_at = _threshold(state, seat)
    if pass_at is None or value <= pass_at or value not in state.rules.sheet:
        return False
    return all(state.mana[q] != value for q in range(state.rules.players) if q != seat)


def _power_cards(state: State, seat: int) -> list[int]:
    """Kinds whose summoning still leaves a legal 魔力 within reach."""
    rules, hand = state.rules, state.hands[seat]
    now = state.mana[seat]
    out = []
    for k, c in enumerate(hand):
        if not c or not rules.in_power[k]:
            continue
        hand[k] -= 1
        reach = _reachable(rules, hand, now + rules.points[k])
        hand[k] += 1
        if any(_valid_mana(state, seat, v) for v in reach):
            out.append(k)
    return out


def _reachable(rules: Rules, hand: list[int], start: int) -> set[int]:
    """Every 魔力 from `start` that summoning some of `hand` can reach on the sheet."""
    if start > rules.sheet_last:
        return set()
    reach = {start}
    for k, c in enumerate(hand):
        if not c or not rules.in_power[k]:
            continue
        p = rules.points[k]
        grown = set(reach)
        for v in reach:
            for j in range(1, c + 1):
                if v + j * p > rules.sheet_last:
                    break
                grown.add(v + j * p)
        reach = grown
    return reach


def _summons(state: State, seat: int) -> list[tuple]:
    rules, hand = state.rules, state.hands[seat]
    out: list[tuple] = []
    for k, c in enumerate(hand):
        if c <= state.returned[k] or not rules.in_summon[k] or rules.reflect[k]:
            continue
        effect = rules.effect[k]
        if rules.call[k]:
            for t in range(rules.players):
                if t == seat:
                    continue
                if effect == "disable" or any(state.hands[t]) or any(state.summoned[t]):
                    out.append((CALL, k, t))
        elif (effect == "look-keep" and state.deck) or (effect == "return" and _returnable(state, seat)):
            out.append((SELF, k))
    return out


def _returnable(state: State, seat: int, summoning: int = -1) -> list[int]:
    """Summoned kinds a return may take back; `summoning`: the returning card itself, which cannot."""
    rules, summoned = state.rules, state.summoned[seat]
    out = []
    for k, c in enumerate(summoned):
        if k == summoning:
            c -= 1
        if c > 0 and k not in rules.unreturnable:
            out.append(k)
    return out


# ---------------------------------------------------------------- applying actions


def apply(state: State, action: tuple, rng: random.Random) -> None:
    kind = action[0]
    seat = state.to_move
    rules = state.rules
    if kind == ROLL:
        state.tent = _roll(state, state.start, rng)
        state.step = POST_ROLL
    elif kind == CONFIRM:
        _land(state, seat, state.tent, rng)
    elif kind == WIND:
        _summon_for(state, seat, "reroll")
        state.tent = _roll(state, state.start, rng)
    elif kind == EARTH:
        k = _summon_for(state, seat, "step")
        state.tent = (state.tent + action[1] * rules.steps[k]) % len(rules.space_value)
    elif kind == ICE:
        _summon_for(state, seat, "anchor")
        state.anchored[seat] = True
        if state.step == PRE_ROLL:
            _end_move(state, rng)  # stays where it stands: no space effect
        else:
            _land(state, seat, state.tent, rng)
    elif kind == PUSH:
        mover, direction = action[1], action[2]
        _place(state, mover, _nearest(state, state.pos[mover], direction))
        state.stats["landings"]["pushed"] += 1
        _end_move(state, rng)
    elif kind == STEAL:
        victim = action[1]
        for _ in range(rules.steal_cards):
            _move_random(state, victim, state.hands[seat], rng)
        _end_move(state, rng)
    elif kind == WARP:
        _place(state, state.current, action[1])
        state.stats["landings"]["warped"] += 1
        _end_move(state, rng)
    elif kind == GRAB:
        _grab(state, seat, action, rng)
    elif kind == DECLINE:
        _decline(state, seat, rng)
    elif kind == POWER_UP:
        k = action[1]
        if state.step == POWER_CHOOSE:
            state.stats["power_ups"] += 1
        _summon(state, seat, k)
        state.stats["power_cards"] += 1
        state.mana[seat] += rules.points[k]
        state.step = POWERING
    elif kind == DONE:
        _next_power(state, rng)
    elif kind == TAKE:
        slot = action[1]
        state.hands[seat][state.field[slot]] += 1
        state.field[slot] = -1
        state.left -= 1
        if state.left <= 0 or not legal_actions(state):
            _next_collect(state, rng)
    elif kind == PASS:
        _next_summon(state, rng)
    elif kind == CALL:
        _call(state, seat, action[1], action[2], rng)
    elif kind == SELF:
        _self(state, seat, action[1], rng)
    elif kind == REFLECT:
        _reflect(state, action[1] == 1, rng)
    elif kind == KEEP:
        state.look.remove(action[1])
        state.hands[seat][action[1]] += 1
        state.left -= 1
        if state.left <= 0 or not state.look:
            _end_look(state, rng)
    elif kind == STOP:
        _end_look(state, rng)
    elif kind == RETURN:
        state.summoned[seat][action[1]] -= 1
        state.hands[seat][action[1]] += 1
        state.returned[action[1]] += 1
        state.left -= 1
        if state.left <= 0 or not _returnable(state, seat, state.pending[3]):
            _after_summon(state, rng)
    else:
        raise AssertionError(f"unknown action {action}")


def _summon_for(state: State, seat: int, effect: str) -> int:
    """Summon a Move card with `effect` from the hand; its kind."""
    k = _has(state, seat, effect, state.rules.in_move)
    _summon(state, seat, k)
    state.stats["summons"][state.rules.kinds[k]] += 1
    return k


def _roll(state: State, start: int, rng: random.Random) -> int:
    rules = state.rules
    total = sum(rng.randint(1, rules.dice_sides) for _ in range(rules.dice))
    return (start + total) % len(rules.space_value)


def _move_random(state: State, victim: int, into: list[int], rng: random.Random) -> None:
    hand = state.hands[victim]
    size = sum(hand)
    if not size:
        return
    pick = rng.randrange(size)
    for k, c in enumerate(hand):
        if pick < c:
            hand[k] -= 1
            into[k] += 1
            state.stats["steals"] += 1
            return
        pick -= c


# ---- the move phase


def _start_round(state: State, rng: random.Random) -> None:
    n = state.rules.players
    state.phase = MOVE
    state.finished = [_out(state, s) for s in range(n)]
    state.anchored = [False] * n
    state.stats["out_of_action"] += sum(state.finished)
    if state.round == 1:
        state.queue = list(range(n))
    else:  # ascending 魔力 of last turn: the action order read from its end
        state.queue = list(state.order) if state.rules.move_desc else list(reversed(state.order))
    state.queue_at = -1
    _next_move(state, rng)


def _next_move(state: State, rng: random.Random) -> None:
    while True:
        state.queue_at += 1
        if state.queue_at >= len(state.queue):
            _start_power(state, rng)
            return
        seat = state.queue[state.queue_at]
        if not _out(state, seat):
            break
    state.current = state.to_move = seat
    state.start = state.tent = state.pos[seat]
    state.step = PRE_ROLL


def _land(state: State, seat: int, space: int, rng: random.Random) -> None:
    """The move is final: the piece enters `space` and the space acts."""
    rules = state.rules
    _place(state, seat, space)
    owner = rules.space_owner[space]
    landings = state.stats["landings"]
    if owner == seat:
        landings["own-space"] += 1
        state.step = OWN_SPACE
    elif owner >= 0:
        landings["other-space"] += 1
        state.step = OTHER_SPACE
        state.to_move = owner
        state.left = rules.steal_cards
    elif owner == UNUSED:
        landings["unused-space"] += 1
        _end_move(state, rng)
        return
    else:
        there = [s for s in range(rules.players) if s != seat and _finished_at(state, s, space)]
        if not there:
            _end_move(state, rng)
            return
        anchor = next((s for s in there if state.anchored[s]), -1)
        if anchor >= 0:
            landings["ice-pushed"] += 1
            state.step = ICE_PUSH
            state.to_move = anchor
        else:
            landings["occupied"] += 1
            state.step = OCCUPIED
    if not legal_actions(state):
        _end_move(state, rng)


def _end_move(state: State, rng: random.Random) -> None:
    state.finished[state.current] = True
    _next_move(state, rng)


def _grab(state: State, seat: int, action: tuple, rng: random.Random) -> None:
    _, source, k = action
    if state.step == OTHER_SPACE:  # the space's owner takes from the newcomer's hand
        state.hands[state.current][k] -= 1
        state.hands[seat][k] += 1
        state.stats["steals"] += 1
        state.left -= 1
        if state.left <= 0 or not any(state.hands[state.current]):
            _end_move(state, rng)
        return
    _effect, actor, target = state.pending[:3]
    into = state.summoned[actor]
    if source == HAND and k < 0:
        _move_random(state, target, into, rng)
    else:
        pile = state.hands[target] if source == HAND else state.summoned[target]
        pile[k] -= 1
        into[k] += 1
        state.stats["steals"] += 1
    state.left -= 1
    if state.left <= 0 or not legal_actions(state):
        _after_summon(state, rng)


# ---- the power-up phase


def _start_power(state: State, rng: random.Random) -> None:
    rules = state.rules
    n = rules.players
    state.phase = POWER
    state.slots = [-1] * n
    state.decided = [False] * n
    state.mana = [rules.space_value[state.pos[s]] for s in range(n)]
    on_player_space = [s for s in range(n) if rules.space_owner[state.pos[s]] != NORMAL]
    on_player_space.sort(key=lambda s: state.arrived[s])
    for s in on_player_space:
        _take_slot(state, s)
    _next_power(state, rng)


def _take_slot(state: State, seat: int) -> None:
    """The lowest free action-order slot."""
    slot = max(i for i, s in enumerate(state.slots) if s < 0)
    state.slots[slot] = seat
    state.decided[seat] = True


def _next_power(state: State, rng: random.Random) -> None:
    while True:
        waiting = [s for s in range(state.rules.players) if not state.decided[s]]
        if not waiting:
            state.order = list(state.slots)
            _start_collect(state, rng)
            return
        seat = min(waiting, key=lambda s: state.mana[s])
        state.base = state.mana[seat]
        if not _out(state, seat) and _power_cards(state, seat):
            state.current = state.to_move = seat
            state.step = POWER_CHOOSE
            return
        _take_slot(state, seat)


def _decline(state: State, seat: int, rng: random.Random) -> None:
    _take_slot(state, seat)
    _next_power(state, rng)


# ---- the collect phase


def _start_collect(state: State, rng: random.Random) -> None:
    state.phase = COLLECT
    state.queue = list(state.order) if state.rules.collect_desc else list(reversed(state.order))
    state.queue_at = -1
    _next_collect(state, rng)


def _next_collect(state: State, rng: random.Random) -> None:
    rules = state.rules
    while True:
        state.queue_at += 1
        if state.queue_at >= len(state.queue):
            _start_summon(state, rng)
            return
        seat = state.queue[state.queue_at]
        if rules.space_owner[state.pos[seat]] != NORMAL or (_out(state, seat) and not rules.flame_collects):
            continue
        state.stats["collects"] += 1
        there = sum(1 for slot in rules.space_line[state.pos[seat]] if state.field[slot] >= 0)
        if there < rules.collect_take:
            state.stats["short"] += 1
        if there:
            break
    state.current = state.to_move = seat
    state.step = COLLECTING
    state.left = rules.collect_take


# ---- the summon phase


def _start_summon(state: State, rng: random.Random) -> None:
    state.phase = SUMMON
    state.queue = list(state.order) if state.rules.summon_desc else list(reversed(state.order))
    state.queue_at = -1
    _next_summon(state, rng)


def _next_summon(state: State, rng: random.Random) -> None:
    while True:
        state.queue_at += 1
        if state.queue_at >= len(state.queue):
            _end_round(state, rng)
            return
        seat = state.queue[state.queue_at]
        state.returned = [0] * len(state.rules.kinds)
        if not _out(state, seat) and _summons(state, seat):
            break
    state.current = state.to_move = seat
    state.summons = 0
    state.step = SUMMONING


def _call(state: State, seat: int, k: int, target: int, rng: random.Random) -> None:
    rules = state.rules
    _summon(state, seat, k)
    state.summons += 1
    state.stats["summons"][rules.kinds[k]] += 1
    state.pending = [rules.effect[k], seat, target, k]
    if not _out(state, target) and _has(state, target, "reflect", rules.in_summon) >= 0:
        state.step = REFLECTING
        state.to_move = target
        return
    _resolve(state, rng)


def _reflect(state: State, used: bool, rng: random.Random) -> None:
    if used:
        target = state.to_move
        k = _has(state, target, "reflect", state.rules.in_summon)
        _summon(state, target, k)
        state.stats["summons"][state.rules.kinds[k]] += 1
        state.stats["reflected"] += 1
        state.to_move = state.current
        _after_summon(state, rng)
        return
    state.to_move = state.current
    _resolve(state, rng)


def _resolve(state: State, rng: random.Random) -> None:
    effect, _actor, target, k = state.pending
    rules = state.rules
    if effect == "disable":
        state.disabled[target] = state.round + 1
        _after_summon(state, rng)
    elif effect in ("steal-blind", "steal-seen"):
        state.step = GRABBING
        state.left = rules.cards[k]
        if state.left <= 0 or not legal_actions(state):
            _after_summon(state, rng)
    else:
        _after_summon(state, rng)


def _self(state: State, seat: int, k: int, rng: random.Random) -> None:
    rules = state.rules
    _summon(state, seat, k)
    state.summons += 1
    state.stats["summons"][rules.kinds[k]] += 1
    effect = rules.effect[k]
    state.pending = [effect, seat, seat, k]
    if effect == "look-keep":
        n = min(rules.draw[k], len(state.deck))
        state.look = [state.deck.pop() for _ in range(n)]
        state.left = rules.keep[k]
        state.step = KEEPING
        if state.left <= 0:
            _end_look(state, rng)
    elif effect == "return":
        state.left = rules.cards[k]
        state.step = RETURNING
        if state.left <= 0 or not _returnable(state, seat, k):
            _after_summon(state, rng)
    else:
        _after_summon(state, rng)


def _end_look(state: State, rng: random.Random) -> None:
    state.deck.extend(state.look)
    state.look = []
    rng.shuffle(state.deck)
    _after_summon(state, rng)


def _after_summon(state: State, rng: random.Random) -> None:
    state.pending = []
    state.to_move = state.current
    if state.summons < state.rules.summons_per_turn and _summons(state, state.current):
        state.step = SUMMONING
        return
    _next_summon(state, rng)


# ---- refill and the end


def _end_round(state: State, rng: random.Random) -> None:
    field, stats = state.field, state.stats
    short = False
    for slot, card in enumerate(field):
        if card >= 0:
            continue
        if state.deck:
            field[slot] = state.deck.pop()
        elif state.reserve:
            if stats["reserve_round"] is None:
                stats["reserve_round"] = state.round
            field[slot] = state.reserve.pop()
        else:
            short = True
    if short and not state.end_round:
        stats["dry_round"] = state.round
        state.end_round = state.round + state.rules.final_turns
    if state.end_round and state.round >= state.end_round:
        _finish(state)
        return
    state.round += 1
    _start_round(state, rng)


def _finish(state: State) -> None:
    state.phase = OVER
    state.totals = scores(state)
    top = max(state.totals)
    state.result = [s for s, t in enumerate(state.totals) if t == top]
    state.end = "field-runs-dry"
    state.tie = "shared" if len(state.result) > 1 else None


def scores(state: State) -> list[int]:
    """Every player's score by the rule model's own scoring (`pnpkit score`): hand and summoned cards."""
    from ..games.wizards_element_collection import score_players

    rules = state.rules
    hands = {
        str(s): {rules.kinds[k]: h + u for k, (h, u) in enumerate(zip(hand, summoned, strict=True)) if h + u}
        for s, (hand, summoned) in enumerate(zip(state.hands, state.summoned, strict=True))
    }
    return [player.total for player in score_players(rules.elements, hands, wild_joins_held_only=rules.wild_held_only)]


# ---------------------------------------------------------------- greedy heuristic


def _counts(state: State, seat: int) -> list[int]:
    return [h + u for h, u in zip(state.hands[seat], state.summoned[seat], strict=True)]


def _gain(rules: Rules, counts: list[int], k: int, delta: int = 1) -> float:
    """What `delta` more cards of kind `k` are worth to a player holding `counts`, by the kit's scoring."""
    from ..games.wizards_element_collection import kind_points

    scoring = rules.scoring[k]
    n = counts[k]
    if scoring == "wild":  # completes the best odd kind
        best = 0.0
        for j, c in enumerate(counts):
            if c % 2 and rules.scoring[j] == "pairs":
                best = max(best, kind_points("pairs", rules.points[j], rules.negative[j], c + 1) - rules.negative[j])
        return best * delta
    before = kind_points(scoring, rules.points[k], rules.negative[k], n)
    return kind_points(scoring, rules.points[k], rules.negative[k], n + delta) - before


def _space_worth(state: State, seat: int, space: int) -> float:
    """How good ending a move on `space` looks: the best cards of its line, and a little for its 魔力."""
    rules = state.rules
    owner = rules.space_owner[space]
    if owner == seat:
        return 15.0
    if owner >= 0:
        return -20.0
    if owner == UNUSED:
        return -5.0
    counts = _counts(state, seat)
    gains = sorted(
        (_gain(rules, counts, state.field[slot]) for slot in rules.space_line[space] if state.field[slot] >= 0),
        reverse=True,
    )
    worth = sum(gains[: rules.collect_take]) + rules.space_value[space] / 20
    if any(_finished_at(state, s, space) for s in range(rules.players) if s != seat):
        worth -= 10
    return worth


def _roll_worth(state: State, seat: int, start: int) -> float:
    n = len(state.rules.space_value)
    return sum(p * _space_worth(state, seat, (start + total) % n) for total, p in state.rules.rolls)


def _leader(state: State, seat: int) -> int:
    """The opponent with the most cards: the one worth hurting."""
    n = state.rules.players
    return max((s for s in range(n) if s != seat), key=lambda s: (sum(_counts(state, s)), -s))


def heuristic(state: State, action: tuple) -> float:
    """One ply, as a player would weigh it: land where the line is worth most, take the cards that make
    pairs, power up with cards that do nothing else, steal what helps most, hit the leader, reflect."""
    kind = action[0]
    seat = state.to_move
    rules = state.rules
    card_cost = 8.0
    if kind == ROLL:
        return _roll_worth(state, seat, state.start)
    if kind == CONFIRM:
        return _space_worth(state, seat, state.tent)
    if kind == WIND:
        return _roll_worth(state, seat, state.start) - card_cost
    if kind == EARTH:
        k = _has(state, seat, "step", rules.in_move)
        to = (state.tent + action[1] * rules.steps[k]) % len(rules.space_value)
        return _space_worth(state, seat, to) - card_cost
    if kind == ICE:
        where = state.start if state.step == PRE_ROLL else state.tent
        return _space_worth(state, seat, where) + 2 - card_cost
    if kind == PUSH:
        mover, direction = action[1], action[2]
        to = _nearest(state, state.pos[mover], direction)
        if mover == seat:
            return _space_worth(state, seat, to)
        if state.step == ICE_PUSH:
            return -_space_worth(state, mover, to)
        return _space_worth(state, seat, state.pos[seat]) + 5
    if kind == STEAL:
        return 10 + (5 if action[1] == _leader(state, seat) else 0)
    if kind == WARP:
        if seat == state.current:
            return _space_worth(state, seat, action[1])
        return -_space_worth(state, state.current, action[1])
    if kind == GRAB:
        _, _source, k = action
        victim = state.current if state.step == OTHER_SPACE else state.pending[2]
        if k < 0:
            return 10.0
        return _gain(rules, _counts(state, seat), k) - _gain(rules, _counts(state, victim), k, -1)
    if kind == DECLINE:
        return 0.0
    if kind == POWER_UP:
        k = action[1]
        idle = not (rules.in_move[k] or rules.in_summon[k])
        return 1.0 if idle else -0.5
    if kind == DONE:
        return 2.0
    if kind == TAKE:
        return _gain(rules, _counts(state, seat), state.field[action[1]])
    if kind == PASS:
        return 0.0
    if kind == CALL:
        k, target = action[1], action[2]
        bonus = 5 if target == _leader(state, seat) else 0
        if _has(state, target, "reflect", rules.in_summon) >= 0 and rules.effect[k] != "steal-seen":
            bonus -= 10
        if rules.effect[k] == "disable":
            return (10 if state.disabled[target] <= state.round else -5) + bonus
        mine = _counts(state, seat)
        pile = [
            h + u if rules.effect[k] == "steal-seen" else u
            for h, u in zip(state.hands[target], state.summoned[target], strict=True)
        ]
        best = max((_gain(rules, mine, j) for j, c in enumerate(pile) if c), default=5.0)
        return best + bonus
    if kind == SELF:
        return 20.0 if rules.effect[action[1]] == "look-keep" else 1.0
    if kind == REFLECT:
        return 1.0 if action[1] else 0.0
    if kind == KEEP:
        return _gain(rules, _counts(state, seat), action[1])
    if kind == STOP:
        return 0.0
    if kind == RETURN:
        return 1.0 if rules.in_summon[action[1]] else 0.5
    return 0.0


# ---------------------------------------------------------------- invariants, records


def check_state(state: State) -> list[str]:
    """What is wrong with a state: cards conserved, counts, pieces, the action order."""
    rules = state.rules
    problems = []
    cards = [0] * len(rules.kinds)
    for k in state.deck + state.reserve + state.look + [c for c in state.field if c >= 0]:
        cards[k] += 1
    for pile in state.hands + state.summoned:
        if any(c < 0 for c in pile):
            problems.append("a hand or summoned pile holds a negative count")
        for k, c in enumerate(pile):
            cards[k] += c
    if tuple(cards) != rules.deck:
        problems.append(f"cards not conserved: {cards} != {list(rules.deck)}")
    if len(state.field) != rules.field_cards:
        problems.append(f"the field has {len(state.field)} slots, not {rules.field_cards}")
    if any(not 0 <= p < len(rules.space_value) for p in state.pos):
        problems.append("a piece is off the board")
    placed = [s for s in state.slots if s >= 0]
    if len(set(placed)) != len(placed):
        problems.append(f"a player holds two action-order slots: {state.slots}")
    if state.phase in (COLLECT, SUMMON) and sorted(state.order) != list(range(rules.players)):
        problems.append(f"the action order is not every player once: {state.order}")
    if state.phase == POWER:
        for s in range(rules.players):
            if state.mana[s] and state.mana[s] > rules.sheet_last:
                problems.append(f"seat {s + 1} has 魔力 {state.mana[s]} beyond the sheet")
    if state.phase == OVER and not state.result:
        problems.append("the game is over but nobody won")
    return problems


def record(state: State, timed_out: bool) -> dict:
    stats = state.stats
    rounds = state.round if state.phase == OVER else state.round - 1
    return {
        "winners": [] if timed_out else list(state.result),
        "end": "timeout" if timed_out else state.end,
        "tie": None if timed_out else state.tie,
        "turns": rounds * state.rules.players,
        "cycles": rounds,
        "scores": list(state.totals) if not timed_out else [],
        "cards": [sum(h) + sum(u) for h, u in zip(state.hands, state.summoned, strict=True)],
        "dry_round": stats["dry_round"],
        "reserve_round": stats["reserve_round"],
        "summons": dict(stats["summons"]),
        "reflected": stats["reflected"],
        "landings": dict(stats["landings"]),
        "power_ups": stats["power_ups"],
        "power_cards": stats["power_cards"],
        "collects": stats["collects"],
        "short": stats["short"],
        "steals": stats["steals"],
        "out_of_action": stats["out_of_action"],
    }


def summarise(records: Sequence[dict], rules: Rules) -> dict:
    """Wizard's Element Collection's own measures: when the field runs dry, the scores (how far apart,
    how often negative), the cards each player ends with, what was summoned, where moves ended."""
    n = len(records)
    per_game = max(1, n)
    done = [r for r in records if r["scores"]]
    scores_all = [s for r in done for s in r["scores"]]
    winning = [max(r["scores"]) for r in done]
    margins = [sorted(r["scores"])[-1] - sorted(r["scores"])[-2] for r in done if len(r["scores"]) > 1]
    summons: Counter = Counter()
    landings: Counter = Counter()
    for r in records:
        summons.update(r["summons"])
        landings.update(r["landings"])
    collects = sum(r["collects"] for r in records)
    return {
        "field": {
            "cards": rules.total_cards,
            "field": rules.field_cards,
            "reserve": rules.reserve_cards,
            "collect_take": rules.collect_take,
            "players": rules.players,
            "reserve_used": metrics.rate(sum(1 for r in records if r["reserve_round"] is not None), n),
            "reserve_round": metrics.percentiles([r["reserve_round"] for r in records if r["reserve_round"]]),
            "dry_round": metrics.percentiles([r["dry_round"] for r in records if r["dry_round"]]),
        },
        "scores": {
            "all": metrics.percentiles(scores_all),
            "winner": metrics.percentiles(winning),
            "margin": metrics.percentiles(margins),
            "negative": metrics.rate(sum(1 for s in scores_all if s < 0), len(scores_all)),
            "cards_held": metrics.percentiles([c for r in records for c in r["cards"]]),
        },
        "collect": {
            "per_game": round(collects / per_game, 3),
            "short": metrics.rate(sum(r["short"] for r in records), collects),
        },
        "summons_per_game": {k: round(summons[k] / per_game, 3) for k in rules.kinds if summons[k]},
        "reflected_per_game": round(sum(r["reflected"] for r in records) / per_game, 3),
        "power_ups_per_game": round(sum(r["power_ups"] for r in records) / per_game, 3),
        "power_cards_per_game": round(sum(r["power_cards"] for r in records) / per_game, 3),
        "steals_per_game": round(sum(r["steals"] for r in records) / per_game, 3),
        "out_of_action_per_game": round(sum(r["out_of_action"] for r in records) / per_game, 3),
        "landings_per_game": {k: round(v / per_game, 3) for k, v in sorted(landings.items())},
    }
