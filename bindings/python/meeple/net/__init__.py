"""Value networks for meeple's games (docs/value-net.md).

- ``meeple.net.model``: the network in PyTorch (an MLP trunk with the input
  standardisation inside, a value head over seats, an optional policy head).
- ``meeple.net.train``: training on ``meeple datagen`` data (``meeple train catan``).
- ``meeple.net.export``: the two saved files, NAME.onnx (opset 17) and NAME.npz (the
  same weights for NumPy), and the NumPy forward pass.
- ``meeple.net.metrics``: validation KL, sibling ranking, calibration (NumPy only).

PyTorch, onnx, onnxruntime and matplotlib come with the extra ``meeple[net]``; only the
modules that train or export import them. ``meeple.net`` itself, the NumPy forward pass
and the metrics need NumPy alone.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["DEFAULT_MODEL", "EXTRA"]

# The extra that brings PyTorch and the ONNX tools: pip install "meeple[net]".
EXTRA = "net"
# The model shipped inside the package (trained as docs/value-net.md says).
DEFAULT_MODEL = Path(__file__).resolve().parent.parent / "models" / "catan_value.onnx"
