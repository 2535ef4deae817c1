"""The catalogue of finding codes.

Codes are stable: tools and tests match on them, so a code is never reused for
another meaning. Each code has one severity, set here and nowhere else.
"""

from __future__ import annotations

from .findings import Finding, Location, Severity

E, W, NOTE = Severity.ERROR, Severity.WARNING, Severity.INFO

CODES: dict[str, tuple[Severity, str]] = {
    # PK1xx: reading the source files
    "PK101": (E, "YAML syntax error"),
    "PK102": (E, "duplicate key"),
    "PK103": (E, "file too large"),
    "PK104": (E, "nesting too deep"),
    "PK105": (E, "alias expansion too large"),
    "PK106": (E, "file is not valid UTF-8"),
    "PK107": (E, "file not found"),
    "PK108": (E, "path escapes the kit directory"),
    "PK109": (E, "top level of a file must be a mapping"),
    "PK110": (E, "key defined in two kit files"),
    "PK111": (E, "unsupported YAML tag"),
    "PK112": (E, "a file included more than once"),
    # PK2xx: the schema
    "PK201": (E, "unknown field"),
    "PK202": (E, "missing field"),
    "PK203": (E, "wrong type or value"),
    "PK204": (E, "unknown game"),
    # PK3xx: generic checks shared by every game
    "PK301": (E, "missing translation"),
    "PK302": (E, "unknown placeholder"),
    "PK304": (E, "duplicate id"),
    "PK305": (E, "reference to nothing"),
    "PK307": (E, "character the font cannot draw"),
    "PK309": (E, "text does not fit even at the minimum size"),
    "PK311": (E, "deck has no cards"),
    "PK312": (W, "look-alike characters in a name"),
    "PK313": (E, "names equal after normalisation"),
    "PK314": (E, "list is not a permutation of the known entries"),
    "PK315": (E, "two stated numbers disagree"),
    "PK316": (E, "a choice offers fewer than two options"),
    "PK317": (E, "two recipes of one category use the same inputs"),
    "PK318": (W, "recipes of different categories share inputs"),
    "PK319": (W, "end condition without a tie-break"),
    "PK320": (E, "effect has no valid target"),
    "PK321": (E, "unsupported image format"),
    "PK322": (W, "image resolution below 300 ppi"),
    "PK323": (W, "number in the text disagrees with the model"),
    "PK324": (E, "card does not fit on the paper"),
    "PK325": (E, "table row does not match its columns"),
    "PK326": (E, "printed text below the readable floor (6 pt Latin, 7 pt Japanese)"),
    "PK327": (E, "a component with nothing to print"),
    "PK330": (W, "an ignore: entry that silences nothing"),
    "PK332": (E, "a supply smaller than the most the rules can need"),
    "PK333": (W, "a quoted name in text names nothing in the kit"),
    "PK334": (W, "text names a phase, step or zone the game does not have"),
    "PK335": (W, "a glossary variant written instead of its term"),
    "PK336": (W, "a term used once, one character away from a term used often"),
    "PK337": (E, "a deck runs dry before the game can end"),
    "PK338": (E, "setup needs more cards than exist"),
    "PK339": (W, "a cap that can never bind"),
    "PK340": (W, "the rulebook leaves this unspecified"),
    "PK341": (W, "an as-written kit relies on a default that picks a reading"),
    "PK342": (W, "an effect scheduled for the moment the game ends"),
    "PK343": (E, "a state the rules create has no component to show it"),
    "PK344": (W, "a ruling stated only in the errata, not in its section"),
    "PK345": (W, "the credits name the game, not the person who designed it"),
    "PK346": (W, "a number in prose contradicts what the kit states elsewhere"),
    "PK347": (W, "a comparison with no rule for a tie"),
    "PK348": (W, "prose claims what the model contradicts"),
    "PK349": (W, "a time word that disagrees with the effect's duration"),
    "PK358": (W, "a rule that can never apply"),
    "PK359": (W, "two rules, or two words of one rule, disagree on whom or how it applies"),
    "PK364": (W, "two different cards share a title"),
    "PK365": (W, "a rule table lists one row or one combination twice"),
    "PK366": (
        W,
        "text set badly: a Japanese line breaks inside a phrase, a table cell starves, or a card's text crowds its footer",
    ),
    "PK367": (W, "text prints over other text"),
    "PK368": (W, "text crowds the edge of a box or circle, or runs into one"),
    "PK369": (W, "a back's title too long for its small card is left off the back"),
    "PK370": (W, "a heading and its body disagree on a sign or a unit"),
    "PK371": (
        W,
        "a slip in the text: a list number used twice, a stray small kana, half-width katakana, a doubled character",
    ),
    "PK372": (W, "an edition lacks translations: those texts print in its fallback language"),
    "PK373": (NOTE, "the proofreader cannot read an edition's language: the checks that read prose skip it"),
    "PK331": (E, "an ignore: entry without a reason, or for a code that cannot be silenced"),
    # PK35x: what play shows (validate --simulate; validator/playtest/findings.py)
    "PK350": (W, "in play, a deck runs dry before the game can end"),
    "PK351": (W, "in play, a supply runs out"),
    "PK352": (W, "in play, ties are frequent and no tie rule decides them"),
    "PK353": (W, "in play, games do not end"),
    "PK354": (W, "in play, the seats' win rates differ beyond the tolerance"),
    "PK355": (W, "in play, effects come after the game has ended"),
    "PK356": (W, "a reading the kit declares that the engine cannot play"),
    "PK357": (W, "the game has no playtest engine: nothing was played"),
    # PK36x: sizes the content sets, bounded before the work (hostile input)
    "PK360": (E, "a number too large to read"),
    "PK361": (E, "a text longer than pnpkit reads"),
    "PK362": (E, "more of something than one kit may hold"),
    "PK363": (E, "too many errors of one kind; the rest are counted, not listed"),
    # physical fit: what goes on a board, mat or track fits its space (every game)
    "PK414": (E, "card space smaller than its deck's cards"),
    "PK415": (E, "piece larger than the cell, edge, corner or node it stands on"),
    "PK416": (E, "token larger than its track's spaces"),
    # what the designer wrote reads another way than meant (card templates and table decks)
    "PK430": (W, "a table column named like a card field fills the field, not the region of that name"),
    "PK431": (W, "min_size below the readable floor: text never shrinks that far"),
    "PK432": (W, "a card of a shuffled deck has a back unlike the others"),
    # languages: tags as BCP 47 writes them (validator/language_tags.py)
    "PK450": (E, "a language tag that is not well formed"),
    "PK451": (E, "a language written right to left, which pnpkit cannot print yet"),
    "PK452": (E, "a language whose script needs shaping (Devanagari, Thai, …), which pnpkit cannot print yet"),
    # images on cards (validator/images.py)
    "PK501": (E, "image resolution below 150 ppi"),
    "PK502": (E, "image file damaged or unreadable"),
    "PK503": (E, "image too large to decode"),
    "PK504": (E, "image would print differently from how it shows on screen"),
    "PK505": (E, "SVG art that cannot print as vectors"),
    # card lists in files: CSV and spreadsheets (validator/tables.py), decks across files (validator/cardfiles.py)
    "PK540": (E, "table cannot be read"),
    "PK541": (E, "table too large"),
    "PK542": (E, "CSV encoding is ambiguous"),
    "PK543": (E, "table header does not name a field"),
    "PK544": (E, "file cannot hold a deck's cards"),
    # rich text and fonts (validator/markup.py, generator/typeset/fonts.py)
    "PK520": (E, "unbalanced markup in text"),
    "PK521": (E, "unknown markup in text"),
    "PK522": (E, "font file pnpkit cannot use"),
    "PK523": (E, "unknown font family"),
}

RETIRED: dict[str, str] = {
    "PK303": "a number in rule text was a warning for being a number; now only one that contradicts what the kit "
    "states elsewhere is a finding (PK346)",
}
"""Codes no longer raised, and why: never reused, and an `ignore:` entry for one is PK330."""


def register(more: dict[str, tuple[Severity, str]]) -> None:
    """Add a game's own codes; a code may never change meaning."""
    for code, entry in more.items():
        if code in CODES and CODES[code] != entry:
            raise ValueError(f"finding code {code} is already registered with another meaning")
        CODES[code] = entry


def make(code: str, message: str, location: Location, path: str = "", hint: str = "") -> Finding:
    severity, _title = CODES[code]
    return Finding(code, severity, message, location, path, hint)
