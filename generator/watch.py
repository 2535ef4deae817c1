"""`pnpkit watch KIT`: rebuild on every save, writing only what changed.

Each rebuild reloads and validates the kit, lays out every edition (cards that
did not change come from the face cache), compares each component's pages
with what was last written, and renders just the components that differ.
Their PDFs are written first, then `index.json` and `kit.pdf`; the command
writes those two once the saves pause for BOOK_DELAY_MS (`Watcher.rebuild`
alone writes them at once). Every file is written beside its target and
renamed over it, so a viewer that has a PDF open never sees half a file. A kit
that is briefly invalid (a file mid-save) shows its findings and keeps the last
good output; the next save clears them.

A card from a spreadsheet is a card like any other: the table is read into
the kit model, so a changed cell misses the cache for its row's cards only.
Pictures and fonts, which the model names but does not hold, are fingerprinted
(`asset_files`), and a changed one lays out every card again.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TextIO

from pnpkit.validator.findings import Finding, Report, render_text
from pnpkit.validator.kit import LoadedKit, load_kit
from pnpkit.validator.proofread import words

from . import facecache, kitwatch, pagepatch
from .build import (
    EDITION_NOTE,
    FONTS_NOTE,
    MARKER,
    BuildOptions,
    OutputError,
    SettingsError,
    check_writable,
    component_files,
    component_svgs,
    font_files,
    kit_pdf_firsts,
    layout_book,
    layout_kit,
    print_settings,
)
from .facecache import asset_files
from .games import Component
from .index import NAME as INDEX
from .index import dumps, edition_index
from .layouts.folio import numbered
from .outdir import (
    PARTIAL,
    DiskFullError,
    check_output_link,
    listed_names,
    replace_whole,
    write_error,
    write_marker,
)
from .render import component_document
from .scene import Document, Page
from .typeset import fonts

WHOLE = "every file is whole, the last good one or the new one"
"""What a full disk leaves: a watch replaces file by file, each written beside its target and renamed over it."""
BOOK_DELAY_MS = 300
"""After a save, kit.pdf and index.json wait this long for the next one: a burst of saves renders the book once,
and a save that follows at once gets its own PDF without waiting for the book of the save before."""
MAX_WATCH_FAILURES = 5
"""Times in a row the file watch may fail and be started again before `watch` gives up (exit status 1)."""


@dataclass
class Rebuild:
    """What one rebuild did."""

    findings: list[Finding] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)
    seconds: float = 0.0
    problem: str = ""
    """A one-line problem that stopped the rebuild before findings (output directory, print settings)."""
    disk_full: bool = False
    """The problem is a full disk (the first rebuild then ends the watch with exit status 1, as a build does)."""

    @property
    def ok(self) -> bool:
        return not self.problem and not any(f.is_error for f in self.findings)


@dataclass
class Watcher:
    """One kit being watched: the faces and components last written, per language."""

    root: Path
    options: BuildOptions
    cache: facecache.FaceCache = field(default_factory=facecache.FaceCache)
    written: dict[str, dict[str, Component]] = field(default_factory=dict)
    """language → component slug → the component as its files were last written."""
    fonts_written: bool = False
    files_stamp: str = ""
    """The fingerprint of the kit's pictures and fonts at the last rebuild (`asset_files`)."""

    books_due: set[str] = field(default_factory=set)
    """Languages whose kit.pdf and index.json a `rebuild(books=False)` left to `write_books`."""
    findings: list[Finding] = field(default_factory=list)
    """The last rebuild's findings."""
    pdfs: dict[tuple[str, str], tuple[Document, tuple[Page, ...], bytes, int, int]] = field(default_factory=dict)
    """(language, component slug or "kit.pdf") → the document's metadata (its pages apart), its pages, the PDF
    rendered last, the size of its last whole rendering and how much the last patch added (`_rendered`)."""
    last_good: tuple | None = None
    """What the last rebuild that wrote laid out: (loaded kit, editions, settings, target directory, languages)."""

    def rebuild(self, books: bool = True) -> Rebuild:
        """Reload, lay out and write what changed; with `books=False`, each changed edition's kit.pdf and
        index.json are left due (`books_due`) for `write_books`, so the next save is not kept waiting."""
        result = self._run(lambda result: self._rebuild(result, books))
        self.findings = result.findings
        return result

    def write_books(self) -> Rebuild:
        """The kit.pdf and index.json left due, from the last layout that wrote anything (the files beside them);
        its findings are the last rebuild's, which still stand."""
        result = self._run(self._write_due)
        result.findings = list(self.findings)
        return result

    def _run(self, work: Callable[[Rebuild], None]) -> Rebuild:
        started = time.perf_counter()
        result = Rebuild()
        try:
            with words.held():  # the next save is proofread with the dictionaries this one loaded
                work(result)
        except (OutputError, SettingsError, DiskFullError) as exc:
            result.problem = str(exc)
            result.disk_full = isinstance(exc, DiskFullError)
        except OSError as exc:  # the output directory changed under the watch (removed, made read-only)
            result.problem = f"cannot use {exc.filename or self.options.out_dir}: {exc.strerror or exc}"
        result.seconds = time.perf_counter() - started
        return result

    def _write_due(self, result: Rebuild) -> None:
        self._write_books(result)
        if result.written and self.last_good is not None:
            self._record(self.last_good[3], self.last_good[4])

    def _write_books(self, result: Rebuild) -> None:
        if not self.books_due or self.last_good is None:
            return
        loaded, editions, settings, target, languages = self.last_good
        for lang in [lang for lang in languages if lang in self.books_due]:
            result.written += self._write_book(loaded, target / lang, lang, editions[lang], settings)
            self.books_due.discard(lang)

    def _rebuild(self, result: Rebuild, books: bool) -> None:
        loaded = load_kit(self.root, strict_translations=self.options.strict_translations)
        result.findings = loaded.report.sorted()
        if not loaded.ok:
            return
        kit = loaded.model
        settings = print_settings(kit, self.options.overrides)
        languages = self.options.languages or tuple(kit.languages)
        missing = [lang for lang in languages if lang not in kit.languages]
        if missing:
            raise SettingsError(f"the kit has no {missing[0]!r} edition; it ships {', '.join(kit.languages)}")
        target = self.options.out_dir / kit.id
        check_output_link(self.options.out_dir, self.root)
        check_writable(target, languages)
        stamp = facecache.files_stamp(self.root, asset_files(self.root, (target,)))
        if stamp != self.files_stamp:  # a picture or font changed: pages that name it look the same, so redo all
            self.written.clear()
            self.pdfs.clear()
            self.files_stamp = stamp
            self.fonts_written = False
        self.cache.scope = facecache.scope_of(kit, stamp)
        editions: dict[str, list[Component]] = {}
        with facecache.using(self.cache):
            for lang in languages:
                parts, problems = layout_kit(loaded, lang, settings)
                editions[lang] = parts
                result.findings += problems
        report = Report()
        report.extend(result.findings)
        result.findings = report.sorted()  # one finding per problem, however many languages met it
        if any(f.is_error for f in result.findings):
            return
        changed = {lang: self._changed(lang, parts) for lang, parts in editions.items()}
        for lang, parts in changed.items():  # the PDFs that changed first: what the designer is looking at
            for part in parts:
                result.written += self._write_pdf(loaded, target / lang, lang, part)
        if self.options.svg:
            for lang, parts in changed.items():
                for part in parts:
                    result.written += self._write_svgs(loaded, target / lang, lang, part)
        for lang, parts in editions.items():
            self.written[lang] = {part.slug: part for part in parts}
        self.books_due |= {lang for lang, parts in changed.items() if parts}
        if any(changed.values()) or self.books_due:
            self.last_good = (loaded, editions, settings, target, languages)
        if books:
            self._write_books(result)
        if self.options.svg and not self.fonts_written:
            result.written += _write_fonts(loaded, target, languages)
            self.fonts_written = True
        if result.written:
            self._record(target, languages)

    def _changed(self, lang: str, parts: list[Component]) -> list[Component]:
        before = self.written.get(lang, {})
        return [part for part in parts if before.get(part.slug) != part]

    def _record(self, target: Path, languages: tuple[str, ...]) -> None:
        """Each language directory's MARKER lists the files written so far (the next build keeps any other)."""
        for lang in languages:
            lang_dir = target / lang
            if not (lang_dir / MARKER).is_file():
                continue
            names = {entry.name for entry in lang_dir.iterdir()}
            listed = listed_names(lang_dir) or set()
            mine = {
                name for part in self.written.get(lang, {}).values() for name in component_files(part, self.options.svg)
            }
            ours = {INDEX, "kit.pdf", *mine, *listed} & names
            try:
                write_marker(lang_dir, EDITION_NOTE, sorted(ours))
            except OSError as exc:
                raise write_error(exc, lang_dir, WHOLE) from None

    def _write_pdf(self, loaded: LoadedKit, lang_dir: Path, lang: str, part: Component) -> list[Path]:
        _ensure_ours(lang_dir)
        with fonts.using(fonts.for_kit(loaded.model, loaded.root, lang)[0]):
            data = self._rendered((lang, part.slug), component_document(loaded.model, lang, part))
        return [_replace(lang_dir / f"{part.slug}.pdf", data)]

    def _rendered(self, key: tuple[str, str], document: Document) -> bytes:
        """The document's PDF: the one rendered last under `key` with the changed pages drawn again
        (`pagepatch`), when only pages changed and one more patch like the last keeps the file within
        MAX_GROWTH times its whole rendering; else drawn whole. Run it with the edition's fonts in use."""
        from .backends import pdf

        about = replace(document, pages=())
        kept = self.pdfs.get(key)
        data, whole, growth = b"", 0, 0
        if kept is not None and kept[0] == about:
            _about, pages, old, whole, growth = kept
            changed = pagepatch.changed_pages(pages, document.pages)
            if changed is not None and len(old) + growth <= pagepatch.MAX_GROWTH * whole:
                data = pagepatch.patched(old, document, changed)
                growth = len(data) - len(old)
        if not data or len(data) > pagepatch.MAX_GROWTH * whole:
            data = pdf.render(document)
            whole = len(data)
        self.pdfs[key] = (about, document.pages, data, whole, growth)
        return data

    def _write_svgs(self, loaded: LoadedKit, lang_dir: Path, lang: str, part: Component) -> list[Path]:
        """The SVGs of the pages that changed; those of pages that are gone are removed."""
        if not part.svg:
            return []
        before = self.written.get(lang, {}).get(part.slug)
        old_pages = before.pages if before is not None else ()
        names = component_files(part, True)[1:]
        if before is not None and len(before.pages) != len(part.pages):
            old_pages = ()  # one page or many changes every file name
            for name in set(component_files(before, True)[1:]) - set(names):
                (lang_dir / name).unlink(missing_ok=True)
        redo = {n for n, page in enumerate(part.pages) if n >= len(old_pages) or old_pages[n] != page}
        with fonts.using(fonts.for_kit(loaded.model, loaded.root, lang)[0]):
            files = component_svgs(part, redo)
        return [_replace(lang_dir / name, data) for name, data in files.items()]

    def _write_book(self, loaded: LoadedKit, lang_dir: Path, lang: str, parts: list[Component], settings) -> list[Path]:
        from .backends import pdf

        _ensure_ours(lang_dir)
        document, _cover_problems = layout_book(loaded, lang, parts, settings)
        index = edition_index(loaded.model.id, lang, parts, kit_pdf_firsts(document, parts), None)
        with fonts.using(fonts.for_kit(loaded.model, loaded.root, lang)[0]):
            book = pdf.stamped(self._rendered((lang, "kit.pdf"), document), numbered(document.pages))
        return [
            _replace(lang_dir / INDEX, dumps(index).encode("utf-8")),
            _replace(lang_dir / "kit.pdf", book),
        ]


def _ensure_ours(lang_dir: Path) -> None:
    """The language directory exists and carries pnpkit's marker (check_writable refused any other)."""
    try:
        lang_dir.mkdir(parents=True, exist_ok=True)
        if not (lang_dir / MARKER).exists():
            write_marker(lang_dir, EDITION_NOTE)
        _sweep_partials(lang_dir)
    except OSError as exc:
        raise write_error(exc, lang_dir, WHOLE) from None


def _sweep_partials(folder: Path) -> None:
    """The half-written files a watch that was killed outright left beside their targets."""
    for stale in folder.glob(f".*{PARTIAL}"):
        stale.unlink(missing_ok=True)


def _replace(path: Path, data: bytes) -> Path:
    """The file written whole under the partial name `_sweep_partials` knows; a full disk is one line."""
    try:
        replace_whole(path, data, path.with_name(f".{path.name}{PARTIAL}"))
    except OSError as exc:
        raise write_error(exc, path, WHOLE) from None
    return path


def _write_fonts(loaded: LoadedKit, target: Path, languages: tuple[str, ...]) -> list[Path]:
    font_dir = target / "fonts"
    files = font_files(loaded, languages)
    try:
        font_dir.mkdir(parents=True, exist_ok=True)
        write_marker(font_dir, FONTS_NOTE, sorted((listed_names(font_dir) or set()) | {name for _, name in files}))
        _sweep_partials(font_dir)
    except OSError as exc:
        raise write_error(exc, font_dir, WHOLE) from None
    return [_replace(font_dir / name, source.read_bytes()) for source, name in files]


# ---------------------------------------------------------------- the loop


class Screen:
    """What the designer sees: on a terminal, the current findings and the last rebuild, redrawn each time;
    piped, a line per rebuild and the findings whenever they change."""

    def __init__(self, stream: TextIO, root: Path, clock: Callable[[], str] = lambda: time.strftime("%H:%M:%S")):
        self.stream = stream
        self.root = root
        self.tty = stream.isatty()
        self.clock = clock
        self.shown: list[Finding] | None = None

    def show(self, rebuild: Rebuild) -> None:
        status = _status(rebuild)
        findings = rebuild.findings
        if self.tty:
            self.stream.write("\x1b[2J\x1b[H")  # clear: fixed findings disappear
            self.stream.write(f"pnpkit watch {self.root} — Ctrl-C to stop\n\n")
            if findings:
                self.stream.write(render_text(findings) + "\n\n")
            self.stream.write(f"[{self.clock()}] {status}\n")
        else:
            if findings != self.shown:
                if findings:
                    self.stream.write(render_text(findings) + "\n")
                elif self.shown:
                    self.stream.write(f"[{self.clock()}] every finding is fixed\n")
            self.stream.write(f"[{self.clock()}] {status}\n")
        self.stream.flush()
        self.shown = findings


def _status(rebuild: Rebuild) -> str:
    if rebuild.problem:
        return f"not written: {rebuild.problem}"
    errors = sum(1 for f in rebuild.findings if f.is_error)
    if errors:
        return f"not written: {errors} error(s); the last good files stay in place"
    if not rebuild.written:
        return f"no change ({rebuild.seconds:.2f} s)"
    names = sorted({path.name for path in rebuild.written if path.suffix == ".pdf"})
    shown = ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")
    return f"wrote {len(rebuild.written)} file(s) in {rebuild.seconds:.2f} s: {shown}"


def watch(root: Path, options: BuildOptions, stream: TextIO = sys.stdout) -> int:
    """Build once, then again after every change under `root`, until Ctrl-C. Nothing the kit or the disk does
    ends it with a traceback: a rebuild that fails says so on one line, and the watch goes on."""
    watcher = Watcher(root, options)
    screen = Screen(stream, root)

    def warn(line: str) -> None:
        stream.write(f"warning: {line}\n")
        stream.flush()

    def leave_out() -> list[Path]:
        kit_id = watcher.last_good[0].model.id if watcher.last_good is not None else ""
        return kitwatch.left_out(root, options.out_dir, kit_id)  # before the first write there is none

    kit = kitwatch.KitWatch(root, leave_out, warn)
    try:
        first = _rebuild(watcher, books=True)
        if first.problem and not watcher.written:
            raise (DiskFullError if first.disk_full else OutputError)(first.problem)
        screen.show(first)
        failures = 0
        announced = False
        while True:
            try:
                for changed in kitwatch.follow(kit, timeout_ms=BOOK_DELAY_MS):
                    failures = 0
                    if not announced:  # said once the watch is set up: a save from now on is seen
                        stream.write(f"watching {root} for changes (Ctrl-C to stop)\n")
                        stream.flush()
                        announced = True
                    if changed:
                        screen.show(_rebuild(watcher, books=False))
                    elif watcher.books_due:  # the saves have paused: kit.pdf and index.json catch up
                        screen.show(_write_books(watcher))
                break
            except Exception as exc:  # the file watch itself failed: started again, a few times
                failures += 1
                if failures > MAX_WATCH_FAILURES:
                    stream.write(f"the file watch keeps failing ({type(exc).__name__}: {exc}); stopped watching\n")
                    return 1
                warn(f"the file watch stopped ({type(exc).__name__}: {exc}); starting it again")
                time.sleep(kitwatch.RETRY_S)
    except KeyboardInterrupt:  # Ctrl-C, SIGTERM or SIGHUP: every file written so far was written whole
        try:
            if watcher.books_due:
                _write_books(watcher)  # and kit.pdf is the kit's as the watch leaves it
        except KeyboardInterrupt:  # asked twice: the book stays the last one written, whole
            pass
    stream.write("stopped watching\n")
    return 0


def _rebuild(watcher: Watcher, books: bool) -> Rebuild:
    """A rebuild that cannot end the watch: a fault in a layout is one line, and the last good files stay."""
    try:
        return watcher.rebuild(books=books)
    except Exception as exc:
        return Rebuild(findings=list(watcher.findings), problem=f"the rebuild stopped: {type(exc).__name__}: {exc}")


def _write_books(watcher: Watcher) -> Rebuild:
    try:
        return watcher.write_books()
    except Exception as exc:
        watcher.books_due.clear()  # tried once: the next change that writes makes them due again
        return Rebuild(findings=list(watcher.findings), problem=f"kit.pdf stopped: {type(exc).__name__}: {exc}")
