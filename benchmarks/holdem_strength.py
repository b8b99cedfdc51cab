"""Strength of holdem agents in big blinds per 100 hands, with 95% intervals (the arena's
scores, docs/agents.md), heads-up and at six seats, in the duplicate format: every deal
is played once per rotation of the seats, so its luck falls on every agent alike.

    python benchmarks/holdem_strength.py --hands 4000 --seed 1
    python benchmarks/holdem_strength.py --old-stage /tmp/old/build/stage   # adds the previous build's heuristic

A matchup is "A vs B": one seat of A, every other seat B. `old` is the heuristic of the
build installed at --old-stage (an earlier commit), playing through a worker process
as benchmarks/ab_previous_build.py does; a lineup with it runs the arena in Python,
the others in the library's threads. Search agents run at fixed iteration counts, so
the figures do not depend on the machine's load.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

MATCHUPS = [
    ("holdem", "heuristic", "random", 1.0),
    ("holdem", "heuristic", "ismcts(iterations=2000)", 0.5),
    ("holdem", "heuristic", "mcts(iterations=2000)", 0.5),
    ("holdem", "ismcts(iterations=2000,rollout=heuristic)", "heuristic", 0.25),
    ("holdem", "heuristic", "old", 1.0),
    ("holdem", "old", "ismcts(iterations=2000)", 0.5),
    ("holdem(players=6)", "heuristic", "random", 1.0),
    ("holdem(players=6)", "heuristic", "ismcts(iterations=1000)", 0.5),
    ("holdem(players=6)", "old", "ismcts(iterations=1000)", 0.5),
    ("holdem(players=6)", "heuristic", "old", 0.5),
    ("holdem(players=6)", "old", "heuristic", 0.5),
    ("holdem(variant=plo)", "heuristic", "random", 0.5),
    ("holdem(variant=plo)", "heuristic", "ismcts(iterations=2000)", 0.25),
    ("holdem(variant=plo)", "heuristic", "old", 0.5),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=4000, help="hands of a full-size matchup (others a share)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--old-stage", default=None, help="the stage of an earlier build, for `old`")
    parser.add_argument("--only", default=None, help="run the matchups whose line contains this text")
    args = parser.parse_args()
    import meeple

    for game, a, b, share in MATCHUPS:
        line = f"{game}: {a} vs {b}"
        if ("old" in (a, b) and not args.old_stage) or (args.only and args.only not in line):
            continue
        seats = meeple.Game(game).num_players
        hands = max(seats, round(args.hands * share / seats) * seats)
        old = None
        lineup = []
        for spec in (a, b):
            if spec == "old":
                from ab_previous_build import OtherBuildAgent

                old = OtherBuildAgent(args.old_stage, game, "heuristic")
                lineup.append(old)
            else:
                lineup.append(spec)
        start = time.perf_counter()
        try:
            result = meeple.arena.tournament(game, lineup, hands, seed=args.seed, threads=args.threads)
        finally:
            if old is not None:
                old.close()
        seconds = time.perf_counter() - start
        s = result.scores()[0]
        interval = "[no interval: one deal]" if s.interval is None else f"[{s.interval[0]:+.1f}, {s.interval[1]:+.1f}]"
        print(f"{line:<62} {hands:>6} hands  {s.value:+8.1f} bb/100 {interval}  "
              f"{result.agents[0].win_rate:.1%} hands won  {seconds:.0f} s", flush=True)


if __name__ == "__main__":
    main()
