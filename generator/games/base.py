"""Shared pieces of game assembly: components, rule sections and the errata table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pnpkit.validator.components.kit import KitBase
from pnpkit.validator.components.rules import Table as TableModel
from pnpkit.validator.placeholders import fill
from pnpkit.validator.proofread.vocabulary import open_questions, owner_label
from pnpkit.validator.types import LocalText, Unspecified

from ..layouts.context import LayoutContext, TextProblem
from ..layouts.rules import Diagram, Section, Table
from ..scene import Page


@dataclass(frozen=True)
class Component:
    """One printable part of a kit: its file name, title and pages."""

    slug: str
    title: str
    pages: tuple[Page, ...]
    copies: str = "1"
    svg: bool = True
    stock: str = ""
    """Paper or card to print on; the kit book falls back to a sensible default by kind."""
    steps: tuple[str, ...] = ()
    """How to cut, fold or assemble it, in order."""
    checklist: tuple[tuple[str, int], ...] = ()
    """Physical pieces this component yields, with counts taken from the model."""


def text(value: LocalText | None, lang: str, values: dict[str, Any] | None = None) -> str:
    """Localised text with its placeholders filled."""
    if value is None:
        return ""
    raw = value.get(lang)
    return fill(raw, values or {})


def errata_table(kit: KitBase, lang: str) -> Table:
    from ..i18n import tr

    values = kit.placeholder_values()
    rows = tuple(
        (text(e.topic, lang, values), text(e.as_written, lang, values), text(e.resolution, lang, values))
        for e in kit.errata
    )
    return Table((tr("topic", lang), tr("as_written", lang), tr("resolution", lang)), rows, (0.18, 0.41, 0.41))


def end_conditions_table(kit: KitBase, lang: str) -> Table:
    from ..i18n import tr

    values = kit.placeholder_values()
    rows = tuple(
        (
            text(e.when, lang, values),
            text(e.winner, lang, values),
            tr("unspecified", lang) if isinstance(e.tie_break, Unspecified) else text(e.tie_break, lang, values),
        )
        for e in kit.end_conditions
    )
    return Table((tr("game_ends", lang), tr("winner", lang), tr("tie_break", lang)), rows, (0.36, 0.32, 0.32))


def open_questions_table(kit: KitBase, lang: str) -> Table | None:
    """What the rulebook leaves `unspecified`, one row each, or None when nothing is open."""
    from ..i18n import tr

    rows = tuple(
        (f"{owner_label(owner, lang)}: {field.replace('_', ' ')}", note or tr("not_said", lang))
        for _path, owner, field, note in open_questions(kit)
    )
    return Table((tr("open_question", lang), tr("open_note", lang)), rows, (0.4, 0.6)) if rows else None


def rule_sections(ctx: LayoutContext, kit: KitBase, generated: Mapping[str, Table | Diagram]) -> list[Section]:
    """The kit's rule summary with placeholders filled and generated tables or diagrams put in place.

    Every game gets `errata` and `end-conditions`; games add their own tables and drawings.
    """
    from ..i18n import tr

    values = kit.placeholder_values()
    lang = ctx.lang
    questions = open_questions_table(kit, lang)
    generated = {"errata": errata_table(kit, lang), "end-conditions": end_conditions_table(kit, lang)} | dict(generated)
    generated["open-questions"] = questions or Table(
        (tr("open_question", lang), tr("open_note", lang)), (("—", "—"),), (0.4, 0.6)
    )
    sections = []
    for i, section in enumerate(kit.rules.sections if kit.rules else []):
        where = ("rules", "sections", i)
        if section.generated and section.generated not in generated:
            known = ", ".join(sorted(generated))
            ctx.problems.append(
                TextProblem(
                    "PK305",
                    where + ("generated",),
                    f"no generated table named {section.generated!r}",
                    f"use one of {known}",
                )
            )
        made = generated.get(section.generated) if section.generated else _table(section.table, lang, values)
        sections.append(
            Section(
                title=text(section.title, lang),
                text=text(section.text, lang, values),
                steps=[text(s, lang, values) for s in section.steps],
                bullets=[text(b, lang, values) for b in section.bullets],
                bullets_under=section.bullets_under or 0,
                table=made if isinstance(made, Table) else None,
                diagram=None if made is None or isinstance(made, Table) else made,
                where=where,
            )
        )
    placed = {section.generated for section in (kit.rules.sections if kit.rules else [])}
    if questions is not None and "open-questions" not in placed:  # never silent: printed even when no section asks
        sections.append(Section(tr("open_questions", lang), table=questions, where=("play",)))
    return sections


def _table(table: TableModel | None, lang: str, values: dict[str, Any]) -> Table | None:
    """A rule section's own table, its `{placeholders}` filled as in the section's text."""
    if table is None:
        return None
    n = len(table.columns)
    return Table(
        tuple(text(c, lang, values) for c in table.columns),
        tuple(tuple(text(c, lang, values) for c in row) for row in table.rows),
        tuple(1 / n for _ in range(n)),
    )
