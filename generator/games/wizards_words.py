"""Wizard's Element Collection's own words: its printed pages and `pnpkit score` read the same table.

Kept apart from the layouts so the score command can use them without the
drawing code, and so a word the two share ("odd", "per card") is written once.
"""

from __future__ import annotations

from ..i18n import SHARED

tr = SHARED.extend(
    {
        # components and headings
        "board_title": {"ja": "ボード", "en": "Board"},
        "order_sheet": {"ja": "魔力シート", "en": "Mana sheet"},
        "reference": {"ja": "得点早見カード", "en": "Scoring reference cards"},
        "scoring": {"ja": "得点計算", "en": "Scoring"},
        "turn_heading": {"ja": "ターンの流れ", "en": "A turn"},
        "fold_pieces": {
            "ja": "コマ（切り取る。立てるコマは中央で山折り）",
            "en": "Pieces (cut out; fold the standees in the middle)",
        },
        # the element cards
        "element_name": {"ja": "{name}のエレメント", "en": "{name}"},
        "wild_value": {"ja": "任意", "en": "ANY"},
        "per_pair": {"ja": "ペアごと", "en": "per pair"},
        "per_card": {"ja": "1枚ごと", "en": "per card"},
        "any_kind": {"ja": "好きな種類", "en": "any kind"},
        "odd": {"ja": "奇数", "en": "odd"},
        "no_minus": {"ja": "マイナス\nなし", "en": "never\nnegative"},
        "if_most": {"ja": "最多なら", "en": "if most"},
        "or_as": {"ja": "または", "en": "or"},
        "summon_in": {"ja": "召喚できるフェーズ：{phases}", "en": "Summon in: {phases}"},
        "never_summoned": {"ja": "召喚できない", "en": "Never summoned"},
        # who goes first
        "ascending": {"ja": "魔力が低い順", "en": "lowest mana first"},
        "descending": {"ja": "魔力が高い順", "en": "highest mana first"},
        "previous": {"ja": "（前のターン）", "en": " (last turn)"},
        "phase_column": {"ja": "フェーズ", "en": "Phase"},
        "order_column": {"ja": "順番", "en": "Order"},
        "what_happens": {"ja": "内容", "en": "What happens"},
        # the 魔力 sheet
        "mana_heading": {"ja": "魔力", "en": "Mana"},
        "action_order": {"ja": "行動順", "en": "Action order"},
        "slot_label": {"ja": "{n}番目", "en": "Position {n}"},
        "order_note": {
            "ja": "移動を終えたら、止まったマスの魔力の値に魔力マーカーを置く（魔道士コマは盤面に残す）。強化したら新しい値へ動かす。行動順が決まったら、下の枠へ移す。プレイヤーマスに止まったプレイヤーのマーカーは、空いている一番下の枠へ。",
            "en": "After moving, put your mana marker on the value of your space (your wizard stays on the board). Move it when you power up. When your order is settled, move it to a slot below. A player on a player space puts it in the lowest free slot.",
        },
        "on_board": {"ja": "●＝ボードのマスにある値", "en": "● = a value printed on the board"},
        "phases_title": {"ja": "各フェーズの順番", "en": "Who goes first in each phase"},
        # the scoring reference card
        "card": {"ja": "カード", "en": "Card"},
        "pair": {"ja": "ペア", "en": "Pair"},
        "odd_column": {"ja": "奇数", "en": "Odd"},
        "per_card_short": {"ja": "{points}×枚", "en": "{points}×n"},
        "most_zero": {"ja": "最多0", "en": "most: 0"},
        "wild_short": {"ja": "任意", "en": "any"},
        # the board
        "legend_mana": {
            "ja": "魔力マス：止まったマスの数字がそのターンの魔力になる。",
            "en": "Mana space: the number you stop on is your mana for the turn.",
        },
        "legend_player": {
            "ja": "プレイヤーマス（各色に1つ）：コマのスタート地点。止まると特別な効果がある。",
            "en": "Player space (one per colour): where the pieces start; landing here has special effects.",
        },
        "legend_arrow": {
            "ja": "矢印：そのマスからコレクトできる{line_cards}枚の列（フィールドのカード置き場を通る直線）。",
            "en": "Arrow: the line of {line_cards} cards you collect from on that space, straight across the field.",
        },
        # how to make them
        "board_steps": {
            "ja": "100%で印刷し、スケールバーが50 mmあることを確かめる。|重なり部分の十字マークを合わせて2枚を貼り合わせる。",
            "en": "Print at 100 % and check the scale bar measures 50 mm.|Glue the two sheets so the cross marks in the overlap meet.",
        },
        "reference_steps": {
            "ja": "両面印刷（長辺とじ）し、切り離す。表は得点、裏はターンの流れ。",
            "en": "Print double-sided (long-edge flip) and cut apart: scoring on the front, the turn on the back.",
        },
        # pnpkit score
        "points_suffix": {"ja": "点", "en": " pts"},
        "even": {"ja": "偶数", "en": "even"},
        "not_most": {"ja": "最多でない", "en": "not the most"},
        "most_no_loss": {"ja": "最多なので失点なし", "en": "holds the most: no loss"},
        "unused": {"ja": "使わない", "en": "unused"},
        "ranking": {"ja": "順位", "en": "Ranking"},
        "score_prompt": {
            "ja": "プレイヤーごとに1行ずつ「名前: カード カード…」（例 赤: 草×4 心 無）。空行で計算します。",
            "en": "One player a line, 'name: card card …' (e.g. Red: Grass×4 Heart Void). An empty line scores.",
        },
    }
)
"""The game's words on top of the shared ones; look every word up through this."""
