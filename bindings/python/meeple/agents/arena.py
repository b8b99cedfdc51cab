"""The arena: whole games between agents, with win rates, Elo and an SPRT.

::

    import meeple
    result = meeple.arena.tournament("catan", ["heuristic", "random"], games=400, threads=0)
    for a in result.agents:
        print(a.spec, a.win_rate, a.win_interval, a.elo, a.elo_interval)

Seats. ``agents`` gives one agent a seat; with fewer than the game's seats the last one
fills the rest (``["heuristic", "random"]`` in 4-seat catan is one heuristic against
three random players). Game g rotates the lineup by ``g % seats``, and with
``duplicate=True`` (the default) plays each setup once per rotation, so a board's luck
falls on every agent alike.

Where it runs. With spec strings only, the whole tournament runs in C++ threads
(``meeple_tournament_run``): results are the same at every thread count. An agent
written in Python (any object with ``act(state) -> action``, and optionally
``reset(seed)``) makes the tournament run here, one game after another, with the same
seeds: built-in agents then play exactly the games the library would play (explicit
chance outcomes are drawn differently). The spec strings of Python agents
(``greedy-net``, ``mcts-net``: :func:`meeple.agents.make_agent`) run there too. An
agent that returns an illegal action loses that game (return -1, the others 0) with the
reason in ``games.errors``.

Slices and Ray. ``first_game=k`` plays games k to k + games - 1 of the run, each as the
whole run plays it; ``ray=True`` (or a cluster address) plays such slices as Ray tasks
and merges them in game order, the SPRT replayed game by game, so the result is the
local run's to the bit.

Statistics (docs/agents.md): ``result.scores()`` measures each agent as fits the game
(big blinds per 100 hands for holdem, the mean score for one-seat games, the win rate
for the others, each with a 95% interval); win rates with 95% Wilson intervals; Elo by maximum
likelihood over every pair of seats of different agents in every game (a truncated
game counts as a draw between them), mean 0, +-1.96 standard errors; and with
``sprt=(elo0, elo1, alpha, beta)`` Wald's sequential probability ratio test of the
first two distinct agents, which stops the tournament at the first game where it
decides.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, Union

from ..game import Game
from . import arena_local
from .agent import is_python_spec
from .scoring import (AgentResult, Games, Score, SprtResult, TournamentResult, _check_sprt, elo_fit, measure_of, scores,
                      split_specs)

__all__ = ["tournament", "TournamentResult", "AgentResult", "SprtResult", "Games", "Score", "elo_fit", "measure_of",
           "scores", "split_specs"]


def tournament(game: Union[Game, str], agents: Sequence[Union[str, Any]], games: int = 100, *, seed: int = 0,
               threads: int = 1, duplicate: bool = True, max_moves: int = 0,
               sprt: Optional[Sequence[float]] = None, keep_moves: bool = True, progress: bool = False,
               backend: str = "auto", first_game: int = 0, ray: Union[bool, str] = False,
               ray_tasks: int = 0) -> TournamentResult:
    """Plays ``games`` games between ``agents`` (spec strings or Python agents) and
    returns every agent's record, Elo, the games and the SPRT (see the module's
    docstring). ``threads``: 0 one per core (C++ backend only). ``progress``: a tqdm
    bar when tqdm is installed. ``backend``: ``"auto"`` (C++ when every agent is a
    spec), ``"library"`` or ``"python"``. ``first_game``: play games
    ``[first_game, first_game + games)`` of the run, each exactly as the whole run plays
    it (a slice; its records and SPRT cover its own games). ``ray=True`` (a local Ray
    cluster, or the one this process joined) or an address (``"auto"``,
    ``"HOST:PORT"``, ``"ray://HOST:PORT"``) plays contiguous slices of the games as Ray
    tasks, at most ``ray_tasks`` at once (0: one per CPU of the cluster), each with its
    share of ``threads`` (0: of the cluster's CPUs); the result is the local run's, to
    the bit, the SPRT's stop included. Ctrl-C cancels (the Ray tasks too) and raises
    KeyboardInterrupt."""
    game = game if isinstance(game, Game) else Game(game)
    lineup = list(agents) if not isinstance(agents, str) else [agents]
    if not lineup:
        raise ValueError("agents is empty; give at least one agent spec or object")
    for a in lineup:
        if not isinstance(a, str) and not callable(getattr(a, "act", None)):
            raise TypeError(f"an agent must be a spec string or an object with act(state), not {type(a).__name__}")
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive integer, got {games!r}")
    if not isinstance(threads, int) or not 0 <= threads <= 256:
        raise ValueError(f"threads must be 0 (one per core) to 256, got {threads!r}")
    if not isinstance(max_moves, int) or max_moves < 0:
        raise ValueError(f"max_moves must be a non-negative integer, got {max_moves!r}")
    if not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an integer in [0, 2**64), got {seed!r}")
    if not isinstance(first_game, int) or first_game < 0 or first_game + games > 2**64 - 1:
        raise ValueError(f"first_game must be a non-negative integer with first_game + games at most 2**64 - 1, "
                         f"got {first_game!r}")
    test = _check_sprt(sprt)
    if backend not in ("auto", "library", "python"):
        raise ValueError(f"backend must be 'auto', 'library' or 'python', got {backend!r}")
    all_specs = all(isinstance(a, str) and not is_python_spec(a) for a in lineup)
    if backend == "library" and not all_specs:
        raise ValueError("backend='library' needs spec strings of built-in agents only; Python agents (objects, "
                         "greedy-net, mcts-net) run with backend='python' or 'auto'")
    backend = "library" if all_specs and backend != "python" else "python"
    if ray is not False and ray is not None:
        from . import arena_ray

        return arena_ray.run(game, lineup, games, seed=seed, threads=threads, duplicate=duplicate,
                              max_moves=max_moves, test=test, keep_moves=keep_moves, progress=progress,
                              backend=backend, first_game=first_game, ray=ray, tasks=ray_tasks)
    return arena_local.play(game, lineup, games, seed=seed, threads=threads, duplicate=duplicate, max_moves=max_moves,
                            test=test, keep_moves=keep_moves, progress=progress, first_game=first_game,
                            backend=backend)


