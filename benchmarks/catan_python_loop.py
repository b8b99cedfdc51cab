"""The Catan Python loop, meeple beside fastcatan 2.0.0, interleaved in one process:
one game of each in turn, each timed in CPU time (time.process_time), so that on a
shared machine both meet the same load and waiting for a core counts for neither.

The loop is catan_vs_peers.py's (legal_actions, random.choice, apply; fastcatan's
legal_actions, random.choice, step), on one thread. fastcatan needs Python >= 3.12, so
this runs in a 3.12 environment that has fastcatan, cffi and numpy (tests/install_peers.sh
makes one), with meeple's staged package on the path:

    PYTHONPATH=build/test/stage/python ~/.cache/meeple-ci/fastcatan-py3.12/bin/python \\
        benchmarks/catan_python_loop.py [--seconds 10] [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import random
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")  # fastcatan's OpenMP threads spin on a busy machine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="wall time per round (default 10)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each printing its ratio (default 3)")
    args = parser.parse_args()

    import fastcatan as fc

    import meeple

    game = meeple.Game("catan")

    def meeple_game(seed: int, rng: random.Random) -> int:
        state = game.new_state(seed)
        legal, apply, choice = state.legal_actions, state.apply, rng.choice
        steps = 0
        while actions := legal():  # empty once the game is over
            apply(choice(actions))
            steps += 1
        return steps

    def fastcatan_game(seed: int, rng: random.Random) -> int:
        env = fc.Env()
        env.reset(seed)
        legal, step, choice = env.legal_actions, env.step, rng.choice
        steps = 1
        while not step(choice(legal())):
            steps += 1
        return steps

    engines = {"meeple": meeple_game, "fastcatan": fastcatan_game}
    for round_ in range(args.rounds):
        cpu = dict.fromkeys(engines, 0.0)
        games = dict.fromkeys(engines, 0)
        steps = dict.fromkeys(engines, 0)
        rngs = {name: random.Random(round_) for name in engines}
        end = time.perf_counter() + args.seconds
        seed = 0
        while time.perf_counter() < end:
            for name, play in engines.items():
                start = time.process_time()
                steps[name] += play(seed, rngs[name])
                cpu[name] += time.process_time() - start
                games[name] += 1
            seed += 1
        rate = {name: games[name] / cpu[name] for name in engines}
        cells = "; ".join(f"{name} {rate[name]:.1f} games/s, {steps[name] / games[name]:.0f} steps/game, "
                          f"{1e9 * cpu[name] / steps[name]:.0f} ns/step" for name in engines)
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"round {round_ + 1}: {cells}; meeple / fastcatan {rate['meeple'] / rate['fastcatan']:.3f}x "
              f"(games/s); load average {load}")


if __name__ == "__main__":
    main()
