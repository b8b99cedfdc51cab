"""VectorEnv's final_info of an ended game describes that game: its returns agree with
the episode's summed rewards for the seat, also when the next game in the slot ends
before the seat acts (a Hold'em hand folded round to it, skipped at the restart)."""

from __future__ import annotations

import numpy as np
import pytest


@pytest.fixture
def gym(require_peer):
    return require_peer("gymnasium", extra="gym")


@pytest.mark.parametrize(("spec", "seat", "opponents"), [
    ("holdem", 1, "random"),
    ("holdem", 0, "random"),
    ("tictactoe", 1, "heuristic"),
])
def test_final_returns_are_the_ended_games_own(gym, spec, seat, opponents):
    from meeple.envs import VectorEnv

    vec = VectorEnv(spec, num_envs=9, seat=seat, opponents=opponents)
    _, _ = vec.reset(seed=15)
    rng = np.random.default_rng(15)
    ended = 0
    for _ in range(150):
        masks = vec.action_masks()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)
        _, _, term, trunc, infos = vec.step(actions)
        if not infos:
            continue
        info, done = infos["final_info"], infos["_final_info"]
        np.testing.assert_array_equal(done, term | trunc)
        np.testing.assert_allclose(info["returns"][done, seat], info["episode_return"][done], atol=1e-4)
        ended += int(done.sum())
    assert ended > 100


@pytest.mark.parametrize("opponents", [None, "random"])
def test_a_turn_cap_reads_as_truncation_not_termination(gym, opponents):
    # Three turns of Catan end every game at the cap, none won: each ended game is a
    # truncation, and its final_info and mask say so.
    from meeple.envs import VectorEnv

    vec = VectorEnv("catan(max_turns=3)", num_envs=6, opponents=opponents)
    obs, _ = vec.reset(seed=16)
    rng = np.random.default_rng(16)
    truncated = 0
    for _ in range(400):
        actions = np.argmax(rng.random(obs["action_mask"].shape) * obs["action_mask"], axis=1)
        obs, _, term, trunc, infos = vec.step(actions)
        assert not term.any()
        if infos:
            np.testing.assert_array_equal(infos["_final_info"], trunc)
        truncated += int(trunc.sum())
    assert truncated > 6
