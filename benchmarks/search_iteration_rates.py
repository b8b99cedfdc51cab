"""Iterations a second of CPU time of search agents on the same positions (a game of
four heuristics, every ninth decision after setup): calibrates fixed iteration counts to
a time budget on a loaded machine, where time budgets are distorted. CPU time, not wall
time, so other processes do not count; a quiet core gives about the same.

Run: python benchmarks/search_iteration_rates.py "catan(trade_budget=0)" \
    "ismcts(iterations=0,time_ms=200,rollout=heuristic,policy_prior=0.5,rollout_depth=60)"
"""

from __future__ import annotations

import argparse
import time

import meeple


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("agents", nargs="+")
    parser.add_argument("--positions", type=int, default=25)
    parser.add_argument("--seed", type=int, default=4)
    args = parser.parse_args()
    game = meeple.Game(args.game)
    players = [meeple.Agent("heuristic", game, seed=p) for p in range(game.num_players)]
    state = game.new_state(args.seed)
    positions = []
    move = 0
    while not state.is_terminal and len(positions) < args.positions:
        if move % 9 == 0 and move > 20:
            positions.append(state.clone())
        state.apply(players[state.current_player].act(state))
        move += 1
    for spec in args.agents:
        agent = meeple.Agent(spec, game, seed=1)
        start, iterations = time.process_time(), 0
        for position in positions:
            agent.act(position)
            iterations += agent.iterations
        cpu = time.process_time() - start
        print(f"{spec}: {iterations / cpu:.0f} iterations a CPU second, {1000 * cpu / len(positions):.1f} ms "
              f"of CPU a decision ({len(positions)} positions)", flush=True)


if __name__ == "__main__":
    main()
