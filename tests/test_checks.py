"""The shared checks of validator/checks.py that a game's rule model calls on its own lists: orderings,
numbers stated twice, choices and recipes."""

from __future__ import annotations

import pytest

from pnpkit.validator.checks import CheckContext, check_choice, check_equal, check_permutation, check_recipes
from pnpkit.validator.source import Source


@pytest.fixture
def ctx() -> CheckContext:
    return CheckContext(Source(), ("ja", "en"))


def found(ctx: CheckContext) -> list[tuple[str, str, str]]:
    return [(f.code, f.path, f.message) for f in ctx.findings]


def test_a_permutation_holds_every_known_entry_once(ctx):
    check_permutation(ctx, ("order",), ["a", "b", "c"], "abc", "the order")
    check_permutation(ctx, ("order",), ["c", "a", "b"], "abc", "the order")
    assert found(ctx) == []
    check_permutation(ctx, ("order",), ["a", "a", "x"], "abc", "the order")
    assert [(code, message) for code, _path, message in found(ctx)] == [
        ("PK314", "the order lists 'a' twice"),
        ("PK314", "the order lists 'x', which is not one of a, b, c"),
        ("PK314", "the order leaves out b, c"),
    ]


def test_two_stated_numbers_must_agree(ctx):
    assert check_equal(ctx, ("total",), 12, 12, "the cards add up")
    assert not check_equal(ctx, ("total",), 11, 12, "the cards add up", "fix a count")
    assert [(f.code, f.message, f.hint) for f in ctx.findings] == [
        ("PK315", "the cards add up: 11 ≠ 12", "fix a count")
    ]


def test_a_choice_needs_two_options(ctx):
    check_choice(ctx, ("choice",), ["left", "right"], "the fork")
    assert found(ctx) == []
    check_choice(ctx, ("choice",), ["left"], "the fork")
    assert [(code, message) for code, _path, message in found(ctx)] == [("PK316", "the fork offers 1 option(s)")]


def test_recipes_are_unordered_sets_unique_within_a_category(ctx):
    check_recipes(
        ctx,
        [
            (("r", 0), frozenset({"fire", "water"}), "attack", "steam"),
            (("r", 1), frozenset({"water", "fire"}), "attack", "mist"),
            (("r", 2), frozenset({"fire", "water"}), "defence", "wall"),
            (("r", 3), frozenset({"earth", "water"}), "defence", "mud"),
        ],
    )
    assert [(code, path) for code, path, _message in found(ctx)] == [
        ("PK317", "r[1]"),
        ("PK318", "r[2]"),
        ("PK318", "r[2]"),
    ]
    assert "'mist' uses the same inputs as 'steam' (fire + water)" in found(ctx)[0][2]
