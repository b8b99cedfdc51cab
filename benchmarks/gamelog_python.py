"""Game-log writing per step, per game: a game played with ``GameRecorder.apply`` (the
legal actions before the step, the omniscient view after it as JSON, and the game
compressed into the log when it ends) against the same game played with
``State.apply``, in microseconds per step; and the bytes a step takes in the log.

Usage: python benchmarks/gamelog_python.py [--games 3] [--specs catan triangle tictactoe]
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time

import meeple
from meeple.records.gamelog import GameLogWriter


def play(game: meeple.Game, seed: int, log: GameLogWriter | None) -> int:
    rng = random.Random(seed)
    state = game.new_state(seed)
    rec = log.game(state, seed=seed) if log else None
    steps = 0
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        if rec:
            rec.apply(action)
        else:
            state.apply(action)
        steps += 1
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--specs", nargs="+", default=["catan", "triangle", "tictactoe"])
    args = parser.parse_args()
    print(f"{'game':<10} {'steps':>7} {'State.apply':>12} {'GameRecorder':>13} {'log cost':>10} {'bytes/step':>11}")
    with tempfile.TemporaryDirectory() as tmp:
        for spec in args.specs:
            game = meeple.Game(spec)
            t0 = time.perf_counter()
            steps = sum(play(game, s, None) for s in range(args.games))
            bare = (time.perf_counter() - t0) / steps * 1e6
            path = os.path.join(tmp, "bench.jsonl.gz")
            t0 = time.perf_counter()
            with GameLogWriter(path) as log:
                logged_steps = sum(play(game, s, log) for s in range(args.games))
            logged = (time.perf_counter() - t0) / logged_steps * 1e6
            size = os.path.getsize(path) / logged_steps
            print(f"{spec:<10} {steps:>7} {bare:>10.1f}us {logged:>11.1f}us {logged - bare:>8.1f}us {size:>11.0f}")


if __name__ == "__main__":
    main()
