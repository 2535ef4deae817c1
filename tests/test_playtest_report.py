"""The one-page playtest report (`pnpkit simulate --report`): A4, the seats and metrics printed in the kit's
language, nothing under the text floor or within 5 mm of the edge, well-formed SVG, byte-identical reruns."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import KITS, cli
from pdftext import opened, page_texts, text_of_page
from pypdf import PdfReader

from pnpkit.generator import fonts
from pnpkit.generator.layouts.context import floor_pt, small_text
from pnpkit.generator.layouts.playtest import report_component, report_context
from pnpkit.generator.scene import Text, bounds, walk
from pnpkit.generator.units import HARD_MARGIN
from pnpkit.validator.kit import load_kit
from pnpkit.validator.playtest import ENGINES

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
    return " ".join(text.replace("\n", " ") for text in page_texts(path))


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("Playtest report", "Seat 1", "Seat 4", "Games completed", "First-player advantage", "Game length")),
        ("ja", ("テストプレイ報告", "席1", "席4", "完了したゲーム", "先手の有利", "ゲームの長さ")),
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
    fonts_used = [str(f) for f in reader.pages[0]["/Resources"]["/Font"].values()]
    assert fonts_used  # the kit's TrueType faces, embedded


def test_a_reading_comparison_marks_the_metrics_that_moved(tmp_path):
    path, report = _simulate(tmp_path, "all.pdf", "--lang", "en", "--all-readings", *FIXED)
    assert len(report["runs"]) == 4
    text = _text(path)
    assert "Reading comparison" in text
    moved = {m["measure"] for entry in report["comparison"] for m in entry["moved"]}
    if moved:  # a column per reading that varies, a column per metric that moved
        assert "next-turn" in text and "tie" in text
        assert any(label in text for label in ("Ties at the top", "Shared wins", "Seat 1 wins", "Mean turns"))
    else:
        assert "Under no other reading did a metric move" in text


def _page(report: dict, lang: str):
    loaded = load_kit(KIT)
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


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_every_engine_gets_a_clean_page(game):
    """A game without its own rows on the page falls back to its measures by their dotted names, within the page."""
    kit = next(path for path in KITS.values() if load_kit(path).model.game == game)
    result = cli("simulate", kit, "--games", "30", "--format", "json", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    loaded = load_kit(kit)
    ctx = report_context(loaded.model, "en")
    with fonts.using(fonts.for_kit(loaded.model, loaded.root, "en")[0]):
        part = report_component(ctx, loaded.model, report)
    assert ctx.problems == [] and small_text(part.pages) == []
    assert all(bounds(i, m) is None or bounds(i, m)[3] <= 297 - HARD_MARGIN for i, m in walk(part.pages[0].items))


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
