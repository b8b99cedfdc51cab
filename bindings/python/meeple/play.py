"""Play in the browser: a small local server (standard library only) between a page and
the engine, for ``meeple play``. Layout of the API: ``docs/play.md``.

The server listens on 127.0.0.1 only and answers only requests addressed to it by that
name (or ``localhost``), so no other machine and no other web site can drive it. It
serves its page, ``draw.js`` and ``/api/...``; everything else is a JSON 404. Every
request that changes the game names the move number of the position it was made for,
so a move sent from a stale page is refused (409) and changes nothing. A game is kept
as its start position and the actions played since (undo drops the last one); each
game is written to a game log (``meeple.gamelog``) when it ends, when another begins
and when the server stops, so ``meeple view`` opens every game played.
"""

from __future__ import annotations

import json
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable

from .agents import Agent
from .errors import MeepleError
from .game import CHANCE, Game, State
from .gamelog import GameLogWriter, end_record, start_record, step_record

__all__ = ["ApiError", "TriangleSession", "CatanSession", "split_agents", "PlayServer", "make_server", "HINT_AGENTS"]

PAGES = Path(__file__).resolve().parent / "viewer"
MAX_BODY = 1 << 20  # bytes; a position is a few kilobytes
HINT_AGENTS = {"heuristic": "heuristic", "mcts": "mcts(iterations=400)"}


class ApiError(Exception):
    """A request the server refuses: an HTTP status and a message saying what was wrong
    and what is right."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _int_field(body: dict[str, Any], name: str, *, required: bool = True, default: int = 0) -> int:
    if name not in body:
        if required:
            raise ApiError(400, f"the request needs '{name}' (an integer)")
        return default
    value = body[name]
    if not isinstance(value, int) or isinstance(value, bool):
        raise ApiError(400, f"'{name}' must be an integer, not {json.dumps(value)}")
    return value


class _Line:
    """One game: its start state, the actions played since (and the state after each)."""

    def __init__(self, start: State, seed: int, meta: dict[str, Any]) -> None:
        self.start, self.seed, self.meta = start, seed, meta
        self.actions: list[int] = []
        self.states: list[State] = [start]
        self.written_at: int | None = None  # the number of actions when last written

    @property
    def state(self) -> State:
        return self.states[-1]

    def records(self, agents: list[str] | None) -> list[str]:
        game = self.start.game
        out = [start_record(game, self.start, seed=self.seed, agents=agents, meta=self.meta)]
        for i, action in enumerate(self.actions):
            before, after = self.states[i], self.states[i + 1]
            actor = before.current_player
            legal = before.legal_actions() if actor is not None else []
            out.append(step_record(game, actor, legal, action, after, i, None))
        if self.state.is_terminal:
            out.append(end_record(self.state, len(self.actions)))
        return out


class TriangleSession:
    """The triangle puzzle for one person: new game, move, undo, hint and the debug
    position builder. Not thread-safe by itself: the server holds a lock around it."""

    game_name = "triangle"

    def __init__(self, seed: int = 0, log: GameLogWriter | None = None, spec: str = "triangle") -> None:
        self.game = Game(spec)
        self.log = log
        self.next_seed = seed
        self.games_started = 0
        self.line = self._new_line(seed, {"source": "meeple play"})
        self._agents: dict[str, Agent] = {}

    # ---- games and the log ----

    def _new_line(self, seed: int, meta: dict[str, Any], start: State | None = None) -> _Line:
        self.games_started += 1
        self.next_seed = (seed + 1) % 2**64
        return _Line(start if start is not None else self.game.new_state(seed), seed, meta)

    def save(self) -> None:
        """Writes the current game to the log when it has moves not written yet."""
        line = self.line
        if self.log is None or not line.actions or line.written_at == len(line.actions):
            return
        self.log.write_game(line.records(["human"]))
        line.written_at = len(line.actions)

    def _check_move_number(self, body: dict[str, Any]) -> None:
        move = _int_field(body, "move")
        current = self.line.state.move_number
        if move != current:
            raise ApiError(409, f"stale request: it was made for move {move}, the game is at move {current}; "
                                f"reload the state and try again")

    # ---- the API ----

    def response(self, **extra: Any) -> dict[str, Any]:
        state = self.line.state
        out = {
            "game": self.game.spec, "name": self.game_name, "move": state.move_number,
            "seed": self.line.seed, "view": state.view(),
            "legal": state.legal_actions() if not state.is_terminal else [],
            "can_undo": bool(self.line.actions), "terminal": state.is_terminal,
            "games_started": self.games_started,
            "log": str(self.log.path) if self.log is not None else None,
        }
        out.update(extra)
        return out

    def handle(self, route: str, body: dict[str, Any] | None) -> dict[str, Any]:
        if route == "state":
            return self.response()
        if route == "info":
            from . import triangle
            return {"game": self.game.spec, "templates": [list(map(list, t)) for t in triangle.TEMPLATES],
                    "rows": triangle.ROWS, "cols": triangle.COLS, "hint_agents": sorted(HINT_AGENTS)}
        assert body is not None
        if route == "new":
            seed = _int_field(body, "seed", required=False, default=self.next_seed)
            if not 0 <= seed < 2**64:
                raise ApiError(400, f"'seed' must be in 0..2^64-1, not {seed}")
            self.save()
            self.line = self._new_line(seed, {"source": "meeple play"})
            return self.response()
        if route == "move":
            self._check_move_number(body)
            action = _int_field(body, "action")
            state = self.line.state
            if state.is_terminal:
                raise ApiError(409, "the game is over: start a new game or undo")
            if not 0 <= action < self.game.num_actions or not state.is_legal(action):
                name = self.game.action_name(action) if 0 <= action < self.game.num_actions else str(action)
                raise ApiError(400, f"illegal move {name}: the shape does not fit there "
                                    f"(legal: one of the {len(state.legal_actions())} actions in 'legal')")
            after = state.clone()
            after.apply(action)
            self.line.actions.append(action)
            self.line.states.append(after)
            if after.is_terminal:
                self.save()
            return self.response(last_action=action, last_name=self.game.action_name(action))
        if route == "undo":
            self._check_move_number(body)
            if not self.line.actions:
                raise ApiError(409, "nothing to undo: this is the start of the game")
            self.line.actions.pop()
            self.line.states.pop()
            return self.response()
        if route == "hint":
            self._check_move_number(body)
            which = body.get("agent", "heuristic")
            if which not in HINT_AGENTS:
                raise ApiError(400, f"unknown hint agent {json.dumps(which)}; use one of {sorted(HINT_AGENTS)}")
            state = self.line.state
            if state.is_terminal:
                raise ApiError(409, "the game is over: there is nothing to hint")
            agent = self._agents.get(which)
            if agent is None:
                agent = self._agents[which] = Agent(HINT_AGENTS[which], self.game, self.line.seed)
            action = agent.act(state)
            return self.response(hint=action, hint_name=self.game.action_name(action), hint_agent=which)
        if route == "position":
            self._check_move_number(body)
            position: dict[str, Any] = {k: body[k] for k in ("occupied", "shapes", "colors") if k in body}
            if "occupied" not in position or "shapes" not in position:
                raise ApiError(400, "a position needs 'occupied' (rows x cols of 0/1) and 'shapes' "
                                    "(one entry a slot: null or a list of [dr, dc, up])")
            seed = self.next_seed
            try:
                start = self.game.from_position(position, seed)
            except (MeepleError, ValueError, TypeError) as e:
                raise ApiError(400, f"position refused: {e}") from None
            self.save()
            self.line = self._new_line(seed, {"source": "meeple play", "debug": True}, start)
            return self.response()
        raise ApiError(404, f"unknown route /api/{route}")

    def close(self) -> None:
        self.save()


def split_agents(text: str) -> list[str]:
    """Agent specs separated by commas outside parentheses: ``"heuristic,mcts(iterations=50,seed=1)"``."""
    out, depth, part = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            out.append(part.strip())
            part = ""
            continue
        depth += (ch == "(") - (ch == ")")
        part += ch
    out.append(part.strip())
    return out


SEAT_NAMES = ["Blue \u25cf", "Orange \u25b2", "Green \u25a0", "Pink \u25c6"]  # as draw.js: name and glyph


class CatanSession:
    """Catan for one person in ``seat`` against agents in the other seats. The page is
    only ever sent ``view(seat)``: the seat's own cards, everyone's public counts, and
    the seat's legal actions when it acts. Agents move one step per ``advance`` call,
    so the page can show them at its own speed. No undo (it would show what was drawn)."""

    game_name = "catan"

    def __init__(self, seat: int, opponents: list[str], seed: int = 0, log: GameLogWriter | None = None,
                 spec: str = "catan", start: State | None = None) -> None:
        from .batch import derive_seed
        self.game = Game(spec)
        players = self.game.num_players
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not a seat of {spec}: use 0 to {players - 1}")
        if len(opponents) == 1:
            opponents = opponents * (players - 1)
        if len(opponents) != players - 1:
            raise ValueError(f"{spec} has {players} seats: name 1 or {players - 1} opponents, not {len(opponents)}")
        self.seat, self.log = seat, log
        self.agents: dict[int, Agent] = {}
        specs = iter(opponents)
        for p in range(players):
            if p != seat:
                self.agents[p] = Agent(next(specs), self.game, derive_seed(seed, p))
        if start is not None:
            self.game = start.game
        self.line = _Line(start if start is not None else self.game.new_state(seed), seed,
                          {"source": "meeple play", "seat": seat})
        self.words: list[str] = []
        self.last_name = ""
        import random
        self._chance = random.Random(seed)

    def seat_label(self, p: int) -> str:
        return SEAT_NAMES[p] if p < len(SEAT_NAMES) else f"Seat {p}"

    def agent_names(self) -> list[str]:
        return ["human" if p == self.seat else self.agents[p].spec for p in range(self.game.num_players)]

    def save(self) -> None:
        line = self.line
        if self.log is None or not line.actions or line.written_at == len(line.actions):
            return
        self.log.write_game(line.records(self.agent_names()))
        line.written_at = len(line.actions)

    def _acting(self) -> int | None:
        state = self.line.state
        if state.is_terminal:
            return None
        active = state.active_players
        return active[0] if len(active) == 1 else None

    def response(self, **extra: Any) -> dict[str, Any]:
        state = self.line.state
        view = state.view(self.seat)
        acting = self._acting()
        out = {
            "game": self.game.spec, "name": "catan", "move": state.move_number, "seat": self.seat,
            "acting": acting, "your_turn": acting == self.seat, "terminal": state.is_terminal,
            "view": view, "seats": [{"seat": p, "label": self.seat_label(p), "who": n}
                                    for p, n in enumerate(self.agent_names())],
            "words": self.words[-200:], "words_total": len(self.words), "last_name": self.last_name,
            "log": str(self.log.path) if self.log is not None else None,
        }
        if state.is_terminal:
            out["returns"] = [float(r) for r in state.returns]
        out.update(extra)
        return out

    def _play(self, action: int, actor: int) -> None:
        state = self.line.state
        after = state.clone()
        name = self.game.action_name(action)
        if actor == CHANCE:
            after.apply(action, CHANCE)
        else:
            after.apply(action)
        self.line.actions.append(action)
        self.line.states.append(after)
        who = "chance" if actor == CHANCE else self.seat_label(actor) + (" (you)" if actor == self.seat else "")
        if actor == CHANCE and not name.startswith("chance_dice"):
            name = "a hidden draw"  # a card drawn or stolen: the page must not learn which
        self.last_name = name
        text = f"{who}: {name}"
        dice = after.view(self.seat).get("dice")
        if name == "roll" and dice:
            text += f" -> {dice}"
        self.words.append(text)
        if after.is_terminal:
            self.save()

    def handle(self, route: str, body: dict[str, Any] | None) -> dict[str, Any]:
        if route == "state":
            return self.response()
        if route == "info":
            return {"game": self.game.spec, "topology": self.game.data("topology"), "seat": self.seat}
        assert body is not None
        move = _int_field(body, "move")
        current = self.line.state.move_number
        if move != current:
            raise ApiError(409, f"stale request: it was made for move {move}, the game is at move {current}; "
                                f"reload the state and try again")
        if self.line.state.is_terminal:
            raise ApiError(409, "the game is over")
        acting = self._acting()
        if route == "move":
            action = _int_field(body, "action")
            if acting != self.seat:
                who = self.seat_label(acting) if acting is not None and acting >= 0 else "chance"
                raise ApiError(409, f"it is not your turn: {who} acts now; ask /api/advance to let it play")
            state = self.line.state
            if not 0 <= action < self.game.num_actions or not state.is_legal(action):
                name = self.game.action_name(action) if 0 <= action < self.game.num_actions else str(action)
                raise ApiError(400, f"illegal move {name}: the legal actions are in view.legal_actions")
            self._play(action, self.seat)
            return self.response()
        if route == "advance":
            if acting == self.seat:
                raise ApiError(409, "it is your turn: send /api/move")
            state = self.line.state
            if acting == CHANCE:
                outcomes = state.chance_outcomes()
                action = self._chance.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            elif acting is None:
                raise ApiError(409, "several seats act at once; this server plays one seat at a time")
            else:
                action = self.agents[acting].act(state)
            assert acting is not None
            self._play(action, acting)
            return self.response()
        raise ApiError(404, f"unknown route /api/{route}")

    def close(self) -> None:
        self.save()


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
        if method == "GET" and path == "/draw.js":
            self._send(200, (PAGES / "draw.js").read_bytes(), "text/javascript; charset=utf-8")
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
        except ApiError as e:
            self._error(e.status, str(e))
            return
        except MeepleError as e:  # the engine refused: say so, nothing changed
            self._error(400, str(e))
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
        except ValueError as e:
            raise ApiError(400, f"the request body is not JSON ({e}); send a JSON object") from None
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


def serve(server: PlayServer, on_ready: Callable[[str], None] | None = None) -> None:
    """Serves until Ctrl-C (or ``server.shutdown``), then closes the session (writing
    its game) and the socket."""
    if on_ready is not None:
        on_ready(server.url)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        with server.lock:
            server.session.close()
