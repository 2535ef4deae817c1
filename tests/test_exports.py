"""`pnpkit export png|pod|tts`: sizes, page boxes, Tabletop Simulator's fields, determinism and refusals.

One export per kind (English, `--only` one deck) is shared by the module; the refusals use kits made in tmp_path.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from urllib.parse import urlparse

import pytest
import yaml
from conftest import CONTENT, EXAMPLE_KITS, KIT_ID, cli, files_under, make_bad_kit
from PIL import Image

DECK = "element-cards"
MARKER = ".pnpkit-output"
PT_PER_MM = 72 / 25.4


def export(tmp: Path, kind: str, *args: str) -> Path:
    result = cli("export", kind, CONTENT, "-o", tmp, "--lang", "en", "--only", DECK, *args)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("wrote ") and result.stdout.count("\n") == 1, result.stdout
    return tmp / KIT_ID / "en"


def deck_count(deck_id: str) -> int:
    """How many cards the deck holds, straight from the kit's decks.yaml."""
    decks = yaml.safe_load((CONTENT / "decks.yaml").read_text(encoding="utf-8"))["decks"]
    (deck,) = [d for d in decks if d["id"] == deck_id]
    return sum(entry.get("count", 1) for entry in deck["cards"])


def local(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file", url
    return Path(parsed.path)


# ---------------------------------------------------------------- PNG


@pytest.fixture(scope="module")
def pngs(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("png")
    return {
        "trim": export(root / "trim", "png") / "png",
        "bleed": export(root / "bleed", "png", "--bleed", "3") / "png",
    }


def test_png_poker_card_is_744_by_1039_at_300_dpi(pngs):
    cards = pngs["trim"] / "cards" / DECK
    for name in ("fire.png", "fire.back.png", "earth.png", "earth.back.png"):
        with Image.open(cards / name) as image:
            assert image.size == (744, 1039), name
            assert image.mode == "RGB"


def test_png_with_3mm_bleed_is_69_by_94_mm(pngs):
    with Image.open(pngs["bleed"] / "cards" / DECK / "fire.png") as image:
        assert image.size == (815, 1110)
        corner = image.getpixel((2, 2))
    with Image.open(pngs["trim"] / "cards" / DECK / "fire.png") as trim:
        assert corner == trim.getpixel((2, 2)) != (255, 255, 255), "the card's background runs into the bleed"


def test_png_copies_collapse_to_one_file_per_card_and_side(pngs):
    names = sorted(p.name for p in (pngs["trim"] / "cards" / DECK).iterdir())
    ids = ("earth", "fire", "water", "wind")
    assert names == sorted([f"{i}.png" for i in ids] + [f"{i}.back.png" for i in ids])
    assert not (pngs["trim"] / "pages").exists(), "--only a deck id writes that deck's cards only"


# ---------------------------------------------------------------- print on demand


@pytest.fixture(scope="module")
def pods(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("pod")
    return {
        service: export(root, "pod", "--service", service) / "pod" / service
        for service in ("drivethrucards", "thegamecrafter", "makeplayingcards")
    }


def test_pod_pdf_page_boxes_match_the_preset(pods):
    import pikepdf

    from pnpkit.generator.exports.presets import SERVICES

    poker = next(size for size in SERVICES["drivethrucards"].sizes if size.name == "poker")
    width, height = (poker.width + 2 * poker.bleed) * PT_PER_MM, (poker.height + 2 * poker.bleed) * PT_PER_MM
    assert (round(width, 2), round(height, 2)) == (198.0, 270.0)  # 2.75 × 3.75 in
    bleed = poker.bleed * PT_PER_MM
    with pikepdf.open(pods["drivethrucards"] / f"{DECK}.pdf") as pdf:
        assert len(pdf.pages) == 2 * deck_count(DECK), "every printed card: a front page, then its back"
        for page in pdf.pages:
            media = [float(v) for v in page.MediaBox]
            trim = [float(v) for v in page.TrimBox]
            bleed_box = [float(v) for v in page.BleedBox]
            assert media == pytest.approx([0, 0, width, height], abs=0.01)
            assert bleed_box == pytest.approx(media, abs=0.01)
            assert trim == pytest.approx([bleed, bleed, width - bleed, height - bleed], abs=0.01)


@pytest.mark.parametrize(("service", "size"), [("thegamecrafter", (825, 1125)), ("makeplayingcards", (822, 1122))])
def test_pod_images_are_the_service_template_size(pods, service, size):
    folder = pods[service] / DECK
    fronts = sorted((folder / "fronts").iterdir())
    assert [p.name for p in fronts] == ["01-fire.png", "02-water.png", "03-wind.png", "04-earth.png"]
    for path in [*fronts, folder / "back.png"]:
        with Image.open(path) as image:
            assert image.size == size, path
    rows = (folder / "cards.csv").read_text().splitlines()
    assert rows[0] == "front,back,count" and rows[-1] == f"total,,{deck_count(DECK)}"


def test_pod_refuses_a_size_the_service_does_not_print(tmp_path):
    kit = make_bad_kit(
        tmp_path, [("decks.yaml", "size: poker\n    template: element", "size: tarot\n    template: element")]
    )
    out = tmp_path / "out"
    result = cli("export", "pod", kit, "-o", out, "--lang", "en", "--only", DECK, "--service", "thegamecrafter")
    assert result.returncode == 0, result.stderr  # 70 × 120 mm is within 3 % of tarot: fitted and reported
    assert "tarot" in result.stderr and "scaled" in result.stderr
    result = cli("export", "pod", kit, "-o", out, "--lang", "en", "--only", DECK, "--service", "drivethrucards")
    assert result.returncode == 0, result.stderr
    kit = make_bad_kit(
        tmp_path,
        [
            (
                "decks.yaml",
                "size: poker\n    template: element",
                "size: {width: 80mm, height: 120mm}\n    template: element",
            )
        ],
        "wide",
    )
    before = files_under(out)
    result = cli("export", "pod", kit, "-o", out, "--lang", "en", "--only", DECK, "--service", "makeplayingcards")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "80 × 120 mm" in result.stderr and "poker 63.5 × 88.9 mm" in result.stderr
    assert files_under(out) == before


# ---------------------------------------------------------------- Tabletop Simulator


@pytest.fixture(scope="module")
def tts(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("tts")
    result = cli("export", "tts", CONTENT, "-o", root, "--lang", "en", "--only", f"{DECK},tokens")
    assert result.returncode == 0, result.stderr
    return root / KIT_ID / "en" / "tts"


def test_tts_deck_has_every_field_tts_needs(tts):
    saved = json.loads((tts / "decks" / f"{DECK}.json").read_text(encoding="utf-8"))
    (deck,) = saved["ObjectStates"]
    assert deck["Name"] == "DeckCustom" and deck["Nickname"] == "Element cards"
    assert len(deck["GUID"]) == 6 and int(deck["GUID"], 16) >= 0
    assert set(deck["Transform"]) == {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}
    assert deck["CustomDeck"], "at least one sheet"
    for key, sheet in deck["CustomDeck"].items():
        assert int(key) >= 1
        assert set(sheet) >= {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack", "Type"}
        assert sheet["Type"] == 0 and sheet["UniqueBack"] is False and sheet["BackIsHidden"] is True
    assert len(deck["DeckIDs"]) == deck_count(DECK) == 40
    cards = deck["ContainedObjects"]
    assert [card["CardID"] for card in cards] == deck["DeckIDs"]
    slots = {}
    for card in cards:
        assert card["Name"] == "Card" and card["Nickname"] in ("fire", "water", "wind", "earth")
        assert set(card["Transform"]) == set(deck["Transform"])
        key, slot = divmod(card["CardID"], 100)
        sheet = deck["CustomDeck"][str(key)]
        assert card["CustomDeck"] == {str(key): sheet}
        assert slot < sheet["NumWidth"] * sheet["NumHeight"] - 1, "the last slot is the hidden card's"
        slots.setdefault(card["Nickname"], set()).add(card["CardID"])
    assert all(len(ids) == 1 for ids in slots.values()), "copies share one face on the sheet"
    assert len({min(ids) for ids in slots.values()}) == 4
    guids = [deck["GUID"], *(card["GUID"] for card in cards)]
    assert len(set(guids)) == len(guids)


def test_tts_sheet_grid_matches_the_images(tts):
    (deck,) = json.loads((tts / "decks" / f"{DECK}.json").read_text(encoding="utf-8"))["ObjectStates"]
    for sheet in deck["CustomDeck"].values():
        with Image.open(local(sheet["BackURL"])) as back:
            card_w, card_h = back.size
        with Image.open(local(sheet["FaceURL"])) as faces:
            assert faces.size == (sheet["NumWidth"] * card_w, sheet["NumHeight"] * card_h)
            assert max(faces.size) <= 4096
            hidden = faces.crop((faces.width - card_w, faces.height - card_h, faces.width, faces.height))
            with Image.open(local(sheet["BackURL"])) as back:
                difference = sum(abs(a - b) for a, b in zip(hidden.convert("L").tobytes(), back.convert("L").tobytes()))
            assert difference / (card_w * card_h) < 8, "the hidden slot shows the back"
        assert abs(card_w / card_h - 63 / 88) < 0.01
        assert local(sheet["FaceURL"]).is_relative_to(tts)


def test_tts_kit_json_holds_the_deck_and_counted_tokens(tts):
    objects = json.loads((tts / f"{KIT_ID}.json").read_text(encoding="utf-8"))["ObjectStates"]
    kinds = [o["Name"] for o in objects]
    assert kinds.count("DeckCustom") == 1
    tokens = [o for o in objects if o["Name"] == "Custom_Token"]
    # one object per printed token: 4 colours × 9, shift and cycle markers, 2 craters, 6 ruins, 4 × 4 defences
    assert len(tokens) == 62
    urls = {o["CustomImage"]["ImageURL"] for o in tokens}
    assert len(urls) == 12  # an image per kind: 4 player colours, 8 markers
    for url in urls:
        with Image.open(local(url)) as image:
            assert image.mode == "RGBA" and image.getpixel((0, 0))[3] == 0, "transparent round the token"
    assert {o["Nickname"] for o in tokens} >= {"Shift marker", "Cycle marker"}
    boards = [o for o in objects if o["Name"] == "Custom_Board"]
    assert [o["CustomImage"]["ImageURL"].rsplit("/", 1)[1] for o in boards] == ["tokens-01.png", "tokens-02.png"]
    guids = [o["GUID"] for o in objects]
    assert len(set(guids)) == len(guids)


def test_tts_base_url_replaces_the_directory(tmp_path):
    result = cli(
        "export",
        "tts",
        CONTENT,
        "-o",
        tmp_path,
        "--lang",
        "en",
        "--only",
        DECK,
        "--base-url",
        "https://example.com/es/",
    )
    assert result.returncode == 0, result.stderr
    (deck,) = json.loads((tmp_path / KIT_ID / "en" / "tts" / "decks" / f"{DECK}.json").read_text())["ObjectStates"]
    sheet = deck["CustomDeck"]["1"]
    assert sheet["FaceURL"] == f"https://example.com/es/decks/{DECK}-faces.jpg"
    assert sheet["BackURL"] == f"https://example.com/es/decks/{DECK}-back.jpg"


# ---------------------------------------------------------------- determinism and refusals


@pytest.mark.parametrize(("kind", "extra"), [("png", ()), ("tts", ()), ("pod", ("--service", "drivethrucards"))])
def test_exports_are_byte_identical_for_any_jobs(tmp_path, kind, extra):
    def run(jobs: str) -> dict[str, bytes]:
        result = cli("export", kind, CONTENT, "-o", tmp_path, "--lang", "en", "--only", DECK, "-j", jobs, *extra)
        assert result.returncode == 0, result.stderr
        return {str(p.relative_to(tmp_path)): p.read_bytes() for p in files_under(tmp_path)}

    first = run("1")
    second = run("2")
    assert first.keys() == second.keys() and len(first) > 3
    assert [name for name in first if first[name] != second[name]] == []


@pytest.mark.parametrize("dpi", ["5000", "10"])
def test_bad_dpi_is_a_one_line_usage_error(tmp_path, dpi):
    result = cli("export", "png", CONTENT, "-o", tmp_path / "out", "--dpi", dpi)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == f"pnpkit: error: --dpi {dpi} is outside 72–1200; use e.g. --dpi 300\n"
    assert not (tmp_path / "out").exists()


def test_dpi_that_is_no_number_is_a_usage_error(tmp_path):
    result = cli("export", "png", CONTENT, "-o", tmp_path / "out", "--dpi", "abc")
    assert result.returncode == 2
    (line,) = [line for line in result.stderr.splitlines() if line.startswith("pnpkit: error")]
    assert "--dpi" in line and "'abc'" in line
    assert not (tmp_path / "out").exists()


def test_an_image_too_large_is_refused_before_drawing(tmp_path):
    result = cli("export", "png", CONTENT, "-o", tmp_path, "--lang", "en", "--dpi", "1200")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "--dpi 1200" in result.stderr and "or less" in result.stderr
    assert files_under(tmp_path) == []


def test_content_error_writes_nothing(tmp_path):
    kit = make_bad_kit(tmp_path, [("combos.yaml", "elements: [fire, wind]", "elements: [fire, lava]")])
    out = tmp_path / "out"
    result = cli("export", "tts", kit, "-o", out)
    assert result.returncode == 1
    assert "ES001" in result.stderr and "nothing was exported" in result.stderr
    assert not out.exists()


def test_unknown_only_id_lists_the_known_ones(tmp_path):
    result = cli("export", "png", CONTENT, "-o", tmp_path, "--only", f"{DECK},no-such-deck")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "'no-such-deck'" in result.stderr and "element-cards" in result.stderr and "board" in result.stderr
    assert files_under(tmp_path) == []


def test_a_directory_pnpkit_did_not_make_is_never_replaced(tmp_path):
    mine = tmp_path / KIT_ID / "en" / "png"
    mine.mkdir(parents=True)
    (mine / "notes.txt").write_text("mine")
    result = cli("export", "png", CONTENT, "-o", tmp_path, "--lang", "en", "--only", DECK)
    assert result.returncode == 2 and "not made by pnpkit" in result.stderr
    assert files_under(tmp_path) == [mine / "notes.txt"]


def test_export_replaces_its_own_output_and_leaves_no_staging(tmp_path):
    """A file pnpkit wrote (listed in its marker) is replaced; a file the user saved there is kept."""
    first = export(tmp_path, "png")
    gone = next((first / "png").rglob("*.png")).with_name("stale.png")
    gone.write_bytes(b"old")
    marker = first / "png" / MARKER
    marker.write_text(marker.read_text() + gone.relative_to(first / "png").as_posix() + "\n")
    (first / "png" / "notes.txt").write_text("mine")
    export(tmp_path, "png")
    assert not gone.exists()
    assert (first / "png" / "notes.txt").read_text() == "mine"
    assert (first / "png" / MARKER).exists() and (first / MARKER).exists()
    assert [p.name for p in tmp_path.iterdir()] == [KIT_ID], "the staging directory is gone"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("pod",), "--service"),
        (("png", "--service", "thegamecrafter"), "pod only"),
        (("tts", "--bleed", "3"), "png only"),
        (("png", "--base-url", "https://example.com"), "tts only"),
        (("tts", "--base-url", "example.com"), "https://"),
        (("png", "--bleed", "12"), "0–10"),
    ],
)
def test_options_for_another_kind_are_refused(tmp_path, args, words):
    result = cli("export", args[0], CONTENT, "-o", tmp_path, *args[1:])
    assert result.returncode == 2
    assert words in result.stderr and result.stderr.count("\n") == 1
    assert files_under(tmp_path) == []


def test_tts_per_card_backs_and_more_than_69_faces(tmp_path):
    """72 more designs of Starlit Bazaar's goods, each with a picture back of its own, push the deck past one sheet."""
    kit = tmp_path / "bazaar"
    shutil.copytree(EXAMPLE_KITS["starlit-bazaar"], kit)
    csv = kit / "goods.csv"
    lines = csv.read_text(encoding="utf-8-sig").rstrip("\n").split("\n")
    template = lines[1].split(",")
    lines = [lines[0] + ",back", *(line + "," for line in lines[1:])]
    for n in range(72):
        row = [f"extra-{n:02d}", "1", *template[2:5], f"品{n}", f"Extra {n}", *template[7:], "art/night-back.png"]
        lines.append(",".join(row))
    csv.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = cli("export", "tts", kit, "-o", tmp_path / "out", "--lang", "en", "--only", "goods")
    assert result.returncode == 0, result.stderr
    tts = tmp_path / "out" / "starlit-bazaar" / "en" / "tts"
    (deck,) = json.loads((tts / "decks" / "goods.json").read_text(encoding="utf-8"))["ObjectStates"]
    sheets = deck["CustomDeck"]
    assert sorted(sheets) == ["1", "2"]
    assert (sheets["1"]["NumWidth"], sheets["1"]["NumHeight"]) == (10, 7)
    faces = {card["CardID"] for card in deck["ContainedObjects"]}
    assert len([i for i in faces if i // 100 == 1]) == 69, "a full sheet holds 69 faces and the hidden card"
    for sheet in sheets.values():
        assert sheet["UniqueBack"] is True and "-backs-" in sheet["BackURL"]
        with Image.open(local(sheet["FaceURL"])) as front, Image.open(local(sheet["BackURL"])) as back:
            assert front.size == back.size and max(front.size) <= 4096
            assert front.size == (sheet["NumWidth"] * 409, sheet["NumHeight"] * 572)


def test_two_drawings_under_one_card_id_get_two_names():
    from pnpkit.generator.exports.cards import decks
    from pnpkit.generator.games import Component
    from pnpkit.generator.scene import Group, Page, Rect, Style

    def card(x: float, colour: str) -> Group:
        face = (Rect(0, 0, 63, 88, style=Style(fill=colour)),)
        return Group(face, dx=x, dy=10, clip=Rect(0, 0, 63, 88), role="card-front", name="twin")

    page = Page(210, 297, (card(10, "#ff0000"), card(80, "#ff0000"), card(150, "#0000ff")), deck="d")
    (deck,) = decks([Component("cards", "Cards", (page,))])
    assert [(face.name, face.copies) for face in deck.fronts] == [("twin", 2), ("twin.2", 1)]
    assert [front.name for front, _back in deck.cards] == ["twin", "twin", "twin.2"]


def test_tts_grid_and_card_pixels():
    from pnpkit.generator.exports.tts import card_pixels, grid

    assert grid(4) == (5, 1) and grid(9) == (10, 1) and grid(69) == (10, 7) and grid(10) == (10, 2)
    assert card_pixels(63, 88, 10, 7, 300) == (409, 572)
    assert card_pixels(63, 88, 5, 1, 300) == (744, 1039), "small decks keep the asked resolution"
    assert card_pixels(88, 63, 10, 7, 1200) == (409, 293)
