"""Dice Battle Monsters: the rule model, the card-template component, the printed kit.

What every kit owes a printer is checked in test_every_kit.py, its bad kits (db-*) in bad_cases.py, and
tests/fixtures/as-written/dice-battle-monsters/ is the kit with the rules encoded exactly as the rulebook writes
them (test_as_written.py).
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from conftest import make_bad_kit
from pdftext import pdf_text

from pnpkit.validator.kit import load_kit

KIT = "dice-battle-monsters"
AS_WRITTEN = Path(__file__).parent / "fixtures" / "as-written" / KIT
LANGS = ("ja", "en")

AS_WRITTEN_FINDINGS = {
    ("PK315", "model.yaml", 15),  # hand limit 6, but a player over it discards down to 5 (the shared check)
    ("DB006", "model.yaml", 78),  # the field's place is for 「祝杯」, the token is 祝福
    ("PK334", "rules.yaml", 8),  # 「エンドフェイズ」: the phases are 儀式・戦闘・治療 (the shared prose check)
    ("PK333", "rules.yaml", 14),  # setup puts out 「祝杯」
    ("PK334", "rules.yaml", 53),  # the end condition names the end phase too
    ("PK334", "rules.yaml", 54),  # and so does its English
    ("PK340", "rules.yaml", 58),  # and says nothing about ties: `unspecified`, a warning and an open question
    ("PK343", "model.yaml", 71),  # the field diagram shows one card in the main zone; the example has two monsters
    ("PK343", "model.yaml", 74),  # and one in the magic circle, which holds the magic that fits the same roll
    ("PK347", "model.yaml", 48),  # the battle step: the higher total wins, equal totals never settled (DB4)
    ("PK347", "model.yaml", 49),  # and its English
}
"""Every finding, warnings too (test_as_written.py lets warnings it does not list pass)."""


@pytest.fixture(scope="module")
def loaded(kits):
    return kits.loaded(KIT)


@pytest.fixture(scope="module")
def layouts(kits):
    return kits.layouts(KIT)


@pytest.fixture(scope="module")
def built(kits) -> Path:
    return kits.builds(KIT)[0]


# ---------------------------------------------------------------- the shipped kit


def test_page_counts(layouts):
    for lang in LANGS:
        assert {slug: len(part.pages) for slug, part in layouts[lang].items()} == {
            "cards": 6,
            "mat": 2,
            "tokens": 1,
            "rules": 1,
        }


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_name_is_in_the_extracted_text(built, loaded, lang):
    for name in ("cards.pdf",):
        extracted = pdf_text(built / lang / name, sep="")
        flat = re.sub(r"\s+", "", extracted)
        for card in loaded.kit.cards:
            title = card.value("title").get(lang)
            assert re.sub(r"\s+", "", title) in flat, (name, title)


# ---------------------------------------------------------------- geometry read from the scene


def _card_groups(part, role="card-front"):
    from pnpkit.generator.scene import Group

    return [item for page in part.pages for item in page.items if isinstance(item, Group) and item.role == role]


def test_26_cards_9_up_with_backs(layouts, loaded):
    cards = layouts["ja"]["cards"]
    fronts = _card_groups(cards)
    backs = _card_groups(cards, "card-back")
    assert len(fronts) == 26 and len(backs) == 26
    counts = {}
    for group in fronts:
        counts[group.name] = counts.get(group.name, 0) + 1
    assert counts == {card.id: 2 for card in loaded.kit.cards}
    assert [sum(1 for i in page.items if getattr(i, "role", "") == "card-front") for page in cards.pages[::2]] == [
        9,
        9,
        8,
    ]


def test_card_text_stays_inside_its_region(layouts, loaded):
    """Every text line of every card face lies inside the card's face, and each region's text inside its box."""
    from pnpkit.generator.scene import Group, Text, walk
    from pnpkit.generator.typeset.text import text_bounds
    from pnpkit.validator.components.templates import resolve_templates

    resolved, problems = resolve_templates(loaded.kit.card_templates)
    assert problems == []
    for lang in LANGS:
        for face in _card_groups(layouts[lang]["cards"]):
            card = loaded.kit.card(face.name)
            template = resolved[card.template or "dual"]
            for region_group in face.items:
                if not (isinstance(region_group, Group) and region_group.role.startswith("region-")):
                    continue
                region = template.region(region_group.name)
                boxes = [tuple(region.box)] + ([tuple(region.header)] if region.header else [])
                for item, _m in walk(region_group.items):
                    if isinstance(item, Text) and _m == (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
                        x0, y0, x1, y1 = text_bounds(item)
                        assert any(
                            bx - 0.05 <= x0 and x1 <= bx + bw + 0.05 and by - 0.05 <= y0 and y1 <= by + bh + 0.05
                            for bx, by, bw, bh in boxes
                        ), (lang, card.id, region.name, item.text)


def test_no_text_on_the_shipped_cards_is_shrunk(loaded, monkeypatch):
    """Auto-fit never has to shrink a shipped card's text: each fits at its region's preferred size."""
    import pnpkit.generator.layouts.context as common
    from pnpkit.generator.build import layout_kit
    from pnpkit.generator.typeset.text import fit

    shrunk = []
    original = common.LayoutContext.fitted

    def spy(self, text, box, size, min_size, *, where=(), label="", leading=1.3, floor=None, **more):
        size = max(size, common.floor_pt(text) if floor is None else floor)  # the preferred size, or the floor
        result = fit(text, box.width, box.height, size, min_size, leading)
        if where[:1] == ("cards",) and result.size < size:
            shrunk.append((label, text, size, result.size))
        return original(self, text, box, size, min_size, where=where, label=label, leading=leading, floor=floor, **more)

    monkeypatch.setattr(common.LayoutContext, "fitted", spy)
    for lang in LANGS:
        _parts, problems = layout_kit(loaded, lang)
        assert problems == []
    assert shrunk == []


def test_card_names_stay_on_one_line(layouts, loaded):
    from pnpkit.generator.scene import Text, walk

    for lang in LANGS:
        titles = {card.value("title").get(lang) for card in loaded.kit.cards}
        found = {
            item.text
            for item, _m in walk(
                tuple(
                    layouts[lang]["cards"].pages[0].items
                    + layouts[lang]["cards"].pages[2].items
                    + layouts[lang]["cards"].pages[4].items
                )
            )
            if isinstance(item, Text) and item.role == "card-title"
        }
        assert found == titles


def test_mat_labels_every_zone(layouts, loaded):
    from pnpkit.generator.scene import Text, walk

    for lang in LANGS:
        mat = layouts[lang]["mat"]
        assert len(mat.pages) == 2
        names = [
            item.text
            for page in mat.pages
            for item, _m in walk(page.items)
            if isinstance(item, Text) and item.role == "zone-name"
        ]
        for zone in loaded.kit.zones:
            assert any(name.startswith(zone.name.get(lang)) for name in names), (lang, zone.id)
        shared = [z for z in loaded.kit.zones if z.shared]
        for zone in shared:  # shared zones appear on one half only
            assert sum(name.startswith(zone.name.get(lang)) for name in names) == 1
        stock = [
            item.text
            for page in mat.pages
            for item, _m in walk(page.items)
            if isinstance(item, Text) and item.role == "slot-number"
        ]
        assert stock == ["1", "2", "1", "2"]


def test_mat_halves_have_scale_bars(layouts):
    from pnpkit.generator.scene import walk

    for page in layouts["en"]["mat"].pages:
        bars = [item for item, _m in walk(page.items) if getattr(item, "role", "") == "scale-bar"]
        assert len(bars) == 5


def test_token_sheet_counts(layouts, loaded):
    from pnpkit.generator.scene import Circle, walk

    page = layouts["ja"]["tokens"].pages[0]
    tokens = [item for item, _m in walk(page.items) if isinstance(item, Circle) and item.role == "token"]
    assert len(tokens) == sum(t.count for t in loaded.kit.tokens) == 23
    by_colour = {}
    for token in tokens:
        by_colour[token.style.fill] = by_colour.get(token.style.fill, 0) + 1
    assert by_colour == {t.colour: t.count for t in loaded.kit.tokens}
    faces = [item for item, _m in walk(page.items) if getattr(item, "role", "") == "die-face"]
    assert len(faces) == 6 * loaded.kit.players.max


def test_rule_summary_is_one_page_with_both_diagrams(layouts, loaded):
    from pnpkit.generator.scene import Text, walk

    for lang in LANGS:
        rules = layouts[lang]["rules"]
        assert len(rules.pages) == 1
        items = list(walk(rules.pages[0].items))
        texts = " ".join(item.text for item, _m in items if isinstance(item, Text))
        for phase in loaded.kit.phases:
            assert phase.name.get(lang) in texts
        spells = [item for item, _m in items if getattr(item, "role", "") == "spell"]
        assert len(spells) == 3 + len(loaded.kit.example.expected)  # S1 → S2 → S3, and a tag on each example chip
        for erratum in loaded.kit.errata:
            assert erratum.topic.get(lang).split("」")[-1][:4] in texts


# ---------------------------------------------------------------- inline icons


def test_inline_icons_scale_with_the_font(loaded):
    from pnpkit.generator.layouts.context import LayoutContext
    from pnpkit.generator.layouts.templates import inline_text
    from pnpkit.generator.scene import Group, Text, bounds, walk
    from pnpkit.generator.typeset.text import TextBox
    from pnpkit.generator.units import A4

    icons = loaded.kit.card_templates.icons

    def laid(size):
        ctx = LayoutContext("ja", A4)
        items = inline_text(
            ctx,
            "先攻から{dice}を振り、{S1}を処理する。",
            TextBox(0, 0, 200, 20),
            size,
            size,
            icons,
            where=(),
            label="t",
        )
        assert ctx.problems == []
        groups = [i for i in items if isinstance(i, Group) and i.role == "inline-icon"]
        texts = [i for i in items if isinstance(i, Text)]
        return groups, texts

    small, small_texts = laid(7.0)  # the Japanese floor: the smallest these words ever print
    big, _big_texts = laid(14.0)
    # the die is drawn at any size; the S1 tag only where its words reach the floor inside one em
    assert len(small) == 1 and len(big) == 2
    for a, b in zip(small, big):
        boxes = lambda g: [bx for item, m in walk(g.items, (1, 0, 0, 1, g.dx, g.dy)) if (bx := bounds(item, m))]  # noqa: E731
        wa = max(x1 for _, _, x1, _ in boxes(a)) - min(x0 for x0, _, _, _ in boxes(a))
        wb = max(x1 for _, _, x1, _ in boxes(b)) - min(x0 for x0, _, _, _ in boxes(b))
        assert wb == pytest.approx(2 * wa, rel=0.05)
    chip_words = [item for item, _m in walk(big[1].items) if isinstance(item, Text)]
    assert [t.text for t in chip_words] == ["S1"] and chip_words[0].size >= 6.0
    # in 7 pt text, S1 is written out in the tag's colour, as large as the text around it
    spelled = [t for t in small_texts if t.text == "S1"]
    assert len(spelled) == 1 and spelled[0].colour == icons["S1"].colour and spelled[0].size == 7.0
    # the die sits in a one-em gap between the text around it
    em = 7.0 * 25.4 / 72
    first, second = small_texts[0], small_texts[1]
    from pnpkit.generator.typeset import fonts

    assert second.x == pytest.approx(first.x + fonts.width_mm(first.text, 7.0) + em)
    assert small[0].dx == pytest.approx(first.x + fonts.width_mm(first.text, 7.0) + em / 2)


def test_inline_icons_wrap_as_atoms_and_keep_kinsoku(loaded):
    from pnpkit.generator.layouts.context import LayoutContext
    from pnpkit.generator.layouts.templates import inline_text
    from pnpkit.generator.scene import Group, Text
    from pnpkit.generator.typeset.linebreaks import NO_LINE_START
    from pnpkit.generator.typeset.text import TextBox
    from pnpkit.generator.units import A4

    ctx = LayoutContext("ja", A4)
    text = "{S1}、{S2}、{S3}の順に効果を処理する。" * 3
    # at 10 pt the tags are drawn (their words reach the floor inside one em)
    items = inline_text(ctx, text, TextBox(0, 0, 38, 80), 10, 10, loaded.kit.card_templates.icons, where=(), label="t")
    assert ctx.problems == []
    assert sum(isinstance(i, Group) for i in items) == 9
    lines: dict[float, list] = {}
    for item in items:
        y = item.y if isinstance(item, Text) else round(item.dy + 0.38 * 10 * 25.4 / 72 - 0.0, 1)
        lines.setdefault(round(y, 1), []).append(item)
    for item in items:
        if isinstance(item, Text) and item.x == 0:
            assert item.text[0] not in NO_LINE_START


# ---------------------------------------------------------------- the rule model


def test_resolution_order_of_the_rulebook_example(loaded):
    from pnpkit.validator.games.dice_battle_monsters import resolution_order

    order = resolution_order(loaded.kit, loaded.kit.example)
    assert [r.card_id for r in order] == ["amanojaku", "daisy", "frome", "goblin", "flaze"]
    assert [(r.spell, r.level, r.player) for r in order] == [
        ("S1", 2, 0),
        ("S1", 2, 1),
        ("S2", 1, 0),
        ("S2", 1, 1),
        ("S3", 3, 0),
    ]


def test_resolution_order_properties(loaded):
    """S1 before S2 before S3; within one, higher level first; equal levels, the first player first."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from pnpkit.validator.games.dice_battle_monsters import ExampleSide, ResolutionExample, resolution_order

    kit = loaded.kit
    ids = [c.id for c in kit.cards]
    magic = [c.id for c in kit.cards if c.value("nonunit_class") == "magic"]
    enchants = [c.id for c in kit.cards if c.value("nonunit_class") == "enchant"]
    side = st.builds(
        ExampleSide,
        main=st.lists(st.sampled_from(ids), max_size=3),
        magic_circle=st.lists(st.sampled_from(magic), max_size=2),
        stock=st.lists(st.sampled_from(enchants), max_size=2),
    )

    @settings(max_examples=30, deadline=None)
    @given(side, side)
    def check(first, second):
        example = ResolutionExample(first=first, second=second, expected=["x"])
        order = resolution_order(kit, example)
        keys = [("S1", "S2", "S3").index(r.spell) for r in order]
        assert keys == sorted(keys)
        for a, b in itertools.pairwise(order):
            if a.spell == b.spell:
                assert a.level >= b.level
                if a.level == b.level:
                    assert a.player <= b.player

    check()


def _kit_with(tmp_path: Path, edits: list[tuple[str, str, str]]) -> Path:
    return make_bad_kit(tmp_path, edits, kit=KIT)


def _codes(kit: Path) -> list[tuple[str, str, int]]:
    return [(f.code, Path(f.location.file).name, f.location.line) for f in load_kit(kit).report.sorted()]


def test_the_rulebook_as_written_gives_its_contradictions(tmp_path):
    """Hand limit 6 with discard to 5, 祝杯 for 祝福, and the end phase that does not exist."""
    kit = _kit_with(
        tmp_path,
        [
            ("model.yaml", "hand_limit: 5 ", "hand_limit: 6 "),
            (
                "model.yaml",
                "name: {ja: 信仰・祝福, en: Faith & Blessing}",
                "name: {ja: 信仰・祝杯, en: Faith & Blessing}",
            ),
            ("rules.yaml", "各自の「信仰」と「祝福」を表側で置く。", "各自の「信仰」と「祝杯」を表側で置く。"),
            (
                "rules.yaml",
                "財宝を先に{treasures_to_win}つ手に入れたプレイヤーの勝ち。",
                "エンドフェイズ時に財宝を先に{treasures_to_win}つ手に入れたプレイヤーの勝ち。",
            ),
        ],
    )
    found = _codes(kit)
    assert sorted(code for code, _f, _l in found) == ["DB006", "PK315", "PK333", "PK334"]
    lines = {code: (file, line) for code, file, line in found}
    assert lines["PK315"][0] == "model.yaml" and lines["PK334"][0] == "rules.yaml"


def test_english_phase_and_quote_checks(tmp_path):
    kit = _kit_with(
        tmp_path,
        [
            (
                "rules.yaml",
                "en: Play cards within your die roll",
                "en: In the End phase, play cards within your die roll",
            ),
            (
                "cards.yaml",
                "en: Turn one of your face-down Faith or Blessing tokens face up again.",
                "en: Turn one of your face-down “Faith” or “Toast” tokens face up again.",
            ),
        ],
    )
    assert sorted(code for code, _f, _l in _codes(kit)) == ["PK333", "PK334"]


@pytest.mark.parametrize(
    "edits, code",
    [
        ([("cards.yaml", "      unit_level: 0\n", "      unit_level: -1\n")], "DB008"),
        ([("cards.yaml", "      unit_level: 5\n", "      unit_level: 9\n")], "DB019"),
        ([("cards.yaml", "      unit_class: token\n", "      unit_class: dragon\n")], "PK305"),
        ([("tokens.yaml", "    count: 6\n", "    count: 5\n")], "DB015"),
        (
            [
                ("model.yaml", "  treasures: 6\n", "  treasures: 4\n"),
                ("tokens.yaml", "    count: 6\n", "    count: 4\n"),
            ],
            "DB016",
        ),
        ([("model.yaml", '    slots: 2\n    note: {ja: "付与', '    slots: 3\n    note: {ja: "付与')], "DB020"),
        (
            [
                (
                    "model.yaml",
                    "  expected: [amanojaku, daisy, frome, goblin, flaze]",
                    "  expected: [daisy, amanojaku, frome, goblin, flaze]",
                )
            ],
            "DB018",
        ),
        (
            [
                (
                    "cards.yaml",
                    "        kind: forced\n        tag: S1\n        text:\n          ja: 相手のストックゾーンの付与1枚を選ぶ",
                    "        kind: maybe\n        tag: S1\n        text:\n          ja: 相手のストックゾーンの付与1枚を選ぶ",
                )
            ],
            "PK305",
        ),
        ([("cards.yaml", "      art: cat\n", "      art: dog\n")], "PK305"),
        (
            [
                (
                    "templates.yaml",
                    "        - {name: art, kind: art, box: [5mm, 15mm, 53mm, 18.5mm]}",
                    "        - {name: art, kind: art, box: [5mm, 15mm, 53mm, 22mm]}",
                )
            ],
            "DB014",
        ),
        (
            [
                (
                    "cards.yaml",
                    "      flavour: {ja: 帰り道は、花が覚えている。, en: The flowers remember the way home.}\n",
                    "      flavor: {ja: 帰り道は、花が覚えている。, en: The flowers remember the way home.}\n",
                )
            ],
            "DB013",
        ),
        ([("kit.yaml", "players: {min: 2, max: 2}", "players: {min: 2, max: 3}")], "PK203"),
        ([("rules.yaml", "      generated: phase-flow", "      generated: phase-chart")], "PK305"),
    ],
)
def test_rule_model_checks(tmp_path, edits, code):
    found = _codes(_kit_with(tmp_path, edits))
    assert code in {c for c, _f, _l in found}, found


def test_a_token_with_a_non_unit_side_is_a_pairing_error(tmp_path):
    kit = _kit_with(
        tmp_path, [("cards.yaml", "      unit_class: token\n", "      unit_class: token\n      nonunit_class: magic\n")]
    )
    codes = {c for c, _f, _l in _codes(kit)}
    assert "DB001" in codes


# ---------------------------------------------------------------- the card-template component on its own


def _templates(data: dict):
    from pnpkit.validator.components.templates import TemplateSet

    return TemplateSet.model_validate(data)


BASE = {
    "labels": {"red": {"name": {"ja": "赤", "en": "Red"}, "colour": "#aa0000"}},
    "templates": [
        {
            "id": "base",
            "regions": [
                {"name": "title", "kind": "text", "box": ["3mm", "3mm", "57mm", "8mm"]},
                {"name": "colour", "kind": "label", "box": ["3mm", "12mm", "20mm", "5mm"]},
                {"name": "body", "kind": "text", "box": ["3mm", "20mm", "57mm", "30mm"], "required": False},
            ],
        },
        {
            "id": "child",
            "extends": "base",
            "remove": ["body"],
            "change": {"title": {"size": 12}},
            "regions": [{"name": "band", "kind": "band", "box": ["3mm", "60mm", "57mm", "10mm"]}],
        },
        {"id": "grandchild", "extends": "child", "size": "tarot"},
    ],
}


def _check(tset, cards=(), defaults=None):
    import pnpkit.validator.games  # noqa: F401  (registers the DB codes)
    from pnpkit.validator.checks import CheckContext
    from pnpkit.validator.components.template_checks import TemplateCodes, check_cards, check_templates
    from pnpkit.validator.components.templates import TemplateCard
    from pnpkit.validator.source import Source

    ctx = CheckContext(Source(), ("ja", "en"))
    codes = TemplateCodes(
        cycle="DB010", missing_region="DB011", unfilled="DB012", unknown_region="DB013", geometry="DB014"
    )
    resolved = check_templates(ctx, tset, codes)
    check_cards(ctx, tset, resolved, [TemplateCard.model_validate(c) for c in cards], defaults or {}, codes)
    return resolved, [(f.code, f.path) for f in ctx.findings]


def test_extends_inherits_changes_removes_and_adds():
    resolved, findings = _check(_templates(BASE))
    assert findings == []
    assert resolved["base"].names == ("title", "colour", "body")
    assert resolved["child"].names == ("title", "colour", "band")
    assert resolved["child"].region("title").size == 12 and resolved["base"].region("title").size == 8
    assert resolved["grandchild"].chain == ("grandchild", "child", "base")
    assert (resolved["grandchild"].width, resolved["grandchild"].height) == (70.0, 120.0)
    assert (resolved["child"].width, resolved["child"].height) == (63.0, 88.0)


def test_extends_cycles_are_found_and_reported_once_per_template():
    data = dict(BASE, templates=[dict(BASE["templates"][0], extends="grandchild")] + BASE["templates"][1:])
    resolved, findings = _check(_templates(data))
    assert resolved == {}
    assert sorted(findings) == [("DB010", f"card_templates.templates[{i}].extends") for i in range(3)]


def test_references_to_missing_regions_are_findings():
    data = dict(BASE)
    data["templates"] = [
        BASE["templates"][0],
        dict(BASE["templates"][1], remove=["bdy"], change={"titel": {"size": 9}}),
        {
            "id": "x",
            "extends": "base",
            "regions": [
                {"name": "wash", "kind": "panel", "box": ["0mm", "0mm", "63mm", "88mm"], "colour_from": "nothing"}
            ],
        },
    ]
    _resolved, findings = _check(_templates(data))
    assert sorted(findings) == [
        ("DB011", "card_templates.templates[1].change.titel"),
        ("DB011", "card_templates.templates[1].remove[0]"),
        ("DB011", "card_templates.templates[2].regions[0].colour_from"),
    ]


def test_cards_fill_required_regions_and_nothing_else():
    cards = [
        {"id": "ok", "template": "base", "fill": {"title": {"ja": "あ", "en": "A"}, "colour": "red"}},
        {"id": "short", "template": "child", "fill": {"title": {"ja": "い", "en": "B"}, "colour": "red"}},
        {
            "id": "extra",
            "template": "child",
            "fill": {
                "title": {"ja": "う", "en": "C"},
                "colour": "red",
                "band": {"ja": "x", "en": "x"},
                "body": {"ja": "y", "en": "y"},
            },
        },
        {"id": "wrong", "template": "base", "fill": {"title": 3, "colour": "blue"}},
        {"id": "lost", "template": "nope", "fill": {}},
    ]
    _resolved, findings = _check(_templates(BASE), cards)
    assert sorted(findings) == [
        ("DB012", "cards[1].fill"),
        ("DB013", "cards[2].fill.body"),
        ("PK203", "cards[3].fill.title"),
        ("PK305", "cards[3].fill.colour"),
        ("PK305", "cards[4].template"),
    ]


def test_overlapping_regions_are_flagged():
    data = dict(BASE)
    data["templates"] = [
        {
            "id": "base",
            "regions": [
                {"name": "a", "kind": "text", "box": ["3mm", "3mm", "30mm", "10mm"]},
                {"name": "b", "kind": "text", "box": ["20mm", "8mm", "30mm", "10mm"]},
                {"name": "c", "kind": "text", "box": ["40mm", "80mm", "30mm", "10mm"]},
                {"name": "back", "kind": "panel", "box": ["0mm", "0mm", "63mm", "88mm"]},
            ],
        }
    ]
    _resolved, findings = _check(_templates(data))
    assert sorted(findings) == [
        ("DB014", "card_templates.templates[0].regions[1]"),
        ("DB014", "card_templates.templates[0].regions[2]"),
    ]


def test_the_generator_draws_what_the_validator_accepts():
    from pnpkit.generator.games.dice_battle_monsters import ART, DIAGRAMS
    from pnpkit.generator.layouts.monsters_mat import ZONE_ART, ZONE_COLOURS
    from pnpkit.validator.games.dice_battle_monsters import ART_MOTIFS, GENERATED, ZONES

    assert set(ART) == set(ART_MOTIFS)
    assert set(ZONE_ART) == set(ZONE_COLOURS) == set(ZONES)
    assert set(DIAGRAMS) | {"end-conditions", "errata"} == set(GENERATED)  # the other two are the shared tables


# ---------------------------------------------------------------- the rulebook as written


def test_the_rulebook_as_written():
    """Encoded exactly as written, the rulebook contradicts itself in these places (see errata.yaml), and only there."""
    found = {(f.code, Path(f.location.file).name, f.location.line) for f in load_kit(AS_WRITTEN).report.sorted()}
    assert found == AS_WRITTEN_FINDINGS
