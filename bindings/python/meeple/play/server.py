"""Play in the browser: a small local server (standard library only) between a page and
the engine, for ``meeple play``. Layout of the API: ``docs/play.md``.

The server listens on 127.0.0.1 only and answers only requests addressed to it by that
name (or ``localhost``), so no other machine and no other web site can drive it. It
serves its page, its scripts (``draw.js``, ``transport.js``, ``play-page.js``,
``play-NAME.js``) and ``/api/...``; everything else is a JSON 404. Every
request that changes the game names the move number of the position it was made for,
so a move sent from a stale page is refused (409) and changes nothing. A game is kept
as its start position and the actions played since (undo drops the last one); each
game is written to a game log (``meeple.gamelog``) when it ends, when another begins
and when the server stops, so ``meeple view`` opens every game played.
"""

from __future__ import annotations

import json
import signal
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable

from ..records.viewer import DRAW_JS
from ..errors import BusyError, MeepleError
from .sessions import ApiError, Deferred

__all__ = ["PlayServer", "make_server", "serve", "page_for", "MAX_BODY"]

PAGES = Path(__file__).resolve().parent / "pages"
MAX_BODY = 1 << 20  # bytes; a position is a few kilobytes
# The scripts a page loads: the drawing, the transport (HTTP to this server) and each
# page's own script, the same files the static site of ``meeple web`` ships.
_SCRIPTS = {"/draw.js": DRAW_JS, "/transport.js": PAGES / "transport.js", "/play-page.js": PAGES / "play-page.js",
            **{f"/play-{n}.js": PAGES / f"play-{n}.js" for n in ("catan", "triangle", "table")}}


class PlayServer(ThreadingHTTPServer):
    """A ThreadingHTTPServer on 127.0.0.1 with one session behind a lock."""

    daemon_threads = True

    def __init__(self, session: Any, page: str, port: int = 0) -> None:
        self.session = session
        self.page = page
        self.lock = threading.Lock()
        super().__init__(("127.0.0.1", port), _Handler)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"


# Routes that only read (GET); everything else is a POST with a JSON object.
_GET_ROUTES = {"state", "info"}


class _Handler(BaseHTTPRequestHandler):
    server: PlayServer
    protocol_version = "HTTP/1.1"
    server_version = "meeple-play"
    timeout = 30  # seconds a connection may stall (a body shorter than its Content-Length) before it is closed
    sys_version = ""

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet: the terminal is the user's
        pass

    def _send(self, status: int, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.wfile.write(body)

    def _json(self, status: int, obj: Any) -> None:
        self._send(status, bytes(json.dumps(obj, separators=(",", ":")), "utf-8"), "application/json")

    def _error(self, status: int, message: str) -> None:
        self._json(status, {"error": message, "status": status})

    def _host_ok(self) -> bool:
        port = self.server.server_address[1]
        host = self.headers.get("Host", "")
        return host in (f"127.0.0.1:{port}", f"localhost:{port}")

    def _route(self, method: str) -> None:
        if not self._host_ok():
            self._error(403, "this server answers only requests to 127.0.0.1 or localhost on its own port")
            return
        path = self.path.split("?", 1)[0]
        if method == "GET" and path in ("/", "/index.html"):
            self._send(200, bytes(self.server.page, "utf-8"), "text/html; charset=utf-8")
            return
        if method == "GET" and path in _SCRIPTS:
            self._send(200, _SCRIPTS[path].read_bytes(), "text/javascript; charset=utf-8")
            return
        if not path.startswith("/api/"):
            self._error(404, f"unknown path {path}: this server serves only its page (/) and /api/...")
            return
        route = path[len("/api/"):]
        body: dict[str, Any] | None = None
        if route in _GET_ROUTES:
            if method != "GET":
                self._error(405, f"/api/{route} is read with GET")
                return
        else:
            if method != "POST":
                self._error(405 if route in _POST_ROUTES else 404,
                            f"/api/{route} takes a POST with a JSON object" if route in _POST_ROUTES
                            else f"unknown route /api/{route}")
                return
            try:
                body = self._read_body()
            except ApiError as e:
                self._error(e.status, str(e))
                return
        try:
            with self.server.lock:
                result = self.server.session.handle(route, body)
            if isinstance(result, Deferred):  # an agent's search: not under the lock
                value = result.work()
                with self.server.lock:
                    result = result.finish(value)
        except ApiError as e:
            self._error(e.status, str(e))
            return
        except BusyError:  # two requests asked one agent at once
            self._error(409, "the agent is busy with another request; try again when it answers")
            return
        except MeepleError as e:  # the engine refused: say so, nothing changed
            self._error(400, str(e))
            return
        except Exception as e:  # a bug: answer, and say it on stderr in one line, not a traceback
            print(f"meeple play: internal error on /api/{route}: {type(e).__name__}: {str(e)[:200]}",
                  file=sys.stderr)
            self._error(500, f"internal error ({type(e).__name__}); the game is unchanged")
            return
        self._json(200, result)

    def _read_body(self) -> dict[str, Any]:
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            raise ApiError(400, "Content-Length is not a number") from None
        if length > MAX_BODY:
            raise ApiError(413, f"the request body has {length} bytes; at most {MAX_BODY} are read")
        raw = self.rfile.read(length) if length > 0 else b""
        try:
            body = json.loads(raw or b"{}")
        except RecursionError:
            raise ApiError(400, "the request body is nested too deeply; send a flat JSON object") from None
        except ValueError as e:
            raise ApiError(400, f"the request body is not JSON ({str(e)[:200]}); send a JSON object") from None
        if not isinstance(body, dict):
            raise ApiError(400, f"the request body must be a JSON object, not {type(body).__name__}")
        return body

    def do_GET(self) -> None:  # noqa: N802 - the standard library's names
        self._route("GET")

    def do_POST(self) -> None:  # noqa: N802
        self._route("POST")

    def do_PUT(self) -> None:  # noqa: N802
        self._error(405, "only GET and POST are served")

    do_DELETE = do_PATCH = do_PUT


_POST_ROUTES = {"new", "move", "undo", "hint", "position", "advance"}


def page_for(name: str) -> str:
    """The page of ``meeple play NAME`` (it loads /draw.js from the server)."""
    return (PAGES / f"play-{name}.html").read_text(encoding="utf-8")


def make_server(session: Any, port: int = 0) -> PlayServer:
    """A server for ``session`` on 127.0.0.1 (``port`` 0: a free one); call
    ``serve_forever`` on it."""
    return PlayServer(session, page_for(session.game_name), port)


def _terminate(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt  # handled by serve() as Ctrl-C is


def serve(server: PlayServer, on_ready: Callable[[str], None] | None = None) -> None:
    """Serves until Ctrl-C or SIGTERM (or ``server.shutdown``), then closes the session
    (writing its game) and the socket. SIGTERM (``kill``, a service manager stopping
    it) stops it as Ctrl-C does, so the game in progress reaches the log either way."""
    previous: Any = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _terminate)
    if on_ready is not None:
        on_ready(server.url)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        server.server_close()
        with server.lock:
            server.session.close()
