"""What each finding code means, for `pnpkit codes CODE`: why it is a problem, a bad example and the fix.

Each bad example is YAML as a designer writes it. Most are whole top-level fields of a `game: generic` kit
(`rules:`, `decks:`, `title:` …), or of Element Shift for its own codes, so a test can put each in place of
the kit's own field and see the code raised (tests/test_control.py says which).

Game codes without an entry here fall back to their title and their rule model (`explain`).
"""

from __future__ import annotations

from .explanation import Explanation
from .explanations_components import COMPONENTS
from .explanations_proofread import PROOFREAD

__all__ = ["EXPLANATIONS", "Explanation", "explain"]


EXPLANATIONS: dict[str, Explanation] = {
    # ------------------------------------------------------------ PK1xx: reading the files
    "PK101": Explanation(
        "The file is not valid YAML, so nothing in it can be read; the place is where the parser gave up, "
        "which may be a line or two after the mistake.",
        "title: {ja: 月夜のトリック, en: Moonlit Tricks   # the closing } is missing\n",
        "Close the bracket or quote, or indent the line like its neighbours. A value holding `: ` or "
        "starting with `*`, `&`, `!` or `{` must be quoted.",
    ),
    "PK102": Explanation(
        "A key written twice in one mapping: YAML would keep one value silently, so pnpkit refuses both. "
        "In a table, two columns that set the same field.",
        "players: {min: 2, max: 3, max: 4}\n",
        "Keep one of the two; the message names the line of the first.",
    ),
    "PK103": Explanation(
        "A YAML file over 8 MB or with more than 250,000 values (400,000 in a whole kit), or a table over its size "
        "limit: pnpkit refuses it rather than spend the machine's memory on it.",
        "# decks.yaml: 9 MB of cards, or a cards.csv far over the limit\n",
        "Split the cards over several files (`cards: [{file: a.csv}, {file: b.csv}]`), or remove what the "
        "kit does not print.",
    ),
    "PK104": Explanation(
        "Values nested more than 64 levels deep. No kit needs that; a file that does is broken or hostile.",
        "players: " + "[" * 65 + "2" + "]" * 65 + "\n",
        "Flatten the structure; a kit is a few levels deep.",
    ),
    "PK105": Explanation(
        "Aliases (`*name`) that expand to more than 100,000 values (an 'alias bomb'): reading them would "
        "eat the machine.",
        "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
        "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
        "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
        "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
        "f: [*e, *e]\n",
        "Write the values out, or use few aliases for small things.",
    ),
    "PK106": Explanation(
        "The file is not UTF-8 (a CSV that is neither UTF-8 nor Shift-JIS): its characters cannot be read "
        "for sure. The place is the first byte that does not decode.",
        "# rules.yaml saved as Shift-JIS or UTF-16 by an editor\n",
        "Save the file as UTF-8 (a spreadsheet as 'CSV UTF-8'). A BOM and Windows line ends are fine.",
    ),
    "PK107": Explanation(
        "A file the kit names (an included file, a picture, a font, a card file) does not exist.",
        "cover_image: art/cover.png   # no art/cover.png in the kit\n",
        "Create the file, or correct the name; names are relative to the kit directory and case matters.",
    ),
    "PK108": Explanation(
        "A file named by a path that leaves the kit directory (`..`, an absolute path, or a link out): the "
        "kit would not be self-contained, and a kit from elsewhere could read your files.",
        "cover_image: ../shared/cover.png\n",
        "Copy the file into the kit and name it relative to kit.yaml.",
    ),
    "PK109": Explanation(
        "kit.yaml and every included file must be a mapping of top-level fields; a YAML card file must be "
        "a list of cards.",
        "# decks.yaml, included from kit.yaml, holds a bare list:\n- id: tricks\n  name: {ja: トリック, en: Tricks}\n",
        "Put the list under its field (`decks:`), or name a file of cards in its deck: `cards: cards.yaml`.",
    ),
    "PK110": Explanation(
        "A top-level field set in two kit files: which one wins would depend on the order of `include:`. "
        "`id`, `game` and `include` belong to kit.yaml alone.",
        '# kit.yaml\nversion: "0.3"\n# rules.yaml\nversion: "0.4"\n',
        "Keep each top-level field in one file.",
    ),
    "PK111": Explanation(
        "A YAML tag (`!something`, `!!python/...`): pnpkit reads plain values only, so a tag cannot run "
        "code or change a value's meaning.",
        "players: !custom {min: 2, max: 3}\n",
        "Remove the tag and write the plain value.",
    ),
    "PK112": Explanation(
        "A file named twice in kit.yaml's `include:` list (or kit.yaml naming itself): its fields would be "
        "defined twice over. pnpkit reads each file once and points at the first entry.",
        "include:\n  - rules.yaml\n  - decks.yaml\n  - rules.yaml\n",
        "List each file once.",
    ),
    # ------------------------------------------------------------ PK2xx: the schema
    "PK201": Explanation(
        "A field the model does not have, usually a typo; it would be ignored, so pnpkit refuses it and "
        "suggests the nearest field.",
        "titel: {ja: 月夜のトリック, en: Moonlit Tricks}\n",
        "Spell the field as the hint says, or remove it. `pnpkit schema` gives editors every field.",
    ),
    "PK202": Explanation(
        "A field the model needs is missing; the place is the mapping that lacks it.",
        "players: {min: 2}\n",
        "Add the field the message names.",
    ),
    "PK203": Explanation(
        "A value of the wrong type or out of range: text for a number, a length without a unit, an unknown "
        "colour or card size, a choice that is not offered.",
        "players: {min: 2, max: three}\n",
        "Write the value the hint describes: `max: 3`, `63mm` (not `63`), `#2f5f9e`.",
    ),
    "PK204": Explanation(
        "`game:` names no rule model pnpkit has.",
        "game: trick-taking\n",
        "Use one of the games the message lists; `game: generic` prints any game described in YAML.",
    ),
    # ------------------------------------------------------------ PK3xx: checks every kit gets
    "PK301": Explanation(
        "With `--strict-translations` (a release build), a text lacks one of the languages the kit ships: that "
        "edition would print the text in its fallback language. Without the flag the gaps are counted instead, "
        "one PK372 warning per edition.",
        "title: {ja: 月夜のトリック}   # the kit ships [ja, en]\n",
        "Add the missing language next to the others.",
    ),
    "PK372": Explanation(
        "An edition lacks some of the kit's texts: each prints in the edition's fallback language (the one "
        "`languages:` names, as in `{de: {fallback: en}}`; else English where the kit ships it, else the kit's "
        "first language), in a font that draws it (docs/languages.md). One warning per edition counts the gaps and "
        "names the first places; `--strict-translations` makes each gap an error (PK301) for a release build.",
        "languages: [ja, en, de]   # the cards have no `de:` text yet\n",
        "Translate the texts the warning names (a `de:` key, or a `title.de` column of a table), or leave them "
        "in the fallback language while the edition is a draft.",
    ),
    "PK302": Explanation(
        "A `{placeholder}` that names no parameter: it would print as `{name}`.",
        "rules:\n  sections:\n    - title: {ja: 準備, en: Setup}\n"
        '      text: {ja: "各プレイヤーに{hand_sise}枚配る。", en: "Deal {hand_sise} cards to each player."}\n',
        "Use a name the hint lists (`parameters:`, `{players_min}`, `{players_max}`, `{cards_<deck>}`), or "
        "add the parameter.",
    ),
    "PK304": Explanation(
        "Two things of one kind share an id (or a parameter takes a name the kit already uses): a "
        "reference to it would be a guess.",
        "decks:\n  - id: tricks\n    name: {ja: トリックカード, en: Trick cards}\n    cards:\n"
        "      - {id: comet, title: {ja: 彗星, en: Comet}}\n      - {id: comet, title: {ja: 流星, en: Meteor}}\n",
        "Give each its own id.",
    ),
    "PK305": Explanation(
        "A reference to something that does not exist: a template, a label, a list, a workbook sheet, a "
        "generated rule table.",
        "decks:\n  - id: tricks\n    name: {ja: トリックカード, en: Trick cards}\n"
        "    template: suit-crad          # the template is suit-card\n    cards:\n"
        "      - {id: comet, fill: {title: {ja: 彗星, en: Comet}}}\n",
        "Use one of the names the hint lists, or define the missing one.",
    ),
    "PK307": Explanation(
        "Text holds a character no font can print: one neither the chosen font nor any font pnpkit ships has (an "
        "emoji prints as an empty box; a character only the chosen font lacks is drawn from a shipped font), or a "
        "control, bidi or separator character (NUL, ESC, U+202E, U+2028) that would print as nothing, reorder the "
        "text or break the SVG. Control characters are found when the kit is read; missing glyphs when it is laid "
        "out, on cards, the cover, footers and titles alike.",
        "rules:\n  sections:\n    - title: {ja: 準備, en: Setup}\n"
        "      text: {ja: 🌙のトークンを配る。, en: Deal the 🌙 tokens.}\n",
        "Replace the character (retype text that was pasted), draw it as an icon (`{moon}`), or choose a font that "
        "has it.",
    ),
    "PK366": Explanation(
        "Text a typesetter would not sign. Japanese text breaks its lines between phrases (BudouX reads them): never "
        "inside a word, a number with its unit or a bracket; a phrase wider than its whole line cannot stay whole, "
        "so it breaks inside. A table cell in a column too narrow for its phrases starves: Japanese breaks into "
        "lines of 1–4 characters, English sets a word to a line (the layout widens such a column from the others, "
        "or sets the table across the page; this is what even that cannot mend). A card's text keeps 1 mm from a pill over it, and 1 mm more than "
        "its own line gap from a footer under it, or the footer reads as one more line of it (the layout sets the "
        "text smaller or closer first). Found when the kit is laid out.",
        "        - {name: effect, kind: text, box: [5mm, 60mm, 20mm, 20mm], size: 9, min_size: 7}\n"
        "      # and a card: effect: {ja: エレメントファイアストームクリスタルを得る。}\n",
        "Widen the box, shorten the phrase or the text, or allow a smaller `min_size`; for a table, shorten its cells "
        "or give it fewer columns. Where the setting reads well as it is, silence it at that place with an `ignore:` "
        "entry and the reason.",
    ),
    "PK367": Explanation(
        "Two texts print over each other on a card or sheet: neither can be read. Found when the kit is laid out, "
        "whatever laid the text out (a template region, a board label, a game's own drawing).",
        "        - {name: flavour, kind: text, box: [14.5mm, 4mm, 44.5mm, 8mm]}   # the title's box\n",
        "Move one of the regions, or give them boxes that do not overlap.",
    ),
    "PK368": Explanation(
        "A text crowds the edge of the box or circle drawn round it (less than 1 mm of clear paper at the ends of "
        "its line, 0.5 mm for a letter or number in a chip, 0.3 mm above and below), or runs into a box or circle "
        "beside it. A badge that sits on a panel's edge is no finding: its own ground hides the edge. Found when "
        "the kit is laid out, whatever drew the text and the shapes.",
        "        - {name: title_band, kind: panel, box: [2.5mm, 2.5mm, 58mm, 11mm]}\n"
        "        - {name: title, kind: text, box: [14.5mm, 8mm, 44.5mm, 8mm]}   # half off the band\n",
        "Move the text into its box with room to spare, make the box larger, or set the text smaller.",
    ),
    "PK369": Explanation(
        "The title a deck's `back:` gives cannot fit on the back of its cards even at the readable floor, on a "
        "plate across the whole card or laid along a tall one: the backs print without it. pnpkit's own words on "
        "a back (the kit's title, a deck's name) leave themselves out on a small card without a finding; a title "
        "you wrote is told once, at its line. Found when the kit is laid out.",
        "decks:\n  - id: roads\n    template: road          # a 30 × 7 mm piece\n"
        "    back: {title: {ja: 街道, en: The Long Roads of the Island}}\n",
        "Shorten the back's title, or leave `title:` out of `back:` on pieces this small.",
    ),
    "PK309": Explanation(
        "Text does not fit its box even at the smallest size allowed, or a line set at a fixed place (the cover's "
        "title, subtitle, version and credits, a page title, a footer) is wider than its room: it would be cut off. "
        "Found when the kit is laid out; the message gives the overflow in mm.",
        "        - {name: title, kind: text, box: [14.5mm, 4mm, 44.5mm, 8mm], size: 10, min_size: 7, lines: 1}\n"
        "      # and a card: title: {en: The Very Long-Named Comet of the Moonlit Night}\n",
        "Shorten the text, give the region a larger box or more `lines:`, or a smaller `min_size` "
        "(not below 6 pt for Latin text, 7 pt for Japanese).",
    ),
    "PK311": Explanation(
        "A deck with no cards to print (none listed, or every one with `count: 0`).",
        "decks:\n  - id: tricks\n    name: {ja: トリックカード, en: Trick cards}\n    cards: []\n",
        "Add cards, or remove the deck.",
    ),
    "PK312": Explanation(
        "A name mixes katakana and kanji that print almost alike (カ/力, ロ/口, エ/工, ニ/二, ー/一, ト/卜): "
        "usually a typo that players will read as another word.",
        "decks:\n  - id: tricks\n    name: {ja: トリックカ一ド, en: Trick cards}   # 一 (kanji one) for ー\n"
        "    cards:\n      - {title: {ja: 彗星, en: Comet}}\n",
        "Type the character the hint suggests.",
    ),
    "PK313": Explanation(
        "Two names read the same once width, case, spaces and `・` are ignored (ファイア・ボール and "
        "ファイアボール): players cannot tell them apart.",
        "tokens:\n  name: {ja: トークン, en: Tokens}\n  diameter: 16mm\n  markers:\n"
        '    - {id: lead, name: {ja: リード, en: Lead}, count: 1, colour: "#2b2b33"}\n'
        '    - {id: lead-2, name: {ja: リ－ド, en: LEAD}, count: 1, colour: "#2b2b33"}\n',
        "Rename one of them.",
    ),
    "PK314": Explanation(
        "An ordered list (a tie-break order, a phase order) must hold every known entry exactly once: one "
        "listed twice, one unknown, or one left out leaves a case the rules do not decide.",
        "play:\n  scoring:\n    categories:\n      - {id: points, name: {ja: 得点, en: Points}}\n"
        "      - {id: bids, name: {ja: 宣言, en: Bids}}\n      - {id: leads, name: {ja: リード, en: Leads}}\n"
        "    tie_break: [points, bids, points]   # 'points' twice, 'leads' left out\n",
        "List each known entry once, most important first.",
    ),
    "PK315": Explanation(
        'Two numbers the rules state separately disagree: a hand limit of 6 with "discard down to 5" keeps 6 '
        "cards for a player at the limit but only 5 for one a card over it.",
        "play:\n  hand_limit: {limit: 6, checked: end-of-turn, discard_to: 5}\n",
        "Make the two agree; better, state the number once and derive the other.",
    ),
    "PK316": Explanation(
        "A choice that offers fewer than two options is not a choice.",
        "play:\n  choices:\n    - id: bid\n      name: {ja: 宣言, en: Bid}\n      options:\n"
        "        - {ja: 勝つ, en: Win}\n",
        "Give at least two options, or write it as a fixed effect.",
    ),
    "PK317": Explanation(
        "Two recipes of one category use the same inputs, compared as unordered sets (fire + water is "
        "water + fire): the rules cannot say which one a player makes.",
        "play:\n  recipes:\n    - {id: steam, name: {ja: 蒸気, en: Steam}, category: attack, inputs: [fire, water]}\n"
        "    - {id: mist, name: {ja: 霧, en: Mist}, category: attack, inputs: [water, fire]}\n",
        "Change the inputs of one of them.",
    ),
    "PK318": Explanation(
        "Recipes of different categories share their inputs: legal, but the player must say which one they "
        "play (a warning).",
        "play:\n  recipes:\n    - {id: steam, name: {ja: 蒸気, en: Steam}, category: attack, inputs: [fire, water]}\n"
        "    - {id: fog-wall, name: {ja: 霧の壁, en: Fog Wall}, category: defence, inputs: [water, fire]}\n",
        "Say in the rules how a player declares which one they play, or change the inputs.",
    ),
    "PK319": Explanation(
        "A way the game can end does not say who wins a tie: players would argue at the end of every close game.",
        "end_conditions:\n  - id: last-round\n"
        '    when: {ja: "{rounds}ラウンド目が終わった。", en: "Round {rounds} is over."}\n'
        "    winner: {ja: 得点が最も多いプレイヤー, en: The player with the most points}\n",
        "Add `tie_break:` (who wins a tie, or that the tied players share the win).",
    ),
    "PK320": Explanation(
        "An effect acts on something it cannot act on (a steal aimed at yourself), or does not say how much.",
        "combos:\n  - id: firestorm\n    kind: attack\n    name: {ja: ファイアストーム, en: Firestorm}\n"
        "    elements: [fire, wind]\n    effect:\n      action: steal\n      target: self\n      cells: 2\n"
        '      text: {ja: "敵の領地を{cells}マス奪う。", en: "Take {cells} cells of enemy territory."}\n',
        "Use a target the hint lists, and give the amount (`cells:`).",
    ),
    "PK321": Explanation(
        "A picture that is not PNG or JPEG (SVG too where a card region takes art): pnpkit cannot place it.",
        "cover_image: rules.yaml   # not a picture\n",
        "Convert it to PNG.",
    ),
    "PK322": Explanation(
        "A picture prints below 300 ppi where it is placed: it will look soft (a warning; under 150 ppi is PK501).",
        "cover_image: art/cover.png   # 600 × 400 px, printed 150 mm wide: about 100 ppi\n",
        "Use a larger picture: 300 ppi at its printed size (about 1,800 px for 150 mm).",
    ),
    "PK323": Explanation(
        'A number stated next to its unit ("3マス", "2 cards", "1 cycle") disagrees with the model it '
        'describes. Where an effect changes a usual number, "normally N" must be the usual number, '
        '"N more" the change, and any other "N cards" the number now: usual ± change.',
        "events:\n  - id: blessing\n    name: {ja: 大地の恵み, en: Earth's Blessing}\n    effect:\n"
        "      action: draw-more\n      target: all-players\n      cards: 1\n"
        "      duration: {count: 1, unit: turn, scope: all}\n      text:\n"
        "        ja: 次のターン、全員が通常の2枚ではなく4枚引く。   # 2 + 1 is 3\n"
        "        en: On their next turn, every player draws {cards} more card.\n",
        "Write the numbers as placeholders (`{cards}`), or correct the text or the model.",
    ),
    "PK324": Explanation(
        "A card larger than the paper less its 5 mm margins: it cannot be printed whole.",
        "decks:\n  - id: tricks\n    name: {ja: トリックカード, en: Trick cards}\n"
        "    size: {width: 300mm, height: 200mm}\n    cards:\n      - {title: {ja: 彗星, en: Comet}}\n",
        "Use a smaller card size, or draw the thing as a board or a sheet.",
    ),
    "PK325": Explanation(
        "A row of a rule table has more or fewer cells than the table has columns: a cell would be dropped "
        "or the row misaligned.",
        "rules:\n  sections:\n    - title: {ja: 得点, en: Scoring}\n      table:\n"
        "        columns: [{ja: 条件, en: When}, {ja: 得点, en: Points}]\n        rows:\n"
        "          - [{ja: 宣言どおり, en: Exact bid}]\n",
        "Give every row one cell per column.",
    ),
    "PK326": Explanation(
        "Printed text smaller than can be read: below 6 pt for Latin text, 7 pt for Japanese (a card drawn "
        "scaled down scales its text too). Found when the kit is laid out.",
        "        - {name: flavour, kind: text, box: [5mm, 77mm, 53mm, 7mm], size: 5, min_size: 4}\n",
        "Make the text larger, shorter, or give it more room.",
    ),
    "PK327": Explanation(
        "A component the kit asks for has no pages: its PDF would be empty, which printers and viewers refuse, and "
        "the kit book would list a part that is not there. Usually the file that declares it is missing from "
        "kit.yaml's `include:` list, or its list is empty. Found when the kit is laid out.",
        "decks: []   # or decks.yaml left out of kit.yaml's include: list\n",
        "Give the component something to print (a deck with cards, a sheet, a token), or list the file that "
        "declares it under `include:`.",
    ),
    "PK330": Explanation(
        "An `ignore:` entry that silences nothing: the finding it was written for has gone or moved, and a "
        "stale entry could one day silence something else.",
        'ignore:\n  - {code: PK333, id: comet, why: "a line of dialogue"}   # the card comet is gone\n',
        "Remove the entry, or correct its place: `pnpkit validate` prints each finding's file:line:col and "
        "path; name it by `id:`, a `path:` with ids or `text:`, which do not move when cards do.",
    ),
    "PK331": Explanation(
        "An `ignore:` entry that cannot be used: it gives no reason (`why:`), names no place or one pnpkit "
        "cannot read, an unknown code, or a code that may never be silenced (reading and schema errors, and "
        "the few others that mean the kit cannot be printed).",
        "ignore:\n  - {code: PK346, at: rules.yaml:12}                  # no why:\n"
        '  - {code: PK201, at: kit.yaml:3, why: "an old field"}   # schema errors cannot be silenced\n',
        "Say why the finding is wrong here or accepted; fix the findings that cannot be silenced.",
    ),
    "PK332": Explanation(
        "A limited supply cannot cover what the rules allow: a player one short of a win who gains the most one "
        "turn allows needs more tokens than exist, and the rules do not say what happens then.",
        "play:\n  supplies:\n    - {id: stars, name: {ja: 星, en: Stars}, count: 8, per: player, win: 8, most_per_turn: 2}\n",
        "Make the supply at least the number the message gives, or check the win as soon as it is reached.",
    ),
    "PK333": Explanation(
        "Text quotes a name (「…」, “…”, or *Title Case* in italics) that nothing in the kit is called: a card, token "
        "or phase renamed, or a typo. Players look for a thing that does not exist.",
        "rules:\n  sections:\n    - title: {ja: 準備, en: Setup}\n      text:\n"
        "        ja: 最年少のプレイヤーが「リードマーク」を取る。\n        en: The youngest player takes the “Lead Mark”.\n",
        "Write the name as the kit defines it (the hint suggests the nearest), or define the thing.",
    ),
    "PK334": Explanation(
        'Text names a phase, step or zone ("エンドフェイズ", "End phase") the game does not declare, so players '
        "cannot tell when it happens. Checked once the kit declares phases (`play.phases`, or the game's own).",
        "rules:\n  sections:\n    - title: {ja: 終了, en: Ending}\n      text:\n"
        "        ja: エンドフェイズに得点を数える。\n        en: Count the points in the End phase.\n",
        "Name one of the declared phases, or declare the phase.",
    ),
    "PK335": Explanation(
        "The kit's glossary names this spelling as a variant of a preferred term; printing both makes players "
        "wonder whether they are two things (a warning).",
        "glossary:\n  - {term: トリック, variants: [スート]}\n",
        "Write the glossary's term.",
    ),
    "PK336": Explanation(
        "A term is written once, and a term one character away is written often (スタートプレーヤー beside "
        "スタートプレイヤー): probably a typo (a warning).",
        "rules:\n  sections:\n    - title: {ja: リード, en: Leading}\n      text:\n"
        "        ja: 最初のトリッグは親がリードする。   # トリック everywhere else\n"
        "        en: The dealer leads the first trick.\n",
        "Write the common spelling, or add the term to the glossary if both are meant.",
    ),
    "PK337": Explanation(
        "Over the longest game, setup and the draws each turn take more cards than the deck holds, and the rules do "
        "not reshuffle: the deck runs dry before the game can end.",
        "play:\n  length: {unit: round, max: 10}\n  piles:\n"
        "    - {id: deck, name: {ja: 山札, en: Deck}, holds: tricks, draws_per_turn: 1, reshuffle: never}\n",
        "Add cards, draw fewer, shorten the game, or say the discards are reshuffled.",
    ),
    "PK338": Explanation(
        "Setup deals more cards than the deck holds at some player count from the fewest to the most players.",
        "play:\n  piles:\n    - {id: deck, name: {ja: 山札, en: Deck}, holds: tricks, setup: {per_player: 5}}\n",
        "Deal fewer cards, add cards, or narrow the player count.",
    ),
    "PK339": Explanation(
        "A cap can never bind: a hand limit above the most cards a hand can hold, or a cap on a supply above what "
        "exists. Either the cap is a leftover or a number is wrong (a warning).",
        "play:\n  supplies:\n    - {id: stars, name: {ja: 星, en: Stars}, count: 5, per: player, cap: 6}\n",
        "Lower the cap below what can be reached, or remove it.",
    ),
    "PK340": Explanation(
        "The kit says the rulebook is silent here (`unspecified`). pnpkit never picks a reading silently: it is a "
        "warning, and a line in the kit book's open questions until it is decided.",
        "play:\n  piles:\n    - id: deck\n      name: {ja: 山札, en: Deck}\n      holds: tricks\n"
        "      reshuffle: {unspecified: the rulebook does not say what happens when the deck runs out}\n",
        "Decide it, write the decision, and record it in `errata:`.",
    ),
    "PK341": Explanation(
        "The kit encodes a rulebook as written (`as_written: true`), and leaves out a field whose default picks one "
        "reading of the rules: the rulebook did not choose it, so the kit should not either.",
        "as_written: true\nplay:\n  piles:\n    - {id: deck, name: {ja: 山札, en: Deck}, holds: tricks}\n",
        "Write the value the rulebook implies, or `unspecified` with a note.",
    ),
    "PK342": Explanation(
        "An effect fires on a schedule that puts its last firing at the end of the game's last round, just as the "
        "game ends. Whether it still fires before the winner is decided is not said: a lasting effect would never "
        "matter, an immediate one (a destroyed cell) could change the result.",
        "play:\n  length: {unit: round, max: 3}\n  effect_kinds: [event]\n  effects:\n"
        "    - {id: eclipse, name: {ja: 日食, en: Eclipse}, kind: event, timing: {every: 3, unit: round, at: end}}\n",
        "Say whether it fires in the last round (before the final count) or not, or end the game before it.",
    ),
    "PK343": Explanation(
        "The rules create a state that players must see on the table (a frozen card, a crater that blocks its "
        "neighbours for two rounds, a defence waiting for the next attack, a second position on another board), but "
        "the kit prints nothing that shows it, too few of it for every copy that can be in play at once, or no "
        "countdown for a state that ends by itself. Players at the table would have to remember it.",
        "play:\n  states:\n    - {id: frozen, name: {ja: 凍結, en: Frozen}, on: card, most: 2, per: player,\n"
        "       lasts: {count: 2, unit: round, scope: self}}\n",
        "Print a marker for it: tokens: markers: [{id: frozen, name: …, count: 6, countdown: 2}] (enough for every "
        "player, with a countdown for a state that lasts), or name the component that shows it in shown_by. A seed "
        "game's rule model derives these states from its own effects, zones and positions.",
    ),
    "PK344": Explanation(
        "An erratum settles how the game is played, but the rule section it names does not say so: players read "
        "rules in their section, not in the errata table at the end, so they would play by the old rule.",
        "rules:\n  sections:\n    - id: tricks\n      title: {ja: トリック, en: Tricks}\n      bullets:\n"
        "        - {ja: 彗星は切り札。, en: Comets are trumps.}\n"
        "errata:\n  - id: comets\n    topic: {ja: 彗星どうし, en: Two Comets}\n"
        "    as_written: {ja: 彗星が二枚出たときの勝ち負けがない。, en: Nothing says which of two Comets wins.}\n"
        "    resolution: {ja: 先に出した彗星が勝つ。, en: The first Comet played wins.}\n"
        "    section: tricks\n"
        '    ruling: {ja: 彗星どうしなら先に出した方が勝つ, en: "Between Comets, the first played wins"}\n',
        "Add the ruling to the section `section:` names, in the words `ruling:` quotes (every language, same "
        'placeholders), e.g. the bullet {ja: 彗星は切り札。彗星どうしなら先に出した方が勝つ。, en: "Comets are trumps. '
        'Between Comets, the first played wins."}; or change `ruling:` to quote the words the section already uses.',
    ),
    "PK345": Explanation(
        "A credit whose name is the game's own title (\"Rules: WIZARD'S ELEMENT COLLECTION\") credits nobody: the "
        "cover should name the person who designed the game.",
        "title: {ja: 月夜のトリック, en: Moonlit Tricks}\nauthor: 'Rules: Moonlit Tricks · kit: pnpkit'\n",
        "Name the designer. If the rulebook does not, say so: 'Rules: the rulebook's designer (not named in it)'.",
    ),
    "PK365": Explanation(
        'A rule table lists one row twice, or one combination twice in another order ("Fire + Water" and '
        '"Water + Fire"): a pair is a set, so the table gives it two results and players cannot tell which holds.',
        "rules:\n  sections:\n    - title: {ja: 組み合わせ, en: Combinations}\n      table:\n"
        "        columns: [{ja: 組み合わせ, en: Pair}, {ja: 効果, en: Effect}]\n        rows:\n"
        "          - [{ja: 火と水, en: Fire + Water}, {ja: 蒸気, en: Steam}]\n"
        "          - [{ja: 水と火, en: Water + Fire}, {ja: 霧, en: Mist}]\n",
        "Keep one row for each combination, whatever the order of its inputs.",
    ),
    "PK364": Explanation(
        "Two card designs of one deck share a title but their rules differ (a cost, a text): a rule or another card "
        "that names the card cannot say which, and players will argue. Designs that differ only in art or flavour "
        "(two jokers, a month's two chaff cards) are one card to the rules, and never a finding.",
        "decks:\n  - id: goods\n    name: {ja: 品物, en: Goods}\n    template: goods-card\n    cards:\n"
        "      - {id: saffron, title: {ja: サフラン, en: Saffron}, body: {ja: 2点。, en: 2 points.}}\n"
        "      - {id: saffron-2, title: {ja: サフラン, en: Saffron}, body: {ja: 3点。, en: 3 points.}}\n",
        "Give each design its own title, or make them one design with `count:` copies.",
    ),
    "PK346": Explanation(
        "The prose states a fact the kit states elsewhere with another number: a hand limit, the number to "
        "discard down to, the players, the cards dealt to each player, the rounds, what wins. Players read one "
        "and the other decides. A number that agrees, or that nothing else states, is never a finding.",
        "players: {min: 2, max: 4}\nplay:\n  hand_limit: {limit: 6, discard_to: 6}\nrules:\n  sections:\n"
        "    - title: {ja: 手番, en: A turn}\n"
        "      text: {ja: 手札が6枚を超えたら5枚になるまで捨てる。, en: Over 6 cards? Discard down to 5.}\n",
        "Make them one number and write it once: as a parameter, `{hand_limit}` in the text.",
    ),
    "PK347": Explanation(
        "The rules decide something by comparing (a battle's strengths, the most points, the first to a goal) "
        "and never say what equal values do. At the table, players then argue or guess. A declared comparison "
        "in `play.comparisons` needs a `tie:`, and a rule section that decides by comparing needs tie wording "
        "somewhere in it.",
        "play:\n  comparisons:\n    - {id: battle, name: {ja: 戦闘, en: Battle}, kind: battle}\n",
        "Say what a tie does: `tie: {ja: 両方の駒を破壊する。, en: Both pieces are destroyed.}`, or "
        "`tie: unspecified` while the rulebook is silent (an open question in the kit book).",
    ),
    "PK348": Explanation(
        'Rule prose claims what the model contradicts: "both players" in a game for three or more, or an effect '
        "the text says destroys while its kind is a freeze. Players follow the words; the model, the simulator "
        "and the other texts follow the data.",
        "players: {min: 2, max: 4}\nrules:\n  sections:\n    - title: {ja: 手番, en: A turn}\n"
        "      text: {ja: 両プレイヤーはカードを1枚引く。, en: Both players draw a card.}\n",
        "Name the players meant (every player, the attacker and the defender), or correct the model.",
    ),
    "PK349": Explanation(
        'An effect\'s words and its duration count time differently: "until your next turn" on an effect that '
        "lasts a round (a round is everyone's turn), words that make it last with no `duration:`, or a "
        "turn-long effect that fires at the end of a cycle, when whose turn it binds is not said.",
        "play:\n  effect_kinds: [freeze]\n  effects:\n    - id: frost\n      name: {ja: 霜, en: Frost}\n"
        "      kind: freeze\n      text: {ja: 次のターンまで動けない。, en: It cannot move until the end of the next turn.}\n"
        "      duration: {count: 1, unit: round, scope: opponent}\n      shown_by: frost\n",
        "Make the text's time word and the duration's unit the same, and give every lasting effect a `duration:`.",
    ),
    "PK350": Explanation(
        "Played out, draws find the deck empty before the game can end: players lose cards the rules assume they get.",
        "errata:\n  - id: deck\n    topic: {ja: 山札, en: Deck}\n    as_written: {ja: 記載なし, en: Nothing said}\n"
        "    resolution: {ja: 引けない, en: Draws are lost}\n    readings:\n      - id: deck-exhaustion\n"
        "        choices: [{id: no-reshuffle, name: {ja: 引けない, en: Lost}}, {id: reshuffle, name: {ja: 再構築, en: Reshuffle}}]\n"
        "        default: no-reshuffle\n",
        "Say what happens when the deck runs out (shuffle the discards into a new deck), add cards, or draw fewer.",
    ),
    "PK351": Explanation(
        "In play a player needs more of a supply than exists, so a legal move cannot be made with the pieces in the box.",
        "parameters: {tokens_per_player: 5}\n",
        "Put more in the supply, or say what happens when it runs out.",
    ),
    "PK352": Explanation(
        "Many played games end level at the top, and the end condition does not say who wins then.",
        "end_conditions:\n  - {id: last-round, when: …, winner: …, tie_break: unspecified}\n",
        "Give the end condition a tie_break: who wins, or that the tied players share the win.",
    ),
    "PK353": Explanation(
        "Played games do not reach an end within the move cap: the end conditions can fail to come.",
        "parameters: {territories_to_win: 99, max_cycles: 1000}\n",
        "Give the game a last round or turn that always comes.",
    ),
    "PK354": Explanation(
        "Seats win at rates further apart than the design accepts, and the 95 % intervals rule out chance.",
        "play: {seat_tolerance: 1}\n",
        "Even the seats out (compensation for later seats, a different start), or state the tolerance the design "
        "accepts in play.seat_tolerance (points between the best and the worst seat).",
    ),
    "PK355": Explanation(
        "An effect is drawn or fires when no turn follows, so what it does never happens.",
        "errata:\n  - id: last-shift\n    topic: …\n    as_written: …\n    resolution: …\n    readings:\n"
        "      - {id: last-shift, choices: [{id: drawn, name: …}, {id: skipped, name: …}], default: drawn}\n",
        "Say the effect does not fire after the last round, or end the game before it.",
    ),
    "PK356": Explanation(
        "A reading the kit declares has an id or a choice the game's playtest engine cannot play, so simulate ignores "
        "it.",
        "errata:\n  - id: x\n    topic: …\n    as_written: …\n    resolution: …\n    readings:\n"
        "      - {id: weather, choices: [{id: rain, name: …}, {id: sun, name: …}], default: rain}\n",
        "Use the engine's reading and choice ids (pnpkit simulate --format json lists them), or drop the reading.",
    ),
    "PK357": Explanation(
        "--simulate was asked for, but this game has no playtest engine, so nothing was played.",
        "game: generic\n",
        "Drop --simulate for this kit, or write an engine for its game (validator/playtest).",
    ),
    "PK358": Explanation(
        "A rule that can never apply: a win at more of a supply than a player can gain before the game's "
        "length runs out, or than exist. The game always ends another way, so the rule only misleads.",
        "play:\n  length: {unit: round, max: 3}\n  supplies:\n"
        "    - {id: stars, name: {ja: 星, en: Stars}, count: 20, per: player, win: 10, most_per_turn: 2}\n",
        "Lower the win, let players gain more a turn, lengthen the game, or make more of the supply.",
    ),
    "PK359": Explanation(
        "Two rules, or two words of one rule, disagree on whom or how it applies: an effect whose text says "
        'everyone while its target leaves some out; a draw "at random" the player chooses; "a random '
        'position" and "any position" in one rule. Each reader takes the half that suits them.',
        "rules:\n  sections:\n    - title: {ja: 敗北, en: Defeat}\n"
        "      text:\n        ja: 負けた駒はランダムな位置へ置き、その後任意の位置へ移動する。\n"
        "        en: The defeated piece goes to a random node, then moves to any node you like.\n",
        "Say which: decided by chance (how: dice, a shuffled deck) or chosen (by whom); make an effect's target "
        "and its words name the same players.",
    ),
    "PK360": Explanation(
        "A whole number of more than 15 digits. No count or size needs one, and Python cannot even read one of over "
        "4,300 digits, so pnpkit refuses it where it is written.",
        "parameters:\n  hand_size: 40000000000000000000   # a slip on the 0 key\n",
        "Write the number you meant; counts and sizes have smaller limits of their own (a count is at most 1000).",
    ),
    "PK361": Explanation(
        "One value longer than 20,000 characters (ten pages of prose), usually a pasted file or a quote left open. "
        "It is refused while reading, before anything measures or wraps it.",
        'rules:\n  sections:\n    - title: {ja: 準備, en: Setup}\n      text: {en: "… 20,001 characters …"}\n',
        "Shorten it, or split it over several paragraphs or sections.",
    ),
    "PK362": Explanation(
        "More of something than one kit may hold: cards in all decks (10,000), tokens on a sheet (1,000), track spaces "
        "(200), hex-board cells (2,000), a board or map over 1,500 mm a side, map nodes (300), island-art points "
        "(10,000), sheet-grid cells (2,500) or score-pad rows (200). Counted before layout, so a typo's extra zeros "
        "cost a finding, not minutes and gigabytes.",
        "tokens:\n  diameter: 16mm\n  per_player: 400   # meant 4\n  players:\n"
        '    - {name: {ja: 赤, en: Red}, colour: "#c0392b"}\n    - {name: {ja: 青, en: Blue}, colour: "#2e6da4"}\n'
        '    - {name: {ja: 緑, en: Green}, colour: "#2f8f4e"}\n',
        "Check the counts and sizes for a typo; split a larger game into several kits.",
    ),
    "PK363": Explanation(
        "More than 200 schema errors: the first 200 are listed and the rest counted, so a wrong or generated file is "
        "reported in a moment.",
        "# a file of 20,000 misspelt fields\n",
        "Fix the errors listed (often one mistake repeated), then validate again.",
    ),
    "PK450": Explanation(
        "A language tag (in `languages:`, `fonts: languages:` or as a key of a text) that is not a BCP 47 tag: a "
        "language code, then optionally a script and a region, joined by '-'. The tag names the edition and its "
        "output folder, so it is written as the standard spells it.",
        "languages: [en, de_DE]\ntitle: {en: Weather Walk, de_DE: Wetterwandern}\n",
        "Write the tag with '-' between its parts: `de`, `de-DE`, `pt-BR`, `zh-Hans`.",
    ),
    "PK451": Explanation(
        "The kit ships an edition in a language written right to left (Arabic, Hebrew, Persian, Urdu, Yiddish, or "
        "any tag whose script is Arab, Hebr, Thaa, Syrc, Nkoo, …). pnpkit lays text out left to right only, so "
        "that edition would print garbled; it is refused rather than printed wrong.",
        "languages: [en, ar]\n",
        "Ship the kit in left-to-right languages for now.",
    ),
    "PK452": Explanation(
        "The kit ships an edition in a script whose letters a shaping engine joins, stacks or reorders: "
        "Devanagari (hi, mr, ne), Bengali, Tamil, Thai, Lao, Khmer, Myanmar, Tibetan and the other Indic "
        "scripts. pnpkit draws one glyph per character, left to right, so vowel signs would stand in the wrong "
        "place and conjuncts would fall apart; the edition is refused rather than printed broken.",
        "languages: [en, hi]\n",
        "Ship the kit in scripts pnpkit sets (Latin, Greek, Cyrillic, Chinese, Japanese, Korean) for now.",
    ),
    **COMPONENTS,  # PK4xx and PK5xx: validator/explanations_components.py
    **PROOFREAD,  # PK371, PK370: validator/explanations_proofread.py
    # ------------------------------------------------------------ Element Shift and the shogi game (fragments: the other fields as before)
    "ES001": Explanation(
        "A combo, terrain or card names an element the kit does not define.",
        "combos:\n  - id: firestorm\n    elements: [fire, lava]\n",
        "Use one of the elements the hint lists.",
    ),
    "ES002": Explanation(
        "A board cell names a territory type (a row key or terrain id) that does not exist.",
        'board:\n  hex_size: auto\n  rows:\n    - "F N Q"\n',
        "Use a key of `board.key` or a terrain id.",
    ),
    "ES003": Explanation(
        "The element deck does not hold `cards_per_element` cards of each element.",
        "decks:\n  - id: elements\n    cards:\n      - {ref: water, count: 9}   # cards_per_element: 10\n",
        "Make each element's counts add up to the parameter.",
    ),
    "ES004": Explanation(
        "The board does not hold `cells_per_territory` cells of each territory type and one blocked centre.",
        'board:\n  rows:\n    - "N W X A W"   # a fire cell became water: 7 fire, 9 water\n',
        "Give each territory type the number of cells the parameter says.",
    ),
    "ES005": Explanation(
        "The board's cells fall apart into islands: territory could not spread across it.",
        "board:\n  hex_size: auto\n  cells:\n    - {q: 0, r: 0, terrain: centre}\n    - {q: 6, r: 0, terrain: fire}\n",
        "Join every cell to its neighbours.",
    ),
    "ES006": Explanation(
        "The blocked centre is missing, or not in the middle of the board.",
        'board:\n  rows:\n    - "X N W"   # the blocked cell in a corner\n',
        "Move it to the centre.",
    ),
    "ES007": Explanation(
        "A combo names one element twice; a combo is played with two different elements.",
        "combos:\n  - id: firestorm\n    elements: [fire, fire]\n",
        "Name two different elements.",
    ),
    "ES008": Explanation(
        "Two combos of one kind use the same element pair (pairs are unordered).",
        "combos:\n  - {id: firestorm, kind: attack, elements: [fire, wind]}\n"
        "  - {id: wildfire, kind: attack, elements: [wind, fire]}\n",
        "Change the pair of one of them.",
    ),
    "ES009": Explanation(
        "An attack and a defence combo share an element pair: the player must declare which one they play (a warning).",
        "combos:\n  - {id: earth-split, kind: attack, elements: [water, earth]}\n"
        "  - {id: mud-wall, kind: defence, elements: [earth, water]}\n",
        "Set `parameters.declare_shared_pairs: true` and say so in the rules, or change a pair.",
    ),
    "ES011": Explanation(
        "The number of attack combos, defence combos or shift events disagrees with the parameters.",
        "parameters:\n  shift_events: 7   # and events: lists 6\n",
        "Add or remove entries, or fix the parameter.",
    ),
    "ES012": Explanation(
        "A board cell is given twice.",
        "board:\n  cells:\n    - {q: 0, r: 0, terrain: centre}\n    - {q: 0, r: 0, terrain: fire}\n",
        "Remove one.",
    ),
    "ES014": Explanation(
        "`shift_every` does not divide `max_cycles`: the last shift would fall mid-interval.",
        "parameters:\n  max_cycles: 20\n  shift_every: 3\n",
        "Choose an interval that divides the game length.",
    ),
    "ES015": Explanation(
        "A deck's `source:` is not the list its template draws from (element, event, combo).",
        "decks:\n  - id: shift-events\n    template: event\n    source: combos\n",
        "Set the source the hint names, or leave it out.",
    ),
    "ES016": Explanation(
        "The cycle track disagrees with the parameters: one space per cycle, shifts marked every `shift_every`.",
        "tokens:\n  track: {first: 1, last: 18}   # max_cycles: 20\n",
        "Make the track one space per cycle; leave `highlight_every` out.",
    ),
    "SG022": Explanation(
        "A player piece as wide as a node (or wider) hides the node and its neighbours' links: players cannot see "
        "which node it stands on. A piece needs 2 mm less than the node.",
        "tokens: {diameter: 18mm}   # map: {node_size: 16mm}\n",
        "Make the pieces smaller (diameter: 13mm) or the nodes larger (node_size: 20mm).",
    ),
}
"""Every PK code, and Element Shift's; other games' codes fall back to their title (see `explain`)."""


def game_explanations() -> dict[str, Explanation]:
    """What games from other packages say about their own codes: the `EXPLANATIONS` of each rule model
    already imported (a game's codes are registered when its model is)."""
    import sys

    from .games import SPECS

    found: dict[str, Explanation] = {}
    for tag in SPECS:
        module = sys.modules.get(SPECS[tag].model.partition(":")[0])
        found |= getattr(module, "EXPLANATIONS", {})
    return found


def explain(code: str) -> Explanation:
    """The explanation of a registered code; a game code without one gets its title and a pointer to its model."""
    from . import codes

    found = EXPLANATIONS.get(code) or game_explanations().get(code)
    if found is not None:
        return found
    _severity, title = codes.CODES[code]
    return Explanation(
        f"{title[0].upper()}{title[1:]}: a check of the game's rule model; the message names what disagrees.",
        "",
        "See the game's rule model (validator/games/) and the message's hint.",
    )
