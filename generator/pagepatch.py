"""A component's PDF made again from the one written before: its unchanged pages kept as they are, only the
pages whose content changed drawn again (`pnpkit watch`, where one changed card changes one sheet).

The changed pages are rendered on their own, as a small document, and each is put in place of its old page:
the old page object keeps its place in the page tree (so the outline still points at it) and takes the new
page's contents, resources and boxes. A picture the file already holds, byte for byte, is used again rather
than copied; a changed page brings its own font subsets, so the file grows by some kilobytes a changed page.
The caller draws the whole document again once the file has grown past MAX_GROWTH times its last whole
rendering (`pnpkit build` always renders whole).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from .scene import Document, Page

MAX_GROWTH = 2.0
"""A patched file at most this many times the size of the last whole rendering; past it, the caller renders whole
(a watch's files are previews the next build replaces, drawn whole)."""
PAGE_KEYS = ("/Contents", "/Resources", "/MediaBox", "/TrimBox", "/BleedBox", "/CropBox", "/ArtBox", "/Rotate")
"""What a page carries of its own drawing: all of it is taken from the new page (what it lacks, removed)."""


def changed_pages(old: Sequence[Page], new: Sequence[Page]) -> list[int] | None:
    """The indexes of the pages that differ, or None when the pages cannot be patched (a page added or removed)."""
    if len(old) != len(new):
        return None
    return [n for n, (before, page) in enumerate(zip(old, new, strict=True)) if before != page]


def patched(previous: bytes, document: Document, changed: Sequence[int]) -> bytes:
    """`previous` (the PDF of an earlier `document` with the same number of pages and the same metadata) with
    the pages `changed` drawn again from `document`; b"" when it cannot be patched (the caller renders whole).
    Run it with the edition's fonts in use."""
    import pikepdf

    from .backends import pdf

    if not changed:
        return previous
    fresh = pdf.render(Document(tuple(document.pages[n] for n in changed), document.title))
    try:
        return _patch(previous, fresh, changed, len(document.pages))
    except (pikepdf.PdfError, ValueError, KeyError, TypeError):  # not the file written before: drawn whole
        return b""


def _patch(previous: bytes, fresh: bytes, changed: Sequence[int], pages: int) -> bytes:
    import pikepdf

    with pikepdf.open(io.BytesIO(previous)) as target, pikepdf.open(io.BytesIO(fresh)) as source:
        if len(target.pages) != pages:
            raise ValueError(f"{len(target.pages)} pages written before, {pages} now")
        pictures = _pictures(target)
        for n, page in zip(changed, source.pages, strict=True):
            into = target.pages[n].obj
            for key in PAGE_KEYS:
                if key in page.obj:  # made indirect first: a direct one (a page's own dictionary) cannot be copied
                    value = page.obj[key]
                    if isinstance(value, pikepdf.Object):
                        value = target.copy_foreign(value if value.is_indirect else source.make_indirect(value))
                    into[key] = value
                elif key in into:
                    del into[key]
            _reuse_pictures(into, pictures)
        buffer = io.BytesIO()
        target.save(buffer, deterministic_id=True)
        return buffer.getvalue()


def _picture_key(image, depth: int = 0) -> str:
    """What makes two PDF objects (an image stream, its mask, its palette) the same: their bytes and their
    entries, followed into the objects they name, as a digest."""
    import hashlib

    import pikepdf

    digest = hashlib.sha256()
    if depth > 8:  # a picture's objects nest two or three deep; a deeper one is never taken for another
        digest.update(repr(id(image)).encode())
    elif isinstance(image, pikepdf.Stream):
        digest.update(b"stream" + image.read_raw_bytes() + _picture_key(image.stream_dict, depth + 1).encode())
    elif isinstance(image, pikepdf.Dictionary):
        for key in sorted(image.keys()):
            if key == "/Length":
                continue  # the bytes themselves are compared
            value = image[key]
            if key in ("/Filter", "/DecodeParms") and isinstance(value, pikepdf.Array) and len(value) == 1:
                value = value[0]  # [/FlateDecode] as reportlab writes it, /FlateDecode as qpdf saves it
            digest.update(f"{key}=".encode() + _picture_key(value, depth + 1).encode())
    elif isinstance(image, pikepdf.Array):
        for value in image:
            digest.update(b"," + _picture_key(value, depth + 1).encode())
    else:
        digest.update(repr(image).encode())
    return digest.hexdigest()


def _pictures(pdf) -> dict[str, object]:
    """The image streams the pages of `pdf` draw directly, by `_picture_key`."""
    found: dict[str, object] = {}
    for page in pdf.pages:
        images = page.obj.get("/Resources", {}).get("/XObject", {})
        for name in list(images.keys()):
            image = images[name]
            if image.get("/Subtype") == "/Image":
                found.setdefault(_picture_key(image), image)
    return found


def _reuse_pictures(page, pictures: dict[str, object]) -> None:
    """A patched page's pictures that the file held before, byte for byte: named as those (the copies, no
    longer drawn, are left out when the file is saved)."""
    images = page.get("/Resources", {}).get("/XObject", {})
    for name in list(images.keys()):
        image = images[name]
        if image.get("/Subtype") == "/Image":
            same = pictures.get(_picture_key(image))
            if same is not None:
                images[name] = same
