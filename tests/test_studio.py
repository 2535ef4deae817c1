"""`pnpkit serve`: the studio's routes in process (Starlette's TestClient), its refusals, its live events from a
real server process, a broken save that keeps the last good pages, and a server that never writes a file."""

from __future__ import annotations

import json
import re
import shutil
import socket
import warnings
from pathlib import Path

import httpx
import pytest
from conftest import KITS, cli, files_under
from studio_server import LONG_TEXT, edit, new_kit, serving, wait_for

from pnpkit.generator.studio.app import create_app
from pnpkit.generator.studio.paths import inside
from pnpkit.generator.studio.state import Studio

with warnings.catch_warnings():  # Starlette 1.x would rather its TestClient ran on httpx2; httpx serves the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    return new_kit(tmp_path)


def client_for(studio: Studio, output: Path | None = None) -> TestClient:
    return TestClient(create_app(studio, output, watch=False), base_url="http://127.0.0.1")


def built(kit: Path) -> Studio:
    studio = Studio(kit)
    studio.rebuild()
    return studio


def test_state_lists_pages_cards_and_pngs(kit: Path) -> None:
    with client_for(built(kit)) as client:
        state = client.get("/api/state", params={"lang": "en"}).json()
        assert state["lang"] == "en" and state["languages"] == ["ja", "en"]
        assert state["findings"] == [] and not state["stale"]
        slugs = [part["slug"] for part in state["components"]]
        assert slugs[0] == "cards-weather" and "rules" in slugs
        assert [card["id"] for card in state["cards"]] == ["sunny", "cloudy", "drizzle", "downpour", "rainbow"]
        page = client.get(f"/png/{state['components'][0]['pages'][0]['token']}.png")
        assert page.status_code == 200 and page.content.startswith(PNG)
        assert "immutable" in page.headers["cache-control"]
        card = client.get(f"/png/{state['cards'][0]['token']}.png")
        assert card.content.startswith(PNG) and len(card.content) < len(page.content)
        assert client.get("/png/p0000000000000000.png").status_code == 404
        ja = client.get("/api/state", params={"lang": "ja"}).json()
        assert ja["lang"] == "ja" and ja["components"][0]["pages"][0]["token"] != page.url.path
        assert "Sunny" in state["cards"][0]["text"] and "晴れ" in ja["cards"][0]["text"]
        home = client.get("/")
        assert home.status_code == 200 and "/static/studio.js" in home.text
        assert "http" not in home.text.replace("http-equiv", "")  # nothing loads from the internet
        for name in ("studio.js", "studio.css"):
            assert "://" not in client.get(f"/static/{name}").text.replace("vscode://", "")


def test_table_has_a_row_per_card_design(kit: Path) -> None:
    with client_for(built(kit)) as client:
        (deck,) = client.get("/api/table", params={"lang": "en"}).json()
    assert deck["deck"] == "weather" and deck["columns"][:3] == ["id", "count", "title"]
    assert [row["cells"]["title"] for row in deck["rows"]][:2] == ["Sunny", "Cloudy"]
    assert deck["rows"][0]["where"] == "cards.csv:2:id"


def test_a_finding_points_at_its_card_and_its_line(kit: Path) -> None:
    edit(kit / "cards.csv", "Take shelter: draw **2 cards**.", LONG_TEXT)
    studio = built(kit)
    state = studio.state("en")
    (finding,) = [f for f in state["findings"] if f["code"] == "PK309"]
    assert finding["where"].startswith("cards.csv:5:")  # the downpour row
    assert finding["editor"].startswith(f"vscode://file{(kit / 'cards.csv').resolve().as_posix()}:5:")
    targets = finding["targets"]["en"]
    assert {t["card"] for t in targets} == {"downpour"} and len(targets) == 2  # both printed copies
    placed = [c for p in state["components"][0]["pages"] for c in p["cards"] if c["card"] == "downpour"]
    assert [round(v, 2) for v in placed[0]["trim"]] == list(targets[0]["trim"])


def test_a_page_checks_finding_points_at_the_card_it_is_on(kit: Path) -> None:
    """The page check names a card by its page path (`cards-weather.page 1.sunny.title`): the studio outlines
    that card, and the finding is told at the card's row in the table."""
    edit(
        kit / "templates.yaml",
        "{name: title, kind: text, box: [16mm, 4mm,",
        "{name: title, kind: text, box: [16mm, 8mm,",  # the title crosses the foot of its band
    )
    state = built(kit).state("en")
    page_level = [f for f in state["findings"] if f["code"] == "PK368"]  # the title half off its band
    assert page_level
    for finding in page_level:
        card = finding["path"].split(".")[2]
        assert finding["targets"]["en"] and {t["card"] for t in finding["targets"]["en"]} == {card}
        assert finding["where"].startswith("cards.csv:")


def test_a_broken_save_keeps_the_last_good_pages(kit: Path) -> None:
    studio = built(kit)
    good = studio.state("en")
    edit(kit / "decks.yaml", "template: weather-card", "template: [weather-card")
    broken = studio.rebuild()
    assert broken.stale and broken.errors
    state = studio.state("en")
    assert state["stale"] and state["errors"] >= 1
    assert state["findings"][0]["where"].startswith("decks.yaml:")
    assert [p["token"] for p in state["components"][0]["pages"]] == [p["token"] for p in good["components"][0]["pages"]]
    edit(kit / "decks.yaml", "template: [weather-card", "template: weather-card")
    edit(kit / "cards.csv", ",Sunny,", ",Sunshine,")
    fixed = studio.rebuild()
    assert not fixed.stale and not fixed.findings
    again = studio.state("en")
    assert again["components"][0]["pages"][0]["token"] != good["components"][0]["pages"][0]["token"]
    assert again["components"][1]["pages"] == good["components"][1]["pages"]  # untouched components: same tokens


def test_a_saved_picture_redraws_its_pages(tmp_path: Path) -> None:
    from PIL import Image

    kit = tmp_path / "bazaar"
    shutil.copytree(KITS["starlit-bazaar"], kit)
    studio = built(kit)
    before = {p["token"] for part in studio.state("en")["components"] for p in part["pages"]}
    picture = kit / "art" / "gem.png"
    with Image.open(picture) as image:
        image.convert("RGB").transpose(Image.Transpose.FLIP_LEFT_RIGHT).save(picture)
    studio.rebuild()
    after = studio.state("en")
    assert not after["stale"]
    assert before.isdisjoint(p["token"] for part in after["components"] for p in part["pages"])


def test_a_kit_broken_from_the_start_shows_its_findings_then_its_pages(kit: Path) -> None:
    edit(kit / "kit.yaml", "players: {min: 2, max: 4}", "players: {min: 2, max: [4}")
    studio = built(kit)
    with client_for(studio) as client:
        state = client.get("/api/state", params={"lang": "en"}).json()
        assert state["stale"] and state["components"] == [] and state["kit"] is None
        assert state["findings"][0]["code"] == "PK101" and state["findings"][0]["where"].startswith("kit.yaml:")
        edit(kit / "kit.yaml", "players: {min: 2, max: [4}", "players: {min: 2, max: 4}")
        studio.rebuild()
        state = client.get("/api/state", params={"lang": "en"}).json()
        assert not state["stale"] and state["components"] and state["kit"]["title"]


def test_a_finding_with_only_a_line_finds_the_card_written_there(tmp_path: Path) -> None:
    from pnpkit.validator.findings import Finding, Location, Severity

    kit = tmp_path / "bazaar"
    shutil.copytree(KITS["starlit-bazaar"], kit)
    studio = built(kit)
    cards = studio.snapshot.editions["en"].cards
    written = (kit / "goods-yaml.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(written, start=1) if "Counts as" in text)  # inside moon-silk's entry
    where = Location(str(kit / "goods-yaml.yaml"), line, 9)
    assert cards.card_of(Finding("PK000", Severity.WARNING, "a remark", where))[1] == "moon-silk"
    before = Location(str(kit / "goods-yaml.yaml"), 1, 1)  # above every card: none
    assert cards.card_of(Finding("PK000", Severity.WARNING, "a remark", before)) is None


def test_a_bad_value_points_at_its_card_on_the_last_good_pages(kit: Path) -> None:
    studio = built(kit)
    edit(kit / "cards.csv", "cloudy,5,", "cloudy,many,")
    studio.rebuild()
    (finding,) = studio.state("en")["findings"]
    assert finding["where"] == "cards.csv:3:count"
    assert {t["card"] for t in finding["targets"]["en"]} == {"cloudy"}


@pytest.mark.parametrize(
    "asked",
    [
        "../secret.txt",
        "a/../../secret.txt",
        "%2e%2e/secret.txt",
        "%252e%252e/secret.txt",
        "/etc/passwd",
        "C:/Windows/win.ini",
        "..\\secret.txt",
        "outside/secret.txt",
        "kit.yaml\x00.png",
    ],
)
def test_paths_outside_the_kit_are_refused(tmp_path: Path, kit: Path, asked: str) -> None:
    (tmp_path / "secret.txt").write_text("secret", encoding="utf-8")
    (kit / "outside").symlink_to(tmp_path, target_is_directory=True)
    assert inside(kit, asked) is None
    with client_for(built(kit)) as client:
        response = client.get("/kit/" + asked.replace("\x00", "%00").replace("\\", "%5C"))
        assert response.status_code in (403, 404) and "secret" not in response.text


def test_files_of_the_kit_and_output_are_served(tmp_path: Path, kit: Path) -> None:
    out = tmp_path / "out"
    (out / "kit").mkdir(parents=True)
    (out / "kit" / "note.txt").write_text("built", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("secret", encoding="utf-8")
    (kit / "escape.csv").symlink_to(tmp_path / "secret.txt")
    with client_for(built(kit), out) as client:
        assert client.get("/kit/cards.csv").text.lstrip("\ufeff").startswith("id,count")
        assert client.get("/output/kit/note.txt").text == "built"
        for path in ("/kit/escape.csv", "/kit/%2e%2e/secret.txt", "/output/%2e%2e/secret.txt", "/kit//etc/passwd"):
            response = client.get(path)
            assert response.status_code in (403, 404), path
            assert "secret" not in response.text and "root:" not in response.text


def test_only_this_machine_may_ask(kit: Path) -> None:
    with client_for(built(kit)) as client:
        assert client.get("/api/state").status_code == 200
        assert client.get("/api/state", headers={"Host": "studio.example.com"}).status_code == 400


def test_no_playtest_for_a_game_without_an_engine(kit: Path) -> None:
    with client_for(built(kit)) as client:
        report = client.get("/api/playtest", params={"lang": "en"}).json()
    assert report["available"] is False and "no playtest engine" in report["message"]


def test_the_playtest_report_page_of_a_game_with_an_engine() -> None:
    studio = Studio(KITS["element-shift"])
    studio.rebuild("en")
    report = studio.playtest("en", 12)
    assert report["available"] and report["games"] == 12
    assert studio.png(report["token"]).startswith(PNG)
    assert studio.playtest("en", 12) is studio.playtest("en", 12)  # played once per kit state


def test_the_dictionaries_stay_loaded_while_serving() -> None:
    from pnpkit.validator.proofread import words

    with words.held():
        assert words.is_word("カード", "ja")
        words.release()  # what every proofreading ends with
        assert words.japanese.cache_info().currsize >= 1
    words.release()  # the next proofreading outside a hold lets them go
    assert words.japanese.cache_info().currsize == 0


def test_usage_errors_are_one_line(tmp_path: Path, kit: Path) -> None:
    for args, words in (
        (("serve", kit, "--port", "99999"), "--port must be a number from 0 to 65535"),
        (("serve", kit, "--port", "http"), "--port must be a number from 0 to 65535"),
        (("serve", tmp_path / "missing"), "does not exist"),
        (("serve", tmp_path), "has no kit.yaml"),
    ):
        result = cli(*args)
        assert result.returncode == 2, result
        assert result.stderr.startswith("pnpkit: error: ") and result.stderr.count("\n") == 1, result.stderr
        assert words in result.stderr
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = cli("serve", kit, "--port", str(port))
    assert result.returncode == 2
    assert (
        result.stderr
        == f"pnpkit: error: port {port} on 127.0.0.1 is in use; give another with --port N (0 picks a free one)\n"
    )


def _reaches(port: int, address: str) -> bool:
    """Whether a connection to `address`:`port` is taken. Every 127.x.y.z is this machine on Linux, but a server
    bound to 127.0.0.1 alone is not listening on 127.0.0.2: the test of a bind to one address."""
    with socket.socket() as probe:
        probe.settimeout(2)
        return probe.connect_ex((address, port)) == 0


def test_it_listens_on_this_machine_only_unless_told(kit: Path) -> None:
    with serving(kit) as url:
        port = int(url.rsplit(":", 1)[1])
        assert url == f"http://127.0.0.1:{port}"
        assert _reaches(port, "127.0.0.1") and not _reaches(port, "127.0.0.2")
    with serving(kit, "--host", "0.0.0.0") as url:
        port = int(url.rsplit(":", 1)[1])
        assert _reaches(port, "127.0.0.2")
        asked_by_name = httpx.get(f"http://127.0.0.2:{port}/api/state", headers={"Host": "studio.lan"})
        assert asked_by_name.status_code == 400  # a name it was not started for: refused (tests/test_studio_safety.py)
    with serving(kit, "--host", "0.0.0.0", "--allow-host", "studio.lan") as url:
        port = int(url.rsplit(":", 1)[1])
        headers = {"Host": "studio.lan"}
        assert httpx.get(f"http://127.0.0.2:{port}/api/state", headers=headers).status_code == 401  # no token
        asked_by_name = httpx.get(f"http://127.0.0.2:{port}/api/state?token={url.token}", headers=headers)
        assert asked_by_name.status_code == 200  # named with --allow-host, with the token


def _events(url: str):
    """The `rebuild` events of the studio at `url`, as revisions, as they come."""
    with httpx.stream("GET", f"{url}/events", timeout=30) as response:
        event = ""
        for line in response.iter_lines():
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: ") and event == "rebuild":
                yield json.loads(line[6:])["revision"]


def test_a_save_sends_an_event_and_the_studio_writes_only_the_file_it_is_asked_to(tmp_path: Path, kit: Path) -> None:
    """Serving and rebuilding write nothing; a write asked for (a region's box) changes that file alone, and leaves
    no temporary file behind."""
    before = {path: path.read_bytes() for path in files_under(tmp_path)}
    with serving(kit) as url:
        assert url.startswith("http://127.0.0.1:")
        events = _events(url)
        first = next(events)
        state = httpx.get(f"{url}/api/state?lang=en").json()
        assert state["revision"] == first and state["cards"][0]["text"].startswith("3 Sunny")
        edit(kit / "cards.csv", ",Sunny,", ",Sunshine,")
        assert next(events) > first
        state = wait_for(
            lambda: "Sunshine" in (s := httpx.get(f"{url}/api/state?lang=en").json())["cards"][0]["text"] and s
        )
        token = state["components"][0]["pages"][0]["token"]
        assert httpx.get(f"{url}/png/{token}.png").content.startswith(PNG)
        unasked = {path: path.read_bytes() for path in files_under(tmp_path)}
        assert unasked == {**before, kit / "cards.csv": unasked[kit / "cards.csv"]}  # only the test's own save
        page_token = re.search(r'name="pnpkit-token" content="([^"]+)"', httpx.get(f"{url}/").text).group(1)  # type: ignore[union-attr]
        regions = httpx.get(f"{url}/api/regions", params={"lang": "en", "deck": "weather", "card": "sunny"}).json()
        steps = next(region for region in regions["regions"] if region["name"] == "steps")
        asked = {
            "template": regions["template"],
            "region": "steps",
            "box": [6, 3.5, 10, 10],
            "fingerprint": steps["fingerprint"],
        }
        headers = {"X-Pnpkit-Token": page_token, "Origin": url, "Content-Type": "application/json"}
        answer = httpx.post(f"{url}/api/edit/box", headers=headers, content=json.dumps(asked))
        assert answer.status_code == 200, answer.text
        # the write is seen as any save is: its rebuild comes after the one that may still follow the save
        assert next(revision for revision in events if revision > state["revision"] + 1)
        events.close()
    after = {path: path.read_bytes() for path in files_under(tmp_path)}
    changed = {path for path in after if before.get(path) != after[path]}
    assert set(after) == set(before) and changed == {kit / "cards.csv", kit / "templates.yaml"}
    assert after[kit / "templates.yaml"] == before[kit / "templates.yaml"].replace(
        b"{name: steps, kind: number, box: [4mm,", b"{name: steps, kind: number, box: [6mm,"
    )


def test_a_watch_that_fails_is_said_on_the_page_and_started_again(kit: Path, monkeypatch) -> None:
    import threading

    from pnpkit.generator import kitwatch

    real = kitwatch.follow
    told = threading.Event()
    calls: list[int] = []

    def follow(watched, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the watch gave up")
        told.wait(30)  # the page has been seen saying so
        yield from real(watched, **kwargs)

    monkeypatch.setattr(kitwatch, "follow", follow)
    studio = built(kit)
    app = create_app(studio, None)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        down = wait_for(lambda: (s := client.get("/api/state?lang=en").json())["watch"]["problem"] and s)
        assert "the watch gave up" in down["watch"]["problem"] and "starting it again" in down["watch"]["problem"]
        told.set()
        wait_for(lambda: len(calls) == 2)
        wait_for(lambda: not client.get("/api/state?lang=en").json()["watch"]["problem"])
        edit(kit / "cards.csv", ",Sunny,", ",Sunshine,")
        wait_for(lambda: "Sunshine" in client.get("/api/state?lang=en").json()["cards"][0]["text"])
        assert app.state.watch.restarts == 1


def test_a_page_finding_names_the_cell_and_the_edition_it_measured(kit: Path) -> None:
    """A bilingual CSV deck: English text that crowds its box is told at the `.en` cell (`fill.body.en`,
    `title.en`), Japanese at the `.ja` one, and each finding carries its edition for the studio to switch to."""
    rows = (kit / "cards.csv").read_text(encoding="utf-8-sig").splitlines()
    rows = [rows[0].replace("text.ja,text.en", "fill.body.ja,fill.body.en") + ",note.ja,note.en"]
    rows += [
        row + ",見本のカード：cards.csv で書きかえられます,Sample card: edit it in cards.csv"
        for row in (kit / "cards.csv").read_text(encoding="utf-8-sig").splitlines()[1:]
    ]
    (kit / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8-sig")  # a note under the body it meets
    edit(
        kit / "templates.yaml", "{name: text, kind: text, box: [5mm, 53mm,", "{name: body, kind: text, box: [5mm, 66mm,"
    )
    edit(
        kit / "templates.yaml",
        "{name: title, kind: text, box: [16mm, 4mm,",
        "{name: title, kind: text, box: [16mm, 8mm,",  # the title crosses the foot of its band
    )
    assert cli("validate", kit).returncode == 0
    state = built(kit).state("ja")
    body = [f for f in state["findings"] if f["path"].endswith(".downpour.body")]
    assert body and all(f["where"] == "cards.csv:5:fill.body.en" and f["langs"] == ["en"] for f in body), body
    titles = [f for f in state["findings"] if f["code"] == "PK368" and f["path"].endswith(".sunny.title")]
    assert {(f["where"], tuple(f["langs"]), "'Sunny'" in f["message"]) for f in titles} == {
        ("cards.csv:2:title.en", ("en",), True),
        ("cards.csv:2:title.ja", ("ja",), False),
    }
    english = next(f for f in titles if f["langs"] == ["en"])
    assert {t["card"] for t in english["targets"]["en"]} == {"sunny"}  # outlined on the English page
    shown = cli("validate", kit).stdout
    assert "cards.csv:5:fill.body.en: warning" in shown and "cards.csv:5:fill.body.ja" not in shown
