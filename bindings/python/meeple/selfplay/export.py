"""A self-play net as a model file the search plays with: ``NAME.onnx`` and ``NAME.npz``
of the value-net format, version 2 (docs/net-agents.md, "Models").

The net reads the observation from the seat to act (``meeple.inputs = observation``)
and its value head gives each seat's expected return, the seat to act first
(``meeple.value = returns``): the training's ``value_scale`` is folded into the head's
weights, so the output is in the scale of the game's returns. Its policy head gives
logits over the game's actions. ``mcts-net(model=NAME)`` then searches with it, at its
leaves and as its prior, in any process (onnxruntime, or NumPy alone), with no torch.

The files are built from the weights alone (no tracing), with a fixed zip timestamp:
the same weights give the same bytes, so a run's models are deterministic for its seed.
This module writes the contract that ``meeple.net.ValueNet`` reads; it does not import
it (the two sit in one row of the package's layers), and a test loads every file it
writes through ``ValueNet``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Mapping, Optional

import numpy as np

from .._npz import write_npz

from ..game import Game

__all__ = ["export_net", "model_arrays", "MODEL_FORMAT", "MODEL_FORMAT_VERSION"]

MODEL_FORMAT = "meeple-value-net"
MODEL_FORMAT_VERSION = 2


def model_arrays(weights: Mapping[str, Any], value_scale: float) -> dict[str, np.ndarray]:
    """The MLP of a :class:`~meeple.selfplay.net.PolicyValueNet`'s weights
    (``trunk.K.weight``, ..., ``policy.*``, ``value.*``) as the value-net arrays: ``w0``,
    ``b0``, ... (``[in, out]``), ``policy_w``, ``policy_b``, ``value_w``, ``value_b``
    (times ``value_scale``), with ``mean`` 0 and ``std`` 1 (the net reads raw rows).

    A net with a ``value_skip`` (the value adds one input, the score so far) gets one more
    unit in each hidden layer that carries that input through unchanged (the score is
    never negative, so each ReLU passes it), read by the value head with weight 1: the
    file is a plain MLP of the same format, and its outputs equal the torch net's."""
    def f32(key: str) -> np.ndarray:
        return np.asarray(weights[key], np.float32)

    trunk = sorted({int(k.split(".")[1]) for k in weights if k.startswith("trunk.") and k.endswith(".weight")})
    width = f32(f"trunk.{trunk[0]}.weight").shape[1] if trunk else f32("policy.weight").shape[1]
    out: dict[str, np.ndarray] = {"mean": np.zeros(width, np.float32), "std": np.ones(width, np.float32)}
    for i, k in enumerate(trunk):
        out[f"w{i}"] = np.ascontiguousarray(f32(f"trunk.{k}.weight").T)
        out[f"b{i}"] = f32(f"trunk.{k}.bias")
    out["value_w"] = np.ascontiguousarray(f32("value.weight").T * np.float32(value_scale))
    out["value_b"] = f32("value.bias") * np.float32(value_scale)
    out["policy_w"] = np.ascontiguousarray(f32("policy.weight").T)
    out["policy_b"] = f32("policy.bias")
    if "value_skip" in weights:
        _fold_skip(out, f32("value_skip") * np.float32(value_scale), len(trunk))
    return out


def _fold_skip(out: dict[str, np.ndarray], skip: np.ndarray, layers: int) -> None:
    """Adds the pass-through unit of :func:`model_arrays` (``skip``: the input's weight
    in the value, one-hot)."""
    for i in range(layers):
        w = out[f"w{i}"]
        carry = skip[:, None] if i == 0 else np.eye(1, w.shape[0] + 1, w.shape[0], np.float32).T
        if i > 0:
            w = np.vstack([w, np.zeros((1, w.shape[1]), np.float32)])
        out[f"w{i}"] = np.ascontiguousarray(np.hstack([w, carry.astype(np.float32)]))
        out[f"b{i}"] = np.append(out[f"b{i}"], np.float32(0))
    out["value_w"] = np.ascontiguousarray(np.vstack([out["value_w"], np.ones((1, out["value_w"].shape[1]), np.float32)]))
    out["policy_w"] = np.ascontiguousarray(np.vstack([out["policy_w"], np.zeros((1, out["policy_w"].shape[1]), np.float32)]))


def _metadata(game: Game, arrays: Mapping[str, np.ndarray], training: Optional[Mapping[str, Any]]) -> dict[str, str]:
    meta = {"format": MODEL_FORMAT, "format_version": str(MODEL_FORMAT_VERSION), "game": game.spec,
            "players": str(game.num_players), "inputs": "observation", "features_version": "0",
            "feature_size": str(arrays["mean"].shape[0]), "value": "returns", "has_policy": "1"}
    if training is not None:
        meta["training"] = json.dumps(training, sort_keys=True)
    return meta


def _write_onnx(path: Path, w: Mapping[str, np.ndarray], meta: Mapping[str, str]) -> None:
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    inits, nodes, h, i = [], [], "features", 0
    while f"w{i}" in w:
        inits += [numpy_helper.from_array(w[f"w{i}"], f"w{i}"), numpy_helper.from_array(w[f"b{i}"], f"b{i}")]
        nodes += [helper.make_node("MatMul", [h, f"w{i}"], [f"m{i}"]),
                  helper.make_node("Add", [f"m{i}", f"b{i}"], [f"a{i}"]),
                  helper.make_node("Relu", [f"a{i}"], [f"h{i}"])]
        h, i = f"h{i}", i + 1
    outputs = []
    for head in ("value", "policy"):
        inits += [numpy_helper.from_array(w[f"{head}_w"], f"{head}_w"),
                  numpy_helper.from_array(w[f"{head}_b"], f"{head}_b")]
        nodes += [helper.make_node("MatMul", [h, f"{head}_w"], [f"{head}_m"]),
                  helper.make_node("Add", [f"{head}_m", f"{head}_b"], [head])]
        outputs.append(helper.make_tensor_value_info(head, TensorProto.FLOAT, ["N", w[f"{head}_w"].shape[1]]))
    inputs = [helper.make_tensor_value_info("features", TensorProto.FLOAT, ["N", w["mean"].shape[0]])]
    graph = helper.make_graph(nodes, "meeple_selfplay_net", inputs, outputs, inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="meeple.selfplay")
    model.ir_version = 8
    helper.set_model_props(model, {f"meeple.{k}": v for k, v in meta.items()})
    onnx.checker.check_model(model)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(model.SerializeToString())
    os.replace(tmp, path)


def export_net(weights: Mapping[str, Any], game: Game, value_scale: float, path: str | os.PathLike[str],
               training: Optional[Mapping[str, Any]] = None, onnx: Optional[bool] = None) -> Path:
    """Writes ``NAME.npz`` and (when the onnx package imports, or ``onnx=True``)
    ``NAME.onnx`` for a self-play net's weights; returns ``NAME``. ``training`` (the
    run's configuration and figures) goes into both files' metadata as JSON. Each file
    is written to a temporary name and renamed: whole or absent."""
    base = Path(path)
    base = base.with_suffix("") if base.suffix in (".onnx", ".npz") else base
    base.parent.mkdir(parents=True, exist_ok=True)
    arrays = model_arrays(weights, value_scale)
    if arrays["mean"].shape[0] != game.obs_size:
        raise ValueError(f"the net reads {arrays['mean'].shape[0]} inputs; {game.spec}'s observation has "
                         f"{game.obs_size}")
    meta = _metadata(game, arrays, training)
    scalars = {k: np.array(v) for k, v in meta.items() if k not in ("format", "players", "feature_size",
                                                                     "has_policy", "format_version")}
    scalars["format_version"] = np.array(MODEL_FORMAT_VERSION, np.int64)
    scalars["features_version"] = np.array(0, np.int64)
    write_npz(base.with_suffix(".npz"), {**scalars, **arrays})
    if onnx is None:
        try:
            import onnx as _onnx  # noqa: F401
            onnx = True
        except ImportError:
            onnx = False
    if onnx:
        _write_onnx(base.with_suffix(".onnx"), arrays, meta)
    return base
