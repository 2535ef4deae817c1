"""Who may talk to the studio: the Host names it answers to, the token a non-loopback studio asks for, and the
headers that keep a kit's own files from acting on the studio's origin.

A web page anywhere can make the browser send requests to the studio; two things stop it from reading the
answers. The Host check refuses any name the studio was not started for, so a hostile name that resolves to this
machine (DNS rebinding) gets nothing. On a studio that listens beyond this machine, the token, printed at start
and kept by the browser in an HttpOnly, SameSite=Strict cookie, is asked of every request that is not a loopback
client naming a loopback host.
"""

from __future__ import annotations

import ipaddress
import secrets
import socket
from collections.abc import Iterable
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from urllib.parse import parse_qsl

LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})
WILDCARDS = frozenset({"", "0.0.0.0", "::", "[::]"})
TOKEN_PARAM = "token"
STUDIO_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""The studio's own pages: its script, style sheet, fonts and pictures, all from itself; no inline script."""
FILE_CSP = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'"
"""A kit's or the output's file: whatever it holds runs in an opaque origin, without script."""
COMMON_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
]


def is_loopback(name: str) -> bool:
    """`localhost`, 127.x.y.z, ::1 (bracketed or not), or an IPv4-mapped loopback address."""
    name = name.strip("[]").lower()
    if name in LOOPBACK_NAMES:
        return True
    address = ip_of(name)
    if address is None:
        return False
    mapped = getattr(address, "ipv4_mapped", None)
    return address.is_loopback or (mapped is not None and mapped.is_loopback)


def ip_of(name: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address a name spells, short IPv4 forms included (`127.1` is 127.0.0.1, as the socket calls read it)."""
    name = name.strip("[]").split("%")[0]
    try:
        return ipaddress.ip_address(name)
    except ValueError:
        pass
    if name and all(part.isdigit() for part in name.split(".")):
        try:
            return ipaddress.ip_address(socket.inet_aton(name))
        except OSError:
            return None
    return None


def is_wildcard(host: str) -> bool:
    return host.strip() in WILDCARDS


def host_name(header: str) -> str:
    """The name of a Host header without its port: `[::1]:8470` → `::1`, `Studio.LAN:80` → `studio.lan`."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1 : header.find("]")] if "]" in header else ""
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def this_machine() -> set[str]:
    """This machine's names and addresses, as far as the standard library can tell: its host name, fully qualified
    name, `.local` name, the addresses they resolve to, and the address it reaches the network from."""
    names = {socket.gethostname(), socket.getfqdn()}
    names |= {f"{name.split('.')[0]}.local" for name in list(names) if name}
    found = {name.lower() for name in names if name}
    for name in list(found):
        try:
            infos = socket.getaddrinfo(name, None)
        except (OSError, UnicodeError):
            continue
        found |= {str(info[4][0]).split("%")[0].lower() for info in infos}
    for family, probe in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:  # a UDP "connection" sends nothing; it only picks the outgoing address
            with socket.socket(family, socket.SOCK_DGRAM) as udp:
                udp.connect((probe, 9))
                found.add(str(udp.getsockname()[0]).lower())
        except OSError:
            continue
    return found


@dataclass
class Access:
    """The names a studio answers to and the token it asks for (`token_needed`: it listens beyond loopback)."""

    hosts: frozenset[str]
    token_needed: bool
    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    cookie: str = "pnpkit-studio"
    """The cookie's name; `for_listening` adds the port, as cookies are shared by every port of a host."""

    @classmethod
    def for_listening(cls, host: str, port: int, allowed: Iterable[str] = ()) -> Access:
        """The access rules for a studio bound to `host`: its own name, the loopback names when it listens on
        loopback or everywhere, this machine's names when everywhere, and every `--allow-host`."""
        names = {host_name(host) if host.startswith("[") else host.strip().lower()}
        loopback = is_loopback(host)
        wildcard = is_wildcard(host)
        if loopback or wildcard:
            names |= set(LOOPBACK_NAMES) | {"127.0.0.1", "::1"}
        if wildcard:
            names |= this_machine()
        names |= {host_name(name) for name in allowed}
        names -= WILDCARDS
        return cls(frozenset(names), token_needed=not loopback, cookie=f"pnpkit-studio-{port}")

    def host_allowed(self, name: str, local_address: str | None) -> bool:
        """A name given at start, a loopback address, or the very address the request came in on."""
        if not name:
            return False
        if name in self.hosts or (is_loopback(name) and any(is_loopback(h) for h in self.hosts)):
            return True
        return local_address is not None and _same_address(name, local_address)

    def token_given(self, query: str, cookie_header: str) -> tuple[bool, bool]:
        """(the request carries the token, it came in the query): the query's is turned into the cookie."""
        for key, value in parse_qsl(query, keep_blank_values=True):
            if key == TOKEN_PARAM and secrets.compare_digest(value.encode(), self.token.encode()):
                return True, True
        jar: SimpleCookie = SimpleCookie()
        try:
            jar.load(cookie_header)
        except Exception:  # a malformed Cookie header carries no token
            return False, False
        morsel = jar.get(self.cookie)
        return (morsel is not None and secrets.compare_digest(morsel.value.encode(), self.token.encode())), False

    def set_cookie(self) -> bytes:
        return f"{self.cookie}={self.token}; Path=/; HttpOnly; SameSite=Strict".encode()


WRITE_TOKEN_HEADER = "x-pnpkit-token"
"""The header a write carries the token in: a form cannot set it, and a page of another origin cannot send it
without a preflight the studio never grants."""


def write_refusal(access: Access, headers) -> str | None:
    """Why a write request is refused, or None: it must carry the token in its header, come from a page of the
    studio's own origin (`Origin` present and naming the Host it was sent to, which the Guard has checked) and send
    JSON."""
    given = headers.get(WRITE_TOKEN_HEADER, "")
    if not given or not secrets.compare_digest(given.encode(), access.token.encode()):
        return "refused: a write needs the studio's token (reload the studio's page)"
    origin = headers.get("origin", "")
    if not origin:
        return "refused: a write must say where it comes from (no Origin header)"
    if origin.lower() != f"http://{headers.get('host', '')}".lower():
        return "refused: a write must come from the studio's own page"
    if not headers.get("content-type", "").lower().startswith("application/json"):
        return "refused: a write is sent as JSON"
    return None


def _same_address(name: str, local: str) -> bool:
    address = ip_of(name)
    return address is not None and address == ip_of(local)


class Guard:
    """ASGI middleware: the Host check, the token, and the protective headers on every answer."""

    def __init__(self, app, access: Access):
        self.app = app
        self.access = access

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {key.decode("latin-1").lower(): value.decode("latin-1") for key, value in scope["headers"]}
        name = host_name(headers.get("host", ""))
        server = scope.get("server")
        if not self.access.host_allowed(name, server[0] if server else None):
            await _refuse(send, 400, "refused: this studio does not answer to that host name")
            return
        given, in_query = self.access.token_given(
            scope.get("query_string", b"").decode("latin-1"), headers.get("cookie", "")
        )
        client = scope.get("client")
        trusted = client is not None and is_loopback(str(client[0])) and is_loopback(name)
        if self.access.token_needed and not given and not trusted:
            await _refuse(send, 401, "the studio needs its token: open the address `pnpkit serve` printed")
            return

        async def send_guarded(message) -> None:
            if message["type"] == "http.response.start":
                extra = list(COMMON_HEADERS)
                if in_query:
                    extra.append((b"set-cookie", self.access.set_cookie()))
                present = {key.lower() for key, _ in message.get("headers", [])}
                if b"content-security-policy" not in present:
                    extra.append((b"content-security-policy", STUDIO_CSP.encode()))
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_guarded)


async def _refuse(send, status: int, text: str) -> None:
    body = (text + "\n").encode()
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        (b"content-security-policy", FILE_CSP.encode()),
        *COMMON_HEADERS,
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
