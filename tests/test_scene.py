"""The laid-out Element Shift kit, read as scenes: cut guides, card contents, the board, print furniture, duplex
backs. The hard margin and A4 pages of every kit are checked in test_every_kit.py."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from conftest import KIT_ID, LANGS

from pnpkit.generator.geometry import ink_bounds, visible_items
from pnpkit.generator.scene import Group, Rect, Text, apply, bounds, group_matrix, walk
from pnpkit.generator.typeset.text import latin_quotes
from pnpkit.generator.units import HARD_MARGIN

EPS = 1e-6


def _bbox(points):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _corners(x0, y0, x1, y1):
    return ((x0, y0), (x1, y0), (x0, y1), (x1, y1))


@pytest.fixture(scope="module")
def loaded_kit(kits):
    return kits.loaded(KIT_ID)


@pytest.fixture(scope="module")
def layouts(kits):
    return kits.layouts(KIT_ID)


def all_pages(layouts):
    for lang in LANGS:
        for part in layouts[lang].values():
            for n, page in enumerate(part.pages):
                yield f"{lang}/{part.slug} page {n + 1}", page


def card_pages(layouts, lang):
    return layouts[lang]["cards"].pages


def edge_distance(page, box):
    return min(box[0], box[1], page.width - box[2], page.height - box[3])


# ---------------------------------------------------------------- margins


def test_cut_guides_reach_the_hard_margin(layouts):
    """Guides run out to the margin so they are visible after cutting, but not closer."""
    for lang in LANGS:
        for page in card_pages(layouts, lang):
            guides = [
                (item, box) for item, box in visible_items(page.items) if getattr(item, "role", "") == "cut-guide"
            ]
            assert guides
            assert min(edge_distance(page, box) for _item, box in guides) == pytest.approx(HARD_MARGIN, abs=1e-6)


def test_text_never_overlaps_other_text(layouts):
    for where, page in all_pages(layouts):
        texts = [box for item, box in visible_items(page.items) if isinstance(item, Text) and item.text.strip()]
        for i, a in enumerate(texts):
            for b in texts[i + 1 :]:
                overlap_w = min(a[2], b[2]) - max(a[0], b[0])
                overlap_h = min(a[3], b[3]) - max(a[1], b[1])
                assert overlap_w <= 0.2 or overlap_h <= 0.2, f"{where}: texts overlap at {a} and {b}"


# ---------------------------------------------------------------- cards


def card_groups(page, role):
    return [item for item in page.items if isinstance(item, Group) and item.role == role]


def test_every_text_on_a_card_lies_inside_the_card(layouts, loaded_kit):
    sizes = {(deck.size.width, deck.size.height) for deck in loaded_kit.kit.decks}
    checked = 0
    for lang in LANGS:
        for page in card_pages(layouts, lang):
            for card in card_groups(page, "card-front") + card_groups(page, "card-back"):
                # the clip is the trim grown by half the home gutter, into which the card's colour runs
                gutter = -card.clip.x
                assert card.clip.y == card.clip.x and gutter == pytest.approx(1.0)
                w, h = card.clip.w - 2 * gutter, card.clip.h - 2 * gutter
                assert (w, h) in sizes
                for item, matrix in walk(card.items):
                    if not isinstance(item, Text) or not item.text.strip():
                        continue
                    x0, y0, x1, y1 = ink_bounds(item, matrix)
                    checked += 1
                    assert x0 >= -EPS and y0 >= -EPS and x1 <= w + EPS and y1 <= h + EPS, (
                        lang,
                        card.name,
                        item.text,
                        (x0, y0, x1, y1),
                    )
    assert checked > 500


def test_card_faces_show_their_texts(layouts, loaded_kit):
    kit = loaded_kit.kit
    for lang in LANGS:
        texts = {
            item.text
            for page in card_pages(layouts, lang)
            for card in card_groups(page, "card-front")
            for item, _m in walk(card.items)
            if isinstance(item, Text)
        }
        for event in kit.events:
            assert latin_quotes(event.name.get(lang)) in texts  # Earth's prints as Earth’s
        for element in kit.elements:
            assert latin_quotes(element.name.get(lang)) in texts


def test_each_deck_has_its_cards(layouts, loaded_kit):
    kit = loaded_kit.kit
    want = Counter()
    for deck in kit.decks:
        if deck.cards:
            for entry in deck.cards:
                want[entry.ref] += entry.count
        else:
            for item in getattr(kit, deck.source):
                want[item.id] += 1
    for lang in LANGS:
        got = Counter(card.name for page in card_pages(layouts, lang) for card in card_groups(page, "card-front"))
        assert got == want


def _slot(box, xs, ys):
    return min(range(len(xs)), key=lambda i: abs(xs[i] - box[0])), min(
        range(len(ys)), key=lambda i: abs(ys[i] - box[1])
    )


def _card_box(card):
    m = group_matrix(card)
    c = card.clip
    return _bbox([apply(m, x, y) for x, y in _corners(c.x, c.y, c.x + c.w, c.y + c.h)])


def test_backs_are_mirrored_for_long_edge_duplex(layouts):
    for lang in LANGS:
        pages = card_pages(layouts, lang)
        assert len(pages) % 2 == 0
        fronts_pages = pages[0::2]
        xs = sorted({round(_card_box(c)[0], 3) for p in fronts_pages for c in card_groups(p, "card-front")})
        ys = sorted({round(_card_box(c)[1], 3) for p in fronts_pages for c in card_groups(p, "card-front")})
        cols = len(xs)
        assert cols >= 2 and len(ys) >= 2
        for front_page, back_page in zip(pages[0::2], pages[1::2]):
            fronts = card_groups(front_page, "card-front")
            backs = card_groups(back_page, "card-back")
            assert fronts and len(fronts) == len(backs)
            assert not card_groups(front_page, "card-back") and not card_groups(back_page, "card-front")
            for front, back in zip(fronts, backs):
                fbox, bbox = _card_box(front), _card_box(back)
                c, r = _slot(fbox, xs, ys)
                bc, br = _slot(bbox, xs, ys)
                assert abs(xs[bc] - bbox[0]) < 1e-6 and abs(ys[br] - bbox[1]) < 1e-6, "a back is not on a card slot"
                assert (bc, br) == (cols - 1 - c, r), (lang, front.name, (c, r), (bc, br))
                assert back.name == front.name
                assert (fbox[2] - fbox[0], fbox[3] - fbox[1]) == pytest.approx((bbox[2] - bbox[0], bbox[3] - bbox[1]))


def test_mirrored_backs_land_behind_their_fronts(layouts):
    """Flipping the sheet on its long (vertical) edge maps x to width - x: each back must cover its front."""
    for lang in LANGS:
        pages = card_pages(layouts, lang)
        for front_page, back_page in zip(pages[0::2], pages[1::2]):
            for front, back in zip(card_groups(front_page, "card-front"), card_groups(back_page, "card-back")):
                fx0, fy0, fx1, fy1 = _card_box(front)
                bx0, by0, bx1, by1 = _card_box(back)
                assert (front_page.width - bx1, by0, front_page.width - bx0, by1) == pytest.approx(
                    (fx0, fy0, fx1, fy1), abs=1e-6
                )


# ---------------------------------------------------------------- board


def board_page(layouts, lang):
    (page,) = layouts[lang]["board"].pages
    return page


def cells_of(page):
    return [item for item in page.items if isinstance(item, Group) and item.role == "cell"]


def test_board_has_41_cells_8_per_territory(layouts, loaded_kit):
    per_territory = loaded_kit.kit.parameters.cells_per_territory
    assert per_territory == 8
    for lang in LANGS:
        cells = cells_of(board_page(layouts, lang))
        assert len(cells) == 41
        terrains = Counter(cell.name.split(":")[1] for cell in cells)
        blocked = {t.id for t in loaded_kit.kit.terrains if t.blocked}
        assert terrains == {t.id: (1 if t.id in blocked else per_territory) for t in loaded_kit.kit.terrains}
        assert len({cell.name.split(":")[0] for cell in cells}) == 41


def test_board_fits_the_printable_area(layouts):
    for lang in LANGS:
        page = board_page(layouts, lang)
        boxes = [box for cell in cells_of(page) for _item, box in visible_items((cell,))]
        x0, y0, x1, y1 = (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )
        assert x0 >= HARD_MARGIN and y0 >= HARD_MARGIN
        assert x1 <= page.width - HARD_MARGIN and y1 <= page.height - HARD_MARGIN
        assert x1 - x0 > 100, "the board should use the sheet"


def test_hexes_do_not_overlap(layouts):
    for lang in LANGS:
        centres = []
        for cell in cells_of(board_page(layouts, lang)):
            hexagon = cell.items[0]
            xs = [p[0] for p in hexagon.points]
            ys = [p[1] for p in hexagon.points]
            centres.append((sum(xs) / 6, sum(ys) / 6, max(xs) - min(xs)))
        across = centres[0][2]
        for i, (ax, ay, _w) in enumerate(centres):
            for bx, by, _ in centres[i + 1 :]:
                assert math.hypot(ax - bx, ay - by) >= across - 1e-6


def test_board_text_stays_off_the_hexes(layouts):
    for lang in LANGS:
        page = board_page(layouts, lang)
        hexes = [
            box for cell in cells_of(page) for item, box in visible_items((cell,)) if getattr(item, "role", "") == "hex"
        ]
        hx0, hy0, hx1, hy1 = (
            min(b[0] for b in hexes),
            min(b[1] for b in hexes),
            max(b[2] for b in hexes),
            max(b[3] for b in hexes),
        )
        for item, box in visible_items(page.items):
            if isinstance(item, Text):
                outside = box[2] <= hx0 or box[0] >= hx1 or box[3] <= hy0 or box[1] >= hy1
                assert outside, (lang, item.text)


# ---------------------------------------------------------------- print furniture


def _roles(page):
    return Counter((type(item).__name__, getattr(item, "role", "")) for item, _m in walk(page.items))


@pytest.mark.parametrize("lang", LANGS)
def test_board_and_card_sheets_carry_print_note_and_scale_bar(layouts, lang):
    pages = [board_page(layouts, lang)] + list(card_pages(layouts, lang))
    for n, page in enumerate(pages):
        roles = _roles(page)
        assert roles[("Text", "print-note")] >= 1, f"page {n}: no print note"
        assert roles[("Rect", "scale-bar")] >= 4, f"page {n}: no scale bar"


@pytest.mark.parametrize("lang", LANGS)
def test_scale_bar_is_true_to_size(layouts, lang):
    """The bar's segments add up to a round length in millimetres and are not scaled by any group."""
    for page in [board_page(layouts, lang)] + list(card_pages(layouts, lang)):
        segments = [(item, m) for item, m in walk(page.items) if isinstance(item, Rect) and item.role == "scale-bar"]
        for _item, m in segments:
            assert math.hypot(m[0], m[1]) == pytest.approx(1.0)
        boxes = [bounds(Rect(i.x, i.y, i.w, i.h), m) for i, m in segments]
        length = max(b[2] for b in boxes) - min(b[0] for b in boxes)
        assert length in (pytest.approx(40.0), pytest.approx(50.0))


@pytest.mark.parametrize("paper", ["a4", "letter"])  # Letter sets its cards sideways: turned symbols
def test_symbols_measured_once_land_where_each_is_drawn(kits, paper):
    """The page check measures a symbol group (a back on every card) once and moves its boxes to each
    placement; the boxes and group names must be those of measuring every placement afresh."""
    from pnpkit.generator.build import layout_kit, print_settings
    from pnpkit.generator.geometry import visible_named
    from pnpkit.generator.typeset.fonts import for_kit, using

    loaded = kits.loaded(KIT_ID)
    parts, _problems = layout_kit(loaded, "en", print_settings(loaded.model, {"paper": paper}))
    placed = turned = 0
    with using(for_kit(loaded.model, loaded.root, "en")[0]):
        shared: dict = {}
        for part in parts:
            for page in part.pages:
                fresh = visible_named(page.items, kind=Text)
                moved = visible_named(page.items, kind=Text, shared=shared)
                assert [(item, names) for item, _box, names in moved] == [(item, names) for item, _box, names in fresh]
                for (_item, a, _n), (_same, b, _m) in zip(moved, fresh):
                    assert a == pytest.approx(b, abs=1e-9)
                symbols = [item for item, _m in walk(page.items) if isinstance(item, Group) and item.symbol]
                placed += len(symbols)
                turned += sum(1 for item in symbols if item.rotate % 180)
    assert placed > 20 and shared  # there were symbols, and their texts were measured once
    assert (turned > 0) == (paper == "letter")
