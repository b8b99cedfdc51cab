"""State.action_mask(out=...): a caller's bool or packed uint64 array filled in place,
the same actions as legal_actions, refused clearly when the array does not fit."""

from __future__ import annotations

import random

import numpy as np
import pytest

import meeple


def unpack(words: np.ndarray, n: int) -> np.ndarray:
    return np.unpackbits(words.view(np.uint8), count=n, bitorder="little").view(np.bool_)


@pytest.mark.parametrize("spec", ["tictactoe", "triangle", "catan(players=3,explicit_chance=true)", "holdem"])
def test_filled_masks_hold_the_legal_actions_at_every_step(spec: str) -> None:
    game = meeple.Game(spec)
    dense = np.zeros(game.num_actions, dtype=bool)
    packed = np.zeros(game.mask_words, dtype=np.uint64)
    rng = random.Random(1)
    state = game.new_state(4)
    while True:
        legal = state.legal_actions()
        assert state.action_mask(out=dense) is dense
        assert state.action_mask(out=packed) is packed
        fresh = state.action_mask()
        assert fresh.dtype == np.bool_ and fresh.shape == (game.num_actions,)
        assert np.flatnonzero(dense).tolist() == np.flatnonzero(fresh).tolist() == legal
        assert np.array_equal(unpack(packed, game.num_actions), dense)
        if state.is_terminal:
            break
        state.apply(rng.choice(legal))
    assert not dense.any() and not packed.any()


def test_a_wrong_out_is_refused_and_left_alone() -> None:
    game = meeple.Game("tictactoe")
    state = game.new_state(1)
    for bad in [np.zeros(8, dtype=bool), np.zeros(9, dtype=np.uint8), np.zeros(2, dtype=np.uint64),
                np.zeros(18, dtype=bool)[::2], [0] * 9]:
        with pytest.raises(TypeError, match=r"shape \(9,\)"):
            state.action_mask(out=bad)
    frozen = np.zeros(9, dtype=bool)
    frozen.flags.writeable = False
    with pytest.raises(TypeError, match="read-only"):
        state.action_mask(out=frozen)
    out = np.full(9, True)
    with pytest.raises(meeple.NotActiveError):
        state.action_mask(1, out=out)
    assert out.all()


def test_the_remembered_out_follows_the_array_given() -> None:
    state = meeple.Game("tictactoe").new_state(1)
    a, b = np.zeros(9, dtype=bool), np.zeros(9, dtype=bool)
    state.action_mask(out=a)
    state.apply(0)
    state.action_mask(out=b)
    assert a.all() and b.tolist() == [False] + [True] * 8
    state.apply(1)
    state.action_mask(out=a)
    assert a.tolist() == [False, False] + [True] * 7
