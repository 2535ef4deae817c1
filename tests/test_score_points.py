"""`pnpkit score` for any kit that declares scoring categories: points by category in (a YAML file, or typed),
totals and places out, ties broken by the kit's `tie_break`; bad input is one line at file:line:col, exit 1."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import KITS, cli

KIT = KITS["every-board"]


def test_typed_points_are_totalled_and_ties_broken_by_the_tie_break_order():
    result = cli("score", KIT, "--lang", "en", stdin="Red: ports=3 sales=12\nBlue: 5 10\nGreen: 2 13\n\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "Red: 15 (Ports 3, Sales 12)"
    assert result.stdout.splitlines()[-1] == "1. Green 15  2. Red 15  3. Blue 15"  # equal totals: sales, then ports


def test_a_yaml_file_names_categories_in_any_language(tmp_path: Path):
    points = tmp_path / "points.yaml"
    points.write_text("赤: {港: 4, sales: 9}\n青: {Ports: 4, 売上: 9}\n", encoding="utf-8")
    result = cli("score", KIT, points, "--format", "json")
    assert result.returncode == 0, result.stderr
    scored = json.loads(result.stdout)
    assert [(s["player"], s["total"], s["place"], s["tied"]) for s in scored] == [
        ("赤", 13, 1, True),
        ("青", 13, 1, True),
    ]


def test_bad_points_are_one_line_at_their_place(tmp_path: Path):
    points = tmp_path / "points.yaml"
    points.write_text("赤: {ports: 4}\n青: {gold: 2}\n", encoding="utf-8")
    result = cli("score", KIT, points)
    assert result.returncode == 1
    assert result.stderr.strip() == f"{points}:2:5: unknown scoring category 'gold' (categories: ports, sales)"
    typed = cli("score", KIT, stdin="赤: ports=four\n\n")
    assert (typed.returncode, typed.stderr.strip()) == (
        1,
        "<stdin>:1:4: points are a whole number, e.g. 12 or -3 (got 'four')",
    )
    crowd = "".join(f"p{i}: 1 1\n" for i in range(5))
    assert "5 players, but the game is for 2–4" in cli("score", KIT, stdin=crowd + "\n").stderr


def test_a_kit_without_scoring_categories_is_a_usage_error():
    result = cli("score", KITS["starlit-bazaar"], stdin="a: 1\n")
    assert result.returncode == 2
    assert "declares no scoring categories" in result.stderr
