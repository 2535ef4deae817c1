"""Element Shift's card art (issue 16, item 4): every shift card shows its own picture large in an art panel,
its effect at a comfortable size with no lone last character, how long it lasts on a badge; and the marker icons
the token sheet uses draw something under every name. Read from the scene model, in both editions."""

from __future__ import annotations

import math
from typing import get_args

import pytest
from conftest import LANGS, cli, make_bad_kit, marker_location, parse_findings

from pnpkit.generator.icons.markers import MARKER_ICONS, marker_icon
from pnpkit.generator.icons.shifts import PALETTES, SHIFT_ICONS, shift_icon
from pnpkit.generator.scene import Group, Text, bounds, walk
from pnpkit.generator.typeset.text import text_bounds
from pnpkit.validator.games.element_shift import ACTION_ICONS, Effect, ShiftIcon

ES = "element-shift"
BAND_BOTTOM, FRAME = 16.0, 3.0
"""The title band's lower edge and the frame's width (mm): the body is the panel below the band."""


def fronts(kits, lang: str, deck: str) -> dict[str, Group]:
    """Each card front of `deck` in `lang` by its name (the event or combo id), from the sheets as printed."""
    out: dict[str, Group] = {}
    for page in kits.layouts(ES)[lang]["cards"].pages:
        if page.deck == deck:
            for item in page.items:
                if isinstance(item, Group) and item.role == "card-front":
                    out.setdefault(item.name, item)
    return out


def inside(face: Group):
    """Every primitive of a face with its matrix, in the card's own millimetres (origin at its top-left)."""
    return list(walk(face.items))


def icon_groups(face: Group) -> list[Group]:
    found = []

    def visit(items) -> None:
        for item in items:
            if isinstance(item, Group):
                if item.role == "icon":
                    found.append(item)
                visit(item.items)

    visit(face.items)
    return found


def box_of(group: Group) -> tuple[float, float, float, float]:
    """The extent of everything an icon draws, in card millimetres."""
    boxes = [b for item, matrix in walk((group,)) if (b := bounds(item, matrix)) is not None]
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def within(box: tuple[float, ...], outer: tuple[float, ...], slack: float = 0.0) -> bool:
    """Whether the box (x0, y0, x1, y1) lies inside `outer`, give or take `slack` mm."""
    return (
        box[0] >= outer[0] - slack
        and box[1] >= outer[1] - slack
        and box[2] <= outer[2] + slack
        and box[3] <= outer[3] + slack
    )


def card_size(kits) -> tuple[float, float]:
    deck = next(d for d in kits.loaded(ES).kit.decks if d.id == "shift-events")
    return deck.size.width, deck.size.height


# ---------------------------------------------------------------- shift cards


@pytest.mark.parametrize("lang", LANGS)
def test_every_shift_card_shows_its_own_picture(kits, lang):
    kit = kits.loaded(ES).kit
    faces = fronts(kits, lang, "shift-events")
    assert set(faces) == {e.id for e in kit.events}
    pictures = {}
    for event in kit.events:
        names = [g.name for g in icon_groups(faces[event.id]) if g.name in SHIFT_ICONS]
        assert names == [event.picture], (event.id, names)
        pictures[event.id] = names[0]
    assert len(set(pictures.values())) == len(kit.events), pictures  # seven events, seven different pictures


@pytest.mark.parametrize("lang", LANGS)
def test_the_picture_fills_the_body(kits, lang):
    """The art panel covers over a third of the body below the band, and the picture in it over a tenth."""
    w, h = card_size(kits)
    body = (w - 2 * FRAME) * (h - FRAME - BAND_BOTTOM)
    for event_id, face in fronts(kits, lang, "shift-events").items():
        panels = [item for item, _m in inside(face) if getattr(item, "role", "") == "art"]
        assert len(panels) == 1, event_id
        assert panels[0].w * panels[0].h >= 0.33 * body, event_id
        picture = next(g for g in icon_groups(face) if g.name in SHIFT_ICONS)
        x0, y0, x1, y1 = box_of(picture)
        assert (x1 - x0) * (y1 - y0) >= 0.1 * body, event_id
        panel = panels[0]
        assert within((x0, y0, x1, y1), (panel.x, panel.y, panel.x + panel.w, panel.y + panel.h)), event_id


@pytest.mark.parametrize("lang", LANGS)
def test_effect_text_is_comfortable_and_above_the_floor(kits, lang):
    """Every text on a shift or combo card is at or above its script's floor; effects are set at 8 pt or more
    and stay inside the card's 3 mm safe zone, clear of the art panel."""
    w, h = card_size(kits)
    for deck in ("shift-events", "combo-reference"):
        for card, face in fronts(kits, lang, deck).items():
            texts = [(item, m) for item, m in inside(face) if isinstance(item, Text) and item.text.strip()]
            for item, m in texts:
                size = item.size * math.hypot(m[0], m[1])
                floor = 7.0 if any(ord(ch) >= 0x3000 for ch in item.text) else 6.0
                assert size >= floor - 1e-6, (card, item.text, size)
            effects = [item for item, _m in texts if item.role == "effect"]
            assert effects, card
            art = [item for item, _m in inside(face) if getattr(item, "role", "") == "art"]
            for item in effects:
                assert item.size >= 8.0, (card, item.text, item.size)
                box = text_bounds(item)
                assert within(box, (FRAME, FRAME, w - FRAME, h - FRAME)), (card, item.text)
                assert all(box[1] >= panel.y + panel.h for panel in art), (card, item.text)


def test_japanese_effects_never_end_on_a_lone_character(kits):
    """「い。」 alone on a last line is what the review caught: the last line holds three characters or more."""
    for deck in ("shift-events", "combo-reference"):
        for card, face in fronts(kits, "ja", deck).items():
            lines = [item.text for item, _m in inside(face) if isinstance(item, Text) and item.role == "effect"]
            core = lines[-1].rstrip("。、」）")
            assert len(lines) == 1 or len(core) >= 3, (card, lines)


@pytest.mark.parametrize("lang", LANGS)
def test_the_badge_says_how_long_each_effect_lasts(kits, lang):
    """A lasting effect's badge names its length beside an hourglass; an instant one says so, without one."""
    kit = kits.loaded(ES).kit
    expected = {
        "ja": {"volcano": "期間: 2サイクル", "fog": "期間: 1サイクル", "upheaval": "即時", "blessing": "期間: 1ターン"},
        "en": {
            "volcano": "Lasts: 2 cycles",
            "fog": "Lasts: 1 cycle",
            "upheaval": "At once",
            "blessing": "Lasts: 1 turn",
        },
    }[lang]
    faces = fronts(kits, lang, "shift-events")
    for event_id, label in expected.items():
        face = faces[event_id]
        badge = [item.text for item, _m in inside(face) if isinstance(item, Text) and item.role == "duration"]
        assert badge == [label], (event_id, badge)
        timers = [g for g in icon_groups(face) if g.name == "timer"]
        lasting = next(e for e in kit.events if e.id == event_id).effect.duration is not None
        assert len(timers) == int(lasting), event_id


# ---------------------------------------------------------------- the names the kit may use


def test_every_shift_icon_name_has_a_picture_and_a_palette():
    assert set(get_args(ShiftIcon)) == set(SHIFT_ICONS) == set(PALETTES)
    actions = get_args(Effect.model_fields["action"].annotation)
    assert set(ACTION_ICONS) == set(actions)  # an event without `icon:` always has a picture


def test_an_unknown_icon_is_a_finding_at_its_place(tmp_path):
    kit = make_bad_kit(tmp_path, [("events.yaml", "    icon: storm\n", "    icon: thunder\n")], "bad-icon", ES)
    done = cli("validate", kit)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    found = [f for f in parse_findings(done.stdout + done.stderr) if f.file.name == "events.yaml"]
    line, col = marker_location((kit / "events.yaml").read_text(encoding="utf-8"), "icon: thunder", "thunder", "kit")
    assert [(f.code, f.line, f.col) for f in found] == [("PK203", line, col)], [f.text for f in found]
    assert "'storm'" in found[0].text and "'thunder'" in found[0].text


def test_an_event_without_icon_shows_the_picture_for_its_action(tmp_path):
    kit = make_bad_kit(tmp_path, [("events.yaml", "    icon: storm\n", "")], "no-icon", ES)
    from pnpkit.validator.kit import load_kit

    loaded = load_kit(kit)
    assert loaded.ok, [f.text() for f in loaded.report.findings]
    storm = next(e for e in loaded.kit.events if e.id == "storm")
    assert storm.icon is None and storm.picture == ACTION_ICONS["limit"] == "storm"


# ---------------------------------------------------------------- the pictures and markers themselves


@pytest.mark.parametrize("name", sorted(SHIFT_ICONS))
def test_each_shift_picture_draws_inside_its_box(name):
    group = shift_icon(name, 50.0, 50.0, 10.0)
    assert (group.role, group.name) == ("icon", name)
    x0, y0, x1, y1 = box_of(group)
    assert within((x0, y0, x1, y1), (40.0, 40.0, 60.0, 60.0), 0.5), (x0, y0, x1, y1)
    assert (x1 - x0) >= 14.0 and (y1 - y0) >= 14.0  # it fills most of its box


def test_marker_icons_are_the_names_the_lead_asked_for():
    assert MARKER_ICONS == (
        "crater",
        "rubble",
        "mud-wall",
        "lava-barrier",
        "wind-shield",
        "sandstorm",
        "timer",
        "pawn",
        "flame",
    )


@pytest.mark.parametrize("name", MARKER_ICONS)
def test_each_marker_icon_draws_a_bold_shape_in_its_box(name):
    """At a 14 mm token's icon (radius 5 mm) every marker draws, in its box, shapes that span most of it."""
    group = marker_icon(name, 20.0, 30.0, 5.0, "#5b2a4e")
    assert (group.role, group.name, group.scale) == ("icon", name, 5.0)
    assert group.items, name
    x0, y0, x1, y1 = box_of(group)
    assert within((x0, y0, x1, y1), (15.0, 25.0, 25.0, 35.0), 0.3), (x0, y0, x1, y1)
    assert max(x1 - x0, y1 - y0) >= 8.0, name
    fills = {item.style.fill for item, _m in walk((group,)) if getattr(item, "style", None) is not None}
    assert "#5b2a4e" in fills, name  # drawn in the colour asked for


def test_marker_icons_are_all_different():
    drawn = {name: marker_icon(name, 0.0, 0.0, 1.0, "#000000").items for name in MARKER_ICONS}
    assert len({repr(items) for items in drawn.values()}) == len(MARKER_ICONS)
