"""`pnpkit validate KIT --simulate N`: what play shows, as warnings at the rule concerned (PK350–PK357), and the
readings a kit declares in YAML (`readings:` on errata and `unspecified` values) driving `pnpkit simulate`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import KITS, REPO, cli, line_of, make_bad_kit

from pnpkit.validator.kit import load_kit
from pnpkit.validator.playtest import findings as play
from pnpkit.validator.playtest import metrics, runner

KIT = KITS["element-shift"]
AS_WRITTEN = REPO / "tests" / "fixtures" / "as-written" / "element-shift"
GAMES = 120


def _found(root: Path, games: int = GAMES, jobs: int = 1) -> list:
    return play.play_findings(load_kit(root), games, jobs)


def _codes(found: list) -> set[str]:
    return {f.code for f in found}


def _at(found: list, code: str) -> tuple[str, int]:
    (finding,) = [f for f in found if f.code == code]
    return Path(finding.location.file).name, finding.location.line


def test_as_written_deck_runs_dry_at_its_pile() -> None:
    found = _found(AS_WRITTEN)
    assert _at(found, "PK350") == ("play.yaml", line_of(AS_WRITTEN / "play.yaml", "- id: elements"))
    (dry,) = [f for f in found if f.code == "PK350"]
    assert f"in {GAMES} of {GAMES} games" in dry.message and "95 % interval" in dry.message
    assert "4 players" in dry.message
    # the other rules the as-written kit leaves broken, each at its place
    assert _at(found, "PK352") == (
        "rules.yaml",
        line_of(AS_WRITTEN / "rules.yaml", 'unspecified: "the rulebook does not say who wins'),
    )
    assert _at(found, "PK355")[0] == "play.yaml"
    assert all(f.severity.value == "warning" for f in found)


def test_corrected_kit_gives_none() -> None:
    assert _found(KIT) == []


def test_validate_simulate_on_the_corrected_kit() -> None:
    result = cli("validate", KIT, "--no-layout", "--simulate", "60", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    assert "PK35" not in result.stdout + result.stderr


def test_same_findings_whatever_the_jobs() -> None:
    one, two = _found(AS_WRITTEN, 80, 1), _found(AS_WRITTEN, 80, 2)
    assert [f.text() for f in one] == [f.text() for f in two] and one


@pytest.mark.parametrize(
    ("code", "edits", "file"),
    [
        ("PK350", [("errata.yaml", "default: reshuffle", "default: no-reshuffle")], "model.yaml"),
        ("PK351", [("model.yaml", "tokens_per_player: 9", "tokens_per_player: 5")], "model.yaml"),
        ("PK355", [("errata.yaml", "default: skipped", "default: drawn")], "model.yaml"),
        (
            "PK352",
            [
                (
                    "rules.yaml",
                    "      en: The player with the most territories.\n    tie_break:\n"
                    "      ja: 手札の多いプレイヤー。それも同じなら勝利を分け合う。\n"
                    "      en: The player with more cards in hand; if still tied, they share the win.",
                    "      en: The player with the most territories.\n    tie_break: unspecified",
                )
            ],
            "rules.yaml",
        ),
        (
            "PK356",
            [("errata.yaml", "- id: last-shift\n        choices", "- id: final-shift\n        choices")],
            "errata.yaml",
        ),
        ("PK356", [("errata.yaml", "{id: drawn, name", "{id: drawn-anyway, name")], "errata.yaml"),
    ],
)
def test_bad_rules_show_in_play(tmp_path: Path, code: str, edits: list, file: str) -> None:
    found = _found(make_bad_kit(tmp_path, edits))
    assert code in _codes(found), [f.text() for f in found]
    assert {Path(f.location.file).name for f in found if f.code == code} == {file}


def test_games_that_do_not_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A thousand cycles and a win no one reaches: the games outrun a (lowered) move cap."""
    monkeypatch.setattr(play, "MOVE_CAP", 2_000)
    kit = make_bad_kit(
        tmp_path,
        [
            ("model.yaml", "territories_to_win: 8", "territories_to_win: 99"),
            ("model.yaml", "max_cycles: 20", "max_cycles: 1000"),
        ],
    )
    found = _found(kit, games=4)
    (timeouts,) = [f for f in found if f.code == "PK353"]
    assert f"within {play.MOVE_CAP} decisions: in 4 of 4 games" in timeouts.message


def test_unbalanced_seats_beyond_the_tolerance(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Element Shift's seats are fair, so the games are replaced by ones seat 1 wins 80 % of: the gap is measured,
    and reported only beyond the kit's stated tolerance."""
    real = runner.simulate

    def lopsided(game, rules, players, games, *args):
        result = real(game, rules, players, games, *args)
        records = [
            {"winners": [0 if i % 5 else 1], "end": "last-cycle", "tie": None, "turns": 80, "cycles": 20}
            for i in range(games)
        ]
        return {**result, "metrics": metrics.summarise(records, players)}

    monkeypatch.setattr(play.runner, "simulate", lopsided)
    found = _found(KIT)
    assert "PK354" in _codes(found)
    assert _at(found, "PK354") == ("kit.yaml", line_of(KIT / "kit.yaml", "players:"))
    loose = make_bad_kit(
        tmp_path, [("kit.yaml", "players: {min: 2, max: 4}", "players: {min: 2, max: 4}\nplay: {seat_tolerance: 95}")]
    )
    assert "PK354" not in _codes(_found(loose))
    tight = make_bad_kit(
        tmp_path,
        [("kit.yaml", "players: {min: 2, max: 4}", "players: {min: 2, max: 4}\nplay: {seat_tolerance: 20}")],
        "tight",
    )
    assert _at(_found(tight), "PK354") == ("kit.yaml", line_of(tight / "kit.yaml", "play: {seat_tolerance"))


def test_a_game_without_an_engine_says_so_once() -> None:
    result = cli("validate", KITS["unlock-tower"], "--no-layout", "--simulate", "10")
    assert result.returncode == 0
    assert result.stdout.count("PK357") == 1 and "no playtest engine" in result.stdout


def test_unknown_reading_is_a_usage_error_listing_the_kits() -> None:
    result = cli("simulate", KIT, "--games", "1", "--reading", "weather=rain")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert "deck-exhaustion, last-shift, next-turn, shift-copies, tie" in result.stderr


def test_readings_declared_in_yaml_drive_all_readings(tmp_path: Path) -> None:
    """The kit decides which readings exist: without the `shift-cards` erratum's readings, shift-copies is the
    engine's default and is never varied."""
    kit = make_bad_kit(
        tmp_path,
        [("errata.yaml", "      - id: shift-copies\n", "      - id: shift-copies-unused\n")],
    )
    args = ("--games", "20", "--all-readings", "--reading", "tie=share", "--reading", "last-shift=skipped")
    data = json.loads(cli("simulate", kit, *args, "--format", "json", "--jobs", "1").stdout)
    declared = data["readings"]
    assert declared["deck-exhaustion"]["declared"].split(":")[0].endswith("errata.yaml")
    assert declared["deck-exhaustion"]["names"]["reshuffle"]["ja"] == "捨て札をシャッフルして山札にする"
    assert declared["shift-copies"]["declared"] is None
    assert {run["readings"]["shift-copies"] for run in data["runs"]} == {"as-deck"}
    assert len(data["runs"]) == 4  # deck-exhaustion × next-turn
    assert data["reading_problems"] and "shift-copies-unused" in data["reading_problems"][0]
