"""Batched evaluation: leaves per second that concurrent searches hand to an evaluator.

256 Catan games (a meeple.Batch, a few random moves in) are searched at once with
``mcts(evaluator=external)``; a trivial evaluator (zeros, uniform priors) answers every
call. Reports leaves delivered per second, leaves per evaluator call, and the search's
own cost per leaf: the time inside the library (run, write_leaves, provide) over the
leaves, which is what a network evaluating them would add nothing to.

Usage: python benchmarks/search_batched.py [--roots 256] [--iterations 200] [--batch 8]
       [--threads 1] [--game catan]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import meeple


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--roots", type=int, default=256, help="concurrent searches")
    parser.add_argument("--iterations", type=int, default=200, help="iterations a root")
    parser.add_argument("--batch", type=int, default=8, help="leaves a tree collects a call")
    parser.add_argument("--threads", type=int, default=1, help="search threads (0: every core)")
    parser.add_argument("--game", default="catan", help="game spec")
    args = parser.parse_args()

    batch = meeple.Batch(args.game, args.roots, seed=1, threads=1)
    rng = np.random.default_rng(1)
    for _ in range(30):  # a few random moves in, so roots differ
        masks = batch.dense_masks()
        batch.step_autoreset(np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int32))
    search = meeple.Search(f"mcts(evaluator=external,iterations={args.iterations},batch={args.batch})",
                           batch, threads=args.threads)
    players = batch.num_players
    evaluating = 0.0
    leaves = calls = 0

    def trivial(obs: np.ndarray, masks: np.ndarray, seats: np.ndarray) -> np.ndarray:
        nonlocal evaluating, leaves, calls
        t0 = time.perf_counter()
        values = np.zeros((len(obs), players), dtype=np.float32)
        evaluating += time.perf_counter() - t0
        leaves += len(obs)
        calls += 1
        return values

    start = time.perf_counter()
    search.run(trivial)
    total = time.perf_counter() - start
    inside = total - evaluating
    print(f"{args.roots} {args.game} searches, {args.iterations} iterations each, batch {args.batch}, "
          f"{search.stats(0).iterations} iterations at root 0")
    print(f"leaves delivered: {leaves:,} in {calls} calls ({leaves / calls:,.0f} a call)")
    print(f"leaves per second: {leaves / total:,.0f} (wall, trivial evaluator)")
    print(f"search's own cost: {inside / leaves * 1e9:,.0f} ns a leaf (everything but the evaluator: "
          f"library calls and the Python loop)")


if __name__ == "__main__":
    main()
