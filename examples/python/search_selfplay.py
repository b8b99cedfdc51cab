"""Self-play with batched search: 64 tic-tac-toe games at once, one search per game,
every leaf of every search evaluated in one NumPy call per round.

The evaluator here is a stand-in for a network: it values a position by the number of
lines each seat could still complete. Swap in onnxruntime or PyTorch and nothing else
changes. Perfect play draws tic-tac-toe, so a good search should rarely lose a game.
"""

from __future__ import annotations

import numpy as np

import meeple

LINES = np.array([[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]])


def open_lines(obs: np.ndarray, players: np.ndarray) -> np.ndarray:
    """Values per seat: lines still open to the seat to act minus those open to the other."""
    mine, theirs = obs[:, 0:9], obs[:, 9:18]  # the observation's own and opponent planes
    open_mine = (theirs[:, LINES].sum(axis=2) == 0).sum(axis=1)
    open_theirs = (mine[:, LINES].sum(axis=2) == 0).sum(axis=1)
    v = np.tanh((open_mine - open_theirs) / 4).astype(np.float32)
    values = np.empty((len(obs), 2), dtype=np.float32)
    values[np.arange(len(obs)), players] = v
    values[np.arange(len(obs)), 1 - players] = -v
    return values


def main() -> None:
    games = 64
    batch = meeple.Batch("tictactoe", games, seed=1, threads=1)
    search = meeple.Search("mcts(evaluator=external,iterations=300,batch=8,seed=1)", batch, threads=0)
    moves = 0
    while not batch.status()[:, 0].all():
        search.set_roots(batch)
        search.run(lambda obs, masks, players: open_lines(obs, players))
        batch.step(search.actions())  # idle roots (finished games) give NO_ACTION
        moves += 1
    results = batch.episodes()
    draws = int((results.winner == -1).sum())
    print(f"{games} games of self-play in {moves} rounds: {draws} draws, "
          f"{games - draws} decided")


if __name__ == "__main__":
    main()
