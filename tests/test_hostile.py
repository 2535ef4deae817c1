"""Hostile and careless input: every case is a finding with file:line:col, exit 1, no traceback,
nothing in the output directory, and the user's files untouched."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from conftest import CONTENT, Shown, cli, files_under, line_of, make_bad_kit, parse_findings, png, replace_once


def _copy(tmp_path: Path, edits: list[tuple[str, str, str]] = ()) -> Path:
    return make_bad_kit(tmp_path, list(edits))


def _snapshot(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


def _expect(tmp_path: Path, kit: Path, code: str, file: str, line: int | None = None) -> Shown:
    """`pnpkit build` of the kit: exit 1, the finding in `file` (at `line`), nothing written, the kit untouched."""
    before = _snapshot(kit)
    out = tmp_path / "out"
    result = cli("build", kit, "-o", out)
    assert result.returncode == 1, (result.returncode, result.stdout, result.stderr)
    found = [f for f in parse_findings(result.stderr) if f.code == code]
    assert found, result.stderr
    finding = found[0]
    assert finding.file.name == file
    if line is not None:
        assert finding.line == line, result.stderr
    assert files_under(out) == []
    assert _snapshot(kit) == before
    return finding


def test_windows_files_with_bom_and_crlf_are_accepted(tmp_path):
    kit = _copy(tmp_path)
    for path in kit.glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    result = cli("build", kit, "-o", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    # positions still count lines the way an editor does
    combos = kit / "combos.yaml"
    text = combos.read_bytes().decode("utf-8")
    combos.write_bytes(replace_once(text, "elements: [fire, water]", "elements: [fire, lava]", "combos").encode())
    finding = _expect(tmp_path / "second", kit, "ES001", "combos.yaml")
    assert finding.line == line_of(kit / "combos.yaml", "[fire, lava]")


def test_alias_bomb(tmp_path):
    kit = _copy(tmp_path)
    bomb = ["bomb0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    bomb += [f"bomb{i}: &a{i} [{', '.join(['*a' + str(i - 1)] * 10)}]" for i in range(1, 9)]
    (kit / "tokens.yaml").write_text((kit / "tokens.yaml").read_text() + "\n".join(bomb) + "\n")
    _expect(tmp_path, kit, "PK105", "tokens.yaml")


def test_huge_file(tmp_path):
    kit = _copy(tmp_path)
    with open(kit / "errata.yaml", "a", encoding="utf-8") as out:
        out.write("# " + "x" * (9 * 1024 * 1024) + "\n")
    _expect(tmp_path, kit, "PK103", "errata.yaml", 1)


def test_deep_nesting(tmp_path):
    kit = _copy(tmp_path)
    (kit / "tokens.yaml").write_text((kit / "tokens.yaml").read_text() + "deep: " + "[" * 200 + "]" * 200 + "\n")
    _expect(tmp_path, kit, "PK104", "tokens.yaml")


def test_invalid_utf8(tmp_path):
    kit = _copy(tmp_path)
    raw = (kit / "combos.yaml").read_bytes()
    line = raw[: raw.index("蒸気爆発".encode())].count(b"\n") + 1
    (kit / "combos.yaml").write_bytes(raw.replace("蒸気爆発".encode(), b"\xff\xfe", 1))
    finding = _expect(tmp_path, kit, "PK106", "combos.yaml", line)
    assert finding.col > 1


def test_tab_in_indentation(tmp_path):
    kit = _copy(tmp_path, [("tokens.yaml", "  diameter: 16mm", "\tdiameter: 16mm")])
    _expect(tmp_path, kit, "PK101", "tokens.yaml", line_of(kit / "tokens.yaml", "\tdiameter"))


@pytest.mark.parametrize(
    "name, code",
    [("../outside.yaml", "PK108"), ("/etc/hostname", "PK108"), ("missing.yaml", "PK107"), ("link.yaml", "PK108")],
)
def test_include_paths_stay_inside_the_kit(tmp_path, name, code):
    kit = _copy(tmp_path, [("kit.yaml", "  - errata.yaml", f"  - errata.yaml\n  - {name}")])
    (tmp_path / "outside.yaml").write_text("stolen: true\n")
    os.symlink(tmp_path / "outside.yaml", kit / "link.yaml")
    _expect(tmp_path, kit, code, "kit.yaml", line_of(kit / "kit.yaml", f"- {name}"))


@pytest.mark.parametrize(
    "name, code",
    [
        ("../../etc/hostname", "PK108"),
        ("/etc/hostname", "PK108"),
        ("nothing.png", "PK107"),
        ("link.png", "PK108"),
        ("rules.yaml", "PK321"),
    ],
)
def test_image_paths_stay_inside_the_kit(tmp_path, name, code):
    kit = _copy(tmp_path)
    os.symlink("/etc/hostname", kit / "link.png")
    (kit / "kit.yaml").write_text((kit / "kit.yaml").read_text() + f"cover_image: {name}\n")
    _expect(tmp_path, kit, code, "kit.yaml", line_of(kit / "kit.yaml", "cover_image"))


def test_characters_the_font_cannot_draw(tmp_path):
    kit = _copy(tmp_path, [("events.yaml", "en: Volcanic Eruption", "en: Volcanic Eruption 🌋")])
    _expect(tmp_path, kit, "PK307", "events.yaml", line_of(kit / "events.yaml", "Volcanic Eruption 🌋"))


def test_text_that_cannot_fit(tmp_path):
    long_text = "Steal {cells} opponent territory. " * 40
    kit = _copy(tmp_path, [("combos.yaml", "en: Steal {cells} opponent territory.", f"en: {long_text.strip()}")])
    out = tmp_path / "out"
    result = cli("build", kit, "-o", out)
    assert result.returncode == 1
    assert "PK309" in result.stderr and "earth-split" in result.stderr and "mm too tall for its" in result.stderr
    assert files_under(out) == []


@pytest.mark.parametrize("count", ["0", "-3"])
def test_zero_or_negative_count(tmp_path, count):
    kit = _copy(tmp_path, [("decks.yaml", "{ref: fire, count: 10}", f"{{ref: fire, count: {count}}}")])
    _expect(tmp_path, kit, "PK203", "decks.yaml", line_of(kit / "decks.yaml", f"count: {count}"))


def test_empty_deck(tmp_path):
    kit = _copy(tmp_path, [("decks.yaml", "    source: events\n", "")])
    _expect(tmp_path, kit, "PK311", "decks.yaml")


def test_duplicate_ids(tmp_path):
    kit = _copy(tmp_path, [("events.yaml", "  - id: fog", "  - id: volcano")])
    lines = (kit / "events.yaml").read_text().splitlines()
    second = [i for i, text in enumerate(lines, start=1) if "id: volcano" in text][1]
    _expect(tmp_path, kit, "PK304", "events.yaml", second)


def test_unknown_game(tmp_path):
    kit = _copy(tmp_path, [("kit.yaml", "game: element-shift", "game: element-shfit")])
    _expect(tmp_path, kit, "PK204", "kit.yaml", line_of(kit / "kit.yaml", "game:"))


def test_lookalike_characters_are_flagged(tmp_path):
    kit = _copy(tmp_path, [("combos.yaml", "ja: ファイアストーム", "ja: ファイアスト一ム")])
    result = cli("validate", kit)
    assert result.returncode == 0
    assert "PK312" in result.stdout and "'ー'" in result.stdout


def test_card_too_large_for_the_paper(tmp_path):
    kit = _copy(
        tmp_path,
        [
            (
                "decks.yaml",
                "    size: poker\n    template: element",
                "    size: {width: 250mm, height: 300mm}\n    template: element",
            )
        ],
    )
    _expect(tmp_path, kit, "PK324", "decks.yaml", line_of(kit / "decks.yaml", "width: 250mm"))


def test_infinite_number(tmp_path):
    kit = _copy(tmp_path, [("model.yaml", "  max_cycles: 20", "  max_cycles: .inf")])
    _expect(tmp_path, kit, "PK203", "model.yaml", line_of(kit / "model.yaml", "max_cycles"))


def test_deck_entry_without_ref(tmp_path):
    kit = _copy(tmp_path, [("decks.yaml", "{ref: fire, count: 10}", "{count: 10}")])
    _expect(tmp_path, kit, "PK202", "decks.yaml", line_of(kit / "decks.yaml", "- {count: 10}"))


def test_truncated_cover_image(tmp_path):
    kit = _copy(tmp_path)
    image = png(1800, 1100)
    (kit / "cover.png").write_bytes(image[: len(image) // 2])
    (kit / "kit.yaml").write_text((kit / "kit.yaml").read_text() + "cover_image: cover.png\n")
    _expect(tmp_path, kit, "PK321", "kit.yaml", line_of(kit / "kit.yaml", "cover_image"))


def test_ragged_rule_table(tmp_path):
    kit = _copy(
        tmp_path,
        [
            (
                "rules.yaml",
                "    - title: {ja: 正誤表, en: Errata}\n      generated: errata\n",
                "    - title: {ja: 表, en: Table}\n      table:\n        columns: [{ja: あ, en: a}, {ja: い, en: b}]\n"
                "        rows:\n          - [{ja: う, en: c}, {ja: え, en: d}, {ja: お, en: lost}]\n",
            )
        ],
    )
    _expect(tmp_path, kit, "PK325", "rules.yaml", line_of(kit / "rules.yaml", "{ja: お, en: lost}"))


def test_output_path_that_is_a_file_is_a_usage_error(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "element-shift").write_text("mine")
    result = cli("build", CONTENT, "-o", out, "--no-svg")
    assert result.returncode == 2
    assert (out / "element-shift").read_text() == "mine"
    assert sorted(p.name for p in out.iterdir()) == ["element-shift"]
