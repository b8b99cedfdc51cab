"""meeple's Catan agents against catanatron's bots, in catanatron's own game.

One meeple agent takes a seat as a catanatron player (meeple.bridges.catanatron: the
position read into meeple by geometry, meeple's move played back) against three bots of
one kind; game g is catanatron's game of seed g, with the meeple seat rotating (g % 4),
so every seat is played equally often. Reports the meeple seat's win rate with a 95%
Wilson interval (25% is parity), how many games ended without a winner (catanatron's
turn limit), and how often a meeple move was not one catanatron offers (fallbacks).

    python benchmarks/catan_vs_catanatron.py --games 100 \\
        --agents heuristic "mcts(iterations=300,rollout=heuristic,policy_prior=0.5)" \\
        --opponents weighted_random victory_point

catanatron's AlphaBeta player is not part of the catanatron package on PyPI (it lives in
its repository's experimental folder), so it cannot be installed here; the bots on PyPI
are RandomPlayer, WeightedRandomPlayer and VictoryPointPlayer (greedy by points).
"""

from __future__ import annotations

import argparse
from collections import Counter
import math
import multiprocessing
import sys
import time

try:
    from catanatron import Color, Game
    from catanatron.models.player import RandomPlayer
    from catanatron.players.search import VictoryPointPlayer
    from catanatron.players.weighted_random import WeightedRandomPlayer
except ImportError:
    sys.exit("catanatron is not installed: pip install 'meeple[catan-peers]'")

from meeple.bridges.catanatron import MeeplePlayer

BOTS = {"random": RandomPlayer, "weighted_random": WeightedRandomPlayer, "victory_point": VictoryPointPlayer}
COLORS = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play(job: tuple[str, str, int]) -> tuple[int, int, int, int, float, Counter]:
    """One game: (won, no winner, decisions, fallbacks, seconds, fallback reasons)."""
    agent, bot, g = job
    seat = g % 4
    me = MeeplePlayer(COLORS[seat], agent, seed=g)
    players = [me if i == seat else BOTS[bot](c) for i, c in enumerate(COLORS)]
    start = time.perf_counter()
    winner = Game(players, seed=g).play()
    return (int(winner == me.color), int(winner is None), me.decisions, me.fallbacks, time.perf_counter() - start,
            me.fallback_reasons)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--agents", nargs="+", default=["heuristic"])
    parser.add_argument("--opponents", nargs="+", default=["weighted_random", "victory_point"], choices=sorted(BOTS))
    parser.add_argument("--processes", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args()
    print(f"{'meeple agent':58} {'against 3x':16} {'games':>5} {'wins':>5} {'win rate (95%)':>22} "
          f"{'no winner':>9} {'fallbacks':>13} {'s/game':>7}")
    with multiprocessing.Pool(args.processes) as pool:
        for agent in args.agents:
            for bot in args.opponents:
                results = pool.map(play, [(agent, bot, g) for g in range(args.games)])
                wins = sum(r[0] for r in results)
                none = sum(r[1] for r in results)
                decisions = sum(r[2] for r in results)
                fallbacks = sum(r[3] for r in results)
                seconds = sum(r[4] for r in results) / len(results)
                lo, hi = wilson(wins, len(results))
                print(f"{agent:58} {bot:16} {len(results):5} {wins:5} "
                      f"{100 * wins / len(results):6.1f}% [{100 * lo:4.1f}, {100 * hi:5.1f}]  {none:9} "
                      f"{fallbacks:5}/{decisions:<7} {seconds:7.2f}", flush=True)
                reasons = sum((r[5] for r in results), Counter())
                for reason, count in reasons.most_common(5):
                    print(f"    fallback {count:5}: {reason[:100]}")


if __name__ == "__main__":
    main()
