"""The golden bad kits: each is content/element-shift with ONE deliberate defect.

The kits live in tests/fixtures/bad/<name>/, each with an EXPECTED file holding
the finding it must produce (`file:line:col: error CODE`). They are committed
copies, so a change to content/ does not silently change what they test.
After changing a case here (or to pick up new content), regenerate them with

    python tests/bad_cases.py
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CONTENT = REPO / "content" / "element-shift"
BAD = REPO / "tests" / "fixtures" / "bad"


@dataclass(frozen=True)
class Case:
    name: str
    file: str  # the kit file that holds the defect
    old: str  # text of the good kit (must occur exactly once in `file`)
    new: str  # the defect that replaces it (never empty, so the defect can be undone by replacing it back)
    code: str  # the finding code the defect must produce
    marker: str  # a text on the line the finding must point at (unique in `file`)
    col_at: str | None = None  # a text on that line whose first character is the column; None: column not checked
    message: str = ""  # must appear in the finding's message
    hint: str = ""  # must appear in the finding's hint
    also: tuple[str, ...] = ()  # other error codes the same defect may legitimately cause
    other_lines: tuple[str, ...] = ()  # markers of other acceptable lines (for findings about a whole block)


CASES: list[Case] = [
    Case(
        "syntax-error",
        "combos.yaml",
        "    kind: attack\n    name: {ja: ファイアストーム",
        "    kind: attack: now\n    name: {ja: ファイアストーム",
        "PK101",
        marker="kind: attack: now",
        col_at=": now",
        message="YAML syntax error",
    ),
    Case(
        "duplicate-key",
        "model.yaml",
        "  max_cycles: 20\n",
        "  max_cycles: 20\n  draws_per_turn: 3\n",
        "PK102",
        marker="draws_per_turn: 3",
        col_at="draws_per_turn",
        message="first defined at line 3",
    ),
    Case(
        "unknown-field",
        "decks.yaml",
        "  - id: shift-events\n    name:",
        "  - id: shift-events\n    nmae:",
        "PK201",
        marker="nmae:",
        col_at="nmae",
        message="'nmae'",
        hint="did you mean 'name'",
        also=("PK202",),  # the deck now lacks its `name`
    ),
    Case(
        "wrong-type",
        "model.yaml",
        "cards_per_element: 10",
        "cards_per_element: ten",
        "PK203",
        marker="cards_per_element: ten",
        col_at="ten",
        message="'ten'",
    ),
    Case(
        "dangling-element",
        "combos.yaml",
        "elements: [fire, wind]",
        "elements: [fire, lava]",
        "ES001",
        marker="elements: [fire, lava]",
        col_at="lava",
        message="'lava'",
        hint="earth, fire, water, wind",
    ),
    Case(
        "card-count",
        "decks.yaml",
        "{ref: water, count: 10}",
        "{ref: water, count: 9}",
        "ES003",
        marker="{ref: water, count: 9}",
        col_at="9}",
        message="9 water cards",
    ),
    Case(
        "board-cells",
        "board.yaml",
        '"N W X A F"',
        '"N W X A W"',  # one fire cell becomes water: 7 fire, 9 water
        "ES004",
        marker="hex_size:",  # the board mapping: a count is about the whole board, not one row
        message="7 fire cells",
        other_lines=("board:", "rows:"),
    ),
    Case(
        "missing-field",
        "model.yaml",
        '{id: earth, name: {ja: 土, en: Earth}, colour: "#a0692e", icon: mountain}',
        "{id: earth, name: {ja: 土, en: Earth}, icon: mountain}",
        "PK202",
        marker="{id: earth, name: {ja: 土, en: Earth}, icon: mountain}",
        col_at="{id: earth",
        message="'colour'",
    ),
    Case(
        "missing-translation",
        "events.yaml",
        "        ja: 盤面の任意の領地{cells}マスを入れ替える（トークンごと交換する）。\n"
        "        en: Swap any {cells} claimed territories on the board, tokens and all.\n",
        "        ja: 盤面の任意の領地{cells}マスを入れ替える（トークンごと交換する）。\n",
        "PK301",
        marker="ja: 盤面の任意の領地",  # the `text:` mapping that lacks its `en:`
        col_at="ja:",
        message="'en'",
    ),
]


@dataclass(frozen=True)
class Defect:
    file: str
    old: str
    new: str
    code: str
    marker: str


# One kit with problems in four files: one run must report all of them, sorted.
MULTI: list[Defect] = [
    Defect("combos.yaml", "elements: [earth, wind]", "elements: [earth, magma]", "ES001", "elements: [earth, magma]"),
    Defect("decks.yaml", "{ref: wind, count: 10}", "{ref: wind, count: 11}", "ES003", "{ref: wind, count: 11}"),
    Defect(
        "events.yaml",
        "        ja: 全員の手札を集めてシャッフルし、各プレイヤーに{cards}枚ずつ配り直す。\n"
        "        en: Gather every hand, shuffle, and deal {cards} cards to each player.\n",
        "        ja: 全員の手札を集めてシャッフルし、各プレイヤーに{cards}枚ずつ配り直す。\n",
        "PK301",
        "ja: 全員の手札を集めて",
    ),
    Defect(
        "rules.yaml",
        "en: Draw {draws_per_turn} element cards.",
        "en: Draw {draws_per_turns} element cards.",
        "PK302",
        "en: Draw {draws_per_turns} element cards.",
    ),
    Defect("combos.yaml", "elements: [wind, water]", "elements: [wind, steam]", "ES001", "elements: [wind, steam]"),
]


def apply_edit(text: str, old: str, new: str, where: str = "") -> str:
    count = text.count(old)
    if count != 1:
        raise ValueError(f"{where}: expected exactly one {old!r}, found {count}")
    return text.replace(old, new)


def line_of(path: Path, marker: str) -> int:
    """1-based number of the one line of `path` that contains `marker`."""
    lines = [n for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1) if marker in line]
    if len(lines) != 1:
        raise ValueError(f"{path}: marker {marker!r} is on lines {lines}, expected exactly one")
    return lines[0]


def col_of(path: Path, line: int, text: str) -> int:
    row = path.read_text(encoding="utf-8").split("\n")[line - 1]
    index = row.find(text)
    if index < 0:
        raise ValueError(f"{path}:{line}: {text!r} not on this line")
    return index + 1


def expected_location(case: Case, kit: Path) -> tuple[int, int | None]:
    path = kit / case.file
    line = line_of(path, case.marker)
    return line, (col_of(path, line, case.col_at) if case.col_at else None)


def write_kit(target: Path, edits: list[tuple[str, str, str]]) -> None:
    """A copy of every YAML file of content/element-shift with the edits applied."""
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for source in sorted(CONTENT.glob("*.yaml")):
        shutil.copyfile(source, target / source.name)
    for file, old, new in edits:
        path = target / file
        path.write_text(
            apply_edit(path.read_text(encoding="utf-8"), old, new, f"{target.name}/{file}"), encoding="utf-8"
        )


def regenerate() -> None:
    for case in CASES:
        kit = BAD / case.name
        write_kit(kit, [(case.file, case.old, case.new)])
        line, col = expected_location(case, kit)
        where = f"{case.file}:{line}:{col}" if col else f"{case.file}:{line}"
        (kit / "EXPECTED").write_text(f"{where}: error {case.code}\n", encoding="utf-8")
    kit = BAD / "multi"
    write_kit(kit, [(d.file, d.old, d.new) for d in MULTI])
    lines = sorted((d.file, line_of(kit / d.file, d.marker), d.code) for d in MULTI)
    (kit / "EXPECTED").write_text("".join(f"{f}:{n}: error {c}\n" for f, n, c in lines), encoding="utf-8")


if __name__ == "__main__":
    regenerate()
    print(f"wrote {len(CASES) + 1} kits under {BAD.relative_to(REPO)}")
