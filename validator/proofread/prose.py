"""Rule, card and example text against the model: the names it quotes, the phases it mentions, the numbers it states."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from ..checks import CheckContext
from ..markup import has_markup, parse, plain
from ..names import normalise_name
from ..placeholders import fill
from ..text_numbers import Change as NumberChange
from ..text_numbers import check_text_numbers, local_numbers
from .vocabulary import Numbers

if TYPE_CHECKING:
    from ..components.kit import KitBase

NAME_FIELDS = frozenset({"name", "title", "short"})
"""A text in a field of one of these names names something: text elsewhere may quote it."""
QUOTING = frozenset({"errata", "ignore"})
"""Top-level fields whose text quotes the rulebook or a finding: never checked as prose."""
NOT_PROSE = QUOTING | {"card_templates", "title", "subtitle", "author"}
"""Top-level fields whose text is not rule prose: errata, ignore entries, card-template labels (names only), and
the cover's title, subtitle and credits."""

SUFFIXES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "phase": (("フェイズ", "フェーズ"), ("phase",)),
    "step": (("ステップ",), ("step",)),
    "zone": (("ゾーン",), ("zone",)),
}
"""Words that say what kind of thing the word before them names: "ドローフェイズ", "Draw phase"."""
_JA_KIND = re.compile(
    r"(?:【([^】]{1,20})】\s*|「([^」]{1,20})」\s*|([ァ-ヺー一-龯々A-Za-z]{2,}))("
    + "|".join(s for ja, _en in SUFFIXES.values() for s in ja)
    + ")"
)
_EN_KIND = re.compile(r"\b([A-Z][\w-]*) ([Pp]hase|[Ss]tep|[Zz]one)s?\b")
_EN_DETERMINERS = frozenset(
    [
        "Each",
        "The",
        "This",
        "That",
        "Every",
        "Next",
        "Any",
        "A",
        "An",
        "One",
        "Its",
        "Your",
        "Their",
        "Which",
        "Same",
        "Whose",
        "No",
        "Another",
        "Last",
        "First",
        "Second",
        "Previous",
        "Current",
        "Whole",
    ]
)
_JA_QUOTE = re.compile(r"[「『]([^「」『』]{1,40})[」』]")
_EN_QUOTE = re.compile(r"[“\"]([^“”\"]{1,60})[”\"]")
FLAVOUR_WORDS = (
    "flavour",
    "flavor",
    "quote",
    "lore",
    "story",
    "caption",
    "dialogue",
    "speech",
    "epigraph",
    "motto",
    "citation",
    "attribution",
    "verse",
    "poem",
)
"""A field or region whose name holds one of these is flavour: what it quotes is said, not a name claimed."""
_JA_SAID_AFTER = re.compile(
    r"(?:[「『][^「」『』]{1,40}[」』]\s*[、・,]?\s*)*(?:\s*(?:と|って|という|といった|との|など|等|のような|になる|になり|が成立|の[^。「」]{0,4}種類)|[^。]{0,12}?(?:宣言|言う|言っ|叫|唱え|コール))"
)
"""「Call」と宣言する, 「勝負」と言う, 「Call」「Self」のいずれかを宣言: words said, not a name claimed; 「8切り」「階段」など
(examples of things outside the kit) and 「革命返し」になる (a term introduced where it happens) are no claims either."""
_EN_LIST_BEFORE = re.compile(r"(?:[“\"][^“”\"]{1,60}[”\"]\s*(?:,|or|and)?\s*)+$")
_EN_SAID_BEFORE = re.compile(
    r"\b(?:say|says|said|saying|call|calls|called|calling|declare|declares|declared|announce|announces|announced|"
    r"shout|shouts|shouted|cry|cries|cried|reply|replies|replied|ask|asks|asked|answer|answers|word|words|"
    r"known as|named|termed|such as(?: the| a| an)?|like the|book|novel|poem|song|film)\s*[,:]?\s*$",
    re.IGNORECASE,
)
_EN_SAID_AFTER = re.compile(r"\s*,?\s*(?:he|she|they|it|I|we|you)\s+(?:say|says|said|ask|asks|asked|cr(?:y|ies|ied))\b")
_JA_CITED = re.compile(
    r"\s*(?:より\s*(?:$|[、。,.）)」』\n])|から(?:の)?(?:引用|抜粋|一節)|の一節|の(?:第\s*\d+\s*)?[章節巻]|第\s*\d+\s*[章節巻])"
)
"""「大いなる作」より, 「大いなる作」の一節: a work cited as the source of a quotation, not a name the rules use."""
_JA_CITED_BEFORE = re.compile(r"(?:[―—–]{1,2}|--|著|詩|歌集|物語|伝承|曰く)\s*$")
_EN_CITED_BEFORE = re.compile(r"(?:(?:[—–]|--)\s*(?:from\s+)?|\bfrom\s+)$", re.I)
"""“The stars turn.” — from “The Great Work”: the title after a quotation's dash, or after "from" in a quotation."""
_JA_DEFINED = re.compile(r"(?:^|[\s。・])[「『【]([^」』】]{1,20})[」』】]\s*(?:[:：]|とは|は、?次の|を指す)")
"""A term the prose defines where it is introduced: 「水平実績」：横一列…, 「こいこい」とは…"""
_JA_APPOSED = re.compile(r"[「『]([^」』]{1,20})[」』]\s*[（(]")
_EN_APPOSED = re.compile(r"[“\"]([^“”\"]{1,40})[”\"]\s*(?:\(|,\s*(?:the|a|an)\s)")
"""A term explained where it stands: 「黒い貴婦人」（スペードのクイーン）, “Black Lady”, the Queen of Spades."""
_JA_NAMED = re.compile(r"[「『]([^」』]{1,20})[」』]\s*(?:と呼[ぶばびん]|とする|とし|という|になる)")
_EN_NAMED = re.compile(
    r"\b(?:is|are|becomes?)\s+(?:(?:the|a|an)\s+)?(?:called\s+)?[“\"]([^“”\"]{1,40})[”\"]\s*(?=[.,;:]|$)"
)
"""A term named where it is introduced: 一番上の卓を「ヘッドテーブル」と呼ぶ; The top table is the “Head Table”."""
_JA_HEAD = re.compile(r"^\s*[【■●◆・]?\s*([^\s:：、。「」【】]{1,20})[】]?\s*[:：]")
_EN_DEFINED = re.compile(r"(?:^|[\s.])(?:\*\*|[“\"*])([^“”\"*:]{1,40})(?:\*\*|[”\"*])\s*(?::|means\b|is when\b|—)")
"""“Revolution”: four of a kind…; **Koi-Koi**: call it to play on."""
_EN_HEAD = re.compile(r"^\s*([A-Z][\w'-]*(?: [\w'-]+){0,3})\s*:\s")
_NOT_A_NAME = re.compile(r"[\s、。,.!?！？:;：；{}]")
_EN_NOT_A_NAME = re.compile(r"[,.!?:;{}]")
NAME_SUFFIXES = ("フェイズ", "フェーズ", "ステップ", "ゾーン", "カード", "トークン", "マーカー", "マス", "エリア")
EN_NAME_SUFFIXES = (" phase", " step", " zone", " card", " cards", " token", " tokens", " marker", " area")


@dataclass
class Texts:
    """A kit's texts, read once: prose with its paths, and the names prose may quote or mention."""

    prose: list[tuple[tuple, str, str]] = field(default_factory=list)
    """(path ending in the language, language, the words as printed) for every text that is not a name."""
    italics: list[tuple[tuple, str]] = field(default_factory=list)
    """(path, words) for English italic spans that read as names: the prose check treats them as quoted."""
    names: list[tuple[tuple, str, str]] = field(default_factory=list)
    """(path ending in the language, language, name) for every name."""
    known: dict[str, dict[str, str]] = field(default_factory=dict)
    """Per language: every name, normalised, mapped to the name as written."""
    kinds: dict[str, dict[str, set[str]]] = field(default_factory=dict)
    """Per kind (phase, step, zone), per language: the stems text may put before the kind's word."""
    labels: dict[str, set[str]] = field(default_factory=dict)
    """Per language: terms short texts introduce by standing alone (a table cell, a list item, a type line),
    normalised. They define a quoted term, but are not the kit's names a spelling check may recommend."""
    filled: dict[tuple, str] = field(default_factory=dict)
    """For a prose path whose words hold `{placeholders}`: the words with each number filled in, the kit's and the
    enclosing models' own (`{phase}` of a phase), as printed. The checks that read numbers read these."""

    def words(self, path: tuple, value: str) -> str:
        """The words at `path` as printed, numbers filled in."""
        return self.filled.get(path, value)

    @classmethod
    def of(cls, ctx: CheckContext, kit: KitBase) -> Texts:
        languages = ctx.languages
        texts = cls()
        for lang in languages:
            texts.known[lang] = {}
        for kind in SUFFIXES:
            texts.kinds[kind] = {lang: set() for lang in languages}
        values = {k: v for k, v in kit.placeholder_values().items() if isinstance(v, (int, float))}
        owned: dict[tuple[int, ...], dict] = {}  # the texts of one model share its numbers
        numbers_by_owner: dict[int, tuple[dict, dict]] = {}
        for path, text, owners in ctx.walk(kit).texts:
            is_name = path[-1] in NAME_FIELDS and path[:1] not in (("ignore",),)
            if not is_name and path[0] in NOT_PROSE:
                continue
            named = _kind_of(path) if is_name else None
            for lang in languages:
                value: str = getattr(text, lang, None) or ""
                if not value:
                    continue
                if has_markup(value):
                    if lang == "en" and not is_name:
                        texts.italics += [(path + (lang,), term) for term in italic_names(value)]
                    value = plain(value) or ""
                if "{" in value and not is_name:
                    key = tuple(map(id, owners))
                    if key not in owned:
                        owned[key] = values | local_numbers(owners, numbers_by_owner)
                    texts.filled[path + (lang,)] = fill(value, owned[key])
                if is_name:
                    texts.names.append((path + (lang,), lang, value))
                    texts._define(lang, value)
                    if named is not None:
                        texts.kinds[named][lang].add(_stem(value, named, lang))
                else:
                    texts.prose.append((path + (lang,), lang, value))
        for lang in languages:
            for name in kit.more_names(lang):
                texts._define(lang, name)
            texts._define(lang, kit.title.get(lang))
        for entry in kit.glossary:
            for lang in languages:
                texts._define(lang, entry.term)
        for _path, lang, value in texts.prose:
            for term in defined_in(value, lang):
                texts._define(lang, term)
            label = label_of(value, lang)
            if label is not None:  # a table cell, a list item, a type line: the kit introduces the term
                texts.labels.setdefault(lang, set()).add(normalise_name(label))
        return texts

    def _define(self, lang: str, name: str) -> None:
        self.known.setdefault(lang, {}).setdefault(normalise_name(name), name)

    def resolves(self, lang: str, term: str) -> bool:
        """Whether `term` names something the kit defines, allowing for a kind word before or after it."""
        known = self.known.get(lang, {})
        norm = normalise_name(term)
        labels = self.labels.get(lang, set())
        if norm in known or norm in labels or (lang == "en" and {_singular(norm)} & (known.keys() | labels)):
            return True
        for suffix in NAME_SUFFIXES + EN_NAME_SUFFIXES:
            s = normalise_name(suffix)
            if (norm.endswith(s) and norm[: -len(s)] in known) or norm + s in known:
                return True
        return False

    def nearest(self, lang: str, term: str) -> str | None:
        import difflib  # asked only for a term the kit does not define

        known = self.known.get(lang, {})
        norm = normalise_name(term)
        short = lang == "ja" and len(norm) <= 3
        close = difflib.get_close_matches(norm, list(known), n=3, cutoff=0.0 if short else 0.6)
        close = [c for c in close if len(set(c) & set(norm)) * 2 >= len(set(norm))]  # half its characters, at least
        close = [c for c in close if edit_distance(c, norm) <= max(1, -(-len(norm) // 3))]  # a third, rounded up
        return known[close[0]] if close else None


def _singular(word: str) -> str:
    """An English plural's singular, as a quoted plural names what its singular defines ("Runs" → "run")."""
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "sses")):
        return word[:-2]
    return word[:-1] if word.endswith("s") else word


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance: a suggestion more than a third of the word away (Animal → Enigma, 3 of 6) is no typo's
    fix; リードマーク → リードマーカー (2 of 6) is."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        current = [i]
        for j, y in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


LABEL_MOST = {"ja": 12, "en": 30}
"""The longest text read as a label (a table cell, a list item, a type line) that introduces a term."""
_LABEL_TAIL = re.compile(r"\s*(?:[(（\[［].*|[:：].*)$")


def label_of(value: str, lang: str) -> str | None:
    """The term a short text introduces by standing alone (a table cell 「伝説」, a list item "Legendary (25)", a
    card's type line "Animal"), or None for a sentence or a number."""
    text = _LABEL_TAIL.sub("", value.strip()).strip(' *_「」“”"')
    if not text or len(text) > LABEL_MOST.get(lang, 30) or not any(c.isalpha() for c in text):
        return None
    if lang == "ja":
        return None if _NOT_A_NAME.search(text) or _is_sentence(text) else text
    return (
        text if _looks_like_english_name(text) or (len(text.split()) <= 3 and not _EN_NOT_A_NAME.search(text)) else None
    )


def _kind_of(path: tuple) -> str | None:
    """'phase' for `phases[0].name` (anywhere in the kit), 'step' for `phases[0].steps[1].name`, 'zone' for `zones[2].name`."""
    if len(path) >= 3 and isinstance(path[-2], int):
        return {"phases": "phase", "steps": "step", "zones": "zone"}.get(path[-3])
    return None


def _stem(name: str, kind: str, lang: str) -> str:
    """The part of a phase, step or zone name before its kind word, as text names it.

    >>> _stem("儀式フェイズ", "phase", "ja"), _stem("Ritual phase", "phase", "en"), _stem("魔法陣", "zone", "ja")
    ('儀式', 'ritual', '魔法陣')
    """
    ja, en = SUFFIXES[kind]
    text = name if lang == "ja" else name.casefold()
    for suffix in ja if lang == "ja" else tuple(" " + s for s in en):
        if text.endswith(suffix):
            return text[: -len(suffix)].strip()
    return text.strip()


def check_names_in_text(ctx: CheckContext, kit: KitBase, texts: Texts) -> None:
    """Quoted names (「…」, “…”, *…*) name something the kit defines (PK333); "X phase" and "Xフェイズ" name a
    phase the game has (PK334), and so for steps and zones, once the kit declares any."""
    read: dict[tuple[str, str], tuple[list[str], list[tuple[str, str]]]] = {}  # a deck repeats its texts
    quoted: list[tuple[tuple, str, str]] = []
    for path, lang, value in texts.prose:
        if (lang, value) not in read:
            read[lang, value] = (_quoted(value, lang), _unknown_kind_words(texts, lang, value))
        if not is_flavour(path):
            quoted += [(path, lang, term) for term in read[lang, value][0]]
    quoted += [(path, "en", term) for path, term in texts.italics if not is_flavour(path)]
    for path, lang, value in texts.prose:
        for message, hint in read[lang, value][1]:
            ctx.add("PK334", path, message, hint)
    hints: dict[tuple[str, str], str | None] = {}  # by the term: None when it names something
    for path, lang, term in quoted:
        if (lang, term) not in hints:
            hints[lang, term] = None if texts.resolves(lang, term) else _unknown_name_hint(texts, lang, term)
        unknown = hints[lang, term]
        if unknown is not None:
            shown = f"「{term}」" if lang == "ja" else f"“{term}”"
            ctx.add("PK333", path, f"{shown} is quoted as a name, but nothing in the kit is called that", unknown)


def _unknown_name_hint(texts: Texts, lang: str, term: str) -> str:
    near = texts.nearest(lang, term)
    return (
        f"did you mean {near!r}?" if near else "quote only names the kit defines (cards, tokens, phases…), or define it"
    )


def is_flavour(path: tuple) -> bool:
    """Whether a text is flavour (`fill.flavour`, a `quote` region): what it quotes is said, never a name."""
    return any(isinstance(part, str) and _flavour_part(part) for part in path)


@lru_cache(maxsize=4096)
def _flavour_part(part: str) -> bool:
    """Whether a path part names flavour: a kit's paths repeat a few field names, so each is folded once."""
    folded = part.casefold()
    return any(word in folded for word in FLAVOUR_WORDS)


def defined_in(value: str, lang: str) -> list[str]:
    """The terms a text defines where it introduces them: 「水平実績」：…, 「こいこい」とは…, “Revolution”: …, and a
    bullet that opens with "Term:"."""
    if lang == "ja":
        found = [m.group(1) for pattern in (_JA_DEFINED, _JA_APPOSED, _JA_NAMED) for m in pattern.finditer(value)]
        head = _JA_HEAD.match(value)
    else:
        found = [
            m.group(1).strip() for pattern in (_EN_DEFINED, _EN_APPOSED, _EN_NAMED) for m in pattern.finditer(value)
        ]
        head = _EN_HEAD.match(value)
    return found + ([head.group(1).strip()] if head else [])


def _quoted(value: str, lang: str) -> list[str]:
    """The quoted terms of a text that are used as names: not words said (「勝負」と言う, say “Stop”), not dialogue
    or a sentence (「問題は解決した」)."""
    found = []
    if lang == "ja":
        for match in _JA_QUOTE.finditer(value):
            term = match.group(1)
            if match.group(0).startswith("『") or _NOT_A_NAME.search(term) or term.isdigit() or len(term) > 16:
                continue  # 『…』 is the title of a work
            if _JA_SAID_AFTER.match(value, match.end()) or _is_sentence(term) or _ja_cited(value, match):
                continue
            found.append(term)
    else:
        for match in _EN_QUOTE.finditer(value):
            term = match.group(1).strip()
            if not _looks_like_english_name(term):
                continue
            before = _EN_LIST_BEFORE.sub("", value[: match.start()])
            if _EN_SAID_BEFORE.search(before) or _EN_SAID_AFTER.match(value, match.end()):
                continue
            cited = _EN_CITED_BEFORE.search(before)
            if cited and (not cited.group(0).casefold().startswith("from") or _is_quotation(value)):
                continue
            found.append(term)
    return found


def _ja_cited(value: str, match: re.Match[str]) -> bool:
    """Whether a quoted term is a work cited in a quotation: 「大いなる作」より, ――「大いなる作」, or a title after the
    quotation it attributes (「星は語る」――「大いなる作」)."""
    return bool(_JA_CITED.match(value, match.end())) or bool(_JA_CITED_BEFORE.search(value[: match.start()]))


def _is_quotation(value: str) -> bool:
    """Whether an English text opens with a quotation, so a quoted title after "from" is the work it cites."""
    return value.strip()[:1] in "“\"'‘"


def _is_sentence(term: str) -> bool:
    """Whether quoted Japanese reads as a sentence (a verb, an auxiliary or a closing particle in it), not a name."""
    if not any("\u3041" <= c <= "\u3096" for c in term):  # a name in kanji or katakana alone: no grammar to read
        return False
    from .words import japanese  # only a quote with kana in it is read

    return japanese(term).is_sentence


def _looks_like_english_name(term: str) -> bool:
    words = term.split()
    return (
        0 < len(words) <= 4
        and not _EN_NOT_A_NAME.search(term)
        and all(w[:1].isupper() or w in ("of", "the", "and", "de", "a") for w in words)
    )


def italic_names(value: str) -> list[str]:
    """Italic spans of English text that read as names: Title Case, and not at the start of a sentence (where any
    emphasised word is capitalised). The prose check treats them as quoted."""
    if "*" not in value:
        return []
    found, before = [], ""
    for span in parse(value).spans:
        term = span.text.strip()
        opening = not before.strip() or before.rstrip()[-1] in ".!?:;"
        if span.italic and not opening and _looks_like_english_name(term):
            found.append(term)
        before += span.text
    return found


def _unknown_kind_words(texts: Texts, lang: str, value: str) -> list[tuple[str, str]]:
    """(message, hint) for each "X phase" in `value` that names a phase, step or zone the game does not have."""
    found = []
    matches = _JA_KIND.finditer(value) if lang == "ja" else _EN_KIND.finditer(value)
    for match in matches:
        if lang == "ja":
            word, said = next(g for g in match.groups()[:3] if g), match.group(4)
        else:
            word, said = match.group(1), match.group(2)
        kind = next(k for k, (ja, en) in SUFFIXES.items() if said in ja or said.casefold() in en)
        word = normalise_name(word) if lang == "ja" else word
        stems = texts.kinds[kind][lang]
        if not stems or (lang == "en" and word in _EN_DETERMINERS):
            continue
        key = word if lang == "ja" else word.casefold()
        if any(key.endswith(normalise_name(stem) if lang == "ja" else stem) for stem in stems if stem):
            continue
        have = ", ".join(sorted(stems))
        found.append((f"{match.group(0)!r} names a {kind} the game does not have", f"the {kind}s are: {have}"))
    return found


def check_effect_numbers(ctx: CheckContext, kit: KitBase, numbers: Numbers) -> None:
    """Numbers an effect's text states ("2 cards", "normally 3, now 4", "+10 points") agree with its amounts and
    the usual numbers it changes (PK323)."""
    play = kit.play
    if play is None:
        return
    for e, effect in enumerate(play.effects):
        if effect.text is None or not (effect.amounts or effect.changes):
            continue
        path = ("play", "effects", e)
        expected: dict[str, int] = {
            unit: value
            for unit, amount in effect.amounts.items()
            if (value := numbers(path + ("amounts", unit), amount)) is not None
        }
        changes: dict[str, NumberChange] = {}
        for unit, change in effect.changes.items():
            base = numbers(path + ("changes", unit, "base"), change.base)
            if base is not None:
                name = change.base if isinstance(change.base, str) else f"the usual {unit}"
                changes[unit] = NumberChange(base, change.by, name)
        for lang in ctx.languages:
            value = getattr(effect.text, lang, None)
            if value:
                words = plain(value) if has_markup(value) else value
                check_text_numbers(ctx, path + ("text", lang), words, expected, f"effect {effect.id!r}", None, changes)
