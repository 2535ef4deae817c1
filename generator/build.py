"""Build a validated kit: lay out every component, render, then write all files at once.

Layout happens in memory first, so a text that does not fit stops the build
before anything touches the output directory. Files are written into a
staging directory and moved into place only when every one is complete
(generator/outdir.py: staging, locks, and the user's own files, which are kept).
"""

from __future__ import annotations

import glob
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from pnpkit.validator import codes, suppress
from pnpkit.validator.components.kit import KitBase
from pnpkit.validator.components.printing import PrintSettings
from pnpkit.validator.findings import Finding
from pnpkit.validator.games import AnyKitModel
from pnpkit.validator.jobs import ordered_map
from pnpkit.validator.kit import LoadedKit
from pnpkit.validator.source import format_path

from . import diskcache, facecache
from .bookplan import book_plan, has_cards, kit_pdf_firsts, kit_pdf_pages, pairs
from .cardmap import deck_starts
from .games import Component, components, layout_module
from .i18n import needs_line, tr
from .index import NAME as INDEX
from .index import dumps, edition_index, read_index
from .inksaver import ink_saver
from .layouts.book import ContentsEntry, blank, contents, cover
from .layouts.calibration import calibration_pages
from .layouts.context import LayoutContext, text_floor
from .layouts.folio import numbered
from .outdir import MARKER as MARKER  # and the two errors below: the CLI and the exports import them from here
from .outdir import DiskFullError as DiskFullError
from .outdir import OutputError as OutputError
from .outdir import (
    Publication,
    check_output_link,
    check_usable,
    index_names,
    link_or_copy,
    listed_names,
    make_staging,
    prepare_swap,
    publish_error,
    remove_staging,
    users_entries,
    write_error,
)
from .progress import Progress
from .render import component_document, component_pdf, document
from .scene import Bookmark, Box, Document, Group, Page
from .stops import deferred
from .typeset import fonts
from .units import PAPERS

EDITION_NOTE = "made by pnpkit; each build replaces the files listed below and keeps any other file put here\n"
FONTS_NOTE = "made by pnpkit: the fonts the SVGs use, with their licences; the files listed below are replaced\n"


class SettingsError(ValueError):
    """Build options that cannot be met: print settings that cannot go together (from the kit or the command
    line), a playtest page for a game with no playtest engine."""


@dataclass(frozen=True)
class BuildOptions:
    out_dir: Path
    languages: tuple[str, ...] | None = None  # None: every language the kit declares
    overrides: dict = field(default_factory=dict)  # print settings from the command line
    svg: bool = True
    svg_text: str = "outlines"
    """How SVGs carry text (backends.svg.TEXT_MODES): glyph outlines that look like the PDF anywhere, or live text."""
    jobs: int = 1
    """Worker processes; 1 lays out and renders in this process."""
    only: tuple[str, ...] = ()
    """Build just these components (by component or deck id) and keep the rest of the output; () builds all."""
    playtest: int = 0
    """Games to play for a playtest report page at the end of the kit book (`--playtest N`); 0: none."""
    strict_translations: bool = False
    """Every text an edition lacks is an error (PK301), for a release build (`pnpkit watch` reloads with it)."""


def print_settings(kit: KitBase, overrides: dict) -> PrintSettings:
    """The kit's `print:` block with command-line values on top; ValueError names what clashes."""
    from pydantic import ValidationError

    merged = kit.print.model_dump(exclude_unset=True) | {k: v for k, v in overrides.items() if v is not None}
    for key in ("bleed",):
        if isinstance(merged.get(key), (int, float)):
            merged[key] = f"{merged[key]}mm"
    if merged.get("back_offset") and all(isinstance(v, (int, float)) for v in merged["back_offset"]):
        merged["back_offset"] = [f"{v}mm" for v in merged["back_offset"]]
    try:
        return PrintSettings.model_validate(merged)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"]) or "print settings"
        raise SettingsError(f"{where}: {first['msg'].removeprefix('Value error, ')}") from None


@dataclass
class BuildResult:
    files: list[Path] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(f.is_error for f in self.findings)


def layout_kit(
    loaded: LoadedKit, lang: str, settings: PrintSettings | None = None, playtest: dict | None = None
) -> tuple[list[Component], list[Finding]]:
    """Every component's pages for one language, and the text problems met on the way; with a `playtest` report
    (`pnpkit simulate`'s JSON), its page comes last."""
    kit = loaded.model
    settings = settings or kit.print
    ctx = LayoutContext(lang, PAPERS[settings.paper], settings=settings)
    fontset, font_problems = fonts.for_kit(kit, loaded.root, lang)
    with fonts.using(fontset), diskcache.kept(loaded.root, kit, lang, settings):  # in the edition's fonts
        parts = [_finish(part, settings) for part in components(kit, ctx)]
        if playtest is not None:
            from .layouts.playtest import report_component

            parts.append(_finish(report_component(ctx, kit, playtest), settings))
        cache = facecache.active()  # a watch checks again only the components that changed
        checked = text_floor(parts) if cache is None else cache.page_check(ctx, parts, text_floor)
        floor = _not_told_twice(checked, ctx.problems)
    empty = [part for part in parts if not part.pages]
    found = _findings(loaded, [*font_problems, *ctx.problems, *floor], lang) + _nothing_to_print(loaded, empty)
    return [part for part in parts if part.pages], found


def _nothing_to_print(loaded: LoadedKit, empty: list[Component]) -> list[Finding]:
    """A PK327 for each component with no pages: it is left out, so no PDF is ever page-less (when the finding is
    silenced, the kit prints without it)."""
    found = []
    for part in empty:
        path = _declared_at(loaded, part.slug)
        found.append(
            codes.make(
                "PK327",
                f"{part.slug}.pdf would have no pages: the kit gives it nothing to print",
                loaded.source.locate(path, key=True),
                format_path(path),
                "give it something to print, or list the file that declares it under `include:` in kit.yaml",
            )
        )
    return suppress.silence(found, loaded.suppressions)


def _declared_at(loaded: LoadedKit, slug: str) -> tuple:
    """Where a component comes from: the field it is named after (`decks` for cards, `sheets` for a sheet) when the
    kit has it, else kit.yaml's `include:` list, where the file declaring it is missing."""
    known = loaded.source.values
    name = slug.removeprefix("cards-").removeprefix("sheet-")
    for field_name, prefix in (("decks", "cards"), ("sheets", "sheet-")):
        entries = getattr(loaded.model, field_name, None) or []
        if slug.startswith(prefix):
            at = next((i for i, entry in enumerate(entries) if getattr(entry, "id", None) == name), None)
            if at is not None and (field_name, at) in known:
                return (field_name, at)
            if (field_name,) in known:
                return (field_name,)
    for path in ((slug,), (name,), ("include",)):
        if path in known:
            return path
    return ()


def _not_told_twice(page_problems: list, told: list) -> list:
    """The page check's problems, less a character the layout already reported where it was written (an icon's
    text, a card's field): the page check is the net for text no layout checked, not a second report."""
    reported = {code for problem in told if problem.code == "PK307" for code in CODEPOINT.findall(problem.message)}
    return [
        problem
        for problem in page_problems
        if problem.code != "PK307" or not set(CODEPOINT.findall(problem.message)) <= reported
    ]


CODEPOINT = re.compile(r"U\+[0-9A-F]{4,6}")


def _findings(loaded: LoadedKit, problems: list, lang: str = "") -> list[Finding]:
    """Layout problems as findings, those the kit's `ignore:` entries name marked silenced. A page check's problem
    on a card (`cards-tricks.page 1.moon-1.title`) is told at that card's line, its field's when it has one, and the
    cell of the edition `lang` it measured when the field is written per language (`title.en`)."""
    cards = _card_paths(loaded) if any(_on_page(p.path) for p in problems) else {}
    found = [
        codes.make(
            p.code,
            p.message,
            loaded.source.locate(_source_path(p.path, cards, loaded.source.values, lang)),
            format_path(p.path),
            p.hint,
        )
        for p in problems
    ]
    return suppress.silence(found, loaded.suppressions)


def _on_page(path: tuple) -> bool:
    return len(path) > 2 and str(path[1]).startswith("page ")


def _card_paths(loaded: LoadedKit) -> dict[str, tuple]:
    """Each generic deck card's id → its place in the kit (`decks[0].cards[3]`)."""
    places: dict[str, tuple] = {}
    for i, deck in enumerate(getattr(loaded.model, "decks", None) or []):
        for j, card in enumerate(getattr(deck, "cards", None) or []):
            card_id = getattr(card, "id", None)
            if isinstance(card_id, str):
                places.setdefault(card_id, ("decks", i, "cards", j))
    return places


def _source_path(path: tuple, cards: dict[str, tuple], known: Mapping, lang: str = "") -> tuple:
    """Where in the kit's YAML a layout problem's path points: the card a page check met it on (the field its
    region fills, `fill.title`, when the card sets one; its `lang` text, `fill.title.en`, when written per
    language), else as given."""
    if _on_page(path):
        for n, name in enumerate(path[2:], start=2):
            if name in cards:
                card, region = cards[name], path[n + 1 :]
                filled = (*card, "fill", *region)
                field = filled if region and filled in known else (*card, *region)
                return (*field, lang) if region and lang and (*field, lang) in known else field
    return path


def layout_book(
    loaded: LoadedKit, lang: str, parts: list[Component], settings: PrintSettings | None = None
) -> tuple[Document, list[Finding]]:
    """kit.pdf's document, and any problem its cover met."""
    problems: list = []
    with fonts.using(fonts.for_kit(loaded.model, loaded.root, lang)[0]):
        document = book(loaded.model, lang, parts, settings, loaded.root, problems)
    return document, _findings(loaded, problems, lang)


def _finish(part: Component, settings: PrintSettings) -> Component:
    """Apply page-level print settings: bleed around whole sheets, ink saver."""
    pages = part.pages
    if settings.bleed:
        pages = tuple(page if page.trim is not None else _bleed_page(page, settings.bleed) for page in pages)
    if settings.ink_saver:
        pages = tuple(ink_saver(page) for page in pages)
    return replace(part, pages=pages)


def _bleed_page(page: Page, bleed: float) -> Page:
    """A whole-sheet component on a print-shop run: the sheet stays paper-sized, the trim sits one bleed inside it.

    Layouts keep ink 7 mm from the edge, so nothing is lost when the shop trims.
    """
    return replace(
        page,
        trim=Box(bleed, bleed, page.width - 2 * bleed, page.height - 2 * bleed),
        bleed=Box(0.0, 0.0, page.width, page.height),
    )


def book(
    kit: AnyKitModel,
    lang: str,
    parts: list[Component],
    settings: PrintSettings | None = None,
    root: Path | None = None,
    problems: list | None = None,
) -> Document:
    """`kit.pdf`: a cover, the contents (a page, or as many as they need), the duplex calibration sheet when card
    backs print on the reverse, then every component with a bookmark each (the components' bookmarks come last:
    `kit_pdf_firsts` reads them).

    A buyer prints the whole book double-sided (the contents say so), so `book_plan` puts every part on sheets of
    its own: each part starts on the front of a sheet, a card sheet's fronts and backs share one, a rule summary's
    pages back each other, and every other page (a board, a mat, tokens: what is cut out or laid side by side)
    gets a blank back."""
    settings = settings or kit.print
    ctx = LayoutContext(lang, PAPERS[settings.paper], settings=settings)
    if problems is not None:
        ctx.problems = problems
    calibration = calibration_pages(ctx, settings.duplex_mode, buyer=True) if any(map(pairs, parts)) else []
    title = kit.title.get(lang)
    lines = [
        tr("players_exact", lang, n=kit.players.min)
        if kit.players.min == kit.players.max
        else tr("players_count", lang, min=kit.players.min, max=kit.players.max),
        f"{tr('edition', lang)} · {tr('version', lang)} {kit.version}",
        kit.credits(lang),
    ]
    image = (root / kit.cover_image) if (root is not None and kit.cover_image) else None
    front = cover(ctx, title, kit.subtitle.get(lang) if kit.subtitle else "", lines, image, ("cover_image",))
    checklist = [line for part in parts for line in (part.checklist or _counted_cards(part))]
    needs = needs_line(kit.table_needs(), lang)
    # The contents cite the pages after them, which their own length moves: laid out again until they agree.
    told, known = len(ctx.problems), 1
    while True:
        start = CONTENTS_PAGE + known
        lead = [start] if calibration and start % 2 == 0 else []  # the calibration sheet opens on a front
        calibration_page = start + len(lead)
        runs, blanks = book_plan(parts, calibration_page + len(calibration))
        entries = _contents_entries(parts, runs, settings, lang, calibration, calibration_page)
        listing = contents(ctx, title, entries, checklist, needs, lead + blanks, _flip_edge(settings, lang))
        if len(listing) == known or known >= MOST_CONTENTS_PAGES:
            break
        known = len(listing)
        del ctx.problems[told:]
    opening = [front, *listing, *([None] * len(lead)), *calibration]
    own = (*(page for page in opening if page is not None), *([blank(ctx)] if lead or blanks else []))
    own = _finish(Component("book", title, own), settings).pages  # bleed and ink saver, as every page gets
    finished = iter(own)
    pages = [own[-1] if page is None else next(finished) for page in opening]
    marks = [Bookmark(tr("contents", lang), CONTENTS_PAGE - 1)]
    if calibration:
        marks.append(Bookmark(tr("calibration_title", lang), calibration_page - 1))
    for part, run in zip(parts, runs):
        marks.append(Bookmark(part.title, run[0] - 1))
        for page, number in zip(part.pages, run):
            pages.extend(own[-1] for _ in range(number - 1 - len(pages)))  # the blank page, where one goes
            pages.append(page)
    return document(kit, lang, title, tuple(pages), tuple(marks))


def _flip_edge(settings: PrintSettings, lang: str) -> str:
    """The edge the whole book is turned on when printed double-sided: the card backs' own, else the long one."""
    return tr("long" if settings.duplex_mode == "none" else settings.duplex_mode, lang)


CONTENTS_PAGE = 2
"""The kit book's contents start on its second page, after the cover."""
MOST_CONTENTS_PAGES = 20
"""Laying the contents out again stops here: the numbers only grow with each pass, so the count settles at once,
and a kit's checklist is bounded."""


def _contents_entries(
    parts: list[Component],
    runs: list[list[int]],
    settings: PrintSettings,
    lang: str,
    calibration: list[Page],
    calibration_page: int,
) -> list[ContentsEntry]:
    """The contents' rows: the calibration sheet first when there is one, then each component from its page."""
    entries: list[ContentsEntry] = []
    if calibration:
        how = (tr("steps_calibration", lang),)
        entries.append(
            ContentsEntry(
                tr("calibration_title", lang),
                calibration_page,
                len(calibration),
                "1",
                tr("stock_calibration", lang),
                how,
            )
        )
    for part, run in zip(parts, runs):
        stock, steps = _print_advice(part, settings, lang, calibration_page)
        first = run[0]
        entries.append(
            ContentsEntry(
                part.title,
                first,
                run[-1] - first + 1,  # the blank backs between its pages print with them
                part.copies,
                stock,
                steps,
                tuple((start.name, start.page) for start in deck_starts(part.pages, first)),
                part.pages[0] if part.pages else None,
            )
        )
    return entries


def _counted_cards(part: Component) -> list[tuple[str, int]]:
    """Cards counted from the scene itself when a game gives no checklist."""
    count = sum(1 for page in part.pages for i in page.items if isinstance(i, Group) and i.role == "card-front")
    return [(part.title, count)] if count else []


def _print_advice(
    part: Component, settings: PrintSettings, lang: str, calibration_page: int
) -> tuple[str, tuple[str, ...]]:
    """What to print a component on and how to make it: the game's own words where it gave them."""
    stock, steps = _default_advice(part, settings, lang, calibration_page)
    return part.stock or stock, part.steps or steps


def _default_advice(
    part: Component, settings: PrintSettings, lang: str, calibration_page: int
) -> tuple[str, tuple[str, ...]]:
    if has_cards(part):
        if settings.layout == "gutterfold":
            return tr("stock_cards_single", lang), tuple(tr("steps_cards_gutterfold", lang).split("|"))
        if settings.duplex_mode == "none":
            return tr("stock_cards_single", lang), (tr("steps_cards_single", lang),)
        edge = tr(settings.duplex_mode, lang)
        steps = tr("steps_cards_duplex", lang, edge=edge, page=calibration_page).split("|")
        return tr("stock_cards", lang), tuple(steps)
    if "token" in part.slug:
        return tr("stock_board", lang), (tr("steps_tokens", lang),)
    if "board" in part.slug or "map" in part.slug or "mat" in part.slug:
        return tr("stock_board", lang), (tr("steps_board", lang),)
    return tr("stock_paper", lang), ()


@dataclass(frozen=True)
class Edition:
    """One kit in one language: the unit a worker lays out and renders."""

    loaded: LoadedKit
    lang: str
    settings: PrintSettings
    svg: bool
    staging: Path
    """The kit's staging directory; this edition writes `staging/<lang>/`."""
    only: tuple[str, ...] = ()
    published: Path | None = None
    """The language directory a previous build published; a partial build keeps what it does not rebuild."""
    playtest: dict | None = None
    """A playtest report (played once, in the parent, for every edition) whose page the kit book ends with."""
    svg_text: str = "outlines"


@dataclass(frozen=True)
class KitRun:
    """One kit being built: its editions share a staging directory, published only when all are clean."""

    loaded: LoadedKit
    editions: tuple[Edition, ...]
    staging: Path
    target: Path


def plan(loaded: LoadedKit, options: BuildOptions) -> KitRun:
    """Settings checked, output directory checked and a staging directory made; nothing is laid out yet.

    Raises SettingsError for clashing print settings and OutputError for an output directory pnpkit may not use.
    """
    kit = loaded.model
    settings = print_settings(kit, options.overrides)
    languages = options.languages or tuple(kit.languages)
    target = options.out_dir / kit.id
    check_output_link(options.out_dir, loaded.root)
    check_writable(target, languages)
    report = _playtest(loaded, options.playtest) if options.playtest else None
    staging = make_staging(options.out_dir)
    editions = tuple(
        Edition(loaded, lang, settings, options.svg, staging, options.only, target / lang, report, options.svg_text)
        for lang in languages
    )
    return KitRun(loaded, editions, staging, target)


def _playtest(loaded: LoadedKit, games: int) -> dict:
    """`pnpkit simulate KIT --games N` at the kit's defaults (most players, seed 1, random play), played once,
    from the kit already loaded; a game with no engine is a SettingsError (a build option that cannot be met)."""
    from pnpkit.validator import jobs
    from pnpkit.validator.playtest.runner import PlaytestError, playtest

    try:
        return playtest(loaded, games, jobs.default_jobs(), ordered_map)
    except PlaytestError as exc:
        raise SettingsError(str(exc)) from None


def make_edition(edition: Edition) -> list[Finding]:
    """Lay out one edition and, when it has no errors, render it into the staging directory.

    Runs in a worker process; its findings travel back to the parent, which
    publishes the kit only when every edition of every kit is clean.
    """
    loaded, lang = edition.loaded, edition.lang
    parts, problems = layout_kit(loaded, lang, edition.settings, edition.playtest)
    if edition.only:
        if any(f.is_error for f in problems):  # before the ids: a component the errors left out answers to none
            return problems
        chosen = select(parts, edition.only)
        with fonts.using(fonts.for_kit(loaded.model, loaded.root, lang)[0]):
            _render_partial(edition, chosen)
        return problems
    book_document, cover_problems = layout_book(loaded, lang, parts, edition.settings)
    findings = problems + cover_problems
    if not any(f.is_error for f in findings):
        _write_edition(edition, parts, book_document)
    return findings


def component_ids(part: Component) -> set[str]:
    """The ids `--only` knows a component by: its file name, the ids of the decks on it, a deck or sheet id."""
    ids = {part.slug, *(page.deck for page in part.pages if page.deck)}
    for prefix in ("cards-", "sheet-"):
        if part.slug.startswith(prefix):
            ids.add(part.slug.removeprefix(prefix))
    return ids


def select(parts: list[Component], only: tuple[str, ...]) -> list[Component]:
    """The components `--only` names, in the kit's order; an id no component answers to is a SettingsError."""
    known = [component_ids(part) for part in parts]
    unknown = [name for name in only if not any(name in ids for ids in known)]
    if unknown:
        offered = ", ".join(sorted(set().union(*known)))
        raise SettingsError(f"--only: no component or deck {unknown[0]!r} in this kit; use one of {offered}")
    return [part for part, ids in zip(parts, known) if ids & set(only)]


def _write_edition(edition: Edition, parts: list[Component], book_document: Document) -> None:
    with fonts.using(fonts.for_kit(edition.loaded.model, edition.loaded.root, edition.lang)[0]):
        _render_edition(edition, parts, book_document)


def component_files(part: Component, svg: bool) -> list[str]:
    """The file names a component is written as."""
    names = [f"{part.slug}.pdf"]
    if svg and part.svg:
        count = len(part.pages)
        names += [f"{part.slug}.svg"] if count == 1 else [f"{part.slug}-{n:02d}.svg" for n in range(1, count + 1)]
    return names


def component_svgs(part: Component, pages: set[int] | None = None, text: str = "outlines") -> dict[str, bytes]:
    """A component's SVG files by name: every page, or the page numbers in `pages` (0-based)."""
    from .backends import svg

    names = component_files(part, True)[1:]
    return {
        name: svg.render(page, part.title, "../fonts", text).encode("utf-8")
        for n, (name, page) in enumerate(zip(names, part.pages))
        if pages is None or n in pages
    }


def render_component(
    kit: AnyKitModel, lang: str, part: Component, svg: bool, svg_text: str = "outlines"
) -> dict[str, bytes]:
    """A component's files: its PDF, and its SVGs when asked for."""
    out = {f"{part.slug}.pdf": component_pdf(kit, lang, part)}
    if svg and part.svg:
        out |= component_svgs(part, text=svg_text)
    return out


def _render_partial(edition: Edition, parts: list[Component]) -> None:
    """The chosen components, over a copy of what the last build published (kit.pdf is left as it was)."""
    kit = edition.loaded.model
    lang_dir = edition.staging / edition.lang
    try:
        lang_dir.mkdir()
        (lang_dir / MARKER).write_text(EDITION_NOTE)
        previous = edition.published if edition.published and (edition.published / MARKER).is_file() else None
        if previous is not None:  # pnpkit's files; the user's are carried over when the directory is swapped in
            ours = (listed_names(previous) or set()) | index_names(previous) | {"kit.pdf"}
            for old in sorted(previous.iterdir()):
                if old.is_file() and not old.is_symlink() and old.name in ours - {MARKER, INDEX}:
                    link_or_copy(old, lang_dir / old.name)
        for part in parts:
            for stale in lang_dir.glob(f"{glob.escape(part.slug)}*"):  # SVGs of pages a shorter component lost
                if re.fullmatch(rf"{re.escape(part.slug)}(-\d\d)?\.svg", stale.name):
                    stale.unlink()
            for name, data in render_component(kit, edition.lang, part, edition.svg, edition.svg_text).items():
                _write_new(lang_dir / name, _for_print(data, edition) if name.endswith(".pdf") else data)
        previous_index = read_index(previous) if previous is not None else None
        index = edition_index(kit.id, edition.lang, parts, [None] * len(parts), previous_index)
        _write_new(lang_dir / INDEX, dumps(index).encode("utf-8"))
    except OSError as exc:
        raise write_error(exc, edition.staging.parent) from None


def _for_print(data: bytes, edition: Edition) -> bytes:
    """A PDF as the print settings ask for it: PDF/X-4 with `--pdfx`, else as it was drawn."""
    if not edition.settings.pdfx:
        return data
    from .pdfx import to_pdfx

    return to_pdfx(data)


def _write_new(path: Path, data: bytes) -> None:
    """A new file at `path`: a link to the published file there is removed first, never written through."""
    path.unlink(missing_ok=True)
    path.write_bytes(data)


def _render_edition(edition: Edition, parts: list[Component], book_document: Document) -> None:
    from .backends import pdf

    if edition.svg:
        from .backends import svg  # svgwrite is loaded only when SVGs are asked for

    kit = edition.loaded.model
    lang = edition.lang
    lang_dir = edition.staging / lang
    try:
        lang_dir.mkdir()
        (lang_dir / MARKER).write_text(EDITION_NOTE)
        book = pdf.render(book_document)
        (lang_dir / "kit.pdf").write_bytes(_for_print(pdf.stamped(book, numbered(book_document.pages)), edition))
        firsts = kit_pdf_firsts(book_document, parts)
        (lang_dir / INDEX).write_text(dumps(edition_index(kit.id, lang, parts, firsts, None)), encoding="utf-8")
        for part, pages in zip(parts, kit_pdf_pages(book_document, parts)):
            pdf_name, *svg_names = component_files(part, edition.svg)
            document = component_document(kit, lang, part)
            (lang_dir / pdf_name).write_bytes(_for_print(pdf.excerpt(book, pages, document), edition))
            for name, page in zip(svg_names, part.pages):
                (lang_dir / name).write_text(
                    svg.render(page, part.title, "../fonts", edition.svg_text), encoding="utf-8"
                )
    except OSError as exc:
        raise write_error(exc, edition.staging.parent) from None


def font_files(loaded: LoadedKit, languages: tuple[str, ...]) -> list[tuple[Path, str]]:
    """The font files (and licences) the SVGs of these editions link to, with the names they are copied as."""
    return [pair for family in fonts.kit_fonts(loaded.model, loaded.root, languages) for pair in family.files()]


def _write_fonts(run: KitRun) -> None:
    """The fonts the SVGs link to, with their licences, beside the language directories."""
    font_dir = run.staging / "fonts"
    languages = tuple(edition.lang for edition in run.editions)
    try:
        font_dir.mkdir()
        (font_dir / MARKER).write_text(FONTS_NOTE)
        for source, name in font_files(run.loaded, languages):
            (font_dir / name).write_bytes(source.read_bytes())
    except OSError as exc:
        raise write_error(exc, run.staging.parent) from None


def build_all(runs: list[KitRun], jobs: int = 1, progress: Progress | None = None) -> BuildResult:
    """Lay out and render every edition of every kit on `jobs` processes, then publish them all, or nothing.

    One kit's error must not leave another's files behind, so nothing is
    published until every edition is known to be clean. Staging directories
    are always removed, whatever happens.
    """
    result = BuildResult()
    try:
        editions = [edition for run in runs for edition in run.editions]
        _warm({run.loaded.model.game for run in runs}, svg=any(edition.svg for edition in editions))
        for edition in editions:
            _warm_fonts(edition.loaded, edition.lang, render=True)
        progress = progress or Progress(quiet=True)
        what = f"edition(s) laid out and rendered on {min(jobs, len(editions))} process(es)"
        progress.step(0, len(editions), what)
        for found in ordered_map(make_edition, editions, jobs, lambda n: progress.step(n, len(editions), what)):
            result.findings.extend(found)
        for run in runs:  # an ignore: entry for a layout finding that no edition met (a partial build meets fewer)
            if not any(edition.only for edition in run.editions):
                result.findings += suppress.unused(run.loaded.suppressions, result.findings, "layout")
        progress("publishing")
        if result.ok:
            for run in runs:
                if any(edition.svg for edition in run.editions):
                    _write_fonts(run)
            for run in runs:  # every kit's check first: a refusal publishes no kit
                check_users_files(run.staging, run.target)
            with deferred(stop_after=False):  # a stop request waits until every kit is in place, then the build ends
                result.files += publish([(run.staging, run.target) for run in runs])
    finally:
        for run in runs:
            remove_staging(run.staging)
    return result


def _warm(games: set[str], *, svg: bool) -> None:
    """Load the backends, font metrics and the games' layouts once, before workers fork and inherit them."""
    from .backends import pdf  # noqa: F401

    if svg:
        from .backends import svg as _svg  # noqa: F401

    for game in sorted(games):
        _warm_layouts(game)


def _warm_layouts(game: str) -> None:
    layout_module(game)


def _warm_fonts(loaded: LoadedKit, lang: str, render: bool = False) -> None:
    """Load the faces of an edition's default family (for drawing too when `render`), before workers fork."""
    fontset, _problems = fonts.for_kit(loaded.model, loaded.root, lang)
    for _style, face in fontset.family().faces():
        if render:
            face.ttfont  # noqa: B018 — reportlab's parse, which only drawing needs; measuring then reuses it
        face.width_em("あ")


def layout_findings(loaded: LoadedKit, jobs: int = 1) -> list[Finding]:
    """Lay out every edition without rendering: text that cannot fit and glyphs the font lacks are content errors."""
    _warm_layouts(loaded.model.game)
    for lang in loaded.model.languages:
        _warm_fonts(loaded, lang)
    tasks = [(loaded, lang) for lang in loaded.model.languages]
    found = [finding for found in ordered_map(_edition_findings, tasks, jobs) for finding in found]
    return found + suppress.unused(loaded.suppressions, found, "layout")


def _edition_findings(task: tuple[LoadedKit, str]) -> list[Finding]:
    loaded, lang = task
    parts, problems = layout_kit(loaded, lang)
    _book, cover_problems = layout_book(loaded, lang, parts)
    return problems + cover_problems


def publish(kits: list[tuple[Path, Path]]) -> list[Path]:
    """Move finished staging directories into their kits' directories, (staging, kit directory) each: every kit
    or, after a failure, none. What is left of the staging directories is removed."""
    try:
        return _publish(kits)
    except OSError as exc:
        out_dir = kits[0][0].parent
        raise publish_error(exc, out_dir) from None
    finally:
        for staging, _kit_dir in kits:
            remove_staging(staging)


def check_users_files(staging: Path, kit_dir: Path) -> None:
    """OutputError when a file the user saved in the output has the name of a file this build writes."""
    for built in sorted(p for p in staging.iterdir() if p.is_dir()):
        try:
            if (kit_dir / built.name).is_dir():
                users_entries(kit_dir / built.name, built)
        except OSError as exc:
            raise OutputError(f"cannot read {exc.filename or kit_dir}: {exc.strerror or exc}") from None


def build(loaded: LoadedKit, options: BuildOptions, progress: Progress | None = None) -> BuildResult:
    """Lay out, render and publish one kit; nothing is written when any page has an error."""
    return build_all([plan(loaded, options)], options.jobs, progress)


def check_writable(kit_dir: Path, languages: tuple[str, ...]) -> None:
    """Refuse to replace a directory pnpkit did not make (it may hold the user's own files), and
    one pnpkit cannot write to: every directory the build will swap must be usable before it starts."""
    targets = [kit_dir / name for name in (*languages, "fonts")]
    check_usable(kit_dir.parent, kit_dir, *targets)
    if kit_dir.exists() and not kit_dir.is_dir():
        raise OutputError(f"{kit_dir} exists and is not a directory; choose another output directory with -o")
    for target in targets:
        if target.exists() and not (target / MARKER).exists():
            raise OutputError(f"{target} exists and was not made by pnpkit; choose another output directory with -o")


def _publish(kits: list[tuple[Path, Path]]) -> list[Path]:
    """Swap every finished directory into place, all or none; the old ones are removed only after the swaps.

    Everything that takes space is written in the staging directories first (the user's files linked in, the
    markers), so a full disk stops the build before the output changes.
    Returns the files that are new: a partial build links the files it kept, and those are not counted,
    nor are the user's files carried over.
    """
    ready = []
    for staging, kit_dir in kits:
        for built in sorted(p for p in staging.iterdir() if p.is_dir()):
            kept = {p.stat().st_ino for p in built.iterdir() if p.is_file() and p.stat().st_nlink > 1}
            target = kit_dir / built.name
            ready.append((built, target, staging / f"old-{built.name}", kept, prepare_swap(built, target)))
    with Publication() as publication:
        for _staging, kit_dir in kits:
            publication.make_dir(kit_dir)
        for built, target, old, _kept, _carried in ready:
            publication.swap(built, target, old)
    written = []
    for _built, target, _old, kept, carried in ready:
        files = sorted(p for p in target.iterdir() if p.is_file() and p.name not in (MARKER, *carried))
        written += [p for p in files if p.stat().st_ino not in kept]
    return written
