"""Batch.restarted_observations gives final_observations' rows of the restarted slots
only, in slot order, and nothing else."""

from __future__ import annotations

import numpy as np

import meeple


def test_restarted_rows_are_the_final_observations_of_the_ended_games() -> None:
    game = meeple.Game("tictactoe")
    batch = meeple.Batch(game, 16, seed=3, threads=1)
    rng = np.random.default_rng(0)
    dones = np.zeros(16, dtype=np.bool_)
    seats = np.arange(16, dtype=np.int32) % 2
    seen = 0
    for _ in range(40):
        masks = batch.dense_masks()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int32)
        batch.step_autoreset(actions, dones)
        rows = batch.restarted_observations(seats=seats)
        full = batch.final_observations(seats=seats)
        assert rows.shape == (int(dones.sum()), game.obs_size)
        np.testing.assert_array_equal(rows, full[dones])
        np.testing.assert_array_equal(batch.restarted_observations(), batch.final_observations()[dones])
        seen += len(rows)
    assert seen > 16
