"""The gate: plays each new candidate net against the current best in the arena
(:func:`meeple.arena.tournament`) and promotes it only when it wins; and the
measurement of the best net against a fixed reference agent, generation after
generation.

Games of several seats: the arena's SPRT (``gate.sprt`` = elo0, elo1, alpha, beta) on
the pairwise results of candidate and best; the candidate is promoted when the test
accepts H1 (it is elo1 stronger), and stays out when it accepts H0 or has not decided
within ``gate.games``. One-seat games (the triangle puzzle) have no pairwise results:
both nets play the same ``gate.games`` deals, and the candidate is promoted when its
mean score is higher by a one-sided paired test at level ``gate.alpha``.

The nets play as :class:`NetAgent`: a search of ``gate.iterations`` with the net as its
evaluator at every decision, no root noise, the most visited move, except the first
``gate.opening_moves`` moves of each seat, drawn by visit counts from the agent's own
generator (which the arena seeds) so that games between the same two nets differ.
"""

from __future__ import annotations

import math
import statistics
from typing import Any, Optional

import numpy as np
import torch

from ..agents import arena
from ..agents import derive_seed
from ..game import Game, State
from ..search import Search
from .actor import make_net
from .config import Config
from .net import load_weights

__all__ = ["NetAgent", "Gate"]

_GATE_KEY, _EVAL_KEY = 0x67617465, 0x6576616C


class NetAgent:
    """An arena agent that searches with a policy-value net as its evaluator."""

    def __init__(self, game: Game, config: Config, weights: dict[str, Any], name: str, iterations: int,
                 opening_moves: int) -> None:
        self.net = make_net(game, config)
        load_weights(self.net, weights)
        self.net.eval()
        self.name = name
        self._config, self._iterations, self._opening = config, iterations, opening_moves
        self.reset(0)

    def reset(self, seed: int) -> None:
        self._rng = np.random.default_rng(seed)
        self._moves = 0

    def act(self, state: State) -> int:
        seed = int(self._rng.integers(0, 2**53))
        search = Search(self._config.search_spec(self._iterations, seed, noise=False), state)
        search.run(evaluator=self.net.evaluate)
        self._moves += 1
        if self._moves <= self._opening:
            p = search.policy(temperature=1.0).astype(np.float64)
            return int(self._rng.choice(len(p), p=p / p.sum()))
        return search.action()


class Gate:
    """Gate and reference measurements for one run (a role: a Ray actor under --ray)."""

    def __init__(self, game_spec: str, config: Config) -> None:
        torch.set_num_threads(1)
        self.game = Game(game_spec)
        self.config = config

    def ping(self) -> bool:
        return True

    def _agent(self, weights: dict[str, Any], generation: int, iterations: int, opening: int) -> NetAgent:
        return NetAgent(self.game, self.config, weights, f"net-{generation}", iterations, opening)

    def gate(self, candidate: dict[str, Any], candidate_generation: int, best: dict[str, Any],
             best_generation: int) -> dict[str, Any]:
        """Candidate against best; ``promoted`` says whether the candidate won."""
        g = self.config.gate
        seed = derive_seed(derive_seed(self.config.seed, _GATE_KEY), candidate_generation)
        if g.games == 0:
            return {"promoted": True, "games": 0, "decision": "no gate (gate.games = 0)"}
        a = self._agent(candidate, candidate_generation, g.iterations, g.opening_moves)
        b = self._agent(best, best_generation, g.iterations, g.opening_moves)
        if self.game.num_players == 1:
            sa = arena.tournament(self.game, [a], g.games, seed=seed, duplicate=False, keep_moves=False)
            sb = arena.tournament(self.game, [b], g.games, seed=seed, duplicate=False, keep_moves=False)
            d = sa.games.returns[:, 0] - sb.games.returns[:, 0]
            mean = float(d.mean())
            sd = float(d.std(ddof=1)) if len(d) > 1 else 0.0
            z = statistics.NormalDist().inv_cdf(1 - g.alpha)
            t = mean / (sd / math.sqrt(len(d))) if sd > 0 else (math.inf if mean > 0 else 0.0)
            return {"promoted": bool(t > z), "games": int(len(d)), "decision": f"paired t {t:.2f} (needs > {z:.2f})",
                    "candidate_score": float(sa.games.returns.mean()), "best_score": float(sb.games.returns.mean())}
        r = arena.tournament(self.game, [a, b], g.games, seed=seed, sprt=g.sprt, keep_moves=False)
        s = r.sprt
        assert s is not None
        return {"promoted": s.decision == "H1", "games": int(len(r.games.seeds)), "decision": s.decision or "undecided",
                "wins": s.wins, "draws": s.draws, "losses": s.losses, "llr": s.llr}

    def evaluate(self, weights: dict[str, Any], generation: int) -> Optional[dict[str, Any]]:
        """The net of ``generation`` against ``evaluate.reference``: its Elo relative to
        the reference (games of several seats) or both mean scores on the same deals.
        Every generation plays the same seeds, so the figures compare across generations."""
        e = self.config.evaluate
        if e.games == 0:
            return None
        seed = derive_seed(self.config.seed, _EVAL_KEY)  # the same games every generation: comparable
        net = self._agent(weights, generation, self.config.gate.iterations, 0)
        if self.game.num_players == 1:
            sa = arena.tournament(self.game, [net], e.games, seed=seed, duplicate=False, keep_moves=False)
            sb = arena.tournament(self.game, [e.reference], e.games, seed=seed, duplicate=False, keep_moves=False,
                                  backend="python")
            return {"generation": generation, "games": e.games, "net_score": float(sa.games.returns.mean()),
                    "reference_score": float(sb.games.returns.mean())}
        r = arena.tournament(self.game, [net, e.reference], e.games, seed=seed, keep_moves=False)
        mine, ref = r.agents[0], r.agents[1]
        return {"generation": generation, "games": e.games, "elo": mine.elo - ref.elo,
                "elo_interval": mine.elo_interval + ref.elo_interval if math.isfinite(mine.elo) else math.nan,
                "wins": mine.wins, "draws": mine.draws, "losses": mine.losses}
