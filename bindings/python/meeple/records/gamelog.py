"""Game logs: recorded games to look at, as gzipped JSON Lines.

A game log holds one JSON record a line: a ``start`` record per game (the game spec,
seed, agents, action names, constant board data and the omniscient view), a ``step``
record per action (actor, action and its name, the number of legal actions and the
legal actions themselves, optional agent output, the omniscient view after it) and an
``end`` record (returns, winner, truncated). ``GameLogWriter`` writes each finished
game as its own gzip member and flushes it, so a killed run keeps every game it
finished; ``read_game_log`` reads a cut file up to the cut and says so. The viewer
(``meeple view``) opens these files. Layout and version: ``docs/recording.md``.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Sequence

from .._ffi import VERSION
from ..game import ALL, Game, State

__all__ = ["GAME_LOG_VERSION", "GameLogWriter", "GameRecorder", "BatchSlotRecorder", "GameLog", "LoggedGame",
           "GameLogError", "read_game_log", "convert_event_log"]

GAME_LOG_VERSION: int = 1
"""Layout version of game-log records (the ``version`` of every start record)."""
_FORMAT = "meeple-game-log"


def _member(payload: bytes) -> bytes:
    """One gzip member whose header carries its own total length (extra subfield
    ``ML``, uint64), so that a reader (the viewer) can split a file into members
    without inflating it; gzip readers skip the subfield."""
    deflate = zlib.compressobj(6, zlib.DEFLATED, -15)
    body = deflate.compress(payload) + deflate.flush()
    extra = b"ML" + struct.pack("<H", 8)
    head_len = 10 + 2 + len(extra) + 8
    total = head_len + len(body) + 8
    header = (b"\x1f\x8b\x08\x04" + struct.pack("<I", 0) + b"\x00\xff" + struct.pack("<H", len(extra) + 8)
              + extra + struct.pack("<Q", total))
    return header + body + struct.pack("<II", zlib.crc32(payload), len(payload) & 0xFFFFFFFF)


class GameLogWriter:
    """Writes games to a gzipped JSON Lines file, one gzip member a finished game,
    flushed as soon as the game ends. ``append=True`` adds to an existing log."""

    def __init__(self, path: str | os.PathLike[str], *, append: bool = False) -> None:
        self.path = Path(path)
        self._file: BinaryIO | None = open(self.path, "ab" if append else "wb")
        self.games_written = 0

    def write_game(self, records: Sequence[str | dict[str, Any]]) -> None:
        """Writes one game's records (start, steps, end: dicts, or JSON lines) and
        flushes them."""
        if self._file is None:
            raise ValueError(f"the game log {self.path} is closed")
        text = bytes("".join((r if isinstance(r, str) else _line(r)) + "\n" for r in records), "utf-8")
        self._file.write(_member(text))
        self._file.flush()
        self.games_written += 1

    def game(self, state: State, *, seed: int | None = None, agents: Sequence[str] | None = None,
             meta: dict[str, Any] | None = None) -> "GameRecorder":
        """Starts recording the game of ``state`` (play it with the recorder's
        ``apply``); it is written when it ends (or at ``finish``)."""
        return GameRecorder(self, state, seed=seed, agents=agents, meta=meta)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> "GameLogWriter":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _view_text(state: State) -> str:
    """The omniscient view as the library writes it: JSON text, not parsed (parsing and
    writing it again would be most of what logging a step costs)."""
    from .._ffi import fetch_string, lib
    return fetch_string(lambda o, c, n: lib.meeple_state_view_json(state._ptr, ALL, o, c, n))


def _line(record: dict[str, Any], view: str | None = None) -> str:
    text = json.dumps(record, separators=(",", ":"))
    return text if view is None else text[:-1] + ',"view":' + view + "}"


_CONSTANTS: dict[str, str] = {}


def _constants(game: Game) -> str:
    """The start record's constant part for a game (action names, board data), as JSON
    members, computed once per spec."""
    text = _CONSTANTS.get(game.spec)
    if text is None:
        constants: dict[str, Any] = {"action_names": [game.action_name(a) for a in range(game.num_actions)]}
        if game.name == "catan":
            constants["data"] = {"topology": game.data("topology")}
        text = json.dumps(constants, separators=(",", ":"))[1:-1]
        _CONSTANTS[game.spec] = text
    return text


def start_record(game: Game, state: State, *, seed: int | None, agents: Sequence[str] | None,
                 meta: dict[str, Any] | None) -> str:
    """The start record of a game from ``state``, as a JSON line."""
    record: dict[str, Any] = {
        "type": "start", "format": _FORMAT, "version": GAME_LOG_VERSION, "library": VERSION,
        "game": game.spec, "name": game.name, "players": game.num_players, "seed": seed,
        "agents": list(agents) if agents is not None else None, "meta": meta or {}, "move": state.move_number,
    }
    text = _line(record)
    return text[:-1] + "," + _constants(game) + ',"view":' + _view_text(state) + "}"


def step_record(game: Game, actor: int | None, legal: list[int], action: int, after: State, index: int,
                agent: dict[str, Any] | None) -> str:
    """The step record of ``actor`` playing ``action`` among ``legal``, as a JSON line."""
    record: dict[str, Any] = {"type": "step", "i": index, "actor": actor, "action": action,
                              "name": game.action_name(action), "legal": len(legal), "legal_actions": legal}
    if agent is not None:
        record["agent"] = agent
    return _line(record, _view_text(after))


def _decision(state: State) -> tuple[int | None, list[int]]:
    actor = state.current_player
    return actor, (state.legal_actions() if actor is not None else [])


def end_record(state: State, steps: int) -> str:
    returns = [float(r) for r in state.returns]
    truncated = state.truncated
    best = max(returns) if returns else 0.0
    winners = [p for p, r in enumerate(returns) if r == best]
    winner = winners[0] if len(winners) == 1 and not truncated and len(returns) > 1 else None
    return _line({"type": "end", "steps": steps, "returns": returns, "winner": winner, "truncated": truncated})


class GameRecorder:
    """Records one game played on a ``State``: call ``apply`` instead of
    ``state.apply``. The game is written when it ends, or at ``finish``."""

    def __init__(self, writer: GameLogWriter, state: State, *, seed: int | None = None,
                 agents: Sequence[str] | None = None, meta: dict[str, Any] | None = None) -> None:
        self.writer, self.state, self.game = writer, state, state.game
        self.records: list[str] = [start_record(self.game, state, seed=seed, agents=agents, meta=meta)]
        self.steps = 0
        self.done = False

    def apply(self, action: int, agent: dict[str, Any] | None = None) -> None:
        """Plays ``action`` for the acting player and records it (``agent``: optional
        JSON-able output of the agent, such as values or visit counts)."""
        if self.done:
            raise ValueError("this game has been written already; start another with GameLogWriter.game")
        actor, legal = _decision(self.state)
        self.state.apply(action)
        self.records.append(step_record(self.game, actor, legal, action, self.state, self.steps, agent))
        self.steps += 1
        if self.state.is_terminal:
            self.finish()

    def finish(self) -> None:
        """Writes the game (with an end record when it is over); again: nothing."""
        if self.done:
            return
        if self.state.is_terminal:
            self.records.append(end_record(self.state, self.steps))
        self.writer.write_game(self.records)
        self.done = True


class BatchSlotRecorder:
    """Records the games of one slot of a ``Batch``: call ``after_step(action)`` after
    every batch step with the action the slot was given. Games restarted by an
    autoreset are ended and a new one begun; each finished game is written at once."""

    def __init__(self, writer: GameLogWriter, batch: Any, slot: int, *, agents: Sequence[str] | None = None,
                 meta: dict[str, Any] | None = None) -> None:
        self.writer, self.batch, self.slot = writer, batch, slot
        self.agents, self.meta = agents, meta
        self._begin(batch.state(slot))

    def _begin(self, state: State) -> None:
        self.state = state
        self.steps = 0
        self.records = [start_record(state.game, state, seed=None, agents=self.agents,
                                     meta=dict(self.meta or {}, slot=self.slot))]

    def after_step(self, action: int) -> None:
        """Records what the last batch step did to the slot. Without autoreset, a
        finished slot's game is written once and later steps are ignored."""
        from ..errors import WrongStateError
        from ..game import NO_ACTION
        if action == NO_ACTION or self.state.is_terminal:
            return
        before = self.state
        try:
            after, restarted = self.batch.final_state(self.slot), True
        except WrongStateError:
            after, restarted = self.batch.state(self.slot), False
        if not restarted and after.move_number == before.move_number:  # rejected: nothing happened
            return
        actor, legal = _decision(before)
        self.records.append(step_record(before.game, actor, legal, action, after, self.steps, None))
        self.steps += 1
        self.state = after
        if after.is_terminal:
            self.records.append(end_record(after, self.steps))
            self.writer.write_game(self.records)
            if restarted:
                self._begin(self.batch.state(self.slot))


@dataclass
class LoggedGame:
    """One game of a game log: its start record, steps and end record (None when the
    log stops before the game's end)."""

    start: dict[str, Any]
    steps: list[dict[str, Any]] = field(default_factory=list)
    end: dict[str, Any] | None = None


@dataclass
class GameLog:
    """A game log as read. ``cut_at`` is the byte where a cut file stops (None for a
    whole file); ``message`` says what happened in words."""

    path: Path
    games: list[LoggedGame]
    cut_at: int | None = None
    message: str = ""


class GameLogError(ValueError):
    """A damaged or foreign game log; ``partial`` holds the games before the damage."""

    def __init__(self, message: str, partial: GameLog | None = None) -> None:
        super().__init__(message)
        self.partial = partial


MAX_TEXT_BYTES = 1 << 28
"""The most text (after gzip) ``read_game_log`` reads by default: 256 MiB, about a
million Catan moves; a small gzip that inflates past it is refused, not read for minutes."""

_LINE = re.compile(rb"[^\n]+")


def _lines_of(text: bytes, offset: int | None, start: int) -> list[tuple[int, bytes]]:
    """The non-empty lines of ``text`` with their offset (the member's, or each line's own
    from ``start`` when ``offset`` is None). A scan, not a split: a file of newlines is
    cheap."""
    return [(offset if offset is not None else start + m.start(), m.group()) for m in _LINE.finditer(text)
            if m.group().strip()]


def read_game_log(path: str | os.PathLike[str], *, max_bytes: int = MAX_TEXT_BYTES) -> GameLog:
    """Reads a game log (gzipped, any number of members, or plain JSON Lines). A file
    cut short reads up to the cut: the complete games, then the cut game's records
    with ``end`` None, and ``cut_at``/``message`` say where. Raises ``GameLogError``
    naming the file and byte for damaged data or records that are not a game log, and
    for text (after gzip) past ``max_bytes``."""
    p = Path(path)
    data = p.read_bytes()
    lines: list[tuple[int, bytes]] = []  # (byte offset of its member, line)
    cut_at = None
    too_big = (f"{p}: its text is over {max_bytes:,} bytes (after gzip); a game log that big is not one this "
               "reader takes (max_bytes= raises the limit)")
    if data[:2] == b"\x1f\x8b":
        at = 0
        left = max_bytes
        while at < len(data):
            d = zlib.decompressobj(31)
            try:
                text = d.decompress(data[at:], left + 1)
            except zlib.error as e:
                partial = _parse(p, lines)
                raise GameLogError(f"{p}: the gzip member at byte {at} is damaged ({e})", partial) from None
            if len(text) > left:
                raise GameLogError(too_big)
            left -= len(text)
            if not d.eof:
                cut_at = len(data)
                lines.extend(_lines_of(text[: text.rfind(b"\n") + 1], at, 0))
                break
            lines.extend(_lines_of(text, at, 0))
            used = len(data) - at - len(d.unused_data)
            at += used
            if d.unused_data and not b"\x1f\x8b".startswith(d.unused_data[:2]):
                if not d.unused_data.strip(b"\x00"):
                    break
                partial = _parse(p, lines)
                raise GameLogError(f"{p}: bytes at {at} are not a gzip member", partial)
    else:
        if len(data) > max_bytes:
            raise GameLogError(too_big)
        whole = data if data.endswith(b"\n") or not data else data[: data.rfind(b"\n") + 1]
        if len(whole) != len(data):
            cut_at = len(data)
        lines = _lines_of(whole, None, 0)
    log = _parse(p, lines)
    if cut_at is not None:
        log.cut_at = cut_at
        done = sum(1 for g in log.games if g.end is not None)
        log.message = (f"{p} is cut at byte {cut_at}: read {done} finished game(s)"
                       + (" and the start of one more" if any(g.end is None for g in log.games) else ""))
    return log


def _parse(p: Path, lines: list[tuple[int, bytes]]) -> GameLog:
    games: list[LoggedGame] = []
    for offset, line in lines:
        try:
            record = json.loads(line)
        except RecursionError:
            raise GameLogError(f"{p}: a record in the member at byte {offset} is nested too deeply to be a "
                               "game-log record", GameLog(p, games)) from None
        except ValueError as e:
            raise GameLogError(f"{p}: a record in the member at byte {offset} is not JSON ({str(e)[:200]})",
                               GameLog(p, games)) from None
        kind = record.get("type") if isinstance(record, dict) else None
        if kind == "start":
            if record.get("format") != _FORMAT:
                raise GameLogError(f"{p}: the start record in the member at byte {offset} is not a {_FORMAT} "
                                   f"record", GameLog(p, games))
            if record.get("version") != GAME_LOG_VERSION:
                raise GameLogError(f"{p}: game log version {record.get('version')}; this library reads version "
                                   f"{GAME_LOG_VERSION}", GameLog(p, games))
            games.append(LoggedGame(record))
        elif kind in ("step", "end"):
            if not games or games[-1].end is not None:
                raise GameLogError(f"{p}: a {kind} record in the member at byte {offset} has no game started",
                                   GameLog(p, games))
            if kind == "step":
                games[-1].steps.append(record)
            else:
                games[-1].end = record
        else:
            raise GameLogError(f"{p}: a record in the member at byte {offset} has type {kind!r}; expected start, "
                               f"step or end", GameLog(p, games))
    return GameLog(p, games)


def convert_event_log(evlog: Any, out: str | os.PathLike[str], *, finished: bool = True, slot: int | None = None,
                      game: int | None = None) -> int:
    """Writes the games of an event log (an ``EventLog``) as a game log, replaying each
    through the engine (and checking it against the log as ``events.replay`` does).
    ``finished``: only games with an end row; ``slot``/``game``: only those. Returns
    the games written; games the log cannot replay are skipped when no ``game`` is
    named, and raise ``ValueError`` when one is."""
    from .events import replay_steps
    g = Game(evlog.spec)
    agents = evlog.header.get("agents")
    chosen = [r for r in evlog.games() if (slot is None or r.slot == slot) and (game is None or r.game == game)]
    if (slot is not None or game is not None) and not chosen:
        raise ValueError(f"{evlog.path} has no game matching slot={slot} game={game}")
    written = 0
    with GameLogWriter(out) as writer:
        for recorded in chosen:
            if finished and not recorded.finished:
                continue
            if recorded.replayable_reason() is not None:
                if game is not None:
                    raise ValueError(f"game {recorded.game} of slot {recorded.slot} cannot be replayed: "
                                     f"{recorded.replayable_reason()}")
                continue
            state = g.new_state(recorded.seed or 0)
            meta = dict(evlog.header.get("metadata") or {}, slot=recorded.slot, game=recorded.game)
            records = [start_record(g, state, seed=recorded.seed, agents=agents, meta=meta)]
            steps = 0
            for row, after in replay_steps(recorded, g):
                action = int(row[7])
                actor, legal = _decision(state)
                records.append(step_record(g, actor, legal, action, after, steps, None))
                state = after
                steps += 1
            if state.is_terminal:
                records.append(end_record(state, steps))
            writer.write_game(records)
            written += 1
    return written


def open_text(path: str | os.PathLike[str]) -> Any:
    """The log's text, gzipped or not (for tools that want the raw lines)."""
    data = Path(path).read_bytes()
    return gzip.decompress(data).decode() if data[:2] == b"\x1f\x8b" else data.decode()
