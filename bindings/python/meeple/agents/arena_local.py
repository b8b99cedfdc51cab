"""The arena's games played here: every agent a spec runs the whole slice in C++ threads
(``meeple_tournament_run``); a Python agent makes it run one game after another in
Python with the same seeds (see ``meeple.arena``)."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from .. import _long_call
from .._ffi import c_string, check, ffi, fetch_string, lib
from ..errors import MeepleError
from ..game import CHANCE, Game
from .agent import Agent, derive_seed, make_agent
from .scoring import AgentResult, Games, SprtResult, TournamentResult, _plan, _progress_bar, _Row, _Sprt, _summarize

__all__ = ["play"]

_AGENT_SEED_KEY = 0x6167656E74736565
_CHANCE_SEED_KEY = 0x6368616E63657365
_DEFAULT_MAX_MOVES = 1_000_000


def play(game: Game, lineup: list[Any], games: int, *, seed: int, threads: int, duplicate: bool, max_moves: int,
         test: Optional[tuple[float, float, float, float]], keep_moves: bool, progress: bool, first_game: int,
         backend: str) -> TournamentResult:
    """Games ``[first_game, first_game + games)`` of the run on this machine, arguments
    already checked by ``meeple.arena.tournament``; ``backend`` is "library" or "python"."""
    if backend == "library":
        return _run_library(game, lineup, games, seed, threads, duplicate, max_moves, test, keep_moves, progress,
                            first_game)
    return _run_python(game, lineup, games, seed, duplicate, max_moves, test, keep_moves, progress, first_game)


def _run_library(game: Game, lineup: list[str], games: int, seed: int, threads: int, duplicate: bool,
                 max_moves: int, test: Optional[tuple[float, float, float, float]], keep_moves: bool,
                 progress: bool, first_game: int = 0) -> TournamentResult:
    specs = [ffi.new("char[]", c_string(s, "an agent spec")) for s in lineup]
    c_specs = ffi.new("const char *[]", specs)
    cfg = ffi.new("meeple_tournament_config_t *")
    cfg.struct_size = ffi.sizeof("meeple_tournament_config_t")
    cfg.threads, cfg.games, cfg.seed, cfg.max_moves = threads, games, seed, max_moves
    cfg.duplicate, cfg.keep_moves = int(duplicate), int(keep_moves)
    cfg.first_game = first_game
    if test is not None:
        cfg.sprt = 1
        cfg.sprt_elo0, cfg.sprt_elo1, cfg.sprt_alpha, cfg.sprt_beta = test
    out = ffi.new("meeple_tournament_t **")
    _long_call.run(lambda control: lib.meeple_tournament_run(game._ptr, c_specs, len(lineup), cfg, control, out),
                   progress=progress, desc="arena", unit="game")
    t = ffi.gc(out[0], lib.meeple_tournament_free)
    info = ffi.new("meeple_tournament_info_t *")
    info.struct_size = ffi.sizeof("meeple_tournament_info_t")
    check(lib.meeple_tournament_info(t, info))
    k, n, g = info.num_agents, info.num_players, int(info.games)
    agents = []
    rec = ffi.new("meeple_tournament_agent_t *")
    rec.struct_size = ffi.sizeof("meeple_tournament_agent_t")
    for i in range(k):
        check(lib.meeple_tournament_agent(t, i, rec))
        def agent_spec(o: Any, c: int, m: Any, i: int = i) -> int:
            return int(lib.meeple_tournament_agent_spec(t, i, o, c, m))
        spec = fetch_string(agent_spec)
        agents.append(AgentResult(spec, int(rec.games), int(rec.seats), int(rec.wins), int(rec.draws),
                                  int(rec.losses), int(rec.truncations), int(rec.illegal), float(rec.score),
                                  float(rec.win_rate), (float(rec.win_low), float(rec.win_high)), float(rec.elo),
                                  1.96 * float(rec.elo_stderr)))
    seeds = np.zeros(g, np.uint64)
    rotations = np.zeros(g, np.int32)
    seats = np.zeros((g, n), np.int32)
    returns = np.zeros((g, n), np.float64)
    moves = np.zeros(g, np.uint64)
    flags = np.zeros(g, np.int32)
    illegal = np.zeros(g, np.int32)
    count = ffi.new("size_t *")

    def buf(kind: str, a: np.ndarray) -> Any:
        return ffi.from_buffer(kind, a, require_writable=True)

    check(lib.meeple_tournament_games(t, buf("uint64_t[]", seeds), buf("int32_t[]", rotations),
                                      buf("int32_t[]", seats), buf("double[]", returns), buf("uint64_t[]", moves),
                                      buf("int32_t[]", flags), buf("int32_t[]", illegal), g, count))
    move_lists = []
    if keep_moves:
        for i in range(g):
            m = np.zeros((int(moves[i]), 2), np.int32)
            players = np.zeros(int(moves[i]), np.int32)
            actions = np.zeros(int(moves[i]), np.int32)
            check(lib.meeple_tournament_game_moves(t, i, buf("int32_t[]", players), buf("int32_t[]", actions),
                                                   len(actions), count))
            m[:, 0], m[:, 1] = players, actions
            move_lists.append(m)
    errors = tuple("an agent returned an illegal action" if s >= 0 else None for s in illegal)
    table = Games(seeds, rotations, seats, returns, moves, (flags & 1).astype(bool), illegal, errors)
    result_sprt = None
    if test is not None:
        decision = {1: "H1", -1: "H0"}.get(int(info.sprt_decision))
        result_sprt = SprtResult(*test, decision, float(info.sprt_llr), float(info.sprt_lower),
                                 float(info.sprt_upper), float(info.sprt_wins), float(info.sprt_draws),
                                 float(info.sprt_losses))
    return TournamentResult(game.spec, tuple(agents), table, result_sprt, tuple(move_lists))



def _run_python(game: Game, lineup: list[Any], games: int, seed: int, duplicate: bool, max_moves: int,
                test: Optional[tuple[float, float, float, float]], keep_moves: bool,
                progress: bool, first_game: int = 0) -> TournamentResult:
    n = game.num_players
    plan = _plan(game, lineup, test)
    lineup, slot_agent, names = plan.lineup, plan.slot_agent, plan.names
    cap = max_moves or _DEFAULT_MAX_MOVES
    rows: list[_Row] = []
    move_lists: list[np.ndarray] = []
    sprt = _Sprt(test) if test is not None else None
    bar = _progress_bar(games, progress)
    try:
        for g in range(first_game, first_game + games):
            rotation = g % n
            game_seed = derive_seed(seed, g // n if duplicate else g)
            base = derive_seed(seed ^ _AGENT_SEED_KEY, g)
            seats = [slot_agent[(s + rotation) % n] for s in range(n)]
            players: list[Any] = []
            for s in range(n):
                a = lineup[(s + rotation) % n]
                if isinstance(a, str):
                    players.append(make_agent(a, game, derive_seed(base, s)))
                else:
                    if callable(getattr(a, "reset", None)):
                        a.reset(derive_seed(base, s))
                    players.append(a)
            state = game.new_state(game_seed)
            chance = np.random.default_rng(derive_seed(game_seed, _CHANCE_SEED_KEY))
            played: list[tuple[int, int]] = []
            truncated, illegal_seat, error = False, -1, None
            returns = np.zeros(n)
            while not state.is_terminal:
                if len(played) >= cap:
                    truncated = True
                    break
                p = state.active_players[0]
                if p == CHANCE:
                    outcomes = state.chance_outcomes()
                    probs = np.array([q for _, q in outcomes])
                    action = outcomes[int(chance.choice(len(outcomes), p=probs / probs.sum()))][0]
                else:
                    agent = players[p]
                    action = agent.act(state, p) if isinstance(agent, Agent) else agent.act(state.clone())
                    legal = isinstance(action, (int, np.integer)) and not isinstance(action, bool)
                    if legal:
                        try:
                            legal = state.is_legal(int(action), p)
                        except MeepleError:
                            legal = False
                    if not legal:
                        illegal_seat = p
                        error = (f"agent {names[seats[p]]} at seat {p} chose action {action!r}, "
                                 "which is not legal there")
                        returns[p] = -1.0
                        break
                state.apply(int(action), p)
                played.append((p, int(action)))
            if illegal_seat < 0:
                truncated = truncated or state.truncated
                returns = np.zeros(n) if truncated else state.returns
            rows.append((game_seed, rotation, seats, returns, len(played), truncated, illegal_seat, error))
            move_lists.append(np.array(played, np.int32).reshape(-1, 2) if keep_moves else np.zeros((0, 2), np.int32))
            if bar is not None:
                bar.update(1)
            if sprt is not None and sprt.add(seats, returns, truncated):
                break
    finally:
        if bar is not None:
            bar.close()
    return _summarize(game.spec, names, n, rows, move_lists, sprt)
