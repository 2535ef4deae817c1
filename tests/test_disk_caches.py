"""pnpkit's caches on disk: the directory (generator/cachedir.py): where it is, that it can be turned off, and
that an entry that is damaged, cut short or too large is ignored, never trusted; and the parsed fonts kept there
(generator/fontcache.py): the same parse as reportlab's own, read back instead of parsed again."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from conftest import KITS, REPO, cli, files_under, make_bad_kit, run_cli

from pnpkit.generator import cachedir, fontcache


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


# ---------------------------------------------------------------- parsed fonts


FONT_DIR = REPO / "generator" / "assets" / "fonts"


@pytest.fixture
def font_cache(monkeypatch, tmp_path) -> Path:
    """An empty cache directory of this test's own, and no parse kept in memory from other tests."""
    monkeypatch.setenv("PNPKIT_CACHE_DIR", str(tmp_path / "cache"))
    fontcache.forget()
    return tmp_path / "cache" / fontcache.SUBDIR


@pytest.fixture
def parses(monkeypatch) -> list[str]:
    """The files reportlab parses from here on."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    seen: list[str] = []
    parse = TTFontFile.extractInfo

    def counted(self, *args, **kwargs):
        seen.append(Path(self.filename).name)
        return parse(self, *args, **kwargs)

    monkeypatch.setattr(TTFontFile, "extractInfo", counted)
    return seen


def same_as_reportlab(font, path: Path) -> None:
    """`font` (from the cache) holds what reportlab's own parse of `path` holds, value for value and type for type."""
    from reportlab.pdfbase.ttfonts import TTFont

    fresh = TTFont(font.fontName, str(path))
    mine, theirs = dict(vars(font.face)), dict(vars(fresh.face))
    assert mine.pop("_pdfScale")(1234) == theirs.pop("_pdfScale")(1234)
    assert mine == theirs
    assert {k: type(v) for k, v in mine.items()} == {k: type(v) for k, v in theirs.items()}
    assert [tuple(map(type, pair)) for pair in mine["hmetrics"]] == [tuple(map(type, p)) for p in theirs["hmetrics"]]
    assert list(mine["charToGlyph"]) == list(theirs["charToGlyph"])  # the same order too
    assert list(map(type, mine["charWidths"].values())) == list(map(type, theirs["charWidths"].values()))
    assert mine["name"].ustr == theirs["name"].ustr
    skip = ("face", "state", "encoding")
    assert {k: v for k, v in vars(font).items() if k not in skip} == {
        k: v for k, v in vars(fresh).items() if k not in skip
    }


@pytest.mark.parametrize("name", ["BIZUDPGothic-Regular.ttf", "NotoSans-Bold.ttf"])
def test_a_shipped_font_is_parsed_once_then_read_back(font_cache, parses, name):
    """A 2,048-unit em (advances are floats, and reportlab's hmtx mixes ints and floats) and a 1,000-unit one."""
    path = FONT_DIR / name
    first = fontcache.ttfont("Face", path)
    assert parses == [name] and len(list(font_cache.glob("ttf-*"))) == 1
    fontcache.forget()  # as a new process
    again = fontcache.ttfont("Face", path)
    assert parses == [name]  # read back, not parsed
    assert again.face is not first.face
    same_as_reportlab(again, path)


def test_a_kit_font_is_keyed_by_its_bytes(font_cache, parses, tmp_path):
    """A kit's font file saved with new contents (same name, same size) is a new entry, never the stale one."""
    from fontTools.ttLib import TTFont as Tool

    path = tmp_path / "kit" / "font.ttf"
    path.parent.mkdir()
    shutil.copyfile(FONT_DIR / "NotoSans-Regular.ttf", path)
    fontcache.ttfont("Kit", path)
    fontcache.forget()
    fontcache.ttfont("Kit", path)
    assert parses == ["font.ttf"]
    edited = Tool(path)
    edited["hmtx"].metrics["A"] = (edited["hmtx"].metrics["A"][0] + 100, edited["hmtx"].metrics["A"][1])
    edited.save(path)
    fontcache.forget()
    font = fontcache.ttfont("Kit", path)
    assert parses == ["font.ttf", "font.ttf"]
    assert len(list(font_cache.glob("ttf-*"))) == 2
    same_as_reportlab(font, path)


def test_a_damaged_or_foreign_entry_is_parsed_again(font_cache, parses):
    path = FONT_DIR / "NotoSans-Regular.ttf"
    fontcache.ttfont("Face", path)
    (entry,) = font_cache.glob("ttf-*")
    good = cachedir.read_entry(entry, fontcache.MAX_ENTRY_BYTES)
    assert good is not None
    data = bytearray(entry.read_bytes())
    data[len(data) // 2] ^= 0xFF  # a flipped byte: the checksum no longer matches
    entry.write_bytes(bytes(data))
    fontcache.forget()
    same_as_reportlab(fontcache.ttfont("Face", path), path)
    assert parses.count("NotoSans-Regular.ttf") == 3  # parsed again (then once more by the comparison)
    foreign = (b"", b"\x05\x00\x00\x00{'a'}", b"\xff\xff\xff\xff", b"\x02\x00\x00\x00{}", good[:-8], good + b"x")
    for payload in foreign:  # checksummed, but not an entry of this format (the last two: arrays cut or overlong)
        cachedir.write_entry(entry, payload)
        fontcache.forget()
        before = len(parses)
        same_as_reportlab(fontcache.ttfont("Face", path), path)
        assert len(parses) == before + 2, payload[:12]  # parsed again, then by the comparison
    cachedir.write_entry(entry, good)
    fontcache.forget()
    before = len(parses)
    fontcache.ttfont("Face", path)
    assert len(parses) == before  # the good entry is read back


def test_the_cache_keeps_a_bounded_number_of_fonts(font_cache, parses, monkeypatch):
    monkeypatch.setattr(fontcache, "MAX_ENTRIES", 2)
    for name in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "ipaexg.ttf"):
        fontcache.ttfont("Face", FONT_DIR / name)
    assert len(list(font_cache.glob("ttf-*"))) == 2


def test_no_cache_means_parsing_every_time(monkeypatch, parses):
    monkeypatch.setenv("PNPKIT_CACHE_DIR", "")
    fontcache.forget()
    path = FONT_DIR / "NotoSans-Regular.ttf"
    fontcache.ttfont("Face", path)
    fontcache.forget()
    fontcache.ttfont("Face", path)
    assert parses == ["NotoSans-Regular.ttf"] * 2


def test_a_build_with_a_warm_cache_writes_the_same_bytes(tmp_path):
    """A fresh `pnpkit build` with no cache, with a cold one and with the warm one it left: the same files."""
    kit = KITS["moonlit-tricks"]
    outputs = []
    for run, cache in (("off", ""), ("cold", str(tmp_path / "cache")), ("warm", str(tmp_path / "cache"))):
        out = tmp_path / run
        result = run_cli("build", kit, "--lang", "en", "--no-svg", "-o", out, env={"PNPKIT_CACHE_DIR": cache})
        assert result.returncode == 0, result.stderr
        outputs.append({p.relative_to(out): p.read_bytes() for p in files_under(out)})
        if run == "cold":
            assert list((tmp_path / "cache" / fontcache.SUBDIR).glob("ttf-*"))  # the fonts it parsed are kept
    assert outputs[0] and outputs[0] == outputs[1] == outputs[2]


def test_a_second_kit_with_the_same_font_file_reads_its_parse_back(font_cache, parses, tmp_path):
    """Two copies of a kit that brings its own font file (as a designer's kit and its copy, or the next run's
    process): the first build parses the file, the second reads the parse back and parses nothing; both PDFs alike."""
    built = []
    for copy in ("first", "second"):
        kit = make_bad_kit(
            tmp_path,
            [
                (
                    "kit.yaml",
                    "languages: [ja, en]\n",
                    "languages: [ja, en]\nfonts: {families: {mine: {regular: mine.ttf}}, languages: {en: mine}}\n",
                )
            ],
            copy,
            "moonlit-tricks",
        )
        shutil.copyfile(FONT_DIR / "NotoSans-Regular.ttf", kit / "mine.ttf")
        before = parses.count("mine.ttf")
        result = cli("build", kit, "--lang", "en", "--no-svg", "-o", tmp_path / f"out-{copy}")
        assert result.returncode == 0, result.stderr
        built.append(
            (
                parses.count("mine.ttf") - before,
                (tmp_path / f"out-{copy}" / "moonlit-tricks" / "en" / "kit.pdf").read_bytes(),
            )
        )
    (first, first_pdf), (second, second_pdf) = built
    assert first == 1 and second == 0
    assert first_pdf == second_pdf
