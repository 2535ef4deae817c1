"""The one-page playtest report (`pnpkit simulate --report`): A4, the seats and metrics printed in the kit's
language (no English, no kit id and no command line on the Japanese page), a verdict whose numbers are the JSON
report's, the page used to its foot, nothing under the text floor or within 5 mm of the edge, well-formed SVG,
byte-identical reruns."""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import GAMES, KITS, cli
from pdftext import opened, page_texts, text_of_page
from pypdf import PdfReader

from pnpkit.generator.layouts.context import floor_pt, small_text
from pnpkit.generator.layouts.playtest import report_component, report_context
from pnpkit.generator.scene import Text, bounds, walk
from pnpkit.generator.typeset import fonts
from pnpkit.generator.units import HARD_MARGIN
from pnpkit.validator.kit import load_kit
from pnpkit.validator.placeholders import fill
from pnpkit.validator.playtest import ENGINES
from pnpkit.validator.walk import walk_models

KIT = KITS["element-shift"]
A4_PT = (595.28, 841.89)
FIXED = (
    "--reading",
    "deck-exhaustion=reshuffle",
    "--reading",
    "shift-copies=as-deck",
    "--reading",
    "last-shift=skipped",
)
"""Three readings fixed: --all-readings then plays the four combinations of the other two."""


def _simulate(tmp_path: Path, name: str, *extra: str) -> tuple[Path, dict]:
    target = tmp_path / name
    result = cli("simulate", KIT, "--games", "120", "--players", "4", "--format", "json", "--report", target, *extra)
    assert result.returncode == 0, result.stderr
    assert "warning" not in result.stderr, result.stderr
    return target, json.loads(result.stdout)


def _text(path: Path) -> str:
    return " ".join(text.replace("\n", " ").replace("\xa0", " ") for text in page_texts(path))


ENGINE_KITS = {game: next(KITS[name] for name in KITS if GAMES[name] == game) for game in sorted(ENGINES)}
"""A kit of each game that has an engine: Element Shift and Wizard's Element Collection."""

COMPARED = {
    "element-shift": ("--all-readings", "--reading", "last-shift=skipped"),  # sixteen combinations, the most
    "wizards-element-collection": ("--all-readings",),
}
"""Each engine's largest comparison."""

ALLOWED_ASCII: frozenset[str] = frozenset()
"""ASCII words of three letters or more the Japanese page may print (units, abbreviations): none is needed."""


def _pypdf_text(path: Path, lang: str) -> str:
    """The page's text as pypdf extracts it: Japanese with its whitespace removed (lines break inside words),
    English with it collapsed to single spaces."""
    text = PdfReader(path).pages[0].extract_text().replace("\xa0", " ")
    return re.sub(r"\s+", "" if lang == "ja" else " ", text)


def _keys(value: object) -> set[str]:
    """Every key of a nest of dicts: the game's own measures' names."""
    if not isinstance(value, dict):
        return set()
    return {str(key) for key in value} | {k for inner in value.values() for k in _keys(inner)}


def _kit_ids(kit: Path, report: dict) -> set[str]:
    """Every id of the kit (its model's `id` fields) and every engine name the JSON report holds: the kit's, the
    game's, readings and their choices, end conditions, tie rules and the game's own measures' keys."""
    model = load_kit(kit).model
    ids = {str(found.id) for _path, found in walk_models(model) if isinstance(getattr(found, "id", None), str)}
    ids |= {model.id, report["kit"], report["game"]}
    for rid, reading in report["readings"].items():
        ids |= {rid, *reading["choices"]}
    for run in report["runs"]:
        m = run["metrics"]
        ids |= {*m["ends"], *m["ties"]["decided_by"], *m["ties"]["by_end"], *run["readings"].values()}
        ids |= _keys(run["game"])
    return {i for i in ids if len(i) >= 3 and re.search("[A-Za-z]", i)}


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("Playtest report", "In short", "Seat 1", "Seat 4", "First-player advantage", "How games ended")),
        ("ja", ("テストプレイ報告", "まとめ", "席1", "席4", "先手の有利", "ゲームの終わり方")),
    ],
)
def test_the_report_is_one_a4_page_in_the_language_asked(tmp_path, lang, words):
    path, report = _simulate(tmp_path, f"{lang}.pdf", "--lang", lang)
    reader = PdfReader(path)
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(A4_PT, abs=0.5)
    text = _text(path)
    for word in words:
        assert word in text, word
    assert f"{report['games']:,}" in text
    fontset, _ = fonts.for_kit(load_kit(KIT).model, KIT, lang)
    kit_faces = {face.ttfont.face.name.decode() for _, face in fontset.family().faces()}  # PostScript names
    shipped = {
        face.ttfont.face.name.decode() for family in fonts.builtin_families().values() for _, face in family.faces()
    }
    embedded = [font.get_object() for font in reader.pages[0]["/Resources"]["/Font"].values()]
    names = set()
    for font in embedded:  # each an embedded subset (a tag before "+") of a TrueType face pnpkit ships
        assert font["/Subtype"] == "/TrueType"
        tag, _, name = str(font["/BaseFont"]).lstrip("/").partition("+")
        assert len(tag) == 6 and tag.isupper() and name in shipped, font["/BaseFont"]
        assert "/FontFile2" in font["/FontDescriptor"].get_object()
        names.add(name)
    assert names & kit_faces  # the text is set in the kit's own face (a Latin quote may come from Noto Sans)


def test_a_reading_comparison_marks_the_metrics_that_moved(tmp_path):
    path, report = _simulate(tmp_path, "all.pdf", "--lang", "en", "--all-readings", *FIXED)
    assert len(report["runs"]) == 4
    text = _text(path)
    assert "Reading comparison" in text
    moved = {m["measure"] for entry in report["comparison"] for m in entry["moved"]}
    # a key line per reading that varies, in the kit's words: its question and its choices' names
    assert "the next turn" in text and "(a cycle)?" in text
    assert "The tied players share the win" in text and "More cards in hand wins; if still tied, they share" in text
    assert "next-turn" not in text and "hand-then-share" not in text
    if moved:  # a column per metric that moved
        assert any(label in text for label in ("Ties at the top", "Shared wins", "Seat 1 wins", "Mean turns"))
    else:
        assert "Under no other reading did a metric move" in text


def _page(report: dict, lang: str, kit: Path = KIT):
    loaded = load_kit(kit)
    ctx = report_context(loaded.model, lang)
    with fonts.using(fonts.for_kit(loaded.model, loaded.root, lang)[0]):
        part = report_component(ctx, loaded.model, report)
    return ctx, part


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("all_readings", [False, True])
def test_no_text_under_the_floor_and_no_ink_near_the_edge(lang, all_readings):
    args = ["simulate", KIT, "--games", "80", "--players", "4", "--format", "json"]
    result = cli(*args, *(["--all-readings", *FIXED] if all_readings else []))
    report = json.loads(result.stdout)
    ctx, part = _page(report, lang)
    assert ctx.problems == []
    assert small_text(part.pages) == []
    (page,) = part.pages
    texts = [item for item, _m in walk(page.items) if isinstance(item, Text)]
    assert texts and all(t.size >= floor_pt(t.text) for t in texts)
    for item, matrix in walk(page.items):
        extent = bounds(item, matrix)
        if extent is not None:
            x0, y0, x1, y1 = extent
            assert x0 >= HARD_MARGIN and y0 >= HARD_MARGIN, item
            assert x1 <= page.width - HARD_MARGIN and y1 <= page.height - HARD_MARGIN, item
    if all_readings:
        moved = sum(len(entry["moved"]) for entry in report["comparison"])
        shaded = [i for i, _m in walk(page.items) if getattr(getattr(i, "style", None), "fill", None) == "#fbe3c8"]
        assert len(shaded) <= moved and (moved == 0) == (not shaded)


def test_the_svg_report_is_well_formed(tmp_path):
    path, _report = _simulate(tmp_path, "report.svg", "--lang", "ja")
    root = ET.fromstring(path.read_bytes())
    assert root.tag.endswith("svg")
    assert root.get("width") == "210mm" and root.get("height") == "297mm"
    assert "席1" in path.read_text(encoding="utf-8")


def test_the_same_run_writes_the_same_bytes(tmp_path):
    first, _ = _simulate(tmp_path, "a.pdf", "--jobs", "1")
    second, _ = _simulate(tmp_path, "b.pdf", "--jobs", "2")
    assert first.read_bytes() == second.read_bytes()
    svg_a, _ = _simulate(tmp_path, "a.svg")
    svg_b, _ = _simulate(tmp_path, "b.svg")
    assert svg_a.read_bytes() == svg_b.read_bytes()


@pytest.mark.parametrize("name", ["report.png", "report"])
def test_a_report_name_without_pdf_or_svg_is_refused_before_playing(tmp_path, name):
    result = cli("simulate", KIT, "--games", "10", "--report", tmp_path / name)
    assert result.returncode == 2
    assert ".pdf or .svg" in result.stderr
    assert not (tmp_path / name).exists()


def test_the_report_joins_a_kit_book_as_a_component():
    """What the build calls to include the report: play once (`runner.report` of the loaded kit), draw it per
    edition."""
    from pnpkit.generator.build import book
    from pnpkit.validator.playtest import runner

    loaded = load_kit(KIT)
    report = runner.report(runner.plan(loaded, players=3), 40)
    assert report["games"] == 40 and report["players"] == 3
    ctx, part = _page(report, "ja")
    assert part.slug == "playtest-report" and len(part.pages) == 1 and ctx.problems == []
    with fonts.using(fonts.for_kit(loaded.model, loaded.root, "ja")[0]):
        document = book(loaded.model, "ja", [part])
    assert document.pages[-1] is part.pages[0]
    assert [mark.title for mark in document.bookmarks][-1] == "テストプレイ報告"


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game", sorted(ENGINES))
def test_every_engine_gets_a_clean_page(game, lang):
    """Every engine's page, in each language: no text misses its box (PK309) or prints under the floor, nothing
    past the foot."""
    kit = ENGINE_KITS[game]
    result = cli("simulate", kit, "--games", "30", "--format", "json", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    loaded = load_kit(kit)
    ctx = report_context(loaded.model, lang)
    with fonts.using(fonts.for_kit(loaded.model, loaded.root, lang)[0]):
        part = report_component(ctx, loaded.model, report)
    assert ctx.problems == [] and small_text(part.pages) == []
    assert all(bounds(i, m) is None or bounds(i, m)[3] <= 297 - HARD_MARGIN for i, m in walk(part.pages[0].items))


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_the_page_is_used_to_its_foot(game):
    """No empty bottom quarter: the last section ends within 25 mm of the footer."""
    result = cli("simulate", ENGINE_KITS[game], "--games", "60", "--format", "json", "--jobs", "1")
    report = json.loads(result.stdout)
    for lang in ("ja", "en"):
        _ctx, part = _page(report, lang, ENGINE_KITS[game])
        (page,) = part.pages
        feet = [
            extent[3]
            for item, matrix in walk(page.items)
            if (extent := bounds(item, matrix)) is not None and extent[1] < page.height - 12.0  # not the footer
        ]
        assert max(feet) >= page.height - 12.0 - 25.0, (lang, max(feet))


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_the_japanese_page_prints_no_english_and_no_kit_id(tmp_path, game):
    """Every label, unit, end condition and tie rule in Japanese: no ASCII word of three letters or more (but
    ALLOWED_ASCII), no id of the kit or of the engine, with the kit's readings and with several compared."""
    kit = ENGINE_KITS[game]
    for name, extra in (("kit.pdf", ()), ("all.pdf", COMPARED[game])):
        target = tmp_path / name
        result = cli("simulate", kit, "--games", "40", "--lang", "ja", "--format", "json", "--report", target, *extra)
        assert result.returncode == 0, result.stderr
        report = json.loads(result.stdout)
        text = _pypdf_text(target, "ja")
        english = set(re.findall(r"[A-Za-z]{3,}", text)) - ALLOWED_ASCII
        assert not english, (name, sorted(english))
        printed = [i for i in sorted(_kit_ids(kit, report)) if i in text]
        assert not printed, (name, printed)


def _whole(share: float, lang: str) -> str:
    """A share as the verdict prints it: whole percent, one decimal where that would say 0 % or 100 % wrongly."""
    v = 100 * share
    r = math.floor(v + 0.5)
    if r == 0 and v > 0:
        number = f"{math.ceil(v * 10) / 10:.1f}"
    elif r == 100 and v < 100:
        number = f"{math.floor(v * 10) / 10:.1f}"
    else:
        number = str(r)
    return number + ("%" if lang == "ja" else " %")


VERDICT = {"ja": ("まとめ", "席ごとの勝率"), "en": ("In short", "Win rate per seat")}


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game", sorted(ENGINES))
def test_the_verdict_says_what_the_json_report_says(tmp_path, game, lang):
    """The verdict at the top: how games end in the kit's words with their shares, ties at the top and the seats,
    every percentage it prints one the JSON report gives."""
    kit = ENGINE_KITS[game]
    target = tmp_path / f"{lang}.pdf"
    result = cli("simulate", kit, "--games", "300", "--lang", lang, "--format", "json", "--report", target)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    m = report["runs"][0]["metrics"]
    text = _pypdf_text(target, lang)
    start, end = VERDICT[lang]
    assert start in text and end in text
    said = text[text.index(start) + len(start) : text.index(end)]
    assert len(re.findall("[。.]", said)) >= 2, said  # sentences, two at least

    games = m["games"]
    ends = sorted(m["ends"].items(), key=lambda kv: -kv[1])
    model = load_kit(kit).model
    when = {e.id: fill(e.when.get(lang), model.placeholder_values()) for e in model.end_conditions}
    top, count = ends[0]
    assert when[top][:10].replace(" ", "") in said.replace(" ", ""), said  # the kit's own words for it
    assert ("すべて" in said or "Every game" in said) if count == games else _whole(count / games, lang) in said
    if m["ties"]["at_top"]["count"]:
        assert _whole(m["ties"]["at_top"]["rate"], lang) in said
    fair = _whole(m["balance"]["fair_rate"], lang)
    assert fair in said

    shares = [count / games for _end, count in ends] + [m["timeouts"]["rate"], m["balance"]["fair_rate"]]
    shares += [m["ties"]["at_top"]["rate"], m["ties"]["shared_wins"]["rate"]]
    shares += [v / games for v in m["ties"]["decided_by"].values()]
    shares += [seat["rate"] for seat in m["seat_win_rate"].values()]
    known = {_whole(share, lang).removesuffix("%").strip() for share in shares}
    printed = re.findall(r"(\d+(?:\.\d+)?) ?%", said)
    assert printed and set(printed) <= known, (printed, sorted(known))


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_no_command_line_on_the_page(tmp_path, game):
    """Command tips belong in the terminal: no `--option` on the page, in either language, with one reading or
    several compared."""
    for lang in ("ja", "en"):
        for extra in ((), COMPARED[game]):
            target = tmp_path / f"{lang}{len(extra)}.pdf"
            result = cli("simulate", ENGINE_KITS[game], "--games", "30", "--lang", lang, "--report", target, *extra)
            assert result.returncode == 0, result.stderr
            text = PdfReader(target).pages[0].extract_text()
            assert not re.search(r"--[a-z]", text), (lang, extra, re.findall(r"\S*--[a-z]\S*", text))
            assert "pnpkit" not in text


def test_build_playtest_ends_the_kit_book_with_the_report(tmp_path):
    """`pnpkit build KIT --playtest N` plays once and every edition's kit book ends with the page."""
    result = cli("build", KITS["element-shift"], "-o", tmp_path, "--playtest", "40", "--no-svg", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    for lang, title in (("en", "Playtest report"), ("ja", "テストプレイ報告")):
        edition = tmp_path / "element-shift" / lang
        with opened(edition / "kit.pdf") as book:
            assert title in text_of_page(book, -1)
            assert title in text_of_page(book, 1)  # the contents page lists it
        assert (edition / "playtest-report.pdf").is_file()


def test_build_playtest_of_a_game_with_no_engine_is_a_usage_error(tmp_path):
    result = cli("build", KITS["moonlit-tricks"], "-o", tmp_path, "--playtest", "10")
    assert result.returncode == 2
    assert "no playtest engine" in result.stderr and "Traceback" not in result.stderr
    assert not any(tmp_path.iterdir()), "nothing written"
