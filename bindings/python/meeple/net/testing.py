"""Small models with chosen weights, in the files a trained model is saved as.

For tests and benchmarks of the evaluator and the net agents without training a model:
``write_model(path, weights, game)`` writes ``NAME.npz`` (NumPy) and, when the ``onnx``
package is installed, ``NAME.onnx`` (opset 17) holding the same MLP and the metadata
that :class:`meeple.net.ValueNet` checks. ``random_weights`` draws weights of a given
shape. Models are trained by ``meeple train``; these only have the
same format.
"""

from __future__ import annotations

import os
import pathlib
from typing import Any, Optional, Sequence, Union

import numpy as np

from ..game import Game
from .evaluator import FORMAT, FORMAT_VERSION, INPUTS

__all__ = ["random_weights", "write_model"]


def random_weights(game: Union[Game, str] = "catan", hidden: Sequence[int] = (32,), policy: bool = False,
                   seed: int = 0, scale: float = 0.1) -> dict[str, np.ndarray]:
    """Weights of an MLP for ``game``'s feature vectors: ``mean``, ``std``, ``w0``,
    ``b0``, ..., ``value_w``, ``value_b`` (and ``policy_w``, ``policy_b``), float32,
    drawn from N(0, scale^2) (mean 0, std 1)."""
    g = game if isinstance(game, Game) else Game(game)
    f = int(g.features_info()["feature_size"])
    rng = np.random.default_rng(seed)
    w: dict[str, np.ndarray] = {"mean": np.zeros(f, np.float32), "std": np.ones(f, np.float32)}
    width = f
    for i, h in enumerate(hidden):
        w[f"w{i}"] = (rng.standard_normal((width, h)) * scale).astype(np.float32)
        w[f"b{i}"] = (rng.standard_normal(h) * scale).astype(np.float32)
        width = h
    w["value_w"] = (rng.standard_normal((width, g.num_players)) * scale).astype(np.float32)
    w["value_b"] = np.zeros(g.num_players, np.float32)
    if policy:
        w["policy_w"] = (rng.standard_normal((width, g.num_actions)) * scale).astype(np.float32)
        w["policy_b"] = np.zeros(g.num_actions, np.float32)
    return w


def write_model(path: Union[str, os.PathLike[str]], weights: dict[str, np.ndarray], game: Union[Game, str] = "catan",
                onnx: Optional[bool] = None, metadata: Optional[dict[str, Any]] = None) -> pathlib.Path:
    """Writes ``NAME.npz`` and (``onnx=True``, or None when the onnx package imports)
    ``NAME.onnx`` for ``weights``; returns ``NAME``. ``metadata`` overrides entries of
    both files' metadata (keys without the ``meeple.`` prefix), to make broken models."""
    g = game if isinstance(game, Game) else Game(game)
    info = g.features_info()
    base = pathlib.Path(path)
    base = base.with_suffix("") if base.suffix in (".onnx", ".npz") else base
    meta: dict[str, Any] = {"format": FORMAT, "format_version": FORMAT_VERSION, "game": g.spec,
                            "players": g.num_players, "inputs": INPUTS,
                            "features_version": info["features_version"], "feature_size": info["feature_size"],
                            "has_policy": int("policy_w" in weights)}
    meta.update(metadata or {})
    arrays = {k: np.asarray(v, np.float32) for k, v in weights.items()}
    contents: dict[str, Any] = {"format_version": np.int64(meta["format_version"]), "game": np.array(meta["game"]),
                                "inputs": np.array(meta["inputs"]),
                                "features_version": np.int64(meta["features_version"]), **arrays}
    np.savez(base.with_suffix(".npz"), **contents)
    if onnx is None:
        try:
            import onnx as _onnx  # noqa: F401
            onnx = True
        except ImportError:
            onnx = False
    if onnx:
        _write_onnx(base.with_suffix(".onnx"), arrays, meta)
    return base


def _write_onnx(path: pathlib.Path, w: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    inits = [numpy_helper.from_array(w["mean"], "mean"), numpy_helper.from_array(w["std"], "std")]
    nodes = [helper.make_node("Sub", ["features", "mean"], ["centred"]),
             helper.make_node("Div", ["centred", "std"], ["h_in"])]
    h, i = "h_in", 0
    while f"w{i}" in w:
        inits += [numpy_helper.from_array(w[f"w{i}"], f"w{i}"), numpy_helper.from_array(w[f"b{i}"], f"b{i}")]
        nodes += [helper.make_node("MatMul", [h, f"w{i}"], [f"m{i}"]),
                  helper.make_node("Add", [f"m{i}", f"b{i}"], [f"a{i}"]),
                  helper.make_node("Relu", [f"a{i}"], [f"h{i}"])]
        h, i = f"h{i}", i + 1
    inits += [numpy_helper.from_array(w["value_w"], "value_w"), numpy_helper.from_array(w["value_b"], "value_b")]
    nodes += [helper.make_node("MatMul", [h, "value_w"], ["vm"]), helper.make_node("Add", ["vm", "value_b"], ["vl"]),
              helper.make_node("Softmax", ["vl"], ["value"], axis=1)]
    f, p = w["mean"].shape[0], w["value_w"].shape[1]
    outputs = [helper.make_tensor_value_info("value", TensorProto.FLOAT, ["N", p])]
    if "policy_w" in w:
        inits += [numpy_helper.from_array(w["policy_w"], "policy_w"), numpy_helper.from_array(w["policy_b"], "policy_b")]
        nodes += [helper.make_node("MatMul", [h, "policy_w"], ["pm"]),
                  helper.make_node("Add", ["pm", "policy_b"], ["policy"])]
        outputs.append(helper.make_tensor_value_info("policy", TensorProto.FLOAT, ["N", w["policy_w"].shape[1]]))
    graph = helper.make_graph(nodes, "meeple_value_net",
                              [helper.make_tensor_value_info("features", TensorProto.FLOAT, ["N", f])], outputs, inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="meeple.net.testing")
    model.ir_version = 8
    helper.set_model_props(model, {f"meeple.{k}": str(v) for k, v in meta.items()})
    onnx.save(model, str(path))
