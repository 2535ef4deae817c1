"""Font fallback for running text (issue 43 item 2): a character the edition's face lacks is drawn, glyph by glyph,
from a shipped face that has it, in PDF and SVG alike; PK307 is left for characters no shipped face has."""

from __future__ import annotations

import re
from pathlib import Path

import pikepdf
import pytest
from conftest import cli, line_of, parse_findings, run_cli
from pdftext import pdf_text

from pnpkit.generator.layouts.context import LayoutContext
from pnpkit.generator.typeset import fonts
from pnpkit.generator.typeset.text import TextBox, item_width
from pnpkit.generator.units import PAPERS

KIT = """id: arrows
game: generic
title: {en: Arrows, de: Pfeile}
players: {min: 2, max: 4}
languages: [en, de]
include: [decks.yaml]
"""
DECKS = """decks:
  - id: deck
    name: {en: Cards, de: Karten}
    size: poker
    template: plain
    cards:
      - title: {en: Influence, de: Einfluss}
        body: {en: "Place ● on a region → then move.", de: "Lege ● auf ein Gebiet → dann ziehe weiter."}
      - title: {en: Bold, de: Fett}
        body: {en: "Move **→ two** regions.", de: "Ziehe **→ zwei** Gebiete."}
"""


def _kit(tmp_path: Path, decks: str = DECKS) -> Path:
    kit = tmp_path / "arrows"
    kit.mkdir()
    (kit / "kit.yaml").write_text(KIT, encoding="utf-8")
    (kit / "decks.yaml").write_text(decks, encoding="utf-8")
    return kit


def _fonts_of(path: Path) -> set[str]:
    """The subset fonts a PDF embeds as TrueType outlines, by name without the subset tag."""
    out = set()
    with pikepdf.open(path) as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font":
                base = str(obj.get("/BaseFont"))
                assert re.fullmatch(r"/[A-Z]{6}\+\S+", base), base
                assert "/FontFile2" in obj.FontDescriptor
                out.add(base.split("+", 1)[1])
    return out


def test_bullets_and_arrows_in_german_noto_sans_validate_clean_and_are_drawn(tmp_path):
    """Noto Sans, German's default, has no ● or →: both print from BIZ UDPGothic (regular, and bold in bold text),
    with no finding; the PDF embeds subsets of those faces and its text reads back with ● and →."""
    kit = _kit(tmp_path)
    assert fonts.for_language("de").regular.missing("● →") == ["→", "●"]
    result = run_cli("build", kit, "-o", tmp_path / "out", "--lang", "de")  # its own process: see the report
    assert result.returncode == 0, result.stderr
    assert not parse_findings(result.stderr), result.stderr
    pdf = tmp_path / "out" / "arrows" / "de" / "cards-deck.pdf"
    assert {"NotoSans-Regular", "BIZUDPGothic-Regular", "BIZUDPGothic-Bold"} <= _fonts_of(pdf)
    text = pdf_text(pdf)
    assert "Lege ● auf ein Gebiet → dann ziehe" in text, text
    assert "Ziehe → zwei Gebiete." in text, text
    svg = (tmp_path / "out" / "arrows" / "de" / "cards-deck-01.svg").read_text(encoding="utf-8")
    assert 'data-font="BIZ UDPGothic"' in svg and 'data-font="BIZ UDPGothic Bold"' in svg
    assert 'data-font="Noto Sans"' in svg


def test_a_character_no_shipped_face_has_is_still_pk307_at_its_line(tmp_path):
    kit = _kit(tmp_path, DECKS.replace("dann ziehe weiter.", "dann ziehe weiter \U0001f30b."))
    result = cli("build", kit, "-o", tmp_path / "out", "--lang", "de")
    assert result.returncode == 1
    found = [f for f in parse_findings(result.stderr) if f.code == "PK307"]
    assert found and found[0].line == line_of(kit / "decks.yaml", "ziehe weiter \U0001f30b"), result.stderr
    assert "U+1F30B" in result.stderr and len(found) == 1 and "U+25CF" not in result.stderr
    assert "no font pnpkit ships has them" in result.stderr


def test_a_line_is_measured_in_the_faces_it_prints_with():
    """The fallback glyph's own advance is measured, so the text's width and every fit agree with the drawing."""
    noto = fonts.for_language("de")
    biz = fonts.builtin_families()["biz-udpgothic"]
    with fonts.using(noto):
        face = noto.regular
        assert face.width_em("a●b") == pytest.approx(face.width_em("ab") + biz.regular.width_em("●"))
        assert face.advances("a●b")[-1] / 1000 == face.width_em("a●b")
        parts = fonts.segments(noto.drawn("", False, False), "a ● b")
        assert [(style.face.label, text) for style, text in parts] == [
            ("Noto Sans", "a "),
            ("BIZ UDPGothic", "●"),
            ("Noto Sans", " b"),
        ]
        bold = fonts.segments(noto.drawn("", True, False), "→")
        assert [style.face.label for style, _ in bold] == ["BIZ UDPGothic Bold"]
        ctx = LayoutContext("de", PAPERS["a4"])
        (line,) = ctx.fitted("Lege ● hin.", TextBox(0, 0, 50, 10), 9, 6)
        assert not ctx.problems and line.text == "Lege ● hin."
        assert item_width(line) == pytest.approx(face.width_mm("Lege  hin.", 9) + biz.regular.width_mm("●", 9))


def test_korean_in_an_english_edition_is_drawn_from_wenquanyi_bold_by_stroking():
    """A bold line whose characters only a one-weight family has: that face, emboldened by stroking."""
    en = fonts.for_language("en")
    ((style, text),) = fonts.segments(en.drawn("", True, False), "화산")
    assert style.face.label == "WenQuanYi Micro Hei" and style.fake_bold and text == "화산"


def test_a_token_name_is_held_to_the_same_rule():
    """A token's name is drawn as text: ● from the fallback face, no PK307; an emoji no face has, PK307."""
    from pnpkit.generator.layouts.tokens import check_line

    with fonts.using(fonts.for_language("de")):
        ctx = LayoutContext("de", PAPERS["a4"])
        check_line(ctx, "Einfluss ●", 9.0, 100.0, ("tokens", 0, "name", "de"), "token name")
        assert ctx.problems == []
        check_line(ctx, "Vulkan \U0001f30b", 9.0, 100.0, ("tokens", 1, "name", "de"), "token name")
    assert [problem.code for problem in ctx.problems] == ["PK307"]
