"""What each finding code means, for `pnpkit codes CODE`: why it is a problem, a bad example and the fix.

Each bad example is YAML as a designer writes it. Most are whole top-level fields of a `game: generic` kit
(`rules:`, `decks:`, `title:` …), or of Element Shift for its own codes, so a test can put each in place of
the kit's own field and see the code raised (tests/test_control.py says which).

Game codes without an entry here fall back to their title and their rule model (`explain`).
"""

from __future__ import annotations

from .explanation import Explanation
from .explanations_components import COMPONENTS

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
        "A text lacks one of the languages the kit ships: that edition would print a gap or another language.",
        "title: {ja: 月夜のトリック}   # the kit ships [ja, en]\n",
        "Add the missing language next to the others.",
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
        "Text holds a character no font can print: one the chosen font lacks (an emoji prints as an empty box), or a "
        "control, bidi or separator character (NUL, ESC, U+202E, U+2028) that would print as nothing, reorder the "
        "text or break the SVG. Control characters are found when the kit is read; missing glyphs when it is laid "
        "out, on cards, the cover, footers and titles alike.",
        "rules:\n  sections:\n    - title: {ja: 準備, en: Setup}\n"
        "      text: {ja: 🌙のトークンを配る。, en: Deal the 🌙 tokens.}\n",
        "Replace the character (retype text that was pasted), draw it as an icon (`{moon}`), or choose a font that "
        "has it.",
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
    **COMPONENTS,  # PK4xx and PK5xx: validator/explanations_components.py
    # ------------------------------------------------------------ Element Shift (fragments: the other fields as before)
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


def explain(code: str) -> Explanation:
    """The explanation of a registered code; a game code without one gets its title and a pointer to its model."""
    from . import codes

    found = EXPLANATIONS.get(code)
    if found is not None:
        return found
    _severity, title = codes.CODES[code]
    return Explanation(
        f"{title[0].upper()}{title[1:]}: a check of the game's rule model; the message names what disagrees.",
        "",
        "See the game's rule model (validator/games/) and the message's hint.",
    )
