"""Saving a trained value network as the two files of the net-format contract
(docs/value-net.md, "Files"): ``NAME.onnx`` (opset 17, for onnxruntime) and ``NAME.npz``
(the same weights for a NumPy forward pass, so that a model runs with NumPy alone).

``numpy_forward`` and ``load_npz`` need only NumPy; ``export`` and ``check_export``
need PyTorch (and onnx, onnxruntime), imported when called.
"""

from __future__ import annotations

import json
import os
import warnings
from pathlib import Path
from typing import Any, Mapping

import numpy as np

from .._npz import write_npz

__all__ = ["FORMAT", "FORMAT_VERSION", "OPSET", "INPUTS", "export", "npz_path", "load_npz", "numpy_forward",
           "check_export"]

FORMAT = "meeple-value-net"
# The version of the two files' layout (names, arrays, metadata keys) written here.
FORMAT_VERSION = 1
OPSET = 17
# What the input rows are: the game's feature vectors, seat variant (one seat's view).
INPUTS = "features-seat"




def npz_path(onnx_path: str | os.PathLike[str]) -> Path:
    """The NumPy file beside ``NAME.onnx``: ``NAME.npz``."""
    return Path(onnx_path).with_suffix(".npz")


def _softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    out: np.ndarray = e / e.sum(axis=-1, keepdims=True)
    return out


def load_npz(path: str | os.PathLike[str]) -> dict[str, np.ndarray]:
    """The arrays of ``NAME.npz``, checked for the format version."""
    with np.load(path, allow_pickle=False) as z:
        arrays = {k: z[k] for k in z.files}
    version = int(arrays.get("format_version", -1))
    if version != FORMAT_VERSION:
        raise ValueError(f"{path} has format_version {version}; this meeple reads {FORMAT_VERSION}")
    return arrays


def numpy_forward(arrays: Mapping[str, np.ndarray], features: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
    """Win shares float32 [N, P] (rows sum to 1, the viewer first) and policy logits
    [N, A] (None without a policy head) of ``features`` float32 [N, F], from the
    arrays of ``NAME.npz``."""
    x = (np.asarray(features, np.float32) - arrays["mean"]) / arrays["std"]
    i = 0
    while f"w{i}" in arrays:
        x = np.maximum(x @ arrays[f"w{i}"] + arrays[f"b{i}"], 0.0)
        i += 1
    value = _softmax(x @ arrays["value_w"] + arrays["value_b"]).astype(np.float32)
    policy = (x @ arrays["policy_w"] + arrays["policy_b"]).astype(np.float32) if "policy_w" in arrays else None
    return value, policy


def _npz_arrays(model: Any, game: str, features_version: int) -> dict[str, np.ndarray]:
    def t(x: Any) -> np.ndarray:
        out: np.ndarray = x.detach().cpu().numpy().astype(np.float32)
        return out

    arrays: dict[str, np.ndarray] = {
        "format_version": np.array(FORMAT_VERSION, np.int64), "game": np.array(game), "inputs": np.array(INPUTS),
        "features_version": np.array(features_version, np.int64), "mean": t(model.mean), "std": t(model.std)}
    for i, layer in enumerate(model.trunk):
        arrays[f"w{i}"], arrays[f"b{i}"] = t(layer.weight).T.copy(), t(layer.bias)
    arrays["value_w"], arrays["value_b"] = t(model.value_head.weight).T.copy(), t(model.value_head.bias)
    if model.policy_head is not None:
        arrays["policy_w"], arrays["policy_b"] = t(model.policy_head.weight).T.copy(), t(model.policy_head.bias)
    return arrays


def export(model: Any, path: str | os.PathLike[str], *, game: str, features_version: int,
           training: Mapping[str, Any] | None = None) -> tuple[Path, Path]:
    """Writes ``model`` (a ``meeple.net.model.ValueNet``) to ``path`` (NAME.onnx) and
    NAME.npz beside it; ``game`` is the canonical game spec (``Game.spec``). ``training``
    (options, figures) goes into the ONNX metadata as JSON under ``meeple.training``.
    Each file is written to a temporary name and renamed, so it is whole or absent."""
    import onnx
    import torch

    from .model import ValueNet

    if not isinstance(model, ValueNet):
        raise TypeError(f"model must be a meeple.net.model.ValueNet, got {type(model).__name__}")
    path = Path(path)
    if path.suffix != ".onnx":
        raise ValueError(f"the model file must end in .onnx, got {str(path)!r}")
    path.parent.mkdir(parents=True, exist_ok=True)
    model = model.eval()
    has_policy = model.policy_head is not None
    outputs = ["value", "policy"] if has_policy else ["value"]
    tmp = path.with_name(path.name + ".tmp")
    example = torch.zeros(2, model.feature_size, dtype=torch.float32)
    with torch.no_grad(), warnings.catch_warnings():
        # The TorchScript exporter (dynamo=False) warns that it is the legacy one; it is
        # the one that needs no onnxscript and writes opset 17 as asked.
        warnings.simplefilter("ignore", DeprecationWarning)
        torch.onnx.export(model, (example,), str(tmp), dynamo=False, opset_version=OPSET,
                          input_names=["features"], output_names=outputs,
                          dynamic_axes={name: {0: "N"} for name in ["features", *outputs]})
    proto = onnx.load(str(tmp))
    props = {"meeple.format": FORMAT, "meeple.format_version": str(FORMAT_VERSION), "meeple.game": game,
             "meeple.players": str(model.players), "meeple.inputs": INPUTS,
             "meeple.features_version": str(features_version), "meeple.feature_size": str(model.feature_size),
             "meeple.has_policy": "1" if has_policy else "0"}
    if training is not None:
        props["meeple.training"] = json.dumps(training, sort_keys=True)
    del proto.metadata_props[:]
    for key, value in props.items():
        entry = proto.metadata_props.add()
        entry.key, entry.value = key, value
    proto.producer_name = "meeple"
    onnx.checker.check_model(proto)
    onnx.save(proto, str(tmp))
    os.replace(tmp, path)
    npz = npz_path(path)
    write_npz(npz, _npz_arrays(model, game, features_version))
    return path, npz


def check_export(model: Any, path: str | os.PathLike[str], features: np.ndarray, *,
                 atol: float = 1e-5) -> dict[str, float]:
    """Runs ``features`` (float32 [N, F]) through the torch ``model``, the ONNX file with
    onnxruntime and the .npz with NumPy, and raises AssertionError unless all three agree
    within ``atol`` (and every value row sums to 1). Returns the largest differences."""
    import onnxruntime as ort  # type: ignore[import-untyped]
    import torch

    x = np.ascontiguousarray(features, np.float32)
    with torch.no_grad():
        expected = [t.numpy() for t in model.eval()(torch.from_numpy(x))]
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    got_ort = session.run(None, {"features": x})
    value_np, policy_np = numpy_forward(load_npz(npz_path(path)), x)
    got_np = [value_np] if policy_np is None else [value_np, policy_np]
    diffs: dict[str, float] = {}
    for name, got in (("onnxruntime", got_ort), ("numpy", got_np)):
        if len(got) != len(expected):
            raise AssertionError(f"{name} gave {len(got)} outputs, torch {len(expected)}")
        for out, e, g in zip(("value", "policy"), expected, got):
            d = float(np.max(np.abs(e - g))) if e.size else 0.0
            diffs[f"{name}_{out}"] = d
            if not d <= atol:
                raise AssertionError(f"{name} {out} differs from torch by {d:.3g} (more than {atol})")
        sums = np.abs(got[0].sum(axis=1) - 1.0)
        if sums.size and not float(sums.max()) <= 1e-5:
            raise AssertionError(f"{name} value rows do not sum to 1 (off by up to {float(sums.max()):.3g})")
    return diffs
