"""Words pnpkit itself prints on pages, in each language a kit can ship.

Every word lives in a gettext domain, one folder of `generator/assets/words/` each: the kit book's own words
(`kitbook`: cover, contents, cut guides, calibration sheet, …), the playtest report's (`playtest`), and each
shipped game's (`generic`, `element_shift`, …). In a folder, `DOMAIN.pot` holds every key (its msgctxt) with the
English words (its msgid), and `LANG.po` the same entries with that language's words (msgstr). gettext is the
format translators' tools (Poedit, Weblate, Crowdin) read and check; a catalogue is read with polib the first
time a page in its language asks for a word (a few milliseconds), never at import. A language with no catalogue
prints the English words (`has_words` says whether the kit book has its own); 'pt-BR' tries 'pt-BR', then 'pt',
then English. A game looks its words up through `SHARED.extend(words("its_domain"))`. A new word is an entry
in its domain's .pot and in every .po of the folder; tests/test_scripts.py checks that none is missing.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnpkit.validator.components.kit import Players
    from pnpkit.validator.components.rules import Duration
    from pnpkit.validator.components.table import Need

WORDS_DIR = Path(__file__).parent / "assets" / "words"
"""One folder per gettext domain: `DOMAIN/DOMAIN.pot` and `DOMAIN/LANG.po` (a translator's tool opens the folder)."""
_ALIASES = {"zh": "zh-Hans", "zh-CN": "zh-Hans", "zh-SG": "zh-Hans", "zh-TW": "zh-Hant", "zh-HK": "zh-Hant"}
"""Tags that name a catalogue's language another way (Chinese by region rather than by script)."""


@cache
def _entries(path: Path) -> dict[str, tuple[str, str]]:
    """One catalogue file's entries, key (msgctxt) → (English msgid, msgstr), parsed once."""
    import polib

    return {entry.msgctxt: (entry.msgid, entry.msgstr) for entry in polib.pofile(str(path))}


class Catalogues(Mapping[str, Mapping[str, str]]):
    """One gettext domain's words as a Strings table: key → {lang: words}, its keys those of the template.

    Nothing is read until a word is asked for, so importing a module that names its domain costs nothing."""

    def __init__(self, domain: str, directory: Path | None = None):
        self.domain = domain
        self.directory = directory if directory is not None else WORDS_DIR / domain

    @property
    def template(self) -> Path:
        return self.directory / f"{self.domain}.pot"

    def languages(self) -> tuple[str, ...]:
        """The languages with their own catalogue, English (the template's msgids) first."""
        return _languages(self.directory)

    def catalogue(self, lang: str) -> dict[str, str]:
        """One language's words by key; {} for a language without a catalogue."""
        return _catalogue(self.directory, self.domain, lang)

    def words_language(self, lang: str) -> str:
        """The language whose words `lang` prints: itself, a broader tag it falls back to, else English."""
        return next((tag for tag in lookup_order(lang) if tag in self.languages()), "en")

    def prints_english(self, lang: str) -> bool:
        """Whether this domain's words in `lang` are the English ones (English itself, or no catalogue for it)."""
        return self.words_language(lang) == "en"

    def __getitem__(self, key: str) -> Mapping[str, str]:
        if key not in self.catalogue("en"):
            raise KeyError(key)
        return _Entry(self, key)

    def __contains__(self, key: object) -> bool:
        return key in self.catalogue("en")

    def __iter__(self) -> Iterator[str]:
        return iter(self.catalogue("en"))

    def __len__(self) -> int:
        return len(self.catalogue("en"))


@cache
def _languages(directory: Path) -> tuple[str, ...]:
    return ("en", *sorted(path.stem for path in directory.glob("*.po")))


@cache
def _catalogue(directory: Path, domain: str, lang: str) -> dict[str, str]:
    if lang == "en":
        return {key: english for key, (english, _words) in _entries(directory / f"{domain}.pot").items()}
    if lang not in _languages(directory):
        return {}
    return {key: words for key, (_english, words) in _entries(directory / f"{lang}.po").items() if words}


class _Entry(Mapping[str, str]):
    """One key's words in every language of its domain, read from the catalogues as they are asked for."""

    def __init__(self, catalogues: Catalogues, key: str):
        self.catalogues = catalogues
        self.key = key

    def __getitem__(self, lang: str) -> str:
        found = self.catalogues.catalogue(lang).get(self.key)
        if found is None:
            raise KeyError(lang)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self.catalogues.languages())

    def __len__(self) -> int:
        return len(self.catalogues.languages())


@cache
def words(domain: str) -> Catalogues:
    """A domain pnpkit ships in `WORDS_DIR` (one per game, the kit book, the playtest report), read lazily."""
    return Catalogues(domain)


KITBOOK = words("kitbook")
"""The kit book's own words (cover, contents, cut guides, calibration sheet, …), shared by every game."""
TEMPLATE = KITBOOK.template


def catalogue_languages() -> tuple[str, ...]:
    """The languages the kit book has its own words in, English first."""
    return KITBOOK.languages()


def catalogue(lang: str) -> dict[str, str]:
    """The kit book's words in one language by key; {} for a language without a catalogue."""
    return KITBOOK.catalogue(lang)


@lru_cache(maxsize=256)
def lookup_order(lang: str) -> tuple[str, ...]:
    """The tags a word in `lang` is looked up under, most particular first, English last.

    >>> lookup_order("pt-BR"), lookup_order("zh-TW"), lookup_order("en")
    (('pt-BR', 'pt', 'en'), ('zh-TW', 'zh-Hant', 'zh', 'en'), ('en',))
    >>> has_words("de-AT"), has_words("pt-BR"), has_words("en-GB")
    (True, False, True)
    """
    parts = lang.replace("_", "-").split("-") if lang else []
    tags = ["-".join(parts[:n]) for n in range(len(parts), 0, -1)]
    if tags and tags[0] in _ALIASES:  # only the tag itself: zh-TW falls back to English, not to zh → zh-Hans
        tags.insert(1, _ALIASES[tags[0]])
    return tuple(dict.fromkeys([*tags, "en"]))


def has_words(lang: str) -> bool:
    """Whether the kit book has words of its own in `lang` (else it prints English ones)."""
    tags = lookup_order(lang)
    return tags[0].split("-")[0] == "en" or any(tag in catalogue_languages() for tag in tags[:-1])


class Strings:
    """A table of UI words: `tr("key", lang, n=3)` looks a word up and fills its `{fields}`.

    Games do not copy shared words: `tr = SHARED.extend(words("game"))` gives a table that
    holds only the game's own words and falls back to the shared ones. A key may
    live in one table only, so the same word never drifts apart in two places.
    """

    def __init__(self, table: Mapping[str, Mapping[str, str]], parent: Strings | None = None):
        self.table = table
        self.parent = parent
        self._checked = parent is None
        self._found: dict[tuple[str, str], str] = {}
        """Each word as first looked up, by (key, language): a page asks for the same few words thousands of times."""

    def _check(self) -> None:
        """Refuses a key the parent already has, at the first lookup: a catalogue is not read at import."""
        if self.parent is not None:
            clash = sorted(key for key in self.table if key in self.parent)
            if clash:
                raise ValueError(f"already shared, use the shared word or a new key: {', '.join(clash)}")
        self._checked = True

    def __contains__(self, key: str) -> bool:
        return key in self.table or (self.parent is not None and key in self.parent)

    def extend(self, table: Mapping[str, Mapping[str, str]]) -> Strings:
        """A game's own words (its domain's `Catalogues`, or a {key: {lang: words}} table) on top of these."""
        return Strings(table, self)

    def entry(self, key: str) -> Mapping[str, str]:
        if not self._checked:
            self._check()
        if key in self.table:
            return self.table[key]
        if self.parent is None:
            raise KeyError(key)
        return self.parent.entry(key)

    def __call__(self, key: str, lang: str, **values: object) -> str:
        text = self._found.get((key, lang))
        if text is None:
            text = self._found[key, lang] = self._look_up(key, lang)
        return text.format(**values) if values else text

    def _look_up(self, key: str, lang: str) -> str:
        entry = self.entry(key)
        for tag in lookup_order(lang):
            text = entry.get(tag)
            if text:
                return text
        return entry["en"]


SHARED = Strings(KITBOOK)
tr = SHARED
"""The shared words; a game module rebinds `tr` to `SHARED.extend(words("its domain"))`."""


def players_line(players: Players, lang: str) -> str:
    """How many play, the same way on every page of every kit: "2–4 players", "2〜4人用", "2 players"."""
    if players.min == players.max:
        return tr("players_exact", lang, n=players.min)
    return tr("players_count", lang, min=players.min, max=players.max)


def duration_text(duration: Duration | None, lang: str) -> str:
    """How long an effect lasts: "At once", "2 turns", "Until the next attack"."""
    if duration is None:
        return tr("instant", lang)
    if duration.unit == "until" and duration.until is not None:
        return tr("until_trigger", lang, trigger=duration.until.get(lang))
    if duration.unit == "event":
        return tr("until_event", lang) if duration.count == 1 else tr("until_events", lang, n=duration.count)
    unit = tr(duration.unit if duration.count == 1 else f"{duration.unit}s", lang)
    return tr("count_unit", lang, n=duration.count, unit=unit)


def joined(items: list[str], lang: str) -> str:
    """A list in running text: "Fire, Water" or "火・水"."""
    return tr("list_separator", lang).join(items)


DIE_WORDS = {4: "four", 6: "six", 8: "eight", 10: "ten", 12: "twelve", 20: "twenty"}
"""How English names the common dice: "a six-sided die"."""


def need_text(need: Need, lang: str) -> str:
    """One thing to bring, in running text: "2 six-sided dice", "鉛筆1本", "a pencil"."""
    if need.item is not None:
        key = f"need_{need.item}" + ("_many" if need.count > 1 else "")
        sides = DIE_WORDS.get(need.sides, need.sides) if lang == "en" else need.sides
        thing = tr(key, lang, n=need.count, sides=sides)
    else:
        assert need.name is not None
        thing = need.name.get(lang)
        if need.count > 1:
            thing = tr("need_named_many", lang, thing=thing, n=need.count)
    return thing


def needs_line(needs: list[Need], lang: str) -> str:
    """The contents page's "You also need: …" line, what the table shares first and then what each player needs;
    it says so when the kit holds everything, and, in a language without a catalogue, that the kit book's words are
    English."""
    if not has_words(lang):
        return f"{_needs_line(needs, lang)}\n{NO_WORDS_NOTE.format(lang=lang)}"
    return _needs_line(needs, lang)


NO_WORDS_NOTE = "The kit book's own words are in English: pnpkit has no word list for {lang} yet."
"""Said once, on the contents page, in an edition whose language has no catalogue (always in English)."""


def _needs_line(needs: list[Need], lang: str) -> str:
    if not needs:
        return tr("need_nothing", lang)
    shared = [need_text(need, lang) for need in needs if need.per == "shared"]
    each = [need_text(need, lang) for need in needs if need.per == "player"]
    groups = ([joined(shared, lang)] if shared else []) + (
        [tr("need_each", lang, thing=joined(each, lang))] if each else []
    )
    return tr("also_need", lang, things=tr("need_groups", lang).join(groups))
