"""meeple's catan side by side with fastcatan 2.0.0 (C++ via nanobind, Python >= 3.12)
and catanatron 3.2.1 (pure Python), on one thread.

Measures complete random games per second (and steps per game) with a uniform random
policy over the acting seat's legal actions, trades included where the engine has them:
  * the Python loop an RL user writes: legal actions, random.choice, apply;
  * each engine's fastest path from Python: meeple.run_random_games (C++, one thread),
    fastcatan.BatchedEnv (masks to NumPy, a random legal action per slot, step with
    autoreset; fastcatan 2.0.0 has no run_random_games), catanatron's Game.play with
    RandomPlayer (no domestic trade in catanatron).
The engines differ in rules details (meeple and fastcatan: domestic trade with a compose
budget; catanatron: none), so steps per game are printed beside games per second.

The meeple part runs in this interpreter (the staged package of a build); the peers run
in a Python 3.12 environment that has them, through this same script:
  python3.12 -m venv /tmp/catan_peers && /tmp/catan_peers/bin/pip install fastcatan catanatron
  PYTHONPATH=build/catan/stage/python python benchmarks/catan_vs_peers.py \
      --peer-python /tmp/catan_peers/bin/python [--seconds 5]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time


def timed_games(play_one, seconds: float) -> tuple[float, float]:
    """(games per second, steps per game) of play_one(seed) -> steps, for `seconds`."""
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        steps += play_one(games)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / games


def bench_meeple(seconds: float) -> dict:
    import meeple

    game = meeple.Game("catan")
    rng = random.Random(0)
    chance = meeple.CHANCE

    def play_one(seed: int) -> int:
        state = game.new_state(seed)
        legal, apply, choice = state.legal_actions, state.apply, rng.choice
        steps = 0
        # legal_actions() is empty once the game is over, as fastcatan's step returns done.
        while actions := legal():
            apply(choice(actions))
            steps += 1
        return steps

    loop = timed_games(play_one, seconds)
    n = 1000
    start = time.perf_counter()
    totals = meeple.run_random_games(game, n, seed=1, threads=1)  # C++, GIL released
    elapsed = time.perf_counter() - start
    assert chance is not None
    return {
        "python_loop": loop,
        "fastest": (totals.games / elapsed, totals.moves / totals.games),
        "fastest_name": "meeple.run_random_games(threads=1)",
    }


def bench_fastcatan(seconds: float) -> dict:
    # One thread, as for the others (fastcatan's OpenMP threads also spin on a busy
    # machine: 15 ms a call for one game here without this).
    os.environ["OMP_NUM_THREADS"] = "1"
    import numpy as np
    import fastcatan as fc

    rng = random.Random(0)

    def play_one(seed: int) -> int:
        env = fc.Env()
        env.reset(seed)
        steps = 0
        legal, step, choice = env.legal_actions, env.step, rng.choice
        while not step(choice(legal())):
            steps += 1
        return steps + 1

    loop = timed_games(play_one, seconds)

    # Batched: masks into NumPy, one uniformly random legal action per slot (the
    # largest of uniform draws over the legal actions). NumPy dominates this path, so
    # the time inside fastcatan's own calls is kept apart: its engine-only rate, with
    # the steps per game of the Python loop, bounds what its C++ core could do alone.
    envs = 256
    batch = fc.BatchedEnv(envs, seed=1)
    batch.reset()
    masks = np.zeros((envs, fc.MASK_WORDS), dtype=np.uint64)
    dones = np.zeros(envs, dtype=np.uint8)
    actions = np.zeros(envs, dtype=np.uint32)
    gen = np.random.default_rng(0)
    games = steps = 0
    engine = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        t0 = time.perf_counter()
        batch.write_masks(masks)
        engine += time.perf_counter() - t0
        legal = np.unpackbits(masks.view(np.uint8), axis=1, bitorder="little").astype(bool)
        draws = gen.random(legal.shape)
        draws[~legal] = -1.0
        actions[:] = draws.argmax(axis=1)
        t0 = time.perf_counter()
        batch.step_autoreset(actions, dones)
        engine += time.perf_counter() - t0
        games += int(dones.sum())
        steps += envs
    elapsed = time.perf_counter() - start
    return {
        "python_loop": loop,
        "fastest": (games / elapsed, loop[1]),
        "fastest_name": f"fastcatan.BatchedEnv({envs}) + NumPy random choice",
        "engine_only": (steps / engine / loop[1], loop[1]),
        "engine_ns_per_step": engine / steps * 1e9,
    }


def bench_catanatron(seconds: float) -> dict:
    from catanatron import Color, Game, RandomPlayer

    def play_one(seed: int) -> int:
        random.seed(seed)
        players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)]
        game = Game(players, seed=seed)
        game.play()
        return game.state.num_turns  # catanatron counts turns, not actions; see below

    def play_steps(seed: int) -> int:
        random.seed(seed)
        players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)]
        game = Game(players, seed=seed)
        steps = 0
        while game.winning_color() is None and game.state.num_turns < 1000:
            game.play_tick()
            steps += 1
        return steps

    loop = timed_games(play_steps, seconds)
    return {"python_loop": loop, "fastest": timed_games(play_one, seconds),
            "fastest_name": "catanatron Game.play (RandomPlayer x4)"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--peer-python", help="a Python 3.12 with fastcatan and catanatron")
    parser.add_argument("--only", choices=["meeple", "fastcatan", "catanatron"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    benches = {"meeple": bench_meeple, "fastcatan": bench_fastcatan, "catanatron": bench_catanatron}
    if args.only:
        print(json.dumps(benches[args.only](args.seconds)))
        return
    results = {"meeple": bench_meeple(args.seconds)}
    if args.peer_python:
        for peer in ("fastcatan", "catanatron"):
            out = subprocess.run([args.peer_python, __file__, "--only", peer, "--seconds", str(args.seconds)],
                                 capture_output=True, text=True, check=True)
            results[peer] = json.loads(out.stdout.strip().splitlines()[-1])
    print(f"{'engine':<11} {'path':<52} {'games/s':>9} {'steps/game':>11}")
    for name, r in results.items():
        print(f"{name:<11} {'Python loop: legal_actions + random.choice + apply':<52} "
              f"{r['python_loop'][0]:>9.2f} {r['python_loop'][1]:>11.0f}")
        print(f"{'':<11} {r['fastest_name']:<52} {r['fastest'][0]:>9.1f} {r['fastest'][1]:>11.0f}")
    if "fastcatan" in results:
        f = results["fastcatan"]
        print(f"{'fastcatan':<11} {'engine time only (write_masks + step_autoreset)':<52} "
              f"{f['engine_only'][0]:>9.1f} {f['engine_only'][1]:>11.0f}   "
              f"({f['engine_ns_per_step']:.0f} ns a step)")
        print(f"meeple run_random_games / fastcatan engine only: "
              f"{results['meeple']['fastest'][0] / f['engine_only'][0]:.2f}x (games/s)")
    for peer in ("fastcatan", "catanatron"):
        if peer in results:
            m, p = results["meeple"], results[peer]
            print(f"meeple / {peer}: Python loop {m['python_loop'][0] / p['python_loop'][0]:.2f}x, "
                  f"fastest path {m['fastest'][0] / p['fastest'][0]:.2f}x (games/s)")


if __name__ == "__main__":
    main()
