"""The proofreader: checks of the game itself that every kit gets, `game: generic` included.

- `vocabulary`: the shared rule vocabulary (`play:`) against itself: tie-break orders, hand limits,
  supplies, recipes, effects, choices, and what the rulebook leaves `unspecified`;
- `flow`: resources over the longest game: decks that run dry, setups that need more cards than
  exist, caps that never bind, effects that fire after the game has ended;
- `prose`: rule, card and example text against the model: quoted names and phase words name something
  defined, and numbers stated about an effect agree with it;
- `facts`: facts the prose states (a hand limit, the players, the cards dealt, a win) against each other and
  the model;
- `supplies`: numbers the prose states against the end conditions, the supplies and a turn's limits;
- `recipes`: recipe inputs against the resources (supplies) the kit lists;
- `claims`: claims the model contradicts, time words against durations, scope
  conflicts;
- `claims_model`: an effect's text against its own kind, and prose that makes a momentary effect last;
- `winners`: two statements of the game's winner that measure different things;
- `ties`: comparisons, in any wording and any rule, with no rule for a tie;
- `lint`: slips in any text: a list number used twice, stray small kana, half-width katakana, doubled characters;
- `signs`: a heading (or a model's score) and its body that disagree on a sign;
- `geometry`: the board's shape and cell count, and hops between map nodes, as the prose states them;
- `deadrules`: an effect's cap that a turn's usual number already meets, an end the deck's refill pre-empts;
- `terms`: look-alike characters in any text, the kit's glossary, and near-duplicate terms;
- `errata`: a ruling the errata states also stands in its rule section;
- `components`: every state the rules create has a component on the table to show it.

Each check adds findings to the context and never raises. A game's rule model adds what is particular
to its game; these are called for every kit by validator.kit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..language_tags import language_name
from . import (
    claims,
    claims_model,
    components,
    deadrules,
    errata,
    facts,
    flow,
    geometry,
    lint,
    prose,
    recipes,
    signs,
    supplies,
    terms,
    ties,
    vocabulary,
    winners,
    words,
)

if TYPE_CHECKING:
    from ..checks import CheckContext
    from ..components.kit import KitBase


READS = ("ja", "en")
"""The languages the proofreader has word lists and a dictionary for (SudachiPy, pyspellchecker): prose in any
other is read only for what needs no words (the model, numbers in placeholders, characters, look-alikes)."""
SKIPPED = (
    "numbers and facts stated in prose (PK346), claims and time words (PK348, PK349), whom a rule applies to "
    "(PK359), comparisons with no tie rule (PK347), signs (PK370), rules that never apply (PK358), quoted names "
    "and phase words (PK333, PK334), and slips and near-duplicate terms (PK335, PK336, PK371)"
)
"""What the proofreader skips in a language it cannot read: the checks that match its word lists."""


def proofread(ctx: CheckContext, kit: KitBase) -> None:
    """Every shared check of the game, on any kit."""
    try:
        _proofread(ctx, kit)
    finally:
        words.release()
    note_unread_languages(ctx)


def note_unread_languages(ctx: CheckContext) -> None:
    """PK373, once per edition in a language the proofreader has no words for: what it did not read there."""
    read = " and ".join(language_name(lang) for lang in READS)
    for i, lang in enumerate(ctx.languages):
        if lang in READS:
            continue
        ctx.add(
            "PK373",
            ("languages", i),
            f"{lang}: the proofreader reads {read}, not {language_name(lang)}: in {lang} text it skips {SKIPPED}",
            "proofread this edition's text by hand; the kit's model, names, placeholders, markup and characters "
            "are checked in every language",
        )


def _proofread(ctx: CheckContext, kit: KitBase) -> None:
    numbers = vocabulary.Numbers(ctx, kit.placeholder_values())
    vocabulary.check_play(ctx, kit, numbers)
    vocabulary.check_open(ctx, kit)
    flow.check_flow(ctx, kit, numbers)
    texts = prose.Texts.of(ctx, kit)
    prose.check_names_in_text(ctx, kit, texts)
    prose.check_effect_numbers(ctx, kit, numbers)
    facts.check_prose_facts(ctx, kit, texts, numbers)
    supplies.check_prose_supplies(ctx, kit, texts, numbers)
    recipes.check_recipe_inputs(ctx, kit)
    facts.check_card_titles(ctx, kit)
    facts.check_table_rows(ctx, kit)
    claims.check_claims(ctx, kit, texts)
    claims_model.check_model_claims(ctx, kit, texts)
    winners.check_winners(ctx, kit, texts)
    ties.check_ties(ctx, kit, texts)
    lint.check_lint(ctx, kit, texts)
    signs.check_signs(ctx, kit, texts)
    geometry.check_geometry(ctx, kit, texts)
    deadrules.check_dead_caps(ctx, kit, texts, numbers)
    deadrules.check_pre_empted_ends(ctx, texts)
    terms.check_terms(ctx, kit, texts)
    errata.check_errata(ctx, kit)
    components.check_components(ctx, kit, numbers)
