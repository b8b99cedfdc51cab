"""meeple's Catan batch beside fastcatan 2.0.0's BatchedEnv in one process, round by round.

Both batches have 256 slots and one thread; each round gives every slot a uniformly
random legal action (the largest of uniform draws over the legal actions, in NumPy, as
benchmarks/catan_vs_peers.py does) and steps with autoreset. Only the time inside each
library's mask and step calls counts, as this thread's CPU time (wall time on a shared
machine counts the time other processes hold the core). The two engines take turns
every round, so what load remains (caches shared with other processes) falls on both
alike; catan_vs_peers.py runs them one after the other in wall time, and its ratio
moves with the load between the two halves.

Needs a Python (3.12) with fastcatan, numpy and cffi, and a staged meeple build:
  OMP_NUM_THREADS=1 PYTHONPATH=build/test/stage/python \\
      ~/.cache/meeple-ci/fastcatan-py3.12/bin/python benchmarks/catan_batch_vs_fastcatan.py --seconds 20
Prints each engine's nanoseconds a slot step and steps per finished game, and the
ratios: per step, and per game (engine time a game, as catan_vs_peers.py's
"batch engine only").
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")  # fastcatan's OpenMP threads spin on a busy machine

import fastcatan as fc  # noqa: E402
import meeple  # noqa: E402
import numpy as np  # noqa: E402

SLOTS = 256


class Side:
    """One engine's batch, its buffers and its clock."""

    def __init__(self, name, write_masks, step, mask_words, action_dtype, done_dtype):
        self.name, self.write_masks, self.step = name, write_masks, step
        self.masks = np.zeros((SLOTS, mask_words), dtype=np.uint64)
        self.actions = np.zeros(SLOTS, dtype=action_dtype)
        self.dones = np.zeros(SLOTS, dtype=done_dtype)
        self.engine_s = 0.0
        self.steps = self.games = 0
        # Steps of each slot's game in progress, and of the games finished (a game's
        # length counts only once it is over: unfinished games would inflate it).
        self.running = np.zeros(SLOTS, dtype=np.int64)
        self.finished_steps = 0

    def round(self, gen):
        t0 = time.thread_time()
        self.write_masks(self.masks)
        t1 = time.thread_time()
        legal = np.unpackbits(self.masks.view(np.uint8), axis=1, bitorder="little").astype(bool)
        draws = gen.random(legal.shape)
        draws[~legal] = -1.0
        self.actions[:] = draws.argmax(axis=1)
        t2 = time.thread_time()
        self.step(self.actions, self.dones)
        self.engine_s += (t1 - t0) + (time.thread_time() - t2)
        self.steps += SLOTS
        self.running += 1
        done = self.dones.astype(bool)
        self.games += int(done.sum())
        self.finished_steps += int(self.running[done].sum())
        self.running[done] = 0

    def steps_a_game(self):
        return self.finished_steps / max(self.games, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="wall time of the whole run")
    args = parser.parse_args()

    game = meeple.Game("catan")
    mb = meeple.Batch(game, SLOTS, seed=1, threads=1)
    fb = fc.BatchedEnv(SLOTS, seed=1)
    fb.reset()
    sides = [
        Side("meeple", lambda m: mb.masks(m), lambda a, d: mb.step_autoreset(a, d), game.mask_words, np.int32, np.bool_),
        Side("fastcatan", fb.write_masks, fb.step_autoreset, fc.MASK_WORDS, np.uint32, np.uint8),
    ]
    gens = [np.random.default_rng(0), np.random.default_rng(0)]
    start = time.perf_counter()
    rounds = 0
    while time.perf_counter() - start < args.seconds or rounds < 10:
        for side, gen in zip(sides if rounds % 2 == 0 else sides[::-1], gens if rounds % 2 == 0 else gens[::-1]):
            side.round(gen)
        rounds += 1
    for s in sides:
        print(f"{s.name:<10} {1e9 * s.engine_s / s.steps:7.1f} ns a slot step, {s.steps_a_game():6.0f} steps a finished game "
              f"({s.games} games, {s.steps} steps)")
    m, f = sides
    per_step = (f.engine_s / f.steps) / (m.engine_s / m.steps)
    per_game = per_step * f.steps_a_game() / m.steps_a_game()
    print(f"meeple / fastcatan: {per_step:.2f}x a step, {per_game:.2f}x a game ({rounds} rounds)")


if __name__ == "__main__":
    main()
