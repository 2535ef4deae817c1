"""Build a validated kit: lay out every component, render, then write all files at once.

Layout happens in memory first, so a text that does not fit stops the build
before anything touches the output directory. Files are written into a
temporary directory and moved into place only when every one is complete.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from validator import codes
from validator.findings import Finding
from validator.kit import LoadedKit
from validator.source import format_path

from . import fonts
from .games import GAME_LAYOUTS, Component
from .layouts.common import LayoutContext
from .scene import Bookmark, Document
from .units import A4, Paper

MARKER = ".pnpkit-output"
"""Present in every directory pnpkit made, so it only ever replaces its own output."""


class OutputError(Exception):
    """The output directory cannot be used (a usage problem, not a content problem)."""


@dataclass(frozen=True)
class BuildOptions:
    out_dir: Path
    languages: tuple[str, ...] | None = None  # None: every language the kit declares
    paper: Paper = A4
    svg: bool = True


@dataclass
class BuildResult:
    files: list[Path] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(f.is_error for f in self.findings)


Progress = Callable[[str], None]


def layout_kit(loaded: LoadedKit, lang: str, paper: Paper = A4) -> tuple[list[Component], list[Finding]]:
    """Every component's pages for one language, and the text problems met on the way."""
    kit = loaded.kit
    ctx = LayoutContext(lang, paper)
    parts = GAME_LAYOUTS[kit.game](kit, ctx)
    findings = [
        codes.make(p.code, p.message, loaded.source.locate(p.path), format_path(p.path), p.hint) for p in ctx.problems
    ]
    return parts, findings


def book(kit, lang: str, parts: list[Component]) -> Document:
    """`kit.pdf`: every component in one file with a bookmark each."""
    pages, marks = [], []
    for part in parts:
        marks.append(Bookmark(part.title, len(pages)))
        pages.extend(part.pages)
    return _document(kit, lang, kit.title.get(lang), tuple(pages), tuple(marks))


def _document(kit, lang: str, title: str, pages: tuple, marks: tuple = ()) -> Document:
    return Document(
        pages=pages,
        title=title,
        author=kit.author,
        subject=f"{kit.title.get(lang)} — print-and-play kit ({lang})",
        keywords=("pnpkit", kit.game, kit.id, lang),
        bookmarks=marks,
    )


def build(loaded: LoadedKit, options: BuildOptions, progress: Progress = lambda _msg: None) -> BuildResult:
    from .backends import pdf, svg

    kit = loaded.kit
    result = BuildResult()
    languages = options.languages or tuple(kit.languages)
    laid_out: dict[str, list[Component]] = {}
    for lang in languages:
        progress(f"{kit.id}: laying out ({lang})")
        parts, problems = layout_kit(loaded, lang, options.paper)
        laid_out[lang] = parts
        result.findings.extend(problems)
    if not result.ok:
        return result

    kit_dir = options.out_dir / kit.id
    _check_writable(kit_dir, languages)
    staging = Path(tempfile.mkdtemp(prefix=".pnpkit-", dir=_ensure_dir(options.out_dir)))
    try:
        for lang, parts in laid_out.items():
            lang_dir = staging / lang
            lang_dir.mkdir()
            (lang_dir / MARKER).write_text("made by pnpkit; this directory is replaced on every build\n")
            for part in parts:
                progress(f"{kit.id}: {part.slug} ({lang})")
                document = _document(kit, lang, part.title, part.pages, (Bookmark(part.title, 0),))
                (lang_dir / f"{part.slug}.pdf").write_bytes(pdf.render(document))
                if options.svg and part.svg:
                    for n, page in enumerate(part.pages, start=1):
                        name = f"{part.slug}.svg" if len(part.pages) == 1 else f"{part.slug}-{n:02d}.svg"
                        (lang_dir / name).write_text(svg.render(page, part.title, "../fonts/ipaexg.ttf"), encoding="utf-8")
            progress(f"{kit.id}: kit.pdf ({lang})")
            (lang_dir / "kit.pdf").write_bytes(pdf.render(book(kit, lang, parts)))
        if options.svg:
            font_dir = staging / "fonts"
            font_dir.mkdir()
            (font_dir / MARKER).write_text("made by pnpkit: the font the SVGs use, with its licence\n")
            for source in (fonts.GOTHIC_FILE, *fonts.LICENCE_FILES):
                shutil.copyfile(source, font_dir / source.name)
        result.files = _publish(staging, kit_dir)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return result


def _ensure_dir(path: Path) -> Path:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create output directory {path}: {exc.strerror}") from None
    return path


def _check_writable(kit_dir: Path, languages: tuple[str, ...]) -> None:
    """Refuse to replace a directory pnpkit did not make: it may hold the user's own files."""
    for name in (*languages, "fonts"):
        target = kit_dir / name
        if target.exists() and not (target / MARKER).exists():
            raise OutputError(f"{target} exists and was not made by pnpkit; choose another output directory with -o")


def _publish(staging: Path, kit_dir: Path) -> list[Path]:
    """Swap each finished directory into place; the old one is removed only after the swap."""
    kit_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for built in sorted(p for p in staging.iterdir() if p.is_dir()):
        target = kit_dir / built.name
        old = None
        if target.exists():
            old = staging / f"old-{built.name}"
            os.replace(target, old)
        os.replace(built, target)
        written += sorted(p for p in target.iterdir() if p.is_file() and p.name != MARKER)
    return written
