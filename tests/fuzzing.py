"""Fuzzing pnpkit as a user's damaged kit would: mutations of real kits, and the promises every run keeps.

A `Mutation` is plain data (a kit, one of its files, what to do and where), so a failing case found by a long
campaign (`make fuzz`) is kept as a JSON file in tests/fuzz_cases/ and replayed by every test run.

The promises, checked on `pnpkit validate` and `pnpkit build` run as whole processes:
- the exit status is 0, 1 or 2, and stderr holds no traceback;
- the run ends within a generous time and stays within a generous address-space limit;
- a build that fails leaves nothing in its output directory; one that succeeds writes PDFs that qpdf and PDFium
  both open, every page of them.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
from dataclasses import asdict, dataclass
from pathlib import Path

from conftest import run_capped
from hypothesis import strategies as st

REPO = Path(__file__).resolve().parents[1]
CASES = REPO / "tests" / "fuzz_cases"
FUZZED_KITS = {
    **{p.parent.name: p.parent for p in sorted((REPO / "content").glob("*/kit.yaml"))},
    "starlit-bazaar": REPO / "examples" / "starlit-bazaar",
}

TIME_LIMIT = 120.0
"""Seconds a whole command may take on a mutated kit: far above any real run, so only a hang or a quadratic
blow-up reaches it."""
MEMORY_LIMIT = 3 * 1024**3
"""Address space (bytes) a command may map; a real build of the largest kit maps well under half of it."""

ACTIONS = ("flip", "delete", "duplicate", "repeat-item", "swap", "number", "unicode", "nest", "rename")
REPEATS = (1, 2, 50, 5000)
NUMBERS = ("0", "-1", "99999999999999999999", "1e308", "-1e308", ".nan", "2147483648", "1000000")
KEY = re.compile(r"^(?P<indent>\s*(?:- )?)(?P<key>[A-Za-z_][\w.-]*)(?P<sep>:(?:\s|$))")
VALUE = re.compile(r"^(?P<head>\s*(?:- )?[A-Za-z_][\w.-]*:[ \t]+)(?P<value>[^#\s|>&*!][^#]*?)\s*$")
ITEM = re.compile(r"^(?P<indent>\s*)- ")
NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")


@dataclass(frozen=True)
class Mutation:
    """One edit of one file of a kit; `at` and `other` pick places (taken modulo what the file has), `text` and
    `repeat` give what to write."""

    kit: str
    file: str
    action: str
    at: int
    other: int = 0
    text: str = ""
    repeat: int = 1

    def name(self) -> str:
        digest = hashlib.sha256(json.dumps(asdict(self), sort_keys=True).encode()).hexdigest()[:12]
        return f"{self.kit}-{self.action}-{digest}"


def kit_files(kit: str) -> list[str]:
    """The kit's text files a designer edits (YAML and CSV), relative to the kit."""
    root = FUZZED_KITS[kit]
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.suffix in {".yaml", ".csv"})


@st.composite
def mutations(draw, kits: tuple[str, ...] = tuple(FUZZED_KITS)) -> Mutation:
    kit = draw(st.sampled_from(kits), label="kit")
    return Mutation(
        kit=kit,
        file=draw(st.sampled_from(kit_files(kit)), label="file"),
        action=draw(st.sampled_from(ACTIONS), label="action"),
        at=draw(st.integers(min_value=0, max_value=10_000), label="at"),
        other=draw(st.integers(min_value=0, max_value=10_000), label="other"),
        text=draw(
            st.one_of(
                st.text(max_size=12),
                st.sampled_from(["カ力", "🌋", "\u200b", "e\u0301", "\u202e", "ｱ", "\ufeff", "{x}", "'", '"', "\\"]),
            ),
            label="text",
        ),
        repeat=draw(st.sampled_from(REPEATS), label="repeat"),
    )


def _lines_matching(lines: list[str], pattern: re.Pattern) -> list[int]:
    return [i for i, line in enumerate(lines) if pattern.match(line)]


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def mutate(text: str, m: Mutation) -> str:
    """`text` with the mutation applied; a mutation with no place to apply leaves the text as it was."""
    if m.action == "flip":
        raw = bytearray(text.encode("utf-8"))
        if raw:
            raw[m.at % len(raw)] ^= 1 << (m.other % 8)
        return raw.decode("utf-8", errors="surrogateescape")
    lines = text.split("\n")
    if m.action == "delete":
        del lines[m.at % len(lines)]
    elif m.action == "duplicate":
        i = m.at % len(lines)
        lines[i:i] = [lines[i]] * m.repeat
    elif m.action == "repeat-item":  # a whole list item (its `- ` line and the lines indented under it)
        places = _lines_matching(lines, ITEM)
        if places:
            start = places[m.at % len(places)]
            indent = len(ITEM.match(lines[start])["indent"])  # type: ignore[index]
            end = start + 1
            while end < len(lines) and (not lines[end].strip() or _indent(lines[end]) > indent):
                end += 1
            lines[end:end] = lines[start:end] * m.repeat
    elif m.action == "swap":
        places = _lines_matching(lines, VALUE)
        if len(places) >= 2:
            a, b = places[m.at % len(places)], places[m.other % len(places)]
            va, vb = VALUE.match(lines[a]), VALUE.match(lines[b])
            assert va and vb
            lines[a], lines[b] = va["head"] + vb["value"], vb["head"] + va["value"]
    elif m.action == "number":
        places = [i for i, line in enumerate(lines) if NUMBER.search(line)]
        if places:
            i = places[m.at % len(places)]
            lines[i] = NUMBER.sub(NUMBERS[m.other % len(NUMBERS)], lines[i], count=1)
    elif m.action == "unicode":
        places = _lines_matching(lines, VALUE)
        if places:
            i = places[m.at % len(places)]
            cut = len(lines[i]) - (m.other % max(1, len(VALUE.match(lines[i])["value"])))  # type: ignore[index]
            lines[i] = lines[i][:cut] + m.text * min(m.repeat, 50) + lines[i][cut:]
    elif m.action == "nest":
        places = _lines_matching(lines, VALUE)
        if places:
            i = places[m.at % len(places)]
            depth = min(m.repeat, 2000)
            lines[i] = VALUE.match(lines[i])["head"] + "[" * depth + "1" + "]" * depth  # type: ignore[index]
    elif m.action == "rename":
        places = _lines_matching(lines, KEY)
        if places:
            i = places[m.at % len(places)]
            key = KEY.match(lines[i])
            assert key
            name = key["key"]
            renamed = name[:-1] if m.other % 3 == 0 and len(name) > 1 else name + (m.text[:3] or "x")
            lines[i] = key["indent"] + renamed + lines[i][key.end("key") :]
    else:
        raise ValueError(f"unknown action {m.action!r}")
    return "\n".join(lines)


def apply(m: Mutation, root: Path) -> Path:
    """A copy of the mutation's kit under `root`, with the mutation applied."""
    target = root / m.kit
    shutil.copytree(FUZZED_KITS[m.kit], target)
    path = target / m.file
    text = path.read_text(encoding="utf-8")
    path.write_bytes(mutate(text, m).encode("utf-8", errors="surrogateescape"))
    return target


def run(*args: str | os.PathLike, cwd: Path) -> subprocess.CompletedProcess:
    """`pnpkit ARGS` as its own process under the time and memory limits."""
    return run_capped(*args, memory=MEMORY_LIMIT, timeout=TIME_LIMIT, cwd=cwd, env={"PYTHONHASHSEED": "0"})


def assert_clean_exit(result: subprocess.CompletedProcess, what: str) -> None:
    assert result.returncode in (0, 1, 2), f"{what}: exit {result.returncode}\n{result.stderr[-4000:]}"
    assert "Traceback" not in result.stderr, f"{what}: a traceback\n{result.stderr[-4000:]}"
    assert "MemoryError" not in result.stderr, f"{what}: out of memory\n{result.stderr[-4000:]}"


def assert_pdf_opens(path: Path) -> None:
    """qpdf finds no damage and PDFium opens every page."""
    import pikepdf
    import pypdfium2

    with pikepdf.open(path) as pdf:
        assert len(pdf.pages) > 0, f"{path}: no pages"
        problems = pdf.check_pdf_syntax()
        assert not problems, f"{path}: {problems}"
    document = pypdfium2.PdfDocument(path)
    try:
        assert len(document) > 0, f"{path}: PDFium sees no pages"
        for index in range(len(document)):
            page = document[index]
            assert page.get_width() > 0 and page.get_height() > 0
            page.close()
    finally:
        document.close()


def check_promises(m: Mutation, root: Path, build: bool) -> None:
    """Validate (and, with `build`, build) the mutated kit and assert every promise."""
    kit = apply(m, root)
    checked = run("validate", kit, cwd=root)
    assert_clean_exit(checked, f"validate {m}")
    if not build or checked.returncode != 0:
        return
    out = root / "out"
    built = run("build", kit, "-o", out, "--lang", "all", "--no-svg", cwd=root)
    assert_clean_exit(built, f"build {m}")
    written = sorted(p for p in out.rglob("*") if p.is_file()) if out.exists() else []
    if built.returncode != 0:
        assert not written, f"build {m} failed and left {written[:5]}"
        return
    pdfs = [p for p in written if p.suffix == ".pdf"]
    assert pdfs, f"build {m} succeeded and wrote no PDF"
    for path in pdfs:
        assert_pdf_opens(path)


def keep(m: Mutation) -> Path:
    """Save a failing mutation as a regression case (tests/fuzz_cases/NAME.json); the same case saves once."""
    CASES.mkdir(exist_ok=True)
    path = CASES / f"{m.name()}.json"
    path.write_text(json.dumps(asdict(m), ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path


def kept_cases() -> list[Mutation]:
    return [Mutation(**json.loads(p.read_text(encoding="utf-8"))) for p in sorted(CASES.glob("*.json"))]
