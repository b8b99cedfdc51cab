"""Tic-tac-toe through the Python binding, side by side with OpenSpiel's pyspiel.

Measures, in one run on the same machine: complete random games per second in a Python
loop (legal actions, random choice, apply), state clones per second and observations
per second, and prints meeple / pyspiel ratios. pyspiel is optional
(``pip install open_spiel``); without it only meeple's figures are printed.

Usage: python benchmarks/tictactoe_vs_openspiel.py [--seconds 1.0]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Callable

import meeple


def rate(fn: Callable[[], int], seconds: float) -> float:
    """Units per second of fn (which returns how many units it did), best of 3 runs."""
    best = 0.0
    for _ in range(3):
        start, done = time.perf_counter(), 0
        while time.perf_counter() - start < seconds / 3:
            done += fn()
        best = max(best, done / (time.perf_counter() - start))
    return best


def meeple_cases(rng: random.Random) -> dict[str, Callable[[], int]]:
    game = meeple.Game("tictactoe")
    state = game.new_state(1)
    state.apply(4)

    def games() -> int:
        s = game.new_state(rng.getrandbits(32))
        while not s.is_terminal:
            s.apply(rng.choice(s.legal_actions()))
        return 1

    def clones() -> int:
        for _ in range(100):
            state.clone()
        return 100

    def observations() -> int:
        for _ in range(100):
            state.observation(0)
        return 100

    return {"random games": games, "clones": clones, "observations": observations}


def spiel_cases(rng: random.Random) -> dict[str, Callable[[], int]] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("tic_tac_toe")
    state = game.new_initial_state()
    state.apply_action(4)

    def games() -> int:
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        return 1

    def clones() -> int:
        for _ in range(100):
            state.clone()
        return 100

    def observations() -> int:
        for _ in range(100):
            state.observation_tensor(0)
        return 100

    return {"random games": games, "clones": clones, "observations": observations}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    args = parser.parse_args()
    ours = meeple_cases(random.Random(1))
    theirs = spiel_cases(random.Random(1))
    print(f"{'per second':<16}{'meeple':>14}{'pyspiel':>14}{'ratio':>8}")
    for name, fn in ours.items():
        a = rate(fn, args.seconds)
        if theirs is None:
            print(f"{name:<16}{a:>14,.0f}{'-':>14}{'-':>8}")
            continue
        b = rate(theirs[name], args.seconds)
        print(f"{name:<16}{a:>14,.0f}{b:>14,.0f}{a / b:>7.2f}x")


if __name__ == "__main__":
    main()
