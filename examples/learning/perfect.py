"""A perfect tic-tac-toe player, for measuring: negamax over the whole game tree,
memoised by position, with a random choice among the moves of equal (best) value, so
that it plays every optimal line and not just one."""

from __future__ import annotations

from typing import Any

import numpy as np


class PerfectTicTacToe:
    name = "perfect"

    def __init__(self) -> None:
        self._memo: dict[int, float] = {}
        self._rng = np.random.default_rng(0)

    def reset(self, seed: int) -> None:
        self._rng = np.random.default_rng(seed)

    def _value(self, state: Any) -> float:
        """The value for the seat to act under perfect play of both."""
        key = state.position_hash
        if key in self._memo:
            return self._memo[key]
        best = -2.0
        seat = state.current_player
        for a in state.legal_actions():
            child = state.clone()
            child.apply(a)
            v = float(child.returns[seat]) if child.is_terminal else -self._value(child)
            best = max(best, v)
        self._memo[key] = best
        return best

    def act(self, state: Any) -> int:
        seat = state.current_player
        scored = []
        for a in state.legal_actions():
            child = state.clone()
            child.apply(a)
            scored.append(float(child.returns[seat]) if child.is_terminal else -self._value(child))
        best = max(scored)
        options = [a for a, v in zip(state.legal_actions(), scored) if v == best]
        return int(options[int(self._rng.integers(len(options)))])
