"""Output that survives what fuzzing found: a component with nothing to print, a full disk, and paths that need
encoding in a URL.

- A component with no pages is PK327 at the place the kit leaves it out, from `validate`, `build` (with `--only`
  too) and `export`: never a page-less PDF, never a traceback.
- A full disk (ENOSPC, raised here by the writes pnpkit makes) at any write of a rebuild leaves the previous output
  byte-identical and nothing of pnpkit's behind, with exit status 1 and one line naming the output; a failed swap
  puts back the directories already swapped; the next build sweeps the staging a killed build left half-locked.
- Tabletop Simulator's URLs are percent-encoded, whether file:/// paths or under `--base-url`, never twice.
"""

from __future__ import annotations

import errno
import json
import os
import pathlib
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from conftest import cli, files_under, line_of, make_bad_kit, parse_findings

# ---------------------------------------------------------------- PK327: a component with nothing to print

NO_DECKS = [("kit.yaml", "  - decks.yaml\n", "")]
"""Wizard's Element Collection with decks.yaml left out of include: the cards component has no cards to print."""


@pytest.fixture(scope="module")
def no_decks(tmp_path_factory) -> Path:
    return make_bad_kit(tmp_path_factory.mktemp("no-decks"), NO_DECKS, kit="wizards-element-collection")


def assert_pk327(result, kit: Path, file: str, marker: str) -> None:
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    (shown,) = [
        f for f in parse_findings(result.stdout + result.stderr) if f.code == "PK327"
    ]  # one, not one a language
    assert (shown.file, shown.line, shown.col, shown.severity) == (kit / file, line_of(kit / file, marker), 1, "error")
    assert "cards.pdf would have no pages" in shown.text


def test_validate_finds_a_component_with_nothing_to_print(no_decks):
    assert_pk327(cli("validate", no_decks), no_decks, "kit.yaml", "include:")


def test_an_empty_decks_list_is_found_where_it_is_written(tmp_path):
    kit = make_bad_kit(tmp_path, [], kit="wizards-element-collection")
    (kit / "decks.yaml").write_text("# no decks yet\ndecks: []\n", encoding="utf-8")
    assert_pk327(cli("validate", kit), kit, "decks.yaml", "decks: []")


@pytest.mark.parametrize("only", [(), ("--only", "cards"), ("--only", "board")])
def test_build_refuses_a_component_with_nothing_to_print(tmp_path, no_decks, only):
    out = tmp_path / "out"
    result = cli("build", no_decks, "-o", out, "--lang", "en", "--no-svg", *only)
    assert_pk327(result, no_decks, "kit.yaml", "include:")
    assert result.stderr.endswith("pnpkit: nothing was written; fix the errors above\n")
    assert files_under(out) == []


@pytest.mark.parametrize("kind", ["png", "tts"])
def test_export_refuses_a_component_with_nothing_to_print(tmp_path, no_decks, kind):
    out = tmp_path / "exports"
    result = cli("export", kind, no_decks, "-o", out, "--lang", "en")
    assert_pk327(result, no_decks, "kit.yaml", "include:")
    assert files_under(out) == []


def test_pnpkit_codes_explains_pk327():
    result = cli("codes", "PK327")
    assert result.returncode == 0
    assert result.stdout.startswith("PK327  error  a component with nothing to print\n")
    assert "For example:\n    decks: []" in result.stdout and "Fix: " in result.stdout


def test_the_pdf_backend_never_writes_a_pageless_pdf():
    from pnpkit.generator.backends import pdf
    from pnpkit.generator.scene import Bookmark, Document

    with pytest.raises(ValueError, match="at least one page"):
        pdf.render(Document(pages=(), title="empty", bookmarks=(Bookmark("empty", 0),)))
    with pytest.raises(ValueError, match="at least one page"):
        pdf.excerpt(b"", (), Document(pages=(), title="empty"))


# ---------------------------------------------------------------- a full disk

KIT = "starlit-bazaar"
REAL_OPEN = pathlib.Path.open


class DiskFiller:
    """Path.open for writing under `root`: the `fail_at`-th such write (0-based) raises ENOSPC, as a full disk
    does, after the file was made; None counts the writes and fails none."""

    def __init__(self, root: Path, fail_at: int | None):
        self.root = root
        self.fail_at = fail_at
        self.writes: list[Path] = []

    def install(self, monkeypatch: pytest.MonkeyPatch) -> DiskFiller:
        def open_(path: Path, mode: str = "r", *args, **kwargs):
            handle = REAL_OPEN(path, mode, *args, **kwargs)
            if not any(c in mode for c in "wax") or not Path(path).is_relative_to(self.root):
                return handle
            self.writes.append(Path(path))
            return _Full(handle) if len(self.writes) - 1 == self.fail_at else handle

        monkeypatch.setattr(pathlib.Path, "open", open_)
        return self


class _Full:
    """A file on a full disk: opened, but nothing can be written to it."""

    def __init__(self, handle):
        self.handle = handle

    def write(self, _data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __getattr__(self, name):
        return getattr(self.handle, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.handle.close()


def snapshot(path: Path) -> dict[str, bytes | None]:
    """Every file below `path` (hidden ones too) with its bytes, and every folder (None), empty ones too."""
    return {p.relative_to(path).as_posix(): None if p.is_dir() else p.read_bytes() for p in path.rglob("*")}


def changed_copy(tmp_path: Path) -> Path:
    """The kit with another version: its rebuild writes other bytes."""
    return make_bad_kit(tmp_path, [("kit.yaml", 'version: "', 'version: "rebuilt ')], name="changed", kit=KIT)


def test_a_full_disk_at_any_write_leaves_the_output_as_it_was(tmp_path, monkeypatch):
    """Every write of a rebuild fails in turn: the lock file, the PDFs, the index, the markers."""
    out = tmp_path / "out"
    first = make_bad_kit(tmp_path, [], name="first", kit=KIT)
    assert cli("build", first, "-o", out, "--lang", "en", "--no-svg").returncode == 0
    before = snapshot(out)
    counter = DiskFiller(out, None)
    counter.install(monkeypatch)
    assert cli("build", first, "-o", out, "--lang", "en", "--no-svg").returncode == 0  # the same bytes again
    assert snapshot(out) == before and len(counter.writes) >= 5
    args = ("build", changed_copy(tmp_path), "-o", out, "--lang", "en", "--no-svg")
    for fail_at in range(len(counter.writes)):
        filler = DiskFiller(out, fail_at)
        filler.install(monkeypatch)
        result = cli(*args)
        where = f"write {fail_at} ({filler.writes[fail_at].name})"
        assert result.returncode == 1, where + result.stdout + result.stderr
        assert result.stderr == (
            f"pnpkit: error: cannot write to {out}: the disk is full (No space left on device);"
            " the output was left as it was; free some space and run again\n"
        ), where
        assert snapshot(out) == before, where  # byte-identical, and nothing of pnpkit's left behind
    monkeypatch.undo()
    assert cli(*args).returncode == 0  # with room again, the rebuild goes through
    assert snapshot(out) != before


def test_a_swap_that_fails_half_way_puts_back_what_it_swapped(tmp_path, monkeypatch):
    """Two languages: `en` is swapped in, then `ja` fails; `en` goes back, and the output is as it was."""
    out = tmp_path / "out"
    kit = make_bad_kit(tmp_path, [], name="first", kit=KIT)
    assert cli("build", kit, "-o", out, "--no-svg").returncode == 0
    before = snapshot(out)
    changed = changed_copy(tmp_path)
    real = os.replace

    def failing(source, target):
        if Path(target) == out / KIT / "ja" and Path(source).name == "ja":
            raise OSError(errno.EIO, os.strerror(errno.EIO), str(target))
        real(source, target)

    monkeypatch.setattr(os, "replace", failing)
    result = cli("build", changed, "-o", out, "--no-svg")
    monkeypatch.undo()
    assert result.returncode == 2, result.stderr
    assert result.stderr == f"pnpkit: error: cannot write to {out / KIT / 'ja'}: Input/output error\n"
    assert snapshot(out) == before


def test_a_full_disk_during_an_export_leaves_it_as_it_was(tmp_path, monkeypatch):
    out = tmp_path / "exports"
    kit = make_bad_kit(tmp_path, [], name="first", kit=KIT)
    args = ("export", "tts", "-o", out, "--lang", "en", "--only", "goods")
    assert cli(*args[:2], kit, *args[2:]).returncode == 0
    before = snapshot(out)
    changed = changed_copy(tmp_path)
    counter = DiskFiller(out, None)
    counter.install(monkeypatch)
    assert cli(*args[:2], kit, *args[2:]).returncode == 0
    assert len(counter.writes) >= 3
    for fail_at in (0, len(counter.writes) // 2, len(counter.writes) - 1):
        DiskFiller(out, fail_at).install(monkeypatch)
        result = cli(*args[:2], changed, *args[2:])
        assert result.returncode == 1, result.stderr
        assert result.stderr.startswith(f"pnpkit: error: cannot write to {out}: the disk is full")
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
        assert snapshot(out) == before, fail_at


def test_a_full_disk_stops_a_watch_rebuild_and_keeps_the_last_good_files(tmp_path, monkeypatch):
    from pnpkit.generator.build import BuildOptions
    from pnpkit.generator.watch import Watcher

    kit = make_bad_kit(tmp_path, [], kit=KIT)
    out = tmp_path / "out"
    watcher = Watcher(kit, BuildOptions(out, ("en",), svg=False))
    assert watcher.rebuild().ok
    before = snapshot(out)
    kit_yaml = kit / "kit.yaml"
    kit_yaml.write_text(kit_yaml.read_text(encoding="utf-8").replace('version: "', 'version: "rebuilt '), "utf-8")
    DiskFiller(out, 0).install(monkeypatch)
    failed = watcher.rebuild()
    monkeypatch.undo()
    assert failed.disk_full and failed.problem.startswith(f"cannot write to {out / KIT / 'en'}")
    assert "the disk is full" in failed.problem
    assert snapshot(out) == before  # the file it was writing stayed whole, and no half-written file is left
    assert watcher.rebuild().ok and snapshot(out) != before


def test_the_next_build_sweeps_a_staging_directory_killed_before_its_lock_was_named(tmp_path):
    """A build killed between locking its lock file and naming it leaves `.pnpkit-lock.pnpkit-partial`: the next
    build removes that directory, unless a live process still holds the lock."""
    import fcntl

    from pnpkit.generator.outdir import LOCK, PARTIAL

    out = tmp_path / "out"
    killed, live = out / ".pnpkit-abcd1234", out / ".pnpkit-efgh5678"
    for staging in (killed, live):
        staging.mkdir(parents=True)
        (staging / f"{LOCK}{PARTIAL}").write_text("")
    with (live / f"{LOCK}{PARTIAL}").open("r") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        result = cli("build", make_bad_kit(tmp_path, [], kit=KIT), "-o", out, "--lang", "en", "--no-svg")
        assert result.returncode == 0, result.stderr
        assert not killed.exists()
        assert live.is_dir()


# ---------------------------------------------------------------- Tabletop Simulator URLs


def test_tts_urls_are_percent_encoded(tmp_path):
    kit = make_bad_kit(tmp_path, [], kit=KIT)
    out = tmp_path / "My Exports ä"
    args = ("export", "tts", kit, "-o", out, "--lang", "en", "--only", "goods")
    saved = out / KIT / "en" / "tts" / "decks" / "goods.json"
    for base, prefix in [
        (None, (out / KIT / "en" / "tts").as_uri()),
        ("https://example.com/My Games/Bäume/", "https://example.com/My%20Games/B%C3%A4ume"),
        ("https://example.com/My%20Games/", "https://example.com/My%20Games"),  # encoded already: not again
    ]:
        result = cli(*args, *(("--base-url", base) if base else ()))
        assert result.returncode == 0, result.stderr
        (deck,) = json.loads(saved.read_text(encoding="utf-8"))["ObjectStates"]
        url = deck["CustomDeck"]["1"]["FaceURL"]
        assert url == f"{prefix}/decks/goods-faces.jpg"
        assert " " not in url and "ä" not in url and "%25" not in url
        if base is None:
            assert "My%20Exports%20%C3%A4" in url
            assert Path(unquote(urlparse(url).path)).is_file()  # it names the written file


def test_encode_url_keeps_scheme_host_and_escapes():
    from pnpkit.generator.exports.tts import encode_url

    assert encode_url("https://example.com/My Games/Bäume?v=1 2") == "https://example.com/My%20Games/B%C3%A4ume?v=1%202"
    assert encode_url("https://user@host.example:8080/a b#x y") == "https://user@host.example:8080/a%20b#x%20y"
    assert encode_url("file:///home/me/My TTS") == "file:///home/me/My%20TTS"
    for done in (
        "https://example.com/My%20Games/100%25",
        "https://example.com/a+b(1)/c;d=e",
        "https://e.com/%e3%81%82",
    ):
        assert encode_url(done) == done
    assert encode_url("https://example.com/100%") == "https://example.com/100%25"  # a lone % is no escape
