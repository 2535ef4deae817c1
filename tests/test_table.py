"""Nothing missing at the table (issue 16): every state the rules create has a component that shows it, enough of
it for every copy that can be in play at once, and the contents page says what players bring besides the kit.

The counts come from the laid-out scene (the pieces the sheets print), set against what each kit's rule model
needs (`KitBase.table_states`), so a sheet that drops a marker fails here even when the model still lists it.
"""

from __future__ import annotations

import re

import pytest
from conftest import CONTENT_KITS, make_bad_kit
from pdftext import page_text

from pnpkit.generator.scene import Group, Rect, walk
from pnpkit.validator.components.tokens import Marker, PlayerPiece

CONTENT = sorted(CONTENT_KITS)


def _groups(pages, role: str) -> list[Group]:
    return [item for page in pages for item, _ in walk(page.items) if isinstance(item, Group) and item.role == role]


def _pieces_printed(parts: dict, lang: str, kit, component) -> int:
    """How many of a marker or a player piece the kit's sheets print, counted in the scene."""
    pages = [page for part in parts.values() for page in part.pages]
    if isinstance(component, Marker):
        name = component.name.get(lang)
        return sum(1 for group in _groups(pages, "token") if group.name == name)
    assert isinstance(component, PlayerPiece)
    role = "player-piece" if component.shape == "standee" else "marker"
    return len(_groups(pages, role)) // max(1, sum(1 for p in kit.pieces if p.shape == component.shape))


@pytest.mark.parametrize("name", CONTENT)
def test_every_state_the_rules_create_has_its_pieces_on_the_sheets(kits, name):
    loaded = kits.loaded(name)
    kit = loaded.kit
    components = kit.component_ids()
    for lang, parts in kits.layouts(name).items():
        for state, where in kit.table_states():
            shown = state.shown_by or state.id
            assert shown in components, (name, state.id, where)
            component, _ = components[shown]
            need = (state.most if isinstance(state.most, int) else 1) * (
                kit.players.max if state.per == "player" else 1
            )
            if isinstance(component, (Marker, PlayerPiece)):
                assert _pieces_printed(parts, lang, kit, component) >= need, (name, lang, state.id)
            if isinstance(component, Marker) and state.lasts and state.lasts.count > 1:
                tokens = [g for g in _groups([p for part in parts.values() for p in part.pages], "token")]
                shown_tokens = [g for g in tokens if g.name == component.name.get(lang)]
                digits = {
                    i.items[0].text
                    for g in shown_tokens
                    for i in g.items
                    if isinstance(i, Group) and i.role == "countdown"
                }
                assert digits == {str(n) for n in range(1, state.lasts.count + 1)}, (name, state.id, digits)


def test_the_seed_kits_need_what_the_issue_names(kits):
    """The states each rule model derives: Element Shift's craters, destroyed cells and four waiting defences; the
    Wizard's two positions per player; Dice Battle Monsters' zones of several cards."""
    ids = {name: {state.id for state, _ in kits.loaded(name).kit.table_states()} for name in CONTENT}
    assert ids["element-shift"] == {
        "volcano",
        "tectonic-shift",
        "mud-wall",
        "lava-barrier",
        "cold-wind-shield",
        "sandstorm-guard",
    }
    assert ids["wizards-element-collection"] == {"board-position", "mana-order", "flame"}
    assert ids["dice-battle-monsters"] == {"main", "magic-circle", "stock"}


def test_the_wizard_gets_two_pieces_per_colour(kits):
    parts = kits.layouts("wizards-element-collection")["ja"]
    pages = parts["mana-sheet"].pages
    players = kits.loaded("wizards-element-collection").kit.players.max
    assert len(_groups(pages, "player-piece")) == players
    assert len(_groups(pages, "marker")) == players


def test_the_main_zone_and_magic_circle_hold_several_cards(kits):
    kit = kits.loaded("dice-battle-monsters").kit
    slots = {zone.id: zone.slots for zone in kit.zones}
    assert slots["main"] >= 2 and slots["magic-circle"] >= 2
    for lang, parts in kits.layouts("dice-battle-monsters").items():
        for page in parts["mat"].pages:
            spaces = [i for i, _ in walk(page.items) if isinstance(i, Rect) and i.role == "card-space"]
            assert len(spaces) in (0, slots["main"] + slots["magic-circle"]), (lang, len(spaces))
        total = sum(
            1
            for page in parts["mat"].pages
            for i, _ in walk(page.items)
            if isinstance(i, Rect) and i.role == "card-space"
        )
        assert total == kit.players.max * (slots["main"] + slots["magic-circle"]), lang  # a mat half per player


NEEDS = {
    ("wizards-element-collection", "en"): "You also need: 2 six-sided dice",
    ("wizards-element-collection", "ja"): "別途ご用意ください：6面ダイス2個",
    ("shogi-tcg", "en"): "You also need: 2 six-sided dice",
    ("unlock-tower", "en"): "You also need: a six-sided die, a pencil, an eraser for each player",
    ("unlock-tower", "ja"): "別途ご用意ください：各自に6面ダイス1個・鉛筆1本・消しゴム1個",
    ("dice-battle-monsters", "en"): "You also need: glue for the fold-up dice",
    ("element-shift", "en"): "You need nothing else: everything is in this kit",
    ("element-shift", "ja"): "このキットのほかに用意するものはありません",
}


@pytest.mark.parametrize(("name", "lang"), sorted(NEEDS))
def test_the_contents_page_says_what_else_to_bring(kits, name, lang):
    """Parsed out of the built kit.pdf's contents page."""
    out, _ = kits.builds(name)
    text = re.sub(r"\s+", " ", page_text(out / lang / "kit.pdf", 1))
    assert NEEDS[name, lang].replace(" ", "") in text.replace(" ", ""), text


def test_a_generic_kit_with_sheets_needs_pencils(tmp_path):
    from pnpkit.validator.kit import load_kit

    kit = load_kit(make_bad_kit(tmp_path, [], "moonlit", "moonlit-tricks")).kit
    assert [(need.item, need.per) for need in kit.table_needs()] == [("pencil", "player"), ("eraser", "player")]


def test_the_kit_s_own_list_wins_over_what_the_model_implies(tmp_path):
    from pnpkit.validator.kit import load_kit

    kit_dir = make_bad_kit(
        tmp_path,
        [("kit.yaml", "include:", "also_need:\n  - {item: dice, count: 3}\ninclude:")],
        "three-dice",
        "wizards-element-collection",
    )
    needs = load_kit(kit_dir).kit.table_needs()
    assert [(need.item, need.count) for need in needs] == [("dice", 3)]


@pytest.mark.parametrize("name", CONTENT)
def test_the_cover_credits_a_person_not_the_title(kits, name):
    kit = kits.loaded(name).kit
    assert not [f for f in kits.loaded(name).report.findings if f.code == "PK345"]
    for lang in kit.languages:
        assert kit.title.get(lang).casefold() not in kit.credits(lang).casefold(), (name, lang)


def test_the_marker_icons_a_kit_may_name_are_the_ones_drawn():
    from typing import get_args

    from pnpkit.generator.icons.markers import MARKER_ICONS
    from pnpkit.validator.components.tokens import MarkerIcon

    assert set(get_args(MarkerIcon)) == set(MARKER_ICONS)


def test_a_card_whose_effect_leaves_a_marker_shows_that_marker(kits):
    """Element Shift's combo and shift cards carry the token their effect leaves, so card and token match."""
    kit = kits.loaded("element-shift").kit
    for lang, parts in kits.layouts("element-shift").items():
        chips = {group.name for group in _groups(parts["cards"].pages, "marker-chip")}
        assert chips == {state.shown_by or state.id for state, _ in kit.table_states()}, lang
