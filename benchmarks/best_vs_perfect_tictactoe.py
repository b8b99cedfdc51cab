"""Plays an agent (default `best`) against a perfect tic-tac-toe player from both seats and
counts its losses (a perfect player never loses; against one, the best result is a draw).

The perfect player is exhaustive minimax over snapshots, as examples/python/solve_tictactoe.py
solves the game; it picks at random among its optimal moves, so the games differ.

Run: python benchmarks/best_vs_perfect_tictactoe.py --games 100 --seed 1 [--agent SPEC]
"""

from __future__ import annotations

import argparse
import functools
import random

import meeple

GAME = meeple.Game("tictactoe")


@functools.lru_cache(maxsize=None)
def value(snapshot: bytes) -> float:
    """The game value for X (+1 win, 0 draw, -1 loss) under perfect play."""
    state = GAME.restore(snapshot)
    if state.is_terminal:
        return float(state.returns[0])
    results = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        results.append(value(child.snapshot()))
    return max(results) if state.current_player == 0 else min(results)


def perfect_move(state: meeple.State, rng: random.Random) -> int:
    sign = 1.0 if state.current_player == 0 else -1.0
    scored = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        scored.append((sign * value(child.snapshot()), action))
    top = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v == top])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agent", default="best")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tally = {"win": 0, "draw": 0, "loss": 0}
    for g in range(args.games):
        seat = g % 2
        agent = meeple.Agent(args.agent, GAME, seed=args.seed * 100003 + g)
        state = GAME.new_state(seed=g)
        while not state.is_terminal:
            move = agent.act(state) if state.current_player == seat else perfect_move(state, rng)
            state.apply(move)
        r = state.returns[seat]
        tally["win" if r > 0 else "loss" if r < 0 else "draw"] += 1
    print(f"{args.agent} ({meeple.Agent(args.agent, GAME, seed=0).spec}) against a perfect player, "
          f"{args.games} games, seats alternating, seed {args.seed}: {tally}")


if __name__ == "__main__":
    main()
