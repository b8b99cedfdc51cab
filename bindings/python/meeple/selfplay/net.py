"""The policy and value network: a small PyTorch MLP over a game's observation vector.

Input: the observation from the seat to act (``float32[obs_size]``). Outputs: policy
logits over the game's flat action space (illegal actions masked out before the
softmax) and one value per seat in *relative* order: column k is seat
``(player + k) % num_players``, so column 0 is always the seat to act. Values are the
game's returns divided by ``value_scale``. With ``skip`` (an observation index, for
one-seat score games) the value adds that input, the score so far, to what the head
gives: the head learns only the score still to come, and a placement's reward counts
exactly. :meth:`PolicyValueNet.evaluate` turns that
back into what :class:`meeple.Search` wants: values per absolute seat in the scale of
the returns, and priors that are zero outside each leaf's mask.

Weights travel between roles as a dict of NumPy arrays (:func:`weights_of`,
:func:`load_weights`): picklable, the same bytes on every machine.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import torch
from torch import nn

__all__ = ["PolicyValueNet", "new_net", "weights_of", "load_weights", "to_absolute", "to_relative"]


class PolicyValueNet(nn.Module):
    def __init__(self, obs_size: int, num_actions: int, num_players: int, hidden: int, layers: int,
                 value_scale: float = 1.0, skip: int = -1) -> None:
        super().__init__()
        trunk: list[nn.Module] = []
        width = obs_size
        for _ in range(layers):
            trunk += [nn.Linear(width, hidden), nn.ReLU()]
            width = hidden
        self.trunk = nn.Sequential(*trunk)
        self.policy = nn.Linear(width, num_actions)
        self.value = nn.Linear(width, num_players)
        self.num_players = num_players
        self.value_scale = value_scale
        if skip >= 0:
            # A buffer, so checkpoints and exported models carry it (export folds it into the MLP).
            one_hot = torch.zeros(obs_size)
            one_hot[skip] = 1.0 / value_scale
            self.register_buffer("value_skip", one_hot)

    def forward(self, obs: torch.Tensor, masks: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Masked log-probabilities ``[k, num_actions]`` (-inf where illegal) and
        relative values ``[k, num_players]`` (scaled)."""
        h = self.trunk(obs)
        logits = self.policy(h).masked_fill(~masks, float("-inf"))
        value = self.value(h)
        skip = self._buffers.get("value_skip")
        if skip is not None:
            value = value + (obs @ skip)[:, None]
        return torch.log_softmax(logits, dim=1), value

    @torch.no_grad()
    def evaluate(self, obs: np.ndarray, masks: np.ndarray, players: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Values ``float32[k, num_players]`` per absolute seat, in the returns' scale,
        and priors ``float32[k, num_actions]`` (zero outside each mask) for the leaves
        of a search (:class:`meeple.search.Leaves`)."""
        logp, rel = self(torch.from_numpy(np.ascontiguousarray(obs)), torch.from_numpy(np.ascontiguousarray(masks)))
        priors = torch.exp(logp).numpy()
        values = to_absolute(rel.numpy() * self.value_scale, players)
        return values.astype(np.float32), priors.astype(np.float32)


def to_relative(values: np.ndarray, players: np.ndarray) -> np.ndarray:
    """Per-seat values ``[k, P]`` in absolute order -> relative to ``players[k]``."""
    p = values.shape[1]
    idx = (players[:, None].astype(np.int64) + np.arange(p)[None, :]) % p
    return np.take_along_axis(values, idx, axis=1)


def to_absolute(values: np.ndarray, players: np.ndarray) -> np.ndarray:
    """Relative values ``[k, P]`` (column 0: ``players[k]``) -> absolute seat order."""
    p = values.shape[1]
    idx = (np.arange(p)[None, :] - players[:, None].astype(np.int64)) % p
    return np.take_along_axis(values, idx, axis=1)


def new_net(obs_size: int, num_actions: int, num_players: int, hidden: int, layers: int, value_scale: float,
            seed: int, skip: int = -1) -> PolicyValueNet:
    """A freshly initialised net; the same seed gives the same weights."""
    gen_state = torch.random.get_rng_state()
    torch.manual_seed(seed % (2**63))
    try:
        return PolicyValueNet(obs_size, num_actions, num_players, hidden, layers, value_scale, skip)
    finally:
        torch.random.set_rng_state(gen_state)


def weights_of(net: nn.Module) -> dict[str, np.ndarray]:
    return {k: v.detach().cpu().numpy().copy() for k, v in net.state_dict().items()}


def load_weights(net: nn.Module, weights: dict[str, Any]) -> None:
    net.load_state_dict({k: torch.from_numpy(np.asarray(v)) for k, v in weights.items()})
