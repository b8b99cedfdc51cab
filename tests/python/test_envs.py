"""meeple.envs: the Gymnasium, vector, PettingZoo and RLlib adapters, held to the
libraries' own checkers and to the rules (docs/envs.md)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest

import meeple
from meeple.batch import derive_seed

GAMES = meeple.games()


@pytest.fixture
def gym(require_peer):
    return require_peer("gymnasium", extra="gym")


@pytest.fixture
def pettingzoo(require_peer):
    return require_peer("pettingzoo", extra="pettingzoo")


def _envs():
    import meeple.envs as envs

    return envs


class LowestFirst:
    """A Python opponent: always the lowest legal action."""

    def act(self, state: meeple.State) -> int:
        return state.legal_actions()[0]


class Cheater:
    def act(self, state: meeple.State) -> int:
        return state.game.num_actions  # never legal


# ---- GymEnv ----

@pytest.mark.parametrize("spec", GAMES)
def test_gymnasium_check_env_passes_for_every_game(gym, spec):
    from gymnasium.utils.env_checker import check_env

    # check_env steps with unmasked samples of the action space: illegal actions end
    # the episode with a penalty instead of raising.
    env = _envs().GymEnv(spec, illegal_action="penalty")
    check_env(env, skip_render_check=True)
    for mode in ("ansi", "rgb_array"):
        rendered = _envs().GymEnv(spec, render_mode=mode)
        rendered.reset(seed=1)
        out = rendered.render()
        assert isinstance(out, str) if mode == "ansi" else (out.dtype == np.uint8 and out.ndim == 3)


@pytest.mark.parametrize("spec", GAMES)
def test_masks_and_info_agree_with_the_legal_actions_of_the_seat(gym, spec):
    env = _envs().GymEnv(spec, seat=0)
    rng = np.random.default_rng(3)
    obs, info = env.reset(seed=11)
    for _ in range(300):
        state = env.state
        assert meeple.envs.acting_seat(state) == 0, "every observation is one where the learner acts"
        legal = state.legal_actions(0)
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        assert np.flatnonzero(env.action_masks()).tolist() == legal
        assert info["legal_action_count"] == len(legal)
        np.testing.assert_array_equal(obs["observation"], state.observation(0))
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        if terminated or truncated:
            assert not obs["action_mask"].any() and info["legal_action_count"] == 0
            np.testing.assert_array_equal(info["returns"], env.state.returns)
            obs, info = env.reset()


def test_an_illegal_action_raises_and_changes_nothing(gym):
    env = _envs().GymEnv("tictactoe", opponents=LowestFirst())
    env.reset(seed=1)
    env.step(4)  # X in the centre; O answers in cell 0
    before = env.state.snapshot()
    for bad in (4, 0, 9, -1):
        with pytest.raises(meeple.IllegalActionError, match="legal actions are"):
            env.step(bad)
    with pytest.raises(TypeError):
        env.step("4")
    assert env.state.snapshot() == before


def test_the_penalty_mode_ends_the_episode_on_an_illegal_action(gym):
    env = _envs().GymEnv("tictactoe", opponents=LowestFirst(), illegal_action="penalty", illegal_reward=-2.0)
    env.reset(seed=1)
    env.step(4)
    before = env.state.snapshot()
    obs, reward, terminated, truncated, info = env.step(4)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-2.0, True, False, True)
    assert not obs["action_mask"].any() and env.state.snapshot() == before
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(5)


def test_a_python_opponent_that_plays_an_illegal_action_raises(gym):
    env = _envs().GymEnv("tictactoe", seat=1, opponents=Cheater())
    with pytest.raises(meeple.IllegalActionError, match="opponent in seat 0"):
        env.reset(seed=1)


def test_a_win_over_the_opponents_ends_the_episode_with_the_winners_reward(gym):
    # X: 0, 3, 6 (the left column) while O, always taking the lowest free cell, plays 1, 2.
    env = _envs().GymEnv("tictactoe", seat=0, opponents=LowestFirst())
    env.reset(seed=5)
    for action in (0, 3):
        _, reward, terminated, truncated, _ = env.step(action)
        assert (reward, terminated, truncated) == (0.0, False, False)
    _, reward, terminated, truncated, info = env.step(6)
    assert terminated and not truncated and reward == 1.0
    assert info["returns"].tolist() == [1.0, -1.0] and info["episode_return"] == 1.0 and info["episode_length"] == 3


def test_opponents_move_inside_reset_when_the_learner_is_second(gym):
    env = _envs().GymEnv("tictactoe", seat=1, opponents=LowestFirst())
    obs, _ = env.reset(seed=2)
    assert env.state.view()["board"][0][0] == "X"  # X (seat 0) already took the lowest cell
    assert obs["action_mask"].tolist() == [0] + [1] * 8


def test_the_heuristic_opponent_blocks_a_line(gym):
    # The tic-tac-toe heuristic (docs/agents.md): with nothing to win or block it takes
    # the centre; then it blocks X's open two in a row.
    env = _envs().GymEnv("tictactoe", seat=0, opponents="heuristic")
    env.reset(seed=3)
    env.step(0)
    assert sum(env.state.view()["board"], [])[4] == "O"
    env.step(1)
    assert sum(env.state.view()["board"], [])[2] == "O"


def test_seeding_reproduces_episodes_and_restarts_follow_the_batch_seeds(gym):
    def play(env, seed, steps):
        rng = np.random.default_rng(0)
        out = []
        obs, _ = env.reset(seed=seed)
        for _ in range(steps):
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, terminated, truncated, _ = env.step(action)
            out.append((obs["observation"].tobytes(), reward, terminated, truncated))
            if terminated or truncated:
                obs, _ = env.reset()
        return out

    a, b = _envs().GymEnv("catan(players=3)", opponents="heuristic"), _envs().GymEnv("catan(players=3)",
                                                                                     opponents="heuristic")
    assert play(a, 42, 150) == play(b, 42, 150)
    assert play(a, 42, 150) != play(a, 43, 150)
    # The k-th reset without a seed starts the game of derive_seed(seed, k).
    env = _envs().GymEnv("triangle")
    env.reset(seed=9)
    env.reset()
    env.reset()
    assert env.state == meeple.Game("triangle").new_state(derive_seed(9, 2))


def test_bad_construction_arguments_say_what_is_accepted(gym):
    envs = _envs()
    with pytest.raises(ValueError, match=r"seat must be a seat of tictactoe.*: 0..1, got 2"):
        envs.GymEnv("tictactoe", seat=2)
    with pytest.raises(ValueError, match="explicit_chance"):
        envs.GymEnv("catan(explicit_chance=true)")
    with pytest.raises(ValueError, match="render_mode must be one of"):
        envs.GymEnv("triangle", render_mode="human")
    with pytest.raises(meeple.InvalidArgumentError, match="unknown agent"):
        envs.GymEnv("tictactoe", opponents="minimax")


# ---- VectorEnv ----

def _compare_vector_with_single_envs(spec, seat, opponents, n, steps, seed):
    from gymnasium.vector import AutoresetMode

    envs = _envs()
    vec = envs.VectorEnv(spec, num_envs=n, seat=seat, opponents=opponents, threads=2)
    assert vec.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    singles = [envs.GymEnv(spec, seat=seat, opponents=opponents) for _ in range(n)]
    obs, _ = vec.reset(seed=seed)
    single = [e.reset(seed=seed + i)[0] for i, e in enumerate(singles)]
    rng = np.random.default_rng(seed)
    endings = 0
    for _ in range(steps):
        for i in range(n):
            np.testing.assert_array_equal(obs["observation"][i], single[i]["observation"])
            np.testing.assert_array_equal(obs["action_mask"][i], single[i]["action_mask"])
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, rewards, terms, truncs, infos = vec.step(actions)
        for i, e in enumerate(singles):
            o, r, te, tr, info = e.step(int(actions[i]))
            assert rewards[i] == pytest.approx(r, abs=1e-5)
            assert (bool(terms[i]), bool(truncs[i])) == (te, tr)
            if te or tr:
                endings += 1
                assert infos["_final_obs"][i]
                final = infos["final_obs"]  # Gymnasium's layout: per-env objects, or a dict of arrays
                final_i = final[i]["observation"] if isinstance(final, np.ndarray) else final["observation"][i]
                np.testing.assert_array_equal(final_i, o["observation"])
                assert infos["final_info"]["episode_return"][i] == pytest.approx(info["episode_return"], abs=1e-4)
                np.testing.assert_allclose(infos["final_info"]["returns"][i], info["returns"])
                o, _ = e.reset()
            single[i] = o
    return endings


def test_vector_env_matches_single_envs_step_for_step_on_the_puzzle(gym):
    assert _compare_vector_with_single_envs("triangle", 0, None, 6, 120, seed=100) > 0


@pytest.mark.parametrize("seat", [0, 1])
def test_vector_env_matches_single_envs_with_cpp_opponents(gym, seat):
    assert _compare_vector_with_single_envs("tictactoe", seat, "heuristic", 5, 40, seed=7) > 5


def test_vector_env_matches_single_envs_with_search_opponents_deciding_on_two_threads(gym):
    assert _compare_vector_with_single_envs("tictactoe", 1, "mcts(iterations=40)", 6, 25, seed=3) > 3


def test_vector_env_matches_single_envs_in_catan_against_three_opponents(gym):
    _compare_vector_with_single_envs("catan", 2, ["random", "heuristic", None, "random"], 3, 150, seed=21)


def test_vector_env_writes_into_the_same_arrays_every_step(gym):
    vec = _envs().VectorEnv("triangle", num_envs=4)
    obs, _ = vec.reset(seed=0)
    first = obs["observation"]
    obs2, rewards, *_ = vec.step(np.argmax(obs["action_mask"], axis=1))
    assert obs2["observation"] is first and np.shares_memory(vec.action_masks(), obs2["action_mask"])


def test_vector_env_refuses_an_illegal_action_before_anything_moves(gym):
    vec = _envs().VectorEnv("tictactoe", num_envs=3, opponents="random")
    obs, _ = vec.reset(seed=4)
    before = vec.batch.snapshot()
    actions = np.argmax(obs["action_mask"], axis=1)
    taken = np.flatnonzero(obs["action_mask"][1] == 0)
    actions[1] = taken[0] if taken.size else 9
    with pytest.raises(meeple.IllegalActionError, match=r"actions\[1\]"):
        vec.step(actions)
    np.testing.assert_array_equal(vec.batch.snapshot(), before)
    with pytest.raises(TypeError, match="3 integer actions"):
        vec.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(TypeError, match="C\\+\\+ agents only"):
        _envs().VectorEnv("tictactoe", num_envs=2, opponents=LowestFirst())


def test_a_closed_vector_env_refuses_to_step(gym):
    vec = _envs().VectorEnv("tictactoe", num_envs=2, opponents="random")
    obs, _ = vec.reset(seed=0)
    vec.close()
    with pytest.raises(RuntimeError, match="closed"):
        vec.step(np.argmax(obs["action_mask"], axis=1))


def test_play_agents_refuses_one_agent_in_two_slots(gym):
    from meeple._ffi import ffi, lib

    game = meeple.Game("tictactoe")
    batch = meeple.Batch(game, 2, seed=1)
    agent = meeple.Agent("random", game, seed=1)
    agents = ffi.new("meeple_agent_t *[]", 4)
    agents[1] = agent._ptr
    agents[3] = agent._ptr
    rewards = np.zeros(4, dtype=np.float32)
    status = lib.meeple_batch_play_agents(batch._ptr, agents, 4, ffi.from_buffer("float[]", rewards), 4)
    assert status == lib.MEEPLE_ERR_INVALID_ARGUMENT
    assert "never two slots" in ffi.string(lib.meeple_last_error_message()).decode()
    # Seat 0 acts first in both slots and is the caller's: nothing is played.
    agents[3] = ffi.NULL
    before = batch.snapshot()
    assert lib.meeple_batch_play_agents(batch._ptr, agents, 4, ffi.from_buffer("float[]", rewards), 4) == 0
    np.testing.assert_array_equal(batch.snapshot(), before)


# ---- PettingZoo ----

@pytest.mark.parametrize("spec", GAMES)
def test_pettingzoo_api_test_passes_for_every_game(pettingzoo, spec):
    from pettingzoo.test import api_test

    api_test(_envs().AECEnv(spec), num_cycles=200)


@pytest.mark.parametrize("spec", GAMES)
def test_pettingzoo_parallel_api_test_passes_for_every_game(pettingzoo, spec):
    from pettingzoo.test import parallel_api_test

    parallel_api_test(_envs().ParallelEnv(spec), num_cycles=200)


def test_aec_env_plays_a_whole_game_by_the_rules(pettingzoo):
    env = _envs().AECEnv("tictactoe")
    env.reset(seed=0)
    for cell in (0, 1, 3, 2, 6):  # X wins down the left column
        assert env.agent_selection == ("player_0" if cell in (0, 3, 6) else "player_1")
        assert env.observe(env.agent_selection)["action_mask"][cell] == 1
        other = "player_1" if env.agent_selection == "player_0" else "player_0"
        assert not env.observe(other)["action_mask"].any()
        env.step(cell)
    assert all(env.terminations.values())
    assert env._cumulative_rewards == {"player_0": 1.0, "player_1": -1.0}
    with pytest.raises(ValueError):
        env.step(4)  # a finished agent may only be stepped with None
    env.step(None)
    env.step(None)
    assert env.agents == []


def test_parallel_env_takes_only_the_acting_agents_action(pettingzoo):
    env = _envs().ParallelEnv("tictactoe")
    obs, infos = env.reset(seed=0)
    assert infos["player_0"]["acting"] and not infos["player_1"]["acting"]
    obs, rewards, terms, truncs, infos = env.step({"player_0": 4, "player_1": 0})
    assert env.current_state.view()["board"][1][1] == "X" and env.current_state.view()["board"][0][0] == "."
    with pytest.raises(meeple.IllegalActionError):
        env.step({"player_1": 4, "player_0": 0})
    with pytest.raises(ValueError, match="player_1"):
        env.step({"player_0": 0})


# ---- RLlib ----

def test_the_rllib_adapter_imports_without_ray():
    code = textwrap.dedent("""
        import sys
        sys.modules["ray"] = None  # any import of ray fails
        import meeple.envs.rllib as r
        try:
            r.RllibMultiAgentEnv("tictactoe")
        except ImportError as exc:
            assert 'meeple[rllib]' in str(exc), exc
            print("refused")
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "refused"


def test_the_rllib_adapter_passes_rllibs_checker_and_plays_by_turns(require_peer):
    require_peer("ray.rllib", extra="rllib")
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments

    from meeple.envs.rllib import RllibMultiAgentEnv

    for spec in GAMES:  # the checker steps with an unmasked sample of the action space
        check_multiagent_environments(RllibMultiAgentEnv(spec, illegal_action="penalty"))
    env = RllibMultiAgentEnv("tictactoe")
    obs, _ = env.reset(seed=0)
    assert list(obs) == ["player_0"]
    obs, rewards, terms, truncs, _ = env.step({"player_0": 4})
    assert list(obs) == ["player_1"] and terms == {"__all__": False}
    for agent, cell in (("player_1", 0), ("player_0", 3), ("player_1", 1), ("player_0", 5)):
        obs, rewards, terms, truncs, _ = env.step({agent: cell})
    assert terms["__all__"] and rewards == {"player_0": 1.0, "player_1": -1.0}
    assert set(obs) == {"player_0", "player_1"}
    env.reset(seed=0)
    with pytest.raises(meeple.IllegalActionError):
        env.step({"player_0": 9})
    penalised = RllibMultiAgentEnv("tictactoe", illegal_action="penalty", illegal_reward=-5)
    penalised.reset(seed=0)
    obs, rewards, terms, truncs, infos = penalised.step({"player_0": 9})
    assert terms["__all__"] and rewards == {"player_0": -5.0, "player_1": 0.0}
    assert infos == {"player_0": {"illegal_action": True}}


# ---- drawings ----

def test_every_registered_game_has_a_drawing_and_no_other_name_does(gym):
    from meeple.envs.render import draw

    for name in meeple.games():  # a newly registered game must come with its drawing
        image = draw(meeple.Game(name).new_state(1))
        assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3 and image.std() > 0

    class Unknown:  # a state of a game the drawings do not know
        game = type("G", (), {"name": "chess"})()

    with pytest.raises(ValueError, match=r"no rgb_array drawing for chess; games with one: catan, holdem.*ansi"):
        draw(Unknown())  # type: ignore[arg-type]


def test_the_tictactoe_drawing_shows_the_marks_where_they_are(gym):
    env = _envs().GymEnv("tictactoe", render_mode="rgb_array", opponents=LowestFirst())
    env.reset(seed=0)
    env.step(4)  # X in the centre, then O in the top-left corner
    image = env.render().astype(int)
    cell = image.shape[0] // 3

    def colour_in(r, c, rgb):
        block = image[r * cell:(r + 1) * cell, c * cell:(c + 1) * cell]
        return bool((np.abs(block - np.array(rgb)).sum(axis=2) < 30).any())

    red, blue = (214, 39, 40), (31, 119, 180)
    assert colour_in(1, 1, red) and not colour_in(1, 1, blue)
    assert colour_in(0, 0, blue) and not colour_in(0, 0, red)
    assert not colour_in(2, 2, red) and not colour_in(2, 2, blue)


def test_the_catan_drawing_shows_the_terrains_and_the_buildings(gym):
    from meeple.envs.render import SEAT_COLOURS, TERRAIN_COLOURS, draw

    state = meeple.Game("catan").new_state(3)
    image = draw(state)
    colours = {tuple(c) for c in image.reshape(-1, 3)}
    assert set(TERRAIN_COLOURS.values()) <= colours
    assert SEAT_COLOURS[0] not in colours
    state.apply(state.legal_actions()[0])  # seat 0's first settlement
    assert tuple(SEAT_COLOURS[0]) in {tuple(c) for c in draw(state).reshape(-1, 3)}


def test_the_triangle_drawing_darkens_filled_cells(gym):
    from meeple.envs.render import draw

    state = meeple.Game("triangle").new_state(1)
    dark = (60, 70, 110)
    before = int((draw(state) == dark).all(axis=2).sum())
    state.apply(state.legal_actions()[0])
    after = int((draw(state) == dark).all(axis=2).sum())
    assert before == 0 and after > 0


# ---- the training examples (smoke runs: a few hundred steps) ----

@pytest.mark.parametrize("example, extra_module", [("ppo_triangle.py", "torch"),
                                                   ("maskable_ppo_tictactoe.py", "sb3_contrib")])
def test_the_training_examples_run_and_save_their_learning_curve(require_peer, repo_root, tmp_path, example,
                                                                 extra_module):
    for module in ("gymnasium", "torch", "matplotlib", extra_module):
        require_peer(module, extra="train")
    plot = tmp_path / "curve.png"
    run = subprocess.run([sys.executable, str(repo_root / "examples/python/rl" / example), "--smoke", "--plot",
                          str(plot)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "learning curve saved to" in run.stdout and plot.stat().st_size > 1000
    assert ("random play: mean return" in run.stdout) or ("random X against random O" in run.stdout)
