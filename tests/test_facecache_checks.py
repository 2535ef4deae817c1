"""The page checks cost per changed card face, not per kit: each face's problems are kept by the face as placed
(in memory under `watch`, on disk between builds), a kept entry gives exactly what walking the face gives, and
the overlap walk inside a face meets only the texts near each one."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest
from conftest import KITS, cli

from pnpkit.generator import diskcache
from pnpkit.generator.layouts import collisions, pagecheck
from pnpkit.generator.layouts.context import page_text
from pnpkit.generator.scene import Circle, Group, Page, Rect, Style, Text

FILL = Style(fill="#e0d0b0")


def _count(monkeypatch, owner, name: str) -> list[int]:
    """Calls of owner.name, counted in a one-element list."""
    calls = [0]
    real = getattr(owner, name)

    def counted(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def test_two_thousand_lines_on_a_card_are_compared_with_their_neighbours_only(monkeypatch):
    """The fuzzing case of a reference card with 2,000 lines: the old sweep compared every line with every line
    whose span it shares (2,000,000 pairs, 57 s); each line now meets only those in its grid cells."""
    lines = [Text(10.0, 10.0 + 3.0 * n, f"Line {n}: score a point for each pair", 7) for n in range(2000)]
    lines[700] = Text(10.0, 10.0 + 3.0 * 699 + 0.5, "Line 700 printed over line 699", 7)
    compared = _count(monkeypatch, collisions, "_prints_over")
    card = Group(tuple(lines), clip=Rect(0, 0, 200, 6100), name="reference")
    problems = [p for p in page_text([Page(210.0, 6200.0, (card,))]) if p.code == "PK367"]
    assert [p.message.split(" prints over ")[0] for p in problems] == ["'Line 700 printed over line 699'"]
    assert compared[0] < 10 * len(lines), compared[0]


def _faces() -> tuple[Group, ...]:
    """Card faces on a sheet: one with two texts printed over each other, one with a word crowding its box, one
    with a tiny line, one whose text runs past the printable area, one whose text a sheet label runs into."""
    over = (Text(5, 10, "Fireball", 9), Text(6, 10.6, "Frostbolt", 9))
    tight = (Rect(4, 20, 20.5, 5, style=FILL), Text(4.3, 24, "Crowded", 9))
    tiny = (Text(5, 30, "tiny rule", 3), Circle(30, 40, 5, style=FILL), Text(27, 41, "7", 9))
    past = (Text(-5, 10, "Edge words", 9),)
    near = (Text(5, 85, "Bottom line", 9),)
    placed = []
    for n, items in enumerate((past, tight, tiny, over, near, over)):
        x, y = 8.0 + 65.0 * (n % 3), 8.0 + 90.0 * (n // 3)
        clip = Rect(-6, 0, 69, 88) if items is past else Rect(0, 0, 63, 88)  # its bleed reaches the paper's edge
        placed.append(Group(items, dx=x, dy=y, clip=clip, name=f"card-{n}"))
    return tuple(placed)


def _sheet() -> Page:
    label = Text(10, 8.0 + 90.0 + 88.5, "Sheet label that the fifth card's text meets", 9)
    return Page(210.0, 297.0, (*_faces(), label))


def test_a_kept_face_gives_what_walking_the_whole_page_gives():
    sheet = _sheet()
    whole = page_text([sheet, sheet], ("cards",))
    assert {p.code for p in whole} >= {"PK309", "PK326", "PK367", "PK368"}
    memo = diskcache.Pack(None)
    with pagecheck.remembering(memo):
        cold = page_text([sheet, sheet], ("cards",))
        added = memo.added
        warm = page_text([sheet, sheet], ("cards",))
    assert cold == whole and warm == whole
    assert added == 2 * 6 and memo.added == added  # two entries a face as placed (lines, small), then none


def _build(monkeypatch, root: Path, cache: Path, lang: str = "en") -> tuple[int, int, int, list[str]]:
    """An edition laid out as `pnpkit build` does: (card faces drawn, entries kept (a face checked: two, its
    texts and its floor; a face drawn: one), units walked, findings)."""
    from pnpkit.generator import facecache
    from pnpkit.generator.build import layout_kit
    from pnpkit.validator.kit import load_kit

    monkeypatch.setenv("PNPKIT_CACHE_DIR", str(cache))
    monkeypatch.delenv("PNPKIT_NO_CACHE", raising=False)  # the suite builds without it (conftest)
    puts = _count(monkeypatch, diskcache.Pack, "put")
    walks = _count(monkeypatch, pagecheck, "Walked")
    drawn = [0]
    face = facecache.FaceCache.face

    def counted(self, ctx, key, draw):
        def drawing():
            drawn[0] += 1
            return draw()

        return face(self, ctx, key, drawing)

    monkeypatch.setattr(facecache.FaceCache, "face", counted)
    loaded = load_kit(root)
    assert loaded.ok
    _parts, found = layout_kit(loaded, lang)
    monkeypatch.undo()
    return drawn[0], puts[0], walks[0], [str(f) for f in found]


def _edit_cell(kit: Path, row: int, column: str = "steps", value: str = "") -> None:
    """One cell saved: by default a card's step count, which both editions print."""
    rows = list(csv.reader(io.StringIO((kit / "cards.csv").read_text(encoding="utf-8-sig"))))
    at = rows[0].index(column)
    rows[row][at] = value or str((int(rows[row][at]) + 1) % 4)
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    (kit / "cards.csv").write_text(out.getvalue(), encoding="utf-8")


def test_a_second_build_with_a_warm_cache_checks_no_unchanged_card(tmp_path, monkeypatch):
    kit = tmp_path / "weather-walk"
    shutil.copytree(KITS["weather-walk"], kit)
    _edit_cell(kit, 1, "count", "1")  # one copy of the card to be changed: each copy placed is its own check
    cache = tmp_path / "cache"
    first = _build(monkeypatch, kit, cache)
    assert first[0] > 0 and first[1] > 0 and list((cache / "pages").glob("*.pack"))
    drawn, puts, walks, findings = _build(monkeypatch, kit, cache)
    assert (drawn, puts, findings) == (0, 0, first[3])
    assert walks < first[2]  # the pages without cards (rules, sheets) are still walked whole
    _edit_cell(kit, 1)
    drawn, puts, _walks, findings = _build(monkeypatch, kit, cache)
    assert (drawn, puts) == (1, 1 + 2)  # that card: drawn (one entry), checked (its texts and its floor)
    assert _build(monkeypatch, kit, tmp_path / "cold")[3] == findings


def test_a_damaged_or_stale_pack_is_ignored(tmp_path, monkeypatch):
    kit = tmp_path / "weather-walk"
    shutil.copytree(KITS["weather-walk"], kit)
    cache = tmp_path / "cache"
    first = _build(monkeypatch, kit, cache)
    (pack,) = (cache / "pages").glob("*.pack")
    data = pack.read_bytes()
    pack.write_bytes(data[:-40] + bytes(40))  # a damaged payload: its checksum no longer matches
    assert _build(monkeypatch, kit, cache) == first
    pack.write_bytes(data.replace(diskcache.stamp(), b"0" * 64 + b"\n"))  # another pnpkit's
    assert _build(monkeypatch, kit, cache) == first
    pack.write_bytes(b"garbage")
    assert _build(monkeypatch, kit, cache) == first
    monkeypatch.setenv("PNPKIT_NO_CACHE", "1")
    assert diskcache.directory() is None


def test_the_cache_keeps_at_most_max_packs(tmp_path, monkeypatch):
    monkeypatch.setattr(diskcache, "MAX_PACKS", 2)
    for n in range(4):
        pack = diskcache.Pack(tmp_path / f"{n}.pack")
        pack.put(f"key {n}", (n,))
        pack.save()
    assert sorted(p.name for p in tmp_path.glob("*.pack")) == ["2.pack", "3.pack"]
    assert diskcache.Pack(tmp_path / "3.pack").get("key 3") == (3,)


def test_a_build_from_the_cache_writes_the_same_bytes_and_no_cache_writes_none(tmp_path, monkeypatch):
    monkeypatch.setenv("PNPKIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("PNPKIT_NO_CACHE", raising=False)
    kit = KITS["starlit-bazaar"]  # pictures, icons, markup, two decks
    outputs = []
    for n, flags in enumerate(((), (), ("--no-cache",))):
        out = tmp_path / f"out{n}"
        assert cli("build", kit, "-o", out, "--lang", "en", "--no-svg", *flags).returncode == 0
        outputs.append({path.relative_to(out): path.read_bytes() for path in sorted(out.rglob("*.pdf"))})
    assert outputs[0] and outputs[0] == outputs[1] == outputs[2]
    packs = {path: path.stat().st_mtime_ns for path in (tmp_path / "cache" / "pages").glob("*.pack")}
    assert packs
    assert cli("build", kit, "-o", tmp_path / "out3", "--lang", "en", "--no-svg", "--no-cache").returncode == 0
    assert {path: path.stat().st_mtime_ns for path in (tmp_path / "cache" / "pages").glob("*.pack")} == packs


@pytest.mark.parametrize("table", ["cards.csv"])
def test_a_one_cell_csv_edit_under_watch_checks_one_card_face_per_edition(tmp_path, table):
    from pnpkit.generator.build import BuildOptions
    from pnpkit.generator.watch import Watcher

    kit = tmp_path / "kit"
    assert cli("new", kit).returncode == 0
    _edit_cell(kit, 3, "count", "1")  # one copy: each copy placed on a sheet is its own check
    watcher = Watcher(kit, BuildOptions(tmp_path / "out", None, {}, svg=False))
    assert watcher.rebuild().ok
    drawn, checked = watcher.cache.misses, watcher.cache.checks.added
    _edit_cell(kit, 3)
    result = watcher.rebuild()
    assert result.ok and any(path.name == "cards-weather.pdf" for path in result.written)
    editions = len(watcher.written)
    assert editions == 2
    assert watcher.cache.misses - drawn == editions  # laid out again: that card, in each edition
    assert watcher.cache.checks.added - checked == 2 * editions  # checked again: that face (lines, small), each


def _random_items(rnd, count: int, width: float, height: float) -> tuple:
    styles = [Style(fill="#e0d0b0"), Style(fill="#223344", stroke="#000000", width=0.4), Style(stroke="#000000")]
    out: list = []
    for _ in range(count):
        kind, x, y = rnd.random(), rnd.uniform(-3, width), rnd.uniform(-3, height)
        if kind < 0.5:
            words = rnd.choice(["Fire", "Ice bolt", "7", "A long rule line here", "tiny"])
            out.append(Text(x, y, words, rnd.choice([3, 6, 9, 12]), bold=rnd.random() < 0.3))
        elif kind < 0.8:
            size = (rnd.uniform(1, 30), rnd.uniform(1, 20))
            out.append(Rect(x, y, *size, style=rnd.choice(styles), radius=rnd.choice([0, 1])))
        else:
            out.append(Circle(x, y, rnd.uniform(1, 6), style=rnd.choice(styles)))
    return tuple(out)


def test_random_sheets_give_the_same_problems_walked_whole_and_face_by_face():
    """Faces near each other, turned, overlapping, with page texts and shapes among them: whatever is alone or
    not, the face-by-face walk (cold, then from its memo) gives exactly the whole walk's problems, in order."""
    import random

    rnd = random.Random(7)
    found = 0
    for sheet in range(60):
        items = []
        for k in range(rnd.randint(0, 9)):
            x, y = 5 + 66 * (k % 3) + rnd.uniform(-4, 4), 5 + 91 * (k // 3) + rnd.uniform(-4, 4)
            clip = Rect(-1, -1, 65, 90)
            face = _random_items(rnd, rnd.randint(0, 25), 63, 88)
            items.append(Group(face, dx=x, dy=y, clip=clip, name=f"card-{k}", rotate=rnd.choice([0, 0, 90])))
        for _ in range(rnd.randint(0, 6)):
            items.insert(rnd.randint(0, len(items)), _random_items(rnd, 1, 210, 297)[0])
        pages = [Page(210.0, 297.0, tuple(items))] * rnd.randint(1, 2)
        whole = page_text(pages, ("sheet",))
        with pagecheck.remembering(diskcache.Pack(None)):
            assert page_text(pages, ("sheet",)) == whole == page_text(pages, ("sheet",)), sheet
        found += len(whole)
    assert found > 500


def test_a_reference_card_with_two_thousand_rules_costs_a_bounded_walk(tmp_path, monkeypatch):
    """The fuzzing case itself: Wizards' reference card with its first scoring rule repeated 2,000 times. The
    layout stacks the rules on each other (PK309 says they are too long), so every line prints over every other:
    each text is compared with at most NEAR_TEXTS texts and told over at most OVERLAPS_TOLD (57 s of CPU for two
    million pairs before), and texts in a pile of shapes are not walked for crowding."""
    from pnpkit.generator.build import layout_kit
    from pnpkit.generator.scene import walk
    from pnpkit.validator.kit import load_kit

    kit = tmp_path / "wizards"
    shutil.copytree(KITS["wizards-element-collection"], kit)
    reference = kit / "reference.yaml"
    text = reference.read_text(encoding="utf-8")
    rule = next(line for line in text.splitlines() if line.strip().startswith("- ja:"))
    english = text.splitlines()[text.splitlines().index(rule) + 1]
    reference.write_text(text.replace(f"{rule}\n{english}\n", f"{rule}\n{english}\n" * 2000), encoding="utf-8")
    compared = _count(monkeypatch, collisions, "_prints_over")
    crowds = _count(monkeypatch, collisions, "_crowds")
    loaded = load_kit(kit)
    assert loaded.ok
    parts, found = layout_kit(loaded, "en")
    texts = sum(1 for part in parts for page in part.pages for item, _m in walk(page.items) if isinstance(item, Text))
    assert texts > 8000
    assert compared[0] <= collisions.NEAR_TEXTS * texts and crowds[0] <= collisions.NEAR_SHAPES * texts
    assert {"PK309", "PK367"} <= {finding.code for finding in found}
    told = [f for f in found if f.code == "PK367"]
    assert 0 < len(told) < 100
