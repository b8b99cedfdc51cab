"""MCTS iterations per second on tic-tac-toe with random rollouts, meeple side by side
with OpenSpiel's C++ MCTS bot (pyspiel.MCTSBot with RandomRolloutEvaluator), in one run.

Both search the same positions with one tree on one thread, UCT with random rollouts to
the end, the same number of iterations a search, neither with its solver (meeple's
`solver=false`, OpenSpiel's `solve=False`: a solver ends a search once the root is proven,
which would measure how soon it proves, not what an iteration costs); the figure is iterations per second of
CPU time of this process (robust to other load on the machine), best of three rounds,
and the ratio meeple / OpenSpiel. pyspiel is optional (``pip install open_spiel``);
without it only meeple's figures are printed.

Usage: python benchmarks/search_vs_openspiel.py [--iterations 20000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import time
from typing import Callable

import meeple

# Positions as move lists from the empty board, from the opening to a three-cell endgame,
# where the fixed cost of an iteration is nearly all of it.
POSITIONS = {"opening": [], "2 moves in": [4, 0], "4 moves in": [4, 0, 8, 2], "6 moves in": [4, 0, 8, 2, 1, 7]}


def cpu_rate(search_once: Callable[[], None], iterations: int, rounds: int) -> float:
    best = 0.0
    for _ in range(rounds):
        start = time.process_time()
        searches = 0
        while time.process_time() - start < 0.5 or searches < 3:
            search_once()
            searches += 1
        best = max(best, searches * iterations / (time.process_time() - start))
    return best


def meeple_case(moves: list[int], iterations: int) -> Callable[[], None]:
    state = meeple.Game("tictactoe").new_state()
    for a in moves:
        state.apply(a)
    seed = [0]

    def once() -> None:
        seed[0] += 1
        meeple.Search(f"mcts(iterations={iterations},c_uct=1.4,solver=false,seed={seed[0]})", state).run()
    return once


def openspiel_case(pyspiel, moves: list[int], iterations: int) -> Callable[[], None]:
    game = pyspiel.load_game("tic_tac_toe")
    state = game.new_initial_state()
    for a in moves:
        state.apply_action(a)
    seed = [0]

    def once() -> None:
        seed[0] += 1
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed[0])
        bot = pyspiel.MCTSBot(game, evaluator, 1.4, iterations, 10**9, False, seed[0], False)
        bot.step(state)
    return once


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=20000, help="iterations a search")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per case; the best counts")
    args = parser.parse_args()
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        pyspiel = None
        print("pyspiel not installed (pip install open_spiel): meeple only")
    print(f"{'position':<12} {'meeple it/s':>14} {'OpenSpiel it/s':>15} {'ratio':>7}")
    for name, moves in POSITIONS.items():
        ours = cpu_rate(meeple_case(moves, args.iterations), args.iterations, args.rounds)
        if pyspiel is None:
            print(f"{name:<12} {ours:>14,.0f}")
            continue
        theirs = cpu_rate(openspiel_case(pyspiel, moves, args.iterations), args.iterations, args.rounds)
        print(f"{name:<12} {ours:>14,.0f} {theirs:>15,.0f} {ours / theirs:>6.2f}x")


if __name__ == "__main__":
    main()
