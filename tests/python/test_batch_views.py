"""Batch calls remember the C view of the arrays a loop passes every step: the results
must be those of fresh arrays, whichever arrays come and go, and a converted input
(a list, another dtype) must be read anew on every call."""

from __future__ import annotations

import numpy as np

import meeple


def first_legal(masks: np.ndarray, num_actions: int) -> np.ndarray:
    dense = np.unpackbits(masks.view(np.uint8), axis=1, count=num_actions, bitorder="little")
    return dense.argmax(axis=1).astype(np.int32)


def test_reused_arrays_give_the_results_of_fresh_ones() -> None:
    game = meeple.Game("catan(players=3)")
    reused, fresh = meeple.Batch(game, 8, seed=4, threads=1), meeple.Batch(game, 8, seed=4, threads=1)
    masks = np.zeros((8, game.mask_words), dtype=np.uint64)
    other_masks = np.zeros_like(masks)
    actions = np.zeros(8, dtype=np.int32)
    dones = np.zeros(8, dtype=bool)
    for step in range(300):
        out = masks if step % 7 else other_masks  # the remembered array changes now and then
        assert reused.masks(out) is out
        assert np.array_equal(out, fresh.masks())
        actions[:] = first_legal(out, game.num_actions)  # written in place: the view must see it
        assert reused.step_autoreset(actions, dones) is dones
        assert np.array_equal(dones, fresh.step_autoreset(actions.copy()))
    assert np.array_equal(reused.snapshot(), fresh.snapshot())


def test_a_converted_input_is_read_again_on_every_call() -> None:
    game = meeple.Game("tictactoe")
    batch = meeple.Batch(game, 2, seed=1, threads=1)
    actions = [0, 4]
    batch.step(actions)
    actions[0], actions[1] = 1, 5  # the same list, new values
    batch.step(actions)
    cells = [batch.state(i).legal_actions() for i in range(2)]
    assert 0 not in cells[0] and 1 not in cells[0] and 4 not in cells[1] and 5 not in cells[1]
    wide = np.array([2, 6], dtype=np.int64)  # converted to int32 each call
    batch.step(wide)
    wide[:] = [3, 7]
    batch.step(wide)
    cells = [batch.state(i).legal_actions() for i in range(2)]
    assert 2 not in cells[0] and 3 not in cells[0] and 6 not in cells[1] and 7 not in cells[1]
