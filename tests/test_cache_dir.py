"""The cache directory (generator/cachedir.py): where it is, that it can be turned off, and that an entry that
is damaged, cut short or too large is ignored, never trusted."""

from __future__ import annotations

import os
from pathlib import Path

from pnpkit.generator import cachedir


def test_the_tests_use_a_private_cache_dir():
    """conftest points every pnpkit of the run at a temporary directory: no test writes to the user's home."""
    root = cachedir.cache_root()
    assert root is not None and root == Path(os.environ["PNPKIT_CACHE_DIR"])
    assert not str(root).startswith(str(Path.home() / ".cache"))


def test_the_directory_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("PNPKIT_CACHE_DIR", str(tmp_path / "mine"))
    assert cachedir.cache_root() == tmp_path / "mine"
    assert cachedir.cache_subdir("fonts") == tmp_path / "mine" / "fonts"
    assert (tmp_path / "mine" / "fonts").is_dir()
    monkeypatch.setenv("PNPKIT_CACHE_DIR", "")
    assert cachedir.cache_root() is None and cachedir.cache_subdir("fonts") is None  # "" turns caching off
    monkeypatch.delenv("PNPKIT_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cachedir.cache_root() == tmp_path / "xdg" / "pnpkit"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # invalid under the XDG spec: ignored
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cachedir.cache_root() == tmp_path / "home" / ".cache" / "pnpkit"


def test_a_directory_that_cannot_be_made_means_no_cache(monkeypatch, tmp_path):
    (tmp_path / "file").write_text("not a directory", encoding="utf-8")
    monkeypatch.setenv("PNPKIT_CACHE_DIR", str(tmp_path / "file"))
    assert cachedir.cache_subdir("fonts") is None


def test_an_entry_is_read_back_only_whole_and_unchanged(tmp_path):
    entry = tmp_path / "entry"
    cachedir.write_entry(entry, b"payload" * 10)
    assert cachedir.read_entry(entry, max_bytes=1000) == b"payload" * 10
    assert [p.name for p in tmp_path.iterdir()] == ["entry"]  # no temporary file left behind
    assert cachedir.read_entry(entry, max_bytes=69) is None  # larger than the caller allows
    data = entry.read_bytes()
    entry.write_bytes(data[:-1] + b"X")  # damaged
    assert cachedir.read_entry(entry, max_bytes=1000) is None
    entry.write_bytes(data[:-5])  # cut short
    assert cachedir.read_entry(entry, max_bytes=1000) is None
    entry.write_bytes(b"")
    assert cachedir.read_entry(entry, max_bytes=1000) is None
    assert cachedir.read_entry(tmp_path / "missing", max_bytes=1000) is None


def test_an_entry_that_cannot_be_written_is_skipped(tmp_path):
    cachedir.write_entry(tmp_path / "no-such-dir" / "entry", b"x")  # no exception: the entry is just not kept
    assert not (tmp_path / "no-such-dir").exists()
