"""Value networks for meeple's games: training them, saving them, playing with them.

- ``meeple.net.ValueNet`` loads a model saved as ``NAME.onnx`` (run by onnxruntime when
  it is installed) or ``NAME.npz`` (the same weights, run by NumPy), checks it against
  the game and evaluates feature vectors in batches (docs/net-agents.md).
- ``meeple.net.agents``: the agents that play with it, ``greedy-net`` and ``mcts-net``.
- ``meeple.net.model``: the network in PyTorch (an MLP trunk with the input
  standardisation inside, a value head over seats, an optional policy head).
- ``meeple.net.train``: training on ``meeple datagen`` data (``meeple train catan``).
- ``meeple.net.export``: the two saved files, NAME.onnx (opset 17) and NAME.npz, and
  the NumPy forward pass.
- ``meeple.net.metrics``: validation KL, sibling ranking, calibration (NumPy only).

PyTorch, onnx, onnxruntime and matplotlib come with the extra ``meeple[net]``; only the
modules that train or export import them. Loading a model, the agents, the NumPy forward
pass and the metrics need NumPy alone (docs/value-net.md).
"""

from __future__ import annotations

from .evaluator import DEFAULT_MODEL, ModelError, ValueNet, load_value_net

__all__ = ["DEFAULT_MODEL", "EXTRA", "ModelError", "ValueNet", "load_value_net"]

# The extra that brings PyTorch and the ONNX tools: pip install "meeple[net]".
EXTRA = "net"
