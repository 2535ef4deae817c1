"""Open a live studio for a kit in the browser: every page as it prints, a card gallery, the card data, the
findings beside them (click one to see its card outlined), redrawn within half a second of each save. It listens
on 127.0.0.1 only unless --host says otherwise, serves only the kit's and the output folder's files, and writes
nothing."""

# The docstring above is the command's --help description; the app is generator/studio/, imported in `run`.

from __future__ import annotations

import argparse
import contextlib
import errno
import socket
import sys
from pathlib import Path

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
        "--host", default=LOCALHOST, help=f"the address to listen on (default: {LOCALHOST}, this machine only)"
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
    (root,) = kit_dirs([args.path])
    if not (root / "kit.yaml").is_file():
        raise UsageError(f"{root} has no kit.yaml; give the kit directory (`pnpkit new DIR` makes one)")
    sock = listen(args.host, _port(args.port))
    from pnpkit.validator.proofread import words

    try:
        with words.held():  # every save is proofread again: the dictionaries stay loaded between saves
            return _serve(root, sock, args)
    finally:
        sock.close()


def _serve(root: Path, sock: socket.socket, args: argparse.Namespace) -> int:
    import uvicorn

    from ..studio.app import create_app
    from ..studio.state import Studio

    studio = Studio(root)
    studio.viewed = args.lang or ""
    first = studio.rebuild()
    shipped = first.loaded.model.languages if first.loaded is not None else None
    if args.lang and shipped is not None and args.lang not in shipped:
        raise UsageError(f"{root} has no {args.lang!r} edition; it ships {', '.join(shipped)}")
    app = create_app(studio, args.output, local_only=args.host in (LOCALHOST, "localhost", "::1"))
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    lang = f"?lang={args.lang}" if args.lang else ""
    state = f"{first.errors} error(s)" if first.errors else "laid out"
    print(f"pnpkit studio: http://{shown}:{port}/{lang} — {root} {state} in {first.seconds:.2f} s; Ctrl-C to stop")
    sys.stdout.flush()
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1, lifespan="on")
    server = _server_class(app)(config)
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[sock])
    print("pnpkit studio: stopped")
    return 0
