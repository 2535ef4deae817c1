"""The studio's writes through a real server process: refused without the token in its header, from another
Origin, with no Origin, as a form would send them, or to a host name the studio does not answer to; each refusal
leaves every file as it was. The same write with the token and the studio's own Origin is made (so a refusal here
is the check's, not a broken request's)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx
import pytest
from conftest import files_under
from studio_server import new_kit, serving


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    return new_kit(tmp_path)


def _write_request(url: str) -> tuple[dict, str]:
    """A real cell write: the title of sunny, with the fingerprint the table gives; and the page's token."""
    token = re.search(r'name="pnpkit-token" content="([A-Za-z0-9_-]+)"', httpx.get(f"{url}/").text)
    assert token is not None
    row = httpx.get(f"{url}/api/table", params={"lang": "en"}).json()[0]["rows"][0]
    asked = {"deck": "weather", "card": "sunny", "column": "title", "lang": "en", "value": "Hijacked"}
    return {**asked, "fingerprint": row["fingerprint"]}, token.group(1)


def test_writes_without_the_token_or_from_another_origin_are_refused_and_change_nothing(
    tmp_path: Path, kit: Path
) -> None:
    before = {path: path.read_bytes() for path in files_under(tmp_path)}
    with serving(kit) as url:
        asked, token = _write_request(url)
        body = json.dumps(asked)
        own = {"Origin": url, "Content-Type": "application/json", "X-Pnpkit-Token": token}
        refused = {
            "no token": {**own, "X-Pnpkit-Token": ""},
            "a wrong token": {**own, "X-Pnpkit-Token": token[:-1] + ("A" if token[-1] != "A" else "B")},
            "another origin": {**own, "Origin": "http://evil.example"},
            "another port": {**own, "Origin": url.rsplit(":", 1)[0] + ":1"},
            "an opaque origin": {**own, "Origin": "null"},
            "no origin": {k: v for k, v in own.items() if k != "Origin"},
            "a form's body": {**own, "Content-Type": "text/plain"},
        }
        for why, headers in refused.items():
            answer = httpx.post(f"{url}/api/edit/cell", headers=headers, content=body)
            assert answer.status_code == 403, (why, answer.status_code, answer.text)
            assert answer.json()["message"].startswith("refused: "), why
            assert "access-control-allow-origin" not in answer.headers
        for action in ("cell", "row", "box", "undo"):  # every write route checks, undo too
            answer = httpx.post(
                f"{url}/api/edit/{action}", headers={**own, "Origin": "http://evil.example"}, content="{}"
            )
            assert answer.status_code == 403, action
        rebinding = httpx.post(f"{url}/api/edit/cell", headers={**own, "Host": "evil.example"}, content=body)
        assert rebinding.status_code == 400  # the Host check comes first: a rebound name gets nothing
        preflight = httpx.options(
            f"{url}/api/edit/cell",
            headers={
                "Origin": "http://evil.example",
                "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "x-pnpkit-token, content-type",
            },
        )
        assert preflight.status_code == 405 and "access-control-allow-origin" not in preflight.headers
        assert httpx.get(f"{url}/api/edit/cell").status_code == 405
        assert {path: path.read_bytes() for path in files_under(tmp_path)} == before  # nothing was written

        made = httpx.post(f"{url}/api/edit/cell", headers=own, content=body)
        assert made.status_code == 200, made.text
    assert (kit / "cards.csv").read_bytes() == before[kit / "cards.csv"].replace(b",Sunny,", b",Hijacked,", 1)
