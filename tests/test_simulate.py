"""pnpkit simulate and the Element Shift engine: invariants over random games with fixed seeds
(as OpenSpiel's basic tests check them), determinism, the kit's numbers driving the games, usage errors."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import KITS, cli, make_bad_kit

from pnpkit.validator.kit import load_kit
from pnpkit.validator.playtest import element_shift as es
from pnpkit.validator.playtest import engine, readings, runner

KIT = KITS["element-shift"]


def _rules(players: int = 4, root: Path = KIT, **fixed: str) -> es.Rules:
    kit = load_kit(root).model
    choices = readings.for_kit(es.READINGS, kit).resolve(fixed)
    return es.prepare(kit, players, choices)  # type: ignore[arg-type]


def _json(*args: str | Path) -> dict:
    result = cli("simulate", *args, "--format", "json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def _walk(rules: es.Rules, seed: int, policy: str = "random"):
    """Every state of one game, checked as it goes; returns the final state and the moves made."""
    rng = random.Random(seed)
    state = es.new_game(rules, rng)
    cap = es.default_move_cap(rules)
    moves = 0
    while not es.is_terminal(state):
        assert moves < cap, f"seed {seed}: no end within {cap} moves"
        actions = es.legal_actions(state)
        assert actions, f"seed {seed}: a non-terminal state has no legal action"
        assert len(set(actions)) == len(actions)
        chosen = runner.POLICIES[policy](es, state, actions, rng)
        assert chosen in actions
        es.apply(state, chosen, rng)
        moves += 1
        problems = es.check_state(state)
        assert not problems, f"seed {seed}, move {moves}: {problems}"
    return state, moves


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_invariants_hold_in_every_state(players: int, policy: str) -> None:
    for fixed in ({}, {"deck-exhaustion": "reshuffle", "shift-copies": "with-replacement", "next-turn": "turn"}):
        rules = _rules(players, **fixed)
        for seed in range(15):
            state, _ = _walk(rules, seed, policy)
            rec = es.record(state, False)
            assert rec["winners"] and all(0 <= s < players for s in rec["winners"])
            top = max(rec["scores"])
            assert all(rec["scores"][s] == top for s in rec["winners"]), "a winner without the most territories"
            assert rec["cycles"] <= rules.max_cycles
            assert rec["turns"] == (rec["cycles"] - 1) * players + players
            assert (rec["tie"] is None) == (sum(s == top for s in rec["scores"]) == 1)
            if rec["end"] == "territories":
                assert top >= rules.to_win
            else:
                assert rec["end"] == "last-cycle" and rec["cycles"] == rules.max_cycles


def test_state_copies_are_independent() -> None:
    rules = _rules()
    rng = random.Random(3)
    state = es.new_game(rules, rng)
    for _ in range(60):
        es.apply(state, es.legal_actions(state)[0], rng)
    before = es.record(es.clone(state), False), list(state.owner), [list(h) for h in state.hands]
    copy = es.clone(state)
    while not es.is_terminal(copy):
        es.apply(copy, es.legal_actions(copy)[-1], rng)
    assert (es.record(es.clone(state), False), list(state.owner), [list(h) for h in state.hands]) == before


def test_move_cap_counts_timeouts() -> None:
    rules = _rules()
    result = runner.simulate("element-shift", rules, 4, 20, 1, "random", move_cap=30)
    assert result["metrics"]["timeouts"]["count"] == 20
    assert result["metrics"]["completion"]["rate"] == 0.0
    assert all(s["count"] == 0 for s in result["metrics"]["seat_win_rate"].values())


def test_win_shares_add_up_to_completed_games() -> None:
    data = _json(KIT, "--games", "200", "--players", "3", "--jobs", "1")
    m = data["runs"][0]["metrics"]
    assert sum(s["count"] for s in m["seat_win_rate"].values()) == pytest.approx(m["completion"]["count"], abs=0.01)
    for s in m["seat_win_rate"].values():
        assert s["low"] <= s["rate"] <= s["high"]


def test_same_seed_same_json_whatever_the_jobs() -> None:
    args = (KIT, "--games", "120", "--seed", "7", "--format", "json")
    one, two, again = (cli("simulate", *args, "--jobs", j) for j in ("1", "2", "2"))
    assert one.returncode == two.returncode == 0
    assert one.stdout == two.stdout == again.stdout
    other = cli("simulate", *args[:-4], "--seed", "8", "--format", "json", "--jobs", "1")
    assert other.stdout != one.stdout


def test_four_player_deck_runs_dry_long_before_the_end() -> None:
    """The issue's example: 40 cards, 2 draws a turn, 4 players: empty after cycle 5 of 20."""
    args = ("--games", "200", "--players", "4", "--jobs", "1", "--reading", "deck-exhaustion=no-reshuffle")
    deck = _json(KIT, *args)["runs"][0]["game"]["deck"]
    assert (deck["cards"], deck["draws_per_turn"], deck["max_cycles"]) == (40, 2, 20)
    assert deck["empty_cycle"]["p50"] == 40 // (2 * 4)
    assert deck["dry_before_end"]["rate"] > 0.9
    assert deck["short_draws_per_game"] > 0
    assert deck["draw_lost"]["rate"] > 0.9 and deck["draw_lost_cycle"]["p50"] == 40 // (2 * 4) + 1
    text = cli("simulate", KIT, "--games", "50", "--jobs", "1").stdout
    assert "empty at cycle    median 5" in text


def test_the_kits_reshuffle_keeps_the_deck_alive() -> None:
    """The corrected kit's erratum `deck` plays deck-exhaustion=reshuffle by default."""
    data = _json(KIT, "--games", "100", "--jobs", "1")
    run = data["runs"][0]
    assert run["readings"]["deck-exhaustion"] == "reshuffle"
    assert "errata.yaml:" in data["readings"]["deck-exhaustion"]["declared"]
    assert run["game"]["deck"]["reshuffles_per_game"] > 0
    assert run["game"]["deck"]["draw_lost"]["rate"] < 0.05


@pytest.mark.parametrize(
    ("file", "old", "new"),
    [
        ("model.yaml", "draws_per_turn: 2", "draws_per_turn: 3"),
        ("model.yaml", "max_cycles: 20", "max_cycles: 10"),
    ],
)
def test_the_kit_numbers_drive_the_games(tmp_path: Path, file: str, old: str, new: str) -> None:
    edits = [(file, old, new)]
    if "max_cycles" in old:  # the cycle track must agree (ES016)
        edits.append(("tokens.yaml", "last: 20", "last: 10"))
    changed = make_bad_kit(tmp_path, edits)
    args = ("--games", "100", "--players", "4", "--jobs", "1", "--reading", "deck-exhaustion=no-reshuffle")
    base, other = _json(KIT, *args), _json(changed, *args)
    assert base["runs"][0]["metrics"] != other["runs"][0]["metrics"]
    deck_base, deck_other = base["runs"][0]["game"]["deck"], other["runs"][0]["game"]["deck"]
    if "draws" in old:
        assert deck_other["draws_per_turn"] == 3
        assert deck_other["empty_cycle"]["p50"] < deck_base["empty_cycle"]["p50"]
    else:
        assert other["runs"][0]["metrics"]["length"]["cycles"]["max"] == 10


def test_tokens_and_deck_come_from_the_kit(tmp_path: Path) -> None:
    changed = make_bad_kit(tmp_path, [("decks.yaml", "- {ref: fire, count: 10}", "- {ref: fire, count: 10}")])
    rules = _rules(4, changed)
    assert rules.deck == (10, 10, 10, 10) and rules.tokens == 9 and rules.draws == 2
    assert len(rules.combos) == 9 and len(rules.events) == 7 and len(rules.cell_element) == 40


def test_all_readings_compare_against_the_kit() -> None:
    args = ("--games", "60", "--all-readings", "--reading", "tie=share", "--reading", "last-shift=drawn")
    data = _json(KIT, *args, "--jobs", "2")
    assert len(data["runs"]) == 8
    assert all(run["readings"]["tie"] == "share" for run in data["runs"])
    assert data["runs"][0]["readings"]["next-turn"] == "cycle"  # the kit's errata choose it
    assert len(data["comparison"]) == 7
    defaults = {rid: r["default"] for rid, r in data["readings"].items()}
    assert defaults == {
        "deck-exhaustion": "reshuffle",
        "shift-copies": "as-deck",
        "next-turn": "cycle",
        "tie": "hand-then-share",
        "last-shift": "skipped",
    }


def test_as_written_readings_are_the_default_without_errata() -> None:
    assert readings.resolve(es.READINGS, []) == {
        "deck-exhaustion": "no-reshuffle",
        "shift-copies": "as-deck",
        "next-turn": "turn",
        "tie": "share",
        "last-shift": "drawn",
    }


def test_tie_rule_is_reported() -> None:
    m = _json(KIT, "--games", "200", "--players", "2", "--jobs", "1")["runs"][0]["metrics"]
    assert m["ties"]["at_top"]["count"] == sum(m["ties"]["decided_by"].values())
    shared = _json(KIT, "--games", "200", "--players", "2", "--reading", "tie=share", "--jobs", "1")
    ms = shared["runs"][0]["metrics"]
    assert set(ms["ties"]["decided_by"]) <= {"shared"}
    assert ms["ties"]["at_top"] == m["ties"]["at_top"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--games", "0"), "--games 0 is not between 1 and 100000"),
        (("--games", "100001"), "is not between 1 and 100000"),
        (("--games", "many"), "is not a whole number"),
        (("--players", "5"), "--players 5 is not between 2 and 4"),
        (("--players", "1"), "--players 1 is not between 2 and 4"),
        (("--move-cap", "0"), "--move-cap 0 is not between"),
        (("--reading", "nope=x"), "no reading 'nope'"),
        (("--reading", "tie=coin"), "reading 'tie' has no choice 'coin'"),
        (("--reading", "tie"), "write ID=CHOICE"),
    ],
)
def test_usage_errors(args: tuple[str, ...], message: str) -> None:
    result = cli("simulate", KIT, *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("pnpkit: error:")
    assert message in result.stderr


def test_missing_kit_is_a_usage_error(tmp_path: Path) -> None:
    result = cli("simulate", tmp_path / "nothing")
    assert result.returncode == 2 and "does not exist" in result.stderr


def test_game_without_an_engine_names_the_ones_with_one() -> None:
    result = cli("simulate", KITS["unlock-tower"], "--games", "1")
    assert result.returncode == 2
    assert "unlock-tower has no playtest engine" in result.stderr and "element-shift" in result.stderr


def test_kit_with_errors_gives_findings(tmp_path: Path) -> None:
    broken = make_bad_kit(tmp_path, [("model.yaml", "draws_per_turn: 2", "draws_per_turn: two")])
    result = cli("simulate", broken, "--games", "1")
    assert result.returncode == 1
    assert "error" in result.stderr and "nothing was played" in result.stderr


def test_every_engine_is_registered_with_its_interface() -> None:
    module = engine("element-shift")
    for name in ("READINGS", "MEASURES", "prepare", "new_game", "legal_actions", "apply", "is_terminal", "clone"):
        assert hasattr(module, name)
    for name in ("heuristic", "check_state", "record", "summarise", "default_move_cap", "to_move"):
        assert callable(getattr(module, name))
