"""The built Element Shift kit, checked as a reader and a rebuild see it: text, cards, and what a build leaves
behind, whatever `--jobs` is. What every kit owes a printer (A4, fonts, bookmarks, SVGs, bytes) is in
test_every_kit.py."""

from __future__ import annotations

import filecmp
import re
import shutil
from pathlib import Path

import pypdf
import pytest
from bad_cases import write
from conftest import COMPONENTS, CONTENT, KIT_ID, KITS, LANGS, cli, cli_with_jobs, files_under, make_bad_kit
from pdftext import page_texts, pdf_text

from pnpkit.generator.i18n import catalogue


@pytest.fixture(scope="module")
def loaded_kit(kits):
    return kits.loaded(KIT_ID)


@pytest.fixture(scope="module")
def built_kit(kits) -> Path:
    return kits.builds(KIT_ID)[0]


def page_count(path: Path) -> int:
    return len(pypdf.PdfReader(path).pages)


def test_every_component_is_built(kits):
    for lang in LANGS:
        assert tuple(kits.layouts(KIT_ID)[lang]) == COMPONENTS


def test_rules_text_is_extractable(built_kit):
    ja = pdf_text(built_kit / "ja" / "rules.pdf")
    assert "蒸気爆発" in ja and "ファイアストーム" in ja
    en = pdf_text(built_kit / "en" / "rules.pdf")
    assert "Steam Explosion" in en
    assert "蒸気爆発" not in en


def test_rules_fill_placeholders_from_the_model(built_kit, loaded_kit):
    params = loaded_kit.kit.parameters
    en = " ".join(pdf_text(built_kit / "en" / "rules.pdf").split())
    assert f"takes {params.tokens_per_player} tokens" in en
    assert "{" not in en and "}" not in en


def test_cards_carry_every_combo_name(built_kit, loaded_kit):
    for lang in LANGS:
        fronts = page_texts(built_kit / lang / "cards.pdf", slice(0, None, 2))  # backs carry no names
        text = "".join(fronts).replace("\n", "")
        for combo in loaded_kit.kit.combos:
            assert combo.name.get(lang) in text, (lang, combo.id)


def test_card_sheets_are_fronts_then_backs(built_kit):
    """Every sheet of fronts is followed by its own sheet of backs: the labels of pages 2k and 2k+1 name the same
    deck and sheet number, one as fronts and one as backs."""
    for lang in LANGS:
        words = catalogue(lang)
        fronts_word, backs_word = words["fronts"], words["backs"]
        pages = page_texts(built_kit / lang / "cards.pdf")
        assert pages and len(pages) % 2 == 0
        for index in range(0, len(pages), 2):
            front, back = pages[index], pages[index + 1]
            assert fronts_word in front and backs_word not in front, (lang, index)
            assert backs_word in back and fronts_word not in back, (lang, index + 1)
            front_label = re.search(rf"(\S[^\n]*?)\s*—\s*{re.escape(fronts_word)}\s*(\d+/\d+)", front)
            back_label = re.search(rf"(\S[^\n]*?)\s*—\s*{re.escape(backs_word)}\s*(\d+/\d+)", back)
            assert front_label and back_label, (lang, index)
            assert front_label.groups() == back_label.groups(), (lang, index)


def test_card_count_matches_the_decks(built_kit, loaded_kit):
    """9 poker cards per sheet: 40 element + 7 event + 9 combo cards need 5 + 1 + 1 sheets, each with a back."""
    kit = loaded_kit.kit
    sheets = 0
    for deck in kit.decks:
        count = sum(c.count for c in deck.cards) if deck.cards else len(getattr(kit, deck.source))
        sheets += -(-count // 9)
    for lang in LANGS:
        assert page_count(built_kit / lang / "cards.pdf") == 2 * sheets


def test_rebuild_replaces_own_output_and_keeps_other_files(built_kit, tmp_path):
    out = tmp_path / "output"
    shutil.copytree(built_kit, out / KIT_ID)
    readme = out / "README.md"
    readme.write_text("# output/\nthe user's notes\n")
    stale = out / KIT_ID / "ja" / "cards-99.svg"
    stale.write_text("<svg/>")
    result = cli("build", CONTENT, "-o", out, "--lang", "ja", "--no-svg")
    assert result.returncode == 0, result.stderr
    assert readme.read_text() == "# output/\nthe user's notes\n"
    assert not stale.exists()
    assert not list((out / KIT_ID / "ja").glob("*.svg"))
    assert (out / KIT_ID / "ja" / "kit.pdf").is_file()
    assert (out / KIT_ID / "en" / "kit.pdf").is_file()  # the other language is left alone
    assert sorted(p.name for p in out.iterdir()) == sorted(["README.md", KIT_ID])  # no staging directory left behind


def test_refuses_to_replace_a_directory_it_did_not_make(tmp_path):
    out = tmp_path / "out"
    mine = out / KIT_ID / "ja" / "my-notes.txt"
    mine.parent.mkdir(parents=True)
    mine.write_text("do not touch\n")
    result = cli("build", CONTENT, "-o", out)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert str(out / KIT_ID / "ja") in result.stderr
    assert mine.read_text() == "do not touch\n"
    assert files_under(out) == [mine]


def test_failed_build_leaves_the_previous_output_alone(built_kit, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(built_kit, out / KIT_ID)
    before = {p: p.read_bytes() for p in files_under(out)}
    result = cli("build", write("card-count", tmp_path), "-o", out)
    assert result.returncode == 1
    assert {p: p.read_bytes() for p in files_under(out)} == before


def test_multi_kit_build_with_a_layout_error_writes_nothing(tmp_path):
    second = make_bad_kit(
        tmp_path,
        [
            ("kit.yaml", "id: element-shift", "id: second-kit"),
            ("combos.yaml", "name: {ja: 氷嵐, en: Ice Storm}", "name: {ja: 氷嵐, en: " + "Ice Storm " * 12 + "}"),
        ],
    )
    out = tmp_path / "out"
    result = cli("build", CONTENT, second, "-o", out, "--no-svg", "--lang", "en")
    assert result.returncode == 1
    assert "PK309" in result.stderr
    assert files_under(out) == []


def test_jobs_change_no_byte_and_no_word(tmp_path):
    """Two kits (the quickest to build) and a generic one with a warning, built with --jobs 1 and --jobs 2: the
    same files, byte for byte, and the same output; two kits with layout errors: the same findings, nothing built."""
    warned = write("mt-overlapping-regions", tmp_path)
    one, two = cli_with_jobs(tmp_path, "build", KITS["unlock-tower"], CONTENT, warned, "-o", "out", "--lang", "all")
    assert one.returncode == 0, one.stdout + one.stderr
    assert "warning PK405" in one.stdout and "wrote " in one.stdout
    assert (two.returncode, two.stdout, two.stderr) == (one.returncode, one.stdout, one.stderr)
    first, second = files_under(tmp_path / "jobs-1" / "out"), files_under(tmp_path / "jobs-2" / "out")
    assert len(first) > 50
    assert [p.relative_to(tmp_path / "jobs-1") for p in first] == [p.relative_to(tmp_path / "jobs-2") for p in second]
    assert [p.name for p, q in zip(first, second) if not filecmp.cmp(p, q, shallow=False)] == []

    bad = [write(name, tmp_path / "bad") for name in ("mt-card-text-too-long", "ut-cells-too-small")]
    one, two = cli_with_jobs(tmp_path / "bad", "build", *bad, "-o", "out", "--lang", "all")
    assert one.returncode == 1 and "PK309" in one.stderr and "UT015" in one.stderr, one.stderr
    assert (two.returncode, two.stdout, two.stderr) == (one.returncode, one.stdout, one.stderr)
    assert files_under(tmp_path / "bad" / "jobs-1" / "out") == files_under(tmp_path / "bad" / "jobs-2" / "out") == []
