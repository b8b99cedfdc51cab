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

Statistics (docs/agents.md): win rates with 95% Wilson intervals; Elo by maximum
likelihood over every pair of seats of different agents in every game (a truncated
game counts as a draw between them), mean 0, +-1.96 standard errors; and with
``sprt=(elo0, elo1, alpha, beta)`` Wald's sequential probability ratio test of the
first two distinct agents, which stops the tournament at the first game where it
decides.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple, Optional, Sequence, Union

import numpy as np

from . import _long_call
from ._ffi import c_string, check, ffi, fetch_string, lib
from .agents import Agent, derive_seed, is_python_spec, make_agent
from .errors import InvalidArgumentError, MeepleError
from .game import CHANCE, Game, State

__all__ = ["tournament", "TournamentResult", "AgentResult", "SprtResult", "Games", "elo_fit", "split_specs"]

_AGENT_SEED_KEY = 0x6167656E74736565
_CHANCE_SEED_KEY = 0x6368616E63657365
_DEFAULT_MAX_MOVES = 1_000_000


class AgentResult(NamedTuple):
    """One distinct agent's record over its seats."""

    spec: str
    games: int          # games it took part in
    seats: int          # seat-games (more than games when it fills several seats)
    wins: int
    draws: int
    losses: int
    truncations: int
    illegal: int        # games it lost by an illegal action
    score: float        # the sum of its seats' returns
    win_rate: float     # wins / seats
    win_interval: tuple[float, float]  # 95% Wilson interval
    elo: float          # mean 0; +-inf when it won or lost every comparison
    elo_interval: float  # 95% half-width: 1.96 standard errors (nan when undefined)


class SprtResult(NamedTuple):
    """Wald's SPRT of agent 0 (A) against agent 1 (B) on A's pairwise score."""

    elo0: float
    elo1: float
    alpha: float
    beta: float
    decision: Optional[str]  # "H1" (A is elo1 stronger), "H0" (elo0), None: undecided
    llr: float
    lower: float
    upper: float
    wins: float
    draws: float
    losses: float


class Games(NamedTuple):
    """Every game played, one row each, in game order."""

    seeds: np.ndarray          # uint64[g]: a state made with this seed starts the game
    rotations: np.ndarray      # int32[g]
    agent_of_seat: np.ndarray  # int32[g, seats]: index into TournamentResult.agents
    returns: np.ndarray        # float64[g, seats]
    moves: np.ndarray          # uint64[g]
    truncated: np.ndarray      # bool[g]
    illegal_seat: np.ndarray   # int32[g], -1: none
    errors: tuple[Optional[str], ...]  # why a game ended by an illegal action


class TournamentResult(NamedTuple):
    game: str
    agents: tuple[AgentResult, ...]
    games: Games
    sprt: Optional[SprtResult]
    moves: tuple[np.ndarray, ...]  # int32[m, 2] (player, action) a game; empty without keep_moves

    def replay(self, index: int) -> State:
        """Game ``index`` replayed from its seed and moves, to its last position."""
        state = Game(self.game).new_state(int(self.games.seeds[index]))
        for player, action in self.moves[index]:
            state.apply(int(action), int(player))
        return state


def split_specs(text: str) -> list[str]:
    """Splits ``"mcts(iterations=100,seed=1),random"`` at the commas outside parentheses."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            out.append(text[start:i].strip())
            start = i + 1
    out.append(text[start:].strip())
    return [s for s in out if s]


def elo_fit(games: np.ndarray, score: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Elo ratings and standard errors by maximum likelihood from pairwise results:
    ``games[i, j]`` comparisons of i with j (symmetric), ``score[i, j]`` the points i took
    (a win 1, a draw 1/2). Mean 0 over the finite ratings; +-inf for an agent that won or
    lost every comparison; nan standard errors where undefined."""
    g = np.ascontiguousarray(games, dtype=np.float64)
    s = np.ascontiguousarray(score, dtype=np.float64)
    if g.ndim != 2 or g.shape[0] != g.shape[1] or s.shape != g.shape:
        raise ValueError(f"games and score must be square matrices of one shape, got {g.shape} and {s.shape}")
    k = g.shape[0]
    elo = np.zeros(k)
    se = np.zeros(k)
    check(lib.meeple_elo_fit(k, ffi.from_buffer("double[]", g), ffi.from_buffer("double[]", s),
                             ffi.from_buffer("double[]", elo, require_writable=True),
                             ffi.from_buffer("double[]", se, require_writable=True)))
    return elo, se


def _wilson(successes: float, n: float, z: float = 1.96) -> tuple[float, float]:
    if n <= 0:
        return (0.0, 1.0)
    p, z2 = successes / n, z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _expected(elo: float) -> float:
    return float(1.0 / (1.0 + 10.0 ** (-elo / 400.0)))


def _check_sprt(sprt: Any) -> Optional[tuple[float, float, float, float]]:
    if sprt is None:
        return None
    try:
        elo0, elo1, alpha, beta = (float(x) for x in sprt)
    except (TypeError, ValueError):
        raise ValueError(f"sprt must be (elo0, elo1, alpha, beta), got {sprt!r}") from None
    if not (math.isfinite(elo0) and math.isfinite(elo1) and elo0 < elo1):
        raise ValueError(f"sprt: elo0 must be below elo1 (both finite), got elo0={elo0}, elo1={elo1}")
    for name, v in (("alpha", alpha), ("beta", beta)):
        if not 0 < v < 0.5:
            raise ValueError(f"sprt: {name} must be in (0, 0.5), got {v}")
    return elo0, elo1, alpha, beta


def _sprt_llr(t: tuple[float, float, float, float], w: float, d: float, l: float) -> float:
    p0, p1 = _expected(t[0]), _expected(t[1])
    return (w + d / 2) * math.log(p1 / p0) + (l + d / 2) * math.log((1 - p1) / (1 - p0))


def _bounds(t: tuple[float, float, float, float]) -> tuple[float, float]:
    alpha, beta = t[2], t[3]
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def _progress_bar(total: int, progress: Any) -> Any:
    """A tqdm bar when asked for and installed, else None."""
    if not progress:
        return None
    try:
        from tqdm import tqdm  # type: ignore[import-untyped]
    except ImportError:
        return None
    return tqdm(total=total, unit="game", leave=False)


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
        from . import _arena_ray

        return _arena_ray.run(game, lineup, games, seed=seed, threads=threads, duplicate=duplicate,
                              max_moves=max_moves, test=test, keep_moves=keep_moves, progress=progress,
                              backend=backend, first_game=first_game, ray=ray, tasks=ray_tasks)
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


def _pair_score(returns: np.ndarray, truncated: bool, s: int, t: int) -> float:
    if truncated:
        return 0.5
    a, b = returns[s], returns[t]
    return 1.0 if a > b else 0.0 if a < b else 0.5


class _Plan(NamedTuple):
    lineup: list[Any]      # one agent a seat
    distinct: list[Any]    # the distinct agents, in lineup order
    slot_agent: list[int]  # lineup slot -> distinct agent
    names: list[str]       # what the results call each distinct agent


def _plan(game: Game, lineup: list[Any], test: Optional[tuple[float, float, float, float]]) -> _Plan:
    """The seats and distinct agents of ``lineup``, every spec checked (as the library
    checks them before any game starts)."""
    n = game.num_players
    if len(lineup) > n:
        raise InvalidArgumentError(f"{len(lineup)} agents for {game.spec}, which has {n} seats; give 1 to {n} "
                                   "(the last one fills the remaining seats)")
    lineup = lineup + [lineup[-1]] * (n - len(lineup))
    distinct: list[Any] = []
    slot_agent = []
    for a in lineup:
        for i, d in enumerate(distinct):
            if (isinstance(a, str) and isinstance(d, str) and a == d) or a is d:
                slot_agent.append(i)
                break
        else:
            if isinstance(a, str):
                make_agent(a, game, 0)  # checks the spec (and loads a model) before any game starts
            distinct.append(a)
            slot_agent.append(len(distinct) - 1)
    if test is not None and len(distinct) < 2:
        raise InvalidArgumentError("the SPRT compares the first two distinct agents; the lineup has only one")
    names = [a if isinstance(a, str) else getattr(a, "name", None) or type(a).__name__ for a in distinct]
    return _Plan(lineup, distinct, slot_agent, names)


class _Sprt:
    """Wald's SPRT of agent 0 against agent 1, fed games in game order, as the library
    runs it: after each game the LLR of A's pairwise results so far."""

    def __init__(self, test: tuple[float, float, float, float]) -> None:
        self.test = test
        self.w = self.d = self.l = self.llr = 0.0
        self.lower, self.upper = _bounds(test)
        self.decision: Optional[str] = None

    def add(self, seats: Sequence[int], returns: np.ndarray, truncated: bool) -> bool:
        """Counts one game; True when the test has decided (the run stops here)."""
        n = len(seats)
        for s in range(n):
            for t in range(n):
                if seats[s] == 0 and seats[t] == 1:
                    x = _pair_score(returns, truncated, s, t)
                    if x == 1:
                        self.w += 1
                    elif x == 0:
                        self.l += 1
                    else:
                        self.d += 1
        self.llr = _sprt_llr(self.test, self.w, self.d, self.l)
        if self.llr >= self.upper or self.llr <= self.lower:
            self.decision = "H1" if self.llr >= self.upper else "H0"
        return self.decision is not None

    def result(self) -> SprtResult:
        return SprtResult(*self.test, self.decision, self.llr, self.lower, self.upper, self.w, self.d, self.l)


# One played game: setup seed, rotation, agent at each seat, returns, moves, truncated,
# illegal seat, error.
_Row = tuple[int, int, list[int], np.ndarray, int, bool, int, Optional[str]]


def _rows_of(games: Games) -> list[_Row]:
    return [(int(games.seeds[i]), int(games.rotations[i]), games.agent_of_seat[i].tolist(), games.returns[i],
             int(games.moves[i]), bool(games.truncated[i]), int(games.illegal_seat[i]), games.errors[i])
            for i in range(len(games.seeds))]


def _summarize(spec: str, names: list[str], n: int, rows: list[_Row], move_lists: list[np.ndarray],
               sprt: Optional[_Sprt]) -> TournamentResult:
    """The results of the played games ``rows``, computed as the library computes them
    for a whole run (same sums in the same order, the same Elo fit)."""
    k = len(names)
    pair_games = np.zeros((k, k))
    pair_score = np.zeros((k, k))
    stats = [[0, 0, 0, 0, 0, 0, 0, 0.0] for _ in range(k)]  # games seats W D L T illegal score
    for (_, _, seats, returns, _, truncated, illegal_seat, _) in rows:
        present = set()
        for s in range(n):
            a = seats[s]
            present.add(a)
            st = stats[a]
            st[1] += 1
            st[7] += float(returns[s])
            st[6] += illegal_seat == s
            if truncated:
                st[5] += 1
            else:
                others = [returns[t] for t in range(n) if t != s]
                if any(o > returns[s] for o in others):
                    st[4] += 1
                elif any(o == returns[s] for o in others):
                    st[3] += 1
                else:
                    st[2] += 1
            for t in range(s + 1, n):
                b = seats[t]
                if a != b:
                    x = _pair_score(returns, truncated, s, t)
                    pair_games[a, b] += 1
                    pair_games[b, a] += 1
                    pair_score[a, b] += x
                    pair_score[b, a] += 1 - x
        for a in present:
            stats[a][0] += 1
    elo, se = elo_fit(pair_games, pair_score)
    agents = tuple(
        AgentResult(names[i], int(st[0]), int(st[1]), int(st[2]), int(st[3]), int(st[4]), int(st[5]), int(st[6]), st[7],
                    st[2] / st[1] if st[1] else 0.0, _wilson(st[2], st[1]), float(elo[i]), 1.96 * float(se[i]))
        for i, st in enumerate(stats))
    g = len(rows)
    table = Games(np.array([r[0] for r in rows], np.uint64), np.array([r[1] for r in rows], np.int32),
                  np.array([r[2] for r in rows], np.int32).reshape(g, n),
                  np.array([r[3] for r in rows], np.float64).reshape(g, n),
                  np.array([r[4] for r in rows], np.uint64), np.array([r[5] for r in rows], bool),
                  np.array([r[6] for r in rows], np.int32), tuple(r[7] for r in rows))
    return TournamentResult(spec, agents, table, None if sprt is None else sprt.result(), tuple(move_lists))


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
