"""meeple's Catan agents against catanatron's bots, in catanatron's own game.

One meeple agent takes a seat as a catanatron player (meeple.bridges.catanatron: the
position read into meeple by geometry, meeple's move played back) against three bots of
one kind; game g (from ``--first``, 1 by default: catanatron draws a seed of its own for
0) is catanatron's game of seed g, with the meeple seat's colour rotating (g % 4) and
catanatron drawing the seating order. Reports the meeple seat's win rate with a 95%
Wilson interval (25% is parity), how many games ended without a winner (catanatron's
turn limit), how often a meeple move was not one catanatron offers (fallbacks), the CPU
seconds a game (each game runs in one process, on one core) with the meeple seat's share
of them (its decisions, reading the position included), and the longest game in turns. ``--losses`` lists every game the meeple seat did not win: seed,
seat, winner, everyone's points and the turns.

catanatron's own game of a seed is not the same game from one process to the next: it
builds some lists of moves (its maritime trades) from a set of tuples holding ``None``,
whose hash is the object's address in Python 3.11, so the bots draw from a list in
another order. Every seat here is handed catanatron's moves sorted by their text, so
game g is the same game in every run and at every ``--processes``.

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
    from catanatron.state_functions import get_actual_victory_points
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


class TimedPlayer(MeeplePlayer):
    """The meeple seat, counting the CPU seconds its decisions take."""

    seconds = 0.0

    def decide(self, game, playable_actions):  # type: ignore[no-untyped-def]
        start = time.process_time()
        try:
            return super().decide(game, playable_actions)
        finally:
            self.seconds += time.process_time() - start


def sorted_moves(player, game, playable_actions):  # type: ignore[no-untyped-def]
    """The seat's decision over catanatron's moves in an order that is the same in every
    process (see the module's docstring)."""
    return player.decide(game, sorted(playable_actions, key=repr))


def play(job: tuple[str, str, int]) -> tuple[int, int, int, int, float, Counter, float, str, int]:
    """One game: (won, no winner, decisions, fallbacks, seconds, fallback reasons,
    the meeple seat's seconds, a line about the game, turns)."""
    agent, bot, g = job
    seat = g % 4
    me = TimedPlayer(COLORS[seat], agent, seed=g)
    players = [me if i == seat else BOTS[bot](c) for i, c in enumerate(COLORS)]
    start = time.process_time()
    game = Game(players, seed=g)
    winner = game.play(decide_fn=sorted_moves)
    seconds = time.process_time() - start
    colors = game.state.colors
    points = [get_actual_victory_points(game.state, c) for c in colors]
    line = (f"seed {g}: meeple {colors.index(me.color)} ({me.color.name}), winner "
            f"{'none' if winner is None else colors.index(winner)}, points {points}, turns {game.state.num_turns}, "
            f"fallbacks {me.fallbacks}")
    return (int(winner == me.color), int(winner is None), me.decisions, me.fallbacks, seconds,
            me.fallback_reasons, me.seconds, line, game.state.num_turns)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=1,
                        help="seed of the first game (catanatron draws a seed of its own for 0)")
    parser.add_argument("--losses", action="store_true", help="list the games meeple did not win")
    parser.add_argument("--agents", nargs="+", default=["heuristic"])
    parser.add_argument("--opponents", nargs="+", default=["weighted_random", "victory_point"], choices=sorted(BOTS))
    parser.add_argument("--processes", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args()
    print(f"{'meeple agent':58} {'against 3x':16} {'games':>5} {'wins':>5} {'win rate (95%)':>22} "
          f"{'no winner':>9} {'fallbacks':>13} {'CPU s/game':>10} {'meeple s':>8} {'turns max':>9}")
    with multiprocessing.Pool(args.processes) as pool:
        for agent in args.agents:
            for bot in args.opponents:
                results = pool.map(play, [(agent, bot, g) for g in range(args.first, args.first + args.games)])
                wins = sum(r[0] for r in results)
                none = sum(r[1] for r in results)
                decisions = sum(r[2] for r in results)
                fallbacks = sum(r[3] for r in results)
                seconds = sum(r[4] for r in results) / len(results)
                mine = sum(r[6] for r in results) / len(results)
                turns = max(r[8] for r in results)
                lo, hi = wilson(wins, len(results))
                print(f"{agent:58} {bot:16} {len(results):5} {wins:5} "
                      f"{100 * wins / len(results):6.1f}% [{100 * lo:4.1f}, {100 * hi:5.1f}]  {none:9} "
                      f"{fallbacks:5}/{decisions:<7} {seconds:10.2f} {mine:8.2f} {turns:9}", flush=True)
                reasons = sum((r[5] for r in results), Counter())
                for reason, count in reasons.most_common(5):
                    print(f"    fallback {count:5}: {reason[:100]}")
                if args.losses:
                    for r in results:
                        if not r[0]:
                            print(f"    not won: {r[7]}")


if __name__ == "__main__":
    main()
