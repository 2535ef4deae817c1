"""pnpkit simulate and the Wizard's Element Collection engine: invariants over random and greedy games with fixed
seeds (as OpenSpiel's basic tests check them), scores by the rule model's own scoring, determinism, the kit's
numbers driving the games, and the readings."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import KITS, cli, make_bad_kit

from pnpkit.validator.games.wizards_element_collection import kind_points
from pnpkit.validator.kit import load_kit
from pnpkit.validator.playtest import engine, readings, runner, wizards_state
from pnpkit.validator.playtest import wizards_element_collection as wec

KIT = KITS["wizards-element-collection"]
GAME = "wizards-element-collection"
OTHER_CHOICES = {"own-space": "steal-only", "push-to": "mana-space", "flame-collect": "no-collect"}
DECLARED = """    readings:
      - id: own-space
        choices:
          - {id: steal-only, name: {ja: 他のプレイヤーの手札から奪うだけ, en: Only take a card from another hand}}
          - {id: steal-or-warp, name: {ja: 奪うか、空いた魔力マスへワープ, en: Take a card or warp to a free space}}
        default: steal-or-warp
"""


def _kit(root: Path = KIT):
    return load_kit(root).model


def _rules(players: int = 4, root: Path = KIT, **fixed: str) -> wec.Rules:
    kit = _kit(root)
    choices = readings.resolve(wec.READINGS, [e.id for e in kit.errata], fixed)
    return wec.prepare(kit, players, choices)  # type: ignore[arg-type]


def _json(*args: str | Path) -> dict:
    result = cli("simulate", *args, "--format", "json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def _walk(rules: wec.Rules, seed: int, policy: str = "random", watch=None):
    """Every state of one game, checked as it goes; returns the final state and the moves made."""
    rng = random.Random(seed)
    state = wec.new_game(rules, rng)
    cap = wec.default_move_cap(rules)
    moves = 0
    while not wec.is_terminal(state):
        assert moves < cap, f"seed {seed}: no end within {cap} moves"
        actions = wec.legal_actions(state)
        assert actions, f"seed {seed}: a non-terminal state (step {state.step}) has no legal action"
        assert len(set(actions)) == len(actions), actions
        chosen = runner.POLICIES[policy](wec, state, actions, rng)
        assert chosen in actions
        if watch is not None:
            watch(state, chosen)
        wec.apply(state, chosen, rng)
        moves += 1
        problems = wec.check_state(state)
        assert not problems, f"seed {seed}, move {moves}: {problems}"
    return state, moves


def _score_bounds(rules: wec.Rules) -> tuple[int, int]:
    """The least and most one player can score: every kind at its worst and best count, the wilds joining any."""
    wilds = sum(c for c, s in zip(rules.deck, rules.scoring, strict=True) if s == "wild")
    low = high = 0
    for k, copies in enumerate(rules.deck):
        values = [
            kind_points(rules.scoring[k], rules.points[k], rules.negative[k], n) for n in range(copies + wilds + 1)
        ]
        low, high = low + min(values), high + max(values)
    return low, high


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_invariants_hold_in_every_state(players: int, policy: str) -> None:
    for fixed in ({}, OTHER_CHOICES):
        rules = _rules(players, **fixed)
        low, high = _score_bounds(rules)
        for seed in range(8):
            state, _ = _walk(rules, seed, policy)
            rec = wec.record(state, False)
            assert rec["end"] == "field-runs-dry"
            assert rec["winners"] and all(0 <= s < players for s in rec["winners"])
            top = max(rec["scores"])
            assert sorted(rec["winners"]) == [s for s, v in enumerate(rec["scores"]) if v == top]
            assert (rec["tie"] == "shared") == (len(rec["winners"]) > 1)
            assert all(low <= v <= high for v in rec["scores"]), (rec["scores"], low, high)
            assert rec["turns"] == rec["cycles"] * players
            assert rec["dry_round"] + rules.final_turns == rec["cycles"]
            assert rec["reserve_round"] is None or rec["reserve_round"] <= rec["dry_round"]
            assert sum(rec["cards"]) <= rules.total_cards
            assert not state.deck and not state.reserve


def test_scores_are_the_rule_models_own() -> None:
    """The end-of-game score is `pnpkit score`'s: the kit's scoring over hand and summoned cards together."""
    kit = _kit()
    rules = _rules(4)
    for seed in range(5):
        state, _ = _walk(rules, seed)
        hands = {
            str(s): {
                rules.kinds[k]: state.hands[s][k] + state.summoned[s][k]
                for k in range(len(rules.kinds))
                if state.hands[s][k] + state.summoned[s][k]
            }
            for s in range(4)
        }
        assert wec.record(state, False)["scores"] == [p.total for p in kit.score(hands)]


def test_state_copies_are_independent() -> None:
    rules = _rules()
    rng = random.Random(3)
    state = wec.new_game(rules, rng)
    for _ in range(150):
        wec.apply(state, wec.legal_actions(state)[-1], rng)
    snapshot = lambda s: (  # noqa: E731
        wec.record(s, True),
        list(s.pos),
        [list(h) for h in s.hands],
        [list(h) for h in s.summoned],
        list(s.field),
        list(s.deck),
        s.step,
    )
    before = snapshot(state)
    copy = wec.clone(state)
    assert snapshot(copy) == before
    while not wec.is_terminal(copy):
        wec.apply(copy, wec.legal_actions(copy)[0], rng)
    assert snapshot(state) == before
    assert wec.legal_actions(state) == wec.legal_actions(wec.clone(state))


def test_move_cap_counts_timeouts() -> None:
    result = runner.simulate(GAME, _rules(), 4, 20, 1, "random", move_cap=40)
    assert result["metrics"]["timeouts"]["count"] == 20
    assert result["metrics"]["completion"]["rate"] == 0.0
    assert all(s["count"] == 0 for s in result["metrics"]["seat_win_rate"].values())


def test_same_seed_same_game() -> None:
    rules = _rules(3)
    first, again = (wec.record(_walk(rules, 11, "greedy")[0], False) for _ in range(2))
    assert first == again
    assert wec.record(_walk(rules, 12, "greedy")[0], False) != first


def test_cli_prints_the_metrics() -> None:
    result = cli("simulate", KIT, "--games", "200", "--players", "4", "--seed", "1", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    for words in ("wizards-element-collection: 200 games, 4 players", "completion", "seat 4 wins", "field-runs-dry"):
        assert words in result.stdout
    data = _json(KIT, "--games", "200", "--players", "4", "--seed", "1", "--jobs", "1")
    run = data["runs"][0]
    assert run["metrics"]["games"] == 200 and run["metrics"]["completion"]["rate"] == 1.0
    wins = sum(s["count"] for s in run["metrics"]["seat_win_rate"].values())
    assert wins == pytest.approx(200, abs=0.01)
    assert run["game"]["field"]["cards"] == 68 and run["game"]["field"]["reserve_used"]["rate"] == 1.0
    assert set(data["readings"]) == set(wec.READINGS)


def test_same_seed_same_json_whatever_the_jobs() -> None:
    args = (KIT, "--games", "120", "--players", "4", "--seed", "5", "--format", "json")
    one, two = (cli("simulate", *args, "--jobs", j) for j in ("1", "2"))
    assert one.returncode == two.returncode == 0
    assert one.stdout == two.stdout
    greedy = [cli("simulate", *args, "--policy", "greedy", "--jobs", j).stdout for j in ("1", "2")]
    assert greedy[0] == greedy[1] != one.stdout
    other = cli("simulate", *args[:-4], "--seed", "6", "--format", "json", "--jobs", "1")
    assert other.stdout != one.stdout


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("collect_take: 2", "collect_take: 1"),
        ("final_turns: 1", "final_turns: 3"),
        ("dice: 2\n", "dice: 1\n"),
        ("reserve_cards: 9", "reserve_cards: 0"),
        ("summons_per_turn: 1", "summons_per_turn: 2"),
    ],
)
def test_the_kit_numbers_drive_the_games(tmp_path: Path, old: str, new: str) -> None:
    changed = make_bad_kit(tmp_path, [("model.yaml", old, new)], kit=GAME)
    args = ("--games", "60", "--players", "4", "--jobs", "1")
    base, other = _json(KIT, *args)["runs"][0], _json(changed, *args)["runs"][0]
    assert base["metrics"] != other["metrics"]
    cycles, cycles_other = base["metrics"]["length"]["cycles"], other["metrics"]["length"]["cycles"]
    if "collect_take" in old:
        assert other["game"]["field"]["collect_take"] == 1
        assert cycles_other["p50"] > cycles["p50"]
    elif "final_turns" in old:
        dry = other["game"]["field"]["dry_round"]
        assert cycles_other["min"] == dry["min"] + 3 and cycles_other["max"] == dry["max"] + 3
    elif "summons" in old:
        assert sum(other["game"]["summons_per_game"].values()) > sum(base["game"]["summons_per_game"].values())
    elif "dice" in old:
        assert _rules(4, changed).rolls == tuple((face, 1 / 6) for face in range(1, 7))
    else:
        assert other["game"]["field"]["reserve_used"]["rate"] == 0.0 and other["game"]["field"]["reserve_round"] == {}
        assert other["game"]["field"]["reserve"] == 0


def test_board_and_cards_come_from_the_kit(tmp_path: Path) -> None:
    rules = _rules(4)
    kit = _kit()
    assert rules.total_cards == kit.parameters.total_cards == 68
    assert len(rules.space_value) == len(kit.board.spaces) == 20
    assert [rules.space_value[s] for s in range(5)] == [40, 15, 60, 25, 70]
    assert rules.space_line[1] == (0, 3, 6) and rules.space_line[0] == (0, 4, 8)  # column-1, diagonal-1
    assert rules.home == (5, 9, 15, 19)
    assert {rules.kinds[k] for k in rules.unreturnable} == {"dark", "flame"}  # as Water's text names them
    assert _rules(2).space_owner[15] == wec.UNUSED  # white's space when two play
    edits = [
        ("cards.yaml", "      steps: 1\n", "      steps: 2\n"),
        ("cards.yaml", "・炎[{flame_points}点]は戻せない", "は戻せない"),
        ("cards.yaml", "nor Dark [{dark_points}] or Flame [{flame_points}]", "nor Dark [{dark_points}]"),
        ("board.yaml", "{value: 15, collects: column-1}", "{value: 95, collects: column-1}"),
        ("board.yaml", "  last: 200", "  last: 100"),
    ]
    changed = _rules(4, make_bad_kit(tmp_path, edits, kit=GAME))
    assert changed.steps[changed.kinds.index("earth")] == 2
    assert {changed.kinds[k] for k in changed.unreturnable} == {"dark"}
    assert changed.space_value[1] == 95 and changed.sheet_last == 100


def test_power_ups_stay_on_the_sheet_and_pass_a_player() -> None:
    rules = _rules(4)
    seen: list[tuple[int, int, int | None]] = []

    def watch(state: wec.State, action: tuple) -> None:
        if action[0] == wec.DONE:
            seat = state.to_move
            seen.append((state.mana[seat], state.base, wizards_state.threshold(state, seat)))
            others = [state.mana[q] for q in range(4) if q != seat]
            assert state.mana[seat] not in others

    for seed in range(10):
        _walk(rules, seed, "random", watch)
    assert seen
    for mana, base, passed in seen:
        assert passed is not None and base < passed < mana <= rules.sheet_last and mana in rules.sheet


def test_flame_puts_a_player_out_of_action_for_one_turn() -> None:
    rules = _rules(4)
    acting = (wec.ROLL, wec.ICE, wec.WIND, wec.EARTH, wec.POWER_UP, wec.DECLINE, wec.CALL, wec.SELF, wec.REFLECT)
    hit: list[tuple[int, int]] = []

    def watch(state: wec.State, action: tuple) -> None:
        if action[0] in acting:
            assert not wizards_state.out_of_action(state, state.to_move), (state.round, action)
        if action[0] == wec.CALL and rules.effect[action[1]] == "disable":
            hit.append((state.round, action[2]))

    for seed in range(10):
        _walk(rules, seed, "greedy", watch)
    assert hit


def test_a_returned_card_waits_for_the_next_turn(tmp_path: Path) -> None:
    """Water returns a summoned card to the hand "to summon again from next turn": with two summons a turn, the
    card it took back is not offered again that turn."""
    twice = make_bad_kit(tmp_path, [("model.yaml", "summons_per_turn: 1", "summons_per_turn: 2")], kit=GAME)
    rules = _rules(2, twice)
    assert rules.summons_per_turn == 2
    water, grass = rules.kinds.index("water"), rules.kinds.index("grass")
    rng = random.Random(2)
    state = wec.new_game(rules, rng)
    while state.step != wec.SUMMONING:
        wec.apply(state, wec.legal_actions(state)[0], rng)
    seat = state.current
    state.hands[seat] = [0] * len(rules.kinds)
    state.hands[seat][water] = 1
    state.summoned[seat][grass] += 1
    assert (wec.SELF, water) in wec.legal_actions(state)
    wec.apply(state, (wec.SELF, water), rng)
    assert wec.legal_actions(state) == [(wec.RETURN, grass)]
    wec.apply(state, (wec.RETURN, grass), rng)
    assert state.hands[seat][grass] == 1
    assert state.current != seat or state.phase != wec.SUMMON  # nothing left to summon this turn


def test_readings_change_what_is_legal() -> None:
    """own-space=steal-only never offers a warp from your own space; push-to=mana-space never pushes a piece onto a
    player space; flame-collect=no-collect: a player out of action takes no card."""
    as_kit, other = _rules(3), _rules(3, **OTHER_CHOICES)
    offered = {True: 0, False: 0}

    def watch_for(rules: wec.Rules):
        def watch(state: wec.State, action: tuple) -> None:
            if state.step == wec.OWN_SPACE:
                offered[rules.own_warp] += sum(1 for a in wec.legal_actions(state) if a[0] == wec.WARP)
            if action[0] == wec.PUSH and rules.push_mana_only:
                to = wizards_state.nearest_free(state, state.pos[action[1]], action[2])
                assert rules.space_owner[to] == wec.NORMAL
            if action[0] == wec.TAKE:
                assert rules.flame_collects or not wizards_state.out_of_action(state, state.to_move)

        return watch

    for seed in range(30):
        _walk(as_kit, seed, "random", watch_for(as_kit))
        _walk(other, seed, "random", watch_for(other))
    assert offered[True] > 0 and offered[False] == 0


def test_defaults_follow_the_errata() -> None:
    kit = _kit()
    assert readings.resolve(wec.READINGS, [e.id for e in kit.errata]) == {
        "own-space": "steal-or-warp",
        "push-to": "any-space",
        "flame-collect": "collects",
    }
    assert readings.resolve(wec.READINGS, [])["own-space"] == "steal-only"


def test_a_reading_declared_in_yaml_can_be_fixed_and_compared(tmp_path: Path) -> None:
    """The kit's own-space erratum declares its readings in YAML (DECLARED is what it holds)."""
    declared = make_bad_kit(tmp_path, [], kit=GAME)
    assert DECLARED.strip() in (declared / "errata.yaml").read_text(encoding="utf-8")
    fixed = _json(declared, "--games", "40", "--reading", "own-space=steal-only", "--jobs", "1")
    assert fixed["runs"][0]["readings"]["own-space"] == "steal-only"
    assert fixed["readings"]["own-space"]["declared"] is not None
    both = _json(declared, "--games", "40", "--all-readings", "--jobs", "1")
    assert [run["readings"]["own-space"] for run in both["runs"]] == ["steal-or-warp", "steal-only"]
    assert len(both["comparison"]) == 1


def test_engine_is_registered_with_its_interface() -> None:
    module = engine(GAME)
    assert module is wec
    for name in ("READINGS", "MEASURES", "prepare", "new_game", "legal_actions", "apply", "is_terminal", "clone"):
        assert hasattr(module, name)
    for name in ("heuristic", "check_state", "record", "summarise", "default_move_cap", "to_move"):
        assert callable(getattr(module, name))
    result = runner.simulate(GAME, _rules(2), 2, 30, 1, "greedy", wec.default_move_cap(_rules(2)))
    for measure in wec.MEASURES:
        value = runner.measures(wec, result)[f"game.{measure}"]
        assert value["low"] <= value["rate"] <= value["high"]
