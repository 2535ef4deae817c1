"""Shared helpers and fixtures: paths, the CLI (in this process or in a fresh interpreter), bad kits made by
editing a copy of a real kit, and every kit loaded, laid out and built at most once per session."""

from __future__ import annotations

import io
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
# The build's face cache (generator/diskcache.py) is off, so a test lays out all it builds (test_facecache_checks
# turns it on where it tests it); every cache lives in the run's own directory (`_private_cache_dir`).
os.environ["PNPKIT_NO_CACHE"] = "1"
GENERIC = REPO / "tests" / "fixtures" / "generic"
CONTENT_KITS = {p.parent.name: p.parent for p in sorted((REPO / "content").glob("*/kit.yaml"))}
EXAMPLE_KITS = {  # the generic examples: the test fixture, and the designers' example in examples/
    p.parent.name: p.parent for p in sorted([*GENERIC.glob("*/kit.yaml"), *(REPO / "examples").glob("*/kit.yaml")])
}
KITS = CONTENT_KITS | EXAMPLE_KITS  # every kit that must validate clean and build
CONTENT = KITS["element-shift"]  # the kit the tests of the core use
KIT_ID = "element-shift"
LANGS = ("ja", "en")


def _declared(kit: Path) -> dict:
    """A kit's kit.yaml as plain YAML: read without pnpkit's loader, which is far too slow to run at collection."""
    import yaml

    return yaml.safe_load((kit / "kit.yaml").read_text(encoding="utf-8"))


_DECLARED = {name: _declared(kit) for name, kit in KITS.items()}
EDITIONS = [(name, lang) for name, declared in _DECLARED.items() for lang in declared["languages"]]
"""Every kit's every edition, as (kit, language tag): ja and en for most, other tags where a kit declares them."""
GAMES = {name: declared["game"] for name, declared in _DECLARED.items()}
"""Every kit's game as its kit.yaml names it (`game:`)."""
COMPONENTS = ("board", "cards", "tokens", "rules")

FINDING = re.compile(
    r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<severity>error|warning) (?P<code>[A-Z]+\d{3})\b(?P<rest>.*)$"
)


@dataclass(frozen=True)
class Shown:
    """One finding as the CLI printed it in text format."""

    file: Path  # resolved
    line: int
    col: int
    severity: str
    code: str
    text: str


os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
"""pnpkit run in a fresh interpreter keeps its compiled modules, as on a designer's machine: with this set (many CI
images set it) each of the suite's hundreds of runs would compile pnpkit again. Popped in the controller, before
pytest-xdist starts its workers, so every process of the run sees it gone."""


def pytest_configure(config) -> None:
    """pytest-xdist's workers ignore Ctrl-C (their controller handles it), and a process started with a signal
    ignored keeps it ignored; pnpkit's stop tests need what a user's terminal gives, Ctrl-C not ignored."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        signal.signal(signal.SIGINT, signal.default_int_handler)
        _one_core_per_worker()
    else:
        _private_cache_dir(config)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files that hold long (`slow`) tests run first, each file's tests still together and in their order, so
    pytest-xdist's workers end on short tests and share them out (--dist worksteal) instead of one worker finishing
    a long test alone at the end of the run."""
    long_files = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in long_files)


def _private_cache_dir(config) -> None:
    """pnpkit's caches (generator/cachedir.py) live in one temporary directory for the run, shared by the
    workers and every pnpkit the tests start, and removed at the end: a test never writes to the user's home."""

    folder = tempfile.mkdtemp(prefix="pnpkit-test-cache-")
    os.environ["PNPKIT_CACHE_DIR"] = folder
    config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))


def _one_core_per_worker() -> None:
    """Under pytest-xdist the test workers already keep every core busy, so pnpkit called in a worker's own
    process (`cli`) runs its editions in that process instead of forking the worker into a pool of its own.
    A test that means a pool says `--jobs N`; a pnpkit run in a fresh interpreter still sees every core."""
    from pnpkit.validator import jobs

    jobs.default_jobs = lambda: 1


# ---------------------------------------------------------------- running pnpkit


def _env(extra: dict | None = None) -> dict:
    env = dict(os.environ)
    env.pop("PYTHONHASHSEED", None)
    env.update(extra or {})
    return env


def start_cli(
    *args: str | os.PathLike,
    cwd: Path = REPO,
    env: dict | None = None,
    stdin: bool = False,
    stdout=subprocess.PIPE,
    prelude: str = "",
) -> subprocess.Popen:
    """`python -m pnpkit.generator.entry ARGS` (what the `pnpkit` script runs) in a fresh interpreter, started and
    not waited for. A `prelude` (Python statements) runs first in that interpreter, then pnpkit's own entry point:
    a test shortens one of pnpkit's constants there when its full length is not the point."""
    start = ["-m", "pnpkit.generator.entry"]
    if prelude:
        start = ["-c", f"{prelude}\nimport sys\nfrom pnpkit.generator.entry import main\nsys.exit(main())"]
    return subprocess.Popen(
        [sys.executable, *start, *map(str, args)],
        cwd=cwd,
        env=_env(env),
        stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )


def finish(process: subprocess.Popen, timeout: float = 180, stdin: str | None = None) -> subprocess.CompletedProcess:
    stdout, stderr = process.communicate(stdin, timeout=timeout)
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def run_cli(
    *args: str | os.PathLike,
    cwd: Path = REPO,
    env: dict | None = None,
    stdin: str | None = None,
    timeout: float = 180,
) -> subprocess.CompletedProcess:
    """`python -m pnpkit.generator.entry ARGS` in a fresh interpreter, as a user would run pnpkit."""
    return finish(start_cli(*args, cwd=cwd, env=env, stdin=stdin is not None), timeout, stdin)


def run_capped(
    *args: str | os.PathLike,
    memory: int,
    timeout: float,
    cwd: Path = REPO,
    stdin: str | None = None,
    env: dict | None = None,
) -> subprocess.CompletedProcess:
    """`pnpkit ARGS` in a fresh interpreter whose address space is capped at `memory` bytes (Linux), ended after
    `timeout` seconds: a guard against a blow-up or a hang, not a timing assertion."""
    import resource

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    return subprocess.run(
        [sys.executable, "-m", "pnpkit.generator.entry", *map(str, args)],
        cwd=cwd,
        env=_env(env),
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=timeout,
        preexec_fn=cap,
    )


def run_python(code: str, cwd: Path = REPO, timeout: float = 120) -> subprocess.CompletedProcess:
    """`python -c CODE` in a fresh interpreter (with cwd first on sys.path, as `python -c` puts it)."""
    return subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, env=_env(), capture_output=True, text=True, timeout=timeout
    )


def cli(*args: str | os.PathLike, cwd: Path = REPO, stdin: str = "") -> subprocess.CompletedProcess:
    """`pnpkit ARGS` in this process (fast: no interpreter start-up, no re-import of the models).

    Output and exit status are what the command line gives; stdin is a pipe holding `stdin`, not a terminal;
    an exception escapes and fails the test.
    """
    from pnpkit.generator.cli import main

    out, err = io.StringIO(), io.StringIO()
    argv = [str(a) for a in args]
    old, saved = os.getcwd(), sys.stdin
    os.chdir(cwd)
    sys.stdin = io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        os.chdir(old)
        sys.stdin = saved
    return subprocess.CompletedProcess(["pnpkit", *argv], code, out.getvalue(), err.getvalue())


def cli_with_jobs(root: Path, *args: str | os.PathLike) -> tuple[subprocess.CompletedProcess, ...]:
    """`pnpkit ARGS --jobs 1`, then `--jobs 2`, each run in a fresh directory under `root` (so a relative `-o out`
    lands in root/jobs-1/out and root/jobs-2/out and both print the same words)."""
    results = []
    for jobs in ("1", "2"):
        cwd = root / f"jobs-{jobs}"
        cwd.mkdir(parents=True)
        results.append(cli(*args, "--jobs", jobs, cwd=cwd))
    return tuple(results)


GROUPED = re.compile(r" \[(?P<n>\d+) times; also at (?P<places>.+?)(?: and \d+ more)?\]$")
"""The tail of a line that stands for several identical findings (validator.findings.grouped_lines)."""
PLACE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+)$")


def parse_findings(output: str, cwd: Path = REPO) -> list[Shown]:
    """Every `file:line:col: severity CODE ...` line, with the file resolved against `cwd`; a grouped line gives
    one finding for each place it names."""
    found = []
    for raw in output.splitlines():
        match = FINDING.match(raw)
        if match:
            places = [(match["file"], match["line"], match["col"])]
            grouped = GROUPED.search(raw)
            if grouped:
                more = (PLACE.match(p) for p in grouped["places"].split(", "))
                places += [(m["file"], m["line"], m["col"]) for m in more if m]
            for file, line, col in places:
                found.append(Shown((cwd / file).resolve(), int(line), int(col), match["severity"], match["code"], raw))
    return found


def files_under(path: Path) -> list[Path]:
    """Every file (hidden ones too) below `path`; nothing when it does not exist."""
    if not path.exists():
        return []
    return sorted(p for p in path.rglob("*") if p.is_file())


# ---------------------------------------------------------------- kits with defects


def replace_once(text: str, old: str, new: str, where: str) -> str:
    """An edit that must match exactly once, so a changed kit makes the test fail loudly."""
    if text.count(old) != 1:
        raise ValueError(f"{where}: expected exactly one {old!r}, found {text.count(old)}")
    return text.replace(old, new)


def make_bad_kit(
    tmp_path: Path, edits: list[tuple[str, str, str]], name: str = "kit", kit: str = "element-shift"
) -> Path:
    """A copy of the real kit `kit` (content/<kit>, or a generic example) in tmp_path/name with
    (file, old, new) edits applied in order; each `old` must occur exactly once when its edit is applied."""
    target = tmp_path / name
    shutil.copytree(KITS[kit], target)
    for file, old, new in edits:
        path = target / file
        path.write_text(replace_once(path.read_text(encoding="utf-8"), old, new, f"{name}/{file}"), encoding="utf-8")
    return target


def marker_location(text: str, marker: str, col_at: str | None, where: str) -> tuple[int, int | None]:
    """The 1-based line of `marker` (which must occur once; its first line counts) and the column of `col_at` on it."""
    at = text.find(marker)
    if at < 0 or text.find(marker, at + 1) >= 0:
        raise ValueError(f"{where}: marker {marker!r} must occur exactly once")
    line = text.count("\n", 0, at) + 1
    row = text.split("\n")[line - 1]
    col = row.find(col_at) + 1 if col_at else None
    if col_at and col == 0:
        raise ValueError(f"{where}: {col_at!r} is not on line {line}")
    return line, col


def line_of(path: Path, marker: str) -> int:
    """The 1-based line of `path` where `marker` (which must occur once in it) starts."""
    return marker_location(path.read_text(encoding="utf-8"), marker, None, str(path))[0]


def png(width: int, height: int) -> bytes:
    """A valid PNG image, red all over."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


# ---------------------------------------------------------------- every kit, once per session


class Kits:
    """Every kit in KITS, loaded, laid out and built when a test first asks, then kept for the session."""

    def __init__(self, root: Path):
        self.root = root
        self._loaded: dict = {}
        self._layouts: dict = {}
        self._books: dict = {}
        self._builds: dict = {}

    def loaded(self, name: str):
        """The kit as `load_kit` gives it (not asserted clean: test_every_kit checks that)."""
        if name not in self._loaded:
            from pnpkit.validator.kit import load_kit

            self._loaded[name] = load_kit(KITS[name])
        return self._loaded[name]

    def layouts(self, name: str) -> dict:
        """{lang: {slug: Component}} in every language the kit declares."""
        if name not in self._layouts:
            from pnpkit.generator.build import layout_kit

            loaded, out = self.loaded(name), {}
            assert loaded.ok, [f.text() for f in loaded.report.findings]
            for lang in loaded.kit.languages:
                parts, problems = layout_kit(loaded, lang)
                assert problems == [], [p.text() for p in problems]
                out[lang] = {part.slug: part for part in parts}
            self._layouts[name] = out
        return self._layouts[name]

    def book(self, name: str) -> dict:
        """{lang: Document}: kit.pdf's pages (its cover and contents, then every component's pages)."""
        if name not in self._books:
            from pnpkit.generator.build import layout_book

            loaded, books = self.loaded(name), {}
            for lang, parts in self.layouts(name).items():
                books[lang], problems = layout_book(loaded, lang, list(parts.values()))
                assert problems == [], [p.text() for p in problems]
            self._books[name] = books
        return self._books[name]

    def builds(self, name: str) -> tuple[Path, Path]:
        """`pnpkit build KIT --lang all`, twice at once: in this process and in a fresh interpreter with another
        hash seed; both OUT/<kit id> directories (test_every_kit checks they are byte-identical)."""
        if name not in self._builds:
            first, second = self.root / name / "out", self.root / name / "again"
            with _exclusive(self.root / f"{name}.lock"):  # test workers share the builds: the first one makes them
                done = self.root / name / "built"
                if not done.exists():
                    shutil.rmtree(self.root / name, ignore_errors=True)  # a worker that failed half-way
                    self._build_twice(name, first, second)
                    done.write_text("", encoding="utf-8")
            kit_id = self.loaded(name).kit.id
            self._builds[name] = (first / kit_id, second / kit_id)
        return self._builds[name]

    def _build_twice(self, name: str, first: Path, second: Path) -> None:
        seed = "4243" if os.environ.get("PYTHONHASHSEED") == "4242" else "4242"  # not this process's seed
        other = start_cli("build", KITS[name], "-o", second, "--lang", "all", env={"PYTHONHASHSEED": seed})
        try:
            here = cli("build", KITS[name], "-o", first, "--lang", "all")
        finally:
            there = finish(other)
        assert here.returncode == 0, here.stdout + here.stderr
        assert there.returncode == 0, there.stdout + there.stderr
        assert "Traceback" not in there.stderr


@contextmanager
def _exclusive(lock: Path) -> Iterator[None]:
    """Hold `lock` (a file) against every other test process for the block."""
    import fcntl

    with open(lock, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def kits(tmp_path_factory) -> Kits:
    """Every kit once per session; under pytest-xdist the workers share one directory of builds (the base
    temporary directory's parent is common to all of them)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = tmp_path_factory.getbasetemp().parent / "kits"
        shared.mkdir(exist_ok=True)
        return Kits(shared)
    return Kits(tmp_path_factory.mktemp("kits"))
