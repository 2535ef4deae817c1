"""`pnpkit validate` at scale (issue 40): a face the face cache read back or drew is checked under the key walking
it gives (its digest is taken from the spelling the cache already holds, not spelled again), and crowding meets a
large frame by its box, not cell by cell along its edges, finding the same shapes."""

from __future__ import annotations

from pnpkit.generator.facecache import FaceChecks, spelled_items
from pnpkit.generator.layouts import pagecheck
from pnpkit.generator.layouts.context import page_text
from pnpkit.generator.scene import Group, Page, Rect, Style, Text
from pnpkit.generator.scenecodec import built_items

FRAME = Style(stroke="#000000", width=0.5)


def _face() -> tuple:
    """A card face with a frame, a title that crowds the frame, and a nested group: something to find (PK368)."""
    return (
        Rect(0.0, 0.0, 63.0, 88.0, style=FRAME),
        Text(0.4, 10.0, "Title runs into the frame", 9),
        Group((Text(5.0, 40.0, "Body text", 8),), dx=1.0, dy=2.0, name="body"),
    )


def _page(items: tuple) -> Page:
    placed = Group(items, dx=20.0, dy=20.0, clip=Rect(-3.0, -3.0, 69.0, 94.0), name="card")
    return Page(210.0, 297.0, (placed,))


def test_a_face_read_back_from_the_cache_is_checked_under_the_key_walking_it_gives():
    face = _face()
    memo = FaceChecks()
    with pagecheck.remembering(memo):
        walked = page_text([_page(face)], ("cards",))
        assert memo.added == 2  # the face's texts and its floor
        plain = spelled_items(face)
        read_back = built_items(plain)  # equal items, other objects: as the face cache reads them from disk
        pagecheck.known_digest(read_back, plain)
        again = page_text([_page(read_back)], ("cards",))
        bled = page_text([_page((Rect(-3.0, -3.0, 69.0, 94.0), *read_back))], ("cards",))
        bled_fresh = page_text([_page((Rect(-3.0, -3.0, 69.0, 94.0), *_face()))], ("cards",))
    assert "PK368" in {p.code for p in walked}
    assert again == walked
    assert memo.added == 4  # the read-back face hit; the bled face is another face, kept once for both copies
    assert bled == bled_fresh


def test_a_text_running_into_a_large_panel_beside_it_crowds_it():
    """The text's middle is outside the panel (it does not hold the text), but the panel's edge is within the
    text's reach: the panel is met by its box."""
    panel = Rect(40.0, 20.0, 120.0, 120.0, style=Style(fill="#e0d0b0"))
    text = Text(20.0, 60.0, "Runs into the panel", 9)
    found = page_text([Page(210.0, 297.0, (panel, text))])
    assert [p.code for p in found] == ["PK368"]
    assert "runs into a box beside it" in found[0].message
    clear = page_text([Page(210.0, 297.0, (panel, Text(10.0, 60.0, "Clear", 9)))])
    assert clear == []
