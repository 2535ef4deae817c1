"""Promises the code makes about itself: layouts and games never branch on the language (their words live in
the string tables of generator/i18n.py), every table is complete and shares no key, the font's fast path for
printable ASCII holds, and every doctest in the packages runs and passes."""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest
from conftest import REPO

LANGUAGE_NEUTRAL = ("generator/games", "generator/layouts")
"""Folders whose modules take every word from a string table and never test which language they print."""

LANG_CODES = ("ja", "en")


def _mentions_language(node: ast.expr) -> bool:
    """Whether an operand is the language (`lang`, `ctx.lang`) or a language code ("ja", or a tuple holding one);
    what a call returns is not looked into (`getattr(model, lang) is None` asks about a value, not a language)."""
    todo = [node]
    while todo:
        item = todo.pop()
        if (isinstance(item, ast.Name) and item.id == "lang") or (
            isinstance(item, ast.Attribute) and item.attr == "lang"
        ):
            return True
        if isinstance(item, ast.Constant) and item.value in LANG_CODES:
            return True
        if not isinstance(item, ast.Call):
            todo.extend(child for child in ast.iter_child_nodes(item) if isinstance(child, ast.expr))
    return False


def language_branches(source: str, filename: str = "<source>") -> list[str]:
    """`line: code` of every comparison or `match` that tests the language in `source`."""
    found = []
    for node in ast.walk(ast.parse(source, filename=filename)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            literal = any(isinstance(o, ast.Constant) and o.value in LANG_CODES for o in operands)
            by_value = any(isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) for op in node.ops)
            if (by_value and any(map(_mentions_language, operands))) or literal:
                found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Match) and _mentions_language(node.subject):
            found.append(f"{node.lineno}: match {ast.unparse(node.subject)}")
    return found


@pytest.mark.parametrize(
    "source, branches",
    [
        ('if lang == "ja":\n    x = 1\n', 1),
        ('x = "、" if ctx.lang != "en" else ", "\n', 1),
        ('x = 1 if "ja" == code else 2\n', 1),
        ('x = lang in ("ja", "zh")\n', 1),
        ("x = setting.ctx.lang not in ASIAN\n", 1),
        ('x = a if code is "en" else b\n', 1),
        ('match lang:\n    case "ja":\n        pass\n', 1),
        ("x = (value := getattr(model, lang)) is not None\n", 0),
        ('x = tr("name", lang) == ""\n', 0),
        ('x = {"ja": "名前", "en": "Name"}\n', 0),
        ("x = len(text) == 3\n", 0),
    ],
)
def test_the_language_scan_finds_what_it_must(source, branches):
    assert len(language_branches(source)) == branches, language_branches(source)


def test_games_and_layouts_never_branch_on_the_language():
    """Language-dependent wording lives in the string tables (`tr = SHARED.extend({...})`), not in `if lang == ...`."""
    modules = sorted(path for folder in LANGUAGE_NEUTRAL for path in (REPO / folder).glob("*.py"))
    assert len(modules) > 15
    found = [
        f"{path.relative_to(REPO)}:{branch}"
        for path in modules
        for branch in language_branches(path.read_text(encoding="utf-8"), str(path))
    ]
    assert found == []


# ---------------------------------------------------------------- the string tables


def _game_tables() -> dict[str, object]:
    """{module: its `tr`}, each table once, for the words Wizard's Element Collection keeps apart for `pnpkit score`
    and every game's layout module (each must have a `tr`)."""
    from pnpkit.validator.games import BUILTIN

    names = ["pnpkit.generator.games.wizards_words", *sorted({spec.layouts for spec in BUILTIN.values()})]
    tables: dict[str, object] = {}
    for name in names:
        tr = importlib.import_module(name).tr
        if all(tr is not seen for seen in tables.values()):
            tables[name] = tr
    return tables


def test_every_game_table_extends_the_shared_words():
    from pnpkit.generator.i18n import SHARED, Strings

    tables = _game_tables()
    assert len(tables) >= 6, sorted(tables)  # five games' own words, and generic's
    for name, tr in tables.items():
        assert isinstance(tr, Strings) and tr.parent is SHARED, name
        assert tr.table, name
        assert set(tr.table).isdisjoint(SHARED.table), (name, sorted(set(tr.table) & set(SHARED.table)))


KNOWN_EMPTY: set[tuple[str, str, str]] = set()
"""Words with an empty translation: none. An empty word is a language branch in disguise."""


def test_every_word_has_japanese_and_english():
    from pnpkit.generator.i18n import SHARED

    tables = {"shared": SHARED.table} | {name: tr.table for name, tr in _game_tables().items()}
    empty = set()
    for name, table in tables.items():
        assert table, name
        for key, entry in table.items():
            assert set(entry) >= set(LANG_CODES), (name, key)
            empty |= {
                (name, key, lang) for lang in LANG_CODES if not (isinstance(entry[lang], str) and entry[lang].strip())
            }
    assert empty == KNOWN_EMPTY


def test_a_game_word_that_repeats_a_shared_key_is_refused():
    from pnpkit.generator.i18n import SHARED

    own = SHARED.extend({"my_word": {"ja": "言葉", "en": "Word"}})
    assert own("my_word", "en") == "Word" and own("cards", "ja") == SHARED("cards", "ja")
    clashing = SHARED.extend({"cards": {"ja": "札", "en": "Cards"}, "mine": {"ja": "私", "en": "Mine"}})
    with pytest.raises(ValueError, match=r"already shared.*: cards$"):
        clashing("mine", "en")  # refused at the first lookup: extending reads no catalogue at import
    with pytest.raises(ValueError, match="my_word"):
        own.extend({"my_word": {"ja": "別", "en": "Other"}})("cards", "en")  # a table's own words are shared too


# ---------------------------------------------------------------- the font


def test_the_font_draws_every_printable_ascii_character():
    """`missing_glyphs` skips the lookup for printable ASCII text; that is only right while the font covers it."""
    from pnpkit.generator.typeset import fonts

    ascii_printable = "".join(map(chr, range(0x20, 0x7F)))
    assert ascii_printable.isascii() and ascii_printable.isprintable() and len(ascii_printable) == 95
    assert sorted(set(map(ord, ascii_printable)) - fonts.covered()) == []
    assert fonts.missing_glyphs(ascii_printable) == []


def test_missing_glyphs_finds_what_the_font_cannot_draw():
    from pnpkit.generator.typeset import fonts

    emoji, private = "\U0001f600", "\ue001"  # U+E000 is pnpkit's own inline-icon marker, one em in every face
    assert fonts.missing_glyphs(f"Comet {emoji}!") == [emoji]
    assert fonts.missing_glyphs(f"彗星{private}{emoji} and a\tspace\n") == sorted([emoji, private])
    assert fonts.missing_glyphs("彗星 Comet ★") == []


# ---------------------------------------------------------------- doctests


def _modules_with_doctests() -> list[str]:
    found = []
    for folder in ("validator", "generator"):
        for path in sorted((REPO / folder).rglob("*.py")):
            if ">>>" in path.read_text(encoding="utf-8"):
                parts = path.relative_to(REPO).with_suffix("").parts
                found.append(".".join(("pnpkit", *parts)).removesuffix(".__init__"))
    return found


DOCTESTED = _modules_with_doctests()


def test_the_modules_with_examples_are_found():
    wanted = {
        "pnpkit.generator.colour",
        "pnpkit.generator.layouts.templates",
        "pnpkit.validator.components.tracks",
        "pnpkit.validator.components.graphmap",
    }
    assert wanted <= set(DOCTESTED), sorted(wanted - set(DOCTESTED))


@pytest.mark.parametrize("name", DOCTESTED)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0, (name, result)


def test_every_package_is_listed_for_the_wheel():
    """pyproject.toml names its packages one by one: a new package left out works in the editable install the
    tests use, yet is missing from the wheel a user installs."""
    import tomllib

    root = Path(__file__).resolve().parent.parent
    listed = set(tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = set()
    for top in ("validator", "generator"):
        for init in (root / top).rglob("__init__.py"):
            relative = init.parent.relative_to(root).parts
            found.add(".".join(("pnpkit", *relative)))
    assert found - listed == set()
