"""``net.value_skip = "score"``: the value head of a one-seat score game's net adds the
score so far (an observation field) to what it learns, so it learns only the score
still to come; the exported file folds that into a plain MLP of the value-net format."""

from __future__ import annotations

import numpy as np
import pytest

import meeple
from meeple.selfplay.config import ConfigError, config_from_dict, data_fingerprint


def _rows(game: meeple.Game, n: int = 6) -> np.ndarray:
    state = game.new_state(seed=3)
    rows = []
    for _ in range(n):
        rows.append(state.observation(0).copy())
        state.apply(state.legal_actions()[0])
    return np.stack(rows)


def _skip_net(require_peer, hidden=16, layers=2, scale=3.0):
    require_peer("torch", extra="selfplay")
    from meeple.selfplay.actor import make_net

    game = meeple.Game("triangle")
    config = config_from_dict({"net": {"hidden": hidden, "layers": layers, "value_skip": "score"},
                               "train": {"value_scale": scale}})
    net = make_net(game, config)
    net.eval()
    return game, net


def test_the_value_is_the_heads_output_plus_the_score_so_far(require_peer):
    torch = require_peer("torch", extra="selfplay")

    game, net = _skip_net(require_peer)
    score = next(f.offset for f in game.obs_fields if f.name == "score")
    x = np.repeat(_rows(game, 1), 3, axis=0)
    x[:, score] = [0.0, 4.5, 40.0]
    t = torch.from_numpy(x)
    with torch.no_grad():
        _, v = net(t, torch.ones(3, game.num_actions, dtype=torch.bool))
        head = net.value(net.trunk(t))[:, 0]
    assert np.allclose((v[:, 0] - head).numpy() * net.value_scale, [0.0, 4.5, 40.0], atol=1e-4)


@pytest.mark.parametrize("layers", [1, 2, 3])
@pytest.mark.parametrize("backend", ["numpy", "onnx"])
def test_the_exported_file_gives_the_torch_nets_values_and_priors(tmp_path, require_peer, layers, backend):
    torch = require_peer("torch", extra="selfplay")

    require_peer("onnx", extra="onnx")
    if backend == "onnx":
        require_peer("onnxruntime", extra="onnx")
    from meeple.net import ValueNet
    from meeple.selfplay.export import export_net
    from meeple.selfplay.net import weights_of

    game, net = _skip_net(require_peer, layers=layers)
    base = export_net(weights_of(net), game, net.value_scale, tmp_path / "skip")
    x = _rows(game)
    x[:, next(f.offset for f in game.obs_fields if f.name == "score")] = np.arange(len(x)) * 7.5
    with torch.no_grad():
        h = net.trunk(torch.from_numpy(x))
        _, v = net(torch.from_numpy(x), torch.ones(len(x), game.num_actions, dtype=torch.bool))
        logits = net.policy(h).numpy()
    raw, policy = ValueNet(base, game, backend).forward(x)
    assert np.allclose(raw[:, 0], v[:, 0].numpy() * net.value_scale, atol=1e-4)
    assert np.allclose(policy, logits, atol=1e-5)


def test_the_same_skip_weights_give_the_same_model_bytes(tmp_path, require_peer):
    require_peer("onnx", extra="onnx")
    from meeple.selfplay.export import export_net
    from meeple.selfplay.net import weights_of

    game, net = _skip_net(require_peer)
    a = export_net(weights_of(net), game, net.value_scale, tmp_path / "a")
    b = export_net(weights_of(net), game, net.value_scale, tmp_path / "b")
    for suffix in (".onnx", ".npz"):
        assert a.with_suffix(suffix).read_bytes() == b.with_suffix(suffix).read_bytes()


def test_value_skip_is_refused_for_a_game_of_two_seats_before_a_run_starts(tmp_path, require_peer):
    require_peer("torch", extra="selfplay")
    from meeple import selfplay

    config = config_from_dict({"net": {"value_skip": "score"}})
    with pytest.raises(ConfigError, match=r"net.value_skip = 'score' is for one-seat score games; tictactoe.* 2 seats"):
        selfplay.run("tictactoe", config, str(tmp_path / "never"), log=lambda _line: None, plots=False)
    assert not (tmp_path / "never").exists()


def test_a_bad_value_skip_is_refused_naming_the_key():
    with pytest.raises(ConfigError, match=r"net.value_skip: 'points' is not allowed; allowed: none, score"):
        config_from_dict({"net": {"value_skip": "points"}})


def test_the_default_leaves_the_fingerprint_of_earlier_runs_alone():
    """A run made before the key existed resumes with its shards: at its default the key
    is not part of the data fingerprint (the hash below is the one the release before it
    gave for this configuration); set, it is."""
    spec = meeple.Game("triangle").spec
    plain = config_from_dict({"net": {"hidden": 8}})
    assert data_fingerprint(spec, plain) == "1207b46d56e935fe"
    skip = config_from_dict({"net": {"hidden": 8, "value_skip": "score"}})
    assert data_fingerprint(spec, skip) != data_fingerprint(spec, plain)
