"""Mean score of agents in the one-player triangle puzzle, each on the same seeds (the
arena's win rate means nothing with one seat): the evidence for triangle's `best`.

Every agent after the first also gets its paired difference from the first on the same
deals (mean of the per-deal differences with a 95% normal interval), and `--json PATH`
writes each agent's per-deal scores and times so runs made one after the other can be
paired later.

Run: python benchmarks/best_triangle_scores.py --games 20 --seed 1 heuristic "mcts(iterations=2000)"
(Python agents too: "mcts-net(model=PATH/triangle_net.onnx,iterations=1600,external_depth=1)".)
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import meeple


def interval(values: list[float]) -> float:
    """Half-width of the 95% normal interval of the mean of `values`."""
    return 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="write each agent's per-deal scores and decision times to this file")
    parser.add_argument("agents", nargs="+")
    args = parser.parse_args()
    if args.games < 1:
        parser.error(f"--games must be at least 1 (got {args.games})")
    game = meeple.Game("triangle")
    results = []
    for spec in args.agents:
        scores, decisions, spent, slowest = [], 0, 0.0, 0.0
        for g in range(args.games):
            agent = meeple.agents.make_agent(spec, game, seed=args.seed * 1000003 + g)  # library or Python agents
            state = game.new_state(seed=args.seed * 7919 + g)
            while not state.is_terminal:
                t0 = time.perf_counter()
                action = agent.act(state)
                took = time.perf_counter() - t0
                state.apply(action)
                spent += took
                slowest = max(slowest, took)
                decisions += 1
            scores.append(state.returns[0])
        line = (f"{spec}: mean score {statistics.mean(scores):.1f} ± {interval(scores):.1f} "
                f"(95%, {args.games} games, seed {args.seed}), {1000 * spent / max(decisions, 1):.1f} ms a decision "
                f"(slowest {1000 * slowest:.0f} ms, {decisions} decisions)")
        if results:
            first = results[0]
            diffs = [s - f for s, f in zip(scores, first["scores"])]
            line += (f"; minus {first['spec']} on the same deals: {statistics.mean(diffs):+.1f} ± {interval(diffs):.1f}"
                     f" ({sum(d > 0 for d in diffs)} higher, {sum(d < 0 for d in diffs)} lower)")
        print(line, flush=True)
        results.append({"spec": spec, "scores": scores, "decisions": decisions, "seconds": spent,
                        "slowest_s": slowest})
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"games": args.games, "seed": args.seed, "agents": results}, f, indent=1)


if __name__ == "__main__":
    main()
