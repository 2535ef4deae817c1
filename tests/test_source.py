"""The strict YAML reader: positions, YAML 1.2 core scalars, and every surprise turned into a finding."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from conftest import run_python

from pnpkit.validator import source
from pnpkit.validator.findings import Location, Severity
from pnpkit.validator.source import Limits, SourceError, load_file, load_text


def finding_of(text: str, limits: Limits = Limits()):
    with pytest.raises(SourceError) as info:
        load_text(text, "f.yaml", limits)
    finding = info.value.finding
    assert finding.location.file == "f.yaml"
    assert finding.severity is Severity.ERROR
    return finding


def read_bytes(tmp_path: Path, raw: bytes, limits: Limits = Limits()):
    path = tmp_path / "f.yaml"
    path.write_bytes(raw)
    return load_file(path, "f.yaml", limits)


# ---------------------------------------------------------------- positions


def test_values_and_keys_keep_one_based_line_and_column():
    src = load_text("title: x\nparams:\n  size: 12\n  tags: [a, bb]\nlist:\n  - name: n\n", "f.yaml")
    assert src.data == {"title": "x", "params": {"size": 12, "tags": ["a", "bb"]}, "list": [{"name": "n"}]}
    assert src.values[("title",)] == Location("f.yaml", 1, 8)
    assert src.keys[("title",)] == Location("f.yaml", 1, 1)
    assert src.values[("params", "size")] == Location("f.yaml", 3, 9)
    assert src.keys[("params", "size")] == Location("f.yaml", 3, 3)
    assert src.values[("params", "tags", 1)] == Location("f.yaml", 4, 13)
    assert src.values[("list", 0, "name")] == Location("f.yaml", 6, 11)
    assert src.keys[("list", 0, "name")] == Location("f.yaml", 6, 5)


def test_locate_falls_back_to_the_nearest_parent():
    src = load_text("a:\n  b: 1\n", "f.yaml")
    assert src.locate(("a", "b", "missing", 3)) == Location("f.yaml", 2, 6)
    assert src.locate(("a", "b"), key=True) == Location("f.yaml", 2, 3)
    assert src.locate(("nothing",)) == Location("f.yaml", 1, 1)


# ---------------------------------------------------------------- scalars


@pytest.mark.parametrize("word", ["yes", "no", "on", "off", "y", "n", "Yes", "NO", "On", "OFF"])
def test_yaml_1_1_booleans_stay_strings(word):
    assert load_text(f"v: {word}\n", "f.yaml").data == {"v": word}


@pytest.mark.parametrize("word, value", [("true", True), ("false", False), ("True", True), ("FALSE", False)])
def test_core_booleans_are_booleans(word, value):
    assert load_text(f"v: {word}\n", "f.yaml").data["v"] is value


@pytest.mark.parametrize("text", ["2024-01-01", "2024-11-05T10:20:30Z", "2001-12-14 21:59:43.10 -5"])
def test_dates_stay_strings(text):
    assert load_text(f"v: {text}\n", "f.yaml").data == {"v": text}


@pytest.mark.parametrize(
    "text, value",
    [
        ("12", 12),
        ("-3", -3),
        ("0x1F", 31),
        ("0o17", 15),
        ("1.5", 1.5),
        ("~", None),
        ("null", None),
        ("", None),
        ("1_000", "1_000"),
        ("12:30", "12:30"),
    ],
)
def test_core_schema_numbers_and_nulls(text, value):
    data = load_text(f"v: {text}\n", "f.yaml").data
    assert data["v"] == value
    assert type(data["v"]) is type(value)


def test_quoted_scalars_are_strings():
    assert load_text("a: '12'\nb: \"true\"\nc: 'null'\n", "f.yaml").data == {"a": "12", "b": "true", "c": "null"}


# ---------------------------------------------------------------- findings


def test_duplicate_key_points_at_the_second_key():
    finding = finding_of("name: a\nother: 1\nname: b\n")
    assert finding.code == "PK102"
    assert (finding.location.line, finding.location.col) == (3, 1)
    assert "f.yaml:1:1" in finding.message


def test_nested_duplicate_key_in_a_flow_mapping():
    line = "  - {id: a, colour: red, id: b}"
    finding = finding_of(f"outer:\n{line}\n")
    assert finding.code == "PK102"
    assert (finding.location.line, finding.location.col) == (2, line.rindex("id:") + 1)
    assert finding.path == "outer[0].id"


@pytest.mark.parametrize(
    "text, line", [("a:\n\tb: 1\n", 2), ("a: 1\nb:\n  c: 2\n\td: 3\n", 4), ("list:\n  - 1\n\t- 2\n", 3)]
)
def test_tab_indentation_is_a_syntax_error_that_says_tab(text, line):
    finding = finding_of(text)
    assert finding.code == "PK101"
    assert "tab" in finding.message.lower()
    assert finding.location.line == line


def test_other_syntax_errors_give_the_line():
    finding = finding_of("a: 1\nb: [1, 2\nc: 3\n")
    assert finding.code == "PK101"
    assert finding.location.line in (2, 3)
    finding = finding_of("a: 1\nb: c: d\n")
    assert (finding.code, finding.location.line, finding.location.col) == ("PK101", 2, 5)


def billion_laughs(levels: int = 9) -> str:
    text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    previous = "a"
    for name in "bcdefghijk"[: levels - 1]:
        text += f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 9) + "]\n"
        previous = name
    return text


def test_alias_bomb_stops_quickly(monkeypatch):
    """A billion laughs is refused after the alias bound's worth of values, not after expanding them: the walk
    builds at most `max_alias_nodes` values reached through aliases, plus each node of the file once."""
    built = []
    walk = source._Walker.build

    def counted(self, node, path, depth, via_alias=False):
        built.append(node)
        return walk(self, node, path, depth, via_alias)

    monkeypatch.setattr(source._Walker, "build", counted)
    text = billion_laughs()
    finding = finding_of(text)
    assert finding.code == "PK105"
    assert len(built) <= Limits().max_alias_nodes + len(text), len(built)


def test_alias_limit_is_configurable_and_small_reuse_is_fine():
    text = "base: &b [1, 2, 3]\nx: *b\ny: *b\n"
    assert load_text(text, "f.yaml").data == {"base": [1, 2, 3], "x": [1, 2, 3], "y": [1, 2, 3]}
    assert finding_of(text, Limits(max_alias_nodes=5)).code == "PK105"


def test_deep_flow_nesting_is_refused():
    finding = finding_of("v: " + "[" * 200 + "]" * 200 + "\n")
    assert finding.code == "PK104"


def test_deep_block_nesting_is_refused():
    text = "".join("  " * depth + f"k{depth}:\n" for depth in range(100)) + "  " * 100 + "leaf\n"
    finding = finding_of(text)
    assert finding.code == "PK104"


def test_nesting_within_the_limit_is_read():
    depth = Limits().max_depth - 2
    data = load_text("[" * depth + "1" + "]" * depth, "f.yaml").data
    for _ in range(depth):
        data = data[0]
    assert data == 1


def test_very_deep_nesting_gives_pk104_not_a_crash(tmp_path):
    (tmp_path / "deep.yaml").write_text("[" * 100_000 + "]" * 100_000)
    code = (
        "from pathlib import Path; from pnpkit.validator.source import load_file\n"
        f"src, found = load_file(Path({str(tmp_path / 'deep.yaml')!r}), 'deep.yaml')\n"
        "print(src, [f.code for f in found])\n"
    )
    result = run_python(code, timeout=60)
    assert result.returncode == 0, f"exit {result.returncode}: {result.stderr[-500:]}"
    assert "['PK104']" in result.stdout


def test_file_over_the_size_limit(tmp_path):
    src, found = read_bytes(tmp_path, b"a: 1\nb: 22\n", Limits(max_bytes=10))
    assert src is None
    assert [f.code for f in found] == ["PK103"]
    assert (found[0].location.line, found[0].location.col) == (1, 1)
    assert "11" in found[0].message and "10" in found[0].message


def test_file_at_the_size_limit_is_read(tmp_path):
    src, found = read_bytes(tmp_path, b"a: 1\nb: 2\n", Limits(max_bytes=10))
    assert found == []
    assert src.data == {"a": 1, "b": 2}


def test_invalid_utf8_gives_line_and_column(tmp_path):
    src, found = read_bytes(tmp_path, b"a: 1\nb: caf\xe9\nc: 3\n")
    assert src is None
    assert [f.code for f in found] == ["PK106"]
    assert (found[0].location.line, found[0].location.col) == (2, 7)
    assert "0xe9" in found[0].message


def test_invalid_utf8_on_the_first_line(tmp_path):
    _src, found = read_bytes(tmp_path, b"\xff: 1\n")
    assert [(f.code, f.location.line, f.location.col) for f in found] == [("PK106", 1, 1)]


def test_invalid_utf8_after_a_bom_gives_the_right_line(tmp_path):
    _src, found = read_bytes(tmp_path, b"\xef\xbb\xbfa: 1\nb\xe9: 2\n")
    assert [f.code for f in found] == ["PK106"]
    assert (found[0].location.line, found[0].location.col) == (2, 2)
    assert "0xe9" in found[0].message


def test_invalid_utf8_column_counts_characters(tmp_path):
    _src, found = read_bytes(tmp_path, "a: 1\nb: 火 ".encode() + b"\xff\n")
    assert [f.code for f in found] == ["PK106"]
    assert (found[0].location.line, found[0].location.col) == (2, 6)


def test_bom_and_crlf_are_accepted_with_correct_lines(tmp_path):
    src, found = read_bytes(tmp_path, b"\xef\xbb\xbfa: 1\r\nb:\r\n  c: x\r\n\r\nd: yes\r\n")
    assert found == []
    assert src.data == {"a": 1, "b": {"c": "x"}, "d": "yes"}
    assert src.values[("a",)] == Location("f.yaml", 1, 4)
    assert src.values[("b", "c")] == Location("f.yaml", 3, 6)
    assert src.values[("d",)] == Location("f.yaml", 5, 4)


def test_crlf_findings_count_lines_once(tmp_path):
    _src, found = read_bytes(tmp_path, b"\xef\xbb\xbfa: 1\r\nb: 2\r\n\r\na: 3\r\n")
    assert [(f.code, f.location.line, f.location.col) for f in found] == [("PK102", 4, 1)]


@pytest.mark.parametrize(
    "text",
    [
        "a: !!binary aGVsbG8=\n",
        "a: !custom 1\n",
        "a: !!python/object:os.system {}\n",
        "a: !!set {x, y}\n",
        "a: !!omap [x: 1]\n",
    ],
)
def test_unsupported_tags(text):
    finding = finding_of(text)
    assert finding.code == "PK111"
    assert (finding.location.line, finding.location.col) == (1, 4)


def test_merge_keys():
    text = "base: &base {colour: red, size: 2}\nitem:\n  <<: *base\n  size: 3\nother:\n  size: 4\n  <<: *base\n"
    data = load_text(text, "f.yaml").data
    assert data["item"] == {"colour": "red", "size": 3}
    assert data["other"] == {"colour": "red", "size": 4}
    assert "<<" not in data["item"]


def test_merge_of_several_mappings_earlier_ones_win():
    text = "a: &a {x: 1, y: 1}\nb: &b {y: 2, z: 2}\nc:\n  <<: [*a, *b]\n"
    assert load_text(text, "f.yaml").data["c"] == {"x": 1, "y": 1, "z": 2}


def test_merge_needs_a_mapping():
    finding = finding_of("a: &a [1, 2]\nb:\n  <<: *a\n")
    assert finding.code == "PK101"


def test_overriding_a_merged_key_keeps_its_own_position():
    src = load_text("base: &base {colour: red, size: 2}\nitem:\n  <<: *base\n  size: 3\n", "f.yaml")
    assert src.data["item"]["size"] == 3
    assert src.values[("item", "size")] == Location("f.yaml", 4, 9)
    assert src.keys[("item", "size")] == Location("f.yaml", 4, 3)


def test_complex_keys_are_refused():
    finding = finding_of("? [a, b]\n: 1\n")
    assert finding.code == "PK101"


def test_empty_file_reads_as_nothing(tmp_path):
    src, found = read_bytes(tmp_path, b"# only a comment\n")
    assert found == [] and src.data is None


def test_load_file_returns_findings_instead_of_raising(tmp_path):
    src, found = read_bytes(tmp_path, b"a: 1\na: 2\n")
    assert src is None and [f.code for f in found] == ["PK102"]


@pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML built without libyaml")
def test_the_loader_is_the_c_safe_loader():
    assert issubclass(source._StrictLoader, yaml.CSafeLoader)
    assert not issubclass(source._StrictLoader, yaml.FullLoader)
