"""The value network in PyTorch: an MLP trunk behind input standardisation, a value
head over seats and an optional policy head over the flat action space.

The model holds the training data's mean and standard deviation as buffers and
standardises its own input, so what it is given, and what its exported files are given,
is the raw feature vector (``meeple.catan.features``, seat variant). See
docs/value-net.md.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import torch
from torch import nn

__all__ = ["ValueNet", "STD_FLOOR", "standardisation"]

# A feature whose standard deviation over the training data is below this (a constant
# such as vp_to_win, a cell never used) is divided by 1: (x - mean) stays 0 on such data.
STD_FLOOR = 1e-4


class ValueNet(nn.Module):
    """``features`` float32 [N, F] -> value logits [N, players] (softmax: each seat's
    win share, the viewer first) and, with ``num_actions``, policy logits [N, A]."""

    mean: torch.Tensor
    std: torch.Tensor

    def __init__(self, feature_size: int, players: int, hidden: Sequence[int] = (64, 64), num_actions: int = 0,
                 mean: np.ndarray | None = None, std: np.ndarray | None = None, dropout: float = 0.0) -> None:
        super().__init__()
        if feature_size < 1 or players < 2 or not hidden or any(h < 1 for h in hidden) or num_actions < 0 \
                or not 0.0 <= dropout < 1.0:
            raise ValueError(f"bad shape: feature_size={feature_size}, players={players}, hidden={list(hidden)}, "
                             f"num_actions={num_actions}, dropout={dropout}")
        self.feature_size, self.players, self.hidden, self.num_actions = feature_size, players, tuple(hidden), num_actions
        m = np.zeros(feature_size, np.float32) if mean is None else np.asarray(mean, np.float32)
        s = np.ones(feature_size, np.float32) if std is None else np.asarray(std, np.float32)
        if m.shape != (feature_size,) or s.shape != (feature_size,):
            raise ValueError(f"mean and std must have shape ({feature_size},), got {m.shape} and {s.shape}")
        s = np.where(s >= STD_FLOOR, s, 1.0).astype(np.float32)
        self.register_buffer("mean", torch.from_numpy(m.copy()))
        self.register_buffer("std", torch.from_numpy(s.copy()))
        layers, width = [], feature_size
        for h in hidden:
            layers.append(nn.Linear(width, h))
            width = h
        self.trunk = nn.ModuleList(layers)
        # Dropout after each hidden layer while training (identity in eval mode and in
        # the exported files).
        self.dropout = nn.Dropout(dropout)
        self.value_head = nn.Linear(width, players)
        self.policy_head = nn.Linear(width, num_actions) if num_actions else None

    def logits(self, features: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor | None]:
        """Value logits and policy logits (None without a policy head)."""
        z = (features - self.mean) / self.std
        for layer in self.trunk:
            z = self.dropout(torch.relu(layer(z)))
        return self.value_head(z), (self.policy_head(z) if self.policy_head is not None else None)

    def forward(self, features: torch.Tensor) -> tuple[torch.Tensor, ...]:
        """What the exported model computes: win shares (softmax, rows sum to 1), then
        policy logits when there is a policy head."""
        value, policy = self.logits(features)
        value = torch.softmax(value, dim=-1)
        return (value,) if policy is None else (value, policy)


def standardisation(features: np.ndarray, rows: np.ndarray | None = None, permutations: np.ndarray | None = None,
                    chunk: int = 16384) -> tuple[np.ndarray, np.ndarray]:
    """Mean and standard deviation per feature of ``features`` (float32 [N, F]; only
    the rows ``rows`` when given) as the training sees them: averaged over the
    symmetries ``permutations`` (int [K, F], each row a ``feature_permutation``) when
    given, since every row is shown under each of them."""
    index = np.arange(len(features)) if rows is None else np.asarray(rows)
    n = len(index)
    total = np.zeros(features.shape[1], np.float64)
    square = np.zeros(features.shape[1], np.float64)
    for i in range(0, n, chunk):
        part = features[index[i:i + chunk]].astype(np.float64)
        total += part.sum(axis=0)
        square += (part * part).sum(axis=0)
    mean, second = total / max(n, 1), square / max(n, 1)
    if permutations is not None and len(permutations):
        mean = np.mean([mean[p] for p in permutations], axis=0)
        second = np.mean([second[p] for p in permutations], axis=0)
    std = np.sqrt(np.maximum(second - mean * mean, 0.0))
    return mean.astype(np.float32), std.astype(np.float32)
