"""Shogi + TCG's own words, for its printed pages (generator/games/shogi_tcg.py).

Kept apart from the game module so that module holds only its assembly.
"""

from __future__ import annotations

from ..i18n import SHARED

tr = SHARED.extend(
    {
        "map": {"ja": "マップ", "en": "Map"},
        "pieces_and_life": {"ja": "駒とライフ", "en": "Pieces and life"},
        "pile_main": {"ja": "山札（呪文・建造物・遺物）", "en": "Deck (spells, buildings, relics)"},
        "pile_creature": {"ja": "クリーチャー山札", "en": "Creature deck"},
        "pile_mana": {"ja": "マナ山札", "en": "Mana deck"},
        "pile_colour": {"ja": "色カード", "en": "Colour cards"},
        "short_main": {"ja": "山札", "en": "Deck"},
        "creature": {"ja": "クリーチャー", "en": "Creature"},
        "spell": {"ja": "呪文", "en": "Spell"},
        "building": {"ja": "建造物", "en": "Building"},
        "relic": {"ja": "遺物", "en": "Relic"},
        "colour_card": {"ja": "プレイヤーの色", "en": "Player colour"},
        "attack_power": {"ja": "攻撃力", "en": "Attack"},
        "movement": {"ja": "移動力", "en": "Move"},
        "sustain": {"ja": "維持", "en": "Sustain"},
        "activate": {"ja": "起動", "en": "Activate"},
        "once": {"ja": "一度だけ", "en": "Once"},
        "sustain_note": {
            "ja": "次のあなたの手番まで効く。手番中一度、このコストで再び使える。",
            "en": "Lasts until your next turn. Once a turn, pay this to use it again.",
        },
        "activate_note": {
            "ja": "この手番の間だけ効く。手番中{n}回まで、このコストで再び使える。",
            "en": "Lasts this turn. Up to {n} times a turn, pay this to use it again.",
        },
        "activate_note_any": {
            "ja": "この手番の間だけ効く。このコストで何度でも再び使える。",
            "en": "Lasts this turn. Pay this to use it again, any number of times.",
        },
        "once_note": {"ja": "公開したときに一度だけ効く。", "en": "Works once, when revealed."},
        "building_note": {
            "ja": "自分から戦闘を起こせない（移動はできる）。効果は全ノードに及ぶ。",
            "en": "Never starts a battle (it can move). Its effect reaches every node.",
        },
        "colourless_note": {
            "ja": "無色：召喚したプレイヤーの色の特徴を得る。",
            "en": "Colourless: gains its summoner's colour trait.",
        },
        "pay_when_drawn": {"ja": "引いたときに支払う", "en": "Pay when drawn"},
        "relic_win": {
            "ja": "全{kinds}種のうち{n}種を手札にそろえると勝利",
            "en": "Hold {n} of the {kinds} kinds to win",
        },
        "mana_note": {"ja": "手番ごとに一度、{colour}のマナを一つ出す。", "en": "Gives one {colour} mana once a turn."},
        "mana_name": {"ja": "{colour}のマナ", "en": "{colour} mana"},
        "colour_note": {
            "ja": "単独で最も多い色マナがこの色のプレイヤーが得る特徴。プレイヤー駒と、その人が召喚した無色クリーチャーに効く。",
            "en": "The trait of a player whose single largest mana colour this is. It applies to their player piece and the colourless creatures they summon.",
        },
        "player_piece": {"ja": "プレイヤー駒", "en": "Player piece"},
        "player_glyph": {"ja": "王", "en": "K"},
        "piece_markers": {"ja": "駒マーカー", "en": "Piece markers"},
        "markers_note": {
            "ja": "クリーチャーや建造物を出したら、同じ番号の一方をマップに置き、もう一方をそのカードに載せる。",
            "en": "When you summon a creature or build a building, put one marker on the map and its twin on the card.",
        },
        "life": {"ja": "ライフカウンター", "en": "Life counters"},
        "life_note": {
            "ja": "ライフは{life}から始まり、上限はない。",
            "en": "Life starts at {life} and has no upper limit.",
        },
        "steps_pieces": {
            "ja": "点線に沿って切り抜く。プレイヤー駒は五角形、ほかは丸（丸型パンチが便利）。",
            "en": "Cut along the dotted lines: player pieces are five-sided, the rest round (a circle punch helps).",
        },
        "cut_dotted": {"ja": "点線に沿って切り離してください", "en": "Cut along the dotted lines"},
        "legend_node": {
            "ja": "ノード：番号はダイス{dice}個の目（十の位と一の位）",
            "en": "Node: its number is {dice} dice read as tens and units",
        },
        "legend_link": {"ja": "リンク：一本が{hop} hop", "en": "Link: one link is {hop} hop"},
        "legend_land": {
            "ja": "島と海は飾り（ボロノイ図、シード {seed}）",
            "en": "Land and sea are decoration (Voronoi, seed {seed})",
        },
        "map_note": {"ja": "マップは本キットのオリジナルデザイン", "en": "The map is this kit's own design"},
    }
)
