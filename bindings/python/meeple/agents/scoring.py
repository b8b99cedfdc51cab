"""The arena's records and statistics (docs/agents.md): result types, win rates with
Wilson intervals, Elo by maximum likelihood, Wald's SPRT, the score that fits each game
(big blinds per 100 hands, mean score, win rate), the lineup plan and the summary of
played games that every backend (the library, Python, Ray slices) shares."""

from __future__ import annotations

import math
from typing import Any, NamedTuple, Optional, Sequence

import numpy as np

from .._ffi import check, ffi, lib
from ..errors import InvalidArgumentError
from ..game import Game, State
from .agent import make_agent

__all__ = ["TournamentResult", "AgentResult", "SprtResult", "Games", "Score", "elo_fit", "split_specs", "measure_of",
           "scores"]


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


class Score(NamedTuple):
    """An agent's result measured as fits its game (:func:`measure_of`), with a 95%
    interval."""

    spec: str
    measure: str       # "bb/100", "mean score" or "win rate"
    value: float       # big blinds won per 100 hands, the mean return of a game, or wins / seats
    interval: Optional[tuple[float, float]]  # 95%; None when it does not exist (one setup only)
    samples: int       # the independent samples behind it: setups (duplicate format) or games; seats for win rates


class TournamentResult(NamedTuple):
    game: str
    agents: tuple[AgentResult, ...]
    games: Games
    sprt: Optional[SprtResult]
    moves: tuple[np.ndarray, ...]  # int32[m, 2] (player, action) a game; empty without keep_moves

    def scores(self) -> tuple[Score, ...]:
        """Every agent's :class:`Score`, in the order of ``agents``."""
        return scores(self)

    def replay(self, index: int) -> State:
        """Game ``index`` replayed from its seed and moves, to its last position."""
        state = Game(self.game).new_state(int(self.games.seeds[index]))
        for player, action in self.moves[index]:
            state.apply(int(action), int(player))
        return state


def measure_of(game: Game) -> str:
    """How the arena scores ``game``: ``"bb/100"`` for chip games (holdem and its PLO
    variant: a seat's return is chips won), ``"mean score"`` for one-seat games (the
    triangle puzzle: the return is the score), ``"win rate"`` for the others."""
    if game.name == "holdem":
        return "bb/100"
    return "mean score" if game.num_players == 1 else "win rate"


def _mean_interval(xs: np.ndarray, ns: np.ndarray) -> tuple[float, Optional[tuple[float, float]]]:
    """The mean return a seat, sum(xs) / sum(ns), over independent samples (sample i: the
    returns xs[i] of ns[i] seats), with the 95% normal interval of the ratio estimator;
    no interval from fewer than two samples."""
    total = float(ns.sum())
    mean = float(xs.sum()) / total
    b = len(xs)
    if b < 2:
        return mean, None
    var = b / (b - 1) * float(((xs - mean * ns) ** 2).sum()) / (total * total)
    half = 1.96 * math.sqrt(var)
    return mean, (mean - half, mean + half)


def scores(result: TournamentResult) -> tuple[Score, ...]:
    """Each agent's score as fits the game (:func:`measure_of`): its mean return over all
    the seats it held, with an interval that takes the games of one setup (one seed:
    every rotation of a duplicate setup) as one sample, since they share its luck, as do
    the seats one agent holds in a game. Big blinds per 100 hands are 100 times the mean
    return in big blinds (returns in chips are divided by the big blind)."""
    game = Game(result.game)
    measure = measure_of(game)
    if measure == "win rate":
        return tuple(Score(a.spec, measure, a.win_rate, a.win_interval, a.seats) for a in result.agents)
    scale = 100.0 if measure == "bb/100" else 1.0
    if measure == "bb/100" and game.options["unit"].value == "chips":
        scale /= float(game.options["big_blind"].value)
    seeds = result.games.seeds
    _, sample = np.unique(seeds, return_inverse=True)
    sample = sample.reshape(-1)
    k = int(sample.max()) + 1 if len(sample) else 0
    out = []
    for i, a in enumerate(result.agents):
        held = result.games.agent_of_seat == i
        xs = np.bincount(sample, weights=(result.games.returns * held).sum(axis=1), minlength=k)
        ns = np.bincount(sample, weights=held.sum(axis=1), minlength=k)
        xs, ns = xs[ns > 0], ns[ns > 0]
        if len(ns) == 0:
            out.append(Score(a.spec, measure, math.nan, None, 0))
            continue
        mean, interval = _mean_interval(xs, ns)
        out.append(Score(a.spec, measure, scale * mean,
                         None if interval is None else (scale * interval[0], scale * interval[1]), len(ns)))
    return tuple(out)


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

