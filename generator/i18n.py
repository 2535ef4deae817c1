"""Words pnpkit itself prints on pages, in each language a kit can ship."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnpkit.validator.components.kit import Players
    from pnpkit.validator.components.rules import Duration
    from pnpkit.validator.components.table import Need

STRINGS: dict[str, dict[str, str]] = {
    "print_note": {
        "ja": "100%（実寸）で印刷してください。「ページに合わせる」は使わないこと",
        "en": "Print at 100 % (actual size), not 'fit to page'",
    },
    "scale": {"ja": "スケール", "en": "Scale"},
    "legend": {"ja": "凡例", "en": "Legend"},
    "start_cell": {"ja": "スタート（輪の色の人）", "en": "Start (ring colour)"},
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
    "page_short": {"ja": "p.", "en": "p. "},
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
    "gutterfold": {"ja": "ガターフォールド", "en": "Gutterfold"},
    "gutterfold_fold": {
        "ja": "中央の破線で山折りにする（印刷面が外側）。",
        "en": "Fold on the dashed centre line, printed sides out.",
    },
    "gutterfold_glue": {
        "ja": "内側に薄く糊を塗り、表と裏を貼り合わせる。",
        "en": "Glue the halves together with a thin even layer.",
    },
    "gutterfold_cut": {"ja": "乾いたら実線に沿ってカードを切り離す。", "en": "When dry, cut along the solid lines."},
    "fold_here": {"ja": "ここで折る", "en": "fold here"},
    "of": {"ja": "／", "en": "of"},
    "tile_note": {
        "ja": "重なり部分（10 mm）の十字マークを合わせて貼り合わせる",
        "en": "Glue the 10 mm overlaps so the cross marks meet",
    },
    "assembly_steps": {
        "ja": "この盤面は{count}枚（{cols} × {rows}）に分かれています。組み立てた大きさ：{width} × {height} mm。\n1. 各シートを100%で印刷し、余白を切り落とす（重なり部分は残す）。\n2. 隣り合うシートを{overlap} mmの重なりで重ね、十字マークを合わせてのり付けする。\n3. A1から右へ、次に下の段へと進める。",
        "en": "This board spans {count} sheets ({cols} × {rows}); assembled it measures {width} × {height} mm.\n1. Print every sheet at 100 % and trim the outer margins, keeping the overlaps.\n2. Lay neighbouring sheets {overlap} mm over each other so the cross marks meet, and glue.\n3. Work from A1 to the right, then row by row downwards.",
    },
    "assembly_steps_turned": {
        "ja": "この盤面は{count}枚（{cols} × {rows}）に分かれ、用紙には横向きに印刷されています。組み立てた大きさ：{width} × {height} mm。\n1. 各シートを100%で印刷し、余白を切り落とす（重なり部分は残す）。\n2. 隣り合うシートを{overlap} mmの重なりで重ね、十字マークを合わせてのり付けする。\n3. 右の図のとおり、カード置き場が縦長になる向きに盤面を置く。",
        "en": "This board spans {count} sheets ({cols} × {rows}), printed on its side; assembled it measures {width} × {height} mm.\n1. Print every sheet at 100 % and trim the outer margins, keeping the overlaps.\n2. Lay neighbouring sheets {overlap} mm over each other so the cross marks meet, and glue.\n3. Turn the board as the diagram shows, so the card slots stand upright.",
    },
    "pnp_kit": {"ja": "プリント＆プレイ キット", "en": "Print-and-play kit"},
    "component": {"ja": "コンポーネント", "en": "Component"},
    "stock": {"ja": "用紙", "en": "Paper / stock"},
    "checklist": {"ja": "内容物チェックリスト", "en": "Checklist of components"},
    "at_a_glance": {"ja": "各部の見本（1ページ目）", "en": "What each part looks like (its first page)"},
    "stock_cards": {"ja": "厚手の紙（160〜220 g/m²）に両面印刷", "en": "160–220 gsm card, printed double-sided"},
    "stock_cards_single": {"ja": "厚手の紙（160〜220 g/m²）に片面印刷", "en": "160–220 gsm card, one side"},
    "stock_board": {
        "ja": "厚手の紙（160 g/m²以上）、台紙に貼ると丈夫",
        "en": "160 gsm card or more; mount on board for strength",
    },
    "stock_paper": {"ja": "普通紙（80 g/m²）", "en": "Plain 80 gsm paper"},
    "steps_cards_duplex": {
        "ja": "両面印刷（{edge}とじ）で印刷する。|裏が1 mm以上ずれるときは、位置合わせシート（{page}ページ）で裏を動かす量を求める。|カットガイドに沿って切り離す。",
        "en": "Print double-sided, flipping on the {edge} edge.|If backs are off by 1 mm or more, the calibration sheet (page {page}) tells you how far to move them.|Cut along the guides.",
    },
    "stock_calibration": {"ja": "カードと同じ用紙に両面印刷", "en": "The card you print the cards on, double-sided"},
    "steps_calibration": {
        "ja": "カードより先に印刷し、シートの手順に従う。プリンターが裏面をどれだけずらすかがわかる。",
        "en": "Print it before the cards and follow the steps on it: it shows how far your printer shifts the backs.",
    },
    "blank_page": {"ja": "このページは意図的に白紙にしています", "en": "This page is intentionally blank"},
    "blank_pages": {
        "ja": "{pages}ページは意図的に白紙です。キット全体を両面印刷すると、カードの表と裏が同じ紙の表裏に刷られます。",
        "en": "Page {pages} is intentionally blank, so that printing the whole kit double-sided puts every card sheet's back behind its front.",
    },
    "blank_pages_many": {
        "ja": "{pages}ページは意図的に白紙です。キット全体を両面印刷すると、カードの表と裏が同じ紙の表裏に刷られます。",
        "en": "Pages {pages} are intentionally blank, so that printing the whole kit double-sided puts every card sheet's back behind its front.",
    },
    "steps_cards_gutterfold": {
        "ja": "片面に印刷する。|中央の破線で折り、のり付けする。|乾いたら切り離す。",
        "en": "Print one-sided.|Fold on the dashed centre line and glue.|When dry, cut the cards apart.",
    },
    "steps_cards_single": {
        "ja": "片面に印刷し、ガイドに沿って切り離す。",
        "en": "Print one-sided and cut along the guides.",
    },
    "steps_board": {
        "ja": "100%で印刷し、スケールバーが50 mmあることを確かめる。",
        "en": "Print at 100 % and check the scale bar measures 50 mm.",
    },
    "steps_tokens": {
        "ja": "破線の円に沿って切り抜く（丸型パンチが便利）。",
        "en": "Cut out along the dashed circles (a circle punch helps).",
    },
    "long": {"ja": "長辺", "en": "long"},
    "short": {"ja": "短辺", "en": "short"},
    "players_count": {"ja": "{min}〜{max}人用", "en": "{min}–{max} players"},
    "players_exact": {"ja": "{n}人用", "en": "{n} players"},
    "edition": {"ja": "日本語版", "en": "English edition"},
    "version": {"ja": "バージョン", "en": "Version"},
    "calibration_title": {"ja": "両面印刷の位置合わせシート", "en": "Duplex calibration sheet"},
    "calibration_front": {"ja": "表", "en": "Front"},
    "calibration_back": {"ja": "裏", "en": "Back"},
    "calibration_steps_kit": {
        "ja": "1. このページと次のページを、カードを刷る用紙に、カードと同じ設定で両面印刷する（{edge}とじ、100%）。|2. 光にかざし、各目盛りで裏の赤い線が重なる数字を読む（単位mm）。|3. 中央の2つの読みが、裏面を動かす量。裏面から見て、横の目盛りは右へ、縦の目盛りは下へ（マイナスは左・上へ）。|4. どちらも1 mm未満なら、そのままでよい。それ以上なら、プリンターの「裏面の印刷位置調整」（両面印刷の位置補正）にこの量を入れるか、印刷所に伝えてから、カードを印刷する。|5. 四隅の読みが中央と0.5 mm以上違うときは、プリンターが傾き・伸縮している。用紙ガイドを見直す。",
        "en": "1. Print this page and the next double-sided, on the card you will print the cards on, with the same settings ({edge}-edge flip, 100 %).|2. Hold the sheet to a light; at each scale read the number the red line on the back crosses (mm).|3. The two centre readings say how far to move the backs, as you look at the back: the across scale to the right, the up-and-down scale downwards (a minus: left, or up).|4. Under 1 mm each, print the cards as they are. Otherwise enter the readings in your printer's back-side (duplex) print position adjustment, or give them to your print shop, then print the cards.|5. If a corner reads 0.5 mm or more away from the centre, the printer skews or scales: check its paper guides.",
    },
    "calibration_steps": {
        "ja": "1. この2ページを、カードと同じ用紙・設定で両面印刷する（{edge}とじ、100%）。|2. 光にかざし、各目盛りで裏の赤い線が重なる数字を読む（単位mm）。|3. 中央の読み X, Y を pnpkit build … --back-offset X,Y に渡す（kit.yaml の print: back_offset でも可）。|4. 四隅の読みが中央と0.5 mm以上違うときは、プリンターが傾き・伸縮している。用紙ガイドを見直す。",
        "en": "1. Print both pages double-sided on the card you will use ({edge}-edge flip, 100 %).|2. Hold the sheet to a light; at each scale read the number the red line on the back crosses (mm).|3. Pass the centre readings X, Y as pnpkit build … --back-offset X,Y (or print: back_offset in kit.yaml).|4. If a corner reads 0.5 mm or more away from the centre, the printer skews or scales: check its paper guides.",
    },
    "game_ends": {"ja": "ゲーム終了", "en": "The game ends when"},
    "winner": {"ja": "勝者", "en": "Winner"},
    "tie_break": {"ja": "同点のとき", "en": "Ties"},
    "instant": {"ja": "即時", "en": "At once"},
    "until_event": {"ja": "次の攻撃まで", "en": "Until the next attack"},
    "until_events": {"ja": "{n}回の攻撃まで", "en": "Until {n} attacks have passed"},
    "until_trigger": {"ja": "{trigger}まで", "en": "Until {trigger}"},
    "count_unit": {"ja": "{n}{unit}", "en": "{n} {unit}"},
    "list_separator": {"ja": "・", "en": ", "},
    "open_questions": {"ja": "未決事項", "en": "Open questions"},
    "open_question": {"ja": "項目", "en": "What is open"},
    "open_note": {"ja": "ルールブックの状況", "en": "What the rulebook says"},
    "not_said": {"ja": "記載なし", "en": "Nothing"},
    "unspecified": {"ja": "未定（未決事項を参照）", "en": "Not decided (see Open questions)"},
    "continued": {"ja": "{name}（続き）", "en": "{name} (continued)"},
    "countdown_note": {
        "ja": "残りの数を上に向けて置き、1つ減るたびに回す",
        "en": "turn it so the count left is on top",
    },
    "also_need": {"ja": "別途ご用意ください：{things}", "en": "You also need: {things}"},
    "need_groups": {"ja": "、", "en": "; "},
    "need_nothing": {
        "ja": "このキットのほかに用意するものはありません",
        "en": "You need nothing else: everything is in this kit",
    },
    "need_dice": {"ja": "{sides}面ダイス{n}個", "en": "a {sides}-sided die"},
    "need_dice_many": {"ja": "{sides}面ダイス{n}個", "en": "{n} {sides}-sided dice"},
    "need_pencil": {"ja": "鉛筆{n}本", "en": "a pencil"},
    "need_pencil_many": {"ja": "鉛筆{n}本", "en": "{n} pencils"},
    "need_eraser": {"ja": "消しゴム{n}個", "en": "an eraser"},
    "need_eraser_many": {"ja": "消しゴム{n}個", "en": "{n} erasers"},
    "need_scissors": {"ja": "はさみ", "en": "scissors"},
    "need_scissors_many": {"ja": "はさみ{n}本", "en": "{n} pairs of scissors"},
    "need_glue": {"ja": "のり", "en": "glue"},
    "need_glue_many": {"ja": "のり{n}本", "en": "{n} glue sticks"},
    "need_sleeves": {"ja": "カードスリーブ{n}枚", "en": "a card sleeve"},
    "need_sleeves_many": {"ja": "カードスリーブ{n}枚", "en": "{n} card sleeves"},
    "need_coin": {"ja": "コイン{n}枚", "en": "a coin"},
    "need_coin_many": {"ja": "コイン{n}枚", "en": "{n} coins"},
    "need_timer": {"ja": "タイマー{n}個", "en": "a timer"},
    "need_timer_many": {"ja": "タイマー{n}個", "en": "{n} timers"},
    "need_named_many": {"ja": "{thing}×{n}", "en": "{n} × {thing}"},
    "need_each": {"ja": "各自に{thing}", "en": "{thing} for each player"},
}


class Strings:
    """A table of UI words: `tr("key", lang, n=3)` looks a word up and fills its `{fields}`.

    Games do not copy shared words: `tr = SHARED.extend({...})` gives a table that
    holds only the game's own words and falls back to the shared ones. A key may
    live in one table only, so the same word never drifts apart in two places.
    """

    def __init__(self, table: dict[str, dict[str, str]], parent: Strings | None = None):
        if parent is not None:
            clash = sorted(key for key in table if key in parent)
            if clash:
                raise ValueError(f"already shared, use the shared word or a new key: {', '.join(clash)}")
        self.table = table
        self.parent = parent

    def __contains__(self, key: str) -> bool:
        return key in self.table or (self.parent is not None and key in self.parent)

    def extend(self, table: dict[str, dict[str, str]]) -> Strings:
        """A game's own words on top of these."""
        return Strings(table, self)

    def entry(self, key: str) -> dict[str, str]:
        if key in self.table:
            return self.table[key]
        if self.parent is None:
            raise KeyError(key)
        return self.parent.entry(key)

    def __call__(self, key: str, lang: str, **values: object) -> str:
        entry = self.entry(key)
        text = entry.get(lang) or entry["en"]
        return text.format(**values) if values else text


SHARED = Strings(STRINGS)
tr = SHARED
"""The shared words; a game module rebinds `tr` to `SHARED.extend(its own words)`."""


def players_line(players: Players, lang: str) -> str:
    """How many play, the same way on every page of every kit: "2–4 players", "2〜4人用", "2 players"."""
    if players.min == players.max:
        return tr("players_exact", lang, n=players.min)
    return tr("players_count", lang, min=players.min, max=players.max)


def duration_text(duration: Duration | None, lang: str) -> str:
    """How long an effect lasts: "At once", "2 turns", "Until the next attack"."""
    if duration is None:
        return tr("instant", lang)
    if duration.unit == "until" and duration.until is not None:
        return tr("until_trigger", lang, trigger=duration.until.get(lang))
    if duration.unit == "event":
        return tr("until_event", lang) if duration.count == 1 else tr("until_events", lang, n=duration.count)
    unit = tr(duration.unit if duration.count == 1 else f"{duration.unit}s", lang)
    return tr("count_unit", lang, n=duration.count, unit=unit)


def joined(items: list[str], lang: str) -> str:
    """A list in running text: "Fire, Water" or "火・水"."""
    return tr("list_separator", lang).join(items)


DIE_WORDS = {4: "four", 6: "six", 8: "eight", 10: "ten", 12: "twelve", 20: "twenty"}
"""How English names the common dice: "a six-sided die"."""


def need_text(need: Need, lang: str) -> str:
    """One thing to bring, in running text: "2 six-sided dice", "鉛筆1本", "a pencil"."""
    if need.item is not None:
        key = f"need_{need.item}" + ("_many" if need.count > 1 else "")
        sides = DIE_WORDS.get(need.sides, need.sides) if lang == "en" else need.sides
        thing = tr(key, lang, n=need.count, sides=sides)
    else:
        assert need.name is not None
        thing = need.name.get(lang)
        if need.count > 1:
            thing = tr("need_named_many", lang, thing=thing, n=need.count)
    return thing


def needs_line(needs: list[Need], lang: str) -> str:
    """The contents page's "You also need: …" line, what the table shares first and then what each player needs;
    it says so when the kit holds everything."""
    if not needs:
        return tr("need_nothing", lang)
    shared = [need_text(need, lang) for need in needs if need.per == "shared"]
    each = [need_text(need, lang) for need in needs if need.per == "player"]
    groups = ([joined(shared, lang)] if shared else []) + (
        [tr("need_each", lang, thing=joined(each, lang))] if each else []
    )
    return tr("also_need", lang, things=tr("need_groups", lang).join(groups))
