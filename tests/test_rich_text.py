"""Rich text and fonts (issue 13, items 3 and 4): markup read by one parser for the validator and the generator,
styled runs that wrap and fit like plain text, BIZ UDPGothic's real bold face, slanted italics, and a kit's own
font families — read back from the PDFs (pikepdf, pypdf) and SVGs the build writes.

The bad-content cases (unbalanced `**`, an unknown colour, an unknown family, a file that is no font, a missing
font file) are in tests/bad_cases.py, checked by code and file:line:col in test_bad_content.py."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path

import pikepdf
import pytest
from conftest import KITS, cli, replace_once
from hypothesis import given, settings
from hypothesis import strategies as st
from pdftext import pdf_text
from pypdf import PdfReader

from pnpkit.generator.layouts.context import LayoutContext
from pnpkit.generator.typeset import fonts
from pnpkit.generator.typeset.linebreaks import atoms, split_atoms
from pnpkit.generator.typeset.lines import Styled, wrap
from pnpkit.generator.typeset.text import TextBox, fit, item_width, text_bounds
from pnpkit.generator.units import PAPERS
from pnpkit.validator import markup
from pnpkit.validator.components.kit import BUILTIN_FONT_FAMILIES
from pnpkit.validator.markup import Parsed, Span, parse, plain

FONT_DIR = fonts.FONT_DIR
BIZ = fonts.builtin("biz-udpgothic")
IPAEX = fonts.builtin("ipaexgothic")

# ---------------------------------------------------------------- the markup


def _styles(text: str) -> list[tuple[str, bool, bool, str | None]]:
    return [(s.text, s.bold, s.italic, s.colour) for s in parse(text).spans]


def test_markup_makes_styled_spans():
    assert _styles("Draw **two** cards, *then* ***both*** <red>hot</> <#2f5f9e>cool</#2f5f9e>") == [
        ("Draw ", False, False, None),
        ("two", True, False, None),
        (" cards, ", False, False, None),
        ("then", False, True, None),
        (" ", False, False, None),
        ("both", True, True, None),
        (" ", False, False, None),
        ("hot", False, False, "#d62728"),
        (" ", False, False, None),
        ("cool", False, False, "#2f5f9e"),
    ]
    assert _styles("**<blue>a *b*</> c**") == [
        ("a ", True, False, "#1f77b4"),
        ("b", True, True, "#1f77b4"),
        (" c", True, False, None),
    ]


def test_escapes_and_lone_angle_brackets_are_text():
    assert plain(r"5 \* 2, a \<b> and \\ and x < 3 and <3 and a\b") == r"5 * 2, a <b> and \ and x < 3 and <3 and a\b"
    assert parse(r"5 \* 2 and x < 3").problems == ()


@pytest.mark.parametrize(
    ("text", "kind", "offset", "says"),
    [
        ("**Add a card", "unbalanced", 0, "`**` starts bold text that never ends"),
        ("Add **a card", "unbalanced", 4, "`**` starts bold"),
        ("Add a *card", "unbalanced", 6, "`*` starts italic"),
        ("2 * 3", "unbalanced", 2, "`*` starts italic"),
        ("a <red>card", "unbalanced", 2, "`<red>` starts a colour span that never ends"),
        ("a card</>", "unbalanced", 6, "`</>` ends no colour span"),
        ("<red>a</blu>", "unbalanced", 6, "`</blu>` ends `<red>`"),
        ("a <silver>card</>", "unknown", 2, "`<silver>` is not a colour"),
        ("a <b>bold</b>", "unknown", 2, "`<b>` is not a colour"),
        ("a <red card", "unknown", 2, "does not end with `>`"),
        ("a **** b", "unknown", 2, "4 asterisks in a row"),
    ],
)
def test_markup_problems_say_what_and_where(text, kind, offset, says):
    (problem,) = parse(text).problems
    assert (problem.kind, problem.offset) == (kind, offset)
    assert says in problem.message


def test_markup_problems_are_bounded():
    assert len(parse("</>" * 10_000).problems) == markup.MAX_PROBLEMS
    deep = parse("<red>" * 20 + "x" + "</>" * 20)
    assert any(f"deeper than {markup.MAX_DEPTH}" in p.message for p in deep.problems)


def test_text_without_markup_characters_is_never_parsed(monkeypatch):
    """The fast path: validating and laying out 10,000 plain cards must not pay for the parser."""

    def refuse(text):
        raise AssertionError(f"parsed {text!r}")

    monkeypatch.setattr(markup, "_parse", refuse)
    monkeypatch.setattr("pnpkit.generator.typeset.text.parse", refuse)
    assert parse("Draw two cards, then discard one. 彗星が勝つ。").spans == (
        Span("Draw two cards, then discard one. 彗星が勝つ。"),
    )
    assert plain("plain") == "plain"
    box = TextBox(0, 0, 30, 20)
    ctx = LayoutContext("en", PAPERS["a4"])
    items = ctx.fitted("Draw two cards, then discard one of them. 彗星が勝つ。", box, 9, 6)
    assert items and ctx.problems == []
    assert fit("Draw two cards", 30, 10, 9, 6).runs is None


# ---------------------------------------------------------------- wrapping and fitting styled runs

ALPHABET = st.sampled_from(
    list("あいうえおかきくけこ漢字カード、。「」ー・") + list("abc xyz") + ["  ", "\u3000", "\n"]
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(ALPHABET, min_size=1, max_size=60).map("".join),
    st.sampled_from([8.0, 11.0, 25.0, 60.0]),
    st.integers(0, 60),
)
def test_a_colour_span_never_moves_a_line_break(text, width, cut):
    """Plain text is one styled run of the same engine: a span that changes no face (a colour) breaks nowhere."""
    cut = min(cut, len(text))
    styled = Styled(Parsed((Span(text[:cut], colour="#c0392b"), Span(text[cut:]))), False, False, "")
    assert [styled.line_text(line) for line in styled.wrap(8.0, width)] == wrap(text, 8.0, width)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("abc XYZ019,.:;!?%)]}([{-'\"/\t")), max_size=30))
def test_ascii_text_splits_into_the_same_atoms_by_its_fast_path(text):
    """English text is split by one regular expression; it must give the atoms the general loop gives."""
    assert atoms(text) == tuple(split_atoms(text))


def test_kinsoku_holds_across_a_change_of_style():
    """`。` after a bold word still may not start a line: atoms are made from the plain text, not per span."""
    size = 10.0
    width = fonts.width_mm("あ" * 10, size, font="ipaexgothic") + 0.01
    with fonts.using(IPAEX):
        result = fit("あいうえお**かきくけこ**。", width, 100, size, size)
    # the lines break between the phrases BudouX reads ("あいうえ" | "おかきくけこ。"), and "。" stays with "こ"
    assert result.lines == ("あいうえ", "おかきくけこ。")
    assert [(r.text, r.bold) for r in result.runs[1]] == [("お", False), ("かきくけこ", True), ("。", False)]
    assert [(r.text, r.bold) for r in result.runs[0]] == [("あいうえ", False)]


def test_bold_runs_are_measured_in_the_bold_face():
    with fonts.using(BIZ):
        regular, bold = (BIZ.family().regular.width_em("WWWW"), BIZ.family().bold.width_em("WWWW"))
        assert regular != bold  # BIZ UDPGothic Bold is wider: measuring it as regular would overrun
        result = fit("**WWWW** ww", 100, 20, 10, 10)
        assert result.runs[0][0].width_em == pytest.approx(bold)
        assert fonts.width_em("WWWW", bold=True) == bold


def test_marked_up_text_shrinks_to_fit_and_every_line_stays_in_its_box():
    text = "**Draw** two cards, *then* discard one of them. <red>Wins</> **every** trick. " * 3
    box = TextBox(5, 5, 40, 18, colour="#000000")
    with fonts.using(BIZ):
        ctx = LayoutContext("en", PAPERS["a4"])
        items = ctx.fitted(text, box, 9, 5)
        assert ctx.problems == []
        assert items[0].size < 9
        lines: dict[float, list] = {}
        for item in items:
            lines.setdefault(item.y, []).append(item)
        assert len(lines) > 3
        for runs in lines.values():
            left = min(text_bounds(r)[0] for r in runs)
            right = max(r.x + item_width(r) for r in runs)
            assert left >= box.x - 1e-6 and right <= box.x + box.width + 1e-6
        words = " ".join(item.text for item in items)
        assert "*" not in words and "<" not in words
        assert {item.colour for item in items if item.text == "Wins"} == {"#d62728"}
        assert all(item.bold for item in items if item.text == "every")


def test_a_centred_line_of_runs_is_centred_and_its_runs_touch():
    box = TextBox(10, 10, 60, 10, align="middle", colour="#000000")
    with fonts.using(BIZ):
        items = LayoutContext("en", PAPERS["a4"]).fitted("one **two** *three*", box, 9, 9)
        assert [(i.text, i.bold, i.italic, i.anchor) for i in items] == [
            ("one ", False, False, "start"),
            ("two", True, False, "start"),
            (" ", False, False, "start"),
            ("three", False, True, "start"),
        ]
        for a, b in pairwise(items):
            assert a.x + item_width(a) == pytest.approx(b.x)
        whole = sum(item_width(i) for i in items)
        assert items[0].x == pytest.approx(box.x + box.width / 2 - whole / 2)


def test_a_character_the_bold_face_lacks_is_drawn_from_a_shipped_face_and_one_no_face_has_is_pk307():
    """Coverage is checked per face: here a family whose bold face is IPAexGothic, which lacks a BIZ character.
    That character is drawn from a shipped face that has it (no finding); one no shipped face has is PK307
    naming the face it would print in."""
    biz, ipa = BIZ.family(), IPAEX.family()
    lacking = next(chr(c) for c in sorted(biz.regular.covered - ipa.regular.covered) if chr(c).isprintable())
    family = fonts.Family("mixed", "mixed", biz.regular, bold=ipa.regular)
    fontset = fonts.FontSet({"mixed": family}, "mixed")
    with fonts.using(fontset):
        ctx = LayoutContext("en", PAPERS["a4"])
        ctx.fitted(f"plain {lacking}", TextBox(0, 0, 50, 10), 9, 6)
        ctx.fitted(f"**bold {lacking}**", TextBox(0, 0, 50, 10), 9, 6)
        assert ctx.problems == []
        ctx.fitted("**bold \U0001f30b**", TextBox(0, 0, 50, 10), 9, 6, label="card x body")
    (problem,) = ctx.problems
    assert problem.code == "PK307"
    assert "IPAexGothic cannot draw U+1F30B" in problem.message


# ---------------------------------------------------------------- the families


def test_the_shipped_families():
    families = fonts.builtin_families()
    assert (
        tuple(families) == BUILTIN_FONT_FAMILIES == ("biz-udpgothic", "ipaexgothic", "noto-sans", "wenquanyi-microhei")
    )
    biz, ipa = families["biz-udpgothic"], families["ipaexgothic"]
    assert biz.bold is not None and biz.drawn(True, False) == fonts.Drawn(biz.bold)  # a real bold, not simulated
    assert ipa.bold is None and ipa.drawn(True, False) == fonts.Drawn(ipa.regular, fake_bold=True)
    assert biz.drawn(False, True) == fonts.Drawn(biz.regular, slant=fonts.SLANT)  # neither has an italic face
    assert biz.drawn(True, True) == fonts.Drawn(biz.bold, slant=fonts.SLANT)
    for family in families.values():
        for source, _name in family.files():
            assert source.is_file(), source
    licence = (FONT_DIR / "OFL-BIZUDGothic.txt").read_text(encoding="utf-8")
    assert licence.startswith("Copyright 2022 The BIZ UDGothic Project Authors")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    pyproject = (Path(__file__).parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    assert "generator/assets/fonts/OFL-BIZUDGothic.txt" in pyproject


def test_a_kit_without_fonts_prints_in_biz_udpgothic_and_the_seed_kits_keep_ipaexgothic(kits):
    moonlit, _problems = fonts.for_kit(kits.loaded("moonlit-tricks").model, KITS["moonlit-tricks"], "en")
    assert moonlit.default == "biz-udpgothic" and moonlit.used == ("biz-udpgothic",)
    for name in ("element-shift", "dice-battle-monsters"):
        fontset, problems = fonts.for_kit(kits.loaded(name).model, KITS[name], "ja")
        assert (fontset.default, fontset.used, problems) == ("ipaexgothic", ("ipaexgothic",), [])


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (b"OTTO" + bytes(40), "PostScript (CFF) outlines"),
        (b"ttcf" + bytes(40), "font collection"),
        (b"wOF2" + bytes(40), "web font"),
        (b"\x89PNG\r\n\x1a\n" + bytes(40), "not a font file"),
        (b"\x00\x01\x00\x00\x00\x20" + bytes(30), "cut short"),
        (b"\x00\x01\x00\x00\x00\x01" + bytes(6) + b"cmap" + bytes(12), "lacks the glyf, head"),
    ],
)
def test_a_file_that_is_not_a_truetype_font_is_told_apart(data, why):
    assert why in fonts.truetype_problem(data)[0]


def test_the_shipped_files_are_truetype_fonts_measured_as_reportlab_measures_them():
    """Layout reads advances straight from the file (reportlab's full parse is only paid for when drawing);
    they must be reportlab's own, or lines would be broken for widths the PDF does not have."""
    from reportlab.pdfbase.ttfonts import TTFont

    for path in (fonts.GOTHIC_FILE, *fonts.BIZ_FILES):
        data = path.read_bytes()
        assert fonts.truetype_problem(data) is None
        widths, default, covered = fonts.read_metrics(data)
        face = TTFont(f"check-{path.stem}", str(path)).face
        assert (widths, default, covered) == (face.charWidths, face.defaultWidth, frozenset(face.charToGlyph))


# ---------------------------------------------------------------- built kits, read back

MARKED = [
    (
        "decks.yaml",
        "            ja: 同じトリックに彗星{comet}が出ていても、このカードが勝つ。\n"
        "            en: Wins the trick even when a Comet {comet} is played to it.",
        "            ja: '同じトリックに**彗星**{comet}が出ていても、*このカード*が<red>勝つ</>。'\n"
        "            en: '**Wins** the trick even when a *Comet* {comet} is played to it. <blue>***Always.***</> 5 \\* 2'",
    ),
    (
        "decks.yaml",
        'flavour: {ja: 細くても、月は月。, en: "Thin, but still the moon."}',
        "flavour: {ja: '細くても、**月**は月。', en: '*Thin*, but **still** the moon.'}",
    ),
]


def _edited(tmp_path: Path, name: str, edits: list[tuple[str, str, str]]) -> Path:
    kit = tmp_path / name
    shutil.copytree(KITS["moonlit-tricks"], kit)
    for file, old, new in edits:
        path = kit / file
        path.write_text(replace_once(path.read_text(encoding="utf-8"), old, new, f"{name}/{file}"), encoding="utf-8")
    return kit


@pytest.fixture(scope="module")
def marked(tmp_path_factory) -> Path:
    """Moonlit Tricks with bold, italic and colour in card text, built in ja and en: the output directory."""
    tmp = tmp_path_factory.mktemp("rich")
    kit = _edited(tmp, "marked", MARKED)
    result = cli("build", kit, "-o", tmp / "out", "--lang", "all")
    assert result.returncode == 0, result.stdout + result.stderr
    return tmp / "out" / "moonlit-tricks"


def _embedded_fonts(path: Path) -> dict[str, bool]:
    """BaseFont (without its subset tag) → embedded as TrueType outlines, for every font of the PDF."""
    out: dict[str, bool] = {}
    with pikepdf.open(path) as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font":
                base = str(obj.get("/BaseFont"))
                assert re.fullmatch(r"/[A-Z]{6}\+\S+", base), base  # a subset
                descriptor = obj.get("/FontDescriptor")
                embedded = (
                    str(obj.get("/Subtype")) == "/TrueType" and descriptor is not None and "/FontFile2" in descriptor
                )
                out[base.split("+", 1)[1]] = out.get(base.split("+", 1)[1], True) and embedded
    return out


def _content(path: Path) -> bytes:
    """Every content stream of the PDF: its pages' and its form XObjects' (cards are drawn once, as forms)."""
    with pikepdf.open(path) as pdf:
        parts = []
        for page in pdf.pages:
            page.contents_coalesce()
            parts.append(page.obj.Contents.read_bytes())
        parts += [
            obj.read_bytes()
            for obj in pdf.objects
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form"
        ]
        return b"\n".join(parts)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_bold_is_a_real_embedded_face(marked, lang):
    """Embedded TrueType subsets of BIZ UDPGothic Regular and Bold (and Noto Sans for the curly quotes of Latin
    text, which BIZ UDPGothic sets in a half-em cell); nothing is emboldened by stroking."""
    for pdf in ("kit.pdf", "cards-tricks.pdf"):
        embedded = _embedded_fonts(marked / lang / pdf)
        assert embedded["BIZUDPGothic-Regular"] and embedded["BIZUDPGothic-Bold"], embedded
        assert set(embedded) - {"BIZUDPGothic-Regular", "BIZUDPGothic-Bold"} <= {"NotoSans-Regular", "NotoSans-Bold"}
        assert all(embedded.values()), embedded
        assert not re.search(rb"\b2 Tr\b", _content(marked / lang / pdf))  # text render mode 2: fill and stroke


@pytest.mark.parametrize(
    ("lang", "shown"),
    [
        ("en", ["Wins the trick even when a Comet", "is played to it. Always. 5 * 2", "Thin, but still the moon."]),
        ("ja", ["同じトリックに彗星", "が出ていても、この", "カードが勝つ。", "細くても、月は月。"]),
    ],
)
def test_markup_never_appears_in_the_extracted_text(marked, lang, shown):
    text = pdf_text(marked / lang / "cards-tricks.pdf")
    for words in shown:
        assert words in text, (words, text)
    for literal in ("**", "*Comet", "*Thin", "<red>", "<blue>", "</>", "\\*"):
        assert literal not in text
    if lang == "en":
        assert text.count("*") == 1  # the escaped one: 5 * 2


SVG_NS = "{http://www.w3.org/2000/svg}"


def _drawn_words(*paths: Path) -> dict[str, list[tuple[set[str], dict[str, str]]]]:
    """Each line of the SVGs' text (the words of its invisible layer) → where it is drawn: the faces its glyph
    outlines come from (the `data-font` of the <defs> group holding them) and the attributes of the group."""
    out: dict[str, list[tuple[set[str], dict[str, str]]]] = {}
    for path in paths:
        root = ET.parse(path).getroot()
        holders = [g for g in root.iter(f"{SVG_NS}g") if g.get("data-font")]
        faces = {glyph.get("id"): g.get("data-font") for g in holders for glyph in g.iter(f"{SVG_NS}path")}
        for group in root.iter(f"{SVG_NS}g"):
            words = group.find(f"{SVG_NS}text")
            if words is not None:
                refs = [use.get("{http://www.w3.org/1999/xlink}href", "").lstrip("#") for use in group]
                out.setdefault(words.text, []).append(({faces[ref] for ref in refs if ref}, dict(group.attrib)))
    return out


def _shear(attrs: dict[str, str]) -> float:
    """The slant of a drawn line: the text matrix's x-from-y term over its scale (-0.2: the PDF's italic)."""
    a, _b, c, _d, _e, _f = map(float, re.fullmatch(r"matrix\(([^)]*)\)", attrs["transform"]).group(1).split())
    return c / a


def test_italic_is_slanted_by_the_text_matrix_in_pdf_and_svg(marked):
    assert re.search(rb"1 0 \.2 -1 [\d.]+ [\d.]+ Tm", _content(marked / "en" / "cards-tricks.pdf"))
    drawn = _drawn_words(*sorted((marked / "en").glob("cards-tricks-*.svg")))
    assert -fonts.SLANT in [pytest.approx(_shear(attrs)) for _faces, attrs in drawn["Comet"]]
    assert {_shear(attrs) for _faces, attrs in drawn["Wins"]} == {0}


def test_svgs_draw_the_bold_face_and_the_build_ships_it_with_its_licence(marked):
    assert sorted(p.name for p in (marked / "fonts").iterdir() if not p.name.startswith(".")) == [
        "BIZUDPGothic-Bold.ttf",
        "BIZUDPGothic-Regular.ttf",
        "OFL-BIZUDGothic.txt",
    ]
    drawn = _drawn_words(marked / "en" / "cards-tricks-01.svg")
    ((faces, attrs),) = drawn["Wins"]
    assert faces == {"BIZ UDPGothic Bold"} and "stroke" not in attrs
    assert [faces for faces, _attrs in drawn["High Noon"]] == [{"BIZ UDPGothic Bold"}]  # the bold title region too
    assert [faces for faces, _attrs in drawn[" the trick even when a "]] == [{"BIZ UDPGothic"}]


# ---------------------------------------------------------------- a kit's own families

OWN_FONTS = (
    "languages: [ja, en]\n",
    "languages: [ja, en]\n"
    "fonts:\n"
    "  families:\n"
    "    mine: {regular: fonts/plain.ttf, italic: fonts/slanted.ttf, licence: fonts/LICENCE.txt}\n"
    "  languages: {en: mine}\n",
)


@pytest.fixture(scope="module")
def own(tmp_path_factory) -> tuple[Path, Path]:
    """Moonlit Tricks with its own family for English (IPAexGothic's file as the regular face, BIZ UDPGothic Bold's
    as the italic face, so each is told apart in the PDF): (kit, built kit)."""
    tmp = tmp_path_factory.mktemp("own")
    kit = _edited(tmp, "own", [("kit.yaml", *OWN_FONTS), *MARKED])
    (kit / "fonts").mkdir()
    shutil.copyfile(fonts.GOTHIC_FILE, kit / "fonts" / "plain.ttf")
    shutil.copyfile(fonts.BIZ_FILES[1], kit / "fonts" / "slanted.ttf")
    (kit / "fonts" / "LICENCE.txt").write_text("the licence\n", encoding="utf-8")
    result = cli("build", kit, "-o", tmp / "out", "--lang", "all")
    assert result.returncode == 0, result.stdout + result.stderr
    return kit, tmp / "out" / "moonlit-tricks"


def test_a_kit_family_per_language_and_its_own_italic_face(own):
    _kit, built = own
    assert _embedded_fonts(built / "ja" / "cards-tricks.pdf") == {
        "BIZUDPGothic-Regular": True,
        "BIZUDPGothic-Bold": True,
    }
    # English: the kit's regular face (IPAexGothic's outlines, bold simulated) and its italic face (a real one)
    # and Noto Sans for the quotes and apostrophes of its Latin text: IPAexGothic's own are full-width
    assert _embedded_fonts(built / "en" / "cards-tricks.pdf") == {
        "IPAexGothic": True,
        "BIZUDPGothic-Bold": True,
        "NotoSans-Regular": True,
    }
    en = _content(built / "en" / "cards-tricks.pdf")
    assert not re.search(rb"1 0 \.2 -1 [\d.]+ [\d.]+ Tm", en)  # a real italic face is not slanted again
    assert re.search(rb"\b2 Tr\b", en)  # the family has no bold face: bold is stroked
    assert sorted(p.name for p in (built / "fonts").iterdir() if not p.name.startswith(".")) == [
        "BIZUDPGothic-Bold.ttf",
        "BIZUDPGothic-Regular.ttf",
        "OFL-BIZUDGothic.txt",
        "mine-LICENCE.txt",
        "mine-italic.ttf",
        "mine-regular.ttf",
    ]
    drawn = _drawn_words(built / "en" / "cards-tricks-01.svg")
    ((faces, attrs),) = drawn["Comet"]
    assert faces == {"mine italic"} and _shear(attrs) == 0  # the real italic face, not slanted again
    ((faces, attrs),) = drawn["Wins"]
    assert faces == {"mine regular"} and "stroke" in attrs  # no bold face: stroked, as in the PDF


def test_a_template_region_names_its_family(own, tmp_path):
    kit, _built = own
    copy = tmp_path / "region"
    shutil.copytree(kit, copy)
    templates = copy / "templates.yaml"
    text = templates.read_text(encoding="utf-8")
    text = replace_once(text, "- {name: flavour, kind: text,", "- {name: flavour, kind: text, font: ipaexgothic,", "t")
    text = replace_once(text, "- {name: title, kind: text,", "- {name: title, kind: text, font: nothing,", "t")
    templates.write_text(text, encoding="utf-8")
    result = cli("validate", copy, "--format", "json")
    assert result.returncode == 1
    assert '"code": "PK523"' in result.stdout and "no font family named 'nothing'" in result.stdout
    assert result.stdout.count('"code"') == 1


def test_a_template_region_prints_in_its_family(own, tmp_path):
    from pnpkit.generator.build import layout_kit
    from pnpkit.validator.kit import load_kit

    kit, _built = own
    copy = tmp_path / "region"
    shutil.copytree(kit, copy)
    templates = copy / "templates.yaml"
    text = templates.read_text(encoding="utf-8")
    text = replace_once(text, "- {name: flavour, kind: text,", "- {name: flavour, kind: text, font: ipaexgothic,", "t")
    templates.write_text(text, encoding="utf-8")
    loaded = load_kit(copy)
    assert loaded.ok
    parts, problems = layout_kit(loaded, "ja")
    assert problems == []
    from pnpkit.generator.scene import Group, Text

    def texts(items):
        for item in items:
            if isinstance(item, Group):
                yield from texts(item.items)
            elif isinstance(item, Text):
                yield item

    flavour = [t for part in parts for page in part.pages for t in texts(page.items) if t.role == "card-flavour"]
    assert flavour and {t.font for t in flavour} == {"ipaexgothic"}


def test_markup_in_titles_and_headings_never_prints_literally(tmp_path):
    """Kit text printed outside text boxes (the cover, the contents, rule headings, bookmarks) shows its words."""
    kit = _edited(
        tmp_path,
        "titled",
        [
            ("kit.yaml", "en: Moonlit Tricks}", 'en: "*Moonlit* Tricks"}'),
            ("rules.yaml", "- title: {ja: 準備, en: Setup}", '- title: {ja: "**準備**", en: "**Setup** now"}'),
        ],
    )
    out = tmp_path / "out"
    result = cli("build", kit, "-o", out, "--lang", "en", "--no-svg")
    assert result.returncode == 0, result.stderr
    pdfs = sorted((out / "moonlit-tricks" / "en").glob("*.pdf"))
    assert len(pdfs) >= 4
    texts = "".join(pdf_text(pdf, sep="") for pdf in pdfs)
    assert "Moonlit Tricks" in texts and "Setup now" in texts
    assert "*" not in texts
    outline = [item.title for item in PdfReader(out / "moonlit-tricks" / "en" / "kit.pdf").outline]
    assert outline and not any("*" in title for title in outline)
    assert PdfReader(out / "moonlit-tricks" / "en" / "kit.pdf").metadata.title == "Moonlit Tricks"


def test_an_unknown_family_in_change_is_pk523_at_its_place(tmp_path):
    kit = _edited(
        tmp_path,
        "changed",
        [("templates.yaml", "      regions:\n", "      change: {}\n      regions:\n")],
    )
    templates = (kit / "templates.yaml").read_text(encoding="utf-8")
    assert "change: {}" in templates
    (kit / "templates.yaml").write_text(
        templates.replace("change: {}", "change: {title: {font: nosuch}}", 1), encoding="utf-8"
    )
    result = cli("validate", kit, "--format", "json")
    assert result.returncode == 1
    assert '"code": "PK523"' in result.stdout and "no font family named 'nosuch'" in result.stdout
