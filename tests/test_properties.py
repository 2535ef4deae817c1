"""Property-based tests: random damage to every shipped kit gives findings, never a crash;
and whatever validates also builds.

Hypothesis runs derandomized with a bounded number of examples, so CI is fast and repeatable.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
import yaml
from conftest import CONTENT_KITS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnpkit.generator.backends import pdf
from pnpkit.generator.build import book, layout_kit
from pnpkit.validator.findings import Finding
from pnpkit.validator.kit import load_kit

KITS = list(CONTENT_KITS.values())
PROFILE = settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])

SCALARS = st.one_of(
    st.integers(min_value=-5, max_value=50),
    st.just(0),
    st.text(max_size=12),
    st.sampled_from(
        ["", "yes", "no", "2024-01-01", "63mm", "-1mm", "#zzzzzz", "{unknown}", "fire", "🌋", "null", "カ力"]
    ),
    st.booleans(),
    st.none(),
    st.lists(st.integers(min_value=-2, max_value=3), max_size=3),
    st.dictionaries(st.sampled_from(["ja", "en", "id", "count", "nmae"]), st.text(max_size=5), max_size=2),
)


def _files(kit: Path) -> list[Path]:
    return sorted(kit.glob("*.yaml"))


def _assert_findings_well_formed(findings: list[Finding]) -> None:
    for finding in findings:
        assert finding.code and finding.message
        assert finding.location.file
        assert finding.severity.value in ("error", "warning")


@pytest.mark.parametrize("kit", KITS, ids=[k.name for k in KITS])
@PROFILE
@given(data=st.data())
def test_text_mutations_never_crash_the_validator(kit, data):
    files = _files(kit)
    target = data.draw(st.sampled_from(files), label="file")
    lines = target.read_text(encoding="utf-8").split("\n")
    action = data.draw(st.sampled_from(["delete", "duplicate", "insert", "truncate", "garble"]), label="action")
    index = data.draw(st.integers(min_value=0, max_value=max(0, len(lines) - 1)), label="line")
    if action == "delete":
        del lines[index]
    elif action == "duplicate":
        lines.insert(index, lines[index])
    elif action == "insert":
        lines.insert(
            index,
            data.draw(st.text(alphabet=st.sampled_from(list(" :-[]{}&*!|>'\"#\tab1火")), max_size=20), label="text"),
        )
    elif action == "truncate":
        lines = lines[:index]
    else:
        line = lines[index]
        cut = data.draw(st.integers(min_value=0, max_value=len(line)), label="cut")
        lines[index] = line[:cut] + data.draw(st.text(max_size=4), label="noise") + line[cut + 1 :]
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / kit.name
        shutil.copytree(kit, copy)
        (copy / target.name).write_text("\n".join(lines), encoding="utf-8")
        loaded = load_kit(copy)
        _assert_findings_well_formed(loaded.report.findings)


def _nodes(value, path=()):
    """Every path into a YAML value."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _nodes(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _nodes(item, path + (i,))


def _replace(value, path, new):
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {k: (_replace(v, rest, new) if k == head else v) for k, v in value.items()}
    return [(_replace(v, rest, new) if i == head else v) for i, v in enumerate(value)]


@pytest.mark.parametrize("kit", KITS, ids=[k.name for k in KITS])
@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_what_validates_also_builds(kit, data):
    files = [f for f in _files(kit) if f.name != "kit.yaml"] or _files(kit)
    target = data.draw(st.sampled_from(files), label="file")
    document = yaml.safe_load(target.read_text(encoding="utf-8"))
    paths = list(_nodes(document))[1:]
    path = data.draw(st.sampled_from(paths), label="path")
    new = data.draw(SCALARS, label="value")
    mutated = _replace(document, path, new)
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / kit.name
        shutil.copytree(kit, copy)
        (copy / target.name).write_text(yaml.safe_dump(mutated, allow_unicode=True, sort_keys=False), encoding="utf-8")
        loaded = load_kit(copy)
        _assert_findings_well_formed(loaded.report.findings)
        if not loaded.ok:
            return
        lang = loaded.kit.languages[0]
        parts, problems = layout_kit(loaded, lang)
        _assert_findings_well_formed(problems)
        if any(p.is_error for p in problems):
            return
        document = book(loaded.kit, lang, parts)
        assert pdf.render(document).startswith(b"%PDF")
