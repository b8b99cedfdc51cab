"""Tic-tac-toe against independent implementations: a plain-Python reference written
here from the rules, and OpenSpiel's when it is installed (pip install open_spiel)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import meeple

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class Reference:
    """The rules of tic-tac-toe, written plainly: a list of cells, 'X', 'O' or ''."""

    def __init__(self, misere: bool = False) -> None:
        self.cells = [""] * 9
        self.misere = misere
        self.to_move = "X"
        self.winner: str | None = None

    def legal(self) -> list[int]:
        if self.over():
            return []
        return [i for i, c in enumerate(self.cells) if not c]

    def over(self) -> bool:
        return self.winner is not None or all(self.cells)

    def play(self, cell: int) -> None:
        assert cell in self.legal()
        self.cells[cell] = self.to_move
        if any(all(self.cells[i] == self.to_move for i in line) for line in LINES):
            other = "O" if self.to_move == "X" else "X"
            self.winner = other if self.misere else self.to_move
        self.to_move = "O" if self.to_move == "X" else "X"

    def returns(self) -> list[float]:
        if self.winner == "X":
            return [1.0, -1.0]
        if self.winner == "O":
            return [-1.0, 1.0]
        return [0.0, 0.0]


@pytest.mark.parametrize("misere", [False, True])
def test_meeple_agrees_with_the_reference_on_random_games(misere):
    game = meeple.Game(f"tictactoe(misere={str(misere).lower()})")
    rng = random.Random(11)
    for seed in range(500):
        ours, ref = game.new_state(seed), Reference(misere)
        while True:
            assert ours.legal_actions() == ref.legal()
            assert ours.is_terminal == ref.over()
            board = [c or "." for c in ref.cells]
            assert [cell for row in ours.view()["board"] for cell in row] == board
            if ref.over():
                assert ours.returns.tolist() == ref.returns()
                break
            assert ours.current_player == (0 if ref.to_move == "X" else 1)
            action = rng.choice(ref.legal())
            ours.apply(action)
            ref.play(action)


def test_meeple_agrees_with_openspiel_on_random_games(require_peer):
    pyspiel = require_peer("pyspiel", extra="game-peers")
    game = meeple.Game("tictactoe")
    spiel = pyspiel.load_game("tic_tac_toe")
    rng = random.Random(5)
    for seed in range(300):
        ours, theirs = game.new_state(seed), spiel.new_initial_state()
        while not theirs.is_terminal():
            assert ours.legal_actions() == theirs.legal_actions()
            assert ours.current_player == theirs.current_player()
            action = rng.choice(theirs.legal_actions())
            ours.apply(action)
            theirs.apply_action(action)
        assert ours.is_terminal
        assert np.array_equal(ours.returns, np.array(theirs.returns()))
