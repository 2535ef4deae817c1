"""What the proofreader's later codes mean (PK373, PK371, PK370), for `pnpkit codes CODE`: kept apart from
`explanations.py` so each file stays small."""

from __future__ import annotations

from .explanation import Explanation

PROOFREAD: dict[str, Explanation] = {
    "PK373": Explanation(
        "A note, not a fault: the proofreader reads Japanese and English, with word lists and a dictionary for "
        "each. In an edition of another language it skips the checks that read prose (numbers and facts in "
        "sentences, claims, ties, signs, quoted names, slips), and says so once per edition. The kit's model, "
        "names, placeholders, markup and characters are checked in every language.",
        "languages: [en, de]\n",
        "Proofread that edition's text by hand. The note fails nothing; silence it with an `ignore:` entry once "
        "you have.",
    ),
    "PK371": Explanation(
        "A slip a proofreader marks: two items of one list under one number (two headings numbered '1.'), a small "
        "kana that cannot stand where it is (a word starting with ェ), half-width katakana among full-width, a "
        "character written twice over (「1つづず」 for 1つずつ, 「をを」, 'the the'), or a name written without its "
        "middle dot (エレメントシフト for エレメント・シフト). Correct text never needs any of them.",
        "rules:\n  sections:\n    - title: {ja: 1. 準備, en: 1. Setup}\n      text: {ja: 各自が1つづず取る。, en: Each "
        "takes one.}\n    - title: {ja: 1. 手番, en: 1. A turn}\n      text: {ja: 1枚引く。, en: Draw a card.}\n",
        "Correct the character or the number. If the text means it, write it as the kit writes it elsewhere.",
    ),
    "PK370": Explanation(
        "A heading and its body disagree on a sign or a unit: a heading of '−10' over a body that says '10 points' "
        "(is it a loss or a gain?), a card of `points: -10` whose text says 「10点」, or a loss for a group of cards "
        "(「全てまとめてマイナス」) that never says whether it counts once or per card. Players read the heading first.",
        "rules:\n  sections:\n    - title: {ja: 得点, en: Scoring}\n      bullets:\n"
        "        - {ja: 「呪い」−10：呪いのカード1枚につき10点。, en: 'Curse −10: 10 points for each curse card.'}\n",
        "Give the body the heading's sign ('lose 10 points', 「10点を失う」), or correct the heading.",
    ),
}
