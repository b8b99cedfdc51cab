"""The arena on Ray: ``meeple.arena.tournament(..., ray=True)`` and ``meeple arena --ray``.

The games are cut into contiguous slices; each slice is one Ray task that plays its
games with ``first_game`` (so exactly as the whole run plays them) and returns their
rows. The driver takes the slices back in game order, replays the SPRT game by game
(a game after the one where it decides is dropped, and slices not yet started are
never started) and computes the records and the Elo fit from the rows as the library
does for a whole run: the result equals the local run's at any number of tasks.
"""

from __future__ import annotations

import importlib.util
import socket
from typing import Any, Optional, Union

import numpy as np

from .. import _ray_stop
from ..game import Game
from . import arena_local
from .scoring import TournamentResult, _plan, _progress_bar, _rows_of, _Sprt, _summarize


__all__ = ["run", "connect"]

# Slices a task: more slices than tasks make the progress bar move and let a run the
# SPRT stops early skip the slices after the stop.
_SLICES_PER_TASK = 4


def connect(ray: Union[bool, str]) -> Any:
    """Imports Ray and joins a cluster: the one this process already joined, a new
    local one (``ray=True``), or the one at the address (``"auto"``, ``"HOST:PORT"``,
    ``"ray://HOST:PORT"``). Raises ValueError, in one line, for a missing Ray, a
    malformed address or a cluster that cannot be reached."""
    if importlib.util.find_spec("ray") is None:
        raise ValueError('ray=True (--ray) needs Ray: pip install "meeple[ray]"')
    address: Optional[str] = None
    if isinstance(ray, str):
        address = ray.strip()
        _check_address(address)
    elif ray is not True:
        raise ValueError(f"ray must be True or a cluster address such as 'auto' or 'HOST:PORT', got {ray!r}")
    import ray as ray_module

    if not ray_module.is_initialized():
        try:
            ray_module.init(address=address, include_dashboard=False, log_to_driver=False)
        except ConnectionError as e:
            first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            raise ValueError(f"cannot join the Ray cluster at {address!r} ({first}); start one with "
                             "'ray start --head' or give the address of a running one") from None
    return ray_module


def _check_address(address: str) -> None:
    """Refuses an address Ray would only time out on (minutes): one that is not
    ``auto``, ``HOST:PORT`` or ``ray://HOST:PORT``, or whose port takes no connection."""
    if address == "auto":
        return
    hostport = address[len("ray://"):] if address.startswith("ray://") else address
    host, sep, port = hostport.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"bad Ray address {address!r}; give auto, HOST:PORT or ray://HOST:PORT "
                         "(e.g. 127.0.0.1:6379)")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=5):
            pass
    except OSError as e:
        raise ValueError(f"cannot reach the Ray cluster at {address!r} ({e.strerror or e}); start one with "
                         "'ray start --head' or give the address of a running one") from None


def _play_slice(spec: str, lineup: list[Any], first: int, count: int, seed: int, threads: int, duplicate: bool,
                max_moves: int, keep_moves: bool, backend: str, flag: Any) -> Any:
    """One slice in a Ray task: games [first, first + count) of the run, no SPRT (the
    driver replays it over the whole run); None if the run stopped first."""
    return _ray_stop.run_until_stopped(flag, lambda: arena_local.play(
        Game(spec), lineup, count, seed=seed, threads=threads, duplicate=duplicate, max_moves=max_moves, test=None,
        keep_moves=keep_moves, progress=False, first_game=first, backend=backend))


def run(game: Game, lineup: list[Any], games: int, *, seed: int, threads: int, duplicate: bool, max_moves: int,
        test: Optional[tuple[float, float, float, float]], keep_moves: bool, progress: bool, backend: str,
        first_game: int, ray: Union[bool, str], tasks: int) -> TournamentResult:
    if not isinstance(tasks, int) or isinstance(tasks, bool) or not 0 <= tasks <= 100_000:
        raise ValueError(f"ray_tasks must be 0 (one per CPU of the cluster) to 100000, got {tasks!r}")
    plan = _plan(game, lineup, test)  # bad specs are refused here, before Ray starts
    ray_module = connect(ray)
    cpus = max(1, int(ray_module.cluster_resources().get("CPU", 1)))
    tasks = min(tasks or cpus, games)
    share = max(1, (threads or cpus) // tasks)  # each task's threads
    widest = max((int(node.get("Resources", {}).get("CPU", 0)) for node in ray_module.nodes()
                  if node.get("Alive")), default=1)
    remote = ray_module.remote(_play_slice).options(num_cpus=max(1, min(share, widest)))
    size = max(1, -(-games // (tasks * _SLICES_PER_TASK)))
    slices = [(first_game + i, min(size, games - i)) for i in range(0, games, size)]

    rows: list[Any] = []
    moves: list[np.ndarray] = []
    sprt = _Sprt(test) if test is not None else None
    done: dict[int, Any] = {}   # slice index -> its result, until merged
    pending: dict[Any, int] = {}  # task -> slice index
    submitted = merged = 0
    decided = False
    bar = _progress_bar(games, progress)
    flag = _ray_stop.new_flag(ray_module)
    try:
        while not decided and merged < len(slices):
            while submitted < len(slices) and len(pending) < tasks:
                first, count = slices[submitted]
                pending[remote.remote(game.spec, plan.lineup, first, count, seed, share, duplicate, max_moves,
                                      keep_moves, backend, flag)] = submitted
                submitted += 1
            ready, _ = ray_module.wait(list(pending), num_returns=1)
            index = pending.pop(ready[0])
            try:
                done[index] = ray_module.get(ready[0])
            except ray_module.exceptions.RayTaskError as e:
                cause = getattr(e, "cause", None)
                raise (cause if isinstance(cause, BaseException) else e) from None
            if done[index] is _ray_stop.STOPPED:
                raise RuntimeError("a Ray task of the tournament stopped before its games were played "
                                   "(its run's stop actor ended); run the tournament again")
            if bar is not None:
                bar.update(slices[index][1])
            while merged in done and not decided:  # merge in game order
                part = done.pop(merged)
                merged += 1
                for i, row in enumerate(_rows_of(part.games)):
                    rows.append(row)
                    if part.moves:  # as the backend gives them: none from the library without keep_moves
                        moves.append(part.moves[i])
                    if sprt is not None and sprt.add(row[2], row[3], row[5]):
                        decided = True
                        break
    finally:
        if pending:  # Ctrl-C, an error or the SPRT's stop: the rest is not needed
            _ray_stop.stop(flag)
        if bar is not None:
            bar.close()
    return _summarize(game.spec, plan.names, game.num_players, rows, moves, sprt)
