"""What the codes of generic kits' components (PK4xx) and of pictures, text, fonts and tables (PK5xx) mean: why
each is a problem, a bad example and the fix. validator.explanations merges them into the catalogue."""

from __future__ import annotations

from .explanation import Explanation

COMPONENTS: dict[str, Explanation] = {
    # ------------------------------------------------------------ PK4xx: generic kits
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
    "PK414": Explanation(
        "A mat's card spaces are sized from the deck whose cards go there: when they need more room than their zone "
        "has, the cards would hang over the zone's edge, or over each other.",
        "mats:\n  - id: market\n    name: {ja: 市場, en: Market}\n    rows:\n      - zones:\n"
        "          - {id: stalls, name: {ja: 売り場, en: Stalls}, cards: {deck: goods, count: 4}}\n",
        "Give the zone a larger share of its row (`width:`) or of the mat (its row's `height:`), fewer spaces, or turn "
        "the mat (`orientation: portrait`).",
    ),
    "PK415": Explanation(
        "A token as wide as the cell or node it stands on hides it and its neighbours: players cannot see where it "
        "is. A token needs 2 mm less than its space. A place on a board's edge gives a piece the edge's length, a "
        "corner the distance to the next corner (docs/boards.md).",
        "maps:\n  - id: roads\n    name: {ja: 航路, en: Roads}\n    node_size: 12mm\n    holds: [players]\n"
        "    nodes: [{id: a, x: 0, y: 0}, {id: b, x: 3, y: 0}]\n    links: [[a, b]]\n",
        "Make the nodes or cells larger (`node_size:`, `hex_size:`, `cell:`), or the tokens smaller (`tokens: diameter`).",
    ),
    "PK416": Explanation(
        "A token larger than a track's spaces covers the numbers beside it. A track printed on one sheet is shrunk "
        "to fit, so its spaces print smaller than `space_depth` says.",
        "tracks:\n  - id: score\n    name: {ja: 得点, en: Score}\n    layout: straight\n    spaces: 12\n"
        "    space_depth: 12mm\n    holds: [players]\n",
        "Make the spaces larger (`space_depth:`), use fewer, print at real size (`sheet: a3-tiled`), or make the tokens "
        "smaller.",
    ),
    "PK417": Explanation(
        "A map whose nodes fall into parts no link joins: a piece can never travel from one part to the other.",
        "maps:\n  - id: roads\n    name: {ja: 航路, en: Roads}\n"
        "    nodes: [{id: a, x: 0, y: 0}, {id: b, x: 3, y: 0}, {id: c, x: 0, y: 3}, {id: d, x: 3, y: 3}]\n"
        "    links: [[a, b], [c, d]]\n",
        "Add the missing link, or split the map in two if the parts are meant to be apart.",
    ),
    "PK418": Explanation(
        "Two links of a map cross where no node is: players cannot tell whether the crossing is a place.",
        "maps:\n  - id: roads\n    name: {ja: 航路, en: Roads}\n"
        "    nodes: [{id: a, x: 0, y: 0}, {id: b, x: 3, y: 3}, {id: c, x: 3, y: 0}, {id: d, x: 0, y: 3}]\n"
        "    links: [[a, b], [c, d], [a, c]]\n",
        "Move a node so the links do not cross, or add a node where they meet.",
    ),
    "PK420": Explanation(
        "A card with `count: 0` is switched off and not printed (a warning, so it is not forgotten).",
        "decks:\n  - id: tricks\n    name: {ja: トリックカード, en: Trick cards}\n    cards:\n"
        "      - {title: {ja: 彗星, en: Comet}, count: 3}\n      - {title: {ja: 流星, en: Meteor}, count: 0}\n",
        "Give it a count of 1 or more, or remove it.",
    ),
    "PK430": Explanation(
        "A table column named like a card field (`count`, `id`, `template`, `back`) sets that field, while the "
        "cards' template also has a region of that name, which the column then leaves empty (a warning; an error, "
        "PK403, when the region is required). One finding at the header cell, not one a row.",
        "# cards.csv, for a template with an optional number region named `count`\nid,count,title.en\ncomet,3,Comet\n",
        "Name the column `fill.count` to fill the region; keep a `count` column beside it for the copies.",
    ),
    "PK431": Explanation(
        "A template region's `min_size` is below the readable floor (6 pt for Latin text, 7 pt for Japanese): "
        "text never prints that small, so it stops shrinking at the floor, and what does not fit there is PK309. "
        "One warning for the kit, at the first such `min_size`, naming every region it touches.",
        "card_templates:\n  templates:\n    - id: tiny\n      regions:\n"
        "        - {name: title, kind: text, box: [4mm, 4mm, 55mm, 8mm], size: 5, min_size: 4}\n",
        "Write `min_size: 6` or more; to fit more text, make the box larger or the text shorter.",
    ),
    "PK432": Explanation(
        "A card of a shuffled deck has a back unlike most of the deck's cards (its own picture or second face, or "
        "the deck's back among cards with their own): face down, the deck shows where that card is. A warning at "
        "the card's back, one per card; cards with `count: 0` do not count, and a deck whose cards all share one "
        "back is silent.",
        "decks:\n  - id: goods\n    name: {en: Goods}\n    cards:\n"
        "      - {title: {en: Moon Silk}, back: {title: {en: Dawn Silk}}}   # a second face: the only own back\n"
        "      - {title: {en: Saffron}, count: 8}\n",
        "Give every card the deck's back; put double-faced cards and aids in a deck of their own with "
        "`shuffled: false`, which says the deck is never shuffled face down.",
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
