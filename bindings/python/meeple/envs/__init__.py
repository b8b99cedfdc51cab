"""meeple games in the RL libraries people train with (docs/envs.md).

- :class:`GymEnv`: one seat as a Gymnasium 1.x environment, other seats played by
  agents (``pip install "meeple[gym]"``).
- :class:`VectorEnv`: many games of one seat as a Gymnasium vector environment
  straight over a :class:`meeple.Batch`, opponents playing in C++ (``meeple[gym]``).
- :class:`AECEnv`, :class:`ParallelEnv`: every seat as a PettingZoo environment
  (``meeple[pettingzoo]``).
- :class:`RllibMultiAgentEnv` (in :mod:`meeple.envs.rllib`): every seat as an RLlib
  ``MultiAgentEnv``; Ray is imported only when one is made (``meeple[rllib]``).

Each library is optional: ``import meeple.envs`` needs none of them, and a name is
imported on first use, raising ``ImportError`` that says which extra to install.
"""

from __future__ import annotations

import importlib
from typing import Any

from ._seats import OPPONENT_SEED_KEY, Opponents, acting_seat, opponent_seed

__all__ = ["GymEnv", "VectorEnv", "AECEnv", "ParallelEnv", "RllibMultiAgentEnv", "Opponents", "acting_seat",
           "opponent_seed", "OPPONENT_SEED_KEY"]

_LAZY = {"GymEnv": ".gym", "VectorEnv": ".vector", "AECEnv": ".pettingzoo", "ParallelEnv": ".pettingzoo",
         "RllibMultiAgentEnv": ".rllib"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'meeple.envs' has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
