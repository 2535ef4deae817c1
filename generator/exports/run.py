"""Run an export: lay out and check everything first, then draw on every core, then publish whole.

`prepare` lays out each edition, checks `--only`, sizes and the output
directory, and plans the batches; it writes nothing but the empty staging
directory. `execute` runs the batches on `jobs` processes, lets each kind
finish in the parent (sheets, JSON), and swaps every finished directory into
place. The staging directory is removed whatever happens, so a failure or
Ctrl-C leaves nothing partial behind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pnpkit.validator.findings import Finding
from pnpkit.validator.jobs import ordered_map
from pnpkit.validator.kit import LoadedKit

from ..outdir import remove_staging, write_error
from ..stops import deferred
from ..typeset import fonts
from . import png, pod, staging, tts
from .cards import decks
from .plan import (
    ExportOptions,
    ExportUsageError,
    KindPlan,
    LayoutFailed,
    Selection,
    check_run,
    known_ids,
    layout,
)
from .work import Edition, run_batch

KIND_MODULES = {"png": png, "pod": pod, "tts": tts}

Progress = Callable[[str], None]


@dataclass
class Prepared:
    options: ExportOptions
    staging: Path
    plans: list[KindPlan] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(f.is_error for f in self.findings)

    def discard(self) -> None:
        remove_staging(self.staging)


def prepare(kits: list[LoadedKit], options: ExportOptions, progress: Progress = lambda _m: None) -> Prepared:
    """Every edition laid out and planned; ExportUsageError or OutputError for a request pnpkit refuses.

    Content problems met while laying out come back as findings, with nothing planned.
    """
    languages = {loaded.model.id: options.languages or tuple(loaded.model.languages) for loaded in kits}
    for loaded in kits:
        staging.check_writable(options.out_dir, loaded.model.id, languages[loaded.model.id], options.path)
    prepared = Prepared(options, staging.make_staging(options.out_dir))
    try:
        _plan_all(prepared, kits, languages, progress)
    except BaseException:
        prepared.discard()
        raise
    return prepared


def _plan_all(prepared: Prepared, kits: list[LoadedKit], languages: dict, progress: Progress) -> None:
    options = prepared.options
    module = KIND_MODULES[options.kind]
    selection = Selection(frozenset(options.only))
    known: dict[str, set[str]] = {}
    for loaded in kits:
        kit_id = loaded.model.id
        for lang in languages[kit_id]:
            progress(f"{kit_id} ({lang}): laying out")
            edition = Edition(loaded, lang, staging.kind_dir(prepared.staging, kit_id, lang, options.path))
            try:
                parts = layout(edition, 0.0)
                found = decks(parts)
                known[kit_id] = known_ids(parts, found)
                if selection.only and not (selection.only & known[kit_id]):
                    continue
                plan = module.plan(edition, parts, options, selection)
            except LayoutFailed as failed:
                prepared.findings.extend(failed.findings)
                continue
            prepared.plans.append(plan)
            prepared.notes.extend(note for note in plan.notes if note not in prepared.notes)
    if not prepared.ok:
        return
    unknown = sorted(selection.only - set().union(*known.values())) if known else []
    if unknown:
        every = sorted(set().union(*known.values()))
        raise ExportUsageError(
            f"--only {unknown[0]!r} is no deck or component of {', '.join(sorted(known))}; known: {', '.join(every)}"
        )
    if not any(plan.batches for plan in prepared.plans):
        what = "cards" if options.kind == "pod" else "anything"
        raise ExportUsageError(f"nothing to export: the kit has no {what} to write as {options.kind}")
    check_run(sum(plan.total_pixels for plan in prepared.plans), None if options.kind == "pod" else options.dpi)


def execute(prepared: Prepared, jobs: int = 1, progress: Progress = lambda _m: None) -> list[Path]:
    """Run every plan's batches, finish them, publish; the staging directory is always removed."""
    try:
        batches = [batch for plan in prepared.plans for batch in plan.batches]
        _warm(prepared.plans)
        progress(f"drawing {len(batches)} batch(es) on {min(jobs, len(batches))} process(es)")
        # one pool for every batch: a worker takes the next batch as soon as it is free, so no core waits
        # for the slowest batch of a wave; the results still come back in order
        results: list[list] = ordered_map(
            run_batch, batches, jobs, lambda n: progress(f"drew batch {n} of {len(batches)} on {jobs} process(es)")
        )
        at = 0
        for plan in prepared.plans:
            mine = results[at : at + len(plan.batches)]
            at += len(plan.batches)
            if plan.finish is not None:
                progress(f"{plan.edition.loaded.model.id} ({plan.edition.lang}): putting sheets together")
                fontset = fonts.for_kit(plan.edition.loaded.model, plan.edition.loaded.root, plan.edition.lang)[0]
                with fonts.using(fontset):
                    plan.finish([image for batch in mine for image in batch])
        editions = [(plan.edition.loaded.model.id, plan.edition.lang) for plan in prepared.plans]
        with deferred(stop_after=False):  # every kind is published, or the stop came before any was
            return staging.publish(prepared.staging, prepared.options.out_dir, editions, prepared.options.path)
    except OSError as exc:
        raise write_error(exc, prepared.options.out_dir) from None
    finally:
        prepared.discard()


def _warm(plans: list[KindPlan]) -> None:
    """Load what every worker needs once, before they fork and inherit it."""
    import importlib

    import PIL.Image

    importlib.import_module("pypdfium2")

    from ..backends import pdf  # noqa: F401

    PIL.Image.init()
    for plan in plans:
        edition = plan.edition
        fontset, _problems = fonts.for_kit(edition.loaded.model, edition.loaded.root, edition.lang)
        for _style, face in fontset.family().faces():
            face.ttfont  # noqa: B018 — reportlab's parse, which drawing needs
