"""The games behind ``meeple play``: one session a game, kept as its start position and
the actions played since (undo drops the last one), each game written to a game log
(``meeple.records.gamelog``) when it ends, when another begins and when the server stops.
Requests reach a session as routes with JSON bodies (``docs/play.md``); a bad request
raises ``ApiError`` with its HTTP status and changes nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable

from ..agents import Agent
from ..batch import derive_seed
from ..errors import MeepleError
from ..game import CHANCE, Game, State
from ..records.gamelog import GameLogWriter, end_record, start_record, step_record

__all__ = ["ApiError", "Deferred", "TriangleSession", "CatanSession", "TableSession", "TABLE_GAMES", "split_agents",
           "HINT_AGENTS", "SEAT_NAMES"]

HINT_AGENTS = {"heuristic": "heuristic", "mcts": "mcts(iterations=400)"}


class ApiError(Exception):
    """A request the server refuses: an HTTP status and a message saying what was wrong
    and what is right."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Deferred:
    """A route's answer that needs a long call (an agent's search): the server runs
    ``work()`` without the session's lock, so other requests are answered meanwhile,
    then ``finish(result)`` under the lock; ``finish`` refuses a result the game has
    moved past (409)."""

    work: Callable[[], Any]
    finish: Callable[[Any], dict[str, Any]]


def _stale(line: "_Line", state: State, now: "_Line") -> None:
    if now is not line or now.state is not state:
        raise ApiError(409, "the game changed while the agent was thinking (another request moved it); reload "
                            "the state and try again")


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
            from ..per_game import triangle
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
            if not isinstance(which, str) or which not in HINT_AGENTS:
                raise ApiError(400, f"unknown hint agent {json.dumps(which)[:80]}; use one of {sorted(HINT_AGENTS)}")
            line, state = self.line, self.line.state
            if state.is_terminal:
                raise ApiError(409, "the game is over: there is nothing to hint")
            # A fresh agent a hint, seeded by the game and the move: the same position of
            # the same game gets the same hint, whatever was asked before.
            agent = Agent(HINT_AGENTS[which], self.game, derive_seed(line.seed, state.move_number))
            private = state.clone()

            def finish(action: int) -> dict[str, Any]:
                _stale(line, state, self.line)
                return self.response(hint=action, hint_name=self.game.action_name(action), hint_agent=which)

            return Deferred(lambda: agent.act(private), finish)  # type: ignore[return-value]
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
                line, agent, position, seat = self.line, self.agents[acting], state.clone(), acting

                def finish(chosen: int) -> dict[str, Any]:
                    _stale(line, state, self.line)
                    self._play(chosen, seat)
                    return self.response()

                return Deferred(lambda: agent.act(position), finish)  # type: ignore[return-value]
            assert acting is not None
            self._play(action, acting)
            return self.response()
        raise ApiError(404, f"unknown route /api/{route}")

    def close(self) -> None:
        self.save()


# The games the table page plays (besides the triangle puzzle and Catan, which have their own).
TABLE_GAMES = ("tictactoe", "holdem")


class TableSession(CatanSession):
    """A turn game with a seat view, tic-tac-toe or heads-up Hold'em, for one person in
    ``seat`` against agents, on the table page: as Catan's session (the page only sees
    ``view(seat)``, agents move one step per ``advance``), and the response lists the
    seat's legal actions with their names when it acts."""

    game_name = "table"

    def __init__(self, spec: str, seat: int, opponents: list[str], seed: int = 0,
                 log: GameLogWriter | None = None) -> None:
        super().__init__(seat, opponents, seed, log, spec=spec)

    def response(self, **extra: Any) -> dict[str, Any]:
        out = super().response(**extra)
        out["name"] = self.game.name
        state = self.line.state
        out["legal"] = ([{"id": a, "name": self.game.action_name(a)} for a in state.legal_actions()]
                        if out["your_turn"] else [])
        return out

    def handle(self, route: str, body: dict[str, Any] | None) -> dict[str, Any]:
        if route == "info":
            return {"game": self.game.spec, "name": self.game.name, "seat": self.seat}
        return super().handle(route, body)
