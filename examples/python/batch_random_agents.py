"""Random agents on 1,024 games at once: the loop of an RL trainer with no per-game
Python call. Each step reads all legal-action masks into one NumPy array, picks a
uniform legal action per slot in NumPy, and steps every game with one call; finished
games restart by themselves and their results are read from ``episodes()``.

Usage: python examples/python/batch_random_agents.py
"""

from __future__ import annotations

import numpy as np

import meeple


def main(spec: str = "tictactoe", steps: int = 200) -> None:
    batch = meeple.Batch(spec, 1024, seed=1)
    rng = np.random.default_rng(1)
    masks = batch.dense_masks()
    actions = np.empty(batch.n, dtype=np.int32)
    dones = np.empty(batch.n, dtype=bool)
    wins = np.zeros(batch.num_players, dtype=np.int64)
    finished = draws = 0
    for _ in range(steps):
        # The largest of uniform draws over the legal actions is a uniform legal action.
        draws_ = rng.random(masks.shape)
        draws_[~masks] = -1.0
        actions[:] = draws_.argmax(axis=1)
        batch.step_autoreset(actions, dones)
        if dones.any():
            ended = batch.episodes()
            winners = ended.winner[dones]
            finished += len(winners)
            draws += int((winners < 0).sum())
            np.add.at(wins, winners[winners >= 0], 1)
        batch.dense_masks(out=masks)
    print(f"{spec}: {finished} games finished in {steps} steps of {batch.n} slots")
    for seat, count in enumerate(wins):
        print(f"  seat {seat} won {count / max(finished, 1):.1%}")
    print(f"  no winner: {draws / max(finished, 1):.1%}")
    assert batch.illegal_counts.sum() == 0, "every action came from a legal mask"


if __name__ == "__main__":
    main()
