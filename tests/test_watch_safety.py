"""The watch never goes silently stale: links out of the kit and unreadable folders are skipped with one warning,
output folders are left out by path (not by string), a kit folder made again is followed again, and neither
`pnpkit watch` nor the studio's watch ends with a traceback."""

from __future__ import annotations

import io
import os
import shutil
import signal
import threading
import time
from pathlib import Path

import httpx
import pytest
from conftest import finish, start_cli
from studio_server import edit, new_kit, serving, wait_for

from pnpkit.generator import kitwatch
from pnpkit.generator import watch as watch_module
from pnpkit.generator.build import BuildOptions


def _unreadable(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """`folder` cannot be listed: by its mode for a user, by a refusing scandir for root (who reads anything)."""
    if os.geteuid() != 0:
        folder.chmod(0)
        return
    real = os.scandir

    def scandir(path):
        if Path(path) == folder:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(kitwatch.os, "scandir", scandir)


def test_the_walk_skips_links_out_and_unreadable_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kit = new_kit(tmp_path)
    (kit / "art").mkdir()
    (kit / "private").mkdir()
    (kit / "everything").symlink_to("/", target_is_directory=True)
    (kit / "same-art").symlink_to(kit / "art", target_is_directory=True)  # inside the kit: walked once
    _unreadable(monkeypatch, kit / "private")
    warned: list[str] = []
    watcher = kitwatch.KitWatch(kit, warn=warned.append)
    found = watcher.walk()
    assert sorted(folder.relative_to(kit).as_posix() for folder in found.folders) == [".", ".pnpkit", ".vscode", "art"]
    skipped = {path.name: why for path, why in found.skipped}
    assert set(skipped) == {"everything", "private"}
    assert "out of the kit (to /)" in skipped["everything"] and "cannot read" in skipped["private"]
    watcher.walk()  # a second walk warns no more
    assert len(warned) == 2 and all(line.startswith("skipped ") for line in warned)


def test_output_folders_are_left_out_by_path_not_by_string(tmp_path: Path) -> None:
    kit = tmp_path / "kpre"
    kit.mkdir()
    assert kitwatch.left_out(kit, tmp_path / "kp", "kpre") == []  # a string prefix of the kit is not in it
    assert kitwatch.left_out(kit, tmp_path, "kpre") == []  # the output holds the kit: the kit is not left out
    assert kitwatch.left_out(kit, tmp_path, "other") == []  # its kit folder lies beside the kit
    assert kitwatch.left_out(kit, kit / "output", "kpre") == [(kit / "output").resolve()]
    assert kitwatch.left_out(kit, kit, "kpre") == [(kit / "kpre").resolve()]  # `-o .` in the kit: OUT/<id>
    watcher = kitwatch.KitWatch(kit, lambda: kitwatch.left_out(kit, tmp_path / "kp", "kpre"))
    found = kitwatch.Walk((kit,))
    changes = {(2, str(kit / "cards.csv")), (2, str(tmp_path / "kp" / "kpre" / "en" / "kit.pdf"))}
    assert watcher.relevant(changes, found) == {(2, str(kit / "cards.csv"))}
    inside = kitwatch.KitWatch(kit, lambda: kitwatch.left_out(kit, kit / "output", "kpre"))
    assert inside.relevant({(2, str(kit / "output" / "kpre" / "en" / "kit.pdf"))}, found) == set()


def test_follow_sees_saves_past_a_link_to_root_and_an_unreadable_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit = new_kit(tmp_path)
    (kit / "private").mkdir()
    (kit / "everything").symlink_to("/", target_is_directory=True)
    _unreadable(monkeypatch, kit / "private")
    stop = threading.Event()
    seen: list[set] = []
    warned: list[str] = []

    ticks: list[int] = []

    def run() -> None:
        for changes in kitwatch.follow(kitwatch.KitWatch(kit, warn=warned.append), timeout_ms=100, stop_event=stop):
            ticks.append(1)  # the first comes once the watch is set up
            if changes:
                seen.append(changes)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        wait_for(lambda: ticks)
        assert len(warned) == 2
        edit(kit / "cards.csv", ",Sunny,", ",Sunshine,")
        wait_for(lambda: any(str(kit / "cards.csv") in {path for _c, path in batch} for batch in seen))
    finally:
        stop.set()
        thread.join(timeout=10)
    assert not thread.is_alive() and len(warned) == 2


def test_watch_survives_a_link_to_root_and_leaves_out_only_its_output(tmp_path: Path) -> None:
    """`pnpkit watch kpre -o kp`: a link to `/` is one warning, and a save still rebuilds (kp is not the kit)."""
    kit = new_kit(tmp_path, "kpre")
    (kit / "everything").symlink_to("/", target_is_directory=True)
    out = tmp_path / "kp"
    process = start_cli("watch", kit, "-o", out, "--lang", "en", "--no-svg", cwd=tmp_path)
    try:
        assert process.stdout is not None
        lines = []
        for line in process.stdout:
            lines.append(line)
            if line.startswith("watching"):
                break
        assert lines and lines[-1].startswith("watching"), "".join(lines)
        book = out / "kpre" / "en" / "kit.pdf"
        inode = book.stat().st_ino
        time.sleep(0.5)
        edit(kit / "cards.csv", ",Sunny,", ",Sunshine,")
        wait_for(lambda: book.stat().st_ino != inode, timeout=60)
    finally:
        process.send_signal(signal.SIGINT)
        done = finish(process, timeout=30)
    assert done.returncode == 0, done.stderr
    output = "".join(lines) + done.stdout
    assert output.count("warning: skipped") == 1 and "everything" in output
    assert "Traceback" not in done.stderr and "stopped watching" in done.stdout


def test_a_rebuild_that_fails_is_one_line_and_the_watch_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit = new_kit(tmp_path)
    calls = {"rebuilds": 0}
    real = watch_module.Watcher.rebuild

    def rebuild(self, books=True):
        calls["rebuilds"] += 1
        if calls["rebuilds"] == 2:
            raise RuntimeError("a fault in a layout")
        return real(self, books)

    def follow(kit, **_kwargs):
        yield {(2, str(kit.root / "cards.csv"))}  # fails
        yield {(2, str(kit.root / "cards.csv"))}  # goes on
        raise KeyboardInterrupt

    monkeypatch.setattr(watch_module.Watcher, "rebuild", rebuild)
    monkeypatch.setattr(kitwatch, "follow", follow)
    stream = io.StringIO()
    assert watch_module.watch(kit, BuildOptions(tmp_path / "out", ("en",), {}, svg=False), stream) == 0
    text = stream.getvalue()
    assert "not written: the rebuild stopped: RuntimeError: a fault in a layout" in text
    assert calls["rebuilds"] == 3 and text.rstrip().endswith("stopped watching") and "Traceback" not in text


def test_the_studio_follows_a_kit_made_again_and_skips_a_link_to_root(tmp_path: Path) -> None:
    kit = new_kit(tmp_path)
    (kit / "everything").symlink_to("/", target_is_directory=True)
    kept = tmp_path / "kept"
    shutil.copytree(kit, kept, symlinks=True)
    with serving(kit, "--lang", "en") as url:

        def state() -> dict:
            return httpx.get(f"{url}/api/state?lang=en", timeout=30).json()

        skipped = wait_for(lambda: state()["watch"]["skipped"])
        assert len(skipped) == 1 and "everything" in skipped[0] and "out of the kit" in skipped[0]
        edit(kit / "cards.csv", ",Sunny,", ",Sunshine,")
        wait_for(lambda: "Sunshine" in state()["cards"][0]["text"])

        shutil.rmtree(kit)
        wait_for(lambda: any(f["code"] == "PK107" for f in state()["findings"]))
        edit(kept / "cards.csv", ",Sunny,", ",Bright,")
        shutil.copytree(kept, kit, symlinks=True)
        now = wait_for(lambda: (s := state()) and not s["findings"] and "Bright" in s["cards"][0]["text"] and s)
        assert not now["stale"] and not now["watch"]["problem"]
        edit(kit / "cards.csv", ",Bright,", ",Brighter,")  # and the new folder is watched, not only seen
        wait_for(lambda: "Brighter" in state()["cards"][0]["text"])
    assert "Traceback" not in url.stderr and url.stderr.count("skipped") == 1


def test_a_file_watch_that_fails_is_started_again_then_given_up_on_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit = new_kit(tmp_path)
    options = BuildOptions(tmp_path / "out", ("en",), {}, svg=False)
    calls: list[int] = []

    def fails_once(watched, **_kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the watch lost its folders")
        yield {(2, str(watched.root / "cards.csv"))}
        raise KeyboardInterrupt

    monkeypatch.setattr(kitwatch, "RETRY_S", 0.0)
    monkeypatch.setattr(kitwatch, "follow", fails_once)
    stream = io.StringIO()
    assert watch_module.watch(kit, options, stream) == 0
    text = stream.getvalue()
    assert "warning: the file watch stopped (RuntimeError: the watch lost its folders); starting it again" in text
    assert len(calls) == 2 and text.rstrip().endswith("stopped watching")

    def always_fails(watched, **_kwargs):
        raise RuntimeError("no watch at all")
        yield set()

    monkeypatch.setattr(kitwatch, "follow", always_fails)
    stream = io.StringIO()
    assert watch_module.watch(kit, options, stream) == 1
    last = stream.getvalue().rstrip().splitlines()[-1]
    assert last == "the file watch keeps failing (RuntimeError: no watch at all); stopped watching"
    assert "Traceback" not in stream.getvalue()


def test_follow_watches_a_folder_made_after_it_started(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each folder is watched on its own: a new one is walked and watched, named from a relative kit path too."""
    kit = new_kit(tmp_path)
    monkeypatch.chdir(tmp_path)
    stop = threading.Event()
    seen: list[str] = []

    ticks: list[int] = []

    def run() -> None:
        for changes in kitwatch.follow(kitwatch.KitWatch(Path("kit")), timeout_ms=100, stop_event=stop):
            ticks.append(1)  # the first comes once the watch is set up
            seen.extend(str(Path(path).resolve()) for _change, path in changes)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        root = str(kit.resolve())

        def walked_again(before: int) -> bool:
            """The catch-up after a walk names the kit folder: the new watch is set up by then."""
            return seen.count(root) > before

        wait_for(lambda: ticks)
        before = seen.count(root)
        (kit / "art").mkdir()
        wait_for(lambda: str((kit / "art").resolve()) in seen)
        wait_for(lambda: walked_again(before))
        before = seen.count(root)
        (kit / "art" / "deep").mkdir()
        wait_for(lambda: str((kit / "art" / "deep").resolve()) in seen)
        wait_for(lambda: walked_again(before))
        (kit / "art" / "deep" / "gem.png").write_bytes(b"\x89PNG")
        wait_for(lambda: str((kit / "art" / "deep" / "gem.png").resolve()) in seen)
        shutil.rmtree(kit / "art")
        wait_for(lambda: seen.count(str((kit / "art").resolve())) >= 2)
    finally:
        stop.set()
        thread.join(timeout=10)
    assert not thread.is_alive()
