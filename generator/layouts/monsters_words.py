"""Dice Battle Monsters' own words: the mat, tokens and rule diagrams print them in each language."""

from __future__ import annotations

from ..i18n import SHARED

tr = SHARED.extend(
    {
        "mat": {"ja": "プレイマット", "en": "Play mat"},
        "half": {"ja": "マット{half}（{side}）", "en": "Mat {half} ({side})"},
        "side_a": {"ja": "デッキと墓地の側", "en": "deck and graveyard side"},
        "side_b": {"ja": "財宝置き場の側", "en": "treasure supply side"},
        "join": {
            "ja": "AとBを上辺どうしで突き合わせて1枚のマットにする。各プレイヤーは自分の側の下辺に座る。",
            "en": "Lay A and B top edge to top edge to make one mat; each player sits at their sheet's bottom edge.",
        },
        "shared_zone": {"ja": "{name}（共有）", "en": "{name} (shared)"},
        "slot": {"ja": "枠{n}", "en": "Slot {n}"},
        "win": {"ja": "勝利", "en": "Win"},
        "token_cut": {
            "ja": "破線の円に沿って切り抜く。「信仰」「祝福」の裏は白のまま（白＝使用済み）。",
            "en": "Cut along the dashed circles. Leave the backs of Faith and Blessing blank: blank means used.",
        },
        "die_net": {"ja": "組み立て式サイコロ", "en": "Fold-up dice"},
        "die_note": {
            "ja": "実線で切り抜き、破線で山折りし、のりしろを貼る。各プレイヤーに1つ。",
            "en": "Cut on the solid lines, fold on the dashed ones, glue the tabs. One per player.",
        },
        "before": {"ja": "バトルの前（表にした直後）", "en": "Before the battle, on reveal"},
        "during": {"ja": "バトルの最中", "en": "During the battle"},
        "after": {"ja": "バトルの後", "en": "After the battle"},
        "resolution_rule": {
            "ja": "同じスペルナンバーの中では、レベルの高いカードから。同じレベルなら先攻のプレイヤーから。",
            "en": "Within one spell number, the higher level resolves first; on equal levels, the first player's card first.",
        },
        "level_note": {
            "ja": "（ユニットならユニットLv、魔法・付与なら非ユニットLvで比べる）",
            "en": "(a unit compares its unit level; magic and enchants their non-unit level)",
        },
        "example": {
            "ja": "ルールブックの例：先攻はメインゾーンにフレイズ、魔法陣にフローム、ストックゾーンに天邪鬼。後攻はメインゾーンに盗賊ゴブリンとデイジー。",
            "en": "The rulebook's example: first player has Flaze in the main zone, Frome in the magic circle and Amanojaku in the stock zone; second player has Goblin Thief and Daisy in the main zone.",
        },
        "first": {"ja": "先攻", "en": "1st"},
        "second": {"ja": "後攻", "en": "2nd"},
        "next_round": {"ja": "次のラウンド：先攻と後攻を入れ替える", "en": "Next round: swap first and second player"},
    }
)
