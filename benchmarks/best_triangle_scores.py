"""Mean score of agents in the one-player triangle puzzle, each on the same seeds (the
arena's win rate means nothing with one seat): the evidence for triangle's `best`.

Run: python benchmarks/best_triangle_scores.py --games 20 --seed 1 heuristic "mcts(iterations=2000)"
(Python agents too: "mcts-net(model=PATH/triangle_net.onnx,iterations=1600,external_depth=1)".)
"""

from __future__ import annotations

import argparse
import statistics
import time

import meeple


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("agents", nargs="+")
    args = parser.parse_args()
    game = meeple.Game("triangle")
    for spec in args.agents:
        scores, decisions, spent = [], 0, 0.0
        for g in range(args.games):
            agent = meeple.agents.make_agent(spec, game, seed=args.seed * 1000003 + g)  # library or Python agents
            state = game.new_state(seed=args.seed * 7919 + g)
            while not state.is_terminal:
                t0 = time.perf_counter()
                state.apply(agent.act(state))
                spent += time.perf_counter() - t0
                decisions += 1
            scores.append(state.returns[0])
        sd = statistics.stdev(scores) if len(scores) > 1 else 0.0
        print(f"{spec}: mean score {statistics.mean(scores):.1f} ± {1.96 * sd / len(scores) ** 0.5:.1f} "
              f"(95%, {args.games} games, seed {args.seed}), {1000 * spent / max(decisions, 1):.1f} ms a decision",
              flush=True)


if __name__ == "__main__":
    main()
