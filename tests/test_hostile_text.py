"""Hostile text (issue 18): text that escapes its box or breaks the output, messages that could lie or be forged,
and consoles that cannot encode what pnpkit prints.

Every user string is either printed inside its box in glyphs the font has, or reported at file:line:col; findings
print one to a line with every control, bidi and separator character escaped; SVGs always parse as XML; and no
command crashes on a console's encoding.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from conftest import FINDING, GENERIC, GROUPED, KITS, REPO, cli, files_under, line_of, make_bad_kit, parse_findings
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from pnpkit.validator.findings import is_hidden

MOONLIT = "moonlit-tricks"
SUMMARY = re.compile(r"^\d+ error\(s\), \d+ warning\(s\)$")


def _moonlit(tmp_path: Path, edits: list[tuple[str, str, str]], name: str = "kit") -> Path:
    return make_bad_kit(tmp_path, edits, name, kit=MOONLIT)


def _yaml_string(text: str) -> str:
    """`text` as a YAML double-quoted scalar, escapes and all (what a user would type to get it)."""
    return yaml.safe_dump(text, allow_unicode=True, default_style='"', width=1_000_000).strip().removesuffix("...")


def _hidden(output: str) -> list[str]:
    """Hidden characters printed raw: anything `is_hidden` but the line ends that separate lines."""
    return sorted({f"U+{ord(ch):04X}" for ch in output if ch != "\n" and is_hidden(ch)})


def _assert_one_finding_a_line(result: subprocess.CompletedProcess) -> list[str]:
    """Text output: every line a finding, the summary, or the OK line; the summary counts the finding lines."""
    assert "Traceback" not in result.stderr, result.stderr
    assert not _hidden(result.stdout + result.stderr), (result.stdout, result.stderr)
    lines = [line for line in (result.stdout + result.stderr).splitlines() if line]
    findings = [line for line in lines if FINDING.match(line)]
    for line in lines:
        assert (
            FINDING.match(line)
            or SUMMARY.match(line)
            or line.endswith(("kit(s) OK", "fix the errors above"))
            or (line.startswith("wrote "))
        ), line
    summary = [line for line in lines if SUMMARY.match(line)]
    if summary:
        errors, warnings = map(int, re.findall(r"\d+", summary[0]))
        counted = sum(int(m["n"]) if (m := GROUPED.search(line)) else 1 for line in findings)
        assert errors + warnings == counted, lines  # a grouped line stands for its count of identical findings
    return findings


# ---------------------------------------------------------------- 3. text that escapes its box or breaks the output


def test_a_version_too_long_for_the_cover_is_a_finding(tmp_path):
    kit = _moonlit(tmp_path, [("kit.yaml", 'version: "0.3"', f'version: "{"9" * 2000}"')])
    result = cli("build", kit, "-o", tmp_path / "out")
    assert result.returncode == 1
    found = _assert_one_finding_a_line(result)
    too_wide = [line for line in found if " PK309 " in line]
    # the cover's version line and the footers that carry it, in both editions; each quoted short
    assert any("cover:" in line and "(2026 characters)" in line for line in too_wide), found
    assert any("footer:" in line for line in too_wide), found
    assert all(len(line) < 400 for line in found)
    assert files_under(tmp_path / "out") == []


def test_an_emoji_on_the_cover_is_a_finding_not_a_silent_gap(tmp_path):
    kit = _moonlit(tmp_path, [("kit.yaml", 'version: "0.3"', 'version: "0.3 🎲"')])
    result = cli("validate", kit)
    assert result.returncode == 1
    glyphs = [f for f in parse_findings(result.stderr) if f.code == "PK307"]
    assert {("cover:" in f.text, "footer:" in f.text) for f in glyphs} >= {(True, False), (False, True)}, result.stderr
    assert all("U+1F3B2" in f.text for f in glyphs)


def test_a_title_too_long_for_the_cover_is_reported_at_the_title(tmp_path):
    title = "Moonlit " * 30
    kit = _moonlit(tmp_path, [("kit.yaml", "en: Moonlit Tricks}", f"en: {title.strip()}}}")])
    result = cli("validate", kit)
    assert result.returncode == 1
    cover = [f for f in parse_findings(result.stderr) if f.code == "PK309" and "cover title" in f.text]
    assert cover and cover[0].line == line_of(kit / "kit.yaml", "en: Moonlit Moonlit"), result.stderr


SUBTITLE = "en: A tiny 12-card trick-taking game (prototype)"


@pytest.mark.parametrize(
    ("field", "old", "new", "shown"),
    [
        ("version", 'version: "0.3"', 'version: "0.\\03"', "U+0000"),
        ("version", 'version: "0.3"', 'version: "0.3\\e[31m"', "U+001B"),
        ("subtitle.en", SUBTITLE, 'en: "A tiny \\u202e12-card"', "U+202E"),
        ("author", "author: pnpkit (sample design)", 'author: "pnpkit\\u2028(sample design)"', "U+2028"),
        ("subtitle.en", SUBTITLE, 'en: "A tiny \\uffff 12-card"', "U+FFFF"),
    ],
)
def test_a_control_character_is_found_before_anything_is_drawn(tmp_path, field, old, new, shown):
    """Control characters, bidi controls, separators and noncharacters: PK307 at the field, by the validator
    (so `--no-layout` finds it too), never drawn and never printed raw."""
    kit = _moonlit(tmp_path, [("kit.yaml", old, new)])
    for extra in ((), ("--no-layout",)):
        result = cli("validate", kit, *extra)
        assert result.returncode == 1, result
        found = [f for f in parse_findings(result.stderr) if f.code == "PK307"]
        assert len(found) == 1, result.stderr
        assert f" {field}: " in found[0].text and shown in found[0].text
        assert found[0].line == line_of(kit / "kit.yaml", new), result.stderr
        _assert_one_finding_a_line(result)


def test_a_bidi_override_in_a_plain_scalar_is_found_at_its_column(tmp_path):
    kit = _moonlit(tmp_path, [("kit.yaml", SUBTITLE, SUBTITLE.replace("12-card", "\u202e12-card"))])
    result = cli("validate", kit, "--no-layout")
    (found,) = [f for f in parse_findings(result.stderr) if f.code == "PK307"]
    line = (kit / "kit.yaml").read_text(encoding="utf-8").splitlines()[found.line - 1]
    assert line[found.col - 1] == "\u202e"


def test_every_svg_string_is_well_formed_xml():
    """What slips past the validator (a scene made by code) still makes an SVG that parses: characters XML
    forbids are dropped from text, titles and attributes alike."""
    from pnpkit.generator.backends import svg
    from pnpkit.generator.scene import Group, Page, Text

    hostile = "a\x00b\x1b[31m\x0b\ufffe\ud800 🎲 \u202e<&>\"'"
    page = Page(
        50,
        50,
        (Group((Text(10, 10, hostile, 9),), name=hostile, role=hostile), Text(10, 20, hostile, 9, colour="#000000")),
        label=hostile,
        deck_name=hostile,
    )
    document = svg.render(page, hostile)
    root = ET.fromstring(document.encode("utf-8"))
    texts = [el.text for el in root.iter("{http://www.w3.org/2000/svg}text")]
    assert texts == ["ab[31m 🎲 \u202e<&>\"'"] * 2


# ---------------------------------------------------------------- 4. messages that lie or can be forged


def test_a_key_with_a_newline_cannot_forge_a_second_finding(tmp_path):
    forged = '"bad\\nkit.yaml:1:1: error ZZ999 forged": 1'
    kit = _moonlit(tmp_path, [("kit.yaml", 'version: "0.3"', f'version: "0.3"\n{forged}')])
    result = cli("validate", kit)
    assert result.returncode == 1
    found = _assert_one_finding_a_line(result)
    assert len(found) == 1 and " PK201 " in found[0] and "ZZ999" not in [f.code for f in parse_findings(result.stderr)]
    assert "bad\\nkit.yaml:1:1" in found[0]


@pytest.mark.parametrize("fmt", ["text", "json", "sarif"])
def test_terminal_controls_never_reach_the_terminal(tmp_path, fmt):
    """ESC/OSC sequences, C1 controls and U+202E in an unknown key: escaped in text; in JSON and SARIF written as
    \\u escapes, so the file still reads back to the exact key."""
    key = "\x1b]0;pwned\x07\x9b2J\u202eevil"
    kit = _moonlit(tmp_path, [("kit.yaml", 'version: "0.3"', f'version: "0.3"\n{_yaml_string(key)}: 1')])
    result = cli("validate", kit, "--format", fmt)
    assert result.returncode == 1
    assert not _hidden(result.stdout + result.stderr)
    if fmt == "text":
        (line,) = _assert_one_finding_a_line(result)
        assert "\\x1b]0;pwned\\x07\\x9b2J\\u202eevil" in line
        return
    data = json.loads(result.stdout)
    results = data if fmt == "json" else data["runs"][0]["results"]
    places = [r["path"] if fmt == "json" else r["message"]["text"] for r in results]  # SARIF: "path: message"
    assert any(place.startswith(key) for place in places), places


def test_a_usage_error_naming_a_path_escapes_it(tmp_path):
    result = cli("validate", tmp_path / "\x1b[2Jno\u202ekit")
    assert result.returncode == 2
    assert not _hidden(result.stderr) and "\\x1b[2Jno\\u202ekit does not exist" in result.stderr
    result = cli("validate", "--bogus\x1b[2J", tmp_path)
    assert result.returncode == 2 and not _hidden(result.stderr)


@pytest.mark.parametrize(("prefix", "said"), [("XYZ999", "no such code"), ("ZZ", "no code starts with")])
def test_codes_says_when_there_is_no_such_code(prefix, said):
    result = cli("codes", prefix)
    assert result.returncode == 2
    assert said in result.stderr and prefix in result.stderr and result.stdout == ""


# ---------------------------------------------------------------- 5. the console's encoding


def _run(args: list[str], encoding: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    """`pnpkit ARGS` in a fresh interpreter whose console encodes as `encoding`, stdout and stderr pipes."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONHASHSEED", "PYTHONUTF8")}
    env["PYTHONIOENCODING"] = encoding
    return subprocess.run(
        [sys.executable, "-m", "pnpkit.generator.entry", *args], cwd=REPO, env=env, input=stdin, capture_output=True
    )


COMMANDS = {
    "validate": (["validate", "{moonlit}"], 0, None),
    "validate-finding": (["validate", "{emoji}"], 1, None),
    "validate-json": (["validate", "{emoji}", "--format", "json"], 1, "json"),
    "validate-sarif": (["validate", "{emoji}", "--format", "sarif"], 1, "json"),
    "build": (["build", "{moonlit}", "-o", "{tmp}/out", "--lang", "ja", "--no-svg"], 0, None),
    "codes": (["codes"], 0, None),
    "codes-one": (["codes", "PK307"], 0, None),
    "schema": (["schema"], 0, "json"),
    "new": (["new", "{tmp}/fresh"], 0, None),
    "simulate": (["simulate", "{element_shift}", "--games", "2"], 0, None),
    "simulate-json": (["simulate", "{element_shift}", "--games", "2", "--format", "json"], 0, "json"),
    "score": (["score", "{wizards}", "{tmp}/hands.yaml"], 0, None),
    "score-json": (["score", "{wizards}", "{tmp}/hands.yaml", "--format", "json"], 0, "json"),
}
"""Every command that prints: (its arguments, the exit status, "json" when its output is UTF-8 JSON)."""


@pytest.mark.slow
@pytest.mark.parametrize("encoding", ["cp932", "ascii"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_no_command_crashes_on_the_consoles_encoding(tmp_path, command, encoding):
    """cp932 (Japanese Windows, output redirected) and ASCII: text in the console's encoding with '?' for what it
    lacks; JSON and SARIF as UTF-8 whatever the console is."""
    emoji = _moonlit(tmp_path, [("kit.yaml", SUBTITLE, SUBTITLE.replace("12-card", "🎲 12-card"))], "emoji")
    (tmp_path / "hands.yaml").write_text("赤: [草, 草, 心]\n青: {光: 2, 邪: 3}\n", encoding="utf-8")
    places = {
        "moonlit": str(KITS[MOONLIT]),
        "emoji": str(emoji),
        "tmp": str(tmp_path),
        "element_shift": str(KITS["element-shift"]),
        "wizards": str(KITS["wizards-element-collection"]),
    }
    template, status, data = COMMANDS[command]
    args = [arg.format(**places) for arg in template]
    result = _run(args, encoding)
    assert b"Traceback" not in result.stderr, result.stderr.decode("utf-8", "replace")
    assert result.returncode == status, result.stderr.decode("utf-8", "replace")
    if data:
        json.loads(result.stdout.decode("utf-8"))  # UTF-8, whatever the console
    else:
        result.stdout.decode(encoding)  # the console's own encoding


def test_text_output_to_a_cp932_console_replaces_what_it_cannot_encode(tmp_path):
    kit = _moonlit(tmp_path, [("kit.yaml", 'version: "0.3"', 'version: "0.3 🎲"')])
    result = _run(["validate", str(kit)], "cp932")
    assert result.returncode == 1
    text = result.stderr.decode("cp932")
    assert "PK307" in text and "U+1F3B2" in text


# ---------------------------------------------------------------- every text field, hostile


def _text_spans(node: yaml.Node, key: str = "", top: bool = True):
    """(start, end) offsets in a file of the translatable texts and free strings it holds: the values of `ja:` and
    `en:`, and a top-level version or author. The file is edited in place, never re-dumped, so nothing else moves."""
    if isinstance(node, yaml.MappingNode):
        for k, value in node.value:
            wanted = k.value in ("ja", "en") or (top and k.value in ("version", "author"))
            if isinstance(value, yaml.ScalarNode) and wanted:
                yield value.start_mark.index, value.end_mark.index
            else:
                yield from _text_spans(value, k.value, False)
    elif isinstance(node, yaml.SequenceNode):
        for value in node.value:
            yield from _text_spans(value, key, False)


SOURCES = {p.name: p.read_text(encoding="utf-8") for p in sorted((GENERIC / MOONLIT).glob("*.yaml"))}
FIELDS = [(name, span) for name, text in SOURCES.items() for span in _text_spans(yaml.compose(text))]


HOSTILE = st.one_of(
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=30),
    st.sampled_from(["\x00", "\x1b[31m", "\x1b]0;t\x07", "\u202e", "\u2028", "\x9b", "\n", "\ufeff", "🎲", "𠮷"]),
    st.integers(200, 2000).map(lambda n: "W" * n),
    st.sampled_from(["<&>\"']]>", "--><!--", "&amp;&#0;", "x</text><script>", "a\tb", "'; } text { fill: red"]),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(picks=st.lists(st.tuples(st.sampled_from(FIELDS), HOSTILE), min_size=1, max_size=4))
def test_hostile_strings_in_any_text_field(tmp_path_factory, picks):
    """Whatever lands in the kit's texts: one finding a line, nothing raw, exit 0 or 1, no traceback; and a kit
    that builds writes SVGs that all parse as XML."""
    root = tmp_path_factory.mktemp("hostile")
    kit = root / "kit"
    shutil.copytree(GENERIC / MOONLIT, kit)
    edits: dict[str, dict[tuple[int, int], str]] = {}
    for (name, span), text in picks:
        edits.setdefault(name, {})[span] = _yaml_string(text)
    for name, spans in edits.items():
        source = SOURCES[name]
        for (start, end), scalar in sorted(spans.items(), reverse=True):  # from the end, so offsets hold
            ending = "\n" if source[start:end].endswith("\n") else ""  # a block scalar owns its line break
            source = source[:start] + scalar + ending + source[end:]
        (kit / name).write_text(source, encoding="utf-8")
    result = cli("build", kit, "-o", root / "out", "--lang", "en", "--jobs", "1")
    assert result.returncode in (0, 1), result
    event(f"exit {result.returncode}")  # --hypothesis-show-statistics: how many examples built
    _assert_one_finding_a_line(result)
    svgs = sorted((root / "out").rglob("*.svg"))
    assert bool(svgs) == (result.returncode == 0)
    for path in svgs:
        ET.parse(path)
        assert not any(unicodedata.category(ch) == "Cc" and ch not in "\t\n\r" for ch in path.read_text("utf-8"))
