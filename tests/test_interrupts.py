"""Stops, kills, read-only output and the user's own files: real pnpkit processes, signalled mid-build.

Each run starts `python -m pnpkit.generator.entry` (what the `pnpkit` script runs) in a fresh interpreter.
A stop (SIGINT, SIGTERM, SIGHUP) exits 128 + the signal with one line and no traceback, removes the staging
directory, ends every worker and leaves the previous output as it was; a build killed outright leaves a
staging directory that the next build sweeps, never one a live build holds; a directory pnpkit cannot write
is a usage error (exit 2) naming it; files the user saved among the PDFs survive every build and export.
Every wait is bounded.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import CONTENT_KITS, REPO

pytestmark = [
    pytest.mark.skipif(sys.platform != "linux", reason="signals, /proc and process groups as on Linux"),
    pytest.mark.slow,
]

KIT = CONTENT_KITS["element-shift"]
BIG = sorted(CONTENT_KITS.values())
"""Every content kit: enough work on two workers to be stopped half-way."""
INTERRUPTED = "pnpkit: interrupted; nothing was written\n"
WAIT = 60.0


def start(*args: str | os.PathLike, cwd: Path = REPO, **popen) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "pnpkit.generator.entry", *map(str, args)],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **popen,
    )


def run(*args: str | os.PathLike, prefix: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*prefix, sys.executable, "-m", "pnpkit.generator.entry", *map(str, args)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=WAIT,
    )


def children(pid: int) -> set[int]:
    """The processes `pid` started (its pool's workers)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found |= {int(n) for n in (task / "children").read_text().split()}
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def wait_for(condition, what: str, seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.01)


def staging_dirs(out: Path) -> list[Path]:
    return sorted(out.glob(".pnpkit-*"))


def snapshot(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest() for p in root.rglob("*") if p.is_file()
    }


def start_big_build(out: Path) -> tuple[subprocess.Popen, set[int]]:
    """A build of every content kit on two workers, caught once its workers are busy."""
    process = start("build", *BIG, "-o", out, "--jobs", "2")
    wait_for(lambda: (staging_dirs(out) and children(process.pid)) or process.poll() is not None, "the workers")
    workers = children(process.pid)
    assert process.poll() is None and workers, "the build ended before it could be stopped"
    return process, workers


@pytest.fixture(scope="module")
def previous(kits, tmp_path_factory) -> Path:
    """A finished build of every content kit, the output a stopped build must leave as it was: the session's
    builds (conftest.Kits, every language, as the big build makes them), gathered in one output directory."""
    out = tmp_path_factory.mktemp("previous") / "out"
    for name in sorted(CONTENT_KITS):
        built, _again = kits.builds(name)
        shutil.copytree(built, out / built.name)
    assert sorted(path.name for path in out.iterdir()) == [kit.name for kit in BIG]
    return out


# ---------------------------------------------------------------- stop requests


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_stop_mid_build_exits_cleanly_and_leaves_the_previous_output(name, previous, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(previous, out)
    before = snapshot(out)
    process, workers = start_big_build(out)
    signum = getattr(signal, name)
    process.send_signal(signum)
    stdout, stderr = process.communicate(timeout=WAIT)
    assert process.returncode == 128 + signum, stderr
    assert stderr == INTERRUPTED  # one line, no traceback
    assert "Traceback" not in stdout + stderr
    assert staging_dirs(out) == []
    assert snapshot(out) == before
    wait_for(lambda: not any(alive(pid) for pid in workers), "the workers to end", 10)


def test_ctrl_c_in_a_terminal_reaches_every_process_and_stops_quietly(tmp_path):
    """The terminal sends SIGINT to the whole process group: workers leave it to the parent, no traceback."""
    out = tmp_path / "out"
    process = start("build", *BIG, "-o", out, "--jobs", "2", start_new_session=True)
    wait_for(lambda: children(process.pid) or process.poll() is not None, "the workers")
    workers = children(process.pid)
    os.killpg(process.pid, signal.SIGINT)
    _stdout, stderr = process.communicate(timeout=WAIT)
    assert (process.returncode, stderr) == (130, INTERRUPTED)
    assert not out.exists() or staging_dirs(out) == []
    assert not any((out / kit.name).exists() for kit in BIG if out.exists())
    wait_for(lambda: not any(alive(pid) for pid in workers), "the workers to end", 10)


def test_ctrl_c_while_pnpkit_starts_gives_no_traceback():
    """A stop in the first few milliseconds lands in the imports, before the command runs.

    The signal is blocked in the child until pnpkit's handlers are in place, so wherever it is sent it arrives
    at some point in pnpkit's own start-up; a signal during CPython's start, before any pnpkit code,
    is not pnpkit's to handle.
    """

    def blocked() -> None:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})

    for delay in (0.0, 0.005, 0.01, 0.02, 0.03, 0.05, 0.08):
        process = start("validate", KIT, "--no-layout", preexec_fn=blocked)
        time.sleep(delay)
        process.send_signal(signal.SIGINT)
        _stdout, stderr = process.communicate(timeout=WAIT)
        assert (process.returncode, stderr) == (130, INTERRUPTED), f"SIGINT after {delay} s: {stderr}"


def test_watch_stops_on_sigterm_with_its_own_line(tmp_path):
    process = start("watch", KIT, "-o", tmp_path / "out", "--lang", "en", "--no-svg")
    assert process.stdout is not None
    line = ""
    deadline = time.monotonic() + WAIT
    while not line.startswith("watching") and time.monotonic() < deadline:
        line = process.stdout.readline()
    process.send_signal(signal.SIGTERM)
    stdout, stderr = process.communicate(timeout=WAIT)
    assert (process.returncode, stdout, stderr) == (128 + signal.SIGTERM, "stopped watching\n", "")
    assert (tmp_path / "out" / "element-shift" / "en" / "kit.pdf").is_file()
    assert not list((tmp_path / "out").rglob("*.pnpkit-partial"))


# ---------------------------------------------------------------- staging left by a kill


def test_a_killed_builds_staging_is_swept_by_the_next_build(tmp_path):
    out = tmp_path / "out"
    process, workers = start_big_build(out)
    process.kill()
    process.communicate(timeout=WAIT)
    left = staging_dirs(out)
    assert left, "SIGKILL cannot be handled: the staging directory stays"
    wait_for(lambda: not any(alive(pid) for pid in workers), "the orphaned workers to end", 10)
    result = run("build", KIT, "-o", out, "--lang", "en", "--no-svg")
    assert result.returncode == 0, result.stderr
    assert staging_dirs(out) == []
    assert (out / "element-shift" / "en" / "kit.pdf").is_file()


def test_a_live_builds_staging_is_never_swept(tmp_path):
    """Another process's staging directory stays while that process holds it; an abandoned one goes."""
    from pnpkit.generator.outdir import LOCK, make_staging, remove_staging

    out = tmp_path / "out"
    live = make_staging(out)  # held by this process, as a build running beside the next one would
    (live / "half-written.pdf").write_bytes(b"%PDF")
    abandoned = out / ".pnpkit-abcd1234"
    abandoned.mkdir()
    (abandoned / LOCK).write_text("a build that was killed\n")
    (abandoned / "ja").mkdir()
    unrelated = out / ".pnpkit-notes"  # not a staging directory's name
    unrelated.mkdir()
    result = run("build", KIT, "-o", out, "--lang", "en", "--no-svg")
    assert result.returncode == 0, result.stderr
    assert (live / "half-written.pdf").read_bytes() == b"%PDF"
    assert not abandoned.exists()
    assert unrelated.is_dir()
    remove_staging(live)
    assert not live.exists()


def test_two_builds_into_one_directory_both_finish(tmp_path):
    out = tmp_path / "out"
    first, _workers = start_big_build(out)
    held = staging_dirs(out)
    second = run("build", KIT, "-o", out, "--lang", "en", "--no-svg")
    assert second.returncode == 0, second.stderr
    if first.poll() is None:  # the first is still rendering: its staging survived the second's sweep
        assert all(path.is_dir() for path in held)
    _stdout, stderr = first.communicate(timeout=WAIT)
    assert first.returncode == 0, stderr
    assert all((out / kit.name / "en" / "kit.pdf").is_file() for kit in BIG)
    assert staging_dirs(out) == []


# ---------------------------------------------------------------- directories pnpkit cannot write


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A directory another user can enter (pytest's own are private to root)."""
    path = Path(tempfile.mkdtemp(prefix="pnpkit-ro-"))
    path.chmod(0o777)
    yield path
    for sub in path.rglob("*"):
        if sub.is_dir() and not sub.is_symlink():
            sub.chmod(0o755)
    shutil.rmtree(path, ignore_errors=True)


def as_user() -> tuple[str, ...]:
    """Run as an ordinary user when the tests run as root, who may write anywhere."""
    if os.geteuid() != 0:
        return ()
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: permissions cannot be tested")
    return (setpriv, "--reuid=65534", "--regid=65534", "--clear-groups")


@pytest.fixture(scope="module")
def built_en(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("built") / "out"
    result = run("build", KIT, "-o", out, "--lang", "en", "--no-svg")
    assert result.returncode == 0, result.stderr
    return out


def locked_output(built: Path, shared: Path, lock: str) -> Path:
    """A copy of a built kit in `shared/out`, owned by the user the command runs as; returns `shared/lock`."""
    out = shared / "out"
    shutil.copytree(built, out)
    (out / "element-shift" / "en" / "notes.txt").write_text("mine\n")
    for path in [out, *out.rglob("*")]:
        os.chown(path, 65534 if os.geteuid() == 0 else os.getuid(), -1)
    return shared / lock


COMMANDS = {
    "build": ("build", KIT, "-o", "{out}", "--lang", "en", "--no-svg"),
    "build --only": ("build", KIT, "-o", "{out}", "--lang", "en", "--no-svg", "--only", "cards"),
    "watch": ("watch", KIT, "-o", "{out}", "--lang", "en", "--no-svg"),
    "export png": ("export", "png", KIT, "-o", "{out}", "--lang", "en", "--dpi", "72"),
    "new": ("new", "{locked}/my-kit"),
    "calibrate": ("calibrate", "-o", "{locked}/calibration.pdf"),
    "schema -o": ("schema", "-o", "{locked}/schemas"),
}
CASES = [(command, 0o555) for command in sorted(COMMANDS)] + [("build", 0o000), ("export png", 0o000), ("new", 0o000)]


@pytest.mark.parametrize(("command", "mode"), CASES)
def test_an_output_directory_pnpkit_cannot_write_is_a_usage_error(command, mode, built_en, shared_dir):
    prefix = as_user()
    lock = "out/element-shift/en" if command in ("build", "build --only", "watch", "export png") else "out"
    locked = locked_output(built_en, shared_dir, lock)
    out = shared_dir / "out"
    before = snapshot(out)
    locked.chmod(mode)
    args = [str(a).format(out=out, locked=locked) for a in COMMANDS[command]]
    result = run(*args, prefix=prefix)
    locked.chmod(0o755)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("pnpkit: error: ") and result.stderr.count("\n") == 1, result.stderr
    assert str(locked) in result.stderr  # the directory at fault, named
    assert snapshot(out) == before
    assert staging_dirs(out) == []


# ---------------------------------------------------------------- the user's own files


def test_files_the_user_saved_among_the_pdfs_survive_every_build(tmp_path):
    out = tmp_path / "out"
    lang_dir = out / "element-shift" / "en"
    assert run("build", KIT, "-o", out, "--lang", "en", "--no-svg").returncode == 0
    (lang_dir / "print-notes.txt").write_text("print cards on 250 gsm\n")
    (lang_dir / "photos").mkdir()
    (lang_dir / "photos" / "table.jpg").write_bytes(b"\xff\xd8photo")
    (lang_dir / "cards-99.svg").write_text("<svg/>")  # named as a component's page: pnpkit's, from an old build
    for args in (("--no-svg",), ("--no-svg", "--only", "cards"), ()):
        result = run("build", KIT, "-o", out, "--lang", "en", *args)
        assert result.returncode == 0, result.stderr
        assert (lang_dir / "print-notes.txt").read_text() == "print cards on 250 gsm\n", args
        assert (lang_dir / "photos" / "table.jpg").read_bytes() == b"\xff\xd8photo", args
        assert not (lang_dir / "cards-99.svg").exists()
        assert "print-notes.txt" not in (lang_dir / ".pnpkit-output").read_text()
    assert (lang_dir / "cards-01.svg").is_file()  # the last build wrote SVGs again


def test_a_users_file_in_an_export_survives_the_next_export(tmp_path):
    out = tmp_path / "exports"
    args = ("export", "png", KIT, "-o", out, "--lang", "en", "--dpi", "72", "--only", "element-cards")
    assert run(*args).returncode == 0
    png = out / "element-shift" / "en" / "png"
    mine = png / "which-to-print.txt"
    mine.write_text("cards/element-cards only\n")
    deep = png / "cards" / "element-cards" / "cut-these-first.txt"  # inside a folder pnpkit wrote
    deep.write_text("the ones with a star\n")
    stale = next((png / "cards" / "element-cards").glob("*.png"))
    stale_copy = stale.with_name("stale-card.png")
    stale_copy.write_bytes(stale.read_bytes())  # not in the marker's list: the user's, even if it looks like ours
    result = run(*args)
    assert result.returncode == 0, result.stderr
    assert mine.read_text() == "cards/element-cards only\n"
    assert deep.read_text() == "the ones with a star\n"
    assert stale_copy.is_file() and stale.is_file()
    assert result.stdout == f"wrote {len(list(png.rglob('*.png'))) - 1} files to {out}\n"  # the user's not counted
    assert staging_dirs(out) == []


def test_a_build_that_would_overwrite_a_users_file_refuses_and_names_it(tmp_path):
    """A file not in the marker's list, of a name the build writes: the build stops, nothing changes."""
    out = tmp_path / "out"
    assert run("build", KIT, "-o", out, "--lang", "en").returncode == 0
    fonts = out / "element-shift" / "fonts"
    marker = fonts / ".pnpkit-output"
    font = next(p for p in sorted(fonts.iterdir()) if p.suffix == ".ttf")
    marker.write_text("".join(line for line in marker.read_text().splitlines(True) if line.strip() != font.name))
    before = snapshot(out)
    result = run("build", KIT, "-o", out, "--lang", "en")
    assert result.returncode == 2
    assert str(font) in result.stderr and "not written by pnpkit" in result.stderr, result.stderr
    assert snapshot(out) == before
    assert staging_dirs(out) == []


# ---------------------------------------------------------------- publishing is not cut in half

DEFERRED = """
import os, signal, sys
from pnpkit.generator import entry

entry.install()
try:
    with entry.deferred(stop_after={stop_after}):
        os.kill(os.getpid(), signal.SIGTERM)
        print("every directory swapped")
    print("the command ends normally")
except KeyboardInterrupt:
    print("stopped after the swap")
sys.exit(entry.exit_status(0))
"""


@pytest.mark.parametrize(
    ("stop_after", "printed"),
    [
        (True, "every directory swapped\nstopped after the swap\n"),
        (False, "every directory swapped\nthe command ends normally\n"),
    ],
)
def test_a_stop_while_publishing_waits_until_the_output_is_whole(stop_after, printed):
    result = subprocess.run(
        [sys.executable, "-c", DEFERRED.format(stop_after=stop_after)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=WAIT,
    )
    assert (result.returncode, result.stdout, result.stderr) == (128 + signal.SIGTERM, printed, "")
