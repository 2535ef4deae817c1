"""The studio's web app (Starlette): the page, its JSON, the PNGs, and server-sent events on every rebuild.

Routes:
  /                      the studio page (static/index.html, with its CSS and JS served beside it)
  /api/state?lang=L      components, pages, cards, findings (state.Studio.state)
  /api/table?lang=L      the card data per deck
  /api/playtest?lang=L   the playtest report page, when the kit's game has an engine
  /png/TOKEN.png         a page or a card, drawn on first use and kept by content
  /events                server-sent events: `rebuild` with the new revision after each save
  /kit/PATH, /output/PATH  a file of the kit or of its output folder, read only: a picture as itself, text as
                         plain text, anything else as a download, all sandboxed (paths.py); any path that leads
                         elsewhere (`..`, absolute, encoded, a symlink or hard link out) answers as a missing file

Writes, each answered with JSON ({ok, message, …}, or {message} and 400, 403 or 409 when refused):
  POST /api/edit/cell    a card's value into its CSV, XLSX, ODS or YAML (editing.Editor.cell)
  POST /api/edit/row     a card added, copied or deleted
  POST /api/edit/box     a template region moved or resized
  POST /api/edit/undo    the studio's last write undone
  GET  /api/regions?lang=L&deck=D&card=C   a card's picture and its template's regions

Every request passes the Guard (guard.py): the Host check, and the token when the studio listens beyond this
machine. A write must also carry the token in the `X-Pnpkit-Token` header (the page reads it from its own
<meta>; a form or a page of another origin cannot send that header) and an `Origin` that is the studio's own
(guard.write_refusal). The server writes nothing else: what it shows is in memory.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from functools import partial
from importlib import resources
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from .editing import Editor, card_regions
from .edits.files import EditRefused
from .follow import StudioWatch
from .guard import Access, Guard, write_refusal
from .paths import file_response, inside, not_found
from .state import Studio

KEEPALIVE_S = 15.0
PLAYTEST_GAMES = 200
UI_FONTS = {"jp-regular.ttf": "BIZUDPGothic-Regular.ttf", "jp-bold.ttf": "BIZUDPGothic-Bold.ttf"}
"""Japanese for the studio's own words and the kit's names, from the fonts pnpkit ships (OFL): a machine with no
Japanese font shows them too, and nothing is fetched from elsewhere. The CSS asks for them only for Japanese text."""
MAX_WRITE_BYTES = 64 * 1024
"""The largest write request: a value of 5,000 characters with room to spare."""
TOKEN_META = b'<meta name="pnpkit-token" content="">'
STATIC = {
    "studio.css": "text/css; charset=utf-8",
    "studio.js": "text/javascript; charset=utf-8",
    "edit.js": "text/javascript; charset=utf-8",
    "index.html": "text/html; charset=utf-8",
}


class Live:
    """The revision the browser may wait on: set after each rebuild, awaited by every open event stream.
    Used from the event loop's thread only (`stop` is handed to it by call_soon_threadsafe)."""

    def __init__(self) -> None:
        self.revision = 0
        self.stopping = asyncio.Event()
        self._bumped = asyncio.Event()

    def publish(self, revision: int) -> None:
        self.revision = revision
        self._bumped.set()
        self._bumped = asyncio.Event()

    def stop(self) -> None:
        self.stopping.set()
        self._bumped.set()

    async def next_after(self, revision: int, timeout: float) -> int:
        """The revision once it is past `revision`, or as it is after `timeout` seconds or on stopping."""
        if self.revision > revision or self.stopping.is_set():
            return self.revision
        bumped = asyncio.ensure_future(self._bumped.wait())
        with suppress(TimeoutError):
            await asyncio.wait_for(bumped, timeout)
        return self.revision


def _static(name: str) -> bytes:
    return resources.files(__package__).joinpath("static", name).read_bytes()


def create_app(
    studio: Studio, output: Path | None = None, *, access: Access | None = None, watch: bool = True
) -> Starlette:
    """The app for one kit. `access` says which Host names it answers to and whether it asks for its token
    (default: a studio on 127.0.0.1); `watch` rebuilds on every change under the kit folder."""
    access = access or Access.for_listening("127.0.0.1", 0)
    live = Live()
    assets = {name: _static(name) for name in STATIC}
    out_dir = output.resolve() if output is not None else None

    def wrote() -> None:
        """After a write: the watch sees the file change and rebuilds; without a working watch, rebuilt here."""
        follower = getattr(app.state, "watch", None)
        if follower is not None and not studio.watch_problem:
            return
        snapshot = studio.rebuild(studio.viewed)
        loop = getattr(app.state, "loop", None)
        if loop is not None:
            loop.call_soon_threadsafe(live.publish, snapshot.revision)
        finished = studio.finish()
        if finished is not None and loop is not None:
            loop.call_soon_threadsafe(live.publish, finished.revision)

    editor = Editor(studio, wrote)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        live.revision = studio.snapshot.revision
        loop = asyncio.get_running_loop()
        app.state.loop = loop
        app.state.stop = partial(loop.call_soon_threadsafe, live.stop)
        follower = (
            StudioWatch(studio, out_dir, lambda revision: loop.call_soon_threadsafe(live.publish, revision))
            if watch
            else None
        )
        app.state.watch = follower
        if follower is not None:
            follower.start()
        try:
            yield
        finally:
            live.stop()
            if follower is not None:
                await run_in_threadpool(follower.close)

    async def page(request: Request) -> Response:
        name = request.path_params.get("name", "index.html")
        if name not in STATIC:
            return PlainTextResponse("not found", status_code=404)
        body = assets[name]
        if name == "index.html":  # the page's own copy of the write token: only a page of this origin can read it
            body = body.replace(TOKEN_META, f'<meta name="pnpkit-token" content="{access.token}">'.encode())
        return Response(body, media_type=STATIC[name], headers={"Cache-Control": "no-cache"})

    async def ui_font(request: Request) -> Response:
        name = UI_FONTS.get(request.path_params["name"])
        if name is None:
            return PlainTextResponse("not found", status_code=404)
        path = resources.files("pnpkit.generator.assets.fonts").joinpath(name)
        return FileResponse(str(path), media_type="font/ttf", headers={"Cache-Control": "max-age=86400"})

    async def state(request: Request) -> Response:
        lang = request.query_params.get("lang", "")
        data = await run_in_threadpool(studio.state, lang)
        return JSONResponse({**data, "undo": len(editor.undos)}, headers={"Cache-Control": "no-store"})

    async def table(request: Request) -> Response:
        data = await run_in_threadpool(studio.table, request.query_params.get("lang", ""))
        return JSONResponse(data, headers={"Cache-Control": "no-store"})

    async def playtest(request: Request) -> Response:
        lang = request.query_params.get("lang", "")
        data = await run_in_threadpool(studio.playtest, lang, PLAYTEST_GAMES)
        return JSONResponse(data, headers={"Cache-Control": "no-store"})

    async def png(request: Request) -> Response:
        token = request.path_params["token"]
        try:
            data = await run_in_threadpool(studio.png, token) if studio.renders.known(token) else None
        except Exception as exc:  # the PDF backend or PDFium refused the page: say why, keep serving
            return PlainTextResponse(f"this page cannot be drawn: {type(exc).__name__}: {exc}", status_code=500)
        if data is None:
            return PlainTextResponse("no such page (the kit changed since); reload", status_code=404)
        return Response(data, media_type="image/png", headers={"Cache-Control": "max-age=31536000, immutable"})

    async def events(request: Request) -> Response:
        after = request.query_params.get("after", "") or "-1"
        if not after.lstrip("-").isdigit() or len(after) > 18:
            return PlainTextResponse("bad request: `after` is a revision number", status_code=400)

        async def stream() -> AsyncIterator[str]:
            seen = int(after)
            yield "retry: 500\n\n"
            while not live.stopping.is_set():
                if live.revision > seen:
                    seen = live.revision
                    yield f"event: rebuild\ndata: {json.dumps({'revision': seen})}\n\n"
                    continue
                revision = await live.next_after(seen, KEEPALIVE_S)
                if revision == seen and not live.stopping.is_set():
                    yield ": still here\n\n"

        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def regions(request: Request) -> Response:
        query = request.query_params
        try:
            data = await run_in_threadpool(
                card_regions, studio, query.get("lang", ""), query.get("deck", ""), query.get("card", "")
            )
        except EditRefused as refused:
            return JSONResponse({"message": refused.message}, status_code=refused.status)
        return JSONResponse(data, headers={"Cache-Control": "no-store"})

    def write(action):
        async def endpoint(request: Request) -> Response:
            refusal = write_refusal(access, request.headers)
            if refusal is not None:
                return JSONResponse({"message": refusal}, status_code=403)
            body = b""
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_WRITE_BYTES:
                    return JSONResponse({"message": "the request is too large"}, status_code=413)
            try:
                asked = json.loads(body or b"{}")
            except ValueError:
                return JSONResponse({"message": "the request is not JSON"}, status_code=400)
            if not isinstance(asked, dict):
                return JSONResponse({"message": "the request is a JSON object"}, status_code=400)
            try:
                done = await run_in_threadpool(action, asked)
            except EditRefused as refused:
                return JSONResponse({"message": refused.message}, status_code=refused.status)
            return JSONResponse(done, headers={"Cache-Control": "no-store"})

        return endpoint

    def serve_from(folder: Path | None):
        async def endpoint(request: Request) -> Response:
            path = inside(folder, request.path_params["path"]) if folder is not None else None
            return not_found() if path is None else file_response(path)

        return endpoint

    routes = [
        Route("/", page),
        Route("/static/{name}", page),
        Route("/static/fonts/{name}", ui_font),
        Route("/api/state", state),
        Route("/api/table", table),
        Route("/api/playtest", playtest),
        Route("/api/regions", regions),
        Route("/api/edit/cell", write(editor.cell), methods=["POST"]),
        Route("/api/edit/row", write(editor.row), methods=["POST"]),
        Route("/api/edit/box", write(editor.box), methods=["POST"]),
        Route("/api/edit/undo", write(lambda _asked: editor.undo()), methods=["POST"]),
        Route("/png/{token}.png", png),
        Route("/events", events),
        Route("/kit/{path:path}", serve_from(studio.root)),
        Route("/output/{path:path}", serve_from(out_dir)),
    ]
    app = Starlette(routes=routes, middleware=[Middleware(Guard, access=access)], lifespan=lifespan)
    app.state.editor = editor
    return app
