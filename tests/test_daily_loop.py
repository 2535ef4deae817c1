"""The designer's daily loop: `--only` partial builds, `index.json`, the contents' deck pages, `pnpkit watch`
(in this process and as a real process), and progress that shows on a terminal only."""

from __future__ import annotations

import io
import json
import re
import shutil
import signal
import time
from contextlib import ExitStack
from pathlib import Path

import pytest
from conftest import KITS, cli, finish, start_cli
from pdftext import opened, page_text, page_texts, text_of_page

STARLIT = KITS["starlit-bazaar"]
ES = KITS["element-shift"]


def _copy(kit: Path, tmp_path: Path) -> Path:
    target = tmp_path / kit.name
    shutil.copytree(kit, target)
    return target


def _text(pdf: Path, page: int) -> str:
    return page_text(pdf, page - 1)


def _inodes(directory: Path) -> dict[str, int]:
    return {p.name: p.stat().st_ino for p in directory.iterdir() if p.is_file()}


# ---------------------------------------------------------------- index.json


@pytest.mark.parametrize("name", ["element-shift", "starlit-bazaar", "wizards-element-collection"])
def test_index_says_where_every_card_is(kits, name):
    built, _again = kits.builds(name)
    for lang in kits.loaded(name).kit.languages:
        lang_dir = built / lang
        index = json.loads((lang_dir / "index.json").read_text(encoding="utf-8"))
        assert index["kit"] == kits.loaded(name).kit.id and index["lang"] == lang
        parts = kits.layouts(name)[lang]
        assert [c["file"] for c in index["components"]] == [f"{slug}.pdf" for slug in parts]
        fronts = [p for places in index["cards"].values() for p in places if p["side"] == "front"]
        groups = [
            i
            for part in parts.values()
            for page in part.pages
            for i in page.items
            if getattr(i, "role", "") == "card-front"
        ]
        assert len(fronts) == len(groups) > 0
        with ExitStack() as stack:
            book = stack.enter_context(opened(lang_dir / "kit.pdf"))
            documents = {}
            for place in fronts[:: max(1, len(fronts) // 12)]:  # a dozen spread over the kit, each read from both PDFs
                if place["file"] not in documents:
                    documents[place["file"]] = stack.enter_context(opened(lang_dir / place["file"]))
                document = documents[place["file"]]
                assert 1 <= place["page"] <= len(document)
                text = text_of_page(document, place["page"] - 1)
                in_book = " ".join(text_of_page(book, place["kit_pdf_page"] - 1).split())
                assert text and in_book == f"{' '.join(text.split())} {place['kit_pdf_page']}"  # and its page number
        for place in fronts:  # a slot's trim lies on the paper and no two cards on a page overlap
            x, y, w, h = place["trim_mm"]
            assert x > 0 and x + w < 216 and y > 0 and y + h < 297
        seen: dict[tuple, list] = {}
        for place in fronts:
            seen.setdefault((place["file"], place["page"]), []).append(place["trim_mm"])
        for boxes in seen.values():
            for a in boxes:
                for b in boxes:
                    if a is not b:
                        assert (
                            a[0] + a[2] <= b[0] + 0.01
                            or b[0] + b[2] <= a[0] + 0.01
                            or a[1] + a[3] <= b[1] + 0.01
                            or b[1] + b[3] <= a[1] + 0.01
                        )


def test_index_counts_every_copy_and_its_back(kits):
    built, _again = kits.builds("starlit-bazaar")
    index = json.loads((built / "en" / "index.json").read_text(encoding="utf-8"))
    parts = kits.layouts("starlit-bazaar")["en"]
    checklist = dict(parts["cards-goods"].checklist) | dict(parts["cards-aids"].checklist)
    fronts = [p for places in index["cards"].values() for p in places if p["side"] == "front"]
    backs = [p for places in index["cards"].values() for p in places if p["side"] == "back"]
    assert len(fronts) == len(backs) == sum(checklist.values())
    saffron = index["cards"]["saffron"]  # goods.csv gives saffron three copies
    assert sorted(p["side"] for p in saffron) == ["back"] * 3 + ["front"] * 3


def test_contents_give_the_page_each_deck_starts_on(kits):
    built, _again = kits.builds("element-shift")
    book = built / "en" / "kit.pdf"
    contents = _text(book, 2)
    starts = re.findall(r"([A-Z][a-z]+(?: [a-z]+)* cards) p\. (\d+)", contents)
    names = {name for name, _page in starts}
    assert {"Element cards", "Shift cards", "Combo reference cards"} <= names, contents
    for name, page in starts:
        assert f"{name} — Fronts 1/" in _text(book, int(page)), (name, page)


# ---------------------------------------------------------------- --only


def test_only_rebuilds_what_it_names_and_keeps_the_rest(tmp_path):
    kit = _copy(STARLIT, tmp_path)
    out = tmp_path / "out"
    assert cli("build", kit, "-o", out, "--lang", "en").returncode == 0
    lang_dir = out / "starlit-bazaar" / "en"
    before = _inodes(lang_dir)
    book = (lang_dir / "kit.pdf").read_bytes()
    rules = (lang_dir / "rules.pdf").read_bytes()
    decks = kit / "goods-yaml.yaml"
    decks.write_text(decks.read_text(encoding="utf-8").replace("Paper Lantern", "Paper Kite"), encoding="utf-8")

    done = cli("build", kit, "-o", out, "--lang", "en", "--only", "goods")
    assert done.returncode == 0, done.stderr
    assert "kit.pdf was left as it was" in done.stdout
    after = _inodes(lang_dir)
    assert after["cards-goods.pdf"] != before["cards-goods.pdf"]
    assert after["rules.pdf"] == before["rules.pdf"] and (lang_dir / "rules.pdf").read_bytes() == rules
    assert (lang_dir / "kit.pdf").read_bytes() == book
    assert "Paper Kite" in _text(lang_dir / "cards-goods.pdf", 1)
    index = json.loads((lang_dir / "index.json").read_text(encoding="utf-8"))
    files = ["cards-goods.pdf", "cards-aids.pdf", "tokens.pdf", "rules.pdf"]
    assert [c["file"] for c in index["components"]] == files
    assert index["components"][0]["kit_pdf_first_page"] is None  # kit.pdf no longer matches it
    assert index["components"][1]["kit_pdf_first_page"] == 9  # cover, contents, calibration sheet, 4 goods pages
    written = int(re.search(r"wrote (\d+) files", done.stdout).group(1))
    svgs = len(list(lang_dir.glob("cards-goods-*.svg")))
    fonts = len(list((out / "starlit-bazaar" / "fonts").iterdir())) - 1  # less the marker
    assert written == 1 + svgs + 1 + fonts  # the deck's PDF and SVGs, index.json, the fonts


def test_only_a_deck_of_a_many_deck_component_rebuilds_that_component(tmp_path):
    out = tmp_path / "out"
    done = cli("build", ES, "-o", out, "--lang", "en", "--only", "shift-events", "--no-svg")
    assert done.returncode == 0, done.stderr
    files = sorted(p.name for p in (out / "element-shift" / "en").iterdir())
    assert files == [".pnpkit-output", "cards.pdf", "index.json"]


def test_only_an_unknown_id_is_a_usage_error_naming_the_known_ones(tmp_path):
    done = cli("build", STARLIT, "-o", tmp_path / "out", "--only", "goods,nope")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        "pnpkit: error: --only: no component or deck 'nope' in this kit; use one of aids, cards-aids, cards-goods, goods, rules, tokens"
    )
    assert not (tmp_path / "out" / "starlit-bazaar").exists()
    assert cli("build", STARLIT, "-o", tmp_path / "out", "--only", ",").returncode == 2


# ---------------------------------------------------------------- watch, in this process


def _watcher(kit: Path, out: Path, lang: str = "en"):
    from pnpkit.generator.build import BuildOptions
    from pnpkit.generator.watch import Watcher

    return Watcher(kit, BuildOptions(out, (lang,), {}, svg=True))


def test_watch_writes_only_what_a_change_touches(tmp_path):
    kit = _copy(STARLIT, tmp_path)
    watcher = _watcher(kit, tmp_path / "out")
    first = watcher.rebuild()
    assert first.ok and first.findings == []
    lang_dir = tmp_path / "out" / "starlit-bazaar" / "en"
    assert {"kit.pdf", "index.json", "cards-goods.pdf", "rules.pdf", "rules.svg"} <= {p.name for p in first.written}
    drawn = watcher.cache.misses

    again = watcher.rebuild()
    assert again.written == [] and watcher.cache.misses == drawn  # nothing changed, nothing drawn or written

    decks = kit / "goods-yaml.yaml"
    decks.write_text(decks.read_text(encoding="utf-8").replace("Paper Lantern", "Paper Kite"), encoding="utf-8")
    changed = watcher.rebuild()
    assert changed.ok
    assert watcher.cache.misses == drawn + 1  # the one card laid out again; the other designs from the cache
    names = [p.name for p in changed.written]
    assert names[0] == "cards-goods.pdf"  # the changed PDF first, before the book
    assert names[-2:] == ["index.json", "kit.pdf"]
    svgs = [n for n in names if n.endswith(".svg")]
    assert len(svgs) == 1 and "rules.pdf" not in names
    assert "Paper Kite" in _text(lang_dir / "cards-goods.pdf", 1)
    assert "Paper Kite" in (lang_dir / svgs[0]).read_text(encoding="utf-8")
    assert not list(lang_dir.glob(".*partial"))

    built = cli("build", kit, "-o", tmp_path / "built", "--lang", "en")  # watch writes what build writes
    assert built.returncode == 0
    for name in ("cards-goods.pdf", "kit.pdf"):
        ours, theirs = lang_dir / name, tmp_path / "built" / "starlit-bazaar" / "en" / name
        assert page_texts(ours) == page_texts(theirs)
    for name in ("index.json", *svgs):
        assert (lang_dir / name).read_bytes() == (tmp_path / "built" / "starlit-bazaar" / "en" / name).read_bytes()


def test_watch_survives_a_broken_save_and_clears_the_findings_when_fixed(tmp_path):
    from pnpkit.generator.watch import Screen

    kit = _copy(STARLIT, tmp_path)
    watcher = _watcher(kit, tmp_path / "out")
    screen_out = io.StringIO()
    screen = Screen(screen_out, kit, clock=lambda: "12:00:00")
    screen.show(watcher.rebuild())
    lang_dir = tmp_path / "out" / "starlit-bazaar" / "en"
    good = (lang_dir / "cards-goods.pdf").read_bytes()

    decks = kit / "goods-yaml.yaml"
    text = decks.read_text(encoding="utf-8")
    decks.write_text(text[: len(text) // 2], encoding="utf-8")  # a save caught half-way
    broken = watcher.rebuild()
    screen.show(broken)
    assert not broken.ok and broken.written == []
    assert (lang_dir / "cards-goods.pdf").read_bytes() == good  # the last good file stays

    decks.write_text(text.replace("Paper Lantern", "Paper Kite"), encoding="utf-8")
    fixed = watcher.rebuild()
    screen.show(fixed)
    assert fixed.ok and fixed.findings == [] and fixed.written
    shown = screen_out.getvalue().splitlines()
    assert any("goods-yaml.yaml:" in line and " error " in line for line in shown)
    assert "[12:00:00] not written: " in "\n".join(shown)
    assert "[12:00:00] every finding is fixed" in shown
    assert shown[-1].startswith("[12:00:00] wrote ") and "cards-goods.pdf" in shown[-1]


def test_watch_lays_out_again_when_a_picture_changes(tmp_path):
    kit = _copy(STARLIT, tmp_path)
    watcher = _watcher(kit, tmp_path / "out")
    watcher.rebuild()
    drawn = watcher.cache.misses
    picture = kit / "art" / "star.svg"
    picture.write_text(picture.read_text(encoding="utf-8").replace("</svg>", "<circle r='1'/></svg>"), encoding="utf-8")
    changed = watcher.rebuild()
    assert changed.ok and watcher.cache.misses > drawn
    assert "cards-goods.pdf" in [p.name for p in changed.written]


def test_watch_refuses_a_directory_it_did_not_make(tmp_path):
    out = tmp_path / "out"
    (out / "starlit-bazaar" / "en").mkdir(parents=True)
    (out / "starlit-bazaar" / "en" / "mine.txt").write_text("the designer's own notes")
    result = _watcher(STARLIT, out).rebuild()
    assert "was not made by pnpkit" in result.problem and result.written == []
    assert (out / "starlit-bazaar" / "en" / "mine.txt").read_text() == "the designer's own notes"


# ---------------------------------------------------------------- watch, as a designer runs it


def test_watch_command_rebuilds_on_save_and_stops_on_ctrl_c(tmp_path):
    kit = _copy(KITS["moonlit-tricks"], tmp_path)
    out = tmp_path / "out"
    process = start_cli("watch", kit, "-o", out, "--lang", "en", "--no-svg")
    try:
        assert process.stdout is not None
        lines = []
        for line in process.stdout:
            lines.append(line)
            if line.startswith("watching"):
                break
        assert lines and lines[-1].startswith("watching"), "".join(lines)
        book = out / "moonlit-tricks" / "en" / "kit.pdf"
        inode = book.stat().st_ino
        time.sleep(0.5)
        rules = kit / "rules.yaml"
        rules.write_text(rules.read_text(encoding="utf-8") + "\n", encoding="utf-8")  # touched, not changed
        kit_yaml = kit / "kit.yaml"
        kit_yaml.write_text(kit_yaml.read_text(encoding="utf-8").replace("version: ", "version: '2' #", 1))
        deadline = time.monotonic() + 30
        while book.stat().st_ino == inode and time.monotonic() < deadline:
            time.sleep(0.05)
        assert book.stat().st_ino != inode, "kit.pdf was not replaced after the save"
    finally:
        process.send_signal(signal.SIGINT)
        done = finish(process, timeout=30)
    assert done.returncode == 0, done.stderr
    assert "stopped watching" in done.stdout and "Traceback" not in done.stderr


def test_watch_usage_errors(tmp_path):
    assert cli("watch", tmp_path / "missing").returncode == 2
    done = cli("watch", tmp_path)
    assert done.returncode == 2 and "has no kit.yaml" in done.stderr


# ---------------------------------------------------------------- progress


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_shows_on_a_terminal_and_stays_quiet_when_piped():
    from pnpkit.generator.progress import Progress

    terminal = _Terminal()
    with Progress(terminal) as progress:
        progress.step(3, 8, "editions")
    assert "[#########---------------] 3/8 editions" in terminal.getvalue()
    assert terminal.getvalue().endswith("\r")  # the status line is wiped when done

    piped = io.StringIO()
    with Progress(piped) as progress:
        progress.step(3, 8, "editions")
    assert piped.getvalue() == ""


def test_a_piped_build_prints_only_its_summary(tmp_path):
    done = cli("build", KITS["moonlit-tricks"], "-o", tmp_path / "out", "--lang", "en")
    assert done.returncode == 0
    files = [p for p in (tmp_path / "out").rglob("*") if p.is_file() and p.name != ".pnpkit-output"]
    assert done.stderr == ""
    assert done.stdout.splitlines() == [f"wrote {len(files)} files to {tmp_path / 'out'}"]
