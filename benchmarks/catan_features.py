"""Catan feature vectors (docs/catan-features.md): vectors per second, one state at a
time through ``State.features`` (a C call each, into a preallocated array) and batched
through ``Batch.features`` (one call writing ``float32[n, F]`` in place, 1 and 2
threads), on positions from random games, both variants. Observations of the same
states through the same calls are printed alongside, as the yardstick.

Usage: python benchmarks/catan_features.py [--seconds 0.5] [--slots 4096]
"""

from __future__ import annotations

import argparse
import platform
import time
from typing import Callable

import numpy as np

import meeple


def rate(fn: Callable[[], int], seconds: float, rounds: int = 3) -> float:
    """Units per second of fn (which returns how many units it did), best of rounds."""
    best = 0.0
    for _ in range(rounds):
        start, done = time.perf_counter(), 0
        while time.perf_counter() - start < seconds:
            done += fn()
        best = max(best, done / (time.perf_counter() - start))
    return best


def mid_game_batch(game: meeple.Game, slots: int, threads: int, moves: int = 300) -> meeple.Batch:
    """A batch whose slots are `moves` random moves into their games."""
    batch = meeple.Batch(game, slots, seed=5, threads=threads)
    rng = np.random.default_rng(5)
    for _ in range(moves):
        masks = batch.dense_masks()
        noise = rng.random(masks.shape) * masks
        batch.step_autoreset(noise.argmax(axis=1).astype(np.int32))
    return batch


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--slots", type=int, default=4096)
    args = parser.parse_args()
    game = meeple.Game("catan")
    size = game.features_info()["feature_size"]
    print(f"machine: {platform.processor() or platform.machine()}, python {platform.python_version()}; "
          f"catan features F={size}, observation {game.obs_size}")
    batch = mid_game_batch(game, args.slots, 1)
    states = [batch.state(i) for i in range(min(args.slots, 512))]
    vec = np.empty(size, dtype=np.float32)
    obs = np.empty(game.obs_size, dtype=np.float32)
    for omniscient in (False, True):
        def per_state() -> int:
            for s in states:
                s.features(0, omniscient=omniscient, out=vec)
            return len(states)
        print(f"per state, {'omniscient' if omniscient else 'seat'}: {rate(per_state, args.seconds):,.0f} vectors/s")

    def per_state_obs() -> int:
        for s in states:
            s.observation(0, out=obs)
        return len(states)
    print(f"per state, observation: {rate(per_state_obs, args.seconds):,.0f} vectors/s")
    for threads in (1, 2):
        b = mid_game_batch(game, args.slots, threads)
        out = np.empty((args.slots, size), dtype=np.float32)
        out_obs = np.empty((args.slots, game.obs_size), dtype=np.float32)
        seats = np.zeros(args.slots, dtype=np.int32)
        for omniscient in (False, True):
            def batched() -> int:
                b.features(seats, out=out, omniscient=omniscient)
                return args.slots
            print(f"batch of {args.slots}, {threads} thread(s), {'omniscient' if omniscient else 'seat'}: "
                  f"{rate(batched, args.seconds):,.0f} vectors/s")

        def batched_obs() -> int:
            b.observations(out_obs, seats=seats)
            return args.slots
        print(f"batch of {args.slots}, {threads} thread(s), observation: {rate(batched_obs, args.seconds):,.0f} vectors/s")


if __name__ == "__main__":
    main()
