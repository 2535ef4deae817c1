"""Unlock Tower's own words, for its sheets, score pad and rules (generator/games/unlock_tower.py).

Kept apart from the game module so that module holds only its assembly: the specs of the sheet's regions.
"""

from __future__ import annotations

from ..i18n import SHARED

tr = SHARED.extend(
    {
        "tower": {"ja": "タワー", "en": "Tower"},
        "phase": {"ja": "フェイズ", "en": "Phase"},
        "everyone": {"ja": "全員", "en": "all"},
        "vp": {"ja": "勝利点（VP）", "en": "Victory points (VP)"},
        "total_vp": {"ja": "勝利点の合計", "en": "Total VP"},
        "player": {"ja": "プレイヤー", "en": "Player"},
        "game": {"ja": "ゲーム", "en": "Game"},
        "round_flow": {"ja": "ラウンドの流れ", "en": "A round"},
        "symbols": {"ja": "記号", "en": "Symbols"},
        "what": {"ja": "内容", "en": "What happens"},
        "category": {"ja": "実績", "en": "Category"},
        "condition": {"ja": "条件", "en": "How to score"},
        "vp_short": {"ja": "VP", "en": "VP"},
        "tie": {"ja": "同点順", "en": "Tie-break"},
        "sheet_credit": {
            "ja": "シートのデザイン：pnpkit（ルールにもとづく独自設計）",
            "en": "Sheet layout: pnpkit's own design, after the rulebook",
        },
        "loop": {
            "ja": "{towers}つのタワーが{floor}階以上になった人が出たら、そのラウンドで終了",
            "en": "When a player has {towers} towers at floor {floor}+, the game ends after that round",
        },
        "named_face_chosen": {"ja": "指定した目が的中", "en": "Named face chosen"},
        "alone": {"ja": "この目は自分だけ", "en": "No one else on it"},
        "tower_at_least": {"ja": "タワー{tower}が{floor}階以上", "en": "Tower {tower} at {floor}+"},
        "block_named": {
            "ja": "指定した目の人はフェイズ{first}〜{last}なし",
            "en": "Named face: no phases {first}–{last}",
        },
        "range": {"ja": "+{low}〜{high}", "en": "+{low}–{high}"},
        "tie_note": {
            "ja": "各欄にはチェックの数を書き、記号の横の倍率を掛けて合計します。同点なら {order} の順に、チェック数が単独1位の人が勝ちます。",
            "en": "Write the number of ticks in each column, multiply by the factor beside the letter and add up. Ties: {order}, in that order; the player alone with the most ticks wins.",
        },
        "row_rule": {
            "ja": "同じ階で、となり合う{run}つのタワーにタワートップ（最大{boxes}か所）",
            "en": "Tower tops on one floor in {run} adjacent towers (up to {boxes})",
        },
        "fastest_rule": {
            "ja": "各タワーで、最初に{floor}階以上に到達した人（同じフェイズなら全員）",
            "en": "Each tower: first to reach floor {floor}+ (all who do so in the same phase)",
        },
        "highest_rule": {
            "ja": "ゲーム終了時、各タワーで最も高い人（同じ高さなら全員）",
            "en": "Each tower at the end: the tallest (ties all tick)",
        },
        "bonus_rule": {
            "ja": "各タワーのアンロックボーナス効果を使ったとき",
            "en": "Each tower: when you use its unlock-bonus effect",
        },
        "steps_sheet": {
            "ja": "ゲームのたびに人数分を印刷（またはコピー）する。えんぴつと消しゴムで書き込む。",
            "en": "Print or copy one for each player for every game; fill it in with a pencil.",
        },
        "steps_pad": {
            "ja": "1枚で{games}ゲーム分。終了時に各自のシートからチェックの数を写す。",
            "en": "One page holds {games} games; at the end, copy each player's ticks from their sheet.",
        },
        "sheet_subtitle": {"ja": "1人1枚・ゲームごとに印刷", "en": "One per player, every game"},
        "pad_subtitle": {"ja": "1枚で{games}ゲーム分", "en": "{games} games per page"},
        "symbol_top": {"ja": "タワートップ：\n建てた階に描く", "en": "Tower top: draw it on the floor you reach"},
        "symbol_high_floors": {
            "ja": "赤い階：最速ボーナス（C）と\n終了の判定に使う",
            "en": "Red floors: they count for the fastest bonus (C) and the end",
        },
        "symbol_unlock": {
            "ja": "アンロック：着いたら / を\n引き、ロックを1つ外す",
            "en": "Unlock mark: when reached, cross it out and tick one lock",
        },
        "symbol_coin": {
            "ja": "コイン：着いたら / を引き、\nコイン欄のコインを ○ で囲む",
            "en": "Coin mark: when reached, cross it out and circle a coin",
        },
        "symbol_lock": {"ja": "ロック：チェックが入るまで\n使えない", "en": "Lock: no use until its box is ticked"},
        "symbol_chain": {"ja": "矢印つきのロックは\n上から順に外す", "en": "Arrowed locks: unlock the top one first"},
        "symbol_shade": {"ja": "水色：条件を満たすときだけ\n使える", "en": "Blue: only when the condition holds"},
        "symbol_any_tower": {"ja": "X：好きなタワー1つ", "en": "X: any one tower"},
        "symbol_die": {"ja": "ダイスを振り、\n出た目だけ建てる", "en": "Roll the die; build that many floors"},
        "symbol_spend": {"ja": "コインに / を引いて\n右の効果を使う", "en": "Cross out a coin to use the effect"},
        "symbol_bonus": {"ja": "アンロックボーナスの\nE にチェック", "en": "Tick the unlock bonus (E)"},
    }
)
