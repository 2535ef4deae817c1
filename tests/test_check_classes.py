"""Issue 42, item 2: the classes of defect the checker missed, as checks for every kit, in Japanese and English.

Each bad case is an edit, in tmp_path, of a game other than the seed that inspired it (the old Island Traders,
`every-board`, and Starlit Bazaar); each is asserted by code, file and line, and each has a correct
sibling, the same edit written right, that stays silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import line_of, make_bad_kit

from pnpkit.validator.kit import load_kit

IT = "every-board"
"""The old Island Traders (tests/fixtures/generic/every-board): a hex island, a map of sea roads, a deck of goods,
an end condition with a tie-break."""
SB = "starlit-bazaar"

IT_RULES = "rules:\n  sections:\n"
IT_PLAY = "play:\n  scoring:\n"


def _rule(ja: str, en: str, title: str = "{ja: 対決, en: Duel}", kind: str = "bullets") -> tuple[str, str, str]:
    """An edit that puts a rule section with one item first in Island Traders' rules."""
    return (
        "rules.yaml",
        IT_RULES,
        f'{IT_RULES}    - title: {title}\n      {kind}:\n        - ja: "{ja}"\n          en: "{en}"\n',
    )


def _titles(*titles: str) -> tuple[str, str, str]:
    """An edit that puts sections with these titles (ja|en) first, each with a one-line text."""
    body = "".join(
        f"    - title: {{ja: '{t.split('|')[0]}', en: '{t.split('|')[1]}'}}\n      text: {{ja: 進む。, en: Go on.}}\n"
        for t in titles
    )
    return ("rules.yaml", IT_RULES, IT_RULES + body)


def _card(ja: str, en: str) -> tuple[str, str, str]:
    """An edit that gives Island Traders' fish card another text."""
    old = "body: {ja: 市場で2金で売れる。, en: Sells for 2 gold at the market.}"
    return ("kit.yaml", old, f'body: {{ja: "{ja}", en: "{en}"}}')


def _play(body: str) -> tuple[str, str, str]:
    """An edit that adds to Island Traders' `play:` (lines indented by two spaces)."""
    return ("kit.yaml", IT_PLAY, f"play:\n{body}  scoring:\n")


END_JA = (
    'when: {ja: だれかの得点マーカーが得点トラックの30に着いた, en: "A score marker reaches 30 on the score track"}'
)
END_10 = ("kit.yaml", END_JA, "when: {ja: だれかが10点に到達した, en: A player reaches 10 points}")
SHIPS = "  supplies:\n    - {id: ships, name: {ja: 船, en: ships}, count: 2, per: player}\n"
ONE_PLAY = "  limits: {plays_per_turn: 1}\n"
GOODS = (
    "  supplies:\n    - {id: lumber, name: {ja: 木材, en: Lumber}, count: 19, per: shared}\n"
    "    - {id: brick, name: {ja: レンガ, en: Brick}, count: 19, per: shared}\n"
)


def _sail(per_turn: int) -> tuple[str, str, str]:
    """An edit that gives Island Traders a parameter: the cells a ship sails a turn."""
    return ("kit.yaml", "include:\n", f"parameters:\n  sail_cells_per_turn: {per_turn}\ninclude:\n")


def _squall(ja: str, en: str, more: str = "") -> tuple[str, str, str]:
    """An edit that gives Island Traders an effect with this text (and `more` of `play:`)."""
    return _play(
        more + "  effect_kinds: [limit]\n  targets: [all]\n  effects:\n    - id: squall\n"
        f'      name: {{ja: スコール, en: Squall}}\n      kind: limit\n      target: all\n      text: {{ja: "{ja}", en: "{en}"}}\n'
    )


def _fog(kind: str, ja: str, en: str, more: str = "") -> tuple[str, str, str]:
    """An edit that gives Island Traders a Dense Fog effect of `kind` with this text (and `more` of the effect)."""
    return _play(
        "  effect_kinds: [freeze, destroy]\n  targets: [opponent]\n  effects:\n    - id: fog\n"
        f"      name: {{ja: 濃霧, en: Dense fog}}\n      kind: {kind}\n      target: opponent\n"
        f'      text: {{ja: "{ja}", en: "{en}"}}\n{more}'
    )


def _guard(target: str) -> tuple[str, str, str]:
    """An edit that gives Island Traders a lasting Harbour Guard effect aimed at `target`."""
    return _play(
        f"  effect_kinds: [shield]\n  targets: [{target}]\n  effects:\n    - id: guard\n"
        f"      name: {{ja: 港の守り, en: Harbour guard}}\n      kind: shield\n      target: {target}\n"
        '      text: {ja: "船を守る。", en: "Guard a ship."}\n'
        f"      duration: {{count: 1, unit: turn, scope: {target}}}\n      shown_by: goods\n"
    )


def _raid(ja: str, en: str) -> tuple[str, str, str]:
    """An edit that gives Island Traders a Raid, an effect of kind `attack`, with this text."""
    return _play(
        "  effect_kinds: [attack]\n  targets: [opponent]\n  effects:\n    - id: raid\n"
        "      name: {ja: 襲撃, en: Raid}\n      kind: attack\n      target: opponent\n"
        f'      text: {{ja: "{ja}", en: "{en}"}}\n'
    )


ATTACK_JA = _rule("攻撃：相手の港を攻撃（奪取または無効化）する。", "Attack.", title="{ja: 攻撃, en: Attack}")
ATTACK_EN = _rule("攻撃。", "Attack: steal or nullify an opponent's port.", title="{ja: 攻撃, en: Attack}")
LASTS = "      duration: {count: 1, unit: turn, scope: opponent}\n      shown_by: goods\n"


def _recipe(inputs: str) -> tuple[str, str, str]:
    return _play(GOODS + f"  recipes:\n    - {{id: boat, name: {{ja: 船, en: Boat}}, inputs: {inputs}}}\n")


COMPARE = "{ja: 比べる, en: Compare}"


def _deck_end(ja: str, en: str) -> tuple[str, str, str]:
    """An edit that makes Island Traders' game end with these words."""
    return ("kit.yaml", END_JA, f'when: {{ja: "{ja}", en: "{en}"}}')


CLASSES: dict[str, tuple[str, list[tuple[str, str, str]], str, str]] = {
    # 1. a comparison in any wording, in any rule, with no tie rule (DB4's battle step)
    "tie-battle-ja": (
        "PK347",
        [_rule("品物が多い方が勝ち、負けた船は本島へ戻る。", "Compare goods.", kind="steps")],
        "rules.yaml",
        "品物が多い方が勝ち",
    ),
    "tie-battle-en": (
        "PK347",
        [_rule("品物を比べる。", "The ship with more goods wins the duel; the loser goes home.")],
        "rules.yaml",
        "The ship with more goods",
    ),
    "tie-card-en": (
        "PK347",
        [_card("隣の船と対決する。", "Duel a neighbour: the higher roll wins a goods card.")],
        "kit.yaml",
        "the higher roll wins",
    ),
    # 7. numbers in prose against the end conditions, the supplies and a turn's limits
    "end-points-ja": (
        "PK346",
        [END_10, _rule("12点に到達したプレイヤーの勝ち。", "Score points.")],
        "rules.yaml",
        "12点に到達",
    ),
    "end-points-en": (
        "PK346",
        [END_10, _rule("得点を集める。", "The first to reach 12 points wins.")],
        "rules.yaml",
        "first to reach 12",
    ),
    "supply-ja": (
        "PK346",
        [_play(SHIPS), _rule("自分の船3つを港に置く。", "Place ships.")],
        "rules.yaml",
        "自分の船3つ",
    ),
    "supply-en": (
        "PK346",
        [_play(SHIPS), _rule("船を置く。", "Place your 3 ships on ports.")],
        "rules.yaml",
        "Place your 3 ships",
    ),
    "plays-ja": (
        "PK346",
        [_play(ONE_PLAY), _rule("品物カードを2枚プレイする。", "Play goods.")],
        "rules.yaml",
        "2枚プレイ",
    ),
    "plays-en": (
        "PK346",
        [_play(ONE_PLAY), _rule("品物を出す。", "Play 2 goods cards, then sail.")],
        "rules.yaml",
        "Play 2 goods cards",
    ),
    # 2. prose claims against the effect's kind and duration (ES10, ES9)
    "kind-ja": (
        "PK348",
        [_fog("destroy", "相手の船を凍らせる。", "Destroy a ship.")],
        "kit.yaml",
        "相手の船を凍らせる",
    ),
    "kind-en": ("PK348", [_fog("freeze", "相手の船を止める。", "Destroy a ship.")], "kit.yaml", "Destroy a ship"),
    "category-ja": ("PK348", [_raid("相手の船を破壊する。", "Raid."), ATTACK_JA], "kit.yaml", "相手の船を破壊"),
    "category-en": ("PK348", [_raid("襲撃。", "Destroy a ship."), ATTACK_EN], "kit.yaml", "Destroy a ship"),
    "lasting-ja": (
        "PK348",
        [_fog("freeze", "船を止める。", "Stop a ship."), _rule("濃霧は相手の次の手番を妨害する。", "Fog.")],
        "rules.yaml",
        "濃霧は相手の次の手番",
    ),
    "lasting-en": (
        "PK348",
        [
            _fog("freeze", "船を止める。", "Stop a ship."),
            _rule("濃霧。", "Dense fog restricts your opponent's next turn."),
        ],
        "rules.yaml",
        "Dense fog restricts",
    ),
    "self-only-ja": (
        "PK348",
        [_guard("self"), _rule("港の守りは相手の次の手番を制限する。", "Guard.")],
        "rules.yaml",
        "港の守りは相手",
    ),
    "self-only-en": (
        "PK348",
        [_guard("self"), _rule("守る。", "Harbour guard restricts your opponent's next turn.")],
        "rules.yaml",
        "Harbour guard restricts",
    ),
    "winner-ja": (
        "PK359",
        [_rule("港を最も多く開いたプレイヤーの勝ち。", "Open ports.")],
        "rules.yaml",
        "港を最も多く",
    ),
    "winner-en": (
        "PK359",
        [_rule("港を開く。", "The player with the most ports wins.")],
        "rules.yaml",
        "the most ports",
    ),
    # 3. an effect's cap that the turn's usual number already meets (ES7)
    "cap-ja": ("PK339", [_sail(1), _squall("全員の航海が1マスに制限される。", "Squall.")], "kit.yaml", "1マスに制限"),
    "cap-en": (
        "PK339",
        [_squall("スコール。", "Each player's plays are limited to 1 card.", ONE_PLAY)],
        "kit.yaml",
        "limited to 1 card",
    ),
    "end-pre-empted-ja": (
        "PK358",
        [
            _deck_end("山札が尽きたら終了。", "Deck."),
            _rule("山札が尽きたら、捨て札を混ぜて新しい山札にする。", "Go on."),
        ],
        "kit.yaml",
        "山札が尽きたら終了",
    ),
    "end-pre-empted-en": (
        "PK358",
        [
            _deck_end("終了。", "The deck runs out."),
            _rule("続ける。", "When the deck runs out, refill it from the discards."),
        ],
        "kit.yaml",
        "The deck runs out",
    ),
    # 4. a heading and its body that disagree on a sign (WE3)
    "sign-ja": ("PK370", [_rule("「難破」−5：難破カード1枚につき5点。", "Wrecks.")], "rules.yaml", "「難破」−5"),
    "sign-en": (
        "PK370",
        [_rule("難破。", "Shipwreck −5: 5 points for each wreck card.")],
        "rules.yaml",
        "Shipwreck −5",
    ),
    # 5. board and map claims against the board and the map (ES4, ST6): the island board has 26 cells
    "board-shape-ja": (
        "PK348",
        [_rule("正六角形の島のボードを置く。", "Lay out the board.")],
        "rules.yaml",
        "正六角形",
    ),
    "board-count-en": ("PK348", [_rule("ボードを置く。", "Lay out the 30-cell board.")], "rules.yaml", "30-cell board"),
    "hops-ja": ("PK348", [_rule("本島から香辛料島まで2hop。", "Sail.")], "rules.yaml", "本島から香辛料島"),
    "hops-en": (
        "PK348",
        [_rule("航海する。", "Spice isle is 2 hops from Home isle.")],
        "rules.yaml",
        "Spice isle is 2",
    ),
    "tie-docs-en": (
        "PK347",
        [_rule("比べる。", "Each reveals a card. The higher power wins.", title=COMPARE)],
        "rules.yaml",
        "The higher power wins",
    ),
    "tie-docs-ja": (
        "PK347",
        [_rule("数字の大きい方が勝つ。", "Compare.", title=COMPARE)],
        "rules.yaml",
        "数字の大きい方",
    ),
    "reach-ja": (
        "PK359",
        [_rule("本島から1hopで到達可能なのは岩礁。逆に言えば2hopでは到達不可。", "Sail.")],
        "rules.yaml",
        "逆に言えば2hop",
    ),
    "reach-en": (
        "PK359",
        [_rule("航海する。", "The Reef is reachable in 1 hop from Home isle, so it is not reachable in 2 hops.")],
        "rules.yaml",
        "so it is not reachable",
    ),
    "lumped-ja": (
        "PK370",
        [_rule("難破カードが奇数枚なら、難破カード全てまとめてマイナスになる。", "Wrecks.")],
        "rules.yaml",
        "全てまとめてマイナス",
    ),
    "lumped-en": (
        "PK370",
        [_rule("難破。", "With an odd number of wrecks, they all count as negative together.")],
        "rules.yaml",
        "negative together",
    ),
    # 6. text lint
    "lint-numbering-ja": ("PK371", [_titles("1. 準備|Setup", "1. 手番|A turn")], "rules.yaml", "1. 手番"),
    "lint-numbering-en": ("PK371", [_titles("準備|1. Setup", "手番|1. A turn")], "rules.yaml", "1. A turn"),
    "lint-repeat-ja": ("PK371", [_rule("各自が品物を1つづず取る。", "Each takes one good.")], "rules.yaml", "1つづず"),
    "lint-repeat-en": (
        "PK371",
        [_rule("各自が品物を1つずつ取る。", "Each takes the the goods.")],
        "rules.yaml",
        "the the",
    ),
    "lint-small-kana": ("PK371", [_rule("ェレメントを1つ取る。", "Take an element.")], "rules.yaml", "ェレメント"),
    "lint-half-width": ("PK371", [_rule("ｶｰﾄﾞを1枚引く。", "Draw a card.")], "rules.yaml", "ｶｰﾄﾞ"),
    "lint-middle-dot": (
        "PK371",
        [
            (
                "kit.yaml",
                "\ntitle: {ja: 島の交易, en: Island Traders}",
                "\ntitle: {ja: アイランド・トレーダー, en: Island Traders}",
            ),
            _rule("アイランドトレーダーを始める。", "Begin."),
        ],
        "rules.yaml",
        "アイランドトレーダーを",
    ),
}
"""Each class: (code, edits of Island Traders, the file of the finding, a marker on its line)."""

SIBLINGS: dict[str, list[tuple[str, str, str]]] = {
    "tie-battle-ja": [_rule("品物が多い方が勝ち、負けた船は本島へ戻る。同じなら両方とも動かない。", "Compare goods.")],
    "tie-battle-en": [
        _rule("品物を比べる。", "The ship with more goods wins the duel; on equal goods, neither moves.")
    ],
    "tie-card-en": [
        _card("隣の船と対決する。", "Duel a neighbour: the higher roll wins a goods card; a tie wins nothing.")
    ],
    "tie-docs-en": [_rule("比べる。", "The higher power wins; on equal power, both are discarded.", title=COMPARE)],
    "tie-docs-ja": [_rule("数字の大きい方が勝つ。同じなら引き分け。", "Compare.", title=COMPARE)],
    "tie-game-win-en": [
        _rule("点を比べる。", "The player with the most points wins.", title="{ja: 勝利, en: Winning}")
    ],
    "end-points-ja": [END_10, _rule("10点に到達したプレイヤーの勝ち。", "Score points.")],
    "end-points-en": [END_10, _rule("得点を集める。", "The first to reach 10 points wins; a sale scores 12 points.")],
    "supply-ja": [_play(SHIPS), _rule("自分の船2つを港に置く。", "Place ships.")],
    "supply-en": [
        _play(SHIPS),
        _rule("船を置く。", "Place your 2 ships on ports; 3 ships of three players may share one."),
    ],
    "plays-ja": [_play(ONE_PLAY), _rule("品物カードを1枚プレイする。灯台ではさらに2枚プレイできる。", "Play goods.")],
    "plays-en": [_play(ONE_PLAY), _rule("品物を出す。", "Play 1 goods card; at a lighthouse, play 2 more cards.")],
    "kind-ja": [_fog("destroy", "相手の船を破壊する。", "Destroy a ship.")],
    "kind-en": [_fog("freeze", "相手の船を凍らせる。", "Freeze a ship; it cannot be destroyed.")],
    "category-ja": [_raid("相手の港を奪取し、船を破壊する。", "Raid."), ATTACK_JA],
    "category-en": [_raid("襲撃。", "Steal a port."), ATTACK_EN],
    "lasting-ja": [
        _fog("freeze", "船を止める。", "Stop a ship.", LASTS),
        _rule("濃霧は相手の次の手番を妨害する。", "Fog."),
    ],
    "lasting-en": [
        _fog("freeze", "船を止める。", "Stop a ship.", LASTS),
        _rule("濃霧。", "Dense fog restricts your opponent's next turn."),
    ],
    "self-only-ja": [_guard("opponent"), _rule("港の守りは相手の次の手番を制限する。", "Guard.")],
    "self-only-en": [_guard("opponent"), _rule("守る。", "Harbour guard restricts your opponent's next turn.")],
    "winner-ja": [_rule("得点が最も多いプレイヤーの勝ち。", "Open ports.")],
    "winner-en": [_rule("港を開く。", "The player with the most victory points wins; ports score points.")],
    "cap-ja": [_sail(3), _squall("全員の航海が1マスに制限される。", "Squall.")],
    "cap-en": [_squall("スコール。", "Each player's plays are limited to 0 cards.", ONE_PLAY)],
    "end-pre-empted-ja": [
        _deck_end("山札と捨て札が尽きたら終了。", "Deck."),
        _rule("山札が尽きたら、捨て札から補充する。", "Go on."),
    ],
    "end-pre-empted-again-en": [
        _deck_end("終了。", "The deck runs out for the second time."),
        _rule("続ける。", "When the deck runs out, shuffle the discards into a new deck."),
    ],
    "end-pre-empted-en": [
        _deck_end("終了。", "The deck and the discards run out."),
        _rule("続ける。", "When the deck runs out, refill it from the discards."),
    ],
    "reach-ja": [_rule("本島から1hopで到達可能なのは岩礁。香辛料島へは2hopでは到達不可。", "Sail.")],
    "reach-en": [
        _rule("航海する。", "The Reef is reachable in 1 hop from Home isle; Spice isle is not reachable in 1 hop.")
    ],
    "sign-ja": [_rule("「難破」−5：難破カード1枚につき5点を失う。", "Wrecks.")],
    "sign-en": [_rule("難破。", "Shipwreck −5: lose 5 points for each wreck card.")],
    "board-shape-ja": [_rule("島のボードは全26マス。六角形のマスでできている。", "Lay out the board.")],
    "board-count-en": [_rule("ボードを置く。", "Lay out the 26-cell board of hexagonal cells.")],
    "hops-ja": [_rule("本島から香辛料島まで3hop。本島から真珠島まで2hop。", "Sail.")],
    "hops-en": [_rule("航海する。", "Spice isle is 3 hops from Home isle; the Reef is 1 hop from Home isle.")],
    "lumped-ja": [_rule("難破カードが奇数枚なら、難破カード全てまとめて一度だけマイナス5点。", "Wrecks.")],
    "lumped-en": [_rule("難破。", "With an odd number of wrecks, they count as negative together, once.")],
    "lint-numbering-ja": [_titles("1. 準備|Setup", "2. 手番|A turn")],
    "lint-numbering-en": [_titles("準備|1. Setup", "手番|2. A turn")],
    "lint-repeat-ja": [_rule("各自が品物を1つずつ取る。ショップへ行く。", "Each takes one good.")],
    "lint-repeat-en": [_rule("各自が品物を1つずつ取る。", "Each takes the goods, then the ship moves.")],
    "lint-small-kana": [
        _rule("ファイア、ティー、ジュース、チェック、ヴィラ、デュエル、シェフ、キャッシュ。", "Take an element.")
    ],
    "lint-half-width": [_rule("カードを1枚引く。", "Draw a card.")],
    "lint-middle-dot": [
        (
            "kit.yaml",
            "\ntitle: {ja: 島の交易, en: Island Traders}",
            "\ntitle: {ja: アイランド・トレーダー, en: Island Traders}",
        ),
        _rule("アイランド・トレーダーを始める。", "Begin."),
    ],
}
"""The same edits written right (and, where a rule needs showing, a correct text of the same shape): silent."""


def _findings(kit: Path, code: str) -> list:
    return [f for f in load_kit(kit).report.findings if f.code == code]


@pytest.mark.parametrize("case", sorted(CLASSES))
def test_each_class_is_found_at_its_line(tmp_path, case):
    code, edits, file, marker = CLASSES[case]
    kit = make_bad_kit(tmp_path, edits, kit=IT)
    found = _findings(kit, code)
    line = line_of(kit / file, marker)
    assert [(Path(f.location.file).name, f.location.line) for f in found if f.location.line == line] == [
        (file, line)
    ], [f.text() for f in found]
    assert all(f.severity.value == "warning" for f in found)


@pytest.mark.parametrize("case", sorted(SIBLINGS))
def test_the_correct_sibling_is_silent(tmp_path, case):
    code = CLASSES[case][0] if case in CLASSES else case.split("-")[0]
    code = code if code.startswith("PK") else {"tie": "PK347", "end": "PK358"}[code]
    kit = make_bad_kit(tmp_path, SIBLINGS[case], kit=IT)
    assert [f.text() for f in _findings(kit, code)] == []


@pytest.mark.parametrize(
    ("inputs", "typo", "meant"), [("[lumber, lumbr]", "lumbr", "lumber"), ("[brik, lumber]", "brik", "brick")]
)
def test_an_unknown_resource_in_a_recipe_is_an_error_with_a_guess(tmp_path, inputs, typo, meant):
    """A recipe made of the kit's supplies names `lumbr`: nothing is called that (the Catan-like miss)."""
    kit = make_bad_kit(tmp_path, [_recipe(inputs)], kit=IT)
    (found,) = _findings(kit, "PK305")
    assert (Path(found.location.file).name, found.location.line) == ("kit.yaml", line_of(kit / "kit.yaml", typo))
    assert found.severity.value == "error" and f"did you mean {meant!r}?" in found.text()


def test_recipes_of_known_resources_or_of_their_own_words_are_silent(tmp_path):
    assert _findings(make_bad_kit(tmp_path, [_recipe("[lumber, brick]")], "known", kit=IT), "PK305") == []
    own_words = _play("  recipes:\n    - {id: boat, name: {ja: 船, en: Boat}, inputs: [plank, sail]}\n")
    assert _findings(make_bad_kit(tmp_path, [own_words], "own", kit=IT), "PK305") == []


EVIL_JA = "ja: 得点計算のとき「枚数 × {points}点」。ただし、これを一番多く持つプレイヤー（同数なら全員）は失点しない。召喚できない。"
EVIL_EN = "en: Scores {points} per card, except for whoever holds the most (all of them on a tie), who lose nothing."


def test_a_card_that_scores_a_negative_number_and_says_it_unsigned_is_found(tmp_path):
    """WE3 as the rulebook writes it: `points: -10`, and the text 「1枚・10点」 / "10 points a card"."""
    edits = [
        ("cards.yaml", EVIL_JA, "ja: 得点計算のとき1枚・10点として計算する。召喚できない。"),
        ("cards.yaml", EVIL_EN, "en: Scores 10 points a card."),
    ]
    kit = make_bad_kit(tmp_path, edits, kit="wizards-element-collection")
    found = {(Path(f.location.file).name, f.location.line) for f in _findings(kit, "PK370")}
    cards = kit / "cards.yaml"
    assert found == {("cards.yaml", line_of(cards, "1枚・10点")), ("cards.yaml", line_of(cards, "Scores 10 points"))}
    assert _findings(make_bad_kit(tmp_path, [], "as-shipped", kit="wizards-element-collection"), "PK370") == []


KEEP_TOPS_JA = "古い記号は消さない。"
KEEP_TOPS_EN = " Keep the old symbols."
ROWS = {
    "ja": [("rules.yaml", KEEP_TOPS_JA, "古い記号は消す。"), ("rules.yaml", KEEP_TOPS_EN, "")],
    "en": [("rules.yaml", KEEP_TOPS_JA, ""), ("rules.yaml", KEEP_TOPS_EN, " Erase the old symbols.")],
}
"""Unlock Tower with rules that keep one top per tower (UT2): in each language's words, the other's left out."""


@pytest.mark.parametrize("lang", sorted(ROWS))
def test_row_boxes_the_tower_tops_cannot_fill_are_found(tmp_path, lang):
    """Six towers with one top each make one row of four and two rows of three: A's second box and B's third
    can never be ticked (UT2), each a warning at its `boxes:`."""
    kit = make_bad_kit(tmp_path, ROWS[lang], kit="unlock-tower")
    found = _findings(kit, "UT005")
    scoring = kit / "scoring.yaml"
    assert sorted((Path(f.location.file).name, f.location.line) for f in found) == [
        ("scoring.yaml", line_of(scoring, "run: 4, boxes: 2")),
        ("scoring.yaml", line_of(scoring, "run: 3, boxes: 3")),
    ]
    assert all(f.severity.value == "warning" for f in found)
    assert "box 2 can never be filled" in found[0].text() and "rules never keep the old top symbols" in found[0].text()


def test_row_boxes_the_tops_can_fill_are_silent(tmp_path):
    """The shipped kit keeps the old symbols; with one top per tower, one box of four and two of three fit."""
    assert _findings(make_bad_kit(tmp_path, [], "shipped", kit="unlock-tower"), "UT005") == []
    fewer = [
        *ROWS["en"],
        ("scoring.yaml", "run: 4, boxes: 2", "run: 4, boxes: 1"),
        ("scoring.yaml", "run: 3, boxes: 3", "run: 3, boxes: 2"),
    ]
    assert _findings(make_bad_kit(tmp_path, fewer, "fewer", kit="unlock-tower"), "UT005") == []


def test_a_definition_read_to_its_end_and_costs_left_out_is_silent(tmp_path):
    """A long definition lists destroy last ("…to nullify, steal or destroy…"); a defence "discards 2 cards to
    protect": the cost is not what it does, and one verb is no closed list."""
    long_list = _rule(
        "攻撃。", "Attack: discard 2 goods cards from your hand to nullify, steal or destroy an opponent's port."
    )
    kit = make_bad_kit(tmp_path, [_raid("襲撃。", "Destroy a ship."), long_list], kit=IT)
    assert [f.text() for f in _findings(kit, "PK348")] == []
    cost = _rule("防御：カードを2枚捨てて、自分の港を守る。", "Defence.", title="{ja: 防御, en: Defence}")
    guard = _play(
        "  effect_kinds: [defence]\n  effects:\n    - id: wall\n      name: {ja: 防壁, en: Wall}\n"
        '      kind: defence\n      text: {ja: "次の攻撃を無効化する。", en: "Cancel the next attack."}\n'
    )
    assert [f.text() for f in _findings(make_bad_kit(tmp_path, [guard, cost], "cost", kit=IT), "PK348")] == []
