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


def batch_rate(seconds, make, action_dtype, done_dtype, write_masks, step) -> tuple[float, float]:
    """(games per second, engine steps per second) of 256 slots stepped with a uniformly
    random legal action each, chosen in NumPy (the largest of uniform draws over the
    legal actions); engine time counts only the library's mask and step calls."""
    import numpy as np

    envs = 256
    batch = make(envs)
    masks = None
    dones = np.zeros(envs, dtype=done_dtype)
    actions = np.zeros(envs, dtype=action_dtype)
    gen = np.random.default_rng(0)
    games = steps = 0
    engine = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        t0 = time.perf_counter()
        masks = write_masks(batch, masks)
        engine += time.perf_counter() - t0
        legal = np.unpackbits(masks.view(np.uint8), axis=1, bitorder="little").astype(bool)
        draws = gen.random(legal.shape)
        draws[~legal] = -1.0
        actions[:] = draws.argmax(axis=1)
        t0 = time.perf_counter()
        step(batch, actions, dones)
        engine += time.perf_counter() - t0
        games += int(dones.sum())
        steps += envs
    return games / (time.perf_counter() - start), steps / engine


def bench_meeple(seconds: float) -> dict:
    import numpy as np
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
    batch = batch_rate(seconds, lambda envs: meeple.Batch(game, envs, seed=1, threads=1), np.int32, np.bool_,
                       lambda b, masks: b.masks(masks), lambda b, actions, dones: b.step_autoreset(actions, dones))
    return {
        "python_loop": loop,
        "fastest": (totals.games / elapsed, totals.moves / totals.games),
        "fastest_name": "meeple.run_random_games(threads=1)",
        "batch": (batch[0], loop[1]),
        "engine_only": (batch[1] / loop[1], loop[1]),
        "engine_ns_per_step": 1e9 / batch[1],
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

    # Batched: masks into NumPy, a random legal action per slot. NumPy dominates this
    # path, so the time inside fastcatan's own calls is kept apart: its engine-only rate,
    # with the steps per game of the Python loop, bounds what its C++ core does alone.
    def make(envs):
        b = fc.BatchedEnv(envs, seed=1)
        b.reset()
        return b

    def write_masks(b, masks):
        if masks is None:
            masks = np.zeros((256, fc.MASK_WORDS), dtype=np.uint64)
        b.write_masks(masks)
        return masks

    batch = batch_rate(seconds, make, np.uint32, np.uint8, write_masks, lambda b, a, d: b.step_autoreset(a, d))
    return {
        "python_loop": loop,
        "fastest": (batch[0], loop[1]),
        "fastest_name": "fastcatan.BatchedEnv(256) + NumPy random choice",
        "batch": (batch[0], loop[1]),
        "engine_only": (batch[1] / loop[1], loop[1]),
        "engine_ns_per_step": 1e9 / batch[1],
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
                                 capture_output=True, text=True)
            if out.returncode != 0:  # that peer is not installed there: measure the others
                print(f"{peer}: not measured ({(out.stderr.strip().splitlines() or ['failed'])[-1]})")
                continue
            results[peer] = json.loads(out.stdout.strip().splitlines()[-1])
    print(f"{'engine':<11} {'path':<52} {'games/s':>9} {'steps/game':>11}")
    for name, r in results.items():
        print(f"{name:<11} {'Python loop: legal_actions + random.choice + apply':<52} "
              f"{r['python_loop'][0]:>9.2f} {r['python_loop'][1]:>11.0f}")
        print(f"{'':<11} {r['fastest_name']:<52} {r['fastest'][0]:>9.1f} {r['fastest'][1]:>11.0f}")
    for name in ("meeple", "fastcatan"):
        if name in results:
            r = results[name]
            print(f"{name:<11} {'Batch(256) + NumPy random choice':<52} {r['batch'][0]:>9.1f} {r['batch'][1]:>11.0f}")
            print(f"{'':<11} {'  its engine time only (mask + step calls)':<52} {r['engine_only'][0]:>9.1f} "
                  f"{r['engine_only'][1]:>11.0f}   ({r['engine_ns_per_step']:.0f} ns a step)")
    if "fastcatan" in results:
        m, f = results["meeple"], results["fastcatan"]
        print(f"meeple run_random_games / fastcatan engine only: {m['fastest'][0] / f['engine_only'][0]:.2f}x; "
              f"batch engine only: {m['engine_only'][0] / f['engine_only'][0]:.2f}x; "
              f"batch + NumPy: {m['batch'][0] / f['batch'][0]:.2f}x (games/s)")
    for peer in ("fastcatan", "catanatron"):
        if peer in results:
            m, p = results["meeple"], results[peer]
            print(f"meeple / {peer}: Python loop {m['python_loop'][0] / p['python_loop'][0]:.2f}x, "
                  f"fastest path {m['fastest'][0] / p['fastest'][0]:.2f}x (games/s)")


if __name__ == "__main__":
    main()
