"""Issue 42: a checker quiet on games it has never seen. A number a condition governs (a player count, a round, a
rank, a table row) is a mapping, not a contradiction; a term a table, list or type line introduces is defined; a
quoted title of a work in a flavour quotation is no name claim; a suggestion is never far from the word; two
dictionary words are never one another's typo. Each false case (ja and en) is silent, and a true sibling of the
same shape still fires. Every case is an edit of examples/starlit-bazaar in tmp_path."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import REPO, line_of, make_bad_kit

from pnpkit.validator.kit import load_kit

SB = "starlit-bazaar"
SECTION = "rules:\n  sections:\n"


def _section(ja: str, en: str, title: str = "{ja: 配札, en: The deal}") -> tuple[str, str, str]:
    return (
        "rules.yaml",
        SECTION,
        f'{SECTION}    - title: {title}\n      bullets:\n        - ja: "{ja}"\n          en: "{en}"\n',
    )


def _table(columns: tuple[str, str, str, str], *rows: tuple[str, str, str, str]) -> tuple[str, str, str]:
    a, b, c, d = columns
    lines = "".join(f'          - [{{ja: "{w}", en: "{x}"}}, {{ja: "{y}", en: "{z}"}}]\n' for w, x, y, z in rows)
    return (
        "rules.yaml",
        SECTION,
        f"{SECTION}    - title: {{ja: 得点表, en: Score table}}\n      table:\n"
        f"        columns: [{{ja: {a}, en: {b}}}, {{ja: {c}, en: {d}}}]\n        rows:\n{lines}",
    )


def _pile(per_player: str) -> tuple[str, str, str]:
    pile = (
        "  piles:\n    - {id: deck, name: {ja: 山札, en: Deck}, holds: 40, "
        f"setup: {{per_player: {per_player}}}, after_use: discard, reshuffle: never}}\n"
    )
    return ("kit.yaml", "include:\n", f"play:\n{pile}include:\n")


def _found(kit: Path, code: str) -> list:
    return [f for f in load_kit(kit).report.findings if f.code == code]


def _where(kit: Path, found: list) -> list[tuple[str, int]]:
    return [(Path(f.location.file).name, f.location.line) for f in found]


# ---------------------------------------------------------------- numbers a condition governs

HAND_PER_COUNT = {
    "ja": _section("2〜3人なら各プレイヤーに5枚ずつ配る、4人なら4枚ずつ配る。", "Deal the cards."),
    "en": _section(
        "カードを配る。",
        "With 2 or 3 players, deal 5 cards to each player; with 4 players, deal 4 cards to each player.",
    ),
    "en-game": _section(
        "カードを配る。",
        "In a 2-3 player game, each player is dealt 5 cards. In a 4-player game, each player is dealt 4 cards.",
    ),
    "ja-list": _section("2人：5枚ずつ配る。3〜4人：4枚ずつ配る。", "Deal the cards."),
    "ja-time": _section("3〜4人プレイ時は7枚ずつ配る。2人プレイ時は10枚ずつ配る。", "Deal the cards."),
    "en-for": _section(
        "カードを配る。", "For 3-4 players, deal 7 cards to each player. For 2 players, deal 10 cards to each player."
    ),
    "en-list": (
        "rules.yaml",
        SECTION,
        f"{SECTION}    - title: {{ja: 配札, en: The deal}}\n      bullets:\n"
        '        - {ja: "2人：10枚ずつ配る。", en: "2 players: deal 10 cards to each player."}\n'
        '        - {ja: "3〜4人：7枚ずつ配る。", en: "3-4 players: deal 7 cards to each player."}\n',
    ),
    "ja-round": _section("1ラウンド目は3枚ずつ配る。2ラウンド目は5枚ずつ配る。", "Deal the cards."),
    "en-round": _section(
        "カードを配る。", "In round 1, deal 3 cards to each player. In round 2, deal 5 cards to each player."
    ),
}
"""A hand size per player count or per round (the fireworks co-op game's 「2〜3人なら…5枚、4〜5人なら4枚」)."""


@pytest.mark.parametrize("case", sorted(HAND_PER_COUNT))
def test_a_value_per_player_count_or_round_is_a_mapping_not_a_contradiction(tmp_path, case):
    kit = make_bad_kit(tmp_path, [HAND_PER_COUNT[case]], case, SB)
    assert _found(kit, "PK346") == [], [f.text() for f in _found(kit, "PK346")]


def test_a_table_of_values_per_player_count_is_a_mapping(tmp_path):
    kit = make_bad_kit(
        tmp_path,
        [
            _table(
                ("人数", "Players", "手札", "Hand"),
                ("2〜3人", "2-3 players", "5枚ずつ配る", "deal 5 cards to each player"),
                ("4人", "4 players", "4枚ずつ配る", "deal 4 cards to each player"),
            )
        ],
        "table",
        SB,
    )
    assert _found(kit, "PK346") == [], [f.text() for f in _found(kit, "PK346")]


TRUE_SIBLINGS = {
    # the same condition stated twice with two numbers
    "ja": (
        [
            _section("4人なら4枚ずつ配る。", "Deal the cards."),
            _section("4人なら5枚ずつ配る。", "Deal.", "{ja: 補足, en: Notes}"),
        ],
        "4人なら4枚ずつ配る",
    ),
    "en": (
        [
            _section("配る。", "With 4 players, deal 4 cards to each player."),
            _section("配る。", "With 4 players, deal 5 cards to each player.", "{ja: 補足, en: Notes}"),
        ],
        "With 4 players, deal 4",
    ),
    # the model's deal per player count against the prose's
    "ja-model": ([_pile("{2: 5, 3: 5, 4: 3}"), HAND_PER_COUNT["ja"]], "2〜3人なら"),
    "en-model": ([_pile("{2: 5, 3: 5, 4: 3}"), HAND_PER_COUNT["en"]], "With 2 or 3 players"),
    # the model's one number holds for every player count
    "en-one-number": ([_pile("5"), HAND_PER_COUNT["en"]], "With 2 or 3 players"),
    # the game's own player count, unconditioned, still disagrees with the model
    "ja-players": ([_section("2〜6人で遊ぶ。", "Deal.")], "2〜6人で遊ぶ"),
    "en-players": ([_section("配る。", "A game for 2-6 players.")], "A game for 2-6 players"),
}


@pytest.mark.parametrize("case", sorted(TRUE_SIBLINGS))
def test_a_contradiction_of_the_same_shape_still_fires(tmp_path, case):
    edits, marker = TRUE_SIBLINGS[case]
    kit = make_bad_kit(tmp_path, edits, case, SB)
    found = _found(kit, "PK346")
    assert found and {w for w in _where(kit, found)} == {("rules.yaml", line_of(kit / "rules.yaml", marker))}, [
        f.text() for f in found
    ]
    assert all(f.severity.value == "warning" for f in found)


def test_the_model_per_player_count_agreeing_with_the_prose_is_silent(tmp_path):
    kit = make_bad_kit(tmp_path, [_pile("{2: 5, 3: 5, 4: 4}"), HAND_PER_COUNT["ja"], HAND_PER_COUNT["en"]], "ok", SB)
    assert _found(kit, "PK346") == []


# ---------------------------------------------------------------- quoted terms a kit introduces

RANKS = _table(
    ("得点", "Score", "評価", "Rating"),
    ("0〜15", "0-15", "凡庸", "Mediocre"),
    ("16〜24", "16-24", "見事", "Splendid"),
    ("25", "25", "伝説", "Legendary"),
)


def test_a_rank_of_the_kit_s_own_score_table_is_a_defined_term(tmp_path):
    kit = make_bad_kit(
        tmp_path, [RANKS, _section("25点なら「伝説」の称号を得る。", "Score 25 to be “Legendary”.")], "legend", SB
    )
    assert _found(kit, "PK333") == [], [f.text() for f in _found(kit, "PK333")]


def test_a_term_a_list_introduces_is_defined(tmp_path):
    kit = make_bad_kit(
        tmp_path,
        [
            (
                "rules.yaml",
                SECTION,
                f"{SECTION}    - title: {{ja: 種類, en: Kinds}}\n      bullets:\n        - {{ja: 動物, en: Animal}}\n"
                "        - {ja: 植物, en: Plant}\n",
            ),
            _section("「動物」を1枚引く。", "Draw an “Animal” card."),
        ],
        "kinds",
        SB,
    )
    assert _found(kit, "PK333") == []


def test_a_rank_missing_from_the_table_still_fires_in_both_languages(tmp_path):
    kit = make_bad_kit(
        tmp_path, [RANKS, _section("26点なら「神話」の称号を得る。", "Score 26 to be “Mythic”.")], "myth", SB
    )
    found = _found(kit, "PK333")
    assert sorted(f.path.rsplit(".", 1)[-1] for f in found) == ["en", "ja"]
    line = line_of(kit / "rules.yaml", "26点なら")
    assert set(_where(kit, found)) == {("rules.yaml", line), ("rules.yaml", line + 1)}  # the ja line, the en line


FLAVOUR_TITLES = {
    "ja-cited": "「星はめぐる」――「大いなる作」より",
    "ja-title": "『大いなる作』の一節を読む。",
    "en-cited": "“The stars turn.” — from “The Great Work”",
}


@pytest.mark.parametrize("case", sorted(FLAVOUR_TITLES))
def test_the_title_of_a_work_cited_in_a_quotation_is_no_name_claim(tmp_path, case):
    text = FLAVOUR_TITLES[case].replace('"', '\\"')
    ja, en = (text, "Gain a star.") if case.startswith("ja") else ("星を得る。", text)
    kit = make_bad_kit(tmp_path, [_section(ja, en)], case, SB)
    assert _found(kit, "PK333") == [], [f.text() for f in _found(kit, "PK333")]


@pytest.mark.parametrize(
    "ja, en",
    [
        ("「大いなる作」を1枚捨てる。", "Discard “The Great Work”."),
        ("攻撃力が「大いなる作」より大きい。", "Take a card from “The Great Work”."),  # a comparison; a rule's "from"
    ],
)
def test_the_same_title_used_as_a_name_in_a_rule_still_fires(tmp_path, ja, en):
    kit = make_bad_kit(tmp_path, [_section(ja, en)], "used", SB)
    assert sorted(f.path.rsplit(".", 1)[-1] for f in _found(kit, "PK333")) == ["en", "ja"]


def test_a_suggestion_far_from_the_word_is_never_offered(tmp_path):
    """ "Animal" is not "Enigma" misspelt: the warning stays, the suggestion goes; "Lanterns" near "Lantern" stays."""
    kit = make_bad_kit(
        tmp_path,
        [
            ("kit.yaml", "include:\n", "glossary:\n  - {term: Enigma, variants: [Enygma]}\ninclude:\n"),
            _section("星を得る。", "Draw an “Animal”."),
        ],
        "far",
        SB,
    )
    (found,) = _found(kit, "PK333")
    assert "Enigma" not in found.hint and "did you mean" not in found.hint
    near = make_bad_kit(tmp_path, [_section("星を得る。", "Draw a “Nigth Lamp”.")], "near", SB)
    (close,) = _found(near, "PK333")
    assert "did you mean 'Night Lamp'?" in close.hint


# ---------------------------------------------------------------- two dictionary words are never one another's typo


def test_two_dictionary_words_of_one_root_are_no_typo_even_where_the_kit_names_one(tmp_path):
    kit = make_bad_kit(
        tmp_path,
        [
            ("kit.yaml", "include:\n", "glossary:\n  - {term: Challenges, variants: [Challanges2]}\ninclude:\n"),
            _section(
                "挑む。",
                "Challenges come first. Resolve challenges in order. Two challenges at most. The challenger goes first.",
            ),
        ],
        "challenger",
        SB,
    )
    assert _found(kit, "PK336") == [], [f.text() for f in _found(kit, "PK336")]


def test_a_misspelling_beside_a_named_word_still_fires(tmp_path):
    kit = make_bad_kit(
        tmp_path,
        [
            ("kit.yaml", "include:\n", "glossary:\n  - {term: Challenges, variants: [Challanges2]}\ninclude:\n"),
            _section(
                "挑む。",
                "Challenges come first. Resolve challenges in order. Two challenges at most. Three challanges win.",
            ),
        ],
        "typo",
        SB,
    )
    (found,) = _found(kit, "PK336")
    assert "'challanges'" in found.message
    assert found.location.line == line_of(kit / "rules.yaml", "Three challanges")


# ---------------------------------------------------------------- `unspecified` where the docs promise it

OPEN_FIELDS = {
    # a card's count in a rule model's deck (element-shift, dice-battle-monsters, wizards-element-collection)
    "element-shift count": (
        "element-shift",
        ("decks.yaml", "{ref: fire, count: 10}", "{ref: fire, count: {unspecified: how many fire cards}}"),
        "decks.yaml",
        "{ref: fire, count: {unspecified",
        "decks[0].cards[0].count",
    ),
    "dice-battle-monsters count": (
        "dice-battle-monsters",
        ("decks.yaml", "{ref: flaze, count: 2}", "{ref: flaze, count: unspecified}"),
        "decks.yaml",
        "{ref: flaze, count: unspecified",
        "decks[0].cards[0].count",
    ),
    # the Shogi player piece's stats
    "shogi player_attack": (
        "shogi-tcg",
        ("model.yaml", "player_attack: 2", "player_attack: {unspecified: no attack for player pieces}"),
        "model.yaml",
        "player_attack: {unspecified",
        "parameters.player_attack",
    ),
    "shogi player_movement": (
        "shogi-tcg",
        ("model.yaml", "player_movement: 2", "player_movement: unspecified"),
        "model.yaml",
        "player_movement: unspecified",
        "parameters.player_movement",
    ),
}


@pytest.mark.parametrize("case", sorted(OPEN_FIELDS))
def test_unspecified_is_accepted_where_the_docs_promise_it(tmp_path, case):
    kit_name, edit, file, marker, path = OPEN_FIELDS[case]
    edits = [edit]
    if kit_name == "shogi-tcg":  # the rule text names the stats: say they are open there too
        edits.append(("rules.yaml", "（攻撃力{player_attack}、移動力{player_movement}）", ""))
        edits.append(("rules.yaml", " (attack {player_attack}, movement {player_movement})", ""))
    kit = make_bad_kit(tmp_path, edits, case.replace(" ", "-"), kit_name)
    loaded = load_kit(kit)
    assert loaded.ok, [f.text() for f in loaded.report.errors]
    opened = [f for f in loaded.report.findings if f.code == "PK340"]
    assert [(f.path, Path(f.location.file).name, f.location.line) for f in opened] == [
        (path, file, line_of(kit / file, marker))
    ]
    assert not [f for f in loaded.report.findings if f.code == "PK203"]


def test_a_card_count_left_open_prints_one_copy_and_skips_the_totals(tmp_path):
    """docs/rules.md: "a card's `count` (how many copies; one is printed until it is decided)". The deck's total per
    element cannot be checked against an open count, so ES003 is silent for it."""
    from pnpkit.validator.components.cards import deck_designs

    kit = make_bad_kit(
        tmp_path, [("decks.yaml", "{ref: fire, count: 10}", "{ref: fire, count: unspecified}")], "one", "element-shift"
    )
    loaded = load_kit(kit)
    assert [f.code for f in loaded.report.findings if f.code.startswith("ES")] == []
    deck = loaded.kit.decks[0]
    assert [d.count for d in deck_designs(deck, loaded.kit.elements)][:2] == [1, 10]


def test_a_stat_left_open_cannot_be_printed_in_the_rules(tmp_path):
    kit = make_bad_kit(
        tmp_path, [("model.yaml", "player_attack: 2", "player_attack: unspecified")], "text", "shogi-tcg"
    )
    found = [f for f in load_kit(kit).report.findings if f.code == "PK302"]
    assert found and all("{player_attack} is `unspecified`" in f.message for f in found)
    assert {f.location.line for f in found} == {line_of(kit / "rules.yaml", "（攻撃力{player_attack}")} | {
        line_of(kit / "rules.yaml", "(attack {player_attack}")
    }


def test_a_quoted_plural_names_what_its_singular_defines(tmp_path):
    terms = (
        "rules.yaml",
        SECTION,
        f"{SECTION}    - title: {{ja: 用語, en: Terms}}\n      bullets:\n"
        '        - {ja: "ラン：続き札。", en: "Run: cards in sequence."}\n',
    )
    kit = make_bad_kit(tmp_path, [terms, _section("「ラン」を作る。", "Make “Runs”.")], "runs", SB)
    assert _found(kit, "PK333") == []
    other = make_bad_kit(tmp_path, [terms, _section("「ラン」を作る。", "Make “Runes”.")], "runes", SB)
    assert [f.path for f in _found(other, "PK333")] == ["rules.sections[0].bullets[0].en"]


@pytest.mark.parametrize(
    "ja, en",
    [
        (
            "一番上の卓を「上座」と呼ぶ。「上座」で振る。",
            "The top table is the “Head Table”. Roll at the “Head Table”.",
        ),
        ("「黒い貴婦人」（スペードのクイーン）を避ける。", "Avoid the “Black Lady”, the Queen of Spades."),
    ],
)
def test_a_term_named_or_explained_where_it_is_introduced_is_defined(tmp_path, ja, en):
    kit = make_bad_kit(tmp_path, [_section(ja, en)], "named", SB)
    assert _found(kit, "PK333") == [], [f.text() for f in _found(kit, "PK333")]


def test_a_term_used_but_never_introduced_still_fires(tmp_path):
    kit = make_bad_kit(tmp_path, [_section("「上座」で振る。", "Roll at the “Head Table”.")], "unnamed", SB)
    assert sorted(f.path.rsplit(".", 1)[-1] for f in _found(kit, "PK333")) == ["en", "ja"]


def test_a_card_count_left_open_in_wizards_skips_the_copies_check(tmp_path):
    """Wizard's Element Collection states copies on the card and again in a deck's `cards:`: an open deck count is
    not compared (WE006), while a wrong one still is."""
    import re

    copies = dict(
        re.findall(
            r"- id: ([a-z-]+)\n(?:.*\n)*?    copies: (\d+)",
            (REPO / "content" / "wizards-element-collection" / "cards.yaml").read_text(encoding="utf-8"),
        )
    )

    def deck(first: str) -> tuple[str, str, str]:
        rest = "".join(f"      - {{ref: {ref}, count: {n}}}\n" for ref, n in list(copies.items())[1:])
        return (
            "decks.yaml",
            "    source: elements\n",
            f"    source: elements\n    cards:\n      - {{ref: heart, count: {first}}}\n{rest}",
        )

    loaded = load_kit(make_bad_kit(tmp_path, [deck("unspecified")], "open", "wizards-element-collection"))
    assert loaded.ok and [f.code for f in loaded.report.findings if f.code == "WE006"] == []
    assert [f.path for f in loaded.report.findings if f.code == "PK340"] == ["decks[0].cards[0].count"]
    wrong = load_kit(
        make_bad_kit(tmp_path, [deck(str(int(copies["heart"]) + 1))], "wrong", "wizards-element-collection")
    )
    assert [f.path for f in wrong.report.findings if f.code == "WE006"] == ["decks[0].cards[0].count"]
