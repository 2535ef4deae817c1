"""Errata against the rule sections: a ruling the errata states also stands in its rule section.

An erratum that settles how the game is played names the section that states the ruling (`section:`, a
section's `id:`) and the words it states it in (`ruling:`). Players read rules in their section, not in the
errata table at the end, so those words must be there, in every language, placeholders filled; a section edit
that drops them leaves the ruling stated only in the errata (PK344).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..checks import CheckContext, check_unique_ids
from ..markup import plain
from ..placeholders import PLACEHOLDER, fill

if TYPE_CHECKING:
    from ..components.kit import KitBase
    from ..components.rules import RuleSection
    from ..types import LocalText

ENDS = ".。．!！"
"""Sentence ends a ruling may carry that its section places mid-sentence."""


def check_errata(ctx: CheckContext, kit: KitBase) -> None:
    """PK344: a ruling stated only in the errata, not in the section it belongs to (PK305: no such section)."""
    sections = kit.rules.sections if kit.rules else []
    check_unique_ids(ctx, sections, ("rules", "sections"), "rule section")
    by_id = {section.id: section for section in sections if section.id is not None}
    values = kit.placeholder_values()
    said: dict[tuple[str, str], tuple[str, str]] = {}  # a section's words, read once however many errata name it
    for e, erratum in enumerate(kit.errata):
        if erratum.section is None or erratum.ruling is None:
            continue  # a correction of the kit's data alone, which the cards show
        path = ("errata", e)
        section = by_id.get(erratum.section)
        if section is None:
            known = ", ".join(sorted(by_id)) or "none: give the section an `id:`"
            ctx.add("PK305", path + ("section",), f"no rule section has the id {erratum.section!r}", f"known: {known}")
            continue
        title = section.title.get(ctx.languages[0])
        if section.generated == "errata":
            ctx.add(
                "PK344",
                path + ("section",),
                f"erratum {erratum.id!r} names the errata section {title!r} as where its ruling is stated",
                "name the rule section a player reads for this rule",
            )
            continue
        for lang in ctx.languages:
            raw = erratum.ruling.get(lang)
            words = said.get((erratum.section, lang))
            if words is None:
                stated = list(_stated(kit, section, lang))
                words = _normal(" ".join(fill(text, values) for text in stated)), _skeleton(" ".join(stated))
                said[erratum.section, lang] = words
            filled = _normal(fill(raw, values)).strip(ENDS + " ")
            if filled in words[0]:
                continue
            if _skeleton(raw) in words[1]:
                continue  # the same words around a placeholder the section misspells: that is PK302's finding
            ctx.add(
                "PK344",
                path + ("ruling", lang),
                f"the ruling of erratum {erratum.id!r}, {erratum.ruling.get(lang)!r}, is stated only in the errata: "
                f"section {section.title.get(lang)!r} ({lang}) does not say it",
                f"add it to the section {erratum.section!r} in these words, or quote the words the section uses",
            )


def _stated(kit: KitBase, section: RuleSection, lang: str) -> Iterator[str]:
    """Every text the section prints in `lang`: its paragraph, steps, bullets and table, or for the generated
    end-conditions table the kit's end conditions."""
    texts: list[LocalText | None] = [section.text, *section.steps, *section.bullets]
    if section.table is not None:
        texts += [*section.table.columns, *(cell for row in section.table.rows for cell in row)]
    if section.generated == "end-conditions":
        for end in kit.end_conditions:
            texts += [end.when, end.winner, getattr(end, "tie_break", None)]
    for text in texts:
        if text is not None and hasattr(text, "get"):
            yield text.get(lang)


def _skeleton(text: str) -> str:
    """The words with every `{placeholder}` the same, sentence ends trimmed."""
    return PLACEHOLDER.sub("{}", _normal(text)).strip(ENDS + " ")


def _normal(text: str) -> str:
    """As a reader compares words: markup, width, case and runs of spaces do not matter."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", plain(text)).casefold())
