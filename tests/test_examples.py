"""Every example and every content kit lists its components and builds: each validates with no error, and its
built English kit book's checklist (the contents pages of kit.pdf) and index.json name exactly the parts this
file expects. Kits missing from EXPECTED are only built; a kit in EXPECTED whose list differs fails.

Also: one back for a shuffled deck (PK432, validator/games/generic_cards.py), raised at the odd card's back and
silent where the deck shares a back or says `shuffled: false`.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import KITS, REPO, cli, line_of
from pdftext import page_texts

from pnpkit.validator.kit import load_kit

CHECKLIST_HEADING = "Checklist of components"
ITEM = re.compile(r"(\S.*?) × (\d+)(?= [A-Z0-9]|$)")
"""One checklist entry as the contents page prints it: a name, then × and its count, which ends the line or is
followed by the next entry (a capital or a digit): "9 × 9 board × 1" is one entry, named "9 × 9 board"."""


EXPECTED: dict[str, tuple[tuple[str, ...], tuple[tuple[str, int], ...]]] = {
    # kit directory name: (index.json component ids, (checklist name, count) in the English kit book)
    "element-shift": (
        ("board", "cards", "tokens", "rules"),
        (
            ("Game board", 1),
            ("Element cards: Fire", 10),
            ("Element cards: Water", 10),
            ("Element cards: Wind", 10),
            ("Element cards: Earth", 10),
            ("Shift cards", 7),
            ("Combo reference cards", 9),
            ("Player tokens: Red", 9),
            ("Player tokens: Blue", 9),
            ("Player tokens: Yellow", 9),
            ("Player tokens: Purple", 9),
            ("Shift marker", 1),
            ("Cycle marker", 1),
            ("Crater", 2),
            ("Destroyed cell", 6),
            ("Mud Wall", 4),
            ("Lava Barrier", 4),
            ("Cold Wind Shield", 4),
            ("Sandstorm Guard", 4),
            ("Cycle track", 1),
        ),
    ),
    "dice-battle-monsters": (
        ("cards", "mat", "tokens", "rules"),
        (
            ("Flaze, Fire Witch Apprentice", 2),
            ("Frome, Ice Mage Apprentice", 2),
            ("Galan, the Squire", 2),
            ("Lumina, Shrine Maiden", 2),
            ("Mira, Wandering Seer", 2),
            ("Amanojaku, the Contrarian", 2),
            ("Goblin Thief", 2),
            ("Daisy of the Lost Wood", 2),
            ("Wobbly Slime", 2),
            ("Stone Gargoyle", 2),
            ("Fire-breathing Dragon", 2),
            ("Black Cat of the Night", 2),
            ("Lamplight", 2),
            ("Play mat A + B", 1),
            ("Treasure", 6),
            ("Faith", 2),
            ("Blessing", 2),
            ("Mark", 12),
            ("First player", 1),
            ("Fold-up dice", 2),
        ),
    ),
    "shogi-tcg": (
        ("map", "cards", "tokens", "rules"),
        (
            ("Map", 1),
            ("Deck (spells, buildings, relics)", 36),
            ("Creature deck", 27),
            ("Mana deck", 35),
            ("Colour cards", 5),
            ("Player piece", 4),
            ("Piece markers", 64),
            ("Life", 20),
        ),
    ),
    "unlock-tower": (
        ("tower-sheet", "score-pad", "rules"),
        (("Tower sheet", 4), ("Score pad", 1), ("Rule summary", 1)),
    ),
    "wizards-element-collection": (
        ("board", "cards", "mana-sheet", "reference", "rules"),
        (
            ("Board", 1),
            ("Heart", 9),
            ("Wind", 9),
            ("Earth", 9),
            ("Grass", 7),
            ("Light", 3),
            ("Dark", 1),
            ("Void", 2),
            ("Evil", 8),
            ("Water", 7),
            ("Ice", 5),
            ("Flame", 5),
            ("Copper", 3),
            ("Mana sheet", 1),
            ("Wizard standee", 4),
            ("Mana marker", 4),
            ("Cannot-act marker", 3),
            ("Scoring reference cards", 4),
        ),
    ),
    "daifugo": (
        ("cards-playing-cards", "tokens", "rules"),
        (("Playing cards", 54), ("Revolution", 1), ("Rule summary", 1)),
    ),
    "koi-koi": (("cards-hanafuda", "rules"), (("Hanafuda cards", 48), ("Rule summary", 1))),
    "starlit-bazaar": (
        ("cards-goods", "cards-aids", "tokens", "rules"),
        (
            ("Goods cards", 18),
            ("Aid cards", 5),
            ("Coin (1)", 40),
            ("Coin (worth 5)", 8),
            ("Stars", 22),
            ("Gems", 11),
            ("Rule summary", 1),
        ),
    ),
    "weather-walk": (
        ("cards-weather", "sheet-diary", "tokens", "rules"),
        (
            ("Weather cards", 18),
            ("Weather diary", 4),
            ("Player tokens: Red", 1),
            ("Player tokens: Blue", 1),
            ("Player tokens: Green", 1),
            ("Player tokens: Yellow", 1),
            ("First player", 1),
            ("Walking path", 1),
            ("Rule summary", 1),
        ),
    ),
    "moonlit-tricks": (
        ("cards-tricks", "sheet-player-sheet", "tokens", "rules"),
        (
            ("Trick cards", 12),
            ("Player sheet", 3),
            ("Player tokens: Red", 2),
            ("Player tokens: Blue", 2),
            ("Player tokens: Green", 2),
            ("Lead", 1),
            ("Score track", 1),
            ("Rule summary", 1),
        ),
    ),
    # examples/game-package/kits/coin-race: built where the plug-in is installed (here, and tests/test_game_package.py)
    "coin-race": (
        ("cards-coins", "race-track", "rules"),
        (
            ("Coins", 16),
            ("Race track", 1),
            ("Pawn: Red", 1),
            ("Pawn: Blue", 1),
            ("Pawn: Green", 1),
            ("Pawn: Purple", 1),
            ("Rule summary", 1),
        ),
    ),
    "board-game": (
        ("cards-goods", "sheet-score-pad", "island", "market", "tokens", "rules"),
        (
            ("Goods", 21),
            ("Score pad", 1),
            ("The island sea", 1),
            ("Market", 1),
            ("Red ship", 1),
            ("Blue ship", 1),
            ("Green ship", 1),
            ("Yellow ship", 1),
            ("Gold coin 1", 40),
            ("Gold coin 5", 12),
            ("Rule summary", 1),
        ),
    ),
    "go": (
        ("sheet-score-sheet", "go-9", "go-13", "tokens", "rules"),
        (
            ("Score sheet", 1),
            ("9 × 9 board", 1),
            ("13 × 13 board", 1),
            ("Black stones", 90),
            ("White stones", 90),
            ("Rule summary", 1),
        ),
    ),
    "hex": (
        ("hex-board", "tokens", "rules"),
        (("11 × 11 board", 1), ("Red stones", 61), ("Blue stones", 61), ("Rule summary", 1)),
    ),
}
"""What each kit's English edition lists. Add a kit here when its parts are settled."""

COIN_RACE = REPO / "examples" / "game-package" / "kits" / "coin-race"


def listed(edition: Path) -> tuple[tuple[str, ...], tuple[tuple[str, int], ...]]:
    """A built edition's component ids (index.json) and its kit book's checklist, read from the PDF's text: the
    lines after the checklist heading that name a part and its count, on every page before the first component."""
    index = json.loads((edition / "index.json").read_text(encoding="utf-8"))
    ids = tuple(component["id"] for component in index["components"])
    first = min(c["kit_pdf_first_page"] for c in index["components"] if c["kit_pdf_first_page"])
    text = "\n".join(page_texts(edition / "kit.pdf", slice(1, first - 1)))
    assert CHECKLIST_HEADING in text, edition
    items: list[tuple[str, int]] = []
    for line in text.split(CHECKLIST_HEADING, 1)[1].splitlines():
        if CHECKLIST_HEADING in line:  # the heading again, on a page the checklist flows onto
            continue
        found = ITEM.findall(line)
        if not found and items:
            break
        items += [(name.strip(), int(count)) for name, count in found]
    return ids, tuple(items)


@pytest.mark.parametrize("name", sorted(KITS))
def test_every_kit_validates_builds_and_lists_its_parts(kits, name):
    loaded = kits.loaded(name)
    errors = [f.text() for f in loaded.report.findings if f.severity.value == "error"]
    assert loaded.ok and errors == [], errors
    built, _again = kits.builds(name)
    for lang in loaded.kit.languages:
        assert (built / lang / "kit.pdf").stat().st_size > 10_000, lang
    if "en" not in loaded.kit.languages:  # the table and the checklist heading are the English edition's
        return
    ids, checklist = listed(built / "en")
    assert ids and checklist, name
    if name in EXPECTED:
        assert (ids, checklist) == EXPECTED[name]


def test_the_table_names_only_kits_there_are():
    """A renamed kit would leave its entry unchecked: every entry is a kit of KITS, or the plug-in's."""
    assert set(EXPECTED) - set(KITS) == {"coin-race"}


@pytest.mark.skipif(importlib.util.find_spec("coin_race") is None, reason="the Coin Race package is not installed")
def test_coin_race_lists_its_track_and_pawns(tmp_path):
    result = cli("build", COIN_RACE, "-o", tmp_path, "--lang", "en", "--no-svg")
    assert result.returncode == 0, result.stdout + result.stderr
    assert listed(tmp_path / "coin-race" / "en") == EXPECTED["coin-race"]


# ---------------------------------------------------------------- one back for a shuffled deck

STARLIT = KITS["starlit-bazaar"]
SILK_BACK = (
    "    back:\n"
    "      template: goods-card\n"
    "      fill:\n"
    "        picture: art/dawn-road.jpg\n"
    "        price: 5\n"
    "        title: {ja: 夜明けの絹, en: Dawn Silk}\n"
    "        stall: cloth\n"
    "        body: {ja: 裏返した面。, en: The flipped side.}\n"
)
"""A second face for the goods deck's Moon Silk, written after its `fill:`."""


def _with_silk_back(tmp_path: Path) -> Path:
    kit = tmp_path / "starlit-bazaar"
    shutil.copytree(STARLIT, kit)
    goods = kit / "goods-yaml.yaml"
    text = goods.read_text(encoding="utf-8")
    anchor = "  - id: road-map\n"
    assert text.count(anchor) == 1
    goods.write_text(text.replace(anchor, SILK_BACK + anchor), encoding="utf-8")
    return kit


def test_a_card_with_its_own_back_in_a_shuffled_deck_is_pk432_at_its_back(tmp_path):
    kit = _with_silk_back(tmp_path)
    found = [f for f in load_kit(kit).report.findings if f.code == "PK432"]
    assert [(Path(f.location.file).name, f.location.line, f.severity.value) for f in found] == [
        ("goods-yaml.yaml", line_of(kit / "goods-yaml.yaml", "    back:\n      template: goods-card"), "warning")
    ]
    assert "'moon-silk'" in found[0].message and "'goods'" in found[0].message


def test_a_shuffled_deck_whose_cards_share_a_back_is_silent(tmp_path):
    """The example as shipped (the aid deck mixes backs and says `shuffled: false`), and the odd back on a card
    switched off with `count: 0`."""
    assert [f for f in load_kit(STARLIT).report.findings if f.code == "PK432"] == []
    kit = _with_silk_back(tmp_path)
    goods = kit / "goods-yaml.yaml"
    text = goods.read_text(encoding="utf-8").replace(
        "  - id: moon-silk\n    count: 2\n", "  - id: moon-silk\n    count: 0\n"
    )
    goods.write_text(text, encoding="utf-8")
    assert [f for f in load_kit(kit).report.findings if f.code == "PK432"] == []


def test_a_deck_that_says_it_is_shuffled_gets_pk432_for_its_mixed_backs(tmp_path):
    """The aid deck mixes a double-faced card and picture backs: silent only while it says `shuffled: false`."""
    kit = tmp_path / "starlit-bazaar"
    shutil.copytree(STARLIT, kit)
    decks = kit / "decks.yaml"
    text = decks.read_text(encoding="utf-8")
    assert text.count("    shuffled: false\n") == 1
    decks.write_text(text.replace("    shuffled: false\n", "    shuffled: true\n"), encoding="utf-8")
    found = [f for f in load_kit(kit).report.findings if f.code == "PK432"]
    # four player aids share a picture back; the one double-faced card is the odd one out, at its back
    assert [(Path(f.location.file).name, f.location.line) for f in found] == [
        ("aids.yaml", line_of(kit / "aids.yaml", "    back:\n      fill:"))
    ]
    assert "'night-dawn'" in found[0].message
