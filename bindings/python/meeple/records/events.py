"""Batch event logs: the rows a batch records, files that keep them, and replay.

A batch records events when asked (``Batch.record_events``): fixed-width int32 rows,
one per game start, game end, action or Catan trade step, in the order they happened
(slot order within a step, the same at every thread count). ``EventLogWriter``
appends drained rows to a file together with what the rows cannot say on their own
(library version, game spec, agents per seat, run metadata); ``read_event_log`` reads
such a file back, up to the cut when a run was killed while writing; ``replay``
re-steps one recorded game from its seed and checks every row against the engine.
The row columns and the file layout are in ``docs/recording.md``.
"""

from __future__ import annotations

import json
import os
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Iterator, Sequence

import numpy as np

from .._ffi import VERSION, lib
from ..batch import RECORD_ACTIONS, RECORD_ALL, RECORD_GAME_ENDS, RECORD_GAME_STARTS, RECORD_TRADES, parse_mask
from ..errors import MeepleError, VersionMismatchError
from ..game import Game, State

__all__ = [
    "EVENT_VERSION", "EVLOG_VERSION", "RECORD_GAME_STARTS", "RECORD_GAME_ENDS", "RECORD_ACTIONS",
    "RECORD_TRADES", "RECORD_ALL", "EVENT_TYPES", "HEADER_FIELDS", "parse_mask", "EventLogWriter",
    "EventLog", "EventLogError", "RecordedGame", "ReplayError", "read_event_log", "replay",
]

EVENT_VERSION: int = lib.MEEPLE_EVENT_VERSION
"""Layout version of event rows (``MEEPLE_EVENT_VERSION``)."""
EVLOG_VERSION: int = 1
"""Layout version of event-log files (the magic, header and chunks below)."""

GAME_START, GAME_END, ACTION = lib.MEEPLE_EVENT_GAME_START, lib.MEEPLE_EVENT_GAME_END, lib.MEEPLE_EVENT_ACTION
EVENT_TYPES: dict[int, str] = {
    lib.MEEPLE_EVENT_GAME_START: "game_start", lib.MEEPLE_EVENT_GAME_END: "game_end",
    lib.MEEPLE_EVENT_ACTION: "action", lib.MEEPLE_EVENT_TRADE_OPEN: "trade_open",
    lib.MEEPLE_EVENT_TRADE_ACCEPT: "trade_accept", lib.MEEPLE_EVENT_TRADE_DECLINE: "trade_decline",
    lib.MEEPLE_EVENT_TRADE_CONFIRM: "trade_confirm", lib.MEEPLE_EVENT_TRADE_CANCEL: "trade_cancel",
}
"""Event type numbers (column ``type``) and their names."""
HEADER_FIELDS: tuple[str, ...] = ("type", "slot", "game", "tick", "step", "turn", "actor", "action",
                                  "arg0", "arg1", "arg2", "arg3")
"""The header columns every row starts with (``MEEPLE_EVENT_COL_*``)."""
assert len(HEADER_FIELDS) == lib.MEEPLE_EVENT_HEADER_INTS
_TYPE, _SLOT, _GAME, _TICK, _STEP, _TURN, _ACTOR, _ACTION, _ARG0, _ARG1, _ARG2 = range(11)
_HEADER = lib.MEEPLE_EVENT_HEADER_INTS
_FROM_SEED = lib.MEEPLE_EVENT_FROM_SEED

# ---- files ----
#
# magic b"MPLEVLOG", uint32 EVLOG_VERSION, uint32 header length, header JSON (UTF-8),
# uint32 CRC-32 of the header; then chunks: 4-byte tag, uint32 payload length, uint32
# CRC-32 of the payload, payload. Tags: ROWS (int32 rows, little-endian), LOST (uint64:
# rows the batch dropped so far), END  (the writer closed the file). Little-endian.

_MAGIC = b"MPLEVLOG"
_ROWS, _LOST, _END = b"ROWS", b"LOST", b"END "
_CHUNK = struct.Struct("<4sII")


class EventLogError(ValueError):
    """A damaged or foreign event-log file. ``partial`` holds what was read before
    the damage (an ``EventLog``, or None when the header itself is unreadable)."""

    def __init__(self, message: str, partial: "EventLog | None" = None) -> None:
        super().__init__(message)
        self.partial = partial


class EventLogWriter:
    """Appends event rows to a file: a header, then one checksummed chunk per
    ``write``, flushed at once, so a killed run leaves a file readable up to the cut.

    ``game``: the batch's game; ``agents``: a label per seat (spec strings); ``metadata``:
    any JSON-able run information. Use as a context manager, or call ``close``."""

    def __init__(self, path: str | os.PathLike[str], game: Game | str, *, agents: Sequence[str] | None = None,
                 metadata: dict[str, Any] | None = None, mask: int | str = RECORD_ALL) -> None:
        g = game if isinstance(game, Game) else Game(game)
        if agents is not None and len(agents) != g.num_players:
            raise ValueError(f"agents has {len(agents)} entries; {g.spec} has {g.num_players} seats")
        self.game = g
        self.path = Path(path)
        self._lost = 0
        header = {
            "format": "meeple-event-log", "version": EVLOG_VERSION, "library": VERSION,
            "event_version": EVENT_VERSION, "game": g.spec, "row_ints": g.event_row_ints,
            "columns": list(g.event_fields), "mask": parse_mask(mask),
            "agents": list(agents) if agents is not None else None, "metadata": metadata or {},
        }
        text = bytes(json.dumps(header, sort_keys=True), "utf-8")
        self._file: BinaryIO | None = open(self.path, "wb")
        self._file.write(_MAGIC + struct.pack("<II", EVLOG_VERSION, len(text)) + text
                         + struct.pack("<I", zlib.crc32(text)))
        self._file.flush()

    def _chunk(self, tag: bytes, payload: bytes) -> None:
        if self._file is None:
            raise ValueError(f"the event log {self.path} is closed")
        self._file.write(_CHUNK.pack(tag, len(payload), zlib.crc32(payload)) + payload)
        self._file.flush()

    def write(self, rows: np.ndarray) -> None:
        """Appends rows (int32[k, row_ints]) as one chunk; nothing for k == 0."""
        rows = np.asarray(rows)
        width = self.game.event_row_ints
        if rows.ndim != 2 or rows.shape[1] != width or rows.dtype.kind not in "iu":
            raise TypeError(f"rows must be an integer array of shape (k, {width}); got {rows.dtype} {rows.shape}")
        if len(rows):
            self._chunk(_ROWS, np.ascontiguousarray(rows, dtype="<i4").tobytes())

    def drain(self, batch: Any) -> int:
        """Drains every queued row of ``batch`` into the file (and notes rows the batch
        dropped since the last call); returns the rows written."""
        rows = batch.drain_events()
        self.write(rows)
        lost = batch.event_info()["overflow"]
        if lost != self._lost:
            self._lost = lost
            self._chunk(_LOST, struct.pack("<Q", lost))
        return len(rows)

    def close(self) -> None:
        """Marks the file complete and closes it (again: nothing)."""
        if self._file is not None:
            self._chunk(_END, b"")
            self._file.close()
            self._file = None

    def __enter__(self) -> "EventLogWriter":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


@dataclass
class RecordedGame:
    """One game of an event log: its start row, then its rows in order."""

    slot: int
    game: int                # the slot's game counter
    start: np.ndarray | None  # the start row (None when recording began without starts)
    rows: np.ndarray          # every row of the game, the start row first when present
    spec: str

    @property
    def seed(self) -> int | None:
        """The seed the game started from, or None when it came from a state."""
        if self.start is None or int(self.start[_ARG2]) != _FROM_SEED:
            return None
        return (int(self.start[_ARG0]) & 0xFFFFFFFF) | ((int(self.start[_ARG1]) & 0xFFFFFFFF) << 32)

    @property
    def actions(self) -> np.ndarray:
        """The rows of applied actions (actions and trade steps)."""
        rows: np.ndarray = self.rows[self.rows[:, _TYPE] >= ACTION]
        return rows

    @property
    def end(self) -> np.ndarray | None:
        ends = self.rows[self.rows[:, _TYPE] == GAME_END]
        return ends[0] if len(ends) else None

    @property
    def finished(self) -> bool:
        return self.end is not None

    def replayable_reason(self) -> str | None:
        """None when the log holds everything replay needs, else what is missing."""
        if self.seed is None:
            return "it has no start row with a seed (recording began without starts, or a state was put in the slot)"
        if int(self.start[_STEP]) != 0:  # type: ignore[index]
            return f"recording began at its move {int(self.start[_STEP])}"  # type: ignore[index]
        steps = self.actions[:, _STEP]
        if len(steps) and not np.array_equal(steps, np.arange(len(steps))):
            gap = int(np.flatnonzero(steps != np.arange(len(steps)))[0])
            return f"its rows skip moves (move {gap} is missing: actions were not recorded, or rows were dropped)"
        end = self.end
        if end is not None and int(end[_STEP]) != len(steps):
            return f"it ended after {int(end[_STEP])} moves but {len(steps)} action rows were recorded"
        return None

    def __repr__(self) -> str:
        state = "finished" if self.finished else "unfinished"
        return f"RecordedGame(slot={self.slot}, game={self.game}, seed={self.seed}, {len(self.actions)} actions, {state})"


@dataclass
class EventLog:
    """An event-log file as read: its header, rows, and how the reading ended."""

    path: Path
    header: dict[str, Any]
    rows: np.ndarray
    complete: bool                 # the writer closed the file (an END chunk)
    cut_at: int | None = None      # the byte where a cut file stops, else None
    lost: int = 0                  # rows the batch dropped (queue overflow)
    _games: list[RecordedGame] | None = field(default=None, repr=False)

    @property
    def spec(self) -> str:
        return str(self.header["game"])

    def games(self) -> list[RecordedGame]:
        """The recorded games, ordered by slot, then by game counter (a second start
        row under the same slot and counter, from recording started again on the same
        batch, begins another game)."""
        if self._games is None:
            groups: dict[tuple[int, int], list[list[int]]] = {}
            types = self.rows[:, _TYPE].tolist()
            for k, (slot, game) in enumerate(zip(self.rows[:, _SLOT].tolist(), self.rows[:, _GAME].tolist())):
                runs = groups.setdefault((slot, game), [[]])
                if types[k] == GAME_START and runs[-1]:
                    runs.append([])
                runs[-1].append(k)
            out = []
            for (slot, game), runs in sorted(groups.items()):
                for idx in runs:
                    rows = self.rows[idx]
                    start = rows[0] if rows[0, _TYPE] == GAME_START else None
                    out.append(RecordedGame(slot, game, start, rows, self.spec))
            self._games = out
        return self._games

    def find(self, slot: int, game: int) -> RecordedGame:
        for g in self.games():
            if g.slot == slot and g.game == game:
                return g
        raise KeyError(f"{self.path} has no game {game} of slot {slot}")


def read_event_log(path: str | os.PathLike[str], *, force: bool = False) -> EventLog:
    """Reads an event-log file. A file cut short (a killed run) reads up to the last
    whole chunk, with ``cut_at`` set. Raises ``EventLogError`` naming the file and the
    byte for a foreign or damaged file (``partial``: the rows before the damage), and
    ``VersionMismatchError`` for a file of another library or row version unless
    ``force``."""
    p = Path(path)
    data = p.read_bytes()
    if len(data) < len(_MAGIC) + 8:
        if not _MAGIC.startswith(data[: len(_MAGIC)]):
            raise EventLogError(f"{p} is not a meeple event log (it does not start with {_MAGIC!r})")
        raise EventLogError(f"{p} is cut inside its header at byte {len(data)}: no rows to read")
    if data[: len(_MAGIC)] != _MAGIC:
        raise EventLogError(f"{p} is not a meeple event log (it does not start with {_MAGIC!r})")
    version, size = struct.unpack_from("<II", data, len(_MAGIC))
    if version != EVLOG_VERSION:
        raise EventLogError(f"{p} is an event log of file version {version}; this library reads version "
                            f"{EVLOG_VERSION}")
    at = len(_MAGIC) + 8
    if len(data) < at + size + 4:
        raise EventLogError(f"{p} is cut inside its header at byte {len(data)}: no rows to read")
    text = data[at: at + size]
    (crc,) = struct.unpack_from("<I", data, at + size)
    if zlib.crc32(text) != crc:
        raise EventLogError(f"{p}: the header (bytes {at}..{at + size}) fails its checksum")
    try:
        header = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise EventLogError(f"{p}: the header (bytes {at}..{at + size}) is not JSON: {e}") from None
    if not isinstance(header, dict):
        raise EventLogError(f"{p}: the header (bytes {at}..{at + size}) is a JSON {type(header).__name__}, "
                            "not an object")
    if not force and header.get("library") != VERSION:
        raise VersionMismatchError(f"{p} was written by meeple {header.get('library')}, this is meeple "
                                   f"{VERSION}; its games may not replay the same (force=True or "
                                   f"--force reads it anyway)")
    if not force and header.get("event_version") != EVENT_VERSION:
        raise VersionMismatchError(f"{p} holds event rows of version {header.get('event_version')}; this library "
                                   f"writes version {EVENT_VERSION} (force=True or --force reads it anyway)")
    width = _check_header(p, header, at, size, force)["row_ints"]
    at += size + 4
    chunks: list[bytes] = []
    lost, complete, cut_at = 0, False, None
    damage = None
    while at < len(data):
        if len(data) - at < _CHUNK.size:
            cut_at = at
            break
        tag, length, crc = _CHUNK.unpack_from(data, at)
        body = at + _CHUNK.size
        if tag not in (_ROWS, _LOST, _END):
            damage = f"{p}: unknown chunk {tag!r} at byte {at} (the file is damaged there)"
            break
        if len(data) - body < length:
            if _goes_on(data, body):  # a whole chunk follows: the length is damaged, the file is not cut
                damage = (f"{p}: the chunk at byte {at} says {length:,} bytes, past the end of the file, but "
                          "whole chunks follow it (the file is damaged there)")
            else:
                cut_at = at
            break
        payload = data[body: body + length]
        if zlib.crc32(payload) != crc:
            damage = f"{p}: the chunk at byte {at} fails its checksum (the file is damaged there)"
            break
        if tag == _ROWS:
            if length % (4 * width):
                damage = f"{p}: the chunk at byte {at} holds {length} bytes, not whole rows of {width} ints"
                break
            chunks.append(payload)
        elif tag == _LOST:
            (lost,) = struct.unpack("<Q", payload)
        else:
            complete = True
        at = body + length
    rows = np.frombuffer(b"".join(chunks), dtype="<i4").astype(np.int32).reshape(-1, width)
    log = EventLog(p, header, rows, complete, cut_at, lost)
    if damage:
        raise EventLogError(damage, log)
    return log


_MAX_ROW_INTS = 4096  # wider than any game's rows; a header asking more is damaged


def _check_header(p: Path, header: Any, at: int, size: int, force: bool) -> dict[str, Any]:
    """The header's fields the reader relies on, each checked: a checksum proves only that
    the bytes are as written, not that a meeple writer wrote them."""
    where = f"{p}: the header (bytes {at}..{at + size})"
    if not isinstance(header, dict):
        raise EventLogError(f"{where} is a JSON {type(header).__name__}, not an object")
    spec = header.get("game")
    if not isinstance(spec, str) or not spec or "\0" in spec or len(spec) > 4096:
        raise EventLogError(f"{where}: 'game' must be a game spec string, got {_short(spec)}")
    try:
        game = Game(spec)
    except (MeepleError, ValueError) as e:
        raise EventLogError(f"{where}: 'game' {_short(spec)} is not a game this library has ({e})") from None
    width = header.get("row_ints")
    if not isinstance(width, int) or isinstance(width, bool) or not _HEADER <= width <= _MAX_ROW_INTS:
        raise EventLogError(f"{where}: 'row_ints' must be a whole number from {_HEADER} to {_MAX_ROW_INTS:,}, "
                            f"got {_short(width)}")
    if width != game.event_row_ints and not force:
        raise EventLogError(f"{where}: 'row_ints' is {width} but rows of {game.spec} have {game.event_row_ints} "
                            "ints")
    agents = header.get("agents")
    if agents is not None and (not isinstance(agents, list) or len(agents) != game.num_players
                               or not all(isinstance(a, str) for a in agents)):
        raise EventLogError(f"{where}: 'agents' must be null or {game.num_players} spec strings (one a seat of "
                            f"{game.spec}), got {_short(agents)}")
    metadata = header.get("metadata")
    if metadata is not None and not isinstance(metadata, dict):
        raise EventLogError(f"{where}: 'metadata' must be an object, got {_short(metadata)}")
    return header


def _short(value: Any) -> str:
    text = repr(value) if not (isinstance(value, int) and abs(value).bit_length() > 200) else "a huge number"
    return text if len(text) <= 80 else text[:77] + "..."


def _goes_on(data: bytes, start: int) -> bool:
    """Whether a whole chunk (a known tag, a payload that fits and passes its checksum)
    starts anywhere at or after ``start``: a writer cut while writing leaves none."""
    for tag in (_ROWS, _LOST, _END):
        at = data.find(tag, start)
        while at >= 0:
            if len(data) - at >= _CHUNK.size:
                _, length, crc = _CHUNK.unpack_from(data, at)
                body = at + _CHUNK.size
                if len(data) - body >= length and zlib.crc32(data[body: body + length]) == crc:
                    return True
            at = data.find(tag, at + 1)
    return False


# ---- replay ----

class ReplayError(ValueError):
    """The engine did not do what the log says: raised at the first difference."""


_COMPARED = [c for c in range(_HEADER) if c not in (_SLOT, _GAME, _TICK)]


def _describe_row(columns: Sequence[str], row: np.ndarray) -> str:
    return ", ".join(f"{name}={int(v)}" for name, v in zip(columns, row))


def replay_steps(recorded: RecordedGame, game: Game | str | None = None) -> Iterator[tuple[np.ndarray, State]]:
    """Re-steps ``recorded`` from its seed in a one-slot batch with the same recording
    and yields (row, state after) for each action, after checking the engine's row
    against the log's (every column but slot, game and tick). Raises ``ReplayError``
    at the first difference, and ``ValueError`` for a game the log cannot replay."""
    from ..batch import Batch
    reason = recorded.replayable_reason()
    if reason:
        raise ValueError(f"game {recorded.game} of slot {recorded.slot} cannot be replayed: {reason}")
    g = Game(recorded.spec) if game is None else (game if isinstance(game, Game) else Game(game))
    columns = g.event_fields
    batch = Batch.seeded(g, np.array([recorded.seed], dtype=np.uint64), threads=1)
    batch.record_events("all", capacity=16)
    where = f"game {recorded.game} of slot {recorded.slot} (seed {recorded.seed})"

    def compare(got: np.ndarray, want: np.ndarray) -> None:
        cols = _COMPARED + list(range(_HEADER, len(columns)))
        diff = [c for c in cols if int(got[c]) != int(want[c])]
        if diff:
            c = diff[0]
            raise ReplayError(f"{where}, move {int(want[_STEP])}: column {columns[c]} is {int(got[c])} in the "
                              f"replay but {int(want[c])} in the log\n  log:    {_describe_row(columns, want)}\n"
                              f"  replay: {_describe_row(columns, got)}")

    compare(batch.drain_events()[0], recorded.start)  # type: ignore[arg-type]
    actions = np.empty(1, dtype=np.int32)
    last = len(recorded.rows) - 1
    for k, row in enumerate(recorded.rows):
        if k == 0:
            continue
        kind = int(row[_TYPE])
        if kind == GAME_END:
            continue
        if kind == GAME_START:
            raise ReplayError(f"{where}: a second start row at move {int(row[_STEP])}")
        state = batch.state(0)
        if state.is_terminal:
            raise ReplayError(f"{where}: the game is over in the replay after {state.move_number} moves, but the "
                              f"log goes on with {_describe_row(columns, row)}")
        actor = state.current_player
        if actor != int(row[_ACTOR]):
            raise ReplayError(f"{where}, move {int(row[_STEP])}: seat {actor} acts in the replay but the log has "
                              f"seat {int(row[_ACTOR])} ({_describe_row(columns, row)})")
        actions[0] = int(row[_ACTION])
        before = int(batch.illegal_counts[0])
        batch.step(actions)
        if int(batch.illegal_counts[0]) != before:
            raise ReplayError(f"{where}, move {int(row[_STEP])}: action {int(row[_ACTION])} "
                              f"({g.action_name(int(row[_ACTION]))}) is not legal in the replay")
        got = batch.drain_events()
        compare(got[0], row)
        end = recorded.end
        if len(got) > 1 and end is not None:
            compare(got[1], end)
        elif len(got) > 1 and end is None and k != last:
            raise ReplayError(f"{where}: the game ends in the replay at move {int(row[_STEP]) + 1}, "
                              f"but the log goes on")
        yield row, batch.state(0)
    end = recorded.end
    if end is not None and not batch.state(0).is_terminal:
        raise ReplayError(f"{where}: the log ends the game after {int(end[_STEP])} moves, but it goes on in the "
                          f"replay")


def replay(recorded: RecordedGame, game: Game | str | None = None) -> State:
    """Re-steps ``recorded`` from its seed, checking every row against the engine;
    returns the final state. Raises ``ReplayError`` at the first difference."""
    from ..batch import Batch
    state = None
    for _, state in replay_steps(recorded, game):
        pass
    if state is None:
        return Batch.seeded(Game(recorded.spec) if game is None else game, np.array([recorded.seed], dtype=np.uint64),
                            threads=1).state(0)
    return state
