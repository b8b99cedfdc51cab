"""VectorEnv's step, held to the bytes it gave before its fast path (issue 35): random
play in every game, with and without opponents, at 1 and 2 threads; the observations,
masks, rewards, terminations, truncations and infos of every step are hashed (values,
dtypes, shapes and key order) against digests recorded from the step as it was."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

import meeple

# (spec, seat, opponents, games, steps, seed) -> (digest, games ended). Recorded with
# the VectorEnv of commit f43c3da, before the fast path; the two Hold'em rows since the
# fix of final_info's returns (read before the restart: test_vector_env_episodes.py),
# which is the only change in their bytes.
PINNED = {
    ("triangle", 0, None, 9, 150, 11): ("0e81f56321eabf4e804456fcef1805d795f83cf4c3b342446988caaea8002136", 64),
    ("tictactoe", 0, None, 9, 60, 12): ("df10544ecd245751f23540d1de2793d19c2858d61714705f58ef4345b4a9c1f0", 122),
    ("tictactoe", 1, "heuristic", 9, 60, 13): ("be4604bafdd284a7916a9e2218f1c45b722738afa13270e4664df89276d10b09",
                                               231),
    ("holdem", 0, None, 9, 120, 14): ("512097609f2970370287f7df208e5d5c2d24bc3b5bcaeeb8e2cb2af83fcb2ceb", 522),
    ("holdem", 1, "random", 9, 120, 15): ("140bc48965e8a5bf0e1a89523454c722dc617b6ed6ebbef472f60e51af27b231", 516),
    ("catan", 0, None, 4, 2500, 16): ("fb21051c4dab5a23a2e7dd5642716919dae2b69ae83598d93c3b842ac8536a59", 9),
}


@pytest.fixture
def gym(require_peer):
    return require_peer("gymnasium", extra="gym")


def _feed(h, x) -> None:
    """Hashes x: dicts in key order, object arrays element by element, arrays with
    their dtype and shape."""
    if x is None:
        h.update(b"N")
    elif isinstance(x, dict):
        h.update(b"D%d" % len(x))
        for k, v in x.items():
            h.update(k.encode() + b"=")
            _feed(h, v)
    elif isinstance(x, np.ndarray) and x.dtype == object:
        h.update(b"O" + str(x.shape).encode())
        for v in x.flat:
            _feed(h, v)
    else:
        a = np.asarray(x)
        h.update(a.dtype.str.encode() + str(a.shape).encode())
        h.update(np.ascontiguousarray(a).tobytes())


def _play(spec, seat, opponents, n, steps, seed, threads):
    from meeple.envs import VectorEnv

    vec = VectorEnv(spec, num_envs=n, seat=seat, opponents=opponents, threads=threads)
    h = hashlib.sha256()
    obs, info = vec.reset(seed=seed)
    _feed(h, obs)
    _feed(h, info)
    rng = np.random.default_rng(seed)
    ended = 0
    for _ in range(steps):
        # A uniformly random legal action in each game.
        actions = np.argmax(rng.random(obs["action_mask"].shape) * obs["action_mask"], axis=1)
        out = vec.step(actions)
        for x in out:
            _feed(h, x)
        ended += int(out[2].sum() + out[3].sum())
        obs = out[0]
    return h.hexdigest(), ended


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("case", list(PINNED), ids=lambda c: f"{c[0]}-seat{c[1]}-{c[2]}")
def test_vector_env_steps_give_the_pinned_bytes(gym, case, threads):
    assert _play(*case, threads=threads) == PINNED[case]


def test_every_game_is_pinned_with_games_that_end(gym):
    assert {c[0] for c in PINNED} == set(meeple.games())
    assert all(ended > 0 for _, ended in PINNED.values())


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16", "uint32", "int64", "uint64", ">i4", "<i8"])
def test_actions_of_any_integer_dtype_and_byte_order_step_the_same_games(gym, dtype):
    from meeple.envs import VectorEnv

    runs = []
    for kind in ("int64", dtype):
        vec = VectorEnv("tictactoe", num_envs=5, opponents="random")
        obs, _ = vec.reset(seed=3)
        seen = []
        for _ in range(12):
            actions = np.argmax(obs["action_mask"], axis=1).astype(kind)
            obs, rewards, terms, truncs, _ = vec.step(actions)
            seen.append((obs["observation"].tobytes(), rewards.tobytes(), terms.tobytes()))
        runs.append(seen)
    assert runs[0] == runs[1]


@pytest.mark.parametrize("bad", [-1, 9, 2**32, 2**32 + 4, -(2**32) + 4])
def test_an_action_out_of_range_is_refused_whatever_it_wraps_to(gym, bad):
    from meeple.envs import VectorEnv

    vec = VectorEnv("tictactoe", num_envs=3, opponents="random")
    obs, _ = vec.reset(seed=4)
    before = vec.batch.snapshot()
    actions = np.argmax(obs["action_mask"], axis=1).astype(np.int64)
    actions[2] = bad  # 2**32 + 4 is 4 in int32, a legal move
    with pytest.raises(meeple.IllegalActionError, match=rf"actions\[2\] = {bad} is illegal in game 2"):
        vec.step(actions)
    np.testing.assert_array_equal(vec.batch.snapshot(), before)


def test_final_obs_of_a_game_is_its_own_row_refilled_when_it_ends_again(gym):
    from meeple.envs import VectorEnv

    vec = VectorEnv("tictactoe", num_envs=4, opponents="random")
    obs, _ = vec.reset(seed=5)
    kept = {}
    for _ in range(40):
        obs, _, terms, truncs, infos = vec.step(np.argmax(obs["action_mask"], axis=1))
        for i in np.flatnonzero(terms | truncs):
            final = infos["final_obs"][i]
            assert final is kept.setdefault(i, final)  # the same dict every time game i ends
            assert final["observation"].base is not None and not final["action_mask"].any()
    assert kept
