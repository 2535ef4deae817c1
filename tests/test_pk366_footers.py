"""Card text keeps clear of its footer and pills (issue 39, item 3; generator/layouts/footroom.py): 1 mm from what is
over it, 1 mm more than its own line gap from what is under it. A text too close is set again in the room left;
one that cannot keep it is PK366 at the card's text. Read from the laid-out cards and from the CLI."""

from __future__ import annotations

from pathlib import Path

from conftest import cli, line_of, make_bad_kit, parse_findings

from pnpkit.generator.geometry import ink_bounds
from pnpkit.generator.scene import Group, Rect, Text, walk
from pnpkit.generator.units import MM_PER_PT


def _face(pages, name: str) -> list[tuple[object, tuple]]:
    """The items of the first card face named `name` on the pages, each with the matrix that places it."""
    for page in pages:
        for item, matrix in walk(page.items):
            if isinstance(item, Group) and item.name == name:
                return list(walk((item,), matrix))[1:]
    raise AssertionError(f"no card {name}")


def _inks(face, keep) -> list[tuple[float, float, float, float]]:
    found = []
    for item, matrix in face:
        if keep(item):
            ink = ink_bounds(item, matrix)
            assert ink is not None
            found.append(ink)
    return found


def test_wizards_void_effect_stands_clear_of_its_footer(kits):
    """The review saw the Japanese Void card's five lines run into 「召喚できない」: the footer now stands off the text
    by 1 mm more than the text's own gap between lines."""
    face = _face(kits.layouts("wizards-element-collection")["ja"]["cards"].pages, "void")
    lines = sorted(
        (item for item, _ in face if isinstance(item, Text) and item.role == "card-effect"), key=lambda t: t.y
    )
    assert len(lines) >= 5
    effect = _inks(face, lambda item: isinstance(item, Text) and item.role == "card-effect")
    footer = _inks(face, lambda item: isinstance(item, Text) and item.role == "card-phases")
    gap = (lines[1].y - lines[0].y) - lines[0].size * MM_PER_PT
    clear = min(ink[1] for ink in footer) - max(ink[3] for ink in effect)
    assert clear >= 1.0 + gap - 0.1, f"{clear:.2f} mm between the effect and its footer; lines {gap:.2f} mm apart"


def test_daifugo_titles_stand_clear_of_the_suit_pill(kits):
    """A two-line title filled its box to 0.5 mm over the suit pill: it is set on one line, clear of the pill."""
    face = _face(kits.layouts("daifugo")["en"]["cards-playing-cards"].pages, "spade-3")
    title = _inks(face, lambda item: isinstance(item, Text) and item.role == "card-title")
    pill = _inks(face, lambda item: isinstance(item, Rect) and item.role == "label")
    assert title and pill
    assert min(ink[1] for ink in pill) - max(ink[3] for ink in title) >= 1.0 - 0.1


FLAVOUR = "{name: flavour, kind: text, box: [5mm, 78.3mm, 53mm, 6mm]"
FLAZE = "en: One opposing unit loses 2 levels; a level never drops below 0."
LONGER = (
    " If that unit holds an enchant, send it to the graveyard, then you may discard a card to send one more"
    " enchant there too, and each player draws a card."
)


def test_a_template_text_crowding_the_footer_under_it_is_pk366_at_the_card(tmp_path: Path):
    """Dice Battle Monsters with its flavour line moved up under the magic text: Flaze's magic text made five lines
    long cannot keep clear of it even set closer (PK366 at that text); Frome's one line, over the same footer,
    is silent."""
    kit = make_bad_kit(
        tmp_path,
        [
            ("templates.yaml", FLAVOUR, FLAVOUR.replace("78.3mm, 53mm, 6mm", "77mm, 53mm, 3mm")),
            ("cards.yaml", FLAZE, FLAZE + LONGER),
            ("cards.yaml", "ja: 燃やしていいのは、ろうそくの芯だけのはずでした。", "ja: 芯だけのはずでした。"),
        ],
        kit="dice-battle-monsters",
    )
    result = cli("validate", kit)
    found = [f for f in parse_findings(result.stdout + result.stderr) if f.code == "PK366"]
    cards = kit / "cards.yaml"
    flaze = line_of(cards, "If that unit holds an enchant")
    assert (cards, flaze, "warning") in [(f.file, f.line, f.severity) for f in found], result.stdout + result.stderr
    frome = range(line_of(cards, "- id: frome"), line_of(cards, "- id: galan"))
    assert not [f for f in found if f.file == cards and f.line in frome]
