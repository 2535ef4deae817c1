"""A kit's documents as the backends take them: every file carries the kit's title, credits and language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .scene import Bookmark, Document

if TYPE_CHECKING:
    from pnpkit.validator.games import AnyKitModel

    from .games import Component


def document(kit: AnyKitModel, lang: str, title: str, pages: tuple, marks: tuple = ()) -> Document:
    """Pages as one document, with the kit's metadata."""
    return Document(
        pages=pages,
        title=title,
        author=kit.credits(lang),
        subject=f"{kit.title.get(lang)} — print-and-play kit ({lang})",
        keywords=("pnpkit", kit.game, kit.id, lang),
        bookmarks=marks,
    )


def component_document(kit: AnyKitModel, lang: str, part: Component) -> Document:
    """One component on its own, bookmarked by its title."""
    return document(kit, lang, part.title, part.pages, (Bookmark(part.title, 0),))


def component_pdf(kit: AnyKitModel, lang: str, part: Component) -> bytes:
    """A component's PDF rendered on its own (a full build copies it out of kit.pdf instead)."""
    from .backends import pdf

    return pdf.render(component_document(kit, lang, part))
