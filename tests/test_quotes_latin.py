"""Latin text in a Japanese face (issue 39 item 4): typographic quotes, from the Latin face where the Japanese
face's own are full-width."""

from __future__ import annotations

import pytest
from conftest import EXAMPLE_KITS, run_cli
from pdftext import pdf_text

from pnpkit.generator.typeset import fonts
from pnpkit.generator.typeset.quotes import typographic_quotes
from pnpkit.generator.typeset.text import fit, latin_quotes

KOI_KOI = EXAMPLE_KITS["koi-koi"]


@pytest.mark.parametrize(
    ("written", "printed"),
    [
        ('call "Koi-Koi" or "Shobu".', "call “Koi-Koi” or “Shobu”."),
        ("each card's power", "each card’s power"),
        ("'single' quotes", "‘single’ quotes"),
        ('**"Call"**: now', "**“Call”**: now"),
        ('<red>"Stop"</>', "<red>“Stop”</>"),
        ('「"火"と言う」', '「"火"と言う」'),  # a Japanese word's quotes are left as written
    ],
)
def test_straight_quotes_in_latin_text_become_typographic(written, printed):
    assert typographic_quotes(written) == printed


def test_koi_koi_s_english_prints_typographic_quotes(tmp_path):
    """The review's ”Shōbu”: the English edition is set in BIZ UDPGothic, whose ASCII " looks like a closing quote
    on both sides; the PDF's text now reads “Shōbu” and “Koi-Koi”, and no straight double quote is left."""
    result = run_cli("build", KOI_KOI, "-o", tmp_path, "--lang", "en", "--no-svg")
    assert result.returncode == 0, result.stderr
    text = pdf_text(tmp_path / "koi-koi" / "en" / "rules.pdf")
    assert "“Shōbu”" in text and "“Koi-Koi”" in text, text
    assert '"' not in text


def test_a_full_width_quote_in_latin_text_prints_from_the_latin_face():
    """IPAexGothic's curly quotes are one em wide: in Latin text they are Noto Sans's, measured and drawn so; next
    to Japanese they stay the face's own."""
    ipa = fonts.FontSet(fonts.builtin_families(), "ipaexgothic", lang="en")
    noto = fonts.builtin_families()["noto-sans"].regular
    with fonts.using(ipa):
        face = ipa.regular
        assert face.wide_quotes and face.cjk and not noto.wide_quotes
        assert latin_quotes('say "hi"') == "say “hi”"
        parts = fonts.segments(ipa.drawn(), "say “hi” 「“火”」")
        assert [(style.face.label, text) for style, text in parts] == [
            ("IPAexGothic", "say "),
            ("Noto Sans", "“"),
            ("IPAexGothic", "hi"),
            ("Noto Sans", "”"),
            ("IPAexGothic", " 「“火”」"),
        ]
        wide = face.width_em("“火”")
        assert wide == pytest.approx(face.width_em("火") + 2.0)
        assert face.width_em("“hi”") == pytest.approx(face.width_em("hi") + noto.width_em("“”"))
        assert fit('say "hi"', 50, 10, 9, 6).lines == ("say “hi”",)


def test_biz_udpgothic_sets_quotes_in_latin_text_from_the_latin_face():
    """BIZ UDPGothic's curly quotes sit at one side of a half-em cell, so "month’s" would read "month’ s": in Latin
    text they are Noto Sans' (a fifth of an em); beside Japanese they stay the face's own."""
    en = fonts.for_language("en")
    assert en.regular.cjk and en.regular.wide_quotes
    noto = fonts.builtin_families()["noto-sans"].regular
    parts = [(style.face.label, text) for style, text in fonts.segments(en.drawn(), "month’s “Shōbu”")]
    assert parts == [
        ("BIZ UDPGothic", "month"),
        ("Noto Sans", "’"),
        ("BIZ UDPGothic", "s "),
        ("Noto Sans", "“"),
        ("BIZ UDPGothic", "Shōbu"),
        ("Noto Sans", "”"),
    ]
    assert en.regular.width_em("month’s") == pytest.approx(en.regular.width_em("months") + noto.width_em("’"))
    ((style, text),) = fonts.segments(en.drawn(), "「“火”」")
    assert style.face is en.regular and text == "「“火”」"
