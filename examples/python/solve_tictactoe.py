"""Solves tic-tac-toe by exhaustive minimax through the meeple API, using clone() and
snapshots, and prints the value of the opening position and of each first move.

Run: python examples/python/solve_tictactoe.py
"""

from __future__ import annotations

import functools

import meeple

GAME = meeple.Game("tictactoe")


@functools.lru_cache(maxsize=None)
def value(snapshot: bytes) -> float:
    """The game value for X (+1 win, 0 draw, -1 loss) under perfect play."""
    state = GAME.restore(snapshot)
    if state.is_terminal:
        return float(state.returns[0])
    best = max if state.current_player == 0 else min
    results = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        results.append(value(child.snapshot()))
    return best(results)


def main() -> None:
    root = GAME.new_state(seed=0)
    print(f"value of the empty board for X: {value(root.snapshot()):+.0f}")
    for action in root.legal_actions():
        child = root.clone()
        child.apply(action)
        print(f"  X {GAME.action_name(action)}: {value(child.snapshot()):+.0f}")
    print(f"positions evaluated: {value.cache_info().currsize}")


if __name__ == "__main__":
    main()
