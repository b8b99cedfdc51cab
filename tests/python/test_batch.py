"""meeple.Batch against meeple.State: the same seeds and actions give the same games,
at every thread count, for every registered game; arrays are checked exactly; illegal
actions are counted and isolated; finished games are recorded and restarted by the
rules of docs/batch.md."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

import meeple
from meeple.batch import ACTOR_CHANCE, NOBODY, STATUS_FIELDS, derive_seed

GAMES = meeple.games()
# Specs that exercise more of the batch: explicit chance makes the chance player act.
SPECS = GAMES + (["catan(explicit_chance=true)"] if "catan" in GAMES else [])
MASK64 = (1 << 64) - 1


def splitmix64(x: int) -> int:
    """The first output of SplitMix64 from state x (an independent reimplementation)."""
    z = (x + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def expected_seed(seed: int, index: int) -> int:
    return splitmix64(splitmix64(seed) ^ index)


def acting(state: meeple.State) -> int | None:
    players = state.active_players
    if not players:
        return None
    return meeple.CHANCE if meeple.CHANCE in players else min(players)


def random_actions(batch: meeple.Batch, rng: np.random.Generator) -> np.ndarray:
    """Mostly legal actions, with NO_ACTION, out-of-range and random (often illegal) ones."""
    dense = batch.dense_masks()
    actions = np.empty(batch.n, dtype=np.int32)
    for i in range(batch.n):
        r = rng.integers(20)
        legal = np.flatnonzero(dense[i])
        if r == 0:
            actions[i] = meeple.NO_ACTION
        elif r == 1:
            actions[i] = batch.num_actions + rng.integers(3)
        elif r == 2 or len(legal) == 0:
            actions[i] = rng.integers(batch.num_actions)
        else:
            actions[i] = rng.choice(legal)
    return actions


def all_reads(batch: meeple.Batch) -> dict[str, np.ndarray]:
    ep = batch.episodes()
    return {
        "masks": batch.masks(), "dense": batch.dense_masks(), "actors": batch.actors(),
        "status": batch.status(), "obs": batch.observations(), "rewards": batch.rewards(),
        "snapshot": batch.snapshot(), "illegal": batch.illegal_counts,
        "episodes": np.concatenate([np.stack(ep[:4], axis=1).view(np.uint8).ravel(), ep.returns.view(np.uint8).ravel()]),
        "public_obs": batch.observations(seats=np.full(batch.n, meeple.PUBLIC, dtype=np.int32)),
    }


@pytest.mark.parametrize("name", SPECS)
def test_results_are_bit_identical_at_one_two_and_four_threads(name):
    batches = [meeple.Batch(name, 97, seed=5, threads=t) for t in (1, 2, 4)]
    rng = np.random.default_rng(1)
    for step in range(40):
        actions = random_actions(batches[0], rng)
        step_fn = "step_autoreset" if step % 3 else "step"
        dones = [getattr(b, step_fn)(actions) for b in batches]
        reads = [all_reads(b) for b in batches]
        for other_dones, other in zip(dones[1:], reads[1:]):
            assert np.array_equal(dones[0], other_dones)
            for key, value in reads[0].items():
                assert value.tobytes() == other[key].tobytes(), (step, key)


@pytest.mark.parametrize("name", SPECS)
def test_a_step_with_masks_and_observations_equals_a_step_then_the_reads(name):
    apart = meeple.Batch(name, 97, seed=3, threads=1)
    fused = [meeple.Batch(name, 97, seed=3, threads=t) for t in (1, 2)]
    masks = np.empty((97, apart.mask_words), dtype=np.uint64)
    obs = np.empty((97, apart.obs_size), dtype=np.float32)
    rng = np.random.default_rng(4)
    for step in range(30):
        actions = random_actions(apart, rng)
        autoreset = step % 3 != 0
        dones = (apart.step_autoreset if autoreset else apart.step)(actions)
        want = all_reads(apart)
        for batch in fused:
            masks.fill(0)
            obs.fill(np.nan)
            got = (batch.step_autoreset if autoreset else batch.step)(actions, masks=masks, observations=obs)
            assert np.array_equal(got, dones)
            assert masks.tobytes() == want["masks"].tobytes()
            assert obs.tobytes() == want["obs"].tobytes()
            for key, value in all_reads(batch).items():
                assert value.tobytes() == want[key].tobytes(), (step, key)


def test_a_step_reads_only_the_arrays_it_is_given_and_checks_them_first():
    batch = meeple.Batch("tictactoe", 4, seed=2)
    actions = np.array([0, 1, 2, 3], dtype=np.int32)
    masks = np.zeros((4, 1), dtype=np.uint64)
    batch.step(actions, masks=masks)
    assert np.array_equal(masks, batch.masks())
    obs = np.zeros((4, batch.obs_size), dtype=np.float32)
    batch.step_autoreset(np.full(4, meeple.NO_ACTION, dtype=np.int32), observations=obs)
    assert np.array_equal(obs, batch.observations())
    before = batch.snapshot()
    for kwargs, name in (({"masks": np.zeros((4, 1), dtype=np.int64)}, "masks"),
                         ({"masks": np.zeros((5, 1), dtype=np.uint64)}, "masks"),
                         ({"observations": np.zeros((4, batch.obs_size), dtype=np.float64)}, "observations"),
                         ({"observations": np.zeros((4, batch.obs_size + 1), dtype=np.float32)}, "observations")):
        with pytest.raises(TypeError, match=rf"{name} must be .* dtype"):
            batch.step_autoreset(np.array([4, 5, 6, 7], dtype=np.int32), **kwargs)
    assert np.array_equal(batch.snapshot(), before)
    assert batch.illegal_counts.tolist() == [0] * 4


@pytest.mark.parametrize("name", SPECS)
def test_a_batch_steps_each_game_as_state_apply_does_alone(name):
    game = meeple.Game(name)
    seeds = np.arange(1000, 1033, dtype=np.uint64) * 3
    batch = meeple.Batch.seeded(game, seeds, threads=2)
    states = [game.new_state(int(s)) for s in seeds]
    games_started = [0] * len(states)
    illegal = [0] * len(states)
    chance_turns = 0
    rng = np.random.default_rng(2)
    for step in range(60):
        actions = random_actions(batch, rng)
        autoreset = step % 2 == 1
        dones = batch.step_autoreset(actions) if autoreset else batch.step(actions)
        for i, state in enumerate(states):
            a = int(actions[i])
            if a != meeple.NO_ACTION:
                player = acting(state)
                try:
                    if player is None:
                        raise meeple.WrongStateError("over")
                    state.apply(a, player)
                except meeple.MeepleError:
                    illegal[i] += 1
            assert dones[i] == state.is_terminal
            if autoreset and state.is_terminal:
                games_started[i] += 1
                states[i] = game.new_state(expected_seed(int(seeds[i]), games_started[i]))
        snapshot = batch.snapshot()
        masks = batch.dense_masks()
        obs = batch.observations()
        status = batch.status()
        for i, state in enumerate(states):
            assert snapshot[i].tobytes() == state.snapshot()
            player = acting(state)
            chance_turns += player == meeple.CHANCE
            want_mask = state.action_mask(player) if player is not None else np.zeros(game.num_actions, bool)
            assert np.array_equal(masks[i], want_mask)
            viewer = player if player is not None and player >= 0 else meeple.PUBLIC
            assert obs[i].tobytes() == state.observation(viewer).tobytes()
            assert status[i, STATUS_FIELDS.index("done")] == state.is_terminal
            assert status[i, STATUS_FIELDS.index("turn")] == state.move_number
            assert status[i, STATUS_FIELDS.index("current_player")] == (NOBODY if player is None else player)
    assert batch.illegal_counts.tolist() == illegal
    assert chance_turns > 0 or "explicit_chance=true" not in name


def test_slot_seeds_follow_the_documented_derivation():
    assert derive_seed(0, 0) == expected_seed(0, 0)
    for seed, index in [(0, 1), (42, 7), (2**64 - 1, 2**40)]:
        assert derive_seed(seed, index) == expected_seed(seed, index)
    game = meeple.Game("tictactoe")
    batch = meeple.Batch(game, 5, seed=42)
    for i in range(5):
        assert batch.state(i).snapshot() == game.new_state(expected_seed(42, i)).snapshot()


def test_illegal_actions_are_counted_and_touch_no_other_slot():
    batch = meeple.Batch("tictactoe", 4, seed=1, threads=2)
    batch.step(np.array([4, 4, 4, 4], dtype=np.int32))
    before = batch.snapshot()
    dones = batch.step(np.array([4, 9, -3, 0], dtype=np.int32))  # occupied, out of range, negative, legal
    after = batch.snapshot()
    assert not dones.any()
    assert np.array_equal(before[:3], after[:3])
    assert not np.array_equal(before[3], after[3])
    assert batch.illegal_counts.tolist() == [1, 1, 1, 0]
    assert batch.rewards().tolist() == [[0, 0]] * 4


def test_no_action_leaves_a_slot_unchanged_and_uncounted():
    batch = meeple.Batch("tictactoe", 3, seed=1)
    before = batch.snapshot()
    batch.step(np.full(3, meeple.NO_ACTION, dtype=np.int32))
    assert np.array_equal(batch.snapshot(), before)
    assert batch.illegal_counts.tolist() == [0, 0, 0]


def play_top_row(batch: meeple.Batch, autoreset: bool) -> np.ndarray:
    dones = None
    for cell in (0, 3, 1, 4, 2):  # X takes the top row on the fifth move
        actions = np.array([cell, meeple.NO_ACTION], dtype=np.int32)
        dones = batch.step_autoreset(actions) if autoreset else batch.step(actions)
    return dones


def test_step_keeps_a_finished_game_and_reports_its_end():
    batch = meeple.Batch("tictactoe", 2, seed=3)
    dones = play_top_row(batch, autoreset=False)
    assert dones.tolist() == [True, False]
    assert batch.rewards().tolist() == [[1, -1], [0, 0]]
    done, winner, turn, current, truncated = batch.status()[0]
    assert (done, winner, turn, current, truncated) == (1, 0, 5, NOBODY, 0)
    assert batch.actors().tolist() == [0, 1]
    finished = batch.snapshot()
    assert batch.step(np.array([8, meeple.NO_ACTION], dtype=np.int32)).tolist() == [True, False]
    assert np.array_equal(batch.snapshot(), finished)
    assert batch.illegal_counts.tolist() == [1, 0]


def test_autoreset_restarts_a_finished_slot_and_records_how_it_ended():
    game = meeple.Game("tictactoe")
    batch = meeple.Batch.seeded(game, np.array([77, 78], dtype=np.uint64))
    for k in (1, 2):
        dones = play_top_row(batch, autoreset=True)
        assert dones.tolist() == [True, False]
        assert batch.rewards().tolist() == [[1, -1], [0, 0]]  # the ended game's last reward
        ep = batch.episodes()
        assert ep.count.tolist() == [k, 0]
        assert ep.winner.tolist() == [0, -1]
        assert ep.truncated.tolist() == [0, 0]
        assert ep.length.tolist() == [5, 0]
        assert ep.returns.tolist() == [[1, -1], [0, 0]]
        assert batch.state(0).snapshot() == game.new_state(expected_seed(77, k)).snapshot()
        assert batch.status()[0, 0] == 0


def test_a_draw_has_no_winner():
    batch = meeple.Batch("tictactoe", 1)
    for cell in (0, 1, 2, 4, 3, 5, 7, 6, 8):
        batch.step(np.array([cell], dtype=np.int32))
    assert batch.status()[0].tolist()[:2] == [1, -1]
    assert batch.episodes().winner.tolist() == [-1]


@pytest.mark.parametrize("method", ["masks", "dense_masks", "actors", "status", "observations", "rewards", "snapshot"])
def test_reads_fill_the_callers_array_in_place(method):
    batch = meeple.Batch("tictactoe", 6, seed=2)
    fresh = getattr(batch, method)()
    out = np.zeros_like(fresh)
    assert getattr(batch, method)(out=out) is out
    assert np.array_equal(out, fresh)


OUT_SPECS = {
    "masks": (np.uint64, lambda b: (b.n, b.mask_words)),
    "dense_masks": (np.bool_, lambda b: (b.n, b.num_actions)),
    "actors": (np.int32, lambda b: (b.n,)),
    "status": (np.int32, lambda b: (b.n, 5)),
    "observations": (np.float32, lambda b: (b.n, b.obs_size)),
    "rewards": (np.float32, lambda b: (b.n, b.num_players)),
    "snapshot": (np.uint8, lambda b: (b.n, b.snapshot_size)),
}


@pytest.mark.parametrize("method", sorted(OUT_SPECS))
def test_a_wrong_output_array_raises_type_error_naming_dtype_and_shape(method):
    batch = meeple.Batch("tictactoe", 4)
    dtype, shape_of = OUT_SPECS[method]
    shape = shape_of(batch)
    wrong_dtype = np.uint16 if np.dtype(dtype) != np.uint16 else np.int16
    bad = [
        np.zeros(shape, dtype=wrong_dtype),
        np.zeros((shape[0] + 1,) + shape[1:], dtype=dtype),
        np.zeros((shape[0] * 2,) + shape[1:], dtype=dtype)[::2],  # right shape, not contiguous
        [[0] * (shape[1] if len(shape) > 1 else 1)] * shape[0],  # not an array
    ]
    readonly = np.zeros(shape, dtype=dtype)
    readonly.flags.writeable = False
    bad.append(readonly)
    for arr in bad:
        with pytest.raises(TypeError, match=rf"dtype {np.dtype(dtype).name} and shape \({shape[0]},"):
            getattr(batch, method)(out=arr)


def test_wrong_action_dones_seats_and_load_arrays_raise_type_error():
    batch = meeple.Batch("tictactoe", 4)
    before = batch.snapshot()
    for actions in (np.zeros(5, dtype=np.int32), np.zeros((4, 1), dtype=np.int32), [0, 1, 2],
                    np.zeros(4, dtype=np.float32), ["a", "b", "c", "d"], np.zeros(4, dtype=bool)):
        with pytest.raises(TypeError, match=r"actions must (have shape \(4,\)|hold integers)"):
            batch.step(actions)
        with pytest.raises(TypeError, match="actions"):
            batch.step_autoreset(actions)
    with pytest.raises(TypeError, match=r"dones must be .* dtype bool and shape \(4,\)"):
        batch.step(np.zeros(4, dtype=np.int32), dones=np.zeros(4, dtype=np.uint8))
    with pytest.raises(TypeError, match=r"seats must (have shape \(4,\)|hold integers)"):
        batch.observations(seats=np.zeros(4, dtype=np.float64))
    with pytest.raises(TypeError, match="data must be"):
        batch.load(before.tobytes())
    with pytest.raises(TypeError, match="seeds must"):
        meeple.Batch.seeded("tictactoe", np.zeros((3, 2), dtype=np.uint64))
    assert np.array_equal(batch.snapshot(), before)
    assert batch.illegal_counts.tolist() == [0] * 4


def test_inputs_take_any_integer_dtype_and_lists_with_range_checks():
    # np.argmax gives int64; a list of ints, a strided view and uint8 all play alike
    want = meeple.Batch("tictactoe", 4, seed=2)
    want.step(np.array([0, 1, 2, 3], dtype=np.int32))
    for actions in (np.array([0, 1, 2, 3], dtype=np.int64), [0, 1, 2, 3], np.arange(8, dtype=np.int32)[::2] // 2,
                    np.array([0, 1, 2, 3], dtype=np.uint8)):
        batch = meeple.Batch("tictactoe", 4, seed=2)
        batch.step(actions)
        assert np.array_equal(batch.snapshot(), want.snapshot())
    batch = meeple.Batch("tictactoe", 4, seed=2)
    before = batch.snapshot()
    with pytest.raises(ValueError, match=r"actions\[2\] is 4294967296, outside the range of int32"):
        batch.step(np.array([0, 0, 2**32, 0], dtype=np.int64))
    with pytest.raises(ValueError, match=r"seeds\[1\] is -1"):
        batch.reseed(seeds=[5, -1, 0, 0])
    assert np.array_equal(batch.snapshot(), before)
    seeded = meeple.Batch.seeded("tictactoe", [1, 2, 2**64 - 1])
    assert [seeded.state(i).snapshot() for i in range(3)] == \
        [meeple.Game("tictactoe").new_state(s).snapshot() for s in (1, 2, 2**64 - 1)]
    seats = batch.observations(seats=[0, 1, meeple.PUBLIC, meeple.ALL])
    assert np.array_equal(seats, batch.observations(seats=np.array([0, 1, -2, -3], dtype=np.int32)))
    with pytest.raises(meeple.OutOfRangeError):
        batch.observations(seats=[0, 1, 2, 0])


def test_final_observations_and_states_are_those_of_the_replaced_games():
    g = meeple.Game("tictactoe")
    batch = meeple.Batch.seeded(g, [3, 4])
    lone = g.new_state(3)
    for cell in (0, 3, 1, 4, 2):  # X takes the top row in slot 0; slot 1 waits
        dones = batch.step_autoreset([cell, meeple.NO_ACTION])
        lone.apply(cell)
    assert dones.tolist() == [True, False]
    assert batch.state(0).move_number == 0  # a new game
    final = batch.final_observations()
    assert np.array_equal(final[0], lone.observation(meeple.PUBLIC))
    assert not final[1].any()
    assert np.array_equal(batch.final_observations(seats=[1, 0])[0], lone.observation(1))
    assert batch.final_state(0) == lone  # the whole state, generator included
    assert batch.rewards()[0].tolist() == [1.0, -1.0]  # the final reward
    with pytest.raises(meeple.WrongStateError):
        batch.final_state(1)
    batch.step_autoreset([meeple.NO_ACTION] * 2)
    assert not batch.final_observations().any()


def test_episode_stats_cover_the_games_since_the_last_read():
    batch = meeple.Batch.seeded("tictactoe", [3, 4], threads=2)
    x_wins, o_wins = [0, 3, 1, 4, 2, meeple.NO_ACTION], [1, 0, 2, 3, 8, 6]
    for a, b in zip(x_wins, o_wins):
        batch.step_autoreset([a, b])
    stats = batch.take_episode_stats()
    assert (stats.episodes, stats.truncated, stats.mean_length) == (2, 0, 5.5)
    assert stats.mean_returns.tolist() == [0.0, 0.0]
    assert not np.signbit(stats.mean_returns).any()
    empty = batch.take_episode_stats()
    assert empty.episodes == 0 and empty.mean_length == 0.0 and not empty.mean_returns.any()


def test_reset_restarts_only_the_chosen_slots():
    g = meeple.Game("tictactoe")
    batch = meeple.Batch.seeded(g, [3, 4, 5])
    batch.step([4, 4, 4])
    batch.reset([0])  # the next restart seed, as an autoreset would use
    assert batch.state(0) == g.new_state(derive_seed(3, 1))
    assert batch.state(1).move_number == 1 and batch.state(2).move_number == 1
    batch.reset(np.array([False, True, True]), seeds=[77, 78])
    assert batch.state(1) == g.new_state(77) and batch.state(2) == g.new_state(78)
    batch.reset([-1])  # from the end; its seed line is now 78
    assert batch.state(2) == g.new_state(derive_seed(78, 1))
    assert batch.episodes().count.tolist() == [0, 0, 0]  # abandoned games are not episodes
    assert not batch.rewards().any()
    with pytest.raises(IndexError):
        batch.reset([3])
    with pytest.raises(ValueError, match="twice"):
        batch.reset([1, 1])
    with pytest.raises(TypeError):
        batch.reset(np.array([True, False]))
    with pytest.raises(TypeError, match="seeds must have shape"):
        batch.reset([0, 1], seeds=[1])


def test_observations_from_given_seats_match_state_observation():
    batch = meeple.Batch("tictactoe", 4, seed=9)
    batch.step(np.array([0, 1, 2, 3], dtype=np.int32))
    seats = np.array([0, 1, meeple.PUBLIC, meeple.ALL], dtype=np.int32)
    obs = batch.observations(seats=seats)
    for i, seat in enumerate(seats):
        assert obs[i].tobytes() == batch.state(i).observation(int(seat)).tobytes()
    with pytest.raises(meeple.OutOfRangeError, match=r"viewers\[1\] is 2"):
        batch.observations(seats=np.array([0, 2, 0, 0], dtype=np.int32))


def test_snapshot_load_and_slot_states_round_trip():
    game = meeple.Game("tictactoe")
    batch = meeple.Batch(game, 5, seed=4)
    batch.step(np.arange(5, dtype=np.int32))
    saved = batch.snapshot()
    for i in range(5):
        assert saved[i].tobytes() == batch.state(i).snapshot()
    other = meeple.Batch(game, 5, seed=99)
    other.load(saved)
    assert np.array_equal(other.snapshot(), saved)
    corrupt = saved.copy()
    corrupt[4, -1] ^= 0xFF
    keep = meeple.Batch(game, 5, seed=7)
    kept = keep.snapshot()
    with pytest.raises(meeple.ParseError, match="row 4"):
        keep.load(corrupt)
    assert np.array_equal(keep.snapshot(), kept)
    state = game.new_state(123)
    state.apply(8)
    keep.set_state(2, state)
    assert keep.state(2) == state
    assert keep.state(-1) == keep.state(4)
    with pytest.raises(IndexError):
        keep.state(5)
    with pytest.raises(meeple.InvalidArgumentError, match="same game"):
        keep.set_state(0, meeple.Game("tictactoe(misere=true)").new_state(1))


def test_reseed_restarts_every_slot_as_a_new_batch():
    batch = meeple.Batch("tictactoe", 6, seed=1, threads=2)
    batch.step(np.full(6, 99, dtype=np.int32))
    batch.reseed(8)
    fresh = meeple.Batch("tictactoe", 6, seed=8, threads=1)
    assert np.array_equal(batch.snapshot(), fresh.snapshot())
    assert batch.illegal_counts.tolist() == [0] * 6
    seeds = np.arange(6, dtype=np.uint64)
    batch.reseed(seeds=seeds)
    assert np.array_equal(batch.snapshot(), meeple.Batch.seeded("tictactoe", seeds).snapshot())
    with pytest.raises(TypeError):
        batch.reseed()


def test_batch_arguments_are_checked():
    with pytest.raises(ValueError):
        meeple.Batch("tictactoe", 0)
    with pytest.raises(ValueError):
        meeple.Batch("tictactoe", 4, threads=-1)
    with pytest.raises(ValueError, match="from 1 to 256"):
        meeple.Batch("tictactoe", 4, threads=10_000)
    with pytest.raises(ValueError, match="from 1 to 256"):
        meeple.run_random_games("tictactoe", 4, threads=257)
    with pytest.raises(ValueError):
        meeple.Batch("tictactoe", 4, seed=-1)
    with pytest.raises(TypeError):
        meeple.Batch(3, 4)
    batch = meeple.Batch("tictactoe", 3, threads=0)
    assert batch.threads >= 1 and len(batch) == 3 and batch.game == meeple.Game("tictactoe")
    assert "3 x tictactoe" in repr(batch)
    assert batch.status_fields == ("done", "winner", "turn", "current_player", "truncated")


def test_actors_mark_seat_bits_and_chance_is_bit_31():
    assert ACTOR_CHANCE == np.int32(np.uint32(1 << 31).view(np.int32))
    batch = meeple.Batch("tictactoe", 2)
    batch.step(np.array([0, meeple.NO_ACTION], dtype=np.int32))
    assert batch.actors().tolist() == [2, 1]  # O to move in slot 0, X in slot 1


@pytest.mark.parametrize("name", GAMES)
def test_run_random_games_totals_do_not_depend_on_threads(name):
    one = meeple.run_random_games(name, 400, seed=3, threads=1)
    assert one.games == 400
    assert sum(one.wins) + one.draws + one.truncated == 400
    for threads in (2, 4):
        assert meeple.run_random_games(name, 400, seed=3, threads=threads) == one
    assert meeple.run_random_games(name, 400, seed=4, threads=1) != one


def test_the_gil_is_released_during_a_long_batch_call():
    # While another thread is inside run_random_games, this thread keeps running: the
    # longest pause it sees is far shorter than the call itself.
    n_games = 20000
    start = time.perf_counter()
    meeple.run_random_games("tictactoe", n_games, threads=1)
    alone = time.perf_counter() - start
    n_games = int(n_games * max(1.0, 1.0 / alone))  # about a second (load can make the estimate long)
    worker = threading.Thread(target=meeple.run_random_games, args=("tictactoe", n_games, 0, 1))
    longest, last = 0.0, time.perf_counter()
    started = last
    worker.start()
    while worker.is_alive():
        now = time.perf_counter()
        longest = max(longest, now - last)
        last = now
    took = last - started
    worker.join()
    assert took > 0.2
    assert longest < took / 3, (longest, took)


def test_the_examples_in_docs_batch_md_run(repo_root):
    import re

    text = (repo_root / "docs/batch.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 2, "docs/batch.md shows the separate reads and the reads in the step"
    for block in blocks:
        scope: dict = {}
        exec(compile(block, "docs/batch.md", "exec"), scope)
        assert scope["batch"].illegal_counts.sum() == 0


@pytest.mark.parametrize("name", GAMES)
def test_final_observations_and_episode_stats_do_not_depend_on_threads(name):
    results = []
    for threads in (1, 3):
        batch = meeple.Batch(name, 96, seed=5, threads=threads)
        rng = np.random.default_rng(1)
        finals = []
        for _ in range(60):
            masks = batch.dense_masks()
            actions = np.argmax(rng.random(masks.shape) * masks, axis=1)  # int64, converted once
            batch.step_autoreset(actions)
            finals.append(batch.final_observations().copy())
        stats = batch.take_episode_stats()
        results.append((np.stack(finals), stats.episodes, stats.mean_length, stats.mean_returns.tolist()))
    (f1, *s1), (f3, *s3) = results
    assert np.array_equal(f1, f3) and s1 == s3
