"""Value-net training (docs/value-net.md): a tiny end-to-end run from datagen to the two
saved files, which onnxruntime and NumPy evaluate alike; the standardisation inside the
model; augmentation that moves features and policy targets with the board and keeps the
labels; the metrics on hand-made data; the CLI's refusals."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import meeple
from meeple import catan
from meeple.net import datagen
from meeple.commands import main
from meeple.net import metrics

SMALL = datagen.DatagenOptions(playouts=2, samples_per_game=2, siblings=2)


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Six games of datagen at two playouts a state: about 40 rows."""
    out = tmp_path_factory.mktemp("data")
    datagen.generate("catan", out, games=6, seed=3, shard_games=3, threads=1, options=SMALL)
    return out


@pytest.fixture
def torch(require_peer: Any) -> Any:
    require_peer("onnxruntime", extra="net")
    require_peer("onnx", extra="net")
    return require_peer("torch", extra="net")


def quick(**kwargs: Any) -> Any:
    from meeple.net.train import TrainOptions

    base = dict(epochs=2, hidden=(16, 8), batch_size=8, max_steps=6, val_fraction=0.34, seed=5)
    base.update(kwargs)
    return TrainOptions(**base)


def test_a_tiny_run_exports_files_that_onnxruntime_and_numpy_agree_on(torch, tiny_run, tmp_path):
    import onnx
    import onnxruntime as ort

    from meeple.net import export
    from meeple.net.train import train

    out = tmp_path / "m" / "value.onnx"
    result = train(tiny_run, out, quick())
    assert [p.name for p in result.files] == ["value.onnx", "value.npz", "value.png"]
    assert all(p.stat().st_size > 0 for p in result.files)
    assert 1 <= result.best_epoch <= len(result.history) and not result.interrupted
    # the validation games hold no training row
    features, labels, meta = datagen.load(tiny_run)
    assert 1 <= len(result.val_games) < len(np.unique(meta[:, 0]))

    proto = onnx.load(str(out))
    assert proto.opset_import[0].version == export.OPSET == 17
    props = {p.key: p.value for p in proto.metadata_props}
    game = meeple.Game("catan")
    assert {k: props[k] for k in props if k != "meeple.training"} == {
        "meeple.format": "meeple-value-net", "meeple.format_version": "1", "meeple.game": game.spec,
        "meeple.players": "4", "meeple.inputs": "features-seat", "meeple.features_version": str(catan.FEATURE_VERSION),
        "meeple.feature_size": str(features.shape[1]), "meeple.has_policy": "0"}
    assert json.loads(props["meeple.training"])["options"]["seed"] == 5

    arrays = export.load_npz(out.with_suffix(".npz"))
    assert sorted(arrays) == sorted(["format_version", "game", "inputs", "features_version", "mean", "std",
                                     "w0", "b0", "w1", "b1", "value_w", "value_b"])
    assert str(arrays["game"]) == game.spec and arrays["w0"].shape == (features.shape[1], 16)
    assert arrays["value_w"].shape == (8, 4) and (arrays["std"] > 0).all()

    session = ort.InferenceSession(str(out), providers=["CPUExecutionProvider"])
    assert [i.name for i in session.get_inputs()] == ["features"]
    assert [o.name for o in session.get_outputs()] == ["value"]
    (by_ort,) = session.run(None, {"features": features})
    by_numpy, policy = export.numpy_forward(arrays, features)
    assert policy is None and by_ort.shape == by_numpy.shape == labels.shape
    np.testing.assert_allclose(by_ort, by_numpy, atol=1e-5)
    np.testing.assert_allclose(by_ort.sum(axis=1), 1.0, atol=1e-5)
    assert (by_ort > 0).all()
    # the figures over the whole run, from the .npz
    m = metrics.evaluate(tiny_run, out)
    assert m["rows"] == len(features)
    np.testing.assert_allclose(m["kl"], metrics.kl_divergence(labels, by_numpy).mean(), rtol=1e-5)
    # and the files play: the trained model guides a search through both backends
    from meeple.agents import make_agent

    state = game.new_state(seed=11)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    for backend in ("onnx", "numpy"):
        agent = make_agent(f"mcts-net(model={out.with_suffix('')},iterations=16,backend={backend})", game, seed=2)
        assert agent.act(state.clone()) in state.legal_actions()


def test_training_is_deterministic_for_a_seed(torch, tiny_run, tmp_path):
    from meeple.net.train import train

    a, b, c = tmp_path / "a.onnx", tmp_path / "b.onnx", tmp_path / "c.onnx"
    train(tiny_run, a, quick(seed=1))
    train(tiny_run, b, quick(seed=1))
    train(tiny_run, c, quick(seed=2))
    assert a.with_suffix(".npz").read_bytes() == b.with_suffix(".npz").read_bytes()
    assert a.read_bytes() == b.read_bytes()
    assert a.with_suffix(".npz").read_bytes() != c.with_suffix(".npz").read_bytes()


def test_the_policy_head_trains_on_targets_the_data_carries_and_is_exported(torch, tiny_run, tmp_path):
    import onnxruntime as ort

    from meeple.net import export
    from meeple.net.train import train

    # A run whose shards carry policy targets: here one-hot at each row's own action.
    data = tmp_path / "with-policy"
    data.mkdir()
    manifest = json.loads((tiny_run / "manifest.json").read_text())
    actions = meeple.Game("catan").num_actions
    for s in manifest["shards"]:
        with np.load(tiny_run / s["file"]) as z:
            arrays = {k: z[k] for k in z.files}
        arrays["policy"] = np.eye(actions, dtype=np.float32)[arrays["meta"][:, 5]]
        np.savez(data / s["file"], **arrays)
    (data / "manifest.json").write_text(json.dumps(manifest))
    out = tmp_path / "p.onnx"
    train(data, out, quick(policy=True))
    session = ort.InferenceSession(str(out), providers=["CPUExecutionProvider"])
    assert [o.name for o in session.get_outputs()] == ["value", "policy"]
    features, _, _ = datagen.load(data)
    value, logits = session.run(None, {"features": features[:5]})
    arrays = export.load_npz(out.with_suffix(".npz"))
    np_value, np_logits = export.numpy_forward(arrays, features[:5])
    assert logits.shape == (5, actions) and arrays["policy_w"].shape == (8, actions)
    np.testing.assert_allclose(value, np_value, atol=1e-5)
    np.testing.assert_allclose(logits, np_logits, atol=1e-4)
    # datagen's own rows carry no policy targets: --policy is refused, saying why
    with pytest.raises(ValueError, match="states after a move"):
        train(tiny_run, tmp_path / "q.onnx", quick(policy=True))


def test_the_model_standardises_its_own_input(torch):
    from meeple.net.model import ValueNet, standardisation

    # Hand-computed: column 0 holds 1 and 3, column 1 zeros; shown as is and swapped,
    # each column averages 1 with second moment (1 + 9 + 0 + 0) / 4 = 2.5: std sqrt(1.5).
    mean, std = standardisation(np.array([[1, 0], [3, 0]], np.float32), permutations=np.array([[0, 1], [1, 0]]))
    np.testing.assert_allclose(mean, [1, 1])
    np.testing.assert_allclose(std, [np.sqrt(1.5)] * 2, rtol=1e-6)
    mean, std = standardisation(np.array([[1, 5], [3, 5]], np.float32))
    np.testing.assert_allclose(mean, [2, 5])
    np.testing.assert_allclose(std, [1, 0])

    torch.manual_seed(0)
    raw = ValueNet(2, 4, (3,), mean=mean, std=std)
    assert raw.std.tolist() == [1.0, 1.0]  # a constant feature is divided by 1, not 0
    plain = ValueNet(2, 4, (3,))
    plain.load_state_dict({**raw.state_dict(), "mean": torch.zeros(2), "std": torch.ones(2)})
    x = torch.tensor([[0.5, 5.0], [4.0, 7.0]])
    by_raw = raw(x)[0]
    by_hand = plain((x - torch.tensor([2.0, 5.0])) / torch.tensor([1.0, 1.0]))[0]
    torch.testing.assert_close(by_raw, by_hand)
    torch.testing.assert_close(by_raw.sum(dim=1), torch.ones(2))


def test_augmentation_moves_features_and_policy_with_the_board_and_keeps_the_labels(torch):
    from meeple.net.train import augment, symmetry_tables

    game = meeple.Game("catan")
    sym = catan.symmetries()
    feats, acts = symmetry_tables("harbor", game.num_actions)
    assert len(feats) == 6 and (feats[0] == np.arange(feats.shape[1])).all()
    assert len(symmetry_tables("all", game.num_actions)[0]) == 12 and len(symmetry_tables("none", game.num_actions)[0]) == 1
    harbor_ks = [k for k in range(12) if sym["keeps_harbors"][k]]
    state = game.new_state(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(120):  # past the setup, into the game
        state.apply(int(rng.choice(state.legal_actions())))
    assert not state.is_terminal and state.current_player >= 0
    doc = catan.position_of(state)
    seat = state.current_player
    legal = state.legal_actions()
    x = torch.from_numpy(np.stack([catan.features(state, seat)] * 6))
    y = torch.tensor([[0.1, 0.2, 0.3, 0.4]] * 6)
    policy = torch.zeros(6, game.num_actions)
    policy[:, legal[-1]] = 1.0
    ax, ay, ap = augment(x, y, torch.arange(6), (torch.from_numpy(feats), torch.from_numpy(acts)), policy)
    assert torch.equal(ay, y)
    for i, k in enumerate(harbor_ks):
        image = game.from_position(catan.map_position(doc, k), seed=1)
        assert np.array_equal(ax[i].numpy(), catan.features(image, seat)), k
        moved = int(sym["action"][k][legal[-1]])
        assert ap[i].nonzero().flatten().tolist() == [moved] and moved in image.legal_actions()


def test_metrics_give_the_hand_computed_figures():
    assert metrics.kl_divergence(np.array([[0.5, 0.5, 0, 0]]), np.array([[0.5, 0.5, 0, 0]]))[0] == 0
    np.testing.assert_allclose(metrics.kl_divergence(np.array([[1.0, 0]]), np.array([[0.5, 0.5]])), [np.log(2)])

    # columns game, move, group, viewer, actor, action, played, playout_seed
    def row(group: int, played: int, viewer: int = 1) -> list[int]:
        return [0, 10, group, viewer, 1, 0, played, 7]

    # Group 0: actor labels .6 .2 .4, net .5 .3 .1: pairs (0,1) and (0,2) agree, (1,2) not;
    # best both 0. A row of group 0 seen by another seat does not count.
    # Group 1: labels .3 .3 .1, net .2 .5 .4: (0,1) tied, (0,2) disagrees, (1,2) agrees;
    # best set {0, 1}, net's best 1. Group 2: all labels equal: pairs tied, no best.
    actor = [(0, .6, .5, 1), (0, .2, .3, 0), (0, .4, .1, 0), (1, .3, .2, 1), (1, .3, .5, 0), (1, .1, .4, 0),
             (2, .25, .1, 1), (2, .25, .9, 0)]
    labels = np.array([[y, 1 - y, 0, 0] for _, y, _, _ in actor] + [[0.2, 0.8, 0, 0]])
    pred = np.array([[p, 1 - p, 0, 0] for _, _, p, _ in actor] + [[0.99, 0.01, 0, 0]])
    meta = np.array([row(g, pl) for g, _, _, pl in actor] + [row(0, 0, viewer=2)])
    lead = np.zeros((len(pred), 4))
    lead[0] = [-5, 5, 0, 0]   # viewer 5 behind: predicted .5, actual .6
    lead[3] = [-7, 0, 0, 0]   # viewer 7 behind: predicted .2, actual .3
    lead[4] = [-4.5, 0, 0, 0]  # not 5 behind
    m = metrics.compute(pred, labels, meta, lead)
    assert m["pairs"] == 5 and m["tied_pairs"] == 2 and m["pair_agreement"] == pytest.approx(3 / 5)
    assert m["groups"] == 2 and m["best_sibling"] == 1.0
    assert m["best_sibling_chance"] == pytest.approx((1 / 3 + 2 / 3) / 2) and m["best_sibling_played"] == 1.0
    assert m["behind_rows"] == 2
    assert m["behind_predicted"] == pytest.approx(0.35) and m["behind_actual"] == pytest.approx(0.45)
    assert m["behind_all_seats"] == 2
    assert m["kl"] == pytest.approx(metrics.kl_divergence(labels, pred).mean())
    text = metrics.report(m)
    assert "60.0% of 5" in text and "predicted 35.00%, actual 45.00%" in text


def test_ctrl_c_stops_training_and_keeps_the_best_epoch(torch, tiny_run, tmp_path, ctrl_c, monkeypatch):
    from meeple.net import export
    from meeple.net import train as train_module
    from meeple.net.train import load_data, train

    data = load_data(tiny_run)
    out = tmp_path / "cut.onnx"
    # Ctrl-C once the first epoch is done, however slow the machine (a fixed delay could
    # land before it, with no epoch to keep).
    first_epoch = threading.Event()
    report = train_module._Progress.epoch

    def epoch_done(self: Any, *args: Any) -> Any:
        first_epoch.set()
        return report(self, *args)

    monkeypatch.setattr(train_module._Progress, "epoch", epoch_done)
    with ctrl_c(after=0.5, once=first_epoch):
        result = train(data, out, quick(epochs=100000, max_steps=0))
    assert result.interrupted and 1 <= result.best_epoch <= len(result.history) < 100000
    best = min(h["val_kl"] for h in result.history)
    assert result.history[result.best_epoch - 1]["val_kl"] == best
    features = data.features[:4]
    with torch.no_grad():
        np.testing.assert_allclose(export.numpy_forward(export.load_npz(out.with_suffix(".npz")), features)[0],
                                   result.model(torch.from_numpy(features))[0].numpy(), atol=1e-5)


@pytest.mark.parametrize("argv, message", [
    (["--out", "m.txt"], "does not end in .onnx"),
    (["--epochs", "0"], "give a whole number from 1"),
    (["--hidden", "64,x"], "not a list of layer widths"),
    (["--hidden", "0"], "1 to 8 hidden layers"),
    (["--lr", "0"], "learning rate above 0"),
    (["--lr", "nan"], "learning rate above 0"),
    (["--val-fraction", "1"], "from 0 up to"),
    (["--batch-size", "-3"], "give a whole number from 1"),
    (["--threads", "0"], "give a whole number from 1"),
    (["--symmetries", "some"], "invalid choice"),
    (["--dropout", "1"], "dropout rate from 0 up to"),
    (["--weight-decay", "-0.1"], "weight decay from 0 to 1"),
    (["--data", "{tmp}/none"], "holds no datagen run"),
])
def test_the_cli_refuses_bad_arguments_in_one_line(tiny_run, tmp_path, capsys, argv, message):
    args = ["train", "catan", "--data", str(tiny_run), "--out", str(tmp_path / "m.onnx")]
    args += [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "m.onnx").exists()


def test_the_cli_refuses_other_games_and_policy_without_targets(torch, tiny_run, tmp_path, capsys):
    base = ["--data", str(tiny_run), "--out", str(tmp_path / "m.onnx")]
    assert main(["train", "tictactoe", *base]) == 2
    assert "catan's feature vectors only" in capsys.readouterr().err
    assert main(["train", "catan(players=3)", *base]) == 2
    assert "holds data of catan(players=4" in capsys.readouterr().err
    assert main(["train", "catan", *base, "--policy"]) == 2
    err = capsys.readouterr().err
    assert "policy targets" in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_the_cli_trains_and_prints_the_figures(torch, tiny_run, tmp_path, capsys):
    out = tmp_path / "cli.onnx"
    assert main(["train", "catan", "--data", str(tiny_run), "--out", str(out), "--epochs", "1", "--hidden", "8",
                 "--val-fraction", "0.34", "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "validation KL" in text and "best sibling chosen" in text and str(out) in text
    assert out.exists() and out.with_suffix(".npz").exists() and out.with_suffix(".png").exists()


def test_without_torch_the_cli_names_the_extra(tiny_run, tmp_path, capsys, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "torch", None)  # import torch raises ImportError
    assert main(["train", "catan", "--data", str(tiny_run), "--out", str(tmp_path / "m.onnx")]) == 1
    err = capsys.readouterr().err
    assert 'pip install "meeple[net]"' in err and err.count("\n") == 1


def test_several_runs_load_as_one_with_their_games_kept_apart(torch, tiny_run):
    from meeple.net.train import load_data, split_by_game

    one = load_data(tiny_run)
    two = load_data([tiny_run, tiny_run])
    n = len(one.labels)
    assert len(two.labels) == 2 * n and np.array_equal(two.features[n:], one.features)
    assert np.array_equal(two.meta[n:, 0], one.meta[:, 0] + 6)  # games 0..5 then 6..11
    assert not set(two.meta[n:, 2]) & set(two.meta[:n, 2])  # and groups apart too
    train_rows, val_rows, val_games = split_by_game(two.meta, 0.25, seed=1)
    assert len(val_games) == 3 and not set(two.meta[train_rows, 0]) & set(two.meta[val_rows, 0])


def test_the_shipped_model_runs_with_numpy_alone_and_says_what_it_is():
    from meeple import net
    from meeple.net import export

    model = net.DEFAULT_MODEL.with_suffix(".onnx")  # DEFAULT_MODEL names both files
    assert model.name == "catan_value.onnx" and model.is_file() and model.with_suffix(".npz").is_file()
    assert model.stat().st_size < 1_000_000 and model.with_suffix(".npz").stat().st_size < 1_000_000
    arrays = export.load_npz(model.with_suffix(".npz"))
    game = meeple.Game("catan")
    assert str(arrays["game"]) == game.spec and str(arrays["inputs"]) == "features-seat"
    assert int(arrays["features_version"]) == catan.FEATURE_VERSION
    assert "policy_w" not in arrays
    # On fresh labelled rows (games the model never saw, another seed) it predicts far
    # better than the best constant guess: a model trained for these feature vectors.
    features, labels, meta = datagen.generate_rows("catan", games=6, seed=987654, threads=1)
    value, policy = export.numpy_forward(arrays, features)
    assert policy is None and value.shape == labels.shape
    np.testing.assert_allclose(value.sum(axis=1), 1.0, atol=1e-5)
    m = metrics.compute(value, labels, meta, metrics._points_lead(features))
    assert m["kl"] < 0.5 * m["baseline_kl"], m
