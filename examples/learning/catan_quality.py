"""Value-net quality on held-out Catan states, measured against how the games ended:
KL to the outcome (the cross-entropy of the net's win shares against the winner, in
nats; a constant 1/4 scores ln 4 = 1.386), the Brier score, and calibration by
predicted-probability bucket (mean predicted against the share that won).

States come from games the net never saw: ``--agents`` (default four ``heuristic``
seats) on seeds from ``--seed``, ``--per-game`` decisions drawn uniformly from each
game's, every seat's view of each (seat variant features). Games cut by the turn cap
have no winner and are left out.

    python examples/learning/catan_quality.py --games 200 --json catan_quality.json
"""

from __future__ import annotations

import argparse
import json
import math

import numpy as np

import meeple
from meeple.net import ValueNet


def states(agents: list[str], games: int, seed: int, per_game: int):
    game = meeple.Game("catan")
    r = meeple.arena.tournament(game, agents, games, seed=seed, duplicate=False, keep_moves=True)
    rng = np.random.default_rng(seed)
    for i in range(games):
        if r.games.truncated[i]:
            continue
        winner = int(np.argmax(r.games.returns[i]))
        moves = r.moves[i]
        picks = set(rng.choice(len(moves), size=min(per_game, len(moves)), replace=False).tolist())
        state = game.new_state(seed=int(r.games.seeds[i]))
        for k, (player, action) in enumerate(moves):
            if k in picks and not state.is_terminal:
                yield state.clone(), winner
            state.apply(int(action), int(player))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--model", default=None, help="NAME, NAME.onnx or NAME.npz (default: the shipped model)")
    p.add_argument("--agents", default="heuristic,heuristic,heuristic,heuristic")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--per-game", type=int, default=8)
    p.add_argument("--seed", type=int, default=90210)
    p.add_argument("--json", default=None)
    a = p.parse_args()
    net = ValueNet(a.model, "catan")
    rows, targets = [], []
    for state, winner in states(a.agents.split(","), a.games, a.seed, a.per_game):
        for seat in range(4):
            rows.append(state.features(seat))
            t = np.zeros(4)
            t[(winner - seat) % 4] = 1.0  # the viewer first, as the net answers
            targets.append(t)
    x, y = np.asarray(rows, np.float32), np.asarray(targets)
    pred, _ = net.forward(x)
    pred = pred.astype(np.float64)
    ce = -np.log(np.maximum((pred * y).sum(1), 1e-12))
    edges = np.array([0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0001])
    flat_p, flat_y = pred.ravel(), y.ravel()
    buckets = []
    for lo, hi in zip(edges[:-1], edges[1:]):
        m = (flat_p >= lo) & (flat_p < hi)
        if m.any():
            k = int(m.sum())
            won = float(flat_y[m].mean())
            half = 1.96 * math.sqrt(max(won * (1 - won), 1e-12) / k)
            buckets.append({"bucket": [float(lo), float(min(hi, 1.0))], "rows": k, "predicted": float(flat_p[m].mean()),
                            "won": won, "won_95": [max(0.0, won - half), min(1.0, won + half)]})
    out = {"model": str(net.path), "agents": a.agents, "games": a.games, "seed": a.seed, "states": len(x) // 4,
           "rows": len(x), "kl_to_outcome": float(ce.mean()), "kl_constant_quarter": math.log(4),
           "brier": float(((pred - y) ** 2).sum(1).mean()), "calibration": buckets}
    print(json.dumps(out, indent=1))
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
