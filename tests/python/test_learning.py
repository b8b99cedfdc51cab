"""The learning loop end to end: self-play with the search's visit policies and root
values, training, export to a model file, the search playing with that file at its
leaves and as its prior, the gate, the next generation; and what it refuses (a model of
another game or size, cut files, shards of another configuration)."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest

import meeple
from meeple import selfplay
from meeple.agents import make_agent
from meeple.net import ModelError, ValueNet
from meeple.selfplay.config import ConfigError, config_from_dict
from meeple.selfplay.loop import RunError
from meeple.selfplay.replay import ReplayStore, ShardError

TINY = {"seed": 5, "generations": 2,
        "net": {"hidden": 16, "layers": 1},
        "selfplay": {"games_per_chunk": 8, "chunks_per_generation": 1, "iterations": 8, "temperature_moves": 2},
        "train": {"steps": 20, "batch_size": 32},
        "gate": {"games": 4, "iterations": 8},
        "evaluate": {"games": 2, "reference": "mcts(iterations=20)"}}


def _net(require_peer, game, hidden=16, layers=2, seed=3, scale=1.0):
    require_peer("torch", extra="selfplay")
    from meeple.selfplay.net import new_net, weights_of

    g = meeple.Game(game)
    net = new_net(g.obs_size, g.num_actions, g.num_players, hidden, layers, scale, seed)
    return g, net, weights_of(net)


def _quiet(_line: str) -> None:
    pass


# ---- policy targets ----

@pytest.mark.parametrize("game", ["tictactoe", "triangle"])
def test_policy_targets_sum_to_one_over_the_legal_actions_only(require_peer, game):
    require_peer("torch", extra="selfplay")
    from meeple.selfplay.actor import SelfPlayActor
    from meeple.selfplay.net import weights_of

    actor = SelfPlayActor(game, config_from_dict(dict(TINY, selfplay=dict(TINY["selfplay"], games_per_chunk=3))))
    data = actor.play(weights_of(actor.net), 0, 0, 0)
    policy, masks = data["policy"].astype(np.float64), data["masks"]
    assert len(policy) > 10
    assert np.allclose((policy * masks).sum(1), 1.0, atol=1e-6)
    assert (policy[~masks] == 0).all()  # not a visit, not a share, outside the legal set
    assert (policy[masks] >= 0).all()


# ---- the exported model is the net ----

@pytest.mark.parametrize("game", ["tictactoe", "triangle"])
@pytest.mark.parametrize("backend", ["numpy", "onnx"])
def test_an_exported_net_gives_the_torch_nets_values_and_priors(tmp_path, require_peer, game, backend):
    if backend == "onnx":
        require_peer("onnxruntime", extra="onnx")
        require_peer("onnx", extra="onnx")
    from meeple.selfplay.export import export_net

    g, net, weights = _net(require_peer, game, scale=7.0)
    base = export_net(weights, g, 7.0, tmp_path / "m")
    batch = meeple.Batch(g, 6, seed=2)
    batch.step(np.array([int(np.flatnonzero(m)[0]) for m in batch.dense_masks()], np.int32))
    obs, masks = batch.observations(), batch.dense_masks()
    players = batch.status()[:, 3].astype(np.int64)
    values, priors = net.evaluate(obs, masks, players)
    model = ValueNet(base, g, backend)
    assert model.inputs == "observation" and model.value_kind == "returns" and model.has_policy
    raw, logits = model.forward(obs)
    assert np.allclose(model.as_values(raw, players), values, atol=1e-5)
    z = np.where(masks, logits, -np.inf)
    p = np.exp(z - z.max(1, keepdims=True))
    assert np.allclose(p / p.sum(1, keepdims=True), priors, atol=1e-5)


def test_the_same_weights_give_the_same_model_bytes(tmp_path, require_peer):
    require_peer("onnx", extra="onnx")
    from meeple.selfplay.export import export_net

    g, _, weights = _net(require_peer, "tictactoe")
    a = export_net(weights, g, 1.0, tmp_path / "a", {"k": 1})
    b = export_net(weights, g, 1.0, tmp_path / "b", {"k": 1})
    for suffix in (".onnx", ".npz"):
        assert a.with_suffix(suffix).read_bytes() == b.with_suffix(suffix).read_bytes()


def test_mcts_net_with_an_exported_net_searches_as_the_gate_does(tmp_path, require_peer):
    """The gate's agent (torch in the loop) and mcts-net reading the exported file give
    the same visit counts: the file is what the loop trained, at leaves and as prior."""
    require_peer("torch", extra="selfplay")  # before the gate's module, which imports it
    from meeple.selfplay.export import export_net
    from meeple.selfplay.gate import NetAgent

    g, _, weights = _net(require_peer, "tictactoe", seed=11)
    config = config_from_dict(dict(TINY, net={"hidden": 16, "layers": 2}))
    base = export_net(weights, g, 1.0, tmp_path / "m")
    ours = make_agent(f"mcts-net(model={base}.npz,backend=numpy,iterations=24,batch=8,c_puct=1.5,reuse=false)",
                      g, seed=1)
    gate = NetAgent(g, config, weights, "net", 24, 0)
    state = g.new_state(seed=0)
    for action in (4, 0, 8):
        state.apply(action)
        theirs = _gate_policy(gate, state)
        assert np.array_equal(ours.policy(state), theirs)


def _gate_policy(agent, state):
    from meeple.search import Search

    search = Search(agent._config.search_spec(24, 0, noise=False), state)
    search.run(evaluator=agent.net.evaluate)
    return search.policy(temperature=1.0)


def test_a_constant_net_searches_as_a_constant_leaf_value_does(tmp_path, require_peer):
    """A net whose weights are zero but its value bias gives every leaf the same values
    and uniform priors: mcts-net with it visits exactly as the search with that constant
    leaf value and no priors."""
    from meeple.selfplay.export import export_net

    g, _, weights = _net(require_peer, "tictactoe")
    flat = {k: np.zeros_like(v) for k, v in weights.items()}
    flat["value.bias"] = np.array([0.25, -0.25], np.float32)  # the seat to act first
    base = export_net(flat, g, 1.0, tmp_path / "flat")
    agent = make_agent(f"mcts-net(model={base}.npz,backend=numpy,iterations=64,batch=4,priors=policy)", g, seed=2)
    state = g.new_state(seed=0)
    state.apply(4)

    constant = _constant_values([])

    search = meeple.Search(agent.search_spec, g)
    search.set_root(state, 0)
    search.run(constant)
    assert np.array_equal(agent.policy(state), search.policy(temperature=1.0))


def _constant_values(asked: list):
    """A leaf evaluator of tic-tac-toe that says +0.25 for the seat to move and -0.25 for
    the other, and notes in ``asked`` how many leaves each call had."""
    def constant(obs, masks, players):
        asked.append(len(obs))
        values = np.full((len(obs), 2), -0.25, np.float32)
        values[np.arange(len(obs)), players] = 0.25
        return values, None
    return constant


def test_a_constant_net_at_the_root_of_a_rollout_search_is_a_constant_root_value(tmp_path, require_peer):
    """With external_depth=1 the net answers the root alone: a constant net there is
    the constant root value with uniform priors, and rollouts score everything below."""
    from meeple.selfplay.export import export_net

    g, _, weights = _net(require_peer, "tictactoe")
    flat = {k: np.zeros_like(v) for k, v in weights.items()}
    flat["value.bias"] = np.array([0.25, -0.25], np.float32)
    base = export_net(flat, g, 1.0, tmp_path / "flat")
    agent = make_agent(f"mcts-net(model={base}.npz,backend=numpy,iterations=300,external_depth=1,priors=policy)",
                       g, seed=3)
    state = g.new_state(seed=0)
    state.apply(4)
    asked: list[int] = []
    constant = _constant_values(asked)

    search = meeple.Search(agent.search_spec, g)
    search.set_root(state, 0)
    search.run(constant)
    assert asked == [1]
    assert np.array_equal(agent.policy(state), search.policy(temperature=1.0))


# ---- bad input ----

def test_a_model_of_another_game_or_input_size_is_refused_naming_both(tmp_path, require_peer):
    from meeple.selfplay.export import export_net

    g, _, weights = _net(require_peer, "tictactoe")
    base = export_net(weights, g, 1.0, tmp_path / "ttt", onnx=False)
    with pytest.raises(ModelError, match=r"was trained for tictactoe.*not triangle"):
        ValueNet(base, "triangle", "numpy")
    narrow = dict(weights)
    narrow["trunk.0.weight"] = weights["trunk.0.weight"][:, :10]
    arrays = dict(np.load(base.with_suffix(".npz")))
    arrays.update(mean=np.zeros(10, np.float32), std=np.ones(10, np.float32), w0=arrays["w0"][:10])
    np.savez(tmp_path / "narrow.npz", **arrays)
    with pytest.raises(ModelError, match=rf"feature_size is 10, but tictactoe.* needs {g.obs_size}"):
        ValueNet(tmp_path / "narrow.npz", g, "numpy")
    with pytest.raises(ModelError, match="reads feature vectors, and tictactoe.* has none"):
        arrays = dict(np.load(base.with_suffix(".npz")))
        arrays["inputs"] = np.array("features-seat")
        np.savez(tmp_path / "feat.npz", **arrays)
        ValueNet(tmp_path / "feat.npz", g, "numpy")


def test_a_cut_model_file_names_the_file(tmp_path, require_peer):
    require_peer("onnxruntime", extra="onnx")
    require_peer("onnx", extra="onnx")
    from meeple.selfplay.export import export_net

    g, _, weights = _net(require_peer, "tictactoe")
    base = export_net(weights, g, 1.0, tmp_path / "m")
    for suffix, backend in ((".onnx", "onnx"), (".npz", "numpy")):
        path = base.with_suffix(suffix)
        path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
        with pytest.raises(ModelError, match=str(path)):
            ValueNet(base, g, backend)


def test_a_shard_of_another_configuration_is_refused_naming_it(tmp_path):
    store = ReplayStore(str(tmp_path), "aaaa")
    k = 3
    data = {"obs": np.zeros((k, 2), np.float32), "masks": np.ones((k, 2), bool),
            "policy": np.full((k, 2), 0.5, np.float32), "root_value": np.zeros((k, 1), np.float32),
            "result": np.zeros((k, 1), np.float32), "player": np.zeros(k, np.int32), "game": np.zeros(k, np.int32),
            "generation": 0, "chunk": 0, "games": 1, "leaves": 0}
    path = store.write(data)
    assert ReplayStore(str(tmp_path), "aaaa").read(0, 0)["obs"].shape == (k, 2)
    with pytest.raises(ShardError, match=rf"{path}: a shard of another configuration \(fingerprint aaaa; "
                                         r"this run's is bbbb\)"):
        ReplayStore(str(tmp_path), "bbbb").read(0, 0)


def test_a_resumed_run_refuses_a_copied_shard_of_another_configuration(tmp_path, require_peer):
    require_peer("torch", extra="selfplay")
    one = dict(TINY, generations=1)
    other = dict(one, seed=6)
    selfplay.run("tictactoe", config_from_dict(other), str(tmp_path / "other"), log=_quiet, plots=False)
    root = tmp_path / "run"
    selfplay.run("tictactoe", config_from_dict(one), str(root), log=_quiet, plots=False)
    shard = "gen-000001-chunk-000000.npz"
    os.makedirs(root / "replay", exist_ok=True)
    (root / "replay" / shard).write_bytes((tmp_path / "other" / "replay" / "gen-000000-chunk-000000.npz").read_bytes())
    with pytest.raises(RunError, match=f"{shard}: a shard of another configuration"):
        selfplay.run("tictactoe", config_from_dict(dict(one, generations=2)), str(root), log=_quiet, plots=False)


# ---- the loop end to end ----

def _figures(state):
    keep = ("generation", "games", "positions", "leaves", "policy_loss", "value_loss", "gate", "best")
    return [{k: h[k] for k in keep} for h in state["history"]], state["evaluations"], state["best"]


def test_the_loop_end_to_end_is_the_same_for_a_seed_and_its_models_play(tmp_path, require_peer):
    """Data, training, export, gate, next generation, twice in two folders: the same
    figures and the same model bytes; the best model then plays through mcts-net."""
    require_peer("torch", extra="selfplay")
    config = config_from_dict(dict(TINY, gate={"games": 0, "iterations": 8}))  # every candidate promoted
    a = selfplay.run("tictactoe", config, str(tmp_path / "a"), log=_quiet, plots=False)
    b = selfplay.run("tictactoe", config, str(tmp_path / "b"), log=_quiet, plots=False)
    assert _figures(a) == _figures(b)
    gated = config_from_dict(TINY)  # the SPRT gate of 4 games: its decisions repeat too
    c = selfplay.run("tictactoe", gated, str(tmp_path / "c"), log=_quiet, plots=False)
    d = selfplay.run("tictactoe", gated, str(tmp_path / "d"), log=_quiet, plots=False)
    assert _figures(c) == _figures(d) and all(h["gate"]["games"] > 0 for h in c["history"])
    assert a["best"] == 2 and [h["best"] for h in a["history"]] == [1, 2]
    models = sorted(os.listdir(tmp_path / "a" / "models"))
    assert {"best.npz", "net-000000.npz", "net-000001.npz", "net-000002.npz"} <= set(models)
    for name in models:
        assert (tmp_path / "a" / "models" / name).read_bytes() == (tmp_path / "b" / "models" / name).read_bytes()
    # generation 1 was played by net 1, the promoted candidate of generation 0
    assert (tmp_path / "a" / "models" / "best.npz").read_bytes() == \
        (tmp_path / "a" / "models" / "net-000002.npz").read_bytes()
    best = tmp_path / "a" / "models" / "best.npz"
    meta = json.loads(str(np.load(best)["training"]))
    assert meta["net"] == 2 and meta["config"]["seed"] == TINY["seed"]
    result = meeple.arena.tournament("tictactoe", [f"mcts-net(model={best},iterations=16)", "random"], 2, seed=1)
    assert len(result.games.seeds) == 2


def test_the_loop_runs_for_catan_on_a_tiny_budget(tmp_path, require_peer):
    require_peer("torch", extra="selfplay")
    tiny = {"seed": 2, "generations": 1, "net": {"hidden": 16, "layers": 1},
            "selfplay": {"games_per_chunk": 2, "chunks_per_generation": 1, "iterations": 4, "max_moves": 30},
            "train": {"steps": 5, "batch_size": 16}, "gate": {"games": 0}, "evaluate": {"games": 0}}
    state = selfplay.run("catan", config_from_dict(tiny), str(tmp_path / "catan"), log=_quiet, plots=False)
    assert state["best"] == 1 and state["history"][0]["positions"] > 0
    model = ValueNet(tmp_path / "catan" / "models" / "best.npz", "catan", "numpy")
    assert model.inputs == "observation" and model.value_kind == "returns"
    agent = make_agent(f"mcts-net(model={tmp_path}/catan/models/best.npz,iterations=4)", "catan", seed=1)
    s = meeple.Game("catan").new_state(seed=3)
    assert agent.act(s) in s.legal_actions()


def test_rollout_generations_are_played_by_the_rollout_search_not_the_net(require_peer):
    require_peer("torch", extra="selfplay")
    from meeple.selfplay.actor import SelfPlayActor
    from meeple.selfplay.net import weights_of

    config = config_from_dict(dict(TINY, selfplay=dict(TINY["selfplay"], rollout_generations=1,
                                                       rollout_iterations=200)))
    actor = SelfPlayActor("tictactoe", config)
    _, _, other = _net(require_peer, "tictactoe", hidden=16, layers=1, seed=99)
    mine = weights_of(actor.net)
    first = [actor.play(w, k, 0, 0) for k, w in enumerate((mine, other))]
    later = [actor.play(w, k + 2, 1, 0) for k, w in enumerate((mine, other))]
    assert np.array_equal(first[0]["policy"], first[1]["policy"])  # no net in generation 0
    assert not np.array_equal(later[0]["policy"], later[1]["policy"])  # the net's search after it
    policy, masks = first[0]["policy"], first[0]["masks"]
    assert np.allclose(policy.sum(1), 1, atol=1e-6) and not (policy[~masks] > 0).any()
    assert first[0]["leaves"] == 0 and later[0]["leaves"] > 0  # leaves handed to the net


def test_a_run_made_before_a_key_existed_resumes_with_its_default(tmp_path, require_peer):
    require_peer("torch", extra="selfplay")
    root = tmp_path / "old"
    one = dict(TINY, generations=1)
    selfplay.run("tictactoe", config_from_dict(one), str(root), log=_quiet, plots=False)
    run = json.loads((root / "run.json").read_text())
    del run["config"]["selfplay"]["rollout_generations"]  # as a run of an older meeple wrote it
    (root / "run.json").write_text(json.dumps(run))
    state = selfplay.run("tictactoe", config_from_dict(dict(one, generations=2)), str(root), log=_quiet,
                         plots=False)
    assert state["generation"] == 2
    with pytest.raises(ConfigError, match="selfplay.rollout_generations: .* holds a run made with 0, this "
                                          "configuration says 1"):
        selfplay.run("tictactoe", config_from_dict(dict(one, generations=3, selfplay=dict(
            TINY["selfplay"], rollout_generations=1))), str(root), log=_quiet, plots=False)


def test_bad_rollout_options_are_refused_before_the_run_folder_exists(tmp_path):
    config = config_from_dict(dict(TINY, selfplay=dict(TINY["selfplay"], rollout_generations=1,
                                                       rollout_options="rollout=smart")))
    with pytest.raises(ConfigError, match="selfplay: the search these settings make is refused"):
        selfplay.run("tictactoe", config, str(tmp_path / "never"), log=_quiet, plots=False)
    assert not (tmp_path / "never").exists()


def test_the_learner_trains_on_the_device_asked_for_and_refuses_a_missing_gpu(tmp_path, require_peer):
    torch = require_peer("torch", extra="selfplay")
    from meeple.selfplay.learner import training_device

    assert training_device("cpu").type == "cpu"
    assert training_device("auto").type == ("cuda" if torch.cuda.is_available() else "cpu")
    if not torch.cuda.is_available():
        config = config_from_dict(dict(TINY, train=dict(TINY["train"], device="cuda")))
        with pytest.raises(ConfigError, match="train.device: cuda, but torch sees no GPU"):
            selfplay.run("tictactoe", config, str(tmp_path / "never"), log=_quiet, plots=False)
        assert not (tmp_path / "never").exists()


@pytest.mark.parametrize("name, game", [("tictactoe_net", "tictactoe"), ("triangle_net", "triangle")])
def test_the_shipped_self_play_models_load_and_say_how_they_were_made(name, game):
    models = os.path.join(os.path.dirname(meeple.__file__), "models")
    meta = json.loads(open(os.path.join(models, f"{name}.json"), encoding="utf-8").read())
    assert meta["game"] == meeple.Game(game).spec and meta["generations"] >= 1
    assert meta["command"].startswith(f"python examples/learning/ship.py {game}") and "strength" in meta
    net = ValueNet(os.path.join(models, f"{name}.npz"), game, "numpy")
    assert net.inputs == "observation" and net.value_kind == "returns" and net.has_policy
    training = json.loads(str(np.load(os.path.join(models, f"{name}.npz"))["training"]))
    assert training["config"] == meta["options"] and training["net"] == meta["best_net"]
    state = meeple.Game(game).new_state(seed=1)
    agent = make_agent(f"mcts-net(model={models}/{name}.npz,iterations=8)", game, seed=1)
    assert agent.act(state) in state.legal_actions()


@pytest.mark.parametrize("game", ["tictactoe", "triangle", "catan"])
def test_the_example_configurations_are_accepted_for_their_games(repo_root, game):
    from meeple.selfplay.loop import check

    config = selfplay.load_config(str(repo_root / "examples" / "learning" / f"{game}.toml"))
    check(meeple.Game(game), config)
