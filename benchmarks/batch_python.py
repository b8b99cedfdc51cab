"""The batch through the Python binding, per registered game: steps per second of
``Batch.step_autoreset`` with packed masks and observations read every step (by
separate calls, and by the step itself; 1 and 2 threads), against the same work done one game at a time with ``State``; and complete
random games per second in ``run_random_games`` against a Python loop over ``State``.

Side by side with the peer that has a batched API: fastcatan's ``BatchedEnv`` for
Catan (``step_autoreset`` + packed masks; it has no batched observations), both driven
by the same NumPy policy (a uniform legal action a slot), timing only the library calls,
at 1 and 2 threads (fastcatan's OpenMP threads via OMP_NUM_THREADS). fastcatan needs
Python 3.12, so it runs in the interpreter given by ``--peer-python`` (see the Catan
section of docs/benchmarks.md for the venv). OpenSpiel's ``pyspiel`` per-state loop is
printed as a reference point for tic-tac-toe when it is installed.

Usage: python benchmarks/batch_python.py [--seconds 0.5] [--slots 4096] [--peer-python PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from typing import Callable

import numpy as np

try:
    import meeple
except ImportError:  # the peer interpreter (fastcatan) runs this file without meeple
    meeple = None  # type: ignore[assignment]


def rate(fn: Callable[[], int], seconds: float, rounds: int = 3) -> float:
    """Units per second of fn (which returns how many units it did), best of rounds."""
    best = 0.0
    for _ in range(rounds):
        start, done = time.perf_counter(), 0
        while time.perf_counter() - start < seconds / rounds:
            done += fn()
        best = max(best, done / (time.perf_counter() - start))
    return best


def first_legal(masks: np.ndarray, actions: np.ndarray) -> None:
    """A cheap vectorised policy: the lowest legal action of each slot's packed mask."""
    low = masks[:, 0]
    lowest = (low & (~low + np.uint64(1))).astype(np.float64)
    np.log2(lowest, out=lowest, where=lowest > 0)
    actions[:] = np.where(low > 0, lowest, 0).astype(np.int32)


def engine_rate(batch, write_masks, step, n: int, seconds: float, action_dtype, done_dtype) -> float:
    """Steps per second counted inside the library's step and mask calls only
    (``step(batch, actions, dones, masks)`` does both), with a uniform legal action a
    slot chosen in NumPy (the largest of uniform draws)."""
    masks = write_masks(batch, None)
    actions = np.zeros(n, dtype=action_dtype)
    dones = np.zeros(n, dtype=done_dtype)
    gen = np.random.default_rng(0)
    best = 0.0
    for _ in range(3):
        inside, steps = 0.0, 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds / 3:
            legal = np.unpackbits(masks.view(np.uint8), axis=1, bitorder="little").astype(bool)
            draws = gen.random(legal.shape)
            draws[~legal] = -1.0
            actions[:] = draws.argmax(axis=1)
            t = time.perf_counter()
            step(batch, actions, dones, masks)
            inside += time.perf_counter() - t
            steps += n
        best = max(best, steps / inside)
    return best


def meeple_catan_engine(n: int, threads: int, seconds: float, one_call: bool) -> float:
    batch = meeple.Batch("catan", n, seed=1, threads=threads)
    if one_call:
        def step(b, a, d, m):
            b.step_autoreset(a, d, masks=m)
    else:
        def step(b, a, d, m):
            b.step_autoreset(a, d)
            b.masks(out=m)
    return engine_rate(batch, lambda b, m: b.masks(m), step, n, seconds, np.int32, np.bool_)


def fastcatan_engine(n: int, threads: int, seconds: float) -> float:
    """Runs inside the peer interpreter; OMP_NUM_THREADS is set before the import."""
    import fastcatan as fc  # type: ignore[import-not-found]

    batch = fc.BatchedEnv(n, seed=1)
    batch.reset()

    def write_masks(b, masks):
        if masks is None:
            masks = np.zeros((n, fc.MASK_WORDS), dtype=np.uint64)
        b.write_masks(masks)
        return masks

    def step(b, a, d, m):
        b.step_autoreset(a, d)
        b.write_masks(m)

    return engine_rate(batch, write_masks, step, n, seconds, np.uint32, np.uint8)


def peer_rates(peer_python: str, n: int, seconds: float) -> dict[int, float]:
    rates = {}
    for threads in (1, 2):
        env = dict(os.environ, OMP_NUM_THREADS=str(threads))
        out = subprocess.run([peer_python, __file__, "--fastcatan-only", str(threads), "--slots", str(n),
                              "--seconds", str(seconds)], env=env, capture_output=True, text=True, check=True)
        rates[threads] = json.loads(out.stdout)["steps_per_s"]
    return rates


def batch_steps(name: str, n: int, threads: int, one_call: bool) -> Callable[[], int]:
    batch = meeple.Batch(name, n, seed=1, threads=threads)
    masks, obs = batch.masks(), batch.observations()
    actions = np.zeros(n, dtype=np.int32)
    dones = np.zeros(n, dtype=bool)

    def run() -> int:
        first_legal(masks, actions)
        if one_call:
            batch.step_autoreset(actions, dones, masks=masks, observations=obs)
        else:
            batch.step_autoreset(actions, dones)
            batch.masks(out=masks)
            batch.observations(out=obs)
        return n

    return run


def state_steps(name: str, n: int) -> Callable[[], int]:
    game = meeple.Game(name)
    states = [game.new_state(i) for i in range(n)]
    restarts = [0]

    def run() -> int:
        for i, s in enumerate(states):
            s.apply(s.legal_actions()[0])
            if s.is_terminal:
                restarts[0] += 1
                s = states[i] = game.new_state(n + restarts[0])
            s.action_mask()
            s.observation(s.current_player)
        return n

    return run


def python_games(name: str, rng: random.Random) -> Callable[[], int]:
    game = meeple.Game(name)

    def run() -> int:
        s = game.new_state(rng.getrandbits(32))
        while not s.is_terminal:
            s.apply(rng.choice(s.legal_actions()))
        return 1

    return run


def pyspiel_games(rng: random.Random) -> Callable[[], int] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("tic_tac_toe")

    def run() -> int:
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        return 1

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--slots", type=int, default=4096)
    parser.add_argument("--peer-python", help="a Python 3.12 with fastcatan installed")
    parser.add_argument("--fastcatan-only", type=int, help=argparse.SUPPRESS)  # inside the peer interpreter
    args = parser.parse_args()
    if args.fastcatan_only:
        print(json.dumps({"steps_per_s": fastcatan_engine(args.slots, args.fastcatan_only, args.seconds)}))
        return
    rng = random.Random(1)
    print(f"slots {args.slots}, {args.seconds:.2f} s a measurement (best of 3 rounds)")
    for name in meeple.games():
        one = rate(batch_steps(name, args.slots, 1, False), args.seconds)
        two = rate(batch_steps(name, args.slots, 2, False), args.seconds)
        fused1 = rate(batch_steps(name, args.slots, 1, True), args.seconds)
        fused2 = rate(batch_steps(name, args.slots, 2, True), args.seconds)
        alone = rate(state_steps(name, min(args.slots, 512)), args.seconds)
        games1 = rate(lambda: meeple.run_random_games(name, 2000, rng.getrandbits(32), threads=1).games, args.seconds)
        games2 = rate(lambda: meeple.run_random_games(name, 2000, rng.getrandbits(32), threads=2).games, args.seconds)
        loop = rate(python_games(name, rng), args.seconds)
        print(f"\n{name}")
        print("  steps/s with masks and observations read every step")
        print(f"    Batch, 3 calls, 1 thread      {one:12.0f}")
        print(f"    Batch, 3 calls, 2 threads     {two:12.0f}   ({two / one:.2f}x)")
        print(f"    Batch, one call, 1 thread     {fused1:12.0f}   (step_autoreset(masks=, observations=))")
        print(f"    Batch, one call, 2 threads    {fused2:12.0f}   ({fused2 / fused1:.2f}x)")
        print(f"    State one by one              {alone:12.0f}   (Batch 3 calls, 1 thread / State: {one / alone:.0f}x)")
        print("  complete random games/s")
        print(f"    run_random_games, 1 thread  {games1:12.0f}")
        print(f"    run_random_games, 2 threads {games2:12.0f}   ({games2 / games1:.2f}x)")
        print(f"    Python loop over State      {loop:12.0f}   (run_random_games 1 thread / loop: {games1 / loop:.0f}x)")
        if name == "tictactoe":
            spiel = pyspiel_games(rng)
            if spiel is not None:
                peer = rate(spiel, args.seconds)
                print(f"    pyspiel Python loop         {peer:12.0f}   (run_random_games 1 thread / pyspiel: "
                      f"{games1 / peer:.0f}x)")


    if args.peer_python and "catan" in meeple.games():
        peer = peer_rates(args.peer_python, args.slots, args.seconds)
        print(f"\ncatan side by side: step_autoreset + packed masks, engine time only, {args.slots} slots")
        for threads in (1, 2):
            for one_call in (False, True):
                mine = meeple_catan_engine(args.slots, threads, args.seconds, one_call)
                how = "one call " if one_call else "two calls"
                print(f"  {threads} thread(s): meeple.Batch ({how}) {mine:10.0f} steps/s, fastcatan.BatchedEnv "
                      f"{peer[threads]:10.0f} steps/s, ratio {mine / peer[threads]:.2f}x")


if __name__ == "__main__":
    main()
