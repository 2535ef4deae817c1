"""Work and findings that grow with the content grow linearly: a value given n times is one finding that counts
them (never one per repeat, nor one per pair), a count of copies is one pass, a file listed n times is read once,
and the rule summary breaks its columns in one pass. Each case is one of the fuzzer's: thousands of copies of one
entry, which once took minutes, or gigabytes, or gave no finding at all.

Time is asserted only as growth: the same work at n and at 4n, compared in CPU time with a generous factor
(linear work grows about 4×, quadratic 16×); memory as a cap on the address space of a fresh interpreter."""

from __future__ import annotations

import math
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import cli, make_bad_kit, parse_findings, run_capped

MEMORY_CAP = 400 * 1024 * 1024  # a validate of 2,000 copies of a combo needs about 150 MB; pairs of them took 810
HANG = 120  # seconds: a guard against a hang, not a timing assertion
LINEAR = 8.0  # the most that 4× the content may multiply the time by: linear work gives about 4, quadratic 16


def _repeat(kit: Path, file: str, first: str, after: str, n: int) -> Path:
    """The kit with the block of `file` that starts at `first` (up to `after`) written n times in its place."""
    path = kit / file
    text = path.read_text(encoding="utf-8")
    start = text.index(first)
    end = text.index(after, start + 1)
    path.write_text(text[:start] + text[start:end] * n + text[end:], encoding="utf-8")
    return path


def _lines(path: Path, marker: str) -> list[int]:
    """The 1-based lines of `path` on which `marker` stands."""
    return [i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if marker in line]


def _cpu(work: Callable[[], object]) -> float:
    """The least CPU time `work` takes in two runs (CPU time: another process on the machine does not count)."""
    best = float("inf")
    for _ in range(2):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def _grows_linearly(work: Callable[[int], object], n: int) -> None:
    small, large = _cpu(lambda: work(n)), _cpu(lambda: work(4 * n))
    assert large < LINEAR * max(small, 0.02), f"n={n}: {small:.3f} s, 4n={4 * n}: {large:.3f} s"


def _capped(*args: str | Path) -> subprocess.CompletedProcess:
    return run_capped(*args, memory=MEMORY_CAP, timeout=HANG)


# ---------------------------------------------------------------- 1. one combo 2,000 times: memory


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS caps the address space on Linux")
def test_a_combo_given_2000_times_is_one_finding_of_each_kind_in_bounded_memory(tmp_path):
    kit = make_bad_kit(tmp_path, [])
    combos = _repeat(kit, "combos.yaml", "  - id: steam-explosion", "  - id: firestorm", 2000)
    result = _capped("validate", kit, "--no-layout")
    assert result.returncode == 1, result.stderr[-2000:]
    assert "Traceback" not in result.stderr and "MemoryError" not in result.stderr
    found = parse_findings(result.stderr)
    codes = sorted(f.code for f in found)
    assert codes == ["ES008", "ES011", "PK304", "PK313", "PK313"], codes  # 2,000 copies, not 2 million pairs
    ids = _lines(combos, "id: steam-explosion")
    (dup,) = [f for f in found if f.code == "PK304"]
    assert dup.file == combos.resolve() and dup.line == ids[1]  # at the first repeat, naming the first
    assert "used 2,000 times" in dup.text and f"first at combos.yaml:{ids[0]}:" in dup.text and "1,993 more" in dup.text
    (pair,) = [f for f in found if f.code == "ES008"]
    assert pair.line == _lines(combos, "elements: [fire, water]")[1] and "2,000 attack combos" in pair.text


# ---------------------------------------------------------------- 2. one event 2,000 times: time


def test_an_event_given_4n_times_costs_about_4_times_n(tmp_path):
    from pnpkit.validator.kit import load_kit

    loaded = {}
    for n in (300, 1200):
        kit = make_bad_kit(tmp_path, [], name=f"events-{n}")
        events = _repeat(kit, "events.yaml", "  - id: volcano", "  - id: fog", n)
        loaded[n] = load_kit(kit)
        (dup,) = [f for f in loaded[n].report.sorted() if f.code == "PK304"]
        assert dup.location.line == _lines(events, "id: volcano")[1] and f"used {n:,} times" in dup.message
        (pieces,) = [f for f in loaded[n].report.sorted() if f.code == "PK343"]
        assert f"up to {n} '火山噴火'" in pieces.message  # the copies are still counted, every one
    # what the rules leave on the table, with the copies of each event: the count that ran over every event for each
    _grows_linearly(lambda n: loaded[n].kit.table_states(), 300)


def test_the_copies_of_every_event_are_counted_in_one_pass(tmp_path, monkeypatch):
    """Each event deck is read once for all events, not once per event (n² designs for n events)."""
    from pnpkit.validator.games import element_shift
    from pnpkit.validator.kit import load_kit

    kit = make_bad_kit(tmp_path, [])
    _repeat(kit, "events.yaml", "  - id: volcano", "  - id: fog", 300)
    designs = 0
    real = element_shift.deck_designs

    def counted(deck, items, *args, **kwargs):
        nonlocal designs
        made = real(deck, items, *args, **kwargs)
        designs += len(made)
        return made

    monkeypatch.setattr(element_shift, "deck_designs", counted)
    load_kit(kit)
    assert designs <= 2 * 306, designs  # the event deck's 306 cards, once (300 × 306 before)


# ---------------------------------------------------------------- 3. 1,000 errata: a duplicate id, and the rule columns


def test_errata_with_one_id_1000_times_are_one_error(tmp_path):
    kit = make_bad_kit(tmp_path, [], kit="wizards-element-collection")
    errata = _repeat(kit, "errata.yaml", "  - id: heart-water", "  - id: ice-dark", 1000)
    result = cli("validate", kit, "--no-layout")
    assert result.returncode == 1, result.stdout + result.stderr
    found = [f for f in parse_findings(result.stderr) if f.code == "PK304"]
    ids = _lines(errata, "id: heart-water")
    assert [(f.file, f.line) for f in found] == [(errata.resolve(), ids[1])], result.stderr[-3000:]
    assert "used 1,000 times in errata" in found[0].text and f"first at errata.yaml:{ids[0]}:" in found[0].text


def test_any_list_of_things_with_ids_is_checked(tmp_path):
    """Ids no rule model compares itself (here the readings of an erratum) are unique all the same."""
    kit = make_bad_kit(
        tmp_path,
        [
            (
                "errata.yaml",
                "  - id: heart-water\n",
                "  - id: heart-water\n    readings:\n"
                + ("      - {id: twin, default: a, choices: [" + _AB + "]}\n") * 2,
            )
        ],
        kit="wizards-element-collection",
    )
    result = cli("validate", kit, "--no-layout")
    found = [f for f in parse_findings(result.stderr) if f.code == "PK304"]
    lines = _lines(kit / "errata.yaml", "{id: twin")
    assert [f.line for f in found] == [lines[1]], result.stderr
    assert "'twin' is used twice in errata[0].readings" in found[0].text


_AB = "{id: a, name: {ja: あ, en: A}}, {id: b, name: {ja: い, en: B}}"


def _blocks(n: int, seed: int) -> list:
    """A summary's blocks as the rule layout makes them: headings that keep with what follows, paragraphs and
    table rows of any height (zero included), continued headings and repeated table headers."""
    from pnpkit.generator.layouts.rules import Block

    rng = random.Random(seed)
    blocks: list[Block] = []
    heading = None
    for _ in range(n):
        if rng.random() < 0.15:
            heading = Block((), 8.0, "rule-heading", keep_with_next=True, space_before=2.0)
            blocks.append(heading)
            continue
        continued = Block((), 8.0, "rule-heading", keep_with_next=True, space_before=2.0) if heading else None
        header = Block((), rng.choice([3.0, 5.5]), "rule-table-header", keep_with_next=True)
        height = rng.choice([0.0, 0.1, 1.0, 3.3, 8.0, 0.30000000000000004, rng.uniform(0, 40), rng.uniform(0, 300)])
        blocks.append(
            Block(
                (),
                height,
                "rule-text",
                keep_with_next=rng.random() < 0.2,
                space_before=rng.choice([0.0, 0.0, 0.1, 2.0]),
                continued=continued,
                header=header if rng.random() < 0.2 else None,
            )
        )
    return blocks


def _summing_every_column(blocks: list, room: float) -> list[list[tuple[int, int]]]:
    """Pages of two balanced columns as the layout set them when it summed every candidate column: the answer the
    running sums must give, block for block."""
    from pnpkit.generator.layouts.rules import column_height, column_of

    def fill(start: int) -> int:
        breaks = [e for e in range(start + 1, len(blocks) + 1) if e == len(blocks) or not blocks[e - 1].keep_with_next]
        for ends in (breaks, list(range(start + 1, len(blocks) + 1))):
            fitting = [e for e in ends if column_height(column_of(blocks, start, e)) <= room + 1e-6]
            if fitting:
                return fitting[-1]
        return start + 1

    def balance(start: int, end: int) -> list[tuple[int, int]]:
        def cost(cut: int) -> tuple[bool, bool, float, float]:
            left = column_height(column_of(blocks, start, cut))
            right = column_height(column_of(blocks, cut, end)) if cut < end else 0.0
            kept = cut < end and blocks[cut - 1].keep_with_next
            return max(left, right) > room + 1e-6, kept, round(max(left, right), 6), right

        cut = min(range(start + 1, end + 1), key=cost)
        return [(start, cut), (cut, end)] if cut < end else [(start, end)]

    pages, start = [], 0
    while start < len(blocks):
        end = fill(start)
        if end < len(blocks):
            end = fill(end)
        pages.append(balance(start, end))
        start = end
    return pages


@pytest.mark.parametrize("room", [8.0, 20.0, 100.0, 259.0])
def test_the_rule_columns_are_the_ones_summing_every_column_gives(room):
    from pnpkit.generator.layouts.rules import balance, paginate

    for seed in range(150):
        blocks = _blocks(random.Random(seed).randint(1, 50), seed)
        assert paginate(blocks, room) == _summing_every_column(blocks, room), seed
        assert balance(blocks, 0, len(blocks), float("inf")) == _summing_every_column(blocks, float("inf"))[0], seed


def test_the_rule_columns_of_4n_blocks_cost_about_4_times_n():
    from pnpkit.generator.layouts.rules import balance, paginate

    blocks = {n: _blocks(n, 7) for n in (2000, 8000)}
    _grows_linearly(lambda n: paginate(blocks[n], 259.0), 2000)
    _grows_linearly(lambda n: balance(blocks[n], 0, n, float("inf")), 2000)  # a one-page summary's two columns


# ---------------------------------------------------------------- 4. an include listed 5,000 times


def test_an_include_listed_5000_times_is_read_once_and_reported_once(tmp_path, monkeypatch):
    from pnpkit.validator import kit as kit_module

    kit = make_bad_kit(tmp_path, [])
    kit_yaml = _repeat(kit, "kit.yaml", "  - model.yaml\n", "  - board.yaml", 5000)
    reads: list[str] = []
    real = kit_module.load_file

    def counted(path, *args, **kwargs):
        reads.append(Path(path).name)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(kit_module, "load_file", counted)
    loaded = kit_module.load_kit(kit)
    assert reads.count("model.yaml") == 1
    found = loaded.report.sorted()
    entries = _lines(kit_yaml, "- model.yaml")
    assert [(f.code, f.location.line) for f in found] == [("PK112", entries[1])], [f.text() for f in found]
    assert "'model.yaml' is included 5,000 times" in found[0].message
    assert f"first at kit.yaml:{entries[0]}:" in found[0].message


def test_an_include_listed_again_is_an_error_pointing_at_the_first(tmp_path):
    kit = make_bad_kit(tmp_path, [("kit.yaml", "  - errata.yaml\n", "  - errata.yaml\n  - ./combos.yaml\n")])
    result = cli("validate", kit, "--no-layout")
    assert result.returncode == 1
    found = parse_findings(result.stderr)
    assert [(f.code, f.line) for f in found] == [("PK112", _lines(kit / "kit.yaml", "./combos.yaml")[0])]
    assert f"'./combos.yaml' is included twice (first at kit.yaml:{_lines(kit / 'kit.yaml', '- combos.yaml')[0]}:" in (
        found[0].text
    )


def test_kit_yaml_in_its_own_include_list_is_an_error_at_that_entry(tmp_path):
    kit = make_bad_kit(tmp_path, [("kit.yaml", "  - errata.yaml\n", "  - errata.yaml\n  - kit.yaml\n")])
    result = cli("validate", kit, "--no-layout")
    found = parse_findings(result.stderr)
    assert [(f.code, f.line) for f in found] == [("PK112", _lines(kit / "kit.yaml", "- kit.yaml")[0])], result.stderr
    assert "PK110" not in result.stderr  # not one clash per field, each pointing at its own line


# ---------------------------------------------------------------- the same pattern elsewhere


def test_recipes_given_3000_times_are_one_error():
    from pnpkit.validator.checks import CheckContext, check_recipes
    from pnpkit.validator.repeats import PLACES_NAMED
    from pnpkit.validator.source import Source

    ctx = CheckContext(Source(), ("ja", "en"))
    pair = frozenset({"sun", "moon"})
    recipes = [(("r", i), pair, "combo", f"eclipse-{i}") for i in range(3000)]
    recipes += [(("r", 3000 + i), pair, f"bid-{i}", f"dusk-{i}") for i in range(3)]
    check_recipes(ctx, recipes)
    same = [f for f in ctx.findings if f.code == "PK317"]
    assert [f.path for f in same] == ["r[1]"] and "3,000 recipes" in same[0].message
    shared = [f for f in ctx.findings if f.code == "PK318"]
    assert len(shared) <= 3 * PLACES_NAMED  # each other category's first recipe, against a few: not 9,000 pairs


def test_an_order_listing_one_entry_5000_times_is_a_few_findings():
    from pnpkit.validator.checks import CheckContext, check_permutation
    from pnpkit.validator.repeats import PLACES_NAMED
    from pnpkit.validator.source import Source

    ctx = CheckContext(Source(), ("ja", "en"))
    check_permutation(ctx, ("order",), ["a"] * 5000 + ["x"] * 5000, "abc", "the order")
    messages = [f.message for f in ctx.findings]
    assert len(messages) == PLACES_NAMED + 2, messages
    assert "the order lists 'a' 5,000 times" in messages and "the order leaves out b, c" in messages
    assert "the order lists 'x' (5,000 times), which is not one of a, b, c" in messages


def test_crossing_links_are_one_finding_per_link():
    from pnpkit.validator.checks import CheckContext
    from pnpkit.validator.components.graphmap import GraphMap, MapNode, check_graph
    from pnpkit.validator.games import GAMES
    from pnpkit.validator.games.shogi_tcg import MAP_CODES
    from pnpkit.validator.source import Source

    assert GAMES["shogi-tcg"]  # registers the game's codes

    n = 120  # chords of a circle through its centre: every one crosses every other
    nodes = [MapNode(id=f"n{k}", x=math.cos(k * math.pi / n), y=math.sin(k * math.pi / n)) for k in range(2 * n)]
    links = [[f"n{k}", f"n{k + n}"] for k in range(n)] + [[f"n{k}", f"n{k + 1}"] for k in range(2 * n - 1)]
    ctx = CheckContext(Source(), ("en",))
    check_graph(ctx, GraphMap(nodes=nodes, links=links), ("map",), MAP_CODES)
    crossings = [f for f in ctx.findings if f.code == MAP_CODES.crossing]
    assert len(crossings) == n - 1  # not n(n-1)/2 = 7,140
    assert any(re.search(r"crosses link n0–n120 on the map and 118 more before it", f.message) for f in crossings)


def test_regions_on_one_box_are_one_finding_each():
    from pnpkit.validator.checks import CheckContext
    from pnpkit.validator.components.template_checks import check_templates
    from pnpkit.validator.components.templates import TemplateSet
    from pnpkit.validator.games import GAMES
    from pnpkit.validator.games.generic import TEMPLATE_CODES
    from pnpkit.validator.source import Source

    assert GAMES["generic"]  # registers the game's codes

    regions = [{"name": f"r{k}", "kind": "text", "box": ["3mm", "3mm", "20mm", "8mm"]} for k in range(400)]
    tset = TemplateSet.model_validate({"templates": [{"id": "crowded", "regions": regions}]})
    ctx = CheckContext(Source(), ("en",))
    check_templates(ctx, tset, TEMPLATE_CODES)
    overlaps = [f for f in ctx.findings if "overlaps" in f.message]
    assert len(overlaps) == 399  # not 79,800
    assert "region 'r399' overlaps 'r0', 'r1', 'r2', 'r3', 'r4' and more" in overlaps[-1].message


def test_a_text_is_searched_for_the_names_it_holds(tmp_path, monkeypatch):
    """Element Shift checks the number after each combo's name in every text: n texts against 2n names are n
    passes over the texts, not 2n² searches (and dictionaries of 2n names built n times)."""
    from pnpkit.validator.games import element_shift
    from pnpkit.validator.kit import load_kit

    kit = make_bad_kit(tmp_path, [])
    combos = kit / "combos.yaml"
    text = combos.read_text(encoding="utf-8")
    start, end = text.index("  - id: steam-explosion"), text.index("  - id: firestorm")
    block = text[start:end]
    copies = [
        block.replace("id: steam-explosion", f"id: steam-{k}")
        .replace("蒸気爆発", f"蒸気爆発{k}号")
        .replace("Steam Explosion", f"Steam Explosion {k}")
        .replace("[fire, water]", "[fire, wind]" if k % 2 else "[water, earth]")
        for k in range(600)
    ]
    combos.write_text(text[:start] + "".join(copies) + text[end:], encoding="utf-8")
    handed = 0
    real = element_shift.check_text_numbers

    def counted(ctx, path, value, expected, what, names=None, changes=None):
        nonlocal handed
        handed += len(names or {})
        return real(ctx, path, value, expected, what, names, changes)

    monkeypatch.setattr(element_shift, "check_text_numbers", counted)
    loaded = load_kit(kit)
    assert {f.code for f in loaded.report.errors} == {"ES008", "ES011"}
    assert handed < 100, handed  # only the names a text holds (600 texts × 1,200 names before)


def test_the_name_index_finds_what_searching_for_each_name_finds():
    import unicodedata

    from pnpkit.validator.text_numbers import NameIndex

    rng = random.Random(5)
    letters = "abアカ力蒸気ｶ"
    for _ in range(2000):
        names = ["".join(rng.choice(letters) for _ in range(rng.randint(0, 4))) for _ in range(rng.randint(0, 8))]
        text = "".join(rng.choice(letters) for _ in range(rng.randint(0, 24)))
        normal = unicodedata.normalize("NFKC", text)
        assert NameIndex(names).within(text) == [n for n in dict.fromkeys(names) if n and n in normal]
