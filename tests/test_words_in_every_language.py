"""The playtest report and the seed games print their own words in every catalogue language: a seed kit copied
into German, Spanish, French, Korean and Chinese (its texts in English, so only pnpkit's words are translated)
gets a report page with the catalogue's words, none of the report's English words, numbers in the language's
marks, and nothing that misses its box."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from conftest import cli
from test_playtest_report import ENGINE_KITS

from pnpkit.generator.i18n import words
from pnpkit.generator.layouts.context import small_text
from pnpkit.generator.layouts.playtest import report_component, report_context
from pnpkit.generator.layouts.playtest_words import ES, measure_label, w
from pnpkit.generator.scene import Text, walk
from pnpkit.generator.typeset import fonts
from pnpkit.validator.kit import load_kit
from pnpkit.validator.playtest import ENGINES

LANGUAGES = ("de", "es", "fr", "ko", "zh-Hans")
PLACEHOLDER = re.compile(r"\{\w+\}")


def _kit_in_languages(kit: Path, target: Path, languages: tuple[str, ...]) -> Path:
    """A copy of `kit` whose editions are English and `languages`: every {ja, en} text gives its English words in
    each, and the kit names no font, so each edition prints in its script's shipped family."""

    def converted(node: object) -> object:
        if isinstance(node, dict):
            if set(node) == {"ja", "en"}:
                return {"en": node["en"]} | {lang: node["en"] for lang in languages}
            return {key: converted(value) for key, value in node.items()}
        if isinstance(node, list):
            return [converted(value) for value in node]
        return node

    target.mkdir()
    for path in sorted(kit.glob("*.yaml")):
        data = converted(yaml.safe_load(path.read_text(encoding="utf-8")))
        if path.name == "kit.yaml":
            assert isinstance(data, dict)
            data["languages"] = ["en", *languages]
            data.pop("fonts", None)
            data["author"] = {lang: "pnpkit" for lang in data["languages"]}
        (target / path.name).write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return target


def _fragments(english: str) -> list[str]:
    """The literal runs of an English word long enough to be told apart from a kit's own text."""
    return [part.strip(" ,.;:()") for part in PLACEHOLDER.split(english) if len(part.strip(" ,.;:()")) >= 8]


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_every_catalogue_language_gets_the_report_in_its_own_words(tmp_path, game):
    kit = _kit_in_languages(ENGINE_KITS[game], tmp_path / "kit", LANGUAGES)
    result = cli("simulate", kit, "--games", "30", "--players", "4", "--format", "json", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    loaded = load_kit(kit)
    domains = [words("playtest"), words(game.replace("-", "_"))]
    for lang in LANGUAGES:
        ctx = report_context(loaded.model, lang)
        with fonts.using(fonts.for_kit(loaded.model, loaded.root, lang)[0]):
            part = report_component(ctx, loaded.model, report)
        # the shipped Noto Sans has no U+2212 minus: the running text's font fallback draws it from another face
        assert ctx.problems == [] and small_text(part.pages) == [], (lang, ctx.problems)
        printed = " ".join(item.text for item, _m in walk(part.pages[0].items) if isinstance(item, Text))
        printed = printed.replace("\xa0", " ")
        for key in ("title", "verdict", "win_rate", "outcomes", "game_measures", "footer"):
            assert w(key, lang).replace("\xa0", " ") in printed, (lang, key)
        left = sorted(
            fragment
            for domain in domains
            for key, english in domain.catalogue("en").items()
            if domain.catalogue(lang)[key] != english
            for fragment in _fragments(english)
            if fragment in printed
        )
        assert left == [], (lang, left)
        if w("decimal_mark", lang) == ",":
            assert re.search(r"\d,\d %", printed) and not re.search(r"\d\.\d %", printed), lang


def test_a_measure_nobody_named_prints_as_its_id_only_in_english():
    assert measure_label("game.deck.draw_lost", "de", ES) == "Ein Zug ohne Nachziehen"
    assert measure_label("game.board.corner_share", "en", ES) == "Board: corner share"
    assert measure_label("game.board.corner_share", "pt-BR", ES) == "Board: corner share"  # no catalogue: English
    assert measure_label("game.board.corner_share", "de", ES, 3) == "Kennzahl 3"
    assert measure_label("game.board.corner_share", "ko", ES, 3) == "지표 3"


def test_a_seed_game_prints_its_words_in_every_catalogue_language():
    from pnpkit.generator.games.unlock_tower_words import tr as unlock
    from pnpkit.generator.games.wizards_words import tr as wizards
    from pnpkit.generator.layouts.monsters_words import tr as monsters

    assert [wizards("odd", lang) for lang in ("en", "ja", "de", "fr", "ko")] == [
        "odd",
        "奇数",
        "ungerade",
        "impair",
        "홀수",
    ]
    assert unlock("pad_subtitle", "zh-Hans", games=5) == "每张5局"
    assert monsters("slot", "es", n=2) == "Hueco 2" and monsters("slot", "de-AT", n=2) == "Feld 2"
    assert wizards("cards", "ko") == "카드"  # a shared word, through the game's table
