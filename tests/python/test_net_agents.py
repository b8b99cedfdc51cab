"""Value nets in search and play: search leaves as feature vectors, meeple.net.ValueNet
(NumPy and onnxruntime), and the greedy-net and mcts-net agents in the arena, the CLI
and the environments. Models are tiny ones with chosen weights (meeple.net.testing)."""

from __future__ import annotations

import pathlib
import random

import numpy as np
import pytest

import meeple
from meeple import arena, catan
from meeple.agents import make_agent
from meeple.commands import main
from meeple.errors import InvalidArgumentError, ParseError
from meeple.net import ModelError, ValueNet
from meeple.net.agents import GreedyNetAgent, MctsNetAgent
from meeple.net.testing import random_weights, write_model

SMALL = "catan(players=2,vp_to_win=4)"  # short games: a few hundred moves


@pytest.fixture(scope="module")
def small_model(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    return write_model(tmp_path_factory.mktemp("net") / "tiny", random_weights(SMALL, (16,), seed=1), SMALL,
                       onnx=False)


def points_and_production(game: str, policy: bool = False) -> dict[str, np.ndarray]:
    """A linear value that a sensible player would agree with: the viewer's logit is its
    points plus half its production per roll (the other seats' logits are 0)."""
    w = random_weights(game, (), policy=policy, seed=5)
    w["value_w"][:] = 0
    points, _, _ = catan.feature_fields()["points"]
    production, _, shape = catan.feature_fields()["production"]
    w["value_w"][points, 0] = 1.0
    w["value_w"][production:production + shape[1], 0] = 0.5
    return w


@pytest.fixture(scope="module")
def sensible_model(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    return write_model(tmp_path_factory.mktemp("net") / "sensible", points_and_production(SMALL), SMALL, onnx=False)


@pytest.fixture(scope="module")
def small_policy_model(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    return write_model(tmp_path_factory.mktemp("net") / "tiny_policy", points_and_production(SMALL, policy=True),
                       SMALL, onnx=False)


def road_decision(game: meeple.Game) -> meeple.State:
    """Seat 0's first road of the setup: the road is its last setup move, seat 1 is next."""
    state = game.new_state(seed=5)
    state.apply(state.legal_actions()[0])
    assert state.active_players == (0,)
    return state


# ---- leaves as feature vectors ----

def test_a_leaf_row_is_the_feature_vector_of_the_seat_to_act_at_the_leaf():
    game = meeple.Game("catan(explicit_chance=true)")
    root = road_decision(game)
    road = root.legal_actions()[-1]
    search = meeple.Search("mcts(evaluator=external,inputs=features,iterations=2,batch=1)", root)
    assert search.leaf_size == game.features_info()["feature_size"] != game.obs_size
    assert not search.run()
    first = search.leaves()
    assert first.players.tolist() == [0]
    np.testing.assert_array_equal(first.obs[0], catan.features(root, 0))
    priors = np.zeros((1, game.num_actions), np.float32)
    priors[0, road] = 1  # PUCT goes down the road next
    search.provide(np.zeros((1, 4)), priors)
    assert not search.run()
    second = search.leaves()
    child = root.clone()
    child.apply(road)
    assert child.active_players == (1,) and second.players.tolist() == [1]
    np.testing.assert_array_equal(second.obs[0], catan.features(child, 1))
    assert not np.array_equal(catan.features(child, 1), catan.features(child, 0))


def test_observation_leaves_stay_the_default():
    state = meeple.Game("catan").new_state(seed=2)
    search = meeple.Search("mcts(evaluator=external,iterations=1,batch=1)", state)
    assert search.leaf_size == state.game.obs_size and "inputs=observation" in search.spec
    assert not search.run()
    np.testing.assert_array_equal(search.leaves().obs[0], state.observation(state.active_players[0]))


def test_feature_leaves_are_refused_without_features_or_an_external_evaluator():
    with pytest.raises(InvalidArgumentError, match="but tictactoe has no feature vectors: use inputs=observation"):
        meeple.Search("mcts(evaluator=external,inputs=features)", meeple.Game("tictactoe"))
    with pytest.raises(InvalidArgumentError, match="only an external evaluator reads: add evaluator=external"):
        meeple.Search("mcts(inputs=features)", meeple.Game("catan"))
    with pytest.raises(InvalidArgumentError, match="observation, features"):
        meeple.Search("mcts(evaluator=external,inputs=pixels)", meeple.Game("catan"))


# ---- the evaluator ----

def test_values_come_back_by_absolute_seat_in_the_scale_of_the_returns(tmp_path):
    # No hidden layer, zero weights: the value logits are the bias, (log 3, 0, 0, 0), so
    # the viewer wins with 3/6 and each other seat with 1/6.
    w = random_weights("catan", (), seed=0)
    w["value_w"][:] = 0
    w["value_b"][:] = [np.log(3.0), 0, 0, 0]
    net = ValueNet(write_model(tmp_path / "bias", w, onnx=False), backend="numpy")
    state = meeple.Game("catan").new_state(seed=1)
    x = np.stack([catan.features(state, 2), catan.features(state, 0)])
    p, policy = net.forward(x)
    assert policy is None
    np.testing.assert_allclose(p, [[0.5, 1 / 6, 1 / 6, 1 / 6]] * 2, rtol=1e-6)
    v = net.values(x, viewers=[2, 0])
    np.testing.assert_allclose(v, [[-2 / 3, -2 / 3, 0, -2 / 3], [0, -2 / 3, -2 / 3, -2 / 3]], atol=1e-6)
    # Rotation alone: column i of a row is seat (viewer + i) % players.
    np.testing.assert_array_equal(net.rotate(np.array([[10.0, 11, 12, 13]]), [3]), [[11.0, 12, 13, 10]])


def test_numpy_forward_is_the_mlp_of_the_contract(tmp_path):
    w = random_weights(SMALL, (8, 4), policy=True, seed=3)
    w["mean"] += 0.5
    w["std"] *= 2
    net = ValueNet(write_model(tmp_path / "m", w, SMALL, onnx=False), SMALL)
    x = np.random.default_rng(0).standard_normal((5, net.feature_size)).astype(np.float32)
    h = (x - w["mean"]) / w["std"]
    for i in range(2):
        h = np.maximum(h @ w[f"w{i}"] + w[f"b{i}"], 0)
    logits = h @ w["value_w"] + w["value_b"]
    expected = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    p, policy = net.forward(x)
    np.testing.assert_allclose(p, expected, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(policy, h @ w["policy_w"] + w["policy_b"], rtol=1e-5, atol=1e-5)
    assert net.backend == "numpy" and net.has_policy


def test_onnxruntime_and_numpy_give_the_same_values(tmp_path, require_peer):
    require_peer("onnxruntime", extra="onnx")
    require_peer("onnx", extra="onnx")
    base = write_model(tmp_path / "both", random_weights(SMALL, (16, 8), policy=True, seed=4), SMALL, onnx=True)
    fast, slow = ValueNet(base, SMALL), ValueNet(base.with_suffix(".npz"), SMALL, backend="numpy")
    assert fast.backend == "onnx" and fast.path.suffix == ".onnx" and fast.has_policy
    state = meeple.Game(SMALL).new_state(seed=3)
    x = np.stack([catan.features(state, s) for s in (0, 1)] * 3)
    for a, b in zip(fast.forward(x), slow.forward(x)):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-5)
    agent = make_agent(f"mcts-net(model={base}.onnx,iterations=16)", SMALL, seed=1)
    assert agent.net.backend == "onnx" and agent.use_policy


def test_models_that_do_not_fit_the_game_are_refused(tmp_path, small_model):
    with pytest.raises(ModelError, match=r"trained for catan\(players=2,.*not catan\(players=4"):
        ValueNet(small_model, "catan")
    with pytest.raises(ModelError, match="no model file .*nothing.onnx or .*nothing.npz"):
        ValueNet(tmp_path / "nothing", SMALL)
    w = random_weights(SMALL, (4,))
    with pytest.raises(ModelError, match="features_version is 99, but .* needs 1"):
        ValueNet(write_model(tmp_path / "v99", w, SMALL, onnx=False, metadata={"features_version": 99}), SMALL)
    with pytest.raises(ModelError, match="format version 7; this package reads versions 1, 2"):
        ValueNet(write_model(tmp_path / "f7", w, SMALL, onnx=False, metadata={"format_version": 7}), SMALL)
    short = dict(w, mean=w["mean"][:10], std=w["std"][:10], w0=w["w0"][:10])
    with pytest.raises(ModelError, match="feature_size is 10, but"):
        ValueNet(write_model(tmp_path / "short", short, SMALL, onnx=False), SMALL)
    (tmp_path / "junk.npz").write_bytes(b"not a zip")
    with pytest.raises(ModelError, match="is not a NumPy .npz archive"):
        ValueNet(tmp_path / "junk.npz", SMALL)
    with pytest.raises(ModelError, match="no array 'value_w'"):
        np.savez(tmp_path / "headless.npz", mean=w["mean"], std=w["std"])
        ValueNet(tmp_path / "headless.npz", SMALL)
    with pytest.raises(ValueError, match="backend must be one of auto, onnx, numpy"):
        ValueNet(small_model, SMALL, backend="torch")


# ---- the agents ----

@pytest.mark.parametrize("spec, message", [
    ("mcts-net(model={m},iteration=5)", "unknown option 'iteration' for mcts; available: iterations"),
    ("mcts-net(model={m},evaluator=rollout)", "mcts-net sets evaluator itself"),
    ("mcts-net(model={m},priors=policy)", "has no policy head; use priors=uniform"),
    ("mcts-net(model={m},priors=best)", "priors=best is not one of auto, uniform, policy"),
    ("mcts-net(model={m},search=alphabeta)", "search=alphabeta is not one of mcts, ismcts"),
    ("greedy-net(model={m},iterations=5)", "unknown option 'iterations' for greedy-net; available: model, backend"),
    ("greedy-net(model={m},backend=gpu)", "backend=gpu is not one of auto, onnx, numpy"),
    ("greedy-net(model={m},seed=-3)", "seed=-3 must be an integer in 0..2\\^53-1"),
    ("greedy-net(model=/nowhere/net)", "no model file /nowhere/net.onnx or /nowhere/net.npz"),
    ("mcts-nett(model={m})", "unknown agent 'mcts-nett'.*in Python also: greedy-net, mcts-net"),
])
def test_bad_net_agent_specs_are_refused_with_what_is_accepted(small_model, spec, message):
    with pytest.raises(InvalidArgumentError, match=message):
        make_agent(spec.format(m=small_model), SMALL)


def test_malformed_net_agent_specs_are_parse_errors(small_model):
    for spec in (f"mcts-net(model={small_model}", "mcts-net(iterations)", "greedy-net(model=a,model=b)"):
        with pytest.raises(ParseError):
            make_agent(spec, SMALL)


def play(game: meeple.Game, agents: list, seed: int, cap: int = 3000) -> list[int]:
    """A whole game, every action checked legal; the actions played."""
    state = game.new_state(seed)
    for s, a in enumerate(agents):
        a.reset(seed * 10 + s)
    moves = []
    while not state.is_terminal and len(moves) < cap:
        seat = state.active_players[0]
        action = agents[seat].act(state.clone())
        assert state.is_legal(action, seat)
        state.apply(action, seat)
        moves.append(action)
    assert state.is_terminal
    return moves


def test_mcts_net_and_greedy_net_play_whole_games_legally_and_deterministically(sensible_model, small_policy_model):
    game = meeple.Game(SMALL)
    lineups = [
        lambda: [make_agent(f"mcts-net(model={sensible_model},iterations=12,batch=4)", game),
                 make_agent("heuristic", game)],
        lambda: [make_agent("heuristic", game), make_agent(f"greedy-net(model={sensible_model})", game)],
        lambda: [make_agent(f"mcts-net(model={small_policy_model},iterations=8,search=ismcts)", game),
                 make_agent(f"greedy-net(model={sensible_model})", game)],
    ]
    for make in lineups:
        first, again = play(game, make(), seed=3), play(game, make(), seed=3)
        assert first == again
    assert isinstance(make_agent(f"greedy-net(model={sensible_model})", game), GreedyNetAgent)
    policy_agent = make_agent(f"mcts-net(model={small_policy_model},iterations=8)", game)
    assert isinstance(policy_agent, MctsNetAgent) and policy_agent.use_policy
    assert "evaluator=external" in policy_agent.search_spec and "inputs=features" in policy_agent.search_spec


def test_greedy_net_plays_the_move_the_net_values_most_for_the_mover(tmp_path):
    # A linear value: the viewer's logit is its own production of all resources (row 0
    # of "production"), so the first settlement goes where the mover produces most.
    w = random_weights(SMALL, (), seed=0)
    w["value_w"][:] = 0
    offset, size, shape = catan.feature_fields()["production"]
    w["value_w"][offset:offset + shape[1], 0] = 1.0
    agent = GreedyNetAgent(SMALL, write_model(tmp_path / "production", w, SMALL, onnx=False))
    state = meeple.Game(SMALL).new_state(seed=11)
    seat = state.active_players[0]

    def own_production(s: meeple.State) -> float:
        return float(catan.features(s, seat)[offset:offset + shape[1]].sum())

    best = max(own_production(_after(state, a)) for a in state.legal_actions())
    chosen = agent.act(state)
    assert own_production(_after(state, chosen)) == best
    assert len({own_production(_after(state, a)) for a in state.legal_actions()}) > 1


def _after(state: meeple.State, action: int) -> meeple.State:
    s = state.clone()
    s.apply(action)
    return s


def test_the_arena_plays_net_agents_from_spec_strings(sensible_model):
    lineup = [f"mcts-net(model={sensible_model},iterations=8)", "heuristic"]
    a = arena.tournament(SMALL, lineup, 2, seed=5)
    b = arena.tournament(SMALL, lineup, 2, seed=5)
    assert [x.spec for x in a.agents] == lineup
    assert sum(x.seats for x in a.agents) == 4 and not any(a.games.illegal_seat >= 0)
    assert [m.tolist() for m in a.moves] == [m.tolist() for m in b.moves]
    with pytest.raises(ValueError, match="backend='python' or 'auto'"):
        arena.tournament(SMALL, lineup, 2, backend="library")


def test_meeple_arena_runs_mcts_net_from_the_command_line(sensible_model, capsys):
    agents = f"mcts-net(model={sensible_model},iterations=8),heuristic"
    assert main(["arena", SMALL, "--agents", agents, "--games", "2", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "mcts-net(model=" in out and "2 games" in out
    assert main(["arena", SMALL, "--agents", "mcts-net(model=/no/such/model),random", "--games", "2"]) == 2
    assert "no model file /no/such/model.onnx or /no/such/model.npz" in capsys.readouterr().err


def test_environment_opponents_may_be_net_agents(small_model):
    from meeple.envs._seats import Opponents

    game = meeple.Game(SMALL)
    opponents = Opponents(game, [0], f"greedy-net(model={small_model})")
    assert isinstance(opponents.agents[1], GreedyNetAgent) and not opponents.all_builtin
    state = game.new_state(seed=2)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])  # seat 0's settlement and road: seat 1 is next
    opponents.reset(1)
    opponents.play(state, [0])
    assert state.active_players == (0,)


def test_a_net_agent_takes_a_catanatron_seat(tmp_path, require_peer):
    require_peer("catanatron", extra="catan-peers")
    from catanatron import Color
    from catanatron.game import Game as PeerGame
    from catanatron.models.player import RandomPlayer

    from meeple.bridges.catanatron import MeeplePlayer

    # The bridge plays catan(players=4,trade_budget=0): a model of 4-seat catan fits.
    model = write_model(tmp_path / "four", points_and_production("catan"), "catan", onnx=False)
    colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
    me = MeeplePlayer(colors[1], f"mcts-net(model={model},iterations=8)", seed=3)
    random.seed(3)  # catanatron's RandomPlayer draws from the global generator
    winner = PeerGame([me if i == 1 else RandomPlayer(c) for i, c in enumerate(colors)], seed=3).play()
    assert winner is not None and me.decisions - me.fallbacks > 10
    # The bridge's known limits (docs/catan-rules.md): road building catanatron does not
    # offer, and a longest road the two engines count differently.
    assert all(r == "not offered: play_road_building" or "longest road" in r for r in me.fallback_reasons), \
        me.fallback_reasons


# ---- the net at the root, rollouts below it (external_depth) ----

TRIANGLE_NET = pathlib.Path(meeple.__file__).resolve().parent / "models" / "triangle_net.npz"


@pytest.fixture(scope="module")
def flat_policy_triangle_model(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """The shipped triangle net with its policy head zeroed: every legal action gets the
    same logit, so its priors are uniform."""
    with np.load(TRIANGLE_NET, allow_pickle=False) as z:
        arrays = {k: z[k] for k in z.files}
    arrays["policy_w"] = np.zeros_like(arrays["policy_w"])
    arrays["policy_b"] = np.zeros_like(arrays["policy_b"])
    base = tmp_path_factory.mktemp("net") / "flat_policy"
    np.savez(base.with_suffix(".npz"), **arrays)
    return base


def triangle_moves(spec: str, seed: int, moves: int = 6) -> list[int]:
    game = meeple.Game("triangle")
    agent = make_agent(spec, game, seed=1)
    state = game.new_state(seed)
    played = []
    for _ in range(moves):
        action = agent.act(state)
        state.apply(action)
        played.append(action)
    return played


def test_with_external_depth_1_the_net_sees_only_the_root_once_a_move(monkeypatch):
    agent = make_agent(f"mcts-net(model={TRIANGLE_NET},external_depth=1,iterations=300,priors=policy)", "triangle")
    rows: list[int] = []
    forward = agent.net.forward
    monkeypatch.setattr(agent.net, "forward", lambda x: (rows.append(len(x)), forward(x))[1])
    state = meeple.Game("triangle").new_state(seed=4)
    for _ in range(3):
        state.apply(agent.act(state))
    assert rows == [1, 1, 1]  # one row a move: the root's priors; rollouts score every other leaf
    assert "external_depth=1" in agent.search_spec and agent._search.stats().iterations == 300


def test_external_depth_plays_the_same_moves_for_a_seed():
    spec = f"mcts-net(model={TRIANGLE_NET},external_depth=1,iterations=200,priors=policy)"
    assert triangle_moves(spec, seed=6) == triangle_moves(spec, seed=6)


def test_a_constant_policy_at_the_root_is_the_same_search_as_uniform_priors(flat_policy_triangle_model):
    m = flat_policy_triangle_model
    policy = triangle_moves(f"mcts-net(model={m},external_depth=1,iterations=300,priors=policy)", seed=8)
    uniform = triangle_moves(f"mcts-net(model={m},external_depth=1,iterations=300,priors=uniform)", seed=8)
    assert policy == uniform


@pytest.mark.parametrize("option, error, message", [
    ("external_depth=-1", InvalidArgumentError, "external_depth.*from 0 to 1000000000"),
    ("external_depth=two", ParseError, "external_depth.*takes an integer from 0 to 1000000000, got 'two'"),
    ("leaf=evaluation,rollout_depth=2", InvalidArgumentError,
     "give rollout_depth .0 or more., and external_depth with an external"),
    ("priors=uniform,prior_temperature=2", InvalidArgumentError, "use priors=policy .* or drop prior_temperature"),
    ("prior_temperature=0", InvalidArgumentError, "prior_temperature=0 must be a number from 0.01 to 100"),
])
def test_bad_external_depth_and_prior_options_are_refused_with_what_is_accepted(option, error, message):
    with pytest.raises(error, match=message):
        make_agent(f"mcts-net(model={TRIANGLE_NET},{option})", "triangle")
