"""Issue 15's controls: a finding silenced at one place with its reason (`ignore:`, validator/suppress.py),
`pnpkit codes CODE` (validator/explanations.py), numbers in rule text that are claims (PK346) and numbers
stated against a usual value and its change (PK323). Every kit here is a real one edited in tmp_path."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from bad_cases import CASES, ES, MT
from conftest import KITS, REPO, cli, line_of, make_bad_kit

from pnpkit.validator import codes, suppress
from pnpkit.validator.explanations import EXPLANATIONS, explain
from pnpkit.validator.findings import Location
from pnpkit.validator.games import GAMES
from pnpkit.validator.kit import load_kit

for _game in GAMES:
    GAMES[_game]  # importing a game registers its codes

CLAIM = (
    "rules.yaml",
    "en: The winner of a trick leads the next one.",
    "en: The winner of a trick leads the next one, in a game for 2-5 players.",
)
"""An edit that makes the prose contradict the model: 2–5 players in a kit for 2–3 (PK346, a warning)."""

# ---------------------------------------------------------------- PK346: a number in prose against the kit


def _findings(kit: Path, code: str) -> list:
    return [f for f in load_kit(kit).report.findings if f.code == code]


def test_pk346_names_both_places_when_prose_contradicts_the_model(tmp_path):
    kit = make_bad_kit(tmp_path, [CLAIM], "claim", MT)
    (found,) = _findings(kit, "PK346")
    assert (Path(found.location.file).name, found.location.line) == ("rules.yaml", line_of(kit / "rules.yaml", "2-5"))
    players = line_of(kit / "kit.yaml", "players:")
    assert found.message.startswith(
        f"the text says at most 5 players, but the model says at most 3 players at kit.yaml:{players}:"
    )
    assert found.severity.value == "warning"


@pytest.mark.parametrize(
    "words",
    [
        "The winner of a trick leads the next one, in a game for 2-3 players.",  # agrees with the model
        "The winner of a trick leads the next one (rules of 2024-11-05, v1.2).",  # dates and versions
        "The winner of a trick leads the next 2 tricks.",  # a number nothing else states
        "The winner of a trick leads the next one; the 2nd player deals.",
    ],
)
def test_numbers_that_agree_or_that_nothing_else_states_are_silent(tmp_path, words):
    kit = make_bad_kit(tmp_path, [("rules.yaml", CLAIM[1], f"en: {words}")], "silent", MT)
    loaded = load_kit(kit)
    assert loaded.ok and loaded.report.findings == [], [f.text() for f in loaded.report.findings]


def test_pk346_finds_two_prose_statements_that_disagree(tmp_path):
    """No model hand limit: the rules say 6 in one place and 5 in another."""
    kit = make_bad_kit(
        tmp_path,
        [
            ("rules.yaml", CLAIM[1], "en: The winner of a trick leads the next one. Your hand limit is 6."),
            ("rules.yaml", "en: Look at your hand", "en: Your hand limit is 5. Look at your hand"),
        ],
        "two",
        MT,
    )
    (found,) = _findings(kit, "PK346")
    assert found.location.line == line_of(kit / "rules.yaml", "limit is 6")
    assert f"a hand limit of 5 at rules.yaml:{line_of(kit / 'rules.yaml', 'limit is 5')}" in found.message


# ---------------------------------------------------------------- PK323: the usual number, its change, and the result

BLESSING_JA = "ja: 次のターン、全プレイヤーはエレメントカードを{cards}枚多く引く。"
BLESSING_EN = "en: On their next turn, every player draws {cards} more element card."
DEPLETION_JA = "ja: 次のターン、全プレイヤーはエレメントカードを{cards}枚少なく引く。"


def _pk323(tmp_path: Path, edits: list[tuple[str, str]], name: str) -> tuple[Path, list]:
    kit = make_bad_kit(tmp_path, [("events.yaml", old, new) for old, new in edits], name, ES)
    return kit, _findings(kit, "PK323")


@pytest.mark.parametrize(
    "edits",
    [
        [(BLESSING_JA, "ja: 次のターン、全プレイヤーは通常の2枚ではなく3枚引く。")],  # normally 2, now 3
        [(BLESSING_JA, "ja: 次のターン、通常2枚のところ3枚のカードを引く。")],
        [(BLESSING_EN, "en: Normally you draw 2 cards; on your next turn you draw 3 cards.")],
        [(BLESSING_EN, "en: On their next turn, every player draws 3 cards instead of 2 cards.")],
        [(BLESSING_EN, "en: On their next turn, every player draws 1 card more: 3 cards, not the usual 2 cards.")],
        [(BLESSING_JA, "ja: 次のターン、全プレイヤーは+1枚（計3枚）引く。")],
        [(BLESSING_JA, "ja: 次のターン、全プレイヤーは通常の{draws_per_turn}枚ではなく3枚引く。")],
        [(DEPLETION_JA, "ja: 次のターン、全プレイヤーは通常の2枚ではなく1枚しか引けない。")],  # 2 - 1
        [(DEPLETION_JA, "ja: 次のターン、全プレイヤーは1枚少ない1枚を引く。")],
    ],
)
def test_a_consistent_usual_and_changed_number_passes(tmp_path, edits):
    _kit, found = _pk323(tmp_path, edits, "agree")
    assert found == [], [f.text() for f in found]


@pytest.mark.parametrize(
    "old, new, marker, message",
    [
        (BLESSING_JA, "ja: 次のターン、全プレイヤーは通常の2枚ではなく4枚引く。", "4枚引く", "makes it 2 + 1 = 3"),
        (BLESSING_JA, "ja: 次のターン、全プレイヤーは通常の3枚ではなく4枚引く。", "4枚引く", "the usual cards as 3"),
        (BLESSING_EN, "en: Normally you draw 3 cards; now you draw 4 cards.", "Normally", "draws_per_turn is 2"),
        (BLESSING_JA, "ja: 次のターン、全プレイヤーは2枚多く引く。", "2枚多く", "changes them by 1"),
        (DEPLETION_JA, "ja: 次のターン、全プレイヤーは通常の2枚ではなく2枚しか引けない。", "しか引けない", "2 - 1 = 1"),
    ],
)
def test_an_inconsistent_number_is_pk323_at_its_line(tmp_path, old, new, marker, message):
    kit, found = _pk323(tmp_path, [(old, new)], "disagree")
    assert found, "no PK323"
    line = line_of(kit / "events.yaml", marker)
    assert {(Path(f.location.file).name, f.location.line) for f in found} == {("events.yaml", line)}
    assert any(message in f.message for f in found), [f.message for f in found]


def test_the_as_written_blessing_and_depletion_are_each_wrong_twice():
    """ "通常は3枚 … 4枚" against 2 + 1, and "通常の3枚ではなく、2枚" against 2 - 1: the usual number and the result."""
    loaded = load_kit(REPO / "tests" / "fixtures" / "as-written" / "element-shift")
    messages = sorted(f.message for f in loaded.report.warnings if f.code == "PK323" and " cards" in f.message)
    assert messages == [
        "the text gives the usual cards as 3, but draws_per_turn is 2",
        "the text gives the usual cards as 3, but draws_per_turn is 2",
        "the text says 2 cards, but 'depletion' makes it 2 - 1 = 1",
        "the text says 4 cards, but 'blessing' makes it 2 + 1 = 3",
    ]


# ---------------------------------------------------------------- ignore: entries


def _kit_with_ignore(
    tmp_path: Path, entries: str, *edits: tuple[str, str, str], kit: str = MT, name: str = "kit"
) -> Path:
    """The kit with `edits` and an `ignore:` list (`entries`, YAML lines) written into kit.yaml."""
    return make_bad_kit(tmp_path, [*edits, ("kit.yaml", "include:\n", f"ignore:\n{entries}include:\n")], name, kit)


def test_an_entry_silences_one_finding_counted_but_not_reported(tmp_path):
    kit = make_bad_kit(tmp_path, [CLAIM], "probe", MT)
    line = line_of(kit / "rules.yaml", "2-5 players")
    kit = _kit_with_ignore(tmp_path, f'  - {{code: PK346, at: rules.yaml:{line}, why: "the solo variant"}}\n', CLAIM)
    loaded = load_kit(kit)
    assert loaded.ok and loaded.report.warnings == [] and loaded.report.errors == []
    (silenced,) = loaded.report.silenced
    assert (silenced.code, silenced.location.line) == ("PK346", line)
    assert silenced.suppressed.justification == "the solo variant"
    entry = silenced.suppressed.location
    assert (Path(entry.file).name, entry.line) == ("kit.yaml", line_of(kit / "kit.yaml", "{code: PK346"))

    text = cli("validate", kit, "--no-layout")
    assert text.returncode == 0
    assert "PK346" not in text.stdout + text.stderr
    assert "1 finding(s) silenced by ignore:" in text.stdout

    (item,) = json.loads(cli("validate", kit, "--no-layout", "--format", "json").stdout)
    assert item["code"] == "PK346" and item["location"]["line"] == line
    assert item["suppressed"]["kind"] == "inSource"
    assert item["suppressed"]["justification"] == "the solo variant"
    assert item["suppressed"]["location"]["line"] == entry.line

    sarif = json.loads(cli("validate", kit, "--no-layout", "--format", "sarif").stdout)
    (result,) = sarif["runs"][0]["results"]
    (suppression,) = result["suppressions"]
    assert suppression["kind"] == "inSource" and suppression["justification"] == "the solo variant"
    assert suppression["location"]["physicalLocation"]["region"]["startLine"] == entry.line


def test_an_entry_with_a_column_must_name_the_finding_s_column(tmp_path):
    probe = make_bad_kit(tmp_path, [CLAIM], "probe", MT)
    line = line_of(probe / "rules.yaml", "2-5 players")
    (finding,) = _findings(probe, "PK346")
    right = f"  - {{code: PK346, at: rules.yaml:{line}:{finding.location.col}, why: the rule}}\n"
    wrong = f"  - {{code: PK346, at: rules.yaml:{line}:{finding.location.col + 1}, why: the rule}}\n"
    assert load_kit(_kit_with_ignore(tmp_path, right, CLAIM, name="right")).report.findings[0].suppressed
    loaded = load_kit(_kit_with_ignore(tmp_path, wrong, CLAIM, name="wrong"))
    assert sorted(f.code for f in loaded.report.warnings) == ["PK330", "PK346"]


def test_a_path_entry_silences_the_fields_below_it_in_every_language(tmp_path):
    both = (
        "rules.yaml",
        "- ja: トリックに勝った人が次のトリックをリードする。\n          en: The winner of a trick leads the next one.",
        "- ja: トリックに勝った人が次のトリックをリードする（2〜5人用）。\n          en: The winner of a trick leads the next one, in a game for 2-5 players.",
    )
    probe = make_bad_kit(tmp_path, [both], "probe", MT)
    paths = sorted(f.path for f in _findings(probe, "PK346"))
    assert paths == ["rules.sections[3].bullets[2].en", "rules.sections[3].bullets[2].ja"]
    kit = _kit_with_ignore(tmp_path, '  - {code: PK346, path: "rules.sections[3].bullets[2]", why: the rule}\n', both)
    loaded = load_kit(kit)
    assert len(loaded.report.silenced) == 2 and loaded.report.warnings == []
    # a path names whole fields: sections[3] does not reach sections[30]
    assert suppress._within("rules.sections[3].bullets[2].ja", "rules.sections[3]")
    assert not suppress._within("rules.sections[30].text.ja", "rules.sections[3]")


def test_an_entry_may_live_in_an_included_file_and_silence_an_error(tmp_path):
    """A silenced error fails nothing: the kit validates, laid out too, with exit status 0."""
    wrong = (
        "events.yaml",
        BLESSING_JA,
        "ja: 次のターン、全プレイヤーは通常の{draws_per_turn}枚ではなく4枚引く。",
    )
    entries = 'ignore:\n  - {code: PK323, path: "events[5].effect.text", why: "the playtest edition draws 4"}\n'
    kit = make_bad_kit(tmp_path, [wrong, ("rules.yaml", "rules:\n", entries + "rules:\n")], "silenced", ES)
    loaded = load_kit(kit)
    assert loaded.ok, [f.text() for f in loaded.report.findings]
    assert sorted(f.code for f in loaded.report.silenced) == ["PK323"]
    assert all(Path(f.suppressed.location.file).name == "rules.yaml" for f in loaded.report.silenced)
    result = cli("validate", kit)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 finding(s) silenced by ignore:" in result.stdout


@pytest.mark.parametrize(
    "entry, message, col_at",
    [
        ("{code: PK346, at: rules.yaml:24}", "gives no reason", "{code"),
        ('{code: PK346, at: rules.yaml:24, why: "  "}', "gives no reason", '"  "'),
        ("{code: PK030, at: rules.yaml:24, why: typo}", "no finding code 'PK030'", "PK030"),
        ("{code: pk346, at: rules.yaml:24, why: lower case}", "did you mean PK346", "pk346"),
        ("{code: PK101, at: rules.yaml:24, why: broken}", "cannot be silenced", "PK101"),
        ("{code: PK202, at: rules.yaml:24, why: missing}", "cannot be silenced", "PK202"),
        ("{code: PK305, at: rules.yaml:24, why: dangling}", "cannot be silenced", "PK305"),
        ("{code: PK331, at: rules.yaml:24, why: circular}", "cannot be silenced", "PK331"),
        ("{code: PK346, why: somewhere}", "names no place", "{code"),
        ("{code: PK346, at: rules.yaml, why: no line}", "is not a place", "rules.yaml,"),
        ("{code: PK346, at: ../rules.yaml:24, why: outside}", "is not a place", "../"),
    ],
)
def test_an_entry_that_cannot_be_used_is_pk331_at_its_place(tmp_path, entry, message, col_at):
    kit = _kit_with_ignore(tmp_path, f"  - {entry}\n", CLAIM)
    loaded = load_kit(kit)
    (refused,) = [f for f in loaded.report.findings if f.code == "PK331"]
    line = line_of(kit / "kit.yaml", entry)
    col = (kit / "kit.yaml").read_text(encoding="utf-8").split("\n")[line - 1].find(col_at) + 1
    assert (Path(refused.location.file).name, refused.location.line, refused.location.col) == ("kit.yaml", line, col)
    assert message in refused.message + " " + refused.hint
    assert refused.is_error and not loaded.ok
    assert [f.code for f in loaded.report.warnings] == ["PK346"]  # the refused entry silenced nothing


def test_an_unused_entry_is_pk330_at_its_place(tmp_path):
    kit = _kit_with_ignore(tmp_path, '  - {code: PK346, path: "rules.sections[0]", why: a year}\n')
    loaded = load_kit(kit)
    (unused,) = loaded.report.findings
    assert (unused.code, unused.severity.value) == ("PK330", "warning")
    assert unused.location.line == line_of(kit / "kit.yaml", "{code: PK346")
    assert unused.message == (
        "this ignore: entry silences nothing: no PK346 under rules.sections[0]; it was meant for: a year"
    )
    assert loaded.ok


def test_a_kit_without_entries_is_untouched():
    loaded = load_kit(KITS[MT])
    assert loaded.report.findings == [] and not loaded.suppressions


# ---------------------------------------------------------------- layout findings (the generator's side)

LONG_TITLE = ("decks.yaml", "title: {ja: 朝焼け, en: Daybreak}", "title: {ja: 朝焼け, en: " + "Daybreak " * 12 + "}")


def test_layout_findings_are_silenced_by_the_entries_load_kit_keeps(tmp_path):
    """What generator/build.py is to do with each edition's findings, and with all of a kit's: PK309 silenced by a
    path entry; a layout entry that matches nothing is PK330 once layout has run, and not before."""
    from pnpkit.generator.build import layout_findings

    entries = (
        '  - {code: PK309, path: "decks[0].cards[0].fill.title", why: "the title is set by hand in print"}\n'
        '  - {code: PK309, path: "decks[0].cards[5]", why: "a card that fits"}\n'
    )
    kit = _kit_with_ignore(tmp_path, entries, LONG_TITLE)
    loaded = load_kit(kit)
    assert loaded.ok and loaded.report.findings == []  # layout entries wait for layout
    found = layout_findings(loaded)  # build.py silences each edition's findings, then calls the unused entries
    silenced = [f for f in found if f.suppressed is not None]
    assert [f.code for f in silenced] == ["PK309"] and not any(f.is_error for f in found)
    (unused,) = [f for f in found if f.suppressed is None]
    assert unused.code == "PK330" and unused.location.line == line_of(kit / "kit.yaml", "decks[0].cards[5]")
    built = cli("build", kit, "-o", tmp_path / "out", "--lang", "en")  # a silenced error builds
    assert built.returncode == 0, built.stderr
    assert "1 finding(s) silenced by ignore: entries" in built.stdout + built.stderr
    assert "PK330" in built.stdout + built.stderr


def test_layout_codes_cover_every_silenceable_code_the_generator_raises():
    """A code the generator raises that an entry may silence must be in LAYOUT_CODES, or load_kit would call the
    entry for it unused before layout had a chance to use it."""
    from pnpkit.validator.games.generic import SHEET_CODE
    from pnpkit.validator.games.generic_tokens import TOKEN_CODE

    found = {SHEET_CODE, TOKEN_CODE}
    for path in (REPO / "generator").rglob("*.py"):
        if "commands" not in path.parts:
            found |= set(re.findall(r'"([A-Z]{2}\d{3})"', path.read_text(encoding="utf-8")))
    assert "PK309" in found and "UT015" in found
    assert sorted(c for c in found if suppress.can_silence(c) and c not in suppress.LAYOUT_CODES) == []


BAD_KIT_GAMES = sorted({case.kit for case in CASES})


@pytest.mark.slow
@pytest.mark.parametrize("game", BAD_KIT_GAMES)
def test_silencing_every_silenceable_error_of_a_bad_kit_never_breaks_the_generator(tmp_path, game):
    """The codes an entry may silence are judgements, not broken kits: each bad kit of tests/bad_cases.py whose
    errors may all be silenced validates, laid out, with them silenced, and no traceback. Each code is silenced
    in every game whose bad kits raise it; a kit that silences no new (game, code) pair adds nothing.
    One game a case, so the test workers share the work."""
    kits = []
    seen: set[tuple[str, str]] = set()
    for case in CASES:
        if case.kit != game:
            continue
        kit = make_bad_kit(tmp_path, case.edits, case.name, case.kit)
        loaded = load_kit(kit)
        errors = loaded.report.errors
        if not errors or not all(suppress.can_silence(f.code) for f in errors):
            continue
        pairs = {(case.kit, f.code) for f in errors}
        if pairs <= seen:
            continue
        seen |= pairs
        lines = []
        for f in errors:
            where = Path(f.location.file).resolve().relative_to(kit.resolve()).as_posix()
            place = f.location.cell or f"{f.location.line}:{f.location.col}"
            lines.append(f"  - {{code: {f.code}, at: {json.dumps(f'{where}:{place}')}, why: test}}\n")
        with (kit / "kit.yaml").open("a", encoding="utf-8") as file:
            file.write("\nignore:\n" + "".join(lines))
        kits.append(kit)
    assert kits, f"no bad kit of {game} has only errors an entry may silence"
    result = cli("validate", *kits, "--format", "json", "--jobs", "1")
    assert "Traceback" not in result.stderr
    errors = [f for f in json.loads(result.stdout) if f["severity"] == "error" and "suppressed" not in f]
    assert {f["code"] for f in errors} <= suppress.LAYOUT_CODES | {"PK413"}, errors  # every load error silenced


def test_never_silenced_codes_are_registered():
    assert set(codes.CODES) >= suppress.NEVER_SILENCED
    assert not suppress.can_silence("PK101") and not suppress.can_silence("PK203")
    assert suppress.can_silence("PK346") and suppress.can_silence("PK309") and suppress.can_silence("PK323")


def test_at_names_a_file_and_a_line_a_column_or_a_cell():
    assert suppress._parse_at("rules.yaml:12") == {"file": "rules.yaml", "line": 12, "col": None}
    assert suppress._parse_at("./cards/a.yaml:3:7") == {"file": "cards/a.yaml", "line": 3, "col": 7}
    assert suppress._parse_at("cards.csv:5:count") == {"file": "cards.csv", "cell": "5:count"}
    assert suppress._parse_at("cards.xlsx:Cards!C14") == {"file": "cards.xlsx", "cell": "Cards!C14"}
    for bad in ("rules.yaml", "/etc/x.yaml:1", "../x.yaml:1", ":12"):
        assert suppress._parse_at(bad) is None, bad
    rule = suppress.Rule("PK301", "why", Location("kit.yaml", 1, 1), file="cards.csv", cell="5:title.en")
    assert rule.describe() == "at cards.csv:5:title.en"


# ---------------------------------------------------------------- pnpkit codes CODE

PK_CODES = sorted(code for code in codes.CODES if code.startswith("PK"))


def test_every_pk_code_has_an_explanation():
    assert len(PK_CODES) > 60
    missing = [code for code in PK_CODES if code not in EXPLANATIONS]
    assert missing == []
    for code, found in EXPLANATIONS.items():
        assert code in codes.CODES, code
        assert found.why.strip() and found.fix.strip(), code
    assert all(EXPLANATIONS[code].bad.strip() for code in PK_CODES)


APPLIED = {  # codes whose bad example is whole top-level fields of the kit named: each must raise its code
    **dict.fromkeys(
        re.findall(
            r"PK\d{3}",
            "PK101 PK102 PK104 PK105 PK107 PK108 PK111 PK112 PK201 PK202 PK203 PK204 PK372 PK302 PK346 PK304 PK305 PK311 "
            "PK312 PK313 PK314 PK315 PK316 PK317 PK318 PK319 PK321 PK324 PK325 PK330 PK331 PK401 PK402 PK403 PK404 PK405 PK406 PK407 PK408 PK409 "
            "PK410 PK413 PK420 PK520 PK521 PK523 PK544 PK332 PK333 PK334 PK335 PK336 PK337 PK338 PK339 PK340 PK341 "
            "PK342 PK343 PK344 PK345 PK347 PK348 PK349 PK358 PK359 PK360 PK362 PK364 PK365 PK370 PK371 PK431 PK432 PK450 PK451 "
            "PK452 PK373",
        ),
        MT,
    ),
    "PK320": ES,
    "PK323": ES,
    **dict.fromkeys(("PK414", "PK415", "PK416", "PK417", "PK418"), "every-board"),
}
LAID_OUT = {"PK307": MT, "PK412": MT, "PK327": "wizards-element-collection"}
"""Examples whose code is found when the kit is laid out (`pnpkit validate`)."""
NOT_APPLIED = {
    "PK361": "a value of over 20,000 characters",
    "PK363": "more than 200 schema errors",
    **dict.fromkeys(
        ("PK350", "PK351", "PK352", "PK353", "PK354", "PK355", "PK356", "PK357"),
        "raised by play (validate --simulate), not by loading",
    ),
    "PK301": "raised only with --strict-translations (tests/test_editions.py raises it); by default a gap is PK372",
    "PK103": "a file over 8 MB",
    "PK106": "bytes that are not UTF-8",
    "PK109": "a whole file that is a list",
    "PK110": "a field in two files",
    "PK309": "a template region and a card, not top-level fields",
    "PK366": "a template region and a card, not top-level fields (tests/test_phrases.py raises it)",
    "PK367": "a template region, not top-level fields (tests/test_collisions.py raises it)",
    "PK368": "a template region, not top-level fields (tests/test_collisions.py raises it)",
    "PK369": "a template for small cards and a deck's back (tests/test_furniture.py raises it)",
    "PK322": "a picture file",
    "PK326": "a template region",
    "PK411": "a template region",
    "PK501": "a picture file",
    "PK502": "a picture file",
    "PK503": "a picture file",
    "PK504": "a picture file",
    "PK505": "a picture file",
    "PK522": "a font file",
    "PK540": "a CSV file",
    "PK541": "a CSV file",
    "PK542": "a CSV file",
    "PK543": "a CSV file",
    "PK430": "a CSV file",
}

TOP_LEVEL = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*):", re.M)


def _blocks(text: str) -> dict[str, tuple[int, int]]:
    """Each top-level key of a YAML text → the span of its block, from its line to the next top-level key."""
    starts = [(m.group(1), m.start()) for m in TOP_LEVEL.finditer(text)]
    return {
        key: (start, starts[k + 1][1] if k + 1 < len(starts) else len(text)) for k, (key, start) in enumerate(starts)
    }


def apply_example(kit: Path, example: str) -> None:
    """Put each top-level field of `example` in place of the kit's own, in whichever file holds it (kit.yaml
    when none does). Text is replaced as text, so an example that is broken YAML stays broken."""
    for key, (a, b) in _blocks(example).items():
        part = example[a:b].rstrip("\n") + "\n"
        for file in sorted(kit.glob("*.yaml")):
            text = file.read_text(encoding="utf-8")
            span = _blocks(text).get(key)
            if span is not None:
                file.write_text(text[: span[0]] + part + text[span[1] :], encoding="utf-8")
                break
        else:
            kit_yaml = kit / "kit.yaml"
            kit_yaml.write_text(kit_yaml.read_text(encoding="utf-8").rstrip("\n") + "\n" + part, encoding="utf-8")


def test_every_pk_code_is_applied_laid_out_or_says_why_not():
    assert set(PK_CODES) == set(APPLIED) | set(LAID_OUT) | set(NOT_APPLIED)
    assert len(PK_CODES) == len(APPLIED) + len(LAID_OUT) + len(NOT_APPLIED)  # each in one list


@pytest.mark.parametrize("code", sorted(APPLIED))
def test_a_bad_example_raises_its_code(tmp_path, code):
    kit = tmp_path / code
    shutil.copytree(KITS[APPLIED[code]], kit)
    apply_example(kit, EXPLANATIONS[code].bad)
    assert code in {f.code for f in load_kit(kit).report.findings}


def test_a_bad_example_found_in_layout_raises_its_code(tmp_path):
    kits = {}
    for code, name in LAID_OUT.items():
        kits[code] = tmp_path / code
        shutil.copytree(KITS[name], kits[code])
        apply_example(kits[code], EXPLANATIONS[code].bad)
    found = json.loads(cli("validate", *kits.values(), "--format", "json").stdout)
    for code, kit in kits.items():
        assert any(f["code"] == code and Path(f["location"]["file"]).resolve().is_relative_to(kit) for f in found), code


def test_pnpkit_codes_explains_a_whole_code():
    result = cli("codes", "PK346")
    assert result.returncode == 0
    out = result.stdout
    assert out.startswith("PK346  warning  a number in prose contradicts what the kit states elsewhere\n")
    assert "For example:\n    players: {min: 2, max: 4}\n" in out and "Discard down to 5." in out
    assert "Fix: Make them one number" in out
    assert "{code: PK346, at: FILE:LINE, why: ...}" in out
    assert "cannot silence it" in cli("codes", "pk101").stdout  # any case
    assert "correct or remove the entry" in cli("codes", "PK330").stdout


def test_a_retired_code_is_explained_and_an_entry_for_it_is_pk330(tmp_path):
    """PK303 (a number in rule text) is no longer raised: `pnpkit codes` says so, and an old entry is a warning."""
    result = cli("codes", "PK303")
    assert result.returncode == 0 and result.stdout.startswith("PK303  retired  ") and "PK346" in result.stdout
    kit = _kit_with_ignore(tmp_path, '  - {code: PK303, at: rules.yaml:24, why: "a year"}\n')
    loaded = load_kit(kit)
    (old,) = loaded.report.findings
    assert (old.code, old.location.line) == ("PK330", line_of(kit / "kit.yaml", "{code: PK303"))
    assert "no longer raises" in old.message and loaded.ok


def test_pnpkit_codes_still_lists_by_prefix():
    lines = cli("codes", "PK34").stdout.splitlines()
    assert [line.split()[0] for line in lines] == [
        "PK340",
        "PK341",
        "PK342",
        "PK343",
        "PK344",
        "PK345",
        "PK346",
        "PK347",
        "PK348",
        "PK349",
    ]
    assert lines[0] == "PK340  warning  the rulebook leaves this unspecified"
    assert len(cli("codes").stdout.splitlines()) == len(codes.CODES)


def test_a_game_code_without_an_entry_falls_back_to_its_title():
    assert "ES008" in EXPLANATIONS and "DB006" not in EXPLANATIONS
    found = explain("DB006")
    assert found.why.startswith("A name is used inconsistently") and "rule model" in found.fix
    out = cli("codes", "DB006").stdout
    assert out.startswith("DB006  error  a name is used inconsistently") and "For example" not in out
