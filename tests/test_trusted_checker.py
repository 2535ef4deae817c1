"""Issue 27: a checker designers trust. No false errors on correct games (the corpus), suppressions that survive
editing, `unspecified` where a rulebook is silent, and the five classes of defect a careful proofreader finds, each
in Japanese and English with a correct sibling that stays silent. Every bad case is an edit of the generic example
examples/starlit-bazaar in tmp_path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import REPO, cli, line_of, make_bad_kit

from pnpkit.validator.kit import load_kit

SB = "starlit-bazaar"
CORPUS = [
    *sorted(p.parent for p in (REPO / "content").glob("*/kit.yaml")),
    *sorted(p.parent for p in (REPO / "examples").glob("*/kit.yaml")),
    *sorted(p.parent for p in (REPO / "tests" / "fixtures" / "corpus").glob("*/kit.yaml")),
]
"""The correct games: the content kits, the examples (Koi-Koi and Daifugō among them) and faithful kits of real
games the checker was never tuned on (tests/fixtures/corpus: Hearts, Rummy, Dominoes, Bunco); `pnpkit new` is
added."""

CORPUS_WARNINGS: dict[str, list[tuple[str, str]]] = {}
"""Each warning a correct kit of the corpus may give, as (code, file), with the reason a reader would agree:
none today. A new one must be added here, with why, or fixed."""


def _validate(*kits: Path) -> list[dict]:
    result = cli("validate", *kits, "--format", "json")
    assert "Traceback" not in result.stderr, result.stderr
    return json.loads(result.stdout)


def test_the_corpus_of_correct_games_has_no_error_and_only_the_listed_warnings(tmp_path):
    scaffold = tmp_path / "my-game"
    assert cli("new", scaffold).returncode == 0
    kits = [*CORPUS, scaffold]
    assert {k.name for k in kits} >= {
        "koi-koi",
        "daifugo",
        "starlit-bazaar",
        "element-shift",
        "my-game",
        "hearts",
        "rummy",
        "dominoes",
        "bunco",
    }
    found = [f for f in _validate(*kits) if f["severity"] != "info"]  # notes (PK373) are not findings of a fault
    assert [f for f in found if f.get("suppressed")] == []  # nothing needs silencing in a correct game
    assert [f for f in found if f["severity"] == "error"] == []
    by_kit: dict[str, list[tuple[str, str]]] = {}
    for f in found:
        kit = next(k for k in kits if Path(f["location"]["file"]).resolve().is_relative_to(k.resolve()))
        by_kit.setdefault(kit.name, []).append((f["code"], Path(f["location"]["file"]).name))
    assert {k: sorted(v) for k, v in by_kit.items()} == CORPUS_WARNINGS
    assert all(len(v) <= 3 for v in CORPUS_WARNINGS.values())


# ---------------------------------------------------------------- the five classes, and facts stated in prose

SECTION = "rules:\n  sections:\n"
PLAY = "include:\n"


def _section(ja: str, en: str, title: str = "{ja: 対決, en: Showdown}") -> tuple[str, str, str]:
    """An edit that puts a rule section with one bullet first in the rules."""
    return (
        "rules.yaml",
        SECTION,
        f'{SECTION}    - title: {title}\n      bullets:\n        - ja: "{ja}"\n          en: "{en}"\n',
    )


def _play(body: str) -> tuple[str, str, str]:
    """An edit that gives the kit a `play:` block (its lines indented by two spaces)."""
    return ("kit.yaml", PLAY, f"play:\n{body}{PLAY}")


EFFECT = (
    "  effect_kinds: [freeze, draw, destroy]\n  targets: [self, opponent, all]\n  effects:\n    - id: frost\n"
    "      name: {{ja: 霜, en: Frost}}\n      kind: freeze\n      target: {target}\n"
    '      text: {{ja: "{ja}", en: "{en}"}}\n      shown_by: goods\n{extra}'
)


def _effect(ja: str, en: str, target: str = "opponent", extra: str = "") -> tuple[str, str, str]:
    return _play(EFFECT.format(ja=ja, en=en, target=target, extra=extra))


ROUND = "      duration: {count: 1, unit: round, scope: opponent}\n"
TURN = "      duration: {count: 1, unit: turn, scope: opponent}\n"
STARS = "  supplies:\n    - {{id: stars, name: {{ja: 星, en: stars}}, count: {count}, per: player, win: 8, most_per_turn: 2}}\n"

CLASSES = {
    # 1. a comparison with no rule for a tie
    "tie-ja": (
        "PK347",
        [_section("値段が高い方が勝ち、相手の品物を破壊する。", "Both sides reveal a card.")],
        "rules.yaml",
        "値段が高い方が勝ち",
    ),
    "tie-en": (
        "PK347",
        [_section("両者がカードを見せる。", "The higher price wins and destroys the other card.")],
        "rules.yaml",
        "The higher price wins",
    ),
    "tie-model": (
        "PK347",
        [_play("  comparisons:\n    - {id: showdown, name: {ja: 対決, en: Showdown}, kind: battle}\n")],
        "kit.yaml",
        "{id: showdown",
    ),
    # 2. a prose claim the model contradicts
    "claim-ja": (
        "PK348",
        [_section("両プレイヤーは品物を1枚捨てる。", "Each player discards a good.")],
        "rules.yaml",
        "両プレイヤー",
    ),
    "claim-en": (
        "PK348",
        [_section("各プレイヤーは品物を1枚捨てる。", "Both players discard a good.")],
        "rules.yaml",
        "Both players",
    ),
    "claim-kind": (
        "PK348",
        [
            _effect("相手のカードを凍らせる。", "Freeze a card.", extra=TURN),
            _section("霜は品物を破壊する。", "Frost stops a card."),
        ],
        "rules.yaml",
        "霜は品物を破壊",
    ),
    # 3. time words against the duration
    "time-ja": (
        "PK349",
        [_effect("次のターン、相手は動けない。", "Your opponent cannot act.", extra=ROUND)],
        "kit.yaml",
        "次のターン",
    ),
    "time-en": (
        "PK349",
        [_effect("相手は動けない。", "Your opponent skips this turn.", extra=ROUND)],
        "kit.yaml",
        "skips this turn",
    ),
    "time-no-end-en": (
        "PK349",
        [_effect("相手は動けない。", "Your opponent cannot act until the end of their next turn.")],
        "kit.yaml",
        "until the end",
    ),
    "ends-ja": (
        "PK349",
        [_section("山札が尽きた次のターンで終了する。", "Play on.")],
        "rules.yaml",
        "次のターンで終了",
    ),
    "ends-en": (
        "PK349",
        [_section("続ける。", "The game ends on the next turn.")],
        "rules.yaml",
        "ends on the next turn",
    ),
    # 4. a rule that can never apply
    "dead-ja": (
        "PK358",
        [_play(STARS.format(count=10)), _section("星を11個集めたプレイヤーの勝ち。", "Collect stars.")],
        "rules.yaml",
        "星を11個",
    ),
    "dead-en": (
        "PK358",
        [_play(STARS.format(count=10)), _section("星を集める。", "The first to collect 11 stars wins.")],
        "rules.yaml",
        "first to collect 11",
    ),
    "dead-length": (
        "PK358",
        [_play("  length: {unit: round, max: 3}\n" + STARS.format(count=10))],
        "kit.yaml",
        "win: 8",
    ),
    # 5. scope conflicts
    "scope-ja": (
        "PK359",
        [_section("ランダムな品物を1枚取り、好きな品物と入れ替える。", "Take a good.")],
        "rules.yaml",
        "ランダムな品物",
    ),
    "scope-en": (
        "PK359",
        [_section("品物を1枚取る。", "Pick a card at random, any card you like.")],
        "rules.yaml",
        "at random",
    ),
    "scope-target-ja": (
        "PK359",
        [_effect("全員が1ターン休む。", "Your opponent rests.", extra=TURN)],
        "kit.yaml",
        "全員が",
    ),
    "scope-phase-ja": (
        "PK359",
        [
            _section("指定された人はフェイズ2以降を行えない。", "The named player plays no further phase."),
            _section(
                "選んだ目に関わらず、全員がフェイズ4の効果を使う。",
                "Everyone uses phase 4.",
                title="{ja: 終盤, en: Late}",
            ),
        ],
        "rules.yaml",
        "選んだ目に関わらず",
    ),
    "scope-phase-en": (
        "PK359",
        [
            _section("指定された人は残りのフェイズを行わない。", "The named player cannot play phase 2 and later."),
            _section(
                "全員が最後のフェイズを行う。",
                "Regardless of the face, everyone uses phase 4.",
                title="{ja: 終盤, en: Late}",
            ),
        ],
        "rules.yaml",
        "Regardless of the face",
    ),
    # facts stated only in prose
    "fact-ja": (
        "PK346",
        [_section("手札の上限は6枚。超えたら5枚になるまで捨てる。", "Keep your hand small.")],
        "rules.yaml",
        "手札の上限は6枚",
    ),
    "fact-en": ("PK346", [_section("品物を集める。", "A game for 2-6 players.")], "rules.yaml", "for 2-6 players"),
}
"""Each class of defect: (code, edits of starlit-bazaar, the file, a marker on the finding's line)."""

SIBLINGS = {
    "tie-ja": [
        _section(
            "値段が高い方が勝ち、相手の品物を破壊する。同じ値段なら両方を捨てる。", "On a tie, both are discarded."
        )
    ],
    "tie-en": [
        _section("同じなら両方捨てる。", "The higher price wins and destroys the other card; on equal prices, both go.")
    ],
    "tie-model": [
        _play("  comparisons:\n    - {id: showdown, name: {ja: 対決, en: Showdown}, kind: battle, tie: unspecified}\n")
    ],
    "claim-ja": [_section("2人プレイでは、両プレイヤーは品物を1枚捨てる。", "Each player discards a good.")],
    "claim-en": [_section("各プレイヤーは品物を1枚捨てる。", "In a two-player game, both players discard a good.")],
    "claim-kind": [
        _effect("相手のカードを凍らせる。", "Freeze a card.", extra=TURN),
        _section("霜は品物を凍らせる。", "Frost freezes a card."),
    ],
    "time-ja": [_effect("次のターン、相手は動けない。", "Your opponent cannot act.", extra=TURN)],
    "time-en": [_effect("相手は動けない。", "Your opponent skips this turn.", extra=TURN)],
    "time-no-end-en": [
        _effect("相手は動けない。", "Your opponent cannot act until the end of their next turn.", extra=TURN)
    ],
    "ends-ja": [_section("山札が尽きた次のターンを終えたら終了する。", "Play on.")],
    "ends-en": [_section("続ける。", "The game ends at the end of the next turn.")],
    "dead-ja": [_play(STARS.format(count=10)), _section("星を8個集めたプレイヤーの勝ち。", "Collect stars.")],
    "dead-en": [_play(STARS.format(count=10)), _section("星を集める。", "The first to collect 8 stars wins.")],
    "dead-length": [_play("  length: {unit: round, max: 4}\n" + STARS.format(count=10))],
    "scope-ja": [_section("ランダムな品物を1枚取る。", "Take a random good.")],
    "scope-en": [_section("品物を1枚取る。", "Shuffle the market and pick a card at random.")],
    "scope-target-ja": [_effect("全員が1ターン休む。", "Everyone rests for a turn.", target="all", extra=TURN)],
    "scope-phase-ja": [  # a general rule with its exception written elsewhere: ordinary rules writing
        _section("指定された人はフェイズ2以降を行えない。", "The named player plays no further phase."),
        _section("全員がフェイズ4の効果を使う。", "Everyone uses phase 4.", title="{ja: 終盤, en: Late}"),
    ],
    "scope-phase-en": [
        _section("指定された人は残りのフェイズを行わない。", "The named player cannot play phase 2 and later."),
        _section("全員が最後のフェイズを行う。", "Everyone uses phase 4.", title="{ja: 終盤, en: Late}"),
    ],
    "fact-ja": [_section("手札の上限は6枚。超えたら6枚になるまで捨てる。", "Keep your hand small.")],
    "fact-en": [_section("品物を集める。", "A game for 2-4 players.")],
}
"""The same edits written correctly: silent."""


def _found(kit: Path, code: str) -> list:
    return [f for f in load_kit(kit).report.findings if f.code == code]


@pytest.mark.parametrize("case", sorted(CLASSES))
def test_each_class_is_found_at_its_line(tmp_path, case):
    code, edits, file, marker = CLASSES[case]
    kit = make_bad_kit(tmp_path, edits, case, SB)
    found = _found(kit, code)
    assert [(Path(f.location.file).name, f.location.line) for f in found] == [(file, line_of(kit / file, marker))]
    assert found[0].severity.value == "warning"  # a reading of prose is never an error


@pytest.mark.parametrize("case", sorted(SIBLINGS))
def test_the_correct_sibling_is_silent(tmp_path, case):
    kit = make_bad_kit(tmp_path, SIBLINGS[case], case, SB)
    loaded = load_kit(kit)
    assert loaded.report.findings == [] or {f.code for f in loaded.report.findings} == {"PK340"}, [
        f.text() for f in loaded.report.findings
    ]


def test_both_languages_of_each_class_are_covered():
    for code in ("PK346", "PK347", "PK348", "PK349", "PK358", "PK359"):
        languages = {case.split("-")[-1] for case, (c, *_rest) in CLASSES.items() if c == code}
        assert len([c for c in CLASSES.values() if c[0] == code]) >= 2, code
        assert languages & {"ja", "en"}, code


# ---------------------------------------------------------------- suppressions that survive editing

HEADER = "id,count,price,stall,picture,title.ja,title.en,body.ja,body.en\n"
QUOTED = "「星の灯」を置く。"
"""A quoted name the kit does not define: PK333, the finding the ignore: entries below silence."""


def _csv_kit(tmp_path: Path, name: str, entries: str, first_row: str = "") -> Path:
    """starlit-bazaar with a PK333 on the night-lamp card (a row of goods.csv) and `entries` under ignore:; with
    `first_row`, one more card at the top of the spreadsheet."""
    return make_bad_kit(
        tmp_path,
        [
            ("goods.csv", "灯りが{set_size}枚そろえば", f"{QUOTED}灯りが{{set_size}}枚そろえば"),
            ("goods.csv", HEADER, HEADER + first_row),
            ("kit.yaml", "include:\n", f"ignore:\n{entries}include:\n"),
        ],
        name,
        SB,
    )


STABLE = {
    "id": '  - {code: PK333, id: night-lamp, why: "a lamp of the story"}\n',
    "path with ids": '  - {code: PK333, path: decks.goods.cards.night-lamp.body, why: "a lamp of the story"}\n',
    "text": '  - {code: PK333, text: 星の灯, why: "a lamp of the story"}\n',
}


@pytest.mark.parametrize("how", sorted(STABLE))
def test_a_card_added_at_the_top_of_a_csv_deck_keeps_every_entry_on_its_card(tmp_path, how):
    before = load_kit(_csv_kit(tmp_path, "before", STABLE[how]))
    extra = "comet-tea,1,2,spice,art/star.svg,彗星茶,Comet Tea,「流れ星」の茶。,“Falling Star” tea.\n"
    after = load_kit(_csv_kit(tmp_path, "after", STABLE[how], first_row=extra))
    for loaded, row in ((before, 4), (after, 5)):  # the night-lamp row moves down one
        (silenced,) = loaded.report.silenced
        assert (silenced.code, silenced.location.cell) == ("PK333", f"{row}:body.ja")
        assert "星の灯" in silenced.message
    # the new card's own quote is not silenced by an entry written for another card
    assert sorted((f.code, f.location.cell) for f in after.report.findings if f.suppressed is None) == [
        ("PK333", "2:body.en"),
        ("PK333", "2:body.ja"),
    ]


def test_an_entry_by_list_position_moves_with_the_cards_and_says_what_it_was_for(tmp_path):
    """The old way, `path: decks[0].cards[5]`, is what the stable names replace: one card added above and it
    silences nothing, and PK330 quotes its why: so the designer sees what it was meant for."""
    entry = '  - {code: PK333, path: "decks[0].cards[5]", why: "a lamp of the story"}\n'
    assert load_kit(_csv_kit(tmp_path, "before", entry)).report.silenced  # night-lamp is cards[5], after 3 YAML cards
    extra = "comet-tea,1,2,spice,art/star.svg,彗星茶,Comet Tea,茶。,Tea.\n"
    after = load_kit(_csv_kit(tmp_path, "after", entry, first_row=extra))
    (stale,) = [f for f in after.report.findings if f.code == "PK330"]
    assert stale.message.endswith("no PK333 under decks[0].cards[5]; it was meant for: a lamp of the story")


def test_an_entry_for_a_card_that_is_gone_is_pk330_naming_the_id(tmp_path):
    kit = _csv_kit(tmp_path, "gone", '  - {code: PK333, id: moon-lamp, why: "the old lamp"}\n')
    (stale,) = [f for f in load_kit(kit).report.findings if f.code == "PK330"]
    assert "no PK333 for id 'moon-lamp'; it was meant for: the old lamp" in stale.message
    assert stale.location.line == line_of(kit / "kit.yaml", "{code: PK333, id: moon-lamp")


# ---------------------------------------------------------------- quoted names: only a name used as a name


@pytest.mark.parametrize(
    "ja, en",
    [
        ("「今夜はやめておくわ」と彼女は言った。", "“Not tonight,” she said."),  # dialogue
        ("「問題は解決した」", "“The Problem Is Solved” he said."),  # a sentence, words said
        ("「こいこい」と宣言する。", "Say “Koi-Koi” to play on."),  # a call the rules define by saying it
        ("「Call」「Self」のいずれかを宣言する。", "Declare “Call”, “Self” or “Reflect”."),
        ("「8切り」「階段」などのローカルルールは使わない。", "House rules such as the “Eight Stop” are not used."),
        ("「星の市」：夜ごとに開く市場。", "“Star Market”: the market that opens each night."),  # defined here
        (
            "ダメージには「ネット」「ミート」「ブレイン」の3種類がある。",
            "Damage comes in three kinds.",
        ),  # kinds introduced
    ],
)
def test_quotes_that_are_not_name_claims_are_silent(tmp_path, ja, en):
    kit = make_bad_kit(tmp_path, [_section(ja.replace('"', '\\"'), en.replace('"', '\\"'))], "q", SB)
    assert _found(kit, "PK333") == []


def test_a_quote_in_a_flavour_field_or_a_glossary_term_is_no_claim(tmp_path):
    kit = make_bad_kit(
        tmp_path,
        [
            ("goods.csv", "body.ja,body.en", "body.ja,body.en,flavour.ja,flavour.en"),
            (
                "goods.csv",
                ",**{set_size} spices** earn {coin}{coin}.",
                ",**{set_size} spices** earn {coin}{coin}.,「月の帝」の好物。,The *Moon Emperor* loved it.",
            ),
            ("kit.yaml", "include:\n", "glossary:\n  - {term: 夜市, variants: [よいち]}\ninclude:\n"),
            ("rules.yaml", "市場のカードを1枚選び", "「夜市」のカードを1枚選び"),
        ],
        "flavour",
        SB,
    )
    assert _found(kit, "PK333") == []


def test_an_undefined_quoted_name_is_a_warning_with_the_near_name(tmp_path):
    kit = make_bad_kit(tmp_path, [("rules.yaml", "市場のカードを1枚選び", "「紙の灯篭」を1枚選び")], "near", SB)
    (found,) = _found(kit, "PK333")
    assert found.severity.value == "warning" and "紙の灯籠" in found.hint


# ---------------------------------------------------------------- near-duplicates and look-alikes never recommend the suspect


def test_two_real_words_one_character_apart_are_silent(tmp_path):
    kit = make_bad_kit(
        tmp_path,
        [
            _section(
                "ラウンド数は3。3ラウンド目の終わりにラウンド数を数える。ラウンド目の印を置く。",
                "The round count is 3.",
            )
        ],
        "words",
        SB,
    )
    assert _found(kit, "PK336") == []


def test_one_word_spelled_two_ways_recommends_the_kit_s_usual_spelling(tmp_path):
    kit = make_bad_kit(
        tmp_path,
        [
            _section(
                "スタートプレイヤーが最初。スタートプレイヤーの左へ。スタートプレーヤーは交代しない。",
                "The start player goes first.",
            )
        ],
        "spelling",
        SB,
    )
    (found,) = _found(kit, "PK336")
    assert "'スタートプレーヤー' is written once" in found.message and "write 'スタートプレイヤー'" in found.hint


def test_a_typo_written_more_often_than_the_word_is_never_recommended(tmp_path):
    """魔カマス (a magic barracuda) three times, 魔力マス once: the dictionary word wins, not the majority."""
    kit = make_bad_kit(
        tmp_path,
        [_section("魔カマスに止まる。魔カマスで1点。魔カマスは4つ。魔力マスは青い。", "Stop on a mana space.")],
        "majority",
        SB,
    )
    hints = [f.hint for f in _found(kit, "PK336")] + [f.hint for f in _found(kit, "PK312")]
    assert hints and all("魔カマス" not in h.split("write")[-1] for h in hints), hints


def test_a_look_alike_is_found_where_the_fixed_word_never_appears(tmp_path):
    """魔力 is written elsewhere; 魔力マス never is: the dictionary reads 魔カマス as 魔 + カマス, the fix as 魔力 + マス."""
    kit = make_bad_kit(
        tmp_path,
        [_section("魔力を1つ得る。魔力は3つまで。魔カマスに止まったら魔力を得る。", "Gain mana.")],
        "lookalike",
        SB,
    )
    (found,) = _found(kit, "PK312")
    assert "'カ' (U+30AB), which looks like '力'" in found.message and "魔力マス" in found.hint
    assert found.location.line == line_of(kit / "rules.yaml", "魔カマス")


# ---------------------------------------------------------------- identical findings on one line


def test_identical_findings_are_one_line_with_the_count_and_the_places(tmp_path):
    rows = "".join(
        f"lamp-{i},1,4,lantern,art/lantern.svg,灯{i},Lamp {i},「星の灯」を置く。,Set a lamp.\n" for i in range(8)
    )
    kit = make_bad_kit(tmp_path, [("goods.csv", HEADER, HEADER + rows)], "many", SB)
    result = cli("validate", kit, "--no-layout")
    lines = [line for line in result.stdout.splitlines() if "PK333" in line]
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{kit / 'goods.csv'}:2:body.ja: warning PK333")
    more = ", ".join(f"{kit / 'goods.csv'}:{row}:body.ja" for row in range(3, 8))
    assert lines[0].endswith(f"[8 times; also at {more} and 2 more]"), lines[0]
    assert "0 error(s), 8 warning(s)" in result.stdout


# ---------------------------------------------------------------- silence is data, anywhere


def test_unspecified_is_accepted_where_a_rulebook_can_leave_a_number_or_a_rule_open(tmp_path):
    kit = make_bad_kit(
        tmp_path,
        [
            ("goods.csv", "woven-map,1,", "woven-map,unspecified,"),
            _play(
                "  first_player: unspecified\n"
                "  limits: {moves_per_turn: unspecified, attacks_per_turn: {unspecified: 'one or two?'}}\n"
                "  scoring:\n    categories: [{id: points, name: {ja: 得点, en: Points}}]\n    formula: unspecified\n"
                "  comparisons:\n    - {id: showdown, name: {ja: 対決, en: Showdown}, kind: battle, tie: unspecified}\n"
            ),
        ],
        "open",
        SB,
    )
    loaded = load_kit(kit)
    assert loaded.ok, [f.text() for f in loaded.report.errors]
    opened = sorted(f.path for f in loaded.report.findings if f.code == "PK340")
    assert opened == [
        "decks[0].cards[6].count",
        "play.comparisons[0].tie",
        "play.first_player",
        "play.limits.attacks_per_turn",
        "play.limits.moves_per_turn",
        "play.scoring.formula",
    ]
    (count,) = [f for f in loaded.report.findings if f.path == "decks[0].cards[6].count"]
    assert count.location.cell == "5:count"
    out = tmp_path / "out"
    assert cli("build", kit, "-o", out, "--lang", "en", "--only", "goods,rules").returncode == 0


def test_two_entries_for_one_finding_are_both_in_use(tmp_path):
    """The second entry matches a finding the first already silenced: not stale, so no PK330."""
    entries = STABLE["id"] + STABLE["text"]
    loaded = load_kit(_csv_kit(tmp_path, "twice", entries))
    assert [f.code for f in loaded.report.silenced] == ["PK333"]
    assert [f.code for f in loaded.report.findings if f.suppressed is None] == []


# ---------------------------------------------------------------- what a real game needs the vocabulary to say

HEARTS = "  supplies:\n    - {{id: hearts, name: {{ja: 好意, en: Tokens of affection}}, count: {count}, per: shared, win: {win}, most_per_turn: 1}}\n"


@pytest.mark.parametrize(
    "count, win, codes",
    [
        (13, "{2: 7, 3: 5, 4: 4}", []),  # Love Letter: exactly enough at every player count
        (12, "{2: 7, 3: 5, 4: 4}", ["PK332"]),  # four players each on 3, one gaining 1: 13
        (13, "{2: 7, 4: 4}", ["PK305"]),  # no win for three players
        (13, "7", ["PK332"]),  # one number for all: 4 players on 6 need 25
    ],
)
def test_a_win_may_depend_on_the_player_count(tmp_path, count, win, codes):
    kit = make_bad_kit(tmp_path, [_play(HEARTS.format(count=count, win=win))], "hearts", SB)
    assert sorted(f.code for f in load_kit(kit).report.findings) == codes


def test_a_deck_dealt_anew_each_round_does_not_run_dry(tmp_path):
    """Love Letter: 16 cards, a round ends when the deck does, 13 rounds at most."""
    pile = (
        "  length: {{unit: round, max: 13}}\n  piles:\n    - {{id: deck, name: {{ja: 山札, en: Deck}}, holds: 16, "
        "setup: {{per_player: 1, shared: 1}}, draws_per_turn: 1, after_use: discard, reshuffle: {reshuffle}}}\n"
    )
    fresh = make_bad_kit(tmp_path, [_play(pile.format(reshuffle="each-round"))], "fresh", SB)
    assert load_kit(fresh).report.findings == []
    once = make_bad_kit(tmp_path, [_play(pile.format(reshuffle="never"))], "once", SB)
    (dry,) = load_kit(once).report.findings
    assert dry.code == "PK337" and "`reshuffle: each-round`" in dry.hint


def test_the_schema_command_takes_the_game_as_a_word():
    assert cli("schema", "generic").stdout == cli("schema", "--game", "generic").stdout
    assert cli("schema", "generic", "--game", "element-shift").returncode == 2


@pytest.mark.parametrize(
    "row, codes",
    [
        ("saffron-2,1,3,spice,art/star.svg,サフラン,Saffron,香辛料で{coin}を得る。,Gain {coin}.\n", ["PK364", "PK364"]),
        # the same card in other art: one card to the rules
        (
            "saffron-2,1,2,spice,art/star.svg,サフラン,Saffron,**香辛料{set_size}枚**で{coin}{coin}を得る。,"
            "**{set_size} spices** earn {coin}{coin}.\n",
            [],
        ),
    ],
)
def test_two_designs_under_one_title_are_found_only_when_their_rules_differ(tmp_path, row, codes):
    kit = make_bad_kit(tmp_path, [("goods.csv", HEADER, HEADER + row)], "titles", SB)
    found = [f for f in load_kit(kit).report.findings if f.code == "PK364"]
    assert [f.code for f in found] == codes
    assert all(f.location.cell.startswith("3:title.") for f in found)  # the first saffron is row 3 now


def _table(*rows: tuple[str, str, str, str]) -> tuple[str, str, str]:
    lines = "".join(f"          - [{{ja: {a}, en: {b}}}, {{ja: {c}, en: {d}}}]\n" for a, b, c, d in rows)
    return (
        "rules.yaml",
        SECTION,
        f"{SECTION}    - title: {{ja: 組み合わせ, en: Combinations}}\n      table:\n"
        f"        columns: [{{ja: 組, en: Pair}}, {{ja: 効果, en: Effect}}]\n        rows:\n{lines}",
    )


def test_a_combination_listed_twice_in_a_rule_table_is_found_in_any_order(tmp_path):
    kit = make_bad_kit(
        tmp_path,
        [
            _table(
                ("火と水", "Fire + Water", "蒸気", "Steam"),
                ("風と地", "Wind + Earth", "砂", "Sand"),
                ("水と火", "Water + Fire", "霧", "Mist"),
            )
        ],
        "pairs",
        SB,
    )
    found = _found(kit, "PK365")
    assert sorted(f.path for f in found) == [
        "rules.sections[0].table.rows[2][0].en",
        "rules.sections[0].table.rows[2][0].ja",
    ]
    assert all(f.location.line == line_of(kit / "rules.yaml", "水と火") for f in found)
    fine = make_bad_kit(
        tmp_path,
        [_table(("火と水", "Fire + Water", "蒸気", "Steam"), ("火と地", "Fire + Earth", "溶岩", "Lava"))],
        "ok",
        SB,
    )
    assert _found(fine, "PK365") == []


SUSHI = (
    "  length: {{unit: round, max: 3}}\n  piles:\n    - {{id: deck, name: {{ja: 山札, en: Deck}}, holds: {holds}, "
    "setup: {{per_player: {hands}, each_round: true}}, after_use: removed, reshuffle: never}}\n"
)


@pytest.mark.parametrize(
    "holds, hands, players, codes",
    [
        (108, "{2: 10, 3: 9, 4: 8, 5: 7}", "{min: 2, max: 5}", []),  # Sushi Go!: 5 × 7 × 3 = 105 of 108
        (100, "{2: 10, 3: 9, 4: 8, 5: 7}", "{min: 2, max: 5}", ["PK338"]),  # five players need 105
        (108, "{2: 10, 3: 9, 5: 7}", "{min: 2, max: 5}", ["PK305"]),  # no hand for four players
        (100, "10", "{min: 2, max: 4}", ["PK338"]),  # one number: 4 × 10 × 3 = 120
    ],
)
def test_a_deal_repeated_each_round_comes_out_of_the_pile(tmp_path, holds, hands, players, codes):
    kit = make_bad_kit(
        tmp_path,
        [
            _play(SUSHI.format(holds=holds, hands=hands)),
            ("kit.yaml", "players: {min: 2, max: 4}", f"players: {players}"),
        ],
        "sushi",
        SB,
    )
    found = load_kit(kit).report.findings
    assert sorted(f.code for f in found) == codes, [f.text() for f in found]
    if codes == ["PK338"]:
        assert "each of 3 rounds" in found[0].message
