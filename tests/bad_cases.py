"""The bad kits: each is a real kit (content/<kit>, or the generic example tests/fixtures/generic/moonlit-tricks)
with a few (file, old, new) edits, and the findings the edits must give. test_bad_content.py writes each into
tmp_path and checks them; nothing here is committed as a kit copy, so a change to a kit that moves a line moves
the expectation with it (markers find the lines), and one that removes an edited text fails loudly (every `old`
must occur exactly once).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from conftest import make_bad_kit, marker_location


@dataclass(frozen=True)
class Want:
    """A finding the bad kit must give, on the line of the edited kit's `file` where `marker` starts."""

    code: str
    file: str
    marker: str  # occurs exactly once in the edited file; may run on over several lines to be unique
    col_at: str | None = None  # text on that line where the column points; None: the column is not checked
    message: str = ""  # must appear in the finding's message
    hint: str = ""  # must appear in the finding's hint
    path: str = ""  # when given, the finding's data path
    severity: str = "error"


@dataclass(frozen=True)
class Case:
    name: str
    kit: str  # a kit in content/, or the generic example
    edits: list[tuple[str, str, str]]  # (file, old, new): `old` occurs exactly once when its edit is applied
    wants: list[Want]  # every finding the kit gives, each matched once...
    also: tuple[str, ...] = ()  # ...except any number of these codes, the defect's knock-on effects

    @property
    def fails(self) -> bool:
        """Whether the kit has errors (a build must write nothing), not only warnings."""
        return any(want.severity == "error" for want in self.wants)


def one(name: str, kit: str, file: str, old: str, new: str, want: Want, also: tuple[str, ...] = ()) -> Case:
    """The common case: one edit, one finding."""
    return Case(name, kit, [(file, old, new)], [want], also)


ES, SG, WE, UT, DB = "element-shift", "shogi-tcg", "wizards-element-collection", "unlock-tower", "dice-battle-monsters"
MT = "moonlit-tricks"  # the generic example, tests/fixtures/generic/moonlit-tricks
ES_ROWS = ("F N W", "F A E W", "E W N F A", "A F E W N E", "N W X A F", "W E N F A N", "F A W E N", "E N A F", "A E W")
"""content/element-shift/board.yaml's rows."""

CASES: list[Case] = [
    # ------------------------------------------------------------ the core, on Element Shift
    one(
        "syntax-error",
        ES,
        "combos.yaml",
        "    kind: attack\n    name: {ja: ファイアストーム",
        "    kind: attack: now\n    name: {ja: ファイアストーム",
        Want("PK101", "combos.yaml", "kind: attack: now", ": now", message="YAML syntax error"),
    ),
    one(
        "duplicate-key",
        ES,
        "model.yaml",
        "  max_cycles: 20\n",
        "  max_cycles: 20\n  draws_per_turn: 3\n",
        Want("PK102", "model.yaml", "draws_per_turn: 3", "draws_per_turn", message="first defined at model.yaml:3:"),
    ),
    one(
        "unknown-field",
        ES,
        "decks.yaml",
        "  - id: shift-events\n    name:",
        "  - id: shift-events\n    nmae:",
        Want(
            "PK201", "decks.yaml", "nmae:", "nmae", message="'nmae'", hint="did you mean 'name'", path="decks[1].nmae"
        ),
        also=("PK202",),  # the deck now lacks its `name`
    ),
    one(
        "wrong-type",
        ES,
        "model.yaml",
        "cards_per_element: 10",
        "cards_per_element: ten",
        Want("PK203", "model.yaml", "cards_per_element: ten", "ten", message="'ten'"),
    ),
    one(
        "dangling-element",
        ES,
        "combos.yaml",
        "elements: [fire, wind]",
        "elements: [fire, lava]",
        Want(
            "ES001", "combos.yaml", "elements: [fire, lava]", "lava", message="'lava'", hint="earth, fire, water, wind"
        ),
    ),
    one(
        "card-count",
        ES,
        "decks.yaml",
        "{ref: water, count: 10}",
        "{ref: water, count: 9}",
        Want("ES003", "decks.yaml", "{ref: water, count: 9}", "9}", message="9 water cards"),
    ),
    Case(
        "board-cells",
        ES,
        [("board.yaml", '"N W X A F"', '"N W X A W"')],  # one fire cell becomes water: 7 fire, 9 water
        [  # a count is about the whole board, not one row
            Want("ES004", "board.yaml", "hex_size:", "hex_size", message="7 fire cells"),
            Want("ES004", "board.yaml", "hex_size:", "hex_size", message="9 water cells"),
        ],
    ),
    one(
        "missing-field",
        ES,
        "model.yaml",
        '{id: earth, name: {ja: 土, en: Earth}, colour: "#a0692e", icon: mountain}',
        "{id: earth, name: {ja: 土, en: Earth}, icon: mountain}",
        Want("PK202", "model.yaml", "{id: earth, name: {ja: 土, en: Earth}, icon: mountain}", "{id: earth", "'colour'"),
    ),
    one(
        "missing-translation",
        ES,
        "events.yaml",
        "        ja: 盤面の任意の領地{cells}マスを入れ替える（トークンごと交換する）。\n"
        "        en: Swap any {cells} claimed territories on the board, tokens and all.\n",
        "        ja: 盤面の任意の領地{cells}マスを入れ替える（トークンごと交換する）。\n",
        Want(
            "PK372", "events.yaml", "ja: 盤面の任意の領地", "ja:", message="en: 1 of", severity="warning"
        ),  # lacks `en:`
    ),
    Case(
        "es-blocked-cell-off-centre",
        ES,
        [("board.yaml", '"N W X A F"', '"N W N A F"'), ("board.yaml", '"F N W"', '"F X W"')],
        [Want("ES006", "board.yaml", '- "F X W"', "X W", message="not in the middle")],
    ),
    one(
        "es-combo-of-one-element",
        ES,
        "combos.yaml",
        "elements: [fire, water]",
        "elements: [fire, fire]",
        Want("ES007", "combos.yaml", "elements: [fire, fire]", "[fire", message="names 'fire' twice"),
    ),
    one(
        "es-two-attacks-one-pair",
        ES,
        "combos.yaml",
        "elements: [fire, wind]",
        "elements: [water, fire]",
        Want("ES008", "combos.yaml", "elements: [water, fire]", "[water", message="use the same pair"),
    ),
    one(
        "es-combo-count",
        ES,
        "model.yaml",
        "  attack_combos: 5",
        "  attack_combos: 6",
        Want("ES011", "model.yaml", "  draws_per_turn: 2", "draws_per_turn", message="5 attack combos"),  # `parameters`
    ),
    one(  # the board as a list of cells instead of rows
        "es-cell-given-twice",
        ES,
        "board.yaml",
        "  rows:\n" + "".join(f'    - "{row}"\n' for row in ES_ROWS),
        "  cells:\n    - {q: 0, r: 0, terrain: fire}\n    - {q: 0, r: 0, terrain: water}\n",
        Want("ES012", "board.yaml", "terrain: water}", "{q: 0", message="(0, 0) is given twice"),
        also=("ES004",),  # and the two-cell board has the wrong number of every territory
    ),
    one(
        "es-shift-interval",
        ES,
        "model.yaml",
        "  shift_every: 5",
        "  shift_every: 3",
        Want("ES014", "model.yaml", "shift_every: 3", "3", message="not a multiple of 3"),
    ),
    one(
        "es-deck-template",
        ES,
        "decks.yaml",
        "    source: events\n",
        "    source: combos\n",
        Want(
            "ES015",
            "decks.yaml",
            "source: combos\n  - id: combo-reference",
            "combos",
            message="template 'event' draws events, not combos",
        ),
    ),
    one(
        "es-track-length",
        ES,
        "model.yaml",
        "  max_cycles: 20",
        "  max_cycles: 25",
        Want("ES016", "tokens.yaml", "last: 20", "20", message="the game lasts 25 cycles"),
    ),
    one(
        "es-effect-without-cells",
        ES,
        "combos.yaml",
        "      action: nullify\n      target: opponent-territory\n      cells: 2",
        "      action: nullify\n      target: opponent-territory\n      cells: 0",
        Want("PK320", "combos.yaml", "action: nullify\n      target: opponent-territory\n      cells: 0", "action"),
    ),
    one(
        "same-name-after-normalisation",
        ES,
        "combos.yaml",
        "name: {ja: ファイアストーム, en: Firestorm}",
        "name: {ja: ファイアストーム, en: STEAM  explosion}",
        Want("PK313", "combos.yaml", "STEAM  explosion", "STEAM", message="reads the same as item 0"),
    ),
    one(
        "file-not-a-mapping",
        ES,
        "errata.yaml",
        "errata:\n",
        "- errata:\n",
        Want("PK109", "errata.yaml", "- errata:", "- errata", message="must be a mapping"),
    ),
    Case(  # problems in four files: one run must report all of them, sorted
        "multi",
        ES,
        [
            ("combos.yaml", "elements: [earth, wind]", "elements: [earth, magma]"),
            ("decks.yaml", "{ref: wind, count: 10}", "{ref: wind, count: 11}"),
            (
                "events.yaml",
                "        ja: 全員の手札を集めてシャッフルし、各プレイヤーに{cards}枚ずつ配り直す。\n"
                "        en: Gather every hand, shuffle, and deal {cards} cards to each player.\n",
                "        ja: 全員の手札を集めてシャッフルし、各プレイヤーに{cards}枚ずつ配り直す。\n",
            ),
            ("rules.yaml", "en: Draw {draws_per_turn} element cards.", "en: Draw {draws_per_turns} element cards."),
            ("combos.yaml", "elements: [wind, water]", "elements: [wind, steam]"),
        ],
        [
            Want("ES001", "combos.yaml", "elements: [earth, magma]", "magma", message="'magma'"),
            Want("ES003", "decks.yaml", "{ref: wind, count: 11}", "11}"),
            Want("PK372", "events.yaml", "ja: 全員の手札を集めて", "ja:", message="en: 1 of", severity="warning"),
            Want("PK302", "rules.yaml", "en: Draw {draws_per_turns} element cards.", "Draw", message="draws_per_turns"),
            Want("ES001", "combos.yaml", "elements: [wind, steam]", "steam", message="'steam'"),
        ],
    ),
    # ------------------------------------------------------------ Shogi + TCG
    Case(
        "sg-node-17",
        SG,
        [
            (
                "map.yaml",
                "    - {id: 16, x: 8, y: 13.5}\n",
                "    - {id: 16, x: 8, y: 13.5}\n    - {id: 17, x: 9.5, y: 12.5}  # two dice never read 7\n",
            ),
            ("map.yaml", "    - [16, 24]\n", "    - [16, 17]\n    - [16, 24]\n"),
        ],
        [Want("SG001", "map.yaml", "{id: 17, x: 9.5", "17, x")],
    ),
    one(
        "sg-disconnected",
        SG,
        "map.yaml",
        "    - {id: 44, x: 12, y: 11}\n",
        "    - {id: 44, x: 12, y: 11}\n    - {id: 45, x: 13, y: 17}  # no link reaches it\n",
        Want("SG003", "map.yaml", "{id: 45, x: 13", "{id: 45"),
    ),
    one(
        "sg-missing-node",
        SG,
        "map.yaml",
        "    - [13, 54]\n",
        "    - [13, 53]  # there is no node 53\n",
        Want("SG004", "map.yaml", "[13, 53]", "53]"),
    ),
    one(
        "sg-four-relics",
        SG,
        "relics.yaml",
        "  - id: magatama\n    name: {ja: 翠黒の勾玉, en: Jade Magatama}\n    cost: {green: 1, black: 1}\n    icon: magatama\n"
        "    lore: {ja: 森と夜、二つの力を宿す。, en: It holds the power of forest and night.}\n",
        "  # the fifth relic, the magatama, is left out\n",
        Want("SG007", "relics.yaml", "relics:\n", "relics:"),
    ),
    one(
        "sg-no-mana-source",
        SG,
        "decks.yaml",
        "      - {ref: black, count: 7}\n",
        "      # no black mana cards\n",
        Want("SG008", "creatures.yaml", "cost: {colourless: 1, black: 1}", "black: 1}"),
    ),
    one(
        "sg-deck-template",
        SG,
        "decks.yaml",
        "    template: colour\n    source: colours\n",
        "    template: colour\n    source: relics\n",
        Want(
            "SG011",
            "decks.yaml",
            "source: relics\n    back: {title: {ja: 色カード",
            "relics",
            message="template 'colour' draws colours, not relics",
        ),
    ),
    one(
        "sg-mana-colours",
        SG,
        "model.yaml",
        "  mana_colours: 5 ",
        "  mana_colours: 6 ",
        Want("SG013", "model.yaml", "colours:\n  - id: red", "colours", message="5 mana colours"),
    ),
    one(
        "sg-opening-hand",
        SG,
        "model.yaml",
        "  opening_hand: 3 ",
        "  opening_hand: 4 ",
        Want("SG014", "model.yaml", "opening_hand: 4", "4 ", message="the opening hand is 4"),
    ),
    one(
        "sg-relics-to-win",
        SG,
        "model.yaml",
        "  relics_to_win: 4 ",
        "  relics_to_win: 6 ",
        Want("SG015", "model.yaml", "relics_to_win: 6", "6 ", message="only 5"),
    ),
    one(
        "sg-colour-card-twice",
        SG,
        "decks.yaml",
        '    back: {title: {ja: 色カード, en: Colour card}, colour: "#4a4752", pattern: plain}\n',
        '    back: {title: {ja: 色カード, en: Colour card}, colour: "#4a4752", pattern: plain}\n    cards:\n'
        "      - {ref: red, count: 2}\n      - {ref: blue, count: 1}\n      - {ref: green, count: 1}\n"
        "      - {ref: black, count: 1}\n      - {ref: white, count: 1}\n",
        Want("SG017", "decks.yaml", "- id: colour-cards", "id: colour-cards", message="2 colour cards for red"),
    ),
    one(
        "sg-no-colour-deck",
        SG,
        "decks.yaml",
        "  - id: colour-cards\n    name: {ja: プレイヤーの色, en: Player colours}\n    size: poker\n    template: colour\n"
        '    source: colours\n    back: {title: {ja: 色カード, en: Colour card}, colour: "#4a4752", pattern: plain}\n',
        "",
        Want("SG018", "decks.yaml", "decks:\n", "decks", message="no deck for the colour pile"),
    ),
    one(
        "sg-main-deck-too-small",
        SG,
        "model.yaml",
        "  draft_pack: 5 ",
        "  draft_pack: 9 ",
        Want("SG020", "decks.yaml", "decks:\n", "decks", message="deals 36 cards to 4 players"),
    ),
    # ------------------------------------------------------------ Wizard's Element Collection
    one(
        "we-same-name",
        WE,
        "cards.yaml",
        "name: {ja: 水, en: Water}",
        "name: {ja: 心のエレメント, en: Spirit}",
        Want("WE001", "cards.yaml", "心のエレメント, en: Spirit", "心のエレメント", message="is also card 0"),
    ),
    one(
        "we-missing-card",
        WE,
        "cards.yaml",
        "相手の場札と、闇[{dark_points}点]・炎[{flame_points}点]は戻せない。",
        "相手の場札と、月のエレメント[{dark_points}点]・炎[{flame_points}点]は戻せない。",
        Want("WE002", "cards.yaml", "月のエレメント[{dark_points}点]", "自分の場札", message="no card has that name"),
    ),
    one(
        "we-unknown-phase",
        WE,
        "model.yaml",
        "強化しなければ、空いている一番下の行動順に確定する。",
        "全員が強化しないを選んだらコレクマスフェーズへ移る。",
        Want(
            "PK334",
            "model.yaml",
            "コレクマスフェーズへ移る",
            "魔力が",
            message="'コレクマスフェーズ'",
            severity="warning",
        ),
    ),
    one(
        "we-unknown-phase-id",
        WE,
        "cards.yaml",
        "    phases: [power]\n",
        "    phases: [powr]\n",
        Want("WE004", "cards.yaml", "phases: [powr]", "powr", message="unknown phase 'powr'"),
    ),
    one(
        "we-card-count",
        WE,
        "cards.yaml",
        "    negative: -10\n    copies: 7",
        "    negative: -10\n    copies: 6",
        Want("WE006", "model.yaml", "total_cards: 68", "68", message="add up to 67"),
    ),
    one(
        "we-wrong-value",
        WE,
        "cards.yaml",
        "闇[{dark_points}点]・炎[{flame_points}点]",
        "闇[{dark_points}点]・炎[{ice_points}点]",
        Want("WE003", "cards.yaml", "炎[{ice_points}点]", "自分の場札", message="炎 is worth 60"),
    ),
    Case(
        "we-icon-phase",
        WE,
        [
            (
                "cards.yaml",
                "    icons: [reflect]\n    phases: [summon, power]",
                "    icons: [reflect]\n    phases: [move, power]",
            )
        ],
        [
            Want("WE005", "cards.yaml", "icons: [reflect]\n    phases: [move, power]", "reflect"),
            Want("WE005", "cards.yaml", 'phases: [move, power]\n    colour: "#b8622f"', "move"),
        ],
    ),
    one(
        "we-field",
        WE,
        "model.yaml",
        "  field_cards: 9 ",
        "  field_cards: 8 ",
        Want("WE007", "model.yaml", "field_cards: 8", "8 "),
    ),
    one(
        "we-track-value",
        WE,
        "board.yaml",
        "{value: 65, collects: column-2}",
        "{value: 15, collects: column-2}",
        Want("WE009", "board.yaml", "{value: 15, collects: column-2}", "15", message="is also space 1"),
    ),
    Case(
        "we-facing",
        WE,
        [("board.yaml", "{value: 55, collects: row-2}", "{value: 55, collects: column-2}")],
        [
            Want("WE009", "board.yaml", "{value: 10, collects: row-1}", "row-1", message="in line order"),
            Want("WE009", "board.yaml", "{value: 55, collects: column-2}", "column-2", message="faces the rows"),
        ],
    ),
    Case(
        "we-player-spaces",
        WE,
        [("board.yaml", "{kind: player, player: blue}", "{kind: player, player: red}")],
        [
            Want("WE008", "board.yaml", "- {id: red,", "{id: red", message="'red' has 2 player spaces"),
            Want("WE008", "board.yaml", "- {id: blue,", "{id: blue", message="'blue' has 0 player spaces"),
        ],
    ),
    one(
        "we-scoring-rule",
        WE,
        "cards.yaml",
        "name: {ja: 草, en: Grass}\n    points: 30\n    negative: -10",
        "name: {ja: 草, en: Grass}\n    points: 30\n    negative: 10",
        Want("WE010", "cards.yaml", "points: 30\n    negative: 10", "30", message="a pairs card"),
    ),
    Case(
        "we-deck-template",
        WE,
        [("decks.yaml", "    source: elements\n", "    source: phases\n")],
        [  # the game has one list a deck can draw
            Want("WE011", "decks.yaml", "source: phases", "phases", message="template 'element' draws elements"),
            Want("PK305", "decks.yaml", "source: phases", "phases", message="no model list named 'phases'"),
        ],
    ),
    Case(  # the rulebook's own contradictions: two 心, two 氷, a 闇 that is no card, a phase that does not exist
        "we-as-written",
        WE,
        [
            ("cards.yaml", "name: {ja: 水, en: Water}", "name: {ja: 心, en: Heart}"),
            ("cards.yaml", "name: {ja: 闇, en: Dark}", "name: {ja: 氷, en: Ice}"),
            ("cards.yaml", "相手の場札と、闇[{dark_points}点]", "相手の場札と、闇のエレメント[100点]"),
            (
                "model.yaml",
                "強化しなければ、空いている一番下の行動順に確定する。",
                "全員が強化しないを選んだらコレクマスフェーズへ移る。",
            ),
        ],
        [  # 心 [40] after 心 [5], and 氷 [50] after 氷 [100], in both languages
            Want(
                "WE001", "cards.yaml", "name: {ja: 心, en: Heart}\n    points: 40", "心", message="'心' is also card 0"
            ),
            Want("WE001", "cards.yaml", "name: {ja: 心, en: Heart}\n    points: 40", "Heart", message="is also card 0"),
            Want("WE001", "cards.yaml", "name: {ja: 氷, en: Ice}\n    points: 50", "氷", message="'氷' is also card 5"),
            Want("WE001", "cards.yaml", "name: {ja: 氷, en: Ice}\n    points: 50", "Ice", message="is also card 5"),
            Want("WE002", "cards.yaml", "闇のエレメント[100点]", "自分", message="闇 [100], but no card has that name"),
            Want("WE002", "cards.yaml", "nor Dark [{dark_points}]", "Return", message="Dark [100]"),  # in English too
            Want("PK334", "model.yaml", "コレクマスフェーズ", "魔力が", message="コレクマス", severity="warning"),
        ],
    ),
    # ------------------------------------------------------------ Unlock Tower
    one(
        "ut-floor-21",
        UT,
        "towers.yaml",
        "coin: [5, 11, 17]",
        "coin: [5, 11, 21]",
        Want("UT001", "towers.yaml", "coin: [5, 11, 21]", "21]"),
    ),
    Case(
        "ut-tiebreak-repeat",
        UT,
        [("scoring.yaml", "tie_break: [A, B, C, D, E]", "tie_break: [A, B, C, B, E]")],
        [
            Want("PK314", "scoring.yaml", "tie_break: [A, B, C, B, E]", "B, E]", message="lists 'B' twice"),
            Want("PK314", "scoring.yaml", "tie_break: [A, B, C, B, E]", "[A", message="leaves out D"),
        ],
    ),
    one(
        "ut-tower-7",
        UT,
        "towers.yaml",
        "{kind: build, tower: 3, floors: 3}",
        "{kind: build, tower: 7, floors: 3}",
        Want("UT003", "towers.yaml", "{kind: build, tower: 7, floors: 3}", "7, floors"),
    ),
    one(
        "ut-locks-over-marks",
        UT,
        "towers.yaml",
        "      - phase: 4\n        steps:\n          - {kind: spend, coins: 2, then: {kind: roll}}",
        "      - phase: 4\n        lock: box  # a twelfth lock box, for eleven unlock marks\n        steps:\n"
        "          - {kind: spend, coins: 2, then: {kind: roll}}",
        Want("UT002", "towers.yaml", "lock: box  # a twelfth", "box  #"),
    ),
    one(
        "ut-chain-without-lock",
        UT,
        "towers.yaml",
        "      - phase: 3\n        lock: box\n        steps:\n          - {kind: bonus, tower: 3}",
        "      - phase: 3\n        lock: chain  # nothing above to chain to\n        steps:\n          - {kind: bonus, tower: 3}",
        Want("UT008", "towers.yaml", "lock: chain  # nothing", "chain"),
    ),
    one(
        "ut-free-phase-gift",
        UT,
        "towers.yaml",
        "{kind: spend, coins: 1, then: {kind: build-any, floors: 1}}",
        "{kind: build-any, floors: 1}  # free, any number of times",
        Want("UT009", "towers.yaml", "floors: 1}  # free, any", "build-any"),
    ),
    one(
        "ut-phase-5",
        UT,
        "towers.yaml",
        "      - phase: 4\n        steps:\n          - {kind: spend, coins: 1, then: {kind: unlock}}",
        "      - phase: 5\n        steps:\n          - {kind: spend, coins: 1, then: {kind: unlock}}",
        Want("UT004", "towers.yaml", "- phase: 5", "5"),
    ),
    one(
        "ut-two-marks",
        UT,
        "towers.yaml",
        "    unlock: [2, 8]\n    coin: [5, 11, 17]",
        "    unlock: [2, 8]\n    coin: [5, 8, 17]",
        Want("UT010", "towers.yaml", "coin: [5, 8, 17]", "8, 17"),
    ),
    one(
        "ut-end-unreachable",
        UT,
        "model.yaml",
        "  end_towers: 3 ",
        "  end_towers: 7 ",
        Want("UT007", "model.yaml", "end_towers: 7", "7"),
    ),
    one(
        "ut-named-face-elsewhere",
        UT,
        "towers.yaml",
        "{kind: coins, coins: 1, when: {kind: alone}}",
        "{kind: coins, coins: 1, when: {kind: named-face-chosen}}",
        Want("UT013", "towers.yaml", "{kind: coins, coins: 1, when: {kind: named-face-chosen}}", "{kind: named"),
    ),
    one(
        "ut-pad-rows",
        UT,
        "sheets.yaml",
        "rows: 4, games: 5",
        "rows: 3, games: 5",
        Want("UT016", "sheets.yaml", "rows: 3, games: 5", "3, games"),
    ),
    one(
        "ut-row-longer-than-towers",
        UT,
        "scoring.yaml",
        "kind: row, run: 4, boxes: 2",
        "kind: row, run: 7, boxes: 2",
        Want("UT006", "scoring.yaml", "run: 7, boxes: 2", "7, boxes"),
    ),
    one(
        "ut-die-faces",
        UT,
        "model.yaml",
        "  die_faces: 6\n",
        "  die_faces: 8\n",
        Want("UT011", "model.yaml", "  towers: 6 ", "6 "),
    ),
    one(
        "ut-bonus-unreachable",
        UT,
        "towers.yaml",
        "        lock: box\n        steps:\n          - {kind: bonus, tower: 3}",
        "        lock: box\n        steps:\n          - {kind: bonus, tower: 2}  # tower 3's box is never ticked",
        Want("UT012", "towers.yaml", "  - number: 3", "3"),
    ),
    one(
        "ut-sheet-without-effects",
        UT,
        "sheets.yaml",
        "{kind: effects, source: towers, size: 1}",
        "{kind: text, size: 1, text: {ja: 効果は別紙, en: Effects on another sheet}}",
        Want("UT014", "sheets.yaml", "  - id: tower-sheet", "- id"),
    ),
    one(  # a layout finding: `validate` lays the pages out
        "ut-cells-too-small",
        UT,
        "sheets.yaml",
        "{kind: ladders, source: towers, size: 172mm}",
        "{kind: ladders, source: towers, size: 100mm}",
        Want("UT015", "sheets.yaml", "{kind: ladders, source: towers, size: 100mm}", "{kind: ladders"),
    ),
    # ------------------------------------------------------------ Dice Battle Monsters
    one(
        "db-monster-magic",
        DB,
        "cards.yaml",
        "      nonunit_class: enchant\n      nonunit_effect:\n        kind: optional\n        tag: S3\n        text:\n"
        "          ja: 自分がバトルに勝ったとき",
        "      nonunit_class: magic\n      nonunit_effect:\n        kind: optional\n        tag: S3\n        text:\n"
        "          ja: 自分がバトルに勝ったとき",
        Want(
            "DB001",
            "cards.yaml",
            "nonunit_class: magic\n      nonunit_effect:\n        kind: optional\n        tag: S3\n        text:\n"
            "          ja: 自分がバトルに勝ったとき",
            "magic",
        ),
    ),
    one(
        "db-spell-s4",
        DB,
        "cards.yaml",
        "        tag: S3\n        text:\n          ja: このバトルに勝ったとき、墓地",
        "        tag: S4\n        text:\n          ja: このバトルに勝ったとき、墓地",
        Want("DB002", "cards.yaml", "tag: S4", "S4"),
    ),
    one(
        "db-deck-count",
        DB,
        "model.yaml",
        "  deck_size: 24 ",
        "  deck_size: 25 ",
        Want("DB003", "model.yaml", "deck_size: 25", "25"),
    ),
    one(
        "db-unfilled-region",
        DB,
        "cards.yaml",
        "      art: sword\n",
        "",
        Want("DB012", "cards.yaml", "    fill:\n      title: {ja: 見習い騎士・ガラン", "fill"),
    ),
    Case(
        "db-template-cycle",
        DB,
        [
            (
                "templates.yaml",
                "    - id: dual\n      size: poker",
                "    - id: dual\n      extends: token\n      size: poker",
            )
        ],
        [
            Want("DB010", "templates.yaml", "extends: token", "token"),
            Want("DB010", "templates.yaml", "extends: dual", "dual"),
        ],
    ),
    one(
        "db-missing-region",
        DB,
        "templates.yaml",
        "        unit_effect: {box: [5mm, 41.6mm, 53mm, 15.9mm]}",
        "        unit_effekt: {box: [5mm, 41.6mm, 53mm, 15.9mm]}",
        Want("DB011", "templates.yaml", "unit_effekt:", "unit_effekt"),
    ),
    # ------------------------------------------------------------ game: generic, on the example Moonlit Tricks
    one(
        "mt-unfilled-region",
        MT,
        "decks.yaml",
        "          title: {ja: 日だまり, en: Sunny Spot}\n          rank: 2\n",
        "          title: {ja: 日だまり, en: Sunny Spot}\n",
        Want(
            "PK403",
            "decks.yaml",
            "fill:\n          title: {ja: 日だまり",
            "fill",
            message="does not fill 'rank'",
            path="decks[0].cards[1].fill",
        ),
    ),
    one(
        "mt-unknown-region",
        MT,
        "decks.yaml",
        "          title: {ja: 半月, en: Half Moon}\n",
        "          title: {ja: 半月, en: Half Moon}\n          colour: moon\n",
        Want(
            "PK404",
            "decks.yaml",
            "colour: moon",
            "colour",
            message="no region 'colour'",
            path="decks[0].cards[4].fill.colour",
        ),
    ),
    one(
        "mt-wrong-value",
        MT,
        "decks.yaml",
        "          rank: 3\n          suit: sun\n",
        "          rank: three\n          suit: sun\n",
        Want(
            "PK203", "decks.yaml", "rank: three", "three", message="number region", path="decks[0].cards[2].fill.rank"
        ),
    ),
    one(
        "mt-unknown-label",
        MT,
        "decks.yaml",
        "          rank: 2\n          suit: star\n",
        "          rank: 2\n          suit: stars\n",
        Want(
            "PK305",
            "decks.yaml",
            "suit: stars",
            "stars",
            message="no label named 'stars'",
            hint="comet, moon, star, sun",
            path="decks[0].cards[7].fill.suit",
        ),
    ),
    one(
        "mt-filled-twice",
        MT,
        "decks.yaml",
        "      - id: moon-1\n        fill:\n",
        "      - id: moon-1\n        title: {ja: 新月, en: New Moon}\n        fill:\n",
        Want(
            "PK409", "decks.yaml", "title: {ja: 三日月", "title", message="twice", path="decks[0].cards[3].fill.title"
        ),
    ),
    one(
        "mt-template-cycle",
        MT,
        "templates.yaml",
        "    - id: suit-card\n      size: poker\n",
        "    - id: suit-card\n      extends: suit-card\n      size: poker\n",
        Want("PK401", "templates.yaml", "extends: suit-card", "suit-card", message="extends itself"),
    ),
    one(
        "mt-missing-region",
        MT,
        "templates.yaml",
        "colour_from: suit}",
        "colour_from: suits}",
        Want("PK402", "templates.yaml", "colour_from: suits}", "suits}", message="'suits'"),
    ),
    one(
        "mt-unused-template",
        MT,
        "templates.yaml",
        'colour: "#75695a", align: middle, valign: middle}\n',
        'colour: "#75695a", align: middle, valign: middle}\n    - id: spare-card\n      extends: suit-card\n',
        Want("PK410", "templates.yaml", "- id: spare-card", "spare-card", severity="warning", message="no deck uses"),
    ),
    one(
        "mt-overlapping-regions",
        MT,
        "templates.yaml",
        "{name: power, kind: text, box: [5mm, 52mm,",
        "{name: power, kind: text, box: [5mm, 45mm,",
        Want(
            "PK405",
            "templates.yaml",
            "{name: power, kind: text, box: [5mm, 45mm,",
            "{name: power",
            severity="warning",
            message="overlaps 'pips'",
        ),
    ),
    one(
        "mt-unknown-template",
        MT,
        "decks.yaml",
        "    template: suit-card\n",
        "    template: suit-crad\n",
        Want(
            "PK305",
            "decks.yaml",
            "template: suit-crad",
            "suit-crad",
            message="no card template named 'suit-crad'",
            path="decks[0].template",
        ),
    ),
    one(
        "mt-deck-source",
        MT,
        "decks.yaml",
        "    template: suit-card\n",
        "    template: suit-card\n    source: cards\n",
        Want("PK407", "decks.yaml", "source: cards", "cards", message="no model lists", path="decks[0].source"),
    ),
    one(
        "mt-deck-size",
        MT,
        "decks.yaml",
        "    template: suit-card\n",
        "    template: suit-card\n    size: mini-euro\n",
        Want("PK408", "decks.yaml", "size: mini-euro", "mini-euro", message="63 × 88 mm", path="decks[0].size"),
    ),
    one(
        "mt-empty-deck",
        MT,
        "decks.yaml",
        "            en: Trump. Beats every suit. When several Comets are played, the last one wins.\n",
        "            en: Trump. Beats every suit. When several Comets are played, the last one wins.\n"
        "  - id: spares\n    name: {ja: 予備, en: Spares}\n    template: suit-card\n",
        Want("PK311", "decks.yaml", "- id: spares", "id: spares", message="no cards", path="decks[1]"),
    ),
    one(  # a layout finding: `validate` lays the pages out
        "mt-card-text-too-long",
        MT,
        "decks.yaml",
        "title: {ja: 流れ星, en: Shooting Star}",
        "title: {ja: 流れ星, en: Shooting Star of the Seventh Northern Autumn Sky}",
        Want(
            "PK309",
            "decks.yaml",
            "Shooting Star of the Seventh",
            "Shooting Star of",
            message="mm too tall for its",
            path="decks[0].cards[6].fill.title.en",
        ),
    ),
    one(
        "mt-placeholder",
        MT,
        "decks.yaml",
        "このカードで勝ったトリックは{full_moon_tricks}トリック",
        "このカードで勝ったトリックは{full_moon_trick}トリック",
        Want(
            "PK302",
            "decks.yaml",
            "{full_moon_trick}トリック",
            "このカード",
            message="{full_moon_trick}",
            path="decks[0].cards[5].fill.power.ja",
        ),
    ),
    one(
        "mt-board",
        MT,
        "kit.yaml",
        "include:\n",
        "board: {hex_size: 20mm}\ninclude:\n",
        Want("PK406", "kit.yaml", "board: {hex_size", "board", message="cannot print a board", path="board"),
    ),
    one(
        "mt-sheet-source",
        MT,
        "sheets.yaml",
        "            - {kind: field, size: 1, label: {ja: 色, en: Colour}}\n",
        "            - {kind: field, size: 1, label: {ja: 色, en: Colour}}\n"
        "            - {kind: legend, size: 1, source: symbols}\n",
        Want(
            "PK407",
            "sheets.yaml",
            "source: symbols",
            "symbols",
            message="no model lists",
            path="sheets[0].layout.items[0].items[2].source",
        ),
    ),
    Case(  # a layout finding: both fields of the 3 mm row are too low
        "mt-sheet-too-small",
        MT,
        [("sheets.yaml", "        - kind: row\n          size: 9mm\n", "        - kind: row\n          size: 3mm\n")],
        [
            Want(
                "PK412",
                "sheets.yaml",
                "{kind: field, size: 2, label: {ja: プレイヤー",
                "{kind: field, size: 2",
                message="field region",
            ),
            Want(
                "PK412",
                "sheets.yaml",
                "{kind: field, size: 1, label: {ja: 色",
                "{kind: field, size: 1",
                message="field region",
            ),
        ],
    ),
    one(
        "mt-token-diameter",
        MT,
        "tokens.yaml",
        "  diameter: 16mm\n",
        "  diameter: 200mm\n",
        Want("PK413", "tokens.yaml", "diameter: 200mm", "200mm", message="wider than", path="tokens.diameter"),
    ),
    one(
        "mt-parameter-clash",
        MT,
        "parameters.yaml",
        "  hand_size: 4\n",
        "  hand_size: 4\n  players_max: 4\n",
        Want(
            "PK304",
            "parameters.yaml",
            "players_max: 4",
            "players_max",
            message="already a placeholder",
            path="parameters.players_max",
        ),
    ),
]
CASES_BY_NAME = {case.name: case for case in CASES}


def _add(cases: list[Case]) -> None:
    """Add a group of cases to CASES, findable by name."""
    CASES.extend(cases)
    CASES_BY_NAME.update({case.name: case for case in cases})


def write(case: Case | str, tmp_path: Path) -> Path:
    """The bad kit, in tmp_path/<case name>."""
    if isinstance(case, str):
        case = CASES_BY_NAME[case]
    return make_bad_kit(tmp_path, case.edits, case.name, case.kit)


def located(case: Case, kit: Path) -> list[tuple[Want, int, int | None]]:
    """Each wanted finding with its line and column (None: not checked) in the bad kit written to `kit`."""
    out = []
    for want in case.wants:
        text = (kit / want.file).read_text(encoding="utf-8")
        line, col = marker_location(text, want.marker, want.col_at, f"{case.name}/{want.file}")
        out.append((want, line, col))
    return out


# ================================================================ issue 13, track A: decks in files, `count: 0`, own backs
# (appended block: validator/cardfiles.py, validator/tables.py and the generic game; the CSV and workbook cases need
# files the kits do not have, so they live in tests/test_tables.py)

_TRACK_A_CASES: list[Case] = [
    Case(
        "mt-count-zero",
        MT,
        [("decks.yaml", "      - id: comet\n        count: 3\n", "      - id: comet\n        count: 0\n")],
        [
            Want("PK420", "decks.yaml", "count: 0", "0", message="switched off", severity="warning"),
            # the 9 cards left cannot deal 4 to each of 3 players
            Want("PK338", "play.yaml", "setup: {per_player", message="setup for 3 players deals 4 × 3 + 0 = 12"),
        ],
    ),
    one(
        "mt-cards-file-missing",
        MT,
        "decks.yaml",
        "    cards:\n",
        "    cards:\n      - tricks.csv\n",
        Want("PK107", "decks.yaml", "- tricks.csv", "tricks.csv", message="does not exist", path="decks[0].cards[0]"),
    ),
    one(
        "mt-cards-file-not-a-list",
        MT,
        "decks.yaml",
        "    cards:\n",
        "    cards:\n      - rules.yaml\n",
        Want("PK109", "rules.yaml", "rules:\n  sections:", "rules", message="a card file holds a list of cards"),
    ),
    one(
        "mt-include-table",
        MT,
        "kit.yaml",
        "  - rules.yaml\n",
        "  - rules.yaml\n  - cards.xlsx\n",
        Want("PK544", "kit.yaml", "- cards.xlsx", "cards.xlsx", hint="cards: cards.xlsx", path="include[6]"),
    ),
    one(
        "mt-back-unknown-template",
        MT,
        "decks.yaml",
        "      - id: sun-1\n",
        "      - id: sun-1\n        back: {template: sun-back}\n",
        Want("PK305", "decks.yaml", "back: {template: sun-back}", "sun-back", path="decks[0].cards[0].back.template"),
        also=("PK432",),  # one card's own back in a shuffled deck
    ),
    Case(
        "mt-back-unfilled",
        MT,
        [
            (
                "decks.yaml",
                "      - id: moon-1\n",
                "      - id: moon-1\n        back: {fill: {title: {ja: 新月, en: New Moon}}}\n",
            )
        ],
        [
            Want(
                "PK403",
                "decks.yaml",
                "back: {fill:",
                "fill:",
                message=f"'{region}'",
                path="decks[0].cards[3].back.fill",
            )
            for region in ("rank", "suit", "pips")
        ],
        also=("PK432",),  # one card's own back in a shuffled deck
    ),
]
_add(_TRACK_A_CASES)
# ================================================================ end of issue 13, track A


# ================================================================ issue 13, track B: pictures on cards, picture icons
# (appended block: validator/images.py and the card templates; the cases that need a picture file the kit does not
# have — a truncated PNG, a 100-megapixel PNG, a 72 ppi one, CMYK, SVG with text — live in tests/test_images.py)

_MT_ART_REGION = (
    "templates.yaml",
    '        - {name: flavour, kind: text, box: [5mm, 77mm, 53mm, 7mm], required: false, size: 6, min_size: 6, colour: "#75695a", align: middle, valign: middle}\n',
    '        - {name: flavour, kind: text, box: [5mm, 77mm, 53mm, 7mm], required: false, size: 6, min_size: 6, colour: "#75695a", align: middle, valign: middle}\n'
    "        - {name: art, kind: image, box: [44mm, 16mm, 14mm, 5mm], required: false}\n",
)
"""An image region beside the suit label, which no card of the example fills."""
_MT_SUN_1_FLAVOUR = "          flavour: {ja: 一番に起きた者がリードする。, en: The first one up leads.}\n"

_TRACK_B_CASES: list[Case] = [
    Case(
        "img-missing",
        MT,
        [_MT_ART_REGION, ("decks.yaml", _MT_SUN_1_FLAVOUR, _MT_SUN_1_FLAVOUR + "          art: art/moon.png\n")],
        [
            Want(
                "PK107",
                "decks.yaml",
                "art: art/moon.png",
                "art/moon.png",
                message="'art/moon.png' does not exist",
                path="decks[0].cards[0].fill.art",
            )
        ],
    ),
    Case(
        "img-outside-the-kit",
        MT,
        [_MT_ART_REGION, ("decks.yaml", _MT_SUN_1_FLAVOUR, _MT_SUN_1_FLAVOUR + "          art: ../moon.png\n")],
        [Want("PK108", "decks.yaml", "art: ../moon.png", "../moon.png", message="outside the kit directory")],
    ),
    Case(
        "img-not-a-picture",
        MT,
        [_MT_ART_REGION, ("decks.yaml", _MT_SUN_1_FLAVOUR, _MT_SUN_1_FLAVOUR + "          art: rules.yaml\n")],
        [Want("PK321", "decks.yaml", "art: rules.yaml", "rules.yaml", message="image regions take PNG, JPEG or SVG")],
    ),
    Case(  # a key where a picture file belongs, and a file where a label key belongs
        "img-wrong-value",
        MT,
        [
            _MT_ART_REGION,
            ("decks.yaml", _MT_SUN_1_FLAVOUR, _MT_SUN_1_FLAVOUR + "          art: sunrise\n"),
            (
                "decks.yaml",
                '          suit: moon\n          pips: {ja: "{moon}", en: "{moon}"}\n          flavour:',
                '          suit: kit.yaml\n          pips: {ja: "{moon}", en: "{moon}"}\n          flavour:',
            ),
        ],
        [
            Want("PK203", "decks.yaml", "art: sunrise", "sunrise", message="image region and takes a PNG, JPEG or SVG"),
            Want("PK203", "decks.yaml", "suit: kit.yaml", "kit.yaml", message="label region"),
            Want("PK321", "decks.yaml", "suit: kit.yaml", "kit.yaml"),
        ],
    ),
    one(
        "img-icon-glyph",  # icon text was never checked against the font: tofu with 0 errors
        MT,
        "templates.yaml",
        'sun:   {shape: disc, text: "☀", colour: "#c8611f"}',
        'sun:   {shape: disc, text: "🌋", colour: "#c8611f"}',
        Want(
            "PK307",
            "templates.yaml",
            'text: "🌋"',
            '"🌋"',
            message="icon {sun}: the font cannot draw U+1F30B",
            path="card_templates.icons.sun.text",
        ),
    ),
    one(
        "img-field-on-a-text-region",
        MT,
        "templates.yaml",
        "{name: title, kind: text, box: [14.5mm, 4mm, 44.5mm, 8mm], size: 10,",
        "{name: title, kind: text, fit: cover, box: [14.5mm, 4mm, 44.5mm, 8mm], size: 10,",
        Want("PK203", "templates.yaml", "fit: cover", "fit", message="`fit:` is for image regions"),
    ),
]
_add(_TRACK_B_CASES)
# ================================================================ end of issue 13, track B


# ================================================================ issue 13, track C: rich text and fonts
# (appended block: validator/markup.py and checks.check_markup / check_fonts; generator/typeset/fonts.py reads the files)

_TRACK_C_CASES: list[Case] = [
    one(
        "mt-markup-unbalanced-bold",
        MT,
        "decks.yaml",
        "flavour: {ja: 一番に起きた者がリードする。, en: The first one up leads.}",
        "flavour: {ja: 一番に起きた者がリードする。, en: 'The first one up **leads.'}",
        Want(
            "PK520",
            "decks.yaml",
            "en: 'The first one up **leads.'",
            "**leads",
            message="`**` starts bold text that never ends",
            path="decks[0].cards[0].fill.flavour.en",
        ),
    ),
    one(
        "mt-markup-unknown-colour",
        MT,
        "decks.yaml",
        'flavour: {ja: 細くても、月は月。, en: "Thin, but still the moon."}',
        'flavour: {ja: 細くても、<silver>月</>は月。, en: "Thin, but still the moon."}',
        Want("PK521", "decks.yaml", "<silver>", "<silver>", message="`<silver>` is not a colour", hint="#rrggbb"),
    ),
    one(
        "mt-font-unknown-family",
        MT,
        "kit.yaml",
        "languages: [ja, en]\n",
        "languages: [ja, en]\nfonts: {default: comic-sans}\n",
        Want("PK523", "kit.yaml", "fonts: {default: comic-sans}", "comic-sans", path="fonts.default"),
    ),
    one(
        "mt-font-not-truetype",  # found when the kit is laid out, as `pnpkit validate` does
        MT,
        "kit.yaml",
        "languages: [ja, en]\n",
        "languages: [ja, en]\nfonts:\n  families:\n    serif: {regular: rules.yaml}\n  default: serif\n",
        Want(
            "PK522",
            "kit.yaml",
            "serif: {regular: rules.yaml}",
            "rules.yaml",
            message="rules.yaml is not a font file",
            path="fonts.families.serif.regular",
        ),
    ),
    one(
        "mt-font-file-missing",
        MT,
        "kit.yaml",
        "languages: [ja, en]\n",
        "languages: [ja, en]\nfonts:\n  families:\n    serif: {regular: fonts/serif.ttf}\n  languages: {en: serif}\n",
        Want(
            "PK107",
            "kit.yaml",
            "serif: {regular: fonts/serif.ttf}",
            "fonts/serif.ttf",
            message="does not exist",
            path="fonts.families.serif.regular",
        ),
    ),
]
_add(_TRACK_C_CASES)
# ================================================================ end of issue 13, track C


# ------------------------------------------------------------ codes no other case raises
_UNRAISED_CASES: list[Case] = [
    one(
        "es-unknown-territory",
        ES,
        "board.yaml",
        '    - "F N W"\n',
        '    - "F N Q"\n',
        Want("ES002", "board.yaml", '"F N Q"', col_at="Q", message="'Q'"),
        also=("ES004",),  # its territory is now a cell short
    ),
    one(
        "es-board-islands",
        ES,
        "board.yaml",
        '  rows:\n    - "F N W"\n    - "F A E W"\n    - "E W N F A"\n    - "A F E W N E"\n    - "N W X A F"\n'
        '    - "W E N F A N"\n    - "F A W E N"\n    - "E N A F"\n    - "A E W"\n',
        "  cells:\n    - {q: 0, r: 0, terrain: centre}\n    - {q: 6, r: 0, terrain: fire}\n",
        Want("ES005", "board.yaml", "hex_size: auto", col_at="hex_size", message="separate islands"),
        also=("ES004", "ES006"),  # the two cells leave every territory short and the centre off-centre
    ),
    one(
        "db-unknown-class",
        DB,
        "model.yaml",
        "unit: human, nonunit: magic, designs: 5}",
        "unit: human, nonunit: magik, designs: 5}",
        Want("DB007", "model.yaml", "nonunit: magik", col_at="magik", message="'magik'"),
        also=("DB001", "DB003", "DB009", "DB012"),
    ),
    one(
        "db-design-count",
        DB,
        "model.yaml",
        "unit: human, nonunit: magic, designs: 5}",
        "unit: human, nonunit: magic, designs: 6}",
        Want("DB009", "model.yaml", "designs: 6", col_at="6}", message="5 human-magic designs"),
    ),
    one(
        "db-effect-kind",
        DB,
        "cards.yaml",
        "      art: flame\n      unit_level: 3\n      unit_class: human\n      unit_effect:\n        kind: optional\n",
        "      art: flame\n      unit_level: 3\n      unit_class: human\n      unit_effect:\n        kind: sometimes\n",
        Want("DB017", "cards.yaml", "kind: sometimes", col_at="sometimes", message="optional or forced"),
        also=("PK305",),  # the effect kinds are labels too
    ),
    one(
        "db-template-region-kind",
        DB,
        "templates.yaml",
        "        - name: unit_level\n          kind: number\n",
        "        - name: unit_level\n          kind: text\n",
        Want("DB021", "cards.yaml", "- id: flaze", message="not a number region, as 'unit_level'"),
        also=("DB021", "PK203"),  # every card of the template; their levels are numbers, not text
    ),
    one(
        "pk-key-in-two-files",
        ES,
        "tokens.yaml",
        "tokens:\n",
        'version: "2"\ntokens:\n',
        Want("PK110", "tokens.yaml", 'version: "2"', col_at="version", message="'version' is already defined"),
    ),
]
CASES += _UNRAISED_CASES
CASES_BY_NAME.update({case.name: case for case in _UNRAISED_CASES})


# ------------------------------------------------------------ issue 15: `ignore:` entries, numbers that are claims
_CONTROL_CASES: list[Case] = [
    one(  # a number in prose that contradicts the model: the only finding, a warning naming both places
        "mt-prose-contradicts-the-model",
        MT,
        "rules.yaml",
        "en: The winner of a trick leads the next one.",
        "en: The winner of a trick leads the next one, in a game for 2-5 players.",
        Want(
            "PK346",
            "rules.yaml",
            "for 2-5 players",
            "The winner",
            message="at most 5 players, but the model says at most 3 players at kit.yaml:",
            severity="warning",
        ),
    ),
    Case(  # dates, a version, ordinals and list numbering are no claims: no finding at all
        "mt-numbers-that-are-no-claims",
        MT,
        [
            (
                "rules.yaml",
                "ja: 最年少のプレイヤーがリードマーカーを取る。",
                "ja: ①最年少のプレイヤーがリードマーカーを取る（2024年11月5日改訂、v1.2）。第1トリックは2番目のプレイヤーから。",
            ),
            (
                "rules.yaml",
                "en: The youngest player takes the lead marker.",
                'en: "1. The youngest player takes the lead marker (rules of 2024-11-05, v1.2); the 2nd player leads the 1st trick."',
            ),
        ],
        [],
    ),
    one(  # Earth's Blessing: one card more than the usual 2 is 3, not 4
        "es-event-usual-and-now-disagree",
        ES,
        "events.yaml",
        "ja: 次のターン、全プレイヤーはエレメントカードを{cards}枚多く引く。",
        "ja: 次のターン、全プレイヤーは通常の{draws_per_turn}枚ではなく4枚引く。",
        Want("PK323", "events.yaml", "ではなく4枚引く", "次のターン", message="makes it 2 + 1 = 3", severity="warning"),
    ),
    Case(  # "normally 2, now 3" and "1 card instead of the usual 2": base ± change, in both events
        "es-event-usual-and-now-agree",
        ES,
        [
            (
                "events.yaml",
                "ja: 次のターン、全プレイヤーはエレメントカードを{cards}枚多く引く。",
                "ja: 次のターン、全プレイヤーは通常の2枚ではなく3枚引く。",
            ),
            (
                "events.yaml",
                "en: On their next turn, every player draws {cards} fewer element card.",
                "en: On their next turn, every player draws 1 card instead of the usual 2 cards.",
            ),
        ],
        [],  # numbers that agree with the model are no finding
    ),
    one(  # an entry whose finding has gone
        "mt-ignore-unused",
        MT,
        "kit.yaml",
        "include:\n",
        'ignore:\n  - {code: PK346, at: rules.yaml:12, why: "a year, not a rule"}\ninclude:\n',
        Want(
            "PK330",
            "kit.yaml",
            "{code: PK346, at: rules.yaml:12",
            "{code",
            message="no PK346 at rules.yaml:12; it was meant for: a year, not a rule",
            severity="warning",
        ),
    ),
    Case(  # entries that cannot be used: each is an error at its own place, and silences nothing
        "mt-ignore-refused",
        MT,
        [
            (
                "kit.yaml",
                "include:\n",
                "ignore:\n"
                "  - {code: PK346, at: rules.yaml:12}\n"
                '  - {code: PK201, at: kit.yaml:3, why: "an old field"}\n'
                '  - {code: PK404, at: "rules.yaml", why: "no line"}\n'
                '  - {code: PK999, path: rules, why: "no such code"}\n'
                '  - {code: PK346, why: "no place"}\n'
                "include:\n",
            )
        ],
        [
            Want("PK331", "kit.yaml", "{code: PK346, at: rules.yaml:12}", "{code", message="gives no reason"),
            Want("PK331", "kit.yaml", "{code: PK201", "PK201", message="cannot be silenced", path="ignore[1].code"),
            Want("PK331", "kit.yaml", "{code: PK404", '"rules.yaml"', message="not a place", path="ignore[2].at"),
            Want("PK331", "kit.yaml", "{code: PK999", "PK999, path", message="no finding code 'PK999'"),
            Want("PK331", "kit.yaml", '{code: PK346, why: "no place"}', "{code", message="names no place"),
        ],
    ),
]
CASES += _CONTROL_CASES
CASES_BY_NAME.update({case.name: case for case in _CONTROL_CASES})


# ---------------------------------------------------------------- the shared rule vocabulary, on the generic example
# Each check of validator/proofread fires on an edit of tests/fixtures/generic/moonlit-tricks (play.yaml holds its
# `play:` block), asserted by code and line.

_PLAY_TIE = "    tie_break: [points, exact-bids]\n"
_PLAY_PILE = (
    "      after_use: deck        # every card comes back for the next round's deal\n      reshuffle: when-empty\n"
)
_PLAY_KINDS = "  effect_kinds: [trump]\n"
_VOCABULARY_CASES: list[Case] = [
    Case(
        "mt-tie-break-order",
        MT,
        [("play.yaml", _PLAY_TIE, "    tie_break: [points, points]\n")],
        [
            Want("PK314", "play.yaml", "tie_break: [points, points]", "points]", message="lists 'points' twice"),
            Want("PK314", "play.yaml", "tie_break: [points, points]", "[points", message="leaves out exact-bids"),
        ],
    ),
    one(
        "mt-undefined-phase",
        MT,
        "rules.yaml",
        "        ja: 手札を見て、このラウンドで",
        "        ja: エンドフェイズまでに手札を見て、このラウンドで",
        Want(
            "PK334",
            "rules.yaml",
            "ja: エンドフェイズまでに",
            "エンド",
            message="'エンドフェイズ' names a phase",
            severity="warning",
        ),
    ),
    one(
        "mt-undefined-phase-en",
        MT,
        "rules.yaml",
        "        en: Look at your hand and tick",
        "        en: In the Draw phase, look at your hand and tick",
        Want(
            "PK334",
            "rules.yaml",
            "In the Draw phase",
            "In the",
            message="'Draw phase'",
            hint="bidding",
            severity="warning",
        ),
    ),
    one(
        "mt-undefined-quoted-name",
        MT,
        "rules.yaml",
        "        - ja: 最年少のプレイヤーがリードマーカーを取る。",
        "        - ja: 最年少のプレイヤーが「リードマーク」を取る。",
        Want(
            "PK333",
            "rules.yaml",
            "「リードマーク」",
            "最年少",
            message="「リードマーク」",
            hint="リードマーカー",
            severity="warning",
        ),
    ),
    one(
        "mt-hand-limit-target",
        MT,
        "play.yaml",
        _PLAY_KINDS,
        "  hand_limit: {limit: 3, checked: end-of-turn, discard_to: 2}\n" + _PLAY_KINDS,
        Want("PK315", "play.yaml", "discard_to: 2", "2}", message="discards down to 2"),
    ),
    one(
        "mt-hand-limit-never-binds",
        MT,
        "play.yaml",
        _PLAY_KINDS,
        "  hand_limit: {limit: 6, checked: end-of-turn, discard_to: 6}\n" + _PLAY_KINDS,
        Want("PK339", "play.yaml", "limit: 6", "6,", message="never binds", severity="warning"),
    ),
    one(
        "mt-supply-short-of-a-win",
        MT,
        "play.yaml",
        "  scoring:\n",
        "    - {id: moons, name: {ja: 月, en: Moons}, count: 3, per: player, win: 3, most_per_turn: 2}\n  scoring:\n",
        Want("PK332", "play.yaml", "count: 3, per: player", "3, per", message="a player on 2 who gains 2"),
    ),
    Case(
        "mt-recipes-unordered",
        MT,
        [
            (
                "play.yaml",
                _PLAY_KINDS,
                "  recipes:\n"
                "    - {id: eclipse, name: {ja: 日食, en: Eclipse}, category: combo, inputs: [sun, moon]}\n"
                "    - {id: dusk, name: {ja: 黄昏, en: Dusk}, category: combo, inputs: [moon, sun]}\n"
                "    - {id: twilight, name: {ja: 薄明, en: Twilight}, category: bid, inputs: [sun, moon]}\n"
                + _PLAY_KINDS,
            )
        ],
        [
            Want("PK317", "play.yaml", "inputs: [moon, sun]", "[moon", message="same inputs as '日食'"),
            Want("PK318", "play.yaml", "category: bid", "[sun", message="use the same inputs", severity="warning"),
            Want("PK318", "play.yaml", "category: bid", "[sun", message="use the same inputs", severity="warning"),
        ],
    ),
    Case(
        "mt-number-base-and-change",
        MT,
        [
            ("play.yaml", _PLAY_KINDS, "  effect_kinds: [trump, deal]\n"),
            (
                "play.yaml",
                "      target: trick\n  choices:",
                "      target: trick\n"
                "    - id: generous\n      name: {ja: 大盤振る舞い, en: Generous deal}\n      kind: deal\n"
                '      target: trick\n      changes: {cards: {base: "{hand_size}", by: 1}}\n'
                '      text: {ja: "通常の{hand_size}枚ではなく6枚配る。", en: "Deal one card more than usual."}\n'
                "  choices:",
            ),
        ],
        [Want("PK323", "play.yaml", "ではなく6枚配る", '"通常', message="makes it 4 + 1 = 5", severity="warning")],
    ),
    one(
        "mt-lookalike-in-rule-text",
        MT,
        "rules.yaml",
        "        - ja: トリックに勝った人が次のトリックをリードする。",
        "        - ja: 卜リックに勝った人が次のトリックをリードする。",
        Want("PK312", "rules.yaml", "卜リックに勝った人", "卜リック", message="U+535C", severity="warning"),
        also=("PK336",),  # 卜リック is also one character away from トリック
    ),
    Case(
        "mt-deck-runs-dry",
        MT,
        [("play.yaml", _PLAY_PILE, "      draws_per_turn: 1\n      after_use: discard\n      reshuffle: never\n")],
        [Want("PK337", "play.yaml", "  - id: deck", "id: deck", message="take 21", hint="reshuffle")],
    ),
    one(
        "mt-effect-after-the-end",
        MT,
        "play.yaml",
        "      target: trick\n  choices:",
        "      target: trick\n      timing: {every: 3, unit: round, at: end}\n  choices:",
        Want("PK342", "play.yaml", "timing: {every: 3", "{every", message="at the end of round 3", severity="warning"),
    ),
    one(
        "mt-unspecified",
        MT,
        "play.yaml",
        "      reshuffle: when-empty\n",
        "      reshuffle: {unspecified: the rulebook never says}\n",
        Want(
            "PK340",
            "play.yaml",
            "reshuffle: {unspecified",
            "{unspecified",
            message="the rulebook never says",
            severity="warning",
        ),
    ),
    Case(
        "mt-as-written-default",
        MT,
        [
            ("kit.yaml", "players: {min: 2, max: 3}\n", "players: {min: 2, max: 3}\nas_written: true\n"),
            ("play.yaml", "count: 1, per: shared}", "count: 1}"),
        ],
        [
            Want(
                "PK341",
                "play.yaml",
                "    - {id: lead, name: {ja: リードマーカー",
                "{id",
                message="does not say per",
                severity="warning",
            )
        ],
    ),
    one(
        "mt-glossary-variant",
        MT,
        "rules.yaml",
        "        - ja: トリックに勝った人が次のトリックをリードする。",
        "        - ja: とりっくに勝った人が次のトリックをリードする。",
        Want("PK335", "rules.yaml", "とりっくに勝った人", "とりっく", message="'とりっく'", severity="warning"),
    ),
    one(
        "mt-near-duplicate-term",
        MT,
        "rules.yaml",
        "        - ja: トリックに勝った人が次のトリックをリードする。",
        "        - ja: トリッグに勝った人が次のトリックをリードする。",
        Want(
            "PK336",
            "rules.yaml",
            "トリッグに勝った人",
            "トリッグ",
            message="'トリッグ' is written once",
            severity="warning",
        ),
    ),
    one(
        "mt-choice-of-one",
        MT,
        "play.yaml",
        '        - {ja: "1", en: "1"}\n        - {ja: "2", en: "2"}\n        - {ja: "3", en: "3"}\n'
        '        - {ja: "4", en: "4"}\n',
        "",
        Want("PK316", "play.yaml", '- {ja: "0", en: "0"}', "-", message="offers 1 option"),
    ),
    one(
        "mt-effect-target",
        MT,
        "play.yaml",
        "      kind: trump\n      target: trick\n",
        "      kind: trump\n      target: player\n",
        Want("PK320", "play.yaml", "target: player", "player", message="targets 'player'"),
    ),
]
_add(_VOCABULARY_CASES)

# ------------------------------------------------------------ the table: components for every state, credits
_STATE_LEAD = "    - {id: lead, name: {ja: リード, en: Lead}, on: player, most: 1}\n"
_TABLE_CASES: list[Case] = [
    one(
        "mt-state-without-component",
        MT,
        "play.yaml",
        _STATE_LEAD,
        _STATE_LEAD + "    - {id: frozen, name: {ja: 凍結, en: Frozen}, on: card}\n",
        Want("PK343", "play.yaml", "id: frozen", "{id: frozen", message="'凍結'", hint="{id: frozen, …}"),
    ),
    one(
        "mt-state-too-few-markers",
        MT,
        "play.yaml",
        _STATE_LEAD,
        _STATE_LEAD.replace("most: 1", "most: 2"),
        Want("PK343", "tokens.yaml", "id: lead", "1, colour", message="1 lead piece(s), but up to 2", hint="count: 2"),
    ),
    one(
        "mt-state-no-countdown",
        MT,
        "play.yaml",
        _STATE_LEAD,
        _STATE_LEAD.replace("most: 1}", "most: 1, lasts: {count: 2, unit: round, scope: all}}"),
        Want("PK343", "tokens.yaml", "id: lead", "{id: lead", message="lasts 2 rounds", hint="countdown: 2"),
    ),
    one(
        "mt-lasting-effect-without-component",
        MT,
        "play.yaml",
        "      kind: trump\n      target: trick\n",
        "      kind: trump\n      target: trick\n      duration: {count: 2, unit: round, scope: all}\n",
        Want("PK343", "play.yaml", "- id: comet", "id", message="'彗星'"),
    ),
    one(
        "mt-credits-name-the-game",
        MT,
        "kit.yaml",
        "author: pnpkit (sample design)",
        "author: 'Rules: Moonlit Tricks · kit: pnpkit'",
        Want("PK345", "kit.yaml", "author: 'Rules", "'Rules", message="'Rules: Moonlit Tricks'", severity="warning"),
    ),
    one(
        "we-one-piece-for-two-positions",
        WE,
        "board.yaml",
        "  - {id: mana-marker, shows: mana-order, shape: disc, name: {ja: 魔力マーカー, en: Mana marker}}\n",
        "",
        Want(
            "PK343",
            "board.yaml",
            "  first: 5",
            "first",
            message="'魔力シート上の位置（行動順）'",
            hint="shows: mana-order",
        ),
    ),
    one(
        "es-crater-without-countdown",
        ES,
        "tokens.yaml",
        "icon: crater, countdown: 2}",
        "icon: crater}",
        Want("PK343", "tokens.yaml", "id: volcano", "{id: volcano", message="lasts 2 cycles", hint="countdown: 2"),
    ),
    one(
        "es-defence-without-marker",
        ES,
        "tokens.yaml",
        '    - {id: mud-wall, name: {ja: 泥の壁, en: Mud Wall}, count: 4, colour: "#7a5a2e", icon: mud-wall}\n',
        "",
        Want(
            "PK343",
            "combos.yaml",
            "      action: shield\n      target: self\n      duration: {count: 1, unit: turn",
            "action",
            message="'泥の壁'",
            hint="{id: mud-wall, …}",
        ),
    ),
    one(
        "es-too-few-defence-markers",
        ES,
        "tokens.yaml",
        "name: {ja: 溶岩バリア, en: Lava Barrier}, count: 4,",
        "name: {ja: 溶岩バリア, en: Lava Barrier}, count: 3,",
        Want(
            "PK343",
            "tokens.yaml",
            "id: lava-barrier",
            "3, colour",
            message="3 lava-barrier piece(s), but up to 4",
            hint="count: 4",
        ),
    ),
    one(
        "db-main-zone-one-card",
        DB,
        "model.yaml",
        "    name: {ja: メインゾーン, en: Main zone}\n    slots: 3\n",
        "    name: {ja: メインゾーン, en: Main zone}\n    slots: 1\n",
        Want("PK343", "model.yaml", "slots: 1", "1", message="shows 1 card space(s), but the rules put up to 2"),
    ),
]
_add(_TABLE_CASES)
