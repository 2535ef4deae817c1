"""Open a live studio for a kit in the browser: every page as it prints, a card gallery, the card data, the
findings beside them (click one to see its card outlined), redrawn within half a second of each save. The card
table can be edited in the page: a changed cell is written back into the CSV, .xlsx, .ods or YAML it came from (that
value alone, atomically, refused if the file changed on disk since; with undo), cards are added, copied and
deleted, and a template region dragged on a card writes its box: into the template. It writes nothing else, and
only files inside the kit. It listens on 127.0.0.1 only unless --host says otherwise, and answers only to the host
names it was started for (and any --allow-host); a write needs the token it makes at start, sent by its own page
only. Beyond this machine it asks for that token on every request, printed with its address. It serves only the
kit's and the output folder's files, each sandboxed (pictures as pictures, text as plain text, anything else as a
download)."""

# The docstring above is the command's --help description; the app is generator/studio/, imported in `run`.

from __future__ import annotations

import argparse
import contextlib
import errno
import socket
import sys
from pathlib import Path
from urllib.parse import urlencode

from ..commandline import UsageError, kit_dirs, language_tag

DEFAULT_PORT = 8470
LOCALHOST = "127.0.0.1"


def _port(text: str) -> int:
    """The --port value as a number; a UsageError (one line, exit 2) for anything else."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise UsageError(f"--port must be a number from 0 to 65535, not {text!r}")
    return port


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", type=Path, metavar="KIT", help="the kit directory")
    parser.add_argument(
        "--port", default=str(DEFAULT_PORT), help=f"the port (default: {DEFAULT_PORT}; 0 picks a free one)"
    )
    parser.add_argument(
        "--host",
        default=LOCALHOST,
        help=f"the address to listen on (default: {LOCALHOST}, this machine only; one beyond loopback asks for the"
        " token it prints)",
    )
    parser.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="another host name the studio answers to (a name other machines reach it by); repeatable",
    )
    parser.add_argument(
        "--lang",
        type=language_tag,
        metavar="TAG",
        help="the edition shown first: a language the kit ships (default: the kit's first)",
    )
    parser.add_argument(
        "-o", "--output", type=Path, default=Path("output"), help="the output folder it may show files from"
    )


def listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound now so a port in use is one line before anything starts."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        raise UsageError(f"--host {host}: no such address on this machine") from None
    family, kind, proto, _name, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise UsageError(
                f"port {port} on {host} is in use; give another with --port N (0 picks a free one)"
            ) from None
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock


def _url(host: str, port: int, query: list[tuple[str, str]]) -> str:
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{shown}:{port}/" + (f"?{urlencode(query)}" if query else "")


def _server_class(app):
    import uvicorn

    class Server(uvicorn.Server):
        """Ctrl-C also ends the open event streams, which would otherwise hold the shutdown until its timeout."""

        def handle_exit(self, sig, frame) -> None:
            stop = getattr(app.state, "stop", None)
            if stop is not None:
                stop()
            super().handle_exit(sig, frame)

    return Server


def run(args: argparse.Namespace) -> int:
    from ..outdir import OutputError, check_output_link

    (root,) = kit_dirs([args.path])
    if not (root / "kit.yaml").is_file():
        raise UsageError(f"{root} has no kit.yaml; give the kit directory (`pnpkit new DIR` makes one)")
    for name in args.allow_host:
        if not name or any(c.isspace() or c in "/?#@" for c in name):
            raise UsageError(f"--allow-host takes a host name, not {name!r}")
    try:
        check_output_link(args.output, root)
    except OutputError as exc:
        raise UsageError(str(exc)) from None
    sock = listen(args.host, _port(args.port))
    from pnpkit.validator.proofread import words

    try:
        with words.held():  # every save is proofread again: the dictionaries stay loaded between saves
            return _serve(root, sock, args)
    finally:
        sock.close()


def _serve(root: Path, sock: socket.socket, args: argparse.Namespace) -> int:
    import uvicorn

    from ..studio import connections
    from ..studio.app import create_app
    from ..studio.guard import TOKEN_PARAM, Access, is_loopback, is_wildcard
    from ..studio.state import Studio

    studio = Studio(root)
    studio.viewed = args.lang or ""
    first = studio.rebuild()
    shipped = first.loaded.model.languages if first.loaded is not None else None
    if args.lang and shipped is not None and args.lang not in shipped:
        raise UsageError(f"{root} has no {args.lang!r} edition; it ships {', '.join(shipped)}")
    host, port = sock.getsockname()[:2]
    access = Access.for_listening(args.host, port, args.allow_host)
    app = create_app(studio, args.output, access=access)
    query = [("lang", args.lang)] if args.lang else []
    token = [(TOKEN_PARAM, access.token)]
    if is_wildcard(args.host):  # this machine through loopback, others by name with the token
        local = "[::1]" if ":" in host else LOCALHOST
        first_url, network = _url(local, port, query), _url(socket.gethostname(), port, query + token)
    else:
        first_url, network = _url(host, port, query + (token if access.token_needed else [])), ""
    state = f"{first.errors} error(s)" if first.errors else "laid out"
    print(f"pnpkit studio: {first_url} — {root} {state} in {first.seconds:.2f} s; Ctrl-C to stop")
    if not is_loopback(args.host):
        print(
            f"pnpkit studio: warning: listening on {args.host}, beyond this machine: anyone who has the address with"
            f" its token can read the kit{f'; from another machine open {network}' if network else ''}"
        )
    sys.stdout.flush()
    config = uvicorn.Config(
        app,
        log_level="warning",
        timeout_graceful_shutdown=1,
        lifespan="on",
        http=connections.BoundedH11Protocol,
        ws="none",
        timeout_keep_alive=int(connections.IDLE_TIMEOUT_S),
        limit_concurrency=connections.MAX_CONNECTIONS + 1,  # the cap is in the protocol: never a 503
        h11_max_incomplete_event_size=connections.MAX_HEAD_BYTES,
    )
    server = _server_class(app)(config)
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[sock])
    print("pnpkit studio: stopped")
    return 0
