"""What rule prose claims, against the model and against itself: claims the model contradicts (PK348), time words
against an effect's duration (PK349), and scope conflicts (PK359). Comparisons with no rule for a tie (PK347) are
`ties`, which shares the comparison words defined here.

Each reads prose, so each is a warning: a heuristic reading of prose is never an error. Each stays silent unless
the words are unambiguous and the kit states the other side.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

from ..checks import CheckContext
from ..markup import has_markup, plain
from .prose import Texts

if TYPE_CHECKING:
    from ..components.kit import KitBase
    from ..components.play import Effect, Timing
    from ..components.rules import Duration

COMPARE = {
    "ja": re.compile(
        r"より(?:も)?(?:多|高|大き|強|上)|(?:多い|高い|大きい|強い)(?:方|ほう|側|プレイヤー)|上回|(?:最も|一番)(?:多|高|大き|強)"
    ),
    "en": re.compile(
        r"\b(?:more|most|higher|highest|greater|greatest|stronger|strongest|larger|largest|bigger|biggest|exceeds?)\b",
        re.I,
    ),
}
"""Words that compare two values."""
GAME_WIN = {
    "ja": re.compile(r"勝ち|勝利|勝つ|勝者"),
    "en": re.compile(r"\b(?:wins?|winner|won)\b", re.I),
}
"""Words that decide the game's winner: an end condition's `tie_break` says what a tie does there."""
DECIDE = {
    "ja": re.compile(r"勝ち|勝利|勝つ|勝者|破壊|倒す|倒され|負け|敗北|獲得"),
    "en": re.compile(r"\b(?:wins?|winner|won|destroys?|destroyed|defeats?|defeated|loses?|lost)\b", re.I),
}
"""Words that say what the comparison decides."""
TIE = {
    "ja": re.compile(r"同じ|同点|同数|同値|引き分け|等しい|タイ|並んだ|同率|同時"),
    "en": re.compile(r"\b(?:ties?|tied|tying|equal|equally|same|draw|drawn|share|shared|neither)\b", re.I),
}
"""Words that say what happens on equal values."""

BOTH = {"ja": re.compile(r"両プレイヤー|両者|双方のプレイヤー|お互い"), "en": re.compile(r"\bboth players\b", re.I)}
TWO_ONLY = {"ja": re.compile(r"2人|二人|２人"), "en": re.compile(r"\b(?:2|two)[- ]players?\b", re.I)}
"""A sentence about the two-player game may say "both players" in a game for more."""

KIND_WORDS: dict[str, dict[str, re.Pattern[str]]] = {
    "destroy": {"ja": re.compile(r"破壊"), "en": re.compile(r"\bdestroy", re.I)},
    "draw": {"ja": re.compile(r"(?:枚|カードを)引"), "en": re.compile(r"\bdraws?\b", re.I)},
    "discard": {"ja": re.compile(r"捨て"), "en": re.compile(r"\bdiscard", re.I)},
    "move": {"ja": re.compile(r"移動"), "en": re.compile(r"\bmoves?\b", re.I)},
    "heal": {"ja": re.compile(r"回復"), "en": re.compile(r"\bheals?\b", re.I)},
    "freeze": {"ja": re.compile(r"凍結|凍ら"), "en": re.compile(r"\bfreez", re.I)},
    "shield": {"ja": re.compile(r"防[ぐ御]|守る"), "en": re.compile(r"\b(?:shields?|protects?|blocks?)\b", re.I)},
}
"""Verbs that say what an effect does, by the effect kind they claim."""

UNIT_WORDS = {
    "ja": re.compile(r"(?:次の?|この|その|同じ|次回の?)(ターン|ラウンド|サイクル|手番)"),
    "en": re.compile(
        r"\b(?:this|next|that|the same|the following|the end of the|the end of (?:your|their|its)) (turn|round|cycle)\b",
        re.I,
    ),
}
UNITS = {"ターン": "turn", "手番": "turn", "ラウンド": "round", "サイクル": "cycle"}
LASTS = {
    "ja": re.compile(
        r"(?:ターン|ラウンド|サイクル|手番)(?:の)?(?:終わり|終了時?)?まで|(?:ターン|ラウンド|サイクル)の間"
    ),
    "en": re.compile(
        r"\b(?:until the (?:end|start) of|for the rest of|for (?:the )?(?:next )?\w+ (?:turns|rounds|cycles))\b", re.I
    ),
}
"""Words that give an effect a duration."""

EVERYONE = {
    "ja": re.compile(r"全員|(?:すべて|全て)のプレイヤー|各プレイヤー"),
    "en": re.compile(r"\b(?:all players|every player|each player|everyone)\b", re.I),
}
EXCEPT = {
    "ja": re.compile(r"以外|を除く|を除いた|相手"),
    "en": re.compile(r"\b(?:except|other than|opponents?|other players)\b", re.I),
}
EVERYONE_TARGETS = frozenset({"all", "everyone", "all-players", "each-player", "every-player", "players"})
NOT_EVERYONE_TARGETS = frozenset({"opponent", "opponents", "others", "each-opponent", "other-players", "self", "owner"})
RANDOM = {"ja": re.compile(r"ランダム|無作為"), "en": re.compile(r"\brandom(?:ly)?\b", re.I)}
CHOSEN = {
    "ja": re.compile(r"好きな|任意の|選んでよい|選んでも(?:よい|良い|いい)"),
    "en": re.compile(
        r"\b(?:of (?:your|their|his|her) choice|(?:you|they) (?:like|want|wish)|may choose|choose any)\b", re.I
    ),
}
"""A draw "at random" that the player picks is a choice, not chance."""
RANDOM_NOUN = {
    "ja": re.compile(r"(?:ランダムな|無作為な|ランダムに選んだ|無作為に選んだ)([ァ-ヺー一-龯]{1,6})"),
    "en": re.compile(r"\b(?:a|an|the) random ([a-z]+)", re.I),
}
CHOSEN_NOUN = {
    "ja": re.compile(r"(?:好きな|任意の)([ァ-ヺー一-龯]{1,6})"),
    "en": re.compile(
        r"\b(?:any|a) ([a-z]+) (?:of (?:your|their|his|her) choice|(?:you|they) (?:like|want|choose))", re.I
    ),
}
""""A random position" and, in the same rule, "any position you like": which is it?"""
EXCLUDED = {
    "ja": re.compile(
        r"フェ[イー]ズ\s*(\d+)\s*(以降)?(?:を|は|の効果を)?\s*(?:行えない|行わない|できない|使用できない|使えない|飛ばす)"
    ),
    "en": re.compile(
        r"\b(?:cannot|can't|may not|does not|do not|skips?)\b[^.]{0,30}?\bphases?\s*(\d+)"
        r"(\s*(?:and later|onwards|or later|and after|on))?",
        re.I,
    ),
}
"""A rule that keeps some players out of a phase (and, with 以降 / "and later", the phases after it)."""
EVERYONE_IN = {
    "ja": re.compile(
        r"(?:関わらず|かかわらず|問わず)、?\s*(?:全員|(?:すべて|全て)のプレイヤー)が?[^。]{0,12}?フェ[イー]ズ\s*(\d+)"
    ),
    "en": re.compile(
        r"\b(?:regardless of|whatever|no matter)\b[^.]{0,30}?\b(?:every player|all players|everyone)\b[^.]{0,40}?"
        r"\bphase\s*(\d+)",
        re.I,
    ),
}
"""A rule that says every player takes part in a phase whatever else holds ("選んだ目に関わらず、全員が"): a general
rule with an exception elsewhere is ordinary rules writing; one that overrides every exception meets them head on."""
ENDS_IN_A_TURN = {
    "ja": re.compile(
        r"次の(?:\d+)?\s*(?:ターン|ラウンド|サイクル|手番)(?:で|に|に入ったら)(?:ゲーム(?:は|が)?)?終(?:了|わ)"
    ),
    "en": re.compile(r"\bends? (?:on|in|during) (?:the next|the (?:turn|round|cycle) after)\b", re.I),
}
AT_ITS_EDGE = {
    "ja": re.compile(r"開始時|終了時|始め|初め|終わり|最後|終えたら|終えた時|終えると|が終わったら"),
    "en": re.compile(r"\b(?:start|end|beginning|finish|close)\b", re.I),
}
"""「次のターンで終了」: at that turn's start, or once it is played? The words that say which."""
_SENTENCE = re.compile(r"(?<=[。．！？!?])|(?<=[.;]\s)")


def _words(value: str) -> str:
    return unicodedata.normalize("NFKC", plain(value) if has_markup(value) else value)


def sentences(value: str) -> list[str]:
    return [s for s in _SENTENCE.split(value) if s.strip()]


def check_claims(ctx: CheckContext, kit: KitBase, texts: Texts) -> None:
    _check_both_players(ctx, kit, texts)
    _check_random_choices(ctx, texts)
    _check_everyone_against_exclusions(ctx, texts)
    _check_when_it_ends(ctx, texts)
    _check_model_durations(ctx, kit)
    play = kit.play
    if play is None:
        return
    for e, effect in enumerate(play.effects):
        if effect.text is None:
            continue
        for lang in ctx.languages:
            value = getattr(effect.text, lang, None)
            if value:
                path = ("play", "effects", e, "text", lang)
                words = _words(value)
                _check_time_words(ctx, path, lang, words, effect.id, effect.duration, effect.timing)
                _check_scope(ctx, path, lang, words, effect)
    _check_effect_kinds(ctx, kit, texts)


def _check_model_durations(ctx: CheckContext, kit: KitBase) -> None:
    """A game model's own effects (an event's, a combo's) with a text and a duration: the time words agree."""
    from ..components.rules import Duration

    for path, text, owners in ctx.walk(kit).texts:  # the kit's texts, read once for every check
        if path[:1] == ("play",) or path[-1] != "text" or not owners:
            continue  # the vocabulary's effects: checked with their timing above
        duration = getattr(owners[-1], "duration", None)
        if not isinstance(duration, Duration):
            continue
        owner = _named(kit, path[:-1])
        for lang in ctx.languages:
            value = getattr(text, lang, None)
            if isinstance(value, str) and value:
                _check_time_words(ctx, path + (lang,), lang, _words(value), owner, duration, None)


def _named(kit: KitBase, path: tuple) -> str:
    """The id of the innermost listed thing `path` passes through (an event, a combo), for messages."""
    node: object = kit
    found = ""
    for part in path:
        node = node[part] if isinstance(node, (list, dict)) else getattr(node, part)
        found = str(getattr(node, "id", "") or found)
    return found


def _check_both_players(ctx: CheckContext, kit: KitBase, texts: Texts) -> None:
    """ "Both players" in a game for more than two (PK348)."""
    if kit.players.max <= 2:
        return
    for path, lang, value in texts.prose:
        if lang not in BOTH:
            continue
        for said in sentences(_words(value)):
            match = BOTH[lang].search(said)
            if match and not TWO_ONLY[lang].search(said):
                ctx.add(
                    "PK348",
                    path,
                    f"{match.group(0)!r} in a game for {kit.players.min}–{kit.players.max} players: with three or "
                    "more, which players are meant?",
                    "name them (the attacker and the defender, every player, the two neighbours), or say it is "
                    "the two-player rule",
                )
                break


def _check_random_choices(ctx: CheckContext, texts: Texts) -> None:
    """ "At random" in a sentence that lets the player pick: the draw is a choice, not chance (PK359)."""
    for path, lang, value in texts.prose:
        if lang not in RANDOM or not RANDOM[lang].search(value):
            continue
        words = _words(value)
        random_nouns = {m.group(1).casefold(): m.group(0) for m in RANDOM_NOUN[lang].finditer(words)}
        chosen = next((m for m in CHOSEN_NOUN[lang].finditer(words) if m.group(1).casefold() in random_nouns), None)
        if chosen is not None:
            ctx.add(
                "PK359",
                path,
                f"the rule says {random_nouns[chosen.group(1).casefold()]!r} and also {chosen.group(0)!r}: is it "
                "chance or the player's choice?",
                "say which: decided by chance (how: dice, a shuffled deck), or chosen (by whom)",
            )
            continue
        for said in sentences(words):
            if RANDOM[lang].search(said) and CHOSEN[lang].search(said):
                ctx.add(
                    "PK359",
                    path,
                    f"{said.strip()!r} says both random and chosen: the player picks, so it is not random",
                    "say which: shuffle and take unseen, or choose",
                )
                break


def _check_everyone_against_exclusions(ctx: CheckContext, texts: Texts) -> None:
    """ "Every player uses phase 4" beside "a player who chose the named face plays no phase from 2 on": does the
    excluded player take part or not (PK359)?"""
    exclusions: dict[str, list[tuple[int, bool, tuple]]] = {}
    everyone: list[tuple[tuple, str, int, str]] = []
    for path, lang, value in texts.prose:
        if lang not in EXCLUDED:
            continue
        words = _words(texts.words(path, value))
        if "フェ" not in words and "phase" not in words.casefold():
            continue
        for match in EXCLUDED[lang].finditer(words):
            exclusions.setdefault(lang, []).append((int(match.group(1)), bool(match.group(2)), path))
        everyone += [(path, lang, int(m.group(1)), m.group(0)) for m in EVERYONE_IN[lang].finditer(words)]
    for path, lang, phase, said in everyone:
        clash = next(
            (where for n, later, where in exclusions.get(lang, ()) if n == phase or (later and phase > n)), None
        )
        if clash is not None and clash != path:
            ctx.add(
                "PK359",
                path,
                f"{said!r} says every player takes part in phase {phase}, but the rule at "
                f"{ctx.locate(clash).brief()} keeps some players out of it",
                "say whether the excluded players take part in this phase",
            )


def _check_when_it_ends(ctx: CheckContext, texts: Texts) -> None:
    """ "The game ends on the next turn": at its start, before anyone plays it, or at its end (PK349)?"""
    for path, lang, value in texts.prose:
        if lang not in ENDS_IN_A_TURN:
            continue
        for said in sentences(_words(value)):
            match = ENDS_IN_A_TURN[lang].search(said)
            if match and not AT_ITS_EDGE[lang].search(said.replace(match.group(0), "")):
                ctx.add(
                    "PK349",
                    path,
                    f"{match.group(0)!r}: at the start of that turn, before it is played, or at its end?",
                    "say which: 'at the start of the next turn' or 'once the next turn is over'",
                )
                break


def _check_time_words(
    ctx: CheckContext,
    path: tuple,
    lang: str,
    words: str,
    name: str,
    duration: Duration | None,
    timing: Timing | None,
) -> None:
    """ "Next turn" on an effect that lasts a round, an effect the text makes last with no duration in the model,
    and a turn-long effect that fires at the end of a cycle or round (PK349)."""
    if lang not in UNIT_WORDS:
        return
    said = {UNITS.get(m.group(1), m.group(1).casefold()) for m in UNIT_WORDS[lang].finditer(words)}
    if duration is not None and duration.unit in ("turn", "round", "cycle") and said and duration.unit not in said:
        ctx.add(
            "PK349",
            path,
            f"the text counts in {'/'.join(sorted(said))}s, but effect {name!r} lasts {duration.count} "
            f"{duration.unit}(s)",
            "make the text's time word and the duration's unit the same (a turn is one player's, a round everyone's)",
        )
    elif duration is None and LASTS[lang].search(words):
        ctx.add(
            "PK349",
            path,
            f"the text makes effect {name!r} last, but it has no `duration:`, so nothing says when it ends",
            "add `duration: {count: 1, unit: turn, scope: self}` (or what the text says)",
        )
    if duration is not None and timing is not None and duration.unit == "turn" and timing.unit != "turn":
        ctx.add(
            "PK349",
            path,
            f"effect {name!r} fires at the {timing.at} of a {timing.unit} but lasts {duration.count} turn(s): "
            "whose turn is not said",
            "make it last a round or cycle, or say whose turn it binds",
        )


def _check_scope(ctx: CheckContext, path: tuple, lang: str, words: str, effect: Effect) -> None:
    """An effect whose text says everyone while its target excludes some, or the reverse (PK359)."""
    if effect.target is None or lang not in EVERYONE:
        return
    everyone, excluding = EVERYONE[lang].search(words), EXCEPT[lang].search(words)
    if effect.target in EVERYONE_TARGETS and excluding and not everyone:
        ctx.add(
            "PK359",
            path,
            f"the text says {excluding.group(0)!r}, but effect {effect.id!r} targets {effect.target!r}: everyone",
            "make the target and the text agree on who is included",
        )
    elif effect.target in NOT_EVERYONE_TARGETS and everyone and not excluding:
        ctx.add(
            "PK359",
            path,
            f"the text says {everyone.group(0)!r}, but effect {effect.id!r} targets {effect.target!r}",
            "make the target and the text agree on who is included",
        )


def _check_effect_kinds(ctx: CheckContext, kit: KitBase, texts: Texts) -> None:
    """Prose that names an effect and says it does what another declared kind does: "「凍結」は破壊する" where the
    effect is a freeze (PK348)."""
    play = kit.play
    if play is None:
        return
    declared = set(play.effect_kinds) & set(KIND_WORDS)
    by_name: dict[str, dict[str, Effect]] = {}
    for effect in play.effects:
        for lang in ctx.languages:
            name = effect.name.get(lang) or ""
            if effect.kind in KIND_WORDS and name:
                by_name.setdefault(lang, {}).setdefault(name, effect)
    if not by_name or not declared:
        return
    finders = {
        lang: re.compile("|".join(_name_pattern(n) for n in sorted(names, key=len, reverse=True)))
        for lang, names in by_name.items()
    }
    read: dict[tuple[str, str], list[tuple[str, str, str]]] = {}  # a deck repeats its texts: each is read once
    for path, lang, value in texts.prose:
        finder = finders.get(lang)
        if finder is None:
            continue
        if (lang, value) not in read:
            read[lang, value] = _kind_claims(lang, _words(value), finder, by_name[lang], declared)
        for name, kind, own in read[lang, value]:
            ctx.add(
                "PK348",
                path,
                f"the text says {name!r} does what a {kind} effect does, but effect {by_name[lang][name].id!r} is a {own}",
                "correct the text or the effect's kind",
            )


def _name_pattern(name: str) -> str:
    """A name as prose uses it; a one-character name (霜, 炎) only standing alone: quoted, or before は/が, never
    inside a longer word (霜柱)."""
    if len(name) > 1:
        return re.escape(name)
    return rf"(?<=「){re.escape(name)}(?=」)|(?<![一-龯ぁ-んァ-ヺ]){re.escape(name)}(?=[はが])"


def _kind_claims(
    lang: str, words: str, finder: re.Pattern[str], effects: dict[str, Effect], declared: set[str]
) -> list[tuple[str, str, str]]:
    """(effect name, the kind the words claim, the effect's kind) for each sentence that names an effect and then,
    within a few words, uses another kind's verb and none of its own."""
    found = []
    for said in sentences(words):
        for match in finder.finditer(said):
            effect = effects[match.group(0)]
            after = said[match.end() : match.end() + 20]
            if KIND_WORDS[effect.kind][lang].search(said):
                continue
            kind = next((k for k in sorted(declared - {effect.kind}) if KIND_WORDS[k][lang].search(after)), None)
            if kind is not None:
                found.append((match.group(0), kind, effect.kind))
                break
    return found
