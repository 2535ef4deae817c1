"""`pnpkit serve` on any network, through real server processes: the Host check for every --host (DNS
rebinding), the token beyond loopback, the headers on the studio's pages and on the kit's files, hard links and
probes, bad query values, idle connections by the hundred, and an output link out of the kit."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import httpx
import pytest
from conftest import cli, finish, start_cli
from studio_server import new_kit, serving, wait_for

from pnpkit.generator.studio import connections

SANDBOXED = ("content-security-policy", "x-content-type-options", "cross-origin-resource-policy")


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    """A kit with files a browser would run (HTML, SVG), a picture, and a hard link to a private file outside it."""
    kit = new_kit(tmp_path)
    (kit / "manual.html").write_text("<script>document.title = 'pwned'</script>", encoding="utf-8")
    (kit / "logo.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', encoding="utf-8"
    )
    from PIL import Image

    Image.new("RGB", (4, 4), "red").save(kit / "dot.png")
    (tmp_path / "secret.txt").write_text("secret", encoding="utf-8")
    os.link(tmp_path / "secret.txt", kit / "notes.txt")
    (kit / "escape.txt").symlink_to(tmp_path / "secret.txt")
    out = tmp_path / "out" / "kit" / "en"
    out.mkdir(parents=True)
    (out / "cards.pdf").write_bytes(b"%PDF-1.7\n%%EOF\n")
    (out / "cards-1.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>', encoding="utf-8")
    return kit


def _get(url: str, path: str, host: str | None = None, **kwargs) -> httpx.Response:
    headers = {"Host": host} if host else {}
    return httpx.get(f"{url}{path}", headers=headers, timeout=30, **kwargs)


def _sandboxed(response: httpx.Response) -> None:
    assert "sandbox" in response.headers["content-security-policy"]
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["cross-origin-resource-policy"] == "same-origin"


def test_everywhere_answers_only_its_names_and_asks_the_token(kit: Path) -> None:
    """--host 0.0.0.0: a foreign Host is refused (DNS rebinding), a loopback one answers, this machine's own name
    asks for the token, which the query gives once and the cookie keeps."""
    with serving(kit, "--host", "0.0.0.0") as url:
        assert url.startswith("http://127.0.0.1:")
        assert "warning" in url.warning and f"?token={url.token}" in url.warning and len(url.token) >= 24
        port = url.rsplit(":", 1)[1]
        evil = _get(url, "/api/state", host=f"evil.com:{port}")
        assert evil.status_code == 400 and "kit" not in evil.text
        assert _get(url, "/api/state", host=f"evil.com:{port}", params={"token": url.token}).status_code == 400
        assert _get(url, "/api/state", host=f"localhost:{port}").status_code == 200
        assert _get(url, "/api/state", host=f"127.0.0.1:{port}").status_code == 200
        name = socket.gethostname().lower()
        assert _get(url, "/api/state", host=f"{name}:{port}").status_code == 401
        assert _get(url, "/api/state", host=f"{name}:{port}", params={"token": "wrong"}).status_code == 401
        given = _get(url, "/", host=f"{name}:{port}", params={"token": url.token})
        assert given.status_code == 200
        cookie = given.headers["set-cookie"]
        assert url.token in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
        kept = cookie.split(";")[0]
        state = httpx.get(f"{url}/api/state", headers={"Host": f"{name}:{port}", "Cookie": kept}, timeout=30)
        assert state.status_code == 200 and state.json()["kit"]
    assert "Traceback" not in url.stderr


def test_a_loopback_alias_still_checks_the_host(kit: Path) -> None:
    with serving(kit, "--host", "127.1") as url:
        port = url.rsplit(":", 1)[1]
        assert not url.warning  # loopback: no warning, no token
        assert _get(url, "/api/state", host=f"evil.com:{port}").status_code == 400
        assert _get(url, "/api/state", host=f"127.0.0.1:{port}").status_code == 200
        assert _get(url, "/api/state", host=f"127.1:{port}").status_code == 200


def test_kit_and_output_files_cannot_act_on_the_studio(kit: Path) -> None:
    with serving(kit, "-o", "out") as url:
        page = _get(url, "/")
        policy = page.headers["content-security-policy"]
        assert "default-src 'self'" in policy and "script-src 'self'" in policy and "unsafe-inline" not in policy
        assert page.headers["x-content-type-options"] == "nosniff"
        for path in ("/kit/manual.html", "/kit/logo.svg", "/output/kit/en/cards.pdf", "/output/kit/en/cards-1.svg"):
            response = _get(url, path)
            assert response.status_code == 200, path
            assert response.headers["content-disposition"].startswith("attachment"), path
            assert "html" not in response.headers["content-type"] and "svg" not in response.headers["content-type"]
            _sandboxed(response)
        text = _get(url, "/kit/cards.csv")
        assert text.headers["content-type"].startswith("text/plain") and "content-disposition" not in text.headers
        _sandboxed(text)
        picture = _get(url, "/kit/dot.png")
        assert picture.headers["content-type"] == "image/png" and picture.content.startswith(b"\x89PNG")
        _sandboxed(picture)

        # a hard link, a symlink out, an escape and a missing file answer alike: nothing to probe
        answers = {
            path: (r.status_code, r.text)
            for path in ("/kit/notes.txt", "/kit/escape.txt", "/kit/%2e%2e/secret.txt", "/kit/missing.txt", "/kit/art")
            for r in [_get(url, path)]
        }
        assert set(answers.values()) == {(404, "not found")}, answers

        # a bad query value is a 400, not a traceback
        bad = _get(url, "/events", params={"after": "abc"})
        assert bad.status_code == 400
        assert _get(url, "/events", params={"after": "1" * 40}).status_code == 400
    assert "Traceback" not in url.stderr and "secret" not in url.stderr


def test_idle_connections_cannot_starve_the_studio(kit: Path) -> None:
    """Many more idle sockets than the cap: the server's open files stay bounded and /api/state answers."""
    many = connections.MAX_CONNECTIONS * 4
    with serving(kit) as url:
        host, port = url.removeprefix("http://").rsplit(":", 1)
        idle: list[socket.socket] = []
        try:
            for n in range(many):
                sock = socket.create_connection((host, int(port)), timeout=10)
                if n % 2:
                    sock.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # a head never finished
                idle.append(sock)
            state = httpx.get(f"{url}/api/state", timeout=30)
            assert state.status_code == 200 and state.json()["kit"]
            open_files = len(os.listdir(f"/proc/{url.pid}/fd")) if Path(f"/proc/{url.pid}/fd").is_dir() else 0
            assert open_files < connections.MAX_CONNECTIONS + 60, open_files
        finally:
            for sock in idle:
                sock.close()
    assert "Traceback" not in url.stderr


def test_a_request_head_that_never_ends_is_closed_by_the_studio(tmp_path: Path) -> None:
    """The studio's head deadline, shortened in its process from HEAD_TIMEOUT_S to one second (its length is not
    the point); the bounded wait is the test's, not an assertion of time."""
    with serving(new_kit(tmp_path), head_timeout=1.0) as url:
        host, port = url.removeprefix("http://").rsplit(":", 1)
        with socket.create_connection((host, int(port)), timeout=30) as slow:
            slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            assert wait_for(lambda: slow.recv(1024) == b"", timeout=30)
        with socket.create_connection((host, int(port)), timeout=30) as finished:  # a whole head is answered
            finished.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert finished.recv(1024).startswith(b"HTTP/1.1 200")
    assert "Traceback" not in url.stderr


def test_an_output_link_out_of_the_kit_is_refused(tmp_path: Path) -> None:
    kit = new_kit(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (kit / "output").symlink_to(elsewhere, target_is_directory=True)
    result = cli("build", ".", "-o", "output", "--lang", "en", "--no-svg", cwd=kit)
    assert result.returncode == 2, result
    assert result.stderr.startswith("pnpkit: error: ") and result.stderr.count("\n") == 1, result.stderr
    assert "symbolic link" in result.stderr and "output" in result.stderr
    assert list(elsewhere.iterdir()) == []
    served = cli("serve", ".", "-o", "output", "--port", "0", cwd=kit)
    assert served.returncode == 2 and "symbolic link" in served.stderr
    watched = finish(start_cli("watch", ".", "-o", "output", "--lang", "en", "--no-svg", cwd=kit), timeout=120)
    assert watched.returncode == 2 and "symbolic link" in watched.stderr and "Traceback" not in watched.stderr
    assert list(elsewhere.iterdir()) == []
    # the folder itself, given by its own path, is the user's choice
    result = cli("build", ".", "-o", elsewhere, "--lang", "en", "--no-svg", cwd=kit)
    assert result.returncode == 0, result.stderr
    assert (elsewhere / "kit" / "en" / "kit.pdf").is_file()


def test_the_names_a_studio_answers_to() -> None:
    from pnpkit.generator.studio.guard import Access, host_name, is_loopback

    assert [host_name(h) for h in ("[::1]:8470", "Studio.LAN:80", "127.0.0.1", "::1", "")] == [
        "::1",
        "studio.lan",
        "127.0.0.1",
        "::1",
        "",
    ]
    assert is_loopback("127.1") and is_loopback("[::ffff:127.0.0.1]") and not is_loopback("127.evil.com")
    local = Access.for_listening("127.1", 8470)
    assert not local.token_needed and local.cookie == "pnpkit-studio-8470"
    assert local.host_allowed("localhost", "127.0.0.1") and not local.host_allowed("evil.com", "127.0.0.1")
    lan = Access.for_listening("192.0.2.7", 8470, ["studio.lan:8470"])
    assert lan.token_needed and lan.hosts == {"192.0.2.7", "studio.lan"}
    assert not lan.host_allowed("localhost", "192.0.2.7")  # it does not listen there
    everywhere = Access.for_listening("0.0.0.0", 8470)
    assert everywhere.token_needed and {"localhost", "127.0.0.1", socket.gethostname().lower()} <= everywhere.hosts
    assert everywhere.host_allowed("198.51.100.4", "198.51.100.4")  # the address the request came in on
    assert not everywhere.host_allowed("198.51.100.4", "127.0.0.1") and not everywhere.host_allowed("evil.com", None)
    token = everywhere.token
    assert everywhere.token_given(f"lang=en&token={token}", "") == (True, True)
    assert everywhere.token_given("", f"other=1; pnpkit-studio-8470={token}") == (True, False)
    assert everywhere.token_given("token=nope", "pnpkit-studio-8471=" + token) == (False, False)  # another port's
