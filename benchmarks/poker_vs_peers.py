"""Poker evaluation from Python, side by side: meeple's per-call evaluate and its
evaluate_batch (NumPy in and out, threads, GIL released) against the per-call
evaluators of phevaluator, eval7 and treys on the same random 7-card hands.

Usage: PYTHONPATH=build/<dir>/stage/python python benchmarks/poker_vs_peers.py [hands=200000]
Peers are optional (pip install ".[poker-peers]"); a missing one is reported and skipped.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Callable

import numpy as np

from meeple import poker

DECK = [r + s for s in "cdhs" for r in "23456789TJQKA"]


def best_rate(n: int, run: Callable[[], object], repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - t0)
    return n / best


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    rng = random.Random(1)
    hands = [rng.sample(range(52), 7) for _ in range(n)]
    masks = np.array([sum(1 << c for c in h) for h in hands], dtype=np.uint64)
    big = np.tile(masks, 50)  # 50x the hands for the batch call, so timing is not noise
    out = np.empty(big.shape[0], dtype=np.uint32)
    rows: list[tuple[str, float]] = []

    try:
        import phevaluator

        phe_hands = [[(c % 13) * 4 + c // 13 for c in h] for h in hands]  # rank * 4 + suit
        ev = phevaluator.evaluate_cards
        rows.append(("phevaluator.evaluate_cards (per call, int ids)",
                     best_rate(n, lambda: [ev(*h) for h in phe_hands])))
    except ImportError:
        print("phevaluator not installed: skipped")
    try:
        import eval7

        e7_hands = [[eval7.Card(DECK[c]) for c in h] for h in hands]
        rows.append(("eval7.evaluate (per call)", best_rate(n, lambda: [eval7.evaluate(h) for h in e7_hands])))
    except ImportError:
        print("eval7 not installed: skipped")
    try:
        import treys

        tev = treys.Evaluator()
        t_hands = [[treys.Card.new(DECK[c]) for c in h] for h in hands[: n // 10]]
        rows.append(("treys.Evaluator.evaluate (per call)",
                     best_rate(n // 10, lambda: [tev.evaluate(h[:2], h[2:]) for h in t_hands])))
    except ImportError:
        print("treys not installed: skipped")

    mlist = [int(m) for m in masks]
    rows.append(("meeple poker.evaluate (per call)", best_rate(n, lambda: [poker.evaluate(m) for m in mlist])))
    rows.append(("meeple poker.evaluate_batch, 1 thread",
                 best_rate(big.shape[0], lambda: poker.evaluate_batch(big, threads=1, out=out))))
    rows.append(("meeple poker.evaluate_batch, all threads",
                 best_rate(big.shape[0], lambda: poker.evaluate_batch(big, threads=0, out=out))))

    fastest_peer = max((r for name, r in rows if not name.startswith("meeple")), default=None)
    print(f"7-card evaluation from Python, {n:,} random hands (batch: {big.shape[0]:,}), best of 3")
    for name, rate in rows:
        ratio = f"x{rate / fastest_peer:6.1f} vs fastest peer" if fastest_peer else ""
        print(f"  {name:<50} {rate / 1e6:9.2f} M hands/s  {ratio}")

    t0 = time.perf_counter()
    r = poker.equity(["As Ks", "Qd Qc"], exact=True, threads=1)
    ms = (time.perf_counter() - t0) * 1e3
    print(f"\nExact preflop AsKs vs QdQc from Python, 1 thread: {ms:.1f} ms over {r.count:,} boards, "
          f"equity {r.equity[0]:.5f}")


if __name__ == "__main__":
    main()
