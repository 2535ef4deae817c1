"""What the codes of generic kits' components (PK4xx) and of pictures, text, fonts and tables (PK5xx) mean: why
each is a problem, a bad example and the fix. validator.explanations merges them into the catalogue."""

from __future__ import annotations

from .explanation import Explanation

COMPONENTS: dict[str, Explanation] = {
    # ------------------------------------------------------------ PK4xx: generic kits
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
    "PK345": Explanation(
        "A credit whose name is the game's own title (\"Rules: WIZARD'S ELEMENT COLLECTION\") credits nobody: the "
        "cover should name the person who designed the game.",
        "title: {ja: 月夜のトリック, en: Moonlit Tricks}\nauthor: 'Rules: Moonlit Tricks · kit: pnpkit'\n",
        "Name the designer. If the rulebook does not, say so: 'Rules: the rulebook's designer (not named in it)'.",
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
    "PK401": Explanation(
        "A card template that extends itself, directly or through others: it has no regions to start from.",
        "card_templates:\n  templates:\n    - {id: suit-card, extends: suit-card}\n",
        "Make the chain end at a template that extends nothing.",
    ),
    "PK402": Explanation(
        "A template's `change:`, `remove:` or `colour_from:` names a region that is not there.",
        "card_templates:\n  templates:\n    - id: base\n      regions:\n"
        "        - {name: title, kind: text, box: [4mm, 4mm, 55mm, 8mm]}\n"
        "    - id: big-title\n      extends: base\n      change: {titel: {size: 12}}\n",
        "Name a region the template has (or inherits).",
    ),
    "PK403": Explanation(
        "A card (or a card's back) leaves a required region of its template empty: the card would print with a hole.",
        "decks:\n  - id: tricks\n    name: {ja: トリックカード, en: Trick cards}\n    template: suit-card\n"
        "    cards:\n      - id: comet\n        fill: {title: {ja: 彗星, en: Comet}, rank: 4, suit: comet}   # no pips\n",
        "Fill the region, or give it `required: false` in the template.",
    ),
    "PK404": Explanation(
        "A card fills a region its template does not have: the value would print nowhere.",
        "decks:\n  - id: tricks\n    name: {ja: トリックカード, en: Trick cards}\n    template: suit-card\n"
        "    cards:\n      - id: comet\n        fill:\n          title: {ja: 彗星, en: Comet}\n"
        "          rank: 4\n          suit: comet\n          pips: {ja: ◆, en: ◆}\n"
        "          powr: {ja: 切り札。, en: Trump.}   # the region is `power`\n",
        "Use a region the template has (the hint lists them), or add the region to the template.",
    ),
    "PK405": Explanation(
        "A template region runs off the card or overlaps another region (panels may sit behind others): "
        "something will be cut or drawn over (a warning).",
        "card_templates:\n  templates:\n    - id: wide\n      size: poker\n      regions:\n"
        "        - {name: title, kind: text, box: [4mm, 4mm, 70mm, 8mm]}   # 74 mm on a 63 mm card\n",
        "Move or shrink the box; boxes are [x, y, width, height] from the card's top-left corner.",
    ),
    "PK406": Explanation(
        "A generic kit has a field only a game module can print (a hex board, a node map, a play mat, cards "
        "outside a deck): it would be dropped without a word.",
        "cards:\n  - {id: comet, title: {ja: 彗星, en: Comet}}\n",
        "Put cards in a deck; draw boards and mats as sheets of regions (`sheets:`).",
    ),
    "PK407": Explanation(
        "A deck or sheet region is filled from a `source:` list, but a generic kit has no rule model lists.",
        "decks:\n  - id: tricks\n    name: {ja: トリックカード, en: Trick cards}\n    source: elements\n"
        "    cards:\n      - {title: {ja: 彗星, en: Comet}}\n",
        "Write the cards (or the region's content) out.",
    ),
    "PK408": Explanation(
        "A deck and the template it uses (or a card's or back's template) are different card sizes.",
        "decks:\n  - id: tricks\n    name: {ja: トリックカード, en: Trick cards}\n    template: suit-card   # poker\n"
        "    size: mini-euro\n    cards:\n      - id: comet\n"
        "        fill: {title: {ja: 彗星, en: Comet}, rank: 4, suit: comet, pips: {ja: ◆, en: ◆}}\n",
        "Leave the deck's `size:` out (it takes the template's), or use a template of the deck's size.",
    ),
    "PK409": Explanation(
        "A card fills one region twice, as `title:` (or `body:`) and inside `fill:`: one would be lost.",
        "decks:\n  - id: tricks\n    name: {ja: トリックカード, en: Trick cards}\n    cards:\n"
        "      - title: {ja: 彗星, en: Comet}\n        fill: {title: {ja: 流星, en: Meteor}}\n",
        "Keep one of the two.",
    ),
    "PK410": Explanation(
        "A card template no deck or card uses, so it is not printed (a warning).",
        "card_templates:\n  templates:\n    - id: spare\n      regions:\n"
        "        - {name: title, kind: text, box: [4mm, 4mm, 55mm, 8mm]}\n"
        "decks:\n  - id: tricks\n    name: {ja: トリックカード, en: Trick cards}   # no template: the built-in card\n"
        "    cards:\n      - {title: {ja: 彗星, en: Comet}}\n",
        "Name it in a deck's or a card's `template:`, or remove it.",
    ),
    "PK411": Explanation(
        "An `art` region prints as a box labelled with each card's art key, a placeholder for a prototype (a warning).",
        "        - {name: picture, kind: art, box: [5mm, 23mm, 53mm, 27mm]}\n",
        "For real pictures use a `kind: image` region and give each card a PNG, JPEG or SVG file.",
    ),
    "PK412": Explanation(
        "A sheet region has too little room for its cells or its content: boxes would be too small to "
        "write in, or text cut off.",
        "sheets:\n  - id: player-sheet\n    name: {ja: プレイヤーシート, en: Player sheet}\n    layout:\n"
        "      kind: column\n      items:\n        - kind: row\n          size: 6mm\n          items:\n"
        "            - {kind: checkboxes, count: 60, label: {ja: 得点, en: Score}}\n",
        "Give the region more room (a larger `size:`), or fewer cells.",
    ),
    "PK413": Explanation(
        "A token sheet that cannot be laid out: it has nothing to print, or a token is wider than a page.",
        "tokens:\n  name: {ja: トークン, en: Tokens}\n  diameter: 250mm\n"
        '  markers:\n    - {id: lead, name: {ja: リード, en: Lead}, count: 1, colour: "#2b2b33"}\n',
        "Use a smaller diameter, or add the tokens the sheet should hold.",
    ),
    "PK420": Explanation(
        "A card with `count: 0` is switched off and not printed (a warning, so it is not forgotten).",
        "decks:\n  - id: tricks\n    name: {ja: トリックカード, en: Trick cards}\n    cards:\n"
        "      - {title: {ja: 彗星, en: Comet}, count: 3}\n      - {title: {ja: 流星, en: Meteor}, count: 0}\n",
        "Give it a count of 1 or more, or remove it.",
    ),
    # ------------------------------------------------------------ PK5xx: pictures, text, fonts, tables
    "PK501": Explanation(
        "A picture prints below 150 ppi where it is placed: it will look blocky.",
        "          art: {file: art/comet.png}   # 120 × 160 px in a 53 × 27 mm region: about 60 ppi\n",
        "Use a larger picture: 300 ppi at its printed size.",
    ),
    "PK502": Explanation(
        "A picture that cannot be read: damaged, cut short, not what its name says, or an SVG without a size.",
        "          art: {file: art/comet.png}   # a half-copied file\n",
        "Save or copy the picture again; give an SVG a width and height or a viewBox.",
    ),
    "PK503": Explanation(
        "A picture too large to decode safely (over the megapixel, file-size or SVG-element limit).",
        "cover_image: art/cover.png   # 20,000 × 20,000 px\n",
        "Scale it down: 600 ppi at its printed size is plenty.",
    ),
    "PK504": Explanation(
        "A picture that would print differently from how it shows on screen: CMYK, a colour profile other "
        "than sRGB, or an EXIF rotation that viewers apply and print would not.",
        "          art: {file: art/comet.jpg}   # a CMYK JPEG from a print shop\n",
        "Convert it to sRGB and save it upright, without the orientation tag.",
    ),
    "PK505": Explanation(
        "SVG art that cannot print as vectors (scripts, filters, embedded fonts or pictures, entities …).",
        "          art: {file: art/comet.svg}   # holds <filter> or <script>\n",
        "Save it as plain SVG (outlines, fills, strokes), or place it as a PNG.",
    ),
    "PK520": Explanation(
        "Markup that does not close (`**`, `*`, `<red>`) or closes nothing: the rest of the text would "
        "change style, or a `*` print literally.",
        "rules:\n  sections:\n    - title: {ja: トリック, en: Tricks}\n"
        '      text: {ja: "**切り札**は彗星。", en: "**Trumps are Comets."}\n',
        "Close the span, or write a literal asterisk as `\\*`.",
    ),
    "PK521": Explanation(
        "Markup pnpkit does not know: a colour it has no name for, `****`, an unclosed `<` tag.",
        "rules:\n  sections:\n    - title: {ja: トリック, en: Tricks}\n"
        '      text: {ja: "<purple>彗星</>は切り札。", en: "<purple>Comets</> are trumps."}\n',
        "Use a named colour (black, white, grey, red, blue, green, yellow) or `<#rrggbb>`.",
    ),
    "PK522": Explanation(
        "A font file pnpkit cannot use: not TrueType outlines (CFF .otf, .ttc collections, web fonts), too "
        "large, or not allowed to be embedded. Found when the kit is laid out.",
        "fonts:\n  families:\n    serif: {regular: fonts/Serif-Regular.otf}\n  default: serif\n",
        "Use a .ttf file that allows embedding.",
    ),
    "PK523": Explanation(
        "A font family named (as the default, per language, or on a region) that is neither built in nor "
        "declared under `fonts.families`.",
        "fonts:\n  default: serif\n",
        "Declare the family under `fonts.families`, or use biz-udpgothic or ipaexgothic.",
    ),
    "PK540": Explanation(
        "A table of cards that cannot be read: broken CSV quoting, a damaged workbook, no visible sheet.",
        '# cards.csv\nid,title.ja,title.en\ncomet,彗星,"Comet\n',
        "Save the table again from the spreadsheet program.",
    ),
    "PK541": Explanation(
        "A table, a cell or the card files of a deck over their size limits.",
        "# cards.csv with a million rows, or a cell of 100,000 characters\n",
        "Split the cards over several files, or shorten the cell.",
    ),
    "PK542": Explanation(
        "A CSV file that reads as UTF-8 and as Shift-JIS alike: its Japanese could be read wrong.",
        "# cards.csv saved by an old spreadsheet program, whose bytes are valid both ways\n",
        "Save it as 'CSV UTF-8'.",
    ),
    "PK543": Explanation(
        "A table column whose header names no field of a card, or a value in a column with no header.",
        "# cards.csv\nid,titel.ja,title.en\ncomet,彗星,Comet\n",
        "Name a field in the header (`title.ja`, `fill.rank`, `count` …), as the hint suggests.",
    ),
    "PK544": Explanation(
        "A file that cannot hold a deck's cards (a YAML card file that is no list of cards), or a table "
        "listed under `include:` instead of in its deck.",
        "include:\n  - parameters.yaml\n  - templates.yaml\n  - decks.yaml\n  - cards.csv\n",
        "Name the table in its deck: `cards: cards.csv`.",
    ),
}
