"""The shared rule vocabulary and the proofreader (validator/proofread) beyond the bad cases of tests/bad_cases.py:
what each check lets pass, the open questions printed in the kit book, and no false alarm on the shipped kits."""

from __future__ import annotations

import pytest
from conftest import CONTENT_KITS, KITS, cli, make_bad_kit
from pdftext import page_texts
from pydantic import ValidationError

from pnpkit.validator.components.rules import Duration
from pnpkit.validator.kit import load_kit

MT = "moonlit-tricks"
PROOFREAD = {f"PK{n}" for n in range(332, 343)} | {"PK312", "PK314", "PK315", "PK316", "PK317", "PK318", "PK323"}


def _findings(tmp_path, edits, name="kit"):
    kit = make_bad_kit(tmp_path, edits, name, MT)
    return kit, load_kit(kit).report.findings


@pytest.mark.parametrize("kit", sorted(CONTENT_KITS) + [MT, "scaffold"])
def test_the_shipped_kits_raise_no_proofreading_finding(kit, tmp_path):
    """Warnings included: a check that cries wolf on the kits we ship would be switched off by every designer."""
    if kit == "scaffold":
        assert cli("new", tmp_path / "new").returncode == 0
        path = tmp_path / "new"
    else:
        path = KITS[kit]
    found = [f.text() for f in load_kit(path).report.findings if f.code in PROOFREAD]
    assert found == []


def test_a_lookalike_is_caught_by_the_pairs_the_kit_writes_elsewhere(tmp_path):
    """魔カマス has カ between a kanji and a katakana, which the neighbour rule cannot judge; the kit writes 魔力
    elsewhere, so 魔カ is a typo. カード一枚 (ード beside 一枚) is not: 一枚 is common too."""
    old = "        - ja: 最年少のプレイヤーがリードマーカーを取る。"
    new = "        - ja: 魔力マスに置く。魔力は魔力マスで数える。魔カマスに置いたカード一枚はカード一枚と数える。"
    _kit, found = _findings(tmp_path, [("rules.yaml", old, new)])
    lookalikes = [f for f in found if f.code == "PK312"]
    assert len(lookalikes) == 1
    assert "'カ' (U+30AB)" in lookalikes[0].message and "魔力マス" in lookalikes[0].hint


def test_near_duplicates_leave_compounds_alone(tmp_path):
    """各プレイヤー and サイクル目 add a character at an end of a common word: another word, not a typo."""
    old = "        - ja: 最年少のプレイヤーがリードマーカーを取る。"
    new = "        - ja: 各プレイヤーが順に、最年少のプレイヤーから、リードマーカーズを取る。"
    _kit, found = _findings(tmp_path, [("rules.yaml", old, new)])
    assert [f for f in found if f.code == "PK336"] == []


def test_glossary_variants_in_english_are_whole_words(tmp_path):
    edits = [
        ("play.yaml", "  - {term: トリック, variants: [とりっく]}\n", "  - {term: trick, variants: [rick, trik]}\n"),
        (
            "rules.yaml",
            "en: The winner of a trick leads the next one.",
            "en: The winner of a trik leads the next trick.",
        ),
    ]
    _kit, found = _findings(tmp_path, edits)
    variants = [f.message for f in found if f.code == "PK335"]
    assert variants == ["'trik' is written where the glossary's term is 'trick'"]  # "trick" holds "rick": no


@pytest.mark.parametrize(
    "text, amount, ok",
    [
        ("-2点を失う。", -2, True),
        ("-3点を失う。", -2, False),
        ("2点を失う。", -2, True),  # the words say lost
        ("1-2枚引く。", 2, True),  # a range, not a minus
        ("+10 points.", 10, True),
        ("+10 points.", 12, False),
    ],
)
def test_effect_amounts_are_signed(tmp_path, text, amount, ok):
    edits = [
        ("play.yaml", "  effect_kinds: [trump]\n", "  effect_kinds: [trump, score]\n"),
        (
            "play.yaml",
            "      target: trick\n  choices:",
            "      target: trick\n    - id: penalty\n      name: {ja: 罰, en: Penalty}\n      kind: score\n"
            f"      target: trick\n      amounts: {{points: {amount}, cards: {amount}}}\n"
            f'      text: {{ja: "{text}", en: "{text}"}}\n  choices:',
        ),
    ]
    _kit, found = _findings(tmp_path, edits)
    assert ("PK323" not in {f.code for f in found}) == ok


def test_vocabulary_numbers_name_parameters(tmp_path):
    edits = [("play.yaml", 'setup: {per_player: "{hand_size}"}', 'setup: {per_player: "{hand_sise}"}')]
    _kit, found = _findings(tmp_path, edits)
    assert [(f.code, f.path) for f in found] == [("PK302", "play.piles[0].setup.per_player")]
    assert "hand_size" in found[0].hint


def test_a_pile_of_an_unknown_deck_and_an_effect_of_an_undeclared_kind(tmp_path):
    edits = [
        ("play.yaml", "      holds: tricks\n", "      holds: trix\n"),
        ("play.yaml", "kind: trump\n", "kind: trumps\n"),
    ]
    _kit, found = _findings(tmp_path, edits)
    assert sorted((f.code, f.path) for f in found) == [
        ("PK305", "play.effects[0].kind"),
        ("PK305", "play.piles[0].holds"),
    ]


def test_bare_unspecified_asks_for_a_note(tmp_path):
    edits = [("play.yaml", "      reshuffle: when-empty\n", "      reshuffle: unspecified\n")]
    _kit, found = _findings(tmp_path, edits)
    assert [f.code for f in found] == ["PK340"]
    assert "add a note" in found[0].hint


def test_effects_need_their_kinds_declared(tmp_path):
    _kit, found = _findings(tmp_path, [("play.yaml", "  effect_kinds: [trump]\n", "")])
    assert [f.code for f in found] == ["PK203"]
    assert "effect_kinds" in found[0].message


def test_a_duration_may_last_until_a_named_trigger():
    until = Duration.model_validate(
        {"unit": "until", "until": {"ja": "次の宣言", "en": "the next bid"}, "scope": "self"}
    )
    assert until.count == 1
    with pytest.raises(ValidationError, match="go together"):
        Duration.model_validate({"unit": "until", "scope": "self"})
    with pytest.raises(ValidationError, match="go together"):
        Duration.model_validate({"unit": "turn", "count": 2, "scope": "self", "until": {"en": "x"}})
    from pnpkit.generator.i18n import duration_text

    assert duration_text(until, "en") == "Until the next bid"


def test_open_questions_print_in_the_kit_book(tmp_path):
    """What the kit leaves `unspecified` is a section of the rule summary, with its note; an end condition silent
    on ties says so in the table, never a blank."""
    edits = [
        ("play.yaml", "      reshuffle: when-empty\n", "      reshuffle: {unspecified: Nobody knows what happens.}\n"),
        (
            "rules.yaml",
            '    tie_break: {ja: 宣言どおりだったラウンドの多い人。それも同じなら勝利を分け合う。, en: "The player with more exact bids; if still tied, they share the win."}',
            "    tie_break: unspecified",
        ),
    ]
    kit = make_bad_kit(tmp_path, edits, "open", MT)
    result = cli("build", kit, "-o", tmp_path / "out", "--lang", "en")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("PK340") + result.stderr.count("PK340") == 2
    book = tmp_path / "out" / "moonlit-tricks" / "en" / "kit.pdf"
    words = " ".join(" ".join(text.split()) for text in page_texts(book))
    assert "Open questions" in words
    assert "Deck: reshuffle Nobody knows what happens." in words
    assert "last-round: tie break" in words and "Not decided (see Open questions)" in words
