"""`pnpkit export tts`: decks, boards and tokens as a Tabletop Simulator saved object.

Per deck, the distinct fronts go on face sheets of at most 10 × 7 cards; the
last slot of each sheet holds the hidden-card image (the back), so a sheet
carries up to 69 faces, and a deck with more gets more sheets (one CustomDeck
entry each). Pixels per card are the `--dpi` size, shrunk so no sheet is wider
or taller than 4096 px. A deck whose backs all look alike gets one back image;
a deck with per-card backs gets a back sheet in the same grid and
`UniqueBack: true`. `BackIsHidden` is true, so cards in a hand show their
backs to the other players.

Sheets are JPEG (quality 90, full-resolution colour): every player downloads
every sheet when the table loads, and a sheet of card art is about half its
PNG size (often less) with no visible loss; TTS re-compresses textures in any
case. Tokens are PNG, because their transparency gives them their shape; page
images (boards) are PNG too, as they are mostly flat colour and text.

Files, under DIR/<kit>/<lang>/tts/:

- `<kit>.json`: one saved object holding every deck, board and token;
- `decks/<deck>.json`: one saved object per deck; `decks/<deck>-faces[-N].jpg`,
  `decks/<deck>-back.jpg` or `decks/<deck>-backs[-N].jpg`;
- `pages/<component>-NN.png`: each page of a component without cards or
  tokens (boards, sheets, rules) as a `Custom_Board`;
- `tokens/token-NN.png`: each distinct token as a `Custom_Token`, with as many
  copies as the sheet prints;
- a `.png` thumbnail beside each `.json`, which TTS shows in its Saved Objects browser.

Image URLs are `file:///` paths of the written files, or `--base-url` followed
by the path under `tts/` once the images are uploaded.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote, urlsplit, urlunsplit

from ..cardmap import placed_cards
from ..scene import Page
from .cards import Deck, Face, decks, file_stem
from .plan import TTS_MAX_SIDE, ExportOptions, KindPlan, Selection, check_image, deck_name
from .raster import Raster, card_page, jpeg_bytes, pixels, png_bytes, write
from .tokens import Token, tokens
from .work import Edition, Output, batches

if TYPE_CHECKING:
    from PIL.Image import Image

COLUMNS, ROWS = 10, 7
PER_SHEET = COLUMNS * ROWS - 1
"""Faces per sheet: the last slot holds the hidden-card image."""
CARD_GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}
"""The tint TTS gives cards by default (it colours their edges)."""
WHITE = {"r": 1.0, "g": 1.0, "b": 1.0}
TOKEN_MM_PER_SCALE = 50.8
"""Approximate: a Custom_Token at scale 1 is taken as two TTS units (about 2 in) across; tokens keep their
printed sizes relative to each other. Resize with TTS's scale tool if they look off."""
THUMBNAIL = 256


@dataclass
class Sheet:
    key: int
    """The CustomDeck key: card ids on this sheet are key × 100 + slot."""
    faces: list[Face]
    columns: int
    rows: int
    face_file: str
    back_file: str


@dataclass
class DeckJob:
    deck: Deck
    name: str
    card_px: tuple[int, int]
    sheets: list[Sheet] = field(default_factory=list)
    backs: list[Face | None] = field(default_factory=list)
    """Unique backs: the back of each front face, in face order; shared: the one back."""


def grid(faces: int) -> tuple[int, int]:
    """Columns and rows for a sheet of `faces` faces plus the hidden-card slot."""
    slots = faces + 1
    columns = min(COLUMNS, slots)
    return columns, math.ceil(slots / columns)


def card_pixels(width: float, height: float, columns: int, rows: int, dpi: int) -> tuple[int, int]:
    """Pixels per card: the dpi size, shrunk so `columns` × `rows` cards fit in TTS_MAX_SIDE on both sides."""
    per_mm = min(dpi / 25.4, TTS_MAX_SIDE / (columns * width), TTS_MAX_SIDE / (rows * height))
    return min(round(width * per_mm), TTS_MAX_SIDE // columns), min(round(height * per_mm), TTS_MAX_SIDE // rows)


def plan(edition: Edition, parts: list, options: ExportOptions, selection: Selection) -> KindPlan:
    kit_id = edition.loaded.model.id
    result = KindPlan(edition)
    items: list[tuple[Raster, Output]] = []
    jobs: list[DeckJob] = []
    key = 0
    for deck in decks(parts):
        if not selection.deck(deck):
            continue
        chunks = [deck.fronts[i : i + PER_SHEET] for i in range(0, len(deck.fronts), PER_SHEET)]
        columns, rows = grid(len(chunks[0]))
        width, height = deck.size
        job = DeckJob(deck, deck_name(edition, deck.id), card_pixels(width, height, columns, rows, options.dpi))
        stem = file_stem(deck.id)
        unique = deck.unique_backs
        for n, chunk in enumerate(chunks, start=1):
            key += 1
            suffix = "" if len(chunks) == 1 else f"-{n}"
            back = f"decks/{stem}-backs{suffix}.jpg" if unique else f"decks/{stem}-back.jpg"
            job.sheets.append(Sheet(key, chunk, *grid(len(chunk)), f"decks/{stem}-faces{suffix}.jpg", back))
        job.backs = (
            [_back_of(deck, face) for face in deck.fronts] if unique else [deck.backs[0] if deck.backs else None]
        )
        w, h = job.card_px
        for face in [*deck.fronts, *job.backs]:
            page = card_page(face.placed) if face is not None else Page(width, height, ())
            items.append((Raster(page, w, h), Output()))
        for sheet in job.sheets:
            result.pixels += 2 * sheet.columns * w * sheet.rows * h  # the face sheet and a back sheet or image
        jobs.append(job)
    boards = _boards(parts, selection, options.dpi, items)
    found = tokens([p for p in parts if selection.component(p)])
    token_files = _tokens(found, options.dpi, items)
    result.batches = batches(edition, items)
    urls = Urls(options, kit_id, edition.lang)
    result.finish = lambda images: _finish(edition, urls, jobs, boards, list(zip(found, token_files)), images)
    return result


def _back_of(deck: Deck, front: Face) -> Face | None:
    return next((back for card, back in deck.cards if card is front), None)


def _boards(parts: list, selection: Selection, dpi: int, items: list) -> list[tuple[str, str, Page]]:
    """Pages without cards, as page images: (file, nickname, page).

    Token sheets are among them: their tracks are part of the game, and the tokens come separately too.
    """
    out = []
    for part in parts:
        if not selection.component(part):
            continue
        for n, page in enumerate(part.pages, start=1):
            if placed_cards((page,)):
                continue
            name = f"pages/{file_stem(part.slug)}-{n:02d}.png"
            size = _capped(page.width, page.height, dpi)
            check_image(name, *size, dpi)
            items.append((Raster(page, *size), Output((name,), "png", dpi)))
            title = part.title if len(part.pages) == 1 else f"{part.title} {n}/{len(part.pages)}"
            out.append((name, title, page))
    return out


def _tokens(found: list[Token], dpi: int, items: list) -> list[str]:
    names = []
    for n, token in enumerate(found, start=1):
        name = f"tokens/token-{n:02d}.png"
        page = Page(token.width, token.height, (token.group,), token.label)
        size = _capped(token.width, token.height, dpi)
        check_image(name, *size, dpi)
        items.append((Raster(page, *size, transparent=True), Output((name,), "png", dpi)))
        names.append(name)
    return names


def _capped(width: float, height: float, dpi: int) -> tuple[int, int]:
    """A page's pixels at `dpi`, or at the resolution that keeps both sides within TTS_MAX_SIDE."""
    dpi_fit = min(float(dpi), TTS_MAX_SIDE * 25.4 / max(width, height))
    return min(pixels(width, dpi_fit), TTS_MAX_SIDE), min(pixels(height, dpi_fit), TTS_MAX_SIDE)


class Urls:
    """Where TTS finds each written image: its file:/// path, or --base-url plus its path under tts/.

    Both are percent-encoded (a space is %20, ä is %C3%A4): TTS reads the URL as written.
    """

    def __init__(self, options: ExportOptions, kit_id: str, lang: str):
        if options.base_url:
            self.prefix = encode_url(options.base_url.rstrip("/"))
        else:
            self.prefix = Path(options.out_dir).resolve().joinpath(kit_id, lang, *options.path).as_uri()

    def __call__(self, relative: str) -> str:
        return f"{self.prefix}/{quote(relative)}"


_ESCAPED = re.compile(r"(%[0-9A-Fa-f]{2})")
_SAFE = "/:@!$&'()*+,;=~"  # RFC 3986's sub-delims, ':', '@' and '/', kept as they are in a path


def encode_url(url: str) -> str:
    """`url` with its path, query and fragment percent-encoded as UTF-8; the scheme and host stay as written, and
    an escape already there (`%20`) is kept, so an encoded URL comes back unchanged.

    >>> encode_url("https://example.com/My Games/Bäume?v=1 2")
    'https://example.com/My%20Games/B%C3%A4ume?v=1%202'
    >>> encode_url("https://example.com/My%20Games/100%")
    'https://example.com/My%20Games/100%25'
    """
    parts = urlsplit(url)
    path, query, fragment = (
        _encode_part(part, extra) for part, extra in ((parts.path, ""), (parts.query, "?"), (parts.fragment, "?"))
    )
    return urlunsplit((parts.scheme, parts.netloc, path, query, fragment))


def _encode_part(text: str, safe: str) -> str:
    return "".join(
        piece if _ESCAPED.fullmatch(piece) else quote(piece, safe=_SAFE + safe) for piece in _ESCAPED.split(text)
    )


class Guids:
    """Six hex digits per object, from a hash of the kit, edition and the object: the same on every export."""

    def __init__(self, kit_id: str, lang: str):
        self.base = f"{kit_id}/{lang}/"
        self.used: set[str] = set()

    def __call__(self, what: str) -> str:
        n = 0
        while True:
            guid = hashlib.sha256(f"{self.base}{what}#{n}".encode()).hexdigest()[:6]
            if guid not in self.used:
                self.used.add(guid)
                return guid
            n += 1


def _finish(
    edition: Edition,
    urls: Urls,
    jobs: list[DeckJob],
    boards: list[tuple[str, str, Page]],
    token_files: list[tuple[Token, str]],
    images: list[Image | None],
) -> None:
    kit_id = edition.loaded.model.id
    guid = Guids(kit_id, edition.lang)
    out = edition.staged
    handed = iter(images)
    objects: list[dict] = []
    thumbs: list[Image | None] = []
    for index, job in enumerate(jobs):
        fronts = [next(handed) for _ in job.deck.fronts]
        backs = [next(handed) for _ in job.backs]
        state = _deck(job, fronts, backs, urls, guid, out, _at(index * 3.0, 0.0, face_down=True))
        objects.append(state)
        thumb = _thumbnail(fronts[0])
        thumbs.append(thumb)
        _save(out / f"decks/{file_stem(job.deck.id)}.json", [state], thumb)
    for n, (name, title, page) in enumerate(boards):
        objects.append(_board(name, title, page, urls, guid, n))
    for n, (token, name) in enumerate(token_files):
        objects.extend(_token(token, name, urls, guid, n))
    _save(out / f"{file_stem(kit_id)}.json", objects, thumbs[0] if thumbs else None)


def _deck(
    job: DeckJob,
    fronts: list[Image | None],
    backs: list[Image | None],
    urls: Urls,
    guid: Guids,
    out: Path,
    transform: dict,
) -> dict:
    deck = job.deck
    w, h = job.card_px
    unique = deck.unique_backs
    slot_of: dict[int, tuple[int, int]] = {}
    custom: dict[str, dict] = {}
    at = 0
    for sheet in job.sheets:
        faces = fronts[at : at + len(sheet.faces)]
        mine = backs[at : at + len(sheet.faces)] if unique else []
        hidden = backs[at] if unique else backs[0]
        write(out / sheet.face_file, jpeg_bytes(_sheet(faces, hidden, sheet, w, h)))
        if unique:
            write(out / sheet.back_file, jpeg_bytes(_sheet(mine, hidden, sheet, w, h)))
        elif sheet is job.sheets[0] and hidden is not None:
            write(out / sheet.back_file, jpeg_bytes(hidden))
        for slot, face in enumerate(sheet.faces):
            slot_of[id(face)] = (sheet.key, slot)
        custom[str(sheet.key)] = {
            "FaceURL": urls(sheet.face_file),
            "BackURL": urls(sheet.back_file),
            "NumWidth": sheet.columns,
            "NumHeight": sheet.rows,
            "BackIsHidden": True,
            "UniqueBack": unique,
            "Type": 0,
        }
        at += len(sheet.faces)
    sideways = deck.size[0] > deck.size[1]
    cards = []
    for n, (front, _back) in enumerate(deck.cards):
        key, slot = slot_of[id(front)]
        cards.append(
            _object(
                "Card",
                guid(f"deck/{deck.id}/card/{n}"),
                front.card,
                _at(0.0, 0.0),
                CARD_GREY,
                CardID=key * 100 + slot,
                SidewaysCard=sideways,
                CustomDeck={str(key): custom[str(key)]},
                HideWhenFaceDown=True,
                Hands=True,
            )
        )
    if len(cards) == 1:  # TTS has no one-card deck: a lone card is a Card
        only = cards[0]
        only.update(Transform=transform, Nickname=job.name)
        return only
    return _object(
        "DeckCustom",
        guid(f"deck/{deck.id}"),
        job.name,
        transform,
        CARD_GREY,
        SidewaysCard=sideways,
        DeckIDs=[card["CardID"] for card in cards],
        CustomDeck=custom,
        ContainedObjects=cards,
        HideWhenFaceDown=True,
    )


def _sheet(faces: list[Image | None], hidden: Image | None, sheet: Sheet, w: int, h: int) -> Image:
    from PIL import Image as PILImage

    canvas = PILImage.new("RGB", (sheet.columns * w, sheet.rows * h), (255, 255, 255))
    for slot, image in enumerate(faces):
        if image is not None:
            canvas.paste(image, ((slot % sheet.columns) * w, (slot // sheet.columns) * h))
    if hidden is not None:
        last = sheet.columns * sheet.rows - 1
        canvas.paste(hidden, ((last % sheet.columns) * w, (last // sheet.columns) * h))
    return canvas


def _board(name: str, title: str, page: Page, urls: Urls, guid: Guids, n: int) -> dict:
    image = {"ImageURL": urls(name), "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0}
    return _object("Custom_Board", guid(f"board/{name}"), title, _at(n * 12.0, 14.0), WHITE, CustomImage=image)


def _token(token: Token, name: str, urls: Urls, guid: Guids, n: int) -> list[dict]:
    scale = round(max(token.width, token.height) / TOKEN_MM_PER_SCALE, 4)
    image = {
        "ImageURL": urls(name),
        "ImageSecondaryURL": "",
        "ImageScalar": 1.0,
        "WidthScale": 0.0,
        "CustomToken": {
            "Thickness": 0.2,
            "MergeDistancePixels": 15.0,
            "StandUp": token.stands,
            "Stackable": not token.stands,
        },
    }
    return [
        _object(
            "Custom_Token",
            guid(f"token/{name}/{copy}"),
            token.label,
            _at(n * 2.0, -6.0, 1.0 + 0.25 * copy, scale),
            WHITE,
            CustomImage=image,
        )
        for copy in range(token.copies)
    ]


def _at(x: float, z: float, y: float = 1.0, scale: float = 1.0, face_down: bool = False) -> dict:
    return {
        "posX": x,
        "posY": y,
        "posZ": z,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0 if face_down else 0.0,
        "scaleX": scale,
        "scaleY": 1.0,
        "scaleZ": scale,
    }


def _object(name: str, guid: str, nickname: str, transform: dict, colour: dict, **fields) -> dict:
    """An ObjectState with the fields TTS writes for every object, then the object's own."""
    return {
        "GUID": guid,
        "Name": name,
        "Transform": transform,
        "Nickname": nickname,
        "Description": "",
        "GMNotes": "",
        "ColorDiffuse": colour,
        "LayoutGroupSortIndex": 0,
        "Value": 0,
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "IgnoreFoW": False,
        "MeasureMovement": False,
        "DragSelectable": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "GridProjection": False,
        "HideWhenFaceDown": False,
        "Hands": False,
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
        **fields,
    }


def saved_object(objects: list[dict]) -> dict:
    """A saved-object file as TTS writes one: a SaveState whose ObjectStates are the objects."""
    return {
        "SaveName": "",
        "Date": "",
        "VersionNumber": "",
        "GameMode": "",
        "GameType": "",
        "GameComplexity": "",
        "Tags": [],
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "TabStates": {},
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
        "ObjectStates": objects,
    }


def _save(path: Path, objects: list[dict], thumbnail: Image | None) -> None:
    text = json.dumps(saved_object(objects), sort_keys=True, indent=2, ensure_ascii=False) + "\n"
    write(path, text.encode("utf-8"))
    if thumbnail is not None:
        write(path.with_suffix(".png"), png_bytes(thumbnail))


def _thumbnail(image: Image | None) -> Image | None:
    if image is None:
        return None
    from PIL import Image as PILImage

    copy = image.copy()
    copy.thumbnail((THUMBNAIL, THUMBNAIL), PILImage.Resampling.LANCZOS)
    return copy
