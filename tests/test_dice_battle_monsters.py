"""Dice Battle Monsters: the rule model, the card-template component, the printed kit.

The kit is built once per module (CLI, all languages) and laid out once in
memory; the golden bad kits in tests/fixtures/bad/db-*/ each hold the shipped kit
with one defect and an EXPECTED file naming the finding it must give;
tests/fixtures/as-written/dice-battle-monsters/ is the kit with the rules
encoded exactly as the rulebook writes them. Regenerate both after changing
the kit with

    python tests/test_dice_battle_monsters.py --regenerate
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import ink_in_hard_margin, layouts_by_slug

REPO = Path(__file__).resolve().parents[1]
KIT = REPO / "content" / "dice-battle-monsters"
BAD = REPO / "tests" / "fixtures" / "bad"
AS_WRITTEN = REPO / "tests" / "fixtures" / "as-written" / "dice-battle-monsters"
LANGS = ("ja", "en")
A4_PT = (595.276, 841.890)
OUTPUTS = ("cards.pdf", "mat.pdf", "tokens.pdf", "rules.pdf", "kit.pdf")
FINDING = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<severity>error|warning) (?P<code>[A-Z]+\d{3})\b")

if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


@dataclass(frozen=True)
class Case:
    """One golden bad kit: the shipped kit with `old` replaced by `new` in `file`."""

    name: str
    file: str
    old: str
    new: str
    code: str


CASES = (
    Case(
        "db-monster-magic",
        "cards.yaml",
        "      nonunit_class: enchant\n      nonunit_effect:\n        kind: optional\n        tag: S3\n        text:\n          ja: 自分がバトルに勝ったとき",
        "      nonunit_class: magic\n      nonunit_effect:\n        kind: optional\n        tag: S3\n        text:\n          ja: 自分がバトルに勝ったとき",
        "DB001",
    ),
    Case(
        "db-spell-s4",
        "cards.yaml",
        "        tag: S3\n        text:\n          ja: このバトルに勝ったとき、墓地",
        "        tag: S4\n        text:\n          ja: このバトルに勝ったとき、墓地",
        "DB002",
    ),
    Case("db-deck-count", "model.yaml", "  deck_size: 24 ", "  deck_size: 25 ", "DB003"),
    Case("db-unfilled-region", "cards.yaml", "      art: sword\n", "", "DB012"),
    Case(
        "db-template-cycle",
        "templates.yaml",
        "    - id: dual\n      size: poker",
        "    - id: dual\n      extends: token\n      size: poker",
        "DB010",
    ),
    Case(
        "db-missing-region",
        "templates.yaml",
        "        unit_effect: {box: [5mm, 40.5mm, 53mm, 17mm]}",
        "        unit_effekt: {box: [5mm, 40.5mm, 53mm, 17mm]}",
        "DB011",
    ),
)


AS_WRITTEN_EDITS = (
    # 「6枚より多くある場合は…5枚になるように」
    (
        "model.yaml",
        "  hand_limit: 5             # errata: hand-limit",
        "  hand_limit: 6             # 「手札が6枚より多くある場合は」",
    ),
    # the field: 「⑤「信仰」「祝杯」を置く場所です」
    ("model.yaml", "name: {ja: 信仰・祝福, en: Faith & Blessing}", "name: {ja: 信仰・祝杯, en: Faith & Blessing}"),
    # setup: 「デッキ、財宝、「信仰」「祝杯」を表側にして決められた場所に置きます」
    ("rules.yaml", "各自の「信仰」と「祝福」を表側で置く。", "各自の「信仰」と「祝杯」を表側で置く。"),
    # 勝利条件: 「エンドフェイズ時に財宝を先に3個手に入れたプレイヤーが勝利します」, no word on ties
    (
        "rules.yaml",
        "財宝を先に{treasures_to_win}つ手に入れたプレイヤーの勝ち。",
        "エンドフェイズ時に財宝を先に{treasures_to_win}つ手に入れたプレイヤーの勝ち。",
    ),
    (
        "rules.yaml",
        "      ja: 治療フェイズの終わりに、財宝を{treasures_to_win}つ持つプレイヤーがいる。\n      en: At the end of the Healing phase, a player holds {treasures_to_win} treasures.",
        "      ja: エンドフェイズ時に、財宝を{treasures_to_win}つ持つプレイヤーがいる。\n      en: At the End phase, a player holds {treasures_to_win} treasures.",
    ),
    (
        "rules.yaml",
        "    tie_break:\n      ja: 効果で両者が同時に達したら財宝の多いほうが勝ち。同じならラウンドを続ける。\n      en: If effects bring both there at once, more treasures wins; if still equal, play on.\n",
        "",
    ),
)
"""The rules as the rulebook writes them; the 13 card designs stay the kit's own (the rulebook gives no card text)."""

AS_WRITTEN_FINDINGS = {
    ("DB004", "model.yaml", 15),  # hand limit 6, but a player over it discards down to 5
    ("DB006", "model.yaml", 78),  # the field's place is for 「祝杯」, the token is 祝福
    ("DB005", "rules.yaml", 8),  # 「エンドフェイズ」: the phases are 儀式・戦闘・治療
    ("DB006", "rules.yaml", 14),  # setup puts out 「祝杯」
    ("DB005", "rules.yaml", 53),  # the end condition names the end phase too
    ("DB005", "rules.yaml", 54),  # and so does its English
    ("PK319", "rules.yaml", 51),  # and says nothing about ties
}


def run_cli(*args) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "pnpkit.generator.cli", *map(str, args)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=180,
    )


def shown(output: str) -> list[tuple[Path, int, int, str, str]]:
    out = []
    for line in output.splitlines():
        match = FINDING.match(line)
        if match:
            out.append(
                (
                    (REPO / match["file"]).resolve(),
                    int(match["line"]),
                    int(match["col"]),
                    match["severity"],
                    match["code"],
                )
            )
    return out


def make_fixture(case: Case, dest: Path) -> None:
    make_kit(dest, [(case.file, case.old, case.new)])


def make_kit(dest: Path, edits) -> None:
    """The shipped kit's YAML files in `dest`, with each (file, old, new) edit applied once.

    Other files there (the as-written fixture's EXPECTED) are kept."""
    dest.mkdir(parents=True, exist_ok=True)
    for old_yaml in dest.glob("*.yaml"):
        old_yaml.unlink()
    for path in sorted(KIT.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        for file, old, new in edits:
            if file == path.name:
                assert text.count(old) == 1, f"{file}: the text to change occurs {text.count(old)} times: {old!r}"
                text = text.replace(old, new)
        if path.name == "errata.yaml":
            text = "# The rulebook as written has no errata.\nerrata: []\n" if edits is AS_WRITTEN_EDITS else text
        (dest / path.name).write_text(text, encoding="utf-8")


def expected_lines(case: Case) -> list[str]:
    return (BAD / case.name / "EXPECTED").read_text(encoding="utf-8").splitlines()


# ---------------------------------------------------------------- module fixtures


@pytest.fixture(scope="module")
def loaded():
    from pnpkit.validator.kit import load_kit

    result = load_kit(KIT)
    assert result.kit is not None
    return result


@pytest.fixture(scope="module")
def layouts(loaded):
    return layouts_by_slug(loaded)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dbm") / "out"
    result = run_cli("build", KIT, "-o", out, "--lang", "all")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return out / "dice-battle-monsters"


# ---------------------------------------------------------------- the shipped kit


def test_kit_is_clean_with_no_warnings(loaded):
    assert [f.text() for f in loaded.report.sorted()] == []


def test_cli_validate_exits_0():
    result = run_cli("validate", KIT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 kit(s) OK" in result.stdout


def test_build_writes_every_output(built):
    for lang in LANGS:
        names = {p.name for p in (built / lang).iterdir()}
        assert set(OUTPUTS) <= names, names
        assert {"mat-01.svg", "mat-02.svg", "rules.svg", "tokens.svg"} <= names
        assert len([n for n in names if n.startswith("cards-") and n.endswith(".svg")]) == 6


def _pdf(path: Path):
    from pypdf import PdfReader

    return PdfReader(str(path))


def _fonts(reader) -> list[tuple[str, bool]]:
    found = []
    for page in reader.pages:
        resources = page.get("/Resources") or {}
        fonts = resources.get("/Font") or {}
        for ref in fonts.values():
            font = ref.get_object()
            descendants = font.get("/DescendantFonts")
            target = descendants[0].get_object() if descendants else font
            descriptor = target.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            embedded = any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
            found.append((str(font.get("/BaseFont")), embedded))
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_pdfs_are_a4_with_embedded_fonts(built, lang):
    counts = {"cards.pdf": 6, "mat.pdf": 2, "tokens.pdf": 1, "rules.pdf": 1}
    for name in OUTPUTS:
        reader = _pdf(built / lang / name)
        if name in counts:
            assert len(reader.pages) == counts[name], name
        for page in reader.pages:
            box = page.mediabox
            assert abs(float(box.width) - A4_PT[0]) < 0.01 and abs(float(box.height) - A4_PT[1]) < 0.01, (name, box)
        fonts = _fonts(reader)
        assert fonts, name
        assert all(embedded for _font, embedded in fonts), (name, fonts)


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_name_is_in_the_extracted_text(built, loaded, lang):
    for name in ("cards.pdf",):
        extracted = "".join(page.extract_text() for page in _pdf(built / lang / name).pages)
        flat = re.sub(r"\s+", "", extracted)
        for card in loaded.kit.cards:
            title = card.value("title").get(lang)
            assert re.sub(r"\s+", "", title) in flat, (name, title)


def test_two_builds_are_byte_identical(built, loaded, tmp_path):
    from pnpkit.generator.build import BuildOptions, build

    result = build(loaded, BuildOptions(out_dir=tmp_path, languages=LANGS))
    assert result.ok
    again = tmp_path / "dice-battle-monsters"
    for lang in LANGS:
        for name in OUTPUTS + ("mat-01.svg", "rules.svg"):
            assert (built / lang / name).read_bytes() == (again / lang / name).read_bytes(), (lang, name)


# ---------------------------------------------------------------- geometry read from the scene


@pytest.mark.parametrize("lang", LANGS)
def test_no_ink_within_5mm_of_the_paper_edge(layouts, lang):
    for slug, part in layouts[lang].items():
        for n, page in enumerate(part.pages):
            assert ink_in_hard_margin(page) == [], (slug, n)


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
    from pnpkit.generator.text import text_bounds
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
    import pnpkit.generator.layouts.common as common
    from pnpkit.generator.build import layout_kit
    from pnpkit.generator.text import fit

    shrunk = []
    original = common.LayoutContext.fitted

    def spy(self, text, box, size, min_size, *, where=(), label="", leading=1.3):
        result = fit(text, box.width, box.height, size, min_size, leading)
        if where[:1] == ("cards",) and result.size < size:
            shrunk.append((label, text, size, result.size))
        return original(self, text, box, size, min_size, where=where, label=label, leading=leading)

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
    from pnpkit.generator.layouts.common import LayoutContext
    from pnpkit.generator.layouts.templates import inline_text
    from pnpkit.generator.scene import Group, Text, bounds, walk
    from pnpkit.generator.text import TextBox
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

    small, small_texts = laid(6.0)
    big, _big_texts = laid(12.0)
    assert len(small) == len(big) == 2
    for a, b in zip(small, big):
        boxes = lambda g: [bx for item, m in walk(g.items, (1, 0, 0, 1, g.dx, g.dy)) if (bx := bounds(item, m))]  # noqa: E731
        wa = max(x1 for _, _, x1, _ in boxes(a)) - min(x0 for x0, _, _, _ in boxes(a))
        wb = max(x1 for _, _, x1, _ in boxes(b)) - min(x0 for x0, _, _, _ in boxes(b))
        assert wb == pytest.approx(2 * wa, rel=0.05)
    # the icon sits in a one-em gap between the text around it
    em = 6.0 * 25.4 / 72
    first, second = small_texts[0], small_texts[1]
    from pnpkit.generator import fonts

    assert second.x == pytest.approx(first.x + fonts.width_mm(first.text, 6.0) + em)
    assert small[0].dx == pytest.approx(first.x + fonts.width_mm(first.text, 6.0) + em / 2)


def test_inline_icons_wrap_as_atoms_and_keep_kinsoku(loaded):
    from pnpkit.generator.layouts.common import LayoutContext
    from pnpkit.generator.layouts.templates import inline_text
    from pnpkit.generator.scene import Group, Text
    from pnpkit.generator.text import NO_LINE_START, TextBox
    from pnpkit.generator.units import A4

    ctx = LayoutContext("ja", A4)
    text = "{S1}、{S2}、{S3}の順に効果を処理する。" * 3
    items = inline_text(ctx, text, TextBox(0, 0, 30, 60), 8, 8, loaded.kit.card_templates.icons, where=(), label="t")
    assert ctx.problems == []
    assert sum(isinstance(i, Group) for i in items) == 9
    lines: dict[float, list] = {}
    for item in items:
        y = item.y if isinstance(item, Text) else round(item.dy + 0.38 * 8 * 25.4 / 72 - 0.0, 1)
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
    kit = tmp_path / "kit"
    shutil.copytree(KIT, kit)
    for file, old, new in edits:
        path = kit / file
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, (file, old)
        path.write_text(text.replace(old, new), encoding="utf-8")
    return kit


def _codes(kit: Path) -> list[tuple[str, str, int]]:
    from pnpkit.validator.kit import load_kit

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
    assert sorted(code for code, _f, _l in found) == ["DB004", "DB005", "DB006", "DB006"]
    lines = {code: (file, line) for code, file, line in found}
    assert lines["DB004"][0] == "model.yaml" and lines["DB005"][0] == "rules.yaml"


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
    assert sorted(code for code, _f, _l in _codes(kit)) == ["DB005", "DB006"]


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
        ([("model.yaml", "    slots: 2\n", "    slots: 3\n")], "DB020"),
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
    from pnpkit.validator.components.templates import TemplateCard, TemplateCodes, check_cards, check_templates
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


def test_module_doctests():
    import doctest

    import pnpkit.generator.layouts.templates as layout
    import pnpkit.validator.components.templates as component
    import pnpkit.validator.games.dice_battle_monsters as model

    for module in (component, layout, model):
        assert doctest.testmod(module).failed == 0, module.__name__


def test_the_generator_draws_what_the_validator_accepts():
    from pnpkit.generator.games.dice_battle_monsters import ART, WIDE, ZONE_ART, ZONE_COLOURS
    from pnpkit.validator.games.dice_battle_monsters import ART_MOTIFS, GENERATED, ZONES

    assert set(ART) == set(ART_MOTIFS)
    assert set(ZONE_ART) == set(ZONE_COLOURS) == set(ZONES)
    assert set(WIDE) < set(GENERATED)


# ---------------------------------------------------------------- golden bad kits


def test_every_case_has_its_fixture_and_no_stray_db_fixture_is_there():
    assert sorted(p.name for p in BAD.iterdir() if p.is_dir() and p.name.startswith("db-")) == sorted(
        c.name for c in CASES
    )


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_fixture_is_the_kit_with_one_defect(case, tmp_path):
    fresh = tmp_path / case.name
    make_fixture(case, fresh)
    for path in sorted(fresh.glob("*.yaml")):
        assert (BAD / case.name / path.name).read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), (
            f"{case.name}/{path.name} is stale: regenerate the fixtures"
        )
    assert sorted(p.name for p in (BAD / case.name).glob("*.yaml")) == sorted(p.name for p in KIT.glob("*.yaml"))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_fixture_gives_its_code_at_its_line(case):
    from pnpkit.validator.kit import load_kit

    findings = load_kit(BAD / case.name).report.sorted()
    got = [
        f"{Path(f.location.file).name}:{f.location.line}:{f.location.col}: {f.severity.value} {f.code}"
        for f in findings
    ]
    assert got == expected_lines(case)
    assert {f.code for f in findings} == {case.code}
    original = (KIT / case.file).read_text(encoding="utf-8")
    defect_line = original[: original.index(case.old)].count("\n") + 1
    near = range(defect_line - 2, defect_line + max(case.new.count("\n"), case.old.count("\n")) + 1)
    assert any(f.location.line in near and Path(f.location.file).name == case.file for f in findings), (
        case.name,
        got,
        defect_line,
    )


def test_cli_on_the_bad_kits_fails_cleanly_and_writes_nothing(tmp_path):
    kits = [BAD / case.name for case in CASES]
    result = run_cli("validate", *kits)
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    printed = shown(result.stdout + result.stderr)
    for case in CASES:
        for line in expected_lines(case):
            where, code = line.rpartition(": ")[0], line.split()[-1]
            file, lineno, col = where.split(":")
            assert ((BAD / case.name / file).resolve(), int(lineno), int(col), "error", code) in printed, (
                case.name,
                line,
            )
    out = tmp_path / "out"
    build = run_cli("build", *kits, "-o", out)
    assert build.returncode == 1
    assert "Traceback" not in build.stdout + build.stderr
    assert not out.exists() or not any(out.rglob("*"))


def test_as_written_fixture_is_current(tmp_path):
    fresh = tmp_path / "as-written"
    make_kit(fresh, AS_WRITTEN_EDITS)
    for path in sorted(fresh.glob("*.yaml")):
        assert (AS_WRITTEN / path.name).read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), (
            f"{path.name} is stale: regenerate"
        )


def test_the_rulebook_as_written(tmp_path):
    """Encoded exactly as written, the rulebook contradicts itself in these places (see errata.yaml)."""
    from pnpkit.validator.kit import load_kit

    loaded = load_kit(AS_WRITTEN)
    found = {(f.code, Path(f.location.file).name, f.location.line) for f in loaded.report.sorted()}
    assert found == AS_WRITTEN_FINDINGS


if __name__ == "__main__":
    if sys.argv[1:] == ["--regenerate"]:
        from pnpkit.validator.kit import load_kit

        make_kit(AS_WRITTEN, AS_WRITTEN_EDITS)
        print("as-written", [f.text() for f in load_kit(AS_WRITTEN).report.sorted()])

        for case in CASES:
            dest = BAD / case.name
            make_fixture(case, dest)
            findings = load_kit(dest).report.sorted()
            (dest / "EXPECTED").write_text(
                "".join(
                    f"{Path(f.location.file).name}:{f.location.line}:{f.location.col}: {f.severity.value} {f.code}\n"
                    for f in findings
                ),
                encoding="utf-8",
            )
            print(case.name, [f.text() for f in findings])
    else:
        print(__doc__)
