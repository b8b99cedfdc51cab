"""Value networks for meeple games: loading a trained model and playing with it.

``meeple.net.ValueNet`` loads a model saved as ``NAME.onnx`` (run by onnxruntime when it
is installed) or ``NAME.npz`` (the same weights, run by NumPy), checks it against the
game and evaluates feature vectors in batches. ``meeple.net.agents`` holds the agents
that play with it: ``greedy-net`` and ``mcts-net`` (docs/net-agents.md).
"""

from __future__ import annotations

from .evaluator import DEFAULT_MODEL, ModelError, ValueNet, load_value_net

__all__ = ["DEFAULT_MODEL", "ModelError", "ValueNet", "load_value_net"]
