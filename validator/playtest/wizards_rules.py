"""Wizard's Element Collection's rules for one game: every number the engine plays by, read from the kit's rule
model (`prepare`), and the names of the phases, steps and actions. The engine's API is wizards_element_collection.py.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..games.wizards_element_collection import Element, WizardsElementCollectionKit

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
    from ..games.wizards_checks import card_refs
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
