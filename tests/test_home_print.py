"""Home printing that forgives: read from the scene of every kit's card sheets.

A cut that misses by half a millimetre must show the card's own colour, never
its neighbour's (a gutter between cards, each card's colour run into its half);
a back must not frame its edge, which would show every duplex misregistration;
backs must land exactly behind their fronts; and no Japanese paragraph may end
on a lone character or two.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter

import pytest
from conftest import KIT_ID, KITS

from pnpkit.generator.build import layout_kit, print_settings
from pnpkit.generator.cardmap import placed_cards
from pnpkit.generator.scene import Circle, Group, Line, Path, Polygon, Rect, Text, apply, bounds, group_matrix, walk
from pnpkit.generator.typeset import fonts
from pnpkit.generator.typeset.linebreaks import CLOSING_PUNCTUATION
from pnpkit.generator.typeset.lines import wrap
from pnpkit.generator.units import HARD_MARGIN, MM_PER_PT

GUTTER = 2.0
"""The least space between two cards' trims on a home sheet (mm)."""
OWN_COLOUR = 1.0
"""How far at least each card's colour runs past its trim towards a neighbour."""
CLEAR = 0.5
"""How close at most a neighbour's drawing may come to a card's trim line."""
BACK_FRAME = 6.0
"""No line on a back runs within this distance inside its trim."""
EPS = 1e-6


def _card_pages(kits, name):
    for lang, parts in kits.layouts(name).items():
        for part in parts.values():
            for number, page in enumerate(part.pages, start=1):
                if any(isinstance(i, Group) and i.role in ("card-front", "card-back") for i in page.items):
                    yield f"{name}/{lang}/{part.slug} p{number}", page


def _cards_on(page):
    """(placed card, drawn box in page space, its background runs to the clip) for every card on the page."""
    out = []
    for placed in placed_cards([page]):
        group = placed.group
        clip = group.clip
        m = group_matrix(group)
        corners = [apply(m, x, y) for x, y in ((clip.x, clip.y), (clip.x + clip.w, clip.y + clip.h))]
        drawn = (min(c[0] for c in corners), min(c[1] for c in corners), max(c[0] for c in corners))
        drawn += (max(c[1] for c in corners),)
        first = group.items[0] if group.items else None
        filled = (
            isinstance(first, Rect)
            and first.style.fill is not None
            and first.x <= clip.x + EPS
            and first.y <= clip.y + EPS
            and first.w >= clip.w - EPS
            and first.h >= clip.h - EPS
        )
        out.append((placed, drawn, filled))
    return out


def _box(placed):
    t = placed.trim
    return t.x, t.y, t.x + t.w, t.y + t.h


def _facing(a, b):
    """The gap between two trims that face each other across a cut, with its axis; None if they do not face."""
    ax0, ay0, ax1, ay1 = a
    bx0, by0, bx1, by1 = b
    if min(ay1, by1) - max(ay0, by0) > 1.0:  # side by side
        return ("x", bx0 - ax1) if bx0 >= ax1 - EPS else ("x", ax0 - bx1) if ax0 >= bx1 - EPS else None
    if min(ax1, bx1) - max(ax0, bx0) > 1.0:  # one above the other
        return ("y", by0 - ay1) if by0 >= ay1 - EPS else ("y", ay0 - by1) if ay0 >= by1 - EPS else None
    return None


def _reach(drawn, trim, axis, towards_positive):
    """How far the drawing runs past the trim on the side facing the neighbour."""
    if axis == "x":
        return drawn[2] - trim[2] if towards_positive else trim[0] - drawn[0]
    return drawn[3] - trim[3] if towards_positive else trim[1] - drawn[1]


def _neighbours(cards):
    for (pa, da, fa), (pb, db, fb) in itertools.combinations(cards, 2):
        ta, tb = _box(pa), _box(pb)
        facing = _facing(ta, tb)
        if facing is None:
            continue
        axis, gap = facing
        b_after = (tb[0] >= ta[2] - EPS) if axis == "x" else (tb[1] >= ta[3] - EPS)
        if gap > 20.0:  # far apart (another column of a gutterfold sheet): no shared cut
            continue
        yield (pa, ta, da, fa), (pb, tb, db, fb), axis, gap, b_after


@pytest.mark.parametrize("name", sorted(KITS))
def test_neighbouring_cards_never_show_each_others_colour(kits, name):
    checked = 0
    for where, page in _card_pages(kits, name):
        cards = _cards_on(page)
        for (pa, ta, da, fa), (pb, tb, db, fb), axis, gap, b_after in _neighbours(cards):
            checked += 1
            assert gap >= GUTTER - EPS, (where, pa.card, pb.card, gap)
            # each card's own colour runs into its half of the gutter ...
            reach_a = _reach(da, ta, axis, b_after)
            reach_b = _reach(db, tb, axis, not b_after)
            assert min(reach_a, reach_b) >= OWN_COLOUR - EPS, (where, pa.card, pb.card, reach_a, reach_b)
            for placed, filled in ((pa, fa), (pb, fb)):
                if placed.group.items and isinstance(placed.group.items[0], Rect) and placed.group.items[0].style.fill:
                    assert filled, (where, placed.card, "its background stops at the trim")
            # ... and neither reaches the other's trim line
            assert gap - reach_b >= CLEAR - EPS and gap - reach_a >= CLEAR - EPS, (where, pa.card, pb.card)
    if not checked:
        pytest.skip(f"{name} has no card sheets")


def _guides(page):
    return [item for item in page.items if isinstance(item, Line) and item.role == "cut-guide"]


def test_cut_guides_mark_each_cards_own_trim_lines(kits):
    for where, page in _card_pages(kits, KIT_ID):
        guides = _guides(page)
        xs = {round(g.x1, 3) for g in guides if abs(g.x1 - g.x2) < EPS}
        ys = {round(g.y1, 3) for g in guides if abs(g.y1 - g.y2) < EPS}
        for placed in placed_cards([page]):
            x0, y0, x1, y1 = _box(placed)
            assert {round(x0, 3), round(x1, 3)} <= xs, (where, placed.card)
            assert {round(y0, 3), round(y1, 3)} <= ys, (where, placed.card)
        for g in guides:  # in the margin, clear of every card's colour and of the hard margin
            for x, y in ((g.x1, g.y1), (g.x2, g.y2)):
                assert HARD_MARGIN - EPS <= x <= page.width - HARD_MARGIN + EPS
                assert HARD_MARGIN - EPS <= y <= page.height - HARD_MARGIN + EPS
            for _p, drawn, _f in _cards_on(page):
                inside_x = min(g.x1, g.x2) < drawn[2] - EPS and max(g.x1, g.x2) > drawn[0] + EPS
                inside_y = min(g.y1, g.y2) < drawn[3] - EPS and max(g.y1, g.y2) > drawn[1] + EPS
                assert not (inside_x and inside_y), (where, g)


def _shared_backs(kits, name):
    """(where, placed back) for every back drawn from a deck's shared design (a double-faced card's own back is
    a second front, drawn as its template says)."""
    pages = list(_card_pages(kits, name))
    uses = Counter(c.group.symbol for _w, page in pages for c in placed_cards([page]) if c.side == "back")
    for where, page in pages:
        for placed in placed_cards([page]):
            if placed.side == "back" and placed.group.symbol and uses[placed.group.symbol] > 1:
                yield where, placed


@pytest.mark.parametrize("name", sorted(KITS))
def test_backs_have_no_frame_along_their_trim(kits, name):
    backs = 0
    for where, placed in _shared_backs(kits, name):
        backs += 1
        x0, y0, x1, y1 = _box(placed)
        for item, matrix in walk(placed.group.items, group_matrix(placed.group)):
            if not _is_line(item):
                continue
            box = bounds(item, matrix)
            if box is None or box[0] < x0 - EPS or box[1] < y0 - EPS or box[2] > x1 + EPS or box[3] > y1 + EPS:
                continue  # a pattern that runs off the card hides misregistration rather than showing it
            nearest = min(box[0] - x0, box[1] - y0, x1 - box[2], y1 - box[3])
            assert nearest >= BACK_FRAME - EPS, (where, placed.card, item, round(nearest, 2))
    if not backs:
        pytest.skip(f"{name} has no card sheets")


def _is_line(item) -> bool:
    """A stroke, or a fill so thin it reads as one."""
    if isinstance(item, (Line, Path, Polygon, Circle, Rect)) and item.style.stroke:
        return True
    return isinstance(item, Rect) and item.style.fill is not None and min(item.w, item.h) < 1.0


@pytest.mark.parametrize("name", sorted(KITS))
def test_each_back_lands_behind_its_front(kits, name):
    pairs = 0
    for lang, parts in kits.layouts(name).items():
        for part in parts.values():
            for n, front_page in enumerate(part.pages):
                if not any(isinstance(i, Group) and i.role == "card-front" for i in front_page.items):
                    continue
                back_page = part.pages[n + 1]
                fronts = [c for c in placed_cards([front_page]) if c.side == "front"]
                backs = [c for c in placed_cards([back_page]) if c.side == "back"]
                assert [c.card for c in fronts] == [c.card for c in backs], (name, lang, part.slug)
                width = front_page.width
                for front, back in zip(fronts, backs):
                    f, b = front.trim, back.trim
                    assert abs(b.x - (width - f.x - f.w)) <= 0.01 and abs(b.y - f.y) <= 0.01, (name, front.card)
                    assert abs(b.w - f.w) <= 0.01 and abs(b.h - f.h) <= 0.01
                    assert abs(-back.group.clip.x - -front.group.clip.x) <= 0.01  # the same colour around it
                    pairs += 1
                # the guides on the back are the front's, mirrored: either side can be cut along them
                front_guides = sorted(
                    (round(width - g.x2, 2), round(g.y1, 2), round(width - g.x1, 2), round(g.y2, 2))
                    for g in _guides(front_page)
                )
                back_guides = sorted(
                    (round(g.x1, 2), round(g.y1, 2), round(g.x2, 2), round(g.y2, 2)) for g in _guides(back_page)
                )
                assert front_guides == back_guides, (name, lang, part.slug)
    if not pairs:
        pytest.skip(f"{name} has no card sheets")


def _settings_pages(kits, **overrides):
    loaded = kits.loaded(KIT_ID)
    parts, problems = layout_kit(loaded, "en", print_settings(loaded.kit, overrides))
    assert not problems
    return next(p for p in parts if p.slug == "cards").pages


def test_a4_keeps_poker_cards_nine_up_with_the_gutter(kits):
    page = _settings_pages(kits)[0]
    trims = sorted((round(c.trim.y, 3), round(c.trim.x, 3)) for c in placed_cards([page]))
    assert len(trims) == 9
    xs = sorted({x for _y, x in trims})
    ys = sorted({y for y, _x in trims})
    assert [round(b - a, 3) for a, b in itertools.pairwise(xs)] == [63 + GUTTER] * 2
    assert [round(b - a, 3) for a, b in itertools.pairwise(ys)] == [88 + GUTTER] * 2


def test_the_users_gutter_is_honoured(kits):
    """`gutter: 0mm` puts the cards edge to edge again (the user's choice); a wider one is kept exactly."""
    for gutter, expected in ((0.0, 63.0), (3.0, 66.0)):
        page = _settings_pages(kits, gutter=f"{gutter}mm")[0]
        xs = sorted({round(c.trim.x, 3) for c in placed_cards([page])})
        assert [round(b - a, 3) for a, b in itertools.pairwise(xs)] == [expected] * 2
        clips = {-c.group.clip.x for c in placed_cards([page])}
        assert clips == {gutter / 2}
    # the gutter is no bleed: a home card is read back (and exported) at its trim, without the gutter
    assert {c.bleed for c in placed_cards(_settings_pages(kits))} == {0.0}


def test_gutterfold_rows_have_the_gutter_too(kits):
    pages = _settings_pages(kits, layout="gutterfold")
    cards = _cards_on(pages[0])
    fronts = sorted((c for c in cards if c[0].side == "front"), key=lambda c: c[0].trim.y)
    assert len(fronts) == 4
    for (a, da, _fa), (b, _db, _fb) in itertools.pairwise(fronts):
        assert b.trim.y - (a.trim.y + a.trim.h) == pytest.approx(GUTTER)
        assert da[3] - (a.trim.y + a.trim.h) == pytest.approx(GUTTER / 2)


# ---------------------------------------------------------------- Japanese widows


def _core(line: str) -> str:
    line = "".join(line.split())
    while line and line[-1] in CLOSING_PUNCTUATION:
        line = line[:-1]
    return line


def _is_japanese(text: str) -> bool:
    return any(ord(ch) > 0x3000 for ch in text)


def _blocks(page):
    """The scene's text, as blocks of lines: runs on one baseline joined, consecutive baselines one line apart."""
    lines = []
    for item, matrix in walk(page.items):
        if isinstance(item, Text) and abs(matrix[1]) < EPS and abs(matrix[0] - 1) < EPS:
            x, y = apply(matrix, item.x, item.y)
            joins = lines and abs(lines[-1]["y"] - y) < EPS and lines[-1]["size"] == item.size
            if joins and item.anchor == "start" and abs(lines[-1]["x"] + lines[-1]["width"] - x) < 0.05:  # a run
                lines[-1]["text"] += item.text
                lines[-1]["width"] += fonts.width_mm(item.text, item.size, item.bold, item.italic, item.font)
                continue
            width = fonts.width_mm(item.text, item.size, item.bold, item.italic, item.font)
            style = (item.anchor, item.bold, item.colour, item.font)
            lines.append({"x": x, "y": y, "size": item.size, "text": item.text, "width": width, "style": style})
    block: list[dict] = []
    for line in lines:
        em = line["size"] * MM_PER_PT
        same_box = (
            block and all(block[-1][k] == line[k] for k in ("size", "style")) and abs(block[-1]["x"] - line["x"]) < 0.01
        )
        if same_box and 0.9 * em < line["y"] - block[-1]["y"] < 2.0 * em:
            block.append(line)
        else:
            if len(block) > 1:
                yield block
            block = [line]
    if len(block) > 1:
        yield block


@pytest.mark.parametrize("name", sorted(KITS))
def test_no_japanese_paragraph_ends_on_a_lone_character(kits, name, monkeypatch):
    """Read from the scene; a short line is only allowed as a paragraph of its own (the text has a newline there)."""
    from pnpkit.generator.typeset.lines import Styled

    loaded = kits.loaded(name)
    if "ja" not in loaded.kit.languages:
        pytest.skip(f"{name} has no Japanese edition")
    wrapped: list[str] = []
    styled_wrap = Styled.wrap

    def record(self, *args, **kwargs):  # every text breaks here, plain text as one run
        wrapped.append(self.text)
        return styled_wrap(self, *args, **kwargs)

    monkeypatch.setattr(Styled, "wrap", record)
    parts, problems = layout_kit(loaded, "ja")
    assert not problems
    own_paragraphs = {p.strip() for text in wrapped if "\n" in text for p in text.split("\n")}
    with fonts.using(fonts.for_kit(loaded.model, loaded.root, "ja")[0]):  # measured in the kit's own font
        widows = _widows(parts, own_paragraphs)
    assert not widows, widows


def _widows(parts, own_paragraphs: set[str]) -> list[tuple]:
    widows = []
    for part in parts:
        for number, page in enumerate(part.pages, start=1):
            for block in _blocks(page):
                widest = max(line["width"] for line in block)
                for above, line in itertools.pairwise(block):
                    if not _is_japanese(line["text"]) or len(line["text"].strip()) > 2:
                        continue
                    if len(_core(above["text"])) <= 3:
                        continue  # a column of short cells (a table), not a paragraph's lines
                    if line["text"].strip() in own_paragraphs:
                        continue  # a paragraph of its own, as written
                    if _one_phrase(above["text"]) and len(line["text"].strip()) == 2:
                        continue  # a whole two-character word after a line that is one phrase: moving either breaks a phrase
                    if above["width"] + line["width"] <= widest + 0.05:
                        continue  # it would have fitted on the line above: it starts a paragraph, not a widow
                    widows.append((part.slug, number, above["text"], line["text"]))
    return widows


def _one_phrase(text: str) -> bool:
    """The line is a single phrase (BudouX): no break inside it can move part of it down without breaking it."""
    from pnpkit.generator.typeset.linebreaks import phrases

    return len([p for p in phrases(text.strip()) if p.strip()]) == 1


def _content_texts():
    from pnpkit.validator.kit import load_kit
    from pnpkit.validator.walk import walk_texts

    texts = []
    for name in ("element-shift", "shogi-tcg", "wizards-element-collection", "dice-battle-monsters"):
        loaded = load_kit(KITS[name])
        texts += [t.ja for _path, t, _owners in walk_texts(loaded.kit) if t.ja and _is_japanese(t.ja)]
    # placeholders and icons print as a number or a one-em mark, never as their long ASCII names
    return [re.sub(r"\{[A-Za-z_][A-Za-z0-9_]*\}", "3", text) for text in texts]


def test_real_card_texts_never_wrap_to_a_widow():
    texts = [t for t in _content_texts() if len(t) > 12]
    assert len(texts) > 50
    moved = 0
    for text in texts:
        for chars in range(7, 26):
            size = 7.5
            width = fonts.width_mm("あ", size) * chars + 0.01
            lines = wrap(text, size, width)
            assert "".join("".join(lines).split()) == "".join(text.split()), text  # nothing lost or doubled
            for paragraph_lines in _paragraphs(text, lines):
                if len(paragraph_lines) < 2:
                    continue
                last = paragraph_lines[-1]
                if len(_core(last)) <= 2:
                    # only when no break could help: the line above would be left too short, or the only fix
                    # would break a phrase (the line above is one phrase, or the last line is a whole one)
                    above = paragraph_lines[-2]
                    assert len(_core(above)) <= 5 or _one_phrase(above) or _one_phrase(last), (
                        text,
                        chars,
                        paragraph_lines,
                    )
                else:
                    moved += 1
                for line in paragraph_lines:
                    assert fonts.width_mm(line, size) <= width + 1e-6, (text, line)
                for line in paragraph_lines[1:]:
                    assert line[:1] not in "、。，．！？）」』", (text, line)
                for line in paragraph_lines[:-1]:
                    assert line[-1:] not in "「『（", (text, line)
    assert moved


def _paragraphs(text, lines):
    """The wrapped lines of each paragraph of `text` (explicit newlines end paragraphs)."""
    out, pos = [], 0
    for paragraph in text.split("\n"):
        count, joined = 0, ""
        target = "".join(paragraph.split())
        while pos < len(lines) and len(joined) < len(target):
            joined += "".join(lines[pos].split())
            pos += 1
            count += 1
        out.append(lines[pos - count : pos] if count else [])
    return out


def test_the_widow_seen_on_a_shift_card_is_gone():
    size = 8.0
    text = "次のターンの開始時に、このカードを手札に戻し、相手はカードを1枚引かなければならない。"
    for width in (22.0, 25.0, 42.0):
        greedy_last = _greedy(text, size, width, by_phrase=False)[-1]
        assert len(_core(greedy_last)) <= 2  # the case: filling by characters leaves 「い。」 or 「ない。」 alone
        lines = wrap(text, size, width)
        assert len(lines) == len(_greedy(text, size, width))  # the same number of lines: every fit holds
        assert len(_core(lines[-1])) >= 3, lines


def _greedy(text, size, width, by_phrase=True):
    return wrap(text, size, width, by_phrase=by_phrase, widows=False)


def test_english_keeps_greedy_lines():
    text = "Draw two cards, then discard one card of your choice at"
    size, width = 8.0, 30.0
    assert wrap(text, size, width) == _greedy(text, size, width)
