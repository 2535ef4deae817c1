"""Every size the content sets is bounded, and checked before the work: just under a bound the kit validates,
just over it the finding names the limit at the line. Each hostile case runs in a fresh interpreter capped at
500 MB of address space, so a regression fails with MemoryError instead of swapping the machine."""

from __future__ import annotations

import struct
import subprocess
import zlib
from functools import cache
from pathlib import Path

import pytest
from conftest import GENERIC, REPO, cli, line_of, make_bad_kit, parse_findings, run_capped

KITS_DIR = REPO / "content"

MEMORY_CAP = 500 * 1024 * 1024
HANG = 60  # seconds: only a guard against a hang, not a timing assertion
MOONLIT = "moonlit-tricks"


def capped(*args: str | Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    """`pnpkit ARGS` in a fresh interpreter under the memory cap."""
    return run_capped(*args, memory=MEMORY_CAP, timeout=HANG, stdin=stdin)


def expect(kit: Path, code: str, file: str, line: int, *command: str) -> str:
    """The capped command (validate by default) exits 1 with `code` at `file`:`line`, one line, no traceback."""
    result = capped(
        *(command or ("validate",)), kit, *(("-o", kit.parent / "out") if command[:1] == ("build",) else ())
    )
    output = result.stdout + result.stderr
    assert result.returncode == 1, output[-3000:]
    assert "Traceback" not in output and "Warning" not in output, output[-3000:]
    found = [f for f in parse_findings(output) if f.code == code]
    assert found, output[-3000:]
    assert found[0].file.name == file and found[0].line == line, found[0].text
    return found[0].text


def clean_of(kit: Path, code: str) -> None:
    """Just under the bound: the capped validate does not raise `code` (other findings are not this test's)."""
    result = capped("validate", kit)
    output = result.stdout + result.stderr
    assert "Traceback" not in output, output[-3000:]
    assert code not in output, output[-3000:]


def _moonlit(tmp_path: Path, edits: list[tuple[str, str, str]], name: str = "kit") -> Path:
    return make_bad_kit(tmp_path, edits, name=name, kit=MOONLIT)


def _card_count(count: str) -> list[tuple[str, str, str]]:
    return [("decks.yaml", "      - id: sun-1\n", f"      - id: sun-1\n        count: {count}\n")]


# ---------------------------------------------------------------- numbers


@pytest.mark.parametrize(
    "value, code",
    [("10000000", "PK203"), ("1" + "0" * 400, "PK360"), ("9" * 5000, "PK360"), ("9" * 15, "PK203")],
    ids=["ten-million", "10**400", "5000-digits", "15-digits"],
)
def test_a_count_past_its_bound(tmp_path, value, code):
    kit = _moonlit(tmp_path, _card_count(value))
    text = expect(kit, code, "decks.yaml", line_of(kit / "decks.yaml", f"count: {value}"))
    assert ("1000" in text) if code == "PK203" else ("up to 15" in text)


def test_a_count_at_its_bound(tmp_path):
    clean_of(_moonlit(tmp_path, _card_count("1000")), "PK203")


def test_per_player_of_400_digits(tmp_path):
    kit = _moonlit(tmp_path, [("tokens.yaml", "per_player: 2", "per_player: 1" + "0" * 400)])
    expect(kit, "PK360", "tokens.yaml", line_of(kit / "tokens.yaml", "per_player"))


def test_a_parameter_of_5000_digits(tmp_path):
    kit = _moonlit(tmp_path, [("parameters.yaml", "hand_size: 4", "hand_size: " + "9" * 5000)])
    expect(kit, "PK360", "parameters.yaml", line_of(kit / "parameters.yaml", "hand_size"))


# ---------------------------------------------------------------- totals


COUNTED = ("sun-1", "sun-2", "sun-3", "moon-1", "moon-2", "moon-3", "star-1", "star-2", "star-3")
"""Moonlit Tricks' cards that print once (comet prints 3): the limits test gives them counts."""
COMET = "      - id: comet\n        count: 3\n"


def _sun_counts(total: int) -> list[tuple[str, str, str]]:
    """Counts so that the deck holds `total` cards, none over a count's own bound (1,000): the cards in COUNTED and
    the comet, and for what is left a second comet design."""
    from pnpkit.validator.kit import load_kit

    others = sum(copies for _path, copies in load_kit(GENERIC / MOONLIT).model.card_copies()) - len(COUNTED) - 3
    left = total - others
    counts = [max(0, min(1000, left - 1000 * k)) for k in range(len(COUNTED) + 2)]
    assert sum(counts) == left, "the deck cannot hold that many"
    *cards, comet, second = counts
    edits = [
        ("decks.yaml", f"      - id: {card}\n", f"      - id: {card}\n        count: {count}\n")
        for card, count in zip(COUNTED, cards)
    ]
    comets = f"      - id: comet\n        count: {comet}\n"
    if second:  # the same design again under another id: 1,000 more at most
        comets = (
            f"      - id: comet-2\n        count: {second}\n        fill: {{title: {{ja: 彗星, en: Comet}}, rank: 4, suit: comet}}\n"
            + comets
        )
    return [*edits, ("decks.yaml", COMET, comets)]


def test_cards_of_the_whole_kit(tmp_path):
    from pnpkit.validator.components.kit import MAX_CARDS

    clean_of(_moonlit(tmp_path, _sun_counts(MAX_CARDS), "under"), "PK362")
    kit = _moonlit(tmp_path, _sun_counts(MAX_CARDS + 1), "over")
    comet_count = line_of(kit / "decks.yaml", "      - id: comet\n") + 1
    text = expect(kit, "PK362", "decks.yaml", comet_count)  # the last card crosses it
    assert f"{MAX_CARDS + 1:,} cards" in text and f"at most {MAX_CARDS:,}" in text


def test_tokens_of_one_sheet(tmp_path):
    from pnpkit.validator.components.tokens import MAX_TOKENS

    per_player = (MAX_TOKENS - 1) // 3  # three player colours and one marker
    under = _moonlit(tmp_path, [("tokens.yaml", "per_player: 2", f"per_player: {per_player}")], "under")
    clean_of(under, "PK362")
    over = _moonlit(tmp_path, [("tokens.yaml", "per_player: 2", f"per_player: {per_player + 1}")], "over")
    where = line_of(over / "tokens.yaml", "name: {ja: トークン")  # the sheet's first field
    assert f"at most {MAX_TOKENS:,}" in expect(over, "PK362", "tokens.yaml", where)


def test_spaces_of_a_track(tmp_path):
    from pnpkit.validator.components.tokens import MAX_TRACK_SPACES

    clean_of(_moonlit(tmp_path, [("tokens.yaml", "last: 29", f"last: {MAX_TRACK_SPACES - 1}")], "under"), "PK362")
    over = _moonlit(tmp_path, [("tokens.yaml", "last: 29", f"last: {MAX_TRACK_SPACES}")], "over")
    expect(over, "PK362", "tokens.yaml", line_of(over / "tokens.yaml", "name: {ja: 得点トラック"))


def _board(tmp_path: Path, name: str, old: str, new: str) -> Path:
    return make_bad_kit(tmp_path, [("board.yaml", old, new)], name=name)


def test_hex_size_typo(tmp_path):
    kit = _board(tmp_path, "kit", "hex_size: auto", "hex_size: 4000mm")
    expect(kit, "PK203", "board.yaml", line_of(kit / "board.yaml", "hex_size"), "build")


def test_printed_size_of_a_board(tmp_path):
    from pnpkit.validator.components.hexboard import MAX_BOARD_MM
    from pnpkit.validator.kit import load_kit

    board = load_kit(REPO / "content" / "element-shift").model.board
    height = board.printed_size(1.0)[1]  # the taller side: this board is taller than wide
    under = int(MAX_BOARD_MM / height)
    clean_of(_board(tmp_path, "under", "hex_size: auto", f"hex_size: {under}mm"), "PK362")
    over = _board(tmp_path, "over", "hex_size: auto", f"hex_size: {under + 1}mm")
    text = expect(over, "PK362", "board.yaml", line_of(over / "board.yaml", "hex_size"), "build")
    assert f"{MAX_BOARD_MM:,.0f} mm" in text


def _hex_rows(cells: int) -> str:
    """Board rows of alternating parity holding `cells` cells: 'f f f …' rows of 41 and 40."""
    rows, left, width = [], cells, 41
    while left > 0:
        take = min(width, left)
        rows.append("    - " + " ".join(["f"] * take))
        left -= take
        width = 40 if width == 41 else 41
    return "\n".join(rows) + "\n"


def test_cells_of_a_board(tmp_path):
    from pnpkit.validator.components.hexboard import MAX_CELLS

    kit = make_bad_kit(tmp_path, [], name="over")
    text = (kit / "board.yaml").read_text(encoding="utf-8")
    start = text.index("  rows:\n") + len("  rows:\n")
    end = start
    lines = text[start:].split("\n")
    for line in lines:
        if not line.startswith("    - "):
            break
        end += len(line) + 1
    for name, cells in (("under", MAX_CELLS), ("over", MAX_CELLS + 1)):
        target = make_bad_kit(tmp_path, [], name=f"{name}-kit")
        (target / "board.yaml").write_text(text[:start] + _hex_rows(cells) + text[end:], encoding="utf-8")
        if name == "under":
            clean_of(target, "PK362")
        else:
            found = expect(target, "PK362", "board.yaml", line_of(target / "board.yaml", "hex_size"))
            assert f"{MAX_CELLS + 1:,} cells" in found


# ---------------------------------------------------------------- text and findings


def test_one_value_past_the_text_bound(tmp_path):
    from pnpkit.validator.source import Limits

    limit = Limits().max_text
    clean_of(
        _moonlit(tmp_path, [("kit.yaml", "author: pnpkit (sample design)", f"author: {'x' * limit}")], "u"), "PK361"
    )
    kit = _moonlit(tmp_path, [("kit.yaml", "author: pnpkit (sample design)", f"author: {'x' * (limit + 1)}")], "o")
    text = expect(kit, "PK361", "kit.yaml", line_of(kit / "kit.yaml", "author:"))
    assert f"{limit:,}" in text


def _junk_keys(kit: Path, count: int) -> None:
    with open(kit / "parameters.yaml", "a", encoding="utf-8") as out:
        out.writelines(f"junk_field_{i}: 1\n" for i in range(count))


@pytest.mark.slow
def test_200000_unknown_keys(tmp_path):
    """Past the values one file may hold: refused while counting, before the file is built in memory."""
    from pnpkit.validator.source import Limits, load_file

    kit = _moonlit(tmp_path, [])
    own, _ = load_file(kit / "parameters.yaml", "parameters.yaml")
    assert own is not None
    before = len(own.values) + len(own.keys)  # the file's own values and keys, each counted once
    lines = (kit / "parameters.yaml").read_text(encoding="utf-8").count("\n")
    _junk_keys(kit, 200_000)  # two values a line: a key and its value
    line = lines + (Limits().max_values + 1 - before + 1) // 2
    text = expect(kit, "PK103", "parameters.yaml", line, "build")
    assert f"more than {Limits().max_values:,} values" in text


@pytest.mark.parametrize("item", ["!!int 1", "*one"], ids=["tags", "aliases"])
def test_values_the_composer_does_not_count(tmp_path, item):
    """Tagged values and aliases are not counted while the file is composed (the composer asks for no
    resolution); such a file is counted from its events first, and still refused at the value past the bound."""
    from pnpkit.validator.source import Limits, load_file

    kit = _moonlit(tmp_path, [])
    path = kit / "parameters.yaml"
    own, _ = load_file(path, "parameters.yaml")
    assert own is not None
    before = len(own.values) + len(own.keys)
    lines = path.read_text(encoding="utf-8").count("\n")
    with open(path, "a", encoding="utf-8") as out:
        out.write("junk: &one 1\nmore:\n")  # four values: two keys, the anchored 1 and the list
        out.writelines(f"  - {item}\n" for _ in range(Limits().max_values))
    past = Limits().max_values + 1 - before - 4  # the list item that passes the bound
    text = expect(kit, "PK103", "parameters.yaml", lines + 2 + past)
    assert f"more than {Limits().max_values:,} values" in text


@pytest.mark.slow
def test_values_of_all_files_together(tmp_path):
    """Each file within its bound, the kit's files together past theirs."""
    from pnpkit.validator.source import Limits

    limits = Limits()
    files = limits.max_kit_values // limits.max_values + 1
    names = "".join(f"\n  - junk{i}.yaml" for i in range(files))
    kit = _moonlit(tmp_path, [("kit.yaml", "  - play.yaml", "  - play.yaml" + names)])
    for i in range(files):
        (kit / f"junk{i}.yaml").write_text(f"junk{i}: [" + "1," * (limits.max_values - 10) + "1]\n", encoding="utf-8")
    result = capped("validate", kit)
    found = [f for f in parse_findings(result.stdout + result.stderr) if f.code == "PK103"]
    assert result.returncode == 1 and found, (result.stdout + result.stderr)[-2000:]
    assert found[0].file.name == f"junk{files - 1}.yaml"


def test_20000_unknown_keys(tmp_path):
    """Within the bound on values, past the findings listed: a count of the rest, and "did you mean" only for a few."""
    from pnpkit.validator.schema_errors import MAX_LISTED

    kit = _moonlit(tmp_path, [])
    _junk_keys(kit, 20_000)
    result = capped("validate", kit)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    found = parse_findings(result.stdout + result.stderr)
    assert [f.code for f in found].count("PK201") == MAX_LISTED
    assert f"{20_000 - MAX_LISTED:,} more errors" in next(f.text for f in found if f.code == "PK363")


# ---------------------------------------------------------------- files


def test_nul_byte_in_a_yaml_file(tmp_path):
    kit = _moonlit(tmp_path, [])
    path = kit / "parameters.yaml"
    path.write_bytes(path.read_bytes().replace(b"rounds: 3", b"rounds: 3\x00"))
    result = capped("validate", kit)
    lines = [line for line in (result.stdout + result.stderr).splitlines() if "PK101" in line]
    assert result.returncode == 1 and len(lines) == 1, result.stdout + result.stderr
    finding = parse_findings(lines[0])[0]
    assert (finding.line, finding.col) == (line_of(path, "rounds: 3"), len("  rounds: 3") + 1)


def test_nul_in_an_include_name(tmp_path):
    kit = _moonlit(tmp_path, [("kit.yaml", "  - play.yaml", '  - play.yaml\n  - "pl\\0ay.yaml"')])
    expect(kit, "PK203", "kit.yaml", line_of(kit / "kit.yaml", "pl\\0ay"))


def test_kit_yaml_linked_from_outside(tmp_path):
    kit = _moonlit(tmp_path, [])
    (kit / "kit.yaml").rename(tmp_path / "elsewhere.yaml")
    (kit / "kit.yaml").symlink_to(tmp_path / "elsewhere.yaml")
    result = capped("build", kit, "-o", tmp_path / "out")
    assert result.returncode == 1, result.stderr
    assert result.stderr.splitlines()[0].startswith(f"{kit / 'kit.yaml'}:1:1: error PK108 ")
    assert not (tmp_path / "out").exists()


def _deny(monkeypatch, method: str, match) -> None:
    """Path.`method` raises EACCES for paths `match` accepts: what a kit at mode 000 gives a user who is not root."""
    original = getattr(Path, method)

    def denied(self, *args, **kwargs):
        if match(self):
            raise PermissionError(13, "Permission denied", str(self))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Path, method, denied)


def test_kit_directory_that_cannot_be_read(tmp_path, monkeypatch):
    kit = _moonlit(tmp_path, [])
    _deny(monkeypatch, "stat", lambda path: path.parent == kit)
    result = cli("validate", kit)
    assert result.returncode == 1, result.stderr
    assert "PK107" in result.stdout + result.stderr and "Permission denied" in result.stdout + result.stderr


def test_score_with_unreadable_hands(tmp_path, monkeypatch):
    hands = tmp_path / "hands.yaml"
    hands.write_text("alice: []\n", encoding="utf-8")
    _deny(monkeypatch, "read_bytes", lambda path: path.name == "hands.yaml")
    result = cli("score", REPO / "content" / "wizards-element-collection", hands)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [f"{hands}:1:1: cannot read the file: Permission denied"]


def test_score_with_numbers_python_cannot_hold(tmp_path):
    hands = tmp_path / "hands.yaml"
    hands.write_text("alice: {fire: " + "9" * 5000 + "}\n", encoding="utf-8")
    result = capped("score", REPO / "content" / "wizards-element-collection", hands)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr.startswith(f"{hands}:1:"), result.stderr
    typed = capped("score", REPO / "content" / "wizards-element-collection", stdin="alice: fire×" + "9" * 5000 + "\n")
    assert typed.returncode == 1 and "Traceback" not in typed.stderr, typed.stderr
    assert typed.stderr.startswith("<stdin>:1:"), typed.stderr


# ---------------------------------------------------------------- images


@cache
def _grey_png(width: int, height: int) -> bytes:
    """A black greyscale PNG, compressed as far as zlib goes: a few hundred KB for hundreds of megapixels."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    packer = zlib.compressobj(9)
    row = b"\x00" * (width + 1)
    body = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b"")


@pytest.mark.slow
@pytest.mark.parametrize("side", [30000, 12000])
def test_cover_with_too_many_pixels(tmp_path, side):
    kit = _moonlit(tmp_path, [])
    (kit / "cover.png").write_bytes(_grey_png(side, side))
    with open(kit / "kit.yaml", "a", encoding="utf-8") as out:
        out.write("cover_image: cover.png\n")
    text = expect(kit, "PK503", "kit.yaml", line_of(kit / "kit.yaml", "cover_image"), "build")
    assert f"{side} × {side} px" in text


def test_cover_just_under_the_pixel_bound(tmp_path):
    from pnpkit.validator.images import MAX_PIXELS

    kit = _moonlit(tmp_path, [])
    (kit / "cover.png").write_bytes(_grey_png(10_000, MAX_PIXELS // 10_000))
    with open(kit / "kit.yaml", "a", encoding="utf-8") as out:
        out.write("cover_image: cover.png\n")
    clean_of(kit, "PK503")


def test_card_art_with_too_many_pixels(tmp_path):
    kit = _moonlit(tmp_path, [("decks.yaml", "      - id: sun-1\n", "      - id: sun-1\n        back: art.png\n")])
    (kit / "art.png").write_bytes(_grey_png(30000, 30000))
    expect(kit, "PK503", "decks.yaml", line_of(kit / "decks.yaml", "back: art.png"))


def test_decoding_in_the_generator_is_bounded(tmp_path):
    from pnpkit.generator.images import decode_problem

    path = tmp_path / "bomb.png"
    path.write_bytes(_grey_png(30000, 30000))
    assert "megapixels" in (decode_problem(path) or "")


def test_cells_of_a_sheet_grid(tmp_path):
    from pnpkit.validator.components.sheets import MAX_GRID_CELLS

    grid = "{kind: grid, size: 1, rows: 8, cols: 30,"
    under = _moonlit(
        tmp_path, [("sheets.yaml", grid, f"{{kind: grid, size: 1, rows: 50, cols: {MAX_GRID_CELLS // 50},")], "u"
    )
    clean_of(under, "PK362")
    over = _moonlit(
        tmp_path, [("sheets.yaml", grid, f"{{kind: grid, size: 1, rows: 50, cols: {MAX_GRID_CELLS // 50 + 1},")], "o"
    )
    expect(over, "PK362", "sheets.yaml", line_of(over / "sheets.yaml", "kind: grid"))


def test_detail_of_island_art(tmp_path):
    edit = ("map.yaml", "{style: islands, seed: 20161224}", "{style: islands, seed: 20161224, detail: 0.01mm}")
    kit = make_bad_kit(tmp_path, [edit], kit="shogi-tcg")
    expect(kit, "PK203", "map.yaml", line_of(kit / "map.yaml", "detail: 0.01mm"))


def test_a_table_cell_of_5000_digits(tmp_path):
    """A card table's count of 5,000 digits stays text (Python could not make it a number): a finding that quotes
    the start of it, not the whole."""
    kit = make_bad_kit(tmp_path, [], kit="starlit-bazaar")
    table = kit / "goods.csv"
    table.write_text(
        table.read_text(encoding="utf-8").replace("saffron,3,", f"saffron,{'9' * 5000},"), encoding="utf-8"
    )
    result = capped("validate", kit)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    line = next(line for line in (result.stdout + result.stderr).splitlines() if "PK203" in line)
    assert "goods.csv:2:count" in line and "(5,002 characters)" in line and len(line) < 400


def test_printed_size_of_a_map(tmp_path):
    from pnpkit.validator.components.graphmap import MAX_MAP_MM
    from pnpkit.validator.kit import load_kit

    nodes = load_kit(KITS_DIR / "shogi-tcg").model.map.nodes
    spread = max(max(n.x for n in nodes) - min(n.x for n in nodes), max(n.y for n in nodes) - min(n.y for n in nodes))
    under = int(MAX_MAP_MM / spread)
    plain = ("map.yaml", "{style: islands, seed: 20161224}", "{style: plain, seed: 20161224}")  # no art: size alone
    clean_of(
        make_bad_kit(tmp_path, [plain, ("map.yaml", "  scale: auto\n", f"  scale: {under}mm\n")], "u", "shogi-tcg"),
        "PK362",
    )
    over = make_bad_kit(
        tmp_path, [plain, ("map.yaml", "  scale: auto\n", f"  scale: {under + 1}mm\n")], "o", "shogi-tcg"
    )
    text = expect(over, "PK362", "map.yaml", line_of(over / "map.yaml", "name: {ja: 群島"))
    assert f"{MAX_MAP_MM:,.0f} mm a side" in text


@pytest.mark.parametrize("detail, code", [("2.5mm", None), ("2.4mm", "PK362")])
def test_points_of_island_art(tmp_path, detail, code):
    """A one-sheet map at 2.5 mm detail scatters 9,676 points, at 2.4 mm 10,578: past MAX_ART_POINTS."""
    edit = ("map.yaml", "{style: islands, seed: 20161224}", f"{{style: islands, seed: 20161224, detail: {detail}}}")
    kit = make_bad_kit(tmp_path, [edit], kit="shogi-tcg")
    if code is None:
        clean_of(kit, "PK362")
    else:
        expect(kit, code, "map.yaml", line_of(kit / "map.yaml", "name: {ja: 群島"))
