"""Model files handed to meeple are checked at load (issue 37, item 18): an ONNX model
whose real input width differs from its metadata, an NPZ with a 0-d mean, NaN or
infinite weights, a policy head of the wrong width: each a ModelError naming the file."""

from __future__ import annotations

import numpy as np
import pytest

import meeple
from meeple.net import ModelError, ValueNet
from meeple.net.testing import random_weights, write_model

SMALL = "catan(players=2,vp_to_win=4)"


def test_a_zero_dimensional_mean_is_a_model_error(tmp_path):
    w = random_weights(SMALL, (4,))
    with pytest.raises(ModelError, match=r"0d.npz: mean \(\) and std"):
        ValueNet(write_model(tmp_path / "0d", dict(w, mean=np.float32(0)), SMALL, onnx=False), SMALL)


@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_non_finite_weights_are_a_model_error(tmp_path, bad):
    w = random_weights(SMALL, (4,))
    w["w0"][3, 1] = bad
    with pytest.raises(ModelError, match="nan.npz: w0 has NaN or infinite|inf.npz: w0 has NaN or infinite"):
        ValueNet(write_model(tmp_path / ("nan" if np.isnan(bad) else "inf"), w, SMALL, onnx=False), SMALL)


def test_a_policy_head_of_the_wrong_width_is_a_model_error(tmp_path):
    w = random_weights(SMALL, (4,), policy=True)
    w["policy_w"], w["policy_b"] = w["policy_w"][:, :7], w["policy_b"][:7]
    with pytest.raises(ModelError, match=rf"wide.npz: its policy head gives 7 logits where .* has "
                                         rf"{meeple.Game(SMALL).num_actions} actions"):
        ValueNet(write_model(tmp_path / "wide", w, SMALL, onnx=False), SMALL)


def test_an_onnx_model_whose_input_differs_from_its_metadata_is_a_model_error(tmp_path, require_peer):
    require_peer("onnxruntime", extra="onnx")
    require_peer("onnx", extra="onnx")
    w = random_weights(SMALL, (4,))
    size = len(w["mean"])
    short = dict(w, mean=w["mean"][:10], std=w["std"][:10], w0=w["w0"][:10])
    base = write_model(tmp_path / "liar", short, SMALL, onnx=True, metadata={"feature_size": size})
    with pytest.raises(ModelError, match=rf"liar.onnx: a forward pass on {size} features fails"):
        ValueNet(base.with_suffix(".onnx"), SMALL, backend="onnx")
