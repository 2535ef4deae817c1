"""Words pnpkit itself prints on pages, in each language a kit can ship."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "print_note": {"ja": "100%（実寸）で印刷してください。「ページに合わせる」は使わないこと", "en": "Print at 100 % (actual size), not 'fit to page'"},
    "scale": {"ja": "スケール", "en": "Scale"},
    "legend": {"ja": "凡例", "en": "Legend"},
    "cells": {"ja": "マス", "en": "cells"},
    "fronts": {"ja": "表面", "en": "Fronts"},
    "backs": {"ja": "裏面（長辺とじで両面印刷）", "en": "Backs (duplex, flip on long edge)"},
    "backs_short": {"ja": "裏面（短辺とじで両面印刷）", "en": "Backs (duplex, flip on short edge)"},
    "sheet": {"ja": "シート", "en": "Sheet"},
    "attack": {"ja": "攻撃", "en": "Attack"},
    "defence": {"ja": "防御", "en": "Defence"},
    "combo": {"ja": "コンボ", "en": "Combo"},
    "combos": {"ja": "コンボ", "en": "Combos"},
    "effect": {"ja": "効果", "en": "Effect"},
    "elements": {"ja": "エレメント", "en": "Elements"},
    "duration": {"ja": "期間", "en": "Lasts"},
    "name": {"ja": "名前", "en": "Name"},
    "shift_event": {"ja": "シフトイベント", "en": "Shift event"},
    "topic": {"ja": "項目", "en": "Topic"},
    "as_written": {"ja": "原文", "en": "As written"},
    "resolution": {"ja": "この版の裁定", "en": "This edition"},
    "player_tokens": {"ja": "プレイヤートークン", "en": "Player tokens"},
    "markers": {"ja": "マーカー", "en": "Markers"},
    "shift": {"ja": "シフト", "en": "Shift"},
    "each": {"ja": "各", "en": "each"},
    "cut_note": {"ja": "実線に沿って切り離してください", "en": "Cut along the solid lines"},
    "page": {"ja": "ページ", "en": "Page"},
    "contents": {"ja": "目次", "en": "Contents"},
    "players": {"ja": "人数", "en": "Players"},
    "copies": {"ja": "部数", "en": "Copies"},
    "rules": {"ja": "ルール概要", "en": "Rule summary"},
    "board": {"ja": "ゲームボード", "en": "Game board"},
    "cards": {"ja": "カード", "en": "Cards"},
    "tokens": {"ja": "トークン", "en": "Tokens"},
    "turn": {"ja": "ターン", "en": "turn"},
    "turns": {"ja": "ターン", "en": "turns"},
    "cycle": {"ja": "サイクル", "en": "cycle"},
    "cycles": {"ja": "サイクル", "en": "cycles"},
    "round": {"ja": "ラウンド", "en": "round"},
    "rounds": {"ja": "ラウンド", "en": "rounds"},
    "event": {"ja": "回の攻撃まで", "en": "attack"},
    "events": {"ja": "回の攻撃まで", "en": "attacks"},
    "hex_size": {"ja": "マスの大きさ（対辺）", "en": "Hex size (across flats)"},
    "instant": {"ja": "即時", "en": "At once"},
}


def t(key: str, lang: str) -> str:
    entry = STRINGS[key]
    return entry.get(lang) or entry["en"]
